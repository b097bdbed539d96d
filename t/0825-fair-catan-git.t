#!/bin/sh
test_description='fair chance over git for the Catan games (doc/fair-chance.md): a three-player game of Catan and a two-player game of Catan: het Duel, each with chance fair over a bare repository with trigon'\''s hook, played to its end with trigon sync, move --commit and push alone: every join and release is written by new, move and sync themselves, every clone ends with the server'\''s bytes, and verify says the game is over and fully audited'
. "$(dirname "$0")/setup.sh"

# Ann (red), Ben (blue) and Cat (white) hold the fixture keys green,
# purple and yellow.  The helpers (as, wake, settle, play, homes) are
# t/sharness.d/fairgit.sh's, with pick below as play's chooser.

# player_of SEAT: the clone of the player of SEAT.
player_of () {
	case $1 in
	red) echo ann ;;
	blue) echo ben ;;
	white) echo cat ;;
	esac
}

# pick LEGAL K: pick_action's choice (save.sh) while end is legal; a
# set-up placement or a decision the game asks for (where end is not
# legal) takes the first legal action that is not resign or an offer,
# whatever K.
pick () {
	if grep -q "^end$" "$1"
	then
		pick_action "$1" "$2"
	else
		grep -v -e "^resign" -e "^offer" "$1" | sed -n 1p
	fi
}
FAIR_PICK=pick

test_expect_success 'setup: the server with trigon'\''s hook; each player a home with key and config' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	test_keys &&
	git_server srv/game.git &&
	homes ann:green:Ann ben:purple:Ben cat:yellow:Cat
'

# answers_by_clients: every join and release line of server.trigon was
# written by a client (new, move, sync) and each release owed is there.
answers_by_clients () {
	grep "^#? [0-9]* release " server.trigon | sed "s/.*: //" | wc -w >owed &&
	test $(cat owed) -ge 1 &&
	test $(grep -c "^@ [a-z]* release " server.trigon) = $(cat owed)
}

test_expect_success 'Catan, three players: Ann creates a fair game (her join with it), commits and pushes; Ben and Cat clone; their clients join and answer until the game has started' '
	PLAYERS="ann ben cat" && : >actions.log &&
	git clone -q srv/game.git ann 2>/dev/null &&
	as ann trigon new g.trigon --rules catan --chance fair \
		--option first=1 --option vp=5 \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat keys/yellow.key.pub)" >out &&
	grep "fair chance: red joined; awaits join (line [0-9]*): blue white" out &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game of Catan" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git ben &&
	git clone -q srv/game.git cat &&
	settle &&
	grep "^@ [a-z]* join " server.trigon | cut -d" " -f2 >joined &&
	printf "%s\n" red blue white >expect &&
	test_cmp expect joined &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: 0 moves by 3 players, .*, red to act$" out
'

test_expect_success 'Catan, three players: a whole game, set-up, rolls and builds, every release written by the clients, none typed' '
	fair_play 14 &&
	test "$(server_to_act)" = over &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: [0-9]* moves by 3 players, .*, over, [a-z]* won (.*)$" out &&
	grep "^server.trigon: fully audited" out &&
	grep "^server.trigon: fair chance: no player can foresee or bias a die or a draw" out &&
	echo "catan: $(wc -l <actions.log) actions, $(grep -c " roll" actions.log) rolls; $(sed -n 1p out)" &&
	test $(grep -c "^red build settlement" actions.log) -ge 2 &&
	test $(grep -c " roll" actions.log) -ge 3 &&
	answers_by_clients &&
	for p in $PLAYERS
	do
		cmp server.trigon $p/g.trigon || return 1
	done &&
	mv actions.log catan-actions.log
'

test_expect_success 'Duel, two players: Ann creates a fair game of Catan: het Duel, commits and pushes; Ben clones; their clients join and answer until the game has started' '
	PLAYERS="ann ben" && : >actions.log &&
	rm -rf srv ann ben cat && git_server srv/game.git &&
	git clone -q srv/game.git ann 2>/dev/null &&
	as ann trigon new g.trigon --rules catan-duel --chance fair \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" >out &&
	grep "fair chance: red joined; awaits join (line [0-9]*): blue" out &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game of Catan: het Duel" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git ben &&
	settle &&
	grep "^@ [a-z]* join " server.trigon | cut -d" " -f2 >joined &&
	printf "%s\n" red blue >expect &&
	test_cmp expect joined &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: 0 moves by 2 players, .*, [a-z]* to act$" out
'

test_expect_success 'Duel, two players: a whole game, starting hands, rolls and orders, every release written by the clients, none typed' '
	fair_play 16 &&
	test "$(server_to_act)" = over &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: [0-9]* moves by 2 players, .*, over, [a-z]* won (.*)$" out &&
	grep "^server.trigon: fully audited" out &&
	grep "^server.trigon: fair chance: no player can foresee or bias a die or a draw" out &&
	echo "duel: $(wc -l <actions.log) actions, $(grep -c " roll" actions.log) rolls; $(sed -n 1p out)" &&
	test $(grep -c " roll" actions.log) -ge 3 &&
	answers_by_clients &&
	for p in $PLAYERS
	do
		cmp server.trigon $p/g.trigon || return 1
	done
'

test_done
