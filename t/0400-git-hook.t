#!/bin/sh
test_description='trigon hook pre-receive on a shared bare repository, with real pushes by the git program'
. "$(dirname "$0")/setup.sh"

# green is Alice (clone alice), purple is Bob (clone bob).
player_dir () {
	if test "$1" = green; then echo alice; else echo bob; fi
}

test_expect_success 'setup: a shared bare repository with the hook; Alice pushes a new game' '
	git_setup &&
	test_keys &&
	git_server server.git &&
	git clone -q server.git alice 2>/dev/null &&
	new_game g.trigon && cp g.trigon alice/ &&
	git -C alice add g.trigon &&
	git -C alice commit -q -m "new game" &&
	git -C alice push -q origin main 2>err &&
	git_rev server.git main >server.rev &&
	git_rev alice main >alice.rev &&
	test_cmp alice.rev server.rev &&
	git clone -q server.git bob
'

test_expect_success 'trigon move --commit: one commit, the player as author, the move in the message' '
	me=$(to_act alice/g.trigon) && d=$(player_dir $me) &&
	echo $me >me &&
	act=$(first_legal $d/g.trigon keys/$me.key) &&
	(cd $d && trigon move --commit --key ../keys/$me.key -f g.trigon "$act" >../out) &&
	id=$(sed -n "s/^game \(......\).*/\1/p" alice/g.trigon) &&
	git -C $d log -1 --format="%an <%ae>|%ad|%s" --date=raw >actual &&
	name=$(sed -n "s/^player $me \([A-Za-z]*\) .*/\1/p" alice/g.trigon) &&
	if test $me = green; then mail="alice@example.org"; else mail="trigon@localhost"; fi &&
	echo "$name <$mail>|1700000000 +0000|trigon $id: move 1 $me: $act" >expect &&
	test_cmp expect actual &&
	git -C $d status --porcelain >status &&
	test_must_be_empty status &&
	grep "^g.trigon: committed [0-9a-f]\{7\}: trigon $id: move 1 $me: $act$" out
'

test_expect_success 'a legal push is accepted by the hook (the pushed objects are read from quarantine)' '
	d=$(player_dir $(cat me)) &&
	git -C $d push origin main 2>err &&
	git_rev server.git main >server.rev &&
	git_rev $d main >mine.rev &&
	test_cmp mine.rev server.rev
'

test_expect_success 'several actions in one trigon move call make one commit' '
	d=$(player_dir $(cat me)) && me=$(cat me) &&
	git -C $d rev-list --count HEAD >before &&
	(cd $d && trigon move --commit --key ../keys/$me.key -f g.trigon end >../out) &&
	git -C $d rev-list --count HEAD >after &&
	echo 3 >expect && test_cmp expect after &&
	git -C $d push -q origin main
'

test_expect_success '[git] commit = yes in the configuration commits too; --no-commit does not' '
	git -C alice pull -q &&
	git -C bob pull -q &&
	me=$(to_act alice/g.trigon) && d=$(player_dir $me) && echo $me >me &&
	mkdir -p conf && printf "[git]\ncommit = yes\n" >conf/config &&
	act=$(first_legal $d/g.trigon keys/$me.key) &&
	(cd $d && TRIGON_HOME=../conf trigon move --key ../keys/$me.key -f g.trigon "$act" >../out) &&
	grep "^g.trigon: committed " out &&
	git -C $d status --porcelain >status && test_must_be_empty status &&
	cp $d/g.trigon before.trigon &&
	(cd $d && TRIGON_HOME=../conf trigon move --no-commit --key ../keys/$me.key -f g.trigon end >../out) &&
	! grep "committed" out &&
	git -C $d status --porcelain >status &&
	echo " M g.trigon" >expect && test_cmp expect status &&
	git -C $d commit -q -a -m "end of turn" &&
	git -C $d push -q origin main
'

test_expect_success 'a push with a forged new line is refused, naming the line; the server is unchanged' '
	d=$(player_dir $(cat me)) &&
	git_rev server.git main >server.before &&
	c=$(to_act $d/g.trigon) &&
	n=$(($(grep -c "^[0-9]* " $d/g.trigon) + 1)) &&
	(cd $d && trigon move -f g.trigon --key ../keys/$c.key end >/dev/null) &&
	l=$(line_no $d/g.trigon "^$n ") &&
	"$TRIGON_BUILD_DIR/t/helpers/resign" $d/g.trigon $l keys/$(other $c).key >forged &&
	cp forged $d/g.trigon &&
	git -C $d commit -q -a -m forged &&
	test_must_fail git -C $d push origin main 2>err &&
	grep "^remote: trigon: refs/heads/main: g.trigon:$l: error: bad signature: this line is not signed by $c'\''s key * *$" err &&
	grep "pre-receive hook declined" err &&
	git_rev server.git main >server.after &&
	test_cmp server.before server.after &&
	git -C $d reset -q --hard origin/main
'

test_expect_success 'a push with an illegal but signed move is refused with the rules'\'' reason' '
	d=$(player_dir $(cat me)) &&
	cp $d/g.trigon g.trigon &&
	n=$(grep -c "^[0-9]* " g.trigon) &&
	who=$(to_act g.trigon) &&
	head -n -1 g.trigon >body &&
	echo "$((n + 1)) $who build knight at nowhere | 0000000000000000 AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" >>body &&
	l=$(wc -l <body) &&
	"$TRIGON_BUILD_DIR/t/helpers/resign" body $l keys/$who.key >$d/g.trigon &&
	git -C $d commit -q -a -m bad &&
	test_must_fail git -C $d push origin main 2>err &&
	grep "^remote: trigon: refs/heads/main: g.trigon:$l: error: illegal move by $who: unknown spot .nowhere." err &&
	git -C $d reset -q --hard origin/main
'

test_expect_success 'a rewrite of recorded moves is refused even when the new file verifies' '
	d=$(player_dir $(cat me)) && me=$(cat me) &&
	git -C $d reset -q --hard origin/main &&
	cp $d/g.trigon recorded &&
	git -C $d reset -q --hard HEAD~1 &&
	who=$(to_act $d/g.trigon) &&
	act=$(first_legal $d/g.trigon keys/$who.key) &&
	(cd $d && trigon move -f g.trigon --key ../keys/$who.key "$act" >/dev/null) &&
	trigon verify $d/g.trigon &&
	! cmp -s recorded $d/g.trigon &&
	git -C $d commit -q -a -m "another history" &&
	git_rev server.git main >server.before &&
	test_must_fail git -C $d push --force origin main 2>err &&
	grep "^remote: trigon: refs/heads/main: g.trigon:[0-9]*: error: rewrites a line already recorded" err &&
	git_rev server.git main >server.after &&
	test_cmp server.before server.after &&
	git -C $d fetch -q && git -C $d reset -q --hard origin/main
'

test_expect_success 'a push that cuts moves off is refused' '
	git -C alice fetch -q && git -C alice reset -q --hard origin/main &&
	head -n -3 alice/g.trigon >cut && cp cut alice/g.trigon &&
	git -C alice commit -q -a -m cut &&
	test_must_fail git -C alice push origin main 2>err &&
	grep "^remote: trigon: refs/heads/main: g.trigon:[0-9]*: error: " err &&
	git -C alice reset -q --hard origin/main
'

test_expect_success 'removing the save file is refused' '
	git -C alice rm -q g.trigon &&
	git -C alice commit -q -m gone &&
	test_must_fail git -C alice push origin main 2>err &&
	grep "^remote: trigon: refs/heads/main: g.trigon: error: the save file is removed or renamed; a game may only grow *$" err &&
	git -C alice reset -q --hard origin/main
'

test_expect_success 'a new branch with a good game is accepted; one with a damaged file is refused' '
	git -C alice push -q origin main:side &&
	git_rev server.git side &&
	git -C alice checkout -q -b broken &&
	echo "garbage" >>alice/g.trigon &&
	git -C alice commit -q -a -m broken &&
	test_must_fail git -C alice push origin broken 2>err &&
	grep "^remote: trigon: refs/heads/broken: g.trigon:[0-9]*: error: nothing may follow the signed end line *$" err &&
	! git_rev server.git broken &&
	git -C alice checkout -q main
'

test_expect_success 'deleting a ref that holds a game is refused; one without is accepted' '
	test_must_fail git -C alice push origin :side 2>err &&
	grep "^remote: trigon: refs/heads/side: g.trigon: error: deleting this ref would throw away the game in it *$" err &&
	git_rev server.git side &&
	git -C alice checkout -q --orphan notes &&
	git -C alice rm -q -f g.trigon &&
	echo notes >alice/README &&
	git -C alice add README &&
	git -C alice commit -q -m notes &&
	git -C alice push -q origin notes &&
	git -C alice push -q origin :notes &&
	! git_rev server.git notes &&
	git -C alice checkout -q -f main
'

test_expect_success 'a push of several refs is judged ref by ref; one bad ref refuses the push' '
	git -C alice checkout -q -b good2 &&
	git -C alice checkout -q -b bad2 &&
	echo "garbage" >>alice/g.trigon &&
	git -C alice commit -q -a -m broken &&
	git -C alice checkout -q main &&
	test_must_fail git -C alice push origin good2 bad2 2>err &&
	grep "^remote: trigon: refs/heads/bad2: g.trigon:[0-9]*: error: " err &&
	! grep "refs/heads/good2: .*error" err &&
	grep "^remote: trigon: the whole push is refused: git'\''s pre-receive hook takes all refs or none *$" err &&
	! git_rev server.git good2 &&
	git -C alice push -q origin good2 &&
	git_rev server.git good2
'

test_expect_success 'trigon hook update judges one ref (for git'\''s update hook)' '
	old=$(git_rev server.git main) &&
	(cd server.git && trigon hook update refs/heads/main $old $old) &&
	(cd server.git && test_exit_code 1 trigon hook update refs/heads/x $old 0000000000000000000000000000000000000000 2>../err) &&
	grep "^trigon: refs/heads/x: g.trigon: error: deleting this ref would throw away the game in it$" err
'

test_expect_success 'as git'\''s update hook, a push of several refs keeps the good ones' '
	git init -q --bare server2.git &&
	printf "#!/bin/sh\nexec trigon hook update \"\$1\" \"\$2\" \"\$3\"\n" >server2.git/hooks/update &&
	chmod +x server2.git/hooks/update &&
	test_must_fail git -C alice push ../server2.git good2 bad2 2>err &&
	grep "^remote: trigon: refs/heads/bad2: g.trigon:[0-9]*: error: " err &&
	grep "bad2 -> bad2 (hook declined)" err &&
	git_rev server2.git good2 &&
	! git_rev server2.git bad2
'

test_expect_success 'the hook reads the pushed objects from git'\''s quarantine directory' '
	cat >server.git/hooks/pre-receive <<-\EOF &&
	#!/bin/sh
	printf "%s\n" "$GIT_QUARANTINE_PATH" >quarantine.seen
	test -n "$GIT_QUARANTINE_PATH" || exit 1
	exec trigon hook pre-receive
	EOF
	git -C alice checkout -q main && git -C alice pull -q &&
	who=$(to_act alice/g.trigon) &&
	(cd alice && trigon move --commit -f g.trigon --key ../keys/$who.key end >/dev/null) &&
	new=$(git_rev alice main) &&
	test_must_fail git -C server.git cat-file -e $new &&
	git -C alice push -q origin main &&
	grep "/objects/tmp_objdir-incoming-" server.git/quarantine.seen &&
	git -C server.git cat-file -e $new &&
	cp "$TRIGON_SRC_DIR/examples/hooks/pre-receive" server.git/hooks/pre-receive
'

test_expect_success 'trigon hook: usage errors' '
	test_exit_code 2 trigon hook 2>err &&
	grep "which hook" err &&
	test_exit_code 2 trigon hook post-receive 2>err &&
	grep "unknown hook .post-receive." err
'

test_done
