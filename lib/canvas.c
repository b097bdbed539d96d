/*
 * canvas.c -- printing a game's text canvas (see canvas.h).
 */
#include "canvas.h"
#include "utf8.h"

void
canvas_put_utf8(FILE *out, uint32_t cp)
{
	char b[4];

	fwrite(b, 1, (size_t)utf8_encode(cp, b), out);
}

static int
blank(const struct canvas_cell *x)
{
	return x->cp == 0 || x->cp == ' ';
}

void
canvas_print_row(const struct canvas_cell *row, int w,
    const char *const *ansi, int color, FILE *out)
{
	int end = w, attr = 0;

	while (end > 0 && blank(&row[end - 1]))
		end--;
	for (int i = 0; i < end; i++) {
		const struct canvas_cell *x = &row[i];

		if (x->cp == 0 && x->taken)
			continue;	/* the right half of a wide one */
		if (color && !blank(x) && x->attr != attr) {
			if (attr != 0)
				fputs("\033[0m", out);
			fputs(ansi[x->attr], out);
			attr = x->attr;
		}
		canvas_put_utf8(out, x->cp ? x->cp : ' ');
	}
	if (color && attr != 0)
		fputs("\033[0m", out);
	fputc('\n', out);
}
