/*
 * trigon.h -- the Trigon rule set as lib/rules.h sees it, and the two
 * accessors the rest of lib/games/trigon/ (board.c) uses to reach the engine
 * data and state inside a game.
 */
#ifndef TRIGON_TRIGON_H
#define TRIGON_TRIGON_H

#include "rules.h"

struct tg_data;
struct tg_state;

extern const struct rules trigon_rules;

/* The design data and the engine state of a Trigon game (borrowed). */
const struct tg_data *trigon_game_data(const struct game *g);
const struct tg_state *trigon_game_state(const struct game *g);

#endif
