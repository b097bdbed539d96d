/*
 * t/unit/mp.c -- the mental poker primitives of sealed hands (lib/mp.h,
 * doc/sealed-hands.md), linked with the core alone.
 *
 * Known answers: fixed seat secrets (32 bytes of 0x11, 0x22, 0x33) and
 * fixed contexts give the hex values below; they were computed once by
 * lib/mp*.c when the module was written and are checked forever, so a
 * change of any byte layout or domain string shows here.  Python has no
 * Ristretto255 here, so the independent checks are algebraic, made with
 * libsodium's calls directly and the byte layouts the design page
 * states: the card point and a Chaum-Pedersen challenge are recomputed
 * from their documented bytes (the share's A and B from its verifying
 * equations), the seat key agrees with fair.c's, shares combine to the
 * plaintext as a raw decryption does, and a deck shuffled by three seats
 * opens to the three permutations composed.
 *
 * Then every rule with the attack that breaks it when the rule is left
 * out: a rogue key without its proof, a proof copied to another seat, a
 * share made with another key, for another card or another block, a
 * share from the recipient itself, a seat left out of an opening, a
 * shuffle that changes, duplicates or swaps a card, each proof element
 * altered, a proof moved to another deck, round or key, a scalar not
 * reduced, a point that does not decode, the identity; and the strict
 * text forms.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "../tap.h"
#include "fair.h"
#include "mp.h"

/* Linked with the core alone: the program names its (empty) table. */
const struct rules *const rules_table[] = { NULL };

#define NSEATS 3

static unsigned char secret[NSEATS][32];
static struct mp_key key[NSEATS];
static unsigned char ys[NSEATS][32], joint[32];
/* L, the group order, little-endian */
static const unsigned char order_l[32] = {
	0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
	0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0x10 };

static struct mp_ctx
ctx_of(const char *s)
{
	struct mp_ctx c = { (const unsigned char *)s, strlen(s) };

	return c;
}

static const char *
hex(const unsigned char *p, size_t n)
{
	static char buf[4][2 * 64 + 1];
	static int slot;
	char *b = buf[slot++ % 4];

	mp_hex(b, p, n);
	return b;
}

/* BLAKE2b-256 of n bytes, in hex: a short known answer of a long value */
static const char *
digest(const unsigned char *p, size_t n)
{
	unsigned char h[32];

	crypto_generichash(h, sizeof h, p, n, NULL, 0);
	return hex(h, sizeof h);
}

/* s + L: the same value mod L, but not reduced (s < 2^252 + small) */
static void
unreduce(unsigned char out[32], const unsigned char s[32])
{
	unsigned c = 0, i;

	for (i = 0; i < 32; i++) {
		c += (unsigned)s[i] + order_l[i];
		out[i] = (unsigned char)c;
		c >>= 8;
	}
}

static void
setup(void)
{
	struct err e;
	unsigned i;

	for (i = 0; i < NSEATS; i++) {
		memset(secret[i], 0x11 * (i + 1), 32);
		if (mp_key_derive(&key[i], secret[i], &e) != 0)
			bail("key: %s", e.msg);
		memcpy(ys[i], key[i].y, 32);
	}
	if (mp_joint_key(joint, (const unsigned char (*)[32])ys, NSEATS, &e))
		bail("joint: %s", e.msg);
}

/* ---- checks ------------------------------------------------------------ */

static void
test_checks(void)
{
	unsigned char s[32], p[32];
	struct err e;

	memcpy(s, order_l, 32);
	ok(!mp_scalar_canonical(s), "scalar: L itself is not reduced");
	s[0]--;
	ok(mp_scalar_canonical(s), "scalar: L - 1 is reduced");
	memset(s, 0, 32);
	ok(mp_scalar_canonical(s), "scalar: 0 is reduced");
	s[31] = 0x80;
	ok(!mp_scalar_canonical(s), "scalar: the top bit set is not reduced");
	memset(s, 0xff, 32);
	ok(!mp_scalar_canonical(s), "scalar: 2^256 - 1 is not reduced");

	memset(p, 0, 32);
	is_int(ERR_REFUSED, mp_point_check(p, "p", &e), "point: the identity "
	    "is refused");
	is_string("p is the identity point", e.msg, "... with its reason");
	memset(p, 0xff, 32);
	is_int(ERR_REFUSED, mp_point_check(p, "p", &e), "point: bytes not "
	    "below 2^255 - 19 are refused");
	memset(p, 0, 32);
	p[0] = 1;
	is_int(ERR_REFUSED, mp_point_check(p, "p", &e), "point: a negative "
	    "field element (odd s) is refused");
	is_string("p is not a Ristretto255 point", e.msg,
	    "... with its reason");
	is_int(0, mp_point_check(key[0].y, "p", &e), "point: a seat key "
	    "passes");
}

/* ---- seat keys --------------------------------------------------------- */

static void
test_keys(void)
{
	struct mp_ctx green = ctx_of("game 0001 seat green"),
	    purple = ctx_of("game 0001 seat purple");
	unsigned char x[32], y[32], t[32], rogue[32], two[2][32], pfb[64];
	struct mp_proof pf, bad;
	struct err e;

	is_string("acdf8d842bfe5914f27abe9cd0ea2a23"
	    "b63b6d42b11ff2c4e463d7d8e3932617", hex(key[0].y, 32),
	    "known answer: the seat key of secret 0x11..");
	/* fair.c derives x the same way: Hs("trigon-fair v1 elgamal key", S) */
	fair_hash_scalar(x, "trigon-fair v1 elgamal key", secret[0], 32);
	crypto_scalarmult_ristretto255_base(y, x);
	ok(memcmp(y, key[0].y, 32) == 0, "the seat key agrees with fair.c's");
	is_string("9e42b6bfcd5f87ed072aeae708030c93"
	    "2792fbf75d6821ca93f2cf396c424f0f", hex(joint, 32),
	    "known answer: the joint key of three seats");

	mp_pok_prove(&pf, &key[0], &green);
	memcpy(pfb, pf.c, 32);
	memcpy(pfb + 32, pf.s, 32);
	is_string("c809e9b81e96c1390e3bd9b9c10566e3"
	    "810a04f8c31a3ef8addadec5f1e7ad93", digest(pfb, sizeof pfb),
	    "known answer: green's proof of knowledge (its digest)");
	is_int(0, mp_pok_verify(&pf, key[0].y, &green, &e), "the proof of "
	    "knowledge holds");
	is_int(ERR_REFUSED, mp_pok_verify(&pf, key[0].y, &purple, &e),
	    "attack: green's proof copied to purple's seat is refused");
	bad = pf;
	bad.s[0] ^= 1;
	is_int(ERR_REFUSED, mp_pok_verify(&bad, key[0].y, &green, &e),
	    "attack: a bit of the answer flipped is refused");
	unreduce(bad.s, pf.s);
	is_int(ERR_REFUSED, mp_pok_verify(&bad, key[0].y, &green, &e),
	    "attack: the answer plus L (same value, not reduced) is refused");
	is_string("proof of knowledge: a scalar is not reduced", e.msg,
	    "... as not reduced");

	/* rogue key: purple announces T - Y_green to make the joint key T,
	 * whose secret t it knows; it cannot prove knowledge of its key */
	memset(t, 0, 32);
	t[0] = 7;
	crypto_scalarmult_ristretto255_base(y, t);
	crypto_core_ristretto255_sub(rogue, y, key[0].y);
	mp_pok_prove(&bad, &key[1], &purple);
	is_int(ERR_REFUSED, mp_pok_verify(&bad, rogue, &purple, &e),
	    "attack: a rogue key with purple's real proof is refused");
	memcpy(two[0], key[0].y, 32);
	memcpy(two[1], key[0].y, 32);
	is_int(ERR_REFUSED, mp_joint_key(y, (const unsigned char (*)[32])two,
	    2, &e), "attack: a seat copying another's key is refused");
	memset(t, 0, 32);
	crypto_core_ristretto255_sub(two[1], t, key[0].y);
	is_int(ERR_REFUSED, mp_joint_key(y, (const unsigned char (*)[32])two,
	    2, &e), "attack: keys summing to the identity are refused");
	is_string("the joint key is the identity", e.msg, "... so named");
}

/* ---- cards and ElGamal ------------------------------------------------- */

static struct mp_cards cards;
static const char deckname[] = "game 0001 deck play";

static void
test_cards(void)
{
	struct mp_ctx dk = ctx_of(deckname);
	unsigned char m[32], h[64], hdr[2] = { 0, sizeof deckname - 1 },
	    k7[4] = { 0, 0, 0, 7 };
	crypto_generichash_state st;
	struct err e;
	unsigned k;
	int found = 1;

	is_int(0, mp_cards_init(&cards, &dk, 82, &e), "82 card points, all "
	    "different");
	is_string("dcb46ee341ee9fac996a0d4388ce970c"
	    "6cc70d10abd3354773bf86770e36e377", hex(cards.m[0], 32),
	    "known answer: card 0 of the play deck");
	/* independent: the page's bytes, with libsodium directly */
	crypto_generichash_init(&st, NULL, 0, 64);
	crypto_generichash_update(&st, (const unsigned char *)
	    "trigon-fair v1 card", sizeof "trigon-fair v1 card");
	crypto_generichash_update(&st, hdr, 2);
	crypto_generichash_update(&st, (const unsigned char *)deckname,
	    sizeof deckname - 1);
	crypto_generichash_update(&st, k7, 4);
	crypto_generichash_final(&st, h, 64);
	crypto_core_ristretto255_from_hash(m, h);
	ok(memcmp(m, cards.m[7], 32) == 0, "card 7 recomputed from "
	    "doc/sealed-hands.md's byte layout");
	for (k = 0; k < 82; k++)
		found &= mp_cards_find(&cards, cards.m[k]) == (int)k;
	ok(found, "every card point is found back at its index");
	mp_tag_point(m, &dk, 0);
	is_int(-1, mp_cards_find(&cards, m), "a tag point is no card");
	is_int(ERR_USAGE, mp_cards_init(&cards, &dk, MP_N_MAX + 1, &e),
	    "a deck of %d cards is refused", MP_N_MAX + 1);
	mp_cards_init(&cards, &dk, 82, &e);
}

/* independent: b - x0.a - x1.a - x2.a with libsodium directly */
static void
raw_decrypt(unsigned char m[32], const struct mp_ct *ct)
{
	unsigned char t[32];
	unsigned i;

	memcpy(m, ct->b, 32);
	for (i = 0; i < NSEATS; i++) {
		if (crypto_scalarmult_ristretto255(t, key[i].x, ct->a) != 0)
			bail("scalarmult");
		crypto_core_ristretto255_sub(m, m, t);
	}
}

static void
test_elgamal(void)
{
	unsigned char r[32] = { 5 }, zero[32] = { 0 }, m[32], t[32];
	struct mp_ct ct, ct2;
	struct err e;

	is_int(0, mp_encrypt(&ct, cards.m[3], joint, r, &e), "encrypt card 3");
	raw_decrypt(m, &ct);
	ok(memcmp(m, cards.m[3], 32) == 0, "the three seats' keys decrypt it");
	r[0] = 9;
	is_int(0, mp_reencrypt(&ct2, &ct, joint, r, &e), "re-encrypt");
	ok(memcmp(&ct, &ct2, sizeof ct) != 0, "... changes both points");
	raw_decrypt(m, &ct2);
	ok(memcmp(m, cards.m[3], 32) == 0, "... and keeps the card");
	is_int(ERR_USAGE, mp_encrypt(&ct, cards.m[3], joint, zero, &e),
	    "zero randomness (the card in the clear) is refused");
	unreduce(t, r);
	is_int(ERR_USAGE, mp_reencrypt(&ct2, &ct, joint, t, &e),
	    "unreduced randomness is refused");
}

/* ---- shares ------------------------------------------------------------ */

/* a card dealt to seat 2 (recipient) at block 41; seats 0 and 1 share */
static struct mp_ct dealt;
static const char blockname[] = "game 0001 block 41 deal play 41";

static void
cp_crosscheck(const struct mp_share *sh, const struct mp_key *k,
    const unsigned char a[32])
{
	unsigned char ca[32], cb[32], t[32], h[64], c[32],
	    hdr[2] = { 0, sizeof blockname - 1 };
	crypto_generichash_state st;

	/* A = s.G + c.Y, B = s.a + c.D, then c from the page's bytes */
	if (crypto_scalarmult_ristretto255_base(ca, sh->pf.s) != 0 ||
	    crypto_scalarmult_ristretto255(t, sh->pf.c, k->y) != 0 ||
	    crypto_core_ristretto255_add(ca, ca, t) != 0 ||
	    crypto_scalarmult_ristretto255(cb, sh->pf.s, a) != 0 ||
	    crypto_scalarmult_ristretto255(t, sh->pf.c, sh->d) != 0 ||
	    crypto_core_ristretto255_add(cb, cb, t) != 0)
		bail("cp_crosscheck: arithmetic");
	crypto_generichash_init(&st, NULL, 0, 64);
	crypto_generichash_update(&st, (const unsigned char *)
	    "trigon-fair v1 dleq", sizeof "trigon-fair v1 dleq");
	crypto_generichash_update(&st, hdr, 2);
	crypto_generichash_update(&st, (const unsigned char *)blockname,
	    sizeof blockname - 1);
	crypto_generichash_update(&st, k->y, 32);
	crypto_generichash_update(&st, a, 32);
	crypto_generichash_update(&st, sh->d, 32);
	crypto_generichash_update(&st, ca, 32);
	crypto_generichash_update(&st, cb, 32);
	crypto_generichash_final(&st, h, 64);
	crypto_core_ristretto255_scalar_reduce(c, h);
	ok(memcmp(c, sh->pf.c, 32) == 0, "Chaum-Pedersen challenge "
	    "recomputed from doc/sealed-hands.md's bytes");
	if (crypto_scalarmult_ristretto255(t, k->x, a) != 0)
		bail("scalarmult");
	ok(memcmp(t, sh->d, 32) == 0, "the share is x.a");
}

static void
test_shares(void)
{
	struct mp_ctx blk = ctx_of(blockname), other = ctx_of("game 0001 "
	    "block 42 deal play 41");
	unsigned char r[32] = { 77 }, m[32], two[2][32], shb[MP_SHARE_BYTES];
	struct mp_share sh[NSEATS], bad[2];
	struct mp_ct ct2;
	struct err e;
	unsigned card = 999, i;

	mp_encrypt(&dealt, cards.m[41], joint, r, &e);
	for (i = 0; i < NSEATS; i++)
		mp_share_make(&sh[i], &key[i], dealt.a, &blk, &e);
	mp_share_put(shb, &sh[0]);
	is_string("33c270475c2dec3a3b397b29eb28ff5f"
	    "f5a64eb13b5fd01c87c4815287f48c5f", digest(shb, sizeof shb),
	    "known answer: seat 0's share and proof (their digest)");
	cp_crosscheck(&sh[0], &key[0], dealt.a);
	is_int(0, mp_share_verify(&sh[1], ys[1], dealt.a, &blk, &e),
	    "seat 1's share holds");

	is_int(0, mp_open_mine(&card, &dealt, &key[2], sh, (const unsigned
	    char (*)[32])ys, 2, joint, &cards, &blk, &e), "the recipient "
	    "opens its card with the others' shares and its own key");
	is_int(41, card, "... card 41");
	/* everyone else: b minus the published shares is no card */
	memcpy(m, dealt.b, 32);
	crypto_core_ristretto255_sub(m, m, sh[0].d);
	crypto_core_ristretto255_sub(m, m, sh[1].d);
	is_int(-1, mp_cards_find(&cards, m), "attack: a reader with every "
	    "published share finds no card");
	is_int(ERR_REFUSED, mp_open_all(&card, &dealt, sh, (const unsigned
	    char (*)[32])ys, 2, joint, &cards, &blk, &e), "attack: opening "
	    "to all with a seat left out is refused");
	is_string("the seats' keys do not sum to the joint key: a seat is "
	    "missing or foreign", e.msg, "... so named");
	is_int(0, mp_open_all(&card, &dealt, sh, (const unsigned char (*)[32])
	    ys, NSEATS, joint, &cards, &blk, &e), "opened to all with the "
	    "three shares");
	is_int(41, card, "... card 41, as the raw decryption: shares combine "
	    "to the plaintext");

	is_int(ERR_REFUSED, mp_share_verify(&sh[0], ys[1], dealt.a, &blk, &e),
	    "attack: seat 0's share checked against seat 1's key is refused");
	mp_share_make(&bad[0], &key[1], dealt.a, &blk, &e);
	is_int(ERR_REFUSED, mp_share_verify(&bad[0], ys[0], dealt.a, &blk, &e),
	    "attack: a share made with another seat's key is refused");
	is_int(ERR_REFUSED, mp_share_verify(&sh[0], ys[0], dealt.a, &other,
	    &e), "attack: a share moved to another block is refused");
	mp_reencrypt(&ct2, &dealt, joint, r, &e);
	is_int(ERR_REFUSED, mp_share_verify(&sh[0], ys[0], ct2.a, &blk, &e),
	    "attack: a share for another card (position) is refused");
	bad[0] = sh[0];
	crypto_core_ristretto255_add(bad[0].d, sh[0].d, cards.m[0]);
	is_int(ERR_REFUSED, mp_share_verify(&bad[0], ys[0], dealt.a, &blk, &e),
	    "attack: the share point shifted, proof kept, is refused");
	is_string("false decryption share: its proof does not hold for this "
	    "seat and card", e.msg, "... so named");
	bad[0] = sh[0];
	unreduce(bad[0].pf.s, sh[0].pf.s);
	is_int(ERR_REFUSED, mp_share_verify(&bad[0], ys[0], dealt.a, &blk, &e),
	    "attack: the answer plus L is refused");
	memset(bad[0].d, 0, 32);
	is_int(ERR_REFUSED, mp_share_verify(&bad[0], ys[0], dealt.a, &blk, &e),
	    "attack: the identity as a share is refused");
	/* the recipient's own share among "the others": its key twice */
	bad[0] = sh[0];
	bad[1] = sh[2];
	memcpy(two[0], ys[0], 32);
	memcpy(two[1], ys[2], 32);
	is_int(ERR_REFUSED, mp_open_mine(&card, &dealt, &key[2], bad,
	    (const unsigned char (*)[32])two, 2, joint, &cards, &blk, &e),
	    "attack: a share from the recipient itself is refused");
	/* the same card shared at two blocks: were the nonce not bound
	 * to the block as the challenge is, x = (s1 - s2) / (c2 - c1) */
	mp_share_make(&bad[0], &key[0], dealt.a, &other, &e);
	crypto_core_ristretto255_scalar_sub(m, sh[0].pf.s, bad[0].pf.s);
	crypto_core_ristretto255_scalar_sub(two[0], bad[0].pf.c, sh[0].pf.c);
	crypto_core_ristretto255_scalar_invert(two[1], two[0]);
	crypto_core_ristretto255_scalar_mul(two[0], m, two[1]);
	ok(memcmp(two[0], key[0].x, 32) != 0, "attack: two shares of one "
	    "card at two blocks do not give away the key (nonces differ)");
	bad[0] = sh[0];
	bad[1] = sh[1];
	bad[1].pf.c[3] ^= 4;
	is_int(ERR_REFUSED, mp_open_all(&card, &dealt, bad, (const unsigned
	    char (*)[32])ys, 2, joint, &cards, &blk, &e), "attack: opening "
	    "with a false share is refused");
}

/* ---- the shuffle ------------------------------------------------------- */

#define NDECK 12

static struct mp_deck d0, d[NSEATS + 1], tmp;
static struct mp_shuffle_proof pf[NSEATS], badpf;
static unsigned perm[NSEATS][MP_N_MAX];

static struct mp_ctx
round_ctx(unsigned seat)
{
	static char name[NSEATS][64];

	snprintf(name[seat], sizeof name[seat], "game 0001 deck play round 1 "
	    "seat %u", seat);
	return ctx_of(name[seat]);
}

/* open every position of dk to all: the card indices */
static int
open_deck(unsigned out[MP_N_MAX], const struct mp_deck *dk, unsigned comp,
    const struct mp_cards *cs)
{
	struct mp_ctx blk = ctx_of("open");
	struct mp_share sh[NSEATS];
	struct err e;
	unsigned i, s;

	for (i = 0; i < dk->n; i++) {
		for (s = 0; s < NSEATS; s++)
			mp_share_make(&sh[s], &key[s], dk->ct[i][comp].a, &blk,
			    &e);
		if (mp_open_all(&out[i], &dk->ct[i][comp], sh, (const unsigned
		    char (*)[32])ys, NSEATS, joint, cs, &blk, &e) != 0)
			return -1;
	}
	return 0;
}

static void
test_shuffle_round(void)
{
	struct mp_ctx dk = ctx_of(deckname);
	struct mp_cards small;
	unsigned char buf[(4 * NDECK + 5) * 32];
	unsigned got[MP_N_MAX], want, i, s, good = 1;
	struct err e;
	int rc = 0;

	mp_cards_init(&small, &dk, NDECK, &e);
	is_int(0, mp_deck_initial(&d0, &small, NULL, joint, &dk, &e),
	    "the initial deck of %d cards", NDECK);
	d[0] = d0;
	for (s = 0; s < NSEATS; s++) {
		struct mp_ctx rc_ = round_ctx(s);

		rc |= mp_shuffle(&d[s + 1], &pf[s], perm[s], &d[s], joint,
		    secret[s], &rc_, &e);
		rc |= mp_shuffle_verify(&pf[s], &d[s + 1], &d[s], joint, &rc_,
		    &e);
	}
	is_int(0, rc, "three seats shuffle in turn, each shuffle verifies");
	mp_shuffle_proof_put(buf, &pf[0]);
	is_string("4e0a604a66a80960d2f3d4b3c78baa55"
	    "7c12dfe2fe97b65eb070eaedd7cc334c", digest(buf, sizeof buf),
	    "known answer: seat 0's shuffle proof of the %d-card deck (its "
	    "digest)", NDECK);
	is_int((4 * NDECK + 5) * 32, (int)mp_shuffle_proof_bytes(NDECK, 1),
	    "the proof has (4n + 5) x 32 bytes");
	{
		struct mp_ctx c0 = round_ctx(0);

		mp_shuffle(&tmp, &badpf, NULL, &d[0], joint, secret[0], &c0,
		    &e);
	}
	ok(memcmp(&tmp, &d[1], sizeof tmp) == 0 && memcmp(&badpf, &pf[0],
	    sizeof badpf) == 0, "the shuffle is a function of the seat "
	    "secret and the statement (the audit recomputes it)");
	is_int(0, open_deck(got, &d[NSEATS], 0, &small), "every position "
	    "of the final deck opens to a card");
	/* position j holds input perm2[perm1[perm0[...]]]: compose */
	for (i = 0; i < NDECK; i++) {
		want = perm[0][perm[1][perm[2][i]]];
		good &= got[i] == want;
	}
	ok(good, "the cards are the three permutations composed (the "
	    "shuffle keeps every card)");
	good = 0;
	for (i = 0; i < NDECK; i++)
		good += perm[0][i] != i;
	ok(good > 0, "seat 0's permutation moves cards");
}

/* verify pf[0] against a changed statement or proof: refused */
static void
refused(const struct mp_shuffle_proof *p, const struct mp_deck *out,
    const struct mp_deck *in, const unsigned char *y, const char *ctxs,
    const char *what)
{
	struct mp_ctx c = ctxs != NULL ? ctx_of(ctxs) : round_ctx(0);
	struct err e;

	is_int(ERR_REFUSED, mp_shuffle_verify(p, out, in, y, &c, &e),
	    "attack: %s is refused", what);
}

static void
test_shuffle_attacks(void)
{
	unsigned char r[32] = { 3 }, y2[32];
	struct mp_ctx c0 = round_ctx(0);
	struct err e;

	/* a card replaced: position 1 becomes a copy of position 0 */
	tmp = d[1];
	mp_reencrypt(&tmp.ct[1][0], &d[1].ct[0][0], joint, r, &e);
	refused(&pf[0], &tmp, &d[0], joint, NULL, "a duplicated card");
	tmp = d[1];
	mp_encrypt(&tmp.ct[5][0], cards.m[5], joint, r, &e);
	refused(&pf[0], &tmp, &d[0], joint, NULL, "a card injected with "
	    "randomness the shuffler knows");
	tmp = d[1];
	tmp.ct[2][0] = d[1].ct[3][0];
	tmp.ct[3][0] = d[1].ct[2][0];
	refused(&pf[0], &tmp, &d[0], joint, NULL, "two outputs swapped after "
	    "the proof (another permutation)");
	tmp = d[1];
	memcpy(tmp.ct[4][0].a, d[1].ct[4][0].b, 32);
	refused(&pf[0], &tmp, &d[0], joint, NULL, "one altered ciphertext");
	tmp = d[0];
	mp_reencrypt(&tmp.ct[0][0], &d[0].ct[0][0], joint, r, &e);
	refused(&pf[0], &d[1], &tmp, joint, NULL, "a proof checked against "
	    "another input deck");
	refused(&pf[0], &d[1], &d[0], joint, "game 0001 deck play round 2 "
	    "seat 0", "a proof moved to another round");
	refused(&pf[0], &d[1], &d[0], joint, "game 0002 deck play round 1 "
	    "seat 0", "a proof moved to another game");
	crypto_core_ristretto255_add(y2, joint, cards.m[0]);
	refused(&pf[0], &d[1], &d[0], y2, NULL, "a proof checked under another "
	    "joint key");
	is_int(ERR_REFUSED, mp_shuffle_verify(&pf[1], &d[2], &d[1], joint,
	    &c0, &e), "attack: seat 1's proof claimed as seat 0's is refused");
	tmp = d[1];
	memset(tmp.ct[7][0].b, 0, 32);
	refused(&pf[0], &tmp, &d[0], joint, NULL, "the identity in an output");
	tmp = d[1];
	memset(tmp.ct[7][0].b, 0xff, 32);
	refused(&pf[0], &tmp, &d[0], joint, NULL, "a point that does not "
	    "decode");
	tmp = d[1];
	tmp.n = NDECK - 1;
	refused(&pf[0], &tmp, &d[0], joint, NULL, "a card dropped");
	tmp = d[0];
	tmp.n = 1;
	is_int(ERR_USAGE, mp_shuffle(&d[NSEATS], &badpf, NULL, &tmp, joint,
	    secret[0], &c0, &e), "a deck of one card is not shuffled");
	tmp.n = NDECK;
	tmp.w = MP_W_MAX + 1;
	is_int(ERR_USAGE, mp_shuffle(&d[NSEATS], &badpf, NULL, &tmp, joint,
	    secret[0], &c0, &e), "cards of %d ciphertexts are refused",
	    MP_W_MAX + 1);
	tmp = d[0];
	memset(tmp.ct[3][0].a, 0, 32);
	is_int(ERR_REFUSED, mp_shuffle(&d[NSEATS], &badpf, NULL, &tmp, joint,
	    secret[0], &c0, &e), "an input deck holding the identity is not "
	    "shuffled");
	is_string("the deck to shuffle, card 3: a ciphertext's first point is "
	    "the identity point", e.msg, "... naming the card");
}

/* each element of the proof altered in turn */
static void
test_shuffle_proof_elements(void)
{
	struct { unsigned char *p; const char *name; } el[] = {
		{ badpf.c[0], "the permutation commitment c_1" },
		{ badpf.c[NDECK - 1], "the permutation commitment c_n" },
		{ badpf.chat[0], "the chain commitment chat_1" },
		{ badpf.chat[NDECK - 1], "the chain commitment chat_n" },
	}, sc[] = {
		{ badpf.chal, "the challenge" },
		{ badpf.s1, "s1" }, { badpf.s2, "s2" }, { badpf.s3, "s3" },
		{ badpf.s4[0], "s4" },
		{ badpf.shat[0], "shat_1" },
		{ badpf.shat[NDECK - 1], "shat_n" },
		{ badpf.sprime[0], "s'_1" },
		{ badpf.sprime[NDECK - 1], "s'_n" },
	};
	unsigned char one[32] = { 1 }, v[32];
	struct mp_ctx c0 = round_ctx(0);
	struct err e;
	size_t i;

	for (i = 0; i < sizeof el / sizeof el[0]; i++) {
		badpf = pf[0];
		/* another valid point: P + G */
		crypto_core_ristretto255_add(v, el[i].p, cards.m[1]);
		memcpy(el[i].p, v, 32);
		refused(&badpf, &d[1], &d[0], joint, NULL, el[i].name);
	}
	for (i = 0; i < sizeof sc / sizeof sc[0]; i++) {
		badpf = pf[0];
		crypto_core_ristretto255_scalar_add(v, sc[i].p, one);
		memcpy(sc[i].p, v, 32);
		refused(&badpf, &d[1], &d[0], joint, NULL, sc[i].name);
	}
	badpf = pf[0];
	unreduce(badpf.s1, pf[0].s1);
	is_int(ERR_REFUSED, mp_shuffle_verify(&badpf, &d[1], &d[0], joint,
	    &c0, &e), "attack: s1 plus L (same value mod L) is refused");
	is_string("a scalar of the shuffle proof is not reduced", e.msg,
	    "... as not reduced");
	badpf = pf[0];
	memcpy(badpf.c[2], badpf.c[1], 32);
	refused(&badpf, &d[1], &d[0], joint, NULL, "a commitment repeated");
}

/* width 2: face and tag shuffled with one permutation */
static void
test_tagged(void)
{
	struct mp_ctx dk = ctx_of("game 0001 deck play"), c0 = round_ctx(0);
	unsigned char tags[NDECK][32], t0[32], t1[32];
	struct mp_cards small, tagc;
	struct mp_share face, tag;
	unsigned got[MP_N_MAX], gott[MP_N_MAX], i, good = 1;
	struct err e;

	mp_cards_init(&small, &dk, NDECK, &e);
	mp_tag_point(t0, &dk, 0);
	mp_tag_point(t1, &dk, 1);
	for (i = 0; i < NDECK; i++)
		memcpy(tags[i], i % 3 == 0 ? t1 : t0, 32);
	tagc.n = 2;
	memcpy(tagc.m[0], t0, 32);
	memcpy(tagc.m[1], t1, 32);
	mp_deck_initial(&d[0], &small, (const unsigned char (*)[32])tags, joint,
	    &dk, &e);
	is_int(2, (int)d[0].w, "a tagged deck has two ciphertexts a card");
	ok(memcmp(d[0].ct[0][0].a, d[0].ct[0][1].a, 32) != 0, "face and tag "
	    "never share randomness (initial deck)");
	is_int(0, mp_shuffle(&d[1], &pf[0], perm[0], &d[0], joint, secret[0],
	    &c0, &e), "a tagged deck shuffles");
	is_int(0, mp_shuffle_verify(&pf[0], &d[1], &d[0], joint, &c0, &e),
	    "... and verifies");
	ok(memcmp(d[1].ct[0][0].a, d[1].ct[0][1].a, 32) != 0, "face and tag "
	    "never share randomness (shuffled)");
	mp_share_make(&face, &key[0], d[1].ct[0][0].a, &c0, &e);
	mp_share_make(&tag, &key[0], d[1].ct[0][1].a, &c0, &e);
	ok(memcmp(face.d, tag.d, 32) != 0, "a tag share is not the face share");
	open_deck(got, &d[1], 0, &small);
	open_deck(gott, &d[1], 1, &tagc);
	for (i = 0; i < NDECK; i++)
		good &= got[i] == perm[0][i] &&
		    gott[i] == (perm[0][i] % 3 == 0);
	ok(good, "each face keeps its tag through the shuffle");
	tmp = d[1];
	tmp.ct[0][1] = d[1].ct[1][1];
	tmp.ct[1][1] = d[1].ct[0][1];
	refused(&pf[0], &tmp, &d[0], joint, NULL, "two tags swapped between "
	    "cards");
	tmp = d[1];
	tmp.ct[0][0] = d[1].ct[0][1];
	tmp.ct[0][1] = d[1].ct[0][0];
	refused(&pf[0], &tmp, &d[0], joint, NULL, "a card's face and tag "
	    "swapped");
}

/* ---- encodings --------------------------------------------------------- */

static void
test_text(void)
{
	static char txt[2 * (4 * MP_N_MAX + 6) * 32 + 1];
	static unsigned char b[(4 * MP_N_MAX + 6) * 32];
	struct mp_ctx blk = ctx_of(blockname);
	struct mp_share sh, sh2;
	struct mp_proof pok, pok2;
	struct mp_deck dk;
	unsigned char y[32];
	struct err e;
	size_t n;

	mp_share_make(&sh, &key[1], dealt.a, &blk, &e);
	is_int(0, mp_share_text(txt, sizeof txt, &sh), "a share as text");
	is_int(2 * MP_SHARE_BYTES, (int)strlen(txt), "... of %d hex digits",
	    2 * MP_SHARE_BYTES);
	is_int(0, mp_share_parse(&sh2, txt, strlen(txt), &e), "... parses "
	    "back");
	ok(memcmp(&sh, &sh2, sizeof sh) == 0, "... to the same share");
	is_int(ERR_DAMAGED, mp_share_parse(&sh2, txt, strlen(txt) - 2, &e),
	    "a share one byte short is refused");
	txt[10] = 'A';
	is_int(ERR_DAMAGED, mp_share_parse(&sh2, txt, strlen(txt), &e),
	    "upper-case hex is refused");
	is_string("a share: not a lower-case hex digit at 10", e.msg,
	    "... naming the digit");
	mp_share_put(b, &sh);
	memset(b, 0xff, 32);
	is_int(ERR_REFUSED, mp_share_get(&sh2, b, MP_SHARE_BYTES, &e),
	    "a share whose point does not decode is refused at parsing");
	mp_share_put(b, &sh);
	unreduce(b + 64, sh.pf.s);
	is_int(ERR_REFUSED, mp_share_get(&sh2, b, MP_SHARE_BYTES, &e),
	    "a share whose answer is not reduced is refused at parsing");
	is_string("the share proof's answer is not a reduced scalar", e.msg,
	    "... so named");

	mp_pok_prove(&pok, &key[0], &blk);
	mp_pubkey_text(txt, sizeof txt, key[0].y, &pok);
	is_int(0, mp_pubkey_parse(y, &pok2, txt, strlen(txt), &e) |
	    memcmp(y, key[0].y, 32) | memcmp(&pok, &pok2, sizeof pok),
	    "a seat key with its proof: text and back");
	memset(txt, '0', 64);
	is_int(ERR_REFUSED, mp_pubkey_parse(y, &pok2, txt, strlen(txt), &e),
	    "a seat key that is the identity is refused at parsing");

	n = mp_deck_bytes(NDECK, 2);
	mp_deck_put(b, &d[1]);
	mp_hex(txt, b, n);
	is_int(0, mp_deck_parse(&dk, NDECK, 2, txt, 2 * n, &e), "a tagged "
	    "deck: text and back");
	ok(memcmp(dk.ct, d[1].ct, NDECK * sizeof dk.ct[0]) == 0,
	    "... the same deck");
	is_int(ERR_DAMAGED, mp_deck_parse(&dk, NDECK - 1, 2, txt, 2 * n, &e),
	    "a deck of another size is refused");
	n = mp_shuffle_proof_bytes(NDECK, 2);
	mp_shuffle_proof_put(b, &pf[0]);
	mp_hex(txt, b, n);
	is_int(0, mp_shuffle_proof_parse(&badpf, NDECK, 2, txt, 2 * n, &e),
	    "a shuffle proof: text and back");
	ok(memcmp(&badpf, &pf[0], sizeof badpf) == 0, "... the same proof");
	memset(txt + 2 * (2 * NDECK + 1) * 32, 'f', 64);
	is_int(ERR_REFUSED, mp_shuffle_proof_parse(&badpf, NDECK, 2, txt,
	    2 * n, &e), "a proof with s1 = 2^256 - 1 is refused at parsing");
	is_int(ERR_USAGE, mp_shuffle_proof_parse(&badpf, MP_N_MAX + 1, 1,
	    txt, 2 * n, &e), "a proof of %d cards is refused", MP_N_MAX + 1);
}

int
main(void)
{
	if (sodium_init() < 0)
		bail("sodium_init");
	setup();
	test_checks();
	test_keys();
	test_cards();
	test_elgamal();
	test_shares();
	test_shuffle_round();
	test_shuffle_attacks();
	test_shuffle_proof_elements();
	test_tagged();
	test_text();
	return done_testing();
}
