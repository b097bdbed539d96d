/*
 * t/unit/rules-round.c -- rule R4 of trigon-rules(7): the round (collection
 * phase, then action phases), the order of serving and of acting, taxes,
 * births, bonus knights and the reserve.  Positions come from scenarios;
 * the collection phase is run either by the scenario (collect = yes) or
 * by the last player ending the round.
 */
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"

static const int GY[] = { TG_GREEN, TG_YELLOW };
static const int GPY[] = { TG_GREEN, TG_PURPLE, TG_YELLOW };

static const char *const NCARDS[] = { "boerengehucht", "vissersdorp",
    "turfsteek", "schaapskooi", "molenhoek", "houthakkersweide",
    "kleiputten", "rietland" };

/* Green holds all of Noorland with villages of known cards. */
static const char *
noorland_held(char *buf, size_t n, const char *psor, const char *extra)
{
	size_t len;
	int k = 0;

	len = (size_t)snprintf(buf, n,
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\nchip = 1\n%s",
	    psor);
	for (int i = 0; i < D.nspots; i++)
		if (D.spots[i].land == TG_NOORLAND && !D.spots[i].capital) {
			len += (size_t)snprintf(buf + len, n - len,
			    "[spot %s]\ncolor = green\nsettlement = village\nchip = %d\ncard = %s\n",
			    D.spots[i].name, k + 2, NCARDS[k]);
			k++;
		}
	snprintf(buf + len, n - len, "%s", extra);
	return buf;
}

/* Taxes note line as the engine words it (R4.3, R1.2). */
static void
taxes_line(char *buf, size_t n, const char *color, const int due[3],
    const int got[3])
{
	if (got[0] == due[0] && got[1] == due[1] && got[2] == due[2])
		snprintf(buf, n, "taxes %s: %d copper %d silver %d gold\n",
		    color, got[0], got[1], got[2]);
	else
		snprintf(buf, n,
		    "taxes %s: %d copper %d silver %d gold (the bank is short: %d copper %d silver %d gold unpaid)\n",
		    color, got[0], got[1], got[2], due[0] - got[0],
		    due[1] - got[1], due[2] - got[2]);
}

static void
add_side(int due[3], const char *slug, int city)
{
	const struct tg_yield *y = side(slug, city);

	due[0] += y->copper;
	due[1] += y->silver;
	due[2] += y->gold;
}

static void
r4_round(void)
{
	struct tg_state st;
	char buf[4096], want[2048], ty[256], tgr[256];
	int ydue[3] = { 0 }, gdue[3] = { 0 }, bonus = card_bonus_only(4);
	const char *bslug = D.villages[bonus].id;

	/*
	 * R4.1, R4.2, R4.3, R4.4, R4.5, R4.8: green (20 points) ends round
	 * 1; round 2 orders by points, then taxes for all, births for all
	 * (with the city bonus they trigger), bonus knights for all.
	 */
	snprintf(want, sizeof want, "[game]\nfirst = yellow\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\nchip = 1\n"
	    "[spot steenwijk]\ncolor = yellow\nsettlement = village\ninhabitants = 4\ncard = %s\nchip = 2\n",
	    bslug);
	scen(&st, 2, GY, noorland_held(buf, sizeof buf, "", want));
	is_int(20, st.p[TG_GREEN].points,
	    "R4.5/R11.1 green: palace 3 + 9 villages + 8 for Noorland = 20");
	is_int(5, st.p[TG_YELLOW].points, "R11.1 yellow: palace 3 + 2 villages");
	done(&st, TG_YELLOW, "end", "R4.7 yellow ends its action phase");
	is_string("green to act\n", NOTE.text, "R4.6 play goes on in seat order");
	done(&st, TG_GREEN, "end", "R4.1 the last action phase ends the round");
	add_side(ydue, "citel", 0);
	add_side(ydue, bslug, 0);
	add_side(gdue, "psor", 0);
	for (int k = 0; k < 8; k++)
		add_side(gdue, NCARDS[k], 0);
	taxes_line(ty, sizeof ty, "yellow", ydue, ydue);
	taxes_line(tgr, sizeof tgr, "green", gdue, gdue);
	snprintf(want, sizeof want, "round 2\n"
	    "order: yellow green\n"
	    "%s%s"
	    "births yellow: citel +1 steenwijk +1\n"
	    "yellow becomes a city at steenwijk: bonus %d silver\n"
	    "births green: psor +1 ijsfjord +1 frostholm +1 ravnsborg +1 valdheim +1 trollmark +1 skarnvik +1 ulvdal +1 norrhavn +1\n"
	    "bonus green: 8 reserve knights for holding Noorland\n"
	    "yellow to act\n", ty, tgr, D.villages[bonus].bonus.silver);
	is_string(want, NOTE.text,
	    "R4.8 the procedure of a round: order, taxes for all, births for all, bonus knights for all");
	is_int(2, st.round, "R4.1 round 2 has begun");
	ok(st.p[TG_YELLOW].coin[0] == ydue[0] &&
	    st.p[TG_YELLOW].coin[1] == ydue[1] + D.villages[bonus].bonus.silver &&
	    st.p[TG_YELLOW].coin[2] == ydue[2],
	    "R4.3 yellow's taxes from the village sides of its cards, then the city bonus");
	ok(st.p[TG_GREEN].coin[0] == gdue[0] && st.p[TG_GREEN].coin[1] == gdue[1] &&
	    st.p[TG_GREEN].coin[2] == gdue[2],
	    "R4.3 green's taxes: the sum of its 9 cards");
	ok(tg_inhab(&st, spot("steenwijk")) == 5 &&
	    tg_is_city(&st, spot("steenwijk")) && tg_inhab(&st, spot("citel")) == 2,
	    "R4.4 births: steenwijk 4 -> 5 is a city, citel 1 -> 2");
	ok(st.p[TG_GREEN].reserve == 8 && st.p[TG_GREEN].units == 18 + 8,
	    "R4.5/R4.9 8 reserve knights, taken out of the supply");
	ok(sound(&st), "R4.8 invariants after the collection phase");

	/* R4.9: the reserve must be placed before green ends. */
	done(&st, TG_YELLOW, "end", "R4.9 yellow ends");
	refused(&st, TG_GREEN, "end", RULES_REFUSED,
	    "green must first place 8 reserve knights on own settlements",
	    "R4.9 green may not end with reserve knights");
	refused(&st, TG_GREEN, "place 9 knights at psor", RULES_REFUSED,
	    "green has 8 reserve knights, not 9",
	    "R4.9 no more than the reserve");
	refused(&st, TG_GREEN, "place 1 knight at citel", RULES_REFUSED,
	    "green has no settlement at citel: reserve knights are placed on own settlements",
	    "R4.9 only on own settlements");
	done(&st, TG_GREEN, "place 3 knights at psor", "R4.9 placing 3 is an action");
	done(&st, TG_GREEN, "place 5 knights at ulvdal", "R4.9 placing 5 more");
	ok(st.kn[spot("psor")] == 3 && st.kn[spot("ulvdal")] == 5 &&
	    st.p[TG_GREEN].reserve == 0 && st.p[TG_GREEN].units == 26,
	    "R4.9 the knights stand on the board, the supply count unchanged");
	done(&st, TG_GREEN, "move 3 knights from psor to frostholm",
	    "R4.9/R6.3 placed knights may move at once");
	done(&st, TG_GREEN, "end", "R4.9 with the reserve placed green ends");
	is_int(8, st.p[TG_GREEN].reserve,
	    "R4.9 the bonus comes every round while the land is wholly held");
}

static void
r4_2_bank_short(void)
{
	struct tg_state st;
	char text[2048], l1[256], l2[256], both[512];
	int ydue[3] = { 0 }, gdue[3] = { 0 }, got[3], cb = card_bonus_only(3);

	/*
	 * R4.2: served in ascending points; the bank holds yellow's copper
	 * + 1.  Yellow (4 points) is served before green (5 points).
	 */
	add_side(ydue, "citel", 0);
	add_side(gdue, "psor", 0);
	add_side(gdue, "turfsteek", 0);
	snprintf(text, sizeof text, "[game]\nfirst = green\ncollect = yes\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\ncard = turfsteek\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[player yellow]\ncopper = %d\n", 30 - ydue[0] - 1);
	scen_opts(&st, 2, GY, NULL, text, &NOTE);
	taxes_line(l1, sizeof l1, "yellow", ydue, ydue);
	memcpy(got, gdue, sizeof got);
	got[0] = 1;
	taxes_line(l2, sizeof l2, "green", gdue, got);
	snprintf(both, sizeof both, "%s%s", l1, l2);
	ok(noted(both),
	    "R4.2/R1.2 the player with fewer points is paid first; what the bank lacks is not paid");
	ok(st.p[TG_YELLOW].coin[0] == 29 && st.p[TG_GREEN].coin[0] == 1 &&
	    st.bank[0] == 0, "R4.2 copper: yellow 29, green 1, bank 0");

	/* Ties: seat order from this round's first player. */
	memset(gdue, 0, sizeof gdue);
	add_side(gdue, "psor", 0);
	for (int first = 0; first < 2; first++) {
		const char *f = first ? "yellow" : "green";
		const char *o = first ? "green" : "yellow";
		int gone[3], none[3];

		snprintf(text, sizeof text, "[game]\nfirst = %s\ncollect = yes\n"
		    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
		    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
		    "[player green]\ncopper = 29\n", f);
		scen_opts(&st, 2, GY, NULL, text, &NOTE);
		memcpy(gone, first ? ydue : gdue, sizeof gone);
		memcpy(none, first ? gdue : ydue, sizeof none);
		gone[0] = 1;
		none[0] = 0;
		taxes_line(l1, sizeof l1, f, first ? ydue : gdue, gone);
		taxes_line(l2, sizeof l2, o, first ? gdue : ydue, none);
		snprintf(both, sizeof both, "%s%s", l1, l2);
		ok(noted(both),
		    "R4.2 equal points: %s, first this round, is served first", f);
	}
	is_int(29, st.p[TG_GREEN].coin[0], "R4.2 yellow got the last copper");

	/*
	 * R4.8: taxes for all before births for all: yellow's city bonus
	 * (copper only) comes after green's taxes have emptied the bank.
	 */
	memset(gdue, 0, sizeof gdue);
	memset(ydue, 0, sizeof ydue);
	add_side(gdue, "psor", 0);
	add_side(gdue, "boerengehucht", 0);
	add_side(ydue, "citel", 0);
	add_side(ydue, D.villages[cb].id, 0);
	snprintf(text, sizeof text, "[game]\nfirst = green\ncollect = yes\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\ncard = boerengehucht\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot zolothberg]\ncolor = yellow\nsettlement = village\ninhabitants = 4\ncard = %s\n"
	    "[player green]\ncopper = %d\n", D.villages[cb].id,
	    30 - gdue[0] - ydue[0]);
	scen_opts(&st, 2, GY, NULL, text, &NOTE);
	ok(noted("yellow becomes a city at zolothberg: bonus nothing left to give\n") &&
	    st.p[TG_YELLOW].coin[0] == ydue[0] && st.bank[0] == 0,
	    "R4.8/R8.9 the city bonus comes after every player's taxes: the bank is empty by then");
}

static void
r4_5_supply(void)
{
	struct tg_state st;
	char buf[4096];

	/* 9 inhabitants + 9 births + 38 knights = 56: only 4 are paid. */
	scen_opts(&st, 2, GY, NULL, noorland_held(buf, sizeof buf,
	    "knights = 38\n",
	    "[game]\nfirst = green\ncollect = yes\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"), &NOTE);
	ok(strstr(NOTE.text, "bonus green: 4 reserve knights for holding Noorland\n") != NULL,
	    "R4.5/R4.9 bonus knights only as far as the supply of 60 holds");
	ok(st.p[TG_GREEN].reserve == 4 && st.p[TG_GREEN].units == 60,
	    "R4.9 4 in reserve, the supply exhausted");
}

static void
r4_6_order(void)
{
	struct tg_state st;
	static const uint8_t d1[] = { 4, 2, 2, 5, 3 };
	const char *base =
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot nieuw-delia]\ncolor = purple\nsettlement = village\npalace = yes\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n";
	char buf[2048];

	/* All tie: one die each, lowest first, reroll among the tied. */
	dice(d1, 5);
	scen_opts(&st, 3, GPY, NULL, base, &NOTE);
	is_string("turn-order roll: green 4 purple 2 yellow 2\n"
	    "turn-order roll: purple 5 yellow 3\n"
	    "order: yellow green purple\n"
	    "yellow to act\n", NOTE.text,
	    "R4.6 ties by dice, lowest first, rerolled among the tied; then seat order");
	is_int(0, tg_test_forced_left(), "R4.6 five dice thrown");
	ok(st.order[0] == TG_YELLOW && st.order[1] == TG_GREEN &&
	    st.order[2] == TG_PURPLE, "R4.6 order yellow, green, purple (clockwise)");

	/* The fewest points go first, without dice. */
	snprintf(buf, sizeof buf, "%s%s", base,
	    "[spot frostholm]\ncolor = green\nsettlement = village\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\n"
	    "[spot steenwijk]\ncolor = yellow\nsettlement = village\n");
	dice(d1, 5);
	scen_opts(&st, 3, GPY, NULL, buf, &NOTE);
	is_string("order: purple yellow green\npurple to act\n", NOTE.text,
	    "R4.6 purple (4 points) first, then clockwise: yellow (6), green (5)");
	is_int(5, tg_test_forced_left(), "R4.6 no die thrown without a tie");
	dice(NULL, 0);

	/* Points counted before the collection phase. */
	scen_opts(&st, 3, GPY, NULL,
	    "[game]\ncollect = yes\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot frostholm]\ncolor = green\nsettlement = village\n"
	    "[spot ravnsborg]\ncolor = green\nsettlement = village\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot marmora]\ncolor = yellow\nsettlement = village\n"
	    "[spot steenwijk]\ncolor = yellow\nsettlement = village\n"
	    "[spot nieuw-delia]\ncolor = purple\nsettlement = village\npalace = yes\ninhabitants = 4\n"
	    "[spot hoogwacht]\ncolor = purple\nsettlement = village\ninhabitants = 4\n", &NOTE);
	ok(starts("round 1\norder: purple yellow green\n") &&
	    st.p[TG_PURPLE].points == 7 && st.p[TG_GREEN].points == 6,
	    "R4.6/R4.8 purple (5 points before the collection) acts first though it has 7 after");
}

static void
r4_7_turn(void)
{
	struct tg_state st;

	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\ninhabitants = 4\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\ninhabitants = 3\n"
	    "[player green]\ncopper = 2\n"
	    "[player yellow]\ncopper = 5\n");
	refused(&st, TG_YELLOW, "build knight at citel", RULES_ESEAT,
	    "yellow may not act now: it is green's turn",
	    "R4.7 nothing is done in another player's turn");
	done(&st, TG_GREEN, "build knight at psor", "R4.7 green builds");
	done(&st, TG_GREEN, "build knight at psor", "R4.7 and builds again");
	refused(&st, TG_GREEN, "build knight at psor", RULES_REFUSED,
	    "not enough copper: a knight costs 1 copper + 1 inhabitant, green has 0 copper",
	    "R4.7 as often as green can pay");
	ok(st.kn[spot("psor")] == 2 && tg_inhab(&st, spot("psor")) == 2,
	    "R4.7 two knights, two inhabitants left");
	done(&st, TG_GREEN, "end", "R4.7 green ends its turn");
	is_int(seat_of(&st, TG_YELLOW), tg_to_act(&st), "R4.7 then yellow acts");
}

static void
r4_9_reserve(void)
{
	struct tg_state st;
	static const uint8_t d[] = { 6, 6, 6, 6, 6, 1, 1, 1, 1, 1 };

	/* Reserve knights are off the board: they do not defend. */
	scen(&st, 2, GY, "[game]\nfirst = yellow\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\nchip = 2\n"
	    "[spot psor]\ncolor = green\nsettlement = village\nchip = 1\n"
	    "[spot skarnvik]\ncolor = yellow\nknights = 5\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n"
	    "[player green]\nreserve = 3\n");
	dice(d, 10);
	done(&st, TG_YELLOW, "move 5 knights from skarnvik to ulvdal",
	    "R4.9 yellow attacks a green village while green has 3 in reserve");
	ok(starts("battle at ulvdal: yellow 5 knights attack green village 2 (1 inhabitant)\n"
	    "roll: yellow 6+6+6+6+6 = 30, green 1+1 = 2: green loses the settlement\n"),
	    "R4.9 the defence is the village alone (2 dice): reserve knights do not defend");
	ok(st.p[TG_GREEN].reserve == 3 && st.p[TG_GREEN].units == 3 + 1,
	    "R4.9 the reserve is untouched by the battle");
	dice(NULL, 0);
}

static void
r4_9_land_lost(void)
{
	struct tg_state st;
	char buf[4096];
	static const uint8_t d[] = { 6, 6, 6, 1, 1 };

	/* The 8 points and the bonus knights last while the land is held. */
	scen(&st, 2, GY, noorland_held(buf, sizeof buf, "",
	    "[game]\nfirst = yellow\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[spot lumhaven]\ncolor = yellow\nknights = 3\nboats = 1\n"));
	is_int(20, st.p[TG_GREEN].points, "R4.9 green holds Noorland: 20 points");
	dice(d, 5);
	done(&st, TG_YELLOW, "sail boat from lumhaven to skarnvik with 3 knights",
	    "R4.9 yellow takes skarnvik from the sea");
	is_int(20 - 1 - 8, st.p[TG_GREEN].points,
	    "R4.9/R11.1 green loses the village and the 8 points of Noorland");
	is_int(4 + 1, st.p[TG_YELLOW].points, "R8.5 yellow gains the village");
	done(&st, TG_YELLOW, "end", "yellow ends");
	done(&st, TG_GREEN, "end", "green ends: round 2");
	ok(!noted("bonus green") && st.p[TG_GREEN].reserve == 0,
	    "R4.5/R4.9 no bonus knights for a land no longer wholly held");
	dice(NULL, 0);
}

int
main(void)
{
	util_init();
	r4_round();
	r4_2_bank_short();
	r4_5_supply();
	r4_6_order();
	r4_7_turn();
	r4_9_reserve();
	r4_9_land_lost();
	return done_testing();
}
