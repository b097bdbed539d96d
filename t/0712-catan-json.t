#!/bin/sh
test_description='Catan as JSON (CA14.2, CA12.1, CA10.3): status --json, board --json and hand --json give the facts of the text views, fog hexes not yet uncovered never shown, what is awaited by seat, another seat'"'"'s hand only as a count'
. "$(dirname "$0")/setup.sh"

# Red, blue and white hold the fixture keys green, purple and yellow.
# The positions come from the position data (D4); the fog is uncovered
# and the dice rolled by the seed, through trigon move.

test_expect_success 'setup: a fog-islands position (a city, a fog hex uncovered by a ship) and a beginner position after a seven' '
	test_keys &&
	cat >fog.ini <<-\EOF &&
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
	cards = victory-point knight

	[blue]
	settlements = e8/f8/f9
	roads = e8/f8
	hand = 3 brick

	[white]
	settlements = d2/d3/e2
	roads = d2/e2
	hand = 1 grain
	EOF
	SOURCE_DATE_EPOCH=1700000000 trigon new f.trigon --rules catan --option first=1 \
		--option map=fog-islands --data position=fog.ini --seed $SEED1 \
		$(catan_players) >/dev/null &&
	trigon move -f f.trigon --key keys/green.key "build ship c6/d6" >out &&
	grep "d6: pasture 8, red gets 1 wool" out &&
	grep "d7: sea" out &&
	cat >seven.ini <<-\EOF &&
	[position]
	turn = red
	phase = pre-roll

	[red]
	settlements = c3/c4/d4 e3/e4/f3
	roads = c3/c4 e3/e4
	hand = 1 brick 1 wood 4 wool 4 grain 4 ore

	[blue]
	settlements = c2/c3/d3
	roads = c2/c3
	hand = 4 wood 3 brick 2 ore

	[white]
	settlements = d5/d6/e5
	roads = d5/d6
	hand = 2 grain
	EOF
	SOURCE_DATE_EPOCH=1700000000 trigon new s.trigon --rules catan --option first=1 \
		--data position=seven.ini --seed $SEED1 $(catan_players) >/dev/null &&
	trigon move -f s.trigon --key keys/green.key roll >out &&
	grep "red rolls 1+6 = 7" out
'

test_expect_success 'CA10.3, CA14.2: the fog hexes not uncovered are "fog" without a token; the uncovered ones show what they are' '
	trigon status -f f.trigon --json >st.json &&
	jq -r ".state.hexes[] | select(.fog == \"hidden\") | [.hex, .terrain, .token // \"-\"] | @tsv" st.json >hidden &&
	printf "%s\tfog\t-\n" b8 b9 b10 c7 c8 c9 c10 d8 >expect &&
	test_cmp expect hidden &&
	jq -r ".state.hexes[] | select(.fog == \"revealed\") | [.hex, .terrain, .token // \"-\"] | @tsv" st.json >shown &&
	printf "%s\t%s\t%s\n" b7 gold 4 c6 sea - d6 pasture 8 d7 sea - >expect &&
	test_cmp expect shown &&
	test $(jq "[.state.hexes[] | select(.terrain == \"fog\" and has(\"token\"))] | length" st.json) = 0 &&
	test $(jq ".state.hexes | length" st.json) = 77 &&
	jq -r ".state.hexes[] | select(.hex == \"d2\" or .hex == \"a1\") | [.hex, .terrain, .token // \"-\"] | @tsv" st.json >some &&
	printf "%s\t%s\t%s\n" a1 sea - d2 pasture 11 >expect &&
	test_cmp expect some
'

test_expect_success 'CA14.2: the JSON says what the text says: points, cards, development cards, pieces, harbors' '
	jq -r ".state.players[] | [.seat, .points, .cards, .development, .knights, .route] | @tsv" st.json >pl &&
	test "$(jq -c "[.state.players[] | .color == .seat] | unique" st.json)" = "[true]" &&
	printf "red\t3\t4\t2\t0\t2\nblue\t1\t3\t0\t0\t1\nwhite\t1\t1\t0\t0\t1\n" >expect &&
	test_cmp expect pl &&
	trigon status -f f.trigon >st.txt &&
	grep "^red      3 VP+?   4 cards  2 development (0 new)  0 knights  route 2" st.txt &&
	jq -r ".state.players[0].pieces[] | \"\(.kind) \(.at)\"" st.json >pieces &&
	printf "%s\n" "settlement b2/b3/c2" "city d3/d4/e3" "road b2/c2" "ship c5/c6" "ship c6/d6" >expect &&
	test_cmp expect pieces &&
	test "$(jq -r "[.state.harbors[] | \"\(.at) \(.kind) \(.rate)\"] | join(\", \")" st.json)" = \
		"a1/b2 any 3:1, c4/c5 wool 2:1, f3/g3 brick 2:1, d1/d2 grain 2:1, d10/e9 ore 2:1, f6/f7 any 3:1, f9/g8 wood 2:1" &&
	test "$(jq -r ".state | [.map, .round, .turn, .phase, .to_act, .awaiting, .target, .robber, .pirate, .deck] | @tsv" st.json)" = \
		"fog-islands	1	1	main	red	red to play	12	c3	g5	23" &&
	test "$(jq -c ".state | [.winner, .how, .dice]" st.json)" = "[null,null,null]"
'

test_expect_success 'CA12.1, CA12.3: no hand by kind and no development card by type in the public JSON; victory-point cards hidden from the points' '
	test_must_fail grep -i "victory\|knight\"\|\"wool\": *2" st.json &&
	test $(jq "[.state.players[] | keys[]] | unique | map(select(. == \"hand\" or . == \"dev\" or . == \"events\")) | length" st.json) = 0 &&
	test $(jq ".state.players[0].points" st.json) = 3 &&
	trigon hand -f f.trigon --key keys/green.key --json >red.json &&
	test $(jq ".points" red.json) = 4
'

test_expect_success 'CA14.2: hand --json is the text hand, shaped as Trigon'"'"'s (seat, cards with kind, card, count)' '
	trigon hand -f f.trigon --key keys/green.key >red.txt &&
	cat >expect <<-\EOF &&
	red'"'"'s hand: 2 wool 1 grain 1 ore
	development cards: 1 knight 1 victory-point
	points in all: 4
	EOF
	test_cmp expect red.txt &&
	jq -r ".seat, (.cards[] | [.kind, .card, .count, .new // \"-\"] | @tsv), .points, (.events | length)" red.json >got &&
	printf "red\nresource\twool\t2\t-\nresource\tgrain\t1\t-\nresource\tore\t1\t-\ndevelopment\tknight\t1\t0\ndevelopment\tvictory-point\t1\t0\n4\n0\n" >expect &&
	test_cmp expect got &&
	test $(jq "[.cards[] | select(.kind == \"resource\") | .count] | add" red.json) = \
		$(jq ".state.players[0].cards" st.json)
'

test_expect_success 'CA12.1: hand --json of another seat or without a key is refused (exit 1), nothing on stdout' '
	test_exit_code 1 trigon hand -f f.trigon --as red --key keys/purple.key --json >out 2>err &&
	test_must_be_empty out &&
	grep "another player" err &&
	mkdir -p nokey &&
	test_exit_code 1 env TRIGON_HOME="$PWD/nokey" trigon hand -f f.trigon --as red --json >out 2>err &&
	test_must_be_empty out &&
	grep "no key was given" err
'

test_expect_success 'CA13.3, CA14.2: waiting names every seat awaited and for what: discards with their number' '
	trigon status -f s.trigon --json >s.json &&
	test "$(jq -c ".state.waiting" s.json)" = \
		"[{\"seat\":\"red\",\"for\":\"discard\",\"cards\":7},{\"seat\":\"blue\",\"for\":\"discard\",\"cards\":4}]" &&
	test "$(jq -r ".state.awaiting" s.json)" = "red must discard 7, blue must discard 4" &&
	test "$(jq -r ".await.text" s.json)" = "red must discard 7, blue must discard 4" &&
	test "$(jq -c ".state.dice" s.json)" = "[1,6]" &&
	trigon move -f s.trigon --key keys/purple.key "discard 3 brick 1 wood" >/dev/null &&
	trigon move -f s.trigon --key keys/green.key "discard 1 brick 1 wood 2 wool 1 grain 2 ore" >/dev/null &&
	trigon status -f s.trigon --json >s2.json &&
	test "$(jq -c ".state.waiting" s2.json)" = "[{\"seat\":\"red\",\"for\":\"robber\"}]" &&
	test "$(jq -c "[.state.players[].cards]" s2.json)" = "[7,5,2]"
'

test_expect_success 'CA7.3, CA14.2: an open offer: its addressees are awaited for it; the offer is public' '
	cp f.trigon o.trigon &&
	trigon move -f o.trigon --key keys/green.key "offer 1 wool for 1 brick to blue" >/dev/null &&
	trigon status -f o.trigon --json >o.json &&
	test "$(jq -c ".state.waiting" o.json)" = \
		"[{\"seat\":\"red\",\"for\":\"play\"},{\"seat\":\"blue\",\"for\":\"offer\",\"offer\":1}]" &&
	test "$(jq -c ".state.offers" o.json)" = \
		"[{\"number\":1,\"maker\":\"red\",\"give\":{\"brick\":0,\"wood\":0,\"wool\":1,\"grain\":0,\"ore\":0},\"get\":{\"brick\":1,\"wood\":0,\"wool\":0,\"grain\":0,\"ore\":0},\"to\":[\"blue\"]}]" &&
	trigon move -f o.trigon --key keys/purple.key "decline 1" >/dev/null &&
	trigon status -f o.trigon --json >o2.json &&
	test "$(jq -c ".state.waiting" o2.json)" = "[{\"seat\":\"red\",\"for\":\"play\"}]"
'

test_expect_success 'board --json: the public state of status, the hand only with --as and its own key; --at N the position then' '
	trigon board -f f.trigon --json >b.json &&
	jq -S .state b.json >b.state &&
	jq -S .state st.json >st.state &&
	test_cmp st.state b.state &&
	test "$(jq -c "[.file, .rules, .at, .hand]" b.json)" = "[\"f.trigon\",\"catan\",null,null]" &&
	trigon board -f f.trigon --json --as red --key keys/green.key >bh.json &&
	jq -S .hand bh.json >bh.hand &&
	jq -S . red.json >red.sorted &&
	test_cmp red.sorted bh.hand &&
	test_exit_code 1 trigon board -f f.trigon --json --as red --key keys/purple.key >out 2>err &&
	test_must_be_empty out &&
	trigon board -f f.trigon --json --at 0 >b0.json &&
	test "$(jq -r ".at, (.state.hexes[] | select(.hex == \"d6\") | .terrain)" b0.json | tr "\n" " ")" = "0 fog " &&
	test_exit_code 2 trigon board -f f.trigon --json --svg 2>err &&
	grep "svg and --json exclude each other" err
'

test_expect_success 'board --json for Rule of Trigon: the same state as status --json, and the hand of --as as hand --json' '
	new_game g.trigon &&
	play g.trigon 30 1 &&
	trigon status -f g.trigon --json | jq -S .state >t.state &&
	trigon board -f g.trigon --json >tb.json &&
	jq -S .state tb.json >tb.state &&
	test_cmp t.state tb.state &&
	test "$(jq -c "[.rules, .hand]" tb.json)" = "[\"trigon\",null]" &&
	trigon board -f g.trigon --json --as green --key keys/green.key | jq -S .hand >tbh &&
	trigon hand -f g.trigon --key keys/green.key --json | jq -S . >th &&
	test_cmp th tbh
'

test_expect_success 'CA12.1: a hand with nothing in it says so: no resource cards, no development cards, the points in all; no empty heading, no bare "VP" line' '
	trigon new e.trigon --rules catan --seed $SEED1 $(catan_players) >/dev/null &&
	trigon hand -f e.trigon --key keys/green.key >out &&
	printf "%s\\n" "red'"'"'s hand: no resource cards" "development cards: none" \
		"points in all: 0" >expect &&
	test_cmp expect out &&
	trigon new k.trigon --rules catan-ck --seed $SEED1 $(catan_players) >/dev/null &&
	trigon hand -f k.trigon --key keys/green.key >out &&
	printf "%s\\n" "red'"'"'s hand: no resource cards" "progress cards: none" \
		"points in all: 0" >expect &&
	test_cmp expect out
'

test_done
