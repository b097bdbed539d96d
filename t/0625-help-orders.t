#!/bin/sh
test_description='trigon help orders and trigon help card: the game'\''s own texts (rules.help_orders, help_card), did-you-mean for card names'
. "$(dirname "$0")/setup.sh"

test_expect_success 'help orders: every kind of order, with its form and examples (trigon-rules(7), ORDER LANGUAGE), and the pointer to help card' '
	trigon help orders >out &&
	head -n 1 out >first &&
	echo "An order is one line: lowercase English keywords, the ASCII names of" >expect &&
	test_cmp expect first &&
	for verb in build exchange move cross sail found place crown buy play \
		choose take offer accept decline withdraw defend flee end resign
	do
		grep "^  .*\<$verb\>" out >/dev/null || return 1
	done &&
	sed -n "/^Examples:$/,/^$/p" out >examples &&
	grep "^  build knight at psor  *move 3 knights from psor to ulvdal$" examples &&
	grep "^  defend with hinderlaag  *flee to trollmark$" examples &&
	grep "^NAME. (e.g. .trigon help card promotie.; without NAME, all the names).$" out &&
	grep "^  end  *end your action phase (R4.7)$" out &&
	grep "^  move ARMY from SPOT to SPOT \[with CARDS\] \[losses KINDS\]$" out
'

test_expect_success 'help card: a play card (R10.3), in English, wrapped at 72 columns' '
	trigon help card promotie >out &&
	cat >expect <<-\EOF &&
	Promotie (promotie, Krijgskunst). Promotion, 4. Place 1 free knight at
	one of your settlements.
	EOF
	test_cmp expect out &&
	trigon help card Ertshoeve >out &&
	echo "Ertshoeve (ertshoeve, Handel). Ore Farm, 4. Take 3 copper from the bank." >expect &&
	test_cmp expect out
'

test_expect_success 'help card: a quest and a village card, from the embedded data; a name of several words' '
	trigon help card dood een ridder >out &&
	cat >expect <<-\EOF &&
	Dood een ridder (dood-een-ridder, quest, Krijgskunst). Kill a knight; 2
	points once completed (R10.1).
	EOF
	test_cmp expect out &&
	trigon help card parelhaven >out &&
	cat >expect <<-\EOF &&
	Parelhaven "Pearl Harbour" (parelhaven, village card). As a village: 0
	copper, 1 silver, 0 gold, 1 births; as a city: 0 copper, 1 silver, 1
	gold, 2 births (R4.3, R4.4, R5.1).
	EOF
	test_cmp expect out
'

test_expect_success 'help card: a village card by its English gloss; a proper name has none (trigon-rules(7), DATA FILES)' '
	trigon help card tannery >out &&
	head -n 1 out >first &&
	echo "Leerlooierij \"Tannery\" (leerlooierij, village card). As a village: 1" >expect &&
	test_cmp expect first &&
	trigon help card "pearl harbour" >out &&
	grep "^Parelhaven \"Pearl Harbour\" (parelhaven," out &&
	trigon help card psor >out &&
	head -n 1 out >first &&
	echo "Psör (psor, village card). As a village: 2 copper, 1 silver, 0 gold, 1" >expect &&
	test_cmp expect first
'

test_expect_success 'help card: a misspelt name gets did-you-mean (exit 2); an unknown one the way to list them' '
	test_exit_code 2 trigon help card promotei >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: no card named '\''promotei'\''; did you mean '\''promotie'\''?" >expect &&
	test_cmp expect err &&
	test_exit_code 2 trigon help card dod-een-ridder 2>err &&
	echo "trigon: no card named '\''dod-een-ridder'\''; did you mean '\''dood-een-ridder'\''?" >expect &&
	test_cmp expect err &&
	test_exit_code 2 trigon help card xyzzy 2>err &&
	echo "trigon: no card named '\''xyzzy'\''; '\''trigon help card'\'' lists them" >expect &&
	test_cmp expect err
'

test_expect_success 'help card without a name lists every card, quest and village card by its name in orders' '
	trigon help card >out &&
	head -n 3 out >first &&
	printf "usage: trigon help card NAME\n\nThe cards, quests and village cards of Rule of Trigon:\n" >expect &&
	test_cmp expect first &&
	grep -w promotie out &&
	grep -w dood-een-ridder out &&
	grep -w parelhaven out
'

test_expect_success 'trigon help points to orders and card' '
	trigon help >out &&
	tail -n 2 out >last &&
	cat >expect <<-\EOF &&
	See '\''trigon help COMMAND'\'' and trigon(1); '\''trigon help orders'\'' lists the
	actions of the game, '\''trigon help card NAME'\'' explains a card.
	EOF
	test_cmp expect last
'

test_expect_success 'trigon, trigon --help and trigon help: one overview naming the games and the first game' '
	test_exit_code 2 trigon >bare.out 2>bare.err &&
	test_must_be_empty bare.out &&
	trigon --help >dash &&
	trigon help >help &&
	test_cmp help dash &&
	test_cmp help bare.err &&
	sed -n 3p help >tagline &&
	echo "Play board games against the computer, by e-mail or over git." >expect &&
	test_cmp expect tagline &&
	sed -n 4p help >games &&
	grep "^Games: Rule of Trigon (--rules trigon), " games &&
	help_games help >games.named &&
	test "$(wc -l <games.list)" -ge 2 &&
	test "$(wc -l <games.named)" = "$(wc -l <games.list)" &&
	sed "s/^\([^ ]*\) .*/\1/" games.named >names &&
	test_exit_code 2 trigon new x.trigon --rules chess 2>err &&
	sed -n "s/.*(this trigon knows \(.*\))\$/\1/p" err >knows &&
	sed -e :a -e "\$!N;s/\n/, /;ta" names >expect &&
	test_cmp expect knows &&
	grep -x "A first game: '\''trigon keygen'\'' makes your key, then '\''trigon play'\'' plays" help &&
	test "$(columns help)" -le 80
'

test_expect_success 'help move: example orders of the game, each one applies in a new game where green acts first, and where to look for more' '
	test_keys &&
	trigon help move >out &&
	sed -n "/^For example, in Rule of Trigon:\$/,/^\$/p" out >ex &&
	test "$(grep -c "^  trigon move '\''.*'\''\$" ex)" -ge 3 &&
	tail -n 2 out >last &&
	printf "%s\n" "'\''trigon moves'\'' lists the actions you may take now; '\''trigon help orders'\''" "explains every order." >expect &&
	test_cmp expect last &&
	new_game gf.trigon 0000000000000000000000000000000000000000000000000000000000000003 &&
	test "$(to_act gf.trigon)" = green &&
	sed -n "s/^  trigon move '\''\(.*\)'\''\$/\1/p" ex >orders &&
	while read -r order
	do
		cp gf.trigon try.trigon &&
		trigon move -f try.trigon --key keys/green.key "$order" >/dev/null || return 1
	done <orders
'

test_expect_success 'help orders GAME: each rule set'\''s own orders; the default says how to ask for the others; an unknown game gets the nearest' '
	trigon help orders >def &&
	tail -n 1 def >last &&
	trigon help >help &&
	help_games help >games.named &&
	sed -e 1d -e "s/^\([^ ]*\) \(.*\)/\2: trigon help orders \1/" games.named >others &&
	sed -e :a -e "\$!N;s/\n/; /;ta" -e "s/^/The orders of the other games: /" others >expect &&
	test_cmp expect last &&
	trigon help orders trigon >tri &&
	head -n 1 tri >first &&
	head -n 1 def >expect &&
	test_cmp expect first &&
	! grep "other games" tri &&
	trigon help orders catan >cat &&
	head -n 1 cat >first &&
	echo "Catan orders (one a line; corners c3/d3/d4 or c3.n, edges c2/d3 or c3.e):" >expect &&
	test_cmp expect first &&
	test_exit_code 2 trigon help orders catn 2>err &&
	head -n 1 err >first &&
	echo "trigon: no game '\''catn'\''; did you mean '\''catan'\''?" >expect &&
	test_cmp expect first
'

test_expect_success 'natural words in an order get the order that does it (trigon move)' '
	test_keys &&
	new_game g.trigon &&
	me=$(to_act g.trigon) &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$me.key pass 2>err &&
	echo "trigon: g.trigon: refused: unknown order '\''pass'\''; you end your turn with '\''end'\''" >expect &&
	test_cmp expect err &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$me.key "attack ulvdal" 2>err &&
	grep "refused: unknown order '\''attack'\''; you attack by moving into a spot where enemies stand: '\''move ARMY from SPOT to SPOT'\''" err &&
	test_cmp before g.trigon
'

test_done
