/*
 * stats.h -- the dice statistics of a game (`trigon stats`, trigon(1)):
 * how often each sum of two dice was rolled, and per seat the cards the
 * dice gave it, the cards it stole, and those it lost to a thief and to
 * discards.  A rule set counts them from its own public notes
 * (rules.stats_note), so that nothing here knows a game's words and
 * nothing hidden is counted.  The expected share of each sum is
 * stats_ways(sum) / 36.
 */
#ifndef TRIGON_STATS_H
#define TRIGON_STATS_H

#include <stddef.h>
#include <string.h>

#include "rules.h"

enum rules_stats_count {
	RULES_STATS_PRODUCED,	/* cards the dice gave the seat */
	RULES_STATS_STOLE,	/* cards it took from others (a thief) */
	RULES_STATS_ROBBED,	/* cards a thief took from it */
	RULES_STATS_DISCARDED,	/* cards it gave up to discards */
	RULES_STATS_NCOUNTS
};

struct rules_stats {
	int nseats;
	const char *seat[RULES_MAX_SEATS];	/* names, borrowed */
	unsigned long sum[13];		/* sum[s]: rolls of s, 2-12 */
	unsigned long rolls;		/* every roll counted */
	unsigned long count[RULES_MAX_SEATS][RULES_STATS_NCOUNTS];
};

/* The ways two dice make sum, out of 36 (0 outside 2-12). */
static inline int
stats_ways(int sum)
{
	if (sum < 2 || sum > 12)
		return 0;
	return sum <= 7 ? sum - 1 : 13 - sum;
}

/*
 * The seat whose name starts text and is followed by a space, or -1;
 * the longest name wins ("red" and "red2" alike).
 */
static inline int
stats_seat_at(const struct rules_stats *acc, const char *text, size_t len)
{
	int best = -1;
	size_t blen = 0;

	for (int s = 0; s < acc->nseats; s++) {
		size_t n = strlen(acc->seat[s]);

		if (n < len && n > blen && text[n] == ' ' &&
		    memcmp(text, acc->seat[s], n) == 0) {
			best = s;
			blen = n;
		}
	}
	return best;
}

#endif
