/*
 * t/unit/catan/data.c -- Catan's design data and board geometry (CA2,
 * CA1.4, CA3.1, catan-rules(7), DATA FILES, and the loader checks): the four
 * maps build, hexes/corners/edges and their names, harbors, islands,
 * and broken data refused with RULES_EDATA and the right line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "games/catan/data.h"

static struct ca_data D;
static struct ca_board B;

static int
build(const char *map)
{
	struct rules_error e;
	const struct ca_mapdef *m = ca_data_map(&D, map);

	if (m == NULL)
		return -1;
	return ca_board_build(&B, m, NULL, &e);
}

static const char *
cname(const char *s)
{
	static char buf[32];
	char msg[128];
	int c = ca_parse_corner(&B, s, strlen(s), msg, sizeof msg);

	if (c < 0)
		return "error";
	ca_corner_name(&B, c, buf, sizeof buf);
	return buf;
}

static const char *
ename(const char *s)
{
	static char buf[32];
	char msg[128];
	int c = ca_parse_edge(&B, s, strlen(s), msg, sizeof msg);

	if (c < 0)
		return "error";
	ca_edge_name(&B, c, buf, sizeof buf);
	return buf;
}

static int
hex(const char *s)
{
	return ca_parse_hex(&B, s, strlen(s));
}

static int
island_size(const char *h)
{
	int n = 0, i = B.island[hex(h)];

	for (int x = 0; x < B.nhex; x++)
		n += B.island[x] == i;
	return n;
}

/* Replace the first occurrence of from by to in the embedded maps. */
static int
broken_maps(const char *from, const char *to, struct rules_error *e)
{
	char *t = malloc(ca_embed_maps_len + strlen(to) + 1);
	const char *p = strstr(ca_embed_maps, from);
	struct ca_data *d = malloc(sizeof *d);
	int rc;

	if (t == NULL || d == NULL || p == NULL)
		bail("cannot make broken maps from '%s'", from);
	memcpy(t, ca_embed_maps, (size_t)(p - ca_embed_maps));
	strcpy(t + (p - ca_embed_maps), to);
	strcat(t, p + strlen(from));
	rc = ca_data_load(d, t, strlen(t), NULL, 0, e);
	free(t);
	free(d);
	return rc;
}

static int
line_of(const char *from)
{
	const char *p = strstr(ca_embed_maps, from);
	int line = 1;

	for (const char *q = ca_embed_maps; q < p; q++)
		line += *q == '\n';
	return line;
}

/* The error's line is that of from, or of at when at is not NULL. */
static void
refused_at(const char *from, const char *to, const char *at,
    const char *what)
{
	struct rules_error e;
	int rc = broken_maps(from, to, &e);

	is_int(RULES_EDATA, rc, "D1 loader: %s refused", what);
	if (rc == RULES_EDATA) {
		is_int(line_of(at ? at : from), e.line, "D1 loader: %s: line (%s)", what,
		    e.msg);
		is_string("maps", e.data, "D1 loader: %s: names the maps", what);
	}
}

static void
refused(const char *from, const char *to, const char *what)
{
	refused_at(from, to, NULL, what);
}

static void
deck_refused(const char *text, int line, const char *what)
{
	struct rules_error e;
	struct ca_data *d = malloc(sizeof *d);
	int rc = ca_data_load(d, NULL, 0, text, strlen(text), &e);

	is_int(RULES_EDATA, rc, "D3 deck: %s refused", what);
	is_int(line, e.line, "D3 deck: %s: line (%s)", what, e.msg);
	free(d);
}

/*
 * greater-catan (catan-rules(7), CA10.7): the map as built, and the
 * loader's refusals of a token supply.
 */
static void
greater_catan(void)
{
	const struct ca_mapdef *gm = ca_data_map(&D, "greater-catan");
	int bare = 0;

	/* the beginner island and four small islands of three hexes
	   without numbers, the supply 4 10 5 9 3 */
	if (build("greater-catan") != 0)
		bail("greater-catan does not build");
	is_int(5, B.nislands, "CA2.8: greater-catan has 5 islands");
	is_int(19, island_size("d7"), "CA10.7: the main island, d7's, "
	    "has 19 hexes");
	is_int(B.island[hex("d7")], B.main_island,
	    "CA10.7: the home island is the main island");
	is_int(1u << B.main_island, B.home_islands,
	    "CA10.2: set-up on the main island only");
	is_int(3, island_size("b10"), "CA2.8: {b10 b11 c10}");
	is_int(3, island_size("f3"), "CA2.8: {e3 f3 f4}");
	for (int h = 0; h < B.nhex; h++)
		bare += B.terrain[h] >= CA_HILLS &&
		    B.terrain[h] <= CA_GOLD && B.token[h] == 0;
	is_int(12, bare, "CA10.7: 12 hexes without a number");
	is_int(30, B.ngrow, "CA10.7: 30 hexes whose number may change");
	is_int(CA_GOLD, B.terrain[hex("c3")], "CA10.7: c3 is gold");
	ok(gm->nsupply == 5 && gm->supply[0] == 4 &&
	    gm->supply[1] == 10 && gm->supply[2] == 5 &&
	    gm->supply[3] == 9 && gm->supply[4] == 3,
	    "CA10.7: the supply is 4 10 5 9 3");
	is_int(9, B.nharbors, "greater-catan: the nine harbors");
	is_int(hex("d7"), B.robber, "CA3.2: the robber on the desert");
	is_int(hex("d1"), B.pirate, "CA3.2: the pirate on d1");
	is_int(12, gm->vp, "CA11.2: 12 VP");
	ok(B.ncorner <= CA_MAX_CORNER && B.nedge < CA_NONE,
	    "state limits: %d corners, %d edges", B.ncorner, B.nedge);
	is_int(0, ca_data_map(&D, "new-shores")->nsupply,
	    "CA10.7: new-shores has no supply");
	if (build("new-shores") != 0)
		bail("new-shores does not build");
	ok(B.ngrow == 0 && B.main_island == CA_NONE,
	    "CA10.7: no number moves on new-shores");
	/* D1: the loader's checks of a token supply */
	refused("d = 0 sea fields:9 forest:11", "d = 0 sea fields forest:11",
	    "a hex without a number on a map without a token-supply");
	refused("token-supply = 4 10 5 9 3", "token-supply = 4 10 7 9 3",
	    "a 7 in the token-supply");
	refused("token-supply = 4 10 5 9 3", "token-supply =",
	    "an empty token-supply");
	refused_at("b = 0 sea sea hills forest sea mountains:10",
	    "b = 0 sea sea hills forest sea mountains", "[map greater-catan]",
	    "a hex without a number on the main island");
	refused_at("home = d7\ntoken-supply", "home = d7 b10\ntoken-supply",
	    "token-supply = 4 10 5 9 3", "a token-supply with two home hexes");
	refused_at("d = 0 sea sea sea sea fields:9", "d = 0 sea sea fog sea "
	    "fields:9", "token-supply = 4 10 5 9 3", "a token-supply on a map "
	    "with fog");
}

int
main(void)
{
	struct rules_error e;
	char msg[128];
	int land;

	if (ca_data_load(&D, NULL, 0, NULL, 0, &e) != 0)
		bail("embedded data: %s (line %d)", e.msg, e.line);
	is_int(8, D.nmaps, "D2: eight maps embedded");
	/* CA10.5: the treasures' map, six places, the last roads */
	{
		const struct ca_mapdef *tm = ca_data_map(&D, "treasures");

		ok(tm != NULL && tm->ntreasures == 6 &&
		    tm->treasure_kind[0] == CA_TR_GOLD &&
		    tm->treasure_kind[3] == CA_TR_RESOURCES &&
		    tm->treasure_kind[5] == CA_TR_ROADS,
		    "CA10.5: treasures has six places, gold first, roads last");
		is_int(0, ca_data_map(&D, "fog-islands")->ntreasures,
		    "CA10.5: fog-islands has no treasures");
	}
	/* CA9.6: the harbormaster's map turns its option on, 11 harbors */
	{
		const struct ca_mapdef *hm = ca_data_map(&D, "harbormaster");

		ok(hm != NULL && hm->harbormaster == 1 &&
		    hm->kind == CA_MAP_SEAFARERS && hm->vp == 14,
		    "CA9.6: harbormaster is a Seafarers map to 14 with the "
		    "harbormaster on");
		is_int(11, hm != NULL ? hm->nharbors : -1,
		    "CA9.6: harbormaster has 11 harbors, new-shores' 9 and "
		    "b9/b10, e8/e9");
		ok(ca_data_map(&D, "new-shores")->harbormaster == 0,
		    "CA9.6: new-shores leaves the option to the player");
	}
	/* CA1.4: the deck and the bank */
	is_int(14, D.dev[CA_KNIGHT], "CA1.4: 14 knights");
	is_int(5, D.dev[CA_VP], "CA1.4: 5 victory-point cards");
	is_int(2, D.dev[CA_ROADS] + D.dev[CA_PLENTY] - 2,
	    "CA1.4: 2 road-building and 2 year-of-plenty");
	is_int(2, D.dev[CA_MONOPOLY], "CA1.4: 2 monopoly");
	for (int k = 0; k < CA_RES; k++)
		is_int(19, D.bank[k], "CA1.4: 19 %s in the bank",
		    ca_kind_names[k]);
	is_int(0, D.bank[CA_CLOTH] + D.bank[CA_COIN] + D.bank[CA_PAPER],
	    "B1: the commodities exist and are 0 in the base game");

	/* beginner: CA2.1-CA2.4 */
	if (build("beginner") != 0)
		bail("beginner does not build");
	is_int(37, B.nhex, "CA2.1: beginner has 37 hexes, sea included");
	land = 0;
	for (int h = 0; h < B.nhex; h++)
		land += CA_IS_LAND(B.terrain[h]);
	is_int(19, land, "CA2.5: beginner has 19 land hexes");
	is_int(1, B.nislands, "CA2.8: beginner is one island");
	is_int(CA_DESERT, B.terrain[hex("d4")], "CA2.1: d4 is the desert");
	is_int(hex("d4"), B.robber, "CA3.2: the robber starts on d4");
	is_int(CA_HILLS, B.terrain[hex("c3")], "CA2.1: c3 is hills");
	is_int(6, B.token[hex("c3")], "CA2.5: c3 carries 6");
	is_int(CA_FIELDS, B.terrain[hex("f3")], "CA2.1: f3 is fields 6");
	is_int(hex("d5"), B.nb[hex("d4")][CA_E_E], "CA2.2: E of d4 is d5");
	is_int(hex("c3"), B.nb[hex("d4")][CA_E_NW], "CA2.2: NW of d4 is c3");
	is_int(hex("e4"), B.nb[hex("d4")][CA_E_SE], "CA2.2: SE of d4 is e4");
	is_int(CA_NONE, B.nb[hex("a1")][CA_E_NW], "CA2.2: a1 has no NW");
	is_int(-1, hex("c7"), "CA2.1: row c has six hexes");
	is_int(-1, hex("h1"), "CA2.1: no row h");
	/* the corners and edges of land: every one names three or two hexes */
	is_string("b2/b3/c3", cname("c3.n"), "CA2.4: c3.n = b2/b3/c3");
	is_string("c3/c4", ename("c3.e"), "CA2.4: c3.e = c3/c4");
	is_string("c2/d3", ename("d3/c2"), "CA2.4: d3/c2 = c2/d3");
	is_string("c2/d3", ename("c2.se"), "CA2.4: c2.se = c2/d3");
	is_string("c2/d3", ename("d3.nw"), "CA2.4: d3.nw = c2/d3");
	is_string("c3/d3/d4", cname("d4/c3/d3"), "CA2.4: any order of hexes");
	is_string("c3/d3/d4", cname("C3/D3/D4"), "CA2.4: upper case");
	is_string("c3/d3/d4", cname("c3.s"), "CA2.3: s = {hex, SE, SW}");
	is_string("c3/c4/d4", cname("c3.se"), "CA2.3: se = {hex, E, SE}");
	is_string("b3/c3/c4", cname("c3.ne"), "CA2.3: ne = {hex, NE, E}");
	is_string("c2/c3/d3", cname("c3.sw"), "CA2.3: sw = {hex, SW, W}");
	is_string("b2/c2/c3", cname("c3.nw"), "CA2.3: nw = {hex, W, NW}");
	is_string("error", ename("b2/d4"), "CA2.4: b2/d4 are no neighbours");
	ok(ca_parse_edge(&B, "b2/d4", 5, msg, sizeof msg) < 0 &&
	    strstr(msg, "not neighbours") != NULL,
	    "CA2.4: b2/d4 says why (%s)", msg);
	is_string("error", cname("b2/c3/d4"), "CA2.4: hexes that do not meet");
	is_string("error", cname("c3"), "CA2.4: one hex is no corner");
	is_string("error", ename("c3.n"), "CA2.4: n is no edge direction");
	is_string("error", cname("a1.n"), "CA2.4: corners off the map");
	for (int c = 0; c < B.ncorner; c++) {
		const struct ca_corner *k = &B.corner[c];

		if (k->hex[0] >= k->hex[1] || k->hex[1] >= k->hex[2])
			break;
		if (c == B.ncorner - 1)
			ok(1, "CA2.4: every corner's hexes are in board order");
	}
	{
		int bad = 0, nland = 0;

		for (int c = 0; c < B.ncorner; c++) {
			nland += B.corner[c].land;
			for (int i = 0; i < B.corner[c].nedge; i++) {
				const struct ca_edge *ed =
				    &B.edge[B.corner[c].edge[i]];

				if (ed->corner[0] != c && ed->corner[1] != c)
					bad++;
			}
		}
		is_int(0, bad, "CA2.3: each corner's edges end at it");
		is_int(54, nland, "CA2.3: 54 corners touch beginner's land");
		nland = 0;
		for (int ed = 0; ed < B.nedge; ed++)
			nland += CA_IS_LAND(B.terrain[B.edge[ed].hex[0]]) ||
			    CA_IS_LAND(B.terrain[B.edge[ed].hex[1]]);
		is_int(72, nland, "CA2.3: 72 edges touch beginner's land");
	}
	/* CA2.7 harbors: a1/b2 3:1 at a1/a2/b2, a3/b3 wool at a2/a3/b3 */
	{
		int c = ca_parse_corner(&B, "a1/a2/b2", 8, msg, sizeof msg);
		int w = ca_parse_corner(&B, "a2/a3/b3", 8, msg, sizeof msg);
		int n = ca_parse_corner(&B, "b2/b3/c3", 8, msg, sizeof msg);

		is_int(1 << CA_HARBOR_ANY, B.corner[c].harbor,
		    "CA2.7: a1/a2/b2 has the 3:1 harbor");
		is_int(1 << CA_WOOL, B.corner[w].harbor,
		    "CA2.7: a2/a3/b3 has the wool harbor");
		is_int(0, B.corner[n].harbor, "CA2.7: b2/b3/c3 has none");
		is_int(9, B.nharbors, "CA2.7: beginner has 9 harbors");
	}

	/* base: the same frame, the variable set-up (CA3.1) */
	if (build("base") != 0)
		bail("base does not build");
	land = 0;
	for (int h = 0; h < B.nhex; h++)
		land += CA_IS_LAND(B.terrain[h]);
	is_int(19, land, "CA3.1: base's placeholders become 19 land hexes");
	{
		const struct ca_mapdef *m = ca_data_map(&D, "base");
		struct ca_setup_draw dr;
		int fails = 0;

		is_int(3, m->nrings, "CA3.1: base's spiral has 3 rings");
		is_int(18, m->npool_tokens, "CA3.1: 18 tokens");
		/* CA3.1's check: no 6 next to an 8 for 6 starts x 19 deserts */
		for (int k = 0; k < 6; k++)
			for (int dp = 0; dp < 19; dp++) {
				int j = 0;

				memset(&dr, 0, sizeof dr);
				for (int i = 0; i < 19; i++)
					dr.terrain[i] = i == dp ? CA_DESERT :
					    m->pool_terrain[j++ == 18 ? 0 :
					    (j - 1)];
				/* any non-desert terrain will do here */
				for (int i = 0; i < 19; i++)
					if (i != dp)
						dr.terrain[i] = CA_FOREST;
				dr.k = (uint8_t)k;
				for (int i = 0; i < 9; i++)
					dr.harbors[i] = m->pool_harbors[i];
				if (ca_board_build(&B, m, &dr, &e) != 0)
					fails++;
				for (int h = 0; h < B.nhex; h++) {
					int t = B.token[h];

					if (B.terrain[h] == CA_DESERT && t)
						fails++;
					if (t != 6 && t != 8)
						continue;
					for (int d = 0; d < 6; d++) {
						int o = B.nb[h][d];

						if (o != CA_NONE &&
						    (B.token[o] == 6 ||
						    B.token[o] == 8))
							fails++;
					}
				}
				if (B.terrain[B.robber] != CA_DESERT)
					fails++;
			}
		is_int(0, fails, "CA3.1/CA3.2: 6 starts x 19 desert places: no "
		    "6 or 8 side by side, desert bare, robber on it");
	}

	/* new-shores: islands (CA2.8, CA10.2) */
	if (build("new-shores") != 0)
		bail("new-shores does not build");
	is_int(77, B.nhex, "CA2.1: new-shores has 7 rows of 11");
	is_int(4, B.nislands, "CA2.8: new-shores has 4 islands");
	is_int(19, island_size("d4"), "CA2.8: the home island has 19 hexes");
	is_int(4, island_size("c8"), "CA2.8: {b8 b9 c7 c8}");
	is_int(3, island_size("d10"), "CA2.8: {c10 d10 e10}");
	is_int(4, island_size("f9"), "CA2.8: {e7 e8 f8 f9}");
	is_int(1u << B.island[hex("d4")], B.home_islands,
	    "CA10.2: d4's island is the home island");
	is_int(CA_GOLD, B.terrain[hex("c8")], "CA2.5: c8 is gold 3");
	is_int(hex("g6"), B.pirate, "CA3.2: the pirate starts on g6");
	is_string("c6/d6", ename("c6/d6"), "CA2.3: a coast edge");
	is_string("c6/c7/d7", cname("c6.se"), "CA2.3: an open-sea corner");
	ok(B.ncorner <= CA_MAX_CORNER && B.nedge < CA_NONE,
	    "state limits: %d corners, %d edges", B.ncorner, B.nedge);

	/* fog-islands */
	if (build("fog-islands") != 0)
		bail("fog-islands does not build");
	is_int(12, B.nfog, "CA10.3: 12 fog hexes");
	is_int(2, B.nislands, "CA2.8: two home islands (fog is not land)");
	is_int(12, island_size("c3"), "CA2.8: the west island has 12 hexes");
	is_int(8, island_size("e8"), "CA2.8: the south-east island has 8");
	is_int(3u, B.home_islands, "CA10.2: both are home islands");
	is_int(hex("c3"), B.robber, "CA3.2: the robber starts on c3");
	is_int(hex("g5"), B.pirate, "CA3.2: the pirate starts on g5");

	greater_catan();

	/* D1 loader checks */
	refused_at("a = 3 sea sea sea sea\nb", "a = 2 sea sea sea sea\nb",
	    "b = 2 sea mountains", "indent parity (at the next row)");
	refused("c = 1 sea fields:12", "d = 1 sea fields:12", "rows not in order");
	/* CA10.5: a treasure place not a corner, a kind unknown */
	refused("b7/b8/c7:gold", "b7/b9/c7:gold", "a treasure not at a corner");
	refused("b7/b8/c7:gold", "b7/b8/c7:silver", "a treasure of no kind");
	refused("b7/b8/c7:gold", "b7/b8/c7:cards", "CA10.6: card, not cards");
	refused("hills:6 pasture:4", "hills:7 pasture:4", "a token of 7");
	refused("d = 0 sea fields:9", "d = 0 fields:1 fields:9", "token 1");
	refused("d = 0 sea fields:9", "d = 0 hills:5 fields:9",
	    "land on the outline (CA2.6)");
	refused("hills:6 pasture:4", "hills:6 pasture:8",
	    "6 next to 8 on a fixed map");
	refused("a1/b2 = 3:1", "a1/a2 = 3:1", "a harbor off the coast");
	refused("a3/b3 = wool", "a3/b3 = gold", "a harbor type");
	refused("robber = d4\n\n[rows beginner]",
	    "robber = a1\n\n[rows beginner]", "a robber at sea");
	refused("vp = 10\nrobber = d4\n\n[rows beginner]",
	    "vp = 31\nrobber = d4\n\n[rows beginner]", "vp 31");
	refused("[rows base]", "[rows nowhere]", "a section of no map");
	refused("tokens = 5 2 6 3 8", "tokens = 5 2 6 6 8", "6 next to 8 in "
	    "the pool's order");
	refused("spiral = b2 c2", "spiral = b2 b2", "a hex twice in the spiral");
	refused("pirate = g6", "pirate = d4", "a pirate on land");
	refused("home = d4", "home = c6", "a home at sea");
	refused("tiles = sea*4", "tiles = sea*5", "fog tiles != fog hexes");
	deck_refused("[development]\nknight = 14\nbishop = 1\n[bank]\n"
	    "brick = 1\n", 3, "an unknown card");
	deck_refused("[development]\nknight = 100\n", 2, "a count of 100");
	deck_refused("[development]\nknight = 0\n[bank]\nbrick = 1\n"
	    "wood = 1\nwool = 1\ngrain = 1\nore = 1\n", 1, "an empty deck");
	deck_refused("[development]\nknight = 1\n[bank]\nbrick = 0\n"
	    "wood = 1\nwool = 1\ngrain = 1\nore = 1\n", 3, "an empty bank");
	return done_testing();
}
