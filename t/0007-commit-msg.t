#!/bin/sh
# .githooks/commit-msg: the form of a commit message (HACKING, "Commit
# messages"): "area: summary" of at most 72 characters, a blank line, a
# body.
test_description='the commit-msg hook'
. "$(dirname "$0")/setup.sh"

hook=$TRIGON_SRC_DIR/.githooks/commit-msg

test_expect_success 'a subject "area: summary", a blank line and a body pass' '
	printf "save: read the end line once\n\nWhy, and what was measured.\n" >m &&
	"$hook" m
'

test_expect_success 'git comment lines are ignored' '
	printf "git: push once\n\nBecause.\n# Please enter the commit message\n" >m &&
	"$hook" m
'

test_expect_success 'a subject of exactly 72 characters passes' '
	printf "area: %066d\n\nbody\n" 0 >m &&
	"$hook" m
'

test_expect_success 'a subject of 73 characters is refused, and says so' '
	printf "area: %067d\n\nbody\n" 0 >m &&
	test_must_fail "$hook" m 2>err &&
	grep "the subject has 73 characters, more than 72" err
'

test_expect_success 'a subject without "area: " is refused' '
	printf "Fix the bug\n\nbody\n" >m &&
	test_must_fail "$hook" m 2>err &&
	grep "does not start with \"area: \"" err
'

test_expect_success 'a second line that is not blank is refused' '
	printf "save: fix\nmore subject\nbody\n" >m &&
	test_must_fail "$hook" m 2>err &&
	grep "the second line is not blank" err
'

test_expect_success 'a message without a body is refused' '
	printf "save: fix the end line\n" >m &&
	test_must_fail "$hook" m 2>err &&
	grep "there is no body" err
'

test_expect_success 'a subject ending with a full stop is refused' '
	printf "save: fix the end line.\n\nbody\n" >m &&
	test_must_fail "$hook" m 2>err &&
	grep "ends with a full stop" err
'

test_expect_success 'merge and fixup commits pass' '
	printf "Merge branch '\''docs'\''\n" >m &&
	"$hook" m &&
	printf "fixup! save: fix\n" >m &&
	"$hook" m
'

test_expect_success 'git runs it from core.hooksPath and refuses a bad message' '
	git init -q repo &&
	git -C repo config core.hooksPath "$TRIGON_SRC_DIR/.githooks" &&
	git -C repo config user.name T && git -C repo config user.email t@example.org &&
	echo a >repo/a && git -C repo add a &&
	test_must_fail git -C repo commit -q -m "no area here" 2>err &&
	grep "does not start with" err &&
	test_must_fail git -C repo rev-parse -q --verify HEAD &&
	git -C repo commit -q -m "a: add a" -m "Body." &&
	git -C repo rev-parse -q --verify HEAD
'

test_done
