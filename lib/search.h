/*
 * search.h -- the computer player of every game: an information-set
 * Monte Carlo tree search that knows no game.
 *
 * A game lends the search what only it knows through struct
 * rules_search (rules.search, NULL when it has none): a fast path over
 * integer actions and states that memcpy copies.  The search itself
 * is single-observer information-set MCTS (SO-ISMCTS):
 *
 *   - once per decision, observe() makes the information set of the
 *     seat to act (its view of the game) and key() a seed from it;
 *   - root priors: every root action starts with SEARCH_PRIOR virtual
 *     visits at the reward of its immediate result in one
 *     determinization (averaged over samples() draws of chance);
 *   - each iteration deals a determinization (determinize(): what the
 *     seat cannot see dealt anew, the chance to come drawn from the
 *     search's own stream), walks an open-loop tree of action
 *     sequences by UCB1 over the iterations in which an action was
 *     legal ("availability"), adds one node (an untried action drawn
 *     by the playout policy), plays a short playout by the policy
 *     (weights(): at most playout_steps actions, not past horizon
 *     rounds of clock()), scores it with evaluate() and backs the
 *     rewards up, each node scored for the seat that chose it;
 *   - the answer is the most visited root action.
 *
 * A game may ask instead (crn) for flat Monte Carlo at the root over
 * common random numbers: sample j -- one determinization, its chance to
 * come and the policy's draws -- is the same for every root action, each
 * played out by the policy and scored by evaluate(); the budget is spent
 * by sequential halving (ceil(log2 n) rounds, each keeping the better
 * half by mean) and the best mean is the answer.  No tree: where the
 * noise of chance is large beside the differences between actions (the
 * dice of Catan), comparing them on the same samples tells them apart.
 *
 * The nodes come from one pool allocated per decision; when it is full
 * the tree stops growing.  Nothing is allocated while the search runs;
 * every hook writes into the caller's buffers.
 *
 * The search sees only the information set: with a budget in playouts
 * its choice is a function of that, the seat, the options and the seed
 * alone (deterministic); with a time budget it is not.
 */
#ifndef TRIGON_SEARCH_H
#define TRIGON_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "rand64.h"
#include "rules.h"

#define SEARCH_PRIOR 20			/* virtual visits of a root action */
#define SEARCH_MAX_NODES (1L << 18)	/* tree nodes in a time budget */
#define SEARCH_MAX_DEPTH 512		/* tree depth walked per iteration */

/* The search's own generator (splitmix64, rand64.h); hooks draw from it. */
struct search_rng {
	uint64_t s;
};

static inline uint64_t
search_rand(struct search_rng *r)
{
	return splitmix64(&r->s);
}

/* Uniform in [0, n), n >= 1.  Inline: determinizations shuffle with it. */
static inline uint32_t
search_below(struct search_rng *r, uint32_t n)
{
	return (uint32_t)((search_rand(r) >> 32) * n >> 32);
}

/* Shuffle a[0..n) (Fisher-Yates from the top, search_below each step):
 * the hidden cards a determinization deals out again. */
static inline void
search_shuffle(struct search_rng *r, uint8_t *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)search_below(r, (uint32_t)i + 1);
		uint8_t t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/*
 * What a game implements to get a computer player.  A state is
 * state_size bytes that memcpy copies (no pointers to its own bytes;
 * pointers to data that outlives the decision, such as the game's
 * design data, are fine).  An action is a uint64_t the game chooses
 * (an index, a packed struct); the same action must get the same
 * integer wherever it is legal, since the tree matches actions across
 * determinizations by their integer.  Seats are the rules' seats.
 *
 * Required hooks: observe, determinize, to_act, legal, apply, weights,
 * evaluate, format.  Optional (NULL): reseed, samples, clock, key.
 */
struct rules_search {
	size_t state_size;	/* bytes of one search state */
	int max_actions;	/* most actions legal() ever writes */
	long playouts;		/* default budget per decision */
	int horizon;		/* default rounds of clock() a playout may
				   run past the root's, 0: no limit */
	int playout_steps;	/* actions a playout plays at most */
	int crn;		/* 1: the root by flat Monte Carlo over
				   common random numbers, not the tree
				   (below) */

	/*
	 * The information set of seat in g, written to out (state_size
	 * bytes): g as seat sees it, with everything seat cannot see
	 * (other hands, deck orders, the seed and the chance to come) put
	 * in a canonical form, so that two games differing only there
	 * give equal states.  RULES_ENOMEM or another rules_rc on failure.
	 */
	int (*observe)(void *out, const struct game *g, int seat,
	    struct rules_error *err);

	/*
	 * A determinization of info for seat, written to out (which does
	 * not overlap info): everything seat cannot see dealt anew from r,
	 * and the state's chance to come (dice, draws) seeded from r, so
	 * that apply() never reads the game's own seed.
	 */
	void (*determinize)(void *out, const void *info, int seat,
	    struct search_rng *r);

	/* Optional: seed the chance to come of st anew (root priors). */
	void (*reseed)(void *st, uint64_t seed);

	/* The seat that must act in st, -1 when the game is over. */
	int (*to_act)(const void *st);

	/*
	 * The actions of seat the search should consider in st, written
	 * to out[max_actions]; returns how many.  A game may leave out
	 * actions never worth searching (resigning) as long as one
	 * remains while seat may act.
	 */
	int (*legal)(const void *st, int seat, uint64_t *out);

	/* Apply action by seat to st: 0, or non-zero when refused. */
	int (*apply)(void *st, int seat, uint64_t action);

	/*
	 * Optional, for the playouts: apply an action legal() has just
	 * written for this very st, without what apply() does to leave st
	 * unchanged on a refusal (a copy).  A game sets it only when such an
	 * action is never refused; NULL: apply().
	 */
	int (*apply_listed)(void *st, int seat, uint64_t action);

	/*
	 * The playout policy: w[i] >= 0, the relative chance of a[i] among
	 * the n actions of seat in st; returns the sum of the n weights
	 * (0: the first action is taken).
	 */
	uint64_t (*weights)(const void *st, int seat, const uint64_t *a, int n,
	    unsigned *w);

	/*
	 * The worth of st for every seat, r[seat] in [0, 1]: 1 for the
	 * winner of a game that is over, 0 for the others; a game not
	 * over should score below 1 (room for a real win).
	 */
	void (*evaluate)(const void *st, float r[RULES_MAX_SEATS]);

	/*
	 * Optional (NULL: 1): how many draws of chance the root priors
	 * average the result of action over (1 when it involves none).
	 */
	int (*samples)(const void *st, int seat, uint64_t action);

	/* Optional (NULL: no horizon): the round of st, for horizon. */
	long (*clock)(const void *st);

	/*
	 * Optional: the search's seed for one decision from the bot seed,
	 * the seat and the information set (e.g. a hash of the public
	 * position, so that successive decisions differ).  NULL: FNV-1a
	 * of the state's bytes (observe must then zero its padding).
	 */
	uint64_t (*key)(const void *info, int seat, uint64_t seed);

	/*
	 * The text of action, chosen by seat in info (observe's state of
	 * g), as an action of g, NUL-ended in buf[n].  0 or a rules_rc.
	 */
	int (*format)(const struct game *g, int seat, const void *info,
	    uint64_t action, char *buf, size_t n, struct rules_error *err);
};

struct search_opts {
	long playouts;		/* > 0: fixed budget (deterministic) */
	long think_ms;		/* else > 0: time budget; else h->playouts */
	uint64_t seed;		/* the bot's own randomness */
	int horizon;		/* 0: h->horizon */
};

struct search_stats {
	long playouts;		/* iterations run */
	long nodes;		/* tree nodes used, the root included */
};

/*
 * Search info (observe()'s information set) for seat, which must be
 * the seat to act, and write the chosen action to *action.  stats may
 * be NULL.  RULES_ENOMEM when the tree cannot be allocated,
 * RULES_ESEAT when no action could be searched.
 */
int search_run(const struct rules_search *h, const void *info, int seat,
    const struct search_opts *o, uint64_t *action, struct search_stats *stats,
    struct rules_error *err);

/*
 * The computer player of a game with hooks (r->search), whatever its
 * own bot: o->kind NULL, "" or "mcts" for the search, "random" for a
 * uniform legal action; the action as text in action[n].  RULES_ESEAT
 * when seat may not act now, RULES_EDATA for an unknown kind.
 */
int search_play(const struct rules *r, const struct game *g, int seat,
    const struct rules_bot_opts *o, char *action, size_t n,
    struct rules_error *err);

/*
 * The one door for commands: the game's own players (r->bot) when it
 * has them -- they may call the search with the game's hooks, as
 * Trigon's "mcts" does -- else search_play() over r->search.
 * RULES_ESEAT when the game has no computer player.
 */
int search_choose(const struct rules *r, const struct game *g, int seat,
    const struct rules_bot_opts *o, char *action, size_t n,
    struct rules_error *err);

/* search_play()'s kinds, the default first ({NULL, NULL}-ended). */
extern const struct rules_bot_kind search_kinds[];

/* 1 when search_choose() can play r. */
int search_has_player(const struct rules *r);

#endif
