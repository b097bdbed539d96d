#!/bin/sh
test_description='the computer player in fair games (trigon-save(5), fair chance): trigon bot and trigon move write the actions up to and including the one that opens a random event, exit 0, and say what the rest waits for; run again after the answer, bot goes on; two computer players finish fair games of Rule of Trigon and of the Duel through trigon answer --bot alone, over git and over a maildir'
. "$(dirname "$0")/setup.sh"

# actions FILE: the action lines of FILE ("N SEAT ACTION"), signatures cut.
actions () {
	sed -n "s/^\([0-9][0-9]* [a-z][a-z]* [^|]*\) | .*/\1/p" "$1"
}

# fair_duel FILE: a fair Duel, red (Ann, green's key) against blue (Ben,
# purple's key), red joined by trigon new.
fair_duel () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --rules catan-duel --chance fair --seed "$SEED1" --key keys/green.key \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" >/dev/null
}

test_expect_success 'setup: a fair Rule of Trigon game and a fair Duel, both started (every join and setup release in)' '
	HOME_DIR=$PWD && export HOME_DIR &&
	test_keys &&
	fair_pair g.trigon &&
	trigon answer -f g.trigon --key keys/purple.key >/dev/null &&
	trigon answer -f g.trigon --key keys/green.key >out &&
	grep "^g.trigon: next: green to act (round 1)$" out &&
	fair_duel d.trigon &&
	trigon answer -f d.trigon --key keys/purple.key >/dev/null &&
	trigon answer -f d.trigon --key keys/green.key >out &&
	grep "^d.trigon: next: red to take a starting hand: start stack N$" out &&
	cp g.trigon g0.trigon && cp d.trigon d0.trigon
'

test_expect_success 'bot, Rule of Trigon: writes its actions up to the card it buys (a draw), with its own release; exit 0; says it waits for purple' '
	test_exit_code 0 trigon bot -f g.trigon --key keys/green.key --as green --playouts 20 >out &&
	cat >expect <<-\EOF &&
	g.trigon: 1 green buy card
	g.trigon: #? 2 release draw: green purple
	g.trigon: green released at once (1 answer line)
	g.trigon: waiting for answers: release for event 2, draw (line 28): purple (trigon answer)
	g.trigon: green waits for purple'\''s client to release the draw
	g.trigon: run '\''trigon bot -f g.trigon --as green'\'' again once it has: the bot goes on from there
	EOF
	test_cmp expect out &&
	echo "1 green buy card" >expect &&
	actions g.trigon >got &&
	test_cmp expect got &&
	test_exit_code 4 trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 1 move by 2 players, round 1, green to act$" out &&
	grep "^g.trigon: incomplete: awaits release for event 2, draw (line 28): purple$" out
'

test_expect_success 'bot, Rule of Trigon: run again before the answer, it writes nothing and says whom the game waits for (exit 0)' '
	cp g.trigon before.trigon &&
	test_exit_code 0 trigon bot -f g.trigon --key keys/green.key --as green --playouts 20 >out &&
	echo "g.trigon: nothing to do for green yet: the game waits for purple'\''s client to release the draw (trigon answer)" >expect &&
	test_cmp expect out &&
	cmp before.trigon g.trigon
'

test_expect_success 'bot, Rule of Trigon: after purple'\''s release a second run goes on, to the next event' '
	trigon answer -f g.trigon --key keys/purple.key >/dev/null &&
	test_exit_code 0 trigon bot -f g.trigon --key keys/green.key --as green --playouts 20 >out &&
	grep "^g.trigon: 2 green " out &&
	grep "^g.trigon: green waits for purple'\''s client to release the " out &&
	actions g.trigon >got &&
	test $(wc -l <got) -ge 2 &&
	test_exit_code 4 trigon verify g.trigon >out &&
	grep "^g.trigon: incomplete: awaits release for event [0-9]*, draw (line [0-9]*): purple$" out
'

test_expect_success 'bot --suggest in a fair game: the list ends at the action that opens an event (exit 0), nothing written' '
	cp g0.trigon s.trigon &&
	test_exit_code 0 trigon bot -f s.trigon --key keys/green.key --as green --playouts 20 --suggest >out &&
	cat >expect <<-\EOF &&
	s.trigon: suggest: buy card
	s.trigon: what follows waits for the random event it opens (event 2 (draw) awaits its releases)
	EOF
	test_cmp expect out &&
	cmp g0.trigon s.trigon
'

test_expect_success 'bot, the Duel: red takes its starting hand (a draw) and stops there; after blue'\''s release it goes on' '
	test_exit_code 0 trigon bot -f d.trigon --key keys/green.key --as red --playouts 10 >out &&
	cat >expect <<-\EOF &&
	d.trigon: 1 red start stack 3
	d.trigon: #? 2 release draw: red blue
	d.trigon: red released at once (1 answer line)
	d.trigon: waiting for answers: release for event 2, draw (line 21): blue (trigon answer)
	d.trigon: red waits for blue'\''s client to release the draw
	d.trigon: run '\''trigon bot -f d.trigon --as red'\'' again once it has: the bot goes on from there
	EOF
	test_cmp expect out &&
	echo "1 red start stack 3" >expect &&
	actions d.trigon >got &&
	test_cmp expect got &&
	trigon answer -f d.trigon --key keys/purple.key >/dev/null &&
	test_exit_code 0 trigon bot -f d.trigon --key keys/purple.key --as blue --playouts 10 >out &&
	grep "^d.trigon: 2 blue start stack " out &&
	grep "^d.trigon: blue waits for red'\''s client to release the draw$" out &&
	test_exit_code 4 trigon verify d.trigon >out &&
	grep "^d.trigon: incomplete: awaits release for event 3, draw (line [0-9]*): red$" out
'

test_expect_success 'move A B C D where B buys a card (a draw): A and B written, the file holds exactly them, C and D named as not played, with whom they wait for and the command; exit 0 (an order refused before the draw is still refused whole)' '
	cp g0.trigon m.trigon &&
	test_exit_code 1 trigon move -f m.trigon --key keys/green.key "build knight at nowhere" "buy card" end 2>err &&
	grep "nothing was written (action 1 of 3 was refused)" err &&
	cmp g0.trigon m.trigon &&
	test_exit_code 0 trigon move -f m.trigon --key keys/green.key "build knight at psor" "buy card" "move 1 scout from psor to frostholm" end >out &&
	cat >expect <<-\EOF &&
	m.trigon: 1 green build knight at psor
	m.trigon: 2 green buy card
	m.trigon: #? 2 release draw: green purple
	m.trigon: green released at once (1 answer line)
	m.trigon: waiting for answers: release for event 2, draw (line 29): purple (trigon answer)
	m.trigon: not played yet: '\''move 1 scout from psor to frostholm'\'' end -- they wait for purple'\''s client to release the draw; once it has, run:
	    trigon move -f m.trigon '\''move 1 scout from psor to frostholm'\'' end
	EOF
	test_cmp expect out &&
	printf "%s\n" "1 green build knight at psor" "2 green buy card" >expect &&
	actions m.trigon >got &&
	test_cmp expect got &&
	test_exit_code 4 trigon verify m.trigon >out &&
	grep "^m.trigon: ok: 2 moves by 2 players, round 1, green to act$" out &&
	trigon answer -f m.trigon --key keys/purple.key >/dev/null &&
	trigon move -f m.trigon --key keys/green.key "move 1 scout from psor to frostholm" end >out &&
	grep "^m.trigon: 4 green end$" out
'

test_done
