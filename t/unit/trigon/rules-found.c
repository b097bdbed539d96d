/*
 * t/unit/rules-found.c -- rule R9 of trigon-rules(7): a scout founds a village
 * (what it takes, what it gives, when it is refused) and Explorer of the
 * Wilderness.  Founding by the card Vlijtige Onderdaan belongs to the
 * cards issue.
 */
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"

static const int GY[] = { TG_GREEN, TG_YELLOW };

static void
r9_1_found(void)
{
	struct tg_state st;
	char line[128];
	int fr = spot("frostholm"), top, n;

	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\ninhabitants = 3\nchip = 1\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\nchip = 3\nscouts = 1\n"
	    "[spot frostholm]\ncolor = green\nscouts = 1\nknights = 2\n"
	    "[spot ravnsborg]\ncolor = green\nscouts = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[player green]\nsilver = 3\ngold = 1\n");
	refused(&st, TG_GREEN, "found at ulvdal", RULES_REFUSED,
	    "ulvdal already holds a settlement: a scout founds a village on a free spot",
	    "R9.1 a scout founds only on a free spot");
	refused(&st, TG_GREEN, "found at trollmark", RULES_REFUSED,
	    "green has no scout at trollmark", "R9.1 founding needs a scout there");
	refused(&st, TG_GREEN, "build scout at psor", RULES_REFUSED,
	    "green has no scout left in the supply (all 3 are in play)",
	    "R9.1 (before) all 3 scouts are in play");
	top = st.vdeck[st.vhead];
	n = st.vcount;
	done(&st, TG_GREEN, "found at frostholm",
	    "R9.1 the scout at frostholm founds a village where green knights stand");
	snprintf(line, sizeof line, "green founds village 2 at frostholm: %s\n",
	    D.villages[top].id);
	is_string(line, NOTE.text, "R9.1 the note names chip and card");
	ok(tg_owner(&st, fr) == TG_GREEN && tg_inhab(&st, fr) == 1 &&
	    !tg_is_city(&st, fr) && tg_chip(&st, fr) == 2 &&
	    tg_vcard(&st, fr) == top && st.vcount == n - 1,
	    "R9.1 a village of 1 inhabitant, the lowest free chip (2), the top village card, village side");
	ok(tg_scouts(&st, fr) == 0 && st.kn[fr] == 2 && st.p[TG_GREEN].scouts == 2,
	    "R9.1 the scout leaves the board and returns to the supply");
	ok(st.p[TG_GREEN].units == 3 + 1 + 2 + 1 && st.p[TG_GREEN].points == 3 + 3,
	    "R9.1 the inhabitant comes from the supply; green has 6 points");
	is_int(1, st.p[TG_GREEN].founded, "R9.1/R9.2 one village founded");
	done(&st, TG_GREEN, "build scout at psor",
	    "R9.1 the scout piece can be built again");
	refused(&st, TG_GREEN, "found at frostholm", RULES_REFUSED,
	    "green has no scout at frostholm",
	    "R9.1 a scout founds once: it is gone");

	/* With no village card left, founding is refused. */
	st.vcount = 0;
	refused(&st, TG_GREEN, "found at ravnsborg", RULES_REFUSED,
	    "the village deck is empty: no village can be founded",
	    "R9.1 no village card left: refused");

	/* With 60 units in play, the village has no inhabitant to take. */
	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\nknights = 59\n"
	    "[spot frostholm]\ncolor = green\nscouts = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n");
	done(&st, TG_GREEN, "found at frostholm", "R9.1 founding with the supply of 60 spent");
	ok(tg_owner(&st, fr) == TG_GREEN && tg_inhab(&st, fr) == 0 &&
	    st.p[TG_GREEN].units == 60,
	    "R9.1/R8.9 the village gets what the supply holds: 0 inhabitants");
}

static void
r9_2_explorer(void)
{
	struct tg_state st;

	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot ulvdal]\ncolor = green\nscouts = 1\n"
	    "[spot frostholm]\ncolor = green\nscouts = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot marmora]\ncolor = yellow\nscouts = 1\n"
	    "[spot steenwijk]\ncolor = yellow\nknights = 2\n"
	    "[player green]\nfounded = 4\n"
	    "[player yellow]\nfounded = 4\n");
	done(&st, TG_GREEN, "found at ulvdal", "R9.2 green founds its 5th village");
	ok(noted("green is Explorer of the Wilderness (2 points)\n"),
	    "R9.2 the first to found 5 villages is Explorer of the Wilderness");
	ok(st.explorer == TG_GREEN && (st.p[TG_GREEN].flags & TG_PF_EXPLORER) &&
	    st.p[TG_GREEN].points == 3 + 1 + 1 + 2,
	    "R9.2/R11.1 the bonus card is worth 2 points: green 7");
	done(&st, TG_GREEN, "found at frostholm", "R9.2 green founds a 6th village");
	ok(!noted("Explorer"), "R9.2 the bonus card is given once");
	done(&st, TG_GREEN, "end", "green ends");
	done(&st, TG_YELLOW, "found at marmora", "R9.2 yellow founds its 5th village");
	ok(!noted("Explorer") && st.explorer == TG_GREEN &&
	    !(st.p[TG_YELLOW].flags & TG_PF_EXPLORER) && st.p[TG_YELLOW].points == 5,
	    "R9.2 only the first: yellow gets nothing");
}

static void
r9_2_never_lost(void)
{
	struct tg_state st;
	static const uint8_t w[] = { 6, 6, 1, 1 };
	int ul = spot("ulvdal");

	scen(&st, 2, GY, "[game]\nfirst = yellow\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\nchip = 2\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot skarnvik]\ncolor = yellow\nknights = 2\n"
	    "[player green]\nfounded = 5\nexplorer = yes\n"
	    "[player yellow]\nfounded = 4\n");
	is_int(3 + 2 + 2, st.p[TG_GREEN].points, "R9.2 green holds the bonus card: 7 points");
	dice(w, 4);
	done(&st, TG_YELLOW, "move 2 knights from skarnvik to ulvdal",
	    "R9.2 yellow conquers green's ulvdal");
	ok(tg_owner(&st, ul) == TG_YELLOW && st.p[TG_YELLOW].founded == 4 &&
	    st.explorer == TG_GREEN && !(st.p[TG_YELLOW].flags & TG_PF_EXPLORER),
	    "R9.2 a conquest is no founding: yellow stays at 4 and is no explorer");
	ok(st.p[TG_GREEN].points == 3 + 1 + 2 && (st.p[TG_GREEN].flags & TG_PF_EXPLORER),
	    "R9.2 the bonus card is never lost: green 6 points with one village left");
	dice(NULL, 0);
}

static void
r9_2_setup_village(void)
{
	struct tg_state st;
	struct tg_setup s;
	struct rules_error err;

	seeded(&s, 2, GY, 3);
	s.second_village = 1;
	if (tg_init(&st, &D, &s, NULL, &err) != 0)
		bail("init: %s", err.msg);
	done(&st, TG_GREEN, "found at ulvdal", "R3.3 green's set-up village");
	ok(st.p[TG_GREEN].founded == 0 && st.p[TG_GREEN].scouts == 1,
	    "R9.2 a set-up village (R3.3) is founded by no scout and no card: it does not count");
}

int
main(void)
{
	util_init();
	r9_1_found();
	r9_2_explorer();
	r9_2_never_lost();
	r9_2_setup_village();
	return done_testing();
}
