/*
 * t/unit/sealed.c -- the sealed-deck layer of save format 2 (lib/sealed.h,
 * trigon-save(5) "Sealed hands", doc/sealed-hands.md section 8), linked
 * with the core alone.
 *
 * Every seat and an observer each keep their own view of the game, fed
 * only the lines of the file, written as text and parsed back: a full
 * round (declare, every seat shuffles, deal, share, open, audit) with 2
 * and with 4 seats, checking that each view reads exactly the cards its
 * seat may read.  Then each cheat, refused with its reason, the deck
 * unchanged: a false shuffle, a shuffle out of turn, a false share, a
 * share for the wrong position, a share copied from another game or
 * another seat, a share for a card not dealt, a card opened that was
 * not dealt there, an open before the shares, a false audit secret.
 * Known answers for one small deck fix the byte layouts.  Each line
 * is a format-2 answer line as lib/fairline.c reads it.  Last, a whole
 * 3-seat file written line by line by the seats' own clients is rebuilt
 * by a fresh reader of every seat and an observer (lib/sealedfile.c),
 * and altered copies are refused at the altered line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "../tap.h"
#include "fair.h"
#include "sealed.h"

/* Linked with the core alone: the program names its (empty) table. */
const struct rules *const rules_table[] = { NULL };

#define SEATS 4
static const char *const names[SEATS] = { "green", "purple", "blue",
    "orange" };

/* One game: a view per seat, then the observer's (index nseats). */
struct table {
	unsigned nseats;
	unsigned char id[16];
	unsigned char secret[SEATS][32];
	struct sealed_game g[SEATS + 1];
	struct sealed_deck d[SEATS + 1];
};

static void
block_of(unsigned char b[32], unsigned k)
{
	memset(b, 0, 32);
	b[0] = 0xb0;
	b[31] = (unsigned char)k;
}

static int
table_init(struct table *t, unsigned nseats, unsigned char idbyte,
    unsigned n)
{
	unsigned char ys[SEATS][32];
	struct mp_key k;
	struct err e;

	memset(t, 0, sizeof *t);
	t->nseats = nseats;
	for (int i = 0; i < 16; i++)
		t->id[i] = (unsigned char)(idbyte + i);
	for (unsigned s = 0; s < nseats; s++) {
		memset(t->secret[s], 0x11 * (int)(s + 1), 32);
		if (mp_key_derive(&k, t->secret[s], &e) != 0)
			return -1;
		memcpy(ys[s], k.y, 32);
	}
	for (unsigned v = 0; v <= nseats; v++) {
		int me = v < nseats ? (int)v : -1;

		if (sealed_game_init(&t->g[v], t->id, nseats, names,
		    (const unsigned char (*)[32])ys, me,
		    me >= 0 ? t->secret[v] : NULL, &e) != 0 ||
		    sealed_deck_init(&t->d[v], &t->g[v], "play", 0, n, &e) != 0) {
			diag("init: %s", e.msg);
			return -1;
		}
	}
	return 0;
}

/* Seat s shuffles; the line and its blob are written, parsed back and
 * given to every view. */
static int
do_shuffle(struct table *t, unsigned s, unsigned blk, struct err *e)
{
	static struct mp_deck out, pout;
	static struct mp_shuffle_proof pf, ppf;
	unsigned char b[32], h[32];
	char body[200], lines[40][SEALED_BLOB_LINE + 3];
	const char *lp[40];
	size_t ll[40];
	struct sealed_args a;
	unsigned k, nl;
	int rc;

	block_of(b, blk);
	if ((rc = sealed_shuffle_make(&out, &pf, &t->g[s], &t->d[s], b, e)) !=
	    0)
		return rc;
	nl = sealed_blob_lines(out.n, out.w);
	if (nl > 40 || sealed_format_shuffle(body, sizeof body, "play", 0,
	    nl) != 0)
		return -100;
	for (k = 0; k < nl; k++) {
		if (sealed_blob_line(lines[k], sizeof lines[k], &out, &pf, k) !=
		    0)
			return -101;
		lp[k] = lines[k];
		ll[k] = strlen(lines[k]);
	}
	/* "shuffle play 0 +K": the args are before " +K" */
	if ((rc = sealed_parse_shuffle(&a, body + 8, (size_t)(strchr(body +
	    8 + 5, ' ') - body - 8), e)) != 0)
		return rc;
	if ((rc = sealed_blob_parse(&pout, &ppf, out.n, out.w, lp, ll, nl, h,
	    e)) != 0)
		return rc;
	for (unsigned v = 0; v <= t->nseats; v++)
		if ((rc = sealed_shuffle_accept(&t->d[v], &t->g[v], (int)s, b,
		    &pout, &ppf, e)) != 0)
			return rc;
	return 0;
}

static int
deal_all(struct table *t, unsigned pos, unsigned to, struct err *e)
{
	for (unsigned v = 0; v <= t->nseats; v++) {
		int rc = sealed_deal(&t->d[v], &t->g[v], pos, (int)to, e);

		if (rc != 0)
			return rc;
	}
	return 0;
}

/* seat s's share of pos, through its line's text, to every view */
static int
do_share(struct table *t, unsigned s, unsigned pos, unsigned blk,
    struct err *e)
{
	struct mp_share sh;
	struct sealed_args a;
	unsigned char b[32];
	char body[300];
	int rc, to;

	block_of(b, blk);
	if ((rc = sealed_share_make(&sh, &t->g[s], &t->d[s], pos, b, e)) != 0)
		return rc;
	to = t->d[s].pos[pos].owner;
	if (sealed_format_share(body, sizeof body, "play", 0, pos, names[to],
	    &sh) != 0)
		return -100;
	if ((rc = sealed_parse_share(&a, body + 6, strlen(body + 6), e)) != 0)
		return rc;
	for (unsigned v = 0; v <= t->nseats; v++)
		if ((rc = sealed_share_accept(&t->d[v], &t->g[v], (int)s, a.pos,
		    to, b, &a.share, e)) != 0)
			return rc;
	return 0;
}

static int
do_open(struct table *t, unsigned s, unsigned pos, unsigned blk,
    unsigned *card, struct err *e)
{
	struct mp_share sh;
	struct sealed_args a;
	unsigned char b[32];
	char body[300];
	int rc;

	block_of(b, blk);
	if ((rc = sealed_open_make(&sh, &t->g[s], &t->d[s], pos, b, e)) != 0)
		return rc;
	if (sealed_format_open(body, sizeof body, "play", 0, pos, &sh) != 0)
		return -100;
	if ((rc = sealed_parse_open(&a, body + 5, strlen(body + 5), e)) != 0)
		return rc;
	for (unsigned v = 0; v <= t->nseats; v++)
		if ((rc = sealed_open_accept(&t->d[v], &t->g[v], (int)s, a.pos,
		    b, &a.share, card, e)) != 0)
			return rc;
	return 0;
}

/* Shuffle by every seat; deal 2 positions to each seat; shares. */
static int
setup(struct table *t, unsigned nseats, unsigned char idbyte, unsigned n,
    struct err *e)
{
	int rc;

	if (table_init(t, nseats, idbyte, n) != 0)
		return -1;
	for (unsigned r = 0; r < nseats; r++)
		if ((rc = do_shuffle(t, (unsigned)sealed_shuffler(&t->g[0], r),
		    r + 1, e)) != 0)
			return rc;
	for (unsigned s = 0; s < nseats; s++)
		for (unsigned j = 0; j < 2; j++)
			if ((rc = deal_all(t, 2 * s + j, s, e)) != 0)
				return rc;
	for (unsigned p = 0; p < 2 * nseats; p++)
		for (unsigned s = 0; s < nseats; s++)
			if (s != p / 2 && (rc = do_share(t, s, p, 10 + p, e)) !=
			    0)
				return rc;
	return 0;
}

static void
full_round(unsigned nseats)
{
	static struct table t;
	unsigned faces[MP_N_MAX], card, seen[MP_N_MAX] = { 0 };
	struct err e;
	int rc, views_ok = 1, perm = 1;

	rc = setup(&t, nseats, 0xa0, 12, &e);
	is_int(0, rc, "%u seats: every seat shuffles, 2 cards each dealt and "
	    "shared (%s)", nseats, rc ? e.msg : "ok");
	/* each view reads its own cards and no other */
	for (unsigned v = 0; v <= nseats; v++)
		for (unsigned p = 0; p < 12; p++) {
			int own = p < 2 * nseats && p / 2 == v;

			if ((t.d[v].pos[p].card >= 0) != own)
				views_ok = 0;
		}
	ok(views_ok, "%u seats: each seat reads its 2 dealt cards, no other "
	    "position; the observer reads none", nseats);
	rc = do_open(&t, 1, 2, 50, &card, &e);
	is_int(0, rc, "%u seats: purple opens position 2 (%s)", nseats,
	    rc ? e.msg : "ok");
	is_int(t.d[1].pos[2].card, card, "%u seats: the opened card is the "
	    "one purple read at the deal", nseats);
	ok(t.d[0].pos[2].card == (int)card && t.d[nseats].pos[2].card ==
	    (int)card && t.d[0].pos[2].state == SEALED_OPEN, "%u seats: green "
	    "and the observer now read it too", nseats);
	rc = 0;
	for (unsigned v = 0; v <= nseats && rc == 0; v++)
		for (unsigned s = 0; s < nseats && rc == 0; s++)
			rc = sealed_audit_seat(&t.g[v], (int)s, t.secret[s], &e);
	if (rc == 0)
		rc = sealed_audit_deck(&t.d[nseats], &t.g[nseats], faces, &e);
	is_int(0, rc, "%u seats: the audit decrypts every position (%s)",
	    nseats, rc ? e.msg : "ok");
	for (unsigned p = 0; p < 12 && rc == 0; p++) {
		if (faces[p] >= 12 || seen[faces[p]]++)
			perm = 0;
		if (p < 2 * nseats && (int)faces[p] != t.d[p / 2].pos[p].card)
			perm = 0;
	}
	ok(rc == 0 && perm, "%u seats: the audited deck is a permutation of "
	    "the 12 cards and agrees with what every seat read", nseats);
}

#define REFUSE(call, want, what) do {					\
	static struct sealed_deck before_;				\
	struct err e_;							\
	int rc_;							\
	before_ = *dv;							\
	memset(&e_, 0, sizeof e_);					\
	rc_ = (call);							\
	ok(rc_ == ERR_REFUSED && strstr(e_.msg, (want)) != NULL &&	\
	    memcmp(&before_, dv, sizeof before_) == 0,			\
	    "%s: refused, '%s', deck unchanged", (what), e_.msg);	\
} while (0)

static void
cheats(void)
{
	static struct table t, other;
	static struct mp_deck out;
	static struct mp_shuffle_proof pf;
	struct sealed_deck *dv;
	struct mp_share sh, sh2;
	struct mp_key k;
	unsigned char b[32], bad[32];
	unsigned card;
	struct err e;

	/* shuffles: 4 seats, view of green (index 0) */
	if (table_init(&t, 4, 0xa0, 12) != 0)
		bail("table");
	dv = &t.d[0];
	block_of(b, 1);
	REFUSE(sealed_shuffle_accept(dv, &t.g[0], 0, b, &t.d[0].cur,
	    &pf, &e_), "it is orange's turn",
	    "a shuffle by green when orange shuffles first");
	if (sealed_shuffle_make(&out, &pf, &t.g[3], &t.d[3], b, &e) != 0)
		bail("shuffle: %s", e.msg);
	{
		struct mp_ct tmp = out.ct[0][0];

		out.ct[0][0] = out.ct[1][0];
		out.ct[1][0] = tmp;
	}
	REFUSE(sealed_shuffle_accept(dv, &t.g[0], 3, b, &out, &pf, &e_),
	    "orange's shuffle of play 0 is false",
	    "a false shuffle (two outputs swapped after the proof)");
	{
		struct mp_ct tmp = out.ct[0][0];

		out.ct[0][0] = out.ct[1][0];
		out.ct[1][0] = tmp;
	}
	block_of(bad, 2);
	REFUSE(sealed_shuffle_accept(dv, &t.g[0], 3, bad, &out, &pf, &e_),
	    "orange's shuffle of play 0 is false",
	    "a true shuffle posted in another block");
	is_int(0, sealed_shuffle_accept(dv, &t.g[0], 3, b, &out, &pf, &e),
	    "the same shuffle, unaltered, in its block: accepted");

	/* shares and opens: 4 seats dealt and shared */
	if (setup(&t, 4, 0xa0, 12, &e) != 0 || setup(&other, 4, 0xc0, 12, &e)
	    != 0)
		bail("setup: %s", e.msg);
	dv = &t.d[0];
	if (deal_all(&t, 8, 0, &e) != 0 || deal_all(&t, 9, 0, &e) != 0)
		bail("deal: %s", e.msg);
	is_int(0xe, sealed_share_owed(dv, &t.g[0], 8), "position 8, just "
	    "dealt to green: purple, blue and orange owe a share");
	is_int(0, sealed_share_owed(dv, &t.g[0], 10), "position 10, not "
	    "dealt: no share owed");
	is_int(0, sealed_share_owed(dv, &t.g[0], 0), "position 0, dealt and "
	    "shared: no share owed");
	block_of(b, 60);
	if (sealed_share_make(&sh, &t.g[1], &t.d[1], 8, b, &e) != 0)
		bail("share: %s", e.msg);
	sh2 = sh;
	sh2.pf.s[0] ^= 1;
	REFUSE(sealed_share_accept(dv, &t.g[0], 1, 8, 0, b, &sh2, &e_),
	    "purple's share of play 0 position 8 for green is false",
	    "a false share (its proof altered)");
	REFUSE(sealed_share_accept(dv, &t.g[0], 1, 9, 0, b, &sh, &e_),
	    "purple's share of play 0 position 9 for green is false",
	    "a share for position 8 given as position 9");
	REFUSE(sealed_share_accept(dv, &t.g[0], 2, 8, 0, b, &sh, &e_),
	    "blue's share of play 0 position 8 for green is false",
	    "purple's share copied as blue's");
	block_of(bad, 61);
	REFUSE(sealed_share_accept(dv, &t.g[0], 1, 8, 0, bad, &sh, &e_),
	    "purple's share of play 0 position 8 for green is false",
	    "a share moved to another block");
	if (deal_all(&other, 8, 0, &e) != 0 ||
	    sealed_share_make(&sh2, &other.g[1], &other.d[1], 8, b, &e) != 0)
		bail("other game: %s", e.msg);
	REFUSE(sealed_share_accept(dv, &t.g[0], 1, 8, 0, b, &sh2, &e_),
	    "purple's share of play 0 position 8 for green is false",
	    "a share copied from another game");
	REFUSE(sealed_share_accept(dv, &t.g[0], 1, 10, 0, b, &sh, &e_),
	    "position 10: it was not dealt", "a share for a card not dealt");
	REFUSE(sealed_share_accept(dv, &t.g[0], 1, 8, 2, b, &sh, &e_),
	    "it was dealt to green, not to blue",
	    "a share for a card dealt to another seat");
	REFUSE(sealed_share_accept(dv, &t.g[0], 0, 8, 0, b, &sh, &e_),
	    "a seat does not share its own card", "green sharing its own card");
	is_int(0, sealed_share_accept(dv, &t.g[0], 1, 8, 0, b, &sh, &e),
	    "purple's true share of position 8: accepted");
	is_int(0xc, sealed_share_owed(dv, &t.g[0], 8), "position 8: blue "
	    "and orange still owe a share");
	REFUSE(sealed_share_accept(dv, &t.g[0], 1, 8, 0, b, &sh, &e_),
	    "already in", "the same share twice");

	/* opens: position 2 and 3 are purple's, 0 and 1 green's */
	block_of(b, 70);
	if (sealed_open_make(&sh, &t.g[1], &t.d[1], 2, b, &e) != 0)
		bail("open: %s", e.msg);
	REFUSE(sealed_open_accept(dv, &t.g[0], 0, 2, b, &sh, &card, &e_),
	    "it was dealt to purple, not to green",
	    "green opening a card dealt to purple");
	REFUSE(sealed_open_accept(dv, &t.g[0], 1, 3, b, &sh, &card, &e_),
	    "purple's opening of play 0 position 3 is false (not the card "
	    "dealt there)", "purple opening position 3 with position 2's "
	    "share");
	REFUSE(sealed_open_accept(dv, &t.g[0], 1, 5, b, &sh, &card, &e_),
	    "position 5: it was dealt to blue, not to purple",
	    "purple opening a position dealt to blue");
	REFUSE(sealed_open_accept(dv, &t.g[0], 1, 11, b, &sh, &card, &e_),
	    "position 11: it was not dealt", "an open of a card never dealt");
	if (sealed_open_make(&sh, &t.g[0], &t.d[0], 8, b, &e) != 0)
		bail("open 8: %s", e.msg);
	REFUSE(sealed_open_accept(dv, &t.g[0], 0, 8, b, &sh, &card, &e_),
	    "before every other seat's share of it is in",
	    "an open before the other seats' shares");
	if (sealed_open_make(&sh, &t.g[1], &t.d[1], 2, b, &e) != 0)
		bail("open: %s", e.msg);
	is_int(0, sealed_open_accept(dv, &t.g[0], 1, 2, b, &sh, &card, &e),
	    "purple's true opening of position 2: accepted");
	REFUSE(sealed_open_accept(dv, &t.g[0], 1, 2, b, &sh, &card, &e_),
	    "is open already", "the same card opened twice");

	/* the audit */
	memset(bad, 0x77, 32);
	if (mp_key_derive(&k, bad, &e) != 0)
		bail("key");
	{
		struct sealed_game g0 = t.g[0];

		ok(sealed_audit_seat(&t.g[0], 1, bad, &e) == ERR_REFUSED &&
		    strstr(e.msg, "does not give the key it joined with") &&
		    t.g[0].audited == g0.audited, "an audit with another "
		    "secret: refused, '%s'", e.msg);
	}
	ok(sealed_audit_deck(dv, &t.g[0], (unsigned[MP_N_MAX]){ 0 }, &e) ==
	    ERR_REFUSED && strstr(e.msg, "not every seat has audited"),
	    "the deck's audit before every seat's: refused");
	{
		struct sealed_game g;
		unsigned char ys[4][32];

		for (int s = 0; s < 4; s++)
			memcpy(ys[s], t.g[0].y[s], 32);
		ok(sealed_game_init(&g, t.id, 4, names,
		    (const unsigned char (*)[32])ys, 1, t.secret[0], &e) ==
		    ERR_REFUSED && strstr(e.msg, "not purple's"),
		    "a reader claiming purple's seat with green's secret: "
		    "refused");
	}
}

static const char *
hex(const unsigned char *p, size_t n)
{
	static char buf[2 * 64 + 1];

	sodium_bin2hex(buf, sizeof buf, p, n);
	return buf;
}

/* Known answers: 2 seats, a 4-card deck, the ctx bytes spelled out. */
static void
known_answers(void)
{
	static struct table t;
	static unsigned char db[MP_N_MAX * MP_W_MAX * 64];
	unsigned char want[200], h[32], b[32];
	struct sealed_ctxbuf cb;
	struct mp_share sh;
	char body[300];
	size_t n = 0;
	struct err e;

	for (int i = 0; i < 16; i++)
		want[n++] = (unsigned char)(0xa0 + i);
	want[n++] = 'h';
	want[n++] = 4;
	memcpy(want + n, "play", 4);
	n += 4;
	memcpy(want + n, "\0\0\0\7", 4);
	n += 4;
	want[n++] = 6;
	memcpy(want + n, "purple", 6);
	n += 6;
	memcpy(want + n, "\0\0\0\3", 4);
	n += 4;
	want[n++] = 5;
	memcpy(want + n, "green", 5);
	n += 5;
	block_of(b, 9);
	memcpy(want + n, b, 32);
	n += 32;
	{
		unsigned char id[16];

		for (int i = 0; i < 16; i++)
			id[i] = (unsigned char)(0xa0 + i);
		sealed_ctx(&cb, id, SEALED_USE_SHARE, "play", 7, "purple", 3,
		    "green", b);
	}
	ok(cb.ctx.len == n && memcmp(cb.ctx.p, want, n) == 0, "a share's "
	    "context is id || 'h' || 4 'play' || gen 7 || 6 'purple' || "
	    "pos 3 || 5 'green' || block (%zu bytes)", n);

	if (setup(&t, 2, 0xa0, 4, &e) != 0)
		bail("setup: %s", e.msg);
	{
		/* the card point from its documented bytes, with libsodium
		 * alone: BLAKE2b-512("trigon-fair v1 card" NUL || len:2 ||
		 * ctx || k:4), from_hash; ctx = id || 'c' || 4 'play' ||
		 * gen 0 || 0 || pos 0 || 0 || 32 zero bytes */
		static const char dom[] = "trigon-fair v1 card";
		unsigned char c[100], wide[64], m[32];
		size_t cl = 0;

		for (int i = 0; i < 16; i++)
			c[cl++] = (unsigned char)(0xa0 + i);
		c[cl++] = 'c';
		c[cl++] = 4;
		memcpy(c + cl, "play", 4);
		cl += 4;
		memset(c + cl, 0, 4 + 1 + 4 + 1 + 32);
		cl += 42;
		{
			crypto_generichash_state st;
			unsigned char l2[2] = { 0, (unsigned char)cl }, k4[4] =
			    { 0, 0, 0, 0 };

			crypto_generichash_init(&st, NULL, 0, 64);
			crypto_generichash_update(&st, (const unsigned char *)
			    dom, sizeof dom);
			crypto_generichash_update(&st, l2, 2);
			crypto_generichash_update(&st, c, cl);
			crypto_generichash_update(&st, k4, 4);
			crypto_generichash_final(&st, wide, 64);
		}
		crypto_core_ristretto255_from_hash(m, wide);
		ok(memcmp(m, t.d[0].cards.m[0], 32) == 0, "card 0 of play 0 "
		    "is the documented hash of the deck's context");
	}
	is_string("02f9863182eca03eaa517c6646f2416ce3620d663f0775e2b662f3e89b14da6c",
	    hex(t.d[0].cards.m[0], 32), "card 0 of play 0 (known answer)");
	mp_deck_put(db, &t.d[2].cur);
	crypto_generichash(h, 32, db, mp_deck_bytes(4, 1), NULL, 0);
	is_string("7dc93cc98d5bd478ca516d09b19c71c39f82a1c5599f6c214d6d6ffa676976e6",
	    hex(h, 32), "H32 of the deck after both shuffles "
	    "(known answer)");
	block_of(b, 10);
	if (sealed_share_make(&sh, &t.g[1], &t.d[1], 0, b, &e) != 0 ||
	    sealed_format_share(body, sizeof body, "play", 0, 0, "green",
	    &sh) != 0)
		bail("share");
	is_string("share play 0 0 green SPiUST-BiW5O123_8L2cWIozeMnnKTkXsYMeLJRVt"
	    "TTIYJKxkVrMcVEGYV96w3GfoNQgD6hykBKndwG9XBLOA4EDgJYsOADwgUmqlwxBF"
	    "56y9cRvuLSXW5A-9lV_N08A", body, "purple's share line of position 0 (known "
	    "answer)");
	is_int(2, t.d[0].pos[0].card, "green reads card 2 at position 0 "
	    "(known answer)");
}

/* The lines fit format 2's answer grammar as lib/fairline.c reads it. */
static void
grammar(void)
{
	static struct table t;
	struct fair_answer fa;
	struct mp_share sh;
	unsigned char b[32];
	char body[400], line[600], sig[87];
	struct err e;

	memset(sig, 'A', 86);
	sig[86] = '\0';
	block_of(b, 3);
	if (setup(&t, 2, 0xa0, 4, &e) != 0 ||
	    sealed_share_make(&sh, &t.g[0], &t.d[0], 2, b, &e) != 0)
		bail("grammar: %s", e.msg);
	sealed_format_share(body, sizeof body, "play", 0, 2, "purple", &sh);
	snprintf(line, sizeof line, "@ green %s | 0123456789abcdef %s", body,
	    sig);
	ok(fair_parse_answer(line, strlen(line), &fa, &e) == 0 &&
	    fa.kind == FAIR_SHARE && fa.argslen == strlen(body) - 6,
	    "a share line is a format-2 answer line of kind share");
	sealed_format_open(body, sizeof body, "play", 0, 0, &sh);
	snprintf(line, sizeof line, "@ green %s | 0123456789abcdef %s", body,
	    sig);
	ok(fair_parse_answer(line, strlen(line), &fa, &e) == 0 &&
	    fa.kind == FAIR_OPEN, "an open line is a format-2 answer line of "
	    "kind open");
	sealed_format_shuffle(body, sizeof body, "play", 0, 22);
	snprintf(line, sizeof line, "@ green %s | 0123456789abcdef %s", body,
	    sig);
	ok(fair_parse_answer(line, strlen(line), &fa, &e) == 0 &&
	    fa.kind == FAIR_SHUFFLE && fa.blob_lines == 22 &&
	    sealed_parse_shuffle(&(struct sealed_args){ 0 }, fa.args,
	    fa.argslen, &e) == 0, "a shuffle line is a format-2 answer line "
	    "with 22 blob lines, its arguments 'play 0'");
	is_int(22, (long long)sealed_blob_lines(82, 1), "an 82-card shuffle "
	    "takes 22 blob lines");
}


/* ---- a whole file, line by line (sealedfile.c) ---------------------- */

#define FLINES 80
struct file {
	unsigned n;
	char *line[FLINES];
	unsigned blk[FLINES];
	unsigned nblob[FLINES];
	char *blob[FLINES][32];
};

static void
file_free(struct file *f)
{
	for (unsigned i = 0; i < f->n; i++) {
		free(f->line[i]);
		for (unsigned k = 0; k < f->nblob[i]; k++)
			free(f->blob[i][k]);
	}
	memset(f, 0, sizeof *f);
}

static int
tables_init(struct sealed_table *tb, unsigned nseats, unsigned char idbyte)
{
	unsigned char id[16], ys[SEATS][32], sec[32];
	struct mp_key k;
	struct err e;

	for (int i = 0; i < 16; i++)
		id[i] = (unsigned char)(idbyte + i);
	for (unsigned s = 0; s < nseats; s++) {
		memset(sec, 0x11 * (int)(s + 1), 32);
		if (mp_key_derive(&k, sec, &e) != 0)
			return -1;
		memcpy(ys[s], k.y, 32);
	}
	for (unsigned v = 0; v <= nseats; v++) {
		sealed_table_init(&tb[v]);
		memset(sec, 0x11 * (int)(v + 1), 32);
		if (sealed_game_init(&tb[v].g, id, nseats, names,
		    (const unsigned char (*)[32])ys, v < nseats ? (int)v : -1,
		    v < nseats ? sec : NULL, &e) != 0)
			return -1;
	}
	return 0;
}

/* line i of f to table t; -1 - i on a refusal (message in e) */
static int
replay(struct sealed_table *t, const struct file *f, struct err *e)
{
	for (unsigned i = 0; i < f->n; i++) {
		unsigned char b[32];
		size_t bl[32];

		block_of(b, f->blk[i]);
		for (unsigned k = 0; k < f->nblob[i]; k++)
			bl[k] = strlen(f->blob[i][k]);
		if (sealed_table_line(t, f->line[i], strlen(f->line[i]), b,
		    (const char *const *)f->blob[i], bl, f->nblob[i], e) != 0)
			return -1 - (int)i;
	}
	return 0;
}

static void
add(struct file *f, struct sealed_table *tb, unsigned nv, unsigned blk,
    const char *fmt, ...)
{
	va_list ap;
	char buf[1200];
	struct file one;
	struct err e;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	f->line[f->n] = strdup(buf);
	f->blk[f->n] = blk;
	one = *f;
	one.n = 1;
	one.line[0] = f->line[f->n];
	one.blk[0] = blk;
	one.nblob[0] = f->nblob[f->n];
	memcpy(one.blob[0], f->blob[f->n], sizeof one.blob[0]);
	f->n++;
	for (unsigned v = 0; v < nv; v++)
		if (replay(&tb[v], &one, &e) != 0)
			bail("writing line %u: %s", f->n, e.msg);
}

#define SIG "| 0123456789abcdef AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"

/* 3 seats, 10 cards: declare, shuffle, deal 2 each, share, one open */
static void
write_file(struct file *f, struct sealed_table *tb)
{
	static struct mp_deck out;
	static struct mp_shuffle_proof pf;
	char body[400];
	unsigned char b[32];
	struct mp_share sh;
	struct err e;
	unsigned blk = 1;

	memset(f, 0, sizeof *f);
	add(f, tb, 4, 0, "#? sealed play 0 n=10: blue purple green");
	for (unsigned r = 0; r < 3; r++, blk++) {
		int s = sealed_shuffler(&tb[0].g, r);
		struct sealed_deck *d = sealed_table_deck(&tb[s], "play", 0);
		unsigned nl;

		block_of(b, blk);
		if (sealed_shuffle_make(&out, &pf, &tb[s].g, d, b, &e) != 0)
			bail("shuffle: %s", e.msg);
		nl = sealed_blob_lines(10, 1);
		for (unsigned k = 0; k < nl; k++) {
			f->blob[f->n][k] = malloc(SEALED_BLOB_LINE + 3);
			sealed_blob_line(f->blob[f->n][k], SEALED_BLOB_LINE + 3,
			    &out, &pf, k);
		}
		f->nblob[f->n] = nl;
		sealed_format_shuffle(body, sizeof body, "play", 0, nl);
		add(f, tb, 4, blk, "@ %s %s %s", names[s], body, SIG);
	}
	add(f, tb, 4, blk, "#? deal play 0 green 0,1: purple blue");
	add(f, tb, 4, blk, "#? deal play 0 purple 2,3: green blue");
	add(f, tb, 4, blk, "#? deal play 0 blue 4,5: green purple");
	blk++;
	for (unsigned p = 0; p < 6; p++)
		for (unsigned s = 0; s < 3; s++) {
			if (s == p / 2)
				continue;
			block_of(b, blk);
			if (sealed_share_make(&sh, &tb[s].g, sealed_table_deck(
			    &tb[s], "play", 0), p, b, &e) != 0)
				bail("share: %s", e.msg);
			sealed_format_share(body, sizeof body, "play", 0, p,
			    names[p / 2], &sh);
			add(f, tb, 4, blk, "@ %s %s %s", names[s], body, SIG);
		}
	add(f, tb, 4, blk, "#? open play 0 2: purple");
	blk++;
	block_of(b, blk);
	if (sealed_open_make(&sh, &tb[1].g, sealed_table_deck(&tb[1], "play",
	    0), 2, b, &e) != 0)
		bail("open: %s", e.msg);
	sealed_format_open(body, sizeof body, "play", 0, 2, &sh);
	add(f, tb, 4, blk, "@ purple %s %s", body, SIG);
}

/* a fresh reader of seat v (3 = observer) refuses f at line want */
static void
refused_at(const struct file *f, unsigned want, const char *msg,
    const char *what)
{
	static struct sealed_table tb[4];
	struct err e;
	int rc;

	if (tables_init(tb, 3, 0xa0) != 0)
		bail("tables");
	memset(&e, 0, sizeof e);
	rc = replay(&tb[3], f, &e);
	ok(rc == -1 - (int)want && strstr(e.msg, msg) != NULL, "%s: refused "
	    "at line %u: '%s'", what, want + 1, e.msg);
	for (unsigned v = 0; v < 4; v++)
		sealed_table_release(&tb[v]);
}

static void
whole_file(void)
{
	static struct sealed_table tb[4], fresh[4];
	static struct file f;
	struct err e;
	int rc = 0, views = 1;
	char *keep;

	if (tables_init(tb, 3, 0xa0) != 0 || tables_init(fresh, 3, 0xa0) != 0)
		bail("tables");
	write_file(&f, tb);
	is_int(1 + 3 + 3 + 12 + 2, (long long)f.n, "the file: a deck, 3 "
	    "shuffles, 3 deals, 12 shares, an open await and an open");
	for (unsigned v = 0; v < 4 && rc == 0; v++)
		rc = replay(&fresh[v], &f, &e);
	is_int(0, rc, "each seat and an observer rebuild the decks from the "
	    "file's lines alone (%s)", rc ? e.msg : "ok");
	for (unsigned v = 0; v < 4; v++) {
		struct sealed_deck *d = sealed_table_deck(&fresh[v], "play", 0);

		for (unsigned p = 0; p < 10 && d != NULL; p++) {
			int may = (p < 6 && p / 2 == v) || p == 2;

			if ((d->pos[p].card >= 0) != may || (may &&
			    d->pos[p].card != sealed_table_deck(&tb[p == 2 ? 1 :
			    p / 2], "play", 0)->pos[p].card))
				views = 0;
		}
	}
	ok(views, "each reader reads its own 2 cards and the opened one, and "
	    "nothing else; the observer the opened one only");

	/* faulty files, each refused at its line */
	static char deal1[] = "#? deal play 0 green 0,1: blue purple";
	static char deal2[] = "#? deal play 0 green 0,2: purple blue";
	static char open4[] = "#? open play 0 4: purple";
	static char deal3[] = "#? deal play 0 green 0,0: purple blue";

	keep = f.line[4];
	f.line[4] = deal1;
	refused_at(&f, 4, "every other seat's share, in seat order",
	    "a deal awaiting the shares in another order");
	f.line[4] = deal2;
	refused_at(&f, 5, "position 2 is dealt already",
	    "a position dealt to green, then to purple");
	f.line[4] = deal3;
	refused_at(&f, 4, "position 0 is dealt twice in one line",
	    "a position dealt twice in one deal");
	f.line[4] = keep;
	{
		char moved[400], *at;

		keep = f.line[8];
		snprintf(moved, sizeof moved, "%s", keep);
		if ((at = strstr(moved, " play 0 0 green ")) == NULL)
			bail("line 9 is not blue's share of position 0");
		at[8] = '1';
		f.line[8] = moved;
		refused_at(&f, 8, "blue's share of play 0 position 1 for green "
		    "is false", "blue's share of position 0 given as position "
		    "1");
		f.line[8] = keep;
	}
	keep = f.line[20];
	f.line[20] = open4;
	refused_at(&f, 20, "not purple's to open",
	    "an open await for a card dealt to blue");
	f.line[20] = keep;
	{
		char *shuf = f.line[1];

		f.line[1] = f.line[2];
		refused_at(&f, 1, "it is blue's turn",
		    "purple's shuffle put in blue's place");
		f.line[1] = shuf;
	}
	file_free(&f);
	for (unsigned v = 0; v < 4; v++) {
		sealed_table_release(&tb[v]);
		sealed_table_release(&fresh[v]);
	}
}

static void
lines(void)
{
	struct sealed_args a;
	struct err e;
	static const char share[] = "play 0 3 green ";
	char buf[400];

	is_int(0, sealed_parse_shuffle(&a, "play 12", 7, &e), "'play 12' "
	    "parses as a shuffle's arguments");
	ok(a.gen == 12 && strcmp(a.deck, "play") == 0, "deck play, gen 12");
	ok(sealed_parse_shuffle(&a, "play 012", 8, &e) == ERR_DAMAGED,
	    "a generation with a leading zero: refused");
	ok(sealed_parse_shuffle(&a, "Play 1", 6, &e) == ERR_DAMAGED,
	    "an upper-case deck name: refused");
	ok(sealed_parse_shuffle(&a, "play 1 ", 7, &e) == ERR_DAMAGED,
	    "a trailing space: refused");
	ok(sealed_parse_shuffle(&a, "play  1", 7, &e) == ERR_DAMAGED,
	    "two spaces: refused");
	snprintf(buf, sizeof buf, "%s%0128d", share, 0);
	ok(sealed_parse_share(&a, buf, strlen(buf), &e) != 0 &&
	    strstr(e.msg, "not a Ristretto255 point") != NULL,
	    "a share whose point does not decode: refused, '%s'", e.msg);
	snprintf(buf, sizeof buf, "%s%0127d", share, 0);
	ok(sealed_parse_share(&a, buf, strlen(buf), &e) == ERR_DAMAGED,
	    "a share of 127 characters: refused");
	ok(sealed_parse_open(&a, "play 0 128 x", 12, &e) == ERR_DAMAGED &&
	    strstr(e.msg, "POS is 0 to 127"), "position 128: refused");
}

int
main(void)
{
	if (sodium_init() < 0)
		bail("sodium_init");
	full_round(2);
	full_round(4);
	cheats();
	known_answers();
	grammar();
	whole_file();
	lines();
	return done_testing();
}
