/*
 * bench/bench-catan-ck-balance.c -- the barbarians of Cities & Knights in games
 * of the computer against itself (catan-ck-rules(7), STATUS): how often
 * they win an attack, how many cities they pillage a game, how long a
 * game lasts and how the seats share the wins.  Not part of make bench
 * (minutes of CPU; given a folder, as bench/run.sh does, it says so and
 * exits 0); BENCHMARKS gives the command and the figures.
 *
 *   bench-catan-ck-balance GAMES [PLAYOUTS [SEED]]
 *
 * Four seats, each the default computer player (mcts) at PLAYOUTS (10)
 * playouts an action, through catan_ck_rules as trigon selfplay plays it
 * (option first=draw, as every new game); game i from open-mode chance
 * of seed SEED + i (0).  The barbarians are counted from the public notes
 * of the actions: "the barbarians attack", "the barbarians win",
 * "the barbarians pillage".  A game stops unfinished after 400 turns.
 * Prints "cities-balance: NAME VALUE" lines and the seats' shares with
 * their 95% Wilson intervals.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chance.h"
#include "rules.h"
#include "games/catan/bot.h"
#include "games/catan/catan.h"
#include "games/catan/engine.h"

#define MAX_TURNS 400

static int
count(const char *text, const char *what)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

static int
cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static void
wilson(int k, int n, double *lo, double *hi)
{
	double z = 1.96, p = n ? (double)k / n : 0, d = 1 + z * z / n;
	double c = p + z * z / (2.0 * n), w = z * sqrt(p * (1 - p) / n +
	    z * z / (4.0 * n * n));

	*lo = n ? 100 * (c - w) / d : 0;
	*hi = n ? 100 * (c + w) / d : 0;
}

int
main(int argc, char **argv)
{
	static const char *names[] = { "red", "blue", "white", "orange" };
	const char *opts[] = { "first=draw" };
	const struct rules *R = &catan_ck_rules;
	int games = argc > 1 ? atoi(argv[1]) : 0;
	long playouts = argc > 2 ? atol(argv[2]) : 10;
	unsigned long long seed0 = argc > 3 ? strtoull(argv[3], NULL, 10) : 0;
	int wins[4] = { 0 }, firstwins = 0, unfinished = 0, *turns;
	long attacks = 0, lost = 0, pillaged = 0, actions = 0;

	if (argc == 2 && strchr(argv[1], '/') != NULL) {
		/* bench/run.sh runs every bench/bench-* with the source
		   folder: this one is not part of make bench */
		fprintf(stderr, "bench-catan-ck-balance: not part of make bench "
		    "(minutes of CPU); run it as bench-catan-ck-balance GAMES "
		    "[PLAYOUTS [SEED]]\n");
		return 0;
	}
	if (games <= 0 || playouts <= 0) {
		fprintf(stderr, "usage: bench-catan-ck-balance GAMES [PLAYOUTS [SEED]]\n");
		return 2;
	}
	if ((turns = calloc((size_t)games, sizeof *turns)) == NULL)
		return 1;
	for (int i = 0; i < games; i++) {
		unsigned char seed[RULES_SEED_BYTES] = { 0 };
		unsigned long long s = seed0 + (unsigned long long)i;
		struct chance_seed cs;
		struct rules_setup su;
		struct rules_error e;
		struct rules_await aw;
		struct game *g;

		for (int b = 0; b < 8; b++)
			seed[b] = (unsigned char)(s >> (8 * b));
		seed[31] = 0xc5;
		chance_seed_init(&cs, seed);
		memset(&su, 0, sizeof su);
		su.nseats = 4;
		for (int k = 0; k < 4; k++)
			su.seat[k] = names[k];
		su.options = opts;
		su.noptions = 1;
		su.chance = &cs.chance;
		if (R->create(&g, &su, &e) != 0) {
			fprintf(stderr, "game %d: %s\n", i, e.msg);
			return 1;
		}
		for (;;) {
			struct rules_bot_opts o = { NULL, playouts, 0,
			    s * 1000003ull + (unsigned long long)actions };
			struct rules_note note;
			char act[RULES_ACTION_MAX];

			R->await(g, &aw);
			if (aw.over || ca_game_state(g)->turn > MAX_TURNS)
				break;
			if (R->bot(g, aw.seat, &o, act, sizeof act, &e) != 0 ||
			    R->apply(g, aw.seat, act, strlen(act), &note,
			    &e) != 0) {
				fprintf(stderr, "game %d: seat %d: %s\n", i,
				    aw.seat, e.msg);
				return 1;
			}
			actions++;
			attacks += count(note.text, "the barbarians attack");
			lost += count(note.text, "the barbarians win");
			pillaged += count(note.text, "the barbarians pillage");
		}
		turns[i] = ca_game_state(g)->turn;
		if (aw.over && aw.winner >= 0) {
			wins[aw.winner]++;
			firstwins += aw.winner == ca_game_state(g)->first;
		} else
			unfinished++;
		R->free(g);
		if ((i + 1) % 50 == 0)
			fprintf(stderr, "cities-balance: %d of %d games\n", i + 1,
			    games);
	}
	qsort(turns, (size_t)games, sizeof *turns, cmp_int);
	printf("cities-balance: games %d (playouts %ld, seeds %llu-%llu)\n",
	    games, playouts, seed0, seed0 + (unsigned long long)games - 1);
	printf("cities-balance: unfinished %d (after %d turns)\n", unfinished,
	    MAX_TURNS);
	printf("cities-balance: median-turns %d (quartiles %d-%d)\n",
	    turns[games / 2], turns[games / 4], turns[3 * games / 4]);
	printf("cities-balance: attacks-per-game %.2f\n",
	    (double)attacks / games);
	printf("cities-balance: barbarians-win %.1f %% of %ld attacks\n",
	    attacks ? 100.0 * (double)lost / (double)attacks : 0, attacks);
	printf("cities-balance: cities-pillaged-per-game %.2f\n",
	    (double)pillaged / games);
	for (int k = 0; k < 4; k++) {
		double lo, hi;

		wilson(wins[k], games, &lo, &hi);
		printf("cities-balance: seat %d (%s) wins %.1f %% [%.1f, %.1f]"
		    " (%d)\n", k + 1, names[k], 100.0 * wins[k] / games, lo,
		    hi, wins[k]);
	}
	{
		double lo, hi;

		wilson(firstwins, games, &lo, &hi);
		printf("cities-balance: first player wins %.1f %% [%.1f, %.1f]"
		    " (%d)\n", 100.0 * firstwins / games, lo, hi, firstwins);
	}
	printf("cities-balance: actions %ld\n", actions);
	free(turns);
	return 0;
}
