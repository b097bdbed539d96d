#!/bin/sh
test_description='trigon play on a terminal: one screen holds part of the board, what was just played, the hand, whose turn it is and the prompt; the actions grouped, the full list on request (tmux at 80x30 and 120x40, every game)'
. "$(dirname "$0")/setup.sh"

if ! command -v tmux >/dev/null 2>&1; then
	skip_all='tmux is not installed (./quickstart check installs it)'
	test_done
fi

SOCK="$PWD/tmux.sock"
SEED=0000000000000000000000000000000000000000000000000000000000000001

# tm ARGS: tmux on this test's own server, no configuration.
tm () {
	tmux -u -S "$SOCK" -f /dev/null "$@"
}

# screen_of SIZE PROMPT CMD [KEYS]: run CMD in a terminal of SIZE
# (COLSxROWS) until PROMPT ends its screen (then type KEYS and wait
# for the prompt again); the screen as captured in raw, its non-blank
# lines in screen, the lines scrolled off it too in hist.
screen_of () {
	tm kill-server 2>/dev/null
	tm new-session -d -s play -x "${1%x*}" -y "${1#*x}" \
		"$3; sleep 600" &&
	wait_prompt "$2" &&
	if test -n "$4"
	then
		tm send-keys -t play -l "$4" &&
		tm send-keys -t play Enter &&
		sleep 0.5 &&
		wait_prompt "$2"
	fi
	rc=$?
	tm kill-server
	return $rc
}

wait_prompt () {
	for i in $(seq 150)
	do
		tm capture-pane -p -t play >raw &&
		tm capture-pane -p -J -S -300 -t play >hist &&
		grep -v "^ *\$" raw >screen &&
		if tail -n 1 screen | grep "^$1 *\$" >/dev/null
		then
			return 0
		fi
		sleep 0.2
	done
	cat screen
	return 1
}

# together BOARD TURN: part of the board, the turn line, the grouped
# actions and the prompt are all on the screen captured.
together () {
	grep "$1" screen >/dev/null &&
	grep "^$2" screen >/dev/null &&
	grep "^You may" screen >/dev/null
}

test_expect_success 'setup: a key' '
	trigon keygen --no-passphrase >/dev/null 2>&1
'

for size in 80x30 120x40
do
	test_expect_success "Rule of Trigon at $size: the board, whose turn, the hand and the prompt on one screen" '
		rm -f g.trigon &&
		screen_of $size "green>" "trigon play g.trigon --rules trigon --playouts 20 --seed $SEED" &&
		together Frostholm "green to act (round 1)" &&
		grep "^hand of green" screen &&
		grep "^  move: [0-9]* choices ('\''list move'\'')$" screen
	'
	test_expect_success "Catan at $size: the set-up's settlements grouped under part of the map" '
		rm -f g.trigon &&
		screen_of $size "red>" "trigon play g.trigon --rules catan --playouts 20 --seed $SEED" &&
		together "a1 " "red to place a settlement" &&
		grep "^  build settlement: [0-9]* choices ('\''list build settlement'\'')$" screen &&
		grep "^Just now:$" screen
	'
	test_expect_success "Cities & Knights at $size: the same" '
		rm -f g.trigon &&
		screen_of $size "red>" "trigon play g.trigon --rules catan-ck --playouts 20 --seed $SEED" &&
		together "a1 " "red to place a settlement" &&
		grep "^  build settlement: [0-9]* choices" screen
	'
	test_expect_success "the Duel at $size: both principalities, the hand and the prompt" '
		rm -f g.trigon &&
		screen_of $size "red>" "trigon play g.trigon --rules catan-duel --playouts 20 --seed $SEED" &&
		together principality "red to take a starting hand" &&
		grep "^  1  start stack 1$" screen
	'
done

test_expect_success 'setup: a Duel at its exchange step (DU8)' '
	rm -f d.trigon &&
	printf "start stack 1\nroll\nend\n" >script &&
	trigon play d.trigon --rules catan-duel --playouts 20 --seed $SEED <script >/dev/null &&
	trigon status d.trigon >st &&
	grep "^red to exchange a card or pass$" st
'

for size in 80x30 120x40
do
	test_expect_success "the Duel's exchange at $size: pass next to the prompt, the 800 exchanges grouped" '
		screen_of $size "red>" "trigon play d.trigon --playouts 20" &&
		together principality "red to exchange a card or pass" &&
		tail -n 6 screen >near &&
		grep "^  pass$" near &&
		grep "^  exchange card 1 under stack: [0-9]* choices" screen &&
		test $(grep -c "^ *[0-9][0-9]*  exchange" screen) = 0
	'
done

test_expect_success 'list WORDS: those actions, numbered as in the whole list; nothing written' '
	cp d.trigon d2.trigon &&
	screen_of 80x30 "red>" "trigon play d2.trigon --playouts 20" "list exchange card 3 under stack 4 draw" &&
	sed -n "/^red> list /,\$p" screen >after &&
	grep "^ *[0-9][0-9]*  " after >listed &&
	cat >expect <<-\EOF &&
	  750  exchange card 3 under stack 4 draw stack 1
	  767  exchange card 3 under stack 4 draw stack 2
	  784  exchange card 3 under stack 4 draw stack 3
	  801  exchange card 3 under stack 4 draw stack 4
	EOF
	test_cmp expect listed &&
	test_cmp d.trigon d2.trigon
'

test_expect_success 'list on a terminal: the whole list a screenful at a time (80x30: 27 of the 817 exchanges), Enter the next, q back to the prompt; nothing written' '
	cp d.trigon d3.trigon &&
	tm kill-server 2>/dev/null
	test_when_finished "tm kill-server 2>/dev/null; :" &&
	tm new-session -d -s play -x 80 -y 30 \
		"trigon play d3.trigon --playouts 20; sleep 600" &&
	wait_prompt "red>" &&
	tm send-keys -t play -l list && tm send-keys -t play Enter &&
	wait_prompt "-- 27 of [0-9]*: Enter for more, q to stop --" &&
	grep "^You may (type the action or its number):\$" screen &&
	grep "^    1  " screen && grep "^   27  " screen &&
	! grep "^   28  " screen &&
	tm send-keys -t play Enter &&
	wait_prompt "-- 54 of [0-9]*: Enter for more, q to stop --" &&
	grep "^   28  " screen && grep "^   54  " screen &&
	! grep "^   55  " screen &&
	tm send-keys -t play -l q && tm send-keys -t play Enter &&
	wait_prompt "red>" &&
	! grep "^   55  " hist &&
	test_cmp d.trigon d3.trigon
'

test_expect_success 'a terminal too small says so, and the prompt stays on the screen' '
	cp d.trigon d3.trigon &&
	screen_of 50x16 "red>" "trigon play d3.trigon --playouts 20" &&
	cat >expect <<-\EOF &&
	(the terminal is 50x16; the play screen wants
	60x20 at least: the board is cut; '\''board'\'' draws
	it, --plain plays line by line)
	EOF
	grep -A2 "^(the terminal is" hist >said &&
	test_cmp expect said &&
	grep "^red to exchange a card or pass$" screen &&
	grep "^  pass$" screen
'

test_expect_success '--plain: the whole numbered list, even on a terminal' '
	cp d.trigon d4.trigon &&
	screen_of 80x30 "red>" "trigon play d4.trigon --plain --playouts 20" &&
	grep "^  817  exchange card 3 under stack 4 search stack 4 paying o4 m2$" screen &&
	! grep "^You may (Tab" screen
'

test_expect_success 'Ctrl-C at the prompt: says the game is saved and how to go on; the file is whole' '
	cp d.trigon d5.trigon &&
	tm kill-server 2>/dev/null
	tm new-session -d -s play -x 80 -y 30 \
		"trigon play d5.trigon --playouts 20; echo exit \$?; sleep 600" &&
	wait_prompt "red>" &&
	tm send-keys -t play C-c &&
	for i in $(seq 50)
	do
		tm capture-pane -p -t play >raw &&
		if grep "^exit " raw >/dev/null; then break; fi
		sleep 0.2
	done &&
	tm kill-server &&
	grep -x "d5.trigon: interrupted; the game is saved: play on with '\''trigon play d5.trigon'\''" raw &&
	grep -x "exit 130" raw &&
	test_cmp d.trigon d5.trigon &&
	trigon verify d5.trigon
'

test_expect_success 'the computer thinking over a second says so' '
	rm -f th.trigon &&
	screen_of 80x30 "green>" "trigon play th.trigon --rules trigon --think-ms 1200 --seed $SEED" decline &&
	grep -x "(the computer is thinking...)" hist &&
	grep "^green> decline" hist
'

test_expect_success 'a refusal on the screen breaks at word boundaries to the width' '
	cp d.trigon d6.trigon &&
	screen_of 80x30 "red>" "trigon play d6.trigon --playouts 20" "build road somewhere far away over the hills and beyond the sea to the east" &&
	sed -n "/^refused: /,/^(nothing was written/p" hist >said &&
	test $(wc -l <said) -ge 3 &&
	test_must_fail grep ".\{81\}" said &&
	grep "^refused: .*'\''build road somewhere far away over$" said &&
	grep "^  the hills and beyond the sea to the east'\''" said &&
	test_cmp d.trigon d6.trigon
'

test_expect_success 'Tab completes the words of a group shown' '
	rm -f g.trigon &&
	tm kill-server 2>/dev/null
	tm new-session -d -s play -x 80 -y 30 \
		"trigon play g.trigon --rules catan --playouts 20 --seed $SEED; sleep 600" &&
	wait_prompt "red>" &&
	tm send-keys -t play -l "build sett" &&
	tm send-keys -t play Tab &&
	sleep 0.5 &&
	tm capture-pane -p -t play >raw &&
	tm kill-server &&
	grep -v "^ *\$" raw | tail -n 1 >last &&
	grep "^red> build settlement *\$" last
'

test_done
