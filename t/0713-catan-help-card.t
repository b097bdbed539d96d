#!/bin/sh
test_description='trigon help card for Catan'"'"'s development cards (CA8): the texts, did-you-mean, the list game by game, the lines of trigon play'
. "$(dirname "$0")/setup.sh"

test_expect_success 'CA8.3: help card knight, wrapped at 72 columns' '
	trigon help card knight >out &&
	cat >expect <<-\EOF &&
	Knight (knight, development card). Play it in your own turn, before the
	roll or in the main phase, but not in the turn you bought it, and at
	most one development card a turn (CA8.2). It counts for the largest army
	at once (CA9.1); then you move the robber to another land hex, or on a
	Seafarers map the pirate to another sea hex, and steal one random
	resource card from an opponent with a piece there, without discards
	(CA8.3, CA5.3, CA5.4). Order: play knight robber e3 steal blue.
	EOF
	test_cmp expect out
'

test_expect_success 'CA8.4-CA8.7: every development card by its name in orders, and by its words' '
	for card in victory-point road-building year-of-plenty monopoly
	do
		trigon help card $card >$card.out &&
		head -n 1 $card.out | grep "($card, development card)\." || return 1
	done &&
	grep "never played" victory-point.out &&
	tr "\n" " " <victory-point.out | grep "hidden\|no other player learns" &&
	tr "\n" " " <road-building.out | grep "(CA8.4)" &&
	tr "\n" " " <year-of-plenty.out | grep "(CA8.5)" &&
	tr "\n" " " <monopoly.out | grep "how many each gives is public (CA8.6)" &&
	trigon help card victory point >words &&
	test_cmp victory-point.out words &&
	trigon help card Year of Plenty >words &&
	test_cmp year-of-plenty.out words
'

test_expect_success 'every order a card text gives applies in a position that allows it (catan-rules(7), ORDER LANGUAGE)' '
	test_keys &&
	cat >pos.ini <<-\EOF &&
	[position]
	turn = red
	phase = main

	[red]
	settlements = c2/c3/d3
	roads = c2/d2
	cards = knight road-building year-of-plenty monopoly

	[blue]
	settlements = e2/e3/f2
	roads = e2/e3
	hand = 2 ore

	[white]
	settlements = c4/c5/d5
	roads = c4/c5
	EOF
	for card in knight road-building year-of-plenty monopoly
	do
		rm -f p.trigon &&
		trigon new p.trigon --rules catan --option first=1 --data position=pos.ini \
			--player "red:Ann:keys/green.key.pub" \
			--player "blue:Ben:keys/purple.key.pub" \
			--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
		trigon help card $card | tr "\n" " " | sed "s/.*Order: \(.*\)\. *$/\1/" >order &&
		trigon move -f p.trigon --key keys/green.key "$(cat order)" >/dev/null || return 1
	done
'

test_expect_success 'a misspelt card name of Catan gets did-you-mean (exit 2), nothing on stdout' '
	test_exit_code 2 trigon help card monopolly >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: no card named '\''monopolly'\''; did you mean '\''monopoly'\''?" >expect &&
	test_cmp expect err &&
	test_exit_code 2 trigon help card road-bulding 2>err &&
	echo "trigon: no card named '\''road-bulding'\''; did you mean '\''road-building'\''?" >expect &&
	test_cmp expect err
'

test_expect_success 'help card without a name lists Trigon'"'"'s names, then Catan'"'"'s' '
	trigon help card >out &&
	sed -n "/^The cards of Catan:\$/,/^\$/p" out | sed "/^\$/d" >catan &&
	printf "The cards of Catan:\n  knight victory-point road-building year-of-plenty monopoly\n" >expect &&
	test_cmp expect catan &&
	grep -w promotie out
'

test_expect_success 'trigon play: under the orders that name a card, a line about it (help_card_brief)' '
	cp pos.ini play.ini &&
	trigon keygen --no-passphrase >/dev/null 2>&1 &&
	trigon new pl.trigon --rules catan --option first=1 --data position=play.ini \
		--player "red:Ann:$HOME/.config/trigon/key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
	trigon play pl.trigon </dev/null >out 2>err &&
	sed -n "/^The cards named/,/^[^ ]/p" out >cards &&
	grep "^  knight: counts for the largest army, then moves the robber (or the" cards &&
	grep "^  monopoly: every other player hands you all their cards of one" cards &&
	grep "^  year-of-plenty: take any 2 resource cards from the bank (CA8.5)" cards &&
	grep "^  road-building: two free roads (or ships at sea) (CA8.4)" cards &&
	test_must_fail grep "victory-point" cards
'

test_done
