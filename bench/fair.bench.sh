#!/bin/sh
# bench/fair.bench.sh BUILDDIR SRCDIR -- what fair chance costs
# (doc/fair-chance.md): verify on a fair game beside the signature floor,
# and the messages a turn needs, from recorded games.  Prints
#   bench: fair-generate-wall N ms (A actions, every seat answering)
#   bench: fair-generate-cpu N ms (the same, user+system)
#   bench: fair-verify-wall N us (A actions, fair)
#   bench: fair-signature-floor-wall N us (S signatures: actions, answers, end)
#   bench: fair-verify-ratio R x-signature-floor
#   bench: fair-... (bench/fair-messages.awk) for Trigon with 2 and 4
#   players and Catan with 3, each from games played by random legal
#   play with every seat's client answering (t/helpers/predict play)
#
# The verify game has FAIR_ACTIONS actions (default 10,000), options
# win=points and points=200 as bench/verify.bench.sh (random play may
# still end it earlier: the script says after how many).  Making it costs
# time linear in its length: each answer rebuilds its block on a copy of
# the block's start (lib/save-snap.c), never replaying the file before
# it, and the script fails if any answer did (predict play --replays).
# Most of that time is each seat's client deriving its hash chain
# (65,536 links) for every answer it is asked for.  FAIR_ACTIONS=1000
# gives a quick figure, and is the default under BENCH_QUICK=1 (CI), with
# one timed run.  FAIR_GAMES (default 4): the two-player games for the
# message counts.
set -eu
builddir=$1
srcdir=$2
trigon=$builddir/trigon
floor=$builddir/bench/sigfloor
predict=$builddir/t/helpers/predict
if test "${BENCH_QUICK:-0}" = 1; then
	actions=${FAIR_ACTIONS:-1000} runs=1
else
	actions=${FAIR_ACTIONS:-10000} runs=3
fi
games=${FAIR_GAMES:-4}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for c in green purple yellow white; do
	cp "$srcdir/t/fixtures/keys/$c.key" "$srcdir/t/fixtures/keys/$c.key.pub" "$tmp/"
	chmod 600 "$tmp/$c.key"
done
k2="$tmp/green.key $tmp/purple.key"
k3="$k2 $tmp/yellow.key"
k4="$k3 $tmp/white.key"
p2="--player green:A:$tmp/green.key.pub --player purple:B:$tmp/purple.key.pub"
p4="$p2 --player yellow:C:$tmp/yellow.key.pub --player white:D:$tmp/white.key.pub"

g=$tmp/v.trigon
SOURCE_DATE_EPOCH=0 "$trigon" new "$g" --chance fair \
	--seed 0000000000000000000000000000000000000000000000000000000000000005 \
	--option win=points --option points=200 $p2 >/dev/null
gen_s=$(date +%s%N)
if test -x /usr/bin/time; then
	/usr/bin/time -f "%U %S" -o "$tmp/gt" \
		"$predict" play --replays "$g" "$actions" 1 $k2 >"$tmp/n"
else
	"$predict" play --replays "$g" "$actions" 1 $k2 >"$tmp/n"
fi
gen_e=$(date +%s%N)
n=$(sed -n 1p "$tmp/n")
if test "$(sed -n 2p "$tmp/n")" != "replays 0"; then
	echo "fair.bench.sh: answers replayed the file ($(sed -n 2p "$tmp/n")):" \
		"the generation is quadratic again" >&2
	exit 1
fi
echo "bench: fair-generate-wall $(( (gen_e - gen_s) / 1000000 )) ms ($n actions, every seat answering)"
if test -f "$tmp/gt"; then
	awk '{ printf "bench: fair-generate-cpu %d ms (the same, user+system)\n",
	    ($1 + $2) * 1000 }' "$tmp/gt"
fi
"$trigon" verify "$g" >/dev/null
. "$srcdir/bench/verify-timing.sh"
verify_timing fair- "$g" "$runs" \
	"$n actions, fair, $(grep -c '^@ ' "$g") answer lines, $(grep -c '^#? [0-9]' "$g") events"

# messages per turn, from recorded games
i=1
while test $i -le "$games"; do
	SOURCE_DATE_EPOCH=0 "$trigon" new "$tmp/t2-$i.trigon" --chance fair \
		--seed "$(printf %064x $i)" $p2 >/dev/null
	"$predict" play "$tmp/t2-$i.trigon" 600 $i $k2 >/dev/null
	i=$((i + 1))
done
awk -v game=trigon-2 -f "$srcdir/bench/fair-messages.awk" "$tmp"/t2-*.trigon
SOURCE_DATE_EPOCH=0 "$trigon" new "$tmp/t4.trigon" --chance fair \
	--seed "$(printf %064x 7)" $p4 >/dev/null
"$predict" play "$tmp/t4.trigon" 600 7 $k4 >/dev/null
awk -v game=trigon-4 -f "$srcdir/bench/fair-messages.awk" "$tmp/t4.trigon"
SOURCE_DATE_EPOCH=0 "$trigon" new "$tmp/c3.trigon" --rules catan --chance fair \
	--seed "$(printf %064x 5)" --player "red:A:$tmp/green.key.pub" \
	--player "blue:B:$tmp/purple.key.pub" --player "white:C:$tmp/yellow.key.pub" >/dev/null
"$predict" play "$tmp/c3.trigon" 300 5 $k3 >/dev/null
awk -v game=catan-3 -f "$srcdir/bench/fair-messages.awk" "$tmp/c3.trigon"
