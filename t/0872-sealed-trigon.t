#!/bin/sh
test_description='a sealed game of Rule of Trigon (trigon-rules(7), R13; trigon-save(5), Sealed hands): trigon new --chance fair --hands sealed; both seats shuffle the sealed play deck; a sealed card drawn is read by its holder alone (hand), never named in the file until shown; show opens it with its proof; trigon play reads as the seat to act at the terminal; the computer players play on through trigon bot; a resign shows the leaver'\''s sealed cards; the finished file verifies; a card shown that was not dealt to that seat and a false share are refused at their lines; two computer players finish a sealed game through trigon answer --bot --watch over git and over a maildir'
. "$(dirname "$0")/setup.sh"

FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"
RESIGN="$TRIGON_BUILD_DIR/t/helpers/resign"
SCEN="$SHARNESS_TEST_SRCDIR/play/fair-bot.ini"

# answers FILE: each seat answers what it owes, until nobody owes.
answers () {
	for an_round in 1 2 3
	do
		trigon answer -f "$1" --key keys/green.key >/dev/null &&
		trigon answer -f "$1" --key keys/purple.key >/dev/null || return 1
	done
}

# move FILE SEAT ACTION: SEAT's action, then every answer.
move () {
	trigon move -f "$1" --key "keys/$2.key" "$3" >/dev/null &&
	answers "$1"
}

# bots FILE N: the computer plays N actions, each for the seat to act.
bots () {
	for bt_i in $(seq 1 "$2")
	do
		bt_who=$(to_act "$1") &&
		trigon bot -f "$1" --as "$bt_who" --key "keys/$bt_who.key" \
			--playouts 20 --seed "$bt_i" >/dev/null &&
		answers "$1" || return 1
	done
}

# forge FILE LINE KEY BODY: the answer at LINE replaced by KEY's seat's
# answer BODY, signed as trigon-save(5) says (t/helpers/fairsign).
forge () {
	fg_line=$("$FAIRSIGN" "$3" "$1" "$2" "$4") &&
	awk -v n="$2" -v l="$fg_line" "NR == n { print l; next } { print }" "$1" >forged &&
	mv forged "$1"
}

test_expect_success 'setup: a sealed game of green (Alice) against purple (Bob); the joins and both shuffles of the play deck (R13.1)' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --chance fair --hands sealed \
		--seed "$SEED1" --player "green:Alice:keys/green.key.pub" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	answers g.trigon &&
	grep "^#? sealed play 0 n=38: purple green$" g.trigon &&
	grep -c "^@ [a-z]* shuffle play 0 +10 | " g.trigon >n &&
	echo 2 >expect && test_cmp expect n &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 0 moves by 2 players, round 1, green to act$" out &&
	grep "(hands sealed)$" out
'

test_expect_success 'green buys two play cards: an open card acts at once, a sealed one goes to green face down (R13.2), named nowhere in the file' '
	move g.trigon green "buy card" &&
	grep "^#= green draws criminaliteit (Crime)$" g.trigon &&
	move g.trigon green "buy card" &&
	grep "^#? deal play 0 green 0: purple$" g.trigon &&
	grep "^@ purple share play 0 0 green " g.trigon &&
	! grep koopman g.trigon &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 2 moves by 2 players, round 1, green to act$" out &&
	cp g.trigon dealt.trigon
'

test_expect_success 'hand: green reads its sealed card; purple, who must share it, reads none of it; the status shows every reader how many, not which (R13.4)' '
	trigon hand -f g.trigon --key keys/green.key >out &&
	printf "%s\n" "hand of green" "sealed 0: play koopman (Merchant) (show 0)" >expect &&
	test_cmp expect out &&
	trigon hand -f g.trigon --key keys/purple.key >out &&
	printf "%s\n" "hand of purple" "no cards" >expect &&
	test_cmp expect out &&
	trigon status -f g.trigon >out &&
	grep "^green: .*; 1 play card, 0 quests open, 0 done$" out &&
	! grep koopman out
'

test_expect_success 'trigon play reads as the seat to act at the terminal (trigon-save(5), Sealed hands): green'\''s hand lists its sealed card; then, purple to act holding its own, purple'\''s lists purple'\''s and names no card of green'\''s (R13.4); nothing written' '
	cp dealt.trigon pl.trigon &&
	printf "%s\n" hand quit >script &&
	trigon play pl.trigon --key keys/green.key <script >out &&
	grep -x "sealed 0: play koopman (Merchant) (show 0)" out &&
	cmp dealt.trigon pl.trigon &&
	move pl.trigon green end &&
	move pl.trigon purple "buy card" &&
	move pl.trigon purple "buy card" &&
	cp pl.trigon before &&
	trigon play pl.trigon --key keys/purple.key <script >out &&
	sed -n "/^purple> hand$/,/^purple> quit$/p" out >got &&
	printf "%s\n" "purple> hand" "hand of purple" \
		"sealed 1: play vlijtige-onderdaan (Diligent Subject) (show 1)" \
		"purple> quit" >expect &&
	test_cmp expect got &&
	! grep koopman out &&
	cmp before pl.trigon
'

test_expect_success 'refused, the file unchanged: a position green was not dealt (R13.3), a show of another seat, a malformed show' '
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/green.key "show 1" 2>err &&
	grep "^trigon: g.trigon: refused: play card 1 is not a sealed card of green$" err &&
	test_exit_code 1 trigon move -f g.trigon --key keys/purple.key "show 0" 2>err &&
	grep "refused: it is not purple.s turn" err &&
	test_exit_code 1 trigon move -f g.trigon --key keys/green.key "show zero" 2>err &&
	grep "show N: N the position of one of your sealed cards" err &&
	cmp before g.trigon
'

test_expect_success 'green shows its card: opened to all with its proof, now an open card of its hand (R13.3), which it plays' '
	move g.trigon green "show 0" &&
	grep "^#? open play 0 0: green$" g.trigon &&
	grep "^@ green open play 0 0 " g.trigon &&
	grep "^#= green shows play card 0: koopman (Merchant)$" g.trigon &&
	trigon hand -f g.trigon --key keys/green.key >out &&
	grep "^1: play koopman (Merchant)$" out &&
	move g.trigon green "play koopman" &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 4 moves by 2 players" out
'

test_expect_success 'the computer players play on through trigon bot, seeing only their own sealed cards (R13.7)' '
	move g.trigon green end &&
	bots g.trigon 24 &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: [0-9]* moves by 2 players, round [0-9]*, [a-z]* to act$" out &&
	grep "^#? deal play 0 purple [0-9]*: green$" g.trigon
'

test_expect_success 'the seat to act resigns: its sealed cards are shown (R13.6), the game ends and verifies after the audit' '
	who=$(to_act g.trigon) &&
	move g.trigon "$who" resign &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: [0-9]* moves by 2 players, round [0-9]*, over, [a-z]* won (last)$" out &&
	grep "^g.trigon: fully audited: every seat.s secret matches its join and every value it released$" out
'

test_expect_success 'green resigns holding its sealed card: it is shown to all first (R13.6), purple wins' '
	cp dealt.trigon r.trigon &&
	move r.trigon green resign &&
	grep "^#= green shows play card 0: koopman (Merchant)$" r.trigon &&
	trigon verify r.trigon >out &&
	grep "^r.trigon: ok: 3 moves by 2 players, round 1, over, purple won (last)$" out &&
	grep "^r.trigon: fully audited" out
'

test_expect_success 'refused at its line: a card shown that was not dealt to that seat (purple shows green'\''s position 0, signed by purple, the end line after it)' '
	cp dealt.trigon t.trigon &&
	move t.trigon green end &&
	sed "\$d" t.trigon >u.trigon &&
	printf "4 purple show 0 | %016d %086d\n" 0 0 >>u.trigon &&
	n=$(wc -l <u.trigon) &&
	"$RESIGN" u.trigon "$n" keys/purple.key >t.trigon &&
	"$FAIRSIGN" --end keys/purple.key t.trigon 4 >>t.trigon &&
	expect_bad t.trigon "$n" "illegal move by purple: play card 0 is not a sealed card of purple (it holds none)$"
'

test_expect_success 'refused at its line: a false share (purple'\''s share of green'\''s card with another point, signed by purple)' '
	cp dealt.trigon t.trigon &&
	n=$(grep -n "^@ purple share play 0 0 green " t.trigon | cut -d: -f1) &&
	share=$(sed -n "${n}s/^@ purple share play 0 0 green \([^ ]*\) .*/\1/p" t.trigon) &&
	y=$(sed -n "s/^@ purple join .* y=\([^ ]*\) .*/\1/p" t.trigon) &&
	test -n "$share" && test -n "$y" &&
	false_share=$y$(printf "%s" "$share" | cut -c44-) &&
	forge t.trigon "$n" keys/purple.key "share play 0 0 green $false_share" &&
	expect_bad t.trigon "$n" "purple.s share of play 0 position 0 for green is false"
'

test_expect_success 'help orders trigon: show N, the order that shows a sealed card (R13.3; trigon-rules(7), ORDER LANGUAGE), after take N' '
	trigon help orders trigon >out &&
	grep -n "^  take N  *Spionage: take card N$" out | cut -d: -f1 >take &&
	grep -n "^  show N                              show your sealed card N (R13.3)$" out |
		cut -d: -f1 >show &&
	test "$(cat show)" = $(( $(cat take) + 1 )) &&
	grep "^hidden cards, as .trigon hand. shows them; the number of show is the$" out &&
	grep "^sealed card.s position, as .trigon hand. lists it too.  .trigon moves.$" out
'

test_expect_success 'one client answers for all four seats of a sealed game while it plays on (t/helpers/predict play): the sealed requests of a save rebuilt by an answer are owed by that save; 60 actions, two cards shown, the file verifies' '
	SOURCE_DATE_EPOCH=1700000000 trigon new p4.trigon --chance fair --hands sealed \
		--seed 0000000000000000000000000000000000000000000000000000000000000005 \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub \
		--player yellow:C:keys/yellow.key.pub --player white:D:keys/white.key.pub >/dev/null &&
	"$TRIGON_BUILD_DIR/t/helpers/predict" play p4.trigon 60 1 keys/green.key \
		keys/purple.key keys/yellow.key keys/white.key >out &&
	echo 60 >expect && test_cmp expect out &&
	grep "^#= [a-z]* shows play card" p4.trigon >out &&
	printf "%s\n" "#= green shows play card 0: raadhuis (Town Hall)" \
		"#= white shows play card 1: geboortegolf (Baby Boom)" >expect &&
	test_cmp expect out &&
	trigon verify p4.trigon >out &&
	grep "^p4.trigon: ok: 60 moves by 4 players, round 2, yellow to act$" out &&
	grep "(hands sealed)$" out
'

test_expect_success 'the same four-seat sealed game of 80 actions played twice by one client (t/helpers/predict play): answers made on the copy of the block'\''s start (lib/save-snap.c, which holds the sealed layer) write the same bytes as answers that replay the file, and replay it for no answer; the file verifies' '
	SOURCE_DATE_EPOCH=1700000000 trigon new p4c.trigon --chance fair --hands sealed \
		--seed 0000000000000000000000000000000000000000000000000000000000000005 \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub \
		--player yellow:C:keys/yellow.key.pub --player white:D:keys/white.key.pub >/dev/null &&
	cp p4c.trigon p4r.trigon &&
	"$TRIGON_BUILD_DIR/t/helpers/predict" play --replays p4c.trigon 80 1 keys/green.key \
		keys/purple.key keys/yellow.key keys/white.key >copy.out &&
	"$TRIGON_BUILD_DIR/t/helpers/predict" play --replay --replays p4r.trigon 80 1 \
		keys/green.key keys/purple.key keys/yellow.key keys/white.key >replay.out &&
	test_cmp p4r.trigon p4c.trigon &&
	printf "%s\n" 80 "replays 0" >expect &&
	test_cmp expect copy.out &&
	sed -n "s/^replays //p" replay.out >n &&
	test "$(cat n)" -gt 40 &&
	grep "^#= [a-z]* shows play card" p4c.trigon &&
	trigon verify p4c.trigon >out &&
	grep "^p4c.trigon: ok: 80 moves by 4 players, round 3, purple to act$" out &&
	grep "(hands sealed)$" out
'

test_expect_success 'the save fuzz target'\''s sealed seed (fuzz/corpus/save/sealed-shown.trigon: both shuffles, a deal and its share, a show and its opening, the audit) is read to its end as a sealed game; a false share and a damaged shuffle blob stop the reader at their lines' '
	seed="$TRIGON_SRC_DIR/fuzz/corpus/save/sealed-shown.trigon" &&
	FUZZ="$TRIGON_BUILD_DIR/t/fuzz/save" &&
	FUZZ_SAVE_REPORT=1 "$FUZZ" "$seed" 2>err >/dev/null &&
	echo "read to the end: 74 lines, hands sealed" >expect &&
	test_cmp expect err &&
	test "$(grep -c "^@ [a-z]* shuffle play 0 +10 | " "$seed")" = 2 &&
	sed -n 61p "$seed" | grep "^@ purple share play 0 0 green " &&
	sed -n 62p "$seed" | grep -x "#? deal play 0 green 0: purple" &&
	sed -n 64p "$seed" | grep "^3 green show 0 | " &&
	sed -n 65p "$seed" | grep -x "#? open play 0 0: green" &&
	sed -n 66p "$seed" | grep "^@ green open play 0 0 " &&
	grep "^@ purple audit " "$seed" &&
	cp "$seed" fz.trigon &&
	share=$(sed -n "61s/^@ purple share play 0 0 green \([^ ]*\) .*/\1/p" fz.trigon) &&
	y=$(sed -n "s/^@ purple join .* y=\([^ ]*\) .*/\1/p" fz.trigon) &&
	test -n "$share" && test -n "$y" &&
	forge fz.trigon 61 keys/purple.key "share play 0 0 green $y$(printf "%s" "$share" | cut -c44-)" &&
	FUZZ_SAVE_REPORT=1 "$FUZZ" fz.trigon 2>err >/dev/null &&
	echo "refused at line 61: purple'\''s share of play 0 position 0 for green is false (made for another card, seat, block or game): false decryption share: its proof does not hold for this seat and card" >expect &&
	test_cmp expect err &&
	sed "20s/^\(.\{40\}\)./\1A/" "$seed" >fz.trigon &&
	! cmp -s "$seed" fz.trigon &&
	FUZZ_SAVE_REPORT=1 "$FUZZ" fz.trigon 2>err >/dev/null &&
	echo "refused at line 14: bad signature: this shuffle is not signed by green'\''s answer key or main key" >expect &&
	test_cmp expect err
'

test_expect_success 'two computer players finish a sealed game through trigon answer --bot --watch alone, over git and over a maildir (a short position, t/play/fair-bot.ini); the files verify, fully audited' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	homes ann:green:Ann ben:purple:Ben &&
	bot_mail_homes &&
	bot_git_game trigon green purple --hands sealed --data scenario="$SCEN" &&
	grep "^#? sealed play 0 n=38: purple green$" server.trigon &&
	bot_finished server.trigon "green|purple" &&
	bot_mail_game trigon green purple --hands sealed --data scenario="$SCEN" &&
	grep "^#? sealed play 0 n=38: purple green$" ann.trigon &&
	bot_finished ann.trigon "green|purple" &&
	trigon verify server.trigon >out &&
	grep "^server.trigon: replayed with every card known: the same game, [0-9]* sealed cards\{0,1\} dealt read face up$" out
'

# ak_answers FILE: green answers with its main key, purple with its
# answer key alone (purple.ak), until nobody owes.
ak_answers () {
	for ak_round in 1 2 3
	do
		trigon answer -f "$1" --key keys/green.key >/dev/null &&
		trigon answer -f "$1" --answer-key purple.ak >/dev/null || return 1
	done
}

# ak_move FILE SEAT ACTION: SEAT's action, then ak_answers.
ak_move () {
	trigon move -f "$1" --key "keys/$2.key" "$3" >/dev/null &&
	ak_answers "$1"
}

test_expect_success 'purple answers with its answer key alone (trigon fair export), its own cards read as purple'\''s (save_set_reader_exported): its shuffle, its share of green'\''s Spionage, its opening when green spies on it (R13.5), its audit; the file verifies, fully audited, and replays with every card known (doc/sealed-hands.md, 8.7)' '
	SOURCE_DATE_EPOCH=1700000000 trigon new ak.trigon --chance fair --hands sealed \
		--seed 0000000000000000000000000000000000000000000000000000000000000004 \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub \
		--data scenario="$SCEN" >/dev/null &&
	trigon answer -f ak.trigon --key keys/green.key >/dev/null &&
	trigon answer -f ak.trigon --key keys/purple.key >/dev/null &&
	trigon fair -f ak.trigon --key keys/purple.key export purple.ak >/dev/null &&
	ak_answers ak.trigon &&
	grep "^@ purple shuffle play 0 +10 | " ak.trigon &&
	ak_move ak.trigon green "buy card" &&
	grep "^#? deal play 0 green 0: purple$" ak.trigon &&
	grep "^@ purple share play 0 0 green " ak.trigon &&
	trigon hand -f ak.trigon --key keys/green.key >out &&
	grep -x "sealed 0: play spionage (Espionage) (show 0)" out &&
	ak_move ak.trigon green end &&
	ak_move ak.trigon purple "buy card" &&
	grep "^#? deal play 0 purple 1: green$" ak.trigon &&
	ak_move ak.trigon purple end &&
	ak_move ak.trigon purple end &&
	ak_move ak.trigon green "show 0" &&
	trigon move -f ak.trigon --key keys/green.key "play spionage from purple" >/dev/null &&
	grep -x "#? open play 0 1: purple" ak.trigon &&
	! grep "^@ purple open " ak.trigon &&
	cp ak.trigon spied.trigon &&
	trigon answer -f ak.trigon --answer-key purple.ak >out &&
	grep "^ak.trigon: purple answered (1 line)$" out &&
	grep "^@ purple open play 0 1 " ak.trigon &&
	grep -x "#= purple shows play card 1: ertshoeve (Ore Farm)" ak.trigon &&
	ak_move ak.trigon green "take 1" &&
	ak_move ak.trigon green resign &&
	grep "^@ purple audit " ak.trigon &&
	trigon verify ak.trigon >out &&
	grep "^ak.trigon: ok: 9 moves by 2 players, round 4, over, purple won (last)$" out &&
	grep "^ak.trigon: fully audited: " out &&
	grep -x "ak.trigon: replayed with every card known: the same game, 2 sealed cards dealt read face up" out
'

test_expect_success 'an answer key whose secret is not purple'\''s (green'\''s, under purple'\''s seat and answer key) is refused, exit 1, the file unchanged (before: the answer crashed)' '
	trigon fair -f spied.trigon --key keys/green.key export green.ak >/dev/null &&
	gs=$(sed -n "s/^secret //p" green.ak) &&
	sed "s/^secret .*/secret $gs/" purple.ak >bad.ak &&
	chmod 600 bad.ak &&
	! cmp -s purple.ak bad.ak &&
	cp spied.trigon before &&
	test_exit_code 1 trigon answer -f spied.trigon --answer-key bad.ak 2>err &&
	echo "trigon: spied.trigon: refused: purple joined with another chain than this key makes" >expect &&
	test_cmp expect err &&
	cmp before spied.trigon
'

test_done
