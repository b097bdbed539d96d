#!/bin/sh
test_description='Catan: het Duel over git: two players, two clones of a bare repository with trigon'\''s hook, each with its own key and configuration; trigon new --rules catan-duel, orders chosen by trigon bot --suggest and made by trigon move --commit, trigon sync and push, to the win (DU15.1); verify in both clones, byte-identical files; a forged push refused by the hook'
. "$(dirname "$0")/setup.sh"

# A whole introductory game (to 7 points) takes some 20 turns a player;
# each turn or decision of the other player (DU16) costs a sync, a bot,
# a move and a push (each reads the file, the hook verifies it).
# t/0740 plays a game by random legal orders, t/unit/duel/games 200.

# Ann (red) and Ben (blue) hold the fixture keys green and purple.
PLAYERS="ann:red:green:Ann ben:blue:purple:Ben"

dir_of () {
	case $1 in
	red) echo ann ;;
	blue) echo ben ;;
	esac
}

# as DIR CMD...: run CMD in DIR's clone with DIR's own configuration
# directory (its key and config: no --key options).
as () {
	as_p=$1
	shift
	(cd $as_p && TRIGON_HOME="$HOME_DIR/home-$as_p" "$@")
}

# seat_to_act: the seat the game on the server waits for (verify's
# summary).
SRV=srv/game.git
seat_to_act () {
	git -C $SRV cat-file blob main:g.trigon >sta.trigon &&
	trigon verify sta.trigon >sta.out &&
	sed -n "s/.*, \([a-z]*\) to act$/\1/p" sta.out
}

# turn SEAT: SEAT's player syncs, asks the computer for its orders
# (trigon bot --suggest: the whole turn, or the decision asked of it),
# makes them with one trigon move --commit and pushes.  Appends "SEAT N"
# (N orders) to turns.log; the move's output is in move.out.
turn () {
	t_seat=$1 t_dir=$(dir_of $1) t_n=0
	: >suggest.out && : >move.out && : >push.out &&
	as $t_dir trigon sync -f g.trigon >sync.out &&
	as $t_dir trigon bot -f g.trigon --as $t_seat --playouts 40 \
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

test_expect_success 'setup: the server with trigon'\''s hook; two players, each a home with key and config, and a clone' '
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

test_expect_success 'DU3.5: Ann starts a Duel with trigon new --rules catan-duel, commits and pushes; Ben clones; blue rolled higher and begins' '
	(cd ann && SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon \
		--rules catan-duel --seed $SEED1 \
		--player "red:Ann:ann@example.org:$(cat ../keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat ../keys/purple.key.pub)" >../out) &&
	echo "g.trigon: new game of Catan: Het Duel for red (Ann), blue (Ben); blue to act" >expect &&
	test_cmp expect out &&
	grep "^#= start: red rolls 4, blue rolls 5$" ann/g.trigon &&
	git -C ann add g.trigon &&
	git -C ann commit -q -m "a new game of Catan: het Duel" &&
	as ann trigon push -f g.trigon >out &&
	grep "^g.trigon: pushed refs/heads/main to " out &&
	git clone -q srv/game.git ben &&
	test_cmp ann/g.trigon ben/g.trigon &&
	test "$(seat_to_act)" = blue
'

test_expect_success 'DU3.6: over git blue takes a starting hand, then red one from another stack; then blue rolls' '
	turns=0 && : >turns.log &&
	turn blue &&
	test "$(seat_to_act)" = red &&
	turn red &&
	as ben trigon sync -f g.trigon >/dev/null &&
	sed -n "s/^1 blue start stack \([1-4]\) .*/\1/p" ben/g.trigon >b &&
	sed -n "s/^2 red start stack \([1-4]\) .*/\1/p" ben/g.trigon >r &&
	test -s b && test -s r &&
	! test_cmp b r &&
	test "$(seat_to_act)" = blue &&
	as ben trigon hand -f g.trigon >hand &&
	grep "^blue.s hand (3, limit 3):\$" hand &&
	test $(grep -c "^  card [1-3]: " hand) -eq 3
'

test_expect_success 'DU15.1: the game played over git to its end: each player syncs, plays the turn or decision the game waits for, pushes' '
	who=$(seat_to_act) &&
	while test $turns -lt 500
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
	echo "$turns turns, $(cat winner) won" &&
	test $turns -lt 500 &&
	cut -d" " -f1 turns.log | sort -u >seats &&
	printf "%s\n" blue red >expect &&
	test_cmp expect seats
'

test_expect_success 'both players sync: the two files are byte for byte the server'\''s, and each verifies with the winner' '
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	for d in ann ben
	do
		as $d trigon sync -f g.trigon >out &&
		test_cmp server.trigon $d/g.trigon &&
		as $d trigon verify g.trigon >out &&
		grep "^g.trigon: ok: [0-9]* moves by 2 players, turn [0-9]*, over, $(cat winner) won (points)$" out &&
		git -C $d status --porcelain >st &&
		test_must_be_empty st || return 1
	done
'

test_expect_success 'DU15.1: the status says who has won, with at least 7 points; the last order of the file is the winner'\''s end' '
	as ben trigon status -f g.trigon >status &&
	grep "^the game is over: $(cat winner) won (points)$" status &&
	w=$(cat winner) &&
	vp=$(sed -n "s/^$w  *\([0-9]*\) VP.*/\1/p" status) &&
	test "$vp" -ge 7 &&
	grep "^[0-9]* [a-z]* " server.trigon | tail -n 1 >last &&
	grep "^[0-9]* $w end " last
'

test_expect_success 'the log names both players as authors of the commits on the server' '
	git -C srv/game.git log --format="%an <%ae>" main >authors &&
	grep "^Ann <ann@example.org>$" authors &&
	grep "^Ben <ben@example.org>$" authors
'

test_expect_success 'after the win an order is refused, nothing committed; the hook refuses a push of a file with a line altered' '
	test_exit_code 1 as ben trigon move --commit -f g.trigon end 2>err &&
	echo "trigon: g.trigon: refused: the game is over" >expect &&
	test_cmp expect err &&
	git -C ben status --porcelain >st && test_must_be_empty st &&
	test_cmp server.trigon ben/g.trigon &&
	forged_push_refused ben resign
'

test_done
