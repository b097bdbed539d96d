#!/bin/sh
test_description='Catan computer players: the kinds of trigon bot and selfplay, and a seat answering an offer to it out of turn (CA7.3)'
. "$(dirname "$0")/setup.sh"

test_expect_success 'a position: blue to play, red one ore short of a city' '
	test_keys &&
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
	trigon new p.trigon --rules catan --option first=1 --data position=pos.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Bob:keys/purple.key.pub" \
		--player "white:Cy:keys/yellow.key.pub" >/dev/null
'

test_expect_success 'with no offer open, trigon bot has nothing to do for red' '
	trigon bot -f p.trigon --as red --key keys/green.key --playouts 20 >out &&
	grep "nothing to do for red" out
'

test_expect_success 'CA7.3: red, asked out of turn, accepts an offer that gives it the ore for its city' '
	trigon move -f p.trigon --key keys/purple.key \
		"offer 1 ore for 1 wool to red" >/dev/null &&
	trigon bot -f p.trigon --as red --key keys/green.key --playouts 20 \
		--suggest >out &&
	grep -x "p.trigon: suggest: accept 1" out &&
	trigon bot -f p.trigon --as red --key keys/green.key --playouts 20 >out &&
	trigon hand -f p.trigon --as red --key keys/green.key >hand &&
	grep "3 ore" hand &&
	! grep wool hand
'

test_expect_success 'CA7.3: red declines an offer that costs it the ore it needs' '
	trigon move -f p.trigon --key keys/purple.key \
		"offer 1 wool for 1 ore to red" >/dev/null &&
	trigon bot -f p.trigon --as red --key keys/green.key --playouts 20 >out &&
	trigon log -f p.trigon >log &&
	grep "red declines #2" log &&
	trigon hand -f p.trigon --as red --key keys/green.key >hand &&
	grep "3 ore" hand
'

test_expect_success 'trigon bot --player greedy plays Catan; an unknown kind is refused' '
	trigon bot -f p.trigon --as blue --key keys/purple.key --player greedy \
		--suggest >out &&
	sed -n "1s/^p.trigon: suggest: //p" out >action &&
	test -s action &&
	trigon moves -f p.trigon --key keys/purple.key >moves &&
	grep -x -F -f action moves &&
	test_expect_code 2 trigon bot -f p.trigon --as blue \
		--key keys/purple.key --player clever --suggest 2>err &&
	grep "clever" err
'

test_expect_success 'selfplay: four searching players finish their games by points' '
	trigon selfplay --rules catan --games 2 --players 4 --playouts 8 \
		--seed 3 --max-rounds 400 >report &&
	grep "^won by points: *100.0 %" report
'

test_done
