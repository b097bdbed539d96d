/*
 * autoplay.h -- computer players against each other in memory: the
 * loop behind `trigon selfplay`, through lib/rules.h alone (await,
 * bot, apply), with the limits that keep any game from running on.
 */
#ifndef TRIGON_AUTOPLAY_H
#define TRIGON_AUTOPLAY_H

#include <stdint.h>

#include "rules.h"

struct autoplay_opts {
	long max_rounds;	/* cut after this round (rules_round) */
	long max_actions;	/* and after this many actions, always */
	long playouts, think_ms;	/* the bots' budget (rules_bot_opts) */
	const char *kind[RULES_MAX_SEATS];	/* each seat's bot kind */
	uint64_t seed[RULES_MAX_SEATS];		/* each seat's bot seed */
	int timed[RULES_MAX_SEATS];	/* time this seat's decisions */
};

struct autoplay_result {
	int over;		/* the game ended by its rules */
	int winner;		/* seat, -1 at a limit or when nobody won */
	int how;		/* index in rules.ends, -1 at a limit */
	int failed;		/* a bot or the rules failed, or broke the
				   await contract */
	long rounds;		/* the last round seen (-1: none counted) */
	long actions;
	long decisions;		/* timed ones */
	double think_ms;	/* CPU time of the timed decisions */
	double think_max;
};

/*
 * Play g (nseats seats) with r's computer players (search_choose)
 * until it is over or a limit is reached: a round above o->max_rounds
 * (for a game that counts rounds) or o->max_actions actions (for every
 * game: one without rounds, or whose rounds never advance, stops all
 * the same).
 */
void autoplay_run(const struct rules *r, struct game *g, int nseats,
    const struct autoplay_opts *o, struct autoplay_result *res);

#endif
