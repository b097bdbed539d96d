#!/bin/sh
test_description='trigon verify catches tampering, naming the right line'
. "$(dirname "$0")/setup.sh"

# flip FILE OFFSET BIT: FILE with one bit flipped, on stdout.
flip () {
	perl -e 'local $/; open F, "<:raw", $ARGV[0] or die; $s = <F>;
		substr($s, $ARGV[1], 1) = chr(ord(substr($s, $ARGV[1], 1)) ^ (1 << $ARGV[2]));
		binmode STDOUT; print $s' "$@"
}

# replace_line FILE N TEXT: line N of FILE replaced by TEXT, on stdout.
replace_line () {
	awk -v n="$2" -v t="$3" 'NR == n { print t; next } { print }' "$1"
}

# flip_every_bit FILE LINE: every bit of every byte of line LINE
# (its newline included) flipped in turn; each copy must fail verify
# naming that line.  Prints the flips that did not.
flip_every_bit () {
	start=$(head -n $(($2 - 1)) "$1" | wc -c) &&
	len=$(sed -n "$2p" "$1" | wc -c) &&
	i=0 && bad=0 &&
	while test $i -lt $len
	do
		for b in 0 1 2 3 4 5 6 7
		do
			flip "$1" $((start + i)) $b >flipped.trigon
			trigon verify flipped.trigon >/dev/null 2>flip.err
			rc=$?
			if test $rc != 1 || ! grep -q "^trigon: flipped.trigon:$2: error: " flip.err
			then
				echo "byte $i bit $b: exit $rc: $(cat flip.err)"
				bad=$((bad + 1))
			fi
		done
		i=$((i + 1))
	done &&
	echo "$len bytes flipped" >&2 &&
	test $bad = 0
}

test_expect_success 'setup: games of 10, 100 and 1,000 moves, another game, a fork' '
	test_keys &&
	new_game g10.trigon && play g10.trigon 10 1 &&
	new_game g100.trigon && play g100.trigon 100 2 &&
	new_game g1000.trigon $SEED1 --option win=points --option points=60 &&
	play g1000.trigon 1000 3 &&
	new_game o10.trigon $SEED2 && play o10.trigon 10 1 &&
	new_game f10.trigon && play f10.trigon 5 1 && play f10.trigon 1 99 &&
	for f in g10 g100 g1000 o10 f10
	do
		trigon verify $f.trigon >/dev/null || return 1
	done &&
	cp g10.trigon g10.orig && cp g100.trigon g100.orig && cp g1000.trigon g1000.orig
'

test_expect_success '1: a bit flip anywhere in an action line (every byte, every bit)' '
	flip_every_bit g10.trigon $(line_no g10.trigon "^5 ")
'

test_expect_success '1: a bit flip anywhere in an annotation line' '
	flip_every_bit g10.trigon $(line_no g10.trigon "^#= ")
'

test_expect_success '1: a bit flip anywhere in the end line' '
	flip_every_bit g10.trigon $(line_no g10.trigon "^end ")
'

test_expect_success '1: bit flips in lines of the 100- and 1,000-move games' '
	for f in g100 g1000
	do
		for pat in "^17 " "^42 " "^99 "
		do
			l=$(line_no $f.trigon "$pat") &&
			start=$(head -n $((l - 1)) $f.trigon | wc -c) &&
			flip $f.trigon $((start + 3)) 0 >x.trigon &&
			expect_bad x.trigon $l || return 1
		done
	done
'

test_expect_success '2: a deleted action line (caught on the line that took its place)' '
	for f in g10 g100 g1000
	do
		l=$(line_no $f.trigon "^7 ") &&
		sed "${l}d" $f.trigon >x.trigon &&
		expect_bad x.trigon $l || return 1
	done
'

test_expect_success '3: a duplicated action line' '
	l=$(line_no g100.trigon "^50 ") &&
	sed "${l}p" g100.trigon >x.trigon &&
	expect_bad x.trigon $((l + 1))
'

test_expect_success '4: two lines swapped' '
	l=$(line_no g100.trigon "^60 ") &&
	sed -n "$((l + 1))p" g100.trigon >next &&
	sed -n "${l}p" g100.trigon >this &&
	sed -e "${l}r this" -e "${l}d" g100.trigon >y.trigon &&
	replace_line y.trigon $l "$(cat next)" >x.trigon &&
	expect_bad x.trigon $l
'

test_expect_success '5: two players'\'' lines reordered' '
	a=$(sed -n "s/^\([0-9]*\) green .*/\1/p" g10.trigon | sed -n 1p) &&
	b=$(sed -n "s/^\([0-9]*\) purple .*/\1/p" g10.trigon | sed -n 1p) &&
	la=$(line_no g10.trigon "^$a ") && lb=$(line_no g10.trigon "^$b ") &&
	first=$la && test $lb -lt $la && first=$lb
	replace_line g10.trigon $la "$(sed -n ${lb}p g10.trigon)" >y.trigon &&
	replace_line y.trigon $lb "$(sed -n ${la}p g10.trigon)" >x.trigon &&
	expect_bad x.trigon $first
'

test_expect_success '6: the file cut after any line (no signed end line)' '
	n=$(wc -l <g10.trigon) && s=$(line_no g10.trigon "^start$") &&
	k=$s &&
	while test $k -lt $n
	do
		if test $k -gt $s
		then
			head -n $k g10.trigon >x.trigon &&
			expect_bad x.trigon $((k + 1)) || return 1
		fi
		k=$((k + 1))
	done &&
	head -n 500 g1000.trigon >x.trigon && expect_bad x.trigon 501
'

test_expect_success '7: the file cut in the middle of any line' '
	n=$(wc -l <g10.trigon) && k=1 &&
	while test $k -le $n
	do
		c=$(head -n $k g10.trigon | wc -c) &&
		head -c $((c - 3)) g10.trigon >x.trigon &&
		expect_bad x.trigon $k "the last line has no newline" || return 1
		k=$((k + 1))
	done
'

test_expect_success '8: only a sequence number changed' '
	l=$(line_no g10.trigon "^6 ") &&
	sed "${l}s/^6 /7 /" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "move 7 out of order: the next move is 6"
'

test_expect_success '9: only a chain hash changed' '
	l=$(line_no g10.trigon "^6 ") &&
	sed -E "${l}s/ \| [0-9a-f]{16} / | 0123456789abcdef /" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "broken chain: this line does not follow the lines before it"
'

test_expect_success '10: a line replayed at another position' '
	l3=$(line_no g10.trigon "^3 ") && l8=$(line_no g10.trigon "^8 ") &&
	replace_line g10.trigon $l8 "$(sed -n ${l3}p g10.trigon)" >x.trigon &&
	expect_bad x.trigon $l8 &&
	sed "$((l8 - 1))r /dev/stdin" g10.trigon <<-EOF >x.trigon &&
	$(sed -n ${l3}p g10.trigon | sed "s/^3 /8 /")
	EOF
	expect_bad x.trigon $l8
'

test_expect_success '11: a line spliced from another game between the same keys' '
	k=1 && found= &&
	while test $k -le 10
	do
		cg=$(sed -n "s/^$k \([a-z]*\) .*/\1/p" g10.trigon) &&
		co=$(sed -n "s/^$k \([a-z]*\) .*/\1/p" o10.trigon) &&
		if test "$cg" = "$co"; then found=$k; break; fi
		k=$((k + 1))
	done &&
	test -n "$found" &&
	l=$(line_no g10.trigon "^$found ") &&
	replace_line g10.trigon $l "$(grep "^$found " o10.trigon)" >x.trigon &&
	expect_bad x.trigon $l "broken chain"
'

test_expect_success '12: a line re-signed with another player'\''s key' '
	l=$(line_no g10.trigon "^4 ") &&
	c=$(sed -n "s/^4 \([a-z]*\) .*/\1/p" g10.trigon) &&
	"$TRIGON_BUILD_DIR/t/helpers/resign" g10.trigon $l keys/$(other $c).key >x.trigon &&
	expect_bad x.trigon $l "bad signature: this line is not signed by $c'\''s key" &&
	l=$(line_no g10.trigon "^end ") &&
	c=$(sed -n "s/^10 \([a-z]*\) .*/\1/p" g10.trigon) &&
	"$TRIGON_BUILD_DIR/t/helpers/resign" g10.trigon $l keys/$(other $c).key >x.trigon &&
	expect_bad x.trigon $l "bad signature on the end line"
'

test_expect_success '13: the players'\'' keys swapped in the header' '
	kg=$(cat keys/green.key.pub) && kp=$(cat keys/purple.key.pub) &&
	sed -e "s/$kg/KEYG/" -e "s/$kp/$kg/" -e "s/KEYG/$kp/" g10.trigon >x.trigon &&
	! cmp -s g10.trigon x.trigon &&
	expect_bad x.trigon $(line_no x.trigon "^1 ") "broken chain"
'

test_expect_success '14: the seed changed (alone, or with a matching game id)' '
	sed "4s/0\$/1/" g10.trigon >x.trigon &&
	expect_bad x.trigon 4 "the seed does not belong to this game id" &&
	id=$( (printf "trigon-save game id\0"; printf "%064d" 1 | sed "s/../\\\\x&/g" | xargs -0 printf) |
		b2sum -l 128 | cut -d" " -f1) &&
	sed -e "3s/.*/game $id/" -e "4s/0\$/1/" g10.trigon >x.trigon &&
	expect_bad x.trigon $(line_no x.trigon "^1 ") "broken chain"
'

test_expect_success '15: a carriage return at the end of a line' '
	l=$(line_no g10.trigon "^2 ") &&
	sed "${l}s/\$/\r/" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "a carriage return"
'

test_expect_success '16: trailing white space' '
	l=$(line_no g10.trigon "^2 ") &&
	sed "${l}s/\$/ /" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "trailing white space" &&
	sed "2s/\$/ /" g10.trigon >x.trigon &&
	expect_bad x.trigon 2 "trailing white space"
'

test_expect_success '17: a byte-order mark at the start or inside a line' '
	printf "\357\273\277" >x.trigon && cat g10.trigon >>x.trigon &&
	expect_bad x.trigon 1 "a byte-order mark" &&
	l=$(line_no g10.trigon "^#= ") &&
	sed "${l}s/^#= /#= \xef\xbb\xbf/" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "a byte-order mark"
'

test_expect_success '18: a look-alike Unicode letter in an action' '
	l=$(line_no g10.trigon "^4 [a-z]* [a-z]*e") &&
	sed "${l}s/^\(4 [a-z]* [a-z]*\)e/\1\xd0\xb5/" g10.trigon >x.trigon &&
	! cmp -s g10.trigon x.trigon &&
	expect_bad x.trigon $l "bad signature"
'

test_expect_success '19: a fork: two different valid lines for one sequence number' '
	grep "^6 " g10.trigon >a6 && grep "^6 " f10.trigon >b6 &&
	! cmp -s a6 b6 &&
	l=$(line_no g10.trigon "^7 ") &&
	sed "$((l - 1))r b6" g10.trigon >x.trigon &&
	expect_bad x.trigon $l
'

test_expect_success '20: garbage after the last line' '
	n=$(wc -l <g10.trigon) &&
	cp g10.trigon x.trigon && echo "junk" >>x.trigon &&
	expect_bad x.trigon $((n + 1)) "nothing may follow the signed end line" &&
	cp g10.trigon x.trigon && echo "# a comment" >>x.trigon &&
	expect_bad x.trigon $((n + 1)) "nothing may follow the signed end line" &&
	cp g10.trigon x.trigon && printf "x" >>x.trigon &&
	expect_bad x.trigon $((n + 1)) "the last line has no newline"
'

test_expect_success '21: a changed annotation' '
	l=$(line_no g10.trigon "^#= ") &&
	sed "${l}s/\$/!/" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "false annotation: the replay says"
'

test_expect_success '22: a deleted annotation' '
	l=$(line_no g10.trigon "^#= ") &&
	sed "${l}d" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "missing annotation: the replay says"
'

test_expect_success '23: an added annotation' '
	l=$(line_no g10.trigon "^2 ") &&
	sed "$((l - 1))a #= green rolls 6" g10.trigon >x.trigon &&
	expect_bad x.trigon $l
'

test_expect_success '24: a comment slipped into the signed part' '
	l=$(line_no g10.trigon "^5 ") &&
	sed "$((l - 1))a # nothing to see" g10.trigon >x.trigon &&
	expect_bad x.trigon $((l + 1)) "broken chain"
'

test_expect_success '25: a line over 1,024 bytes' '
	l=$(line_no g10.trigon "^5 ") &&
	long=$(printf "%01100d" 0) &&
	sed "${l}s/\$/$long/" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "line longer than 1024 bytes"
'

test_expect_success '26: invalid UTF-8, a tab, a control character' '
	l=$(line_no g10.trigon "^5 ") &&
	sed "${l}s/^5 /5 \xc3\x28/" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "invalid UTF-8" &&
	sed "${l}s/^5 /5\t/" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "a tab" &&
	sed "${l}s/^5 /5 \x01/" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "a control character" &&
	sed "${l}s/^5 /5 \xc2\x85/" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "a control character"
'

test_expect_success '27: the end line names another move' '
	l=$(line_no g10.trigon "^end ") &&
	sed "${l}s/^end 10 /end 9 /" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "the end line names move 9, but the last move is 10"
'

test_expect_success '28: a player renamed in the header' '
	sed "s/^player green Alice/player green Alicia/" g10.trigon >x.trigon &&
	expect_bad x.trigon $(line_no x.trigon "^1 ") "broken chain"
'

test_expect_success 'the untouched copies still verify' '
	for f in g10 g100 g1000
	do
		test_cmp $f.orig $f.trigon &&
		trigon verify $f.trigon >/dev/null || return 1
	done
'

test_done
