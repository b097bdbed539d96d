/*
 * t/unit/fair.c -- fair chance's cryptography (lib/fair.h;
 * doc/fair-chance.md; trigon-save(5), FORMAT 2: FAIR
 * CHANCE), linked with the core alone.
 *
 * Known answers: fixed seeds, game id and seats give the hex values
 * below (computed once by lib/fair.c and written here); each is also
 * recomputed here from the page's byte layout with libsodium directly
 * (crypto_generichash, crypto_sign_seed_keypair, crypto_scalarmult_
 * ristretto255_base, the ChaCha20 keystream), so the module and the
 * man page agree.  Then the faults, each refused with its message and
 * nothing changed: a chain link skipped, a release repeated, another
 * seat's value, a chain used up, a value reused in an event, seats out
 * of order, a bad point, the identity, a proof bit flipped, a scalar
 * not reduced, base64 not canonical.  Last, the line parsers
 * (lib/fairline.c): the chance header line, answer lines of each
 * stage-1 kind built and signed here and parsed back, the signed
 * message recomputed from the page, and each fault of a line refused
 * with its message.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "../tap.h"
#include "fair.h"

static unsigned char seed_g[32], seed_p[32], id[16];

static const char *
hex(const unsigned char *p, size_t n)
{
	static char buf[4][129];
	static int slot;
	char *b = buf[slot++ % 4];

	sodium_bin2hex(b, sizeof buf[0], p, n);
	return b;
}

/* The message bytes, built by hand from the page. */
struct msg {
	unsigned char b[2048];
	size_t n;
};

static void
m_add(struct msg *m, const void *p, size_t n)
{
	memcpy(m->b + m->n, p, n);
	m->n += n;
}

static void
m_str0(struct msg *m, const char *s)
{
	m_add(m, s, strlen(s) + 1);
}

static void
m_seat(struct msg *m, const char *s)
{
	unsigned char l = (unsigned char)strlen(s);

	m_add(m, &l, 1);
	m_add(m, s, l);
}

static void
m_be32(struct msg *m, uint32_t v)
{
	unsigned char b[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
	    (unsigned char)(v >> 8), (unsigned char)v };

	m_add(m, b, 4);
}

static void
test_seat(void)
{
	struct fair_seat *g = NULL, *a = NULL;
	struct err e;
	struct msg m;
	unsigned char want[64], pk[32], sk[64], v[32], sig[64];

	ok(fair_seat_new(&g, seed_g, id, "green", 16, &e) == 0,
	    "R3.2: green's secrets for n = 16");
	is_string("866a445f3f010eccf98ceafd67475b46265a1c760459ee163d858a4ff5a3647e", hex(g->secret, 32), "S of green (KAT)");
	is_string("0bdaaabd92069a5ba873f037e8269ba100144432a997cb1fec55d92e43925aca", hex(g->answer_seed, 32), "A of green (KAT)");
	is_string("c6bf6ac1817b0cb629f82316a520890b04574605917e390dd93ca9acbc7ef8eb", hex(g->answer_pk, 32), "answer key of green (KAT)");
	is_string("c839cc6b0b42c94a090c01cdc860c549f253cf04ff1eccfadd0d0ee91f0d961e", hex(g->commit, 32), "commit of green (KAT)");
	is_string("0da31ae818ecc21e472c4533cc452504632f7cbd68bdcef88fcefec78b45f302", hex(g->x, 32), "x of green (KAT)");
	is_string("5639abad9353972360b87dd2398661327037ec1da1e901d8ed42f6436719814e", hex(g->y, 32), "Y of green (KAT)");
	is_string("abf54b5ca4f8334cdf97f043b755f88c41f9a13c73b655a6d55d8b3fa751b17f", hex(g->top, 32), "c[16] of green (KAT)");
	is_string("268ec37ccf59953cc4a168204d40aa40f35444c994da7be3d7f692a53d4ea04c", hex(g->anchor, 32), "c[0] of green, n = 16 (KAT)");

	/* S = BLAKE2b-256(key = seed, "trigon-fair v1 seat secret" NUL || id || 5 "green") */
	m.n = 0;
	m_str0(&m, "trigon-fair v1 seat secret");
	m_add(&m, id, 16);
	m_seat(&m, "green");
	crypto_generichash(want, 32, m.b, m.n, seed_g, 32);
	ok(memcmp(want, g->secret, 32) == 0, "S recomputed from the page");
	m.n = 0;
	m_str0(&m, "trigon-fair v1 answer key");
	m_add(&m, id, 16);
	m_seat(&m, "green");
	crypto_generichash(want, 32, m.b, m.n, seed_g, 32);
	ok(memcmp(want, g->answer_seed, 32) == 0, "A recomputed from the page");
	crypto_sign_seed_keypair(pk, sk, want);
	ok(memcmp(pk, g->answer_pk, 32) == 0 && memcmp(sk, g->answer_sk, 64) == 0,
	    "answer key pair = crypto_sign_seed_keypair(A)");
	crypto_sign_detached(sig, NULL, (const unsigned char *)"x", 1, g->answer_sk);
	ok(crypto_sign_verify_detached(sig, (const unsigned char *)"x", 1,
	    g->answer_pk) == 0, "the answer key signs");
	m.n = 0;
	m_str0(&m, "trigon-fair v1 seat commit");
	m_add(&m, id, 16);
	m_add(&m, g->secret, 32);
	crypto_generichash(want, 32, m.b, m.n, NULL, 0);
	ok(memcmp(want, g->commit, 32) == 0, "commit recomputed from the page");
	/* x = reduce(BLAKE2b-512("trigon-fair v1 elgamal key" NUL || S)) */
	m.n = 0;
	m_str0(&m, "trigon-fair v1 elgamal key");
	m_add(&m, g->secret, 32);
	crypto_generichash(want, 64, m.b, m.n, NULL, 0);
	crypto_core_ristretto255_scalar_reduce(v, want);
	ok(memcmp(v, g->x, 32) == 0, "x recomputed from the page");
	ok(crypto_scalarmult_ristretto255_base(v, g->x) == 0 &&
	    memcmp(v, g->y, 32) == 0, "Y = x.G");
	m.n = 0;
	m_str0(&m, "trigon-fair v1 chain seed");
	crypto_generichash(want, 32, m.b, m.n, g->secret, 32);
	ok(memcmp(want, g->top, 32) == 0, "c[N] recomputed from the page");
	/* c[15] = BLAKE2b-256("trigon-fair v1 chain" NUL || id || 5 "green" || 16 || c[16]) */
	m.n = 0;
	m_str0(&m, "trigon-fair v1 chain");
	m_add(&m, id, 16);
	m_seat(&m, "green");
	m_be32(&m, 16);
	m_add(&m, g->top, 32);
	crypto_generichash(want, 32, m.b, m.n, NULL, 0);
	ok(fair_seat_value(g, 15, v, &e) == 0 && memcmp(want, v, 32) == 0,
	    "c[15] recomputed from the page");
	memcpy(v, g->top, 32);
	for (uint32_t k = 16; k > 0; k--)
		fair_chain_link(v, id, "green", 5, k, v);
	ok(memcmp(v, g->anchor, 32) == 0, "c[0] is 16 links below c[16]");
	ok(fair_seat_value(g, 17, v, &e) == ERR_REFUSED, "no c[17] for n = 16");
	is_string("green's chain has no value 17 (it has 16)", e.msg, "its message");

	/* the audit: from S alone, the same public values, no answer key */
	ok(fair_seat_audit(&a, g->secret, id, "green", 16, &e) == 0, "audit view");
	ok(memcmp(a->commit, g->commit, 32) == 0 && memcmp(a->y, g->y, 32) == 0
	    && memcmp(a->anchor, g->anchor, 32) == 0 && !a->has_answer &&
	    sodium_is_zero(a->answer_sk, 64),
	    "trigon-save(5), Format 2, The audit: S gives commit, Y and anchor, never the answer key");
	fair_seat_free(a);
	fair_seat_free(g);

	ok(fair_seat_new(&g, seed_g, id, "green", FAIR_CHAIN_N, &e) == 0,
	    "green's secrets for n = 65536");
	is_string("7a238e140bc3ede5517b6dfe67dbe920b5994eac63f81cb29d6bb60107cf8a47", hex(g->anchor, 32), "c[0] of green, n = 65536 (KAT)");
	is_string("abf54b5ca4f8334cdf97f043b755f88c41f9a13c73b655a6d55d8b3fa751b17f", hex(g->top, 32), "c[N] does not depend on N");
	fair_seat_free(g);
	ok(fair_seat_new(&g, seed_g, id, "green", 12, &e) == ERR_USAGE,
	    "n = 12 refused");
	is_string("chain length 12 is not a power of two from 1 to 1048576",
	    e.msg, "its message");
	ok(fair_seat_new(&g, seed_g, id, "", 16, &e) == ERR_USAGE,
	    "an empty seat name refused");
}

static void
test_chain(void)
{
	struct fair_seat *g = NULL, *p = NULL;
	struct fair_chain ch, before;
	struct err e;
	unsigned char v[32], w[32];
	int all = 1;

	if (fair_seat_new(&g, seed_g, id, "green", 16, &e) != 0 ||
	    fair_seat_new(&p, seed_p, id, "purple", 16, &e) != 0)
		bail("seats: %s", e.msg);
	fair_chain_init(&ch, g->anchor, 16);
	/* faults first, at position 1 */
	fair_seat_value(g, 2, v, &e);
	before = ch;
	ok(fair_chain_accept(&ch, id, "green", 17, v, &e) == ERR_REFUSED,
	    "R3.5: a release skipping a chain position is refused");
	is_string("green's release 17 does not hash to its previous value "
	    "(chain position 1)", e.msg, "its message");
	ok(memcmp(&ch, &before, sizeof ch) == 0, "the chain is unchanged");
	fair_seat_value(p, 1, v, &e);
	ok(fair_chain_accept(&ch, id, "green", 17, v, &e) == ERR_REFUSED,
	    "purple's value released as green's is refused");
	is_string("green's release 17 does not hash to its previous value "
	    "(chain position 1)", e.msg, "its message");
	fair_seat_value(g, 1, v, &e);
	ok(fair_chain_accept(&ch, id, "purple", 17, v, &e) == ERR_REFUSED,
	    "green's value under purple's name is refused (the seat is hashed)");
	memcpy(w, id, 16);
	w[0] ^= 1;
	ok(fair_chain_accept(&ch, w, "green", 17, v, &e) == ERR_REFUSED,
	    "a release of another game is refused (the id is hashed)");
	ok(fair_chain_accept(&ch, id, "green", 17, v, &e) == 0 && ch.k == 1,
	    "c[1] accepted");
	before = ch;
	ok(fair_chain_accept(&ch, id, "green", 18, v, &e) == ERR_REFUSED,
	    "the same value released again is refused");
	is_string("green's release 18 repeats its previous release", e.msg,
	    "its message");
	ok(memcmp(&ch, &before, sizeof ch) == 0, "the chain is unchanged");
	for (uint32_t k = 2; k <= 16; k++) {
		fair_seat_value(g, k, v, &e);
		if (fair_chain_accept(&ch, id, "green", 16 + k, v, &e) != 0)
			all = 0;
	}
	ok(all && ch.k == 16 && memcmp(ch.last, g->top, 32) == 0,
	    "c[2] .. c[16] accepted in turn, ending at the top");
	ok(fair_chain_accept(&ch, id, "green", 33, v, &e) == ERR_REFUSED,
	    "a 17th release is refused");
	is_string("green's chain is used up (16 values released)", e.msg,
	    "its message");
	fair_seat_free(g);
	fair_seat_free(p);
}

static void
test_event(void)
{
	struct fair_seat *g = NULL, *p = NULL;
	struct fair_contrib c[2];
	struct chance_stream s;
	struct err e;
	struct msg m;
	unsigned char key[32], want[32], ks[64];
	static const unsigned char zero[64], nonce[12];
	const char *label = "battle at trollmark";
	char dice[64];
	size_t dn = 0;

	if (fair_seat_new(&g, seed_g, id, "green", 16, &e) != 0 ||
	    fair_seat_new(&p, seed_p, id, "purple", 16, &e) != 0)
		bail("seats: %s", e.msg);
	c[0].seat = 0;
	c[0].name = "green";
	c[0].k = 1;
	fair_seat_value(g, 1, c[0].value, &e);
	c[1].seat = 1;
	c[1].name = "purple";
	c[1].k = 3;
	fair_seat_value(p, 3, c[1].value, &e);
	ok(fair_event_key(key, id, 17, label, strlen(label), c, 2, &e) == 0,
	    "R3.5: the key of event 17 from green's c[1] and purple's c[3]");
	is_string("35253a9cc80441a865080826f569c38495b751c9f84885b5f541f067fb1ea924", hex(key, 32), "event key (KAT)");
	m.n = 0;
	m_str0(&m, "trigon-fair v1 event");
	m_add(&m, id, 16);
	m_be32(&m, 17);
	m_add(&m, "\0\023", 2);
	m_add(&m, label, strlen(label));
	m_add(&m, "\0", 1);
	m_be32(&m, 1);
	m_add(&m, c[0].value, 32);
	m_add(&m, "\1", 1);
	m_be32(&m, 3);
	m_add(&m, c[1].value, 32);
	crypto_generichash(want, 32, m.b, m.n, NULL, 0);
	ok(memcmp(want, key, 32) == 0, "event key recomputed from the page");

	fair_event_stream(&s, key);
	for (int i = 0; i < 20; i++)
		dn += (size_t)snprintf(dice + dn, sizeof dice - dn, "%d",
		    chance_die(&s));
	is_string("16166533646343461465", dice, "the event's first 20 dice (KAT)");
	crypto_stream_chacha20_ietf_xor_ic(ks, zero, 64, nonce, 0, key);
	fair_event_stream(&s, key);
	ok(chance_below(&s, 256) == ks[0] && chance_below(&s, 256) == ks[1],
	    "the stream is ChaCha20-IETF under the key, nonce zero, block 0");

	/* faults */
	memcpy(c[1].value, c[0].value, 32);
	ok(fair_event_key(key, id, 17, label, strlen(label), c, 2, &e) ==
	    ERR_REFUSED, "a value reused by another seat is refused");
	is_string("purple's release 17 reuses green's value", e.msg, "its message");
	fair_seat_value(p, 3, c[1].value, &e);
	{
		struct fair_contrib r[2] = { c[1], c[0] };

		ok(fair_event_key(key, id, 17, label, strlen(label), r, 2, &e)
		    == ERR_REFUSED, "contributions out of seat order are refused");
		is_string("the contributions to event 17 are out of order: "
		    "green after purple", e.msg, "its message");
	}
	c[0].k = 0;
	ok(fair_event_key(key, id, 17, label, strlen(label), c, 2, &e) ==
	    ERR_REFUSED, "chain position 0 (the anchor) is refused");
	is_string("green's release 17 is its anchor (chain position 0)",
	    e.msg, "its message");
	c[0].k = 1;
	ok(fair_event_key(key, id, 17, label, strlen(label), c, 0, &e) ==
	    ERR_REFUSED, "an empty quorum is refused");
	is_string("event 17 has no contribution", e.msg, "its message");
	ok(fair_event_key(key, id, 0, label, strlen(label), c, 2, &e) ==
	    ERR_REFUSED, "event 0 is refused");
	is_string("events are numbered from 1", e.msg, "its message");
	ok(fair_event_key(want, id, 18, label, strlen(label), c, 2, &e) == 0 &&
	    fair_event_key(key, id, 17, label, strlen(label), c, 2, &e) == 0 &&
	    memcmp(want, key, 32) != 0, "another event number, another key");
	ok(fair_event_key(want, id, 17, "turn order", 10, c, 2, &e) == 0 &&
	    memcmp(want, key, 32) != 0, "another label, another key");
	fair_seat_free(g);
	fair_seat_free(p);
}

static void
test_ristretto(void)
{
	struct fair_seat *g = NULL, *p = NULL;
	struct err e;
	unsigned char c[32], s[32], t[32], bad[32];
	/* the group order L, little-endian */
	static const unsigned char order[32] = {
		0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
		0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0x10 };
	char b[FAIR_B64_LEN + 1];

	if (fair_seat_new(&g, seed_g, id, "green", 16, &e) != 0 ||
	    fair_seat_new(&p, seed_p, id, "purple", 16, &e) != 0)
		bail("seats: %s", e.msg);
	ok(fair_pok_prove(g, c, s, &e) == 0, "R3.4: green's proof of knowledge");
	is_string("57d3791b1755181e4149f0ac86881a8aebf664c1ffde44cf71c5d55470607c09", hex(c, 32), "its c (KAT)");
	is_string("96cbc4cafa042d313f572421868aad643a83ad2bc32a0ea4c20edc385b6da50b", hex(s, 32), "its s (KAT)");
	ok(fair_pok_verify(id, "green", g->y, c, s, &e) == 0, "it verifies");
	{
		/* R = s.G + c.Y; c = reduce(BLAKE2b-512("trigon-fair v1 pok"
		 * NUL || id || 5 "green" || Y || R)), from the page */
		unsigned char sg[32], cy[32], r[32], h[64];
		struct msg m;

		m.n = 0;
		ok(crypto_scalarmult_ristretto255_base(sg, s) == 0 &&
		    crypto_scalarmult_ristretto255(cy, c, g->y) == 0 &&
		    crypto_core_ristretto255_add(r, sg, cy) == 0,
		    "R = s.G + c.Y by hand");
		m_str0(&m, "trigon-fair v1 pok");
		m_add(&m, id, 16);
		m_seat(&m, "green");
		m_add(&m, g->y, 32);
		m_add(&m, r, 32);
		crypto_generichash(h, 64, m.b, m.n, NULL, 0);
		crypto_core_ristretto255_scalar_reduce(t, h);
		ok(memcmp(t, c, 32) == 0, "c recomputed from the page");
		/* R = k.G with k = reduce(BLAKE2b-512("trigon-fair v1 nonce"
		 * NUL || S || 3 "pok")) */
		m.n = 0;
		m_str0(&m, "trigon-fair v1 nonce");
		m_add(&m, g->secret, 32);
		m_add(&m, "\003pok", 4);
		crypto_generichash(h, 64, m.b, m.n, NULL, 0);
		crypto_core_ristretto255_scalar_reduce(t, h);
		ok(crypto_scalarmult_ristretto255_base(sg, t) == 0 &&
		    memcmp(sg, r, 32) == 0, "R is the nonce's point");
	}
	ok(fair_pok_verify(id, "purple", g->y, c, s, &e) == ERR_REFUSED,
	    "not for another seat (the seat is in the statement)");
	is_string("bad proof of knowledge for purple", e.msg, "its message");
	ok(fair_pok_verify(id, "green", p->y, c, s, &e) == ERR_REFUSED,
	    "not for another seat's key (a copied key)");
	for (int i = 0; i < 2; i++) {
		memcpy(t, i == 0 ? c : s, 32);
		t[5] ^= 0x10;
		ok(fair_pok_verify(id, "green", g->y, i == 0 ? t : c,
		    i == 0 ? s : t, &e) == ERR_REFUSED,
		    "a bit flipped in %s is refused", i == 0 ? "c" : "s");
		is_string("bad proof of knowledge for green", e.msg, "its message");
	}
	/* s + L is the same scalar, not reduced */
	memcpy(t, s, 32);
	crypto_core_ristretto255_scalar_add(t, s, order);	/* == s */
	ok(memcmp(t, s, 32) == 0, "s + L reduces to s");
	{
		unsigned carry = 0;

		for (int i = 0; i < 32; i++) {
			carry += (unsigned)s[i] + order[i];
			t[i] = (unsigned char)carry;
			carry >>= 8;
		}
	}
	ok(fair_pok_verify(id, "green", g->y, c, t, &e) == ERR_REFUSED,
	    "s + L (not reduced) is refused");
	is_string("bad proof of knowledge for green: a scalar is not reduced",
	    e.msg, "its message");
	ok(!fair_scalar_canonical(order), "L is not a reduced scalar");
	memcpy(t, order, 32);
	t[0]--;
	ok(fair_scalar_canonical(t), "L - 1 is");
	memset(t, 0, 32);
	ok(fair_pok_verify(id, "green", g->y, c, t, &e) == ERR_REFUSED,
	    "s = 0 is refused");
	is_string("bad proof of knowledge for green: a zero scalar", e.msg,
	    "its message");

	/* points */
	memcpy(bad, g->y, 32);
	bad[0] ^= 1;		/* odd encodings are never valid */
	ok(fair_pok_verify(id, "green", bad, c, s, &e) == ERR_REFUSED,
	    "trigon-save(5), Format 2: a key that is not a point is refused");
	is_string("the joining key is not a Ristretto255 point", e.msg,
	    "its message");
	memset(bad, 0, 32);
	ok(fair_point_check(bad, "green's key", &e) == ERR_REFUSED,
	    "the identity is refused");
	is_string("green's key is the identity point", e.msg, "its message");
	memset(bad, 0xff, 32);
	ok(fair_point_check(bad, "green's key", &e) == ERR_REFUSED,
	    "ff..ff (not canonical) is refused");
	ok(fair_point_check(g->y, "green's key", &e) == 0, "Y passes");

	/* encoding */
	fair_b64(b, g->y);
	ok(strlen(b) == 43 && fair_unb64(t, b, 43, "y", &e) == 0 &&
	    memcmp(t, g->y, 32) == 0, "base64 round trip");
	{
		/* 43 characters carry 258 bits: the last one's 2 low bits are
		 * unused, 0 in the one spelling; set one (same bytes) */
		static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "abcdefghijklmnopqrstuvwxyz0123456789-_";
		const char *at = strchr(abc, b[42]);

		ok(at != NULL && (at - abc) % 4 == 0, "the last character's "
		    "low bits are 0");
		b[42] = abc[(at - abc) + 1];
	}
	ok(fair_unb64(t, b, 43, "y", &e) == ERR_REFUSED,
	    "the same bytes with an unused bit set are refused");
	is_string("y: not URL-safe base64", e.msg,
	    "its message");
	ok(fair_unb64(t, "AAAA", 4, "y", &e) == ERR_REFUSED,
	    "a short value is refused");
	is_string("y: wanted 43 characters of base64, not 4", e.msg, "its message");
	fair_seat_free(g);
	fair_seat_free(p);
}

/* An answer line "@ SEAT BODY | BLOCK SIG", signed by sk over block hash bh. */
static size_t
answer_line(char *out, size_t max, const char *seat, const char *body,
    const unsigned char bh[32], const unsigned char *sk)
{
	unsigned char msg[FAIR_ANSWER_MSG_MAX], sig[64];
	char bx[17], sb[87];
	size_t n = fair_answer_message(msg, id, bh, seat, strlen(seat), body,
	    strlen(body), NULL);

	crypto_sign_detached(sig, NULL, msg, n, sk);
	sodium_bin2hex(bx, sizeof bx, bh, 8);
	sodium_bin2base64(sb, sizeof sb, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	return (size_t)snprintf(out, max, "@ %s %s | %s %s", seat, body, bx, sb);
}

static int
refused(const char *line, int code, const char *msg, const char *what)
{
	struct fair_answer a;
	struct err e;
	int rc;

	err_clear(&e);
	rc = fair_parse_answer(line, strlen(line), &a, &e);
	ok(rc == code, "%s: refused (%d)", what, rc);
	return is_string(msg, e.msg, "%s: its message", what);
}

static void
test_lines(void)
{
	struct fair_seat *g = NULL;
	struct fair_answer a;
	struct err e;
	struct msg m;
	unsigned char bh[32], v[32], msg[FAIR_ANSWER_MSG_MAX], c[32], s[32];
	char line[1100], body[900], b1[44], b2[44], b3[44], b4[44], b5[44],
	    b6[44];
	int mode = -1;
	size_t n;

	/* the header's chance line */
	ok(fair_parse_chance("chance open", 11, &mode, &e) == 0 &&
	    mode == FAIR_CHANCE_OPEN, "R3.1: 'chance open'");
	ok(fair_parse_chance("chance fair", 11, &mode, &e) == 0 &&
	    mode == FAIR_CHANCE_FAIR, "R3.1: 'chance fair'");
	ok(fair_parse_chance("chance referee", 14, &mode, &e) == ERR_DAMAGED,
	    "'chance referee' refused (not yet)");
	is_string("chance referee is not supported yet", e.msg, "its message");
	ok(fair_parse_chance("chance Fair", 11, &mode, &e) == ERR_DAMAGED,
	    "'chance Fair' refused");
	is_string("unknown chance mode 'Fair' (open or fair)", e.msg,
	    "its message");
	ok(fair_parse_chance("chance  fair", 12, &mode, &e) == ERR_DAMAGED,
	    "two spaces refused");
	ok(fair_parse_chance("chance", 6, &mode, &e) == ERR_DAMAGED,
	    "'chance' alone refused");
	is_string("a chance line is 'chance open' or 'chance fair'", e.msg,
	    "its message");

	if (fair_seat_new(&g, seed_g, id, "green", 16, &e) != 0)
		bail("seat: %s", e.msg);
	for (int i = 0; i < 32; i++)
		bh[i] = (unsigned char)(0x10 * (i % 16) + i % 7);

	/* a release, signed with the answer key */
	fair_seat_value(g, 1, v, &e);
	fair_b64(b1, v);
	snprintf(body, sizeof body, "release 17 %s", b1);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	ok(fair_parse_answer(line, strlen(line), &a, &e) == 0,
	    "R3.3: a release line parses");
	ok(a.kind == FAIR_RELEASE && a.seatlen == 5 &&
	    memcmp(a.seat, "green", 5) == 0 && a.u.release.event == 17 &&
	    memcmp(a.u.release.value, v, 32) == 0 && a.blob_lines == 0 &&
	    memcmp(a.block, bh, 8) == 0 && a.bodylen == strlen(body) &&
	    memcmp(a.body, body, a.bodylen) == 0,
	    "its seat, kind, event, value, block and body");
	/* the signed message, by hand from the page */
	m.n = 0;
	m_str0(&m, "trigon-save 2 answer");
	m_add(&m, id, 16);
	m_add(&m, bh, 32);
	m_seat(&m, "green");
	{
		unsigned char l[2] = { (unsigned char)(strlen(body) >> 8),
		    (unsigned char)strlen(body) };

		m_add(&m, l, 2);
	}
	m_add(&m, body, strlen(body));
	memset(m.b + m.n, 0, 32);
	m.n += 32;
	n = fair_answer_message(msg, id, bh, a.seat, a.seatlen, a.body,
	    a.bodylen, NULL);
	ok(n == m.n && memcmp(msg, m.b, n) == 0 && m.b[20] == 0 && n ==
	    21 + 16 + 32 + 6 + 2 + strlen(body) + 32,
	    "the signed message recomputed from the page");
	ok(crypto_sign_verify_detached(a.sig, m.b, m.n, g->answer_pk) == 0,
	    "the parsed signature verifies with the answer key");
	m.b[21] ^= 1;
	ok(crypto_sign_verify_detached(a.sig, m.b, m.n, g->answer_pk) != 0,
	    "not in another game");

	/* a join with y and pok, parsed back */
	if (fair_pok_prove(g, c, s, &e) != 0)
		bail("pok: %s", e.msg);
	fair_b64(b1, g->answer_pk);
	fair_b64(b2, g->anchor);
	fair_b64(b3, g->commit);
	fair_b64(b4, g->y);
	fair_b64(b5, c);
	fair_b64(b6, s);
	snprintf(body, sizeof body, "join key=trigon-ed25519:%s n=16 anchor=%s "
	    "commit=%s y=%s pok=%s%s", b1, b2, b3, b4, b5, b6);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	ok(fair_parse_answer(line, strlen(line), &a, &e) == 0,
	    "R3.4: a join line parses");
	ok(a.kind == FAIR_JOIN && a.u.join.n == 16 && a.u.join.has_y &&
	    memcmp(a.u.join.key, g->answer_pk, 32) == 0 &&
	    memcmp(a.u.join.anchor, g->anchor, 32) == 0 &&
	    memcmp(a.u.join.commit, g->commit, 32) == 0 &&
	    memcmp(a.u.join.y, g->y, 32) == 0,
	    "its key, n, anchor, commit and Y");
	ok(fair_pok_verify(id, "green", a.u.join.y, a.u.join.pok_c,
	    a.u.join.pok_s, &e) == 0, "its proof verifies");
	/* hands open: no y, no pok */
	snprintf(body, sizeof body, "join key=trigon-ed25519:%s n=65536 "
	    "anchor=%s commit=%s", b1, b2, b3);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	ok(fair_parse_answer(line, strlen(line), &a, &e) == 0 &&
	    !a.u.join.has_y && a.u.join.n == 65536, "a join without y parses");
	/* a bad point for y */
	{
		char bad[44];
		unsigned char yb[32];

		memcpy(yb, g->y, 32);
		yb[0] ^= 1;
		fair_b64(bad, yb);
		snprintf(body, sizeof body, "join key=trigon-ed25519:%s n=16 "
		    "anchor=%s commit=%s y=%s pok=%s%s", b1, b2, b3, bad, b5,
		    b6);
		answer_line(line, sizeof line, "green", body, bh,
		    g->answer_sk);
		refused(line, ERR_REFUSED, "join: y is not a Ristretto255 "
		    "point", "trigon-save(5), Format 2: a join whose y is not a point");
	}
	snprintf(body, sizeof body, "join key=trigon-ed25519:%s n=12 "
	    "anchor=%s commit=%s", b1, b2, b3);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	refused(line, ERR_DAMAGED, "join: n is a power of two from 1 to "
	    "1048576", "a join with n = 12");
	snprintf(body, sizeof body, "join n=16 key=trigon-ed25519:%s "
	    "anchor=%s commit=%s", b1, b2, b3);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	refused(line, ERR_DAMAGED, "join: field 1 is 'key=trigon-ed25519:...'",
	    "a join with its fields swapped");

	/* blobs, audit, other kinds */
	answer_line(line, sizeof line, "green", "shuffle play 1 +2", bh,
	    g->answer_sk);
	ok(fair_parse_answer(line, strlen(line), &a, &e) == 0 &&
	    a.kind == FAIR_SHUFFLE && a.blob_lines == 2 && a.argslen == 6 &&
	    memcmp(a.args, "play 1", 6) == 0, "a shuffle with +2 parses");
	answer_line(line, sizeof line, "green", "release 17 +2", bh,
	    g->answer_sk);
	refused(line, ERR_DAMAGED, "a release line carries no blob",
	    "a release with a blob");
	answer_line(line, sizeof line, "green", "shuffle play 1 +0", bh,
	    g->answer_sk);
	refused(line, ERR_DAMAGED, "'+K' counts 1 to 4096 blob lines",
	    "+0");
	fair_b64(b1, g->secret);
	snprintf(body, sizeof body, "audit %s", b1);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	ok(fair_parse_answer(line, strlen(line), &a, &e) == 0 &&
	    a.kind == FAIR_AUDIT && memcmp(a.u.audit.secret, g->secret, 32)
	    == 0, "trigon-save(5), Format 2, The audit: an audit parses");
	answer_line(line, sizeof line, "green", "forfeit purple "
	    "2026-11-27T10:06:00Z", bh, g->answer_sk);
	ok(fair_parse_answer(line, strlen(line), &a, &e) == 0 &&
	    a.kind == FAIR_FORFEIT && a.argslen == 27, "a forfeit parses "
	    "(arguments kept raw)");

	/* faults of the line itself */
	fair_seat_value(g, 1, v, &e);
	fair_b64(b1, v);
	snprintf(body, sizeof body, "release 017 %s", b1);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	refused(line, ERR_DAMAGED, "release: the event number is 1 to "
	    "4294967295, no leading zero", "release 017");
	snprintf(body, sizeof body, "release 0 %s", b1);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	refused(line, ERR_DAMAGED, "release: the event number is 1 to "
	    "4294967295, no leading zero", "release 0");
	snprintf(body, sizeof body, "release 17 %.42s", b1);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	refused(line, ERR_DAMAGED, "release: wanted 43 characters of base64, "
	    "not 42", "a release value cut short");
	answer_line(line, sizeof line, "green", "roll 17", bh, g->answer_sk);
	refused(line, ERR_DAMAGED, "unknown answer kind 'roll'",
	    "an unknown kind");
	snprintf(body, sizeof body, "release  17 %s", b1);
	answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	refused(line, ERR_DAMAGED, "the words of an answer are printable "
	    "ASCII, one space apart", "two spaces");
	snprintf(body, sizeof body, "release 17 %s", b1);
	n = answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	line[n - 87 - 16] = 'A';	/* the block field's first digit */
	refused(line, ERR_DAMAGED, "the block field is 16 lower-case hex "
	    "digits", "an upper-case block field");
	n = answer_line(line, sizeof line, "green", body, bh, g->answer_sk);
	line[n - 1] = '\0';
	refused(line, ERR_DAMAGED, "an answer line is '@ SEAT KIND ARGS... | "
	    "BLOCK SIGNATURE'", "a signature cut short");
	n = answer_line(line, sizeof line, "Green", body, bh, g->answer_sk);
	refused(line, ERR_DAMAGED, "an answer line is '@ SEAT KIND ARGS... | "
	    "BLOCK SIGNATURE'", "an upper-case seat");
	refused("@ green release 17", ERR_DAMAGED, "an answer line is '@ SEAT "
	    "KIND ARGS... | BLOCK SIGNATURE'", "no block and signature");
	fair_seat_free(g);
}

int
main(void)
{
	if (sodium_init() < 0)
		bail("sodium_init");
	for (int i = 0; i < 32; i++) {
		seed_g[i] = (unsigned char)i;
		seed_p[i] = (unsigned char)(0x20 + i);
	}
	for (int i = 0; i < 16; i++)
		id[i] = (unsigned char)(0xa0 + i);
	test_seat();
	test_chain();
	test_event();
	test_ristretto();
	test_lines();
	return done_testing();
}
