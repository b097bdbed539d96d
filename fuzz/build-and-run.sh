#!/bin/sh
# fuzz/build-and-run.sh SRCDIR BUILDDIR SECONDS -- build every libFuzzer
# target fuzz/fuzz-NAME.c and run each for SECONDS over a copy of its
# seed corpus fuzz/corpus/NAME/.  Called by fuzz/run.sh (make fuzz).
#
# The library is compiled again with clang, instrumented for coverage
# and with AddressSanitizer + UndefinedBehaviorSanitizer: the sources
# are exactly the core's, the registry's and GAME_SRCS (with GAME_NODIST_SRCS)
# of BUILDDIR/Makefile, with its AM_CFLAGS (less warnings) and LIBS_ALL
# (generated
# ones such as lib/games/trigon/embed-*.c are taken from BUILDDIR, so run
# `make` first).  To add a fuzzer, drop fuzz/fuzz-NAME.c (defining
# LLVMFuzzerTestOneInput) and a few seeds in fuzz/corpus/NAME/;
# fuzz/NAME.dict is used as a dictionary when present.
#
# Environment: CLANG (default clang), FUZZ_TARGETS (names to run,
# default all).  Work and findings go to BUILDDIR/fuzz/out/NAME/; a
# finding fails the run and its reproducer's path is printed:
#   BUILDDIR/fuzz/out/NAME/fuzz-NAME BUILDDIR/fuzz/out/NAME/crash-...
set -u
srcdir=$(cd "$1" && pwd) || exit 2
builddir=$(cd "$2" && pwd) || exit 2
secs=$3
clang=${CLANG:-clang}
out=$builddir/fuzz/out
objdir=$out/obj

if ! command -v "$clang" >/dev/null 2>&1; then
	echo "fuzz: $clang not found (apt-get install clang)" >&2
	exit 2
fi
# The library's sources, compiler flags (without the warnings) and
# libraries (without our own .a files), as automake and configure know them.
vars=$(printf 'fuzz-print:\n\t@echo %s\n\t@echo %s\n\t@echo %s %s\n' \
	'$(AM_CFLAGS)' '$(LIBS_ALL)' \
	'$(lib_libcore_a_SOURCES) $(lib_games_libgames_a_SOURCES) $(GAME_SRCS) $(LAZY_SRCS)' '$(GAME_NODIST_SRCS)' |
	make -s -C "$builddir" -f Makefile -f - fuzz-print) || {
	echo "fuzz: cannot read the build variables from $builddir/Makefile" >&2
	exit 2
}
pkgcflags=
for f in $(echo "$vars" | sed -n 1p); do
	case $f in -W*) ;; *) pkgcflags="$pkgcflags $f" ;; esac
done
pkglibs=
for f in $(echo "$vars" | sed -n 2p); do
	case $f in *.a|-Wl,*) ;; *) pkglibs="$pkglibs $f" ;; esac
done
sources=$(echo "$vars" | sed -n 3p)
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
cflags="-g -O1 -std=c11 $san -D_POSIX_C_SOURCE=200809L -DHAVE_CONFIG_H
	-I$builddir -I$srcdir/lib -I$builddir/lib $pkgcflags"

rm -rf "$objdir"
mkdir -p "$objdir" || exit 2
objs=
for s in $sources; do
	case $s in *.c) ;; *) continue ;; esac
	if test -f "$builddir/$s"; then f=$builddir/$s; else f=$srcdir/$s; fi
	o=$objdir/$(echo "$s" | tr / _ | sed 's/\.c$/.o/')
	# Coverage instrumentation without libFuzzer's main().
	$clang $cflags -fsanitize=fuzzer-no-link -c "$f" -o "$o" || {
		echo "fuzz: cannot compile $s with $clang" >&2
		exit 2
	}
	objs="$objs $o"
done

status=0
for t in "$srcdir"/fuzz/fuzz-*.c; do
	name=$(basename "$t" .c)
	name=${name#fuzz-}
	if test -n "${FUZZ_TARGETS:-}"; then
		case " $FUZZ_TARGETS " in *" $name "*) ;; *) continue ;; esac
	fi
	dir=$out/$name
	rm -rf "$dir/corpus"
	mkdir -p "$dir/corpus" || exit 2
	if test -d "$srcdir/fuzz/corpus/$name"; then
		cp "$srcdir/fuzz/corpus/$name"/* "$dir/corpus/" 2>/dev/null
	fi
	bin=$dir/fuzz-$name
	$clang $cflags -fsanitize=fuzzer "$t" $objs $pkglibs -o "$bin" || {
		echo "fuzz: cannot build fuzz-$name" >&2
		status=1
		continue
	}
	dict=
	test -f "$srcdir/fuzz/$name.dict" && dict=-dict=$srcdir/fuzz/$name.dict
	echo "fuzz: running $name for $secs s"
	rm -f "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-*
	"$bin" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=30 \
		-print_final_stats=1 -artifact_prefix="$dir/" $dict \
		"$dir/corpus" >"$dir/log" 2>&1
	rc=$?
	tail -n 12 "$dir/log" | grep -E '^(stat::|#|Done|INFO: exiting)' | tail -n 4
	found=$(ls "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-* 2>/dev/null)
	if test "$rc" -ne 0 || test -n "$found"; then
		echo "fuzz: $name FAILED (exit $rc); log: $dir/log" >&2
		for f in $found; do
			echo "fuzz: reproduce with: $bin $f" >&2
		done
		status=1
	else
		echo "fuzz: $name ok"
	fi
done
exit $status
