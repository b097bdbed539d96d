#!/bin/sh
test_description='a whole game through the command line: two players make
their own passphrase-protected keys, start a game, play it to the end by
running trigon move in turn, and anyone verifies the file'
. "$(dirname "$0")/setup.sh"

# The players' own keys, made here with trigon keygen: no fixture keys
# sign anything the players play.
test_expect_success 'two players make their own keys, protected by passphrases from files' '
	echo "green says open sesame" >green.pass &&
	echo "purple: correct horse battery staple" >purple.pass &&
	trigon keygen --passphrase-file green.pass green.key 2>err &&
	trigon keygen --passphrase-file purple.pass purple.key 2>>err &&
	test "$(stat -c %a green.key)" = 600 &&
	test "$(stat -c %a purple.key)" = 600 &&
	grep "^trigon-ed25519:" green.key.pub &&
	grep "^trigon-ed25519:" purple.key.pub &&
	! cmp -s green.key.pub purple.key.pub &&
	! grep -q "^kdf none" green.key &&
	! grep -q "^kdf none" purple.key
'

# A game played to a victory by random legal play (t/helpers/play with
# the fixture keys, never resigning): the script the players follow.
test_expect_success 'setup: a game played to a victory, whose actions the players replay' '
	test_keys &&
	new_game ref.trigon $SEED1 &&
	"$PLAY" ref.trigon 100000 9 -x resign keys/green.key keys/purple.key \
		>/dev/null &&
	trigon verify ref.trigon >ref.out &&
	grep "^ref.trigon: ok: .*, over, [a-z]* won (" ref.out &&
	sed -n "s/^[0-9][0-9]* \([a-z][a-z]*\) \(.*\) | [0-9a-f]\{16\} [^ ]*$/\1 \2/p" \
		ref.trigon >script &&
	test $(wc -l <script) -gt 50
'

test_expect_success 'they start the game with the public keys they pasted' '
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --seed $SEED1 \
		--player "green:Alice:alice@example.org:$(cat green.key.pub)" \
		--player "purple:Bob:$(cat purple.key.pub)" \
		--option shield=all >out &&
	grep "^g.trigon: new game of Rule of Trigon for green (Alice), purple (Bob); [a-z]* to act$" out
'

# Each turn is one trigon move by the player to act, with all the
# consecutive actions of that player; the other player's key must not
# do, so the turns really alternate between the two keys.
test_expect_success 'they play it to the end, each running trigon move in turn with their own key' '
	prev= turns=0 &&
	set -- &&
	while read -r color action
	do
		if test -n "$prev" && test "$color" != "$prev"
		then
			other=$(other "$prev") &&
			cp g.trigon before &&
			test_exit_code 1 trigon move -f g.trigon \
				--key $other.key --passphrase-file $other.pass \
				"$1" >/dev/null 2>wrong &&
			test_cmp before g.trigon &&
			grep -E "^trigon: g.trigon: refused: (it is not $other'\''s turn|$other may not act now): " wrong &&
			trigon move -f g.trigon --key $prev.key \
				--passphrase-file $prev.pass "$@" >/dev/null ||
			return 1
			turns=$((turns + 1))
			set --
		fi
		set -- "$@" "$action"
		prev=$color
	done <script &&
	trigon move -f g.trigon --key $prev.key --passphrase-file $prev.pass \
		"$@" >/dev/null &&
	turns=$((turns + 1)) &&
	echo "# $turns turns" &&
	test $turns -gt 10
'

test_expect_success 'the game is over with the same winner, same actions and same annotations' '
	sed -e "s/ | [0-9a-f]\{16\} [^ ]*$//" -e "/^end /d" -e "1,/^start$/d" \
		ref.trigon >expect &&
	sed -e "s/ | [0-9a-f]\{16\} [^ ]*$//" -e "/^end /d" -e "1,/^start$/d" \
		g.trigon >actual &&
	test_cmp expect actual &&
	grep "^#= [a-z]* wins (" g.trigon &&
	grep "^end [0-9]* " g.trigon
'

test_expect_success 'anyone verifies the file, with no key at all' '
	mkdir anyone &&
	cp g.trigon anyone/ &&
	(cd anyone && trigon verify g.trigon >../out) &&
	W=$(sed -n "s/^#= \([a-z]*\) wins (.*/\1/p" g.trigon) &&
	grep "^g.trigon: ok: $(wc -l <script) moves by 2 players, round [0-9]*, over, $W won (" out
'

test_expect_success 'every action is signed by its own player: the key in the header for its color' '
	G=$(cat green.key.pub) && P=$(cat purple.key.pub) &&
	grep "^player green Alice <alice@example.org> $G$" g.trigon &&
	grep "^player purple Bob $P$" g.trigon &&
	! grep -F "$(cat keys/green.key.pub)" g.trigon &&
	! grep -F "$(cat keys/purple.key.pub)" g.trigon
'

test_expect_success 'after the end, a move is refused (exit 1) and the file is unchanged' '
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key green.key \
		--passphrase-file green.pass end 2>err &&
	echo "trigon: g.trigon: refused: the game is over" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

# A second game where the players choose from what trigon moves lists
# (a fixed pseudo-random pick), and one resigns to end it.
test_expect_success 'a game played from trigon moves listings, ended by resigning (R11)' '
	SOURCE_DATE_EPOCH=1700000000 trigon new m.trigon --seed $SEED2 \
		--player "green:Alice:$(cat green.key.pub)" \
		--player "purple:Bob:$(cat purple.key.pub)" >/dev/null &&
	k=7 i=0 &&
	while test $i -lt 40
	do
		c=$(to_act m.trigon) &&
		trigon moves -f m.trigon --key $c.key >listed &&
		grep -v "^resign$" listed >choices &&
		n=$(wc -l <choices) &&
		k=$(( (k * 1103515245 + 12345) % 2147483648 )) &&
		a=$(sed -n "$(( k % n + 1 ))p" choices) &&
		trigon move -f m.trigon --key $c.key --passphrase-file $c.pass \
			"$a" >/dev/null || return 1
		i=$((i + 1))
	done &&
	c=$(to_act m.trigon) &&
	trigon moves -f m.trigon --key $c.key >listed &&
	grep "^resign$" listed &&
	trigon move -f m.trigon --key $c.key --passphrase-file $c.pass resign \
		>/dev/null &&
	trigon verify m.trigon >out &&
	grep "^m.trigon: ok: 41 moves by 2 players, round [0-9]*, over, $(other $c) won (" out &&
	trigon status -f m.trigon --json >st.json &&
	jq -r ".await.over, .await.winner" st.json >actual &&
	printf "true\n%s\n" $(other $c) >expect &&
	test_cmp expect actual
'

test_done
