/*
 * bench/bench-catan-engine.c -- speed of the Catan engine on one core
 * (catan-rules(7) and catan-ck-rules(7); BENCHMARKS).
 *
 *   catan-replay:  parse + apply of recorded four-player games' action
 *                  text, as verify replays a save file (open-mode chance).
 *   catan-playout: random games: list the legal actions, pick one, apply
 *                  it; chance from the state's own stream, as the
 *                  search's playouts draw it (fast_on; until 2026-11-27
 *                  open-mode chance, one ChaCha20 block a roll), like
 *                  the Duel's and Trigon's playouts.
 *   catan-state-bytes: sizeof(struct ca_state), the whole game (<= 1 KiB).
 *   cities-replay, cities-playout: the same for Cities & Knights:
 *                  ca_init then ca_ck_init (the three dice, events,
 *                  barbarians, progress cards), four players, games on
 *                  the beginner and base maps in turn, the same random
 *                  pick; a game stops at its end or after MAXLOG actions
 *                  (stderr says how many ended), every applied action
 *                  counted.
 *   cities-state-bytes: sizeof(struct ca_state) again: the same struct
 *                  holds both games (<= 1.5 KiB).
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
#include "games/catan/engine.h"
#include "games/catan/parse.h"

#define GAMES_MAX 100
#define MAXLOG 3000
#define MAXA 4096

static struct ca_data D;
static struct ca_board B;
static struct ca_action legal[MAXA];
static struct chance_seed open_mode[GAMES_MAX];

struct game_rec {
	struct ca_state start;
	int n;
	uint8_t seat[MAXLOG];
	char text[MAXLOG][64];
};

static struct game_rec rec[GAMES_MAX];
static uint64_t rs = 88172645463325252ULL;

/* A random legal action: resigning never, ending a turn less often. */
static int
pick(const struct ca_state *st, int seat, struct ca_action *out)
{
	int n = ca_legal(st, seat, legal, MAXA), k = 0;

	if (n > MAXA)
		n = MAXA;
	if (n == 0)
		return -1;
	for (int t = 0; t < 8; t++) {
		k = (int)(splitmix64(&rs) % (uint64_t)n);
		if (legal[k].verb == CA_A_RESIGN ||
		    (legal[k].verb == CA_A_END && t < 3) ||
		    (legal[k].verb == CA_A_TRADE && t < 6))
			continue;
		break;
	}
	if (legal[k].verb == CA_A_RESIGN)
		k = 0;
	*out = legal[k];
	return 0;
}

static int
seat_to_act(const struct ca_state *st)
{
	unsigned m = ca_may_act(st);
	int s = ca_await_seat(st);

	/* discards and picks: every owing seat in turn */
	return (m >> s) & 1 ? s : -1;
}

/*
 * One benchmark, NAME-replay and NAME-playout: record `games` random
 * four-player games (game g on boards[g % nboards], Cities & Knights when
 * ck is set, open-mode chance from seed byte 0 g and byte 1 salt), replay
 * their action text, then play random games from the same starts.  A
 * playout game stops at its end or, when bound is set, after MAXLOG
 * actions; every applied action counts.
 */
static int
bench(const char *name, const struct ca_board *const *boards, int nboards,
    const struct ck_data *ck, unsigned char salt, int games, int bound)
{
	struct rules_error err;
	long nact = 0, nplay = 0;
	double t0, t1, best = 0;
	int ended = 0, pended = 0;

	for (int g = 0; g < games; g++) {
		struct game_rec *r = &rec[g];
		unsigned char seed[RULES_SEED_BYTES] = { 0 };
		struct ca_state st;

		seed[0] = (unsigned char)g;
		seed[1] = salt;
		chance_seed_init(&open_mode[g], seed);
		ca_init(&st, boards[g % nboards], &D, 4, 0, &open_mode[g].chance);
		if (ck != NULL && ca_ck_init(&st, ck, 0, 0, &err) != 0) {
			fprintf(stderr, "ca_ck_init: %s\n", err.msg);
			return 1;
		}
		r->start = st;
		r->n = 0;
		while (st.phase != CA_PH_OVER && r->n < MAXLOG) {
			int seat = seat_to_act(&st);
			struct ca_action a;
			char t[256];

			if (seat < 0 || pick(&st, seat, &a) != 0)
				return 1;
			r->seat[r->n] = (uint8_t)seat;
			ca_format(&st, &a, t, sizeof t);
			if (strlen(t) >= sizeof r->text[r->n]) {
				fprintf(stderr, "record: %s: too long\n", t);
				return 1;
			}
			memcpy(r->text[r->n], t, strlen(t) + 1);
			if (ca_apply(&st, seat, &a, NULL, NULL, &err) != 0) {
				fprintf(stderr, "record: %s: %s\n", r->text[r->n],
				    err.msg);
				return 1;
			}
			r->n++;
		}
		ended += st.phase == CA_PH_OVER;
		nact += r->n;
	}
	for (int rep = 0; rep < 3; rep++) {
		long done = 0;

		t0 = bench_now();
		for (int g = 0; g < games; g++) {
			struct game_rec *r = &rec[g];
			struct ca_state st = r->start;

			for (int i = 0; i < r->n; i++) {
				struct ca_action a;

				if (ca_parse(&st, r->text[i], strlen(r->text[i]),
				    &a, &err) != 0 || ca_apply(&st, r->seat[i],
				    &a, NULL, NULL, &err) != 0) {
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
	printf("bench: %s-replay %.0f actions/s\n", name, best);
	fprintf(stderr, "bench-catan-engine: %s-replay: %ld actions of %d "
	    "recorded four-player games (%d ended, the rest stopped at %d "
	    "actions), parsed and applied, best of 3\n", name, nact, games,
	    ended, MAXLOG);
	best = 0;
	for (int rep = 0; rep < 3; rep++) {
		long done = 0;

		pended = 0;
		t0 = bench_now();
		for (int g = 0; g < games; g++) {
			struct ca_state st = rec[g].start;
			int len = 0;

			/* as the search plays them (bot.c): the state's own
			   stream, never the game's source */
			st.ch = NULL;
			st.fast_on = 1;
			st.fast = (uint64_t)g * 7919 + (uint64_t)rep;

			while (st.phase != CA_PH_OVER && done < 10000000 &&
			    (!bound || len < MAXLOG)) {
				int seat = seat_to_act(&st);
				struct ca_action a;

				if (seat < 0 || pick(&st, seat, &a) != 0 ||
				    ca_apply(&st, seat, &a, NULL, NULL, &err) != 0)
					return 1;
				done++;
				len++;
			}
			pended += st.phase == CA_PH_OVER;
		}
		t1 = bench_now();
		nplay = done;
		if (done / (t1 - t0) > best)
			best = done / (t1 - t0);
	}
	printf("bench: %s-playout %.0f actions/s\n", name, best);
	fprintf(stderr, "bench-catan-engine: %s-playout: %ld random actions "
	    "(%d of %d games ended), legal listing included, best of 3\n",
	    name, nplay, pended, games);
	return 0;
}

int
main(void)
{
	static struct ca_board base;
	static struct ck_data ck;
	struct rules_error err;
	const struct ca_board *beginner[1] = { &B }, *both[2] = { &B, &base };
	int games = getenv("BENCH_QUICK") ? 10 : GAMES_MAX;

	/* as trigon does first (cmd/main.c): libsodium picks its ChaCha20
	   for this CPU, which open-mode chance draws from */
	if (sodium_init() < 0) {
		fprintf(stderr, "bench-catan-engine: cannot initialise libsodium\n");
		return 1;
	}
	if (ca_data_load(&D, NULL, 0, NULL, 0, &err) != 0 ||
	    ca_board_build(&B, ca_data_map(&D, "beginner"), NULL, &err) != 0 ||
	    ca_board_build(&base, ca_data_map(&D, "base"), NULL, &err) != 0 ||
	    ck_data_load(&ck, NULL, 0, NULL, 0, &err) != 0) {
		fprintf(stderr, "bench-catan-engine: %s\n", err.msg);
		return 1;
	}
	if (bench("catan", beginner, 1, NULL, 0, games, 0) != 0)
		return 1;
	printf("bench: catan-state-bytes %zu bytes\n", sizeof(struct ca_state));
	if (bench("cities", both, 2, &ck, 0xc4, games, 1) != 0)
		return 1;
	printf("bench: cities-state-bytes %zu bytes\n", sizeof(struct ca_state));
	return 0;
}
