#!/bin/sh
# examples/record-cities.sh BUILDDIR -- record examples/cities.trigon
# again: a complete four-player game of Catan: Cities & Knights (issue
# 19), the computer's greedy player on every seat (trigon bot --player
# greedy, its default seed), from a fixed seed with the test suite's
# fixture keys, to a victory by points at 13.  It is also the fixture
# that keeps later releases honest: t/0749-cities-example.t verifies it
# and plays it on; run this only when a change of the rules is meant to
# break it (and say so: saved games must keep verifying), and commit the
# result.
set -eu
build=${1:-.}
src=$(cd "$(dirname "$0")/.." && pwd)
trigon=$(cd "$build" && pwd)/trigon
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for c in green purple yellow white; do
	cp "$src/t/fixtures/keys/$c.key" "$src/t/fixtures/keys/$c.key.pub" "$tmp/"
	chmod 600 "$tmp/$c.key"
done
cd "$tmp"
SOURCE_DATE_EPOCH=1764201600 "$trigon" new cities.trigon --rules catan-ck \
	--seed 0000000000000000000000000000000000000000000000000000000000000001 \
	--player "red:Alice:alice@example.org:green.key.pub" \
	--player "blue:Bob:bob@example.org:purple.key.pub" \
	--player "white:Carol:carol@example.org:yellow.key.pub" \
	--player "orange:Dave:dave@example.org:white.key.pub" >/dev/null
n=0
while test "$("$trigon" status -f cities.trigon --json | jq -r .await.over)" = false
do
	seat=$("$trigon" status -f cities.trigon --json | jq -r .await.to_act)
	case $seat in
	red) key=green.key ;;
	blue) key=purple.key ;;
	white) key=yellow.key ;;
	orange) key=white.key ;;
	esac
	"$trigon" bot -f cities.trigon --as "$seat" --key "$key" \
		--player greedy >/dev/null
	n=$((n + 1))
	test $n -lt 5000 || { echo "record-cities.sh: no end after $n turns" >&2; exit 1; }
done
"$trigon" verify cities.trigon
cp cities.trigon "$src/examples/cities.trigon"
