/*
 * data-board.c -- the board geometry of CA2 built from a map of data.c
 * (ca_board_build): hexes, neighbours, corners, edges, islands, harbors,
 * the variable set-up's draw laid; and the names of hexes, corners and
 * edges (CA2.4), written and parsed.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/catan/data.h"
#include "games/catan/data-int.h"

/* ---- the board ------------------------------------------------------------ */

static int
find_corner(const struct ca_board *b, const uint8_t h[3])
{
	/* a corner is one of its first hex's six (hcorner, once built):
	   those first, every corner only when none matches (the triples
	   are distinct, so the answer is the same) */
	for (int d = 0; d < 6; d++) {
		int c = b->hcorner[h[0]][d];

		if (c != CA_NONE && c < b->ncorner &&
		    memcmp(b->corner[c].hex, h, 3) == 0)
			return c;
	}
	for (int c = 0; c < b->ncorner; c++)
		if (memcmp(b->corner[c].hex, h, 3) == 0)
			return c;
	return -1;
}

static int
find_edge(const struct ca_board *b, int x, int y)
{
	int a = x < y ? x : y, c = x < y ? y : x;

	/* one of a's six edges first, as find_corner */
	for (int d = 0; d < 6; d++) {
		int e = b->hedge[a][d];

		if (e != CA_NONE && e < b->nedge && b->edge[e].hex[0] == a &&
		    b->edge[e].hex[1] == c)
			return e;
	}
	for (int e = 0; e < b->nedge; e++)
		if (b->edge[e].hex[0] == a && b->edge[e].hex[1] == c)
			return e;
	return -1;
}

static void
sort3(uint8_t *h)
{
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2 - i; j++)
			if (h[j] > h[j + 1]) {
				uint8_t t = h[j];

				h[j] = h[j + 1];
				h[j + 1] = t;
			}
}

static void
board_fail(struct rules_error *err, const char *fmt, ...)
{
	va_list ap;

	memset(err, 0, sizeof *err);
	err->code = RULES_EDATA;
	err->data = "maps";
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
}

/* The hexes of the board from the map and the variable set-up's draw
   (CA3.1): terrain, tokens, rows, neighbours. */
static void
board_hexes(struct ca_board *b, const struct ca_mapdef *m,
    const struct ca_setup_draw *draw)
{
	int ph = 0;

	memset(b, 0, sizeof *b);
	b->def = m;
	b->nhex = m->nhex;
	b->kind = m->kind;
	b->vp = m->vp;
	b->island_bonus = m->island_bonus;
	b->robber = m->robber;
	b->pirate = m->pirate;
	memcpy(b->terrain, m->terrain, sizeof b->terrain);
	memcpy(b->token, m->token, sizeof b->token);
	for (int r = 0; r < m->nrows; r++)
		for (int i = 0; i < m->rowlen[r]; i++) {
			int h = m->rowstart[r] + i;

			b->row[h] = (uint8_t)r;
			b->col[h] = (uint8_t)(m->indent[r] + 2 * i);
			b->num[h] = (uint8_t)(i + 1);
		}
	/* the variable set-up (CA3.1) */
	if (m->has_pool) {
		uint8_t desert[CA_MAX_HEX] = { 0 };
		int robber_set = m->robber != CA_NONE &&
		    m->terrain[m->robber] != CA_LANDHOLDER;

		for (int h = 0; h < m->nhex; h++)
			if (m->terrain[h] == CA_LANDHOLDER) {
				int t = draw ? draw->terrain[ph] :
				    m->pool_terrain[ph];

				ph++;
				b->terrain[h] = (uint8_t)t;
				if (t == CA_DESERT) {
					desert[h] = 1;
					if (!robber_set)
						b->robber = (uint8_t)h;
				}
			}
		ca_map_lay_tokens(m, draw ? draw->k : 0, desert, b->token);
	}
	for (int h = 0, n = 0; h < CA_MAX_HEX; h++)
		b->tokslot[h] = (int8_t)(h < m->nhex &&
		    CA_TOKEN_MOVABLE(b->token[h]) ? n++ : -1);
	/* neighbours */
	for (int h = 0; h < m->nhex; h++)
		for (int d = 0; d < 6; d++)
			b->nb[h][d] = (uint8_t)ca_map_neighbour(m, h, d);
}

/* Corners and edges: every triple / pair of on-map hexes (CA2.3), the
   ends of each edge and each corner's neighbours; RULES_EDATA when
   there are too many. */
static int
board_corners_edges(struct ca_board *b, const struct ca_mapdef *m,
    struct rules_error *err)
{
	/* corner c of a hex = {hex, nb[first], nb[second]} (CA2.3) */
	static const int cn[6][2] = {
		{ CA_E_NW, CA_E_NE }, { CA_E_NE, CA_E_E }, { CA_E_E, CA_E_SE },
		{ CA_E_SE, CA_E_SW }, { CA_E_SW, CA_E_W }, { CA_E_W, CA_E_NW },
	};

	/* corners and edges: every triple / pair of on-map hexes */
	for (int h = 0; h < m->nhex; h++) {
		for (int d = 0; d < 6; d++) {
			uint8_t t[3] = { (uint8_t)h, b->nb[h][cn[d][0]],
			    b->nb[h][cn[d][1]] };
			int c;

			b->hcorner[h][d] = CA_NONE;
			if (t[1] == CA_NONE || t[2] == CA_NONE)
				continue;
			sort3(t);
			c = find_corner(b, t);
			if (c < 0) {
				if (b->ncorner >= CA_MAX_CORNER) {
					board_fail(err, "map '%s' has more than %d "
					    "corners", m->name, CA_MAX_CORNER);
					return RULES_EDATA;
				}
				c = b->ncorner++;
				memcpy(b->corner[c].hex, t, 3);
				memset(b->corner[c].edge, CA_NONE, 3);
				memset(b->corner[c].adj, CA_NONE, 3);
			}
			b->hcorner[h][d] = (uint8_t)c;
		}
		for (int d = 0; d < 6; d++) {
			int o = b->nb[h][d], e;

			b->hedge[h][d] = CA_NONE;
			if (o == CA_NONE)
				continue;
			e = find_edge(b, h, o);
			if (e < 0) {
				if (b->nedge >= CA_MAX_EDGE) {
					board_fail(err, "map '%s' has more than %d "
					    "edges", m->name, CA_MAX_EDGE);
					return RULES_EDATA;
				}
				e = b->nedge++;
				b->edge[e].hex[0] = (uint8_t)(h < o ? h : o);
				b->edge[e].hex[1] = (uint8_t)(h < o ? o : h);
				b->edge[e].corner[0] = b->edge[e].corner[1] =
				    CA_NONE;
			}
			b->hedge[h][d] = (uint8_t)e;
		}
	}
	/* edge ends: the corners holding both of its hexes */
	for (int c = 0; c < b->ncorner; c++) {
		struct ca_corner *k = &b->corner[c];
		static const int pr[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };

		for (int i = 0; i < 3; i++) {
			int e = find_edge(b, k->hex[pr[i][0]], k->hex[pr[i][1]]);
			struct ca_edge *ed = &b->edge[e];

			k->edge[k->nedge++] = (uint8_t)e;
			if (ed->corner[0] == CA_NONE)
				ed->corner[0] = (uint8_t)c;
			else if (ed->corner[0] > c) {
				ed->corner[1] = ed->corner[0];
				ed->corner[0] = (uint8_t)c;
			} else
				ed->corner[1] = (uint8_t)c;
		}
	}
	for (int c = 0; c < b->ncorner; c++) {
		struct ca_corner *k = &b->corner[c];

		for (int i = 0; i < k->nedge; i++) {
			const struct ca_edge *ed = &b->edge[k->edge[i]];

			k->adj[i] = ed->corner[0] == c ? ed->corner[1] :
			    ed->corner[0];
		}
	}
	return 0;
}

/* The fog hexes, and the hexes of each token (produce). */
static void
board_tokens(struct ca_board *b, const struct ca_mapdef *m)
{
	/* fog */
	for (int h = 0; h < m->nhex; h++) {
		b->fogidx[h] = CA_NONE;
		if (b->terrain[h] == CA_FOG) {
			b->fogidx[h] = b->nfog;
			b->fog_hex[b->nfog++] = (uint8_t)h;
		}
	}
	/* the hexes of each token (produce) */
	b->nmov = 0;
	for (int h = 0; h < m->nhex; h++)
		if (b->tokslot[h] >= 0 && b->terrain[h] != CA_FOG)
			b->movhex[b->nmov++] = (uint8_t)h;
	for (int t = 0, n = 0; t < 14; t++) {
		b->tokfrom[t] = (uint8_t)n;
		for (int h = 0; t < 13 && h < m->nhex; h++)
			if (b->token[h] == t && b->terrain[h] != CA_FOG &&
			    b->tokslot[h] < 0)
				b->bytok[n++] = (uint8_t)h;
	}
}

/* Islands (CA2.8); RULES_EDATA when there are too many. */
static int
board_islands(struct ca_board *b, const struct ca_mapdef *m,
    struct rules_error *err)
{
	/* islands (CA2.8): connected land at creation, fog not land */
	memset(b->island, CA_NONE, sizeof b->island);
	for (int h = 0; h < m->nhex; h++) {
		uint8_t stack[CA_MAX_HEX];
		int sp = 0;

		if (!CA_IS_LAND(b->terrain[h]) || b->island[h] != CA_NONE)
			continue;
		if (b->nislands >= CA_MAX_ISLANDS) {
			board_fail(err, "map '%s' has more than %d islands",
			    m->name, CA_MAX_ISLANDS);
			return RULES_EDATA;
		}
		b->island[h] = b->nislands;
		stack[sp++] = (uint8_t)h;
		while (sp > 0) {
			int x = stack[--sp];

			for (int d = 0; d < 6; d++) {
				int o = b->nb[x][d];

				if (o != CA_NONE && CA_IS_LAND(b->terrain[o]) &&
				    b->island[o] == CA_NONE) {
					b->island[o] = b->nislands;
					stack[sp++] = (uint8_t)o;
				}
			}
		}
		b->nislands++;
	}
	for (int i = 0; i < m->nhome; i++)
		b->home_islands |= 1u << b->island[m->home[i]];
	for (int c = 0; c < b->ncorner; c++) {
		struct ca_corner *k = &b->corner[c];

		k->island = CA_NONE;
		for (int i = 0; i < 3; i++)
			if (CA_IS_LAND(b->terrain[k->hex[i]])) {
				k->land = 1;
				k->island = b->island[k->hex[i]];
			}
	}
	return 0;
}

/* Harbors (CA2.7), the variable set-up's drawn for the '?' ones;
   RULES_EDATA when one has an end off the map or two share a corner. */
static int
board_harbors(struct ca_board *b, const struct ca_mapdef *m,
    const struct ca_setup_draw *draw, struct rules_error *err)
{
	int qh = 0;

	/* harbors (CA2.7) */
	b->nharbors = m->nharbors;
	for (int i = 0; i < m->nharbors; i++) {
		int e = find_edge(b, m->harbor_hex[i][0], m->harbor_hex[i][1]);
		int t = m->harbor_type[i];

		if (t == CA_HARBOR_POOL) {
			t = draw ? draw->harbors[qh] : m->pool_harbors[qh];
			qh++;
		}
		b->harbor_edge[i] = (uint8_t)e;
		b->harbor_type[i] = (uint8_t)t;
		for (int j = 0; j < 2; j++) {
			int c = b->edge[e].corner[j];

			if (c == CA_NONE) {
				board_fail(err, "harbor %d of map '%s' has an end "
				    "off the map", i + 1, m->name);
				return RULES_EDATA;
			}
			if (b->corner[c].harbor) {
				board_fail(err, "two harbors of map '%s' share "
				    "a corner", m->name);
				return RULES_EDATA;
			}
		}
		for (int j = 0; j < 2; j++) {
			b->corner[b->edge[e].corner[j]].harbor |=
			    (uint8_t)(1u << t);
			b->harbor_corner[2 * i + j] = b->edge[e].corner[j];
		}
	}
	return 0;
}

/* CA10.5: the corner of each treasure place (its three hexes). */
static int
board_treasures(struct ca_board *b, const struct ca_mapdef *m,
    struct rules_error *err)
{
	b->ntreasures = m->ntreasures;
	for (int i = 0; i < m->ntreasures; i++) {
		int c;

		for (c = 0; c < b->ncorner; c++)
			if (memcmp(b->corner[c].hex, m->treasure_hex[i], 3) == 0)
				break;
		if (c == b->ncorner) {
			board_fail(err, "treasure %d of map '%s' is not a corner",
			    i + 1, m->name);
			return RULES_EDATA;
		}
		b->treasure_corner[i] = (uint8_t)c;
	}
	return 0;
}

/*
 * Greater Catan (CA10.7): on a map with a token supply, every producing
 * hex may change its number; the main island is the home hex's, and a
 * hex without a number lies off it.
 */
static int
board_grow(struct ca_board *b, const struct ca_mapdef *m,
    struct rules_error *err)
{
	memset(b->growidx, CA_NONE, sizeof b->growidx);
	b->main_island = CA_NONE;
	if (m->nsupply == 0)
		return 0;
	b->main_island = b->island[m->home[0]];
	for (int h = 0; h < m->nhex; h++) {
		char name[8];

		if (!CA_PRODUCES(b->terrain[h]))
			continue;
		if (b->token[h] == 0 && b->island[h] == b->main_island) {
			ca_hex_name(b, h, name, sizeof name);
			board_fail(err, "map '%s': %s on the main island has no "
			    "number (CA10.7)", m->name, name);
			return RULES_EDATA;
		}
		if (b->ngrow == CA_MAX_GROW) {
			board_fail(err, "map '%s' has more than %d producing "
			    "hexes (CA10.7)", m->name, CA_MAX_GROW);
			return RULES_EDATA;
		}
		b->growidx[h] = b->ngrow;
		b->grow_hex[b->ngrow++] = (uint8_t)h;
	}
	return 0;
}

int
ca_board_build(struct ca_board *b, const struct ca_mapdef *m,
    const struct ca_setup_draw *draw, struct rules_error *err)
{
	int rc;

	board_hexes(b, m, draw);
	if ((rc = board_corners_edges(b, m, err)) != 0)
		return rc;
	board_tokens(b, m);
	if ((rc = board_islands(b, m, err)) != 0)
		return rc;
	if ((rc = board_harbors(b, m, draw, err)) != 0)
		return rc;
	if ((rc = board_treasures(b, m, err)) != 0)
		return rc;
	return board_grow(b, m, err);
}

/* ---- names ---------------------------------------------------------------- */

/*
 * The names of hexes, corners and edges: "<row letter><number>" joined by
 * '/', written by hand and cut to n as snprintf would ("%c%d"): the
 * engine names a corner in every check that may refuse, so it is fast.
 */
static char *
hex_text(const struct ca_board *b, int h, char *p)
{
	unsigned v = b->num[h];

	*p++ = (char)('a' + b->row[h]);
	if (v >= 100)
		*p++ = (char)('0' + v / 100);
	if (v >= 10)
		*p++ = (char)('0' + v / 10 % 10);
	*p++ = (char)('0' + v % 10);
	return p;
}

/* text t of len bytes into buf of n bytes, cut as snprintf cuts */
static void
name_cut(const char *t, size_t len, char *buf, size_t n)
{
	if (n == 0)
		return;
	if (len >= n)
		len = n - 1;
	memcpy(buf, t, len);
	buf[len] = '\0';
}

/* The nh hexes of hx joined by '/' into buf of n bytes. */
static void
hexes_text(const struct ca_board *b, const uint8_t *hx, int nh, char *buf,
    size_t n)
{
	char t[32], *p = t;

	for (int i = 0; i < nh; i++) {
		if (i > 0)
			*p++ = '/';
		p = hex_text(b, hx[i], p);
	}
	name_cut(t, (size_t)(p - t), buf, n);
}

void
ca_hex_name(const struct ca_board *b, int h, char *buf, size_t n)
{
	char t[8];

	name_cut(t, (size_t)(hex_text(b, h, t) - t), buf, n);
}

void
ca_corner_name(const struct ca_board *b, int c, char *buf, size_t n)
{
	hexes_text(b, b->corner[c].hex, 3, buf, n);
}

void
ca_edge_name(const struct ca_board *b, int e, char *buf, size_t n)
{
	hexes_text(b, b->edge[e].hex, 2, buf, n);
}

int
ca_parse_hex(const struct ca_board *b, const char *s, size_t len)
{
	return ca_map_hex_by_name(b->def, s, len);
}

static const char *const cdir_names[6] = { "n", "ne", "se", "s", "sw", "nw" };
static const char *const edir_names[6] = { "ne", "e", "se", "sw", "w", "nw" };

static int
dir_of(const char *const *names, const char *s, size_t len)
{
	char w[4];

	if (len == 0 || len > 2)
		return -1;
	for (size_t i = 0; i < len; i++)
		w[i] = (char)tolower((unsigned char)s[i]);
	w[len] = '\0';
	for (int d = 0; d < 6; d++)
		if (strcmp(names[d], w) == 0)
			return d;
	return -1;
}

/* Split s into hex names at '/': up to max; -1 on a bad name. */
static int
split_hexes(const struct ca_board *b, const char *s, size_t len, int *h,
    int max, char *msg, size_t n)
{
	int k = 0;
	size_t i = 0;

	while (i <= len) {
		size_t j = i;

		if (k == max) {
			snprintf(msg, n, "too many hexes in '%.*s'", (int)len, s);
			return -1;
		}
		/* The usual name, as ca_corner_name() writes it: a lower-case
		   row, a first digit 1-9, maybe a second, then '/' or the end;
		   read in one pass, where the search for the '/' and then
		   ca_map_hex_by_name() went over it twice.  Anything else goes the
		   long way below, which takes the same names. */
		if (i + 2 <= len) {
			const struct ca_mapdef *m = b->def;
			unsigned r = (unsigned char)s[i] - 'a';
			unsigned d = (unsigned char)s[i + 1] - '1', num = d + 1;

			j = i + 2;
			if (j < len && (unsigned)((unsigned char)s[j] - '0') <= 9)
				num = num * 10 + ((unsigned char)s[j++] - '0');
			if (r < m->nrows && d < 9 && (j == len || s[j] == '/') &&
			    num <= m->rowlen[r]) {
				h[k++] = m->rowstart[r] + (int)num - 1;
				i = j + 1;
				continue;
			}
			j = i;
		}
		while (j < len && s[j] != '/')
			j++;
		h[k] = ca_map_hex_by_name(b->def, s + i, j - i);
		if (h[k] < 0) {
			snprintf(msg, n, "no hex '%.*s' on this map",
			    (int)(j - i), s + i);
			return -1;
		}
		k++;
		i = j + 1;
	}
	return k;
}

int
ca_parse_corner(const struct ca_board *b, const char *s, size_t len,
    char *msg, size_t n)
{
	const char *dot = memchr(s, '.', len);
	int h[3], k;
	uint8_t t[3];

	if (dot != NULL) {
		int hx = ca_map_hex_by_name(b->def, s, (size_t)(dot - s));
		int d = dir_of(cdir_names, dot + 1, len - (size_t)(dot - s) - 1);

		if (hx < 0 || d < 0) {
			snprintf(msg, n, "'%.*s' is not a corner (HEX.n, ne, se, "
			    "s, sw or nw)", (int)len, s);
			return -1;
		}
		if (b->hcorner[hx][d] == CA_NONE) {
			snprintf(msg, n, "'%.*s' is off the map", (int)len, s);
			return -1;
		}
		return b->hcorner[hx][d];
	}
	k = split_hexes(b, s, len, h, 3, msg, n);
	if (k < 0)
		return -1;
	if (k != 3) {
		snprintf(msg, n, "a corner is three hexes joined by '/', like "
		    "c3/d3/d4");
		return -1;
	}
	for (int i = 0; i < 3; i++)
		t[i] = (uint8_t)h[i];
	sort3(t);
	k = find_corner(b, t);
	if (k < 0)
		snprintf(msg, n, "'%.*s' is not a corner: those hexes do not "
		    "meet", (int)len, s);
	return k;
}

int
ca_parse_edge(const struct ca_board *b, const char *s, size_t len,
    char *msg, size_t n)
{
	const char *dot = memchr(s, '.', len);
	int h[2], k;

	if (dot != NULL) {
		int hx = ca_map_hex_by_name(b->def, s, (size_t)(dot - s));
		int d = dir_of(edir_names, dot + 1, len - (size_t)(dot - s) - 1);

		if (hx < 0 || d < 0) {
			snprintf(msg, n, "'%.*s' is not an edge (HEX.ne, e, se, "
			    "sw, w or nw)", (int)len, s);
			return -1;
		}
		if (b->hedge[hx][d] == CA_NONE) {
			snprintf(msg, n, "'%.*s' is off the map", (int)len, s);
			return -1;
		}
		return b->hedge[hx][d];
	}
	k = split_hexes(b, s, len, h, 2, msg, n);
	if (k < 0)
		return -1;
	if (k != 2) {
		snprintf(msg, n, "an edge is two hexes joined by '/', like "
		    "c2/d3");
		return -1;
	}
	k = find_edge(b, h[0], h[1]);
	if (k < 0)
		snprintf(msg, n, "'%.*s' is not an edge: those hexes are not "
		    "neighbours", (int)len, s);
	return k;
}
