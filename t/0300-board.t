#!/bin/sh
test_description='trigon board: the map, the players, the round (golden files in t/board/)'
. "$(dirname "$0")/setup.sh"

# The golden files are what the program drew, checked by eye against
# the position (see t/board/README).  After a deliberate change of the
# picture, regenerate them with TRIGON_REGEN_GOLDEN=1 make check
# TESTS=t/0300-board.t and review the diff before committing.
GOLD="$SHARNESS_TEST_SRCDIR/board"

# golden NAME: compare ./NAME with t/board/NAME (or regenerate it).
golden () {
	if test -n "$TRIGON_REGEN_GOLDEN"
	then
		cp "$1" "$GOLD/$1"
	fi &&
	test_cmp "$GOLD/$1" "$1"
}

# new4 FILE SEED [ARGS...]: a game of all four colors.
new4 () {
	n4_file=$1 n4_seed=$2
	shift 2
	SOURCE_DATE_EPOCH=1700000000 trigon new "$n4_file" --seed "$n4_seed" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:$(cat keys/purple.key.pub)" \
		--player "yellow:Cy:$(cat keys/yellow.key.pub)" \
		--player "white:Di:$(cat keys/white.key.pub)" "$@" >/dev/null
}

# mv_ FILE COLOR ORDER: play one order.
mv_ () {
	trigon move -f "$1" --key "keys/$2.key" "$3" >/dev/null
}

# boards FILE NAME: draw FILE 100 columns wide in the four modes as
# NAME-{utf8,ascii}[-color].out, and in the default width (80: no
# terminal, no $COLUMNS) and 132 columns as NAME-{80,132}-*.out.
boards () {
	trigon board -f "$1" --width 100 >"$2-utf8.out" &&
	trigon board -f "$1" --width 100 --ascii >"$2-ascii.out" &&
	trigon board -f "$1" --width 100 --color=always >"$2-utf8-color.out" &&
	trigon board -f "$1" --width 100 --ascii --color=always >"$2-ascii-color.out" &&
	trigon board -f "$1" >"$2-80-utf8.out" &&
	trigon board -f "$1" --ascii >"$2-80-ascii.out" &&
	trigon board -f "$1" --width 132 >"$2-132-utf8.out"
}

# The labels of the 36 spots of the default map (capitals in capitals).
cat >labels-utf8 <<\EOF
IJsfjord
Frostholm
Ravnsborg
Valdheim
PSÖR
Trollmark
Skårnvik
Ulvdal
Nørrhavn
Hoogwacht
Lumhaven
Calpoort
Marktveld
NIEUW DELIA
Velderhof
Ipmond
Dellenburg
Zoutmeer
Marmora
Steenwijk
Westkaap
Zolothberg
CITEL
Tiriën
Granietdal
Kalkoven
Zuidmuur
Astéria
Iphaven
Sophéa
PYROS
Oostkaap
Inopolis
Kalliste
Heliodor
Nefelion
EOF
LC_ALL=C sed -e 's/Ö/O/; s/å/a/; s/ø/o/; s/ë/e/; s/é/e/' labels-utf8 >labels-ascii

# each_once BOARD LABELS: every label occurs exactly once in BOARD.
each_once () {
	while read -r l
	do
		n=$(grep -c -F "$l" "$1") &&
		test "$n" = 1 || { echo >&2 "label '$l' found $n times"; return 1; }
		grep -o -F "$l" "$1" >once.tmp &&
		test $(wc -l <once.tmp) = 1 || return 1
	done <"$2"
}

test_expect_success 'setup: keys and the games' '
	printf "\033" >esc &&
	test_keys &&
	new4 start.trigon $SEED0 &&
	new4 mid.trigon $SEED0 --scenario "$GOLD/midgame.ini" &&
	SOURCE_DATE_EPOCH=1700000000 trigon new custom.trigon --seed $SEED1 \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "white:Di:$(cat keys/white.key.pub)" \
		--map "$GOLD/custom-map.ini" >/dev/null
'

test_expect_success 'setup: mid-game battles by land, by sea, and crossings (R7.2, R7.3, R8)' '
	cp mid.trigon mid0.trigon &&
	mv_ mid.trigon green "sail boat from norrhavn to lumhaven with 4 knights" &&
	mv_ mid.trigon green "move 3 knights from psor to ulvdal" &&
	mv_ mid.trigon green end &&
	cp mid.trigon mid3.trigon &&
	mv_ mid.trigon purple "move 3 knights 1 scout from marktveld to hoogwacht" &&
	mv_ mid.trigon purple "build knight at ipmond" &&
	mv_ mid.trigon purple "sail boat from ipmond to iphaven with 1 knight" &&
	mv_ mid.trigon white defend &&
	mv_ mid.trigon purple end &&
	mv_ mid.trigon yellow "place 8 knights at citel" &&
	mv_ mid.trigon yellow "move 2 knights from tirien to sophea" &&
	mv_ mid.trigon yellow end &&
	mv_ mid.trigon white "cross 3 knights from heliodor to nefelion" &&
	mv_ mid.trigon white "move 2 knights from sophea to zoutmeer" &&
	trigon log -f mid.trigon >log &&
	grep "green conquers purple.s village 1 at lumhaven" log &&
	grep "white holds iphaven" log
'

for pos in start mid custom
do
	test_expect_success "$pos: the board in UTF-8 and ASCII, with and without color" "
		boards $pos.trigon $pos &&
		golden $pos-utf8.out &&
		golden $pos-ascii.out &&
		golden $pos-utf8-color.out &&
		golden $pos-ascii-color.out &&
		golden $pos-80-utf8.out &&
		golden $pos-80-ascii.out &&
		golden $pos-132-utf8.out
	"
	test_expect_success "$pos: no line is wider than the width (100, 80, 132 columns)" "
		for m in utf8 ascii utf8-color ascii-color
		do
			w=\$(columns $pos-\$m.out) &&
			test \$w -le 100 || { echo >&2 \"$pos-\$m: \$w columns\"; return 1; }
		done &&
		w=\$(columns $pos-80-utf8.out) && test \$w -le 80 &&
		w=\$(columns $pos-80-ascii.out) && test \$w -le 80 &&
		w=\$(columns $pos-132-utf8.out) && test \$w -le 132 &&
		test \$w -gt 100
	"
	test_expect_success "$pos: ASCII mode writes ASCII only" "
		test_must_fail env LC_ALL=C grep -n '[^ -~]' $pos-ascii.out &&
		test_must_fail env LC_ALL=C grep -n '[^ -~]' $pos-80-ascii.out
	"
	test_expect_success "$pos: without color there is no escape sequence" "
		test_must_fail grep -F -f esc $pos-utf8.out &&
		test_must_fail grep -F -f esc $pos-ascii.out &&
		grep -F -f esc $pos-utf8-color.out >/dev/null
	"
done

test_expect_success 'every spot label appears exactly once (start, UTF-8 and ASCII)' '
	test $(wc -l <labels-utf8) = 36 &&
	test $(grep -c "^\[spot " "$TRIGON_SRC_DIR/data/trigon/map.ini") = 36 &&
	each_once start-utf8.out labels-utf8 &&
	each_once start-ascii.out labels-ascii
'

test_expect_success 'every spot label appears exactly once (mid-game, UTF-8 and ASCII)' '
	each_once mid-utf8.out labels-utf8 &&
	each_once mid-ascii.out labels-ascii
'

test_expect_success 'the mid-game board shows the conquest, the boats and the crossings' '
	grep -F "Lumhaven(o)" mid-utf8.out &&
	grep -F "G v1 4k1b" mid-utf8.out &&
	grep -F "P C4 1b" mid-utf8.out &&
	grep -F "Y C4♛ 10k" mid-utf8.out &&
	grep -F "Y C4* 10k" mid-ascii.out &&
	grep -F "P3k1s↑" mid-utf8.out &&
	grep -F "P3k1s^" mid-ascii.out &&
	grep -F "Y2k→" mid-utf8.out &&
	cat >expect <<-\EOF &&
	On river crossings: green 2 knights and 1 scout from psor to valdheim; purple 3 knights and 1 scout
	     from marktveld to hoogwacht; yellow 2 knights from tirien to sophea.
	EOF
	grep -A1 "^On river crossings" mid-utf8.out >actual &&
	test_cmp expect actual
'

test_expect_success 'the panels: points and where they come from (R11.1), reserve (R4.9)' '
	grep "^Green: 16 points = palace 3 + 4 villages 4 + 1 city 2 + 3 quests 6 + bonus cards played 1$" mid-utf8.out &&
	grep "^Yellow: 23 points = palace 3 + 8 villages 8 + 1 city 2 + all of Calmania 8 + Explorer 2$" mid-utf8.out &&
	grep "^White (on turn): 12 points = 2 villages 2 + 1 city 2 + 3 quests 6 + Adventurer 2$" mid-utf8.out &&
	grep "^  supply    3 scouts, 4 boats, 42 inhabitants/knights, 7 village chips; palace lost$" mid-utf8.out &&
	grep "^Awaited: white to act (round 6).$" mid-utf8.out &&
	trigon board -f mid3.trigon --width 100 >mid3.out &&
	grep "^  figures   5 knights, 0 scouts, 1 boat on the board; 8 reserve knights to place$" mid3.out
'

test_expect_success 'the panels: a completed quest has its English gloss beside its Dutch name (R10.1)' '
	grep "^  completed Dood een ridder (Kill a knight, 2 points), " mid-utf8.out
'

test_expect_success 'the public board shows counts of cards, never their names' '
	grep "2 play cards and 0 quests in hand" mid-utf8.out &&
	test_must_fail grep -e Promotie -e Cavalerie -e "Ruil munten" -e Hinderlaag -e "Hand of" mid-utf8.out
'

test_expect_success '--as COLOR adds that hand and no other' '
	trigon board -f mid.trigon --width 100 --as green --key keys/green.key >as-green &&
	n=$(($(wc -l <mid-utf8.out) - 1)) &&
	head -n $n as-green >board-part &&
	head -n $n mid-utf8.out >board-only &&
	test_cmp board-only board-part &&
	tail -n +$((n + 1)) as-green >hand &&
	cat >expect <<-\EOF &&

	Hand of Green (hidden from the other players):
	  play      Promotie (Promotion), Cavalerie (Cavalry)
	  quests    none
	open dice: anyone can compute the dice — play with friends
	EOF
	test_cmp expect hand &&
	trigon board -f mid.trigon --width 100 --as purple --key keys/purple.key >as-purple &&
	grep "^  quests    Ruil drie keer munten (Trade coins with an opponent three times, 2 points), Sticht twee$" as-purple &&
	test_must_fail grep -e Promotie -e Cavalerie -e Hinderlaag as-purple
'

test_expect_success '--as with a key: only the key'\''s own hand' '
	trigon board -f mid.trigon --as white --key keys/white.key >out &&
	grep "play      Hinderlaag (Ambush)" out &&
	test_exit_code 1 trigon board -f mid.trigon --as white --key keys/green.key.pub >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: mid.trigon: refused: a hand is hidden; this key is another player'\''s" >expect &&
	test_cmp expect err
'

test_expect_success '--as with the configured key: only that key'\''s hand' '
	mkdir -p home &&
	cp keys/yellow.key home/key &&
	cp keys/yellow.key.pub home/key.pub &&
	chmod 600 home/key &&
	TRIGON_HOME="$PWD/home" trigon board -f mid.trigon --as yellow >out &&
	grep "^Hand of Yellow" out &&
	test_exit_code 1 env TRIGON_HOME="$PWD/home" trigon board -f mid.trigon --as green >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: mid.trigon: refused: a hand is hidden; this key is another player'\''s" >expect &&
	test_cmp expect err &&
	TRIGON_HOME="$PWD/home" trigon board -f mid.trigon >out &&
	test_cmp mid-80-utf8.out out
'

test_expect_success '--at N draws the position after action N' '
	trigon board -f mid.trigon --at 3 >at3 &&
	trigon board -f mid3.trigon >now3 &&
	test_cmp now3 at3 &&
	trigon board -f mid.trigon --at 0 >at0 &&
	trigon board -f mid0.trigon >now0 &&
	test_cmp now0 at0 &&
	trigon board -f mid.trigon --at 13 >at13 &&
	test_cmp mid-80-utf8.out at13 &&
	test_must_fail test_cmp at0 at3
'

test_expect_success '--at past the end, or not a number, is a usage error' '
	test_exit_code 2 trigon board -f mid.trigon --at 14 >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: mid.trigon: the game has 13 actions; --at 14 is past its end" >expect &&
	test_cmp expect err &&
	test_exit_code 2 trigon board -f mid.trigon --at -1 2>err &&
	grep "^trigon: --at takes the number of an action, not '\''-1'\''" err &&
	test_exit_code 2 trigon board -f mid.trigon --at 3x 2>err &&
	grep "^trigon: --at takes the number of an action, not '\''3x'\''" err
'

test_expect_success 'usage errors exit 2 and print the usage' '
	test_exit_code 2 trigon board -f mid.trigon --color=sometimes 2>err &&
	grep "^trigon: --color takes auto, always or never, not '\''sometimes'\''" err &&
	grep "^usage: trigon board" err &&
	test_exit_code 2 trigon board -f mid.trigon --as red 2>err &&
	grep "^trigon: no player plays '\''red'\'' in '\''mid.trigon'\''" err &&
	test_exit_code 2 trigon board -f mid.trigon extra 2>err &&
	grep "^trigon: too many arguments" err &&
	test_exit_code 2 trigon board -f mid.trigon --frob 2>err &&
	grep "^trigon: unknown option '\''--frob'\''$" err
'

test_expect_success 'a missing or damaged file exits 3 and draws nothing' '
	test_exit_code 3 trigon board -f nosuch.trigon >out 2>err &&
	test_must_be_empty out &&
	grep "^trigon: cannot open .nosuch.trigon." err &&
	sed "s/move 3 knights from psor to ulvdal/move 2 knights from psor to ulvdal/" mid.trigon >bad.trigon &&
	test_exit_code 3 trigon board -f bad.trigon >out 2>err &&
	test_must_be_empty out &&
	grep "^trigon: bad.trigon:[0-9]*: error: bad signature" err
'

test_expect_success '--color=auto: no color into a file or pipe' '
	trigon board -f mid.trigon --color=auto >auto.out &&
	test_cmp mid-80-utf8.out auto.out
'

command -v script >/dev/null && test_set_prereq SCRIPT
test_expect_success SCRIPT '--color=auto on a terminal: color, unless NO_COLOR is set or TERM=dumb' '
	TERM=xterm script -qec "trigon board -f mid.trigon" /dev/null >tty-nocolor &&
	grep Nefelion tty-nocolor &&
	test_must_fail grep -F -f esc tty-nocolor &&
	(unset NO_COLOR && TERM=xterm &&
	 script -qec "trigon board -f mid.trigon" /dev/null >tty-color) &&
	grep -F -f esc tty-color >/dev/null &&
	(NO_COLOR= TERM=xterm &&
	 script -qec "trigon board -f mid.trigon" /dev/null >tty-empty) &&
	grep -F -f esc tty-empty >/dev/null &&
	(unset NO_COLOR && TERM=dumb &&
	 script -qec "trigon board -f mid.trigon" /dev/null >tty-dumb) &&
	test_must_fail grep -F -f esc tty-dumb
'

test_expect_success 'the width: --width N, else $COLUMNS, else 80 columns' '
	trigon board -f mid.trigon --width 80 >w80 &&
	test_cmp mid-80-utf8.out w80 &&
	COLUMNS=132 trigon board -f mid.trigon >cols132 &&
	test_cmp mid-132-utf8.out cols132 &&
	COLUMNS=132 trigon board -f mid.trigon --width 100 >w100 &&
	test_cmp mid-utf8.out w100 &&
	COLUMNS=wide trigon board -f mid.trigon >junk &&
	test_cmp mid-80-utf8.out junk &&
	COLUMNS=20 trigon board -f mid.trigon >narrow &&
	trigon board -f mid.trigon --width 60 >w60 &&
	test_cmp w60 narrow &&
	test $(columns w60) -le 60 &&
	trigon board -f mid.trigon --width 200 >w200 &&
	test $(columns w200) -le 200 &&
	test $(columns w200) -gt 132
'

test_expect_success 'the layout at 60, 76 and 200 columns keeps every spot label once' '
	for w in 60 76 200
	do
		trigon board -f mid.trigon --width $w >lw$w &&
		each_once lw$w labels-utf8 &&
		trigon board -f mid.trigon --width $w --ascii >la$w &&
		each_once la$w labels-ascii || return 1
	done
'

test_expect_success '--width outside 60-200, or not a number, is a usage error' '
	for bad in 59 201 0 -80 80x ""
	do
		test_exit_code 2 trigon board -f mid.trigon --width "$bad" >out 2>err &&
		test_must_be_empty out &&
		grep "^trigon: --width takes a number of columns from 60 to 200, not '\''$bad'\''$" err &&
		grep "^usage: trigon board" err || return 1
	done
'

test_expect_success SCRIPT 'on a terminal the board takes the terminal'\''s width, before $COLUMNS' '
	COLUMNS=132 TERM=xterm script -qec "stty cols 90; trigon board -f mid.trigon --color=never" /dev/null >tty90.raw &&
	tr -d "\r" <tty90.raw >tty90 &&
	trigon board -f mid.trigon --width 90 >w90 &&
	test_cmp w90 tty90 &&
	test_must_fail test_cmp mid-80-utf8.out tty90 &&
	TERM=xterm script -qec "stty cols 250; trigon board -f mid.trigon --color=never" /dev/null >tty250.raw &&
	tr -d "\r" <tty250.raw >tty250 &&
	test_cmp w200 tty250
'

test_expect_success 'set-up (R3.3) and game over (R11.3) are said plainly' '
	new_game setup.trigon $SEED2 --option second-village=yes &&
	trigon board -f setup.trigon >out &&
	cat >expect <<-\EOF &&
	Set-up, before round 1.
	Awaited: green must found a set-up village in Noorland.
	EOF
	grep -A1 "^Set-up" out >actual &&
	test_cmp expect actual &&
	trigon move -f setup.trigon --key keys/green.key resign >/dev/null &&
	trigon board -f setup.trigon >out &&
	grep "^Green (resigned): 0 points = 0$" out &&
	grep "^Purple (winner): 4 points = palace 3 + 1 village 1$" out &&
	grep "^Game over during the set-up: purple has won (last).$" out &&
	test_must_fail grep "^Awaited" out
'

test_expect_success 'a village founded is shown with its card'\''s English gloss; the file keeps the slug (R9.1)' '
	new_game found.trigon $SEED2 --option second-village=yes &&
	order=$(trigon moves -f found.trigon --key keys/green.key | grep "^found at " | head -n 1) &&
	trigon move -f found.trigon --key keys/green.key "$order" >out &&
	grep "^found.trigon:     green founds village 2 at [a-z]*: [a-z-]* ([A-Z][^()]*)$" out >shown &&
	slug=$(sed "s/.*: \([a-z-]*\) (.*/\1/" shown) &&
	gloss=$(sed "s/.* (\(.*\))$/\1/" shown) &&
	sed -n "/^\[village $slug\]/,/^\[/p" "$TRIGON_SRC_DIR/data/trigon/villages.ini" >card &&
	grep "^gloss = $gloss$" card &&
	grep "^#= green founds village 2 at [a-z]*: $slug$" found.trigon &&
	trigon log -f found.trigon >log &&
	grep "^     green founds village 2 at [a-z]*: $slug$" log
'

test_expect_success 'the gloss comes from the game'\''s own villages (--data villages=FILE), not the embedded ones (R9.1)' '
	sed "s/^gloss = \(.*\)$/gloss = Own \1/" \
		"$TRIGON_SRC_DIR/data/trigon/villages.ini" >villages.ini &&
	new_game own.trigon $SEED2 --option second-village=yes \
		--data villages=villages.ini &&
	order=$(trigon moves -f own.trigon --key keys/green.key | grep "^found at " | head -n 1) &&
	trigon move -f own.trigon --key keys/green.key "$order" >out &&
	grep "^own.trigon:     green founds village 2 at [a-z]*: [a-z-]* (Own [A-Z][^()]*)$" out
'

test_done
