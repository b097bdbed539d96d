#!/bin/sh
test_description='trigon stats: the sums of two dice rolled beside their odds, and per seat the cards produced, stolen, robbed and discarded (trigon(1), stats; catan-rules(7), CA14.6), as text, JSON and SVG, counted again here from trigon log'
. "$(dirname "$0")/setup.sh"

# Red, blue and white hold the fixture keys green, purple and yellow.

# count_log LOG: what CA14.6 counts, from the text of trigon log: a line
# "sum N COUNT" for each sum 2-12, then "seat SEAT P S R D" for each seat
# in SEATS (produced, stole, robbed, discarded).  Only the notes of the
# order "roll" give sums and production; steals and discards count
# under any order.
count_log () {
	awk -v seats="$SEATS" '
	/^[0-9]+\. / { roll = ($0 ~ /\): roll$/); next }
	roll && $2 == "rolls" {
		for (i = 3; i < NF; i++)
			if ($i == "=") { v = $(i + 1); sub(/,$/, "", v); n[v]++ }
	}
	roll && $2 == "gets" { for (i = 3; i < NF; i += 2) p[$1] += $i }
	roll && $2 == "picks" && $4 == "(gold)" { p[$1] += $3 }
	$2 == "stole" && $3 == "a" { s[$1]++; r[$NF]++ }
	$2 == "discards" && $3 ~ /^[0-9]+$/ {
		for (i = 3; i < NF; i += 2) d[$1] += $i
	}
	END {
		for (k = 2; k <= 12; k++)
			printf "sum %d %d\n", k, n[k]
		c = split(seats, who, " ")
		for (k = 1; k <= c; k++)
			printf "seat %s %d %d %d %d\n", who[k], p[who[k]] + 0,
			    s[who[k]] + 0, r[who[k]] + 0, d[who[k]] + 0
	}' "$1"
}

test_expect_success 'a fixed game of Catan: 600 random legal actions from seed 1 (play seed 3)' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new c.trigon --rules catan \
		--option first=1 --seed $SEED1 \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
	"$PLAY" c.trigon 600 3 -x resign keys/green.key keys/purple.key \
		keys/yellow.key >played &&
	echo 600 >expect &&
	test_cmp expect played &&
	trigon log c.trigon >log &&
	cp c.trigon c.before
'

test_expect_success 'CA14.6: the expected column is exact: N/36 ways, 1/36 for 2 and 12 up to 6/36 for 7' '
	trigon stats c.trigon >out &&
	sed -n "3,13p" out >rows &&
	cut -c1-18 rows >actual &&
	cat >expect <<-\EOF &&
	  2  1/36   2.78 %
	  3  2/36   5.56 %
	  4  3/36   8.33 %
	  5  4/36  11.11 %
	  6  5/36  13.89 %
	  7  6/36  16.67 %
	  8  5/36  13.89 %
	  9  4/36  11.11 %
	 10  3/36   8.33 %
	 11  2/36   5.56 %
	 12  1/36   2.78 %
	EOF
	test_cmp expect actual
'

test_expect_success 'CA14.6: the rolled counts and the cards by seat are those of trigon log, counted again by awk' '
	SEATS="red blue white" &&
	count_log log >expect &&
	trigon stats c.trigon >out &&
	sed -n "3,13p" out >rows &&
	awk "{ print \"sum\", \$1, \$5 }" rows >actual &&
	sed -n "/^red /,\$p" out >seats &&
	awk "{ print \"seat\", \$1, \$2, \$3, \$4, \$5 }" seats >>actual &&
	test_cmp expect actual &&
	test $(grep -c " rolls [1-6]+[1-6] = " log) = 241 &&
	head -n 1 out >first &&
	echo "Sums of two dice, 241 rolls:" >expect1 &&
	test_cmp expect1 first
'

test_expect_success 'CA14.6: the whole text of the fixed game (the figures of trigon(1))' '
	trigon stats c.trigon >out &&
	cat >expect <<-\EOF &&
	Sums of two dice, 241 rolls:
	sum  expected        rolled
	  2  1/36   2.78 %    11   4.56 %
	  3  2/36   5.56 %    10   4.15 %
	  4  3/36   8.33 %    21   8.71 %
	  5  4/36  11.11 %    32  13.28 %
	  6  5/36  13.89 %    28  11.62 %
	  7  6/36  16.67 %    38  15.77 %
	  8  5/36  13.89 %    32  13.28 %
	  9  4/36  11.11 %    28  11.62 %
	 10  3/36   8.33 %    15   6.22 %
	 11  2/36   5.56 %    16   6.64 %
	 12  1/36   2.78 %    10   4.15 %

	Cards by seat:
	seat          produced  stole  robbed  discarded
	red                 58      5       4         20
	blue                57      4       3          4
	white               67      3       5         12
	EOF
	test_cmp expect out &&
	cmp c.before c.trigon
'

test_expect_success 'CA14.6: stolen cards balance: every card stolen was robbed from someone' '
	trigon stats --json c.trigon >s.json &&
	test $(jq "[.seats[].stole] | add" s.json) = $(jq "[.seats[].robbed] | add" s.json) &&
	test $(jq "[.seats[].stole] | add" s.json) = $(grep -c " stole a card from " log)
'

test_expect_success 'stats --json: the same figures, ways out of 36 exact, the percentages as numbers' '
	trigon stats --json c.trigon >s.json &&
	jq -r ".sums[] | \"sum \\(.sum) \\(.count)\"" s.json >actual &&
	jq -r ".seats[] | \"seat \\(.seat) \\(.produced) \\(.stole) \\(.robbed) \\(.discarded)\"" s.json >>actual &&
	SEATS="red blue white" &&
	count_log log >expect &&
	test_cmp expect actual &&
	jq -r ".sums[] | \"\\(.sum) \\(.ways)\"" s.json >ways &&
	printf "%s\n" "2 1" "3 2" "4 3" "5 4" "6 5" "7 6" "8 5" "9 4" "10 3" \
		"11 2" "12 1" >expect &&
	test_cmp expect ways &&
	test "$(jq -c "[.file, .rules, .rolls, ([.sums[].count] | add)]" s.json)" = "[\"c.trigon\",\"catan\",241,241]" &&
	test "$(jq ".sums[5].expected * 36 / 100 | . * 1000 | round" s.json)" = 6000 &&
	test "$(jq ".sums[0].rolled * 241 / 100 | round" s.json)" = 11 &&
	test "$(jq -c ".seats[0] | [.seat, .player]" s.json)" = "[\"red\",\"Ann\"]"
'

test_expect_success 'stats --svg: well-formed, a bar of each kind for every sum, the counts of the log' '
	trigon stats --svg c.trigon >s.svg &&
	xmllint --noout s.svg &&
	xmllint --xpath "//*[local-name()=\"rect\"][@class=\"rolled\"]/@data-count" s.svg >raw &&
	tr " " "\n" <raw | sed -n "s/^data-count=\"\([0-9]*\)\"$/\1/p" >counts &&
	awk "{ print \$5 }" rows >expect &&
	test_cmp expect counts &&
	xmllint --xpath "count(//*[local-name()=\"rect\"][@class=\"expected\"])" s.svg >n &&
	echo 11 >expect &&
	test_cmp expect n &&
	xmllint --xpath "//*[local-name()=\"rect\"][@class=\"expected\"][@data-sum=\"7\"]/@data-ways" s.svg >w &&
	echo " data-ways=\"6\"" >expect &&
	test_cmp expect w &&
	grep -F ">red: 58, 5, 4, 20</text>" s.svg
'

test_expect_success 'a game before its first roll: every count 0, the expected column still exact' '
	SOURCE_DATE_EPOCH=1700000000 trigon new n.trigon --rules catan \
		--option first=1 --seed $SEED1 \
		--player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" >/dev/null &&
	trigon stats -f n.trigon >out &&
	head -n 1 out >first &&
	echo "Sums of two dice, 0 rolls:" >expect &&
	test_cmp expect first &&
	grep -x "  7  6/36  16.67 %     0   0.00 %" out &&
	grep -x "white                0      0       0          0" out
'

test_expect_success 'CA14.6 in Cities & Knights: the recorded example, rolls "white W red R = S" counted as the log shows them' '
	cp "$TRIGON_SRC_DIR/examples/cities.trigon" k.trigon &&
	trigon log k.trigon >klog &&
	SEATS="red blue white orange" &&
	count_log klog >expect &&
	trigon stats k.trigon >out &&
	sed -n "3,13p" out >rows &&
	awk "{ print \"sum\", \$1, \$5 }" rows >actual &&
	sed -n "/^red /,\$p" out >seats &&
	awk "{ print \"seat\", \$1, \$2, \$3, \$4, \$5 }" seats >>actual &&
	test_cmp expect actual &&
	test $(grep -c " rolls white [1-6] red [1-6] = " klog) = 130 &&
	grep -x "Sums of two dice, 130 rolls:" out
'

test_expect_success 'refused: a rule set without sums of two dice (Rule of Trigon, the Duel), exit 1, nothing on stdout, the file unchanged' '
	cp "$TRIGON_SRC_DIR/examples/game.trigon" g.trigon &&
	cp g.trigon g.before &&
	test_exit_code 1 trigon stats g.trigon >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: g.trigon: Rule of Trigon rolls no sums of two dice: nothing to count" >expect &&
	test_cmp expect err &&
	cmp g.before g.trigon &&
	cp "$TRIGON_SRC_DIR/examples/duel.trigon" d.trigon &&
	test_exit_code 1 trigon stats --json d.trigon >out 2>err &&
	test_must_be_empty out &&
	grep "Catan: Het Duel rolls no sums of two dice" err
'

test_expect_success 'usage errors: --svg with --json, two files; a missing file exits 3' '
	test_exit_code 2 trigon stats --svg --json c.trigon >out 2>err &&
	test_must_be_empty out &&
	grep "^trigon: --svg and --json exclude each other$" err &&
	test_exit_code 2 trigon stats c.trigon n.trigon 2>err &&
	test_exit_code 3 trigon stats nothere.trigon 2>err &&
	grep "nothere.trigon" err
'

test_expect_success 'trigon play: the word stats shows the same text, and help names it, in a game of Catan; Rule of Trigon says it rolls no sums' '
	trigon keygen --no-passphrase >/dev/null 2>&1 &&
	printf "help\nstats\nquit\n" >script &&
	trigon play p.trigon --rules catan --option first=1 --playouts 10 \
		<script >out 2>err &&
	grep "^  stats       the dice sums rolled against their odds$" out &&
	sed -n "/^Sums of two dice, /,/^white /p" out >shown &&
	trigon stats p.trigon >expect &&
	test_cmp expect shown &&
	trigon play t.trigon --playouts 10 <script >out 2>err &&
	! grep "^  stats  " out &&
	grep "^Rule of Trigon rolls no sums of two dice: nothing to count$" out
'

test_done
