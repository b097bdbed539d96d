# t/sharness.d/fairbot.sh -- two computer players finish a fair game
# through trigon answer --bot alone (t/0861-fair-bot-trigon.t,
# t/0862-fair-bot-duel.t): each watch plays its seat up to every random
# event and answers the other's, over a bare git repository with
# trigon's hook or over two maildirs.  The test sets HOME_DIR and makes
# the homes home-ann, home-ben (git: homes) and home-mann, home-mben
# (mail: bot_mail_homes), or any seats' homes and maildirs
# (bot_mail_homes WHO:NAME..., bot_mail_play).

# bot_until TENTHS CMD...: CMD, every tenth of a second, until it
# succeeds; fails after TENTHS tries.
bot_until () {
	ut_n=$1
	shift
	until "$@"
	do
		ut_n=$((ut_n - 1))
		test $ut_n -gt 0 || return 1
		sleep 0.1
	done
}

# bot_bg DIR HOME OUT ARGS...: trigon answer --bot ARGS in DIR with
# TRIGON_HOME=HOME in the background; its output in OUT.out and
# OUT.err, its pid in OUT.pid and, once it has ended, its exit status
# in OUT.rc.
bot_bg () {
	bb_dir=$1 bb_home=$2 bb_out=$PWD/$3
	shift 3
	rm -f "$bb_out.rc" "$bb_out.pid" || return 1
	(
		cd "$bb_dir" &&
		TRIGON_HOME="$bb_home" trigon answer --bot --player greedy --watch 0.05 "$@" >"$bb_out.out" 2>"$bb_out.err" &
		echo $! >"$bb_out.pid"
		wait $!
		echo $? >"$bb_out.rc.tmp" && mv "$bb_out.rc.tmp" "$bb_out.rc"
	) &
	bot_until 300 test -s "$bb_out.pid"
}

# bot_ended OUT SECONDS: the watch of OUT ends by itself within SECONDS
# with exit 0; one still running then is killed, by its pid, and the
# test fails.
bot_ended () {
	if bot_until $(($2 * 10)) test -f "$1.rc"
	then
		test "$(cat "$1.rc")" = 0 || explain "$1.out" "$1.err"
		return
	fi
	kill $(cat "$1.pid")
	explain "$1.out" "$1.err"
}

# bot_new FILE RULES SEAT1 SEAT2 [ARGS...]: a fair game of RULES, SEAT1
# Ann (green's key, joined by new) against SEAT2 Ben (purple's key).
bot_new () {
	nf_f=$1 nf_r=$2 nf_a=$3 nf_b=$4
	shift 4
	SOURCE_DATE_EPOCH=1700000000 trigon new "$nf_f" --rules $nf_r --chance fair --seed "$SEED1" --key "$HOME_DIR/keys/green.key" \
		--player "$nf_a:Ann:ann@example.org:$(cat "$HOME_DIR/keys/green.key.pub")" \
		--player "$nf_b:Ben:ben@example.org:$(cat "$HOME_DIR/keys/purple.key.pub")" "$@" >/dev/null
}

# bot_finished FILE WINNERS: FILE verifies whole (exit 0): over, won by one
# of WINNERS (an ERE), every seat's audit in; it holds moves of both
# seats and at least three random events after the start, each released
# by both.
bot_finished () {
	test_exit_code 0 trigon verify "$1" >verify.out &&
	grep -E "^$1: ok: [0-9]+ moves by 2 players, .*over, ($2) won " verify.out &&
	grep "^$1: fully audited" verify.out &&
	test $(grep -c "^#? [0-9]* release [a-z]" "$1") -ge 4 &&
	grep "^#? [0-9]* release " "$1" | sed "s/.*: //" | wc -w >owed &&
	test $(grep -c "^@ [a-z]* release " "$1") = $(cat owed) &&
	sed -n "s/^[0-9][0-9]* \([a-z]*\) .*/\1/p" "$1" | sort -u | wc -l >seats &&
	test $(cat seats) = 2
}

# bot_git_game RULES SEAT1 SEAT2 [ARGS...]: Ann makes the game in her clone,
# commits and pushes it; Ben clones; each runs trigon answer --bot
# --watch, which joins, plays, answers, commits and pushes until the
# game is over.  server.trigon is then the server's file.
bot_git_game () {
	rm -rf srv ann ben &&
	git_server srv/game.git &&
	git clone -q srv/game.git ann 2>/dev/null &&
	(cd ann && bot_new g.trigon "$@") &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git ben &&
	bot_bg ann "$HOME_DIR/home-ann" ann -f g.trigon &&
	bot_bg ben "$HOME_DIR/home-ben" ben -f g.trigon &&
	bot_ended ann 600 && bot_ended ben 600 &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	grep "the game is over and [a-z]* owes nothing more; the watch ends$" ann.out &&
	grep "the game is over and [a-z]* owes nothing more; the watch ends$" ben.out
}

# bot_mail_game RULES SEAT1 SEAT2 [ARGS...]: Ann makes ann.trigon, a
# fair game of RULES against Ben (bot_new), and both play it by mail
# (bot_mail_play ann:green ben:purple).
bot_mail_game () {
	rm -f ann.trigon ben.trigon &&
	bot_new ann.trigon "$@" &&
	bot_mail_play ann:green ben:purple
}

# bot_mail_play WHO:KEY...: the first WHO has made WHO.trigon and mails
# it whole; each other WHO's box makes WHO.trigon from the mail; each
# runs trigon answer --bot --watch --maildir WHOmail with keys/KEY.key
# and the home home-mWHO (bot_mail_homes), whose sendmail (deliver)
# drops each mail into the maildir of every address it is sent to.
# Once every watch has stopped, each seat takes the mails that came
# after its watch ended (answer --once), and every copy is the same.
bot_mail_play () {
	mp_first=${1%%:*} &&
	for mp_s in "$@"
	do
		mp_w=${mp_s%%:*} &&
		rm -rf "${mp_w}mail" &&
		mkdir -p "${mp_w}mail/new" "${mp_w}mail/cur" "${mp_w}mail/tmp" || return 1
	done &&
	TRIGON_HOME="$HOME_DIR/home-m$mp_first" trigon mail -f "$mp_first.trigon" --key "keys/${1#*:}.key" --send >/dev/null &&
	for mp_s in "$@"
	do
		mp_w=${mp_s%%:*} &&
		if test "$mp_w" != "$mp_first"
		then
			rm -f "$mp_w.trigon" &&
			TRIGON_HOME="$HOME_DIR/home-m$mp_w" trigon apply -f "$mp_w.trigon" "${mp_w}mail"/new/* >/dev/null &&
			for mp_m in "${mp_w}mail"/new/*
			do
				mv "$mp_m" "${mp_w}mail/cur/${mp_m##*/}:2," || return 1
			done
		fi || return 1
	done &&
	for mp_s in "$@"
	do
		mp_w=${mp_s%%:*} &&
		bot_bg . "$HOME_DIR/home-m$mp_w" "m$mp_w" -f "$mp_w.trigon" --key "keys/${mp_s#*:}.key" --maildir "${mp_w}mail" || return 1
	done &&
	for mp_s in "$@"
	do
		bot_ended "m${mp_s%%:*}" 600 || return 1
	done &&
	for mp_s in "$@"
	do
		mp_w=${mp_s%%:*} &&
		TRIGON_HOME="$HOME_DIR/home-m$mp_w" trigon answer -f "$mp_w.trigon" --key "keys/${mp_s#*:}.key" --maildir "${mp_w}mail" --once >/dev/null || return 1
	done &&
	bot_mail_same "$@"
}

# bot_mail_same WHO:KEY...: every WHO.trigon holds the same lines but
# its end line, which the seat that merged the last answers signs
# (trigon-save(5), Answer lines); two seats' copies are the same bytes.
bot_mail_same () {
	ms_first=${1%%:*} &&
	sed "\$s/^\(end [0-9]*\) .*/\1/" "$ms_first.trigon" >"$ms_first.unsealed" &&
	for ms_s in "$@"
	do
		ms_w=${ms_s%%:*} &&
		sed "\$s/^\(end [0-9]*\) .*/\1/" "$ms_w.trigon" >"$ms_w.unsealed" &&
		cmp "$ms_first.unsealed" "$ms_w.unsealed" &&
		if test $# = 2
		then
			cmp "$ms_first.trigon" "$ms_w.trigon"
		fi || return 1
	done
}

# bot_mail_homes [WHO:NAME...]: a home home-mWHO for each player (Ann
# and Ben unless named) whose sendmail is deliver: each message into
# the maildir of every address its To: and Cc: name (WHO@example.org
# into WHOmail, which bot_mail_play makes).
bot_mail_homes () {
	test $# -gt 0 || set -- ann:Ann ben:Ben
	cat >deliver <<-\EOF &&
	#!/bin/sh
	# sendmail -t: the message on standard input into the maildir of
	# each address of its To: and Cc: (the header's folded lines
	# joined), the maildir way (tmp/, then new/); an address with no
	# maildir fails the delivery.
	t=$MAILROOT/deliver.$$
	cat >"$t" || exit 1
	rcpt=$(awk '/^$/ { exit } /^[ \t]/ { h = h $0; next }
		{ if (h != "") print h; h = $0 } END { if (h != "") print h }' "$t" |
		grep -i -E "^(to|cc):" | grep -o "[A-Za-z0-9._-]*@example\.org" |
		sed "s/@.*//" | sort -u)
	test -n "$rcpt" || { echo "deliver: no recipient" >&2; exit 1; }
	for who in $rcpt
	do
		box=$MAILROOT/${who}mail
		test -d "$box/new" || { echo "deliver: no maildir for $who" >&2; exit 1; }
		n=$(date +%s%N).$$.$who.test
		cp "$t" "$box/tmp/$n" && mv "$box/tmp/$n" "$box/new/$n" || exit 1
	done
	rm -f "$t"
	EOF
	chmod +x deliver &&
	MAILROOT=$PWD && export MAILROOT &&
	for mh_h in "$@"
	do
		mkdir "home-m${mh_h%%:*}" &&
		printf "[player]\nname = %s\n[mail]\nsendmail = '%s/deliver'\n" "${mh_h#*:}" "$PWD" >"home-m${mh_h%%:*}/config" || return 1
	done
}
