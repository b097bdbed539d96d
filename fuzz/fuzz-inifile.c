/*
 * fuzz-inifile.c -- libFuzzer target for the core's INI reader
 * (lib/inifile.c, inih underneath), the parser every game's data and
 * the configuration file go through.  The first byte picks the flags and
 * a line limit; the rest is the text.  Any bytes must give a clean
 * accept, or one fault with a message and a line within the text; the
 * callback must see NUL-terminated section, name and value with lines
 * that never go back.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "inifile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct state {
	struct inifile *ini;
	int last_line;
	int keys;
};

static int
key(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct state *st = user;

	/* strlen must stay inside the line buffer */
	if (strlen(section) > 200 || strlen(name) > 200 ||
	    strlen(value) > 200 || st->ini->lineno < st->last_line ||
	    st->ini->lineno < 1 || (first && st->ini->sect_line < 1))
		__builtin_trap();
	st->last_line = st->ini->lineno;
	/* refuse every seventh key, as a game's loader would */
	if (++st->keys % 7 == 0)
		return inifile_fail(st->ini, st->ini->lineno, "refused '%s'",
		    name);
	return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct inifile ini;
	struct state st;
	size_t lines = 1;
	int rc;

	if (size == 0)
		return 0;
	memset(&ini, 0, sizeof ini);
	memset(&st, 0, sizeof st);
	st.ini = &ini;
	ini.key = key;
	ini.user = &st;
	ini.flags = data[0] & 3u;
	ini.line_max = (data[0] >> 2) * 4;	/* 0 (inih's) to 252 */
	for (size_t i = 1; i < size; i++)
		lines += data[i] == '\n';
	rc = inifile_parse(&ini, (const char *)data + 1, size - 1);
	if (rc == 0 && (ini.failed || ini.fault != INIFILE_OK))
		__builtin_trap();
	if (rc != 0 && (rc != -1 || ini.fault == INIFILE_OK ||
	    ini.msg[0] == '\0' || ini.err_line < 0 ||
	    (size_t)ini.err_line > lines ||
	    memchr(ini.msg, '\0', sizeof ini.msg) == NULL))
		__builtin_trap();
	if (ini.line_limit < 1 || ini.line_limit > 199)
		__builtin_trap();
	return 0;
}
