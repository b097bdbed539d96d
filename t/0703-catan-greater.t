#!/bin/sh
test_description='Catan: Greater Catan on map=greater-catan (catan-rules(7), CA10.7 - CA10.9): the map for 3 and 4 players, the supply in the JSON state and beneath the board, hexes without numbers in SVG; ships giving the small islands numbers from the supply, then from the main island by the player'\''s choice, a refused choice leaving the file unchanged; its first 40 turns by mail, and (long: --long-tests or TEST_LONG=1) a whole game by mail to its end; Cities & Knights plays the map (catan-ck-rules(7), CK19.10)'
. "$(dirname "$0")/setup.sh"

# Red, blue and white hold the fixture keys green, purple and yellow.

# new_gc FILE [ARGS...]: a game of three on map=greater-catan, red first.
new_gc () {
	ng_file=$1
	shift
	rm -f $ng_file &&
	SOURCE_DATE_EPOCH=1700000000 trigon new $ng_file --rules catan \
		--option first=1 --option map=greater-catan --seed $SEED1 \
		"$@"
}

test_expect_success 'CA10.7: map=greater-catan for 3 and 4 players, to 12; the JSON state lists the supply, 4 tokens for three and 5 for four; new-shores has none' '
	test_keys &&
	new_gc g.trigon $(catan_players) >out &&
	grep -x "option map=greater-catan" g.trigon &&
	trigon status --json g.trigon >s.json &&
	test "$(jq .state.target s.json)" = 12 &&
	test "$(jq -c .state.supply s.json)" = "[4,10,5,9]" &&
	new_gc f.trigon $(catan_players 4) >out &&
	trigon status --json f.trigon >f.json &&
	test "$(jq -c .state.supply f.json)" = "[4,10,5,9,3]" &&
	SOURCE_DATE_EPOCH=1700000000 trigon new n.trigon --rules catan \
		--option first=1 --option map=new-shores --seed $SEED1 \
		$(catan_players) >/dev/null &&
	trigon status --json n.trigon >n.json &&
	test "$(jq ".state | has(\"supply\")" n.json)" = false
'

test_expect_success 'CA10.9: the board writes the supply beneath the map; a small island'\''s hex has no number (text, SVG)' '
	trigon board -f g.trigon --width 120 --ascii --color never >board &&
	grep "^Number supply: 4 10 5 9\.$" board &&
	trigon board -f n.trigon --width 120 --ascii --color never >nboard &&
	! grep "Number supply" nboard &&
	trigon board --svg g.trigon >g.svg &&
	xmllint --noout g.svg &&
	grep "<g class=\"hex\" id=\"hex-b3\" data-terrain=\"hills\">" g.svg &&
	grep "<g class=\"hex\" id=\"hex-b6\" data-terrain=\"mountains\" data-token=\"10\">" g.svg
'

test_expect_success 'CA10.9, CK19.10: Cities & Knights plays map=greater-catan, the supply in its state' '
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan-ck \
		--option map=greater-catan $(catan_players) >/dev/null &&
	trigon status --json c.trigon >c.json &&
	test "$(jq -c .state.supply c.json)" = "[4,10,5,9]"
'

test_expect_success 'CA10.7, CA10.8: four ships take the supply, the fifth owes red a number of the main island; the list offers b8, c5, c8; b6 is refused (requirement 2) and changes nothing; c8'\''s 10 goes to f10' '
	cat >gc.ini <<-\EOF &&
	[position]
	turn = red
	phase = main
	[red]
	settlements = b8/b9/c8 b5/b6/c5 e8/e9/f9
	ships = b9/c8 b9/c9 b5/c5 b5/c4 e9/f9
	hand = 9 brick 9 wood 9 wool 9 grain 9 ore
	[blue]
	settlements = a5/a6/b6
	[white]
	settlements = e6/e7/f7
	EOF
	new_gc p.trigon --data position=gc.ini $(catan_players) >/dev/null &&
	trigon move -f p.trigon --key keys/green.key "build ship b10/c9" \
		"build ship c9/c10" "build ship b4/c4" "build ship c3/c4" \
		"build ship e9/f10" >out &&
	grep "^p.trigon:     b10 gets the number 4 from the supply (3 left)$" out &&
	grep "^p.trigon:     c10 gets the number 10 from the supply (2 left)$" out &&
	grep "^p.trigon:     b4 gets the number 5 from the supply (1 left)$" out &&
	grep "^p.trigon:     c3 gets the number 9 from the supply (0 left)$" out &&
	grep "^p.trigon:     f10 gets a number from the main island, chosen by red$" out &&
	grep "^p.trigon: next: red must move a number from the main island to f10$" out &&
	trigon moves -f p.trigon --key keys/green.key >legal &&
	grep "^token" legal >actual &&
	printf "%s\n" "token b8" "token c5" "token c8" >expect &&
	test_cmp expect actual &&
	cp p.trigon before &&
	test_exit_code 1 trigon move -f p.trigon --key keys/green.key \
		"token b6" 2>err &&
	grep "the number of b6 may not go to f10: a settlement or city of the main island would touch no number (CA10.8, requirement 2)" err &&
	cmp before p.trigon &&
	test_exit_code 1 trigon move -f p.trigon --key keys/green.key end 2>err &&
	cmp before p.trigon &&
	trigon move -f p.trigon --key keys/green.key "token c8" >out &&
	grep "^p.trigon:     red moves the 10 of c8 to f10$" out &&
	trigon status --json p.trigon >s.json &&
	test "$(jq -c .state.supply s.json)" = "[]" &&
	test "$(jq -r ".state.hexes[] | select(.hex == \"f10\") | .token" s.json)" = 10 &&
	test "$(jq -r ".state.hexes[] | select(.hex == \"c8\") | has(\"token\")" s.json)" = false &&
	trigon board -f p.trigon --width 120 --ascii --color never >board &&
	grep "^Number supply: none left; a ship reaching a small island" board
'

# gc_plan FILE RNGSEED: a whole game played into a copy of FILE by
# t/helpers/play, preferring the choice of a number, cities, settlements
# and ships, cut into turns as ck_plan does (gc_plan.turns, gc_plan.N).
gc_plan () {
	cp "$1" gc_plan.trigon &&
	"$PLAY" gc_plan.trigon 20000 "$2" -x resign -p token -p "build city" \
		-p "build settlement" -p "build ship" keys/green.key \
		keys/purple.key keys/yellow.key >/dev/null &&
	trigon verify gc_plan.trigon >gc_plan.out &&
	grep ", over, [a-z]* won (points)$" gc_plan.out >/dev/null &&
	sed -n "s/^[0-9]* \([a-z]*\) \(.*\) | [0-9a-f]* [^ ]*$/\1 \2/p" \
		gc_plan.trigon | awk '
		$1 != seat { n++; seat = $1; print n, seat >"gc_plan.turns" }
		{ sub(/^[a-z]* /, ""); print >("gc_plan." n) }' &&
	test -s gc_plan.turns
}

copy_of () {
	case $1 in
	red) echo ann.trigon ;;
	blue) echo ben.trigon ;;
	white) echo cat.trigon ;;
	esac
}

# mail_one N SEAT: SEAT makes the plan's turn N in its copy and mails it;
# the others apply the mail.
mail_one () {
	m_n=$1 m_seat=$2 m_file=$(copy_of $2) m_key=$(catan_key $2)
	test "$(ck_seat_to_act $m_file)" = $m_seat &&
	set -- &&
	while read -r m_act
	do
		set -- "$@" "$m_act"
	done <gc_plan.$m_n &&
	trigon move -f $m_file --key $m_key "$@" >gc_move.out &&
	mail_turn $m_file $m_key mail.$m_n.eml ann.trigon ben.trigon cat.trigon
}

# gc_start: a three-seat game on map=greater-catan to 6 points made by
# red (ann.trigon) and mailed to blue (ben.trigon) and white
# (cat.trigon), and its plan (gc_plan).
gc_start () {
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --rules catan \
		--option first=1 --option map=greater-catan --option vp=6 \
		--seed $SEED1 \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat keys/yellow.key.pub)" >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f ann.trigon --key keys/green.key >m0.eml &&
	trigon apply -f ben.trigon m0.eml >/dev/null &&
	trigon apply -f cat.trigon m0.eml >/dev/null &&
	gc_plan ann.trigon 3
}

# The whole game by mail is about 670 turns, some 2,000 trigon commands
# on files growing to 250 KB: a few minutes, and several times that
# under the sanitizers, so it is a long test (--long-tests or
# TEST_LONG=1); its first 40 turns run always.
test_expect_success 'CA10.7: the first 40 turns of a game on map=greater-catan played by mail; the copies stay alike and verify' '
	gc_start &&
	head -n 40 gc_plan.turns >first40 &&
	test $(wc -l <first40) = 40 &&
	while read -r n seat
	do
		mail_one $n $seat || return 1
	done <first40 &&
	test_cmp ann.trigon ben.trigon &&
	test_cmp ann.trigon cat.trigon &&
	trigon verify cat.trigon >v &&
	grep "^cat.trigon: ok: [0-9]* moves by 3 players" v &&
	rm -f ann.trigon ben.trigon cat.trigon
'

test_expect_success EXPENSIVE 'CA10.7, CA10.8: a game on map=greater-catan to 6 points played by mail to its end; the copies stay alike; small islands got numbers, from the supply and from the main island' '
	gc_start &&
	while read -r n seat
	do
		mail_one $n $seat &&
		test_cmp ann.trigon ben.trigon &&
		test_cmp ann.trigon cat.trigon || return 1
	done <gc_plan.turns &&
	grep "game is over" gc_move.out &&
	trigon verify cat.trigon >v &&
	grep "^cat.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)$" v &&
	trigon log ann.trigon >log &&
	grep " gets the number [0-9]* from the supply" log >supplied &&
	test $(wc -l <supplied) = 4 &&
	grep "^[0-9]* [a-z]* token [a-z][0-9]* | " ann.trigon >chosen &&
	test -s chosen
'

test_expect_success 'CA10.7: the computer players play map=greater-catan to the end, 3 and 4 players (selfplay)' '
	trigon selfplay --rules catan --option map=greater-catan --games 1 \
		--players 3 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report &&
	trigon selfplay --rules catan --option map=greater-catan --games 1 \
		--players 4 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report
'

test_done
