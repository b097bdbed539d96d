#!/bin/sh
test_description='trigon new: the save file header, and every refusal'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: fixture keys' '
	test_keys
'

test_expect_success 'new writes the header: format, rules, id, seed, time, players' '
	new_game g.trigon &&
	G=$(cat keys/green.key.pub) && P=$(cat keys/purple.key.pub) &&
	cat >expect <<-EOF &&
	trigon-save 1
	rules trigon
	game 1ef4a662cd1ad3a2199cfd66cdbf2e9f
	seed $SEED0
	created 2023-11-14T22:13:20Z
	option shield=all
	player green Alice <alice@example.org> $G
	player purple Bob $P
	start
	EOF
	sed "/^start\$/q" g.trigon >head &&
	test_cmp expect head &&
	sed "1,/^start\$/d" g.trigon >notes &&
	sed -n 1p notes >first && echo "#= round 1" >want && test_cmp want first &&
	tail -n 1 notes >last && grep "^#= [a-z]* to act$" last &&
	{ grep -v "^#= " notes >other || :; } &&
	test_must_be_empty other
'

test_expect_success 'the new file verifies and names who acts first' '
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 0 moves by 2 players, round 1, [a-z]* to act$" out
'

test_expect_success 'new says what it made on stdout' '
	SOURCE_DATE_EPOCH=1700000000 trigon new h.trigon --seed $SEED0 \
		--player green:Alice:keys/green.key.pub \
		--player purple:Bob:keys/purple.key.pub >out &&
	grep "^h.trigon: new game of Rule of Trigon for green (Alice), purple (Bob); [a-z]* to act$" out
'

test_expect_success 'the seed defaults to fresh random bytes: two games differ' '
	trigon new r1.trigon --player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub &&
	trigon new r2.trigon --player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub &&
	grep "^seed [0-9a-f]\{64\}$" r1.trigon &&
	grep "^seed " r1.trigon >s1 && grep "^seed " r2.trigon >s2 &&
	! cmp -s s1 s2
'

test_expect_success 'options are stored in the header in the order given' '
	SOURCE_DATE_EPOCH=0 trigon new o.trigon --seed $SEED0 \
		--option win=points --option points=60 \
		--player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub &&
	sed -n "5,7p" o.trigon >actual &&
	printf "created 1970-01-01T00:00:00Z\noption win=points\noption points=60\n" >expect &&
	test_cmp expect actual &&
	trigon verify o.trigon
'

test_expect_success 'R10.2/R10.7: every new game records option shield=holder, unless given' '
	grep -x "option shield=holder" o.trigon >got &&
	test $(wc -l <got) -eq 1 &&
	SOURCE_DATE_EPOCH=0 trigon new a.trigon --seed $SEED0 \
		--option shield=all \
		--player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub &&
	grep "^option " a.trigon >actual &&
	echo "option shield=all" >expect &&
	test_cmp expect actual &&
	trigon verify a.trigon
'

test_expect_success 'R10.2/R10.7: files made before option shield=holder still verify by their rule' '
	! grep "^option shield" "$TRIGON_SRC_DIR/examples/game.trigon" &&
	grep -x "#= purple draws strijd: shielded by kapitein" \
		"$TRIGON_SRC_DIR/examples/game.trigon" &&
	cp "$TRIGON_SRC_DIR/examples/game.trigon" old.trigon &&
	trigon verify old.trigon
'

test_expect_success 'option shield takes holder or all (R10.2/R10.7)' '
	test_exit_code 2 trigon new s.trigon --option shield=nobody \
		--player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub 2>err &&
	grep "option shield must be holder or all, not .nobody." err &&
	! test -e s.trigon
'

test_expect_success 'four players with names holding spaces and UTF-8' '
	trigon new four.trigon --seed $SEED0 \
		--player "green:Ann Smith:keys/green.key.pub" \
		--player "purple:Bjørn:bjorn@example.org:keys/purple.key.pub" \
		--player "yellow:Cé:keys/yellow.key.pub" \
		--player "white:D:keys/white.key.pub" &&
	grep "^player purple Bjørn <bjorn@example.org> trigon-ed25519:" four.trigon &&
	grep "^player green Ann Smith trigon-ed25519:" four.trigon &&
	trigon verify four.trigon
'

test_expect_success 'a custom map is embedded in the header as "| " lines' '
	cp "$TRIGON_SRC_DIR/data/trigon/map.ini" map.ini &&
	trigon new m.trigon --seed $SEED0 --map map.ini \
		--player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub &&
	grep "^data map$" m.trigon &&
	sed -n "/^data map$/,/^start$/p" m.trigon >embedded &&
	sed -e "1d" -e "\$d" -e "s/^| //" -e "s/^|$//" embedded >back &&
	test_cmp map.ini back &&
	trigon verify m.trigon
'

test_expect_success 'an existing file is refused (exit 1) and left alone' '
	cp g.trigon before &&
	test_exit_code 1 trigon new g.trigon --player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub 2>err &&
	echo "trigon: '\''g.trigon'\'' already exists; not overwritten" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

# new_refused MESSAGE ARGS...: exit 2, that message, no file.
new_refused () {
	msg=$1
	shift
	test_exit_code 2 trigon new x.trigon "$@" 2>err &&
	grep -F "trigon: $msg" err &&
	! test -e x.trigon
}

test_expect_success 'one player is too few' '
	new_refused "Rule of Trigon needs 2 to 4 players (--player SEAT:NAME[:EMAIL]:KEY); 1 given" \
		--player green:A:keys/green.key.pub
'

test_expect_success 'five players are too many' '
	new_refused "Rule of Trigon needs 2 to 4 players" \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub \
		--player yellow:C:keys/yellow.key.pub --player white:D:keys/white.key.pub \
		--player green:E:keys/locked.key.pub
'

test_expect_success 'a color the rules do not know (R1.1), with the nearest seat when one is near' '
	new_refused "'\''red'\'' is not a seat of Rule of Trigon (green, purple, yellow, white)" \
		--player red:A:keys/green.key.pub --player purple:B:keys/purple.key.pub &&
	! grep "did you mean" err &&
	new_refused "'\''grean'\'' is not a seat of Rule of Trigon (green, purple, yellow, white); did you mean '\''green'\''?" \
		--player grean:A:keys/green.key.pub --player purple:B:keys/purple.key.pub
'

test_expect_success 'the same color twice' '
	new_refused "two players have the seat '\''green'\''" \
		--player green:A:keys/green.key.pub --player green:B:keys/purple.key.pub
'

test_expect_success 'the same key twice' '
	new_refused "green and purple have the same key; each player signs with a key of their own ('\''trigon keygen FILE'\'' makes another)" \
		--player green:A:keys/green.key.pub --player purple:B:keys/green.key.pub
'

test_expect_success 'a damaged public key' '
	new_refused "player purple: bad public key:" \
		--player green:A:keys/green.key.pub \
		--player "purple:B:trigon-ed25519:AAAA"
'

test_expect_success 'a missing key file' '
	new_refused "player purple: cannot open" \
		--player green:A:keys/green.key.pub --player purple:B:keys/nope.pub
'

test_expect_success 'a malformed --player' '
	new_refused "bad --player '\''green'\'': expected SEAT:NAME[:EMAIL]:KEY" \
		--player green --player purple:B:keys/purple.key.pub
'

test_expect_success 'a bad e-mail address' '
	new_refused "player green: bad e-mail address '\''alice'\''" \
		--player green:A:alice:keys/green.key.pub --player purple:B:keys/purple.key.pub
'

test_expect_success 'a name with angle brackets' '
	new_refused "player green: bad name" \
		--player "green:<A>:keys/green.key.pub" --player purple:B:keys/purple.key.pub
'

test_expect_success 'a short seed' '
	new_refused "--seed needs 64 hex digits" --seed abcd \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub
'

test_expect_success 'an option without a value' '
	new_refused "bad option '\''win'\'': expected KEY=VALUE" --option win \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub
'

test_expect_success 'an option the rules refuse (R3.4)' '
	test_exit_code 2 trigon new x.trigon --option win=never \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub 2>err &&
	grep "^trigon: the rules refuse this game: " err &&
	! test -e x.trigon
'

test_expect_success 'map data with trailing white space is refused, not normalised' '
	printf "[spot a]\nname = A \n" >bad.ini &&
	new_refused "bad.ini:2: error: trailing white space (trigon stores data only as canonical text)" \
		--map bad.ini \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub
'

# data_refused KIND FILE LINE MESSAGE: trigon new --KIND FILE exits 2
# with exactly "trigon: FILE:LINE: error: MESSAGE" and writes nothing.
data_refused () {
	test_exit_code 2 trigon new x.trigon --"$1" "$2" \
		--player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub 2>err &&
	echo "trigon: $2:$3: error: $4" >expect &&
	test_cmp expect err &&
	! test -e x.trigon
}

test_expect_success 'bad map data is named by its file and line' '
	sed "0,/^land = noorland$/s//land = nowhere/" \
		"$TRIGON_SRC_DIR/data/trigon/map.ini" >badmap.ini &&
	L=$(line_no badmap.ini "^land = nowhere$") &&
	data_refused map badmap.ini $L "unknown land '\''nowhere'\''"
'

test_expect_success 'bad village cards are named by their file and line' '
	sed "0,/^kind = .*/s//kind = bogus/" \
		"$TRIGON_SRC_DIR/data/trigon/villages.ini" >badv.ini &&
	L=$(line_no badv.ini "^kind = bogus$") &&
	data_refused villages badv.ini $L \
		"unknown kind '\''bogus'\'' (capital, simple, developed or luxury)"
'

test_expect_success 'bad quest cards are named by their file and line' '
	sed "0,/^category = .*/s//category = bogus/" \
		"$TRIGON_SRC_DIR/data/trigon/quests.ini" >badq.ini &&
	L=$(line_no badq.ini "^category = bogus$") &&
	data_refused quests badq.ini $L "unknown category '\''bogus'\''"
'

test_expect_success 'a bad scenario is named by its file and line' '
	printf "[game]\nround = 6\nfirst = green\n\n[spot nowhere]\ncolor = green\n" \
		>bads.ini &&
	data_refused scenario bads.ini 5 "unknown spot '\''nowhere'\''"
'

test_expect_success 'an unknown rule set: the list, or the nearest name (or short name, which --rules takes too)' '
	trigon help >help &&
	help_games help >games.named &&
	sed -e "s/ .*//" games.named >names &&
	test "$(wc -l <names)" -ge 2 &&
	known=$(sed -e :a -e "\$!N;s/\n/, /;ta" names) &&
	new_refused "unknown rule set '\''chess'\'' (this trigon knows $known)" --rules chess \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub &&
	new_refused "unknown rule set '\''catn'\''; did you mean '\''catan'\''?" --rules catn \
		--player red:A:keys/green.key.pub --player blue:B:keys/purple.key.pub &&
	new_refused "unknown rule set '\''dule'\''; did you mean '\''duel'\''?" --rules dule \
		--player red:A:keys/green.key.pub --player blue:B:keys/purple.key.pub
'

test_expect_success 'no file name, or two' '
	test_exit_code 2 trigon new --player green:A:keys/green.key.pub 2>err &&
	grep "^trigon: no file name" err &&
	test_exit_code 2 trigon new a b 2>err &&
	grep "^trigon: too many arguments" err
'

test_expect_success 'no temporary file is left behind' '
	ls -a >listing &&
	! grep "^\.[^.].*\.trigon\." listing
'

test_expect_success '--data NAME=FILE is --NAME FILE, for any kind the rules read' '
	cp "$TRIGON_SRC_DIR/data/trigon/map.ini" map.ini &&
	SOURCE_DATE_EPOCH=1800000000 trigon new d1.trigon --seed $SEED0 --map map.ini \
		--player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub &&
	SOURCE_DATE_EPOCH=1800000000 trigon new d.trigon --seed $SEED0 --data map=map.ini \
		--player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub &&
	grep "^data map$" d.trigon &&
	test_cmp d1.trigon d.trigon &&
	trigon verify d.trigon
'

test_expect_success '--data refuses a kind the rules do not read, a missing =, a kind twice' '
	new_refused "the rules trigon read no board data" --data board=map.ini \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub &&
	new_refused "bad --data '\''map.ini'\'': expected NAME=FILE" --data map.ini \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub &&
	new_refused "bad --data '\''=map.ini'\'': expected NAME=FILE" --data =map.ini \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub &&
	new_refused "--map given twice" --map map.ini --data map=map.ini \
		--player green:A:keys/green.key.pub --player purple:B:keys/purple.key.pub
'

test_expect_success 'trigon help new lists each rule set'\''s seats and data kinds' '
	trigon help new >out &&
	grep "^  trigon (Rule of Trigon), 2 to 4 players; seats: green purple yellow white$" out &&
	for k in map villages quests scenario
	do
		grep "^    --data $k=FILE" out || return 1
	done
'

test_done
