#!/bin/sh
test_description='trigon apply: the armoured moves survive what else mail systems and readers do (reviewer'\''s cases)'
. "$(dirname "$0")/setup.sh"

# A mail of Bob's moves, applied below to a copy of Alice's file each time.
test_expect_success 'setup: Alice starts, Bob moves and mails' '
	test_keys &&
	mail_game alice.trigon &&
	send alice.trigon green m0.eml &&
	trigon apply -f bob.trigon m0.eml >/dev/null &&
	play_turn bob.trigon purple 3 &&
	send bob.trigon purple m1.eml &&
	n=$(grep -c "^[0-9]* purple " bob.trigon) &&
	echo "x.trigon: applied moves 1-$n from '\''m.in'\''" >expect.applied
'

# try MAIL: apply MAIL (as m.in) to a fresh copy of Alice's file.
try () {
	cp "$1" m.in &&
	cp alice.trigon x.trigon &&
	trigon apply -f x.trigon m.in >out &&
	test_cmp expect.applied out &&
	test_cmp bob.trigon x.trigon
}

test_expect_success 'quoted twice ("> > ", a reply to a reply)' '
	rewrap m1.eml sed "s/^/> > /" >m.q2 &&
	grep "^> > -----BEGIN TRIGON MOVES-----$" m.q2 &&
	try m.q2
'

test_expect_success 'quoted twice the way some readers do it (">> ")' '
	rewrap m1.eml sed "s/^/>> /" >m.q2b &&
	try m.q2b
'

test_expect_success 'quoted twice, then re-wrapped at 72 columns' '
	rewrap m1.eml sed "s/^/> > /" >m.q2 &&
	rewrap m.q2 fmt -w 72 -p "> > " >m.q2w &&
	try m.q2w
'

test_expect_success 'CRLF line ends everywhere' '
	cr=$(printf "\r") &&
	sed "s/\$/$cr/" m1.eml >m.crlf &&
	grep "^-----BEGIN TRIGON MOVES-----$cr\$" m.crlf &&
	try m.crlf
'

test_expect_success 'an mbox with other, unrelated mails before and after' '
	{
		printf "From carol@example.org Tue Nov 14 22:00:00 2023\nFrom: Carol <carol@example.org>\nTo: alice@example.org\nSubject: lunch?\n\nShall we meet at noon?\n>From the office.\n\n" &&
		echo "From bob@example.org Tue Nov 14 22:13:20 2023" && cat m1.eml && echo &&
		printf "From dave@example.org Tue Nov 14 23:00:00 2023\nFrom: Dave <dave@example.org>\nTo: alice@example.org\nSubject: hello\n\nNothing to see.\n\n"
	} >box.mbox &&
	cp alice.trigon x.trigon &&
	trigon apply -f x.trigon box.mbox >out &&
	grep "^x.trigon: applied moves 1-[0-9]* from '\''box.mbox'\''$" out &&
	test_cmp bob.trigon x.trigon
'

# mk_alt ENC: m1.eml's body as the text part of a multipart/alternative
# with an HTML part, the text part encoded ENC (7bit or base64).
mk_alt () {
	sed "/^$/q" m1.eml | grep -v -e "^Content-Type:" -e "^Content-Transfer-Encoding:" -e "^$" &&
	printf "Content-Type: multipart/alternative; boundary=\"=-b1\"\n\n" &&
	printf "This is a multi-part message in MIME format.\n--=-b1\n" &&
	printf "Content-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: %s\n\n" "$1" &&
	if test "$1" = base64
	then
		body_of m1.eml | base64 -w 76
	else
		body_of m1.eml
	fi &&
	printf "\n--=-b1\nContent-Type: text/html; charset=utf-8\n\n<html><body><p>My moves.</p></body></html>\n--=-b1--\n"
}

test_expect_success 'a multipart/alternative mail (HTML and text)' '
	mk_alt 7bit >m.alt &&
	grep "^Content-Type: multipart/alternative" m.alt &&
	try m.alt
'

test_expect_success 'a multipart/alternative mail whose text part is base64' '
	mk_alt base64 >m.alt64 &&
	grep "^Content-Transfer-Encoding: base64$" m.alt64 &&
	! grep "^-----BEGIN TRIGON MOVES-----$" m.alt64 &&
	try m.alt64
'

test_expect_success 'a multipart/alternative mail whose HTML part carries the block too (with <br>): the text part is applied once' '
	{
		sed "/^$/q" m1.eml | grep -v -e "^Content-Type:" -e "^Content-Transfer-Encoding:" -e "^$" &&
		printf "Content-Type: multipart/alternative; boundary=\"=-b1\"\n\n--=-b1\nContent-Type: text/plain; charset=us-ascii\n\n" &&
		body_of m1.eml &&
		printf "\n--=-b1\nContent-Type: text/html; charset=utf-8\n\n<html><body><div>" &&
		body_of m1.eml | sed "s/\$/<br>/" &&
		printf "</div></body></html>\n--=-b1--\n"
	} >m.althtml &&
	grep "^-----END TRIGON MOVES-----<br>$" m.althtml &&
	try m.althtml
'

test_expect_success 'an ISO-8859-1 reply, quoted-printable, with Latin-1 text around the quote' '
	{
		sed "/^$/q" m1.eml | grep -v -e "^Content-Type:" -e "^Content-Transfer-Encoding:" -e "^$" &&
		printf "Content-Type: text/plain; charset=ISO-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n" &&
		printf "Voil=E0 mes coups, cher Andr=E9.\n\n" &&
		body_of m1.eml | sed -e "s/=/=3D/g" -e "s/^/> /"
	} >m.latin1 &&
	try m.latin1
'

test_expect_success 'an ISO-8859-1 mail, 8bit, with a raw Latin-1 byte' '
	{
		sed "/^$/q" m1.eml | grep -v -e "^Content-Type:" -e "^Content-Transfer-Encoding:" -e "^$" &&
		printf "Content-Type: text/plain; charset=ISO-8859-1\nContent-Transfer-Encoding: 8bit\n\n" &&
		printf "Voil\340 mes coups.\n\n" &&
		body_of m1.eml
	} >m.latin1b &&
	try m.latin1b
'

test_expect_success 'a mail forwarded as an attachment (message/rfc822)' '
	{
		printf "From: Carol <carol@example.org>\nTo: alice@example.org\nSubject: Fwd: moves\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"xx\"\n\n--xx\nContent-Type: text/plain\n\nForwarded.\n\n--xx\nContent-Type: message/rfc822\n\n" &&
		cat m1.eml &&
		printf "\n--xx--\n"
	} >m.fwd &&
	try m.fwd
'

test_expect_success 'the mail'\''s text as a base64 text/plain attachment' '
	{
		printf "From: Carol <carol@example.org>\nTo: alice@example.org\nSubject: moves attached\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"xx\"\n\n--xx\nContent-Type: text/plain\n\nSee the attachment.\n\n--xx\nContent-Type: text/plain; name=moves.txt\nContent-Disposition: attachment; filename=moves.txt\nContent-Transfer-Encoding: base64\n\n" &&
		body_of m1.eml | base64 &&
		printf "\n--xx--\n"
	} >m.att &&
	! grep "^-----BEGIN TRIGON MOVES-----$" m.att &&
	try m.att
'

test_expect_success 'an mbox with the newer mail first: held back, then applied in the same run' '
	cp bob.trigon bob2.trigon &&
	play_turn bob2.trigon $(to_act bob2.trigon) 3 &&
	who=$(to_act bob.trigon) &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f bob2.trigon --since $(grep -c "^[0-9]* [a-z]* " bob.trigon) --key keys/$who.key >m2.eml &&
	{
		echo "From x@example.org Tue Nov 14 22:13:20 2023" && cat m2.eml && echo &&
		echo "From x@example.org Tue Nov 14 22:13:20 2023" && cat m1.eml && echo
	} >rev.mbox &&
	cp alice.trigon x.trigon &&
	trigon apply -f x.trigon rev.mbox >out &&
	grep "^x.trigon: held back '\''rev.mbox'\'': it follows move " out &&
	grep "^x.trigon: applied moves 1-[0-9]* from '\''rev.mbox'\''$" out &&
	grep "^x.trigon: applied moves [0-9-]* from held-back '\''x.trigon.pending/" out &&
	test_cmp bob2.trigon x.trigon &&
	! test -d x.trigon.pending &&
	cp x.trigon again.trigon &&
	trigon apply -f x.trigon rev.mbox >out &&
	test_cmp again.trigon x.trigon &&
	! grep -v "already has the moves" out
'

test_done
