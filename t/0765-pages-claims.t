#!/bin/sh
test_description='What the rules pages and trigon(1) claim of trigon new holds: every rule set they name with --rules makes a game, every --option with a value they show is accepted by that rule set, and no page says a rule set trigon new offers is not offered'
. "$(dirname "$0")/setup.sh"

MANDIR=$TRIGON_SRC_DIR/man
command -v mandoc >/dev/null 2>&1 && test_set_prereq MANDOC

# players RULES: the --player options of a game of RULES.
players () {
	case $1 in
	trigon) echo --player "green:Ann:keys/green.key.pub" \
		--player "purple:Ben:keys/purple.key.pub" ;;
	catan-duel|duel) echo --player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" ;;
	*) catan_players ;;
	esac
}

# page_rules PAGE: the rule set a rules page is about.
page_rules () {
	case $1 in
	trigon-rules.7) echo trigon ;;
	catan-rules.7) echo catan ;;
	catan-ck-rules.7) echo catan-ck ;;
	duel-rules.7) echo catan-duel ;;
	esac
}

test_expect_success MANDOC 'setup: the pages as text' '
	test_keys &&
	for p in trigon.1 trigon-rules.7 catan-rules.7 catan-ck-rules.7 duel-rules.7
	do
		mandoc -T ascii "$MANDIR/$p" | col -bx | tr -s " \n" "  " >"$p.txt" ||
		return 1
	done
'

test_expect_success MANDOC 'every rule set a page names with --rules makes a game with trigon new' '
	cat *.txt | grep -o -- "--rules [a-z][a-z-]*" | sed "s/--rules //" |
		grep -v -x name | sort -u >names &&
	grep -x catan-ck names && grep -x catan-duel names &&
	while read -r r
	do
		rm -f n.trigon &&
		trigon new n.trigon --rules $r --seed $SEED1 $(players $r) \
			>/dev/null 2>err || { echo "refused: --rules $r" && cat err && return 1; }
	done <names
'

test_expect_success MANDOC 'every --option with a value a rules page shows is accepted by its rule set' '
	for p in trigon-rules.7 catan-rules.7 catan-ck-rules.7 duel-rules.7
	do
		r=$(page_rules $p) &&
		grep -o -- "--option [a-z][a-z-]*=[a-z0-9][a-z0-9-]*" $p.txt |
			sed "s/--option //" | sort -u >opts.$r &&
		while read -r o
		do
			rm -f n.trigon &&
			trigon new n.trigon --rules $r --seed $SEED1 --option "$o" \
				$(players $r) >/dev/null 2>err ||
			{ echo "$p: refused: --option $o" && cat err && return 1; }
		done <opts.$r || return 1
	done &&
	grep -x mode=intro opts.catan-duel && grep -x first=draw opts.catan
'

test_expect_success MANDOC 'no page says a rule set trigon new offers is not offered' '
	! grep -i "not yet offered" *.txt
'

test_done
