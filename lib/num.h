/*
 * num.h -- the one number parser: decimal digits only, the whole of
 * the text, between an explicit min and max.  No blanks, no base
 * prefixes, no wrap-around (strtoull takes " -1" for 2^64-1); a sign
 * only where signed numbers are asked for.
 *
 * Returns 0 with *out set, NUM_SYNTAX (not a number: empty, a stray
 * character, a leading zero under NUM_CANONICAL) or NUM_RANGE (a number,
 * but outside [min, max], however many digits).  *out is untouched on
 * error.  The caller words the message; num_strerror() gives a plain
 * one.
 */
#ifndef TRIGON_NUM_H
#define TRIGON_NUM_H

#include <stddef.h>
#include <stdint.h>

#define NUM_SYNTAX (-1)
#define NUM_RANGE (-2)

/* flags */
#define NUM_CANONICAL 1u	/* one spelling per value: no leading zeros
				   ("0" itself is fine), no "+", no "-0" */

/* Unsigned: s[0..len) is [0-9]+. */
int num_u64(const char *s, size_t len, uint64_t min, uint64_t max,
    unsigned flags, uint64_t *out);
/* Signed: s[0..len) is -?[0-9]+ (and +[0-9]+ unless NUM_CANONICAL). */
int num_i64(const char *s, size_t len, int64_t min, int64_t max,
    unsigned flags, int64_t *out);
/* The same for a NUL-terminated s, into an int: num_int signed,
 * num_uint digits only (min >= 0). */
int num_int(const char *s, int min, int max, unsigned flags, int *out);
int num_uint(const char *s, int min, int max, unsigned flags, int *out);

/* "not a number", "out of range" (for NUM_SYNTAX, NUM_RANGE). */
const char *num_strerror(int rc);

#endif
