/*
 * t/unit/catan/rules-sea.c -- the Seafarers rules on new-shores and
 * fog-islands, the brief's checkable facts 31-38 (CA5.3-CA5.5, CA6.5,
 * CA6.6, CA6.8, CA8.4, CA9.2, CA10.1-CA10.3), each naming its CA-number;
 * refusals leave the state unchanged byte for byte.
 */
#include "../../tap.h"
#include "util.h"

static struct ca_state S;

#define MAIN_RED "[position]\nturn = red\nphase = main\n"
#define RICH "hand = 5 brick 5 wood 5 wool 5 grain 5 ore\n"

/* Fact 31: CA6.5, CA6.6. */
static void
fact_ships(void)
{
	u_game(&S, "new-shores", 4, MAIN_RED "[red]\nsettlements = c5/c6/d6\n"
	    RICH);
	acts(&S, RED, "build ship c6/d6", "CA6.5: a ship on a coast edge");
	is_string("5 brick 4 wood 4 wool 5 grain 5 ore", hand(&S, RED),
	    "CA6.1: a ship costs 1 wool 1 wood");
	is_int(14, S.p[RED].supply[CA_S_SHIP], "CA1.3: 15 ships, one used");
	refused(&S, RED, "build ship c5/d6", "CA6.5: two land sides");
	refused(&S, RED, "build road c6/d6", "CA6.5: one piece on a coast edge");
	u_game(&S, "new-shores", 4, MAIN_RED "[red]\nsettlements = d6/e5/e6\n"
	    "roads = d6/e6\n" RICH);
	refused(&S, RED, "build ship d7/e6", "CA6.6: a ship does not join a road "
	    "at a corner without red's settlement");
	acts(&S, RED, "build ship e5/e6", "CA6.6: through red's settlement");
	u_game(&S, "beginner", 4, MAIN_RED "[red]\nsettlements = c3/d3/d4\n"
	    RICH);
	refused(&S, RED, "build ship a1/b1", "CA1.2: no ships on base maps");
}

/* Fact 32: CA10.2. */
static void
fact_islands(void)
{
	u_game(&S, "new-shores", 4, MAIN_RED "[red]\nsettlements = c5/c6/d6\n"
	    "ships = c6/d6 c6/d7 c7/d7 c7/d8\n" RICH);
	is_int(1, ca_vp(&S, RED, 1), "CA11.1: red has 1 VP");
	acts(&S, RED, "build settlement c7/c8/d8", "CA10.2");
	is_int(4, ca_vp(&S, RED, 1), "CA10.2: +1 settlement, +2 island bonus");
	ok(note_has("red earns 2 for a new island"), "CA14.4: noted");
	u_game(&S, "new-shores", 4, MAIN_RED "[red]\nsettlements = c5/c6/d6 "
	    "c7/c8/d8\nships = c6/d6 c6/d7 c7/d7 c7/d8\nroads = c7/c8 b8/c8\n"
	    "bonus-islands = c8\n" RICH);
	is_int(2, S.p[RED].bonus, "CA10.2: the position's bonus counts");
	{
		int before = ca_vp(&S, RED, 1);

		acts(&S, RED, "build settlement b8/b9/c8", "CA10.2");
		is_int(before + 1, ca_vp(&S, RED, 1),
		    "CA10.2: a second settlement there: +1 only");
		is_int(2, S.p[RED].bonus, "CA10.2: no second bonus");
	}
	u_game(&S, "new-shores", 4, "[position]\nturn = red\nphase = setup1\n");
	refused(&S, RED, "build settlement c7/c8/d8",
	    "CA3.4/CA10.2: set-up settlements on the home island");
	acts(&S, RED, "build settlement c5/c6/d6", "CA3.4");
}

/* Fact 33: CA10.1. */
static void
fact_gold(void)
{
	u_game(&S, "new-shores", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nsettlements = c7/c8/d8\n[blue]\ncities = b8/b9/c8\n");
	force_dice(1, 2);
	acts(&S, RED, "roll", "CA10.1");
	is_int((1 << RED) | (1 << BLUE), (long long)ca_may_act(&S),
	    "CA10.1/CA13.3: may_act = red|blue");
	refused(&S, RED, "pick 2 ore", "CA10.1: red is owed 1 pick");
	refused(&S, RED, "end", "CA4.6: not while picks are owed");
	acts(&S, BLUE, "pick 1 ore 1 wool", "CA10.1: blue's city picks 2");
	acts(&S, RED, "pick 1 grain", "CA10.1");
	is_string("1 grain", hand(&S, RED), "CA10.1: red's pick");
	is_int(0, S.npend, "CA10.1: all picked");
	acts(&S, RED, "end", "CA4.6");
	/* the bank short: a pick takes what it holds */
	u_game(&S, "new-shores", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nsettlements = c7/c8/d8\n[blue]\ncities = b8/b9/c8\n"
	    "hand = 19 brick 19 wood 19 wool 19 grain 18 ore\n");
	force_dice(1, 2);
	acts(&S, RED, "roll", "CA10.1");
	acts(&S, RED, "pick 1 ore", "CA10.1: first come, first served");
	is_int(0, S.npend, "CA10.1: the bank is empty: blue's picks lapse");
}

/* Fact 34: CA6.8. */
static void
fact_move_ship(void)
{
	const char *pos = MAIN_RED "[red]\nsettlements = c5/c6/d6\n"
	    "ships = c6/d6 c6/d7\n" RICH;

	u_game(&S, "new-shores", 4, pos);
	refused(&S, RED, "move ship c6/d6 to d6/d7", "CA6.8: not an open end");
	acts(&S, RED, "move ship c6/d7 to d6/d7", "CA6.8: the open end moves");
	refused(&S, RED, "move ship d6/d7 to c6/d7", "CA6.8: once a turn");
	u_game(&S, "new-shores", 4, MAIN_RED "[red]\nsettlements = c5/c6/d6\n"
	    "ships = c6/d6\nnew-ships = c6/d7\n");
	refused(&S, RED, "move ship c6/d7 to d6/d7", "CA6.8: built this turn");
	u_game(&S, "new-shores", 4, "[position]\nturn = red\nphase = main\n"
	    "pirate = d7\n[red]\nsettlements = c5/c6/d6\nships = c6/d6 c6/d7\n");
	refused(&S, RED, "move ship c6/d7 to c5/c6", "CA5.5/CA6.8: next to the "
	    "pirate");
	u_game(&S, "new-shores", 4, pos);
	refused(&S, RED, "move ship c6/d7 to c7/d7", "CA6.8: it must connect "
	    "with itself lifted");
}

/* Fact 35: CA5.3, CA5.5. */
static void
fact_pirate(void)
{
	u_game(&S, "new-shores", 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\nsettlements = c5/c6/d6\nships = c6/d6 c6/d7 c7/d7\n"
	    "hand = 1 wool 1 wood\n[blue]\nships = c7/d8\nhand = 2 ore\n");
	force_dice(3, 4);
	acts(&S, RED, "roll", "CA5.1");
	refused(&S, RED, "pirate g6", "CA5.3: the pirate must move");
	refused(&S, RED, "pirate c7", "CA5.3: to a sea hex");
	force_index(1);
	acts(&S, RED, "pirate d8 steal blue", "CA5.3/CA5.4");
	is_string("1 ore", hand(&S, BLUE), "CA5.4: blue loses a card");
	refused(&S, RED, "build ship d7/d8", "CA5.5: no ship on the pirate's "
	    "edges");
	refused(&S, RED, "move ship c7/d7 to d7/d8", "CA5.5: nor moved to them");
	u_game(&S, "new-shores", 4, "[position]\nturn = red\nphase = main\n"
	    "pirate = d8\n[red]\nsettlements = c5/c6/d6\n"
	    "ships = c6/d6 c6/d7 c7/d7 c7/d8\n");
	refused(&S, RED, "move ship c7/d8 to c7/c8", "CA5.5: nor moved from them");
}

/* Fact 36: CA9.2. */
static void
fact_trade_route(void)
{
	const char *pieces = "roads = c4/c5 c5/d5 c5/d6\n"
	    "ships = c6/d6 c6/d7 c7/d7\n";
	char pos[512];

	snprintf(pos, sizeof pos, MAIN_RED "[red]\nsettlements = c5/c6/d6\n%s",
	    pieces);
	u_game(&S, "new-shores", 4, pos);
	is_int(6, S.p[RED].route, "CA9.2: roads and ships through red's "
	    "settlement: 6");
	is_int(RED, S.longest, "CA9.3: the longest trade route");
	snprintf(pos, sizeof pos, MAIN_RED "[red]\n%s", pieces);
	u_game(&S, "new-shores", 4, pos);
	is_int(3, S.p[RED].route, "CA9.2: the corner empty: 3");
	snprintf(pos, sizeof pos, MAIN_RED "[red]\n%s[blue]\nsettlements = "
	    "c5/c6/d6\n", pieces);
	u_game(&S, "new-shores", 4, pos);
	is_int(3, S.p[RED].route, "CA9.2: blue's settlement there: 3");
}

/* Fact 37: CA8.4 on Seafarers. */
static void
fact_road_building_sea(void)
{
	u_game(&S, "new-shores", 4, MAIN_RED "[red]\nsettlements = c5/c6/d6\n"
	    "cards = road-building\n");
	acts(&S, RED, "play road-building road c5/d6 ship c6/d6", "CA8.4");
	is_int(14, S.p[RED].supply[CA_S_ROAD], "CA8.4: one road");
	is_int(14, S.p[RED].supply[CA_S_SHIP], "CA8.4: and one ship");
	refused(&S, RED, "move ship c6/d6 to d6/d7", "CA8.4/CA6.8: a free ship "
	    "counts as built this turn");
}

/* Fact 38: CA10.3. */
static void
fact_fog(void)
{
	const char *pos = MAIN_RED "[red]\nsettlements = c4/c5/d5\n" "hand = 1 wool 1 wood\n";
	const unsigned char forest9[2] = { 4, 5 }, sea[1] = { 0 },
	    gold[2] = { 10, 0 };
	int d6;

	u_game(&S, "fog-islands", 4, pos);
	d6 = hexi(&S, "d6");
	force(2, forest9);
	acts(&S, RED, "build ship c5/d5", "CA10.3");
	is_int(CA_FOREST, ca_hex_terrain(&S, d6), "CA10.3: d6 revealed forest");
	is_int(9, ca_hex_token(&S, d6), "CA10.3: with token 9");
	is_string("1 wood", hand(&S, RED), "CA10.3: red gets 1 wood");
	ok(note_has("d6: forest 9, red gets 1 wood"), "CA14.4: the note");
	u_game(&S, "fog-islands", 4, pos);
	force(1, sea);
	acts(&S, RED, "build ship c5/d5", "CA10.3");
	is_int(CA_SEA, ca_hex_terrain(&S, d6), "CA10.3: d6 revealed sea");
	is_string("", hand(&S, RED), "CA10.3: sea gives nothing");
	u_game(&S, "fog-islands", 4, pos);
	force(2, gold);
	acts(&S, RED, "build ship c5/d5", "CA10.3");
	is_int(CA_GOLD, ca_hex_terrain(&S, d6), "CA10.3: d6 revealed gold");
	refused(&S, RED, "end", "CA10.3: the pick comes first");
	acts(&S, RED, "pick 1 ore", "CA10.3");
	acts(&S, RED, "end", "CA4.6");
	u_game(&S, "fog-islands", 4, "[position]\nturn = red\nphase = setup1\n");
	refused(&S, RED, "build settlement c5/c6/d6", "CA3.4: fog is no known "
	    "land");
}

/*
 * hm_game: new-shores with three seats, red to play with plenty, and
 * settlements where the lists say: "r" red, "b" blue, one letter a
 * harbor (hc[i], the first corner of harbor i), "-" none.  on: the
 * option harbormaster=on (CA9.4); holder: the title's holder or -1.
 */
static char hc[8][32];

static void
hm_game(const char *who, int on, int holder)
{
	char pos[1024], red[256] = "", blue[256] = "";

	u_game(&S, "new-shores", 3, NULL);
	if (S.b->nharbors < 6)
		bail("new-shores has %d harbors, want 6", S.b->nharbors);
	for (int i = 0; i < 6; i++)
		ca_corner_name(S.b, S.b->harbor_corner[2 * i], hc[i],
		    sizeof hc[i]);
	for (int i = 0; who[i] != '\0'; i++) {
		char *l = who[i] == 'r' ? red : who[i] == 'b' ? blue : NULL;

		if (l != NULL) {
			strcat(l, " ");
			strcat(l, hc[i]);	/* 6 names of < 32 fit 256 */
		}
	}
	snprintf(pos, sizeof pos, MAIN_RED "[red]\nsettlements =%s\n" RICH
	    "[blue]\nsettlements =%s\n", red, blue);
	u_game(&S, "new-shores", 3, pos);
	S.harbor_on = (uint8_t)on;
	S.harbormaster = (uint8_t)(holder + 1);
}

/* CA9.4, CA9.5: the harbormaster (option harbormaster=on). */
static void
harbormaster(void)
{
	char order[64];
	int vp;

	hm_game("rr", 1, -1);
	is_int(2, ca_harbor_points(&S, RED), "CA9.4: two settlements at "
	    "harbors: 2 harbor points");
	is_int(0, ca_harbor_points(&S, BLUE), "CA9.4: none: 0");
	vp = ca_vp(&S, RED, 1);
	snprintf(order, sizeof order, "build city %s", hc[0]);
	acts(&S, RED, order, "CA9.4");
	is_int(3, ca_harbor_points(&S, RED), "CA9.4: a city at a harbor "
	    "counts 2");
	is_int(RED + 1, S.harbormaster, "CA9.5: the first with 3 harbor "
	    "points takes the title");
	is_int(vp + 1 + 2, ca_vp(&S, RED, 1), "CA9.5: the title is worth "
	    "2 VP (and the city 1 more)");
	ok(note_has("harbormaster goes to red (3 harbor points)"),
	    "CA9.5, CA14.4: noted");

	/* the same build without the option: no title, no note */
	hm_game("rr", 0, -1);
	vp = ca_vp(&S, RED, 1);
	acts(&S, RED, order, "CA9.4 without the option");
	is_int(0, S.harbormaster, "CA9.4: without harbormaster=on nobody "
	    "takes the title");
	is_int(vp + 1, ca_vp(&S, RED, 1), "CA9.4: the city's 1 VP only");
	ok(!note_has("harbormaster"), "CA9.4: nothing noted");

	/* a tie keeps the title with its holder */
	hm_game("rrbbb", 1, BLUE);
	is_int(2, ca_vp(&S, BLUE, 1) - 3, "CA9.5: the holder's 2 VP");
	vp = ca_vp(&S, RED, 1);
	acts(&S, RED, order, "CA9.5");
	is_int(3, ca_harbor_points(&S, RED), "CA9.5: red 3");
	is_int(BLUE + 1, S.harbormaster, "CA9.5: 3 against the holder's 3: "
	    "a tie keeps the title (decision, as CA9.1)");
	is_int(vp + 1, ca_vp(&S, RED, 1), "CA9.5: red gains the city's VP "
	    "only");
	ok(!note_has("harbormaster"), "CA9.5: no change, nothing noted");

	/* more than the holder takes it */
	hm_game("rrbbbr", 1, BLUE);
	vp = ca_vp(&S, BLUE, 1);
	acts(&S, RED, order, "CA9.5");
	is_int(RED + 1, S.harbormaster, "CA9.5: 4 against the holder's 3 "
	    "takes the title");
	is_int(vp - 2, ca_vp(&S, BLUE, 1), "CA9.5: blue loses its 2 VP");
	ok(note_has("harbormaster goes to red (4 harbor points)"),
	    "CA9.5: noted");

	/* a refused build changes nothing, the title included */
	hm_game("rr", 1, -1);
	memset(S.p[RED].hand, 0, sizeof S.p[RED].hand);
	refused(&S, RED, order, "CA9.5: a city red cannot pay");
	is_int(0, S.harbormaster, "CA9.5: refused: no title");

	/* the holder resigns: the single most with 3 or more, else nobody */
	hm_game("rrbbb", 1, RED);
	acts(&S, RED, "resign", "CA11.4");
	is_int(BLUE + 1, S.harbormaster, "CA9.5: red resigns, blue (3) "
	    "takes the title");
	hm_game("rrrb", 1, RED);
	acts(&S, RED, "resign", "CA11.4");
	is_int(0, S.harbormaster, "CA9.5: red resigns, nobody has 3: "
	    "nobody holds it");
	ok(note_has("harbormaster: nobody holds it"), "CA9.5: noted");
}

int
main(void)
{
	fact_ships();
	fact_islands();
	fact_gold();
	fact_move_ship();
	fact_pirate();
	fact_trade_route();
	fact_road_building_sea();
	fact_fog();
	harbormaster();
	return done_testing();
}
