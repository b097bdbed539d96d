#!/bin/sh
# bench/sealed.bench.sh BUILDDIR SRCDIR -- what sealed hands cost
# (doc/sealed-hands.md, 8.5 and 8.6): a four-player game of Rule of
# Trigon with sealed hands beside the same game, fair with open hands.
# Prints
#   bench: sealed-generate-cpu N ms (A actions, every seat answering)
#   bench: sealed-file-bytes N bytes (A actions, hands sealed)
#   bench: sealed-open-file-bytes N bytes (A actions, hands open)
#   bench: sealed-file-ratio R x-open
#   bench: sealed-verify-cpu N ms (user+system, hands sealed)
#   bench: sealed-open-verify-cpu N ms (user+system, hands open)
#   bench: sealed-verify-ratio R x-open (the goal: 3 or less)
#   bench: fair-... sealed-trigon-4 (bench/fair-messages.awk): turns,
#   waits (round trips by mail: every other seat's client answers
#   automatically, as trigon answer --watch) and messages per turn
#
# Both games: seed 5, options win=points and points=200, the four seats'
# actions picked by random legal play with the same generator seed
# (t/helpers/predict play), each seat's client answering what it owes.
# The games differ where the sealed one shows a card (show N) and where
# a draw picks a sealed card.  SEALED_ACTIONS actions (default 300;
# 100 under BENCH_QUICK=1 with one timed run, else three); the issue's
# game of 10,000 actions is SEALED_ACTIONS=10000 (minutes of CPU, so
# not the default).  Making the game costs time linear in its length:
# an answer rebuilds its block on the copy of the block's start,
# sealed layer included (lib/save-snap.c), as in a fair game.
set -eu
builddir=$1
srcdir=$2
trigon=$builddir/trigon
predict=$builddir/t/helpers/predict
if test "${BENCH_QUICK:-0}" = 1; then
	actions=${SEALED_ACTIONS:-100} runs=1
else
	actions=${SEALED_ACTIONS:-300} runs=3
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for c in green purple yellow white; do
	cp "$srcdir/t/fixtures/keys/$c.key" "$srcdir/t/fixtures/keys/$c.key.pub" "$tmp/"
	chmod 600 "$tmp/$c.key"
done
k4="$tmp/green.key $tmp/purple.key $tmp/yellow.key $tmp/white.key"
p4="--player green:A:$tmp/green.key.pub --player purple:B:$tmp/purple.key.pub"
p4="$p4 --player yellow:C:$tmp/yellow.key.pub --player white:D:$tmp/white.key.pub"

median() { sort -n "$1" | sed -n "$(( ($2 + 1) / 2 ))p"; }

# make GAME HANDS: the game of $actions actions; prints how many it has.
make_game() {
	SOURCE_DATE_EPOCH=0 "$trigon" new "$1" --chance fair --hands "$2" \
		--seed 0000000000000000000000000000000000000000000000000000000000000005 \
		--option win=points --option points=200 $p4 >/dev/null
	/usr/bin/time -f "%U %S" -o "$tmp/gt-$2" \
		"$predict" play "$1" "$actions" 1 $k4 >"$tmp/n-$2"
	"$trigon" verify "$1" >/dev/null
	sed -n 1p "$tmp/n-$2"
}

# verify_cpu GAME: the median CPU time of verify, in ms.
verify_cpu() {
	: >"$tmp/c"
	for i in $(seq "$runs"); do
		/usr/bin/time -o "$tmp/ct" -f '%U %S' "$trigon" verify "$1" >/dev/null
		awk '{ printf "%d\n", ($1 + $2) * 1000 }' "$tmp/ct" >>"$tmp/c"
	done
	median "$tmp/c" "$runs"
}

ns=$(make_game "$tmp/s.trigon" sealed)
no=$(make_game "$tmp/o.trigon" open)
awk -v n="$ns" '{ printf "bench: sealed-generate-cpu %d ms (%d actions, every seat answering)\n",
    ($1 + $2) * 1000, n }' "$tmp/gt-sealed"
bs=$(wc -c <"$tmp/s.trigon")
bo=$(wc -c <"$tmp/o.trigon")
echo "bench: sealed-file-bytes $bs bytes ($ns actions, hands sealed)"
echo "bench: sealed-open-file-bytes $bo bytes ($no actions, hands open)"
awk -v a="$bs" -v b="$bo" 'BEGIN { printf "bench: sealed-file-ratio %.2f x-open\n", a / b }'
vs=$(verify_cpu "$tmp/s.trigon")
vo=$(verify_cpu "$tmp/o.trigon")
echo "bench: sealed-verify-cpu $vs ms (user+system, $ns actions, hands sealed)"
echo "bench: sealed-open-verify-cpu $vo ms (user+system, $no actions, hands open)"
awk -v a="$vs" -v b="$vo" 'BEGIN { printf "bench: sealed-verify-ratio %.2f x-open (goal: at most 3)\n",
    a / (b > 0 ? b : 1) }'
awk -v game=sealed-trigon-4 -f "$srcdir/bench/fair-messages.awk" "$tmp/s.trigon"
