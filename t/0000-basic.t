#!/bin/sh
test_description='trigon --help, --version, help, dispatch and exit codes'
. "$(dirname "$0")/setup.sh"

test_expect_success 'trigon --version names the program and libraries' '
	trigon --version >out &&
	grep "^trigon [0-9][0-9.]* (libsodium [0-9.]*, libgit2 [0-9.]*)$" out
'

test_expect_success 'trigon --help lists the commands on stdout' '
	trigon --help >out &&
	grep "^usage: trigon" out &&
	grep "^  help " out &&
	grep "^  version " out
'

test_expect_success 'no command is a usage error (exit 2, usage on stderr)' '
	test_exit_code 2 trigon >out 2>err &&
	test_must_be_empty out &&
	grep "^usage: trigon" err
'

test_expect_success 'an unknown command suggests the nearest one' '
	test_exit_code 2 trigon versoin 2>err &&
	echo "trigon: unknown command '\''versoin'\''; did you mean '\''version'\''?" >expect &&
	test_cmp expect err
'

test_expect_success 'a far-off command gets no suggestion' '
	test_exit_code 2 trigon zzzzzzzzzz 2>err &&
	grep "unknown command .zzzzzzzzzz.; see .trigon --help." err
'

test_expect_success 'a unique prefix runs the command' '
	trigon vers >out &&
	grep "^trigon " out
'

test_expect_success 'an unknown global option is a usage error' '
	test_exit_code 2 trigon --frobnicate 2>err &&
	grep "unknown option .--frobnicate." err
'

test_expect_success 'trigon help COMMAND shows its usage' '
	trigon help version >out &&
	grep "^usage: trigon version" out
'

test_expect_success 'trigon COMMAND --help is trigon help COMMAND' '
	trigon help version >expect &&
	trigon version --help >out &&
	test_cmp expect out &&
	trigon vers -h >out &&
	test_cmp expect out
'

test_expect_success 'trigon help with an unknown command fails with 2' '
	test_exit_code 2 trigon help nosuch 2>err &&
	grep "unknown command" err
'

test_expect_success 'extra arguments are a usage error' '
	test_exit_code 2 trigon version extra 2>err &&
	grep "^usage: trigon version" err
'

test_expect_success 'a write error on stdout is reported' '
	if test -w /dev/full
	then
		test_exit_code 3 trigon --help >/dev/full 2>err &&
		grep "error writing standard output" err
	fi
'

test_done
