/*
 * bench/bench-mp.c -- the cost of sealed decks (lib/mp.h,
 * doc/sealed-hands.md): a shuffle with its proof and the check of that
 * proof for decks of 25 (Catan's development cards), 54 and 82 cards
 * (Trigon's play deck, also with its tags: width 2), and a decryption
 * share with its proof and its check.  Each figure is the best of 3
 * runs in CPU time of the process (the machine may be shared);
 * mp-scalarmult, one crypto_scalarmult_ristretto255, is the unit to
 * compare machines.  Prints "bench: NAME VALUE UNIT" lines.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "clock.h"
#include "mp.h"

/* Linked with the core alone: the program names its (empty) table. */
const struct rules *const rules_table[] = { NULL };

static struct mp_deck in, out;
static struct mp_shuffle_proof pf;

static int
deck(unsigned n, unsigned w, const unsigned char y[32], const struct mp_ctx *c)
{
	unsigned char tags[MP_N_MAX][32];
	struct mp_cards cs;
	struct err e;
	unsigned k;

	if (mp_cards_init(&cs, c, n, &e) != 0)
		return -1;
	for (k = 0; k < n; k++)
		mp_tag_point(tags[k], c, k % 2);
	return mp_deck_initial(&in, &cs, w == 2 ? (const unsigned char (*)[32])
	    tags : NULL, y, c, &e);
}

static int
shuffle(unsigned n, unsigned w, const struct mp_key *k,
    const unsigned char s[32])
{
	struct mp_ctx c = { (const unsigned char *)"bench deck", 10 };
	double t0, tp = 1e9, tv = 1e9;
	struct err e;
	int i;

	if (deck(n, w, k->y, &c) != 0)
		return -1;
	for (i = 0; i < 3; i++) {
		t0 = bench_now();
		if (mp_shuffle(&out, &pf, NULL, &in, k->y, s, &c, &e) != 0)
			return -1;
		if (bench_now() - t0 < tp)
			tp = bench_now() - t0;
		t0 = bench_now();
		if (mp_shuffle_verify(&pf, &out, &in, k->y, &c, &e) != 0)
			return -1;
		if (bench_now() - t0 < tv)
			tv = bench_now() - t0;
	}
	printf("bench: mp-shuffle-prove-%u%s %.1f ms\n", n, w == 2 ? "x2" : "",
	    tp * 1e3);
	printf("bench: mp-shuffle-verify-%u%s %.1f ms\n", n, w == 2 ? "x2" : "",
	    tv * 1e3);
	printf("bench: mp-shuffle-size-%u%s %zu bytes\n", n, w == 2 ? "x2" : "",
	    mp_deck_bytes(n, w) + mp_shuffle_proof_bytes(n, w));
	return 0;
}

static int
share(const struct mp_key *k)
{
	struct mp_ctx c = { (const unsigned char *)"bench block", 11 };
	double t0, tm = 1e9, tv = 1e9;
	struct mp_share sh;
	struct err e;
	int i;

	for (i = 0; i < 100; i++) {
		t0 = bench_now();
		if (mp_share_make(&sh, k, in.ct[i % in.n][0].a, &c, &e) != 0)
			return -1;
		if (bench_now() - t0 < tm)
			tm = bench_now() - t0;
		t0 = bench_now();
		if (mp_share_verify(&sh, k->y, in.ct[i % in.n][0].a, &c, &e))
			return -1;
		if (bench_now() - t0 < tv)
			tv = bench_now() - t0;
	}
	printf("bench: mp-share-make %.0f us\n", tm * 1e6);
	/* the unit of everything above, to compare machines and load */
	for (i = 0, tm = 1e9; i < 100; i++) {
		unsigned char p[32];

		t0 = bench_now();
		if (crypto_scalarmult_ristretto255(p, k->x, k->y) != 0)
			return -1;
		if (bench_now() - t0 < tm)
			tm = bench_now() - t0;
	}
	printf("bench: mp-scalarmult %.1f us\n", tm * 1e6);
	printf("bench: mp-share-verify %.0f us\n", tv * 1e6);
	return 0;
}

int
main(void)
{
	static const unsigned sizes[] = { 25, 54, 82 };
	unsigned char s[32];
	struct mp_key k;
	struct err e;
	size_t i;

	if (sodium_init() < 0)
		return 2;
	memset(s, 0x5a, sizeof s);
	if (mp_key_derive(&k, s, &e) != 0)
		return 2;
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		if (shuffle(sizes[i], 1, &k, s) != 0)
			return 1;
	if (shuffle(82, 2, &k, s) != 0 || share(&k) != 0)
		return 1;
	return 0;
}
