#!/bin/sh
test_description='trigon status, moves and log, as text and as JSON'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: a game of 10 actions' '
	test_keys &&
	new_game g.trigon &&
	play g.trigon 10 1 &&
	trigon verify g.trigon
'

test_expect_success 'status names the file, the rules and the number of moves' '
	trigon status -f g.trigon >out &&
	sed -n 1p out >first &&
	echo "g.trigon: Rule of Trigon, 10 moves" >expect &&
	test_cmp expect first &&
	c=$(to_act g.trigon) &&
	grep "round [0-9]" out &&
	grep "$c" out
'

test_expect_success 'status --json: players, await and the engine state' '
	trigon status -f g.trigon --json >out.json &&
	c=$(to_act g.trigon) &&
	jq -r ".file, .rules, .moves, .players[0].color, .players[0].name, .players[0].email, .players[1].name, .await.over, .await.to_act" out.json >actual &&
	printf "g.trigon\ntrigon\n10\ngreen\nAlice\nalice@example.org\nBob\nfalse\n%s\n" "$c" >expect &&
	test_cmp expect actual &&
	jq -e ".players[0].key == \"$(cat keys/green.key.pub)\"" out.json &&
	jq -e ".state | type == \"object\"" out.json &&
	jq -e ".game | test(\"^[0-9a-f]{32}$\")" out.json
'

test_expect_success 'status --json: absent values are null (trigon(1), JSON OUTPUT): a player without e-mail, how of an unfinished game' '
	trigon status -f g.trigon --json >out.json &&
	jq -c "[.players[1].name, .players[1].email, .players[0].email, .await.over, .await.how]" out.json >actual &&
	echo "[\"Bob\",null,\"alice@example.org\",false,null]" >expect &&
	test_cmp expect actual &&
	for c in log verify
	do
		trigon $c --json -f g.trigon >out.json &&
		jq -c "[.await.over, .await.how]" out.json >actual &&
		echo "[false,null]" >expect &&
		test_cmp expect actual || return 1
	done
'

# A file name that is not UTF-8 (Latin-1 "\351" for e-acute, and a lone
# continuation byte): JSON strings are Unicode, so "file" carries the
# name with each byte that is not part of valid UTF-8 replaced by U+FFFD
# (trigon(1), JSON OUTPUT).
test_expect_success 'every --json command works on a file whose name is not UTF-8; "file" has U+FFFD for each bad byte' '
	bad=$(printf "g\351\200x.trigon") &&
	cp g.trigon "$bad" &&
	printf "\"g\357\277\275\357\277\275x.trigon\"\n" >expect &&
	c=$(to_act g.trigon) &&
	for cmd in status log verify "moves --key keys/$c.key"
	do
		trigon $cmd --json -f "$bad" >out.json 2>err &&
		test_must_be_empty err &&
		jq ".file" out.json >actual &&
		test_cmp expect actual || return 1
	done &&
	trigon moves --key keys/$c.key --json -f "$bad" >out.json &&
	jq -r ".seat" out.json >actual && echo $c >expect.seat && test_cmp expect.seat actual &&
	sed "s/^3 /4 /" g.trigon >"$bad" &&
	test_exit_code 1 trigon verify --json "$bad" >out.json 2>err &&
	jq -c "[.file, .ok, .error]" out.json >actual &&
	printf "[\"g\357\277\275\357\277\275x.trigon\",false,\"move 4 out of order: the next move is 3\"]\n" >expect &&
	test_cmp expect actual &&
	! grep "out of memory" err
'

test_expect_success 'moves lists the legal actions of the player to act' '
	c=$(to_act g.trigon) &&
	trigon moves -f g.trigon --key keys/$c.key >legal &&
	test -s legal &&
	first=$(sed -n 1p legal) &&
	cp g.trigon h.trigon &&
	trigon move -f h.trigon --key keys/$c.key "$first"
'

test_expect_success 'every listed action is accepted by move' '
	c=$(to_act g.trigon) &&
	trigon moves -f g.trigon --key keys/$c.key >legal &&
	while read -r a
	do
		cp g.trigon try.trigon &&
		trigon move -f try.trigon --key keys/$c.key "$a" >/dev/null ||
		{ echo "refused: $a"; return 1; }
	done <legal
'

test_expect_success 'moves --json' '
	c=$(to_act g.trigon) &&
	trigon moves -f g.trigon --key keys/$c.key --json >out.json &&
	jq -r ".seat, .to_act, (.moves | length > 0)" out.json >actual &&
	printf "%s\ntrue\ntrue\n" "$c" >expect &&
	test_cmp expect actual
'

test_expect_success 'moves refuses to show another player'\''s moves to a key' '
	c=$(to_act g.trigon) && o=$(other $c) &&
	test_exit_code 1 trigon moves -f g.trigon --key keys/$o.key --as $c 2>err &&
	echo "trigon: g.trigon: refused: legal moves can show a player'\''s hidden cards; this key is another player'\''s" >expect &&
	test_cmp expect err
'

test_expect_success 'without a key, moves --as lists no seat; with its key, a seat not to act' '
	c=$(to_act g.trigon) && o=$(other $c) &&
	test_exit_code 1 trigon moves -f g.trigon --as $o --json >out.json 2>err &&
	test_must_be_empty out.json &&
	echo "trigon: g.trigon: refused: legal moves can show a player'\''s hidden cards; $o'\''s view needs $o'\''s key, and no key was given: use --key KEYFILE (or [player] key in the configuration)" >expect &&
	test_cmp expect err &&
	trigon moves -f g.trigon --key keys/$o.key --as $o --json >out.json &&
	jq -r ".seat, .to_act" out.json >actual &&
	printf "%s\nfalse\n" "$o" >expect &&
	test_cmp expect actual
'

test_expect_success 'log --last N: only the last N moves, numbered as in the whole log' '
	trigon log -f g.trigon >all &&
	trigon log -f g.trigon --last 3 >last &&
	n=$(grep -n "^8\. " all | cut -d: -f1) &&
	sed -n "$n,\$p" all >expect &&
	test_cmp expect last &&
	trigon log -f g.trigon --last 3 --json >out.json &&
	jq -c "[.moves[].seq], .start" out.json >actual &&
	printf "[8,9,10]\n[]\n" >expect &&
	test_cmp expect actual &&
	trigon log -f g.trigon --last 100 >more &&
	test_cmp all more &&
	test_exit_code 2 trigon log -f g.trigon --last 0 2>err &&
	grep "^trigon: --last needs a number from 1 to" err
'

test_expect_success 'moves with nothing to list says why on stderr: not this seat'\''s turn' '
	c=$(to_act g.trigon) && o=$(other $c) &&
	trigon moves -f g.trigon --key keys/$o.key >out 2>err &&
	test_must_be_empty out &&
	grep "^trigon: g.trigon: $o has nothing to move now: $c to act" err
'

test_expect_success 'moves after the game is over says so and who won' '
	cp "$SHARNESS_TEST_SRCDIR/fixtures/release/two-full.trigon" over.trigon &&
	trigon moves -f over.trigon >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: over.trigon: the game is over: green won (quests); there is nothing to move" >expect &&
	test_cmp expect err &&
	trigon moves -f over.trigon --json >out.json 2>err &&
	test_must_be_empty err &&
	jq -r ".moves | length" out.json >n && echo 0 >expect && test_cmp expect n
'

test_expect_success 'moves --as an unknown color is a usage error' '
	test_exit_code 2 trigon moves -f g.trigon --as red 2>err &&
	grep "^trigon: no player plays '\''red'\'' in '\''g.trigon'\''" err
'

test_expect_success 'log: one numbered line per move with its player' '
	trigon log -f g.trigon >log &&
	grep -c "^[0-9]*\. [a-z]* ([A-Za-z]*): " log >count &&
	echo 10 >expect && test_cmp expect count &&
	sed -n "s/^\([0-9]*\) \([a-z]*\) \(.*\) | .*/\1. \2: \3/p" g.trigon >from-file &&
	sed -n "s/^\([0-9]*\)\. \([a-z]*\) ([A-Za-z]*): /\1. \2: /p" log >from-log &&
	test_cmp from-file from-log
'

test_expect_success 'log shows the annotations under their move' '
	sed -n "s/^#= /     /p" g.trigon >notes-file &&
	grep "^     " log >notes-log &&
	test_cmp notes-file notes-log
'

test_expect_success 'log --json: seq, color, player, action, notes' '
	trigon log -f g.trigon --json >out.json &&
	jq -r ".moves | length" out.json >n && echo 10 >expect && test_cmp expect n &&
	jq -r ".moves[0].seq, .moves[0].player" out.json >actual &&
	c=$(sed -n "s/^1 \([a-z]*\) .*/\1/p" g.trigon) &&
	if test $c = green; then p=Alice; else p=Bob; fi &&
	printf "1\n%s\n" $p >expect && test_cmp expect actual &&
	jq -r ".start[], (.moves[].notes[])" out.json >notes-json &&
	sed -n "s/^#= //p" g.trigon >notes-file &&
	test_cmp notes-file notes-json
'

test_expect_success 'a damaged file: status, moves and log exit 3 naming the line' '
	sed "s/^3 /4 /" g.trigon >bad.trigon &&
	n=$(line_no bad.trigon "^4 ") &&
	for c in status moves log
	do
		test_exit_code 3 trigon $c -f bad.trigon >out 2>err &&
		grep "^trigon: bad.trigon:$n: error: move 4 out of order" err ||
		return 1
	done
'

test_expect_success 'log shows nothing of a file that fails verification' '
	sed "s/^7 /8 /" g.trigon >bad.trigon &&
	test_exit_code 3 trigon log -f bad.trigon >out 2>err &&
	test_must_be_empty out &&
	grep "^trigon: bad.trigon:[0-9]*: error: move 8 out of order" err
'

test_expect_success 'usage errors exit 2' '
	test_exit_code 2 trigon status g.trigon extra 2>err &&
	test_exit_code 2 trigon log --frob 2>err &&
	test_exit_code 2 trigon moves g.trigon extra 2>err &&
	test_exit_code 3 trigon status extra 2>err &&
	grep "extra" err
'

test_expect_success 'moves: a shortened list says so on stderr with an example that applies and is not listed; --json says nothing' '
	new_game n.trigon &&
	c=$(to_act n.trigon) &&
	trigon moves -f n.trigon --key keys/$c.key >legal 2>err &&
	grep "^note: a number of figures is listed as 1 and the most; any number between is legal too, e.g. '\''move 2 knights from [a-z-]* to [a-z-]*'\''$" err &&
	grep "^note: coin offers are listed as 1 coin for 1; any amounts may be offered, e.g. '\''offer [a-z]* 2 copper for 1 silver'\''$" err &&
	test "$(grep -c . err)" = 2 &&
	ex=$(sed -n "1s/.*e\.g\. '\''\(.*\)'\''\$/\1/p" err) &&
	! grep -x "$ex" legal &&
	cp n.trigon n2.trigon &&
	trigon move -f n2.trigon --key keys/$c.key "$ex" &&
	trigon moves -f n.trigon --key keys/$c.key --json >out.json 2>err &&
	test_must_be_empty err
'

test_expect_success 'every view takes the file as its operand as well as -f, options after it (trigon(1), COMMANDS)' '
	c=$(to_act g.trigon) &&
	for v in status board log "status --json" "log --json" "board --json" \
	    "moves --key keys/$c.key" "hand --key keys/$c.key" \
	    "bot --as $c --suggest --key keys/$c.key --playouts 10"
	do
		trigon $v -f g.trigon >by-opt 2>err.opt &&
		trigon $v g.trigon >by-arg 2>err.arg &&
		test_cmp by-opt by-arg &&
		test_cmp err.opt err.arg &&
		test -s by-arg || return 1
	done &&
	trigon status g.trigon --json >first &&
	trigon status --json g.trigon >second &&
	test_cmp first second
'

test_expect_success 'a view given the file twice, or two files: too many arguments, exit 2' '
	for v in status board log moves hand
	do
		test_exit_code 2 trigon $v -f g.trigon g.trigon 2>err &&
		grep "^trigon: too many arguments$" err &&
		test_exit_code 2 trigon $v g.trigon g.trigon 2>err &&
		grep "^trigon: too many arguments$" err || return 1
	done &&
	test_exit_code 2 trigon bot g.trigon g.trigon --as green --suggest 2>err &&
	grep "^trigon: too many arguments$" err
'

test_expect_success 'status lines fit the terminal ($COLUMNS=80), broken between columns; a wider one keeps them whole, a pipe gets them whole' '
	for g in game cities duel
	do
		cp "$TRIGON_SRC_DIR/examples/$g.trigon" . &&
		COLUMNS=80 trigon status $g.trigon >st &&
		test_must_fail grep ".\{81\}" st || return 1
	done &&
	COLUMNS=80 trigon status cities.trigon >st &&
	sed -n "/^red /,/^blue /p" st >red &&
	cat >expect <<-\EOF &&
	red      5 VP  10 cards  2 progress  improvements 0/1/0  2 knights (2 active)
	    2 walls  route 2  defender 1
	blue     7 VP  11 cards  3 progress  improvements 1/3/1  3 knights (3 active)
	EOF
	test_cmp expect red &&
	line="red      5 VP  10 cards  2 progress  improvements 0/1/0  2 knights (2 active)  2 walls  route 2  defender 1" &&
	COLUMNS=200 trigon status cities.trigon >wide &&
	grep -x "$line" wide &&
	trigon status cities.trigon >piped &&
	grep -x "$line" piped
'

test_done
