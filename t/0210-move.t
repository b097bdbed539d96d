#!/bin/sh
test_description='trigon move: signed, checked, all-or-nothing appends'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: keys and a new game' '
	test_keys &&
	new_game g.trigon &&
	me=$(to_act g.trigon) && you=$(other $me) &&
	test -n "$me" &&
	echo "$me" >me && echo "$you" >you
'

test_expect_success 'the player to act ends the turn: one signed line; move shows its annotations indented, as log does' '
	me=$(cat me) && you=$(cat you) &&
	trigon move -f g.trigon --key keys/$me.key end >out &&
	grep "^1 $me end | [0-9a-f]\{16\} [A-Za-z0-9_-]\{86\}$" g.trigon &&
	grep "^g.trigon: 1 $me end$" out &&
	grep -x "g.trigon:     $you to act" out &&
	! grep "#=" out &&
	grep "^g.trigon: next: $you to act" out &&
	tail -n 1 g.trigon >last &&
	grep "^end 1 [A-Za-z0-9_-]\{86\}$" last &&
	trigon verify g.trigon >out &&
	grep "^g.trigon: ok: 1 move by 2 players, round 1, $you to act$" out
'

test_expect_success 'the annotation of the turn change follows the action line' '
	you=$(cat you) &&
	grep -A1 "^1 " g.trigon >two &&
	grep "^#= $you to act" two
'

test_expect_success 'a key of the player not to act is refused; nothing changes' '
	me=$(cat me) && you=$(cat you) &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$me.key end 2>err &&
	echo "trigon: g.trigon: refused: it is not $me'\''s turn: $you to act (round 1)" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_expect_success 'a key of no player is refused' '
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/yellow.key end 2>err &&
	echo "trigon: g.trigon: refused: this key belongs to no player of this game" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_expect_success 'an illegal action gets the rules'\'' reason and a hint' '
	you=$(cat you) &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$you.key "build knight at psro" 2>err &&
	echo "trigon: g.trigon: refused: unknown spot '\''psro'\''; did you mean '\''psor'\''?" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_expect_success 'several actions are all or nothing' '
	you=$(cat you) &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$you.key end "fly away" 2>err &&
	grep "^trigon: g.trigon: refused: " err &&
	grep "^trigon: g.trigon: nothing was written (action 2 of 2 was refused)$" err &&
	test_cmp before g.trigon
'

test_expect_success 'several legal actions: one line each, one end line' '
	me=$(cat me) && you=$(cat you) &&
	trigon moves -f g.trigon --key keys/$you.key >legal &&
	first=$(sed -n 1p legal) &&
	trigon move -f g.trigon --key keys/$you.key "$first" end >out &&
	grep "^2 $you $first | " g.trigon &&
	grep "^3 $you end | " g.trigon &&
	grep -c "^end " g.trigon >count &&
	echo 1 >expect && test_cmp expect count &&
	tail -n 1 g.trigon >last && grep "^end 3 " last &&
	trigon verify g.trigon
'

test_expect_success 'a passphrase-protected key with --passphrase-file' '
	SOURCE_DATE_EPOCH=0 trigon new l.trigon --seed $SEED0 \
		--player green:A:keys/locked.key.pub \
		--player purple:B:keys/purple.key.pub &&
	c=$(to_act l.trigon) &&
	if test $c = green; then k=locked; else k=purple; fi &&
	trigon move -f l.trigon --key keys/$k.key --passphrase-file keys/pass end &&
	trigon verify l.trigon >out && grep "ok: 1 move" out &&
	echo "$c" >lc
'

test_expect_success 'a wrong passphrase is a clear error (exit 3); nothing changes' '
	cp l.trigon before &&
	echo wrong >wrongpass &&
	test_exit_code 3 trigon move -f l.trigon --key keys/locked.key \
		--passphrase-file wrongpass end 2>err &&
	echo "trigon: wrong passphrase for '\''keys/locked.key'\''" >expect &&
	test_cmp expect err &&
	test_cmp before l.trigon
'

test_expect_success 'a secret key readable by others is refused (exit 3)' '
	you=$(to_act g.trigon) &&
	cp keys/$you.key open.key && chmod 644 open.key &&
	cp g.trigon before &&
	test_exit_code 3 trigon move -f g.trigon --key open.key end 2>err &&
	grep "too open" err &&
	test_cmp before g.trigon
'

test_expect_success 'a public key given to --key says so, without chmod advice' '
	you=$(to_act g.trigon) &&
	cp g.trigon before &&
	test_exit_code 2 trigon move -f g.trigon --key keys/$you.key.pub end >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: '\''keys/$you.key.pub'\'' is a public key; --key needs your secret key file, e.g. '\''keys/$you.key'\''" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_expect_success 'a public key line under another name, mode 0600, says so too' '
	you=$(to_act g.trigon) &&
	cp keys/$you.key.pub bobkey && chmod 600 bobkey &&
	test_exit_code 2 trigon move -f g.trigon --key bobkey end 2>err &&
	echo "trigon: '\''bobkey'\'' is a public key; --key needs your secret key file, e.g. the KEYFILE of trigon keygen KEYFILE (not KEYFILE.pub)" >expect &&
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_expect_success 'a missing key file (exit 3)' '
	test_exit_code 3 trigon move -f g.trigon --key keys/none.key end 2>err &&
	grep "^trigon: cannot open '\''keys/none.key'\''" err
'

test_expect_success 'no action, or an unknown option, is a usage error' '
	test_exit_code 2 trigon move -f g.trigon --key keys/green.key 2>err &&
	grep "^trigon: no action given" err &&
	test_exit_code 2 trigon move --frob end 2>err &&
	grep "^usage: trigon move" err
'

test_expect_success 'the file defaults to ./game.trigon' '
	c=$(to_act g.trigon) &&
	mkdir d && cp g.trigon d/game.trigon &&
	(cd d && trigon move --key ../keys/$c.key end) &&
	trigon verify d/game.trigon >out && grep "ok: 4 moves" out
'

test_expect_success 'the configuration names the file and the key' '
	c=$(to_act g.trigon) &&
	mkdir conf && cp g.trigon conf/mine.trigon &&
	printf "[player]\nkey = %s\n[game]\nfile = %s\n" \
		"$PWD/keys/$c.key" "$PWD/conf/mine.trigon" >conf/config &&
	TRIGON_HOME=$PWD/conf trigon move end &&
	trigon verify conf/mine.trigon >out && grep "ok: 4 moves" out
'

test_expect_success 'a damaged file is refused with its line (exit 3); nothing changes' '
	c=$(to_act g.trigon) &&
	sed "s/^2 /9 /" g.trigon >bad.trigon &&
	cp bad.trigon before &&
	test_exit_code 3 trigon move -f bad.trigon --key keys/$c.key end 2>err &&
	grep "^trigon: bad.trigon:[0-9]*: error: move 9 out of order: the next move is 2$" err &&
	test_cmp before bad.trigon
'

test_expect_success 'a missing file (exit 3)' '
	test_exit_code 3 trigon move -f none.trigon --key keys/green.key end 2>err &&
	grep "^trigon: cannot open '\''none.trigon'\''" err
'

test_expect_success 'after a resignation the game is over (R11): no more moves' '
	cp g.trigon r.trigon &&
	c=$(to_act r.trigon) && o=$(other $c) &&
	trigon move -f r.trigon --key keys/$c.key resign >out &&
	trigon verify r.trigon >out &&
	grep "over, $o won" out &&
	cp r.trigon before &&
	test_exit_code 1 trigon move -f r.trigon --key keys/$o.key end 2>err &&
	echo "trigon: g.trigon: refused: the game is over" | sed s/g.trigon/r.trigon/ >expect &&
	test_cmp expect err &&
	test_cmp before r.trigon
'

test_expect_success 'no temporary file is left behind' '
	ls -a . d conf >listing &&
	! grep "^\.[^.].*\.trigon\." listing
'

test_expect_success 'the save file given as the first action (-f forgotten): did you mean, exit 2' '
	c=$(to_act g.trigon) &&
	mkdir nof && cp g.trigon nof/t.trigon && cp g.trigon nof/mygame &&
	cp g.trigon before &&
	(cd nof && test_exit_code 2 trigon move --key ../keys/$c.key t.trigon end >../out 2>../err) &&
	test_must_be_empty out &&
	cat >expect <<-EOF &&
	trigon: '\''t.trigon'\'' is a save file, not an action; did you mean:
	    trigon move -f t.trigon --key ../keys/$c.key end
	EOF
	test_cmp expect err &&
	(cd nof && trigon move -f t.trigon --key ../keys/$c.key end >/dev/null) &&
	(cd nof && test_exit_code 2 trigon move --commit mygame "build knight at psor" end 2>../err) &&
	cat >expect <<-EOF &&
	trigon: '\''mygame'\'' is a save file, not an action; did you mean:
	    trigon move -f mygame --commit '\''build knight at psor'\'' end
	EOF
	test_cmp expect err &&
	(cd nof && test_exit_code 2 trigon move t.trigon 2>../err) &&
	cat >expect <<-EOF &&
	trigon: '\''t.trigon'\'' is a save file, not an action; name it with -f and give the action:
	    trigon move -f t.trigon ACTION
	EOF
	test_cmp expect err &&
	cmp nof/mygame before
'

test_expect_success 'no -f and no game.trigon: the error says how to name the file' '
	c=$(to_act g.trigon) &&
	mkdir -p nof2 && echo "not a game" >nof2/end &&
	(cd nof2 && test_exit_code 3 trigon move --key ../keys/$c.key end >../out 2>../err) &&
	test_must_be_empty out &&
	cat >expect <<-EOF &&
	trigon: cannot open '\''game.trigon'\'': No such file or directory
	trigon: no save file was named, and there is no '\''game.trigon'\'' here: name yours with -f FILE (trigon move -f FILE ...), or set file in [game] of the configuration
	EOF
	test_cmp expect err &&
	mkdir -p conf2 &&
	printf "[game]\nfile = %s\n" "$PWD/conf2/gone.trigon" >conf2/config &&
	(cd nof2 && test_exit_code 3 env TRIGON_HOME="$PWD/../conf2" trigon status 2>../err) &&
	cat >expect <<-EOF &&
	trigon: cannot open '\''$PWD/conf2/gone.trigon'\'': No such file or directory
	trigon: '\''$PWD/conf2/gone.trigon'\'' is the file of [game] in the configuration; name another with -f FILE (trigon status -f FILE ...)
	EOF
	test_cmp expect err
'

test_expect_success 'an action of several words given unquoted: refused with the quoted form' '
	c=$(to_act g.trigon) &&
	cp g.trigon before &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$c.key build knight at psor 2>err &&
	cat >expect <<-EOF &&
	trigon: g.trigon: refused: the order ends after '\''build'\'': expected knight, scout or boat
	trigon: g.trigon: nothing was written (action 1 of 4 was refused)
	trigon: g.trigon: each argument is one action; quote an action of several words, as in:
	    trigon move -f g.trigon --key keys/$c.key '\''build knight at psor'\''
	EOF
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_expect_success 'several one-word actions, the last refused: no quoting hint' '
	c=$(to_act g.trigon) &&
	test_exit_code 1 trigon move -f g.trigon --key keys/$c.key end end 2>err &&
	r=$(trigon status -f g.trigon | sed -n "s/.*to act (round \([0-9]*\)).*/\1/p" | head -n 1) &&
	cat >expect <<-EOF &&
	trigon: g.trigon: refused: it is not $c'\''s turn: $(other $c) to act (round $r)
	trigon: g.trigon: nothing was written (action 2 of 2 was refused)
	EOF
	test_cmp expect err &&
	test_cmp before g.trigon
'

test_done
