#!/bin/sh
test_description='usage errors of the save-file and key commands: an unknown
option, an option without its argument and an extra argument each exit 2
with one "trigon: ..." line and the usage on stderr, nothing on stdout, and
leave the files alone (trigon(1), EXIT STATUS)'
. "$(dirname "$0")/setup.sh"

test_expect_success 'setup: a game and keys' '
	test_keys &&
	new_game g.trigon &&
	cp g.trigon before
'

# usage_refused CMD MESSAGE ARGS...: trigon CMD ARGS... exits 2, prints
# exactly "trigon: MESSAGE" and the command's usage line on stderr and
# nothing on stdout, and g.trigon is unchanged.
usage_refused () {
	ur_cmd=$1 ur_msg=$2
	shift 2
	test_exit_code 2 trigon "$ur_cmd" "$@" >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: $ur_msg" >expect &&
	head -n 1 err >actual &&
	test_cmp expect actual &&
	sed -n "2s/^\(usage: trigon [a-z]*\).*/\1/p" err >actual &&
	echo "usage: trigon $ur_cmd" >expect &&
	test_cmp expect actual &&
	test_cmp before g.trigon
}

for c in new move status moves log verify keygen pubkey
do
	test_expect_success "$c: an unknown option" "
		usage_refused $c \"unknown option or missing argument '--frob'\" --frob
	"
done

# An option that takes an argument, given last without it.
for spec in "new --seed" "new --player" "new --map" "move -f" "move --key" \
	"move --passphrase-file" "status -f" "moves -f" "moves --as" \
	"moves --key" "log -f" "verify -f" "keygen --passphrase-file" \
	"pubkey --passphrase-file"
do
	set -- $spec
	test_expect_success "$1: $2 without its argument" "
		usage_refused $1 \"unknown option or missing argument '$2'\" $2
	"
done

test_expect_success 'new: an extra argument' '
	usage_refused new "too many arguments" x.trigon y.trigon \
		--player green:A:keys/green.key.pub \
		--player purple:B:keys/purple.key.pub &&
	! test -e x.trigon && ! test -e y.trigon
'

for c in status moves log verify
do
	test_expect_success "$c: an extra argument" "
		usage_refused $c 'too many arguments' -f g.trigon extra
	"
done

test_expect_success 'keygen and pubkey: an extra argument' '
	usage_refused keygen "too many arguments" --no-passphrase k1 k2 &&
	! test -e k1 && ! test -e k2 &&
	usage_refused pubkey "too many arguments" keys/green.key keys/purple.key
'

test_expect_success 'move: no action is a usage error' '
	usage_refused move "no action given" -f g.trigon --key keys/green.key
'

# A --key path longer than trigon keeps (1023 bytes) whose first 1023
# bytes name another key file: cutting it would read green's key.
long_key () {
	printf "./%.0s" $(seq 1 502) &&
	printf "keys/green.key.pub" &&
	printf "%0100d" 0
}

for c in moves hand board
do
	test_expect_success "issue 14: $c: a --key path too long is refused whole, never cut" "
		k=\$(long_key) &&
		test \${#k} -gt 1023 &&
		test -r \"\$(printf %s \"\$k\" | cut -c1-1022)\" &&
		usage_refused $c \"--key '././././././././././././././././././././...' is too long\" \\
			-f g.trigon --as green --key \"\$k\"
	"
done

test_expect_success 'issue 14: sync and mail: a --key path too long is refused whole, never cut' '
	k=$(long_key) &&
	usage_refused mail "--key '\''././././././././././././././././././././...'\'' is too long" \
		-f g.trigon --key "$k" &&
	usage_refused sync "--key '\''././././././././././././././././././././...'\'' is too long" \
		-f g.trigon --key "$k"
'

test_done
