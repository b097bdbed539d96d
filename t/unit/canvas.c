/*
 * t/unit/canvas.c -- lib/canvas.c: how a row of a game's text canvas is
 * printed (trailing blanks dropped, a wide character's right half
 * skipped, colors switched only where they change and reset at the
 * end).  Linked with the core alone.
 */
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "canvas.h"
#include "rules.h"

static const char *const ansi[] = { "", "<R>", "<B>" };

/* The row as printed, in a static buffer. */
static const char *
row(const struct canvas_cell *c, int w, int color)
{
	static char out[256];
	FILE *f = fmemopen(out, sizeof out, "w");

	canvas_print_row(c, w, ansi, color, f);
	fclose(f);
	return out;
}

int
main(void)
{
	struct canvas_cell c[8];

	memset(c, 0, sizeof c);
	is_string("\n", row(c, 8, 1), "a blank row is an empty line");
	c[1].cp = 'a';
	c[3].cp = 'b';
	c[5].cp = ' ';
	is_string(" a b\n", row(c, 8, 0), "blanks inside kept, trailing dropped");
	c[1].attr = 1;
	c[3].attr = 1;
	is_string(" a b\n", row(c, 8, 0), "attributes need color");
	is_string(" <R>a b\033[0m\n", row(c, 8, 1),
	    "one color for a run, blanks between do not switch it, reset at the end");
	c[3].attr = 2;
	is_string(" <R>a \033[0m<B>b\033[0m\n", row(c, 8, 1),
	    "a change of color resets first");
	c[4].cp = 0x4e2d;	/* a wide character: two columns */
	c[5].cp = 0;
	c[5].taken = 1;		/* its right half */
	c[6].cp = 'x';
	is_string(" <R>a \033[0m<B>b\033[0m\xe4\xb8\xadx\n", row(c, 8, 1),
	    "a wide character's right half is not printed; attr 0 is a reset");
	c[5].taken = 0;
	is_string(" a b\xe4\xb8\xad x\n", row(c, 8, 0),
	    "cp 0 not taken is a blank");
	c[7].cp = 0x110000;
	is_string(" a b\xe4\xb8\xad x\n", row(c, 8, 0),
	    "a value past U+10FFFF prints nothing");
	return done_testing();
}
