#!/bin/sh
test_description='Catan: the treasures of map=treasures (catan-rules(7), CA10.5, CA10.6): the map for 3 and 4 players, its treasures drawn as text and SVG and listed in the JSON state; a road reaching a treasure finds it, the free roads it holds, refused once spent with the file unchanged; whole games played to their end by mail and over git, treasures found in them, each found once'
. "$(dirname "$0")/setup.sh"

# Red, blue and white hold the fixture keys green, purple and yellow.

# new_tr FILE [ARGS...]: a game of three on map=treasures, red first.
new_tr () {
	nt_file=$1
	shift
	rm -f $nt_file &&
	SOURCE_DATE_EPOCH=1700000000 trigon new $nt_file --rules catan \
		--option first=1 --option map=treasures --seed $SEED1 \
		$(catan_players) "$@"
}

test_expect_success 'CA10.5: map=treasures for 3 and 4 players, to 12; the JSON state lists its six treasures, none found' '
	test_keys &&
	new_tr t.trigon >out &&
	grep -x "option map=treasures" t.trigon &&
	trigon status --json t.trigon >s.json &&
	test "$(jq .state.target s.json)" = 12 &&
	jq -r ".state.treasures[] | \"\(.corner) \(.kind) \(.found)\"" s.json >actual &&
	printf "%s\n" "b7/b8/c7 gold null" "b9/b10/c9 roads null" \
		"b10/b11/c10 gold null" "c6/c7/d7 resources null" \
		"c8/c9/d9 resources null" "d8/d9/e8 roads null" >expect &&
	test_cmp expect actual &&
	rm -f f.trigon &&
	SOURCE_DATE_EPOCH=1700000000 trigon new f.trigon --rules catan \
		--option first=1 --option map=treasures --seed $SEED1 \
		$(catan_players 4) >out &&
	trigon verify f.trigon >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon new n.trigon --rules catan \
		--option first=1 --option map=fog-islands --seed $SEED1 \
		$(catan_players) >/dev/null &&
	trigon status --json n.trigon >n.json &&
	test "$(jq ".state | has(\"treasures\")" n.json)" = false
'

test_expect_success 'CA10.5: the board draws a treasure not found as $ at its corner (text) and a gold diamond (SVG), and lists them' '
	trigon board -f t.trigon --width 120 --ascii --color never >board &&
	test $(grep -o "\\$" board | wc -l) = 7 &&
	grep "^\\$ at a corner: a treasure not yet found (CA10.5)\.$" board &&
	grep "^Treasures: b7/b8/c7 gold, b9/b10/c9 roads, b10/b11/c10 gold," board &&
	trigon board -f n.trigon --width 120 --ascii --color never >nboard &&
	! grep "\\$\|Treasures" nboard &&
	trigon board --svg t.trigon >t.svg &&
	xmllint --noout t.svg &&
	test $(grep -c "<g class=\"treasure\"" t.svg) = 6 &&
	grep "<g class=\"treasure\" data-at=\"d8/d9/e8\" data-kind=\"roads\"" t.svg
'

test_expect_success 'CA10.5, CA10.6: the road to d8/d9/e8 finds its treasure after the fog; the next 2 roads cost nothing, the third is refused and changes nothing' '
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
		--option first=1 --option map=treasures \
		--seed "$(printf "%064x" 1)" --data position=tr.ini \
		$(catan_players) >/dev/null &&
	trigon move -f p.trigon --key keys/green.key "build road d9/e8" >out &&
	cat >expect <<-\EOF &&
	p.trigon: 1 red build road d9/e8
	p.trigon:     red builds a road at d9/e8
	p.trigon:     d8: sea
	p.trigon:     red finds roads at d8/d9/e8: the next 2 roads or ships are free
	p.trigon: next: red to play
	EOF
	test_cmp expect out &&
	trigon status --json p.trigon >s.json &&
	test "$(jq .state.players[0].cards s.json)" = 0 &&
	test "$(jq -r ".state.treasures[5].found" s.json)" = red &&
	test "$(jq -r ".state.treasures[4].found" s.json)" = null &&
	trigon moves -f p.trigon --key keys/green.key >legal &&
	grep -x "build road e8/e9" legal &&
	trigon move -f p.trigon --key keys/green.key "build road e8/e9" \
		"build road e9/f9" >out &&
	trigon status --json p.trigon >s.json &&
	test "$(jq .state.players[0].left.roads s.json)" = 12 &&
	test "$(jq .state.players[0].cards s.json)" = 0 &&
	trigon moves -f p.trigon --key keys/green.key >legal &&
	! grep "^build road" legal &&
	cp p.trigon before &&
	test_exit_code 1 trigon move -f p.trigon --key keys/green.key \
		"build road f9/f10" 2>err &&
	grep "a road costs 1 brick 1 wood" err &&
	cmp before p.trigon &&
	trigon board -f p.trigon --width 200 --ascii --color never >board &&
	grep "d8/d9/e8 roads (found by red)\.$" board &&
	test $(grep -o "\\$" board | wc -l) = 6
'

# turn N SEAT FILE...: SEAT makes the plan's turn N in its own copy, mails
# it and the others apply it (t/0718 plays Cities & Knights so).
copy_of () {
	case $1 in
	red) echo ann.trigon ;;
	blue) echo ben.trigon ;;
	white) echo cat.trigon ;;
	esac
}

mail_one () {
	m_n=$1 m_seat=$2 m_file=$(copy_of $2) m_key=$(catan_key $2)
	test "$(ck_seat_to_act $m_file)" = $m_seat &&
	set -- &&
	while read -r m_act
	do
		set -- "$@" "$m_act"
	done <ck_plan.$m_n &&
	trigon move -f $m_file --key $m_key "$@" >ck_move.out &&
	mail_turn $m_file $m_key mail.$m_n.eml ann.trigon ben.trigon cat.trigon
}

test_expect_success 'CA10.5: a game on map=treasures played by mail to its end; the copies stay alike, treasures found, each once, every mail lists them' '
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --rules catan \
		--option first=1 --option map=treasures --seed $SEED1 \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat keys/yellow.key.pub)" >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f ann.trigon --key keys/green.key >m0.eml &&
	trigon apply -f ben.trigon m0.eml >/dev/null &&
	trigon apply -f cat.trigon m0.eml >/dev/null &&
	ck_plan ann.trigon 6 &&
	while read -r n seat
	do
		mail_one $n $seat &&
		test_cmp ann.trigon ben.trigon &&
		test_cmp ann.trigon cat.trigon || return 1
	done <ck_plan.turns &&
	grep "game is over" ck_move.out &&
	trigon verify cat.trigon >v &&
	grep "^cat.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)$" v &&
	trigon log ann.trigon >log &&
	grep "^     [a-z]* finds [a-z]* at " log >finds &&
	test -s finds &&
	sed "s/.* at \([a-z0-9/]*\).*/\1/" finds | sort | uniq -d >twice &&
	test_must_be_empty twice &&
	for m in mail.*.eml
	do
		grep "^Treasures: " $m >/dev/null || { echo >&2 $m; return 1; }
	done
'

test_expect_success 'CA10.5: the computer players play map=treasures to the end, 3 and 4 players (selfplay)' '
	trigon selfplay --rules catan --option map=treasures --games 2 \
		--players 3 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report &&
	trigon selfplay --rules catan --option map=treasures --games 2 \
		--players 4 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report
'

test_expect_success 'CA10.5 with catan-ck-rules(7) CK19.1: Cities & Knights on map=treasures, the target 15, played to the end by the computer players' '
	rm -f ck.trigon &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ck.trigon --rules catan-ck \
		--option first=1 --option map=treasures --seed $SEED1 \
		$(catan_players) >/dev/null &&
	trigon status --json ck.trigon >s.json &&
	test "$(jq .state.target s.json)" = 15 &&
	test "$(jq ".state.treasures | length" s.json)" = 6 &&
	trigon selfplay --rules catan-ck --option map=treasures --games 2 \
		--players 3 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report
'

test_done
