#!/bin/sh
test_description='R6.5, R6.6, R12.2: offers between players through trigon move'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: keys and a new game' '
	test_keys &&
	new_game g.trigon &&
	me=$(to_act g.trigon) && you=$(other $me) &&
	echo "$me" >me && echo "$you" >you
'

test_expect_success 'R6.6 the player to act offers coins for coins' '
	me=$(cat me) && you=$(cat you) &&
	trigon move -f g.trigon --key keys/$me.key "offer $you 1 copper for 1 silver" >out &&
	grep "^g.trigon: next: $you must answer $me'\''s offer" out
'

test_expect_success 'R12.2 while the offer waits, the offerer may not do anything else' '
	me=$(cat me) &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$me.key end 2>err &&
	echo "trigon: g.trigon: refused: $me may not act now: $you must answer $me.s offer ($me may only withdraw it)" >expect &&
	grep -x "$(cat expect)" err &&
	test_cmp before g.trigon
'

test_expect_success 'R6.6 ... but may withdraw it, and the file verifies' '
	me=$(cat me) &&
	trigon move -f g.trigon --key keys/$me.key withdraw >out &&
	grep "^g.trigon: [0-9]* $me withdraw$" out &&
	trigon verify g.trigon >out &&
	grep ", $me to act$" out
'

test_expect_success 'R6.6 one offer a turn' '
	me=$(cat me) && you=$(cat you) &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$me.key "offer $you 1 silver for 1 copper" 2>err &&
	echo "trigon: g.trigon: refused: $me has made its offer this turn (one offer a turn)" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_expect_success 'R12.2 an offer answered by the other player: decline' '
	me=$(cat me) && you=$(cat you) &&
	trigon move -f g.trigon --key keys/$me.key end >/dev/null &&
	trigon move -f g.trigon --key keys/$you.key "offer $me 1 copper for 1 copper" >out &&
	grep "^g.trigon: next: $me must answer $you.s offer" out &&
	trigon move -f g.trigon --key keys/$me.key decline >out &&
	grep "^g.trigon: [0-9]* $me decline$" out &&
	grep "^g.trigon: next: $you to act" out
'

test_expect_success 'with no offer waiting, nobody may withdraw' '
	you=$(cat you) &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$you.key withdraw 2>err &&
	test_cmp before g.trigon
'

test_expect_success 'the whole file still verifies' '
	trigon verify g.trigon
'

test_done
