#!/bin/sh
test_description='README and quickstart: the first game against the computer (trigon play, and command by command) runs as written, the demonstration stops where a player is to act, quickstart installs for playing only what playing needs'
. "$(dirname "$0")/setup.sh"

# The README is read from the source tree and never written.  Its first
# game starts from a random seed; here the seed is fixed, once where
# green (the reader) acts first and once where purple (the computer)
# acts first and opens with an offer, the two cases README step 5 tells.
README=$TRIGON_SRC_DIR/README
GREEN_FIRST=0000000000000000000000000000000000000000000000000000000000000003
PURPLE_FIRST=0000000000000000000000000000000000000000000000000000000000000002

command -v jq >/dev/null 2>&1 && test_set_prereq JQ

# readme_block HEADING: the first fenced block after the line HEADING.
readme_block () {
	awk -v h="$1" '$0 == h { want = 1; next }
	     want && /^```$/ { if (inside) exit; inside = 1; next }
	     inside { print }' "$README"
}

# first_game DIR SEED [LINES]: run the README's first-game block (its
# first LINES lines, default all) in DIR with HOME=DIR, the game's seed
# fixed to SEED, the passphrase from the environment.
first_game () {
	mkdir "$1" &&
	sed "s/^trigon new game.trigon /&--seed $2 /" first.sh >"$1/first.sh" &&
	if test -n "$3"
	then
		sed -n "1,$3p" "$1/first.sh" >"$1/part.sh" &&
		mv "$1/part.sh" "$1/first.sh"
	fi &&
	(cd "$1" && HOME=$PWD TRIGON_PASSPHRASE=secret sh -e first.sh >out 2>err)
}

test_expect_success 'README: the first game is two commands, keygen and play; they run as written (stdin at its end: the game is saved)' '
	readme_block "### Against the computer" >play.sh &&
	printf "%s\n" "trigon keygen" "trigon play" >expect &&
	test_cmp expect play.sh &&
	mkdir pl &&
	(cd pl && HOME=$PWD TRIGON_PASSPHRASE=secret sh -e ../play.sh </dev/null >out 2>err) &&
	grep -x "game.trigon: a new game of Rule of Trigon: green (you), purple (Computer)" pl/out &&
	tail -n 1 pl/out >last &&
	echo "game.trigon: stopped; the game is saved: play on with '\''trigon play game.trigon'\''" >expect &&
	test_cmp expect last &&
	trigon verify pl/game.trigon
'

test_expect_success 'quickstart ends by naming the README'\''s first game, the same two commands' '
	sed -n "/^and a first game against the computer/,/^\$/d; /^  trigon keygen /,/^\$/p" "$TRIGON_SRC_DIR/quickstart" |
		sed -n "s/^  \(trigon [a-z]*\) .*/\1/p" >qs &&
	printf "%s\n" "trigon keygen" "trigon play" >expect &&
	test_cmp expect qs
'

test_expect_success 'README: the game command by command is one block, from keygen to bot' '
	readme_block "### Against the computer, command by command" >first.sh &&
	test "$(sed -n 1p first.sh)" = "trigon keygen" &&
	grep "^trigon new game.trigon --player \"green:Me:\$(trigon pubkey)\" " first.sh &&
	grep -x "trigon move .build knight at psor. end" first.sh &&
	test "$(sed -n \$p first.sh)" = "trigon bot --as purple --key computer.key"
'

test_expect_success 'README: every command of the first game runs as written (green first)' '
	first_game gf $GREEN_FIRST &&
	grep "^kdf argon2id13 " gf/.config/trigon/key &&
	grep -x "kdf none" gf/computer.key &&
	trigon verify gf/game.trigon &&
	trigon log -f gf/game.trigon >log &&
	grep -x "1\. green (Me): build knight at psor" log &&
	grep -x "2\. green (Me): end" log &&
	grep "^3\. purple (Computer): " log
'

test_expect_success 'README step 5: the computer opens with an offer; a move waits for the answer, bot finishes its turn' '
	first_game pf $PURPLE_FIRST 4 &&
	trigon status -f pf/game.trigon >status &&
	grep -x "green must answer purple.s offer (accept or decline; purple may withdraw)" status &&
	cp pf/game.trigon before &&
	test_must_fail env HOME="$PWD/pf" TRIGON_PASSPHRASE=secret \
		trigon move -f pf/game.trigon "build knight at psor" end 2>err &&
	grep "must first answer the offer (accept, decline)" err &&
	test_cmp before pf/game.trigon &&
	HOME="$PWD/pf" TRIGON_PASSPHRASE=secret trigon move -f pf/game.trigon decline &&
	trigon bot -f pf/game.trigon --as purple --key pf/computer.key &&
	trigon status -f pf/game.trigon >status &&
	grep -x "green to act (round 1)" status &&
	HOME="$PWD/pf" TRIGON_PASSPHRASE=secret trigon move -f pf/game.trigon "build knight at psor" end &&
	trigon verify pf/game.trigon
'

test_expect_success 'README: the pages it says to read with man -l exist' '
	grep -o "man -l man/[a-z0-9.-]*[0-9]" "$README" >found &&
	sed "s/^man -l //" found >pages &&
	test $(sort -u pages | wc -l) = 3 &&
	for p in $(cat pages)
	do
		test -f "$TRIGON_SRC_DIR/$p" || return 1
	done
'

test_expect_success 'README: the benchmark figures moved to BENCHMARKS, which has them' '
	grep "^BENCHMARKS has the figures" "$README" &&
	grep "^bench: verify-instr-ratio [0-9.]* x-signature-floor$" "$TRIGON_SRC_DIR/BENCHMARKS" &&
	grep "^strength: bot-vs-greedy " "$TRIGON_SRC_DIR/BENCHMARKS"
'

test_expect_success JQ 'the demonstration stops where a player is to act, not in an offer, and says what next' '
	sh "$TRIGON_SRC_DIR/examples/demo.sh" "$TRIGON_BUILD_DIR/trigon" >demo 2>demo.err &&
	grep "^Awaited: " demo >awaited &&
	grep -x "Awaited: [a-z]* to act (round 4)\." awaited &&
	test "$(sed -n "\$p" demo)" = "or git: README, \"A first game\"." &&
	grep -x "== what next" demo
'

test_expect_success 'quickstart refuses a word it does not know, before installing anything' '
	test_exit_code 2 "$TRIGON_SRC_DIR/quickstart" nonsense >out 2>err &&
	test_must_be_empty out &&
	echo "usage: ./quickstart [check | hooks]" >expect &&
	test_cmp expect err
'

# packages VAR: the Debian packages quickstart lists in VAR, one a line.
packages () {
	sed -n "/^$1=\"/,/\"\$/p" "$TRIGON_SRC_DIR/quickstart" |
	sed "s/^$1=\"//; s/\"\$//" | tr " " "\n" | sed "/^\$/d" | sort
}

test_expect_success 'quickstart: playing needs no mail server, clang, valgrind, strace or sharness; check installs them' '
	packages PLAY_PACKAGES >play &&
	packages CHECK_PACKAGES >check &&
	grep -x libsodium-dev play &&
	grep -x jq play &&
	grep -x man-db play &&
	for p in exim4-daemon-light clang libclang-rt-14-dev valgrind strace sharness mandoc
	do
		test_must_fail grep -x "$p" play &&
		grep -x "$p" check || return 1
	done
'

test_expect_success 'README: the Catan game in the terminal runs as written (stdin at its end: saved at the first set-up)' '
	sed -n "s/^    \(trigon play catan.trigon --rules catan .*\)/\1/p" "$README" >cat.sh &&
	test "$(wc -l <cat.sh)" = 1 &&
	mkdir cat &&
	(cd cat && HOME=$PWD && export HOME && trigon keygen --no-passphrase >/dev/null 2>&1 &&
	 sh -e ../cat.sh </dev/null >out 2>err) &&
	head -n 1 cat/out >first &&
	echo "catan.trigon: a new game of Catan: red (you), blue (Computer 1), white (Computer 2), orange (Computer 3)" >expect &&
	test_cmp expect first &&
	grep -x "option map=new-shores" cat/catan.trigon &&
	trigon verify cat/catan.trigon
'

test_expect_success 'README is a front door: at most 200 lines, Quick start in its first 60 with exactly ./quickstart and ./quickstart check' '
	test $(wc -l <"$README") -le 200 &&
	grep -n "^## Quick start$" "$README" >at &&
	test $(cut -d: -f1 at) -le 60 &&
	readme_block "## Quick start" >qs &&
	printf "%s\n" ./quickstart "./quickstart check" >expect &&
	test_cmp expect qs
'

test_expect_success 'README: its first screen says what trigon is (four games, mail, git, signed, verify, computer players, fair chance)' '
	head -n 24 "$README" >screen &&
	for w in "Rule of Trigon" "Catan" "Cities" "Duel" "e-mail" "git" \
	    "signed" "trigon verify" "Computer players" "Fair chance"
	do
		grep "$w" screen >/dev/null || { echo "missing: $w"; return 1; }
	done
'

test_expect_success 'README: no dated figure, no benchmark number (BENCHMARKS has them)' '
	test_must_fail grep -E "20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]|million|[0-9] ms|[0-9]+ of 100|[0-9]%" "$README"
'

test_expect_success 'README: one canonical name a rule set, as trigon new --help names them; the aliases once' '
	trigon new --help >help &&
	for r in trigon catan catan-ck catan-duel
	do
		grep "^  $r (" help >/dev/null &&
		grep "(\`$r\`)" "$README" >/dev/null || return 1
	done &&
	test $(grep -c "\`cities\` and \`duel\` are accepted as" "$README") = 1 &&
	test_must_fail grep -E "rules (cities|duel)\b" "$README"
'

test_expect_success JQ 'the demonstration'\''s last words are true: the directory it names is gone when it says so' '
	sh "$TRIGON_SRC_DIR/examples/demo.sh" "$TRIGON_BUILD_DIR/trigon" >demo 2>demo.err &&
	sed -n "s/^That was the computer against itself; its game, in \(.*\),$/\1/p" demo >dir &&
	test -n "$(cat dir)" &&
	test ! -e "$(cat dir)" &&
	grep -x "has just been removed." demo
'

test_expect_success 'quickstart, to play, builds the trigon binary alone, quietly; check builds everything' '
	grep "^if ! make -s -j\"\$jobs\" trigon completions/trigon completions/_trigon" "$TRIGON_SRC_DIR/quickstart" &&
	sed -n "/^if \[ \"\${1:-}\" = check \]; then/,/^fi/p" "$TRIGON_SRC_DIR/quickstart" >check &&
	grep -x "	make -s -j\"\$jobs\"" check &&
	grep -x "	make -s -j\"\$jobs\" check" check &&
	test_must_fail grep -x "make -s -j\"\$jobs\"" "$TRIGON_SRC_DIR/quickstart"
'

test_done
