#!/bin/sh
test_description='fair chance over git (doc/fair-chance.md): two and four players play a whole game of Rule of Trigon with chance fair over a bare repository with trigon'\''s hook, with trigon sync, move --commit and push alone: every join and release is written by new, move and sync themselves; answers made in several clones at once merge into the same bytes, and the hook takes a block whose answers are a superset'
. "$(dirname "$0")/setup.sh"

# player_of SEAT: the clone of the player of SEAT.
player_of () {
	case $1 in
	green) echo ann ;;
	purple) echo ben ;;
	yellow) echo cat ;;
	white) echo dan ;;
	esac
}

test_expect_success 'setup: the server with trigon'\''s hook; each player a home with key and config' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	test_keys &&
	git_server srv/game.git &&
	homes ann:green:Ann ben:purple:Ben cat:yellow:Cat dan:white:Dan
'

test_expect_success 'two players: Ann creates the game (her join with it), commits and pushes; Ben clones; their clients join and answer until the game has started' '
	PLAYERS="ann ben" &&
	git clone -q srv/game.git ann 2>/dev/null &&
	as ann trigon new g.trigon --chance fair \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" >out &&
	grep "fair chance: green joined; awaits join (line [0-9]*): purple" out &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git ben &&
	settle &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: 0 moves by 2 players, round 1, [a-z]* to act$" out
'

test_expect_success 'two players: a whole game, every release written by the clients (move, sync), none typed' '
	fair_play 10 &&
	test "$(server_to_act)" = over &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: [0-9]* moves by 2 players, .*, over, [a-z]* won (last)$" out &&
	grep "^server.trigon: fully audited" out &&
	ev=$(grep -c "^#? [0-9]* release " server.trigon) &&
	test $ev -ge 8 &&
	grep "^#? [0-9]* release " server.trigon | sed "s/.*: //" | wc -w >owed &&
	test $(grep -c "^@ [a-z]* release " server.trigon) = $(cat owed)
'

test_expect_success 'four players: three clones join at once; each commits its join before any push; their syncs merge the joins into one block; the clients settle to the same bytes in every clone' '
	PLAYERS="ann ben cat dan" &&
	rm -rf srv ann ben && git_server srv/game.git &&
	git clone -q srv/game.git ann 2>/dev/null &&
	as ann trigon new g.trigon --chance fair --seed "$SEED2" \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "yellow:Cat:cat@example.org:$(cat keys/yellow.key.pub)" \
		--player "white:Dan:dan@example.org:$(cat keys/white.key.pub)" >/dev/null &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	git -C ann push -q origin main &&
	for p in ben cat dan
	do
		git clone -q srv/game.git $p &&
		as $p trigon sync -f g.trigon >out &&
		grep "answered (1 line), committed" out || return 1
	done &&
	as ben trigon push -f g.trigon >/dev/null 2>&1 &&
	test_must_fail as cat trigon push -f g.trigon >/dev/null 2>&1 &&
	as cat trigon sync -f g.trigon >out &&
	grep "merged origin/main.s answers with yours" out &&
	as cat trigon push -f g.trigon >/dev/null 2>&1 &&
	as dan trigon sync -f g.trigon >out &&
	grep "merged origin/main.s answers with yours" out &&
	as dan trigon push -f g.trigon >/dev/null 2>&1 &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	grep "^@ [a-z]* join " server.trigon | cut -d" " -f2 >joined &&
	printf "%s\n" green purple yellow white >expect &&
	test_cmp expect joined &&
	cmp server.trigon dan/g.trigon &&
	settle
'

test_expect_success 'four players: the clients answer the start and a whole game, none typed' '
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: 0 moves by 4 players" out &&
	fair_play 6 &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: [0-9]* moves by 4 players, .*, over, " out &&
	grep "^server.trigon: fully audited" out &&
	grep "^#? [0-9]* release " server.trigon | sed "s/.*: //" | wc -w >owed &&
	test $(grep -c "^@ [a-z]* release " server.trigon) = $(cat owed)
'

test_expect_success 'the hook refuses a push that drops an answer of the open block (a block whose answers are no superset)' '
	rm -rf srv ann ben cat dan && git_server srv/game.git &&
	PLAYERS="ann ben" &&
	git clone -q srv/game.git ann 2>/dev/null &&
	as ann env SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --chance fair --seed "$SEED1" \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" >/dev/null &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git ben &&
	wake ben &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	grep -q "^@ purple join " server.trigon &&
	git -C ann pull -q --ff-only origin main &&
	SOURCE_DATE_EPOCH=1700000000 trigon new fresh.trigon --chance fair --seed "$SEED1" --key keys/green.key \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" >/dev/null &&
	cp fresh.trigon ann/g.trigon &&
	git -C ann commit -q -am "drop purple" &&
	test_must_fail git -C ann push -q origin main 2>err &&
	grep "lacks answers already recorded\|drops [0-9]* answer line" err
'

test_done
