/*
 * t/unit/duel/list-hash.h -- FNV-1a (64 bits), the hash games.c and
 * legal.c pin their random games' legal lists with (each order's text
 * followed by '\n', each list closed by '\0'): a change in what is
 * listed, its order or its text changes the hash.
 */
#ifndef DUEL_T_LIST_HASH_H
#define DUEL_T_LIST_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define LIST_HASH_INIT 0xcbf29ce484222325ULL

static inline uint64_t
list_hash(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

/* One order's text and its '\n'. */
static inline uint64_t
list_hash_order(uint64_t h, const char *text)
{
	return list_hash(list_hash(h, text, strlen(text)), "\n", 1);
}

/* The end of a list. */
static inline uint64_t
list_hash_end(uint64_t h)
{
	return list_hash(h, "", 1);
}

#endif
