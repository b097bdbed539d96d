#!/bin/sh
test_description='Cities & Knights computer players: the kinds mcts, random and greedy of trigon bot each suggest a listed action, an unknown kind refused; selfplay names its strength line cities-bot-vs-KIND in four-player games (make strength GAME=cities); trigon play against the computer, a whole game'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: a game of Cities & Knights for three; the kinds of computer player listed by trigon bot --help' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan-ck --option first=1 \
		--seed $SEED1 $(catan_players) >/dev/null &&
	trigon bot --help >help &&
	sed -n "/^The computer players of catan-ck/,/^\$/p" help >kinds &&
	grep "^  mcts " kinds && grep "^  random " kinds && grep "^  greedy " kinds
'

for kind in mcts random greedy
do
	test_expect_success "trigon bot --player $kind suggests a listed action for red, the set-up and after the first roll" '
		trigon bot -f c.trigon --as red --key keys/green.key \
			--player '$kind' --playouts 20 --seed 3 --suggest >out &&
		sed -n "1s/^c.trigon: suggest: //p" out >action &&
		test -s action &&
		trigon moves -f c.trigon --key keys/green.key >moves 2>/dev/null &&
		grep -x -F -f action moves
	'
done

test_expect_success 'an unknown kind is refused (exit 2), nothing written' '
	cp c.trigon before &&
	test_expect_code 2 trigon bot -f c.trigon --as red --key keys/green.key \
		--player clever 2>err &&
	grep "clever" err &&
	test_cmp before c.trigon
'

test_expect_success 'the computer plays its seat through a whole game: trigon bot without --suggest for every seat in turn, to the win; the file verifies' '
	SOURCE_DATE_EPOCH=1700000000 trigon new w.trigon --rules cities --option first=1 \
		--option points=10 --seed $SEED2 $(catan_players) >/dev/null &&
	n=0 &&
	while test $n -lt 3000
	do
		trigon verify w.trigon >v &&
		if grep -q ", over, " v
		then
			break
		fi
		who=$(sed -n "s/.*, \([a-z]*\) to act$/\1/p" v) &&
		trigon bot -f w.trigon --as $who --key $(catan_key $who) \
			--playouts 5 --seed $n >/dev/null &&
		n=$((n + 1)) || return 1
	done &&
	grep "^w.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)\$" v
'

test_expect_success 'selfplay --vs random and --vs greedy: four players, the bot in one seat, the lines strength: cities-bot-vs-KIND' '
	trigon selfplay --rules cities --vs random --games 2 --playouts 10 \
		--seed 1 --jobs 1 >report &&
	grep "^selfplay: 2 games, 4 players, seed 1, 10 playouts, round limit 60, bot against random\$" report &&
	grep "^strength: cities-bot-vs-random [0-9]*\.[0-9] % \[[0-9]*\.[0-9], [0-9]*\.[0-9]\] ([0-2] of 2)\$" report &&
	trigon selfplay --rules catan-ck --vs greedy --games 2 --playouts 10 \
		--seed 2 --jobs 1 >report &&
	grep "^strength: cities-bot-vs-greedy [0-9]*\.[0-9] % \[[0-9]*\.[0-9], [0-9]*\.[0-9]\] ([0-2] of 2)\$" report
'

test_expect_success 'trigon play --rules cities: one person against two computer players, a whole game answered from a script (the first listed action each time); over by points; the file verifies' '
	trigon keygen --no-passphrase >/dev/null 2>&1 &&
	yes 1 | head -n 5000 >script &&
	trigon play p.trigon --rules cities --vs 2 --playouts 10 \
		--seed 0000000000000000000000000000000000000000000000000000000000000002 \
		<script >out 2>err &&
	test_must_be_empty err &&
	head -n 1 out >first &&
	echo "p.trigon: a new game of Catan: Cities & Knights: red (you), blue (Computer 1), white (Computer 2)" >expect &&
	test_cmp expect first &&
	grep "^The game is over: [a-z]* ([A-Za-z0-9 ]*) won (points)\.\$" out &&
	grep "^rules catan-ck\$" p.trigon &&
	test "$(sed -n "s/ | .*//p" p.trigon | grep -c "^[0-9]* red ")" -ge 10 &&
	trigon verify p.trigon >out &&
	grep "^p.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)\$" out
'

test_done
