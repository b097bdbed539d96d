#!/bin/sh
# examples/demo.sh TRIGON -- the quick start's demonstration game.
#
# Two players, green and purple, get fresh keys in a temporary
# directory; a new game is started from a fixed seed; the computer
# plays both seats for a few rounds, every move checked, signed and
# appended by the same path as `trigon move` (past the last round it
# stops where a player is to act, never in the middle of an offer or an
# attack); then the file is verified, the history shown, the board drawn,
# and what to do next said.  Nothing here is canned: every
# line printed comes from the program.
set -eu
trigon=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
rounds=${DEMO_ROUNDS:-3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trigon-demo.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
export TRIGON_HOME="$tmp"

say() { printf '\n== %s\n' "$*"; }

say "two players make their keys (in $tmp)"
for c in green purple; do
	"$trigon" keygen --no-passphrase "$c.key" >"$c.pub"
	printf '%s: %s\n' "$c" "$(cat "$c.pub")"
done

say "a new game, seed fixed so the demonstration is the same each time"
"$trigon" new demo.trigon \
	--seed 7472696f6e2d64656d6f2d736565642d30303030303030303030303030303031 \
	--player "green:Groen:green@example.org:$(cat green.pub)" \
	--player "purple:Paars:purple@example.org:$(cat purple.pub)"
"$trigon" status -f demo.trigon

say "the computer plays both seats for $rounds rounds"
# Past the last round, stop only where a player is simply to act, never
# while an offer or an attack waits for its answer.
while :; do
	"$trigon" status -f demo.trigon --json >status.json
	round=$(jq -r '.state.round' status.json)
	who=$(jq -r '.await.to_act // empty' status.json)
	text=$(jq -r '.await.text' status.json)
	[ -n "$who" ] || break
	case $text in
	"$who to act"*) [ "$round" -le "$rounds" ] || break ;;
	esac
	"$trigon" bot -f demo.trigon --as "$who" --key "$who.key" --playouts 300
done

say "anyone can verify the whole file"
"$trigon" verify demo.trigon

say "the history"
"$trigon" log -f demo.trigon | tail -n 25

say "the board"
"$trigon" board -f demo.trigon

# Removed now, so that the words below are true when read.
cd /
rm -rf "$tmp"
trap - EXIT

say "what next"
echo "That was the computer against itself; its game, in $tmp,"
echo "has just been removed."
echo "To play one yourself against the computer, or with a friend by mail"
echo "or git: README, \"A first game\"."
