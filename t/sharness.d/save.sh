# t/sharness.d/save.sh -- helpers for the save-file tests (t/02*.t).

SEED0=0000000000000000000000000000000000000000000000000000000000000000
SEED1=0000000000000000000000000000000000000000000000000000000000000001
SEED2=0000000000000000000000000000000000000000000000000000000000000002
PLAY="$TRIGON_BUILD_DIR/t/helpers/play"

# test_keys: the fixture keys in ./keys, secret keys mode 0600 (git does
# not keep modes).
test_keys () {
	mkdir -p keys &&
	for c in green purple yellow white locked
	do
		cp "$SHARNESS_TEST_SRCDIR/fixtures/keys/$c.key" \
			"$SHARNESS_TEST_SRCDIR/fixtures/keys/$c.key.pub" keys/ &&
		chmod 600 keys/$c.key || return 1
	done &&
	cp "$SHARNESS_TEST_SRCDIR/fixtures/keys/pass" keys/pass
}

# new_game FILE [SEED [OPTIONS...]]: green (Alice) against purple (Bob).
# Played by the rule of files made before option shield=holder (R10.7),
# which the tests' seeded games were written for (t/0230's 1,000-move
# game ends at move 666 under shield=holder); t/0200 checks the new
# default with trigon new itself.
new_game () {
	ng_file=$1
	ng_seed=${2:-$SEED0}
	shift
	test $# -gt 0 && shift
	SOURCE_DATE_EPOCH=1700000000 trigon new "$ng_file" --seed "$ng_seed" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" --option shield=all \
		"$@" >/dev/null
}

# play FILE N RNGSEED: N random legal actions, never resigning.
play () {
	"$PLAY" "$1" "$2" "$3" -x resign keys/green.key keys/purple.key >/dev/null
}

# line_no FILE PATTERN: number of the first line matching the ERE.
line_no () {
	grep -n -E -m1 "$2" "$1" | cut -d: -f1
}

# expect_bad FILE LINE [TEXT]: verify fails (exit 1) naming FILE:LINE.
expect_bad () {
	test_exit_code 1 trigon verify "$1" >out 2>err || return 1
	if ! grep -q "^trigon: $1:$2: error: ${3:-}" err
	then
		echo >&2 "expected '$1:$2: error: ${3:-}', got:"
		cat >&2 err
		return 1
	fi
}

# to_act FILE: the color that must act, from trigon verify's summary.
to_act () {
	trigon verify "$1" >to_act.out &&
	sed -n "s/.*, \([a-z]*\) to act$/\1/p" to_act.out
}

# other COLOR: the other player of the two-player test games.
other () {
	if test "$1" = green; then echo purple; else echo green; fi
}

# pick_action LEGAL K: the action the whole-game tests of fair chance
# play as the K-th of a turn (from 0), from the list trigon moves wrote
# to LEGAL: the first that is neither resign, end nor an offer while K
# is below 3, else end.
pick_action () {
	grep -v -e "^resign" -e "^end$" -e "^offer" "$1" >"$1.some"
	if test $2 -ge 3 || ! test -s "$1.some"
	then
		echo end
	else
		sed -n 1p "$1.some"
	fi
}

# fair_pair FILE [SEED]: a fair game, green (Ann) against purple (Ben),
# green joined by trigon new (t/0840, t/0845).
fair_pair () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --chance fair --seed "${2:-$SEED1}" --key keys/green.key \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" >/dev/null
}
