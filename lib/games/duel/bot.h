/*
 * bot.h -- Catan: het Duel's computer player: the core search's hooks
 * (lib/search.h) over the engine, and actions as integers.
 */
#ifndef DUEL_BOT_H
#define DUEL_BOT_H

#include <stdint.h>

#include "search.h"
#include "games/duel/engine.h"

extern const struct rules_search duel_search;
/* The kinds of computer player (mcts, random, greedy) and the one door
 * to them (rules.bot): mcts and random through search_play(). */
extern const struct rules_bot_kind duel_bot_kinds[];
int duel_bot(const struct game *g, int seat, const struct rules_bot_opts *o,
    char *action, size_t n, struct rules_error *err);

uint64_t du_action_pack(const struct du_action *a);
void du_action_unpack(uint64_t x, struct du_action *a);

#endif
