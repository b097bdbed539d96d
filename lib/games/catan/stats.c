/*
 * stats.c -- Catan's dice statistics (catan-rules(7), CA14.6): the
 * public notes of a game read back into a struct rules_stats for
 * `trigon stats`.  Only what every player saw is counted: the sum of a
 * roll (CA4.1; the Alchemist's chosen dice, catan-ck-rules(7) CK14.16,
 * are not rolled and not counted), the cards a roll gives (CA4.3, gold
 * picks CA10.1, a city's commodities CK5.2), a steal by the robber or
 * the pirate (CA5.4, a card whose kind stays hidden), and discards on a
 * seven (CA5.2).
 */
#include <stddef.h>
#include <string.h>

#include "stats.h"
#include "games/catan/engine.h"

static int starts(const char *s, size_t len, const char *word);
static unsigned long bundle_cards(const char *s, size_t len);
static unsigned long number_at(const char *s, size_t len, size_t *used);

/* The notes of one action (or of the start when action is NULL). */
void
ca_stats_note(struct rules_stats *acc, const char *action, size_t alen,
    const char *note, size_t len)
{
	int roll = action != NULL && alen == 4 && memcmp(action, "roll", 4) == 0;
	int s = stats_seat_at(acc, note, len), v;
	size_t n, used;
	const char *p, *eq;

	if (s < 0)
		return;
	n = strlen(acc->seat[s]) + 1;
	p = note + n;
	len -= n;
	if (roll && starts(p, len, "rolls ")) {
		unsigned long sum;

		eq = memchr(p, '=', len);
		if (eq == NULL || (size_t)(eq - p) + 2 > len)
			return;
		sum = number_at(eq + 2, len - (size_t)(eq + 2 - p), &used);
		if (used > 0 && sum >= 2 && sum <= 12) {
			acc->sum[sum]++;
			acc->rolls++;
		}
	} else if (roll && starts(p, len, "gets "))
		acc->count[s][RULES_STATS_PRODUCED] += bundle_cards(p + 5,
		    len - 5);
	else if (roll && starts(p, len, "picks ")) {
		/* "red picks 2 (gold)": the cards come with the pick */
		unsigned long k = number_at(p + 6, len - 6, &used);

		if (used > 0 && starts(p + 6 + used, len - 6 - used, " (gold)"))
			acc->count[s][RULES_STATS_PRODUCED] += k;
	} else if (starts(p, len, "stole a card from ")) {
		for (v = 0; v < acc->nseats; v++)
			if (strlen(acc->seat[v]) == len - 18 &&
			    memcmp(acc->seat[v], p + 18, len - 18) == 0)
				break;
		if (v == acc->nseats)
			return;
		acc->count[s][RULES_STATS_STOLE]++;
		acc->count[v][RULES_STATS_ROBBED]++;
	} else if (starts(p, len, "discards "))
		acc->count[s][RULES_STATS_DISCARDED] += bundle_cards(p + 9,
		    len - 9);
}

static int
starts(const char *s, size_t len, const char *word)
{
	size_t n = strlen(word);

	return len >= n && memcmp(s, word, n) == 0;
}

/* The decimal number at s (used: its digits, 0 when none). */
static unsigned long
number_at(const char *s, size_t len, size_t *used)
{
	unsigned long v = 0;
	size_t i;

	for (i = 0; i < len && i < 6 && s[i] >= '0' && s[i] <= '9'; i++)
		v = v * 10 + (unsigned long)(s[i] - '0');
	*used = i;
	return v;
}

/*
 * The cards of a bundle as the notes write it, "2 grain 1 ore": the
 * sum of its numbers.  Anything else ("a wool card") counts 0.
 */
static unsigned long
bundle_cards(const char *s, size_t len)
{
	unsigned long total = 0;
	size_t i = 0, used;

	while (i < len) {
		unsigned long k = number_at(s + i, len - i, &used);

		if (used == 0)
			return 0;
		total += k;
		i += used;
		/* the kind's name, then one space */
		while (i < len && s[i] == ' ')
			i++;
		while (i < len && s[i] != ' ')
			i++;
		while (i < len && s[i] == ' ')
			i++;
	}
	return total;
}
