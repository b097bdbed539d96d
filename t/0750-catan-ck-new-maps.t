#!/bin/sh
test_description='Cities & Knights on the newer Seafarers maps (catan-ck-rules(7), CK19.2, CK19.9, CK19.10): treasures, treasures-2, harbormaster and greater-catan made for three and four to 15 points; the harbormaster held from a position and kept through a pillage; Greater Catan numbers given by ships and swapped by the Inventor; a game on each map from a short position (t/play/ck-MAP.ini) by random legal orders to its end, verified'
. "$(dirname "$0")/setup.sh"

MAPS="treasures treasures-2 harbormaster greater-catan"

# from_position FILE MAP: a game of three on MAP from t/play/ck-MAP.ini.
from_position () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --rules catan-ck \
		--option map=$2 --option points=10 --option first=1 \
		--seed $SEED1 --data position="$SHARNESS_TEST_SRCDIR/play/ck-$2.ini" \
		$(catan_players) >/dev/null
}

# play_out FILE RNGSEED: random legal orders preferring builds, to the end.
play_out () {
	"$PLAY" "$1" 20000 $2 -x resign -p "build city" -p "build settlement" \
		-p "build ship" -p improve keys/green.key keys/purple.key \
		keys/yellow.key >/dev/null
}

test_expect_success 'CK19.2, CK19.9, CK19.10: each map made for three and four, to 15 points; the harbormaster and the supply in the state' '
	test_keys &&
	for m in $MAPS
	do
		for n in 3 4
		do
			SOURCE_DATE_EPOCH=1700000000 trigon new $m-$n.trigon \
				--rules catan-ck --option map=$m --seed $SEED1 \
				$(catan_players $n) >/dev/null &&
			trigon status --json $m-$n.trigon >s.json &&
			test "$(jq .state.target s.json)" = 15 || return 1
		done
	done &&
	trigon status --json harbormaster-3.trigon >s.json &&
	test "$(jq .state.harbormaster s.json)" = null &&
	trigon status --json treasures-3.trigon >s.json &&
	test "$(jq "has(\"harbormaster\")" s.json)" = false &&
	trigon status --json greater-catan-3.trigon >s.json &&
	test "$(jq -c .state.supply s.json)" = "[4,10,5,9]" &&
	trigon status --json greater-catan-4.trigon >s.json &&
	test "$(jq -c .state.supply s.json)" = "[4,10,5,9,3]"
'

test_expect_success 'CK19.9: harbormaster=on stays refused in Cities & Knights, no file written' '
	test_exit_code 2 trigon new b.trigon --rules catan-ck \
		--option map=new-shores --option harbormaster=on \
		$(catan_players) 2>err &&
	! test -e b.trigon
'

test_expect_success 'CK19.9: a position with blue at two harbors (a city, a settlement: 3 harbor points) makes blue the harbormaster, 8 points' '
	from_position hm.trigon harbormaster &&
	trigon status hm.trigon >st &&
	grep "^blue      *8 VP " st &&
	grep "^red      *6 VP " st &&
	trigon status --json hm.trigon >s.json &&
	test "$(jq -r .state.harbormaster s.json)" = blue &&
	trigon board --width 200 hm.trigon >board &&
	grep "^Blue: 8 points (harbormaster); 3 harbor points;" board
'

test_expect_success 'CK19.9, CK12.5: played to the end (play seed 5); the barbarians pillage blue'\''s harbor city, 2 harbor points, and blue keeps the title: no other note of it' '
	play_out hm.trigon 5 &&
	trigon verify hm.trigon >v &&
	grep "^hm.trigon: ok: 276 moves by 3 players, round 26, over, blue won (points)$" v &&
	trigon log hm.trigon >log &&
	grep "^     the barbarians pillage blue.s city at a3/a4/b4$" log &&
	! grep "harbormaster" log &&
	trigon status --json hm.trigon >s.json &&
	test "$(jq -r .state.harbormaster s.json)" = blue
'

test_expect_success 'CK19.10: Greater Catan played to the end (play seed 6): ships take the supply, the Inventor swaps a number a ship gave' '
	from_position gc.trigon greater-catan &&
	play_out gc.trigon 6 &&
	trigon verify gc.trigon >v &&
	grep "^gc.trigon: ok: 534 moves by 3 players, round 47, over, white won (points)$" v &&
	trigon log gc.trigon >log &&
	grep "^     f10 gets the number 4 from the supply (3 left)$" log &&
	grep "^     blue swaps the 5 of e8 and the 4 of f10$" log &&
	trigon board --width 200 gc.trigon >board &&
	grep "^Number supply: " board
'

test_expect_success 'CK19.1, CA10.5: treasures and treasures-2 played to the end (play seed 5), a treasure found' '
	for m in treasures treasures-2
	do
		from_position $m.trigon $m &&
		play_out $m.trigon 5 &&
		trigon verify $m.trigon >v &&
		grep ", over, [a-z]* won (points)$" v &&
		trigon log $m.trigon >log.$m || return 1
	done &&
	grep "^     white finds roads at d8/d9/e8: the next 2 roads or ships are free$" log.treasures
'

test_done
