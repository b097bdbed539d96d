/*
 * mpcore.c -- the ground of the mental poker primitives (mp.h): checks of
 * points and scalars, the Fiat-Shamir transcript, point arithmetic with
 * the identity, seat keys and their proof of knowledge, card points,
 * ElGamal.  The shuffle is in mpshuffle.c, shares in mpshare.c, the
 * encodings in mptext.c.  Design: doc/sealed-hands.md.
 */
#include <string.h>

#include <sodium.h>

#include "mpint.h"

/* ---- checks ------------------------------------------------------------ */

/*
 * libsodium 1.0.18 exports no canonical-scalar check: widen the 32 bytes
 * to 64, reduce modulo L, and compare.  The top bits set, or any value
 * from L to 2^256 - 1, reduce to something else.
 */
int
mp_scalar_canonical(const unsigned char s[MP_BYTES])
{
	unsigned char wide[64] = { 0 }, r[MP_BYTES];

	memcpy(wide, s, MP_BYTES);
	crypto_core_ristretto255_scalar_reduce(r, wide);
	return sodium_memcmp(r, s, MP_BYTES) == 0;
}

int
mp_point_check(const unsigned char p[MP_BYTES], const char *what,
    struct err *e)
{
	if (sodium_is_zero(p, MP_BYTES))
		return err_set(e, ERR_REFUSED, "%s is the identity point",
		    what);
	if (!crypto_core_ristretto255_is_valid_point(p))
		return err_set(e, ERR_REFUSED, "%s is not a Ristretto255 "
		    "point", what);
	return 0;
}

/* ---- transcript -------------------------------------------------------- */

void
mp_tr_init(mp_tr *t, const char *domain, const struct mp_ctx *ctx)
{
	unsigned char l[2] = { 0, 0 };

	crypto_generichash_init(t, NULL, 0, 64);
	crypto_generichash_update(t, (const unsigned char *)domain,
	    strlen(domain) + 1);
	if (ctx != NULL) {
		l[0] = (unsigned char)(ctx->len >> 8);
		l[1] = (unsigned char)ctx->len;
	}
	crypto_generichash_update(t, l, 2);
	if (ctx != NULL && ctx->len > 0)
		crypto_generichash_update(t, ctx->p, ctx->len);
}

void
mp_tr_put(mp_tr *t, const unsigned char *p, size_t n)
{
	crypto_generichash_update(t, p, n);
}

void
mp_tr_u32(mp_tr *t, uint32_t v)
{
	unsigned char b[4] = { (unsigned char)(v >> 24),
	    (unsigned char)(v >> 16), (unsigned char)(v >> 8),
	    (unsigned char)v };

	crypto_generichash_update(t, b, 4);
}

void
mp_tr_wide(mp_tr *t, unsigned char out[64])
{
	crypto_generichash_final(t, out, 64);
}

void
mp_tr_scalar(mp_tr *t, unsigned char out[MP_BYTES])
{
	unsigned char h[64];

	crypto_generichash_final(t, h, sizeof h);
	crypto_core_ristretto255_scalar_reduce(out, h);
	sodium_memzero(h, sizeof h);
}

void
mp_tr_point(mp_tr *t, unsigned char out[MP_BYTES])
{
	unsigned char h[64];

	crypto_generichash_final(t, h, sizeof h);
	crypto_core_ristretto255_from_hash(out, h);
}

/* ---- arithmetic -------------------------------------------------------- */

/*
 * crypto_scalarmult_ristretto255{,_base} return -1 both for an identity
 * result (a zero scalar) and for a point that does not decode; the
 * output buffer is zeroed first so the two can be told apart.
 */
int
mp_mul(unsigned char out[MP_BYTES], const unsigned char s[MP_BYTES],
    const unsigned char p[MP_BYTES])
{
	if (sodium_is_zero(p, MP_BYTES) || sodium_is_zero(s, MP_BYTES)) {
		memset(out, 0, MP_BYTES);
		return 0;
	}
	if (!crypto_core_ristretto255_is_valid_point(p))
		return -1;
	memset(out, 0, MP_BYTES);
	if (crypto_scalarmult_ristretto255(out, s, p) != 0 &&
	    !sodium_is_zero(out, MP_BYTES))
		return -1;
	return 0;
}

int
mp_mul_base(unsigned char out[MP_BYTES], const unsigned char s[MP_BYTES])
{
	memset(out, 0, MP_BYTES);
	if (crypto_scalarmult_ristretto255_base(out, s) != 0 &&
	    !sodium_is_zero(out, MP_BYTES))
		return -1;
	return 0;
}

int
mp_add(unsigned char out[MP_BYTES], const unsigned char p[MP_BYTES],
    const unsigned char q[MP_BYTES])
{
	return crypto_core_ristretto255_add(out, p, q) == 0 ? 0 : -1;
}

int
mp_sub(unsigned char out[MP_BYTES], const unsigned char p[MP_BYTES],
    const unsigned char q[MP_BYTES])
{
	return crypto_core_ristretto255_sub(out, p, q) == 0 ? 0 : -1;
}

int
mp_muladd(unsigned char acc[MP_BYTES], const unsigned char s[MP_BYTES],
    const unsigned char p[MP_BYTES])
{
	unsigned char t[MP_BYTES];

	if (mp_mul(t, s, p) != 0)
		return -1;
	return mp_add(acc, acc, t);
}

/* ---- seat keys --------------------------------------------------------- */

int
mp_key_derive(struct mp_key *k, const unsigned char secret[MP_BYTES],
    struct err *e)
{
	mp_tr t;

	/* the bytes of fair.c's x: domain NUL S, no context field */
	crypto_generichash_init(&t, NULL, 0, 64);
	crypto_generichash_update(&t, (const unsigned char *)D_ELGAMAL,
	    sizeof D_ELGAMAL);
	mp_tr_put(&t, secret, MP_BYTES);
	mp_tr_scalar(&t, k->x);
	if (sodium_is_zero(k->x, MP_BYTES) || mp_mul_base(k->y, k->x) != 0)
		return err_set(e, ERR_REFUSED, "the seat secret gives a zero "
		    "key");
	return 0;
}

/* c = Hs(D_POK, ctx, Y, R) */
static void
pok_challenge(unsigned char c[MP_BYTES], const struct mp_ctx *ctx,
    const unsigned char y[MP_BYTES], const unsigned char r[MP_BYTES])
{
	mp_tr t;

	mp_tr_init(&t, D_POK, ctx);
	mp_tr_put(&t, y, MP_BYTES);
	mp_tr_put(&t, r, MP_BYTES);
	mp_tr_scalar(&t, c);
}

/*
 * k = Hs(D_NONCE, ctx, x, "pok", Y, attempt); R = k.G; c = Hs(D_POK, ctx,
 * Y, R); s = k - c.x.  A zero k or s (probability 2^-252) takes the
 * next attempt.
 */
void
mp_pok_prove(struct mp_proof *pf, const struct mp_key *k,
    const struct mp_ctx *ctx)
{
	unsigned char n[MP_BYTES], r[MP_BYTES], cx[MP_BYTES];
	uint32_t attempt = 0;
	mp_tr t;

	do {
		mp_tr_init(&t, D_NONCE, ctx);
		mp_tr_put(&t, k->x, MP_BYTES);
		mp_tr_put(&t, (const unsigned char *)"pok", 3);
		mp_tr_put(&t, k->y, MP_BYTES);
		mp_tr_u32(&t, attempt++);
		mp_tr_scalar(&t, n);
		mp_mul_base(r, n);
		pok_challenge(pf->c, ctx, k->y, r);
		crypto_core_ristretto255_scalar_mul(cx, pf->c, k->x);
		crypto_core_ristretto255_scalar_sub(pf->s, n, cx);
	} while (sodium_is_zero(n, MP_BYTES) ||
	    sodium_is_zero(pf->s, MP_BYTES));
	sodium_memzero(n, sizeof n);
	sodium_memzero(cx, sizeof cx);
}

int
mp_pok_verify(const struct mp_proof *pf, const unsigned char y[MP_BYTES],
    const struct mp_ctx *ctx, struct err *e)
{
	unsigned char r[MP_BYTES], c2[MP_BYTES];
	int rc;

	if ((rc = mp_point_check(y, "the seat key", e)) != 0)
		return rc;
	if (!mp_scalar_canonical(pf->c) || !mp_scalar_canonical(pf->s))
		return err_set(e, ERR_REFUSED, "proof of knowledge: a scalar "
		    "is not reduced");
	/* R = s.G + c.Y */
	if (mp_mul_base(r, pf->s) != 0 || mp_muladd(r, pf->c, y) != 0)
		return err_set(e, ERR_REFUSED, "proof of knowledge: bad "
		    "point");
	pok_challenge(c2, ctx, y, r);
	if (sodium_memcmp(c2, pf->c, MP_BYTES) != 0)
		return err_set(e, ERR_REFUSED, "false proof of knowledge of "
		    "the seat key");
	return 0;
}

int
mp_joint_key(unsigned char y[MP_BYTES], const unsigned char (*ys)[MP_BYTES],
    unsigned n, struct err *e)
{
	unsigned i, j;
	int rc;

	if (n == 0)
		return err_set(e, ERR_USAGE, "a joint key of no seat");
	memset(y, 0, MP_BYTES);
	for (i = 0; i < n; i++) {
		if ((rc = mp_point_check(ys[i], "a seat key", e)) != 0)
			return rc;
		for (j = 0; j < i; j++)
			if (sodium_memcmp(ys[i], ys[j], MP_BYTES) == 0)
				return err_set(e, ERR_REFUSED, "seats %u and "
				    "%u have the same key", j, i);
		if (mp_add(y, y, ys[i]) != 0)
			return err_set(e, ERR_REFUSED, "a seat key does not "
			    "decode");
	}
	if (sodium_is_zero(y, MP_BYTES))
		return err_set(e, ERR_REFUSED, "the joint key is the identity");
	return 0;
}

/* ---- cards ------------------------------------------------------------- */

static void
label_point(unsigned char m[MP_BYTES], const char *domain,
    const struct mp_ctx *deck, unsigned k)
{
	mp_tr t;

	mp_tr_init(&t, domain, deck);
	mp_tr_u32(&t, k);
	mp_tr_point(&t, m);
}

void
mp_card_point(unsigned char m[MP_BYTES], const struct mp_ctx *deck,
    unsigned k)
{
	label_point(m, D_CARD, deck, k);
}

void
mp_tag_point(unsigned char m[MP_BYTES], const struct mp_ctx *deck,
    unsigned t)
{
	label_point(m, D_TAG, deck, t);
}

int
mp_cards_init(struct mp_cards *cs, const struct mp_ctx *deck, unsigned n,
    struct err *e)
{
	unsigned k;

	if (n == 0 || n > MP_N_MAX)
		return err_set(e, ERR_USAGE, "a deck has 1 to %d cards",
		    MP_N_MAX);
	cs->n = n;
	for (k = 0; k < n; k++) {
		mp_card_point(cs->m[k], deck, k);
		/* a collision or the identity: probability 2^-240 */
		if (sodium_is_zero(cs->m[k], MP_BYTES) ||
		    mp_cards_find(cs, cs->m[k]) != (int)k)
			return err_set(e, ERR_REFUSED, "card %u's point "
			    "repeats", k);
	}
	return 0;
}

int
mp_cards_find(const struct mp_cards *cs, const unsigned char m[MP_BYTES])
{
	unsigned k;

	for (k = 0; k < cs->n; k++)
		if (memcmp(cs->m[k], m, MP_BYTES) == 0)
			return (int)k;
	return -1;
}

/* ---- ElGamal ----------------------------------------------------------- */

int
mp_ct_check(const struct mp_ct *ct, struct err *e)
{
	int rc;

	if ((rc = mp_point_check(ct->a, "a ciphertext's first point", e))
	    != 0)
		return rc;
	return mp_point_check(ct->b, "a ciphertext's second point", e);
}

int
mp_encrypt(struct mp_ct *ct, const unsigned char m[MP_BYTES],
    const unsigned char y[MP_BYTES], const unsigned char r[MP_BYTES],
    struct err *e)
{
	unsigned char ry[MP_BYTES];

	if (sodium_is_zero(r, MP_BYTES) || !mp_scalar_canonical(r))
		return err_set(e, ERR_USAGE, "bad encryption randomness");
	if (mp_mul_base(ct->a, r) != 0 || mp_mul(ry, r, y) != 0 ||
	    mp_add(ct->b, m, ry) != 0)
		return err_set(e, ERR_REFUSED, "a point does not decode");
	return mp_ct_check(ct, e);
}

int
mp_reencrypt(struct mp_ct *out, const struct mp_ct *ct,
    const unsigned char y[MP_BYTES], const unsigned char r[MP_BYTES],
    struct err *e)
{
	struct mp_ct z;
	unsigned char zero[MP_BYTES] = { 0 };
	int rc;

	if ((rc = mp_encrypt(&z, zero, y, r, e)) != 0)
		return rc;
	if (mp_add(out->a, ct->a, z.a) != 0 || mp_add(out->b, ct->b, z.b)
	    != 0)
		return err_set(e, ERR_REFUSED, "a point does not decode");
	return mp_ct_check(out, e);
}

int
mp_deck_initial(struct mp_deck *d, const struct mp_cards *cs,
    const unsigned char (*tags)[MP_BYTES], const unsigned char y[MP_BYTES],
    const struct mp_ctx *deck, struct err *e)
{
	unsigned char r[MP_BYTES];
	unsigned k, c;
	mp_tr t;
	int rc;

	if ((rc = mp_point_check(y, "the joint key", e)) != 0)
		return rc;
	d->n = cs->n;
	d->w = tags != NULL ? 2 : 1;
	for (k = 0; k < d->n; k++)
		for (c = 0; c < d->w; c++) {
			mp_tr_init(&t, D_INITIAL, deck);
			mp_tr_u32(&t, k);
			mp_tr_u32(&t, c);
			mp_tr_scalar(&t, r);
			if ((rc = mp_encrypt(&d->ct[k][c], c == 0 ? cs->m[k] :
			    tags[k], y, r, e)) != 0)
				return rc;
		}
	return 0;
}
