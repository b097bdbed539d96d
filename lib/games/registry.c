/*
 * registry.c -- the only file that names every game this build knows.
 *
 * Adding a game: include its one public header (lib/games/NAME/NAME.h,
 * which declares `extern const struct rules NAME_rules`) and list it
 * below; add its library to Makefile.am (GAME_LIBS).  Nothing in the
 * core (lib/ outside lib/games/) or in cmd/ names a game.  The first
 * entry is the default of `trigon new`.
 */
#include <stddef.h>

#include "rules.h"
#include "games/trigon/trigon.h"
#include "games/catan/catan.h"
#include "games/duel/duel.h"

const struct rules *const rules_table[] = {
	&trigon_rules,
	&catan_rules,
	&catan_ck_rules,
	&duel_rules,
	NULL
};
