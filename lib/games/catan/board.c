/*
 * board.c -- the board of a Catan game as text (RULES_VIEW_BOARD, CA14.2).
 *
 * The map is drawn as pointy-topped hexes on a canvas (CA2.2's doubled
 * columns give each hex its place): every hex is outlined, its corners
 * and sides carry the pieces, and inside it stand its name (CA2.1), its
 * terrain and number, a harbor's rate on the sea, robber and pirate.
 * A hex is 8 columns wide when the map fits the width asked for, else
 * 6, else 4 (taller, to keep its words): the Seafarers maps (11 hexes a
 * row) take 93 columns at 8, 70 at 6 (a mail's 76), 47 at 4.
 *
 * Pieces are the owner's letter: r red, b blue, w white, o orange; at a
 * corner small for a settlement, capital for a city; on a side small
 * for a road, capital for a ship.  Beneath come a key, a paragraph per
 * player (public facts only: CA12.1), the turn, what is awaited, and the
 * viewer's own hand when one is given.
 *
 * Cities & Knights (CK16.2, CK18.5) adds, in the same letters: a knight
 * is its level 1-3 then its owner's letter, capital when active ("3R",
 * "1b"); after a city, "+" its wall and "*" a metropolis; MERCH (MER) in
 * the merchant's hex where ROBBER stands for the robber.  Each player's
 * paragraph adds the improvement levels, metropolises, walls, knights,
 * Defender points and the merchant; a line after the harbors gives the
 * barbarians' step, their strength against Catan's, the metropolises and
 * the merchant.  A base game's picture does not change.
 *
 * RULES_VF_ASCII draws with ASCII only; RULES_VF_COLOR colors pieces and
 * paragraphs by seat as Trigon's board does (white in bold: white text
 * vanishes on a light background), the sea in blue.  Nothing here
 * changes the game; nothing here allocates.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "rules.h"
#include "games/catan/board.h"
#include "games/catan/sealed.h"

#define CV_W RULES_WIDTH_MAX
#define CV_H (CA_MAX_ROWS * 7 + 3)
#define DEFAULT_WIDTH 80

/* Cell attributes: 1 + color index (ca_seat_names), then these. */
enum { AT_NONE = 0, AT_SEA = 1 + CA_SEATS, AT_BOLD };

static const char *const ansi[] = {
	"", "\033[31m", "\033[34m", "\033[1m", "\033[33m", "\033[36m",
	"\033[1m",
};

struct canvas {
	int w, h;
	struct canvas_cell c[CV_H][CV_W];
};

/* How hexes become canvas positions. */
struct layout {
	int hw;			/* half a hex's width: 4, 3 or 2 columns */
	int k;			/* lines inside a hex between its sides */
	int xmin;
};

struct glyphs {
	uint32_t up, down, side, corner, harbor;	/* / \ | . # */
};

static const struct glyphs utf8_glyphs = { 0x2571, 0x2572, 0x2502, 0x00b7,
	0x2592 };
static const struct glyphs ascii_glyphs = { '/', '\\', '|', '.', '#' };

static const char *const terrain_abbr[CA_TERRAINS] = {
	"~~", "De", "Hi", "Fo", "Pa", "Fi", "Mo", "Go", "??", "?",
};
static const char *const kind_abbr[CA_RES] = { "br", "wd", "wl", "gr", "or" };

static int
color_of(const struct ca_state *st, int seat)
{
	return seat >= 0 && seat < st->nseats ? st->color[seat] : 0;
}

static void
put(struct canvas *cv, int row, int col, uint32_t cp, int attr)
{
	if (row < 0 || row >= CV_H || col < 0 || col >= CV_W)
		return;
	cv->c[row][col].cp = cp;
	cv->c[row][col].attr = (uint8_t)attr;
	if (row + 1 > cv->h)
		cv->h = row + 1;
}

/* ASCII text s centered on column cx of row. */
static void
put_text(struct canvas *cv, int row, int cx, const char *s, int attr)
{
	int n = (int)strlen(s), col = cx - n / 2;

	for (int i = 0; i < n; i++)
		put(cv, row, col + i, (unsigned char)s[i], attr);
}

/* The letter of a piece: small or capital by the owner's color. */
static uint32_t
piece_letter(const struct ca_state *st, int owner, int capital)
{
	char ch = ca_seat_names[color_of(st, owner)][0];

	return (uint32_t)(capital ? ch - 'a' + 'A' : ch);
}

/* Is corner c a treasure place nobody has found (CA10.5)? */
static int
treasure_at(const struct ca_state *st, int c)
{
	const struct ca_board *b = st->b;
	unsigned found = 0;

	for (int s = 0; s < st->nseats; s++)
		found |= st->p[s].found;
	for (int i = 0; i < b->ntreasures; i++)
		if (b->treasure_corner[i] == c && !((found >> i) & 1))
			return 1;
	return 0;
}

static void
draw_corner(const struct ca_state *st, const struct glyphs *gl,
    struct canvas *cv, int c, int row, int col)
{
	uint8_t v = c == CA_NONE ? 0 : st->corner[c];

	if (v == 0) {
		/* CA10.5: "$" a treasure nobody has found */
		put(cv, row, col, treasure_at(st, c) ? '$' : gl->corner,
		    AT_NONE);
		return;
	}
	if (CA_CK(st) && (CA_C_KIND(v) & CA_CP_KNIGHT)) {
		/* CK11: its level 1-3, then the owner's letter, capital when
		   active: "2B" an active strong blue knight */
		put(cv, row, col, (uint32_t)('1' + (CA_C_KIND(v) & 3)),
		    1 + color_of(st, CA_C_OWNER(v)));
		put(cv, row, col + 1, piece_letter(st, CA_C_OWNER(v),
		    (CA_C_KIND(v) & CA_CP_ACTIVE) != 0), 1 + color_of(st,
		    CA_C_OWNER(v)));
		return;
	}
	put(cv, row, col, piece_letter(st, CA_C_OWNER(v),
	    CA_C_KIND(v) == CA_CP_CITY), 1 + color_of(st, CA_C_OWNER(v)));
	if (CA_CK(st) && CA_C_KIND(v) == CA_CP_CITY) {
		/* CK8: "+" a city wall; CK10: "*" a metropolis */
		const uint8_t *w = st->ck.p[CA_C_OWNER(v)].wall;
		int next = col + 1;

		for (int i = 0; i < CK_WALLS; i++)
			if (w[i] == c)
				put(cv, row, next++, '+', 1 + color_of(st,
				    CA_C_OWNER(v)));
		for (int t = 0; t < CK_TRACKS; t++)
			if (st->ck.metro[t] == c)
				put(cv, row, next++, '*', 1 + color_of(st,
				    CA_C_OWNER(v)));
	}
}

/* Is edge e a harbor's side? */
static int
harbor_edge(const struct ca_board *b, int e)
{
	for (int i = 0; i < b->nharbors; i++)
		if (b->harbor_edge[i] == e)
			return 1;
	return 0;
}

/* Edge e drawn with glyph g (when empty) at row, col, n lines down. */
static void
draw_edge(const struct ca_state *st, const struct glyphs *gl,
    struct canvas *cv, int e, uint32_t g, int row, int col, int n)
{
	uint8_t v = e == CA_NONE ? 0 : st->edge[e];
	uint32_t cp = g;
	int attr = AT_NONE;

	if (v != 0) {
		cp = piece_letter(st, CA_E_OWNER(v), (v & CA_E_SHIP) != 0);
		attr = 1 + color_of(st, CA_E_OWNER(v));
	} else if (e != CA_NONE && harbor_edge(st->b, e)) {
		cp = gl->harbor;
	}
	for (int i = 0; i < n; i++)
		put(cv, row + i, col, cp, attr);
}

/* The harbor on a side of sea hex h (its type), or -1. */
static int
harbor_of(const struct ca_board *b, int h)
{
	for (int i = 0; i < b->nharbors; i++) {
		const struct ca_edge *e = &b->edge[b->harbor_edge[i]];

		if (e->hex[0] == h || e->hex[1] == h)
			return b->harbor_type[i];
	}
	return -1;
}

/* What stands inside hex h: up to four lines of at most 2hw-1 columns. */
static void
draw_inside(const struct ca_state *st, const struct layout *L,
    struct canvas *cv, int h, int top, int cx)
{
	const struct ca_board *b = st->b;
	int t = ca_hex_terrain(st, h), tok = ca_hex_token(st, h);
	int wide = L->hw >= 3, line = top;
	int sea_attr = t == CA_SEA ? AT_SEA : AT_NONE;
	char name[16], buf[16];

	ca_hex_name(b, h, name, sizeof name);
	put_text(cv, line++, cx, name, AT_NONE);
	if (t == CA_SEA) {
		int hb = harbor_of(b, h);

		if (hb < 0) {
			put_text(cv, line++, cx, "~~", sea_attr);
			if (!wide)
				line++;
		} else if (hb == CA_HARBOR_ANY) {
			put_text(cv, line++, cx, "3:1", AT_NONE);
			if (!wide)
				line++;
		} else if (wide) {
			put_text(cv, line++, cx, ca_kind_names[hb], AT_NONE);
		} else {
			put_text(cv, line++, cx, "2:1", AT_NONE);
			put_text(cv, line++, cx, kind_abbr[hb], AT_NONE);
		}
	} else if (wide) {
		if (tok)
			snprintf(buf, sizeof buf, "%s %d", terrain_abbr[t], tok);
		else
			snprintf(buf, sizeof buf, "%s", terrain_abbr[t]);
		put_text(cv, line++, cx, buf, AT_NONE);
		if (tok == 6 || tok == 8)
			for (int i = 0; buf[i]; i++)
				if (buf[i] >= '0' && buf[i] <= '9')
					cv->c[line - 1][cx - (int)strlen(buf) / 2
					    + i].attr = AT_BOLD;
	} else {
		put_text(cv, line++, cx, terrain_abbr[t], AT_NONE);
		if (tok) {
			snprintf(buf, sizeof buf, "%d", tok);
			put_text(cv, line, cx, buf, tok == 6 || tok == 8 ?
			    AT_BOLD : AT_NONE);
		}
		line++;
	}
	if (CA_CK(st) && h == st->ck.merchant)	/* CK14.3 */
		put_text(cv, line, cx, h == st->robber ? (L->hw >= 4 ?
		    "ROB MER" : "R+M") : L->hw >= 4 ? "MERCH" : "MER",
		    AT_BOLD);
	else if (h == st->robber)
		put_text(cv, line, cx, wide && L->hw >= 4 ? "ROBBER" : "ROB",
		    AT_BOLD);
	else if (h == st->pirate)
		put_text(cv, line, cx, wide && L->hw >= 4 ? "PIRATE" : "PIR",
		    AT_BOLD);
	else if (t == CA_SEA && harbor_of(b, h) >= 0)
		put_text(cv, line, cx, "~~", sea_attr);
}

static void
draw_map(const struct ca_state *st, const struct layout *L,
    const struct glyphs *gl, struct canvas *cv)
{
	const struct ca_board *b = st->b;
	int hw = L->hw, k = L->k;

	for (int h = 0; h < b->nhex; h++) {
		int top = b->row[h] * (k + 3);
		int cx = hw * (b->col[h] - L->xmin) + hw;
		const uint8_t *c = b->hcorner[h], *e = b->hedge[h];

		draw_corner(st, gl, cv, c[CA_C_N], top, cx);
		draw_corner(st, gl, cv, c[CA_C_NE], top + 2, cx + hw);
		draw_corner(st, gl, cv, c[CA_C_SE], top + 3 + k, cx + hw);
		draw_corner(st, gl, cv, c[CA_C_S], top + 5 + k, cx);
		draw_corner(st, gl, cv, c[CA_C_SW], top + 3 + k, cx - hw);
		draw_corner(st, gl, cv, c[CA_C_NW], top + 2, cx - hw);
		draw_edge(st, gl, cv, e[CA_E_NE], gl->down, top + 1,
		    cx + hw - hw / 2, 1);
		draw_edge(st, gl, cv, e[CA_E_NW], gl->up, top + 1,
		    cx - hw + hw / 2, 1);
		draw_edge(st, gl, cv, e[CA_E_E], gl->side, top + 3, cx + hw, k);
		draw_edge(st, gl, cv, e[CA_E_W], gl->side, top + 3, cx - hw, k);
		draw_edge(st, gl, cv, e[CA_E_SE], gl->up, top + 4 + k,
		    cx + hw / 2, 1);
		draw_edge(st, gl, cv, e[CA_E_SW], gl->down, top + 4 + k,
		    cx - hw / 2, 1);
		draw_inside(st, L, cv, h, top + 3, cx);
	}
}

static void
print_canvas(const struct canvas *cv, int color, FILE *out)
{
	for (int r = 0; r < cv->h; r++)
		canvas_print_row(cv->c[r], cv->w, ansi, color, out);
}

/* The layout for a width: the widest hexes whose map fits. */
static void
choose_layout(const struct ca_board *b, int width, struct layout *L)
{
	int xmin = 255, xmax = 0;

	for (int h = 0; h < b->nhex; h++) {
		xmin = b->col[h] < xmin ? b->col[h] : xmin;
		xmax = b->col[h] > xmax ? b->col[h] : xmax;
	}
	L->xmin = xmin;
	for (L->hw = 4; L->hw > 2; L->hw--)
		if (L->hw * (xmax - xmin) + 2 * L->hw + 1 <= width)
			break;
	L->k = L->hw >= 3 ? 3 : 4;
}

int
ca_board_text(const struct ca_state *st, int viewer, unsigned flags,
    FILE *out)
{
	struct canvas *cv;
	int ascii = (flags & RULES_VF_ASCII) != 0;
	int color = (flags & RULES_VF_COLOR) != 0;
	int width = (int)RULES_VF_WIDTH_OF(flags);
	struct layout L;

	if (width == 0)
		width = DEFAULT_WIDTH;
	width = width < RULES_WIDTH_MIN ? RULES_WIDTH_MIN :
	    width > RULES_WIDTH_MAX ? RULES_WIDTH_MAX : width;
	/*
	 * On the heap, not in thread-local storage: every thread zeroes
	 * its thread-local storage when it starts, and a canvas there made
	 * every command slower to start, drawing a board or not.
	 */
	if ((cv = calloc(1, sizeof *cv)) == NULL)
		return RULES_ENOMEM;
	cv->w = width;
	choose_layout(st->b, width, &L);
	draw_map(st, &L, ascii ? &ascii_glyphs : &utf8_glyphs, cv);
	print_canvas(cv, color, out);
	free(cv);
	ca_board_panels(st, viewer, ascii, color, width, out);
	return ferror(out) ? RULES_EDATA : 0;
}

/* --- beneath the map ----------------------------------------------------- */

static void cat(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

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

/*
 * Print s in lines of at most width columns, broken at spaces; lines
 * after the first indented by indent.  s is ASCII (names and words of
 * this file and the engine).
 */
static void
wrap(FILE *out, int width, int indent, const char *s)
{
	int col = 0;

	while (*s) {
		const char *w = s;
		int n;

		int cols = 0;

		while (*s && *s != ' ')
			cols += (*s++ & 0xc0) != 0x80;
		n = (int)(s - w);
		if (col > 0 && col + 1 + cols > width) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
		} else if (col > 0) {
			fputc(' ', out);
			col++;
		}
		fwrite(w, 1, (size_t)n, out);
		col += cols;
		while (*s == ' ')
			s++;
	}
	fputc('\n', out);
}

static const char *
plural(int n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

/* "2 brick, 1 ore" (every kind), or "nothing". */
static void
bundle(char *buf, size_t n, const uint8_t *b)
{
	int any = 0;

	for (int k = 0; k < CA_KINDS; k++)
		if (b[k]) {
			cat(buf, n, "%s%d %s", any ? ", " : "", b[k],
			    ca_kind_names[k]);
			any = 1;
		}
	if (!any)
		cat(buf, n, "nothing");
}

/* "; cities c3/d3/d4; settlements ...; roads ...; ships ..." */
static void
pieces(const struct ca_state *st, int s, char *buf, size_t n)
{
	static const char *const what[4] = { "cities", "settlements", "roads",
	    "ships" };
	const struct ca_board *b = st->b;
	char name[32];

	for (int w = 0; w < 4; w++) {
		int any = 0, lim = w < 2 ? b->ncorner : b->nedge;

		for (int i = 0; i < lim; i++) {
			if (w < 2) {
				uint8_t v = st->corner[i];

				if (v == 0 || CA_C_OWNER(v) != s ||
				    (CA_C_KIND(v) == CA_CP_CITY) != (w == 0) ||
				    (CA_C_KIND(v) & CA_CP_KNIGHT))	/* CK11 */
					continue;
				ca_corner_name(b, i, name, sizeof name);
			} else {
				uint8_t v = st->edge[i];

				if (v == 0 || CA_E_OWNER(v) != s ||
				    ((v & CA_E_SHIP) != 0) != (w == 3))
					continue;
				ca_edge_name(b, i, name, sizeof name);
			}
			if (!any)
				cat(buf, n, "; %s", what[w]);
			cat(buf, n, " %s", name);
			any = 1;
		}
	}
}

/*
 * Cities & Knights (CK16.2, CK18.5): "; improvements trade 2, politics 0,
 * science 3; metropolis of science c4/c5/d5; walls c4/c5/d5; knights
 * mighty active e2/e3/f2, basic d3/d4/e3; Defender of Catan 1; the
 * merchant".
 */
static void
ck_pieces(const struct ca_state *st, int s, char *buf, size_t n)
{
	static const char *const level[3] = { "basic", "strong", "mighty" };
	const struct ca_ck_player *q = &st->ck.p[s];
	const struct ca_board *b = st->b;
	char name[32];
	int any = 0;

	cat(buf, n, "; improvements");
	for (int t = 0; t < CK_TRACKS; t++)
		cat(buf, n, "%s %s %d", t ? "," : "", ck_track_names[t],
		    q->level[t]);
	for (int t = 0; t < CK_TRACKS; t++) {
		int c = st->ck.metro[t];

		if (c == CA_NONE || st->corner[c] == 0 ||
		    CA_C_OWNER(st->corner[c]) != s)
			continue;
		ca_corner_name(b, c, name, sizeof name);
		cat(buf, n, "; metropolis of %s %s", ck_track_names[t], name);
	}
	for (int i = 0; i < CK_WALLS; i++) {
		if (q->wall[i] == CA_NONE)
			continue;
		ca_corner_name(b, q->wall[i], name, sizeof name);
		cat(buf, n, "%s %s", any++ ? "," : "; walls", name);
	}
	any = 0;
	for (int c = 0; c < b->ncorner; c++) {
		uint8_t v = st->corner[c];
		int k = CA_C_KIND(v);

		if (v == 0 || CA_C_OWNER(v) != s || !(k & CA_CP_KNIGHT))
			continue;
		ca_corner_name(b, c, name, sizeof name);
		cat(buf, n, "%s %s%s%s %s", any++ ? "," : "; knights",
		    level[k & 3], k & CA_CP_ACTIVE ? " active" : "",
		    k & CA_CP_SPENT ? " spent" : "", name);
	}
	if (q->defender)
		cat(buf, n, "; Defender of Catan %d", q->defender);
	if (st->ck.merchant_holder == s)
		cat(buf, n, "; the merchant");
}

static void
print_player(const struct ca_state *st, int s, int color, int width,
    FILE *out)
{
	const struct ca_player *p = &st->p[s];
	const char *name = ca_seat_name(st, s);
	char buf[2048] = "";
	int devs = 0, fresh = 0, vp = ca_vp(st, s, st->phase == CA_PH_OVER);
	int cards = ca_hand_count(p);

	for (int k = 0; k < CA_DEVS; k++) {
		devs += p->dev[k];
		fresh += p->devnew[k];
	}
	cat(buf, sizeof buf, "%c%s%s: %d %s%s", name[0] - 'a' + 'A', name + 1,
	    p->resigned ? " (resigned)" : "", vp, plural(vp, "point",
	    "points"), st->phase == CA_PH_OVER || CA_CK(st) ? "" : " shown");
	/* " shown": victory point cards stay hidden till the end (CA12.1);
	 * Cities & Knights has none hidden (CK16.1: the Printer and the
	 * Constitution are laid open) */
	if (st->army == s)
		cat(buf, sizeof buf, " (largest army)");
	if (st->longest == s)
		cat(buf, sizeof buf, " (longest route)");
	if (st->harbormaster == s + 1)
		cat(buf, sizeof buf, " (harbormaster)");
	if (st->harbor_on) {
		int hp = ca_harbor_points(st, s);

		cat(buf, sizeof buf, "; %d harbor %s", hp, plural(hp,
		    "point", "points"));
	}
	if (CA_CK(st)) {
		/* CK16.1: which progress cards, only the holder sees */
		int np = ca_ck_hand(st, s);

		cat(buf, sizeof buf, "; %d resource and commodity %s, %d "
		    "progress %s", cards, plural(cards, "card", "cards"), np,
		    plural(np, "card", "cards"));
	} else
		cat(buf, sizeof buf, "; %d resource %s, %d development %s",
		    cards, plural(cards, "card", "cards"), devs, plural(devs,
		    "card", "cards"));
	if (fresh)
		cat(buf, sizeof buf, " (%d new)", fresh);
	if (!CA_CK(st))
		cat(buf, sizeof buf, "; %d %s played", p->knights,
		    plural(p->knights, "knight", "knights"));
	cat(buf, sizeof buf, "; route %d; left: %d %s, %d %s, %d %s",
	    p->route, p->supply[CA_S_SETTLEMENT],
	    plural(p->supply[CA_S_SETTLEMENT], "settlement", "settlements"),
	    p->supply[CA_S_CITY], plural(p->supply[CA_S_CITY], "city",
	    "cities"), p->supply[CA_S_ROAD], plural(p->supply[CA_S_ROAD],
	    "road", "roads"));
	if (st->b->kind == CA_MAP_SEAFARERS)
		cat(buf, sizeof buf, ", %d %s", p->supply[CA_S_SHIP],
		    plural(p->supply[CA_S_SHIP], "ship", "ships"));
	pieces(st, s, buf, sizeof buf);
	if (CA_CK(st))
		ck_pieces(st, s, buf, sizeof buf);
	if (color)
		fputs(ansi[1 + color_of(st, s)], out);
	wrap(out, width, 2, buf);
	if (color)
		fputs("\033[0m", out);
}

static void
print_key(const struct ca_state *st, int ascii, int width, FILE *out)
{
	wrap(out, width, 5, ascii ? "Key: r red, b blue, w white, o orange: "
	    "at a corner small = settlement, capital = city; on a side small "
	    "= road, capital = ship; # a harbor's side, its rate on the sea "
	    "(3:1, or the resource traded 2:1). Hi hills, Fo forest, Pa "
	    "pasture, Fi fields, Mo mountains, De desert, Go gold, ~~ sea, ?? "
	    "fog." : "Key: r red, b blue, w white, o orange: at a corner small "
	    "= settlement, capital = city; on a side small = road, capital = "
	    "ship; \xe2\x96\x92 a harbor's side, its rate on the sea (3:1, or "
	    "the resource traded 2:1). Hi hills, Fo forest, Pa pasture, Fi "
	    "fields, Mo mountains, De desert, Go gold, ~~ sea, ?? fog.");
	if (st->b->ntreasures)
		wrap(out, width, 5, "$ at a corner: a treasure not yet "
		    "found (CA10.5).");
	if (CA_CK(st))
		wrap(out, width, 5, "Cities & Knights: at a corner a knight "
		    "is its level (1 basic, 2 strong, 3 mighty) and its "
		    "owner's letter, capital when active (2B: an active strong "
		    "blue knight, 1r: an inactive basic red one); after a city "
		    "+ is its wall, * a metropolis. MERCH or MER: the "
		    "merchant's hex.");
}

static void
print_round(const struct ca_state *st, int width, FILE *out)
{
	static const char *const phases[] = { "set-up", "before the roll",
	    "after the roll", "over" };
	char buf[1024] = "", t[RULES_MSG_MAX], name[32];
	int deck = ca_deck_left(st);	/* sealed.c */

	cat(buf, sizeof buf, "Turn %d, %s", st->turn, phases[st->phase]);
	if (st->dice[0])
		cat(buf, sizeof buf, "; dice %d+%d = %d", st->dice[0],
		    st->dice[1], st->dice[0] + st->dice[1]);
	if (st->dice[0] && CA_CK(st) && st->ck.event >= 1 &&
	    st->ck.event <= 6)	/* CK2.1: white + red, and the event die */
		cat(buf, sizeof buf, ", event %s",
		    ck_event_name(st->ck.event));
	cat(buf, sizeof buf, ". Target %d points. Bank: ", st->vp_target);
	bundle(buf, sizeof buf, st->bank);
	if (CA_CK(st))		/* B7: progress decks, no development cards */
		cat(buf, sizeof buf, "; progress decks: trade %d, politics "
		    "%d, science %d.", st->ck.ndeck[CK_TRADE],
		    st->ck.ndeck[CK_POLITICS], st->ck.ndeck[CK_SCIENCE]);
	else
		cat(buf, sizeof buf, "; %d development %s in the deck.", deck,
		    plural(deck, "card", "cards"));
	wrap(out, width, 2, buf);
	for (int s = 0; s < st->nseats; s++) {
		const struct ca_offer *o = &st->off[s];

		if (o->num == 0)
			continue;
		buf[0] = '\0';
		cat(buf, sizeof buf, "Offer %d by %s: ", o->num,
		    ca_seat_name(st, s));
		bundle(buf, sizeof buf, o->give);
		cat(buf, sizeof buf, " for ");
		bundle(buf, sizeof buf, o->get);
		cat(buf, sizeof buf, ", to");
		for (int i = 0, n = 0; i < st->nseats; i++)
			if (i != s && (o->to == 0 || (o->to >> i & 1)))
				cat(buf, sizeof buf, "%s %s", n++ ? "," : "",
				    ca_seat_name(st, i));
		cat(buf, sizeof buf, ".");
		wrap(out, width, 2, buf);
	}
	buf[0] = '\0';
	cat(buf, sizeof buf, "Harbors:");
	for (int i = 0; i < st->b->nharbors; i++) {
		int ty = st->b->harbor_type[i];

		ca_edge_name(st->b, st->b->harbor_edge[i], name, sizeof name);
		cat(buf, sizeof buf, " %s %s%s", name, ty == CA_HARBOR_ANY ?
		    "3:1" : ca_kind_names[ty], ty == CA_HARBOR_ANY ? "" :
		    " 2:1");
		cat(buf, sizeof buf, i + 1 < st->b->nharbors ? "," : ".");
	}
	if (st->b->nharbors)
		wrap(out, width, 2, buf);
	if (CA_CK(st)) {
		/* CK12, CK14.3, CK16.2: the barbarians and the merchant */
		int bar = ca_ck_barbarians(st), def = ca_ck_defence(st, -1);

		buf[0] = '\0';
		cat(buf, sizeof buf, "Barbarians: the ship at %d of %d; "
		    "strength %d (cities) against Catan's %d (active "
		    "knights:", st->ck.ship, st->ck.steps, bar, def);
		for (int s = 0; s < st->nseats; s++)
			cat(buf, sizeof buf, "%s %s %d", s ? "," : "",
			    ca_seat_name(st, s), ca_ck_defence(st, s));
		cat(buf, sizeof buf, "). Metropolises:");
		for (int k = 0; k < CK_TRACKS; k++) {
			int c = st->ck.metro[k];

			cat(buf, sizeof buf, "%s %s ", k ? "," : "",
			    ck_track_names[k]);
			if (c == CA_NONE || st->corner[c] == 0) {
				cat(buf, sizeof buf, "none");
				continue;
			}
			ca_corner_name(st->b, c, name, sizeof name);
			cat(buf, sizeof buf, "%s %s", ca_seat_name(st,
			    CA_C_OWNER(st->corner[c])), name);
		}
		cat(buf, sizeof buf, ". Merchant: ");
		if (st->ck.merchant == CA_NONE) {
			cat(buf, sizeof buf, "not placed.");
		} else {
			ca_hex_name(st->b, st->ck.merchant, name, sizeof name);
			cat(buf, sizeof buf, "at %s, held by %s.", name,
			    st->ck.merchant_holder == CA_NONE ? "nobody" :
			    ca_seat_name(st, st->ck.merchant_holder));
		}
		wrap(out, width, 2, buf);
	}
	ca_await_text(st, t, sizeof t);
	buf[0] = '\0';
	cat(buf, sizeof buf, "Awaited: %s.", t);
	wrap(out, width, 2, buf);
}

static void
print_hand(const struct ca_state *st, int s, int color, int width,
    FILE *out)
{
	const struct ca_player *p = &st->p[s];
	char buf[1024] = "";
	int any = 0, vp = ca_vp(st, s, 1);

	cat(buf, sizeof buf, "Your hand (%s, hidden from the other players): ",
	    ca_seat_name(st, s));
	bundle(buf, sizeof buf, p->hand);
	if (CA_CK(st)) {
		/* CK16.1, CK17.4: "Crane (Bouwkraan)" */
		const struct ca_ck_player *q = &st->ck.p[s];

		cat(buf, sizeof buf, "; progress cards:");
		for (int i = 0; i < q->nprog; i++) {
			const struct ck_card *c = &st->ck.d->cards[q->prog[i]];

			cat(buf, sizeof buf, "%s %s", any ? "," : "", c->name);
			if (c->nl[0] != '\0')
				cat(buf, sizeof buf, " (%s)", c->nl);
			any = 1;
		}
	} else
		cat(buf, sizeof buf, "; development cards:");
	for (int k = 0; k < CA_DEVS; k++)
		if (p->dev[k]) {
			cat(buf, sizeof buf, "%s %d %s", any ? "," : "",
			    p->dev[k], ca_dev_names[k]);
			if (p->devnew[k])
				cat(buf, sizeof buf, " (%d new this turn)",
				    p->devnew[k]);
			any = 1;
		}
	cat(buf, sizeof buf, "%s; %d %s in all.", any ? "" : " none", vp,
	    plural(vp, "point", "points"));
	if (color)
		fputs(ansi[1 + color_of(st, s)], out);
	wrap(out, width, 2, buf);
	if (color)
		fputs("\033[0m", out);
}

/* CA10.7: "Number supply: 10 5 9." */
static void
ca_supply_line(const struct ca_state *st, char *buf, size_t n)
{
	uint8_t left[CA_MAX_SUPPLY];
	int k = ca_grow_supply(st, left);

	snprintf(buf, n, "Number supply:");
	for (int i = 0; i < k; i++)
		cat(buf, n, " %d", left[i]);
	cat(buf, n, k ? "." : " none left; a ship reaching a small island's "
	    "hex without a number moves one from the main island (CA10.8).");
}

/* CA10.5: "Treasures: b7/b8/c7 gold (found by red), ..." */
static void
ca_treasures_line(const struct ca_state *st, char *buf, size_t n)
{
	const struct ca_board *b = st->b;
	char name[32];

	snprintf(buf, n, "Treasures:");
	for (int i = 0; i < b->ntreasures; i++) {
		int who = -1;

		for (int s = 0; s < st->nseats; s++)
			if ((st->p[s].found >> i) & 1)
				who = s;
		ca_corner_name(b, b->treasure_corner[i], name, sizeof name);
		cat(buf, n, "%s %s %s", i ? "," : "", name,
		    ca_treasure_names[b->def->treasure_kind[i]]);
		if (who >= 0)
			cat(buf, n, " (found by %s)", ca_seat_name(st, who));
	}
	cat(buf, n, ".");
}

void
ca_board_panels(const struct ca_state *st, int viewer, int ascii,
    int color, int width, FILE *out)
{
	int key = width > 0;

	if (key) {
		fputc('\n', out);
		print_key(st, ascii, width, out);
	} else {
		width = -width;
	}
	for (int s = 0; s < st->nseats; s++) {
		fputc('\n', out);
		print_player(st, s, color, width, out);
	}
	if (st->b->ntreasures) {
		char buf[400];

		ca_treasures_line(st, buf, sizeof buf);
		fputc('\n', out);
		wrap(out, width, 5, buf);
	}
	if (st->b->ngrow) {
		char buf[200];

		ca_supply_line(st, buf, sizeof buf);
		fputc('\n', out);
		wrap(out, width, 5, buf);
	}
	fputc('\n', out);
	print_round(st, width, out);
	if (viewer >= 0 && viewer < st->nseats) {
		fputc('\n', out);
		print_hand(st, viewer, color, width, out);
	}
}
