#!/bin/sh
test_description='every fuzz target replays its seed corpus and its findings (t/fuzz-regress/) in make check'
. "$(dirname "$0")/setup.sh"

src=$TRIGON_SRC_DIR
build=$TRIGON_BUILD_DIR

test_expect_success 'every fuzz target is built as a replayer, every finding has its target' '
	for f in "$src"/fuzz/fuzz-*.c; do
		n=$(basename "$f" .c); n=${n#fuzz-}
		test -x "$build/t/fuzz/$n" || echo "no t/fuzz/$n for fuzz/fuzz-$n.c"
	done >missing &&
	for d in "$src"/t/fuzz-regress/*/; do
		n=$(basename "$d")
		test -f "$src/fuzz/fuzz-$n.c" || echo "t/fuzz-regress/$n: no fuzz/fuzz-$n.c"
	done >>missing &&
	test_must_be_empty missing
'

for f in "$src"/fuzz/fuzz-*.c; do
	n=$(basename "$f" .c); n=${n#fuzz-}
	for d in fuzz/corpus t/fuzz-regress; do
		test -d "$src/$d/$n" || continue
		test_expect_success "fuzz target $n: every input of $d/$n passes" "
			ls \"\$src/$d/$n\" >inputs &&
			test -s inputs &&
			(cd \"\$src/$d/$n\" && \"\$build/t/fuzz/$n\" *) >out 2>err ||
			{ cat err; false; } &&
			test \$(wc -l <out) -eq \$(wc -l <inputs) &&
			test_must_be_empty err
		"
	done
done

test_expect_success 'a replayer fails on a file it cannot read' '
	test_must_fail "$build/t/fuzz/inifile" no-such-file 2>err &&
	grep "replay: no-such-file: No such file or directory" err
'

test_done
