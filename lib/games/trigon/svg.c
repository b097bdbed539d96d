/*
 * svg.c -- the board of a Trigon game as an SVG picture
 * (RULES_VIEW_BOARD with RULES_VF_SVG), for a browser or a mail
 * attachment.
 *
 * The map is drawn from the same coordinates as the text board
 * (data/trigon/map.ini): the lands as islands on the sea (around their
 * spots and paths, filled between spots joined in threes), the paths,
 * river crossings in blue with the figures waiting on them and an
 * arrow to where they head, and each spot: a village (circle) or city
 * (square) in its owner's color with its inhabitants, a crown for a
 * palace, a ring for a harbor, the figures in a tag beside it, and its
 * name.  Beside the map: the key and the text panels of the board
 * (tg_board_panels(): points, treasury, figures, supply and village
 * chips, cards, the round and what is awaited).  Only public
 * information, except the hand of the viewer when one is given.
 *
 * The output is plain SVG 1.1 that rsvg-convert and browsers render
 * alike: no scripts, no external references, fonts named by family
 * with generic fallbacks.  Text is UTF-8 with &, <, > and quotes
 * escaped; bytes that are not UTF-8 come out as '?'.
 */
#define _GNU_SOURCE 1		/* fmemopen */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "internal.h"

#define SX 10			/* pixels per map column */
#define SY 19			/* pixels per map row */
#define MARGIN 60
#define LAND_R 30		/* island radius around a spot */
#define PANEL_COLS 58		/* panel text width, in characters */
#define PANEL_W 470		/* its width in pixels (13 px mono) */
#define LINE_H 16
#define PANEL_MAX 24576		/* bytes of panel text at most */

static const char *const fill[TG_COLORS] = {
	"#2e9e44", "#8e44ad", "#e8b800", "#ffffff",
};
/* Text on a piece of that color, and its darker shade for words. */
static const char *const ink[TG_COLORS] = {
	"#ffffff", "#ffffff", "#222222", "#222222",
};
static const char *const shade[TG_COLORS] = {
	"#1f7a33", "#6c2f86", "#9a7a00", "#555555",
};
static const char *const land_fill[TG_LANDS] = {
	"#e4efd8", "#eee2ef", "#f4edc9", "#ebebe6",
};
static const char *const land_ink[TG_LANDS] = {
	"#5d8a4a", "#85609a", "#a08a2a", "#7a7a70",
};

#define SEA "#bcdcf0"
#define SEA_INK "#2a6fb0"
#define COAST "#9c8f6a"
#define SANS "DejaVu Sans, Verdana, Arial, sans-serif"
#define MONO "DejaVu Sans Mono, Menlo, Consolas, monospace"

struct frame {
	int minx, miny, maxx, maxy;
};

static void text_esc(FILE *out, const char *s, size_t n);
static void text_esc_upper(FILE *out, const char *s);

static int
px(const struct frame *f, int x)
{
	return MARGIN + (x - f->minx) * SX;
}

static int
py(const struct frame *f, int y)
{
	return MARGIN + (y - f->miny) * SY;
}

static void
frame_init(struct frame *f, const struct tg_data *d)
{
	f->minx = f->miny = 1 << 14;
	f->maxx = f->maxy = -(1 << 14);
	for (int i = 0; i < d->nspots; i++) {
		const struct tg_spot *s = &d->spots[i];

		f->minx = s->x < f->minx ? s->x : f->minx;
		f->maxx = s->x > f->maxx ? s->x : f->maxx;
		f->miny = s->y < f->miny ? s->y : f->miny;
		f->maxy = s->y > f->maxy ? s->y : f->maxy;
	}
	for (int l = 0; l < TG_LANDS; l++) {
		f->miny = d->land_y[l] < f->miny ? d->land_y[l] : f->miny;
		f->maxy = d->land_y[l] > f->maxy ? d->land_y[l] : f->maxy;
	}
	if (d->nspots == 0)
		f->minx = f->miny = f->maxx = f->maxy = 0;
	f->minx = f->minx > 0 ? 0 : f->minx;
	f->miny = f->miny > 0 ? 0 : f->miny;
}

/* Decode one UTF-8 character; invalid bytes come out as '?'. */
static unsigned long
next_cp(const char **s)
{
	const unsigned char *p = (const unsigned char *)*s;
	unsigned long cp;
	int n;

	if (p[0] < 0x80) {
		*s += 1;
		return p[0];
	}
	if ((p[0] & 0xe0) == 0xc0)
		cp = p[0] & 0x1f, n = 1;
	else if ((p[0] & 0xf0) == 0xe0)
		cp = p[0] & 0x0f, n = 2;
	else if ((p[0] & 0xf8) == 0xf0)
		cp = p[0] & 0x07, n = 3;
	else {
		*s += 1;
		return '?';
	}
	for (int i = 1; i <= n; i++) {
		if ((p[i] & 0xc0) != 0x80) {
			*s += i;
			return '?';
		}
		cp = cp << 6 | (p[i] & 0x3f);
	}
	*s += n + 1;
	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    cp == 0xfffe || cp == 0xffff)
		return '?';
	return cp;
}

static void
put_cp(FILE *out, unsigned long cp)
{
	if (cp < 0x20 && cp != '\t')
		cp = '?';
	switch (cp) {
	case '&': fputs("&amp;", out); return;
	case '<': fputs("&lt;", out); return;
	case '>': fputs("&gt;", out); return;
	case '"': fputs("&quot;", out); return;
	case '\'': fputs("&apos;", out); return;
	default: break;
	}
	if (cp < 0x80)
		fputc((int)cp, out);
	else
		fprintf(out, "&#x%lx;", cp);
}

/* Write n bytes of UTF-8 s as XML character data. */
static void
text_esc(FILE *out, const char *s, size_t n)
{
	const char *end = s + n;

	while (s < end && *s != '\0')
		put_cp(out, next_cp(&s));
}

/* The same in capitals (ASCII and Latin-1 letters), as the text board. */
static void
text_esc_upper(FILE *out, const char *s)
{
	while (*s != '\0') {
		unsigned long c = next_cp(&s);

		if ((c >= 'a' && c <= 'z') ||
		    (c >= 0xe0 && c <= 0xfe && c != 0xf7))
			c -= 32;
		put_cp(out, c);
	}
}

/* --- the map ------------------------------------------------------------- */

/* Cross product of (b - a) and (c - a): > 0 for a left turn. */
static long
turn(const int *a, const int *b, const int *c)
{
	return (long)(b[0] - a[0]) * (c[1] - a[1]) -
	    (long)(b[1] - a[1]) * (c[0] - a[0]);
}

/*
 * The convex hull of land l's spots in pixels (Andrew's monotone
 * chain) into h[][2]; returns the number of corners.
 */
static int
land_hull(const struct tg_data *d, const struct frame *f, int l,
    int h[][2])
{
	int p[TG_MAX_SPOTS][2], n = 0, k = 0;

	for (int i = 0; i < d->nspots; i++) {
		int x, y, j;

		if (d->spots[i].land != l)
			continue;
		x = px(f, d->spots[i].x);
		y = py(f, d->spots[i].y);
		/* insertion sort by x, then y */
		for (j = n; j > 0 && (p[j - 1][0] > x ||
		    (p[j - 1][0] == x && p[j - 1][1] > y)); j--) {
			p[j][0] = p[j - 1][0];
			p[j][1] = p[j - 1][1];
		}
		p[j][0] = x;
		p[j][1] = y;
		n++;
	}
	if (n < 3) {
		memcpy(h, p, sizeof p[0] * (size_t)n);
		return n;
	}
	for (int i = 0; i < n; i++) {		/* lower hull */
		while (k >= 2 && turn(h[k - 2], h[k - 1], p[i]) <= 0)
			k--;
		h[k][0] = p[i][0];
		h[k][1] = p[i][1];
		k++;
	}
	for (int i = n - 2, t = k + 1; i >= 0; i--) {	/* upper hull */
		while (k >= t && turn(h[k - 2], h[k - 1], p[i]) <= 0)
			k--;
		h[k][0] = p[i][0];
		h[k][1] = p[i][1];
		k++;
	}
	return k - 1;
}

/*
 * The islands: each land's hull with round corners LAND_R beyond its
 * outer spots, drawn twice -- a wider dark coast, then the land.
 */
static void
draw_lands(const struct tg_data *d, const struct frame *f, FILE *out)
{
	for (int pass = 0; pass < 2; pass++)
		for (int l = 0; l < TG_LANDS; l++) {
			const char *c = pass == 0 ? COAST : land_fill[l];
			int h[2 * TG_MAX_SPOTS + 1][2], n;

			n = land_hull(d, f, l, h);
			if (n == 0)
				continue;
			fprintf(out, "<polygon class=\"island\" fill=\"%s\" "
			    "stroke=\"%s\" stroke-width=\"%d\" "
			    "stroke-linejoin=\"round\" points=\"", c, c,
			    2 * (pass == 0 ? LAND_R + 3 : LAND_R));
			for (int i = 0; i < n; i++)
				fprintf(out, "%s%d,%d", i ? " " : "", h[i][0],
				    h[i][1]);
			fputs("\"/>\n", out);
		}
}

/*
 * Where a land's name goes: the data's place, moved off the island
 * (above or below its coast) when the place lies above its highest
 * spot or below its lowest, so that it does not cover spots.
 */
static int
land_label_y(const struct tg_data *d, const struct frame *f, int l)
{
	int top = 1 << 14, bottom = -(1 << 14), y = d->land_y[l];

	for (int i = 0; i < d->nspots; i++)
		if (d->spots[i].land == l) {
			top = d->spots[i].y < top ? d->spots[i].y : top;
			bottom = d->spots[i].y > bottom ? d->spots[i].y :
			    bottom;
		}
	if (top > bottom)
		return py(f, y) + 8;
	if (y <= top)
		return py(f, top) - LAND_R - 10;
	if (y >= bottom)
		return py(f, bottom) + LAND_R + 24;
	return py(f, y) + 8;
}

/* Land and sea names where the data puts them. */
static void
draw_labels(const struct tg_data *d, const struct frame *f, FILE *out)
{
	char tag[TG_SEAS];

	tg_board_sea_tags(d, tag);
	for (int l = 0; l < TG_LANDS; l++) {
		fprintf(out, "<text class=\"land\" x=\"%d\" y=\"%d\" "
		    "font-size=\"22\" font-weight=\"bold\" "
		    "letter-spacing=\"3\" fill=\"%s\">", px(f, d->land_x[l]),
		    land_label_y(d, f, l), land_ink[l]);
		text_esc_upper(out, d->land_name[l]);
		fputs("</text>\n", out);
	}
	for (int s = 0; s < TG_SEAS; s++) {
		fprintf(out, "<text class=\"sea\" x=\"%d\" y=\"%d\" "
		    "font-size=\"16\" font-style=\"italic\" fill=\""
		    SEA_INK "\">(%c) ", px(f, d->sea_x[s]),
		    py(f, d->sea_y[s]) + 6, tag[s]);
		text_esc(out, d->sea_name[s], strlen(d->sea_name[s]));
		fputs("</text>\n", out);
	}
}

/* A small arrow head at x, y pointing along dx, dy. */
static void
arrow(FILE *out, int x, int y, int dx, int dy, const char *color)
{
	double len, ux, uy;

	len = dx * dx + dy * dy;
	if (len <= 0)
		return;
	/* its length without libm: Newton's square root */
	{
		double r = len > 1 ? len / 2 : 1;

		for (int i = 0; i < 20; i++)
			r = (r + len / r) / 2;
		len = r;
	}
	ux = dx / len;
	uy = dy / len;
	fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
	    "fill=\"%s\" stroke=\"#222\" stroke-width=\"1\"/>\n",
	    x + 9 * ux, y + 9 * uy, x - 5 * ux - 6 * uy, y - 5 * uy + 6 * ux,
	    x - 5 * ux + 6 * uy, y - 5 * uy - 6 * ux, color);
}

static void
draw_paths(const struct tg_data *d, const struct tg_state *st,
    const struct frame *f, FILE *out)
{
	fputs("<g stroke=\"#6b5b3e\" stroke-width=\"2.5\" "
	    "stroke-linecap=\"round\">\n", out);
	for (int p = 0; p < d->npaths; p++) {
		const struct tg_spot *a = &d->spots[d->paths[p].a];
		const struct tg_spot *b = &d->spots[d->paths[p].b];

		if (d->paths[p].river)
			continue;
		fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
		    px(f, a->x), py(f, a->y), px(f, b->x), py(f, b->y));
	}
	fputs("</g>\n", out);
	for (int p = 0; p < d->npaths; p++) {
		const struct tg_path *pa = &d->paths[p];
		const struct tg_spot *a = &d->spots[pa->a];
		const struct tg_spot *b = &d->spots[pa->b];
		int x1 = px(f, a->x), y1 = py(f, a->y);
		int x2 = px(f, b->x), y2 = py(f, b->y);
		int mx = (x1 + x2) / 2, my = (y1 + y2) / 2, r, c;
		char tok[32];
		int k = 0, w;

		if (!pa->river)
			continue;
		fprintf(out, "<g class=\"river\"><line x1=\"%d\" y1=\"%d\" "
		    "x2=\"%d\" y2=\"%d\" stroke=\"" SEA_INK "\" "
		    "stroke-width=\"4\" stroke-dasharray=\"9 4\"/>\n",
		    x1, y1, x2, y2);
		/* the wave mark of a crossing (two turns, R7.2) */
		fprintf(out, "<path d=\"M%d,%d q4,-6 8,0 t8,0 t8,0\" "
		    "fill=\"none\" stroke=\"" SEA_INK "\" stroke-width=\"3\"/>"
		    "</g>\n", mx - 12, my);
		r = pa->river_index;
		if ((c = tg_river_color(st, r)) < 0)
			continue;
		{
			const struct tg_spot *h =
			    &d->spots[tg_river_heading(d, st, p)];

			arrow(out, mx, my, px(f, h->x) - mx, py(f, h->y) - my,
			    fill[c]);
		}
		if (st->rkn[r])
			k += snprintf(tok + k, sizeof tok - (size_t)k, "%dk",
			    st->rkn[r]);
		if (st->rsc[r] & 3)
			snprintf(tok + k, sizeof tok - (size_t)k, "%ds",
			    st->rsc[r] & 3);
		w = 8 + 8 * (int)strlen(tok);
		/* above a level crossing, beside a steep one */
		if ((x2 - x1) * (x2 - x1) < (y2 - y1) * (y2 - y1)) {
			mx += 4;
			my += 12;
		}
		fprintf(out, "<g class=\"crossing\"><rect x=\"%d\" y=\"%d\" "
		    "width=\"%d\" height=\"17\" rx=\"4\" fill=\"%s\" "
		    "stroke=\"#222\"/><text x=\"%d\" y=\"%d\" font-size=\"12\" "
		    "font-weight=\"bold\" fill=\"%s\">%s</text></g>\n",
		    mx + 10, my - 22, w, fill[c], mx + 14, my - 9, ink[c], tok);
	}
}

/* A crown: the palace (R4.8). */
static void
crown(FILE *out, int x, int y)
{
	fprintf(out, "<path class=\"palace\" d=\"M%d,%d l0,-10 l5,5 l4,-8 "
	    "l4,8 l5,-5 l0,10 z\" fill=\"#ffd21f\" stroke=\"#7a5a00\" "
	    "stroke-width=\"1.2\"/>\n", x - 9, y);
}

static void
draw_spots(const struct tg_data *d, const struct tg_state *st,
    const struct frame *f, FILE *out)
{
	char tag[TG_SEAS];

	tg_board_sea_tags(d, tag);
	for (int i = 0; i < d->nspots; i++) {
		const struct tg_spot *s = &d->spots[i];
		int x = px(f, s->x), y = py(f, s->y);
		int o = tg_owner(st, i), fc = tg_fig_color(st, i);
		char figs[48];
		int n = 0;

		fprintf(out, "<g class=\"spot\" id=\"spot-%s\">"
		    "<title>", s->name);
		text_esc(out, s->display, strlen(s->display));
		fputs("</title>\n", out);
		if (s->seas)
			fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"17\" "
			    "fill=\"none\" stroke=\"" SEA_INK "\" "
			    "stroke-width=\"2.5\" stroke-dasharray=\"4 3\"/>\n",
			    x, y);
		if (o < 0) {
			fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"6\" "
			    "fill=\"#fffdf5\" stroke=\"#555\" "
			    "stroke-width=\"1.5\"/>\n", x, y);
		} else {
			if (tg_is_city(st, i))
				fprintf(out, "<rect x=\"%d\" y=\"%d\" "
				    "width=\"24\" height=\"24\" rx=\"3\" "
				    "fill=\"%s\" stroke=\"#222\" "
				    "stroke-width=\"2\"/>\n", x - 12, y - 12,
				    fill[o]);
			else
				fprintf(out, "<circle cx=\"%d\" cy=\"%d\" "
				    "r=\"11\" fill=\"%s\" stroke=\"#222\" "
				    "stroke-width=\"1.5\"/>\n", x, y, fill[o]);
			fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
			    "font-weight=\"bold\" text-anchor=\"middle\" "
			    "fill=\"%s\">%d</text>\n", x, y + 5, ink[o],
			    tg_inhab(st, i));
			if (tg_has_palace(st, i))
				crown(out, x, y - 14);
		}
		if (fc >= 0) {
			if (st->kn[i])
				n += snprintf(figs + n, sizeof figs - (size_t)n,
				    "%dk", st->kn[i]);
			if (tg_scouts(st, i))
				n += snprintf(figs + n, sizeof figs - (size_t)n,
				    "%s%ds", n ? " " : "", tg_scouts(st, i));
			if (tg_boats(st, i))
				n += snprintf(figs + n, sizeof figs - (size_t)n,
				    "%s%db", n ? " " : "", tg_boats(st, i));
		}
		if (n > 0)
			fprintf(out, "<g class=\"figures\"><rect x=\"%d\" "
			    "y=\"%d\" width=\"%d\" height=\"17\" rx=\"8\" "
			    "fill=\"%s\" stroke=\"#222\"/><text x=\"%d\" "
			    "y=\"%d\" font-size=\"12\" font-weight=\"bold\" "
			    "fill=\"%s\">%s</text></g>\n", x + 15, y - 22,
			    10 + 8 * n, fill[fc], x + 20, y - 9, ink[fc], figs);
		fprintf(out, "<text class=\"name\" x=\"%d\" y=\"%d\" "
		    "font-size=\"%d\" text-anchor=\"middle\"%s fill=\"#222\" "
		    "stroke=\"#ffffff\" stroke-width=\"3\" "
		    "stroke-opacity=\"0.8\" paint-order=\"stroke\">", x,
		    y + 28, s->capital ? 13 : 12,
		    s->capital ? " font-weight=\"bold\"" : "");
		if (s->capital)
			text_esc_upper(out, s->display);
		else
			text_esc(out, s->display, strlen(s->display));
		if (s->seas) {
			fputs("<tspan fill=\"" SEA_INK "\"> (", out);
			for (int k = 0; k < TG_SEAS; k++)
				if (s->seas & (1 << k))
					fputc(tag[k], out);
			fputs(")</tspan>", out);
		}
		fputs("</text></g>\n", out);
	}
}

/* --- beside the map ------------------------------------------------------ */

static void
draw_key(FILE *out, int x, int y)
{
	fprintf(out, "<g class=\"key\" font-size=\"13\" fill=\"#222\">\n"
	    "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">Key</text>\n",
	    x, y);
	y += 24;
	/* owners */
	for (int c = 0; c < TG_COLORS; c++)
		fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"8\" fill=\"%s\" "
		    "stroke=\"#222\"/>\n", x + 8 + 20 * c, y - 4, fill[c]);
	fprintf(out, "<text x=\"%d\" y=\"%d\">owners: green, purple, "
	    "yellow, white</text>\n", x + 90, y);
	y += 26;
	fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"11\" fill=\"%s\" "
	    "stroke=\"#222\"/><text x=\"%d\" y=\"%d\" font-weight=\"bold\" "
	    "text-anchor=\"middle\" fill=\"#fff\">2</text>\n", x + 11, y - 4,
	    fill[0], x + 11, y + 1);
	fprintf(out, "<text x=\"%d\" y=\"%d\">village, 2 inhabitants</text>\n",
	    x + 30, y);
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"24\" "
	    "rx=\"3\" fill=\"%s\" stroke=\"#222\"/><text x=\"%d\" y=\"%d\" "
	    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">5"
	    "</text>\n", x + 210, y - 16, fill[1], x + 222, y + 1);
	fprintf(out, "<text x=\"%d\" y=\"%d\">city, 5</text>\n", x + 242, y);
	crown(out, x + 325, y + 2);
	fprintf(out, "<text x=\"%d\" y=\"%d\">palace</text>\n", x + 340, y);
	y += 28;
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"58\" height=\"17\" "
	    "rx=\"8\" fill=\"%s\" stroke=\"#222\"/><text x=\"%d\" y=\"%d\" "
	    "font-size=\"12\" font-weight=\"bold\" fill=\"#fff\">5k 1s"
	    "</text>\n", x, y - 13, fill[0], x + 5, y);
	fprintf(out, "<text x=\"%d\" y=\"%d\">figures: knights, scouts, "
	    "boats</text>\n", x + 66, y);
	fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"12\" fill=\"none\" "
	    "stroke=\"" SEA_INK "\" stroke-width=\"2.5\" "
	    "stroke-dasharray=\"4 3\"/>\n", x + 310, y - 4);
	fprintf(out, "<text x=\"%d\" y=\"%d\">harbor (o)</text>\n", x + 328, y);
	y += 26;
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"#6b5b3e\" stroke-width=\"2.5\"/>\n", x, y - 4, x + 40,
	    y - 4);
	fprintf(out, "<text x=\"%d\" y=\"%d\">path</text>\n", x + 48, y);
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"" SEA_INK "\" stroke-width=\"4\" "
	    "stroke-dasharray=\"9 4\"/><path d=\"M%d,%d q4,-6 8,0 t8,0 t8,0\" "
	    "fill=\"none\" stroke=\"" SEA_INK "\" stroke-width=\"3\"/>\n",
	    x + 110, y - 4, x + 170, y - 4, x + 128, y - 4);
	fprintf(out, "<text x=\"%d\" y=\"%d\">river crossing (two turns), "
	    "arrow: heading</text>\n", x + 178, y);
	fputs("</g>\n", out);
}

/*
 * The panels' text (tg_board_panels() at PANEL_COLS) into buf; returns
 * the height its lines take, or -1 when it could not be written.
 */
static int
panels_text(const struct tg_data *d, const struct tg_state *st, int viewer,
    char *buf, size_t n)
{
	FILE *m = fmemopen(buf, n, "w");
	long len;
	int h = 0;

	if (m == NULL)
		return -1;
	tg_board_panels(d, st, viewer, 0, PANEL_COLS, m);
	len = ftell(m);
	if (fclose(m) != 0 || len < 0 || (size_t)len >= n)
		return -1;
	buf[len] = '\0';
	for (long i = 0; i < len; i++)
		if (buf[i] == '\n')
			h += i > 0 && buf[i - 1] == '\n' ? LINE_H / 2 : LINE_H;
	return h;
}

/* The panels' lines; a player's first line in its color. */
static void
draw_panels(const char *buf, int x, int y, FILE *out)
{
	const char *p, *e;

	fprintf(out, "<g class=\"panels\" font-family=\"" MONO "\" "
	    "font-size=\"13\" fill=\"#222\" xml:space=\"preserve\">\n");
	for (p = buf; *p != '\0'; p = *e ? e + 1 : e) {
		int c = -1;

		e = strchr(p, '\n');
		if (e == NULL)
			e = p + strlen(p);
		for (int k = 0; k < TG_COLORS; k++) {
			size_t n = strlen(tg_color_name[k]);

			if ((size_t)(e - p) > n && p[0] ==
			    tg_color_name[k][0] - 32 &&
			    strncmp(p + 1, tg_color_name[k] + 1, n - 1) == 0 &&
			    (p[n] == ':' || p[n] == ' '))
				c = k;
		}
		if (e > p) {
			if (c >= 0)
				fprintf(out, "<rect x=\"%d\" y=\"%d\" "
				    "width=\"12\" height=\"12\" fill=\"%s\" "
				    "stroke=\"#222\"/>\n", x - 18, y - 11,
				    fill[c]);
			fprintf(out, "<text x=\"%d\" y=\"%d\"%s%s%s>", x, y,
			    c >= 0 ? " font-weight=\"bold\" fill=\"" : "",
			    c >= 0 ? shade[c] : "", c >= 0 ? "\"" : "");
			text_esc(out, p, (size_t)(e - p));
			fputs("</text>\n", out);
		}
		y += e > p ? LINE_H : LINE_H / 2;
	}
	fputs("</g>\n", out);
}

int
tg_board_svg(const struct tg_data *d, const struct tg_state *st,
    int viewer, FILE *out)
{
	static _Thread_local char buf[PANEL_MAX];
	struct frame f;
	int mapw, maph, w, h, panel_x, panel_h;

	frame_init(&f, d);
	mapw = px(&f, f.maxx) + MARGIN + 80;
	maph = py(&f, f.maxy) + MARGIN + 10;
	panel_x = mapw + 30;
	w = panel_x + PANEL_W;
	if ((panel_h = panels_text(d, st, viewer, buf, sizeof buf)) < 0)
		return RULES_ENOMEM;
	h = maph > 190 + panel_h + 20 ? maph : 190 + panel_h + 20;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "font-family=\"" SANS "\">\n<title>Rule of Trigon, ",
	    w, h, w, h);
	if (st->phase == TG_PH_OVER)
		fputs("game over", out);
	else if (st->phase == TG_PH_SETUP)
		fputs("set-up", out);
	else
		fprintf(out, "round %d", st->round);
	fputs("</title>\n", out);
	fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#fbf8ef\"/>\n"
	    "<rect x=\"10\" y=\"10\" width=\"%d\" height=\"%d\" rx=\"14\" "
	    "fill=\"" SEA "\"/>\n", w, h, mapw - 10, h - 20);
	draw_lands(d, &f, out);
	draw_labels(d, &f, out);
	draw_paths(d, st, &f, out);
	draw_spots(d, st, &f, out);
	draw_key(out, panel_x, 34);
	draw_panels(buf, panel_x + 18, 190, out);
	fputs("</svg>\n", out);
	return ferror(out) ? RULES_EDATA : 0;
}
