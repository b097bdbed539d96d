/*
 * wordwise.h -- eight bytes at a time, for the hot loops of the games
 * (an order's words in the parsers, a board's corners in Catan's
 * engine): the constants, a test of zero bytes, and one step of
 * splitting a word.
 *
 * Only where a uint64_t read from memory holds the first byte lowest
 * (GCC or Clang on a little-endian machine): WORDWISE is defined there,
 * and a caller keeps a byte-wise loop for the others.
 */
#ifndef TRIGON_WORDWISE_H
#define TRIGON_WORDWISE_H

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WORDWISE 1

#include <stdint.h>
#include <string.h>

#define WW_ONES 0x0101010101010101ull
#define WW_LOWS 0x7f7f7f7f7f7f7f7full
#define WW_HIGHS 0x8080808080808080ull

/* The high bit of each byte of w that is zero, the others clear. */
static inline uint64_t
ww_zero_bytes(uint64_t w)
{
	return ~(((w & WW_LOWS) + WW_LOWS) | w | WW_LOWS);
}

/*
 * One step of an order's word: the 8 bytes at t copied to out with
 * 'A'-'Z' lower-cased, and how many of them come before the first byte
 * outside 0x21-0x7e (8 when none is).  The caller keeps that many and
 * looks at the byte after them one at a time (a blank ends the word;
 * what else a parser refuses is its own): out then holds bytes past
 * the word, which the caller overwrites or ends with its NUL.
 */
static inline int
ww_word8(const unsigned char *t, char *out)
{
	uint64_t x, h, stop, up;

	memcpy(&x, t, 8);
	/* bit 7 of the bytes below 0x21, of 0x7f and from 0x80 up: exact
	   for the lowest such byte, which is all that is read (borrows
	   run upwards; h + 1 carries into no other byte) */
	h = x & ~WW_HIGHS;
	stop = (((x - 0x21 * WW_ONES) & ~x) | x | (h + WW_ONES)) & WW_HIGHS;
	/* bit 7 of 'A'-'Z' among the bytes below it */
	up = (h + (0x80 - 'A') * WW_ONES) &
	    ~(h + (0x80 - 'Z' - 1) * WW_ONES) & WW_HIGHS;
	x |= up >> 2;
	memcpy(out, &x, 8);
	return stop ? __builtin_ctzll(stop) >> 3 : 8;
}
#endif

#endif
