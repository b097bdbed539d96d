#!/bin/sh
test_description='trigon mail and apply: the armoured moves survive mail systems; duplicates, order, forgeries'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: Alice starts a game and mails the whole file to Bob' '
	test_keys &&
	mail_game alice.trigon &&
	cp alice.trigon new.trigon &&
	send alice.trigon green m0.eml &&
	trigon apply -f bob.trigon m0.eml >out &&
	echo "bob.trigon: created from '\''m0.eml'\'' (0 moves)" >expect &&
	test_cmp expect out &&
	test_cmp alice.trigon bob.trigon
'

test_expect_success 'the first mail: From, To, Subject, Date, Message-Id, the whole file' '
	id=$(sed -n "s/^game \(......\).*/\1/p" alice.trigon) &&
	sed "/^$/q" m0.eml >headers &&
	grep "^From: Alice <alice@example.org>$" headers &&
	grep "^To: Bob <bob@example.org>$" headers &&
	grep "^Subject: \[trigon $id\] a new game; next: purple to act (round 1)$" headers &&
	grep "^Date: Tue, 14 Nov 2023 22:13:20 +0000$" headers &&
	grep "^Message-Id: <trigon\.$id\.0-0\.[0-9a-f]\{8\}@example.org>$" headers &&
	grep "^MIME-Version: 1.0$" headers &&
	grep "^This mail carries the whole game file.$" m0.eml &&
	grep "^-----BEGIN TRIGON MOVES-----$" m0.eml &&
	grep "^-----END TRIGON MOVES-----$" m0.eml &&
	grep "^=[A-Za-z0-9+/]\{8\}$" m0.eml
'

test_expect_success 'the mail is plain ASCII with the board and a text report' '
	grep "NOORLAND" m0.eml &&
	grep "^Players: green (Alice), purple (Bob)$" m0.eml &&
	LC_ALL=C tr -d "\n -~" <m0.eml >nonascii &&
	test_must_be_empty nonascii
'

test_expect_success 'the board in the mail is the ASCII board for 76 columns, which a mail reader shows unwrapped' '
	trigon board -f new.trigon --ascii --width 76 >board76 &&
	awk "length(\$0) > 76 { bad = 1 } END { exit bad }" board76 &&
	trigon board -f new.trigon --ascii --width 100 >board100 &&
	test_must_fail awk "length(\$0) > 76 { bad = 1 } END { exit bad }" board100 &&
	sed -n "/NOORLAND/,/^To win:/p" m0.eml >inmail &&
	sed -n "/NOORLAND/,/^To win:/p" board76 >expect &&
	test_cmp expect inmail
'

test_expect_success 'Bob moves and mails; Alice applies: the files are the same' '
	play_turn bob.trigon purple 3 &&
	send bob.trigon purple m1.eml &&
	n=$(grep -c "^[0-9]* purple " bob.trigon) &&
	grep "^Subject: \[trigon [0-9a-f]*\] moves 1-$n by purple; next: green to act (round 1)$" m1.eml &&
	grep "^From: Bob <bob@example.org>$" m1.eml &&
	grep "^To: Alice <alice@example.org>$" m1.eml &&
	trigon apply -f alice.trigon m1.eml >out &&
	echo "alice.trigon: applied moves 1-$n from '\''m1.eml'\''" >expect &&
	test_cmp expect out &&
	test_cmp bob.trigon alice.trigon &&
	cp alice.trigon after1.trigon
'

test_expect_success 'applying the same mail twice changes nothing' '
	cp alice.trigon before &&
	trigon apply -f alice.trigon m1.eml >out &&
	echo "alice.trigon: already has the moves of '\''m1.eml'\''; nothing to do" >expect &&
	test_cmp expect out &&
	test_cmp before alice.trigon &&
	trigon apply -f alice.trigon m0.eml >out &&
	echo "alice.trigon: already has the moves of '\''m0.eml'\''; nothing to do" >expect &&
	test_cmp expect out &&
	test_cmp before alice.trigon
'

test_expect_success 'Alice answers: only her own new moves are sent' '
	play_turn alice.trigon green 3 &&
	send alice.trigon green m2.eml &&
	first=$(($(grep -c "^[0-9]* purple " alice.trigon) + 1)) &&
	last=$(grep -c "^[0-9]* [a-z]* " alice.trigon) &&
	grep "^Subject: \[trigon [0-9a-f]*\] moves $first-$last by green; next: [a-z]* to act (round [0-9]*)$" m2.eml &&
	! grep "^This mail carries the whole game file" m2.eml &&
	trigon apply -f bob.trigon m2.eml >out &&
	echo "bob.trigon: applied moves $first-$last from '\''m2.eml'\''" >expect &&
	test_cmp expect out &&
	test_cmp alice.trigon bob.trigon
'

test_expect_success 'the subject names every seat that moved in the block, not the sender' '
	first=$(($(grep -c "^[0-9]* purple " alice.trigon) + 1)) &&
	last=$(grep -c "^[0-9]* [a-z]* " alice.trigon) &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f alice.trigon --key keys/green.key --since 0 >both.eml &&
	grep "^Subject: \[trigon [0-9a-f]*\] moves 1-$last by purple and green; next: " both.eml &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f alice.trigon --key keys/green.key --since $((first - 2)) >both2.eml &&
	grep "^Subject: \[trigon [0-9a-f]*\] moves $((first - 1))-$last by purple and green; next: " both2.eml &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f alice.trigon --key keys/purple.key --since $((first - 1)) >green.eml &&
	grep "^Subject: \[trigon [0-9a-f]*\] moves $first-$last by green; next: " green.eml &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f after1.trigon --key keys/green.key --since $((first - 2)) >last.eml &&
	grep "^Subject: \[trigon [0-9a-f]*\] move $((first - 1)) by purple; next: " last.eml
'

test_expect_success 'the mail re-wrapped at 72 columns (lines joined) still applies' '
	rewrap m2.eml fmt -w 72 >m.fmt &&
	grep "[A-Za-z0-9+/] =[A-Za-z0-9+/]\{8\} -----END TRIGON MOVES-----$" m.fmt &&
	cp after1.trigon x.trigon &&
	trigon apply -f x.trigon m.fmt &&
	test_cmp alice.trigon x.trigon
'

test_expect_success 'the mail folded at 40 columns (lines broken) still applies' '
	rewrap m2.eml fold -w 40 >m.fold &&
	cp after1.trigon x.trigon &&
	trigon apply -f x.trigon m.fold &&
	test_cmp alice.trigon x.trigon
'

test_expect_success 'the mail sent quoted-printable still applies' '
	"$MAILTOOL" qp <m2.eml >m.qp &&
	grep "^Content-Transfer-Encoding: quoted-printable$" m.qp &&
	grep "^=3D[A-Za-z0-9+/]\{8\}$" m.qp &&
	cp after1.trigon x.trigon &&
	trigon apply -f x.trigon m.qp &&
	test_cmp alice.trigon x.trigon
'

test_expect_success 'the mail sent base64 still applies' '
	"$MAILTOOL" base64 <m2.eml >m.b64 &&
	grep "^Content-Transfer-Encoding: base64$" m.b64 &&
	cp after1.trigon x.trigon &&
	trigon apply -f x.trigon m.b64 &&
	test_cmp alice.trigon x.trigon
'

test_expect_success 'the mail quoted with "> " in a quoted-printable reply, then re-wrapped, still applies' '
	"$MAILTOOL" reply <m2.eml >m.reply &&
	grep "^Subject: Re: \[trigon " m.reply &&
	cp after1.trigon x.trigon &&
	trigon apply -f x.trigon m.reply &&
	test_cmp alice.trigon x.trigon &&
	rewrap m.reply fmt -w 72 >m.reply72 &&
	cp after1.trigon x.trigon &&
	trigon apply -f x.trigon m.reply72 &&
	test_cmp alice.trigon x.trigon
'

test_expect_success 'an mbox of several mails, and standard input' '
	{
		echo "From alice@example.org Tue Nov 14 22:13:20 2023" && cat m0.eml && echo &&
		echo "From bob@example.org Tue Nov 14 22:13:20 2023" && cat m1.eml && echo &&
		echo "From alice@example.org Tue Nov 14 22:13:20 2023" && cat m2.eml && echo
	} >box.mbox &&
	trigon apply -f y.trigon box.mbox >out &&
	grep "^y.trigon: created from '\''box.mbox'\'' (0 moves)$" out &&
	test_cmp alice.trigon y.trigon &&
	cp new.trigon z.trigon &&
	trigon apply -f z.trigon <m1.eml >out &&
	grep "^z.trigon: applied moves 1-[0-9]* from '\''standard input'\''$" out
'

test_expect_success 'a mail that arrives before the one it follows is held back, then applied' '
	who=$(to_act bob.trigon) &&
	after=$(grep -c "^[0-9]* [a-z]* " bob.trigon) &&
	play_turn bob.trigon $who 2 &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f bob.trigon --since $after --key keys/$who.key >m3.eml &&
	cp after1.trigon late.trigon &&
	have=$(grep -c "^[0-9]* [a-z]* " late.trigon) &&
	trigon apply -f late.trigon m3.eml >out &&
	grep "^late.trigon: held back '\''m3.eml'\'': it follows move $after, which late.trigon does not have yet ($have moves); kept as late.trigon.pending/[0-9]*-[0-9a-f]*.moves until the moves between arrive$" out &&
	test_cmp after1.trigon late.trigon &&
	ls late.trigon.pending >pending && test $(wc -l <pending) = 1 &&
	trigon apply -f late.trigon m3.eml >out &&
	grep "^late.trigon: '\''m3.eml'\'' is held back already (late.trigon.pending/" out &&
	trigon apply -f late.trigon m2.eml >out &&
	grep "^late.trigon: applied moves [0-9-]* from '\''m2.eml'\''$" out &&
	grep "^late.trigon: applied moves [0-9-]* from held-back '\''late.trigon.pending/[^'\'']*'\''$" out &&
	test_cmp bob.trigon late.trigon &&
	! test -d late.trigon.pending
'

test_expect_success 'setup: the game as Alice has it, with Bob'\''s last mail' '
	trigon apply -f alice.trigon m3.eml &&
	test_cmp bob.trigon alice.trigon
'

test_expect_success 'a forged block (a line signed with the wrong key) is refused; nothing is written' '
	who=$(to_act alice.trigon) &&
	cp alice.trigon f.trigon &&
	trigon move -f f.trigon --key keys/$who.key end >/dev/null &&
	l=$(line_no f.trigon "^$(($(grep -c "^[0-9]* [a-z]* " alice.trigon) + 1)) ") &&
	"$TRIGON_BUILD_DIR/t/helpers/resign" f.trigon $l keys/$(other $who).key >forged.trigon &&
	forge_block alice.trigon forged.trigon | as_mail forged >forged.eml &&
	cp alice.trigon before &&
	test_exit_code 1 trigon apply -f alice.trigon forged.eml >out 2>err &&
	echo "trigon: alice.trigon:$l: error: '\''forged.eml'\'' refused: bad signature: this line is not signed by $who'\''s key (in the mail'\''s lines; nothing was written)" >expect &&
	test_cmp expect err &&
	test_must_be_empty out &&
	test_cmp before alice.trigon
'

test_expect_success 'the same forged block held back, then refused and dropped when its turn comes' '
	cp after1.trigon h.trigon &&
	trigon apply -f h.trigon forged.eml >out &&
	grep "held back" out &&
	test_exit_code 1 trigon apply -f h.trigon m2.eml m3.eml >out 2>err &&
	grep "^trigon: h.trigon:[0-9]*: error: held-back .* refused: bad signature" err &&
	test_cmp alice.trigon h.trigon &&
	! test -d h.trigon.pending
'

test_expect_success 'an illegal move, properly signed, is refused with the rules'\'' reason' '
	who=$(to_act alice.trigon) &&
	n=$(($(grep -c "^[0-9]* [a-z]* " alice.trigon) + 1)) &&
	head -n -1 alice.trigon >ill &&
	echo "$n $who build knight at nowhere | 0000000000000000 AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" >>ill &&
	l=$(wc -l <ill) &&
	"$TRIGON_BUILD_DIR/t/helpers/resign" ill $l keys/$who.key >ill.trigon &&
	forge_block alice.trigon ill.trigon | as_mail illegal >ill.eml &&
	cp alice.trigon before &&
	test_exit_code 1 trigon apply -f alice.trigon ill.eml 2>err &&
	grep "^trigon: alice.trigon:$l: error: '\''ill.eml'\'' refused: illegal move by $who: unknown spot '\''nowhere'\''" err &&
	test_cmp before alice.trigon
'

test_expect_success 'a block altered on the way fails its checksum' '
	awk "/BEGIN TRIGON/ { print; getline; c = substr(\$0, 10, 1); \$0 = substr(\$0, 1, 9) (c == \"A\" ? \"B\" : \"A\") substr(\$0, 11) } { print }" m3.eml >bad.eml &&
	! cmp -s m3.eml bad.eml &&
	cp alice.trigon before &&
	test_exit_code 1 trigon apply -f alice.trigon bad.eml 2>err &&
	echo "trigon: alice.trigon: error: '\''bad.eml'\'': a damaged TRIGON MOVES block: the armoured block'\''s checksum does not match: it was altered on the way" >expect &&
	test_cmp expect err &&
	test_cmp before alice.trigon
'

# armour_by_page PAYLOAD CHECKHEX: the armoured block exactly as trigon(1)
# describes it, built with coreutils alone (not with trigon's code):
# base64 of the payload, standard alphabet, no padding, 64 characters a
# line, then "=" and the base64 of the check bytes CHECKHEX.
armour_by_page () {
	echo "-----BEGIN TRIGON MOVES-----" &&
	base64 -w 64 <"$1" | tr -d = &&
	echo "=$(echo "$2" | xxd -r -p | base64 | tr -d =)" &&
	echo "-----END TRIGON MOVES-----"
}

test_expect_success 'trigon(1) armour: a =check built as the page says (BLAKE2b with a 6-byte output, b2sum -l 48) is accepted; the first 6 bytes of a longer BLAKE2b are refused' '
	grep "^is base64 of the payload'"'"'s BLAKE2b hash with a 6-byte output$" "$TRIGON_SRC_DIR/man/trigon.1" &&
	who=$(to_act alice.trigon) &&
	cp alice.trigon pg.trigon &&
	trigon move -f pg.trigon --key keys/$who.key end >/dev/null &&
	forge_block alice.trigon pg.trigon >/dev/null &&
	armour_by_page fb.payload $(b2sum -l 48 fb.payload | cut -d" " -f1) | as_mail page >page.eml &&
	grep "^=[A-Za-z0-9+/]\{8\}$" page.eml &&
	armour_by_page fb.payload $(b2sum -l 512 fb.payload | cut -c1-12) | as_mail page512 >page512.eml &&
	armour_by_page fb.payload $(b2sum -l 256 fb.payload | cut -c1-12) | as_mail page256 >page256.eml &&
	cp alice.trigon before &&
	for bad in page512 page256
	do
		test_exit_code 1 trigon apply -f alice.trigon $bad.eml 2>err &&
		grep "the armoured block'"'"'s checksum does not match" err &&
		test_cmp before alice.trigon || return 1
	done &&
	cp alice.trigon ok.trigon &&
	trigon apply -f ok.trigon page.eml >out &&
	test_cmp pg.trigon ok.trigon
'

test_expect_success 'a block cut short, or with stray text, is refused' '
	sed "/^-----END TRIGON/d" m3.eml >cut.eml &&
	test_exit_code 1 trigon apply -f alice.trigon cut.eml 2>err &&
	grep "has no '\''-----END TRIGON MOVES-----'\'' line (is the message cut short?)$" err &&
	sed "/BEGIN TRIGON/a\\
Hello Alice, here are my moves" m3.eml >stray.eml &&
	test_exit_code 1 trigon apply -f alice.trigon stray.eml 2>err &&
	grep "unexpected character '\'','\'' (0x2c) in the armoured block$" err &&
	test_cmp before alice.trigon
'

test_expect_success 'a mail of another game is refused' '
	SOURCE_DATE_EPOCH=1700000000 trigon new other.trigon --seed $SEED1 \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:bob@example.org:$(cat keys/purple.key.pub)" >/dev/null &&
	send other.trigon green other.eml &&
	test_exit_code 1 trigon apply -f alice.trigon other.eml 2>err &&
	grep "^trigon: alice.trigon: error: '\''other.eml'\'' refused: this mail is for game [0-9a-f]*\.\.\., not for the game of '\''alice.trigon'\'' ([0-9a-f]*\.\.\.); nothing was written$" err &&
	test_cmp before alice.trigon
'

test_expect_success 'a mail whose moves differ from ours (another history) is refused' '
	cp after1.trigon alt.trigon &&
	trigon move -f alt.trigon --key keys/green.key end >/dev/null &&
	send alt.trigon green alt.eml &&
	test_exit_code 1 trigon apply -f alice.trigon alt.eml 2>err &&
	grep "^trigon: alice.trigon:[0-9]*: error: '\''alt.eml'\'' refused: the mail'\''s moves differ from those in '\''alice.trigon'\'' from this line on: it does not follow the same history; nothing was written$" err &&
	test_cmp before alice.trigon
'

test_expect_success 'a message without a block, and a missing message' '
	echo "just words" | as_mail hello >plain.eml &&
	test_exit_code 1 trigon apply -f alice.trigon plain.eml 2>err &&
	echo "trigon: '\''plain.eml'\'': no -----BEGIN TRIGON MOVES----- block found" >expect &&
	test_cmp expect err &&
	test_exit_code 3 trigon apply -f alice.trigon nosuch.eml 2>err &&
	echo "trigon: cannot open '\''nosuch.eml'\'': No such file or directory" >expect &&
	test_cmp expect err
'

test_expect_success 'trigon mail: --since, --to, and the errors' '
	send alice.trigon green x.eml &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f alice.trigon --since 0 --to carol@example.org >all.eml &&
	grep "^To: carol@example.org$" all.eml &&
	grep "^This mail carries the whole game file.$" all.eml &&
	test_exit_code 2 trigon mail -f alice.trigon --since 99999 2>err &&
	grep "^trigon: --since 99999: '\''alice.trigon'\'' has only [0-9]* moves$" err &&
	test_exit_code 2 trigon mail -f alice.trigon --since x 2>err &&
	grep "^trigon: bad --since '\''x'\''" err &&
	SOURCE_DATE_EPOCH=1700000000 trigon new nomail.trigon --seed $SEED0 \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	test_exit_code 2 trigon mail -f nomail.trigon --key keys/green.key 2>err &&
	grep "^trigon: nomail.trigon: no e-mail address to send from" err
'

test_expect_success 'trigon mail: the configuration names the sender and the recipient' '
	mkdir -p conf &&
	printf "[player]\nname = Alicia\nkey = %s\n[mail]\nfrom = alicia@example.net\nto = team@example.net\n" "$PWD/keys/green.key" >conf/config &&
	TRIGON_HOME=conf SOURCE_DATE_EPOCH=1700000000 trigon mail -f alice.trigon >conf.eml &&
	grep "^From: Alicia <alicia@example.net>$" conf.eml &&
	grep "^To: team@example.net$" conf.eml &&
	grep "^Message-Id: <trigon\.[0-9a-f]*\.[0-9]*-[0-9]*\.[0-9a-f]*@example.net>$" conf.eml
'

test_expect_success 'trigon mail --send: a failing sendmail is an error; nothing is said to be sent' '
	mkdir -p conf2 &&
	printf "[mail]\nsendmail = false\n" >conf2/config &&
	test_exit_code 3 env TRIGON_HOME=conf2 trigon mail --send -f alice.trigon --key keys/green.key >out 2>err &&
	echo "trigon: '\''false -t'\'' failed (exit status 1); the mail was not sent" >expect &&
	test_cmp expect err &&
	test_must_be_empty out
'

test_expect_success 'a whole game by e-mail: each mail applied by the other, until one resigns' '
	mail_game ga.trigon &&
	send ga.trigon green g.eml &&
	trigon apply -f gb.trigon g.eml >/dev/null &&
	i=0 &&
	while test $i -lt 30
	do
		who=$(to_act ga.trigon) &&
		if test $who = green; then mine=ga; theirs=gb; else mine=gb; theirs=ga; fi &&
		play_turn $mine.trigon $who 4 &&
		send $mine.trigon $who g.eml &&
		trigon apply -f $theirs.trigon g.eml >out &&
		grep "applied" out &&
		test_cmp ga.trigon gb.trigon &&
		i=$((i + 1)) || return 1
	done &&
	who=$(to_act ga.trigon) &&
	if test $who = green; then mine=ga; theirs=gb; else mine=gb; theirs=ga; fi &&
	trigon move -f $mine.trigon --key keys/$who.key resign >/dev/null &&
	send $mine.trigon $who g.eml &&
	grep "^Subject: .*; game over: $(other $who) won (last)$" g.eml &&
	trigon apply -f $theirs.trigon g.eml &&
	test_cmp ga.trigon gb.trigon &&
	trigon verify gb.trigon >out &&
	grep "over, $(other $who) won (last)$" out
'

# Names that look like RFC 2047 encoded words must reach a reader as the
# literal names: GMime (as mail readers) decodes "=?utf-8?q?Mallory?=" in
# a header to "Mallory", so trigon encodes such a display name itself.
test_expect_success 'From and To: player names that look like RFC 2047 encoded words are decoded by a reader to exactly the literal names' '
	SOURCE_DATE_EPOCH=1700000000 trigon new ew.trigon --seed "$SEED0" \
		--player "green:Eve =?utf-8?q?Mallory?=:eve@example.org:$(cat keys/green.key.pub)" \
		--player "purple:=?utf-8?b?QWxpY2U=?= Bob:bob@example.org:$(cat keys/purple.key.pub)" >/dev/null &&
	send ew.trigon green ew.eml &&
	"$MAILTOOL" addresses <ew.eml >actual &&
	cat >expect <<-\EOF &&
	From: [Eve =?utf-8?q?Mallory?=] <eve@example.org>
	To: [=?utf-8?b?QWxpY2U=?= Bob] <bob@example.org>
	EOF
	test_cmp expect actual &&
	sed "/^$/q" ew.eml >headers &&
	! grep "Mallory?=" headers &&
	! grep "QWxpY2U=?= Bob" headers &&
	send alice.trigon green norm.eml &&
	grep "^From: Alice <alice@example.org>$" norm.eml &&
	grep "^To: Bob <bob@example.org>$" norm.eml
'

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3
test_expect_success PYTHON3 'the same names read back by a second reader (Python'\''s email package)' '
	python3 -c "import email, email.policy, sys; m = email.message_from_binary_file(open(sys.argv[1], \"rb\"), policy=email.policy.default); print(m[\"From\"].addresses[0].display_name); print(m[\"To\"].addresses[0].display_name)" ew.eml >actual &&
	printf "%s\n" "Eve =?utf-8?q?Mallory?=" "=?utf-8?b?QWxpY2U=?= Bob" >expect &&
	test_cmp expect actual
'

test_done
