/*
 * t/unit/rules-move.c -- rule R7 of trigon-rules(7): moving armies along
 * paths, river crossings over two turns, boats and their passengers,
 * moving into enemies, and the attack rules.  Battles here are decided
 * with fixed dice; their arithmetic is t/unit/rules-battle.c's.
 */
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"

static const int GY[] = { TG_GREEN, TG_YELLOW };

/* Yellow's capital, green's capital with psor_knights, and more. */
static void
pos(struct tg_state *st, const char *first, int psor_knights,
    const char *more)
{
	char text[2048];

	snprintf(text, sizeof text, "[game]\nfirst = %s\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\nknights = %d\n%s",
	    first, psor_knights, more);
	scen(st, 2, GY, text);
}

/* Both players end their turns: green acts again next round. */
static void
next_round(struct tg_state *st)
{
	int c = tg_active_color(st);

	done(st, c, "end", "end the turn");
	c = tg_active_color(st);
	done(st, c, "end", "end the turn (a new round)");
	make_active(st, TG_GREEN);
}

static void
r7_1_once(void)
{
	struct tg_state st;
	int fr = spot("frostholm"), tr = spot("skarnvik");

	pos(&st, "green", 0, "[spot ulvdal]\ncolor = green\nknights = 3\nscouts = 1\n"
	    "[spot frostholm]\ncolor = green\nknights = 2\n");
	done(&st, TG_GREEN, "move 2 knights 1 scout from ulvdal to skarnvik",
	    "R7.1 two knights and a scout move as one army");
	ok(st.kn[tr] == 2 && tg_scouts(&st, tr) == 1 && st.kn[spot("ulvdal")] == 1,
	    "R7.1 the army stands at skarnvik, one knight stayed");
	refused(&st, TG_GREEN, "move 1 knight from skarnvik to valdheim",
	    RULES_REFUSED,
	    "green has 0 knights at skarnvik that can still move, not 1",
	    "R7.1 a knight moves at most once per turn");
	refused(&st, TG_GREEN, "move 1 scout from skarnvik to valdheim",
	    RULES_REFUSED,
	    "green has 0 scouts at skarnvik that can still move, not 1",
	    "R7.1 a scout moves at most once per turn");
	done(&st, TG_GREEN, "move 1 knight from ulvdal to psor",
	    "R7.1 the knight that stayed may still move");
	done(&st, TG_GREEN, "move 2 knights from frostholm to psor",
	    "R7.1 frostholm's two knights join psor");
	refused(&st, TG_GREEN, "move 2 knights from psor to frostholm",
	    RULES_REFUSED,
	    "green has 0 knights at psor that can still move, not 2",
	    "R7.1 nor may they move back the same turn");
	refused(&st, TG_GREEN, "move 1 knight from psor to ijsfjord",
	    RULES_REFUSED, "there is no path from psor to ijsfjord",
	    "R7.1 one path from spot to adjacent spot");
	is_int(0, st.kn[fr], "R7.1 frostholm is empty");
	next_round(&st);
	done(&st, TG_GREEN, "move 3 knights from psor to frostholm",
	    "R7.1 next turn they move again");
}

static void
r7_2_river(void)
{
	struct tg_state st;
	int r = river("ulvdal", "norrhavn"), nh = spot("norrhavn");

	pos(&st, "green", 0, "[spot ulvdal]\ncolor = green\nknights = 3\n");
	done(&st, TG_GREEN, "move 2 knights from ulvdal to norrhavn",
	    "R7.2 two knights step onto the river path ulvdal-norrhavn");
	ok(st.rkn[r] == 2 && rcolor(&st, r) == TG_GREEN &&
	    tg_fig_color(&st, nh) < 0 && st.kn[spot("ulvdal")] == 1,
	    "R7.2 they stop on the path, not at norrhavn");
	refused(&st, TG_GREEN, "cross 2 knights from ulvdal to norrhavn",
	    RULES_REFUSED,
	    "green has 0 knights on the river path ulvdal-norrhavn that can still move, not 2",
	    "R7.2 the crossing takes a second turn");
	done(&st, TG_GREEN, "move 1 knight from ulvdal to norrhavn",
	    "R7.2 a third knight joins them on the path");
	is_int(3, st.rkn[r], "R7.2 three on the path");
	next_round(&st);
	refused(&st, TG_GREEN, "cross 1 knight from norrhavn to ulvdal",
	    RULES_REFUSED,
	    "green has no figures on the river path norrhavn-ulvdal heading for ulvdal",
	    "R7.5 figures on a path never turn back");
	done(&st, TG_GREEN, "cross 2 knights from ulvdal to norrhavn",
	    "R7.2/R7.5 next turn two complete the crossing");
	ok(st.kn[nh] == 2 && st.rkn[r] == 1, "R7.5 two at norrhavn, one waits on the path");
	next_round(&st);
	ok(st.rkn[r] == 1, "R7.5 a figure may wait on the path");
	done(&st, TG_GREEN, "cross 1 knight from ulvdal to norrhavn",
	    "R7.5 and cross later");
	ok(st.kn[nh] == 3 && st.rkn[r] == 0 && (st.rwho[r] & 0x0f) == TG_NOBODY,
	    "R7.5 the path is empty again");
	refused(&st, TG_GREEN, "move 3 knights from norrhavn to ulvdal",
	    RULES_REFUSED,
	    "green has 2 knights at norrhavn that can still move, not 3",
	    "R7.2 completing a crossing is the figure's move");

	/* Own figures heading the other way: no turning back. */
	pos(&st, "green", 0, "[spot norrhavn]\ncolor = green\nknights = 1\n"
	    "[path ulvdal norrhavn]\ncolor = green\nknights = 1\ntoward = norrhavn\n");
	refused(&st, TG_GREEN, "move 1 knight from norrhavn to ulvdal",
	    RULES_REFUSED,
	    "green figures on the river path norrhavn-ulvdal are heading for norrhavn; figures on a path never turn back",
	    "R7.5 figures never share a path heading both ways");
}

static void
r7_3_boats(void)
{
	struct tg_state st;
	int lh = spot("lumhaven"), sk = spot("skarnvik");

	pos(&st, "green", 0, "[spot valdheim]\ncolor = green\nknights = 2\n"
	    "[spot skarnvik]\ncolor = green\nknights = 4\nboats = 2\n");
	refused(&st, TG_GREEN, "sail boat from skarnvik to lumhaven with 6 knights",
	    RULES_REFUSED, "a boat carries at most 5 figures, not 6",
	    "R7.3 a boat carries up to 5 figures");
	done(&st, TG_GREEN, "move 2 knights from valdheim to skarnvik",
	    "R7.3 two knights take their move onto the boat's harbor");
	done(&st, TG_GREEN, "sail boat from skarnvik to lumhaven with 5 knights",
	    "R7.3 the boat carries 5 of the 6 knights to lumhaven");
	ok(st.kn[lh] == 5 && tg_boats(&st, lh) == 1 && st.kn[sk] == 1 &&
	    tg_boats(&st, sk) == 1 && st.p[TG_GREEN].boats == 2,
	    "R7.3 5 knights and the boat at lumhaven; 1 knight and 1 boat stay");
	refused(&st, TG_GREEN, "sail boat from lumhaven to skarnvik",
	    RULES_REFUSED, "green's boats at lumhaven have sailed this turn",
	    "R7.3 a boat sails at most once per turn");
	done(&st, TG_GREEN, "move 3 knights from lumhaven to nieuw-delia",
	    "R7.3 sailing did not use up the move of 3 knights carried fresh");
	refused(&st, TG_GREEN, "move 1 knight from lumhaven to nieuw-delia",
	    RULES_REFUSED,
	    "green has 0 knights at lumhaven that can still move, not 1",
	    "R7.3 the 2 that moved before the sailing have used their move");
	done(&st, TG_GREEN, "sail boat from skarnvik to lumhaven with 1 knight",
	    "R7.3 the second boat carries the last knight");
	done(&st, TG_GREEN, "move 1 knight from lumhaven to velderhof",
	    "R7.3 a figure carried fresh moves off the arrival harbor");
	ok(st.kn[lh] == 2 && st.kn[spot("velderhof")] == 1 &&
	    st.kn[spot("nieuw-delia")] == 3 && st.kn[sk] == 0,
	    "R7.3 2 stay at lumhaven, 1 at velderhof, 3 at nieuw-delia");
}

static void
r7_6_carried_once(void)
{
	struct tg_state st;

	pos(&st, "green", 0, "[spot skarnvik]\ncolor = green\nknights = 2\nboats = 1\n"
	    "[spot lumhaven]\ncolor = green\nboats = 1\n");
	done(&st, TG_GREEN, "sail boat from skarnvik to lumhaven with 2 knights",
	    "R7.6 two knights carried to lumhaven");
	refused(&st, TG_GREEN, "sail boat from lumhaven to skarnvik with 1 knight",
	    RULES_REFUSED,
	    "green has 0 knights at lumhaven that can still be carried, not 1",
	    "R7.6 each figure is carried at most once per turn");
	done(&st, TG_GREEN, "sail boat from lumhaven to skarnvik",
	    "R7.6 the unsailed boat may sail empty");
	done(&st, TG_GREEN, "move 2 knights from lumhaven to nieuw-delia",
	    "R7.6 besides its one land move");
}

static void
r7_4_enemies(void)
{
	struct tg_state st;
	static const uint8_t win[] = { 6, 6, 1 };
	static const uint8_t lose[] = { 1, 1, 6 };
	int fr = spot("frostholm"), r;

	/* Moving into enemy figures starts a battle there. */
	pos(&st, "green", 2, "[spot frostholm]\ncolor = yellow\nknights = 1\n");
	dice(win, 3);
	done(&st, TG_GREEN, "move 2 knights from psor to frostholm",
	    "R7.4 moving into an enemy knight is an attack");
	ok(starts("battle at frostholm: green 2 knights attack yellow 1 knight\n"),
	    "R7.4 a battle at frostholm");
	ok(tg_fig_color(&st, fr) == TG_GREEN && st.kn[fr] == 2 &&
	    st.p[TG_YELLOW].units == 1,
	    "R7.4 after it only green stands there (yellow's knight died)");

	/* Entering a path that holds enemies is an attack on the path. */
	pos(&st, "green", 0, "[spot ulvdal]\ncolor = green\nknights = 2\n"
	    "[path ulvdal norrhavn]\ncolor = yellow\nknights = 1\ntoward = ulvdal\n");
	r = river("ulvdal", "norrhavn");
	dice(win, 3);
	done(&st, TG_GREEN, "move 2 knights from ulvdal to norrhavn",
	    "R7.5 stepping onto a path that holds a yellow knight");
	ok(starts("battle at the river path ulvdal-norrhavn: green 2 knights attack yellow 1 knight\n"),
	    "R7.5 the battle is on the path");
	ok(rcolor(&st, r) == TG_GREEN && st.rkn[r] == 2 &&
	    rheading(&st, "ulvdal", "norrhavn") == spot("norrhavn"),
	    "R7.5 the survivors stay on the path, heading for norrhavn");
	refused(&st, TG_GREEN, "cross 2 knights from ulvdal to norrhavn",
	    RULES_REFUSED,
	    "green has 0 knights on the river path ulvdal-norrhavn that can still move, not 2",
	    "R7.6 after the attack they do not move again this turn");

	/* From the other end too; the attacker loses. */
	pos(&st, "green", 0, "[spot norrhavn]\ncolor = green\nknights = 1\n"
	    "[path ulvdal norrhavn]\ncolor = yellow\nknights = 1\ntoward = norrhavn\n");
	dice(lose, 2);
	done(&st, TG_GREEN, "move 1 knight from norrhavn to ulvdal",
	    "R7.5 entering the path from the other end is an attack too");
	ok(rcolor(&st, r) == TG_YELLOW && st.rkn[r] == 1 &&
	    tg_fig_color(&st, spot("norrhavn")) < 0,
	    "R7.5 the defender holds the path; the attacker is gone");

	/* Completing a crossing into enemies: one army, one battle. */
	pos(&st, "green", 0, "[spot norrhavn]\ncolor = yellow\nknights = 1\n"
	    "[path ulvdal norrhavn]\ncolor = green\nknights = 2\nscouts = 1\ntoward = norrhavn\n");
	{
		static const uint8_t w3[] = { 6, 6, 6, 1 };

		dice(w3, 4);
	}
	done(&st, TG_GREEN, "cross 2 knights 1 scout from ulvdal to norrhavn",
	    "R7.5 figures completing a crossing together");
	ok(starts("battle at norrhavn: green 2 knights 1 scout attack yellow 1 knight\n"
	    "roll: green 6+6+6 = 18, yellow 1 = 1: yellow loses a knight\n"),
	    "R7.5 form one army (3 dice)");
	ok(st.kn[spot("norrhavn")] == 2 && tg_scouts(&st, spot("norrhavn")) == 1 &&
	    st.rkn[r] == 0, "R7.5 they occupy norrhavn");
	dice(NULL, 0);
}

static void
r7_6_attacks(void)
{
	struct tg_state st;
	static const uint8_t d[] = { 6, 1, 6, 1 };
	int fr = spot("frostholm");

	/* A boat alone cannot attack: it has no attack die. */
	pos(&st, "green", 0, "[spot skarnvik]\ncolor = green\nboats = 1\n"
	    "[spot lumhaven]\ncolor = yellow\nknights = 1\n");
	refused(&st, TG_GREEN, "sail boat from skarnvik to lumhaven",
	    RULES_REFUSED,
	    "a boat alone cannot attack lumhaven: an attack needs at least one attack die",
	    "R7.6 moving into enemies needs at least one attack die");

	/* Separate orders fight separate battles. */
	pos(&st, "green", 2, "[spot ravnsborg]\ncolor = green\nknights = 1\n"
	    "[spot frostholm]\ncolor = yellow\nknights = 2\n");
	dice(d, 4);
	done(&st, TG_GREEN, "move 1 knight from psor to frostholm",
	    "R7.6 a first order attacks with one knight");
	ok(starts("battle at frostholm: green 1 knight attack yellow 2 knights\n"
	    "roll: green 6 = 6, yellow 1+6 = 7: green loses a knight\n"
	    "yellow holds frostholm with 2 knights\n"),
	    "R7.6 one battle per order: 1 knight against 2, lost");
	{
		static const uint8_t d2[] = { 6, 2, 1, 6, 5 };

		dice(d2, 5);
	}
	done(&st, TG_GREEN, "move 1 knight from ravnsborg to frostholm",
	    "R7.6 a second order fights a second battle");
	ok(starts("battle at frostholm: green 1 knight attack yellow 2 knights\n"),
	    "R7.6 the second battle starts afresh");
	ok(tg_fig_color(&st, fr) == TG_GREEN && st.kn[fr] == 1,
	    "R7.6 the second battle is won: 1 green knight at frostholm");
	refused(&st, TG_GREEN, "move 1 knight from frostholm to ravnsborg",
	    RULES_REFUSED,
	    "green has 0 knights at frostholm that can still move, not 1",
	    "R7.6 there is no retreat: an army that attacked does not move again");

	/* An army that attacked does not sail again either. */
	pos(&st, "green", 0, "[spot skarnvik]\ncolor = green\nknights = 2\nboats = 1\n"
	    "[spot lumhaven]\ncolor = yellow\nknights = 1\n"
	    "[spot ijsfjord]\ncolor = green\nboats = 1\n");
	{
		static const uint8_t w[] = { 6, 6, 1 };

		dice(w, 3);
	}
	done(&st, TG_GREEN, "sail boat from skarnvik to lumhaven with 2 knights",
	    "R7.3 a boat sails into a harbor where yellow stands: an attack");
	ok(tg_fig_color(&st, spot("lumhaven")) == TG_GREEN &&
	    st.kn[spot("lumhaven")] == 2 && tg_boats(&st, spot("lumhaven")) == 1,
	    "R7.3 the survivors, boat included, occupy the harbor");
	refused(&st, TG_GREEN, "move 1 knight from lumhaven to nieuw-delia",
	    RULES_REFUSED,
	    "green has 0 knights at lumhaven that can still move, not 1",
	    "R7.6 the attackers do not move again that turn");
	refused(&st, TG_GREEN, "sail boat from lumhaven to ijsfjord",
	    RULES_REFUSED, "green's boats at lumhaven have sailed this turn",
	    "R7.6 nor does the boat sail again");
	dice(NULL, 0);
}

int
main(void)
{
	util_init();
	r7_1_once();
	r7_2_river();
	r7_3_boats();
	r7_6_carried_once();
	r7_4_enemies();
	r7_6_attacks();
	return done_testing();
}
