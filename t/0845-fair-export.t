#!/bin/sh
test_description='trigon fair export and trigon answer --answer-key (doc/fair-chance.md): the answer key of one seat in one game, mode 0600, its derivation from the main key checked against the design alone; a seat answered for by that key alone through a whole game, its audit included; the key never moves; every refusal with its message and exit status'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: a fair game; purple joins with its main key' '
	HOME_DIR=$PWD && export HOME_DIR &&
	test_keys &&
	fair_pair g.trigon &&
	trigon answer -f g.trigon --key keys/purple.key >/dev/null &&
	trigon answer -f g.trigon --key keys/green.key >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon new open.trigon --seed "$SEED1" \
		--player "green:Ann:$(cat keys/green.key.pub)" --player "purple:Ben:$(cat keys/purple.key.pub)" >/dev/null
'

test_expect_success 'export: five lines, mode 0600, what it can do said; the file of the game unchanged' '
	cp g.trigon before &&
	trigon fair -f g.trigon --key keys/purple.key export purple.ak >out &&
	echo "g.trigon: the answer key of purple written to '\''purple.ak'\'' (mode 0600): it answers for purple in this game alone, and makes no move" >expect &&
	test_cmp expect out &&
	test "$(stat -c %a purple.ak)" = 600 &&
	test $(wc -l <purple.ak) = 5 &&
	sed -n 1p purple.ak >l1 && echo "trigon-answer-key 1" >expect && test_cmp expect l1 &&
	grep "^game $(sed -n "s/^game //p" g.trigon)$" purple.ak &&
	grep "^seat purple$" purple.ak &&
	grep -E "^secret [A-Za-z0-9_-]{43}$" purple.ak &&
	grep -E "^answer [A-Za-z0-9_-]{43}$" purple.ak &&
	cmp before g.trigon
'

test_expect_success 'known answers from doc/fair-chance.md alone: S and A are keyed BLAKE2b-256 of the main seed over the domain, the game id and the seat' '
	python3 - keys/purple.key g.trigon purple.ak <<-\EOF
	import base64, hashlib, sys
	def b64(s): return base64.urlsafe_b64decode(s + "=")
	key = dict(l.split(" ", 1) for l in open(sys.argv[1]).read().split("\n")[1:] if " " in l)
	seed = b64(key["seed"])
	gid = bytes.fromhex([l for l in open(sys.argv[2]) if l.startswith("game ")][0].split()[1])
	ak = dict(l.split(" ", 1) for l in open(sys.argv[3]).read().split("\n")[1:] if l)
	def derive(domain):
	    return hashlib.blake2b(domain + b"\0" + gid + bytes([6]) + b"purple", key=seed, digest_size=32).digest()
	assert derive(b"trigon-fair v1 seat secret") == b64(ak["secret"]), "S"
	assert derive(b"trigon-fair v1 answer key") == b64(ak["answer"]), "A"
	assert derive(b"trigon-fair v1 seat secret") != derive(b"trigon-fair v1 answer key")
	EOF
'

test_expect_success 'export refuses: an existing file (exit 1, kept), an open game, a key of no player (exit 1); bad operands (exit 2); --force replaces' '
	cp purple.ak ak.before &&
	test_exit_code 1 trigon fair -f g.trigon --key keys/purple.key export purple.ak 2>err &&
	echo "trigon: '\''purple.ak'\'' already exists; use --force to replace it" >expect &&
	test_cmp expect err &&
	cmp ak.before purple.ak &&
	test_exit_code 1 trigon fair -f open.trigon --key keys/purple.key export o.ak 2>err &&
	echo "trigon: open.trigon: refused: a game of open chance has no answer key" >expect &&
	test_cmp expect err &&
	test_exit_code 1 trigon fair -f g.trigon --key keys/yellow.key export y.ak 2>err &&
	echo "trigon: g.trigon: refused: this key belongs to no player of this game" >expect &&
	test_cmp expect err &&
	! test -e o.ak && ! test -e y.ak &&
	test_exit_code 2 trigon fair -f g.trigon --key keys/purple.key 2>err &&
	grep "^trigon: fair takes .export. and a file to write the answer key to$" err &&
	test_exit_code 2 trigon fair -f g.trigon --key keys/purple.key import x 2>err &&
	grep "^trigon: .import.: the only fair command is .export.$" err &&
	test_exit_code 2 trigon fair -f g.trigon --key keys/purple.key export a b 2>err &&
	grep "^trigon: fair export takes one file to write the answer key to$" err &&
	trigon fair -f g.trigon --key keys/purple.key --force export purple.ak >/dev/null &&
	cmp ak.before purple.ak
'

# turns FILE N: N actions, each the first legal action of the seat to
# act (preferring end), made with its main key (its own releases at
# once); then green answers with its main key, purple with the
# exported answer key alone.  Then the seat to act resigns.
turns () {
	tu_i=0
	while test $tu_i -lt $2
	do
		tu_c=$(to_act "$1") &&
		trigon moves -f "$1" --key keys/$tu_c.key >legal &&
		if grep -qx end legal; then tu_a=end; else tu_a=$(sed -n 1p legal); fi &&
		trigon move -f "$1" --key keys/$tu_c.key "$tu_a" >/dev/null &&
		trigon answer -f "$1" --key keys/green.key >/dev/null &&
		trigon answer -f "$1" --answer-key purple.ak >>by-ak || return 1
		tu_i=$((tu_i + 1))
	done &&
	tu_c=$(to_act "$1") &&
	trigon move -f "$1" --key keys/$tu_c.key resign >/dev/null &&
	trigon answer -f "$1" --key keys/green.key >/dev/null &&
	trigon answer -f "$1" --answer-key purple.ak >>by-ak
}

test_expect_success 'a whole game: every answer purple owes after its join written with the answer key alone, its audit too; verify: over, fully audited' '
	: >by-ak &&
	turns g.trigon 30 &&
	test_exit_code 0 trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 31 moves by 2 players, .*, over, [a-z]* won (last)$" out &&
	grep "^g.trigon: fully audited" out &&
	sed -n "s/^g.trigon: purple answered (\([0-9]*\) lines\{0,1\})$/\1/p" by-ak >n &&
	test $(awk "{ n += \$1 } END { print n }" n) -ge 3 &&
	grep "^@ purple audit $(sed -n "s/^secret //p" purple.ak) " g.trigon
'

test_expect_success 'the answer key makes no move: trigon move and trigon answer --key refuse it as a key (exit 3), nothing written' '
	fair_pair m.trigon "$SEED2" &&
	trigon answer -f m.trigon --key keys/purple.key >/dev/null &&
	trigon answer -f m.trigon --key keys/green.key >/dev/null &&
	cp m.trigon before &&
	test_exit_code 3 trigon move -f m.trigon --key purple.ak end 2>err &&
	grep "purple.ak" err &&
	test_exit_code 3 trigon answer -f m.trigon --key purple.ak 2>err &&
	grep "purple.ak" err &&
	cmp before m.trigon
'

test_expect_success 'answer --answer-key refuses: another game, a seat not joined, an open game (exit 1); with --key or --passphrase-file (exit 2); nothing written' '
	fair_pair n.trigon "$SEED2" &&
	cp n.trigon before &&
	test_exit_code 1 trigon answer -f n.trigon --answer-key purple.ak 2>err &&
	echo "trigon: n.trigon: refused: '\''purple.ak'\'' is the answer key of another game" >expect &&
	test_cmp expect err &&
	trigon fair -f n.trigon --key keys/purple.key export n.ak >/dev/null &&
	test_exit_code 1 trigon answer -f n.trigon --answer-key n.ak 2>err &&
	echo "trigon: n.trigon: refused: purple has not joined: its join needs its main key (trigon answer --key)" >expect &&
	test_cmp expect err &&
	cmp before n.trigon &&
	test_exit_code 1 trigon answer -f open.trigon --answer-key n.ak 2>err &&
	echo "trigon: open.trigon: refused: a game of open chance awaits no answers" >expect &&
	test_cmp expect err &&
	test_exit_code 2 trigon answer -f n.trigon --answer-key n.ak --key keys/purple.key 2>err &&
	grep "^trigon: --answer-key answers instead of the main key: not with --key$" err &&
	test_exit_code 2 trigon answer -f n.trigon --answer-key n.ak --passphrase-file keys/pass 2>err &&
	grep "^trigon: --answer-key answers instead of the main key: not with --passphrase-file$" err &&
	cmp before n.trigon
'

test_expect_success 'a damaged or exposed answer key: group-readable, not five lines, a bad value (exit 3, naming the file and line)' '
	cp n.ak open.ak && chmod 644 open.ak &&
	test_exit_code 3 trigon answer -f n.trigon --answer-key open.ak 2>err &&
	grep "permissions 0644 for .open.ak. are too open" err &&
	sed "4s/^secret ./secret !/" n.ak >bad.ak && chmod 600 bad.ak &&
	test_exit_code 3 trigon answer -f n.trigon --answer-key bad.ak 2>err &&
	grep "^trigon: bad.ak:4: error: answer key: the secret: not URL-safe base64$" err &&
	head -n 4 n.ak >short.ak && chmod 600 short.ak &&
	test_exit_code 3 trigon answer -f n.trigon --answer-key short.ak 2>err &&
	grep "^trigon: short.ak:5: error: answer key: the file ends before its .answer. line$" err &&
	{ cat n.ak; echo extra; } >long.ak && chmod 600 long.ak &&
	test_exit_code 3 trigon answer -f n.trigon --answer-key long.ak 2>err &&
	grep "^trigon: long.ak:6: error: answer key: more than five lines$" err &&
	sed "1s/1$/2/" n.ak >v2.ak && chmod 600 v2.ak &&
	test_exit_code 3 trigon answer -f n.trigon --answer-key v2.ak 2>err &&
	grep "^trigon: v2.ak:1: error: answer key: not a trigon answer key (its first line is .trigon-answer-key 1.)$" err &&
	cmp before n.trigon
'

test_expect_success 'git: trigon answer --once --answer-key in a clone of its own answers for purple, commits and pushes; the server'\''s game verifies' '
	git_setup &&
	git_server srv.git &&
	fair_pair w.trigon "$SEED2" &&
	trigon answer -f w.trigon --key keys/purple.key >/dev/null &&
	trigon answer -f w.trigon --key keys/green.key >/dev/null &&
	trigon fair -f w.trigon --key keys/purple.key export w.ak >/dev/null &&
	while :
	do
		c=$(to_act w.trigon) &&
		trigon moves -f w.trigon --key keys/$c.key >legal &&
		if grep -qx end legal; then a=end; else a=$(sed -n 1p legal); fi &&
		trigon move -f w.trigon --key keys/$c.key "$a" >mv || return 1
		test $c = green && grep -q "waiting for answers: .*: purple (trigon answer)$" mv && break
		trigon answer -f w.trigon --key keys/green.key >/dev/null &&
		trigon answer -f w.trigon --key keys/purple.key >/dev/null || return 1
	done &&
	git clone -q srv.git ann 2>/dev/null &&
	cp w.trigon ann/g.trigon &&
	git -C ann add g.trigon && git -C ann commit -q -m "a game" &&
	git -C ann push -q origin main &&
	git clone -q srv.git box &&
	mkdir home-box &&
	(cd box && TRIGON_HOME="$HOME_DIR/home-box" trigon answer -f g.trigon --answer-key ../w.ak --once >../out 2>../err) &&
	test_must_be_empty err &&
	grep "^[-0-9T:]*Z g.trigon: purple answered (1 line), committed [0-9a-f]\{7\}$" out &&
	grep "^[-0-9T:]*Z g.trigon: pushed refs/heads/main to " out &&
	git -C srv.git cat-file blob main:g.trigon >server.trigon &&
	test_exit_code 0 trigon verify server.trigon >out &&
	! grep incomplete out &&
	test $(grep -c "^@ purple release " server.trigon) = $(($(grep -c "^@ purple release " w.trigon) + 1))
'

test_done
