#!/bin/sh
test_description='Catan: het Duel computer players: the kinds mcts, random and greedy of trigon bot, an unknown kind refused, and selfplay naming its strength line duel-bot-vs-KIND (make strength GAME=duel or GAME=catan-duel), and trigon play against the computer'
. "$(dirname "$0")/setup.sh"

test_expect_success 'a new Duel: blue begins (DU3.5: red rolls 4, blue 5)' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new d.trigon --rules catan-duel \
		--seed $SEED1 --player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >out &&
	grep "blue to act$" out
'

test_expect_success 'trigon bot --help lists the Duel kinds mcts, random, greedy' '
	trigon bot --help >help &&
	sed -n "/^The computer players of catan-duel/,/^\$/p" help >kinds &&
	sed -n "s/^  \([a-z]*\) .*/\1/p" kinds >names &&
	printf "mcts\nrandom\ngreedy\n" >expect &&
	test_cmp expect names
'

for kind in greedy random mcts
do
	test_expect_success "DU3.6: trigon bot --player $kind suggests a listed order for blue" '
		trigon bot -f d.trigon --as blue --key keys/purple.key \
			--player '$kind' --playouts 20 --suggest >out &&
		sed -n "s/^d.trigon: suggest: //p" out >action &&
		test $(wc -l <action) -eq 1 &&
		grep "^start stack [1-4]\$" action &&
		trigon moves -f d.trigon --key keys/purple.key >moves &&
		grep -x -F -f action moves
	'
done

test_expect_success 'DU3.6: greedy plays the decision of blue (its starting hand); the file verifies and red is to act' '
	cp d.trigon before &&
	trigon bot -f d.trigon --as blue --key keys/purple.key \
		--player greedy >out &&
	trigon log -f d.trigon >log &&
	grep "^1\. blue (Ben): start stack [1-4]\$" log &&
	trigon verify d.trigon >out &&
	grep "^d.trigon: ok: 1 move by 2 players, turn 1, red to act\$" out
'

test_expect_success 'an unknown kind is refused (exit 2), the game unchanged' '
	cp d.trigon before &&
	test_expect_code 2 trigon bot -f d.trigon --as red \
		--key keys/green.key --player clever 2>err &&
	grep "clever" err &&
	grep "greedy" err &&
	test_cmp before d.trigon
'

test_expect_success 'selfplay --vs greedy: two players, seats alternated, the line strength: duel-bot-vs-greedy' '
	trigon selfplay --rules catan-duel --vs greedy --games 2 --playouts 20 \
		--seed 2 --jobs 1 >report &&
	grep "^selfplay: 2 games, 2 players, seed 2, 20 playouts, round limit 60, bot against greedy\$" report &&
	grep "^strength: duel-bot-vs-greedy [0-9]*\.[0-9] % \[[0-9]*\.[0-9], [0-9]*\.[0-9]\] ([0-2] of 2)\$" report &&
	grep "^seat 1 wins: " report &&
	grep "^seat 2 wins: " report &&
	! grep "catan-duel-bot-vs" report
'

test_expect_success 'selfplay --vs random: the line strength: duel-bot-vs-random' '
	trigon selfplay --rules catan-duel --vs random --games 2 --playouts 20 \
		--seed 1 --jobs 1 >report &&
	grep "^strength: duel-bot-vs-random [0-9]*\.[0-9] % \[[0-9]*\.[0-9], [0-9]*\.[0-9]\] ([0-2] of 2)\$" report
'

test_expect_success 'the short name: selfplay --rules duel (make strength GAME=duel) plays the Duel, its line strength: duel-bot-vs-random' '
	trigon selfplay --rules duel --vs random --games 2 --playouts 20 \
		--seed 1 --jobs 1 >short &&
	grep "^strength: duel-bot-vs-random " report >expect &&
	grep "^strength: duel-bot-vs-random " short >actual &&
	test_cmp expect actual
'

test_expect_success 'the short name: new --rules duel makes a game of catan-duel (the full name in the file)' '
	trigon new s.trigon --rules duel --seed $SEED1 \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" >out &&
	grep "^rules catan-duel\$" s.trigon &&
	! grep "^rules duel" s.trigon &&
	test_must_fail trigon new u.trigon --rules due --seed $SEED1 \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" 2>err &&
	test ! -e u.trigon
'

test_expect_success 'trigon play --rules duel: one person against the computer, a whole introductory game answered from a script (the first listed order each time); over by points; the file verifies' '
	trigon keygen --no-passphrase >/dev/null 2>&1 &&
	yes 1 | head -n 3000 >script &&
	trigon play p.trigon --rules duel --playouts 10 \
		--seed 0000000000000000000000000000000000000000000000000000000000000002 \
		<script >out 2>err &&
	test_must_be_empty err &&
	echo "p.trigon: a new game of Catan: Het Duel: red (you), blue (Computer)" >expect &&
	head -n 1 out >first &&
	test_cmp expect first &&
	grep "^The game is over: [a-z]* ([A-Za-z]*) won (points)\.\$" out &&
	grep "^rules catan-duel\$" p.trigon &&
	test "$(sed -n "s/ | .*//p" p.trigon | grep -c "^[0-9]* red ")" -ge 10 &&
	trigon verify p.trigon >out &&
	grep "^p.trigon: ok: [0-9]* moves by 2 players, turn [0-9]*, over, [a-z]* won (points)\$" out
'

test_done
