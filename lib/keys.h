/*
 * keys.h -- the players' Ed25519 keys: creating, storing, loading and
 * printing them.  Signing and verifying moves lives with the save file;
 * this layer only hands out key bytes.
 *
 * A secret key file is text (trigon(1), FILES):
 *
 *   trigon-secret-key v1
 *   public trigon-ed25519:<43 chars>
 *   kdf argon2id13 <opslimit> <memlimit> <salt, base64>   (or: kdf none)
 *   nonce <base64 of 24 bytes>                           (protected only)
 *   seed <base64: secretbox'd seed, 48 bytes; or the plain 32-byte seed>
 *   check <base64 of BLAKE2b-256 of every byte above>
 *
 * Base64 is URL-safe without padding (sodium_base64_VARIANT_URLSAFE_NO_PADDING)
 * and must be canonical.  The checksum tells a damaged file from a wrong
 * passphrase: damage fails the checksum, a wrong passphrase fails the
 * secretbox.  The stored KDF limits are capped (KEYS_OPSLIMIT_MAX,
 * KEYS_MEMLIMIT_MAX) so a forged file cannot make us hang or swap.
 *
 * Secret keys live in sodium_malloc memory (the caller's), and every
 * buffer that held a seed, secret key or passphrase is wiped.
 */
#ifndef TRIGON_KEYS_H
#define TRIGON_KEYS_H

#include <stddef.h>

#include "err.h"

#define KEY_PUB_BYTES 32	/* crypto_sign_ed25519_PUBLICKEYBYTES */
#define KEY_SEC_BYTES 64	/* crypto_sign_ed25519_SECRETKEYBYTES */
#define KEY_SEED_BYTES 32	/* crypto_sign_ed25519_SEEDBYTES */
#define KEY_PUB_PREFIX "trigon-ed25519:"
/* Room for a public key line and its NUL: prefix (15) + 43 + 1. */
#define KEY_PUB_TEXT_MAX 64
/* Largest secret key file we read (a real one is about 330 bytes). */
#define KEYS_FILE_MAX 4096
/* Caps on the KDF limits a key file may ask for. */
#define KEYS_OPSLIMIT_MAX 16ULL
#define KEYS_MEMLIMIT_MAX (1024ULL * 1024 * 1024)

/*
 * Create a new key pair.  The secret key file is created with
 * O_CREAT|O_EXCL|O_NOFOLLOW, mode 0600; an existing file is refused
 * (ERR_REFUSED) unless force is set, in which case it is replaced
 * atomically (written to a temporary file, then renamed).  PATH.pub gets
 * the public key line (mode 0644, replaced likewise).  pass == NULL:
 * the key is stored unprotected; otherwise it is sealed with
 * crypto_pwhash (Argon2id, interactive limits) + crypto_secretbox.
 * An empty passphrase (passlen 0) is refused (ERR_USAGE).
 */
int keys_generate(const char *path, const char *pass, size_t passlen,
    int force, unsigned char pk[KEY_PUB_BYTES], struct err *e);

/*
 * Load a secret key.  sk (KEY_SEC_BYTES) should be sodium_malloc'd by
 * the caller; pk gets the public key.  Errors:
 *   ERR_IO       the file cannot be opened or read ("cannot open 'k': ...")
 *   ERR_DAMAGED  permissions too open ("permissions 0644 for 'k' are too
 *                open; the secret key file must be readable by its owner
 *                only"), not a regular file, damaged (the exact reason,
 *                with e->file/e->line set when a line is at fault), or a
 *                wrong passphrase ("wrong passphrase for 'k'")
 *   ERR_USAGE    protected key and pass == NULL (the message says how to
 *                give one: --passphrase-file, TRIGON_PASSPHRASE, terminal)
 * Call keys_is_protected() first to know whether to ask for a
 * passphrase, or use keys_unlock() which does it all.
 */
int keys_load_secret(const char *path, const char *pass, size_t passlen,
    unsigned char *sk, unsigned char pk[KEY_PUB_BYTES], struct err *e);

/* *prot = 1 when the key file at path is passphrase-protected, else 0.
 * Checks the file as keys_load_secret does (permissions, damage). */
int keys_is_protected(const char *path, int *prot, struct err *e);

/*
 * The usual way for a command to get a secret key: load it, and when it
 * is protected take the passphrase from passfile (if not NULL), else
 * $TRIGON_PASSPHRASE, else the terminal (see passphrase.h).  Same
 * errors as keys_load_secret.
 */
int keys_unlock(const char *path, const char *passfile,
    unsigned char *sk, unsigned char pk[KEY_PUB_BYTES], struct err *e);

/*
 * The public key of the secret key file at path, read from the file
 * itself (never PATH.pub) with keys_load_secret's checks, without its
 * passphrase: whoever names it holds the file (the hidden views).  A
 * public key file there is refused as such.
 */
int keys_secret_public(const char *path, unsigned char pk[KEY_PUB_BYTES],
    struct err *e);
/* The public key of a key, without a passphrase: from PATH.pub when it
 * exists, else from the secret key file's (checksummed) public line.  A
 * path ending in ".pub" is read as a public key file itself. */
int keys_load_public(const char *path, unsigned char pk[KEY_PUB_BYTES],
    struct err *e);

/* Public key line "trigon-ed25519:<base64>" (no newline) into buf.
 * Returns its length, or -1 when n < KEY_PUB_TEXT_MAX. */
int keys_pub_format(const unsigned char pk[KEY_PUB_BYTES], char *buf,
    size_t n);

/* Parse a public key line, strictly: prefix, 43 canonical base64 chars,
 * nothing else (one trailing "\n" or "\r\n" is allowed).  ERR_DAMAGED
 * with the reason on failure. */
int keys_pub_parse(const char *text, size_t len,
    unsigned char pk[KEY_PUB_BYTES], struct err *e);

/*
 * A secret key file parsed from memory, not yet opened (no KDF run).
 * Holds the plain seed for unprotected keys: wipe it with
 * keys_file_wipe() when done.
 */
struct key_file {
	int protected;
	unsigned long long opslimit;
	unsigned long long memlimit;
	unsigned char salt[16];		/* crypto_pwhash_SALTBYTES */
	unsigned char nonce[24];	/* crypto_secretbox_NONCEBYTES */
	unsigned char seed[48];		/* 32 plain, or 48 sealed */
	size_t seedlen;
	unsigned char pk[KEY_PUB_BYTES];
};

/* Parse a key file's bytes (name is used in messages).  Never reads
 * past len; any byte sequence gives 0 or ERR_DAMAGED.  The fuzzer's
 * entry point. */
int keys_parse_secret_buf(const char *name, const char *buf, size_t len,
    struct key_file *kf, struct err *e);
/* Open a parsed key file: run the KDF and secretbox (when protected),
 * derive the key pair and check it against the public line. */
int keys_open_secret(const char *name, const struct key_file *kf,
    const char *pass, size_t passlen, unsigned char *sk,
    unsigned char pk[KEY_PUB_BYTES], struct err *e);
void keys_file_wipe(struct key_file *kf);

/*
 * An exported answer key of one game (trigon fair export, fair.h's
 * struct fair_export): written mode 0600 through atomic.h (an existing
 * file only with force); read as a secret key file is (a regular file,
 * no group or other permissions), the bytes in guarded memory, wiped.
 */
struct fair_export;
int keys_answer_key_write(const char *path, const struct fair_export *x,
    int force, struct err *e);
int keys_answer_key_load(const char *path, struct fair_export *x,
    struct err *e);

#endif
