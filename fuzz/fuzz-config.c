/*
 * fuzz-config.c -- libFuzzer target for the configuration reader
 * (config_parse_buf, inih underneath).  Any bytes must give a clean
 * accept or a clean ERR_DAMAGED with a line number, and accepted values
 * must be NUL-terminated within their fields.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "conf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config c;
	struct err e;
	int rc;

	config_init(&c);
	err_clear(&e);
	rc = config_parse_buf(&c, "fuzz", (const char *)data, size, &e);
	if (rc != 0 && (rc != ERR_DAMAGED || e.msg[0] == '\0' ||
	    e.line <= 0))
		__builtin_trap();
	if (rc == 0 && (memchr(c.name, '\0', sizeof c.name) == NULL ||
	    memchr(c.key, '\0', sizeof c.key) == NULL ||
	    memchr(c.mail_to, '\0', sizeof c.mail_to) == NULL ||
	    c.git_commit < -1 || c.git_commit > 1))
		__builtin_trap();
	return 0;
}
