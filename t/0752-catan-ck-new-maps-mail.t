#!/bin/sh
test_description='Cities & Knights on treasures, treasures-2, harbormaster and greater-catan by mail (catan-ck-rules(7), CK19): three players, each a copy; each turn the player the game waits for makes it with trigon move, trigon mail writes it and the two others apply it, to the win; the copies stay alike and verify'
. "$(dirname "$0")/setup.sh"

# Ann (red), Ben (blue) and Cat (white) hold the fixture keys green,
# purple and yellow.  Each game starts from its map's short position
# (t/play/ck-MAP.ini) with more Defender of Catan points, so that it
# ends in a few rounds; the actions of each turn come from a game played
# beforehand by random legal orders (ck_plan in sharness.d/catan.sh),
# from the same header and so the same dice.

copy_of () {
	case $1 in
	red) echo ann.trigon ;;
	blue) echo ben.trigon ;;
	white) echo cat.trigon ;;
	esac
}

# start MAP DEFENDER: Ann's game on MAP, every seat at DEFENDER points,
# mailed whole to Ben and Cat.
start () {
	rm -f ann.trigon ben.trigon cat.trigon ck_plan.* &&
	sed "s/^defender = 3\$/defender = $2/" \
		"$SHARNESS_TEST_SRCDIR/play/ck-$1.ini" >pos.ini &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --rules catan-ck \
		--option map=$1 --option first=1 --option points=10 --seed $SEED1 \
		--data position=pos.ini \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat keys/yellow.key.pub)" >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f ann.trigon --key keys/green.key >m0.eml &&
	trigon apply -f ben.trigon m0.eml >/dev/null &&
	trigon apply -f cat.trigon m0.eml >/dev/null &&
	test_cmp ann.trigon ben.trigon
}

# turn N SEAT: SEAT's player makes the plan's turn N in its own copy,
# mails it, and the two others apply the mail.
turn () {
	t_n=$1 t_seat=$2 t_file=$(copy_of $2) t_key=$(catan_key $2)
	set -- &&
	while read -r t_act
	do
		set -- "$@" "$t_act"
	done <ck_plan.$t_n &&
	trigon move -f $t_file --key $t_key "$@" >ck_move.out &&
	mail_turn $t_file $t_key mail.eml ann.trigon ben.trigon cat.trigon || {
		cat >&2 ck_move.out apply.out
		return 1
	}
}

# by_mail MAP DEFENDER PLAYSEED: the whole game by mail; the three copies
# the same at every turn, the plan's moves, verified, over.
by_mail () {
	start $1 $2 &&
	ck_plan ann.trigon $3 &&
	while read -r n seat
	do
		turn $n $seat &&
		test_cmp ann.trigon ben.trigon &&
		test_cmp ann.trigon cat.trigon || return 1
	done <ck_plan.turns &&
	grep "the game is over: [a-z]* won (points)$" ck_move.out &&
	grep "^[0-9]* [a-z]* " ck_plan.trigon >planned &&
	grep "^[0-9]* [a-z]* " ann.trigon >played &&
	test_cmp planned played &&
	trigon verify ann.trigon >v &&
	grep "^ann.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)$" v &&
	trigon log ann.trigon >log
}

test_expect_success 'CK19.1, CA10.5: treasures by mail to its end' '
	test_keys &&
	by_mail treasures 5 7 &&
	grep "^ann.trigon: ok: 27 moves by 3 players, round 3, over, white won (points)$" v
'

test_expect_success 'CK19.1, CA10.6: treasures-2 by mail to its end, ships built' '
	by_mail treasures-2 5 1 &&
	grep "^ann.trigon: ok: 23 moves by 3 players, round 3, over, white won (points)$" v &&
	grep "builds a ship" log
'

test_expect_success 'CK19.9: harbormaster by mail to its end, blue the harbormaster' '
	by_mail harbormaster 4 5 &&
	grep "^ann.trigon: ok: 90 moves by 3 players, round 10, over, blue won (points)$" v &&
	trigon status --json ann.trigon >s.json &&
	test "$(jq -r .state.harbormaster s.json)" = blue
'

test_expect_success 'CK19.10: greater-catan by mail to its end, the supply in every mail'\''s board' '
	by_mail greater-catan 5 1 &&
	grep "^ann.trigon: ok: 21 moves by 3 players, round 3, over, white won (points)$" v &&
	grep "^Number supply: " mail.eml
'

test_done
