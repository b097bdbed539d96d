#!/bin/sh
test_description='git traps of a new user: a move not committed before push, a move behind the shared repository, a push behind a commit that is not a move'
. "$(dirname "$0")/setup.sh"

# green is Alice (clone alice), purple is Bob (clone bob).
player_dir () {
	if test "$1" = green; then echo alice; else echo bob; fi
}

test_expect_success 'setup: a shared repository with a new game; two players clone it' '
	git_setup &&
	test_keys &&
	git_server server.git &&
	git init -q alice &&
	new_game g.trigon && cp g.trigon alice/ &&
	git -C alice add g.trigon &&
	git -C alice commit -q -m "new game" &&
	git -C alice remote add origin ../server.git &&
	(cd alice && trigon push -f g.trigon >/dev/null) &&
	git -C alice branch -q --set-upstream-to=origin/main &&
	git clone -q server.git bob &&
	me=$(to_act alice/g.trigon) && echo $me >me &&
	other $me >you
'

test_expect_success 'push refuses a move that is not committed, saying how to commit it; nothing is pushed' '
	me=$(cat me) && d=$(player_dir $me) &&
	(cd $d && trigon move -f g.trigon --key ../keys/$me.key end >/dev/null) &&
	git_rev server.git main >server.before &&
	(cd $d && test_exit_code 1 trigon push -f g.trigon >../out 2>../err) &&
	test_must_be_empty out &&
	echo "trigon: '\''g.trigon'\'' has move 1, not committed: push sends commits only, so nothing was pushed; commit first (git commit -m '\''move 1'\'' '\''g.trigon'\''), then push; trigon move --commit, or commit = yes in [git] of the configuration, commits each move as it is made" >expect &&
	test_cmp expect err &&
	git_rev server.git main >server.after &&
	test_cmp server.before server.after
'

test_expect_success 'the commit the refusal names lets the push go through' '
	me=$(cat me) && d=$(player_dir $me) &&
	(cd $d && git commit -q -m "move 1" g.trigon &&
	 trigon push -f g.trigon >../out) &&
	url=$(git -C $d remote get-url origin) &&
	grep "^g.trigon: pushed refs/heads/main to $url$" out &&
	git -C server.git cat-file blob main:g.trigon >server.trigon &&
	test_cmp server.trigon $d/g.trigon
'

test_expect_success 'push refuses a save file that is not committed at all' '
	mkdir -p alice/sub && cp g.trigon alice/sub/n.trigon &&
	(cd alice && test_exit_code 1 trigon push -f sub/n.trigon 2>../err) &&
	echo "trigon: '\''sub/n.trigon'\'' is not committed; nothing was pushed: commit it first (git add '\''sub/n.trigon'\'', git commit), then push" >expect &&
	test_cmp expect err &&
	rm -r alice/sub
'

test_expect_success 'moving behind the shared repository (not fetched): the refusal hints trigon sync' '
	you=$(cat you) && me=$(cat me) && o=$(player_dir $you) &&
	cp $o/g.trigon before &&
	(cd $o && test_exit_code 1 trigon move -f g.trigon --key ../keys/$you.key end 2>../err) &&
	cat >expect <<-EOF &&
	trigon: g.trigon: refused: it is not $you'\''s turn: $me to act (round 1)
	trigon: g.trigon: the game is shared by git (remote '\''origin'\''): if the others have moved since your last sync, run trigon sync to take their moves
	EOF
	test_cmp expect err &&
	test_cmp before $o/g.trigon
'

test_expect_success 'moving behind what was fetched: the refusal says the remote has commits to take' '
	you=$(cat you) && me=$(cat me) && o=$(player_dir $you) &&
	git -C $o fetch -q &&
	(cd $o && test_exit_code 1 trigon move -f g.trigon --key ../keys/$you.key end 2>../err) &&
	cat >expect <<-EOF &&
	trigon: g.trigon: refused: it is not $you'\''s turn: $me to act (round 1)
	trigon: g.trigon: origin/main has commits you have not taken: run trigon sync to take the others'\'' moves, then move
	EOF
	test_cmp expect err &&
	test_cmp before $o/g.trigon &&
	(cd $o && trigon sync -f g.trigon >/dev/null &&
	 trigon move --commit -f g.trigon --key ../keys/$you.key end >/dev/null &&
	 trigon push -f g.trigon >/dev/null)
'

test_expect_success 'a push behind a commit that is not a move: it is safe to sync, and the sync keeps our move' '
	git -C alice pull -q --ff-only && git -C bob pull -q --ff-only &&
	who=$(to_act alice/g.trigon) && d=$(player_dir $who) && o=$(player_dir $(other $who)) &&
	n=$(grep -c "^[0-9]* [a-z]* " alice/g.trigon) &&
	echo "a note" >$o/README &&
	git -C $o add README && git -C $o commit -q -m "README" &&
	(cd $o && trigon push -f g.trigon >/dev/null) &&
	(cd $d && trigon move --commit -f g.trigon --key ../keys/$who.key end >/dev/null) &&
	git_rev server.git main >server.before &&
	(cd $d && test_exit_code 1 trigon push -f g.trigon 2>../err) &&
	url=$(git -C $d remote get-url origin) &&
	echo "trigon: the push was rejected: '\''$url'\'' has commits you do not have, but no new moves ('\''g.trigon'\'' there has none you lack: someone changed other files); it is safe to run trigon sync, which keeps your moves, then push again" >expect &&
	test_cmp expect err &&
	git_rev server.git main >server.after &&
	test_cmp server.before server.after &&
	(cd $d && trigon sync -f g.trigon >../out) &&
	echo "g.trigon: took origin/main'\''s other commits (no new moves); yours stay as they are (commit $(git -C $d rev-parse --short=7 HEAD)); push them (trigon push)" >expect &&
	test_cmp expect out &&
	git -C $d rev-parse HEAD~1 >theirs && test_cmp server.before theirs &&
	(cd $d && trigon push -f g.trigon >/dev/null) &&
	git -C server.git cat-file blob main:g.trigon >server.trigon &&
	test_cmp server.trigon $d/g.trigon &&
	grep "^$((n + 1)) $who end | " server.trigon &&
	git -C server.git cat-file blob main:README >readme &&
	echo "a note" >expect && test_cmp expect readme
'

test_expect_success 'a push behind new moves still says to sync first' '
	git -C alice pull -q --ff-only && git -C bob pull -q --ff-only &&
	who=$(to_act alice/g.trigon) && w=$(player_dir $who) && d=$(player_dir $(other $who)) &&
	(cd $w && trigon move --commit -f g.trigon --key ../keys/$who.key end >/dev/null &&
	 trigon push -f g.trigon >/dev/null) &&
	(cd $d && git commit -q --allow-empty -m "a note" &&
	 test_exit_code 1 trigon push -f g.trigon 2>../err) &&
	url=$(git -C $d remote get-url origin) &&
	echo "trigon: the push was rejected: '\''$url'\'' has moves you do not have; run trigon sync first" >expect &&
	test_cmp expect err
'

test_expect_success 'a save file edited by hand: sync and status say how to get the game back from git (checkout, or reset to the remote'"'"'s branch) and that nothing was sent; the way they name works' '
	git -C bob pull -q --ff-only &&
	git_rev server.git main >server.before &&
	sed "s/^1 \([a-z]*\) end | /1 \1 resign | /" bob/g.trigon >edited &&
	! cmp -s edited bob/g.trigon &&
	cp edited bob/g.trigon &&
	(cd bob && test_exit_code 1 trigon sync -f g.trigon >../out 2>../err) &&
	test_must_be_empty out &&
	echo "trigon: g.trigon:18: error: bad signature: this line is not signed by purple'"'"'s key; to get back the game as last committed: git checkout -- '"'"'g.trigon'"'"' (or the shared game: git reset --hard origin/main, which drops your commits not pushed); nothing was sent, nothing changed" >expect &&
	test_cmp expect err &&
	test_cmp edited bob/g.trigon &&
	(cd bob && test_expect_code 3 trigon status -f g.trigon >../out 2>../err) &&
	cat >expect <<-\EOF &&
	trigon: g.trigon:18: error: bad signature: this line is not signed by purple'"'"'s key
	trigon: g.trigon: the game is shared by git: git checkout -- '"'"'g.trigon'"'"' takes back the file of your last commit, git reset --hard origin/main the shared game (dropping your commits not pushed)
	EOF
	test_cmp expect err &&
	git -C bob commit -q -m "edited" g.trigon &&
	(cd bob && test_exit_code 1 trigon sync -f g.trigon >../out 2>../err) &&
	echo "trigon: g.trigon:18: error: bad signature: this line is not signed by purple'"'"'s key; your last commit holds this file: to get back the shared game, git reset --hard origin/main (which drops your commits not pushed); nothing was sent, nothing changed" >expect &&
	test_cmp expect err &&
	git_rev server.git main >server.after &&
	test_cmp server.before server.after &&
	git -C bob reset -q --hard origin/main &&
	(cd bob && trigon sync -f g.trigon >../out) &&
	grep "up to date with origin/main" out
'

test_done
