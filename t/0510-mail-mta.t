#!/bin/sh
test_description='trigon mail through a real mail transfer agent (exim4) to a local mailbox, and back with trigon apply'
. "$(dirname "$0")/setup.sh"

# exim runs with its own configuration (-C), which it allows root only;
# quickstart installs exim4-daemon-light and CI runs as root.
EXIM=/usr/sbin/exim4
if test -x "$EXIM" && test "$(id -u)" = 0 && getent passwd Debian-exim >/dev/null
then
	test_set_prereq EXIM
	# exim works as Debian-exim, which may not be able to reach the
	# trash directory (a parent may be mode 0700, e.g. under mktemp -d):
	# its spool, log and mailboxes live in a directory of their own.
	EXIMDIR=$(mktemp -d "${TMPDIR:-/tmp}/trigon-exim.XXXXXX") &&
	chmod 755 "$EXIMDIR" || exit 1
else
	skip_all='needs exim4 (Debian exim4-daemon-light, installed by ./quickstart) and root to run it with its own configuration'
	test_done
fi

# mta MAIL: send MAIL as "trigon mail | sendmail -t" would, delivering
# at once (-odi) to ./box/mailbox through exim's own queue.
mta () {
	/usr/sbin/sendmail -C "$EXIMDIR/exim.conf" -odi -t <"$1"
}

test_expect_success EXIM 'setup: an exim configuration that delivers every address to one mbox here' '
	mkdir -m 1777 "$EXIMDIR/spool" "$EXIMDIR/box" "$EXIMDIR/log" &&
	ln -s "$EXIMDIR/spool" "$EXIMDIR/box" "$EXIMDIR/log" . &&
	cat >exim.conf <<-EOF &&
	primary_hostname = trigon.test
	domainlist local_domains = *
	spool_directory = $EXIMDIR/spool
	log_file_path = $EXIMDIR/log/%slog
	keep_environment =
	exim_user = Debian-exim
	exim_group = Debian-exim
	begin routers
	everyone:
	  driver = accept
	  transport = mbox
	begin transports
	mbox:
	  driver = appendfile
	  file = $EXIMDIR/box/mailbox
	  user = Debian-exim
	  group = Debian-exim
	  mode = 0644
	  return_path_add
	  delivery_date_add
	  envelope_to_add
	EOF
	cp exim.conf "$EXIMDIR/" &&
	test_keys &&
	mail_game alice.trigon
'

test_expect_success EXIM 'Alice'\''s first mail goes through exim; Bob applies the mailbox' '
	send alice.trigon green m0.eml &&
	mta m0.eml &&
	grep "^Received: from root by trigon.test with local (Exim " box/mailbox &&
	grep "^Envelope-to: bob@example.org$" box/mailbox &&
	grep "=> bob <bob@example.org> R=everyone T=mbox" log/mainlog &&
	trigon apply -f bob.trigon box/mailbox >out &&
	echo "bob.trigon: created from '\''box/mailbox'\'' (0 moves)" >expect &&
	test_cmp expect out &&
	test_cmp alice.trigon bob.trigon
'

test_expect_success EXIM 'Bob'\''s moves go through exim; Alice applies the mailbox (the old mail in it is already there)' '
	play_turn bob.trigon purple 3 &&
	send bob.trigon purple m1.eml &&
	mta m1.eml &&
	grep -c "^From root@trigon.test " box/mailbox >count &&
	echo 2 >expect && test_cmp expect count &&
	trigon apply -f alice.trigon box/mailbox >out &&
	grep "^alice.trigon: already has the moves of '\''box/mailbox'\''; nothing to do$" out &&
	grep "^alice.trigon: applied moves 1-[0-9]* from '\''box/mailbox'\''$" out &&
	test_cmp bob.trigon alice.trigon
'

test_expect_success EXIM 'trigon mail --send pipes the mail into [mail] sendmail -t' '
	who=$(to_act alice.trigon) &&
	if test $who = green; then f=alice.trigon; o=bob.trigon; else f=bob.trigon; o=alice.trigon; fi &&
	play_turn $f $who 3 &&
	mkdir -p conf &&
	printf "[mail]\nsendmail = /usr/sbin/sendmail -C '\''%s/exim.conf'\'' -odi\n" "$EXIMDIR" >conf/config &&
	TRIGON_HOME=conf trigon mail --send -f $f --key keys/$who.key >out &&
	grep "^$f: sent moves [0-9-]* to [a-z]*@example.org$" out &&
	grep -c "^From root@trigon.test " box/mailbox >count &&
	echo 3 >expect && test_cmp expect count &&
	trigon apply -f $o box/mailbox >out &&
	grep "^$o: applied moves [0-9-]* from '\''box/mailbox'\''$" out &&
	test_cmp $f $o
'

test_expect_success EXIM 'a whole game through exim as trigon(1) describes: move, mail | sendmail -t, apply < mailbox; each to their own mailbox, until one resigns' '
	sed "/^begin routers/,\$d" exim.conf >exim2.conf &&
	cat >>exim2.conf <<-EOF &&
	begin routers
	alice:
	  driver = accept
	  local_parts = alice
	  transport = to_alice
	bob:
	  driver = accept
	  local_parts = bob
	  transport = to_bob
	begin transports
	to_alice:
	  driver = appendfile
	  file = $EXIMDIR/box/alice
	  user = Debian-exim
	  group = Debian-exim
	  mode = 0644
	to_bob:
	  driver = appendfile
	  file = $EXIMDIR/box/bob
	  user = Debian-exim
	  group = Debian-exim
	  mode = 0644
	EOF
	cp exim2.conf "$EXIMDIR/" &&
	mail_game a.trigon &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f a.trigon --key keys/green.key >w.eml &&
	/usr/sbin/sendmail -C "$EXIMDIR/exim2.conf" -odi -t <w.eml &&
	trigon apply -f b.trigon <box/bob >out &&
	echo "b.trigon: created from '\''standard input'\'' (0 moves)" >expect &&
	test_cmp expect out &&
	i=0 &&
	while test $i -lt 16
	do
		who=$(to_act a.trigon) &&
		if test $who = green
		then mine=a theirs=b box=bob
		else mine=b theirs=a box=alice
		fi &&
		play_turn $mine.trigon $who 3 &&
		SOURCE_DATE_EPOCH=1700000000 trigon mail -f $mine.trigon --key keys/$who.key >w.eml &&
		/usr/sbin/sendmail -C "$EXIMDIR/exim2.conf" -odi -t <w.eml &&
		trigon apply -f $theirs.trigon <box/$box >out &&
		grep "^$theirs.trigon: applied moves [0-9-]* from '\''standard input'\''$" out &&
		test_cmp a.trigon b.trigon &&
		i=$((i + 1)) || return 1
	done &&
	grep -c "^From root@trigon.test " box/alice >na && test $(cat na) -ge 7 &&
	grep -c "^From root@trigon.test " box/bob >nb && test $(cat nb) -ge 8 &&
	who=$(to_act a.trigon) &&
	if test $who = green; then mine=a theirs=b box=bob; else mine=b theirs=a box=alice; fi &&
	trigon move -f $mine.trigon --key keys/$who.key resign >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f $mine.trigon --key keys/$who.key >w.eml &&
	/usr/sbin/sendmail -C "$EXIMDIR/exim2.conf" -odi -t <w.eml &&
	trigon apply -f $theirs.trigon <box/$box &&
	test_cmp a.trigon b.trigon &&
	trigon verify $theirs.trigon >out &&
	grep "over, $(other $who) won (last)$" out
'

test_expect_success EXIM 'clean up exim'\''s directory' '
	rm -rf "$EXIMDIR"
'

test_done
