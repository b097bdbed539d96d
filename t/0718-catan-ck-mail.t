#!/bin/sh
test_description='Cities & Knights by mail: three players, each with a copy of the game; each turn the player the game waits for makes the turn'\''s actions with trigon move, trigon mail writes the message (the board as text and SVG) and trigon apply takes it at the other two, to the win at 10 points; the copies stay alike, the subjects name whose turn is next, no mail names a progress card in a hand, verify at the end'
. "$(dirname "$0")/setup.sh"

# Ann (red), Ben (blue) and Cat (white) hold the fixture keys green,
# purple and yellow; each keeps a copy of the game, NAME.trigon.  So
# that a whole game takes a minute, the actions of each turn come
# from a game played beforehand by a random player that prefers builds
# (ck_plan in sharness.d/catan.sh), from the same header and so the same
# dice; each is made again by its player in its own copy.

copy_of () {
	case $1 in
	red) echo ann.trigon ;;
	blue) echo ben.trigon ;;
	white) echo cat.trigon ;;
	esac
}

# turn N SEAT: SEAT's player sees that the game waits for SEAT, makes the
# actions of the plan's turn N in its own copy with one trigon move, mails
# them (trigon mail --attach-svg, into mail.N.eml) and the two others
# apply the mail.  "SEAT FIRST-LAST" goes to turns.log.
turn () {
	t_n=$1 t_seat=$2 t_file=$(copy_of $2) t_key=$(catan_key $2)
	test "$(ck_seat_to_act $t_file)" = $t_seat &&
	t_first=$(($(grep -c "^[0-9]* [a-z]* " $t_file || :) + 1)) &&
	set -- &&
	while read -r t_act
	do
		set -- "$@" "$t_act"
	done <ck_plan.$t_n &&
	trigon move -f $t_file --key $t_key "$@" >ck_move.out &&
	t_last=$(grep -c "^[0-9]* [a-z]* " $t_file) &&
	t_mail=mail.$turns.eml &&
	mail_turn $t_file $t_key $t_mail ann.trigon ben.trigon cat.trigon &&
	echo "$t_seat $t_first-$t_last" >>turns.log &&
	turns=$((turns + 1)) || {
		echo >&2 "turn $t_seat failed after $turns turns:" &&
		cat >&2 ck_move.out apply.out
		return 1
	}
}

test_expect_success 'setup: Ann starts a game of Cities & Knights for three with e-mail addresses and mails the whole file; Ben and Cat apply it' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --rules catan-ck \
		--option first=1 --option points=10 --seed $SEED2 \
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
	test_cmp ann.trigon cat.trigon &&
	ck_plan ann.trigon 5 &&
	echo "$(wc -l <ck_plan.turns) turns planned"
'

test_expect_success 'the game played by mail to its end: in turn, trigon move, trigon mail, trigon apply at the two others; the copies stay the same' '
	turns=1 && : >turns.log &&
	while read -r n seat
	do
		turn $n $seat &&
		test_cmp ann.trigon ben.trigon &&
		test_cmp ann.trigon cat.trigon || return 1
	done <ck_plan.turns &&
	grep "game is over" ck_move.out &&
	echo "$((turns - 1)) mails" &&
	grep "^[0-9]* [a-z]* " ck_plan.trigon >planned &&
	grep "^[0-9]* [a-z]* " ann.trigon >played &&
	test_cmp planned played &&
	sed -n "s/^[a-z]*\.trigon: the game is over: \([a-z]*\) won (points)$/\1/p" ck_move.out >winner &&
	test -s winner &&
	cut -d" " -f1 turns.log | sort -u >seats &&
	printf "%s\n" blue red white >expect &&
	test_cmp expect seats
'

test_expect_success 'each subject names the moves and their seat, then whose turn is next, naming the seat the game waits for (replayed mail by mail into a fresh copy); the last says who won' '
	trigon apply -f replay.trigon m0.eml >/dev/null &&
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
		trigon apply -f replay.trigon $m >/dev/null &&
		if test $n = $((turns - 1))
		then
			grep "^Subject: \[trigon [0-9a-f]*\] $moves by $seat; game over: $(cat winner) won (points)$" $m >/dev/null
		else
			next=$(ck_seat_to_act replay.trigon) &&
			awk "/^Subject:/ { s = \$0; f = 1; next }
				f && /^[ \t]/ { s = s \$0; next }
				f { print s; exit }" $m >subject &&
			grep "^Subject: \[trigon [0-9a-f]*\] $moves by $seat; next: .*\<$next\>" subject >/dev/null
		fi || { echo >&2 "mail $n"; return 1; }
		n=$((n + 1))
	done <turns.log &&
	test_cmp ann.trigon replay.trigon
'

test_expect_success 'verify at the end, in every copy: the game is over and the winner the same' '
	for f in ann.trigon ben.trigon cat.trigon
	do
		trigon verify $f >out &&
		grep "^$f: ok: [0-9]* moves by 3 players, round [0-9]*, over, $(cat winner) won (points)$" out || return 1
	done &&
	trigon status -f ben.trigon >status &&
	grep "$(cat winner) has won" status
'

test_expect_success 'CK16.1: no mail names a progress card a player holds at the end but in the lines of actions (another copy played or taken); every mail carries the board with the barbarians'\'' line' '
	sed -n "s/^\[\([a-z-]*\)\]\$/\1/p" "$TRIGON_SRC_DIR/data/catan/progress.ini" >slugs &&
	for f in ann:green ben:purple cat:yellow
	do
		trigon hand -f ${f%%:*}.trigon --key keys/${f##*:}.key --json || return 1
	done >hands &&
	sed -n "s/^ *\"card\": \"\([a-z-]*\)\",\$/\1/p" hands | grep -x -F -f slugs >held || : &&
	for m in mail.*.eml m0.eml
	do
		# an action names a card only when it is played or taken
		# (another copy of one held): the lines of actions aside
		grep -v "^ *[0-9][0-9]* [a-z]* " $m >>prose || return 1
	done &&
	for slug in $(sort -u held)
	do
		# "merchant" is also the piece the board names
		test $slug = merchant ||
		! grep -w -- "$slug" prose || return 1
	done &&
	for m in mail.*.eml
	do
		grep "^Barbarians: the ship at [0-9]* of 7; " $m >/dev/null ||
			{ echo >&2 "$m"; return 1; }
	done
'

test_expect_success 'a tampered mail (one action changed in the block, its signature kept) is refused naming the line; nothing is written' '
	n=$((turns / 2)) &&
	trigon apply -f half.trigon m0.eml >/dev/null &&
	i=1 &&
	while test $i -lt $n
	do
		trigon apply -f half.trigon mail.$i.eml >/dev/null &&
		i=$((i + 1)) || return 1
	done &&
	cp half.trigon base.trigon &&
	trigon apply -f half.trigon mail.$n.eml >/dev/null &&
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
	trigon apply -f base.trigon mail.$n.eml >out &&
	test_cmp half.trigon base.trigon
'

test_done
