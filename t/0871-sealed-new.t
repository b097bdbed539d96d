#!/bin/sh
test_description='trigon new --hands (trigon(1), new; trigon-save(5), Sealed hands): --hands sealed goes with --chance fair and with a rule set that deals sealed hands; every refusal writes no file'
. "$(dirname "$0")/setup.sh"

# new_game FILE RULES SEAT1 SEAT2 OPTIONS...: trigon new of Alice and Bob.
new_game () {
	ng_file=$1 ng_rules=$2 ng_a=$3 ng_b=$4 &&
	shift 4 &&
	SOURCE_DATE_EPOCH=1700000000 trigon new "$ng_file" --rules "$ng_rules" \
		--seed "$SEED1" "$@" \
		--player "$ng_a:Alice:keys/green.key.pub" \
		--player "$ng_b:Bob:keys/purple.key.pub"
}

test_expect_success 'setup' '
	test_keys
'

test_expect_success '--hands open writes the hands open of a fair game, as without --hands' '
	new_game o.trigon trigon green purple --chance fair --hands open >/dev/null &&
	new_game d.trigon trigon green purple --chance fair >/dev/null &&
	test_cmp d.trigon o.trigon &&
	sed -n 7p o.trigon >hands &&
	echo "hands open" >expect &&
	test_cmp expect hands
'

test_expect_success '--hands sealed without --chance fair is a usage error, and no file is written' '
	test_exit_code 2 new_game s.trigon trigon green purple --hands sealed 2>err &&
	grep "^trigon: --hands sealed goes with --chance fair$" err &&
	test ! -e s.trigon
'

test_expect_success '--hands takes open or sealed only' '
	test_exit_code 2 new_game s.trigon trigon green purple --chance fair --hands closed 2>err &&
	grep "^trigon: --hands takes open or sealed, not .closed.$" err &&
	test ! -e s.trigon
'

test_expect_success 'every rule set of this build deals sealed hands, the Duel too (duel-rules(7), DU23): --hands sealed with catan-duel writes hands sealed; with mode=gouden-eeuw it is refused, no file written' '
	new_game s.trigon catan-duel red blue --chance fair --hands sealed >out &&
	grep "^hands sealed$" s.trigon &&
	rm s.trigon &&
	test_exit_code 2 new_game s.trigon catan-duel red blue --chance fair --hands sealed --option mode=gouden-eeuw 2>err &&
	test ! -e s.trigon
'

test_expect_success 'Rule of Trigon deals sealed hands: --hands sealed writes hands sealed, and the new file awaits every join' '
	new_game s.trigon trigon green purple --chance fair --hands sealed >out &&
	sed -n 7p s.trigon >hands &&
	echo "hands sealed" >expect &&
	test_cmp expect hands &&
	test_exit_code 4 trigon verify s.trigon >out &&
	grep "^s.trigon: ok so far: not started, by 2 players; incomplete: awaits join (line 12): green purple$" out
'

test_done
