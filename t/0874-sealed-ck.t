#!/bin/sh
test_description='a sealed game of Cities & Knights (catan-ck-rules(7), CK20; trigon-save(5), Sealed hands): a position of C&K (DATA FILES) and its refusals; trigon new --rules catan-ck --chance fair --hands sealed from it; every seat shuffles the three progress decks; three computer players finish a sealed game through trigon answer --bot --watch over git and over three maildirs (with --long; the games they played are fixtures); every progress card played was shown first; the file verifies, fully audited; a show of a card dealt to another seat is refused at its line'
. "$(dirname "$0")/setup.sh"

# red (Ann), blue (Ben), white (Cat) hold the fixture keys green, purple
# and yellow.  The games start from a short position (t/play/ck-short.ini,
# catan-ck-rules(7), DATA FILES): every seat at 9 points of 10 (CK15.2,
# the least the option allows), every improvement at level 2, red to roll.
POS="$SHARNESS_TEST_SRCDIR/play/ck-short.ini"
FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"
RESIGN="$TRIGON_BUILD_DIR/t/helpers/resign"

key_of () {
	case $1 in
	red) echo green ;;
	blue) echo purple ;;
	white) echo yellow ;;
	esac
}

test_expect_success 'a position of C&K (catan-ck-rules(7), DATA FILES): improvement levels and Defender points count; a level past 3 (CK10.2) and development cards (CK1.2) are refused at their lines, no file written' '
	test_keys &&
	trigon new p.trigon --rules catan-ck --option points=10 \
		--data position="$POS" $(catan_players) >/dev/null &&
	trigon status -f p.trigon >out &&
	grep "^red      9 VP .* improvements 2/2/2 .* defender 2$" out &&
	grep "^white    9 VP .* improvements 2/2/2 .* defender 2$" out &&
	grep "^red to roll$" out &&
	sed "s/^improvements = trade 2 politics 2 science 2$/improvements = trade 4/" \
		"$POS" >bad.ini &&
	test_exit_code 2 trigon new q.trigon --rules catan-ck \
		--data position=bad.ini $(catan_players) 2>err &&
	grep "^trigon: bad.ini:16: error: improvements: trade.s level from 0 to 3 (CK10.2)$" err &&
	sed "s/^defender = 2$/cards = knight/" "$POS" >bad.ini &&
	test_exit_code 2 trigon new q.trigon --rules catan-ck \
		--data position=bad.ini $(catan_players) 2>err &&
	grep "^trigon: bad.ini:17: error: Cities & Knights has no development cards (CK1.2): no key .cards.$" err &&
	! test -e q.trigon
'

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

test_expect_success 'setup: a sealed game of red, blue and white; the three progress decks declared and shuffled by every seat (CK20.1)' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan-ck \
		--chance fair --hands sealed --seed "$SEED1" --option points=10 \
		--option first=1 --data position="$POS" $(catan_players) >/dev/null &&
	answers g.trigon &&
	grep "^#? sealed prog-trade 0 n=18: white blue red$" g.trigon &&
	grep "^#? sealed prog-politics 0 n=18: white blue red$" g.trigon &&
	grep "^#? sealed prog-science 0 n=18: white blue red$" g.trigon &&
	test $(grep -c "^@ [a-z]* shuffle prog-[a-z]* 0 +[0-9]* | " g.trigon) = 9 &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 0 moves by 3 players, round 1, red to act$" out &&
	grep "(hands sealed)$" out
'

test_expect_success 'CK20.3: an open game of C&K, its set-up played, refuses show, the file unchanged' '
	SOURCE_DATE_EPOCH=1700000000 trigon new o.trigon --rules catan-ck \
		--seed "$SEED1" --option first=1 $(catan_players) >/dev/null &&
	"$PLAY" o.trigon 12 1 -x resign keys/green.key keys/purple.key keys/yellow.key >/dev/null &&
	cp o.trigon before &&
	test_expect_code 1 trigon move -f o.trigon --key keys/green.key "show 0" 2>err &&
	grep "refused: no sealed cards in this game: its hands are open" err &&
	cmp before o.trigon
'

# The live game costs minutes of CPU on a loaded machine (three watches,
# each pass loading the file with its nine shuffle proofs), so it runs
# with --long (EXPENSIVE); the game it played is the fixture
# t/fixtures/sealed-ck/bots.trigon, checked below in every run.
test_expect_success EXPENSIVE 'three computer players finish the sealed game from the short position through trigon answer --bot --watch alone, over git; the file verifies, over, fully audited; every progress card played was shown first' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	homes ann:green:Ann ben:purple:Ben cat:yellow:Cat &&
	git_server srv/game.git &&
	git clone -q srv/game.git ann 2>/dev/null &&
	(cd ann && SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon \
		--rules catan-ck --chance fair --hands sealed --seed "$SEED1" \
		--option points=10 --option first=1 --data position="$POS" \
		--key "$HOME_DIR/keys/green.key" \
		--player "red:Ann:ann@example.org:$(cat "$HOME_DIR/keys/green.key.pub")" \
		--player "blue:Ben:ben@example.org:$(cat "$HOME_DIR/keys/purple.key.pub")" \
		--player "white:Cat:cat@example.org:$(cat "$HOME_DIR/keys/yellow.key.pub")" \
		>/dev/null) &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git ben &&
	git clone -q srv/game.git cat &&
	bot_bg ann "$HOME_DIR/home-ann" ann -f g.trigon &&
	bot_bg ben "$HOME_DIR/home-ben" ben -f g.trigon &&
	bot_bg cat "$HOME_DIR/home-cat" cat -f g.trigon &&
	bot_ended ann 600 && bot_ended ben 600 && bot_ended cat 600 &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	test_exit_code 0 trigon verify server.trigon >verify.out &&
	grep -E "^server.trigon: ok: [0-9]+ moves? by 3 players, .*over, (red|blue|white) won " verify.out &&
	grep "^server.trigon: fully audited" verify.out &&
	grep "^#? deal prog-[a-z]* 0 " server.trigon >deals &&
	test -s deals &&
	sed -n "s/^#= \([a-z]*\) plays \(.*\)$/\1 \2/p" server.trigon >played &&
	test -s played &&
	sed -n "s/^#= \([a-z]*\) shows progress card [0-9]*: \(.*\)$/\1 \2/p" \
		server.trigon >shown &&
	sort played >p && sort shown >s && test_cmp s p
'

test_expect_success 'a sealed game three computer players played through trigon answer --bot --watch over git from the short position (t/fixtures/sealed-ck/bots.trigon): over, fully audited; three trade cards dealt sealed; every card played was shown first by its player (CK20.3)' '
	cp "$SHARNESS_TEST_SRCDIR/fixtures/sealed-ck/bots.trigon" server.trigon &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: 15 moves by 3 players, round 2, over, white won (points)$" out &&
	grep "^server.trigon: fully audited" out &&
	grep "(hands sealed)$" out &&
	test $(grep -c "^#? deal prog-trade 0 " server.trigon) = 3 &&
	sed -n "s/^#= \([a-z]*\) plays \(.*\)$/\1 \2/p" server.trigon >played &&
	echo "white Merchant" >expect && test_cmp expect played &&
	sed -n "s/^#= \([a-z]*\) shows progress card [0-9]*: \(.*\)$/\1 \2/p" \
		server.trigon >shown &&
	test_cmp expect shown
'

# The same over three maildirs (bot_mail_play in sharness.d/fairbot.sh:
# deliver copies each mail into the maildir of every address it names),
# some 100 s of CPU: with --long (EXPENSIVE); the three copies it left
# are the fixtures t/fixtures/sealed-ck/mail-{ann,ben,cat}.trigon,
# checked below in every run.
test_expect_success EXPENSIVE 'three computer players finish the sealed game from the short position through trigon answer --bot --watch --maildir alone, over three maildirs; every copy verifies, over, fully audited, the same but its end line' '
	HOME_DIR=$PWD && export HOME_DIR &&
	bot_mail_homes ann:Ann ben:Ben cat:Cat &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --rules catan-ck \
		--chance fair --hands sealed --seed "$SEED1" \
		--option points=10 --option first=1 --data position="$POS" \
		--key "$HOME_DIR/keys/green.key" \
		--player "red:Ann:ann@example.org:$(cat "$HOME_DIR/keys/green.key.pub")" \
		--player "blue:Ben:ben@example.org:$(cat "$HOME_DIR/keys/purple.key.pub")" \
		--player "white:Cat:cat@example.org:$(cat "$HOME_DIR/keys/yellow.key.pub")" \
		>/dev/null &&
	bot_mail_play ann:green ben:purple cat:yellow &&
	for who in ann ben cat
	do
		grep "the game is over and [a-z]* owes nothing more; the watch ends$" m$who.out &&
		test_exit_code 0 trigon verify $who.trigon >verify.out &&
		grep -E "^$who.trigon: ok: [0-9]+ moves? by 3 players, .*over, (red|blue|white) won \(points\)$" verify.out &&
		grep "^$who.trigon: fully audited" verify.out || return 1
	done
'

test_expect_success 'the sealed game three computer players played through trigon answer --bot --watch --maildir from the short position (t/fixtures/sealed-ck/mail-*.trigon): each copy over, fully audited, every card dealt read face up at the end; the copies the same but their end lines; the card played shown first (CK20.3)' '
	for who in ann ben cat
	do
		cp "$SHARNESS_TEST_SRCDIR/fixtures/sealed-ck/mail-$who.trigon" $who.trigon &&
		test_exit_code 0 trigon verify $who.trigon >out &&
		grep "^$who.trigon: ok: 15 moves by 3 players, round 2, over, white won (points)$" out &&
		grep "^$who.trigon: fully audited" out &&
		grep "^$who.trigon: replayed with every card known: the same game, 3 sealed cards dealt read face up$" out &&
		grep "(hands sealed)$" out || return 1
	done &&
	bot_mail_same ann:green ben:purple cat:yellow &&
	sed -n "s/^#= \([a-z]*\) plays \(.*\)$/\1 \2/p" ann.trigon >played &&
	echo "white Merchant" >expect && test_cmp expect played &&
	sed -n "s/^#= \([a-z]*\) shows progress card [0-9]*: \(.*\)$/\1 \2/p" \
		ann.trigon >shown &&
	test_cmp expect shown
'

test_expect_success 'refused at its line (CK20.3): the first show of that game made to name a card dealt to another seat, signed by the player who shows' '
	n=$(grep -n "^[0-9]* [a-z]* show [0-9]* |" server.trigon | head -1 | cut -d: -f1) &&
	line=$(sed -n "${n}p" server.trigon) &&
	no=${line%% *} &&
	who=$(echo "$line" | cut -d" " -f2) &&
	pos=$(sed -n "s/^#? deal prog-[a-z]* 0 \([a-z]*\) \([0-9]*\):.*/\1 \2/p" \
		server.trigon | grep -v "^$who " | head -1 | cut -d" " -f2) &&
	test -n "$pos" &&
	head -n $((n - 1)) server.trigon >u.trigon &&
	printf "%s %s show %s | %016d %086d\n" "$no" "$who" "$pos" 0 0 >>u.trigon &&
	"$RESIGN" u.trigon "$n" "keys/$(key_of $who).key" >t.trigon &&
	"$FAIRSIGN" --end "keys/$(key_of $who).key" t.trigon "$no" >>t.trigon &&
	expect_bad t.trigon "$n" "illegal move by $who: progress card $pos is not a sealed card of $who$"
'
test_done
