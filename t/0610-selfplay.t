#!/bin/sh
test_description='trigon selfplay: bot games on every core and the balance report'
. "$(dirname "$0")/setup.sh"

# A share line: label, percent, 95% interval, count of n.
share_re () {
	echo "^$1 *[0-9]*\.[0-9] % \[[0-9]*\.[0-9], [0-9]*\.[0-9]\] ([0-9]* of $2)\$"
}

test_expect_success 'the report of a few four-player games' '
	trigon selfplay --games 3 --players 4 --playouts 5 --jobs 2 --seed 5 --csv games.csv >out 2>err &&
	test_must_be_empty err &&
	sed -n 1p out >head &&
	echo "selfplay: 3 games, 4 players, seed 5, 5 playouts, round limit 60" >expect &&
	test_cmp expect head &&
	for how in points emperor quests last
	do
		grep "$(share_re "won by $how:" 3)" out || return 1
	done &&
	grep "$(share_re "round limit:" 3)" out &&
	for s in 1 2 3 4
	do
		grep "$(share_re "seat $s wins:" 3)" out || return 1
	done &&
	for c in green purple yellow white
	do
		grep "$(share_re "$c wins:" 3)" out || return 1
	done &&
	grep "^rounds: *median [0-9]*, quartiles [0-9]*-[0-9]*, range [0-9]*-[0-9]*$" out &&
	grep "^time: *[0-9.]* ms per action on average, [0-9]* ms at most ([0-9]* actions; CPU time)$" out
'

test_expect_success 'every game is counted once: by a win condition or the round limit' '
	sed -n "s/^\(won by [a-z]*\|round limit\):.*(\([0-9]*\) of 3)$/\2/p" out >counts &&
	wc -l <counts >n && echo 5 >expect && test_cmp expect n &&
	echo 3 >expect &&
	awk "{ s += \$1 } END { print s }" counts >sum &&
	test_cmp expect sum
'

test_expect_success 'the CSV: a header and one row per game' '
	echo "game,players,colors,bot_seat,winner_seat,winner_color,how,rounds,actions,points" >expect &&
	sed -n 1p games.csv >head &&
	test_cmp expect head &&
	wc -l <games.csv >n && echo 4 >expect && test_cmp expect n &&
	sed 1d games.csv >rows &&
	grep -c "^[0-2],4,[a-z]*;[a-z]*;[a-z]*;[a-z]*,0,[0-4],[a-z]*,\(points\|emperor\|quests\|last\|limit\),[0-9]*,[0-9]*,[0-9]*;[0-9]*;[0-9]*;[0-9]*$" rows >n &&
	echo 3 >expect && test_cmp expect n &&
	cut -d, -f1 rows >games &&
	printf "0\n1\n2\n" >expect && test_cmp expect games
'

test_expect_success 'games depend on the seed and their number, not on the workers' '
	trigon selfplay --games 3 --players 4 --playouts 5 --jobs 1 --seed 5 --csv one.csv >out1 &&
	test_cmp games.csv one.csv
'

test_expect_success 'the strength measurement: --vs random, seats alternating' '
	trigon selfplay --games 2 --vs random --playouts 10 --seed 1 --csv vs.csv >out &&
	grep "^time: .* ([0-9]* actions of the bot; CPU time)$" out &&
	grep "^strength: bot-vs-random [0-9]*\.[0-9] % \[[0-9]*\.[0-9], [0-9]*\.[0-9]\] ([0-2] of 2)$" out &&
	cut -d, -f2,4 vs.csv >seats &&
	printf "players,bot_seat\n2,1\n2,2\n" >expect &&
	test_cmp expect seats
'

test_expect_success 'round limit: games cut at --max-rounds count as such' '
	trigon selfplay --games 2 --players 2 --playouts 5 --max-rounds 1 --seed 2 --csv lim.csv >out &&
	grep "^round limit: *100\.0 % \[[0-9.]*, 100\.0\] (2 of 2)$" out &&
	cut -d, -f7 lim.csv >how &&
	printf "how\nlimit\nlimit\n" >expect &&
	test_cmp expect how
'

test_expect_success 'issue 14: --max-actions cuts every game, rounds or not (lib/autoplay.c; t/unit/autoplay has a game without rounds)' '
	trigon selfplay --games 2 --players 3 --playouts 5 --max-actions 7 --seed 4 --csv act.csv >out &&
	grep "^round limit: *100\.0 % \[[0-9.]*, 100\.0\] (2 of 2)$" out &&
	cut -d, -f2,7,9 act.csv >cut &&
	printf "players,how,actions\n3,limit,7\n3,limit,7\n" >expect &&
	test_cmp expect cut &&
	test_exit_code 2 trigon selfplay --games 1 --max-actions 0 2>err &&
	grep "^trigon: bad --max-actions '\''0'\''$" err
'

test_expect_success 'usage errors' '
	test_exit_code 2 trigon selfplay --players 2 2>err &&
	grep "^trigon: --games is required$" err &&
	test_exit_code 2 trigon selfplay --games 1 --players 5 2>err &&
	grep "^trigon: Rule of Trigon takes 2 to 4 players$" err &&
	test_exit_code 2 trigon selfplay --games 1 --vs nobody 2>err &&
	grep "^trigon: --vs takes random, greedy or mcts, not '\''nobody'\''$" err &&
	test_exit_code 2 trigon selfplay --games 0 2>err &&
	grep "^trigon: --games needs a number from 1$" err
'

test_done
