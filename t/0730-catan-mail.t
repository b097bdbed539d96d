#!/bin/sh
test_description='Catan by mail: three players, each with a copy of the game; each turn trigon mail writes the message (the board as text and as an SVG attachment, the subject naming whose turn is next) and trigon apply takes it at the other two, to the win; verify at the end; a tampered mail is refused naming the line'
. "$(dirname "$0")/setup.sh"

HELPERS="$SHARNESS_TEST_SRCDIR/helpers"
command -v python3 >/dev/null && test_set_prereq PYTHON3

# The game is played to 5 points (option vp=5, CA1.6) so that a whole
# game takes some 60 mails; t/0700 plays one to 10 points by random play.

# Ann (red), Ben (blue), Cat (white) hold the fixture keys green, purple
# and yellow; each keeps a copy of the game, NAME.trigon.
copy_of () {
	case $1 in
	red) echo ann.trigon ;;
	blue) echo ben.trigon ;;
	white) echo cat.trigon ;;
	esac
}

# seat_to_act FILE: the seat the game waits for (verify's summary).
seat_to_act () {
	trigon verify "$1" >sta.out &&
	sed -n "s/.*, \([a-z]*\) to act$/\1/p" sta.out
}

# contains_block BIG SMALL: SMALL's lines appear in BIG, in a row.
contains_block () {
	cb_n=$(wc -l <"$2") &&
	cb_first=$(sed -n 1p "$2") &&
	for cb_at in $(grep -n -x -F -e "$cb_first" "$1" | cut -d: -f1)
	do
		sed -n "$cb_at,$((cb_at + cb_n - 1))p" "$1" >cb.part &&
		if cmp -s cb.part "$2"
		then
			return 0
		fi
	done
	return 1
}

# turn SEAT: SEAT's player asks the computer for its actions (trigon bot
# --suggest), makes them with trigon move in its own copy and mails them
# (trigon mail --attach-svg, into mail.N.eml, N the number of the turn);
# the two others apply the mail.  Appends "SEAT FIRST-LAST" to turns.log.
turn () {
	t_seat=$1 t_file=$(copy_of $1) t_key=$(catan_key $1)
	: >move.out && : >apply.out &&
	trigon bot -f $t_file --key $t_key --as $t_seat --playouts 200 \
		--seed $turns --suggest >suggest.out &&
	sed -n "s/^$t_file: suggest: //p" suggest.out >acts &&
	test -s acts &&
	set -- &&
	while read -r t_act
	do
		set -- "$@" "$t_act"
	done <acts &&
	t_first=$(($(grep -c "^[0-9]* [a-z]* " $t_file || :) + 1)) &&
	trigon move -f $t_file --key $t_key "$@" >move.out &&
	t_last=$(grep -c "^[0-9]* [a-z]* " $t_file) &&
	t_mail=mail.$turns.eml &&
	mail_turn $t_file $t_key $t_mail ann.trigon ben.trigon cat.trigon &&
	echo "$t_seat $t_first-$t_last" >>turns.log &&
	turns=$((turns + 1)) || {
		echo >&2 "turn $t_seat failed after $turns turns:" &&
		cat >&2 suggest.out move.out apply.out
		return 1
	}
}

test_expect_success 'setup: Ann starts a game of Catan for three with e-mail addresses and mails the whole file; Ben and Cat apply it' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --rules catan --option first=1 \
		--option vp=5 --seed $SEED2 \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat keys/yellow.key.pub)" >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f ann.trigon --key keys/green.key >m0.eml &&
	id=$(sed -n "s/^game \(......\).*/\1/p" ann.trigon) &&
	grep "^Subject: \[trigon $id\] a new game; next: red to place a settlement$" m0.eml &&
	grep "^From: Ann <ann@example.org>$" m0.eml &&
	grep "^To: Ben <ben@example.org>, Cat <cat@example.org>$" m0.eml &&
	trigon apply -f ben.trigon m0.eml >out &&
	echo "ben.trigon: created from '\''m0.eml'\'' (0 moves)" >expect &&
	test_cmp expect out &&
	trigon apply -f cat.trigon m0.eml >out &&
	test_cmp ann.trigon ben.trigon &&
	test_cmp ann.trigon cat.trigon
'

test_expect_success 'the game played by mail to its end: in turn, trigon move, trigon mail, trigon apply at the two others; the copies stay the same' '
	turns=1 && : >turns.log &&
	who=red &&
	while test $turns -lt 400
	do
		turn $who || return 1
		test_cmp ann.trigon ben.trigon &&
		test_cmp ann.trigon cat.trigon || return 1
		if grep -q "game is over" move.out
		then
			break
		fi
		who=$(seat_to_act ann.trigon) &&
		test -n "$who" || return 1
	done &&
	echo "$((turns - 1)) mails" &&
	grep "^[a-z]*\.trigon: the game is over: [a-z]* won (points)$" move.out &&
	sed -n "s/^[a-z]*\.trigon: the game is over: \([a-z]*\) won (points)$/\1/p" move.out >winner &&
	test -s winner &&
	cut -d" " -f1 turns.log | sort -u >seats &&
	printf "%s\n" blue red white >expect &&
	test_cmp expect seats
'

test_expect_success 'every mail names the moves, their seat and whose turn is next in its subject (the last: the game is over, who won); From and To are the sender and the two others' '
	id=$(sed -n "s/^game \(......\).*/\1/p" ann.trigon) &&
	n=1 &&
	while read -r seat range
	do
		m=mail.$n.eml &&
		first=${range%-*} last=${range#*-} &&
		if test $first = $last
		then
			moves="move $first"
		else
			moves="moves $first-$last"
		fi &&
		if test $n = $((turns - 1))
		then
			grep "^Subject: \[trigon $id\] $moves by $seat; game over: $(cat winner) won (points)$" $m
		else
			grep "^Subject: \[trigon $id\] $moves by $seat; next: " $m
		fi >/dev/null &&
		case $seat in
		red) grep "^From: Ann <ann@example.org>$" $m &&
			grep "^To: Ben <ben@example.org>, Cat <cat@example.org>$" $m ;;
		blue) grep "^From: Ben <ben@example.org>$" $m &&
			grep "^To: Ann <ann@example.org>, Cat <cat@example.org>$" $m ;;
		white) grep "^From: Cat <cat@example.org>$" $m &&
			grep "^To: Ann <ann@example.org>, Ben <ben@example.org>$" $m ;;
		esac >/dev/null &&
		n=$((n + 1)) || return 1
	done <turns.log &&
	test $n = $turns
'

test_expect_success 'the subject'\''s next seat is the one the game waits for: replayed mail by mail into a fresh copy' '
	trigon apply -f replay.trigon m0.eml >/dev/null &&
	n=1 &&
	while test $n -lt $((turns - 1))
	do
		trigon apply -f replay.trigon mail.$n.eml >/dev/null &&
		next=$(seat_to_act replay.trigon) &&
		sed -n "s/^Subject: \[trigon [0-9a-f]*\] .*; next: //p" mail.$n.eml >subject &&
		grep "\<$next\>" subject >/dev/null &&
		case $(cat subject) in
		"$next to "*|*"$next must "*) : ;;
		*) echo >&2 "mail $n: next $next, subject: $(cat subject)"; false ;;
		esac &&
		n=$((n + 1)) || return 1
	done &&
	trigon apply -f replay.trigon mail.$n.eml >/dev/null &&
	test_cmp ann.trigon replay.trigon &&
	sed -n "s/^Subject: \[trigon [0-9a-f]*\] .*; game over: //p" mail.$n.eml >subject &&
	echo "$(cat winner) won (points)" >expect &&
	test_cmp expect subject
'

test_expect_success 'verify at the end, in every copy: the game is over and the winner the same' '
	for f in ann.trigon ben.trigon cat.trigon
	do
		trigon verify $f >out &&
		grep "^$f: ok: [0-9]* moves by 3 players, round [0-9]*, over, $(cat winner) won (points)$" out || return 1
	done &&
	trigon status -f ben.trigon >status &&
	grep "$(cat winner) has won" status &&
	grep "target 5 VP" status
'

test_expect_success 'the mail carries the board as text, as trigon board --ascii --width 76 draws it after the moves' '
	n=$((turns / 2)) &&
	head -n $n turns.log | tail -n 1 >which &&
	last=$(sed "s/.*-//" which) &&
	trigon apply -f half.trigon m0.eml >/dev/null &&
	i=1 &&
	while test $i -le $n
	do
		trigon apply -f half.trigon mail.$i.eml >/dev/null &&
		i=$((i + 1)) || return 1
	done &&
	test $(grep -c "^[0-9]* [a-z]* " half.trigon) = $last &&
	trigon board -f half.trigon --ascii --width 76 >board76 &&
	test $(wc -l <board76) -gt 20 &&
	contains_block mail.$n.eml board76 &&
	LC_ALL=C tr -d "\n -~" <board76 >nonascii &&
	test_must_be_empty nonascii
'

test_expect_success PYTHON3 'the SVG attachment is the board of trigon board --svg after the moves, byte for byte' '
	n=$((turns / 2)) &&
	id=$(sed -n "s/^game \(......\).*/\1/p" ann.trigon) &&
	mkdir parts &&
	python3 "$HELPERS/mimeparts.py" mail.$n.eml parts >actual &&
	cat >expect <<-EOF &&
	multipart/mixed - - -
	text/plain - - 7bit
	image/svg+xml attachment trigon-$id.svg base64
	EOF
	test_cmp expect actual &&
	trigon board -f half.trigon --svg >board.svg &&
	test_cmp board.svg parts/trigon-$id.svg &&
	grep "^The board is attached as a picture, trigon-$id.svg\.$" mail.$n.eml
'

test_expect_success 'a tampered mail (one move changed in the block, its signature kept) is refused naming the line; nothing is written' '
	cp half.trigon base.trigon &&
	i=$((turns / 2 + 1)) &&
	trigon apply -f half.trigon mail.$i.eml >/dev/null &&
	first=$(($(grep -c "^[0-9]* [a-z]* " base.trigon) + 1)) &&
	l=$(line_no half.trigon "^$first ") &&
	sed "${l}s/^\($first [a-z]* \)[^|]* |/\1end |/" half.trigon >tampered.trigon &&
	! cmp -s half.trigon tampered.trigon &&
	forge_block base.trigon tampered.trigon | as_mail tampered >tampered.eml &&
	cp base.trigon before &&
	test_exit_code 1 trigon apply -f base.trigon tampered.eml >out 2>err &&
	grep "^trigon: base.trigon:$l: error: '\''tampered.eml'\'' refused: bad signature: " err &&
	test_must_be_empty out &&
	test_cmp before base.trigon &&
	trigon apply -f base.trigon mail.$i.eml >out &&
	test_cmp half.trigon base.trigon
'

test_done
