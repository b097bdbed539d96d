/*
 * search.c -- information-set MCTS over a game's hooks (see search.h).
 *
 * Moved here from Trigon's bot.c unchanged in what it computes: with
 * Trigon's hooks the same seed gives the same choices as before.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"

/* --- the tree ------------------------------------------------------------ */

struct node {
	uint64_t key;		/* the action */
	uint32_t child, sib;	/* pool indices, 0 = none */
	uint32_t n, avail;
	float w;		/* reward of seat, summed */
	uint8_t seat;		/* who chose the action */
};

struct search {
	const struct rules_search *h;
	struct node *pool;
	uint32_t npool, used;
	struct search_rng r;
	long last_round;	/* clock() a playout may reach, or -1 */
	int steps;		/* playout length */
	void *st, *det;		/* two state buffers */
	uint64_t *list, *sub;	/* max_actions each */
	unsigned *w;		/* policy weights, max_actions */
	uint8_t *seen;		/* max_actions */
	/* generation-stamped hash of the listed actions, hsize slots */
	uint64_t *hkey;
	uint32_t *hgen;
	int32_t *hidx;
	uint32_t hmask, gen;
};

static uint32_t
hslot(const struct search *S, uint64_t k)
{
	k *= 0x9e3779b97f4a7c15ULL;
	return (uint32_t)(k >> 40) & S->hmask;
}

static void
hash_list(struct search *S, int n)
{
	S->gen++;
	for (int i = 0; i < n; i++) {
		uint64_t k = S->list[i];
		uint32_t h = hslot(S, k);

		while (S->hgen[h] == S->gen)
			h = (h + 1) & S->hmask;
		S->hgen[h] = S->gen;
		S->hkey[h] = k;
		S->hidx[h] = i;
	}
}

static int
hash_find(const struct search *S, uint64_t k)
{
	for (uint32_t h = hslot(S, k); S->hgen[h] == S->gen;
	    h = (h + 1) & S->hmask)
		if (S->hkey[h] == k)
			return S->hidx[h];
	return -1;
}

static void
search_free(struct search *S)
{
	free(S->pool);
	free(S->st);
	free(S->det);
	free(S->list);
	free(S->sub);
	free(S->w);
	free(S->seen);
	free(S->hkey);
	free(S->hgen);
	free(S->hidx);
	free(S);
}

static struct search *
search_new(const struct rules_search *h, uint32_t npool)
{
	struct search *S = calloc(1, sizeof *S);
	size_t max = (size_t)h->max_actions, hsize = 2;

	if (S == NULL)
		return NULL;
	while (hsize < 2 * max)
		hsize *= 2;
	S->h = h;
	S->npool = npool;
	S->hmask = (uint32_t)hsize - 1;
	S->pool = malloc(npool * sizeof *S->pool);
	S->st = malloc(h->state_size);
	S->det = malloc(h->state_size);
	S->list = malloc(max * sizeof *S->list);
	S->sub = malloc(max * sizeof *S->sub);
	S->w = malloc(max * sizeof *S->w);
	S->seen = malloc(max);
	S->hkey = malloc(hsize * sizeof *S->hkey);
	S->hgen = calloc(hsize, sizeof *S->hgen);
	S->hidx = malloc(hsize * sizeof *S->hidx);
	if (S->pool == NULL || S->st == NULL || S->det == NULL ||
	    S->list == NULL || S->sub == NULL || S->w == NULL ||
	    S->seen == NULL || S->hkey == NULL || S->hgen == NULL ||
	    S->hidx == NULL) {
		search_free(S);
		return NULL;
	}
	return S;
}

/* --- the playout policy -------------------------------------------------- */

/* One of the n actions a of seat in st, drawn by the game's weights. */
static int
policy_pick(struct search *S, const void *st, int seat, const uint64_t *a,
    int n)
{
	uint64_t total = S->h->weights(st, seat, a, n, S->w), x;

	if (total == 0)
		return 0;
	x = (uint64_t)search_below(&S->r, (uint32_t)(total > 0xffffffffu ?
	    0xffffffffu : total));
	for (int i = 0; i < n; i++) {
		if (x < S->w[i])
			return i;
		x -= S->w[i];
	}
	return n - 1;
}

static void
playout(struct search *S, void *st)
{
	const struct rules_search *h = S->h;
	int steps = 0;

	while ((S->last_round < 0 || h->clock(st) <= S->last_round) &&
	    steps++ < S->steps) {
		int seat = h->to_act(st), n, k;

		if (seat < 0)
			break;
		n = h->legal(st, seat, S->list);
		if (n <= 0)
			break;
		k = policy_pick(S, st, seat, S->list, n);
		if ((h->apply_listed != NULL ? h->apply_listed : h->apply)(st,
		    seat, S->list[k]) != 0)
			break;
	}
}

/* --- MCTS ---------------------------------------------------------------- */

static void
iterate(struct search *S, const void *info, int root_seat)
{
	static const double C = 0.7;
	const struct rules_search *h = S->h;
	void *st = S->st;
	uint32_t path[SEARCH_MAX_DEPTH];
	int depth = 0;
	uint32_t node = 0;
	float r[RULES_MAX_SEATS];

	h->determinize(st, info, root_seat, &S->r);
	path[depth++] = 0;
	while (depth < SEARCH_MAX_DEPTH) {
		int seat = h->to_act(st), n, untried = 0;
		uint32_t best = 0, ch;
		double bestv = -1;

		if (seat < 0)
			break;
		n = h->legal(st, seat, S->list);
		if (n <= 0)
			break;
		hash_list(S, n);
		memset(S->seen, 0, (size_t)n);
		for (ch = S->pool[node].child; ch != 0; ch = S->pool[ch].sib) {
			struct node *x = &S->pool[ch];
			int i = hash_find(S, x->key);
			double v;

			if (i < 0)
				continue;
			S->seen[i] = 1;
			x->avail++;
			if (x->n == 0)
				v = 1e9;
			else
				v = x->w / x->n + C * sqrt(log((double)x->avail) /
				    x->n);
			if (v > bestv) {
				bestv = v;
				best = ch;
			}
		}
		for (int i = 0; i < n; i++)
			untried += !S->seen[i];
		if (untried > 0 && S->used < S->npool) {
			/* Expand one untried action, drawn by the policy. */
			int m = 0, k;
			struct node *x;

			for (int i = 0; i < n; i++)
				if (!S->seen[i])
					S->sub[m++] = S->list[i];
			k = policy_pick(S, st, seat, S->sub, m);
			x = &S->pool[S->used];
			memset(x, 0, sizeof *x);
			x->key = S->sub[k];
			x->seat = (uint8_t)seat;
			x->avail = 1;
			x->sib = S->pool[node].child;
			S->pool[node].child = S->used;
			node = S->used++;
			path[depth++] = node;
			(void)h->apply(st, seat, S->sub[k]);
			break;
		}
		if (best == 0)
			break;	/* pool full and nothing known: play out */
		node = best;
		path[depth++] = node;
		if (h->apply(st, seat, S->pool[best].key) != 0)
			break;
	}
	playout(S, st);
	h->evaluate(st, r);
	for (int i = 0; i < depth; i++) {
		struct node *x = &S->pool[path[i]];

		x->n++;
		if (i > 0)
			x->w += r[x->seat];
	}
}

/*
 * Root priors: every root action starts with SEARCH_PRIOR virtual
 * visits at the reward of its immediate result (one determinization;
 * chance averaged over samples() draws), so that a clear one-move gain
 * is not lost in the noise of the playouts (prior knowledge as virtual
 * wins).
 */
static void
root_priors(struct search *S, const void *info, int seat)
{
	const struct rules_search *h = S->h;
	void *det = S->det, *st = S->st;
	int n;

	h->determinize(det, info, seat, &S->r);
	n = h->legal(det, seat, S->list);
	for (int i = 0; i < n && S->used < S->npool; i++) {
		uint64_t a = S->list[i];
		int samples = h->samples != NULL ? h->samples(det, seat, a) : 1, k;
		float sum = 0, rr[RULES_MAX_SEATS];
		struct node *x;

		if (samples < 1)
			samples = 1;
		for (k = 0; k < samples; k++) {
			uint64_t v = search_rand(&S->r);

			memcpy(st, det, h->state_size);
			if (h->reseed != NULL)
				h->reseed(st, v);
			if (h->apply(st, seat, a) != 0)
				break;
			h->evaluate(st, rr);
			sum += rr[seat];
		}
		if (k < samples)
			continue;
		x = &S->pool[S->used];
		memset(x, 0, sizeof *x);
		x->key = a;
		x->seat = (uint8_t)seat;
		x->n = x->avail = SEARCH_PRIOR;
		x->w = SEARCH_PRIOR * sum / (float)samples;
		x->sib = S->pool[0].child;
		S->pool[0].child = S->used++;
	}
}

static double
ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) * 1e3 +
	    (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/*
 * The root by flat Monte Carlo over common random numbers (h->crn):
 * every candidate is scored on the same samples -- sample j is the same
 * determinization, the same chance to come and the same policy draws
 * for every candidate -- so that what tells two candidates apart is not
 * lost in the noise of the dice.  The budget goes by sequential
 * halving: ceil(log2 n) rounds, each giving its share to the candidates
 * still in (sample after sample, every candidate on each) and keeping
 * the better half by mean.  With a time budget each round stops at its
 * share of the time, after at least one sample.  The best mean wins.
 */
static int
crn_root(struct search *S, const void *info, int seat, long budget,
    long think_ms, const struct timespec *t0, uint64_t *action, long *done)
{
	const struct rules_search *h = S->h;
	uint64_t seed0;
	double *sum;
	int *idx, n, alive, rounds = 0;
	long m = 0;
	float r[RULES_MAX_SEATS];

	h->determinize(S->det, info, seat, &S->r);
	seed0 = search_rand(&S->r);
	if ((n = h->legal(S->det, seat, S->sub)) <= 0)
		return RULES_ESEAT;
	sum = calloc((size_t)n, sizeof *sum);
	idx = malloc((size_t)n * sizeof *idx);
	if (sum == NULL || idx == NULL) {
		free(sum);
		free(idx);
		return RULES_ENOMEM;
	}
	for (int i = 0; i < n; i++)
		idx[i] = i;
	for (int k = n; k > 1; k = (k + 1) / 2)
		rounds++;
	alive = n;
	for (int round = 0; round < rounds; round++) {
		long per = budget / rounds / alive, upto = m + (per < 1 ? 1 : per);
		long j;
		double until = (double)think_ms * (round + 1) / rounds;

		for (j = m; budget > 0 ? j < upto : j == m ||
		    ms_since(t0) < until; j++) {
			uint64_t sj = seed0 ^ (uint64_t)(j + 1) *
			    0x9e3779b97f4a7c15ULL;

			for (int a = 0; a < alive; a++) {
				int i = idx[a];
				struct search_rng rj = { sj };

				h->determinize(S->st, info, seat, &rj);
				if (h->apply(S->st, seat, S->sub[i]) != 0) {
					sum[i] = -1e30;
					continue;
				}
				S->r = rj;
				playout(S, S->st);
				h->evaluate(S->st, r);
				sum[i] += r[seat];
				(*done)++;
			}
		}
		m = j;
		/* the better half by mean (every one has m samples); a tie
		   keeps the listing order */
		for (int a = 1; a < alive; a++)
			for (int b = a; b > 0 && sum[idx[b]] > sum[idx[b - 1]];
			    b--) {
				int t = idx[b];

				idx[b] = idx[b - 1];
				idx[b - 1] = t;
			}
		alive = (alive + 1) / 2;
	}
	*action = S->sub[idx[0]];
	free(sum);
	free(idx);
	return 0;
}

/* The seed of one decision when the game gives no key(): FNV-1a. */
static uint64_t
state_key(const struct rules_search *h, const void *info, int seat,
    uint64_t seed)
{
	const unsigned char *b = info;
	uint64_t x = 0xcbf29ce484222325ULL ^ seed;

	x = (x ^ (uint8_t)seat) * 0x100000001b3ULL;
	for (size_t i = 0; i < h->state_size; i++)
		x = (x ^ b[i]) * 0x100000001b3ULL;
	return x;
}

static uint64_t
decision_seed(const struct rules_search *h, const void *info, int seat,
    uint64_t seed)
{
	return h->key != NULL ? h->key(info, seat, seed) :
	    state_key(h, info, seat, seed);
}

int
search_run(const struct rules_search *h, const void *info, int seat,
    const struct search_opts *o, uint64_t *action, struct search_stats *stats,
    struct rules_error *err)
{
	struct search *S;
	struct timespec t0;
	long budget = o->playouts, done = 0, horizon;
	uint32_t best = 0, bestn = 0, npool;

	if (stats != NULL)
		memset(stats, 0, sizeof *stats);
	if (seat < 0 || seat >= RULES_MAX_SEATS)
		return rules_refuse(err, RULES_ESEAT, "no such seat");
	if (budget <= 0 && o->think_ms <= 0)
		budget = h->playouts > 0 ? h->playouts : 1000;
	npool = h->crn ? 1 : budget > 0 && budget + 1 + h->max_actions < SEARCH_MAX_NODES ?
	    (uint32_t)(budget + 1 + h->max_actions) :
	    (uint32_t)SEARCH_MAX_NODES;
	if ((S = search_new(h, npool)) == NULL)
		return rules_refuse(err, RULES_ENOMEM, "out of memory");
	S->r.s = decision_seed(h, info, seat, o->seed);
	horizon = o->horizon > 0 ? o->horizon : h->horizon;
	S->last_round = h->clock != NULL && horizon > 0 ?
	    h->clock(info) + horizon : -1;
	S->steps = h->playout_steps;
	memset(&S->pool[0], 0, sizeof S->pool[0]);
	S->used = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (h->crn) {
		int rc = crn_root(S, info, seat, budget, o->think_ms, &t0,
		    action, &done);

		if (stats != NULL) {
			stats->playouts = done;
			stats->nodes = 1;
		}
		search_free(S);
		if (rc != 0)
			return rules_refuse(err, rc, rc == RULES_ENOMEM ?
			    "out of memory" : "no action was searched");
		return 0;
	}
	root_priors(S, info, seat);
	for (;;) {
		if (budget > 0 ? done >= budget :
		    (done % 16 == 0 && ms_since(&t0) >= (double)o->think_ms))
			break;
		iterate(S, info, seat);
		done++;
	}
	for (uint32_t ch = S->pool[0].child; ch != 0; ch = S->pool[ch].sib)
		if (S->pool[ch].n > bestn ||
		    (S->pool[ch].n == bestn && best != 0 &&
		    S->pool[ch].w > S->pool[best].w)) {
			best = ch;
			bestn = S->pool[ch].n;
		}
	if (stats != NULL) {
		stats->playouts = done;
		stats->nodes = S->used;
	}
	if (best != 0)
		*action = S->pool[best].key;
	search_free(S);
	if (best == 0)
		return rules_refuse(err, RULES_ESEAT, "no action was searched");
	return 0;
}

/* --- the doors ----------------------------------------------------------- */

int
search_play(const struct rules *r, const struct game *g, int seat,
    const struct rules_bot_opts *o, char *action, size_t n,
    struct rules_error *err)
{
	const struct rules_search *h = r->search;
	struct rules_await aw;
	struct search_opts so;
	const char *kind = o != NULL ? o->kind : NULL;
	void *info;
	uint64_t *list, a;
	int nl, rc;

	if (h == NULL)
		return rules_refuse(err, RULES_ESEAT, "%s has no computer player",
		    r->title);
	if (kind != NULL && kind[0] != '\0' && strcmp(kind, "mcts") != 0 &&
	    strcmp(kind, "random") != 0)
		return rules_refuse(err, RULES_EDATA, "unknown player '%s' "
		    "(mcts, random)", kind);
	r->await(g, &aw);
	if (aw.over)
		return rules_refuse(err, RULES_ESEAT, "the game is over");
	if (seat < 0 || seat != aw.seat)
		return rules_refuse(err, RULES_ESEAT, "seat %d may not act now",
		    seat + 1);
	memset(&so, 0, sizeof so);
	if (o != NULL) {
		so.playouts = o->playouts;
		so.think_ms = o->think_ms;
		so.seed = o->seed;
	}
	info = malloc(h->state_size);
	list = malloc((size_t)h->max_actions * sizeof *list);
	if (info == NULL || list == NULL) {
		rc = rules_refuse(err, RULES_ENOMEM, "out of memory");
		goto out;
	}
	if ((rc = h->observe(info, g, seat, err)) != 0)
		goto out;
	if ((nl = h->legal(info, seat, list)) <= 0) {
		rc = rules_refuse(err, RULES_ESEAT, "seat %d has no legal action",
		    seat + 1);
		goto out;
	}
	if (nl == 1)
		a = list[0];
	else if (kind != NULL && strcmp(kind, "random") == 0) {
		struct search_rng rng = { decision_seed(h, info, seat,
		    so.seed) };

		a = list[search_below(&rng, (uint32_t)nl)];
	} else if ((rc = search_run(h, info, seat, &so, &a, NULL, err)) != 0)
		goto out;
	rc = h->format(g, seat, info, a, action, n, err);
out:
	free(list);
	free(info);
	return rc;
}

int
search_choose(const struct rules *r, const struct game *g, int seat,
    const struct rules_bot_opts *o, char *action, size_t n,
    struct rules_error *err)
{
	if (r->bot != NULL)
		return r->bot(g, seat, o, action, n, err);
	return search_play(r, g, seat, o, action, n, err);
}

/* The kinds search_play() knows, for a game without its own bot. */
const struct rules_bot_kind search_kinds[] = {
	{ "mcts", "information-set Monte Carlo tree search (the default)" },
	{ "random", "a legal action, uniformly at random" },
	{ NULL, NULL },
};

int
search_has_player(const struct rules *r)
{
	return r->bot != NULL || r->search != NULL;
}
