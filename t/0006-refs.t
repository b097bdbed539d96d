#!/bin/sh
test_description='the specifications are in the tree: no code, test, build file or
developer page cites a document outside it or a tracker issue number
(cite man/*-rules.7 and a rule number, a trigon-save(5) section, or a
page under doc/)'
. "$(dirname "$0")/setup.sh"

src=$TRIGON_SRC_DIR

# No file is excepted; a pattern that matches no path keeps the
# filter below simple.
EXCEPT='^$'

# The forms an outside reference takes: a brief, the outside fair-play
# design (the project's own page is doc/fair-chance.md), the shared
# folder beside the clone, an issue number.
# (BRIE[F] and the split words below keep this file from citing itself.)
PATTERN='(^|[^A-Za-z])BRIE[F]([^A-Za-z]|$)|fair-play\.md|\.\./shared|(^|[^A-Za-z])[Ii]ssues? #?[0-9]'

test_expect_success 'list the files: sources, tests, scripts, build files, HACKING, doc/' '
	(cd "$src" && find lib cmd t fuzz bench doc -type f \
		\( -name "*.[ch]" -o -name "*.t" -o -name "*.sh" -o -name "*.awk" \
		-o -name "*.mk" -o -name "*.md" -o -name "*.py" -o -name "*.dict" \
		-o -name "*.txt" -o -name README \) ! -path "*/trash directory*" \
		2>/dev/null; ls Makefile.am configure.ac HACKING) |
		grep -v "^t/0006-refs\.t$" | sort >all &&
	printf "%s\n" "$EXCEPT" >except &&
	grep -v -E -f except all >files &&
	test -s files
'

test_expect_success 'no file cites a document outside the tree or an issue number' '
	: >bad &&
	while read -r f; do
		test -f "$src/$f" || continue
		grep -a -n -E "$PATTERN" "$src/$f" | sed "s|^|$f:|" >>bad || :
	done <files &&
	test_must_be_empty bad
'

test_expect_success 'the pattern finds each form (it would see a reference)' '
	printf "%s\n" "see BRIE""F-duel.md" "(fair-""play.md 6.1)" "../sha""red/x" \
		"(iss""ue 14)" "Iss""ue 9" "rule R9 of BRIE""F.md" "(BRIE""F: goals)" >forms &&
	test "$(grep -c -E "$PATTERN" forms)" = 7 &&
	printf "%s\n" "doc/fair-chance.md" "catan-rules(7), CA12" "tis""sue 3" "BRIE""FLY" >fine &&
	test "$(grep -c -E "$PATTERN" fine)" = 0
'

test_done
