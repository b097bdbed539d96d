#!/bin/sh
test_description='trigon play: a person against the computer, or hot seat, in the terminal'
. "$(dirname "$0")/setup.sh"

# Scripted stdin is not a terminal: play reads plain lines and echoes
# each after its prompt.  HOME is the trash directory, so the default
# key and the computer's keys go to $HOME/.config/trigon.
SCEN="$SHARNESS_TEST_SRCDIR/play/emperor.ini"
PLAYDIR="$HOME/.config/trigon/play"

# after FILE SEQ: the action line after action SEQ, signature cut off.
after () {
	sed -n "s/ | .*//p" "$1" | awk -v n="$(($2 + 1))" '$1 == n'
}

test_expect_success 'no key: says exactly what to run; no file made' '
	test_exit_code 2 trigon play g.trigon </dev/null >out 2>err &&
	cat >expect <<-EOF &&
	trigon: you have no key yet: '\''$HOME/.config/trigon/key'\'' does not exist
	Make your key with
	    trigon keygen
	and run '\''trigon play'\'' again.
	EOF
	test_cmp expect err &&
	test_must_be_empty out &&
	test ! -e g.trigon &&
	test ! -e "$PLAYDIR"
'

test_expect_success 'setup: the player makes a key as the message says' '
	trigon keygen --no-passphrase >/dev/null 2>&1 &&
	test -f "$HOME/.config/trigon/key"
'

test_expect_success 'usage errors change nothing' '
	test_exit_code 2 trigon play g.trigon --vs 4 </dev/null 2>err &&
	grep "^trigon: Rule of Trigon is for 2 to 4 players; you asked for 5 (1 at this terminal, 4 computers)$" err &&
	test_exit_code 2 trigon play g.trigon --seat purpel </dev/null 2>err &&
	grep "^trigon: no seat '\''purpel'\''; did you mean '\''purple'\''?$" err &&
	test_exit_code 2 trigon play g.trigon --playouts 5 --think-ms 5 </dev/null 2>err &&
	grep "^trigon: --playouts and --think-ms exclude each other$" err &&
	test_exit_code 2 trigon play g.trigon --sede 1 </dev/null 2>err &&
	grep "^trigon: unknown option '\''--sede'\''; did you mean '\''--seed'\''?$" err &&
	test ! -e g.trigon
'

test_expect_success 'trigon play with no file: a new ./game.trigon against one computer seat; EOF stops and saves' '
	trigon play --playouts 20 </dev/null >out 2>err &&
	test_must_be_empty err &&
	head -n 1 out >first &&
	echo "game.trigon: a new game of Rule of Trigon: green (you), purple (Computer)" >expect &&
	test_cmp expect first &&
	grep "^game.trigon: the computer'\''s keys are in $PLAYDIR/[0-9a-f]\{32\}$" out &&
	tail -n 1 out >last &&
	echo "game.trigon: stopped; the game is saved: play on with '\''trigon play game.trigon'\''" >expect &&
	test_cmp expect last &&
	trigon verify game.trigon >out &&
	grep "^game.trigon: ok: " out &&
	ls "$PLAYDIR"/*/ >keylist &&
	printf "%s\n" purple.bot.key purple.bot.key.pub >expect &&
	test_cmp expect keylist &&
	test "$(stat -c %a "$PLAYDIR"/*/purple.bot.key)" = 600 &&
	test "$(stat -c %a "$PLAYDIR"/*)" = 700
'

test_expect_success 'an existing file is played on; options of a new game are refused' '
	cp game.trigon before &&
	test_exit_code 2 trigon play game.trigon --vs 2 </dev/null 2>err &&
	grep "^trigon: '\''game.trigon'\'' exists: --vs, --hot-seat, --seat, --seed, --scenario, --name, --rules, --option and --data only start a new game (play it on with '\''trigon play game.trigon'\'')$" err &&
	test_cmp before game.trigon
'

test_expect_success 'R11.2: a whole game against the computer from a script ends with a winner; the file verifies' '
	for i in $(seq 300); do printf "end\ndecline\ndefend\n"; done >script &&
	trigon play w.trigon --playouts 100 --seed $SEED1 <script >out 2>err &&
	test_must_be_empty err &&
	grep "^The game is over: \(green (you)\|purple (Computer)\) won (\(points\|emperor\|quests\|last\))\.\( Well played!\)\?$" out &&
	tail -n 1 out >last &&
	echo "w.trigon: the whole game is in this file; '\''trigon log w.trigon'\'' replays it, '\''trigon verify w.trigon'\'' checks it" >expect &&
	test_cmp expect last &&
	trigon verify w.trigon >v &&
	grep "^w.trigon: ok: [0-9]* moves by 2 players, round [0-9]*, over, \(green\|purple\) won" v &&
	grep -c "^[0-9]* purple " w.trigon >n &&
	test "$(cat n)" -gt 10 &&
	grep "^green> end$" out &&
	grep "^  [0-9]* green end$" out &&
	grep "^  [0-9]* purple end$" out
'

test_expect_success 'the same game: the computer is deterministic with --playouts' '
	trigon play w2.trigon --playouts 100 --seed $SEED1 <script >out2 2>err &&
	sed -n "s/ | .*//p" w.trigon >a &&
	sed -n "s/ | .*//p" w2.trigon >b &&
	test_cmp a b
'

test_expect_success 'R6.5: the computer answers an offer at once; R11.2: crowning ends the game' '
	printf "%s\n" "offer purple 1 silver for 1 copper" crown >script &&
	trigon play o.trigon --scenario "$SCEN" --playouts 50 <script >out 2>err &&
	test_must_be_empty err &&
	after o.trigon 0 >a1 &&
	echo "1 green offer purple 1 silver for 1 copper" >expect &&
	test_cmp expect a1 &&
	after o.trigon 1 >a2 &&
	grep "^2 purple \(accept\|decline\)$" a2 &&
	after o.trigon 2 >a3 &&
	echo "3 green crown" >expect &&
	test_cmp expect a3 &&
	grep "^The game is over: green (you) won (emperor)\. Well played!$" out &&
	trigon verify o.trigon >v &&
	echo "o.trigon: ok: 3 moves by 2 players, round 3, over, green won (emperor)" >expect &&
	echo "o.trigon: open dice: anyone can compute the dice — play with friends" >>expect &&
	test_cmp expect v
'

test_expect_success 'R8.8: the computer answers an attack (it holds a battle card) before the battle' '
	printf "%s\n" "move 5 knights from nieuw-delia to zoutmeer" crown >script &&
	trigon play a.trigon --scenario "$SCEN" --playouts 50 <script >out 2>err &&
	test_must_be_empty err &&
	after a.trigon 1 >a2 &&
	grep "^2 purple \(defend\|defend with hinderlaag\)$" a2 &&
	grep "^    green attacks purple; purple may answer with a battle card$" out &&
	grep "^The game is over: green (you) won (" out &&
	trigon verify a.trigon >v &&
	grep "^a.trigon: ok: .* over, green won" v
'

test_expect_success 'typos: the rules'\'' did-you-mean, the nearest legal action, natural words; nothing written' '
	cat >script <<-\EOF &&
	crwon
	move 9 knights from nieuw-delia to lumhaven
	attack zoutmeer
	pass
	99
	quit
	EOF
	trigon play t.trigon --scenario "$SCEN" --playouts 50 <script >out 2>err &&
	test_must_be_empty err &&
	cp t.trigon before &&
	sed -n "/^green> crwon$/,\$p" out >tail &&
	cat >expect <<-\EOF &&
	green> crwon
	refused: unknown order '\''crwon'\''; did you mean '\''crown'\''?
	(nothing was written; '\''moves'\'' lists what you may do, '\''help'\'' says more)
	green> move 9 knights from nieuw-delia to lumhaven
	refused: green has 5 knights at nieuw-delia that can still move, not 9; did you mean '\''move 5 knights from nieuw-delia to lumhaven'\''?
	(nothing was written; '\''moves'\'' lists what you may do, '\''help'\'' says more)
	green> attack zoutmeer
	refused: unknown order '\''attack'\''; you attack by moving into a spot where enemies stand: '\''move ARMY from SPOT to SPOT'\'' (or '\''sail boat from SPOT to SPOT with ARMY'\'')
	(nothing was written; '\''moves'\'' lists what you may do, '\''help'\'' says more)
	green> pass
	refused: unknown order '\''pass'\''; you end your turn with '\''end'\''
	(nothing was written; '\''moves'\'' lists what you may do, '\''help'\'' says more)
	green> 99
	no action 99: the list goes from 1 to 33
	green> quit
	t.trigon: stopped; the game is saved: play on with '\''trigon play t.trigon'\''
	EOF
	test_cmp expect tail &&
	trigon verify t.trigon >v &&
	echo "t.trigon: ok: 0 moves by 2 players, round 3, green to act" >expect &&
	echo "t.trigon: open dice: anyone can compute the dice — play with friends" >>expect &&
	test_cmp expect v
'

test_expect_success 'numbered choices: the number of an action in the list plays it (resumed game)' '
	n=$(sed -n "s/^ *\([0-9]*\)  crown$/\1/p" out | tail -n 1) &&
	test -n "$n" &&
	echo "$n" >script &&
	trigon play t.trigon <script >out 2>err &&
	test_must_be_empty err &&
	grep "^green> $n$" out &&
	after t.trigon 0 >a1 &&
	echo "1 green crown" >expect &&
	test_cmp expect a1 &&
	trigon verify t.trigon >v &&
	grep "over, green won (emperor)$" v
'

test_expect_success 'in-game words: help, card NAME (the game'\''s text), and a finished game says who won and what that means' '
	printf "help\ncard hinderlaag\ncard xyz\n" >script &&
	trigon play h0.trigon --scenario "$SCEN" --playouts 50 <script >out 2>err &&
	grep "^  status      the players           hint    what the computer would play$" out &&
	grep "^  orders      every kind of action of Rule of Trigon, with examples$" out &&
	sed -n "/^green> card hinderlaag$/,/^green> card xyz$/p" out >card &&
	test "$(wc -l <card)" = 3 &&
	sed -n 2p card >text &&
	trigon help card hinderlaag >expect.raw &&
	tr "\n" " " <expect.raw | sed "s/ \$//" >expect &&
	echo >>expect &&
	test_cmp expect text &&
	grep "^no card named '\''xyz'\'' ('\''trigon help card'\'' lists them)$" out &&
	trigon play t.trigon </dev/null >out 2>err &&
	test_must_be_empty err &&
	grep "^The game is over: green (you) won (emperor)\. Well played!$" out &&
	tail -n 3 out >last3 &&
	head -n 1 last3 >how &&
	echo "(emperor: a player crowns an emperor (R11.2))" >expect &&
	test_cmp expect how &&
	tail -n 1 out >again &&
	echo "t.trigon: this game was over already; to play again, name a new file: '\''trigon play new.trigon'\''" >expect &&
	test_cmp expect again &&
	trigon log t.trigon >log &&
	trigon verify t.trigon >v
'

test_expect_success 'help in the Duel: its own orders and cards, no Rule of Trigon example' '
	printf "help\nquit\n" >script &&
	trigon play du.trigon --rules catan-duel --playouts 20 <script >out 2>err &&
	sed -n "/^red> help$/,/^red> quit$/p" out >help &&
	grep "^  orders      every kind of action of Catan: Het Duel, with examples$" help &&
	grep "^  list WORDS  those that start with WORDS ('\''list start'\'')$" help &&
	! grep -i "promotie\|trigon help orders" help
'

test_expect_success 'hot seat: two people at one terminal, each signs with a key made for the seat' '
	printf "%s\n" end end resign >script &&
	trigon play hs.trigon --hot-seat 2 --seed $SEED0 <script >out 2>err &&
	test_must_be_empty err &&
	head -n 1 out >first &&
	echo "hs.trigon: a new game of Rule of Trigon: green (Player 1), purple (Player 2)" >expect &&
	test_cmp expect first &&
	grep "^=== \(green (Player 1)\|purple (Player 2)\): your turn (the others look away) ===$" out >turns &&
	test "$(wc -l <turns)" = 2 &&
	sed -n "s/ | .*//p" hs.trigon >acts &&
	cut -d" " -f3- acts >words &&
	printf "%s\n" end end resign >expect &&
	test_cmp expect words &&
	grep "^The game is over: \(green (Player 1)\|purple (Player 2)\) won (last)\.$" out &&
	ls "$PLAYDIR"/*/ >keylist &&
	grep "^purple.human.key$" keylist &&
	trigon verify hs.trigon >v &&
	grep "over, \(green\|purple\) won (last)$" v
'

test_expect_success 'hot seat: a hand only on its own turn; outside play the seat'\''s key made here shows it, no other key' '
	grep -A1 "^=== .*: your turn (the others look away) ===$" out >shown &&
	sed -n "s/^=== \([a-z]*\) (Player [0-9]): .*/hand of \1/p" shown >expect &&
	grep "^hand of " shown >actual &&
	test_cmp expect actual &&
	grep "^hand of " out >all &&
	test_cmp expect all &&
	set -- "$PLAYDIR"/*/purple.human.key &&
	test $# = 1 &&
	trigon hand -f hs.trigon --key "$1" >out &&
	echo "hand of purple" >expect &&
	head -n 1 out >actual &&
	test_cmp expect actual &&
	test_exit_code 1 trigon hand -f hs.trigon --as purple >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: hs.trigon: refused: a hand can show a player'\''s hidden cards; this key is another player'\''s" >expect &&
	test_cmp expect err
'

test_expect_success 'a seat played elsewhere: play stops and says how to go on' '
	test_keys &&
	new_game r.trigon &&
	me=$(to_act r.trigon) && you=$(other $me) &&
	if test $me = green; then name=Alice; else name=Bob; fi &&
	cp r.trigon before &&
	trigon play r.trigon --key keys/$you.key </dev/null >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-EOF &&
	r.trigon: open dice: anyone can compute the dice — play with friends
	r.trigon: $me to act (round 1)
	r.trigon: $me ($name) does not play at this terminal; when their move has come (trigon sync, trigon apply), run '\''trigon play r.trigon'\'' again
	EOF
	test_cmp expect out &&
	test_cmp before r.trigon
'

test_expect_success 'a shortened list says how (1 and the most of a count, attacks without battle cards, coin offers 1 for 1) with examples that apply; each card named gets its line' '
	sed "s/^\[player green\]\$/[player green]\ncards = promotie cavalerie/" "$SCEN" >cards.ini &&
	echo quit >script &&
	trigon play n.trigon --scenario cards.ini --playouts 20 <script >out 2>err &&
	test_must_be_empty err &&
	sed -n "/^You may/,/^green> /p" out | grep -v "^  *[0-9]" >notes &&
	cat >expect <<-\EOF &&
	You may (type the action or its number):
	note: a number of figures is listed as 1 and the most; any number between is
	  legal too, e.g. '\''move 2 knights from nieuw-delia to lumhaven'\''
	note: attacks are listed without battle cards; you may add yours, e.g. '\''move 1
	  knight from nieuw-delia to zoutmeer with cavalerie'\''
	note: coin offers are listed as 1 coin for 1; any amounts may be offered, e.g.
	  '\''offer purple 2 copper for 1 silver'\''
	The cards named ('\''card NAME'\'' tells more):
	  promotie: Promotion: place 1 free knight at one of your settlements.
	green> quit
	EOF
	test_cmp expect notes &&
	! grep "^  *[0-9]*  move 2 knights from nieuw-delia to lumhaven$" out &&
	for ex in "move 2 knights from nieuw-delia to lumhaven" \
	    "move 1 knight from nieuw-delia to zoutmeer with cavalerie" \
	    "offer purple 2 copper for 1 silver"
	do
		rm -f x.trigon &&
		printf "%s\nquit\n" "$ex" >script &&
		trigon play x.trigon --scenario cards.ini --playouts 20 <script >out 2>err &&
		after x.trigon 0 >first &&
		echo "1 green $ex" >expect &&
		test_cmp expect first || return 1
	done
'

test_expect_success 'the board, notes and card lines fit the width (messages naming the file aside): 80 columns off a terminal, $COLUMNS when set (as trigon board)' '
	echo quit >script &&
	trigon play wide.trigon --scenario cards.ini --playouts 20 <script >out 2>err &&
	test_must_be_empty err &&
	grep -v "^wide.trigon: " out >view &&
	test "$(columns view)" -le 80 &&
	trigon board -f wide.trigon >board80 &&
	grep -v "^ *\$" board80 | head -n 30 >map &&
	test "$(grep -c -x -F -f map out)" -ge 30 &&
	COLUMNS=132 trigon play wide.trigon <script >out132 2>err &&
	grep -v "^wide.trigon: " out132 >view132 &&
	test "$(columns view132)" -gt 80 &&
	test "$(columns view132)" -le 132
'

test_expect_success 'play --rules catan: a new game of Catan with its option, two computer seats by default (the smallest game); set-up played from a script; the file verifies' '
	yes 1 | head -n 40 >script &&
	trigon play cat.trigon --rules catan --option first=1 --option map=new-shores --playouts 10 <script >out 2>err &&
	test_must_be_empty err &&
	head -n 1 out >first &&
	echo "cat.trigon: a new game of Catan: red (you), blue (Computer 1), white (Computer 2)" >expect &&
	test_cmp expect first &&
	grep "^rules catan$" cat.trigon &&
	grep "^option map=new-shores$" cat.trigon &&
	test "$(grep -c "^player " cat.trigon)" = 3 &&
	after cat.trigon 0 >a1 &&
	grep "^1 red " a1 &&
	test "$(sed -n "s/ | .*//p" cat.trigon | grep -c "^[0-9]* red ")" -ge 4 &&
	trigon verify cat.trigon >out &&
	grep "^cat.trigon: ok: " out
'

test_expect_success 'play --rules: an unknown rule set, a wrong option and data the rules do not read are refused; no file made' '
	test_exit_code 2 trigon play cn.trigon --rules catn </dev/null 2>err &&
	grep "^trigon: unknown rule set '\''catn'\''; did you mean '\''catan'\''?$" err &&
	test_exit_code 2 trigon play cn.trigon --rules catan --option first=1 --scenario "$SCEN" </dev/null 2>err &&
	grep "^trigon: the rules catan read no scenario data$" err &&
	test_exit_code 2 trigon play cn.trigon --option map </dev/null 2>err &&
	grep "^trigon: bad option '\''map'\'': expected KEY=VALUE$" err &&
	test_exit_code 2 trigon play cn.trigon --rules catan --option first=1 --vs 4 </dev/null 2>err &&
	grep "^trigon: Catan is for 3 to 4 players; you asked for 5 (1 at this terminal, 4 computers)$" err &&
	test ! -e cn.trigon
'

test_expect_success 'CA7.3: in Catan a computer seat answers an offer made to it at once (out of turn), in the same session' '
	cat >pos.ini <<-\EOF &&
	[position]
	turn = blue
	phase = main

	[red]
	settlements = c3/d3/d4 d5/d6/e5
	roads = c3/d3 d5/d6
	hand = 2 grain 2 ore 1 wool

	[blue]
	settlements = e3/e4/f3
	roads = e3/f3
	hand = 2 ore 2 wool
	EOF
	printf "%s\n" "offer 1 ore for 1 wool to red" quit >script &&
	trigon play of.trigon --rules catan --option first=1 --data position=pos.ini --seat blue \
		--playouts 20 <script >out 2>err &&
	test_must_be_empty err &&
	after of.trigon 1 >a2 &&
	echo "2 red accept 1" >expect &&
	test_cmp expect a2 &&
	grep -x "  2 red accept 1" out &&
	grep -x "    red accepts #1: blue gives 1 ore, red gives 1 wool" out &&
	test "$(sed -n "s/ | .*//p" of.trigon | grep -c "^[0-9]")" = 2 &&
	trigon verify of.trigon
'

test_expect_success 'CA7.3: a computer seat that cannot pay declines, once (asked once a position)' '
	printf "%s\n" "offer 1 wool for 2 ore to white" quit >script &&
	rm -f of2.trigon &&
	trigon play of2.trigon --rules catan --option first=1 --data position=pos.ini --seat blue \
		--playouts 20 <script >out 2>err &&
	test_must_be_empty err &&
	sed -n "s/ | .*//p" of2.trigon | grep "^[0-9]" >acts &&
	printf "%s\n" "1 blue offer 1 wool for 2 ore to white" "2 white decline 1" >expect &&
	test_cmp expect acts &&
	trigon verify of2.trigon
'

# Root writes into a directory whatever its mode, so as root the test
# runs as nobody (setpriv, util-linux): in a directory of its own under
# /tmp that nobody may enter (the build and this trash directory may sit
# in a directory only root can enter, as CI's mktemp -d does), with a
# copy of trigon and of the home.  Where setpriv is missing the test is
# skipped, and says so.
as_user () {
	"$@"
}
rodir=$PWD
if test "$(id -u)" != 0
then
	test_set_prereq UNPRIVILEGED
elif command -v setpriv >/dev/null &&
	rodir=$(mktemp -d /tmp/trigon-nobody.XXXXXX) &&
	chmod 755 "$rodir" && mkdir "$rodir/bin" "$rodir/home" &&
	cp "$(command -v trigon)" "$rodir/bin/trigon" &&
	cp -a "$HOME/.config" "$rodir/home/" &&
	chown -R 65534:65534 "$rodir/home" &&
	lsan_supp=$(printf "%s\n" "${LSAN_OPTIONS-}" | sed -En "s/^(.*:)?suppressions=([^:]*).*/\2/p") &&
	{ test -z "$lsan_supp" || {
		cp "$lsan_supp" "$rodir/lsan.supp" && chmod 644 "$rodir/lsan.supp" &&
		LSAN_OPTIONS=$(printf "%s\n" "$LSAN_OPTIONS" | sed -E "s|(^\|:)suppressions=[^:]*|\1suppressions=$rodir/lsan.supp|") &&
		export LSAN_OPTIONS
	}; } &&
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$rodir/bin/trigon" --version >/dev/null 2>&1
then
	as_user () {
		HOME=$rodir/home PATH=$rodir/bin:$PATH setpriv --reuid=65534 \
			--regid=65534 --clear-groups "$@"
	}
	test_set_prereq UNPRIVILEGED
else
	say "# running as root without setpriv, or nobody cannot run a copy of trigon: the read-only directory test is skipped"
fi

test_expect_success UNPRIVILEGED 'a new game in a read-only directory is refused before the passphrase is asked' '
	mkdir "$rodir/ro" && chmod 555 "$rodir/ro" &&
	(
		cd "$rodir" &&
		test_exit_code 3 as_user env -u TRIGON_PASSPHRASE trigon play ro/g.trigon </dev/null 2>"$OLDPWD/err"
	) &&
	grep "^trigon: cannot start a new game in '\''ro/g.trigon'\'': the directory '\''ro'\'' is not writable" err &&
	test_must_fail grep -i passphrase err &&
	! test -e "$rodir/ro/g.trigon" &&
	chmod 755 "$rodir/ro" && rmdir "$rodir/ro"
'

test "$rodir" = "$PWD" || rm -rf "$rodir"

test_done
