#!/bin/sh
test_description='a sealed game of Catan (catan-rules(7), CA15; trigon-save(5), Sealed hands): trigon new --rules catan --chance fair --hands sealed; every seat shuffles the development deck; a card bought is read by its buyer alone (hand), the others see a count; a card played before it is shown, and a show of a position not dealt, are refused with the file unchanged; show opens it with its proof; three computer players finish sealed games through trigon answer --bot --watch over git and over three maildirs, and the files verify, fully audited; bot --suggest reads the sealed cards of its own seat'
. "$(dirname "$0")/setup.sh"

# red (Ann), blue (Ben), white (Cat) hold the fixture keys green, purple
# and yellow.
key_of () {
	case $1 in
	red) echo green ;;
	blue) echo purple ;;
	white) echo yellow ;;
	esac
}

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

# move FILE SEAT ACTION: SEAT's action, then every answer.
move () {
	trigon move -f "$1" --key "keys/$(key_of $2).key" "$3" >/dev/null &&
	answers "$1"
}

# short_new FILE INI VP [SEED]: Ann's sealed game of red (Ann), blue
# (Ben) and white (Cat), each with its e-mail address, from the position
# INI, won at VP points, with SEED ($SEED1 unless given); Ann joins at
# new.
short_new () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --rules catan \
		--chance fair --hands sealed --seed "${4:-$SEED1}" --option vp=$3 \
		--option first=1 --data position="$HOME_DIR/$2" \
		--key "$HOME_DIR/keys/green.key" \
		--player "red:Ann:ann@example.org:$(cat "$HOME_DIR/keys/green.key.pub")" \
		--player "blue:Ben:ben@example.org:$(cat "$HOME_DIR/keys/purple.key.pub")" \
		--player "white:Cat:cat@example.org:$(cat "$HOME_DIR/keys/yellow.key.pub")" \
		>/dev/null
}

# A short position (catan-rules(7), D4): red to play, with the cards of
# two development cards and a city; the game is won at 5 points.
test_expect_success 'setup: a sealed game of red, blue and white from a short position; the joins and the three shuffles of the development deck (CA15.1)' '
	test_keys &&
	cat >pos.ini <<-\EOF &&
	[position]
	turn = red
	phase = main

	[red]
	settlements = c3/d3/d4 d5/d6/e5
	roads = c3/d3 d5/d6
	hand = 2 grain 2 ore 2 wool

	[blue]
	settlements = e2/e3/f2
	roads = e2/e3
	EOF
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan --chance fair \
		--hands sealed --seed "$SEED1" --option vp=5 --option first=1 \
		--data position=pos.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
	answers g.trigon &&
	grep "^#? sealed dev 0 n=25: white blue red$" g.trigon &&
	grep -c "^@ [a-z]* shuffle dev 0 +[0-9]* | " g.trigon >n &&
	echo 3 >expect && test_cmp expect n &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 0 moves by 3 players, round [0-9]*, red to act$" out &&
	grep "(hands sealed)$" out
'

test_expect_success 'red buys a card: position 0 dealt to red alone (CA15.2), its type named nowhere in the file' '
	move g.trigon red "buy card" &&
	grep "^#? deal dev 0 red 0: blue white$" g.trigon &&
	grep "^@ blue share dev 0 0 red " g.trigon &&
	grep "^@ white share dev 0 0 red " g.trigon &&
	grep "^#= red bought a development card (24 left)$" g.trigon &&
	! grep -e "knight" -e "victory" -e "road-building" -e "year-of-plenty" -e "monopoly" g.trigon &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 1 move by 3 players" out
'

test_expect_success 'hand: red reads its sealed card; blue reads only its own; the status shows a count, not the type (CA15.6)' '
	trigon hand -f g.trigon --key keys/green.key >out &&
	sed -n "s/^sealed 0: \([a-z-]*\) (new this turn) (show 0)$/\1/p" out >type &&
	test -s type &&
	trigon hand -f g.trigon --key keys/purple.key >out &&
	! grep "^sealed" out &&
	grep "^development cards: none$" out &&
	trigon status -f g.trigon >out &&
	grep "^red .* 1 development (1 new) " out &&
	grep "deck 24$" out &&
	! grep -w -f type out
'

test_expect_success 'refused, the file unchanged: a card played before it is shown, a position red was not dealt, a show by another seat (CA15.3)' '
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/green.key "play monopoly wool" 2>err &&
	grep "refused: you hold no monopoly card" err &&
	test_exit_code 1 trigon move -f g.trigon --key keys/green.key "show 1" 2>err &&
	grep "refused: development card 1 is not a sealed card of red$" err &&
	test_exit_code 1 trigon move -f g.trigon --key keys/purple.key "show 0" 2>err &&
	grep "refused: it is not blue.s turn: red to play$" err &&
	test_exit_code 1 trigon move -f g.trigon --key keys/green.key "show zero" 2>err &&
	grep "refused: .show N., N the position of one of your sealed development cards" err &&
	cmp before g.trigon
'

test_expect_success 'red shows its card: opened to all with its proof (CA15.3), an open card of its hand, new this turn' '
	move g.trigon red "show 0" &&
	grep "^#? open dev 0 0: red$" g.trigon &&
	grep "^@ red open dev 0 0 " g.trigon &&
	grep "^#= red shows development card 0: $(cat type)$" g.trigon &&
	trigon hand -f g.trigon --key keys/green.key >out &&
	grep "^development cards: 1 $(cat type) (new this turn)$" out &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 2 moves by 3 players" out
'

test_expect_success 'three computer players finish a sealed game through trigon answer --bot --watch alone, over git (the short position, red a city from 3 points, with the cards of a development card too); the file verifies, fully audited' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	homes ann:green:Ann ben:purple:Ben cat:yellow:Cat &&
	sed "s/^hand = 2 grain 2 ore 2 wool$/hand = 3 grain 4 ore 1 wool/" pos.ini >short.ini &&
	git_server srv/game.git &&
	git clone -q srv/game.git ann 2>/dev/null &&
	(cd ann && short_new g.trigon short.ini 3) &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git ben &&
	git clone -q srv/game.git cat &&
	bot_bg ann "$HOME_DIR/home-ann" ann -f g.trigon &&
	bot_bg ben "$HOME_DIR/home-ben" ben -f g.trigon &&
	bot_bg cat "$HOME_DIR/home-cat" cat -f g.trigon &&
	bot_ended ann 900 && bot_ended ben 900 && bot_ended cat 900 &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	grep "^#? sealed dev 0 n=25: white blue red$" server.trigon &&
	test_exit_code 0 trigon verify server.trigon >verify.out &&
	grep -E "^server.trigon: ok: [0-9]+ moves? by 3 players, .*over, (red|blue|white) won " verify.out &&
	grep "^server.trigon: fully audited" verify.out
'

# The seed 6's development deck, shuffled by the three seats, holds a
# victory-point card at position 0.
test_expect_success 'three computer players finish a sealed game through trigon answer --bot --watch --maildir alone, over three maildirs (deliver copies a mail to every box it names): red, at 2 of 3 points with the cards of a development card among too many, buys position 0 sealed (CA15.2), shows it (CA15.3), a victory point, and wins; every seat'\''s copy is the same but its end line, over and fully audited' '
	cat >vp.ini <<-\EOF &&
	[position]
	turn = red
	phase = main

	[red]
	settlements = c3/d3/d4 d5/d6/e5
	roads = c3/d3 d5/d6
	hand = 1 grain 1 ore 8 wool

	[blue]
	settlements = e2/e3/f2
	roads = e2/e3
	EOF
	HOME_DIR=$PWD && export HOME_DIR &&
	bot_mail_homes ann:Ann ben:Ben cat:Cat &&
	short_new ann.trigon vp.ini 3 "$(printf "%064d" 6)" &&
	bot_mail_play ann:green ben:purple cat:yellow &&
	grep "^#? sealed dev 0 n=25: white blue red$" ann.trigon &&
	grep "^#? deal dev 0 [a-z]* [0-9]*: " ann.trigon >deals &&
	echo "#? deal dev 0 red 0: blue white" >expect &&
	test_cmp expect deals &&
	grep "^[0-9]* red " ann.trigon | cut -d"|" -f1 >moves &&
	printf "%s\n" "1 red buy card " "2 red show 0 " >expect &&
	test_cmp expect moves &&
	grep -x "#= red shows development card 0: victory-point" ann.trigon &&
	grep -x "#= red wins with 3 points" ann.trigon &&
	grep "^ann.trigon: red waits for blue'\''s and white'\''s clients to release the shares of dev 0$" mann.out &&
	grep "^ann.trigon: red waits for blue'\''s and white'\''s clients to audit the game'\''s end$" mann.out &&
	for who in ann ben cat
	do
		grep "the game is over and [a-z]* owes nothing more; the watch ends$" m$who.out &&
		test_exit_code 0 trigon verify $who.trigon >verify.out &&
		grep "^$who.trigon: ok: 2 moves by 3 players, round 1, over, red won (points)$" verify.out &&
		grep "^$who.trigon: fully audited" verify.out || return 1
	done
'

test_expect_success 'a whole sealed game of three computer players (trigon bot and answer; t/fixtures/sealed-catan/bots.trigon): every card played was shown first by its player (CA15.3), six deals, over and fully audited' '
	cp "$SHARNESS_TEST_SRCDIR/fixtures/sealed-catan/bots.trigon" b.trigon &&
	test_exit_code 0 trigon verify b.trigon >out &&
	grep "^b.trigon: ok: 136 moves by 3 players, round 15, over, blue won (points)$" out &&
	grep "^b.trigon: fully audited" out &&
	test $(grep -c "^#? deal dev 0 " b.trigon) = 6 &&
	sed -n "s/^#= \([a-z]*\) plays knight$/\1/p" b.trigon >played &&
	test $(wc -l <played) = 5 &&
	sed -n "s/^#= \([a-z]*\) shows development card [0-9]*: knight$/\1/p" b.trigon >shown &&
	sort played >p && sort shown >s && test_cmp s p
'

# The same position and seed: red buys position 0, the victory point.
test_expect_success 'bot --suggest reads its own seat'\''s sealed cards (CA15.6): red, holding the sealed victory point that wins, is told to show it; the file unchanged' '
	HOME_DIR=$PWD && export HOME_DIR &&
	short_new s.trigon vp.ini 3 "$(printf "%064d" 6)" &&
	answers s.trigon &&
	move s.trigon red "buy card" &&
	trigon hand -f s.trigon --key keys/green.key >out &&
	grep "^sealed 0: victory-point (new this turn) (show 0)$" out &&
	cp s.trigon before &&
	trigon bot -f s.trigon --as red --key keys/green.key --suggest >out &&
	head -n 1 out >first &&
	echo "s.trigon: suggest: show 0" >expect &&
	test_cmp expect first &&
	cmp before s.trigon
'

test_done
