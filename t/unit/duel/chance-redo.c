/*
 * t/unit/duel/chance-redo.c -- the redo model (rules.h "Chance") on
 * Catan: het Duel, as t/unit/trigon/chance-redo.c for Trigon.
 *
 * Random games are played through duel_rules with a source answering
 * at once (the baseline: the orders, every note, the final public JSON,
 * status and both hands, the N chance requests: creation's events,
 * stacks, regions and start, then every roll's dice and every region
 * stack reshuffle).  Then each game is replayed from its orders:
 *  - with chance-mock.h's source answering RULES_PENDING at the k-th
 *    request (once), for every k in 1..N: the call that got it returns
 *    RULES_PENDING at once with the game as it was (create: no game),
 *    the redo opens the same event, and the end equals the baseline;
 *  - with a source answering RULES_PENDING the first time every k-th
 *    new event is asked (k = 1, 2, 3, 5), as a fair source that waits
 *    for the other seat: the same end, and exactly events / k pendings.
 * DU17.6: every random event of the Duel goes through the source.
 */
#define _GNU_SOURCE 1		/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "../chance-mock.h"
#include "games/duel/duel.h"
#include "games/duel/engine.h"

#define MAXACT 3000
#define MAXL 4096

struct rec {
	int n;
	int seat[MAXACT];
	char text[MAXACT][RULES_ACTION_MAX];
};

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

/* The public JSON, the status and both hands, as one string. */
static char *
view(const struct game *g)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f == NULL)
		bail("open_memstream");
	duel_rules.describe(g, RULES_VIEW_JSON, -1, 0, f);
	duel_rules.describe(g, RULES_VIEW_STATUS, -1, 0, f);
	for (int s = 0; s < 2; s++)
		duel_rules.describe(g, RULES_VIEW_HAND, s, 0, f);
	fclose(f);
	return text;
}

/*
 * A source that answers RULES_PENDING the first time each every-th new
 * event (by number) is asked, once; events asked again (a redo asks
 * again the events its line opened before) are answered at once.
 */
struct every_chance {
	struct rules_chance chance;
	struct chance_seed open;
	int every;
	long fresh, pendings;
	uint32_t next;		/* events below were asked before */
	int waiting;
};

static int
every_event(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	struct every_chance *m = ctx;

	if (event >= m->next) {
		if (m->waiting)
			bail("asked event %u while event %u waits", event,
			    m->next);
		m->next = event + 1;
		if (++m->fresh % m->every == 0) {
			m->pendings++;
			m->waiting = 1;
			m->next = event;	/* the redo asks it again */
			err->code = RULES_PENDING;
			snprintf(err->msg, sizeof err->msg, "awaiting the "
			    "answer to event %lu (%s)", (unsigned long)event,
			    req->label);
			return RULES_PENDING;
		}
	}
	return m->open.chance.event(m->open.chance.ctx, event, req, out, err);
}

static int
every_settle(void *ctx, struct rules_error *err)
{
	struct every_chance *m = ctx;

	(void)err;
	/* answered: asking it again gets it at once */
	m->waiting = 0;
	m->next++;
	return 0;
}

static void
every_init(struct every_chance *m, const unsigned char seed[RULES_SEED_BYTES],
    int every)
{
	memset(m, 0, sizeof *m);
	chance_seed_init(&m->open, seed);
	m->every = every;
	m->chance.event = every_event;
	m->chance.settle = every_settle;
	m->chance.ctx = m;
	m->chance.flags = RULES_CHANCE_MAY_PEND;
}

struct result {
	char *view;
	char *notes;
	int pendings, untouched_bad, failed;
};

static void
setup_of(struct rules_setup *su, int seed, const struct rules_chance *ch)
{
	memset(su, 0, sizeof *su);
	su->nseats = 2;
	/* DU1.1: the seats in either order */
	su->seat[0] = seed % 2 ? "blue" : "red";
	su->seat[1] = seed % 2 ? "red" : "blue";
	su->chance = ch;
}

/*
 * Create and replay r with source ch (settle through settle_fn), redoing
 * what comes back RULES_PENDING; r->n == 0: play at random instead,
 * recording into r.
 */
static void
replay(int seed, struct rec *r, const struct rules_chance *ch,
    struct result *out)
{
	struct rules_setup su;
	struct rules_error err;
	static struct rules_note note;
	struct game *g = NULL;
	size_t nlen = 0;
	FILE *nf = open_memstream(&out->notes, &nlen);
	int rc, record = r->n == 0;
	uint64_t rng = 0x2545f4914f6cdd1dull ^ (uint64_t)seed;

	memset(out, 0, sizeof *out);
	if (nf == NULL)
		bail("open_memstream");
	setup_of(&su, seed, ch);
	for (;;) {
		memset(&err, 0, sizeof err);
		rc = duel_rules.create(&g, &su, &err);
		if (rc != RULES_PENDING)
			break;
		out->pendings++;
		out->untouched_bad += g != NULL ||
		    strstr(err.msg, "awaiting") == NULL;
		if (ch->settle(ch->ctx, &err) != 0)
			break;
	}
	if (rc != 0) {
		diag("create: %s", err.msg);
		out->failed = 1;
		fclose(nf);
		return;
	}
	duel_rules.start_note(g, &note);
	fprintf(nf, "%s|", note.text);
	for (int i = 0; !out->failed; i++) {
		const char *text;
		int seat;

		if (record) {
			struct rules_await aw;
			int pick;

			duel_rules.await(g, &aw);
			if (aw.over || i == MAXACT)
				break;
			nlegal = 0;
			duel_rules.legal(g, aw.seat, collect, NULL);
			if (nlegal == 0)
				bail("seed %d: nothing legal", seed);
			rng ^= rng << 13;
			rng ^= rng >> 7;
			rng ^= rng << 17;
			pick = (int)(rng % (uint64_t)nlegal);
			if (strcmp(legal[pick], "resign") == 0)
				pick = (pick + 1) % nlegal;
			r->seat[r->n] = aw.seat;
			snprintf(r->text[r->n], RULES_ACTION_MAX, "%s",
			    legal[pick]);
			r->n++;
		} else if (i == r->n)
			break;
		text = r->text[i];
		seat = r->seat[i];
		for (;;) {
			struct game *c = duel_rules.clone(g);

			memset(&err, 0, sizeof err);
			rc = duel_rules.apply(g, seat, text, strlen(text), &note,
			    &err);
			if (rc == RULES_PENDING) {
				char *a = view(g), *b = view(c);

				out->pendings++;
				out->untouched_bad += strcmp(a, b) != 0 ||
				    memcmp(du_game_state(g), du_game_state(c),
				    sizeof(struct du_state)) != 0 ||
				    strstr(err.msg, "awaiting") == NULL;
				free(a);
				free(b);
			}
			duel_rules.free(c);
			if (rc != RULES_PENDING)
				break;
			if (ch->settle(ch->ctx, &err) != 0)
				break;
		}
		if (rc != 0) {
			diag("seed %d, action %d '%s': %s", seed, i + 1, text,
			    err.msg);
			out->failed = 1;
		} else
			fprintf(nf, "%s|", note.text);
	}
	fclose(nf);
	out->view = view(g);
	duel_rules.free(g);
}

static void
result_release(struct result *r)
{
	free(r->view);
	free(r->notes);
}

static struct rec R;

static void
one_game(int seed)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };
	struct mock_chance m;
	struct every_chance ev;
	struct result base, res;
	long n;
	int bad = 0, bad_same = 0, bad_every = 0;
	static const int everies[] = { 1, 2, 3, 5 };

	key[0] = (unsigned char)seed;
	key[31] = 0xd0;
	memset(&R, 0, sizeof R);
	mock_init(&m, key, 0);
	replay(seed, &R, &m.chance, &base);
	n = m.requests;
	ok(!base.failed && base.pendings == 0 && R.n > 50 &&
	    strstr(base.view, "\"phase\":\"over\"") != NULL,
	    "seed %d: a random game of %d orders to its end, the source "
	    "answering at once (%ld chance requests)", seed, R.n, n);
	ok(!m.bad_label, "seed %d: every request carries a label", seed);

	for (long k = 1; k <= n; k++) {
		mock_init(&m, key, k);
		replay(seed, &R, &m.chance, &res);
		if (res.failed || res.pendings != 1 || res.untouched_bad ||
		    strcmp(res.view, base.view) != 0 ||
		    strcmp(res.notes, base.notes) != 0) {
			if (bad++ < 5)
				diag("seed %d: pending at request %ld (%s): "
				    "failed %d pendings %d untouched_bad %d "
				    "view %s notes %s", seed, k, m.pend_label,
				    res.failed, res.pendings, res.untouched_bad,
				    strcmp(res.view, base.view) ? "differs" :
				    "same", strcmp(res.notes, base.notes) ?
				    "differ" : "same");
		}
		bad_same += m.redo_same != 1;
		result_release(&res);
	}
	is_int(0, bad, "seed %d: RULES_PENDING at the k-th request, for each "
	    "of the %ld k: passed up at once, the game untouched (create: no "
	    "game), and after the redo the same notes, JSON, status and "
	    "hands", seed, n);
	is_int(0, bad_same, "seed %d: each redo opens the same event "
	    "(number, label, quorum) that was pending", seed);

	for (size_t i = 0; i < sizeof everies / sizeof everies[0]; i++) {
		every_init(&ev, key, everies[i]);
		replay(seed, &R, &ev.chance, &res);
		if (res.failed || res.untouched_bad ||
		    res.pendings != n / everies[i] ||
		    strcmp(res.view, base.view) != 0 ||
		    strcmp(res.notes, base.notes) != 0) {
			bad_every++;
			diag("seed %d: pending at every %d-th event: failed %d "
			    "pendings %d (want %ld) untouched_bad %d view %s "
			    "notes %s", seed, everies[i], res.failed,
			    res.pendings, n / everies[i], res.untouched_bad,
			    strcmp(res.view, base.view) ? "differs" : "same",
			    strcmp(res.notes, base.notes) ? "differ" : "same");
		}
		result_release(&res);
	}
	is_int(0, bad_every, "seed %d: RULES_PENDING at every k-th new event "
	    "(k = 1, 2, 3, 5): n/k pendings, each passed up with the game "
	    "untouched, and the same game to its end", seed);
	result_release(&base);
}

int
main(void)
{
	for (int seed = 1; seed <= 4; seed++)
		one_game(seed);
	return done_testing();
}
