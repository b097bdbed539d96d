/*
 * bench/bench-trigon-engine.c -- speed of the Trigon engine on one core.
 *
 *   replay:  parse + apply of recorded games' action text, as
 *                   verify replays a save file (seeded dice).
 *   playout: random playouts: list the legal actions, pick one,
 *                   apply it, with the cheap bot dice (TG_SF_FAST_RNG).
 *   state-bytes:    sizeof(struct tg_state), the whole game (<= 1 KiB).
 *
 * Prints "bench: NAME VALUE UNIT" lines (see bench/run.sh).  Rates are
 * per second of the process's CPU time, best of 3 runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "chance.h"
#include "games/trigon/engine.h"

#define GAMES 200
#define MAXLOG 4000

static struct tg_data D;
static struct tg_action legal[TG_LEGAL_MAX];

struct game_rec {
	struct tg_state start;
	int n;
	uint8_t seat[MAXLOG];
	char text[MAXLOG][64];
	uint8_t len[MAXLOG];
};

static struct game_rec rec[GAMES];

static uint64_t rs = 88172645463325252ULL;
static unsigned
rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs % n);
}

static void
setup(struct tg_setup *s, int g)
{
	static const int all[] = { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };

	static struct chance_seed open_mode[GAMES];
	unsigned char seed[RULES_SEED_BYTES];

	tg_setup_default(s);
	memset(seed, 0, sizeof seed);
	seed[0] = (unsigned char)g;
	seed[1] = (unsigned char)(g >> 8);
	chance_seed_init(&open_mode[g], seed);
	s->chance = &open_mode[g].chance;
	s->salt = chance_seed_salt(seed);
	s->nseats = 4;
	for (int i = 0; i < 4; i++)
		s->color[i] = (uint8_t)all[i];
}

/* A random legal action, preferring not to end the turn at once. */
static int
pick(const struct tg_state *st, int seat, struct tg_action *out)
{
	int n = tg_legal(&D, st, seat, legal, TG_LEGAL_MAX), k;

	if (n == 0)
		return -1;
	k = (int)rnd((unsigned)n);
	if (legal[k].kind == TG_A_RESIGN || (legal[k].kind == TG_A_END &&
	    rnd(3) != 0))
		k = (int)rnd((unsigned)n);
	if (legal[k].kind == TG_A_RESIGN)
		k = 0;
	*out = legal[k];
	return 0;
}

int
main(int argc, char **argv)
{
	struct rules_error err;
	struct tg_setup s;
	long nact = 0, nplay = 0;
	double t0, t1, best = 0;

	(void)argc;
	(void)argv;
	if (tg_data_load(&D, NULL, 0, NULL, 0, NULL, 0, &err) != 0) {
		fprintf(stderr, "bench-trigon-engine: %s\n", err.msg);
		return 1;
	}
	/* Record games as text. */
	for (int g = 0; g < GAMES; g++) {
		struct game_rec *r = &rec[g];
		struct tg_state st;

		setup(&s, g);
		if (tg_init(&st, &D, &s, NULL, &err) != 0)
			return 1;
		r->start = st;
		r->n = 0;
		while (st.phase != TG_PH_OVER && r->n < MAXLOG) {
			int seat = tg_to_act(&st);
			struct tg_action a;

			if (pick(&st, seat, &a) != 0)
				break;
			r->seat[r->n] = (uint8_t)seat;
			r->len[r->n] = (uint8_t)tg_format(&D, &a, r->text[r->n],
			    sizeof r->text[r->n]);
			if (tg_apply(&D, &st, seat, &a, NULL, &err) != 0)
				return 1;
			r->n++;
		}
		nact += r->n;
	}
	/* Replay: parse + apply, best of 3. */
	for (int rep = 0; rep < 3; rep++) {
		long done = 0;

		t0 = bench_now();
		for (int g = 0; g < GAMES; g++) {
			struct game_rec *r = &rec[g];
			struct tg_state st = r->start;

			for (int i = 0; i < r->n; i++) {
				struct tg_action a;

				if (tg_parse(&D, &st, r->seat[i], r->text[i],
				    r->len[i], &a, &err) != 0 ||
				    tg_apply(&D, &st, r->seat[i], &a, NULL,
				    &err) != 0) {
					fprintf(stderr, "replay: %s: %s\n",
					    r->text[i], err.msg);
					return 1;
				}
				done++;
			}
		}
		t1 = bench_now();
		if (done / (t1 - t0) > best)
			best = done / (t1 - t0);
	}
	printf("bench: replay %.0f actions/s\n", best);
	fprintf(stderr, "bench-trigon-engine: replay: %ld actions of %d recorded "
	    "games, parsed and applied, best of 3\n", nact, GAMES);
	/* Playouts with the cheap dice. */
	best = 0;
	for (int rep = 0; rep < 3; rep++) {
		long done = 0;

		t0 = bench_now();
		for (int g = 0; g < GAMES; g++) {
			struct tg_state st = rec[g].start;

			st.flags |= TG_SF_FAST_RNG;
			/* The cheap dice from the game number (once the
			 * seed's first bytes). */
			st.fast = (uint64_t)(g & 0xff) << 56 |
			    (uint64_t)((g >> 8) & 0xff) << 48;
			while (st.phase != TG_PH_OVER && st.round <= 60) {
				int seat = tg_to_act(&st);
				struct tg_action a;

				if (pick(&st, seat, &a) != 0 ||
				    tg_apply(&D, &st, seat, &a, NULL, &err) != 0)
					return 1;
				done++;
			}
		}
		t1 = bench_now();
		nplay = done;
		if (done / (t1 - t0) > best)
			best = done / (t1 - t0);
	}
	printf("bench: playout %.0f actions/s\n", best);
	fprintf(stderr, "bench-trigon-engine: playout: %ld random actions, legal "
	    "listing included, best of 3\n", nplay);
	/* The whole game: copied with memcpy, no pointers into the heap. */
	printf("bench: state-bytes %zu bytes\n", sizeof(struct tg_state));
	return 0;
}
