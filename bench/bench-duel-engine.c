/*
 * bench/bench-duel-engine.c -- speed of the Catan: het Duel engine on one
 * core (duel-rules(7), SPEED).
 *
 *   duel-replay:  parse + apply of recorded games' order text, as verify
 *                 replays a save file (open-mode chance).
 *   duel-playout: random games as the search plays them: list the legal
 *                 orders (du_legal), pick one, apply it in place
 *                 (du_apply_listed, as bot.c's search does), dice and
 *                 shuffles from the state's own generator.
 *
 * A game of random orders is cut off at MAXLOG actions, recorded or
 * played: a theme game's random players seldom reach 12 VP (they tear
 * down what they build, DU18.9), an introductory game ends in ~800.
 *   duel-state-bytes: sizeof(struct du_state), the whole game (<= 1 KiB).
 *
 * The first two for every mode this build offers (mode.h): the
 * introductory game's lines are named as above, a theme game's by its
 * mode, duel-gouden-eeuw-replay and duel-gouden-eeuw-playout.
 * BENCH_DUEL_MODE=NAME (make bench MODE=NAME) measures that mode only.
 *
 * Prints "bench: NAME VALUE UNIT" lines (see bench/run.sh).  Rates are per
 * second of the process's CPU time, best of 3 runs.  BENCH_QUICK=1 plays
 * fewer games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "clock.h"
#include "chance.h"
#include "rand64.h"
#include "games/duel/engine.h"
#include "games/duel/mode.h"
#include "games/duel/parse.h"

#define GAMES_MAX 50
#define MAXLOG 3000
#define MAXA 4096

static struct du_data D;
static struct du_action legal[MAXA];
static struct chance_seed open_mode[GAMES_MAX];

struct game_rec {
	struct du_state start;
	int n;
	uint8_t seat[MAXLOG];
	char text[MAXLOG][80];
};

static struct game_rec rec[GAMES_MAX];
static uint64_t rs = 88172645463325252ULL;

/* A random legal order; resigning never. */
static int
pick(const struct du_state *st, int seat, struct du_action *out)
{
	int n = du_legal(st, seat, legal, MAXA), k;

	if (n > MAXA)
		n = MAXA;
	if (n == 0)
		return -1;
	k = (int)(splitmix64(&rs) % (uint64_t)n);
	*out = legal[k];
	return 0;
}

/* Record games random games of mode: their start and order text. */
static int
record(int mode, int games, long *nact)
{
	struct rules_error err;

	*nact = 0;
	for (int g = 0; g < games; g++) {
		struct game_rec *r = &rec[g];
		unsigned char seed[RULES_SEED_BYTES] = { 0 };
		struct du_state st;

		seed[0] = (unsigned char)g;
		chance_seed_init(&open_mode[g], seed);
		if (du_init_mode(&st, &D, mode, &open_mode[g].chance, NULL,
		    &err) != 0) {
			fprintf(stderr, "record: %s\n", err.msg);
			return -1;
		}
		r->start = st;
		r->n = 0;
		while (st.phase != DU_PH_OVER && r->n < MAXLOG) {
			int seat = du_await_seat(&st);
			struct du_action a;

			if (pick(&st, seat, &a) != 0)
				return -1;
			r->seat[r->n] = (uint8_t)seat;
			du_format(&D, &a, r->text[r->n], sizeof r->text[r->n]);
			if (du_apply(&st, seat, &a, 0, NULL, &err) != 0) {
				fprintf(stderr, "record: %s: %s\n", r->text[r->n],
				    err.msg);
				return -1;
			}
			r->n++;
		}
		*nact += r->n;
	}
	return 0;
}

/* The recorded games parsed and applied: actions a second, best of 3. */
static double
replay(int games)
{
	struct rules_error err;
	double t0, t1, best = 0;

	for (int rep = 0; rep < 3; rep++) {
		long done = 0;

		t0 = bench_now();
		for (int g = 0; g < games; g++) {
			struct game_rec *r = &rec[g];
			struct du_state st = r->start;

			for (int i = 0; i < r->n; i++) {
				struct du_action a;

				if (du_parse(&D, r->text[i], strlen(r->text[i]), &a,
				    &err) != 0 || du_apply(&st, r->seat[i], &a, 0,
				    NULL, &err) != 0) {
					fprintf(stderr, "replay: %s: %s\n",
					    r->text[i], err.msg);
					return -1;
				}
				done++;
			}
		}
		t1 = bench_now();
		if (done / (t1 - t0) > best)
			best = done / (t1 - t0);
	}
	return best;
}

/* Random games from the recorded starts as the search plays them:
 * actions a second, best of 3; *nplay the actions of one run. */
static double
playout(int games, long *nplay)
{
	double t0, t1, best = 0;

	for (int rep = 0; rep < 3; rep++) {
		long done = 0;

		t0 = bench_now();
		for (int g = 0; g < games; g++) {
			struct du_state st = rec[g].start;

			st.chance = NULL;
			st.own = 1;
			st.rng = (uint64_t)g * 7919 + (uint64_t)rep;
			for (int i = 0; i < MAXLOG && st.phase != DU_PH_OVER;
			    i++) {
				int seat = du_await_seat(&st);
				struct du_action a;

				if (pick(&st, seat, &a) != 0 ||
				    du_apply_listed(&st, seat, &a) != 0) {
					fprintf(stderr, "playout: game %d: no "
					    "legal order applies\n", g);
					return -1;
				}
				done++;
			}
		}
		t1 = bench_now();
		*nplay = done;
		if (done / (t1 - t0) > best)
			best = done / (t1 - t0);
	}
	return best;
}

/* The two rates of mode, as "bench:" lines. */
static int
bench_mode(int mode, int games)
{
	char name[48] = "duel";
	long nact, nplay = 0;
	double r;

	if (mode != DU_MODE_INTRO)
		snprintf(name, sizeof name, "duel-%s", du_modes[mode].name);
	if (record(mode, games, &nact) != 0 || (r = replay(games)) < 0)
		return -1;
	printf("bench: %s-replay %.0f actions/s\n", name, r);
	fprintf(stderr, "bench-duel-engine: %s: replay: %ld actions of %d "
	    "recorded random games, parsed and applied, best of 3\n",
	    du_modes[mode].name, nact, games);
	if ((r = playout(games, &nplay)) < 0)
		return -1;
	printf("bench: %s-playout %.0f actions/s\n", name, r);
	fprintf(stderr, "bench-duel-engine: %s: playout: %ld random actions, "
	    "legal listing included, best of 3\n", du_modes[mode].name, nplay);
	return 0;
}

int
main(void)
{
	struct rules_error err;
	int games = getenv("BENCH_QUICK") ? 5 : GAMES_MAX, only = -1;
	const char *m = getenv("BENCH_DUEL_MODE");

	/* as trigon does first (cmd/main.c): libsodium picks its ChaCha20
	   for this CPU, which open-mode chance draws from */
	if (sodium_init() < 0) {
		fprintf(stderr, "bench-duel-engine: cannot initialise libsodium\n");
		return 1;
	}
	if (du_data_load(&D, NULL, 0, &err) != 0) {
		fprintf(stderr, "bench-duel-engine: %s\n", err.msg);
		return 1;
	}
	if (m != NULL && *m != '\0' && ((only = du_mode_find(m)) < 0 ||
	    !du_modes[only].built)) {
		fprintf(stderr, "bench-duel-engine: mode '%s' is not offered "
		    "(duel-rules(7), MODES)\n", m);
		return 1;
	}
	for (int mode = 0; mode < DU_NMODES; mode++)
		if (du_modes[mode].built && (only < 0 || only == mode) &&
		    bench_mode(mode, games) != 0)
			return 1;
	printf("bench: duel-state-bytes %zu bytes\n", sizeof(struct du_state));
	return 0;
}
