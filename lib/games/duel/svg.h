/*
 * svg.h -- both principalities of a Duel as SVG (svg.c).
 */
#ifndef DUEL_SVG_H
#define DUEL_SVG_H

#include <stdio.h>

#include "games/duel/engine.h"

/*
 * Write the picture of st to out: both grids of cards, each player's
 * points and tokens, then panel (lines of text: the status, the
 * viewer's own hand) beneath.  0, or RULES_EDATA on a write error.
 */
int du_board_svg(const struct du_state *st, const char *panel, FILE *out);

#endif
