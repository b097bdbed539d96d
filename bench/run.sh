#!/bin/sh
# bench/run.sh BUILDDIR SRCDIR -- run every benchmark; each prints lines
# "bench: NAME VALUE UNIT".  Benchmarks are never part of make check.
builddir=$1
srcdir=$2
ran=0
for b in "$builddir"/bench/bench-*; do
	test -x "$b" || continue
	"$b" "$srcdir" || exit 1
	ran=1
done
for s in "$srcdir"/bench/*.bench.sh; do
	test -f "$s" || continue
	sh "$s" "$builddir" "$srcdir" || exit 1
	ran=1
done
test $ran = 1 || echo "bench: nothing to run yet"
exit 0
