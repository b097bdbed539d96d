/*
 * term.c -- the terminal's width for the text views (trigon board):
 * the window size of a terminal, else $COLUMNS, else a default; whether
 * it takes colours; text wrapped to a width.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "num.h"
#include "rules.h"
#include "term.h"

static int
clamp(long n)
{
	return n < RULES_WIDTH_MIN ? RULES_WIDTH_MIN :
	    n > RULES_WIDTH_MAX ? RULES_WIDTH_MAX : (int)n;
}

int
term_columns(int fd)
{
	struct winsize ws;
	const char *env;
	uint64_t n;

	if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return clamp(ws.ws_col);
	if ((env = getenv("COLUMNS")) != NULL &&
	    num_u64(env, strlen(env), 1, UINT64_MAX, 0, &n) == 0)
		return clamp(n > RULES_WIDTH_MAX ? RULES_WIDTH_MAX : (long)n);
	return TERM_DEFAULT_COLUMNS;
}

int
term_parse_width(const char *arg, int *out)
{
	return num_uint(arg, RULES_WIDTH_MIN, RULES_WIDTH_MAX, 0, out) == 0 ?
	    0 : -1;
}

int
term_color_auto(int fd)
{
	const char *nc;

	return isatty(fd) && ((nc = getenv("NO_COLOR")) == NULL ||
	    nc[0] == '\0') && ((nc = getenv("TERM")) == NULL ||
	    strcmp(nc, "dumb") != 0);
}

void
term_wrap(FILE *f, const char *text, size_t width, const char *indent)
{
	const char *p = text;
	size_t ind = strlen(indent);

	while (*p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p), col = 0;
		int fresh = 1;		/* no word on this line yet */

		while (len > 0 && *p == ' ') {	/* the paragraph's own indent */
			fputc(' ', f);
			p++;
			len--;
			col++;
		}

		while (len > 0) {
			size_t w = 0;

			while (w < len && p[w] != ' ')
				w++;
			if (!fresh && col + 1 + w > width) {
				fputc('\n', f);
				fputs(indent, f);
				col = ind;
			} else if (!fresh) {
				fputc(' ', f);
				col++;
			}
			fwrite(p, 1, w, f);
			fresh = 0;
			col += w;
			p += w;
			len -= w;
			while (len > 0 && *p == ' ') {
				p++;
				len--;
			}
		}
		fputc('\n', f);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
}
