/*
 * autoplay.c -- computer players against each other (autoplay.h).
 */
#include <string.h>
#include <time.h>

#include "autoplay.h"
#include "search.h"

/* CPU time of this (single-threaded) process: load on the machine aside. */
static double
now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

void
autoplay_run(const struct rules *r, struct game *g, int nseats,
    const struct autoplay_opts *o, struct autoplay_result *res)
{
	struct rules_await aw;
	struct rules_error err;
	int last = -2;

	memset(res, 0, sizeof *res);
	res->winner = res->how = -1;
	res->rounds = -1;
	for (;;) {
		struct rules_bot_opts bo;
		char action[RULES_ACTION_MAX];
		double t0;

		if (rules_await_check(r, g, nseats, &aw) != 0) {
			res->failed = 1;
			return;
		}
		if (aw.over)
			break;
		if (aw.seat != last) {
			long round = rules_round(r, g);

			last = aw.seat;
			if (round > o->max_rounds)
				return;
			res->rounds = round;
		}
		if (res->actions >= o->max_actions)
			return;
		memset(&bo, 0, sizeof bo);
		bo.playouts = o->playouts;
		bo.think_ms = o->think_ms;
		bo.seed = o->seed[aw.seat];
		bo.kind = o->kind[aw.seat];
		t0 = now_ms();
		memset(&err, 0, sizeof err);
		if (search_choose(r, g, aw.seat, &bo, action, sizeof action,
		    &err) != 0 ||
		    r->apply(g, aw.seat, action, strlen(action), NULL,
		    &err) != 0) {
			res->failed = 1;
			return;
		}
		t0 = now_ms() - t0;
		res->actions++;
		if (!o->timed[aw.seat])
			continue;
		res->decisions++;
		res->think_ms += t0;
		if (t0 > res->think_max)
			res->think_max = t0;
	}
	res->over = 1;
	res->winner = aw.winner;
	res->how = rules_end_index(r, aw.how);
	res->rounds = rules_round(r, g);
}
