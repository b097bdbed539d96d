/*
 * fuzz-mp.c -- libFuzzer target for the parsers of the mental poker
 * objects (lib/mptext.c): seat keys, shares, decks and shuffle proofs,
 * as hex text and as bytes.  The first byte picks the parser, the next
 * two the deck's size (1 to 8 cards of 1 or 2 ciphertexts); the rest is
 * the input.  Any input must give a clean accept or a clean refusal with
 * a message; an accepted object must serialize back to exactly the
 * bytes read (the forms are canonical), and an accepted share or proof
 * is checked in full against fixed values: always refused.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "mp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
clean(int rc, const struct err *e)
{
	return rc == 0 || ((rc == ERR_DAMAGED || rc == ERR_REFUSED ||
	    rc == ERR_USAGE) && e->msg[0] != '\0');
}

/* the bytes a text form stands for, when it is well-formed hex */
static int
same(const unsigned char *put, size_t n, const uint8_t *in, size_t len,
    int text)
{
	unsigned char *b;
	int r;

	if (!text)
		return len == n && memcmp(put, in, n) == 0;
	if ((b = malloc(n)) == NULL)
		return 1;
	r = mp_unhex(b, n, (const char *)in, len, NULL) == 0 &&
	    memcmp(b, put, n) == 0;
	free(b);
	return r;
}

static struct mp_key key;

/* n cards of w ciphertexts under a fixed key */
static int
real_deck(struct mp_deck *d, unsigned n, unsigned w, const struct mp_ctx *ctx)
{
	unsigned char s[MP_BYTES], tags[MP_N_MAX][MP_BYTES];
	struct mp_cards cs;
	struct err e;

	memset(s, 0x42, sizeof s);
	if (mp_key_derive(&key, s, &e) != 0 || mp_cards_init(&cs, ctx, n, &e)
	    != 0)
		return -1;
	memcpy(tags, cs.m, sizeof tags);
	return mp_deck_initial(d, &cs, w == 2 ? (const unsigned char (*)
	    [MP_BYTES])tags : NULL, key.y, ctx, &e);
}

static void
one(int kind, unsigned n, unsigned w, const uint8_t *p, size_t len)
{
	static struct mp_deck d;
	static struct mp_shuffle_proof pf;
	static unsigned char out[(4 * MP_N_MAX + 4 + MP_W_MAX) * MP_BYTES];
	struct mp_ctx ctx = { (const unsigned char *)"fuzz", 4 };
	unsigned char y[MP_BYTES];
	struct mp_share sh;
	struct mp_proof pok;
	struct err e;
	int rc, text = kind < 4;

	err_clear(&e);
	switch (kind % 4) {
	case 0:
		rc = text ? mp_share_parse(&sh, (const char *)p, len, &e) :
		    mp_share_get(&sh, p, len, &e);
		if (rc == 0) {
			mp_share_put(out, &sh);
			if (!same(out, MP_SHARE_BYTES, p, len, text))
				__builtin_trap();
			crypto_core_ristretto255_from_hash(y, out);
			if (mp_share_verify(&sh, y, sh.d, &ctx, &e) == 0)
				__builtin_trap();
		}
		break;
	case 1:
		rc = text ? mp_pubkey_parse(y, &pok, (const char *)p, len, &e) :
		    mp_pubkey_get(y, &pok, p, len, &e);
		if (rc == 0) {
			mp_pubkey_put(out, y, &pok);
			if (!same(out, MP_PUBKEY_BYTES, p, len, text))
				__builtin_trap();
			(void)mp_pok_verify(&pok, y, &ctx, &e);
		}
		break;
	case 2:
		rc = text ? mp_deck_parse(&d, n, w, (const char *)p, len, &e) :
		    mp_deck_get(&d, n, w, p, len, &e);
		if (rc == 0) {
			mp_deck_put(out, &d);
			if (!same(out, mp_deck_bytes(n, w), p, len, text))
				__builtin_trap();
		}
		break;
	default:
		rc = text ? mp_shuffle_proof_parse(&pf, n, w, (const char *)p,
		    len, &e) : mp_shuffle_proof_get(&pf, n, w, p, len, &e);
		if (rc == 0) {
			mp_shuffle_proof_put(out, &pf);
			if (!same(out, mp_shuffle_proof_bytes(n, w), p, len,
			    text))
				__builtin_trap();
			/* checked in full against a real deck and itself:
			 * a proof of that needs its witness, which no
			 * fuzzer finds */
			if (n >= 2 && real_deck(&d, n, w, &ctx) == 0 &&
			    mp_shuffle_verify(&pf, &d, &d, key.y, &ctx, &e)
			    == 0)
				__builtin_trap();
		}
		break;
	}
	if (!clean(rc, &e))
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3 || sodium_init() < 0)
		return 0;
	one(data[0] % 8, data[1] % 8 + 1, data[2] % 2 + 1, data + 3, size - 3);
	return 0;
}
