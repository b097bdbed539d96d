/*
 * t/unit/keys.c -- lib/keys.c: creating, loading and checking key files
 * and public key lines, every refusal with its exact message, and the
 * fuzzers' regression inputs (t/fuzz-regress/keyfile/).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "../tap.h"
#include "keys.h"

static char dir[256];

static const char *
path(const char *name)
{
	static char buf[2][512];
	static int which;

	which = !which;
	snprintf(buf[which], sizeof buf[which], "%s/%s", dir, name);
	return buf[which];
}

static size_t
slurp(const char *p, char *buf, size_t n)
{
	FILE *f = fopen(p, "rb");
	size_t len;

	if (f == NULL)
		return 0;
	len = fread(buf, 1, n - 1, f);
	buf[len] = '\0';
	fclose(f);
	return len;
}

static void
spit(const char *p, const char *buf, size_t len, mode_t mode)
{
	FILE *f = fopen(p, "wb");

	if (f == NULL)
		bail("cannot write %s", p);
	fwrite(buf, 1, len, f);
	fclose(f);
	chmod(p, mode);
}

/* Parse text as a key file; return the error message ("" when ok). */
static const char *
parse_msg(const char *text, size_t len)
{
	static char msg[ERR_MSG_MAX + 300];
	struct key_file kf;
	struct err e;

	err_clear(&e);
	if (keys_parse_secret_buf("k", text, len, &kf, &e) == 0) {
		keys_file_wipe(&kf);
		return "";
	}
	if (e.line > 0)
		snprintf(msg, sizeof msg, "%s:%d: %s", e.file, e.line, e.msg);
	else
		snprintf(msg, sizeof msg, "%s", e.msg);
	return msg;
}

static void
test_plain(unsigned char *sk)
{
	unsigned char pk[KEY_PUB_BYTES], pk2[KEY_PUB_BYTES], sig[64];
	char line[KEY_PUB_TEXT_MAX], text[KEYS_FILE_MAX], want[600];
	struct stat st;
	struct err e;
	int prot = -1;

	err_clear(&e);
	is_int(0, keys_generate(path("plain"), NULL, 0, 0, pk, &e),
	    "keys_generate makes an unprotected key");
	ok(stat(path("plain"), &st) == 0 && (st.st_mode & 07777) == 0600,
	    "the secret key file has mode 0600");
	keys_pub_format(pk, line, sizeof line);
	snprintf(want, sizeof want, "%s\n", line);
	slurp(path("plain.pub"), text, sizeof text);
	is_string(want, text, "PATH.pub holds the public key line");
	is_int(58, (long long)strlen(line), "the public key line is 58 "
	    "characters");
	ok(strncmp(line, "trigon-ed25519:", 15) == 0,
	    "it starts with trigon-ed25519:");
	is_int(0, keys_is_protected(path("plain"), &prot, &e),
	    "keys_is_protected reads it");
	is_int(0, prot, "and says unprotected");
	is_int(0, keys_load_secret(path("plain"), NULL, 0, sk, pk2, &e),
	    "keys_load_secret loads it without a passphrase");
	ok(memcmp(pk, pk2, sizeof pk) == 0, "the loaded public key matches");
	crypto_sign_detached(sig, NULL, (const unsigned char *)"m", 1, sk);
	is_int(0, crypto_sign_verify_detached(sig, (const unsigned char *)"m",
	    1, pk), "the loaded secret key signs for the public key");
	memset(pk2, 0, sizeof pk2);
	is_int(0, keys_load_public(path("plain"), pk2, &e),
	    "keys_load_public reads PATH.pub");
	ok(memcmp(pk, pk2, sizeof pk) == 0, "same public key");
	unlink(path("plain.pub"));
	memset(pk2, 0, sizeof pk2);
	is_int(0, keys_load_public(path("plain"), pk2, &e),
	    "without PATH.pub, keys_load_public reads the public line");
	ok(memcmp(pk, pk2, sizeof pk) == 0, "same public key");

	is_int(ERR_REFUSED, keys_generate(path("plain"), NULL, 0, 0, pk2, &e),
	    "an existing key is not overwritten");
	snprintf(want, sizeof want, "'%s' already exists; use --force to "
	    "replace the key", path("plain"));
	is_string(want, e.msg, "with the message saying so");
	is_int(0, keys_generate(path("plain"), NULL, 0, 1, pk2, &e),
	    "with force it is replaced");
	ok(memcmp(pk, pk2, sizeof pk) != 0, "by a new key");
	ok(stat(path("plain"), &st) == 0 && (st.st_mode & 07777) == 0600,
	    "still mode 0600");

	chmod(path("plain"), 0644);
	is_int(ERR_DAMAGED, keys_load_secret(path("plain"), NULL, 0, sk, pk2,
	    &e), "a secret key file readable by others is refused");
	snprintf(want, sizeof want, "permissions 0644 for '%s' are too open; "
	    "the secret key file must be readable by its owner only "
	    "(chmod 600 '%s')", path("plain"), path("plain"));
	is_string(want, e.msg, "like ssh says it");
	chmod(path("plain"), 0640);
	is_int(ERR_DAMAGED, keys_load_secret(path("plain"), NULL, 0, sk, pk2,
	    &e), "group-readable is refused too");
	chmod(path("plain"), 0600);
	is_int(ERR_USAGE, keys_generate(path("x"), "", 0, 0, pk2, &e),
	    "an empty passphrase is refused");
	is_int(ERR_IO, keys_load_secret(path("nosuch"), NULL, 0, sk, pk2, &e),
	    "a missing key file is ERR_IO");
	snprintf(want, sizeof want, "cannot open '%s': No such file or "
	    "directory", path("nosuch"));
	is_string(want, e.msg, "and says so");
}

static void
test_protected(unsigned char *sk)
{
	unsigned char pk[KEY_PUB_BYTES], pk2[KEY_PUB_BYTES];
	char want[600];
	struct err e;
	int prot = -1;

	err_clear(&e);
	is_int(0, keys_generate(path("prot"), "sesam", 5, 0, pk, &e),
	    "keys_generate makes a protected key");
	is_int(0, keys_is_protected(path("prot"), &prot, &e),
	    "keys_is_protected reads it");
	is_int(1, prot, "and says protected");
	is_int(ERR_USAGE, keys_load_secret(path("prot"), NULL, 0, sk, pk2, &e),
	    "loading it without a passphrase is a usage error");
	snprintf(want, sizeof want, "'%s' is protected by a passphrase; give "
	    "it with --passphrase-file FILE or in $TRIGON_PASSPHRASE, or run "
	    "trigon on a terminal", path("prot"));
	is_string(want, e.msg, "which says how to give one");
	is_int(ERR_DAMAGED, keys_load_secret(path("prot"), "sesan", 5, sk,
	    pk2, &e), "a wrong passphrase is refused");
	snprintf(want, sizeof want, "wrong passphrase for '%s'", path("prot"));
	is_string(want, e.msg, "with 'wrong passphrase'");
	is_int(0, keys_load_secret(path("prot"), "sesam", 5, sk, pk2, &e),
	    "the right passphrase opens it");
	ok(memcmp(pk, pk2, sizeof pk) == 0, "to the same public key");
	unlink(path("prot.pub"));
	is_int(0, keys_load_public(path("prot"), pk2, &e),
	    "its public key needs no passphrase");
	setenv("TRIGON_PASSPHRASE", "sesam", 1);
	is_int(0, keys_unlock(path("prot"), NULL, sk, pk2, &e),
	    "keys_unlock takes the passphrase from $TRIGON_PASSPHRASE");
	setenv("TRIGON_PASSPHRASE", "wrong", 1);
	is_int(ERR_DAMAGED, keys_unlock(path("prot"), NULL, sk, pk2, &e),
	    "and refuses a wrong one");
	spit(path("pass"), "sesam\n", 6, 0600);
	is_int(0, keys_unlock(path("prot"), path("pass"), sk, pk2, &e),
	    "a passphrase file wins over the environment");
	unsetenv("TRIGON_PASSPHRASE");
}

static void
test_damage(void)
{
	char text[KEYS_FILE_MAX], copy[KEYS_FILE_MAX], pfx[600];
	size_t len;
	char *p;
	struct err e;
	unsigned char pk[KEY_PUB_BYTES];

	err_clear(&e);
	if (keys_generate(path("d"), "pw", 2, 0, pk, &e) != 0)
		bail("keys_generate: %s", e.msg);
	len = slurp(path("d"), text, sizeof text);
	is_string("", parse_msg(text, len), "an intact key file parses");
	is_string("k:1: truncated key file: line 1 does not end",
	    parse_msg(text, 10), "cut in line 1");
	p = strstr(text, "\nseed ");
	is_string("k:5: truncated key file: line 5 does not end",
	    parse_msg(text, (size_t)(p - text) + 1 + 3), "cut in the seed line");
	p = strstr(text, "\ncheck ");
	is_string("k:6: truncated key file: line 6 is missing",
	    parse_msg(text, (size_t)(p - text) + 1), "the check line missing");
	is_string("'k' is empty", parse_msg(text, 0), "empty file");

	/* A flipped character inside the sealed seed: only the checksum
	 * can tell, and it does. */
	memcpy(copy, text, len);
	p = strstr(copy, "\nseed ") + 10;
	*p = *p == 'A' ? 'B' : 'A';
	is_string("k:6: checksum mismatch: the key file is damaged",
	    parse_msg(copy, len), "a flipped byte fails the checksum");
	memcpy(copy, text, len);
	p = strstr(copy, "\nseed ") + 10;
	*p = '*';
	is_string("k:5: bad seed: wanted 48 bytes in base64",
	    parse_msg(copy, len), "a non-base64 byte is named");
	memcpy(copy, text, len);
	p = strstr(copy, "\nnonce ") + 8;
	*p = '=';
	is_string("k:4: bad nonce: wanted 24 bytes in base64",
	    parse_msg(copy, len), "bad nonce");
	memcpy(copy, text, len);
	copy[len] = 'x';
	is_string("k:7: junk after the check line", parse_msg(copy, len + 1),
	    "trailing junk");
	memcpy(copy, text, len);
	copy[3] = '\0';
	is_string("k:1: NUL byte in the key file", parse_msg(copy, len),
	    "NUL byte");

	/* Absurd KDF limits are refused before any work is done. */
	p = strstr(text, "\nkdf ");
	snprintf(pfx, sizeof pfx, "%.*s\nkdf argon2id13 %s\n",
	    (int)(p - text), text, "4000000000 67108864 AAAAAAAAAAAAAAAAAAAAAA");
	is_string("k:3: kdf opslimit '4000000000' is not a number from 1 "
	    "to 16", parse_msg(pfx, strlen(pfx)), "a huge opslimit");
	snprintf(pfx, sizeof pfx, "%.*s\nkdf argon2id13 %s\n",
	    (int)(p - text), text, "2 1073741825 AAAAAAAAAAAAAAAAAAAAAA");
	is_string("k:3: kdf memlimit '1073741825' is not a number from 8192 "
	    "to 1073741824", parse_msg(pfx, strlen(pfx)),
	    "a memlimit above 1 GiB");
	snprintf(pfx, sizeof pfx, "%.*s\nkdf argon2id13 %s\n",
	    (int)(p - text), text, "2 99999999999999999999999 AAAAAAAAAAAAAAAAAAAAAA");
	is_string("k:3: kdf memlimit '99999999999999999999999' is not a "
	    "number from 8192 to 1073741824", parse_msg(pfx, strlen(pfx)),
	    "an overflowing memlimit");
	snprintf(pfx, sizeof pfx, "%.*s\nkdf scrypt 2 8192 AAAAAAAAAAAAAAAAAAAAAA\n",
	    (int)(p - text), text);
	is_string("k:3: unknown key derivation 'scrypt' (known: argon2id13, "
	    "none)", parse_msg(pfx, strlen(pfx)), "an unknown KDF");
	is_string("k:1: unsupported key file version (this trigon reads "
	    "'trigon-secret-key v1')", parse_msg("trigon-secret-key v2\n", 21),
	    "another version");
	is_string("k:1: not a trigon secret key file (it starts with "
	    "'trigon-secret-key v1')", parse_msg("hello\n", 6),
	    "not a key file");

	/* A plain key whose seed does not match its public line. */
	{
		unsigned char pk2[KEY_PUB_BYTES];
		unsigned char *sk = sodium_malloc(KEY_SEC_BYTES);
		struct key_file kf;

		keys_generate(path("d2"), NULL, 0, 0, pk2, &e);
		len = slurp(path("d2"), text, sizeof text);
		keys_parse_secret_buf("k", text, len, &kf, &e);
		memcpy(kf.pk, pk, sizeof pk);
		is_int(ERR_DAMAGED, keys_open_secret("k", &kf, NULL, 0, sk,
		    pk2, &e), "a seed that does not match the public key");
		is_string("'k' is damaged: its secret key does not match its "
		    "public key", e.msg, "is named");
		keys_file_wipe(&kf);
		sodium_free(sk);
	}
}

static void
test_pub(void)
{
	unsigned char pk[KEY_PUB_BYTES], pk2[KEY_PUB_BYTES];
	char line[KEY_PUB_TEXT_MAX + 8], bad[KEY_PUB_TEXT_MAX + 8];
	struct err e;

	err_clear(&e);
	crypto_sign_keypair(pk, (unsigned char[64]){ 0 });
	keys_pub_format(pk, line, sizeof line);
	is_int(0, keys_pub_parse(line, strlen(line), pk2, &e),
	    "a formatted line parses");
	ok(memcmp(pk, pk2, sizeof pk) == 0, "to the same key");
	strcat(line, "\n");
	is_int(0, keys_pub_parse(line, strlen(line), pk2, &e),
	    "with one trailing newline too");
	line[strlen(line) - 1] = ' ';
	is_int(ERR_DAMAGED, keys_pub_parse(line, strlen(line), pk2, &e),
	    "trailing junk is refused");
	is_string("bad public key: 44 characters after 'trigon-ed25519:', "
	    "wanted 43", e.msg, "with the count");
	is_int(ERR_DAMAGED, keys_pub_parse("ssh-ed25519 AAAA", 16, pk2, &e),
	    "another prefix is refused");
	is_string("not a trigon public key (it starts with 'trigon-ed25519:')",
	    e.msg, "with the prefix named");
	line[strlen(line) - 1] = '\0';
	snprintf(bad, sizeof bad, "%s", line);
	bad[20] = '+';
	is_int(ERR_DAMAGED, keys_pub_parse(bad, strlen(bad), pk2, &e),
	    "standard-alphabet '+' is refused");
	is_string("bad public key: not base64 (URL-safe alphabet A-Z a-z 0-9 "
	    "- _)", e.msg, "as not base64");
	/* The last character carries 2 unused bits: a non-canonical one. */
	snprintf(bad, sizeof bad, "%s", line);
	bad[strlen(bad) - 1] = bad[strlen(bad) - 1] == 'B' ? 'C' : 'B';
	ok(keys_pub_parse(bad, strlen(bad), pk2, &e) == ERR_DAMAGED ||
	    memcmp(pk2, pk, sizeof pk) != 0,
	    "a changed last character never gives the same key");
	is_int(ERR_DAMAGED, keys_pub_parse("trigon-ed25519:"
	    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 58, pk2, &e),
	    "the all-zero point is refused");
	is_string("bad public key: not a valid Ed25519 point", e.msg,
	    "as not a valid point");
	is_int(-1, keys_pub_format(pk, bad, 10), "keys_pub_format needs room");
}

static void
test_regressions(void)
{
	const char *d = test_file("fuzz-regress/keyfile");
	char p[4600], buf[KEYS_FILE_MAX + 16];
	struct dirent *de;
	DIR *dp;
	int n = 0;

	if ((dp = opendir(d)) == NULL) {
		skip("no %s", d);
		return;
	}
	while ((de = readdir(dp)) != NULL) {
		unsigned char pk[KEY_PUB_BYTES];
		struct key_file kf;
		struct err e;
		size_t len;
		int rc;

		if (de->d_name[0] == '.')
			continue;
		snprintf(p, sizeof p, "%s/%s", d, de->d_name);
		len = slurp(p, buf, sizeof buf);
		rc = keys_parse_secret_buf("r", buf, len, &kf, &e);
		ok(rc == 0 || rc == ERR_DAMAGED, "fuzz regression %s",
		    de->d_name);
		keys_file_wipe(&kf);
		keys_pub_parse(buf, len, pk, &e);
		n++;
	}
	closedir(dp);
	if (n == 0)
		skip("no keyfile regressions yet");
}

int
main(void)
{
	unsigned char *sk;
	const char *tmp = getenv("TMPDIR");

	if (sodium_init() < 0)
		bail("sodium_init");
	snprintf(dir, sizeof dir, "%s/trigon-keys-XXXXXX", tmp ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp");
	if ((sk = sodium_malloc(KEY_SEC_BYTES)) == NULL)
		bail("sodium_malloc");
	umask(022);
	test_plain(sk);
	test_protected(sk);
	test_damage();
	test_pub();
	test_regressions();
	sodium_free(sk);
	{
		static const char *const files[] = { "plain", "plain.pub",
			"prot", "prot.pub", "d", "d.pub", "d2", "d2.pub",
			"pass", NULL };
		for (size_t i = 0; files[i] != NULL; i++)
			unlink(path(files[i]));
		rmdir(dir);
	}
	return done_testing();
}
