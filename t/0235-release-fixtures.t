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

test_done
