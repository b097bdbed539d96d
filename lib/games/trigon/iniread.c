/*
 * iniread.c -- inih driven by our own line reader (see iniread.h).
 *
 * Why our own reader (ini_parse_stream) rather than ini_parse_string:
 * the text need not be NUL-terminated; we know the line of every key
 * (Debian's libinih is built without INI_HANDLER_LINENO); and the reader
 * refuses what inih would silently bend: lines longer than inih's
 * buffer (it would split them), NUL bytes (it would cut the line).  It
 * also drops leading blanks, so that an indented line is never glued to
 * the previous value as a continuation.  One line per call keeps inih's
 * line count equal to ours.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <ini.h>

#include "iniread.h"

int
tg_ini_fail(struct tg_ini *ini, int line, const char *fmt, ...)
{
	va_list ap;

	if (ini->failed)
		return 0;
	ini->failed = 1;
	ini->err_line = line;
	va_start(ap, fmt);
	vsnprintf(ini->msg, sizeof ini->msg, fmt, ap);
	va_end(ap);
	return 0;
}

/*
 * Hand inih the next line, without leading blanks, at most num-1
 * bytes.  A longer line is refused (its head is still handed over so
 * that the line count stays right).
 */
static char *
reader(char *str, int num, void *stream)
{
	struct tg_ini *ini = stream;
	size_t n = 0;
	int nul = 0, toolong = 0;

	if (ini->pos >= ini->len || num < 2)
		return NULL;
	ini->lineno++;
	while (ini->pos < ini->len && (ini->text[ini->pos] == ' ' ||
	    ini->text[ini->pos] == '\t'))
		ini->pos++;
	while (ini->pos < ini->len) {
		char c = ini->text[ini->pos++];

		if (c == '\0') {
			nul = 1;
			c = ' ';
		}
		if (n < (size_t)num - 1)
			str[n++] = c;
		else if (c != '\n' && c != '\r')
			toolong = 1;
		if (c == '\n')
			break;
	}
	str[n] = '\0';
	if (nul)
		tg_ini_fail(ini, ini->lineno, "NUL byte in line");
	else if (toolong)
		tg_ini_fail(ini, ini->lineno,
		    "line too long (at most %d bytes)", num - 1);
	if (str[0] == '[') {
		if (strchr(str, ']') == NULL)
			tg_ini_fail(ini, ini->lineno,
			    "section header without ']'");
		if (ini->sect_pending)
			tg_ini_fail(ini, ini->sect_line, "empty section");
		ini->sect_pending = 1;
		ini->sect_line = ini->lineno;
	}
	return str;
}

static int
handler(void *user, const char *section, const char *name,
    const char *value)
{
	struct tg_ini *ini = user;
	int first = ini->sect_pending;

	if (ini->failed)
		return 0;
	if (!first && !ini->in_section)
		return tg_ini_fail(ini, ini->lineno,
		    "key '%s' outside a section", name);
	ini->sect_pending = 0;
	ini->in_section = 1;
	return ini->key(ini->user, section, first, name, value);
}

int
tg_ini_run(struct tg_ini *ini, const char *text, size_t len)
{
	int r;

	ini->text = text != NULL ? text : "";
	ini->len = text != NULL ? len : 0;
	ini->pos = 0;
	ini->lineno = 0;
	ini->failed = 0;
	ini->err_line = 0;
	ini->msg[0] = '\0';
	ini->sect_pending = 0;
	ini->sect_line = 0;
	ini->in_section = 0;
	r = ini_parse_stream(reader, ini, handler, ini);
	if (ini->sect_pending)
		tg_ini_fail(ini, ini->sect_line, "empty section");
	if (r > 0 && (!ini->failed || r < ini->err_line)) {
		/* inih's own syntax error, before any of ours */
		ini->failed = 0;
		tg_ini_fail(ini, r,
		    "expected 'key = value', '[section]' or a comment");
	} else if (r < 0)
		tg_ini_fail(ini, 0, "out of memory");
	return ini->failed ? -1 : 0;
}

int
tg_ini_valid_id(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || !islower((unsigned char)s[0]))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(islower((unsigned char)s[i]) ||
		    isdigit((unsigned char)s[i]) || s[i] == '-'))
			return 0;
	return s[n - 1] != '-';
}

int
tg_ini_valid_utf8(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	while (*u) {
		int extra;
		unsigned cp;

		if (*u < 0x20 || *u == 0x7f)
			return 0;
		if (*u < 0x80) {
			u++;
			continue;
		}
		if ((*u & 0xe0) == 0xc0) {
			extra = 1;
			cp = *u & 0x1f;
		} else if ((*u & 0xf0) == 0xe0) {
			extra = 2;
			cp = *u & 0x0f;
		} else if ((*u & 0xf8) == 0xf0) {
			extra = 3;
			cp = *u & 0x07;
		} else
			return 0;
		u++;
		for (int i = 0; i < extra; i++, u++) {
			if ((*u & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (*u & 0x3f);
		}
		if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) ||
		    (extra == 3 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
	}
	return 1;
}

int
tg_ini_uint(const char *s, int max, int *out)
{
	long v = 0;
	int big = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		if (v <= max)
			v = v * 10 + (*s - '0');
		if (v > max)
			big = 1;
	}
	if (*s != '\0')
		return -1;
	if (big)
		return -2;
	*out = (int)v;
	return 0;
}

int
tg_ini_find(const char *const *ids, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(ids[i], s) == 0)
			return i;
	return -1;
}

int
tg_ini_word(const char **s, char *buf, size_t size, int comma)
{
	const char *q = *s;
	size_t n = 0;

	while (*q == ' ' || *q == '\t' || (comma && *q == ','))
		q++;
	if (*q == '\0') {
		*s = q;
		return 0;
	}
	while (*q && *q != ' ' && *q != '\t' && !(comma && *q == ',')) {
		if (n + 1 < size)
			buf[n] = *q;
		n++;
		q++;
	}
	if (n >= size)
		n = size - 1;
	buf[n] = '\0';
	*s = q;
	return 1;
}
