/*
 * t/unit/fair-stat.c -- are fair chance's dice fair?  (doc/fair-chance.md),
 * linked with the core alone.
 *
 * 60,000 dice drawn through 10,000 real events: two seats' chains from
 * fair_seat_new (fixed seeds), each value checked by a verifier's
 * fair_chain_accept as verify checks a release, the event opened by a
 * request to the fair-mode source (lib/chance.h: RULES_PENDING), keyed
 * with fair_event_key from the two releases as save.c keys it, the same
 * request made again (the redo) and six dice drawn from the stream with
 * chance_die, as a Trigon battle draws them.  The trigger alternates
 * between the seats.
 *
 * Statistics and thresholds (chi-square critical values at p = 0.001,
 * stated here and printed; the seeds are fixed, so each result is
 * reproducible, and a fair source fails a threshold once in a thousand
 * seed choices):
 *   faces          6 cells, 5 degrees of freedom:        < 20.515
 *   sums of two    30,000 pairs, 11 cells, 10 df:        < 29.588
 *   serial         lag-1 correlation of the 60,000 dice: |r| < 4/sqrt(n)
 *   independence   first die of each event against the trigger's own
 *                  chain value (its first byte mod 6): 6 x 6, 25 df: < 52.620
 * Each statistic is then shown to bite on a faulty source made for it:
 * every event answered with one stream (faces), the second die of a
 * pair equal to the first (sums, serial), the die read from the
 * trigger's value (independence).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "../tap.h"
#include "chance.h"
#include "fair.h"

#define EVENTS 10000
#define DICE_PER_EVENT 6
#define NDICE (EVENTS * DICE_PER_EVENT)
#define CHAIN_N 16384u

#define CRIT_FACES 20.515	/* chi2, 5 df, p = 0.001 */
#define CRIT_SUMS 29.588	/* 10 df */
#define CRIT_INDEP 52.620	/* 25 df */

static unsigned char dice[NDICE];
static unsigned char trig[EVENTS];	/* the trigger's value, byte 0 mod 6 */
static unsigned char chain[2][CHAIN_N + 1][32];

static double
chi_faces(const unsigned char *d, size_t n)
{
	double cnt[7] = { 0 }, x = 0, want = (double)n / 6;

	for (size_t i = 0; i < n; i++)
		cnt[d[i]]++;
	for (int f = 1; f <= 6; f++)
		x += (cnt[f] - want) * (cnt[f] - want) / want;
	return x;
}

static double
chi_sums(const unsigned char *d, size_t n)
{
	double cnt[13] = { 0 }, x = 0, pairs = (double)(n / 2);

	for (size_t i = 0; i + 1 < n; i += 2)
		cnt[d[i] + d[i + 1]]++;
	for (int s = 2; s <= 12; s++) {
		double want = pairs * (6 - fabs(7.0 - s)) / 36;

		x += (cnt[s] - want) * (cnt[s] - want) / want;
	}
	return x;
}

static double
serial(const unsigned char *d, size_t n)
{
	double mean = 0, num = 0, den = 0;

	for (size_t i = 0; i < n; i++)
		mean += d[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++) {
		den += (d[i] - mean) * (d[i] - mean);
		if (i + 1 < n)
			num += (d[i] - mean) * (d[i + 1] - mean);
	}
	return num / den;
}

/* first die of each event against the trigger's value mod 6 */
static double
chi_indep(const unsigned char *d, const unsigned char *t, size_t events)
{
	double cnt[6][6] = { { 0 } }, row[6] = { 0 }, col[6] = { 0 }, x = 0;

	for (size_t i = 0; i < events; i++) {
		cnt[t[i]][d[i * DICE_PER_EVENT] - 1]++;
		row[t[i]]++;
		col[d[i * DICE_PER_EVENT] - 1]++;
	}
	for (int a = 0; a < 6; a++)
		for (int b = 0; b < 6; b++) {
			double want = row[a] * col[b] / (double)events;

			if (want > 0)
				x += (cnt[a][b] - want) * (cnt[a][b] - want) / want;
		}
	return x;
}

int
main(void)
{
	static const char *seat[2] = { "green", "purple" };
	unsigned char seed[2][32], id[16];
	struct fair_seat *fs[2];
	struct fair_chain ver[2];
	struct chance_fair cf;
	struct err e;
	uint32_t events = 0;
	int bad_chain = 0, bad_event = 0;
	double x, r;

	plan(11);
	if (sodium_init() < 0)
		bail("sodium_init");
	memset(seed[0], 0x11, 32);
	memset(seed[1], 0x22, 32);
	memset(id, 0x5a, 16);
	for (int s = 0; s < 2; s++) {
		if (fair_seat_new(&fs[s], seed[s], id, seat[s], CHAIN_N, &e) != 0)
			bail("fair_seat_new: %s", e.msg);
		/* the whole chain, walked down once from its top */
		memcpy(chain[s][CHAIN_N], fs[s]->top, 32);
		for (uint32_t k = CHAIN_N; k > 0; k--)
			fair_chain_link(chain[s][k - 1], id, seat[s],
			    strlen(seat[s]), k, chain[s][k]);
		fair_chain_init(&ver[s], fs[s]->anchor, CHAIN_N);
	}
	ok(memcmp(chain[0][0], fs[0]->anchor, 32) == 0 &&
	    memcmp(chain[1][0], fs[1]->anchor, 32) == 0,
	    "the chains walked down from their tops end at the join's anchors");
	chance_fair_init(&cf, 3);
	for (uint32_t ev = 0; ev < EVENTS; ev++) {
		struct rules_chance_req req = { "battle at trollmark", 3, 0 };
		struct rules_error re;
		struct chance_stream st;
		struct chance_fair_event *E;
		struct fair_contrib c[2];
		uint32_t before = events;
		int trigger = (int)(ev & 1);

		memset(&re, 0, sizeof re);
		if (chance_event(&cf.chance, &events, &req, &st, &re) !=
		    RULES_PENDING || events != before || cf.nev != ev + 1) {
			bad_event++;
			break;
		}
		E = &cf.ev[ev];
		/* the releases, each checked as verify checks it */
		for (int s = 0; s < 2; s++) {
			uint32_t k = ev + 1;

			if (fair_chain_accept(&ver[s], id, seat[s], ev + 1,
			    chain[s][k], &e) != 0)
				bad_chain++;
			c[s].seat = s;
			c[s].name = seat[s];
			c[s].k = k;
			memcpy(c[s].value, chain[s][k], 32);
			E->k[s] = k;
			memcpy(E->value[s], chain[s][k], 32);
			E->released |= 1u << s;
		}
		trig[ev] = (unsigned char)(chain[trigger][ev + 1][0] % 6);
		if (fair_event_key(E->key, id, ev + 1, req.label,
		    strlen(req.label), c, 2, &e) != 0) {
			bad_event++;
			break;
		}
		E->keyed = 1;
		/* the redo: the same request now draws */
		if (chance_event(&cf.chance, &events, &req, &st, &re) != 0 ||
		    events != before + 1) {
			bad_event++;
			break;
		}
		for (int d = 0; d < DICE_PER_EVENT; d++)
			dice[ev * DICE_PER_EVENT + d] = (unsigned char)chance_die(&st);
	}
	is_int(0, bad_chain, "every release accepted by the verifier's chain");
	is_int(0, bad_event, "10,000 events opened (pending), keyed from both "
	    "releases and redone");

	x = chi_faces(dice, NDICE);
	diag("faces: chi2 = %.3f (5 df, threshold %.3f)", x, CRIT_FACES);
	ok(x < CRIT_FACES, "faces of 60,000 dice: chi2 %.3f < %.3f", x,
	    CRIT_FACES);
	x = chi_sums(dice, NDICE);
	diag("sums of two: chi2 = %.3f (10 df, threshold %.3f)", x, CRIT_SUMS);
	ok(x < CRIT_SUMS, "sums of 30,000 pairs: chi2 %.3f < %.3f", x,
	    CRIT_SUMS);
	r = serial(dice, NDICE);
	diag("serial correlation (lag 1): r = %.5f (threshold %.5f)", r,
	    4 / sqrt((double)NDICE));
	ok(fabs(r) < 4 / sqrt((double)NDICE), "lag-1 serial correlation "
	    "|%.5f| < 4/sqrt(60000)", r);
	x = chi_indep(dice, trig, EVENTS);
	diag("independence from the trigger's value: chi2 = %.3f (25 df, "
	    "threshold %.3f)", x, CRIT_INDEP);
	ok(x < CRIT_INDEP, "first die independent of the trigger's own value: "
	    "chi2 %.3f < %.3f", x, CRIT_INDEP);

	/* the controls: each statistic bites on the fault made for it */
	{
		static unsigned char bad[NDICE];
		struct chance_stream st;

		fair_event_stream(&st, cf.ev[0].key);
		for (size_t i = 0; i < NDICE; i++) {
			if (i % DICE_PER_EVENT == 0)
				fair_event_stream(&st, cf.ev[0].key);
			bad[i] = (unsigned char)chance_die(&st);
		}
		ok(chi_faces(bad, NDICE) > CRIT_FACES,
		    "control: one stream for every event fails the faces (%.1f)",
		    chi_faces(bad, NDICE));
		for (size_t i = 0; i < NDICE; i++)
			bad[i] = dice[i - i % 2];
		ok(chi_sums(bad, NDICE) > CRIT_SUMS,
		    "control: pairs of equal dice fail the sums (%.1f)",
		    chi_sums(bad, NDICE));
		ok(fabs(serial(bad, NDICE)) > 4 / sqrt((double)NDICE),
		    "control: pairs of equal dice fail the serial test (%.3f)",
		    serial(bad, NDICE));
		for (size_t i = 0; i < EVENTS; i++)
			bad[i * DICE_PER_EVENT] = (unsigned char)(trig[i] + 1);
		ok(chi_indep(bad, trig, EVENTS) > CRIT_INDEP,
		    "control: a die read from the trigger's value fails "
		    "independence (%.1f)", chi_indep(bad, trig, EVENTS));
	}
	chance_fair_release(&cf);
	fair_seat_free(fs[0]);
	fair_seat_free(fs[1]);
	return 0;
}
