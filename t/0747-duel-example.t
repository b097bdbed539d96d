#!/bin/sh
test_description='Catan: het Duel (duel-rules(7)): the recorded complete game examples/duel.trigon (examples/record-duel.sh: the greedy player on both seats) verifies, ends by points at 7 VP, and every view reads it'
. "$(dirname "$0")/setup.sh"

test_expect_success 'DU15.1: examples/duel.trigon verifies, over, won by points' '
	cp "$TRIGON_SRC_DIR/examples/duel.trigon" duel.trigon &&
	trigon verify duel.trigon >out &&
	grep "^duel.trigon: ok: [0-9]* moves by 2 players, turn [0-9]*, over, [a-z]* won (points)\$" out &&
	grep "^rules catan-duel\$" duel.trigon
'

test_expect_success 'DU15.1: its last move is the winner'"'"'s end, at 7 points or more' '
	sed -n "s/^[0-9]* \([a-z]*\) end | .*/\1/p" duel.trigon | tail -n 1 >ender &&
	sed -n "s/^#= \([a-z]*\) wins with \([0-9]*\) points\$/\1 \2/p" duel.trigon >won &&
	test $(wc -l <won) = 1 &&
	read who vp <won &&
	test "$who" = "$(cat ender)" &&
	test "$vp" -ge 7 &&
	trigon status -f duel.trigon --json >st.json &&
	jq -e ".await.over and .await.how == \"points\"" st.json
'

test_expect_success 'DU17.5: the orders that move hidden cards name them by number only' '
	sed -n "s/^[0-9]* [a-z]* \([^|]*[^ |]\) | .*/\1/p" duel.trigon >orders &&
	grep -E "^(start|draw|discard|exchange|take|put) " orders >hidden &&
	test -s hidden &&
	{ grep -v -x -E "start stack [1-4]|draw stack [1-4]|discard card [0-9]+ under stack [1-4]|exchange card [0-9]+ under stack [1-4] (draw stack [1-4]|search stack [1-4] paying( [a-y][1-5])+)|take card [0-9]+|put card [0-9]+ under stack [1-4]( and card [0-9]+ under stack [1-4])?" hidden || :; } >named &&
	test_must_be_empty named
'

test_expect_success 'log lists every move; board draws it at a middle move and at the end, as text and SVG' '
	trigon log -f duel.trigon >log &&
	n=$(grep -c "^[0-9]* [a-z]* " duel.trigon) &&
	grep -c "^ *[0-9]*\. \(red\|blue\) (" log >moves &&
	echo $n >expect &&
	test_cmp expect moves &&
	trigon board -f duel.trigon --at 60 >mid &&
	grep "^red'"'"'s principality: " mid &&
	grep "^blue'"'"'s principality: " mid &&
	trigon board -f duel.trigon >end &&
	! test_cmp mid end &&
	trigon board -f duel.trigon --svg >end.svg &&
	grep "<svg" end.svg
'

test_expect_success 'the file replays to its moves 10, 50 and 100 (board --at)' '
	for k in 10 50 100
	do
		trigon board -f duel.trigon --at $k >/dev/null || return 1
	done
'

test_done
