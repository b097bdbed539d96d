#!/bin/sh
test_description='fair chance, the audit (doc/fair-chance.md): when the game is over every seat reveals its secret S; verify checks it against the join (commitment, anchor) and every value the seat released, names a wrong one by line and seat, and says "fully audited" only when every seat is'
. "$(dirname "$0")/setup.sh"

FAIRSIGN="$TRIGON_BUILD_DIR/t/helpers/fairsign"

# forge FILE LINE KEY BODY: the answer BODY at LINE, signed by KEY's
# seat as trigon-save(5) says (t/helpers/fairsign).
forge () {
	fg_line=$("$FAIRSIGN" "$3" "$1" "$2" "$4") &&
	awk -v n="$2" -v l="$fg_line" "NR == n { print l; next } { print }" "$1" >forged &&
	mv forged "$1"
}

test_expect_success 'setup: a fair game of green and purple, joined and started by the clients' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new g.trigon --chance fair --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	for i in 1 2 3 4 5
	do
		trigon answer -f g.trigon --key keys/green.key >/dev/null &&
		trigon answer -f g.trigon --key keys/purple.key >/dev/null || return 1
	done &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 0 moves by 2 players, round 1, green to act$" out &&
	! grep audit out &&
	cp g.trigon started.trigon
'

test_expect_success 'before the end nothing is audited: no audit await, verify does not say "fully audited"' '
	! grep "^#? audit" g.trigon &&
	trigon verify g.trigon >out &&
	! grep "audited" out &&
	trigon verify --json g.trigon >out &&
	grep "\"audited\": false" out
'

# M: the line of the move that ends the game (test 3); the audits follow.
test_expect_success 'the game ends (green resigns, R11.3): the audit of every seat is awaited after the notes; the mover audits with its move' '
	trigon move -f g.trigon --key keys/green.key resign >out &&
	grep "^g.trigon: green audited at once (1 answer line)$" out &&
	! grep released out &&
	M=$(grep -n "^1 green resign " g.trigon | cut -d: -f1) &&
	grep -n "" g.trigon | sed -n "$M,\$p" | cut -d" " -f1-3 >tail &&
	printf "%s\n" "$M:1 green resign" "$((M + 1)):#= green resigns" "$((M + 2)):#= purple wins" \
		"$((M + 3)):#? audit: green" "$((M + 4)):@ green audit" "$((M + 5)):end 1 green" >expect &&
	test_cmp expect tail &&
	test_exit_code 4 trigon verify g.trigon >out &&
	printf "%s\n" "g.trigon: ok: 1 move by 2 players, round 1, over, purple won (last)" \
		"g.trigon: incomplete: awaits audit (line $((M + 3))): purple" \
		"g.trigon: fair chance: no player can foresee or bias a die or a draw (hands open)" >expect &&
	test_cmp expect out &&
	test_exit_code 4 trigon verify --json g.trigon >out &&
	grep "\"audited\": false" out &&
	trigon status -f g.trigon >out &&
	grep "audit (line $((M + 3))): purple" out
'

test_expect_success 'purple answers its audit: verify says "fully audited" (text and JSON), and nothing more is owed' '
	trigon answer -f g.trigon --key keys/purple.key >out &&
	grep "^g.trigon: purple answered (1 line)$" out &&
	sed -n "$((M + 4)),$((M + 5))p" g.trigon | cut -d" " -f1-3 >order &&
	printf "%s\n" "@ green audit" "@ purple audit" >expect &&
	test_cmp expect order &&
	trigon verify g.trigon >out &&
	printf "%s\n" "g.trigon: ok: 1 move by 2 players, round 1, over, purple won (last)" \
		"g.trigon: fully audited: every seat'\''s secret matches its join and every value it released" \
		"g.trigon: fair chance: no player can foresee or bias a die or a draw (hands open)" >expect &&
	test_cmp expect out &&
	trigon verify --json g.trigon >out &&
	grep "\"audited\": true" out &&
	trigon answer -f g.trigon --key keys/green.key >out &&
	grep "^g.trigon: green owes no answer now$" out &&
	cp g.trigon audited.trigon
'

test_expect_success 'the audit from trigon-save(5) alone: each secret gives its join'\''s commitment, the chain from it its anchor and every release' '
	python3 - audited.trigon >out <<-\EOF &&
	import base64, hashlib, re, sys
	lines = open(sys.argv[1]).read().split("\n")
	gid = bytes.fromhex(lines[2].split()[1])
	def b64(s): return base64.urlsafe_b64decode(s + "=")
	def H(m, key=b""): return hashlib.blake2b(m, digest_size=32, key=key).digest()
	join, rel, sec = {}, {}, {}
	for l in lines:
	    m = re.match(r"@ (\S+) join .* n=(\d+) anchor=(\S+) commit=(\S+) ", l)
	    if m: join[m.group(1)] = (int(m.group(2)), b64(m.group(3)), b64(m.group(4)))
	    m = re.match(r"@ (\S+) release (\d+) (\S+) ", l)
	    if m: rel.setdefault(m.group(1), []).append(b64(m.group(3)))
	    m = re.match(r"@ (\S+) audit (\S+) ", l)
	    if m: sec[m.group(1)] = b64(m.group(2))
	for seat in ("green", "purple"):
	    n, anchor, commit = join[seat]
	    S, sb = sec[seat], seat.encode()
	    ok = H(b"trigon-fair v1 seat commit\0" + gid + S) == commit
	    c = H(b"trigon-fair v1 chain seed\0", key=S)
	    chain = {n: c}
	    for k in range(n, 0, -1):
	        c = H(b"trigon-fair v1 chain\0" + gid + bytes([len(sb)]) + sb + k.to_bytes(4, "big") + c)
	        chain[k - 1] = c
	    ok = ok and chain[0] == anchor
	    ok = ok and all(chain[k + 1] == v for k, v in enumerate(rel[seat]))
	    print(seat, len(rel[seat]), "audited" if ok else "FAILS")
	EOF
	printf "%s\n" "green 1 audited" "purple 1 audited" >expect &&
	test_cmp expect out
'

test_expect_success 'tamper: purple audits with another secret (green'\''s, signed by purple'\''s answer key): its line and seat are named' '
	cp audited.trigon t.trigon &&
	gs=$(sed -n "s/^@ green audit \([^ ]*\) .*/\1/p" audited.trigon) &&
	forge t.trigon $((M + 5)) keys/purple.key "audit $gs" &&
	expect_bad t.trigon $((M + 5)) "purple.s audit does not match its join: its secret does not give the commitment of line 15$"
'

test_expect_success 'tamper: an audit value that is not 32 bytes of base64 is refused at its line' '
	cp audited.trigon t.trigon &&
	forge t.trigon $((M + 5)) keys/purple.key "audit AAAA" &&
	expect_bad t.trigon $((M + 5)) "audit: wanted 43 characters of base64, not 4$"
'

test_expect_success 'tamper: an audit before the game is over answers no await (and reveals nothing it may use)' '
	ps=$(sed -n "s/^@ purple audit \([^ ]*\) .*/\1/p" audited.trigon) &&
	"$FAIRSIGN" keys/purple.key started.trigon 16 "audit $ps" >extra &&
	sed "16r extra" started.trigon >t.trigon &&
	expect_bad t.trigon 17 "no await for purple here: the game is not over (an audit comes at its end)$"
'

test_expect_success 'tamper: an audit dropped after the end line was signed is caught (the end line no longer signs the file)' '
	sed "/^@ green audit /d" audited.trigon >t.trigon &&
	expect_bad t.trigon $((M + 5)) "bad signature on the end line"
'

test_done
