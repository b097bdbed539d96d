#!/bin/sh
test_description='trigon answer --watch (doc/fair-chance.md): an always-on client answers for its seat by itself, over a bare git repository and over a maildir, while the test plays the other seat and the moves; it stops by itself when the game is over, after --count or --once, and on SIGTERM; every refusal with its message and exit status'
. "$(dirname "$0")/setup.sh"

# The watch in the background.  bg_watch DIR HOME OUT ARGS...: trigon
# answer ARGS in DIR with TRIGON_HOME=HOME, its output in OUT.out and
# OUT.err, its pid in OUT.pid and, once it has ended, its exit status
# in OUT.rc.
bg_watch () {
	bw_dir=$1 bw_home=$2 bw_out=$PWD/$3
	shift 3
	rm -f "$bw_out.rc" &&
	(
		cd "$bw_dir" &&
		TRIGON_HOME="$bw_home" trigon answer "$@" >"$bw_out.out" 2>"$bw_out.err" &
		echo $! >"$bw_out.pid"
		wait $!
		echo $? >"$bw_out.rc.tmp" && mv "$bw_out.rc.tmp" "$bw_out.rc"
	) &
	until_true 300 test -s "$bw_out.pid"
}

# ended OUT SECONDS: the watch of OUT ends by itself within SECONDS
# (OUT.rc appears); one that does not is killed, by its pid, and the
# test fails.
ended () {
	if until_true $(($2 * 10)) test -f "$1.rc"
	then
		return 0
	fi
	kill $(cat "$1.pid")
	return 1
}

# until_true TENTHS CMD...: CMD, every tenth of a second, until it
# succeeds; fails after TENTHS tries.
until_true () {
	ut_n=$1
	shift
	until "$@"
	do
		ut_n=$((ut_n - 1))
		test $ut_n -gt 0 || return 1
		sleep 0.1
	done
}

# A stamped line: "2026-11-27T00:13:35Z FILE: ...".
STAMP="[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z"

test_expect_success 'setup' '
	HOME_DIR=$PWD && export HOME_DIR &&
	test_keys &&
	git_setup &&
	fair_pair g.trigon &&
	SOURCE_DATE_EPOCH=1700000000 trigon new open.trigon --seed "$SEED2" \
		--player "green:Ann:ann@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Ben:ben@example.org:$(cat keys/purple.key.pub)" >/dev/null &&
	mkdir -p md/new md/cur md/tmp
'

# refused ARGS...: answer ARGS exits 2 with a usage error; its message
# (the first line of stderr) in err.
usage_refused () {
	test_expect_code 2 trigon answer -f g.trigon --key keys/purple.key "$@" 2>err.all &&
	sed -n 1p err.all >err &&
	grep "^usage: trigon answer " err.all
}

test_expect_success 'bad arguments: each a usage error (exit 2) with its reason' '
	usage_refused --watch x &&
	echo "trigon: bad --watch '\''x'\'': a number of seconds from 0 to 86400, such as 60 or 0.5" >expect &&
	test_cmp expect err &&
	usage_refused --watch 86401 &&
	grep "^trigon: bad --watch '\''86401'\''" err &&
	usage_refused --watch 0.0005 &&
	grep "^trigon: bad --watch '\''0.0005'\''" err &&
	usage_refused --watch .5 &&
	usage_refused --watch 1. &&
	usage_refused --watch -1 &&
	usage_refused --once --watch 1 &&
	echo "trigon: --once and --watch exclude each other: --once is one pass, --watch SECONDS a pass every SECONDS" >expect &&
	test_cmp expect err &&
	usage_refused --count 3 &&
	echo "trigon: --count needs --watch SECONDS" >expect &&
	test_cmp expect err &&
	usage_refused --watch 1 --count 0 &&
	echo "trigon: --count needs a number from 1 to 1000000000" >expect &&
	test_cmp expect err &&
	usage_refused --maildir md &&
	echo "trigon: --maildir needs --watch SECONDS or --once" >expect &&
	test_cmp expect err &&
	usage_refused --remote origin &&
	echo "trigon: --remote needs --watch SECONDS or --once" >expect &&
	test_cmp expect err &&
	usage_refused --once --maildir md --remote origin &&
	echo "trigon: --remote is for a game in a git clone, --maildir for one played by mail: not both" >expect &&
	test_cmp expect err &&
	usage_refused --once extra &&
	usage_refused --once --maildir nowhere &&
	echo "trigon: '\''nowhere'\'' is no maildir: it has no directory '\''new'\''" >expect &&
	test_cmp expect err
'

test_expect_success 'refused: a game of open chance (exit 1), a key of no player (exit 1), a clone without the remote (exit 2); nothing written' '
	cp g.trigon before.trigon && cp open.trigon before-open.trigon &&
	test_expect_code 1 trigon answer -f open.trigon --key keys/green.key --once 2>err &&
	echo "trigon: open.trigon: refused: a game of open chance awaits no answers" >expect &&
	test_cmp expect err &&
	test_expect_code 1 trigon answer -f open.trigon --key keys/green.key --watch 1 --maildir md 2>err &&
	test_cmp expect err &&
	test_expect_code 1 trigon answer -f g.trigon --key keys/yellow.key --once 2>err &&
	echo "trigon: g.trigon: refused: this key belongs to no player of this game" >expect &&
	test_cmp expect err &&
	git init -q solo && cp g.trigon solo/ && git -C solo add g.trigon &&
	git -C solo commit -q -m "a new game" &&
	test_expect_code 2 trigon answer -f solo/g.trigon --key keys/purple.key --watch 0.1 --count 5 --remote nowhere >out 2>err &&
	grep "^trigon: $STAMP no remote '\''nowhere'\'': remote '\''nowhere'\'' does not exist$" err &&
	test_must_be_empty out &&
	cmp g.trigon solo/g.trigon &&
	test_expect_code 3 trigon answer -f missing.trigon --key keys/purple.key --once 2>err &&
	grep "missing.trigon" err &&
	cmp before.trigon g.trigon &&
	cmp before-open.trigon open.trigon
'

# ---- over git -------------------------------------------------------------
#
# Three clones of srv/game.git: ann (green: its answers by trigon sync,
# as in t/0820), lap (purple's laptop, where Ben moves: its home has no
# key, so its syncs never answer; moves name --key) and box (purple's
# always-on machine, where trigon answer --watch runs with purple's key:
# every answer purple owes beyond the releases its own moves write).

# as CLONE CMD...: CMD in CLONE with CLONE's own home.
as () {
	as_p=$1
	shift
	(cd $as_p && TRIGON_HOME="$HOME_DIR/home-$as_p" "$@")
}

# server: the server's file into server.trigon.
server () {
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon
}

# server_to_act: the seat the server's copy waits for ("over" at the end).
server_to_act () {
	server &&
	trigon status --json -f server.trigon >st.json &&
	jq -r "if .await.over then \"over\" else .await.to_act end" st.json
}

# push_from CLONE: push; a push refused because another pushed first
# is synced and pushed again.
push_from () {
	pf_n=0
	until as $1 trigon push -f g.trigon >push.out 2>&1
	do
		as $1 trigon sync -f g.trigon >/dev/null || return 1
		pf_n=$((pf_n + 1))
		test $pf_n -lt 50 || return 1
	done
}

# quiet: the server's game awaits no answer, and Ann's clone is the
# server's file.
quiet () {
	as ann trigon sync -f g.trigon >/dev/null &&
	push_from ann &&
	server &&
	trigon status --json -f server.trigon >st.json &&
	test "$(jq -r ".await.answers // empty" st.json)" = "" &&
	cmp -s server.trigon ann/g.trigon
}

# settle: Ann's client syncs and pushes until the game awaits nobody:
# purple's answers come from the box alone.
settle () {
	until_true 1200 quiet
}

# play TURNS: the seat to act moves in its clone (at most three first
# legal actions, then end) and pushes; the game settles after each
# action that opens an event.  Then the seat to act resigns, until the
# game is over.  Purple's moves are made on the laptop, with --key.
play () {
	pl_t=0
	while test $pl_t -lt $1
	do
		pl_s=$(server_to_act) && pl_p=$(clone_of $pl_s) &&
		pl_k=0 &&
		while :
		do
			as $pl_p trigon sync -f g.trigon >/dev/null &&
			as $pl_p trigon moves -f g.trigon --key "$HOME_DIR/keys/$pl_s.key" >legal.out &&
			pl_a=$(pick_action legal.out $pl_k) || return 1
			as $pl_p trigon move --commit -f g.trigon --key "$HOME_DIR/keys/$pl_s.key" "$pl_a" >move.out &&
			cat move.out >>moves.$pl_s &&
			push_from $pl_p &&
			settle || return 1
			pl_k=$((pl_k + 1))
			test "$pl_a" = end && break
			test "$(server_to_act)" = $pl_s || break
		done
		pl_t=$((pl_t + 1))
	done &&
	while test "$(server_to_act)" != over
	do
		pl_s=$(server_to_act) && pl_p=$(clone_of $pl_s) &&
		as $pl_p trigon sync -f g.trigon >/dev/null &&
		as $pl_p trigon move --commit -f g.trigon --key "$HOME_DIR/keys/$pl_s.key" resign >move.out &&
		cat move.out >>moves.$pl_s &&
		push_from $pl_p &&
		settle || return 1
	done
}

clone_of () {
	case $1 in
	green) echo ann ;;
	purple) echo lap ;;
	esac
}

test_expect_success 'git: a server with the hook; Ann creates the game and pushes it; three clones, each with its home' '
	git_server srv/game.git &&
	mkdir home-ann home-lap home-box &&
	cp keys/green.key home-ann/key && cp keys/purple.key home-box/key &&
	chmod 600 home-ann/key home-box/key &&
	printf "[player]\nname = Ann\nemail = ann@example.org\n" >home-ann/config &&
	printf "[player]\nname = Ben\nemail = ben@example.org\n" >home-lap/config &&
	printf "[player]\nname = Ben box\nemail = ben@example.org\n" >home-box/config &&
	git clone -q srv/game.git ann 2>/dev/null &&
	cp g.trigon ann/g.trigon &&
	git -C ann add g.trigon && git -C ann commit -q -m "a new game" &&
	git -C ann push -q origin main &&
	git clone -q srv/game.git lap && git clone -q srv/game.git box
'

test_expect_success 'git: --once joins for purple, commits and pushes, one stamped line each; a second --once does nothing and says nothing' '
	test_when_finished "git -C srv/game.git update-ref refs/heads/main $(git -C srv/game.git rev-parse main)" &&
	git clone -q srv/game.git once &&
	cp -r home-box home-once &&
	as once trigon answer -f g.trigon --once >out 2>err &&
	test_must_be_empty err &&
	test $(wc -l <out) = 2 &&
	grep "^$STAMP g.trigon: purple answered ([0-9]* lines\{0,1\}), committed [0-9a-f]\{7\}$" out &&
	grep "^$STAMP g.trigon: pushed refs/heads/main to .*srv/game.git$" out &&
	server && grep "^@ purple join " server.trigon &&
	as once trigon answer -f g.trigon --once >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err
'

test_expect_success 'git: a push refused because the remote has commits the pass'\''s sync did not see is routine: synced and pushed again, three times, then left for the next pass, with nothing on stderr and exit 0' '
	git clone -q --bare srv/game.git srv2.git &&
	git clone -q srv2.git other &&
	echo readme >other/README && git -C other add README &&
	git -C other commit -q -m readme && git -C other push -q origin main &&
	git_rev srv2.git main >srv2.before &&
	git clone -q srv/game.git pu &&
	git -C pu remote set-url --push origin "$HOME_DIR/srv2.git" &&
	cp -r home-box home-pu &&
	as pu trigon answer -f g.trigon --once >out 2>err &&
	test_must_be_empty err &&
	test $(wc -l <out) = 2 &&
	grep "^$STAMP g.trigon: purple answered ([0-9]* lines\{0,1\}), committed [0-9a-f]\{7\}$" out &&
	grep "^$STAMP g.trigon: another copy pushed first, three times; the commits wait for the next pass$" out &&
	git_rev srv2.git main >srv2.after && test_cmp srv2.before srv2.after
'

test_expect_success 'git: the box watches in the background; the game starts, its joins and first releases settle with Ann syncing alone' '
	bg_watch box "$HOME_DIR/home-box" gwatch -f g.trigon --watch 0.1 --count 20000 &&
	settle &&
	server_to_act >to_act &&
	grep "^green$\|^purple$" to_act &&
	grep "^@ purple join " server.trigon
'

# git_game_checks: test 7's checks of the game the watch answered.
git_game_checks () {
	echo 0 >expect && test_cmp expect gwatch.rc &&
	test_must_be_empty gwatch.err &&
	tail -n 1 gwatch.out >last &&
	grep "^$STAMP g.trigon: the game is over and purple owes nothing more; the watch ends$" last &&
	server &&
	test_exit_code 0 trigon verify server.trigon >out &&
	grep "^server.trigon: ok: [0-9]* moves by 2 players, .*, over, [a-z]* won (last)$" out &&
	grep "^server.trigon: fully audited" out &&
	cmp server.trigon box/g.trigon &&
	ev=$(grep -c "^#? [0-9]* release " server.trigon) &&
	test $ev -ge 4 &&
	grep "^#? [0-9]* release " server.trigon | sed "s/.*: //" | wc -w >owed &&
	test $(grep -c "^@ [a-z]* release " server.trigon) = $(cat owed) &&
	sed -n "s/^$STAMP g.trigon: purple answered (\([0-9]*\) lines\{0,1\}), committed [0-9a-f]\{7\}$/\1/p" gwatch.out >by-watch &&
	test -s by-watch &&
	sed -n "s/^g.trigon: purple [a-z]* at once (\([0-9]*\) answer lines\{0,1\})$/\1/p" moves.purple >by-moves &&
	test $(cat by-watch by-moves | awk "{ n += \$1 } END { print n }") = $(grep -c "^@ purple " server.trigon) &&
	test $(grep -c " g.trigon: pushed refs/heads/main " gwatch.out) -ge 3 &&
	! grep -v "^$STAMP g.trigon: " gwatch.out
}

test_expect_success 'git: a whole game; every answer purple owes is written by the watch (or with purple'\''s own moves), none typed; the watch ends by itself when the game is over' '
	{ play 4 && ended gwatch 120 && git_game_checks ||
	  explain gwatch.rc gwatch.err gwatch.out out by-watch by-moves owed; }
'

test_expect_success 'git: a remote that cannot be reached is reported at each pass and the watch goes on; it ends after its --count passes with the status of the failure (3)' '
	git -C once remote set-url origin "$HOME_DIR/nowhere.git" &&
	test_expect_code 3 as once trigon answer -f g.trigon --watch 0 --count 2 >out 2>err &&
	test_must_be_empty out &&
	test $(grep -c "^trigon: $STAMP cannot fetch from '\''origin'\''" err) = 2
'

# ---- over mail ------------------------------------------------------------
#
# Ann plays green on ann.trigon, applying the mails of annmail by hand
# (trigon apply writes green's answers, trigon mail --send sends them);
# Ben's box holds ben.trigon, where Ben moves, and runs trigon answer
# --watch --maildir benmail with purple's key.  deliver is the sendmail
# of both: it drops a message into the maildir of its To: address.

# as_ann CMD...: CMD with Ann's mail home; as_box: with the box's (no
# key there: only the watch, given --key, answers for purple).
as_ann () {
	TRIGON_HOME="$HOME_DIR/home-mann" "$@"
}
as_box () {
	TRIGON_HOME="$HOME_DIR/home-mbox" "$@"
}

# collect: Ann's client applies the mails in annmail/new, each then
# moved to annmail/cur, and mails green's answers when it wrote some.
collect () {
	for co_m in annmail/new/*
	do
		test -f "$co_m" || continue
		as_ann trigon apply -f ann.trigon --key keys/green.key "$co_m" >apply.out &&
		mv "$co_m" annmail/cur/ || return 1
		if grep -q " answered (" apply.out
		then
			as_ann trigon mail -f ann.trigon --key keys/green.key --send >/dev/null || return 1
		fi
	done
}

# mquiet: Ann's copy awaits no answer and is the box's, byte for byte.
mquiet () {
	collect &&
	trigon status --json -f ann.trigon >st.json &&
	test "$(jq -r ".await.answers // empty" st.json)" = "" &&
	cmp -s ann.trigon ben.trigon
}

msettle () {
	until_true 1200 mquiet
}

mto_act () {
	trigon status --json -f ann.trigon >st.json &&
	jq -r "if .await.over then \"over\" else .await.to_act end" st.json
}

# mmove SEAT ACTION: SEAT moves on its copy and mails it; the game
# settles.
mmove () {
	case $1 in
	green) mm_f=ann.trigon mm_as=as_ann ;;
	purple) mm_f=ben.trigon mm_as=as_box ;;
	esac
	trigon move -f $mm_f --key keys/$1.key "$2" >move.out &&
	cat move.out >>mmoves.$1 &&
	$mm_as trigon mail -f $mm_f --key keys/$1.key --send >/dev/null &&
	msettle
}

# mplay TURNS: as play, by mail.
mplay () {
	mp_t=0
	while test $mp_t -lt $1
	do
		mp_s=$(mto_act) && mp_k=0 || return 1
		case $mp_s in green) mp_f=ann.trigon ;; purple) mp_f=ben.trigon ;; esac
		while :
		do
			trigon moves -f $mp_f --key keys/$mp_s.key >legal.out &&
			mp_a=$(pick_action legal.out $mp_k) || return 1
			mmove $mp_s "$mp_a" || return 1
			mp_k=$((mp_k + 1))
			test "$mp_a" = end && break
			test "$(mto_act)" = $mp_s || break
		done
		mp_t=$((mp_t + 1))
	done &&
	while test "$(mto_act)" != over
	do
		mmove $(mto_act) resign || return 1
	done
}

test_expect_success 'mail: two maildirs, a sendmail that delivers into them; Ann starts a game and mails it; the box creates ben.trigon from the mail with no key (nothing answered)' '
	mkdir -p annmail/new annmail/cur annmail/tmp benmail/new benmail/cur benmail/tmp &&
	cat >deliver <<-\EOF &&
	#!/bin/sh
	# sendmail -t: the message on standard input into the maildir of
	# its To: address, the maildir way (tmp/, then new/).
	t=$MAILROOT/deliver.$$
	cat >"$t" || exit 1
	if sed "/^$/q" "$t" | grep -q "^To:.*ann@example.org"
	then
		box=annmail
	else
		box=benmail
	fi
	n=$(date +%s%N).$$.test
	mv "$t" "$MAILROOT/$box/tmp/$n" && mv "$MAILROOT/$box/tmp/$n" "$MAILROOT/$box/new/$n"
	EOF
	chmod +x deliver &&
	MAILROOT=$PWD && export MAILROOT &&
	mkdir home-mann home-mbox &&
	printf "[player]\nname = Ann\n[mail]\nsendmail = '\''%s/deliver'\''\n" "$PWD" >home-mann/config &&
	printf "[player]\nname = Ben box\n[mail]\nsendmail = '\''%s/deliver'\''\n" "$PWD" >home-mbox/config &&
	fair_pair ann.trigon &&
	as_ann trigon mail -f ann.trigon --key keys/green.key --send >out &&
	grep "^ann.trigon: sent the whole game to ben@example.org$" out &&
	as_box trigon apply -f ben.trigon benmail/new/* >out &&
	grep "^ben.trigon: created from " out &&
	! grep answered out &&
	for m in benmail/new/*
	do
		mv "$m" "benmail/cur/${m##*/}:2," || return 1
	done &&
	printf "From: Cat <cat@example.org>\nTo: Ben <ben@example.org>\nSubject: lunch\n\nNo game here.\n" >benmail/new/0001.lunch &&
	as_ann trigon mail -f open.trigon --key keys/green.key --to ben@example.org >benmail/new/0002.other-game &&
	cmp ann.trigon ben.trigon
'

test_expect_success 'mail: SIGTERM ends the watch between two passes, cleanly (exit 0), after its first pass joined for purple (and released for the first roll) and mailed it' '
	cp ben.trigon sig.trigon && rm -rf sigmail && cp -r benmail sigmail &&
	cp -r annmail sigann &&
	bg_watch . "$HOME_DIR/home-mbox" swatch -f sig.trigon --key keys/purple.key --maildir sigmail --watch 60 &&
	until_true 600 grep -q " sent " swatch.out &&
	kill -TERM $(cat swatch.pid) &&
	ended swatch 30 &&
	echo 0 >expect && test_cmp expect swatch.rc &&
	test_must_be_empty swatch.err &&
	grep "^$STAMP sig.trigon: purple answered (2 lines)$" swatch.out &&
	grep "^$STAMP sig.trigon: sent the whole game to ann@example.org$" swatch.out &&
	test $(wc -l <swatch.out) = 3 &&
	tail -n 1 swatch.out >last &&
	grep "^$STAMP sig.trigon: the watch ends (SIGTERM)$" last &&
	rm -f annmail/new/*
'

test_expect_success 'mail: --watch 0 --count 3 when purple owes nothing and new/ holds nothing of this game: three passes, nothing said, the other mails left in new/, exit 0' '
	cp sig.trigon sig-before.trigon &&
	as_box trigon answer -f sig.trigon --key keys/purple.key --maildir sigmail --watch 0 --count 3 >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err &&
	cmp sig-before.trigon sig.trigon &&
	ls sigmail/new >left &&
	printf "0001.lunch\n0002.other-game\n" >expect &&
	test_cmp expect left
'

test_expect_success 'mail: a damaged mail of the game is refused, moved to cur/ all the same, and the watch goes on: exit 1 at its end' '
	cp sig.trigon dmg.trigon && rm -rf dmgmail && mkdir -p dmgmail/new dmgmail/cur dmgmail/tmp &&
	as_ann trigon mail -f ann.trigon --key keys/green.key --since 0 >whole.eml &&
	sed "/^-----BEGIN TRIGON MOVES-----$/{n;s/^./#/;}" whole.eml >dmgmail/new/0003.damaged &&
	! cmp whole.eml dmgmail/new/0003.damaged &&
	cp dmg.trigon dmg-before.trigon &&
	test_expect_code 1 as_box trigon answer -f dmg.trigon --key keys/purple.key --maildir dmgmail --watch 0 --count 2 >out 2>err &&
	test_must_be_empty out &&
	test $(wc -l <err) = 1 &&
	grep "^trigon: $STAMP dmg.trigon: error: '\''dmgmail/new/0003.damaged'\'': a damaged TRIGON MOVES block: " err &&
	test -f "dmgmail/cur/0003.damaged:2," &&
	cmp dmg-before.trigon dmg.trigon
'

test_expect_success 'mail: the box watches benmail in the background; a whole game, purple'\''s answers written and mailed by the watch alone; it ends by itself at the game'\''s end' '
	bg_watch . "$HOME_DIR/home-mbox" mwatch -f ben.trigon --key keys/purple.key --maildir benmail --watch 0.1 --count 20000 &&
	msettle &&
	mplay 4 &&
	ended mwatch 120 &&
	echo 0 >expect && test_cmp expect mwatch.rc &&
	test_must_be_empty mwatch.err &&
	tail -n 1 mwatch.out >last &&
	grep "^$STAMP ben.trigon: the game is over and purple owes nothing more; the watch ends$" last &&
	as_box trigon answer -f ben.trigon --key keys/purple.key --maildir benmail --once >out &&
	cmp ann.trigon ben.trigon &&
	test_exit_code 0 trigon verify ann.trigon >out &&
	grep "^ann.trigon: ok: [0-9]* moves by 2 players, .*, over, [a-z]* won (last)$" out &&
	grep "^ann.trigon: fully audited" out &&
	grep "^#? [0-9]* release " ann.trigon | sed "s/.*: //" | wc -w >owed &&
	test $(grep -c "^@ [a-z]* release " ann.trigon) = $(cat owed) &&
	sed -n "s/^$STAMP ben.trigon: purple answered (\([0-9]*\) lines\{0,1\})$/\1/p" mwatch.out >by-watch &&
	test -s by-watch &&
	sed -n "s/^ben.trigon: purple [a-z]* at once (\([0-9]*\) answer lines\{0,1\})$/\1/p" mmoves.purple >by-moves &&
	test $(cat by-watch by-moves | awk "{ n += \$1 } END { print n }") = $(grep -c "^@ purple " ann.trigon) &&
	test $(grep -c "^$STAMP ben.trigon: sent " mwatch.out) = $(wc -l <by-watch) &&
	grep -q "^$STAMP ben.trigon: applied moves\{0,1\} [-0-9]* from '\''benmail/new/[0-9]*\.[0-9]*\.test'\''$" mwatch.out &&
	grep "took the answers of '\''benmail/new/[0-9]*\.[0-9]*\.test'\'' (no new moves)$" mwatch.out &&
	! grep -v "^$STAMP ben.trigon: " mwatch.out &&
	ls benmail/new >left &&
	printf "0001.lunch\n0002.other-game\n" >expect &&
	test_cmp expect left &&
	for f in benmail/cur/*
	do
		case $f in *:2,) ;; *) return 1 ;; esac
	done
'

test_expect_success 'cleanup: no watch is left running' '
	for p in *.pid
	do
		test -f "${p%.pid}.rc" || kill $(cat "$p") 2>/dev/null
	done
	true
'

test_done
