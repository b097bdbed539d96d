/*
 * svg.c -- both principalities of a Duel as an SVG picture
 * (RULES_VIEW_BOARD with RULES_VF_SVG; README "What is missing" 4).
 *
 * Each principality is a grid of cards at their cells (DU2): the
 * columns in use, rows 1-5, every card with its cell name in a corner.
 * Region cards are filled by the resource they yield, with their name,
 * number and the stored units (DU4.1: 0-3, drawn as that many discs);
 * roads, settlements and cities as centre cards; expansions with their
 * name and values; the free building sites (DU10.1) dashed.  Above each
 * grid: its owner's points (DU13.3) and the tokens held (DU13.2).
 * Beneath: the text panel duel.c hands in (the status, and the viewer's
 * own hand when one is given), so that only public information is drawn
 * otherwise (DU17).
 *
 * Plain SVG 1.1 as Catan's (lib/games/catan/svg.c): no scripts, no
 * external references, fonts named by family with generic fallbacks;
 * the same position gives the same bytes.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "games/duel/engine.h"
#include "games/duel/svg.h"

#define CW 120.0		/* a card's cell, pixels */
#define CH 72.0
#define GAP 6.0
#define MARGIN 24.0
#define TITLE_H 34.0
#define HEAD_H 40.0		/* a principality's heading */
#define LABEL_W 18.0		/* row numbers */
#define CHAR_W 7.25		/* 12 px mono */
#define LINE_H 15.0

#define SANS "DejaVu Sans, Verdana, Arial, sans-serif"
#define MONO "DejaVu Sans Mono, Menlo, Consolas, monospace"
#define INK "#222222"

/* By enum du_res: lumber, brick, wool, grain, ore, gold. */
static const char *const res_fill[DU_RES] = {
	"#6fb36a", "#c4623a", "#9fd06a", "#f0c53c", "#8d939b", "#ffd21f",
};
static const char *const seat_fill[DU_SEATS] = { "#d62d20", "#1f5fd1" };

/* Text with &, <, >, quotes escaped; other bytes (UTF-8) as they are. */
static void
esc(FILE *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++)
		switch (s[i]) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(s[i], out);
		}
}

/* A free building site (DU10.1): beside a settlement in rows 2 and 4,
 * beside a city also in rows 1 and 5 (the text board's [l2]). */
static int
is_site(const struct du_state *st, int s, int col, int row)
{
	uint8_t mid;

	if (st->p[s].cell[col][row] != DU_C_EMPTY || col % 2 != 1 ||
	    row == 2)
		return 0;
	mid = st->p[s].cell[col][2];
	return row % 4 != 0 ? mid == DU_C_SETTLEMENT || mid == DU_C_CITY :
	    mid == DU_C_CITY;
}

static void
card_rect(FILE *out, double x, double y, const char *fill,
    const char *stroke, const char *extra)
{
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" rx=\"6\" fill=\"%s\" stroke=\"%s\" "
	    "stroke-width=\"1.5\"%s/>", x, y, CW - GAP, CH - GAP, fill,
	    stroke, extra);
}

static void
cell_label(FILE *out, double x, double y, const char *cn)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" "
	    "fill=\"%s\">%s</text>", x + 4, y + 11, INK, cn);
}

static void
draw_cell(const struct du_state *st, int s, int col, int row, double x,
    double y, FILE *out)
{
	const struct du_data *d = st->d;
	uint8_t v = st->p[s].cell[col][row];
	double cx = x + (CW - GAP) / 2;
	char cn[3], slug[16];

	du_cell_name(DU_CELL(col, row), cn);
	if (DU_IS_REGION(v)) {
		int rg = v - DU_C_REGION, k = d->region[rg].kind;
		int units = st->stored[rg] & 3;

		du_region_slug(d, rg, slug, sizeof slug);
		fprintf(out, "<g class=\"region\" data-cell=\"%s\" "
		    "data-card=\"%s\" data-resource=\"%s\" data-units=\"%d\">",
		    cn, slug, du_res_names[k], units);
		card_rect(out, x, y, res_fill[k], "#6b5b3e", "");
		cell_label(out, x, y, cn);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
		    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">",
		    cx, y + 28, INK);
		esc(out, d->rkind[k].name, sizeof d->rkind[k].name);
		fprintf(out, " %d</text>", d->region[rg].number);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" "
		    "text-anchor=\"middle\" fill=\"%s\">%s</text>", cx, y + 41,
		    INK, du_res_names[k]);
		for (int i = 0; i < 3; i++)
			fprintf(out, "<circle class=\"unit\" cx=\"%.1f\" "
			    "cy=\"%.1f\" r=\"5\" fill=\"%s\" stroke=\"%s\"/>",
			    cx + 14.0 * (i - 1), y + 54, i < units ? "#ffffff" :
			    "none", i < units ? INK : "#6b5b3e");
		fputs("</g>\n", out);
	} else if (DU_IS_EXP(v)) {
		const struct du_card *c = &d->card[d->inst[v - DU_C_EXP]];
		char vals[64];
		size_t n = 0;
		int cache = du_cache(st, s) >= 0 &&
		    DU_CELL(col, row) == st->cache_cell - 1;
		static const char *const what[] = { "VP", "strength", "skill",
			"trade", "progress" };
		int val[5] = { c->vp, c->strength, c->skill, c->trade,
			c->progress };

		vals[0] = '\0';
		for (int i = 0; i < 5; i++)
			if (val[i] && n < sizeof vals)
				n += (size_t)snprintf(vals + n, sizeof vals - n,
				    "%s%d %s", n ? ", " : "", val[i], what[i]);
		if (cache)	/* DU19.8: the gold it stores */
			snprintf(vals, sizeof vals, "%d gold", st->cache_gold & 3);
		fprintf(out, "<g class=\"expansion\" data-cell=\"%s\" "
		    "data-card=\"%s\" data-kind=\"%s\"", cn, c->slug,
		    du_kind_names[c->kind]);
		if (cache)
			fprintf(out, " data-units=\"%d\"", st->cache_gold & 3);
		fputs(">", out);
		card_rect(out, x, y, "#f7eed3", "#8a7a50", "");
		cell_label(out, x, y, cn);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
		    "font-weight=\"bold\" text-anchor=\"middle\" "
		    "fill=\"%s\">", cx, y + 28, INK);
		esc(out, c->name, sizeof c->name);
		fprintf(out, "</text><text x=\"%.1f\" y=\"%.1f\" "
		    "font-size=\"8\" text-anchor=\"middle\" fill=\"%s\">%s"
		    "</text><text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" "
		    "text-anchor=\"middle\" fill=\"%s\">%s</text></g>\n", cx,
		    y + 41, INK, du_kind_names[c->kind], cx, y + 54, INK, vals);
	} else if (v == DU_C_ROAD || v == DU_C_SETTLEMENT || v == DU_C_CITY) {
		static const char *const cls[] = { "", "road", "settlement",
			"city" };
		static const char *const shape[] = { "",
			"M-22,-3 L22,-3 L22,3 L-22,3 Z",
			"M-9,7 L9,7 L9,-3 L0,-11 L-9,-3 Z",
			"M-13,9 L13,9 L13,-4 L3,-4 L3,-9 L-5,-15 L-13,-9 Z" };
		const struct du_card *c = &d->card[v == DU_C_ROAD ? d->road :
		    v == DU_C_SETTLEMENT ? d->settlement : d->city];

		fprintf(out, "<g class=\"%s\" data-cell=\"%s\">", cls[v], cn);
		card_rect(out, x, y, "#e8e2d0", "#6b5b3e", "");
		cell_label(out, x, y, cn);
		fprintf(out, "<path transform=\"translate(%.1f,%.1f)\" "
		    "d=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.2\"/>",
		    cx, y + 32, shape[v], seat_fill[s], INK);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
		    "text-anchor=\"middle\" fill=\"%s\">", cx, y + 58, INK);
		esc(out, c->name, sizeof c->name);
		if (c->vp)
			fprintf(out, " (%d VP)", c->vp);
		fputs("</text></g>\n", out);
	} else if (is_site(st, s, col, row)) {
		fprintf(out, "<g class=\"site\" data-cell=\"%s\">", cn);
		card_rect(out, x, y, "none", "#a89a78",
		    " stroke-dasharray=\"4,3\"");
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
		    "text-anchor=\"middle\" fill=\"#8a7a50\">[%s]</text></g>\n",
		    cx, y + (CH - GAP) / 2 + 3, cn);
	}
}

/* The columns seat s uses (lo..hi), or hi < 0 for none. */
static void
span(const struct du_state *st, int s, int *lo, int *hi)
{
	*lo = DU_COLS;
	*hi = -1;
	for (int col = 0; col < DU_COLS; col++)
		for (int row = 0; row < DU_ROWS; row++)
			if (st->p[s].cell[col][row] != DU_C_EMPTY) {
				*lo = col < *lo ? col : *lo;
				*hi = col > *hi ? col : *hi;
			}
}

/* Seat s's heading and grid, its top at y; returns the height drawn. */
static double
draw_principality(const struct du_state *st, int s, double y, FILE *out)
{
	static const char *const pts[] = { "strength", "skill", "trade",
		"progress" };
	int lo, hi, hero = du_token(st, 0), trade = du_token(st, 1);
	double x0 = MARGIN + LABEL_W;

	span(st, s, &lo, &hi);
	if (hi < 0)
		return 0;
	fprintf(out, "<g class=\"principality\" data-seat=\"%s\" "
	    "data-vp=\"%d\">\n", du_seat_name(s), du_vp(st, s));
	fprintf(out, "<text class=\"points\" x=\"%.1f\" y=\"%.1f\" "
	    "font-size=\"14\" font-weight=\"bold\" fill=\"%s\">%s: %d VP",
	    MARGIN, y + 16, seat_fill[s], du_seat_name(s), du_vp(st, s));
	for (int i = 0; i < 4; i++)
		fprintf(out, ", %s %d", pts[i], du_points(st, s, i));
	fprintf(out, "</text>\n");
	for (int t = 0; t < 2; t++)
		if ((t == 0 ? hero : trade) == s)
			fprintf(out, "<g class=\"token\" data-token=\"%s\" "
			    "data-owner=\"%s\"><rect x=\"%.1f\" y=\"%.1f\" "
			    "width=\"92\" height=\"16\" rx=\"8\" fill=\"%s\" "
			    "stroke=\"%s\"/><text x=\"%.1f\" y=\"%.1f\" "
			    "font-size=\"10\" text-anchor=\"middle\" "
			    "fill=\"%s\">%s token</text></g>\n",
			    t == 0 ? "hero" : "trade", du_seat_name(s),
			    MARGIN + 480 + 100.0 * t, y + 4,
			    t == 0 ? "#e9c46a" : "#8ecae6", INK,
			    MARGIN + 526 + 100.0 * t, y + 15, INK,
			    t == 0 ? "hero" : "trade");
	y += HEAD_H;
	for (int col = lo; col <= hi; col++)
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
		    "text-anchor=\"middle\" fill=\"%s\">%c</text>\n",
		    x0 + CW * (col - lo) + (CW - GAP) / 2, y - 4, INK,
		    'a' + col);
	for (int row = 0; row < DU_ROWS; row++) {
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
		    "fill=\"%s\">%d</text>\n", MARGIN, y + CH * row + CH / 2,
		    INK, row + 1);
		for (int col = lo; col <= hi; col++)
			draw_cell(st, s, col, row, x0 + CW * (col - lo),
			    y + CH * row, out);
	}
	fputs("</g>\n", out);
	return HEAD_H + CH * DU_ROWS;
}

int
du_board_svg(const struct du_state *st, const char *panel, FILE *out)
{
	int lines = 0, maxcols = 0, cols = 0, widest = 0;
	double w, h, y;

	for (int s = 0; s < DU_SEATS; s++) {
		int lo, hi;

		span(st, s, &lo, &hi);
		if (hi >= lo && hi - lo + 1 > maxcols)
			maxcols = hi - lo + 1;
	}
	for (const char *p = panel; *p; p++) {
		if (*p == '\n') {
			lines++;
			cols = 0;
		} else if (((unsigned char)*p & 0xc0) != 0x80 && ++cols > widest)
			widest = cols;
	}
	w = 2 * MARGIN + LABEL_W + CW * maxcols;
	if (w < 2 * MARGIN + widest * CHAR_W)
		w = 2 * MARGIN + widest * CHAR_W;
	h = MARGIN + TITLE_H + 2 * (HEAD_H + CH * DU_ROWS + MARGIN) +
	    LINE_H * lines + MARGIN;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "font-family=\"%s\">\n", (int)(w + 0.999), (int)(h + 0.999),
	    (int)(w + 0.999), (int)(h + 0.999), SANS);
	fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"#f4efe2\"/>\n");
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"18\" "
	    "font-weight=\"bold\" fill=\"%s\">Catan: het Duel, turn %d"
	    "</text>\n", MARGIN, MARGIN + 14, INK, st->turn);
	y = MARGIN + TITLE_H;
	for (int s = 0; s < DU_SEATS; s++)
		y += draw_principality(st, s, y, out) + MARGIN;
	fprintf(out, "<g class=\"panel\" font-family=\"%s\" font-size=\"12\" "
	    "fill=\"%s\">\n", MONO, INK);
	y += LINE_H;
	for (const char *s = panel; *s; ) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);

		if (n > 0) {
			fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" "
			    "xml:space=\"preserve\">", MARGIN, y);
			esc(out, s, n);
			fputs("</text>\n", out);
		}
		y += LINE_H;
		s += n + (e != NULL);
	}
	fputs("</g>\n</svg>\n", out);
	return ferror(out) ? RULES_EDATA : 0;
}
