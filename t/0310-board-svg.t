#!/bin/sh
test_description='trigon board --svg: the board as an SVG picture, checked as XML and rendered by rsvg-convert against a reference image (t/board/*-svg.png)'
. "$(dirname "$0")/setup.sh"

# The reference images are what rsvg-convert drew of the picture at
# half size, looked at before they were committed.  The tolerance
# (t/helpers/pngdiff.py): at most 0.2% of the pixels may differ by more
# than 48 in a channel -- room for another version of the renderer's
# anti-aliasing, not for a changed position (three actions earlier
# differ by 0.37%).  After a deliberate
# change of the picture: TRIGON_REGEN_GOLDEN=1 make check
# TESTS=t/0310-board-svg.t, look at the new t/board/*-svg.png, commit.
GOLD="$SHARNESS_TEST_SRCDIR/board"
HELPERS="$SHARNESS_TEST_SRCDIR/helpers"

command -v python3 >/dev/null && test_set_prereq PYTHON3
command -v rsvg-convert >/dev/null && test_set_prereq RSVG

new4 () {
	n4_file=$1 n4_seed=$2
	shift 2
	SOURCE_DATE_EPOCH=1700000000 trigon new "$n4_file" --seed "$n4_seed" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:$(cat keys/purple.key.pub)" \
		--player "yellow:Cy:$(cat keys/yellow.key.pub)" \
		--player "white:Di:$(cat keys/white.key.pub)" "$@" >/dev/null
}

mv_ () {
	trigon move -f "$1" --key "keys/$2.key" "$3" >/dev/null
}

# render NAME: NAME.svg drawn by rsvg-convert at half size as NAME.png.
render () {
	rsvg-convert -z 0.5 -o "$1.png" "$1.svg"
}

test_expect_success 'setup: the games of t/0300-board.t (start, and the mid-game after 12 actions)' '
	test_keys &&
	new4 start.trigon $SEED0 &&
	new4 mid.trigon $SEED0 --scenario "$GOLD/midgame.ini" &&
	mv_ mid.trigon green "sail boat from norrhavn to lumhaven with 4 knights" &&
	mv_ mid.trigon green "move 3 knights from psor to ulvdal" &&
	mv_ mid.trigon green end &&
	mv_ mid.trigon purple "move 3 knights 1 scout from marktveld to hoogwacht" &&
	mv_ mid.trigon purple "build knight at ipmond" &&
	mv_ mid.trigon purple "sail boat from ipmond to iphaven with 1 knight" &&
	mv_ mid.trigon white defend &&
	mv_ mid.trigon purple end &&
	mv_ mid.trigon yellow "place 8 knights at citel" &&
	mv_ mid.trigon yellow "move 2 knights from tirien to sophea" &&
	mv_ mid.trigon yellow end &&
	mv_ mid.trigon white "cross 3 knights from heliodor to nefelion" &&
	mv_ mid.trigon white "move 2 knights from sophea to zoutmeer" &&
	trigon board -f start.trigon --svg >start.svg &&
	trigon board -f mid.trigon --svg >mid.svg
'

test_expect_success PYTHON3 'the picture is well-formed SVG with every spot, land and sea' '
	python3 "$HELPERS/svgcheck.py" mid.svg >mid.things &&
	grep "^size [0-9][0-9]* [0-9][0-9]*$" mid.things &&
	test $(grep -c "^spot " mid.things) = 36 &&
	grep "^\[spot " "$TRIGON_SRC_DIR/data/trigon/map.ini" |
		sed "s/^\[spot \(.*\)\]$/\1/" | sort >ids.expect &&
	sed -n "s/^spot \([^ ]*\) .*/\1/p" mid.things | sort >ids.actual &&
	test_cmp ids.expect ids.actual &&
	cat >expect <<-\EOF &&
	land NOORLAND
	land LUMOS
	land CALMANIA
	land KALLAND
	sea (o) Grote Oceaan
	sea (c) Binnenzee van Cal
	sea (i) Ipzee
	EOF
	grep -e "^land " -e "^sea " mid.things >actual &&
	test_cmp expect actual
'

test_expect_success PYTHON3 'the picture shows what the text board shows: owners, villages and cities, palaces, figures (R7.3, R8.5, R4.9)' '
	grep "^spot lumhaven green village 1 - green 4k 1b$" mid.things &&
	grep "^spot psor green city 5 palace -$" mid.things &&
	grep "^spot citel yellow city 4 palace yellow 10k$" mid.things &&
	grep "^spot ipmond purple city 4 - purple 1b$" mid.things &&
	grep "^spot nieuw-delia purple village 4 palace purple 2k$" mid.things &&
	grep "^spot iphaven white village 2 - white 1k 1b$" mid.things &&
	grep "^spot kalliste white city 5 - -$" mid.things &&
	grep "^spot frostholm - - - - -$" mid.things
'

test_expect_success PYTHON3 'figures waiting on river crossings, by color (R7.2)' '
	cat >expect <<-\EOF &&
	crossing green 2k1s
	crossing purple 3k1s
	crossing yellow 2k
	EOF
	grep "^crossing " mid.things | sort >actual &&
	test_cmp expect actual
'

test_expect_success PYTHON3 'beside the map: the points (R11.1), supply and village chips, the round' '
	grep "^panel Green: 16 points = palace 3 + 4 villages 4 + 1 city 2 +" mid.things &&
	grep "^panel Yellow: 23 points = " mid.things &&
	grep "^panel   supply    2 scouts, 2 boats, 39 inhabitants/knights, 5$" mid.things &&
	grep "^panel Round 6, action phase\." mid.things &&
	grep "^panel Awaited: white to act (round 6)\.$" mid.things
'

test_expect_success PYTHON3 'the public picture names no card in a hand; --as adds that hand only' '
	test_must_fail grep -e Promotie -e Cavalerie -e Hinderlaag -e "Hand of" mid.svg &&
	trigon board -f mid.trigon --svg --as green --key keys/green.key >as-green.svg &&
	python3 "$HELPERS/svgcheck.py" as-green.svg >as-green.things &&
	grep "^panel Hand of Green (hidden from the other players):$" as-green.things &&
	grep "^panel   play      Promotie (Promotion), Cavalerie (Cavalry)$" as-green.things &&
	test_must_fail grep Hinderlaag as-green.svg &&
	test_exit_code 1 trigon board -f mid.trigon --svg --as white --key keys/green.key.pub >out 2>err &&
	test_must_be_empty out
'

test_expect_success PYTHON3 'names are escaped: a spot called "Frost & <Holm>" keeps the XML well-formed' '
	sed "s/^name = Frostholm$/name = Frost \& <Holm> \"q\"/" \
		"$TRIGON_SRC_DIR/data/trigon/map.ini" >amp-map.ini &&
	grep "^name = Frost & <Holm>" amp-map.ini &&
	SOURCE_DATE_EPOCH=1700000000 trigon new amp.trigon --seed $SEED1 \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "white:Di:$(cat keys/white.key.pub)" \
		--map amp-map.ini >/dev/null &&
	trigon board -f amp.trigon --svg >amp.svg &&
	grep -F "Frost &amp; &lt;Holm&gt; &quot;q&quot;" amp.svg &&
	python3 "$HELPERS/svgcheck.py" amp.svg >amp.things &&
	grep "^spot frostholm " amp.things
'

test_expect_success RSVG 'rsvg-convert renders the pictures' '
	render start &&
	render mid &&
	test -s start.png && test -s mid.png
'

# same NAME: NAME.png is the reference t/board/NAME-svg.png within the
# tolerance (or becomes it).
same () {
	if test -n "$TRIGON_REGEN_GOLDEN"
	then
		cp "$1.png" "$GOLD/$1-svg.png"
	fi &&
	python3 "$HELPERS/pngdiff.py" "$1.png" "$GOLD/$1-svg.png"
}

test_expect_success RSVG,PYTHON3 'the rendered pictures are the reference images, within a tolerance' '
	same start &&
	same mid
'

test_expect_success RSVG,PYTHON3 'the comparison can fail: another size, or three actions earlier' '
	test_exit_code 1 python3 "$HELPERS/pngdiff.py" start.png "$GOLD/mid-svg.png" >out &&
	grep "^sizes differ: " out &&
	trigon board -f mid.trigon --svg --at 10 >at10.svg &&
	render at10 &&
	test_exit_code 1 python3 "$HELPERS/pngdiff.py" at10.png "$GOLD/mid-svg.png" >out &&
	grep "^[0-9]* of [0-9]* pixels differ" out
'

test_expect_success '--svg with --at draws that position' '
	trigon board -f mid.trigon --svg --at 0 >at0.svg &&
	trigon board -f mid.trigon --svg >now.svg &&
	test_cmp mid.svg now.svg &&
	test_must_fail test_cmp at0.svg now.svg
'

test_done
