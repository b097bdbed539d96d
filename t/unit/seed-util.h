/*
 * seed-util.h -- open-mode chance for tests that create games directly
 * (header only).  A game keeps a pointer to its source of chance, so
 * the sources made here live as long as the program: one per distinct
 * seed, never changed once made.  seed_chance() and seed_chance_byte()
 * give what a format-1 save file with that seed gives a game (its
 * source, and with the second its salt) for struct rules_setup or
 * Trigon's struct tg_setup.
 */
#ifndef TRIGON_T_SEED_UTIL_H
#define TRIGON_T_SEED_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chance.h"

#define SEED_UTIL_MAX 1024

/* The open-mode source of seed, made once. */
static inline const struct rules_chance *
seed_chance(const unsigned char seed[RULES_SEED_BYTES])
{
	static struct chance_seed *made[SEED_UTIL_MAX];
	static int n;

	for (int i = 0; i < n; i++)
		if (memcmp(made[i]->seed, seed, RULES_SEED_BYTES) == 0)
			return &made[i]->chance;
	if (n == SEED_UTIL_MAX || (made[n] = malloc(sizeof *made[n])) == NULL) {
		fprintf(stderr, "seed-util: too many seeds\n");
		exit(2);
	}
	chance_seed_init(made[n], seed);
	return &made[n++]->chance;
}

/* A seed of 32 equal bytes b. */
static inline const struct rules_chance *
seed_chance_byte(unsigned b, uint64_t *salt)
{
	unsigned char seed[RULES_SEED_BYTES];

	memset(seed, (int)b, sizeof seed);
	*salt = chance_seed_salt(seed);
	return seed_chance(seed);
}

#endif
