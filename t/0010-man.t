#!/bin/sh
test_description='the man pages (all of man/) render cleanly; trigon-rules(7) states every rule R1.1-R12.4'
. "$(dirname "$0")/setup.sh"

# The pages are read from the source tree and never written: make
# distcheck runs this from a read-only copy.  t/rules-numbers.txt lists
# the rule numbers of the project's brief, one a line, in order.
MANDIR=$TRIGON_SRC_DIR/man
RULES=$MANDIR/trigon-rules.7
NUMBERS=$SHARNESS_TEST_SRCDIR/rules-numbers.txt
CARDS_H=$TRIGON_SRC_DIR/lib/games/trigon/cards.h

command -v mandoc >/dev/null 2>&1 && test_set_prereq MANDOC
command -v man >/dev/null 2>&1 && test_set_prereq MAN
test -f "$CARDS_H" && test_set_prereq CARDS_H

# Every page of man/ is linted, the games' rules pages included.
# The pages are trigon(1), trigon-save(5) and the rules pages each game
# lists in its own lib/games/NAME/local.mk: a new game adds its page
# there and nowhere else.
test_expect_success 'man/ holds the pages: trigon(1), trigon-save(5) and the rules page of every game local.mk lists' '
	(cd "$MANDIR" && ls *.[1-9]) >actual &&
	{
		printf "%s\n" trigon-save.5 trigon.1 &&
		sed -n "s|^dist_man_MANS += man/||p" \
			"$TRIGON_SRC_DIR"/lib/games/*/local.mk
	} | sort >expect &&
	grep -x "trigon-rules.7" expect &&
	grep -x "catan-rules.7" expect &&
	test_cmp expect actual
'
for page in $(cd "$MANDIR" && ls *.[1-9])
do
	test_expect_success MANDOC "mandoc -Tlint finds no warning in $page" '
		mandoc -Tlint -Wwarning "$MANDIR/'"$page"'" >out 2>err &&
		test_must_be_empty out &&
		test_must_be_empty err
	'

	test_expect_success MAN "man -l renders $page with nothing on stderr" '
		MANWIDTH=80 man -l "$MANDIR/'"$page"'" >out 2>err &&
		test_must_be_empty err &&
		test -s out
	'
done

test_expect_success 'rules-numbers.txt lists R1.1 to R12.4' '
	test "$(sed -n 1p "$NUMBERS")" = R1.1 &&
	test "$(sed -n \$p "$NUMBERS")" = R12.4 &&
	test $(wc -l <"$NUMBERS") -ge 60
'

test_expect_success 'trigon-rules(7) states every rule as its own item, in order' '
	sed -n "s/^\.It \(R[0-9][0-9]*\.[0-9][0-9]*\)\$/\1/p" "$RULES" >actual &&
	test_cmp "$NUMBERS" actual
'

test_expect_success 'trigon-rules(7) has a section for every group of rules' '
	for sh in "COMPONENTS AND SUPPLY" "THE BOARD" "SET-UP" \
		"ROUNDS AND TURN ORDER" "SETTLEMENTS AND CITIES" \
		"BUILDING, BANK AND TRADE" "MOVEMENT" "BATTLE" \
		"SCOUTS FOUND VILLAGES" "CARDS" "POINTS AND WINNING" \
		"DECISIONS PUT TO A PLAYER" "TERMS" "FURTHER DECISIONS"
	do
		grep -x "\.Sh $sh" "$RULES" >/dev/null || {
			echo "missing section: $sh" &&
			return 1
		}
	done
'

test_expect_success 'trigon-rules(7) lists the 46 play cards, 82 copies, by slug (R10.3)' '
	sed -n "/^\.Sh CARDS\$/,/^\.Sh /p" "$RULES" >cards &&
	sed -n "s/^\.It Em .* Pq Cm \([a-z-]*\)\$/\1/p" cards >slugs &&
	test $(wc -l <slugs) = 46 &&
	sort slugs >sorted &&
	sort -u slugs >uniq &&
	test_cmp sorted uniq &&
	awk "/^\\.It Em .* Pq Cm [a-z-]+\$/ {
		getline; n = \$0; sub(/^[^,]*, /, \"\", n); sum += n + 0
	} END { print sum }" cards >copies &&
	echo 82 >expect &&
	test_cmp expect copies &&
	grep -x "\.It Em Vlijtige Onderdaan Pq Cm vlijtige-onderdaan" cards
'

test_expect_success CARDS_H 'the play cards of trigon-rules(7) are those of lib/games/trigon/cards.h' '
	sed -n "/^\.Sh CARDS\$/,/^\.Sh /p" "$RULES" >cards &&
	awk "/^\\.It Em .* Pq Cm [a-z-]+\$/ {
		slug = \$NF; getline; gloss = \$0; n = \$0
		sub(/, .*/, \"\", gloss); sub(/^[^,]*, /, \"\", n)
		print slug \"|\" gloss \"|\" n + 0
	}" cards >doc &&
	sed -n "s/^	X([A-Z_]*, \"\([a-z-]*\)\", \"[^\"]*\", \"\([^\"]*\)\", TG_[A-Z]*, \([0-9]*\),.*/\1|\2|\3/p" \
		"$CARDS_H" >code &&
	test $(wc -l <code) = 46 &&
	sort doc >doc.sorted &&
	sort code >code.sorted &&
	test_cmp code.sorted doc.sorted
'

test_expect_success MAN 'every page fits 80 columns (LC_ALL=C MANWIDTH=80 man -l): no line of trigon(1), trigon-save(5) or a rules page is longer' '
	for page in trigon.1 trigon-save.5 catan-ck-rules.7 catan-rules.7 duel-rules.7 trigon-rules.7
	do
		LC_ALL=C MANWIDTH=80 man -l "$MANDIR/$page" 2>/dev/null |
			col -bx | awk -v p=$page "length > 80 { print p \": \" \$0 }" ||
		return 1
	done >wide &&
	test_must_be_empty wide
'

test_done
