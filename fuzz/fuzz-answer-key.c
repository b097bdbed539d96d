/*
 * fuzz-answer-key.c -- libFuzzer target for the exported answer key
 * file (fair_export_parse; trigon fair export, trigon answer
 * --answer-key).  Any bytes give a clean accept or a clean ERR_DAMAGED
 * with a message; an accepted file is formatted again to the same
 * bytes (one spelling), and a refused one leaves the struct wiped.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "fair.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct fair_export zero;
	struct fair_export x;
	char again[FAIR_EXPORT_MAX + 1];
	struct err e;
	int rc, n;

	if (sodium_init() < 0)
		return 0;
	err_clear(&e);
	rc = fair_export_parse(&x, (const char *)data, size, &e);
	if (rc != 0) {
		if (rc != ERR_DAMAGED || e.msg[0] == '\0' ||
		    memcmp(&x, &zero, sizeof x) != 0)
			__builtin_trap();
		return 0;
	}
	n = fair_export_format(again, sizeof again, &x);
	if (n < 0 || (size_t)n != size || memcmp(again, data, size) != 0)
		__builtin_trap();
	return 0;
}
