#!/bin/sh
test_description='trigon hook pre-receive against attempts to rewrite a recorded game (reviewer'\''s cases)'
. "$(dirname "$0")/setup.sh"

# refused WHAT PATTERN: the push of alice'\''s main is refused with
# PATTERN in the hook'\''s words, and the server'\''s main is unchanged.
refused () {
	git_rev server.git main >server.before &&
	git -C alice commit -q -a -m "$1" &&
	test_must_fail git -C alice push origin main 2>err &&
	grep "$2" err &&
	grep "pre-receive hook declined" err &&
	git_rev server.git main >server.after &&
	test_cmp server.before server.after &&
	git -C alice reset -q --hard origin/main
}

test_expect_success 'setup: a game of 40 actions on the shared repository' '
	git_setup &&
	test_keys &&
	git_server server.git &&
	git clone -q server.git alice 2>/dev/null &&
	new_game g.trigon &&
	play g.trigon 39 7 &&
	cp g.trigon before-last.trigon &&
	play g.trigon 1 8 &&
	test $(grep -c "^[0-9]* [a-z]* " g.trigon) = 40 &&
	cp g.trigon alice/ &&
	git -C alice add g.trigon &&
	git -C alice commit -q -m game &&
	git -C alice push -q origin main
'

test_expect_success 'the last move cannot be removed by rewriting the end line (an earlier signed version)' '
	cp before-last.trigon alice/g.trigon &&
	trigon verify alice/g.trigon &&
	l=$(($(wc -l <before-last.trigon))) &&
	refused "drop the last move" "^remote: trigon: refs/heads/main: g.trigon:$l: error: rewrites a line already recorded: the new file must keep the old one.s first $(($(wc -l <g.trigon) - 1)) lines byte for byte and only add after them *$"
'

test_expect_success 'the body kept whole but an older end line put back is refused' '
	head -n -1 g.trigon >alice/g.trigon &&
	tail -n 1 before-last.trigon >>alice/g.trigon &&
	test_must_fail trigon verify alice/g.trigon &&
	l=$(wc -l <g.trigon) &&
	refused "old end line" "^remote: trigon: refs/heads/main: g.trigon:$l: error: "
'

test_expect_success 'an old annotation rewritten is refused, naming its line' '
	l=$(line_no g.trigon "^#= ") &&
	sed "${l}s/^#= /#= x/" g.trigon >alice/g.trigon &&
	! cmp -s g.trigon alice/g.trigon &&
	refused "rewrite a note" "^remote: trigon: refs/heads/main: g.trigon:$l: error: rewrites a line already recorded"
'

test_expect_success 'the file replaced by another valid game is refused at the game id' '
	new_game other.trigon $SEED1 &&
	play other.trigon 45 3 &&
	trigon verify other.trigon &&
	cp other.trigon alice/g.trigon &&
	refused "another game" "^remote: trigon: refs/heads/main: g.trigon:3: error: rewrites a line already recorded"
'

test_expect_success 'renaming the save file is refused (also to a name without .trigon)' '
	git -C alice mv g.trigon h.trigon &&
	refused "rename" "^remote: trigon: refs/heads/main: g.trigon: error: the save file is removed or renamed; a game may only grow *$" &&
	git -C alice mv g.trigon game.txt &&
	refused "rename" "^remote: trigon: refs/heads/main: g.trigon: error: the save file is removed or renamed; a game may only grow *$"
'

test_expect_success 'the save file replaced by a directory is refused' '
	git -C alice rm -q g.trigon &&
	mkdir alice/g.trigon && cp g.trigon alice/g.trigon/g.trigon &&
	git -C alice add g.trigon/g.trigon &&
	refused "dir" "^remote: trigon: refs/heads/main: g.trigon: error: the save file is removed or renamed" &&
	rm -rf alice/g.trigon && git -C alice checkout -q g.trigon
'

test_expect_success 'a second save file: a valid game is accepted, a damaged one refused' '
	head -n -1 other.trigon >alice/bad.trigon &&
	git -C alice add bad.trigon &&
	l=$(wc -l <other.trigon) &&
	refused "second, damaged" "^remote: trigon: refs/heads/main: bad.trigon:$l: error: no signed end line after move 45 (is the file cut short?) *$" &&
	mkdir -p alice/games &&
	cp other.trigon alice/games/second.trigon &&
	git -C alice add games/second.trigon &&
	git -C alice commit -q -m "a second game" &&
	git -C alice push -q origin main &&
	git -C server.git show main:games/second.trigon >second &&
	test_cmp other.trigon second
'

test_expect_success 'the second game is guarded like the first' '
	cp before-last.trigon alice/games/second.trigon &&
	refused "replace the second" "^remote: trigon: refs/heads/main: games/second.trigon:3: error: rewrites a line already recorded"
'

test_expect_success 'a save file recognised by its first line, whatever its name, is guarded too' '
	cp other.trigon alice/notes &&
	git -C alice add notes &&
	git -C alice commit -q -m notes &&
	git -C alice push -q origin main &&
	echo "scribble" >alice/notes &&
	refused "scribble" "^remote: trigon: refs/heads/main: notes:1: error: rewrites a line already recorded"
'

test_done
