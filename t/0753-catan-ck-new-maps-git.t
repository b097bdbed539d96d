#!/bin/sh
test_description='Cities & Knights on treasures, treasures-2, harbormaster and greater-catan over git (catan-ck-rules(7), CK19): three clones of a bare repository with trigon'\''s hook; each turn the player the game waits for syncs, makes it with trigon move --commit and pushes, to the win; the server'\''s file verifies'
. "$(dirname "$0")/setup.sh"

# Ann (red), Ben (blue) and Cat (white) hold the fixture keys green,
# purple and yellow.  Each game starts from its map's short position
# (t/play/ck-MAP.ini) with more Defender of Catan points, so that it
# ends in a few rounds; the actions of each turn come from a game played
# beforehand by random legal orders (ck_plan in sharness.d/catan.sh),
# from the same header and so the same dice.

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

# start MAP DEFENDER: Ann's game on MAP, every seat at DEFENDER points,
# committed and pushed; Ben and Cat clone.
start () {
	rm -rf srv ann ben cat ck_plan.* &&
	git_server srv/game.git &&
	git clone -q srv/game.git ann 2>/dev/null &&
	sed "s/^defender = 3\$/defender = $2/" \
		"$SHARNESS_TEST_SRCDIR/play/ck-$1.ini" >pos.ini &&
	(cd ann && SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon \
		--rules catan-ck --option map=$1 --option first=1 \
		--option points=10 --seed $SEED1 --data position=../pos.ini \
		--player "red:Ann:ann@example.org:$(cat ../keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat ../keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat ../keys/yellow.key.pub)" \
		>/dev/null) &&
	git -C ann add g.trigon &&
	git -C ann commit -q -m "a new game of Cities & Knights" &&
	as ann trigon push -f g.trigon >/dev/null &&
	git clone -q srv/game.git ben &&
	git clone -q srv/game.git cat
}

# turn N SEAT: SEAT's player syncs, makes the plan's turn N with one
# trigon move --commit and pushes.
turn () {
	t_n=$1 t_dir=$(dir_of $2)
	as $t_dir trigon sync -f g.trigon >sync.out &&
	set -- &&
	while read -r t_act
	do
		set -- "$@" "$t_act"
	done <ck_plan.$t_n &&
	as $t_dir trigon move --commit -f g.trigon "$@" >ck_move.out &&
	as $t_dir trigon push -f g.trigon >push.out || {
		cat >&2 sync.out ck_move.out push.out
		return 1
	}
}

# over_git MAP DEFENDER PLAYSEED: the whole game over git; the server's
# file holds the plan's moves and verifies, over.
over_git () {
	start $1 $2 &&
	ck_plan ann/g.trigon $3 &&
	while read -r n seat
	do
		turn $n $seat || return 1
	done <ck_plan.turns &&
	grep "^g.trigon: the game is over: [a-z]* won (points)$" ck_move.out &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	grep "^[0-9]* [a-z]* " ck_plan.trigon >planned &&
	grep "^[0-9]* [a-z]* " server.trigon >played &&
	test_cmp planned played &&
	trigon verify server.trigon >v
}

test_expect_success 'setup: three homes with key and config' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	test_keys &&
	homes ann:green:Ann ben:purple:Ben cat:yellow:Cat
'

test_expect_success 'CK19.1, CA10.5: treasures over git to its end' '
	over_git treasures 5 7 &&
	grep "^server.trigon: ok: 27 moves by 3 players, round 3, over, white won (points)$" v
'

test_expect_success 'CK19.1, CA10.6: treasures-2 over git to its end' '
	over_git treasures-2 5 1 &&
	grep "^server.trigon: ok: 23 moves by 3 players, round 3, over, white won (points)$" v
'

test_expect_success 'CK19.9: harbormaster over git to its end, blue the harbormaster' '
	over_git harbormaster 4 5 &&
	grep "^server.trigon: ok: 90 moves by 3 players, round 10, over, blue won (points)$" v &&
	trigon status --json server.trigon >s.json &&
	test "$(jq -r .state.harbormaster s.json)" = blue
'

test_expect_success 'CK19.10: greater-catan over git to its end' '
	over_git greater-catan 5 1 &&
	grep "^server.trigon: ok: 21 moves by 3 players, round 3, over, white won (points)$" v
'

test_done
