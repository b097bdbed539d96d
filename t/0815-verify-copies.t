#!/bin/sh
test_description='two copies of one game (trigon-save(5), Deadlines and forfeit; doc/fair-chance.md): trigon verify A B names the signed line one copy dropped and the seat that sealed it again, two moves signed at one place, and a copy that is only behind'
. "$(dirname "$0")/setup.sh"

# A started game (deadline 72h, grace 24h, created 1700000000) played
# until a move awaits the other seat's release, as in 0812-fair-deadlines.t.
test_expect_success 'setup: a fair game waiting for one seat'\''s release' '
	test_keys &&
	deadline_started w.trigon &&
	deadline_released w.trigon &&
	grep "^[0-9]* $(cat mover) " w.trigon | tail -n 1 | cut -d" " -f1 >move &&
	deadline_homes &&
	touch -d @1700100000 w.trigon &&
	cp w.trigon waiting.trigon
'

# The attack: the accused answered the timeout at once (a.trigon, sealed
# by it); the claimant's copy without that answer is sealed by the
# claimant and carries the forfeit (c.trigon).
test_expect_success 'setup: the accused answers the timeout; the claimant seals a copy without the answer and claims the forfeit' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) &&
	cp waiting.trigon c.trigon && touch -d @1700100000 c.trigon &&
	cp waiting.trigon a.trigon &&
	claim c.trigon $m timeout $l 1700359200 >/dev/null &&
	mailto c.trigon $m $l 1700359200 >timeout.eml &&
	SOURCE_DATE_EPOCH=1700359300 trigon apply -f a.trigon --key keys/$l.key timeout.eml >/dev/null &&
	grep "^@ $l release $ev " a.trigon &&
	cp c.trigon c0.trigon &&
	claim c.trigon $m forfeit $l 1700445600 >/dev/null &&
	! grep "^@ $l release $ev " c.trigon &&
	tail -n 1 a.trigon | grep "^end [0-9]* $l " &&
	tail -n 1 c.trigon | grep "^end [0-9]* $m "
'

test_expect_success 'verify A B names the dropped answer (file:line, its seat) and the seat that sealed the copy without it (exit 1)' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) && mv=$(cat move) &&
	R=$(grep -n "^@ $l release $ev " a.trigon | cut -d: -f1) &&
	E=$(wc -l <c.trigon) &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700445700 trigon verify a.trigon c.trigon >out 2>err &&
	grep "^trigon: a.trigon:$R: error: $l.s signed line .@ $l release $ev [^ ]*. is missing from c.trigon, which holds its block (move $mv) and was sealed without it by $m (c.trigon:$E): dropped, and the file sealed again$" err &&
	grep "^a.trigon: ok: " out &&
	grep "^c.trigon: ok: " out &&
	grep "^a.trigon, c.trigon: copies of one game; 2 signed lines dropped or forked$" out
'

test_expect_success 'verify B A names the same line: the order of the copies does not matter' '
	l=$(cat late) && ev=$(cat event) &&
	R=$(grep -n "^@ $l release $ev " a.trigon | cut -d: -f1) &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700445700 trigon verify c.trigon a.trigon >out 2>err &&
	grep "^trigon: a.trigon:$R: error: $l.s signed line .@ $l release $ev " err
'

# The other direction is reported too: the accused's copy lacks the
# claimant's forfeit and was sealed by the accused.  Two copies alone do
# not tell a line never received from one cut; each is named.
test_expect_success 'the line each copy lacks is named, with its own sealer' '
	m=$(cat mover) && l=$(cat late) &&
	F=$(grep -n "^@ $m forfeit $l " c.trigon | cut -d: -f1) &&
	E=$(wc -l <a.trigon) &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700445700 trigon verify a.trigon c.trigon 2>err &&
	grep "^trigon: c.trigon:$F: error: $m.s signed line .@ $m forfeit $l 2023-11-20T02:00:00Z. is missing from a.trigon, which holds its block (move [0-9]*) and was sealed without it by $l (a.trigon:$E): dropped, and the file sealed again$" err &&
	test $(wc -l <err) = 2
'

test_expect_success 'a copy cut by hand of the accused'\''s answer, sealed again by the claimant and claimed on, is caught the same way' '
	m=$(cat mover) && l=$(cat late) && ev=$(cat event) &&
	last=$(grep -n "^@ " a.trigon | tail -n 1 | cut -d: -f1) &&
	head -n $last a.trigon | grep -v "^@ $l release $ev " >cut.trigon &&
	n=$(tail -n 1 a.trigon | cut -d" " -f2) &&
	"$TRIGON_BUILD_DIR/t/helpers/fairsign" --end keys/$m.key cut.trigon $n >endl &&
	cat endl >>cut.trigon &&
	cmp cut.trigon c0.trigon &&
	claim cut.trigon $m forfeit $l 1700445600 >/dev/null &&
	R=$(grep -n "^@ $l release $ev " a.trigon | cut -d: -f1) &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700445700 trigon verify a.trigon cut.trigon 2>err &&
	grep "^trigon: a.trigon:$R: error: $l.s signed line .@ $l release $ev [^ ]*. is missing from cut.trigon, which holds its block (move [0-9]*) and was sealed without it by $m (cut.trigon:[0-9]*): dropped, and the file sealed again$" err
'

test_expect_success 'a copy that is only behind (it lacks lines, holds none the other lacks) is no drop' '
	test_exit_code 4 trigon verify waiting.trigon a.trigon >out 2>err &&
	test_must_be_empty err &&
	grep "^waiting.trigon, a.trigon: copies of one game; waiting.trigon is behind a.trigon: it lacks lines that follow its own$" out &&
	trigon verify a.trigon a.trigon >out 2>err &&
	test_must_be_empty err &&
	grep "^a.trigon, a.trigon: copies of one game; neither dropped a signed line of the other$" out
'

test_expect_success 'the merged copy (apply: the union of the answers) holds every line: no drop, the forfeit void' '
	m=$(cat mover) && l=$(cat late) &&
	cp a.trigon u.trigon &&
	mailto c.trigon $m $l 1700445600 >forfeit.eml &&
	SOURCE_DATE_EPOCH=1700445700 trigon apply -f u.trigon --key keys/$l.key forfeit.eml >/dev/null &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1700445700 trigon verify c.trigon u.trigon >out 2>err &&
	test_must_be_empty err &&
	grep "^c.trigon, u.trigon: copies of one game; c.trigon is behind u.trigon" out
'

# A game that awaits a move (0813-move-deadlines.t): the claimant's copy
# holds its timeout and the forfeit, final, and its audit; the stalled
# seat's copy never had them (or cut them) and it moves on.
test_expect_success 'setup: a forfeit of a withheld move, final and audited in the claimant'\''s copy; the stalled seat moves on in a copy without the claims' '
	deadline_started x.trigon &&
	s=$(to_act x.trigon) &&
	if test $s = green; then o=purple; else o=green; fi &&
	echo $s >stalled && echo $o >claimant &&
	touch -d @1700000000 x.trigon &&
	cp x.trigon y.trigon &&
	cp x.trigon y0.trigon &&
	claim x.trigon $o timeout $s 1700259200 >/dev/null &&
	claim x.trigon $o forfeit $s 1700345600 >/dev/null &&
	SOURCE_DATE_EPOCH=1700432000 trigon answer -f x.trigon --key keys/$o.key >/dev/null &&
	grep "^@ $o audit " x.trigon &&
	trigon moves -f y.trigon --key keys/$s.key >legal 2>/dev/null &&
	a=$(grep -vx end legal | sed -n 1p) &&
	SOURCE_DATE_EPOCH=1700500000 trigon move -f y.trigon --key keys/$s.key "$a" >/dev/null
'

test_expect_success 'attack: apply refuses a copy that drops the claimant'\''s forfeit and goes on, naming the line it would drop (exit 1, nothing written)' '
	s=$(cat stalled) && o=$(cat claimant) &&
	F=$(grep -n "^@ $o forfeit $s " x.trigon | cut -d: -f1) &&
	mailto y.trigon $s $o 1700500000 >move.eml &&
	cp x.trigon before.trigon &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500100 trigon apply -f x.trigon --key keys/$o.key move.eml >out 2>err &&
	grep "^trigon: x.trigon: error: .move.eml. refused: it drops $o.s signed line .@ $o forfeit $s 2023-11-18T22:13:20Z. (x.trigon:$F) and goes on: $s sealed it again without it; nothing was written (trigon-save(5), Deadlines and forfeit)$" err &&
	cmp before.trigon x.trigon &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500100 trigon verify x.trigon y.trigon 2>err &&
	grep "^trigon: x.trigon:$F: error: $o.s signed line .@ $o forfeit $s 2023-11-18T22:13:20Z. is missing from y.trigon, which holds its block (the joins) and was sealed without it by $s (y.trigon:[0-9]*): dropped, and the file sealed again$" err
'

# Re-send: the claimant's apply, refusing the copy that dropped its
# lines, says to mail its own copy back; that mail carries the dropped
# timeout and forfeit, and the stalled seat's client, which never took
# the timeout, refuses them in one delivery, naming them.
test_expect_success 'apply, refusing a copy that dropped the forfeit, says to send the dropped lines back; the mail carries them to the stalled seat' '
	s=$(cat stalled) && o=$(cat claimant) &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500100 trigon apply -f x.trigon --key keys/$o.key move.eml >out 2>err &&
	echo "x.trigon: '\''move.eml'\'' lacks signed lines of x.trigon; send them back: trigon mail -f x.trigon --send" >expect &&
	test_cmp expect out &&
	cmp before.trigon x.trigon &&
	mailto x.trigon $o $s 1700500100 >back.eml &&
	cp y.trigon ybefore.trigon &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500200 trigon apply -f y.trigon --key keys/$s.key back.eml >out 2>err &&
	grep "^trigon: y.trigon: error: .back.eml. refused: brings $o.s timeout and the forfeit standing on it in one delivery" err &&
	cmp ybefore.trigon y.trigon
'

test_expect_success 'answer --once --maildir, refusing a copy that dropped the forfeit, mails its own copy back at once, with the dropped lines' '
	s=$(cat stalled) && o=$(cat claimant) &&
	mkdir -p md/new md/cur md/tmp home-w &&
	cp move.eml md/new/1.eml &&
	printf "#!/bin/sh\ncat >>\"%s/sent.eml\"\n" "$PWD" >capture &&
	chmod +x capture &&
	printf "[player]\nemail = %s@example.org\n[mail]\nsendmail = '\''%s/capture'\''\nto = %s@example.org\n" $o "$PWD" $s >home-w/config &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500100 "TRIGON_HOME=$PWD/home-w" trigon answer -f x.trigon --key keys/$o.key --maildir md --once >out 2>err &&
	grep "^trigon: [-0-9T:Z]* x.trigon: error: .md/new/1.eml. refused: it drops $o.s signed line .@ $o forfeit $s " err &&
	cmp before.trigon x.trigon &&
	grep "^To: .*$s@example.org" sent.eml &&
	test_exit_code 1 env SOURCE_DATE_EPOCH=1700500200 trigon apply -f y.trigon --key keys/$s.key sent.eml >out 2>err &&
	grep "^trigon: y.trigon: error: .sent.eml. refused: brings $o.s timeout and the forfeit standing on it in one delivery" err &&
	cmp ybefore.trigon y.trigon
'

test_expect_success 'a late move within the grace that crosses a disputable forfeit is taken by apply: the move voids the claim' '
	s=$(cat stalled) && o=$(cat claimant) &&
	cp y0.trigon x2.trigon && cp y0.trigon y2.trigon &&
	touch -d @1700000000 x2.trigon &&
	claim x2.trigon $o timeout $s 1700259200 >/dev/null &&
	mailto x2.trigon $o $s 1700259200 >timeout2.eml &&
	SOURCE_DATE_EPOCH=1700259300 trigon apply -f y2.trigon --key keys/$s.key timeout2.eml >/dev/null &&
	claim x2.trigon $o forfeit $s 1700345600 >/dev/null &&
	trigon moves -f y2.trigon --key keys/$s.key >legal 2>/dev/null &&
	a=$(grep -vx end legal | sed -n 1p) &&
	SOURCE_DATE_EPOCH=1700400000 trigon move -f y2.trigon --key keys/$s.key "$a" >/dev/null &&
	mailto y2.trigon $s $o 1700400000 >move2.eml &&
	SOURCE_DATE_EPOCH=1700400100 trigon apply -f x2.trigon --key keys/$o.key move2.eml >out &&
	cmp x2.trigon y2.trigon &&
	SOURCE_DATE_EPOCH=1700400100 trigon verify x2.trigon >out &&
	! grep forfeit out
'

test_expect_success 'two different moves signed at one place are named, with the seat that signed both (exit 1)' '
	trigon new o.trigon --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	s=$(to_act o.trigon) &&
	trigon moves -f o.trigon --key keys/$s.key >legal 2>/dev/null &&
	cp o.trigon p.trigon &&
	trigon move -f o.trigon --key keys/$s.key "$(sed -n 1p legal)" >/dev/null &&
	trigon move -f p.trigon --key keys/$s.key "$(sed -n 2p legal)" >/dev/null &&
	L=$(grep -n "^1 $s " o.trigon | cut -d: -f1) &&
	test_exit_code 1 trigon verify o.trigon p.trigon >out 2>err &&
	grep "^trigon: o.trigon:$L: error: two moves 1: .1 $s [^|]*. here and another at p.trigon:$L: $s signed two different moves at one place$" err &&
	test $(wc -l <err) = 1
'

test_expect_success 'open chance (format 1): a copy a move behind is behind, not cut; the recorded example against itself has no difference' '
	cp o.trigon q.trigon &&
	s=$(to_act q.trigon) &&
	trigon moves -f q.trigon --key keys/$s.key >legal 2>/dev/null &&
	trigon move -f q.trigon --key keys/$s.key "$(sed -n 1p legal)" >/dev/null &&
	trigon verify o.trigon q.trigon >out 2>err &&
	test_must_be_empty err &&
	grep "^o.trigon, q.trigon: copies of one game; o.trigon is behind q.trigon: it lacks lines that follow its own$" out &&
	trigon verify "$TRIGON_SRC_DIR/examples/game.trigon" "$TRIGON_SRC_DIR/examples/game.trigon" >out 2>err &&
	test_must_be_empty err &&
	grep "copies of one game; neither dropped a signed line of the other$" out
'

test_expect_success 'copies of two games, or a copy that fails, are refused; --json reads one file' '
	test_exit_code 1 trigon verify o.trigon a.trigon 2>err &&
	grep "^trigon: .o.trigon. and .a.trigon. are not copies of one game (their headers differ)$" err &&
	sed "s/^1 /2 /" o.trigon >bad.trigon &&
	test_exit_code 1 trigon verify bad.trigon o.trigon 2>err &&
	grep "^trigon: bad.trigon:" err &&
	test_exit_code 3 trigon verify o.trigon none.trigon 2>err &&
	test_exit_code 2 trigon verify --json o.trigon p.trigon 2>err &&
	grep "json reads one file" err &&
	test_exit_code 2 trigon verify o.trigon p.trigon a.trigon 2>err
'

test_done
