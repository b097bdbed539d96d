/*
 * canvas.h -- the text canvas every game's board is drawn on: a grid
 * of cells, each one character and an attribute (an index into the
 * game's own table of ANSI colors), printed a row at a time.
 *
 * A game keeps its canvas as it likes (a fixed two-dimensional array
 * of struct canvas_cell is usual: nothing is allocated); this prints
 * a row the same way for all of them: trailing blanks dropped, the
 * right half of a wide character skipped, colors switched only where
 * they change and reset at the end of the line.
 */
#ifndef TRIGON_CANVAS_H
#define TRIGON_CANVAS_H

#include <stdint.h>
#include <stdio.h>

struct canvas_cell {
	uint32_t cp;		/* 0: blank, or the right half of a wide one */
	uint8_t attr;		/* 0: none; else ansi[attr] */
	uint8_t taken;		/* the game's own mark (with cp 0: a wide
				 * character's right half, not printed) */
};

/*
 * Print the w cells of row and a newline.  With color, a non-blank
 * cell whose attr differs from the one in force switches to
 * ansi[attr] (after "\033[0m" when one was in force).
 */
void canvas_print_row(const struct canvas_cell *row, int w,
    const char *const *ansi, int color, FILE *out);

/* cp as UTF-8 on out (nothing for a value utf8_encode refuses). */
void canvas_put_utf8(FILE *out, uint32_t cp);

#endif
