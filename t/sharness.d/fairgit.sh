# t/sharness.d/fairgit.sh -- whole games with chance fair over a bare
# repository with trigon's hook, each player a clone and a home of its
# own (t/0820-fair-git.t for Rule of Trigon, t/0825-fair-catan-git.t for
# the Catan games).  The test defines player_of SEAT (the clone of the
# player of SEAT), PLAYERS (the clones) and HOME_DIR, and may set
# FAIR_PICK to its own chooser of actions.

# as PLAYER CMD...: run CMD in PLAYER's clone with PLAYER's own
# configuration directory (key and config, no --key options).
as () {
	as_p=$1
	shift
	(cd $as_p && TRIGON_HOME="$HOME_DIR/home-$as_p" "$@")
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

# fair_play TURNS: the seat to act syncs, makes at most three first legal
# actions with move --commit, then end, and pushes; the others' clients
# settle.  Then the seat to act resigns, until the game is over.  The
# test's FAIR_PICK (default pick_action, save.sh) chooses; no turn takes
# more than 40 actions; each action made is appended to actions.log as
# "SEAT ACTION".
fair_play () {
	pl_t=0
	while test $pl_t -lt $1
	do
		pl_s=$(server_to_act) && pl_p=$(player_of $pl_s) &&
		as $pl_p trigon sync -f g.trigon >/dev/null &&
		pl_k=0 &&
		while :
		do
			as $pl_p trigon moves -f g.trigon >legal.out &&
			pl_a=$(${FAIR_PICK:-pick_action} legal.out $pl_k) || return 1
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
