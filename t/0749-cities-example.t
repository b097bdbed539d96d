#!/bin/sh
test_description='Cities & Knights saved games: the recorded complete game examples/cities.trigon (examples/record-cities.sh: the greedy player on four seats) and the fixtures of t/fixtures/cities (the same game, and one stopped at move 250), written by the first trigon that offered catan-ck, verify, log and show status as they did then, and the unfinished one plays on to its end'
. "$(dirname "$0")/setup.sh"

# Made on 2026-11-27 with the trigon of this commit: full.trigon is
# examples/cities.trigon; mid.trigon is a new game of four (seed 2) with
# 250 random legal actions of t/helpers/play (seed 7, never resign).
# Beside each its trigon verify, log and status --json as that trigon
# printed them.  A change of the rules or the randomness that breaks
# them breaks saved games: keep these, and say why if they must change.
F=$SHARNESS_TEST_SRCDIR/fixtures/cities

test_expect_success 'setup' '
	test_keys &&
	cp "$F"/*.trigon .
'

test_expect_success 'examples/cities.trigon is the fixture full.trigon, byte for byte' '
	test_cmp "$TRIGON_SRC_DIR/examples/cities.trigon" full.trigon
'

for f in full mid
do
	test_expect_success "$f: verify, log and every value of status --json are what they were" "
		trigon verify $f.trigon >out &&
		test_cmp \"$F/$f.verify\" out &&
		trigon log -f $f.trigon >out &&
		test_cmp \"$F/$f.log\" out &&
		trigon status --json -f $f.trigon >new.json &&
		jq -S . \"$F/$f.status.json\" >expect &&
		jq -S . new.json >actual &&
		test_cmp expect actual
	"
done

test_expect_success 'CK15.1: full.trigon is over, won by points at 13 or more by the seat that ended it' '
	grep "^full.trigon: ok: [0-9]* moves by 4 players, round [0-9]*, over, [a-z]* won (points)\$" "$F/full.verify" &&
	sed -n "s/^#= \([a-z]*\) wins with \([0-9]*\) points\$/\1 \2/p" full.trigon >won &&
	test $(wc -l <won) = 1 &&
	read who vp <won &&
	test "$vp" -ge 13 &&
	grep "over, $who won (points)" "$F/full.verify"
'

test_expect_success 'mid.trigon plays on to its end by random legal actions, and verifies' '
	"$PLAY" mid.trigon 20000 3 -x resign keys/green.key keys/purple.key \
		keys/yellow.key keys/white.key >n &&
	test "$(cat n)" -gt 0 &&
	trigon verify mid.trigon >out &&
	grep "^mid.trigon: ok: [0-9]* moves by 4 players, round [0-9]*, over, [a-z]* won (points)\$" out
'

test_expect_success 'the board of full.trigon at its moves 100 and 300 and at the end, as text and SVG' '
	trigon board -f full.trigon --at 100 >b100 &&
	trigon board -f full.trigon --at 300 >b300 &&
	trigon board -f full.trigon >end &&
	! test_cmp b100 b300 &&
	grep "^Barbarians: the ship at " end &&
	trigon board -f full.trigon --svg >end.svg &&
	grep "<svg" end.svg
'

test_done
