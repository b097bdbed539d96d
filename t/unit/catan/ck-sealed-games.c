/*
 * ck-sealed-games.c -- whole random games of Cities & Knights with
 * sealed progress decks (catan-ck-rules(7), CK20; sealed-ck.c), through
 * the rule set's create and the engine's ca_apply: four readers of each
 * game, red's, blue's, white's and an observer's, each with its own
 * source of sealed cards (a mock dealing a fixed order per game, that
 * tells a face to its reader's seat alone), apply the same actions, each
 * chosen at random among those the acting seat's own reader lists.
 *
 * After every action: every reader accepted it (CK20.3: the acting
 * seat's list holds only what every reader accepts); the public status
 * is the same text in every reader (CK20.8); no reader knows the face of
 * a sealed card it was not dealt (CK20.2), and each knows its own.  At
 * the end: games over, cards drawn sealed, shown, played, discarded, and
 * the decks run past their sealed positions (CK20.2's open cards).  Then
 * whole games of the greedy computer player, each seat's choice made
 * from its own reader's state (CK20.9): every choice listed there, every
 * game over.
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "games/catan/bot.h"
#include "games/catan/catan.h"
#include "games/catan/engine.h"
#include "games/catan/sealed.h"
#include "chance.h"
#include "util.h"
#include "../sealed-mock.h"

#define READERS 4		/* red, blue, white, the observer */
#define GAMES 12		/* random choices */
#define BOT_GAMES 4		/* the greedy computer player's */
#define MAXA 8192
#define MAXLEN 3000
#define DECK 18

static struct smock M[READERS];
static struct game *G[READERS];
static struct ca_action A[MAXA];

static int
face(const struct smock *m, const char *deck, unsigned pos)
{
	int k = deck[5] == 't' ? 0 : deck[5] == 'p' ? 3 : 7;

	return (int)((unsigned)m->mul * pos + (unsigned)(m->add + k)) % DECK;
}

static uint64_t Game;

/* Each game its own open-mode streams, the same in every reader. */
static int
g_event(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	unsigned char seed[RULES_SEED_BYTES];

	(void)ctx, (void)err;
	memset(seed, (int)Game, sizeof seed);
	chance_seed_stream(out, seed, req->kind, event);
	return 0;
}

static struct rules_chance G_chance = { g_event, NULL, NULL,
	RULES_CHANCE_FAIR };

static struct ca_state *
state(int v)
{
	return (struct ca_state *)(uintptr_t)ca_game_state(G[v]);
}

static void
start(int g)
{
	static const char *const names[] = { "red", "blue", "white" };
	static const int mul[] = { 1, 5, 7, 11, 13, 17 };
	struct rules_setup su;
	struct rules_error err;

	Game = (uint64_t)g;
	for (int v = 0; v < READERS; v++) {
		smock_init(&M[v], v < 3 ? v : -1, face, "prog-", DECK);
		M[v].mul = mul[g % 6];
		M[v].add = g;
		memset(&su, 0, sizeof su);
		su.nseats = 3;
		for (int i = 0; i < 3; i++)
			su.seat[i] = names[i];
		su.chance = &G_chance;
		su.sealed = &M[v].req;
		su.salt = (uint64_t)g;
		if (catan_ck_rules.create(&G[v], &su, &err) != 0)
			bail("create: %s", err.msg);
	}
}

/* The public status of reader v. */
static void
status(int v, char *buf, size_t n)
{
	FILE *f = fmemopen(buf, n, "w");

	if (f == NULL)
		bail("fmemopen");
	if (catan_ck_rules.describe(G[v], RULES_VIEW_STATUS, -1, -1, f) != 0)
		bail("describe");
	fclose(f);
}

/* Reader v knows a face of a sealed card held by another seat (1), or
   misses one of its own seat's (2). */
static int
leak(int v)
{
	const struct ca_state *st = state(v);

	for (int s = 0; s < st->nseats; s++)
		for (int j = 0; j < st->ck.p[s].nsealed; j++) {
			int e = st->ck.p[s].prog[CK_HAND_MAX - 1 - j];
			int f = ck_sealed_face(st, e >> 5, e & 31);

			if (s != v && f != CK_SL_UNKNOWN)
				return 1;
			if (s == v && f == CK_SL_UNKNOWN)
				return 2;
		}
	return 0;
}

/* The action of the greedy computer player of seat, from its own
   reader's state (CK20.9), into A[0]; 0, or -1 when it found none. */
static int
bot_choice(int seat, uint64_t seed)
{
	struct rules_bot_opts o = { "greedy", 0, 0, seed };
	struct rules_error e;

	if (ca_bot_choose(state(seat), seat, &o, &A[0], &e) != 0) {
		diag("greedy: %s", e.msg);
		return -1;
	}
	return 0;
}

/* a is among the n actions of A from 1 on. */
static int
listed_after(const struct ca_action *a, int n)
{
	for (int i = 1; i < n; i++)
		if (memcmp(&A[i], a, sizeof *a) == 0)
			return 1;
	return 0;
}

/* The sealed cards held by all seats. */
static int
sealed_all(const struct ca_state *st)
{
	int n = 0;

	for (int s = 0; s < st->nseats; s++)
		n += st->ck.p[s].nsealed;
	return n;
}

int
main(void)
{
	static char st0[8192], stv[8192];
	int refused = 0, differ = 0, leaks = 0, missing = 0, over = 0;
	int draws = 0, shows = 0, plays = 0, discards = 0, past = 0;
	int bot_over = 0, bot_unlisted = 0, bot_shows = 0;
	long actions = 0;
	char what[RULES_MSG_MAX + 64] = "";

	for (int g = 1; g <= GAMES + BOT_GAMES; g++) {
		uint64_t rng = (uint64_t)g * 0x9e3779b97f4a7c15ULL;
		int len = 0;

		start(g);
		while (state(3)->phase != CA_PH_OVER && len++ < MAXLEN) {
			int seat = ca_await_seat(state(3)), n, i, held;
			struct rules_note note;
			struct ca_secret sec;
			struct rules_error e;

			n = ca_legal(state(seat), seat, A + 1, MAXA - 1) + 1;
			if (n <= 1 || n > MAXA)
				bail("game %d: %d actions", g, n - 1);
			if (g <= GAMES)
				i = 1 + u_choose(A + 1, n - 1, &rng);
			else if (bot_choice(seat, (uint64_t)len) != 0 ||
			    !listed_after(&A[0], n)) {
				bot_unlisted++;
				break;
			} else {
				i = 0;
				bot_shows += A[0].verb == CA_A_SHOW;
			}
			held = sealed_all(state(3));
			for (int v = 0; v < READERS; v++) {
				memset(&note, 0, sizeof note);
				memset(&sec, 0, sizeof sec);
				memset(&e, 0, sizeof e);
				if (ca_apply(state(v), seat, &A[i], &note, &sec,
				    &e) != 0 && refused++ == 0)
					snprintf(what, sizeof what, "game %d "
					    "reader %d verb %d: %s", g, v,
					    A[i].verb, e.msg);
			}
			actions++;
			draws += sealed_all(state(3)) > held;
			shows += A[i].verb == CA_A_SHOW;
			plays += A[i].verb == CA_A_PLAY;
			discards += A[i].verb == CA_A_PROG_DISCARD;
			status(3, st0, sizeof st0);
			for (int v = 0; v < 3; v++) {
				int l = leak(v);

				status(v, stv, sizeof stv);
				differ += strcmp(st0, stv) != 0;
				leaks += l == 1;
				missing += l == 2;
			}
			leaks += leak(3) == 1;
			if (refused)
				break;
		}
		for (int t = 0; t < CK_TRACKS; t++)
			past += state(3)->ck.unseen[t] == 0;
		if (g <= GAMES)
			over += state(3)->phase == CA_PH_OVER;
		else
			bot_over += state(3)->phase == CA_PH_OVER;
		for (int v = 0; v < READERS; v++)
			catan_ck_rules.free(G[v]);
	}
	if (refused)
		diag("%s", what);
	is_int(0, refused, "CK20.3: every action the acting seat's reader "
	    "lists applies in every reader (%ld actions)", actions);
	is_int(0, differ, "CK20.8: the public status is the same text in "
	    "every reader");
	is_int(0, leaks, "CK20.2: no reader knows a sealed card it was not "
	    "dealt");
	is_int(0, missing, "CK20.2: each reader knows its own sealed cards");
	ok(over == GAMES, "CK15: every game ends (%d of %d)", over, GAMES);
	ok(draws > 0 && shows > 0 && plays > 0 && discards > 0, "among them "
	    "sealed draws (%d), shows (%d), plays (%d), progress discards "
	    "(%d)", draws, shows, plays, discards);
	ok(bot_over == BOT_GAMES && bot_unlisted == 0, "CK20.9: the greedy "
	    "computer player, from its own reader's state, finishes every "
	    "game (%d of %d) with listed actions (%d not), showing its cards "
	    "(%d shows)", bot_over, BOT_GAMES, bot_unlisted, bot_shows);
	ok(past > 0, "CK20.2: decks drawn past their sealed positions (%d)",
	    past);
	return done_testing();
}
