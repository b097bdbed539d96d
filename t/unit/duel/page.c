/*
 * page.c -- duel-rules(7)'s ORDER LANGUAGE against the code: every
 * example of the page (each ".It Ql ORDER" of the section) parses, is
 * the canonical text du_format() writes back (§5, what legal() lists),
 * and applies in a position set up here with the outcome the page
 * states for it.  An example with no position here fails.
 */
#include "../../tap.h"
#include "util.h"

#define MAXEX 64

static char ex[MAXEX][128];
static int nex;

/* The examples of the page's ORDER LANGUAGE section, in order. */
static void
read_page(void)
{
	FILE *f = fopen(test_file("../man/duel-rules.7"), "r");
	char line[512];
	int in = 0;

	if (f == NULL)
		bail("no %s", test_file("../man/duel-rules.7"));
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, ".Sh ", 4) == 0)
			in = strcmp(line, ".Sh ORDER LANGUAGE") == 0;
		else if (in && strncmp(line, ".It Ql ", 7) == 0 && nex < MAXEX)
			snprintf(ex[nex++], sizeof ex[0], "%.*s",
			    (int)sizeof ex[0] - 1, line + 7);
	}
	fclose(f);
}

static int
bottom(int seg)
{
	return D.inst[du_seg(&S, seg)[S.nseg[seg] - 1]];
}

static int
card(const char *slug)
{
	return du_card_find(&D, slug);
}

/* Red's action phase in the standard start. */
static void
action(int seed)
{
	standard(seed);
	S.phase = DU_PH_ACTION;
}

/* Red at the exchange with 3 cards (limit 3). */
static void
exchange(void)
{
	action(12);
	to_hand(0, "goudsmid");
	to_hand(0, "karavaan");
	to_hand(0, "verhuizing");
	order(0, "end");
}

/* A settlement to build at j3 with rivier-2 and bergen-4 on top of the
 * region stack (every region kept once). */
static void
settlement(void)
{
	int i = 2;

	action(8);
	*cellp(0, "k3") = DU_C_ROAD;
	S.supply[0]--;
	S.rstack[0] = (uint8_t)region_no("rivier-2");
	S.rstack[1] = (uint8_t)region_no("bergen-4");
	for (int r = 12; r < 24; r++)
		if (r != S.rstack[0] && r != S.rstack[1])
			S.rstack[i++] = (uint8_t)r;
	set_units(0, "k2", 1);
	set_units(0, "k4", 1);
	set_units(0, "m4", 1);
	set_units(0, "o2", 1);
}

/* Blue's buildings for a Vete of red (hero token by Markus). */
static void
feud(int four)
{
	standard(13);
	place(0, "l2", "markus");
	place(1, "l2", "klooster");
	place(1, "n2", "markt");
	place(1, four ? "l4" : "n4", four ? "opslagplaats" : "wolhandelsschip");
	if (four)
		place(1, "n4", "tolbrug");
	to_seg(DU_SEG_EVENTS, 0, "vete");
	roll(0, 6, DU_F_EVENT);
}

/* Red's action phase in a game of De Gouden Eeuw's cards (DU19): red's
 * l3 a city; every region of both holding 1 (gold too). */
static void
theme_action(int seed)
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
	for (int i = 0; i < 2 * DU_START_REGIONS; i++)
		S.stored[i] = 1;
	du_grid_index(&S);
}

/* Set up the position of example e, apply it, and say whether the
 * outcome is the page's; *what names the rule and the outcome. */
static int
example(const char *e, const char **what)
{
#define CASE(s, w) if (strcmp(e, s) == 0 && (*what = w) != NULL)
	CASE("start stack 2", "DU3.6: the hand 3 cards, stack 2 six") {
		int seat;

		new_game(1);
		seat = S.aw_seat;
		return order(seat, e) == 0 && S.p[seat].nhand == 3 &&
		    S.nseg[1] == 6;
	}
	CASE("roll", "DU16.1: blue's roll refused, nothing changed; DU6.1 "
	    "DU6.2: red's, dice 3 and trade; red's heuvels-3 1->2") {
		standard(6);
		du_test_dice(&S, 3, DU_F_TRADE);
		return refused(1, e) && order(0, e) == 0 && S.die == 3 &&
		    S.face == DU_F_TRADE && units(0, "k4") == 2;
	}
	CASE("play marileen 6", "DU12.5: die 6, red's akkers-6 1->2, "
	    "Marileen on the discard pile") {
		standard(10);
		to_hand(0, "marileen");
		return order(0, e) == 0 && S.die == 6 && units(0, "o2") == 2 &&
		    S.p[0].nhand == 0 &&
		    D.inst[du_seg(&S, DU_SEG_DISCARD)[0]] == card("marileen");
	}
	CASE("gain grain", "DU7.3: celebration, red (skill 2) gains grain: "
	    "akkers 1->2") {
		standard(6);
		place(0, "l2", "roemer");
		roll(0, 3, DU_F_CELEBRATION);
		return order(0, e) == 0 && units(0, "o2") == 2 &&
		    S.phase == DU_PH_ACTION;
	}
	CASE("gain ore at o4", "DU4.3: ore onto o4, 1->2") {
		standard(6);
		place(0, "l2", "roemer");
		roll(0, 3, DU_F_CELEBRATION);
		return order(0, e) == 0 && units(0, "o4") == 2;
	}
	CASE("build road left", "DU9.1: the road at k3 for 1 lumber, 2 "
	    "brick") {
		action(8);
		set_units(0, "k2", 1);
		set_units(0, "k4", 2);
		return order(0, e) == 0 && *cellp(0, "k3") == DU_C_ROAD &&
		    units(0, "k2") == 0 && units(0, "k4") == 0;
	}
	CASE("build settlement left paying k2 k4 m4 o2", "DU9.2 DU4.4: j3, "
	    "paid from k2 k4 m4 o2; two regions turned up") {
		settlement();
		return order(0, e) == 0 && *cellp(0, "j3") == DU_C_SETTLEMENT &&
		    units(0, "k2") == 0 && units(0, "k4") == 0 &&
		    units(0, "m4") == 0 && units(0, "o2") == 0 &&
		    S.phase == DU_PH_REGIONS &&
		    note_has("red draws regions rivier-2 and bergen-4");
	}
	CASE("regions rivier-2 bergen-4", "DU9.2: i2 rivier-2, i4 bergen-4, "
	    "both empty") {
		settlement();
		order(0, "build settlement left");
		return order(0, e) == 0 &&
		    strcmp(cell_slug(0, "i2"), "rivier-2") == 0 &&
		    strcmp(cell_slug(0, "i4"), "bergen-4") == 0 &&
		    units(0, "i2") == 0 && units(0, "i4") == 0;
	}
	CASE("build city at n3", "DU9.3: a city at n3 for 2 grain, 3 ore; "
	    "VP 2->3") {
		action(8);
		set_units(0, "o2", 2);
		set_units(0, "o4", 3);
		return order(0, e) == 0 && *cellp(0, "n3") == DU_C_CITY &&
		    du_vp(&S, 0) == 3 && units(0, "o2") == 0 &&
		    units(0, "o4") == 0;
	}
	CASE("build klooster at l2", "DU10.1 DU14.2: Klooster at l2 for 1 "
	    "brick, grain, ore; limit 4") {
		action(8);
		to_hand(0, "klooster");
		return order(0, e) == 0 &&
		    strcmp(cell_slug(0, "l2"), "klooster") == 0 &&
		    du_hand_limit(&S, 0) == 4 && units(0, "k4") == 0 &&
		    units(0, "o2") == 0 && units(0, "o4") == 0;
	}
	CASE("trade 3 ore for wool", "DU11.1: bergen 3->0, weiden 1->2") {
		action(9);
		set_units(0, "o4", 3);
		return order(0, e) == 0 && units(0, "o4") == 0 &&
		    units(0, "m4") == 2;
	}
	CASE("trade 2 from o2 for wool", "DU11.3: Groot handelsschip at n2: "
	    "akkers 3->1, weiden 1->2") {
		action(9);
		place(0, "n2", "groot-handelsschip");
		set_units(0, "o2", 3);
		return order(0, e) == 0 && units(0, "o2") == 1 &&
		    units(0, "m4") == 2;
	}
	CASE("play goudsmid for brick and brick", "DU12.3: rivier 3->0, "
	    "heuvels 1->3") {
		action(10);
		to_hand(0, "goudsmid");
		set_units(0, "m2", 3);
		return order(0, e) == 0 && units(0, "m2") == 0 &&
		    units(0, "k4") == 3;
	}
	CASE("play karavaan wool and wool for grain and ore", "DU12.4: "
	    "weiden 2->0, bergen and akkers 1->2") {
		action(10);
		to_hand(0, "karavaan");
		set_units(0, "m4", 2);
		return order(0, e) == 0 && units(0, "m4") == 0 &&
		    units(0, "o4") == 2 && units(0, "o2") == 2;
	}
	CASE("play verhuizing k2 o4", "DU12.6: k2 bergen-5, o4 bos-2, each "
	    "with its unit") {
		action(10);
		to_hand(0, "verhuizing");
		return order(0, e) == 0 &&
		    strcmp(cell_slug(0, "k2"), "bergen-5") == 0 &&
		    strcmp(cell_slug(0, "o4"), "bos-2") == 0 &&
		    units(0, "k2") == 1 && units(0, "o4") == 1;
	}
	CASE("end", "DU5.2 DU15.1: with 2 VP the replenish phase; with 7 "
	    "red wins by points") {
		int first;

		action(12);
		first = order(0, e) == 0 && S.phase == DU_PH_REPLENISH;
		action(12);
		*cellp(0, "l3") = *cellp(0, "n3") = DU_C_CITY;
		*cellp(0, "k3") = DU_C_ROAD;
		*cellp(0, "j3") = DU_C_CITY;
		place(0, "l2", "markus");
		return first && du_vp(&S, 0) == 7 && order(0, e) == 0 &&
		    S.phase == DU_PH_OVER && S.winner == 0 && S.how == 0;
	}
	CASE("draw stack 3", "DU14.3: the top card of stack 3, which keeps "
	    "8") {
		int top;

		action(12);
		to_hand(0, "goudsmid");
		order(0, "end");
		top = du_seg(&S, 2)[0];
		return order(0, e) == 0 && S.p[0].hand[1] == top &&
		    S.nseg[2] == 8;
	}
	CASE("discard card 2 under stack 1", "DU14.3: 5 cards, limit 4: "
	    "card 2 at the bottom of stack 1") {
		int c2;

		action(12);
		place(0, "l2", "klooster");
		to_hand(0, "goudsmid");
		to_hand(0, "karavaan");
		to_hand(0, "verhuizing");
		to_hand(0, "marileen");
		to_hand(0, "verkenner");
		order(0, "end");
		c2 = D.inst[S.p[0].hand[1]];
		return order(0, e) == 0 && S.p[0].nhand == 4 &&
		    bottom(0) == c2 && c2 == card("karavaan");
	}
	CASE("exchange card 1 under stack 2 draw stack 4", "DU14.4: card 1 "
	    "under stack 2, stack 4's top in the hand, blue's turn") {
		int top;

		exchange();
		top = du_seg(&S, 3)[0];
		return S.phase == DU_PH_EXCHANGE && order(0, e) == 0 &&
		    bottom(1) == card("goudsmid") &&
		    S.p[0].hand[S.p[0].nhand - 1] == top && S.active == 1;
	}
	CASE("exchange card 1 under stack 2 search stack 3 paying k4 m4",
	    "DU14.4: card 1 under stack 2, heuvels and weiden 1->0, red "
	    "takes a card of stack 3") {
		exchange();
		return S.phase == DU_PH_EXCHANGE && order(0, e) == 0 &&
		    bottom(1) == card("goudsmid") && units(0, "k4") == 0 &&
		    units(0, "m4") == 0 && S.phase == DU_PH_TAKE;
	}
	CASE("take card 5", "DU14.4: the 5th card of stack 3 in the hand, "
	    "stack 3 one less") {
		int want, n3;

		exchange();
		if (order(0, "exchange card 1 under stack 2 search stack 3 "
		    "paying k4 m4") != 0)
			return 0;
		want = du_seg(&S, 2)[4];
		n3 = S.nseg[2];
		return S.phase == DU_PH_TAKE && order(0, e) == 0 &&
		    S.p[0].hand[S.p[0].nhand - 1] == want &&
		    S.nseg[2] == n3 - 1;
	}
	CASE("pass", "DU14.4: no exchange; blue's turn 2") {
		exchange();
		return order(0, e) == 0 && S.phase == DU_PH_ROLL &&
		    S.active == 1 && S.turn == 2 && S.p[0].nhand == 3;
	}
	CASE("buy ore", "DU8.4: Reizende koopman, 1 gold for 1 ore: rivier "
	    "2->1, bergen 1->2") {
		standard(6);
		set_units(0, "m2", 2);
		to_seg(DU_SEG_EVENTS, 0, "reizende-koopman");
		roll(0, 3, DU_F_EVENT);
		return S.choice == DU_CH_BUY && S.aw_seat == 0 &&
		    order(0, e) == 0 && units(0, "m2") == 1 &&
		    units(0, "o4") == 2;
	}
	CASE("select l2 n2 n4", "DU8.1: blue's 4 buildings, red selects "
	    "3; blue is to remove one") {
		feud(1);
		return S.choice == DU_CH_SELECT && order(0, e) == 0 &&
		    S.choice == DU_CH_REMOVE && S.aw_seat == 1 &&
		    S.nselected == 3;
	}
	CASE("remove l2 under stack 3", "DU8.1: blue's Klooster at the "
	    "bottom of stack 3, l2 empty") {
		feud(0);
		return S.choice == DU_CH_REMOVE && order(1, e) == 0 &&
		    *cellp(1, "l2") == DU_C_EMPTY &&
		    bottom(2) == card("klooster");
	}
	CASE("put card 2 under stack 1 and card 3 under stack 4", "DU8.2: "
	    "blue's cards 2 and 3 at the bottoms of stacks 1 and 4") {
		standard(14);
		place(0, "l2", "markus");
		to_hand(1, "goudsmid");
		to_hand(1, "klooster");
		to_hand(1, "verkenner");
		to_seg(DU_SEG_EVENTS, 0, "broedertwist");
		roll(0, 6, DU_F_EVENT);
		return S.choice == DU_CH_PUT && order(0, e) == 0 &&
		    bottom(0) == card("klooster") &&
		    bottom(3) == card("verkenner") && S.p[1].nhand == 1;
	}
	CASE("prefer ore grain wool", "DU16.4: the next celebration gives "
	    "red ore unasked: bergen 1->2") {
		standard(6);
		place(0, "l2", "roemer");
		return order(0, e) == 0 && S.phase == DU_PH_ROLL &&
		    roll(0, 3, DU_F_CELEBRATION) == 0 &&
		    S.phase == DU_PH_ACTION && units(0, "o4") == 2;
	}
	CASE("resign", "DU15.3: over, blue wins, resigned") {
		standard(6);
		return order(0, e) == 0 && S.phase == DU_PH_OVER &&
		    S.winner == 1 && S.how == 1;
	}
	CASE("take card 2 card 5 card 9", "DU18.6: in a theme game the start "
	    "player's hand is cards 2, 5 and 9 of stack 3, which keeps the "
	    "other 6 in their order") {
		uint8_t b[9];
		int sp;

		new_game(1);
		S.mode = DU_MODE_GOLD;
		sp = S.start_player;
		memcpy(b, du_seg(&S, 2), 9);
		return order(sp, "start stack 3") == 0 && order(sp, e) == 0 &&
		    S.p[sp].nhand == 3 && S.p[sp].hand[0] == b[1] &&
		    S.p[sp].hand[1] == b[4] && S.p[sp].hand[2] == b[8] &&
		    S.nseg[2] == 6 && du_seg(&S, 2)[4] == b[6];
	}
	CASE("swap k2 o4", "DU18.7: in a theme game red's k2 and o4 change "
	    "places with their units, blue's hands taken first") {
		int rk2, ro4, uo4;

		new_game(1);
		S.mode = DU_MODE_GOLD;
		order(S.aw_seat, "start stack 1");
		order(S.aw_seat, "take card 1 card 2 card 3");
		order(S.aw_seat, "start stack 2");
		order(S.aw_seat, "take card 1 card 2 card 3");
		if (S.phase != DU_PH_ARRANGE)
			return 0;
		S.aw_seat = 0;	/* red first, for the example */
		rk2 = *cellp(0, "k2");
		ro4 = *cellp(0, "o4");
		uo4 = units(0, "o4");
		return order(0, e) == 0 && *cellp(0, "k2") == ro4 &&
		    *cellp(0, "o4") == rk2 && units(0, "k2") == uo4;
	}
	CASE("ready", "DU18.7: the start player ready, the other "
	    "rearranges; both ready, the first turn") {
		int sp;

		new_game(1);
		S.mode = DU_MODE_GOLD;
		sp = S.start_player;
		order(sp, "start stack 1");
		order(sp, "take card 1 card 2 card 3");
		order(1 - sp, "start stack 2");
		order(1 - sp, "take card 1 card 2 card 3");
		return order(sp, e) == 0 && S.phase == DU_PH_ARRANGE &&
		    S.aw_seat == 1 - sp && order(1 - sp, e) == 0 &&
		    S.phase == DU_PH_ROLL && S.aw_seat == sp;
	}
	CASE("demolish l2", "DU18.9: in a theme game red's Markus at l2 to "
	    "the discard pile, l2 empty; DU10.5: refused in the intro") {
		standard(6);
		place(0, "l2", "markus");
		S.phase = DU_PH_ACTION;
		if (!refused(0, e))
			return 0;
		S.mode = DU_MODE_GOLD;
		return order(0, e) == 0 && *cellp(0, "l2") == DU_C_EMPTY &&
		    D.inst[du_seg(&S, DU_SEG_DISCARD)[0]] == card("markus") &&
		    S.phase == DU_PH_ACTION;
	}
	CASE("play handelsmeester grain and ore", "DU19.2: red with a "
	    "Handelsgilde: bergen and akkers 1->2, blue's 1->0") {
		theme_action(14);
		place(0, "l1", "handelsgilde");
		to_hand(0, "handelsmeester");
		return order(0, e) == 0 && units(0, "o4") == 2 &&
		    units(0, "o2") == 2 && units(1, "o4") == 0 &&
		    units(1, "o2") == 0;
	}
	CASE("play handelaar grain and ore give wool", "DU19.3: red with a "
	    "city: bergen and akkers 1->2, weiden 1->0; blue's weiden 1->2") {
		theme_action(14);
		to_hand(0, "handelaar");
		return order(0, e) == 0 && units(0, "o4") == 2 &&
		    units(0, "o2") == 2 && units(0, "m4") == 0 &&
		    units(1, "m4") == 2;
	}
	CASE("play dounya", "DU19.5: red with a Piratenschip: rivier 0->2, "
	    "blue's 3->1") {
		theme_action(14);
		set_units(0, "m2", 0);
		set_units(1, "m2", 3);
		place(0, "n2", "piratenschip");
		to_hand(0, "dounya");
		return order(0, e) == 0 && units(0, "m2") == 2 &&
		    units(1, "m2") == 1;
	}
	CASE("remove l4", "DU19.7: red's Piratenschip built; blue gives up "
	    "his wolhandelsschip at l4 and keeps the one at l2") {
		theme_action(14);
		place(1, "l2", "ertshandelsschip");
		place(1, "l4", "wolhandelsschip");
		to_hand(0, "piratenschip");
		return order(0, "build piratenschip at n2") == 0 &&
		    S.choice == DU_CH_SINK && order(1, e) == 0 &&
		    *cellp(1, "l4") == DU_C_EMPTY && DU_IS_EXP(*cellp(1, "l2")) &&
		    S.phase == DU_PH_ACTION && S.aw_seat == 0;
	}
	CASE("trade 1 gold for ore", "DU19.9: red's Muntenhandel: rivier "
	    "1->0, bergen 1->2; a second time refused") {
		theme_action(14);
		place(0, "l1", "muntenhandel");
		set_units(0, "m2", 2);
		return order(0, e) == 0 && units(0, "m2") == 1 &&
		    units(0, "o4") == 2 && refused(0, e);
	}
#undef CASE
	*what = "no position for this example";
	return 0;
}

int
main(void)
{
	static const char *const verbs[] = { "start", "roll", "play marileen",
	    "gain", "build road", "build settlement", "regions", "build city",
	    "build klooster", "trade 3", "trade 2 from", "play goudsmid",
	    "play karavaan", "play verhuizing", "end", "draw", "discard",
	    "exchange", "take", "pass", "buy", "select", "remove", "put",
	    "prefer", "resign", "demolish", "swap", "ready",
	    "take card 2 card", "play handelsmeester", "play handelaar",
	    "play dounya", "trade 1" };

	read_page();
	if (du_data_load(&D, NULL, 0, &E) != 0)
		bail("cards: %s", E.msg);
	ok(nex >= 28, "duel-rules(7): the ORDER LANGUAGE section has %d "
	    "examples (.It Ql)", nex);
	for (size_t v = 0; v < sizeof verbs / sizeof verbs[0]; v++) {
		int found = 0;

		for (int i = 0; i < nex; i++)
			found |= strncmp(ex[i], verbs[v], strlen(verbs[v])) == 0;
		ok(found, "§5: the page has an example of '%s'", verbs[v]);
	}
	for (int i = 0; i < nex; i++) {
		struct du_action a;
		char back[256];
		const char *what = "";
		int good;

		is_int(0, du_parse(&D, ex[i], strlen(ex[i]), &a, &E),
		    "§5: '%s' parses", ex[i]);
		du_format(&D, &a, back, sizeof back);
		is_string(ex[i], back, "§5: '%s' is canonical", ex[i]);
		good = example(ex[i], &what);

		ok(good, "'%s' as the page says: %s", ex[i], what);
	}
	done_testing();
	return 0;
}
