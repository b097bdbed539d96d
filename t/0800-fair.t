#!/bin/sh
test_description='fair chance (doc/fair-chance.md): trigon new --chance fair writes format 2, trigon answer joins and releases, verify checks joins, chains, events and blocks and names the first bad line and seat'
. "$(dirname "$0")/setup.sh"

# new_fair FILE: green (Alice) against purple (Bob), chance fair, the
# salt fixed by --seed so that every byte of the file is reproducible.
new_fair () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --chance fair --seed "$SEED1" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" --option shield=all >/dev/null
}

FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"

# answer FILE SEAT...: each seat's client answers what it owes.
answer () {
	an_file=$1
	shift
	for an_seat in "$@"
	do
		trigon answer -f "$an_file" --key "keys/$an_seat.key" >/dev/null || return 1
	done
}

# body FILE: the file without its end line (whoever signed last).
body () {
	grep -v "^end " "$1"
}

test_expect_success 'setup' '
	test_keys
'

test_expect_success 'new --chance fair writes a format-2 header: salt, chance fair, hands open, and awaits every join' '
	new_fair g.trigon &&
	sed -n "1p;4,7p" g.trigon >head &&
	printf "%s\n" "trigon-save 2" \
		"salt $SEED1" \
		"created 2023-11-14T22:13:20Z" \
		"chance fair" "hands open" >expect &&
	test_cmp expect head &&
	tail -n 2 g.trigon >tail &&
	printf "%s\n" start "#? join: green purple" >expect &&
	test_cmp expect tail &&
	! grep "^seed " g.trigon
'

test_expect_success 'the game id names the salt: BLAKE2b-128("trigon-save game id" NUL, salt)' '
	id=$(sed -n "s/^game //p" g.trigon) &&
	perl -e "print \"trigon-save game id\\0\", pack(\"H*\", \$ARGV[0])" $SEED1 >msg &&
	test $(wc -c <msg) = 52 &&
	want=$(b2sum -l 128 msg | cut -d" " -f1) &&
	test "$id" = "$want"
'

test_expect_success 'a new fair game verifies, not started, and says which joins it awaits' '
	test_exit_code 4 trigon verify g.trigon >out &&
	printf "%s\n" "g.trigon: ok so far: not started, by 2 players; incomplete: awaits join (line 12): green purple" \
		"g.trigon: fair chance: no player can foresee or bias a die or a draw (hands open)" >expect &&
	test_cmp expect out &&
	cp g.trigon pinned.trigon && touch -d @1700000100 pinned.trigon &&
	trigon status -f pinned.trigon >out &&
	printf "%s\n" "pinned.trigon: Rule of Trigon, not started" \
		"awaits answers: join (line 12): green purple (trigon answer)" \
		"since 2023-11-14 22:15 UTC at the earliest (this copy'\''s last change); green'\''s timeout may be claimed from 2023-11-17 22:15 UTC (trigon claim)" \
		"fair chance: no player can foresee or bias a die or a draw (hands open)" >expect &&
	test_cmp expect out
'

test_expect_success 'since when: the later of the file'\''s last change and the creation; the timeout from it plus the deadline; status --json says the same in UTC' '
	cp g.trigon old.trigon && touch -d @1600000000 old.trigon &&
	trigon status -f old.trigon >out &&
	grep "^created 2023-11-14T22:13:20Z$" old.trigon &&
	sed -n 3p out >since &&
	echo "since 2023-11-14 22:13 UTC at the earliest (this copy'\''s last change); green'\''s timeout may be claimed from 2023-11-17 22:13 UTC (trigon claim)" >expect &&
	test_cmp expect since &&
	trigon status --json -f pinned.trigon >st.json &&
	jq -c .await.since st.json >out &&
	echo "{\"asked\":\"2023-11-14T22:15:00Z\",\"claim\":{\"seat\":\"green\",\"kind\":\"timeout\",\"from\":\"2023-11-17T22:15:00Z\"}}" >expect &&
	test_cmp expect out
'

test_expect_success 'before every seat joined, no move and no view of the board (exit 1, file unchanged)' '
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/green.key end 2>err &&
	grep "^trigon: g.trigon: the game has not started: it awaits join (line 12): green purple (trigon answer)$" err &&
	test_exit_code 1 trigon board -f g.trigon 2>err &&
	grep "has not started" err &&
	cmp before g.trigon
'

test_expect_success 'answer: green joins with its main key, a signed end line follows' '
	trigon answer -f g.trigon --key keys/green.key >out &&
	grep "^g.trigon: green answered (1 line)$" out &&
	sed -n 13p g.trigon >join &&
	grep -E "^@ green join key=trigon-ed25519:[A-Za-z0-9_-]{43} n=65536 anchor=[A-Za-z0-9_-]{43} commit=[A-Za-z0-9_-]{43} \| [0-9a-f]{16} [A-Za-z0-9_-]{86}$" join &&
	tail -n 1 g.trigon >last &&
	grep -E "^end 0 green [A-Za-z0-9_-]{86}$" last &&
	test_exit_code 4 trigon verify g.trigon >out &&
	grep "incomplete: awaits join (line 12): purple$" out &&
	trigon answer -f g.trigon --key keys/green.key >out &&
	grep "^g.trigon: green owes no answer now; the game awaits join (line 12): purple$" out
'

test_expect_success 'the block field is the chain hash of the lines before the block' '
	head -n 12 g.trigon | b2sum -l 256 | cut -c1-16 >want &&
	sed -n "13s/.* | \([0-9a-f]*\) .*/\1/p" g.trigon >have &&
	test_cmp want have
'

test_expect_success 'purple joins: the rules start, their first event opens (event 1, the turn order of R4.6: no deck is shuffled ahead), purple releases at once' '
	trigon answer -f g.trigon --key keys/purple.key >out &&
	grep "^g.trigon: purple answered (2 lines)$" out &&
	grep "^#? 1 release turn order: green purple$" g.trigon &&
	! grep "^#? .*shuffle" g.trigon &&
	test_exit_code 4 trigon verify g.trigon >out &&
	grep "incomplete: awaits release for event 1, turn order (line 16): green$" out
'

test_expect_success 'green releases: the game has started after one event of both seats, then the start notes (R4.6 turn order; the decks are drawn a card at a time, doc/fair-chance.md)' '
	trigon answer -f g.trigon --key keys/green.key >out &&
	grep "^g.trigon: green answered (1 line)$" out &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 0 moves by 2 players, round 1, [a-z]* to act$" out &&
	! grep incomplete out &&
	grep "^#? [0-9]" g.trigon | cut -d: -f1 >events &&
	printf "%s\n" "#? 1 release turn order" >expect &&
	test_cmp expect events &&
	grep "^#= round 1$" g.trigon &&
	cp g.trigon started.trigon &&
	trigon answer -f g.trigon --key keys/green.key >out &&
	grep "^g.trigon: green owes no answer now$" out
'

test_expect_success 'the block'\''s answers stand in canonical order: seat, then kind, then event' '
	grep "^@ " g.trigon | cut -d" " -f2,3,4 | sed "s/ [^ ]*=.*//" >order &&
	printf "%s\n" "green join" "green release 1" "purple join" "purple release 1" >expect &&
	test_cmp expect order
'

test_expect_success 'answers commute: the clients in the other order write the same block, byte for byte (all but the end line)' '
	new_fair h.trigon &&
	answer h.trigon purple green purple green purple green purple green purple green &&
	body g.trigon >a && body h.trigon >b &&
	test_cmp a b
'

test_expect_success 'answer keeps the comment lines that follow the answers of an open block, after the lines the answers produce' '
	new_fair c.trigon &&
	answer c.trigon green &&
	head -n -1 c.trigon >c2 &&
	echo "# green: back on Monday" >>c2 &&
	"$FAIRSIGN" --end keys/green.key c2 0 >endl &&
	cat endl >>c2 && mv c2 c.trigon &&
	test_exit_code 4 trigon verify c.trigon >out &&
	trigon answer -f c.trigon --key keys/purple.key >out &&
	grep "^c.trigon: purple answered (2 lines)$" out &&
	tail -n 3 c.trigon | cut -d" " -f1-3 >tail3 &&
	printf "%s\n" "#? 1 release" "# green: back" "end 0 purple" >expect &&
	test_cmp expect tail3 &&
	test_exit_code 4 trigon verify c.trigon >out &&
	grep "incomplete: awaits release for event 1, turn order (line 16): green$" out
'

test_expect_success 'new --chance fair --key: the creator joins with the header (doc/fair-chance.md), the same bytes as new and then answer' '
	SOURCE_DATE_EPOCH=1700000000 trigon new j.trigon --chance fair --seed "$SEED1" --key keys/green.key \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" --option shield=all >out &&
	grep "; fair chance: green joined; awaits join (line 12): purple (each runs trigon answer)$" out &&
	new_fair j2.trigon && answer j2.trigon green &&
	cmp j.trigon j2.trigon &&
	test_exit_code 4 trigon verify j.trigon >out &&
	grep "incomplete: awaits join (line 12): purple$" out
'

test_expect_success 'new --chance fair: the configured key joins when it is a player'\''s; another key given is refused (exit 2, no file); no key, nobody joins' '
	mkdir -p home &&
	printf "[player]\nkey = %s/keys/purple.key\n" "$PWD" >home/config &&
	TRIGON_HOME=$PWD/home SOURCE_DATE_EPOCH=1700000000 trigon new p.trigon --chance fair --seed "$SEED1" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" --option shield=all >out &&
	grep "; fair chance: purple joined; awaits join (line 12): green " out &&
	grep -c "^@ purple join " p.trigon >n && test $(cat n) = 1 &&
	test_exit_code 2 trigon new q.trigon --chance fair --key keys/white.key \
		--player "green:Alice:$(cat keys/green.key.pub)" --player "purple:Bob:keys/purple.key.pub" 2>err &&
	grep "no player.s key in this game" err &&
	! test -e q.trigon &&
	printf "[player]\nkey = %s/keys/white.key\n" "$PWD" >home/config &&
	TRIGON_HOME=$PWD/home trigon new q.trigon --chance fair \
		--player "green:Alice:$(cat keys/green.key.pub)" --player "purple:Bob:keys/purple.key.pub" >out &&
	! grep "^@ " q.trigon &&
	grep "fair chance: awaits join (line [0-9]*): green purple (each runs trigon answer)$" out
'

test_expect_success 'new --chance fair refuses what the rules refuse, as open mode does, before anyone joins: an unknown option, exit 2, no file' '
	test_exit_code 2 trigon new bad.trigon --chance fair --option bogus=1 \
		--player "green:Alice:$(cat keys/green.key.pub)" --player "purple:Bob:keys/purple.key.pub" 2>err &&
	grep "^trigon: the rules refuse this game: unknown option .bogus. (known: " err &&
	! test -e bad.trigon
'

test_expect_success 'the same game in open mode: format 1, byte for byte as without --chance' '
	SOURCE_DATE_EPOCH=1700000000 trigon new o1.trigon --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" --player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	SOURCE_DATE_EPOCH=1700000000 trigon new o2.trigon --chance open --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" --player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	cmp o1.trigon o2.trigon &&
	sed -n 1p o1.trigon >v && echo "trigon-save 1" >expect && test_cmp expect v &&
	test_exit_code 2 trigon new o3.trigon --chance closed \
		--player "green:Alice:$(cat keys/green.key.pub)" --player "purple:Bob:keys/purple.key.pub" 2>err &&
	grep "chance takes open or fair, not .closed." err
'

# fair_turns FILE N: N actions, each the first legal action of the seat
# to act, preferring "end"; after each, both clients answer.
fair_turns () {
	ft_i=0
	while test $ft_i -lt $2
	do
		ft_c=$(to_act "$1") &&
		trigon moves -f "$1" --key keys/$ft_c.key >legal &&
		if grep -qx end legal; then ft_a=end; else ft_a=$(sed -n 1p legal); fi &&
		trigon move -f "$1" --key keys/$ft_c.key "$ft_a" >/dev/null &&
		answer "$1" green purple || return 1
		ft_i=$((ft_i + 1))
	done
}

test_expect_success 'a fair game is played with move and answer: round 2 opens its turn-order roll after the last end (an event of both seats)' '
	fair_turns g.trigon 12 &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 12 moves by 2 players, round [0-9]*, [a-z]* to act$" out &&
	grep -c "^#? [0-9]* release " g.trigon >n &&
	test $(cat n) -ge 2 &&
	grep "^#? 2 release " g.trigon &&
	grep "^@ green release 2 " g.trigon &&
	grep "^@ purple release 2 " g.trigon &&
	cp g.trigon two.trigon
'

test_expect_success 'a move that opens an event: the mover releases at once (doc/fair-chance.md), the other seat is awaited, no move may follow (exit 1, nothing written)' '
	cp g.trigon w.trigon &&
	while :
	do
		c=$(to_act w.trigon) &&
		trigon moves -f w.trigon --key keys/$c.key >legal &&
		if grep -qx end legal; then a=end; else a=$(sed -n 1p legal); fi &&
		trigon move -f w.trigon --key keys/$c.key "$a" >mv || return 1
		grep -q "released at once" mv && break
		answer w.trigon green purple || return 1
	done &&
	o=$(other $c) &&
	grep "^w.trigon: $c released at once (1 answer line)$" mv &&
	grep "^w.trigon: waiting for answers: release for event [0-9]*, .*: $o (trigon answer)$" mv &&
	tail -n 3 w.trigon | cut -d" " -f1-3 >tail3 &&
	grep "^#? [0-9]* release$" tail3 &&
	grep "^@ $c release$" tail3 &&
	grep "^end [0-9]* $c$" tail3 &&
	test_exit_code 4 trigon verify w.trigon >out &&
	grep "incomplete: awaits release for event [0-9]*, .*: $o$" out &&
	cp w.trigon before &&
	test_exit_code 1 trigon move -f w.trigon --key keys/$c.key end 2>err &&
	grep "no move may follow yet: the game awaits release for event" err &&
	cmp before w.trigon &&
	answer w.trigon $o &&
	trigon verify w.trigon >out &&
	! grep incomplete out
'

test_expect_success 'every view says fair chance and who is awaited for a release: board, log, games, mail (subject and body), play' '
	o=$(other $c) &&
	FAIR="fair chance: no player can foresee or bias a die or a draw (hands open)" &&
	trigon board -f before >out &&
	tail -n 3 out >last2 &&
	tail -n 1 out | grep "^since [-0-9]* [0-9:]* UTC at the earliest (this copy'\''s last change); $o'\''s timeout may be claimed from [-0-9]* [0-9:]* UTC (trigon claim)$" &&
	sed -n "s/^awaits answers: release for event \([0-9]*\), .*: \([a-z]*\) (trigon answer)$/\1 \2/p" last2 >who &&
	echo "$(sed -n "s/^#? \([0-9]*\) release .*/\1/p" before | tail -n 1) $o" >expect &&
	test_cmp expect who &&
	head -n 1 last2 >mode && echo "$FAIR" >expect && test_cmp expect mode &&
	trigon log -f before >out &&
	tail -n 3 out | head -n 1 >mode && test_cmp expect mode &&
	tail -n 2 out | head -n 1 | grep "^awaits answers: release for event [0-9]*, .*: $o (trigon answer)$" &&
	tail -n 1 out | grep "^since .*; $o'\''s timeout may be claimed from " &&
	mkdir -p gl && cp before gl/w.trigon &&
	trigon games --key keys/$o.key gl >out &&
	grep "^gl/w.trigon: Rule of Trigon, fair chance; seats .*; awaits your answer (trigon answer): release for event [0-9]*, .*: $o; since " out &&
	trigon games --key keys/$c.key gl >out &&
	grep "^gl/w.trigon: Rule of Trigon, fair chance; seats .*; awaits answers: release for event [0-9]*, .*: $o; since " out &&
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f before --key keys/green.key --to x@example.org --since $(($(grep -c "^[0-9]* [a-z]* " before) - 1)) >m.eml &&
	sed "/^$/q" m.eml | awk "/^[ \t]/ { sub(/^[ \t]+/, \" \"); h = h \$0; next } { if (h != \"\") print h; h = \$0 } END { print h }" >headers &&
	grep "^Subject: \[trigon [0-9a-f]*\] move [0-9]*\( by $c\)\?; fair chance; awaits answers from $o ([a-z ]*) since [-0-9]* [0-9:]* UTC; next: " headers &&
	grep "^fair chance: no player can foresee or bias a die or a draw (hands open)$" m.eml &&
	grep "^awaits answers: release for event [0-9]*, .*: $o (trigon answer)$" m.eml &&
	grep "^since [-0-9]* [0-9:]* UTC at the earliest (this copy'\''s last change); $o'\''s timeout may be claimed from [-0-9]* [0-9:]* UTC (trigon claim)$" m.eml &&
	cp before pl.trigon &&
	trigon play pl.trigon --key keys/$c.key </dev/null >out 2>err &&
	printf "%s\n" "pl.trigon: $FAIR" "pl.trigon: awaits answers: $(sed -n "s/^awaits answers: \(.*\) (trigon answer)$/\1/p" last2); their clients answer (trigon answer, apply, sync): run '\''trigon play pl.trigon'\'' again then" >expect &&
	test_cmp expect out &&
	cmp before pl.trigon &&
	trigon play pl.trigon --key keys/$o.key </dev/null >out 2>err &&
	head -n 2 out >first &&
	printf "%s\n" "pl.trigon: $FAIR" "pl.trigon: $o answered (1 line)" >expect && test_cmp expect first &&
	trigon verify pl.trigon >out &&
	! grep incomplete out
'

test_expect_success 'known answers from trigon-save(5) alone: each seat'\''s release 1 links to its anchor, release 2 to release 1' '
	python3 - two.trigon >out <<-\EOF &&
	import base64, hashlib, re, sys
	lines = open(sys.argv[1]).read().split("\n")
	gid = bytes.fromhex(lines[2].split()[1])
	def b64(s): return base64.urlsafe_b64decode(s + "=")
	last = {}
	for l in lines:
	    m = re.match(r"@ (\S+) join .* anchor=(\S+) ", l)
	    if m: last[m.group(1)] = b64(m.group(2))
	for l in lines:
	    m = re.match(r"@ (\S+) release ([12]) (\S+) ", l)
	    if m:
	        seat, k, v = m.group(1).encode(), int(m.group(2)), b64(m.group(3))
	        h = hashlib.blake2b(b"trigon-fair v1 chain\0" + gid + bytes([len(seat)]) + seat + k.to_bytes(4, "big") + v, digest_size=32).digest()
	        print(m.group(1), k, "links" if h == last[m.group(1)] else "BROKEN")
	        last[m.group(1)] = v
	EOF
	printf "%s\n" "green 1 links" "green 2 links" "purple 1 links" "purple 2 links" >expect &&
	sort out >sorted &&
	test_cmp expect sorted
'

# The tamper table of doc/fair-chance.md, the rows stage 1 has: each
# forgery is caught by verify (exit 1) and named by its line and seat.
# started.trigon: lines 13-14 green's join and release 1, 15-16
# purple's; two.trigon has event 2 (round 2's turn order) too.  forge
# FILE LINE KEY BODY puts at LINE the answer BODY signed by KEY's seat as
# trigon-save(5) says (t/helpers/fairsign); line_of FILE RE: the line
# number of the first line that matches RE.
forge () {
	fg_line=$("$FAIRSIGN" $5 "$3" "$1" "$2" "$4") &&
	awk -v n="$2" -v l="$fg_line" "NR == n { print l; next } { print }" "$1" >forged &&
	mv forged "$1"
}
line_of () {
	grep -n "$2" "$1" | sed -n "1s/:.*//p"
}

test_expect_success 'tamper setup: the lines of the start block are where the tests say' '
	sed -n "13,16p" started.trigon | cut -d" " -f2-4 | sed "s/ [^ ]*=.*//" >order &&
	printf "%s\n" "green join" "green release 1" "purple join" "purple release 1" >expect &&
	test_cmp expect order &&
	test "$("$FAIRSIGN" --chain keys/purple.key started.trigon - 1)" = "$(sed -n "16s/^@ purple release 1 \([^ ]*\) .*/\1/p" started.trigon)" &&
	cp started.trigon t.trigon && forge t.trigon 16 keys/purple.key "release 1 $("$FAIRSIGN" --chain keys/purple.key started.trigon - 1)" &&
	cmp started.trigon t.trigon &&
	n=$(line_of two.trigon "^@ purple release 2 ") &&
	cp two.trigon t.trigon && forge t.trigon $n keys/purple.key "release 2 $("$FAIRSIGN" --chain keys/purple.key two.trigon - 2)" &&
	cmp two.trigon t.trigon
'

test_expect_success 'tamper: a release that is not the preimage of the previous value (a later chain position) is named' '
	cp two.trigon t.trigon &&
	n=$(line_of two.trigon "^@ purple release 2 ") &&
	forge t.trigon $n keys/purple.key "release 2 $("$FAIRSIGN" --chain keys/purple.key two.trigon - 3)" &&
	expect_bad t.trigon $n "purple.s release 2 does not hash to its previous value (chain position 2)$"
'

test_expect_success 'tamper: two releases swapped between events 1 and 2 (each re-signed) are caught at the first' '
	cp two.trigon t.trigon &&
	n=$(line_of two.trigon "^@ green release 2 ") &&
	forge t.trigon $n keys/green.key "release 2 $("$FAIRSIGN" --chain keys/green.key two.trigon - 1)" &&
	forge t.trigon 14 keys/green.key "release 1 $("$FAIRSIGN" --chain keys/green.key two.trigon - 2)" &&
	expect_bad t.trigon 14 "green.s release 1 does not hash to its previous value"
'

test_expect_success 'tamper: a release for an event that is not open is no answer' '
	cp started.trigon t.trigon &&
	"$FAIRSIGN" keys/purple.key started.trigon 16 "release 2 $("$FAIRSIGN" --chain keys/purple.key started.trigon - 2)" >extra &&
	sed "16r extra" started.trigon >t.trigon &&
	expect_bad t.trigon 17 "no await for purple here: event 2 is not open$"
'

test_expect_success 'tamper: a release copied from another game (another salt) stands in the wrong block' '
	SOURCE_DATE_EPOCH=1700000000 trigon new k.trigon --chance fair --seed "$SEED2" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" --option shield=all >/dev/null &&
	answer k.trigon green purple green &&
	other=$(grep "^@ purple release 1 " k.trigon) &&
	awk -v l="$other" "NR == 16 { print l; next } { print }" started.trigon >t.trigon &&
	expect_bad t.trigon 16 "purple.s release is signed for block [0-9a-f]*, but it stands in block [0-9a-f]*$"
'

test_expect_success 'tamper: an answer moved to another block is refused (it names the block it was signed for)' '
	n=$(wc -l <before) &&
	sed -n "$((n - 1))p" before | grep "^@ [a-z]* release " &&
	l=$(sed -n 16p started.trigon) &&
	b=$(sed -n "16s/.* | \([0-9a-f]*\) .*/\1/p" started.trigon) &&
	awk -v n=$((n - 1)) -v l="$l" "NR == n { print l; next } { print }" before >m.trigon &&
	expect_bad m.trigon $((n - 1)) "purple.s release is signed for block $b, but it stands in block [0-9a-f]*$"
'

test_expect_success 'tamper: green'\''s release signed by purple'\''s key is a bad signature' '
	sed -n 16p started.trigon | sed "s/^@ purple /@ green /" >l &&
	awk -v l="$(cat l)" "NR == 14 { print l; next } { print }" started.trigon >t.trigon &&
	expect_bad t.trigon 14 "bad signature: this release is not signed by green.s answer key or main key$"
'

test_expect_success 'tamper: a join with another seat'\''s anchor, signed by its own main key, is refused' '
	cp started.trigon t.trigon &&
	ga=$(sed -n "13s/.* anchor=\([^ ]*\) .*/\1/p" started.trigon) &&
	body=$(sed -n "15s/^@ purple \(join [^|]*\) | .*/\1/p" started.trigon | sed "s/anchor=[^ ]*/anchor=$ga/") &&
	forge t.trigon 15 keys/purple.key "$body" --main &&
	expect_bad t.trigon 15 "purple.s join repeats green.s anchor$"
'

test_expect_success 'tamper: a join signed with the answer key, not the main key, is refused' '
	cp started.trigon t.trigon &&
	body=$(sed -n "15s/^@ purple \(join [^|]*\) | .*/\1/p" started.trigon) &&
	forge t.trigon 15 keys/purple.key "$body" &&
	expect_bad t.trigon 15 "bad signature: this join is not signed by purple.s main key$"
'

test_expect_success 'tamper: a second join (the same line twice), answers out of canonical order' '
	sed "15p" started.trigon >t.trigon &&
	expect_bad t.trigon 16 "the same answer twice (line 15)$" &&
	sed -n "14p" started.trigon >l14 &&
	sed "14d; 15r l14" started.trigon >t.trigon &&
	expect_bad t.trigon 15 "out of order: green.s release must come before line 14"
'

test_expect_success 'tamper: a file cut inside a block (purple'\''s release 1 dropped, and what follows it) is refused: no signed end line' '
	grep -v "^@ purple release 1 " started.trigon | sed "/^#? 1 release/q" >cut.trigon &&
	test_exit_code 1 trigon verify cut.trigon 2>err &&
	grep "no signed end line after the answers" err
'

test_expect_success 'tamper: format 1'\''s checks hold in format 2: an action line changed after signing' '
	n=$(grep -n "^[0-9]* [a-z]* " g.trigon | sed -n 1p | cut -d: -f1) &&
	sed "${n}s/ | \([0-9a-f]*\) \(.\)/ | \1 A/" g.trigon >t.trigon &&
	! cmp g.trigon t.trigon &&
	expect_bad t.trigon $n "bad signature"
'

test_done
