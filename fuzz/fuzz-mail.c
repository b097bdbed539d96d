/*
 * fuzz-mail.c -- libFuzzer target for what trigon apply reads from a
 * mail: GMime's message and mbox parser, the TRIGON MOVES armour and
 * the payload parser (lib/mail.c).  Any bytes must give clean results:
 * every block either decodes (and its payload parses or is refused as
 * ERR_DAMAGED with a reason) or is reported damaged with a reason.  A
 * second check is an oracle: the input armoured by mail_armour must
 * come back byte for byte.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mail.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
	const uint8_t *want;
	size_t wlen;
	int n, match;
};

static int
on_block(void *ctx, unsigned char *payload, size_t len, const struct err *bad)
{
	struct mail_block b;
	struct err e;
	int rc;

	(void)ctx;
	if (payload == NULL) {
		if (bad == NULL || bad->msg[0] == '\0')
			__builtin_trap();
		return 0;
	}
	err_clear(&e);
	rc = mail_block_parse(&b, payload, len, &e);
	if (rc != 0 && (rc != ERR_DAMAGED || e.msg[0] == '\0'))
		__builtin_trap();
	if (rc == 0 && (b.data < (const char *)payload ||
	    b.data + b.len != (const char *)payload + len))
		__builtin_trap();
	free(payload);
	return 0;
}

static int
on_text(void *ctx, int msgno, const char *subject, const char *text,
    size_t len)
{
	(void)msgno;
	(void)subject;
	mail_dearmour(text, len, on_block, ctx);
	return 0;
}

static int
on_oracle(void *ctx, unsigned char *payload, size_t len, const struct err *bad)
{
	struct seen *s = ctx;

	(void)bad;
	s->n++;
	if (payload != NULL && len == s->wlen &&
	    (len == 0 || memcmp(payload, s->want, len) == 0))
		s->match = 1;
	free(payload);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int started;
	struct buf a = { 0 };
	struct seen s;
	struct err e;

	if (!started) {
		rules_register(rules_table);
		mail_init();
		started = 1;
	}
	err_clear(&e);
	if (mail_read_buf((const char *)data, size, "fuzz", on_text, NULL,
	    &e) != 0 && e.msg[0] == '\0')
		__builtin_trap();
	if (size <= 65536 && mail_armour(&a, data, size, NULL) == 0) {
		memset(&s, 0, sizeof s);
		s.want = data;
		s.wlen = size;
		mail_dearmour(a.p, a.len, on_oracle, &s);
		if (s.n != 1 || !s.match)
			__builtin_trap();
	}
	buf_release(&a);
	return 0;
}
