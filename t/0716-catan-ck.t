#!/bin/sh
test_description='Cities & Knights as a rule set: trigon new --rules catan-ck (or cities) with its options and data, status, hand, JSON, board, log and verify through a whole game, help orders and help card for the progress cards'
. "$(dirname "$0")/setup.sh"

# Red, blue and white hold the fixture keys green, purple and yellow.

new_ck () {
	nc_file=$1
	shift
	SOURCE_DATE_EPOCH=1700000000 trigon new $nc_file --rules catan-ck \
		--option first=1 --seed $SEED1 $(catan_players) "$@"
}

# refused_new MESSAGE ARGS...: trigon new refuses with exit 2, the message
# on its first line, and writes no file.
refused_new () {
	rn_msg=$1
	shift
	test_expect_code 2 trigon new x.trigon --rules cities "$@" 2>err &&
	head -n 1 err >first &&
	echo "trigon: $rn_msg" >expect &&
	test_cmp expect first &&
	test ! -e x.trigon
}

test_expect_success 'CK1.1: trigon new --rules catan-ck: three players on the beginner map, 13 points, 7 barbarian steps, the commodities in the bank, three decks of 18' '
	test_keys &&
	new_ck c.trigon >out &&
	echo "c.trigon: new game of Catan: Cities & Knights for red (Ann), blue (Ben), white (Cat); red to act" >expect &&
	test_cmp expect out &&
	grep -x "rules catan-ck" c.trigon &&
	trigon status -f c.trigon >status &&
	sed -n 2,11p status >lines &&
	cat >expect <<-\EOF &&
	Catan: Cities & Knights, map beginner, turn 0, set-up
	red to place a settlement
	red      0 VP   0 cards  0 progress  improvements 0/0/0  0 knights (0 active)  0 walls  route 0
	blue     0 VP   0 cards  0 progress  improvements 0/0/0  0 knights (0 active)  0 walls  route 0
	white    0 VP   0 cards  0 progress  improvements 0/0/0  0 knights (0 active)  0 walls  route 0
	target 13 VP; bank 19 brick 19 wood 19 wool 19 grain 19 ore 12 cloth 12 coin 12 paper
	progress decks: trade 18, politics 18, science 18
	barbarians: 0 of 7 steps; strength 0 against 0
	metropolises: trade none, politics none, science none; merchant not placed
	open dice: anyone can compute the dice — play with friends
	EOF
	test_cmp expect lines
'

test_expect_success 'CK15.2, CK2.4: the options points= and barbarian-steps= set the target and the track' '
	new_ck o.trigon --option points=10 --option barbarian-steps=5 >/dev/null &&
	trigon status -f o.trigon >status &&
	grep "^target 10 VP; " status &&
	grep "^barbarians: 0 of 5 steps; " status &&
	trigon status -f o.trigon --json >json &&
	grep "\"target\": 10," json &&
	grep "\"steps\": 5," json
'

test_expect_success 'CK1.1, CK1.3, CK15.2, CK2.4: refused options, maps, data and player counts, no file written' '
	refused_new "the rules refuse this game: points must be 10-20 (CK15.2)" \
		--option points=9 $(catan_players) &&
	refused_new "the rules refuse this game: points must be 10-20 (CK15.2)" \
		--option points=21 $(catan_players) &&
	refused_new "the rules refuse this game: points must be 10-20 (CK15.2)" \
		--option points=1x $(catan_players) &&
	refused_new "the rules refuse this game: barbarian-steps must be 3-10 (CK2.4)" \
		--option barbarian-steps=2 $(catan_players) &&
	refused_new "the rules refuse this game: barbarian-steps must be 3-10 (CK2.4)" \
		--option barbarian-steps=11 $(catan_players) &&
	refused_new "the rules refuse this game: unknown option '\''vp=5'\'' (map=NAME, points=N, barbarian-steps=N, first=draw; CK1.1)" \
		--option vp=5 $(catan_players) &&
	refused_new "Catan: Cities & Knights needs 3 to 4 players (--player SEAT:NAME[:EMAIL]:KEY); 2 given" \
		--player red:Ann:keys/green.key.pub --player blue:Ben:keys/purple.key.pub &&
	printf "[red]\nknights = 2\n" >pos.ini &&
	refused_new "pos.ini:2: error: Cities & Knights has no development cards (CK1.2): no key '\''knights'\''" \
		--data position=pos.ini $(catan_players) &&
	sed "s/^count = 6\$/count = 19/" "$TRIGON_SRC_DIR/data/catan/progress.ini" >bad.ini &&
	refused_new "bad.ini:26: error: count '\''19'\'' is not a number from 0 to 18" \
		--data progress=bad.ini $(catan_players)
'

test_expect_success 'a whole game of random legal actions to 10 points, verified; the status names the winner' '
	new_ck g.trigon --option points=10 >/dev/null &&
	"$PLAY" g.trigon 20000 3 -x resign keys/green.key keys/purple.key \
		keys/yellow.key >played &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: [0-9]* moves by 3 players, round [0-9]*, over, [a-z]* won (points)\$" out &&
	w=$(sed -n "s/.*over, \([a-z]*\) won (points)\$/\1/p" out) &&
	trigon status -f g.trigon >status &&
	grep "$w has won" status &&
	vp=$(sed -n "s/^$w  *\([0-9]*\) VP .*/\1/p" status) &&
	test "$vp" -ge 10 &&
	test_exit_code 1 trigon move -f g.trigon --key keys/green.key end 2>err &&
	echo "trigon: g.trigon: refused: the game is over" >expect &&
	test_cmp expect err
'

test_expect_success 'CK16.1: the hand shows the holder its progress cards by slug and name, hand --json as kind progress; another seat'\''s hand is refused' '
	for s in red blue white
	do
		trigon hand -f g.trigon --key $(catan_key $s) >hand.$s &&
		grep "^$s'\''s hand:" hand.$s &&
		grep "^progress cards: " hand.$s &&
		trigon hand -f g.trigon --key $(catan_key $s) --json >hj.$s &&
		python3 -c "
import json, sys
h = json.load(open(\"hj.$s\"))
assert h[\"seat\"] == \"$s\", h
kinds = {c[\"kind\"] for c in h[\"cards\"]}
assert kinds <= {\"resource\", \"commodity\", \"progress\"}, kinds
text = open(\"hand.$s\").read().split(\"progress cards: \")[1].split(\"\\n\")[0]
slugs = sorted(c[\"card\"] for c in h[\"cards\"] if c[\"kind\"] == \"progress\")
shown = sorted(x.split(\" (\")[0].strip() for x in text.split(\", \")) if text != \"none\" else []
assert slugs == shown, (slugs, shown)
" || return 1
	done &&
	test_must_fail trigon hand -f g.trigon --as blue --key keys/green.key 2>err
'

test_expect_success 'CK16.1, CK18.5: no progress card in a hand appears in the public JSON, the status, the board or the log' '
	cat hj.red hj.blue hj.white | sed -n "s/^ *\"card\": \"\([a-z-]*\)\",\$/\1/p" | sort -u >held &&
	trigon status -f g.trigon --json >pub.json &&
	trigon status -f g.trigon >pub.status &&
	trigon board -f g.trigon >pub.board &&
	for slug in $(cat held)
	do
		case $slug in brick|wood|wool|grain|ore|cloth|coin|paper) continue ;; esac
		! grep -w "$slug" pub.json pub.status pub.board || return 1
	done &&
	python3 -c "
import json
j = json.load(open(\"pub.json\"))[\"state\"]
for p in j[\"players\"]:
    assert isinstance(p[\"progress\"], int), p
    assert \"development\" not in p, p
assert \"deck\" not in j and \"largest_army\" not in j, j.keys()
for k in (\"event\", \"progress_decks\", \"barbarians\", \"metropolises\", \"merchant\"):
    assert k in j, k
assert set(j[\"bank\"]) == {\"brick\", \"wood\", \"wool\", \"grain\", \"ore\", \"cloth\", \"coin\", \"paper\"}
"
'

test_expect_success 'CK18.5: status, board and JSON agree on the progress cards counted, the improvement levels and the knights' '
	python3 -c "
import json, re
j = json.load(open(\"pub.json\"))[\"state\"]
st = open(\"pub.status\").read()
for p in j[\"players\"]:
    m = re.search(r\"^%s +\\d+ VP +\\d+ cards? +(\\d+) progress  improvements (\\d)/(\\d)/(\\d)  (\\d+) knights? \\((\\d+) active\\)\" % p[\"seat\"], st, re.M)
    assert m, p[\"seat\"]
    lv = p[\"improvements\"]
    assert [int(x) for x in m.groups()] == [p[\"progress\"], lv[\"trade\"], lv[\"politics\"], lv[\"science\"], p[\"knights\"], p[\"knights_active\"]], (m.groups(), p)
    assert p[\"knights\"] == sum(1 for x in p[\"pieces\"] if x[\"kind\"] == \"knight\"), p
"
'

test_expect_success 'CK4, CK2.1: the log tells each roll with its event die, and the progress cards drawn by deck only' '
	trigon log -f g.trigon >log &&
	grep "rolls white [1-6] red [1-6] = [0-9]*, event \(ship\|trade\|politics\|science\)\$" log &&
	grep "draws a \(trade\|politics\|science\) card\$" log
'

test_expect_success 'CK16.3 with fair chance: a game of Cities & Knights made with --chance fair, 120 random actions with every seat answering; no deck is shuffled at creation, each progress card is drawn by its own release, the dice too; verify says fair' '
	SOURCE_DATE_EPOCH=1700000000 trigon new f.trigon --rules catan-ck --chance fair \
		--seed $SEED2 $(catan_players) >out &&
	grep "^f.trigon: new game of Catan: Cities & Knights for red (Ann), blue (Ben), white (Cat); fair chance: awaits join" out &&
	"$TRIGON_BUILD_DIR/t/helpers/predict" play f.trigon 120 5 keys/green.key \
		keys/purple.key keys/yellow.key >n &&
	test "$(cat n)" = 120 &&
	trigon verify f.trigon >out &&
	grep "^f.trigon: ok: 120 moves by 3 players, " out &&
	grep "^f.trigon: fair chance: no player can foresee or bias a die or a draw" out &&
	! grep "^#? [0-9]* release shuffle" f.trigon &&
	grep "^#? [0-9]* release dice: red blue white$" f.trigon >dice &&
	test $(wc -l <dice) -ge 10 &&
	grep "^#? [0-9]* release draw \(trade\|politics\|science\): red blue white$" f.trigon
'

test_expect_success 'help orders catan-ck (and cities): the order language, pointing to the rules page' '
	trigon help orders catan-ck >orders &&
	trigon help orders cities >orders2 &&
	test_cmp orders orders2 &&
	head -n 1 orders >first &&
	echo "Catan: Cities & Knights orders (one a line; corners c3/d3/d4, edges c2/d3, hexes d3):" >expect &&
	test_cmp expect first &&
	tail -n 1 orders >last &&
	echo "The rules and an example of every order: catan-ck-rules(7)." >expect &&
	test_cmp expect last
'

test_expect_success 'CK14, CK17.4: help card for a progress card by slug, English or Dutch name; cities road-building past the base game'\''s card; did you mean' '
	trigon help card crane >crane &&
	cat >expect <<-\EOF &&
	Crane (crane, Dutch Bouwkraan, progress card of Cities & Knights):
	science deck, 2 of its 18 cards. The next level of an improvement for
	one commodity less (CK14.17). Order: play crane science. See
	catan-ck-rules(7).
	EOF
	test_cmp expect crane &&
	trigon help card Bouwkraan >nl &&
	test_cmp expect nl &&
	trigon help card road-building >rb &&
	grep "^Road building (road-building, development card)" rb &&
	trigon help card cities road-building >rb2 &&
	grep "^Road Building (road-building, Dutch Stratenbouw, progress card of Cities$" rb2 &&
	trigon help card constitution >co &&
	grep "(CK14.8)" co && ! grep "Order:" co &&
	test_exit_code 2 trigon help card warlords 2>err &&
	echo "trigon: no card named '\''warlords'\''; did you mean '\''warlord'\''?" >expect &&
	test_cmp expect err &&
	trigon help card >list &&
	sed -n "/^The cards of Catan: Cities & Knights:\$/,/^\$/p" list >ck &&
	for slug in $(sed -n "s/^\[\([a-z-]*\)\]\$/\1/p" "$TRIGON_SRC_DIR/data/catan/progress.ini")
	do
		grep -w -- "$slug" ck >/dev/null || { echo "no $slug" >&2; return 1; }
	done
'

test_done
