#!/bin/sh
# examples/record-duel.sh BUILDDIR -- record examples/duel.trigon again: a
# complete introductory game of Catan: het Duel (issue 18, BRIEF-duel.md
# §7: "a recorded complete game in examples/"), the computer's greedy
# player on both seats (trigon bot --player greedy, its default seed),
# from a fixed seed with the test suite's fixture keys, to a victory by
# points.  Run it after a change to the Duel's rules or cards that makes
# the old recording fail `trigon verify` (t/0747-duel-example.t checks
# it), and commit the result.
set -eu
build=${1:-.}
src=$(cd "$(dirname "$0")/.." && pwd)
trigon=$(cd "$build" && pwd)/trigon
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for c in green purple; do
	cp "$src/t/fixtures/keys/$c.key" "$src/t/fixtures/keys/$c.key.pub" "$tmp/"
	chmod 600 "$tmp/$c.key"
done
cd "$tmp"
SOURCE_DATE_EPOCH=1763769600 "$trigon" new duel.trigon --rules catan-duel \
	--seed 0000000000000000000000000000000000000000000000000000000000000001 \
	--player "red:Alice:alice@example.org:green.key.pub" \
	--player "blue:Bob:bob@example.org:purple.key.pub" >/dev/null
n=0
while test "$("$trigon" status -f duel.trigon --json | jq -r .await.over)" = false
do
	seat=$("$trigon" status -f duel.trigon --json | jq -r .await.to_act)
	case $seat in
	red) key=green.key ;;
	blue) key=purple.key ;;
	esac
	"$trigon" bot -f duel.trigon --as "$seat" --key "$key" \
		--player greedy >/dev/null
	n=$((n + 1))
	test $n -lt 2000 || { echo "record-duel.sh: no end after $n turns" >&2; exit 1; }
done
"$trigon" verify duel.trigon
cp duel.trigon "$src/examples/duel.trigon"
