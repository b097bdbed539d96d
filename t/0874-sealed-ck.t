#!/bin/sh
test_description='sealed hands and Cities & Knights (catan-ck-rules(7), CK20; trigon-save(5), Sealed hands): the rule set does not start a sealed game yet (CK20.10), so trigon new --rules catan-ck --hands sealed is refused with nothing written; an open game after its set-up takes no show (CK20.3), the file unchanged; the page says so'
. "$(dirname "$0")/setup.sh"

# The engine's sealed decks (lib/games/catan/sealed-ck.c) are tested
# through the rule set by t/unit/catan/ck-sealed; CK20.10 lists what is
# left before trigon new offers them: a whole sealed game played here.

PAGE=$TRIGON_SRC_DIR/man/catan-ck-rules.7

test_expect_success 'CK20.10: trigon new --rules catan-ck --chance fair --hands sealed is refused (exit 2), naming the rule sets that deal sealed hands; nothing written' '
	test_keys &&
	test_expect_code 2 trigon new g.trigon --rules catan-ck --chance fair \
		--hands sealed --seed "$SEED1" $(catan_players) >out 2>err &&
	grep "^trigon: Catan: Cities & Knights deals no sealed hands: --hands sealed works with trigon, catan$" err &&
	! test -e g.trigon &&
	sed -n "/^\.Sh SEALED HANDS\$/,/^\.Sh /p" "$PAGE" >sealed &&
	grep "^The rule set does not start such a game yet: CK20.10 says what is left\.$" sealed
'

test_expect_success 'CK20.3: an open game of C&K, its set-up played, refuses show, the file unchanged' '
	SOURCE_DATE_EPOCH=1700000000 trigon new o.trigon --rules catan-ck \
		--seed "$SEED1" --option first=1 $(catan_players) >/dev/null &&
	"$PLAY" o.trigon 12 1 -x resign keys/green.key keys/purple.key keys/yellow.key >/dev/null &&
	trigon verify o.trigon >out &&
	grep "^o.trigon: ok: 12 moves by 3 players, round 1, red to act$" out &&
	cp o.trigon before &&
	test_expect_code 1 trigon move -f o.trigon --key keys/green.key "show 0" 2>err &&
	grep "refused: no sealed cards in this game: its hands are open" err &&
	test_expect_code 1 trigon move -f o.trigon --key keys/green.key "show 60" 2>err &&
	grep "refused: .show N., N the number of one of your sealed progress cards" err &&
	cmp before o.trigon
'

test_done
