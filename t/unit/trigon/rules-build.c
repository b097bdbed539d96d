/*
 * t/unit/rules-build.c -- rules R5 (settlements and cities) and R6
 * (building, bank and trade) of trigon-rules(7).  Card values are read from
 * the loaded design data, so the tests follow the data as it is tuned.
 * R6.5/R6.6 (deals between players) need the offer orders of the cards
 * issue; they are not in the order language yet.
 */
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"

static const int GY[] = { TG_GREEN, TG_YELLOW };

static void
r5_1_city(void)
{
	struct tg_state st;
	char text[2048], line[256];
	int boat = card_bonus_only(2), kc = card_bonus_only(0), nb, nk;

	nb = D.villages[boat].bonus.boats;
	nk = D.villages[kc].bonus.knights;
	/*
	 * A village of 4 becomes a city in the births: its bonus knights
	 * stand at the city; bonus boats cannot stand at inland frostholm and
	 * go to the own harbor settlement with the lowest chip (R12.4).
	 */
	snprintf(text, sizeof text, "[game]\nfirst = green\ncollect = yes\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot skarnvik]\ncolor = green\nsettlement = village\nchip = 2\n"
	    "[spot ijsfjord]\ncolor = green\nsettlement = village\nchip = 3\n"
	    "[spot frostholm]\ncolor = green\nsettlement = village\ninhabitants = 4\nchip = 4\ncard = %s\n"
	    "[spot trollmark]\ncolor = green\nsettlement = village\ninhabitants = 4\nchip = 5\ncard = %s\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n",
	    D.villages[boat].id, D.villages[kc].id);
	scen_opts(&st, 2, GY, NULL, text, &NOTE);
	ok(tg_is_city(&st, spot("frostholm")) && tg_inhab(&st, spot("frostholm")) == 5 &&
	    tg_is_city(&st, spot("trollmark")),
	    "R5.1 a village reaching 5 inhabitants becomes a city at once");
	is_int(3 + 3 + 2 * 2, st.p[TG_GREEN].points,
	    "R5.1/R5.3 two cities (2 each), two villages, palace: 10 points");
	snprintf(line, sizeof line,
	    "green becomes a city at frostholm: bonus %d %s (boats at skarnvik)\n",
	    nb, nb == 1 ? "boat" : "boats");
	ok(noted(line), "R5.1/R12.4 the bonus boats go to skarnvik (chip 2), not ijsfjord (chip 3)");
	ok(tg_boats(&st, spot("skarnvik")) == nb && tg_boats(&st, spot("ijsfjord")) == 0 &&
	    st.p[TG_GREEN].boats == nb, "R5.1 %d bonus boats stand at skarnvik", nb);
	ok(st.kn[spot("trollmark")] == nk && st.p[TG_GREEN].units == 2 + 2 + 2 + 5 + 5 + nk,
	    "R5.1 %d bonus knights stand at the new city trollmark", nk);

	/* With no harbor settlement the bonus boats are lost (R12.4). */
	snprintf(text, sizeof text, "[game]\nfirst = green\ncollect = yes\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot frostholm]\ncolor = green\nsettlement = village\ninhabitants = 4\ncard = %s\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n",
	    D.villages[boat].id);
	scen_opts(&st, 2, GY, NULL, text, &NOTE);
	ok(noted("green becomes a city at frostholm: bonus nothing left to give\n") &&
	    st.p[TG_GREEN].boats == 0,
	    "R5.1/R12.4 a bonus boat with no own harbor settlement is lost");
}

static void
r5_2_stays_city(void)
{
	struct tg_state st;
	char text[1024];
	const struct tg_yield *y = side("turfsteek", 1);

	snprintf(text, sizeof text, "[game]\nfirst = green\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = city\ninhabitants = 5\ncard = turfsteek\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[player green]\ncopper = 2\n");
	scen(&st, 2, GY, text);
	is_int(2, st.p[TG_GREEN].points, "R5.3 a city is worth 2 points");
	done(&st, TG_GREEN, "build knight at ulvdal", "R5.2 a knight from the city of 5");
	done(&st, TG_GREEN, "build knight at ulvdal", "R5.2 and another");
	ok(tg_is_city(&st, spot("ulvdal")) && tg_inhab(&st, spot("ulvdal")) == 3 &&
	    st.p[TG_GREEN].points == 2,
	    "R5.2 with 3 inhabitants ulvdal stays a city (2 points)");
	done(&st, TG_GREEN, "end", "R5.2 green ends");
	done(&st, TG_YELLOW, "end", "R5.2 yellow ends: round 2");
	ok(st.p[TG_GREEN].coin[0] == y->copper && st.p[TG_GREEN].coin[1] == y->silver &&
	    st.p[TG_GREEN].coin[2] == y->gold,
	    "R5.1/R5.2 taxes come from the city side");
	is_int(3 + y->births > 5 ? 5 : 3 + y->births, tg_inhab(&st, spot("ulvdal")),
	    "R5.1 births from the city side");
	ok(!noted("becomes a city"), "R5.2/R8.9 no second city bonus");
}

static void
r6_build(void)
{
	struct tg_state st;
	const char *pos = "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\ninhabitants = 1\n"
	    "[spot skarnvik]\ncolor = green\nsettlement = village\ninhabitants = 3\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\ninhabitants = 3\n"
	    "[player green]\ncopper = 3\nsilver = 3\ngold = 1\n";
	int sk = spot("skarnvik");

	scen(&st, 2, GY, pos);
	refused(&st, TG_GREEN, "build knight at psor", RULES_REFUSED,
	    "a knight is trained at a settlement with at least 2 inhabitants; psor has 1",
	    "R6.1 a knight needs a settlement with 2 inhabitants: refused at psor with 1");
	refused(&st, TG_GREEN, "build scout at psor", RULES_REFUSED,
	    "a scout is trained at a settlement with at least 2 inhabitants; psor has 1",
	    "R6.1 the 2-inhabitant rule holds for scouts too");
	refused(&st, TG_GREEN, "build knight at citel", RULES_REFUSED,
	    "green has no settlement at citel",
	    "R6.1 knights are trained at own settlements only");
	done(&st, TG_GREEN, "build knight at skarnvik", "R6.1 a knight at skarnvik (3 inhabitants)");
	ok(st.p[TG_GREEN].coin[0] == 2 && st.bank[0] == 28 &&
	    tg_inhab(&st, sk) == 2 && st.kn[sk] == 1 &&
	    st.p[TG_GREEN].units == 1 + 3,
	    "R6.1 the knight costs 1 copper (to the bank) + 1 inhabitant and stands at skarnvik");
	done(&st, TG_GREEN, "build scout at skarnvik", "R6.2 a scout at skarnvik");
	ok(st.p[TG_GREEN].coin[1] == 0 && st.p[TG_GREEN].coin[2] == 0 &&
	    st.bank[1] == 30 && st.bank[2] == 30 && tg_inhab(&st, sk) == 1 &&
	    tg_scouts(&st, sk) == 1 && st.p[TG_GREEN].scouts == 1 &&
	    st.p[TG_GREEN].units == 1 + 2,
	    "R6.2 the scout costs 3 silver + 1 gold + 1 inhabitant");
	done(&st, TG_GREEN, "build boat at skarnvik",
	    "R6.2 a boat at harbor skarnvik with 1 inhabitant (no inhabitant needed)");
	ok(st.p[TG_GREEN].coin[0] == 0 && st.bank[0] == 30 &&
	    tg_boats(&st, sk) == 1 && tg_inhab(&st, sk) == 1,
	    "R6.2 the boat costs 2 copper");
	refused(&st, TG_GREEN, "build boat at skarnvik", RULES_REFUSED,
	    "not enough copper: a boat costs 2 copper, green has 0 copper",
	    "R6.2 a boat costs 2 copper: refused with 0");

	scen(&st, 2, GY, pos);
	tg_set_coins(&st, TG_GREEN, 5, 3, 0);
	refused(&st, TG_GREEN, "build scout at skarnvik", RULES_REFUSED,
	    "not enough gold: scout costs 3 silver + 1 gold + 1 inhabitant, green has 0 gold",
	    "R6.2 a scout needs 1 gold");
	refused(&st, TG_GREEN, "build boat at psor", RULES_REFUSED,
	    "psor is no harbor: boats are built at a harbor settlement",
	    "R6.2 boats only at a harbor settlement");

	/* R6.3: what is built acts at once. */
	scen(&st, 2, GY, pos);
	done(&st, TG_GREEN, "build knight at skarnvik", "R6.3 build a knight");
	done(&st, TG_GREEN, "move 1 knight from skarnvik to valdheim",
	    "R6.3 it moves in the turn it is built");
	done(&st, TG_GREEN, "build boat at skarnvik", "R6.3 build a boat");
	done(&st, TG_GREEN, "sail boat from skarnvik to lumhaven",
	    "R6.3 it sails in the turn it is built");
	ok(tg_boats(&st, spot("lumhaven")) == 1 && st.kn[spot("valdheim")] == 1,
	    "R6.3 the new knight at valdheim, the new boat at lumhaven");
	scen(&st, 2, GY, pos);
	done(&st, TG_GREEN, "build scout at skarnvik", "R6.3 build a scout");
	done(&st, TG_GREEN, "move 1 scout from skarnvik to ulvdal", "R6.3 it moves");
	done(&st, TG_GREEN, "found at ulvdal", "R6.3 and founds in the same turn");
}

static void
r6_4_bank(void)
{
	struct tg_state st;

	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[player green]\ncopper = 7\nsilver = 2\ngold = 3\n");
	done(&st, TG_GREEN, "exchange copper", "R6.4 3 copper -> 1 silver");
	ok(st.p[TG_GREEN].coin[0] == 4 && st.p[TG_GREEN].coin[1] == 3 &&
	    st.bank[0] == 26 && st.bank[1] == 27,
	    "R6.4 green 4 copper 3 silver; bank 26 copper 27 silver");
	done(&st, TG_GREEN, "exchange silver", "R6.4 3 silver -> 1 gold");
	ok(st.p[TG_GREEN].coin[1] == 0 && st.p[TG_GREEN].coin[2] == 4 &&
	    st.bank[1] == 30 && st.bank[2] == 26,
	    "R6.4 green 0 silver 4 gold; bank 30 silver 26 gold");
	refused(&st, TG_GREEN, "exchange silver", RULES_REFUSED,
	    "not enough silver: 1 gold costs 3 silver, green has 0 silver",
	    "R6.4 3 silver for a gold");
	refused(&st, TG_GREEN, "exchange gold", RULES_EPARSE,
	    "cannot exchange 'gold' (copper or silver)",
	    "R6.4 never back: gold is not exchanged");
	{
		struct tg_state before = st;
		struct tg_action a;

		memset(&a, 0, sizeof a);
		a.kind = TG_A_EXCHANGE;
		a.fig = TG_GOLD;
		is_int(RULES_EPARSE, tg_apply(&D, &st, seat_of(&st, TG_GREEN), &a,
		    NULL, &ERR), "R6.4 an exchange of gold is refused by apply too");
		ok(memcmp(&before, &st, sizeof st) == 0, "R6.4 state unchanged");
	}
}

int
main(void)
{
	util_init();
	r5_1_city();
	r5_2_stays_city();
	r6_build();
	r6_4_bank();
	return done_testing();
}
