/*
 * bot.h -- Catan's computer player inside lib/games/catan/: the hooks of
 * the core search (bot.c) and what they need of catan.c.
 */
#ifndef CATAN_BOT_H
#define CATAN_BOT_H

#include <stdint.h>

#include "search.h"
#include "games/catan/engine.h"

extern const struct rules_search catan_search;

/* The engine state inside a game (catan.c; borrowed). */
const struct ca_state *ca_game_state(const struct game *g);

/* An action as the search's integer and back (offers excepted). */
uint64_t ca_action_pack(const struct ca_action *a);
void ca_action_unpack(uint64_t x, struct ca_action *a);

/* seat's information set of the real state gs (the search's observe):
   what seat cannot see put in a canonical form (CA12.1, CK16.1). */
void ca_bot_observe(struct ca_state *info, const struct ca_state *gs,
    int seat);

/* One action of kind o->kind (NULL o or kind: mcts) for seat in the
   real state gs, from seat's information set alone: 0, or an enum
   rules_rc with err filled. */
int ca_bot_choose(const struct ca_state *gs, int seat,
    const struct rules_bot_opts *o, struct ca_action *out,
    struct rules_error *err);

/*
 * The computer players by kind (catan_bot_kinds: mcts, random, greedy),
 * rules.bot: one action for seat, seeing what seat sees (CA12).  A seat
 * that is not the one awaited may answer an offer addressed to it.
 */
extern const struct rules_bot_kind catan_bot_kinds[];
int catan_bot(const struct game *g, int seat, const struct rules_bot_opts *o,
    char *action, size_t n, struct rules_error *err);

/* The answer of seat to an open offer to it (accept or decline) in its
   own view info; 0 when none awaits its answer. */
int ca_bot_answer(const struct ca_state *info, int seat,
    struct ca_action *out);

#endif
