/*
 * t/unit/data.c -- the design data (data.h): the embedded map, village
 * cards and quests load, and meet every constraint of trigon-rules(7)
 * (THE MAP, the card sections; R2, R1.3), checked here on their own, not by
 * trusting the validator; and bad inputs are refused with the exact
 * line and reason.
 */
#include "../../tap.h"
#include "games/trigon/data.h"
#include "games/trigon/cards.h"

static struct tg_data d;

/* A copy of text with the first `old` replaced by `new`. */
static char *
subst(const char *text, const char *old, const char *new)
{
	const char *at = strstr(text, old);
	size_t n = strlen(text), o = strlen(old), w = strlen(new);
	char *s;

	if (at == NULL)
		bail("test bug: '%s' not in the text", old);
	s = malloc(n - o + w + 1);
	if (s == NULL)
		bail("out of memory");
	memcpy(s, text, (size_t)(at - text));
	memcpy(s + (at - text), new, w);
	memcpy(s + (at - text) + w, at + o, n - (size_t)(at - text) - o + 1);
	return s;
}

/* Line number (1-based) of the first occurrence of needle in text. */
static int
line_of(const char *text, const char *needle)
{
	const char *at = strstr(text, needle);
	int line = 1;

	if (at == NULL)
		bail("test bug: '%s' not in the text", needle);
	for (const char *p = text; p < at; p++)
		line += *p == '\n';
	return line;
}

/*
 * Load with one kind replaced by text; check the refusal names kind,
 * line and reason exactly.
 */
static void
refused(const char *kind, const char *text, int line, const char *msg,
    const char *what)
{
	struct tg_data *out = malloc(sizeof *out);
	struct rules_error err;
	size_t n = strlen(text);
	int r;

	memset(&err, 0, sizeof err);
	r = tg_data_load(out,
	    strcmp(kind, "map") == 0 ? text : NULL, n,
	    strcmp(kind, "villages") == 0 ? text : NULL, n,
	    strcmp(kind, "quests") == 0 ? text : NULL, n, &err);
	ok(r == RULES_EDATA && err.code == RULES_EDATA && err.data != NULL &&
	    strcmp(err.data, kind) == 0 && err.line == line &&
	    strcmp(err.msg, msg) == 0, "refused: %s", what);
	if (r != RULES_EDATA || err.line != line || strcmp(err.msg, msg) != 0)
		diag("wanted %s:%d: %s\n#    got rc %d %s:%d: %s", kind, line,
		    msg, r, err.data ? err.data : "(null)", err.line, err.msg);
	free(out);
}

/* Land-only distances, by our own breadth-first search over paths. */
static void
distances(int from, int *dist)
{
	int queue[TG_MAX_SPOTS], head = 0, tail = 0;

	for (int i = 0; i < d.nspots; i++)
		dist[i] = -1;
	dist[from] = 0;
	queue[tail++] = from;
	while (head < tail) {
		int u = queue[head++];

		for (int k = 0; k < d.npaths; k++) {
			int v = d.paths[k].a == u ? d.paths[k].b :
			    d.paths[k].b == u ? d.paths[k].a : -1;

			if (v >= 0 && dist[v] < 0) {
				dist[v] = dist[u] + 1;
				queue[tail++] = v;
			}
		}
	}
}

static void
check_map(void)
{
	int nland[TG_LANDS] = { 0 }, harbors[TG_LANDS] = { 0 };
	int caps[TG_LANDS] = { 0 }, inner[TG_LANDS] = { 0 };
	int onborder[TG_LANDS] = { 0 }, sealand[TG_SEAS][TG_LANDS];
	int dist[TG_MAX_SPOTS], bad = 0, rivers = 0;
	static const char *const capital[TG_LANDS] = {
		"psor", "nieuw-delia", "citel", "pyros"
	};
	static const char *const capname[TG_LANDS] = {
		"Psör", "Nieuw Delia", "Citel", "Pyros"
	};

	memset(sealand, 0, sizeof sealand);
	for (int i = 0; i < d.nspots; i++) {
		const struct tg_spot *s = &d.spots[i];

		nland[s->land]++;
		harbors[s->land] += s->seas != 0;
		caps[s->land] += s->capital;
		for (int k = 0; k < TG_SEAS; k++)
			if (s->seas & (1 << k))
				sealand[k][s->land] = 1;
		/* names: ASCII order names, unique; display names, unique */
		for (const char *c = s->name; *c; c++)
			if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-'))
				bad++;
		for (int j = 0; j < i; j++)
			if (strcmp(d.spots[j].name, s->name) == 0 ||
			    strcmp(d.spots[j].display, s->display) == 0)
				bad++;
		if (s->x < 0 || s->y < 0 || s->x + (int)strlen(s->display) > 100)
			bad++;
		if (tg_spot_find(&d, s->name, strlen(s->name)) != i)
			bad++;
	}
	is_int(0, bad, "spot names well-formed and unique, coordinates fit 100 columns");
	for (int l = 0; l < TG_LANDS; l++) {
		ok(nland[l] >= 8 && nland[l] <= 10, "%s has %d spots (8-10)",
		    tg_land_ids[l], nland[l]);
		ok(harbors[l] >= 2 && harbors[l] <= 3, "%s has %d harbors (2-3)",
		    tg_land_ids[l], harbors[l]);
		is_int(1, caps[l], "%s has one capital", tg_land_ids[l]);
		is_string(capital[l], d.spots[d.capital[l]].name,
		    "R1.1: capital of %s", tg_land_ids[l]);
		is_string(capname[l], d.spots[d.capital[l]].display,
		    "R1.1: capital display name of %s", tg_land_ids[l]);
	}
	is_string("Noorland", d.land_name[TG_NOORLAND], "land name Noorland");
	is_string("Grote Oceaan", d.sea_name[TG_GREAT_OCEAN], "R2.2: Grote Oceaan");
	is_string("Binnenzee van Cal", d.sea_name[TG_INNER_SEA], "R2.2: Binnenzee van Cal");
	is_string("Ipzee", d.sea_name[TG_IP_SEA], "R2.2: Ipzee");
	for (int k = 0; k < TG_SEAS; k++) {
		int n = 0;

		for (int l = 0; l < TG_LANDS; l++)
			n += sealand[k][l];
		ok(n >= 2, "sea %s touches %d lands (at least 2)", tg_sea_ids[k], n);
	}
	ok(sealand[TG_GREAT_OCEAN][TG_NOORLAND] && sealand[TG_GREAT_OCEAN][TG_LUMOS],
	    "R2.2: the Great Ocean lies between Noorland and the mainland");
	ok(sealand[TG_INNER_SEA][TG_LUMOS] && sealand[TG_INNER_SEA][TG_CALMANIA],
	    "R2.2: the Inner Sea of Cal lies between Lumos and Calmania");
	ok(sealand[TG_IP_SEA][TG_LUMOS] && sealand[TG_IP_SEA][TG_KALLAND],
	    "R2.2: the Ip Sea lies between Lumos and Kalland");

	/* paths: adjacency consistent, rivers indexed densely */
	bad = 0;
	for (int k = 0; k < d.npaths; k++) {
		const struct tg_path *p = &d.paths[k];
		int la = d.spots[p->a].land, lb = d.spots[p->b].land;

		if (p->a >= p->b || tg_path_between(&d, p->a, p->b) != k ||
		    tg_path_between(&d, p->b, p->a) != k)
			bad++;
		if (p->river) {
			if (p->river_index != rivers++)
				bad++;
			if (la == lb)
				inner[la]++;
			else
				onborder[la]++, onborder[lb]++;
		} else if (p->river_index != 0xff)
			bad++;
		if ((la == TG_NOORLAND) != (lb == TG_NOORLAND))
			bad++;
	}
	is_int(0, bad, "paths ordered, indexed both ways; no land path to Noorland (R2.3)");
	is_int(rivers, d.nrivers, "nrivers counts the river paths");
	for (int l = 0; l < TG_LANDS; l++)
		ok(inner[l] > 0, "%s has %d river crossings inside", tg_land_ids[l], inner[l]);
	for (int l = TG_LUMOS; l < TG_LANDS; l++)
		ok(onborder[l] > 0, "%s has %d river crossings on its borders",
		    tg_land_ids[l], onborder[l]);
	bad = 0;
	for (int i = 0; i < d.nspots; i++)
		for (int k = 0; k < d.spots[i].nadj; k++)
			if (d.paths[d.spots[i].adjpath[k]].a + d.paths[d.spots[i].adjpath[k]].b !=
			    i + d.spots[i].adj[k])
				bad++;
	is_int(0, bad, "adj[] and adjpath[] agree");

	/* geography */
	distances(d.capital[TG_NOORLAND], dist);
	bad = 0;
	for (int i = 0; i < d.nspots; i++)
		bad += (d.spots[i].land == TG_NOORLAND) != (dist[i] >= 0);
	is_int(0, bad, "R2.3: Noorland hangs together and is an island");
	distances(d.capital[TG_LUMOS], dist);
	bad = 0;
	for (int i = 0; i < d.nspots; i++)
		bad += (d.spots[i].land != TG_NOORLAND) != (dist[i] >= 0);
	is_int(0, bad, "the mainland hangs together");
	for (int a = TG_LUMOS; a < TG_LANDS; a++) {
		distances(d.capital[a], dist);
		for (int b = a + 1; b < TG_LANDS; b++)
			ok(dist[d.capital[b]] >= 4, "capitals of %s and %s are %d paths apart",
			    tg_land_ids[a], tg_land_ids[b], dist[d.capital[b]]);
	}
	{
		int y[TG_LANDS] = { 0 }, x[TG_LANDS] = { 0 };

		for (int i = 0; i < d.nspots; i++) {
			y[d.spots[i].land] += d.spots[i].y * 100 / nland[d.spots[i].land];
			x[d.spots[i].land] += d.spots[i].x * 100 / nland[d.spots[i].land];
		}
		ok(y[TG_NOORLAND] < y[TG_LUMOS] && y[TG_LUMOS] < y[TG_CALMANIA] &&
		    y[TG_LUMOS] < y[TG_KALLAND] && x[TG_CALMANIA] < x[TG_KALLAND],
		    "Noorland north, Lumos north of the mainland, Calmania south-west, Kalland south-east");
	}
}

static void
check_villages(void)
{
	int kinds[4] = { 0 }, capital[TG_COLORS] = { 0 }, bad = 0;

	for (int i = 0; i < TG_VILLAGE_CARDS; i++) {
		const struct tg_village_card *v = &d.villages[i];
		const struct tg_bonus *b = &v->bonus;

		kinds[v->kind]++;
		if (v->kind == TG_VK_CAPITAL)
			capital[v->capital_of]++;
		else if (v->capital_of != 0xff)
			bad++;
		if (v->village.births < 1 || v->city.births < v->village.births ||
		    v->city.copper < v->village.copper ||
		    v->city.silver < v->village.silver ||
		    v->city.gold < v->village.gold)
			bad++;
		if (b->knights + b->scouts + b->boats + b->copper + b->silver +
		    b->gold + b->playcards + b->questcards == 0)
			bad++;
		for (int j = 0; j < i; j++)
			if (strcmp(d.villages[j].id, v->id) == 0)
				bad++;
	}
	is_int(0, bad, "village cards: city side no worse, a bonus each, unique ids");
	is_int(4, kinds[TG_VK_CAPITAL], "R1.3: 4 capital cards");
	is_int(46, kinds[TG_VK_SIMPLE] + kinds[TG_VK_DEVELOPED] + kinds[TG_VK_LUXURY],
	    "R1.3: 46 other village cards");
	for (int c = 0; c < TG_COLORS; c++)
		is_int(1, capital[c], "one capital card for color %d", c);
	/* the capital cards are the strongest (value copper 1, silver 3, gold 9) */
	bad = 0;
	for (int i = 0; i < TG_VILLAGE_CARDS; i++) {
		const struct tg_yield *y = &d.villages[i].village;
		int v = y->copper + 3 * y->silver + 9 * y->gold;

		for (int j = 0; j < TG_VILLAGE_CARDS; j++) {
			const struct tg_yield *z = &d.villages[j].village;

			if (d.villages[j].kind == TG_VK_CAPITAL &&
			    d.villages[i].kind != TG_VK_CAPITAL &&
			    z->copper + 3 * z->silver + 9 * z->gold <= v)
				bad++;
		}
	}
	is_int(0, bad, "capital cards yield more than any other card");
}

static void
check_quests(void)
{
	int cat[TG_QUEST_CATS] = { 0 }, four = 0, three = 0, bad = 0;
	int colonise[TG_LANDS] = { 0 }, explore[TG_LANDS] = { 0 };
	int kill = -1, verken = -1;

	for (int i = 0; i < TG_QUEST_CARDS; i++) {
		const struct tg_quest_card *q = &d.quests[i];

		cat[q->category]++;
		if (q->points < 1 || q->points > 2)
			bad++;
		if (q->kind == TG_QK_COLONISE) {
			colonise[q->param]++;
			bad += q->count != 2 || q->category != TG_QC_ONTWIKKELING;
		}
		if (q->kind == TG_QK_EXPLORE) {
			explore[q->param]++;
			bad += q->category != TG_QC_TRANSPORT;
		}
		if (q->kind == TG_QK_PLAY_CARD)
			bad += q->param >= TG_CARD_TYPES || q->category != TG_QC_MAGIE;
		if (q->kind == TG_QK_WITH_CATEGORY)
			bad += q->param == TG_QC_NATUUR || q->category != TG_QC_NATUUR;
		if (strcmp(q->name, "Dood een ridder") == 0)
			kill = i;
		if (strcmp(q->name, "Verken Kalland") == 0)
			verken = i;
	}
	is_int(0, bad, "quests: points 1-2, kinds in their categories, params valid");
	for (int c = 0; c < TG_QUEST_CATS; c++) {
		four += cat[c] == 4;
		three += cat[c] == 3;
	}
	ok(four == 6 && three == 1, "27 quests: six categories of 4, one of 3");
	for (int l = 0; l < TG_LANDS; l++) {
		is_int(1, colonise[l], "Ontwikkeling names %s once", tg_land_ids[l]);
		is_int(1, explore[l], "Transport & Jacht names %s once", tg_land_ids[l]);
	}
	ok(kill >= 0 && d.quests[kill].kind == TG_QK_KILL_KNIGHT &&
	    d.quests[kill].category == TG_QC_KRIJGSKUNST,
	    "Dood een ridder: Krijgskunst, kill a knight");
	ok(verken >= 0 && d.quests[verken].kind == TG_QK_EXPLORE &&
	    d.quests[verken].param == TG_KALLAND &&
	    d.quests[verken].category == TG_QC_TRANSPORT,
	    "Verken Kalland: Transport & Jacht, explore Kalland");
	/*
	 * A Natuur & Geneeskunde quest's English gloss names the category
	 * it completes with (the glosses once went stale when the params
	 * were retuned).
	 */
	{
		static const char *const catname[TG_QUEST_CATS] = {
			"Krijgskunst", "Handel", "Bouw & Cultuur", "Ontwikkeling",
			"Magie", "Transport & Jacht", "Natuur & Geneeskunde",
		};

		for (int i = 0; i < TG_QUEST_CARDS; i++) {
			const struct tg_quest_card *q = &d.quests[i];

			if (q->kind != TG_QK_WITH_CATEGORY)
				continue;
			ok(q->param < TG_QUEST_CATS &&
			    strstr(q->gloss, catname[q->param]) != NULL,
			    "R10.1: %s's gloss \"%s\" names its category %s", q->id,
			    q->gloss, q->param < TG_QUEST_CATS ? catname[q->param] : "?");
		}
	}
}

static void
check_refusals(void)
{
	size_t n;
	const char *map = tg_data_default("map", &n);
	const char *vil = tg_data_default("villages", &n);
	const char *qst = tg_data_default("quests", &n);
	char *t;
	char longline[400];

	/* map */
	t = subst(map, "[spot ulvdal]\nname = Ulvdal\nland = noorland\n",
	    "[spot ulvdal]\nname = Ulvdal\nland = noorland\nland = lumos\n");
	refused("map", t, line_of(t, "land = lumos\nat = 46,9"), "'land' given twice", "duplicate key");
	free(t);
	t = subst(map, "ulvdal = ~norrhavn", "ulvdal = ~norhavn");
	refused("map", t, line_of(t, "ulvdal = ~norhavn"), "unknown spot 'norhavn'", "unknown spot in [paths]");
	free(t);
	t = subst(map, "skarnvik = ulvdal", "skarnvik = ulvdal lumhaven");
	refused("map", t, line_of(t, "skarnvik = ulvdal lumhaven"),
	    "Noorland is an island: no path may join 'skarnvik' to 'lumhaven'", "R2.3: land path to Noorland");
	free(t);
	t = subst(map, "at = 48,5\n", "at = 48,5000000000000000000000\n");
	refused("map", t, line_of(t, "at = 48,5000"), "row out of range (0-49)", "huge number");
	free(t);
	t = subst(map, "at = 48,5\n", "at = 48\n");
	refused("map", t, line_of(t, "at = 48\n"), "'at' must be X,Y (column,row)", "bad coordinates");
	free(t);
	t = subst(map, "[spot citel]\nname = Citel\nland = calmania\ncapital = yes\n",
	    "[spot citel]\nname = Citel\nland = calmania\n");
	refused("map", t, line_of(t, "[land calmania]"), "land 'calmania' has no capital", "land without capital");
	free(t);
	t = subst(map, "[spot tirien]\nname = Tiriën\nland = calmania\n",
	    "[spot tirien]\nname = Tiriën\nland = calmania\ncapital = yes\n");
	refused("map", t, line_of(t, "capital = yes\nat = 42,31"),
	    "land 'calmania' has a second capital 'tirien' (the first is 'citel')", "two capitals");
	free(t);
	t = subst(map, "[spot psor]", "[spot Psor]");
	refused("map", t, line_of(t, "[spot Psor]"),
	    "bad spot name 'Psor' (a-z, 0-9 and '-', at most 23 characters, starting with a letter)", "upper-case order name");
	free(t);
	t = subst(map, "citel = tirien kalkoven", "citel = tirien kalkoven dellenburg");
	refused("map", t, line_of(t, "capital = yes\nat = 30,34"),
	    "capitals 'nieuw-delia' and 'citel' are 3 paths apart (at least 4 needed)", "capitals too close");
	free(t);
	t = subst(map, "[spot ijsfjord]", "[sopt ijsfjord]");
	refused("map", t, line_of(t, "[sopt ijsfjord]"), "unknown section [sopt ijsfjord]", "unknown section");
	free(t);
	t = subst(map, "[paths]\n", "[paths\n");
	refused("map", t, line_of(t, "[paths\n"), "section header without ']'", "broken section header");
	free(t);
	t = subst(map, "; Lumos\n", "psor ulvdal\n");
	refused("map", t, line_of(t, "psor ulvdal"), "expected 'key = value', '[section]' or a comment", "line without '='");
	free(t);
	memset(longline, 'x', sizeof longline - 1);
	longline[sizeof longline - 1] = '\0';
	memcpy(longline, "; ", 2);
	t = subst(map, "; Lumos\n", longline);
	refused("map", t, line_of(t, "; xxx"), "line too long (at most 199 bytes)", "overlong line");
	free(t);
	{
		char *u = subst(map, "name = Psör\n", "name = Ps\x01r\n");

		refused("map", u, line_of(u, "name = Ps\x01"), "name is not valid UTF-8 text", "control character in a name");
		free(u);
	}
	t = subst(map, "tirien = ~sophea\n", "tirien = sophea\n");
	{
		char *u = subst(t, "dellenburg = ~steenwijk", "dellenburg = steenwijk");

		refused("map", u, line_of(u, "[land calmania]"),
		    "land 'calmania' has no river crossing on its borders", "no border river");
		free(u);
	}
	free(t);
	t = subst(map, "harbor = inner-sea\nat = 16,28", "at = 16,28");
	refused("map", t, line_of(t, "[land calmania]"), "land 'calmania' has 1 harbor (2-3 needed)", "too few harbors");
	free(t);
	/* a NUL byte inside the text */
	{
		size_t len;
		const char *m = tg_data_default("map", &len);
		char *u = malloc(len + 1);
		struct rules_error err;
		struct tg_data *out = malloc(sizeof *out);
		const char *at = strstr(m, "name = Frostholm");

		memcpy(u, m, len + 1);
		u[at - m + 7] = '\0';
		memset(&err, 0, sizeof err);
		ok(tg_data_load(out, u, len, NULL, 0, NULL, 0, &err) == RULES_EDATA &&
		    err.line == line_of(m, "name = Frostholm") &&
		    strcmp(err.msg, "NUL byte in line") == 0, "refused: NUL byte");
		free(u);
		free(out);
	}

	/* villages */
	t = subst(vil, "[village turfsteek]", "[village boerengehucht]");
	{
		char msg[128];

		snprintf(msg, sizeof msg, "card 'boerengehucht' given twice (first at line %d)",
		    line_of(vil, "[village boerengehucht]"));
		refused("villages", t, line_of(t, "[village boerengehucht]\nname = Turfsteek"),
		    msg, "duplicate card");
	}
	free(t);
	t = subst(vil, "capital = purple", "capital = green");
	refused("villages", t, line_of(t, "[village nieuw-delia]"), "a second capital card for green", "two green capital cards");
	free(t);
	t = subst(vil, "bonus = 2 knights\n", "bonus = 2 knigths\n");
	refused("villages", t, line_of(t, "2 knigths"), "'bonus': unknown item 'knigths'", "misspelt bonus");
	free(t);
	t = subst(vil, "city = 3 copper, 1 silver, 2 births\nbonus = 2 knights",
	    "city = 1 copper, 1 silver, 2 births\nbonus = 2 knights");
	refused("villages", t, line_of(t, "[village boerengehucht]"),
	    "village card 'boerengehucht': the city side must give at least as much as the village side, and more of something", "city side worse");
	free(t);
	t = subst(vil, "gloss = Tannery\n", "gloss = Tannery\ngloss = Leather Works\n");
	refused("villages", t, line_of(t, "gloss = Leather Works"), "'gloss' given twice", "a village's gloss twice");
	free(t);
	t = subst(vil, "[village heidedorp]", "[village heidedorp]\n[village extra]");
	refused("villages", t, line_of(t, "[village heidedorp]"), "empty section", "empty section");
	free(t);
	t = subst(vil, "village = 2 copper, 1 birth\n", "village = 2 copper, 0 births\n");
	refused("villages", t, line_of(t, "0 births"), "'village': births must be 1-5", "no births");
	free(t);

	/* quests */
	t = subst(qst, "param = kalland\npoints = 2", "param = lumos\npoints = 2");
	refused("quests", t, line_of(t, "[quest koloniseer-kalland]"),
	    "quest 'koloniseer-kalland': a second 'colonise' quest for lumos", "a land named twice");
	free(t);
	t = subst(qst, "param = voorspoed", "param = prosperity");
	refused("quests", t, line_of(t, "[quest speel-voorspoed]"),
	    "quest 'speel-voorspoed': unknown play card 'prosperity'", "unknown play card");
	free(t);
	t = subst(qst, "points = 2\n", "points = 3\n");
	refused("quests", t, line_of(t, "points = 3"), "'points' must be 1 or 2", "points out of range");
	free(t);
	t = subst(qst, "category = krijgskunst\nkind = kill-knight", "category = handel\nkind = kill-knight");
	refused("quests", t, line_of(t, "[quest dood-een-ridder]"),
	    "quest 'dood-een-ridder': kind 'kill-knight' belongs to category 'krijgskunst'", "kind outside its category");
	free(t);
	t = subst(qst, "[quest trekvogels]", "[quest trekvogels-x]\nname = X\ngloss = X\ncategory = natuur\nkind = with-category\nparam = handel\npoints = 1\n\n[quest trekvogels]");
	refused("quests", t, line_of(t, "[quest trekvogels]"), "more than 27 quest cards", "a 28th quest");
	free(t);
	t = subst(qst, "name = Dood een ridder\n", "");
	refused("quests", t, line_of(t, "[quest dood-een-ridder]"), "quest 'dood-een-ridder' has no 'name'", "missing key");
	free(t);
	refused("quests", "name = x\n", 1, "key 'name' outside a section", "key before any section");
	refused("quests", "[quest a]\nname = A\ngloss = A\ncategory = handel\nkind = trade-any\npoints = 1\n", 0, "1 quest card (exactly 27 needed)", "too few quests");
	refused("villages", "", 0, "0 village cards (exactly 50 needed)", "empty file");
	refused("map", "", 0, "no [land noorland] section", "empty map");
}

/* Data given as text (not the embedded default) is used; a refusal
 * leaves the output untouched. */
static void
check_text(void)
{
	size_t n;
	const char *map = tg_data_default("map", &n);
	char *t = subst(map, "name = Nørrhavn", "name = Noordhaven");
	struct tg_data *out = malloc(sizeof *out), *copy = malloc(sizeof *copy);
	struct rules_error err;
	int i;

	memset(&err, 0, sizeof err);
	is_int(0, tg_data_load(out, t, strlen(t), NULL, 0, NULL, 0, &err),
	    "a map given as text loads");
	i = tg_spot_find(out, "norrhavn", 8);
	ok(i >= 0 && strcmp(out->spots[i].display, "Noordhaven") == 0,
	    "and its names are used");
	free(t);
	memset(out, 0xab, sizeof *out);
	memcpy(copy, out, sizeof *out);
	t = subst(map, "[paths]\n; Noorland", "[paths]\npsor = psor\n; Noorland");
	is_int(RULES_EDATA, tg_data_load(out, t, strlen(t), NULL, 0, NULL, 0, &err),
	    "a path from a spot to itself is refused");
	is_string("path from 'psor' to itself", err.msg, "with its reason");
	ok(memcmp(out, copy, sizeof *out) == 0, "a refused load leaves the output untouched");
	free(t);
	free(out);
	free(copy);
}

/* ------------------------------------------------------------------ */
/* trigon-rules(7) lists the data: its tables must be the data's. */

static char *
read_man(void)
{
	const char *src = getenv("TRIGON_SRC_DIR");
	char path[4096];
	FILE *f;
	char *buf;
	size_t n;

	snprintf(path, sizeof path, "%s/man/trigon-rules.7", src ? src : ".");
	f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	buf = malloc(1 << 20);
	if (buf == NULL)
		bail("out of memory");
	n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* The text of section sh (from its .Sh line to the next), or "". */
static char *
man_section(const char *man, const char *sh)
{
	char head[64];
	const char *a, *b;
	char *out;

	snprintf(head, sizeof head, "\n.Sh %s\n", sh);
	a = strstr(man, head);
	if (a == NULL)
		return calloc(1, 1);
	a += 1;
	b = strstr(a + 1, "\n.Sh ");
	if (b == NULL)
		b = a + strlen(a);
	out = malloc((size_t)(b - a) + 2);
	memcpy(out, a, (size_t)(b - a) + 1);
	out[b - a + 1] = '\0';
	return out;
}

/* Does text hold the line line (exactly, as a whole line)? */
static int
has_line(const char *text, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = strstr(text, line); p; p = strstr(p + 1, line))
		if ((p == text || p[-1] == '\n') && p[n] == '\n')
			return 1;
	return 0;
}

/* Count lines of text beginning with prefix. */
static int
count_lines(const char *text, const char *prefix)
{
	int n = 0;
	size_t k = strlen(prefix);

	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		n += strncmp(p, prefix, k) == 0;
	return n;
}

static void
yield_text(char *buf, size_t size, const struct tg_yield *y)
{
	char *p = buf;
	size_t left = size;
	int n;

	buf[0] = '\0';
	if (y->copper) {
		n = snprintf(p, left, "%dc ", y->copper);
		p += n, left -= (size_t)n;
	}
	if (y->silver) {
		n = snprintf(p, left, "%ds ", y->silver);
		p += n, left -= (size_t)n;
	}
	if (y->gold) {
		n = snprintf(p, left, "%dg ", y->gold);
		p += n, left -= (size_t)n;
	}
	snprintf(p, left, "+%d", y->births);
}

static void
check_man(void)
{
	char *man = read_man(), *sec, line[512], buf[256], v[32], c[32];
	int bad;

	if (man == NULL) {
		skip("man/trigon-rules.7 not found (TRIGON_SRC_DIR)");
		return;
	}
	/* THE MAP: every spot, with exactly its paths */
	sec = man_section(man, "THE MAP");
	is_int(d.nspots, count_lines(sec, ".It Cm "), "THE MAP lists %d spots", d.nspots);
	bad = 0;
	for (int i = 0; i < d.nspots; i++) {
		const struct tg_spot *s = &d.spots[i];
		char *at, *end, want[1024] = "";
		size_t len;

		snprintf(line, sizeof line, "\n.It Cm %s\n", s->name);
		at = strstr(sec, line);
		if (at == NULL || (at = strstr(at, "\nPaths: ")) == NULL) {
			bad++;
			diag("THE MAP: no entry for %s", s->name);
			continue;
		}
		at += 8;
		end = strchr(at, '\n');
		len = (size_t)(end - at);
		/* the neighbours in ASCII order, as the page has them */
		for (int pass = 0, last = -1; pass < s->nadj; pass++) {
			int best = -1;

			for (int k = 0; k < s->nadj; k++) {
				int b = s->adj[k];

				if ((last < 0 || strcmp(d.spots[b].name, d.spots[last].name) > 0) &&
				    (best < 0 || strcmp(d.spots[b].name, d.spots[best].name) < 0))
					best = b;
			}
			last = best;
			snprintf(buf, sizeof buf, "%s%s%s%s%s%s",
			    pass ? ", " : "",
			    d.paths[tg_path_between(&d, i, best)].river ? "~" : "",
			    d.spots[best].name,
			    d.spots[best].land != s->land ? " (" : "",
			    d.spots[best].land != s->land ? d.land_name[d.spots[best].land] : "",
			    d.spots[best].land != s->land ? ")" : "");
			strncat(want, buf, sizeof want - strlen(want) - 1);
		}
		strncat(want, ".", sizeof want - strlen(want) - 1);
		if (strlen(want) != len || strncmp(want, at, len) != 0) {
			bad++;
			diag("THE MAP: %s has paths '%.*s', the data '%s'", s->name, (int)len, at, want);
		}
	}
	is_int(0, bad, "THE MAP gives every spot exactly its paths and river crossings");
	free(sec);

	/* VILLAGE CARDS: every card with its two sides */
	sec = man_section(man, "VILLAGE CARDS");
	is_int(TG_VILLAGE_CARDS, count_lines(sec, ".It Cm "), "VILLAGE CARDS lists 50 cards");
	bad = 0;
	for (int i = 0; i < TG_VILLAGE_CARDS; i++) {
		const struct tg_village_card *vc = &d.villages[i];
		char *at;

		snprintf(line, sizeof line, "\n.It Cm %s Pq ", vc->id);
		yield_text(v, sizeof v, &vc->village);
		yield_text(c, sizeof c, &vc->city);
		snprintf(buf, sizeof buf, "\nVillage %s; city %s; bonus: ", v, c);
		at = strstr(sec, line);
		if (at == NULL || (at = strstr(at, "\nVillage ")) == NULL ||
		    strncmp(at, buf, strlen(buf)) != 0) {
			bad++;
			diag("VILLAGE CARDS: %s should read '%s'", vc->id, buf + 1);
		}
	}
	is_int(0, bad, "VILLAGE CARDS gives every card's village and city side");
	free(sec);

	/* QUEST CARDS: name, slug, gloss, points */
	sec = man_section(man, "QUEST CARDS");
	is_int(TG_QUEST_CARDS, count_lines(sec, ".It Em "), "QUEST CARDS lists 27 cards");
	bad = 0;
	for (int i = 0; i < TG_QUEST_CARDS; i++) {
		const struct tg_quest_card *q = &d.quests[i];

		snprintf(line, sizeof line, ".It Em %s Pq Cm %s\n%s; %d point%s.",
		    q->name, q->id, q->gloss, q->points, q->points == 1 ? "" : "s");
		if (!has_line(sec, line)) {
			bad++;
			diag("QUEST CARDS: no '%s'", line);
		}
	}
	is_int(0, bad, "QUEST CARDS gives every quest's name, gloss and points");
	free(sec);

	/* PLAY CARDS: the table of cards.h */
	sec = man_section(man, "PLAY CARDS");
	is_int(TG_CARD_TYPES, count_lines(sec, ".It Cm "), "PLAY CARDS lists 46 types");
	bad = 0;
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		const struct tg_card *k = &tg_cards[t];
		char fl[32] = "";

		if (k->flags & TG_CF_NEGATIVE)
			strcat(fl, "\\(dg");
		if (k->flags & TG_CF_PROTECTION)
			strcat(fl, fl[0] ? " P" : "P");
		if (k->flags & TG_CF_BONUS)
			strcat(fl, fl[0] ? " B" : "B");
		if (k->flags & TG_CF_BATTLE)
			strcat(fl, fl[0] ? " F" : "F");
		snprintf(line, sizeof line, ".It Cm %s Ta %s Ta %s Ta %d Ta %s",
		    k->slug, k->name, k->gloss, k->copies, fl[0] ? fl : "\\(em");
		if (!has_line(sec, line)) {
			bad++;
			diag("PLAY CARDS: no '%s'", line);
		}
	}
	is_int(0, bad, "PLAY CARDS gives every type's names, copies and flags");
	free(sec);
	free(man);
}

int
main(void)
{
	struct rules_error err;
	size_t n = 0;

	memset(&err, 0, sizeof err);
	ok(tg_data_default("map", &n) != NULL && n > 0, "embedded map");
	ok(tg_data_default("villages", &n) != NULL && n > 0, "embedded village cards");
	ok(tg_data_default("quests", &n) != NULL && n > 0, "embedded quests");
	ok(tg_data_default("scenario", &n) == NULL, "no embedded scenario");
	if (!is_int(0, tg_data_load(&d, NULL, 0, NULL, 0, NULL, 0, &err),
	    "the embedded defaults load"))
		bail("%s:%d: %s", err.data, err.line, err.msg);
	check_map();
	check_villages();
	check_quests();
	check_refusals();
	check_text();
	check_man();
	return done_testing();
}
