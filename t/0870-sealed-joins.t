#!/bin/sh
test_description='sealed hands, the header and the joins (trigon-save(5), Sealed hands; doc/sealed-hands.md 8.6, step 1): a format-2 header may say hands sealed; every join then carries its ElGamal key y= with its proof pok=, checked; after the last join the sealed-deck table is set up and Rule of Trigon declares its sealed play deck'
. "$(dirname "$0")/setup.sh"

FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"

# new_sealed FILE [SALT]: a fair game of green (Alice) against purple (Bob)
# whose header says "hands sealed" (trigon new writes "hands open"
# until a rule set deals sealed hands: nothing is signed before the
# first join, so the header may be changed here).
new_sealed () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1.open" --chance fair --seed "${2:-$SEED1}" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	sed "s/^hands open$/hands sealed/" "$1.open" >"$1" &&
	rm "$1.open"
}

# forge FILE LINE KEY BODY [--main]: line LINE of FILE replaced by
# KEY's seat's answer BODY, signed as trigon-save(5) says (t/0800).
forge () {
	fg_line=$("$FAIRSIGN" $5 "$3" "$1" "$2" "$4") &&
	awk -v n="$2" -v l="$fg_line" "NR == n { print l; next } { print }" "$1" >forged &&
	mv forged "$1"
}

# join_body FILE LINE: the signed body of the join at LINE.
join_body () {
	sed -n "$2s/^@ [a-z]* \(join [^|]*\) | .*/\1/p" "$1"
}

test_expect_success 'setup' '
	test_keys
'

test_expect_success 'a header with hands sealed is read: a new game awaits every join and says hands sealed' '
	new_sealed g.trigon &&
	sed -n 7p g.trigon >hands &&
	echo "hands sealed" >expect &&
	test_cmp expect hands &&
	test_exit_code 4 trigon verify g.trigon >out &&
	printf "%s\n" "g.trigon: ok so far: not started, by 2 players; incomplete: awaits join (line 12): green purple" \
		"g.trigon: fair chance: no player can foresee or bias a die or a draw (hands sealed)" >expect &&
	test_cmp expect out
'

test_expect_success 'any other hands line is refused at its line (format 2 knows open and sealed)' '
	sed "s/^hands sealed$/hands closed/" g.trigon >t.trigon &&
	expect_bad t.trigon 7 "expected .hands open. or .hands sealed.$"
'

test_expect_success 'answer: green joins with y= and pok= (trigon-save(5), ElGamal key), and its proof holds' '
	trigon answer -f g.trigon --key keys/green.key >out &&
	grep "^g.trigon: green answered (1 line)$" out &&
	sed -n 13p g.trigon >join &&
	grep -E "^@ green join key=trigon-ed25519:[A-Za-z0-9_-]{43} n=65536 anchor=[A-Za-z0-9_-]{43} commit=[A-Za-z0-9_-]{43} y=[A-Za-z0-9_-]{43} pok=[A-Za-z0-9_-]{86} \| [0-9a-f]{16} [A-Za-z0-9_-]{86}$" join &&
	test_exit_code 4 trigon verify g.trigon >out &&
	grep "incomplete: awaits join (line 12): purple$" out &&
	cp g.trigon joined1.trigon
'

test_expect_success 'the same joins with open hands carry no y= and no pok= (an open game'\''s bytes do not change)' '
	sed "s/^hands sealed$/hands open/" joined1.trigon | sed -n 1,12p >o.trigon &&
	trigon answer -f o.trigon --key keys/green.key >/dev/null &&
	trigon answer -f o.trigon --key keys/purple.key >/dev/null &&
	sed -n "13,14p" o.trigon >ojoins &&
	grep -c "^@ [a-z]* join " ojoins >n &&
	echo 2 >expect && test_cmp expect n &&
	! grep " y=" ojoins &&
	! grep " pok=" ojoins &&
	test_exit_code 4 trigon verify o.trigon >out &&
	grep "awaits release for event 1" out
'

# purple_join FILE BODY: FILE is joined1.trigon with purple'\''s join
# BODY after green'\''s, signed by purple'\''s main key, and a signed end.
purple_join () {
	sed -n 1,13p joined1.trigon >"$1" &&
	"$FAIRSIGN" --main keys/purple.key "$1" 14 "$2" >>"$1" &&
	"$FAIRSIGN" --end keys/purple.key "$1" 0 >>"$1"
}

test_expect_success 'refused: a join without y= and pok= where hands are sealed, at its line' '
	purple_join t.trigon "$(join_body o.trigon 14)" &&
	expect_bad t.trigon 14 "purple.s join carries no y= and pok=, which sealed hands require$"
'

test_expect_success 'refused: green'\''s y= and pok= copied into purple'\''s join (the proof binds the seat)' '
	gy=$(sed -n "13s/.*\( y=[^ ]* pok=[^ ]*\) | .*/\1/p" joined1.trigon) &&
	test -n "$gy" &&
	purple_join t.trigon "$(join_body o.trigon 14)$gy" &&
	expect_bad t.trigon 14 "purple.s join: bad proof of knowledge for purple$"
'

test_expect_success 'refused: a proof of knowledge altered (its s replaced by its c)' '
	cp joined1.trigon t.trigon &&
	c=$(sed -n "13s/.* pok=\([A-Za-z0-9_-]\{43\}\).*/\1/p" joined1.trigon) &&
	body=$(join_body joined1.trigon 13 | sed "s/ pok=[^ ]*/ pok=$c$c/") &&
	forge t.trigon 13 keys/green.key "$body" --main &&
	expect_bad t.trigon 13 "green.s join: bad proof of knowledge for green$"
'

test_expect_success 'refused: a rogue key (green'\''s key of another game, kept with this game'\''s proof)' '
	new_sealed x.trigon "$SEED2" &&
	trigon answer -f x.trigon --key keys/green.key >/dev/null &&
	oy=$(sed -n "13s/.* y=\([^ ]*\) .*/\1/p" x.trigon) &&
	gy=$(sed -n "13s/.* y=\([^ ]*\) .*/\1/p" joined1.trigon) &&
	test -n "$oy" && test "$oy" != "$gy" &&
	cp joined1.trigon t.trigon &&
	forge t.trigon 13 keys/green.key "$(join_body joined1.trigon 13 | sed "s/ y=[^ ]*/ y=$oy/")" --main &&
	expect_bad t.trigon 13 "green.s join: bad proof of knowledge for green$"
'

test_expect_success 'purple'\''s join completes the joins: the table is set up with both keys, and Rule of Trigon declares its sealed play deck (trigon-rules(7), R13.1): purple shuffles it at once, green'\''s shuffle is awaited' '
	trigon answer -f joined1.trigon --key keys/purple.key >out &&
	grep "^joined1.trigon: purple answered (2 lines)$" out &&
	grep "^#? sealed play 0 n=38: purple green$" joined1.trigon &&
	grep "^@ purple shuffle play 0 +[0-9]* | " joined1.trigon &&
	test_exit_code 4 trigon verify joined1.trigon >out &&
	grep "incomplete: awaits the shuffle of play 0 by green$" out
'

test_done
