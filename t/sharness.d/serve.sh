# t/sharness.d/serve.sh -- trigon serve in the background for
# t/0900-serve.t and t/0901-serve-browser.t: start it, wait for its URL,
# stop it; and replay a served game's actions with trigon move to check
# that the server wrote the very bytes move writes.

# serve_start NAME ARGS...: trigon serve ARGS in the background, its
# output in NAME.out, its pid in NAME.pid; waits for the URL (60 s at
# most: a new game's computer may move first) and puts it in NAME.url.
serve_start () {
	ss_name=$1
	shift
	trigon serve "$@" >"$ss_name.out" 2>"$ss_name.err" &
	echo $! >"$ss_name.pid"
	for ss_i in $(test_seq 1 600)
	do
		sed -n "s|^    \(http://127\.0\.0\.1:[0-9]*/?token=[0-9a-f]*\)$|\1|p" \
			"$ss_name.out" >"$ss_name.url"
		test -s "$ss_name.url" && return 0
		kill -0 "$(cat "$ss_name.pid")" 2>/dev/null || break
		sleep 0.1
	done
	cat "$ss_name.out" "$ss_name.err" >&2
	return 1
}

# serve_stop NAME: stop that server (SIGTERM) and wait for it.
serve_stop () {
	test -f "$1.pid" || return 0
	kill "$(cat "$1.pid")" 2>/dev/null
	wait "$(cat "$1.pid")" 2>/dev/null
	rm -f "$1.pid"
}

# serve_replay FROM GAME KEYDIR SEAT KEY: into GAME.replay, FROM (a copy
# of GAME taken earlier) with every action GAME has past it added by
# trigon move, one by one: SEAT's with KEY, the others' with the
# computer's keys in KEYDIR (SEAT.bot.key, as trigon play makes them).
serve_replay () {
	cp "$1" "$2.replay" &&
	sr_from=$(grep -c "^[0-9]" "$1" || :) &&
	grep "^[0-9]" "$2" | tail -n "+$((sr_from + 1))" |
		sed "s/ | .*//" >"$2.actions" &&
	while read -r sr_n sr_seat sr_act
	do
		if test "$sr_seat" = "$4"
		then
			sr_key=$5
		else
			sr_key=$3/$sr_seat.bot.key
		fi &&
		trigon move -f "$2.replay" --key "$sr_key" "$sr_act" >/dev/null ||
		return 1
	done <"$2.actions"
}
