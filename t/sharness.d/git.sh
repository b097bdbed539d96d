# t/sharness.d/git.sh -- helpers for the git tests (t/04*.t): a shared
# bare repository with trigon's hook, and clones as players.

# Pinned identities and dates, so commits come out the same every run.
GIT_AUTHOR_DATE='@1700000000 +0000'
GIT_COMMITTER_DATE='@1700000000 +0000'
GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_DATE GIT_COMMITTER_DATE GIT_CONFIG_NOSYSTEM

# git_setup: identity and branch name for the git program in $HOME.
git_setup () {
	git config --global user.name "Test Player" &&
	git config --global user.email "test@example.org" &&
	git config --global init.defaultBranch main &&
	git config --global advice.detachedHead false
}

# git_server DIR: a bare repository with examples/hooks/pre-receive.
git_server () {
	git init -q --bare "$1" &&
	cp "$TRIGON_SRC_DIR/examples/hooks/pre-receive" "$1/hooks/pre-receive" &&
	chmod +x "$1/hooks/pre-receive"
}

# inside DIR CMD...: run CMD in DIR (a subshell).
inside () {
	( cd "$1" && shift && "$@" )
}

# git_rev DIR REF: the commit REF names in repository DIR.
git_rev () {
	git -C "$1" rev-parse --verify -q "$2"
}

# first_legal FILE KEY: the first legal action that is neither resign
# nor end, else end.
first_legal () {
	trigon moves -f "$1" --key "$2" >legal.out &&
	grep -v -e "^resign" -e "^end$" legal.out >legal.some
	if test -s legal.some
	then
		sed -n 1p legal.some
	else
		echo end
	fi
}

# Debian 12's libgit2 leaks in its config regexps; see t/lsan.supp.
LSAN_OPTIONS="suppressions=$TRIGON_SRC_DIR/t/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS

# forged_push_refused CLONE ACTION: in CLONE (whose g.trigon is the
# server's, saved as server.trigon), the last action but one is replaced
# by ACTION with its signature kept, committed, and pushed: the hook
# refuses the push ("remote: trigon: ..."), and the server keeps its file.
forged_push_refused () {
	n=$(grep -c "^[0-9]* [a-z]* " $1/g.trigon) &&
	sed "s/^\($((n - 1)) [a-z]* \)\(.*\) |/\1$2 |/" $1/g.trigon >forged &&
	! cmp -s forged $1/g.trigon &&
	cp forged $1/g.trigon &&
	git -C $1 commit -q -a -m "forged" &&
	test_must_fail git -C $1 push -q origin main 2>err &&
	grep "^remote: trigon: " err &&
	git -C srv/game.git cat-file blob main:g.trigon >server2.trigon &&
	test_cmp server.trigon server2.trigon
}
