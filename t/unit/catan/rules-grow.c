/*
 * t/unit/catan/rules-grow.c -- Greater Catan on map=greater-catan
 * (catan-rules(7), CA10.7 - CA10.9): ships give the small islands'
 * hexes numbers, from the supply (4 with three players, 5 with four),
 * then from the main island under requirements 1-3, set aside one by one
 * in that order; each check names its CA-number, asserts the exact
 * outcome, and a refusal leaves the state unchanged byte for byte.
 *
 * The map: the beginner island (b6-f8) is the main island; the small
 * islands are {b3 b4 c3}, {e3 f3 f4}, {b10 b11 c10} and {e10 f10 f11},
 * without numbers; the supply is 4 10 5 9 3.
 */
#include "../../tap.h"
#include "util.h"

static struct ca_state S;

#define MAIN_RED "[position]\nturn = red\nphase = main\n"
#define RICH "hand = 9 brick 9 wood 9 wool 9 grain 9 ore\n"

static int
tok(const char *h)
{
	return ca_hex_token(&S, hexi(&S, h));
}

/* Set hex h's number (a state the tests reach faster than by ships). */
static void
set_tok(const char *h, int t)
{
	S.gc.tok[S.b->growidx[hexi(&S, h)]] = (uint8_t)t;
}

/* The token orders seat may give, "token b8 token c5", "" when none. */
static const char *
token_orders(int seat)
{
	static char buf[1024];
	struct ca_action a[256];
	int n = ca_legal(&S, seat, a, 256);
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && i < 256; i++) {
		char t[64];

		if (a[i].verb != CA_A_TOKEN)
			continue;
		ca_format(&S, &a[i], t, sizeof t);
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
		    len ? " " : "", t);
	}
	return buf;
}

static int
count_orders(int seat)
{
	struct ca_action a[256];
	int n = ca_legal(&S, seat, a, 256), k = 0;

	for (int i = 0; i < n && i < 256; i++)
		k += a[i].verb == CA_A_TOKEN;
	return k;
}

/* CA10.7: the map as the data says it. */
static void
map_start(void)
{
	u_game(&S, "greater-catan", 3, NULL);
	is_int(12, S.vp_target, "CA11.2: greater-catan plays to 12");
	is_int(10, tok("b6"), "CA10.7: the main island has its numbers (b6 10)");
	is_int(0, tok("b10"), "CA10.7: a small island's hex has none (b10)");
	is_int(0, tok("c3"), "CA10.7: nor its gold (c3)");
	is_int(30, S.b->ngrow, "CA10.7: 18 numbered hexes and 12 without");
	{
		uint8_t left[CA_MAX_SUPPLY];
		int n = ca_grow_supply(&S, left);

		ok(n == 4 && left[0] == 4 && left[1] == 10 && left[2] == 5 &&
		    left[3] == 9, "CA10.7: three players take 4 10 5 9");
	}
	u_game(&S, "greater-catan", 4, NULL);
	{
		uint8_t left[CA_MAX_SUPPLY];

		is_int(5, ca_grow_supply(&S, left),
		    "CA10.7: four players take 5 from the supply");
		is_int(3, left[4], "CA10.7: the fifth is the 3");
	}
	u_game(&S, "new-shores", 3, NULL);
	{
		uint8_t left[CA_MAX_SUPPLY];

		is_int(0, ca_grow_supply(&S, left),
		    "CA10.7: new-shores has no supply");
	}
}

/* CA10.7, CA10.8: the supply, then red's choice, with its refusals. */
static void
supply_then_choice(void)
{
	u_game(&S, "greater-catan", 3, MAIN_RED "[red]\n"
	    "settlements = b8/b9/c8 b5/b6/c5 e8/e9/f9\n"
	    "ships = b9/c8 b9/c9 b5/c5 b5/c4 e9/f9\n" RICH
	    "[blue]\nsettlements = a5/a6/b6\n"
	    "[white]\nsettlements = e6/e7/f7\n");
	acts(&S, RED, "build ship b10/c9", "CA10.7");
	is_int(4, tok("b10"), "CA10.7: b10 gets the first of the supply, 4");
	ok(note_has("b10 gets the number 4 from the supply (3 left)"),
	    "CA10.7: noted (%s)", U_note.text);
	is_string("9 brick 8 wood 8 wool 9 grain 9 ore", hand(&S, RED),
	    "CA6.1: the ship is paid as ever");
	acts(&S, RED, "build ship c9/c10", "CA10.7");
	is_int(10, tok("c10"), "CA10.7: c10 gets the 10");
	acts(&S, RED, "build ship b4/c4", "CA10.7");
	is_int(5, tok("b4"), "CA10.7: b4 gets the 5");
	acts(&S, RED, "build ship c3/c4", "CA10.7");
	is_int(9, tok("c3"), "CA10.7: gold c3 gets the 9");
	ok(note_has("c3 gets the number 9 from the supply (0 left)"),
	    "CA10.7: the supply of three players is spent");
	is_int(0, S.npend, "CA10.7: nothing owed while the supply gives");

	/* the fifth hex: red chooses from the main island */
	acts(&S, RED, "build ship e9/f10", "CA10.8");
	is_int(0, tok("f10"), "CA10.8: f10 waits for red's choice");
	ok(note_has("f10 gets a number from the main island, chosen by red"),
	    "CA10.8: noted");
	is_int(1 << RED, (long long)ca_may_act(&S),
	    "CA13.3: red alone may act");
	{
		char w[200];

		ca_await_text(&S, w, sizeof w);
		is_string("red must move a number from the main island to f10",
		    w, "CA13.3: what the game awaits");
	}
	is_string("token b8 token c5 token c8", token_orders(RED),
	    "CA10.8: the legal list: red's hexes but b6 (blue's settlement "
	    "a5/a6/b6 has no other number) and e8 (red's own at e8/e9/f9)");
	refused(&S, RED, "token b6", "CA10.8 requirement 2: blue's settlement");
	ok(strstr(U_err.msg, "requirement 2") != NULL, "CA10.8: names it "
	    "(%s)", U_err.msg);
	refused(&S, RED, "token e8", "CA10.8 requirement 2: red's own");
	refused(&S, RED, "token d5", "CA10.8 requirement 1: no red piece");
	ok(strstr(U_err.msg, "requirement 1") != NULL, "CA10.8: names it "
	    "(%s)", U_err.msg);
	refused(&S, RED, "token d7", "CA10.8: the desert has no number");
	refused(&S, RED, "token b10", "CA10.8: not a hex of the main island");
	refused(&S, RED, "end", "CA10.8: before anything else");
	refused(&S, RED, "build ship e9/e10", "CA10.8: before anything else");
	refused_rc(&S, BLUE, "token c5", RULES_ESEAT, "CA13.3: blue may not");
	acts(&S, RED, "token c8", "CA10.8");
	is_int(10, tok("f10"), "CA10.8: f10 has c8's 10");
	is_int(0, tok("c8"), "CA10.8: c8 has none");
	ok(note_has("red moves the 10 of c8 to f10"), "CA10.8: noted (%s)",
	    U_note.text);
	ok(!note_has("set aside"), "CA10.8: no requirement set aside");
	is_int(0, S.npend, "CA10.8: nothing owed any more");
	refused(&S, RED, "token c5", "CA10.8: no number owed now");

	/* CA4.3: the numbers produce where they are now */
	acts(&S, RED, "end", "CA4.6");
	force_dice(4, 6);
	acts(&S, BLUE, "roll", "CA4.2");
	is_string("9 brick 4 wood 4 wool 9 grain 10 ore", hand(&S, RED),
	    "CA10.8: a 10 gives red b6's ore, no brick of c8");
	is_string("1 ore", hand(&S, BLUE), "CA4.3: blue's b6");
}

/* CA10.8: requirement 1 set aside, then 2, then all three. */
static void
set_aside(void)
{
	static const char *const pos = MAIN_RED "[red]\n"
	    "settlements = b3/c2/c3\n" RICH
	    "[blue]\nsettlements = c6/c7/d7\n"
	    "[white]\nsettlements = e6/e7/f7\n";

	u_game(&S, "greater-catan", 3, pos);
	S.gc.taken = 4;
	set_tok("c3", 9);
	set_tok("b4", 8);
	acts(&S, RED, "build ship b3/c2", "CA10.8");
	is_int(1, S.npend, "CA10.8: b3 is owed a number");
	is_int(14, count_orders(RED), "CA10.8: red has nothing on the main "
	    "island: requirement 1 set aside, the 18 numbers less the two 6s "
	    "and two 8s (requirement 3: b4 holds an 8)");
	refused(&S, RED, "token c6", "CA10.8 requirement 3: a 6 beside b4's 8");
	ok(strstr(U_err.msg, "requirement 3") != NULL, "CA10.8: names it "
	    "(%s)", U_err.msg);
	acts(&S, RED, "token c7", "CA10.8");
	is_int(4, tok("b3"), "CA10.8: b3 has c7's 4");
	ok(note_has("requirement 1 of CA10.8 set aside: no number met all "
	    "three"), "CA10.8: noted (%s)", U_note.text);

	/* only c6's 6 left on the main island, blue's last number */
	u_game(&S, "greater-catan", 3, pos);
	S.gc.taken = 4;
	set_tok("b4", 8);
	for (int i = 0; i < S.b->ngrow; i++)
		if (S.b->island[S.b->grow_hex[i]] == S.b->main_island &&
		    S.b->grow_hex[i] != hexi(&S, "c6"))
			S.gc.tok[i] = 0;
	acts(&S, RED, "build ship b3/c2", "CA10.8");
	is_string("token c6", token_orders(RED), "CA10.8: with all three "
	    "requirements set aside, c6 may go");
	acts(&S, RED, "token c6", "CA10.8");
	is_int(6, tok("b3"), "CA10.8: b3 has the 6");
	ok(note_has("requirements 1, 2 and 3 of CA10.8 set aside"),
	    "CA10.8: noted (%s)", U_note.text);

	/* no number left: the hex stays without one */
	u_game(&S, "greater-catan", 3, pos);
	S.gc.taken = 4;
	for (int i = 0; i < S.b->ngrow; i++)
		S.gc.tok[i] = 0;
	acts(&S, RED, "build ship b3/c2", "CA10.7");
	is_int(0, S.npend, "CA10.7: nothing to choose");
	ok(note_has("b3 gets no number: the main island has none left"),
	    "CA10.7: noted (%s)", U_note.text);

	/* four players: the fifth comes from the supply */
	u_game(&S, "greater-catan", 4, pos);
	S.gc.taken = 4;
	acts(&S, RED, "build ship b3/c2", "CA10.7");
	is_int(3, tok("b3"), "CA10.7: four players' fifth number, 3");
	is_int(0, S.npend, "CA10.7: nothing owed");
}

/* CA10.7's decisions: roads give nothing; moved ships and road-building
   do; one number a hex. */
static void
which_pieces(void)
{
	u_game(&S, "greater-catan", 3, MAIN_RED "[red]\n"
	    "settlements = b3/c2/c3\n" RICH "cards = road-building\n");
	acts(&S, RED, "build road b3/c3", "CA10.7");
	ok(tok("b3") == 0 && tok("c3") == 0 && S.gc.taken == 0,
	    "CA10.7: a road gives no number");
	S.gc.taken = 4;
	acts(&S, RED, "play road-building ship b3/c2 ship b2/b3", "CA10.7");
	is_int(1, S.npend, "CA10.7: two ships at b3 owe it one number");
	u_game(&S, "greater-catan", 3, MAIN_RED "[red]\n"
	    "settlements = b3/c2/c3\n" RICH "cards = road-building\n");
	S.gc.taken = 4;
	acts(&S, RED, "play road-building ship b3/c2 ship c2/c3", "CA10.7");
	is_int(2, S.npend, "CA10.7: b3 and c3 are owed a number each");
	is_int(hexi(&S, "b3") + 1, S.pend[0].n[RED],
	    "CA10.7: the first ship's hex first");
	acts(&S, RED, "token c5", "CA10.8");
	is_int(12, tok("b3"), "CA10.8: b3 has c5's 12");
	is_int(hexi(&S, "c3") + 1, S.pend[0].n[RED], "CA10.8: then c3");

	u_game(&S, "greater-catan", 3, MAIN_RED "[red]\n"
	    "settlements = b8/b9/c8\nships = b9/c8 b9/c9 c8/c9\n" RICH);
	acts(&S, RED, "move ship c8/c9 to b10/c9", "CA6.8, CA10.7");
	is_int(4, tok("b10"), "CA10.7: a moved ship gives b10 the 4");
}

/* CA10.9: the views; no token order on another map. */
static void
views(void)
{
	u_game(&S, "beginner", 3, MAIN_RED "[red]\nsettlements = c3/d3/d4\n");
	refused_rc(&S, RED, "token c3", RULES_EPARSE,
	    "CA10.8: no such order on a map without a supply");
}

int
main(void)
{
	map_start();
	supply_then_choice();
	set_aside();
	which_pieces();
	views();
	return done_testing();
}
