/*
 * t/unit/duel/theme.c -- the general rules of the theme games that are
 * built (duel-rules(7), DU18): the goal of 12 VP at any moment of one's
 * own turn (DU18.2), the starting hand taken from a stack (DU18.6),
 * rearranging the regions at the start (DU18.7) and
 * removing one's own expansions (DU18.9).  No
 * theme mode is offered yet (MODES), so the positions set st->mode
 * through the C API; each step says why, refusals leave the state byte
 * for byte as it was.
 */
#include <stdlib.h>

#include "../../tap.h"
#include "util.h"
#include "games/duel/scenario.h"

static void
scenario(int seed, const char *text)
{
	new_game(seed);
	if (du_scenario(&S, text, strlen(text), &E) != 0)
		bail("scenario: %s (line %d)", E.msg, E.line);
}

/* Is text among the orders du_legal lists for seat now? */
static int
listed(int seat, const char *text)
{
	static struct du_action list[4096];
	char buf[128];
	int n = du_legal(&S, seat, list, 4096);

	for (int i = 0; i < n && i < 4096; i++) {
		du_format(&D, &list[i], buf, sizeof buf);
		if (strcmp(buf, text) == 0)
			return 1;
	}
	return 0;
}

static void
t_goal(void)
{
	/* DU18.2: 12 VP at once, in the action phase, without `end` */
	scenario(31, "[game]\nstart = red\nphase = action\n[red]\n"
	    "j3 = stad\nh3 = stad\np3 = stad\nr3 = stad\nf3 = dorp\n"
	    "o2 = stored 2\no4 = stored 3\n");
	S.mode = DU_MODE_GOLD;
	is_int(11, du_vp(&S, 0), "DU18.2: red at 11 VP (2 + 4 cities + f3)");
	is_int(0, order(0, "build city at l3"), "DU18.2: red builds a city");
	ok(S.phase == DU_PH_OVER && S.winner == 0 && S.how == 0 &&
	    note_has("red wins with 12 points (DU18.2)"),
	    "DU18.2: red wins at once with 12 VP, in the action phase");
	ok(refused(0, "end") && refused(1, "roll"), "DU18.2: nothing after");
	/* the same position in the introductory game: no win at 12 before
	 * end (DU15.1), the control */
	scenario(31, "[game]\nstart = red\nphase = action\n[red]\n"
	    "j3 = stad\nh3 = stad\np3 = stad\nr3 = stad\nf3 = dorp\n"
	    "o2 = stored 2\no4 = stored 3\n");
	is_int(0, order(0, "build city at l3"), "DU15.1: intro, the city");
	ok(S.phase == DU_PH_ACTION, "DU15.1: the intro game goes on until end");

	/* DU18.2: 7 VP at `end` win no theme game (DU15.1 is the
	 * introductory game's) */
	scenario(32, "[game]\nstart = red\nphase = action\n[red]\n"
	    "j3 = stad\nh3 = stad\np3 = dorp\n");
	S.mode = DU_MODE_GOLD;
	is_int(7, du_vp(&S, 0), "DU18.2: red at 7 VP");
	is_int(0, order(0, "end"), "DU18.2: red ends at 7 VP");
	ok(S.phase == DU_PH_REPLENISH && S.active == 0,
	    "DU18.2: no win at 7 in a theme game: red replenishes");

	/* DU18.2: the other's 12 VP count at the start of his own turn,
	 * before he rolls, not in red's turn */
	scenario(32, "[game]\nstart = red\nphase = action\n[blue]\n"
	    "j3 = stad\nh3 = stad\np3 = stad\nr3 = stad\nf3 = stad\n");
	S.mode = DU_MODE_GOLD;
	ok(du_vp(&S, 0) == 2 && du_vp(&S, 1) == 12, "DU18.2: red 2, blue 12");
	is_int(0, order(0, "end"), "DU18.2: red ends his action phase");
	ok(S.phase == DU_PH_REPLENISH && S.active == 0,
	    "DU18.2: blue's 12 VP win nothing in red's turn");
	for (int i = 0; i < 3; i++)
		order(0, "draw stack 1");
	ok(S.phase == DU_PH_EXCHANGE && S.active == 0, "red exchanges");
	is_int(0, order(0, "pass"), "red passes: blue's turn begins");
	ok(S.phase == DU_PH_OVER && S.winner == 1 && S.how == 0 &&
	    note_has("blue wins with 12 points (DU18.2)"),
	    "DU18.2: blue wins at the start of his turn, before rolling");
}

static void
t_start_hand(void)
{
	struct du_action list[128];
	uint8_t before[12];
	int sp, other, len;

	/* DU18.6: look through a stack, take 3, the rest in its order */
	new_game(42);
	S.mode = DU_MODE_GOLD;
	sp = S.start_player;
	other = 1 - sp;
	len = S.nseg[1];
	memcpy(before, du_seg(&S, 1), (size_t)len);
	is_int(0, order(sp, "start stack 2"), "DU18.6: the start player "
	    "looks through stack 2");
	ok(S.phase == DU_PH_TAKE && S.search == 1 && S.aw_seat == sp &&
	    S.p[sp].nhand == 0 && note_has("looks through stack 2"),
	    "DU18.6: stack 2 searched, nothing taken yet");
	is_int(len * (len - 1) * (len - 2) / 6, du_legal(&S, sp, list, 128),
	    "DU18.6: every 3 of the stack's cards are listed, top first");
	ok(refused(sp, "take card 4"), "DU18.6: one card: refused, nothing "
	    "changes");
	ok(refused(sp, "take card 1 card 1 card 2"), "DU18.6: the same card "
	    "twice: refused");
	ok(refused(sp, "take card 1 card 2 card 10") && len == 9,
	    "DU18.6: no card 10 in 9: refused");
	ok(refused(other, "take card 1 card 2 card 3"), "DU16.1: the other: "
	    "refused");
	is_int(0, order(sp, "take card 2 card 5 card 9"), "DU18.6: take "
	    "cards 2, 5 and 9");
	ok(S.p[sp].nhand == 3 && S.p[sp].hand[0] == before[1] &&
	    S.p[sp].hand[1] == before[4] && S.p[sp].hand[2] == before[8] &&
	    S.nseg[1] == len - 3 && du_seg(&S, 1)[0] == before[0] &&
	    du_seg(&S, 1)[1] == before[2] && du_seg(&S, 1)[2] == before[3] &&
	    du_seg(&S, 1)[3] == before[5] && du_seg(&S, 1)[4] == before[6] &&
	    du_seg(&S, 1)[5] == before[7],
	    "DU18.6: the hand holds cards 2, 5, 9 in that order; stack 2 the "
	    "other 6 in their order");
	ok(S.phase == DU_PH_START && S.aw_seat == other,
	    "DU18.6: then the other chooses");
	is_int(0, order(other, "start stack 2"), "DU18.6 decision: the same "
	    "stack may be chosen");
	is_int(20, du_legal(&S, other, list, 128), "DU18.6: 20 ways to take 3 "
	    "of 6");
	is_int(0, order(other, "take card 1 card 2 card 3"), "DU18.6: the "
	    "other takes 3");
	ok(S.nseg[1] == len - 6 && S.p[other].nhand == 3 &&
	    S.phase == DU_PH_ARRANGE && S.aw_seat == sp,
	    "DU18.6: stack 2 holds 3; on to DU18.7, the start player first");
}

static void
t_arrange(void)
{
	struct du_action list[64];
	int sp, other, rk2, ro4, uk2, uo4;

	/* DU18.7: after both starting hands, the start player first */
	new_game(41);
	S.mode = DU_MODE_GOLD;
	sp = S.start_player;
	other = 1 - sp;
	is_int(0, order(sp, "start stack 1") || order(sp, "take card 1 card 2 "
	    "card 3"), "DU18.6: the first hand");
	is_int(0, order(other, "start stack 2") || order(other, "take card 1 "
	    "card 2 card 3"), "DU18.6: the second hand");
	ok(S.phase == DU_PH_ARRANGE && S.aw_seat == sp,
	    "DU18.7: the start player rearranges first");
	is_int(16, du_legal(&S, sp, list, 64), "DU18.7: 15 swaps of the 6 "
	    "regions and ready are listed");
	ok(listed(sp, "swap k2 o4") && listed(sp, "ready") &&
	    !listed(other, "ready"), "DU18.7: swap k2 o4 and ready listed, "
	    "nothing for the other");
	rk2 = *cellp(sp, "k2");
	ro4 = *cellp(sp, "o4");
	uk2 = units(sp, "k2");
	uo4 = units(sp, "o4");
	ok(refused(other, "swap k2 o4") && strstr(E.msg, "DU16.1") != NULL,
	    "DU16.1: the other's swap refused, nothing changes");
	ok(refused(sp, "swap k2 k2"), "DU18.7: one region with itself: "
	    "refused");
	ok(refused(sp, "swap k2 l3"), "DU18.7: a settlement: refused");
	ok(refused(sp, "roll"), "DU18.7: no roll before both are ready");
	is_int(0, order(sp, "swap k2 o4"), "DU18.7: swap k2 o4");
	ok(*cellp(sp, "k2") == ro4 && *cellp(sp, "o4") == rk2 &&
	    units(sp, "k2") == uo4 && units(sp, "o4") == uk2 &&
	    S.phase == DU_PH_ARRANGE && S.aw_seat == sp,
	    "DU18.7: the regions change places with their units; still "
	    "rearranging");
	is_int(0, order(sp, "ready"), "DU18.7: the start player is ready");
	ok(S.phase == DU_PH_ARRANGE && S.aw_seat == other,
	    "DU18.7: then the other rearranges");
	is_int(0, order(other, "ready"), "DU18.7: the other is ready");
	ok(S.phase == DU_PH_ROLL && S.aw_seat == sp && S.active == sp &&
	    S.turn == 1, "DU18.7: the start player's first turn begins");
	/* the introductory game goes straight to the roll (DU3.6) */
	new_game(41);
	sp = S.start_player;
	order(sp, "start stack 1");
	order(1 - sp, "start stack 2");
	ok(S.phase == DU_PH_ROLL && !listed(sp, "ready"),
	    "DU3.6: no rearranging in the introductory game");
}

static void
t_demolish(void)
{
	struct du_state before;
	int strength;

	/* DU18.9: removing an own expansion, for free, to the discard pile */
	scenario(33, "[game]\nstart = red\nphase = action\n[red]\n"
	    "l2 = markus\nn2 = markt\n");
	S.mode = DU_MODE_GOLD;
	strength = du_points(&S, 0, DU_P_STRENGTH);
	ok(listed(0, "demolish l2") && listed(0, "demolish n2") &&
	    !listed(0, "demolish l4") && !listed(1, "demolish l2"),
	    "DU18.9: demolish listed for each own expansion only");
	memcpy(&before, &S, sizeof before);
	is_int(0, order(0, "demolish l2"), "DU18.9: red removes Markus");
	ok(*cellp(0, "l2") == DU_C_EMPTY &&
	    D.inst[du_seg(&S, DU_SEG_DISCARD)[0]] == du_card_find(&D, "markus") &&
	    du_seg_len(&S, DU_SEG_DISCARD) ==
	    du_seg_len(&before, DU_SEG_DISCARD) + 1 &&
	    du_points(&S, 0, DU_P_STRENGTH) == strength - 4 &&
	    S.phase == DU_PH_ACTION &&
	    memcmp(S.stored, before.stored, sizeof S.stored) == 0 &&
	    note_has("red removes markus at l2 to the discard pile (DU18.9)"),
	    "DU18.9: l2 empty, Markus on the discard pile, strength -4, "
	    "nothing paid, still the action phase");
	ok(!listed(0, "demolish l2") && listed(0, "demolish n2"),
	    "DU18.9: the emptied site is no longer listed");
	ok(refused(0, "demolish l2"), "DU18.9: an empty site: refused, "
	    "nothing changes");
	ok(refused(0, "demolish k2"), "DU18.9: a region: refused");
	ok(refused(0, "demolish l3"), "DU18.9: a settlement: refused");
	ok(refused(1, "demolish n2"), "DU18.9: blue, not on turn: refused");
	ok(strstr(E.msg, "DU16.1") != NULL, "DU16.1 named: %s", E.msg);

	/* DU10.5: never in the introductory game */
	scenario(33, "[game]\nstart = red\nphase = action\n[red]\n"
	    "l2 = markus\n");
	ok(!listed(0, "demolish l2"), "DU10.5: not listed in the intro");
	ok(refused(0, "demolish l2") && strstr(E.msg, "DU10.5") != NULL,
	    "DU10.5: refused in the introductory game, nothing changes");
	/* not before the roll */
	scenario(33, "[game]\nstart = red\n[red]\nl2 = markus\n");
	S.mode = DU_MODE_GOLD;
	ok(refused(0, "demolish l2"), "DU18.9: before the roll: refused");
}

int
main(void)
{
	t_goal();
	t_start_hand();
	t_arrange();
	t_demolish();
	return done_testing();
}
