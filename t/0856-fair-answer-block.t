#!/bin/sh
test_description='fair chance: an answer rebuilds its block on a copy of the block'"'"'s start (lib/save-snap.c) instead of replaying the file before it; it writes the same bytes as the replay, its save names the same lines, and a game played from its start replays nothing'
. "$(dirname "$0")/setup.sh"

PREDICT="$TRIGON_BUILD_DIR/t/helpers/predict"

# new_fair2 FILE SEED: green against purple, chance fair.
new_fair2 () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --chance fair --seed "$2" \
		--player "green:Alice:keys/green.key.pub" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null
}

# blocks FILE: how many blocks of FILE hold answers (their block hashes).
blocks () {
	sed -n "s/^@ .* | \([0-9a-f]*\) [^ ]*$/\1/p" "$1" >hashes &&
	sort -u hashes >hashes.u &&
	wc -l <hashes.u
}

# lines_named OUT FILE: every "event K, LABEL (line N)" that OUT shows
# names line N of FILE as it is now, "#? K release LABEL: ..." (a block
# grows when answers come, so the lines after them move down).
lines_named () {
	sed -n "s/.*event \([0-9]*\), \([^(]*\) (line \([0-9]*\)).*/\3 #? \1 release \2:/p" \
		"$1" >named &&
	while read -r n want
	do
		sed -n "${n}p" "$2" >got &&
		case $(cat got) in
		"$want"*) ;;
		*) echo "line $n reads '$(cat got)', not '$want...'"; return 1 ;;
		esac
	done <named
}

# run FILE COMMAND...: run it, its output to out, its lines checked.
run () {
	run_file=$1
	shift
	"$@" >o &&
	cat o >>out &&
	lines_named o "$run_file"
}

test_expect_success 'setup' '
	test_keys
'

test_expect_success 'Trigon, 300 random actions: answers built on the copy write the same bytes as answers that replay the file; the game verifies' '
	new_fair2 copy.trigon "$(printf %064x 3)" &&
	cp copy.trigon replay.trigon &&
	"$PREDICT" play --replays copy.trigon 300 3 keys/green.key keys/purple.key >copy.out &&
	"$PREDICT" play --replay --replays replay.trigon 300 3 keys/green.key keys/purple.key >replay.out &&
	test_cmp replay.trigon copy.trigon &&
	trigon verify copy.trigon >out &&
	grep "^copy.trigon: ok: 300 moves by 2 players" out
'

test_expect_success 'played from its start, the game replays the file for no answer; the other way replays it at least once a block' '
	printf "%s\n" 300 "replays 0" >expect &&
	test_cmp expect copy.out &&
	sed -n "s/^replays //p" replay.out >n &&
	test "$(cat n)" -ge "$(blocks replay.trigon)" &&
	test "$(blocks replay.trigon)" -gt 20
'

test_expect_success 'Catan, three seats, 150 random actions: the same bytes both ways; the game verifies' '
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan --chance fair \
		--seed "$(printf %064x 5)" --player "red:A:keys/green.key.pub" \
		--player "blue:B:keys/purple.key.pub" \
		--player "white:C:keys/yellow.key.pub" >/dev/null &&
	cp c.trigon c-replay.trigon &&
	"$PREDICT" play c.trigon 150 5 keys/green.key keys/purple.key keys/yellow.key >n &&
	"$PREDICT" play --replay c-replay.trigon 150 5 keys/green.key keys/purple.key keys/yellow.key >n &&
	test_cmp c-replay.trigon c.trigon &&
	trigon verify c.trigon >out &&
	grep "^c.trigon: ok: 150 moves by 3 players" out
'

test_expect_success 'trigon move and trigon answer, in the state an answer leaves, name the lines of the file they wrote' '
	new_fair2 m.trigon "$(printf %064x 3)" &&
	: >out &&
	i=0 &&
	while test $i -lt 12
	do
		for k in green purple
		do
			run m.trigon trigon answer -f m.trigon --key keys/green.key &&
			run m.trigon trigon answer -f m.trigon --key keys/purple.key &&
			trigon moves -f m.trigon --key keys/$k.key >legal 2>/dev/null &&
			grep -v "^resign" legal >acts || continue
			a=$(sed -n 1p acts) &&
			run m.trigon trigon move -f m.trigon --key keys/$k.key "$a" ||
			return 1
		done
		i=$((i + 1))
	done &&
	grep "released at once" out &&
	grep -c "event [0-9]*, .* (line [0-9]*)" out >n &&
	test "$(cat n)" -ge 5
'

test_done
