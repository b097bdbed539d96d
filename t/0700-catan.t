#!/bin/sh
test_description='Catan: a whole game on the beginner map through trigon new, moves, move and verify'
. "$(dirname "$0")/setup.sh"

# Red, blue and white hold the fixture keys green, purple and yellow.

test_expect_success 'trigon new --rules catan: red, blue, white on the beginner map' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan --option first=1 \
		--seed $SEED1 --player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" >out &&
	echo "c.trigon: new game of Catan for red (Ann), blue (Ben), white (Cat); red to act" >expect &&
	test_cmp expect out
'

test_expect_success 'CA1.5: a new game records first=draw (rules.new_options): the first seat is drawn, the same for the same seed; --option first=1 keeps seat 1, as in files without the option' '
	for s in 1 2 3 4 5 6
	do
		SOURCE_DATE_EPOCH=1700000000 trigon new d$s.trigon --rules catan \
			--seed $(printf "%064x" $s) --player "red:Ann:keys/green.key.pub" \
			--player "blue:Ben:keys/purple.key.pub" \
			--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
		grep -x "option first=draw" d$s.trigon &&
		to_act d$s.trigon >>firsts || return 1
	done &&
	sort -u firsts >seen &&
	test $(wc -l <seen) -ge 2 &&
	SOURCE_DATE_EPOCH=1700000000 trigon new e1.trigon --rules catan \
		--seed $(printf "%064x" 1) --player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
	cmp d1.trigon e1.trigon &&
	grep -x "option first=1" c.trigon &&
	! grep "first=draw" c.trigon
'

test_expect_success 'CA3.3: set-up in snake order, each placement through trigon move' '
	: >order &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12
	do
		who=$(to_act c.trigon) &&
		trigon moves -f c.trigon --key $(catan_key $who) >moves &&
		first=$(head -n 1 moves) &&
		trigon move -f c.trigon --key $(catan_key $who) "$first" >/dev/null &&
		echo $who >>order || return 1
	done &&
	printf "%s\n" red red blue blue white white white white blue blue red red >expect &&
	test_cmp expect order &&
	test "$(to_act c.trigon)" = red
'

test_expect_success 'CA4.1: red rolls and ends through trigon move; refusals exit 1' '
	test_exit_code 1 trigon move -f c.trigon --key keys/green.key end 2>err &&
	grep "roll first" err &&
	trigon move -f c.trigon --key keys/green.key roll >/dev/null &&
	trigon verify c.trigon >out
'

test_expect_success 'the game played to its end by random legal actions, then verified' '
	"$PLAY" c.trigon 100000 3 -x resign keys/green.key keys/purple.key \
		keys/yellow.key >played &&
	trigon verify c.trigon >out &&
	grep "over, [a-z]* won (points)" out &&
	test_exit_code 1 trigon move -f c.trigon --key keys/green.key end 2>err
'

test_expect_success 'the status names the winner and the target' '
	trigon status -f c.trigon >out &&
	grep "has won" out
'

test_expect_success 'the computer player (the core search over catan_search) plays Catan' '
	SOURCE_DATE_EPOCH=1700000000 trigon new b.trigon --rules catan --option first=1 \
		--seed $SEED2 --player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
	trigon bot -f b.trigon --as red --key keys/green.key --playouts 20 --suggest \
		--seed 1 >out &&
	sed -n "1s/^b.trigon: suggest: //p" out >action &&
	test -s action &&
	trigon moves -f b.trigon --key keys/green.key >moves &&
	grep -x -F -f action moves &&
	trigon selfplay --rules catan --games 2 --players 3 --playouts 4 \
		--seed 1 --max-rounds 400 >report &&
	grep "^won by points: *100.0 %" report
'

test_expect_success 'status counts cards and knights in the singular and the plural (1 card, 1 knight; 2 cards)' '
	cat >pos.ini <<-\EOF &&
	[position]
	turn = red
	phase = main

	[red]
	settlements = c3/c4/d4
	roads = c3/c4
	hand = 1 brick
	knights = 1

	[blue]
	settlements = e2/e3/f2
	roads = e2/e3
	hand = 2 wool
	EOF
	trigon new p.trigon --rules catan --option first=1 --data position=pos.ini \
		--player "red:Ann:keys/green.key.pub" --player "blue:Bob:keys/purple.key.pub" \
		--player "white:Cy:keys/yellow.key.pub" >/dev/null &&
	trigon status -f p.trigon >out &&
	sed -n 4,6p out >players &&
	cat >expect <<-\EOF &&
	red      1 VP+?   1 card   0 development (0 new)  1 knight  route 1
	blue     1 VP+?   2 cards  0 development (0 new)  0 knights  route 1
	white    0 VP+?   0 cards  0 development (0 new)  0 knights  route 0
	EOF
	test_cmp expect players
'

test_expect_success 'a position'\''s knights = 300 is refused at its line, no file written (it was read as 44)' '
	sed "s/^knights = 1$/knights = 300/" pos.ini >big.ini &&
	test_must_fail trigon new big.trigon --rules catan --option first=1 \
		--data position=big.ini \
		--player "red:Ann:keys/green.key.pub" --player "blue:Bob:keys/purple.key.pub" \
		--player "white:Cy:keys/yellow.key.pub" 2>err &&
	grep "big.ini:9.*knights: at most 99" err &&
	! test -e big.trigon
'

test_done
