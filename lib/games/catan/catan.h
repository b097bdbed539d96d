/*
 * catan.h -- the Catan rule set as lib/rules.h sees it: the one header of
 * lib/games/catan/ that anything outside the folder may include (the
 * registry, once the game is registered).
 */
#ifndef CATAN_CATAN_H
#define CATAN_CATAN_H

#include "rules.h"

extern const struct rules catan_rules;
/* Catan: Cities & Knights (catan-ck-rules(7)), on the same engine */
extern const struct rules catan_ck_rules;

#endif
