#!/bin/sh
# examples/record.sh BUILDDIR -- record examples/game.trigon again: a
# complete game of two players, played to a victory by random legal
# play (t/helpers/play, never resigning) from a fixed seed with the
# test suite's fixture keys.  Run it after a change to the rules that
# makes the old recording fail `trigon verify` (t/0230-verify.t checks
# it), and commit the result.
set -eu
build=${1:-.}
src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for c in green purple; do
	cp "$src/t/fixtures/keys/$c.key" "$src/t/fixtures/keys/$c.key.pub" "$tmp/"
	chmod 600 "$tmp/$c.key"
done
rm -f "$tmp/game.trigon"
SOURCE_DATE_EPOCH=1763769600 "$build/trigon" new "$tmp/game.trigon" \
	--seed 0000000000000000000000000000000000000000000000000000000000000001 \
	--player "green:Alice:alice@example.org:$tmp/green.key.pub" \
	--player "purple:Bob:bob@example.org:$tmp/purple.key.pub" >/dev/null
"$build/t/helpers/play" "$tmp/game.trigon" 100000 9 -x resign \
	"$tmp/green.key" "$tmp/purple.key" >/dev/null
"$build/trigon" verify "$tmp/game.trigon"
cp "$tmp/game.trigon" "$src/examples/game.trigon"
