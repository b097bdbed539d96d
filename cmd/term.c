/*
 * term.c -- the terminal's width for the text views (trigon board):
 * the window size of a terminal, else $COLUMNS, else a default.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

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
	char *end;
	long n;

	if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return clamp(ws.ws_col);
	if ((env = getenv("COLUMNS")) != NULL && env[0] >= '0' &&
	    env[0] <= '9') {
		errno = 0;
		n = strtol(env, &end, 10);
		if (*end == '\0' && errno == 0 && n > 0)
			return clamp(n);
	}
	return TERM_DEFAULT_COLUMNS;
}

int
term_parse_width(const char *arg, int *out)
{
	char *end;
	long n;

	if (arg[0] < '0' || arg[0] > '9')
		return -1;
	errno = 0;
	n = strtol(arg, &end, 10);
	if (*end != '\0' || errno != 0 || n < RULES_WIDTH_MIN ||
	    n > RULES_WIDTH_MAX)
		return -1;
	*out = (int)n;
	return 0;
}
