/*
 * inifile.c -- the INI reader (see inifile.h): inih's ini_parse_stream
 * fed one line per call by our reader, so that inih's line count stays
 * ours.  inih's global settings are never changed.  (Named inifile.*
 * so that it never shadows inih's own <ini.h>, which it includes.)
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <ini.h>

#include "inifile.h"

static int fault(struct inifile *, enum inifile_fault, int, const char *, ...)
    __attribute__((format(printf, 4, 5)));

static int
fault_v(struct inifile *ini, enum inifile_fault f, int line, const char *fmt,
    va_list ap)
{
	if (ini->failed)
		return 0;
	ini->failed = 1;
	ini->fault = f;
	ini->err_line = line;
	vsnprintf(ini->msg, sizeof ini->msg, fmt, ap);
	return 0;
}

static int
fault(struct inifile *ini, enum inifile_fault f, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fault_v(ini, f, line, fmt, ap);
	va_end(ap);
	return 0;
}

int
inifile_fail(struct inifile *ini, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fault_v(ini, INIFILE_FAULT_KEY, line, fmt, ap);
	va_end(ap);
	return 0;
}

/*
 * inih's fgets: the next line into str (num bytes), without a BOM on
 * line 1 and without leading blanks.  A line longer than line_limit or
 * holding a NUL byte ends the parse with our error.
 */
static char *
reader(char *str, int num, void *stream)
{
	struct inifile *ini = stream;
	size_t n = 0, k = 0, start;

	if (ini->failed || ini->pos >= ini->len || num < 2)
		return NULL;
	ini->lineno++;
	if (ini->lineno == 1 && ini->len >= 3 &&
	    memcmp(ini->text, "\xef\xbb\xbf", 3) == 0)
		ini->pos = 3;
	while (ini->pos < ini->len && (ini->text[ini->pos] == ' ' ||
	    ini->text[ini->pos] == '\t'))
		ini->pos++;
	start = ini->pos;
	while (ini->pos < ini->len && ini->text[ini->pos] != '\n')
		ini->pos++;
	k = ini->pos - start;
	if (ini->pos < ini->len)
		ini->pos++;		/* the '\n' */
	if (memchr(ini->text + start, '\0', k) != NULL) {
		fault(ini, INIFILE_FAULT_NUL, ini->lineno, "NUL byte in line");
		return NULL;
	}
	n = k;
	if (n > 0 && ini->text[start + n - 1] == '\r')
		n--;
	if (n > (size_t)ini->line_limit || n >= (size_t)num) {
		fault(ini, INIFILE_FAULT_LONG, ini->lineno,
		    "line too long (at most %d bytes)", ini->line_limit);
		return NULL;
	}
	memcpy(str, ini->text + start, n);
	str[n] = '\0';
	if (str[0] == '[') {
		if (strchr(str, ']') == NULL) {
			fault(ini, INIFILE_FAULT_HEADER, ini->lineno,
			    "section header without ']'");
			return NULL;
		}
		if (ini->sect_pending && (ini->flags & INIFILE_NO_EMPTY_SECTIONS)) {
			fault(ini, INIFILE_FAULT_EMPTY, ini->sect_line,
			    "empty section");
			return NULL;
		}
		ini->sect_pending = 1;
		ini->sect_line = ini->lineno;
	}
	return str;
}

static int
handler(void *user, const char *section, const char *name,
    const char *value)
{
	struct inifile *ini = user;
	int first = ini->sect_pending;

	if (ini->failed)
		return 0;
	if (!first && !ini->in_section &&
	    !(ini->flags & INIFILE_KEYS_OUTSIDE_OK))
		return fault(ini, INIFILE_FAULT_OUTSIDE, ini->lineno,
		    "key '%s' outside a section", name);
	ini->sect_pending = 0;
	ini->in_section |= first;
	if (!ini->key(ini->user, section, first, name, value)) {
		if (!ini->failed)	/* a callback that forgot inifile_fail */
			inifile_fail(ini, ini->lineno, "refused");
		return 0;
	}
	return 1;
}

int
inifile_parse(struct inifile *ini, const char *text, size_t len)
{
	int r;

	ini->text = text != NULL ? text : "";
	ini->len = text != NULL ? len : 0;
	ini->pos = 0;
	ini->lineno = 0;
	ini->sect_line = 0;
	ini->failed = 0;
	ini->fault = INIFILE_OK;
	ini->err_line = 0;
	ini->msg[0] = '\0';
	ini->sect_pending = 0;
	ini->in_section = 0;
	/* inih hands the reader INI_MAX_LINE bytes, the NUL included */
	ini->line_limit = INI_MAX_LINE - 1;
	if (ini->line_max > 0 && ini->line_max < ini->line_limit)
		ini->line_limit = ini->line_max;
	r = ini_parse_stream(reader, ini, handler, ini);
	if (!ini->failed && ini->sect_pending &&
	    (ini->flags & INIFILE_NO_EMPTY_SECTIONS))
		fault(ini, INIFILE_FAULT_EMPTY, ini->sect_line, "empty section");
	if (r > 0 && (!ini->failed || r < ini->err_line)) {
		/* inih's own syntax error, before any of ours */
		ini->failed = 0;
		fault(ini, INIFILE_FAULT_SYNTAX, r,
		    "expected 'key = value', '[section]' or a comment");
	} else if (r < 0 && !ini->failed) {
		fault(ini, INIFILE_FAULT_NOMEM, 0, "out of memory");
	}
	return ini->failed ? -1 : 0;
}

int
inifile_valid_id(const char *s)
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
inifile_find(const char *const *ids, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(ids[i], s) == 0)
			return i;
	return -1;
}

int
inifile_word(const char **s, char *buf, size_t size, int comma)
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
