#!/bin/sh
test_description='fair chance through a real mail transfer agent (doc/fair-chance.md): two and four players play a whole game of Rule of Trigon with chance fair, every mail sent by trigon mail --send or trigon answer through exim4 into the maildir of its addressee, every join and release written by the clients alone (trigon apply, trigon answer --maildir --once); the copies end byte for byte alike and verify, fully audited'
. "$(dirname "$0")/setup.sh"

# exim runs with its own configuration (-C), which it allows root only
# (as in t/0510-mail-mta.t): its spool, log and maildirs live in a
# directory of their own that Debian-exim can reach.
EXIM=/usr/sbin/exim4
if test -x "$EXIM" && test -x /usr/sbin/sendmail && test "$(id -u)" = 0 &&
	getent passwd Debian-exim >/dev/null
then
	test_set_prereq EXIM
	EXIMDIR=$(mktemp -d "${TMPDIR:-/tmp}/trigon-exim.XXXXXX") &&
	chmod 755 "$EXIMDIR" || exit 1
else
	skip_all='needs exim4 (Debian exim4-daemon-light, installed by ./quickstart) and root to run it with its own configuration'
	test_done
fi

# Seats, their players and copies: green Ann, purple Ben, yellow Cat,
# white Dan; NAME@example.org is delivered by exim into md/NAME, and
# NAME's client sends with home-NAME (its [mail] sendmail is exim).
name_of () {
	case $1 in
	green) echo ann ;;
	purple) echo ben ;;
	yellow) echo cat ;;
	white) echo dan ;;
	esac
}

# as SEAT CMD...: CMD with the home of SEAT's player.
as () {
	as_n=$(name_of $1)
	shift
	TRIGON_HOME="$PWD/home-$as_n" "$@"
}

to_act_of () {
	trigon status --json -f "$1" >st.json &&
	jq -r "if .await.over then \"over\" else .await.to_act end" st.json
}

# delivered: how many messages exim has delivered into the maildirs.
delivered () {
	find md/*/new md/*/cur -type f | wc -l
}

# settle: every seat's client takes what its maildir holds (trigon
# answer --maildir --once: it applies the mails, writes what its seat
# owes and mails it through exim), seat after seat, until every maildir
# is empty.  A seat whose copy does not exist yet is created by trigon
# apply from its first mail (with no key: it answers nothing), its
# client then joins.  NPASS counts the client runs.
NPASS=0
settle () {
	st_round=0
	while :
	do
		st_busy=0
		for st_s in $SEATS
		do
			st_n=$(name_of $st_s)
			ls md/$st_n/new 2>/dev/null >st.new || return 1
			test -s st.new || continue
			st_busy=1
			if ! test -f $st_n.trigon
			then
				as $st_s trigon apply -f $st_n.trigon md/$st_n/new/* >apply.out &&
				grep "^$st_n.trigon: created from " apply.out &&
				for st_m in md/$st_n/new/*
				do
					mv "$st_m" "md/$st_n/cur/${st_m##*/}:2," || return 1
				done
			fi
			NPASS=$((NPASS + 1))
			as $st_s trigon answer -f $st_n.trigon --key keys/$st_s.key \
				--maildir md/$st_n --once >answer.out 2>answer.err || {
				cat answer.out answer.err; return 1; }
			# exim, run with -C, says on stderr that it dropped its
			# privilege: the only thing said there.
			{ grep -v "exim user lost privilege for using -C option$" answer.err >answer.rest || :; } &&
			test_must_be_empty answer.rest &&
			cat answer.out >>answers.log &&
			ls md/$st_n/new >st.left &&
			test_must_be_empty st.left || return 1
		done
		test $st_busy = 0 && break
		st_round=$((st_round + 1))
		test $st_round -lt 50 || return 1
	done
}

# same_copies: every copy is the first one, byte for byte.
same_copies () {
	set -- $SEATS
	sc_first=$(name_of $1).trigon
	for sc_s in $SEATS
	do
		cmp $sc_first $(name_of $sc_s).trigon || return 1
	done
}

# post SEAT: SEAT's player mails the new lines of its copy through exim
# (trigon mail --send), and the game settles: the copies are alike and
# await no answer.
post () {
	as $1 trigon mail --send -f $(name_of $1).trigon --key keys/$1.key >send.out &&
	grep "^$(name_of $1).trigon: sent " send.out &&
	settle &&
	same_copies &&
	trigon status --json -f ann.trigon >st.json &&
	test "$(jq -r ".await.answers // empty" st.json)" = ""
}

# play TURNS: turns of the seat to act (first legal actions, at most
# three, then end), mailed when a move awaits answers and at the turn's
# end; then the seat to act resigns (R11.3), until the game is over.
play () {
	pl_t=0
	while test $pl_t -lt $1
	do
		pl_s=$(to_act_of ann.trigon) &&
		pl_f=$(name_of $pl_s).trigon &&
		pl_k=0 || return 1
		while test "$(to_act_of $pl_f)" = $pl_s
		do
			trigon moves -f $pl_f --key keys/$pl_s.key >legal.out &&
			pl_a=$(pick_action legal.out $pl_k) &&
			trigon move -f $pl_f --key keys/$pl_s.key "$pl_a" >move.out &&
			cat move.out >>moves.log || return 1
			pl_k=$((pl_k + 1))
			test $pl_k -lt 40 || return 1
			if grep -q "waiting for answers" move.out || test "$pl_a" = end
			then
				post $pl_s >/dev/null || return 1
				test "$pl_a" = end && break
			fi
		done
		pl_t=$((pl_t + 1))
	done &&
	while test "$(to_act_of ann.trigon)" != over
	do
		pl_s=$(to_act_of ann.trigon) &&
		trigon move -f $(name_of $pl_s).trigon --key keys/$pl_s.key resign >>moves.log &&
		post $pl_s >/dev/null || return 1
	done
}

# audited N: the game is over, the copies alike, verify says ok, over,
# fully audited, and every release owed (the seats named by the #?
# release annotations) is there, written by the clients.
audited () {
	same_copies &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: [0-9]* moves by $1 players, .*, over, [a-z]* won (last)$" out &&
	grep "^ann.trigon: fully audited" out &&
	ev=$(grep -c "^#? [0-9]* release " ann.trigon) &&
	test $ev -ge 5 &&
	grep "^#? [0-9]* release " ann.trigon | sed "s/.*: //" | wc -w >owed &&
	test $(cat owed) -ge $((($1 - 1) * ev)) &&
	test $(grep -c "^@ [a-z]* release " ann.trigon) = $(cat owed) &&
	# Every answer line of every seat is one its client wrote: trigon
	# new (green's join), trigon move (the mover's own releases, at
	# once) or trigon answer (all the others).
	for au_s in $SEATS
	do
		{
			test $au_s != green || echo 1
			sed -n "s/^[0-9TZ:-]* [a-z]*\.trigon: $au_s answered (\([0-9]*\) lines\{0,1\})$/\1/p" answers.log &&
			sed -n "s/^[a-z]*\.trigon: $au_s .* at once (\([0-9]*\) answer lines\{0,1\})$/\1/p" moves.log
		} | awk "{ n += \$1 } END { print n }" >written &&
		grep -c "^@ $au_s " ann.trigon >lines &&
		test_cmp lines written || return 1
	done
}

test_expect_success EXIM 'setup: an exim configuration that delivers NAME@example.org into the maildir md/NAME; each player sends through it' '
	mkdir -m 1777 "$EXIMDIR/spool" "$EXIMDIR/md" "$EXIMDIR/log" &&
	ln -s "$EXIMDIR/md" "$EXIMDIR/log" . &&
	cat >"$EXIMDIR/exim.conf" <<-EOF &&
	primary_hostname = trigon.test
	domainlist local_domains = *
	spool_directory = $EXIMDIR/spool
	log_file_path = $EXIMDIR/log/%slog
	keep_environment =
	exim_user = Debian-exim
	exim_group = Debian-exim
	EOF
	# One router and transport a player: a directory named from the
	# address would be tainted, which exim refuses.
	for n in ann ben cat dan
	do
		printf "%s:\n  driver = accept\n  local_parts = %s\n  transport = to_%s\n" $n $n $n || return 1
	done >routers &&
	for n in ann ben cat dan
	do
		printf "to_%s:\n  driver = appendfile\n  directory = %s/md/%s\n" $n "$EXIMDIR" $n &&
		printf "  maildir_format\n  create_directory\n  directory_mode = 0755\n" &&
		printf "  user = Debian-exim\n  group = Debian-exim\n  mode = 0644\n  envelope_to_add\n" || return 1
	done >transports &&
	{ echo "begin routers" && cat routers && echo "begin transports" && cat transports; } >>"$EXIMDIR/exim.conf" &&
	for n in ann ben cat dan
	do
		mkdir -p md/$n/new md/$n/cur md/$n/tmp home-$n &&
		printf "[mail]\nsendmail = /usr/sbin/sendmail -C '\''%s/exim.conf'\'' -odi\n" "$EXIMDIR" >home-$n/config || return 1
	done &&
	chmod -R a+rwX "$EXIMDIR/md" &&
	test_keys
'

test_expect_success EXIM 'two players: Ann starts the game with her join and mails it through exim; Ben'\''s client creates his copy and joins by itself' '
	SEATS="green purple" &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --chance fair --seed "$SEED1" --key keys/green.key \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" >out &&
	grep "fair chance: green joined" out &&
	as green trigon mail --send -f ann.trigon --key keys/green.key >out &&
	grep "^ann.trigon: sent the whole game to ben@example.org$" out &&
	grep "=> ben <ben@example.org> R=ben T=to_ben" log/mainlog &&
	grep -l "^Received: from root by trigon.test with local (Exim " md/ben/new/* &&
	settle &&
	same_copies &&
	grep "Z ben.trigon: purple answered (2 lines)$" answers.log &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: 0 moves by 2 players, round 1, [a-z]* to act$" out
'

test_expect_success EXIM 'two players: a whole game through exim, nobody answers a release by hand' '
	play 10 &&
	audited 2 &&
	ev=$(grep -c "^#? [0-9]* release " ann.trigon) &&
	test $(cat owed) = $((2 * ev)) &&
	n=$(delivered) &&
	test $(grep -c " => [a-z]* <[a-z]*@example.org> R=[a-z]* T=to_[a-z]*$" log/mainlog) = $n &&
	test $(grep -l "^Received: from root by trigon.test with local (Exim " md/*/cur/* | wc -l) = $n &&
	echo "$n mails through exim, $NPASS client passes, $(grep -c "^[0-9]* [a-z]* " ann.trigon) moves, $ev events" >&2
'

test_expect_success EXIM 'four players: the same through exim, every mail to the three others, every client answering from its own maildir' '
	SEATS="green purple yellow white" && NPASS=0 &&
	rm -f ann.trigon ben.trigon cat.trigon dan.trigon answers.log moves.log &&
	rm -rf ann.trigon.pending ben.trigon.pending cat.trigon.pending dan.trigon.pending &&
	rm -f md/*/cur/* log/mainlog &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --chance fair --seed "$SEED2" --key keys/green.key \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "yellow:Cat:cat@example.org:$(cat keys/yellow.key.pub)" \
		--player "white:Dan:dan@example.org:$(cat keys/white.key.pub)" >out &&
	grep "fair chance: green joined" out &&
	post green >send.log &&
	grep "^ann.trigon: sent the whole game to " send.log &&
	for n in ben cat dan
	do
		grep "=> $n <$n@example.org> R=$n T=to_$n" log/mainlog || return 1
	done &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: 0 moves by 4 players" out &&
	play 6 &&
	audited 4 &&
	n=$(delivered) &&
	test $(grep -c " => [a-z]* <[a-z]*@example.org> R=[a-z]* T=to_[a-z]*$" log/mainlog) = $n &&
	test $(grep -l "^Received: from root by trigon.test with local (Exim " md/*/cur/* | wc -l) = $n &&
	echo "$n mails through exim, $NPASS client passes, $(grep -c "^[0-9]* [a-z]* " ann.trigon) moves, $(grep -c "^#? [0-9]* release " ann.trigon) events" >&2
'

test_expect_success EXIM 'clean up exim'\''s directory' '
	rm -rf "$EXIMDIR"
'

test_done
