/* suggest.h -- "did you mean": the nearest of some names to a word. */
#ifndef TRIGON_SUGGEST_H
#define TRIGON_SUGGEST_H

#include <stddef.h>

/* Edit distance (Damerau: transpositions count 1), capped at 255. */
unsigned suggest_distance(const char *a, const char *b);

/*
 * The candidate nearest to word, or NULL when none is near enough
 * (distance at most a third of the word's length, at least 1; a
 * candidate that starts with the word also counts).
 */
const char *suggest_nearest(const char *word, const char *const *cands,
    size_t n);

/*
 * Whether a and b name the same thing as players type names: equal
 * without regard to case, a space standing for '-' ("Road Building",
 * "road-building").
 */
int suggest_same_name(const char *a, const char *b);

#endif
