/*
 * num.c -- the number parser (see num.h).  Digits are accumulated with
 * an explicit overflow check; a number too large for 64 bits is still a
 * number (NUM_RANGE), never a syntax error or a wrapped value.
 */
#include <string.h>

#include "num.h"

/* Magnitude of s[0..len) (digits only): 0, NUM_SYNTAX, or NUM_RANGE when
 * it does not fit in 64 bits (after checking every byte is a digit). */
static int
digits(const char *s, size_t len, unsigned flags, uint64_t *out)
{
	uint64_t v = 0;
	int big = 0;

	if (len == 0)
		return NUM_SYNTAX;
	if ((flags & NUM_CANONICAL) && s[0] == '0' && len > 1)
		return NUM_SYNTAX;
	for (size_t i = 0; i < len; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9)
			return NUM_SYNTAX;
		if (v > (UINT64_MAX - d) / 10)
			big = 1;
		else
			v = v * 10 + d;
	}
	if (big)
		return NUM_RANGE;
	*out = v;
	return 0;
}

int
num_u64(const char *s, size_t len, uint64_t min, uint64_t max,
    unsigned flags, uint64_t *out)
{
	uint64_t v;
	int rc;

	if ((rc = digits(s, len, flags, &v)) != 0)
		return rc;
	if (v < min || v > max)
		return NUM_RANGE;
	*out = v;
	return 0;
}

int
num_i64(const char *s, size_t len, int64_t min, int64_t max,
    unsigned flags, int64_t *out)
{
	uint64_t mag;
	int64_t v;
	int neg = 0, rc;

	if (len > 0 && (s[0] == '-' || (s[0] == '+' &&
	    !(flags & NUM_CANONICAL)))) {
		neg = s[0] == '-';
		s++;
		len--;
	}
	if ((rc = digits(s, len, flags, &mag)) != 0)
		return rc;
	if (neg && mag == 0 && (flags & NUM_CANONICAL))
		return NUM_SYNTAX;
	if (neg) {
		if (mag > (uint64_t)INT64_MAX + 1)
			return NUM_RANGE;
		v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
	} else {
		if (mag > (uint64_t)INT64_MAX)
			return NUM_RANGE;
		v = (int64_t)mag;
	}
	if (v < min || v > max)
		return NUM_RANGE;
	*out = v;
	return 0;
}

int
num_int(const char *s, int min, int max, unsigned flags, int *out)
{
	int64_t v;
	int rc;

	if ((rc = num_i64(s, strlen(s), min, max, flags, &v)) != 0)
		return rc;
	*out = (int)v;
	return 0;
}

int
num_uint(const char *s, int min, int max, unsigned flags, int *out)
{
	uint64_t v;
	int rc;

	if (min < 0 || max < min)
		return NUM_RANGE;
	if ((rc = num_u64(s, strlen(s), (uint64_t)min, (uint64_t)max, flags,
	    &v)) != 0)
		return rc;
	*out = (int)v;
	return 0;
}

const char *
num_strerror(int rc)
{
	switch (rc) {
	case 0:
		return "a number";
	case NUM_SYNTAX:
		return "not a number";
	case NUM_RANGE:
		return "out of range";
	}
	return "not a number";
}
