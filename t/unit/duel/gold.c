/*
 * t/unit/duel/gold.c -- De Gouden Eeuw's cards (duel-rules(7), DU19
 * and CARDS): handelsgilde, haven, zoutpakhuis, handelssteunpunt,
 * geldschieter, stapelhuis, the cards that take from the other
 * (DU19.1-DU19.5), reiner, piratenschip, muntenhandel, each by name
 * with its exact cost, points and effect, and a refusal that changes
 * nothing; the verborgen goudmijn on its region sites, its gold.  The game is
 * set up by du_init_mode (mode=gouden-eeuw is not offered yet); it
 * fails for a card of the set in the data that no test here played.
 */
#include <stdlib.h>

#include "../../tap.h"
#include "util.h"

static int tested[DU_MAX_CARDS];

static void
card(const char *slug)
{
	int k = du_card_find(&D, slug);

	if (k < 0)
		bail("no card %s", slug);
	tested[k]++;
}

/* A theme game in red's action phase: red's l3 a city (sites l1 l2 l4
 * l5), n3 a settlement (n2 n4); every region of red holding n. */
static void
position(int seed, int n)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };

	key[0] = (unsigned char)seed;
	if (du_data_load(&D, NULL, 0, &E) != 0)
		bail("cards: %s", E.msg);
	chance_seed_init(&CS, key);
	if (du_init_mode(&S, &D, DU_MODE_GOLD, &CS.chance, &N, &E) != 0)
		bail("init: %s", E.msg);
	S.phase = DU_PH_ACTION;
	S.active = S.aw_seat = S.start_player = 0;
	S.turn = 1;
	*cellp(0, "l3") = DU_C_CITY;
	S.supply[2]--;
	for (int i = 0; i < DU_START_REGIONS; i++)
		S.stored[i] = (uint8_t)n;
	du_grid_index(&S);
}

static int
stock_total(int s)
{
	int n = 0;

	for (int r = 0; r < DU_RES; r++)
		n += du_stock(&S, s, r);
	return n;
}

/* Build slug at cell from the hand (or the open pile): the cost paid
 * exactly, one unit short refused with nothing changed. */
static void
build_exact(const char *slug, const char *cell, const uint8_t cost[DU_RES])
{
	char o[64];
	int before[DU_RES], paid = 1, total = 0;

	snprintf(o, sizeof o, "build %s at %s", slug, cell);
	for (int r = 0; r < DU_RES; r++) {
		before[r] = du_stock(&S, 0, r);
		total += cost[r];
	}
	is_int(0, order(0, o), "%s: %s", slug, o);
	for (int r = 0; r < DU_RES; r++)
		paid &= before[r] - du_stock(&S, 0, r) == cost[r];
	ok(paid, "%s: paid exactly its cost (%d units)", slug, total);
}

static void
t_handelsgilde(void)
{
	static const uint8_t cost[DU_RES] = { 0, 2, 2, 1, 0, 0 };
	int vp;

	card("handelsgilde");
	position(3, 3);
	ok(du_seg_len(&S, DU_SEG_OPEN) == 2, "handelsgilde DU18.5: both in "
	    "the open pile");
	vp = du_vp(&S, 0);
	ok(refused(0, "build handelsgilde at n2") &&
	    strstr(E.msg, "DU18.11") != NULL,
	    "handelsgilde DU18.11: not on a settlement's site, nothing "
	    "changes");
	build_exact("handelsgilde", "l2", cost);
	ok(du_vp(&S, 0) == vp + 1 && du_points(&S, 0, DU_P_TRADE) == 2 &&
	    du_seg_len(&S, DU_SEG_OPEN) == 1 && S.p[0].nhand == 0,
	    "handelsgilde: 1 VP, 2 trade points, from the open pile");
	/* one unit short: the brick */
	position(3, 3);
	for (int i = 0; i < DU_START_REGIONS; i++)
		if (D.region[i].kind == DU_BRICK)
			S.stored[i] = 1;
	ok(refused(0, "build handelsgilde at l2"),
	    "handelsgilde: 1 brick short: refused, nothing changes");
}

static void
t_haven(void)
{
	static const uint8_t cost[DU_RES] = { 0, 1, 1, 0, 1, 0 };
	int vp;

	card("haven");
	position(4, 3);
	to_hand(0, "haven");
	ok(refused(0, "build haven at n2") && strstr(E.msg, "DU18.11"),
	    "haven DU18.11: a city expansion: not at n2, nothing changes");
	vp = du_vp(&S, 0);
	build_exact("haven", "l1", cost);
	is_int(vp, du_vp(&S, 0), "haven: no VP without trade ships");
	is_int(1, du_points(&S, 0, DU_P_TRADE), "haven: 1 trade point");
	place(0, "n2", "ertshandelsschip");
	place(0, "n4", "graanhandelsschip");
	is_int(vp + 1, du_vp(&S, 0), "haven: 2 trade ships: no VP of its "
	    "own (1 for the trade token: 3 trade points, DU13.2)");
	place(0, "l5", "goudhandelsschip");
	is_int(vp + 1 + 1, du_vp(&S, 0), "haven: the third trade ship: its "
	    "1 VP (and the token's)");
	is_int(0, order(0, "demolish l5"), "DU18.9: red removes a ship");
	is_int(vp + 1, du_vp(&S, 0), "haven: 2 ships again: its VP gone at "
	    "once (the token kept, 3 trade points)");
}

static void
t_zoutpakhuis(void)
{
	static const uint8_t cost[DU_RES] = { 0, 1, 2, 0, 0, 2 };
	int vp;

	card("zoutpakhuis");
	position(5, 3);
	to_hand(0, "zoutpakhuis");
	vp = du_vp(&S, 0);
	build_exact("zoutpakhuis", "l4", cost);
	ok(du_vp(&S, 0) == vp + 1 && du_points(&S, 0, DU_P_TRADE) == 0,
	    "zoutpakhuis: 1 VP; no trade ship, no trade point");
	place(0, "n2", "wolhandelsschip");
	is_int(2, du_points(&S, 0, DU_P_TRADE),
	    "zoutpakhuis: a trade ship is worth 2 trade points");
	place(0, "n4", "groot-handelsschip");
	is_int(4, du_points(&S, 0, DU_P_TRADE),
	    "zoutpakhuis: the groot-handelsschip too: 4 trade points");
	ok(du_token(&S, 1) == 0 && du_vp(&S, 0) == vp + 2,
	    "zoutpakhuis: the trade token with 4 (DU13.2)");
	/* the control: the same ships without it */
	is_int(0, order(0, "demolish l4"), "DU18.9: zoutpakhuis removed");
	is_int(2, du_points(&S, 0, DU_P_TRADE), "zoutpakhuis removed: the "
	    "ships 1 each");
	position(5, 0);
	to_hand(0, "zoutpakhuis");
	ok(refused(0, "build zoutpakhuis at l4"),
	    "zoutpakhuis: no gold: refused, nothing changes");
}

static void
t_handelssteunpunt(void)
{
	static const uint8_t cost[DU_RES] = { 0, 1, 2, 2, 0, 0 };
	int vp;

	card("handelssteunpunt");
	position(6, 3);
	to_hand(0, "handelssteunpunt");
	ok(refused(0, "build handelssteunpunt at n4") &&
	    strstr(E.msg, "DU18.11"), "handelssteunpunt DU18.11: not at n4");
	vp = du_vp(&S, 0);
	build_exact("handelssteunpunt", "l1", cost);
	ok(du_vp(&S, 0) == vp + 1 && du_points(&S, 0, DU_P_TRADE) == 1,
	    "handelssteunpunt: 1 VP, 1 trade point without Markt or Haven");
	place(0, "n2", "markt");
	is_int(3, du_points(&S, 0, DU_P_TRADE),
	    "handelssteunpunt: Markt worth 2: 3 trade points");
	place(0, "l2", "haven");
	is_int(5, du_points(&S, 0, DU_P_TRADE),
	    "handelssteunpunt: Haven worth 2 too: 5 trade points");
	is_int(0, order(0, "demolish l1"), "handelssteunpunt removed");
	is_int(2, du_points(&S, 0, DU_P_TRADE),
	    "without it: Markt 1, Haven 1");
}

/* Red holds the trade advantage (handelsgilde 2, haven 1), geldschieter
 * or not; blue's regions full (18 units, no room for production), red's
 * empty, or (room1) full but for one unit of room; a trade event. */
static int
trade_event(int lender, int room1)
{
	int die = 6;

	position(7, room1 ? 3 : 0);
	place(0, "l1", "handelsgilde");
	place(0, "l2", "haven");
	if (lender)
		place(0, "l4", "geldschieter");
	for (int i = 0; i < DU_START_REGIONS; i++)
		S.stored[DU_START_REGIONS + i] = 3;
	if (room1) {
		/* red's first region 2, not the one the die names */
		S.stored[0] = 2;
		die = D.region[0].number == 6 ? 5 : 6;
	}
	S.p[0].nprefer = DU_RES;
	for (int r = 0; r < DU_RES; r++)
		S.p[0].prefer[r] = (uint8_t)r;
	S.phase = DU_PH_ROLL;
	return roll(0, die, DU_F_TRADE);
}

static void
t_geldschieter(void)
{
	static const uint8_t cost[DU_RES] = { 2, 1, 0, 0, 2, 0 };
	int blue;

	card("geldschieter");
	position(8, 3);
	to_hand(0, "geldschieter");
	ok(refused(0, "build geldschieter at n2") && strstr(E.msg, "DU18.11"),
	    "geldschieter DU18.11: not at n2, nothing changes");
	{
		int vp = du_vp(&S, 0);

		build_exact("geldschieter", "l5", cost);
		is_int(vp + 1, du_vp(&S, 0), "geldschieter: 1 VP");
	}
	/* the control: the trade advantage takes 1 (DU7.2) */
	is_int(0, trade_event(0, 0), "DU7.2: red rolls a trade event");
	blue = stock_total(1);
	ok(du_token(&S, 1) == 0 && blue == 17 && S.phase == DU_PH_ACTION,
	    "DU7.2: without geldschieter red takes 1 of blue's 18");
	is_int(0, trade_event(1, 0), "geldschieter: red rolls a trade event");
	ok(stock_total(1) == 16 && S.phase == DU_PH_ACTION,
	    "geldschieter: red takes 2 of blue's 18");
	/* room for one only: blue keeps the second (DU16.3) */
	is_int(0, trade_event(1, 1), "geldschieter: red has room for 1");
	ok(stock_total(1) == 17 && stock_total(0) == 18 &&
	    note_has("no resource to gain (DU16.3)"),
	    "geldschieter: 1 taken, the second lapses, blue keeps it (DU16.3)");
}

/* Stapelhuis: requires a Handelsgilde; paid in full, then 2 of choice */
static void
t_stapelhuis(void)
{
	static const uint8_t cost[DU_RES] = { 0, 2, 1, 0, 2, 0 };
	int vp, grain = -1;

	card("stapelhuis");
	position(11, 3);
	S.stage = DU_ST_DONE;	/* as after every roll */
	to_hand(0, "stapelhuis");
	ok(refused(0, "build stapelhuis at l1") && strstr(E.msg,
	    "requires a handelsgilde of his own (DU18.8)"),
	    "stapelhuis DU18.8: no Handelsgilde: refused, nothing changes");
	place(0, "l2", "handelsgilde");
	ok(refused(0, "build stapelhuis at n2") && strstr(E.msg, "DU18.11"),
	    "stapelhuis DU18.11: not at n2, nothing changes");
	for (int i = 0; i < DU_START_REGIONS; i++)
		if (D.region[i].kind == DU_GRAIN)
			grain = i;
	S.stored[grain] = 1;
	vp = du_vp(&S, 0);
	build_exact("stapelhuis", "l1", cost);
	is_int(vp + 1, du_vp(&S, 0), "stapelhuis: 1 VP");
	ok(S.phase == DU_PH_CHOICE && S.choice == DU_CH_GAIN &&
	    S.aw_seat == 0 && S.ngq == 2, "stapelhuis: red chooses 2 gains");
	ok(refused(1, "gain ore"), "stapelhuis: blue may not choose");
	is_int(0, order(0, "gain grain"), "stapelhuis: red gains grain");
	ok(S.stored[grain] == 2 && S.phase == DU_PH_CHOICE && S.ngq == 1,
	    "stapelhuis: 1 grain gained, the second to choose");
	is_int(0, order(0, "gain grain"), "stapelhuis: and grain again");
	ok(S.stored[grain] == 3 && S.phase == DU_PH_ACTION && S.aw_seat == 0,
	    "stapelhuis: 2 grain in all; red's action phase goes on");
	/* the second copy: 1x? no, two may stand */
	place(0, "l4", "stapelhuis");
	is_int(vp + 2, du_vp(&S, 0), "stapelhuis: a second one counts too");
}

/* Vorstelijk geschenk: 1 gold a unit with strength, each player */
static void
t_vorstelijk_geschenk(void)
{
	int rg[2] = { -1, -1 }, die = 0;

	card("vorstelijk-geschenk");
	position(10, 2);
	for (int i = 0; i < 2 * DU_START_REGIONS; i++)
		if (D.region[i].kind == DU_GOLD)
			rg[i / DU_START_REGIONS] = i;
	S.stored[rg[1]] = 0;
	place(0, "n2", "markus");		/* strength 4 */
	place(0, "n4", "roemer");		/* strength 1 */
	place(0, "l1", "wolhandelsschip");	/* strength 0 */
	S.p[1].cell[11][1] = (uint8_t)(DU_C_EXP + take_inst("jorrit"));
	du_grid_index(&S);
	to_seg(DU_SEG_EVENTS, 0, "vorstelijk-geschenk");
	for (int d = 1; d <= 6 && !die; d++)
		if (d != D.region[rg[0]].number && d != D.region[rg[1]].number)
			die = d;
	S.phase = DU_PH_ROLL;
	is_int(0, roll(0, die, DU_F_EVENT), "vorstelijk-geschenk: red rolls "
	    "an event, the card turned up");
	ok(S.stored[rg[0]] == 3 && note_has("red: 2 units with strength, +1 "
	    "gold, the rest lost"), "vorstelijk-geschenk: red's markus and "
	    "roemer (not the ship): 2 gold, room for 1, 1 lost");
	ok(S.stored[rg[1]] == 1 && note_has("blue: 1 unit with strength, +1 "
	    "gold"), "vorstelijk-geschenk: blue's jorrit: 1 gold");
	ok(S.phase == DU_PH_ACTION && D.inst[du_seg(&S, DU_SEG_EVENTS)[
	    du_seg_len(&S, DU_SEG_EVENTS) - 1]] ==
	    du_card_find(&D, "vorstelijk-geschenk"), "vorstelijk-geschenk: "
	    "nobody asked; it goes under the event deck (DU17.1)");
}

/* De Gouden Eeuw's own copies of basic cards (DU19, list of the set):
 * opslagplaats, tolbrug, groot-handelsschip, goudsmid in its stacks 4
 * and 5, handelsschepenrace and reizende-koopman in its event deck, all
 * with the set's back (DU18.10); none in the introductory game. */
static void
t_copies(void)
{
	static const char *const draw[] = { "opslagplaats", "tolbrug",
		"groot-handelsschip", "goudsmid" };
	static const char *const ev[] = { "handelsschepenrace",
		"reizende-koopman" };
	int theme_inst = -1, basic_inst = -1;

	position(9, 3);
	for (int i = 0; i < 4; i++) {
		int k = du_card_find(&D, draw[i]), n = 0;

		for (int sg = 3; sg < 5; sg++)
			for (int j = 0; j < du_seg_len(&S, sg); j++)
				n += D.inst[du_seg(&S, sg)[j]] == k &&
				    D.iset[du_seg(&S, sg)[j]] == DU_SET_GOLD;
		is_int(1, n, "DU19: %s: the set's copy lies in stack 4 or 5",
		    draw[i]);
	}
	for (int i = 0; i < 2; i++) {
		int k = du_card_find(&D, ev[i]), n = 0;

		for (int j = 0; j < du_seg_len(&S, DU_SEG_EVENTS); j++)
			n += D.inst[du_seg(&S, DU_SEG_EVENTS)[j]] == k &&
			    D.iset[du_seg(&S, DU_SEG_EVENTS)[j]] == DU_SET_GOLD;
		is_int(1, n, "DU18.3: %s: the set's copy is in the event deck",
		    ev[i]);
	}
	/* DU18.10: the set's opslagplaats under stack 4 or 5 only */
	for (int i = 0; i < D.ninst; i++)
		if (D.inst[i] == du_card_find(&D, "opslagplaats")) {
			if (D.iset[i] == DU_SET_GOLD)
				theme_inst = i;
			else
				basic_inst = i;
		}
	for (int sg = 0; sg < 5; sg++)
		for (int j = 0; j < du_seg_len(&S, sg); j++) {
			uint8_t *c = S.pile + (du_seg(&S, sg) - S.pile) + j;

			if (*c == theme_inst || *c == basic_inst) {
				int off = (int)(du_seg(&S, sg) - S.pile) + j, n = 0;

				for (int x = 0; x < DU_SEGS; x++)
					n += S.nseg[x];
				S.p[0].hand[S.p[0].nhand++] = *c;
				memmove(S.pile + off, S.pile + off + 1,
				    (size_t)(n - off - 1));
				S.nseg[sg]--;
				j--;
			}
		}
	S.phase = DU_PH_EXCHANGE;
	ok(S.p[0].nhand == 2, "red holds both kinds of opslagplaats");
	{
		int t = D.iset[S.p[0].hand[0]] == DU_SET_GOLD ? 1 : 2;
		char o[64];

		snprintf(o, sizeof o, "exchange card %d under stack 2 draw "
		    "stack 1", t);
		ok(refused(0, o) && strstr(E.msg, "DU18.10") != NULL,
		    "DU18.10: the set's opslagplaats under stack 2: refused, "
		    "nothing changes: %s", E.msg);
		snprintf(o, sizeof o, "exchange card %d under stack 2 draw "
		    "stack 1", 3 - t);
		is_int(0, order(0, o), "DU18.10: the basic one under stack 2");
	}
	/* the introductory game deals none of the set's cards */
	{
		unsigned char key[RULES_SEED_BYTES] = { 9 };
		int n = 0;

		chance_seed_init(&CS, key);
		if (du_init(&S, &D, &CS.chance, &N, &E) != 0)
			bail("init: %s", E.msg);
		for (int sg = 0; sg < DU_SEGS; sg++)
			for (int j = 0; j < du_seg_len(&S, sg); j++)
				n += D.iset[du_seg(&S, sg)[j]] != DU_SET_BASIS;
		is_int(0, n, "DU3.3, DU3.4: the intro deals no card of De "
		    "Gouden Eeuw, copies included");
	}
}

/* ---- the cards that take from the other (DU19.1-DU19.5) ---------------- */

/* 1 when seat lists the order text (du_legal, du_format). */
static int
listed(int seat, const char *text)
{
	static struct du_action a[4096];
	int n = du_legal(&S, seat, a, 4096);
	char buf[128];

	for (int i = 0; i < n && i < 4096; i++) {
		du_format(&D, &a[i], buf, sizeof buf);
		if (strcmp(buf, text) == 0)
			return 1;
	}
	return 0;
}

/* The card on top of the discard pile. */
static const char *
discard_top(void)
{
	if (du_seg_len(&S, DU_SEG_DISCARD) == 0)
		return "";
	return D.card[D.inst[du_seg(&S, DU_SEG_DISCARD)[0]]].slug;
}

static void
t_handelsmeester(void)
{
	card("handelsmeester");
	/* red 1 on each region, blue as at the start (1, gold 0) */
	position(12, 1);
	to_hand(0, "handelsmeester");
	ok(refused(0, "play handelsmeester ore") && strstr(E.msg,
	    "handelsmeester needs a handelsgilde of his own (DU18.8)"),
	    "handelsmeester DU19.2 DU18.8: no Handelsgilde: refused, nothing "
	    "changes");
	ok(!listed(0, "play handelsmeester ore"), "handelsmeester DU18.8: "
	    "not listed without a Handelsgilde");
	place(0, "l2", "handelsgilde");
	ok(listed(0, "play handelsmeester grain and ore") &&
	    !listed(0, "play handelsmeester gold"), "handelsmeester DU19.1: "
	    "listed for grain and ore, not for gold blue lacks");
	ok(refused(0, "play handelsmeester gold") && strstr(E.msg,
	    "blue has 0 gold: handelsmeester takes 1 (DU19.1)"),
	    "handelsmeester DU19.1: gold blue has not: refused, nothing "
	    "changes");
	ok(refused(0, "play handelsmeester ore and ore") && strstr(E.msg,
	    "blue has 1 ore: handelsmeester takes 2 (DU19.1)"),
	    "handelsmeester DU19.1: 2 ore of blue's 1: refused, nothing "
	    "changes");
	is_int(0, order(0, "play handelsmeester grain and ore"),
	    "handelsmeester DU19.2: red takes grain and ore");
	ok(units(0, "o4") == 2 && units(0, "o2") == 2 && units(1, "o4") == 0 &&
	    units(1, "o2") == 0 && S.p[0].nhand == 0 &&
	    strcmp(discard_top(), "handelsmeester") == 0 &&
	    note_has("red plays handelsmeester: blue gives grain and ore"),
	    "handelsmeester DU19.1: blue's grain and ore are red's; the card "
	    "on the discard pile");
	/* room: red's bergen full, blue has ore again */
	to_hand(0, "handelsmeester");
	set_units(0, "o4", 3);
	set_units(1, "o4", 2);
	ok(refused(0, "play handelsmeester ore") && strstr(E.msg,
	    "red has room for 0 ore: handelsmeester takes 1 (DU19.1)"),
	    "handelsmeester DU19.1: no room for ore: refused, nothing changes");
	for (int i = 0; i < DU_START_REGIONS; i++)
		S.stored[DU_START_REGIONS + i] = 0;
	ok(refused(0, "play handelsmeester wool") && strstr(E.msg,
	    "blue has no resources: handelsmeester cannot be played "
	    "(DU19.1)"), "handelsmeester DU19.1: blue holds nothing: refused, "
	    "nothing changes");
}

static void
t_handelaar(void)
{
	card("handelaar");
	position(13, 1);
	to_hand(0, "handelaar");
	*cellp(0, "l3") = DU_C_SETTLEMENT;
	ok(refused(0, "play handelaar ore give ore") && strstr(E.msg,
	    "handelaar needs a city or 3 trade points (DU18.8)"),
	    "handelaar DU19.3 DU18.8: no city, no trade points: refused, "
	    "nothing changes");
	place(0, "l2", "ertshandelsschip");
	place(0, "l4", "graanhandelsschip");
	place(0, "n2", "wolhandelsschip");
	ok(du_points(&S, 0, DU_P_TRADE) == 3 &&
	    listed(0, "play handelaar ore give ore"), "handelaar DU18.8: "
	    "3 trade points and no city: listed");
	position(13, 1);
	to_hand(0, "handelaar");
	ok(refused(0, "play handelaar ore") && refused(0, "play handelaar "
	    "ore give"), "handelaar DU19.3: without the resource given back: "
	    "refused, nothing changes");
	set_units(0, "m2", 0);
	ok(refused(0, "play handelaar ore give gold") && strstr(E.msg,
	    "red will hold no gold to give back (DU19.3)"), "handelaar "
	    "DU19.3: gold red will not hold: refused, nothing changes");
	is_int(0, order(0, "play handelaar grain and ore give ore"),
	    "handelaar DU19.3: red takes grain and ore, gives ore back");
	ok(units(0, "o4") == 1 && units(0, "o2") == 2 && units(1, "o4") == 1 &&
	    units(1, "o2") == 0 && note_has("red gives ore back") &&
	    strcmp(discard_top(), "handelaar") == 0,
	    "handelaar DU19.3: the ore taken goes back: red grain 2, blue ore "
	    "1, grain 0");
	/* the unit given back finds no room with blue: lost */
	to_hand(0, "handelaar");
	set_units(1, "k2", 3);
	is_int(0, order(0, "play handelaar wool give lumber"),
	    "handelaar DU19.3: red gives lumber blue has no room for");
	ok(units(0, "k2") == 0 && units(1, "k2") == 3 && units(0, "m4") == 2 &&
	    note_has("no room, lost (DU4.3)"), "handelaar DU19.3 DU4.3: the "
	    "lumber given is lost");
}

static void
t_rooftocht(void)
{
	card("rooftocht");
	position(14, 1);
	to_hand(0, "rooftocht");
	ok(refused(0, "play rooftocht wool") && strstr(E.msg,
	    "rooftocht needs the strength advantage (DU18.8)"),
	    "rooftocht DU19.4 DU18.8: no strength advantage: refused, nothing "
	    "changes");
	place(0, "n2", "markus");
	ok(du_token(&S, 0) == 0 && refused(0, "play rooftocht wool and wool"),
	    "rooftocht DU19.1: 2 wool of blue's 1: refused, nothing changes");
	set_units(1, "m4", 2);
	is_int(0, order(0, "play rooftocht wool and wool"),
	    "rooftocht DU19.4: red with the strength advantage asks 2 wool");
	ok(units(0, "m4") == 3 && units(1, "m4") == 0 &&
	    strcmp(discard_top(), "rooftocht") == 0 && S.p[0].nhand == 0,
	    "rooftocht DU19.4: blue gives both");
}

static void
t_dounya(void)
{
	card("dounya");
	position(15, 1);
	to_hand(0, "dounya");
	ok(refused(0, "play dounya") && strstr(E.msg,
	    "dounya needs a piratenschip of his own (DU18.8)"),
	    "dounya DU19.5 DU18.8: no Piratenschip: refused, nothing changes");
	place(0, "n2", "piratenschip");
	ok(refused(0, "play dounya") && strstr(E.msg, "blue has no gold: "
	    "dounya cannot be played (DU19.5)") && !listed(0, "play dounya"),
	    "dounya DU19.5: blue without gold: refused, nothing changes");
	set_units(1, "m2", 3);
	set_units(0, "m2", 3);
	ok(refused(0, "play dounya") && strstr(E.msg, "red has no room for "
	    "gold: dounya would take nothing (DU19.5)"), "dounya DU19.5: no "
	    "room for gold: refused, nothing changes");
	set_units(0, "m2", 0);
	ok(listed(0, "play dounya"), "dounya: listed");
	is_int(0, order(0, "play dounya"), "dounya DU19.5: red plays dounya");
	ok(units(0, "m2") == 2 && units(1, "m2") == 1 &&
	    note_has("blue gives 2 gold") && strcmp(discard_top(), "dounya") ==
	    0, "dounya DU19.5: 2 gold for the one Piratenschip");
	/* two ships, room for 1: 1 */
	position(15, 1);
	to_hand(0, "dounya");
	place(0, "n2", "piratenschip");
	place(0, "n4", "piratenschip");
	set_units(0, "m2", 2);
	set_units(1, "m2", 3);
	is_int(0, order(0, "play dounya"), "dounya DU19.5: 2 Piratenschepen, "
	    "room for 1 gold");
	ok(units(0, "m2") == 3 && units(1, "m2") == 2, "dounya DU19.5: no "
	    "more than fits: 1 gold");
	/* blue holds 1: 1 */
	position(15, 0);
	to_hand(0, "dounya");
	place(0, "n2", "piratenschip");
	place(0, "n4", "piratenschip");
	set_units(1, "m2", 1);
	is_int(0, order(0, "play dounya"), "dounya DU19.5: blue holds 1 gold");
	ok(units(0, "m2") == 1 && units(1, "m2") == 0, "dounya DU19.5: no "
	    "more than blue holds: 1 gold");
}

/* Reiner: a celebration red's skill wins (inge, 3); blue holds Reiner. */
static void
t_reiner(void)
{
	int blue_total;

	card("reiner");
	position(16, 1);
	place(0, "n2", "inge");
	to_hand(1, "reiner");
	S.phase = DU_PH_ROLL;
	S.stage = DU_ST_DONE;
	blue_total = stock_total(1);
	is_int(0, roll(0, 6, DU_F_CELEBRATION), "reiner DU19.6: red rolls a "
	    "celebration; red has more skill");
	ok(S.p[1].nhand == 0 && strcmp(discard_top(), "reiner") == 0 &&
	    note_has("blue plays reiner: 1 resource of his choice all the "
	    "same (DU19.6)") && S.ngq == 2, "reiner DU19.6: blue plays it at "
	    "once: two gains to choose, red's and blue's");
	S.p[0].nprefer = S.p[1].nprefer = 0;
	while (S.phase == DU_PH_CHOICE && S.aw_seat == 0)
		if (order(0, "gain ore") != 0)
			break;
	ok(S.phase == DU_PH_CHOICE && S.aw_seat == 1, "reiner DU19.6: then "
	    "blue chooses");
	is_int(0, order(1, "gain wool"), "reiner DU19.6: blue gains wool");
	ok(units(1, "m4") == 2 && S.phase == DU_PH_ACTION, "reiner DU19.6: "
	    "blue's wool 2");
	(void)blue_total;
	/* the control: a tie gives blue his gain; Reiner stays */
	position(16, 1);
	to_hand(1, "reiner");
	S.phase = DU_PH_ROLL;
	is_int(0, roll(0, 6, DU_F_CELEBRATION), "reiner DU19.6: a "
	    "celebration at equal skill");
	ok(S.p[1].nhand == 1 && !note_has("reiner"), "reiner DU19.6: both "
	    "gain; blue keeps Reiner");
	/* the holder with more skill keeps him too */
	position(16, 1);
	place(1, "n2", "inge");
	to_hand(1, "reiner");
	S.phase = DU_PH_ROLL;
	is_int(0, roll(0, 6, DU_F_CELEBRATION), "reiner DU19.6: blue has "
	    "more skill");
	ok(S.p[1].nhand == 1 && S.ngq == 1, "reiner DU19.6: blue gains as "
	    "usual and keeps Reiner; red gains nothing");
}

static void
t_piratenschip(void)
{
	static const uint8_t cost[DU_RES] = { 1, 0, 1, 0, 0, 0 };

	card("piratenschip");
	position(17, 3);
	place(1, "l2", "wolhandelsschip");
	place(1, "l4", "groot-handelsschip");
	to_hand(0, "piratenschip");
	build_exact("piratenschip", "n2", cost);
	ok(S.phase == DU_PH_CHOICE && S.choice == DU_CH_SINK &&
	    S.aw_seat == 1 && note_has("blue chooses a trade ship to lose "
	    "(DU19.7)"), "piratenschip DU19.7: built; blue, with 2 trade "
	    "ships, chooses one");
	ok(listed(1, "remove l2") && listed(1, "remove l4") &&
	    !listed(1, "remove n2"), "piratenschip DU19.7: blue's two ships "
	    "are listed");
	ok(refused(0, "remove l2") && refused(0, "end"),
	    "piratenschip DU19.7: red waits: refused, nothing changes");
	ok(refused(1, "remove n2") && strstr(E.msg, "n2 holds no trade ship "
	    "of blue (DU19.7)"), "piratenschip DU19.7: no ship at n2: "
	    "refused, nothing changes");
	ok(refused(1, "remove l2 under stack 4") && strstr(E.msg, "DU19.7"),
	    "piratenschip DU19.7: a sunk ship goes under no stack: refused, "
	    "nothing changes");
	is_int(0, order(1, "remove l4"), "piratenschip DU19.7: blue gives "
	    "up the groot-handelsschip");
	ok(*cellp(1, "l4") == DU_C_EMPTY && strcmp(discard_top(),
	    "groot-handelsschip") == 0 && S.phase == DU_PH_ACTION &&
	    S.aw_seat == 0, "piratenschip DU19.7: to the discard pile; red's "
	    "action phase goes on");
	ok(du_points(&S, 0, DU_P_STRENGTH) == 1 &&
	    du_points(&S, 0, DU_P_TRADE) == 0, "piratenschip: strength 1, not "
	    "a trade ship");
	/* one ship left: removed without asking */
	to_hand(0, "piratenschip");
	is_int(0, order(0, "build piratenschip at n4"), "piratenschip "
	    "DU19.7: the second");
	ok(*cellp(1, "l2") == DU_C_EMPTY && S.phase == DU_PH_ACTION &&
	    S.aw_seat == 0, "piratenschip DU19.7: blue's only ship is "
	    "removed without asking");
	/* a Piratenschip is no trade ship: blue's is safe */
	position(17, 3);
	*cellp(0, "n2") = DU_C_EMPTY;
	place(1, "l2", "piratenschip");
	to_hand(0, "piratenschip");
	is_int(0, order(0, "build piratenschip at n2"), "piratenschip "
	    "DU19.7: against blue's piratenschip");
	ok(DU_IS_EXP(*cellp(1, "l2")) && S.phase == DU_PH_ACTION &&
	    note_has("blue has no trade ship (DU19.7)"), "piratenschip "
	    "DU19.7: nothing happens");
	/* the plentiful harvest: 1 gold for each */
	position(17, 0);
	place(0, "n2", "piratenschip");
	place(0, "n4", "piratenschip");
	S.phase = DU_PH_ROLL;
	is_int(0, roll(0, 6, DU_F_HARVEST), "piratenschip DU19.7 DU7.4: a "
	    "plentiful harvest");
	ok(du_stock(&S, 0, DU_GOLD) == 2 && note_has("red: piratenschip "
	    "(DU19.7) +2 gold"), "piratenschip DU19.7: red's two: 2 gold");
}

static void
t_muntenhandel(void)
{
	static const uint8_t cost[DU_RES] = { 2, 1, 0, 0, 2, 0 };
	int vp;

	card("muntenhandel");
	position(18, 3);
	ok(refused(0, "trade 1 gold for ore") && strstr(E.msg,
	    "red has no muntenhandel"), "muntenhandel DU19.9: none built: "
	    "trade 1 refused, nothing changes");
	to_hand(0, "muntenhandel");
	ok(refused(0, "build muntenhandel at n2") && strstr(E.msg, "DU18.11"),
	    "muntenhandel DU18.11: not at n2, nothing changes");
	vp = du_vp(&S, 0);
	build_exact("muntenhandel", "l1", cost);
	is_int(vp + 1, du_vp(&S, 0), "muntenhandel: 1 VP");
	set_units(0, "m2", 2);
	set_units(0, "o4", 0);
	ok(listed(0, "trade 1 gold for ore") &&
	    !listed(0, "trade 1 wool for ore"), "muntenhandel DU19.9: 1 gold "
	    "listed, not 1 wool");
	ok(refused(0, "trade 1 wool for ore") && strstr(E.msg, "a muntenhandel "
	    "trades gold, not wool (DU19.9)"), "muntenhandel DU19.9: 1 wool: "
	    "refused, nothing changes");
	is_int(0, order(0, "trade 1 gold for ore"), "muntenhandel DU19.9: "
	    "1 gold for 1 ore");
	ok(units(0, "m2") == 1 && units(0, "o4") == 1 && S.mint == 1 &&
	    note_has("red trades 1 gold for 1 ore (muntenhandel)"),
	    "muntenhandel DU19.9: gold 1, ore 1");
	ok(refused(0, "trade 1 gold for ore") && strstr(E.msg, "traded this "
	    "turn already") && !listed(0, "trade 1 gold for ore"),
	    "muntenhandel DU19.9: once a turn: refused, nothing changes");
	place(0, "l2", "muntenhandel");
	is_int(0, order(0, "trade 1 gold for grain"), "muntenhandel DU19.9: "
	    "the second trades too");
	ok(units(0, "m2") == 0 && S.mint == 2, "muntenhandel DU19.9: two "
	    "trades with two");
	/* the next turn counts anew */
	is_int(0, order(0, "end"), "muntenhandel: red ends");
	while (S.phase == DU_PH_REPLENISH && S.active == 0)
		if (order(0, "draw stack 1") != 0)
			break;
	if (S.phase == DU_PH_EXCHANGE)
		order(0, "pass");
	ok(S.active == 1 && S.phase == DU_PH_ROLL && S.mint == 0,
	    "muntenhandel DU19.9: blue's turn: the count starts again");
}

/* Verborgen goudmijn: a region expansion that stores gold (DU19.8). */
static void
t_verborgen_goudmijn(void)
{
	static const uint8_t cost[DU_RES] = { 1, 1, 0, 0, 1, 0 };

	card("verborgen-goudmijn");
	position(19, 3);
	to_hand(0, "verborgen-goudmijn");
	ok(refused(0, "build verborgen-goudmijn at l2") && strstr(E.msg,
	    "above or below a region of red, and l2 is not such a site "
	    "(DU18.11)") && !listed(0, "build verborgen-goudmijn at l2"),
	    "verborgen-goudmijn DU19.8 DU18.11: not on a settlement's site, "
	    "nothing changes");
	ok(refused(0, "build verborgen-goudmijn at a1") &&
	    refused(0, "build verborgen-goudmijn at m3"),
	    "verborgen-goudmijn DU18.11: not where no region is below, not on "
	    "the road: refused, nothing changes");
	ok(listed(0, "build verborgen-goudmijn at k1") &&
	    listed(0, "build verborgen-goudmijn at o5"),
	    "verborgen-goudmijn DU18.11: listed above and below red's regions");
	build_exact("verborgen-goudmijn", "m1", cost);
	ok(S.cache_cell == DU_CELL(12, 0) + 1 && S.cache_seat == 0 &&
	    S.cache_gold == 0 && du_stock(&S, 0, DU_GOLD) == 3,
	    "verborgen-goudmijn DU19.8: built above rivier-1, empty");
	/* gains: the rivier full, the goudmijn stores */
	is_int(0, order(0, "trade 3 wool for gold"), "verborgen-goudmijn: 3 "
	    "wool for gold, the rivier full");
	ok(S.cache_gold == 1 && du_stock(&S, 0, DU_GOLD) == 4,
	    "verborgen-goudmijn DU19.8 DU4.3: the gold on the goudmijn");
	ok(refused(0, "trade 3 grain for ore at m1") && strstr(E.msg,
	    "stores gold only (DU19.8)"), "verborgen-goudmijn DU19.8: no ore "
	    "at m1: refused, nothing changes");
	is_int(0, order(0, "trade 3 grain for gold at m1"),
	    "verborgen-goudmijn DU4.3: gold placed at m1");
	is_int(2, S.cache_gold, "verborgen-goudmijn: 2 gold on it");
	/* payments: named, then by the default */
	to_hand(0, "goudsmid");
	is_int(0, order(0, "play goudsmid for wool and wool paying m1 m1 m2"),
	    "verborgen-goudmijn DU4.4: goudsmid paid from m1 twice and m2");
	ok(S.cache_gold == 0 && units(0, "m2") == 2 && units(0, "m4") == 2,
	    "verborgen-goudmijn DU19.8: its gold pays like any gold");
	S.cache_gold = 3;
	set_units(0, "m2", 1);
	is_int(0, order(0, "trade 3 gold for wool"), "verborgen-goudmijn "
	    "DU4.4: 3 gold paid by the default");
	ok(S.cache_gold == 1 && units(0, "m2") == 0, "verborgen-goudmijn "
	    "DU4.4: from the goudmijn while it holds more, then the rivier");
	/* taken like any gold */
	S.cache_gold = 2;
	place(1, "l2", "handelsgilde");
	to_hand(1, "handelsmeester");
	S.active = S.aw_seat = 1;
	is_int(0, order(1, "play handelsmeester gold and gold"),
	    "verborgen-goudmijn DU19.1: blue takes 2 gold of red's");
	ok(S.cache_gold == 0 && units(1, "m2") == 2, "verborgen-goudmijn "
	    "DU19.8: taken from the goudmijn");
	S.active = S.aw_seat = 0;
	ok(refused(0, "demolish m1") && strstr(E.msg, "neither a building nor "
	    "a unit"), "verborgen-goudmijn DU18.9: not removed: refused, "
	    "nothing changes");
	place(0, "l2", "markus");
	to_hand(0, "verhuizing");
	ok(refused(0, "play verhuizing m1 l2") && strstr(E.msg, "stays on its "
	    "site"), "verborgen-goudmijn DU12.6: verhuizing leaves it: "
	    "refused, nothing changes");
	/* the brigand: neither counted nor lost */
	for (int i = 0; i < DU_START_REGIONS; i++)
		S.stored[i] = 0;
	set_units(0, "m2", 3);
	set_units(0, "m4", 3);
	set_units(0, "k2", 1);
	S.cache_gold = 3;
	S.phase = DU_PH_ROLL;
	is_int(0, roll(0, 2, DU_F_BRIGAND), "verborgen-goudmijn DU7.1: a "
	    "brigand attack, red 7 on his regions and 3 on the goudmijn");
	ok(units(0, "m2") == 3 && units(0, "m4") == 3 && S.cache_gold == 3,
	    "verborgen-goudmijn DU7.1: its gold is not counted: red loses "
	    "nothing");
	position(19, 3);
	to_hand(0, "verborgen-goudmijn");
	is_int(0, order(0, "build verborgen-goudmijn at k5"),
	    "verborgen-goudmijn: below heuvels-3");
	S.cache_gold = 3;
	S.phase = DU_PH_ROLL;
	is_int(0, roll(0, 2, DU_F_BRIGAND), "verborgen-goudmijn DU7.1: a "
	    "brigand attack, red 18 on his regions");
	ok(units(0, "m2") == 0 && units(0, "m4") == 0 && S.cache_gold == 3,
	    "verborgen-goudmijn DU7.1: the rivier's gold and the wool lost, "
	    "the goudmijn's kept");
	/* DU14.4: a search's fee named on it, paid with its gold */
	S.phase = DU_PH_EXCHANGE;
	S.active = S.aw_seat = 0;
	to_hand(0, "verhuizing");
	{
		int n = S.p[0].nhand;
		char o[80];

		snprintf(o, sizeof o, "exchange card %d under stack 1 search "
		    "stack 2 paying k5 k5", n);
		S.cache_gold = 1;
		ok(refused(0, o) && strstr(E.msg, "not enough gold: "
		    "searching a stack costs 2 gold, red has 1 gold"),
		    "verborgen-goudmijn DU14.4 DU19.8: a search's 2 units from "
		    "its 1 gold: refused, nothing changes");
		S.cache_gold = 2;
		ok(listed(0, o), "verborgen-goudmijn DU14.4 DU19.8: a search "
		    "paid with its gold is listed");
		is_int(0, order(0, o), "verborgen-goudmijn DU14.4 DU19.8: red "
		    "searches stack 2 paying 2 gold from k5");
		ok(S.cache_gold == 0 && S.phase == DU_PH_TAKE &&
		    S.p[0].nhand == n - 1, "verborgen-goudmijn DU14.4: its 2 "
		    "gold paid, the card under stack 1, stack 2 searched");
	}
}

static void
t_all_tested(void)
{
	for (int k = 0; k < D.ncards; k++)
		if (D.card[k].set == DU_SET_GOLD)
			ok(tested[k] > 0, "every card of De Gouden Eeuw in the "
			    "data: %s is played by a test here", D.card[k].slug);
}

int
main(void)
{
	if (du_data_load(&D, NULL, 0, &E) != 0)
		bail("cards: %s", E.msg);
	t_handelsgilde();
	t_haven();
	t_zoutpakhuis();
	t_handelssteunpunt();
	t_geldschieter();
	t_stapelhuis();
	t_vorstelijk_geschenk();
	t_copies();
	t_handelsmeester();
	t_handelaar();
	t_rooftocht();
	t_dounya();
	t_reiner();
	t_piratenschip();
	t_muntenhandel();
	t_verborgen_goudmijn();
	t_all_tested();
	return done_testing();
}
