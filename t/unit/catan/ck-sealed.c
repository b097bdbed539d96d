/*
 * ck-sealed.c -- Cities & Knights' progress decks with sealed hands
 * (catan-ck-rules(7), CK20; lib/games/catan/sealed-ck.c), through the
 * rule set: three readers of one game, red's, blue's and an observer's,
 * each with its own source of sealed cards (a mock that deals a fixed
 * order and tells a face to its reader's seat alone) and the same forced
 * dice, apply the same actions.
 *
 * The three decks are declared at the start (CK20.1); a trade gate deals
 * red position 0 of prog-trade (CK20.2); a client whose owner-only view
 * check is switched off, one that asks its game for red's hand though it
 * reads as blue or as an observer, cannot name red's card, while red's
 * own reader does (the positive control; CK20.8); playing the card before
 * it is shown and showing a card red was not dealt are refused with
 * nothing changed in any reader, and so is an opening that names
 * another card than the one dealt (CK20.3); "show 0" opens it to all
 * and it is played; resource cards stay open, the same in every reader
 * (CK20.6); a Constitution drawn sealed counts once shown (CK20.4); the
 * Spy's target shows its sealed cards to all (CK20.5); a player who
 * resigns shows its sealed card, which goes under its deck open
 * (CK20.7); the computer player's view of blue holds red's card as one
 * blue cannot place and nothing sealed (CK20.9).  CK20.10 lists what is
 * left: a whole sealed game, through the commands.
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "games/catan/catan.h"
#include "games/catan/engine.h"
#include "games/catan/bot.h"
#include "games/catan/sealed.h"
#include "util.h"
#include "../sealed-mock.h"

#define READERS 3		/* red, blue, the observer */

/* The decks' orders, card k in CK20.1's numbering (each a permutation
   of the 18): trade position 0 card 12 (the first Resource Monopoly),
   politics position 0 card 2 (the Constitution), 1 card 11 (the first
   Spy), 2 card 0 (the first Bishop). */
static int
face_at(const char *deck, unsigned pos)
{
	static const int politics[18] = {
		2, 11, 0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17
	};

	if (pos >= 18)
		return -1;
	if (strcmp(deck, "prog-trade") == 0)
		return (int)((12 + 5 * pos) % 18);
	if (strcmp(deck, "prog-politics") == 0)
		return politics[pos];
	return (int)pos;
}

static int
face(const struct smock *m, const char *deck, unsigned pos)
{
	(void)m;
	return face_at(deck, pos);
}

static struct smock M[READERS];
static struct game *G[READERS];

static struct ca_state *
state(int v)
{
	return (struct ca_state *)(uintptr_t)ca_game_state(G[v]);
}

static void
start(void)
{
	static const char pos[] = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c4/c5/d5 c3/d3/d4\n"
	    "[blue]\nsettlements = d5/d6/e5\n";
	static const char *const names[] = { "red", "blue", "white" };
	struct rules_setup su;
	struct rules_error err;

	U_chance.flags = RULES_CHANCE_FAIR;
	for (int v = 0; v < READERS; v++) {
		smock_init(&M[v], v < 2 ? v : -1, face, "prog-", 18);
		memset(&su, 0, sizeof su);
		su.nseats = 3;
		for (int i = 0; i < 3; i++)
			su.seat[i] = names[i];
		su.chance = &U_chance;
		su.sealed = &M[v].req;
		su.salt = 9;
		if (catan_ck_rules.create(&G[v], &su, &err) != 0)
			bail("create: %s", err.msg);
		/* C&K's create takes no position: laid on the state */
		if (ca_position_load(state(v), pos, sizeof pos - 1, &err) != 0)
			bail("position: %s (line %d)", err.msg, err.line);
		/* CK9.3: red draws at every trade gate, red and blue at
		   every politics gate */
		state(v)->ck.p[0].level[CK_TRADE] = 1;
		for (int s = 0; s < 2; s++)
			state(v)->ck.p[s].level[CK_POLITICS] = 1;
	}
}

/* The view of seat s from a game read as reader v. */
static void
view_of(int v, enum rules_view kind, int s, char *buf, size_t n)
{
	FILE *f = fmemopen(buf, n, "w");

	if (f == NULL)
		bail("fmemopen");
	if (catan_ck_rules.describe(G[v], kind, s, s, f) != 0)
		bail("describe");
	fclose(f);
}

/* act by seat on every reader (with the dice w, r, e forced when w is
   not 0): the first reader's answer, and whether every reader's state
   stayed as it was when one refused. */
static int
act_all(int seat, const char *a, int w, int r, int e, int *unchanged,
    char *msg, size_t n)
{
	static struct ca_state before[READERS];
	struct rules_error err;
	int rc = 0;

	*unchanged = 1;
	for (int v = 0; v < READERS; v++) {
		int x;

		if (w != 0) {
			unsigned char b[3] = { (unsigned char)(w - 1),
				(unsigned char)(r - 1), (unsigned char)(e - 1)
			};

			force_clear();
			force(3, b);
		}
		memcpy(&before[v], state(v), sizeof before[v]);
		memset(&err, 0, sizeof err);
		x = catan_ck_rules.apply(G[v], seat, a, strlen(a), NULL, &err);
		if (v == 0) {
			rc = x;
			snprintf(msg, n, "%s", err.msg);
		} else if (x != rc)
			diag("reader %d answers %d, reader 0 %d: %s", v, x, rc,
			    err.msg);
		*unchanged &= memcmp(&before[v], state(v),
		    sizeof before[v]) == 0;
	}
	return rc;
}

/*
 * CK20.3: reader v's source opens red's card 0 as card lie: refused
 * with want, reader v's state unchanged.
 */
static void
lying_open(int v, int lie, const char *want, const char *what)
{
	static struct ca_state before;
	struct rules_error err;
	int rc;

	memcpy(&before, state(v), sizeof before);
	memset(&err, 0, sizeof err);
	M[v].lie = lie + 1;
	rc = catan_ck_rules.apply(G[v], 0, "show 0", 6, NULL, &err);
	M[v].lie = 0;
	ok(rc == RULES_EDATA && strcmp(err.msg, want) == 0 &&
	    memcmp(&before, state(v), sizeof before) == 0, "CK20.3: %s, "
	    "nothing changed (%s)", what, err.msg);
}

/* CK20.1-CK20.3, CK20.8, CK20.9: red's trade card. */
static void
trade_card(void)
{
	char view[READERS][2048], msg[RULES_MSG_MAX];
	struct ca_state info;
	int same;

	is_int(3, M[0].declared, "CK20.1: the three decks of 18 declared, "
	    "generation 0");
	is_int(0, act_all(0, "roll", 1, 1, 4, &same, msg, sizeof msg),
	    "CK20.2: red rolls the trade gate");
	is_int(1, M[2].dealt, "CK20.2: position 0 of prog-trade dealt to "
	    "red (observer's reader)");
	is_int(17, state(2)->ck.ndeck[CK_TRADE], "CK20.2: 17 left in the "
	    "trade deck");
	ok(memcmp(state(1)->p[0].hand, state(0)->p[0].hand,
	    sizeof state(0)->p[0].hand) == 0 && memcmp(state(2)->p[0].hand,
	    state(0)->p[0].hand, sizeof state(0)->p[0].hand) == 0,
	    "CK20.6: red's resource and commodity cards are open: the same "
	    "in every reader");
	is_int(1, ca_ck_hand(state(1), 0), "CK20.2: red holds 1 progress "
	    "card in blue's reader");
	for (int v = 0; v < READERS; v++)
		view_of(v, RULES_VIEW_HAND, 0, view[v], sizeof view[v]);
	ok(strstr(view[0], "sealed 0: resource-monopoly") != NULL,
	    "positive control: red's own reader names its sealed card");
	ok(strstr(view[1], "sealed 0: a trade card you may not see") !=
	    NULL && strstr(view[1], "onopoly") == NULL,
	    "CK20.8, view check off: red's hand read as blue names no card");
	ok(strstr(view[2], "sealed 0: a trade card you may not see") !=
	    NULL && strstr(view[2], "onopoly") == NULL,
	    "CK20.8, view check off: red's hand read as the observer names "
	    "no card");
	view_of(1, RULES_VIEW_STATUS, -1, view[1], sizeof view[1]);
	ok(strstr(view[1], "1 progress") != NULL &&
	    strstr(view[1], "onopoly") == NULL,
	    "CK20.8: the status shows blue's reader a count");

	is_int(RULES_REFUSED, act_all(0, "play resource-monopoly wool", 0, 0,
	    0, &same, msg, sizeof msg), "CK20.3: playing the card before it "
	    "is shown is refused");
	ok(same && strstr(msg, "you hold no Resource Monopoly") != NULL,
	    "CK20.3: ... with nothing changed in any reader (%s)", msg);
	is_int(RULES_REFUSED, act_all(0, "show 1", 0, 0, 0, &same, msg,
	    sizeof msg), "CK20.3: a card red was not dealt is refused");
	ok(same && strstr(msg, "progress card 1 is not a sealed card of "
	    "red") != NULL, "CK20.3: ... with nothing changed (%s)", msg);
	is_int(RULES_ESEAT, act_all(1, "show 0", 0, 0, 0, &same, msg,
	    sizeof msg), "CK20.3: blue may not show red's card");
	ok(same, "CK20.3: ... with nothing changed");

	ca_bot_observe(&info, state(1), 1);
	is_int(1, info.ck.p[0].nprog, "CK20.9: blue's computer player holds "
	    "one open card for red");
	ok(info.ck.p[0].prog[0] < CK_EFFECTS && !info.ck.sealed &&
	    info.ck.p[0].nsealed == 0, "CK20.9: ... a card of the data, "
	    "nothing sealed in its copy");

	/* a cheater's opening: card 0, a Commercial Harbor (cards 12 to 15
	   are the Resource Monopolies), or 18, none of the deck's */
	lying_open(0, 0, "sealed card 0 of deck prog-trade opened as card "
	    "0, not the card dealt there", "red's reader, which knows the "
	    "card dealt, refuses an opening naming another");
	lying_open(2, 18, "sealed card 0 of deck prog-trade opened as card "
	    "18, not the card dealt there", "the observer's reader refuses an "
	    "opening naming no card of the deck");
	is_int(0, act_all(0, "show 0", 0, 0, 0, &same, msg, sizeof msg),
	    "CK20.3: red shows card 0");
	is_int(1, M[1].opened, "CK20.3: opened to blue's reader too");
	for (int v = 0; v < READERS; v++)
		ok(state(v)->ck.p[0].nprog == 1 && state(v)->ck.p[0].nsealed ==
		    0 && state(v)->ck.d->cards[state(v)->ck.p[0].prog[0]].effect
		    == CK_E_RESOURCE_MONOPOLY, "CK20.3: reader %d: red holds "
		    "an open Resource Monopoly", v);
	is_int(0, act_all(0, "play resource-monopoly wool", 0, 0, 0, &same,
	    msg, sizeof msg), "CK20.3: once shown, the card is played (%s)",
	    msg);
	is_int(0, ca_ck_hand(state(2), 0), "CK20.3: ... and leaves the hand");
}

/* CK20.4, CK20.5: red's Constitution; blue's Spy on red. */
static void
politics_cards(void)
{
	char view[2048], msg[RULES_MSG_MAX];
	int same, vp;

	is_int(0, act_all(0, "end", 0, 0, 0, &same, msg, sizeof msg),
	    "red ends (%s)", msg);
	is_int(0, act_all(1, "roll", 1, 1, 5, &same, msg, sizeof msg),
	    "CK20.2: blue rolls the politics gate (%s)", msg);
	is_int(1, state(2)->ck.p[1].nsealed, "CK20.2: blue drew first: "
	    "politics 0");
	is_int(1, state(2)->ck.p[0].nsealed, "CK20.2: red drew next: "
	    "politics 1");
	view_of(0, RULES_VIEW_HAND, 0, view, sizeof view);
	ok(strstr(view, "sealed 21: spy") != NULL, "CK20.8: red's reader "
	    "names its Spy, number 21");
	view_of(1, RULES_VIEW_HAND, 1, view, sizeof view);
	ok(strstr(view, "sealed 20: constitution (Constitution), laid when "
	    "shown") != NULL, "CK20.4: blue's reader names its Constitution");
	vp = ca_vp(state(1), 1, 1);
	ok(vp == ca_vp(state(0), 1, 1) && vp == ca_vp(state(2), 1, 1),
	    "CK20.4: unshown, it counts in no reader's engine, blue's own "
	    "included");
	is_int(0, act_all(1, "show 20", 0, 0, 0, &same, msg, sizeof msg),
	    "CK20.4: blue shows it (%s)", msg);
	for (int v = 0; v < READERS; v++)
		ok(state(v)->ck.p[1].vpcards == 1 &&
		    ca_ck_hand(state(v), 1) == 0 &&
		    ca_vp(state(v), 1, 1) == vp + 1, "CK20.4: reader %d: laid, "
		    "out of the hand, +1 VP", v);

	/* blue's Spy: the test gives blue an open one in every reader */
	for (int v = 0; v < READERS; v++) {
		struct ca_ck_player *p = &state(v)->ck.p[1];

		p->prog[p->nprog++] = (uint8_t)ck_card_by_effect(
		    state(v)->ck.d, CK_E_SPY);
	}
	is_int(0, act_all(1, "play spy red", 0, 0, 0, &same, msg,
	    sizeof msg), "CK20.5: blue plays the Spy on red (%s)", msg);
	for (int v = 0; v < READERS; v++)
		ok(state(v)->ck.p[0].nsealed == 0 &&
		    state(v)->ck.p[1].nprog == 1 && state(v)->ck.d->cards[
		    state(v)->ck.p[1].prog[0]].effect == CK_E_SPY,
		    "CK20.5: reader %d: red's sealed Spy shown to all, and "
		    "taken (its only card)", v);
}

/* CK20.7: red resigns holding a sealed Bishop. */
static void
resign(void)
{
	char msg[RULES_MSG_MAX];
	int same, bishop = ck_card_by_effect(state(0)->ck.d, CK_E_BISHOP);
	int opened = M[2].opened;

	is_int(0, act_all(1, "end", 0, 0, 0, &same, msg, sizeof msg),
	    "blue ends (%s)", msg);
	is_int(0, act_all(2, "roll", 1, 1, 5, &same, msg, sizeof msg),
	    "CK20.2: white rolls the politics gate (%s)", msg);
	ok(state(2)->ck.p[0].nsealed == 1 && state(2)->ck.p[1].nsealed == 1,
	    "CK20.2: red and blue drew politics 2 and 3");
	is_int(0, act_all(2, "end", 0, 0, 0, &same, msg, sizeof msg),
	    "white ends (%s)", msg);
	is_int(0, act_all(0, "roll", 1, 2, 1, &same, msg, sizeof msg),
	    "red rolls (%s)", msg);
	is_int(0, act_all(0, "resign", 0, 0, 0, &same, msg, sizeof msg),
	    "CK20.7: red resigns (%s)", msg);
	is_int(opened + 1, M[2].opened, "CK20.7: its sealed card opened to "
	    "all");
	for (int v = 0; v < READERS; v++) {
		const struct ca_state *st = state(v);

		ok(st->ck.p[0].nsealed == 0 && ca_ck_hand(st, 0) == 0 &&
		    ca_ck_deck(st, CK_POLITICS, st->ck.ndeck[CK_POLITICS] - 1)
		    == bishop, "CK20.7: reader %d: red's Bishop under the "
		    "politics deck, open", v);
	}
}

int
main(void)
{
	u_load();
	start();
	trade_card();
	politics_cards();
	resign();
	for (int v = 0; v < READERS; v++)
		catan_ck_rules.free(G[v]);
	return done_testing();
}
