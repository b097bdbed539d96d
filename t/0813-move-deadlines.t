#!/bin/sh
test_description='deadlines for every wait (trigon-save(5), Deadlines and forfeit; doc/fair-chance.md): a seat that stops moving loses by a forfeit the other claims after the deadline and the grace; its late move within the grace voids the claim'
. "$(dirname "$0")/setup.sh"

# first_move FILE SEAT: a legal move of SEAT ("end" when it may end).
first_move () {
	trigon moves -f "$1" --key "keys/$2.key" >legal 2>/dev/null &&
	if grep -qx end legal; then echo end; else sed -n 1p legal; fi
}

# A fair game (deadline 72h, grace 24h, created 1700000000, so the
# deadline runs out at 1700259200, 2023-11-17T22:13:20Z), joined and
# started: it awaits a move, and no answer.
test_expect_success 'setup: a fair game that awaits a seat'\''s move' '
	test_keys &&
	deadline_started w.trigon &&
	to_act w.trigon >stalled &&
	s=$(cat stalled) &&
	if test $s = green; then echo purple; else echo green; fi >claimant &&
	touch -d @1700000000 w.trigon &&
	cp w.trigon waiting.trigon
'

test_expect_success 'a timeout of a withheld move before the deadline is refused (exit 1) and writes nothing' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp waiting.trigon m.trigon && touch -d @1700000000 m.trigon &&
	test_exit_code 1 claim m.trigon $o timeout $s 1700259199 2>err &&
	grep "^trigon: m.trigon: refused: too early: $s was asked for its move at 2023-11-14T22:13:20Z at the earliest (this copy.s last change); a timeout may be claimed from 2023-11-17T22:13:20Z$" err &&
	cmp waiting.trigon m.trigon &&
	test_exit_code 1 claim m.trigon $s timeout $o 1700259200 2>err &&
	grep "^trigon: m.trigon: refused: $o owes no answer and no move now: nothing to claim$" err &&
	cmp waiting.trigon m.trigon
'

test_expect_success 'status and games say from when the seat that owes its move may be claimed against' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp waiting.trigon m.trigon && touch -d @1700000000 m.trigon &&
	trigon status -f m.trigon >out &&
	grep "^since 2023-11-14 22:13 UTC at the earliest (this copy.s last change); $s.s timeout may be claimed from 2023-11-17 22:13 UTC (trigon claim)$" out &&
	trigon games --key keys/$o.key m.trigon >out &&
	grep "; awaits $s: $s to act (round 1); since 2023-11-14 22:13; $s may be claimed against from 2023-11-17 22:13$" out &&
	COLUMNS=80 trigon status -f m.trigon >out &&
	grep "^since 2023-11-14 22:13 UTC at the earliest (this copy.s last change); $s.s$" out &&
	grep "^    timeout may be claimed from 2023-11-17 22:13 UTC (trigon claim)$" out &&
	awk "length > 80" out >long &&
	test_must_be_empty long
'

test_expect_success 'mail says when the seat that owes its move may be claimed against, and reminds it once the deadline is near (a quarter of it left)' '
	s=$(cat stalled) && o=$(cat claimant) &&
	mkdir -p home && printf "[player]\nemail = %s@example.org\n" $o >home/config &&
	cp waiting.trigon m.trigon && touch -d @1700000000 m.trigon &&
	SOURCE_DATE_EPOCH=1700194399 TRIGON_HOME=$PWD/home trigon mail -f m.trigon \
		--key keys/$o.key --to $s@example.org >early.eml &&
	grep "^since 2023-11-14 22:13 UTC at the earliest (this copy.s last change); $s.s timeout may be claimed from 2023-11-17 22:13 UTC (trigon claim)$" early.eml &&
	! grep "^Reminder" early.eml &&
	SOURCE_DATE_EPOCH=1700194400 TRIGON_HOME=$PWD/home trigon mail -f m.trigon \
		--key keys/$o.key --to $s@example.org >near.eml &&
	grep "^Reminder to $s: the deadline is near.  A timeout may be claimed against$" near.eml &&
	grep "^$s from 2023-11-17 22:13 UTC (trigon claim).$" near.eml
'

test_expect_success 'the seat that stops moving: a timeout after the deadline, then a forfeit after the grace; disputable, then final' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp waiting.trigon m.trigon && touch -d @1700000000 m.trigon &&
	claim m.trigon $o timeout $s 1700259200 >out &&
	grep "^@ $o timeout $s move 2023-11-17T22:13:20Z | " m.trigon &&
	test_exit_code 1 claim m.trigon $o forfeit $s 1700345599 2>err &&
	grep "too early: the grace after the timeout of line [0-9]* runs until 2023-11-18T22:13:20Z$" err &&
	claim m.trigon $o forfeit $s 1700345600 >out &&
	grep "^@ $o forfeit $s 2023-11-18T22:13:20Z | " m.trigon &&
	F=$(grep -n "^@ $o forfeit " m.trigon | cut -d: -f1) &&
	cp m.trigon claimed.trigon &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1700345700 trigon verify m.trigon >out &&
	grep "^m.trigon: ok: 0 moves by 2 players, round 1, $s forfeit claimed, disputable until 2023-11-19T22:13:20Z$" out &&
	grep "^m.trigon: forfeit: $s forfeit claimed at line $F: it withheld its move past the deadline and the grace; disputable until 2023-11-19T22:13:20Z$" out &&
	! grep "won" out &&
	SOURCE_DATE_EPOCH=1700345700 trigon games --key keys/$o.key m.trigon >out &&
	grep "; $s forfeit claimed, disputable until 2023-11-19 22:13$" out &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1700432000 trigon verify m.trigon >out &&
	grep "^m.trigon: forfeit: $s forfeited at line $F: it withheld its move past the deadline and the grace$" out &&
	grep "^m.trigon: incomplete: awaits audit (the forfeit of line $F is final): green purple$" out &&
	SOURCE_DATE_EPOCH=1700432000 trigon answer -f m.trigon --key keys/$o.key >/dev/null &&
	SOURCE_DATE_EPOCH=1700432000 trigon answer -f m.trigon --key keys/$s.key >/dev/null &&
	grep "^#= $s forfeits$" m.trigon &&
	SOURCE_DATE_EPOCH=1700432000 trigon verify m.trigon >out &&
	grep "^m.trigon: ok: 0 moves by 2 players, round 1, over, $o won (forfeit)$" out &&
	grep "^m.trigon: fully audited: " out
'

test_expect_success 'the stalled seat'\''s late move within the grace voids the forfeit: the game goes on; after the grace its move is refused' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp claimed.trigon m.trigon &&
	a=$(first_move m.trigon $s) &&
	SOURCE_DATE_EPOCH=1700431999 trigon move -f m.trigon --key keys/$s.key "$a" >out &&
	grep "^[0-9]* $s $a | " m.trigon &&
	SOURCE_DATE_EPOCH=1700432000 trigon verify m.trigon >out &&
	! grep "forfeit" out &&
	! grep "over" out &&
	cp claimed.trigon m.trigon &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700432000 trigon move -f m.trigon --key keys/$s.key "$a" 2>err &&
	grep "the game is over: $s forfeited" err &&
	cmp claimed.trigon m.trigon
'

test_expect_success 'a move after an audit written once the forfeit was final is refused by every reader (exit 1), named by its line' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp claimed.trigon m.trigon &&
	SOURCE_DATE_EPOCH=1700432000 trigon answer -f m.trigon --key keys/$o.key >/dev/null &&
	grep "^@ $o audit " m.trigon &&
	cp claimed.trigon late.trigon &&
	a=$(first_move late.trigon $s) &&
	SOURCE_DATE_EPOCH=1700431999 trigon move -f late.trigon --key keys/$s.key "$a" >/dev/null &&
	sed -n "/^[0-9]* $s /,\$p" late.trigon | sed "\$d" >move.lines &&
	sed "\$d" m.trigon >cut.trigon &&
	cat move.lines >>cut.trigon &&
	L=$(grep -n "^[0-9]* $s $a | " cut.trigon | cut -d: -f1) &&
	test_exit_code 1 trigon verify cut.trigon 2>err &&
	grep "^trigon: cut.trigon:$L: error: " err
'

FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"

# The claimant's dates only go forward (trigon-save(5), Deadlines and
# forfeit: each seat's dates are monotone): after its timeout of line T
# and the accused's late move, a second claim dated before it, signed
# and sealed by the claimant itself, is refused at its line.
test_expect_success 'a timeout answered by a late move is a notice; a later claim dated before the claimant'\''s earlier one is refused at its line (exit 1)' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp waiting.trigon b.trigon && touch -d @1700000000 b.trigon &&
	claim b.trigon $o timeout $s 1700259200 >/dev/null &&
	T=$(grep -n "^@ $o timeout " b.trigon | cut -d: -f1) &&
	trigon moves -f b.trigon --key keys/$s.key >legal 2>/dev/null &&
	a=$(grep -vx end legal | sed -n 1p) &&
	SOURCE_DATE_EPOCH=1700260000 trigon move -f b.trigon --key keys/$s.key "$a" >/dev/null &&
	SOURCE_DATE_EPOCH=1700260000 trigon verify b.trigon >out &&
	! grep forfeit out &&
	n=$(wc -l <b.trigon) &&
	for d in 2023-11-17T22:13:19Z 2023-11-17T22:13:20Z
	do
		line=$("$FAIRSIGN" keys/$o.key b.trigon $n "timeout $s move $d") &&
		head -n $((n - 1)) b.trigon >c.trigon &&
		printf "%s\n" "$line" >>c.trigon &&
		end=$("$FAIRSIGN" --end keys/$o.key c.trigon 1) &&
		printf "%s\n" "$end" >>c.trigon &&
		cp c.trigon c-$d.trigon || return 1
	done &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700260000 trigon verify c-2023-11-17T22:13:19Z.trigon 2>err &&
	grep "^trigon: c-2023-11-17T22:13:19Z.trigon:$n: error: $o.s timeout is dated 2023-11-17T22:13:19Z, before its own claim of line $T (2023-11-17T22:13:20Z)$" err &&
	SOURCE_DATE_EPOCH=1700260000 trigon verify c-2023-11-17T22:13:20Z.trigon >out &&
	grep "^c-2023-11-17T22:13:20Z.trigon: ok: 1 move by 2 players, round 1, $s to act$" out
'

test_done
