/*
 * t/unit/num.c -- lib/num.c, the one number parser: digits only,
 * explicit limits, overflow as NUM_RANGE (never a wrapped value), the
 * canonical spelling of signed files; and lib/rand64.h's splitmix64
 * against the reference values.  Linked with the core alone.
 */
#include <string.h>

#include "../tap.h"
#include "num.h"
#include "rand64.h"
#include "rules.h"

static int
u(const char *s, uint64_t min, uint64_t max, unsigned fl, uint64_t *v)
{
	*v = 4242;
	return num_u64(s, strlen(s), min, max, fl, v);
}

static int
i(const char *s, int64_t min, int64_t max, unsigned fl, int64_t *v)
{
	*v = 4242;
	return num_i64(s, strlen(s), min, max, fl, v);
}

int
main(void)
{
	uint64_t v, st;
	int64_t w;
	int n;

	is_int(0, u("0", 0, 10, 0, &v), "0 is a number");
	is_int(0, (long long)v, "zero");
	is_int(0, u("10", 0, 10, 0, &v), "the max itself");
	is_int(10, (long long)v, "ten");
	is_int(NUM_RANGE, u("11", 0, 10, 0, &v), "max + 1");
	is_int(4242, (long long)v, "an error leaves *out alone");
	is_int(NUM_RANGE, u("0", 1, 10, 0, &v), "below min");
	is_int(NUM_SYNTAX, u("", 0, 10, 0, &v), "empty");
	is_int(NUM_SYNTAX, u(" 1", 0, 10, 0, &v), "a leading blank");
	is_int(NUM_SYNTAX, u("1 ", 0, 10, 0, &v), "a trailing blank");
	is_int(NUM_SYNTAX, u("+1", 0, 10, 0, &v), "a sign, unsigned");
	is_int(NUM_SYNTAX, u("-1", 0, UINT64_MAX, 0, &v),
	    "-1 is not 2^64-1 (strtoull would say so)");
	is_int(NUM_SYNTAX, u("0x10", 0, 100, 0, &v), "no base prefix");
	is_int(NUM_SYNTAX, u("1a", 0, 100, 0, &v), "a stray letter");
	is_int(0, u("007", 0, 10, 0, &v), "leading zeros, lax");
	is_int(7, (long long)v, "seven");
	is_int(NUM_SYNTAX, u("007", 0, 10, NUM_CANONICAL, &v),
	    "leading zeros, canonical");
	is_int(0, u("0", 0, 10, NUM_CANONICAL, &v), "0 is canonical");
	is_int(0, u("18446744073709551615", 0, UINT64_MAX, 0, &v),
	    "2^64-1 fits");
	ok(v == UINT64_MAX, "exactly");
	is_int(NUM_RANGE, u("18446744073709551616", 0, UINT64_MAX, 0, &v),
	    "2^64 overflows into NUM_RANGE, not a wrapped 0");
	is_int(NUM_RANGE, u("99999999999999999999999999", 0, UINT64_MAX, 0,
	    &v), "however many digits");
	is_int(NUM_SYNTAX, u("99999999999999999999999x", 0, UINT64_MAX, 0,
	    &v), "a long non-number is still not a number");
	is_int(NUM_RANGE, u("1000000000000000000", 1, 999999999999999999ULL,
	    NUM_CANONICAL, &v), "19 digits past an 18-digit max");
	is_int(NUM_SYNTAX, num_u64("12", 0, 0, 99, 0, &v), "len 0 is empty");
	is_int(0, num_u64("123", 2, 0, 99, 0, &v), "only len bytes are read");
	is_int(12, (long long)v, "twelve");

	is_int(0, i("-5", -10, 10, 0, &w), "a negative number");
	is_int(-5, w, "minus five");
	is_int(0, i("+5", -10, 10, 0, &w), "a plus sign, lax");
	is_int(5, w, "five");
	is_int(NUM_SYNTAX, i("+5", -10, 10, NUM_CANONICAL, &w),
	    "no plus sign in canonical form");
	is_int(NUM_SYNTAX, i("-0", -10, 10, NUM_CANONICAL, &w),
	    "no -0 in canonical form");
	is_int(NUM_SYNTAX, i("-", -10, 10, 0, &w), "a sign alone");
	is_int(NUM_SYNTAX, i("--1", -10, 10, 0, &w), "two signs");
	is_int(NUM_RANGE, i("-11", -10, 10, 0, &w), "below min");
	is_int(0, i("-9223372036854775808", INT64_MIN, INT64_MAX, 0, &w),
	    "INT64_MIN fits");
	ok(w == INT64_MIN, "exactly");
	is_int(0, i("9223372036854775807", INT64_MIN, INT64_MAX, 0, &w),
	    "INT64_MAX fits");
	ok(w == INT64_MAX, "exactly");
	is_int(NUM_RANGE, i("9223372036854775808", INT64_MIN, INT64_MAX, 0,
	    &w), "INT64_MAX + 1");
	is_int(NUM_RANGE, i("-9223372036854775809", INT64_MIN, INT64_MAX, 0,
	    &w), "INT64_MIN - 1");
	is_int(0, num_int("42", 1, 99, 0, &n), "num_int");
	is_int(42, n, "42");
	is_int(NUM_RANGE, num_int("100", 1, 99, 0, &n), "num_int above max");
	is_int(NUM_RANGE, num_int("2147483648", INT32_MIN, INT32_MAX, 0, &n),
	    "num_int past INT_MAX");
	is_int(NUM_SYNTAX, num_uint("-1", 0, 9, 0, &n),
	    "num_uint takes no sign");
	is_int(0, num_uint("9", 0, 9, 0, &n), "num_uint");
	is_string("not a number", num_strerror(NUM_SYNTAX), "message");
	is_string("out of range", num_strerror(NUM_RANGE), "message");

	/* splitmix64: Vigna's reference, state 0 */
	st = 0;
	ok(splitmix64(&st) == 0xe220a8397b1dcdafULL, "splitmix64 #1");
	ok(splitmix64(&st) == 0x6e789e6aa1b965f4ULL, "splitmix64 #2");
	ok(splitmix64(&st) == 0x06c45d188009454fULL, "splitmix64 #3");
	ok(mix64(0) == 0xe220a8397b1dcdafULL, "mix64(x) is splitmix64 from x");
	return done_testing();
}
