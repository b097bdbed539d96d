#!/bin/sh
test_description='fair chance, deadlines, timeout and forfeit (doc/fair-chance.md): a seat that withholds its join or a release loses, visibly and verifiably; a premature claim is refused and changes nothing; verify names the line and seat of a false claim'
. "$(dirname "$0")/setup.sh"

FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"

# new_fair FILE [NEW OPTIONS]: green against purple, chance fair, created
# at 2023-11-14T22:13:20Z (1700000000).
new_fair () {
	nf_file=$1
	shift
	SOURCE_DATE_EPOCH=1700000000 trigon new "$nf_file" --chance fair --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" "$@" >/dev/null
}

# insert FILE AFTER LINE: LINE put after line AFTER.
insert () {
	awk -v n="$2" -v l="$3" "{ print } NR == n { print l }" "$1" >ins &&
	mv ins "$1"
}

test_expect_success 'setup' '
	test_keys
'

test_expect_success 'new --deadline writes the deadline line after hands open; verify reads it' '
	new_fair d.trigon --deadline 2h,30m &&
	sed -n 7,8p d.trigon >lines &&
	printf "%s\n" "hands open" "deadline 2h 30m" >expect &&
	test_cmp expect lines &&
	test_exit_code 4 trigon verify d.trigon >out &&
	grep "^d.trigon: ok so far: not started" out &&
	new_fair e.trigon --deadline 3d,90m &&
	grep "^deadline 3d 90m$" e.trigon &&
	new_fair f.trigon &&
	! grep "^deadline" f.trigon
'

test_expect_success 'new refuses a bad --deadline (exit 2, no file)' '
	test_exit_code 2 trigon new x.trigon --chance fair --deadline 0h,1h \
		--player "green:A:$(cat keys/green.key.pub)" --player "purple:B:keys/purple.key.pub" 2>err &&
	grep "deadline takes ANSWER,GRACE" err &&
	test_exit_code 2 trigon new x.trigon --chance fair --deadline 72h \
		--player "green:A:$(cat keys/green.key.pub)" --player "purple:B:keys/purple.key.pub" 2>err &&
	test_exit_code 2 trigon new x.trigon --deadline 0m,24h \
		--player "green:A:$(cat keys/green.key.pub)" --player "purple:B:keys/purple.key.pub" 2>err &&
	grep "deadline takes ANSWER,GRACE" err &&
	! test -e x.trigon
'

test_expect_success 'a deadline line that is not two durations fails verify (exit 1), named by its line' '
	sed "s/^deadline 2h 30m$/deadline 2x 30m/" d.trigon >t.trigon &&
	test_exit_code 1 trigon verify t.trigon 2>err &&
	grep "^trigon: t.trigon:8: error: deadline: a duration is 1 to 99999 followed by m, h or d" err &&
	sed "s/^deadline 2h 30m$/deadline 02h 30m/" d.trigon >t.trigon &&
	test_exit_code 1 trigon verify t.trigon 2>err &&
	grep "^trigon: t.trigon:8: error: deadline: " err
'

# d.trigon: deadline 2h, grace 30m.  Green joins; purple never does.
test_expect_success 'a join withheld: a timeout before the deadline is refused (exit 1) and writes nothing' '
	trigon answer -f d.trigon --key keys/green.key >/dev/null &&
	touch -d @1700001000 d.trigon &&
	cp d.trigon before &&
	test_exit_code 1 claim d.trigon green timeout purple 1700008199 2>err &&
	grep "^trigon: d.trigon: refused: too early: purple was asked for its join at 2023-11-14T22:30:00Z at the earliest (this copy.s last change); a timeout may be claimed from 2023-11-15T00:30:00Z$" err &&
	cmp before d.trigon &&
	trigon status -f d.trigon >out &&
	grep "^since 2023-11-14 22:30 UTC at the earliest (this copy.s last change); purple.s timeout may be claimed from 2023-11-15 00:30 UTC (trigon claim)$" out &&
	cmp before d.trigon
'

test_expect_success 'a forfeit without a timeout, claims against oneself or a seat that owes nothing are refused (exit 1, nothing written)' '
	test_exit_code 1 claim d.trigon green forfeit purple 1800000000 2>err &&
	grep "refused: no timeout of purple for its join yet" err &&
	test_exit_code 1 claim d.trigon green timeout green 1800000000 2>err &&
	grep "refused: green cannot claim against itself$" err &&
	test_exit_code 1 claim d.trigon purple timeout green 1800000000 2>err &&
	grep "refused: green owes no answer and no move now: nothing to claim$" err &&
	cp f.trigon f0.trigon &&
	test_exit_code 1 claim f.trigon green timeout purple 1800000000 2>err &&
	grep "refused: its join for purple awaits green too: answer it first (trigon answer)$" err &&
	cmp f0.trigon f.trigon &&
	test_exit_code 2 claim d.trigon green timeout yellow 1800000000 2>err &&
	test_exit_code 2 claim d.trigon green resign purple 1800000000 2>err &&
	cmp before d.trigon
'

test_expect_success 'after the deadline the timeout is written, dated by the claimant, and the join is still awaited' '
	claim d.trigon green timeout purple 1700008200 >out &&
	grep "^d.trigon: green claims the timeout of purple (1 line)$" out &&
	grep -E "^@ green timeout purple join 2023-11-15T00:30:00Z \| [0-9a-f]{16} [A-Za-z0-9_-]{86}$" d.trigon &&
	test_exit_code 4 trigon verify d.trigon >out &&
	grep "incomplete: awaits join (line 13): purple$" out &&
	cp d.trigon before &&
	test_exit_code 1 claim d.trigon green timeout purple 1800000000 2>err &&
	grep "refused: a timeout of purple for its join is claimed already (line 15)" err &&
	cmp before d.trigon &&
	trigon status -f d.trigon >out &&
	grep "; purple.s forfeit may be claimed from 2023-11-15 01:00 UTC (trigon claim)$" out &&
	trigon status --json -f d.trigon >st.json &&
	jq -c .await.since.claim st.json >out &&
	echo "{\"seat\":\"purple\",\"kind\":\"forfeit\",\"from\":\"2023-11-15T01:00:00Z\"}" >expect &&
	test_cmp expect out
'

test_expect_success 'a forfeit before the grace has passed is refused (exit 1) and writes nothing' '
	test_exit_code 1 claim d.trigon green forfeit purple 1700009999 2>err &&
	grep "refused: too early: the grace after the timeout of line 15 runs until 2023-11-15T01:00:00Z$" err &&
	cmp before d.trigon
'

test_expect_success 'after the grace the forfeit ends the game before it started: verify and status say who forfeited and why' '
	claim d.trigon green forfeit purple 1700010000 >out &&
	grep "^d.trigon: the game is over: purple forfeit claimed at line 16: it withheld its join (line 13) past the deadline and the grace; disputable until 2023-11-15T01:30:00Z$" out &&
	sed -n "16,17p" d.trigon | cut -d" " -f1-5 >lines &&
	printf "%s\n" "@ green forfeit purple 2023-11-15T01:00:00Z" "#= purple forfeits" >expect &&
	test_cmp expect lines &&
	trigon verify d.trigon >out &&
	grep "^d.trigon: ok: not started, by 2 players; over: purple forfeited at line 16: it withheld its join (line 13) past the deadline and the grace; green won (forfeit)$" out &&
	trigon status -f d.trigon >out &&
	grep "^over: purple forfeited at line 16" out &&
	cp d.trigon before &&
	trigon answer -f d.trigon --key keys/purple.key >out &&
	grep "purple owes no answer now" out &&
	test_exit_code 1 claim d.trigon green timeout purple 1800000000 2>err &&
	grep "refused: the game is over: purple forfeited (line 16)" err &&
	cmp before d.trigon
'

# w.trigon: a started game (default deadline 72h, grace 24h) played
# until a move opens an event whose other seat is awaited.
test_expect_success 'setup: a started game, played until a move awaits the other seat'\''s release' '
	new_fair w.trigon &&
	for i in 1 2 3 4 5
	do
		trigon answer -f w.trigon --key keys/green.key >/dev/null &&
		trigon answer -f w.trigon --key keys/purple.key >/dev/null || return 1
	done &&
	while :
	do
		c=$(to_act w.trigon) &&
		trigon moves -f w.trigon --key keys/$c.key >legal 2>/dev/null &&
		if grep -qx end legal; then a=end; else a=$(sed -n 1p legal); fi &&
		trigon move -f w.trigon --key keys/$c.key "$a" >mv || return 1
		grep -q "released at once" mv && break
		trigon answer -f w.trigon --key keys/green.key >/dev/null &&
		trigon answer -f w.trigon --key keys/purple.key >/dev/null || return 1
	done &&
	echo $c >mover &&
	if test $c = green; then echo purple; else echo green; fi >late &&
	ev=$(sed -n "s/^#? \([0-9]*\) release .*/\1/p" w.trigon | tail -n 1) &&
	echo $ev >event &&
	test_exit_code 4 trigon verify w.trigon >out &&
	grep "incomplete: awaits release for event $ev, .*: $(cat late)$" out &&
	touch -d @1700100000 w.trigon &&
	cp w.trigon waiting.trigon
'

test_expect_success 'the withheld release: timeout after 72h (refused a second before), forfeit after 24h more (refused a second before)' '
	m=$(cat mover) && l=$(cat late) &&
	test_exit_code 1 claim w.trigon $m timeout $l 1700359199 2>err &&
	grep "too early: $l was asked for event $(cat event), " err &&
	cmp waiting.trigon w.trigon &&
	claim w.trigon $m timeout $l 1700359200 >out &&
	cp w.trigon timedout.trigon &&
	test_exit_code 1 claim w.trigon $m forfeit $l 1700445599 2>err &&
	grep "too early: the grace after the timeout of line [0-9]* runs until 2023-11-20T02:00:00Z$" err &&
	cmp timedout.trigon w.trigon &&
	claim w.trigon $m forfeit $l 1700445600 >out &&
	grep "^w.trigon: the game is over: $l forfeit claimed at line [0-9]*: it withheld its release for event $(cat event), .*; disputable until 2023-11-21T02:00:00Z$" out &&
	! grep "^@ $m audit " w.trigon &&
	SOURCE_DATE_EPOCH=1700531999 trigon answer -f w.trigon --key keys/$m.key >out &&
	! grep "^@ $m audit " w.trigon &&
	SOURCE_DATE_EPOCH=1700532000 trigon answer -f w.trigon --key keys/$m.key >out &&
	grep "^w.trigon: $m answered (1 line)$" out
'

test_expect_success 'the rules are told (rules.h forfeit): the forfeiter loses, the game is over, the audit is awaited and the claimant'\''s written' '
	m=$(cat mover) && l=$(cat late) &&
	grep -A3 "^#= $l forfeits$" w.trigon | cut -d" " -f1-4 >lines &&
	printf "%s\n" "#= $l forfeits" "#= $m wins (forfeit)" "#? audit: green purple" "end [0-9]* $m" >expect &&
	grep -c -f expect lines >n && test $(cat n) = 4 &&
	grep "^@ $m audit " w.trigon &&
	test_exit_code 4 trigon verify w.trigon >out &&
	grep "^w.trigon: ok: [0-9]* moves by 2 players, round [0-9]*, over, $m won (forfeit)$" out &&
	grep "^w.trigon: forfeit: $l forfeited at line [0-9]*: it withheld its release for event $(cat event), .* (line [0-9]*) past the deadline and the grace$" out &&
	grep "^w.trigon: incomplete: awaits audit (line [0-9]*): $l$" out &&
	trigon status -f w.trigon >out &&
	grep "^over: $m won (forfeit)$" out &&
	grep "^since [-0-9]* [0-9:]* UTC at the earliest (this copy.s last change); an audit has no deadline$" out &&
	test_exit_code 4 trigon verify --json w.trigon >out &&
	grep "\"how\": \"forfeit\"" out
'

test_expect_success 'after the forfeit no move may follow (exit 1, nothing written); the late seat may still audit, then the game is fully audited' '
	m=$(cat mover) && l=$(cat late) &&
	cp w.trigon before &&
	test_exit_code 1 trigon move -f w.trigon --key keys/$l.key end 2>err &&
	grep "the game is over" err &&
	cmp before w.trigon &&
	trigon answer -f w.trigon --key keys/$l.key >out &&
	grep "^w.trigon: $l answered (1 line)$" out &&
	! grep "^@ $l release $(cat event) " w.trigon &&
	trigon verify w.trigon >out &&
	grep "fully audited" out &&
	cp w.trigon forfeited.trigon
'

# The false claims verify must name (the tamper table's "forfeit without
# timeout, or before the grace"), each forged with the claimant's own
# key as trigon-save(5) says.  Lines of timedout.trigon: T the timeout.
test_expect_success 'tamper: a timeout dated before created plus the deadline is refused, naming its line and seat' '
	m=$(cat mover) && l=$(cat late) &&
	T=$(grep -n "^@ $m timeout " timedout.trigon | cut -d: -f1) &&
	cp timedout.trigon t.trigon &&
	line=$("$FAIRSIGN" keys/$m.key t.trigon $T "timeout $l $(cat event) 2023-11-17T22:13:19Z") &&
	awk -v n=$T -v l="$line" "NR == n { print l; next } { print }" timedout.trigon >t.trigon &&
	expect_bad t.trigon $T "$m.s timeout of $l is dated 2023-11-17T22:13:19Z, before the deadline can have passed (2023-11-17T22:13:20Z: created plus the deadline)$"
'

test_expect_success 'tamper: a forfeit before the grace, or without a timeout, is refused, naming its line and seat' '
	m=$(cat mover) && l=$(cat late) &&
	F=$(grep -n "^@ $m forfeit " forfeited.trigon | cut -d: -f1) &&
	T=$(grep -n "^@ $m timeout " forfeited.trigon | cut -d: -f1) &&
	line=$("$FAIRSIGN" keys/$m.key forfeited.trigon $F "forfeit $l 2023-11-20T01:59:59Z") &&
	awk -v n=$F -v l="$line" "NR == n { print l; next } { print }" forfeited.trigon >t.trigon &&
	expect_bad t.trigon $F "$m.s forfeit of $l is dated 2023-11-20T01:59:59Z, before the grace ends (2023-11-20T02:00:00Z: the timeout of line $T plus the grace)$" &&
	sed "${T}d" forfeited.trigon >t.trigon &&
	expect_bad t.trigon $((F - 1)) "$m.s forfeit of $l follows no timeout of it$"
'

test_expect_success 'tamper: a release put in after the claimant audited (the forfeit final) makes the audit answer nothing: refused' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) &&
	k=$(grep -c "^@ $l release " forfeited.trigon) &&
	v=$("$FAIRSIGN" --chain keys/$l.key forfeited.trigon - $((k + 1))) &&
	A=$(grep -n "^@ $l audit " forfeited.trigon | cut -d: -f1) &&
	line=$("$FAIRSIGN" keys/$l.key forfeited.trigon $A "release $ev $v") &&
	insert forfeited.trigon $((A - 1)) "$line" >/dev/null &&
	mv forfeited.trigon t.trigon && cp w.trigon forfeited.trigon &&
	test_exit_code 1 trigon verify t.trigon 2>err &&
	grep "error: no await for [a-z]* here: the game is not over (an audit comes at its end)$" err
'

test_expect_success 'tamper: claims against oneself, of an event that does not ask the accused, or twice, are refused' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) &&
	T=$(grep -n "^@ $m timeout " timedout.trigon | cut -d: -f1) &&
	for body in "timeout $m $ev 2023-11-19T00:00:00Z#accuses itself" \
		"timeout $l 1 2023-11-19T00:00:00Z#names event 1, turn order, which is not open" \
		"timeout $l 99 2023-11-19T00:00:00Z#names event 99, which is not open"
	do
		line=$("$FAIRSIGN" keys/$m.key timedout.trigon $T "${body%%#*}") &&
		awk -v n=$T -v l="$line" "NR == n { print l; next } { print }" timedout.trigon >t.trigon &&
		expect_bad t.trigon $T "$m.s timeout .*${body#*#}" || return 1
	done &&
	line=$("$FAIRSIGN" keys/$m.key timedout.trigon $T "timeout $l $ev 2023-11-19T13:20:01Z") &&
	insert timedout.trigon $T "$line" >/dev/null &&
	mv timedout.trigon t.trigon &&
	expect_bad t.trigon $((T + 1)) "a second timeout of $l for event $ev, .* (line $T)$"
'

# Catan through the same rules interface (lib/games/catan only): three
# seats, a roll withheld by blue (forfeit end, doc/fair-chance.md).
ckey () {
	case $1 in red) echo green ;; blue) echo purple ;; white) echo yellow ;; esac
}

test_expect_success 'Catan, three seats: blue withholds its release for the first roll; the forfeit ends the game, the leader by public points wins (first in seat order among equals)' '
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan --option first=1 --chance fair --seed "$SEED2" \
		--player "red:A:keys/green.key.pub" --player "blue:B:keys/purple.key.pub" \
		--player "white:C:keys/yellow.key.pub" >/dev/null &&
	for i in 1 2 3 4 5 6
	do
		for k in green purple yellow
		do
			trigon answer -f c.trigon --key keys/$k.key >/dev/null || return 1
		done
	done &&
	while :
	do
		c=$(to_act c.trigon) &&
		trigon moves -f c.trigon --key keys/$(ckey $c).key >legal 2>/dev/null &&
		a=$(grep -x roll legal || sed -n 1p legal) &&
		trigon move -f c.trigon --key keys/$(ckey $c).key "$a" >mv || return 1
		grep -q "released at once" mv && break
		for k in green purple yellow
		do
			trigon answer -f c.trigon --key keys/$k.key >/dev/null || return 1
		done
	done &&
	test "$c $a" = "red roll" &&
	grep "^c.trigon: waiting for answers: release for event 1, dice (line [0-9]*): blue white" mv &&
	trigon answer -f c.trigon --key keys/yellow.key >/dev/null &&
	touch -d @1700100000 c.trigon &&
	claim c.trigon green timeout blue 1700359200 >/dev/null &&
	claim c.trigon green forfeit blue 1700445600 >out &&
	grep "^c.trigon: the game is over: blue forfeit claimed at line [0-9]*: it withheld its release for event 1, dice (line [0-9]*) past the deadline and the grace; disputable until 2023-11-21T02:00:00Z$" out &&
	grep -A2 "^#= blue forfeits$" c.trigon >lines &&
	printf "%s\n" "#= blue forfeits" "#= red wins (forfeit)" "#? audit: red blue white" >expect &&
	test_cmp expect lines &&
	test_exit_code 4 trigon verify c.trigon >out &&
	grep "^c.trigon: ok: [0-9]* moves by 3 players, round 1, over, red won (forfeit)$" out &&
	cp c.trigon before &&
	test_exit_code 1 trigon move -f c.trigon --key keys/yellow.key roll 2>err &&
	cmp before c.trigon
'

# A late answer (doc/fair-chance.md): the late seat releases in
# its own copy before the claimant's timeout reaches it, and mails it;
# the claimant's copy already holds the timeout.  Each copy takes the
# other's answers into the open block (canonical order) and signs its
# end line again; both end with the same bytes, the event is answered,
# and no forfeit can follow.
test_expect_success 'a late release, mailed after the timeout was claimed, joins the open block with the timeout: the end line signed again, both copies the same bytes, the game goes on and the forfeit is refused' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) &&
	mkdir -p home-m home-l &&
	printf "[player]\nemail = %s@example.org\n" $m >home-m/config &&
	printf "[player]\nemail = %s@example.org\n" $l >home-l/config &&
	cp waiting.trigon claimant.trigon && touch -d @1700100000 claimant.trigon &&
	cp waiting.trigon lateseat.trigon &&
	claim claimant.trigon $m timeout $l 1700359200 >/dev/null &&
	trigon answer -f lateseat.trigon --key keys/$l.key >out &&
	grep "^lateseat.trigon: $l answered (1 line)$" out &&
	SOURCE_DATE_EPOCH=1700400000 TRIGON_HOME=$PWD/home-l trigon mail -f lateseat.trigon \
		--key keys/$l.key --to $m@example.org >late.eml &&
	trigon apply -f claimant.trigon --key keys/$m.key late.eml >out &&
	grep "^claimant.trigon: took the answers of .late.eml. (no new moves)$" out &&
	grep "^@ $l release $ev " claimant.trigon &&
	grep "^@ $m timeout $l $ev 2023-11-19T02:00:00Z " claimant.trigon &&
	tail -n 1 claimant.trigon >last &&
	grep "^end [0-9]* $m " last &&
	trigon verify claimant.trigon >out &&
	! grep "incomplete" out &&
	SOURCE_DATE_EPOCH=1700400000 TRIGON_HOME=$PWD/home-m trigon mail -f claimant.trigon \
		--key keys/$m.key --to $l@example.org >claim.eml &&
	trigon apply -f lateseat.trigon --key keys/$l.key claim.eml >out &&
	cmp claimant.trigon lateseat.trigon &&
	cp claimant.trigon before &&
	test_exit_code 1 claim claimant.trigon $m forfeit $l 1700445600 2>err &&
	grep "refused: no timeout of $l for its move yet: claim one first, a forfeit may follow after the grace$" err &&
	cmp before claimant.trigon
'

test_done
