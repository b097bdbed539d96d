#!/bin/sh
test_description='Catan over git: four players, four clones of a bare repository with trigon'\''s hook, each with its own key and configuration; trigon new --rules catan, moves chosen by trigon bot --suggest and made by trigon move --commit, trigon sync and push, to the win; verify in every clone, byte-identical files.  Then the fog-islands map (Seafarers) through set-up and several turns.'
. "$(dirname "$0")/setup.sh"

# The game is played to a target of 5 points (option vp=5, CA1.6) so that
# a whole game takes about 60 turns; each turn costs a sync, a bot, a
# move and a push (each reads the file, the hook verifies it).  t/0700
# plays a game to 10 points by random legal play, t/unit/catan/games 320.

# Ann (red), Ben (blue), Cat (white), Dan (orange) hold the fixture keys
# green, purple, yellow and white.
PLAYERS="ann:red:green:Ann ben:blue:purple:Ben cat:white:yellow:Cat dan:orange:white:Dan"

# dir_of SEAT: the clone of the player of SEAT.
dir_of () {
	case $1 in
	red) echo ann ;;
	blue) echo ben ;;
	white) echo cat ;;
	orange) echo dan ;;
	esac
}

# as DIR CMD...: run CMD in DIR's clone with DIR's own configuration
# directory (its key and config: no --key options).
# CL is the folder of the clones.
CL=.
as () {
	as_p=$1
	shift
	(cd $CL/$as_p && TRIGON_HOME="$HOME_DIR/home-$as_p" "$@")
}

# seat_to_act: the seat the game on the server waits for (verify's
# summary; of several seats owing a decision at once, the one it names).
# SRV is the shared repository.
SRV=srv/game.git
seat_to_act () {
	git -C $SRV cat-file blob main:g.trigon >sta.trigon &&
	trigon verify sta.trigon >sta.out &&
	sed -n "s/.*, \([a-z]*\) to act$/\1/p" sta.out
}

# turn SEAT: SEAT's player syncs, asks the computer for its
# actions (trigon bot --suggest, the whole turn or decision), makes them
# with one trigon move --commit and pushes.  Appends "SEAT N" (N actions)
# to turns.log; the move's output is in move.out.
turn () {
	t_seat=$1 t_dir=$(dir_of $1) t_n=0
	: >suggest.out && : >move.out && : >push.out &&
	as $t_dir trigon sync -f g.trigon >sync.out &&
	as $t_dir trigon bot -f g.trigon --as $t_seat --playouts 200 \
		--seed $turns --suggest >suggest.out &&
	sed -n "s/^g.trigon: suggest: //p" suggest.out >acts &&
	test -s acts &&
	set -- &&
	while read -r t_act
	do
		set -- "$@" "$t_act" && t_n=$((t_n + 1))
	done <acts &&
	as $t_dir trigon move --commit -f g.trigon "$@" >move.out &&
	grep "^g.trigon: committed [0-9a-f]\{7\}: " move.out >/dev/null &&
	as $t_dir trigon push -f g.trigon >push.out &&
	grep "^g.trigon: pushed refs/heads/main to " push.out >/dev/null &&
	echo "$t_seat $t_n" >>turns.log &&
	turns=$((turns + 1)) || {
		echo >&2 "turn $t_seat failed after $turns turns:" &&
		cat >&2 sync.out suggest.out move.out push.out
		return 1
	}
}

test_expect_success 'setup: the server with trigon'\''s hook; four players, each a home with key and config, and a clone' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	test_keys &&
	git_server srv/game.git &&
	for p in $PLAYERS
	do
		d=${p%%:*} && k=$(echo $p | cut -d: -f3) && n=${p##*:} &&
		mkdir home-$d &&
		cp keys/$k.key home-$d/key && chmod 600 home-$d/key &&
		printf "[player]\nname = %s\nemail = %s@example.org\n" $n $d >home-$d/config || return 1
	done &&
	git clone -q srv/game.git ann 2>/dev/null
'

test_expect_success 'Ann starts a game of Catan for four with trigon new --rules catan, commits and pushes; the others clone' '
	(cd ann && SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan --option first=1 \
		--option vp=5 --seed $SEED1 \
		--player "red:Ann:ann@example.org:$(cat ../keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat ../keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat ../keys/yellow.key.pub)" \
		--player "orange:Dan:dan@example.org:$(cat ../keys/white.key.pub)" >../out) &&
	echo "g.trigon: new game of Catan for red (Ann), blue (Ben), white (Cat), orange (Dan); red to act" >expect &&
	test_cmp expect out &&
	git -C ann add g.trigon &&
	git -C ann commit -q -m "a new game of Catan" &&
	as ann trigon push -f g.trigon >out &&
	grep "^g.trigon: pushed refs/heads/main to " out &&
	for d in ben cat dan
	do
		git clone -q srv/game.git $d || return 1
	done &&
	test_cmp ann/g.trigon dan/g.trigon
'

# setup_order FILE: the seats of the first 16 actions, one a line.
setup_order () {
	grep "^[0-9]* [a-z]* " "$1" | head -n 16 | cut -d" " -f2
}

test_expect_success 'CA3.3: the set-up over git in snake order, a settlement and its road at a time; orange places twice in a row, red last and then rolls' '
	turns=0 && : >turns.log &&
	for s in red blue white orange white blue red
	do
		test "$(seat_to_act)" = $s &&
		turn $s || return 1
	done &&
	for s in red red blue blue white white orange orange orange orange \
		white white blue blue red red
	do
		echo $s || return 1
	done >expect &&
	setup_order ann/g.trigon >order &&
	test_cmp expect order &&
	grep "^[0-9]* [a-z]* " ann/g.trigon | head -n 16 | cut -d" " -f3-4 |
		uniq -c | sed "s/^ *//" >kinds &&
	test $(grep -c "^1 build settlement$" kinds) = 8 &&
	test $(grep -c "^1 build road$" kinds) = 8 &&
	grep "^red [0-9]*$" turns.log | tail -n 1 >redturn &&
	test "$(cut -d" " -f2 redturn)" -gt 2 &&
	grep "^17 red roll " ann/g.trigon &&
	as ben trigon sync -f g.trigon >/dev/null &&
	as ben trigon status -f g.trigon >status &&
	for s in blue white orange
	do
		grep "^$s  *2 VP" status || return 1
	done
'

test_expect_success 'the game played over git to its end: each player syncs, plays the turn or decision the game waits for, pushes' '
	who=$(seat_to_act) &&
	while test $turns -lt 400
	do
		turn $who || return 1
		if grep -q "^g.trigon: the game is over: [a-z]* won (points)$" move.out
		then
			break
		fi
		who=$(seat_to_act) &&
		test -n "$who" || return 1
	done &&
	grep "^g.trigon: the game is over: [a-z]* won (points)$" move.out &&
	sed -n "s/^g.trigon: the game is over: \([a-z]*\) won (points)$/\1/p" move.out >winner &&
	echo "$turns turns" &&
	test $turns -lt 400 &&
	cut -d" " -f1 turns.log | sort -u >seats &&
	printf "%s\n" blue orange red white >expect &&
	test_cmp expect seats
'

test_expect_success 'every player syncs: the four files are byte for byte the server'\''s, and each verifies with the winner' '
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	for d in ann ben cat dan
	do
		as $d trigon sync -f g.trigon >out &&
		test_cmp server.trigon $d/g.trigon &&
		as $d trigon verify g.trigon >out &&
		grep "^g.trigon: ok: [0-9]* moves by 4 players, round [0-9]*, over, $(cat winner) won (points)$" out &&
		git -C $d status --porcelain >st &&
		test_must_be_empty st || return 1
	done
'

test_expect_success 'CA11.1: the status says who has won, with at least the target of 5 points' '
	as ben trigon status -f g.trigon >status &&
	grep "$(cat winner) has won" status &&
	w=$(cat winner) &&
	vp=$(sed -n "s/^$w  *\([0-9]*\) VP.*/\1/p" status) &&
	test "$vp" -ge 5 &&
	grep "target 5 VP" status
'

test_expect_success 'the log names all four players as authors of the commits on the server' '
	git -C srv/game.git log --format="%an <%ae>" main >authors &&
	for d in ann:Ann ben:Ben cat:Cat dan:Dan
	do
		grep "^${d##*:} <${d%%:*}@example.org>$" authors || return 1
	done
'

test_expect_success 'after the win a move is refused and the hook refuses a push of a file with a line altered' '
	test_exit_code 1 as cat trigon move --commit -f g.trigon end 2>err &&
	echo "trigon: g.trigon: refused: the game is over" >expect &&
	test_cmp expect err &&
	git -C cat status --porcelain >st && test_must_be_empty st &&
	test_cmp server.trigon cat/g.trigon &&
	forged_push_refused cat end
'

test_expect_success 'Seafarers over git: a game on the fog-islands map, the set-up and several turns by sync, move and push' '
	git_server srv/sea.git &&
	mkdir sea && (cd sea && git clone -q ../srv/sea.git ann 2>/dev/null) &&
	(cd sea/ann && SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan --option first=1 \
		--option map=fog-islands --seed $SEED2 \
		--player "red:Ann:ann@example.org:$(cat ../../keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat ../../keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat ../../keys/yellow.key.pub)" \
		--player "orange:Dan:dan@example.org:$(cat ../../keys/white.key.pub)" >/dev/null) &&
	git -C sea/ann add g.trigon &&
	git -C sea/ann commit -q -m "a new game of Catan: Seafarers" &&
	(CL=sea && as ann trigon push -f g.trigon >/dev/null) &&
	for d in ben cat dan
	do
		(cd sea && git clone -q ../srv/sea.git $d) || return 1
	done &&
	CL=sea SRV=srv/sea.git &&
	turns=0 && : >turns.log &&
	who=red &&
	while test $turns -lt 24
	do
		turn $who &&
		who=$(seat_to_act) &&
		test -n "$who" || return 1
	done &&
	for s in red red blue blue white white orange orange orange orange \
		white white blue blue red red
	do
		echo $s || return 1
	done >expect &&
	setup_order sea/ann/g.trigon >order &&
	test_cmp expect order &&
	git -C srv/sea.git cat-file blob main:g.trigon >server.trigon &&
	for d in ann ben cat dan
	do
		as $d trigon sync -f g.trigon >/dev/null &&
		test_cmp server.trigon sea/$d/g.trigon &&
		as $d trigon verify g.trigon >out &&
		grep "^g.trigon: ok: [0-9]* moves by 4 players, round [0-9]*, [a-z]* to act$" out || return 1
	done &&
	as dan trigon status -f g.trigon >status &&
	grep "map fog-islands" status &&
	grep -c "^[0-9]* [a-z]* roll" sea/ann/g.trigon >rolls &&
	test $(cat rolls) -ge 10
'

test_done
