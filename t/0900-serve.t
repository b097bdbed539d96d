#!/bin/sh
test_description='trigon serve: the game in the browser, on the loopback address, with a token'
. "$(dirname "$0")/setup.sh"

# trigon(1), serve: one URL on 127.0.0.1 with a random token; a request
# without it is refused (403), a POST from another site too (CSRF), a
# hand is its own key's alone; a move is written as trigon move writes
# it.  The requests are curl's.

if ! command -v curl >/dev/null 2>&1
then
	skip_all='curl is not installed (apt-get install curl)'
	test_done
fi

# get NAME PATH [CURL ARGS...]: PATH of that server with its token,
# body in body, status in code.
get () {
	g_url=$(cat "$1.url")
	g_base=${g_url%%/?token=*}
	g_token=${g_url#*token=}
	g_path=$2
	shift 2
	case $g_path in
	*\?*) g_path="$g_path&token=$g_token" ;;
	*) g_path="$g_path?token=$g_token" ;;
	esac
	curl -s -o body -w "%{http_code}\n" "$@" "$g_base$g_path" >code
}

# code_is N: the last status was N.
code_is () {
	echo "$1" >expect.code &&
	test_cmp expect.code code
}

test_expect_success 'setup: a game of 40 moves; serve it with green'\''s key, the seat to act' '
	test_keys &&
	new_game g.trigon &&
	play g.trigon 40 3 &&
	trigon status g.trigon >status &&
	cp g.trigon ref.trigon &&
	serve_start p g.trigon --key keys/green.key --port 0
'

test_expect_success 'trigon(1) serve: one URL on 127.0.0.1 with a token of 48 hex digits' '
	test "$(wc -l <p.out)" = 3 &&
	grep "^g.trigon: green plays at$" p.out &&
	grep "^    http://127\.0\.0\.1:[0-9]*/?token=[0-9a-f]\{48\}$" p.out &&
	grep "^g.trigon: Ctrl-C stops the server$" p.out &&
	test_must_be_empty p.err
'

test_expect_success 'it listens on the loopback address alone (/proc/net/tcp)' '
	port=$(sed "s|.*:\([0-9]*\)/.*|\1|" p.url) &&
	hex=$(printf "%04X" "$port") &&
	grep " [0-9A-F]*:$hex 00000000:0000 0A " /proc/net/tcp >listen &&
	test "$(wc -l <listen)" = 1 &&
	grep " 0100007F:$hex " listen
'

test_expect_success 'a request without the token, or with another, is refused (403)' '
	base=$(sed "s|/?token=.*||" p.url) &&
	curl -s -o body -w "%{http_code}\n" "$base/api/state" >code &&
	code_is 403 &&
	echo "forbidden: this URL lacks the token trigon serve printed" >expect &&
	test_cmp expect body &&
	curl -s -o body -w "%{http_code}\n" "$base/?token=0123" >code &&
	code_is 403 &&
	tok=$(sed "s|.*token=||" p.url | tr 0-9a-f 1-9a-f0) &&
	curl -s -o body -w "%{http_code}\n" "$base/api/state?token=$tok" >code &&
	code_is 403
'

test_expect_success 'a request addressed to another host name is refused (403, DNS rebinding)' '
	get p /api/state -H "Host: attacker.example:80" &&
	code_is 403 &&
	echo "forbidden: not addressed to this server" >expect &&
	test_cmp expect body
'

test_expect_success 'the page and its script come with the token' '
	get p / &&
	code_is 200 &&
	tok=$(sed "s|.*token=||" p.url) &&
	grep "<script src=\"page.js?token=$tok\" defer></script>" body &&
	get p /page.js &&
	code_is 200 &&
	test_cmp "$TRIGON_SRC_DIR/web/page.js" body &&
	get p /nothing &&
	code_is 404
'

test_expect_success 'the state: the board as trigon board --svg draws it, the turn, the log' '
	get p /api/state &&
	code_is 200 &&
	jq -j .board body >board.svg &&
	trigon board --svg g.trigon >expect.svg &&
	test_cmp expect.svg board.svg &&
	jq -r .await.text body >turn &&
	sed -n 3p status >expect &&
	test_cmp expect turn &&
	jq -r ".log[] | \"\(.seq). \(.seat): \(.action)\"" body >log &&
	trigon log g.trigon >full &&
	grep "^[0-9]*\. " full | sed "s/ (\(Alice\|Bob\)): /: /" >expect &&
	test_cmp expect log
'

test_expect_success 'the state: the key'\''s own hand as trigon hand, its actions as trigon moves' '
	jq -r .mine body >mine &&
	echo green >expect &&
	test_cmp expect mine &&
	jq -j .hand body >hand &&
	trigon hand g.trigon --key keys/green.key >expect &&
	test_cmp expect hand &&
	jq -r ".legal[]" body >legal &&
	trigon moves g.trigon --key keys/green.key >expect &&
	test_cmp expect legal
'

# trigon(1), serve: the Share buttons shown are those the state's share
# says apply: commit for a file its git HEAD holds, sync and push with
# the remote too, mail, send and apply when another seat has an address.
test_expect_success 'share: a file no git commit holds, nobody to mail: no Share button applies' '
	get p /api/state &&
	code_is 200 &&
	jq -c .share body >share &&
	echo "{\"git\":false,\"remote\":false,\"mail\":false}" >expect &&
	test_cmp expect share
'

test_expect_success 'R10.2 another seat'\''s hand is refused (403), the own one given' '
	get p "/api/hand?seat=purple" &&
	code_is 403 &&
	jq -r .error body >err &&
	echo "g.trigon: refused: a hand can show a player'\''s hidden cards; this key is another player'\''s" >expect &&
	test_cmp expect err &&
	get p "/api/hand?seat=green" &&
	code_is 200 &&
	jq -j .hand body >hand &&
	trigon hand g.trigon --key keys/green.key >expect &&
	test_cmp expect hand
'

test_expect_success 'replay: at=0 and at=N are trigon board --at, past the end refused' '
	get p "/api/state?at=0" &&
	code_is 200 &&
	jq -j .board body >board.svg &&
	trigon board --svg --at 0 g.trigon >expect.svg &&
	test_cmp expect.svg board.svg &&
	jq -r ".at, (.legal | length)" body >at &&
	printf "0\n0\n" >expect &&
	test_cmp expect at &&
	get p "/api/state?at=17" &&
	jq -j .board body >board.svg &&
	trigon board --svg --at 17 g.trigon >expect.svg &&
	test_cmp expect.svg board.svg &&
	get p "/api/state?at=41" &&
	code_is 400 &&
	jq -r .error body >err &&
	echo "g.trigon: the game has 40 actions; at 41 is past its end" >expect &&
	test_cmp expect err
'

test_expect_success 'CSRF: a POST with a foreign Origin is refused (403) and writes nothing' '
	get p /api/state &&
	jq -r ".legal[0]" body >action &&
	get p /api/move -X POST -H "Origin: http://attacker.example" \
		--data-binary @action &&
	code_is 403 &&
	echo "forbidden: a request from another site" >expect &&
	test_cmp expect body &&
	get p /api/move -X POST -H "Sec-Fetch-Site: cross-site" \
		--data-binary @action &&
	code_is 403 &&
	test_cmp ref.trigon g.trigon
'

test_expect_success 'a refused order is worded as trigon move words it, and writes nothing' '
	port=$(sed "s|.*:\([0-9]*\)/.*|\1|" p.url) &&
	get p /api/move -X POST -H "Origin: http://127.0.0.1:$port" \
		--data-binary "fly to the moon" &&
	code_is 409 &&
	jq -r .error body >err &&
	cp ref.trigon m.trigon &&
	test_exit_code 1 trigon move -f m.trigon --key keys/green.key \
		"fly to the moon" 2>merr &&
	sed "s/^trigon: m.trigon/g.trigon/" merr >expect &&
	test_cmp expect err &&
	test_cmp ref.trigon g.trigon
'

test_expect_success 'a move by POST writes what trigon move writes' '
	port=$(sed "s|.*:\([0-9]*\)/.*|\1|" p.url) &&
	get p /api/move -X POST -H "Origin: http://127.0.0.1:$port" \
		-H "Sec-Fetch-Site: same-origin" --data-binary @action &&
	code_is 200 &&
	jq -r .played body >played &&
	echo 1 >expect &&
	test_cmp expect played &&
	cp ref.trigon m.trigon &&
	trigon move -f m.trigon --key keys/green.key "$(cat action)" &&
	test_cmp m.trigon g.trigon &&
	trigon verify g.trigon
'

test_expect_success 'SIGTERM stops the server' '
	pid=$(cat p.pid) &&
	serve_stop p &&
	test_must_fail kill -0 "$pid" 2>/dev/null
'

test_expect_success 'without a key the page replays: no hand, no actions, no moves (403)' '
	serve_start r g.trigon &&
	grep "^g.trigon: no key; the page replays the game at$" r.out &&
	get r /api/state &&
	code_is 200 &&
	jq -r ".mine, .hand, (.legal | length)" body >view &&
	printf "null\nnull\n0\n" >expect &&
	test_cmp expect view &&
	get r "/api/hand?seat=purple" &&
	code_is 403 &&
	cp g.trigon before.trigon &&
	get r /api/move -X POST --data-binary @action &&
	code_is 403 &&
	jq -r .error body >err &&
	echo "g.trigon: refused: no key was given: start trigon serve with --key KEYFILE to move" >expect &&
	test_cmp expect err &&
	test_cmp before.trigon g.trigon &&
	serve_stop r
'

test_expect_success 'fair chance: two actions in one POST write what trigon move writes (trigon-save(5))' '
	fair_pair f.trigon &&
	trigon answer -f f.trigon --key keys/purple.key >/dev/null &&
	trigon answer -f f.trigon --key keys/green.key >/dev/null &&
	cp f.trigon fref.trigon &&
	test_when_finished "serve_stop fa" &&
	serve_start fa f.trigon --key keys/green.key &&
	printf "build knight at psor\nend\n" >acts &&
	get fa /api/move -X POST --data-binary @acts &&
	code_is 200 &&
	jq -r ".played, .await.to_act" body >played &&
	printf "2\npurple\n" >expect &&
	test_cmp expect played &&
	cp fref.trigon m.trigon &&
	trigon move -f m.trigon --key keys/green.key "build knight at psor" end &&
	test_cmp m.trigon f.trigon &&
	trigon verify f.trigon
'

test_expect_success 'the Duel example, served without a key: its board and log as the commands show them' '
	cp "$TRIGON_SRC_DIR/examples/duel.trigon" duel.trigon &&
	test_when_finished "serve_stop du" &&
	serve_start du duel.trigon &&
	get du "/api/state?at=12" &&
	code_is 200 &&
	jq -j .board body >board.svg &&
	trigon board --svg --at 12 duel.trigon >expect.svg &&
	test_cmp expect.svg board.svg &&
	jq -r ".rules, (.log | length), .nactions" body >view &&
	trigon log --json duel.trigon >log.json &&
	{ echo catan-duel && jq -r ".moves | length, length" log.json ; } >expect &&
	test_cmp expect view
'

grep -q "^#define TRIGON_DIRECT_LIBS" "$TRIGON_BUILD_DIR/config.h" ||
test_set_prereq LAZY

test_expect_success LAZY 'libmicrohttpd is loaded by serve alone, on its first call (lib/dl.h)' '
	(LD_DEBUG=files && export LD_DEBUG && serve_start d g.trigon) &&
	get d /api/stamp &&
	code_is 200 &&
	kill "$(cat d.pid)" &&
	grep "file=libmicrohttpd\.so.* dynamically loaded by" d.err &&
	LD_DEBUG=files trigon board g.trigon >out 2>debug &&
	! grep "libmicrohttpd" debug
'

test_expect_success 'the state carries the stamp /api/stamp answers' '
	serve_start c g.trigon --key keys/green.key &&
	get c /api/state &&
	jq -r .stamp body >stamp.state &&
	get c /api/stamp &&
	jq -r .stamp body >stamp &&
	test_cmp stamp stamp.state
'

test_expect_success 'the game is read again when its stamp changes, not before' '
	test_when_finished "serve_stop c; cp ref2.trigon g.trigon" &&
	cp g.trigon ref2.trigon &&
	get c /api/state &&
	jq -r .nactions body >n.before &&
	cp -p g.trigon stamp.ref &&
	size=$(wc -c <g.trigon) &&
	tail -c 2 g.trigon >last &&
	new=A &&
	if test "$(cat last)" = A; then new=B; fi &&
	printf "%s" "$new" |
		dd of=g.trigon bs=1 seek=$((size - 2)) conv=notrunc status=none &&
	test "$(wc -c <g.trigon)" = "$size" &&
	! cmp -s ref2.trigon g.trigon &&
	touch -r stamp.ref g.trigon &&
	get c /api/state &&
	code_is 200 &&
	jq -r .nactions body >n.after &&
	test_cmp n.before n.after &&
	touch g.trigon &&
	get c /api/state &&
	code_is 500 &&
	jq -r .error body >err &&
	grep "^g.trigon:[0-9]*: error: " err
'

test_expect_success 'usage: the options of a new game want --new; --new a new file' '
	test_exit_code 2 trigon serve g.trigon --vs 1 2>err &&
	echo "trigon: --rules, --vs, --option and --seed start a new game: add --new" >expect &&
	sed -n 1p err >err1 &&
	test_cmp expect err1 &&
	test_exit_code 2 trigon serve --new g.trigon --key keys/green.key 2>err &&
	echo "trigon: '\''g.trigon'\'' exists: --new starts a new game (serve it without --new)" >expect &&
	sed -n 1p err >err1 &&
	test_cmp expect err1 &&
	test_exit_code 2 trigon serve --new n.trigon --rules catan-duel --vs 2 \
		--key keys/green.key 2>err &&
	echo "trigon: Catan: Het Duel is for 2 to 2 players; you asked for 3 (you and 2 computers)" >expect &&
	sed -n 1p err >err1 &&
	test_cmp expect err1 &&
	test ! -e n.trigon
'

SEED7=0000000000000000000000000000000000000000000000000000000000000007

test_expect_success '--new: a Duel against the computer, as trigon play starts one' '
	serve_start nd --new d.trigon --rules catan-duel --vs 1 --seed $SEED7 \
		--key keys/green.key --playouts 10 &&
	sed -n "s/^d.trigon: the computer.s keys are in //p" nd.out >nd.keys &&
	test -s "$(cat nd.keys)/blue.bot.key" &&
	grep "^d.trigon: red plays at$" nd.out &&
	grep "^player red you trigon-ed25519:$(sed "s/.*://" keys/green.key.pub)$" d.trigon &&
	grep "^player blue Computer trigon-ed25519:" d.trigon &&
	cp d.trigon d0.trigon &&
	get nd /api/state &&
	jq -r ".computer[], .mine" body >seats &&
	printf "blue\nred\n" >expect &&
	test_cmp expect seats
'

test_expect_success 'hint: what trigon bot --suggest would play first for the key'\''s seat' '
	get nd /api/hint &&
	code_is 200 &&
	jq -r .hint body >hint &&
	trigon bot --suggest --as red -f d.trigon --key keys/green.key \
		--playouts 10 >suggest &&
	sed -n "1s/^d.trigon: suggest: //p" suggest >expect &&
	test_cmp expect hint
'

test_expect_success 'a move by POST: the computer answers at once, as trigon bot would' '
	printf "start stack 1\n" >acts &&
	get nd /api/move -X POST --data-binary @acts &&
	code_is 200 &&
	jq -r ".played, .computer, .await.to_act" body >played &&
	printf "1\n1\nred\n" >expect &&
	test_cmp expect played &&
	grep "^2 blue start stack [0-9] | " d.trigon &&
	serve_replay d0.trigon d.trigon "$(cat nd.keys)" red keys/green.key &&
	test_cmp d.trigon d.trigon.replay &&
	trigon verify d.trigon
'

test_expect_success 'trigon play goes on with the game serve started' '
	serve_stop nd &&
	cp d.trigon before.trigon &&
	echo quit | trigon play d.trigon --key keys/green.key --plain >play.out &&
	grep "^red> \|red (you)" play.out &&
	test_cmp before.trigon d.trigon
'

test_expect_success 'hint without a key is refused (403)' '
	serve_start nk d.trigon &&
	test_when_finished "serve_stop nk" &&
	get nk /api/hint &&
	code_is 403 &&
	jq -r .error body >err &&
	echo "d.trigon: refused: a hint names a player'\''s hidden cards, and no key was given" >expect &&
	test_cmp expect err
'

test_expect_success 'usage: --port takes a port number' '
	test_exit_code 2 trigon serve g.trigon --port 70000 2>err &&
	grep "^trigon: --port takes a port number from 0 (any free port) to 65535, not '\''70000'\''$" err
'

# Sharing (trigon(1), serve): the page's git buttons run trigon sync and
# trigon push, its mail buttons trigon mail, mail --send and apply, in
# the server with its key; each answers what the command prints.
test_expect_success 'setup: a game shared by git: the first to act in clone alice, the other served in clone bob' '
	git_setup &&
	git_server srv.git &&
	git init -q alice &&
	new_game alice/g.trigon &&
	git -C alice add g.trigon &&
	git -C alice commit -q -m "new game" &&
	git -C alice remote add origin ../srv.git &&
	(cd alice && trigon push -f g.trigon >/dev/null) &&
	git -C alice branch -q --set-upstream-to=origin/main &&
	git clone -q srv.git bob &&
	to_act alice/g.trigon >first &&
	serve_start gb -f bob/g.trigon --key keys/$(other $(cat first)).key &&
	port=$(sed "s|.*:\([0-9]*\)/.*|\1|" gb.url) &&
	echo "Origin: http://127.0.0.1:$port" >origin
'

test_expect_success 'share: a git game says git and remote; a file in a work tree no commit holds says neither' '
	get gb /api/state &&
	code_is 200 &&
	jq -c "[.share.git, .share.remote]" body >share &&
	echo "[true,true]" >expect &&
	test_cmp expect share &&
	git init -q lone &&
	cp alice/g.trigon lone/g.trigon &&
	serve_start lo -f lone/g.trigon --key keys/green.key &&
	get lo /api/state &&
	code_is 200 &&
	jq -c "[.share.git, .share.remote]" body >share &&
	echo "[false,false]" >expect &&
	test_cmp expect share &&
	git -C lone add g.trigon &&
	git -C lone commit -q -m "new game" &&
	get lo /api/state &&
	jq -c "[.share.git, .share.remote]" body >share &&
	echo "[true,false]" >expect &&
	test_cmp expect share &&
	serve_stop lo
'

test_expect_success 'git: a sync from another site, or without the token, is refused (403) and fetches nothing' '
	(cd alice && trigon move --commit -f g.trigon --key ../keys/$(cat ../first).key end >/dev/null &&
	 trigon push -f g.trigon >/dev/null) &&
	git_rev bob HEAD >head.before &&
	get gb "/api/git?do=sync" -X POST -H "Origin: http://attacker.example" &&
	code_is 403 &&
	echo "forbidden: a request from another site" >expect &&
	test_cmp expect body &&
	get gb "/api/git?do=sync" -X POST -H "Sec-Fetch-Site: cross-site" &&
	code_is 403 &&
	curl -s -o body -w "%{http_code}\n" -X POST \
		"$(sed "s|/?token=.*||" gb.url)/api/git?do=sync" >code &&
	code_is 403 &&
	echo "forbidden: this URL lacks the token trigon serve printed" >expect &&
	test_cmp expect body &&
	get gb "/api/git?do=sync" -X POST -H "Host: attacker.example:$port" &&
	code_is 403 &&
	git_rev bob HEAD >head.after &&
	test_cmp head.before head.after &&
	git -C bob rev-parse -q --verify origin/main >origin.bob &&
	git_rev bob HEAD >expect && test_cmp expect origin.bob
'

test_expect_success 'git: sync by POST takes the move from the remote, as trigon sync does' '
	get gb "/api/git?do=sync" -X POST -H @origin &&
	code_is 200 &&
	jq -r .status body >status && echo 0 >expect && test_cmp expect status &&
	jq -j .said body >said &&
	echo "bob/g.trigon: took move 1 from origin/main" >expect &&
	test_cmp expect said &&
	test_cmp alice/g.trigon bob/g.trigon &&
	get gb /api/state &&
	jq -r .nactions body >n && echo 1 >expect && test_cmp expect n
'

test_expect_success 'git: push by POST pushes a move made in the clone, as trigon push does' '
	trigon move --commit -f bob/g.trigon --key keys/$(other $(cat first)).key end >/dev/null &&
	get gb "/api/git?do=push" -X POST -H @origin &&
	code_is 200 &&
	jq -j .said body >said &&
	echo "bob/g.trigon: pushed refs/heads/main to $PWD/srv.git" >expect &&
	test_cmp expect said &&
	git -C srv.git cat-file blob main:g.trigon >srv.trigon &&
	test_cmp bob/g.trigon srv.trigon
'

test_expect_success 'git: a push with nothing new says so as trigon push does; do takes sync or push' '
	get gb "/api/git?do=push" -X POST &&
	code_is 200 &&
	jq -j .said body >said &&
	echo "bob/g.trigon: refs/heads/main at $PWD/srv.git is up to date" >expect &&
	test_cmp expect said &&
	get gb "/api/git?do=reset" -X POST &&
	code_is 400 &&
	jq -r .error body >err &&
	echo "do takes commit, sync or push, not '\''reset'\''" >expect &&
	test_cmp expect err &&
	get gb "/api/git?do=sync" &&
	code_is 404
'

# Round 2's order gives move 3 to the served seat (test_cmp below).
test_expect_success 'git: commit by POST commits the page'\''s move as trigon move --commit words it; then nothing to commit' '
	to_act bob/g.trigon >seat &&
	other $(cat first) >expect && test_cmp expect seat &&
	id=$(git -C bob log -1 --format=%s | sed "s/^trigon \([0-9a-f]*\): .*/\1/") &&
	get gb /api/move -X POST -H @origin --data-binary end &&
	code_is 200 &&
	git -C bob status --porcelain g.trigon >st &&
	echo " M g.trigon" >expect && test_cmp expect st &&
	get gb "/api/git?do=commit" -X POST -H @origin &&
	code_is 200 &&
	git -C bob log -1 --format=%s >subject &&
	echo "trigon $id: move 3 $(cat seat): end" >expect &&
	test_cmp expect subject &&
	jq -j .said body >said &&
	printf "bob/g.trigon: committed %s: %s\n" \
		"$(git -C bob rev-parse --short=7 HEAD)" "$(cat subject)" >expect &&
	test_cmp expect said &&
	git -C bob status --porcelain g.trigon >st &&
	test_must_be_empty st &&
	get gb "/api/git?do=commit" -X POST -H @origin &&
	code_is 200 &&
	jq -j .said body >said &&
	echo "bob/g.trigon: nothing to commit: the file is as its last commit holds it" >expect &&
	test_cmp expect said
'

# The date of a mail (trigon mail), the same for the server and the command.
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH

test_expect_success 'setup: a game by mail, green (Alice) has moved; served with each key' '
	serve_stop gb &&
	mail_game mg.trigon &&
	cp mg.trigon mp.trigon &&
	play_turn mg.trigon "$(to_act mg.trigon)" 1 &&
	mover=$(grep "^[0-9]* [a-z]* " mg.trigon | tail -n 1 | cut -d" " -f2) &&
	echo $mover >mover &&
	cat >fakesend <<-\EOF &&
	#!/bin/sh
	cat >"$HOME/sent.eml"
	EOF
	chmod +x fakesend &&
	mkdir -p .config/trigon &&
	printf "[mail]\nsendmail = ./fakesend\n" >.config/trigon/config &&
	serve_start mm mg.trigon --key keys/$mover.key &&
	serve_start ma mp.trigon --key keys/$(other $mover).key &&
	serve_start mn mg.trigon
'

test_expect_success 'share: a game by mail says mail, with the key and without one' '
	get mm /api/state &&
	jq -c .share.mail body >share &&
	echo true >expect &&
	test_cmp expect share &&
	get mn /api/state &&
	jq -c .share.mail body >share &&
	test_cmp expect share
'

test_expect_success 'mail: GET /api/mail is the mail trigon mail prints for the key'\''s moves' '
	get mm /api/mail &&
	code_is 200 &&
	jq -j .said body >mail &&
	send mg.trigon $(cat mover) expect &&
	test_cmp expect mail &&
	grep "^-----BEGIN TRIGON MOVES-----$" mail
'

test_expect_success 'mail: without a key refused (403); send from another site refused, nothing sent' '
	get mn /api/mail &&
	code_is 403 &&
	jq -r .error body >err &&
	echo "mg.trigon: refused: a mail is signed by its sender'\''s seat, and no key was given: start trigon serve with --key KEYFILE" >expect &&
	test_cmp expect err &&
	get mm /api/mail -X POST -H "Origin: http://attacker.example" &&
	code_is 403 &&
	! test -e sent.eml
'

test_expect_success 'mail: POST /api/mail sends it by [mail] sendmail, as trigon mail --send' '
	get mm /api/mail -X POST &&
	code_is 200 &&
	send mg.trigon $(cat mover) expect &&
	test_cmp expect sent.eml &&
	jq -j .said body >said &&
	grep "^mg.trigon: sent .* to " said
'

test_expect_success 'apply: from another site refused (403), the file unchanged' '
	cp mp.trigon mp.before &&
	port=$(sed "s|.*:\([0-9]*\)/.*|\1|" ma.url) &&
	get ma /api/apply -X POST -H "Origin: http://attacker.example" \
		--data-binary @sent.eml &&
	code_is 403 &&
	test_cmp mp.before mp.trigon
'

test_expect_success 'apply: POST /api/apply adds the mail'\''s moves as trigon apply does' '
	cp mp.trigon mq.trigon &&
	trigon apply -f mq.trigon --key keys/$(other $(cat mover)).key <sent.eml >expect.said &&
	get ma /api/apply -X POST -H "Origin: http://127.0.0.1:$port" \
		--data-binary @sent.eml &&
	code_is 200 &&
	test_cmp mg.trigon mp.trigon &&
	jq -j .said body >said &&
	sed "s/mq.trigon/mp.trigon/g; s/standard input/the page'\''s message/g" expect.said >expect &&
	test_cmp expect said
'

test_expect_success 'apply: a message carrying nothing is refused as trigon apply refuses it (409)' '
	echo "hello" >junk.eml &&
	get ma /api/apply -X POST --data-binary @junk.eml &&
	code_is 409 &&
	jq -j .said body >said &&
	test_must_fail trigon apply -f mp.trigon <junk.eml 2>expect &&
	sed "s/standard input/the page'\''s message/g" expect >expect2 &&
	test_cmp expect2 said &&
	test_cmp mg.trigon mp.trigon
'

# secret_words KEYFILE [PASSFILE]: one a line, every secret a page must
# never see: the words of KEYFILE's secret lines (kdf salt, nonce, seed,
# check) as the file spells them (base64url), in standard base64 and in
# hex; and PASSFILE's passphrase.
secret_words () {
	sed -n "s/^kdf [^ ]* [0-9]* [0-9]* //p; s/^\(nonce\|seed\|check\) //p" "$1" |
	while read -r sw_w
	do
		echo "$sw_w" &&
		sw_std=$(printf "%s" "$sw_w" | tr "_-" "/+") &&
		echo "$sw_std" | sed "s/=*$//" &&
		while test $(( ${#sw_std} % 4 )) -ne 0
		do
			sw_std="$sw_std="
		done &&
		printf "%s" "$sw_std" | base64 -d | od -An -v -tx1 | tr -d " \n" &&
		echo || return 1
	done &&
	if test -n "$2"
	then
		head -n 1 "$2"
	fi
}

# no_secret KEYFILE [PASSFILE] <TEXT: TEXT holds none of secret_words.
no_secret () {
	cat >ns.text &&
	secret_words "$@" >ns.words &&
	test "$(grep -c . ns.words)" -ge 4 &&
	while read -r ns_w
	do
		if grep -i -F -e "$ns_w" ns.text >/dev/null
		then
			echo "a secret of $1 was sent to the page: $ns_w" >&2
			return 1
		fi
	done <ns.words
}

# serve_all NAME: into all.NAME, every answer the page asks of that
# server: its files, the state live and replayed, the stamp, the hands,
# the hint, the mail, and refused moves and shares.
serve_all () {
	: >"all.$1" &&
	for sa_path in / /page.js /page.css /board.js /api/state \
		"/api/state?at=0" "/api/state?at=1" /api/stamp \
		"/api/hand?seat=green" "/api/hand?seat=purple" /api/hint /api/mail
	do
		get "$1" "$sa_path" &&
		cat body >>"all.$1" || return 1
	done &&
	echo "nothing 1 2 3" >bad.act &&
	get "$1" /api/move -X POST --data-binary @bad.act &&
	cat body >>"all.$1" &&
	get "$1" "/api/git?do=sync" -X POST &&
	cat body >>"all.$1" &&
	test "$(wc -c <"all.$1")" -gt 10000
}

test_expect_success 'the key is unlocked in the server alone: no answer holds its secret words' '
	serve_start s1 g.trigon --key keys/green.key --port 0 &&
	test_when_finished "serve_stop s1" &&
	serve_all s1 &&
	no_secret keys/green.key <all.s1 &&
	SOURCE_DATE_EPOCH=1700000000 trigon new lk.trigon --seed "$SEED0" \
		--player "green:Alice:alice@example.org:$(cat keys/locked.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	serve_start s2 lk.trigon --key keys/locked.key \
		--passphrase-file keys/pass --port 0 &&
	test_when_finished "serve_stop s2" &&
	serve_all s2 &&
	jq -r .mine body >/dev/null &&
	get s2 /api/state &&
	jq -r .mine body >mine &&
	echo green >expect &&
	test_cmp expect mine &&
	no_secret keys/locked.key keys/pass <all.s2 &&
	test_must_fail no_secret keys/locked.key keys/pass <keys/locked.key &&
	cat all.s2 keys/pass | test_must_fail no_secret keys/locked.key keys/pass
'

serve_stop p
serve_stop r
serve_stop mm
serve_stop ma
serve_stop mn
serve_stop gb
serve_stop c
serve_stop nd
test_done
