#!/bin/sh
test_description='trigon mail --attach-svg: the board as an image/svg+xml attachment beside the text, and the mail still applies'
. "$(dirname "$0")/setup.sh"

HELPERS="$SHARNESS_TEST_SRCDIR/helpers"
command -v python3 >/dev/null && test_set_prereq PYTHON3

test_expect_success 'setup: a game, a turn, the mail with the picture' '
	test_keys &&
	mail_game alice.trigon &&
	cp alice.trigon bob.trigon &&
	play_turn alice.trigon purple 3 &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f alice.trigon --key keys/purple.key --attach-svg >svg.eml &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f alice.trigon --key keys/purple.key >plain.eml
'

test_expect_success PYTHON3 'the mail is multipart/mixed: the text, then the picture as image/svg+xml, base64' '
	mkdir parts &&
	python3 "$HELPERS/mimeparts.py" svg.eml parts >actual &&
	id=$(sed -n "s/^game \(......\).*/\1/p" alice.trigon) &&
	cat >expect <<-EOF &&
	multipart/mixed - - -
	text/plain - - 7bit
	image/svg+xml attachment trigon-$id.svg base64
	EOF
	test_cmp expect actual
'

test_expect_success PYTHON3 'the attachment is the board picture of trigon board --svg, byte for byte' '
	id=$(sed -n "s/^game \(......\).*/\1/p" alice.trigon) &&
	trigon board -f alice.trigon --svg >board.svg &&
	test_cmp board.svg "parts/trigon-$id.svg" &&
	python3 "$HELPERS/svgcheck.py" "parts/trigon-$id.svg" >things &&
	test $(grep -c "^spot " things) = 36
'

test_expect_success 'the text says the picture is attached; the rest is the plain mail'"'"'s' '
	id=$(sed -n "s/^game \(......\).*/\1/p" alice.trigon) &&
	grep "^The board is attached as a picture, trigon-$id.svg\.$" svg.eml &&
	test_must_fail grep "attached as a picture" plain.eml &&
	grep "^Content-Type: multipart/mixed; boundary=\"=_trigon_[0-9a-f]\{16\}\"$" svg.eml &&
	test_must_fail grep "^Content-Type: multipart" plain.eml
'

test_expect_success 'the same mail comes out byte for byte again (SOURCE_DATE_EPOCH)' '
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f alice.trigon --key keys/purple.key --attach-svg >again.eml &&
	test_cmp svg.eml again.eml
'

test_expect_success 'the mail with the picture applies: the moves reach the other copy' '
	trigon apply -f bob.trigon svg.eml >out &&
	grep "^bob.trigon: applied moves 1-" out &&
	test_cmp alice.trigon bob.trigon
'

test_done
