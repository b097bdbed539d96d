#!/bin/sh
test_description='trigon sync refused or interrupted: nothing changes, or the next sync finishes the job (reviewer'\''s cases)'
. "$(dirname "$0")/setup.sh"

# LeakSanitizer cannot run under ptrace (strace): in a sanitizer build
# leaks are checked by the other tests, not these.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

if strace -o /dev/null -e inject=rename:error=EIO:when=1 true 2>/dev/null
then
	test_set_prereq STRACE
fi

# turn DIR COLOR ACTION...: COLOR plays in clone DIR and commits.
turn () {
	t_dir=$1 t_col=$2
	shift 2
	(cd $t_dir && trigon move --commit -f g.trigon --key ../keys/$t_col.key "$@" >/dev/null)
}

# state DIR: everything of clone DIR a sync may change: the save file,
# the index, HEAD, the branches, the work tree'\''s status.
state () {
	{
		cat $1/g.trigon &&
		git -C $1 ls-files -s &&
		git -C $1 rev-parse HEAD &&
		git -C $1 for-each-ref refs/heads &&
		git -C $1 status --porcelain --untracked-files=all
	} >$2
}

test_expect_success 'setup: both sides have a new move; a clean sync makes the reference' '
	git_setup &&
	test_keys &&
	git_server server.git &&
	git init -q alice &&
	new_game g.trigon && cp g.trigon alice/ &&
	git -C alice add g.trigon &&
	git -C alice commit -q -m "new game" &&
	git -C alice remote add origin ../server.git &&
	(cd alice && trigon push -f g.trigon >/dev/null) &&
	git clone -q server.git bob &&
	who=$(to_act alice/g.trigon) && echo $who >who &&
	a=$(first_legal alice/g.trigon keys/$who.key) &&
	test "$a" != end &&
	turn alice $who "$a" && (cd alice && trigon push -f g.trigon >/dev/null) &&
	turn bob $who end &&
	cp -R bob bob.orig && cp -R server.git server.orig &&
	(cd bob && trigon sync -f g.trigon --key ../keys/$who.key >../out) &&
	grep "played yours again as move 2, signed anew" out &&
	state bob ref.state &&
	git -C bob rev-parse HEAD^{tree} >ref.tree
'

# fresh: bob and the server as before the sync.
fresh () {
	rm -rf bob server.git && cp -R bob.orig bob && cp -R server.orig server.git
}

test_expect_success 'a refused sync changes nothing: file, index, HEAD, branches, status' '
	fresh && w=$(cat who) &&
	git -C bob add -N . && state bob before &&
	(cd bob && test_exit_code 1 trigon sync -f g.trigon --key ../keys/$(other $w).key 2>../err) &&
	grep "^trigon: both sides have new moves; yours (from move 1) are $w'\''s, but your key is not $w'\''s; nothing was changed$" err &&
	state bob after &&
	test_cmp before after
'

test_expect_success 'a sync that signs anew is followed by an accepted push' '
	fresh && w=$(cat who) &&
	(cd bob && trigon sync -f g.trigon --key ../keys/$w.key >/dev/null) &&
	(cd bob && trigon push -f g.trigon >../out) &&
	grep "^g.trigon: pushed refs/heads/main to " out &&
	git -C server.git cat-file blob main:g.trigon >server.trigon &&
	test_cmp bob/g.trigon server.trigon
'

test_expect_success 'a dirty save file that is not what the sync makes is still refused' '
	fresh && w=$(cat who) &&
	echo "# my note" >>bob/g.trigon &&
	state bob before &&
	(cd bob && test_exit_code 1 trigon sync -f g.trigon --key ../keys/$w.key 2>../err) &&
	echo "trigon: g.trigon:21: error: nothing may follow the signed end line; to get back the game as last committed: git checkout -- '\''g.trigon'\'' (or the shared game: git reset --hard origin/main, which drops your commits not pushed); nothing was sent, nothing changed" >expect &&
	test_cmp expect err &&
	state bob after &&
	test_cmp before after
'

test_expect_success 'sync and push before anything is committed say so (exit 2), and change nothing' '
	git init -q unborn &&
	cp alice/g.trigon unborn/ &&
	echo "trigon: nothing is committed yet in this repository: commit the game first (git add, git commit)" >expect &&
	(cd unborn && test_exit_code 2 trigon sync -f g.trigon 2>../err) &&
	test_cmp expect err &&
	(cd unborn && test_exit_code 2 trigon push -f g.trigon 2>../err) &&
	test_cmp expect err &&
	test_cmp alice/g.trigon unborn/g.trigon &&
	test_must_fail git -C unborn rev-parse -q --verify HEAD
'

test_expect_success 'a server without the hook that took a rewritten game: sync refuses it, naming the line; nothing changes' '
	fresh && w=$(cat who) &&
	git -C bob reset -q --hard HEAD~1 &&
	rm server.git/hooks/pre-receive &&
	git clone -q server.git mallory &&
	rm mallory/g.trigon && new_game mallory/g.trigon $SEED1 &&
	git -C mallory commit -q -a -m "another game" &&
	git -C mallory push -q origin main &&
	state bob before &&
	(cd bob && test_exit_code 1 trigon sync -f g.trigon --key ../keys/$w.key 2>../err) &&
	grep "^trigon: g.trigon:3: error: rewrites a line already recorded: the new file must keep the old one.s first [0-9]* lines byte for byte and only add after them (in origin/main); nothing was changed$" err &&
	state bob after &&
	test_cmp before after &&
	rm -rf mallory
'

# Every rename the sync makes fails in turn (EIO), then the sync is
# killed at each: the repository is left unchanged or the file ahead of
# git, and the next sync (after removing the lock a killed git leaves,
# as git itself asks) ends exactly where an uninterrupted one does.
for how in error=EIO signal=KILL
do
	test_expect_success STRACE "sync interrupted at every rename ($how): the next sync finishes it" '
		k=1 && w=$(cat who) &&
		while test $k -lt 20
		do
			fresh &&
			(cd bob && strace -f -o ../trace -e trace=rename,renameat,renameat2 \
				-e inject=rename,renameat,renameat2:'$how':when=$k \
				trigon sync -f g.trigon --key ../keys/$w.key >../out 2>../err)
			rc=$? &&
			if ! grep -q -e INJECTED -e "killed by SIGKILL" trace
			then
				test $rc = 0 && break
			fi &&
			echo "rename $k: exit $rc: $(cat err)" &&
			case $rc in
			0|1|3|137) ;;
			*) return 1 ;;
			esac &&
			rm -f bob/.git/index.lock bob/.git/refs/heads/main.lock &&
			(cd bob && trigon sync -f g.trigon --key ../keys/$w.key >../out2) &&
			rm -f bob/.g.trigon.?????? &&
			state bob got.state &&
			git -C bob rev-parse HEAD^{tree} >got.tree &&
			test_cmp ref.tree got.tree &&
			sed "/^[0-9a-f]\{40\}$/d; /^[0-9a-f]\{40\} commit	refs/d" ref.state >r &&
			sed "/^[0-9a-f]\{40\}$/d; /^[0-9a-f]\{40\} commit	refs/d" got.state >g &&
			test_cmp r g &&
			(cd bob && trigon push -f g.trigon >/dev/null) &&
			k=$((k + 1)) || return 1
		done &&
		test $k -gt 3
	'
done

test_done
