#!/bin/sh
# examples/record-greedy.sh BUILDDIR FILE RULES EPOCH SEATS -- record a
# complete game, the computer's greedy player on every seat (trigon bot
# --player greedy, its default seed), from the all-zero-but-one seed
# with the test suite's fixture keys, and copy it to examples/FILE.
# SEATS is 2 (red, blue) to 4 (and white, orange); EPOCH is the
# SOURCE_DATE_EPOCH of its header.  record-duel.sh and record-cities.sh
# call it; their recordings are fixtures that keep later releases
# honest: run them only when a change of the rules is meant to break
# them (and say so: saved games must keep verifying), and commit the
# result.
set -eu
test $# -eq 5 || { echo "usage: record-greedy.sh BUILDDIR FILE RULES EPOCH SEATS" >&2; exit 2; }
build=$1 file=$2 rules=$3 epoch=$4 seats=$5
src=$(cd "$(dirname "$0")/.." && pwd)
trigon=$(cd "$build" && pwd)/trigon
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# each seat's fixture key and player, in seat order
set --
for seat in red blue white orange; do
	test $# -lt $((seats * 2)) || break
	case $seat in
	red) key=green player=Alice:alice ;;
	blue) key=purple player=Bob:bob ;;
	white) key=yellow player=Carol:carol ;;
	orange) key=white player=Dave:dave ;;
	esac
	cp "$src/t/fixtures/keys/$key.key" "$src/t/fixtures/keys/$key.key.pub" "$tmp/"
	chmod 600 "$tmp/$key.key"
	set -- "$@" --player "$seat:$player@example.org:$key.key.pub"
done
cd "$tmp"
SOURCE_DATE_EPOCH=$epoch "$trigon" new "$file" --rules "$rules" \
	--seed 0000000000000000000000000000000000000000000000000000000000000001 \
	"$@" >/dev/null
n=0
while test "$("$trigon" status -f "$file" --json | jq -r .await.over)" = false
do
	seat=$("$trigon" status -f "$file" --json | jq -r .await.to_act)
	case $seat in
	red) key=green.key ;;
	blue) key=purple.key ;;
	white) key=yellow.key ;;
	orange) key=white.key ;;
	esac
	"$trigon" bot -f "$file" --as "$seat" --key "$key" \
		--player greedy >/dev/null
	n=$((n + 1))
	test $n -lt 5000 || { echo "record-greedy.sh: no end after $n turns" >&2; exit 1; }
done
"$trigon" verify "$file"
cp "$file" "$src/examples/$file"
