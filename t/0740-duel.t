#!/bin/sh
test_description='Catan: het Duel: trigon new --rules catan-duel, status, board, moves, move, a whole random game and verify'
. "$(dirname "$0")/setup.sh"

key_of () {
	case $1 in
	red) echo keys/green.key ;;
	blue) echo keys/purple.key ;;
	esac
}

test_expect_success 'DU1.1 DU3.5: trigon new --rules catan-duel; the start rolls say who begins' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new d.trigon --rules catan-duel \
		--seed $SEED1 --player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >out &&
	echo "d.trigon: new game of Catan: Het Duel for red (Ann), blue (Ben); blue to act" >expect &&
	test_cmp expect out &&
	grep "^#= start: red rolls 4, blue rolls 5$" d.trigon &&
	grep "^#= blue begins and takes the first starting hand (DU3.6)$" d.trigon
'

test_expect_success 'fair chance: new writes format 2 awaiting both joins, nothing drawn ahead (the draws: t/0850, t/unit/duel/public-draws)' '
	test_keys &&
	trigon new f.trigon --rules catan-duel --chance fair \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >out &&
	grep "^chance fair$" f.trigon &&
	grep "^hands open$" f.trigon &&
	grep "^#? join: red blue$" f.trigon &&
	! grep "^#= " f.trigon &&
	grep "fair chance: awaits join (line [0-9]*): red blue (each runs trigon answer)$" out
'

test_expect_success 'DU1.1: three players are refused' '
	test_must_fail trigon new x.trigon --rules catan-duel --seed $SEED1 \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" 2>err &&
	test ! -e x.trigon
'

test_expect_success 'duel-rules(7), MODES; DU15.2: the theme games are named but not offered: each mode not built, by its Dutch name and its English alias, is refused naming the game (exit 2, no file); an unknown value lists the modes; theme= is an unknown option; mode=intro, the introductory game to 7 VP, is accepted' '
	for m in gouden-eeuw:era-of-gold:"De Gouden Eeuw, DU19" \
		conflict:era-of-turmoil:"Een tijd van conflict, DU20" \
		vooruitgang:era-of-progress:"De grote vooruitgang, DU21" \
		vorsten:princes:"Duel der vorsten, DU22"
	do
		for v in "${m%%:*}" "$(echo "$m" | cut -d: -f2)"
		do
			test_expect_code 2 trigon new t.trigon --rules catan-duel \
				--seed $SEED1 --option mode=$v \
				--player "red:Ann:keys/green.key.pub" \
				--player "blue:Ben:keys/purple.key.pub" 2>err &&
			echo "trigon: the rules refuse this game: mode=$v (${m##*:}) is not offered: its cards are not all built yet, and no game is offered in part; mode=intro, the introductory game, is (duel-rules(7), MODES)" >expect &&
			test_cmp expect err &&
			test ! -e t.trigon || return 1
		done
	done &&
	test_expect_code 2 trigon new t.trigon --rules catan-duel --seed $SEED1 \
		--option mode=golden \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" 2>err &&
	echo "trigon: the rules refuse this game: unknown value '"'"'golden'"'"' for option '"'"'mode'"'"' (the modes: intro, gouden-eeuw or era-of-gold, conflict or era-of-turmoil, vooruitgang or era-of-progress, vorsten or princes; duel-rules(7), MODES)" >expect &&
	test_cmp expect err &&
	test ! -e t.trigon &&
	test_expect_code 2 trigon new t.trigon --rules catan-duel --seed $SEED1 \
		--option theme=gouden-eeuw \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" 2>err &&
	echo "trigon: the rules refuse this game: unknown option '"'"'theme'"'"' (mode=NAME and notes=2 are the options; duel-rules(7), MODES)" >expect &&
	test_cmp expect err &&
	test ! -e t.trigon &&
	sed -n "/^\.Sh MODES\$/,/^\.Sh /p" "$TRIGON_SRC_DIR/man/duel-rules.7" >modes &&
	for m in "intro" "gouden-eeuw Pq Cm era-of-gold" \
		"conflict Pq Cm era-of-turmoil" \
		"vooruitgang Pq Cm era-of-progress" "vorsten Pq Cm princes"
	do
		grep "^\.It Cm $m\$" modes || return 1
	done &&
	trigon new i.trigon --rules catan-duel --seed $SEED1 \
		--option mode=intro \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" &&
	grep "^option mode=intro\$" i.trigon
'

test_expect_success 'duel-rules(7), MODES: trigon help orders duel lists every mode with its English alias, intro the default, the others refused' '
	trigon help orders duel >help &&
	grep "^Modes (trigon new --rules duel --option mode=NAME): intro, the introductory\$" help &&
	grep "^  game (the default); not built yet, so refused: gouden-eeuw (era-of-gold),\$" help &&
	grep "^  conflict (era-of-turmoil), vooruitgang (era-of-progress), vorsten (princes)\$" help
'

test_expect_success 'DU3.7 DU13.3 DU17.1: status shows VP 2-2, empty hands, stacks 9/9/9/9, the supply' '
	trigon status -f d.trigon >out &&
	grep "^red   2 VP  hand 0/3" out &&
	grep "^blue  2 VP  hand 0/3" out &&
	grep "^supply: 7 roads, 5 settlements, 7 cities; stacks 9 9 9 9; regions 12; events 9; discard 0$" out
'

test_expect_success 'DU2.5 DU3.1 DU3.7 DU13: the board draws both starting principalities, no token, no points' '
	trigon board -f d.trigon >out &&
	cat >expect <<-\EOF &&
	red'"'"'s principality: 2 VP, no token
	strength 0, skill 0, trade 0, progress 0
	   k           l           m           n           o
	2  bos-2:1     [l2]        rivier-1:0  [n2]        akkers-6:1
	3  .           DORP        straat      DORP        .
	4  heuvels-3:1 [l4]        weiden-4:1  [n4]        bergen-5:1

	blue'"'"'s principality: 2 VP, no token
	strength 0, skill 0, trade 0, progress 0
	   k           l           m           n           o
	2  bos-3:1     [l2]        rivier-4:0  [n2]        akkers-5:1
	3  .           DORP        straat      DORP        .
	4  heuvels-2:1 [l4]        weiden-1:1  [n4]        bergen-6:1
	in English: bos (Forest), heuvels (Hills), DORP (Settlement),
	  rivier (Gold field), straat (Road), weiden (Pasture), akkers (Fields),
	  bergen (Mountains)
	open dice: anyone can compute the dice — play with friends
	EOF
	test_cmp expect out
'

test_expect_success 'DU17.2: before the starting hands each hand says it holds no cards (no empty heading)' '
	trigon hand -f d.trigon --key keys/green.key >out &&
	printf "%s\n" "red'"'"'s hand (0, limit 3): no cards" \
		"resources: 1 lumber 1 brick 1 wool 1 grain 1 ore 0 gold" >expect &&
	test_cmp expect out
'

test_expect_success 'DU3.6 DU16.5: the start player lists start stack 1-4; the other lists nothing' '
	who=$(to_act d.trigon) &&
	trigon moves -f d.trigon --key $(key_of $who) >moves 2>/dev/null &&
	printf "start stack %d\n" 1 2 3 4 >expect &&
	test_cmp expect moves &&
	trigon move -f d.trigon --key $(key_of $who) "start stack 2" >/dev/null &&
	test_exit_code 1 trigon move -f d.trigon --key $(key_of $who) "start stack 3" 2>err
'

test_expect_success 'DU3.6: the other may not take the same stack' '
	who=$(to_act d.trigon) &&
	test_exit_code 1 trigon move -f d.trigon --key $(key_of $who) "start stack 2" 2>err &&
	grep "a different stack (DU3.6)" err &&
	trigon move -f d.trigon --key $(key_of $who) "start stack 4" >/dev/null
'

test_expect_success 'DU17.2: each player sees his own hand of 3, numbered' '
	trigon hand -f d.trigon --key keys/green.key >out &&
	grep "^red'"'"'s hand (3, limit 3):" out &&
	grep -c "^  card [123]: " out >n &&
	echo 3 >expect &&
	test_cmp expect n &&
	sed -n "s/^  card [123]: \([a-z-]*\) (\([^;]*\); .*/\1 \2/p" out >glossed &&
	test $(wc -l <glossed) = 3 &&
	while read slug gloss
	do
		trigon help card "$slug" | tr "\n" " " >help &&
		grep -F "($slug, $gloss;" help || return 1
	done <glossed
'

test_expect_success 'DU14.1 DU17.1 DU17.5: the size of a hand is public (3 in the JSON), its cards secret: the public JSON, the log and blue'"'"'s hand view never name a card of red'"'"'s hand' '
	trigon hand -f d.trigon --key keys/green.key >hand &&
	sed -n "s/^  card [0-9]*: \([a-z-]*\) .*/\1/p" hand >slugs &&
	test $(wc -l <slugs) = 3 &&
	trigon status -f d.trigon --json >st.json &&
	jq -e ".state.players[0].hand == 3" st.json &&
	trigon hand -f d.trigon --key keys/purple.key >bhand &&
	! grep "red" bhand &&
	for s in $(cat slugs)
	do
		! grep -w "$s" st.json && ! grep -w "$s" d.trigon || return 1
	done
'

test_expect_success 'DU15.1: a whole game of random legal orders ends with a winner by points and verifies' '
	"$PLAY" d.trigon 100000 3 -x resign keys/green.key keys/purple.key >played &&
	trigon verify d.trigon >out &&
	grep "over, [a-z]* won (points)" out
'

test_expect_success '§6 DU9.3 DU13.2: a game from a scenario file: red in the action phase with Markus and a city'"'"'s units; it plays on and verifies' '
	cat >s.ini <<-\EOF &&
	[game]
	start = red
	phase = action
	[red]
	l2 = markus
	o2 = stored 2
	o4 = stored 3
	EOF
	SOURCE_DATE_EPOCH=1700000000 trigon new s.trigon --rules catan-duel \
		--seed $SEED1 --data scenario=s.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >/dev/null &&
	trigon board -f s.trigon >board &&
	grep "^red.s principality: 3 VP, hero token\$" board &&
	grep "^strength 4, skill 1, trade 0, progress 0\$" board &&
	trigon move -f s.trigon --key keys/green.key "build city at n3" >/dev/null &&
	trigon board -f s.trigon >board &&
	grep "^red.s principality: 4 VP, hero token\$" board &&
	grep "bergen-5:0\$" board &&
	trigon verify s.trigon >out &&
	cp s.trigon before &&
	test_exit_code 1 trigon move -f s.trigon --key keys/purple.key end 2>err &&
	cmp before s.trigon
'

test_expect_success '§6: a bad scenario is refused with its file and line (exit 2); so is any scenario under fair chance; no file is written' '
	printf "[red]\nk2 = bos 9\n" >bad.ini &&
	test_exit_code 2 trigon new b.trigon --rules catan-duel --data scenario=bad.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" 2>err &&
	grep "^trigon: bad.ini:2: error: k2: no region .bos 9.\$" err &&
	test ! -e b.trigon &&
	test_exit_code 2 trigon new b.trigon --rules catan-duel --chance fair \
		--data scenario=s.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" 2>err &&
	grep "s.ini: error: a scenario sets where cards lie, which fair chance keeps unseen: use --chance open\$" err &&
	test ! -e b.trigon
'

test_expect_success 'duel-rules(7), SCENARIO: start = red makes red begin, whatever DU3.5'"'"'s roll said: the file (option notes=2) and the log say so, and nobody took a starting hand (DU3.6)' '
	printf "[game]\nstart = red\n" >start.ini &&
	SOURCE_DATE_EPOCH=1700000000 trigon new r.trigon --rules catan-duel \
		--seed $SEED1 --data scenario=start.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >/dev/null &&
	grep -x "option notes=2" r.trigon &&
	cat >expect <<-\EOF &&
	#= start: red rolls 2, blue rolls 2: again
	#= start: red rolls 4, blue rolls 5
	#= red begins as the scenario sets (start = red), not by the roll; the scenario sets the hands, not DU3.6'"'"'s starting hands (duel-rules(7), SCENARIO)
	EOF
	grep "^#=" r.trigon >actual &&
	test_cmp expect actual &&
	trigon log -f r.trigon >log &&
	grep "^     red begins as the scenario sets (start = red), not by the roll;" log &&
	! grep "blue begins\|first starting hand" log r.trigon &&
	trigon verify r.trigon >out &&
	grep "turn 1, red to act" out
'

test_expect_success 'duel-rules(7), SCENARIO: without start = the roll decides (blue), and active = red puts red on turn: both said' '
	printf "[game]\nactive = red\n" >active.ini &&
	SOURCE_DATE_EPOCH=1700000000 trigon new a.trigon --rules catan-duel \
		--seed $SEED1 --data scenario=active.ini \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >/dev/null &&
	grep -x "#= blue begins by the roll (DU3.5); red is on turn (active = red); the scenario sets the hands, not DU3.6'"'"'s starting hands (duel-rules(7), SCENARIO)" a.trigon
'

test_expect_success 'duel-rules(7), MODES: a scenario file with the new note but without option notes=2 is refused (the note of files before it is kept), and the old note with notes=2 too' '
	grep -v -x "option notes=2" r.trigon >no-opt.trigon &&
	test_must_fail trigon verify no-opt.trigon 2>err &&
	grep "false annotation: the replay says .#= blue begins and takes the first starting hand (DU3.6)." err &&
	sed "s/^#= red begins as the scenario sets.*/#= blue begins and takes the first starting hand (DU3.6)/" r.trigon >old-note.trigon &&
	test_must_fail trigon verify old-note.trigon 2>err &&
	grep "false annotation: the replay says .#= red begins as the scenario sets (start = red)" err
'

test_expect_success 'duel-rules(7), MODES: notes=1 is refused as an unknown value of a known option (exit 2), no file' '
	test_expect_code 2 trigon new n.trigon --rules catan-duel --seed $SEED1 \
		--option notes=1 \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" 2>err &&
	echo "trigon: the rules refuse this game: unknown value '"'"'1'"'"' for option '"'"'notes'"'"' (notes=2, which new games record, is the one this build knows; duel-rules(7), MODES)" >expect &&
	test_cmp expect err &&
	test ! -e n.trigon
'

test_done
