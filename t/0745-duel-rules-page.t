#!/bin/sh
test_description='duel-rules(7): every DU-number of DU1-DU17 and of DU18 built so far is a rule of the page, in order; every card of data/duel/cards.ini is in its CARDS; the cell names; t/unit/duel/page checks that each example of its ORDER LANGUAGE parses and applies as the page says'
. "$(dirname "$0")/setup.sh"

# The page is read from the source tree (make distcheck runs this from a
# read-only copy).  t/unit/duel/rules-numbers.txt lists the rule numbers
# DU1.1 to DU17.7 the page must hold, one a line, in order, then the
# general rules of the theme games built so far (DU18.2-DU18.11).
PAGE=$TRIGON_SRC_DIR/man/duel-rules.7
NUMBERS=$SHARNESS_TEST_SRCDIR/unit/duel/rules-numbers.txt
CARDS=$TRIGON_SRC_DIR/data/duel/cards.ini

test_expect_success 'rules-numbers: DU1.1 to DU17.7, 94 rules, then DU18.2 to DU18.11 and DU19.1 to DU19.9' '
	test "$(sed -n 1p "$NUMBERS")" = DU1.1 &&
	test "$(sed -n 94p "$NUMBERS")" = DU17.7 &&
	test "$(sed -n 95,\$p "$NUMBERS" | tr "\n" " ")" = "DU18.2 DU18.3 DU18.4 DU18.5 DU18.6 DU18.7 DU18.8 DU18.9 DU18.10 DU18.11 DU19.1 DU19.2 DU19.3 DU19.4 DU19.5 DU19.6 DU19.7 DU19.8 DU19.9 " &&
	test $(wc -l <"$NUMBERS") = 113 &&
	test $(sort -u "$NUMBERS" | wc -l) = 113
'

test_expect_success 'DU1-DU17, DU18.2-DU18.11, DU19: duel-rules(7) states every DU-number as its own item of RULES, in order, each with text' '
	sed -n "/^\.Sh RULES\$/,/^\.Sh /p" "$PAGE" >rules &&
	sed -n "s/^\.It \(DU[0-9][0-9]*\.[0-9][0-9]*\)\$/\1/p" rules >actual &&
	test_cmp "$NUMBERS" actual &&
	awk "/^\.It DU/ { if (n != \"\" && !text) print n; n = \$2; text = 0; next }
		/^[^.]/ { text = 1 }
		END { if (!text) print n }" rules >empty &&
	test_must_be_empty empty
'

test_expect_success 'DU1.4 DU2.2 DU3.1 DU3.2 DU4.4 DU7.2 DU7.6 DU8.4 DU12.2 DU12.6 DU15.1 DU16.4 DU17.7 DU18.6 DU18.9 DU19.1 DU19.3-DU19.9: each decision of the brief is marked Decision under its number' '
	for n in DU1.4 DU2.2 DU3.1 DU3.2 DU4.4 DU7.2 DU7.6 DU8.4 DU12.2 \
		DU12.6 DU15.1 DU16.4 DU17.7 DU18.6 DU18.9 DU19.1 DU19.3 \
		DU19.4 DU19.5 DU19.6 DU19.7 DU19.8 DU19.9
	do
		sed -n "/^\.It $n\$/,/^\.It /p" rules >item &&
		grep "^\.Sy Decision" item >/dev/null ||
			{ echo "no decision under $n" >&2; return 1; }
	done
'

test_expect_success 'DU1.2 DU1.3: every card of data/duel/cards.ini is an item of CARDS, by slug' '
	sed -n "s/^\[card \([a-z-]*\)\]\$/\1/p" "$CARDS" | sort >expect &&
	test $(wc -l <expect) = 53 &&
	sed -n "/^\.Sh CARDS\$/,/^\.Sh /p" "$PAGE" >cards &&
	sed -n "s/^\.It Cm \([a-z-]*\)\$/\1/p" cards | sort >actual &&
	test_cmp expect actual
'

# item SLUG: the text of SLUG's item in CARDS, after its subsection's
# preamble (which gives what the cards of the subsection share).
item () {
	awk -v S="$1" '
	/^\.Ss / { pre = ""; inpre = 1; on = 0; next }
	/^\.Bl / { inpre = 0; next }
	inpre { pre = pre " " $0; next }
	/^\.(It|El)/ { if (on) exit; if ($0 == ".It Cm " S) { on = 1; out = pre } next }
	on { out = out " " $0 }
	END { print out }' cards
}

test_expect_success 'DU1.2 DU13.1: each card of CARDS gives the cost, strength and skill of cards.ini' '
	for slug in $(cat expect)
	do
		item $slug >item &&
		cost=$(sed -n "/^\[card $slug\]\$/,/^\$/s/^cost = //p" "$CARDS") &&
		for part in $(echo "$cost" | sed "s/, /,/g; s/ /:/g; s/,/ /g")
		do
			grep "${part#*:} ${part%:*}" item >/dev/null ||
			{ echo "$slug: no ${part#*:} ${part%:*}" >&2; return 1; }
		done &&
		for v in strength skill
		do
			n=$(sed -n "/^\[card $slug\]\$/,/^\$/s/^$v = //p" "$CARDS") &&
			{ test -z "$n" || grep "$v $n" item >/dev/null; } ||
			{ echo "$slug: no $v $n" >&2; return 1; }
		done || return 1
	done
'

test_expect_success 'DU2.1 DU2.2 DU4.1: CELLS names the columns, the rows and every region kind with its resource' '
	sed -n "/^\.Sh CELLS\$/,/^\.Sh /p" "$PAGE" | tr "\n" " " >cells &&
	grep "\.Cm a c e g i k m o q s u w y" cells >/dev/null &&
	grep "\.Cm b d f h j l n p r t v x" cells >/dev/null &&
	for k in "bos (lumber)" "heuvels (brick)" "weiden (wool)" \
		"akkers (grain)" "bergen (ore)" "rivier (gold)"
	do
		grep "\.Cm ${k% *} ${k#* }" cells >/dev/null ||
			{ echo "no $k" >&2; return 1; }
	done
'

test_expect_success 'DU2.5 DU3.1: the picture of CELLS is the board red starts with' '
	sed -n "/^\.Sh CELLS\$/,/^\.Sh /p" "$PAGE" |
		sed -n "/^\.Bd -literal/,/^\.Ed\$/p" | sed "1d;\$d" >expect &&
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new d.trigon --rules catan-duel \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >/dev/null 2>&1 &&
	trigon board -f d.trigon --width 80 >board &&
	sed -n "/^red.s principality/,/^\$/p" board | sed "1,2d;/^\$/d" >actual &&
	test_cmp expect actual
'

test_expect_success '§6: the example of SCENARIO starts a game in that position (red with Markus holds the hero token, 3 VP; bergen-5 holds 3; blue'"'"'s Klooster and Markt)' '
	sed -n "/^\.Sh SCENARIO\$/,/^\.Sh /p" "$PAGE" |
		sed -n "/^\.Bd -literal/,/^\.Ed\$/p" | sed "1d;\$d" >s.ini &&
	test $(wc -l <s.ini) -ge 8 &&
	SOURCE_DATE_EPOCH=1700000000 trigon new s.trigon --rules catan-duel \
		--data scenario=s.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >/dev/null &&
	trigon board -f s.trigon >board &&
	grep "^red.s principality: 3 VP, hero token\$" board &&
	grep "^2  bos-2:1     markus      rivier-1:0" board &&
	grep "^4  heuvels-3:1 \[l4\]        weiden-4:1  \[n4\]        bergen-5:3\$" board &&
	grep "^2  bos-3:1     klooster    rivier-4:0  markt" board &&
	trigon status -f s.trigon >status &&
	grep "^red to roll" status
'

test_done
