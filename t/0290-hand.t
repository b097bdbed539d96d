#!/bin/sh
test_description='trigon hand: a player sees its own hidden cards, never another'\''s'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: a game of 60 moves with cards in hand' '
	test_keys &&
	new_game g.trigon &&
	play g.trigon 60 3
'

test_expect_success 'R10.2 the hand of the key'\''s own seat, with its private numbers' '
	trigon hand -f g.trigon --key keys/purple.key >out &&
	sed -n 1p out >first &&
	echo "hand of purple" >expect &&
	test_cmp expect first &&
	sed 1d out >rest &&
	grep -v -E "^[0-9]+: (play|quest) [a-z-]+ \(.*\)|^done |^no cards$" rest >bad ;
	test_must_be_empty bad
'

test_expect_success 'another seat'\''s hand is refused with a key known (exit 1)' '
	test_exit_code 1 trigon hand -f g.trigon --key keys/purple.key --as green >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: g.trigon: refused: a hand can show a player'\''s hidden cards; this key is another player'\''s" >expect &&
	test_cmp expect err
'

test_expect_success 'a key of no player is refused' '
	test_exit_code 1 trigon hand -f g.trigon --key keys/yellow.key 2>err &&
	grep "this key belongs to no player of this game" err
'

test_expect_success 'no key: --as COLOR is refused, that seat'\''s key is needed (exit 1)' '
	test_exit_code 1 trigon hand -f g.trigon --as green >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: g.trigon: refused: a hand can show a player'\''s hidden cards; green'\''s view needs green'\''s key, and no key was given: use --key KEYFILE (or [player] key in the configuration)" >expect &&
	test_cmp expect err &&
	trigon hand -f g.trigon --key keys/green.key --as green >out &&
	grep "^hand of green$" out
'

test_expect_success 'the hand agrees with trigon moves: every swap number offered is in the hand' '
	trigon hand -f g.trigon --key keys/green.key --as green >out &&
	trigon moves -f g.trigon --key keys/green.key --as green >moves &&
	sed -n "s/^offer [a-z]* swap \([0-9]*\)$/\1/p" moves | sort -u >offered &&
	sed -n "s/^\([0-9]*\): .*/\1/p" out | sort -u >numbers &&
	comm -23 offered numbers >missing &&
	test_must_be_empty missing
'

test_expect_success 'hand --json: the same cards as the text, by number, kind and name' '
	trigon hand -f g.trigon --key keys/purple.key >out &&
	sed -n "s/^\([0-9]*\): \(play\|quest\) \([a-z-]*\) .*/\1 \2 \3/p" out >expect &&
	trigon hand -f g.trigon --key keys/purple.key --json >out.json &&
	jq -r ".cards[] | \"\(.number) \(.kind) \(.card)\"" out.json >actual &&
	test -s expect &&
	test_cmp expect actual &&
	jq -r ".seat" out.json >seat && echo purple >expect && test_cmp expect seat
'

test_expect_success 'hand --json of another seat is refused with a key known, as the text (exit 1)' '
	test_exit_code 1 trigon hand -f g.trigon --key keys/purple.key --as green --json >out 2>err &&
	test_must_be_empty out
'

test_expect_success 'usage errors exit 2' '
	test_exit_code 2 trigon hand -f g.trigon --frob 2>err &&
	grep "^usage: trigon hand" err &&
	test_exit_code 2 trigon hand -f g.trigon extra 2>err &&
	test_exit_code 2 trigon hand -f g.trigon --as black 2>err &&
	grep "no player plays .black." err
'

test_expect_success 'a missing file exits 3' '
	test_exit_code 3 trigon hand -f nosuch.trigon --as green 2>err
'

test_done
