/*
 * mp.h -- mental poker primitives for sealed hands (doc/sealed-hands.md):
 * ElGamal over Ristretto255 under the seats' joint key, a verifiable
 * shuffle (Terelius-Wikstrom, as Haenni et al. write it), decryption
 * shares with Chaum-Pedersen proofs, and strict byte and hex encodings.
 *
 * Only libsodium's crypto_core_ristretto255_*, crypto_scalarmult_
 * ristretto255{,_base} and crypto_generichash.  Every value a seat
 * publishes is a function of its 32-byte seat secret S and public data
 * (nonces too), so a shuffle or a share can be recomputed at the audit.
 * No allocation: decks and proofs are fixed-size values (MP_N_MAX cards
 * of MP_W_MAX ciphertexts each).
 *
 * Files: mpcore.c (checks, hashing, seat keys, cards, ElGamal),
 * mpshuffle.c (the shuffle and its proof), mpshare.c (decryption
 * shares, opening), mptext.c (bytes and hex).
 *
 * Every function that can fail returns 0 or a negative ERR_* (err.h):
 * ERR_REFUSED for a failed check (a bad point, a scalar not reduced, a
 * false proof), ERR_DAMAGED for text of the wrong form, ERR_USAGE for
 * sizes out of range.
 */
#ifndef TRIGON_MP_H
#define TRIGON_MP_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

#define MP_BYTES	32	/* a point or a scalar */
#define MP_N_MAX	128	/* cards in a deck (Trigon's play deck: 82) */
#define MP_W_MAX	2	/* ciphertexts a card: face, and a public tag */

/*
 * A context: what a proof or a derived value is bound to, beyond its
 * own statement -- the game id, the deck, the round, the block, the
 * seat, as the save layer lays them out.  Hashed after its length in
 * two bytes, so at most 65,535 bytes.
 */
struct mp_ctx {
	const unsigned char *p;
	size_t len;
};

/* A seat's ElGamal key pair; x never leaves the seat before the audit. */
struct mp_key {
	unsigned char x[MP_BYTES];	/* secret scalar */
	unsigned char y[MP_BYTES];	/* public point Y = x.G */
};

/* A proof (c, s): Schnorr or Chaum-Pedersen, challenge form. */
struct mp_proof {
	unsigned char c[MP_BYTES], s[MP_BYTES];
};

/* ElGamal: (a, b) = (r.G, M + r.Y). */
struct mp_ct {
	unsigned char a[MP_BYTES], b[MP_BYTES];
};

/* A deck: n cards of w ciphertexts each (w = 2: face and tag). */
struct mp_deck {
	unsigned n, w;
	struct mp_ct ct[MP_N_MAX][MP_W_MAX];
};

/* The plaintext points of a deck's cards, for the lookup back. */
struct mp_cards {
	unsigned n;
	unsigned char m[MP_N_MAX][MP_BYTES];
};

/* A shuffle proof (Haenni et al., GenShuffleProof), challenge form. */
struct mp_shuffle_proof {
	unsigned n, w;
	unsigned char c[MP_N_MAX][MP_BYTES];	/* permutation commitment */
	unsigned char chat[MP_N_MAX][MP_BYTES];	/* commitment chain */
	unsigned char chal[MP_BYTES];		/* the challenge */
	unsigned char s1[MP_BYTES], s2[MP_BYTES], s3[MP_BYTES];
	unsigned char s4[MP_W_MAX][MP_BYTES];
	unsigned char shat[MP_N_MAX][MP_BYTES];
	unsigned char sprime[MP_N_MAX][MP_BYTES];
};

/* A decryption share D = x.a with its Chaum-Pedersen proof. */
struct mp_share {
	unsigned char d[MP_BYTES];
	struct mp_proof pf;
};

/* ---- checks (mpcore.c) ------------------------------------------------- */

/* 1 if s < L (the group order), else 0. */
int mp_scalar_canonical(const unsigned char s[MP_BYTES]);
/* 0 if p decodes to a Ristretto255 point other than the identity. */
int mp_point_check(const unsigned char p[MP_BYTES], const char *what,
    struct err *e);

/* ---- seat keys (mpcore.c) ---------------------------------------------- */

/* x = Hs("trigon-fair v1 elgamal key", S), Y = x.G. */
int mp_key_derive(struct mp_key *k, const unsigned char secret[MP_BYTES],
    struct err *e);
/* Schnorr proof of knowledge of x, bound to ctx (game id and seat). */
void mp_pok_prove(struct mp_proof *pf, const struct mp_key *k,
    const struct mp_ctx *ctx);
int mp_pok_verify(const struct mp_proof *pf, const unsigned char y[MP_BYTES],
    const struct mp_ctx *ctx, struct err *e);
/* Y = sum of the n seats' keys, each checked; refuses an identity sum. */
int mp_joint_key(unsigned char y[MP_BYTES], const unsigned char (*ys)[MP_BYTES],
    unsigned n, struct err *e);

/* ---- cards and ElGamal (mpcore.c) -------------------------------------- */

/* Card k of the deck named by ctx: from_hash(BLAKE2b-512("trigon-fair v1
 * card" NUL || ctx || k)); tag t likewise with "trigon-fair v1 tag". */
void mp_card_point(unsigned char m[MP_BYTES], const struct mp_ctx *deck,
    unsigned k);
void mp_tag_point(unsigned char m[MP_BYTES], const struct mp_ctx *deck,
    unsigned t);
/* The n card points of a deck; refuses n out of range. */
int mp_cards_init(struct mp_cards *cs, const struct mp_ctx *deck, unsigned n,
    struct err *e);
/* The index of m in cs, or -1. */
int mp_cards_find(const struct mp_cards *cs, const unsigned char m[MP_BYTES]);

/* (r.G, m + r.Y); r must be non-zero. */
int mp_encrypt(struct mp_ct *ct, const unsigned char m[MP_BYTES],
    const unsigned char y[MP_BYTES], const unsigned char r[MP_BYTES],
    struct err *e);
/* ct + (r.G, r.Y): the same plaintext, unlinkable; r non-zero. */
int mp_reencrypt(struct mp_ct *out, const struct mp_ct *ct,
    const unsigned char y[MP_BYTES], const unsigned char r[MP_BYTES],
    struct err *e);
/* Both points of a ciphertext decode and neither is the identity. */
int mp_ct_check(const struct mp_ct *ct, struct err *e);
/*
 * The initial deck, computed by everyone: card k's face M_k (and with
 * w = 2 its tag point tags[k]) encrypted under y with public randomness
 * r0 = Hs("trigon-fair v1 initial", ctx, k, component).
 */
int mp_deck_initial(struct mp_deck *d, const struct mp_cards *cs,
    const unsigned char (*tags)[MP_BYTES], const unsigned char y[MP_BYTES],
    const struct mp_ctx *deck, struct err *e);

/* ---- the shuffle (mpshuffle.c) ----------------------------------------- */

/*
 * The seat with secret S shuffles in: out[j] = in[psi(j)] re-encrypted,
 * psi and the randomness derived from S, ctx and the input deck; the
 * proof binds ctx, y, in and out.  perm (may be NULL) receives psi.
 */
int mp_shuffle(struct mp_deck *out, struct mp_shuffle_proof *pf,
    unsigned perm[MP_N_MAX], const struct mp_deck *in,
    const unsigned char y[MP_BYTES], const unsigned char secret[MP_BYTES],
    const struct mp_ctx *ctx, struct err *e);
/* Any reader: out is a permutation of in, re-encrypted under y. */
int mp_shuffle_verify(const struct mp_shuffle_proof *pf,
    const struct mp_deck *out, const struct mp_deck *in,
    const unsigned char y[MP_BYTES], const struct mp_ctx *ctx,
    struct err *e);
/* The generator h_j (j = 0: the chain's start) of a shuffle in ctx. */
void mp_generator(unsigned char h[MP_BYTES], const struct mp_ctx *ctx,
    unsigned j);

/* ---- decryption shares (mpshare.c) ------------------------------------- */

/* D = x.a with a proof that log_G Y = log_a D, bound to ctx. */
int mp_share_make(struct mp_share *sh, const struct mp_key *k,
    const unsigned char a[MP_BYTES], const struct mp_ctx *ctx,
    struct err *e);
int mp_share_verify(const struct mp_share *sh, const unsigned char y[MP_BYTES],
    const unsigned char a[MP_BYTES], const struct mp_ctx *ctx,
    struct err *e);
/*
 * Open ct to all: shares[i] from seat ys[i], every one checked, the n
 * keys summing to the joint key y (so no seat is left out or counted
 * twice), the shares' sum taken from b; *card is the index in cs
 * (ERR_REFUSED when the point is no card of cs).
 */
int mp_open_all(unsigned *card, const struct mp_ct *ct,
    const struct mp_share *shares, const unsigned char (*ys)[MP_BYTES],
    unsigned n, const unsigned char y[MP_BYTES], const struct mp_cards *cs,
    const struct mp_ctx *ctx, struct err *e);
/*
 * Open ct to the holder of k alone: the other seats' n shares (checked,
 * their keys and k's summing to y), then its own x.a, never published.
 */
int mp_open_mine(unsigned *card, const struct mp_ct *ct, const struct mp_key *k,
    const struct mp_share *shares, const unsigned char (*ys)[MP_BYTES],
    unsigned n, const unsigned char y[MP_BYTES], const struct mp_cards *cs,
    const struct mp_ctx *ctx, struct err *e);

/* ---- encodings (mptext.c) ---------------------------------------------- */

/* Byte sizes of each object. */
#define MP_PROOF_BYTES	(2 * MP_BYTES)
#define MP_SHARE_BYTES	(3 * MP_BYTES)
#define MP_PUBKEY_BYTES	(3 * MP_BYTES)	/* Y || pok */
size_t mp_deck_bytes(unsigned n, unsigned w);
size_t mp_shuffle_proof_bytes(unsigned n, unsigned w);

/* Lower-case hex; out has room for 2 * len + 1. */
void mp_hex(char *out, const unsigned char *p, size_t len);
/* Exactly 2 * len lower-case hex digits. */
int mp_unhex(unsigned char *out, size_t len, const char *s, size_t slen,
    struct err *e);

/* Serialize (out has the object's size in bytes); parse, checking every
 * point and scalar, refusing any other length. */
void mp_pubkey_put(unsigned char *out, const unsigned char y[MP_BYTES],
    const struct mp_proof *pok);
int mp_pubkey_get(unsigned char y[MP_BYTES], struct mp_proof *pok,
    const unsigned char *p, size_t len, struct err *e);
void mp_share_put(unsigned char *out, const struct mp_share *sh);
int mp_share_get(struct mp_share *sh, const unsigned char *p, size_t len,
    struct err *e);
void mp_deck_put(unsigned char *out, const struct mp_deck *d);
int mp_deck_get(struct mp_deck *d, unsigned n, unsigned w,
    const unsigned char *p, size_t len, struct err *e);
void mp_shuffle_proof_put(unsigned char *out,
    const struct mp_shuffle_proof *pf);
int mp_shuffle_proof_get(struct mp_shuffle_proof *pf, unsigned n, unsigned w,
    const unsigned char *p, size_t len, struct err *e);

/* The same, as hex text (out: 2 * bytes + 1 characters). */
int mp_share_text(char *out, size_t outlen, const struct mp_share *sh);
int mp_share_parse(struct mp_share *sh, const char *s, size_t len,
    struct err *e);
int mp_pubkey_text(char *out, size_t outlen, const unsigned char y[MP_BYTES],
    const struct mp_proof *pok);
int mp_pubkey_parse(unsigned char y[MP_BYTES], struct mp_proof *pok,
    const char *s, size_t len, struct err *e);
int mp_deck_parse(struct mp_deck *d, unsigned n, unsigned w, const char *s,
    size_t len, struct err *e);
int mp_shuffle_proof_parse(struct mp_shuffle_proof *pf, unsigned n, unsigned w,
    const char *s, size_t len, struct err *e);

#endif
