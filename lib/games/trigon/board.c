/*
 * board.c -- the board picture of a Trigon game as text (RULES_VIEW_BOARD).
 *
 * The map is drawn on a canvas of TG_BOARD_WIDTH columns from the spot,
 * land and sea coordinates of the design data (data/trigon/map.ini): each spot
 * is a box of two lines (its name, then what stands on it), paths are
 * lines between the boxes, river crossings carry a wave mark and the
 * figures waiting on them.  Beneath come a legend, a panel per player
 * and the round, order and what is awaited.  Only public information is
 * drawn, except the hand of the viewer when one is given.
 *
 * Widths are display columns, never bytes: every character drawn is one
 * column (box drawing, accented letters), except combining marks (zero)
 * and East Asian wide characters (two), which a custom map may bring.
 * With RULES_VF_ASCII every name is transliterated to ASCII.  Nothing
 * here changes the game; nothing here allocates.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "canvas.h"
#include "internal.h"
#include "utf8.h"

#define CV_W TG_BOARD_MAX_WIDTH
#define CV_H 64			/* map rows at most */
#define TXT_MAX 128		/* code points in one piece of text */
#define NAME_COLS 16		/* a spot name is clipped to this, */
#define NAME_COLS_NARROW 12	/* or to this below TG_BOARD_WIDTH */

/* Cell attributes: 1 + color for the four colors, then these. */
enum { AT_NONE = 0, AT_BLUE = 1 + TG_COLORS };

/* A cell's taken: text here, paths keep off (lib/canvas.h). */
struct canvas {
	int w;			/* columns: the width asked for */
	int rows;		/* rows used */
	struct canvas_cell c[CV_H][CV_W];
};

/* Where a spot's box went: its name line starts at row, col. */
struct box {
	int row, col, w;	/* w: the name's width */
};

struct text {
	int n;
	uint32_t cp[TXT_MAX];
};

/* How the map coordinates become canvas positions. */
struct frame {
	int minx, miny;
	int spanx, spany;	/* coordinate ranges */
	int cols, rows;		/* canvas room for them */
	int stretch;		/* widen the map to cols (a wide canvas) */
};

struct glyphs {
	uint32_t h, v, up, down;	/* - | / \ */
	uint32_t river;
	uint32_t palace;
	uint32_t arrow[4];		/* right, left, down, up */
};

static const struct glyphs utf8_glyphs = {
	0x2500, 0x2502, 0x2571, 0x2572, 0x2248, 0x265b,
	{ 0x2192, 0x2190, 0x2193, 0x2191 },
};
static const struct glyphs ascii_glyphs = {
	'-', '|', '/', '\\', '~', '*', { '>', '<', 'v', '^' },
};

static const char color_letter[TG_COLORS] = { 'G', 'P', 'Y', 'W' };
/*
 * ANSI colors by cell attribute.  White pieces are drawn bold in the
 * terminal's own foreground: white text vanishes on a light background.
 */
static const char *const ansi[] = {
	"", "\033[32m", "\033[35m", "\033[33m", "\033[1m", "\033[34m",
};

static void text_utf8(struct text *t, const char *s, int ascii);
static void text_add(struct text *t, const char *s, int ascii);
static int text_width(const struct text *t);
static void text_clip(struct text *t, int cols);
static void text_upper(struct text *t);

static void draw_crossing(const struct tg_data *d, const struct tg_state *st,
    const struct glyphs *gl, const struct box *box, int p, int row, int col,
    struct canvas *cv);
static void draw_map(const struct tg_data *d, const struct tg_state *st,
    const struct glyphs *gl, int ascii, struct canvas *cv);
static void print_canvas(const struct canvas *cv, int color, FILE *out);
static void print_legend(const struct glyphs *gl, int width, FILE *out);
static void print_crossings(const struct tg_data *d,
    const struct tg_state *st, int ascii, int width, FILE *out);
static void print_player(const struct tg_data *d, const struct tg_state *st,
    int c, int ascii, int color, int width, FILE *out);
static void print_round(const struct tg_data *d, const struct tg_state *st,
    int ascii, int width, FILE *out);
static void print_hand(const struct tg_data *d, const struct tg_state *st,
    int c, int ascii, int color, int width, FILE *out);
static void wrap(FILE *out, int ascii, int width, int indent, const char *s);
static void cat(char *buf, size_t n, const char *fmt, ...) TG_PRINTF(3, 4);
static const char *plural(int n, const char *one, const char *more);

int
tg_board_write(const struct tg_data *d, const struct tg_state *st,
    int viewer, unsigned flags, FILE *out)
{
	struct canvas *cv;
	int ascii = (flags & RULES_VF_ASCII) != 0;
	int color = (flags & RULES_VF_COLOR) != 0;
	const struct glyphs *gl = ascii ? &ascii_glyphs : &utf8_glyphs;
	int width = (int)RULES_VF_WIDTH_OF(flags);

	if (width == 0)
		width = TG_BOARD_WIDTH;
	width = width < TG_BOARD_MIN_WIDTH ? TG_BOARD_MIN_WIDTH :
	    width > TG_BOARD_MAX_WIDTH ? TG_BOARD_MAX_WIDTH : width;
	/*
	 * On the heap, not in thread-local storage: every thread zeroes
	 * its thread-local storage when it starts, and a canvas there made
	 * every command slower to start, drawing a board or not.
	 */
	if ((cv = calloc(1, sizeof *cv)) == NULL)
		return RULES_ENOMEM;
	cv->w = width;
	draw_map(d, st, gl, ascii, cv);
	print_canvas(cv, color, out);
	free(cv);
	fputc('\n', out);
	print_legend(gl, width, out);
	print_crossings(d, st, ascii, width, out);
	tg_board_panels(d, st, viewer, flags & ~RULES_VF_WIDTH(0xffff),
	    width, out);
	return ferror(out) ? RULES_EDATA : 0;
}

void
tg_board_panels(const struct tg_data *d, const struct tg_state *st,
    int viewer, unsigned flags, int width, FILE *out)
{
	int ascii = (flags & RULES_VF_ASCII) != 0;
	int color = (flags & RULES_VF_COLOR) != 0;

	for (int i = 0; i < st->nseats; i++) {
		fputc('\n', out);
		print_player(d, st, st->seat_color[i], ascii, color, width,
		    out);
	}
	fputc('\n', out);
	print_round(d, st, ascii, width, out);
	if (viewer >= 0 && viewer < TG_COLORS) {
		fputc('\n', out);
		print_hand(d, st, viewer, ascii, color, width, out);
	}
}

/* --- text ---------------------------------------------------------------- */

/*
 * ASCII for a Latin letter with diacritics (U+00C0-U+017F) into buf
 * (3 bytes); other characters become '?'.  Returns buf.
 */
static const char *
translit(uint32_t cp, char *buf)
{
	static const char latin1[] =
	    "AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTsaaaaaaaceeeeiiiidnooooo/ouuuuyty";
	static const char exta[] =
	    "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjJjKkkLlLlLlL"
	    "lLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";

	buf[1] = buf[2] = '\0';
	if (cp == 0xc6 || cp == 0xe6 || cp == 0xdf) {
		buf[0] = cp == 0xc6 ? 'A' : cp == 0xe6 ? 'a' : 's';
		buf[1] = cp == 0xc6 ? 'E' : cp == 0xe6 ? 'e' : 's';
	} else if (cp >= 0xc0 && cp <= 0xff)
		buf[0] = latin1[cp - 0xc0];
	else if (cp >= 0x100 && cp <= 0x17f)
		buf[0] = exta[cp - 0x100];
	else
		buf[0] = '?';
	return buf;
}

static void
text_push(struct text *t, uint32_t cp)
{
	if (t->n < TXT_MAX)
		t->cp[t->n++] = cp;
}

/* Append UTF-8 s, transliterated to ASCII when ascii is set. */
static void
text_add(struct text *t, const char *s, int ascii)
{
	while (*s != '\0') {
		uint32_t cp = utf8_next_lossy(&s);
		char tb[3];

		if (cp < 0x20 || cp == 0x7f)
			cp = '?';
		if (!ascii || cp < 0x80) {
			text_push(t, cp);
			continue;
		}
		if (utf8_width(cp) == 0)
			continue;	/* a combining accent: drop it */
		for (const char *a = translit(cp, tb); *a != '\0'; a++)
			text_push(t, (uint32_t)*a);
	}
}

static void
text_utf8(struct text *t, const char *s, int ascii)
{
	t->n = 0;
	text_add(t, s, ascii);
}

/*
 * A name in the mode's characters: in ASCII, a display name that does
 * not transliterate (CJK, Greek, ...) gives way to its ASCII id.
 */
static void
text_name(struct text *t, const char *display, const char *id, int ascii)
{
	text_utf8(t, display, ascii);
	if (!ascii || strchr(display, '?') != NULL)
		return;
	for (int i = 0; i < t->n; i++)
		if (t->cp[i] == '?') {
			text_utf8(t, id, 1);
			return;
		}
}

static int
text_width(const struct text *t)
{
	int w = 0;

	for (int i = 0; i < t->n; i++)
		w += utf8_width(t->cp[i]);
	return w;
}

/* Keep at most cols display columns. */
static void
text_clip(struct text *t, int cols)
{
	int w = 0;

	for (int i = 0; i < t->n; i++) {
		w += utf8_width(t->cp[i]);
		if (w > cols) {
			t->n = i;
			return;
		}
	}
}

/* Upper case for ASCII and Latin-1 letters (capitals, land names). */
static void
text_upper(struct text *t)
{
	for (int i = 0; i < t->n; i++) {
		uint32_t c = t->cp[i];

		if (c >= 'a' && c <= 'z')
			t->cp[i] = c - 32;
		else if (c >= 0xe0 && c <= 0xfe && c != 0xf7)
			t->cp[i] = c - 32;
	}
}

/* --- the canvas ---------------------------------------------------------- */

static int
cv_free(const struct canvas *cv, int row, int col, int cols)
{
	if (row < 0 || row >= CV_H || col < 0 || col + cols > cv->w)
		return 0;
	for (int i = col; i < col + cols; i++)
		if (cv->c[row][i].taken)
			return 0;
	return 1;
}

/* Write t at row, col (clipped to the width); mark it taken. */
static void
cv_text(struct canvas *cv, int row, int col, const struct text *t,
    int attr)
{
	if (row < 0 || row >= CV_H)
		return;
	for (int i = 0; i < t->n; i++) {
		int w = utf8_width(t->cp[i]);

		if (w == 0)
			continue;
		if (col < 0 || col + w > cv->w)
			break;
		cv->c[row][col].cp = t->cp[i];
		cv->c[row][col].attr = (uint8_t)attr;
		cv->c[row][col].taken = 1;
		if (w == 2) {
			cv->c[row][col + 1].cp = 0;
			cv->c[row][col + 1].taken = 1;
		}
		col += w;
	}
	if (row + 1 > cv->rows)
		cv->rows = row + 1;
}

/*
 * Find room for a block of lines (widths w[0..n-1]) near row, col: the
 * place itself, else the nearest free one a few rows or columns away,
 * else the place itself after all (then text overwrites text).
 */
static void
cv_find(const struct canvas *cv, int *row, int *col, const int *w, int n)
{
	/* Near first; the far ones matter on a narrow canvas. */
	static const int dr[] = { 0, 1, -1, 0, 0, 1, -1, 2, -2, 1, -1, 2, -2,
	    0, 0, 0, 0, 1, 1, -1, -1, 0, 0, 2, 2, -2, -2, 0, 0 };
	static const int dc[] = { 0, 0, 0, -2, 2, -3, -3, 0, 0, 3, 3, -4, 4,
	    -6, 6, -8, 8, -6, 6, -6, 6, -10, 10, -6, 6, -6, 6, -14, 14 };

	for (size_t k = 0; k < sizeof dr / sizeof dr[0]; k++) {
		int r = *row + dr[k], c = *col + dc[k], fits = 1;

		for (int i = 0; i < n && fits; i++) {
			int cc = c + w[i] > cv->w ? cv->w - w[i] : c;

			/* a margin column either side keeps boxes apart */
			fits = cv_free(cv, r + i, cc > 0 ? cc - 1 : 0,
			    w[i] + (cc > 0) + (cc + w[i] < cv->w));
		}
		if (fits) {
			*row = r;
			*col = c;
			return;
		}
	}
}

static void
frame_init(struct frame *f, const struct tg_data *d, int width)
{
	int maxx = 0, maxy = 0;

	f->minx = f->miny = 1 << 14;
	for (int i = 0; i < d->nspots; i++) {
		const struct tg_spot *s = &d->spots[i];

		f->minx = s->x < f->minx ? s->x : f->minx;
		f->miny = s->y < f->miny ? s->y : f->miny;
		maxx = s->x > maxx ? s->x : maxx;
		maxy = s->y > maxy ? s->y : maxy;
	}
	for (int l = 0; l < TG_LANDS; l++) {
		f->miny = d->land_y[l] < f->miny ? d->land_y[l] : f->miny;
		maxy = d->land_y[l] > maxy ? d->land_y[l] : maxy;
	}
	if (d->nspots == 0)
		f->minx = f->miny = 0;
	/*
	 * The default map is drawn 1:1 at TG_BOARD_WIDTH, a larger map or
	 * a narrower canvas is scaled to fit, and a wider canvas spreads
	 * the map across: longer paths, fewer boxes pushed aside.
	 */
	f->minx = f->minx > 0 ? 0 : f->minx;
	f->miny = f->miny > 0 ? 0 : f->miny;
	f->spanx = maxx - f->minx;
	f->spany = maxy - f->miny;
	f->cols = width - 10;	/* the last boxes are pulled left to fit */
	f->rows = CV_H - 3;
	f->stretch = width > TG_BOARD_WIDTH && f->spanx > 0;
}

static int
frame_col(const struct frame *f, int x)
{
	if (f->spanx <= f->cols && !f->stretch)
		return x - f->minx;
	return (x - f->minx) * f->cols / f->spanx;
}

static int
frame_row(const struct frame *f, int y)
{
	if (f->spany <= f->rows)
		return y - f->miny;
	return (y - f->miny) * f->rows / f->spany;
}

/* --- the map ------------------------------------------------------------- */

/* A letter per sea for harbor tags: its name's last word's initial. */
void
tg_board_sea_tags(const struct tg_data *d, char tag[TG_SEAS])
{
	for (int s = 0; s < TG_SEAS; s++) {
		const char *n = d->sea_name[s], *w = n;
		char c;

		for (const char *p = n; *p != '\0'; p++)
			if (*p == ' ' && p[1] != '\0')
				w = p + 1;
		c = *w;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c + 32);
		if (c < 'a' || c > 'z')
			c = (char)('1' + s);
		tag[s] = c;
	}
	for (int s = 0; s < TG_SEAS; s++)
		for (int t = 0; t < s; t++)
			if (tag[s] == tag[t]) {
				for (int k = 0; k < TG_SEAS; k++)
					tag[k] = (char)('1' + k);
				return;
			}
}

/* "G v3" / "Y C5*" and figures "5k1s2b": what stands on a spot. */
static void
spot_status(const struct tg_state *st, int i, const struct glyphs *gl,
    struct text *t)
{
	int o = tg_owner(st, i), f = tg_fig_color(st, i);
	char buf[48];
	int n = 0;

	t->n = 0;
	if (o < 0 && f < 0)
		return;
	buf[n++] = color_letter[o >= 0 ? o : f];
	if (o >= 0) {
		n += snprintf(buf + n, sizeof buf - (size_t)n, " %c%d",
		    tg_is_city(st, i) ? 'C' : 'v', tg_inhab(st, i));
	}
	if (f >= 0 && f != o && o >= 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, " %c",
		    color_letter[f]);	/* never happens (R7.4) */
	buf[n] = '\0';
	text_add(t, buf, 1);
	if (o >= 0 && tg_has_palace(st, i))
		text_push(t, gl->palace);
	n = 0;
	if (f >= 0) {
		buf[n++] = ' ';
		if (st->kn[i])
			n += snprintf(buf + n, sizeof buf - (size_t)n, "%dk",
			    st->kn[i]);
		if (tg_scouts(st, i))
			n += snprintf(buf + n, sizeof buf - (size_t)n, "%ds",
			    tg_scouts(st, i));
		if (tg_boats(st, i))
			n += snprintf(buf + n, sizeof buf - (size_t)n, "%db",
			    tg_boats(st, i));
		buf[n] = '\0';
		if (n > 1)
			text_add(t, buf, 1);
	}
}

static void
draw_spots(const struct tg_data *d, const struct tg_state *st,
    const struct glyphs *gl, int ascii, const struct frame *f,
    struct canvas *cv, struct box *box)
{
	char tag[TG_SEAS];

	tg_board_sea_tags(d, tag);
	for (int i = 0; i < d->nspots; i++) {
		const struct tg_spot *s = &d->spots[i];
		struct text name, stat;
		int w[2], row = frame_row(f, s->y), col = frame_col(f, s->x);
		int o, attr, bw;

		text_name(&name, s->display, s->name, ascii);
		if (s->capital)
			text_upper(&name);
		text_clip(&name, cv->w < TG_BOARD_WIDTH ? NAME_COLS_NARROW :
		    NAME_COLS);
		if (s->seas) {
			text_push(&name, '(');
			for (int k = 0; k < TG_SEAS; k++)
				if (s->seas & (1 << k))
					text_push(&name, (uint32_t)tag[k]);
			text_push(&name, ')');
		}
		spot_status(st, i, gl, &stat);
		/*
		 * Paths may run up to the name's end, never along the
		 * status line: it is padded to the wider of the two.
		 */
		bw = text_width(&name);
		if (text_width(&stat) > bw)
			bw = text_width(&stat);
		while (stat.n > 0 && text_width(&stat) < bw)
			text_push(&stat, ' ');
		if (col + bw > cv->w)
			col = cv->w - bw;
		w[0] = w[1] = bw;
		cv_find(cv, &row, &col, w, stat.n ? 2 : 1);
		if (col + bw > cv->w)
			col = cv->w - bw;
		if (col < 0)
			col = 0;
		o = tg_owner(st, i) >= 0 ? tg_owner(st, i) : tg_fig_color(st, i);
		attr = o >= 0 ? 1 + o : AT_NONE;
		cv_text(cv, row, col, &name, attr);
		if (stat.n)
			cv_text(cv, row + 1, col, &stat, attr);
		box[i].row = row;
		box[i].col = col;
		box[i].w = text_width(&name);
	}
}

/* Land and sea names, where the data puts them or nearby. */
static void
draw_labels(const struct tg_data *d, const struct frame *f, int ascii,
    struct canvas *cv)
{
	char tag[TG_SEAS], buf[8];

	tg_board_sea_tags(d, tag);
	for (int l = 0; l < TG_LANDS; l++) {
		struct text t;
		int row = frame_row(f, d->land_y[l]);
		int col = frame_col(f, d->land_x[l]), w;

		text_name(&t, d->land_name[l], tg_land_ids[l], ascii);
		text_upper(&t);
		text_clip(&t, cv->w);
		w = text_width(&t);
		cv_find(cv, &row, &col, &w, 1);
		cv_text(cv, row, col + w > cv->w ? cv->w - w : col, &t, 1 + l);
	}
	for (int s = 0; s < TG_SEAS; s++) {
		struct text t, name;
		int row = frame_row(f, d->sea_y[s]);
		int col = frame_col(f, d->sea_x[s]), w;

		snprintf(buf, sizeof buf, "(%c) ", tag[s]);
		text_utf8(&t, buf, 1);
		text_name(&name, d->sea_name[s], tg_sea_ids[s], ascii);
		for (int k = 0; k < name.n; k++)
			text_push(&t, name.cp[k]);
		text_clip(&t, cv->w);
		w = text_width(&t);
		cv_find(cv, &row, &col, &w, 1);
		cv_text(cv, row, col + w > cv->w ? cv->w - w : col, &t, AT_BLUE);
	}
}

/*
 * Draw one path as a line between the middles of two name lines,
 * leaving text alone.  The cells drawn are listed in rr/cc (return:
 * how many), so that a river mark can go in the middle of them.
 */
static int
draw_line(struct canvas *cv, const struct glyphs *gl, int r0, int c0,
    int r1, int c1, int *rr, int *cc, int max)
{
	int dr = r1 - r0, dc = c1 - c0, adr = dr < 0 ? -dr : dr;
	int adc = dc < 0 ? -dc : dc, steps = adr > adc ? adr : adc, n = 0;
	uint32_t diag = (dr > 0) == (dc > 0) ? gl->down : gl->up;

	for (int k = 1; k < steps; k++) {
		/* positions rounded half away from zero, integers only */
		int r = r0 + (2 * dr * k + (dr >= 0 ? steps : -steps)) /
		    (2 * steps);
		int c = c0 + (2 * dc * k + (dc >= 0 ? steps : -steps)) /
		    (2 * steps);
		int rn = r0 + (2 * dr * (k + 1) + (dr >= 0 ? steps : -steps)) /
		    (2 * steps);
		int cn = c0 + (2 * dc * (k + 1) + (dc >= 0 ? steps : -steps)) /
		    (2 * steps);
		uint32_t ch;

		/*
		 * Along the longer axis: straight, with a slant where the
		 * line steps to the next row (column).
		 */
		if (adc >= adr)
			ch = rn != r ? diag : gl->h;
		else
			ch = cn != c ? diag : gl->v;
		if (r < 0 || r >= CV_H || c < 0 || c >= cv->w ||
		    cv->c[r][c].taken)
			continue;
		/* Crossing paths: keep the first one drawn. */
		if (cv->c[r][c].cp == 0 || cv->c[r][c].cp == ' ')
			cv->c[r][c].cp = ch;
		if (n < max) {
			rr[n] = r;
			cc[n] = c;
			n++;
		}
		if (r + 1 > cv->rows)
			cv->rows = r + 1;
	}
	return n;
}

static void
draw_paths(const struct tg_data *d, const struct tg_state *st,
    const struct glyphs *gl, const struct box *box, struct canvas *cv)
{
	int rr[2 * CV_W], cc[2 * CV_W];

	/* Plain paths first, so that river marks win where they meet. */
	for (int pass = 0; pass < 2; pass++)
		for (int p = 0; p < d->npaths; p++) {
			const struct tg_path *pa = &d->paths[p];
			const struct box *a = &box[pa->a], *b = &box[pa->b];
			int n, m;

			if (pa->river != pass)
				continue;
			n = draw_line(cv, gl, a->row, a->col + a->w / 2, b->row,
			    b->col + b->w / 2, rr, cc, 2 * CV_W);
			if (!pa->river || n == 0)
				continue;
			m = n / 2;
			cv->c[rr[m]][cc[m]].cp = gl->river;
			cv->c[rr[m]][cc[m]].attr = AT_BLUE;
			cv->c[rr[m]][cc[m]].taken = 1;
			draw_crossing(d, st, gl, box, p, rr[m], cc[m], cv);
		}
}

/*
 * Figures waiting on the river path p, whose mark is at row, col: a
 * token such as "G2k1s" with an arrow towards the end they head for,
 * beside the mark or as near as there is room.
 */
static void
draw_crossing(const struct tg_data *d, const struct tg_state *st,
    const struct glyphs *gl, const struct box *box, int p, int row, int col,
    struct canvas *cv)
{
	int r = d->paths[p].river_index, c = tg_river_color(st, r);
	const struct box *h;
	char tok[32];
	struct text t;
	int dr, dc, arrow, k, w;

	if (c < 0)
		return;
	h = &box[tg_river_heading(d, st, p)];
	dr = h->row - row;
	dc = h->col + h->w / 2 - col;
	/* a character is about twice as tall as it is wide */
	if ((dc < 0 ? -dc : dc) >= 2 * (dr < 0 ? -dr : dr))
		arrow = dc >= 0 ? 0 : 1;
	else
		arrow = dr >= 0 ? 2 : 3;
	k = snprintf(tok, sizeof tok, "%c", color_letter[c]);
	if (st->rkn[r])
		k += snprintf(tok + k, sizeof tok - (size_t)k, "%dk",
		    st->rkn[r]);
	if (st->rsc[r] & 3)
		snprintf(tok + k, sizeof tok - (size_t)k, "%ds", st->rsc[r] & 3);
	text_utf8(&t, tok, 1);
	text_push(&t, gl->arrow[arrow]);
	w = text_width(&t);
	col = col + 1 + w > cv->w ? col - w : col + 1;
	cv_find(cv, &row, &col, &w, 1);
	cv_text(cv, row, col, &t, 1 + c);
}

static void
draw_map(const struct tg_data *d, const struct tg_state *st,
    const struct glyphs *gl, int ascii, struct canvas *cv)
{
	struct box box[TG_MAX_SPOTS];
	struct frame f;

	frame_init(&f, d, cv->w);
	draw_spots(d, st, gl, ascii, &f, cv, box);
	draw_labels(d, &f, ascii, cv);
	draw_paths(d, st, gl, box, cv);
}

static void
print_canvas(const struct canvas *cv, int color, FILE *out)
{
	for (int r = 0; r < cv->rows; r++)
		canvas_print_row(cv->c[r], cv->w, ansi, color, out);
}

/* --- beneath the map ----------------------------------------------------- */

/*
 * The key to the map: three groups of items (owners and settlements;
 * figures, capitals and harbors; paths and crossings), each group
 * starting a line and flowing on to further lines, indented under
 * "Key: ", when the width has no room for the next item.
 */
static void
print_legend(const struct glyphs *gl, int width, FILE *out)
{
	static const char *const items[] = {
	    "G P Y W owner (green, purple, yellow, white)",
	    "v2 village, C5 city, with inhabitants", "\x01 palace", NULL,
	    "5k 1s 2b knights, scouts, boats", "CAPITALS capital",
	    "(o) harbor on the sea marked (o)", NULL,
	    "\x02\x02\x02 path", "\x02\x03\x02 river crossing (two turns)",
	    "G2k\x04 figures waiting on it, heading \x04", NULL,
	};
	int col = 0, first = 1;

	for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
		struct text t;

		if (items[i] == NULL) {
			fputc('\n', out);
			col = 0;
			continue;
		}
		t.n = 0;
		for (const char *p = items[i]; *p != '\0'; p++)
			text_push(&t, *p == 1 ? gl->palace : *p == 2 ? gl->h :
			    *p == 3 ? gl->river : *p == 4 ? gl->arrow[0] :
			    (uint32_t)*p);
		if (col > 0 && col + 3 + text_width(&t) > width) {
			fputc('\n', out);
			col = 0;
		}
		if (col == 0) {
			fputs(first ? "Key: " : "     ", out);
			col = 5;
			first = 0;
		} else {
			fputs("   ", out);
			col += 3;
		}
		for (int k = 0; k < t.n; k++)
			canvas_put_utf8(out, t.cp[k]);
		col += text_width(&t);
	}
}

/* Figures on river crossings, by order names, as "green 1 knight ulvdal->norrhavn". */
static void
print_crossings(const struct tg_data *d, const struct tg_state *st,
    int ascii, int width, FILE *out)
{
	char buf[2048];
	int any = 0;

	snprintf(buf, sizeof buf, "On river crossings:");
	for (int p = 0; p < d->npaths; p++) {
		const struct tg_path *pa = &d->paths[p];
		int r = pa->river_index, c, to, from, kn, sc;

		if (!pa->river || (c = tg_river_color(st, r)) < 0)
			continue;
		to = tg_river_heading(d, st, p);
		from = to == pa->a ? pa->b : pa->a;
		kn = st->rkn[r];
		sc = st->rsc[r] & 3;
		cat(buf, sizeof buf, "%s %s", any ? ";" : "",
		    tg_color_name[c]);
		if (kn)
			cat(buf, sizeof buf, " %d %s", kn,
			    plural(kn, "knight", "knights"));
		if (sc)
			cat(buf, sizeof buf, "%s %d %s", kn ? " and" : "", sc,
			    plural(sc, "scout", "scouts"));
		cat(buf, sizeof buf, " from %s to %s", d->spots[from].name,
		    d->spots[to].name);
		any = 1;
	}
	if (any) {
		cat(buf, sizeof buf, ".");
		wrap(out, ascii, width, 5, buf);
	}
}

/* Append printf output to a buffer. */
static void
cat(char *buf, size_t n, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	if (len >= n)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + len, n - len, fmt, ap);
	va_end(ap);
}

static const char *
plural(int n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

/* What a player has on the board and in hand, for print_player. */
struct player_sum {
	int kn, sc, bt, villages, cities, palace;
	int hand, quests, done, chips;
	int tax[3], births;
};

static void
player_sum(const struct tg_data *d, const struct tg_state *st, int c,
    struct player_sum *m)
{
	memset(m, 0, sizeof *m);
	for (int i = 0; i < d->nspots; i++) {
		if (tg_fig_color(st, i) == c) {
			m->kn += st->kn[i];
			m->sc += tg_scouts(st, i);
			m->bt += tg_boats(st, i);
		}
		if (tg_owner(st, i) == c) {
			const struct tg_village_card *v =
			    &d->villages[tg_vcard(st, i)];
			const struct tg_yield *y = tg_is_city(st, i) ?
			    &v->city : &v->village;
			int room = TG_CITY_SIZE - tg_inhab(st, i);

			/* R4.3 taxes; R4.4 births up to 5 a settlement */
			m->tax[TG_COPPER] += y->copper;
			m->tax[TG_SILVER] += y->silver;
			m->tax[TG_GOLD] += y->gold;
			m->births += y->births < room ? y->births : room;
			m->cities += tg_is_city(st, i);
			m->villages += !tg_is_city(st, i);
			m->palace += tg_has_palace(st, i);
		}
	}
	for (int r = 0; r < d->nrivers; r++)
		if (tg_river_color(st, r) == c) {
			m->kn += st->rkn[r];
			m->sc += st->rsc[r] & 3;
		}
	for (int t = 0; t < TG_CARD_TYPES; t++)
		m->hand += tg_hand_count(st, c, t);
	for (int q = 0; q < TG_QUEST_CARDS; q++) {
		m->quests += (st->quest[q] & 0x0f) == c;
		m->done += (st->quest[q] & 0x0f) == (TG_Q_DONE | c);
	}
	for (int i = 0; i < TG_CHIPS; i++)
		m->chips += (st->p[c].chips >> i) & 1;
}

/* Where a player's points come from: " palace 3 + 2 villages 2 ...". */
static void
player_points(const struct tg_data *d, const struct tg_state *st, int c,
    const struct player_sum *m, char *buf, size_t n)
{
	const struct tg_player *p = &st->p[c];
	int any = 0;

	if (m->palace) {
		cat(buf, n, " palace 3");
		any = 1;
	}
	if (m->villages) {
		cat(buf, n, "%s %d %s %d", any ? " +" : "", m->villages,
		    plural(m->villages, "village", "villages"), m->villages);
		any = 1;
	}
	if (m->cities) {
		cat(buf, n, "%s %d %s %d", any ? " +" : "", m->cities,
		    plural(m->cities, "city", "cities"), 2 * m->cities);
		any = 1;
	}
	for (int l = 0; l < TG_LANDS; l++)
		if (p->land[l] > 0 && p->land[l] == st->land_spots[l]) {
			cat(buf, n, "%s all of %s 8", any ? " +" : "",
			    d->land_name[l]);
			any = 1;
		}
	if (p->quest_points || m->done) {
		cat(buf, n, "%s %d %s %d", any ? " +" : "", m->done,
		    plural(m->done, "quest", "quests"), p->quest_points);
		any = 1;
	}
	if (st->explorer == c) {
		cat(buf, n, "%s Explorer 2", any ? " +" : "");
		any = 1;
	}
	if (st->adventurer == c) {
		cat(buf, n, "%s Adventurer 2", any ? " +" : "");
		any = 1;
	}
	if (p->card_points) {
		cat(buf, n, "%s bonus cards played %d", any ? " +" : "",
		    p->card_points);
		any = 1;
	}
	if (!any)
		cat(buf, n, " 0");
}

/* The treasury, people, figures and supply lines. */
static void
player_goods(const struct tg_player *p, const struct player_sum *m,
    int ascii, int width, FILE *out)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "  treasury  %d copper, %d silver, %d gold; "
	    "taxes %d copper, %d silver, %d gold and %d %s a round",
	    p->coin[TG_COPPER], p->coin[TG_SILVER], p->coin[TG_GOLD],
	    m->tax[TG_COPPER], m->tax[TG_SILVER], m->tax[TG_GOLD], m->births,
	    plural(m->births, "birth", "births"));
	wrap(out, ascii, width, 12, buf);
	snprintf(buf, sizeof buf, "  people    %d %s in %d %s (%d %s); "
	    "%d %s founded",
	    p->inhab, plural(p->inhab, "inhabitant", "inhabitants"),
	    p->nsettle, plural(p->nsettle, "settlement", "settlements"),
	    p->ncity, plural(p->ncity, "city", "cities"), p->founded,
	    plural(p->founded, "village", "villages"));
	wrap(out, ascii, width, 12, buf);
	snprintf(buf, sizeof buf, "  figures   %d %s, %d %s, %d %s on the "
	    "board; %d reserve %s to place",
	    m->kn, plural(m->kn, "knight", "knights"), m->sc,
	    plural(m->sc, "scout", "scouts"), m->bt,
	    plural(m->bt, "boat", "boats"), p->reserve,
	    plural(p->reserve, "knight", "knights"));
	wrap(out, ascii, width, 12, buf);
	snprintf(buf, sizeof buf, "  supply    %d %s, %d %s, "
	    "%d inhabitants/knights, %d village %s%s",
	    TG_SCOUTS - p->scouts, plural(TG_SCOUTS - p->scouts, "scout",
	    "scouts"), TG_BOATS - p->boats, plural(TG_BOATS - p->boats,
	    "boat", "boats"), TG_UNITS - p->units, TG_CHIPS - m->chips,
	    plural(TG_CHIPS - m->chips, "chip", "chips"),
	    p->flags & TG_PF_PALACE ? "" : "; palace lost");
	wrap(out, ascii, width, 12, buf);
}

/* The cards and completed quests lines. */
static void
player_cards(const struct tg_data *d, const struct tg_state *st, int c,
    const struct player_sum *m, int ascii, int width, FILE *out)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "  cards     %d play %s and %d %s in hand; "
	    "bonus cards: ", m->hand, plural(m->hand, "card", "cards"),
	    m->quests, plural(m->quests, "quest", "quests"));
	if (st->explorer != c && st->adventurer != c)
		cat(buf, sizeof buf, "none");
	if (st->explorer == c)
		cat(buf, sizeof buf, "Explorer of the Wilderness");
	if (st->adventurer == c)
		cat(buf, sizeof buf, "%sAdventurer's Quest",
		    st->explorer == c ? ", " : "");
	wrap(out, ascii, width, 12, buf);
	snprintf(buf, sizeof buf, "  completed ");
	if (m->done == 0)
		cat(buf, sizeof buf, "none");
	for (int q = 0, k = 0; q < TG_QUEST_CARDS; q++)
		if ((st->quest[q] & 0x0f) == (TG_Q_DONE | c))
			/* the English gloss beside the Dutch name */
			cat(buf, sizeof buf, "%s%s (%s%s%d %s)", k++ ? ", " : "",
			    d->quests[q].name, d->quests[q].gloss,
			    d->quests[q].gloss[0] ? ", " : "", d->quests[q].points,
			    plural(d->quests[q].points, "point", "points"));
	wrap(out, ascii, width, 12, buf);
}

static void
print_player(const struct tg_data *d, const struct tg_state *st, int c,
    int ascii, int color, int width, FILE *out)
{
	const struct tg_player *p = &st->p[c];
	struct player_sum m;
	int active;
	char buf[1024], name[16];

	player_sum(d, st, c, &m);
	active = st->phase == TG_PH_ACTION && st->order[st->turn] == c;

	/* Line 1: name and points, and where they come from. */
	snprintf(name, sizeof name, "%s", tg_color_name[c]);
	name[0] = (char)(name[0] - 32);
	buf[0] = '\0';
	/* What matters most first, where wrapping cannot split it. */
	cat(buf, sizeof buf, "%s%s: %d %s =", name,
	    st->phase == TG_PH_OVER && st->winner == c ? " (winner)" :
	    p->flags & TG_PF_RESIGNED ? " (resigned)" :
	    p->flags & TG_PF_OUT ? " (out)" : active ? " (on turn)" : "",
	    p->points, plural(p->points, "point", "points"));
	player_points(d, st, c, &m, buf, sizeof buf);
	if (color)
		fputs(ansi[1 + c], out);
	wrap(out, ascii, width, 4, buf);
	if (color)
		fputs("\033[0m", out);
	player_goods(p, &m, ascii, width, out);
	player_cards(d, st, c, &m, ascii, width, out);
}

static void
print_round(const struct tg_data *d, const struct tg_state *st, int ascii,
    int width, FILE *out)
{
	struct rules_await aw;
	char buf[1024];
	int discards = 0;

	tg_await(d, st, &aw);
	if (st->phase == TG_PH_OVER) {
		if (st->round == 0)
			snprintf(buf, sizeof buf, "Game over during the set-up: "
			    "%s.", aw.text);
		else
			snprintf(buf, sizeof buf, "Game over in round %d: %s.",
			    st->round, aw.text);
		wrap(out, ascii, width, 2, buf);
	} else {
		if (st->phase == TG_PH_SETUP)
			snprintf(buf, sizeof buf, "Set-up, before round 1.");
		else
			snprintf(buf, sizeof buf, "Round %d, action phase.",
			    st->round);
		if (st->phase == TG_PH_ACTION && st->norder > 0) {
			cat(buf, sizeof buf, " Order of play:");
			for (int i = 0; i < st->norder; i++)
				cat(buf, sizeof buf, "%s %s%s", i ? "," : "",
				    tg_color_name[st->order[i]],
				    i == st->turn ? " (on turn)" : "");
			cat(buf, sizeof buf, ".");
		}
		wrap(out, ascii, width, 2, buf);
		snprintf(buf, sizeof buf, "Awaited: %s.", aw.text);
		wrap(out, ascii, width, 2, buf);
	}
	for (int t = 0; t < TG_CARD_TYPES; t++)
		discards += (st->discard[t / 2] >> (4 * (t & 1))) & 0x0f;
	snprintf(buf, sizeof buf, "Bank: %d copper, %d silver, %d gold.   "
	    "Decks: %d village, %d quest, %d play cards (%d discarded).",
	    st->bank[TG_COPPER], st->bank[TG_SILVER], st->bank[TG_GOLD],
	    st->vcount, st->qcount, st->pcount, discards);
	wrap(out, ascii, width, 2, buf);
	/* R11.2 and the options of R3.4 (R11.3, the last left, goes unsaid) */
	snprintf(buf, sizeof buf, "To win:");
	if (st->opt_win & TG_WIN_POINTS)
		cat(buf, sizeof buf, " %d points", st->opt_points);
	if (st->opt_win & TG_WIN_QUESTS)
		cat(buf, sizeof buf, "%s %d completed quests",
		    st->opt_win & TG_WIN_POINTS ? ", or" : "",
		    st->opt_quests);
	if (st->opt_win & TG_WIN_EMPEROR)
		cat(buf, sizeof buf, "%s crown an emperor (%d inhabitants; "
		    "%d silver, %d gold)", st->opt_win & (TG_WIN_POINTS |
		    TG_WIN_QUESTS) ? ", or" : "", st->opt_emp_inhab,
		    st->opt_emp_silver, st->opt_emp_gold);
	cat(buf, sizeof buf, ".");
	wrap(out, ascii, width, 2, buf);
}

static void
print_hand(const struct tg_data *d, const struct tg_state *st, int c,
    int ascii, int color, int width, FILE *out)
{
	char buf[2048], name[16];
	int any = 0;

	snprintf(name, sizeof name, "%s", tg_color_name[c]);
	name[0] = (char)(name[0] - 32);
	if (color)
		fputs(ansi[1 + c], out);
	fprintf(out, "Hand of %s (hidden from the other players):\n", name);
	if (color)
		fputs("\033[0m", out);
	snprintf(buf, sizeof buf, "  play      ");
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		int n = tg_hand_count(st, c, t);

		if (n == 0)
			continue;
		cat(buf, sizeof buf, "%s%s (%s)", any ? ", " : "",
		    tg_cards[t].name, tg_cards[t].gloss);
		if (n > 1)
			cat(buf, sizeof buf, " x%d", n);
		any = 1;
	}
	if (!any)
		cat(buf, sizeof buf, "no cards");
	wrap(out, ascii, width, 12, buf);
	snprintf(buf, sizeof buf, "  quests    ");
	any = 0;
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		if ((st->quest[q] & 0x0f) == c) {
			cat(buf, sizeof buf, "%s%s (%s, %d %s)",
			    any ? ", " : "", d->quests[q].name,
			    d->quests[q].gloss, d->quests[q].points,
			    plural(d->quests[q].points, "point", "points"));
			any = 1;
		}
	if (!any)
		cat(buf, sizeof buf, "none");
	wrap(out, ascii, width, 12, buf);
}

/*
 * Write s (UTF-8) in lines of at most width display columns, broken at
 * spaces; continuation lines are indented by indent columns.  With
 * ascii, non-ASCII letters are transliterated.
 */
static void
wrap(FILE *out, int ascii, int width, int indent, const char *s)
{
	static _Thread_local uint32_t cp[4096];
	int n = 0, i = 0, first = 1;

	while (*s != '\0' && n < 4090) {
		uint32_t c = utf8_next_lossy(&s);

		if (!ascii || c < 0x80) {
			cp[n++] = c;
		} else if (utf8_width(c) != 0) {
			char tb[3];

			for (const char *a = translit(c, tb); *a != '\0'; a++)
				cp[n++] = (uint32_t)*a;
		}
	}
	while (i < n) {
		int room = width - (first ? 0 : indent), w = 0, j = i;
		int last_space = -1;

		while (j < n && w + utf8_width(cp[j]) <= room) {
			if (cp[j] == ' ')
				last_space = j;
			w += utf8_width(cp[j]);
			j++;
		}
		if (j < n && last_space > i)
			j = last_space;
		/*
		 * Narrower than the default, a line breaks after a clause
		 * ("...; " or ". ") rather than inside the next one, when
		 * that leaves it at least a third full.
		 */
		if (j < n && width < TG_BOARD_WIDTH)
			for (int k = j; k > i + room / 3; k--)
				if (cp[k] == ' ' && (cp[k - 1] == ';' ||
				    cp[k - 1] == '.')) {
					j = k;
					break;
				}
		if (!first)
			fprintf(out, "%*s", indent, "");
		for (int k = i; k < j; k++)
			canvas_put_utf8(out, cp[k]);
		fputc('\n', out);
		i = j;
		while (i < n && cp[i] == ' ')
			i++;
		first = 0;
	}
}
