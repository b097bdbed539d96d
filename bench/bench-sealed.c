/*
 * bench/bench-sealed.c -- the cost of a sealed deal of Trigon's size
 * (lib/sealed.h, doc/sealed-hands.md section 8): four seats, a deck of
 * 82 cards; each seat shuffles in turn, and a reader checks every
 * shuffle; then 5 cards are dealt to each seat and the other three
 * share each (60 shares), every reader checking every share; then each
 * seat opens one card.  CPU time of the process, one run; prints
 * "bench: NAME VALUE UNIT" lines, with the bytes the lines take.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "clock.h"
#include "sealed.h"

/* Linked with the core alone: the program names its (empty) table. */
const struct rules *const rules_table[] = { NULL };

#define SEATS 4
#define CARDS 82
#define HAND 5

static const char *const names[SEATS] = { "green", "purple", "blue",
    "orange" };
static struct sealed_game g[SEATS];
static struct sealed_deck d[SEATS];
static struct mp_deck out;
static struct mp_shuffle_proof pf;

static int
init(void)
{
	unsigned char id[16], sec[SEATS][32], ys[SEATS][32];
	struct mp_key k;
	struct err e;

	memset(id, 0xa5, sizeof id);
	for (int s = 0; s < SEATS; s++) {
		memset(sec[s], 0x31 + s, 32);
		if (mp_key_derive(&k, sec[s], &e) != 0)
			return -1;
		memcpy(ys[s], k.y, 32);
	}
	for (int s = 0; s < SEATS; s++)
		if (sealed_game_init(&g[s], id, SEATS, names,
		    (const unsigned char (*)[32])ys, s, sec[s], &e) != 0 ||
		    sealed_deck_init(&d[s], &g[s], "play", 0, CARDS, &e) != 0)
			return -1;
	return 0;
}

int
main(void)
{
	unsigned char b[32] = { 0 };
	double t0, tmake = 0, tcheck = 0, tinit;
	size_t bytes = 0;
	char body[400];
	struct mp_share sh;
	unsigned card;
	struct err e;

	if (sodium_init() < 0)
		return 2;
	t0 = bench_now();
	if (init() != 0)
		return 1;
	tinit = (bench_now() - t0) / SEATS;
	for (unsigned r = 0; r < SEATS; r++) {
		int s = sealed_shuffler(&g[0], r);

		b[0] = (unsigned char)r;
		t0 = bench_now();
		if (sealed_shuffle_make(&out, &pf, &g[s], &d[s], b, &e) != 0)
			return 1;
		tmake += bench_now() - t0;
		for (int v = 0; v < SEATS; v++) {
			t0 = bench_now();
			if (sealed_shuffle_accept(&d[v], &g[v], s, b, &out, &pf,
			    &e) != 0)
				return 1;
			if (v == 0)
				tcheck += bench_now() - t0;
		}
		/* "@ SEAT BODY | BLOCK SIG" and "| TEXT" lines */
		sealed_format_shuffle(body, sizeof body, "play", 0,
		    sealed_blob_lines(CARDS, 1));
		bytes += 2 + strlen(names[s]) + 1 + strlen(body) + 3 + 16 + 1 +
		    86 + 1 + 3 * (size_t)sealed_blob_lines(CARDS, 1) +
		    (sealed_blob_bytes(CARDS, 1) * 4 + 2) / 3;
	}
	printf("bench: sealed-shuffle-make-82 %.1f ms\n", tmake / SEATS * 1e3);
	printf("bench: sealed-shuffles-check-82x4 %.1f ms\n", tcheck * 1e3);
	printf("bench: sealed-deck-init-82 %.1f ms\n", tinit * 1e3);
	tmake = tcheck = 0;
	for (unsigned p = 0; p < SEATS * HAND; p++)
		for (int v = 0; v < SEATS; v++)
			if (sealed_deal(&d[v], &g[v], p, (int)(p / HAND), &e) !=
			    0)
				return 1;
	for (unsigned p = 0; p < SEATS * HAND; p++)
		for (int s = 0; s < SEATS; s++) {
			if (s == (int)(p / HAND))
				continue;
			t0 = bench_now();
			if (sealed_share_make(&sh, &g[s], &d[s], p, b, &e) != 0)
				return 1;
			tmake += bench_now() - t0;
			sealed_format_share(body, sizeof body, "play", 0, p,
			    names[p / HAND], &sh);
			bytes += 2 + strlen(names[s]) + 1 + strlen(body) + 3 +
			    16 + 1 + 86 + 1;
			for (int v = 0; v < SEATS; v++) {
				t0 = bench_now();
				if (sealed_share_accept(&d[v], &g[v], s, p,
				    (int)(p / HAND), b, &sh, &e) != 0)
					return 1;
				if (v == 0)
					tcheck += bench_now() - t0;
			}
		}
	printf("bench: sealed-deal-5x4-shares-make %.1f ms\n", tmake * 1e3);
	printf("bench: sealed-deal-5x4-check %.1f ms\n", tcheck * 1e3);
	for (int s = 0; s < SEATS; s++)
		if (d[s].pos[s * HAND].card < 0)
			return 1;
	tcheck = 0;
	for (int s = 0; s < SEATS; s++) {
		if (sealed_open_make(&sh, &g[s], &d[s], (unsigned)s * HAND, b,
		    &e) != 0)
			return 1;
		for (int v = 0; v < SEATS; v++) {
			t0 = bench_now();
			if (sealed_open_accept(&d[v], &g[v], s, (unsigned)s *
			    HAND, b, &sh, &card, &e) != 0)
				return 1;
			if (v == 0)
				tcheck += bench_now() - t0;
		}
	}
	printf("bench: sealed-open-check %.2f ms\n", tcheck / SEATS * 1e3);
	printf("bench: sealed-deal-82x4-file %zu bytes\n", bytes);
	return 0;
}
