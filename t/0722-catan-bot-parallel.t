#!/bin/sh
test_description='Catan: trigon bot for a seat that owes a decision while another seat owing one at the same time is the one the game names (CA5.1: after a seven every owing seat discards at once)'
. "$(dirname "$0")/setup.sh"

# Found by t/0720's game over git: the Catan computer player answered
# only offers out of turn, so of two seats that must both discard it
# said "nothing to do" for the one await does not name.  It now makes
# the owed decision (greedy's choice; the search follows await's seat).

test_expect_success 'setup: red rolls a seven; blue and white must both discard 4 (seed 1 of the position)' '
	test_keys &&
	cat >pos.ini <<-\EOF &&
	[position]
	turn = red
	phase = pre-roll

	[red]
	settlements = c3/c4/d4
	roads = c3/c4

	[blue]
	settlements = e2/e3/f2
	roads = e2/e3
	hand = 8 wool

	[white]
	settlements = d5/d6/e5
	roads = d5/d6
	hand = 8 grain
	EOF
	trigon new p.trigon --rules catan --option first=1 --data position=pos.ini --seed $SEED1 \
		--player "red:Ann:keys/green.key.pub" --player "blue:Bob:keys/purple.key.pub" \
		--player "white:Cy:keys/yellow.key.pub" >/dev/null &&
	trigon move -f p.trigon --key keys/green.key roll >out &&
	grep "^p.trigon: next: blue must discard 4, white must discard 4$" out &&
	trigon verify p.trigon >out &&
	grep "^p.trigon: ok: 1 move by 3 players, round 1, blue to act$" out &&
	trigon moves -f p.trigon --key keys/yellow.key >moves &&
	grep -x "discard 4 grain" moves
'

test_expect_success 'the seat await names: trigon bot --suggest discards for blue' '
	trigon bot -f p.trigon --as blue --key keys/purple.key --playouts 20 \
		--suggest >out &&
	grep -x "p.trigon: suggest: discard 4 wool" out
'

test_expect_success 'the other seat that must discard: trigon bot --suggest discards for white too' '
	trigon bot -f p.trigon --as white --key keys/yellow.key --playouts 20 \
		--suggest >out &&
	grep -x "p.trigon: suggest: discard 4 grain" out
'

test_expect_success 'CA5.2: both discards played by trigon bot, white first (out of await order); then red moves the robber' '
	trigon bot -f p.trigon --as white --key keys/yellow.key --playouts 20 >out &&
	trigon bot -f p.trigon --as blue --key keys/purple.key --playouts 20 >out &&
	sed -n "s/ | .*//p" p.trigon | grep "^[0-9]" | tail -n 2 >acts &&
	printf "%s\n" "2 white discard 4 grain" "3 blue discard 4 wool" >expect &&
	test_cmp expect acts &&
	trigon verify p.trigon >out &&
	grep -x "p.trigon: ok: 3 moves by 3 players, round 1, red to act" out &&
	trigon status -f p.trigon >st &&
	grep -x "red must move the robber" st
'

test_done
