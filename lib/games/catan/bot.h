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

#endif
