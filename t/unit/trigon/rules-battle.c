/*
 * t/unit/rules-battle.c -- rule R8 of trigon-rules(7) with fixed dice: dice per
 * figure, the 5-dice cap, ties, casualty orders, the end of a battle,
 * conquest and its details, and the rulebook's two examples (whose
 * rolls t/unit/engine.c checks; here the whole state after them).
 * R8.7/R8.8 (battle cards) belong to the cards issue.
 */
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"

static const int GY[] = { TG_GREEN, TG_YELLOW };

/* Yellow: marmora village unless more names it; green: psor; + more. */
static void
pos(struct tg_state *st, const char *more)
{
	char text[3072];

	snprintf(text, sizeof text, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\nchip = 1\n%s",
	    more);
	scen(st, 2, GY, text);
}

static void
fixed(const uint8_t *v, int n)
{
	dice(v, n);
}

/* n copies of value v, appended at *at. */
static int
rep(uint8_t *buf, int at, int n, int v)
{
	for (int i = 0; i < n; i++)
		buf[at + i] = (uint8_t)v;
	return at + n;
}

static void
r8_1_dice(void)
{
	struct tg_state st;
	static const uint8_t w12[] = { 6, 1, 1 };
	uint8_t d[64];
	int n;

	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot steenwijk]\ncolor = green\nscouts = 1\n"
	    "[spot tirien]\ncolor = yellow\nscouts = 1\n");
	fixed(w12, 3);
	done(&st, TG_GREEN, "move 1 scout from steenwijk to tirien",
	    "R8.1 a scout attacks a scout");
	is_string("battle at tirien: green 1 scout attack yellow 1 scout\n"
	    "roll: green 6 = 6, yellow 1+1 = 2: yellow loses a scout\n"
	    "green wins at tirien with 1 scout\n", NOTE.text,
	    "R8.1 a scout attacks with 1 die and defends with 2");
	ok(st.p[TG_YELLOW].scouts == 0 && tg_scouts(&st, spot("tirien")) == 1,
	    "R8.1 yellow's scout is gone, green's stands at tirien");

	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot steenwijk]\ncolor = green\nknights = 1\n"
	    "[spot marmora]\ncolor = yellow\nboats = 1\n");
	fixed(w12, 3);
	done(&st, TG_GREEN, "move 1 knight from steenwijk to marmora",
	    "R8.1 a knight attacks a lone boat");
	is_string("battle at marmora: green 1 knight attack yellow 1 boat\n"
	    "roll: green 6 = 6, yellow 1+1 = 2: yellow loses a boat\n"
	    "green wins at marmora with 1 knight\n", NOTE.text,
	    "R8.1 a knight attacks with 1 die; a boat defends with 2");

	/* Village 2 + palace 3 = 5 dice at the capital. */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\nchip = 2\n"
	    "[spot tirien]\ncolor = green\nknights = 5\n");
	n = rep(d, 0, 5, 6);
	n = rep(d, n, 5, 1);
	fixed(d, n);
	ok(st.p[TG_YELLOW].points == 5 && st.p[TG_GREEN].points == 4,
	    "R5.3 yellow 5 points (palace, 2 villages), green 4");
	done(&st, TG_GREEN, "move 5 knights from tirien to citel",
	    "R8.1 five knights attack the yellow capital");
	is_string("battle at citel: green 5 knights attack yellow village 1 (1 inhabitant) with its palace\n"
	    "roll: green 6+6+6+6+6 = 30, yellow 1+1+1+1+1 = 5: yellow loses the settlement\n"
	    "green conquers yellow's village 1 at citel and its palace is lost: now green 2 with 1 inhabitant\n"
	    "green wins at citel with 5 knights\n", NOTE.text,
	    "R8.1 a village defends with 2 dice, its palace adds 3");
	ok(!tg_has_palace(&st, spot("citel")) && !(st.p[TG_YELLOW].flags & TG_PF_PALACE),
	    "R8.5 the conquered capital has lost its palace");
	ok(st.p[TG_YELLOW].points == 1 && st.p[TG_GREEN].points == 5,
	    "R8.5/R11.1 yellow keeps 1 point (marmora), green gains the village only (5)");
	is_int(D.villages[vcard("citel")].capital_of, D.villages[tg_vcard(&st, spot("citel"))].capital_of,
	    "R8.9 the capital card goes with the spot to green");
}

static void
r8_2_cap_and_tie(void)
{
	struct tg_state st;
	uint8_t d[64];
	int n;

	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\nknights = 1\nchip = 1\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\nchip = 2\n"
	    "[spot tirien]\ncolor = green\nknights = 7\n");
	n = rep(d, 0, 10, 3);		/* 15 against 15: the defender wins */
	n = rep(d, n, 5, 6);
	n = rep(d, n, 5, 1);		/* yellow loses its knight */
	n = rep(d, n, 5, 6);
	n = rep(d, n, 5, 1);		/* and the settlement */
	fixed(d, n);
	done(&st, TG_GREEN, "move 7 knights from tirien to citel",
	    "R8.2 seven knights against a knight, a village and a palace");
	is_string("battle at citel: green 7 knights attack yellow 1 knight and village 1 (1 inhabitant) with its palace\n"
	    "roll: green 3+3+3+3+3 = 15, yellow 3+3+3+3+3 = 15: green loses a knight\n"
	    "roll: green 6+6+6+6+6 = 30, yellow 1+1+1+1+1 = 5: yellow loses a knight\n"
	    "roll: green 6+6+6+6+6 = 30, yellow 1+1+1+1+1 = 5: yellow loses the settlement\n"
	    "green conquers yellow's village 1 at citel and its palace is lost: now green 2 with 1 inhabitant\n"
	    "green wins at citel with 6 knights\n", NOTE.text,
	    "R8.2 at most 5 dice a side (7 knights; 1 + 2 + 3 = 6 defending); equal sums go to the defender");
	is_int(0, tg_test_forced_left(), "R8.2 exactly 30 dice thrown");
	ok(st.kn[spot("citel")] == 6 && st.kspent[spot("citel")] == 6 &&
	    st.p[TG_GREEN].units == 1 + 6 + 1 && st.p[TG_YELLOW].units == 1,
	    "R8.2/R8.6 6 green knights occupy citel; units green 8, yellow 1");
}

static void
r8_3_casualties(void)
{
	struct tg_state st;
	uint8_t d[64];
	int n;
	static const uint8_t lose1[] = { 1, 1, 6, 6, 1 };
	static const uint8_t sea[] = { 1, 1, 6, 6, 6, 1 };

	/* The defender gives up knights, scouts, boats, then the settlement. */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\ninhabitants = 3\nknights = 1\nscouts = 1\nboats = 1\nchip = 2\n"
	    "[spot steenwijk]\ncolor = green\nknights = 5\n");
	n = rep(d, 0, 5, 6);
	n = rep(d, n, 5, 1);
	n = rep(d, n, 5, 6);
	n = rep(d, n, 5, 1);
	n = rep(d, n, 5, 6);
	n = rep(d, n, 4, 1);
	n = rep(d, n, 5, 6);
	n = rep(d, n, 2, 1);
	fixed(d, n);
	done(&st, TG_GREEN, "move 5 knights from steenwijk to marmora",
	    "R8.3 five knights against knight, scout, boat and village");
	is_string("battle at marmora: green 5 knights attack yellow 1 knight 1 scout 1 boat and village 2 (3 inhabitants)\n"
	    "roll: green 6+6+6+6+6 = 30, yellow 1+1+1+1+1 = 5: yellow loses a knight\n"
	    "roll: green 6+6+6+6+6 = 30, yellow 1+1+1+1+1 = 5: yellow loses a scout\n"
	    "roll: green 6+6+6+6+6 = 30, yellow 1+1+1+1 = 4: yellow loses a boat\n"
	    "roll: green 6+6+6+6+6 = 30, yellow 1+1 = 2: yellow loses the settlement\n"
	    "green conquers yellow's village 2 at marmora: now green 2 with 2 inhabitants\n"
	    "green wins at marmora with 5 knights\n", NOTE.text,
	    "R8.3 the defender loses knights, then scouts, then boats; the settlement falls last");
	ok(st.p[TG_YELLOW].units == 1 && st.p[TG_YELLOW].scouts == 0 &&
	    st.p[TG_YELLOW].boats == 0, "R8.3 yellow's supply counts its losses");

	/* The attacker's default order: knights first. */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot tirien]\ncolor = yellow\nknights = 1\n"
	    "[spot steenwijk]\ncolor = green\nknights = 1\nscouts = 1\n");
	fixed(lose1, 5);
	done(&st, TG_GREEN, "move 1 knight 1 scout from steenwijk to tirien",
	    "R8.3 a knight and a scout attack, default losses");
	ok(noted("roll: green 1+1 = 2, yellow 6 = 6: green loses a knight\n") &&
	    noted("green wins at tirien with 1 scout\n"),
	    "R8.3 the attacker loses its knight first by default");
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot tirien]\ncolor = yellow\nknights = 1\n"
	    "[spot steenwijk]\ncolor = green\nknights = 1\nscouts = 1\n");
	fixed(lose1, 5);
	done(&st, TG_GREEN, "move 1 knight 1 scout from steenwijk to tirien losses scouts,knights",
	    "R8.3 the same attack naming scouts first");
	ok(noted("roll: green 1+1 = 2, yellow 6 = 6: green loses a scout\n") &&
	    noted("green wins at tirien with 1 knight\n"),
	    "R8.3 the attacker's named order: the scout falls first");

	/* At sea: boats anywhere in the order. */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot lumhaven]\ncolor = yellow\nknights = 1\n"
	    "[spot skarnvik]\ncolor = green\nknights = 2\nboats = 1\n");
	fixed(sea, 6);
	done(&st, TG_GREEN, "sail boat from skarnvik to lumhaven with 2 knights losses boats,knights,scouts",
	    "R8.3 a sea attack naming boats first");
	ok(noted("roll: green 1+1 = 2, yellow 6 = 6: green loses a boat\n") &&
	    noted("green wins at lumhaven with 2 knights\n") &&
	    st.p[TG_GREEN].boats == 0 && tg_boats(&st, spot("lumhaven")) == 0,
	    "R8.3 the boat falls before the knights");
}

static void
r8_4_no_dice(void)
{
	struct tg_state st;
	static const uint8_t d[] = { 1, 6 };

	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot lumhaven]\ncolor = yellow\nknights = 1\n"
	    "[spot skarnvik]\ncolor = green\nknights = 1\nboats = 1\n");
	fixed(d, 2);
	done(&st, TG_GREEN, "sail boat from skarnvik to lumhaven with 1 knight",
	    "R8.4 one knight and a boat attack a knight");
	is_string("battle at lumhaven: green 1 knight 1 boat attack yellow 1 knight\n"
	    "roll: green 1 = 1, yellow 6 = 6: green loses a knight\n"
	    "yellow holds lumhaven with 1 knight\n", NOTE.text,
	    "R8.4 with its knight gone green has no die: the battle ends");
	ok(st.p[TG_GREEN].boats == 0 && tg_boats(&st, spot("skarnvik")) == 0 &&
	    tg_fig_color(&st, spot("lumhaven")) == TG_YELLOW,
	    "R8.4 the boat that cannot attack is destroyed too");
}

static void
r8_5_conquest(void)
{
	struct tg_state st;
	char buf[2048];
	static const uint8_t w[] = { 6, 6, 6, 6, 6, 1, 1 };
	int mm = spot("marmora"), card, n;

	/* A city of 5 keeps 3 and stays a city, without a second bonus. */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = city\ninhabitants = 5\nchip = 2\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\nchip = 3\n"
	    "[spot steenwijk]\ncolor = green\nknights = 5\n");
	card = tg_vcard(&st, mm);
	fixed(w, 7);
	done(&st, TG_GREEN, "move 5 knights from steenwijk to marmora",
	    "R8.5 green conquers yellow's city of 5");
	ok(noted("green conquers yellow's city 2 at marmora: now green 2 with 3 inhabitants\n"),
	    "R8.5 half the inhabitants rounded up: 3 of 5 (chip 2: green's lowest free)");
	ok(tg_owner(&st, mm) == TG_GREEN && tg_inhab(&st, mm) == 3 &&
	    tg_is_city(&st, mm) && tg_vcard(&st, mm) == card && tg_chip(&st, mm) == 2,
	    "R8.5/R8.9 the city passes with its card; green's chip 2 replaces yellow's");
	ok(!noted("becomes a city"), "R8.9 a conquered city gives no bonus again");
	ok(st.p[TG_YELLOW].chips == 1 && st.p[TG_YELLOW].units == 1 &&
	    st.p[TG_GREEN].units == 1 + 1 + 5 + 3,
	    "R8.5/R8.9 yellow's chip returns, 2 inhabitants die, 3 are green's");
	ok(st.p[TG_GREEN].points == 3 + 1 + 1 + 2 && st.p[TG_YELLOW].points == 4,
	    "R8.5 green 7 points (palace, 2 villages, city), yellow 4");
	is_int(0, st.p[TG_GREEN].founded, "R8.9 conquest never counts as founding");

	/* A village of 3 keeps 2. */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\ninhabitants = 3\n"
	    "[spot steenwijk]\ncolor = green\nknights = 5\n");
	fixed(w, 7);
	done(&st, TG_GREEN, "move 5 knights from steenwijk to marmora",
	    "R8.5 green conquers a village of 3");
	ok(tg_inhab(&st, mm) == 2 && !tg_is_city(&st, mm),
	    "R8.5 3 inhabitants: 2 kept (rounded up)");

	/* A winner with no chip left destroys the settlement. */
	n = snprintf(buf, sizeof buf,
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\ninhabitants = 2\nchip = 2\n"
	    "[spot steenwijk]\ncolor = green\nknights = 5\n"
	    "[spot hoogwacht]\ncolor = green\nsettlement = village\n");
	for (int i = 0; i < D.nspots; i++)
		if (D.spots[i].land == TG_NOORLAND && !D.spots[i].capital)
			n += snprintf(buf + n, sizeof buf - (size_t)n,
			    "[spot %s]\ncolor = green\nsettlement = village\n",
			    D.spots[i].name);
	pos(&st, buf);
	card = tg_vcard(&st, mm);
	n = st.vcount;
	fixed(w, 7);
	done(&st, TG_GREEN, "move 5 knights from steenwijk to marmora",
	    "R8.5 green, all 10 chips in play, takes marmora");
	ok(noted("green destroys yellow's village 2 at marmora: no chip left\n"),
	    "R8.5 with no chip left the winner destroys the village");
	ok(tg_owner(&st, mm) < 0 && st.kn[mm] == 5 && tg_fig_color(&st, mm) == TG_GREEN,
	    "R8.5/R8.6 the spot is free; the 5 knights occupy it");
	ok(st.vcount == n + 1 &&
	    st.vdeck[(st.vhead + st.vcount - 1) % TG_VILLAGE_CARDS] == card,
	    "R8.5/R8.9 its card goes to the bottom of the village deck");
	ok(st.p[TG_YELLOW].units == 1 && st.p[TG_YELLOW].chips == 1,
	    "R8.5 its inhabitants die, yellow's chip returns");
}

static void
r8_9_details(void)
{
	struct tg_state st;
	static const uint8_t w[] = { 6, 6, 6, 6, 6, 1, 1 };
	static const uint8_t s1[] = { 6, 1, 1 };
	static const uint8_t one[] = { 6, 1, 1, 1, 1, 1 };
	static const uint8_t back[] = { 6, 6, 6, 1, 1, 1, 6, 6, 6, 1, 1 };
	int ct = spot("citel"), mm = spot("marmora");
	const struct tg_yield *y;

	/* The lowest free chip: green holds 1 and 3, so it places 2. */
	pos(&st, "[spot ulvdal]\ncolor = green\nsettlement = village\nchip = 3\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\ninhabitants = 4\n"
	    "[spot steenwijk]\ncolor = green\nscouts = 1\n");
	fixed(s1, 3);
	done(&st, TG_GREEN, "move 1 scout from steenwijk to marmora",
	    "R8.9 a lone scout attacks a village");
	ok(tg_owner(&st, mm) == TG_GREEN && tg_chip(&st, mm) == 2 &&
	    tg_inhab(&st, mm) == 2 && tg_scouts(&st, mm) == 1,
	    "R8.9 a lone scout may conquer; the winner places its lowest free chip (2)");
	is_int(0, st.p[TG_GREEN].founded, "R8.9 the conquest is no founding");

	/* Kept inhabitants come from the supply: green has room for 1. */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\ninhabitants = 4\n"
	    "[spot steenwijk]\ncolor = green\nknights = 5\n"
	    "[spot ulvdal]\ncolor = green\nknights = 53\n");
	is_int(59, st.p[TG_GREEN].units, "R8.9 green has 59 of its 60 units in play");
	fixed(w, 7);
	done(&st, TG_GREEN, "move 5 knights from steenwijk to marmora",
	    "R8.9 green conquers a village of 4");
	ok(tg_inhab(&st, mm) == 1 && st.p[TG_GREEN].units == 60,
	    "R8.9 it keeps what the supply holds: 1 inhabitant, not 2");

	/*
	 * A captured capital: its card keeps its printed values (green's
	 * taxes next round), the spot is no capital any more (no palace when
	 * yellow takes it back).
	 */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\nchip = 2\n"
	    "[spot zolothberg]\ncolor = yellow\nknights = 3\n"
	    "[spot tirien]\ncolor = green\nknights = 1\n");
	fixed(one, 6);
	done(&st, TG_GREEN, "move 1 knight from tirien to citel",
	    "R8.9 one green knight takes the yellow capital (6 against 1+1+1+1+1)");
	ok(tg_owner(&st, ct) == TG_GREEN && !tg_has_palace(&st, ct) &&
	    tg_vcard(&st, ct) == vcard("citel"),
	    "R8.9 green holds citel with the capital card, without palace");
	done(&st, TG_GREEN, "end", "R8.9 green ends");
	done(&st, TG_YELLOW, "end", "R8.9 yellow ends: round 2");
	y = side("citel", 0);
	ok(st.p[TG_GREEN].coin[0] == side("psor", 0)->copper + y->copper &&
	    st.p[TG_GREEN].coin[1] == side("psor", 0)->silver + y->silver &&
	    st.p[TG_GREEN].coin[2] == side("psor", 0)->gold + y->gold,
	    "R8.9 the captured capital card pays its printed taxes to green");
	is_int(TG_YELLOW, tg_active_color(&st), "R4.6 yellow (1 point) acts first in round 2");
	fixed(back, 11);
	done(&st, TG_YELLOW, "move 3 knights from zolothberg to citel",
	    "R8.9 yellow attacks its old capital");
	ok(starts("battle at citel: yellow 3 knights attack green 1 knight and village 2 (2 inhabitants)\n"),
	    "R8.9 the old capital defends as a plain village (no palace dice)");
	ok(tg_owner(&st, ct) == TG_YELLOW && !tg_has_palace(&st, ct) &&
	    !(st.p[TG_YELLOW].flags & TG_PF_PALACE) && st.p[TG_YELLOW].points == 2,
	    "R8.5 the palace is lost for good: yellow retakes citel without it (2 points)");
	ok(sound(&st), "R8.9 invariants after the reconquest");
}

static void
r8_6_examples(void)
{
	struct tg_state st;
	static const int PW[] = { TG_PURPLE, TG_WHITE };
	static const uint8_t d1[] = { 5, 4, 2, 5, 5, 1, 2, 2, 6, 3, 4, 3 };
	static const uint8_t d2[] = { 4, 4, 3, 3, 3, 5, 5 };
	int s = spot("steenwijk"), im = spot("ipmond"), card;

	/* Example 1: 3 knights against 2, three rolls. */
	pos(&st, "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot marmora]\ncolor = green\nknights = 3\n"
	    "[spot steenwijk]\ncolor = yellow\nknights = 2\n");
	fixed(d1, 12);
	done(&st, TG_GREEN, "move 3 knights from marmora to steenwijk",
	    "R8.6 example 1: 3 green knights attack 2 yellow knights");
	ok(st.kn[s] == 2 && st.kspent[s] == 2 && tg_fig_color(&st, s) == TG_GREEN &&
	    st.p[TG_GREEN].units == 1 + 2 && st.p[TG_YELLOW].units == 1 &&
	    st.p[TG_GREEN].points == 4 && st.p[TG_YELLOW].points == 4,
	    "R8.6 example 1: 2 green knights occupy steenwijk; 1 green and 2 yellow knights died; points unchanged");

	/* Example 2: 5 white knights and a boat against a village of 4. */
	scen(&st, 2, PW, "[game]\nfirst = white\n"
	    "[spot nieuw-delia]\ncolor = purple\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot ipmond]\ncolor = purple\nsettlement = village\ninhabitants = 4\nchip = 2\n"
	    "[spot pyros]\ncolor = white\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot iphaven]\ncolor = white\nknights = 5\nboats = 1\n");
	card = tg_vcard(&st, im);
	fixed(d2, 7);
	done(&st, TG_WHITE, "sail boat from iphaven to ipmond with 5 knights",
	    "R8.6 example 2: the sea attack");
	is_int(0, tg_test_forced_left(), "R8.6 example 2: one roll, 5 dice against 2");
	ok(tg_owner(&st, im) == TG_WHITE && tg_inhab(&st, im) == 2 &&
	    tg_chip(&st, im) == 2 && tg_vcard(&st, im) == card &&
	    st.kn[im] == 5 && tg_boats(&st, im) == 1 && tg_fig_color(&st, spot("iphaven")) < 0,
	    "R8.6 example 2: the village passes with 2 of 4 inhabitants and its card; knights and boat occupy it");
	ok(st.p[TG_PURPLE].units == 1 && st.p[TG_PURPLE].chips == 1 &&
	    st.p[TG_PURPLE].points == 4 && st.p[TG_WHITE].points == 5 &&
	    st.p[TG_WHITE].units == 1 + 5 + 2 && st.p[TG_WHITE].boats == 1,
	    "R8.6 example 2: purple 4 points, white 5; supplies counted");
}

int
main(void)
{
	util_init();
	r8_1_dice();
	r8_2_cap_and_tie();
	r8_3_casualties();
	r8_4_no_dice();
	r8_5_conquest();
	r8_9_details();
	r8_6_examples();
	dice(NULL, 0);
	return done_testing();
}
