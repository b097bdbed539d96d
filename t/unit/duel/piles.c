/*
 * t/unit/duel/piles.c -- the theme games' piles and sites (duel-rules(7),
 * DU18): the event deck with the set's events (DU18.3), stacks 1-3 of
 * basic cards and 4-5 of the set's (DU18.4), the open pile and building
 * from it (DU18.5), back to it on removal (DU18.9), returned cards under
 * a stack of their back (DU18.10), city expansions on a city's sites
 * only (DU18.11).  The data is the embedded cards text (De Gouden
 * Eeuw's 27 cards: 22 draw cards with the basic cards' theme copies,
 * the two Handelsgilde of the open pile, 3 events) and test cards of
 * that set written here: two city and six settlement expansions (four
 * with requirements, DU18.8), two event cards: 30 draw cards, 15 a
 * stack.
 * Each step says why; refusals leave the state byte for byte as it was.
 */
#include <stdlib.h>

#include "../../tap.h"
#include "util.h"

static const char theme_set[] =
    "\n[card proef-stadsgebouw]\nname = Proef stadsgebouw\n"
    "set = gouden-eeuw\ncount = 2\nkind = building\nsite = city\n"
    "cost = lumber 1\nvp = 1\neffect = none\ntext = a test card\n"
    "\n[card proef-gebouw]\nname = Proef gebouw\nset = gouden-eeuw\n"
    "count = 2\nkind = building\nsite = settlement\ncost = wool 1\n"
    "effect = none\ntext = a test card\n"
    "\n[card proef-eis]\nname = Proef eis\nset = gouden-eeuw\n"
    "count = 2\nkind = building\nsite = settlement\ncost = wool 1\n"
    "requires = handelsgilde\neffect = none\ntext = a test card\n"
    "\n[card proef-of]\nname = Proef of\nset = gouden-eeuw\n"
    "count = 2\nkind = building\nsite = settlement\ncost = wool 1\n"
    "requires = city or trade-points 3\neffect = none\n"
    "text = a test card\n"
    "\n[card proef-jaar]\nname = Proef jaar\nset = gouden-eeuw\n"
    "count = 2\nkind = event\neffect = rich-year\ntext = a test card\n";

static char *text;

static void
load_theme_data(void)
{
	size_t n = du_embed_cards_len + sizeof theme_set;

	if ((text = malloc(n)) == NULL)
		bail("out of memory");
	memcpy(text, du_embed_cards, du_embed_cards_len);
	memcpy(text + du_embed_cards_len, theme_set, sizeof theme_set);
	if (du_data_load(&D, text, n - 1, &E) != 0)
		bail("cards: %s (line %d)", E.msg, E.line);
}

static void
theme_game(int seed, int mode)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };

	key[0] = (unsigned char)seed;
	chance_seed_init(&CS, key);
	if (du_init_mode(&S, &D, mode, &CS.chance, &N, &E) != 0)
		bail("init: %s", E.msg);
}

/* How many cards of segment seg are of set (or not, when not = 1). */
static int
of_set(int seg, int set)
{
	int n = 0;

	for (int i = 0; i < du_seg_len(&S, seg); i++)
		n += D.iset[du_seg(&S, seg)[i]] == set;
	return n;
}

static int
listed(int seat, const char *want)
{
	static struct du_action list[4096];
	char buf[128];
	int n = du_legal(&S, seat, list, 4096);

	for (int i = 0; i < n && i < 4096; i++) {
		du_format(&D, &list[i], buf, sizeof buf);
		if (strcmp(buf, want) == 0)
			return 1;
	}
	return 0;
}

static void
t_decks(void)
{
	struct du_state intro;
	int summer = -1;

	/* the control: the introductory game deals no theme card, and
	 * deals as it does from the embedded data alone */
	theme_game(7, DU_MODE_INTRO);
	memcpy(&intro, &S, sizeof intro);
	for (int k = 0; k < 4; k++)
		ok(du_seg_len(&S, k) == 9 && of_set(k, DU_SET_BASIS) == 9,
		    "DU3.4: intro stack %d: 9 basic cards", k + 1);
	ok(du_seg_len(&S, 4) == 0 && du_seg_len(&S, DU_SEG_OPEN) == 0 &&
	    du_seg_len(&S, DU_SEG_EVENTS) == 9 &&
	    of_set(DU_SEG_EVENTS, DU_SET_BASIS) == 9,
	    "DU3.3: intro: 9 basic events, no stack 5, no open pile");

	theme_game(7, DU_MODE_GOLD);
	ok(S.mode == DU_MODE_GOLD && du_nstacks(&S) == 5,
	    "DU18.4: a theme game has 5 stacks");
	/* DU18.3: the basic events and the set's, Zomerfeest 4th from
	 * the bottom */
	is_int(14, du_seg_len(&S, DU_SEG_EVENTS),
	    "DU18.3: the event deck holds 9 + 5 cards");
	is_int(5, of_set(DU_SEG_EVENTS, DU_SET_GOLD),
	    "DU18.3: the set's 5 events are in it (2 of the test's, its "
	    "handelsschepenrace, reizende-koopman, vorstelijk-geschenk)");
	for (int i = 0; i < du_seg_len(&S, DU_SEG_EVENTS); i++)
		if (D.inst[du_seg(&S, DU_SEG_EVENTS)[i]] == D.summer)
			summer = i;
	is_int(10, summer, "DU18.3 (DU3.3): Zomerfeest has 3 cards beneath");
	/* DU18.4: 36 basic cards in 3 stacks of 12, the set's 30 draw
	 * cards (22 of the data, 8 of the test) in stacks 4 and 5 */
	for (int k = 0; k < 3; k++)
		ok(du_seg_len(&S, k) == 12 && of_set(k, DU_SET_BASIS) == 12,
		    "DU18.4: stack %d: 12 basic cards", k + 1);
	for (int k = 3; k < 5; k++)
		ok(du_seg_len(&S, k) == 15 && of_set(k, DU_SET_GOLD) == 15,
		    "DU18.4: stack %d: 15 of the set's 30 draw cards", k + 1);
	/* DU18.5: the open pile, both Handelsgilde */
	ok(du_seg_len(&S, DU_SEG_OPEN) == 2 &&
	    D.inst[du_seg(&S, DU_SEG_OPEN)[0]] ==
	    du_card_find(&D, "handelsgilde") &&
	    D.inst[du_seg(&S, DU_SEG_OPEN)[1]] ==
	    du_card_find(&D, "handelsgilde"),
	    "DU18.5: the open pile holds the 2 Handelsgilde");
	/* DU18.6: the starting hand comes from a basic stack */
	S.aw_seat = S.active = S.start_player;
	ok(!listed(S.start_player, "start stack 4") &&
	    listed(S.start_player, "start stack 3"),
	    "DU18.6: stacks 1-3 listed for the start, not 4");
	ok(refused(S.start_player, "start stack 4") &&
	    strstr(E.msg, "DU18.6") != NULL,
	    "DU18.6: start stack 4 refused, nothing changes: %s", E.msg);
	ok(refused(S.start_player, "start stack 6") &&
	    strstr(E.msg, "DU18.4") != NULL,
	    "DU18.4: there is no stack 6: %s", E.msg);
}

/* A theme game in red's action phase, red's l3 a city, every region of
 * red holding 3. */
static void
action_position(void)
{
	static const char *const reg[] = { "k2", "m2", "o2", "k4", "m4", "o4" };

	theme_game(9, DU_MODE_GOLD);
	S.phase = DU_PH_ACTION;
	S.active = S.aw_seat = S.start_player = 0;
	S.turn = 1;
	*cellp(0, "l3") = DU_C_CITY;
	S.supply[2]--;
	for (int i = 0; i < 6; i++)
		set_units(0, reg[i], 3);
	du_grid_index(&S);
}

static void
t_open_pile(void)
{
	struct du_state before;
	int guild = du_card_find(&D, "handelsgilde"), vp, open_inst;

	action_position();
	vp = du_vp(&S, 0);
	ok(listed(0, "build handelsgilde at l1") &&
	    !listed(0, "build handelsgilde at n2"),
	    "DU18.5, DU18.11: listed on the city's sites, not the settlement's");
	/* DU18.11: a city expansion on a settlement's site */
	ok(refused(0, "build handelsgilde at n2") &&
	    strstr(E.msg, "DU18.11") != NULL,
	    "DU18.11: handelsgilde at n2 (a settlement's) refused, nothing "
	    "changes: %s", E.msg);
	memcpy(&before, &S, sizeof before);
	open_inst = du_seg(&S, DU_SEG_OPEN)[0];
	is_int(0, order(0, "build handelsgilde at l1"),
	    "DU18.5: red builds handelsgilde from the open pile at l1");
	ok(*cellp(0, "l1") == DU_C_EXP + open_inst &&
	    du_seg_len(&S, DU_SEG_OPEN) == 1 && S.p[0].nhand ==
	    before.p[0].nhand, "DU18.5: it came from the open pile, not the "
	    "hand; one left");
	ok(strstr(N.text, "from the open pile (DU18.5)") != NULL,
	    "DU18.5: the note says so: %s", N.text);
	is_int(vp + 1, du_vp(&S, 0), "DU18.5: its 1 VP counts");
	is_int(2, du_points(&S, 0, DU_P_TRADE), "DU18.5: its 2 trade points");
	{
		int paid = 0;

		for (int r = 0; r < DU_RES; r++)
			paid += du_stock(&before, 0, r) - du_stock(&S, 0, r);
		ok(paid == 5 && du_stock(&before, 0, DU_BRICK) -
		    du_stock(&S, 0, DU_BRICK) == 2 && du_stock(&before, 0,
		    DU_WOOL) - du_stock(&S, 0, DU_WOOL) == 2 &&
		    du_stock(&before, 0, DU_GRAIN) - du_stock(&S, 0,
		    DU_GRAIN) == 1, "DU18.5: paid 2 brick, 2 wool, 1 grain");
	}
	/* DU10.2: a "1x" card once a principality, though one is left */
	ok(!listed(0, "build handelsgilde at l2"),
	    "DU10.2: the second handelsgilde is not listed for red");
	ok(refused(0, "build handelsgilde at l2") &&
	    strstr(E.msg, "DU10.2") != NULL,
	    "DU10.2: the second handelsgilde refused: %s", E.msg);
	/* DU18.9: removed, it goes back to the open pile */
	is_int(0, order(0, "demolish l1"), "DU18.9: red removes handelsgilde");
	ok(du_seg_len(&S, DU_SEG_OPEN) == 2 && du_seg(&S, DU_SEG_OPEN)[1] ==
	    open_inst && du_seg_len(&S, DU_SEG_DISCARD) == 0 &&
	    *cellp(0, "l1") == DU_C_EMPTY,
	    "DU18.9: back to the open pile, not the discard pile");
	ok(strstr(N.text, "to the open pile (DU18.9)") != NULL,
	    "DU18.9: the note: %s", N.text);
	is_int(vp, du_vp(&S, 0), "DU18.9: its VP gone");
	ok(D.inst[open_inst] == guild, "DU18.5: the card is a handelsgilde");
	/* the open pile emptied: nothing to build from */
	action_position();
	*cellp(0, "n3") = DU_C_CITY;
	du_grid_index(&S);
	is_int(0, order(0, "build handelsgilde at l1"), "DU18.5: red, one");
	S.p[1].cell[11][2] = DU_C_CITY;
	S.active = S.aw_seat = 1;
	for (int i = 0; i < 6; i++)
		S.stored[DU_START_REGIONS + i] = 3;
	is_int(0, order(1, "build handelsgilde at l1"), "DU18.5: blue, the "
	    "other");
	ok(du_seg_len(&S, DU_SEG_OPEN) == 0, "DU18.5: the open pile is empty");
	S.active = S.aw_seat = 0;
	ok(refused(0, "build handelsgilde at n1") &&
	    strstr(E.msg, "open pile none") != NULL,
	    "DU18.5: none left in the open pile: refused: %s", E.msg);
}

static void
t_city_sites(void)
{
	/* DU18.11: a city expansion from the hand */
	action_position();
	to_hand(0, "proef-stadsgebouw");
	to_hand(0, "proef-gebouw");
	ok(listed(0, "build proef-stadsgebouw at l5") &&
	    !listed(0, "build proef-stadsgebouw at n4"),
	    "DU18.11: a city expansion listed on the city's sites only");
	ok(listed(0, "build proef-gebouw at n4") &&
	    listed(0, "build proef-gebouw at l5"),
	    "DU2.2: a settlement expansion on any site");
	ok(refused(0, "build proef-stadsgebouw at n4") &&
	    strstr(E.msg, "DU18.11") != NULL,
	    "DU18.11: proef-stadsgebouw at n4 refused, nothing changes: %s",
	    E.msg);
	is_int(0, order(0, "build proef-stadsgebouw at l4"),
	    "DU18.11: built at l4, a city's site");
}

static void
t_under(void)
{
	/* DU18.10: a card goes under a stack with its back, in the
	 * replenish phase */
	action_position();
	S.phase = DU_PH_REPLENISH;
	S.p[0].nhand = 0;
	to_hand(0, "proef-gebouw");
	to_hand(0, "markt");
	to_hand(0, "karavaan");
	to_hand(0, "goudsmid");
	S.p[0].hand[S.p[0].nhand++] = (uint8_t)take_inst("verkenner");
	S.p[0].hand[S.p[0].nhand++] = (uint8_t)take_inst("marileen");
	ok(S.p[0].nhand > du_hand_limit(&S, 0), "red holds too many cards");
	ok(listed(0, "discard card 1 under stack 4") &&
	    listed(0, "discard card 1 under stack 5") &&
	    !listed(0, "discard card 1 under stack 1") &&
	    listed(0, "discard card 2 under stack 3") &&
	    !listed(0, "discard card 2 under stack 4"),
	    "DU18.10: each card listed under the stacks of its back");
	ok(refused(0, "discard card 1 under stack 2") &&
	    strstr(E.msg, "DU18.10") != NULL,
	    "DU18.10: a theme card under stack 2 refused, nothing changes: %s",
	    E.msg);
	ok(refused(0, "discard card 2 under stack 5") &&
	    strstr(E.msg, "DU18.10") != NULL,
	    "DU18.10: a basic card under stack 5 refused: %s", E.msg);
	{
		int n4 = du_seg_len(&S, 3), inst = S.p[0].hand[0];

		is_int(0, order(0, "discard card 1 under stack 4"),
		    "DU18.10: the theme card under stack 4");
		ok(du_seg_len(&S, 3) == n4 + 1 &&
		    du_seg(&S, 3)[n4] == inst, "DU18.10: at its bottom");
	}
	/* the exchange: the card put under a stack of its back */
	S.phase = DU_PH_EXCHANGE;
	S.p[0].nhand = 0;
	to_hand(0, "proef-stadsgebouw");
	ok(listed(0, "exchange card 1 under stack 5 draw stack 1") &&
	    !listed(0, "exchange card 1 under stack 1 draw stack 4"),
	    "DU18.10: exchange lists a theme card under stacks 4-5 only");
	ok(refused(0, "exchange card 1 under stack 1 draw stack 4") &&
	    strstr(E.msg, "DU18.10") != NULL,
	    "DU18.10: exchange under stack 1 refused: %s", E.msg);
}

/* DU18.4 under fair chance: the stacks lie in the data's order and a
 * card is drawn when it is drawn, from the unseen cards of stacks of
 * the same back only. */
static void
t_fair(void)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };
	int theme = 1, basic = 1, draws = 0;

	for (int seed = 1; seed <= 6; seed++) {
		key[0] = (unsigned char)seed;
		chance_seed_init(&CS, key);
		CS.chance.flags |= RULES_CHANCE_FAIR;
		if (du_init_mode(&S, &D, DU_MODE_GOLD, &CS.chance, &N, &E) != 0)
			bail("init: %s", E.msg);
		ok(S.pub && S.unseen[0] == 12 && S.unseen[3] == 15 &&
		    S.unseen[4] == 15, "DU18.4, fair seed %d: 12 unseen in "
		    "stack 1, 15 in stacks 4 and 5", seed);
		S.active = S.aw_seat = 0;
		for (int k = 0; k < 5; k++)
			for (int i = 0; i < (k < 3 ? 4 : 2); i++) {
				S.phase = DU_PH_REPLENISH;
				S.p[0].nhand = 0;
				if (order(0, k == 0 ? "draw stack 1" : k == 1 ?
				    "draw stack 2" : k == 2 ? "draw stack 3" :
				    k == 3 ? "draw stack 4" : "draw stack 5") != 0)
					bail("draw: %s", E.msg);
				draws++;
				if (k >= 3)
					theme &= D.iset[S.p[0].hand[0]] ==
					    DU_SET_GOLD;
				else
					basic &= D.iset[S.p[0].hand[0]] ==
					    DU_SET_BASIS;
			}
	}
	ok(theme && basic && draws == 6 * 16, "DU18.4: %d fair draws: stacks "
	    "4 and 5 gave the set's cards only, 1-3 basic cards only", draws);
}

/* DU18.8: a card's requirements, all of them, for the builder */
static void
t_requirements(void)
{
	action_position();
	to_hand(0, "proef-eis");
	ok(!listed(0, "build proef-eis at n2"),
	    "DU18.8: proef-eis (requires handelsgilde) not listed without one");
	ok(refused(0, "build proef-eis at n2") && strstr(E.msg,
	    "proef-eis requires a handelsgilde of his own (DU18.8)") != NULL,
	    "DU18.8: refused without a handelsgilde, nothing changes: %s",
	    E.msg);
	is_int(0, order(0, "build handelsgilde at l1"), "red builds the guild");
	ok(listed(0, "build proef-eis at n2"), "DU18.8: now listed");
	is_int(0, order(0, "build proef-eis at n2"),
	    "DU18.8: proef-eis built once red has a handelsgilde");
	/* the other's guild is not his own */
	action_position();
	to_hand(0, "proef-eis");
	S.p[1].cell[11][2] = DU_C_CITY;
	place(1, "l1", "handelsgilde");	/* from the open pile */
	ok(du_seg_len(&S, DU_SEG_OPEN) == 1, "blue has one handelsgilde");
	ok(refused(0, "build proef-eis at n2"),
	    "DU18.8: blue's handelsgilde does not count for red");

	/* "city or trade-points 3": one of them is enough */
	action_position();
	to_hand(0, "proef-of");
	ok(listed(0, "build proef-of at n2"), "DU18.8: with a city, listed");
	*cellp(0, "l3") = DU_C_SETTLEMENT;
	ok(!listed(0, "build proef-of at n2"), "DU18.8: neither: not listed");
	ok(refused(0, "build proef-of at n2") && strstr(E.msg,
	    "requires a city or 3 trade points (DU18.8)") != NULL,
	    "DU18.8: neither a city nor 3 trade points: refused: %s", E.msg);
	place(0, "l2", "markt");
	place(0, "l4", "ertshandelsschip");
	is_int(2, du_points(&S, 0, DU_P_TRADE), "red: 2 trade points");
	ok(refused(0, "build proef-of at n2"), "DU18.8: 2 are too few");
	place(0, "n4", "graanhandelsschip");
	is_int(3, du_points(&S, 0, DU_P_TRADE), "red: 3 trade points");
	is_int(0, order(0, "build proef-of at n2"),
	    "DU18.8: 3 trade points and no city: built");
}

int
main(void)
{
	load_theme_data();
	t_decks();
	t_open_pile();
	t_city_sites();
	t_under();
	t_requirements();
	t_fair();
	free(text);
	return done_testing();
}
