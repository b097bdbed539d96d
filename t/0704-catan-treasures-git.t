#!/bin/sh
test_description='Catan on map=treasures over git (catan-rules(7), CA10.5, CA10.6): three players, three clones of a bare repository with trigon'\''s hook; turn by turn the player the game waits for syncs, makes the turn with trigon move --commit and pushes, to the end; every clone byte for byte the server'\''s, verified, treasures found in the game, each once'
. "$(dirname "$0")/setup.sh"

# Ann (red), Ben (blue) and Cat (white) hold the fixture keys green,
# purple and yellow; the actions of each turn come from a game played
# beforehand (ck_plan in sharness.d/catan.sh), as in t/0717.

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

# turn N SEAT: SEAT's player syncs, makes the plan's turn N with one
# trigon move --commit and pushes.
turn () {
	t_n=$1 t_seat=$2 t_dir=$(dir_of $2)
	as $t_dir trigon sync -f g.trigon >sync.out &&
	test "$(ck_seat_to_act $t_dir/g.trigon)" = $t_seat &&
	set -- &&
	while read -r t_act
	do
		set -- "$@" "$t_act"
	done <ck_plan.$t_n &&
	as $t_dir trigon move --commit -f g.trigon "$@" >ck_move.out &&
	as $t_dir trigon push -f g.trigon >push.out &&
	grep "^g.trigon: pushed refs/heads/main to " push.out >/dev/null || {
		echo >&2 "turn $t_n $t_seat failed:" &&
		cat >&2 sync.out ck_move.out push.out
		return 1
	}
}

test_expect_success 'setup: the server with the hook; Ann starts a game on map=treasures, pushes; the others clone' '
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
	git clone -q srv/game.git ann 2>/dev/null &&
	(cd ann && SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan \
		--option first=1 --option map=treasures --seed $SEED1 \
		--player "red:Ann:ann@example.org:$(cat ../keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat ../keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat ../keys/yellow.key.pub)" >/dev/null) &&
	git -C ann add g.trigon &&
	git -C ann commit -q -m "a new game on map=treasures" &&
	as ann trigon push -f g.trigon >out &&
	for d in ben cat
	do
		git clone -q srv/game.git $d || return 1
	done &&
	ck_plan ann/g.trigon 6
'

test_expect_success 'CA10.5: the game played over git to its end; every clone the server'\''s, verified; treasures found, each once' '
	while read -r n seat
	do
		turn $n $seat || return 1
	done <ck_plan.turns &&
	grep "^g.trigon: the game is over: [a-z]* won (points)$" ck_move.out &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	grep "^[0-9]* [a-z]* " ck_plan.trigon >planned &&
	grep "^[0-9]* [a-z]* " server.trigon >played &&
	test_cmp planned played &&
	for d in ann ben cat
	do
		as $d trigon sync -f g.trigon >out &&
		test_cmp server.trigon $d/g.trigon &&
		as $d trigon verify g.trigon >out &&
		grep "^g.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)$" out || return 1
	done &&
	trigon log server.trigon >log &&
	grep "^     [a-z]* finds [a-z]* at " log >finds &&
	test -s finds &&
	sed "s/.* at \([a-z0-9/]*\).*/\1/" finds | sort | uniq -d >twice &&
	test_must_be_empty twice &&
	trigon status --json server.trigon >s.json &&
	test $(jq "[.state.treasures[] | select(.found != null)] | length" s.json) = $(wc -l <finds)
'

test_done
