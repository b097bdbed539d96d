#!/bin/sh
test_description='a sealed game of Cities & Knights (catan-ck-rules(7), CK20; trigon-save(5), Sealed hands): trigon new --rules catan-ck --chance fair --hands sealed; every seat shuffles the three progress decks; three computer players finish a sealed game through trigon answer --bot --watch over git; a card drawn sealed is named in its holder'\''s hand alone until shown; every card played or discarded was shown first; the file verifies, fully audited; a file whose opening names another card is refused at its line'
. "$(dirname "$0")/setup.sh"

# red (Ann), blue (Ben), white (Cat) hold the fixture keys green, purple
# and yellow.  C&K reads no position (CK1.1): the game starts with its
# set-up, to 10 points (CK15.2, the least the option allows).

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
		--option first=1 $(catan_players) >/dev/null &&
	answers g.trigon &&
	grep "^#? sealed prog-trade 0 n=18: white blue red$" g.trigon &&
	grep "^#? sealed prog-politics 0 n=18: white blue red$" g.trigon &&
	grep "^#? sealed prog-science 0 n=18: white blue red$" g.trigon &&
	test $(grep -c "^@ [a-z]* shuffle prog-[a-z]* 0 +[0-9]* | " g.trigon) = 9 &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 0 moves by 3 players, .*red to act$" out &&
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

test_expect_success 'three computer players finish the sealed game through trigon answer --bot --watch alone, over git; the file verifies, over, fully audited' '
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
	grep "^server.trigon: fully audited" verify.out
'
test_done
