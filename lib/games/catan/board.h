/*
 * board.h -- the board of a Catan game drawn for people (CA14.2 BOARD):
 * a hex picture as text (board.c) and as an SVG picture (svg.c), with a
 * panel per player beneath or beside it.  Only public information is
 * drawn, except the hand of the viewer when one is given (CA12.1).
 */
#ifndef CATAN_BOARD_H
#define CATAN_BOARD_H

#include <stdio.h>

#include "games/catan/engine.h"

/*
 * The text picture (RULES_VIEW_BOARD): flags RULES_VF_ASCII,
 * RULES_VF_COLOR and RULES_VF_WIDTH(n) (0: 80); viewer a seat or -1.
 * 0, or RULES_EDATA when out failed.
 */
int ca_board_text(const struct ca_state *st, int viewer, unsigned flags,
    FILE *out);

/*
 * The panels beneath the map: a paragraph per player (public victory
 * points, cards and development cards by count, knights, route, awards,
 * pieces left), the turn, the dice, what is awaited, bank and deck,
 * open offers, the harbors; then the viewer's own hand.  Lines of at
 * most width columns; a key to the text picture first unless width is
 * negative (then -width columns, as the SVG picture's panel).
 */
void ca_board_panels(const struct ca_state *st, int viewer, int ascii,
    int color, int width, FILE *out);

/* The SVG picture (RULES_VIEW_BOARD with RULES_VF_SVG). */
int ca_board_svg(const struct ca_state *st, int viewer, FILE *out);

#endif
