#!/bin/sh
test_description='trigon serve in a real browser: headless chromium plays by clicks against the computer, replays, fits a phone'
. "$(dirname "$0")/setup.sh"

# t/helpers/servebrowser.py drives the page with python3-selenium and
# chromium-driver (Debian's; ./quickstart check installs them).
HELPERS="$SHARNESS_TEST_SRCDIR/helpers"
PY=/usr/bin/python3
test -x "$PY" || PY=python3

# .ci/run's sanitizer step sets TRIGON_TEST_NO_BROWSER (its reason): the
# server's C code is the same that t/0900-serve.t drives there with curl,
# and a browser adds minutes under the sanitizers; step 1 runs this test.
if test -n "${TRIGON_TEST_NO_BROWSER:-}"
then
	skip_all="$TRIGON_TEST_NO_BROWSER"
	test_done
fi

if ! command -v chromium >/dev/null 2>&1 ||
   ! command -v chromedriver >/dev/null 2>&1 ||
   ! "$PY" -c "import selenium" >/dev/null 2>&1
then
	skip_all='chromium, chromium-driver or python3-selenium is missing (apt-get install chromium chromium-driver python3-selenium, or ./quickstart check)'
	test_done
fi

test_expect_success 'setup: a game of 40 moves, served with green'\''s key (green to act)' '
	test_keys &&
	new_game g.trigon &&
	play g.trigon 40 3 &&
	cp g.trigon ref.trigon &&
	serve_start serve g.trigon --key keys/green.key &&
	cp serve.url url
'

test_expect_success 'the page draws the board and the turn, and plays a clicked action' '
	test_when_finished "serve_stop serve" &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat url)" . >page 2>err &&
	grep "^turn: green to act (round 3)$" page &&
	grep "^share: none$" page &&
	trigon moves g.trigon --key keys/green.key >/dev/null &&
	sed -n "s/^action: //p" page >action &&
	test -s action &&
	grep "^result: played 1$" page
'

test_expect_success 'the clicked move is the very file trigon move writes' '
	cp ref.trigon m.trigon &&
	trigon move -f m.trigon --key keys/green.key "$(cat action)" &&
	test_cmp m.trigon g.trigon &&
	trigon verify g.trigon
'

test_expect_success 'the replay slider shows position 0' '
	grep "^replay: Position after action 0 of 41 (replay)$" page
'

test_expect_success 'nothing overflows at 1280x800 nor at 390x844; screenshots taken' '
	grep "^overflow 1280x800: no$" page &&
	grep "^overflow 390x844: no$" page &&
	test -s page-1280x800.png &&
	test -s page-390x844.png
'

test_expect_success 'the browser console shows no error' '
	! grep "^console: SEVERE" page
'

# Trigon's map: the spots a legal action names are clickable (board.js,
# id="spot-NAME"); a click lists the actions naming the spot, or puts
# the one alone in the order box.  Then another command (trigon move
# in a shell, by the seat to act) changes the file and the page draws
# the new position by itself.
test_expect_success 'setup: the game of 40 moves again; a shell command that plays the seat to act' '
	cp ref.trigon s.trigon &&
	cat >other.sh <<-\EOF &&
	who=$(trigon status s.trigon | sed -n "3s/ .*//p")
	act=$(trigon moves s.trigon --key keys/$who.key 2>/dev/null | head -n 1)
	echo "$who $act" >other.act
	trigon move -f s.trigon --key keys/$who.key "$act" >/dev/null
	EOF
	serve_start sp s.trigon --key keys/green.key
'

test_expect_success 'a spot of the map clicked lists the actions naming it; the one played is trigon move'\''s' '
	test_when_finished "serve_stop sp" &&
	mkdir -p sp &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat sp.url)" sp spot "sh other.sh" \
		>sp/page 2>sp/err &&
	cat sp/page &&
	! grep "^spots: 0$" sp/page &&
	spot=$(sed -n "s/^spot: //p" sp/page) &&
	named=$(sed -n "s/^named: //p" sp/page) &&
	trigon moves ref.trigon --key keys/green.key 2>/dev/null |
		grep -c " $spot\( \|$\)" >expect &&
	echo "$named" >actual &&
	test_cmp expect actual &&
	grep "^listed: $named$" sp/page &&
	grep "^filter: actions naming $spot: $named$" sp/page &&
	action=$(sed -n "s/^action: //p" sp/page) &&
	case " $action " in *" $spot "*) ;; *) false ;; esac &&
	if test "$named" = 1
	then
		grep "^order: $action$" sp/page
	fi &&
	grep "^result: played 1$" sp/page
'

test_expect_success 'the page draws the position another command wrote, by itself' '
	grep "^redrawn: 41 -> 42$" sp/page &&
	grep "^board changed: yes$" sp/page &&
	grep "^board drawn anew: yes$" sp/page &&
	cp ref.trigon m.trigon &&
	trigon move -f m.trigon --key keys/green.key "$(sed -n "s/^action: //p" sp/page)" &&
	who=$(sed "s/ .*//" other.act) &&
	trigon move -f m.trigon --key keys/$who.key "$(sed "s/^[a-z]* //" other.act)" >/dev/null &&
	test_cmp m.trigon s.trigon &&
	trigon verify s.trigon &&
	trigon status s.trigon | sed -n 3p >expect &&
	sed -n "s/^turn: //p" sp/page | tail -n 1 >actual &&
	test_cmp expect actual
'

# A new game against the computer, as trigon play starts one: green's
# key in the first seat (red), the computer's keys in the play directory.
SEED=0000000000000000000000000000000000000000000000000000000000000007

test_expect_success 'setup: serve --new, a Duel against the computer' '
	serve_start du --new du.trigon --rules catan-duel --vs 1 \
		--key keys/green.key --seed $SEED --playouts 10 &&
	grep "^du.trigon: a new game of Catan: Het Duel: red (you), blue (Computer)$" du.out &&
	cp du.trigon du0.trigon &&
	sed -n "s/^du.trigon: the computer.s keys are in //p" du.out >du.keys &&
	test -s "$(cat du.keys)/blue.bot.key"
'

test_expect_success 'a whole Duel played by clicks, the computer answering each move' '
	test_when_finished "serve_stop du" &&
	mkdir du &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat du.url)" du game 400 \
		>du/page 2>du/err &&
	grep "^over: yes$" du/page &&
	grep "^turn: The game is over: [a-z]* won (points)$" du/page &&
	grep "; the computer answered$" du/page &&
	! grep "^places clicked: 0$" du/page
'

test_expect_success 'the Duel'\''s file verifies and is what trigon move writes' '
	trigon verify du.trigon >verify &&
	grep "^du.trigon: ok: .* over, [a-z]* won (points)$" verify &&
	serve_replay du0.trigon du.trigon "$(cat du.keys)" red keys/green.key &&
	test_cmp du.trigon du.trigon.replay
'

test_expect_success 'the Duel: replay slider, no overflow, no console error' '
	grep "^replay: Position after action 0 of [0-9]* (replay)$" du/page &&
	grep "^overflow 1280x800: no$" du/page &&
	grep "^overflow 390x844: no$" du/page &&
	test -s du/page-1280x800.png &&
	test -s du/page-390x844.png &&
	! grep "^console: SEVERE" du/page
'

test_expect_success 'setup: serve --new, Catan against two computers' '
	serve_start ca --new ca.trigon --rules catan --key keys/green.key \
		--seed $SEED --playouts 10 &&
	grep "^ca.trigon: a new game of Catan: red (you), blue (Computer 1), white (Computer 2)$" ca.out &&
	cp ca.trigon ca0.trigon &&
	sed -n "s/^ca.trigon: the computer.s keys are in //p" ca.out >ca.keys
'

test_expect_success 'Catan'\''s set-up and a few turns by clicks on corners and edges' '
	test_when_finished "serve_stop ca" &&
	mkdir ca &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat ca.url)" ca game 14 \
		>ca/page 2>ca/err &&
	grep "^moves: 14$" ca/page &&
	grep "^move: build settlement [a-z0-9]*/[a-z0-9]*/[a-z0-9]* -> played 1" ca/page &&
	grep "^move: build road [a-z0-9]*/[a-z0-9]* -> played 1" ca/page &&
	grep "^move: roll -> played 1" ca/page &&
	grep "^move: end -> played 1; the computer answered$" ca/page &&
	! grep "^places clicked: [0-3]$" ca/page
'

test_expect_success 'Catan'\''s file verifies and is what trigon move writes' '
	trigon verify ca.trigon &&
	serve_replay ca0.trigon ca.trigon "$(cat ca.keys)" red keys/green.key &&
	test_cmp ca.trigon ca.trigon.replay
'

test_expect_success 'Catan: replay slider, no overflow, no console error' '
	grep "^replay: Position after action 0 of [0-9]* (replay)$" ca/page &&
	grep "^overflow 1280x800: no$" ca/page &&
	grep "^overflow 390x844: no$" ca/page &&
	! grep "^console: SEVERE" ca/page
'

test_expect_success 'a phone (390x844): the text under the board is 16 pixels at least, buttons 44 high' '
	serve_start ph g.trigon --key keys/green.key &&
	test_when_finished "serve_stop ph" &&
	mkdir ph &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat ph.url)" ph phone >ph/page 2>ph/err &&
	grep "^width: 390$" ph/page &&
	sed -n "s/^board: //p" ph/page >board.w &&
	test "$(cat board.w)" -ge 350 &&
	grep "^font " ph/page >fonts &&
	test "$(wc -l <fonts)" = 13 &&
	! awk "\$NF < 16" fonts | grep . &&
	sed -n "s/^button height: //p" ph/page >bh &&
	awk "\$1 >= 44 { ok = 1 } END { exit !ok }" bh &&
	grep "^overflow 390x844: no$" ph/page &&
	test -s ph/page-phone.png
'

test_expect_success 'setup: a game shared by git, the other player served in clone bob' '
	git_setup &&
	git_server srv.git &&
	git init -q alice &&
	new_game alice/s.trigon &&
	git -C alice add s.trigon &&
	git -C alice commit -q -m "new game" &&
	git -C alice remote add origin ../srv.git &&
	(cd alice && trigon push -f s.trigon >/dev/null) &&
	git clone -q srv.git bob &&
	to_act alice/s.trigon >first &&
	(cd alice && trigon move --commit -f s.trigon --key ../keys/$(cat ../first).key end >/dev/null &&
	 trigon push -f s.trigon >/dev/null) &&
	serve_start gb -f bob/s.trigon --key keys/$(other $(cat first)).key
'

test_expect_success 'the sync and push buttons do what trigon sync and push do' '
	test_when_finished "serve_stop gb" &&
	mkdir gb &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat gb.url)" gb share sync push \
		>gb/page 2>gb/err &&
	cat >expect <<-EOF &&
	== sync ok
	bob/s.trigon: took move 1 from origin/main
	== push ok
	bob/s.trigon: refs/heads/main at $PWD/srv.git is up to date
	EOF
	grep "^share: commit sync push$" gb/page &&
	sed -n "/^== sync/,\$p" gb/page >got &&
	test_cmp expect got &&
	test_cmp alice/s.trigon bob/s.trigon
'

test_expect_success 'setup: a game by mail; the mover and the other served' '
	SOURCE_DATE_EPOCH=1700000000 &&
	export SOURCE_DATE_EPOCH &&
	mail_game mg.trigon &&
	cp mg.trigon mp.trigon &&
	play_turn mg.trigon "$(to_act mg.trigon)" 1 &&
	grep "^[0-9]* [a-z]* " mg.trigon | tail -n 1 | cut -d" " -f2 >mover &&
	printf "#!/bin/sh\ncat >\"\$HOME/sent.eml\"\n" >fakesend &&
	chmod +x fakesend &&
	mkdir -p .config/trigon &&
	printf "[mail]\nsendmail = ./fakesend\n" >.config/trigon/config &&
	serve_start mm mg.trigon --key keys/$(cat mover).key &&
	serve_start ma mp.trigon --key keys/$(other $(cat mover)).key
'

test_expect_success 'the mail and send buttons: the mail trigon mail prints, sent by [mail] sendmail' '
	test_when_finished "serve_stop mm" &&
	mkdir mm &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat mm.url)" mm share mail-show \
		mail-send >mm/page 2>mm/err &&
	send mg.trigon $(cat mover) expect &&
	sed -n "/^== mail-show ok$/,/^== mail-send/p" mm/page | sed "1d;\$d" >shown &&
	test_cmp expect shown &&
	grep "^share: mail-show mail-send apply$" mm/page &&
	send mg.trigon $(cat mover) expect &&
	test_cmp expect sent.eml &&
	grep "^== mail-send ok$" mm/page &&
	grep "^mg.trigon: sent .* to " mm/page
'

test_expect_success 'the apply button adds the mail'\''s moves as trigon apply does; junk refused' '
	test_when_finished "serve_stop ma" &&
	mkdir ma &&
	echo hello >junk.eml &&
	"$PY" "$HELPERS/servebrowser.py" "$(cat ma.url)" ma share \
		apply=junk.eml apply=sent.eml >ma/page 2>ma/err &&
	grep "^== apply refused$" ma/page &&
	grep "^trigon: .the page.s message. holds no mail message$" ma/page &&
	grep "^== apply ok$" ma/page &&
	test_cmp mg.trigon mp.trigon &&
	trigon verify mp.trigon
'

test_done
