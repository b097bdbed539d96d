/*
 * mode.c -- the table of Catan: het Duel's games (mode.h,
 * duel-rules(7), MODES).  duel.c checks --option mode= against it and
 * lists it in help orders; nothing of a mode's rules lives here.
 */
#include <string.h>

#include "games/duel/mode.h"

const struct du_mode_info du_modes[DU_NMODES] = {
	[DU_MODE_INTRO] = { "intro", NULL,
	    "De eerste bewoners van Catan, the introductory game", "DU3",
	    7, 1 },
	[DU_MODE_GOLD] = { "gouden-eeuw", "era-of-gold",
	    "De Gouden Eeuw", "DU19", 12, 0 },
	[DU_MODE_TURMOIL] = { "conflict", "era-of-turmoil",
	    "Een tijd van conflict", "DU20", 12, 0 },
	[DU_MODE_PROGRESS] = { "vooruitgang", "era-of-progress",
	    "De grote vooruitgang", "DU21", 12, 0 },
	[DU_MODE_PRINCES] = { "vorsten", "princes",
	    "Duel der vorsten", "DU22", 13, 0 },
};

int
du_mode_find(const char *s)
{
	for (int m = 0; m < DU_NMODES; m++)
		if (strcmp(s, du_modes[m].name) == 0 ||
		    (du_modes[m].alias != NULL &&
		    strcmp(s, du_modes[m].alias) == 0))
			return m;
	return -1;
}
