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
# (its newline included) flipped in turn; each copy must fail to load
# naming that line (t/helpers/flipverify, one process for all copies),
# and a few of them, through `trigon verify`, with exit 1 and the
# message naming the line.
flip_every_bit () {
	"$TRIGON_BUILD_DIR/t/helpers/flipverify" "$1" "$2" &&
	start=$(head -n $(($2 - 1)) "$1" | wc -c) &&
	len=$(sed -n "$2p" "$1" | wc -c) &&
	for i in 0 $((len / 2)) $((len - 1))
	do
		flip "$1" $((start + i)) $((i % 8)) >flipped.trigon &&
		expect_bad flipped.trigon $2 || return 1
	done
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
	f=$(( $(line_no g10.trigon "^1 ") - 1 )) &&
	k=$s &&
	while test $k -lt $n
	do
		# Cut right after the start annotations, the file is the one
		# trigon new wrote: no signed line is lost, so nothing to find.
		if test $k -gt $s && test $k -ne $f
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
	expect_bad x.trigon $(line_no x.trigon "^#= turn-order roll") "false annotation"
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
	l=$(( $(line_no g10.trigon "^1 ") - 1 )) &&
	sed "${l}d" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "missing annotation: the replay says" &&
	l=$(line_no g10.trigon "^#= ") &&
	sed "${l}d" g10.trigon >x.trigon &&
	expect_bad x.trigon $l "false annotation: the replay says"
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

test_expect_success '1: a bit flip in every byte of the small game (header included)' '
	# Flip one bit (bit OFFSET mod 8) of each byte of the whole file in
	# turn.  Each copy fails verify (exit 1) naming the line of the
	# flipped byte -- or, for a header line that still parses, the line
	# that notices: the seed line for the game id (the seed does not
	# belong to it), the first signed line for the created and player
	# lines, which only the chain protects ("broken chain"), and the
	# start line for an option line the rules refuse.
	first=$(line_no g10.trigon "^1 ") &&
	start=$(line_no g10.trigon "^start$") &&
	# t/helpers/flipverify -a loads every copy in one process (a trigon
	# process per byte took minutes under the sanitizers) and says
	# where each was caught; `trigon verify` checks a few of them for
	# the exit status and the message.
	"$TRIGON_BUILD_DIR/t/helpers/flipverify" -a g10.trigon >every.out &&
	test $(wc -l <every.out) = $(wc -c <g10.trigon) &&
	perl -e '\''
		my ($file, $first, $start, $out) = @ARGV;
		local $/; open F, "<:raw", $file or die; my $s = <F>; close F;
		my @lines = split /\n/, $s;
		open R, "<", $out or die; my @rows = split /\n/, <R>; close R;
		my ($bad, $n) = (0, 0);
		for (@rows) {
			my ($i, $line, $at) = split / /;
			my $alt = $line;
			$alt = 4 if $line == 3;
			$alt = $first if $line >= 5 && $line < $start;
			$alt = $start if $lines[$line - 1] =~ /^option /;
			if ($at != $line && $at != $alt) {
				print "byte $i (line $line): caught at $at\n";
				$bad++;
			}
			$n++;
		}
		print STDERR "$n bytes flipped\n";
		exit($bad ? 1 : 0);
	'\'' g10.trigon $first $start every.out &&
	for i in 1 $((first * 7)) $(($(wc -c <g10.trigon) - 2))
	do
		flip g10.trigon $i $((i % 8)) >every.trigon &&
		at=$(sed -n "$((i + 1))s/.* //p" every.out) &&
		expect_bad every.trigon $at || return 1
	done
'

# fork_at GAME FORK N: FORK.trigon is FORK.base (GAME's first N-1
# moves) and one more random legal move that differs from GAME's move N
# (some positions leave one sensible move: try other random seeds).
fork_at () {
	for r in 99 98 97 96 95 94 93 92 91 90
	do
		cp $2.base $2.trigon && play $2.trigon 1 $r &&
		grep "^$3 " $1.trigon >a && grep "^$3 " $2.trigon >b &&
		! cmp -s a b && return 0
	done
	echo >&2 "no fork of $1 at move $3"
	return 1
}

test_expect_success 'setup: for the 100- and 1,000-move games, another game and a fork each' '
	new_game o100.trigon $SEED2 && play o100.trigon 100 2 &&
	new_game o1000.trigon $SEED2 --option win=points --option points=60 &&
	play o1000.trigon 1000 3 &&
	new_game f100.base && play f100.base 49 2 &&
	fork_at g100 f100 50 &&
	new_game f1000.base $SEED1 --option win=points --option points=60 &&
	play f1000.base 499 3 &&
	fork_at g1000 f1000 500 &&
	for f in o100 o1000 f100 f1000
	do
		trigon verify $f.trigon >/dev/null || return 1
	done
'

# tamper_kinds GAME OTHER FORK N: the kinds of tampering above, again
# on GAME.trigon at move N (OTHER.trigon: another game between the same
# keys; FORK.trigon: GAME forked at move N).  Each must fail verify
# naming the right line.
tamper_kinds () {
	g=$1.trigon o=$2.trigon fk=$3.trigon n=$4 &&
	l=$(line_no $g "^$n ") &&
	nxt=$(awk -v l=$l "NR > l && /^[0-9]+ /{ print NR; exit }" $g) &&
	echo "# $g: move $n on line $l, the next move on line $nxt" &&
	# 2: deleted
	sed "${l}d" $g >x.trigon && expect_bad x.trigon $l &&
	# 3: duplicated
	sed "${l}p" $g >x.trigon && expect_bad x.trigon $((l + 1)) &&
	# 4: swapped with the next move (annotations stay)
	replace_line $g $l "$(sed -n ${nxt}p $g)" >y.trigon &&
	replace_line y.trigon $nxt "$(sed -n ${l}p $g)" >x.trigon &&
	expect_bad x.trigon $l &&
	# 5: the two players reordered: this move and the other color next
	c=$(sed -n "${l}s/^[0-9]* \([a-z]*\) .*/\1/p" $g) &&
	lo=$(awk -v l=$l -v c=$c "NR > l && /^[0-9]+ / && \$2 != c { print NR; exit }" $g) &&
	replace_line $g $l "$(sed -n ${lo}p $g)" >y.trigon &&
	replace_line y.trigon $lo "$(sed -n ${l}p $g)" >x.trigon &&
	expect_bad x.trigon $l &&
	# 6: cut after the line; 7: cut in its middle
	head -n $l $g >x.trigon && expect_bad x.trigon $((l + 1)) &&
	head -c $(($(head -n $l $g | wc -c) - 10)) $g >x.trigon &&
	expect_bad x.trigon $l "the last line has no newline" &&
	# 8: only the sequence number
	sed "${l}s/^$n /$((n + 1)) /" $g >x.trigon &&
	expect_bad x.trigon $l "move $((n + 1)) out of order: the next move is $n" &&
	# 9: only the chain hash
	sed -E "${l}s/ \| [0-9a-f]{16} / | 0123456789abcdef /" $g >x.trigon &&
	expect_bad x.trigon $l "broken chain" &&
	# 10: an earlier line replayed here
	replace_line $g $l "$(grep "^3 " $g)" >x.trigon &&
	expect_bad x.trigon $l &&
	# 11: the same move of another game between the same keys
	k=$n && while test "$(sed -n "s/^$k \([a-z]*\) .*/\1/p" $o)" != \
		"$(sed -n "s/^$k \([a-z]*\) .*/\1/p" $g)"
	do
		k=$((k + 1))
	done &&
	lk=$(line_no $g "^$k ") &&
	replace_line $g $lk "$(grep "^$k " $o)" >x.trigon &&
	expect_bad x.trigon $lk "broken chain" &&
	# 12: re-signed with the other player s key
	"$TRIGON_BUILD_DIR/t/helpers/resign" $g $l keys/$(other $c).key >x.trigon &&
	expect_bad x.trigon $l "bad signature: this line is not signed by $c" &&
	# 15: CR; 16: trailing space; 17: BOM; 26: invalid UTF-8, tab, control
	sed "${l}s/\$/\r/" $g >x.trigon && expect_bad x.trigon $l "a carriage return" &&
	sed "${l}s/\$/ /" $g >x.trigon && expect_bad x.trigon $l "trailing white space" &&
	sed "${l}s/ | / \xef\xbb\xbf| /" $g >x.trigon && expect_bad x.trigon $l "a byte-order mark" &&
	sed "${l}s/^$n /$n \xc3\x28/" $g >x.trigon && expect_bad x.trigon $l "invalid UTF-8" &&
	sed "${l}s/^$n /$n\t/" $g >x.trigon && expect_bad x.trigon $l "a tab" &&
	sed "${l}s/^$n /$n \x01/" $g >x.trigon && expect_bad x.trigon $l "a control character" &&
	# 18: a look-alike letter (Cyrillic e for e) in the action
	le=$(awk -v l=$l "NR >= l && /^[0-9]+ [a-z]+ [^|]*e/{ print NR; exit }" $g) &&
	sed "${le}s/^\([0-9]* [a-z]* [^e|]*\)e/\1\xd0\xb5/" $g >x.trigon &&
	! cmp -s $g x.trigon && expect_bad x.trigon $le "bad signature" &&
	# 19: a fork: the other valid line for move n
	grep "^$n " $fk >b && ! grep -qxF -f b $g &&
	sed "$((nxt - 1))r b" $g >x.trigon && expect_bad x.trigon $nxt &&
	# 20: garbage after the last line
	cp $g x.trigon && echo junk >>x.trigon &&
	expect_bad x.trigon $(($(wc -l <$g) + 1)) "nothing may follow the signed end line" &&
	# 21, 22: an annotation changed, deleted
	la=$(awk -v l=$l "NR > l && /^#= /{ print NR; exit }" $g) &&
	sed "${la}s/\$/!/" $g >x.trigon && expect_bad x.trigon $la "false annotation" &&
	# (a following annotation moves up: "false" rather than "missing")
	sed "${la}d" $g >x.trigon &&
	expect_bad x.trigon $la "\(missing\|false\) annotation: the replay says" &&
	# 24: a comment in the signed part; 25: a line too long
	sed "${l}i # nothing to see" $g >x.trigon && expect_bad x.trigon $((l + 1)) "broken chain" &&
	sed "${l}s/\$/$(printf "%01100d" 0)/" $g >x.trigon &&
	expect_bad x.trigon $l "line longer than 1024 bytes" &&
	# 27: the end line names another move
	le=$(line_no $g "^end ") && last=$(sed -n "${le}s/^end \([0-9]*\) .*/\1/p" $g) &&
	sed "${le}s/^end $last /end $((last - 1)) /" $g >x.trigon &&
	expect_bad x.trigon $le "the end line names move $((last - 1)), but the last move is $last"
}

test_expect_success 'every kind again on the 100-move game, at move 50' '
	tamper_kinds g100 o100 f100 50
'

test_expect_success 'every kind again on the 1,000-move game, at move 500' '
	tamper_kinds g1000 o1000 f1000 500
'

test_expect_success 'the header kinds on all three games: keys swapped, seed changed, player renamed' '
	kg=$(cat keys/green.key.pub) && kp=$(cat keys/purple.key.pub) &&
	for f in g10 g100 g1000
	do
		first=$(line_no $f.trigon "^1 ") &&
		sed -e "s/$kg/KEYG/" -e "s/$kp/$kg/" -e "s/KEYG/$kp/" $f.trigon >x.trigon &&
		expect_bad x.trigon $first "broken chain" &&
		sed "4s/.\$/f/" $f.trigon >x.trigon && ! cmp -s $f.trigon x.trigon &&
		expect_bad x.trigon 4 "the seed does not belong to this game id" &&
		sed "s/^player purple Bob/player purple Rob/" $f.trigon >x.trigon &&
		expect_bad x.trigon $first "broken chain" || return 1
	done
'

test_expect_success 'the untouched copies still verify' '
	for f in g10 g100 g1000
	do
		test_cmp $f.orig $f.trigon &&
		trigon verify $f.trigon >/dev/null || return 1
	done
'

test_done
