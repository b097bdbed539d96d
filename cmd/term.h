/*
 * term.h -- what cmd/ knows of the terminal it writes to: its width,
 * and whether it takes colours.
 */
#ifndef TRIGON_TERM_H
#define TRIGON_TERM_H

#include <stddef.h>
#include <stdio.h>

/* A width for text views when none is asked for (not a terminal). */
#define TERM_DEFAULT_COLUMNS 80

/*
 * The columns to lay text out in for fd: the terminal's width when fd
 * is a terminal that knows it (TIOCGWINSZ), else $COLUMNS when it is a
 * number, else TERM_DEFAULT_COLUMNS; clamped to RULES_WIDTH_MIN..MAX.
 */
int term_columns(int fd);

/* Rows for the play screen when none is known (not a terminal). */
#define TERM_DEFAULT_ROWS 24

/*
 * The columns and rows of the terminal on fd as they are (TIOCGWINSZ),
 * not clamped: else $COLUMNS and $LINES when they are numbers, else
 * TERM_DEFAULT_COLUMNS and TERM_DEFAULT_ROWS.
 */
void term_size(int fd, int *cols, int *rows);

/*
 * The rows len bytes of text take on a terminal of cols columns: each
 * line at least one, a longer one as many as it wraps to.  Colour
 * escapes take no room, nor do the continuation bytes of UTF-8.
 */
int term_count_rows(const char *text, size_t len, int cols);

/*
 * Whether colours are wanted on fd when the user said nothing (--color
 * auto): fd is a terminal, $NO_COLOR is unset or empty and $TERM is
 * not "dumb".
 */
int term_color_auto(int fd);

/*
 * Write text to f as paragraphs (one per line of text) broken at spaces
 * into lines of at most width columns (bytes; a longer word stands
 * alone), each line after a paragraph's first starting with indent.
 * Returns the lines written.
 */
int term_wrap(FILE *f, const char *text, size_t width, const char *indent);

/*
 * Write text to f, a line that fits in width columns (bytes) as it is,
 * spaces and all; a longer one broken at its last space that fits, the
 * rest starting with indent (a word longer than the width stands).
 */
void term_fold(FILE *f, const char *text, size_t width, const char *indent);

/*
 * Parse the argument of --width: a number from RULES_WIDTH_MIN to
 * RULES_WIDTH_MAX into *out; -1 when it is not one.
 */
int term_parse_width(const char *arg, int *out);

/*
 * On Ctrl-C (SIGINT) write msg on a line of its own to stdout and exit
 * 130 -- unless held: then when released.
 */
void term_on_interrupt(const char *msg);

/* Hold Ctrl-C while a file is written (1), release it (0). */
void term_hold(int hold);

/*
 * start: unless stopped within a second, say on stdout that the
 * computer is thinking (once); 0: stop.
 */
void term_thinking(int start);

#endif
