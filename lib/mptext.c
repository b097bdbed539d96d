/*
 * mptext.c -- the encodings of the mental poker objects (mp.h): fixed
 * byte layouts, and lower-case hex of them.  Every parser is for input
 * from outside: exact lengths only, every point decoded and not the
 * identity, every scalar below L.  The save layer may carry the same
 * bytes in base64 (doc/sealed-hands.md).
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "mpint.h"

static int
get_point(unsigned char out[MP_BYTES], const unsigned char **p,
    const char *what, struct err *e)
{
	memcpy(out, *p, MP_BYTES);
	*p += MP_BYTES;
	return mp_point_check(out, what, e);
}

static int
get_scalar(unsigned char out[MP_BYTES], const unsigned char **p,
    const char *what, struct err *e)
{
	memcpy(out, *p, MP_BYTES);
	*p += MP_BYTES;
	if (!mp_scalar_canonical(out))
		return err_set(e, ERR_REFUSED, "%s is not a reduced scalar",
		    what);
	return 0;
}

static unsigned char *
put(unsigned char *out, const unsigned char *p, size_t n)
{
	memcpy(out, p, n);
	return out + n;
}

static int
want_len(size_t len, size_t want, const char *what, struct err *e)
{
	if (len != want)
		return err_set(e, ERR_DAMAGED, "%s has %zu bytes, not %zu",
		    what, len, want);
	return 0;
}

static int
sizes_ok(unsigned n, unsigned w, struct err *e)
{
	if (n < 1 || n > MP_N_MAX || w < 1 || w > MP_W_MAX)
		return err_set(e, ERR_USAGE, "a deck has 1 to %d cards of 1 "
		    "to %d ciphertexts", MP_N_MAX, MP_W_MAX);
	return 0;
}

/* ---- sizes and hex ----------------------------------------------------- */

size_t
mp_deck_bytes(unsigned n, unsigned w)
{
	return (size_t)n * w * 2 * MP_BYTES;
}

/* c, chat, shat, sprime: n each; chal, s1, s2, s3; s4: w */
size_t
mp_shuffle_proof_bytes(unsigned n, unsigned w)
{
	return ((size_t)4 * n + 4 + w) * MP_BYTES;
}

void
mp_hex(char *out, const unsigned char *p, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		out[2 * i] = digits[p[i] >> 4];
		out[2 * i + 1] = digits[p[i] & 15];
	}
	out[2 * len] = '\0';
}

static int
nibble(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int
mp_unhex(unsigned char *out, size_t len, const char *s, size_t slen,
    struct err *e)
{
	size_t i;
	int hi, lo;

	if (slen != 2 * len)
		return err_set(e, ERR_DAMAGED, "%zu hex digits, not %zu", slen,
		    2 * len);
	for (i = 0; i < len; i++) {
		if ((hi = nibble(s[2 * i])) < 0 ||
		    (lo = nibble(s[2 * i + 1])) < 0)
			return err_set(e, ERR_DAMAGED, "not a lower-case hex "
			    "digit at %zu", 2 * i + (hi < 0 ? 0 : 1));
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

/* ---- objects ----------------------------------------------------------- */

void
mp_pubkey_put(unsigned char *out, const unsigned char y[MP_BYTES],
    const struct mp_proof *pok)
{
	out = put(out, y, MP_BYTES);
	out = put(out, pok->c, MP_BYTES);
	put(out, pok->s, MP_BYTES);
}

int
mp_pubkey_get(unsigned char y[MP_BYTES], struct mp_proof *pok,
    const unsigned char *p, size_t len, struct err *e)
{
	int rc;

	if ((rc = want_len(len, MP_PUBKEY_BYTES, "a seat key", e)) != 0 ||
	    (rc = get_point(y, &p, "the seat key", e)) != 0 ||
	    (rc = get_scalar(pok->c, &p, "the key proof's challenge", e))
	    != 0)
		return rc;
	return get_scalar(pok->s, &p, "the key proof's answer", e);
}

void
mp_share_put(unsigned char *out, const struct mp_share *sh)
{
	out = put(out, sh->d, MP_BYTES);
	out = put(out, sh->pf.c, MP_BYTES);
	put(out, sh->pf.s, MP_BYTES);
}

int
mp_share_get(struct mp_share *sh, const unsigned char *p, size_t len,
    struct err *e)
{
	int rc;

	if ((rc = want_len(len, MP_SHARE_BYTES, "a share", e)) != 0 ||
	    (rc = get_point(sh->d, &p, "the share", e)) != 0 ||
	    (rc = get_scalar(sh->pf.c, &p, "the share proof's challenge", e))
	    != 0)
		return rc;
	return get_scalar(sh->pf.s, &p, "the share proof's answer", e);
}

void
mp_deck_put(unsigned char *out, const struct mp_deck *d)
{
	unsigned i, c;

	for (i = 0; i < d->n; i++)
		for (c = 0; c < d->w; c++) {
			out = put(out, d->ct[i][c].a, MP_BYTES);
			out = put(out, d->ct[i][c].b, MP_BYTES);
		}
}

int
mp_deck_get(struct mp_deck *d, unsigned n, unsigned w,
    const unsigned char *p, size_t len, struct err *e)
{
	unsigned i, c;
	int rc;

	if ((rc = sizes_ok(n, w, e)) != 0 ||
	    (rc = want_len(len, mp_deck_bytes(n, w), "a deck", e)) != 0)
		return rc;
	d->n = n;
	d->w = w;
	for (i = 0; i < n; i++)
		for (c = 0; c < w; c++)
			if ((rc = get_point(d->ct[i][c].a, &p, "a card's first "
			    "point", e)) != 0 || (rc = get_point(d->ct[i][c].b,
			    &p, "a card's second point", e)) != 0)
				return rc;
	return 0;
}

void
mp_shuffle_proof_put(unsigned char *out, const struct mp_shuffle_proof *pf)
{
	unsigned i;

	for (i = 0; i < pf->n; i++)
		out = put(out, pf->c[i], MP_BYTES);
	for (i = 0; i < pf->n; i++)
		out = put(out, pf->chat[i], MP_BYTES);
	out = put(out, pf->chal, MP_BYTES);
	out = put(out, pf->s1, MP_BYTES);
	out = put(out, pf->s2, MP_BYTES);
	out = put(out, pf->s3, MP_BYTES);
	for (i = 0; i < pf->w; i++)
		out = put(out, pf->s4[i], MP_BYTES);
	for (i = 0; i < pf->n; i++)
		out = put(out, pf->shat[i], MP_BYTES);
	for (i = 0; i < pf->n; i++)
		out = put(out, pf->sprime[i], MP_BYTES);
}

static int
get_scalars(unsigned char (*s)[MP_BYTES], unsigned n, const unsigned char **p,
    const char *what, struct err *e)
{
	unsigned i;
	int rc;

	for (i = 0; i < n; i++)
		if ((rc = get_scalar(s[i], p, what, e)) != 0)
			return rc;
	return 0;
}

int
mp_shuffle_proof_get(struct mp_shuffle_proof *pf, unsigned n, unsigned w,
    const unsigned char *p, size_t len, struct err *e)
{
	unsigned i;
	int rc;

	if ((rc = sizes_ok(n, w, e)) != 0 || (rc = want_len(len,
	    mp_shuffle_proof_bytes(n, w), "a shuffle proof", e)) != 0)
		return rc;
	pf->n = n;
	pf->w = w;
	for (i = 0; i < n; i++)
		if ((rc = get_point(pf->c[i], &p, "a permutation commitment",
		    e)) != 0)
			return rc;
	for (i = 0; i < n; i++)
		if ((rc = get_point(pf->chat[i], &p, "a chain commitment", e))
		    != 0)
			return rc;
	if ((rc = get_scalar(pf->chal, &p, "the challenge", e)) != 0 ||
	    (rc = get_scalar(pf->s1, &p, "s1", e)) != 0 ||
	    (rc = get_scalar(pf->s2, &p, "s2", e)) != 0 ||
	    (rc = get_scalar(pf->s3, &p, "s3", e)) != 0 ||
	    (rc = get_scalars(pf->s4, w, &p, "s4", e)) != 0 ||
	    (rc = get_scalars(pf->shat, n, &p, "a chain answer", e)) != 0)
		return rc;
	return get_scalars(pf->sprime, n, &p, "a permutation answer", e);
}

/* ---- hex text ---------------------------------------------------------- */

/* bytes <- 2 * want hex digits, into a buffer of cap bytes */
static int
unhex_obj(unsigned char *buf, size_t want, const char *s, size_t len,
    const char *what, struct err *e)
{
	char msg[ERR_MSG_MAX];
	int rc;

	if ((rc = mp_unhex(buf, want, s, len, e)) != 0) {
		snprintf(msg, sizeof msg, "%s", e != NULL ? e->msg : "");
		return err_set(e, rc, "%s: %s", what, msg);
	}
	return 0;
}

int
mp_share_text(char *out, size_t outlen, const struct mp_share *sh)
{
	unsigned char b[MP_SHARE_BYTES];

	if (outlen < 2 * sizeof b + 1)
		return ERR_USAGE;
	mp_share_put(b, sh);
	mp_hex(out, b, sizeof b);
	return 0;
}

int
mp_share_parse(struct mp_share *sh, const char *s, size_t len, struct err *e)
{
	unsigned char b[MP_SHARE_BYTES];
	int rc;

	if ((rc = unhex_obj(b, sizeof b, s, len, "a share", e)) != 0)
		return rc;
	return mp_share_get(sh, b, sizeof b, e);
}

int
mp_pubkey_text(char *out, size_t outlen, const unsigned char y[MP_BYTES],
    const struct mp_proof *pok)
{
	unsigned char b[MP_PUBKEY_BYTES];

	if (outlen < 2 * sizeof b + 1)
		return ERR_USAGE;
	mp_pubkey_put(b, y, pok);
	mp_hex(out, b, sizeof b);
	return 0;
}

int
mp_pubkey_parse(unsigned char y[MP_BYTES], struct mp_proof *pok,
    const char *s, size_t len, struct err *e)
{
	unsigned char b[MP_PUBKEY_BYTES];
	int rc;

	if ((rc = unhex_obj(b, sizeof b, s, len, "a seat key", e)) != 0)
		return rc;
	return mp_pubkey_get(y, pok, b, sizeof b, e);
}

int
mp_deck_parse(struct mp_deck *d, unsigned n, unsigned w, const char *s,
    size_t len, struct err *e)
{
	unsigned char b[MP_N_MAX * MP_W_MAX * 2 * MP_BYTES];
	int rc;

	if ((rc = sizes_ok(n, w, e)) != 0 || (rc = unhex_obj(b,
	    mp_deck_bytes(n, w), s, len, "a deck", e)) != 0)
		return rc;
	return mp_deck_get(d, n, w, b, mp_deck_bytes(n, w), e);
}

int
mp_shuffle_proof_parse(struct mp_shuffle_proof *pf, unsigned n, unsigned w,
    const char *s, size_t len, struct err *e)
{
	unsigned char b[(4 * MP_N_MAX + 4 + MP_W_MAX) * MP_BYTES];
	int rc;

	if ((rc = sizes_ok(n, w, e)) != 0 || (rc = unhex_obj(b,
	    mp_shuffle_proof_bytes(n, w), s, len, "a shuffle proof", e)) != 0)
		return rc;
	return mp_shuffle_proof_get(pf, n, w, b, mp_shuffle_proof_bytes(n, w),
	    e);
}
