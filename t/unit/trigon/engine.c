/*
 * t/unit/engine.c -- the Trigon engine (lib/games/trigon/engine.h): set-up
 * (R3), the rulebook's two battles with fixed dice (R8.6), refusals with
 * their exact messages leaving the state untouched, order language
 * round trips, legal/apply agreement, and random games to the end with
 * every invariant checked and replays compared.
 */
#include <string.h>

#include "../../tap.h"
#include "../seed-util.h"
#include "games/trigon/engine.h"
#include "games/trigon/trigon.h"

static struct tg_data D;

static int
spot(const char *name)
{
	int s = tg_spot_find(&D, name, strlen(name));

	if (s < 0)
		bail("no spot %s in the default map", name);
	return s;
}

static void
game(struct tg_state *st, int nseats, const int *colors, unsigned seedbyte,
    struct rules_note *note)
{
	struct tg_setup s;
	struct rules_error err;

	tg_setup_default(&s);
	s.chance = seed_chance_byte(seedbyte, &s.salt);
	s.nseats = nseats;
	for (int i = 0; i < nseats; i++)
		s.color[i] = (uint8_t)colors[i];
	if (tg_init(st, &D, &s, note, &err) != 0)
		bail("tg_init: %s", err.msg);
}

/* Make color c the active player (a direct state edit for tests). */
static void
make_active(struct tg_state *st, int c)
{
	for (int i = 0; i < st->norder; i++)
		if (st->order[i] == c)
			st->turn = (uint8_t)i;
}

static int
apply_text(struct tg_state *st, int seat, const char *text,
    struct rules_note *note, struct rules_error *err)
{
	struct tg_action a;
	int rc;

	if (note) {
		note->len = 0;
		note->text[0] = '\0';
	}
	rc = tg_parse(&D, st, seat, text, strlen(text), &a, err);
	if (rc != 0)
		return rc;
	return tg_apply(&D, st, seat, &a, note, err);
}

/* Apply text expecting refusal msg; check the state is untouched. */
static void
refused(struct tg_state *st, int seat, const char *text, int want_rc,
    const char *msg, const char *what)
{
	struct tg_state before = *st;
	struct rules_error err;
	int rc = apply_text(st, seat, text, NULL, &err);

	is_int(want_rc, rc, "%s: refused", what);
	is_string(msg, err.msg, "%s: message", what);
	ok(memcmp(&before, st, sizeof before) == 0, "%s: state unchanged",
	    what);
}

static void
test_setup(void)
{
	static const int four[] = { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };
	static const int two[] = { TG_YELLOW, TG_GREEN };
	struct tg_state st, st2;
	struct rules_note note;
	struct rules_error err;

	note.len = 0;
	note.text[0] = '\0';
	game(&st, 4, four, 1, &note);
	is_int(0, tg_check(&D, &st, &err), "R3: invariants hold after set-up");
	is_int(1, st.round, "R4.8: the game starts in round 1");
	is_int(TG_PH_ACTION, st.phase, "R4.8: round 1's collection is done");
	for (int c = 0; c < 4; c++) {
		int cap = D.capital[c];

		ok(tg_owner(&st, cap) == c && tg_chip(&st, cap) == 1 &&
		    tg_has_palace(&st, cap) && st.kn[cap] == 5 &&
		    tg_scouts(&st, cap) == 1,
		    "R3.1: %s has its capital, palace, chip 1, 5 knights, 1 scout",
		    tg_color_name[c]);
		/* R4.3/R4.4: the capital card's taxes and births came in. */
		is_int(2, tg_inhab(&st, cap), "R4.4: %s's capital has 2 inhabitants after births",
		    tg_color_name[c]);
		is_int(4, st.p[c].points, "R11.1: %s has 4 points (palace + village)",
		    tg_color_name[c]);
	}
	ok(strstr(note.text, "turn-order roll:") != NULL,
	    "R4.6: round 1 rolls for the turn order (all tie)");
	ok(strstr(note.text, "taxes green: 2 copper 1 silver 0 gold") != NULL,
	    "R4.3: taxes noted");
	is_int(46, st.vcount, "R3.2: 46 village cards in the deck");
	/* Same seed, same game. */
	game(&st2, 4, four, 1, NULL);
	ok(memcmp(&st, &st2, sizeof st) == 0,
	    "R3.2: the same seed gives the same state");
	game(&st2, 4, four, 2, NULL);
	ok(memcmp(st.vdeck, st2.vdeck, sizeof st.vdeck) != 0,
	    "R3.2: another seed shuffles otherwise");

	game(&st, 2, two, 3, NULL);
	is_int(48, st.vcount, "R3.5: absent colors' capital cards join the deck");
	ok(tg_owner(&st, D.capital[TG_PURPLE]) < 0 &&
	    tg_fig_color(&st, D.capital[TG_PURPLE]) < 0,
	    "R1.1: an absent color's capital is a free spot");
	is_int(TG_YELLOW, st.seat_color[0], "R3.5: seat 0 is the first named");
}

static void
test_battle_examples(void)
{
	static const int gy[] = { TG_GREEN, TG_YELLOW };
	static const int pw[] = { TG_PURPLE, TG_WHITE };
	static const uint8_t dice1[] = {
		5, 4, 2, 5, 5,	/* 11 against 10 */
		1, 2, 2, 6,	/* 5 against 6 */
		3, 4, 3,	/* 7 against 3 */
	};
	static const uint8_t dice2[] = { 4, 4, 3, 3, 3, 5, 5 };
	struct tg_state st;
	struct rules_note note;
	struct rules_error err;
	int rc, m, s, ip, im;

	/* R8.6, first example: 3 green knights attack 2 yellow knights. */
	game(&st, 2, gy, 7, NULL);
	m = spot("marmora");
	s = spot("steenwijk");
	tg_put_figures(&D, &st, m, TG_GREEN, 3, 0, 0, &err);
	tg_put_figures(&D, &st, s, TG_YELLOW, 2, 0, 0, &err);
	make_active(&st, TG_GREEN);
	tg_test_force_dice(dice1, sizeof dice1);
	rc = apply_text(&st, 0, "move 3 knights from marmora to steenwijk",
	    &note, &err);
	is_int(0, rc, "R8.6 example 1: the attack applies");
	is_string("battle at steenwijk: green 3 knights attack yellow 2 knights\n"
	    "roll: green 5+4+2 = 11, yellow 5+5 = 10: yellow loses a knight\n"
	    "roll: green 1+2+2 = 5, yellow 6 = 6: green loses a knight\n"
	    "roll: green 3+4 = 7, yellow 3 = 3: yellow loses a knight\n"
	    "green wins at steenwijk with 2 knights\n", note.text,
	    "R8.6 example 1: the three rolls as in the rulebook");
	is_int(0, tg_test_forced_left(), "R8.6 example 1: 12 dice thrown");
	ok(tg_fig_color(&st, s) == TG_GREEN && st.kn[s] == 2 &&
	    tg_fig_color(&st, m) < 0,
	    "R8.6 example 1: 2 green knights occupy steenwijk");
	is_int(0, tg_check(&D, &st, &err), "R8.6 example 1: invariants");
	refused(&st, 0, "move 2 knights from steenwijk to tirien",
	    RULES_REFUSED,
	    "green has 0 knights at steenwijk that can still move, not 2",
	    "R7.6: an army that attacked does not move again");

	/* R8.6, second example: 5 white knights and a boat by sea. */
	game(&st, 2, pw, 8, NULL);
	ip = spot("iphaven");
	im = spot("ipmond");
	tg_put_figures(&D, &st, ip, TG_WHITE, 5, 0, 1, &err);
	rc = tg_put_settlement(&D, &st, im, TG_PURPLE, -1, 4, 0, 0, &err);
	is_int(0, rc, "R8.6 example 2: a purple village of 4 at ipmond");
	make_active(&st, TG_WHITE);
	tg_test_force_dice(dice2, sizeof dice2);
	rc = apply_text(&st, 1, "sail boat from iphaven to ipmond with 5 knights",
	    &note, &err);
	is_int(0, rc, "R8.6 example 2: the sea attack applies");
	is_string("battle at ipmond: white 5 knights 1 boat attack purple village 2 (4 inhabitants)\n"
	    "roll: white 4+4+3+3+3 = 17, purple 5+5 = 10: purple loses the settlement\n"
	    "white conquers purple's village 2 at ipmond: now white 2 with 2 inhabitants\n"
	    "white wins at ipmond with 5 knights 1 boat\n", note.text,
	    "R8.6 example 2: one roll, 17 against 10");
	ok(tg_owner(&st, im) == TG_WHITE && tg_inhab(&st, im) == 2 &&
	    tg_chip(&st, im) == 2 && st.kn[im] == 5 && tg_boats(&st, im) == 1,
	    "R8.5/R8.6: the village passes with 2 of 4 inhabitants; knights and boat occupy");
	is_int(0, st.p[TG_PURPLE].chips & 2, "R8.9: the loser's chip returns");
	is_int(0, tg_check(&D, &st, &err), "R8.6 example 2: invariants");
	tg_test_force_dice(NULL, 0);
}

static void
test_refusals(void)
{
	static const int gp[] = { TG_GREEN, TG_PURPLE };
	struct tg_state st;
	struct rules_error err;
	int psor = D.capital[TG_GREEN], gseat = 0, pseat = 1;

	game(&st, 2, gp, 9, NULL);
	make_active(&st, TG_GREEN);
	tg_set_coins(&st, TG_GREEN, 0, 1, 0);
	refused(&st, gseat, "build scout at psor", RULES_REFUSED,
	    "not enough silver: scout costs 3 silver + 1 gold + 1 inhabitant, green has 1 silver",
	    "R6.2: a scout costs 3 silver + 1 gold + 1 inhabitant");
	refused(&st, gseat, "build knight at psor", RULES_REFUSED,
	    "not enough copper: a knight costs 1 copper + 1 inhabitant, green has 0 copper",
	    "R6.1: a knight costs 1 copper");
	refused(&st, pseat, "end", RULES_ESEAT,
	    "purple may not act now: it is green's turn",
	    "R4.7: nothing in another player's turn");
	tg_set_coins(&st, TG_GREEN, 5, 5, 5);
	refused(&st, gseat, "build knight at frostholm", RULES_REFUSED,
	    "green has no settlement at frostholm",
	    "R6.1: knights are trained at own settlements");
	refused(&st, gseat, "build boat at psor", RULES_REFUSED,
	    "psor is no harbor: boats are built at a harbor settlement",
	    "R6.2: boats at a harbor settlement");
	refused(&st, gseat, "move 6 knights from psor to frostholm",
	    RULES_REFUSED,
	    "green has 5 knights at psor that can still move, not 6",
	    "R7.1: only figures that are there move");
	refused(&st, gseat, "move 1 knight from psor to ijsfjord",
	    RULES_REFUSED, "there is no path from psor to ijsfjord",
	    "R2.1: moves follow paths");
	tg_set_coins(&st, TG_GREEN, 2, 5, 5);
	refused(&st, gseat, "exchange copper", RULES_REFUSED,
	    "not enough copper: 1 silver costs 3 copper, green has 2 copper",
	    "R6.4: 3 copper for 1 silver");
	refused(&st, gseat, "crown", RULES_REFUSED,
	    "crowning an emperor needs 25 inhabitants over all own settlements; green has 2",
	    "R11.2: an emperor needs 25 inhabitants");
	refused(&st, gseat, "found at psor", RULES_REFUSED,
	    "psor already holds a settlement: a scout founds a village on a free spot",
	    "R9.1: founding needs a free spot");
	{
		struct rules_error e;
		struct tg_action a;
		int rc = tg_parse(&D, &st, gseat, "move 1 knight from psr to frostholm",
		    35, &a, &e);

		is_int(RULES_EPARSE, rc, "parse: unknown spot refused");
		is_string("unknown spot 'psr'", e.msg, "parse: message");
		is_string("did you mean 'psor'?", e.hint, "parse: did you mean");
		rc = tg_parse(&D, &st, gseat, "biuld knight at psor", 20, &a, &e);
		is_string("did you mean 'build'?", e.hint,
		    "parse: did you mean a keyword");
	}
	/* R4.9: reserve knights must be placed before ending. */
	st.p[TG_GREEN].reserve = 2;
	st.p[TG_GREEN].units += 2;
	refused(&st, gseat, "end", RULES_REFUSED,
	    "green must first place 2 reserve knights on own settlements",
	    "R4.9: no end with reserve knights");
	is_int(0, apply_text(&st, gseat, "place 2 knights at psor", NULL, &err),
	    "R4.9: placing reserve knights");
	is_int(7, st.kn[psor], "R4.9: they stand at the settlement");
	is_int(0, tg_check(&D, &st, &err), "invariants after placing");
}

static int
tg_path_of_test(int a, int b)
{
	return tg_path_between(&D, a, b);
}

static int
tg_river_color_test(const struct tg_state *st, int r)
{
	int c = st->rwho[r] & 0x0f;

	return c == TG_NOBODY ? -1 : c;
}

static void
test_river_and_sea(void)
{
	static const int gp[] = { TG_GREEN, TG_PURPLE };
	struct tg_state st;
	struct rules_error err;
	struct rules_note note;
	int psor = D.capital[TG_GREEN], vald = spot("valdheim");

	game(&st, 2, gp, 11, NULL);
	make_active(&st, TG_GREEN);
	/* valdheim = ~psor: a river path (R7.2). */
	is_int(0, apply_text(&st, 0, "move 2 knights from psor to valdheim",
	    NULL, &err), "R7.2: onto a river path");
	is_int(3, st.kn[psor], "R7.2: 2 knights left psor");
	ok(tg_fig_color(&st, vald) < 0, "R7.2: they stop on the path");
	refused(&st, 0, "cross 2 knights from psor to valdheim", RULES_REFUSED,
	    "green has 0 knights on the river path psor-valdheim that can still move, not 2",
	    "R7.2: crossing takes a second turn");
	refused(&st, 0, "move 1 knight from valdheim to psor", RULES_REFUSED,
	    "green has no figures at valdheim",
	    "R7.5: figures on a path are not at its ends");
	st.turn = (uint8_t)(1 - st.turn);	/* a turn passes for purple */
	make_active(&st, TG_GREEN);
	memset(st.rkmoved, 0, sizeof st.rkmoved);
	is_int(0, apply_text(&st, 0, "cross 2 knights from psor to valdheim",
	    &note, &err), "R7.5: completing the crossing");
	ok(tg_fig_color(&st, vald) == TG_GREEN && st.kn[vald] == 2,
	    "R7.5: they arrive at valdheim");
	is_int(0, tg_check(&D, &st, &err), "invariants after the crossing");
	refused(&st, 0, "sail boat from ijsfjord to westkaap", RULES_REFUSED,
	    "green has no boat at ijsfjord", "R7.3: a boat must be there");

	/* R7.5: entering a path that holds enemies is an attack there. */
	{
		static const uint8_t dice[] = { 6, 6, 6, 1, 1, 6, 6, 6, 1 };
		int p;

		game(&st, 2, gp, 12, NULL);
		make_active(&st, TG_GREEN);
		apply_text(&st, st.color_seat[TG_GREEN],
		    "move 2 knights from psor to valdheim", NULL, &err);
		tg_put_figures(&D, &st, vald, TG_PURPLE, 3, 0, 0, &err);
		apply_text(&st, st.color_seat[TG_GREEN], "end", NULL, &err);
		make_active(&st, TG_PURPLE);
		tg_test_force_dice(dice, sizeof dice);
		is_int(0, apply_text(&st, st.color_seat[TG_PURPLE],
		    "move 3 knights from valdheim to psor", &note, &err),
		    "R7.5: purple enters the path green stands on");
		is_string("battle at the river path valdheim-psor: purple 3 knights attack green 2 knights\n"
		    "roll: purple 6+6+6 = 18, green 1+1 = 2: green loses a knight\n"
		    "roll: purple 6+6+6 = 18, green 1 = 1: green loses a knight\n"
		    "purple wins at the river path valdheim-psor with 3 knights\n",
		    note.text, "R7.5: a battle on the path");
		p = D.paths[tg_path_of_test(vald, psor)].river_index;
		ok(tg_river_color_test(&st, p) == TG_PURPLE && st.rkn[p] == 3,
		    "R7.5: the survivors stay on the path");
		refused(&st, st.color_seat[TG_PURPLE],
		    "cross 3 knights from valdheim to psor", RULES_REFUSED,
		    "purple has 0 knights on the river path valdheim-psor that can still move, not 3",
		    "R7.6: an army that attacked does not move again");
		is_int(0, tg_check(&D, &st, &err), "R7.5: invariants");
	}
}


/* End the turns until color c is to act (or a new round began). */
static void
end_turns_until(struct tg_state *st, int c, struct rules_note *note)
{
	struct rules_error err;
	char all[RULES_NOTE_MAX];

	all[0] = '\0';
	for (int k = 0; k < 8 && st->order[st->turn] != c; k++) {
		if (apply_text(st, tg_to_act(st), "end", note, &err) != 0)
			bail("end: %s", err.msg);
		if (note != NULL && strlen(all) + note->len < sizeof all)
			strcat(all, note->text);
	}
	if (note != NULL) {
		strcpy(note->text, all);
		note->len = strlen(all);
	}
}

static void
test_collection(void)
{
	static const int gp[] = { TG_GREEN, TG_PURPLE };
	struct tg_state st;
	struct rules_note note;
	struct rules_error err;
	int lum = spot("lumhaven"), r0;
	const struct tg_village_card *v = &D.villages[7];

	game(&st, 2, gp, 31, NULL);
	/* A purple village of 4 with card 7 (births 1, bonus 2 knights). */
	is_int(0, tg_put_settlement(&D, &st, lum, TG_PURPLE, 7, 4, 0, 0, &err),
	    "collection: a purple village of 4 at lumhaven");
	is_int(5, st.p[TG_PURPLE].points, "R5.3: a village is 1 point");
	/* The bank short of copper: green holds 29 of the 30. */
	tg_set_coins(&st, TG_PURPLE, 0, 0, 0);
	tg_set_coins(&st, TG_GREEN, 29, 0, 0);
	is_int(1, st.bank[TG_COPPER], "(the bank holds 1 copper)");
	r0 = st.round;
	make_active(&st, st.order[st.norder - 1]);
	end_turns_until(&st, st.order[0], &note);
	is_int(r0 + 1, st.round, "R4.1: ending the last turn starts a round");
	ok(strstr(note.text,
	    "taxes green: 1 copper 1 silver 0 gold (the bank is short: 1 copper 0 silver 0 gold unpaid)\n"
	    "taxes purple: 0 copper 1 silver 0 gold (the bank is short: 4 copper 0 silver 0 gold unpaid)\n")
	    != NULL, "R4.2/R1.2: served in ascending points; the bank pays what it has");

	is_int(1, v->village.births, "(card 7 has 1 birth)");
	is_int(5, tg_inhab(&st, lum), "R4.4: births bring the village to 5");
	is_int(1, tg_is_city(&st, lum), "R5.1: at 5 it is a city at once");
	is_int(v->bonus.knights, st.kn[lum], "R5.1: the city bonus knights stand at the city");
	ok(strstr(note.text, "purple becomes a city at lumhaven: bonus 2 knights") != NULL,
	    "R5.1: the bonus is noted");
	is_int(3 + 1 + 2, st.p[TG_PURPLE].points,
	    "R5.3: palace 3, village 1, city 2 points");
	is_int(0, tg_check(&D, &st, &err), "collection: invariants");
	end_turns_until(&st, st.order[st.norder - 1], NULL);
	end_turns_until(&st, st.order[0], NULL);
	is_int(5, tg_inhab(&st, lum), "R4.4: no settlement grows past 5");
	is_int(v->bonus.knights, st.kn[lum], "R8.9: the bonus is given once");

	/* R4.5/R4.9: a wholly held land gives 8 reserve knights. */
	game(&st, 2, gp, 32, NULL);
	for (int s = 0; s < D.nspots; s++)
		if (D.spots[s].land == TG_NOORLAND && s != D.capital[TG_GREEN])
			tg_put_settlement(&D, &st, s, TG_GREEN, -1, 1, 0, 0, &err);
	is_int(3 + 9 + 8, st.p[TG_GREEN].points,
	    "R11.1: a wholly held land is 8 points");
	make_active(&st, st.order[st.norder - 1]);
	end_turns_until(&st, st.order[0], &note);
	ok(strstr(note.text, "bonus green: 8 reserve knights for holding Noorland") != NULL,
	    "R4.5: 8 reserve knights in the collection phase");
	is_int(8, st.p[TG_GREEN].reserve, "R4.9: they wait in the reserve");
	make_active(&st, TG_GREEN);
	refused(&st, st.color_seat[TG_GREEN], "end", RULES_REFUSED,
	    "green must first place 8 reserve knights on own settlements",
	    "R4.9: the reserve must be placed");
	refused(&st, st.color_seat[TG_GREEN], "place 3 knights at lumhaven",
	    RULES_REFUSED,
	    "green has no settlement at lumhaven: reserve knights are placed on own settlements",
	    "R4.9: only on own settlements");
	is_int(0, apply_text(&st, st.color_seat[TG_GREEN],
	    "place 8 knights at frostholm", NULL, &err), "R4.9: placed");
	is_int(0, tg_check(&D, &st, &err), "reserve: invariants");
}

static void
test_second_village(void)
{
	struct tg_setup s;
	struct tg_state st;
	struct rules_error err;
	struct tg_action buf[64];
	int n;

	tg_setup_default(&s);
	s.chance = seed_chance_byte(41, &s.salt);
	s.nseats = 2;
	s.color[0] = TG_PURPLE;
	s.color[1] = TG_GREEN;
	is_int(0, tg_setup_option(&s, "second-village=yes", &err),
	    "R3.3: option second-village=yes");
	is_int(RULES_EDATA, tg_setup_option(&s, "second-village=maybe", &err),
	    "R3.3: a bad value is refused");
	tg_init(&st, &D, &s, NULL, &err);
	is_int(TG_PH_SETUP, st.phase, "R3.3: the game starts in set-up");
	is_int(0, tg_to_act(&st), "R3.5: seat order: purple founds first");
	n = tg_legal(&D, &st, 0, buf, 64);
	is_int(9, n, "R3.3: the 8 free spots of Lumos, and resign");
	refused(&st, 0, "found at psor", RULES_REFUSED,
	    "a set-up village lies in purple's home land Lumos; psor is in Noorland",
	    "R3.3: in the home land");
	refused(&st, 0, "end", RULES_REFUSED,
	    "purple must first found a set-up village in Lumos (found at SPOT)",
	    "R3.3: set-up first");
	is_int(0, apply_text(&st, 0, "found at lumhaven", NULL, &err),
	    "R3.3: purple founds at lumhaven");
	is_int(1, tg_to_act(&st), "R3.5: then green");
	is_int(0, apply_text(&st, 1, "found at ijsfjord", NULL, &err),
	    "R3.3: green founds at ijsfjord");
	is_int(TG_PH_ACTION, st.phase, "R3.3: then round 1 begins");
	ok(tg_owner(&st, spot("lumhaven")) == TG_PURPLE &&
	    tg_chip(&st, spot("lumhaven")) == 2 && st.p[TG_PURPLE].founded == 0,
	    "R3.3: chip 2; a set-up village is no founding for R9.2");
	is_int(0, tg_check(&D, &st, &err), "R3.3: invariants");
}

static void
test_sailing(void)
{
	static const int gp[] = { TG_GREEN, TG_PURPLE };
	struct tg_state st;
	struct rules_error err;
	int ijs = spot("ijsfjord"), lum = spot("lumhaven"), g;

	game(&st, 2, gp, 51, NULL);
	g = st.color_seat[TG_GREEN];
	make_active(&st, TG_GREEN);
	tg_put_figures(&D, &st, ijs, TG_GREEN, 6, 0, 2, &err);
	refused(&st, g, "sail boat from ijsfjord to lumhaven with 6 knights",
	    RULES_REFUSED, "a boat carries at most 5 figures, not 6",
	    "R7.3: at most 5 passengers");
	refused(&st, g, "sail boat from ijsfjord to calpoort", RULES_REFUSED,
	    "ijsfjord and calpoort lie on no common sea",
	    "R7.3: harbors on a common sea");
	refused(&st, g, "sail boat from ijsfjord to frostholm", RULES_REFUSED,
	    "frostholm is no harbor", "R7.3: to a harbor");
	is_int(0, apply_text(&st, g, "sail boat from ijsfjord to lumhaven with 2 knights",
	    NULL, &err), "R7.3: a boat sails with 2 knights");
	refused(&st, g, "sail boat from lumhaven to ijsfjord", RULES_REFUSED,
	    "green's boats at lumhaven have sailed this turn",
	    "R7.3: a boat sails once per turn");
	is_int(0, apply_text(&st, g, "sail boat from ijsfjord to lumhaven with 4 knights",
	    NULL, &err), "R7.3: the second boat sails too");
	is_int(0, apply_text(&st, g, "move 2 knights from lumhaven to hoogwacht",
	    NULL, &err), "R7.3: carried figures still take their land move");
	refused(&st, g, "move 2 knights from hoogwacht to calpoort",
	    RULES_REFUSED,
	    "green has 0 knights at hoogwacht that can still move, not 2",
	    "R7.1: each knight moves once per turn");
	refused(&st, g, "sail boat from lumhaven to ijsfjord with 4 knights",
	    RULES_REFUSED,
	    "green's boats at lumhaven have sailed this turn",
	    "R7.3: both boats have sailed");
	ok(st.kn[lum] == 4 && st.kn[spot("hoogwacht")] == 2,
	    "R7.3: 4 knights at lumhaven, 2 moved on to hoogwacht");
	/* R7.6: a boat alone does not attack. */
	tg_put_figures(&D, &st, spot("westkaap"), TG_PURPLE, 1, 0, 0, &err);
	tg_put_figures(&D, &st, spot("skarnvik"), TG_GREEN, 0, 0, 1, &err);
	refused(&st, g, "sail boat from skarnvik to westkaap", RULES_REFUSED,
	    "a boat alone cannot attack westkaap: an attack needs at least one attack die",
	    "R7.6: an attack needs an attack die");
	is_int(0, tg_check(&D, &st, &err), "sailing: invariants");
}

static void
test_battle_rules(void)
{
	static const int gp[] = { TG_GREEN, TG_PURPLE };
	struct tg_state st;
	struct rules_error err;
	struct rules_note note;
	int m = spot("marmora"), s = spot("steenwijk"), nd, g;
	static const uint8_t tie[] = { 3, 3 };
	static const uint8_t sk[] = { 1, 1, 6, 6 };
	static const uint8_t pal[] = { 6, 6, 6, 6, 6, 1, 1, 1, 1, 1 };

	game(&st, 2, gp, 61, NULL);
	g = st.color_seat[TG_GREEN];
	make_active(&st, TG_GREEN);
	tg_put_figures(&D, &st, m, TG_GREEN, 1, 0, 0, &err);
	tg_put_figures(&D, &st, s, TG_PURPLE, 1, 0, 0, &err);
	tg_test_force_dice(tie, 2);
	apply_text(&st, g, "move 1 knight from marmora to steenwijk", &note, &err);
	is_string("battle at steenwijk: green 1 knight attack purple 1 knight\n"
	    "roll: green 3 = 3, purple 3 = 3: green loses a knight\n"
	    "purple holds steenwijk with 1 knight\n", note.text,
	    "R8.2: on equal sums the defender wins the roll");
	/* R8.3: the attacker's casualty order. */
	tg_put_figures(&D, &st, m, TG_GREEN, 1, 1, 0, &err);
	tg_put_figures(&D, &st, s, TG_PURPLE, 1, 0, 0, &err);
	tg_test_force_dice(sk, 4);
	apply_text(&st, g, "move 1 knight 1 scout from marmora to steenwijk losses scouts",
	    &note, &err);
	ok(strstr(note.text, "roll: green 1+1 = 2, purple 6+6 = 12: green loses a scout\n") != NULL,
	    "R8.3: losses scouts: the scout falls first");

	/* R8.1: a palace adds 3 dice; R8.5 a conquered capital loses it. */
	nd = D.capital[TG_PURPLE];
	tg_clear_spot(&D, &st, nd);
	tg_clear_spot(&D, &st, s);
	tg_clear_spot(&D, &st, m);
	for (int k = 0; k < TG_VILLAGE_CARDS; k++)
		if (D.villages[k].capital_of == TG_PURPLE)
			tg_put_settlement(&D, &st, nd, TG_PURPLE, k, 2, 0, 1, &err);
	tg_put_figures(&D, &st, spot("lumhaven"), TG_GREEN, 5, 0, 0, &err);
	tg_test_force_dice(pal, 10);
	apply_text(&st, g, "move 5 knights from lumhaven to nieuw-delia", &note,
	    &err);
	ok(strstr(note.text, "roll: green 6+6+6+6+6 = 30, purple 1+1+1+1+1 = 5: purple loses the settlement\n") != NULL,
	    "R8.1: village 2 dice + palace 3 dice");
	ok(strstr(note.text, "green conquers purple's village 1 at nieuw-delia and its palace is lost: now green 2 with 1 inhabitant\n") != NULL,
	    "R8.5: conquest with half the inhabitants rounded up; palace lost");
	ok(!(st.p[TG_PURPLE].flags & TG_PF_PALACE) && !tg_has_palace(&st, nd),
	    "R8.9: the palace is gone for good");
	is_int(0, tg_check(&D, &st, &err), "battles: invariants");

	/* A long battle fills the note: it ends with a marker line. */
	game(&st, 2, gp, 62, NULL);
	g = st.color_seat[TG_GREEN];
	make_active(&st, TG_GREEN);
	tg_put_figures(&D, &st, m, TG_GREEN, 50, 0, 0, &err);
	tg_put_figures(&D, &st, s, TG_PURPLE, 50, 0, 0, &err);
	is_int(0, apply_text(&st, g, "move 50 knights from marmora to steenwijk",
	    &note, &err), "R8.4: a battle of 50 against 50");
	ok(note.len == strlen(note.text) && note.len > 16 &&
	    strcmp(note.text + note.len - 17, "(note truncated)\n") == 0,
	    "a full note ends with '(note truncated)'");
	ok(st.kn[s] > 0 && (tg_fig_color(&st, s) == TG_GREEN ||
	    tg_fig_color(&st, s) == TG_PURPLE) && tg_fig_color(&st, m) < 0,
	    "R8.4: fought until one side has no dice");
	is_int(0, tg_check(&D, &st, &err), "long battle: invariants");
}

static void
test_found_and_win(void)
{
	static const int gp[] = { TG_GREEN, TG_PURPLE };
	struct tg_state st;
	struct rules_error err;
	struct rules_note note;
	int g, fr = spot("frostholm");

	game(&st, 2, gp, 71, NULL);
	g = st.color_seat[TG_GREEN];
	make_active(&st, TG_GREEN);
	is_int(0, apply_text(&st, g, "move 1 scout from psor to frostholm", NULL,
	    &err), "R9.1: the scout walks to a free spot");
	st.p[TG_GREEN].founded = 4;
	is_int(0, apply_text(&st, g, "found at frostholm", &note, &err),
	    "R9.1: and founds a village");
	ok(tg_owner(&st, fr) == TG_GREEN && tg_chip(&st, fr) == 2 &&
	    tg_inhab(&st, fr) == 1 && tg_scouts(&st, fr) == 0 &&
	    st.p[TG_GREEN].scouts == 0,
	    "R9.1: chip 2, 1 inhabitant, the scout back in the supply");
	ok(strstr(note.text, "green is Explorer of the Wilderness (2 points)") != NULL &&
	    st.p[TG_GREEN].points == 4 + 1 + 2,
	    "R9.2: the fifth founding gives Explorer of the Wilderness");
	refused(&st, g, "found at frostholm", RULES_REFUSED,
	    "green has no scout at frostholm", "R9.1: once: the scout is gone");
	/* R11.2: crowning an emperor. */
	for (int k = 0, s = 0; k < 5 && s < D.nspots; s++)
		if (D.spots[s].land == TG_CALMANIA && tg_owner(&st, s) < 0 &&
		    tg_put_settlement(&D, &st, s, TG_GREEN, -1, 5, 1, 0, &err) == 0)
			k++;
	tg_set_coins(&st, TG_GREEN, 0, 4, 3);
	refused(&st, g, "crown", RULES_REFUSED,
	    "not enough gold: an emperor costs 4 silver + 4 gold, green has 3 gold",
	    "R11.2: an emperor costs 4 silver + 4 gold");
	tg_set_coins(&st, TG_GREEN, 0, 4, 4);
	st.opt_points = 99;
	is_int(0, apply_text(&st, g, "crown", &note, &err), "R11.2: crown");
	ok(st.phase == TG_PH_OVER && st.winner == TG_GREEN &&
	    st.how == TG_HOW_EMPEROR, "R11.2: crowning wins at once");
	refused(&st, g, "end", RULES_REFUSED, "the game is over: green has won",
	    "R11.2: nothing after the end");
	/* R11.2: 25 points win mid-turn. */
	game(&st, 2, gp, 72, NULL);
	g = st.color_seat[TG_GREEN];
	make_active(&st, TG_GREEN);
	st.opt_points = 5;	/* R3.4: a custom points target */
	is_int(4, st.p[TG_GREEN].points, "(green at 4 points, target 5)");
	apply_text(&st, g, "move 1 scout from psor to frostholm", NULL, &err);
	is_int(0, apply_text(&st, g, "found at frostholm", &note, &err),
	    "R11.2: a founding reaches the points target");
	ok(st.phase == TG_PH_OVER && st.winner == TG_GREEN &&
	    st.how == TG_HOW_POINTS && strstr(note.text, "green wins (points)"),
	    "R11.2/R3.4: the points target wins at once, mid-round");
	/* R11.3: the last player left wins; option win=points. */
	game(&st, 2, gp, 73, NULL);
	st.opt_win = TG_WIN_POINTS;
	refused(&st, tg_to_act(&st), "crown", RULES_REFUSED,
	    "crowning an emperor does not win this game",
	    "R3.4: win=points: no emperor");
	{
		int loser = st.seat_color[tg_to_act(&st)];

		is_int(0, apply_text(&st, tg_to_act(&st), "resign", &note, &err),
		    "R11.3: a player may resign");
		ok(st.phase == TG_PH_OVER && st.winner == 1 - loser + 0 * loser &&
		    st.how == TG_HOW_LAST, "R11.3: the last player left wins");
		is_int(0, st.p[loser].nsettle + st.p[loser].units,
		    "R11.4: a resigning player's pieces leave the board");
	}
	is_int(0, tg_check(&D, &st, &err), "wins: invariants");
}


static void
test_turn_order(void)
{
	static const int four[] = { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };
	static const int gp[] = { TG_GREEN, TG_PURPLE };
	static const uint8_t dice[] = { 2, 2, 5, 6, 4, 1 };
	struct tg_state st;
	struct rules_note note;
	struct rules_error err;

	note.len = 0;
	note.text[0] = '\0';
	tg_test_force_dice(dice, sizeof dice);
	game(&st, 4, four, 81, &note);
	ok(strstr(note.text, "turn-order roll: green 2 purple 2 yellow 5 white 6\n"
	    "turn-order roll: green 4 purple 1\n"
	    "order: purple yellow white green\n") != NULL,
	    "R4.6: lowest die first, ties rerolled among the tied, then seat order");
	is_int(0, tg_test_forced_left(), "R4.6: 6 dice rolled");
	/* Fewest points go first without a roll. */
	game(&st, 2, gp, 82, NULL);
	tg_put_settlement(&D, &st, spot("frostholm"), TG_GREEN, -1, 1, 0, 0, &err);
	make_active(&st, st.order[st.norder - 1]);
	end_turns_until(&st, st.order[0], &note);
	ok(strstr(note.text, "turn-order roll") == NULL &&
	    strstr(note.text, "order: purple green\n") != NULL,
	    "R4.6: the player with the fewest points starts, no dice");
}

/* --- random games ------------------------------------------------------ */

struct rec {
	int seat;
	struct tg_action a;
	uint64_t h;		/* hash of the state after the action */
};

/* FNV-1a of the whole state: replays are compared after every action. */
static uint64_t
state_hash(const struct tg_state *st)
{
	const unsigned char *p = (const unsigned char *)st;
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < sizeof *st; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	return h;
}

static uint64_t rs;
static unsigned
rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs % n);
}

static struct tg_action legal[TG_LEGAL_MAX];
static struct rec log_[20000];

/*
 * Card use seen in a note: "plays SLUG", "draws SLUG" (a negative card
 * acting), "shielded by SLUG" (a protection card at work).
 */
static void
count_cards(const char *text, long used[TG_CARD_TYPES])
{
	static const char *const how[] = {
		" plays ", " draws ", "shielded by ", "defaults: "
	};

	for (int h = 0; h < 4; h++)
		for (const char *p = strstr(text, how[h]); p != NULL;
		    p = strstr(p + 1, how[h])) {
			const char *w = p + strlen(how[h]);
			size_t len = strcspn(w, " :()\n");
			int t = tg_card_find(w, len);

			if (t >= 0)
				used[t]++;
		}
}

static void
test_random_games(void)
{
	int games = 300, bad_check = 0, bad_replay = 0, bad_roundtrip = 0;
	int bad_legal = 0, ended = 0, bad_points = 0, how[5] = { 0 };
	long actions = 0, used[TG_CARD_TYPES] = { 0 }, done[TG_QUEST_CARDS] = { 0 };
	long kinds[TG_A_KINDS] = { 0 };
	static struct rules_note note;

	for (int g = 0; g < games; g++) {
		static const int all[] = { TG_WHITE, TG_GREEN, TG_YELLOW,
		    TG_PURPLE };
		struct tg_state st, st0, rep;
		struct rules_error err;
		int n, nlog = 0, seats = 2 + g % 3;
		struct tg_setup s;
		unsigned char seed[RULES_SEED_BYTES];

		tg_setup_default(&s);
		memset(seed, 0, sizeof seed);
		seed[0] = (unsigned char)g;
		seed[1] = 0x5a;
		s.chance = seed_chance(seed);
		s.salt = chance_seed_salt(seed);
		s.nseats = seats;
		s.second_village = g % 4 == 1;
		for (int i = 0; i < seats; i++)
			s.color[i] = (uint8_t)all[(g + i) % 4];
		if (tg_init(&st, &D, &s, NULL, &err) != 0)
			bail("init: %s", err.msg);
		st0 = st;
		rs = 0x9e3779b97f4a7c15ULL ^ (uint64_t)g;
		while (st.phase != TG_PH_OVER && st.round <= 40 &&
		    nlog < (int)(sizeof log_ / sizeof log_[0])) {
			int seat = tg_to_act(&st), pick;
			char buf[RULES_ACTION_MAX];
			struct tg_action back;

			/* Now and then the maker withdraws its offer (R6.6). */
			if (st.pending.kind == TG_PD_OFFER && rnd(5) == 0)
				seat = st.color_seat[st.pending.from];

			n = tg_legal(&D, &st, seat, legal, TG_LEGAL_MAX);
			if (n == 0) {
				bad_legal++;
				break;
			}
			/* Prefer anything to ending or resigning. */
			pick = rnd((unsigned)n);
			if ((legal[pick].kind == TG_A_RESIGN) ||
			    (legal[pick].kind == TG_A_END && rnd(4) != 0))
				pick = rnd((unsigned)n);
			if (legal[pick].kind == TG_A_RESIGN && rnd(50) != 0)
				pick = 0;
			tg_format(&D, &legal[pick], buf, sizeof buf);
			if (tg_parse(&D, &st, seat, buf, strlen(buf), &back,
			    &err) != 0 || memcmp(&back, &legal[pick],
			    sizeof back) != 0) {
				if (bad_roundtrip++ < 3)
					diag("round trip failed: %s", buf);
			}
			note.len = 0;
			note.text[0] = '\0';
			if (tg_apply(&D, &st, seat, &legal[pick], &note,
			    &err) != 0) {
				if (bad_legal++ < 3)
					diag("listed but refused: %s: %s", buf,
					    err.msg);
				break;
			}
			count_cards(note.text, used);
			kinds[legal[pick].kind]++;
			log_[nlog].seat = seat;
			log_[nlog].h = state_hash(&st);
			log_[nlog++].a = legal[pick];
			actions++;
			if (tg_check(&D, &st, &err) != 0) {
				if (bad_check++ < 3)
					diag("game %d after '%s': %s", g, buf,
					    err.msg);
				break;
			}
			for (int c = 0; c < 4; c++)
				if (st.p[c].points != tg_points_recount(&D,
				    &st, c))
					bad_points++;
		}
		ended += st.phase == TG_PH_OVER;
		if (st.phase == TG_PH_OVER)
			how[st.how]++;
		for (int q = 0; q < TG_QUEST_CARDS; q++)
			done[q] += (st.quest[q] & TG_Q_DONE) != 0;
		rep = st0;
		for (int i = 0; i < nlog; i++)
			if (tg_apply(&D, &rep, log_[i].seat, &log_[i].a, NULL,
			    &err) != 0 || state_hash(&rep) != log_[i].h) {
				bad_replay++;
				break;
			}
		if (memcmp(&rep, &st, sizeof st) != 0)
			bad_replay++;
	}
	diag("%d random games, %ld actions, %d ended by a win (points %d, emperor %d, quests %d, last %d)",
	    games, actions, ended, how[1], how[2], how[3], how[4]);
	is_int(0, bad_legal, "random games: every listed action applies");
	is_int(0, bad_check, "random games: coins, figures, chips conserved; one color per spot");
	is_int(0, bad_points, "random games: points equal the recount");
	is_int(0, bad_roundtrip, "random games: parse(format(a)) == a");
	is_int(0, bad_replay, "random games: replay from seed + actions is identical after every action");
	{
		int unused = 0, undone = 0;

		for (int t = 0; t < TG_CARD_TYPES; t++)
			if (used[t] == 0 && unused++ < 5)
				diag("card never played: %s", tg_cards[t].slug);
		for (int q = 0; q < TG_QUEST_CARDS; q++)
			if (done[q] == 0 && undone++ < 5)
				diag("quest never completed: %s", D.quests[q].id);
		diag("actions: buy %ld, play %ld, choose %ld, take %ld, offer %ld, accept %ld, decline %ld, withdraw %ld, defend %ld",
		    kinds[TG_A_BUY], kinds[TG_A_PLAY], kinds[TG_A_CHOOSE],
		    kinds[TG_A_TAKE], kinds[TG_A_OFFER], kinds[TG_A_ACCEPT],
		    kinds[TG_A_DECLINE], kinds[TG_A_WITHDRAW],
		    kinds[TG_A_DEFEND]);
		is_int(0, unused, "random games: every one of the 46 card types was played (or shielded, for protection cards)");
		is_int(0, undone, "random games: every one of the 27 quests was completed");
		ok(kinds[TG_A_OFFER] > 0 && kinds[TG_A_ACCEPT] > 0 &&
		    kinds[TG_A_DECLINE] > 0 && kinds[TG_A_WITHDRAW] > 0 &&
		    kinds[TG_A_CHOOSE] > 0 && kinds[TG_A_DEFEND] > 0 &&
		    kinds[TG_A_TAKE] > 0,
		    "random games: offers made, accepted, declined, withdrawn; choices, defences, spionage answered");
	}
}


static int
hand_total(const struct tg_state *st, int c)
{
	int n = 0;

	for (int t = 0; t < TG_CARD_TYPES; t++)
		n += tg_hand_count(st, c, t);
	return n;
}

static void
test_determinize(void)
{
	static const int gp[] = { TG_GREEN, TG_PURPLE };
	struct tg_state st, d;
	struct rules_error err;
	int steps = 0;

	game(&st, 2, gp, 91, NULL);
	/* Deal 3 play cards to each and a quest to each (direct edits). */
	for (int c = 0; c < 2; c++) {
		for (int k = 0; k < 3; k++) {
			int t = st.pdeck[--st.pcount];

			st.p[c].hand[t / 2] = (uint8_t)(st.p[c].hand[t / 2] +
			    (1 << (4 * (t & 1))));
		}
		st.quest[st.qdeck[--st.qcount]] = (uint8_t)c;
	}
	d = st;
	tg_determinize(&d, st.color_seat[TG_GREEN], 12345);
	is_int(0, tg_check(&D, &d, &err), "determinize: invariants hold");
	ok(memcmp(d.p[TG_GREEN].hand, st.p[TG_GREEN].hand,
	    sizeof d.p[0].hand) == 0, "determinize: the seat's own hand stays");
	is_int(3, hand_total(&d, TG_PURPLE), "determinize: the other keeps 3 cards");
	ok((d.flags & TG_SF_FAST_RNG) && d.chance == NULL && d.salt == 0,
	    "determinize: the game's source of chance is gone, cheap dice "
	    "instead");
	ok(memcmp(d.vdeck, st.vdeck, sizeof d.vdeck) != 0,
	    "determinize: the village deck is reshuffled");
	while (d.phase != TG_PH_OVER && d.round < 30 && steps++ < 20000) {
		int seat = tg_to_act(&d), n = tg_legal(&D, &d, seat, legal,
		    TG_LEGAL_MAX);

		if (n == 0 || tg_apply(&D, &d, seat, &legal[rnd((unsigned)n - 1)],
		    NULL, &err) != 0)
			break;
	}
	is_int(0, tg_check(&D, &d, &err), "determinize: a playout from it is sound");
}

/*
 * Nothing outside the listing applies: random actions with numbers in
 * the listed families (0 or 1 figures) that apply must be listed.
 */
static void
test_omitted(void)
{
	static const int all[] = { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };
	struct tg_state st;
	struct rules_error err;
	int unlisted = 0, tried = 0, applied = 0;

	game(&st, 4, all, 21, NULL);
	rs = 12345;
	for (int step = 0; step < 3000 && st.phase != TG_PH_OVER; step++) {
		int seat = tg_to_act(&st), n, pick;

		n = tg_legal(&D, &st, seat, legal, TG_LEGAL_MAX);
		for (int k = 0; k < 40; k++) {
			struct tg_action a;
			struct tg_state cp = st;
			int found = 0;

			memset(&a, 0, sizeof a);
			a.kind = (uint8_t)(1 + rnd(TG_A_RESIGN - 1));
			a.fig = (uint8_t)rnd(3);
			if (a.kind == TG_A_EXCHANGE)
				a.fig = (uint8_t)rnd(2);
			a.a = (uint8_t)rnd(D.nspots);
			a.b = (uint8_t)rnd(D.nspots);
			a.n = (uint8_t)rnd(2);
			a.s = (uint8_t)rnd(2);
			if (a.kind == TG_A_PLACE)
				a.n = 1;
			if (a.kind == TG_A_BUILD || a.kind == TG_A_EXCHANGE ||
			    a.kind == TG_A_FOUND || a.kind == TG_A_CROWN ||
			    a.kind == TG_A_END)
				a.n = a.s = 0;
			if (a.kind != TG_A_BUILD && a.kind != TG_A_EXCHANGE)
				a.fig = 0;
			if (a.kind == TG_A_CROWN || a.kind == TG_A_END ||
			    a.kind == TG_A_EXCHANGE)
				a.a = a.b = 0;
			if (a.kind == TG_A_BUILD || a.kind == TG_A_FOUND ||
			    a.kind == TG_A_PLACE)
				a.b = 0;
			tried++;
			if (tg_apply(&D, &cp, seat, &a, NULL, &err) != 0)
				continue;
			applied++;
			for (int i = 0; i < n; i++)
				found |= memcmp(&legal[i], &a, sizeof a) == 0;
			if (!found && unlisted++ < 3) {
				char buf[128];

				tg_format(&D, &a, buf, sizeof buf);
				diag("applies but not listed: %s", buf);
			}
		}
		pick = rnd((unsigned)n);
		if (legal[pick].kind == TG_A_RESIGN)
			pick = 0;
		tg_apply(&D, &st, seat, &legal[pick], NULL, &err);
	}
	diag("%d random actions tried, %d applied", tried, applied);
	is_int(0, unlisted, "legal: nothing that applies is omitted");
}

int
main(void)
{
	struct rules_error err;

	if (tg_data_load(&D, NULL, 0, NULL, 0, NULL, 0, &err) != 0)
		bail("default data: %s", err.msg);
	ok(sizeof(struct tg_state) <= 1024, "the state fits 1 KiB (%zu bytes)",
	    sizeof(struct tg_state));
	test_setup();
	test_battle_examples();
	test_refusals();
	test_river_and_sea();
	test_collection();
	test_second_village();
	test_sailing();
	test_battle_rules();
	test_found_and_win();
	test_turn_order();
	test_random_games();
	test_omitted();
	test_determinize();
	return done_testing();
}
