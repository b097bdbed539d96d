#!/bin/sh
test_description='trigon sync and push between two players and a shared bare repository'
. "$(dirname "$0")/setup.sh"

# green is Alice (clone alice), purple is Bob (clone bob); bob2 is a
# second clone of Bob's (his laptop), for moves made on both sides.
player_dir () {
	if test "$1" = green; then echo alice; else echo bob; fi
}

# turn DIR COLOR ACTION...: COLOR plays in clone DIR and commits.
turn () {
	t_dir=$1 t_col=$2
	shift 2
	(cd $t_dir && trigon move --commit -f g.trigon --key ../keys/$t_col.key "$@" >/dev/null)
}

test_expect_success 'setup: a shared repository with a new game; two players clone it' '
	git_setup &&
	test_keys &&
	git_server server.git &&
	git clone -q server.git carol 2>/dev/null &&
	(cd carol && test_exit_code 2 trigon sync -f g.trigon 2>../err) &&
	echo "trigon: origin/main does not exist: has anyone pushed the game yet? (trigon push)" >expect &&
	test_cmp expect err &&
	git init -q alice &&
	new_game g.trigon && cp g.trigon alice/ &&
	git -C alice add g.trigon &&
	git -C alice commit -q -m "new game" &&
	git -C alice remote add origin ../server.git &&
	(cd alice && trigon push -f g.trigon >../out) &&
	grep "^g.trigon: pushed refs/heads/main to ../server.git$" out &&
	git -C alice branch -q --set-upstream-to=origin/main &&
	git clone -q server.git bob &&
	git clone -q server.git bob2 &&
	to_act alice/g.trigon >first
'

test_expect_success 'sync with nothing new says so' '
	(cd bob && trigon sync -f g.trigon >../out) &&
	echo "g.trigon: up to date with origin/main (0 moves)" >expect &&
	test_cmp expect out
'

test_expect_success 'sync in a clone made before the game was pushed takes the game' '
	(cd carol && trigon sync -f g.trigon >../out) &&
	echo "g.trigon: up to date with origin/main (0 moves)" >expect &&
	test_cmp expect out &&
	test_cmp alice/g.trigon carol/g.trigon &&
	git -C carol status --porcelain >st && test_must_be_empty st &&
	git -C carol rev-parse --abbrev-ref main@{upstream} >up &&
	echo origin/main >expect && test_cmp expect up
'

test_expect_success 'a move pushed by one player reaches the other by sync (fast-forward)' '
	me=$(cat first) && d=$(player_dir $me) && you=$(other $me) && o=$(player_dir $you) &&
	turn $d $me end &&
	(cd $d && trigon push -f g.trigon >../out) &&
	grep "^g.trigon: pushed refs/heads/main to " out &&
	(cd $o && trigon sync -f g.trigon >../out) &&
	echo "g.trigon: took move 1 from origin/main" >expect &&
	test_cmp expect out &&
	test_cmp $d/g.trigon $o/g.trigon &&
	git_rev $d HEAD >a && git_rev $o HEAD >b && test_cmp a b &&
	git -C $o status --porcelain >st && test_must_be_empty st
'

test_expect_success 'a second push with nothing new is up to date' '
	me=$(cat first) && d=$(player_dir $me) &&
	(cd $d && trigon push -f g.trigon >../out) &&
	grep "^g.trigon: refs/heads/main at .* is up to date$" out
'

test_expect_success 'sync refuses a save file with uncommitted changes; nothing changes' '
	you=$(other $(cat first)) && o=$(player_dir $you) &&
	(cd $o && trigon move -f g.trigon --key ../keys/$you.key end >/dev/null) &&
	cp $o/g.trigon before &&
	(cd $o && test_exit_code 1 trigon sync -f g.trigon 2>../err) &&
	echo "trigon: '\''g.trigon'\'' has changes that are not committed; commit them first (trigon move --commit, or git commit); nothing was changed" >expect &&
	test_cmp expect err &&
	test_cmp before $o/g.trigon &&
	git -C $o commit -q -a -m "end" &&
	(cd $o && trigon push -f g.trigon >/dev/null)
'

test_expect_success 'a push of a stale branch is refused: sync first' '
	me=$(cat first) && d=$(player_dir $me) &&
	git -C $d rev-parse HEAD >stale &&
	git_rev server.git main >server.before &&
	sed -n "s/.*, \([a-z]*\) to act$/\1/p" out >/dev/null &&
	(cd $d && git commit -q --allow-empty -m "a note" &&
	 test_exit_code 1 trigon push -f g.trigon 2>../err) &&
	grep "^trigon: the push was rejected: '\''.*server.git'\'' has moves you do not have; run trigon sync first$" err &&
	git_rev server.git main >server.after &&
	test_cmp server.before server.after
'

test_expect_success 'sync of a branch with a non-move commit: both sides new, nothing to re-sign' '
	me=$(cat first) && d=$(player_dir $me) &&
	(cd $d && trigon sync -f g.trigon >../out) &&
	grep "^g.trigon: took move 2 from origin/main$" out &&
	git -C server.git cat-file blob main:g.trigon >server.trigon &&
	test_cmp server.trigon $d/g.trigon
'

test_expect_success 'both sides moved: sync plays our moves again on theirs and signs them anew' '
	me=$(cat first) && d=$(player_dir $me) &&
	(cd bob2 && git pull -q) &&
	(cd $d && git pull -q --rebase=false >/dev/null; git reset -q --hard origin/main) &&
	who=$(to_act $d/g.trigon) && echo $who >who &&
	w=$(player_dir $who) &&
	git -C $w pull -q &&
	git -C bob2 pull -q &&
	test "$(to_act bob2/g.trigon)" = "$who" &&
	a=$(first_legal $w/g.trigon keys/$who.key) &&
	turn $w $who "$a" &&
	(cd $w && trigon push -f g.trigon >/dev/null) &&
	turn bob2 $who end &&
	n=$(grep -c "^[0-9]* " $w/g.trigon) &&
	(cd bob2 && trigon sync -f g.trigon --key ../keys/$who.key >../out) &&
	printf "g.trigon: took move %d from origin/main and played yours again as move %d, signed anew (commit %s); push them (trigon push)\n" \
		$n $((n + 1)) $(git -C bob2 rev-parse --short=7 HEAD) >expect &&
	test_cmp expect out &&
	trigon verify bob2/g.trigon &&
	grep "^$n $who $a | " bob2/g.trigon &&
	grep "^$((n + 1)) $who end | " bob2/g.trigon &&
	git -C bob2 log -1 --format=%s >subject &&
	id=$(sed -n "s/^game \(......\).*/\1/p" g.trigon) &&
	echo "trigon $id: move $((n + 1)) $who, played again after origin/main'\''s moves to $n" >expect &&
	test_cmp expect subject &&
	git -C bob2 rev-parse HEAD~1 >parent && git_rev server.git main >srv &&
	test_cmp srv parent &&
	git -C bob2 status --porcelain >st && test_must_be_empty st &&
	(cd bob2 && trigon push -f g.trigon >/dev/null) &&
	git -C server.git cat-file blob main:g.trigon >server.trigon &&
	test_cmp server.trigon bob2/g.trigon
'

test_expect_success 'both sides moved, ours no longer legal after theirs: refused with the reason, nothing changes' '
	git -C alice pull -q && git -C bob pull -q && git -C bob2 pull -q &&
	who=$(to_act bob2/g.trigon) && w=$(player_dir $who) && you=$(other $who) &&
	n=$(grep -c "^[0-9]* " bob2/g.trigon) &&
	turn $w $who end &&
	(cd $w && trigon push -f g.trigon >/dev/null) &&
	a=$(first_legal bob2/g.trigon keys/$who.key) &&
	test "$a" != end &&
	turn bob2 $who "$a" &&
	cp bob2/g.trigon before && git -C bob2 rev-parse HEAD >head.before &&
	(cd bob2 && test_exit_code 1 trigon sync -f g.trigon --key ../keys/$who.key 2>../err) &&
	grep "^trigon: your move $((n + 1)) '\''$a'\'' cannot follow origin/main'\''s new moves (to $((n + 1))): it is not $who'\''s turn: $you to act (round [0-9]*); nothing was changed$" err &&
	test_cmp before bob2/g.trigon &&
	git -C bob2 rev-parse HEAD >head.after &&
	test_cmp head.before head.after &&
	git -C bob2 reset -q --hard origin/main
'

test_expect_success 'sync cannot re-sign moves of another player' '
	git -C bob2 fetch -q && git -C bob2 reset -q --hard origin/main &&
	who=$(to_act bob2/g.trigon) &&
	turn bob2 $who end &&
	git -C bob2 commit -q --allow-empty -m x &&
	w=$(player_dir $who) && git -C $w pull -q &&
	a=$(first_legal $w/g.trigon keys/$who.key) && test "$a" != end &&
	turn $w $who "$a" && (cd $w && trigon push -f g.trigon >/dev/null) &&
	(cd bob2 && test_exit_code 1 trigon sync -f g.trigon --key ../keys/$(other $who).key 2>../err) &&
	grep "^trigon: both sides have new moves; yours (from move [0-9]*) are $who'\''s, but your key is not $who'\''s; nothing was changed$" err &&
	git -C bob2 fetch -q && git -C bob2 reset -q --hard origin/main
'

test_expect_success 'sync merges your other files with theirs, and refuses a conflict in them' '
	git -C alice pull -q && git -C bob2 pull -q &&
	echo "our notes" >alice/NOTES &&
	git -C alice add NOTES && git -C alice commit -q -m notes &&
	who=$(to_act bob2/g.trigon) &&
	turn bob2 $who end && (cd bob2 && trigon push -f g.trigon >/dev/null) &&
	n=$(grep -c "^[0-9]* [a-z]* " bob2/g.trigon) &&
	(cd alice && trigon sync -f g.trigon >../out) &&
	echo "g.trigon: took move $n from origin/main" >expect &&
	test_cmp expect out &&
	test_cmp bob2/g.trigon alice/g.trigon &&
	echo "our notes" >expect && test_cmp expect alice/NOTES &&
	git -C alice rev-parse HEAD~1 >parent && git_rev server.git main >srv &&
	test_cmp srv parent &&
	id=$(sed -n "s/^game \(......\).*/\1/p" g.trigon) &&
	git -C alice log -1 --format=%s >subject &&
	echo "trigon $id: origin/main'\''s moves to $n, with your other changes" >expect &&
	test_cmp expect subject &&
	(cd alice && trigon push -f g.trigon >/dev/null) &&
	git -C bob2 pull -q &&
	echo ours >alice/NOTES && git -C alice commit -q -a -m ours &&
	echo theirs >bob2/NOTES && git -C bob2 commit -q -a -m theirs &&
	who=$(to_act bob2/g.trigon) &&
	turn bob2 $who end && (cd bob2 && trigon push -f g.trigon >/dev/null) &&
	cp alice/g.trigon before && git -C alice rev-parse HEAD >head.before &&
	(cd alice && test_exit_code 1 trigon sync -f g.trigon 2>../err) &&
	echo "trigon: both sides changed other files in the same places ('\''NOTES'\''); merge them with git first; nothing was changed" >expect &&
	test_cmp expect err &&
	test_cmp before alice/g.trigon &&
	git -C alice rev-parse HEAD >head.after && test_cmp head.before head.after &&
	echo ours >expect && test_cmp expect alice/NOTES &&
	git -C alice fetch -q && git -C alice reset -q --hard origin/main
'

test_expect_success 'trigon push to a repository on this machine runs the hook'\''s check itself' '
	git -C alice pull -q &&
	echo garbage >>alice/g.trigon &&
	git -C alice commit -q -a -m garbage &&
	git_rev server.git main >server.before &&
	(cd alice && test_exit_code 1 trigon push -f g.trigon 2>../err) &&
	grep "^trigon: g.trigon:[0-9]*: error: nothing may follow the signed end line (checked here as the server.s hook would: the remote is on this machine)$" err &&
	git_rev server.git main >server.after &&
	test_cmp server.before server.after &&
	git -C alice reset -q --hard origin/main
'

test_expect_success 'trigon push to a repository with a work tree on this machine is refused, and it is left as it was' '
	git clone -q server.git worktree &&
	git clone -q worktree dave &&
	echo note >dave/NOTE && git -C dave add NOTE && git -C dave commit -q -m note &&
	git_rev worktree main >before &&
	(cd dave && test_exit_code 1 trigon push -f g.trigon 2>../err) &&
	echo "trigon: cannot push to '\''$PWD/worktree'\'': it has a work tree; share a game through a bare repository (git init --bare, or git clone --bare)" >expect &&
	test_cmp expect err &&
	git_rev worktree main >after && test_cmp before after &&
	git -C worktree status --porcelain >st && test_must_be_empty st
'

# git daemon serves the repository over git://, so that the server's
# git runs the hook for libgit2's push too.
if test -x "$(git --exec-path)/git-daemon"
then
	test_set_prereq GIT_DAEMON
fi

test_expect_success GIT_DAEMON 'trigon push over git:// is refused by the server'\''s hook, in its words' '
	port=$((20000 + $$ % 20000)) &&
	git daemon --reuseaddr --listen=127.0.0.1 --port=$port --base-path="$PWD" \
		--export-all --enable=receive-pack --pid-file="$PWD/daemon.pid" --detach "$PWD" &&
	test_when_finished "kill \$(cat \"$PWD/daemon.pid\")" &&
	for i in 1 2 3 4 5 6 7 8 9 10; do git ls-remote git://127.0.0.1:$port/server.git >/dev/null 2>&1 && break; sleep 0.3; done &&
	git -C alice remote add daemon git://127.0.0.1:$port/server.git &&
	echo garbage >>alice/g.trigon &&
	git -C alice commit -q -a -m garbage &&
	(cd alice && test_exit_code 1 trigon push --remote daemon -f g.trigon 2>../err) &&
	grep "^remote: trigon: refs/heads/main: g.trigon:[0-9]*: error: nothing may follow the signed end line" err &&
	grep "^trigon: the push was rejected by .git://127.0.0.1:$port/server.git.: pre-receive hook declined$" err &&
	git -C alice reset -q --hard origin/main &&
	who=$(to_act alice/g.trigon) && w=$(player_dir $who) && git -C $w pull -q &&
	turn $w $who end &&
	(cd $w && git remote add daemon git://127.0.0.1:$port/server.git 2>/dev/null; trigon push --remote daemon -f g.trigon >../out) &&
	grep "^g.trigon: pushed refs/heads/main to git://127.0.0.1:$port/server.git$" out &&
	git -C server.git cat-file blob main:g.trigon >srv && test_cmp srv $w/g.trigon
'

test_expect_success 'a tracking ref at a commit the clone lacks (left by an earlier trigon push after a refused push) is dropped and the commit fetched: sync takes the move' '
	for c in alice bob; do git -C $c fetch -q && git -C $c reset -q --hard origin/main || return 1; done &&
	git -C server.git cat-file blob main:g.trigon >server.trigon &&
	who=$(to_act server.trigon) && w=$(player_dir $who) && o=$(player_dir $(other $who)) &&
	turn $w $who end &&
	(cd $w && trigon push -f g.trigon >/dev/null) &&
	git_rev server.git main >torn &&
	cp torn $o/.git/refs/remotes/origin/main &&
	test_must_fail git -C $o cat-file -e "$(cat torn)" &&
	(cd $o && trigon sync -f g.trigon >../out) &&
	grep "^g.trigon: took move [0-9]* from origin/main$" out &&
	git -C $o cat-file -e "$(cat torn)" &&
	git_rev $o origin/main >now && test_cmp torn now &&
	test_cmp $w/g.trigon $o/g.trigon &&
	echo 1111111111111111111111111111111111111111 >$o/.git/refs/remotes/origin/main &&
	(cd $o && trigon sync -f g.trigon >../out) &&
	grep "^g.trigon: up to date with origin/main " out &&
	git_rev $o origin/main >now && test_cmp torn now
'

# Forty actions, each a sync, a move --commit and a push (the hook
# verifying it), then a resignation: every step of the round trip many
# times over; t/0720 and t/0717 play whole games over git.
test_expect_success 'a game over the shared repository: forty actions by sync, move --commit and push, then one resigns' '
	for c in alice bob; do git -C $c fetch -q && git -C $c reset -q --hard origin/main || return 1; done &&
	git -C server.git cat-file blob main:g.trigon >server.trigon &&
	i=0 &&
	while test $i -lt 40
	do
		who=$(to_act server.trigon 2>/dev/null || to_act alice/g.trigon) &&
		w=$(player_dir $who) &&
		(cd $w && trigon sync -f g.trigon --key ../keys/$who.key >/dev/null) &&
		trigon moves -f $w/g.trigon --key keys/$who.key >legal &&
		grep -v -e "^resign" -e "^offer" legal >some &&
		k=$(wc -l <some) &&
		act=$(sed -n "$((i * 7 % k + 1))p" some) &&
		turn $w $who "$act" &&
		(cd $w && trigon push -f g.trigon >/dev/null) &&
		git -C server.git cat-file blob main:g.trigon >server.trigon &&
		i=$((i + 1)) || return 1
	done &&
	who=$(to_act server.trigon) && w=$(player_dir $who) &&
	(cd $w && trigon sync -f g.trigon >/dev/null) &&
	turn $w $who resign &&
	(cd $w && trigon push -f g.trigon >/dev/null) &&
	o=$(player_dir $(other $who)) &&
	(cd $o && trigon sync -f g.trigon >/dev/null) &&
	trigon verify alice/g.trigon >a && trigon verify bob/g.trigon >b &&
	grep "over, $(other $who) won (last)$" a &&
	sed "s/^alice/bob/" a >a2 && test_cmp a2 b &&
	test_cmp alice/g.trigon bob/g.trigon &&
	git -C server.git log --format=%s main >log &&
	grep -c ": move " log >count && test $(cat count) -gt 40
'

test_done
