/*
 * bench/clock.h -- the one clock of the C benches: CPU time of
 * the process in seconds (the machine may be shared, so wall time
 * would count the others' work too).
 */
#ifndef BENCH_CLOCK_H
#define BENCH_CLOCK_H

#include <time.h>

static inline double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
