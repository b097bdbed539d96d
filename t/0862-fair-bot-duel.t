#!/bin/sh
test_description='two computer players finish a whole fair game of Catan: Het Duel through trigon answer --bot alone (trigon-save(5), fair chance; duel-rules(7): every draw, roll and event card is a random event both seats release), over a maildir and (long: --long-tests or TEST_LONG=1) over a bare git repository with trigon'\''s hook; the finished file verifies, fully audited'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: keys; a home (key, config) for each player; two maildirs and their sendmail' '
	HOME_DIR=$PWD && export HOME_DIR &&
	test_keys &&
	git_setup &&
	homes ann:green:Ann ben:purple:Ben &&
	bot_mail_homes
'

test_expect_success 'maildir: two computer players finish a whole fair Duel through trigon answer --bot alone' '
	bot_mail_game catan-duel red blue &&
	grep "^ann.trigon: red waits for blue'\''s client to release the " mann.out &&
	bot_finished ann.trigon "red|blue"
'

test_expect_success EXPENSIVE 'git: two computer players finish a whole fair Duel through trigon answer --bot alone' '
	bot_git_game catan-duel red blue &&
	grep "^g.trigon: red waits for blue'\''s client to release the " ann.out &&
	bot_finished server.trigon "red|blue"
'

test_done
