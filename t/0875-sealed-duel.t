#!/bin/sh
test_description='a sealed game of Catan: het Duel (duel-rules(7), SEALED HANDS, DU23; trigon-save(5), Sealed hands): trigon new --rules catan-duel --chance fair --hands sealed; both seats shuffle the draw stacks; a starting hand is dealt to its seat alone; a card is shown before it is used, a second show and a show out of turn are refused with the file unchanged; two computer players finish a sealed Duel through trigon answer --bot --watch over git (with --long; the game it played is a fixture); the file verifies, fully audited; a show opened with a card dealt to the other seat is refused at its line'
. "$(dirname "$0")/setup.sh"

FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"

# red (Ann) and blue (Ben) hold the fixture keys green and purple.
# answers FILE: each seat answers what it owes, until nobody owes.
answers () {
	for an_round in 1 2 3
	do
		for an_k in green purple
		do
			trigon answer -f "$1" --key keys/$an_k.key >/dev/null || return 1
		done
	done
}

test_expect_success 'setup: a sealed Duel of red and blue; the draw stacks declared as one deck of 36 and shuffled by both seats (DU23.1)' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan-duel \
		--chance fair --hands sealed --seed "$SEED1" \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >/dev/null &&
	answers g.trigon &&
	grep "^#? sealed stacks 0 n=36: blue red$" g.trigon &&
	test $(grep -c "^@ [a-z]* shuffle stacks 0 +[0-9]* | " g.trigon) = 2 &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 0 moves by 2 players, turn 1, red to act$" out &&
	grep "(hands sealed)$" out
'

test_expect_success 'DU23.2: red takes stack 1, blue stack 2: the top three positions of each dealt to its taker alone, the shares by the other; each hand lists its own cards, sealed, and no card of the other' '
	trigon move -f g.trigon --key keys/green.key "start stack 1" >/dev/null &&
	answers g.trigon &&
	trigon move -f g.trigon --key keys/purple.key "start stack 2" >/dev/null &&
	answers g.trigon &&
	grep "^#? deal stacks 0 " g.trigon >deals &&
	cat >expect <<-\EOF &&
	#? deal stacks 0 red 0: blue
	#? deal stacks 0 red 1: blue
	#? deal stacks 0 red 2: blue
	#? deal stacks 0 blue 9: red
	#? deal stacks 0 blue 10: red
	#? deal stacks 0 blue 11: red
	EOF
	test_cmp expect deals &&
	test $(grep -c "^@ blue share stacks 0 [0-2] red " g.trigon) = 3 &&
	test $(grep -c "^@ red share stacks 0 [0-9]* blue " g.trigon) = 3 &&
	trigon hand -f g.trigon --key keys/green.key >red.hand &&
	test $(grep -c "^  card [1-3]: sealed: [a-z-]* (" red.hand) = 3 &&
	trigon hand -f g.trigon --key keys/purple.key >blue.hand &&
	test $(grep -c "^  card [1-3]: sealed: [a-z-]* (" blue.hand) = 3 &&
	! grep "you may not see" red.hand blue.hand &&
	sed -n "s/^  card [1-3]: sealed: \([a-z-]*\) (.*/\1/p" red.hand >red.cards &&
	! grep -f red.cards blue.hand &&
	! grep "^#= .*$(head -1 red.cards)" g.trigon
'

test_expect_success 'DU23.4: before the roll red may show each sealed card; blue may not show now; red shows card 1, opened with its proof; a second show of it is refused; each refusal leaves the file unchanged' '
	trigon moves -f g.trigon --key keys/green.key >moves &&
	grep "^show card 1$" moves && grep "^show card 3$" moves &&
	cp g.trigon before &&
	test_expect_code 1 trigon move -f g.trigon --key keys/purple.key "show card 1" 2>err &&
	cmp before g.trigon &&
	trigon move -f g.trigon --key keys/green.key "show card 1" >/dev/null &&
	answers g.trigon &&
	grep "^#? open stacks 0 0: red$" g.trigon &&
	grep "^@ red open stacks 0 0 " g.trigon &&
	grep "^#= red shows card 1: $(head -1 red.cards)$" g.trigon &&
	cp g.trigon before &&
	test_expect_code 1 trigon move -f g.trigon --key keys/green.key "show card 1" 2>err &&
	grep "refused: card 1 of red is open: nothing to show (DU23.4)" err &&
	cmp before g.trigon &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 3 moves by 2 players, turn 1, red to act$" out
'

test_expect_success 'DU23.4: an open Duel refuses show (blue begins there), the file unchanged' '
	SOURCE_DATE_EPOCH=1700000000 trigon new o.trigon --rules catan-duel \
		--seed "$SEED1" --player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >/dev/null &&
	cp o.trigon before &&
	test_expect_code 1 trigon move -f o.trigon --key keys/purple.key "show card 1" 2>err &&
	grep "refused: no sealed cards in this game: its hands are open (DU23.4)" err &&
	cmp before o.trigon
'

# The live game costs about a minute of CPU and more of wall time on a
# loaded machine (two watches, each pass loading the file with both
# shuffle proofs), so it runs with --long (EXPENSIVE); the game it
# played is the fixture t/fixtures/sealed-duel/bots.trigon, checked
# below in every run.
test_expect_success EXPENSIVE 'two computer players finish a sealed Duel through trigon answer --bot --watch alone, over git; the file verifies, over, fully audited, replayed with every card known' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	homes ann:green:Ann ben:purple:Ben &&
	bot_git_game catan-duel red blue --hands sealed &&
	bot_finished server.trigon "red|blue" &&
	grep "^server.trigon: replayed with every card known: the same game, " verify.out &&
	grep "^#? deal stacks 0 " server.trigon >deals &&
	test -s deals
'

test_expect_success 'a sealed Duel two computer players played through trigon answer --bot --watch over git (t/fixtures/sealed-duel/bots.trigon): over, fully audited, replayed with every card known; every card shown was dealt sealed to its shower' '
	cp "$SHARNESS_TEST_SRCDIR/fixtures/sealed-duel/bots.trigon" server.trigon &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: 128 moves by 2 players, turn 22, over, blue won (points)$" out &&
	grep "^server.trigon: fully audited" out &&
	grep "^server.trigon: replayed with every card known: the same game, 12 sealed cards dealt read face up$" out &&
	test $(grep -c "^#? deal stacks 0 " server.trigon) = 12 &&
	test $(grep -c "^#= [a-z]* shows card [1-9]: [a-z-]*$" server.trigon) = 8 &&
	grep "(hands sealed)$" out &&
	sed -n "s/^#? open stacks 0 \([0-9]*\): \([a-z]*\)$/\2 \1/p" server.trigon >opened &&
	test -s opened &&
	while read who pos
	do
		grep -E "^#\? deal stacks 0 $who ([0-9]+,)*$pos(,[0-9]+)*:" \
			server.trigon >/dev/null || return 1
	done <opened
'

test_expect_success 'refused at its line (DU23.4): the first opening of that game made for a card dealt to the other seat, signed by the seat that shows' '
	n=$(grep -n "^@ [a-z]* open stacks 0 [0-9]* " server.trigon | head -1 | cut -d: -f1) &&
	line=$(sed -n "${n}p" server.trigon) &&
	who=$(echo "$line" | cut -d" " -f2) &&
	share=$(echo "$line" | cut -d" " -f7) &&
	pos=$(grep "^#? deal stacks 0 " server.trigon |
		grep -v "^#? deal stacks 0 $who " | head -1 |
		sed "s/^#? deal stacks 0 [a-z]* \([0-9]*\).*/\1/") &&
	test -n "$pos" &&
	case $who in red) k=green ;; blue) k=purple ;; esac &&
	head -n $((n - 1)) server.trigon >u.trigon &&
	"$FAIRSIGN" keys/$k.key server.trigon "$n" "open stacks 0 $pos $share" >>u.trigon &&
	expect_bad u.trigon "$n" "no await for $who here: stacks 0 position $pos: its opening is not asked$"
'
test_done
