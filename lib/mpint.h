/*
 * mpint.h -- helpers shared by the mp*.c files, not part of mp.h: the
 * Fiat-Shamir transcript (BLAKE2b-512 of a domain string, its NUL, the
 * context with its length, then fixed-size fields) and point arithmetic
 * that takes the identity as a value rather than an error.
 */
#ifndef TRIGON_MPINT_H
#define TRIGON_MPINT_H

#include <sodium.h>

#include "mp.h"

#define D_ELGAMAL	"trigon-fair v1 elgamal key"
#define D_NONCE		"trigon-fair v1 nonce"
#define D_POK		"trigon-fair v1 pok"
#define D_DLEQ		"trigon-fair v1 dleq"
#define D_CARD		"trigon-fair v1 card"
#define D_TAG		"trigon-fair v1 tag"
#define D_INITIAL	"trigon-fair v1 initial"
#define D_SHUFFLE	"trigon-fair v1 shuffle"
#define D_RHO		"trigon-fair v1 shuffle rho"
#define D_PROOF		"trigon-fair v1 shuffle proof"
#define D_GENERATORS	"trigon-fair v1 generators"

typedef crypto_generichash_state mp_tr;

/* domain NUL, then ctx's length (2 bytes, big-endian) and ctx (or none) */
void mp_tr_init(mp_tr *t, const char *domain, const struct mp_ctx *ctx);
void mp_tr_put(mp_tr *t, const unsigned char *p, size_t n);
void mp_tr_u32(mp_tr *t, uint32_t v);
/* finish: a scalar (64 bytes reduced) or a point (from_hash of 64) */
void mp_tr_scalar(mp_tr *t, unsigned char out[MP_BYTES]);
void mp_tr_point(mp_tr *t, unsigned char out[MP_BYTES]);
void mp_tr_wide(mp_tr *t, unsigned char out[64]);

/*
 * out = s.P for a checked point P, or the identity (32 zero bytes) when
 * s is zero; out = s.G likewise.  out = P + Q, either may be the
 * identity; out = P - Q.  They return 0, or -1 if a point does not
 * decode (a caller's bug: points are checked where they are parsed).
 */
int mp_mul(unsigned char out[MP_BYTES], const unsigned char s[MP_BYTES],
    const unsigned char p[MP_BYTES]);
int mp_mul_base(unsigned char out[MP_BYTES], const unsigned char s[MP_BYTES]);
int mp_add(unsigned char out[MP_BYTES], const unsigned char p[MP_BYTES],
    const unsigned char q[MP_BYTES]);
int mp_sub(unsigned char out[MP_BYTES], const unsigned char p[MP_BYTES],
    const unsigned char q[MP_BYTES]);
/* acc += s.P */
int mp_muladd(unsigned char acc[MP_BYTES], const unsigned char s[MP_BYTES],
    const unsigned char p[MP_BYTES]);

#endif
