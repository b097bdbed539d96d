#!/bin/sh
test_description='deadlines in open games (doc/fair-chance.md, "Deadlines in open games"; trigon-save(5), Deadlines and forfeit): a seat that stops moving in a game of open chance ends it by a forfeit the other claims after the deadline and the grace, made final by the claimant'\''s final line; its late move within the grace voids the claim; claims dated ahead of the skew, and a timeout and its forfeit in one delivery, are refused'
. "$(dirname "$0")/setup.sh"

# first_move FILE SEAT: a legal move of SEAT ("end" when it may end).
first_move () {
	trigon moves -f "$1" --key "keys/$2.key" >legal 2>/dev/null &&
	if grep -qx end legal; then echo end; else sed -n 1p legal; fi
}

# An open game (seed, chance open) created at 1700000000 with the
# default times: the deadline runs out at 1700259200.
test_expect_success 'setup: new --deadline with open chance writes format 2, seed, chance open, then the deadline line' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new w.trigon --seed "$SEED1" --deadline 72h,24h \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	sed -n "1p;6p;7p" w.trigon >lines &&
	printf "%s\n" "trigon-save 2" "chance open" "deadline 3d 1d" >expect &&
	sed -n 4p w.trigon | grep "^seed " &&
	test_cmp expect lines &&
	to_act w.trigon >stalled &&
	other $(cat stalled) >claimant &&
	touch -d @1700000000 w.trigon &&
	cp w.trigon waiting.trigon &&
	SOURCE_DATE_EPOCH=1700000000 trigon new f1.trigon --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	sed -n 1p f1.trigon >head &&
	echo "trigon-save 1" >expect &&
	test_cmp expect head
'

test_expect_success 'open game: the stalled seat loses by a forfeit claimed after the deadline and the grace, disputable, then final by the claimant'\''s final line' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp waiting.trigon m.trigon && touch -d @1700000000 m.trigon &&
	claim m.trigon $o timeout $s 1700259200 >/dev/null &&
	grep "^@ $o timeout $s move 2023-11-17T22:13:20Z | " m.trigon &&
	claim m.trigon $o forfeit $s 1700345600 >/dev/null &&
	F=$(grep -n "^@ $o forfeit " m.trigon | cut -d: -f1) &&
	cp m.trigon claimed.trigon &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1700345700 trigon verify m.trigon >out &&
	grep "^m.trigon: forfeit: $s forfeit claimed at line $F: it withheld its move past the deadline and the grace; disputable until 2023-11-19T22:13:20Z$" out &&
	! grep won out &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700431999 trigon answer -f m.trigon --key keys/$o.key >/dev/null &&
	cmp claimed.trigon m.trigon &&
	SOURCE_DATE_EPOCH=1700432000 trigon answer -f m.trigon --key keys/$o.key >/dev/null &&
	grep "^@ $o final $s 2023-11-19T22:13:20Z | " m.trigon &&
	grep "^#= $s forfeits$" m.trigon &&
	SOURCE_DATE_EPOCH=1700432000 trigon verify m.trigon >out &&
	grep "^m.trigon: ok: 0 moves by 2 players, round 1, over, $o won (forfeit)$" out
'

test_expect_success 'open game: the stalled seat'\''s late move within the grace voids the claim; a final line after it is refused' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp claimed.trigon m.trigon &&
	a=$(first_move m.trigon $s) &&
	SOURCE_DATE_EPOCH=1700431999 trigon move -f m.trigon --key keys/$s.key "$a" >/dev/null &&
	SOURCE_DATE_EPOCH=1700432000 trigon verify m.trigon >out &&
	! grep forfeit out &&
	! grep over out &&
	cp m.trigon moved.trigon &&
	SOURCE_DATE_EPOCH=1700432000 trigon answer -f m.trigon --key keys/$o.key >out &&
	cmp moved.trigon m.trigon
'

test_expect_success 'open game: a claim dated beyond the skew (10 minutes) after the reader'\''s clock is refused, naming its line' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp waiting.trigon f.trigon &&
	claim f.trigon $o timeout $s 1900000000 >/dev/null &&
	T=$(grep -n "^@ $o timeout " f.trigon | cut -d: -f1) &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1899999399 trigon verify f.trigon 2>err &&
	grep "^trigon: f.trigon:$T: error: $o.s timeout is dated 2030-03-17T17:46:40Z, in the future (this clock: 2030-03-17T17:36:39Z; 10 minutes. skew allowed)$" err
'

test_expect_success 'open game: a timeout and its forfeit in one delivery are refused by apply, naming them; nothing is written' '
	s=$(cat stalled) && o=$(cat claimant) &&
	deadline_homes &&
	cp waiting.trigon acc.trigon &&
	mailto claimed.trigon $o $s 1700345600 >both.eml &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700345700 trigon apply -f acc.trigon --key keys/$s.key both.eml 2>err &&
	grep "refused: brings $o.s timeout and the forfeit standing on it in one delivery" err &&
	cmp waiting.trigon acc.trigon
'

test_done
