/*
 * rand64.h -- splitmix64 (Steele, Lea, Flood 2014; Vigna's public
 * domain code), the one 64-bit mixing generator of the tree.
 *
 * For streams that need speed and no cryptographic strength: bot
 * playouts, test and benchmark games, seeding workers.  Never for what
 * a game's fairness rests on (that comes from the seed through the
 * game's own generator).  The same state gives the same numbers on
 * every machine.
 */
#ifndef TRIGON_RAND64_H
#define TRIGON_RAND64_H

#include <stdint.h>

/* Advance *state and return the next number. */
static inline uint64_t
splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* What splitmix64 returns from state x, without a state to keep: a
 * fixed bijection of 64-bit values, for hashing a seed into another. */
static inline uint64_t
mix64(uint64_t x)
{
	return splitmix64(&x);
}

#endif
