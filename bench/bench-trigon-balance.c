/*
 * bench/bench-trigon-balance.c -- how long games last with the embedded design
 * data (the goal BENCHMARKS states: games typically end by one of the
 * three win conditions within about 10-20 rounds).
 *
 * Every seat is played by the same greedy bot: it applies the legal
 * action that most improves a simple score (points first, then income,
 * inhabitants, coins, and scouts near free spots) and ends its turn when
 * nothing does.  It never attacks on purpose and builds few knights, so
 * its games are the quick, peaceful end of the range: real players, who
 * fight, take longer.  Play and quest cards are used as far as the
 * engine lists them.
 *
 * Prints per number of players "bench: balance-Np-mean-round V rounds",
 * "...-median-round", "...-p90-round", "...-unfinished" (games still
 * running after round 60) and the share of wins by points, emperor and
 * quests.  Set VILLAGES=FILE to try other village cards.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chance.h"
#include "games/trigon/engine.h"

#define GAMES 100
#define MAX_ROUND 60

static struct tg_data D;
static struct tg_action legal[TG_LEGAL_MAX];
static int dist_free[TG_MAX_SPOTS];

/* Paths (river crossings count 2) from each spot to the nearest free one. */
static void
free_distances(const struct tg_state *st)
{
	int queue[TG_MAX_SPOTS * TG_MAX_ADJ], head = 0, tail = 0;

	for (int i = 0; i < D.nspots; i++) {
		dist_free[i] = 99;
		if (tg_owner(st, i) < 0 && tg_fig_color(st, i) < 0) {
			dist_free[i] = 0;
			queue[tail++] = i;
		}
	}
	while (head < tail) {
		int u = queue[head++];

		for (int k = 0; k < D.spots[u].nadj; k++) {
			int v = D.spots[u].adj[k];
			int w = dist_free[u] +
			    (D.paths[D.spots[u].adjpath[k]].river ? 2 : 1);

			if (w < dist_free[v] && tail < (int)(sizeof queue / sizeof queue[0])) {
				dist_free[v] = w;
				queue[tail++] = v;
			}
		}
	}
}

static double
score(const struct tg_state *st, int c)
{
	const struct tg_player *p = &st->p[c];
	int copper = 0, silver = 0, gold = 0, births = 0;
	double v = p->points * 100.0;

	if (st->phase == TG_PH_OVER)
		return st->winner == c ? 1e9 : -1e9;
	for (int i = 0; i < D.nspots; i++) {
		if (tg_owner(st, i) == c) {
			const struct tg_village_card *vc = &D.villages[tg_vcard(st, i)];
			const struct tg_yield *y = tg_is_city(st, i) ? &vc->city :
			    &vc->village;

			copper += y->copper;
			silver += y->silver;
			gold += y->gold;
			births += y->births;
		}
		if (tg_fig_color(st, i) == c) {
			int d = dist_free[i] > 8 ? 8 : dist_free[i];

			v += tg_scouts(st, i) * (40.0 - 4.0 * d);
			v += tg_boats(st, i) * 2.0;
		}
	}
	v += (copper + 3 * silver + 9 * gold) * 4.0 + births * 6.0;
	v += p->coin[0] + p->coin[1] * 3.0 + p->coin[2] * 9.0;
	v += p->inhab * 4.0 + (p->units - p->inhab) * 1.5;
	return v;
}

/* Play one game to its end (or MAX_ROUND); 0 or -1 on an engine error. */
static int
play(struct tg_state *st, int nseats, int g)
{
	static struct chance_seed open_mode;	/* one game at a time */
	unsigned char seed[RULES_SEED_BYTES];
	struct rules_error err;
	struct tg_setup s;

	tg_setup_default(&s);
	memset(seed, 0, sizeof seed);
	seed[0] = (unsigned char)g;
	seed[1] = (unsigned char)nseats;
	chance_seed_init(&open_mode, seed);
	s.chance = &open_mode.chance;
	s.salt = chance_seed_salt(seed);
	s.nseats = nseats;
	for (int i = 0; i < nseats; i++)
		s.color[i] = (uint8_t)i;
	if (tg_init(st, &D, &s, NULL, &err) != 0) {
		fprintf(stderr, "bench-trigon-balance: %s\n", err.msg);
		return -1;
	}
	while (st->phase != TG_PH_OVER && st->round <= MAX_ROUND) {
		int seat = tg_to_act(st), c, n, best = -1, end = -1;
		double bv = -1e18, cur;

		if (seat < 0)
			break;
		c = st->seat_color[seat];
		n = tg_legal(&D, st, seat, legal, TG_LEGAL_MAX);
		free_distances(st);
		for (int k = 0; k < n; k++) {
			struct tg_state t = *st;
			double v;

			if (legal[k].kind == TG_A_RESIGN)
				continue;
			if (legal[k].kind == TG_A_END) {
				end = k;
				continue;
			}
			if (tg_apply(&D, &t, seat, &legal[k], NULL, &err) != 0)
				continue;
			v = score(&t, c);
			if (v > bv) {
				bv = v;
				best = k;
			}
		}
		cur = score(st, c);
		if (end >= 0 && (best < 0 || bv <= cur + 0.01))
			best = end;
		if (best < 0)
			break;
		if (tg_apply(&D, st, seat, &legal[best], NULL, &err) != 0) {
			fprintf(stderr, "bench-trigon-balance: %s\n", err.msg);
			return -1;
		}
	}
	return 0;
}

static int
cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int
main(int argc, char **argv)
{
	static char vbuf[1 << 16];
	const char *vfile = getenv("VILLAGES"), *vtext = NULL;
	struct rules_error err;
	size_t vlen = 0;

	(void)argc;
	(void)argv;
	if (vfile != NULL) {
		FILE *f = fopen(vfile, "rb");

		if (f == NULL) {
			fprintf(stderr, "bench-trigon-balance: cannot open %s\n", vfile);
			return 1;
		}
		vlen = fread(vbuf, 1, sizeof vbuf, f);
		fclose(f);
		vtext = vbuf;
	}
	if (tg_data_load(&D, NULL, 0, vtext, vlen, NULL, 0, &err) != 0) {
		fprintf(stderr, "bench-trigon-balance: %s:%d: %s\n", err.data, err.line,
		    err.msg);
		return 1;
	}
	for (int nseats = 2; nseats <= 4; nseats++) {
		int rounds[GAMES], n = 0, unfinished = 0, how[8] = { 0 };
		long sum = 0;

		for (int g = 0; g < GAMES; g++) {
			struct tg_state st;

			if (play(&st, nseats, g) != 0)
				return 1;
			if (st.phase != TG_PH_OVER) {
				unfinished++;
				continue;
			}
			rounds[n++] = st.round;
			sum += st.round;
			how[st.how & 7]++;
		}
		qsort(rounds, (size_t)n, sizeof rounds[0], cmp_int);
		printf("bench: balance-%dp-mean-round %.1f rounds\n", nseats,
		    n ? (double)sum / n : 0.0);
		printf("bench: balance-%dp-median-round %d rounds\n", nseats,
		    n ? rounds[n / 2] : 0);
		printf("bench: balance-%dp-p90-round %d rounds\n", nseats,
		    n ? rounds[(n * 9) / 10 < n ? (n * 9) / 10 : n - 1] : 0);
		printf("bench: balance-%dp-unfinished %d games\n", nseats,
		    unfinished);
		printf("bench: balance-%dp-won-by-points %d %%\n", nseats,
		    how[TG_HOW_POINTS] * 100 / GAMES);
		printf("bench: balance-%dp-won-by-emperor %d %%\n", nseats,
		    how[TG_HOW_EMPEROR] * 100 / GAMES);
		printf("bench: balance-%dp-won-by-quests %d %%\n", nseats,
		    how[TG_HOW_QUESTS] * 100 / GAMES);
	}
	return 0;
}
