/*
 * t/unit/duel/gold.c -- De Gouden Eeuw's cards built so far
 * (duel-rules(7), DU19 and CARDS): handelsgilde, haven, zoutpakhuis,
 * handelssteunpunt, geldschieter, each by name with its exact cost,
 * points and effect, and a refusal that changes nothing.  The game is
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
	t_all_tested();
	return done_testing();
}
