#!/bin/sh
test_description='deadlines in open games (doc/fair-chance.md, "Deadlines in open games"; trigon-save(5), Deadlines and forfeit): a seat that stops moving in a game of open chance ends it by a forfeit the other claims after the deadline and the grace, made final by the claimant'\''s final line; its late move within the grace voids the claim; claims dated ahead of the skew, a timeout and its forfeit or a forfeit and its final in one delivery, and a final too early or without its forfeit, are refused; the views say when a seat may be claimed against'
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
	grep "^m.trigon: ok: 0 moves by 2 players, round 1, over, $o won (forfeit)$" out &&
	cp m.trigon final.trigon
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

FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"

# forge_final IN OUT SEAT BODY: IN without its end line, then SEAT's
# answer BODY signed with its main key for IN's open block and an end
# line of SEAT's: what a claimant's own client could write, any date.
forge_final () {
	ff_n=$(wc -l <"$1") &&
	head -n $((ff_n - 1)) "$1" >"$2" &&
	"$FAIRSIGN" --main "keys/$3.key" "$1" $ff_n "$4" >>"$2" &&
	ff_seq=$(sed -n "\$s/^end \([0-9]*\) .*/\1/p" "$1") &&
	ff_end=$("$FAIRSIGN" --end-main "keys/$3.key" "$2" $ff_seq) &&
	printf "%s\n" "$ff_end" >>"$2"
}

# trigon-save(5), Deadlines and forfeit: a final is dated at least the
# grace after its forfeit.  Forged a second later, the line is the very
# one trigon answer wrote (Ed25519 signs deterministically).
test_expect_success 'open game: a final dated before its forfeit plus the grace is refused at its line (exit 1)' '
	s=$(cat stalled) && o=$(cat claimant) &&
	F=$(grep -n "^@ $o forfeit " claimed.trigon | cut -d: -f1) &&
	n=$(wc -l <claimed.trigon) &&
	forge_final claimed.trigon early.trigon $o "final $s 2023-11-19T22:13:19Z" &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500000 trigon verify early.trigon 2>err &&
	grep "^trigon: early.trigon:$n: error: $o.s final of $s is dated 2023-11-19T22:13:19Z, before the forfeit of line $F can be final (2023-11-19T22:13:20Z: its date plus the grace)$" err &&
	forge_final claimed.trigon ontime.trigon $o "final $s 2023-11-19T22:13:20Z" &&
	sed -n ${n}p ontime.trigon >forged &&
	sed -n ${n}p final.trigon >written &&
	test_cmp written forged
'

# A final stands on a forfeit of its own block by its own claimant:
# after a timeout alone, in the block after the accused's move, or by
# the accused itself, it is refused at its line.
test_expect_success 'open game: a final without its forfeit (after the timeout alone, after the accused'\''s move, or by the accused) is refused at its line (exit 1)' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp waiting.trigon t.trigon && touch -d @1700000000 t.trigon &&
	claim t.trigon $o timeout $s 1700259200 >/dev/null &&
	cp t.trigon timedout.trigon &&
	n=$(wc -l <t.trigon) &&
	forge_final t.trigon nof.trigon $o "final $s 2023-11-19T22:13:20Z" &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500000 trigon verify nof.trigon 2>err &&
	grep "^trigon: nof.trigon:$n: error: $o.s final of $s stands on no forfeit of $s claimed by $o in its block$" err &&
	n=$(wc -l <moved.trigon) &&
	forge_final moved.trigon late.trigon $o "final $s 2023-11-19T22:13:20Z" &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500000 trigon verify late.trigon 2>err &&
	grep "^trigon: late.trigon:$n: error: $o.s final of $s stands on no forfeit of $s claimed by $o in its block$" err &&
	n=$(wc -l <claimed.trigon) &&
	forge_final claimed.trigon self.trigon $s "final $o 2023-11-19T22:13:20Z" &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500000 trigon verify self.trigon 2>err &&
	grep "^trigon: self.trigon:$n: error: $s.s final of $o stands on no forfeit of $o claimed by $s in its block$" err
'

# Finality is the final line, not the clock: long after the grace a
# forfeit without its final is disputable (exit 4), as in a fair game
# before its audits, and the accused may still move.
test_expect_success 'open game: without its final line the forfeit stays disputable (exit 4, no winner) after the grace, and the accused'\''s move still voids it' '
	s=$(cat stalled) && o=$(cat claimant) &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1700500000 trigon verify claimed.trigon >out &&
	grep "^claimed.trigon: ok: 0 moves by 2 players, round 1, $s forfeit claimed, disputable until 2023-11-19T22:13:20Z$" out &&
	! grep won out &&
	cp claimed.trigon lm.trigon &&
	a=$(first_move lm.trigon $s) &&
	SOURCE_DATE_EPOCH=1700500000 trigon move -f lm.trigon --key keys/$s.key "$a" >/dev/null &&
	SOURCE_DATE_EPOCH=1700500000 trigon verify lm.trigon >out &&
	! grep forfeit out
'

test_expect_success 'open game: a forfeit and its final in one delivery are refused by apply, naming them; in two deliveries the game ends' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp timedout.trigon acc2.trigon &&
	mailto final.trigon $o $s 1700432000 >ff.eml &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700432000 trigon apply -f acc2.trigon --key keys/$s.key ff.eml 2>err &&
	grep "refused: brings $o.s forfeit and the final standing on it in one delivery" err &&
	cmp timedout.trigon acc2.trigon &&
	mailto claimed.trigon $o $s 1700345600 >f.eml &&
	SOURCE_DATE_EPOCH=1700345700 trigon apply -f acc2.trigon --key keys/$s.key f.eml &&
	cmp claimed.trigon acc2.trigon &&
	SOURCE_DATE_EPOCH=1700432000 trigon apply -f acc2.trigon --key keys/$s.key ff.eml &&
	cmp final.trigon acc2.trigon
'

test_expect_success 'open game: status, games and mail say from when the seat that owes its move may be claimed against' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp waiting.trigon v.trigon && touch -d @1700000000 v.trigon &&
	trigon status -f v.trigon >out &&
	grep "^since 2023-11-14 22:13 UTC at the earliest (this copy.s last change); $s.s timeout may be claimed from 2023-11-17 22:13 UTC (trigon claim)$" out &&
	trigon games --key keys/$o.key v.trigon >out &&
	grep "; awaits $s: $s to act (round 1); since 2023-11-14 22:13; $s may be claimed against from 2023-11-17 22:13$" out &&
	SOURCE_DATE_EPOCH=1700194400 TRIGON_HOME=$PWD/home-$o trigon mail -f v.trigon \
		--key keys/$o.key --to $s@example.org >near.eml &&
	grep "^Reminder to $s: the deadline is near.  A timeout may be claimed against$" near.eml &&
	cmp waiting.trigon v.trigon
'

# The accused's move crosses the final in the mail: the claimant's
# apply takes it while its copy holds no final (the move voids the
# forfeit), and refuses it once it does, naming the line it would drop.
test_expect_success 'open game, by mail: the claimant takes the accused'\''s move while its copy holds no final, and refuses it once it does' '
	s=$(cat stalled) && o=$(cat claimant) &&
	mailto moved.trigon $s $o 1700431999 >move.eml &&
	cp claimed.trigon c1.trigon &&
	SOURCE_DATE_EPOCH=1700431999 trigon apply -f c1.trigon --key keys/$o.key move.eml &&
	cmp moved.trigon c1.trigon &&
	cp final.trigon c2.trigon &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700432000 trigon apply -f c2.trigon --key keys/$o.key move.eml 2>err &&
	grep "it drops $o.s signed line" err &&
	cmp final.trigon c2.trigon
'

# Over git (doc/fair-chance.md, "Deadlines in open games", Over git):
# the timeout, the forfeit and the final each need a push of their own,
# and the shared copy decides: a claim never pushed counts for nothing
# there once the accused's move is in, and sync drops it, saying so,
# without sending it again.
test_expect_success 'open game over git: the hook refuses a forfeit and its final in one push, takes them apart; sync drops a claim never pushed that the accused'\''s move passed, and says so' '
	s=$(cat stalled) && o=$(cat claimant) &&
	SOURCE_DATE_EPOCH=1700432000 && export SOURCE_DATE_EPOCH &&
	git_setup &&
	git_server srv/game.git &&
	git clone -q srv/game.git ann 2>/dev/null &&
	cp waiting.trigon ann/g.trigon && git -C ann add g.trigon &&
	git -C ann commit -q -m "a new game" &&
	SOURCE_DATE_EPOCH=1700000000 git -C ann push -q origin main &&
	cp timedout.trigon ann/g.trigon && git -C ann commit -q -a -m timeout &&
	SOURCE_DATE_EPOCH=1700259200 git -C ann push -q origin main &&
	cp final.trigon ann/g.trigon && git -C ann commit -q -a -m "forfeit, final" &&
	test_must_fail git -C ann push -q origin main 2>err &&
	grep "brings $o.s forfeit and the final standing on it in one delivery" err &&
	git -C ann reset -q --hard HEAD~1 &&
	cp claimed.trigon ann/g.trigon && git -C ann commit -q -a -m forfeit &&
	SOURCE_DATE_EPOCH=1700345600 git -C ann push -q origin main &&
	cp final.trigon ann/g.trigon && git -C ann commit -q -a -m final &&
	git -C ann push -q origin main &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	cmp final.trigon server.trigon &&
	git_server srv/two.git &&
	git clone -q srv/two.git cla 2>/dev/null &&
	cp waiting.trigon cla/g.trigon && git -C cla add g.trigon &&
	git -C cla commit -q -m "a new game" && git -C cla push -q origin main &&
	git clone -q srv/two.git acc 2>/dev/null &&
	cp timedout.trigon cla/g.trigon && git -C cla commit -q -a -m timeout &&
	a=$(first_move acc/g.trigon $s) &&
	trigon move -f acc/g.trigon --key keys/$s.key "$a" >/dev/null &&
	git -C acc commit -q -a -m move && git -C acc push -q origin main &&
	(cd cla && trigon sync -f g.trigon) >out &&
	grep "^g.trigon: 1 signed line of this copy, never pushed, dropped: origin/main went on without it, so it makes no claim there (trigon-save(5), Deadlines and forfeit)$" out &&
	git -C srv/two.git cat-file blob main:g.trigon >two.trigon &&
	cmp two.trigon cla/g.trigon &&
	! grep "^@ " cla/g.trigon
'

# Over git the hook times each claim by when it received what the claim
# stands on (trigon-save(5), Deadlines and forfeit; doc/fair-chance.md,
# "Over git, the receive time"), not by the claimant's dates.  The
# attack: the game reaches the shared repository at C (1800000000,
# 2027-01-15T08:00:00Z), long after created plus the deadline; the
# claimant dates its timeout back and pushes it at once, then the
# forfeit, then the final, each dated a grace after the last.  The hook
# refuses each until the deadline (3d) has run since it received the
# start line, that opened the await of the move, and the grace (1d)
# since it received the timeout and then the forfeit; a refused push
# changes nothing there.  The record lies in the git directory, out of
# every push'\''s reach.
push_at () {
	SOURCE_DATE_EPOCH=$1 git -C cl push -q origin main 2>err
}
test_expect_success 'open game over git: a timeout, forfeit or final pushed before the deadline or the grace has run since the hook received what it stands on is refused, naming the line, the await and when it may come' '
	s=$(cat stalled) && o=$(cat claimant) &&
	git_setup &&
	git_server srv/late.git &&
	git clone -q srv/late.git cl 2>/dev/null &&
	cp waiting.trigon cl/g.trigon && git -C cl add g.trigon &&
	git -C cl commit -q -m "a new game" && push_at 1800000000 &&
	git -C srv/late.git cat-file blob main:g.trigon >before.trigon &&
	S=$(grep -n "^start$" cl/g.trigon | cut -d: -f1) &&
	touch -d @1700000000 cl/g.trigon &&
	claim cl/g.trigon $o timeout $s 1799827200 >/dev/null &&
	T=$(grep -n "^@ $o timeout " cl/g.trigon | cut -d: -f1) &&
	git -C cl commit -q -a -m timeout &&
	test_must_fail push_at 1800000000 &&
	grep "remote: trigon: refs/heads/main: g.trigon:$T: error: $o.s timeout of $s for its move comes before the deadline has run since this repository received line $S, the line that opened that await (received 2027-01-15T08:00:00Z); it may come from 2027-01-18T08:00:00Z *$" err &&
	git -C srv/late.git cat-file blob main:g.trigon >server.trigon &&
	cmp before.trigon server.trigon &&
	test_must_fail push_at 1800259199 &&
	grep "it may come from 2027-01-18T08:00:00Z *$" err &&
	git -C cl reset -q --hard HEAD~1 && touch -d @1700000000 cl/g.trigon &&
	claim cl/g.trigon $o timeout $s 1800172800 >/dev/null &&
	git -C cl commit -q -a -m timeout && push_at 1800259200 &&
	claim cl/g.trigon $o forfeit $s 1800259200 >/dev/null &&
	F=$(grep -n "^@ $o forfeit " cl/g.trigon | cut -d: -f1) &&
	git -C cl commit -q -a -m forfeit &&
	git -C srv/late.git cat-file blob main:g.trigon >before.trigon &&
	test_must_fail push_at 1800262800 &&
	grep "remote: trigon: refs/heads/main: g.trigon:$F: error: $o.s forfeit of $s comes before the grace has run since this repository received line $T, its timeout (received 2027-01-18T08:00:00Z); it may come from 2027-01-19T08:00:00Z *$" err &&
	git -C srv/late.git cat-file blob main:g.trigon >server.trigon &&
	cmp before.trigon server.trigon &&
	push_at 1800345600 &&
	SOURCE_DATE_EPOCH=1800345600 trigon answer -f cl/g.trigon --key keys/$o.key >/dev/null &&
	grep "^@ $o final $s 2027-01-19T08:00:00Z | " cl/g.trigon &&
	N=$(grep -n "^@ $o final " cl/g.trigon | cut -d: -f1) &&
	git -C cl commit -q -a -m final &&
	test_must_fail push_at 1800345600 &&
	grep "remote: trigon: refs/heads/main: g.trigon:$N: error: $o.s final of $s comes before the grace has run since this repository received line $F, its forfeit (received 2027-01-19T08:00:00Z); it may come from 2027-01-20T08:00:00Z *$" err &&
	push_at 1800432000 &&
	git -C srv/late.git cat-file blob main:g.trigon >server.trigon &&
	SOURCE_DATE_EPOCH=1800432000 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: 0 moves by 2 players, round 1, over, $o won (forfeit)$" out &&
	test -s srv/late.git/trigon-received &&
	git -C srv/late.git ls-tree -r --name-only main >tree &&
	echo g.trigon >expect && test_cmp expect tree
'

# A repository whose record lacks lines it holds (kept before the hook
# kept one, or lost): the hook records them at the first push that
# finds them so, which only delays a claim.
test_expect_success 'open game over git: lines the record lacks count as received at the first push that finds them so' '
	s=$(cat stalled) && o=$(cat claimant) &&
	git_server srv/old.git &&
	git clone -q srv/old.git ol 2>/dev/null &&
	cp waiting.trigon ol/g.trigon && git -C ol add g.trigon &&
	git -C ol commit -q -m "a new game" &&
	SOURCE_DATE_EPOCH=1700000000 git -C ol push -q origin main &&
	rm srv/old.git/trigon-received &&
	cp timedout.trigon ol/g.trigon && git -C ol commit -q -a -m timeout &&
	T=$(grep -n "^@ $o timeout " ol/g.trigon | cut -d: -f1) &&
	test_must_fail env SOURCE_DATE_EPOCH=1700259200 git -C ol push -q origin main 2>err &&
	grep "remote: trigon: refs/heads/main: g.trigon:$T: error: $o.s timeout of $s for its move comes before the deadline has run since this repository received line 11, the line that opened that await (received 2023-11-17T22:13:20Z); it may come from 2023-11-20T22:13:20Z *$" err &&
	SOURCE_DATE_EPOCH=1700518400 git -C ol push -q origin main
'

test_done
