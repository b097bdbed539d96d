/*
 * suggest.c -- nearest-name suggestions for misspelt commands, spots
 * and cards.  Optimal string alignment distance, no allocation.
 */
#include <ctype.h>
#include <string.h>

#include "suggest.h"

#define SUGGEST_MAXLEN 64

unsigned
suggest_distance(const char *a, const char *b)
{
	unsigned d[SUGGEST_MAXLEN + 1][SUGGEST_MAXLEN + 1];
	size_t la = strlen(a), lb = strlen(b);

	if (la > SUGGEST_MAXLEN || lb > SUGGEST_MAXLEN)
		return 255;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (unsigned)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			unsigned cost = a[i - 1] != b[j - 1];
			unsigned v = d[i - 1][j] + 1;

			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb] > 255 ? 255 : d[la][lb];
}

const char *
suggest_nearest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	unsigned bestd = 255, limit;
	size_t len = strlen(word);

	limit = (unsigned)(len / 3);
	if (limit < 1)
		limit = 1;
	for (size_t i = 0; i < n; i++) {
		unsigned dist;

		if (len > 0 && strncmp(cands[i], word, len) == 0)
			dist = 1;
		else
			dist = suggest_distance(word, cands[i]);
		if (dist < bestd) {
			bestd = dist;
			best = cands[i];
		}
	}
	return bestd <= limit ? best : NULL;
}

int
suggest_same_name(const char *a, const char *b)
{
	for (;; a++, b++) {
		int x = *a == ' ' ? '-' : tolower((unsigned char)*a);
		int y = *b == ' ' ? '-' : tolower((unsigned char)*b);

		if (x != y)
			return 0;
		if (x == 0)
			return 1;
	}
}
