#!/bin/sh
test_description='two computer players finish fair games of Rule of Trigon through trigon answer --bot alone (trigon-save(5), fair chance), from a short position (t/play/fair-bot.ini: battles, R8, and draws are random events both seats release), over a bare git repository with trigon'\''s hook and over a maildir; each watch plays its seat up to every event, answers the other'\''s and stops by itself at the end; the finished file verifies, fully audited; --bot'\''s usage errors'
. "$(dirname "$0")/setup.sh"

SCEN="$SHARNESS_TEST_SRCDIR/play/fair-bot.ini"

test_expect_success 'setup: keys; a home (key, config) for each player; two maildirs and their sendmail' '
	HOME_DIR=$PWD && export HOME_DIR &&
	test_keys &&
	git_setup &&
	homes ann:green:Ann ben:purple:Ben &&
	bot_mail_homes
'

test_expect_success 'git: two computer players finish a fair game through trigon answer --bot alone' '
	bot_git_game trigon green purple --data scenario="$SCEN" &&
	grep "^g.trigon: green waits for purple'\''s client to release the " ann.out &&
	grep "committed [0-9a-f]*: trigon [0-9a-f]*: move" ann.out &&
	bot_finished server.trigon "green|purple"
'

test_expect_success 'maildir: two computer players finish a fair game through trigon answer --bot alone' '
	bot_mail_game trigon green purple --data scenario="$SCEN" &&
	grep "^ann.trigon: green waits for purple'\''s client to release the " mann.out &&
	grep "sent moves" mann.out &&
	bot_finished ann.trigon "green|purple"
'

test_expect_success '--bot, --playouts and --player: usage errors without a watch, or with --answer-key (exit 2)' '
	test_exit_code 2 trigon answer -f ann.trigon --key keys/green.key --bot 2>err &&
	grep "^trigon: --bot needs --watch SECONDS or --once$" err &&
	test_exit_code 2 trigon answer -f ann.trigon --key keys/green.key --once --playouts 5 2>err &&
	grep "^trigon: --playouts needs --bot$" err &&
	test_exit_code 2 trigon answer -f ann.trigon --key keys/green.key --once --player greedy 2>err &&
	grep "^trigon: --player needs --bot$" err &&
	test_exit_code 2 trigon answer -f ann.trigon --answer-key x.key --once --bot 2>err &&
	grep "^trigon: --bot plays the seat'\''s moves, which its main key signs: not with --answer-key$" err
'

test_done
