/*
 * t/unit/catan/ck-rules.c -- the rules of Catan: Cities & Knights
 * (catan-ck-rules(7)) that the engine has so far, on the beginner
 * map, each test naming its CK-rule (and the brief's checkable
 * situation where there is one) and asserting the exact outcome;
 * refusals leave the state unchanged byte for byte.
 *
 * Beginner map: c3 hills 6, c4 pasture 4, c5 hills 10, d3 forest 11,
 * d4 desert, d5 forest 3, d6 mountains 8, b2 mountains 10, b3 pasture 2,
 * e3 mountains 3, f3 fields 6.  Harbors: a3/b3 wool 2:1, a1/b2 3:1.
 */
#include "../../tap.h"
#include "util.h"
#include "games/catan/board.h"

static struct ca_state S;
static struct ck_data CK;

/* A Cities & Knights game on the beginner map with a position. */
static void
ck_game(struct ca_state *st, int n, const char *position)
{
	static int done;
	struct rules_error e;

	u_load();
	if (!done && ck_data_load(&CK, NULL, 0, NULL, 0, &e) != 0)
		bail("C&K data: %s", e.msg);
	done = 1;
	force_clear();
	if (ca_board_build(&U_board, ca_data_map(&U_data, "beginner"), NULL,
	    &e) != 0)
		bail("board: %s", e.msg);
	ca_init(st, &U_board, &U_data, n, 0, &U_chance);
	if (ca_ck_init(st, &CK, 0, 0, &e) != 0)
		bail("ca_ck_init: %s", e.msg);
	if (position != NULL &&
	    ca_position_load(st, position, strlen(position), &e) != 0)
		bail("position: %s (line %d)", e.msg, e.line);
}

/* CK1.1, CK19.1: a map with more tokens the Inventor may move than
   the state keeps (32) is refused, the state unchanged: new-shores
   (21) with 12 of its sea hexes given a 3 (33). */
static void
ck_board_limit(void)
{
	static struct ca_board b;
	static struct ca_state st, before;
	struct rules_error e;
	int rc, added = 0;

	ck_game(&S, 3, NULL);
	if (ca_board_build(&b, ca_data_map(&U_data, "new-shores"), NULL,
	    &e) != 0)
		bail("board: %s", e.msg);
	for (int h = 0; h < b.nhex && added < 12; h++)
		if (b.terrain[h] == CA_SEA) {
			b.token[h] = 3;
			added++;
		}
	ca_init(&st, &b, &U_data, 3, 0, &U_chance);
	before = st;
	rc = ca_ck_init(&st, &CK, 0, 0, &e);
	is_int(RULES_EDATA, rc, "CK1.1, CK19.1: Cities & Knights on a board "
	    "with 33 tokens of 3-5 and 9-11 is refused");
	is_string("Cities & Knights plays on a board with at most 32 tokens "
	    "of 3, 4, 5, 9, 10 and 11 (CK1.1, CK19.1: the base board's 12, "
	    "new-shores' 21)", e.msg, "CK1.1: the refusal says why");
	is_int(0, memcmp(&before, &st, sizeof st), "CK19.1: the state is "
	    "unchanged byte for byte");
}

/* CK14.19: the board's table of the Inventor's slots (ca_board_build):
   on every map, hex h's slot is the number of movable tokens (3-5,
   9-11) before it, -1 for any other token, sea, desert, fog and past
   the map; on the beginner board the 12 slots 0-11. */
static void
ck_token_slots(void)
{
	static struct ca_board b;
	struct rules_error e;
	int bad = 0, maxslot = -1;

	ck_game(&S, 3, NULL);
	for (int m = 0; m < U_data.nmaps; m++) {
		if (ca_board_build(&b, &U_data.maps[m], NULL, &e) != 0)
			bail("board %s: %s", U_data.maps[m].name, e.msg);
		for (int h = 0, n = 0; h < CA_MAX_HEX; h++) {
			int t = h < b.nhex ? b.token[h] : 0;
			int want = h < b.nhex && ((t >= 3 && t <= 5) ||
			    (t >= 9 && t <= 11)) ? n++ : -1;

			if (b.tokslot[h] != want && bad++ == 0)
				diag("%s hex %d token %d: slot %d, not %d",
				    U_data.maps[m].name, h, t, b.tokslot[h],
				    want);
		}
	}
	is_int(0, bad, "CK14.19: every hex's slot on %d maps", U_data.nmaps);
	for (int h = 0; h < U_board.nhex; h++)
		if (U_board.tokslot[h] > maxslot)
			maxslot = U_board.tokslot[h];
	is_int(11, maxslot, "CK14.19: the beginner board's 12 movable tokens "
	    "in slots 0-11");
	is_int(-1, U_board.tokslot[hexi(&S, "c3")], "CK14.19: c3's 6 has no "
	    "slot");
}

/* The next roll: white w, red r, event die e (1-3 ship, 4-6 gates). */
static void
force_roll(int w, int r, int e)
{
	unsigned char b[3] = {
		(unsigned char)(w - 1), (unsigned char)(r - 1),
		(unsigned char)(e - 1)
	};

	force(3, b);
}

static int
corner(const char *name)
{
	char msg[128];

	return ca_parse_corner(S.b, name, strlen(name), msg, sizeof msg);
}

static int
wall_slot(int seat, const char *name)
{
	for (int i = 0; i < CK_WALLS; i++)
		if (S.ck.p[seat].wall[i] == corner(name))
			return i;
	return -1;
}

static int
kind_at(const char *name)
{
	return CA_C_KIND(S.corner[corner(name)]);
}

/* CK15.2, CK2.4: the options. */
static void
ck_options(void)
{
	struct rules_error e;

	ck_game(&S, 3, NULL);
	is_int(13, S.vp_target, "CK15.2: 13 points to win by default");
	is_int(7, S.ck.steps, "CK12.1: the barbarian track has 7 steps");
	is_int(12, S.bank[CA_CLOTH], "CK2.2: 12 cloth in the bank");
	is_int(12, S.bank[CA_COIN], "CK2.2: 12 coin in the bank");
	is_int(12, S.bank[CA_PAPER], "CK2.2: 12 paper in the bank");
	is_int(0, S.deck[CA_KNIGHT] + S.deck[CA_VP] + S.deck[CA_ROADS] +
	    S.deck[CA_PLENTY] + S.deck[CA_MONOPOLY],
	    "CK1.2: no development cards");
	is_int(CA_NONE, S.ck.metro[CK_TRADE], "CK3.3: no metropolis held");
	is_int(0, S.ck.ship, "CK3.3: the ship at step 0");
	is_int(0, ca_ck_init(&S, &CK, 10, 3, &e), "D4: points=10 "
	    "barbarian-steps=3 accepted");
	is_int(10, S.vp_target, "D4: points=10");
	is_int(3, S.ck.steps, "D4: barbarian-steps=3");
	is_int(0, ca_ck_init(&S, &CK, 20, 10, &e), "D4: points=20 "
	    "barbarian-steps=10 accepted");
	is_int(RULES_EDATA, ca_ck_init(&S, &CK, 9, 7, &e), "D4: points=9 "
	    "refused");
	is_string("options", e.data, "D4: the error names the options");
	is_int(RULES_EDATA, ca_ck_init(&S, &CK, 21, 7, &e), "D4: points=21 "
	    "refused");
	is_int(RULES_EDATA, ca_ck_init(&S, &CK, 13, 2, &e),
	    "D4: barbarian-steps=2 refused");
	is_int(RULES_EDATA, ca_ck_init(&S, &CK, 13, 11, &e),
	    "D4: barbarian-steps=11 refused");
}

/* Situation 1: CK3.1, CK3.2, CK15.1. */
static void
ck_setup(void)
{
	const char *pos = "[position]\nturn = red\nphase = setup2\n"
	    "[red]\nsettlements = b2/b3/c3\n";

	ck_game(&S, 3, pos);
	refused(&S, RED, "build settlement c4/c5/d5",
	    "CK3.1: a settlement as the second placement");
	acts(&S, RED, "build city c4/c5/d5", "CK3.1: the second placement "
	    "is a city");
	is_int(CA_CP_CITY, kind_at("c4/c5/d5"), "CK3.1: a city stands there");
	is_string("1 brick 1 wood 1 wool", hand(&S, RED),
	    "CK3.2: forest, pasture, hills: 1 wood 1 wool 1 brick, no "
	    "commodity");
	ok(note_has("red places a city at"), "CK3.1: noted");
	is_int(3, ca_vp(&S, RED, 1), "CK3.3, CK15.1: red has 3 VP");
	is_int(3, S.p[RED].supply[CA_S_CITY], "CK3.1: the city came from "
	    "the supply");
	is_int(4, S.p[RED].supply[CA_S_SETTLEMENT], "CK3.1: 4 settlements "
	    "left");
	refused(&S, RED, "build road b2/c2", "CK3.1: the road touches the "
	    "city just placed");
	acts(&S, RED, "build road c4/c5", "CK3.1: the city's road");
	ok(conserved(&S), "CK2.2: cards conserved");

	ck_game(&S, 3, "[position]\nturn = red\nphase = setup1\n");
	refused(&S, RED, "build city c4/c5/d5",
	    "CK3.1: the first placement is a settlement");
	acts(&S, RED, "build settlement c4/c5/d5", "CK3.1: a settlement first");
	is_string("", hand(&S, RED), "CK3.2: the first placement earns "
	    "nothing");
}

/* Situation 2: CK5.1, CK5.2, CK4.4. */
static void
ck_production(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5 c3/d3/d4\n"
	    "[blue]\nsettlements = d5/d6/e5\n";

	ck_game(&S, 3, pos);
	force_roll(1, 2, 1);
	acts(&S, RED, "roll", "CK5.2");
	ok(note_has("red rolls white 1 red 2 = 3, event ship"),
	    "CK4.4: the event die 1 is a ship");
	is_int(1, S.ck.ship, "CK12.1: the ship moves one step");
	is_string("1 wood 1 paper", hand(&S, RED),
	    "CK5.2: red's city on forest 3 takes 1 wood + 1 paper");
	is_string("1 wood", hand(&S, BLUE),
	    "CK5.2: blue's settlement on forest 3 takes 1 wood");
	is_int(11, S.bank[CA_PAPER], "CK5.2: the paper came from the bank");

	ck_game(&S, 3, pos);
	force_roll(3, 3, 4);
	acts(&S, RED, "roll", "CK5.2");
	ok(note_has("event trade"), "CK4.4: the event die 4 is the trade "
	    "gate");
	is_int(0, S.ck.ship, "CK4.4: a gate does not move the ship");
	is_string("2 brick", hand(&S, RED),
	    "CK5.2: a city on hills 6 takes 2 brick, no commodity");
	ok(S.p[WHITE].hand[CA_GRAIN] == 0, "CK5.2: nobody on fields 6");

	ck_game(&S, 3, pos);
	force_roll(1, 2, 5);
	acts(&S, RED, "roll", "CK5.2");
	ok(note_has("event politics"), "CK4.4: 5 is the politics gate");
	ck_game(&S, 3, pos);
	force_roll(2, 1, 6);
	acts(&S, RED, "roll", "CK5.2");
	ok(note_has("event science"), "CK4.4: 6 is the science gate");
	force_roll(1, 1, 1);
	refused(&S, RED, "roll", "CK4.1: one roll a turn");

	/* mountains and pasture cities: coin and cloth */
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = e2/e3/f2 b2/b3/c3\n");
	force_roll(1, 2, 2);
	acts(&S, RED, "roll", "CK5.2");
	is_string("1 ore 1 coin", hand(&S, RED),
	    "CK5.2: a city on mountains 3 takes 1 ore + 1 coin");
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = b2/b3/c3\n");
	force_roll(1, 1, 2);
	acts(&S, RED, "roll", "CK5.2");
	is_string("1 wool 1 cloth", hand(&S, RED),
	    "CK5.2: a city on pasture 2 takes 1 wool + 1 cloth");
	ok(conserved(&S), "CK2.2: cards conserved");
}

/* Situation 3: CK5.3, CK5.4. */
static void
ck_robber_blocks(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "robber = d5\n[red]\ncities = c4/c5/d5\n";

	ck_game(&S, 3, pos);
	S.ck.attacks = 1;
	force_roll(2, 1, 1);
	acts(&S, RED, "roll", "CK5.3");
	is_string("", hand(&S, RED), "CK5.3: the robber's forest gives no "
	    "wood and no paper");

	/* CK5.4: one seat owed more paper than the bank holds takes what
	   is left; two seats owed: nobody */
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d5/d6/e5\n"
	    "hand = 11 paper\n");
	force_roll(2, 1, 1);
	acts(&S, RED, "roll", "CK5.4");
	is_int(0, S.p[RED].hand[CA_PAPER], "CK5.4: two owed, one paper "
	    "left: none paid");
	is_int(1, S.p[RED].hand[CA_WOOD], "CK5.4: the wood is paid");
	ok(note_has("bank short of paper"), "CK5.4: noted");
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\nhand = 12 paper\n");
	force_roll(2, 1, 1);
	acts(&S, RED, "roll", "CK5.4");
	is_string("1 wood", hand(&S, RED), "CK5.4: no paper left: red "
	    "takes the wood alone");
}

/* Situation 11: CK6.1, CK6.2; situation 10: CK12.6. */
static void
ck_seven(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\nhand = 3 wood\n"
	    "[blue]\ncities = e2/e3/f2\nhand = 4 ore 3 cloth 2 coin\n"
	    "[white]\nhand = 8 grain\n";

	ck_game(&S, 3, pos);
	force_roll(3, 4, 4);
	acts(&S, RED, "roll", "CK6.1");
	is_int(1, S.npend, "CK6.2: one item pending");
	is_int(CA_P_DISCARD, S.pend[0].kind, "CK6.2: the discards");
	is_int(1u << BLUE | 1u << WHITE, S.pend[0].seats,
	    "CK6.2: blue (9, commodities count) and white (8) discard");
	is_int(4, S.pend[0].n[BLUE], "CK6.2: blue discards 4");
	ok(note_has("the robber stays in the desert"),
	    "CK6.1: no robber move before the first attack");
	refused_rc(&S, RED, "end", RULES_ESEAT, "CK4.5: red waits for the "
	    "discards");
	refused(&S, BLUE, "discard 4 ore 1 cloth", "CK6.2: exactly 4");
	acts(&S, BLUE, "discard 2 ore 2 cloth", "CK6.2, CK5.5: commodities "
	    "can be discarded");
	acts(&S, WHITE, "discard 4 grain", "CK6.2");
	is_int(0, S.npend, "CK6.1: nothing more is owed: no robber, no steal");
	is_int(CA_PH_MAIN, S.phase, "CK6.1: the action phase");
	refused(&S, RED, "robber d3 steal blue", "CK6.1: no robber move "
	    "before the first attack");
	ok(conserved(&S), "CK2.2: cards conserved");

	/* CK12.6: after an attack the robber is free */
	ck_game(&S, 3, pos);
	S.ck.ship = 6;
	force_roll(3, 4, 3);
	acts(&S, RED, "roll", "CK12.6");
	is_int(0, S.ck.ship, "CK12.6: the ship returns to step 0");
	is_int(1, S.ck.attacks, "CK12.6: one attack resolved");
	is_int(CA_P_DISCARD, S.pend[0].kind, "CK12.6: the discards first");
	acts(&S, BLUE, "discard 4 ore", "CK12.6");
	acts(&S, WHITE, "discard 4 grain", "CK12.6");
	is_int(CA_P_ROBBER, S.npend ? S.pend[0].kind : -1,
	    "CK12.6: the 7 now owes a robber move");
	acts(&S, RED, "robber d3", "CK12.6: the robber moves");
}

/* Situation 5: CK4.3, CK12.2, CK12.5, CK18.3. */
static void
ck_attack(void)
{
	const char *pos = "[position]\nturn = white\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5 b2/b3/c3\n"
	    "[blue]\ncities = e2/e3/f2\n"
	    "[white]\nsettlements = f3/f4/g3\n";

	ck_game(&S, 3, pos);
	S.ck.ship = 6;
	is_int(3, ca_ck_barbarians(&S), "CK12.2: three cities, strength 3");
	is_int(0, ca_ck_defence(&S, -1), "CK12.2: no active knight, Catan 0");
	force_roll(1, 2, 2);
	acts(&S, WHITE, "roll", "CK4.3, CK12.5");
	ok(note_has("the barbarians attack: 3 against Catan's 0"),
	    "CK12.2: noted with both strengths");
	is_int(CA_CP_SETTLEMENT, kind_at("e2/e3/f2"),
	    "CK12.5, CK18.3: blue's one city is pillaged at once");
	ok(note_has("the barbarians pillage blue's city at"), "CK12.5: noted");
	is_int(CA_P_PILLAGE, S.pend[0].kind, "CK12.5: red owes pillage");
	is_int(CA_P_PRODUCE, S.pend[1].kind, "CK4.3, CK18.1: production "
	    "waits behind red's choice");
	is_int(1u << RED, S.pend[0].seats, "CK12.5: red alone; white has no "
	    "city and is left out");
	is_string("", hand(&S, RED), "CK4.3: nothing produced yet");
	refused_rc(&S, WHITE, "end", RULES_ESEAT, "CK4.5: white waits");
	refused(&S, RED, "pillage e2/e3/f2", "CK12.5: not red's city");
	refused(&S, RED, "pillage a1/a2/b2", "CK12.5: no city there");
	acts(&S, RED, "pillage c4/c5/d5", "CK12.5: red chooses the forest "
	    "city");
	is_string("1 wood", hand(&S, RED), "CK4.3: then production gives red "
	    "1 wood and no paper");
	is_int(3, ca_vp(&S, RED, 1), "CK15.1: red now has a city and a "
	    "settlement, 3 VP");
	is_int(4, S.p[BLUE].supply[CA_S_CITY],
	    "CK12.5: the city piece goes back to blue's supply");
	is_int(0, S.ck.ship, "CK12.6: the ship at 0");
	is_int(0, S.npend, "CK4.3: the roll is resolved");

	/* CK12.5: metropolises cannot be pillaged; their owner is left out */
	ck_game(&S, 3, pos);
	S.ck.ship = 6;
	S.ck.metro[CK_TRADE] = (uint8_t)corner("e2/e3/f2");
	force_roll(1, 2, 2);
	acts(&S, WHITE, "roll", "CK12.5");
	is_int(CA_CP_CITY, kind_at("e2/e3/f2"), "CK10.5: blue's metropolis "
	    "stands");
	is_int(CA_P_PILLAGE, S.pend[0].kind, "CK12.5: red owes pillage");
	refused(&S, RED, "pillage e2/e3/f2", "CK12.5: a metropolis is not "
	    "pillaged");

	/* CK12.5's Decision: no settlement piece left */
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\nsettlements = a1/a2/b2 a3/b3/b4 "
	    "e3/e4/f3 e5/e6/f5 d1/d2/e1\n");
	S.ck.ship = 6;
	force_roll(3, 3, 1);
	acts(&S, RED, "roll", "CK12.5");
	is_int(CA_CP_SETTLEMENT, kind_at("c4/c5/d5"), "CK12.5: the city "
	    "becomes a settlement without a piece");
	is_int(6, ca_vp(&S, RED, 1), "CK12.5: six settlements, 6 VP");
	is_int(0, S.p[RED].supply[CA_S_SETTLEMENT], "CK12.5: no piece left");
}

/* Situation 4: CK9.4 (the Aqueduct), CK18.2. */
static void
ck_aqueduct(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = c3/d3/d4\n"
	    "[white]\ncities = d6/d7/e6\n";

	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_SCIENCE] = 3;
	S.ck.p[BLUE].level[CK_SCIENCE] = 3;
	force_roll(4, 4, 1);
	acts(&S, RED, "roll", "CK9.4");
	is_int(CA_P_AQUEDUCT, S.npend ? S.pend[0].kind : -1,
	    "CK9.4: red and blue got nothing on 8 and owe an aqueduct choice");
	is_int(1u << RED | 1u << BLUE, S.pend[0].seats,
	    "CK9.4: in parallel; white got ore and coin");
	refused(&S, RED, "aqueduct paper", "CK9.4: a commodity");
	refused_rc(&S, WHITE, "aqueduct ore", RULES_ESEAT,
	    "CK9.4: white owes nothing");
	acts(&S, BLUE, "aqueduct grain", "CK9.4: blue first");
	acts(&S, RED, "aqueduct ore", "CK9.4");
	is_string("1 ore", hand(&S, RED), "CK9.4: red +1 ore");
	is_string("1 grain", hand(&S, BLUE), "CK9.4: blue +1 grain");
	is_int(0, S.npend, "CK9.4: nothing more owed");

	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_SCIENCE] = 3;
	force_roll(4, 3, 1);
	acts(&S, RED, "roll", "CK9.4");
	is_int(0, S.npend, "CK9.4: on a 7 nothing is owed");

	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_SCIENCE] = 2;
	force_roll(4, 4, 1);
	acts(&S, RED, "roll", "CK9.4");
	is_int(0, S.npend, "CK9.4: below level 3 nothing is owed");

	/* CK18.2: the bank holds one resource kind: applied at once */
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n"
	    "[blue]\nhand = 19 brick 19 wood 19 wool 19 grain\n"
	    "[white]\nhand = 17 ore\n");
	S.ck.p[RED].level[CK_SCIENCE] = 3;
	force_roll(4, 4, 1);
	acts(&S, RED, "roll", "CK18.2");
	is_int(0, S.npend, "CK18.2: one kind in the bank: no question");
	is_string("1 ore", hand(&S, RED), "CK18.2: red takes the ore");
}

/* Situation 27: CK7.1, CK7.2, CK9.4 (the Merchant Guild). */
static void
ck_trade(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\nsettlements = a1/a2/b2\n"
	    "hand = 4 cloth 3 coin 2 wool\n"
	    "[blue]\nsettlements = a3/b3/b4\nhand = 2 cloth 1 wool\n";

	ck_game(&S, 3, pos);
	refused(&S, RED, "trade 2 cloth for 1 ore", "CK7.2: 2:1 cloth "
	    "without the Merchant Guild");
	acts(&S, RED, "trade 3 coin for 1 paper", "CK7.2: a 3:1 harbor "
	    "takes 3 coin");
	acts(&S, RED, "trade 3 cloth for 1 ore", "CK7.2: 3:1 for cloth "
	    "too");
	is_string("2 wool 1 ore 1 cloth 1 paper", hand(&S, RED),
	    "CK7.2: traded");
	is_int(4, ca_rate(&S, WHITE, CA_PAPER), "CK7.2: 4:1 for "
	    "commodities without a harbor");
	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_TRADE] = 3;
	acts(&S, RED, "trade 2 cloth for 1 ore", "CK9.4: the Merchant "
	    "Guild: 2 cloth for 1 ore");
	is_int(2, ca_rate(&S, RED, CA_COIN), "CK9.4: 2:1 for coin too");
	is_int(3, ca_rate(&S, RED, CA_WOOL), "CK9.4: not for resources");
	is_int(2, ca_rate(&S, BLUE, CA_WOOL), "CK7.2: blue's wool harbor");
	is_int(4, ca_rate(&S, BLUE, CA_CLOTH),
	    "CK7.2: a 2:1 wool harbor does not take cloth");
	acts(&S, RED, "offer 1 cloth for 1 wool to blue", "CK7.1: "
	    "commodities traded between players");
	acts(&S, BLUE, "accept 1", "CK7.1");
	is_int(1, S.p[BLUE].hand[CA_CLOTH] - 2, "CK7.1: blue got the cloth");
	ok(conserved(&S), "CK2.2: cards conserved");
}

/* CK1.2, B7: no development cards. */
static void
ck_no_devcards(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\nhand = 3 wool 3 grain 3 ore\n");
	refused(&S, RED, "buy card", "CK1.2: no development cards");
	ok(strstr(U_err.msg, "no development cards") != NULL,
	    "CK1.2: the reason says so");
}

/* Situation 35: CK15.1, CK15.3. */
static void
ck_win(void)
{
	const char *pos = "[position]\nturn = white\nphase = main\n"
	    "[red]\ncities = c4/c5/d5 b2/b3/c3 e2/e3/f2 d6/d7/e6\n"
	    "settlements = f3/f4/g3 d1/d2/e1\n"
	    "[blue]\ncities = c2/c3/d3\n";

	ck_game(&S, 3, pos);
	is_int(10, ca_vp(&S, RED, 1), "CK15.1: 4 cities and 2 settlements");
	S.ck.metro[CK_SCIENCE] = (uint8_t)corner("c4/c5/d5");
	is_int(12, ca_vp(&S, RED, 1), "CK15.1: a metropolis +2");
	S.ck.p[RED].defender = 1;
	is_int(13, ca_vp(&S, RED, 1), "CK15.1: a Defender point +1");
	acts(&S, WHITE, "end", "CK15.3");
	is_int(CA_PH_OVER, S.phase, "CK15.3: at the start of red's turn, "
	    "before the roll, red wins");
	is_int(RED, S.winner, "CK15.3: red");

	ck_game(&S, 3, pos);
	S.ck.metro[CK_SCIENCE] = (uint8_t)corner("c4/c5/d5");
	S.ck.p[RED].defender = 1;
	is_int(CA_PH_MAIN, S.phase, "CK15.3: 13 in white's turn: play goes on");
	acts(&S, WHITE, "end", "CK15.3");
	is_int(CA_PH_OVER, S.phase, "CK15.3: red wins at its turn's start");
	ck_game(&S, 3, pos);
	S.ck.p[RED].defender = 2;
	acts(&S, WHITE, "end", "CK15.3");
	is_int(CA_PH_PREROLL, S.phase, "CK15.3: 12 is not enough (no "
	    "metropolis)");
	is_int(CA_NONE, S.winner, "CK15.3: nobody has won");
}


/* A knight placed through the C API (CK11.1's corner byte). */
static void
knight(const char *name, int seat, int level, int active)
{
	S.corner[corner(name)] = CA_C_MAKE(seat, CA_CP_KNIGHT | (level - 1) |
	    (active ? CA_CP_ACTIVE : 0));
}

/* Situation 12: CK8.1, CK8.2. */
static void
ck_walls(void)
{
	const char *pos = "[position]\nturn = blue\nphase = main\n"
	    "[blue]\ncities = c4/c5/d5 e2/e3/f2 d6/d7/e6 b2/b3/c3\n"
	    "settlements = f3/f4/g3\nhand = 7 brick\n";
	const char *seven = "[position]\nturn = red\nphase = pre-roll\n"
	    "[blue]\ncities = c4/c5/d5 e2/e3/f2\nhand = 11 ore\n";

	ck_game(&S, 3, pos);
	refused(&S, BLUE, "build wall f3/f4/g3", "CK8.1: not on a settlement");
	refused(&S, BLUE, "build wall a1/a2/b2", "CK8.1: not on an empty "
	    "corner");
	acts(&S, BLUE, "build wall c4/c5/d5", "CK8.1: a wall for 2 brick");
	is_string("5 brick", hand(&S, BLUE), "CK8.1: 2 brick paid");
	ok(note_has("blue builds a city wall at"), "CK8.1: noted");
	refused(&S, BLUE, "build wall c4/c5/d5", "CK8.1: one wall a city");
	acts(&S, BLUE, "build wall e2/e3/f2", "CK8.1: a second wall");
	is_int(11, ca_discard_limit(&S, BLUE), "CK8.2: 2 walls: limit 11");
	acts(&S, BLUE, "build wall d6/d7/e6", "CK8.1: a third wall");
	is_int(13, ca_discard_limit(&S, BLUE), "CK8.2: 3 walls: limit 13");
	refused(&S, BLUE, "build wall b2/b3/c3", "CK8.1: a 4th wall");
	is_int(7, ca_discard_limit(&S, RED), "CK6.2: red's limit is 7");
	ck_game(&S, 3, pos);
	S.p[BLUE].hand[CA_BRICK] = 1;
	S.bank[CA_BRICK] = 18;
	refused(&S, BLUE, "build wall c4/c5/d5", "CK8.1: a wall with 1 brick");

	ck_game(&S, 3, seven);
	S.ck.p[BLUE].wall[0] = (uint8_t)corner("c4/c5/d5");
	S.ck.p[BLUE].wall[1] = (uint8_t)corner("e2/e3/f2");
	force_roll(5, 2, 4);
	acts(&S, RED, "roll", "CK8.2");
	is_int(0, S.npend, "CK8.2: blue, 2 walls and 11 cards, owes nothing");
	ck_game(&S, 3, seven);
	S.ck.p[BLUE].wall[0] = (uint8_t)corner("c4/c5/d5");
	S.ck.p[BLUE].wall[1] = (uint8_t)corner("e2/e3/f2");
	S.p[BLUE].hand[CA_ORE]++;
	S.bank[CA_ORE]--;
	force_roll(5, 2, 4);
	acts(&S, RED, "roll", "CK8.2");
	is_int(6, S.npend ? S.pend[0].n[BLUE] : 0, "CK8.2: with 12, blue "
	    "discards 6");
}

/* Situations 17, 19, 20: CK9.2, CK9.5, CK10.1-CK10.4. */
static void
ck_improve(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5 e2/e3/f2\nhand = 12 paper 12 coin\n"
	    "[blue]\ncities = d6/d7/e6 b2/b3/c3\nhand = 12 cloth\n";
	int n12, n30;

	ck_game(&S, 3, pos);
	n12 = corner("c4/c5/d5");
	n30 = corner("d6/d7/e6");
	acts(&S, RED, "improve science", "CK9.2: science 0 to 1");
	is_int(1, S.ck.p[RED].level[CK_SCIENCE], "CK9.2: level 1");
	is_int(11, S.p[RED].hand[CA_PAPER], "CK9.2: for 1 paper");
	ok(note_has("red builds science level 1 (Abbey) for 1 paper"),
	    "CK9.6: noted with the level's name");
	acts(&S, RED, "improve green", "CK17.1: green is science");
	acts(&S, RED, "improve science", "CK9.2: level 3");
	is_int(6, S.p[RED].hand[CA_PAPER], "CK9.2: 1 + 2 + 3 paper");
	refused(&S, RED, "improve science", "CK10.4: level 4 brings the "
	    "metropolis: a city must be named");
	refused(&S, RED, "improve science a1/a2/b2", "CK10.2: not a city "
	    "of red's");
	refused(&S, RED, "improve science d6/d7/e6", "CK10.2: not red's city");
	acts(&S, RED, "improve science c4/c5/d5", "CK10.2: science 4 and the "
	    "metropolis");
	is_int(2, S.p[RED].hand[CA_PAPER], "CK9.2: 3 to 4 costs 4 paper");
	is_int(n12, S.ck.metro[CK_SCIENCE], "CK10.2: the metropolis at "
	    "c4/c5/d5");
	is_int(6, ca_vp(&S, RED, 1), "CK10.1: +2 VP on the city's 2");
	refused(&S, RED, "improve science", "CK9.2: level 5 costs 5 paper");
	refused(&S, RED, "improve trade", "CK9.2: level 1 of trade costs 1 "
	    "cloth");

	/* situation 19: politics */
	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_POLITICS] = 3;
	S.ck.p[BLUE].level[CK_POLITICS] = 3;
	refused(&S, RED, "improve politics", "CK10.4: red's politics 4 needs "
	    "the city named");
	acts(&S, RED, "improve politics c4/c5/d5", "CK10.2: red first to "
	    "politics 4");
	is_int(6, ca_vp(&S, RED, 1), "CK10.2: +2 VP");
	acts(&S, RED, "end", "CK10");
	S.active = BLUE;	/* blue's turn, rolled */
	S.phase = CA_PH_MAIN;
	S.p[BLUE].hand[CA_COIN] = 9;
	S.p[RED].hand[CA_COIN] -= 9;
	refused(&S, BLUE, "improve politics d6/d7/e6", "CK10.4: blue's "
	    "politics 4 brings nothing: a node is refused");
	acts(&S, BLUE, "improve politics", "CK10.3: blue's politics 4");
	is_int(n12, S.ck.metro[CK_POLITICS], "CK10.3: red keeps it");
	refused(&S, BLUE, "improve politics", "CK10.3: blue's politics 5 "
	    "takes it: the city must be named");
	acts(&S, BLUE, "improve politics d6/d7/e6", "CK10.3: blue's "
	    "politics 5");
	is_int(n30, S.ck.metro[CK_POLITICS], "CK10.3: blue holds it now");
	is_int(6, ca_vp(&S, BLUE, 1), "CK10.3: blue +2");
	is_int(4, ca_vp(&S, RED, 1), "CK10.3: red -2; the city stays a city");
	is_int(CA_CP_CITY, kind_at("c4/c5/d5"), "CK10.3: still a city");
	S.active = RED;
	refused(&S, RED, "improve politics c4/c5/d5", "CK10.3: blue is at "
	    "5: red's 5 takes nothing, a node is refused");
	acts(&S, RED, "improve politics", "CK10.3: red's politics 5");
	is_int(n30, S.ck.metro[CK_POLITICS], "CK10.3: the metropolis stays "
	    "with blue");
	refused(&S, RED, "improve politics", "CK9.2: no level 6");

	/* situation 20 */
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\nsettlements = e2/e3/f2\n"
	    "hand = 4 paper 2 grain 3 ore\n"
	    "[blue]\ncities = d6/d7/e6\n");
	S.ck.metro[CK_TRADE] = (uint8_t)corner("c4/c5/d5");
	S.ck.metro[CK_SCIENCE] = (uint8_t)corner("d6/d7/e6");
	S.ck.p[RED].level[CK_TRADE] = 4;
	S.ck.p[RED].level[CK_SCIENCE] = 3;
	S.ck.p[BLUE].level[CK_SCIENCE] = 4;
	refused(&S, RED, "improve science", "CK10.4: red's only city is a "
	    "metropolis");
	acts(&S, RED, "build city e2/e3/f2", "CK10.4");
	acts(&S, RED, "improve science", "CK10.4: with a city without a "
	    "metropolis, science 4");
	is_int(4, S.ck.p[RED].level[CK_SCIENCE], "CK10.4: level 4");

	/* situation 17, CK9.5 */
	ck_game(&S, 3, "[position]\nturn = white\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\nhand = 5 paper\n"
	    "[blue]\ncities = d6/d7/e6\n");
	S.ck.ship = 6;
	force_roll(1, 1, 1);
	acts(&S, WHITE, "roll", "CK9.5");
	is_int(CA_CP_SETTLEMENT, kind_at("c4/c5/d5"), "CK12.5: red's only "
	    "city pillaged");
	S.ck.p[RED].level[CK_SCIENCE] = 2;
	acts(&S, WHITE, "end", "CK9.5");
	force_roll(1, 1, 4);
	acts(&S, RED, "roll", "CK9.5");
	refused(&S, RED, "improve science", "CK9.5: without a city no "
	    "improvement");
	is_int(2, S.ck.p[RED].level[CK_SCIENCE], "CK9.5: the level is kept");
}

/* Situations 6-9: CK12.2-CK12.6 with knights set through the C API. */
static void
ck_barbarians(void)
{
	ck_game(&S, 3, "[position]\nturn = white\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5 e2/e3/f2\n[blue]\ncities = d6/d7/e6\n");
	S.ck.metro[CK_TRADE] = (uint8_t)corner("c4/c5/d5");
	knight("a1/a2/b2", RED, 2, 1);
	knight("a3/b3/b4", BLUE, 1, 1);
	knight("d1/d2/e1", WHITE, 3, 0);
	is_int(3, ca_ck_barbarians(&S), "CK12.2: 3 cities, the metropolis "
	    "once");
	is_int(3, ca_ck_defence(&S, -1), "CK12.2: active knights 2 + 1; the "
	    "inactive mighty counts nothing");
	S.ck.ship = 6;
	force_roll(1, 1, 1);
	acts(&S, WHITE, "roll", "CK12.3");
	ok(note_has("Catan holds; red is the Defender of Catan"),
	    "CK12.3: 3 >= 3, red alone highest");
	is_int(1, S.ck.p[RED].defender, "CK12.3: a Defender point");
	is_int(7, ca_vp(&S, RED, 1), "CK15.1: +1 VP");
	ok(!CA_C_KIND(S.corner[corner("a1/a2/b2")]) ||
	    (CA_C_KIND(S.corner[corner("a1/a2/b2")]) & CA_CP_ACTIVE) == 0,
	    "CK12.6: red's knight is inactive");
	is_int(CA_CP_KNIGHT | 1, CA_C_KIND(S.corner[corner("a1/a2/b2")]),
	    "CK12.6: and still a strong knight");

	/* situation 7: a tie, no Defender point */
	ck_game(&S, 3, "[position]\nturn = white\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n"
	    "[white]\ncities = e2/e3/f2\n");
	knight("a1/a2/b2", RED, 2, 1);
	knight("a3/b3/b4", BLUE, 2, 1);
	S.ck.ship = 6;
	force_roll(1, 1, 1);
	acts(&S, WHITE, "roll", "CK12.4");
	is_int(0, S.ck.p[RED].defender + S.ck.p[BLUE].defender,
	    "CK12.4: 4 against 3, red and blue tie: no Defender point");

	/* situation 8: CK12.5, CK8.3 */
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5 e2/e3/f2\nhand = 9 ore\n"
	    "[blue]\ncities = d6/d7/e6\n[white]\ncities = b2/b3/c3\n");
	S.ck.p[RED].wall[0] = (uint8_t)corner("c4/c5/d5");
	S.ck.metro[CK_SCIENCE] = (uint8_t)corner("b2/b3/c3");
	knight("a3/b3/b4", BLUE, 1, 1);
	S.ck.ship = 6;
	force_roll(1, 1, 1);
	acts(&S, RED, "roll", "CK12.5");
	ok(note_has("the barbarians attack: 4 against Catan's 1"),
	    "CK12.2: 4 against 1");
	is_int(1u << RED, S.npend ? S.pend[0].seats : 0, "CK12.5: red (0) "
	    "owes pillage; white (metropolis only) left out, blue (1) safe");
	is_int(9, ca_discard_limit(&S, RED), "CK8.2: red's wall: limit 9");
	acts(&S, RED, "pillage c4/c5/d5", "CK8.3: red picks the walled city");
	is_int(-1, wall_slot(RED, "c4/c5/d5"), "CK8.3: the wall is gone");
	is_int(7, ca_discard_limit(&S, RED), "CK8.3: red's limit is 7");
	ok(note_has("red's wall at"), "CK8.3: noted");

	/* situation 9 */
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nsettlements = a1/a2/b2\n"
	    "[blue]\ncities = c4/c5/d5 e2/e3/f2 f3/f4/g3\n"
	    "[white]\ncities = d6/d7/e6 b2/b3/c3\n");
	knight("a3/b3/b4", BLUE, 1, 1);
	knight("d1/d2/e1", WHITE, 2, 1);
	S.ck.ship = 6;
	force_roll(1, 1, 1);
	acts(&S, RED, "roll", "CK12.5");
	ok(note_has("the barbarians attack: 5 against Catan's 3"),
	    "CK12.5: 5 > 3");
	is_int(1u << BLUE, S.npend ? S.pend[0].seats : 0, "CK12.5: red is "
	    "left out, blue loses a city, white does not");
	refused_rc(&S, WHITE, "pillage d6/d7/e6", RULES_ESEAT,
	    "CK12.5: white owes nothing");
	acts(&S, BLUE, "pillage f3/f4/g3", "CK12.5");
	is_int(CA_CP_CITY, kind_at("d6/d7/e6"), "CK12.5: white keeps its "
	    "cities");
}


/*
 * Knights (CK11) on red's chain of roads from its settlement at
 * c4/c5/d5 (N0): N1 c4/d4/d5, N2 d4/d5/e4, N3 d5/e4/e5, N4 e4/e5/f4,
 * N5 e4/f3/f4, N6 e3/e4/f3.
 */
#define N1 "c4/d4/d5"
#define N2 "d4/d5/e4"
#define N3 "d5/e4/e5"
#define N4 "e4/e5/f4"
#define N5 "e4/f3/f4"
#define N6 "e3/e4/f3"
#define RED_CHAIN "[red]\nsettlements = c4/c5/d5\n" \
	"roads = c4/d5 d4/d5 d5/e4 e4/e5 e4/f4 e4/f3\n"

static int
knight_byte(const char *name)
{
	return CA_C_KIND(S.corner[corner(name)]);
}

/* Situation 21: CK11.1, CK11.2. */
static void
ck_knight_build(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "hand = 3 wool 3 ore\n");
	refused(&S, RED, "build knight a1/a2/b2", "CK11.2: no road of red's "
	    "ends there");
	refused(&S, RED, "build knight c4/c5/d5", "CK11.2: a vacant "
	    "intersection");
	acts(&S, RED, "build knight " N1, "CK11.2: at the end of a road");
	is_string("2 wool 2 ore", hand(&S, RED), "CK11.2: for 1 wool + 1 ore");
	is_int(CA_CP_KNIGHT | CA_CP_SPENT, knight_byte(N1), "CK11.2: a basic "
	    "knight, inactive");
	acts(&S, RED, "build knight " N2, "CK11.2: the distance rule does "
	    "not apply");
	refused(&S, RED, "build knight " N4, "CK2.3: a third basic knight "
	    "while 2 are on the board");
	refused(&S, RED, "build settlement " N1, "CK11.3: nobody builds a "
	    "settlement on a knight");
	ok(conserved(&S), "CK2.2: cards conserved");
}

/* Situation 22: CK11.4, CK11.6, CK11.8. */
static void
ck_knight_timing(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "hand = 1 wool 1 ore 3 grain\n");
	acts(&S, RED, "build knight " N1, "CK11.6: built");
	acts(&S, RED, "activate " N1, "CK11.4: activated for 1 grain in the "
	    "same turn");
	is_int(2, S.p[RED].hand[CA_GRAIN], "CK11.4: 1 grain paid");
	refused(&S, RED, "move " N1 " " N4, "CK11.6: built and activated this "
	    "turn, it may not act");
	refused(&S, RED, "activate " N1, "CK11.4: active already");
	knight(N2, RED, 1, 1);
	refused(&S, RED, "move " N2 " c4/c5/d5", "CK11.8: to a vacant "
	    "intersection only");
	refused(&S, RED, "move " N2 " a1/a2/b2", "CK11.7: along red's roads");
	acts(&S, RED, "move " N2 " " N5, "CK11.8: a knight active at turn "
	    "start moves");
	is_int(0, S.corner[corner(N2)], "CK11.8: it left " N2);
	is_int(CA_CP_KNIGHT | CA_CP_SPENT, knight_byte(N5),
	    "CK11.6: now inactive");
	acts(&S, RED, "activate " N5, "CK11.6: activated again");
	refused(&S, RED, "move " N5 " " N6, "CK11.6: a second action is "
	    "refused");
	acts(&S, RED, "end", "CK11.6");
	S.active = RED;
	S.phase = CA_PH_MAIN;
	is_int(CA_CP_KNIGHT | CA_CP_ACTIVE, knight_byte(N5),
	    "CK11.6: spent marks cleared when a turn begins");
	acts(&S, RED, "move " N5 " " N6, "CK11.8: the next turn it acts");
}

/* Situation 23: CK11.5. */
static void
ck_knight_promote(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "hand = 3 wool 3 ore\n");
	knight(N1, RED, 1, 1);
	knight(N2, RED, 2, 0);
	acts(&S, RED, "promote " N1, "CK11.5: basic to strong");
	is_string("2 wool 2 ore", hand(&S, RED), "CK11.5: for 1 wool + 1 ore");
	is_int(CA_CP_KNIGHT | 1 | CA_CP_ACTIVE, knight_byte(N1),
	    "CK11.5: strong and still active");
	S.ck.p[RED].level[CK_POLITICS] = 3;
	refused(&S, RED, "promote " N1, "CK11.5: the same knight twice in a "
	    "turn");
	S.ck.p[RED].level[CK_POLITICS] = 2;
	refused(&S, RED, "promote " N2, "CK11.5: strong to mighty without "
	    "the Fortress");
	ok(strstr(U_err.msg, "Fortress") != NULL, "CK17.3: the reason names "
	    "the Fortress");
	S.ck.p[RED].level[CK_POLITICS] = 3;
	acts(&S, RED, "promote " N2, "CK11.5: with the Fortress (politics 3)");
	is_int(CA_CP_KNIGHT | 2, knight_byte(N2), "CK11.5: mighty, inactive "
	    "as it was");
	knight(N4, RED, 3, 0);
	knight(N5, RED, 2, 0);
	refused(&S, RED, "promote " N5, "CK2.3: both mighty pieces on the "
	    "board");
	refused(&S, RED, "promote " N4, "CK11.5: mighty is the top");
}

/* Situation 24: CK11.9, CK18.3. */
static void
ck_knight_displace(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "[blue]\nroads = d5/e5 d6/e5\n";

	ck_game(&S, 3, pos);
	knight(N1, RED, 2, 1);
	knight(N3, BLUE, 1, 1);
	refused(&S, RED, "move " N1 " " N3, "CK11.8: a move goes to a vacant "
	    "intersection");
	acts(&S, RED, "displace " N1 " " N3, "CK11.9: strong displaces basic");
	is_int(CA_CP_KNIGHT | 1 | CA_CP_SPENT, knight_byte(N3),
	    "CK11.9: red's knight inactive at " N3);
	is_int(CA_P_RETREAT, S.npend ? S.pend[0].kind : -1, "CK11.9: blue owes "
	    "a retreat");
	refused_rc(&S, RED, "end", RULES_ESEAT, "CK4.5: red waits");
	refused(&S, BLUE, "retreat a1/a2/b2", "CK11.9: along blue's roads");
	refused(&S, BLUE, "retreat " N3, "CK11.9: to a vacant intersection");
	acts(&S, BLUE, "retreat d6/e5/e6", "CK11.9: blue retreats");
	is_int(CA_CP_KNIGHT | CA_CP_ACTIVE, knight_byte("d6/e5/e6"),
	    "CK11.9: status kept");

	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "[blue]\nroads = d5/e5\n");
	knight(N1, RED, 2, 1);
	knight(N3, BLUE, 1, 0);
	acts(&S, RED, "displace " N1 " " N3, "CK11.9");
	is_int(0, S.npend, "CK18.3: one place: applied at once");
	is_int(CA_CP_KNIGHT, knight_byte("d5/d6/e5"), "CK11.9: blue's knight "
	    "at d5/d6/e5, inactive as it was");

	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n" RED_CHAIN);
	knight(N1, RED, 2, 1);
	knight(N3, BLUE, 1, 1);
	acts(&S, RED, "displace " N1 " " N3, "CK11.9");
	is_int(0, S.npend, "CK11.9: no place: nothing owed");
	ok(note_has("blue's knight goes back to the supply"),
	    "CK11.9: back to the supply");
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n" RED_CHAIN);
	knight(N1, RED, 2, 1);
	knight(N3, BLUE, 2, 1);
	refused(&S, RED, "displace " N1 " " N3, "CK11.9: strong against strong");
	knight(N3, RED, 1, 1);
	refused(&S, RED, "displace " N1 " " N3, "CK11.9: not an own knight");
}

/* Situation 25: CK11.10, CK6.1. */
static void
ck_knight_chase(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "[blue]\nsettlements = d5/d6/e5\nhand = 1 ore\n";

	ck_game(&S, 3, pos);
	knight(N1, RED, 1, 1);
	refused(&S, RED, "chase " N1 " d5 steal blue", "CK6.1: before the "
	    "first attack");
	S.ck.attacks = 1;
	knight(N3, RED, 1, 1);
	refused(&S, RED, "chase " N3 " d5 steal blue", "CK11.10: not on a "
	    "corner of the robber's hex");
	refused(&S, RED, "chase " N1 " d4", "CK11.10: the robber must move");
	force_index(0);
	acts(&S, RED, "chase " N1 " d5 steal blue", "CK11.10");
	is_int(hexi(&S, "d5"), S.robber, "CK11.10: the robber moves");
	is_string("1 ore", hand(&S, RED), "CK11.10: 1 card stolen");
	is_int(CA_CP_KNIGHT | CA_CP_SPENT, knight_byte(N1), "CK11.10: the "
	    "knight is inactive");
	refused(&S, RED, "chase " N3 " d5", "CK11.10: the robber must move "
	    "from d5");
	knight(N6, RED, 1, 1);
	refused(&S, RED, "chase " N6 " d4", "CK11.10: " N6 " is no corner of "
	    "d5");
	acts(&S, RED, "chase " N3 " d4", "CK11.10: " N3 " is a corner of d5");
}

/* Situation 26: CK11.3. */
static void
ck_knight_blocks(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "hand = 2 brick 2 wood 1 wool 1 grain\n");
	is_int(6, ca_route_length(&S, RED), "CK11.3: red's chain of 6");
	is_int(RED, S.longest, "CK15.1: red holds the longest road");
	knight(N3, BLUE, 1, 0);
	ca_award_recount(&S);
	is_int(3, ca_route_length(&S, RED), "CK11.3: blue's knight breaks it: "
	    "the longest part is 3");
	is_int(CA_NONE, S.longest, "CK11.3: nobody holds the longest road");
	refused(&S, RED, "build road d5/e5", "CK11.3: no road out of an "
	    "intersection held by blue's knight");
	acts(&S, RED, "build road f3/f4", "CK11.3: red's road from its own "
	    "corner");
	knight(N5, RED, 1, 0);
	refused(&S, RED, "build settlement " N5, "CK11.3: not on red's own "
	    "knight either");
	S.corner[corner(N5)] = 0;
	acts(&S, RED, "build settlement " N5, "CK11.3: without the knight it "
	    "is allowed");
}


static int
card(const char *slug)
{
	return ck_card_by_slug(&CK, slug, strlen(slug));
}

/* The slugs of seat's progress hand, "" when empty. */
static const char *
prog_hand(int seat)
{
	static char buf[256];
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < S.ck.p[seat].nprog; k++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
		    len ? " " : "", CK.cards[S.ck.p[seat].prog[k]].slug);
	return buf;
}

static void
give_prog(int seat, const char *slug)
{
	struct ca_ck_player *p = &S.ck.p[seat];
	int c = card(slug), t = CK.cards[c].deck;

	for (int i = 0; i < S.ck.ndeck[t]; i++)
		if (ca_ck_deck(&S, t, i) == c) {
			for (int k = i + 1; k < S.ck.ndeck[t]; k++)
				ca_ck_deck_set(&S, t, k - 1,
				    ca_ck_deck(&S, t, k));
			S.ck.ndeck[t]--;
			p->prog[p->nprog++] = (uint8_t)c;
			return;
		}
	bail("no %s left in its deck", slug);
}

/* Put slug on top of its deck (taken from where it lies). */
static void
on_top(const char *slug)
{
	int c = card(slug), t = CK.cards[c].deck;

	for (int i = 0; i < S.ck.ndeck[t]; i++)
		if (ca_ck_deck(&S, t, i) == c) {
			for (int k = i; k > 0; k--)
				ca_ck_deck_set(&S, t, k,
				    ca_ck_deck(&S, t, k - 1));
			ca_ck_deck_set(&S, t, 0, c);
			return;
		}
	bail("no %s in its deck", slug);
}

/* CK13.1, CK16.3: the decks at the start. */
static void
ck_decks(void)
{
	struct ca_state a;
	int n[CK_EFFECTS] = { 0 }, right = 1, same;

	ck_game(&S, 3, NULL);
	is_int(18, S.ck.ndeck[CK_TRADE], "CK13.1: 18 trade cards");
	is_int(18, S.ck.ndeck[CK_POLITICS], "CK13.1: 18 politics cards");
	is_int(18, S.ck.ndeck[CK_SCIENCE], "CK13.1: 18 science cards");
	for (int t = 0; t < CK_TRACKS; t++)
		for (int i = 0; i < S.ck.ndeck[t]; i++) {
			n[ca_ck_deck(&S, t, i)]++;
			right &= CK.cards[ca_ck_deck(&S, t, i)].deck == t;
		}
	for (int i = 0; i < CK.ncards; i++)
		right &= n[i] == CK.cards[i].count;
	ok(right, "CK13.1: each deck holds its cards, each count times");
	a = S;
	ck_game(&S, 3, NULL);
	is_int(0, memcmp(&a.ck, &S.ck, sizeof a.ck), "CK16.3: the same seed "
	    "shuffles alike");
	same = 1;
	for (int i = 1; i < 18; i++)
		same &= ca_ck_deck(&S, CK_TRADE, i - 1) <=
		    ca_ck_deck(&S, CK_TRADE, i);
	ok(!same, "CK16.3: the trade deck is shuffled");
	is_int(0, ca_ck_hand(&S, RED), "CK13.1: nobody holds a progress card");
	/* the packed places: each written alone leaves the others */
	right = 1;
	for (int t = 0; t < CK_TRACKS; t++)
		for (int i = 0; i < CK_DECK_MAX; i++)
			for (int v = 0; v < CK_EFFECTS; v += 7) {
				int before[CK_DECK_MAX];

				for (int k = 0; k < CK_DECK_MAX; k++)
					before[k] = ca_ck_deck(&a, t, k);
				ca_ck_deck_set(&a, t, i, v);
				right &= ca_ck_deck(&a, t, i) == v;
				for (int k = 0; k < CK_DECK_MAX; k++)
					right &= k == i ||
					    ca_ck_deck(&a, t, k) == before[k];
				for (int u = 0; u < CK_TRACKS; u++)
					right &= u == t || memcmp(a.ck.deck[u],
					    S.ck.deck[u], CK_DECK_BYTES) == 0;
				ca_ck_deck_set(&a, t, i, ca_ck_deck(&S, t, i));
			}
	ok(right && memcmp(&a.ck, &S.ck, sizeof a.ck) == 0, "CK13.1: a deck "
	    "place of 5 bits holds every card index (0-%d) and setting it "
	    "changes no other place nor deck", CK_EFFECTS - 1);
}

/* Situations 13, 16: CK13.2, CK9.3, CK13.3. */
static void
ck_gates(void)
{
	const char *pos = "[position]\nturn = white\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n"
	    "[white]\ncities = e2/e3/f2\n";

	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_POLITICS] = 1;
	S.ck.p[BLUE].level[CK_POLITICS] = 2;
	on_top("spy");
	force_roll(1, 3, 5);
	acts(&S, WHITE, "roll", "CK13.2");
	is_string("", prog_hand(RED), "CK9.3: politics 1 and red die 3: red "
	    "draws nothing");
	is_string("spy", prog_hand(BLUE), "CK9.3: politics 2 and red die 3: "
	    "blue draws");
	is_int(17, S.ck.ndeck[CK_POLITICS], "CK13.2: the top card");
	ok(note_has("blue draws a politics card") && !note_has("spy"),
	    "CK16.4: the note hides which card");
	is_string("", prog_hand(WHITE), "CK9.3: level 0 never draws");

	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_POLITICS] = 1;
	S.ck.p[BLUE].level[CK_POLITICS] = 2;
	on_top("bishop");
	on_top("warlord");
	force_roll(1, 2, 5);
	acts(&S, WHITE, "roll", "CK13.2");
	is_string("warlord", prog_hand(RED), "CK13.2: red die 2: both draw, "
	    "red first (clockwise from white)");
	is_string("bishop", prog_hand(BLUE), "CK13.2: then blue");

	/* situation 16: the Printer */
	ck_game(&S, 3, pos);
	S.ck.p[BLUE].level[CK_SCIENCE] = 5;
	give_prog(BLUE, "crane");
	on_top("printer");
	force_roll(1, 6, 6);
	acts(&S, WHITE, "roll", "CK13.3");
	is_int(1, S.ck.p[BLUE].vpcards, "CK13.3: the Printer is laid down");
	is_int(3, ca_vp(&S, BLUE, 0), "CK13.3: +1 VP at once, public");
	is_int(1, ca_ck_hand(&S, BLUE), "CK13.3: blue's hand count unchanged");
	ok(note_has("blue draws the Printer and lays it down"),
	    "CK13.3: shown at once");

	/* CK13.2's Decision: an empty deck */
	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_TRADE] = 5;
	S.ck.ndeck[CK_TRADE] = 0;
	force_roll(1, 1, 4);
	acts(&S, WHITE, "roll", "CK13.2");
	is_string("", prog_hand(RED), "CK13.2: an empty deck: nothing drawn");
}

/* Situations 14, 15: CK13.4, CK13.6, CK4.6. */
static void
ck_hand_limit(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n";
	int spy = card("spy");

	ck_game(&S, 3, pos);
	give_prog(BLUE, "spy");
	give_prog(BLUE, "bishop");
	give_prog(BLUE, "crane");
	give_prog(BLUE, "merchant");
	S.ck.p[BLUE].level[CK_POLITICS] = 5;
	on_top("wedding");
	force_roll(2, 2, 5);
	acts(&S, RED, "roll", "CK13.4");
	is_int(5, ca_ck_hand(&S, BLUE), "CK13.4: blue draws a fifth");
	is_int(CA_P_PROGRESS, S.pend[0].kind, "CK13.4: blue owes a discard");
	is_int(CA_P_PRODUCE, S.npend > 1 ? S.pend[1].kind : -1,
	    "CK4.3: production waits");
	refused_rc(&S, RED, "end", RULES_ESEAT, "CK13.4: red can do nothing "
	    "until blue answers");
	refused(&S, BLUE, "discard progress smith", "CK13.4: a card blue "
	    "does not hold");
	acts(&S, BLUE, "discard progress spy", "CK13.4");
	is_string("bishop crane merchant wedding", prog_hand(BLUE),
	    "CK13.4: blue keeps 4");
	is_int(spy, ca_ck_deck(&S, CK_POLITICS, S.ck.ndeck[CK_POLITICS] - 1),
	    "CK13.6: the Spy is at the bottom of the politics deck");
	is_int(0, S.npend, "CK13.4: the roll goes on");

	/* situation 15: red holds 5 after its own roll */
	ck_game(&S, 3, pos);
	give_prog(RED, "spy");
	give_prog(RED, "bishop");
	give_prog(RED, "crane");
	give_prog(RED, "merchant");
	S.ck.p[RED].level[CK_SCIENCE] = 5;
	on_top("smith");
	force_roll(2, 2, 6);
	acts(&S, RED, "roll", "CK13.4");
	is_int(5, ca_ck_hand(&S, RED), "CK13.4: the active player may hold 5");
	is_int(0, S.npend, "CK13.4: no discard owed at once");
	refused(&S, RED, "end", "CK4.6: end with 5 progress cards");
	acts(&S, RED, "discard progress smith", "CK13.4");
	refused(&S, RED, "discard progress spy", "CK13.4: down to 4, no more");
	acts(&S, RED, "end", "CK4.6: then end is accepted");
}

/* Situation 7: CK12.4. */
static void
ck_tie_picks(void)
{
	const char *pos = "[position]\nturn = white\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n"
	    "[white]\ncities = e2/e3/f2\n";

	ck_game(&S, 3, pos);
	knight("a1/a2/b2", RED, 2, 1);
	knight("a3/b3/b4", BLUE, 2, 1);
	S.ck.ship = 6;
	S.ck.ndeck[CK_SCIENCE] = 1;
	force_roll(1, 1, 1);
	acts(&S, WHITE, "roll", "CK12.4");
	is_int(CA_P_TRACKPICK, S.npend ? S.pend[0].kind : -1,
	    "CK12.4: the tied players owe picks");
	is_int(1u << RED, ca_may_act(&S), "CK12.4: one at a time: red first "
	    "(clockwise from white)");
	refused_rc(&S, BLUE, "pick trade", RULES_ESEAT, "CK12.4: blue waits");
	acts(&S, RED, "pick science", "CK12.4: red takes the last science "
	    "card");
	is_int(1u << BLUE, ca_may_act(&S), "CK12.4: then blue");
	refused(&S, BLUE, "pick science", "CK12.4: an empty deck");
	refused(&S, BLUE, "pick green", "CK17.1: green is science, empty too");
	acts(&S, BLUE, "pick politics", "CK12.4: blue takes a politics card");
	is_int(1, ca_ck_hand(&S, RED) + 0 * ca_ck_hand(&S, BLUE),
	    "CK12.4: red holds 1");
	is_int(1, ca_ck_hand(&S, BLUE), "CK12.4: blue holds 1");
	is_int(0, S.ck.p[RED].defender + S.ck.p[BLUE].defender,
	    "CK12.4: nobody gets a Defender point");
	is_int(0, S.npend, "CK4.3: then the roll goes on");

	/* CK18.2: one non-empty deck: the picks are forced */
	ck_game(&S, 3, pos);
	knight("a1/a2/b2", RED, 2, 1);
	knight("a3/b3/b4", BLUE, 2, 1);
	S.ck.ship = 6;
	S.ck.ndeck[CK_SCIENCE] = 0;
	S.ck.ndeck[CK_TRADE] = 0;
	force_roll(1, 1, 1);
	acts(&S, WHITE, "roll", "CK18.2");
	is_int(0, S.npend, "CK18.2: one deck left: both picks applied");
	is_int(1, ca_ck_hand(&S, RED) * ca_ck_hand(&S, BLUE),
	    "CK18.2: red and blue each drew politics");
}


/* CK13.5 and the cards of CK14 built so far, each named by its slug. */
/* The seats and texts an action told alone, one line each "SEAT: TEXT",
   "" when none; also checks the used entries come first. */
static const char *
secrets(void)
{
	static char buf[1024];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < CA_SECRET_MAX && U_sec.seat[i] != CA_NONE; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s: %s\n",
		    ca_seat_name(&S, U_sec.seat[i]), U_sec.text[i]);
	for (; i < CA_SECRET_MAX; i++)
		if (U_sec.seat[i] != CA_NONE)
			return "a told seat after an unused entry";
	return buf;
}

/* CK14.7 with CA12.1's secrets: the Bishop taking from two players tells
   each card taken to exactly its two players, the taker and its victim;
   a refused Bishop tells nobody anything. */
static void
bishop_secrets_3(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\n"
	    "[blue]\nsettlements = c2/d2/d3\nhand = 2 wool\n"
	    "[white]\nsettlements = c3/d3/d4\nhand = 1 ore\n");
	give_prog(RED, "bishop");
	S.ck.attacks = 1;
	refused(&S, RED, "play bishop d4", "bishop (CK14.7 secrets): the "
	    "robber must move");
	is_string("", secrets(), "bishop (CK14.7 secrets): a refused bishop "
	    "tells nobody anything");
	force_index(1);
	force_index(0);
	acts(&S, RED, "play bishop d3", "bishop (CK14.7 secrets): two victims");
	is_string("red: you took 1 wool from blue\n"
	    "blue: red took 1 wool from you\n"
	    "red: you took 1 ore from white\n"
	    "white: red took 1 ore from you\n", secrets(),
	    "bishop (CK14.7 secrets): each card to its taker and its victim "
	    "only, blue's pair then white's");
	ok(strstr(U_note.text, "wool") == NULL &&
	    strstr(U_note.text, "ore") == NULL, "bishop (CK14.7 secrets): the "
	    "public note names no card taken");
	is_string("1 wool 1 ore", hand(&S, RED), "bishop (CK14.7 secrets): red "
	    "holds both cards");
}

/* CK14.7 with four seats: three victims, three pairs, none told twice. */
static void
bishop_secrets_4(void)
{
	ck_game(&S, 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\n"
	    "[blue]\nsettlements = c2/d2/d3\nhand = 1 brick\n"
	    "[white]\nsettlements = c3/d3/d4\nhand = 1 ore\n"
	    "[orange]\nsettlements = d3/e2/e3\nhand = 1 paper\n");
	give_prog(RED, "bishop");
	S.ck.attacks = 1;
	force_index(0);
	force_index(0);
	force_index(0);
	acts(&S, RED, "play bishop d3", "bishop (CK14.7 secrets): three "
	    "victims");
	is_string("red: you took 1 brick from blue\n"
	    "blue: red took 1 brick from you\n"
	    "red: you took 1 ore from white\n"
	    "white: red took 1 ore from you\n"
	    "red: you took 1 paper from orange\n"
	    "orange: red took 1 paper from you\n", secrets(),
	    "bishop (CK14.7 secrets): three pairs, clockwise from red");
	is_string("1 brick 1 ore 1 paper", hand(&S, RED), "bishop (CK14.7 "
	    "secrets): red holds the three cards");
}

/* CK17.4: text refused as a parse error with msg and hint, the state
   byte for byte as it was. */
static void
hinted(const char *text, const char *msg, const char *hint)
{
	refused_rc(&S, RED, text, RULES_EPARSE, "CK17.4");
	is_string(msg, U_err.msg, "CK17.4: '%s': the message", text);
	is_string(hint, U_err.hint, "CK17.4: '%s': the hint", text);
}

/* CK17.4: only the canonical slugs; Dutch glosses, 2025 names, other
   spellings and near misses get a hint, never a play. */
static void
ck_names(void)
{
	const char *play = "play what? a progress card by its slug, like "
	    "'play crane science'";

	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = e2/e3/f2\nhand = 1 ore\n"
	    "[blue]\ncities = d6/d7/e6\n");
	give_prog(RED, "crane");
	give_prog(RED, "spy");
	give_prog(RED, "bishop");
	give_prog(RED, "master-merchant");
	hinted("play bouwkraan science", play, "did you mean 'crane'?");
	hinted("play Bouwkraan science", play, "did you mean 'crane'?");
	hinted("play spion blue", play, "did you mean 'spy'?");
	hinted("play grondstoffenmonopolie ore", play,
	    "did you mean 'resource-monopoly'?");
	hinted("play taxation d3", play, "did you mean 'bishop'?");
	hinted("play guild-dues blue", play,
	    "did you mean 'master-merchant'?");
	hinted("play espionage blue", play, "did you mean 'spy'?");
	hinted("play Alchemy 3 4", play, "did you mean 'alchemist'?");
	hinted("play treason blue", play, "did you mean 'deserter'?");
	hinted("play Encouragement", play, "did you mean 'warlord'?");
	hinted("play road_building f3/f4", play,
	    "did you mean 'road-building'?");
	hinted("play crnae science", play, "did you mean 'crane'?");
	hinted("play xyzzy", play, "");
	hinted("play", play, "");
	hinted("discard progress spion", "no progress card 'spion'",
	    "did you mean 'spy'?");
	hinted("discard progress Printing", "no progress card 'printing'",
	    "did you mean 'printer'?");
	hinted("take grondwet", "no progress card 'grondwet'",
	    "did you mean 'constitution'?");
	is_string("crane spy bishop master-merchant", prog_hand(RED),
	    "CK17.4: every card still in red's hand");
	acts(&S, RED, "play crane science", "CK17.4: the slug itself plays");
}

static void
ck_plays(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "cities = e2/e3/f2\nhand = 3 ore 1 grain\n"
	    "[blue]\nsettlements = c2/d2/d3\ncities = d6/d7/e6\n"
	    "hand = 3 ore 2 coin 2 wool\n"
	    "[white]\nhand = 1 ore\n";
	int bottom;

	/* CK13.5 */
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = e2/e3/f2\n");
	give_prog(RED, "mining");
	refused(&S, RED, "play mining", "CK13.5: not before the roll");
	refused(&S, RED, "play warlord", "CK13.5: a card red does not hold");

	/* mining, CK13.6 */
	ck_game(&S, 3, pos);
	give_prog(RED, "mining");
	acts(&S, RED, "play mining", "mining: CK14.22");
	is_int(5, S.p[RED].hand[CA_ORE], "mining: 2 ore for mountains e3 "
	    "(cities do not double)");
	is_int(0, ca_ck_hand(&S, RED), "CK13.5: the card is played");
	bottom = ca_ck_deck(&S, CK_SCIENCE, S.ck.ndeck[CK_SCIENCE] - 1);
	is_string("mining", CK.cards[bottom].slug, "CK13.6: at the bottom of "
	    "the science deck");
	ok(note_has("red plays Mining"), "CK16.2: the play is public");
	give_prog(RED, "mining");
	S.corner[corner("e2/e3/f2")] = 0;
	S.p[RED].supply[CA_S_CITY]++;
	refused(&S, RED, "play mining", "mining: no mountains of red's");

	/* irrigation */
	ck_game(&S, 3, pos);
	S.active = BLUE;
	give_prog(BLUE, "irrigation");
	acts(&S, BLUE, "play irrigation", "irrigation: CK14.20");
	is_int(4, S.p[BLUE].hand[CA_GRAIN], "irrigation: 2 grain each for "
	    "fields c2 and d2");
	S.active = RED;
	give_prog(RED, "irrigation");
	refused(&S, RED, "play irrigation", "irrigation: no fields of red's");

	/* warlord */
	ck_game(&S, 3, pos);
	give_prog(RED, "warlord");
	refused(&S, RED, "play warlord", "warlord: no inactive knight");
	knight(N1, RED, 1, 0);
	knight(N3, RED, 2, 0);
	acts(&S, RED, "play warlord", "warlord: CK14.14");
	is_int(CA_CP_KNIGHT | 1 | CA_CP_ACTIVE | CA_CP_SPENT, knight_byte(N3),
	    "warlord: active and spent");
	refused(&S, RED, "move " N1 " " N2, "warlord: CK11.6, the knights "
	    "may not act this turn");

	/* resource-monopoly, trade-monopoly */
	ck_game(&S, 3, pos);
	give_prog(RED, "resource-monopoly");
	give_prog(RED, "trade-monopoly");
	refused(&S, RED, "play resource-monopoly coin", "resource-monopoly: a "
	    "resource");
	acts(&S, RED, "play resource-monopoly ore", "resource-monopoly: "
	    "CK14.5");
	is_int(6, S.p[RED].hand[CA_ORE], "resource-monopoly: 2 from blue, 1 "
	    "from white");
	refused(&S, RED, "play trade-monopoly ore", "trade-monopoly: a "
	    "commodity");
	acts(&S, RED, "play trade-monopoly coin", "trade-monopoly: CK14.6");
	is_int(1, S.p[RED].hand[CA_COIN], "trade-monopoly: 1 from blue");
	is_int(1, S.p[BLUE].hand[CA_COIN], "trade-monopoly: blue keeps 1");

	/* merchant-fleet */
	ck_game(&S, 3, pos);
	give_prog(RED, "merchant-fleet");
	refused(&S, RED, "trade 2 ore for 1 wool", "merchant-fleet: 4:1 "
	    "before");
	acts(&S, RED, "play merchant-fleet ore", "merchant-fleet: CK14.4");
	acts(&S, RED, "trade 2 ore for 1 wool", "merchant-fleet: ore at 2:1 "
	    "this turn");
	acts(&S, RED, "end", "merchant-fleet");
	is_int(4, ca_rate(&S, RED, CA_ORE), "merchant-fleet: until the end "
	    "of the turn");

	/* engineer */
	ck_game(&S, 3, pos);
	give_prog(RED, "engineer");
	refused(&S, RED, "play engineer c4/c5/d5", "engineer: not on a "
	    "settlement");
	acts(&S, RED, "play engineer e2/e3/f2", "engineer: CK14.18, a free "
	    "wall");
	is_int(9, ca_discard_limit(&S, RED), "engineer: the wall counts");
	is_int(3, S.p[RED].hand[CA_ORE], "engineer: nothing paid");

	/* medicine */
	ck_game(&S, 3, pos);
	give_prog(RED, "medicine");
	acts(&S, RED, "play medicine c4/c5/d5", "medicine: CK14.21");
	is_int(CA_CP_CITY, kind_at("c4/c5/d5"), "medicine: a city");
	is_string("1 ore", hand(&S, RED), "medicine: for 2 ore + 1 grain");
	give_prog(RED, "medicine");
	S.corner[corner("c4/c5/d5")] = CA_C_MAKE(RED, CA_CP_SETTLEMENT);
	refused(&S, RED, "play medicine c4/c5/d5", "medicine: with 1 ore");

	/* crane: situation 18 */
	ck_game(&S, 3, pos);
	give_prog(RED, "crane");
	give_prog(RED, "crane");
	S.p[RED].hand[CA_PAPER] = 2;
	S.bank[CA_PAPER] -= 2;
	acts(&S, RED, "play crane science", "crane: CK14.17");
	is_int(1, S.ck.p[RED].level[CK_SCIENCE], "crane: level 1 ...");
	is_int(2, S.p[RED].hand[CA_PAPER], "crane: ... for 0 paper");
	S.ck.p[RED].level[CK_SCIENCE] = 2;
	acts(&S, RED, "play crane green", "crane: CK14.17");
	is_int(3, S.ck.p[RED].level[CK_SCIENCE], "crane: level 3 ...");
	is_int(0, S.p[RED].hand[CA_PAPER], "crane: ... for 2 paper");
	give_prog(RED, "crane");
	refused(&S, RED, "play crane science", "crane: level 4 needs the city "
	    "named (CK10.4)");

	/* smith */
	ck_game(&S, 3, pos);
	give_prog(RED, "smith");
	knight(N1, RED, 1, 1);
	knight(N3, RED, 2, 0);
	refused(&S, RED, "play smith " N1 " " N3, "smith: strong to mighty "
	    "without the Fortress: the whole play is refused");
	refused(&S, RED, "play smith " N1 " " N1, "smith: two different "
	    "knights");
	S.ck.p[RED].level[CK_POLITICS] = 3;
	acts(&S, RED, "play smith " N1 " " N3, "smith: CK14.25");
	is_int(CA_CP_KNIGHT | 1 | CA_CP_ACTIVE, knight_byte(N1), "smith: "
	    "strong, still active");
	is_int(CA_CP_KNIGHT | 2, knight_byte(N3), "smith: mighty");
	is_int(3, S.p[RED].hand[CA_ORE], "smith: free");

	/* road-building */
	ck_game(&S, 3, pos);
	give_prog(RED, "road-building");
	refused(&S, RED, "play road-building b2/b3", "road-building: not "
	    "joined to red's roads");
	acts(&S, RED, "play road-building f3/f4 f3/g3", "road-building: "
	    "CK14.24, the second judged after the first");
	ok(S.edge[ca_parse_edge(S.b, "f3/g3", 5, NULL, 0)] != 0,
	    "road-building: both roads stand");
	is_int(3, S.p[RED].hand[CA_ORE], "road-building: free");

	/* merchant: situation 28 */
	ck_game(&S, 3, pos);
	give_prog(RED, "merchant");
	refused(&S, RED, "play merchant b3", "merchant: no building of red's "
	    "at b3");
	refused(&S, RED, "play merchant d4", "merchant: not the desert");
	acts(&S, RED, "play merchant c4", "merchant: CK14.3, pasture c4");
	is_int(6, ca_vp(&S, RED, 1), "merchant: +1 VP (5 before: settlement, "
	    "city, longest road)");
	is_int(2, ca_rate(&S, RED, CA_WOOL), "merchant: wool at 2:1");
	S.active = BLUE;
	give_prog(BLUE, "merchant");
	acts(&S, BLUE, "play merchant d6", "merchant: blue takes it over");
	is_int(5, ca_vp(&S, RED, 1), "merchant: red -1");
	is_int(4, ca_vp(&S, BLUE, 1), "merchant: blue +1");
	is_int(2, ca_rate(&S, BLUE, CA_ORE), "merchant: blue ore at 2:1");
	is_int(4, ca_rate(&S, RED, CA_WOOL), "merchant: red's rate is gone");

	/* bishop */
	ck_game(&S, 3, pos);
	give_prog(RED, "bishop");
	refused(&S, RED, "play bishop d2", "bishop: before the first attack "
	    "(CK6.1)");
	S.ck.attacks = 1;
	S.corner[corner("c2/c3/d3")] = CA_C_MAKE(WHITE, CA_CP_SETTLEMENT);
	S.p[WHITE].supply[CA_S_SETTLEMENT]--;
	refused(&S, RED, "play bishop d4", "bishop: the robber must move");
	force_index(0);
	force_index(0);
	acts(&S, RED, "play bishop d3", "bishop: CK14.7");
	is_int(hexi(&S, "d3"), S.robber, "bishop: the robber at d3");
	is_string("1 grain 5 ore", hand(&S, RED), "bishop, CK16.3: 1 card "
	    "from blue (3 ore 2 coin 2 wool: its first in the order brick, "
	    "grain, lumber, ore, wool, cloth, coin, paper is an ore, where "
	    "the base game's order would give a wool) and 1 from white (ore)");
	is_int(0, ca_hand_count(&S.p[WHITE]), "bishop: white's only card");
	bishop_secrets_3();
	bishop_secrets_4();

	/* alchemist: situation 29 */
	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n"
	    "hand = 9 ore\n");
	give_prog(RED, "alchemist");
	ok(act(&S, RED, "play alchemist 7 1") == RULES_EPARSE,
	    "alchemist: 'play alchemist 7 1' is a parse error");
	S.ck.ship = 6;
	force_index(0);		/* the event die: 1, a ship */
	acts(&S, RED, "play alchemist 4 3", "alchemist: CK14.16");
	ok(note_has("red rolls white 4 red 3 = 7, event ship"),
	    "alchemist: the dice set, the event die rolled");
	is_int(1, S.ck.attacks, "CK4.3: the event first: the attack");
	is_int(CA_P_DISCARD, S.npend ? S.pend[0].kind : -1,
	    "alchemist: then the discards");
	give_prog(RED, "alchemist");
	acts(&S, BLUE, "discard 4 ore", "alchemist");
	acts(&S, RED, "robber d3", "alchemist: the robber is free now");
	refused(&S, RED, "play alchemist 1 1", "alchemist: after the roll");

	/* a refused play keeps the card */
	ck_game(&S, 3, pos);
	give_prog(RED, "inventor");
	refused(&S, RED, "play inventor c3 d3", "inventor: a 6, refused");
	is_int(1, ca_ck_hand(&S, RED), "inventor: the card stays in hand");
}


/* Situations 32, 34: diplomat, intrigue, saboteur. */
static void
ck_plays_politics(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "[blue]\nroads = d5/e5 d6/e5\n";

	/* diplomat: situation 32 */
	ck_game(&S, 3, pos);
	give_prog(RED, "diplomat");
	knight(N6, RED, 1, 0);
	refused(&S, RED, "play diplomat e4/f3", "diplomat: red's road between "
	    "its road and its knight is not open");
	refused(&S, RED, "play diplomat c4/d5", "diplomat: nor between its "
	    "settlement and its road");
	refused(&S, RED, "play diplomat d5/e5 c4/c5", "diplomat: PATH2 for "
	    "an opponent's road");
	acts(&S, RED, "play diplomat d6/e5", "diplomat: CK14.10, blue's "
	    "dangling road");
	is_int(0, S.edge[ca_parse_edge(S.b, "d6/e5", 5, NULL, 0)],
	    "diplomat: removed");
	is_int(14, S.p[BLUE].supply[CA_S_ROAD], "diplomat: back to blue's "
	    "supply");
	S.corner[corner(N6)] = 0;
	give_prog(RED, "diplomat");
	refused(&S, RED, "play diplomat e4/f3 e3/f3", "diplomat: the road "
	    "put back by road rules, after the removal");
	acts(&S, RED, "play diplomat e4/f3 f3/f4", "diplomat: red's own open "
	    "road removed and put back");
	ok(S.edge[ca_parse_edge(S.b, "f3/f4", 5, NULL, 0)] != 0 &&
	    S.edge[ca_parse_edge(S.b, "e4/f3", 5, NULL, 0)] == 0,
	    "diplomat: moved from e4/f3 to f3/f4");

	/* intrigue */
	ck_game(&S, 3, pos);
	give_prog(RED, "intrigue");
	knight(N3, BLUE, 3, 1);
	knight("a1/a2/b2", BLUE, 1, 1);
	refused(&S, RED, "play intrigue a1/a2/b2", "intrigue: not at the end "
	    "of a road of red's");
	acts(&S, RED, "play intrigue " N3, "intrigue: CK14.11, even a mighty "
	    "knight, no own knight needed");
	is_int(0, S.corner[corner(N3)], "intrigue: displaced");
	is_int(CA_P_RETREAT, S.npend ? S.pend[0].kind : -1, "intrigue: blue "
	    "owes a retreat (two places)");
	acts(&S, BLUE, "retreat d5/d6/e5", "intrigue: CK11.9");

	/* saboteur: situation 34 */
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n"
	    "hand = 10 ore\n[white]\ncities = e2/e3/f2\nhand = 5 wool\n");
	S.ck.p[RED].defender = 3;
	S.ck.p[BLUE].defender = 3;
	S.ck.p[WHITE].defender = 5;
	give_prog(RED, "saboteur");
	acts(&S, RED, "play saboteur", "saboteur: CK14.12");
	is_int(CA_P_DISCARD, S.npend ? S.pend[0].kind : -1, "saboteur: "
	    "discards owed");
	is_int(5, S.pend[0].n[BLUE], "saboteur: blue (5 VP, 10 cards) "
	    "discards 5");
	is_int(2, S.pend[0].n[WHITE], "saboteur: white (7 VP, 5 cards) "
	    "discards 2");
	acts(&S, WHITE, "discard 2 wool", "saboteur");
	acts(&S, BLUE, "discard 5 ore", "saboteur");
	S.ck.p[BLUE].defender = 0;
	S.ck.p[WHITE].defender = 0;
	give_prog(RED, "saboteur");
	refused(&S, RED, "play saboteur", "saboteur: nobody else has as many "
	    "points");
}


/* Situations 16 (the Spy), 34 (the Wedding): spy, wedding. */
static void
ck_plays_take_give(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n"
	    "hand = 10 ore\n[white]\ncities = e2/e3/f2\nhand = 3 wool 2 coin\n";

	/* spy */
	ck_game(&S, 3, pos);
	give_prog(RED, "spy");
	give_prog(BLUE, "crane");
	give_prog(BLUE, "spy");
	S.ck.p[BLUE].vpcards = 1;	/* the Printer, laid down */
	refused(&S, RED, "play spy white", "spy: white holds no progress "
	    "card");
	refused(&S, RED, "play spy red", "spy: another player");
	acts(&S, RED, "play spy blue", "spy: CK14.13");
	is_int(CA_P_SPY, S.npend ? S.pend[0].kind : -1, "spy: red owes a take");
	refused(&S, RED, "take printer", "spy: the Printer is never in hand "
	    "(CK13.3)");
	refused(&S, RED, "take smith", "spy: a card blue does not hold");
	acts(&S, RED, "take spy", "spy: a Spy may take a Spy");
	is_string("spy", prog_hand(RED), "spy: red holds it");
	is_string("crane", prog_hand(BLUE), "spy: blue keeps the crane");
	is_int(1, S.ck.p[BLUE].vpcards, "spy: blue keeps its Printer");
	acts(&S, RED, "play spy blue", "CK13.7: the card taken is played the "
	    "same turn");
	is_int(0, S.npend, "CK18.2: one card: taken at once");
	is_string("crane", prog_hand(RED), "spy: the crane");

	/* wedding: situation 34 */
	ck_game(&S, 3, pos);
	S.ck.p[RED].defender = 3;
	S.ck.p[BLUE].defender = 3;
	S.ck.p[WHITE].defender = 5;
	give_prog(RED, "wedding");
	acts(&S, RED, "play wedding", "wedding: CK14.15");
	is_int(1u << WHITE, S.npend ? S.pend[0].seats : 0, "wedding: only "
	    "white (more points) gives");
	is_int(2, S.pend[0].n[WHITE], "wedding: 2 cards");
	refused_rc(&S, BLUE, "give 2 ore", RULES_ESEAT, "wedding: blue, as "
	    "many points as red, owes nothing");
	refused(&S, WHITE, "give 3 wool", "wedding: exactly 2");
	refused(&S, WHITE, "give 2 ore", "wedding: cards white holds");
	acts(&S, WHITE, "give 1 wool 1 coin", "wedding: white's choice");
	is_string("1 wool 1 coin", hand(&S, RED), "wedding: red has them");
	S.ck.p[WHITE].defender = 0;
	give_prog(RED, "wedding");
	refused(&S, RED, "play wedding", "wedding: nobody has more points");
	S.ck.p[BLUE].defender = 5;
	S.p[BLUE].hand[CA_ORE] = 1;
	S.bank[CA_ORE] += 9;
	acts(&S, RED, "play wedding", "wedding");
	is_int(0, S.npend, "CK18.2: blue holds 1 card: given at once");
	is_string("1 wool 1 ore 1 coin", hand(&S, RED), "wedding: blue's ore");
}


/* Situation 31: deserter (CK14.9). */
static void
ck_plays_deserter(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "[blue]\ncities = d6/d7/e6\n";

	ck_game(&S, 3, pos);
	give_prog(RED, "deserter");
	refused(&S, RED, "play deserter blue", "deserter: blue has no knight");
	knight("a1/a2/b2", BLUE, 3, 1);
	knight("a3/b3/b4", BLUE, 1, 0);
	acts(&S, RED, "play deserter blue", "deserter: CK14.9");
	is_int(CA_P_DESERT, S.npend ? S.pend[0].kind : -1, "deserter: blue "
	    "chooses the knight");
	refused(&S, BLUE, "desert " N1, "deserter: a knight of blue's");
	acts(&S, BLUE, "desert a1/a2/b2", "deserter: blue gives up its "
	    "active mighty knight");
	is_int(0, S.corner[corner("a1/a2/b2")], "deserter: back to blue's "
	    "supply");
	is_int(CA_P_PLACE, S.npend ? S.pend[0].kind : -1, "deserter: red "
	    "places");
	refused(&S, RED, "place knight a1/a2/b2", "deserter: CK11.2's "
	    "placement rule");
	acts(&S, RED, "place knight " N2, "deserter: red, without a "
	    "Fortress, places an active mighty knight");
	is_int(CA_CP_KNIGHT | 2 | CA_CP_ACTIVE | CA_CP_SPENT, knight_byte(N2),
	    "deserter: mighty, active, spent");
	refused(&S, RED, "move " N2 " " N4, "deserter: it may not act this "
	    "turn (CK11.6)");

	ck_game(&S, 3, pos);
	give_prog(RED, "deserter");
	knight("a1/a2/b2", BLUE, 3, 1);
	knight(N5, RED, 3, 0);
	knight(N6, RED, 3, 0);
	acts(&S, RED, "play deserter blue", "deserter: one knight: removed "
	    "at once (CK18.2)");
	acts(&S, RED, "place knight " N2, "deserter: both mighty pieces out");
	is_int(CA_CP_KNIGHT | 1 | CA_CP_ACTIVE | CA_CP_SPENT, knight_byte(N2),
	    "deserter: a strong knight instead");

	ck_game(&S, 3, pos);
	give_prog(RED, "deserter");
	knight("a1/a2/b2", BLUE, 1, 0);
	acts(&S, RED, "play deserter blue", "deserter");
	acts(&S, RED, "place knight none", "deserter: the player may place "
	    "none");
	is_int(0, S.npend, "deserter: done");
}


/* Master Merchant (CK14.2). */
static void
ck_plays_master_merchant(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n"
	    "hand = 2 ore 1 cloth\n[white]\ncities = e2/e3/f2\nhand = 1 wool\n";

	ck_game(&S, 3, pos);
	give_prog(RED, "master-merchant");
	refused(&S, RED, "play master-merchant blue", "master-merchant: blue "
	    "has no more points");
	S.ck.p[BLUE].defender = 1;
	S.ck.p[WHITE].defender = 1;
	acts(&S, RED, "play master-merchant blue", "master-merchant: CK14.2");
	is_int(CA_P_MASTER, S.npend ? S.pend[0].kind : -1, "master-merchant: "
	    "red owes the take");
	refused(&S, RED, "take 1 ore", "master-merchant: 2 cards");
	refused(&S, RED, "take 2 cloth", "master-merchant: cards blue holds");
	acts(&S, RED, "take 1 ore 1 cloth", "master-merchant");
	is_string("1 ore 1 cloth", hand(&S, RED), "master-merchant: taken");
	is_string("1 ore", hand(&S, BLUE), "master-merchant: blue keeps 1");
	give_prog(RED, "master-merchant");
	acts(&S, RED, "play master-merchant white", "master-merchant");
	is_int(0, S.npend, "CK18.2: white holds 1 card: taken at once");
	is_string("1 wool 1 ore 1 cloth", hand(&S, RED),
	    "master-merchant: white's wool");
	give_prog(RED, "master-merchant");
	refused(&S, RED, "play master-merchant white", "master-merchant: "
	    "white holds no card");
}

/* Situation 33: commercial-harbor (CK14.1, CK18.2). */
static void
ck_plays_commercial_harbor(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\nhand = 2 wood 1 ore\n"
	    "[blue]\ncities = d6/d7/e6\nhand = 1 wool 1 coin 1 paper\n"
	    "[white]\ncities = e2/e3/f2\nhand = 2 grain\n";

	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\nhand = 2 wood\n");
	give_prog(RED, "commercial-harbor");
	refused(&S, RED, "play commercial-harbor", "commercial-harbor: not "
	    "before the roll (CK13.5)");

	ck_game(&S, 3, pos);
	give_prog(RED, "commercial-harbor");
	refused(&S, RED, "harbor blue wood", "commercial-harbor: not before "
	    "the card is played");
	acts(&S, RED, "play commercial-harbor", "commercial-harbor: CK14.1");
	is_int(0, ca_ck_hand(&S, RED), "commercial-harbor: the card is played");
	ok(note_has("red plays Commercial Harbor"), "commercial-harbor: the "
	    "play is public");
	is_int(0, S.npend, "commercial-harbor: nothing owed yet");
	refused(&S, RED, "harbor red wood", "commercial-harbor: another "
	    "player");
	refused(&S, RED, "harbor blue grain", "commercial-harbor: a resource "
	    "red holds");
	ok(act(&S, RED, "harbor blue coin") == RULES_EPARSE,
	    "commercial-harbor: red gives a resource, not a commodity");
	ok(act(&S, RED, "harbor wood blue") == RULES_EPARSE,
	    "commercial-harbor: 'harbor SEAT RESOURCE'");
	acts(&S, RED, "harbor blue lumber", "commercial-harbor: situation 33");
	is_int(CA_P_HARBOR, S.npend ? S.pend[0].kind : -1, "commercial-harbor: "
	    "blue owes the give (CK18.2)");
	is_int(1u << BLUE, S.npend ? S.pend[0].seats : 0, "commercial-harbor: "
	    "only blue owes");
	is_string("2 wood 1 ore", hand(&S, RED), "commercial-harbor: nothing "
	    "moves before the give");
	refused_rc(&S, RED, "end", RULES_ESEAT, "commercial-harbor: red waits "
	    "for blue's give");
	{
		struct ca_action l[16];
		char t[3][RULES_ACTION_MAX] = { "", "", "" };
		int nl = ca_legal(&S, BLUE, l, 16);

		for (int k = 0; k < nl && k < 3; k++)
			ca_format(&S, &l[k], t[k], sizeof t[k]);
		is_int(3, nl, "commercial-harbor: blue has two answers and "
		    "resigning (CK18.4)");
		is_string("give coin", t[0], "commercial-harbor: blue's legal "
		    "answers are its commodities (CK18.2)");
		is_string("give paper", t[1], "commercial-harbor: blue's legal "
		    "answers are its commodities (CK18.2)");
		is_string("resign", t[2], "commercial-harbor: or resign (CK18.4)");
	}
	refused_rc(&S, WHITE, "give coin", RULES_ESEAT, "commercial-harbor: "
	    "white owes nothing");
	refused(&S, BLUE, "give wool", "commercial-harbor: a commodity, not a "
	    "resource");
	refused(&S, BLUE, "give cloth", "commercial-harbor: a commodity blue "
	    "holds");
	refused(&S, BLUE, "give 1 coin 1 paper", "commercial-harbor: 1 "
	    "commodity");
	acts(&S, BLUE, "give coin", "commercial-harbor: situation 33, blue's "
	    "choice");
	is_int(0, S.npend, "commercial-harbor: the give settles it");
	is_string("1 wood 1 ore 1 coin", hand(&S, RED), "commercial-harbor: "
	    "the coin to red");
	is_string("1 wood 1 wool 1 paper", hand(&S, BLUE), "commercial-harbor: "
	    "the lumber to blue");
	ok(conserved(&S), "commercial-harbor: every card counted");
	acts(&S, RED, "harbor white ore", "commercial-harbor: white holds no "
	    "commodity");
	is_int(0, S.npend, "commercial-harbor: the trade is void (CK18.2), "
	    "nothing owed");
	is_string("1 wood 1 ore 1 coin", hand(&S, RED), "commercial-harbor: "
	    "red keeps the ore");
	is_string("2 grain", hand(&S, WHITE), "commercial-harbor: white keeps "
	    "its hand");
	ok(note_has("void"), "commercial-harbor: the void trade is noted");
	refused(&S, RED, "harbor blue wood", "commercial-harbor: situation 33, "
	    "a second harbor blue is refused");
	refused(&S, RED, "harbor white ore", "commercial-harbor: white counts "
	    "as done after the void trade");
	give_prog(RED, "commercial-harbor");
	refused(&S, RED, "play commercial-harbor", "commercial-harbor: at most "
	    "once an opponent a turn, even with two cards");
	acts(&S, RED, "end", "commercial-harbor");
	is_int(0, S.ck.harbor, "commercial-harbor: for the rest of the turn "
	    "only");
	refused(&S, BLUE, "harbor red wood", "commercial-harbor: blue has not "
	    "played it");
}

/* Situation 30: inventor (CK14.19). */
static void
ck_plays_inventor(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\n"
	    "[blue]\nsettlements = c2/d2/d3\n";

	ck_game(&S, 3, pos);
	give_prog(RED, "inventor");
	refused(&S, RED, "play inventor c3 d3", "inventor: situation 30, a 6 "
	    "never moves");
	refused(&S, RED, "play inventor d3 d6", "inventor: an 8 never moves");
	refused(&S, RED, "play inventor b3 d3", "inventor: a 2 never moves");
	refused(&S, RED, "play inventor c2 d3", "inventor: a 12 never moves");
	refused(&S, RED, "play inventor d4 d3", "inventor: the desert has no "
	    "token");
	refused(&S, RED, "play inventor d3 d3", "inventor: two different "
	    "hexes");
	ok(act(&S, RED, "play inventor d3") == RULES_EPARSE,
	    "inventor: 'play inventor HEX HEX'");
	acts(&S, RED, "play inventor b4 d3", "inventor: situation 30, a 9 "
	    "and an 11, red adjacent to neither");
	is_int(11, ca_hex_token(&S, hexi(&S, "b4")), "inventor: the 11 on b4");
	is_int(9, ca_hex_token(&S, hexi(&S, "d3")), "inventor: the 9 on d3");
	is_int(9, S.b->token[hexi(&S, "b4")], "inventor: the board keeps its "
	    "tokens, the state swaps them");
	ok(note_has("red swaps the 9 of b4 and the 11 of d3"),
	    "inventor: the swap is public");
	is_int(0, ca_ck_hand(&S, RED), "inventor: the card is played");
	acts(&S, RED, "end", "inventor");
	force_roll(4, 5, 4);
	acts(&S, BLUE, "roll", "inventor: a 9");
	is_string("1 wood 1 grain", hand(&S, BLUE), "inventor: situation 30, "
	    "the next roll produces by the new tokens (d3 forest now 9, d2 "
	    "fields 9)");
	ck_game(&S, 3, pos);
	give_prog(RED, "inventor");
	S.robber = (uint8_t)hexi(&S, "d3");
	acts(&S, RED, "play inventor d3 e3", "inventor: the robber's hex is "
	    "allowed");
}

/* The view of viewer (-1: a spectator) as text: ca_board_text with
   its panels (RULES_VIEW_BOARD), or the SVG picture. */
static int view_width = 200;
static unsigned view_flags;

static const char *
view(int viewer, int svg)
{
	static char *buf;
	size_t len;
	FILE *f;

	free(buf);
	buf = NULL;
	if ((f = open_memstream(&buf, &len)) == NULL)
		bail("open_memstream");
	if (svg)
		ca_board_svg(&S, viewer, f);
	else
		ca_board_text(&S, viewer, RULES_VF_WIDTH(view_width) |
		    view_flags, f);
	fclose(f);
	return buf;
}

/* CK16.1: which progress cards a player holds, only the holder sees;
   the others, in every view of the board, the count alone. */
static void
ck_hidden_views(void)
{
	static const char *const secret[] = { "Crane", "Bouwkraan", "Spy",
	    "Spion", "crane", "spy" };
	const char *v;
	int leaks = 0;

	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\nhand = 1 ore 1 cloth\n"
	    "[blue]\ncities = d6/d7/e6\n[white]\ncities = e2/e3/f2\n");
	give_prog(RED, "crane");
	give_prog(RED, "spy");
	give_prog(BLUE, "bishop");
	v = view(RED, 0);
	ok(strstr(v, "progress cards: Crane (Bouwkraan), Spy (Spion);") !=
	    NULL, "CK16.1: red's own view names red's progress cards");
	ok(strstr(v, "Red: 2 points; 2 resource and commodity cards, "
	    "2 progress cards;") != NULL, "CK16.1: red's count is public");
	ok(strstr(v, "Blue: 2 points; 0 resource and commodity cards, "
	    "1 progress card;") != NULL, "CK16.1: blue's count, to red");
	ok(strstr(v, "Bishop") == NULL && strstr(v, "Bisschop") == NULL,
	    "CK16.1: red's view does not name blue's card");
	for (int viewer = -1; viewer < 3; viewer++)
		for (int svg = 0; svg < 2; svg++) {
			if (viewer == RED)
				continue;
			v = view(viewer, svg);
			for (size_t i = 0; i < sizeof secret / sizeof *secret;
			    i++)
				if (strstr(v, secret[i]) != NULL && leaks++ == 0)
					diag("viewer %d svg %d shows '%s'",
					    viewer, svg, secret[i]);
			if (strstr(v, "2 progress cards") == NULL &&
			    leaks++ == 0)
				diag("viewer %d svg %d: no count", viewer, svg);
		}
	is_int(0, leaks, "CK16.1: the spectator's, blue's and white's views, "
	    "text and SVG, show red's 2 progress cards by count only");
	v = view(BLUE, 0);
	ok(strstr(v, "progress cards: Bishop (Bisschop);") != NULL,
	    "CK16.1: blue sees its own");
}

/* The position of the views' tests (CK16.2, CK18.5): red a walled
   science metropolis and a city, a mighty active knight and a basic
   inactive one; blue a strong active knight (spent) and a strong
   inactive one, a walled city; white a city; the merchant on c3, red's;
   the ship at 3 of 7. */
static void
ck_views_game(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5 e2/e3/f2\n"
	    "[blue]\ncities = d6/d7/e6\n[white]\ncities = b2/b3/c3\n");
	knight(N2, RED, 3, 1);
	knight(N4, RED, 1, 0);
	knight(N1, BLUE, 2, 1);
	S.corner[corner(N1)] |= CA_CP_SPENT << 3;
	knight(N6, BLUE, 2, 0);
	S.ck.p[RED].wall[0] = (uint8_t)corner("c4/c5/d5");
	S.ck.p[BLUE].wall[0] = (uint8_t)corner("d6/d7/e6");
	S.ck.p[RED].level[CK_SCIENCE] = 4;
	S.ck.p[RED].level[CK_TRADE] = 1;
	S.ck.p[BLUE].level[CK_POLITICS] = 2;
	S.ck.metro[CK_SCIENCE] = (uint8_t)corner("c4/c5/d5");
	S.ck.merchant = (uint8_t)hexi(&S, "c3");
	S.ck.merchant_holder = RED;
	S.ck.p[BLUE].defender = 1;
	S.ck.ship = 3;
}

/* Does text view v hold these whole lines (each ending in a newline)? */
static int
has_lines(const char *v, const char *lines)
{
	size_t n = strlen(lines);

	for (const char *p = v; (p = strstr(p, lines)) != NULL; p++)
		if ((p == v || p[-1] == '\n') && p[n - 1] == '\n')
			return 1;
	return 0;
}

/* Is the picture well-formed XML?  -1 when xmllint is not installed. */
static int
svg_wellformed(const char *svg)
{
	char path[] = "/tmp/ck-views-XXXXXX";
	char cmd[128];
	int fd, rc;
	FILE *f;

	if (system("command -v xmllint >/dev/null 2>&1") != 0)
		return -1;
	if ((fd = mkstemp(path)) < 0 || (f = fdopen(fd, "w")) == NULL)
		bail("mkstemp");
	fputs(svg, f);
	fclose(f);
	snprintf(cmd, sizeof cmd, "xmllint --noout %s", path);
	rc = system(cmd);
	remove(path);
	return rc == 0;
}

/* CK16.2, CK18.5: the board (text at a mail's 80 columns, and SVG) draws
   knights by level and state, walls, the metropolis, the merchant and
   its holder, the barbarians' step and both strengths, the levels and
   Defender points, the same for a spectator and for a seat. */
static void
ck_views(void)
{
	static const char *const map[][2] = {
		{ "    \xc2\xb7       \xc2\xb7       \xc2\xb7       \xc2\xb7"
		  "       R+*     \xc2\xb7       \xc2\xb7\n",
		  "CK8, CK10: red's walled science metropolis c4/c5/d5 is "
		  "R+*" },
		{ "\xc2\xb7       \xc2\xb7       \xc2\xb7       \xc2\xb7       "
		  "2B      \xc2\xb7       \xc2\xb7       \xc2\xb7\n",
		  "CK11: blue's active strong knight c4/d4/d5 is 2B" },
		{ "\xc2\xb7       \xc2\xb7       \xc2\xb7       \xc2\xb7       "
		  "3R      \xc2\xb7       B+      \xc2\xb7\n",
		  "CK11, CK8: red's active mighty knight 3R, blue's walled "
		  "city B+" },
		{ "    \xc2\xb7       \xc2\xb7       R       2b      1r      "
		  "\xc2\xb7       \xc2\xb7\n",
		  "CK11: inactive knights in small letters: blue's strong 2b, "
		  "red's basic 1r; a plain city R" },
		{ "    \xe2\x94\x82  ~~   \xe2\x96\x92       \xe2\x94\x82 MERCH "
		  "\xe2\x94\x82       \xe2\x94\x82       \xe2\x94\x82       "
		  "\xe2\x94\x82\n",
		  "CK14.3: the merchant in c3" },
	};
	static const char *const panel[][2] = {
		{ "Red: 7 points; 0 resource and commodity cards, 0 "
		  "progress cards; route 0; left:\n"
		  "  5 settlements, 2 cities, 15 roads; cities c4/c5/d5 "
		  "e2/e3/f2; improvements\n"
		  "  trade 1, politics 0, science 4; metropolis of science "
		  "c4/c5/d5; walls\n"
		  "  c4/c5/d5; knights mighty active d4/d5/e4, basic "
		  "e4/e5/f4; the merchant\n",
		  "CK9, CK10, CK8, CK11, CK14.3: red's paragraph: 2 cities, the "
		  "metropolis and the merchant make 7 points, its levels, wall, "
		  "knights, the merchant (knights are no settlements)" },
		{ "Blue: 3 points; 0 resource and commodity cards, 0 "
		  "progress cards; route 0; left:\n"
		  "  5 settlements, 3 cities, 15 roads; cities d6/d7/e6; "
		  "improvements trade 0,\n"
		  "  politics 2, science 0; walls d6/d7/e6; knights strong "
		  "active spent c4/d4/d5,\n"
		  "  strong e3/e4/f3; Defender of Catan 1\n",
		  "CK9, CK8, CK11.6, CK12.3: blue's paragraph: levels, wall, an "
		  "active spent and an inactive knight, 1 Defender point "
		  "(3 points)" },
		{ "Barbarians: the ship at 3 of 7; strength 4 (cities) against "
		  "Catan's 5 (active\n"
		  "  knights: red 3, blue 2, white 0). Metropolises: trade none, "
		  "politics none,\n"
		  "  science red c4/c5/d5. Merchant: at c3, held by red.\n",
		  "CK12, CK10, CK14.3: the barbarians at 3 of 7, 4 cities "
		  "against 5 active knight levels by seat, the metropolis and "
		  "the merchant's holder" },
		{ "Cities & Knights: at a corner a knight is its level (1 basic, "
		  "2 strong, 3\n"
		  "     mighty) and its owner's letter, capital when active (2B: "
		  "an active strong\n"
		  "     blue knight, 1r: an inactive basic red one); after a city "
		  "+ is its wall, *\n"
		  "     a metropolis. MERCH or MER: the merchant's hex.\n",
		  "CK18.5: the key explains the marks" },
	};
	static const char *const svg_has[][2] = {
		{ "<g class=\"knight\" data-at=\"d4/d5/e4\" data-owner=\"red\" "
		  "data-level=\"mighty\" data-active=\"yes\" ",
		  "CK11: red's mighty active knight" },
		{ "<g class=\"knight\" data-at=\"e4/e5/f4\" data-owner=\"red\" "
		  "data-level=\"basic\" data-active=\"no\" ",
		  "CK11: red's basic inactive knight" },
		{ "<g class=\"knight\" data-at=\"c4/d4/d5\" data-owner=\"blue\" "
		  "data-level=\"strong\" data-active=\"yes\" data-spent=\"yes\" ",
		  "CK11.6: blue's strong active knight, spent" },
		{ "<g class=\"knight\" data-at=\"e3/e4/f3\" data-owner=\"blue\" "
		  "data-level=\"strong\" data-active=\"no\" ",
		  "CK11: blue's strong inactive knight" },
		{ "<g class=\"wall\" data-at=\"c4/c5/d5\" data-owner=\"red\">",
		  "CK8: red's wall" },
		{ "<g class=\"wall\" data-at=\"d6/d7/e6\" data-owner=\"blue\">",
		  "CK8: blue's wall" },
		{ "<g class=\"metropolis\" data-at=\"c4/c5/d5\" data-owner="
		  "\"red\" data-track=\"science\" ",
		  "CK10: the science metropolis" },
		{ "<g class=\"merchant\" data-at=\"c3\" data-holder=\"red\">",
		  "CK14.3: the merchant on c3, red's" },
		{ "<g class=\"barbarians\" data-step=\"3\" data-steps=\"7\" "
		  "data-strength=\"4\" data-defence=\"5\">",
		  "CK12: the barbarian track, 3 of 7, 4 against 5" },
		{ "Barbarians 3 of 7: strength 4 against Catan's 5</text>",
		  "CK12: the track's words" },
	};
	const char *v;
	int viewers[] = { -1, RED, BLUE }, wf;

	ck_game(&S, 3, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n");
	force_roll(2, 3, 5);
	acts(&S, RED, "roll", "CK2.1");
	ok(strstr(view(-1, 0), "dice 2+3 = 5, event politics.") != NULL,
	    "CK2.1, CK18.5: the board's turn line gives white and red, and "
	    "the event die's face");
	ck_views_game();
	view_width = 80;
	for (size_t i = 0; i < sizeof viewers / sizeof *viewers; i++) {
		int w = viewers[i];
		const char *who = w < 0 ? "spectator" : ca_seat_name(&S, w);

		v = view(w, 0);
		for (size_t k = 0; k < sizeof map / sizeof *map; k++)
			ok(has_lines(v, map[k][0]), "CK16.2, CK18.5: %s (%s)",
			    map[k][1], who);
		for (size_t k = 0; k < sizeof panel / sizeof *panel; k++)
			ok(has_lines(v, panel[k][0]), "CK16.2, CK18.5: %s (%s)",
			    panel[k][1], who);
		if (strstr(v, "progress decks: trade 18") ==
		    NULL || strstr(v, "development") != NULL)
			diag("%s", v);
		ok(strstr(v, "progress decks: trade 18") != NULL &&
		    strstr(v, "development") == NULL,
		    "CK2.4, B7: the turn line counts the three progress decks, "
		    "no development cards (%s)", who);
		ok(has_lines(v, "White: 2 points; 0 resource and "
		    "commodity cards, 0 progress cards; route 0;\n"
		    "  left: 5 settlements, 3 cities, 15 roads; cities "
		    "b2/b3/c3; improvements trade\n"
		    "  0, politics 0, science 0\n"), "CK9: white's levels "
		    "at 0 (%s)", who);
		{
			int widest = 0;

			for (const char *p = v, *e; *p; p = e + 1) {
				int cols = 0;

				if ((e = strchr(p, '\n')) == NULL)
					break;
				for (const char *q = p; q < e; q++)
					cols += (*q & 0xc0) != 0x80;
				widest = cols > widest ? cols : widest;
			}
			ok(widest <= 80, "CK18.5: every line within 80 columns "
			    "(%d, %s)", widest, who);
		}
	}
	v = view(RED, 0);
	ok(has_lines(v, "Your hand (red, hidden from the other players): "
	    "nothing; progress cards: none; 7\n  points in all.\n"),
	    "CK18.5: red's view adds its hand: 7 points, as shown");
	v = view(-1, 0);
	ok(strstr(v, "Your hand") == NULL, "CK16.1: the spectator sees no "
	    "hand");
	view_flags = RULES_VF_ASCII;
	v = view(-1, 0);
	ok(has_lines(v, "    .       .       .       .       R+*     .       "
	    ".\n") && has_lines(v, "    .       .       R       2b      1r"
	    "      .       .\n") && has_lines(v, "    |  ~~   #       | "
	    "MERCH |       |       |       |\n"), "CK18.5: the marks in "
	    "ASCII, for a plain mail");
	view_flags = 0;
	view_width = 200;
	for (size_t i = 0; i < sizeof viewers / sizeof *viewers; i++) {
		const char *who = viewers[i] < 0 ? "spectator" :
		    ca_seat_name(&S, viewers[i]);

		v = view(viewers[i], 1);
		for (size_t k = 0; k < sizeof svg_has / sizeof *svg_has; k++)
			ok(strstr(v, svg_has[k][0]) != NULL, "CK18.5 SVG: %s "
			    "(%s)", svg_has[k][1], who);
		ok(strstr(v, "Barbarians: the ship at 3 of 7;") != NULL,
		    "CK18.5 SVG: the panels' barbarians line (%s)", who);
		if ((wf = svg_wellformed(v)) < 0)
			skip("xmllint is not installed");
		else
			ok(wf, "CK18.5 SVG: well-formed XML (xmllint, %s)", who);
	}
}

/* A source of chance whose progress draws wait for the players, as a
   fair draw does until every seat has joined its event. */
static int
pend_draws(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	if (req->kind == 7 &&		/* engine.c's EV_PROGRESS */
	    strcmp(req->label, "draw politics") == 0) {
		snprintf(err->msg, sizeof err->msg, "waiting for '%s'",
		    req->label);
		return RULES_PENDING;
	}
	return u_event(ctx, event, req, out, err);
}

/* CK16.3 with fair chance (RULES_CHANCE_FAIR): no shuffle at creation,
   each progress card drawn when it is drawn, by an event of its own. */
static void
ck_fair_draws(void)
{
	static struct rules_chance pending = { pend_draws, NULL, NULL,
	    RULES_CHANCE_FAIR | RULES_CHANCE_MAY_PEND };
	const char *pos = "[position]\nturn = white\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n"
	    "[white]\ncities = e2/e3/f2\n";
	struct ca_state before;
	uint32_t open_events;

	ck_game(&S, 3, NULL);
	open_events = S.events;
	U_chance.flags = RULES_CHANCE_FAIR;
	ck_game(&S, 3, NULL);
	is_int(3, (int)(open_events - S.events), "CK16.3 fair: creation opens "
	    "none of the three shuffle events");
	ok(S.ck.unseen[CK_TRADE] == 18 && S.ck.unseen[CK_POLITICS] == 18 &&
	    S.ck.unseen[CK_SCIENCE] == 18, "CK16.3 fair: every card of the "
	    "three decks unseen");
	is_string("bishop", CK.cards[ca_ck_deck(&S, CK_POLITICS, 0)].slug,
	    "CK16.3 fair: the politics deck in the data's order (top)");
	is_string("wedding", CK.cards[ca_ck_deck(&S, CK_POLITICS, 17)].slug,
	    "CK16.3 fair: the politics deck in the data's order (bottom)");

	/* politics deck: 0-1 bishop, 2 constitution, 3-4 deserter,
	   5-6 diplomat, 7-8 intrigue, 9-10 saboteur, 11-13 spy,
	   14-15 warlord, 16-17 wedding */
	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_POLITICS] = 1;
	S.ck.p[BLUE].level[CK_POLITICS] = 2;
	before = S;
	force_roll(1, 2, 5);
	force_index(11);
	force_index(16);
	acts(&S, WHITE, "roll", "CK16.3 fair: a politics gate, two draws");
	is_int(3, (int)(S.events - before.events), "CK16.3 fair: the dice "
	    "and an event for each card drawn");
	is_string("spy", prog_hand(RED), "CK16.3 fair: red draws the unseen "
	    "card its event names (11 of 18: a spy)");
	is_string("wedding", prog_hand(BLUE), "CK16.3 fair: blue then draws "
	    "the card at index 16 of the 17 left (the last wedding)");
	is_int(16, S.ck.ndeck[CK_POLITICS], "CK16.3 fair: 16 cards left");
	is_int(16, S.ck.unseen[CK_POLITICS], "CK16.3 fair: all 16 unseen");
	is_string("constitution", CK.cards[ca_ck_deck(&S, CK_POLITICS,
	    0)].slug, "CK16.3 fair: each draw swapped the top card (a bishop) "
	    "into the drawn card's place: constitution is on top");
	ok(note_has("red draws a politics card") &&
	    note_has("blue draws a politics card") && !note_has("spy") &&
	    !note_has("wedding"), "CK16.4: the note hides both cards");

	/* a played card goes below the unseen ones (CK13.6) */
	S.active = RED;
	S.ck.p[RED].level[CK_POLITICS] = 0;
	S.ck.p[BLUE].level[CK_POLITICS] = 0;
	acts(&S, RED, "play spy blue", "CK16.3 fair: red plays its spy");
	is_string("wedding", prog_hand(RED), "CK14.13: red takes blue's only "
	    "card");
	is_int(17, S.ck.ndeck[CK_POLITICS], "CK13.6 fair: the spy is back in "
	    "the deck");
	is_int(16, S.ck.unseen[CK_POLITICS], "CK13.6 fair: below the 16 unseen");
	is_string("spy", CK.cards[ca_ck_deck(&S, CK_POLITICS, 16)].slug,
	    "CK13.6 fair: at the bottom");

	/* a draw that waits for the players changes nothing */
	ck_game(&S, 3, pos);
	S.ck.p[BLUE].level[CK_POLITICS] = 2;
	S.ch = &pending;
	force_roll(1, 2, 5);
	refused_rc(&S, WHITE, "roll", RULES_PENDING, "CK16.3 fair: the draw's "
	    "event awaited");
	is_string("waiting for 'draw politics'", U_err.msg, "CK16.3 fair: "
	    "what is awaited: the politics draw");

	/* CK12.4, CK18.2: red's pick draws the last science card, then
	   blue's pick is forced (politics alone left) among the queue's
	   automatic steps; its draw waits: red's pick is undone too */
	ck_game(&S, 3, pos);
	knight("a1/a2/b2", RED, 2, 1);
	knight("a3/b3/b4", BLUE, 2, 1);
	S.ck.ship = 6;
	S.ck.ndeck[CK_SCIENCE] = S.ck.unseen[CK_SCIENCE] = 1;
	S.ck.ndeck[CK_TRADE] = S.ck.unseen[CK_TRADE] = 0;
	force_roll(1, 1, 1);
	acts(&S, WHITE, "roll", "CK12.4 fair: the attack, a tie");
	S.ch = &pending;
	refused_rc(&S, RED, "pick science", RULES_PENDING, "CK18.2 fair: "
	    "blue's forced draw awaited after red's pick");
	is_int(1, S.ck.ndeck[CK_SCIENCE], "CK18.2 fair: the science card is "
	    "still in its deck");
	S.ch = &U_chance;
	force_index(0);
	force_index(11);
	acts(&S, RED, "pick science", "CK18.2 fair: with the event answered");
	ok(ca_ck_hand(&S, RED) == 1 && ca_ck_hand(&S, BLUE) == 1 &&
	    S.ck.unseen[CK_POLITICS] == 17 && S.ck.ndeck[CK_SCIENCE] == 0,
	    "CK18.2 fair: red drew the science card, blue a politics card, "
	    "17 politics cards unseen");
	is_string("spy", prog_hand(BLUE), "CK18.2 fair: blue's is the one its "
	    "event names (11 of 18: a spy)");
	U_chance.flags = 0;
}

/* CK14.1: the Commercial Harbor is refused when the player holds no
   resource (commodities do not count). */
static void
ck14_1_no_resource(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\nhand = 2 coin 1 cloth\n"
	    "[blue]\ncities = d6/d7/e6\nhand = 1 wool 1 coin\n");
	give_prog(RED, "commercial-harbor");
	refused(&S, RED, "play commercial-harbor", "CK14.1: no resource to "
	    "give");
	is_string("the Commercial Harbor needs a resource to give, and you "
	    "hold none (CK14.1)", U_err.msg, "CK14.1: the refusal says why");
	is_int(1, ca_ck_hand(&S, RED), "CK14.1: the card stays in red's hand");
	S.p[RED].hand[CA_ORE] = 1;
	S.bank[CA_ORE]--;
	acts(&S, RED, "play commercial-harbor", "CK14.1: with 1 ore");
	is_int(CK_HARBOR_ON, S.ck.harbor, "CK14.1: the harbor is in play");
}

/* CK14.4: a second Merchant Fleet in a turn adds its kind to the
   first's; both are 2:1 until the end of the turn. */
static void
ck14_4_two_fleets(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\nhand = 4 ore 4 coin\n"
	    "[blue]\ncities = d6/d7/e6\n");
	give_prog(RED, "merchant-fleet");
	give_prog(RED, "merchant-fleet");
	acts(&S, RED, "play merchant-fleet ore", "CK14.4: the first fleet");
	is_int(2, ca_rate(&S, RED, CA_ORE), "CK14.4: ore at 2:1");
	is_int(4, ca_rate(&S, RED, CA_COIN), "CK14.4: coin still 4:1");
	refused(&S, RED, "trade 2 coin for 1 wool", "CK14.4: coin at 4:1 "
	    "before the second fleet");
	is_string("your rate for coin is 4:1", U_err.msg,
	    "CK14.4: the refusal says why");
	acts(&S, RED, "play merchant-fleet coin", "CK14.4: the second fleet");
	is_int(2, ca_rate(&S, RED, CA_ORE), "CK14.4: ore still at 2:1");
	is_int(2, ca_rate(&S, RED, CA_COIN), "CK14.4: and coin at 2:1 too");
	is_int(4, ca_rate(&S, RED, CA_WOOL), "CK14.4: nothing else");
	is_int(4, ca_rate(&S, WHITE, CA_ORE), "CK14.4: for red only");
	acts(&S, RED, "trade 2 ore for 1 wool", "CK14.4: ore at 2:1");
	acts(&S, RED, "trade 2 coin for 1 wool", "CK14.4: coin at 2:1");
	is_string("2 wool 2 ore 2 coin", hand(&S, RED), "CK14.4: both trades "
	    "made");
	acts(&S, RED, "end", "CK14.4");
	is_int(0, S.ck.fleet, "CK14.4: both lapse at the end of the turn");
}

/* CK15.4: a player who resigns leaves the merchant without a holder;
   it stays on its hex until the next Merchant card moves it. */
static void
ck15_4_resign_merchant(void)
{
	ck_game(&S, 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\n"
	    "[blue]\ncities = d6/d7/e6\n"
	    "[white]\ncities = e2/e3/f2\n");
	S.active = BLUE;
	give_prog(BLUE, "merchant");
	acts(&S, BLUE, "play merchant d6", "CK15.4: blue takes the merchant");
	is_int(BLUE, S.ck.merchant_holder, "CK15.4: blue holds it");
	acts(&S, BLUE, "resign", "CK15.4: blue resigns in its turn");
	is_int(CA_NONE, S.ck.merchant_holder, "CK15.4: the merchant is left "
	    "without a holder");
	is_int(hexi(&S, "d6"), S.ck.merchant, "CK15.4: it stays on d6");
	ok(note_has("the merchant is left without a holder"), "CK15.4: the "
	    "note says so");
	is_int(2, ca_vp(&S, RED, 1), "CK15.4: red gains no merchant point");
	is_int(2, ca_vp(&S, WHITE, 1), "CK15.4: nor does white");
	S.active = RED;
	S.phase = CA_PH_MAIN;
	give_prog(RED, "merchant");
	acts(&S, RED, "play merchant c4", "CK15.4: red takes the merchant");
	ok(!note_has("loses the merchant"), "CK15.4: from nobody");
	is_int(RED, S.ck.merchant_holder, "CK15.4: red holds it");
	is_int(3, ca_vp(&S, RED, 1), "CK15.4: red +1");
}

/* CK1.1, CK19.1, CK19.2: Cities & Knights plays on every map of the
   data: on the Seafarers maps (maps.ini's kind = seafarers) to 15
   points, on the base game's to 13. */
static void
ck1_1_seafarers_maps(void)
{
	static const char *const map[] = { "fog-islands", "new-shores",
	    "beginner", "base" };
	static struct ca_board b;
	static struct ca_state st;
	struct rules_error e;

	u_load();
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
		if (ca_board_build(&b, ca_data_map(&U_data, map[i]), NULL,
		    &e) != 0)
			bail("board %s: %s", map[i], e.msg);
		is_int(i < 2 ? CA_MAP_SEAFARERS : CA_MAP_BASE, b.kind,
		    "CK19.1: %s is %s map in maps.ini", map[i], i < 2 ?
		    "a Seafarers" : "a base");
		ca_init(&st, &b, &U_data, 4, 0, &U_chance);
		is_int(0, ca_ck_init(&st, &CK, 0, 0, &e), "CK1.1, CK19.1: "
		    "Cities & Knights on %s is accepted", map[i]);
		is_int(i < 2 ? 15 : 13, st.vp_target, "CK15.2, CK19.2: the "
		    "target on %s", map[i]);
	}
}

/* The CK numbers no other test names: CK2.1 (the three dice), CK2.4
   (the shared pieces and decks), CK2.5 (a piece the supply lacks),
   CK4.2 (before the roll only a roll order), CK14.8 and CK14.23 (the
   Constitution and the Printer are never played). */
static void
ck_named(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5 c3/d3/d4\n"
	    "[blue]\nsettlements = d5/d6/e5\n";
	const char *walls = "[position]\nturn = blue\nphase = main\n"
	    "[blue]\ncities = c4/c5/d5 e2/e3/f2 d6/d7/e6 b2/b3/c3\n"
	    "hand = 9 brick\n";
	const char *main = "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c4/c5/d5\n[blue]\ncities = d6/d7/e6\n";
	char want[64];
	int ships = 0;

	for (int ev = 1; ev <= 6; ev++) {
		ck_game(&S, 3, pos);
		force_roll(ev, 7 - ev, ev);
		acts(&S, RED, "roll", "CK2.1");
		snprintf(want, sizeof want, "white %d red %d = 7, event %s", ev,
		    7 - ev, ev <= 3 ? "ship" : ev == 4 ? "trade" : ev == 5 ?
		    "politics" : "science");
		ok(note_has(want), "CK2.1: white and red 1-6, event die face "
		    "%d: '%s'", ev, want);
		is_int(ev, S.ck.event, "CK2.1: the event die is kept (%d)", ev);
		ships += S.ck.ship;
	}
	is_int(3, ships, "CK2.1: three faces of six are a ship, each moving "
	    "it one step; the other three are the gates");

	ck_game(&S, 4, pos);
	for (int t = 0; t < CK_TRACKS; t++) {
		is_int(18, S.ck.ndeck[t], "CK2.4: progress deck %d holds 18 "
		    "cards", t);
		is_int(CA_NONE, S.ck.metro[t], "CK2.4: metropolis piece %d is "
		    "in the supply", t);
	}
	is_int(CA_NONE, S.ck.merchant, "CK2.4: the one merchant is off the "
	    "board");
	is_int(CA_NONE, S.ck.merchant_holder, "CK2.4: nobody holds it");
	is_int(7, S.ck.steps, "CK2.4: the barbarian track has 7 steps");
	is_int(0, S.ck.ship, "CK2.4: the ship starts on its first step");

	ck_game(&S, 3, walls);
	acts(&S, BLUE, "build wall c4/c5/d5", "CK2.5");
	acts(&S, BLUE, "build wall e2/e3/f2", "CK2.5");
	acts(&S, BLUE, "build wall d6/d7/e6", "CK2.5");
	refused(&S, BLUE, "build wall b2/b3/c3", "CK2.5: blue's 3 walls are "
	    "on the board, its supply has none");
	is_string("3 brick", hand(&S, BLUE), "CK2.5: the refused wall cost "
	    "nothing");

	ck_game(&S, 3, pos);
	S.p[RED].hand[CA_BRICK] = 2;
	S.p[RED].hand[CA_WOOD] = 2;
	S.p[RED].hand[CA_ORE] = 1;
	S.p[RED].hand[CA_WOOL] = 1;
	refused(&S, RED, "build road c4/d4", "CK4.2: no build before the roll");
	refused(&S, RED, "trade 4 brick for 1 grain", "CK4.2: no trade before "
	    "the roll");
	refused(&S, RED, "build knight c4/c5/d5", "CK4.2: no knight before "
	    "the roll");
	refused(&S, RED, "end", "CK4.2: no end before the roll");
	acts(&S, RED, "roll", "CK4.2: the roll is a roll order");

	ck_game(&S, 3, main);
	give_prog(RED, "smith");
	refused(&S, RED, "play constitution", "CK14.8: the Constitution is "
	    "never played (never in hand)");
	refused(&S, RED, "play printer", "CK14.23: the Printer is never "
	    "played (never in hand)");
	ck_game(&S, 3, pos);
	S.ck.p[RED].level[CK_POLITICS] = 5;
	on_top("constitution");
	force_roll(1, 6, 5);
	acts(&S, RED, "roll", "CK14.8");
	is_int(1, S.ck.p[RED].vpcards, "CK14.8: the Constitution is laid "
	    "down when drawn (CK13.3)");
	is_int(0, ca_ck_hand(&S, RED), "CK14.8: it is never in hand");
}

/* CK11.11: a knight with no own road beside it (the Diplomat may leave
   one so) stays: it defends and chases, but neither moves nor
   displaces. */
static void
ck11_11_cut_off(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n" RED_CHAIN
	    "[blue]\nsettlements = d5/d6/e5\nhand = 1 ore\n";
	const char *lone = "c2/c3/d3";
	int before;

	ck_game(&S, 3, pos);
	S.ck.attacks = 1;
	S.robber = (uint8_t)hexi(&S, "c3");
	before = ca_ck_defence(&S, RED);
	knight(lone, RED, 2, 1);
	is_int(before + 2, ca_ck_defence(&S, RED), "CK11.11: the cut-off "
	    "strong knight, active, defends with 2");
	refused(&S, RED, "move c2/c3/d3 c4/d4/d5", "CK11.11: it does not move");
	knight(N3, BLUE, 1, 1);
	refused(&S, RED, "displace c2/c3/d3 " N3, "CK11.11: nor displace");
	acts(&S, RED, "chase c2/c3/d3 d3", "CK11.11: it chases the robber");
	is_int(hexi(&S, "d3"), S.robber, "CK11.11: the robber moved to d3");
	is_int(CA_CP_KNIGHT | CA_CP_SPENT | 1, knight_byte(lone),
	    "CK11.11: the knight stays where it was, spent");
}

int
main(void)
{
	ck_options();
	ck_setup();
	ck_production();
	ck_robber_blocks();
	ck_seven();
	ck_attack();
	ck_aqueduct();
	ck_trade();
	ck_no_devcards();
	ck_win();
	ck_walls();
	ck_improve();
	ck_barbarians();
	ck_knight_build();
	ck_knight_timing();
	ck_knight_promote();
	ck_knight_displace();
	ck_knight_chase();
	ck_knight_blocks();
	ck_decks();
	ck_gates();
	ck_hand_limit();
	ck_tie_picks();
	ck_plays();
	ck_names();
	ck_plays_politics();
	ck_plays_take_give();
	ck_plays_deserter();
	ck_plays_master_merchant();
	ck_plays_commercial_harbor();
	ck_plays_inventor();
	ck_board_limit();
	ck_token_slots();
	ck_fair_draws();
	ck_hidden_views();
	ck_views();
	ck14_1_no_resource();
	ck14_4_two_fleets();
	ck15_4_resign_merchant();
	ck1_1_seafarers_maps();
	ck_named();
	ck11_11_cut_off();
	is_int(1, sizeof(struct ca_state) <= 1536,
	    "the state of Cities & Knights is at most 1.5 KiB "
	    "(%zu bytes)", sizeof(struct ca_state));
	done_testing();
}
