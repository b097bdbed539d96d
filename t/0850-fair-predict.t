#!/bin/sh
test_description='the prediction attack (doc/fair-chance.md): a seat with its own key, trying every strategy, predicts no die or draw of a fair game better than chance; it predicts every event of an open game, and every event it should of each deliberately faulty file (the controls that prove the attack bites)'
. "$(dirname "$0")/setup.sh"

PREDICT="$TRIGON_BUILD_DIR/t/helpers/predict"
# PREDICT_GAMES two-player fair games of PREDICT_ACTIONS random legal
# actions each (plus one four-player game and one open game); the
# defaults keep the test fast, a larger run is in BENCHMARKS.
: "${PREDICT_GAMES:=2}"
: "${PREDICT_ACTIONS:=400}"

new_fair2 () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --chance fair --seed "$2" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null
}

# verdict OUT: the attack's last line.
verdict () {
	sed -n "s/^verdict //p" "$1"
}

# field OUT STRATEGY NAME: one number of a strategy's line.
field () {
	awk -v s="$2" -v f="$3" '$1 == "strategy" && $2 == s {
		for (i = 3; i < NF; i++) if ($i == f) print $(i + 1) }' "$1"
}

test_expect_success 'setup: fair games played by random legal play, every seat answering by itself; each verifies' '
	test_keys &&
	i=1 &&
	while test $i -le $PREDICT_GAMES
	do
		new_fair2 f$i.trigon $(printf "%064x" $i) &&
		"$PREDICT" play f$i.trigon $PREDICT_ACTIONS $i keys/green.key keys/purple.key >n &&
		trigon verify f$i.trigon >out &&
		grep "^f$i.trigon: ok: " out &&
		grep "^f$i.trigon: fair chance" out || return 1
		i=$((i + 1))
	done &&
	SOURCE_DATE_EPOCH=1700000000 trigon new q.trigon --chance fair --seed "$SEED2" \
		--player "green:A:$(cat keys/green.key.pub)" --player "purple:B:keys/purple.key.pub" \
		--player "yellow:C:keys/yellow.key.pub" --player "white:D:keys/white.key.pub" >/dev/null &&
	"$PREDICT" play q.trigon 300 7 keys/green.key keys/purple.key keys/yellow.key keys/white.key >n &&
	trigon verify q.trigon >out &&
	grep "^q.trigon: ok: " out &&
	grep "^#? [0-9]* release battle at [a-z]*: [a-z]* [a-z]*$" f1.trigon q.trigon >battles &&
	test -s battles
'

test_expect_success 'fair, two players: neither seat predicts any event exactly, nor its first die better than chance (4 sigma), with any strategy' '
	for c in green purple
	do
		"$PREDICT" keys/$c.key f*.trigon >$c.out &&
		cat $c.out &&
		test "$(verdict $c.out)" = chance &&
		test $(field $c.out own guesses) -gt 0 &&
		test $(field $c.out seed draws) = 0 || return 1
	done
'

test_expect_success 'fair, two players: the attack covered the deck draws too (events "draw", doc/fair-chance.md): the games drew cards, and no deck was shuffled ahead' '
	grep -h "^#? [0-9]* release draw: green purple$" f*.trigon >draws &&
	test -s draws &&
	! grep -h "^#? [0-9]* release shuffle" f*.trigon q.trigon
'

test_expect_success 'fair, four players (battles of two seats): no seat predicts better than chance' '
	for c in green purple yellow white
	do
		"$PREDICT" keys/$c.key q.trigon >$c.out &&
		test "$(verdict $c.out)" = chance || return 1
	done
'

test_expect_success 'fair Catan, three players, through the generic chance path: rolls, thefts and development cards (every seat in its quorum) are predicted no better than chance' '
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan --chance fair --seed "$SEED1" \
		--player "red:A:$(cat keys/green.key.pub)" --player "blue:B:keys/purple.key.pub" \
		--player "white:C:keys/yellow.key.pub" >/dev/null &&
	"$PREDICT" play c.trigon 100 5 keys/green.key keys/purple.key keys/yellow.key >n &&
	trigon verify c.trigon >out &&
	grep "^c.trigon: ok: 100 moves by 3 players" out &&
	grep "^#? [0-9]* release development card: red blue white$" c.trigon &&
	grep "^#? [0-9]* release dice: red blue white$" c.trigon &&
	grep "^#? [0-9]* release steal: [a-z]* [a-z]*$" c.trigon &&
	for c in green purple yellow
	do
		"$PREDICT" keys/$c.key c.trigon >$c.out &&
		test "$(verdict $c.out)" = chance || return 1
	done
'

test_expect_success 'fair Duel (catan-duel, two players): stacks, event cards and regions drawn a card at a time (events "draw", no shuffle), dice too; neither seat predicts any better than chance' '
	SOURCE_DATE_EPOCH=1700000000 trigon new d.trigon --rules catan-duel --chance fair --seed "$SEED1" \
		--player "red:A:$(cat keys/green.key.pub)" --player "blue:B:keys/purple.key.pub" >/dev/null &&
	"$PREDICT" play d.trigon 150 3 keys/green.key keys/purple.key >n &&
	trigon verify d.trigon >out &&
	grep "^d.trigon: ok: 150 moves by 2 players" out &&
	grep "^d.trigon: fair chance" out &&
	grep "^#? [0-9]* release start: red blue$" d.trigon &&
	grep "^#? [0-9]* release draw: red blue$" d.trigon &&
	grep "^#? [0-9]* release dice: red blue$" d.trigon &&
	! grep "^#? [0-9]* release \(events\|stacks\|regions\)" d.trigon &&
	for c in green purple
	do
		"$PREDICT" keys/$c.key d.trigon >$c.out &&
		test "$(verdict $c.out)" = chance || return 1
	done
'

test_expect_success 'control: an open game is predicted whole from its header (seed replay: every event exactly)' '
	SOURCE_DATE_EPOCH=1700000000 trigon new o.trigon --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" --player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	"$PREDICT" play o.trigon $PREDICT_ACTIONS 1 keys/green.key keys/purple.key >n &&
	trigon verify o.trigon >out &&
	grep "^o.trigon: open dice" out &&
	"$PREDICT" keys/purple.key o.trigon >o.out &&
	n=$(sed -n "s/^files 1 events //p" o.out) &&
	test $n -gt 4 &&
	test $(field o.out seed draws) = $n &&
	test "$(verdict o.out)" = "predicted seed"
'

# fault KIND STRATEGY... : the faulty file made from f1.trigon is
# predicted by green with (at least) these strategies.
fault () {
	fl_kind=$1
	shift
	"$PREDICT" fault $fl_kind f1.trigon x-$fl_kind.trigon keys/green.key keys/purple.key &&
	test -s x-$fl_kind.trigon.truth &&
	"$PREDICT" --truth keys/green.key x-$fl_kind.trigon >x.out &&
	cat x.out &&
	for fl_s in "$@"
	do
		verdict x.out | grep -w $fl_s || return 1
	done
}

test_expect_success 'control: events keyed from the salt as open mode keys from the seed are predicted (seed replay)' '
	fault salt seed &&
	test $(field x.out seed draws) = $(field x.out seed guesses)
'

test_expect_success 'control: an event key made from its trigger'\''s value only is predicted by the trigger (subset)' '
	fault trigger subset
'

test_expect_success 'control: a chain not bound to its seat (purple releases green'\''s chain) is predicted (own values)' '
	fault copied own ownpos &&
	test $(field x.out ownpos draws) = $(field x.out ownpos guesses)
'

test_expect_success 'control: a chain that never advances (purple releases its anchor) is predicted (anchor, previous value)' '
	fault stuck anchor prev
'

test_expect_success 'control: a seat secret written into the file is found and predicts every event (scan)' '
	fault leak scan &&
	test $(field x.out scan draws) = $(field x.out scan guesses) &&
	test $(field x.out scan guesses) -gt 0
'

test_expect_success 'the faulty files are not fair files: verify refuses each that differs from the game (copied, stuck, leak)' '
	test_exit_code 1 trigon verify x-copied.trigon 2>err &&
	test_exit_code 1 trigon verify x-stuck.trigon 2>err &&
	test_exit_code 1 trigon verify x-leak.trigon 2>err &&
	cmp f1.trigon x-salt.trigon &&
	cmp f1.trigon x-trigger.trigon
'

test_done
