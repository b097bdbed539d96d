/*
 * t/unit/catan/rules-base.c -- the rules of the base game on the beginner
 * map, one block per checkable fact of catan-rules(7),
 * each naming its CA-rule and asserting the exact outcome; refusals leave
 * the state unchanged byte for byte.
 */
#include "../../tap.h"
#include "util.h"

static struct ca_state S;

/* Fact 1, CA3.3, CA3.6: snake order, red rolls first. */
static void
fact_setup_order(void)
{
	struct ca_action a[512];
	char order[128] = "";

	u_game(&S, "beginner", 4, NULL);
	for (int i = 0; i < 8; i++) {
		int seat = ca_await_seat(&S), n;

		strcat(order, ca_seat_names[seat]);
		strcat(order, " ");
		n = ca_legal(&S, seat, a, 512);
		if (n < 2 || ca_apply(&S, seat, &a[0], NULL, NULL, &U_err) != 0)
			bail("set-up settlement %d: %s", i, U_err.msg);
		if (ca_await_seat(&S) != seat)
			bail("set-up: the road is the same seat's");
		n = ca_legal(&S, seat, a, 512);
		if (n < 2 || ca_apply(&S, seat, &a[0], NULL, NULL, &U_err) != 0)
			bail("set-up road %d: %s", i, U_err.msg);
	}
	is_string("red blue white orange orange white blue red ", order,
	    "CA3.3: snake order of placement");
	is_int(CA_PH_PREROLL, S.phase, "CA3.6: then the first turn");
	is_int(RED, ca_await_seat(&S), "CA1.5/CA3.6: red rolls first");
	is_int(2, ca_vp(&S, RED, 1), "CA11.1: two settlements, 2 VP");
}

/* Fact 2, CA3.5. */
static void
fact_second_settlement(void)
{
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = setup2\n");
	acts(&S, RED, "build settlement c4/c5/d5", "CA3.5");
	is_string("1 brick 1 wood 1 wool", hand(&S, RED),
	    "CA3.5: c4/c5/d5 (pasture, hills, forest) gives 1 brick 1 wood "
	    "1 wool");
	ok(note_has("red gets 1 brick 1 wood 1 wool"), "CA14.4: noted");
	refused(&S, RED, "build settlement c2/c3/d3",
	    "CA3.3: the road comes before the next settlement");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = setup2\n");
	acts(&S, RED, "build settlement c3/d3/d4", "CA3.5");
	is_string("1 brick 1 wood", hand(&S, RED),
	    "CA3.5: c3/d3/d4 (hills, desert, forest) gives 1 brick 1 wood");
	refused(&S, RED, "build road c2/d3", "CA3.3: the road touches the "
	    "settlement just placed");
	acts(&S, RED, "build road c3/d3", "CA3.3: a road at it");
	is_int(CA_PH_PREROLL, S.phase, "CA3.6: red's road ends the set-up");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = setup1\n");
	acts(&S, RED, "build settlement c4/c5/d5", "CA3.5");
	is_string("", hand(&S, RED), "CA3.5: the first settlement earns nothing");
	is_int(BLUE, ca_await_seat(&S) == RED ? BLUE : -1,
	    "CA3.3: red still owes the road");
}

/* Fact 3, CA6.3 in set-up. */
static void
fact_distance_setup(void)
{
	const char *pos = "[position]\nturn = blue\nphase = setup1\n"
	    "[red]\nsettlements = c3/c4/d4\n";

	u_game(&S, "beginner", 4, pos);
	refused(&S, BLUE, "build settlement c3/d3/d4",
	    "CA6.3: one edge from red's settlement");
	refused_rc(&S, RED, "build settlement c2/c3/d3", RULES_ESEAT,
	    "CA13.3: red is not placing");
	u_game(&S, "beginner", 4, pos);
	acts(&S, BLUE, "build settlement c2/c3/d3", "CA6.3: two edges away");
}

/* Facts 4-7: CA4.3, CA4.4, CA5.5. */
static void
fact_production(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nsettlements = b2/b3/c3\ncities = e3/e4/f3\n";

	u_game(&S, "beginner", 4, pos);
	force_dice(3, 3);
	acts(&S, RED, "roll", "CA4.3");
	is_string("1 brick 2 grain", hand(&S, RED),
	    "CA4.3: a 6 pays red's settlement 1 brick and city 2 grain");
	ok(note_has("red rolls 3+3 = 6"), "CA14.4: the dice are noted");
	ok(conserved(&S), "CA1.4: cards conserved");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "robber = c3\n[red]\nsettlements = b2/b3/c3\ncities = e3/e4/f3\n");
	force_dice(2, 4);
	acts(&S, RED, "roll", "CA5.5");
	is_string("2 grain", hand(&S, RED),
	    "CA5.5: the robber's hex c3 produces nothing");
	/* CA4.4: two owed, the bank short */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = b2/c2/c3\n[blue]\ncities = a2/b2/b3\n"
	    "[white]\nsettlements = c5/c6/d6\n[orange]\nhand = 17 ore\n");
	force_dice(4, 6);
	acts(&S, RED, "roll", "CA4.4");
	is_string("", hand(&S, RED), "CA4.4: bank short of ore: red gets none");
	is_string("", hand(&S, BLUE), "CA4.4: blue gets none");
	is_string("1 brick", hand(&S, WHITE),
	    "CA4.4: other resources are paid (white's brick from c5)");
	ok(note_has("bank short of ore: none paid"), "CA14.4: noted");
	is_int(2, S.bank[CA_ORE], "CA4.4: the bank keeps its 2 ore");
	/* CA4.4: one owed */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = b2/c2/c3\nsettlements = a1/a2/b2\n"
	    "[orange]\nhand = 17 ore\n");
	force_dice(5, 5);
	acts(&S, RED, "roll", "CA4.4");
	is_string("2 ore", hand(&S, RED),
	    "CA4.4: red alone is owed 3 ore: red gets the bank's 2");
	is_int(0, S.bank[CA_ORE], "CA4.4: the bank is out of ore");
}

/* Facts 8-12: CA5.1-CA5.4, CA12.1. */
static void
fact_seven(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nhand = 3 brick 3 wood 3 ore\nsettlements = e2/e3/f2\n"
	    "[blue]\nhand = 7 wool\nsettlements = c3/d3/d4\n"
	    "[white]\nhand = 4 grain 4 ore\nsettlements = b2/b3/c3\n";

	u_game(&S, "beginner", 4, pos);
	force_dice(3, 4);
	acts(&S, RED, "roll", "CA5.1");
	is_int(0, S.bank[CA_BRICK] - 16, "CA5.1: a 7 produces nothing");
	is_int((1 << RED) | (1 << WHITE), (long long)ca_may_act(&S),
	    "CA5.2/CA13.3: may_act = red|white");
	is_int(RED, ca_await_seat(&S), "CA13.3: the first owing seat from the "
	    "active one");
	ok(note_has("red must discard 4") && note_has("white must discard 4") &&
	    !note_has("blue must"), "CA5.2: red and white owe 4, blue nothing");
	{
		char t[256];

		ca_await_text(&S, t, sizeof t);
		is_string("red must discard 4, white must discard 4", t,
		    "CA13.3: the await text");
	}
	refused(&S, RED, "end", "CA4.6: no end while discards are owed");
	refused(&S, RED, "robber c4", "CA5.3: the robber after the discards");
	refused_rc(&S, BLUE, "discard 3 wool", RULES_ESEAT,
	    "CA5.2: blue owes nothing");
	refused(&S, WHITE, "discard 3 grain", "CA5.2: the wrong count");
	refused(&S, WHITE, "discard 4 wool", "CA5.2: cards not held");
	acts(&S, WHITE, "discard 2 grain 2 ore", "CA5.2: white first (any order)");
	is_int(1 << RED, (long long)ca_may_act(&S), "CA5.2: red still owes");
	ok(note_has("white discards 2 grain 2 ore"), "CA5.2: the discard is public");
	acts(&S, RED, "discard 1 brick 3 wood", "CA5.2");
	is_string("2 brick 3 ore", hand(&S, RED), "CA5.2: red keeps 5");
	refused(&S, RED, "end", "CA4.6: no end while the robber is owed");
	refused(&S, RED, "robber d4", "CA5.3: the robber must move");
	refused(&S, RED, "robber a1", "CA5.3: to land");
	/* fact 11 on c3: blue 7 wool, white 4 cards; make white card-less */
	refused(&S, RED, "robber c3", "CA5.4: two card holders: name one");
	force_index(2);
	acts(&S, RED, "robber c3 steal blue", "CA5.4");
	is_string("2 brick 1 wool 3 ore", hand(&S, RED),
	    "CA5.4: red took one card of blue's");
	is_string("6 wool", hand(&S, BLUE), "CA5.4: blue lost it");
	ok(note_has("red stole a card from blue") && !note_has("wool"),
	    "CA12.1: the note names no type");
	ok(U_sec.seat[0] == RED && strstr(U_sec.text[0], "wool") != NULL &&
	    U_sec.seat[1] == BLUE && strstr(U_sec.text[1], "wool") != NULL,
	    "CA12.1: thief and victim learn the type");
	is_int(CA_PH_MAIN, S.phase, "CA4.1: then the main phase");
	ok(conserved(&S), "CA1.4: cards conserved");

	/* fact 9: a 7 with nobody over 7 goes straight to the robber */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "[blue]\nhand = 7 wool\nsettlements = c3/d3/d4\n"
	    "[white]\nsettlements = b2/b3/c3\n");
	force_dice(6, 1);
	acts(&S, RED, "roll", "CA5.2");
	is_int(1, S.npend, "CA5.2: nobody over 7: the robber alone is owed");
	refused(&S, RED, "robber c3 steal white", "CA5.4: white holds no card");
	refused(&S, RED, "robber c3 steal orange", "CA5.4: orange is not at c3");
	force_index(0);
	acts(&S, RED, "robber c3", "CA13.2: steal left out, one candidate");
	is_string("6 wool", hand(&S, BLUE), "CA5.4: blue lost one");
	/* fact 10 and 11's last part: the desert again, a card-less hex */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "robber = c4\n[white]\nsettlements = c3/d3/d4\n");
	force_dice(6, 1);
	acts(&S, RED, "roll", "CA5.3");
	refused(&S, RED, "robber d4 steal white", "CA5.4: no steal when no "
	    "candidate holds cards");
	acts(&S, RED, "robber d4", "CA5.3: back to the desert, no steal");
	ok(!note_has("stole"), "CA5.4: no theft");
}

/* Facts 13, 14: CA6.5, CA6.1, CA1.3. */
static void
fact_building(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c3/d3/d4\nroads = c3/d3\n"
	    "hand = 5 brick 5 wood 5 wool 5 grain 5 ore\n"
	    "[blue]\nsettlements = c2/d2/d3\n";

	u_game(&S, "beginner", 4, pos);
	refused(&S, RED, "build road e2/e3", "CA6.5: touching no own piece");
	refused(&S, RED, "build road c2/d2", "CA6.5: only contact a corner "
	    "holding blue's settlement");
	/* c2/d3 ends at c2/c3/d3 (red road c3/d3 there) and c2/d2/d3 (blue) */
	acts(&S, RED, "build road c2/d3", "CA6.5: through red's own corner");
	refused(&S, RED, "build road d2/d3", "CA6.5: beyond blue's settlement");
	acts(&S, RED, "build road d3.e", "CA6.5: from red's settlement");
	is_int(12, S.p[RED].supply[CA_S_ROAD], "CA1.3: three roads used of 15");
	refused(&S, RED, "build settlement c2/c3/d3", "CA6.3: one edge from "
	    "two settlements");
	refused(&S, RED, "build city c2/d2/d3", "CA6.1: a city on blue's "
	    "settlement");
	acts(&S, RED, "build city c3/d3/d4", "CA6.1");
	is_int(5, S.p[RED].supply[CA_S_SETTLEMENT],
	    "CA1.3: the city frees a settlement piece");
	is_string("3 brick 3 wood 5 wool 3 grain 2 ore", hand(&S, RED),
	    "CA6.1: roads 1 brick 1 wood each, city 3 ore 2 grain");
	refused(&S, RED, "build city c3/d3/d4", "CA6.1: a city on a city");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c3/d3/d4\nhand = 2 ore 2 grain\n");
	refused(&S, RED, "build city c3/d3/d4", "CA6.1: a city without 3 ore");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c3/d3/d4\ncities = b2/c2/c3 b4/c4/c5 "
	    "e2/e3/f2 e4/e5/f4\nhand = 3 ore 2 grain\n");
	refused(&S, RED, "build city c3/d3/d4", "CA1.3: a fifth city");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nsettlements = c3/d3/d4\nroads = c3/d3\nhand = 1 brick 1 wood\n");
	refused(&S, RED, "build road c2/d3", "CA4.5: nothing before the roll");
}

/* Facts 15-17: CA8.1, CA8.2, CA9.1. */
static void
fact_cards(void)
{
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nhand = 2 wool 2 grain 2 ore\n");
	force_index(0);
	acts(&S, RED, "buy card", "CA8.1");
	ok(note_has("red bought a development card (24 left)") &&
	    !note_has("knight"), "CA8.1: the note names no type");
	ok(U_sec.seat[0] == RED && strstr(U_sec.text[0], "knight") != NULL,
	    "CA12.1: the buyer learns the type");
	is_int(1, S.p[RED].dev[CA_KNIGHT], "CA12.4: index 0 is a knight");
	refused(&S, RED, "play knight robber c3", "CA8.2: not the turn bought");
	acts(&S, RED, "end", "CA4.6");
	for (int s = BLUE; s <= ORANGE; s++) {
		force_dice(1, 1);
		acts(&S, s, "roll", "CA4.2");
		acts(&S, s, "end", "CA4.6");
	}
	refused(&S, RED, "play year-of-plenty 1 ore 1 grain",
	    "CA8.2: only the knight before the roll");
	acts(&S, RED, "play knight robber c3", "CA8.2/CA8.3: a knight pre-roll");
	is_int(CA_PH_PREROLL, S.phase, "CA8.3: the turn returns to pre-roll");
	is_int(1, S.p[RED].knights, "CA9.1: one knight played");
	/* empty deck */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nhand = 1 wool 1 grain 1 ore\n"
	    "[blue]\ncards = knight knight knight knight knight knight knight\n"
	    "[white]\ncards = knight knight knight knight knight knight knight\n"
	    "[orange]\ncards = victory-point victory-point victory-point "
	    "victory-point victory-point road-building road-building "
	    "year-of-plenty year-of-plenty monopoly monopoly\n");
	refused(&S, RED, "buy card", "CA8.1: the deck is empty");
	/* fact 16: one card a turn */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncards = knight monopoly\n");
	acts(&S, RED, "play monopoly ore", "CA8.6");
	refused(&S, RED, "play knight robber c3", "CA8.2: one card a turn");
	/* fact 17: largest army */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nknights = 2\ncards = knight\n[blue]\nknights = 2\n"
	    "cards = knight knight\n");
	acts(&S, RED, "play knight robber c3", "CA9.1");
	is_int(RED, S.army, "CA9.1: red's third knight: largest army");
	is_int(2, ca_vp(&S, RED, 1), "CA9.1: worth 2 VP");
	ok(note_has("largest army goes to red (3 knights)"), "CA14.4: noted");
	acts(&S, RED, "end", "CA4.6");
	acts(&S, BLUE, "play knight robber c4", "CA9.1");
	is_int(RED, S.army, "CA9.1: blue's third: no change");
	force_dice(2, 2);
	acts(&S, BLUE, "roll", "CA4.2");
	acts(&S, BLUE, "end", "CA4.6");
	force_dice(2, 2);
	acts(&S, WHITE, "roll", "CA4.2");
	acts(&S, WHITE, "end", "CA4.6");
	force_dice(2, 2);
	acts(&S, ORANGE, "roll", "CA4.2");
	acts(&S, ORANGE, "end", "CA4.6");
	force_dice(2, 2);
	acts(&S, RED, "roll", "CA4.2");
	acts(&S, RED, "end", "CA4.6");
	acts(&S, BLUE, "play knight robber c3", "CA9.1");
	is_int(BLUE, S.army, "CA9.1: blue's fourth: to blue");
}

/* Facts 18-20: CA9.2, CA9.3. */
static void
fact_routes(void)
{
	const char *red = "[red]\nsettlements = b2/c2/c3\n"
	    "roads = c2/c3 c2/d3 d2/d3 d3/e2 d3/e3\n";
	char pos[1024];

	snprintf(pos, sizeof pos, "[position]\nturn = blue\nphase = main\n"
	    "%s[blue]\nsettlements = e1/e2/f1\nroads = e1/e2 d2/e2\n"
	    "hand = 1 brick 1 wood 1 wool 1 grain\n", red);
	u_game(&S, "beginner", 4, pos);
	is_int(5, S.p[RED].route, "CA9.2: red's route is 5");
	is_int(RED, S.longest, "CA9.3: longest road to red");
	acts(&S, BLUE, "build settlement d2/d3/e2", "CA9.3");
	is_int(3, S.p[RED].route, "CA9.2: blue's settlement breaks it: 3");
	is_int(CA_NONE, S.longest, "CA9.3: red loses it, nobody has 5");
	snprintf(pos, sizeof pos, "[position]\nturn = blue\nphase = main\n"
	    "%s[blue]\nsettlements = e1/e2/f1\nroads = e1/e2 d2/e2\n"
	    "hand = 1 brick 1 wood 1 wool 1 grain\n"
	    "[white]\nroads = e4.ne e4.e e4.se e4.sw e4.w\n", red);
	u_game(&S, "beginner", 4, pos);
	is_int(CA_NONE, S.longest, "CA9.3: a position's tie (5, 5): nobody");
	S.longest = RED;	/* red built first: the holder (C API) */
	acts(&S, BLUE, "build settlement d2/d3/e2", "CA9.3");
	is_int(WHITE, S.longest, "CA9.3: white's 5 takes it");
	ok(note_has("longest road goes to white (5)"), "CA14.4: noted");
	snprintf(pos, sizeof pos, "[position]\nturn = blue\nphase = main\n"
	    "%s[blue]\nsettlements = e1/e2/f1\nroads = e1/e2 d2/e2\n"
	    "hand = 1 brick 1 wood 1 wool 1 grain\n"
	    "[white]\nroads = e4.ne e4.e e4.se e4.sw e4.w\n"
	    "[orange]\nroads = b4.e b4.se b4.sw b4.w b4.nw\n", red);
	u_game(&S, "beginner", 4, pos);
	S.longest = RED;	/* red built first: the holder (C API) */
	acts(&S, BLUE, "build settlement d2/d3/e2", "CA9.3");
	is_int(CA_NONE, S.longest, "CA9.3: white and orange tie at 5: nobody");
	/* fact 19: a loop counts fully */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = b2/b3/c3\n"
	    "roads = b2/c3 b3/c3 c3/c4 c3/d4 c3/d3 c2/c3\nhand = 1 brick 1 wood\n");
	is_int(6, S.p[RED].route, "CA9.2: six roads around c3 count 6");
	acts(&S, RED, "build road b2/b3", "CA9.2");
	is_int(7, S.p[RED].route, "CA9.2: a seventh off the corner makes 7");
	/* fact 20: the holder keeps a tie, loses to a longer */
	u_game(&S, "beginner", 4, "[position]\nturn = blue\nphase = main\n"
	    "[red]\nsettlements = b2/b3/c3\n"
	    "roads = b2/c3 b3/c3 c3/c4 c3/d4 c3/d3 c2/c3\n"
	    "[blue]\nsettlements = e4/f3/f4\n"
	    "roads = e4.ne e4.e e4.se e4.sw e4.w\nhand = 2 brick 2 wood\n");
	is_int(RED, S.longest, "CA9.3: red holds it with 6");
	acts(&S, BLUE, "build road e4.nw", "CA9.3");
	is_int(6, S.p[BLUE].route, "CA9.2: blue's loop is 6");
	is_int(RED, S.longest, "CA9.3: red keeps it at 6 against 6");
	acts(&S, BLUE, "build road f3/f4", "CA9.3");
	is_int(7, S.p[BLUE].route, "CA9.2: blue 7");
	is_int(BLUE, S.longest, "CA9.3: blue takes it with 7");
}

/* Facts 21-23: CA7.1. */
static void
fact_bank_trade(void)
{
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nhand = 8 wood 2 wool\n");
	acts(&S, RED, "trade 4 wood for 1 ore", "CA7.1: 4:1 without harbor");
	is_string("4 wood 2 wool 1 ore", hand(&S, RED), "CA7.1: traded");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = a1/a2/b2\nhand = 8 wood\n");
	refused(&S, RED, "trade 4 wood for 1 ore", "CA7.1: only the best rate");
	is_string("trade 3 wood for 1 ore", U_err.hint, "CA7.1: the hint");
	acts(&S, RED, "trade 6 wood for 2 ore", "CA7.1: k = 2 at 3:1");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = a2/a3/b3\nhand = 4 wood 2 wool\n");
	acts(&S, RED, "trade 2 wool for 1 ore", "CA7.1: the wool harbor 2:1");
	refused(&S, RED, "trade 2 wood for 1 ore", "CA7.1: wood at 4:1");
	refused(&S, RED, "trade 4 wood for 1 wood", "CA7.1: never the same");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nhand = 4 wood\n[blue]\nhand = 19 ore\n");
	refused(&S, RED, "trade 4 wood for 1 ore", "CA7.1: the bank has no ore");
}

/* Facts 24-26: CA7.2-CA7.4. */
static void
fact_offers(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\nhand = 4 wool\n[blue]\nhand = 2 ore\n[white]\nhand = 1 ore\n"
	    "[orange]\nhand = 1 ore\n";

	u_game(&S, "beginner", 4, pos);
	acts(&S, RED, "offer 2 wool for 1 ore", "CA7.3");
	ok(note_has("#1 red offers 2 wool for 1 ore to blue, white, orange"),
	    "CA7.3: #1 to everyone else");
	is_int(0xf, (long long)ca_may_act(&S), "CA13.3: addressees may act");
	acts(&S, BLUE, "accept 1", "CA7.4");
	is_string("2 wool 1 ore", hand(&S, RED), "CA7.4: executed at once");
	is_string("2 wool 1 ore", hand(&S, BLUE), "CA7.4: both sides");
	refused_rc(&S, WHITE, "accept 1", RULES_ESEAT,
	    "CA7.4: #1 lapsed (white may no longer act)");
	u_game(&S, "beginner", 4, pos);
	refused(&S, RED, "offer 1 wool for 1 wool", "CA7.2: same on both sides");
	refused_rc(&S, RED, "offer 0 wool for 1 ore", RULES_EPARSE,
	    "CA7.2: zero cards");
	refused(&S, RED, "offer 5 wool for 1 ore", "CA7.3: cards not held");
	acts(&S, RED, "offer 2 wool for 1 ore to blue", "CA7.3");
	refused_rc(&S, ORANGE, "offer 1 ore for 3 wool", RULES_ESEAT,
	    "CA7.3: no offer open to orange");
	acts(&S, BLUE, "offer 1 ore for 3 wool", "CA7.3: a counter");
	ok(note_has("#2 blue offers 1 ore for 3 wool to red"),
	    "CA7.3: the counter is #2, to red");
	acts(&S, RED, "accept 2", "CA7.4");
	is_string("1 wool 1 ore", hand(&S, RED), "CA7.4: the counter executed");
	is_int(0, S.off[RED].num, "CA7.4: #1 lapsed");
	refused(&S, RED, "accept 1", "CA7.4: a lapsed number");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nhand = 4 wool\n");
	refused(&S, RED, "offer 2 wool for 1 ore", "CA7.2: not before the roll");
	/* fact 26: the maker spent the cards */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nhand = 4 wool\n[blue]\nhand = 2 ore\n");
	acts(&S, RED, "offer 4 wool for 1 ore to blue", "CA7.3");
	acts(&S, RED, "trade 4 wool for 1 brick", "CA7.1");
	refused(&S, BLUE, "accept 1", "CA7.4: red lacks the cards");
	ok(strstr(U_err.msg, "red lacks") != NULL && !strstr(U_err.msg, "brick"),
	    "CA7.4: says which side lacks, not what it holds");
	acts(&S, BLUE, "decline 1", "CA7.4");
	is_int(0, S.off[RED].num, "CA7.4: every addressee declined: lapsed");
}

/* Facts 27-29: CA8.4-CA8.6. */
static void
fact_progress(void)
{
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncards = monopoly\n[blue]\nhand = 2 ore\n[orange]\n"
	    "hand = 3 ore 1 wool\n");
	acts(&S, RED, "play monopoly ore", "CA8.6");
	is_string("5 ore", hand(&S, RED), "CA8.6: red gets 5 ore");
	ok(note_has("blue gives 2 ore, orange gives 3 ore"), "CA8.6: the note");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncards = year-of-plenty\n[blue]\nhand = 19 ore\n");
	refused(&S, RED, "play year-of-plenty 2 ore", "CA8.5: the bank has no ore");
	acts(&S, RED, "play year-of-plenty 1 brick 1 grain", "CA8.5");
	is_string("1 brick 1 grain", hand(&S, RED), "CA8.5: two cards");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncards = year-of-plenty\n[blue]\nhand = 19 brick 19 wood "
	    "19 wool 19 grain 18 ore\n");
	refused(&S, RED, "play year-of-plenty 2 ore", "CA8.5: the bank has one");
	acts(&S, RED, "play year-of-plenty 1 ore", "CA8.5: the card takes that "
	    "one");
	/* fact 29 */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncards = road-building\nsettlements = c3/d3/d4\n"
	    "roads = c3/d3 c2/c3 b2/c3 b3/c3 c3/c4 c3/d4 d3/d4 d4/e3 d4/e4 "
	    "d4/d5 c4/d4 d3/e3 c2/d3 d2/d3\n");
	refused(&S, RED, "play road-building road d3/e2 road d2/e2",
	    "CA1.3: one road left in the supply");
	{
		struct ca_action a[512];
		int n = ca_legal(&S, RED, a, 512), rb = 0, single = 0;

		for (int i = 0; i < n && i < 512; i++)
			if (a[i].verb == CA_A_ROADS) {
				rb++;
				single += a[i].b == CA_NONE;
			}
		ok(rb > 0 && rb == single, "CA8.4: with one road left only "
		    "one-piece plays are listed (%d)", rb);
	}
	acts(&S, RED, "play road-building road d3/e2", "CA8.4: the card places "
	    "one");
	is_int(0, S.p[RED].supply[CA_S_ROAD], "CA8.4: the supply is empty");
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncards = road-building\nsettlements = c3/d3/d4\n"
	    "[blue]\nroads = c3/d3 d3/d4 c3/d4\n");
	refused(&S, RED, "play road-building road c3/c4 road c4/d4",
	    "CA8.4: road-building with no legal edge");
	{
		struct ca_action a[256];
		int n = ca_legal(&S, RED, a, 256), rb = 0;

		for (int i = 0; i < n && i < 256; i++)
			rb += a[i].verb == CA_A_ROADS;
		is_int(0, rb, "CA8.4: nor is it listed");
	}
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncards = road-building\nsettlements = c3/d3/d4\n");
	acts(&S, RED, "play road-building road c3/d3 road c2/d3", "CA8.4: the "
	    "second builds on the first");
	is_string("", hand(&S, RED), "CA8.4: free");
}

/* Fact 30: CA11.3. */
static void
fact_victory(void)
{
	const char *red9 = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = e2/e3/f2\ncities = b2/b3/c3 c4/c5/d5 "
	    "d2/d3/e2 e4/e5/f4\nroads = e2/f2 e2/f1\n"
	    "hand = 1 brick 1 wood 2 wool 2 grain 1 ore\n";

	u_game(&S, "beginner", 4, red9);
	is_int(9, ca_vp(&S, RED, 1), "CA11.1: red at 9");
	acts(&S, RED, "build settlement e1/e2/f1", "CA11.3");
	is_int(CA_PH_OVER, S.phase, "CA11.3: red wins at once");
	is_int(RED, S.winner, "CA11.3: red is the winner");
	ok(note_has("red wins with 10 points"), "CA14.4: noted");
	refused(&S, BLUE, "end", "CA11.3: the game is over");
	u_game(&S, "beginner", 4, red9);
	force_index(14);		/* knights 0-13, then victory points */
	acts(&S, RED, "buy card", "CA11.3");
	is_int(RED, S.winner, "CA8.7/CA11.3: a victory-point card wins at once");
	ok(note_has("red reveals 1 victory-point card"),
	    "CA8.7: revealed at the end");
	/* blue reaches 10 in red's turn, by CA9.3 */
	u_game(&S, "beginner", 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = e5/e6/f5\nroads = e5/f5 e5/f4\n"
	    "hand = 1 brick 1 wood 1 wool 1 grain\n"
	    "[white]\nroads = d4/d5 e4.ne e4.e e4.se e4.sw e4.w\n"
	    "[blue]\ncities = b2/c2/c3 d2/d3/e2 e2/e3/f2 c5/c6/d6\n"
	    "roads = b4.e b4.se b4.sw b4.w b4.nw\n");
	is_int(WHITE, S.longest, "CA9.3: white holds it with 6");
	is_int(8, ca_vp(&S, BLUE, 1), "CA11.1: blue at 8");
	acts(&S, RED, "build settlement e4/e5/f4", "CA9.3");
	is_int(3, S.p[WHITE].route, "CA9.2: white's route broken to 3");
	is_int(BLUE, S.longest, "CA9.3: blue's 5 takes it in red's turn");
	is_int(10, ca_vp(&S, BLUE, 1), "CA11.1: blue at 10");
	is_int(CA_PH_MAIN, S.phase, "CA11.3: the game goes on in red's turn");
	acts(&S, RED, "end", "CA11.3");
	is_int(BLUE, S.winner, "CA11.3: blue wins when blue's turn begins");
	is_int(CA_PH_OVER, S.phase, "CA11.3: before rolling");
}

/* Fact 39: CA11.2, CA1.6 (the map's target; vp= overrides through ca_init). */
static void
fact_targets(void)
{
	u_game(&S, "new-shores", 4, NULL);
	is_int(14, S.vp_target, "CA11.2: new-shores ends at 14");
	u_game(&S, "fog-islands", 3, NULL);
	is_int(12, S.vp_target, "CA11.2: fog-islands at 12");
	u_game(&S, "beginner", 3, NULL);
	is_int(10, S.vp_target, "CA11.2: beginner at 10");
	ca_init(&S, &U_board, &U_data, 3, 8, &U_chance);
	is_int(8, S.vp_target, "CA11.2: vp=8 overrides");
}

/* Fact 40: CA2.4 through the order language. */
static void
fact_names(void)
{
	struct ca_action a;
	char buf[128];
	struct rules_error e;

	u_game(&S, "beginner", 4, NULL);
	ca_parse(&S, "build road d3/c2", 16, &a, &e);
	ca_format(&S, &a, buf, sizeof buf);
	is_string("build road c2/d3", buf, "CA2.4: d3/c2 is c2/d3");
	ca_parse(&S, "BUILD  Road c2.se\n", 18, &a, &e);
	ca_format(&S, &a, buf, sizeof buf);
	is_string("build road c2/d3", buf, "CA2.4/CA13.1: c2.se, any case");
	ca_parse(&S, "build settlement c3.n", 21, &a, &e);
	ca_format(&S, &a, buf, sizeof buf);
	is_string("build settlement b2/b3/c3", buf, "CA2.4: c3.n");
	is_int(RULES_EPARSE, ca_parse(&S, "build road b2/d4", 16, &a, &e),
	    "CA2.4: b2/d4 is RULES_EPARSE");
	ok(strstr(e.msg, "not neighbours") != NULL, "CA2.4: with a reason (%s)",
	    e.msg);
	ca_parse(&S, "discard 1 ore 2 lumber 1 clay", 29, &a, &e);
	ca_format(&S, &a, buf, sizeof buf);
	is_string("discard 1 brick 2 wood 1 ore", buf,
	    "CA13.1: synonyms, canonical order");
	ca_parse(&S, "offer 2 wol for 1 erts to blue,white", 36, &a, &e);
	ca_format(&S, &a, buf, sizeof buf);
	is_string("offer 2 wool for 1 ore to blue,white", buf,
	    "CA13.1: Dutch names; the addressees");
	{
		/* Addressees by blanks and commas, every word checked (the
		 * catan-orders fuzzer overflowed a list of them). */
		static const char many[] = "offer 1 wool for 1 ore to "
		    "blue,white,orange,red red,red,red,red,red,red,red "
		    "red,red,red,red,red,red,red red,red,red,red,red,red,red "
		    "red,red,red,red,red,red,red red,red,red,red,red,red,red "
		    "red,red,red,red,red,red,red red,red,red,red,red,red,red";

		is_int(RULES_EPARSE, ca_parse(&S, many, sizeof many - 1, &a,
		    &e), "CA13.1: a color named twice is refused");
		is_string("red named twice", e.msg, "...naming it");
		is_int(0, ca_parse(&S, "offer 1 wool for 1 ore to blue "
		    "white,orange", 43, &a, &e), "CA13.1: blanks and commas");
		is_int(0xe, a.to, "...blue, white and orange");
	}
}

/* Fact 41: CA11.4, CA13.3. */
static void
fact_resign(void)
{
	u_game(&S, "beginner", 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nhand = 9 wood\nsettlements = c3/d3/d4\n[white]\n"
	    "hand = 8 ore\nroads = c2/d3\n");
	force_dice(3, 4);
	acts(&S, RED, "roll", "CA5.2");
	is_int((1 << RED) | (1 << WHITE), (long long)ca_may_act(&S),
	    "CA5.2: red and white owe");
	acts(&S, WHITE, "resign", "CA11.4: white resigns during the discards");
	is_int(1 << RED, (long long)ca_may_act(&S), "CA11.4: white's debt is gone");
	is_int(19, S.bank[CA_ORE], "CA11.4: white's cards go to the bank");
	is_int(0, S.edge[ca_parse_edge(S.b, "c2/d3", 5, (char[64]){0}, 64)],
	    "CA11.4: white's pieces leave the board");
	acts(&S, RED, "resign", "CA11.4");
	is_int(CA_PH_OVER, S.phase, "CA11.4: one player left: over");
	is_int(BLUE, S.winner, "CA11.4: blue, the last, wins");
	is_int(2, S.how, "CA11.4: how = last");
	ok(conserved(&S), "CA1.4: cards conserved");
}

int
main(void)
{
	fact_setup_order();
	fact_second_settlement();
	fact_distance_setup();
	fact_production();
	fact_seven();
	fact_building();
	fact_cards();
	fact_routes();
	fact_bank_trade();
	fact_offers();
	fact_progress();
	fact_victory();
	fact_targets();
	fact_names();
	fact_resign();
	return done_testing();
}
