/*
 * sealed.c -- Catan's development deck with sealed hands (catan-rules(7),
 * CA15; lib/games/catan/sealed.c), through the rule set: three readers
 * of one game, red's, blue's and an observer's, each with its own
 * source of sealed cards (a mock that deals a fixed order and tells a
 * face to its reader's seat alone), apply the same actions.  The deck
 * of 25 is declared at the start (CA15.1); red's buy deals it position
 * 0 (CA15.2); a client whose owner-only view check is switched off,
 * one that asks its game for red's hand though it reads as blue or as
 * an observer, cannot name red's card, while red's own reader does
 * (the positive control); playing the card before it is shown and
 * showing a position red was not dealt are refused with nothing
 * changed (CA15.3); "show 0" opens it to all; the computer player's
 * view of blue holds red's card as one of the types blue cannot place
 * (CA15.6).
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "../chance-rec.h"
#include "../sealed-mock.h"
#include "games/catan/catan.h"
#include "games/catan/engine.h"
#include "games/catan/bot.h"
#include "games/catan/sealed.h"

#define READERS 3		/* red, blue, the observer */

/* The deck's order: position i holds card (7 * i + 20) mod 25: position
   0 card 20, the first of the two road-building cards (CA15.1's order:
   14 knights, 5 victory points, 2 road-building, ...). */
static int
face_at(unsigned pos)
{
	return (int)((7 * pos + 20) % 25);
}

static int
face(const struct smock *m, const char *deck, unsigned pos)
{
	(void)m, (void)deck;
	return face_at(pos);
}

static struct smock M[READERS];
static struct rec R[READERS];
static struct game *G[READERS];

static void
start(void)
{
	static const char pos[] = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c3/d3/d4\nhand = 3 grain 3 ore 3 wool\n";
	static const struct rules_blob blob = { "position", pos,
	    sizeof pos - 1 };
	static const char *const names[] = { "red", "blue", "white" };
	struct rules_setup su;
	struct rules_error err;

	for (int v = 0; v < READERS; v++) {
		smock_init(&M[v], v < 2 ? v : -1, face, "dev", 25);
		rec_init(&R[v], 9, RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR);
		memset(&su, 0, sizeof su);
		su.nseats = 3;
		for (int i = 0; i < 3; i++)
			su.seat[i] = names[i];
		su.blobs = &blob;
		su.nblobs = 1;
		su.chance = &R[v].chance;
		su.sealed = &M[v].req;
		su.salt = 9;
		if (catan_rules.create(&G[v], &su, &err) != 0)
			bail("create: %s", err.msg);
	}
}

/* The view of seat s from a game read as reader v. */
static void
view_of(int v, enum rules_view kind, int s, char *buf, size_t n)
{
	FILE *f = fmemopen(buf, n, "w");

	if (f == NULL)
		bail("fmemopen");
	if (catan_rules.describe(G[v], kind, s, s, f) != 0)
		bail("describe");
	fclose(f);
}

/* act by seat on every reader: the first reader's answer, and whether
   every reader's state stayed as it was when one refused. */
static int
act(int seat, const char *a, int *unchanged, char *msg, size_t n)
{
	static struct ca_state before[READERS];
	struct rules_error err;
	int rc = 0;

	*unchanged = 1;
	for (int v = 0; v < READERS; v++) {
		int r;

		memcpy(&before[v], ca_game_state(G[v]), sizeof before[v]);
		memset(&err, 0, sizeof err);
		r = catan_rules.apply(G[v], seat, a, strlen(a), NULL, &err);
		if (v == 0) {
			rc = r;
			snprintf(msg, n, "%s", err.msg);
		}
		*unchanged &= memcmp(&before[v], ca_game_state(G[v]),
		    sizeof before[v]) == 0;
	}
	return rc;
}

int
main(void)
{
	char view[READERS][2048], msg[RULES_MSG_MAX];
	struct ca_state info;
	int same;

	start();
	is_int(1, M[0].declared + 0 * M[1].declared, "CA15.1: the deck of "
	    "25 declared as dev 0");
	is_int(25, ca_deck_left(ca_game_state(G[1])), "CA15.1: 25 to buy");

	is_int(0, act(0, "buy card", &same, msg, sizeof msg),
	    "CA15.2: red buys a card");
	is_int(1, M[2].dealt, "CA15.2: position 0 dealt to red");
	is_int(24, ca_deck_left(ca_game_state(G[2])), "CA15.2: 24 left");
	for (int v = 0; v < READERS; v++)
		view_of(v, RULES_VIEW_HAND, 0, view[v], sizeof view[v]);
	ok(strstr(view[0], "sealed 0: road-building") != NULL,
	    "positive control: red's own reader names its sealed card");
	ok(strstr(view[1], "sealed 0: a card you may not see") != NULL &&
	    strstr(view[1], "road-building") == NULL,
	    "view check off: red's hand read as blue names no card");
	ok(strstr(view[2], "sealed 0: a card you may not see") != NULL &&
	    strstr(view[2], "road-building") == NULL,
	    "view check off: red's hand read as the observer names no card");
	view_of(1, RULES_VIEW_STATUS, -1, view[1], sizeof view[1]);
	ok(strstr(view[1], "1 development (1 new)") != NULL &&
	    strstr(view[1], "road-building") == NULL,
	    "CA15.6: the status shows blue's reader a count");

	is_int(RULES_REFUSED, act(0, "play monopoly wool", &same, msg,
	    sizeof msg), "CA15.3: playing the card before it is shown is "
	    "refused");
	ok(same && strstr(msg, "you hold no monopoly card") != NULL,
	    "CA15.3: ... with nothing changed (%s)", msg);
	is_int(RULES_REFUSED, act(0, "show 1", &same, msg, sizeof msg),
	    "CA15.3: a position red was not dealt is refused");
	ok(same && strstr(msg, "development card 1 is not a sealed card of "
	    "red") != NULL, "CA15.3: ... with nothing changed (%s)", msg);
	is_int(RULES_ESEAT, act(1, "show 0", &same, msg, sizeof msg),
	    "CA15.3: blue may not show red's card");
	ok(same, "CA15.3: ... with nothing changed");

	ca_bot_observe(&info, ca_game_state(G[1]), 1);
	is_int(1, info.p[0].dev[0] + info.p[0].dev[1] + info.p[0].dev[2] +
	    info.p[0].dev[3] + info.p[0].dev[4], "CA15.6: blue's computer "
	    "player holds one card for red");
	is_int(24, info.deck[0] + info.deck[1] + info.deck[2] +
	    info.deck[3] + info.deck[4], "CA15.6: ... and 24 in its deck");
	ok(!info.ds.on, "CA15.6: ... nothing sealed in its copy");

	is_int(0, act(0, "show 0", &same, msg, sizeof msg),
	    "CA15.3: red shows position 0");
	is_int(1, M[1].opened, "CA15.3: opened to blue's reader too");
	for (int v = 0; v < READERS; v++)
		is_int(1, ca_game_state(G[v])->p[0].dev[CA_ROADS],
		    "CA15.3: every reader: red holds an open road-building "
		    "card (reader %d)", v);
	for (int v = 0; v < READERS; v++)
		catan_rules.free(G[v]);
	return done_testing();
}
