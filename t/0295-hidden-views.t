#!/bin/sh
test_description='hidden views only for their owner: hand, moves, board --as, bot --suggest'
. "$(dirname "$0")/setup.sh"

# Every command that can show a seat's hidden cards -- its hand, its
# legal actions (they name the cards), a board with its hand, the
# computer's choices for it -- shows them to that seat's key alone:
# never without a key (none given, none configured, or the configured
# one missing), never to another seat's key or a key of no player.  A
# refusal exits 1, writes nothing on stdout, names none of the hidden
# cards and changes nothing.  The public views need no key.

HAND="a hand can show a player's hidden cards"
MOVES="legal moves can show a player's hidden cards"
BOARD="a hand is hidden"
BOT="the computer's choices show a player's hidden cards"

# no_key SEAT WHAT: the refusal of SEAT's view without a key.
no_key () {
	echo "trigon: g.trigon: refused: $2; $1's view needs $1's key, and no key was given: use --key KEYFILE (or [player] key in the configuration)"
}

# other_key WHAT: the refusal with another seat's key.
other_key () {
	echo "trigon: g.trigon: refused: $1; this key is another player's"
}

# no_player WHAT: the refusal with a key of nobody in the game.
no_player () {
	echo "trigon: g.trigon: refused: this key belongs to no player of this game, and $1"
}

# refused MESSAGE CMD...: CMD exits 1 with exactly MESSAGE on stderr,
# nothing on stdout, no hidden card named (hidden.pat), g.trigon as it
# was.
refused () {
	rf_msg=$1
	shift
	cp g.trigon before &&
	test_exit_code 1 "$@" >out 2>err &&
	test_must_be_empty out &&
	echo "$rf_msg" >expect &&
	test_cmp expect err &&
	test_must_fail grep -i -f hidden.pat out err &&
	test_cmp before g.trigon
}

# patterns FILE.json: a card's name and gloss from hand --json, as
# patterns that also match the board's "Dood een ridder (Kill a knight".
patterns () {
	jq -r ".cards[] | .card, .gloss" "$1" | sed "s/[- ]/[- ]/g"
}

test_expect_success 'setup: a game of 100 actions, purple to act, both players holding cards' '
	test_keys &&
	new_game g.trigon &&
	play g.trigon 100 1 &&
	trigon verify g.trigon >out &&
	echo "g.trigon: ok: 100 moves by 2 players, round 6, purple to act" >expect &&
	echo "g.trigon: open dice: anyone can compute the dice — play with friends" >>expect &&
	test_cmp expect out &&
	trigon hand -f g.trigon --key keys/purple.key --json >purple.json &&
	trigon hand -f g.trigon --key keys/green.key --json >green.json &&
	jq -r ".cards[].card" purple.json green.json >cards &&
	printf "%s\n" dood-een-ridder diefstal vernietig-een-boot ruil-munten >expect &&
	test_cmp expect cards &&
	patterns purple.json >purple.pat &&
	patterns green.json >green.pat &&
	cat purple.pat green.pat >hidden.pat &&
	mkdir nokey-home &&
	mkdir missing-home &&
	echo "[player]" >missing-home/config &&
	echo "key = $PWD/nosuch.key" >>missing-home/config &&
	mkdir green-home &&
	cp keys/green.key green-home/key &&
	cp keys/green.key.pub green-home/key.pub &&
	chmod 600 green-home/key
'

test_expect_success 'the owner'\''s key sees its own cards in every view (the patterns find them)' '
	trigon hand -f g.trigon --key keys/purple.key >out &&
	grep -i -f purple.pat out >found &&
	echo 2 >expect && wc -l <found >n && test_cmp expect n &&
	test_must_fail grep -i -f green.pat out &&
	trigon moves -f g.trigon --key keys/purple.key >out &&
	grep "^play diefstal from green " out &&
	trigon moves -f g.trigon --key keys/purple.key --json >out.json &&
	jq -r ".seat, .to_act" out.json >actual &&
	printf "purple\ntrue\n" >expect &&
	test_cmp expect actual &&
	trigon board -f g.trigon --as purple --key keys/purple.key >out &&
	grep "^  play      Diefstal (Theft)$" out &&
	trigon board -f g.trigon --svg --as purple --key keys/purple.key >out &&
	grep -i -f purple.pat out &&
	trigon bot -f g.trigon --as purple --key keys/purple.key --suggest --playouts 5 </dev/null >out &&
	grep "^g.trigon: suggest: " out
'

test_expect_success 'no key: hand refuses every seat, text and --json (exit 1)' '
	refused "$(no_key purple "$HAND")" trigon hand -f g.trigon &&
	refused "$(no_key purple "$HAND")" trigon hand -f g.trigon --json &&
	refused "$(no_key green "$HAND")" trigon hand -f g.trigon --as green &&
	refused "$(no_key purple "$HAND")" trigon hand -f g.trigon --as purple --json
'

test_expect_success 'no key: moves lists no seat, not even the one to act (its actions name its cards)' '
	refused "$(no_key purple "$MOVES")" trigon moves -f g.trigon &&
	refused "$(no_key purple "$MOVES")" trigon moves -f g.trigon --json &&
	refused "$(no_key green "$MOVES")" trigon moves -f g.trigon --as green &&
	refused "$(no_key green "$MOVES")" trigon moves -f g.trigon --as green --json
'

test_expect_success 'no key: board --as draws no hand (text, --at, --svg)' '
	refused "$(no_key purple "$BOARD")" trigon board -f g.trigon --as purple &&
	refused "$(no_key green "$BOARD")" trigon board -f g.trigon --as green --at 50 &&
	refused "$(no_key purple "$BOARD")" trigon board -f g.trigon --svg --as purple
'

test_expect_success 'no key: bot --suggest suggests nothing, for the seat to act or another' '
	refused "$(no_key purple "$BOT")" trigon bot -f g.trigon --as purple --suggest --playouts 5 &&
	refused "$(no_key green "$BOT")" trigon bot -f g.trigon --as green --suggest --playouts 5
'

test_expect_success 'a configured key that does not exist is no key' '
	for home in nokey-home missing-home
	do
		refused "$(no_key purple "$HAND")" env TRIGON_HOME="$PWD/$home" trigon hand -f g.trigon &&
		refused "$(no_key purple "$MOVES")" env TRIGON_HOME="$PWD/$home" trigon moves -f g.trigon &&
		refused "$(no_key purple "$BOARD")" env TRIGON_HOME="$PWD/$home" trigon board -f g.trigon --as purple &&
		refused "$(no_key purple "$BOT")" env TRIGON_HOME="$PWD/$home" trigon bot -f g.trigon --as purple --suggest --playouts 5 ||
		return 1
	done
'

test_expect_success 'another seat'\''s key (--key, or the configured key) sees none of purple'\''s views' '
	refused "$(other_key "$HAND")" trigon hand -f g.trigon --key keys/green.key --as purple &&
	refused "$(other_key "$HAND")" trigon hand -f g.trigon --key keys/green.key --as purple --json &&
	refused "$(other_key "$MOVES")" trigon moves -f g.trigon --key keys/green.key --as purple &&
	refused "$(other_key "$MOVES")" trigon moves -f g.trigon --key keys/green.key.pub --as purple --json &&
	refused "$(other_key "$BOARD")" trigon board -f g.trigon --key keys/green.key --as purple &&
	refused "$(other_key "$BOARD")" trigon board -f g.trigon --key keys/green.key --svg --as purple &&
	refused "$(other_key "$BOT")" trigon bot -f g.trigon --key keys/green.key --as purple --suggest --playouts 5 &&
	refused "$(other_key "$HAND")" env TRIGON_HOME="$PWD/green-home" trigon hand -f g.trigon --as purple &&
	refused "$(other_key "$MOVES")" env TRIGON_HOME="$PWD/green-home" trigon moves -f g.trigon --as purple &&
	refused "$(other_key "$BOARD")" env TRIGON_HOME="$PWD/green-home" trigon board -f g.trigon --as purple &&
	refused "$(other_key "$BOT")" env TRIGON_HOME="$PWD/green-home" trigon bot -f g.trigon --as purple --suggest --playouts 5
'

# pub_key WHAT: the refusal of purple's view to purple's public half.
pub_key () {
	echo "trigon: g.trigon: refused: $1; purple's view needs purple's secret key file (its passphrase is not asked): 'keys/purple.key.pub' is a public key; --key needs your secret key file, e.g. 'keys/purple.key'"
}

test_expect_success 'the public half of the owner'\''s key (every save file holds it) sees none of its views' '
	refused "$(pub_key "$HAND")" trigon hand -f g.trigon --key keys/purple.key.pub &&
	refused "$(pub_key "$HAND")" trigon hand -f g.trigon --key keys/purple.key.pub --json &&
	refused "$(pub_key "$MOVES")" trigon moves -f g.trigon --key keys/purple.key.pub &&
	refused "$(pub_key "$BOARD")" trigon board -f g.trigon --key keys/purple.key.pub --as purple &&
	refused "$(pub_key "$BOT")" trigon bot -f g.trigon --key keys/purple.key.pub --as purple --suggest --playouts 5 &&
	mkdir pub-home &&
	cp keys/purple.key.pub pub-home/key.pub &&
	test_exit_code 1 env TRIGON_HOME="$PWD/pub-home" trigon hand -f g.trigon >out 2>err &&
	test_must_be_empty out &&
	test_must_fail grep -i -f hidden.pat out err
'

test_expect_success 'the configured key shows its own seat by default, though another is to act' '
	TRIGON_HOME="$PWD/green-home" trigon hand -f g.trigon >out &&
	grep -i -f green.pat out >found &&
	echo 2 >expect && wc -l <found >n && test_cmp expect n &&
	test_must_fail grep -i -f purple.pat out &&
	TRIGON_HOME="$PWD/green-home" trigon bot -f g.trigon --as green --suggest --playouts 5 >out &&
	echo "g.trigon: nothing to do for green: purple to act (round 6)" >expect &&
	test_cmp expect out
'

test_expect_success 'a key of no player of the game sees no seat'\''s view' '
	refused "$(no_player "$HAND")" trigon hand -f g.trigon --key keys/yellow.key &&
	refused "$(no_player "$MOVES")" trigon moves -f g.trigon --key keys/yellow.key &&
	refused "$(no_player "$BOARD")" trigon board -f g.trigon --key keys/yellow.key --as purple &&
	refused "$(no_player "$BOT")" trigon bot -f g.trigon --key keys/yellow.key --as purple --suggest --playouts 5
'

test_expect_success 'a finished game: without a key, hand is refused and moves says the game is over' '
	cp "$SHARNESS_TEST_SRCDIR/fixtures/release/two-full.trigon" over.trigon &&
	test_exit_code 1 trigon hand -f over.trigon >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: over.trigon: refused: $HAND, and no key was given: use --key KEYFILE (or [player] key in the configuration)" >expect &&
	test_cmp expect err &&
	trigon moves -f over.trigon >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: over.trigon: the game is over: green won (quests); there is nothing to move" >expect &&
	test_cmp expect err
'

test_expect_success 'the public views need no key and name no hidden card' '
	trigon board -f g.trigon --width 100 >out &&
	grep "^Awaited: purple to act (round 6)\.$" out &&
	trigon board -f g.trigon --svg >out.svg &&
	trigon status -f g.trigon >status &&
	trigon status -f g.trigon --json >status.json &&
	test_must_fail grep -i -f hidden.pat out out.svg status status.json &&
	trigon log -f g.trigon --last 2 >out &&
	trigon verify g.trigon >out &&
	trigon verify --json g.trigon >out.json &&
	jq -e ".ok" out.json
'

test_done
