#!/bin/sh
test_description='save files written by the release before the core reshaping (t/fixtures/release) verify, replay and play on unchanged'
. "$(dirname "$0")/setup.sh"

# Made on 2026-11-23 with the trigon of commit 5de78ca (the rules and the
# randomness of that release) by t/helpers/play; beside each FILE.trigon
# its `trigon verify`, `trigon log` and `trigon status --json` as that
# release printed them.
R=$SHARNESS_TEST_SRCDIR/fixtures/release

test_expect_success 'setup' '
	test_keys &&
	cp "$R"/*.trigon .
'

for f in two-full four-full three-resign two-mid custom
do
	# One line added on purpose: every view says the chance
	# mode, so verify prints the release's line, then the open-dice line.
	test_expect_success "$f: verify prints what the release printed, then the chance mode" "
		trigon verify $f.trigon >out &&
		cp \"$R/$f.verify\" expect &&
		echo '$f.trigon: open dice: anyone can compute the dice — play with friends' >>expect &&
		test_cmp expect out
	"
	test_expect_success "$f: the log is the release's, line for line, then the chance mode" "
		trigon log -f $f.trigon >out &&
		cp \"$R/$f.log\" expect &&
		echo 'open dice: anyone can compute the dice — play with friends' >>expect &&
		test_cmp expect out
	"
	# One change on purpose: the release printed an absent
	# e-mail and the how of an unfinished game as \"\"; trigon(1) says
	# absent values are null, so there null is expected.
	test_expect_success "$f: every value of the release's status --json is unchanged (absent email and how: null, not \"\")" "
		trigon status --json -f $f.trigon >new.json &&
		jq -n --slurpfile o \"$R/$f.status.json\" --slurpfile n new.json \
			'def want(\$p): (\$o[0] | getpath(\$p)) as \$v |
			   if \$v == \"\" and (\$p[-1] == \"email\" or \$p == [\"await\", \"how\"]) then null else \$v end;
			 [\$o[0] | paths(scalars)] as \$ps |
			 [\$ps[] | . as \$p | select(want(\$p) != (\$n[0] | getpath(\$p)))]' >diff &&
		echo '[]' >expect &&
		jq -c . diff >diff.c &&
		test_cmp expect diff.c
	"
done

test_expect_success 'two-mid: an unfinished game of the release is played to its end' '
	cp two-mid.trigon play.trigon &&
	"$PLAY" play.trigon 100000 21 -x resign keys/purple.key keys/green.key >n &&
	test "$(cat n)" -gt 0 &&
	trigon verify play.trigon >out &&
	grep "^play.trigon: ok: .*, over, .* won (" out
'

test_expect_success 'custom (own map data): played to its end' '
	cp custom.trigon play2.trigon &&
	"$PLAY" play2.trigon 100000 22 -x resign keys/yellow.key keys/green.key >n &&
	trigon verify play2.trigon >out &&
	grep "^play2.trigon: ok: .*, over, .* won (" out
'

test_expect_success 'the fixtures are byte for byte what the release wrote' '
	for f in two-full four-full three-resign two-mid custom
	do
		cmp "$R/$f.trigon" $f.trigon || return 1
	done
'

# Finished fair-chance games (trigon-save 2) written by release 09f279c
# (t/fixtures/fair-09f279c/README): verify says what it said then, word
# for word, and every view reads them to their end.
F=$SHARNESS_TEST_SRCDIR/fixtures/fair-09f279c

for f in t2:green t4:white c3:red d2:red k3:blue
do
	w=${f#*:} f=${f%%:*}
	test_expect_success "fair $f (release 09f279c): verify prints exactly what the release printed: ok, over, $w won, fully audited, fair chance" "
		cp \"$F/$f.trigon\" $f.trigon &&
		trigon verify $f.trigon >out 2>&1 &&
		test_cmp \"$F/$f.verify\" out &&
		grep '^$f.trigon: ok: .*, over, $w won (points)\$' out
	"
	test_expect_success "fair $f (release 09f279c): status, board and log read it to its end, $w the winner" "
		trigon status -f $f.trigon >st &&
		grep '$w' st &&
		trigon status --json -f $f.trigon >st.json &&
		jq -e '.await.over and .await.winner == \"$w\" and .await.how == \"points\"' st.json &&
		trigon board -f $f.trigon >board &&
		test -s board &&
		trigon log -f $f.trigon >log &&
		n=\$(grep -c '^[0-9][0-9]* [a-z][a-z]* ' $f.trigon) &&
		test \$(grep -c '^ *[0-9][0-9]*\. ' log) = \$n &&
		cmp \"$F/$f.trigon\" $f.trigon
	"
done

# Duel games begun from a scenario, written before new Duel games
# recorded option notes=2 (t/fixtures/duel-start-note/README): their
# start note, "blue begins and takes the first starting hand (DU3.6)",
# is the one the rules say for a file without the option.
D=$SHARNESS_TEST_SRCDIR/fixtures/duel-start-note

for f in start-red active-red
do
	test_expect_success "duel-rules(7), MODES: $f (a scenario game without option notes=2) verifies and logs as its release did, old start note and all" "
		cp \"$D/$f.trigon\" $f.trigon &&
		! grep '^option notes=' $f.trigon &&
		grep -x '#= blue begins and takes the first starting hand (DU3.6)' $f.trigon &&
		trigon verify $f.trigon >out &&
		test_cmp \"$D/$f.verify\" out &&
		trigon log -f $f.trigon >out &&
		test_cmp \"$D/$f.log\" out &&
		trigon board -f $f.trigon >/dev/null &&
		trigon status -f $f.trigon >/dev/null
	"
done

test_expect_success 'duel-rules(7), MODES: start-red is played on to its end under the rules it was written with' '
	cp start-red.trigon sr.trigon &&
	"$PLAY" sr.trigon 100000 23 -x resign keys/green.key keys/purple.key >n &&
	test "$(cat n)" -gt 0 &&
	trigon verify sr.trigon >out &&
	grep "^sr.trigon: ok: .*, over, .* won (" out
'

test_done
