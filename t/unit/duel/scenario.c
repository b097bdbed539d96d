/*
 * scenario.c -- the "scenario" blob (duel-rules(7), SCENARIO,
 * lib/games/duel/scenario.c): positions set up from scenario data equal
 * byte for byte those set up through the C API (util.h) for the
 * test situations; every check of the loader refuses with its line; a game
 * created through duel_rules with a scenario blob starts there.
 */
#include "../../tap.h"
#include "util.h"
#include "games/duel/duel.h"
#include "games/duel/scenario.h"

/* S from util.h's standard start of seed, then the scenario text;
 * the loader's return code (E holds the error). */
static int
from_text(int seed, const char *text)
{
	new_game(seed);
	memset(&E, 0, sizeof E);
	return du_scenario(&S, text, strlen(text), &E);
}

/* 1 when the scenario of seed equals the position built in *want. */
static int
same(int seed, const char *text, const struct du_state *want)
{
	if (from_text(seed, text) != 0) {
		diag("scenario refused: %s (line %d)", E.msg, E.line);
		return 0;
	}
	return memcmp(&S, want, sizeof S) == 0;
}

static void
t_same(void)
{
	struct du_state want;

	/* §7 situation of Vete (DU8.1): red holds the hero token by
	 * Markus, blue has two buildings and a unit, Vete on top */
	standard(13);
	place(0, "l2", "markus");
	place(1, "l2", "klooster");
	place(1, "n2", "markt");
	place(1, "n4", "wolhandelsschip");
	to_seg(DU_SEG_EVENTS, 0, "vete");
	memcpy(&want, &S, sizeof want);
	ok(same(13, "[game]\nstart = red\n[red]\nl2 = markus\n[blue]\n"
	    "l2 = klooster\nn2 = markt\nn4 = wolhandelsschip\n[piles]\n"
	    "events = vete\n", &want), "§6 DU8.1: the Vete position from "
	    "scenario data is byte for byte the one built through the C API");
	is_int(0, roll(0, 6, DU_F_EVENT), "DU7.5: the event die's card");
	ok(note_has("event card: vete") && S.choice == DU_CH_REMOVE &&
	    S.aw_seat == 1 && S.nselected == 2, "DU8.1: Vete from the "
	    "scenario's deck: both buildings selected, blue awaited");
	/* DU9.2: a road at k3, rivier-2 and bergen-4 on the region stack,
	 * units for a settlement, the action phase, a hand */
	standard(8);
	S.phase = DU_PH_ACTION;
	*cellp(0, "k3") = DU_C_ROAD;
	S.supply[0]--;
	set_units(0, "k2", 2);
	set_units(0, "o2", 3);
	to_hand(0, "verkenner");
	to_hand(0, "goudsmid");
	{
		int r1 = region_no("rivier-2"), r2 = region_no("bergen-4"), i;

		for (i = 0; S.rstack[i] != r1; i++)
			;
		memmove(S.rstack + 1, S.rstack, (size_t)i);
		S.rstack[0] = (uint8_t)r1;
		for (i = 0; S.rstack[i] != r2; i++)
			;
		memmove(S.rstack + 2, S.rstack + 1, (size_t)(i - 1));
		S.rstack[1] = (uint8_t)r2;
	}
	memcpy(&want, &S, sizeof want);
	ok(same(8, "[game]\nstart = red\nphase = action\n[red]\n"
	    "k3 = straat\nk2 = stored 2\no2 = stored 3\n"
	    "hand = verkenner, goudsmid\n[piles]\n"
	    "regions = rivier 2, bergen 4\n", &want), "§6 DU9.2 DU3.7: road, "
	    "units, hand and region stack from scenario data; the supply "
	    "follows from the grids (6 roads)");
	is_int(6, S.supply[0], "DU1.2: 9 roads less the 3 on the grids");
}

static void
t_play(void)
{
	/* the scenario's position plays on: DU9.3 and DU13 as in rules.c */
	is_int(0, from_text(3, "[game]\nstart = blue\nphase = action\n"
	    "[blue]\nn3 = stad\nn1 = inge\no2 = stored 2\no4 = stored 3\n"
	    "prefer = ore, wool\n"), "§6: blue active with a city at n3 and "
	    "Inge at n1");
	ok(strcmp(cell_slug(1, "n1"), "inge") == 0 &&
	    *cellp(1, "n3") == DU_C_CITY, "§6: Inge at n1 above the city");
	ok(S.active == 1 && S.aw_seat == 1 && S.phase == DU_PH_ACTION &&
	    du_vp(&S, 1) == 3 && S.supply[2] == 6 && S.p[1].nprefer == 2 &&
	    S.p[1].prefer[0] == DU_ORE && S.p[1].prefer[1] == DU_WOOL,
	    "DU13.3 DU16.4: blue awaited, 3 VP, 6 cities left, prefer ore "
	    "wool");
	is_int(0, order(1, "build city at l3"), "DU9.3: blue builds a city "
	    "at l3 from the scenario's units");
	ok(du_vp(&S, 1) == 4 && units(1, "o2") == 0 && units(1, "o4") == 0,
	    "DU9.3: 4 VP, akkers and bergen paid");
	ok(refused(0, "end"), "DU16.1: red is not awaited");
}

/* The loader's refusals: RULES_EDATA, data "scenario", the line. */
static void
t_refusals(void)
{
	static const struct {
		const char *text, *want;
		int line;
	} bad[] = {
		{ "[red]\nk2 = bos 9\n", "no region 'bos 9'", 2 },
		{ "[red]\nz9 = dorp\n", "unknown key 'z9'", 2 },
		{ "[green]\nk2 = bos 4\n", "unknown section [green]", 2 },
		{ "[red]\nk2 = stored 4\n", "a region holds 0-3", 2 },
		{ "[red]\nk2 = bos 3\n", "bos 3 is in a principality already",
		    2 },
		{ "[red]\nl2 = klooster\nn2 = klooster\n", "a second klooster "
		    "(1x, DU10.2)", 0 },
		{ "[red]\nl1 = klooster\n", "red l1: no site", 0 },
		{ "[red]\nk3 = dorp\n", "red k3: no site", 0 },
		{ "[red]\nl2 = vete\n", "'vete' is no expansion", 2 },
		{ "[red]\nhand = vete\n", "'vete' is no draw card", 2 },
		{ "[piles]\nevents = goudsmid\n", "does not belong there", 2 },
		{ "[red]\nl2 = roemer\n[blue]\nl2 = roemer\n",
		    "no copy of roemer left", 4 },
		{ "[game]\nphase = exchange\n", "phase: roll or action", 2 },
		{ "[red]\nprefer = ore ore\n", "prefer: ore twice", 2 },
		{ "[red]\ni2 = akkers 3\ni4 = akkers 1\ng2 = bergen 4\n",
		    "the region stack holds 9, fewer than 2 per settlement", 0 },
		{ "[red]\nb3 = dorp\nd3 = dorp\nf3 = dorp\nh3 = dorp\n"
		    "j3 = dorp\nt3 = dorp\n", "more roads, settlements or "
		    "cities than", 0 },
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = from_text(1, bad[i].text);

		ok(rc == RULES_EDATA && E.data != NULL &&
		    strcmp(E.data, "scenario") == 0 &&
		    strstr(E.msg, bad[i].want) != NULL && E.line == bad[i].line,
		    "§6: refused with line %d: %s", bad[i].line, bad[i].want);
		if (!(rc == RULES_EDATA && strstr(E.msg, bad[i].want)))
			diag("got %d: %s (line %d)", rc, E.msg, E.line);
	}
}

/* Fair chance keeps the decks unseen (engine.c's public draws): a
 * scenario, which says where cards lie, is refused there. */
static void
t_fair(void)
{
	const char *text = "[game]\nstart = red\n";
	struct du_state before;

	new_game(2);
	S.pub = 1;
	memcpy(&before, &S, sizeof before);
	memset(&E, 0, sizeof E);
	ok(du_scenario(&S, text, strlen(text), &E) == RULES_EDATA &&
	    strstr(E.msg, "use --chance open") != NULL &&
	    strcmp(E.data, "scenario") == 0 &&
	    memcmp(&before, &S, sizeof S) == 0, "§6 DU17.6: under fair "
	    "chance a scenario is refused, the state untouched");
}

/* Through duel_rules.create with a "scenario" blob. */
static void
t_create(void)
{
	unsigned char key[RULES_SEED_BYTES] = { 7 };
	struct rules_blob blob = { "scenario", "[game]\nstart = red\n"
	    "phase = action\n[red]\nl2 = markus\n", 0 };
	struct rules_setup su;
	struct rules_error e;
	struct chance_seed cs;
	struct game *g = NULL;
	const struct du_state *st;

	blob.len = strlen(blob.text);
	memset(&su, 0, sizeof su);
	su.nseats = 2;
	su.seat[0] = "red";
	su.seat[1] = "blue";
	su.blobs = &blob;
	su.nblobs = 1;
	chance_seed_init(&cs, key);
	su.chance = &cs.chance;
	is_int(0, duel_rules.create(&g, &su, &e), "§6: create with a scenario "
	    "blob");
	st = g ? du_game_state(g) : NULL;
	ok(st != NULL && st->phase == DU_PH_ACTION && st->active == 0 &&
	    du_token(st, 0) == 0 && du_vp(st, 0) == 3,
	    "DU13.2 DU13.3: red in the action phase, Markus gives the hero "
	    "token, 3 VP");
	if (g)
		duel_rules.free(g);
	blob.text = "[red]\nk2 = bos 9\n";
	blob.len = strlen(blob.text);
	g = NULL;
	ok(duel_rules.create(&g, &su, &e) == RULES_EDATA && g == NULL &&
	    strcmp(e.data, "scenario") == 0 && e.line == 2,
	    "§6: a bad scenario: create refuses (data scenario, line 2)");
}

int
main(void)
{
	t_same();
	t_play();
	t_refusals();
	t_fair();
	t_create();
	done_testing();
	return 0;
}
