#!/bin/sh
# bench/startup.bench.sh BUILDDIR SRCDIR -- how fast trigon starts, beside
# git (trigon(1) wants a referee that starts like git):
#   bench: startup-git-version-cpu N us
#   bench: startup-version-cpu N us
#   bench: startup-version-ratio R x-git-version (goal: at most 1.5)
#   bench: startup-status-cpu N us
#   bench: startup-status-ratio R x-git-version (goal: at most 3)
# CPU time is user + system of the process (bench/cputime), which load on
# the machine blurs less than wall time.  The three commands run in turn,
# a batch of 5 runs each per round, over 21 rounds (BENCH_QUICK=1: 9), and
# each figure is the median over the rounds, so a drift of the machine's
# speed hits all three alike.
builddir=$1
srcdir=$2
trigon=$builddir/trigon
cputime=$builddir/bench/cputime
game=$srcdir/examples/duel.trigon
if ! command -v git >/dev/null 2>&1; then
	echo "bench: startup skipped (no git to compare with)"
	exit 0
fi
rounds=21
test "${BENCH_QUICK:-0}" = 1 && rounds=9
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for i in $(seq "$rounds"); do
	"$cputime" 5 git --version >>"$tmp/git" || exit 1
	"$cputime" 5 "$trigon" --version >>"$tmp/version" || exit 1
	"$cputime" 5 "$trigon" status "$game" >>"$tmp/status" || exit 1
done
median() { sort -n "$1" | sed -n "$(( (rounds + 1) / 2 ))p"; }
g=$(median "$tmp/git")
v=$(median "$tmp/version")
s=$(median "$tmp/status")
echo "bench: startup-git-version-cpu $g us (git --version, user+system)"
echo "bench: startup-version-cpu $v us (trigon --version)"
awk -v a="$v" -v b="$g" 'BEGIN { printf "bench: startup-version-ratio %.2f x-git-version (goal: at most 1.5)\n", a / b }'
echo "bench: startup-status-cpu $s us (trigon status examples/duel.trigon)"
awk -v a="$s" -v b="$g" 'BEGIN { printf "bench: startup-status-ratio %.2f x-git-version (goal: at most 3)\n", a / b }'
