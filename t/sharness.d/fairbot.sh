# t/sharness.d/fairbot.sh -- two computer players finish a fair game
# through trigon answer --bot alone (t/0861-fair-bot-trigon.t,
# t/0862-fair-bot-duel.t): each watch plays its seat up to every random
# event and answers the other's, over a bare git repository with
# trigon's hook or over two maildirs.  The test sets HOME_DIR and makes
# the homes home-ann, home-ben (git: homes) and home-mann, home-mben
# (mail: bot_mail_homes).

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

# bot_mail_game RULES SEAT1 SEAT2 [ARGS...]: Ann makes ann.trigon and mails
# it whole; Ben's box makes ben.trigon from the mail; each runs trigon
# answer --bot --watch --maildir on its own maildir, with a sendmail that
# drops each mail into the maildir of its To: address.  The first to
# stop then takes the other's last mails (answer --once).
bot_mail_game () {
	rm -rf annmail benmail ann.trigon ben.trigon &&
	mkdir -p annmail/new annmail/cur annmail/tmp benmail/new benmail/cur benmail/tmp &&
	bot_new ann.trigon "$@" &&
	TRIGON_HOME="$HOME_DIR/home-mann" trigon mail -f ann.trigon --key keys/green.key --send >/dev/null &&
	TRIGON_HOME="$HOME_DIR/home-mben" trigon apply -f ben.trigon benmail/new/* >/dev/null &&
	for m in benmail/new/*
	do
		mv "$m" "benmail/cur/${m##*/}:2," || return 1
	done &&
	bot_bg . "$HOME_DIR/home-mann" mann -f ann.trigon --key keys/green.key --maildir annmail &&
	bot_bg . "$HOME_DIR/home-mben" mben -f ben.trigon --key keys/purple.key --maildir benmail &&
	bot_ended mann 600 && bot_ended mben 600 &&
	TRIGON_HOME="$HOME_DIR/home-mann" trigon answer -f ann.trigon --key keys/green.key --maildir annmail --once >/dev/null &&
	TRIGON_HOME="$HOME_DIR/home-mben" trigon answer -f ben.trigon --key keys/purple.key --maildir benmail --once >/dev/null &&
	cmp ann.trigon ben.trigon
}

# bot_mail_homes: two maildirs' sendmail (deliver: each message into the
# maildir of its To: address) and a home for each player that uses it.
bot_mail_homes () {
	cat >deliver <<-\EOF &&
	#!/bin/sh
	# sendmail -t: the message on standard input into the maildir of
	# its To: address, the maildir way (tmp/, then new/).
	t=$MAILROOT/deliver.$$
	cat >"$t" || exit 1
	if sed "/^$/q" "$t" | grep -q "^To:.*ann@example.org"
	then
		box=annmail
	else
		box=benmail
	fi
	n=$(date +%s%N).$$.test
	mv "$t" "$MAILROOT/$box/tmp/$n" && mv "$MAILROOT/$box/tmp/$n" "$MAILROOT/$box/new/$n"
	EOF
	chmod +x deliver &&
	MAILROOT=$PWD && export MAILROOT &&
	mkdir home-mann home-mben &&
	printf "[player]\nname = Ann\n[mail]\nsendmail = '%s/deliver'\n" "$PWD" >home-mann/config &&
	printf "[player]\nname = Ben\n[mail]\nsendmail = '%s/deliver'\n" "$PWD" >home-mben/config
}
