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
		usage_refused $c \"unknown option '--frob'\" --frob
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
		usage_refused $1 \"option '$2' needs an argument\" $2
	"
done

# did you mean: the nearest of the command's own options,
# from its option table -- also for commands that parse their own
# arguments (new, keygen, pubkey, play).
for spec in "moves --jsn --json" "move --comit --commit" \
	"status --jsno --json" "verify --josn --json" "log --lsat --last" \
	"board --colour --color" "hand --ass --as" "bot --sugest --suggest" \
	"selfplay --gmaes --games" "mail --attach-sgv --attach-svg" \
	"sync --remtoe --remote" "push --rmeote --remote" \
	"new --mpa --map" "new --sede --seed" "keygen --no-passphrse --no-passphrase" \
	"pubkey --chek --check" "play --sede --seed"
do
	set -- $spec
	test_expect_success "$1 $2: did you mean '$3'?" "
		usage_refused $1 \"unknown option '$2'; did you mean '$3'?\" $2 x
	"
done

test_expect_success 'an option too far from any: no suggestion' '
	usage_refused moves "unknown option '\''--frobnicate'\''" --frobnicate
'

test_expect_success 'an ambiguous prefix names the options it could be' '
	usage_refused play "ambiguous option '\''--p'\''; could be: --playouts --passphrase-file --plain" --p 5
'

test_expect_success 'an argument given to an option that takes none' '
	usage_refused status "option '\''--json'\'' takes no argument" --json=yes
'

test_expect_success 'an unknown short option, also inside a group' '
	usage_refused move "unknown option '\''-x'\''" -x end &&
	usage_refused status "unknown option '\''-q'\''" --json -q
'

test_expect_success 'global options: did you mean, exit 2' '
	test_exit_code 2 trigon --verison >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: unknown option '\''--verison'\''; did you mean '\''--version'\''?" >expect &&
	head -n 1 err >actual &&
	test_cmp expect actual
'

test_expect_success 'unknown commands suggest the same way' '
	test_exit_code 2 trigon mvoe >out 2>err &&
	test_must_be_empty out &&
	echo "trigon: unknown command '\''mvoe'\''; did you mean '\''move'\''?" >expect &&
	test_cmp expect err
'

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
	test_expect_success "$c: a --key path too long is refused whole, never cut" "
		k=\$(long_key) &&
		test \${#k} -gt 1023 &&
		test -r \"\$(printf %s \"\$k\" | cut -c1-1022)\" &&
		usage_refused $c \"--key '././././././././././././././././././././...' is too long\" \\
			-f g.trigon --as green --key \"\$k\"
	"
done

test_expect_success 'sync and mail: a --key path too long is refused whole, never cut' '
	k=$(long_key) &&
	usage_refused mail "--key '\''././././././././././././././././././././...'\'' is too long" \
		-f g.trigon --key "$k" &&
	usage_refused sync "--key '\''././././././././././././././././././././...'\'' is too long" \
		-f g.trigon --key "$k"
'

test_expect_success 'no message cites a section sign of a document the user does not have (a refusal cites a rules page, as duel-rules(7), MODES)' '
	(cd "$TRIGON_SRC_DIR" && grep -n "\"[^\"]*§" lib/*.c lib/games/*/*.c \
		cmd/*.c) >strings ;
	grep -v "^[^:]*:[0-9]*:[	 ]*/*\*" strings >found ;
	test_must_be_empty found
'

test_done
