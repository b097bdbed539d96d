/*
 * sealed.c -- the Duel's draw stacks with sealed hands (duel-rules(7),
 * SEALED HANDS, DU23; lib/games/duel/sealed.c), through the rule set:
 * three readers of one game, red's, blue's and an observer's, each with
 * its own source of sealed cards (a mock that knows the deck's order
 * and tells a face to its reader's seat alone), apply the same orders.
 * The deck of 36 is declared at the start (DU23.1); a starting hand is
 * dealt to its taker alone (DU23.2); a client whose owner-only view
 * check is switched off, one that asks its game for the taker's hand
 * though it reads as the other or as an observer, names no card of it,
 * while the taker's own reader does, and so does every reader of the
 * same game with open hands (the positive controls); building a sealed
 * card before it is shown, a show out of turn and a second show are
 * refused with nothing changed in any reader (DU23.4); a show opens
 * the card to all with its proof; a search deals the whole stack to
 * the searcher in one deal (DU23.3); the other's draw of a card dealt
 * to the searcher opens it (DU23.2); the computer player's view holds
 * no sealed card and none of the other's faces (DU23.7).
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "../chance-rec.h"
#include "games/duel/duel.h"
#include "games/duel/engine.h"
#include "games/duel/sealed.h"

#define READERS 4		/* red, blue, the observer, open hands */

struct mock {
	struct rules_sealed req;
	int reader;		/* the seat reading, -1 the observer */
	int declared, deals, dealt, opened;
};

/* The deck's order: position i holds card (5 * i + 7) mod 36. */
static int
face_at(unsigned pos)
{
	return (int)((5 * pos + 7) % 36);
}

static int
m_declare(void *ctx, const char *deck, uint32_t gen, unsigned n,
    struct rules_error *err)
{
	struct mock *m = ctx;

	(void)err;
	m->declared += strcmp(deck, "stacks") == 0 && gen == 0 && n == 36;
	return 0;
}

static int
m_deal(void *ctx, const char *deck, uint32_t gen, int seat,
    const unsigned *pos, unsigned npos, int *card, struct rules_error *err)
{
	struct mock *m = ctx;

	(void)deck, (void)gen, (void)err;
	for (unsigned i = 0; i < npos; i++)
		card[i] = seat == m->reader ? face_at(pos[i]) :
		    RULES_CARD_UNKNOWN;
	m->deals++;
	m->dealt += (int)npos;
	return 0;
}

static int
m_open(void *ctx, const char *deck, uint32_t gen, int seat, unsigned pos,
    int *card, struct rules_error *err)
{
	struct mock *m = ctx;

	(void)deck, (void)gen, (void)seat, (void)err;
	*card = face_at(pos);
	m->opened++;
	return 0;
}

static struct mock M[READERS];
static struct rec R[READERS];
static struct game *G[READERS];

static void
start(void)
{
	static const char *const names[] = { "red", "blue" };
	struct rules_setup su;
	struct rules_error err;

	for (int v = 0; v < READERS; v++) {
		memset(&M[v], 0, sizeof M[v]);
		M[v].req.declare = m_declare;
		M[v].req.deal = m_deal;
		M[v].req.open = m_open;
		M[v].req.ctx = &M[v];
		M[v].reader = v < 2 ? v : -1;
		rec_init(&R[v], 9, RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR);
		memset(&su, 0, sizeof su);
		su.nseats = 2;
		su.seat[0] = names[0];
		su.seat[1] = names[1];
		su.chance = &R[v].chance;
		su.sealed = v < 3 ? &M[v].req : NULL;
		su.salt = 9;
		if (duel_rules.create(&G[v], &su, &err) != 0)
			bail("create: %s", err.msg);
	}
}

static struct du_state *
st_of(int v)
{
	const struct du_state *c = du_game_state(G[v]);
	struct du_state *p;

	memcpy(&p, &c, sizeof p);	/* the tests' dice (du_test_dice) */
	return p;
}

/* The hand of seat s from the game read as reader v. */
static void
hand_of(int v, int s, char *buf, size_t n)
{
	FILE *f = fmemopen(buf, n, "w");

	if (f == NULL)
		bail("fmemopen");
	if (duel_rules.describe(G[v], RULES_VIEW_HAND, s, 0, f) != 0)
		bail("describe");
	fclose(f);
}

/* seat's order on every reader (readers from..READERS-1): the first's
 * answer, and whether every reader stayed as it was when one refused. */
static int
act_on(int from, int seat, const char *a, int *unchanged, char *msg,
    size_t n)
{
	static struct du_state before[READERS];
	struct rules_error err;
	int rc = 0;

	*unchanged = 1;
	for (int v = from; v < READERS; v++) {
		int r;

		memcpy(&before[v], st_of(v), sizeof before[v]);
		memset(&err, 0, sizeof err);
		r = duel_rules.apply(G[v], seat, a, strlen(a), NULL, &err);
		if (v == from) {
			rc = r;
			snprintf(msg, n, "%s", err.msg);
		}
		*unchanged &= memcmp(&before[v], st_of(v),
		    sizeof before[v]) == 0;
	}
	return rc;
}

static int
act(int seat, const char *a, int *unchanged, char *msg, size_t n)
{
	return act_on(0, seat, a, unchanged, msg, n);
}

static const char *
slug_of(int card)
{
	const struct du_data *d = st_of(0)->d;

	return d->card[d->inst[d->draw[card]]].slug;
}

/* A roll that sets nothing off (a brigand attack, stocks below 8). */
static void
quiet_roll(int seat)
{
	char msg[RULES_MSG_MAX];
	int same;

	for (int v = 0; v < READERS; v++)
		du_test_dice(st_of(v), 1, DU_F_BRIGAND);
	if (act(seat, "roll", &same, msg, sizeof msg) != 0)
		bail("roll: %s", msg);
}

int
main(void)
{
	char view[READERS][2048], msg[RULES_MSG_MAX], want[128];
	struct du_state info;
	int same, a, b, tok = 0;

	start();
	for (int v = 0; v < 3; v++)
		is_int(1, M[v].declared, "DU23.1: the deck of 36 declared as "
		    "stacks 0 (reader %d)", v);
	a = st_of(0)->start_player;
	b = 1 - a;
	for (int k = 0; k < DU_STACKS; k++)
		ok(du_sl_tok(du_seg(st_of(2), k)[0]) &&
		    du_seg(st_of(2), k)[0] == DU_SL_TOK + 9 * k,
		    "DU23.1: stack %d holds positions %d-%d from the top", k + 1,
		    9 * k, 9 * k + 8);

	/* DU23.2: the starting hands */
	is_int(0, act(a, "start stack 1", &same, msg, sizeof msg),
	    "DU23.2: %s takes stack 1", du_seat_name(a));
	is_int(3, M[a].dealt, "DU23.2: positions 0-2 dealt to %s",
	    du_seat_name(a));
	for (int v = 0; v < READERS; v++)
		hand_of(v, a, view[v], sizeof view[v]);
	snprintf(want, sizeof want, "card 1: sealed: %s (", slug_of(
	    face_at(0)));
	ok(strstr(view[a], want) != NULL, "positive control: %s's own "
	    "reader names its sealed card 1 (%s)", du_seat_name(a), want);
	ok(strstr(view[b], "card 1: a sealed card you may not see") != NULL &&
	    strstr(view[b], slug_of(face_at(0))) == NULL,
	    "view check off: %s's hand read as %s names no card",
	    du_seat_name(a), du_seat_name(b));
	ok(strstr(view[2], "card 3: a sealed card you may not see") != NULL &&
	    strstr(view[2], "sealed: ") == NULL,
	    "view check off: %s's hand read as the observer names no card",
	    du_seat_name(a));
	ok(strstr(view[3], "card 1: ") != NULL &&
	    strstr(view[3], "sealed") == NULL, "positive control: with "
	    "open hands every reader names the card");
	is_int(DU_SL_UNKNOWN, st_of(b)->sl[0] & 63, "DU23.2: %s's reader "
	    "keeps position 0 unknown", du_seat_name(b));
	is_int(0, act(b, "start stack 2", &same, msg, sizeof msg),
	    "DU23.2: %s takes stack 2", du_seat_name(b));
	is_int(6, M[2].dealt, "DU23.2: positions 9-11 dealt to %s",
	    du_seat_name(b));
	ok((st_of(a)->sl[9] >> 6) == b + 1 && (st_of(a)->sl[9] & 63) ==
	    DU_SL_UNKNOWN && (st_of(b)->sl[9] & 63) == face_at(9),
	    "DU23.2: position 9 is %s's, its face in %s's reader alone",
	    du_seat_name(b), du_seat_name(b));

	/* DU23.4: build before the show, show out of turn, show */
	snprintf(want, sizeof want, "show card 2");
	is_int(RULES_ESEAT, act(b, want, &same, msg, sizeof msg),
	    "DU23.4: a show out of the holder's turn is refused");
	ok(same, "DU23.4: ... with nothing changed in any reader (%s)", msg);
	is_int(RULES_REFUSED, act_on(3, a, "show card 1", &same, msg,
	    sizeof msg), "DU23.4: an open game refuses show");
	ok(same && strcmp(msg, "no sealed cards in this game: its hands are "
	    "open (DU23.4)") == 0, "DU23.4: ... nothing changed (%s)", msg);
	is_int(0, act_on(0, a, "show card 2", &same, msg, sizeof msg),
	    "DU23.4: %s shows card 2 before the roll", du_seat_name(a));
	is_int(1, M[2].opened, "DU23.4: opened to the observer too");
	for (int v = 0; v < 3; v++)
		ok(st_of(v)->p[a].hand[1] == st_of(0)->d->draw[face_at(1)],
		    "DU23.4: every reader holds card 2 open: %s (reader %d)",
		    slug_of(face_at(1)), v);
	is_int(RULES_REFUSED, act_on(0, a, "show card 2", &same, msg,
	    sizeof msg), "DU23.4: a second show is refused");
	ok(same && strstr(msg, "card 2 of ") != NULL && strstr(msg,
	    " is open: nothing to show (DU23.4)") != NULL,
	    "DU23.4: ... with nothing changed (%s)", msg);
	for (int i = 0; i < 3; i++)
		tok += du_sl_tok(st_of(0)->p[a].hand[i]);
	is_int(2, tok, "DU23.4: cards 1 and 3 stay sealed");

	/* DU23.7: the computer player's view */
	memcpy(&info, st_of(b), sizeof info);
	du_sealed_observe(&info, b);
	tok = 0;
	for (int s = 0; s < DU_SEATS; s++)
		for (int i = 0; i < info.p[s].nhand; i++)
			tok += du_sl_tok(info.p[s].hand[i]);
	for (int k = 0; k < DU_SEGS; k++)
		for (int i = 0; i < du_seg_len(&info, k); i++)
			tok += du_sl_tok(du_seg(&info, k)[i]);
	is_int(0, tok, "DU23.7: %s's computer player sees no sealed card",
	    du_seat_name(b));
	ok(info.sealed == NULL, "DU23.7: ... and asks nothing sealed");
	for (int i = 0; i < 3; i++)
		ok(info.p[b].hand[i] == info.d->draw[face_at(9 + (unsigned)i)],
		    "DU23.7: ... its own card %d as dealt", i + 1);

	/* DU23.3: a search deals the whole stack to the searcher */
	quiet_roll(a);
	if (act(a, "end", &same, msg, sizeof msg) != 0)
		bail("end: %s", msg);
	is_int(RULES_REFUSED, act(a, "show card 1", &same, msg, sizeof msg),
	    "DU23.4: a show in the exchange phase is refused");
	ok(same && strcmp(msg, "a sealed card is shown in its holder's own "
	    "turn, before the roll or in the action phase (DU23.4)") == 0,
	    "DU23.4: ... with nothing changed (%s)", msg);
	is_int(0, act(a, "exchange card 1 under stack 3 search stack 4 "
	    "paying k2 k4", &same, msg, sizeof msg), "DU23.3: %s puts card 1 "
	    "under stack 3 and searches stack 4", du_seat_name(a));
	is_int(7, M[2].deals, "DU23.3: one deal for the search (six for "
	    "the starting hands before)");
	is_int(15, M[2].dealt, "DU23.3: ... of the 9 positions of stack 4");
	ok(du_seg(st_of(2), 2)[9] == st_of(2)->p[a].hand[0] ||
	    du_sl_tok(du_seg(st_of(2), 2)[9]), "DU23.5: the card put under "
	    "stack 3 keeps its seal");
	hand_of(a, a, view[0], sizeof view[0]);
	hand_of(b, a, view[1], sizeof view[1]);
	snprintf(want, sizeof want, "stack 4, from the top:\n  card 1: "
	    "sealed: %s (", slug_of(face_at(27)));
	ok(strstr(view[0], want) != NULL, "DU23.3: the searcher sees the "
	    "stack (%s)", slug_of(face_at(27)));
	ok(strstr(view[1], "stack 4, from the top:\n  card 1: a sealed card "
	    "you may not see") != NULL && strstr(view[1], slug_of(
	    face_at(27))) == NULL, "view check off: the stack read as %s "
	    "names no card", du_seat_name(b));
	is_int(0, act(a, "take card 1", &same, msg, sizeof msg),
	    "DU23.3: %s takes card 1 of stack 4", du_seat_name(a));

	/* DU23.2: the other's draw of a card dealt to the searcher */
	quiet_roll(b);
	if (act(b, "end", &same, msg, sizeof msg) != 0)
		bail("end: %s", msg);
	is_int(0, act(b, "exchange card 1 under stack 1 draw stack 4", &same,
	    msg, sizeof msg), "DU23.2: %s draws stack 4's top, %s's card",
	    du_seat_name(b), du_seat_name(a));
	is_int(2, M[2].opened, "DU23.2: %s opened it", du_seat_name(a));
	is_int(7, M[2].deals, "DU23.2: ... no new deal");
	for (int v = 0; v < 3; v++)
		ok(st_of(v)->p[b].hand[2] == st_of(0)->d->draw[face_at(28)],
		    "DU23.2: every reader: %s holds it open, %s (reader %d)",
		    du_seat_name(b), slug_of(face_at(28)), v);
	for (int v = 0; v < READERS; v++)
		duel_rules.free(G[v]);
	return done_testing();
}
