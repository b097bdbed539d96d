#!/bin/sh
test_description='catan-ck-rules(7): mandoc finds nothing; every CK-number of t/unit/catan/ck-rules-numbers.txt is a rule of the page, in order, each decision marked; every progress card of data/catan/progress.ini with its name, Dutch name, deck and count; an example of every C&K order parse.c reads; the STATUS section tells the truth about trigon new'
. "$(dirname "$0")/setup.sh"

# The page is read from the source tree (make distcheck runs this from a
# read-only copy).  t/unit/catan/ck-rules-numbers.txt keeps the rule
# numbers the page must hold, CK1.1 to CK20.10, one a line, in order
# (the numbers the engine and the tests cite).
PAGE=$TRIGON_SRC_DIR/man/catan-ck-rules.7
NUMBERS=$SHARNESS_TEST_SRCDIR/unit/catan/ck-rules-numbers.txt
PROGRESS=$TRIGON_SRC_DIR/data/catan/progress.ini
PARSE_C=$TRIGON_SRC_DIR/lib/games/catan/parse.c

command -v mandoc >/dev/null 2>&1 && test_set_prereq MANDOC
command -v man >/dev/null 2>&1 && test_set_prereq MAN
test -f "$PARSE_C" && test_set_prereq PARSE_C

test_expect_success MANDOC 'mandoc -Tlint finds no warning in catan-ck-rules.7' '
	mandoc -Tlint -Wwarning "$PAGE" >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err
'

test_expect_success MAN 'man -l renders catan-ck-rules.7 at 80 columns with nothing on stderr' '
	MANWIDTH=80 man -l "$PAGE" >out 2>err &&
	test_must_be_empty err &&
	test -s out
'

test_expect_success 'ck-rules-numbers: CK1.1 to CK20.10, 126 rules, each once' '
	test "$(sed -n 1p "$NUMBERS")" = CK1.1 &&
	test "$(sed -n \$p "$NUMBERS")" = CK20.10 &&
	test $(wc -l <"$NUMBERS") = 126 &&
	test $(sort -u "$NUMBERS" | wc -l) = 126
'

test_expect_success 'CK1-CK18: catan-ck-rules(7) states every CK-number as its own item, in order, each with text' '
	sed -n "s/^\.It \(CK[0-9][0-9]*\.[0-9][0-9]*\)\$/\1/p" "$PAGE" >actual &&
	test_cmp "$NUMBERS" actual &&
	awk "/^\.It CK/ { if (n != \"\" && !text) print n; n = \$2; text = 0; next }
		/^\.S[hs] / { if (n != \"\" && !text) print n; n = \"\"; next }
		/^[^.]/ { text = 1 }
		END { if (n != \"\" && !text) print n }" "$PAGE" >empty &&
	test_must_be_empty empty
'

# item N: the text of rule N, from its .It to the next rule or section.
item () {
	awk -v N="$1" '
	/^\.It CK[0-9]+\.[0-9]+$/ || /^\.S[hs] / { if (on) exit }
	$0 == ".It " N { on = 1; next }
	on' "$PAGE"
}

# The rules that settle a point with a Decision (where the printed rules
# leave a choice), listed here so that none loses its mark.
test_expect_success 'each decision of the brief is marked Decision under its number' '
	for n in CK1.1 CK2.4 CK3.2 CK4.3 CK4.4 CK6.1 CK7.2 CK9.4 CK10.4 \
		CK11.3 CK11.6 CK11.7 CK11.9 CK12.2 CK12.3 CK12.5 CK13.2 \
		CK13.5 CK14.9 CK14.10 CK14.17 CK14.20 CK15.3 CK15.4 CK16.4 \
		CK17.4 CK18.3 CK19.1 CK19.2 CK19.5 CK19.6 CK19.9 \
		CK19.10
	do
		item $n >it &&
		grep "^\.Sy Decision" it >/dev/null ||
			{ echo "no decision under $n" >&2; return 1; }
	done
'

# The cards of progress.ini as "slug|name|nl|deck|count", in file order.
ini_cards () {
	awk '
	function out() { if (s != "") print s "|" n "|" nl "|" d "|" c }
	/^\[.*\]$/ { out(); s = substr($0, 2, length($0) - 2); n = nl = d = c = ""; next }
	/^name = / { n = substr($0, 8) }
	/^nl = / { nl = substr($0, 6) }
	/^deck = / { d = substr($0, 8) }
	/^count = / { c = substr($0, 9) }
	END { out() }' "$PROGRESS"
}

# The cards of the page's PROGRESS CARDS, the same way: each item opens
# with ".Sy NAME", ".Pq Cm SLUG ,", "Dutch", ".Em NL ;" and
# "DECK deck, COUNT card(s).".
page_cards () {
	sed -n "/^\.Sh PROGRESS CARDS\$/,/^\.Sh /p" "$PAGE" |
	awk '
	/^\.It CK14\./ { getline a; getline b; getline c; getline d; getline e
		sub(/^\.Sy /, "", a); sub(/^\.Pq Cm /, "", b); sub(/ ,$/, "", b)
		sub(/^\.Em /, "", d); sub(/ ;$/, "", d)
		split(e, f, " ")
		print b "|" a "|" d "|" f[1] "|" f[3] "|" c "|" f[2] f[4] }'
}

test_expect_success 'CK13.1, CK14: every card of progress.ini, and no other, is a rule of PROGRESS CARDS with its slug, name, Dutch name, deck and count' '
	ini_cards >expect &&
	test $(wc -l <expect) = 25 &&
	page_cards >page &&
	test $(wc -l <page) = 25 &&
	awk -F"|" "{ if (\$6 != \"Dutch\" || (\$7 != \"deck,cards.\" && \$7 != \"deck,card.\")) print }" page >bad &&
	test_must_be_empty bad &&
	cut -d"|" -f1-5 page >actual &&
	test_cmp expect actual
'

test_expect_success 'CK13.1: 18 cards a deck, 54 in all, in the data and on the page' '
	for d in trade politics science
	do
		ini_cards | awk -F"|" -v D=$d "\$4 == D { n += \$5 } END { print n }" >n &&
		echo 18 >expect &&
		test_cmp expect n &&
		grep "^\.Ss .*deck.*, 18 cards\$" "$PAGE" | grep -i "$d" >/dev/null ||
			{ echo "no heading for the $d deck" >&2; return 1; }
	done
'

test_expect_success 'CK13.5, CK14: every card says when it is refused, with the order that plays it' '
	for slug in $(ini_cards | cut -d"|" -f1)
	do
		n=$(grep -n "^\.Pq Cm $slug ,\$" "$PAGE" | cut -d: -f1) &&
		test -n "$n" &&
		rule=$(sed -n "$((n - 2))p" "$PAGE" | sed "s/^\.It //") &&
		item "$rule" >it &&
		grep "efused" it >/dev/null &&
		grep "^\.Ql play $slug\( \|\$\)" it >/dev/null ||
			{ echo "$slug ($rule): no refusal or no play order" >&2; return 1; }
	done
'

# The examples of ORDER LANGUAGE, one a line.
examples () {
	sed -n "/^\.Sh ORDER LANGUAGE\$/,/^\.Sh /p" "$PAGE" |
		sed -n "s/^\.It Ql \(.*\)\$/\1/p"
}

test_expect_success PARSE_C 'CK17.2: every verb parse.c reads in a C&K game has an example (aside: buy and pirate, base verbs the maps of CK1.1 never reach, and token, of map=greater-catan, which C&K refuses (catan-rules(7), CA10.9); show, of sealed hands, CK20.3, has one)' '
	examples >ex &&
	test $(wc -l <ex) -ge 50 &&
	grep -o "\(strcmp\|same\|EQ\)(v, \(n, \)\{0,1\}\"[a-z]*\")" "$PARSE_C" | sed "s/.*\"\(.*\)\".*/\1/" |
		sort -u >verbs &&
	for v in activate aqueduct chase desert displace give harbor improve \
		pillage place promote retreat take
	do
		grep -x $v verbs >/dev/null ||
			{ echo "parse.c has no verb $v" >&2; return 1; }
	done &&
	grep -x show verbs >/dev/null &&
	for v in $(grep -v -x -e buy -e pirate -e token verbs)
	do
		grep "^$v\>" ex >/dev/null ||
			{ echo "no example of $v" >&2; return 1; }
	done
'

test_expect_success PARSE_C 'CK17.2: the C&K forms of build, discard, place, take, give, pick and play each have an example' '
	for w in knight wall progress
	do
		grep "is(&\?w, 1, \"$w\"" "$PARSE_C" >/dev/null ||
			{ echo "parse.c reads no $w" >&2; return 1; }
	done &&
	examples >ex &&
	grep "^build knight [a-g][0-9]*/" ex &&
	grep "^build wall [a-g][0-9]*/" ex &&
	grep "^discard progress [a-z-]*\$" ex &&
	grep "^discard [0-9]" ex &&
	grep "^place knight none\$" ex &&
	grep "^place knight [a-g][0-9]*/" ex &&
	grep "^take [a-z-]*\$" ex &&
	grep "^take [0-9]" ex &&
	grep "^give \(cloth\|coin\|paper\)\$" ex &&
	grep "^give [0-9]" ex &&
	grep "^pick \(trade\|politics\|science\)\$" ex &&
	grep "^improve [a-z]*\$" ex &&
	grep "^improve [a-z]* [a-g][0-9]*/" ex &&
	grep "^trade [0-9]* \(cloth\|coin\|paper\) for" ex
'

test_expect_success 'CK14, CK17.2: every card that can be played has a play example, the victory-point cards none' '
	examples >ex &&
	for slug in $(ini_cards | cut -d"|" -f1)
	do
		case $slug in
		printer | constitution)
			! grep "^play $slug\( \|\$\)" ex ;;
		*)
			grep "^play $slug\( \|\$\)" ex >/dev/null ;;
		esac || { echo "play $slug" >&2; return 1; }
	done
'

test_expect_success 'CK18.2: who is awaited at each moment: a row for each answer of the order language' '
	item CK18.2 >it &&
	for a in "roll" "pick" "pillage" "discard progress" "aqueduct" \
		"discard" "robber" "retreat" "desert" "place knight" "take" "give"
	do
		grep "^\.Cm $a\>" it >/dev/null ||
			{ echo "no row answered by $a" >&2; return 1; }
	done
'

# unnamed NUMBERS: the rule numbers of file NUMBERS that stand in no
# test: neither in t/unit/catan/ck-*.c nor in t/0716-0718.
unnamed () {
	for n in $(cat "$1")
	do
		grep -q -w -F "$n" "$SHARNESS_TEST_SRCDIR"/unit/catan/ck-*.c \
			"$SHARNESS_TEST_SRCDIR"/0716-catan-ck.t \
			"$SHARNESS_TEST_SRCDIR"/0717-catan-ck-git.t \
			"$SHARNESS_TEST_SRCDIR"/0718-catan-ck-mail.t \
			"$SHARNESS_TEST_SRCDIR"/0750-catan-ck-new-maps.t || echo "$n"
	done
}

test_expect_success 'every CK number of ck-rules-numbers.txt stands in a test (t/unit/catan/ck-*.c, t/0716-0718, t/0750); the check bites for a number no test names' '
	unnamed "$NUMBERS" >missing &&
	test_must_be_empty missing &&
	printf "%s\n" CK18.5 CK18.50 >fake &&
	unnamed fake >missing &&
	echo CK18.50 >expect &&
	test_cmp expect missing
'

test_expect_success 'STATUS: the page says catan-ck is a rule set of trigon new, by its short name too, and trigon agrees' '
	sed -n "/^\.Sh STATUS\$/,/^\.Sh /p" "$PAGE" >status &&
	grep "^\.Ql trigon new --rules catan-ck\$" status &&
	grep "^\.Fl -rules Cm cities ,\$" status &&
	test_keys &&
	for r in catan-ck cities
	do
		rm -f g.trigon &&
		trigon new g.trigon --rules $r $(catan_players) >out &&
		grep "^rules catan-ck\$" g.trigon &&
		grep "^g.trigon: new game of Catan: Cities & Knights for red (Ann), blue (Ben), white (Cat); " out || return 1
	done
'

test_expect_success 'STATUS: the page says the computer player plays this game, and trigon bot suggests a listed action' '
	grep "^The computer player is the base game.s, taught this game\$" status &&
	who=$(to_act g.trigon) &&
	trigon bot -f g.trigon --as $who --key $(catan_key $who) --playouts 10 \
		--suggest >out &&
	sed -n "1s/^g.trigon: suggest: //p" out >action &&
	trigon moves -f g.trigon --key $(catan_key $who) >moves 2>/dev/null &&
	grep -x -F -f action moves
'

test_done
