#!/bin/sh
test_description='fair chance over git for the Catan games (issue 17, fair-play.md 3.3, 4.5, 6.4): a three-player game of Catan and a two-player game of Catan: het Duel, each with chance fair over a bare repository with trigon'\''s hook, played to its end with trigon sync, move --commit and push alone: every join and release is written by new, move and sync themselves, every clone ends with the server'\''s bytes, and verify says the game is over and fully audited'
. "$(dirname "$0")/setup.sh"

# Ann (red), Ben (blue) and Cat (white) hold the fixture keys green,
# purple and yellow.  The helpers are those of t/0820-fair-git.t; each
# action made is appended to actions.log as "SEAT ACTION".

# as PLAYER CMD...: run CMD in PLAYER's clone with PLAYER's own
# configuration directory (key and config, no --key options).
as () {
	as_p=$1
	shift
	(cd $as_p && TRIGON_HOME="$HOME_DIR/home-$as_p" "$@")
}

# player_of SEAT: the clone of the player of SEAT.
player_of () {
	case $1 in
	red) echo ann ;;
	blue) echo ben ;;
	white) echo cat ;;
	esac
}

# server_to_act: the seat the server's copy waits for ("over" at the end).
server_to_act () {
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	trigon status --json -f server.trigon >st.json &&
	jq -r "if .await.over then \"over\" else .await.to_act end" st.json
}

# wake P: P's client syncs (merging and answering, committing its
# answers) and pushes; a push refused because another pushed first is
# synced and pushed again.  "answered" in wake.out when P answered.
wake () {
	as $1 trigon sync -f g.trigon >wake.out &&
	if grep -q "push them" wake.out
	then
		until as $1 trigon push -f g.trigon >push.out 2>&1
		do
			as $1 trigon sync -f g.trigon >>wake.out || return 1
		done
	fi
}

# settle: every client wakes, again and again, until a whole round of
# them answers nothing; then every clone is the server's file.
settle () {
	st_n=0
	while :
	do
		st_any=0
		for st_p in $PLAYERS
		do
			wake $st_p || return 1
			grep -q " answered (" wake.out && st_any=1
		done
		test $st_any = 0 && break
		st_n=$((st_n + 1))
		test $st_n -lt 100 || return 1
	done &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	for st_p in $PLAYERS
	do
		cmp server.trigon $st_p/g.trigon || return 1
	done
}

# play TURNS: the seat to act syncs, makes at most three first legal
# actions with move --commit, then end, and pushes; the others' clients
# settle.  Then the seat to act resigns, until the game is over.  (Here
# pick chooses, and no turn takes more than 40 actions.)
play () {
	pl_t=0
	while test $pl_t -lt $1
	do
		pl_s=$(server_to_act) && pl_p=$(player_of $pl_s) &&
		as $pl_p trigon sync -f g.trigon >/dev/null &&
		pl_k=0 &&
		while :
		do
			as $pl_p trigon moves -f g.trigon >legal.out &&
			pl_a=$(pick legal.out $pl_k) || return 1
			as $pl_p trigon move --commit -f g.trigon "$pl_a" >move.out &&
			echo "$pl_s $pl_a" >>actions.log &&
			grep -q "committed" move.out &&
			as $pl_p trigon push -f g.trigon >/dev/null 2>&1 || return 1
			pl_k=$((pl_k + 1))
			if grep -q "waiting for answers" move.out
			then
				settle || return 1
			fi
			test "$pl_a" = end && break
			test $pl_k -lt 40 || return 1
			test "$(server_to_act)" = $pl_s || break
		done &&
		settle || return 1
		pl_t=$((pl_t + 1))
	done &&
	while test "$(server_to_act)" != over
	do
		pl_s=$(server_to_act) && pl_p=$(player_of $pl_s) &&
		as $pl_p trigon sync -f g.trigon >/dev/null &&
		as $pl_p trigon move --commit -f g.trigon resign >/dev/null &&
		echo "$pl_s resign" >>actions.log &&
		as $pl_p trigon push -f g.trigon >/dev/null 2>&1 &&
		settle || return 1
	done
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

# homes PLAYER:SEAT:NAME...: a home (key, config) for each player.
homes () {
	for h in "$@"
	do
		d=${h%%:*} && c=$(echo $h | cut -d: -f2) && n=${h##*:} &&
		mkdir -p home-$d &&
		cp keys/$c.key home-$d/key && chmod 600 home-$d/key &&
		printf "[player]\nname = %s\nemail = %s@example.org\n" $n $d >home-$d/config || return 1
	done
}

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
	play 14 &&
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
	play 16 &&
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
