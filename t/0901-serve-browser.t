#!/bin/sh
test_description='trigon serve in a real browser: headless chromium plays a move by clicks, replays, fits a phone'
. "$(dirname "$0")/setup.sh"

# t/helpers/servebrowser.py drives the page with python3-selenium and
# chromium-driver (Debian's; ./quickstart check installs them).
HELPERS="$SHARNESS_TEST_SRCDIR/helpers"
PY=/usr/bin/python3
test -x "$PY" || PY=python3

if ! command -v chromium >/dev/null 2>&1 ||
   ! command -v chromedriver >/dev/null 2>&1 ||
   ! "$PY" -c "import selenium" >/dev/null 2>&1
then
	skip_all='chromium, chromium-driver or python3-selenium is missing (apt-get install chromium chromium-driver python3-selenium, or ./quickstart check)'
	test_done
fi

test_expect_success 'setup: a game of 40 moves, served with green'\''s key (green to act)' '
	test_keys &&
	new_game g.trigon &&
	play g.trigon 40 3 &&
	cp g.trigon ref.trigon &&
	trigon serve g.trigon --key keys/green.key >serve.out 2>serve.err &
	echo $! >serve.pid &&
	for i in $(test_seq 1 100)
	do
		sed -n "s|^    \(http://.*\)$|\1|p" serve.out >url &&
		test -s url && break
		sleep 0.1
	done &&
	test -s url
'

test_expect_success 'the page draws the board and the turn, and plays a clicked action' '
	test_when_finished "kill \$(cat serve.pid)" &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat url)" . >page 2>err &&
	grep "^turn: green to act (round 3)$" page &&
	trigon moves g.trigon --key keys/green.key >/dev/null &&
	sed -n "s/^action: //p" page >action &&
	test -s action &&
	grep "^result: played 1$" page
'

test_expect_success 'the clicked move is the very file trigon move writes' '
	cp ref.trigon m.trigon &&
	trigon move -f m.trigon --key keys/green.key "$(cat action)" &&
	test_cmp m.trigon g.trigon &&
	trigon verify g.trigon
'

test_expect_success 'the replay slider shows position 0' '
	grep "^replay: Position after action 0 of 41 (replay)$" page
'

test_expect_success 'nothing overflows at 1280x800 nor at 390x844; screenshots taken' '
	grep "^overflow 1280x800: no$" page &&
	grep "^overflow 390x844: no$" page &&
	test -s page-1280x800.png &&
	test -s page-390x844.png
'

test_expect_success 'the browser console shows no error' '
	! grep "^console: SEVERE" page
'

test_done
