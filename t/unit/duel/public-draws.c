/*
 * t/unit/duel/public-draws.c -- Catan: het Duel under fair chance
 * (doc/fair-chance.md).  With a source flagged RULES_CHANCE_FAIR
 * nothing is drawn ahead: creation shuffles nothing (the draw stacks,
 * the event deck and the region stack lie in the order of the data, the
 * same for every seed; DU3.2-DU3.4 only open the event "start", DU3.5),
 * and each card is drawn when it is drawn, uniformly from the unseen
 * cards of its pool, by one event "draw" of the order (every seat in
 * its quorum).  So the cards "start stack N" (DU3.6) takes are decided
 * by that event, not by the state before it (in open mode they are the
 * stack's top cards, whatever the source answers).  A card put under a
 * stack is known and drawing it opens no event; a searched stack
 * (DU14.4) is seen whole, so taking from it opens none; Verkenner's
 * reshuffle (DU9.4) and the rebuilt event deck (DU8.7) open no event.
 * A draw awaited (RULES_PENDING) leaves the game as it was, and the redo
 * draws what answering at once draws.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "../chance-mock.h"
#include "../chance-rec.h"
#include "games/duel/duel.h"
#include "games/duel/engine.h"
#include "games/duel/parse.h"
#include "check.h"

#define FAIR (RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR)
#define MAXL 4096
#define EV_DRAW 6		/* engine.c's kind of the event "draw" */

static char legal[MAXL][RULES_ACTION_MAX];
static int nlegal;

static int
collect(void *ctx, const char *a)
{
	(void)ctx;
	if (nlegal < MAXL)
		snprintf(legal[nlegal++], RULES_ACTION_MAX, "%s", a);
	return 0;
}

static struct game *
make(const struct rules_chance *ch)
{
	struct rules_setup su;
	struct rules_error e;
	struct game *g;

	memset(&su, 0, sizeof su);
	su.nseats = 2;
	su.seat[0] = "red";
	su.seat[1] = "blue";
	su.chance = ch;
	if (duel_rules.create(&g, &su, &e) != 0)
		bail("create: %s", e.msg);
	return g;
}

static int
apply(struct game *g, int seat, const char *a)
{
	struct rules_note note;
	struct rules_error e;

	return duel_rules.apply(g, seat, a, strlen(a), &note, &e);
}

static struct rec R1, R2;

/* DU3.2-DU3.5: creation. */
static void
test_creation(void)
{
	int only_start = 1, same = 1, unseen_ok = 1;

	for (unsigned seed = 1; seed <= 4; seed++) {
		struct game *a, *b;
		const struct du_state *x, *y;

		rec_init(&R1, seed, FAIR);
		rec_init(&R2, seed + 100, FAIR);
		a = make(&R1.chance);
		b = make(&R2.chance);
		x = du_game_state(a);
		y = du_game_state(b);
		only_start &= R1.n == 1 && strcmp(R1.label[0], "start") == 0 &&
		    R2.n == 1;
		same &= memcmp(x->pile, y->pile, sizeof x->pile) == 0 &&
		    memcmp(x->nseg, y->nseg, sizeof x->nseg) == 0 &&
		    memcmp(x->rstack, y->rstack, sizeof x->rstack) == 0;
		for (int k = 0; k < DU_STACKS; k++)
			unseen_ok &= x->unseen[k] == 9 && x->nseg[k] == 9;
		unseen_ok &= x->pub == 1 && x->runseen == 12 &&
		    x->nrstack == 12 && x->ev_unseen == 5 &&
		    x->nseg[DU_SEG_EVENTS] == 9 &&
		    x->d->inst[du_seg(x, DU_SEG_EVENTS)[5]] == x->d->summer &&
		    du_t_check(x) == NULL;
		duel_rules.free(a);
		duel_rules.free(b);
	}
	ok(only_start, "DU3.5 fair chance: creation opens the one event "
	    "'start' (no 'events', 'stacks', 'regions' shuffle; 4 seeds)");
	ok(same, "DU3.2-DU3.4 fair chance: the stacks, the event deck and the "
	    "region stack lie in the data's order, the same for every seed");
	ok(unseen_ok, "fair chance: every card of the 4 stacks (9 each), the "
	    "12 regions and the event deck's top 5 unseen; Zomerfeest 6th "
	    "with 3 unseen cards under it (DU3.3)");

	rec_init(&R1, 1, 0);
	duel_rules.free(make(&R1.chance));
	ok(R1.n == 4 && strcmp(R1.label[0], "events") == 0 &&
	    strcmp(R1.label[1], "stacks") == 0 &&
	    strcmp(R1.label[2], "regions") == 0 &&
	    strcmp(R1.label[3], "start") == 0,
	    "DU17.6 open mode: creation still opens events, stacks, regions, "
	    "start (saved games replay as before)");
}

/* DU3.6: the start cards are drawn by the order's event. */
static void
test_start_drawn(void)
{
	int differ = 0, events_ok = 1, open_top = 1;

	for (unsigned k = 0; k < 8; k++) {
		struct game *g;
		const struct du_state *st;
		unsigned char other[RULES_SEED_BYTES];
		uint8_t top[3];
		int c, before;

		rec_init(&R1, 7, FAIR);
		g = make(&R1.chance);
		st = du_game_state(g);
		c = st->aw_seat;
		memcpy(top, du_seg(st, 0), 3);
		/* the same game; the draw answered from another seed */
		memset(other, (int)(50 + k), sizeof other);
		chance_seed_init(&R1.open, other);
		before = R1.n;
		if (apply(g, st->rseat[c], "start stack 1") != 0)
			bail("start stack 1 refused");
		events_ok &= R1.n == before + 1 &&
		    strcmp(R1.label[before], "draw") == 0 &&
		    R1.quorum[before] == 0 && R1.kind[before] == EV_DRAW &&
		    st->p[c].nhand == 3 && st->unseen[0] == 6;
		differ += memcmp(st->p[c].hand, top, 3) != 0;
		events_ok &= du_t_check(st) == NULL;
		duel_rules.free(g);

		/* open mode: the top 3, whatever the source answers after */
		rec_init(&R2, 7, 0);
		g = make(&R2.chance);
		st = du_game_state(g);
		c = st->aw_seat;
		memcpy(top, du_seg(st, 0), 3);
		chance_seed_init(&R2.open, other);
		if (apply(g, st->rseat[c], "start stack 1") != 0)
			bail("open: start stack 1 refused");
		open_top &= memcmp(st->p[c].hand, top, 3) == 0 && R2.n == 4;
		duel_rules.free(g);
	}
	ok(events_ok, "DU3.6 fair chance: 'start stack 1' opens one event "
	    "'draw' (quorum all, kind %d) for its 3 cards; 6 left unseen",
	    EV_DRAW);
	ok(differ >= 6, "DU3.6 fair chance: the 3 cards depend on the draw "
	    "event, not on the stack's order (%d of 8 answers differ from "
	    "the top 3)", differ);
	ok(open_top, "DU3.6 open mode: the 3 cards are the stack's top 3 and "
	    "no event is opened");
}

/* "start stack K" on an engine state (engine seats are colours). */
static int
start_on(struct du_state *st, int k)
{
	static struct du_data d;
	static int loaded;
	struct du_action a;
	struct rules_note note;
	struct rules_error e;
	char text[32];

	if (!loaded && du_data_load(&d, NULL, 0, &e) != 0)
		bail("cards: %s", e.msg);
	loaded = 1;
	snprintf(text, sizeof text, "start stack %d", k);
	if (du_parse(&d, text, strlen(text), &a, &e) != 0)
		bail("%s: %s", text, e.msg);
	note.len = 0;	/* du_apply appends to the caller's note */
	note.text[0] = '\0';
	return du_apply(st, st->aw_seat, &a, 0, &note, &e);
}

/* A card put under a stack is known: drawing it opens no event. */
static void
test_known_bottom(void)
{
	static struct du_data d;
	static struct du_state st;
	struct rules_note note;
	struct rules_error e;
	uint8_t top[3];
	int before, c;

	if (du_data_load(&d, NULL, 0, &e) != 0)
		bail("cards: %s", e.msg);
	rec_init(&R1, 9, FAIR);
	if (du_init(&st, &d, &R1.chance, &note, &e) != 0)
		bail("init: %s", e.msg);
	c = st.aw_seat;
	/* as if stack 2 had been drawn down to cards put under it */
	st.unseen[1] = 0;
	memcpy(top, du_seg(&st, 1), 3);
	before = R1.n;
	if (start_on(&st, 2) != 0)
		bail("start stack 2 refused");
	ok(R1.n == before && memcmp(st.p[c].hand, top, 3) == 0,
	    "fair chance: cards whose place is known (put under a stack, "
	    "DU14.3, DU14.4) are drawn as they lie, no event opened");

	rec_init(&R1, 9, FAIR);
	if (du_init(&st, &d, &R1.chance, &note, &e) != 0)
		bail("init: %s", e.msg);
	c = st.aw_seat;
	st.unseen[2] = 1;
	memcpy(top, du_seg(&st, 2), 3);
	before = R1.n;
	if (start_on(&st, 3) != 0)
		bail("start stack 3 refused");
	ok(R1.n == before + 1 && memcmp(st.p[c].hand + 1, top + 1, 2) == 0 &&
	    st.unseen[2] == 0 && du_t_check(&st) == NULL,
	    "fair chance: one unseen card above two known ones: one event, "
	    "the known two come as they lie");
}

/*
 * Random games under fair chance: every listed order applies, the
 * invariants hold (check.h), each order opens at most one event "draw";
 * a searched stack is all seen, taking from it opens no event;
 * Verkenner's reshuffle opens none; the notes of the game never name a
 * hidden card any differently from open mode (they are the engine's).
 * Returns through the counters.
 */
static struct {
	int games, orders, draws, searches, search_ok, takes_ok, scouts;
	int scout_ok, once_ok, inv_ok, listed_ok, regions, region_ok;
	int won;
} G = { .search_ok = 1, .takes_ok = 1, .scout_ok = 1, .once_ok = 1,
    .inv_ok = 1, .listed_ok = 1, .region_ok = 1 };

static void
random_game(unsigned seed)
{
	static struct rec r;
	struct game *g;
	const struct du_state *st;
	unsigned long long x = seed * 2654435761ull + 1;

	rec_init(&r, seed, FAIR);
	g = make(&r.chance);
	st = du_game_state(g);
	for (int n = 0; n < 6000; n++) {
		struct rules_await aw;
		int pick, before, k = -1, nr = st->nrstack, ru = st->runseen;

		duel_rules.await(g, &aw);
		if (aw.over) {
			G.won++;
			break;
		}
		nlegal = 0;
		duel_rules.legal(g, aw.seat, collect, NULL);
		if (nlegal == 0) {
			G.listed_ok = 0;
			break;
		}
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		pick = (int)((x >> 33) % (unsigned long long)nlegal);
		if (strncmp(legal[pick], "resign", 6) == 0)
			pick = (pick + 1) % nlegal;
		if (strstr(legal[pick], " search stack ") != NULL)
			k = atoi(strstr(legal[pick], " search stack ") + 14) - 1;
		before = r.n;
		if (apply(g, aw.seat, legal[pick]) != 0) {
			G.listed_ok = 0;
			diag("seed %u: '%s' refused", seed, legal[pick]);
			break;
		}
		G.orders++;
		G.draws += count_prefix(&r, before, "draw");
		G.once_ok &= count_prefix(&r, before, "draw") <= 1 &&
		    count_prefix(&r, before, "events") == 0 &&
		    count_prefix(&r, before, "stacks") == 0 &&
		    count_prefix(&r, before, "regions") == 0;
		if (k >= 0) {
			G.searches++;
			G.search_ok &= st->phase == DU_PH_TAKE &&
			    st->search == k && st->unseen[k] == 0;
		}
		if (strncmp(legal[pick], "take card", 9) == 0)
			G.takes_ok &= r.n == before;
		if (strncmp(legal[pick], "build settlement", 16) == 0 &&
		    st->phase == DU_PH_REGIONS && !st->scout) {
			G.regions++;
			G.region_ok &= st->nrstack == nr - 2 &&
			    st->runseen == (ru > 2 ? ru - 2 : 0) &&
			    count_prefix(&r, before, "draw") == (ru > 0);
		}
		if (strncmp(legal[pick], "regions", 7) == 0 &&
		    st->nrstack == nr - 2) {
			G.scouts++;
			G.scout_ok &= st->runseen == st->nrstack &&
			    r.n == before;
		}
		if (du_t_check(st) != NULL) {
			G.inv_ok = 0;
			diag("seed %u after '%s': %s", seed, legal[pick],
			    du_t_check(st));
			break;
		}
	}
	G.games++;
	duel_rules.free(g);
}

static void
test_games(void)
{
	for (unsigned seed = 1; seed <= 40; seed++)
		random_game(seed);
	ok(G.listed_ok, "fair chance: every listed order applies (%d orders, "
	    "%d games)", G.orders, G.games);
	ok(G.inv_ok, "fair chance: cards conserved, 0-3 per region, 9/9/7, VP "
	    "recounted, unseen slots within their decks, Zomerfeest under the "
	    "unseen top, after every order");
	ok(G.once_ok && G.draws > 0, "fair chance: an order opens at most one "
	    "event 'draw' (%d in all) and never a shuffle", G.draws);
	ok(G.search_ok && G.searches > 0 && G.takes_ok, "DU14.4 fair chance: "
	    "a searched stack is seen whole (%d searches), taking from it "
	    "opens no event", G.searches);
	ok(G.region_ok && G.regions > 0, "DU9.2 fair chance: the 2 regions "
	    "drawn (%d times) are the unseen top's, by one event", G.regions);
	ok(G.scout_ok, "DU9.4 fair chance: after Verkenner (%d times) the "
	    "region stack is all unseen again, with no event", G.scouts);
	ok(G.won == G.games, "DU15.1: every fair game is won by points (%d)",
	    G.won);
}

/*
 * RULES_PENDING at the k-th request: the game as it was; the redo of the
 * same order draws what answering at once draws.
 */
static void
test_pending(void)
{
	static struct mock_chance m;
	static struct rec r;
	unsigned char seed[RULES_SEED_BYTES];
	int pended = 0, same = 1, untouched = 1;

	for (long k = 2; k <= 40; k += 3) {
		struct game *g, *h;
		unsigned long long x = 99;

		memset(seed, 11, sizeof seed);
		mock_init(&m, seed, k);
		m.chance.flags |= RULES_CHANCE_FAIR;
		rec_init(&r, 11, FAIR);
		g = make(&m.chance);
		h = make(&r.chance);
		for (int n = 0; n < 400; n++) {
			struct rules_await aw;
			struct rules_note note;
			struct rules_error e;
			struct du_state before;
			int pick, rc;

			duel_rules.await(h, &aw);
			if (aw.over)
				break;
			nlegal = 0;
			duel_rules.legal(h, aw.seat, collect, NULL);
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			pick = (int)((x >> 33) % (unsigned long long)nlegal);
			if (strncmp(legal[pick], "resign", 6) == 0)
				pick = (pick + 1) % nlegal;
			if (apply(h, aw.seat, legal[pick]) != 0)
				bail("listed '%s' refused", legal[pick]);
			memcpy(&before, du_game_state(g), sizeof before);
			rc = duel_rules.apply(g, aw.seat, legal[pick],
			    strlen(legal[pick]), &note, &e);
			if (rc == RULES_PENDING) {
				pended++;
				untouched &= memcmp(&before, du_game_state(g),
				    sizeof before) == 0;
				if (m.chance.settle(m.chance.ctx, &e) != 0)
					bail("settle");
				rc = duel_rules.apply(g, aw.seat, legal[pick],
				    strlen(legal[pick]), &note, &e);
			}
			if (rc != 0)
				bail("'%s': %s", legal[pick], e.msg);
		}
		same &= memcmp(du_game_state(g)->pile, du_game_state(h)->pile,
		    sizeof du_game_state(g)->pile) == 0 &&
		    memcmp(du_game_state(g)->p, du_game_state(h)->p,
		    sizeof du_game_state(g)->p) == 0;
		duel_rules.free(g);
		duel_rules.free(h);
	}
	ok(pended >= 10 && untouched, "fair chance: an order whose draw is "
	    "awaited (RULES_PENDING, %d times) leaves the game as it was",
	    pended);
	ok(same, "fair chance: the redo draws what answering at once draws "
	    "(14 games of 400 orders equal)");
}

int
main(void)
{
	plan(18);
	test_creation();
	test_start_drawn();
	test_known_bottom();
	test_games();
	test_pending();
	return done_testing();
}
