#!/bin/sh
test_description='tampering with a fair file (doc/fair-chance.md): the stage-1 rows t/0800 does not have, each caught by verify (exit 1) and named by its line and seat'
. "$(dirname "$0")/setup.sh"

PREDICT="$TRIGON_BUILD_DIR/t/helpers/predict"
FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"

# forge FILE LINE KEY BODY [--main]: LINE of FILE replaced by the answer
# BODY signed by KEY's seat for LINE's block (t/helpers/fairsign).
forge () {
	fg_line=$("$FAIRSIGN" $5 "$3" "$1" "$2" "$4") &&
	awk -v n="$2" -v l="$fg_line" "NR == n { print l; next } { print }" "$1" >forged &&
	mv forged "$1"
}

# insert FILE LINE KEY BODY [--main]: the signed answer put before LINE.
insert () {
	in_line=$("$FAIRSIGN" $5 "$3" "$1" "$2" "$4") &&
	awk -v n="$2" -v l="$in_line" "NR == n { print l } { print }" "$1" >forged &&
	mv forged "$1"
}

# chain KEY FILE K: the key's seat's chain value c[K].
chain () {
	"$FAIRSIGN" --chain "$1" "$2" - "$3"
}

test_expect_success 'setup: a fair game of two, started and played on with every seat answering; one of four' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --chance fair --seed "$SEED1" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" --option shield=all >/dev/null &&
	"$PREDICT" play g.trigon 0 1 keys/green.key keys/purple.key >n &&
	cp g.trigon started.trigon &&
	"$PREDICT" play g.trigon 120 3 keys/green.key keys/purple.key >n &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 120 moves" out &&
	grep "^@ purple release [5-9] " g.trigon &&
	SOURCE_DATE_EPOCH=1700000000 trigon new q.trigon --chance fair --seed "$SEED2" \
		--player "green:A:$(cat keys/green.key.pub)" --player "purple:B:keys/purple.key.pub" \
		--player "yellow:C:keys/yellow.key.pub" --player "white:D:keys/white.key.pub" >/dev/null &&
	"$PREDICT" play q.trigon 300 7 keys/green.key keys/purple.key keys/yellow.key keys/white.key >n &&
	trigon verify q.trigon >out &&
	grep "^q.trigon: ok: " out
'

test_expect_success 'tamper: a release with a value of no chain (not the preimage of the previous value) is named' '
	cp g.trigon t.trigon &&
	n=$(line_no t.trigon "^@ purple release 2 ") &&
	forge t.trigon $n keys/purple.key "release 2 AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8" &&
	expect_bad t.trigon $n "purple.s release 2 does not hash to its previous value (chain position 2)$"
'

test_expect_success 'tamper: a release copied from another game and signed again for this block is not the preimage' '
	SOURCE_DATE_EPOCH=1700000000 trigon new k.trigon --chance fair --seed "$SEED2" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" --option shield=all >/dev/null &&
	"$PREDICT" play k.trigon 0 1 keys/green.key keys/purple.key >n &&
	v=$(sed -n "s/^@ purple release 1 \([^ ]*\) .*/\1/p" k.trigon) &&
	test -n "$v" &&
	test "$v" != "$(chain keys/purple.key started.trigon 1)" &&
	cp started.trigon t.trigon &&
	n=$(line_no t.trigon "^@ purple release 1 ") &&
	forge t.trigon $n keys/purple.key "release 1 $v" &&
	expect_bad t.trigon $n "purple.s release 1 does not hash to its previous value (chain position 1)$"
'

test_expect_success 'tamper: a release for a closed event (event 1 again, in a later block) is no answer' '
	cp g.trigon t.trigon &&
	n=$(line_no t.trigon "^@ purple release [2-9] ") &&
	insert t.trigon $n keys/purple.key "release 1 $(chain keys/purple.key g.trigon 1)" &&
	expect_bad t.trigon $n "no await for purple here: event 1 (turn order) has its release$"
'

test_expect_success 'tamper: a release from a seat the event does not ask (a battle of two among four) is no answer' '
	grep -n -m1 "^#? [0-9]* release battle at [a-z]*: [a-z]* [a-z]*$" q.trigon >b &&
	n=$(cut -d: -f1 b) &&
	ev=$(sed "s/^[0-9]*:#? \([0-9]*\) .*/\1/" b) &&
	where=$(sed "s/.*release \(battle at [a-z]*\): .*/\1/" b) &&
	for c in green purple yellow white
	do
		grep -q "[: ]$c\( \|$\)" b || break
	done &&
	! grep -q "[: ]$c\( \|$\)" b &&
	cp q.trigon t.trigon &&
	insert t.trigon $((n + 1)) keys/$c.key "release $ev $(chain keys/$c.key q.trigon 7)" &&
	expect_bad t.trigon $((n + 1)) "no await for $c here: event $ev ($where) does not ask it$"
'

# A forged join is checked when its block is read; it is put last in
# the join block (after green's join, as purple's client would write it
# before its releases), where nothing signed with its key follows.
test_expect_success 'tamper: a join whose answer key repeats another seat'\''s is refused, naming both' '
	SOURCE_DATE_EPOCH=1700000000 trigon new j.trigon --chance fair --seed "$SEED1" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" --option shield=all >/dev/null &&
	trigon answer -f j.trigon --key keys/green.key >out &&
	grep -v "^end " j.trigon >j1.trigon &&
	trigon answer -f j.trigon --key keys/purple.key >out &&
	n=$(line_no j.trigon "^@ purple join ") &&
	test $n = $(($(wc -l <j1.trigon) + 1)) &&
	gk=$(sed -n "s/^@ green join key=\([^ ]*\) .*/\1/p" j.trigon) &&
	body=$(sed -n "${n}s/^@ purple \(join [^|]*\) | .*/\1/p" j.trigon | sed "s/key=[^ ]*/key=$gk/") &&
	cp j1.trigon t.trigon &&
	"$FAIRSIGN" --main keys/purple.key j.trigon $n "$body" >>t.trigon &&
	expect_bad t.trigon $n "purple.s join repeats green.s answer key$"
'

test_expect_success 'tamper: a join whose answer key is a main key (which may sign moves) is refused' '
	n=$(line_no j.trigon "^@ purple join ") &&
	body=$(sed -n "${n}s/^@ purple \(join [^|]*\) | .*/\1/p" j.trigon | sed "s/key=[^ ]*/key=$(cat keys/green.key.pub)/") &&
	cp j1.trigon t.trigon &&
	"$FAIRSIGN" --main keys/purple.key j.trigon $n "$body" >>t.trigon &&
	expect_bad t.trigon $n "purple.s answer key is green.s main key$"
'

test_expect_success 'tamper: a second join in a later block is refused, naming the first' '
	cp g.trigon t.trigon &&
	j=$(line_no t.trigon "^@ purple join ") &&
	body=$(sed -n "${j}s/^@ purple \(join [^|]*\) | .*/\1/p" g.trigon) &&
	n=$(line_no t.trigon "^@ purple release [5-9] ") &&
	insert t.trigon $n keys/purple.key "$body" --main &&
	expect_bad t.trigon $n "a second join by purple (it joined at line $j)$"
'

test_expect_success 'tamper: an await line (#?) changed is a false annotation' '
	n=$(line_no g.trigon "^#\? [5-9] release ") &&
	sed "${n}s/ purple$/ green/" g.trigon >t.trigon &&
	! cmp g.trigon t.trigon &&
	expect_bad t.trigon $n "false annotation: the replay says .#? [5-9] release "
'

test_expect_success 'tamper: an account line (#=) of a fair event changed is a false annotation' '
	n=$(line_no g.trigon "^#= round 2$") &&
	sed "${n}s/round 2/round 3/" g.trigon >t.trigon &&
	expect_bad t.trigon $n "false annotation: the replay says .#= round 2.$"
'

test_expect_success 'tamper: the end line signed by another seat'\''s key, or altered, is a bad signature' '
	n=$(wc -l <g.trigon) &&
	last=$(tail -n 1 g.trigon) &&
	seat=$(echo "$last" | cut -d" " -f3) &&
	o=$(other $seat) &&
	sed "${n}s/^end \([0-9]*\) $seat /end \1 $o /" g.trigon >t.trigon &&
	expect_bad t.trigon $n "bad signature on the end line" &&
	awk -v n=$n "NR == n { i = length(\$0) - 40; c = substr(\$0, i, 1);
		\$0 = substr(\$0, 1, i - 1) (c == \"A\" ? \"B\" : \"A\") substr(\$0, i + 1) } { print }" g.trigon >t.trigon &&
	! cmp g.trigon t.trigon &&
	expect_bad t.trigon $n "bad signature on the end line"
'

test_done
