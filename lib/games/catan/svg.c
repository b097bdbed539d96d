/*
 * svg.c -- the board of a Catan game as an SVG picture (RULES_VIEW_BOARD
 * with RULES_VF_SVG, CA14.2), for a browser or a mail attachment.
 *
 * Pointy-topped hexes at their places of CA2.2, filled by terrain, each
 * with its name (CA2.1); number tokens with their pips, 6 and 8 in red;
 * harbors as a disc on the sea with piers to the two corners they serve,
 * 3:1 in white, 2:1 in the color of their resource; roads along the
 * sides and ships on them, settlements and cities on the corners, in the
 * seat colors; the robber (grey) and the pirate (a black ship).
 * Cities & Knights (CK18.5) adds knights (class knight: rings by level,
 * pale and dashed when inactive), city walls, metropolises, the merchant
 * and, under the title, the barbarian track with the strengths.
 * Beneath: the text panels of the board (board.c: players, turn, what
 * is awaited, and the viewer's own hand when one is given).  Only public
 * information otherwise (CA12.1).
 *
 * Plain SVG 1.1 as Trigon's (lib/games/trigon/svg.c): no scripts, no
 * external references, fonts named by family with generic fallbacks;
 * the same position gives the same bytes.
 */
#define _GNU_SOURCE 1		/* fmemopen */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "games/catan/board.h"

#define R 38.0			/* a hex's corner radius, pixels */
#define MARGIN 24.0
#define TITLE_H 34.0
#define TRACK_H 26.0		/* Cities & Knights: the barbarian track */
#define PANEL_COLS 100		/* panel text width, in characters */
#define CHAR_W 7.25		/* 12 px mono */
#define LINE_H 15.0
#define PANEL_MAX 32768

#define SANS "DejaVu Sans, Verdana, Arial, sans-serif"
#define MONO "DejaVu Sans Mono, Menlo, Consolas, monospace"
#define INK "#222222"

static const char *const terrain_fill[CA_TERRAINS] = {
	"#5b9bd5",	/* sea */
	"#e3d3a0",	/* desert */
	"#c4623a",	/* hills */
	"#2f7d3a",	/* forest */
	"#9fd06a",	/* pasture */
	"#f0c53c",	/* fields */
	"#8d939b",	/* mountains */
	"#ffd21f",	/* gold */
	"#c9d3da",	/* fog */
	"#dddddd",	/* placeholder (never drawn: the set-up is drawn) */
};
static const char *const res_fill[CA_RES] = {
	"#c4623a", "#2f7d3a", "#9fd06a", "#f0c53c", "#8d939b",
};
/* Seat colors by color index (ca_seat_names): red, blue, white, orange. */
static const char *const seat_fill[CA_SEATS] = {
	"#d62d20", "#1f5fd1", "#fafafa", "#f47c12",
};

struct pt {
	double x, y;
};

struct frame {
	int xmin;
	double dx;		/* half a hex's width */
	double top;		/* y of row a's centers */
};

static struct pt
center(const struct ca_board *b, const struct frame *f, int h)
{
	struct pt p;

	p.x = MARGIN + f->dx * (b->col[h] - f->xmin + 1);
	p.y = f->top + 1.5 * R * b->row[h];
	return p;
}

/* Corner d (enum ca_cdir) of the hex at c. */
static struct pt
corner_pt(struct pt c, int d)
{
	static const double cs[6][2] = {
		{ 0, -1 }, { 0.8660254, -0.5 }, { 0.8660254, 0.5 },
		{ 0, 1 }, { -0.8660254, 0.5 }, { -0.8660254, -0.5 },
	};
	struct pt p = { c.x + R * cs[d][0], c.y + R * cs[d][1] };

	return p;
}

/* Text with &, <, >, quotes escaped; other bytes as they are. */
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

static void
draw_hex(const struct ca_state *st, const struct frame *f, int h, FILE *out)
{
	const struct ca_board *b = st->b;
	struct pt c = center(b, f, h);
	int t = ca_hex_terrain(st, h), tok = ca_hex_token(st, h);
	char name[16];

	ca_hex_name(b, h, name, sizeof name);
	fprintf(out, "<g class=\"hex\" id=\"hex-%s\" data-terrain=\"%s\"",
	    name, ca_terrain_names[t]);
	if (tok)
		fprintf(out, " data-token=\"%d\"", tok);
	fprintf(out, "><polygon points=\"");
	for (int d = 0; d < 6; d++) {
		struct pt p = corner_pt(c, d);

		fprintf(out, "%s%.1f,%.1f", d ? " " : "", p.x, p.y);
	}
	fprintf(out, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>",
	    terrain_fill[t], t == CA_SEA ? "#4a86bd" : "#6b5b3e");
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
	    "text-anchor=\"middle\" fill=\"%s\">%s</text>", c.x,
	    c.y - 0.58 * R, t == CA_SEA ? "#dcecf8" : INK, name);
	if (t == CA_FOG)
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"22\" "
		    "font-weight=\"bold\" text-anchor=\"middle\" "
		    "fill=\"#7b8a94\">?</text>", c.x, c.y + 8);
	if (tok) {
		int pips = 6 - (tok < 7 ? 7 - tok : tok - 7);
		const char *ink = tok == 6 || tok == 8 ? "#c62828" : INK;
		double ty = c.y + 0.12 * R;

		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
		    "fill=\"#f7eed3\" stroke=\"#8a7a50\"/>", c.x, ty, 0.37 * R);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"15\" "
		    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">"
		    "%d</text>", c.x, ty + 3.5, ink, tok);
		for (int i = 0; i < pips; i++)
			fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.3\" "
			    "fill=\"%s\"/>", c.x + 3.4 * (i - (pips - 1) / 2.0),
			    ty + 8.5, ink);
	}
	fputs("</g>\n", out);
}

static void
draw_harbors(const struct ca_state *st, const struct frame *f, FILE *out)
{
	const struct ca_board *b = st->b;

	for (int i = 0; i < b->nharbors; i++) {
		const struct ca_edge *e = &b->edge[b->harbor_edge[i]];
		int sea = ca_hex_terrain(st, e->hex[0]) == CA_SEA ? e->hex[0] :
		    e->hex[1], ty = b->harbor_type[i], d;
		struct pt s = center(b, f, sea), p1, p2, m, h;
		char name[32];

		for (d = 0; d < 6; d++)
			if (b->hedge[sea][d] == b->harbor_edge[i])
				break;
		if (d == 6)
			continue;
		p1 = corner_pt(s, d);
		p2 = corner_pt(s, (d + 1) % 6);
		m.x = (p1.x + p2.x) / 2;
		m.y = (p1.y + p2.y) / 2;
		h.x = s.x + 0.35 * (m.x - s.x);
		h.y = s.y + 0.35 * (m.y - s.y);
		ca_edge_name(b, b->harbor_edge[i], name, sizeof name);
		fprintf(out, "<g class=\"harbor\" data-edge=\"%s\" "
		    "data-rate=\"%s\">", name, ty == CA_HARBOR_ANY ? "3:1" :
		    ca_kind_names[ty]);
		fprintf(out, "<path d=\"M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f\" "
		    "fill=\"none\" stroke=\"#7a5a34\" stroke-width=\"3\"/>",
		    p1.x + 0.15 * (h.x - p1.x), p1.y + 0.15 * (h.y - p1.y),
		    h.x, h.y, p2.x + 0.15 * (h.x - p2.x),
		    p2.y + 0.15 * (h.y - p2.y));
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"13\" "
		    "fill=\"%s\" stroke=\"#7a5a34\" stroke-width=\"1.5\"/>",
		    h.x, h.y, ty == CA_HARBOR_ANY ? "#ffffff" : res_fill[ty]);
		if (ty == CA_HARBOR_ANY)
			fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\""
			    " font-weight=\"bold\" text-anchor=\"middle\" "
			    "fill=\"%s\">3:1</text>", h.x, h.y + 3.5, INK);
		else
			fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\""
			    " font-weight=\"bold\" text-anchor=\"middle\" "
			    "fill=\"%s\">2:1</text><text x=\"%.1f\" y=\"%.1f\" "
			    "font-size=\"7\" text-anchor=\"middle\" fill=\"%s\">"
			    "%s</text>", h.x, h.y + 0.5, INK, h.x, h.y + 8.5,
			    INK, ca_kind_names[ty]);
		fputs("</g>\n", out);
	}
}

/*
 * Cities & Knights (CK18.5): a knight is a disc in its owner's color with
 * its level (1-3) as rings and figure, solid when active, pale and dashed
 * when not; a city wall a grey base under the city (CK8); a metropolis a
 * gold tower beside it with its track's initial (CK10).  Walls and
 * towers come before the city, which stands over them.
 */
static void
draw_ck_corner(const struct ca_state *st, int c, uint8_t v, struct pt p,
    const char *name, FILE *out)
{
	static const char *const level[3] = { "basic", "strong", "mighty" };
	const char *fill = seat_fill[st->color[CA_C_OWNER(v)]];
	const char *owner = ca_seat_name(st, CA_C_OWNER(v));
	int k = CA_C_KIND(v);

	if (k & CA_CP_KNIGHT) {
		int lv = (k & 3) + 1, act = (k & CA_CP_ACTIVE) != 0;

		fprintf(out, "<g class=\"knight\" data-at=\"%s\" data-owner="
		    "\"%s\" data-level=\"%s\" data-active=\"%s\"%s "
		    "transform=\"translate(%.1f,%.1f)\">", name, owner,
		    level[lv - 1], act ? "yes" : "no", k & CA_CP_SPENT ?
		    " data-spent=\"yes\"" : "", p.x, p.y);
		for (int i = lv; i > 0; i--)
			fprintf(out, "<circle r=\"%d\" fill=\"%s\" "
			    "fill-opacity=\"%s\" stroke=\"%s\" stroke-width="
			    "\"1.5\"%s/>", 5 + 3 * i, fill, act ? "1" : "0.45",
			    INK, act ? "" : " stroke-dasharray=\"3,2\"");
		fprintf(out, "<text y=\"4\" font-size=\"11\" font-weight=\""
		    "bold\" text-anchor=\"middle\" fill=\"%s\">%d</text></g>\n",
		    INK, lv);
		return;
	}
	if (k != CA_CP_CITY)
		return;
	for (int i = 0; i < CK_WALLS; i++)
		if (st->ck.p[CA_C_OWNER(v)].wall[i] == c)
			fprintf(out, "<g class=\"wall\" data-at=\"%s\" "
			    "data-owner=\"%s\"><rect x=\"%.1f\" y=\"%.1f\" "
			    "width=\"28\" height=\"6\" fill=\"#9a9a9a\" "
			    "stroke=\"%s\" stroke-width=\"1.2\"/></g>\n", name,
			    owner, p.x - 14, p.y + 6, INK);
	for (int t = 0; t < CK_TRACKS; t++)
		if (st->ck.metro[t] == c)
			fprintf(out, "<g class=\"metropolis\" data-at=\"%s\" "
			    "data-owner=\"%s\" data-track=\"%s\" transform=\""
			    "translate(%.1f,%.1f)\"><path d=\"M-4,8 L4,8 L4,-10 "
			    "L0,-15 L-4,-10 Z\" fill=\"#e0b020\" stroke=\"%s\" "
			    "stroke-width=\"1.2\"/><text y=\"4\" font-size=\"8\" "
			    "font-weight=\"bold\" text-anchor=\"middle\" fill=\""
			    "%s\">%c</text></g>\n", name, owner,
			    ck_track_names[t], p.x + 14, p.y - 2, INK, INK,
			    ck_track_names[t][0] - 'a' + 'A');
}

/* CK14.3: the merchant, a figure right of the hex's center, in its
   holder's color; CK12: the barbarian track under the title, a cell a
   step (the last one the attack), the ship on its step, the strengths. */
static void
draw_ck(const struct ca_state *st, const struct frame *f, double y,
    FILE *out)
{
	const struct ca_board *b = st->b;
	int bar = ca_ck_barbarians(st), def = ca_ck_defence(st, -1);

	if (st->ck.merchant != CA_NONE) {
		struct pt c = center(b, f, st->ck.merchant);
		double x = c.x + 0.52 * R, my = c.y + 0.12 * R;
		int hd = st->ck.merchant_holder;
		char name[16];

		ca_hex_name(b, st->ck.merchant, name, sizeof name);
		fprintf(out, "<g class=\"merchant\" data-at=\"%s\" "
		    "data-holder=\"%s\"><path d=\"M%.1f,%.1f L%.1f,%.1f "
		    "L%.1f,%.1f Z\" fill=\"%s\" stroke=\"%s\" stroke-width="
		    "\"1.2\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" "
		    "fill=\"#d9b77e\" stroke=\"%s\"/></g>\n", name,
		    hd == CA_NONE ? "none" : ca_seat_name(st, hd), x - 7,
		    my + 10, x + 7, my + 10, x, my - 4, hd == CA_NONE ?
		    "#d9b77e" : seat_fill[st->color[hd]], INK, x, my - 8, INK);
	}
	fprintf(out, "<g class=\"barbarians\" data-step=\"%d\" data-steps="
	    "\"%d\" data-strength=\"%d\" data-defence=\"%d\">", st->ck.ship,
	    st->ck.steps, bar, def);
	for (int i = 0; i <= st->ck.steps; i++)
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"18\" "
		    "height=\"18\" fill=\"%s\" stroke=\"%s\"/>", MARGIN + 20 * i,
		    y, i == st->ck.steps ? "#c9a0a0" : "#e8e0cc", INK);
	fprintf(out, "<path class=\"barbarian-ship\" transform=\"translate("
	    "%.1f,%.1f)\" d=\"M-7,1 L7,1 L5,6 L-5,6 Z M0,0 L0,-7 L5,-1 Z\" "
	    "fill=\"#111\"/>", MARGIN + 20 * st->ck.ship + 9, y + 10);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"%s\">"
	    "Barbarians %d of %d: strength %d against Catan's %d</text></g>\n",
	    MARGIN + 20 * (st->ck.steps + 1) + 8, y + 13, INK, st->ck.ship,
	    st->ck.steps, bar, def);
}

static void
draw_pieces(const struct ca_state *st, const struct frame *f, FILE *out)
{
	const struct ca_board *b = st->b;
	static _Thread_local uint8_t done_e[CA_MAX_EDGE], done_c[CA_MAX_CORNER];

	memset(done_e, 0, sizeof done_e);
	memset(done_c, 0, sizeof done_c);
	/* roads and ships first, buildings over their ends */
	for (int h = 0; h < b->nhex; h++)
		for (int d = 0; d < 6; d++) {
			int e = b->hedge[h][d];
			uint8_t v;
			struct pt c, p1, p2;
			const char *fill;
			char name[32];

			if (e == CA_NONE || done_e[e] || (v = st->edge[e]) == 0)
				continue;
			done_e[e] = 1;
			c = center(b, f, h);
			p1 = corner_pt(c, d);
			p2 = corner_pt(c, (d + 1) % 6);
			fill = seat_fill[st->color[CA_E_OWNER(v)]];
			ca_edge_name(b, e, name, sizeof name);
			if (!(v & CA_E_SHIP)) {
				double ax = p1.x + 0.2 * (p2.x - p1.x);
				double ay = p1.y + 0.2 * (p2.y - p1.y);
				double bx = p2.x + 0.2 * (p1.x - p2.x);
				double by = p2.y + 0.2 * (p1.y - p2.y);

				fprintf(out, "<g class=\"road\" data-at=\"%s\" "
				    "data-owner=\"%s\"><line x1=\"%.1f\" "
				    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				    "stroke=\"%s\" stroke-width=\"8\" "
				    "stroke-linecap=\"round\"/><line x1=\"%.1f\" "
				    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				    "stroke=\"%s\" stroke-width=\"5\" "
				    "stroke-linecap=\"round\"/></g>\n", name,
				    ca_seat_name(st, CA_E_OWNER(v)), ax, ay, bx,
				    by, INK, ax, ay, bx, by, fill);
			} else {
				double mx = (p1.x + p2.x) / 2;
				double my = (p1.y + p2.y) / 2;

				fprintf(out, "<g class=\"ship\" data-at=\"%s\" "
				    "data-owner=\"%s\" transform=\"translate("
				    "%.1f,%.1f)\"><path d=\"M-9,1 L9,1 L6,6 "
				    "L-6,6 Z\" fill=\"%s\" stroke=\"%s\" "
				    "stroke-width=\"1.2\"/><path d=\"M0,0 L0,-10 "
				    "L7,-1 Z\" fill=\"%s\" stroke=\"%s\" "
				    "stroke-width=\"1.2\"/></g>\n", name,
				    ca_seat_name(st, CA_E_OWNER(v)), mx, my, fill,
				    INK, fill, INK);
			}
		}
	for (int h = 0; h < b->nhex; h++)
		for (int d = 0; d < 6; d++) {
			int c = b->hcorner[h][d];
			uint8_t v;
			struct pt p;
			char name[32];
			int city;

			if (c == CA_NONE || done_c[c] || (v = st->corner[c]) == 0)
				continue;
			done_c[c] = 1;
			p = corner_pt(center(b, f, h), d);
			city = CA_C_KIND(v) == CA_CP_CITY;
			ca_corner_name(b, c, name, sizeof name);
			if (CA_CK(st)) {
				draw_ck_corner(st, c, v, p, name, out);
				if (CA_C_KIND(v) & CA_CP_KNIGHT)
					continue;
			}
			fprintf(out, "<g class=\"%s\" data-at=\"%s\" "
			    "data-owner=\"%s\" transform=\"translate(%.1f,%.1f)"
			    "\"><path d=\"%s\" fill=\"%s\" stroke=\"%s\" "
			    "stroke-width=\"1.5\"/></g>\n",
			    city ? "city" : "settlement", name,
			    ca_seat_name(st, CA_C_OWNER(v)), p.x, p.y,
			    city ? "M-10,8 L10,8 L10,-3 L2,-3 L2,-7 L-4,-12 "
			    "L-10,-7 Z" : "M-7,6 L7,6 L7,-2 L0,-9 L-7,-2 Z",
			    seat_fill[st->color[CA_C_OWNER(v)]], INK);
		}
}

/* CA10.5: a treasure nobody has found, a gold diamond at its corner. */
static void
draw_treasures(const struct ca_state *st, const struct frame *f, FILE *out)
{
	const struct ca_board *b = st->b;
	unsigned found = 0;

	for (int s = 0; s < st->nseats; s++)
		found |= st->p[s].found;
	for (int i = 0; i < b->ntreasures; i++) {
		int c = b->treasure_corner[i], h = b->corner[c].hex[0], d;
		char name[32];
		struct pt p;

		if ((found >> i) & 1 || st->corner[c] != 0)
			continue;
		for (d = 0; d < 5 && b->hcorner[h][d] != c; d++)
			;
		p = corner_pt(center(b, f, h), d);
		ca_corner_name(b, c, name, sizeof name);
		fprintf(out, "<g class=\"treasure\" data-at=\"%s\" data-kind="
		    "\"%s\" transform=\"translate(%.1f,%.1f)\"><path d=\"M0,-8 "
		    "L6,0 L0,8 L-6,0 Z\" fill=\"#e0b020\" stroke=\"%s\" "
		    "stroke-width=\"1.2\"/></g>\n", name,
		    ca_treasure_names[b->def->treasure_kind[i]], p.x, p.y, INK);
	}
}

static void
draw_bandits(const struct ca_state *st, const struct frame *f, FILE *out)
{
	const struct ca_board *b = st->b;

	if (st->robber != CA_NONE) {
		struct pt c = center(b, f, st->robber);
		double x = c.x - 0.52 * R, y = c.y + 0.12 * R;

		fprintf(out, "<g class=\"robber\"><ellipse cx=\"%.1f\" "
		    "cy=\"%.1f\" rx=\"6.5\" ry=\"9\" fill=\"#3b3f45\" "
		    "stroke=\"#111\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" "
		    "fill=\"#3b3f45\" stroke=\"#111\"/></g>\n", x, y + 3, x,
		    y - 8);
	}
	if (st->pirate != CA_NONE) {
		struct pt c = center(b, f, st->pirate);

		fprintf(out, "<g class=\"pirate\" transform=\"translate(%.1f,"
		    "%.1f)\"><path d=\"M-13,2 L13,2 L9,9 L-9,9 Z\" "
		    "fill=\"#111\"/><path d=\"M-1,1 L-1,-15 L10,-1 Z\" "
		    "fill=\"#111\"/><path d=\"M-2,-14 L-12,-2 L-2,-2 Z\" "
		    "fill=\"#444\"/></g>\n", c.x, c.y + 6);
	}
}

int
ca_board_svg(const struct ca_state *st, int viewer, FILE *out)
{
	static _Thread_local char panel[PANEL_MAX];
	const struct ca_board *b = st->b;
	struct frame f;
	int xmax = 0, nrows = b->def->nrows, lines = 0;
	double mapw, maph, w, h, y;
	FILE *pf;
	size_t plen = 0;

	f.xmin = 255;
	for (int i = 0; i < b->nhex; i++) {
		f.xmin = b->col[i] < f.xmin ? b->col[i] : f.xmin;
		xmax = b->col[i] > xmax ? b->col[i] : xmax;
	}
	f.dx = R * 0.8660254;
	f.top = MARGIN + TITLE_H + R;
	mapw = 2 * MARGIN + f.dx * (xmax - f.xmin + 2);
	maph = MARGIN + TITLE_H + R * (1.5 * (nrows - 1) + 2);
	if (CA_CK(st)) {	/* the barbarian track under the title */
		f.top += TRACK_H;
		maph += TRACK_H;
	}
	memset(panel, 0, sizeof panel);
	pf = fmemopen(panel, sizeof panel - 1, "w");
	if (pf == NULL)
		return RULES_ENOMEM;
	ca_board_panels(st, viewer, 0, 0, -PANEL_COLS, pf);
	fclose(pf);
	plen = strlen(panel);
	for (size_t i = 0; i < plen; i++)
		lines += panel[i] == '\n';
	w = 2 * MARGIN + PANEL_COLS * CHAR_W;
	w = mapw > w ? mapw : w;
	h = maph + MARGIN + LINE_H * lines + MARGIN;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "font-family=\"%s\">\n", (int)(w + 0.999), (int)(h + 0.999),
	    (int)(w + 0.999), (int)(h + 0.999), SANS);
	fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"#f4efe2\"/>\n");
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"18\" "
	    "font-weight=\"bold\" fill=\"%s\">Catan: ", MARGIN, MARGIN + 14,
	    INK);
	esc(out, b->def->title, sizeof b->def->title);
	fprintf(out, ", turn %d</text>\n", st->turn);
	for (int i = 0; i < b->nhex; i++)
		draw_hex(st, &f, i, out);
	draw_harbors(st, &f, out);
	draw_pieces(st, &f, out);
	draw_treasures(st, &f, out);
	draw_bandits(st, &f, out);
	if (CA_CK(st))
		draw_ck(st, &f, MARGIN + TITLE_H - 6, out);
	fprintf(out, "<g class=\"panel\" font-family=\"%s\" font-size=\"12\" "
	    "fill=\"%s\">\n", MONO, INK);
	y = maph + MARGIN;
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
