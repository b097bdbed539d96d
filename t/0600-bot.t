#!/bin/sh
test_description='trigon bot: the computer plays a seat through the path of trigon move'
. "$(dirname "$0")/setup.sh"

# bot_of FILE: the color to act, or nothing when the game is over.
bot_turns () {
	for i in $(seq 1 400)
	do
		bt_who=$(to_act "$1") || return 1
		test -z "$bt_who" && return 0
		trigon bot -f "$1" --as "$bt_who" --key "keys/$bt_who.key" \
			--playouts 10 --seed "$i" >/dev/null || return 1
	done
	echo >&2 "bot_turns: the game did not end"
	return 1
}

test_expect_success 'setup: keys and a new game' '
	test_keys &&
	new_game g.trigon &&
	me=$(to_act g.trigon) && you=$(other $me) &&
	test -n "$me" &&
	echo "$me" >me && echo "$you" >you
'

test_expect_success 'a seat not to act: nothing to do, nothing written' '
	you=$(cat you) && me=$(cat me) &&
	cp g.trigon before &&
	trigon bot -f g.trigon --as $you --key keys/$you.key --playouts 10 >out &&
	echo "g.trigon: nothing to do for $you: $me to act (round 1)" >expect &&
	test_cmp expect out &&
	test_cmp before g.trigon
'

test_expect_success '--suggest prints the turn (up to its end or an offer) and writes nothing; the seat'\''s key file, no passphrase asked' '
	me=$(cat me) &&
	cp g.trigon before &&
	trigon bot -f g.trigon --as $me --key keys/$me.key --suggest --playouts 20 --seed 3 </dev/null >out &&
	test_cmp before g.trigon &&
	sed -n "s/^g.trigon: suggest: //p" out >suggested &&
	test -s suggested &&
	tail -n 1 suggested >last &&
	grep "^\(end\|offer [a-z]* .*\)$" last &&
	grep "^g.trigon: next: " out
'

test_expect_success '--suggest is deterministic for the same playouts and seed' '
	me=$(cat me) &&
	trigon bot -f g.trigon --as $me --key keys/$me.key --suggest --playouts 20 --seed 3 >out2 &&
	test_cmp out out2
'

test_expect_success 'the bot plays the turn it suggested, signed; the file verifies' '
	me=$(cat me) && you=$(cat you) &&
	trigon bot -f g.trigon --as $me --key keys/$me.key --playouts 20 --seed 3 >out &&
	sed -n "s/^g.trigon: [0-9][0-9]* $me //p" out >played &&
	test_cmp suggested played &&
	grep "^g.trigon: next: .*$you" out &&
	grep -c "^[0-9][0-9]* $me .* | [0-9a-f]\{16\} [A-Za-z0-9_-]\{86\}$" g.trigon >count &&
	wc -l <played >expect &&
	test_cmp expect count &&
	grep -c "^end " g.trigon >ends &&
	echo 1 >expect && test_cmp expect ends &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: " out
'

test_expect_success 'a key of another seat is refused; nothing changes' '
	me=$(cat me) && you=$(cat you) &&
	cp g.trigon before &&
	test_exit_code 1 trigon bot -f g.trigon --as $you --key keys/$me.key --playouts 10 2>err &&
	echo "trigon: g.trigon: refused: this key is not $you'\''s" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_expect_success 'a color that does not play, and usage errors' '
	cp g.trigon before &&
	test_exit_code 2 trigon bot -f g.trigon --as yellow --suggest 2>err &&
	echo "trigon: g.trigon: yellow does not play in this game" >expect &&
	test_cmp expect err &&
	test_exit_code 2 trigon bot -f g.trigon --suggest 2>err &&
	grep "^trigon: --as SEAT is required$" err &&
	test_exit_code 2 trigon bot -f g.trigon --as green --playouts 0 2>err &&
	grep "^trigon: --playouts needs a number from 1 to 100000000$" err &&
	test_exit_code 2 trigon bot -f g.trigon --as green --playouts 5 --think 5 2>err &&
	grep "^trigon: --playouts and --think exclude each other$" err &&
	test_exit_code 2 trigon bot -f g.trigon --as green --suggest --player best 2>err &&
	test_cmp before g.trigon
'

test_expect_success 'R11.2: a game played by trigon bot for each seat in turn ends in a victory and verifies' '
	new_game p.trigon $SEED1 &&
	bot_turns p.trigon &&
	trigon verify p.trigon >out &&
	grep "^p.trigon: ok: [0-9]* moves by 2 players, round [0-9]*, over, \(green\|purple\) won (\(points\|emperor\|quests\|last\))$" out &&
	trigon bot -f p.trigon --as green --key keys/green.key >out &&
	echo "p.trigon: the game is over" >expect &&
	test_cmp expect out
'

test_done
