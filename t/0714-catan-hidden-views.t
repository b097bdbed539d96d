#!/bin/sh
test_description='CA12: in a Catan game past a seven with discards, a steal and two development cards bought (one a victory-point card), every view as another seat and without a key shows no hand by kind, no development card by type, no deck by type and not the stolen card; the owner sees them (the positive control)'
. "$(dirname "$0")/setup.sh"

# Seats in the order red, white, blue, holding the fixture keys green,
# yellow and purple.  The position (D4) gives the hands; the seed
# ($SEED13 below) rolls the seven, picks the stolen card and draws the
# two cards bought: dice, steal and deck come from the seed through the
# save layer, never from the command line (CA12.4, CA12.5).  The deck
# has no order to show: a card is drawn by type at the moment it is
# bought (CA12.2), so what could leak is the deck's count by type.
SEED13=000000000000000000000000000000000000000000000000000000000000000d

command -v python3 >/dev/null && test_set_prereq PYTHON3

# clean FILE...: no hidden pattern (hidden.pat) in any FILE; a hit is
# printed on stderr.
clean () {
	for f in "$@"
	do
		if grep -i -E -n -f hidden.pat "$f" >&2
		then
			echo >&2 "^ hidden information in $f"
			return 1
		fi
	done
}

# json_cards FILE: how many cards by kind (objects with "kind"
# resource or development) FILE.json shows outside its "hand".
json_cards () {
	jq "[del(.hand?) | .. | objects | select(.kind == \"resource\" or .kind == \"development\")] | length" "$1"
}

test_expect_success 'setup: the seven, discards, the robber steals from blue, red buys two cards and ends' '
	test_keys &&
	# What red and blue hide from white and from everyone without a
	# key: red'"'"'s development cards by type, the type of the card
	# stolen, both hands by kind after the steal (red 1 wood 1 grain,
	# blue 2 wood 2 ore), the hand views'"'"' own words, the deck by
	# type.  (A hand as JSON: json_cards below.)
	cat >hidden.pat <<-\EOF &&
	victory.?point
	road.?building
	stole 1
	you stole
	stole .* from you
	red.s hand
	blue.s hand
	Your hand \((red|blue)
	(^|[^0-9])1 wood,? 1 grain
	(^|[^0-9])2 wood,? 2 ore
	knights? (left|in the deck)
	EOF
	cat >pos.ini <<-\EOF &&
	[position]
	turn = red
	phase = pre-roll

	[red]
	settlements = c3/c4/d4 e3/e4/f3
	roads = c3/c4 e3/e4
	hand = 1 brick 1 wood 4 wool 4 grain 4 ore

	[white]
	settlements = d5/d6/e5
	roads = d5/d6
	hand = 2 grain

	[blue]
	settlements = c2/c3/d3
	roads = c2/c3
	hand = 4 wood 3 brick 2 ore
	EOF
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --rules catan --option first=1 \
		--data position=pos.ini --seed $SEED13 \
		--player "red:Ann:ann@example.org:keys/green.key.pub" \
		--player "white:Cat:cat@example.org:keys/yellow.key.pub" \
		--player "blue:Ben:ben@example.org:keys/purple.key.pub" >/dev/null &&
	trigon move -f g.trigon --key keys/green.key roll >out &&
	grep "red rolls 1+6 = 7" out &&
	grep "red must discard 7" out &&
	grep "blue must discard 4" out &&
	trigon move -f g.trigon --key keys/purple.key "discard 3 brick 1 wood" >/dev/null &&
	trigon move -f g.trigon --key keys/green.key "discard 1 brick 1 wood 2 wool 1 grain 2 ore" >/dev/null &&
	trigon move -f g.trigon --key keys/green.key "robber d3 steal blue" >out &&
	grep "red stole a card from blue" out &&
	trigon move -f g.trigon --key keys/green.key "buy card" >/dev/null &&
	trigon move -f g.trigon --key keys/green.key "buy card" >/dev/null &&
	cp g.trigon bought.trigon &&
	trigon move -f g.trigon --key keys/green.key end >out &&
	grep "next: white to roll" out
'

test_expect_success 'the positive control: red'"'"'s own views show its hand, its cards and the steal, so the patterns find them' '
	trigon hand -f g.trigon --key keys/green.key >red.hand &&
	cat >expect <<-\EOF &&
	red'"'"'s hand: 1 wood 1 grain
	development cards: 1 victory-point 1 road-building
	points in all: 3
	you stole 1 wood from blue
	you bought a road-building card
	you bought a victory-point card
	EOF
	test_cmp expect red.hand &&
	trigon hand -f bought.trigon --key keys/green.key >red.bought &&
	grep "^development cards: 1 victory-point (new this turn) 1 road-building (new this turn)$" red.bought &&
	trigon hand -f g.trigon --key keys/green.key --json >red.json &&
	trigon board -f g.trigon --width 100 --as red --key keys/green.key >red.board &&
	grep "^Your hand (red, hidden from the other players): 1 wood, 1 grain; development" red.board &&
	trigon board -f g.trigon --json --as red --key keys/green.key >red.bjson &&
	trigon board -f g.trigon --svg --as red --key keys/green.key >red.svg &&
	trigon hand -f g.trigon --key keys/purple.key >blue.hand &&
	grep "^red stole 1 wood from you$" blue.hand &&
	grep "^blue.s hand: 2 wood 2 ore$" blue.hand &&
	for f in red.hand red.json red.board red.bjson red.svg blue.hand
	do
		if clean $f 2>/dev/null
		then
			echo >&2 "no hidden pattern found in $f"
			return 1
		fi
	done &&
	test "$(jq -c "[.hand.cards[] | [.kind, .card, .count]]" red.bjson)" = \
		"[[\"resource\",\"wood\",1],[\"resource\",\"grain\",1],[\"development\",\"victory-point\",1],[\"development\",\"road-building\",1]]" &&
	test "$(json_cards red.json)" = 4 &&
	grep -i "victory.point" red.json red.board red.bjson red.svg >/dev/null &&
	grep -i "road.building" red.json red.board red.bjson red.svg >/dev/null
'

test_expect_success 'CA12.1-CA12.3: the public views without a key: status, board (text, ASCII, color, SVG, JSON, and after every action), log, verify' '
	trigon status -f g.trigon >pub.status &&
	trigon status -f g.trigon --json >pub.status.json &&
	trigon board -f g.trigon --width 100 --color never >pub.board &&
	trigon board -f g.trigon --width 76 --ascii >pub.board.ascii &&
	trigon board -f g.trigon --width 100 --color always >pub.board.color &&
	trigon board -f g.trigon --svg >pub.svg &&
	trigon board -f g.trigon --json >pub.board.json &&
	for n in 0 1 2 3 4 5 6 7
	do
		trigon board -f g.trigon --at $n --width 100 >pub.at$n &&
		trigon board -f g.trigon --at $n --json >pub.at$n.json || return 1
	done &&
	trigon log -f g.trigon >pub.log &&
	trigon log -f g.trigon --json >pub.log.json &&
	trigon verify g.trigon >pub.verify &&
	trigon verify --json g.trigon >pub.verify.json &&
	clean pub.* &&
	for f in pub.*json
	do
		test "$(json_cards $f)" = 0 || { echo >&2 "cards in $f"; return 1; }
	done &&
	grep "^red      2 VP+?   2 cards  2 development (0 new)  0 knights  route 1" pub.status &&
	grep "^Red: 2 points shown; 2 resource cards, 2 development cards;" pub.board &&
	test "$(jq -c "[.state.players[] | [.seat, .points, .cards, .development]]" pub.status.json)" = \
		"[[\"red\",2,2,2],[\"white\",1,2,0],[\"blue\",1,4,0]]" &&
	test "$(jq -c ".state.deck, .hand" pub.board.json | tr "\n" " ")" = "23 null " &&
	# A seat in the public JSON has these keys and no other (a hand
	# by kind under a new key would show here):
	jq -c "[.state.players[] | keys]" pub.status.json >seat.keys &&
	k="[\"cards\",\"color\",\"development\",\"development_new\",\"knights\",\"left\",\"pieces\",\"points\",\"resigned\",\"route\",\"seat\",\"vp\"]" &&
	echo "[$k,$k,$k]" >expect &&
	test_cmp expect seat.keys &&
	test "$(jq -c "[.state.players[].left | keys]" pub.status.json)" = \
		"[[\"cities\",\"roads\",\"settlements\",\"ships\"],[\"cities\",\"roads\",\"settlements\",\"ships\"],[\"cities\",\"roads\",\"settlements\",\"ships\"]]" &&
	test "$(jq -c "[.state | keys[]] - [\"map\",\"round\",\"turn\",\"phase\",\"to_act\",\"awaiting\",\"waiting\",\"winner\",\"how\",\"target\",\"robber\",\"bank\",\"deck\",\"dice\",\"players\",\"offers\",\"largest_army\",\"longest_route\",\"hexes\",\"harbors\"]" pub.status.json)" = "[]"
'

test_expect_success 'CA12.1: without a key no hand is shown: hand, moves, board --as are refused and write nothing' '
	mkdir nokey &&
	for args in "hand" "hand --json" "moves" "board --as red" "board --as white" "board --json --as red"
	do
		test_exit_code 1 env TRIGON_HOME="$PWD/nokey" trigon $args -f g.trigon >out 2>err &&
		test_must_be_empty out &&
		clean err || return 1
	done
'

test_expect_success 'CA12.1: as white (another seat, its own key): hand, moves, board --as white (text, SVG, JSON) show white'"'"'s and nothing of red'"'"'s or blue'"'"'s' '
	trigon hand -f g.trigon --key keys/yellow.key >white.hand &&
	printf "white'"'"'s hand: 2 grain\ndevelopment cards: none\npoints in all: 1\n" >expect &&
	test_cmp expect white.hand &&
	trigon hand -f g.trigon --key keys/yellow.key --json >white.hand.json &&
	trigon moves -f g.trigon --key keys/yellow.key >white.moves 2>white.moves.err &&
	trigon moves -f g.trigon --key keys/yellow.key --json >white.moves.json 2>&1 &&
	trigon board -f g.trigon --width 100 --as white --key keys/yellow.key >white.board &&
	trigon board -f g.trigon --svg --as white --key keys/yellow.key >white.svg &&
	trigon board -f g.trigon --json --as white --key keys/yellow.key >white.board.json &&
	grep "^Your hand (white, hidden from the other players): 2 grain;" white.board &&
	clean white.* &&
	test "$(jq -c "[.seat, [.cards[] | [.kind, .card, .count]], .events]" white.hand.json)" = \
		"[\"white\",[[\"resource\",\"grain\",2]],[]]" &&
	test "$(jq -c ".hand.seat, [.hand.cards[].card]" white.board.json | tr "\n" " ")" = "\"white\" [\"grain\"] " &&
	test "$(json_cards white.board.json)" = 0 &&
	for args in "hand --as red" "hand --as blue --json" "moves --as red" "board --as red" "board --json --as blue"
	do
		test_exit_code 1 trigon $args -f g.trigon --key keys/yellow.key >out 2>err &&
		test_must_be_empty out &&
		clean err || return 1
	done
'

test_expect_success 'CA12.1: white'"'"'s screen in trigon play (board, hand, orders) shows nothing of red'"'"'s or blue'"'"'s' '
	trigon play g.trigon --key keys/yellow.key </dev/null >white.play 2>white.play.err &&
	grep "^white.s hand: 2 grain$" white.play &&
	grep "^  1  roll$" white.play &&
	clean white.play white.play.err
'

test_expect_success PYTHON3 'CA12.1: the mails of red'"'"'s and blue'"'"'s moves (subject, body, the board, the SVG attached) tell the others nothing hidden' '
	trigon mail -f g.trigon --key keys/green.key >red.mail &&
	grep "^Subject: \[trigon [0-9a-f]*\] moves 3-7 by red; next: white to roll$" red.mail &&
	grep "^  6 red buy card$" red.mail &&
	trigon mail -f g.trigon --key keys/green.key --attach-svg >red.mail.svg &&
	grep -i "^Content-Type: image/svg+xml" red.mail.svg &&
	mkdir parts &&
	python3 "$SHARNESS_TEST_SRCDIR/helpers/mimeparts.py" red.mail.svg parts >/dev/null &&
	grep "<svg" parts/*.svg &&
	grep "Red: 2 points shown" parts/*.svg &&
	trigon mail -f g.trigon --key keys/green.key --since 0 >red.mail.all &&
	clean red.mail red.mail.svg parts/*.svg red.mail.all &&
	trigon mail -f g.trigon --key keys/purple.key --since 0 >blue.mail &&
	clean blue.mail
'

test_done
