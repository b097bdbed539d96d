#!/bin/sh
test_description='a sealed game of Cities & Knights (catan-ck-rules(7), CK20; trigon-save(5), Sealed hands): trigon new --rules catan-ck --chance fair --hands sealed; every seat shuffles the three progress decks; three computer players finish a sealed game through trigon answer --bot --watch over git; every progress card played was shown first; the file verifies, fully audited'
. "$(dirname "$0")/setup.sh"

# red (Ann), blue (Ben), white (Cat) hold the fixture keys green, purple
# and yellow.

# answers FILE: each seat answers what it owes, until nobody owes.
answers () {
	for an_round in 1 2 3
	do
		for an_k in green purple yellow
		do
			trigon answer -f "$1" --key keys/$an_k.key >/dev/null || return 1
		done
	done
}

# A short position (catan-ck-rules(7), CK1.1, catan-rules(7) D4): red to
# play, 7 of 10 points, with the commodities of three levels of every
# track, which its first orders build, so that most gates deal it a card.
test_expect_success 'setup: a sealed game of red, blue and white from a short position; the three progress decks declared and shuffled by every seat (CK20.1)' '
	test_keys &&
	cat >pos.ini <<-\EOF &&
	[position]
	turn = red
	phase = main

	[red]
	cities = c3/d3/d4 d5/d6/e5 b2/c2/c3
	settlements = e3/e4/f3
	roads = c3/d3 d5/d6
	hand = 6 cloth 6 coin 6 paper

	[blue]
	cities = e2/e3/f2
	roads = e2/e3

	[white]
	cities = a3/b3/b4
	EOF
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan-ck \
		--chance fair --hands sealed --seed "$SEED1" --option points=10 \
		--data position=pos.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
	answers g.trigon &&
	grep "^#? sealed prog-trade 0 n=18: white blue red$" g.trigon &&
	grep "^#? sealed prog-politics 0 n=18: white blue red$" g.trigon &&
	grep "^#? sealed prog-science 0 n=18: white blue red$" g.trigon &&
	test $(grep -c "^@ [a-z]* shuffle prog-[a-z]* 0 +[0-9]* | " g.trigon) = 9 &&
	trigon verify g.trigon >out &&
	grep "(hands sealed)$" out
'

test_expect_success 'red builds three levels of every track (CK9.2)' '
	for t in trade politics science trade politics science trade politics science
	do
		trigon move -f g.trigon --key keys/green.key "improve $t" >/dev/null &&
		answers g.trigon || return 1
	done &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 9 moves by 3 players" out
'

test_expect_success 'three computer players finish the sealed game through trigon answer --bot --watch alone, over git; every card drawn sealed was dealt with shares, every card played was shown first (CK20.2, CK20.3); the file verifies, fully audited' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	homes ann:green:Ann ben:purple:Ben cat:yellow:Cat &&
	git_server srv/game.git &&
	git clone -q srv/game.git ann 2>/dev/null &&
	cp g.trigon ann/g.trigon &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git ben &&
	git clone -q srv/game.git cat &&
	bot_bg ann "$HOME_DIR/home-ann" ann -f g.trigon &&
	bot_bg ben "$HOME_DIR/home-ben" ben -f g.trigon &&
	bot_bg cat "$HOME_DIR/home-cat" cat -f g.trigon &&
	bot_ended ann 1200 && bot_ended ben 1200 && bot_ended cat 1200 &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	test_exit_code 0 trigon verify server.trigon >verify.out &&
	grep -E "^server.trigon: ok: [0-9]+ moves? by 3 players, .*over, (red|blue|white) won " verify.out &&
	grep "^server.trigon: fully audited" verify.out &&
	grep "^#? deal prog-" server.trigon >deals &&
	test -s deals &&
	sed -n "s/^#= [a-z]* plays \(.*\)$/\1/p" server.trigon | sort >played &&
	sed -n "s/^#= [a-z]* shows progress card [0-9]*: \(.*\)$/\1/p" server.trigon | sort >shown &&
	comm -23 played shown >unshown &&
	test_must_be_empty unshown
'

test_done
