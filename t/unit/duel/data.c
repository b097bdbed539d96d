/*
 * t/unit/duel/data.c -- Catan: het Duel's card data (duel-rules(7), CARDS,
 * §3.2, §6; DU1.2, DU1.3, DU3.1, DU3.2): the embedded cards load, the
 * counts are the brief's (49 centre cards, 45 in the basic set: 36 draw
 * cards and 9 events, 94 in all), costs and values of sample cards, and
 * every loader check of §6 refusing broken data with RULES_EDATA, data
 * "cards" and the right line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "games/duel/data.h"

static struct du_data D;
static struct rules_error E;

/* The embedded text with the first `from` replaced by `to`, loaded. */
static int
mutate(const char *from, const char *to)
{
	const char *t = du_embed_cards, *at = strstr(t, from);
	size_t n = du_embed_cards_len, fl = strlen(from), tl = strlen(to);
	char *buf;
	int rc;

	if (at == NULL) {
		diag("'%s' not in the embedded data", from);
		return 99;
	}
	buf = malloc(n - fl + tl + 1);
	memcpy(buf, t, (size_t)(at - t));
	memcpy(buf + (at - t), to, tl);
	memcpy(buf + (at - t) + tl, at + fl, n - (size_t)(at - t) - fl);
	memset(&E, 0, sizeof E);
	rc = du_data_load(&D, buf, n - fl + tl, &E);
	free(buf);
	return rc;
}

/* The line of the first `needle` in the embedded text. */
static int
line_of(const char *needle)
{
	const char *at = strstr(du_embed_cards, needle);
	int line = 1;

	if (at == NULL)
		return -1;
	for (const char *p = du_embed_cards; p < at; p++)
		line += *p == '\n';
	return line;
}

static void
refused(const char *from, const char *to, const char *msg, int line,
    const char *what)
{
	int rc = mutate(from, to);

	ok(rc == RULES_EDATA && E.data != NULL && strcmp(E.data, "cards") == 0 &&
	    strstr(E.msg, msg) != NULL && E.line == line,
	    "%s: refused at line %d with '%s' (got %d, line %d: %s)", what,
	    line, msg, rc, E.line, E.msg);
}

static const struct du_card *
card(const char *slug)
{
	int i = du_card_find(&D, slug);

	return i < 0 ? NULL : &D.card[i];
}

static int
cost_is(const char *slug, int l, int b, int w, int g, int o, int au)
{
	const struct du_card *c = card(slug);

	return c && c->cost[DU_LUMBER] == l && c->cost[DU_BRICK] == b &&
	    c->cost[DU_WOOL] == w && c->cost[DU_GRAIN] == g &&
	    c->cost[DU_ORE] == o && c->cost[DU_GOLD] == au;
}

static void
test_counts(void)
{
	int centre = 0, basis = 0, draw = 0, events = 0, actions = 0, exps = 0;
	int bykind[DU_RES] = { 0 };

	is_int(0, du_data_load(&D, NULL, 0, &E), "DU1.2 DU1.3: the embedded "
	    "cards load (%s)", E.msg);
	for (int i = 0; i < D.ncards; i++) {
		const struct du_card *c = &D.card[i];

		if (c->set == DU_SET_CENTRE)
			centre += c->count;
		else if (c->set == DU_SET_BASIS) {
			basis += c->count;
			if (c->kind == DU_K_EVENT)
				events += c->count;
			else
				draw += c->count;
			if (c->kind == DU_K_ACTION)
				actions += c->count;
			if (DU_IS_EXPANSION(c->kind))
				exps += c->count;
		}
	}
	is_int(24, D.nregions, "DU1.2: 24 region cards (6 + 6 starting, 12 in "
	    "the region stack)");
	for (int r = 0; r < D.nregions; r++)
		bykind[D.region[r].kind]++;
	ok(bykind[0] == 4 && bykind[1] == 4 && bykind[2] == 4 &&
	    bykind[3] == 4 && bykind[4] == 4 && bykind[5] == 4,
	    "DU1.2: 4 regions of each of the six kinds");
	is_int(49, centre + D.nregions, "DU1.2: 49 centre cards (9 roads, 9 "
	    "settlements, 7 cities, 24 regions)");
	is_int(9, D.card[D.road].count, "DU1.2: 9 roads");
	is_int(9, D.card[D.settlement].count, "DU1.2: 9 settlements");
	is_int(7, D.card[D.city].count, "DU1.2: 7 cities");
	is_int(45, basis, "DU1.3: 45 cards in the basic set");
	is_int(36, draw, "DU1.3: 36 draw cards");
	is_int(9, actions, "DU1.3: 9 action cards");
	is_int(27, exps, "DU1.3: 27 expansions");
	is_int(9, events, "DU1.3: 9 event cards");
	is_int(94, centre + D.nregions + basis, "§3: 94 cards in all");
	is_int(45 + 21 + 6, D.ninst, "every non-centre copy is an instance "
	    "(45 basic, 21 of De Gouden Eeuw and its 6 copies of basic "
	    "cards: the set's 27)");
	is_int(36, D.ndraw, "the draw instances");
	is_int(9, D.nevents, "the event instances");
	ok(D.summer >= 0 && strcmp(D.card[D.summer].slug, "zomerfeest") == 0,
	    "DU3.3: Zomerfeest is the summer-feast card");
}

static void
test_values(void)
{
	const struct du_card *c;
	char s[16];

	ok(cost_is("straat", 1, 2, 0, 0, 0, 0), "DU9.1: a road costs 1L 2B");
	ok(cost_is("dorp", 1, 1, 1, 1, 0, 0), "DU9.2: a settlement 1L 1B 1W 1G");
	ok(cost_is("stad", 0, 0, 0, 2, 3, 0), "DU9.3: a city 2G 3O");
	ok(card("dorp")->vp == 1 && card("stad")->vp == 2, "DU13.3: VP 1 and 2");
	ok(cost_is("klooster", 0, 1, 0, 1, 1, 0) && card("klooster")->unique &&
	    card("klooster")->progress == 1, "§3.2: Klooster 1B 1G 1O, 1x, "
	    "progress 1");
	ok(cost_is("markus", 0, 0, 2, 1, 1, 0) && card("markus")->strength == 4
	    && card("markus")->skill == 1, "§3.2: Markus 2W 1G 1O, Str 4 Sk 1");
	ok(cost_is("pien", 0, 0, 2, 1, 1, 0) && card("pien")->strength == 2 &&
	    card("pien")->skill == 3, "§3.2: Pien 2W 1G 1O, Str 2 Sk 3");
	c = card("ijzersmelterij");
	ok(c && c->effect == DU_FX_BOOSTER && c->param == DU_ORE,
	    "§3.2: IJzersmelterij boosts bergen (ore)");
	c = card("wolhandelsschip");
	ok(c && c->effect == DU_FX_TRADE_SHIP && c->param == DU_WOOL &&
	    c->trade == 1, "DU11.2: Wolhandelsschip trades wool, Tr 1");
	c = card("groot-handelsschip");
	ok(c && c->effect == DU_FX_LARGE_SHIP && c->kind == DU_K_SHIP &&
	    cost_is("groot-handelsschip", 1, 0, 1, 0, 0, 0), "DU11.3: Groot "
	    "handelsschip 1L 1W");
	ok(card("markt")->unique && card("parochiehuis")->unique &&
	    !card("opslagplaats")->unique, "DU10.2: Klooster, Markt, "
	    "Parochiehuis are 1x, Opslagplaats is not");
	is_int(2, card("reizende-koopman")->count, "§3.2: 2 Reizende koopman");
	du_region_slug(&D, 0, s, sizeof s);
	is_string("bos-2", s, "DU3.1: red's k2 is bos-2");
	ok(D.region[0].stored == 1 && D.region[1].stored == 0,
	    "DU3.1: bos holds 1, rivier 0 at the start");
	du_region_slug(&D, 6 + 5, s, sizeof s);
	is_string("bergen-6", s, "DU3.1: blue's o4 is bergen-6");
	du_region_slug(&D, 12 + 7, s, sizeof s);
	is_string("bos-4", s, "DU3.2: the region stack holds bos 4");
	is_int(DU_GRAIN, du_res_find("graan", 5), "§5: graan is grain");
}

static void
test_refusals(void)
{
	refused("[card vete]", "[card vete]\nfoo = 1", "unknown key 'foo'",
	    line_of("[card vete]") + 1, "unknown key");
	refused("[regionstack]", "[regionstak]", "unknown section",
	    line_of("[regionstack]"), "unknown section");
	refused("[card markt]", "[card Markt]", "not a slug",
	    line_of("[card markt]"), "bad slug");
	refused("[card markt]", "[card klooster]", "given twice",
	    line_of("[card markt]"), "slug given twice");
	refused("name = Markt\n", "name =\n", "empty name",
	    line_of("name = Markt\n"), "empty name");
	refused("name = Markt\n", "", "no name", line_of("[card markt]"),
	    "missing required key");
	refused("count = 2\nkind = building\nsite = settlement\ncost = wool 1",
	    "count = 0\nkind = building\nsite = settlement\ncost = wool 1",
	    "count must be 1-9", line_of("[card markt]") + 4, "count 0");
	refused("progress = 1", "progress = 10", "must be 0-9",
	    line_of("progress = 1"), "points out of range");
	refused("cost = wool 1, grain 1", "cost = wool 1, silk 1",
	    "unknown resource 'silk'", line_of("cost = wool 1, grain 1"),
	    "unknown resource");
	refused("cost = wool 1, grain 1", "cost = wool 1, wool 1",
	    "names wool twice", line_of("cost = wool 1, grain 1"),
	    "resource twice");
	refused("cost = wool 1, grain 1", "cost = wool 10",
	    "must be 1-9", line_of("cost = wool 1, grain 1"), "cost amount");
	refused("effect = goldsmith", "effect = goldsmith\ncost = ore 1",
	    "no cost and no site", line_of("[card goudsmid]"), "cost on an "
	    "action");
	refused("effect = feud", "effect = feud\nsite = settlement",
	    "no cost and no site", line_of("[card vete]"), "site on an event");
	refused("cost = lumber 1, wool 1\neffect = storehouse",
	    "effect = storehouse", "needs a cost and a site",
	    line_of("[card opslagplaats]"), "expansion without a cost");
	refused("site = settlement\ncost = lumber 1, brick 1\ntrade = 1",
	    "site = city\ncost = lumber 1, brick 1\ntrade = 1",
	    "city site", line_of("[card tolbrug]"), "city site in the basic "
	    "set");
	refused("effect = toll-bridge", "effect = pirate", "not implemented",
	    line_of("effect = toll-bridge"), "unknown effect");
	refused("param = bergen", "param = ore", "names the region kind",
	    line_of("param = bergen"), "booster without a region kind");
	refused("param = akkers", "param = bergen", "already has a booster",
	    line_of("[card graanmolen]"), "two boosters for one kind");
	refused("param = wool", "param = wol", "names its resource",
	    line_of("param = wool"), "trade ship without a resource");
	refused("count = 2\nkind = action\neffect = caravan",
	    "count = 3\nkind = action\neffect = caravan",
	    "37 draw cards and 9 event", 0, "basic set other than 36 + 9");
	refused("kind = event\neffect = summer-feast",
	    "kind = event\neffect = invention", "exactly one summer-feast", 0,
	    "no Zomerfeest");
	refused("count = 7\nstart = 0", "count = 8\nstart = 0",
	    "centre holds 7", line_of("[card stad]"), "centre count");
	refused("count = 9\nstart = 2", "count = 9\nstart = 1",
	    "2 in each starting", line_of("[card dorp]"), "centre start");
	refused("[card verhuizing]", "[card verhuizing]\nhalfmoon = 2",
	    "halfmoon 2 is more than its count 1", line_of("[card verhuizing]"),
	    "halfmoon above count");
	refused("[card verhuizing]", "[card verhuizing]\nrequires = castle",
	    "neither a card nor a condition", line_of("[card verhuizing]") + 1,
	    "unknown requirement");
	refused("[card verhuizing]", "[card verhuizing]\nrequires = klooster",
	    "requirements are a theme rule (DU18.8)",
	    line_of("[card verhuizing]") + 1,
	    "DU18.8: no card of the basic set has requirements");
	refused("[card verhuizing]", "[card verhuizing]\nrequires = city or",
	    "'or' stands between two requirements",
	    line_of("[card verhuizing]") + 1, "DU18.8: a dangling or");
	refused("[card verhuizing]", "[card verhuizing]\ntheme = basis 1",
	    "theme names a theme set", line_of("[card verhuizing]") + 1,
	    "DU19: a theme copy in the basic set");
	refused("open = yes", "open = yes\ntheme = gouden-eeuw 1",
	    "only a basic card has theme copies", line_of("[card handelsgilde]"),
	    "DU19: theme copies of a theme card");
	refused("resource = gold", "resource = ore", "two region kinds yield "
	    "ore", line_of("resource = gold"), "two kinds, one resource");
	refused("k2 = bos 2 stored 1", "k2 = bos 7 stored 1", "not 1-6",
	    line_of("k2 = bos 2 stored 1"), "region number 7");
	refused("k2 = bos 2 stored 1", "k2 = bos 2 stored 4", "not 0-3",
	    line_of("k2 = bos 2 stored 1"), "stored 4");
	refused("k2 = bos 2 stored 1", "l2 = bos 2 stored 1",
	    "not a starting region cell", line_of("k2 = bos 2 stored 1"),
	    "start outside k2..o4");
	refused("m2 = rivier 1 stored 0", "m2 = bos 1 stored 0",
	    "has bos twice", line_of("m2 = rivier 1 stored 0"),
	    "start kind twice");
	refused("m2 = rivier 1 stored 0", "m2 = rivier 2 stored 0",
	    "number 2 twice", line_of("m2 = rivier 1 stored 0"),
	    "start number twice");
	refused("o4 = bergen 5 stored 1\n", "", "has no o4",
	    line_of("[start red]"), "start incomplete");
	refused("weiden 6, weiden 5, rivier 3, rivier 2",
	    "weiden 6", "holds 9 cards, fewer than 2 for each of the 5",
	    line_of("[regionstack]"), "region stack too small");
	refused("bos 6, bos 4", "bos 6, bos 2", "bos 2 is given twice",
	    line_of("[regionstack]"), "a region card twice");
	refused("kind = trade-ship", "kind = building", "does not fit",
	    line_of("[card ertshandelsschip]"), "effect of another kind");
	refused("[card vete]", "[card vete]\nopen = yes", "open pile",
	    line_of("[card vete]"), "open card in the basic set");
	ok(du_data_load(&D, "", 0, &E) == RULES_EDATA &&
	    strstr(E.msg, "no region kind yields lumber") != NULL &&
	    E.line == 0, "empty text: refused (%s)", E.msg);
}

int
main(void)
{
	plan(17 + 17 + 41);
	test_counts();
	test_values();
	test_refusals();
	return done_testing();
}
