/*
 * fuzz-fair-answer.c -- libFuzzer target for format 2's line parsers
 * (lib/fairline.c): fair_parse_answer and fair_parse_chance.  Any bytes
 * must give a clean accept or a clean refusal (ERR_DAMAGED, or
 * ERR_REFUSED for a point or scalar that fails its check) with a
 * message; an accepted line's fields must lie inside it, its body must
 * start with its kind's word, and its signed message must build.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fair.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
inside(const char *p, size_t n, const char *buf, size_t len)
{
	return p >= buf && p + n <= buf + len;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned char id[FAIR_ID_BYTES], bh[FAIR_BYTES];
	unsigned char msg[FAIR_ANSWER_MSG_MAX];
	struct fair_answer a;
	struct err e;
	char *buf;
	int rc, mode;

	if ((buf = malloc(size + 1)) == NULL)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';	/* never read by the parsers (they take len) */

	err_clear(&e);
	rc = fair_parse_answer(buf, size, &a, &e);
	if (rc != 0 && ((rc != ERR_DAMAGED && rc != ERR_REFUSED) ||
	    e.msg[0] == '\0'))
		__builtin_trap();
	if (rc == 0) {
		const char *kw = fair_kind_name((int)a.kind);

		if (kw == NULL || !inside(a.seat, a.seatlen, buf, size) ||
		    !inside(a.body, a.bodylen, buf, size) ||
		    (a.argslen > 0 && !inside(a.args, a.argslen, buf, size)) ||
		    a.bodylen < strlen(kw) || memcmp(a.body, kw, strlen(kw))
		    != 0)
			__builtin_trap();
		if (fair_answer_message(msg, id, bh, a.seat, a.seatlen, a.body,
		    a.bodylen, NULL) == 0)
			__builtin_trap();
	}
	err_clear(&e);
	rc = fair_parse_chance(buf, size, &mode, &e);
	if (rc != 0 && (rc != ERR_DAMAGED || e.msg[0] == '\0'))
		__builtin_trap();
	if (rc == 0 && mode != FAIR_CHANCE_OPEN && mode != FAIR_CHANCE_FAIR)
		__builtin_trap();
	free(buf);
	return 0;
}
