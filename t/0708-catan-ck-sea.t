#!/bin/sh
test_description='Cities & Knights on the Seafarers maps (catan-ck-rules(7), CK19): a game made on new-shores and fog-islands with the target 15, played to its end by random legal orders and verified; the board as text and SVG draws ships, the pirate, knights and the barbarians together; the computer players play both maps to the end'
. "$(dirname "$0")/setup.sh"

# new_sea FILE MAP [ARGS...]: a C&K game of three on MAP, seat 1 first.
new_sea () {
	ns_file=$1
	ns_map=$2
	shift 2
	SOURCE_DATE_EPOCH=1700000000 trigon new $ns_file --rules catan-ck \
		--option first=1 --option map=$ns_map --seed $SEED1 \
		$(catan_players) "$@"
}

test_expect_success 'CK19.1, CK19.2: catan-ck on new-shores and fog-islands is made, to 15 points; points=N is the target as given' '
	test_keys &&
	new_sea ns.trigon new-shores >out &&
	grep -x "option map=new-shores" ns.trigon &&
	trigon status --json ns.trigon >s.json &&
	test "$(jq .state.target s.json)" = 15 &&
	new_sea fi.trigon fog-islands >out &&
	trigon status --json fi.trigon >s.json &&
	test "$(jq .state.target s.json)" = 15 &&
	new_sea p.trigon new-shores --option points=13 >out &&
	trigon status --json p.trigon >s.json &&
	test "$(jq .state.target s.json)" = 13
'

test_expect_success 'CK19.1: a whole game on new-shores by random legal orders to its end, verified; ships, knights and the pirate met' '
	"$PLAY" ns.trigon 30000 3 -x resign keys/green.key keys/purple.key \
		keys/yellow.key >played &&
	trigon verify ns.trigon >v &&
	grep "^ns.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)\$" v &&
	trigon log ns.trigon >log &&
	grep "builds a ship" log >/dev/null &&
	grep "builds a basic knight" log >/dev/null &&
	grep "the barbarian ship moves" log >/dev/null
'

test_expect_success 'CK19.1: a whole game on fog-islands by random legal orders to its end, verified; fog uncovered' '
	"$PLAY" fi.trigon 30000 4 -x resign keys/green.key keys/purple.key \
		keys/yellow.key >played &&
	trigon verify fi.trigon >v &&
	grep "^fi.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)\$" v &&
	trigon log fi.trigon >log &&
	grep -E "^     [a-g][0-9]+: (sea|hills|forest|pasture|fields|mountains|gold)" log >/dev/null
'

test_expect_success 'CK18.5, CK19.1: the board as text draws the pirate, ships as capitals, knights and the barbarians line; every line within the width' '
	trigon board -f ns.trigon --width 120 --ascii --color never >board &&
	grep "PIR" board &&
	grep "^Barbarians: the ship at [0-9] of 7; strength" board &&
	grep "[1-3][RBWrbw]" board >/dev/null &&
	grep "ships [a-g][0-9]*/" board >/dev/null &&
	awk "length > 120 { bad = 1 } END { exit bad }" board
'

test_expect_success 'CK19.1: the SVG holds ships, the pirate, knights and the barbarians, and is well formed' '
	trigon board --svg ns.trigon >b.svg &&
	xmllint --noout b.svg &&
	grep "class=\"ship\"" b.svg >/dev/null &&
	grep "class=\"knight\"" b.svg >/dev/null &&
	grep "class=\"barbarians\"" b.svg >/dev/null &&
	grep -i "pirate" b.svg >/dev/null
'

test_expect_success 'CK19.1: the computer players play Cities & Knights on new-shores and fog-islands to the end (selfplay)' '
	trigon selfplay --rules catan-ck --option map=new-shores --games 2 \
		--players 4 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report &&
	grep "options map=new-shores" report &&
	trigon selfplay --rules catan-ck --option map=fog-islands --games 2 \
		--players 3 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report
'

test_done
