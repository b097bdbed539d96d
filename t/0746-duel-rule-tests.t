#!/bin/sh
test_description='Catan: het Duel: every DU-number of DU1-DU17 and of DU18 built so far names a test, and every card of data/duel/cards.ini is played by t/unit/duel/cards -- the lists checked against the tests themselves'
. "$(dirname "$0")/setup.sh"

# A DU-number is named by a test when it stands in a test's name: in a
# string of a unit test of t/unit/duel/ (ok(), is_int() descriptions),
# or in the title of a test_expect_success of t/0740 to t/0744 (t/0745
# checks the rules page, which names every number; this file names the
# numbers it reads).  Sources are read from the source tree.
NUMBERS=$SHARNESS_TEST_SRCDIR/unit/duel/rules-numbers.txt
CARDS=$TRIGON_SRC_DIR/data/duel/cards.ini
UNIT=$SHARNESS_TEST_SRCDIR/unit/duel

# The DU-numbers the tests name, one a line.
named () {
	{
		cat "$UNIT"/*.c | grep -o "\"[^\"]*\"" &&
		for t in "$SHARNESS_TEST_SRCDIR"/074[0-4]-*.t
		do
			grep "^test_expect_success" "$t"
		done
	} | grep -o "DU[0-9][0-9]*\.[0-9][0-9]*" | sort -u
}

# The numbers of $1 no test names, one a line.
unnamed () {
	named >named.list &&
	sort -u "$1" | comm -23 - named.list
}

test_expect_success 'the check bites: a number no test names (DU99.9) is reported' '
	{ cat "$NUMBERS" && echo DU99.9; } >numbers &&
	unnamed numbers >missing &&
	echo DU99.9 >expect &&
	test_cmp expect missing
'

test_expect_success 'DU1-DU17, DU18.2-DU18.11, DU19.1-DU19.9: every DU-number of t/unit/duel/rules-numbers.txt (113) is named by a test' '
	test $(wc -l <"$NUMBERS") = 113 &&
	unnamed "$NUMBERS" >missing &&
	test_must_be_empty missing
'

# A card's test is in t/unit/duel/cards.c when its slug stands there as
# a string ("SLUG": card("SLUG") or a row of a table of cards that a test
# plays); the program itself fails for a card of the data that no test
# counted with card().
test_expect_success 'every card of data/duel/cards.ini (the 3 centre cards, the 35 of the basic set, 15 of De Gouden Eeuw) has its test in t/unit/duel/cards.c or gold.c' '
	sed -n "s/^\[card \([a-z-]*\)\]\$/\1/p" "$CARDS" | sort >cards &&
	test $(wc -l <cards) = 53 &&
	cat "$UNIT"/cards.c "$UNIT"/gold.c | grep -o "\"[a-z-]*\"" |
		tr -d "\"" | sort -u >played &&
	comm -23 cards played >missing &&
	test_must_be_empty missing
'

test_expect_success 'the card check bites: a card the data has and no test plays is reported' '
	{ cat cards && echo kasteel; } | sort >more &&
	comm -23 more played >missing &&
	echo kasteel >expect &&
	test_cmp expect missing
'

test_done
