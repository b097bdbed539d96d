#!/bin/sh
test_description='Catan: the harbormaster, option harbormaster=on on a Seafarers map (catan-rules(7), CA9.4, CA9.5): the option refused elsewhere, the title noted, shown by status, board (text, SVG) and JSON, the file verified, the computer players playing it to the end'
. "$(dirname "$0")/setup.sh"

# Red, blue and white hold the fixture keys green, purple and yellow.
PLAYERS='--player red:Ann:keys/green.key.pub --player blue:Ben:keys/purple.key.pub --player white:Cat:keys/yellow.key.pub'

test_expect_success 'CA9.4: harbormaster=on is recorded on new-shores' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new h.trigon --rules catan \
		--option first=1 --option map=new-shores \
		--option harbormaster=on --seed $SEED2 $PLAYERS >out &&
	grep -x "option harbormaster=on" h.trigon &&
	trigon verify h.trigon >/dev/null
'

test_expect_success 'CA9.4: refused on a base map and with another value; no file is written' '
	test_exit_code 2 trigon new b.trigon --rules catan --option map=base \
		--option harbormaster=on $PLAYERS 2>err &&
	echo "trigon: the rules refuse this game: the harbormaster plays on a Seafarers map, not on '\''base'\'' (CA9.4)" >expect &&
	test_cmp expect err &&
	! test -e b.trigon &&
	test_exit_code 2 trigon new b.trigon --rules catan --option map=new-shores \
		--option harbormaster=yes $PLAYERS 2>err &&
	grep "harbormaster takes on (CA9.4)" err &&
	! test -e b.trigon &&
	test_exit_code 2 trigon new b.trigon --rules catan-ck \
		--option harbormaster=on $PLAYERS 2>err &&
	! test -e b.trigon
'

test_expect_success 'CA9.5: a builder game (seed 2, play seed 5): blue takes the title at 3 harbor points, noted once' '
	"$PLAY" h.trigon 3000 5 -x resign -p "build city" -p "build settlement" \
		keys/green.key keys/purple.key keys/yellow.key >played &&
	trigon verify h.trigon >v &&
	grep "over, white won (points)" v &&
	trigon log h.trigon >log &&
	grep "harbormaster" log >hm &&
	echo "     harbormaster goes to blue (3 harbor points)" >expect &&
	test_cmp expect hm
'

test_expect_success 'CA9.4: status marks the holder, board writes harbor points and the title, text and SVG' '
	trigon status h.trigon >st &&
	grep "^blue .*  harbormaster$" st &&
	test $(grep -c harbormaster st) = 1 &&
	COLUMNS=200 trigon board --width 200 h.trigon >board &&
	grep "^Blue: 5 points (harbormaster); 3 harbor points;" board &&
	grep "^Red: 6 points; 0 harbor points;" board &&
	grep "^White: 15 points (largest army) (longest route); 2 harbor points;" board &&
	trigon board --svg h.trigon >b.svg &&
	xmllint --noout b.svg &&
	grep -c "(harbormaster); 3 harbor points" b.svg >n &&
	echo 1 >expect &&
	test_cmp expect n
'

test_expect_success 'CA9.4: the JSON state names the holder; a game without the option has no such key and no harbor points' '
	trigon status --json h.trigon >s.json &&
	test "$(jq -r .state.harbormaster s.json)" = blue &&
	SOURCE_DATE_EPOCH=1700000000 trigon new n.trigon --rules catan \
		--option first=1 --option map=new-shores --seed $SEED2 \
		$PLAYERS >/dev/null &&
	trigon status --json n.trigon >n.json &&
	test "$(jq ".state | has(\"harbormaster\")" n.json)" = false &&
	trigon board n.trigon >nb &&
	! grep "harbor point" nb
'

test_expect_success 'CA9.5: the computer players play the harbormaster to the end (selfplay, new-shores and fog-islands)' '
	trigon selfplay --rules catan --option map=new-shores \
		--option harbormaster=on --games 2 --players 3 --playouts 4 \
		--seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report &&
	grep "options map=new-shores harbormaster=on" report &&
	trigon selfplay --rules catan --option map=fog-islands \
		--option harbormaster=on --games 1 --players 4 --playouts 4 \
		--seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report
'

test_expect_success 'CA9.6: map=harbormaster turns the harbormaster on for 3 and 4 players; Cities & Knights plays it too (catan-ck-rules(7), CK19.9)' '
	SOURCE_DATE_EPOCH=1700000000 trigon new m.trigon --rules catan \
		--option first=1 --option map=harbormaster --seed $SEED2 \
		$PLAYERS >/dev/null &&
	! grep "option harbormaster=on" m.trigon &&
	trigon status --json m.trigon >m.json &&
	test "$(jq ".state | has(\"harbormaster\")" m.json)" = true &&
	test "$(jq .state.target m.json)" = 14 &&
	trigon board m.trigon >mb &&
	grep "^Red: 0 points shown; 0 harbor points;" mb &&
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan-ck \
		--option map=harbormaster $PLAYERS >/dev/null &&
	trigon status --json c.trigon >c.json &&
	test "$(jq ".state | has(\"harbormaster\")" c.json)" = true
'

test_expect_success 'CA9.6: the computer players play map=harbormaster to the end, 3 and 4 players (selfplay)' '
	trigon selfplay --rules catan --option map=harbormaster --games 2 \
		--players 3 --playouts 4 --seed 1 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report &&
	trigon selfplay --rules catan --option map=harbormaster --games 2 \
		--players 4 --playouts 4 --seed 2 --max-rounds 400 --jobs 1 >report &&
	grep "^won by points: *100.0 %" report
'

test_done
