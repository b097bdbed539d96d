/*
 * fuzz-sealed.c -- libFuzzer target for the parsers of sealed hands'
 * lines (lib/sealedline.c, trigon-save(5) "Sealed hands"): the
 * arguments of the shuffle, share and open answer lines, and a
 * shuffle's blob in continuation lines, and whole lines (the awaits
 * and answers) given to a reader's table (lib/sealedfile.c) of three
 * seats with deck "play 0" declared and dealt.  The first byte picks the
 * parser, the second the deck's size for a blob (2 to 9 cards); the
 * rest is the input (a blob's lines split at newlines).  Any input
 * must give a clean accept or a clean refusal with a message; an
 * accepted line must be written back to exactly the bytes read (the
 * forms are canonical), and an accepted share is checked against a
 * fixed key: always refused.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "sealed.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define LINES_MAX 64

static int
clean(int rc, const struct err *e)
{
	return rc == 0 || ((rc == ERR_DAMAGED || rc == ERR_REFUSED ||
	    rc == ERR_USAGE) && e->msg[0] != '\0');
}

static void
args(int kind, const char *p, size_t len)
{
	struct sealed_args a;
	struct mp_ctx ctx = { (const unsigned char *)"fuzz", 4 };
	unsigned char y[MP_BYTES];
	char out[400];
	struct err e;
	int rc;

	err_clear(&e);
	if (kind == 0)
		rc = sealed_parse_shuffle(&a, p, len, &e);
	else if (kind == 1)
		rc = sealed_parse_share(&a, p, len, &e);
	else
		rc = sealed_parse_open(&a, p, len, &e);
	if (!clean(rc, &e))
		__builtin_trap();
	if (rc != 0)
		return;
	if (kind == 0) {
		/* the writer adds " +K"; compare what comes before */
		if (sealed_format_shuffle(out, sizeof out, a.deck, a.gen, 1) !=
		    0 || strlen(out) - 11 != len || memcmp(out + 8, p, len) != 0)
			__builtin_trap();
		return;
	}
	if (kind == 1 ? sealed_format_share(out, sizeof out, a.deck, a.gen,
	    a.pos, a.to, &a.share) : sealed_format_open(out, sizeof out,
	    a.deck, a.gen, a.pos, &a.share))
		__builtin_trap();
	if (strlen(out) != len + (kind == 1 ? 6 : 5) ||
	    memcmp(out + (kind == 1 ? 6 : 5), p, len) != 0)
		__builtin_trap();
	/* a fixed key, 9.G */
	crypto_scalarmult_ristretto255_base(y, (const unsigned char [32])
	    { 9 });
	if (mp_share_verify(&a.share, y, a.share.d, &ctx, &e) == 0)
		__builtin_trap();
}

static void
blob(unsigned n, const char *p, size_t len)
{
	static struct mp_deck d;
	static struct mp_shuffle_proof pf;
	char line[SEALED_BLOB_LINE + 3];
	const char *lp[LINES_MAX];
	size_t ll[LINES_MAX];
	unsigned char h[SEALED_HASH_BYTES];
	unsigned nl = 0;
	const char *q = p, *end = p + len;
	struct err e;
	int rc;

	while (q <= end && nl < LINES_MAX) {
		const char *nlp = memchr(q, '\n', (size_t)(end - q));

		lp[nl] = q;
		ll[nl] = (size_t)((nlp ? nlp : end) - q);
		nl++;
		if (nlp == NULL)
			break;
		q = nlp + 1;
	}
	err_clear(&e);
	rc = sealed_blob_parse(&d, &pf, n, 1, lp, ll, nl, h, &e);
	if (!clean(rc, &e))
		__builtin_trap();
	if (rc != 0)
		return;
	for (unsigned k = 0; k < nl; k++)
		if (sealed_blob_line(line, sizeof line, &d, &pf, k) != 0 ||
		    strlen(line) != ll[k] || memcmp(line, lp[k], ll[k]) != 0)
			__builtin_trap();
}

/* a reader of 3 seats (green's), "play 0" of 10 cards, every seat
 * shuffled, positions 0 and 1 dealt to green */
static int
base_table(struct sealed_table *t)
{
	static const char *const names[3] = { "green", "purple", "blue" };
	static struct mp_deck out;
	static struct mp_shuffle_proof pf;
	static const char decl[] = "#? sealed play 0 n=10: blue purple green";
	static const char deal[] = "#? deal play 0 green 0,1: purple blue";
	unsigned char id[16] = { 1 }, sec[3][32], ys[3][32], b[32] = { 0 };
	struct sealed_game sg[3];
	struct sealed_deck *d;
	struct mp_key k;
	struct err e;

	for (int s = 0; s < 3; s++) {
		memset(sec[s], 0x21 + s, 32);
		if (mp_key_derive(&k, sec[s], &e) != 0)
			return -1;
		memcpy(ys[s], k.y, 32);
	}
	sealed_table_init(t);
	if (sealed_game_init(&t->g, id, 3, names, (const unsigned char (*)
	    [32])ys, 0, sec[0], &e) != 0 || sealed_table_line(t, decl,
	    sizeof decl - 1, b, NULL, NULL, 0, &e) != 0)
		return -1;
	d = t->deck[0];
	for (int s = 0; s < 3; s++)
		if (sealed_game_init(&sg[s], id, 3, names, (const unsigned char
		    (*)[32])ys, s, sec[s], &e) != 0)
			return -1;
	for (unsigned r = 0; r < 3; r++) {
		int s = sealed_shuffler(&t->g, r);

		if (sealed_shuffle_make(&out, &pf, &sg[s], d, b, &e) != 0 ||
		    sealed_shuffle_accept(d, &t->g, s, b, &out, &pf, &e) != 0)
			return -1;
	}
	return sealed_table_line(t, deal, sizeof deal - 1, b, NULL, NULL, 0,
	    &e);
}

static void
table_line(const char *p, size_t len)
{
	static struct sealed_table base;
	static int ready;
	struct sealed_table t;
	unsigned char b[32] = { 0 };
	struct err e;
	int rc;

	if (!ready) {
		if (base_table(&base) != 0)
			__builtin_trap();
		ready = 1;
	}
	t = base;
	if ((t.deck[0] = malloc(sizeof *t.deck[0])) == NULL)
		return;
	*t.deck[0] = *base.deck[0];
	err_clear(&e);
	rc = sealed_table_line(&t, p, len, b, NULL, NULL, 0, &e);
	if (!clean(rc, &e))
		__builtin_trap();
	sealed_table_release(&t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2 || sodium_init() < 0)
		return 0;
	if (data[0] % 5 < 3)
		args(data[0] % 5, (const char *)data + 2, size - 2);
	else if (data[0] % 5 == 3)
		blob(data[1] % 8 + 2, (const char *)data + 2, size - 2);
	else
		table_line((const char *)data + 2, size - 2);
	return 0;
}
