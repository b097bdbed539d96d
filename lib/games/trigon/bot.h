/*
 * bot.h -- Trigon's computer players: an information-set Monte Carlo
 * tree search ("mcts", the default), and two simple players that the
 * strength measurement plays it against ("random", "greedy").
 *
 * All three see only what their seat may see: before any search the
 * state is reduced to its information set (tg_bot_infoset: the source
 * of chance, the numbering key and the dice stream wiped, the decks and the other players' hidden
 * cards put in a canonical order), and every simulation starts from a
 * determinization of it (the unknown cards dealt anew, the dice drawn
 * from the bot's own generator, TG_SF_FAST_RNG).  The choice is a
 * function of the information set, the seat, the options and the bot
 * seed only; with a budget in playouts it is deterministic.
 *
 * The search works over tg_legal()'s generic list, so new kinds of
 * actions (cards, deals) enlarge what it searches without changes here.
 */
#ifndef TRIGON_BOT_H
#define TRIGON_BOT_H

#include <stdint.h>

#include "engine.h"

enum tg_bot_kind {
	TG_BOT_MCTS,
	TG_BOT_RANDOM,
	TG_BOT_GREEDY,
	TG_BOT_KINDS
};

/* The default budget: see README, "Computer player", for its cost. */
#define TG_BOT_DEFAULT_PLAYOUTS 1000
#define TG_BOT_DEFAULT_HORIZON 2	/* rounds a playout runs past this one */
#define TG_BOT_PLAYOUT_STEPS 10		/* actions a playout runs at most */
#define TG_BOT_MAX_NODES (1L << 18)	/* tree nodes in a time budget */

struct tg_bot_opts {
	int kind;		/* enum tg_bot_kind */
	long playouts;		/* > 0: fixed budget (deterministic) */
	long think_ms;		/* else > 0: time budget (not deterministic) */
	uint64_t seed;		/* the bot's own randomness */
	int horizon;		/* 0: TG_BOT_DEFAULT_HORIZON */
};

struct tg_bot_stats {
	long playouts;		/* simulations run */
	long nodes;		/* tree nodes used */
	int considered;		/* candidate actions at the root */
};

void tg_bot_opts_default(struct tg_bot_opts *o);

/* "mcts", "random", "greedy" -> enum tg_bot_kind, or -1. */
int tg_bot_kind_find(const char *name);
extern const char *const tg_bot_kind_name[TG_BOT_KINDS];

/*
 * Choose one action for seat, which must be the seat to act (else
 * RULES_ESEAT).  Never resigns unless nothing else is legal.  stats
 * may be NULL.  RULES_ENOMEM when the tree cannot be allocated.
 */
int tg_bot_choose(const struct tg_data *d, const struct tg_state *st,
    int seat, const struct tg_bot_opts *o, struct tg_action *out,
    struct tg_bot_stats *stats, struct rules_error *err);

/*
 * The information set of color c: st with the source of chance, the
 * numbering key and the dice stream zeroed, the village deck sorted, and the quest and play cards
 * c cannot see (the decks, the other players' open quests and hands)
 * dealt back in a canonical order, each place keeping its count.  Two
 * states that differ only in what c cannot see give the same result.
 */
void tg_bot_infoset(const struct tg_state *st, int c, struct tg_state *out);

/* The evaluation the players use: c's standing minus its best rival's. */
int tg_bot_score(const struct tg_data *d, const struct tg_state *st, int c);

/*
 * rules.bot of trigon_rules: o->kind "mcts" (default), "random" or
 * "greedy"; the action as text.
 */
struct game;
int trigon_bot(const struct game *g, int seat, const struct rules_bot_opts *o,
    char *action, size_t n, struct rules_error *err);

/*
 * rules.search of trigon_rules: the hooks the core search (search.h)
 * plays "mcts" through.  A state is the information set (tg_bot_infoset)
 * with the data and the pools of unseen cards; an action is a
 * tg_action packed into 64 bits; legal() leaves out resigning unless
 * alone; determinize() deals the unseen cards anew and draws the dice
 * from the fast stream (TG_SF_FAST_RNG) seeded by the search.
 */
struct rules_search;
extern const struct rules_search trigon_search;

#endif
