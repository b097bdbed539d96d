/*
 * mode.h -- the games of Catan: het Duel that --option mode= names
 * (duel-rules(7), MODES): the introductory game, the three theme games
 * (DU18-DU21) and Duel der vorsten (DU22), each by its Dutch name and
 * an English alias.  A mode is offered only when every card and rule
 * of it is built (built = 1); the others are refused by name.
 */
#ifndef DUEL_MODE_H
#define DUEL_MODE_H

enum du_mode {
	DU_MODE_INTRO, DU_MODE_GOLD, DU_MODE_TURMOIL, DU_MODE_PROGRESS,
	DU_MODE_PRINCES, DU_NMODES
};

struct du_mode_info {
	const char *name;	/* mode=NAME, as the rulebook calls it */
	const char *alias;	/* the English alias, or NULL */
	const char *title;	/* the game's title */
	const char *rule;	/* where duel-rules(7) gives it */
	int goal;		/* victory points to win (DU15.1, DU18.2,
				   DU22.1) */
	int built;		/* offered by this build */
};

extern const struct du_mode_info du_modes[DU_NMODES];

/* The mode named s (its name or alias), or -1. */
int du_mode_find(const char *s);

#endif
