/*
 * mpshare.c -- decryption shares of a sealed card and their opening
 * (mp.h): D = x.a with a Chaum-Pedersen proof that log_G Y = log_a D,
 * and the sum of the shares taken from b to find the card.  The shuffle
 * is in mpshuffle.c; design in doc/sealed-hands.md.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "mpint.h"

/* c = Hs(D_DLEQ NUL ctx, Y, a, D, A, B) */
static void
dleq_challenge(unsigned char c[MP_BYTES], const struct mp_ctx *ctx,
    const unsigned char y[MP_BYTES], const unsigned char a[MP_BYTES],
    const unsigned char d[MP_BYTES], const unsigned char ca[MP_BYTES],
    const unsigned char cb[MP_BYTES])
{
	mp_tr t;

	mp_tr_init(&t, D_DLEQ, ctx);
	mp_tr_put(&t, y, MP_BYTES);
	mp_tr_put(&t, a, MP_BYTES);
	mp_tr_put(&t, d, MP_BYTES);
	mp_tr_put(&t, ca, MP_BYTES);
	mp_tr_put(&t, cb, MP_BYTES);
	mp_tr_scalar(&t, c);
}

/*
 * k = Hs(D_NONCE NUL ctx, x, "dleq", Y, a, attempt), A = k.G, B = k.a,
 * s = k - c.x; a zero k or s takes the next attempt (2^-252).
 */
int
mp_share_make(struct mp_share *sh, const struct mp_key *k,
    const unsigned char a[MP_BYTES], const struct mp_ctx *ctx,
    struct err *e)
{
	unsigned char n[MP_BYTES], ca[MP_BYTES], cb[MP_BYTES], cx[MP_BYTES];
	uint32_t attempt = 0;
	mp_tr t;
	int rc;

	if ((rc = mp_point_check(a, "the card's first point", e)) != 0)
		return rc;
	if (mp_mul(sh->d, k->x, a) != 0)
		return err_set(e, ERR_REFUSED, "a point does not decode");
	do {
		mp_tr_init(&t, D_NONCE, ctx);
		mp_tr_put(&t, k->x, MP_BYTES);
		mp_tr_put(&t, (const unsigned char *)"dleq", 4);
		mp_tr_put(&t, k->y, MP_BYTES);
		mp_tr_put(&t, a, MP_BYTES);
		mp_tr_u32(&t, attempt++);
		mp_tr_scalar(&t, n);
		mp_mul_base(ca, n);
		mp_mul(cb, n, a);
		dleq_challenge(sh->pf.c, ctx, k->y, a, sh->d, ca, cb);
		crypto_core_ristretto255_scalar_mul(cx, sh->pf.c, k->x);
		crypto_core_ristretto255_scalar_sub(sh->pf.s, n, cx);
	} while (sodium_is_zero(n, MP_BYTES) ||
	    sodium_is_zero(sh->pf.s, MP_BYTES));
	sodium_memzero(n, sizeof n);
	sodium_memzero(cx, sizeof cx);
	return 0;
}

/* A' = s.G + c.Y, B' = s.a + c.D, and c again */
int
mp_share_verify(const struct mp_share *sh, const unsigned char y[MP_BYTES],
    const unsigned char a[MP_BYTES], const struct mp_ctx *ctx,
    struct err *e)
{
	unsigned char ca[MP_BYTES], cb[MP_BYTES], c[MP_BYTES];
	int rc;

	if ((rc = mp_point_check(y, "the seat key", e)) != 0 ||
	    (rc = mp_point_check(a, "the card's first point", e)) != 0 ||
	    (rc = mp_point_check(sh->d, "the share", e)) != 0)
		return rc;
	if (!mp_scalar_canonical(sh->pf.c) || !mp_scalar_canonical(sh->pf.s))
		return err_set(e, ERR_REFUSED, "share proof: a scalar is not "
		    "reduced");
	if (mp_mul_base(ca, sh->pf.s) != 0 || mp_muladd(ca, sh->pf.c, y) != 0 ||
	    mp_mul(cb, sh->pf.s, a) != 0 || mp_muladd(cb, sh->pf.c, sh->d) != 0)
		return err_set(e, ERR_REFUSED, "share proof: bad point");
	dleq_challenge(c, ctx, y, a, sh->d, ca, cb);
	if (sodium_memcmp(c, sh->pf.c, MP_BYTES) != 0)
		return err_set(e, ERR_REFUSED, "false decryption share: its "
		    "proof does not hold for this seat and card");
	return 0;
}

static int
share_refused(struct err *e, int rc, unsigned i)
{
	char msg[ERR_MSG_MAX];

	snprintf(msg, sizeof msg, "%s", e != NULL ? e->msg : "");
	return err_set(e, rc, "share %u: %s", i, msg);
}

/*
 * Check n shares against ys, and that ys (with own, if any) sum to the
 * joint key y; *m = b - sum D.
 */
static int
take_shares(unsigned char m[MP_BYTES], const struct mp_ct *ct,
    const struct mp_share *shares, const unsigned char (*ys)[MP_BYTES],
    unsigned n, const unsigned char *own, const unsigned char y[MP_BYTES],
    const struct mp_ctx *ctx, struct err *e)
{
	unsigned char keys[MP_N_MAX + 1][MP_BYTES], sum[MP_BYTES];
	unsigned i;
	int rc;

	if (n > MP_N_MAX)
		return err_set(e, ERR_USAGE, "too many shares");
	if ((rc = mp_ct_check(ct, e)) != 0)
		return rc;
	memcpy(keys, ys, (size_t)n * MP_BYTES);
	if (own != NULL)
		memcpy(keys[n], own, MP_BYTES);
	if ((rc = mp_joint_key(sum, (const unsigned char (*)[MP_BYTES])keys,
	    n + (own != NULL), e)) != 0)
		return rc;
	if (sodium_memcmp(sum, y, MP_BYTES) != 0)
		return err_set(e, ERR_REFUSED, "the seats' keys do not sum to "
		    "the joint key: a seat is missing or foreign");
	memcpy(m, ct->b, MP_BYTES);
	for (i = 0; i < n; i++) {
		if ((rc = mp_share_verify(&shares[i], ys[i], ct->a, ctx, e))
		    != 0)
			return share_refused(e, rc, i);
		if (mp_sub(m, m, shares[i].d) != 0)
			return err_set(e, ERR_REFUSED, "a point does not "
			    "decode");
	}
	return 0;
}

static int
lookup(unsigned *card, const unsigned char m[MP_BYTES],
    const struct mp_cards *cs, struct err *e)
{
	int k = mp_cards_find(cs, m);

	if (k < 0)
		return err_set(e, ERR_REFUSED, "the shares open no card of "
		    "this deck");
	*card = (unsigned)k;
	return 0;
}

int
mp_open_all(unsigned *card, const struct mp_ct *ct,
    const struct mp_share *shares, const unsigned char (*ys)[MP_BYTES],
    unsigned n, const unsigned char y[MP_BYTES], const struct mp_cards *cs,
    const struct mp_ctx *ctx, struct err *e)
{
	unsigned char m[MP_BYTES];
	int rc;

	if ((rc = take_shares(m, ct, shares, ys, n, NULL, y, ctx, e)) != 0)
		return rc;
	return lookup(card, m, cs, e);
}

int
mp_open_mine(unsigned *card, const struct mp_ct *ct, const struct mp_key *k,
    const struct mp_share *shares, const unsigned char (*ys)[MP_BYTES],
    unsigned n, const unsigned char y[MP_BYTES], const struct mp_cards *cs,
    const struct mp_ctx *ctx, struct err *e)
{
	unsigned char m[MP_BYTES], mine[MP_BYTES];
	int rc;

	if ((rc = take_shares(m, ct, shares, ys, n, k->y, y, ctx, e)) != 0)
		return rc;
	if (mp_mul(mine, k->x, ct->a) != 0 || mp_sub(m, m, mine) != 0)
		return err_set(e, ERR_REFUSED, "a point does not decode");
	sodium_memzero(mine, sizeof mine);
	return lookup(card, m, cs, e);
}
