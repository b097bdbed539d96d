/*
 * t/unit/search.c -- the core's computer player (lib/search.c) on a
 * tiny mock game through its hooks alone, linked with the core alone:
 * Nim with hidden cards.  A pile of stones; each seat in turn takes 1,
 * 2 or 3 ("take K"); who takes the last stone wins.  The winning move
 * leaves a multiple of 4.  Each seat also holds a secret card (0-99)
 * the other cannot see and that does not change the play: the search
 * must neither read it (observe hides it, determinize deals it anew)
 * nor be swayed by it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "search.h"

/* ---- the mock rule set ---------------------------------------------- */

struct game {
	int pile, turn, winner;
	int secret[2];
};

/* The search state: the game itself (no pointers, no padding). */
struct nim {
	int pile, turn, winner;
	int secret[2];
};

static const char *const nim_seats[] = { "left", "right", NULL };
static const char *const nim_blobs[] = { NULL };

static long determinized;	/* determinize() calls, for the test */
static long secret_reads;	/* the other's secret seen non-zero in observe's state */

static int
nim_create(struct game **out, const struct rules_setup *su,
    struct rules_error *err)
{
	struct game *g = calloc(1, sizeof *g);

	(void)err;
	if (g == NULL)
		return RULES_ENOMEM;
	/* The position comes as options: pile=N, secret0=N, secret1=N. */
	for (size_t i = 0; i < su->noptions; i++) {
		int v;

		if (sscanf(su->options[i], "pile=%d", &v) == 1)
			g->pile = v;
		else if (sscanf(su->options[i], "secret0=%d", &v) == 1)
			g->secret[0] = v % 100;
		else if (sscanf(su->options[i], "secret1=%d", &v) == 1)
			g->secret[1] = v % 100;
	}
	g->winner = -1;
	*out = g;
	return 0;
}

static struct game *
nim_clone(const struct game *g)
{
	struct game *c = malloc(sizeof *c);

	if (c != NULL)
		*c = *g;
	return c;
}

static void
nim_free(struct game *g)
{
	free(g);
}

static int
nim_apply(struct game *g, int seat, const char *a, size_t len,
    struct rules_note *note, struct rules_error *err)
{
	int k;

	(void)len;
	if (note != NULL)
		note->len = 0;
	if (g->winner >= 0 || seat != g->turn) {
		err->code = RULES_ESEAT;
		snprintf(err->msg, sizeof err->msg, "not your turn");
		return RULES_ESEAT;
	}
	if (sscanf(a, "take %d", &k) != 1 || k < 1 || k > 3 || k > g->pile) {
		err->code = RULES_REFUSED;
		snprintf(err->msg, sizeof err->msg, "take 1-3 stones");
		return RULES_REFUSED;
	}
	g->pile -= k;
	if (g->pile == 0)
		g->winner = seat;
	g->turn = 1 - g->turn;
	return 0;
}

static void
nim_await(const struct game *g, struct rules_await *aw)
{
	memset(aw, 0, sizeof *aw);
	aw->over = g->winner >= 0;
	aw->seat = aw->over ? -1 : g->turn;
	aw->winner = g->winner;
}

static int
nim_legal(const struct game *g, int seat, rules_emit_fn emit, void *ctx)
{
	char a[24];	/* "take " and any int */

	if (g->winner >= 0 || seat != g->turn)
		return 0;
	for (int k = 1; k <= 3 && k <= g->pile; k++) {
		snprintf(a, sizeof a, "take %d", k);
		if (emit(ctx, a))
			break;
	}
	return 0;
}

static int
nim_describe(const struct game *g, enum rules_view v, int viewer,
    unsigned flags, FILE *out)
{
	(void)v;
	(void)viewer;
	(void)flags;
	fprintf(out, "pile %d\n", g->pile);
	return 0;
}

static int
nim_points(const struct game *g, int seat)
{
	return g->winner == seat;
}

/* ---- its search hooks -------------------------------------------------- */

static int
h_observe(void *out, const struct game *g, int seat, struct rules_error *err)
{
	struct nim *s = out;

	(void)err;
	memset(s, 0, sizeof *s);
	s->pile = g->pile;
	s->turn = g->turn;
	s->winner = g->winner;
	s->secret[seat] = g->secret[seat];	/* the other's stays 0 */
	return 0;
}

static void
h_determinize(void *out, const void *info, int seat, struct search_rng *r)
{
	struct nim *s = out;

	memcpy(s, info, sizeof *s);
	if (s->secret[1 - seat] != 0)
		secret_reads++;
	s->secret[1 - seat] = (int)search_below(r, 100);
	determinized++;
}

static int
h_to_act(const void *st)
{
	const struct nim *s = st;

	return s->winner >= 0 ? -1 : s->turn;
}

static int
h_legal(const void *st, int seat, uint64_t *out)
{
	const struct nim *s = st;
	int n = 0;

	if (s->winner >= 0 || seat != s->turn)
		return 0;
	for (int k = 1; k <= 3 && k <= s->pile; k++)
		out[n++] = (uint64_t)k;
	return n;
}

static int
h_apply(void *st, int seat, uint64_t a)
{
	struct nim *s = st;

	if (s->winner >= 0 || seat != s->turn || a < 1 || a > 3 ||
	    (int)a > s->pile)
		return 1;
	s->pile -= (int)a;
	if (s->pile == 0)
		s->winner = seat;
	s->turn = 1 - s->turn;
	return 0;
}

static uint64_t
h_weights(const void *st, int seat, const uint64_t *a, int n, unsigned *w)
{
	(void)st;
	(void)seat;
	(void)a;
	for (int i = 0; i < n; i++)
		w[i] = 1;
	return (uint64_t)n;
}

static void
h_evaluate(const void *st, float r[RULES_MAX_SEATS])
{
	const struct nim *s = st;

	for (int i = 0; i < RULES_MAX_SEATS; i++)
		r[i] = s->winner < 0 ? 0.5f : s->winner == i ? 1.0f : 0.0f;
}

static int
h_format(const struct game *g, int seat, const void *info, uint64_t a,
    char *buf, size_t n, struct rules_error *err)
{
	(void)g;
	(void)seat;
	(void)info;
	if ((size_t)snprintf(buf, n, "take %d", (int)a) >= n) {
		err->code = RULES_ENOMEM;
		return RULES_ENOMEM;
	}
	return 0;
}

static const struct rules_search nim_search = {
	.state_size = sizeof(struct nim),
	.max_actions = 3,
	.playouts = 20000,
	.playout_steps = 100,	/* to the end */
	.observe = h_observe,
	.determinize = h_determinize,
	.to_act = h_to_act,
	.legal = h_legal,
	.apply = h_apply,
	.weights = h_weights,
	.evaluate = h_evaluate,
	.format = h_format,
};

static const struct rules nim_rules = {
	.name = "nim", .title = "Nim", .min_seats = 2, .max_seats = 2,
	.seat_names = nim_seats, .blob_names = nim_blobs,
	.create = nim_create, .clone = nim_clone, .free = nim_free,
	.apply = nim_apply, .await = nim_await, .legal = nim_legal,
	.describe = nim_describe, .points = nim_points,
	.search = &nim_search,	/* no .bot: the core plays it */
};

/*
 * A second mock for the root by common random numbers (crn): seat 0
 * picks a number 1-4 once; its worth is the luck of the draw (0-999,
 * dealt by the determinization: the chance to come) by 0.4 over 1000,
 * plus 0.01 a point of the pick.  The luck spreads far wider than the
 * picks differ, but is the same for every pick on one sample.
 */
struct draw {
	int pick, luck;
};

static void
d_determinize(void *out, const void *info, int seat, struct search_rng *r)
{
	struct draw *d = out;

	(void)seat;
	memcpy(d, info, sizeof *d);
	d->luck = (int)search_below(r, 1000);
}

static int
d_to_act(const void *st)
{
	return ((const struct draw *)st)->pick ? -1 : 0;
}

static int
d_legal(const void *st, int seat, uint64_t *out)
{
	if (((const struct draw *)st)->pick || seat != 0)
		return 0;
	for (int k = 0; k < 4; k++)
		out[k] = (uint64_t)k + 1;
	return 4;
}

static int
d_apply(void *st, int seat, uint64_t a)
{
	struct draw *d = st;

	if (d->pick || seat != 0 || a < 1 || a > 4)
		return 1;
	d->pick = (int)a;
	return 0;
}

static void
d_evaluate(const void *st, float r[RULES_MAX_SEATS])
{
	const struct draw *d = st;

	for (int i = 0; i < RULES_MAX_SEATS; i++)
		r[i] = 0;
	r[0] = 0.3f + 0.4f * (float)d->luck / 1000 + 0.01f * (float)d->pick;
	r[1] = 1 - r[0];
}

static const struct rules_search draw_search = {
	.state_size = sizeof(struct draw),
	.max_actions = 4,
	.playouts = 16,
	.playout_steps = 10,
	.crn = 1,
	.determinize = d_determinize,
	.to_act = d_to_act,
	.legal = d_legal,
	.apply = d_apply,
	.weights = h_weights,
	.evaluate = d_evaluate,
	.format = h_format,
};

/* ---- helpers ---------------------------------------------------------- */

static struct game *
nim_new(int pile, int s0, int s1)
{
	struct rules_setup su;
	struct rules_error err;
	struct game *g;
	char opt[3][32];
	const char *opts[3] = { opt[0], opt[1], opt[2] };

	memset(&su, 0, sizeof su);
	snprintf(opt[0], sizeof opt[0], "pile=%d", (unsigned char)pile);
	snprintf(opt[1], sizeof opt[1], "secret0=%d", (unsigned char)s0);
	snprintf(opt[2], sizeof opt[2], "secret1=%d", (unsigned char)s1);
	su.options = opts;
	su.noptions = 3;
	su.nseats = 2;
	su.seat[0] = "left";
	su.seat[1] = "right";
	if (nim_rules.create(&g, &su, &err) != 0)
		bail("create");
	return g;
}

static int
choose(const struct game *g, int seat, const char *kind, long playouts,
    uint64_t seed, char *action, size_t n, struct rules_error *err)
{
	struct rules_bot_opts o;

	memset(&o, 0, sizeof o);
	o.kind = kind;
	o.playouts = playouts;
	o.seed = seed;
	return search_choose(&nim_rules, g, seat, &o, action, n, err);
}

int
main(void)
{
	struct rules_error err;
	char a[RULES_ACTION_MAX], b[RULES_ACTION_MAX];

	ok(search_has_player(&nim_rules), "a game with hooks and no bot of "
	    "its own has a computer player");

	/* The search finds the winning move: leave a multiple of 4. */
	{
		int right = 0, tried = 0;

		for (int pile = 5; pile <= 15; pile++) {
			if (pile % 4 == 0)
				continue;
			for (uint64_t seed = 1; seed <= 5; seed++) {
				struct game *g = nim_new(pile, 11, 22);
				char want[16];

				snprintf(want, sizeof want, "take %d", pile % 4);
				if (choose(g, 0, NULL, 0, seed, a, sizeof a,
				    &err) != 0)
					bail("choose: %s", err.msg);
				right += strcmp(a, want) == 0;
				if (strcmp(a, want) != 0)
					diag("pile %d seed %llu: %s, not %s",
					    pile, (unsigned long long)seed, a,
					    want);
				tried++;
				nim_free(g);
			}
		}
		is_int(tried, right, "from every pile of 5-15 not a multiple "
		    "of 4, over 5 seeds, the search takes pile %% 4");
	}

	/* From a winning pile it wins whole games against random play. */
	{
		int won = 0;

		for (uint64_t seed = 1; seed <= 10; seed++) {
			struct game *g = nim_new(21, 1, 2);
			struct rules_await aw;

			for (nim_await(g, &aw); !aw.over; nim_await(g, &aw)) {
				if (choose(g, aw.seat, aw.seat == 0 ? "mcts" :
				    "random", 500, seed, a, sizeof a, &err) != 0 ||
				    nim_apply(g, aw.seat, a, strlen(a), NULL,
				    &err) != 0)
					bail("play: %s", err.msg);
			}
			won += aw.winner == 0;
			nim_free(g);
		}
		is_int(10, won, "mcts moving first from 21 stones beats random "
		    "in 10 of 10 games");
	}

	/* The hidden card: never read, never decisive; the hooks are used. */
	{
		int same = 0, n = 0;

		determinized = secret_reads = 0;
		for (int pile = 6; pile <= 13; pile++) {
			struct game *g1 = nim_new(pile, 5, 17);
			struct game *g2 = nim_new(pile, 5, 93);

			if (choose(g1, 0, NULL, 300, 9, a, sizeof a, &err) != 0 ||
			    choose(g2, 0, NULL, 300, 9, b, sizeof b, &err) != 0)
				bail("choose: %s", err.msg);
			same += strcmp(a, b) == 0;
			n++;
			nim_free(g1);
			nim_free(g2);
		}
		is_int(n, same, "games that differ only in the other seat's "
		    "secret card: the same choice");
		is_int(0, secret_reads, "observe() hid the other's card in "
		    "every search");
		/* 300 iterations and the root priors' one per decision. */
		is_int(16L * 301, determinized, "one determinization per "
		    "iteration and one for the root priors");
	}

	/* Deterministic for a budget in playouts; search_run's stats. */
	{
		struct game *g = nim_new(14, 3, 4);
		struct nim info;
		struct search_opts so;
		struct search_stats s1, s2;
		uint64_t x = 0, y = 0;

		memset(&so, 0, sizeof so);
		so.playouts = 200;
		so.seed = 42;
		if (h_observe(&info, g, 0, &err) != 0 ||
		    search_run(&nim_search, &info, 0, &so, &x, &s1, &err) != 0 ||
		    search_run(&nim_search, &info, 0, &so, &y, &s2, &err) != 0)
			bail("search_run: %s", err.msg);
		ok(x == y && s1.nodes == s2.nodes && s1.playouts == s2.playouts,
		    "same information set, seat, playouts and seed: same "
		    "action (%llu), same tree (%ld nodes)",
		    (unsigned long long)x, s1.nodes);
		is_int(200, s1.playouts, "200 playouts were run");
		ok(s1.nodes >= 4 && s1.nodes <= 1 + 3 + 200, "the tree has %ld "
		    "nodes: the root, its 3 actions, at most one per playout",
		    s1.nodes);
		nim_free(g);
	}

	/* Random play; refusals. */
	{
		struct game *g = nim_new(2, 0, 0);

		if (choose(g, 0, "random", 0, 5, a, sizeof a, &err) != 0)
			bail("random: %s", err.msg);
		ok(strcmp(a, "take 1") == 0 || strcmp(a, "take 2") == 0,
		    "random: a legal action (%s)", a);
		is_int(RULES_ESEAT, choose(g, 1, NULL, 10, 1, a, sizeof a, &err),
		    "a seat that may not act now is refused");
		is_string("seat 2 may not act now", err.msg, "...with the reason");
		is_int(RULES_EDATA, choose(g, 0, "greedy", 10, 1, a, sizeof a,
		    &err), "an unknown kind of player is refused");
		is_string("unknown player 'greedy' (mcts, random)", err.msg,
		    "...naming the kinds the core offers");
		g->pile = 0;
		g->winner = 1;
		is_int(RULES_ESEAT, choose(g, 0, NULL, 10, 1, a, sizeof a, &err),
		    "a game that is over is refused");
		is_string("the game is over", err.msg, "...with the reason");
		nim_free(g);
	}

	/* A game with neither bot nor hooks has no computer player. */
	{
		struct rules bare = nim_rules;
		struct game *g = nim_new(7, 0, 0);

		bare.search = NULL;
		ok(!search_has_player(&bare), "no bot, no hooks: no player");
		is_int(RULES_ESEAT, search_choose(&bare, g, 0, NULL, a, sizeof a,
		    &err), "...and search_choose says so");
		is_string("Nim has no computer player", err.msg, "...in words");
		nim_free(g);
	}

	/* The root by common random numbers: the same luck for every pick
	 * on one sample, so 16 playouts tell picks 0.01 apart whatever the
	 * luck (0-0.4); the budget spent whole by sequential halving (4
	 * picks on 2 samples, then the better 2 on 4 more); the same choice
	 * for the same seed; a time budget too. */
	{
		struct draw info = { 0, 0 };
		struct search_opts so;
		struct search_stats st;
		uint64_t x, y;
		int best = 0, same = 0;
		long spent = 0;

		memset(&so, 0, sizeof so);
		so.playouts = 16;
		for (uint64_t seed = 1; seed <= 20; seed++) {
			so.seed = seed;
			if (search_run(&draw_search, &info, 0, &so, &x, &st,
			    &err) != 0 || search_run(&draw_search, &info, 0,
			    &so, &y, NULL, &err) != 0)
				bail("search_run: %s", err.msg);
			best += x == 4;
			same += x == y;
			spent += st.playouts;
		}
		is_int(20, best, "crn: 16 playouts pick the best of four "
		    "worths 0.01 apart under a luck of 0-0.4, for 20 seeds of 20");
		is_int(20L * 16, spent, "...spending the budget whole: 4 picks "
		    "on 2 samples, the better 2 on 4 more");
		is_int(20, same, "...the same choice for the same seed");
		so.playouts = 0;
		so.think_ms = 5;
		so.seed = 3;
		if (search_run(&draw_search, &info, 0, &so, &x, &st, &err) != 0)
			bail("search_run: %s", err.msg);
		ok(x == 4 && st.playouts >= 6 && st.nodes == 1, "...and in a time "
		    "budget of 5 ms (%ld playouts, no tree)", st.playouts);
	}

	/* search_shuffle: a permutation, the same for the same seed, and
	 * every place reached (what determinizations deal from). */
	{
		struct search_rng r1 = { 7 }, r2 = { 7 };
		uint8_t x[10], y[10];
		int seen[10][10] = { { 0 } }, sum, all = 1;

		for (int i = 0; i < 10; i++)
			x[i] = y[i] = (uint8_t)i;
		search_shuffle(&r1, x, 10);
		search_shuffle(&r2, y, 10);
		ok(memcmp(x, y, sizeof x) == 0, "search_shuffle: the seed "
		    "decides the order");
		sum = 0;
		for (int i = 0; i < 10; i++)
			sum += 1 << x[i];
		is_int(1023, sum, "...a permutation of what it was given");
		for (int k = 0; k < 2000; k++) {
			for (int i = 0; i < 10; i++)
				x[i] = (uint8_t)i;
			search_shuffle(&r1, x, 10);
			for (int i = 0; i < 10; i++)
				seen[x[i]][i]++;
		}
		for (int v = 0; v < 10; v++)
			for (int i = 0; i < 10; i++)
				all &= seen[v][i] > 100 && seen[v][i] < 300;
		ok(all, "...every card reaches every place about as often "
		    "(2,000 shuffles of 10: each count within 100-300 of 200)");
		memcpy(y, x, sizeof x);
		search_shuffle(&r1, x, 0);
		search_shuffle(&r1, x + 3, 1);
		ok(memcmp(x, y, sizeof x) == 0, "...and leaves an empty or "
		    "single list (and all around it) as it was");
	}
	done_testing();
}
