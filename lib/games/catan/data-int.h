/*
 * data-int.h -- what data.c (the loader and its checks) and data-board.c
 * (the board and the names) share.  Not for use outside lib/games/catan.
 */
#ifndef CATAN_DATA_INT_H
#define CATAN_DATA_INT_H

#include <stddef.h>
#include <stdint.h>

#include "games/catan/data.h"

/* Neighbour of h in direction d (enum ca_edir) on m, or CA_NONE. */
int ca_map_neighbour(const struct ca_mapdef *m, int h, int d);

/*
 * Lay the pool's tokens along the spiral rotated by start k, skipping
 * the hexes flagged desert[] (CA3.1): tok[] gets each hex's token.
 */
void ca_map_lay_tokens(const struct ca_mapdef *m, int k,
    const uint8_t *desert, uint8_t *tok);

/*
 * "d4" -> hex index on m, or -1.  Every corner and edge an order names
 * is two or three of these, so tolower() and isdigit() of the C locale
 * (trigon sets no other) are done here by hand, without their calls
 * through __ctype_tolower_loc and __ctype_b_loc.
 */
static inline int
ca_map_hex_by_name(const struct ca_mapdef *m, const char *s, size_t len)
{
	unsigned c, d;
	int r, n = 0;
	size_t i;

	if (len < 2 || len > 3)
		return -1;
	c = (unsigned char)s[0];
	if (c >= 'A' && c <= 'Z')
		c += 'a' - 'A';
	r = (int)c - 'a';
	if (r < 0 || r >= m->nrows)
		return -1;
	for (i = 1; i < len; i++) {
		if ((d = (unsigned char)s[i] - '0') > 9)
			return -1;
		n = n * 10 + (int)d;
	}
	if (s[1] == '0' || n < 1 || n > m->rowlen[r])
		return -1;
	return m->rowstart[r] + n - 1;
}

#endif
