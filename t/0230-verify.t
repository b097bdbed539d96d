#!/bin/sh
test_description='trigon verify: good files of 10, 100 and 1,000 moves, and its errors'
. "$(dirname "$0")/setup.sh"

# summary FILE: the lines verify must print, built from status --json:
# the verdict, then the chance mode (trigon(1), verify: every view says it).
summary () {
	trigon status -f "$1" --json >st.json &&
	jq -r --arg f "$1" "\"\(\$f): ok: \(.moves) move\(if .moves == 1 then \"\" else \"s\" end) by \(.players | length) players, round \(.state.round), \(if .await.over then \"over, \(.await.winner) won (\(.await.how))\" else \"\(.await.to_act) to act\" end)\"" st.json &&
	echo "$1: open dice: anyone can compute the dice — play with friends"
}

test_expect_success 'setup: games of 10, 100 and 1,000 moves by random legal play' '
	test_keys &&
	new_game g10.trigon && play g10.trigon 10 1 &&
	new_game g100.trigon && play g100.trigon 100 2 &&
	new_game g1000.trigon $SEED1 --option win=points --option points=60 &&
	play g1000.trigon 1000 3 &&
	grep -c "^[0-9]* [a-z]* " g1000.trigon >n && echo 1000 >expect &&
	test_cmp expect n
'

for n in 10 100 1000
do
	test_expect_success "a good file of $n moves: one summary line and the chance mode, exit 0" "
		trigon verify g$n.trigon >out 2>err &&
		summary g$n.trigon >expect &&
		test_cmp expect out &&
		test_must_be_empty err &&
		grep '^g$n.trigon: ok: $n moves by 2 players, round [0-9]*, [a-z]* to act$' out
	"
done

test_expect_success 'the recorded example game verifies, played to a victory (R11)' '
	cp "$TRIGON_SRC_DIR/examples/game.trigon" game.trigon &&
	trigon verify game.trigon >out &&
	grep "^game.trigon: ok: [0-9]* moves by 2 players, round [0-9]*, over, [a-z]* won ([a-z]*)$" out &&
	tail -n 2 game.trigon >last &&
	grep "^#= [a-z]* wins (" last
'

test_expect_success 'verify --json on a good file' '
	trigon verify --json g100.trigon >out.json &&
	jq -r ".ok, .moves, .players, .await.over" out.json >actual &&
	printf "true\n100\n2\nfalse\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a line re-signed as trigon-save(5) describes it is byte-identical' '
	for l in $(line_no g10.trigon "^4 ") $(line_no g10.trigon "^end ")
	do
		c=$(sed -n "${l}s/^[0-9]* \([a-z]*\) .*/\1/p" g10.trigon) &&
		if test -z "$c"
		then
			c=$(sed -n "s/^10 \([a-z]*\) .*/\1/p" g10.trigon)
		fi &&
		"$TRIGON_BUILD_DIR/t/helpers/resign" g10.trigon $l keys/$c.key >re.trigon &&
		test_cmp g10.trigon re.trigon || return 1
	done
'

test_expect_success 'the file defaults to ./game.trigon; -f works too' '
	mkdir d && cp g10.trigon d/game.trigon &&
	(cd d && trigon verify >out) && grep "^game.trigon: ok: 10 moves" d/out &&
	trigon verify -f g10.trigon >out && grep "^g10.trigon: ok: 10 moves" out
'

test_expect_success 'a missing file or a directory cannot be read (exit 3)' '
	test_exit_code 3 trigon verify none.trigon 2>err &&
	echo "trigon: cannot open '\''none.trigon'\'': No such file or directory" >expect &&
	test_cmp expect err &&
	test_exit_code 3 trigon verify d 2>err &&
	grep "^trigon: cannot read '\''d'\'': Is a directory" err
'

test_expect_success 'an empty file fails on line 1' '
	: >empty.trigon &&
	expect_bad empty.trigon 1 "empty file: not a trigon save file"
'

test_expect_success 'another kind of file fails on line 1' '
	echo "hello" >hello.trigon &&
	expect_bad hello.trigon 1 "not a trigon save file: the first line must be .trigon-save 1."
'

test_expect_success 'a newer format version is named (2 is fair chance now)' '
	sed "1s/.*/trigon-save 3/" g10.trigon >v3.trigon &&
	expect_bad v3.trigon 1 "unsupported save format version .3. (this trigon reads versions 1 and 2)"
'

test_expect_success 'a format-1 file relabelled format 2 fails at its seed: format 2 wants its chance line after created' '
	sed "1s/.*/trigon-save 2/" g10.trigon >v2.trigon &&
	expect_bad v2.trigon 6 "a chance line is .chance open. or .chance fair."
'

test_expect_success 'a damaged key in the header is named once, on its line' '
	sed "/^player purple /s/\(trigon-ed25519:[A-Za-z0-9_-]*\)[A-Za-z0-9_-]\$/\1/" \
		g10.trigon >k.trigon &&
	l=$(line_no k.trigon "^player purple ") &&
	test_exit_code 1 trigon verify k.trigon 2>err &&
	echo "trigon: k.trigon:$l: error: bad public key: 42 characters after '\''trigon-ed25519:'\'', wanted 43" >expect &&
	test_cmp expect err
'

test_expect_success 'endless input is refused at once, no hang (/dev/zero)' '
	test_exit_code 1 trigon verify /dev/zero 2>err &&
	grep "^trigon: /dev/zero:1: error: line longer than 1024 bytes" err
'

test_expect_success 'verify --json on a bad file names the line' '
	sed "s/^3 /4 /" g10.trigon >bad.trigon &&
	test_exit_code 1 trigon verify --json bad.trigon >out.json 2>err &&
	jq -r ".ok, .line" out.json >actual &&
	printf "false\n%s\n" $(line_no bad.trigon "^4 ") >expect &&
	test_cmp expect actual
'

test_expect_success 'usage errors exit 2' '
	test_exit_code 2 trigon verify a b c 2>err &&
	grep "^usage: trigon verify" err &&
	test_exit_code 2 trigon verify --frob 2>err
'

test_done
