#!/bin/sh
test_description='configuration file: discovery, keys, errors with FILE:LINE'
. "$(dirname "$0")/setup.sh"

# trigon pubkey without KEYFILE reads the configuration for [player] key.

test_expect_success 'setup: two keys' '
	trigon keygen --no-passphrase k1 >k1.line 2>/dev/null &&
	trigon keygen --no-passphrase k2 >k2.line 2>/dev/null
'

test_expect_success 'no configuration file: defaults, not an error' '
	test_exit_code 3 trigon pubkey 2>err &&
	echo "trigon: cannot open '\''$HOME/.config/trigon/key'\'': No such file or directory" >expect &&
	test_cmp expect err
'

test_expect_success '$HOME/.config/trigon/config is read' '
	mkdir -p "$HOME/.config/trigon" &&
	printf "[player]\nkey = %s/k1\n" "$PWD" >"$HOME/.config/trigon/config" &&
	trigon pubkey >actual &&
	test_cmp k1.line actual
'

test_expect_success '$XDG_CONFIG_HOME/trigon/config comes before it' '
	mkdir -p xdg/trigon &&
	printf "[player]\nkey = %s/k2\n" "$PWD" >xdg/trigon/config &&
	XDG_CONFIG_HOME="$PWD/xdg" trigon pubkey >actual &&
	test_cmp k2.line actual
'

test_expect_success '$TRIGON_HOME/config comes before both' '
	mkdir -p th &&
	printf "[player]\nkey = %s/k1\n" "$PWD" >th/config &&
	TRIGON_HOME="$PWD/th" XDG_CONFIG_HOME="$PWD/xdg" trigon pubkey >actual &&
	test_cmp k1.line actual
'

test_expect_success '~/ in a path is the home directory' '
	mkdir -p "$HOME/sub" && cp k2 k2.pub "$HOME/sub/" &&
	printf "[player]\nname = Anna\nkey = ~/sub/k2\n" >th/config &&
	TRIGON_HOME="$PWD/th" trigon pubkey >actual &&
	test_cmp k2.line actual
'

test_expect_success 'every documented key is accepted' '
	cat >th/config <<-EOF &&
	; comment
	# comment
	[player]
	name = Anna de Vries
	email = anna@example.org
	key = ~/sub/k2
	[game]
	file = ~/games/a.trigon
	[git]
	commit = no
	remote = origin
	[mail]
	to = players@example.org
	from = anna@example.org
	sendmail = /usr/sbin/sendmail
	EOF
	TRIGON_HOME="$PWD/th" trigon pubkey >actual &&
	test_cmp k2.line actual
'

# check_config LINE MESSAGE: th/config must fail with "th/config:LINE: MESSAGE".
check_config () {
	test_exit_code 3 env TRIGON_HOME="$PWD/th" trigon pubkey >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: $PWD/th/config:$1: $2" >expect &&
	test_cmp expect err
}

test_expect_success 'a misspelt key is refused with a suggestion' '
	printf "[player]\nname = Anna\nkye = ~/k2\n" >th/config &&
	check_config 3 "unknown key '\''kye'\'' in section [player]; did you mean '\''key'\''?"
'

test_expect_success 'an unknown key without a near one' '
	printf "[git]\n\nbranch = main\n" >th/config &&
	check_config 3 "unknown key '\''branch'\'' in section [git]"
'

test_expect_success 'a misspelt section is refused at its header line' '
	printf "[player]\nname = A\n\n[mial]\nto = a@b\n" >th/config &&
	check_config 4 "unknown section [mial]; did you mean [mail]?"
'

test_expect_success 'a key outside any section' '
	printf "name = A\n" >th/config &&
	check_config 1 "'\''name'\'' outside any section (known: [player], [game], [git], [mail])"
'

test_expect_success 'a bad yes/no value' '
	printf "[git]\ncommit = sometimes\n" >th/config &&
	check_config 2 "'\''commit'\'' in section [git] must be yes or no, not '\''sometimes'\''"
'

test_expect_success 'a bad e-mail address' '
	printf "[mail]\nto = nobody\n" >th/config &&
	check_config 2 "'\''to'\'' in section [mail] is not an e-mail address (wanted user@host): '\''nobody'\''"
'

test_expect_success 'an empty value' '
	printf "[player]\nemail =\n" >th/config &&
	check_config 2 "no value for '\''email'\'' in section [player]"
'

test_expect_success 'a key set twice' '
	printf "[player]\nname = A\nname = B\n" >th/config &&
	check_config 3 "'\''name'\'' in section [player] is set twice (first on line 2)"
'

test_expect_success 'a syntax error' '
	printf "[player]\nname: A\n[game\n" >th/config &&
	check_config 3 "syntax error: wanted '\''[section]'\'', '\''key = value'\'' or a comment"
'

test_expect_success '~user is not expanded' '
	printf "[player]\nkey = ~bob/key\n" >th/config &&
	check_config 2 "cannot expand '\''~bob/key'\'' for '\''key'\'': only '\''~/'\'' (with HOME set) is understood, and the result must be shorter than 1024 bytes"
'

test_expect_success 'an explicit KEYFILE needs no configuration' '
	TRIGON_HOME="$PWD/th" trigon pubkey k1 >actual &&
	test_cmp k1.line actual
'

test_expect_success 'an unreadable configuration file is exit 3' '
	rm th/config && mkdir th/config &&
	test_exit_code 3 env TRIGON_HOME="$PWD/th" trigon pubkey 2>err &&
	grep "^trigon: cannot read '\''$PWD/th/config'\'': Is a directory$" err
'

test_done
