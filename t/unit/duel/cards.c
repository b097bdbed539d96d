/*
 * t/unit/duel/cards.c -- every card of the introductory game
 * (duel-rules(7), CARDS; data/duel/cards.ini) played in a position set
 * up from scenario data (§6, lib/games/duel/scenario.c), dice fixed
 * through du_test_dice(): its exact effect, and its refusal where it has
 * one (the state byte for byte unchanged).  Each test names its card by
 * slug; costs and point values are the brief's table, written here, not
 * read from the data.  The last tests fail for any card of the data
 * that no test here played: a card added to cards.ini needs its test.
 */
#include "../../tap.h"
#include "util.h"
#include "games/duel/scenario.h"

static int tested[DU_MAX_CARDS];

/* The card a test plays: counted for the final check. */
static void
card(const char *slug)
{
	int k = du_card_find(&D, slug);

	if (k < 0)
		bail("no card %s in the data", slug);
	tested[k]++;
}

/* The standard start of seed, then the position of a scenario text. */
static void
pos(int seed, const char *text)
{
	new_game(seed);
	if (du_scenario(&S, text, strlen(text), &E) != 0)
		bail("scenario: %s (line %d)", E.msg, E.line);
}

static const char *const regions6[] = { "k2", "m2", "o2", "k4", "m4", "o4" };

/* Red's region of a resource at the standard start. */
static const char *
red_cell(int res)
{
	static const char *const c[DU_RES] = { "k2", "k4", "m4", "o2", "o4",
	    "m2" };

	return c[res];
}

static int
top_of(int seg)
{
	return S.nseg[seg] ? D.inst[du_seg(&S, seg)[0]] : -1;
}

static int
bottom_of(int seg)
{
	return S.nseg[seg] ? D.inst[du_seg(&S, seg)[S.nseg[seg] - 1]] : -1;
}

/* ---- centre cards (§3.1) ------------------------------------------------ */

static void
t_straat(void)
{
	card("straat");
	pos(31, "[game]\nstart = red\nphase = action\n[red]\nk4 = stored 1\n");
	ok(refused(0, "build road right"), "straat DU9.1: 1 lumber and 1 "
	    "brick (a road costs 1 lumber, 2 brick): refused, unchanged");
	pos(31, "[game]\nstart = red\nphase = action\n[red]\nk4 = stored 2\n");
	is_int(0, order(0, "build road right"), "straat: build road right");
	ok(*cellp(0, "o3") == DU_C_ROAD && units(0, "k2") == 0 &&
	    units(0, "k4") == 0 && S.supply[0] == 6 && du_vp(&S, 0) == 2,
	    "straat DU9.1: a road at o3; bos 1->0, heuvels 2->0; supply 6 "
	    "roads; no point");
}

static void
t_dorp(void)
{
	card("dorp");
	pos(32, "[game]\nstart = red\nphase = action\n[red]\no3 = straat\n"
	    "[piles]\nregions = akkers 3, weiden 6\n");
	ok(refused(0, "build settlement left"), "dorp DU9.2: no road at the "
	    "left end: refused, unchanged");
	is_int(0, order(0, "build settlement right"), "dorp: build settlement "
	    "right");
	ok(*cellp(0, "p3") == DU_C_SETTLEMENT && units(0, "k2") == 0 &&
	    units(0, "k4") == 0 && units(0, "m4") == 0 && units(0, "o2") == 0 &&
	    S.supply[1] == 4 && S.phase == DU_PH_REGIONS &&
	    note_has("red draws regions akkers-3 and weiden-6"), "dorp DU9.2: "
	    "p3; one lumber, brick, wool, grain paid; supply 4; the two "
	    "regions drawn and named");
	ok(refused(0, "regions akkers-3 bos-6"), "dorp DU9.2: a region not "
	    "drawn: refused, unchanged");
	is_int(0, order(0, "regions weiden-6 akkers-3"), "dorp: regions "
	    "weiden-6 akkers-3");
	ok(strcmp(cell_slug(0, "q2"), "weiden-6") == 0 &&
	    strcmp(cell_slug(0, "q4"), "akkers-3") == 0 && units(0, "q2") == 0 &&
	    units(0, "q4") == 0 && du_vp(&S, 0) == 3 && S.nrstack == 10 &&
	    S.phase == DU_PH_ACTION, "dorp DU9.2 DU13.3: q2 weiden-6, q4 "
	    "akkers-3, both empty; VP 3; region stack 10");
	pos(32, "[game]\nstart = red\nphase = action\n[red]\no3 = straat\n"
	    "k2 = stored 2\nm4 = stored 3\no2 = stored 3\n"
	    "hand = markt wolweverij\n"
	    "[piles]\nregions = akkers 3, weiden 6\n");
	ok(refused(0, "build markt at p2"), "dorp DU2.2: p2 is no site before "
	    "the settlement: refused");
	order(0, "build settlement right");
	order(0, "regions weiden-6 akkers-3");
	is_int(0, order(0, "build markt at p2"), "dorp DU9.2 DU2.2: p2, above "
	    "the new settlement, is a site");
	ok(refused(0, "build wolweverij at p1"), "dorp DU2.2: p1 (a city's "
	    "site only): refused");
}

static void
t_stad(void)
{
	card("stad");
	pos(33, "[game]\nstart = red\nphase = action\n[red]\no2 = stored 2\n"
	    "o4 = stored 2\n");
	ok(refused(0, "build city at l3"), "stad DU9.3: 2 ore (a city costs 2 "
	    "grain, 3 ore): refused, unchanged");
	pos(33, "[game]\nstart = red\nphase = action\n[red]\no2 = stored 3\n"
	    "o4 = stored 3\nhand = markt\n");
	ok(refused(0, "build markt at l1"), "stad DU2.2: l1 is no site "
	    "above a settlement: refused");
	is_int(0, order(0, "build city at l3"), "stad: build city at l3");
	ok(*cellp(0, "l3") == DU_C_CITY && units(0, "o2") == 1 &&
	    units(0, "o4") == 0 && S.supply[2] == 6 && S.supply[1] == 5 &&
	    du_vp(&S, 0) == 3, "stad DU9.3 DU13.3: akkers 3->1, bergen 3->0; "
	    "supply 6 cities; VP 2->3 (the settlement under it no longer "
	    "counts)");
	is_int(0, order(0, "build markt at l1"), "stad DU9.3: l1 is now a "
	    "site of the city (build markt at l1)");
	ok(refused(0, "build city at l3"), "stad DU9.3: a city on the city: "
	    "refused");
}

/* ---- action cards ------------------------------------------------------- */

static void
t_goudsmid(void)
{
	card("goudsmid");
	pos(34, "[game]\nstart = red\nphase = action\n[red]\nm2 = stored 2\n"
	    "hand = goudsmid\n");
	ok(refused(0, "play goudsmid for ore and wool"), "goudsmid DU12.2: 2 "
	    "gold: refused, unchanged");
	pos(34, "[game]\nstart = red\nphase = action\n[red]\nm2 = stored 3\n"
	    "hand = goudsmid\n");
	is_int(0, order(0, "play goudsmid for ore and wool"), "goudsmid: "
	    "play goudsmid for ore and wool");
	ok(units(0, "m2") == 0 && units(0, "o4") == 2 && units(0, "m4") == 2 &&
	    S.p[0].nhand == 0 && top_of(DU_SEG_DISCARD) ==
	    du_card_find(&D, "goudsmid"), "goudsmid DU12.3 DU12.1: rivier "
	    "3->0, bergen and weiden +1; the card on the discard pile");
}

static void
t_karavaan(void)
{
	card("karavaan");
	pos(35, "[game]\nstart = red\nphase = action\n[red]\nk2 = stored 0\n"
	    "o2 = stored 0\nk4 = stored 0\nm4 = stored 0\nhand = karavaan\n");
	ok(refused(0, "play karavaan ore and ore for gold and gold"),
	    "karavaan DU12.2: 1 resource in all: refused, unchanged");
	pos(35, "[game]\nstart = red\nphase = action\n[red]\nhand = karavaan\n");
	is_int(0, order(0, "play karavaan lumber and brick for gold and "
	    "lumber"), "karavaan: play karavaan lumber and brick for gold and "
	    "lumber");
	ok(units(0, "k2") == 1 && units(0, "k4") == 0 && units(0, "m2") == 1 &&
	    S.p[0].nhand == 0 && top_of(DU_SEG_DISCARD) ==
	    du_card_find(&D, "karavaan"), "karavaan DU12.4: bos 1->0->1 (the "
	    "same kind back), heuvels 1->0, rivier 0->1; discarded");
}

static void
t_marileen(void)
{
	card("marileen");
	pos(36, "[game]\nstart = red\nphase = action\n[red]\nhand = "
	    "marileen\n");
	ok(refused(0, "play marileen 3"), "marileen DU12.5: in the action "
	    "phase: refused, unchanged");
	pos(36, "[game]\nstart = red\n[red]\nhand = marileen\n");
	du_test_dice(&S, 1, DU_F_TRADE);
	is_int(0, order(0, "play marileen 3"), "marileen: play marileen 3 "
	    "before the roll");
	ok(S.die == 3 && units(0, "k4") == 2 && units(1, "k2") == 2 &&
	    units(0, "k2") == 1 && units(1, "m4") == 1 && S.phase ==
	    DU_PH_ACTION && S.p[0].nhand == 0 && top_of(DU_SEG_DISCARD) ==
	    du_card_find(&D, "marileen"), "marileen DU6.5: the production die "
	    "shows 3 (red heuvels-3, blue bos-3 +1), the fixed die's 1 "
	    "ignored; discarded");
}

static void
t_verhuizing(void)
{
	card("verhuizing");
	pos(37, "[game]\nstart = red\nphase = action\n[red]\nhand = "
	    "verhuizing\n");
	ok(refused(0, "play verhuizing k2 l2"), "verhuizing DU12.6: an empty "
	    "site cannot take part: refused, unchanged");
	ok(refused(0, "play verhuizing k2 k2"), "verhuizing DU12.6: a region "
	    "with itself: refused");
	is_int(0, order(0, "play verhuizing m2 o4"), "verhuizing: play "
	    "verhuizing m2 o4");
	ok(strcmp(cell_slug(0, "m2"), "bergen-5") == 0 &&
	    strcmp(cell_slug(0, "o4"), "rivier-1") == 0 && units(0, "m2") == 1 &&
	    units(0, "o4") == 0 && top_of(DU_SEG_DISCARD) ==
	    du_card_find(&D, "verhuizing"), "verhuizing DU12.6: m2 bergen-5 "
	    "(1), o4 rivier-1 (0), each with its units; discarded");
}

static void
t_verkenner(void)
{
	card("verkenner");
	pos(38, "[game]\nstart = red\nphase = action\n[red]\nk3 = straat\n");
	ok(refused(0, "build settlement left with verkenner"), "verkenner "
	    "DU12.7: not in the hand: refused, unchanged");
	pos(38, "[game]\nstart = red\nphase = action\n[red]\nk3 = straat\n"
	    "hand = verkenner\n[piles]\nregions = bos 6, heuvels 5\n");
	ok(refused(0, "play verkenner"), "verkenner DU12.7: only with a "
	    "settlement: refused");
	is_int(0, order(0, "build settlement left with verkenner"),
	    "verkenner: build settlement left with verkenner");
	ok(S.phase == DU_PH_REGIONS && S.scout && S.nrstack == 12 &&
	    *cellp(0, "j3") == DU_C_SETTLEMENT, "verkenner DU9.4: j3 built, "
	    "no region drawn; red chooses from the 12");
	is_int(0, order(0, "regions rivier-3 bergen-2"), "verkenner: regions "
	    "rivier-3 bergen-2 (not the stack's top two)");
	ok(strcmp(cell_slug(0, "i2"), "rivier-3") == 0 &&
	    strcmp(cell_slug(0, "i4"), "bergen-2") == 0 && S.nrstack == 10 &&
	    S.p[0].nhand == 0 && top_of(DU_SEG_DISCARD) ==
	    du_card_find(&D, "verkenner"), "verkenner DU9.4 DU12.1: i2 "
	    "rivier-3, i4 bergen-2; region stack 10; discarded");
}

/* ---- expansions: cost and points, the brief's table (§3.2) -------------- */

struct exp_row {
	const char *slug;
	int cost[DU_RES];	/* lumber brick wool grain ore gold */
	int vp, strength, skill, trade, progress;
};

static const struct exp_row exps[] = {
	{ "klooster", { 0, 1, 0, 1, 1, 0 }, 0, 0, 0, 0, 1 },
	{ "markt", { 0, 0, 1, 1, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "parochiehuis", { 0, 1, 0, 1, 0, 0 }, 0, 0, 0, 0, 0 },
	{ "opslagplaats", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 0, 0 },
	{ "tolbrug", { 1, 1, 0, 0, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "ijzersmelterij", { 0, 1, 0, 0, 1, 0 }, 0, 0, 0, 0, 0 },
	{ "graanmolen", { 1, 0, 0, 1, 0, 0 }, 0, 0, 0, 0, 0 },
	{ "houtzagerij", { 1, 0, 0, 0, 1, 0 }, 0, 0, 0, 0, 0 },
	{ "wolweverij", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 0, 0 },
	{ "steenbakkerij", { 0, 1, 0, 0, 1, 0 }, 0, 0, 0, 0, 0 },
	{ "ertshandelsschip", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "graanhandelsschip", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "goudhandelsschip", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "houthandelsschip", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "baksteenhandelsschip", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "wolhandelsschip", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "groot-handelsschip", { 1, 0, 1, 0, 0, 0 }, 0, 0, 0, 1, 0 },
	{ "roemer", { 0, 0, 0, 1, 1, 0 }, 0, 1, 2, 0, 0 },
	{ "markus", { 0, 0, 2, 1, 1, 0 }, 0, 4, 1, 0, 0 },
	{ "jorrit", { 0, 0, 0, 1, 1, 0 }, 0, 2, 1, 0, 0 },
	{ "inge", { 0, 0, 1, 1, 1, 0 }, 0, 1, 3, 0, 0 },
	{ "willem", { 0, 0, 1, 1, 1, 0 }, 0, 2, 2, 0, 0 },
	{ "pien", { 0, 0, 2, 1, 1, 0 }, 0, 2, 3, 0, 0 },
};

/* "[red]" lines setting every region of red to u units but the one at
 * cell (NULL: none), which gets v. */
static void
all_units(char *buf, size_t n, int u, const char *cell, int v)
{
	size_t len = strlen(buf);

	for (int i = 0; i < 6; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s = stored %d\n",
		    regions6[i], cell && strcmp(cell, regions6[i]) == 0 ? v : u);
}

/* Build each expansion from the hand: it pays exactly its cost and
 * brings exactly its points; one unit short, it is refused. */
static void
t_expansion_costs(void)
{
	for (size_t i = 0; i < sizeof exps / sizeof exps[0]; i++) {
		const struct exp_row *x = &exps[i];
		char text[512], cmd[64];
		int before[DU_RES], short_res = -1, k = du_card_find(&D, x->slug);
		int right = 1;

		snprintf(text, sizeof text, "[game]\nstart = red\nphase = "
		    "action\n[red]\nhand = %s\n", x->slug);
		all_units(text, sizeof text, 3, NULL, 0);
		pos(40 + (int)i, text);
		for (int r = 0; r < DU_RES; r++)
			before[r] = du_stock(&S, 0, r);
		snprintf(cmd, sizeof cmd, "build %s at l2", x->slug);
		is_int(0, order(0, cmd), "%s DU10.1: %s", x->slug, cmd);
		for (int r = 0; r < DU_RES; r++)
			right &= du_stock(&S, 0, r) == before[r] - x->cost[r];
		ok(right && strcmp(cell_slug(0, "l2"), x->slug) == 0 &&
		    S.p[0].nhand == 0, "%s DU10.1: at l2, its cost paid "
		    "exactly (the brief's §3.2)", x->slug);
		ok(du_points(&S, 0, DU_P_STRENGTH) == x->strength &&
		    du_points(&S, 0, DU_P_SKILL) == x->skill &&
		    du_points(&S, 0, DU_P_TRADE) == x->trade &&
		    du_points(&S, 0, DU_P_PROGRESS) == x->progress &&
		    du_vp(&S, 0) == 2 + x->vp + (x->strength >= 3),
		    "%s DU13.1 DU10.3: strength %d, skill %d, trade %d, "
		    "progress %d at once; VP %d", x->slug, x->strength,
		    x->skill, x->trade, x->progress,
		    2 + x->vp + (x->strength >= 3));
		ok(k >= 0 && D.card[k].unique == (i < 3), "%s DU10.2: %s",
		    x->slug, i < 3 ? "1x" : "not 1x");
		/* one unit short of its dearest resource */
		for (int r = 0; r < DU_RES; r++)
			if (x->cost[r] && (short_res < 0 ||
			    x->cost[r] > x->cost[short_res]))
				short_res = r;
		snprintf(text, sizeof text, "[game]\nstart = red\nphase = "
		    "action\n[red]\nhand = %s\n", x->slug);
		all_units(text, sizeof text, 3, red_cell(short_res),
		    x->cost[short_res] - 1);
		pos(40 + (int)i, text);
		ok(refused(0, cmd), "%s DU10.1: one %s short: refused, "
		    "unchanged", x->slug, du_res_names[short_res]);
		pos(40 + (int)i, text);
		snprintf(cmd, sizeof cmd, "build %s at m2", x->slug);
		ok(refused(0, cmd), "%s DU10.1 DU2.2: on a region (no site): "
		    "refused", x->slug);
	}
}

/* ---- buildings ---------------------------------------------------------- */

static void
t_klooster(void)
{
	card("klooster");
	pos(60, "[game]\nstart = red\nphase = action\n[red]\nk4 = stored 2\n"
	    "o2 = stored 2\no4 = stored 2\nhand = klooster klooster\n");
	is_int(3, du_hand_limit(&S, 0), "klooster DU14.2: limit 3 without");
	is_int(0, order(0, "build klooster at l2"), "klooster: build klooster "
	    "at l2");
	ok(du_hand_limit(&S, 0) == 4 && du_points(&S, 0, DU_P_PROGRESS) == 1,
	    "klooster DU13.1 DU14.2: a progress point, hand limit 4");
	ok(refused(0, "build klooster at n2") && strstr(E.msg, "DU10.2"),
	    "klooster DU10.2: a second (1x): refused, unchanged (%s)", E.msg);
}

static void
t_markt(void)
{
	card("markt");
	pos(61, "[game]\nstart = red\nphase = action\n[red]\nm4 = stored 2\n"
	    "o2 = stored 2\nhand = markt markt\n");
	is_int(0, order(0, "build markt at l2"), "markt: build markt at l2");
	ok(refused(0, "build markt at n2") && strstr(E.msg, "DU10.2"),
	    "markt DU10.2: a second (1x): refused, unchanged");
	/* DU6.4: blue has more regions with the 3 */
	pos(62, "[game]\nstart = red\n[red]\nl2 = markt\n[blue]\nj3 = dorp\n"
	    "k3 = straat\ni2 = akkers 3\ni4 = rivier 3\n");
	is_int(0, roll(0, 3, DU_F_TRADE), "markt DU6.4: roll 3, trade (idle)");
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 0 && units(0, "k4") == 2,
	    "markt DU6.4: red's heuvels-3 +1; blue has three 3s to red's one: "
	    "red is asked");
	ok(refused(0, "gain ore"), "markt DU6.4: ore (no 3 of blue yields it): "
	    "refused, unchanged");
	ok(refused(1, "gain grain"), "markt DU16.1: blue may not answer");
	is_int(0, order(0, "gain grain"), "markt: gain grain");
	ok(units(0, "o2") == 2 && S.phase == DU_PH_ACTION, "markt DU6.4: red "
	    "akkers 1->2, then red's action phase");
	/* in blue's turn too; with as many, nobody */
	pos(62, "[game]\nstart = red\nactive = blue\n[red]\nl2 = markt\n"
	    "[blue]\nj3 = dorp\nk3 = straat\ni2 = akkers 3\ni4 = rivier 3\n");
	roll(1, 3, DU_F_TRADE);
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 0, "markt DU6.4: in blue's "
	    "turn red is asked as well");
	pos(62, "[game]\nstart = red\n[red]\nl2 = markt\n");
	roll(0, 3, DU_F_TRADE);
	ok(S.phase == DU_PH_ACTION, "markt DU6.4: one 3 each: nobody asked");
}

static void
t_parochiehuis(void)
{
	int want;

	card("parochiehuis");
	pos(63, "[game]\nstart = red\nphase = action\n[red]\nl2 = "
	    "parochiehuis\nhand = goudsmid karavaan verhuizing\n");
	is_int(0, order(0, "end"), "parochiehuis: red ends with 3 cards, the "
	    "limit");
	ok(S.phase == DU_PH_EXCHANGE, "DU14.3: at the limit: straight to the "
	    "exchange");
	want = du_seg(&S, 2)[1];
	ok(refused(0, "exchange card 1 under stack 2 search stack 3 paying k4 "
	    "k2"), "parochiehuis DU14.4: two payments: refused, unchanged");
	is_int(0, order(0, "exchange card 1 under stack 2 search stack 3 "
	    "paying k4"), "parochiehuis: search stack 3 paying one (k4)");
	ok(units(0, "k4") == 0 && units(0, "k2") == 1 && S.phase == DU_PH_TAKE,
	    "parochiehuis DU14.4: heuvels 1->0 only; red takes a card");
	is_int(0, order(0, "take card 2"), "parochiehuis: take card 2");
	ok(S.p[0].hand[S.p[0].nhand - 1] == want && S.p[0].nhand == 3,
	    "parochiehuis DU14.4: the second card of stack 3 in the hand");
	pos(63, "[game]\nstart = red\nphase = action\n[red]\nhand = goudsmid "
	    "karavaan verhuizing\n");
	order(0, "end");
	ok(refused(0, "exchange card 1 under stack 2 search stack 3 paying "
	    "k4"), "parochiehuis DU14.4: without it one payment: refused");
}

static void
t_opslagplaats(void)
{
	card("opslagplaats");
	/* counted: o2 3 + k4 0 + m4 2 + o4 2 = 7 (k2, m2 beside l2) */
	pos(64, "[game]\nstart = red\n[red]\nl2 = opslagplaats\nk2 = stored 3\n"
	    "m2 = stored 3\no2 = stored 3\nk4 = stored 0\nm4 = stored 2\n"
	    "o4 = stored 2\n");
	roll(0, 3, DU_F_BRIGAND);
	ok(units(0, "m2") == 3 && units(0, "m4") == 2 && units(0, "k4") == 1 &&
	    !note_has("red loses"), "opslagplaats DU7.1: 13 units, 7 counted: "
	    "no loss (heuvels 0->1 by the 3)");
	pos(64, "[game]\nstart = red\n[red]\nl2 = opslagplaats\nk2 = stored 3\n"
	    "m2 = stored 3\no2 = stored 3\nk4 = stored 0\nm4 = stored 3\n"
	    "o4 = stored 2\n");
	roll(0, 3, DU_F_BRIGAND);
	ok(units(0, "m2") == 0 && units(0, "m4") == 0 && units(0, "k2") == 3 &&
	    note_has("red loses 3 wool and 3 gold (brigand attack)"),
	    "opslagplaats DU7.1: 8 counted: all wool and gold lost, the gold "
	    "beside it too");
	pos(64, "[game]\nstart = red\n[red]\nn4 = opslagplaats\n[piles]\n"
	    "events = rijk-jaar\n");
	roll(0, 1, DU_F_EVENT);
	ok(units(0, "m4") == 2 && units(0, "o4") == 2 && units(0, "k2") == 1 &&
	    units(0, "o2") == 1 && units(0, "m2") == 1, "opslagplaats DU8.5: "
	    "Rijk jaar: weiden and bergen beside n4 +1 (rivier +1 by the 1)");
	pos(64, "[game]\nstart = red\nphase = action\n[red]\nhand = "
	    "opslagplaats\n");
	ok(refused(0, "build opslagplaats at l1"), "opslagplaats DU2.2: l1 "
	    "above a settlement: refused, unchanged");
}

static void
t_tolbrug(void)
{
	card("tolbrug");
	pos(65, "[game]\nstart = red\n[blue]\nl2 = tolbrug\n[red]\n"
	    "prefer = ore\n");
	S.p[1].nprefer = 0;
	is_int(0, roll(0, 5, DU_F_HARVEST), "tolbrug: roll 5, harvest");
	ok(units(1, "m2") == 2, "tolbrug DU7.4: blue rivier 0->2 without "
	    "asking");
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 1 && units(0, "o4") == 3,
	    "tolbrug DU7.4 DU16.4: red gained ore by preference (bergen "
	    "1->2->3 with the 5), blue asked");
	pos(65, "[game]\nstart = red\n[blue]\nl2 = tolbrug\nm2 = stored 2\n");
	roll(0, 5, DU_F_HARVEST);
	ok(units(1, "m2") == 3 && note_has("the rest lost"), "tolbrug DU7.4 "
	    "DU4.3: rivier 2->3, one gold lost");
	pos(65, "[game]\nstart = red\n[blue]\nl2 = tolbrug\n");
	roll(0, 5, DU_F_CELEBRATION);
	is_int(0, units(1, "m2"), "tolbrug DU7.4: no gold on a celebration");
}

/* The five production boosters: beside its kind's region the number
 * gives 2, elsewhere 1. */
static void
t_boosters(void)
{
	static const struct {
		const char *slug, *region, *site, *far;
		int die;
	} b[] = {
		{ "houtzagerij", "k2", "l2", "n2", 2 },
		{ "steenbakkerij", "k4", "l4", "l2", 3 },
		{ "wolweverij", "m4", "l4", "l2", 4 },
		{ "graanmolen", "o2", "n2", "n4", 6 },
		{ "ijzersmelterij", "o4", "n4", "n2", 5 },
	};

	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
		char text[256];

		card(b[i].slug);
		snprintf(text, sizeof text, "[game]\nstart = red\n[red]\n"
		    "%s = %s\n", b[i].site, b[i].slug);
		pos(66, text);
		roll(0, b[i].die, DU_F_TRADE);
		is_int(3, units(0, b[i].region), "%s DU6.2: at %s, roll %d: its "
		    "region %s 1->3", b[i].slug, b[i].site, b[i].die,
		    b[i].region);
		snprintf(text, sizeof text, "[game]\nstart = red\n[red]\n"
		    "%s = %s\n%s = stored 2\n", b[i].site, b[i].slug,
		    b[i].region);
		pos(66, text);
		roll(0, b[i].die, DU_F_TRADE);
		ok(units(0, b[i].region) == 3 && note_has("1 lost"),
		    "%s DU6.2: 2->3, one lost", b[i].slug);
		snprintf(text, sizeof text, "[game]\nstart = red\n[red]\n"
		    "%s = %s\n", b[i].far, b[i].slug);
		pos(66, text);
		roll(0, b[i].die, DU_F_TRADE);
		is_int(2, units(0, b[i].region), "%s DU2.3: at %s, not beside "
		    "%s: 1->2", b[i].slug, b[i].far, b[i].region);
	}
	/* a booster of another kind does nothing for its neighbour */
	pos(67, "[game]\nstart = red\n[red]\nl2 = houtzagerij\n");
	roll(0, 1, DU_F_TRADE);
	is_int(1, units(0, "m2"), "houtzagerij DU6.2: rivier beside it 0->1 "
	    "only");
}

/* ---- trade ships -------------------------------------------------------- */

static void
t_ships(void)
{
	static const struct {
		const char *slug;
		int res;
	} s[] = {
		{ "houthandelsschip", DU_LUMBER },
		{ "baksteenhandelsschip", DU_BRICK },
		{ "wolhandelsschip", DU_WOOL },
		{ "graanhandelsschip", DU_GRAIN },
		{ "ertshandelsschip", DU_ORE },
		{ "goudhandelsschip", DU_GOLD },
	};

	for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
		int x = s[i].res, y = (x + 1) % DU_RES, z = (x + 2) % DU_RES;
		char text[256], cmd[64];

		card(s[i].slug);
		snprintf(text, sizeof text, "[game]\nstart = red\nphase = "
		    "action\n[red]\nn2 = %s\n%s = stored 2\n%s = stored 2\n"
		    "%s = stored 0\n", s[i].slug, red_cell(x), red_cell(z),
		    red_cell(y));
		pos(68, text);
		is_int(1, du_points(&S, 0, DU_P_TRADE), "%s DU13.1: a trade "
		    "point", s[i].slug);
		snprintf(cmd, sizeof cmd, "trade 2 %s for %s", du_res_names[x],
		    du_res_names[x]);
		ok(refused(0, cmd), "%s DU11.4: %s: refused, unchanged",
		    s[i].slug, cmd);
		snprintf(cmd, sizeof cmd, "trade 2 %s for %s", du_res_names[z],
		    du_res_names[y]);
		ok(refused(0, cmd), "%s DU11.2: %s (2:1 in its kind only): "
		    "refused", s[i].slug, cmd);
		snprintf(cmd, sizeof cmd, "trade 2 %s for %s", du_res_names[x],
		    du_res_names[y]);
		is_int(0, order(0, cmd), "%s: %s", s[i].slug, cmd);
		ok(units(0, red_cell(x)) == 0 && units(0, red_cell(y)) == 1 &&
		    units(0, red_cell(z)) == 2, "%s DU11.2: %s 2->0, %s 0->1",
		    s[i].slug, du_res_names[x], du_res_names[y]);
	}
}

static void
t_groot_handelsschip(void)
{
	card("groot-handelsschip");
	pos(69, "[game]\nstart = red\nphase = action\n[red]\nn2 = "
	    "groot-handelsschip\nm2 = stored 2\no2 = stored 3\nk2 = stored 3\n"
	    "o4 = stored 2\n");
	is_int(1, du_points(&S, 0, DU_P_TRADE), "groot-handelsschip DU13.1: a "
	    "trade point");
	ok(refused(0, "trade 2 from k2 for wool"), "groot-handelsschip DU11.3: "
	    "k2 is not beside n2: refused, unchanged");
	ok(refused(0, "trade 2 ore for wool"), "groot-handelsschip DU11.2: no "
	    "2:1 by kind");
	ok(refused(0, "trade 2 from o2 for grain"), "groot-handelsschip "
	    "DU11.4: the same kind back: refused");
	is_int(0, order(0, "trade 2 from m2 for wool"), "groot-handelsschip: "
	    "trade 2 from m2 for wool (its left neighbour)");
	is_int(0, order(0, "trade 2 from o2 for ore"), "groot-handelsschip: "
	    "trade 2 from o2 for ore (its right neighbour)");
	ok(units(0, "m2") == 0 && units(0, "m4") == 2 && units(0, "o2") == 1 &&
	    units(0, "o4") == 3, "groot-handelsschip DU11.3: rivier 2->0, "
	    "weiden 1->2, akkers 3->1, bergen 2->3");
	ok(refused(0, "trade 2 from m2 for wool"), "groot-handelsschip DU11.3: "
	    "an empty neighbour: refused");
}

/* ---- heroes ------------------------------------------------------------- */

static void
t_heroes(void)
{
	static const struct {
		const char *slug;
		int strength, skill;
	} h[] = {
		{ "roemer", 1, 2 }, { "markus", 4, 1 }, { "jorrit", 2, 1 },
		{ "inge", 1, 3 }, { "willem", 2, 2 }, { "pien", 2, 3 },
	};

	for (size_t i = 0; i < sizeof h / sizeof h[0]; i++) {
		char text[256];

		card(h[i].slug);
		snprintf(text, sizeof text, "[game]\nstart = red\n[red]\n"
		    "l2 = %s\n", h[i].slug);
		pos(70, text);
		ok(du_points(&S, 0, DU_P_STRENGTH) == h[i].strength &&
		    du_points(&S, 0, DU_P_SKILL) == h[i].skill &&
		    (du_token(&S, 0) == 0) == (h[i].strength >= 3) &&
		    du_vp(&S, 0) == 2 + (h[i].strength >= 3), "%s DU13.1 "
		    "DU13.2: strength %d, skill %d; the hero token %s",
		    h[i].slug, h[i].strength, h[i].skill, h[i].strength >= 3 ?
		    "(VP 3)" : "not held (under 3)");
		roll(0, 5, DU_F_CELEBRATION);
		ok(S.choice == DU_CH_GAIN && S.aw_seat == 0, "%s DU7.3: more "
		    "skill: red is asked", h[i].slug);
		is_int(0, order(0, "gain brick"), "%s: gain brick", h[i].slug);
		ok(S.phase == DU_PH_ACTION && units(0, "k4") == 2 &&
		    units(1, "k4") == 1, "%s DU7.3: red heuvels 1->2, blue not "
		    "asked", h[i].slug);
	}
	/* two heroes against one: strength 1 + 2 = 3 > 2 */
	pos(71, "[game]\nstart = red\n[red]\nl2 = roemer\nn2 = jorrit\n"
	    "[blue]\nl2 = willem\n");
	ok(du_token(&S, 0) == 0 && du_vp(&S, 0) == 3 && du_vp(&S, 1) == 2,
	    "roemer jorrit DU13.2: strength 3 against 2: red holds the hero "
	    "token");
	pos(71, "[game]\nstart = red\n[red]\nl2 = roemer\nn2 = jorrit\n"
	    "[blue]\nl2 = pien\nn2 = inge\n");
	ok(du_token(&S, 0) < 0 && du_vp(&S, 0) == 2 && du_vp(&S, 1) == 2,
	    "pien inge DU13.2: strength 3 against 3: nobody holds the hero "
	    "token");
}

/* ---- event cards -------------------------------------------------------- */

static void
t_vete(void)
{
	card("vete");
	pos(72, "[game]\nstart = red\n[red]\nl2 = markus\n[blue]\nl2 = "
	    "klooster\nn2 = markt\nn4 = roemer\n[piles]\nevents = vete\n");
	is_int(0, roll(0, 1, DU_F_EVENT), "vete: the event die's ?");
	ok(note_has("event card: vete") && S.choice == DU_CH_REMOVE &&
	    S.aw_seat == 1 && S.nselected == 2, "vete DU8.1: red holds the "
	    "hero token; blue's two buildings selected, blue awaited");
	ok(refused(1, "remove n4 under stack 1"), "vete DU8.1: a hero (a unit): "
	    "refused, unchanged");
	ok(refused(0, "remove n2 under stack 1"), "vete DU16.1: red may not "
	    "answer");
	is_int(0, order(1, "remove n2 under stack 2"), "vete: remove n2 under "
	    "stack 2");
	ok(*cellp(1, "n2") == DU_C_EMPTY && bottom_of(1) ==
	    du_card_find(&D, "markt") && S.nseg[1] == 10 &&
	    bottom_of(DU_SEG_EVENTS) == du_card_find(&D, "vete") &&
	    du_points(&S, 1, DU_P_TRADE) == 0 && S.phase == DU_PH_ACTION,
	    "vete DU8.1 DU14.7: blue's Markt at the bottom of stack 2 (10), "
	    "its trade point gone; Vete under the deck");
	pos(72, "[game]\nstart = red\n[blue]\nl2 = klooster\n[piles]\n"
	    "events = vete\n");
	roll(0, 1, DU_F_EVENT);
	ok(S.phase == DU_PH_ACTION && *cellp(1, "l2") != DU_C_EMPTY,
	    "vete DU8.1: nobody holds the strength advantage: nothing");
}

static void
t_broedertwist(void)
{
	int kept;

	card("broedertwist");
	pos(73, "[game]\nstart = red\n[red]\nl2 = markus\n[blue]\nhand = "
	    "goudsmid karavaan verhuizing\n[piles]\nevents = broedertwist\n");
	kept = S.p[1].hand[1];
	roll(0, 1, DU_F_EVENT);
	ok(S.choice == DU_CH_PUT && S.aw_seat == 0, "broedertwist DU8.2: red "
	    "(the hero token) is awaited");
	ok(refused(0, "put card 1 under stack 2 and card 1 under stack 3"),
	    "broedertwist DU8.2: one card twice: refused, unchanged");
	ok(refused(0, "put card 1 under stack 2"), "broedertwist DU8.2: one "
	    "of three: refused");
	is_int(0, order(0, "put card 1 under stack 2 and card 3 under stack 3"),
	    "broedertwist: put card 1 under stack 2 and card 3 under stack 3");
	ok(S.p[1].nhand == 1 && S.p[1].hand[0] == kept && bottom_of(1) ==
	    du_card_find(&D, "goudsmid") && bottom_of(2) ==
	    du_card_find(&D, "verhuizing") && note_has("under stacks 2 and 3")
	    && !note_has("goudsmid") && S.phase == DU_PH_ACTION,
	    "broedertwist DU8.2 DU17.5: Goudsmid under stack 2, Verhuizing "
	    "under stack 3, blue keeps Karavaan; the note names stacks only");
	pos(73, "[game]\nstart = red\n[red]\nl2 = markus\n[blue]\nhand = "
	    "goudsmid\n[piles]\nevents = broedertwist\n");
	roll(0, 1, DU_F_EVENT);
	ok(refused(0, "put card 1 under stack 2 and card 2 under stack 3"),
	    "broedertwist DU8.2: blue holds one card: two refused");
	is_int(0, order(0, "put card 1 under stack 4"), "broedertwist: all, "
	    "if fewer: put card 1 under stack 4");
	is_int(0, S.p[1].nhand, "broedertwist DU8.2: blue's hand empty");
}

static void
t_handelsschepenrace(void)
{
	card("handelsschepenrace");
	pos(74, "[game]\nstart = red\n[red]\nl2 = houthandelsschip\nl4 = "
	    "groot-handelsschip\n[blue]\nl2 = ertshandelsschip\n[piles]\n"
	    "events = handelsschepenrace\n");
	roll(0, 1, DU_F_EVENT);
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 0 && S.ngq == 1,
	    "handelsschepenrace DU8.3: ships 2-1 (Groot handelsschip counts): "
	    "red alone is asked");
	ok(refused(1, "gain ore"), "handelsschepenrace DU16.1: blue may not");
	is_int(0, order(0, "gain ore"), "handelsschepenrace: gain ore");
	ok(units(0, "o4") == 2 && units(1, "o4") == 1 && S.phase ==
	    DU_PH_ACTION, "handelsschepenrace DU8.3: red bergen 1->2, blue "
	    "nothing");
	pos(74, "[game]\nstart = red\n[red]\nl2 = houthandelsschip\n[blue]\n"
	    "l2 = ertshandelsschip\n[piles]\nevents = handelsschepenrace\n");
	roll(0, 2, DU_F_EVENT);
	ok(S.aw_seat == 0 && S.ngq == 2, "handelsschepenrace DU8.3: 1-1: both, "
	    "red first");
	order(0, "gain wool");
	ok(S.aw_seat == 1, "then blue");
	order(1, "gain wool");
	ok(units(0, "m4") == 2 && units(1, "m4") == 2 && S.phase ==
	    DU_PH_ACTION, "handelsschepenrace DU8.3: weiden 1->2 each");
	pos(74, "[game]\nstart = red\n[piles]\nevents = handelsschepenrace\n");
	roll(0, 1, DU_F_EVENT);
	ok(S.phase == DU_PH_ACTION, "handelsschepenrace DU8.3: 0-0: nothing");
}

static void
t_reizende_koopman(void)
{
	card("reizende-koopman");
	pos(75, "[game]\nstart = red\n[red]\nm2 = stored 2\n[blue]\nm2 = "
	    "stored 1\n[piles]\nevents = reizende-koopman\n");
	roll(0, 2, DU_F_EVENT);
	ok(S.choice == DU_CH_BUY && S.aw_seat == 0, "reizende-koopman DU8.4: "
	    "red (active) buys first");
	ok(refused(0, "buy gold"), "reizende-koopman DU8.4: gold for gold: "
	    "refused, unchanged");
	ok(refused(1, "buy ore"), "reizende-koopman DU16.1: blue waits");
	is_int(0, order(0, "buy ore"), "reizende-koopman: buy ore");
	ok(units(0, "m2") == 1 && units(0, "o4") == 2, "reizende-koopman "
	    "DU8.4: rivier 2->1, bergen 1->2");
	is_int(0, order(0, "pass"), "reizende-koopman: red passes");
	ok(S.choice == DU_CH_BUY && S.aw_seat == 1, "reizende-koopman DU8.4: "
	    "then blue (1 gold)");
	is_int(0, order(1, "buy wool"), "reizende-koopman: blue buys wool");
	ok(units(1, "m2") == 0 && units(1, "m4") == 2 && S.phase ==
	    DU_PH_ACTION && S.aw_seat == 0, "reizende-koopman DU8.4: blue "
	    "rivier 1->0, weiden 1->2; out of gold, red's action phase");
	pos(75, "[game]\nstart = red\n[piles]\nevents = reizende-koopman\n");
	roll(0, 2, DU_F_EVENT);
	ok(S.phase == DU_PH_ACTION, "reizende-koopman DU8.4 DU16.3: nobody "
	    "has gold: nobody asked");
}

static void
t_rijk_jaar(void)
{
	card("rijk-jaar");
	pos(76, "[game]\nstart = red\n[red]\nl2 = klooster\nn4 = opslagplaats\n"
	    "k2 = stored 3\n[blue]\nl4 = opslagplaats\n[piles]\nevents = "
	    "rijk-jaar\n");
	roll(0, 6, DU_F_EVENT);
	ok(units(0, "k2") == 3 && units(0, "m2") == 1 && units(0, "o2") == 2 &&
	    units(0, "k4") == 1 && units(0, "m4") == 2 && units(0, "o4") == 2,
	    "rijk-jaar DU8.5: red bos full stays 3, rivier 0->1 (Klooster), "
	    "akkers 2 (the 6 only), weiden and bergen +1 (Opslagplaats), "
	    "heuvels 1");
	ok(units(1, "k4") == 2 && units(1, "m4") == 2 && units(1, "k2") == 1 &&
	    units(1, "o4") == 2 && S.phase == DU_PH_ACTION, "rijk-jaar DU8.5: "
	    "blue heuvels and weiden +1 (Opslagplaats), bergen-6 by the 6; "
	    "nobody asked");
}

static void
t_uitvinding(void)
{
	card("uitvinding");
	pos(77, "[game]\nstart = red\n[red]\nl2 = klooster\n[piles]\nevents = "
	    "uitvinding\n");
	roll(0, 2, DU_F_EVENT);
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 0 && S.ngq == 1,
	    "uitvinding DU8.6: one building with progress: red asked once");
	ok(refused(1, "gain ore"), "uitvinding DU8.6: blue (none) may not "
	    "gain");
	is_int(0, order(0, "gain ore"), "uitvinding: gain ore");
	ok(units(0, "o4") == 2 && S.phase == DU_PH_ACTION, "uitvinding DU8.6: "
	    "red bergen 1->2; blue not asked");
	pos(77, "[game]\nstart = red\n[red]\nl2 = klooster\n[blue]\nl2 = "
	    "klooster\n[piles]\nevents = uitvinding\n");
	roll(0, 2, DU_F_EVENT);
	ok(S.aw_seat == 0 && S.ngq == 2, "uitvinding DU8.6: both have a "
	    "Klooster: red, then blue");
	pos(77, "[game]\nstart = red\n[piles]\nevents = uitvinding\n");
	roll(0, 2, DU_F_EVENT);
	ok(S.phase == DU_PH_ACTION, "uitvinding DU8.6: no progress: nothing");
}

static void
t_zomerfeest(void)
{
	int zpos = -1, turned;

	card("zomerfeest");
	pos(78, "[game]\nstart = red\n[piles]\nevents = zomerfeest\n");
	roll(0, 2, DU_F_EVENT);
	while (S.phase == DU_PH_CHOICE)	/* the next card's choices */
		if (order(S.aw_seat, S.choice == DU_CH_BUY ? "pass" :
		    "gain ore") != 0 && order(S.aw_seat, "gain wool") != 0)
			break;
	turned = bottom_of(DU_SEG_EVENTS);
	for (int i = 0; i < S.nseg[DU_SEG_EVENTS]; i++)
		if (D.inst[du_seg(&S, DU_SEG_EVENTS)[i]] == D.summer)
			zpos = i;
	ok(S.nseg[DU_SEG_EVENTS] == 9 && turned != D.summer && zpos == 4 &&
	    note_has("event card: zomerfeest") && S.phase == DU_PH_ACTION,
	    "zomerfeest DU8.7: the deck rebuilt (9), Zomerfeest 5th from the "
	    "top, the card turned up next at the bottom");
	{
		char line[64];

		snprintf(line, sizeof line, "event card: %s",
		    D.card[turned].slug);
		ok(note_has(line), "zomerfeest DU8.7 DU7.5: the note names the "
		    "next card too (%s)", D.card[turned].slug);
	}
}

/* Every card of the data was played by a test above (the theme sets'
 * cards by t/unit/duel/gold.c). */
static void
t_all_tested(void)
{
	for (int k = 0; k < D.ncards; k++)
		if (D.card[k].set <= DU_SET_BASIS)
			ok(tested[k] > 0, "every card: %s is played by a "
			    "test here", D.card[k].slug);
}

int
main(void)
{
	new_game(1);
	t_straat();
	t_dorp();
	t_stad();
	t_goudsmid();
	t_karavaan();
	t_marileen();
	t_verhuizing();
	t_verkenner();
	t_expansion_costs();
	t_klooster();
	t_markt();
	t_parochiehuis();
	t_opslagplaats();
	t_tolbrug();
	t_boosters();
	t_ships();
	t_groot_handelsschip();
	t_heroes();
	t_vete();
	t_broedertwist();
	t_handelsschepenrace();
	t_reizende_koopman();
	t_rijk_jaar();
	t_uitvinding();
	t_zomerfeest();
	t_all_tested();
	return done_testing();
}
