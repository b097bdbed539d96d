#!/bin/sh
# fuzz/run.sh SRCDIR BUILDDIR SECONDS -- build each libFuzzer target
# (fuzz/fuzz-*.c) with clang and run it for SECONDS on its seed corpus
# (fuzz/corpus/NAME/).  A crash fails the run; findings stay in
# BUILDDIR/fuzz/out/NAME/.
set -u
srcdir=$1
builddir=$2
secs=$3
targets=$(ls "$srcdir"/fuzz/fuzz-*.c 2>/dev/null)
if test -z "$targets"; then
	echo "fuzz: nothing to run yet"
	exit 0
fi
exec sh "$srcdir/fuzz/build-and-run.sh" "$srcdir" "$builddir" "$secs"
