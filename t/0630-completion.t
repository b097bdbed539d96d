#!/bin/sh
test_description='trigon completion bash and zsh: the scripts are generated from the
command table; sourced in bash, it completes commands, each command'\''s
options (from its option table) and files after the options that take one
'
. "$(dirname "$0")/setup.sh"

if ! command -v bash >/dev/null 2>&1
then
	skip_all='bash not found'
	test_done
fi

# complete WORD...: what the script offers for "WORD..." with the cursor
# at the end of the last word (bash's COMP_WORDS and COMP_CWORD, as
# bash sets them for a Tab), one a line.
complete () {
	bash ./complete.sh "$@"
}

test_expect_success 'setup: the script, and a bash that runs it as Tab does' '
	trigon completion bash >trigon.bash &&
	cat >complete.sh <<-\EOF &&
	. ./trigon.bash || exit 1
	COMP_WORDS=("$@")
	COMP_CWORD=$(( $# - 1 ))
	COMPREPLY=(unset)
	_trigon || exit 1
	if [ "${#COMPREPLY[@]}" -gt 0 ]; then
		printf "%s\n" "${COMPREPLY[@]}"
	fi
	EOF
	bash -c ". ./trigon.bash && complete -p trigon" >out &&
	echo "complete -o filenames -F _trigon trigon" >expect &&
	test_cmp expect out
'

test_expect_success 'trigon mo<Tab>: move and moves' '
	complete trigon mo >out &&
	printf "move\nmoves\n" >expect &&
	test_cmp expect out
'

test_expect_success 'trigon moves --j<Tab>: --json' '
	complete trigon moves --j >out &&
	echo --json >expect &&
	test_cmp expect out
'

test_expect_success 'trigon move --co<Tab>: --commit (an option of move alone)' '
	complete trigon move --co >out &&
	echo --commit >expect &&
	test_cmp expect out
'

test_expect_success 'files after -f, --file, --key and --data; after new'\''s --map and answer'\''s --maildir' '
	mkdir d &&
	: >d/g.trigon && : >d/k.key &&
	printf "d/g.trigon\nd/k.key\n" >expect &&
	complete trigon status -f d/ >out &&
	test_cmp expect out &&
	complete trigon moves --file d/ >out &&
	test_cmp expect out &&
	complete trigon move --key d/ >out &&
	test_cmp expect out &&
	complete trigon new x.trigon --data d/ >out &&
	test_cmp expect out &&
	complete trigon new x.trigon --map d/ >out &&
	test_cmp expect out &&
	complete trigon answer --watch 60 --maildir d/ >out &&
	test_cmp expect out &&
	complete trigon verify d/ >out &&
	test_cmp expect out
'

test_expect_success 'nothing after an option whose argument is not a file' '
	complete trigon moves --as d >out &&
	test_must_be_empty out &&
	complete trigon selfplay --games "" >out &&
	test_must_be_empty out
'

test_expect_success 'keygen -f is --force: files follow it as KEYFILE, not as its argument' '
	complete trigon keygen -f d/ >out &&
	printf "d/g.trigon\nd/k.key\n" >expect &&
	test_cmp expect out &&
	complete trigon keygen --f >out &&
	echo --force >expect &&
	test_cmp expect out
'

test_expect_success 'operand words: help COMMAND, help orders, hook, completion' '
	complete trigon help or >out &&
	echo orders >expect &&
	test_cmp expect out &&
	complete trigon help statu >out &&
	echo status >expect &&
	test_cmp expect out &&
	complete trigon help stats >out &&
	echo stats >expect &&
	test_cmp expect out &&
	complete trigon hook pre >out &&
	echo pre-receive >expect &&
	test_cmp expect out &&
	complete trigon completion "" >out &&
	printf "bash\nzsh\n" >expect &&
	test_cmp expect out
'

test_expect_success 'an unknown command: nothing' '
	complete trigon frob --j >out &&
	test_must_be_empty out
'

# The table as trigon --help lists it.
test_expect_success 'every command of the table is in the script' '
	trigon --help >help &&
	sed -n "s/^  \([a-z][a-z-]*\) .*/\1/p" help >commands &&
	grep -x completion commands >/dev/null &&
	test $(wc -l <commands) -gt 15 &&
	complete trigon "" >offered &&
	for c in $(cat commands)
	do
		grep -x "$c" offered >/dev/null ||
		{ echo "command $c not offered"; return 1; }
		complete trigon "$c" --he >out &&
		echo --help >expect &&
		test_cmp expect out ||
		{ echo "no options for $c"; return 1; }
	done
'

test_expect_success 'every option trigon help COMMAND documents is offered' '
	for c in $(cat commands)
	do
		trigon help "$c" >usage &&
		sed -n "s/^  \(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p" \
			usage >documented &&
		complete trigon "$c" -- >offered &&
		for o in $(cat documented)
		do
			grep -x -- "$o" offered >/dev/null ||
			{ echo "$c: $o not offered"; return 1; }
		done || return 1
	done
'

test_expect_success 'trigon completion: a shell it does not know, or none, is a usage error' '
	test_exit_code 2 trigon completion fish >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: no completion for '\''fish'\'': bash or zsh" >expect &&
	head -n 1 err >actual &&
	test_cmp expect actual &&
	test_exit_code 2 trigon completion >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: which shell? bash or zsh" >expect &&
	head -n 1 err >actual &&
	test_cmp expect actual
'

# zsh: the script's function over $words and $CURRENT as compsys sets
# them, with compadd (which keeps the words starting with $PREFIX) and
# _files standing in for zsh's own, printing what they are given.
command -v zsh >/dev/null 2>&1 && test_set_prereq ZSH

zcomplete () {
	zsh -f ./zcomplete.zsh "$@"
}

test_expect_success ZSH 'zsh: the script, sourced, registers itself with compdef' '
	trigon completion zsh >_trigon &&
	head -n 1 _trigon >first &&
	echo "#compdef trigon" >expect &&
	test_cmp expect first &&
	cat >zcomplete.zsh <<-\EOF &&
	compadd () {
		local w
		[[ $1 == -- ]] && shift
		for w in "$@"; do
			[[ $w == ${PREFIX}* ]] && print -r -- "$w"
		done
	}
	_files () { print -r -- "(files)" }
	compdef () { print -r -- "compdef $*" >registered }
	source ./_trigon || exit 1
	words=("$@")
	CURRENT=$#
	PREFIX=${words[CURRENT]}
	_trigon
	exit 0
	EOF
	zcomplete trigon "" >/dev/null &&
	echo "compdef _trigon trigon" >expect &&
	test_cmp expect registered
'

test_expect_success ZSH 'zsh: trigon mo<Tab>, moves --j<Tab>, files after -f and --key' '
	zcomplete trigon mo >out &&
	printf "move\nmoves\n" >expect &&
	test_cmp expect out &&
	zcomplete trigon moves --j >out &&
	echo --json >expect &&
	test_cmp expect out &&
	echo "(files)" >expect &&
	zcomplete trigon status -f "" >out &&
	test_cmp expect out &&
	zcomplete trigon move --key d/ >out &&
	test_cmp expect out &&
	zcomplete trigon moves --as "" >out &&
	test_must_be_empty out &&
	zcomplete trigon help or >out &&
	echo orders >expect &&
	test_cmp expect out
'

test_expect_success ZSH 'zsh: autoloaded from $fpath (#compdef), it completes at once' '
	mkdir fp &&
	cp _trigon fp/ &&
	cat >zauto.zsh <<-\EOF &&
	compadd () { [[ $1 == -- ]] && shift; print -rl -- "$@" }
	fpath=(./fp $fpath)
	autoload -Uz _trigon
	words=(trigon completion "")
	CURRENT=3
	PREFIX=
	_trigon
	EOF
	zsh -f ./zauto.zsh >out &&
	printf "bash\nzsh\n" >expect &&
	test_cmp expect out
'

test_expect_success ZSH 'zsh: every command of the table, with its options' '
	zcomplete trigon "" >offered &&
	for c in $(cat commands)
	do
		grep -x "$c" offered >/dev/null ||
		{ echo "command $c not offered"; return 1; }
		zcomplete trigon "$c" --he >out &&
		echo --help >expect &&
		test_cmp expect out ||
		{ echo "no options for $c"; return 1; }
	done
'

test_done
