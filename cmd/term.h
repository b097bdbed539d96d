/*
 * term.h -- what cmd/ knows of the terminal it writes to: its width.
 */
#ifndef TRIGON_TERM_H
#define TRIGON_TERM_H

/* A width for text views when none is asked for (not a terminal). */
#define TERM_DEFAULT_COLUMNS 80

/*
 * The columns to lay text out in for fd: the terminal's width when fd
 * is a terminal that knows it (TIOCGWINSZ), else $COLUMNS when it is a
 * number, else TERM_DEFAULT_COLUMNS; clamped to RULES_WIDTH_MIN..MAX.
 */
int term_columns(int fd);

/*
 * Parse the argument of --width: a number from RULES_WIDTH_MIN to
 * RULES_WIDTH_MAX into *out; -1 when it is not one.
 */
int term_parse_width(const char *arg, int *out);

#endif
