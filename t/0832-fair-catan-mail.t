#!/bin/sh
test_description='fair chance by mail for the Catan games (doc/fair-chance.md): a three-player game of Catan and a two-player game of Catan: het Duel, each with chance fair, every player with a copy of the game, every action mailed (trigon mail) and applied at the others (trigon apply), whose clients write what their seats owe by themselves; played to the end, the copies byte for byte alike, verify: over, fully audited'
. "$(dirname "$0")/setup.sh"

# Ann (red), Ben (blue), Cat (white) keep ann.trigon, ben.trigon and
# cat.trigon and hold the fixture keys catan_key names (catan.sh).
copy_of () {
	case $1 in
	red) echo ann.trigon ;;
	blue) echo ben.trigon ;;
	white) echo cat.trigon ;;
	esac
}

to_act_of () {
	trigon status --json -f "$1" >st.json &&
	jq -r "if .await.over then \"over\" else .await.to_act end" st.json
}

# post SEAT N: SEAT mails its new lines (mail.N.eml) to the others in
# $SEATS, which apply it, each writing what its seat owes; those that
# answered are listed in answered.N.
post () {
	p_from=$1 p_n=$2
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f $(copy_of $p_from) \
		--key $(catan_key $p_from) --to x@example.org >mail.$p_n.eml || return 1
	: >answered.$p_n
	for p_to in $SEATS
	do
		test $p_to = $p_from && continue
		trigon apply -f $(copy_of $p_to) --key $(catan_key $p_to) mail.$p_n.eml >apply.out || return 1
		if grep -q " answered (" apply.out
		then
			echo $p_to >>answered.$p_n
		fi
	done
}

# settle SEAT: SEAT posted; each seat that answered posts in turn until
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
		test $NMAIL -lt 5000 || return 1
	done
}

same_copies () {
	set -- $SEATS
	for sc_s in $SEATS
	do
		cmp $(copy_of $1) $(copy_of $sc_s) || return 1
	done
}

# pick LEGAL K: as t/0825's: pick_action while end is legal, else (a
# set-up placement, a decision asked for) the first legal action that
# is not resign or an offer.
pick () {
	if grep -q "^end$" "$1"
	then
		pick_action "$1" "$2"
	else
		grep -v -e "^resign" -e "^offer" "$1" | sed -n 1p
	fi
}

# play TURNS: the seat to act makes at most three first legal actions,
# then end; every action is mailed and settled at once (a 7's discards
# or a decision may pass the turn to another seat within it).  Then the
# seat to act resigns, until the game is over.
play () {
	pl_t=0
	while test $pl_t -lt $1
	do
		pl_s=$(to_act_of ann.trigon) &&
		pl_f=$(copy_of $pl_s) &&
		pl_k=0 &&
		while test "$(to_act_of $pl_f)" = $pl_s
		do
			trigon moves -f $pl_f --key $(catan_key $pl_s) >legal.out &&
			pl_a=$(pick legal.out $pl_k) &&
			trigon move -f $pl_f --key $(catan_key $pl_s) "$pl_a" >move.out &&
			echo "$pl_s $pl_a" >>actions.log &&
			settle $pl_s &&
			same_copies || return 1
			pl_k=$((pl_k + 1))
			test "$pl_a" = end && break
			test $pl_k -lt 40 || return 1
		done
		pl_t=$((pl_t + 1))
	done &&
	while test "$(to_act_of ann.trigon)" != over
	do
		pl_s=$(to_act_of ann.trigon) &&
		trigon move -f $(copy_of $pl_s) --key $(catan_key $pl_s) resign >/dev/null &&
		echo "$pl_s resign" >>actions.log &&
		settle $pl_s &&
		same_copies || return 1
	done
}

# answers_by_clients FILE: each release owed in FILE is there (every one
# written by new, move or apply: none typed in this test).
answers_by_clients () {
	grep "^#? [0-9]* release " "$1" | sed "s/.*: //" | wc -w >owed &&
	test $(cat owed) -ge 1 &&
	test $(grep -c "^@ [a-z]* release " "$1") = $(cat owed)
}

test_expect_success 'setup' '
	test_keys
'

test_expect_success 'Catan, three players: Ann creates a fair game and mails it; the others'\'' apply joins them; the game starts' '
	SEATS="red blue white" && : >actions.log &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --rules catan --chance fair \
		--key keys/green.key --option first=1 --option vp=5 \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" \
		--player "white:Cat:cat@example.org:$(cat keys/yellow.key.pub)" >out &&
	grep "fair chance: red joined; awaits join (line [0-9]*): blue white" out &&
	settle red &&
	same_copies &&
	grep "^@ [a-z]* join " ann.trigon | cut -d" " -f2 >joined &&
	printf "%s\n" red blue white >expect &&
	test_cmp expect joined &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: 0 moves by 3 players, .*, red to act$" out
'

test_expect_success 'Catan, three players: a whole game by mail, set-up, rolls and builds; every release written by the clients' '
	play 14 &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: [0-9]* moves by 3 players, .*, over, [a-z]* won (.*)$" out &&
	grep "^ann.trigon: fully audited" out &&
	grep "^ann.trigon: fair chance: no player can foresee or bias a die or a draw" out &&
	echo "catan by mail: $(wc -l <actions.log) actions, $(grep -c " roll" actions.log) rolls, $NMAIL mails" &&
	test $(grep -c "^red build settlement" actions.log) -ge 2 &&
	test $(grep -c " roll" actions.log) -ge 3 &&
	answers_by_clients ann.trigon &&
	same_copies
'

test_expect_success 'Duel, two players: a fair game of Catan: het Duel by mail, from the joins to its end' '
	rm -f ann.trigon ben.trigon cat.trigon &&
	SEATS="red blue" && : >actions.log && NMAIL=0 &&
	SOURCE_DATE_EPOCH=1700000000 trigon new ann.trigon --rules duel --chance fair --key keys/green.key \
		--player "red:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "blue:Ben:ben@example.org:$(cat keys/purple.key.pub)" >out &&
	grep "fair chance: red joined; awaits join (line [0-9]*): blue" out &&
	settle red &&
	same_copies &&
	play 16 &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: [0-9]* moves by 2 players, .*, over, [a-z]* won (.*)$" out &&
	grep "^ann.trigon: fully audited" out &&
	grep "^ann.trigon: fair chance: no player can foresee or bias a die or a draw" out &&
	grep "^rules catan-duel$" ann.trigon &&
	echo "duel by mail: $(wc -l <actions.log) actions, $(grep -c " roll" actions.log) rolls, $NMAIL mails" &&
	test $(grep -c " roll" actions.log) -ge 3 &&
	answers_by_clients ann.trigon &&
	same_copies
'

test_done
