/*
 * board.h -- the board picture of a Trigon game (board.c), reached from
 * outside only through trigon_rules.describe(g, RULES_VIEW_BOARD, ...).
 */
#ifndef TRIGON_BOARD_H
#define TRIGON_BOARD_H

#include <stdio.h>

#include "engine.h"

/*
 * Widths of the picture in display columns: the default (what a width
 * of 0 in the flags means, and the width the map's coordinates are
 * drawn 1:1 at), and the range it can be laid out for.  No line is
 * wider than the width asked for.
 */
#define TG_BOARD_WIDTH 100
#define TG_BOARD_MIN_WIDTH RULES_WIDTH_MIN
#define TG_BOARD_MAX_WIDTH RULES_WIDTH_MAX

/*
 * Write the board: the map drawn from the spots' coordinates, its
 * legend, a panel per player, the round and what is awaited.  viewer is
 * a color whose own hand is added, or -1 for the public view.  flags are
 * RULES_VF_ASCII (ASCII only, else UTF-8 line drawing),
 * RULES_VF_COLOR (ANSI colors) and RULES_VF_WIDTH(n) (lines of at most
 * n columns, clamped to the range above; 0: TG_BOARD_WIDTH).  Returns 0, or RULES_EDATA when writing
 * failed.
 */
int tg_board_write(const struct tg_data *d, const struct tg_state *st,
    int viewer, unsigned flags, FILE *out);

/*
 * The text beneath the map alone, each part after an empty line: a
 * panel per player, the round, and viewer's hand (viewer as above),
 * wrapped at width columns; flags RULES_VF_ASCII and RULES_VF_COLOR.
 * The SVG picture (svg.c) sets these lines beside its map.
 */
void tg_board_panels(const struct tg_data *d, const struct tg_state *st,
    int viewer, unsigned flags, int width, FILE *out);

/* The letter each sea's harbors are tagged with, "(o)" (both pictures). */
void tg_board_sea_tags(const struct tg_data *d, char tag[TG_SEAS]);

/*
 * The board as an SVG picture (RULES_VF_SVG): the map with its lands,
 * seas, paths and river crossings, every spot with its owner's color,
 * village or city and inhabitants, palace, figures, the waiting
 * figures on crossings, and beside it the key and the panels of
 * tg_board_panels().  Returns 0, or RULES_EDATA when writing failed.
 */
int tg_board_svg(const struct tg_data *d, const struct tg_state *st,
    int viewer, FILE *out);

#endif
