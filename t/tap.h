/*
 * tap.h -- the one small TAP helper of the C unit tests (header only).
 *
 * In the manner of c-tap-harness: plan(n), ok(cond, fmt, ...),
 * is_int(want, got, fmt, ...), is_string(want, got, fmt, ...), diag(),
 * bail(), skip(), done_testing(), and test_file() to find a fixture in
 * the source tree.  Output goes to stdout as TAP version 13 for
 * automake's tap-driver.sh.  Include it in exactly one file per test
 * program.
 *
 * RUNNING_ON_VALGRIND is valgrind's own (0 where valgrind.h is
 * missing): CI's leak step runs every unit test under valgrind, some
 * 50 times slower, so a test of many random games plays a part of
 * them there and says so with diag().  tap_valgrind() says whether it
 * runs so; TAP_VALGRIND=1 asks for the short form without valgrind, to
 * check that it still passes.  CI's sanitizer step sets it too (.ci/run):
 * the step is there for memory errors and undefined behaviour, which the
 * short form's games meet on the same paths, and the plain run of step 1
 * plays every game (t/unit/duel/games under AddressSanitizer: 59 s of
 * CPU time in full, 5.6 s short).
 */
#ifndef TRIGON_TAP_H
#define TRIGON_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#endif
#endif
#ifndef RUNNING_ON_VALGRIND
#define RUNNING_ON_VALGRIND 0
#endif

static int tap_planned = -1, tap_run, tap_failed;

static inline int tap_valgrind(void)
{
	const char *v = getenv("TAP_VALGRIND");

	return RUNNING_ON_VALGRIND || (v != NULL && strcmp(v, "1") == 0);
}

static void tap_vprint(int pass, const char *fmt, va_list ap)
{
	tap_run++;
	if (!pass)
		tap_failed++;
	printf("%sok %d - ", pass ? "" : "not ", tap_run);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
}

static inline void plan(int n)
{
	tap_planned = n;
	printf("1..%d\n", n);
	fflush(stdout);
}

static inline void diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("# ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	fflush(stdout);
}

static inline void bail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("Bail out! ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	fflush(stdout);
	exit(255);
}

static inline int ok(int pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vprint(pass, fmt, ap);
	va_end(ap);
	return pass;
}

static inline void skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_run++;
	printf("ok %d # SKIP ", tap_run);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
}

static inline int is_int(long long want, long long got, const char *fmt, ...)
{
	va_list ap;
	int pass = want == got;

	va_start(ap, fmt);
	tap_vprint(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("    wanted: %lld\n#      got: %lld", want, got);
	return pass;
}

static inline int is_string(const char *want, const char *got,
    const char *fmt, ...)
{
	va_list ap;
	int pass;

	pass = want && got ? strcmp(want, got) == 0 : want == got;
	va_start(ap, fmt);
	tap_vprint(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("    wanted: \"%s\"\n#      got: \"%s\"",
		    want ? want : "(null)", got ? got : "(null)");
	return pass;
}

/* Path of a fixture under the source tree's t/ (TRIGON_SRC_DIR). */
static inline const char *test_file(const char *name)
{
	static char buf[4096];
	const char *src = getenv("TRIGON_SRC_DIR");

	snprintf(buf, sizeof buf, "%s/t/%s", src ? src : ".", name);
	return buf;
}

/* End the test: print the plan if none was given; exit status. */
static inline int done_testing(void)
{
	if (tap_planned < 0)
		printf("1..%d\n", tap_run);
	else if (tap_planned != tap_run)
		diag("planned %d tests but ran %d", tap_planned, tap_run);
	fflush(stdout);
	return tap_failed || (tap_planned >= 0 && tap_planned != tap_run);
}

#endif
