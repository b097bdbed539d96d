/*
 * board.h -- the board picture of a Trigon game (board.c), reached from
 * outside only through trigon_rules.describe(g, RULES_VIEW_BOARD, ...).
 */
#ifndef TRIGON_BOARD_H
#define TRIGON_BOARD_H

#include <stdio.h>

#include "engine.h"

/* The widest line the picture may have, in display columns. */
#define TG_BOARD_WIDTH 100

/*
 * Write the board: the map drawn from the spots' coordinates, its
 * legend, a panel per player, the round and what is awaited.  viewer is
 * a color whose own hand is added, or -1 for the public view.  flags are
 * RULES_VF_ASCII (ASCII only, else UTF-8 line drawing) and
 * RULES_VF_COLOR (ANSI colors).  Returns 0, or RULES_EDATA when writing
 * failed.
 */
int tg_board_write(const struct tg_data *d, const struct tg_state *st,
    int viewer, unsigned flags, FILE *out);

#endif
