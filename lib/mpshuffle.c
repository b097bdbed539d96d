/*
 * mpshuffle.c -- the verifiable shuffle of a sealed deck (mp.h):
 * permute and re-encrypt n cards of w ElGamal ciphertexts, and the
 * Terelius-Wikstrom proof in the form of Haenni, Locher, Koenig and
 * Dubuis, "Pseudo-Code Algorithms for Verifiable Re-Encryption Mix-Nets"
 * (GenShuffle, GenShuffleProof, CheckShuffleProof), written additively
 * over Ristretto255 and in challenge form: the verifier recomputes the
 * commitments t and compares the challenge.  doc/sealed-hands.md gives
 * the algebra and the byte layout of every hash.
 *
 * Names follow the paper: psi the permutation (output i is input
 * psi[i]), rr the permutation commitment's randomness, u the challenges,
 * u' = u permuted, chat the commitment chain from h_0, rhat its
 * randomness, omega the proof nonces, s1..s4, shat, sprime the answers.
 * For w = 2 everything about ciphertexts is done per component with its
 * own s4; the permutation and u are shared.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "mpint.h"

/* the prover's secrets, wiped after use */
struct secrets {
	unsigned char seed[64];
	unsigned psi[MP_N_MAX];
	unsigned char rho[MP_N_MAX][MP_W_MAX][MP_BYTES];
	unsigned char rr[MP_N_MAX][MP_BYTES];
	unsigned char rhat[MP_N_MAX][MP_BYTES];
	unsigned char o1[MP_BYTES], o2[MP_BYTES], o3[MP_BYTES];
	unsigned char o4[MP_W_MAX][MP_BYTES];
	unsigned char ohat[MP_N_MAX][MP_BYTES];
	unsigned char oprime[MP_N_MAX][MP_BYTES];
};

/* the public values both sides compute */
struct pub {
	unsigned n, w;
	unsigned char h[MP_N_MAX + 1][MP_BYTES];	/* h_0 .. h_n */
	unsigned char ystate[64];
	unsigned char u[MP_N_MAX][MP_BYTES];
	unsigned char up[MP_N_MAX][MP_BYTES];		/* prover only */
};

/* the commitments t, never sent */
struct tvals {
	unsigned char t1[MP_BYTES], t2[MP_BYTES], t3[MP_BYTES];
	unsigned char t4[MP_W_MAX][2][MP_BYTES];	/* [c][0] a, [c][1] b */
	unsigned char that[MP_N_MAX][MP_BYTES];
};

static const unsigned char one[MP_BYTES] = { 1 };

/* ---- shared ------------------------------------------------------------ */

void
mp_generator(unsigned char h[MP_BYTES], const struct mp_ctx *ctx, unsigned j)
{
	mp_tr t;

	mp_tr_init(&t, D_GENERATORS, ctx);
	mp_tr_u32(&t, j);
	mp_tr_point(&t, h);
}

static void
hash_deck(mp_tr *t, const struct mp_deck *d)
{
	unsigned i, c;

	for (i = 0; i < d->n; i++)
		for (c = 0; c < d->w; c++) {
			mp_tr_put(t, d->ct[i][c].a, MP_BYTES);
			mp_tr_put(t, d->ct[i][c].b, MP_BYTES);
		}
}

/*
 * The statement: ystate = BLAKE2b-512(D_PROOF NUL ctx, y, n, w, inputs,
 * outputs, c); u_k = Hs(D_PROOF NUL ctx, ystate, "u", k).
 */
static void
statement(struct pub *pb, const struct mp_ctx *ctx,
    const unsigned char y[MP_BYTES], const struct mp_deck *in,
    const struct mp_deck *out, const unsigned char (*c)[MP_BYTES])
{
	unsigned k;
	mp_tr t;

	mp_tr_init(&t, D_PROOF, ctx);
	mp_tr_put(&t, y, MP_BYTES);
	mp_tr_u32(&t, in->n);
	mp_tr_u32(&t, in->w);
	hash_deck(&t, in);
	hash_deck(&t, out);
	for (k = 0; k < in->n; k++)
		mp_tr_put(&t, c[k], MP_BYTES);
	mp_tr_wide(&t, pb->ystate);
	for (k = 0; k < in->n; k++) {
		mp_tr_init(&t, D_PROOF, ctx);
		mp_tr_put(&t, pb->ystate, 64);
		mp_tr_put(&t, (const unsigned char *)"u", 1);
		mp_tr_u32(&t, k);
		mp_tr_scalar(&t, pb->u[k]);
	}
}

/* chal = Hs(D_PROOF NUL ctx, ystate, "c", chat_1..n, t1, t2, t3, t4, that) */
static void
challenge(unsigned char chal[MP_BYTES], const struct pub *pb,
    const struct mp_ctx *ctx, const unsigned char (*chat)[MP_BYTES],
    const struct tvals *tv)
{
	unsigned i, c;
	mp_tr t;

	mp_tr_init(&t, D_PROOF, ctx);
	mp_tr_put(&t, pb->ystate, 64);
	mp_tr_put(&t, (const unsigned char *)"c", 1);
	for (i = 0; i < pb->n; i++)
		mp_tr_put(&t, chat[i], MP_BYTES);
	mp_tr_put(&t, tv->t1, MP_BYTES);
	mp_tr_put(&t, tv->t2, MP_BYTES);
	mp_tr_put(&t, tv->t3, MP_BYTES);
	for (c = 0; c < pb->w; c++) {
		mp_tr_put(&t, tv->t4[c][0], MP_BYTES);
		mp_tr_put(&t, tv->t4[c][1], MP_BYTES);
	}
	for (i = 0; i < pb->n; i++)
		mp_tr_put(&t, tv->that[i], MP_BYTES);
	mp_tr_scalar(&t, chal);
}

static void
generators(struct pub *pb, const struct mp_ctx *ctx, unsigned n, unsigned w)
{
	unsigned j;

	pb->n = n;
	pb->w = w;
	for (j = 0; j <= n; j++)
		mp_generator(pb->h[j], ctx, j);
}

static int
deck_check(const struct mp_deck *d, const char *what, struct err *e)
{
	char msg[ERR_MSG_MAX];
	unsigned i, c;
	int rc;

	if (d->n < 2 || d->n > MP_N_MAX || d->w < 1 || d->w > MP_W_MAX)
		return err_set(e, ERR_USAGE, "%s: a shuffle takes 2 to %d "
		    "cards of 1 to %d ciphertexts", what, MP_N_MAX, MP_W_MAX);
	for (i = 0; i < d->n; i++)
		for (c = 0; c < d->w; c++)
			if ((rc = mp_ct_check(&d->ct[i][c], e)) != 0) {
				snprintf(msg, sizeof msg, "%s", e != NULL ?
				    e->msg : "bad point");
				return err_set(e, rc, "%s, card %u: %s", what,
				    i, msg);
			}
	return 0;
}

/* ---- the prover: randomness -------------------------------------------- */

/* seed = BLAKE2b-512(D_SHUFFLE NUL ctx, S, y, n, w, inputs) */
static void
derive_seed(struct secrets *sc, const struct mp_ctx *ctx,
    const unsigned char secret[MP_BYTES], const unsigned char y[MP_BYTES],
    const struct mp_deck *in)
{
	mp_tr t;

	mp_tr_init(&t, D_SHUFFLE, ctx);
	mp_tr_put(&t, secret, MP_BYTES);
	mp_tr_put(&t, y, MP_BYTES);
	mp_tr_u32(&t, in->n);
	mp_tr_u32(&t, in->w);
	hash_deck(&t, in);
	mp_tr_wide(&t, sc->seed);
}

/* a non-zero scalar Hs(dom NUL ctx, seed, label, i, c, attempt) */
static void
nonce(unsigned char out[MP_BYTES], const char *dom, const struct mp_ctx *ctx,
    const struct secrets *sc, char label, unsigned i, unsigned c)
{
	uint32_t attempt = 0;
	mp_tr t;

	do {
		mp_tr_init(&t, dom, ctx);
		mp_tr_put(&t, sc->seed, 64);
		mp_tr_put(&t, (const unsigned char *)&label, 1);
		mp_tr_u32(&t, i);
		mp_tr_u32(&t, c);
		mp_tr_u32(&t, attempt++);
		mp_tr_scalar(&t, out);
	} while (sodium_is_zero(out, MP_BYTES));
}

/* uniform in [0, bound) by rejection from BLAKE2b(seed, "psi", counter) */
static unsigned
draw(const struct secrets *sc, const struct mp_ctx *ctx, uint32_t *ctr,
    unsigned bound)
{
	uint32_t lim = UINT32_MAX - UINT32_MAX % bound, v;
	unsigned char b[4];
	mp_tr t;

	do {
		mp_tr_init(&t, D_SHUFFLE, ctx);
		mp_tr_put(&t, sc->seed, 64);
		mp_tr_put(&t, (const unsigned char *)"psi", 3);
		mp_tr_u32(&t, (*ctr)++);
		crypto_generichash_final(&t, b, sizeof b);
		v = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
		    (uint32_t)b[2] << 8 | b[3];
	} while (v >= lim);
	return v % bound;
}

/* Fisher-Yates, then every nonce the proof needs */
static void
derive_all(struct secrets *sc, const struct mp_ctx *ctx, unsigned n,
    unsigned w)
{
	uint32_t ctr = 0;
	unsigned i, j, c, tmp;

	for (i = 0; i < n; i++)
		sc->psi[i] = i;
	for (i = n - 1; i > 0; i--) {
		j = draw(sc, ctx, &ctr, i + 1);
		tmp = sc->psi[i];
		sc->psi[i] = sc->psi[j];
		sc->psi[j] = tmp;
	}
	for (i = 0; i < n; i++) {
		for (c = 0; c < w; c++)
			nonce(sc->rho[i][c], D_RHO, ctx, sc, 'p', i, c);
		nonce(sc->rr[i], D_NONCE, ctx, sc, 'r', i, 0);
		nonce(sc->rhat[i], D_NONCE, ctx, sc, 'h', i, 0);
		nonce(sc->ohat[i], D_NONCE, ctx, sc, 'H', i, 0);
		nonce(sc->oprime[i], D_NONCE, ctx, sc, 'P', i, 0);
	}
	nonce(sc->o1, D_NONCE, ctx, sc, '1', 0, 0);
	nonce(sc->o2, D_NONCE, ctx, sc, '2', 0, 0);
	nonce(sc->o3, D_NONCE, ctx, sc, '3', 0, 0);
	for (c = 0; c < w; c++)
		nonce(sc->o4[c], D_NONCE, ctx, sc, '4', 0, c);
}

/* ---- the prover -------------------------------------------------------- */

/* out[i] = in[psi[i]] + (rho.G, rho.Y); c[psi[i]] = rr.G + h_{i+1} */
static int
permute(struct mp_deck *out, struct mp_shuffle_proof *pf,
    const struct secrets *sc, const struct pub *pb, const struct mp_deck *in,
    const unsigned char y[MP_BYTES], struct err *e)
{
	unsigned i, c, k;
	int rc;

	out->n = pf->n = in->n;
	out->w = pf->w = in->w;
	for (i = 0; i < in->n; i++) {
		k = sc->psi[i];
		for (c = 0; c < in->w; c++)
			if ((rc = mp_reencrypt(&out->ct[i][c], &in->ct[k][c],
			    y, sc->rho[k][c], e)) != 0)
				return rc;
		if (mp_mul_base(pf->c[k], sc->rr[k]) != 0 ||
		    mp_add(pf->c[k], pf->c[k], pb->h[i + 1]) != 0)
			return err_set(e, ERR_REFUSED, "a point does not "
			    "decode");
	}
	return 0;
}

/* chat_i = rhat_i.G + u'_i.chat_{i-1}, chat_0 = h_0 */
static int
chain(struct mp_shuffle_proof *pf, const struct secrets *sc,
    const struct pub *pb)
{
	const unsigned char *prev = pb->h[0];
	unsigned i;

	for (i = 0; i < pb->n; i++) {
		if (mp_mul_base(pf->chat[i], sc->rhat[i]) != 0 ||
		    mp_muladd(pf->chat[i], pb->up[i], prev) != 0)
			return -1;
		prev = pf->chat[i];
	}
	return 0;
}

/* t1..t4 and that from the nonces (GenShuffleProof) */
static int
commitments(struct tvals *tv, const struct mp_shuffle_proof *pf,
    const struct secrets *sc, const struct pub *pb, const struct mp_deck *out,
    const unsigned char y[MP_BYTES])
{
	unsigned char neg[MP_BYTES];
	unsigned i, c;
	int bad = 0;

	bad |= mp_mul_base(tv->t1, sc->o1) | mp_mul_base(tv->t2, sc->o2) |
	    mp_mul_base(tv->t3, sc->o3);
	for (c = 0; c < pb->w; c++) {
		crypto_core_ristretto255_scalar_negate(neg, sc->o4[c]);
		bad |= mp_mul_base(tv->t4[c][0], neg) |
		    mp_mul(tv->t4[c][1], neg, y);
	}
	sodium_memzero(neg, sizeof neg);
	for (i = 0; i < pb->n; i++) {
		bad |= mp_muladd(tv->t3, sc->oprime[i], pb->h[i + 1]);
		for (c = 0; c < pb->w; c++)
			bad |= mp_muladd(tv->t4[c][0], sc->oprime[i],
			    out->ct[i][c].a) | mp_muladd(tv->t4[c][1],
			    sc->oprime[i], out->ct[i][c].b);
		bad |= mp_mul_base(tv->that[i], sc->ohat[i]) |
		    mp_muladd(tv->that[i], sc->oprime[i],
		    i == 0 ? pb->h[0] : pf->chat[i - 1]);
	}
	return bad ? -1 : 0;
}

/* s = omega - chal.x */
static void
answer(unsigned char s[MP_BYTES], const unsigned char omega[MP_BYTES],
    const unsigned char chal[MP_BYTES], const unsigned char x[MP_BYTES])
{
	unsigned char cx[MP_BYTES];

	crypto_core_ristretto255_scalar_mul(cx, chal, x);
	crypto_core_ristretto255_scalar_sub(s, omega, cx);
}

/* sum += a.b */
static void
scalar_muladd(unsigned char sum[MP_BYTES], const unsigned char a[MP_BYTES],
    const unsigned char b[MP_BYTES])
{
	unsigned char t[MP_BYTES];

	crypto_core_ristretto255_scalar_mul(t, a, b);
	crypto_core_ristretto255_scalar_add(sum, sum, t);
}

static void
responses(struct mp_shuffle_proof *pf, const struct secrets *sc,
    const struct pub *pb)
{
	unsigned char v[MP_N_MAX][MP_BYTES], rbar[MP_BYTES] = { 0 },
	    rhs[MP_BYTES] = { 0 }, rtil[MP_BYTES] = { 0 },
	    rp[MP_W_MAX][MP_BYTES];
	unsigned i, c;

	memset(rp, 0, sizeof rp);
	/* v_n = 1, v_{i-1} = u'_i v_i (1-based); v[i] here is v_{i+1} */
	memcpy(v[pb->n - 1], one, MP_BYTES);
	for (i = pb->n - 1; i > 0; i--)
		crypto_core_ristretto255_scalar_mul(v[i - 1], pb->up[i], v[i]);
	for (i = 0; i < pb->n; i++) {
		crypto_core_ristretto255_scalar_add(rbar, rbar, sc->rr[i]);
		scalar_muladd(rhs, sc->rhat[i], v[i]);
		scalar_muladd(rtil, sc->rr[i], pb->u[i]);
		for (c = 0; c < pb->w; c++)
			scalar_muladd(rp[c], sc->rho[i][c], pb->u[i]);
		answer(pf->shat[i], sc->ohat[i], pf->chal, sc->rhat[i]);
		answer(pf->sprime[i], sc->oprime[i], pf->chal, pb->up[i]);
	}
	answer(pf->s1, sc->o1, pf->chal, rbar);
	answer(pf->s2, sc->o2, pf->chal, rhs);
	answer(pf->s3, sc->o3, pf->chal, rtil);
	for (c = 0; c < pb->w; c++)
		answer(pf->s4[c], sc->o4[c], pf->chal, rp[c]);
	sodium_memzero(rbar, sizeof rbar);
	sodium_memzero(rhs, sizeof rhs);
	sodium_memzero(rtil, sizeof rtil);
	sodium_memzero(rp, sizeof rp);
}

static int
prove(struct mp_deck *out, struct mp_shuffle_proof *pf, struct secrets *sc,
    struct pub *pb, const struct mp_deck *in, const unsigned char y[MP_BYTES],
    const struct mp_ctx *ctx, struct err *e)
{
	struct tvals tv;
	unsigned i;
	int rc;

	generators(pb, ctx, in->n, in->w);
	if ((rc = permute(out, pf, sc, pb, in, y, e)) != 0)
		return rc;
	statement(pb, ctx, y, in, out, (const unsigned char (*)[MP_BYTES])
	    pf->c);
	for (i = 0; i < in->n; i++)
		memcpy(pb->up[i], pb->u[sc->psi[i]], MP_BYTES);
	if (chain(pf, sc, pb) != 0 || commitments(&tv, pf, sc, pb, out, y)
	    != 0)
		return err_set(e, ERR_REFUSED, "a point does not decode");
	challenge(pf->chal, pb, ctx, (const unsigned char (*)[MP_BYTES])
	    pf->chat, &tv);
	responses(pf, sc, pb);
	return 0;
}

int
mp_shuffle(struct mp_deck *out, struct mp_shuffle_proof *pf,
    unsigned perm[MP_N_MAX], const struct mp_deck *in,
    const unsigned char y[MP_BYTES], const unsigned char secret[MP_BYTES],
    const struct mp_ctx *ctx, struct err *e)
{
	struct secrets sc;
	struct pub pb;
	int rc;

	if ((rc = mp_point_check(y, "the joint key", e)) != 0 ||
	    (rc = deck_check(in, "the deck to shuffle", e)) != 0)
		return rc;
	derive_seed(&sc, ctx, secret, y, in);
	derive_all(&sc, ctx, in->n, in->w);
	rc = prove(out, pf, &sc, &pb, in, y, ctx, e);
	if (rc == 0 && perm != NULL)
		memcpy(perm, sc.psi, in->n * sizeof perm[0]);
	sodium_memzero(&sc, sizeof sc);
	sodium_memzero(&pb, sizeof pb);	/* u' is u in psi's order */
	return rc;
}

/* ---- the verifier ------------------------------------------------------ */

static int
proof_check(const struct mp_shuffle_proof *pf, const struct mp_deck *in,
    struct err *e)
{
	unsigned i, c;
	int ok = 1, rc;

	if (pf->n != in->n || pf->w != in->w)
		return err_set(e, ERR_REFUSED, "the proof is for another "
		    "deck size");
	for (i = 0; i < pf->n; i++) {
		if ((rc = mp_point_check(pf->c[i], "a permutation "
		    "commitment", e)) != 0 || (rc = mp_point_check(pf->chat[i],
		    "a chain commitment", e)) != 0)
			return rc;
		ok &= mp_scalar_canonical(pf->shat[i]) &
		    mp_scalar_canonical(pf->sprime[i]);
	}
	ok &= mp_scalar_canonical(pf->chal) & mp_scalar_canonical(pf->s1) &
	    mp_scalar_canonical(pf->s2) & mp_scalar_canonical(pf->s3);
	for (c = 0; c < pf->w; c++)
		ok &= mp_scalar_canonical(pf->s4[c]);
	if (!ok)
		return err_set(e, ERR_REFUSED, "a scalar of the shuffle proof "
		    "is not reduced");
	return 0;
}

/* t1' = chal.cbar + s1.G, t2' = chal.chat + s2.G, t3' = chal.ctil + s3.G
 * + sum s'_i h_i, from cbar = sum c - sum h, chat = chat_n - (prod u).h0,
 * ctil = sum u_k c_k */
static int
recompute_t123(struct tvals *tv, const struct mp_shuffle_proof *pf,
    const struct pub *pb)
{
	unsigned char cbar[MP_BYTES] = { 0 }, ctil[MP_BYTES] = { 0 },
	    uprod[MP_BYTES], ch[MP_BYTES], t[MP_BYTES];
	unsigned i;
	int bad = 0;

	memcpy(uprod, one, MP_BYTES);
	for (i = 0; i < pb->n; i++) {
		bad |= mp_add(cbar, cbar, pf->c[i]) |
		    mp_sub(cbar, cbar, pb->h[i + 1]) |
		    mp_muladd(ctil, pb->u[i], pf->c[i]);
		crypto_core_ristretto255_scalar_mul(uprod, uprod, pb->u[i]);
	}
	bad |= mp_mul(t, uprod, pb->h[0]) | mp_sub(ch, pf->chat[pb->n - 1], t);
	bad |= mp_mul_base(tv->t1, pf->s1) | mp_muladd(tv->t1, pf->chal, cbar);
	bad |= mp_mul_base(tv->t2, pf->s2) | mp_muladd(tv->t2, pf->chal, ch);
	bad |= mp_mul_base(tv->t3, pf->s3) | mp_muladd(tv->t3, pf->chal, ctil);
	for (i = 0; i < pb->n; i++)
		bad |= mp_muladd(tv->t3, pf->sprime[i], pb->h[i + 1]);
	return bad ? -1 : 0;
}

/* t4' = chal.etil - s4.(G, Y) + sum s'_i out_i, etil = sum u_k in_k;
 * that'_i = chal.chat_i + shat_i.G + s'_i.chat_{i-1} */
static int
recompute_t4(struct tvals *tv, const struct mp_shuffle_proof *pf,
    const struct pub *pb, const struct mp_deck *in, const struct mp_deck *out,
    const unsigned char y[MP_BYTES])
{
	unsigned char ea[MP_BYTES], eb[MP_BYTES], neg[MP_BYTES];
	unsigned i, c;
	int bad = 0;

	for (c = 0; c < pb->w; c++) {
		memset(ea, 0, MP_BYTES);
		memset(eb, 0, MP_BYTES);
		for (i = 0; i < pb->n; i++)
			bad |= mp_muladd(ea, pb->u[i], in->ct[i][c].a) |
			    mp_muladd(eb, pb->u[i], in->ct[i][c].b);
		crypto_core_ristretto255_scalar_negate(neg, pf->s4[c]);
		bad |= mp_mul_base(tv->t4[c][0], neg) |
		    mp_muladd(tv->t4[c][0], pf->chal, ea) |
		    mp_mul(tv->t4[c][1], neg, y) |
		    mp_muladd(tv->t4[c][1], pf->chal, eb);
		for (i = 0; i < pb->n; i++)
			bad |= mp_muladd(tv->t4[c][0], pf->sprime[i],
			    out->ct[i][c].a) | mp_muladd(tv->t4[c][1],
			    pf->sprime[i], out->ct[i][c].b);
	}
	for (i = 0; i < pb->n; i++)
		bad |= mp_mul_base(tv->that[i], pf->shat[i]) |
		    mp_muladd(tv->that[i], pf->chal, pf->chat[i]) |
		    mp_muladd(tv->that[i], pf->sprime[i],
		    i == 0 ? pb->h[0] : pf->chat[i - 1]);
	return bad ? -1 : 0;
}

int
mp_shuffle_verify(const struct mp_shuffle_proof *pf,
    const struct mp_deck *out, const struct mp_deck *in,
    const unsigned char y[MP_BYTES], const struct mp_ctx *ctx,
    struct err *e)
{
	unsigned char chal[MP_BYTES];
	struct tvals tv;
	struct pub pb;
	int rc;

	if ((rc = mp_point_check(y, "the joint key", e)) != 0 ||
	    (rc = deck_check(in, "the deck shuffled", e)) != 0 ||
	    (rc = deck_check(out, "the shuffled deck", e)) != 0)
		return rc;
	if (out->n != in->n || out->w != in->w)
		return err_set(e, ERR_REFUSED, "the shuffled deck has %u cards "
		    "of %u, not %u of %u", out->n, out->w, in->n, in->w);
	if ((rc = proof_check(pf, in, e)) != 0)
		return rc;
	generators(&pb, ctx, in->n, in->w);
	statement(&pb, ctx, y, in, out, (const unsigned char (*)[MP_BYTES])
	    pf->c);
	if (recompute_t123(&tv, pf, &pb) != 0 ||
	    recompute_t4(&tv, pf, &pb, in, out, y) != 0)
		return err_set(e, ERR_REFUSED, "false shuffle: a point does "
		    "not decode");
	challenge(chal, &pb, ctx, (const unsigned char (*)[MP_BYTES])pf->chat,
	    &tv);
	if (sodium_memcmp(chal, pf->chal, MP_BYTES) != 0)
		return err_set(e, ERR_REFUSED, "false shuffle: the proof does "
		    "not hold");
	return 0;
}
