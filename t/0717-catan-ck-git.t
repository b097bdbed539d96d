#!/bin/sh
test_description='Cities & Knights over git: three players, three clones of a bare repository with trigon'\''s hook, each with its own key; trigon new --rules catan-ck, then turn by turn the player the game waits for syncs, makes the turn'\''s actions with trigon move --commit in the own clone and pushes; to the win at 10 points; every clone byte for byte the server'\''s, verify in each, a forged push refused'
. "$(dirname "$0")/setup.sh"

# Ann (red), Ben (blue) and Cat (white) hold the fixture keys green,
# purple and yellow.  So that a whole game takes a minute, the
# actions of each turn come from a game played beforehand by a random
# player that prefers builds (ck_plan in sharness.d/catan.sh), from the
# same header and so the same dice; each is made again by its player.

dir_of () {
	case $1 in
	red) echo ann ;;
	blue) echo ben ;;
	white) echo cat ;;
	esac
}

as () {
	as_p=$1
	shift
	(cd $as_p && TRIGON_HOME="$HOME_DIR/home-$as_p" "$@")
}

# turn N SEAT: SEAT's player syncs, sees that the game waits for SEAT,
# makes the actions of the plan's turn N
# with one trigon move --commit and pushes.  "SEAT N" goes to
# turns.log (N actions).
turn () {
	t_n=$1 t_seat=$2 t_dir=$(dir_of $2)
	as $t_dir trigon sync -f g.trigon >sync.out &&
	test "$(ck_seat_to_act $t_dir/g.trigon)" = $t_seat &&
	set -- &&
	while read -r t_act
	do
		set -- "$@" "$t_act"
	done <ck_plan.$t_n &&
	ck_n=$# &&
	as $t_dir trigon move --commit -f g.trigon "$@" >ck_move.out &&
	grep "^g.trigon: committed [0-9a-f]\{7\}: " ck_move.out >/dev/null &&
	as $t_dir trigon push -f g.trigon >push.out &&
	grep "^g.trigon: pushed refs/heads/main to " push.out >/dev/null &&
	echo "$t_seat $ck_n" >>turns.log &&
	turns=$((turns + 1)) || {
		echo >&2 "turn $t_seat failed after $turns turns:" &&
		cat >&2 sync.out ck_move.out push.out
		return 1
	}
}

test_expect_success 'setup: the server with trigon'\''s hook; three players, each a home with key and config, and a clone' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	test_keys &&
	git_server srv/game.git &&
	for p in ann:green:Ann ben:purple:Ben cat:yellow:Cat
	do
		d=${p%%:*} && k=$(echo $p | cut -d: -f2) && n=${p##*:} &&
		mkdir home-$d &&
		cp keys/$k.key home-$d/key && chmod 600 home-$d/key &&
		printf "[player]\nname = %s\nemail = %s@example.org\n" $n $d >home-$d/config || return 1
	done &&
	git clone -q srv/game.git ann 2>/dev/null
'

test_expect_success 'Ann starts a game of Cities & Knights for three to 10 points with trigon new --rules catan-ck, commits and pushes; the others clone' '
	(cd ann && SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan-ck \
		--option first=1 --option points=10 --seed $SEED1 \
		--player "red:Ann:ann@example.org:$(cat ../keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat ../keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat ../keys/yellow.key.pub)" >../out) &&
	echo "g.trigon: new game of Catan: Cities & Knights for red (Ann), blue (Ben), white (Cat); red to act" >expect &&
	test_cmp expect out &&
	git -C ann add g.trigon &&
	git -C ann commit -q -m "a new game of Cities & Knights" &&
	as ann trigon push -f g.trigon >out &&
	grep "^g.trigon: pushed refs/heads/main to " out &&
	for d in ben cat
	do
		git clone -q srv/game.git $d || return 1
	done &&
	test_cmp ann/g.trigon cat/g.trigon &&
	ck_plan ann/g.trigon 5 &&
	echo "$(wc -l <ck_plan.turns) turns planned"
'

test_expect_success 'CK3.1: the set-up over git in snake order, the second building a city' '
	turns=0 && : >turns.log &&
	for s in red blue white blue red
	do
		git -C srv/game.git cat-file blob main:g.trigon >sta.trigon &&
		test "$(ck_seat_to_act sta.trigon)" = $s &&
		test "$(sed -n "$((turns + 1))s/^[0-9]* //p" ck_plan.turns)" = $s &&
		turn $((turns + 1)) $s || return 1
	done &&
	git -C srv/game.git cat-file blob main:g.trigon >s.trigon &&
	grep "^[0-9]* [a-z]* build \(settlement\|city\) " s.trigon | head -n 6 | cut -d" " -f2,4 >builds &&
	printf "%s\n" "red settlement" "blue settlement" "white settlement" \
		"white city" "blue city" "red city" >expect &&
	test_cmp expect builds
'

test_expect_success 'the game played over git to its end: the player the game waits for syncs, makes the turn, commits and pushes' '
	sed 1,5d ck_plan.turns >rest &&
	while read -r n seat
	do
		turn $n $seat || return 1
	done <rest &&
	grep "^g.trigon: the game is over: [a-z]* won (points)$" ck_move.out &&
	sed -n "s/^g.trigon: the game is over: \([a-z]*\) won (points)$/\1/p" ck_move.out >winner &&
	echo "$turns turns" &&
	cut -d" " -f1 turns.log | sort -u >seats &&
	printf "%s\n" blue red white >expect &&
	test_cmp expect seats
'

test_expect_success 'every player syncs: the three files are byte for byte the server'\''s, each verifies with the winner, and the log names each player as the author of commits' '
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	grep "^[0-9]* [a-z]* " ck_plan.trigon >planned &&
	grep "^[0-9]* [a-z]* " server.trigon >played &&
	test_cmp planned played &&
	for d in ann ben cat
	do
		as $d trigon sync -f g.trigon >out &&
		test_cmp server.trigon $d/g.trigon &&
		as $d trigon verify g.trigon >out &&
		grep "^g.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, $(cat winner) won (points)$" out &&
		git -C $d status --porcelain >st &&
		test_must_be_empty st || return 1
	done &&
	as ben trigon status -f g.trigon >status &&
	grep "$(cat winner) has won" status &&
	grep "^target 10 VP; " status &&
	git -C srv/game.git log --format="%an <%ae>" main >authors &&
	for d in ann:Ann ben:Ben cat:Cat
	do
		grep "^${d##*:} <${d%%:*}@example.org>$" authors || return 1
	done
'

test_expect_success 'CK15.1: after the win a move is refused, and the hook refuses a push of a file with an action altered' '
	test_exit_code 1 as cat trigon move -f g.trigon end 2>err &&
	echo "trigon: g.trigon: refused: the game is over" >expect &&
	test_cmp expect err &&
	test_cmp server.trigon cat/g.trigon &&
	forged_push_refused cat end
'

test_done
