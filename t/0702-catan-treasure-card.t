#!/bin/sh
test_description='Catan: the card treasure of map=treasures-2 (catan-rules(7), CA10.6): the board, SVG and JSON name the kind card; the road reaching it gives its finder a development card, noted, new this turn, not played in it (refused, the file unchanged); the computer players play the map to its end; a map=treasures game written before the card kind replays as it did then'
. "$(dirname "$0")/setup.sh"

F=$SHARNESS_TEST_SRCDIR/fixtures/treasures

test_expect_success 'setup' '
	test_keys
'

test_expect_success 'CA10.6: map=treasures-2 lists d8/d9/e8 card in the board text, the SVG and the JSON state' '
	rm -f t.trigon &&
	SOURCE_DATE_EPOCH=1700000000 trigon new t.trigon --rules catan \
		--option first=1 --option map=treasures-2 --seed $SEED1 \
		$(catan_players) >/dev/null &&
	trigon board -f t.trigon --width 120 --ascii --color never >board &&
	grep "c8/c9/d9 roads, d8/d9/e8 card\.$" board &&
	trigon board --svg t.trigon >t.svg &&
	grep "<g class=\"treasure\" data-at=\"d8/d9/e8\" data-kind=\"card\"" t.svg &&
	trigon status --json t.trigon >s.json &&
	test "$(jq -r ".state.treasures[5].kind" s.json)" = card &&
	test "$(jq -r ".state.treasures[5].corner" s.json)" = d8/d9/e8 &&
	test "$(jq -r ".state.treasures[4].kind" s.json)" = roads
'

test_expect_success 'CA10.6, CA8.2: the road to d8/d9/e8 finds a development card, 24 left, its finder told it is a knight, new this turn: playing it is refused and changes nothing' '
	cat >tr.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	[red]
	settlements = d9/e8/e9
	hand = 1 brick 1 wood
	[blue]
	settlements = b2/b3/c2
	[white]
	settlements = c2/d2/d3
	EOF
	rm -f p.trigon &&
	SOURCE_DATE_EPOCH=1700000000 trigon new p.trigon --rules catan \
		--option first=1 --option map=treasures-2 \
		--seed "$(printf "%064x" 1)" --data position=tr.ini \
		$(catan_players) >/dev/null &&
	trigon move -f p.trigon --key keys/green.key "build road d9/e8" >out &&
	cat >expect <<-\EOF &&
	p.trigon: 1 red build road d9/e8
	p.trigon:     red builds a road at d9/e8
	p.trigon:     d8: sea
	p.trigon:     red finds a development card at d8/d9/e8 (24 left)
	p.trigon: next: red to play
	EOF
	test_cmp expect out &&
	trigon status --json p.trigon >s.json &&
	test "$(jq -r ".state.treasures[5].found" s.json)" = red &&
	test "$(jq .state.players[0].cards s.json)" = 0 &&
	trigon hand -f p.trigon --key keys/green.key >hand &&
	grep -x "development cards: 1 knight (new this turn)" hand &&
	grep "^you found a knight card" hand &&
	trigon moves -f p.trigon --key keys/green.key >legal &&
	! grep "^play " legal &&
	cp p.trigon before &&
	test_exit_code 1 trigon move -f p.trigon --key keys/green.key \
		"play knight robber b2" 2>err &&
	grep "a card bought this turn waits for the next (CA8.2)" err &&
	cmp before p.trigon
'

test_expect_success 'CA10.6: the computer players play map=treasures-2 to the end, 3 and 4 players (selfplay)' '
	trigon selfplay --rules catan --option map=treasures-2 --games 2 \
		--players 3 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report &&
	trigon selfplay --rules catan --option map=treasures-2 --games 2 \
		--players 4 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report
'

# t/fixtures/treasures/full.trigon: made on 2026-11-29 with the trigon of
# commit 3a2dbc2 (before the card kind) by t/helpers/play (1006 random
# actions preferring builds, seed 7), three treasures found; beside it
# that trigon's verify, log and status --json.
test_expect_success 'CA10.6: a map=treasures game written before the card kind verifies, logs and reports exactly as then' '
	cp "$F/full.trigon" . &&
	trigon verify full.trigon >out &&
	test_cmp "$F/full.verify" out &&
	trigon log -f full.trigon >out &&
	test_cmp "$F/full.log" out &&
	trigon status --json -f full.trigon >out &&
	test_cmp "$F/full.status.json" out &&
	test "$(jq -r "[.state.treasures[].found] | map(. // \"-\") | join(\" \")" out)" = "- blue blue - blue -"
'

test_done
