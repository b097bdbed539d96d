/*
 * fuzz-keyfile.c -- libFuzzer target for the secret key file reader
 * (keys_parse_secret_buf) and the public key line parser.  Any bytes
 * must give a clean accept or a clean ERR_DAMAGED.  An accepted
 * unprotected file is also opened (no KDF involved); protected ones are
 * not, as each Argon2 run costs tens of milliseconds.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <sodium.h>

#include "keys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned char *sk;
	unsigned char pk[KEY_PUB_BYTES];
	struct key_file kf;
	struct err e;
	int rc;

	if (sk == NULL) {
		if (sodium_init() < 0)
			return 0;
		sk = sodium_malloc(KEY_SEC_BYTES);
	}
	err_clear(&e);
	rc = keys_parse_secret_buf("fuzz", (const char *)data, size, &kf, &e);
	if (rc != 0 && (rc != ERR_DAMAGED || e.msg[0] == '\0'))
		__builtin_trap();
	if (rc == 0 && !kf.protected) {
		rc = keys_open_secret("fuzz", &kf, NULL, 0, sk, pk, &e);
		if (rc != 0 && rc != ERR_DAMAGED)
			__builtin_trap();
	}
	keys_file_wipe(&kf);
	err_clear(&e);
	rc = keys_pub_parse((const char *)data, size, pk, &e);
	if (rc != 0 && (rc != ERR_DAMAGED || e.msg[0] == '\0'))
		__builtin_trap();
	return 0;
}
