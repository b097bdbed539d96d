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

test_expect_success 'trigon: --vs with --players 3: one bot against two players of the kind, its seat game i mod 3' '
	trigon selfplay --games 4 --players 3 --vs random --playouts 5 --seed 1 --csv vs3.csv >out &&
	sed -n 1p out >head &&
	echo "selfplay: 4 games, 3 players, seed 1, 5 playouts, round limit 60, bot against random" >expect &&
	test_cmp expect head &&
	grep "^strength: bot-vs-random [0-9]*\.[0-9] % \[[0-9]*\.[0-9], [0-9]*\.[0-9]\] ([0-4] of 4)$" out &&
	cut -d, -f2,4 vs3.csv >seats &&
	printf "players,bot_seat\n3,1\n3,2\n3,3\n3,1\n" >expect &&
	test_cmp expect seats
'

# Catan: four-player games, the options of trigon new.
test_expect_success 'catan: --vs random in four-player games, the bot in seat i mod 4, the options (map=, vp=) as for trigon new' '
	trigon selfplay --rules catan --games 6 --vs random --playouts 5 --seed 3 \
		--option map=base --option vp=5 --jobs 2 --csv ca.csv >out 2>err &&
	test_must_be_empty err &&
	sed -n 1p out >head &&
	echo "selfplay: 6 games, 4 players, seed 3, 5 playouts, round limit 60, bot against random, options map=base vp=5" >expect &&
	test_cmp expect head &&
	cut -d, -f1,2,4 ca.csv >seats &&
	printf "game,players,bot_seat\n0,4,1\n1,4,2\n2,4,3\n3,4,4\n4,4,1\n5,4,2\n" >expect &&
	test_cmp expect seats &&
	grep "^strength: catan-bot-vs-random [0-9]*\.[0-9] % \[[0-9]*\.[0-9], [0-9]*\.[0-9]\] ([0-6] of 6)$" out &&
	for s in 1 2 3 4
	do
		grep "$(share_re "seat $s wins:" 6)" out || return 1
	done &&
	grep "$(share_re "won by points:" 6)" out &&
	grep "$(share_re "won by last:" 6)" out &&
	grep "$(share_re "round limit:" 6)" out
'

test_expect_success 'catan: the counts add up: wins by seat plus the round limit are the games; the bot wins the rows where it won' '
	sed -n "s/^\(won by [a-z]*\|round limit\):.*(\([0-9]*\) of 6)$/\2/p" out >how &&
	awk "{ s += \$1 } END { print s }" how >sum && echo 6 >expect && test_cmp expect sum &&
	sed -n "s/^\(seat [1-4] wins\|round limit\):.*(\([0-9]*\) of 6)$/\2/p" out >seat &&
	wc -l <seat >n && echo 5 >expect && test_cmp expect n &&
	awk "{ s += \$1 } END { print s }" seat >sum && echo 6 >expect && test_cmp expect sum &&
	sed -n "s/^strength: .*(\([0-6]\) of 6)$/\1/p" out >bot &&
	awk -F, "NR > 1 && \$4 == \$5 { n++ } END { print n + 0 }" ca.csv >rows &&
	test_cmp bot rows
'

test_expect_success 'catan: vp=5 is the target of every game (a winner by points has 5 to 9 points, not the map'\''s 10; CA11.2)' '
	awk -F, "NR > 1 && \$7 == \"points\" { split(\$10, p, \";\"); print p[\$5] }" ca.csv >won &&
	test -s won &&
	awk "\$1 < 5 || \$1 > 9 { print \"out of range: \" \$1 }" won >bad &&
	test_must_be_empty bad &&
	trigon selfplay --rules catan --games 2 --players 3 --playouts 5 --seed 3 --csv ca10.csv >out10 &&
	awk -F, "NR > 1 && \$7 == \"points\" { split(\$10, p, \";\"); if (p[\$5] < 10) print }" ca10.csv >bad &&
	test_must_be_empty bad
'

test_expect_success 'catan: --players 3 with --vs: three seats, the bot in seat i mod 3' '
	trigon selfplay --rules catan --games 4 --players 3 --vs random --playouts 5 \
		--seed 2 --option vp=4 --csv ca3.csv >out &&
	cut -d, -f2,4 ca3.csv >seats &&
	printf "players,bot_seat\n3,1\n3,2\n3,3\n3,1\n" >expect &&
	test_cmp expect seats
'

test_expect_success 'catan: options and kinds the rule set refuses, before any game (CA1.6)' '
	test_exit_code 2 trigon selfplay --rules catan --games 1 --option map=nowhere 2>err &&
	grep "^trigon: --option: no map '\''nowhere'\'' (CA1.6)$" err &&
	test_exit_code 2 trigon selfplay --rules catan --games 1 --option vp=2 2>err &&
	grep "^trigon: --option: vp must be 3-30 (CA1.6)$" err &&
	test_exit_code 2 trigon selfplay --rules catan --games 1 --option map 2>err &&
	grep "^trigon: bad option '\''map'\'': expected KEY=VALUE$" err &&
	test_exit_code 2 trigon selfplay --rules catan --games 1 --players 2 2>err &&
	grep "^trigon: Catan takes 3 to 4 players$" err &&
	test_exit_code 2 trigon selfplay --rules catan --games 1 --vs nobody 2>err &&
	grep "^trigon: --vs takes random\(, greedy\)\? or mcts, not '\''nobody'\''$" err &&
	test_exit_code 2 trigon selfplay --rules catan --games 1 --vs randon 2>err &&
	grep "^trigon: --vs takes random\(, greedy\)\? or mcts, not '\''randon'\''; did you mean '\''random'\''?$" err &&
	test_exit_code 2 trigon selfplay --rules catn --games 1 2>err &&
	grep "^trigon: unknown rule set '\''catn'\''; did you mean '\''catan'\''?$" err
'

test_expect_success 'round limit: games cut at --max-rounds count as such' '
	trigon selfplay --games 2 --players 2 --playouts 5 --max-rounds 1 --seed 2 --csv lim.csv >out &&
	grep "^round limit: *100\.0 % \[[0-9.]*, 100\.0\] (2 of 2)$" out &&
	cut -d, -f7 lim.csv >how &&
	printf "how\nlimit\nlimit\n" >expect &&
	test_cmp expect how
'

test_expect_success '--max-actions cuts every game, rounds or not (lib/autoplay.c; t/unit/autoplay has a game without rounds)' '
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
	test_exit_code 2 trigon selfplay --games 1 --vs gredy 2>err &&
	grep "^trigon: --vs takes random, greedy or mcts, not '\''gredy'\''; did you mean '\''greedy'\''?$" err &&
	test_exit_code 2 trigon selfplay --games 1 --option shield=nobody 2>err &&
	grep "^trigon: --option: " err &&
	test_exit_code 2 trigon selfplay --games 0 2>err &&
	grep "^trigon: --games needs a number from 1$" err
'

test_done
