#!/bin/sh
test_description='catan-rules(7): every CA-number of the brief is a rule of the page, in order; every example of its ORDER LANGUAGE is legal in a real position and applies through trigon move; its map pictures are the embedded maps'
. "$(dirname "$0")/setup.sh"

# The page is read from the source tree (make distcheck runs this from a
# read-only copy).  t/catan-rules-numbers.txt lists the rule numbers the
# page must hold, one a line, in order (the numbers the engine cites).
PAGE=$TRIGON_SRC_DIR/man/catan-rules.7
NUMBERS=$SHARNESS_TEST_SRCDIR/catan-rules-numbers.txt
MAPS=$TRIGON_SRC_DIR/data/catan/maps.ini

# Red, blue and white hold the fixture keys green, purple and yellow.

# game FILE MAP POSITION SEED: a new three-player game of Catan on MAP
# from the position file POSITION ("-": the set-up of a new game).
game () {
	g_pos=
	test "$3" = - || g_pos="--data position=$3"
	rm -f "$1" &&
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --rules catan --option first=1 \
		--option map=$2 --seed "$(printf "%064x" "$4")" $g_pos \
		$(catan_players) >/dev/null
}

# as COLOR ORDER: COLOR's ORDER applied to g.trigon.
as () {
	trigon move -f g.trigon --key "$(catan_key "$1")" "$2" >/dev/null
}

# rolled TOTAL MAP POSITION: g.trigon from the first seed of 1-99 whose
# first roll (red's, from POSITION before the roll) totals TOTAL.  The
# dice come from the seed only; the command line cannot force them.
rolled () {
	r_seed=1
	while test $r_seed -lt 100
	do
		game g.trigon "$2" "$3" $r_seed &&
		trigon move -f g.trigon --key keys/green.key roll >roll.out ||
			return 1
		grep " = $1\$" roll.out >/dev/null && return 0
		r_seed=$((r_seed + 1))
	done
	echo "no seed of 1-99 rolls $1 first" >&2
	return 1
}

test_expect_success 'the positions of the examples' '
	test_keys &&
	cat >main.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	offers = 7
	[red]
	settlements = b2/b3/c3
	roads = b2/b3
	hand = 4 brick 4 wood 4 wool 4 grain 4 ore
	cards = knight monopoly year-of-plenty road-building
	[blue]
	settlements = e3/e4/f3
	hand = 2 ore
	[white]
	settlements = d5/d6/e5
	hand = 1 ore
	EOF
	cat >road.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	[red]
	settlements = c2/c3/d3
	hand = 1 brick 1 wood
	[blue]
	settlements = e3/e4/f3
	[white]
	settlements = d5/d6/e5
	EOF
	cat >harbor.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	[red]
	settlements = a1/a2/b2
	hand = 3 wood
	[blue]
	settlements = e3/e4/f3
	[white]
	settlements = d5/d6/e5
	EOF
	cat >seven.ini <<-\EOF &&
	[position]
	turn = red
	phase = pre-roll
	[red]
	settlements = b2/b3/c3
	roads = b2/b3
	hand = 1 ore
	[blue]
	settlements = c3/c4/d4
	hand = 1 brick 2 wood 1 ore 4 grain
	[white]
	settlements = d5/d6/e5
	hand = 1 wool
	EOF
	cat >ships.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	[red]
	settlements = c5/c6/d6 c2/d2/d3
	hand = 2 brick 2 wood 2 wool 2 grain
	cards = road-building
	[blue]
	settlements = e3/e4/f4
	[white]
	settlements = d3/d4/e3
	EOF
	cat >route.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	[red]
	settlements = c5/c6/d6
	ships = c6/d6 c6/d7 c7/d7 c7/d8
	hand = 1 ore
	[blue]
	settlements = e3/e4/f4
	[white]
	settlements = d3/d4/e3
	EOF
	cat >pirate.ini <<-\EOF &&
	[position]
	turn = red
	phase = pre-roll
	[red]
	settlements = c5/c6/d6
	hand = 1 ore
	cards = knight
	[blue]
	settlements = e3/e4/f4
	hand = 1 grain
	[white]
	settlements = b8/c7/c8
	ships = c7/d8
	hand = 1 wool
	EOF
	cat >gold.ini <<-\EOF
	[position]
	turn = red
	phase = pre-roll
	[red]
	settlements = c7/c8/d8
	hand = 1 ore
	[blue]
	settlements = e3/e4/f4
	hand = 1 grain
	[white]
	settlements = d3/d4/e3
	hand = 1 wool
	EOF
'

# example ORDER: sets up g.trigon where ORDER is due and prints the
# color that gives it; fails for an example it has no position for.
example () {
	case $1 in
	"roll")
		game g.trigon beginner seven.ini 1 && echo red ;;
	"build settlement c3/d3/d4")
		game g.trigon beginner - 1 && echo red ;;
	"build road c2/d3")
		game g.trigon beginner road.ini 1 && echo red ;;
	"build city b2/b3/c3" | "buy card" | "trade 4 wood for 1 ore" | \
	"offer 2 wool for 1 ore to blue,white" | \
	"play knight robber e3 steal blue" | \
	"play year-of-plenty 1 grain 1 ore" | "play monopoly ore" | \
	"end" | "resign")
		game g.trigon beginner main.ini 1 && echo red ;;
	"trade 3 wood for 1 ore")
		game g.trigon beginner harbor.ini 1 && echo red ;;
	"accept 7" | "decline 7" | "offer 1 ore for 3 wool")
		game g.trigon beginner main.ini 1 &&
		as red "offer 2 wool for 1 ore to blue,white" && echo blue ;;
	"withdraw")
		game g.trigon beginner main.ini 1 &&
		as red "offer 2 wool for 1 ore to blue,white" && echo red ;;
	"discard 1 brick 2 wood 1 ore")
		rolled 7 beginner seven.ini && echo blue ;;
	"robber c3 steal blue" | "robber e3")
		rolled 7 beginner seven.ini &&
		as blue "discard 1 brick 2 wood 1 ore" && echo red ;;
	"build ship c6/d6" | "play road-building ship c6/d6 road d2/d3")
		game g.trigon new-shores ships.ini 1 && echo red ;;
	"move ship c7/d8 to c6/c7")
		game g.trigon new-shores route.ini 1 && echo red ;;
	"pirate d8 steal white")
		rolled 7 new-shores pirate.ini && echo red ;;
	"play knight pirate d8 steal white")
		game g.trigon new-shores pirate.ini 1 && echo red ;;
	"pick 1 ore")
		rolled 3 new-shores gold.ini && echo red ;;
	*)
		echo "no position for the example '\''$1'\''" >&2
		return 1 ;;
	esac
}

test_expect_success 'rules-numbers: CA1.1 to CA15.6' '
	test "$(sed -n 1p "$NUMBERS")" = CA1.1 &&
	test "$(sed -n \$p "$NUMBERS")" = CA15.6 &&
	test $(wc -l <"$NUMBERS") = 91
'

test_expect_success 'catan-rules(7) states every CA-number as its own item, in order' '
	sed -n "s/^\.It \(CA[0-9][0-9]*\.[0-9][0-9]*\)\$/\1/p" "$PAGE" >actual &&
	test_cmp "$NUMBERS" actual
'

test_expect_success 'catan-rules(7): every example of ORDER LANGUAGE is listed by trigon moves for its seat (CA14.1: legal and canonical) and applied by trigon move (exit 0)' '
	sed -n "/^\.Sh ORDER LANGUAGE\$/,/^\.Sh /p" "$PAGE" >section &&
	sed -n "s/^\.It Ql \(.*\)\$/\1/p" section >examples &&
	test $(wc -l <examples) -ge 25 &&
	while read -r order
	do
		who=$(example "$order") &&
		test -n "$who" &&
		key=$(catan_key $who) &&
		trigon moves -f g.trigon --key $key >legal 2>/dev/null &&
		case $order in
		offer\ *) ! grep -Fx "$order" legal ;;
		*) grep -Fx "$order" legal >/dev/null ||
			{ echo "not listed for $who: $order" >&2; false; } ;;
		esac &&
		trigon move -f g.trigon --key $key "$order" >out ||
			{ echo "refused: $order" >&2; return 1; }
		grep "^g.trigon: [0-9]* $who $order\$" out >/dev/null || return 1
	done <examples
'

test_expect_success 'every verb of the grammar has an example (CA13.2)' '
	for verb in roll "build settlement" "build city" "build road" \
		"build ship" "buy card" trade offer accept decline withdraw \
		discard pick robber pirate "play knight robber" \
		"play knight pirate" "play road-building" "play year-of-plenty" \
		"play monopoly" "move ship" end resign
	do
		grep "^$verb\>" examples >/dev/null ||
			{ echo "no example of $verb" >&2; return 1; }
	done
'

test_expect_success 'CA2.4: the alias c3.n of the page is the corner b2/b3/c3' '
	grep "^\.Cm c3\.n\$" "$PAGE" &&
	game g.trigon beginner - 1 &&
	as red "build settlement c3.n" &&
	trigon moves -f g.trigon --key keys/green.key >legal &&
	printf "%s\n" "build road b2/b3" "build road b2/c3" "build road b3/c3" \
		>expect &&
	grep "^build road" legal | sort >actual &&
	test_cmp expect actual
'

test_expect_success 'CA7.4 as the page states it: a trade with the bank leaves an offer open, an accepted trade closes the others' '
	game g.trigon beginner main.ini 1 &&
	as red "offer 2 wool for 1 ore to blue,white" &&
	as red "trade 4 wood for 1 ore" &&
	as blue "accept 7" &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/yellow.key "accept 7" &&
	cmp before g.trigon
'

test_expect_success 'an order the page does not define is refused, the file unchanged' '
	game g.trigon beginner main.ini 1 &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/green.key \
		"build castle b2/b3/c3" 2>err &&
	grep "build what" err &&
	cmp before g.trigon
'

# The pictures of THE MAPS: the row letter, then every hex of the row as
# its terrain's two letters and number, in cells of 6, shifted by the
# row's indent times 3.
picture () {
	awk -v MAP="$1" '
	BEGIN { ab["forest"] = "Fo"; ab["hills"] = "Hi"; ab["pasture"] = "Pa"
		ab["fields"] = "Fi"; ab["mountains"] = "Mo"; ab["desert"] = "De"
		ab["gold"] = "Go"; ab["sea"] = "~~"; ab["fog"] = "??" }
	$0 == "[rows " MAP "]" { on = 1; next }
	/^\[/ { on = 0 }
	on && /=/ {
		line = $1 " " sprintf("%" $3 * 3 "s", "")
		for (i = 4; i <= NF; i++) {
			split($i, p, ":")
			line = line sprintf("%-6s", ab[p[1]] p[2])
		}
		sub(/ +$/, "", line)
		print line
	}' "$MAPS"
}

test_expect_success 'THE MAPS: the pictures and harbors of beginner, new-shores, fog-islands, harbormaster and greater-catan are those of data/catan/maps.ini' '
	sed -n "/^\.Sh THE MAPS\$/,/^\.Sh /p" "$PAGE" >maps &&
	for m in beginner new-shores fog-islands harbormaster greater-catan
	do
		picture $m >expect &&
		test $(wc -l <expect) = 7 &&
		sed -n "/^\.Ss $m /,/^\.Ss /p" maps |
			sed -n "/^\.Bd -literal\$/,/^\.Ed\$/p" | sed "1d;\$d" >actual &&
		test_cmp expect actual &&
		sed -n "/^\[harbors $m\]\$/,/^\$/p" "$MAPS" |
			sed -n "s/^\([a-z0-9/]*\) = \(.*\)\$/\1 \2/p" >expect &&
		test $(wc -l <expect) -ge 7 &&
		sed -n "/^\.Ss $m /,/^\.Ss /p" maps | tr "\n" " " |
			sed "s/.*Harbors: \([^.]*\)\..*/\1\n/" | tr "," "\n" |
			sed "s/^ *//; s/ *\$//" >actual &&
		test_cmp expect actual || return 1
	done
'

test_done
