#!/bin/sh
test_description='trigon games: one line a game -- rule set, seats, what it
awaits from whom, whether that is the key'\''s seat, since when (the file'\''s
last change) or how it ended -- the games awaiting you first; --json; the
files and directories named, else [game] dir or the current directory and
its subdirectories'
. "$(dirname "$0")/setup.sh"

# The games: a (purple to act), b (green to act), c (over), sub/d (a
# git clone's game: green must answer purple's offer), each with a fixed
# modification time (1700000000 is 2023-11-14 22:13:20 UTC).
test_expect_success 'setup: four games in a directory and a subdirectory' '
	test_keys &&
	mkdir g g/sub &&
	new_game g/a.trigon &&
	new_game g/b.trigon &&
	play g/b.trigon 8 1 &&
	new_game g/c.trigon &&
	play g/c.trigon 3000 1 &&
	new_game g/sub/d.trigon &&
	play g/sub/d.trigon 5 1 &&
	touch -d @1700000000 g/a.trigon &&
	touch -d @1700003600 g/b.trigon &&
	touch -d @1700007200 g/c.trigon &&
	touch -d @1699990000 g/sub/d.trigon &&
	trigon status -f g/a.trigon >status.a &&
	grep "^purple to act (round 1)$" status.a &&
	trigon status -f g/b.trigon >status.b &&
	grep "^green to act (round 1)$" status.b &&
	trigon status -f g/c.trigon >status.c &&
	grep "^over: green won (points)$" status.c &&
	trigon status -f g/sub/d.trigon >status.d &&
	grep "^green must answer purple'\''s offer" status.d
'

A="g/a.trigon: Rule of Trigon, open dice; seats green, purple"
B="g/b.trigon: Rule of Trigon, open dice; seats green, purple"
C="g/c.trigon: Rule of Trigon, open dice; seats green, purple"
D="g/sub/d.trigon: Rule of Trigon, open dice; seats green, purple"
OFFER="green must answer purple's offer (accept or decline; purple may withdraw)"

test_expect_success 'green'\''s key: the games awaiting green first (longest waiting first), then purple'\''s, then those over' '
	trigon games --key keys/green.key g >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-EOF &&
	g/sub/d.trigon: Rule of Trigon, open dice; seats green (you), purple; awaits you: $OFFER; since 2023-11-14 19:26
	g/b.trigon: Rule of Trigon, open dice; seats green (you), purple; awaits you: green to act (round 1); since 2023-11-14 23:13
	g/a.trigon: Rule of Trigon, open dice; seats green (you), purple; awaits purple: purple to act (round 1); since 2023-11-14 22:13
	g/c.trigon: Rule of Trigon, open dice; seats green (you), purple; over: green won (points); since 2023-11-15 00:13
	EOF
	test_cmp expect out
'

test_expect_success 'purple'\''s key: a comes first; what awaits another seat names it' '
	trigon games --key keys/purple.key g >out &&
	cat >expect <<-EOF &&
	g/a.trigon: Rule of Trigon, open dice; seats green, purple (you); awaits you: purple to act (round 1); since 2023-11-14 22:13
	g/sub/d.trigon: Rule of Trigon, open dice; seats green, purple (you); awaits green: $OFFER; since 2023-11-14 19:26
	g/b.trigon: Rule of Trigon, open dice; seats green, purple (you); awaits green: green to act (round 1); since 2023-11-14 23:13
	g/c.trigon: Rule of Trigon, open dice; seats green, purple (you); over: green won (points); since 2023-11-15 00:13
	EOF
	test_cmp expect out
'

test_expect_success 'the configured key ([player] key) is "you"; without any key no seat is' '
	mkdir home &&
	printf "[player]\nkey = %s/keys/purple.key\n" "$PWD" >home/config &&
	TRIGON_HOME=$PWD/home trigon games g >out &&
	head -n 1 out >first &&
	echo "$A (you); awaits you: purple to act (round 1); since 2023-11-14 22:13" >expect &&
	test_cmp expect first &&
	trigon games g >out &&
	cat >expect <<-EOF &&
	$D; awaits green: $OFFER; since 2023-11-14 19:26
	$A; awaits purple: purple to act (round 1); since 2023-11-14 22:13
	$B; awaits green: green to act (round 1); since 2023-11-14 23:13
	$C; over: green won (points); since 2023-11-15 00:13
	EOF
	test_cmp expect out
'

test_expect_success 'no operand: the current directory and its subdirectories' '
	(cd g && trigon games --key ../keys/green.key >../out) &&
	sed -n "1s/;.*//p" out >first &&
	echo "sub/d.trigon: Rule of Trigon, open dice" >expect &&
	test_cmp expect first &&
	test $(wc -l <out) = 4
'

test_expect_success 'no operand: [game] dir (~ expanded), and [game] file' '
	mkdir elsewhere &&
	cp g/a.trigon solo.trigon &&
	touch -d @1600000000 solo.trigon &&
	printf "[game]\ndir = ~/g/sub\nfile = %s/solo.trigon\n" "$PWD" >home/config &&
	top=$PWD &&
	(cd elsewhere && TRIGON_HOME=$top/home HOME=$top trigon games >../out) &&
	cat >expect <<-EOF &&
	$PWD/solo.trigon: Rule of Trigon, open dice; seats green, purple; awaits purple: purple to act (round 1); since 2020-09-13 12:26
	$PWD/g/sub/d.trigon: Rule of Trigon, open dice; seats green, purple; awaits green: $OFFER; since 2023-11-14 19:26
	EOF
	test_cmp expect out
'

test_expect_success 'files named, and a file named twice, once' '
	trigon games --key keys/green.key g/c.trigon g/a.trigon g/c.trigon >out &&
	cat >expect <<-EOF &&
	g/a.trigon: Rule of Trigon, open dice; seats green (you), purple; awaits purple: purple to act (round 1); since 2023-11-14 22:13
	g/c.trigon: Rule of Trigon, open dice; seats green (you), purple; over: green won (points); since 2023-11-15 00:13
	EOF
	test_cmp expect out
'

test_expect_success '--json: an array in the same order; await as trigon status --json gives it' '
	trigon games --json --key keys/green.key g/c.trigon g/sub/d.trigon >out &&
	cat >expect <<-EOF &&
	[
	  {
	    "file": "g/sub/d.trigon",
	    "rules": "trigon",
	    "title": "Rule of Trigon",
	    "chance": "open",
	    "moves": 5,
	    "seats": [
	      {
	        "seat": "green",
	        "name": "Alice"
	      },
	      {
	        "seat": "purple",
	        "name": "Bob"
	      }
	    ],
	    "you": "green",
	    "await": {
	      "over": false,
	      "to_act": "green",
	      "winner": null,
	      "how": null,
	      "text": "$OFFER"
	    },
	    "awaits_you": true,
	    "since": "2023-11-14T19:26:40Z"
	  },
	  {
	    "file": "g/c.trigon",
	    "rules": "trigon",
	    "title": "Rule of Trigon",
	    "chance": "open",
	    "moves": 631,
	    "seats": [
	      {
	        "seat": "green",
	        "name": "Alice"
	      },
	      {
	        "seat": "purple",
	        "name": "Bob"
	      }
	    ],
	    "you": "green",
	    "await": {
	      "over": true,
	      "to_act": null,
	      "winner": "green",
	      "how": "points",
	      "text": "green has won (points)"
	    },
	    "awaits_you": false,
	    "since": "2023-11-15T00:13:20Z"
	  }
	]
	EOF
	test_cmp expect out &&
	trigon status --json -f g/c.trigon >status.json &&
	sed -n "/\"await\": {/,/}/p" status.json >await.status &&
	sed -n "/\"await\": {/,/}/p" out | sed "1,7d" >await.games &&
	sed "s/^  //" await.games >await.games2 &&
	test_cmp await.status await.games2
'

test_expect_success 'a damaged file and a missing one: reported, the others listed, exit 3 (as trigon status)' '
	cp -r g bad &&
	echo junk >bad/x.trigon &&
	test_exit_code 3 trigon games bad nosuch.trigon >out 2>err &&
	cat >expect.err <<-\EOF &&
	trigon: bad/x.trigon:1: error: not a trigon save file: the first line must be '\''trigon-save 1'\''
	trigon: cannot open '\''nosuch.trigon'\'': No such file or directory
	EOF
	test_cmp expect.err err &&
	test $(wc -l <out) = 4 &&
	test_exit_code 3 trigon status -f bad/x.trigon 2>/dev/null
'

test_expect_success 'no games: said, exit 0; --json: []' '
	mkdir empty &&
	(cd empty && trigon games >../out) &&
	echo "no games: no *.trigon file in this directory or its subdirectories" >expect &&
	test_cmp expect out &&
	trigon games --json empty >out &&
	echo "[]" >expect &&
	test_cmp expect out
'

test_expect_success 'usage errors exit 2: an unknown option (did you mean), a key that cannot be read exits 3' '
	test_exit_code 2 trigon games --jsno g >out 2>err &&
	test_must_be_empty out &&
	head -n 1 err >actual &&
	echo "trigon: unknown option '\''--jsno'\''; did you mean '\''--json'\''?" >expect &&
	test_cmp expect actual &&
	test_exit_code 3 trigon games --key keys/none.key g >out 2>err &&
	test_must_be_empty out
'

test_done
