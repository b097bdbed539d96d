#!/bin/sh
test_description='the core knows no game: include and link boundaries (HACKING, Architecture)'
. "$(dirname "$0")/setup.sh"

src=$TRIGON_SRC_DIR
build=$TRIGON_BUILD_DIR

# Every #include "..." of the C sources, as "FILE HEADER" lines, FILE
# relative to the top of the source tree.
test_expect_success 'list the includes of every C file' '
	(cd "$src" && find lib cmd t fuzz bench -name "*.[ch]") >files &&
	sort -u files >files.sorted &&
	while read -r f; do
		sed -n "s/^#[ 	]*include[ 	]*\"\([^\"]*\)\".*/\1/p" "$src/$f" |
		while read -r h; do echo "$f $h"; done
	done <files.sorted >includes &&
	test -s includes
'

test_expect_success 'the core (lib/ outside lib/games/) and cmd/ include no game header' '
	grep -E "^(lib/[^/]*|cmd/[^/]*) " includes | grep -E " (games/|\.\./games/|trigon/)" >bad || true &&
	test_must_be_empty bad
'

test_expect_success 'a game header is included only from its own folders' '
	: lib/games/NAME/, t/unit/NAME/, fuzz/fuzz-NAME-*.c, bench/bench-NAME-*.c;
	: and lib/games/registry.c, which includes NAME/NAME.h alone &&
	grep " games/" includes >game-includes || true &&
	while read -r f h; do
		g=${h#games/}; g=${g%%/*}
		case $f in
		lib/games/registry.c) test "$h" = "games/$g/$g.h" || echo "$f $h" ;;
		lib/games/$g/*|t/unit/$g/*|fuzz/fuzz-$g-*|bench/bench-$g-*) ;;
		*) echo "$f $h" ;;
		esac
	done <game-includes >bad &&
	test_must_be_empty bad
'

test_expect_success 'a game folder includes no other game' '
	awk "\$1 ~ /^lib\/games\/[^\/]+\// && \$2 ~ /^games\// {
		split(\$1, f, \"/\"); split(\$2, h, \"/\");
		if (f[3] != h[2]) print }" includes >bad &&
	test_must_be_empty bad
'

test_expect_success 'lib/libcore.a needs no symbol that a game library defines' '
	test -f "$build/lib/libcore.a" &&
	nm -u "$build/lib/libcore.a" | awk "NF == 2 { print \$2 }" | sort -u >core-undef &&
	for a in "$build"/lib/games/*/lib*.a; do
		nm --defined-only -g "$a" | awk "NF == 3 { print \$3 }"
	done | sort -u >game-defs &&
	test -s game-defs &&
	comm -12 core-undef game-defs >bad &&
	test_must_be_empty bad
'

test_expect_success 'lib/libcore.a needs no symbol of the registry (lib/games/libgames.a): the program hands it the table' '
	nm -u "$build/lib/libcore.a" | awk "NF == 2 { print \$2 }" | sort -u >core-undef &&
	nm --defined-only -g "$build/lib/games/libgames.a" |
		awk "NF == 3 { print \$3 }" | sort -u >registry-defs &&
	test -s registry-defs &&
	comm -12 core-undef registry-defs >bad &&
	test_must_be_empty bad
'

test_expect_success 'each library is on the link line once (no cycle to link around)' '
	sed -n "s/^LIBS_ALL *= *//p" "$src/Makefile.am" >libs &&
	test -s libs &&
	tr " " "\n" <libs | grep . | sort | uniq -d >twice &&
	test_must_be_empty twice
'

test_done
