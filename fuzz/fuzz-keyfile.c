/*
 * fuzz-keyfile.c -- libFuzzer target for the secret key file reader
 * (keys_parse_secret_buf) and the public key line parser.  Any bytes
 * must give a clean accept or a clean ERR_DAMAGED.
 *
 * Mutations almost never keep the BLAKE2b check line valid, so each
 * input is also tried with its check line recomputed: that lets the
 * fuzzer reach what lies behind the checksum.  Accepted unprotected
 * files are opened (no KDF involved); protected ones are not, as each
 * Argon2 run costs tens of milliseconds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "keys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
one(const char *buf, size_t len, unsigned char *sk)
{
	unsigned char pk[KEY_PUB_BYTES];
	struct key_file kf;
	struct err e;
	int rc;

	err_clear(&e);
	rc = keys_parse_secret_buf("fuzz", buf, len, &kf, &e);
	if (rc != 0 && (rc != ERR_DAMAGED || e.msg[0] == '\0'))
		__builtin_trap();
	if (rc == 0 && !kf.protected) {
		rc = keys_open_secret("fuzz", &kf, NULL, 0, sk, pk, &e);
		if (rc != 0 && rc != ERR_DAMAGED)
			__builtin_trap();
	}
	if (rc == 0 && kf.protected) {
		/* No passphrase: must ask for one, never run the KDF. */
		rc = keys_open_secret("fuzz", &kf, NULL, 0, sk, pk, &e);
		if (rc != ERR_USAGE)
			__builtin_trap();
	}
	keys_file_wipe(&kf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned char *sk;
	const char *buf = (const char *)data, *p, *check = NULL;
	unsigned char pk[KEY_PUB_BYTES], h[32];
	struct err e;
	int rc;

	if (sk == NULL) {
		if (sodium_init() < 0)
			return 0;
		sk = sodium_malloc(KEY_SEC_BYTES);
	}
	one(buf, size, sk);

	/* The same with a correct check line after the last "\ncheck ". */
	for (p = buf; p != NULL && p < buf + size; p++) {
		p = memchr(p, '\n', (size_t)(buf + size - p));
		if (p == NULL)
			break;
		if ((size_t)(buf + size - p) >= 7 && memcmp(p, "\ncheck ", 7) == 0)
			check = p + 1;
	}
	if (check != NULL && size < KEYS_FILE_MAX) {
		size_t pre = (size_t)(check - buf);
		char *fixed = malloc(pre + 6 + 64 + 2);

		if (fixed != NULL) {
			memcpy(fixed, buf, pre);
			memcpy(fixed + pre, "check ", 6);
			crypto_generichash(h, sizeof h, data, pre, NULL, 0);
			sodium_bin2base64(fixed + pre + 6, 64, h, sizeof h,
			    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
			strcat(fixed + pre, "\n");
			one(fixed, strlen(fixed + pre) + pre, sk);
			free(fixed);
		}
	}

	err_clear(&e);
	rc = keys_pub_parse(buf, size, pk, &e);
	if (rc != 0 && (rc != ERR_DAMAGED || e.msg[0] == '\0'))
		__builtin_trap();
	return 0;
}
