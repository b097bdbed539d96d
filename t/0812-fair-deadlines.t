#!/bin/sh
test_description='fair chance, deadlines that no one can forge (trigon-save(5), Deadlines and forfeit; doc/fair-chance.md): claims dated in the future are refused, a timeout and its forfeit never come in one delivery, an answer beats a forfeit until it is final, a copy cut and sealed again loses to the answer it dropped'
. "$(dirname "$0")/setup.sh"

# A started game (deadline 72h, grace 24h, created 1700000000) played
# until a move awaits the other seat's release, as in 0811-fair-forfeit.t.
test_expect_success 'setup: a fair game waiting for one seat'\''s release' '
	test_keys &&
	deadline_started w.trigon &&
	deadline_released w.trigon &&
	deadline_homes &&
	touch -d @1700100000 w.trigon &&
	cp w.trigon waiting.trigon
'

# Attack 1, forward: the mover dates its claims by a clock set ahead.
test_expect_success 'attack: a timeout and forfeit dated in the future fail verify, naming the line, the seat and the skew (10 minutes)' '
	m=$(cat mover) && l=$(cat late) &&
	cp waiting.trigon f.trigon &&
	claim f.trigon $m timeout $l 1900000000 >/dev/null &&
	claim f.trigon $m forfeit $l 1900086400 >/dev/null &&
	T=$(grep -n "^@ $m timeout " f.trigon | cut -d: -f1) &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1899999399 trigon verify f.trigon >out 2>err &&
	grep "^trigon: f.trigon:$T: error: $m.s timeout is dated 2030-03-17T17:46:40Z, in the future (this clock: 2030-03-17T17:36:39Z; 10 minutes. skew allowed)$" err &&
	test_exit_code 1 trigon verify f.trigon 2>err &&
	grep "in the future" err &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1900085800 trigon verify f.trigon >out &&
	grep "^f.trigon: forfeit: $l forfeit claimed at line [0-9]*: .*; disputable until 2030-03-19T17:46:40Z$" out
'

# Attack 1, backward: both claims dated in the past, sent in one delivery.
test_expect_success 'attack: a timeout and its forfeit in one mail are refused by the accused'\''s apply (exit 1): neither claim enters its copy' '
	m=$(cat mover) && l=$(cat late) &&
	cp waiting.trigon c.trigon && touch -d @1700100000 c.trigon &&
	cp waiting.trigon a.trigon &&
	claim c.trigon $m timeout $l 1700359200 >/dev/null &&
	claim c.trigon $m forfeit $l 1700445600 >/dev/null &&
	mailto c.trigon $m $l 1700445600 >both.eml &&
	test_exit_code 1 trigon apply -f a.trigon --key keys/$l.key both.eml >out 2>err &&
	grep "^trigon: a.trigon: error: .both.eml. refused: brings $m.s timeout and the forfeit standing on it in one delivery: the accused must see the timeout first (trigon-save(5), Deadlines and forfeit)$" err &&
	! grep "^@ $m timeout " a.trigon &&
	! grep "^@ $m forfeit " a.trigon
'

# Attack 2: the accused answered the timeout at once; the claimant cuts
# that answer from its copy, seals it again and claims the forfeit.
test_expect_success 'attack: a copy cut of the accused'\''s answer and sealed again loses to it where the copies meet: both converge to the answer, no forfeit' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) &&
	cp waiting.trigon c.trigon && touch -d @1700100000 c.trigon &&
	cp waiting.trigon a.trigon &&
	claim c.trigon $m timeout $l 1700359200 >/dev/null &&
	mailto c.trigon $m $l 1700359200 >timeout.eml &&
	SOURCE_DATE_EPOCH=1700359300 trigon apply -f a.trigon --key keys/$l.key timeout.eml >out &&
	grep "^@ $l release $ev " a.trigon &&
	claim c.trigon $m forfeit $l 1700445600 >/dev/null &&
	! grep "^@ $l release $ev " c.trigon &&
	mailto c.trigon $m $l 1700445600 >forfeit.eml &&
	SOURCE_DATE_EPOCH=1700445700 trigon apply -f a.trigon --key keys/$l.key forfeit.eml >out &&
	grep "^@ $m forfeit $l " a.trigon &&
	grep "^@ $l release $ev " a.trigon &&
	SOURCE_DATE_EPOCH=1700445700 trigon verify a.trigon >out &&
	! grep "forfeit" out &&
	mailto a.trigon $l $m 1700445700 >answer.eml &&
	SOURCE_DATE_EPOCH=1700445800 trigon apply -f c.trigon --key keys/$m.key answer.eml >out &&
	cmp a.trigon c.trigon
'

test_expect_success 'the stalled seat'\''s late release within the dispute window voids the forfeit and the game goes on; after it, the forfeit is final' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) &&
	cp waiting.trigon c.trigon && touch -d @1700100000 c.trigon &&
	claim c.trigon $m timeout $l 1700359200 >/dev/null &&
	claim c.trigon $m forfeit $l 1700445600 >/dev/null &&
	cp c.trigon claimed.trigon &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1700445700 trigon verify c.trigon >out &&
	grep "$l forfeit claimed at line [0-9]*: .*; disputable until 2023-11-21T02:00:00Z$" out &&
	SOURCE_DATE_EPOCH=1700531999 trigon answer -f c.trigon --key keys/$l.key >out &&
	grep "^c.trigon: $l answered (1 line)$" out &&
	grep "^@ $l release $ev " c.trigon &&
	SOURCE_DATE_EPOCH=1700531999 trigon verify c.trigon >out &&
	! grep "forfeit" out &&
	! grep "over" out &&
	cp claimed.trigon c.trigon &&
	SOURCE_DATE_EPOCH=1700532000 trigon answer -f c.trigon --key keys/$l.key >out &&
	! grep "^@ $l release $ev " c.trigon &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1700532000 trigon verify c.trigon >out &&
	grep "$l forfeited at line [0-9]*: .* past the deadline and the grace$" out
'

# Over git: the hook refuses a push that brings a timeout and the forfeit
# standing on it, and takes them in two pushes.  Ann (green) created the
# game with her join at 1700000000; Ben (purple) never joins.
test_expect_success 'attack over git: a push with a timeout and its forfeit is refused by the hook; pushed apart, both are taken' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	git_server srv/game.git &&
	homes ann:green:Ann &&
	git clone -q srv/game.git ann 2>/dev/null &&
	(cd ann && SOURCE_DATE_EPOCH=1700000000 TRIGON_HOME="$HOME_DIR/home-ann" trigon new g.trigon --chance fair \
		--player "green:Ann:ann@example.org:$(cat ../keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat ../keys/purple.key.pub)" >/dev/null) &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	SOURCE_DATE_EPOCH=1700000000 git -C ann push -q origin main &&
	touch -d @1700000000 ann/g.trigon &&
	KEYDIR=../keys && export KEYDIR &&
	(cd ann && claim g.trigon green timeout purple 1700259200 && claim g.trigon green forfeit purple 1700345600) >/dev/null &&
	git -C ann commit -q -a -m "both claims" &&
	test_must_fail git -C ann push -q origin main 2>err &&
	grep "brings green.s timeout and the forfeit standing on it in one delivery" err &&
	git -C ann reset -q --hard HEAD~1 &&
	touch -d @1700000000 ann/g.trigon &&
	(cd ann && claim g.trigon green timeout purple 1700259200) >/dev/null &&
	git -C ann commit -q -a -m "timeout" &&
	SOURCE_DATE_EPOCH=1700259200 git -C ann push -q origin main &&
	(cd ann && claim g.trigon green forfeit purple 1700345600) >/dev/null &&
	git -C ann commit -q -a -m "forfeit" &&
	SOURCE_DATE_EPOCH=1700345600 git -C ann push -q origin main &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	grep "^@ green forfeit purple " server.trigon
'

# Over git the hook times each claim by when it received what the claim
# stands on (trigon-save(5), Deadlines and forfeit; doc/fair-chance.md,
# "Over git, the receive time").  The attack: the move that opens the
# event reaches the shared repository at C (1800000000,
# 2027-01-15T08:00:00Z); the mover dates its timeout back and pushes it
# at once, then the forfeit, then its audit, which would make the
# forfeit final.  The hook refuses each until the deadline (3d) has run
# since it received the move, and the grace (1d) since it received the
# timeout, then the forfeit; a refused push changes nothing there, and
# a copy of the game pushed to another ref (by the accused, say) moves
# none of these times.
push_at () {
	SOURCE_DATE_EPOCH=$1 git -C fl push -q origin main 2>err
}
test_expect_success 'attack over git: a timeout, forfeit or audit pushed before the deadline or the grace has run since the hook received what it stands on is refused, naming the line, the await and when it may come; a copy pushed to another ref moves no time' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) &&
	KEYDIR=keys && export KEYDIR &&
	git_server srv/late.git &&
	git clone -q srv/late.git fl 2>/dev/null &&
	cp waiting.trigon fl/g.trigon && git -C fl add g.trigon &&
	git -C fl commit -q -m "the game, the move" && push_at 1800000000 &&
	git -C srv/late.git cat-file blob main:g.trigon >before.trigon &&
	M=$(grep -nv "^[#@]" fl/g.trigon | grep -v "^[0-9]*:end " | tail -n 1 | cut -d: -f1) &&
	touch -d @1700100000 fl/g.trigon &&
	claim fl/g.trigon $m timeout $l 1799827200 >/dev/null &&
	T=$(grep -n "^@ $m timeout " fl/g.trigon | cut -d: -f1) &&
	git -C fl commit -q -a -m timeout &&
	test_must_fail push_at 1800000000 &&
	grep "remote: trigon: refs/heads/main: g.trigon:$T: error: $m.s timeout of $l for event $ev comes before the deadline has run since this repository received line $M, the line that opened that await (received 2027-01-15T08:00:00Z); it may come from 2027-01-18T08:00:00Z *$" err &&
	git -C srv/late.git cat-file blob main:g.trigon >server.trigon &&
	cmp before.trigon server.trigon &&
	SOURCE_DATE_EPOCH=1800200000 git -C fl push -q origin HEAD~1:refs/heads/copy &&
	push_at 1800259200 &&
	claim fl/g.trigon $m forfeit $l 1800259200 >/dev/null &&
	F=$(grep -n "^@ $m forfeit " fl/g.trigon | cut -d: -f1) &&
	git -C fl commit -q -a -m forfeit &&
	test_must_fail push_at 1800262800 &&
	grep "remote: trigon: refs/heads/main: g.trigon:$F: error: $m.s forfeit of $l comes before the grace has run since this repository received line $T, its timeout (received 2027-01-18T08:00:00Z); it may come from 2027-01-19T08:00:00Z *$" err &&
	push_at 1800345600 &&
	SOURCE_DATE_EPOCH=1800345600 trigon answer -f fl/g.trigon --key keys/$m.key >/dev/null &&
	A=$(grep -n "^@ $m audit " fl/g.trigon | cut -d: -f1) &&
	git -C fl commit -q -a -m audit &&
	git -C srv/late.git cat-file blob main:g.trigon >before.trigon &&
	test_must_fail push_at 1800345600 &&
	grep "remote: trigon: refs/heads/main: g.trigon:$A: error: $m.s audit comes before the grace has run since this repository received line $F, the forfeit it makes final (received 2027-01-19T08:00:00Z); it may come from 2027-01-20T08:00:00Z *$" err &&
	git -C srv/late.git cat-file blob main:g.trigon >server.trigon &&
	cmp before.trigon server.trigon &&
	push_at 1800432000 &&
	git -C srv/late.git cat-file blob main:g.trigon >server.trigon &&
	grep "^@ $m audit " server.trigon
'

test_done
