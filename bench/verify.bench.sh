#!/bin/sh
# bench/verify.bench.sh BUILDDIR SRCDIR -- trigon verify on a game of
# 10,000 actions against the floor: libsodium alone checking the same
# 10,001 Ed25519 signatures (bench/sigfloor).  Prints
#   bench: verify-ratio R x-signature-floor        (wall time, median of
#                                                   5 runs paired in turn)
#   bench: verify-instr-ratio R x-signature-floor  (instructions under
#                                                   callgrind: all of
#                                                   trigon verify over
#                                                   sigfloor's checks alone)
#   bench: verify-cpu-ratio R x-signature-floor    (CPU time, user+system
#                                                   of every thread,
#                                                   median of 5)
#   bench: verify-peak-heap N KiB                  (massif, heap)
#   bench: verify-peak-rss N KiB                   (and of trigon --version)
#
# The game must not end before its 10,000th action, whatever the design
# data (random play ended the old benchmark game after 1,699 actions, by
# "last": one player lost everything).  Two safeguards:
#  - options: only a win by points counts (win=points), and the target is
#    the highest the rules allow (points=200), so neither quests nor an
#    emperor can end it, and 200 points are far beyond what two players
#    hold on the map;
#  - choices: bench/endless plays random legal actions but never one that
#    ends the game, nor one after which the next two answers could only
#    end it (an attack with a last knight); it tries each choice on a copy
#    of the game through rules.h, so it knows no game.
# It is a real game: every action is checked by the rules and signed by
# its seat's key, and the file must pass trigon verify before it is timed.
# Should a change of the design data leave only endings all the same,
# bench/endless says after how many actions, and this script fails.
#
# BENCH_QUICK=1 (CI): a game of 1,000 actions, one timed run each; the
# figures in doc/BENCHMARKS come from the full form.
set -eu
builddir=$1
srcdir=$2
trigon=$builddir/trigon
floor=$builddir/bench/sigfloor
if test "${BENCH_QUICK:-0}" = 1; then
	actions=1000 runs=1
else
	actions=10000 runs=5
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for c in green purple; do
	cp "$srcdir/t/fixtures/keys/$c.key" "$srcdir/t/fixtures/keys/$c.key.pub" "$tmp/"
	chmod 600 "$tmp/$c.key"
done
g=$tmp/g.trigon
SOURCE_DATE_EPOCH=0 "$trigon" new "$g" \
	--seed 0000000000000000000000000000000000000000000000000000000000000005 \
	--option win=points --option points=200 \
	--player "green:A:$tmp/green.key.pub" --player "purple:B:$tmp/purple.key.pub" >/dev/null
n=$("$builddir/bench/endless" "$g" "$actions" 1 "$tmp/green.key" "$tmp/purple.key") || {
	echo "bench: bench/endless could not play $actions actions (see above)" >&2
	exit 1
}
test "$n" = "$actions" || { echo "bench: the game ended after $n actions" >&2; exit 1; }
"$trigon" verify "$g" >/dev/null

. "$srcdir/bench/verify-timing.sh"
verify_timing "" "$g" "$runs" "$actions actions"

if command -v valgrind >/dev/null 2>&1; then
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.v" \
		"$trigon" verify "$g" >/dev/null 2>"$tmp/cg.v.err"
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.f" \
		--toggle-collect=verify_all "$floor" "$g" >/dev/null 2>"$tmp/cg.f.err"
	iv=$(sed -n 's/^summary: //p' "$tmp/cg.v")
	if_=$(sed -n 's/^summary: //p' "$tmp/cg.f")
	echo "bench: verify-instr $iv instructions"
	echo "bench: signature-floor-instr $if_ instructions"
	awk -v a="$iv" -v b="$if_" 'BEGIN { printf "bench: verify-instr-ratio %.3f x-signature-floor\n", a / b }'
	valgrind --tool=massif --massif-out-file="$tmp/ms" --stacks=yes \
		"$trigon" verify "$g" >/dev/null 2>/dev/null
	awk -F= '/^mem_heap_B=/ { h = $2 } /^mem_stacks_B=/ { s = $2; if (h + s > m) m = h + s }
		END { printf "bench: verify-peak-heap %d KiB (heap and stack, massif)\n", m / 1024 }' "$tmp/ms"
else
	echo "bench: verify-instr-ratio skipped (no valgrind)"
fi
if test -x /usr/bin/time; then
	/usr/bin/time -o "$tmp/t" -f %M "$trigon" verify "$g" >/dev/null
	/usr/bin/time -o "$tmp/t0" -f %M "$trigon" --version >/dev/null
	echo "bench: verify-peak-rss $(cat "$tmp/t") KiB (trigon --version: $(cat "$tmp/t0") KiB)"
fi
