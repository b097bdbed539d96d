#!/bin/sh
test_description='a whole game over a shared bare repository with exactly the commands of trigon(1), PLAYING OVER GIT (reviewer'\''s case)'
. "$(dirname "$0")/setup.sh"

# as PLAYER CMD...: run CMD in PLAYER'\''s clone with PLAYER'\''s own
# configuration directory (key and config, no --key options).
as () {
	as_p=$1
	shift
	(cd $as_p && TRIGON_HOME="$HOME_DIR/home-$as_p" "$@")
}

test_expect_success 'setup: the server as trigon(1) installs it; each player a home with key and config' '
	HOME_DIR=$PWD && export HOME_DIR &&
	git_setup &&
	test_keys &&
	git init -q --bare srv/game.git &&
	cp "$TRIGON_SRC_DIR/examples/hooks/pre-receive" srv/game.git/hooks/ &&
	chmod +x srv/game.git/hooks/pre-receive &&
	for p in alice:green:Alice bob:purple:Bob
	do
		d=${p%%:*} && c=$(echo $p | cut -d: -f2) && n=${p##*:} &&
		mkdir home-$d &&
		cp keys/$c.key home-$d/key && chmod 600 home-$d/key &&
		printf "[player]\nname = %s\nemail = %s@example.org\n" $n $d >home-$d/config || return 1
	done
'

test_expect_success 'one player commits the new game and pushes it; the other clones' '
	git clone -q srv/game.git alice 2>/dev/null &&
	new_game alice/g.trigon &&
	git -C alice add g.trigon &&
	git -C alice commit -q -m "a new game" &&
	git -C alice push -q origin main &&
	git clone -q srv/game.git bob
'

test_expect_success 'in turn: trigon sync, trigon move --commit ACTION end, trigon push; until one resigns' '
	i=0 &&
	while test $i -lt 40
	do
		git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
		who=$(to_act server.trigon) &&
		if test $who = green; then p=alice; else p=bob; fi &&
		as $p trigon sync -f g.trigon >out &&
		as $p trigon moves -f g.trigon >legal &&
		grep -v -e "^resign" -e "^offer" -e "^end$" legal >some &&
		if test -s some
		then
			act=$(sed -n "$((i % $(wc -l <some) + 1))p" some) &&
			if grep -q "^end$" legal
			then
				as $p trigon move --commit -f g.trigon "$act" end >out
			else
				as $p trigon move --commit -f g.trigon "$act" >out
			fi
		else
			as $p trigon move --commit -f g.trigon end >out
		fi &&
		grep "^g.trigon: committed [0-9a-f]\{7\}: trigon " out &&
		as $p trigon push -f g.trigon >out &&
		grep "^g.trigon: pushed refs/heads/main to " out &&
		i=$((i + 1)) || return 1
	done &&
	git -C srv/game.git cat-file blob main:g.trigon >server.trigon &&
	who=$(to_act server.trigon) &&
	if test $who = green; then p=alice; o=bob; else p=bob; o=alice; fi &&
	as $p trigon sync -f g.trigon >/dev/null &&
	as $p trigon move --commit -f g.trigon resign >/dev/null &&
	as $p trigon push -f g.trigon >/dev/null &&
	as $o trigon sync -f g.trigon >/dev/null &&
	test_cmp alice/g.trigon bob/g.trigon &&
	trigon verify alice/g.trigon >out &&
	grep "over, $(other $who) won (last)$" out &&
	git -C srv/game.git log --format="%an <%ae>" main >authors &&
	grep "^Alice <alice@example.org>$" authors &&
	grep "^Bob <bob@example.org>$" authors
'

test_done
