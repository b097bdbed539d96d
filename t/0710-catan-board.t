#!/bin/sh
test_description='trigon board for Catan (CA14.2, CA12.1): the hex picture as text at 100 and 80 columns and in ASCII (golden files in t/catan-board/), public information only'
. "$(dirname "$0")/setup.sh"

# The golden files are what the program drew, checked by eye against
# the position.  After a deliberate change of the picture, regenerate
# them with TRIGON_REGEN_GOLDEN=1 make check TESTS=t/0710-catan-board.t
# and review the diff before committing.
GOLD="$SHARNESS_TEST_SRCDIR/catan-board"

golden () {
	if test -n "$TRIGON_REGEN_GOLDEN"
	then
		cp "$1" "$GOLD/$1"
	fi &&
	test_cmp "$GOLD/$1" "$1"
}


# first FILE: the acting seat plays the first action trigon moves lists.
first () {
	f_who=$(to_act "$1") &&
	trigon moves -f "$1" --key $(catan_key $f_who) >moves &&
	trigon move -f "$1" --key $(catan_key $f_who) "$(head -n 1 moves)" >/dev/null
}

test_expect_success 'setup: four players on new-shores (the widest map), the set-up and the first roll' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ns.trigon --rules catan --option first=1 \
		--option map=new-shores --seed $SEED1 \
		$(catan_players 4) >/dev/null &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
	do
		first ns.trigon || return 1
	done &&
	trigon move -f ns.trigon --key keys/green.key roll >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon new be.trigon --rules catan --option first=1 \
		--seed $SEED2 \
		$(catan_players) >/dev/null &&
	for i in 1 2 3 4 5
	do
		first be.trigon || return 1
	done &&
	SOURCE_DATE_EPOCH=1700000000 trigon new fog.trigon --rules catan --option first=1 \
		--option map=fog-islands --seed $SEED2 \
		$(catan_players) >/dev/null
'

test_expect_success 'CA14.2: the board at 100 and 80 columns, in UTF-8 and ASCII, is the golden picture' '
	trigon board -f ns.trigon --width 100 --color never >ns-100.out &&
	trigon board -f ns.trigon --width 80 --color never >ns-80.out &&
	trigon board -f ns.trigon --width 80 --ascii --color never >ns-80-ascii.out &&
	trigon board -f ns.trigon --width 76 --ascii --color never >ns-76-ascii.out &&
	trigon board -f ns.trigon --width 100 --color always >ns-100-color.out &&
	trigon board -f be.trigon --width 80 --ascii --color never >be-80-ascii.out &&
	golden ns-100.out &&
	golden ns-80.out &&
	golden ns-80-ascii.out &&
	golden ns-76-ascii.out &&
	golden ns-100-color.out &&
	golden be-80-ascii.out &&
	trigon board -f fog.trigon --width 100 --ascii --color never >fog-100-ascii.out &&
	golden fog-100-ascii.out
'

test_expect_success 'CA14.2: every line within the width asked for; the 100-column picture is wider than 80' '
	test $(columns ns-100.out) -le 100 &&
	test $(columns ns-100.out) -gt 80 &&
	test $(columns ns-100-color.out) -le 100 &&
	test $(columns ns-80.out) -le 80 &&
	test $(columns ns-80-ascii.out) -le 80 &&
	test $(columns ns-76-ascii.out) -le 76 &&
	test $(columns be-80-ascii.out) -le 80 &&
	test $(columns fog-100-ascii.out) -le 100 &&
	for w in 60 90 120 200
	do
		trigon board -f ns.trigon --width $w >w$w &&
		test $(columns w$w) -le $w || return 1
	done
'

test_expect_success 'CA2.1: every hex of the map is named once in the picture, at every width' '
	for f in ns-100.out ns-80.out ns-80-ascii.out w60
	do
		sed "/^Key:/,\$d" $f >map &&
		for h in a1 a11 b3 c10 d4 e7 f9 g11
		do
			test $(grep -cE "(^|[^a-z0-9/])$h([^0-9/]|\$)" map) = 1 ||
			{ echo >&2 "$f: $h"; return 1; }
		done || return 1
	done
'

test_expect_success 'CA10.3: the twelve fog hexes of fog-islands are drawn as ?? before discovery' '
	sed "/^Key:/,\$d" fog-100-ascii.out >map &&
	test $(grep -o " ?? " map | wc -l) = 12 &&
	grep -A1 "| *b7 *|" map | grep "| *?? *|"
'

test_expect_success 'ASCII mode writes ASCII only; without color there is no escape sequence; with color the pieces are colored' '
	test_must_fail env LC_ALL=C grep -n "[^ -~]" ns-80-ascii.out &&
	test_must_fail env LC_ALL=C grep -n "[^ -~]" ns-76-ascii.out &&
	test_must_fail grep -n "$(printf "\033")" ns-100.out &&
	grep "$(printf "\033\\[31m")" ns-100-color.out &&
	grep "$(printf "\033\\[34m")" ns-100-color.out
'

test_expect_success 'CA14.2: each paragraph names the seat'"'"'s pieces; after the set-up (CA3.3) two settlements and two roads or ships each' '
	for who in Red Blue White Orange
	do
		grep -A2 "^$who: 2 points shown; " ns-100.out | tr "\n" " " | tr -s " " >para &&
		grep "left: 3 settlements, 4 cities, 1[345] roads, 1[345] ships; settlements [a-g][0-9]*/[a-g][0-9]*/[a-g][0-9]* [a-g][0-9]*/[a-g][0-9]*/[a-g][0-9]*; \(roads\|ships\) [a-g]" para ||
		{ cat para >&2; return 1; }
	done &&
	grep "settlements a2/a3/b3 c1/c2/d2; roads c1/c2; ships a2/a3$" ns-100.out &&
	grep -A1 "^Orange:" ns-100.out | grep "settlements b2/b3/c2 b3/b4/c3; roads b2/b3 b3/b4$"
'

test_expect_success 'CA12.1: the public board shows no hand; --as a seat adds that seat'"'"'s hand and nothing else' '
	trigon board -f ns.trigon --width 100 >public &&
	test_must_fail grep "Your hand" public &&
	trigon board -f ns.trigon --width 100 --as blue --key keys/purple.key >as-blue &&
	grep "^Your hand (blue, hidden from the other players): " as-blue &&
	test_must_fail grep "Your hand (red" as-blue &&
	sed "/^Your hand/,\$d" as-blue >as-blue.public &&
	sed "\$d" as-blue.public >as-blue.trim &&
	sed "\$d" public >public.trim &&
	test_cmp public.trim as-blue.trim &&
	tail -n 1 as-blue >mode &&
	echo "open dice: anyone can compute the dice — play with friends" >expect &&
	test_cmp expect mode &&
	trigon hand -f ns.trigon --key keys/purple.key >hand &&
	grep "^blue.s hand: [0-9]" hand &&
	awk "/^blue.s hand:/ { for (i = 3; i < NF; i += 2) print \$i, \$(i + 1) }" hand >kinds &&
	test -s kinds &&
	while read n kind
	do
		grep "^Your hand (blue, hidden from the other players): .*$n $kind" as-blue || return 1
	done <kinds
'

test_expect_success 'CA12.1: development cards (a victory-point card among them) and resources by kind appear only in their owner'"'"'s view, text and SVG' '
	cat >pos.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	[red]
	settlements = c3/d3/d4 e2/e3/f2
	cities = b2/b3/c3
	roads = c3/d3
	hand = 2 ore 1 wool
	cards = knight victory-point
	new-cards = monopoly
	[blue]
	settlements = c5/c6/d6
	hand = 3 grain
	cards = year-of-plenty
	[white]
	settlements = e4/e5/f4
	hand = 1 brick
	EOF
	SOURCE_DATE_EPOCH=1700000000 trigon new pos.trigon --rules catan --option first=1 \
		--seed $SEED1 --data position=pos.ini \
		$(catan_players) >/dev/null &&
	trigon board -f pos.trigon --width 80 >pub.txt &&
	trigon board -f pos.trigon --width 80 --as blue --key keys/purple.key >blue.txt &&
	trigon board -f pos.trigon --width 80 --as red --key keys/green.key >red.txt &&
	trigon board -f pos.trigon --svg >pub.svg &&
	trigon board -f pos.trigon --svg --as blue --key keys/purple.key >blue.svg &&
	trigon board -f pos.trigon --svg --as red --key keys/green.key >red.svg &&
	grep "^Red: 4 points shown; 3 resource cards, 3 development cards (1 new); 0 knights$" pub.txt &&
	for f in pub.txt blue.txt pub.svg blue.svg
	do
		test_must_fail grep -e "knight," -e "1 knight" -e victory-point -e monopoly -e "Your hand (red" -e "1 wool, 2 ore" -e "5 points" $f ||
		{ echo >&2 "$f shows a hidden card of red"; return 1; }
	done &&
	for f in pub.txt red.txt pub.svg red.svg
	do
		test_must_fail grep -e year-of-plenty -e ": 3 grain" -e "Your hand (blue" $f ||
		{ echo >&2 "$f shows a hidden card of blue"; return 1; }
	done &&
	test_exit_code 1 trigon board -f pos.trigon --as red --key keys/purple.key >out 2>err &&
	test_must_be_empty out &&
	test_exit_code 1 trigon board -f pos.trigon --svg --as red --key keys/purple.key >out 2>err &&
	test_must_be_empty out &&
	grep -A2 "^Your hand (red, hidden from the other players): 1 wool, 2 ore; development" red.txt >hand &&
	grep "cards: 1 knight, 1 victory-point, 1 monopoly (1 new this turn); 5 points in" hand &&
	grep ">Your hand (red, hidden from the other players): 1 wool, 2 ore; development cards: 1 knight, 1<" red.svg &&
	grep "> *victory-point, 1 monopoly (1 new this turn); 5 points in all.<" red.svg &&
	grep ">Your hand (blue, hidden from the other players): 3 grain; development cards: 1 year-of-plenty; 1<" blue.svg
'

test_expect_success 'CA12.1: the board --as another seat does not show blue'"'"'s hand' '
	trigon board -f ns.trigon --width 100 --as red --key keys/green.key >as-red &&
	grep "^Your hand (red, " as-red &&
	test_must_fail grep "Your hand (blue" as-red
'

test_expect_success 'setup: a fog-islands position (D4) with a city and two fog hexes given uncovered; a ship uncovers d6 and d7 by the seed' '
	cat >fc.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	revealed = b7 gold:4 c6 sea

	[red]
	settlements = b2/b3/c2
	cities = d3/d4/e3
	roads = b2/c2
	ships = c5/c6
	hand = 2 wool 1 ore 1 grain 1 wood

	[blue]
	settlements = e8/f8/f9
	roads = e8/f8
	hand = 3 brick

	[white]
	settlements = d2/d3/e2
	roads = d2/e2
	hand = 1 grain
	EOF
	SOURCE_DATE_EPOCH=1700000000 trigon new fc.trigon --rules catan --option first=1 \
		--option map=fog-islands --data position=fc.ini --seed $SEED1 \
		$(catan_players) >/dev/null &&
	trigon move -f fc.trigon --key keys/green.key "build ship c6/d6" >out &&
	grep "d6: pasture 8, red gets 1 wool" out &&
	grep "d7: sea" out
'

test_expect_success 'CA10.3, CA6.1: a fog hex uncovered and a city, the golden picture at 100 columns (UTF-8) and 80 (ASCII)' '
	trigon board -f fc.trigon --width 100 --color never >fc-100.out &&
	trigon board -f fc.trigon --width 80 --ascii --color never >fc-80-ascii.out &&
	golden fc-100.out &&
	golden fc-80-ascii.out &&
	test $(columns fc-100.out) -le 100 &&
	test $(columns fc-80-ascii.out) -le 80 &&
	sed "/^Key:/,\$d" fc-80-ascii.out >map &&
	test $(grep -o "??" map | wc -l) = 8 &&
	grep -A1 "| d5  | d6  | d7  | d8  |" map | grep "| ~~  |Pa 8 | ~~  | ??  |" &&
	grep -A1 "| b6  | b7  | b8  |" map | grep "| ~~  |Go 4 | ??  |" &&
	grep "^\.     \.     w     R     \." map &&
	grep "cities d3/d4/e3;" fc-80-ascii.out
'

test_expect_success 'CA10.3: the same position before the ship (--at 0) still shows d6 and d7 as fog' '
	trigon board -f fc.trigon --at 0 --width 80 --ascii --color never >fc-at0 &&
	sed "/^Key:/,\$d" fc-at0 >map0 &&
	test $(grep -o "??" map0 | wc -l) = 10 &&
	grep -A1 "| d5  | d6  | d7  | d8  |" map0 | grep "| ~~  | ??  | ??  | ??  |"
'

test_done
