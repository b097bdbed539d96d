/*
 * t/unit/duel/rules.c -- the rules of Catan: het Duel, introductory game,
 * on the test situations of duel-rules(7) and beyond: set-up
 * (DU1-DU3), dice and production (DU6), the event die (DU7), event cards
 * (DU8), building (DU9, DU10), trade (DU11), action cards (DU12), tokens
 * (DU13), hand and stacks (DU14), the end (DU15), the await rule (DU16).
 * Each test names its DU-numbers and asserts exact outcomes; every
 * refusal is checked to leave the state byte for byte unchanged.
 * Positions are set up from scenario data, as the brief asks (§6, the
 * loader is lib/games/duel/scenario.c), dice fixed through
 * du_test_dice() -- never through the order text.  Three steps still
 * use the C API (util.h), each saying why: a supply with no settlement
 * left (a scenario derives the supply from the grids), the next roll
 * after Verhuizing, and an emptied stack in the exchange phase (a
 * scenario starts before the roll or in the action phase).
 */
#include "../../tap.h"
#include "util.h"
#include "games/duel/scenario.h"

/* The standard start of seed, then the position of a scenario text. */
static void
scenario(int seed, const char *text)
{
	new_game(seed);
	if (du_scenario(&S, text, strlen(text), &E) != 0)
		bail("scenario: %s (line %d)", E.msg, E.line);
}

static void
t_setup(void)
{
	int zpos = -1;
	const uint8_t *ev;

	new_game(1);
	ok(strcmp(cell_slug(0, "k2"), "bos-2") == 0 &&
	    strcmp(cell_slug(0, "m2"), "rivier-1") == 0 &&
	    strcmp(cell_slug(0, "o4"), "bergen-5") == 0 &&
	    strcmp(cell_slug(1, "k4"), "heuvels-2") == 0 &&
	    strcmp(cell_slug(1, "o4"), "bergen-6") == 0,
	    "DU3.1 DU2.5: the starting grids, k2 bos-2 ... blue o4 bergen-6");
	ok(*cellp(0, "l3") == DU_C_SETTLEMENT && *cellp(0, "n3") ==
	    DU_C_SETTLEMENT && *cellp(0, "m3") == DU_C_ROAD,
	    "DU3.1: settlements l3 n3, road m3");
	ok(units(0, "k2") == 1 && units(0, "m2") == 0 && units(1, "o2") == 1,
	    "DU3.1: 1 unit on every starting region but the river");
	ok(du_vp(&S, 0) == 2 && du_vp(&S, 1) == 2, "DU13.3: VP 2-2");
	ok(S.nseg[0] == 9 && S.nseg[1] == 9 && S.nseg[2] == 9 && S.nseg[3] == 9,
	    "DU3.4: stacks 9/9/9/9");
	is_int(12, S.nrstack, "DU3.2: region stack 12");
	ev = du_seg(&S, DU_SEG_EVENTS);
	for (int i = 0; i < S.nseg[DU_SEG_EVENTS]; i++)
		if (D.inst[ev[i]] == D.summer)
			zpos = i;
	ok(S.nseg[DU_SEG_EVENTS] == 9 && zpos == 5, "DU3.3: event deck 9, "
	    "Zomerfeest 6th from the top");
	ok(S.p[0].nhand == 0 && S.p[1].nhand == 0, "DU3.6: hands empty");
	ok(S.supply[0] == 7 && S.supply[1] == 5 && S.supply[2] == 7,
	    "DU3.7: supply 7 roads, 5 settlements, 7 cities");
	ok(du_token(&S, 0) < 0 && du_token(&S, 1) < 0, "DU3.7 DU13.2: no "
	    "tokens");
	ok(S.phase == DU_PH_START && S.aw_seat == S.start_player &&
	    strstr(N.text, "start: red rolls") != NULL,
	    "DU3.5: the start player is awaited; the start rolls are told");
	ok(S.events == 4, "DU17.6: create opened events, stacks, regions, "
	    "start (4 events)");
}

static void
t_start_hands(void)
{
	int sp, other, top[3];

	new_game(2);
	sp = S.start_player;
	other = 1 - sp;
	for (int i = 0; i < 3; i++)
		top[i] = du_seg(&S, 1)[i];
	ok(refused(other, "start stack 1"), "DU16.1: the other may not take "
	    "first");
	is_int(0, order(sp, "start stack 2"), "DU3.6: start stack 2");
	ok(S.p[sp].nhand == 3 && S.p[sp].hand[0] == top[0] &&
	    S.p[sp].hand[1] == top[1] && S.p[sp].hand[2] == top[2] &&
	    S.nseg[1] == 6, "DU3.6 DU17.2: the former top 3 of stack 2, #1 the "
	    "top; stack 2 holds 6");
	ok(refused(other, "start stack 2"), "DU3.6: the other may not take "
	    "the same stack");
	is_int(0, order(other, "start stack 4"), "DU3.6: start stack 4");
	ok(S.phase == DU_PH_ROLL && S.aw_seat == sp && S.active == sp,
	    "DU3.6: then the start player is awaited to roll");
}

static void
t_production(void)
{
	scenario(3, "[game]\nstart = red\n");
	is_int(0, roll(0, 6, DU_F_TRADE), "DU6.1: roll 6, trade (idle)");
	ok(units(0, "o2") == 2 && units(1, "o4") == 2 && units(0, "k2") == 1 &&
	    units(1, "o2") == 1, "DU6.2: red akkers 1->2, blue bergen 1->2, "
	    "nothing else");
	ok(S.phase == DU_PH_ACTION && S.aw_seat == 0, "DU5.2: then red's "
	    "action phase");
	scenario(3, "[game]\nstart = red\n[red]\no2 = stored 3\n");
	roll(0, 6, DU_F_TRADE);
	ok(units(0, "o2") == 3 && note_has("red: akkers-6 full, 1 grain lost"),
	    "DU4.2 DU6.2: a full region stays 3, the unit is lost");
	scenario(3, "[game]\nstart = red\n[red]\no2 = stored 0\n"
	    "n2 = graanmolen\n");
	roll(0, 6, DU_F_TRADE);
	is_int(2, units(0, "o2"), "DU6.2 DU2.3: Graanmolen at n2: akkers 0->2");
	scenario(3, "[game]\nstart = red\n[red]\no2 = stored 2\n"
	    "n2 = graanmolen\n");
	roll(0, 6, DU_F_TRADE);
	ok(units(0, "o2") == 3 && note_has("+1 grain, 1 lost"), "DU6.2: 2->3, "
	    "one lost");
	scenario(3, "[game]\nstart = red\n[red]\no2 = stored 0\n"
	    "n4 = graanmolen\n");
	roll(0, 6, DU_F_TRADE);
	is_int(1, units(0, "o2"), "DU2.3: the mill at n4 is not next to o2: "
	    "0->1");
	scenario(3, "[game]\nstart = red\n[red]\no2 = stored 0\n"
	    "n2 = graanmolen\nprefer = grain\n[blue]\nprefer = ore\n");
	roll(0, 1, DU_F_CELEBRATION);
	is_int(1, units(0, "o2"), "DU6.3: a celebration gain of grain next to "
	    "the mill adds 1 only");
}

static void
t_brigand(void)
{
	scenario(4, "[game]\nstart = red\n[red]\nk2 = stored 3\n"
	    "k4 = stored 3\n");
	is_int(0, roll(0, 4, DU_F_BRIGAND), "DU6.1: roll 4, brigand");
	ok(units(0, "m4") == 1 && note_has("red loses 1 wool and 0 gold "
	    "(brigand attack)") && strstr(N.text, "brigand attack\n") <
	    strstr(N.text, "weiden-4 +1"), "DU6.1 DU7.1: red weiden 1->0 by "
	    "the brigand, then 0->1 by production");
	ok(units(1, "m2") == 1 && units(1, "m4") == 1 &&
	    !note_has("blue loses"), "DU7.1: blue (5 units) loses nothing, "
	    "rivier 0->1");
	scenario(4, "[game]\nstart = red\n[red]\nl2 = opslagplaats\n"
	    "k2 = stored 3\nm2 = stored 2\nm4 = stored 2\n");
	roll(0, 5, DU_F_BRIGAND);
	ok(units(0, "m4") == 2 && units(0, "m2") == 2, "DU7.1 (a): storehouse "
	    "at l2, counted 5: no loss");
	scenario(4, "[game]\nstart = red\n[red]\nl2 = opslagplaats\n"
	    "k2 = stored 3\nm2 = stored 2\nm4 = stored 3\no2 = stored 3\n");
	roll(0, 5, DU_F_BRIGAND);
	ok(units(0, "m4") == 0 && units(0, "m2") == 0 && units(0, "o4") == 2 &&
	    units(1, "o2") == 2, "DU7.1 (b): counted 8: weiden 0, rivier 0 "
	    "(beside the storehouse too); then bergen 1->2, blue akkers 1->2");
}

static void
t_trade_event(void)
{
	scenario(5, "[game]\nstart = red\nactive = blue\n[red]\n"
	    "l2 = houthandelsschip\nl4 = wolhandelsschip\n"
	    "n2 = graanhandelsschip\n");
	ok(du_token(&S, 1) == 0 && du_vp(&S, 0) == 3 && du_vp(&S, 1) == 2,
	    "DU13.2: 3 ships: red holds the trade token, VP 3-2");
	is_int(0, roll(1, 2, DU_F_TRADE), "DU7.2: blue rolls 2, trade");
	ok(units(1, "k4") == 2 && units(0, "k2") == 2, "DU6.2: blue heuvels "
	    "1->2, red bos 1->2");
	ok(S.phase == DU_PH_CHOICE && S.aw_seat == 0, "DU16.5: red is awaited");
	ok(refused(0, "gain gold"), "DU7.2: gain gold refused (blue has none)");
	ok(refused(1, "gain brick"), "DU16.1: blue may not answer");
	is_int(0, order(0, "gain brick"), "DU7.2: gain brick");
	ok(units(1, "k4") == 1 && units(0, "k4") == 2 && S.phase ==
	    DU_PH_ACTION && S.aw_seat == 1, "DU4.3 DU4.4: blue heuvels 2->1, "
	    "red heuvels 1->2; blue's action phase");
	scenario(5, "[game]\nstart = red\n[red]\nl2 = houthandelsschip\n"
	    "l4 = wolhandelsschip\n");
	ok(du_token(&S, 1) < 0, "DU13.2: 2 ships: no token");
	roll(0, 3, DU_F_TRADE);
	ok(S.phase == DU_PH_ACTION, "DU7.2: the trade event does nothing");
	scenario(5, "[game]\nstart = red\n[red]\nl2 = houthandelsschip\n"
	    "l4 = wolhandelsschip\nn2 = graanhandelsschip\n[blue]\n"
	    "l2 = ertshandelsschip\nl4 = baksteenhandelsschip\n"
	    "n2 = goudhandelsschip\n");
	ok(du_token(&S, 1) < 0, "DU13.2: 3-3: no token");
	scenario(5, "[game]\nstart = red\n[red]\nl2 = houthandelsschip\n"
	    "l4 = wolhandelsschip\nn2 = graanhandelsschip\n[blue]\n"
	    "l2 = ertshandelsschip\nl4 = baksteenhandelsschip\n"
	    "n2 = goudhandelsschip\nn4 = groot-handelsschip\n");
	ok(du_token(&S, 1) == 1, "DU13.2: 3-4: blue holds it");
}

static void
t_celebration(void)
{
	scenario(6, "[game]\nstart = red\n[red]\nl2 = roemer\n");
	is_int(0, roll(0, 3, DU_F_CELEBRATION), "DU7.3: roll 3, celebration");
	ok(units(0, "k4") == 2 && units(1, "k2") == 2, "DU6.2: red heuvels "
	    "1->2, blue bos 1->2");
	ok(S.phase == DU_PH_CHOICE && S.aw_seat == 0, "DU7.3 DU16.2: red (skill "
	    "2) is asked");
	is_int(0, order(0, "gain ore"), "gain ore");
	ok(S.phase == DU_PH_ACTION && units(0, "o4") == 2, "DU7.3: only red "
	    "gains; blue is not asked");
	scenario(6, "[game]\nstart = red\n[red]\nl2 = roemer\n[blue]\n"
	    "l2 = willem\n");
	roll(0, 3, DU_F_CELEBRATION);
	ok(S.aw_seat == 0, "DU7.3: a tie: red is asked first");
	order(0, "gain ore");
	ok(S.phase == DU_PH_CHOICE && S.aw_seat == 1, "DU16.2: then blue");
	ok(refused(1, "gain wood"), "EPARSE: wood is no kind of the Duel");
	is_int(0, order(1, "gain wol"), "§5: Dutch alias wol");
	ok(units(1, "m4") == 2 && S.phase == DU_PH_ACTION, "blue weiden 1->2");
	/* DU16.3, DU7.6 */
	scenario(6, "[game]\nstart = red\n[red]\nk2 = stored 3\nm2 = stored 3\n"
	    "o2 = stored 3\nk4 = stored 3\nm4 = stored 3\no4 = stored 3\n"
	    "[blue]\nk2 = stored 3\nm2 = stored 3\no2 = stored 3\n"
	    "k4 = stored 3\nm4 = stored 3\no4 = stored 1\n");
	roll(0, 4, DU_F_CELEBRATION);
	ok(S.phase == DU_PH_ACTION && units(1, "o4") == 2 &&
	    note_has("blue gains ore (only choice)") &&
	    note_has("red: no resource to gain"), "DU16.3 DU7.6: a tie; blue "
	    "gains ore without being asked, red (all full) lapses");
}

static void
t_harvest(void)
{
	scenario(7, "[game]\nstart = red\n[blue]\nl2 = tolbrug\n");
	is_int(0, roll(0, 1, DU_F_HARVEST), "DU7.4: roll 1, harvest");
	ok(units(0, "m2") == 1 && units(1, "m4") == 2 && units(1, "m2") == 2,
	    "DU7.4: red rivier 0->1, blue weiden 1->2, blue rivier 0->2 "
	    "(Tolbrug) without asking");
	ok(S.aw_seat == 0 && S.choice == DU_CH_GAIN, "DU16.2: then red gains");
	order(0, "gain grain");
	ok(S.aw_seat == 1 && S.choice == DU_CH_GAIN, "then blue");
	order(1, "gain grain");
	ok(S.phase == DU_PH_ACTION && units(0, "o2") == 2 && units(1, "o2") == 2,
	    "both gained grain");
	scenario(7, "[game]\nstart = red\n[blue]\nl2 = tolbrug\n"
	    "m2 = stored 2\n");
	roll(0, 2, DU_F_HARVEST);
	ok(units(1, "m2") == 3 && note_has("toll bridge +1 gold, the rest lost"),
	    "DU7.4: blue rivier 2->3, 1 lost");
	/* DU16.4 */
	scenario(7, "[game]\nstart = red\n");
	is_int(0, order(0, "prefer ore grain"), "DU16.4: prefer ore grain");
	ok(S.phase == DU_PH_ROLL && S.aw_seat == 0 && S.p[0].nprefer == 2 &&
	    S.p[0].prefer[0] == DU_ORE && S.p[0].prefer[1] == DU_GRAIN,
	    "DU16.4: prefer does not change whose turn it is");
	scenario(7, "[game]\nstart = red\n[blue]\nprefer = ore grain\n"
	    "o4 = stored 3\n");
	roll(0, 3, DU_F_HARVEST);
	ok(S.aw_seat == 0, "DU16.4: red (no preference) is asked");
	order(0, "gain wool");
	ok(S.phase == DU_PH_ACTION && units(1, "o2") == 2 &&
	    note_has("blue gains grain (preferred)"), "DU16.4: blue gains grain "
	    "(bergen full) without being asked");
	scenario(7, "[game]\nstart = red\nactive = blue\n[blue]\n"
	    "prefer = ore grain\n");
	is_int(0, order(1, "prefer none"), "DU16.4: prefer none");
	is_int(0, S.p[1].nprefer, "asking restored");
}

static void
t_build(void)
{
	static const char build_pos[] = "[game]\nstart = red\nphase = action\n"
	    "[red]\nk2 = stored 2\nk4 = stored 3\nm4 = stored 1\n"
	    "o2 = stored 1\n[piles]\nregions = bergen 4, rivier 2\n";

	scenario(8, build_pos);
	ok(refused(0, "build settlement left"), "DU9.2: no road at the left "
	    "end: refused");
	is_int(0, order(0, "build road left"), "DU9.1: build road left");
	ok(*cellp(0, "k3") == DU_C_ROAD && units(0, "k2") == 1 &&
	    units(0, "k4") == 1, "DU9.1: road k3; bos 1, heuvels 1 (1 lumber, "
	    "2 brick)");
	ok(refused(0, "build road left"), "DU9.1: a second road at that end: "
	    "refused");
	{
		struct du_state keep;

		/* no settlement left: the supply set through the C API (a
		 * scenario derives the supply from the grids) */
		memcpy(&keep, &S, sizeof keep);
		S.supply[1] = 0;
		ok(refused(0, "build settlement left"), "DU9.5: no settlement "
		    "in the supply: refused");
		memcpy(&S, &keep, sizeof S);
	}
	is_int(0, order(0, "build settlement left"), "DU9.2: build settlement "
	    "left");
	ok(*cellp(0, "j3") == DU_C_SETTLEMENT && units(0, "k2") == 0 &&
	    units(0, "k4") == 0 && units(0, "m4") == 0 && units(0, "o2") == 0,
	    "DU9.2: dorp j3, all four 0");
	ok(note_has("red draws regions bergen-4 and rivier-2") &&
	    S.phase == DU_PH_REGIONS, "DU9.2: the note names both regions");
	ok(refused(0, "regions rivier-2 bos-4"), "DU9.2: a region not drawn");
	is_int(0, order(0, "regions rivier-2 bergen-4"), "DU9.2: regions "
	    "rivier-2 bergen-4");
	ok(strcmp(cell_slug(0, "i2"), "rivier-2") == 0 &&
	    strcmp(cell_slug(0, "i4"), "bergen-4") == 0 && units(0, "i2") == 0 &&
	    units(0, "i4") == 0, "DU9.2: i2 rivier-2, i4 bergen-4, both 0");
	ok(du_vp(&S, 0) == 3 && S.supply[0] == 6 && S.supply[1] == 4 &&
	    S.nrstack == 10, "DU13.3: VP 3; supply 6 roads, 4 settlements");
	ok(S.phase == DU_PH_ACTION, "back in the action phase");
	/* DU9.3 */
	scenario(8, "[game]\nstart = red\nphase = action\n[red]\n"
	    "o2 = stored 2\no4 = stored 3\n");
	ok(refused(0, "build opslagplaats at n1"), "DU10.1: no card in hand");
	is_int(0, order(0, "build city at n3"), "DU9.3: build city at n3");
	ok(du_vp(&S, 0) == 3 && units(0, "o2") == 0 && units(0, "o4") == 0 &&
	    *cellp(0, "n3") == DU_C_CITY && S.supply[2] == 6,
	    "DU9.3: VP 3, akkers 0, bergen 0");
	/* DU10 */
	scenario(8, "[game]\nstart = red\nphase = action\n[red]\nn3 = stad\n"
	    "o2 = stored 3\no4 = stored 3\nk4 = stored 2\nk2 = stored 2\n"
	    "m4 = stored 2\nhand = klooster klooster opslagplaats\n");
	ok(refused(0, "build city at n3"), "DU9.3: again: refused");
	ok(refused(0, "build city at m3"), "DU9.3: on a road: refused");
	is_int(0, order(0, "build klooster at n1"), "DU9.3 DU10.1: n1 is a "
	    "site of the city");
	is_int(4, du_hand_limit(&S, 0), "DU14.2: limit 4");
	ok(refused(0, "build klooster at l2"), "DU10.2: the second klooster "
	    "(1x): refused");
	ok(refused(0, "build opslagplaats at l1"), "DU2.2: l1 is no site (l3 "
	    "is a settlement)");
	ok(refused(0, "build opslagplaats at n1"), "DU10.1: n1 is taken");
	is_int(0, order(0, "build opslagplaats at l2 paying k2 m4"),
	    "DU10.1 DU4.4: paying k2 m4");
	ok(units(0, "k2") == 1 && units(0, "m4") == 1, "DU4.4: paid from the "
	    "named cells");
}

static void
t_trade(void)
{
	scenario(9, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "o4 = stored 3\n");
	is_int(0, order(0, "trade 3 ore for wool"), "DU11.1: trade 3 ore for "
	    "wool");
	ok(units(0, "o4") == 0 && units(0, "m4") == 2, "DU11.1: bergen 0, "
	    "weiden +1");
	scenario(9, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "o4 = stored 3\n");
	ok(refused(0, "trade 2 ore for brick"), "DU11.2: 2:1 without a ship");
	scenario(9, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "o4 = stored 3\n"
	    "l2 = ertshandelsschip\n");
	is_int(0, order(0, "trade 2 ore for brick"), "DU11.2: with "
	    "Ertshandelsschip, 2 ore for brick");
	ok(units(0, "o4") == 1 && units(0, "k4") == 2, "DU11.2: bergen 3->1, "
	    "heuvels 1->2");
	ok(refused(0, "trade 2 ore for ore"), "DU11.4: the same kind: refused");
	scenario(9, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "n2 = groot-handelsschip\n"
	    "o2 = stored 3\n"
	    "k2 = stored 3\n");
	is_int(0, order(0, "trade 2 from o2 for wool"), "DU11.3: trade 2 from "
	    "o2");
	is_int(1, units(0, "o2"), "DU11.3: akkers 3->1");
	ok(refused(0, "trade 2 from k2 for wool"), "DU11.3: k2 is not next to "
	    "the ship");
}

static void
t_actions(void)
{
	scenario(10, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = goudsmid\nm2 = stored 2\n");
	ok(refused(0, "play goudsmid for brick and brick"), "DU12.2: Goudsmid "
	    "with 2 gold: refused");
	scenario(10, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = goudsmid\nm2 = stored 3\n");
	is_int(0, order(0, "play goudsmid for brick and brick"), "DU12.3: "
	    "goudsmid for brick and brick");
	ok(units(0, "m2") == 0 && units(0, "k4") == 3 && S.nseg[DU_SEG_DISCARD]
	    == 1 && D.inst[du_seg(&S, DU_SEG_DISCARD)[0]] ==
	    du_card_find(&D, "goudsmid") && S.p[0].nhand == 0,
	    "DU12.3 DU12.1: rivier 0, heuvels 1->3; Goudsmid on the discard "
	    "pile");
	scenario(10, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = karavaan\nk2 = stored 0\nm2 = stored 0\no2 = stored 0\n"
	    "k4 = stored 0\nm4 = stored 1\no4 = stored 0\n");
	ok(refused(0, "play karavaan wool and ore for ore and grain"),
	    "DU12.2: Karavaan with 1 resource: refused");
	scenario(10, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = karavaan\nk2 = stored 0\nm2 = stored 0\no2 = stored 0\n"
	    "k4 = stored 0\nm4 = stored 2\no4 = stored 0\n");
	is_int(0, order(0, "play karavaan wool and wool for ore and grain"),
	    "DU12.4: karavaan wool and wool for ore and grain");
	ok(units(0, "m4") == 0 && units(0, "o4") == 1 && units(0, "o2") == 1,
	    "DU12.4: weiden 0, bergen +1, akkers +1");
	/* DU12.5 */
	scenario(10, "[game]\nstart = red\n[red]\nhand = marileen marileen\n");
	is_int(0, order(0, "play marileen 6"), "DU12.5: play marileen 6 "
	    "before the roll");
	ok(S.die == 6 && units(0, "o2") == 2 && units(1, "o4") == 2 &&
	    S.p[0].nhand == 1, "DU6.5: production 6 (red akkers, blue bergen "
	    "+1)");
	if (S.phase == DU_PH_ACTION)
		ok(refused(0, "play marileen 6"), "DU12.5: after a roll: "
		    "refused");
	else
		ok(1, "DU12.5: (the event awaits a choice; after-roll refusal "
		    "checked below)");
	scenario(10, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = marileen\n");
	ok(refused(0, "play marileen 4"), "DU12.5: in the action phase: "
	    "refused");
	/* DU12.6 */
	scenario(10, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = verhuizing\n");
	is_int(0, order(0, "play verhuizing k2 o4"), "DU12.6: play verhuizing "
	    "k2 o4");
	ok(strcmp(cell_slug(0, "k2"), "bergen-5") == 0 &&
	    strcmp(cell_slug(0, "o4"), "bos-2") == 0 && units(0, "k2") == 1 &&
	    units(0, "o4") == 1, "DU12.6: k2 bergen-5 (1), o4 bos-2 (1)");
	/* to the next roll: the next turn through the C API */
	S.phase = DU_PH_ROLL;
	roll(0, 2, DU_F_TRADE);
	is_int(2, units(0, "o4"), "DU12.6: a later roll 2 takes o4 to 2");
	scenario(10, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = verhuizing\nl2 = klooster\n");
	ok(refused(0, "play verhuizing k2 l2"), "DU12.6: a region with an "
	    "expansion: refused");
}

static void
t_scout(void)
{
	int before;

	scenario(11, "[game]\nstart = red\nphase = action\n[red]\n"
	    "k3 = straat\nhand = verkenner\n");
	ok(units(0, "k2") == 1 && units(0, "k4") == 1 && units(0, "m4") == 1 &&
	    units(0, "o2") == 1 && S.supply[0] == 6, "a road at k3, the "
	    "resources of a settlement");
	before = (int)S.events;
	is_int(0, order(0, "build settlement left with verkenner"),
	    "DU9.4 DU12.7: build settlement left with verkenner");
	ok(S.phase == DU_PH_REGIONS && S.scout && S.nrstack == 12,
	    "DU9.4: nothing drawn; red chooses from the stack");
	ok(refused(0, "regions bos-2 bos-3"), "DU9.4: regions not in the "
	    "stack");
	is_int(0, order(0, "regions akkers-3 weiden-6"), "DU9.4: regions "
	    "akkers-3 weiden-6");
	ok(strcmp(cell_slug(0, "i2"), "akkers-3") == 0 &&
	    strcmp(cell_slug(0, "i4"), "weiden-6") == 0 && S.nrstack == 10 &&
	    (int)S.events == before + 1, "DU9.4 DU17.6: placed; region stack "
	    "10, reshuffled by a regions event");
	ok(D.inst[du_seg(&S, DU_SEG_DISCARD)[0]] == du_card_find(&D,
	    "verkenner"), "DU12.1: Verkenner on the discard pile");
}

static void
t_replenish(void)
{
	int top;

	scenario(12, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = goudsmid\nl2 = parochiehuis\n");
	is_int(0, order(0, "end"), "DU5.2: end");
	ok(S.phase == DU_PH_REPLENISH, "DU14.3: below the limit: replenish");
	ok(refused(0, "pass"), "DU14.3: pass refused before the hand is full");
	ok(refused(0, "exchange card 1 under stack 2 draw stack 1"),
	    "DU14.3: exchange refused until the hand is full");
	top = du_seg(&S, 2)[0];
	is_int(0, order(0, "draw stack 3"), "DU14.3: draw stack 3");
	ok(S.p[0].hand[1] == top && note_has("red draws a card from stack 3"),
	    "DU14.3 DU17.5: the top card; the note names the stack only");
	order(0, "draw stack 3");
	ok(S.phase == DU_PH_EXCHANGE && S.p[0].nhand == 3, "DU14.4: then the "
	    "exchange");
	/* DU14.4 search, with the Parochiehuis at l2 */
	{
		int want = du_seg(&S, 2)[4], n3 = S.nseg[2];

		ok(refused(0, "exchange card 1 under stack 2 search stack 3 "
		    "paying k4 k2"), "DU14.4: 2 payments with Parochiehuis: "
		    "refused");
		is_int(0, order(0, "exchange card 1 under stack 2 search stack 3 "
		    "paying k4"), "DU14.4: search paying k4");
		ok(units(0, "k4") == 0 && S.phase == DU_PH_TAKE && S.aw_seat == 0,
		    "DU14.4: heuvels -1; red takes a card");
		ok(refused(0, "pass"), "DU14.4: pass refused: the stack must "
		    "yield a card");
		is_int(0, order(0, "take card 5"), "DU14.4: take card 5");
		ok(S.p[0].hand[S.p[0].nhand - 1] == want && S.nseg[2] == n3 - 1 &&
		    note_has("red takes the card at position 5 of stack 3"),
		    "DU14.4 DU17.5: the 5th card; the note names no card");
		ok(S.phase == DU_PH_ROLL && S.active == 1, "DU5.1: blue's turn");
	}
	/* DU14.2 above the limit */
	scenario(12, "[game]\nstart = red\nphase = action\n[red]\n"
	    "l2 = klooster\n"
	    "hand = goudsmid goudsmid karavaan karavaan verhuizing\n");
	order(0, "end");
	ok(S.phase == DU_PH_REPLENISH && refused(0, "draw stack 1"),
	    "DU14.2: 5 cards, limit 4: draw refused");
	is_int(0, order(0, "discard card 2 under stack 1"), "DU14.3: discard "
	    "card 2 under stack 1");
	ok(S.p[0].nhand == 4 && S.phase == DU_PH_EXCHANGE &&
	    note_has("red puts a card under stack 1") && !note_has("goudsmid"),
	    "DU14.3 DU17.5: one card, the note names no card");
	is_int(0, order(0, "pass"), "DU14.4: pass");
	ok(S.phase == DU_PH_ROLL && S.active == 1 && S.turn == 2, "then blue's "
	    "turn 2");
}

static void
t_feud(void)
{
	scenario(13, "[game]\n"
	    "start = red\n"
	    "[red]\n"
	    "l2 = markus\n"
	    "[blue]\n"
	    "l2 = klooster\n"
	    "n2 = markt\n"
	    "n4 = wolhandelsschip\n"
	    "[piles]\n"
	    "events = vete\n");
	is_int(0, roll(0, 6, DU_F_EVENT), "DU7.5: event card");
	ok(note_has("event card: vete") && S.choice == DU_CH_REMOVE &&
	    S.aw_seat == 1 && S.nselected == 2, "DU8.1: both buildings "
	    "selected, blue awaited");
	ok(refused(1, "remove n4 under stack 1"), "DU8.1: a unit: refused");
	is_int(0, order(1, "remove l2 under stack 3"), "DU8.1: remove l2 "
	    "under stack 3");
	ok(D.inst[du_seg(&S, 2)[S.nseg[2] - 1]] == du_card_find(&D, "klooster")
	    && du_hand_limit(&S, 1) == 3 && *cellp(1, "l2") == DU_C_EMPTY,
	    "DU8.1 DU14.7 DU14.2: Klooster at the bottom of stack 3, blue's "
	    "limit 3");
	ok(D.inst[du_seg(&S, DU_SEG_EVENTS)[S.nseg[DU_SEG_EVENTS] - 1]] ==
	    du_card_find(&D, "vete") && S.nseg[DU_SEG_EVENTS] == 9 &&
	    S.phase == DU_PH_ACTION, "DU7.5: Vete at the bottom of the deck");
	scenario(13, "[game]\n"
	    "start = red\n"
	    "[red]\n"
	    "l2 = markus\n"
	    "[blue]\n"
	    "l2 = klooster\n"
	    "n2 = markt\n"
	    "l4 = opslagplaats\n"
	    "n4 = tolbrug\n"
	    "[piles]\n"
	    "events = vete\n");
	roll(0, 6, DU_F_EVENT);
	ok(S.choice == DU_CH_SELECT && S.aw_seat == 0, "DU8.1: 4 buildings: "
	    "red selects first");
	ok(refused(0, "select l2 n2 l2"), "DU8.1: a cell twice: refused");
	is_int(0, order(0, "select l2 n2 l4"), "DU8.1: select l2 n2 l4");
	ok(S.choice == DU_CH_REMOVE && S.aw_seat == 1 &&
	    refused(1, "remove n4 under stack 1"), "DU8.1: an unselected "
	    "building: refused");
	/* DU13.2 token loss by Vete */
	scenario(13, "[game]\nstart = red\n[red]\nl2 = houthandelsschip\n"
	    "l4 = wolhandelsschip\nn2 = markt\n[blue]\nl2 = markus\n"
	    "n2 = ertshandelsschip\nn4 = graanhandelsschip\n[piles]\n"
	    "events = vete\n");
	ok(du_token(&S, 1) == 0 && du_vp(&S, 0) == 3, "DU13.2: 2 ships and a "
	    "Markt (3) against 2: red holds the trade token");
	roll(0, 6, DU_F_EVENT);
	ok(S.choice == DU_CH_REMOVE && S.aw_seat == 0, "DU8.1: red's only "
	    "building selected");
	order(0, "remove n2 under stack 1");
	ok(du_token(&S, 1) < 0 && du_vp(&S, 0) == 2 &&
	    note_has("the trade token goes back"), "DU13.2: nobody holds the "
	    "token; red's VP drop by 1");
}

static void
t_fraternal(void)
{
	int g0;

	scenario(14, "[game]\nstart = red\n[red]\nl2 = markus\n[blue]\n"
	    "hand = goudsmid klooster verkenner\n[piles]\n"
	    "events = broedertwist\n");
	g0 = S.p[1].hand[0];
	roll(0, 6, DU_F_EVENT);
	ok(S.choice == DU_CH_PUT && S.aw_seat == 0, "DU8.2: red is awaited");
	ok(refused(0, "put card 2 under stack 1"), "DU8.2: two cards, not one");
	is_int(0, order(0, "put card 2 under stack 1 and card 3 under stack 4"),
	    "DU8.2: put card 2 under stack 1 and card 3 under stack 4");
	ok(D.inst[du_seg(&S, 0)[S.nseg[0] - 1]] == du_card_find(&D, "klooster")
	    && D.inst[du_seg(&S, 3)[S.nseg[3] - 1]] ==
	    du_card_find(&D, "verkenner") && S.p[1].nhand == 1 &&
	    S.p[1].hand[0] == g0, "DU8.2: Klooster and Verkenner at the "
	    "bottoms of stacks 1 and 4; blue holds Goudsmid");
	ok(note_has("under stacks 1 and 4") && !note_has("klooster"),
	    "DU17.5: the note names the stacks only");
}

static void
t_events_more(void)
{
	/* DU8.7 */
	int zpos = -1, last;

	scenario(15, "[game]\nstart = red\n[piles]\nevents = zomerfeest\n");
	roll(0, 6, DU_F_EVENT);
	while (S.phase == DU_PH_CHOICE)	/* the next card's choices, if any */
		if (order(S.aw_seat, S.choice == DU_CH_BUY ? "pass" :
		    "gain ore") != 0 && order(S.aw_seat, "gain wool") != 0)
			break;
	last = du_seg(&S, DU_SEG_EVENTS)[S.nseg[DU_SEG_EVENTS] - 1];
	for (int i = 0; i < S.nseg[DU_SEG_EVENTS]; i++)
		if (D.inst[du_seg(&S, DU_SEG_EVENTS)[i]] == D.summer)
			zpos = i;
	ok(S.nseg[DU_SEG_EVENTS] == 9 && D.inst[last] != D.summer &&
	    zpos == 4 && note_has("event card: zomerfeest"), "DU8.7: 9 cards; "
	    "the card after the rebuild lies at the bottom; Zomerfeest 5th");
	/* DU8.5 */
	scenario(16, "[game]\nstart = red\n[red]\nl2 = klooster\n"
	    "n2 = opslagplaats\n[piles]\nevents = rijk-jaar\n");
	roll(0, 6, DU_F_EVENT);
	ok(units(0, "k2") == 2 && units(0, "m2") == 2 && units(0, "o2") == 3 &&
	    units(0, "k4") == 1 && units(0, "m4") == 1 && units(0, "o4") == 1 &&
	    units(1, "k2") == 1 && units(1, "m2") == 0, "DU8.5: red bos 1->2, "
	    "rivier 0->2, akkers (2 after production) +1; bottom row and blue "
	    "unchanged");
	/* DU8.6 */
	scenario(17, "[game]\nstart = red\n[red]\nl2 = klooster\n[piles]\n"
	    "events = uitvinding\n");
	roll(0, 3, DU_F_EVENT);
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 0 && S.ngq == 1,
	    "DU8.6: red asked once");
	order(0, "gain ore");
	ok(S.phase == DU_PH_ACTION, "DU8.6: blue not asked");
	/* DU8.3 */
	scenario(18, "[game]\nstart = red\n[red]\nl2 = houthandelsschip\n"
	    "l4 = wolhandelsschip\n[blue]\nl2 = ertshandelsschip\n[piles]\n"
	    "events = handelsschepenrace\n");
	roll(0, 3, DU_F_EVENT);
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 0 && S.ngq == 1,
	    "DU8.3: ships 2-1: only red gains");
	scenario(18, "[game]\nstart = red\n[red]\nl2 = houthandelsschip\n"
	    "[blue]\nl2 = ertshandelsschip\n[piles]\n"
	    "events = handelsschepenrace\n");
	roll(0, 3, DU_F_EVENT);
	ok(S.aw_seat == 0 && S.ngq == 2, "DU8.3: 1-1: both, red first");
	scenario(18, "[game]\nstart = red\n[piles]\n"
	    "events = handelsschepenrace\n");
	roll(0, 3, DU_F_EVENT);
	ok(S.phase == DU_PH_ACTION, "DU8.3: 0-0: nothing, nobody asked");
	/* DU8.4 */
	scenario(19, "[game]\nstart = red\n[red]\nm2 = stored 2\n[piles]\n"
	    "events = reizende-koopman\n");
	roll(0, 6, DU_F_EVENT);
	ok(S.choice == DU_CH_BUY && S.aw_seat == 0, "DU8.4: red may buy");
	is_int(0, order(0, "buy ore"), "DU8.4: buy ore");
	ok(units(0, "m2") == 1 && units(0, "o4") == 2, "DU8.4: rivier 1, "
	    "bergen 2");
	is_int(0, order(0, "buy grain"), "DU8.4: buy grain");
	ok(units(0, "m2") == 0 && units(0, "o2") == 3 && S.phase ==
	    DU_PH_ACTION && S.aw_seat == 0, "DU8.4: rivier 0, akkers 2 (+1 "
	    "from the 6); blue (no gold) skipped; red back in his action phase");
}

static void
t_markt(void)
{
	scenario(20, "[game]\nstart = red\n[red]\nl2 = markt\n[blue]\n"
	    "j3 = dorp\nk3 = straat\ni2 = akkers 3\ni4 = rivier 3\n");
	roll(0, 3, DU_F_TRADE);
	ok(units(0, "k4") == 2 && units(1, "k2") == 2 && units(1, "i2") == 1 &&
	    units(1, "i4") == 1, "DU6.2: red heuvels +1, blue bos, akkers-3, "
	    "rivier-3 +1 each");
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 0, "DU6.4: red awaited");
	ok(refused(0, "gain ore"), "DU6.4: ore is not a kind of blue's 3s");
	is_int(0, order(0, "gain gold"), "DU6.4: gain gold");
	is_int(1, units(0, "m2"), "red rivier +1");
}

static void
t_end(void)
{
	scenario(21, "[game]\nstart = red\nphase = action\n[red]\n"
	    "j3 = stad\nh3 = stad\no2 = stored 2\no4 = stored 3\n");
	/* 1 + 1 + 2 + 2 = 6 */
	is_int(6, du_vp(&S, 0), "red at 6 VP");
	order(0, "build city at l3");
	is_int(0, order(0, "end"), "DU15.1: end at 7 VP");
	ok(S.phase == DU_PH_OVER && S.winner == 0 && S.how == 0 &&
	    S.p[0].nhand == 0 && note_has("red wins with 7 points"),
	    "DU15.1: over at once, winner red, no replenish");
	ok(refused(1, "roll") && refused(0, "end"), "DU15.4: nothing after");
	/* DU15.3, DU16.1 */
	scenario(22, "[game]\nstart = red\n[red]\nl2 = roemer\n[blue]\n"
	    "l2 = willem\n");
	roll(0, 3, DU_F_CELEBRATION);
	order(0, "gain ore");
	ok(S.aw_seat == 1, "blue awaited in red's turn");
	{
		struct rules_error e;
		struct du_action a;
		struct du_state before;

		memcpy(&before, &S, sizeof before);
		du_parse(&D, "resign", 6, &a, &e);
		ok(du_apply(&S, 0, &a, 0, NULL, &e) == RULES_ESEAT &&
		    memcmp(&before, &S, sizeof S) == 0, "DU16.1: red's resign "
		    "refused (ESEAT)");
	}
	is_int(0, order(1, "resign"), "DU15.3: blue resigns");
	ok(S.phase == DU_PH_OVER && S.winner == 0 && S.how == 1,
	    "DU15.3: red wins, resigned");
}

static void
t_more(void)
{
	/* DU14.4 DU14.5: an empty stack cannot be searched, but takes cards;
	 * the exchange phase and the emptied stack through the C API */
	standard(23);
	S.phase = DU_PH_EXCHANGE;
	to_hand(0, "goudsmid");
	while (S.nseg[2] > 0)
		to_hand(1, D.card[D.inst[du_seg(&S, 2)[0]]].slug);
	set_units(0, "k4", 1);
	set_units(0, "m4", 1);
	ok(refused(0, "exchange card 1 under stack 1 search stack 3 paying k4 "
	    "m4"), "DU14.4: searching an empty stack: refused");
	is_int(0, order(0, "exchange card 1 under stack 3 draw stack 1"),
	    "DU14.5: putting the card under an empty stack: accepted");
	is_int(1, S.nseg[2], "DU14.5: stack 3 now holds that card");
	/* DU12.6: two expansions swap */
	scenario(24, "[game]\nstart = red\nphase = action\n[red]\n"
	    "hand = verhuizing\nl2 = klooster\nn4 = markt\n");
	is_int(0, order(0, "play verhuizing l2 n4"), "DU12.6: two expansions");
	ok(strcmp(cell_slug(0, "l2"), "markt") == 0 &&
	    strcmp(cell_slug(0, "n4"), "klooster") == 0, "DU12.6: markt l2, "
	    "klooster n4");
	/* DU6.4: as many regions with the number: nobody asked */
	scenario(25, "[game]\nstart = red\n[red]\nl2 = markt\n");
	roll(0, 3, DU_F_TRADE);
	ok(S.phase == DU_PH_ACTION, "DU6.4: one region with 3 each: nobody "
	    "is asked");
	/* DU15.1 second case: a token won in the other's turn */
	scenario(26, "[game]\nstart = red\n[red]\nk3 = straat\nj3 = dorp\n"
	    "i3 = straat\nh3 = dorp\nj2 = markus\nj4 = houthandelsschip\n"
	    "h2 = wolhandelsschip\nh4 = graanhandelsschip\n[blue]\n"
	    "l2 = ertshandelsschip\nl4 = baksteenhandelsschip\nn2 = markt\n");
	ok(du_vp(&S, 0) == 5 && du_token(&S, 0) == 0 && du_token(&S, 1) < 0,
	    "red: 4 settlements and the hero token, 5 VP; trade 3-3, no "
	    "token");
	scenario(26, "[game]\nstart = red\nactive = blue\n[red]\nk3 = straat\n"
	    "j3 = dorp\ni3 = straat\nh3 = dorp\nl3 = stad\nj2 = markus\n"
	    "j4 = houthandelsschip\nh2 = wolhandelsschip\n"
	    "h4 = graanhandelsschip\n[blue]\nl2 = ertshandelsschip\n"
	    "l4 = baksteenhandelsschip\nn2 = markt\n[piles]\nevents = vete\n");
	is_int(6, du_vp(&S, 0), "red at 6 VP (a city at l3)");
	roll(1, 6, DU_F_EVENT);
	ok(S.choice == DU_CH_REMOVE && S.aw_seat == 1, "DU8.1: blue removes "
	    "his only building");
	order(1, "remove n2 under stack 2");
	ok(du_token(&S, 1) == 0 && du_vp(&S, 0) == 7 &&
	    note_has("red takes the trade token"), "DU13.2: red takes the "
	    "trade token in blue's turn (7 VP)");
	is_int(0, order(1, "end"), "blue ends");
	ok(S.phase != DU_PH_OVER, "DU15.1: blue's end does not end the game");
	while (S.active == 1 && S.phase != DU_PH_OVER)
		if (order(1, S.phase == DU_PH_REPLENISH ? "draw stack 1" :
		    "pass") != 0)
			break;
	ok(S.active == 0 && S.phase == DU_PH_ROLL, "red's turn");
	roll(0, 2, DU_F_TRADE);
	while (S.phase == DU_PH_CHOICE)
		if (order(S.aw_seat, "gain ore") != 0)
			break;
	is_int(0, order(0, "end"), "red ends");
	ok(S.phase == DU_PH_OVER && S.winner == 0, "DU15.1: red wins at his "
	    "own end, still at 7");
}

static void
t_canonical(void)
{
	scenario(27, "[game]\n"
	    "start = red\n"
	    "[red]\n"
	    "l2 = roemer\n"
	    "k3 = straat\n"
	    "j3 = dorp\n"
	    "i2 = bos 6\n"
	    "i4 = weiden 6\n"
	    "k2 = stored 0\n"
	    "prefer = lumber\n");
	roll(0, 5, DU_F_CELEBRATION);
	ok(units(0, "i2") == 1 && units(0, "k2") == 0 &&
	    note_has("red gains lumber (preferred)"), "DU2.4 DU4.3: a gain "
	    "of lumber with bos-6 (i2) and bos-2 (k2) both at 0 goes to i2, "
	    "first in canonical order");
	while (S.phase == DU_PH_CHOICE)
		if (order(S.aw_seat, "gain brick") != 0)
			break;
	scenario(27, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "k3 = straat\n"
	    "j3 = dorp\n"
	    "i2 = bos 6 stored 1\n"
	    "i4 = weiden 6\n"
	    "k4 = stored 2\n");
	is_int(0, order(0, "build road left"), "DU9.1: build road left (i3)");
	ok(units(0, "i2") == 0 && units(0, "k2") == 1 && units(0, "k4") == 0 &&
	    *cellp(0, "i3") == DU_C_ROAD, "DU2.4 DU4.4: the lumber paid "
	    "from i2 (bos 1-1, a tie: canonical order), k2 keeps 1");
	scenario(27, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "k3 = straat\n"
	    "j3 = dorp\n"
	    "i2 = bos 6 stored 1\n"
	    "i4 = weiden 6\n"
	    "k2 = stored 2\n"
	    "k4 = stored 2\n");
	is_int(0, order(0, "build road left"), "DU9.1: build road left");
	ok(units(0, "i2") == 1 && units(0, "k2") == 1, "DU4.4: paid from the "
	    "region holding the most (k2 2->1), no tie");
}

/* DU4.5 gold is an ordinary resource; DU4.6 only on regions */
static void
t_gold(void)
{
	int gold_cost = 0;

	for (int k = 0; k < D.ncards; k++)
		if (D.card[k].set <= DU_SET_BASIS)
			gold_cost += D.card[k].cost[DU_GOLD];
	is_int(0, gold_cost, "DU4.5: no card of the introductory game costs "
	    "gold");
	scenario(28, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "m2 = stored 3\n");
	is_int(0, order(0, "trade 3 gold for ore"), "DU4.5 DU11.1: trade 3 "
	    "gold for ore");
	ok(units(0, "m2") == 0 && units(0, "o4") == 2, "DU4.5: rivier 3->0, "
	    "bergen 1->2");
	scenario(28, "[game]\n"
	    "start = red\n"
	    "[red]\n"
	    "l2 = inge\n");
	roll(0, 2, DU_F_CELEBRATION);
	is_int(0, order(0, "gain gold"), "DU4.5 DU7.3: gain gold");
	is_int(1, units(0, "m2"), "DU4.5: rivier 0->1");
	/* DU4.6: the stock is what the regions hold; no pool runs out */
	scenario(28, "[game]\n"
	    "start = red\n"
	    "[red]\n"
	    "k3 = straat\n"
	    "j3 = dorp\n"
	    "i2 = bos 6 stored 2\n"
	    "i4 = weiden 6 stored 3\n"
	    "k2 = stored 3\n"
	    "m2 = stored 3\n"
	    "o2 = stored 3\n"
	    "k4 = stored 3\n"
	    "m4 = stored 3\n"
	    "o4 = stored 3\n"
	    "[blue]\n"
	    "k2 = stored 3\n"
	    "m2 = stored 3\n"
	    "o2 = stored 3\n"
	    "k4 = stored 3\n"
	    "m4 = stored 3\n"
	    "o4 = stored 3\n");
	ok(du_stock(&S, 0, DU_LUMBER) == 5 && du_stock(&S, 0, DU_WOOL) == 6,
	    "DU4.2 DU4.6: the stock is the sum over the regions (lumber "
	    "2 + 3, wool 3 + 3)");
	roll(0, 6, DU_F_TRADE);
	ok(units(0, "i2") == 3 && du_stock(&S, 0, DU_LUMBER) == 6,
	    "DU4.6: with 41 units on the table bos-6 still gains (2->3): the "
	    "general supply is unlimited");
}

/* DU5.5 DU16.1: the other acts only when a rule asks him */
static void
t_other_waits(void)
{
	struct du_action out[8];

	scenario(29, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[blue]\n"
	    "o4 = stored 3\n"
	    "hand = goudsmid\n");
	ok(refused(1, "roll") && refused(1, "end") &&
	    refused(1, "trade 3 ore for wool") && refused(1, "prefer ore") &&
	    refused(1, "resign") && refused(1, "draw stack 1"),
	    "DU5.5 DU16.1: in red's action phase blue's roll, end, trade, "
	    "prefer, resign, draw: refused, unchanged");
	is_int(0, du_legal(&S, 1, out, 8), "DU5.5 DU16.5: legal(blue) is "
	    "empty");
	ok(du_legal(&S, 0, out, 8) > 0 && du_await_seat(&S) == 0, "DU16.1: "
	    "red alone is awaited");
}

/* DU10.4: building, unit, hero, trade ship; DU10.5: never removed */
static void
t_kinds(void)
{
	scenario(30, "[game]\n"
	    "start = red\n"
	    "[red]\n"
	    "l2 = markus\n"
	    "[blue]\n"
	    "l2 = roemer\n"
	    "l4 = wolhandelsschip\n"
	    "n2 = klooster\n"
	    "n4 = groot-handelsschip\n"
	    "[piles]\n"
	    "events = vete\n");
	roll(0, 2, DU_F_EVENT);
	ok(S.choice == DU_CH_REMOVE && S.aw_seat == 1 && S.nselected == 1 &&
	    S.selected[0] == DU_CELL('n' - 'a', 1), "DU10.4 DU8.1: of a hero, "
	    "two ships and a Klooster only the building (n2) is selected");
	ok(refused(1, "remove l2 under stack 1") &&
	    refused(1, "remove l4 under stack 1"), "DU10.4: the hero and the "
	    "ship are units: refused");
	scenario(30, "[game]\n"
	    "start = red\n"
	    "[red]\n"
	    "l2 = roemer\n"
	    "n2 = jorrit\n"
	    "[blue]\n"
	    "l2 = wolhandelsschip\n"
	    "[piles]\n"
	    "events = handelsschepenrace\n");
	roll(0, 2, DU_F_EVENT);
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 1 && S.ngq == 1,
	    "DU10.4 DU8.3: two heroes are no trade ships: blue (one ship) "
	    "alone gains");
	scenario(30, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "l2 = klooster\n"
	    "n2 = roemer\n"
	    "k2 = stored 3\n"
	    "m2 = stored 3\n"
	    "o2 = stored 3\n"
	    "k4 = stored 3\n"
	    "m4 = stored 3\n"
	    "o4 = stored 3\n"
	    "hand = goudsmid karavaan verhuizing\n");
	ok(refused(0, "demolish l2") && refused(0, "remove l2 under stack 1") &&
	    refused(0, "remove n2 under stack 1"), "DU10.5: red cannot remove "
	    "his own Klooster or hero: refused, unchanged");
	{
		static struct du_action out[2048];
		int n = du_legal(&S, 0, out, 2048), kept = 1;

		for (int i = 0; i < n && i < 2048; i++) {
			struct du_state keep;

			memcpy(&keep, &S, sizeof keep);
			if (du_apply(&S, 0, &out[i], 0, NULL, &E) == 0 &&
			    (du_exps(&S, 0, (uint8_t[DU_COLS * DU_ROWS]){ 0 }) <
			    2))
				kept = 0;
			memcpy(&S, &keep, sizeof S);
		}
		ok(n > 0 && n <= 2048 && kept, "DU10.5: none of red's %d listed orders "
		    "takes an expansion away", n);
	}
}

/* DU12.8: cards drawn in the replenish phase are used from the next turn */
static void
t_drawn_later(void)
{
	scenario(31, "[game]\n"
	    "start = red\n"
	    "phase = action\n"
	    "[red]\n"
	    "m2 = stored 3\n"
	    "[piles]\n"
	    "stack1 = goudsmid marileen karavaan\n");
	is_int(0, order(0, "end"), "red ends with no card");
	is_int(0, order(0, "draw stack 1"), "DU14.3: draw stack 1 (goudsmid)");
	ok(refused(0, "play goudsmid for ore and ore"), "DU12.8: the drawn "
	    "Goudsmid in the replenish phase: refused, unchanged");
	order(0, "draw stack 1");
	order(0, "draw stack 1");
	ok(S.phase == DU_PH_EXCHANGE && refused(0, "play goudsmid for ore and "
	    "ore") && refused(0, "play marileen 2"), "DU12.8: in the exchange "
	    "phase: refused");
	order(0, "pass");
	roll(1, 3, DU_F_TRADE);
	order(1, "end");
	while (S.phase == DU_PH_REPLENISH)
		if (order(1, "draw stack 2") != 0)
			break;
	order(1, "pass");
	ok(S.active == 0 && S.phase == DU_PH_ROLL && S.turn == 3, "DU5.1: "
	    "turns alternate: red, blue, red's next turn (3)");
	du_test_dice(&S, 1, DU_F_TRADE);
	is_int(0, order(0, "play marileen 2"), "DU12.8 DU12.5: the Marileen "
	    "drawn last turn is played before the roll");
	is_int(0, order(0, "play goudsmid for ore and ore"), "DU12.8: the "
	    "Goudsmid too, in the action phase");
	ok(units(0, "m2") == 0 && units(0, "o4") == 3 && units(0, "k2") == 2,
	    "DU12.3: rivier 3->0, bergen 1->3; bos-2 +1 by Marileen's 2");
}

/* DU1.4: the production die 1-6, the event die's six faces ("?" twice) */
static void
t_dice(void)
{
	int faces[6] = { 0 }, range = 1;

	for (int seed = 100; seed < 460; seed++) {
		standard(seed);
		order(0, "roll");
		range &= S.die >= 1 && S.die <= 6 && S.face <= DU_F_EVENT2;
		if (S.face <= DU_F_EVENT2)
			faces[S.face]++;
	}
	ok(range && faces[DU_F_BRIGAND] && faces[DU_F_TRADE] &&
	    faces[DU_F_CELEBRATION] && faces[DU_F_HARVEST] && faces[DU_F_EVENT] &&
	    faces[DU_F_EVENT2], "DU1.4 DU17.6: 360 rolls: the production die "
	    "1-6, every face of the event die (%d %d %d %d %d+%d)",
	    faces[0], faces[1], faces[2], faces[3], faces[4], faces[5]);
	ok(faces[DU_F_EVENT] + faces[DU_F_EVENT2] > faces[DU_F_BRIGAND] &&
	    faces[DU_F_EVENT] + faces[DU_F_EVENT2] > faces[DU_F_HARVEST],
	    "DU1.4: the '?' is the doubled face (it comes up more often than "
	    "the brigand or the harvest)");
	scenario(32, "[game]\n"
	    "start = red\n"
	    "[piles]\n"
	    "events = uitvinding\n");
	roll(0, 2, DU_F_EVENT2);
	ok(note_has("event card: uitvinding") && S.nseg[DU_SEG_EVENTS] == 9 &&
	    S.phase == DU_PH_ACTION, "DU1.4 DU7.5: the second '?' face turns "
	    "up the event card too");
}

/* DU2.1: cells by column and row, each seat's own grid */
static void
t_cells(void)
{
	scenario(33, "[game]\n"
	    "start = red\n"
	    "active = blue\n"
	    "phase = action\n"
	    "[blue]\n"
	    "hand = markt\n");
	ok(refused(1, "build markt at z2") && refused(1, "build markt at l6") &&
	    refused(1, "build markt at l0"), "DU2.1: cells are a1-y5: z2, l6, "
	    "l0 refused");
	is_int(0, order(1, "build markt at l2"), "DU2.1: blue: build markt at "
	    "l2");
	ok(strcmp(cell_slug(1, "l2"), "markt") == 0 &&
	    *cellp(0, "l2") == DU_C_EMPTY, "DU2.1: l2 of blue's own grid, "
	    "red's l2 stays empty");
	ok(strcmp(cell_slug(0, "k2"), "bos-2") == 0 &&
	    strcmp(cell_slug(1, "k2"), "bos-3") == 0, "DU2.1: k2 names each "
	    "player's own column k, row 2");
}

/* DU5.3 before the roll; DU5.4 the action phase */
static void
t_phases(void)
{
	struct du_action out[64];
	char buf[128];
	int n, only = 1;

	scenario(34, "[game]\n"
	    "start = red\n"
	    "[red]\n"
	    "o4 = stored 3\n"
	    "k4 = stored 2\n"
	    "m2 = stored 3\n"
	    "o2 = stored 3\n"
	    "hand = goudsmid marileen\n");
	ok(refused(0, "build road right") && refused(0, "trade 3 ore for wool")
	    && refused(0, "play goudsmid for wool and wool") &&
	    refused(0, "end") && refused(0, "draw stack 1"), "DU5.3: before "
	    "the roll build, trade, goudsmid, end, draw: refused, unchanged");
	n = du_legal(&S, 0, out, 64);
	for (int i = 0; i < n && i < 64; i++) {
		du_format(&D, &out[i], buf, sizeof buf);
		only &= strcmp(buf, "roll") == 0 ||
		    strncmp(buf, "play marileen ", 14) == 0 ||
		    strncmp(buf, "prefer ", 7) == 0 || strcmp(buf, "resign") == 0;
	}
	ok(n > 1 && n <= 64 && only, "DU5.3: legal(red) before the roll: roll, "
	    "play marileen N, prefer, resign only (%d orders)", n);
	is_int(0, order(0, "prefer ore"), "DU5.3 DU16.4: prefer ore before the "
	    "roll");
	ok(S.phase == DU_PH_ROLL && S.aw_seat == 0, "DU5.3: still before the "
	    "roll");
	is_int(0, roll(0, 1, DU_F_TRADE), "roll");
	/* DU5.4: any order, as often as he can pay */
	is_int(0, order(0, "trade 3 ore for lumber"), "DU5.4: trade 3 ore for "
	    "lumber");
	is_int(0, order(0, "build road right"), "DU5.4: build road right");
	is_int(0, order(0, "play goudsmid for ore and ore"), "DU5.4: play "
	    "goudsmid");
	is_int(0, order(0, "trade 3 grain for wool"), "DU5.4: a second bank "
	    "trade, trade 3 grain for wool");
	ok(refused(0, "trade 3 ore for wool"), "DU5.4: as often as he can "
	    "pay: a third with 2 ore refused");
	ok(units(0, "o4") == 2 && units(0, "k2") == 1 && units(0, "k4") == 0 &&
	    units(0, "m2") == 0 && units(0, "o2") == 0 && units(0, "m4") == 2 &&
	    *cellp(0, "o3") == DU_C_ROAD && S.phase == DU_PH_ACTION,
	    "DU5.4: four orders in one action phase: bergen 3->0->2, bos "
	    "1->2->1, heuvels 2->0, rivier 3->0, akkers 3->0, weiden 1->2, "
	    "a road at o3");
	ok(refused(0, "play marileen 2"), "DU12.5: Marileen after the roll: "
	    "refused");
}

/* DU17.7: open chance, the known limit */
static void
t_known_limit(void)
{
	struct du_state first;

	new_game(35);
	order(S.aw_seat, "start stack 1");
	order(S.aw_seat, "start stack 2");
	memcpy(&first, &S, sizeof first);
	new_game(35);
	order(S.aw_seat, "start stack 1");
	order(S.aw_seat, "start stack 2");
	ok(memcmp(&first, &S, sizeof S) == 0 && S.p[0].nhand == 3 &&
	    S.p[1].nhand == 3, "DU17.7 DU17.6: the same seed deals the same "
	    "hands and stacks: a player who recomputes from the seed knows "
	    "them (the known limit of open chance)");
	new_game(36);
	order(S.aw_seat, "start stack 1");
	order(S.aw_seat, "start stack 2");
	ok(memcmp(first.pile, S.pile, sizeof S.pile) != 0, "DU17.6: another "
	    "seed, other stacks");
}

/* DU4.1: each region kind yields its resource; DU7.6: a gain of choice
 * needs room and may not be declined */
static void
t_yields(void)
{
	static const char *const want[7] = { NULL,
	    "red: rivier-1 +1 gold", "red: bos-2 +1 lumber",
	    "red: heuvels-3 +1 brick", "red: weiden-4 +1 wool",
	    "red: bergen-5 +1 ore", "red: akkers-6 +1 grain" };
	int all = 1;

	for (int die = 1; die <= 6; die++) {
		scenario(37, "[game]\nstart = red\n");
		roll(0, die, DU_F_TRADE);
		if (!note_has(want[die])) {
			all = 0;
			diag("roll %d: no '%s' in: %s", die, want[die], N.text);
		}
	}
	ok(all, "DU4.1 DU6.2: rivier yields gold, bos lumber, heuvels brick, "
	    "weiden wool, bergen ore, akkers grain (rolls 1-6)");
	scenario(37, "[game]\nstart = red\n[red]\nl2 = roemer\no4 = stored 3\n");
	roll(0, 2, DU_F_CELEBRATION);
	ok(S.choice == DU_CH_GAIN && S.aw_seat == 0, "DU7.3: red (skill 2) "
	    "gains one of his choice");
	ok(refused(0, "gain ore"), "DU7.6: ore, its only region full: "
	    "refused, unchanged");
	ok(refused(0, "pass"), "DU7.6: the gain may not be declined");
	is_int(0, order(0, "gain wool"), "DU7.6: gain wool");
	ok(units(0, "m4") == 2 && units(0, "o4") == 3 && S.phase ==
	    DU_PH_ACTION, "DU7.6: weiden 1->2");
}

static void
t_size(void)
{
	ok(sizeof(struct du_state) <= 1024, "the state is at most 1 KiB (%zu "
	    "bytes)", sizeof(struct du_state));
}

int
main(void)
{
	t_setup();
	t_start_hands();
	t_production();
	t_brigand();
	t_trade_event();
	t_celebration();
	t_harvest();
	t_build();
	t_trade();
	t_actions();
	t_scout();
	t_replenish();
	t_feud();
	t_fraternal();
	t_events_more();
	t_markt();
	t_end();
	t_more();
	t_canonical();
	t_gold();
	t_other_waits();
	t_kinds();
	t_drawn_later();
	t_dice();
	t_cells();
	t_phases();
	t_known_limit();
	t_yields();
	t_size();
	return done_testing();
}
