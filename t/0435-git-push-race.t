#!/bin/sh
test_description='trigon push and sync from two clones at once into one repository on this machine: a push refused because the other pushed first leaves the clone whole (its tracking ref names a commit it has), and each clone ends with both sides'"'"' commits'
. "$(dirname "$0")/setup.sh"

# racer CLONE N: N commits in CLONE, each a line more in its file
# notes-CLONE, each pushed; a refused push is
# checked (CLONE.torn gets a line for each tracking ref at a commit the
# clone lacks), synced, and pushed again.
racer () {
	r_i=0
	while test $r_i -lt $2
	do
		echo "$1 $r_i" >>$1/notes-$1 &&
		git -C $1 add notes-$1 &&
		git -C $1 commit -q -m "$1 $r_i" || return 1
		r_n=0
		until (cd $1 && trigon push -f g.trigon >/dev/null 2>&1)
		do
			git -C $1 cat-file -e refs/remotes/origin/main 2>/dev/null ||
				echo "after try $r_n of commit $r_i" >>$1.torn
			(cd $1 && trigon sync -f g.trigon >/dev/null 2>>../$1.err) ||
				return 1
			echo refused >>$1.refused
			r_n=$((r_n + 1))
			test $r_n -lt 100 || return 1
		done
		r_i=$((r_i + 1))
	done
}

test_expect_success 'setup: a repository with a new game; two clones' '
	git_setup &&
	test_keys &&
	git_server server.git && git -C server.git config core.logAllRefUpdates always &&
	git init -q a &&
	new_game g.trigon && cp g.trigon a/ &&
	git -C a add g.trigon && git -C a commit -q -m "new game" &&
	git -C a remote add origin ../server.git &&
	(cd a && trigon push -f g.trigon >/dev/null) &&
	git -C a branch -q --set-upstream-to=origin/main &&
	git clone -q server.git b &&
	: >a.err && : >b.err
'

test_expect_success 'two clones push 40 commits each at once: every refused push leaves the tracking ref at a commit the clone has; the server'"'"'s branch only ever moves forward, and both clones end with all 80 lines' '
	{ racer a 40; echo $? >a.rc; } &
	{ racer b 40; echo $? >b.rc; } &
	wait &&
	echo 0 >expect && test_cmp expect a.rc && test_cmp expect b.rc &&
	! test -e a.torn && ! test -e b.torn &&
	test_must_be_empty a.err && test_must_be_empty b.err &&
	for c in a b; do (cd $c && trigon sync -f g.trigon >/dev/null) || return 1; done &&
	test_seq 0 39 | sed "s/^/a /" >expect.a &&
	test_seq 0 39 | sed "s/^/b /" >expect.b &&
	git -C server.git cat-file blob main:notes-a >notes.a &&
	git -C server.git cat-file blob main:notes-b >notes.b &&
	test_cmp expect.a notes.a && test_cmp expect.b notes.b &&
	test_cmp notes.a a/notes-a && test_cmp notes.b a/notes-b &&
	test_cmp notes.a b/notes-a && test_cmp notes.b b/notes-b &&
	git -C server.git reflog main --format=%H >moves &&
	git -C server.git rev-list main >history &&
	sort moves >moves.s && sort history >history.s &&
	comm -23 moves.s history.s >lost &&
	test_must_be_empty lost &&
	git -C a fsck --no-dangling 2>fsck && test_must_be_empty fsck &&
	cat a.refused b.refused 2>/dev/null | wc -l >refused &&
	say "pushes refused because the other pushed first: $(cat refused)"
'

test_done
