/*
 * term.c -- the terminal's width for the text views (trigon board):
 * the window size of a terminal, else $COLUMNS, else a default (and its
 * rows, for trigon play); whether it takes colours; text wrapped to a
 * width, and the rows a text takes; what trigon play says when
 * interrupted (Ctrl-C) and while the computer thinks.
 */
#include "config.h"

#include <signal.h>
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

/* A size from the environment: name's number, else def. */
static int
env_size(const char *name, int def)
{
	const char *env;
	uint64_t n;

	if ((env = getenv(name)) != NULL &&
	    num_u64(env, strlen(env), 1, 10000, 0, &n) == 0)
		return (int)n;
	return def;
}

void
term_size(int fd, int *cols, int *rows)
{
	struct winsize ws;
	int tty = isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0;

	*cols = tty && ws.ws_col > 0 ? ws.ws_col :
	    env_size("COLUMNS", TERM_DEFAULT_COLUMNS);
	*rows = tty && ws.ws_row > 0 ? ws.ws_row :
	    env_size("LINES", TERM_DEFAULT_ROWS);
}

int
term_count_rows(const char *text, size_t len, int cols)
{
	int rows = 0, col = 0, open = 0;

	if (cols < 1)
		cols = 1;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if (c == '\n') {
			rows++;
			col = 0;
			open = 0;
			continue;
		}
		if (c == 0x1b) {	/* ESC [ ... letter: no room */
			while (i + 1 < len && !((text[i + 1] >= 'A' &&
			    text[i + 1] <= 'Z') || (text[i + 1] >= 'a' &&
			    text[i + 1] <= 'z')))
				i++;
			i++;
			continue;
		}
		if ((c & 0xc0) == 0x80)
			continue;	/* a UTF-8 continuation byte */
		if (col == cols) {
			rows++;
			col = 0;
		}
		col++;
		open = 1;
	}
	return rows + open;
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

int
term_wrap(FILE *f, const char *text, size_t width, const char *indent)
{
	const char *p = text;
	size_t ind = strlen(indent);
	int lines = 0;

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
				lines++;
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
		lines++;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return lines;
}

void
term_fold(FILE *f, const char *text, size_t width, const char *indent)
{
	size_t ind = strlen(indent);

	while (*text != '\0') {
		size_t len = strcspn(text, "\n"), col = 0;
		const char *p = text, *end = text + len;

		while ((size_t)(end - p) + col > width) {
			const char *cut = NULL, *cut2 = NULL, *q;

			/* The last space within the width; rather between
			   columns (two spaces) when one is past the middle. */
			for (q = p + 1; q < end && (size_t)(q - p) + col <= width;
			    q++)
				if (*q == ' ' && q[-1] != ' ') {
					cut = q;
					if (q[1] == ' ' && (size_t)(q - p) + col >
					    width / 2)
						cut2 = q;
				}
			if (cut2 != NULL)
				cut = cut2;
			if (cut == NULL)
				break;	/* one long word: as it is */
			fwrite(p, 1, (size_t)(cut - p), f);
			fputc('\n', f);
			fputs(indent, f);
			col = ind;
			for (p = cut; p < end && *p == ' '; p++)
				;
		}
		fwrite(p, 1, (size_t)(end - p), f);
		fputc('\n', f);
		text = *end == '\n' ? end + 1 : end;
	}
}

/* What the handlers write: set before they are installed. */
static char intr_msg[2200];
static size_t intr_len;
static volatile sig_atomic_t intr_held, intr_seen;

static void
on_interrupt(int sig)
{
	(void)sig;
	if (intr_held) {	/* a write under way: after it */
		intr_seen = 1;
		return;
	}
	if (write(STDOUT_FILENO, intr_msg, intr_len) < 0)
		_exit(130);
	_exit(130);
}

void
term_on_interrupt(const char *msg)
{
	struct sigaction sa;

	snprintf(intr_msg, sizeof intr_msg, "\n%s\n", msg);
	intr_len = strlen(intr_msg);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

void
term_hold(int hold)
{
	intr_held = hold;
	if (!hold && intr_seen)
		on_interrupt(SIGINT);
}

static void
on_alarm(int sig)
{
	static const char msg[] = "(the computer is thinking...)\n";

	(void)sig;
	if (write(STDOUT_FILENO, msg, sizeof msg - 1) < 0)
		return;
}

void
term_thinking(int start)
{
	struct sigaction sa;

	if (start) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_alarm;
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = SA_RESTART;
		sigaction(SIGALRM, &sa, NULL);
	}
	alarm(start ? 1 : 0);
}
