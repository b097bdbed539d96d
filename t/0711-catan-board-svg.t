#!/bin/sh
test_description='trigon board --svg for Catan (CA14.2, CA12.1): the picture as XML, its pieces, and rendered by rsvg-convert against a reference image (t/catan-board/*-svg.png)'
. "$(dirname "$0")/setup.sh"

# The reference image is what rsvg-convert drew of the picture at half
# size, looked at before it was committed.  The tolerance is
# t/helpers/pngdiff.py's default (at most 0.2% of the pixels may differ
# by more than 48 in a channel), as t/0310 for Trigon.  After a
# deliberate change of the picture: TRIGON_REGEN_GOLDEN=1 make check
# TESTS=t/0711-catan-board-svg.t, look at the new image, commit.
GOLD="$SHARNESS_TEST_SRCDIR/catan-board"
HELPERS="$SHARNESS_TEST_SRCDIR/helpers"

command -v python3 >/dev/null && test_set_prereq PYTHON3
command -v rsvg-convert >/dev/null && test_set_prereq RSVG


first () {
	f_who=$(to_act "$1") &&
	trigon moves -f "$1" --key $(catan_key $f_who) >moves &&
	trigon move -f "$1" --key $(catan_key $f_who) "$(head -n 1 moves)" >/dev/null
}

test_expect_success 'setup: the new-shores game of t/0710 (the set-up and the first roll)' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ns.trigon --rules catan --option first=1 \
		--option map=new-shores --seed $SEED1 \
		$(catan_players 4) >/dev/null &&
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
	do
		first ns.trigon || return 1
	done &&
	trigon move -f ns.trigon --key keys/green.key roll >/dev/null &&
	trigon board -f ns.trigon --svg >ns.svg &&
	trigon board -f ns.trigon --svg --at 10 >at10.svg
'

# things FILE.svg: one line a drawn thing (class, its data attributes).
things () {
	python3 - "$1" <<-\PY
	import sys, xml.etree.ElementTree as ET
	NS = "{http://www.w3.org/2000/svg}"
	root = ET.parse(sys.argv[1]).getroot()
	assert root.tag == NS + "svg"
	for g in root.iter(NS + "g"):
	    c = g.get("class")
	    if c == "hex":
	        print(c, g.get("id"), g.get("data-terrain"), g.get("data-token", ""))
	    elif c == "harbor":
	        print(c, g.get("data-edge"), g.get("data-rate"))
	    elif c in ("road", "ship", "settlement", "city"):
	        print(c, g.get("data-at"), g.get("data-owner"))
	    elif c in ("robber", "pirate"):
	        print(c)
	    elif c == "panel":
	        for t in g.iter(NS + "text"):
	            print("panel", "".join(t.itertext()))
	PY
}

test_expect_success PYTHON3 'CA2.1, CA2.5: well-formed SVG with every hex of the map, its terrain and number' '
	things ns.svg >ns.things &&
	test $(grep -c "^hex " ns.things) = 77 &&
	grep "^hex hex-d4 desert $" ns.things &&
	grep "^hex hex-c8 gold 3$" ns.things &&
	grep "^hex hex-c3 hills 6$" ns.things &&
	grep "^hex hex-a1 sea $" ns.things &&
	test $(grep -c "^robber$" ns.things) = 1 &&
	test $(grep -c "^pirate$" ns.things) = 1
'

test_expect_success PYTHON3 'CA2.7: the nine harbors of new-shores with their rates' '
	cat >expect <<-\EOF &&
	harbor a2/b3 3:1
	harbor a4/b4 wool
	harbor b6/c5 3:1
	harbor c1/c2 ore
	harbor d6/d7 3:1
	harbor e1/e2 grain
	harbor e5/f6 brick
	harbor f3/g2 3:1
	harbor f4/g4 wood
	EOF
	grep "^harbor " ns.things | sort >actual &&
	test_cmp expect actual
'

test_expect_success PYTHON3 'CA14.2: the pieces drawn are the pieces the text board names, by owner' '
	cat >expect <<-\EOF &&
	road b2/b3 orange
	road b3/b4 orange
	road b4/b5 white
	road b5/b6 blue
	road c1/c2 red
	settlement a2/a3/b3 red
	settlement a3/a4/b4 blue
	settlement a4/a5/b5 white
	settlement b2/b3/c2 orange
	settlement b3/b4/c3 orange
	settlement b4/b5/c4 white
	settlement b5/b6/c5 blue
	settlement c1/c2/d2 red
	ship a2/a3 red
	ship a3/a4 blue
	ship a4/a5 white
	EOF
	grep -e "^road " -e "^ship " -e "^settlement " -e "^city " ns.things |
		sort >actual &&
	test_cmp expect actual &&
	trigon board -f ns.trigon --width 100 --color never >text &&
	grep "settlements a2/a3/b3 c1/c2/d2; roads c1/c2; ships a2/a3$" text
'

test_expect_success PYTHON3 'beside the map: the panels of the text board (points, cards, turn, awaited)' '
	grep "^panel Red: 2 points shown; 2 resource cards, 0 development cards;" ns.things &&
	grep "^panel Turn 1, after the roll; dice 1+6 = 7\." ns.things &&
	grep "^panel Awaited: red must move the robber or the pirate\.$" ns.things
'

test_expect_success PYTHON3 'CA12.1: the public picture shows no hand; --as blue adds blue'"'"'s hand only' '
	test_must_fail grep "Your hand" ns.svg &&
	trigon board -f ns.trigon --svg --as blue --key keys/purple.key >as-blue.svg &&
	things as-blue.svg >as-blue.things &&
	grep "^panel Your hand (blue, hidden from the other players): 1 brick, 1 wood;" as-blue.things &&
	test_must_fail grep "Your hand (red" as-blue.svg &&
	grep -v "^panel" ns.things >a &&
	grep -v "^panel" as-blue.things >b &&
	test_cmp a b
'

test_expect_success 'the same position gives the same picture, byte for byte' '
	trigon board -f ns.trigon --svg >again.svg &&
	test_cmp ns.svg again.svg &&
	test_must_fail test_cmp ns.svg at10.svg
'

test_expect_success RSVG 'rsvg-convert renders the pictures' '
	rsvg-convert -z 0.5 -o ns.png ns.svg &&
	rsvg-convert -z 0.5 -o at10.png at10.svg &&
	test -s ns.png && test -s at10.png
'

test_expect_success RSVG,PYTHON3 'the rendered picture is the reference image, within the tolerance' '
	if test -n "$TRIGON_REGEN_GOLDEN"
	then
		cp ns.png "$GOLD/ns-svg.png"
	fi &&
	python3 "$HELPERS/pngdiff.py" ns.png "$GOLD/ns-svg.png"
'

test_expect_success RSVG,PYTHON3 'the comparison can fail: the position seven actions earlier' '
	test_exit_code 1 python3 "$HELPERS/pngdiff.py" at10.png "$GOLD/ns-svg.png" >out &&
	grep "pixels differ\|sizes differ" out
'

test_expect_success 'setup: the fog-islands position of t/0710 (a city; b7, c6 uncovered; a ship uncovers d6 and d7)' '
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
	trigon move -f fc.trigon --key keys/green.key "build ship c6/d6" >/dev/null &&
	trigon board -f fc.trigon --svg >fc.svg
'

test_expect_success PYTHON3 'CA10.3, CA6.1: the uncovered hexes with their terrain and number, the fog still hidden without one, the city' '
	things fc.svg >fc.things &&
	grep "^hex hex-\(b7\|b8\|c6\|d6\|d7\|d8\) " fc.things >actual &&
	cat >expect <<-\EOF &&
	hex hex-b7 gold 4
	hex hex-b8 fog 
	hex hex-c6 sea 
	hex hex-d6 pasture 8
	hex hex-d7 sea 
	hex hex-d8 fog 
	EOF
	test_cmp expect actual &&
	test $(grep -c "^hex hex-[a-z0-9]* fog $" fc.things) = 8 &&
	grep -e "^city " -e "^ship " fc.things >actual &&
	printf "%s\n" "ship c5/c6 red" "ship c6/d6 red" "city d3/d4/e3 red" >expect &&
	test_cmp expect actual
'

test_expect_success RSVG,PYTHON3 'the rendered fog-and-city picture is its reference image (t/catan-board/fc-svg.png)' '
	rsvg-convert -z 0.5 -o fc.png fc.svg &&
	if test -n "$TRIGON_REGEN_GOLDEN"
	then
		cp fc.png "$GOLD/fc-svg.png"
	fi &&
	python3 "$HELPERS/pngdiff.py" fc.png "$GOLD/fc-svg.png" &&
	test_exit_code 1 python3 "$HELPERS/pngdiff.py" ns.png "$GOLD/fc-svg.png" >out
'

test_done
