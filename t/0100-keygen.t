#!/bin/sh
test_description='trigon keygen and pubkey: key files, passphrases, damage'
. "$(dirname "$0")/setup.sh"

# The base64 seed of an unprotected key file: must never be printed.
seed_of () {
	sed -n "s/^seed //p" "$1"
}

test_expect_success 'keygen --no-passphrase creates the key in the config dir' '
	trigon keygen --no-passphrase >out 2>err &&
	test -f "$HOME/.config/trigon/key" &&
	test -f "$HOME/.config/trigon/key.pub" &&
	echo "trigon: secret key (no passphrase) written to '\''$HOME/.config/trigon/key'\'', public key to '\''$HOME/.config/trigon/key.pub'\''" >expect &&
	test_cmp expect err
'

test_expect_success 'the secret key file has mode 0600, the directory 0700' '
	echo 600 >expect &&
	stat -c %a "$HOME/.config/trigon/key" >actual &&
	test_cmp expect actual &&
	echo 700 >expect &&
	stat -c %a "$HOME/.config/trigon" >actual &&
	test_cmp expect actual
'

test_expect_success 'the public key line is printed and stored in KEY.pub' '
	test_cmp "$HOME/.config/trigon/key.pub" out &&
	grep -E "^trigon-ed25519:[A-Za-z0-9_-]{43}$" out &&
	test "$(wc -l <out)" = 1
'

test_expect_success 'the key file is in the documented format' '
	k="$HOME/.config/trigon/key" &&
	sed -n 1p "$k" >line1 && echo "trigon-secret-key v1" >expect &&
	test_cmp expect line1 &&
	sed -n 2p "$k" >line2 && echo "public $(cat out)" >expect &&
	test_cmp expect line2 &&
	sed -n 3p "$k" >line3 && echo "kdf none" >expect &&
	test_cmp expect line3 &&
	grep -E "^seed [A-Za-z0-9_-]{43}$" "$k" &&
	grep -E "^check [A-Za-z0-9_-]{43}$" "$k" &&
	test "$(wc -l <"$k")" = 5
'

test_expect_success 'the secret seed appears in no output' '
	seed=$(seed_of "$HOME/.config/trigon/key") &&
	test -n "$seed" &&
	trigon pubkey >out2 2>err2 &&
	trigon pubkey --check >out3 2>err3 &&
	! grep -F "$seed" out err out2 err2 out3 err3
'

test_expect_success 'pubkey prints the same line as keygen did' '
	trigon pubkey >actual &&
	test_cmp out actual &&
	trigon pubkey --check >actual &&
	test_cmp out actual
'

test_expect_success 'an existing key is not overwritten (exit 1)' '
	cp "$HOME/.config/trigon/key" before &&
	test_exit_code 1 trigon keygen --no-passphrase >out4 2>err &&
	test_must_be_empty out4 &&
	echo "trigon: '\''$HOME/.config/trigon/key.pub'\'' already exists; use --force to replace the key" >expect &&
	test_cmp expect err &&
	test_cmp before "$HOME/.config/trigon/key"
'

test_expect_success 'an existing secret key without .pub is not overwritten' '
	trigon keygen --no-passphrase k >/dev/null 2>&1 &&
	rm k.pub && cp k before &&
	test_exit_code 1 trigon keygen --no-passphrase k 2>err &&
	echo "trigon: '\''k'\'' already exists; use --force to replace the key" >expect &&
	test_cmp expect err &&
	test_cmp before k
'

test_expect_success '--force replaces the key by a new one, still 0600' '
	trigon keygen --force --no-passphrase >new 2>/dev/null &&
	! test_cmp out new &&
	test_cmp new "$HOME/.config/trigon/key.pub" &&
	echo 600 >expect &&
	stat -c %a "$HOME/.config/trigon/key" >actual &&
	test_cmp expect actual
'

test_expect_success 'keygen -f is refused: it no longer means --force; the key stays' '
	cp "$HOME/.config/trigon/key" before &&
	test_exit_code 2 trigon keygen -f --no-passphrase >out6 2>err &&
	test_must_be_empty out6 &&
	head -n 1 err >actual &&
	echo "trigon: keygen has no -f (it used to mean --force; elsewhere -f names the save file); to replace an existing key, say --force" >expect &&
	test_cmp expect actual &&
	test_cmp before "$HOME/.config/trigon/key"
'

test_expect_success '--force says on stderr which key it replaced' '
	old=$(cat "$HOME/.config/trigon/key.pub") &&
	trigon keygen --force --no-passphrase >new 2>err &&
	test_cmp new "$HOME/.config/trigon/key.pub" &&
	cat >expect <<-EOF &&
	trigon: replaced the existing key '\''$HOME/.config/trigon/key'\'' (--force); the old key ($old) is gone: you can no longer move in games that name it
	trigon: secret key (no passphrase) written to '\''$HOME/.config/trigon/key'\'', public key to '\''$HOME/.config/trigon/key.pub'\''
	EOF
	test_cmp expect err
'

test_expect_success '--force of a key that was not there says nothing of replacing' '
	trigon keygen --force --no-passphrase fresh >/dev/null 2>err &&
	echo "trigon: secret key (no passphrase) written to '\''fresh'\'', public key to '\''fresh.pub'\''" >expect &&
	test_cmp expect err
'

test_expect_success 'keygen KEYFILE with --passphrase-file makes a protected key' '
	echo "correct horse" >pass &&
	trigon keygen --passphrase-file pass prot >pub 2>err &&
	echo "trigon: secret key (passphrase-protected) written to '\''prot'\'', public key to '\''prot.pub'\''" >expect &&
	test_cmp expect err &&
	grep -E "^kdf argon2id13 2 67108864 [A-Za-z0-9_-]{22}$" prot &&
	grep -E "^nonce [A-Za-z0-9_-]{32}$" prot &&
	grep -E "^seed [A-Za-z0-9_-]{64}$" prot &&
	test "$(wc -l <prot)" = 6
'

test_expect_success 'pubkey needs no passphrase, even without KEYFILE.pub' '
	rm prot.pub &&
	trigon pubkey prot </dev/null >actual &&
	test_cmp pub actual
'

test_expect_success 'pubkey --check opens it with the right passphrase' '
	trigon pubkey --check --passphrase-file pass prot >actual &&
	test_cmp pub actual
'

test_expect_success 'a wrong passphrase is refused with exit 3' '
	echo "wrong horse" >wrong &&
	test_exit_code 3 trigon pubkey --check --passphrase-file wrong prot >out5 2>err &&
	test_must_be_empty out5 &&
	echo "trigon: wrong passphrase for '\''prot'\''" >expect &&
	test_cmp expect err
'

test_expect_success 'the passphrase can come from TRIGON_PASSPHRASE' '
	TRIGON_PASSPHRASE="env pass" trigon keygen envkey >envpub 2>/dev/null &&
	TRIGON_PASSPHRASE="env pass" trigon pubkey --check envkey >actual &&
	test_cmp envpub actual &&
	test_exit_code 3 env TRIGON_PASSPHRASE=nope trigon pubkey --check envkey 2>err &&
	echo "trigon: wrong passphrase for '\''envkey'\''" >expect &&
	test_cmp expect err
'

test_expect_success 'a protected key with no passphrase source is a usage error' '
	test_exit_code 2 trigon pubkey --check prot </dev/null 2>err &&
	echo "trigon: '\''prot'\'' needs a passphrase: give it with --passphrase-file FILE or in \$TRIGON_PASSPHRASE, or run trigon on a terminal" >expect &&
	test_cmp expect err
'

test_expect_success 'keygen without terminal or passphrase source is a usage error' '
	test_exit_code 2 trigon keygen nopass </dev/null 2>err &&
	head -n 1 err >actual &&
	echo "trigon: no passphrase for the new key: give one with --passphrase-file FILE or in \$TRIGON_PASSPHRASE, run trigon on a terminal, or use --no-passphrase for an unprotected key" >expect &&
	test_cmp expect actual &&
	test ! -e nopass
'

test_expect_success 'an empty passphrase file or variable is refused' '
	: >empty &&
	test_exit_code 2 trigon keygen --passphrase-file empty e1 2>err &&
	echo "trigon: passphrase file '\''empty'\'' is empty" >expect &&
	test_cmp expect err &&
	test_exit_code 2 env TRIGON_PASSPHRASE= trigon keygen e2 2>err &&
	echo "trigon: TRIGON_PASSPHRASE is set but empty" >expect &&
	test_cmp expect err &&
	test ! -e e1 && test ! -e e2
'

test_expect_success '--no-passphrase and --passphrase-file exclude each other' '
	test_exit_code 2 trigon keygen --no-passphrase --passphrase-file pass x 2>err &&
	grep "^trigon: --no-passphrase and --passphrase-file exclude each other$" err
'

test_expect_success 'a secret key file readable by others is refused (exit 3)' '
	chmod 644 prot &&
	test_exit_code 3 trigon pubkey --check --passphrase-file pass prot 2>err &&
	echo "trigon: permissions 0644 for '\''prot'\'' are too open; the secret key file must be readable by its owner only (chmod 600 '\''prot'\'')" >expect &&
	test_cmp expect err &&
	chmod 640 prot &&
	test_exit_code 3 trigon pubkey --check --passphrase-file pass prot 2>err &&
	grep "permissions 0640 for" err &&
	chmod 600 prot
'

# Damaged copies of the protected key, each refused with its reason.
damaged () {
	cp prot "$1" && chmod 600 "$1"
}

test_expect_success 'a truncated key file is refused (exit 3)' '
	head -c 100 prot >trunc && chmod 600 trunc &&
	test_exit_code 3 trigon pubkey --check --passphrase-file pass trunc 2>err &&
	echo "trigon: trunc:3: truncated key file: line 3 does not end" >expect &&
	test_cmp expect err
'

test_expect_success 'a flipped byte in the sealed seed fails the checksum (exit 3)' '
	damaged flip &&
	sed -i "5s/^seed \(.\)\(.*\)$/seed \2\1/" flip &&
	! test_cmp prot flip &&
	test_exit_code 3 trigon pubkey --check --passphrase-file pass flip 2>err &&
	echo "trigon: flip:6: checksum mismatch: the key file is damaged" >expect &&
	test_cmp expect err
'

test_expect_success 'bad base64 is refused (exit 3)' '
	damaged b64 &&
	sed -i "5s/^seed ./seed */" b64 &&
	test_exit_code 3 trigon pubkey --check --passphrase-file pass b64 2>err &&
	echo "trigon: b64:5: bad seed: wanted 48 bytes in base64" >expect &&
	test_cmp expect err
'

test_expect_success 'absurd KDF parameters are refused before any work (exit 3)' '
	damaged kdf1 &&
	sed -i "3s/ 2 67108864 / 2 68719476736 /" kdf1 &&
	test_exit_code 3 trigon pubkey --check --passphrase-file pass kdf1 2>err &&
	echo "trigon: kdf1:3: kdf memlimit '\''68719476736'\'' is not a number from 8192 to 1073741824" >expect &&
	test_cmp expect err &&
	damaged kdf2 &&
	sed -i "3s/ 2 67108864 / 4294967295 67108864 /" kdf2 &&
	test_exit_code 3 trigon pubkey --check --passphrase-file pass kdf2 2>err &&
	echo "trigon: kdf2:3: kdf opslimit '\''4294967295'\'' is not a number from 1 to 16" >expect &&
	test_cmp expect err
'

test_expect_success 'pubkey of a damaged key file is refused too' '
	test_exit_code 3 trigon pubkey flip 2>err &&
	echo "trigon: flip:6: checksum mismatch: the key file is damaged" >expect &&
	test_cmp expect err
'

test_expect_success 'a damaged KEYFILE.pub is refused' '
	trigon pubkey --check --passphrase-file pass prot >/dev/null &&
	cp pub prot.pub &&
	echo "trigon-ed25519:short" >prot.pub &&
	test_exit_code 3 trigon pubkey prot 2>err &&
	echo "trigon: prot.pub:1: bad public key: 5 characters after '\''trigon-ed25519:'\'', wanted 43" >expect &&
	test_cmp expect err &&
	rm prot.pub
'

test_expect_success 'pubkey --check notices a KEYFILE.pub of another key' '
	cp "$HOME/.config/trigon/key.pub" prot.pub &&
	test_exit_code 3 trigon pubkey --check --passphrase-file pass prot 2>err &&
	echo "trigon: '\''prot.pub'\'' does not belong to '\''prot'\''" >expect &&
	test_cmp expect err &&
	rm prot.pub
'

test_expect_success 'a missing key file is exit 3' '
	test_exit_code 3 trigon pubkey nosuch 2>err &&
	echo "trigon: cannot open '\''nosuch'\'': No such file or directory" >expect &&
	test_cmp expect err
'

test_expect_success 'usage errors: extra arguments, unknown option' '
	test_exit_code 2 trigon keygen a b 2>err &&
	grep "^trigon: too many arguments$" err &&
	test_exit_code 2 trigon keygen --frob 2>err &&
	grep "^trigon: unknown option .--frob.$" err &&
	test_exit_code 2 trigon pubkey --passphrase-file pass prot 2>err &&
	grep "^trigon: --passphrase-file needs --check$" err
'

test_expect_success 'TRIGON_HOME sets where the default key goes' '
	TRIGON_HOME="$PWD/th" trigon keygen --no-passphrase >thpub 2>/dev/null &&
	test_cmp thpub th/key.pub &&
	TRIGON_HOME="$PWD/th" trigon pubkey >actual &&
	test_cmp thpub actual
'

test_expect_success 'the [player] key of the configuration is the default key' '
	mkdir -p cfg &&
	printf "[player]\nkey = %s/prot\n" "$PWD" >cfg/config &&
	TRIGON_HOME="$PWD/cfg" trigon pubkey >actual &&
	test_cmp pub actual
'


# On a terminal (a pty from script(1)): asked twice, never echoed.
command -v script >/dev/null 2>&1 && command -v timeout >/dev/null 2>&1 &&
	test_set_prereq TTY

# on_tty CMD PROMPT LINE...: run CMD on a pty; each time PROMPT (a grep
# pattern) shows up in the transcript, type the next LINE.  Input typed
# before the prompt would be discarded, as it should be.
on_tty () {
	cmd=$1 prompt=$2
	shift 2
	rm -f transcript
	(for l in "$@"
	do
		n=0
		while test $n -lt 300 &&
			test "$(grep -c "$prompt" transcript 2>/dev/null)" != "$(($(cat typed 2>/dev/null || echo 0) + 1))"
		do
			sleep 0.1
			n=$((n + 1))
		done
		echo $(($(cat typed 2>/dev/null || echo 0) + 1)) >typed
		printf "%s\n" "$l"
	done; sleep 1) |
	timeout 60 script -qefc "$cmd" transcript >/dev/null 2>&1
	rc=$?
	rm -f typed
	return $rc
}

test_expect_success TTY 'keygen on a terminal asks twice without echo' '
	on_tty "trigon keygen ttykey" "passphrase" "open sesame" "open sesame" &&
	grep "^New passphrase for .ttykey.: " transcript &&
	grep "^Repeat the passphrase: " transcript &&
	! grep "open sesame" transcript &&
	echo "open sesame" >ttypass &&
	trigon pubkey --check --passphrase-file ttypass ttykey >actual &&
	test_cmp ttykey.pub actual
'

test_expect_success TTY 'different passphrases on the terminal are refused' '
	test_exit_code 2 on_tty "trigon keygen ttykey2" "passphrase" "one" "two" &&
	grep "^trigon: the passphrases do not match" transcript &&
	test ! -e ttykey2
'

test_expect_success TTY 'pubkey --check asks on the terminal; three wrong answers are exit 3' '
	on_tty "trigon pubkey --check ttykey" "Passphrase for" "open sesame" &&
	grep "^Passphrase for .ttykey.: " transcript &&
	grep "^trigon-ed25519:" transcript &&
	test_exit_code 3 on_tty "trigon pubkey --check ttykey" "Passphrase for" "open sesam" "open sesam" "open sesam" &&
	test "$(grep -c "^Passphrase for .ttykey.: " transcript)" = 3 &&
	test "$(grep -c "^wrong passphrase, try again" transcript)" = 2 &&
	grep "^trigon: wrong passphrase for .ttykey. (3 tries)" transcript &&
	! grep "^trigon-ed25519:" transcript
'

test_expect_success TTY 'a wrong passphrase at the terminal is asked again' '
	on_tty "trigon pubkey --check ttykey" "Passphrase for" "open sesam" "open sesame" &&
	test "$(grep -c "^Passphrase for .ttykey.: " transcript)" = 2 &&
	test "$(grep -c "^wrong passphrase, try again" transcript)" = 1 &&
	grep "^trigon-ed25519:" transcript &&
	! grep "^trigon: " transcript
'

test_expect_success TTY 'a passphrase file is one-shot, also on a terminal' '
	echo "open sesam" >ttywrong &&
	test_exit_code 3 on_tty "trigon pubkey --check --passphrase-file ttywrong ttykey" "Passphrase for" &&
	grep "^trigon: wrong passphrase for .ttykey.\(.\)\?\$" transcript &&
	! grep "try again" transcript &&
	! grep "^Passphrase for" transcript
'

test_expect_success 'a key in the way is refused before any passphrase is asked (none given here: the refusal, not the request for one)' '
	trigon keygen --no-passphrase inway.key >/dev/null 2>&1 &&
	cp inway.key before &&
	test_exit_code 1 env -u TRIGON_PASSPHRASE trigon keygen inway.key </dev/null 2>err &&
	echo "trigon: '\''inway.key.pub'\'' already exists; use --force to replace the key" >expect &&
	test_cmp expect err &&
	test_exit_code 1 trigon keygen --passphrase-file /nonexistent inway.key </dev/null 2>err &&
	test_cmp expect err &&
	test_cmp before inway.key
'

test_expect_success 'move with no game file says so before asking the passphrase' '
	TRIGON_PASSPHRASE=secret trigon keygen withpass.key >/dev/null 2>&1 &&
	mkdir nofile &&
	(cd nofile &&
	 test_exit_code 3 env -u TRIGON_PASSPHRASE trigon move --key ../withpass.key end </dev/null 2>../err) &&
	head -n 1 err >first &&
	echo "trigon: cannot open '\''game.trigon'\'': No such file or directory" >expect &&
	test_cmp expect first &&
	test_must_fail grep -i passphrase err
'

test_done
