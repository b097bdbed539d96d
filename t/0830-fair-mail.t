#!/bin/sh
test_description='fair chance by mail (doc/fair-chance.md): two and four players, each with a copy of the game, play a whole game of Rule of Trigon with chance fair; every release is written by trigon apply itself (no person answers), every mail applied at the others; the copies end byte for byte alike and verify, fully audited'
. "$(dirname "$0")/setup.sh"

# Seats and their players: green Ann, purple Ben, yellow Cat, white Dan;
# each keeps a copy NAME.trigon and holds the fixture key of its seat.
copy_of () {
	case $1 in
	green) echo ann.trigon ;;
	purple) echo ben.trigon ;;
	yellow) echo cat.trigon ;;
	white) echo dan.trigon ;;
	esac
}

# state FILE: what the file's game awaits (status --json: to_act, or
# "answers" while a fair game awaits some, "over" at the end).
to_act_of () {
	trigon status --json -f "$1" >st.json &&
	jq -r "if .await.over then \"over\" else .await.to_act end" st.json
}

# post SEAT N: SEAT mails the new lines of its copy (mail.N.eml) to the
# other seats in $SEATS, which apply it: each apply writes what its seat
# owes by itself.  The seats that answered are listed in answered.N.
post () {
	p_from=$1 p_n=$2
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f $(copy_of $p_from) \
		--key keys/$p_from.key --to x@example.org >mail.$p_n.eml || return 1
	: >answered.$p_n
	for p_to in $SEATS
	do
		test $p_to = $p_from && continue
		trigon apply -f $(copy_of $p_to) --key keys/$p_to.key mail.$p_n.eml >apply.out || return 1
		if grep -q " answered (" apply.out
		then
			echo $p_to >>answered.$p_n
		fi
	done
}

# settle SEAT: SEAT posted; every seat that answered posts in turn, its
# answers reaching the others (whose clients may answer again), until
# nobody answers: the copies then hold the same game.
NMAIL=0
settle () {
	s_queue=$1
	while test -n "$s_queue"
	do
		set -- $s_queue
		s_seat=$1
		shift
		s_queue="$*"
		NMAIL=$((NMAIL + 1))
		post $s_seat $NMAIL || return 1
		for s_a in $(cat answered.$NMAIL)
		do
			case " $s_queue " in *" $s_a "*) ;; *) s_queue="$s_queue $s_a" ;; esac
		done
		test $NMAIL -lt 2000 || return 1
	done
}

# subject_of MAIL: its Subject, unfolded.
subject_of () {
	sed "/^$/q" "$1" | awk "/^[ \t]/ { sub(/^[ \t]+/, \" \"); h = h \$0; next } { if (h != \"\") print h; h = \$0 } END { print h }" | sed -n "s/^Subject: //p"
}

# same_copies: every copy is the first one, byte for byte.
same_copies () {
	set -- $SEATS
	sc_first=$(copy_of $1)
	for sc_s in $SEATS
	do
		cmp $sc_first $(copy_of $sc_s) || return 1
	done
}

# play TURNS: turns of the seat to act (first legal actions, at most
# three, then end), each mailed and settled; then the seat to act
# resigns (R11.3), until the game is over.
play () {
	pl_t=0
	while test $pl_t -lt $1
	do
		pl_s=$(to_act_of ann.trigon) &&
		pl_f=$(copy_of $pl_s) &&
		pl_k=0 &&
		while test "$(to_act_of $pl_f)" = $pl_s
		do
			trigon moves -f $pl_f --key keys/$pl_s.key >legal.out &&
			pl_a=$(pick_action legal.out $pl_k) || return 1
			trigon move -f $pl_f --key keys/$pl_s.key "$pl_a" >move.out || return 1
			pl_k=$((pl_k + 1))
			# A move that opens an event awaits the others' releases:
			# mail it, and their clients answer.
			if grep -q "waiting for answers" move.out || test "$pl_a" = end
			then
				settle $pl_s || return 1
				same_copies || return 1
				test "$pl_a" = end && break
			fi
		done
		pl_t=$((pl_t + 1))
	done &&
	while test "$(to_act_of ann.trigon)" != over
	do
		pl_s=$(to_act_of ann.trigon) &&
		trigon move -f $(copy_of $pl_s) --key keys/$pl_s.key resign >/dev/null &&
		settle $pl_s &&
		same_copies || return 1
	done
}

test_expect_success 'setup' '
	test_keys
'

test_expect_success 'two players: green starts the game with its join; its first mail carries the whole file' '
	SEATS="green purple" &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --chance fair --seed "$SEED1" --key keys/green.key \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" >out &&
	grep "fair chance: green joined" out &&
	settle green &&
	subject_of mail.1.eml >subject &&
	grep "^\[trigon [0-9a-f]*\] a new game; fair chance; awaits answers from purple (join) since [-0-9]* [0-9:]* UTC; next: the game starts once every seat has joined$" subject &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: 0 moves by 2 players, round 1, [a-z]* to act$" out &&
	same_copies &&
	test $(grep -c "^@ " ann.trigon) = 4
'

test_expect_success 'two players: nobody types an answer; every release was written by trigon new, move or apply' '
	play 10 &&
	test "$(to_act_of ann.trigon)" = over &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: [0-9]* moves by 2 players, .*, over, [a-z]* won (last)$" out &&
	grep "^ann.trigon: fully audited" out &&
	same_copies &&
	ev=$(grep -c "^#? [0-9]* release " ann.trigon) &&
	test $ev -ge 8 &&
	grep "^#? [0-9]* release " ann.trigon | sed "s/.*: //" | wc -w >owed &&
	test $(grep -c "^@ [a-z]* release " ann.trigon) = $(cat owed) &&
	test $(cat owed) = $((2 * ev)) &&
	echo "$NMAIL mails for $(grep -c "^[0-9]* [a-z]* " ann.trigon) moves and $(grep -c "^#? [0-9]* release " ann.trigon) events" >&2
'

test_expect_success 'four players: the same over mail, every mail applied at the three others' '
	SEATS="green purple yellow white" && NMAIL=0 && rm -f mail.*.eml &&
	rm -f ann.trigon ben.trigon cat.trigon dan.trigon &&
	rm -rf ann.trigon.pending ben.trigon.pending cat.trigon.pending dan.trigon.pending &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --chance fair --seed "$SEED2" --key keys/green.key \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "yellow:Cat:cat@example.org:$(cat keys/yellow.key.pub)" \
		--player "white:Dan:dan@example.org:$(cat keys/white.key.pub)" >out &&
	settle green &&
	same_copies &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: 0 moves by 4 players" out &&
	play 8 &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: [0-9]* moves by 4 players, .*, over, " out &&
	grep "^ann.trigon: fully audited" out &&
	same_copies &&
	ev=$(grep -c "^#? [0-9]* release " ann.trigon) &&
	test $ev -ge 5 &&
	grep "^#? [0-9]* release " ann.trigon | sed "s/.*: //" | wc -w >owed &&
	test $(cat owed) -ge $((3 * ev)) &&
	test $(grep -c "^@ [a-z]* release " ann.trigon) = $(cat owed) &&
	echo "$NMAIL mails for $(grep -c "^[0-9]* [a-z]* " ann.trigon) moves and $ev events" >&2
'

test_done
