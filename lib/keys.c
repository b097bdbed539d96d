/*
 * keys.c -- Ed25519 key pairs on disk: the secret key file (see keys.h
 * for its format), the public key line, and reading both strictly.
 *
 * The seed, never the 64-byte secret key, is what the file stores; the
 * key pair is derived from it with crypto_sign_seed_keypair.  Every
 * buffer that held a seed, a secret key, a derived box key or a
 * passphrase is sodium_malloc'd or wiped with sodium_memzero.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "atomic.h"
#include "buf.h"
#include "fair.h"
#include "keys.h"
#include "num.h"
#include "passphrase.h"

#define B64 sodium_base64_VARIANT_URLSAFE_NO_PADDING
#define KEYS_MAGIC "trigon-secret-key v1"
#define KEYS_KDF_NAME "argon2id13"
#define KEYS_CHECK_BYTES 32
#define KEYS_TRIES 3		/* passphrases typed at the terminal */

static int keys_init(struct err *);
static int b64_decode(const char *, size_t, unsigned char *, size_t);
static int open_secret(const char *, const struct key_file *, const char *,
    size_t, unsigned char *, unsigned char[KEY_PUB_BYTES], int *,
    struct err *);
static int public_given(const char *, struct err *);
static int read_file(const char *, int, unsigned char **, size_t *,
    struct err *);
static int write_file(const char *, const void *, size_t, mode_t, int,
    struct err *);
static int serialize(const struct key_file *, char *, size_t, size_t *);

/* Line cursor over the key file's bytes. */
struct lines {
	const char *name;
	const char *buf;
	size_t len, pos;
	int lineno;
	const char *line;	/* current line, without its newline */
	size_t linelen;
};

static int next_line(struct lines *, struct err *);
static int field(struct lines *, const char *, const char **, size_t *,
    struct err *);
static int parse_u64(const char *, size_t, unsigned long long *);

int
keys_generate(const char *path, const char *pass, size_t passlen,
    int force, unsigned char pk[KEY_PUB_BYTES], struct err *e)
{
	struct key_file *kf = NULL, *back = NULL;
	unsigned char *seed = NULL, *sk = NULL, *boxkey = NULL;
	char *text = NULL, pubname[PATH_MAX], publine[KEY_PUB_TEXT_MAX + 1];
	struct stat st;
	size_t textlen;
	int rc, created = 0;

	if ((rc = keys_init(e)) != 0)
		return rc;
	if (pass != NULL && passlen == 0)
		return err_set(e, ERR_USAGE, "empty passphrase; a key without "
		    "one needs --no-passphrase");
	if ((size_t)snprintf(pubname, sizeof pubname, "%s.pub", path) >=
	    sizeof pubname)
		return err_set(e, ERR_USAGE, "key file name too long");
	if (!force && lstat(pubname, &st) == 0)
		return err_set(e, ERR_REFUSED, "'%s' already exists; use "
		    "--force to replace the key", pubname);

	kf = sodium_malloc(sizeof *kf);
	back = sodium_malloc(sizeof *back);
	seed = sodium_malloc(KEY_SEED_BYTES);
	sk = sodium_malloc(KEY_SEC_BYTES);
	boxkey = sodium_malloc(crypto_secretbox_KEYBYTES);
	text = sodium_malloc(KEYS_FILE_MAX);
	if (kf == NULL || back == NULL || seed == NULL || sk == NULL ||
	    boxkey == NULL || text == NULL) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	memset(kf, 0, sizeof *kf);
	randombytes_buf(seed, KEY_SEED_BYTES);
	crypto_sign_seed_keypair(kf->pk, sk, seed);
	if (pass == NULL) {
		memcpy(kf->seed, seed, KEY_SEED_BYTES);
		kf->seedlen = KEY_SEED_BYTES;
	} else {
		kf->protected = 1;
		kf->opslimit = crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE;
		kf->memlimit = crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE;
		randombytes_buf(kf->salt, sizeof kf->salt);
		randombytes_buf(kf->nonce, sizeof kf->nonce);
		if (crypto_pwhash(boxkey, crypto_secretbox_KEYBYTES, pass,
		    passlen, kf->salt, kf->opslimit, (size_t)kf->memlimit,
		    crypto_pwhash_ALG_ARGON2ID13) != 0) {
			rc = err_set(e, ERR_NOMEM, "key derivation failed "
			    "(out of memory)");
			goto out;
		}
		crypto_secretbox_easy(kf->seed, seed, KEY_SEED_BYTES,
		    kf->nonce, boxkey);
		kf->seedlen = KEY_SEED_BYTES + crypto_secretbox_MACBYTES;
	}
	if (serialize(kf, text, KEYS_FILE_MAX, &textlen) != 0) {
		rc = err_set(e, ERR_NOMEM, "key file does not fit");
		goto out;
	}
	/* Read back what we are about to write before it is stored. */
	if ((rc = keys_parse_secret_buf(path, text, textlen, back, e)) != 0)
		goto out;
	if (back->seedlen != kf->seedlen ||
	    sodium_memcmp(back->seed, kf->seed, kf->seedlen) != 0 ||
	    sodium_memcmp(back->pk, kf->pk, KEY_PUB_BYTES) != 0) {
		rc = err_set(e, ERR_DAMAGED, "internal error: the key file "
		    "does not read back");
		goto out;
	}
	if (kf->protected) {
		if (crypto_secretbox_open_easy(sk, back->seed, back->seedlen,
		    back->nonce, boxkey) != 0 ||
		    sodium_memcmp(sk, seed, KEY_SEED_BYTES) != 0) {
			rc = err_set(e, ERR_DAMAGED, "internal error: the "
			    "sealed key does not open");
			goto out;
		}
	}

	/* Created only where no file is, unless --force replaces it. */
	if ((rc = write_file(path, text, textlen, 0600, force, e)) != 0)
		goto out;
	created = !force;
	keys_pub_format(kf->pk, publine, sizeof publine);
	strcat(publine, "\n");
	rc = write_file(pubname, publine, strlen(publine), 0644, 1, e);
	if (rc != 0)
		goto out;
	created = 0;
	memcpy(pk, kf->pk, KEY_PUB_BYTES);
	rc = 0;
out:
	if (rc != 0 && created)
		unlink(path);
	sodium_free(kf);
	sodium_free(back);
	sodium_free(seed);
	sodium_free(sk);
	sodium_free(boxkey);
	sodium_free(text);
	return rc;
}

int
keys_load_secret(const char *path, const char *pass, size_t passlen,
    unsigned char *sk, unsigned char pk[KEY_PUB_BYTES], struct err *e)
{
	struct key_file *kf;
	unsigned char *buf = NULL;
	size_t len;
	int rc;

	if ((rc = keys_init(e)) != 0)
		return rc;
	if ((kf = sodium_malloc(sizeof *kf)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	if ((rc = read_file(path, 1, &buf, &len, e)) == 0 &&
	    (rc = keys_parse_secret_buf(path, (char *)buf, len, kf, e)) == 0)
		rc = keys_open_secret(path, kf, pass, passlen, sk, pk, e);
	sodium_free(buf);
	sodium_free(kf);
	return rc;
}

/*
 * Read and parse the secret key file at path without opening it (no
 * passphrase): whether it is protected and its public key (either may
 * be NULL).
 */
static int
peek_secret(const char *path, int *prot, unsigned char *pk, struct err *e)
{
	struct key_file *kf;
	unsigned char *buf = NULL;
	size_t len;
	int rc;

	if ((rc = keys_init(e)) != 0)
		return rc;
	if ((kf = sodium_malloc(sizeof *kf)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	if ((rc = read_file(path, 1, &buf, &len, e)) == 0 &&
	    (rc = keys_parse_secret_buf(path, (char *)buf, len, kf, e)) == 0) {
		if (prot != NULL)
			*prot = kf->protected;
		if (pk != NULL)
			memcpy(pk, kf->pk, KEY_PUB_BYTES);
	}
	sodium_free(buf);
	keys_file_wipe(kf);
	sodium_free(kf);
	return rc;
}

int
keys_is_protected(const char *path, int *prot, struct err *e)
{
	return peek_secret(path, prot, NULL, e);
}

int
keys_secret_public(const char *path, unsigned char pk[KEY_PUB_BYTES],
    struct err *e)
{
	return peek_secret(path, NULL, pk, e);
}

int
keys_unlock(const char *path, const char *passfile, unsigned char *sk,
    unsigned char pk[KEY_PUB_BYTES], struct err *e)
{
	struct key_file *kf;
	unsigned char *buf = NULL;
	char *pass = NULL;
	size_t len, passlen = 0;
	int rc, tty;

	if ((rc = keys_init(e)) != 0)
		return rc;
	if ((kf = sodium_malloc(sizeof *kf)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	if ((rc = read_file(path, 1, &buf, &len, e)) != 0 ||
	    (rc = keys_parse_secret_buf(path, (char *)buf, len, kf, e)) != 0)
		goto out;
	if (!kf->protected) {
		rc = keys_open_secret(path, kf, NULL, 0, sk, pk, e);
		goto out;
	}
	if ((pass = sodium_malloc(PASSPHRASE_MAX)) == NULL) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	/* Typed at the terminal: KEYS_TRIES tries, as ssh and sudo give;
	 * a file or $TRIGON_PASSPHRASE is one-shot (it would not change). */
	tty = passfile == NULL && getenv(PASSPHRASE_ENV) == NULL &&
	    passphrase_have_tty();
	for (int try = 1;; try++) {
		int wrong = 0;

		if ((rc = passphrase_get(passfile, path, 0, pass,
		    PASSPHRASE_MAX, &passlen, e)) != 0)
			goto out;
		rc = open_secret(path, kf, pass, passlen, sk, pk, &wrong, e);
		sodium_memzero(pass, PASSPHRASE_MAX);
		if (!wrong || !tty)
			break;
		if (try == KEYS_TRIES) {
			rc = err_set(e, ERR_DAMAGED, "wrong passphrase for "
			    "'%s' (%d tries)", path, KEYS_TRIES);
			break;
		}
		passphrase_tell("wrong passphrase, try again\n");
	}
out:
	sodium_free(pass);
	sodium_free(buf);
	sodium_free(kf);
	return rc;
}

int
keys_load_public(const char *path, unsigned char pk[KEY_PUB_BYTES],
    struct err *e)
{
	char pubname[PATH_MAX];
	unsigned char *buf = NULL;
	struct key_file *kf;
	size_t len, plen = strlen(path);
	int rc;

	if ((rc = keys_init(e)) != 0)
		return rc;
	if (plen >= 4 && strcmp(path + plen - 4, ".pub") == 0) {
		snprintf(pubname, sizeof pubname, "%s", path);
	} else {
		if ((size_t)snprintf(pubname, sizeof pubname, "%s.pub", path)
		    >= sizeof pubname)
			return err_set(e, ERR_USAGE, "key file name too long");
		if (access(pubname, F_OK) != 0) {
			/* No PATH.pub: the secret file's public line. */
			if ((kf = sodium_malloc(sizeof *kf)) == NULL)
				return err_set(e, ERR_NOMEM, "out of memory");
			if ((rc = read_file(path, 0, &buf, &len, e)) == 0 &&
			    (rc = keys_parse_secret_buf(path, (char *)buf,
			    len, kf, e)) == 0)
				memcpy(pk, kf->pk, KEY_PUB_BYTES);
			sodium_free(buf);
			sodium_free(kf);
			return rc;
		}
	}
	if ((rc = read_file(pubname, 0, &buf, &len, e)) != 0)
		return rc;
	rc = keys_pub_parse((char *)buf, len, pk, e);
	if (rc != 0) {
		char why[ERR_MSG_MAX];

		snprintf(why, sizeof why, "%s", e != NULL ? e->msg : "");
		err_at(e, rc, pubname, 1, "%s", why);
	}
	sodium_free(buf);
	return rc;
}

int
keys_pub_format(const unsigned char pk[KEY_PUB_BYTES], char *buf, size_t n)
{
	size_t plen = sizeof KEY_PUB_PREFIX - 1;

	if (n < KEY_PUB_TEXT_MAX)
		return -1;
	memcpy(buf, KEY_PUB_PREFIX, plen);
	sodium_bin2base64(buf + plen, n - plen, pk, KEY_PUB_BYTES, B64);
	return (int)strlen(buf);
}

int
keys_pub_parse(const char *text, size_t len, unsigned char pk[KEY_PUB_BYTES],
    struct err *e)
{
	size_t plen = sizeof KEY_PUB_PREFIX - 1;
	size_t want = sodium_base64_ENCODED_LEN(KEY_PUB_BYTES, B64) - 1;
	unsigned char tmp[KEY_PUB_BYTES];

	if (len > 0 && text[len - 1] == '\n') {
		len--;
		if (len > 0 && text[len - 1] == '\r')
			len--;
	}
	if (len < plen || memcmp(text, KEY_PUB_PREFIX, plen) != 0)
		return err_set(e, ERR_DAMAGED, "not a trigon public key (it "
		    "starts with '%s')", KEY_PUB_PREFIX);
	if (len - plen != want)
		return err_set(e, ERR_DAMAGED, "bad public key: %zu characters "
		    "after '%s', wanted %zu", len - plen, KEY_PUB_PREFIX, want);
	if (b64_decode(text + plen, want, tmp, KEY_PUB_BYTES) != 0)
		return err_set(e, ERR_DAMAGED, "bad public key: not base64 "
		    "(URL-safe alphabet A-Z a-z 0-9 - _)");
	if (crypto_core_ed25519_is_valid_point(tmp) != 1)
		return err_set(e, ERR_DAMAGED, "bad public key: not a valid "
		    "Ed25519 point");
	memcpy(pk, tmp, KEY_PUB_BYTES);
	return 0;
}

int
keys_parse_secret_buf(const char *name, const char *buf, size_t len,
    struct key_file *kf, struct err *e)
{
	struct lines l = { name, buf, len, 0, 0, NULL, 0 };
	unsigned char check[KEYS_CHECK_BYTES], want[KEYS_CHECK_BYTES];
	const char *v;
	size_t vlen, checked;
	int rc;

	memset(kf, 0, sizeof *kf);
	if (len > KEYS_FILE_MAX)
		return err_set(e, ERR_DAMAGED, "'%s' is not a secret key file "
		    "(larger than %d bytes)", name, KEYS_FILE_MAX);
	if (len == 0)
		return err_set(e, ERR_DAMAGED, "'%s' is empty", name);

	if ((rc = next_line(&l, e)) != 0)
		return rc;
	if (l.linelen != sizeof KEYS_MAGIC - 1 ||
	    memcmp(l.line, KEYS_MAGIC, l.linelen) != 0) {
		if (l.linelen > 18 && memcmp(l.line, "trigon-secret-key ",
		    18) == 0)
			return err_at(e, ERR_DAMAGED, name, 1, "unsupported "
			    "key file version (this trigon reads '%s')",
			    KEYS_MAGIC);
		return err_at(e, ERR_DAMAGED, name, 1, "not a trigon secret "
		    "key file (it starts with '%s')", KEYS_MAGIC);
	}

	if ((rc = field(&l, "public", &v, &vlen, e)) != 0)
		return rc;
	if (keys_pub_parse(v, vlen, kf->pk, e) != 0) {
		char why[ERR_MSG_MAX];

		snprintf(why, sizeof why, "%s", e != NULL ? e->msg : "");
		return err_at(e, ERR_DAMAGED, name, l.lineno, "%s", why);
	}

	if ((rc = field(&l, "kdf", &v, &vlen, e)) != 0)
		return rc;
	if (vlen == 4 && memcmp(v, "none", 4) == 0) {
		kf->protected = 0;
	} else {
		const char *p = v, *end = v + vlen, *w[4];
		size_t wl[4];
		int nw = 0;

		/* Four words: the algorithm, opslimit, memlimit, salt. */
		while (p < end && nw < 4) {
			w[nw] = p;
			while (p < end && *p != ' ')
				p++;
			wl[nw] = (size_t)(p - w[nw]);
			nw++;
			if (p < end)
				p++;
		}
		if (nw != 4 || p != end || wl[3] == 0 || end[-1] == ' ')
			return err_at(e, ERR_DAMAGED, name, l.lineno, "bad kdf "
			    "line: wanted 'kdf none' or 'kdf %s OPSLIMIT "
			    "MEMLIMIT SALT'", KEYS_KDF_NAME);
		if (wl[0] != sizeof KEYS_KDF_NAME - 1 ||
		    memcmp(w[0], KEYS_KDF_NAME, wl[0]) != 0)
			return err_at(e, ERR_DAMAGED, name, l.lineno,
			    "unknown key derivation '%.*s' (known: %s, none)",
			    (int)(wl[0] > 40 ? 40 : wl[0]), w[0],
			    KEYS_KDF_NAME);
		if (parse_u64(w[1], wl[1], &kf->opslimit) != 0 ||
		    kf->opslimit < crypto_pwhash_argon2id_OPSLIMIT_MIN ||
		    kf->opslimit > KEYS_OPSLIMIT_MAX)
			return err_at(e, ERR_DAMAGED, name, l.lineno, "kdf "
			    "opslimit '%.*s' is not a number from %llu to "
			    "%llu", (int)(wl[1] > 40 ? 40 : wl[1]), w[1],
			    (unsigned long long)
			    crypto_pwhash_argon2id_OPSLIMIT_MIN,
			    KEYS_OPSLIMIT_MAX);
		if (parse_u64(w[2], wl[2], &kf->memlimit) != 0 ||
		    kf->memlimit < crypto_pwhash_argon2id_MEMLIMIT_MIN ||
		    kf->memlimit > KEYS_MEMLIMIT_MAX)
			return err_at(e, ERR_DAMAGED, name, l.lineno, "kdf "
			    "memlimit '%.*s' is not a number from %llu to "
			    "%llu", (int)(wl[2] > 40 ? 40 : wl[2]), w[2],
			    (unsigned long long)
			    crypto_pwhash_argon2id_MEMLIMIT_MIN,
			    KEYS_MEMLIMIT_MAX);
		if (b64_decode(w[3], wl[3], kf->salt, sizeof kf->salt) != 0)
			return err_at(e, ERR_DAMAGED, name, l.lineno, "bad kdf "
			    "salt: wanted %zu bytes in base64",
			    sizeof kf->salt);
		kf->protected = 1;
		if ((rc = field(&l, "nonce", &v, &vlen, e)) != 0)
			return rc;
		if (b64_decode(v, vlen, kf->nonce, sizeof kf->nonce) != 0)
			return err_at(e, ERR_DAMAGED, name, l.lineno, "bad "
			    "nonce: wanted %zu bytes in base64",
			    sizeof kf->nonce);
	}

	if ((rc = field(&l, "seed", &v, &vlen, e)) != 0)
		goto fail;
	kf->seedlen = kf->protected ? KEY_SEED_BYTES +
	    crypto_secretbox_MACBYTES : KEY_SEED_BYTES;
	if (b64_decode(v, vlen, kf->seed, kf->seedlen) != 0) {
		rc = err_at(e, ERR_DAMAGED, name, l.lineno, "bad seed: wanted "
		    "%zu bytes in base64", kf->seedlen);
		goto fail;
	}

	checked = l.pos;
	if ((rc = field(&l, "check", &v, &vlen, e)) != 0)
		goto fail;
	if (b64_decode(v, vlen, want, sizeof want) != 0) {
		rc = err_at(e, ERR_DAMAGED, name, l.lineno, "bad check: wanted "
		    "%zu bytes in base64", sizeof want);
		goto fail;
	}
	if (l.pos != len) {
		rc = err_at(e, ERR_DAMAGED, name, l.lineno + 1, "junk after "
		    "the check line");
		goto fail;
	}
	crypto_generichash(check, sizeof check, (const unsigned char *)buf,
	    checked, NULL, 0);
	if (sodium_memcmp(check, want, sizeof check) != 0) {
		rc = err_at(e, ERR_DAMAGED, name, l.lineno, "checksum "
		    "mismatch: the key file is damaged");
		goto fail;
	}
	return 0;
fail:
	keys_file_wipe(kf);
	return rc;
}

int
keys_open_secret(const char *name, const struct key_file *kf,
    const char *pass, size_t passlen, unsigned char *sk,
    unsigned char pk[KEY_PUB_BYTES], struct err *e)
{
	int wrong;

	return open_secret(name, kf, pass, passlen, sk, pk, &wrong, e);
}

/* keys_open_secret; *wrong = 1 when the passphrase was wrong (the
 * secretbox did not open), so that keys_unlock may ask again. */
static int
open_secret(const char *name, const struct key_file *kf, const char *pass,
    size_t passlen, unsigned char *sk, unsigned char pk[KEY_PUB_BYTES],
    int *wrong, struct err *e)
{
	unsigned char *seed, *boxkey, derived[KEY_PUB_BYTES];
	int rc = 0;

	*wrong = 0;

	if (kf->protected && pass == NULL)
		return err_set(e, ERR_USAGE, "'%s' is protected by a "
		    "passphrase; give it with --passphrase-file FILE or in "
		    "$%s, or run trigon on a terminal", name, PASSPHRASE_ENV);
	seed = sodium_malloc(KEY_SEED_BYTES);
	boxkey = sodium_malloc(crypto_secretbox_KEYBYTES);
	if (seed == NULL || boxkey == NULL) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	if (!kf->protected) {
		if (kf->seedlen != KEY_SEED_BYTES) {
			rc = err_set(e, ERR_DAMAGED, "'%s': bad seed length",
			    name);
			goto out;
		}
		memcpy(seed, kf->seed, KEY_SEED_BYTES);
	} else {
		if (kf->seedlen != KEY_SEED_BYTES + crypto_secretbox_MACBYTES ||
		    kf->opslimit > KEYS_OPSLIMIT_MAX ||
		    kf->memlimit > KEYS_MEMLIMIT_MAX) {
			rc = err_set(e, ERR_DAMAGED, "'%s': bad sealed key",
			    name);
			goto out;
		}
		if (crypto_pwhash(boxkey, crypto_secretbox_KEYBYTES, pass,
		    passlen, kf->salt, kf->opslimit, (size_t)kf->memlimit,
		    crypto_pwhash_ALG_ARGON2ID13) != 0) {
			rc = err_set(e, ERR_NOMEM, "key derivation for '%s' "
			    "failed (out of memory)", name);
			goto out;
		}
		if (crypto_secretbox_open_easy(seed, kf->seed, kf->seedlen,
		    kf->nonce, boxkey) != 0) {
			*wrong = 1;
			rc = err_set(e, ERR_DAMAGED, "wrong passphrase for "
			    "'%s'", name);
			goto out;
		}
	}
	crypto_sign_seed_keypair(derived, sk, seed);
	if (sodium_memcmp(derived, kf->pk, KEY_PUB_BYTES) != 0) {
		sodium_memzero(sk, KEY_SEC_BYTES);
		rc = err_set(e, ERR_DAMAGED, "'%s' is damaged: its secret key "
		    "does not match its public key", name);
		goto out;
	}
	memcpy(pk, derived, KEY_PUB_BYTES);
out:
	sodium_free(seed);
	sodium_free(boxkey);
	return rc;
}

void
keys_file_wipe(struct key_file *kf)
{
	sodium_memzero(kf, sizeof *kf);
}

static int
keys_init(struct err *e)
{
	if (sodium_init() < 0)
		return err_set(e, ERR_NOMEM, "libsodium cannot be initialised");
	return 0;
}

/* Strict, canonical URL-safe base64 of exactly want bytes. */
static int
b64_decode(const char *s, size_t slen, unsigned char *out, size_t want)
{
	char again[128];
	const char *end = NULL;
	size_t got = 0;

	if (slen != sodium_base64_ENCODED_LEN(want, B64) - 1 ||
	    slen >= sizeof again)
		return -1;
	if (sodium_base642bin(out, want, s, slen, NULL, &got, &end, B64) != 0
	    || end != s + slen || got != want)
		return -1;
	/* One spelling per value: re-encode and compare. */
	sodium_bin2base64(again, sizeof again, out, want, B64);
	if (memcmp(again, s, slen) != 0) {
		sodium_memzero(out, want);
		sodium_memzero(again, sizeof again);
		return -1;
	}
	sodium_memzero(again, sizeof again);
	return 0;
}

/* A canonical decimal of at most 19 digits. */
static int
parse_u64(const char *s, size_t n, unsigned long long *v)
{
	uint64_t x;

	if (num_u64(s, n, 0, 9999999999999999999ULL, NUM_CANONICAL, &x) != 0)
		return -1;
	*v = x;
	return 0;
}

static int
next_line(struct lines *l, struct err *e)
{
	const char *nl;

	if (l->pos >= l->len)
		return err_at(e, ERR_DAMAGED, l->name, l->lineno + 1,
		    "truncated key file: line %d is missing", l->lineno + 1);
	l->lineno++;
	l->line = l->buf + l->pos;
	nl = memchr(l->line, '\n', l->len - l->pos);
	if (nl == NULL)
		return err_at(e, ERR_DAMAGED, l->name, l->lineno,
		    "truncated key file: line %d does not end", l->lineno);
	l->linelen = (size_t)(nl - l->line);
	l->pos += l->linelen + 1;
	if (memchr(l->line, '\0', l->linelen) != NULL)
		return err_at(e, ERR_DAMAGED, l->name, l->lineno,
		    "NUL byte in the key file");
	return 0;
}

/* The next line must be "NAME VALUE"; point at VALUE. */
static int
field(struct lines *l, const char *fname, const char **v, size_t *vlen,
    struct err *e)
{
	size_t n = strlen(fname);
	int rc;

	if ((rc = next_line(l, e)) != 0)
		return rc;
	if (l->linelen <= n || memcmp(l->line, fname, n) != 0 ||
	    l->line[n] != ' ')
		return err_at(e, ERR_DAMAGED, l->name, l->lineno, "expected "
		    "the '%s' line", fname);
	*v = l->line + n + 1;
	*vlen = l->linelen - n - 1;
	return 0;
}

static int
serialize(const struct key_file *kf, char *out, size_t n, size_t *len)
{
	char pub[KEY_PUB_TEXT_MAX], b1[128], b2[128];
	unsigned char check[KEYS_CHECK_BYTES];
	size_t used;
	int w;

	keys_pub_format(kf->pk, pub, sizeof pub);
	w = snprintf(out, n, "%s\npublic %s\n", KEYS_MAGIC, pub);
	if (w < 0 || (size_t)w >= n)
		return -1;
	used = (size_t)w;
	if (kf->protected) {
		sodium_bin2base64(b1, sizeof b1, kf->salt, sizeof kf->salt,
		    B64);
		sodium_bin2base64(b2, sizeof b2, kf->nonce, sizeof kf->nonce,
		    B64);
		w = snprintf(out + used, n - used, "kdf %s %llu %llu %s\n"
		    "nonce %s\n", KEYS_KDF_NAME, kf->opslimit, kf->memlimit,
		    b1, b2);
	} else
		w = snprintf(out + used, n - used, "kdf none\n");
	if (w < 0 || (size_t)w >= n - used)
		return -1;
	used += (size_t)w;
	sodium_bin2base64(b1, sizeof b1, kf->seed, kf->seedlen, B64);
	w = snprintf(out + used, n - used, "seed %s\n", b1);
	sodium_memzero(b1, sizeof b1);
	if (w < 0 || (size_t)w >= n - used)
		return -1;
	used += (size_t)w;
	crypto_generichash(check, sizeof check, (unsigned char *)out, used,
	    NULL, 0);
	sodium_bin2base64(b2, sizeof b2, check, sizeof check, B64);
	w = snprintf(out + used, n - used, "check %s\n", b2);
	if (w < 0 || (size_t)w >= n - used)
		return -1;
	*len = used + (size_t)w;
	return 0;
}

/*
 * The refusal of a public key file given where a secret key is needed:
 * name the secret key file keygen wrote beside it (PATH without .pub)
 * when it is there.
 */
static int
public_given(const char *path, struct err *e)
{
	size_t l = strlen(path);

	if (l > 4 && strcmp(path + l - 4, ".pub") == 0) {
		char stem[PATH_MAX];

		snprintf(stem, sizeof stem, "%.*s", (int)(l - 4), path);
		if (access(stem, F_OK) == 0)
			return err_set(e, ERR_USAGE, "'%s' is a public key; "
			    "--key needs your secret key file, e.g. '%s'",
			    path, stem);
	}
	return err_set(e, ERR_USAGE, "'%s' is a public key; --key needs your "
	    "secret key file, e.g. the KEYFILE of trigon keygen KEYFILE "
	    "(not KEYFILE.pub)", path);
}

/*
 * Read a whole (small) file into sodium_malloc memory.  With secret
 * set, refuse what ssh refuses: not a regular file, or group/other
 * permissions.
 */
static int
read_file(const char *path, int secret, unsigned char **out, size_t *len,
    struct err *e)
{
	unsigned char *buf;
	struct stat st;
	size_t n = 0;
	int fd;

	*out = NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0)
		return err_set(e, ERR_IO, "cannot open '%s': %s", path,
		    strerror(errno));
	if (fstat(fd, &st) != 0) {
		int saved = errno;

		close(fd);
		return err_set(e, ERR_IO, "cannot stat '%s': %s", path,
		    strerror(saved));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return err_set(e, ERR_DAMAGED, "'%s' is not a regular file",
		    path);
	}
	if ((buf = sodium_malloc(KEYS_FILE_MAX + 1)) == NULL) {
		close(fd);
		return err_set(e, ERR_NOMEM, "out of memory");
	}
	/* read_full, not buf_read_fd: the bytes stay in guarded memory */
	if (read_full(fd, buf, KEYS_FILE_MAX + 1, &n) != 0) {
		int saved = errno;

		close(fd);
		sodium_free(buf);
		return err_set(e, ERR_IO, "cannot read '%s': %s", path,
		    strerror(saved));
	}
	close(fd);
	/* A public key where the secret one is needed: say that, not
	 * "chmod 600" or "not a secret key file". */
	if (secret && n >= sizeof KEY_PUB_PREFIX - 1 &&
	    memcmp(buf, KEY_PUB_PREFIX, sizeof KEY_PUB_PREFIX - 1) == 0) {
		sodium_free(buf);
		return public_given(path, e);
	}
	if (secret && (st.st_mode & 077) != 0) {
		sodium_free(buf);
		return err_set(e, ERR_DAMAGED, "permissions %04o for '%s' are "
		    "too open; the secret key file must be readable by its "
		    "owner only (chmod 600 '%s')",
		    (unsigned)(st.st_mode & 07777), path, path);
	}
	if (n > KEYS_FILE_MAX) {
		sodium_free(buf);
		return err_set(e, ERR_DAMAGED, "'%s' is not a key file (larger "
		    "than %d bytes)", path, KEYS_FILE_MAX);
	}
	*out = buf;
	*len = n;
	return 0;
}

/*
 * Write data to path through atomic.c (atomic.h): a temporary file of
 * exactly mode in the same directory, fsync'ed, renamed over path
 * (replace) or into a place where no file is (else "already exists"),
 * then the directory fsync'ed.  A symbolic link at path is replaced,
 * never followed.
 */
static int
write_file(const char *path, const void *data, size_t len, mode_t mode,
    int replace, struct err *e)
{
	struct atomic_file a;
	int rc;

	if ((rc = atomic_begin(&a, path, mode, e)) != 0)
		return rc;
	if ((rc = atomic_write(&a, data, len, e)) != 0)
		return rc;
	rc = atomic_commit(&a, replace, -1, 0, e);
	if (rc == ERR_REFUSED && !replace)
		rc = err_set(e, ERR_REFUSED, "'%s' already exists; use "
		    "--force to replace the key", path);
	return rc;
}

/* ---- exported answer keys (trigon fair export) ------------------------ */

int
keys_answer_key_write(const char *path, const struct fair_export *x,
    int force, struct err *e)
{
	char *text;
	int n, rc;

	if ((text = sodium_malloc(FAIR_EXPORT_MAX + 1)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	if ((n = fair_export_format(text, FAIR_EXPORT_MAX + 1, x)) < 0) {
		sodium_free(text);
		return err_set(e, ERR_USAGE, "the answer key does not fit in "
		    "%d bytes", FAIR_EXPORT_MAX);
	}
	rc = write_file(path, text, (size_t)n, 0600, force, e);
	sodium_free(text);	/* wipes */
	if (rc == ERR_REFUSED && !force)
		rc = err_set(e, ERR_REFUSED, "'%s' already exists; use --force "
		    "to replace it", path);
	return rc;
}

int
keys_answer_key_load(const char *path, struct fair_export *x,
    struct err *e)
{
	unsigned char *buf;
	size_t n;
	int rc;

	if ((rc = read_file(path, 1, &buf, &n, e)) != 0)
		return rc;
	rc = fair_export_parse(x, (const char *)buf, n, e);
	sodium_free(buf);
	if (rc != 0)
		snprintf(e->file, sizeof e->file, "%s", path);
	return rc;
}
