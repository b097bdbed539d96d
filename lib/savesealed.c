/*
 * savesealed.c -- the save layer's part of sealed hands: the joins'
 * ElGamal keys, the sealed-deck table after the last join, and the
 * game's requests (declare, deal, open: rules.h, struct rules_sealed),
 * each answered from the table or owed as a "#?" line and pending
 * (savesealed.h; trigon-save(5), "Sealed hands").
 *
 * Not here: reading lines and blocks (save.c), the decks (sealed.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "buf.h"
#include "savesealed.h"

static int req_declare(void *ctx, const char *deck, uint32_t gen,
    unsigned n, struct rules_error *err);
static int req_deal(void *ctx, const char *deck, uint32_t gen, int seat,
    const unsigned *pos, unsigned npos, int *card, struct rules_error *err);
static int read_any(struct save_sealed *ss, struct sealed_deck *d,
    unsigned pos, struct rules_error *err);
static int req_open(void *ctx, const char *deck, uint32_t gen, int seat,
    unsigned pos, int *card, struct rules_error *err);

struct save_sealed *
save_sealed_new(save_sealed_owe_fn owe, void *owe_ctx)
{
	struct save_sealed *ss = calloc(1, sizeof *ss);

	if (ss == NULL)
		return NULL;
	sealed_table_init(&ss->t);
	ss->req.declare = req_declare;
	ss->req.deal = req_deal;
	ss->req.open = req_open;
	ss->req.ctx = ss;
	ss->owe = owe;
	ss->owe_ctx = owe_ctx;
	return ss;
}

void
save_sealed_free(struct save_sealed *ss)
{
	if (ss == NULL)
		return;
	sealed_table_release(&ss->t);
	sodium_memzero(ss, sizeof *ss);
	free(ss);
}

int
save_sealed_copy(struct save_sealed **out, const struct save_sealed *from)
{
	struct save_sealed *ss;

	*out = NULL;
	if (from == NULL)
		return 0;
	if ((ss = malloc(sizeof *ss)) == NULL)
		return ERR_NOMEM;
	*ss = *from;
	ss->req.ctx = ss;
	for (unsigned i = 0; i < from->t.ndecks; i++) {
		if ((ss->t.deck[i] = malloc(sizeof *ss->t.deck[i])) == NULL) {
			ss->t.ndecks = i;
			save_sealed_free(ss);
			return ERR_NOMEM;
		}
		*ss->t.deck[i] = *from->t.deck[i];
	}
	*out = ss;
	return 0;
}

int
save_sealed_join(struct save_sealed *ss,
    const unsigned char id[FAIR_ID_BYTES], int seat,
    const char *const *names, const struct fair_answer *a, struct err *e)
{
	const char *name = names[seat];
	struct err fe;

	err_clear(&fe);
	if (!a->u.join.has_y)
		return err_set(e, ERR_REFUSED, "%s's join carries no y= and "
		    "pok=, which sealed hands require", name);
	if (fair_pok_verify(id, name, a->u.join.y, a->u.join.pok_c,
	    a->u.join.pok_s, &fe) != 0)
		return err_set(e, ERR_REFUSED, "%s's join: %s", name, fe.msg);
	for (int t = 0; t < RULES_MAX_SEATS; t++)
		if (t != seat && (ss->joined & 1u << t) &&
		    sodium_memcmp(ss->y[t], a->u.join.y, FAIR_BYTES) == 0)
			return err_set(e, ERR_REFUSED, "%s's join repeats "
			    "%s's ElGamal key y=", name, names[t]);
	memcpy(ss->y[seat], a->u.join.y, FAIR_BYTES);
	ss->joined |= 1u << seat;
	return 0;
}

int
save_sealed_start(struct save_sealed *ss,
    const unsigned char id[FAIR_ID_BYTES], int nseats,
    const char *const *names, const struct rules *r, int me,
    const unsigned char *secret, struct err *e)
{
	int rc;

	if (nseats < 1 || nseats > RULES_MAX_SEATS ||
	    ss->joined != (1u << nseats) - 1)
		return err_set(e, ERR_USAGE, "not every seat has its key");
	rc = sealed_game_init(&ss->t.g, id, (unsigned)nseats, names,
	    (const unsigned char (*)[MP_BYTES])ss->y, me, secret, e);
	if (rc != 0)
		return rc;
	ss->ready = 1;
	if (!r->hands_sealed)
		return err_set(e, ERR_REFUSED, "%s deals no sealed hands yet: "
		    "a game with 'hands sealed' cannot start", r->title);
	return 0;
}

int
save_sealed_join_text(char *out, size_t n, const struct fair_seat *fs,
    struct err *e)
{
	unsigned char c[FAIR_BYTES], s[FAIR_BYTES];
	char y[FAIR_B64_LEN + 1], ct[FAIR_B64_LEN + 1], st[FAIR_B64_LEN + 1];
	int rc, len;

	if ((rc = fair_pok_prove(fs, c, s, e)) != 0)
		return rc;
	fair_b64(y, fs->y);
	fair_b64(ct, c);
	fair_b64(st, s);
	len = snprintf(out, n, " y=%s pok=%s%s", y, ct, st);
	if (len < 0 || (size_t)len >= n)
		return err_set(e, ERR_USAGE, "no room for a join's y= and "
		    "pok=");
	return 0;
}

/* ---- the game's requests (rules.h, struct rules_sealed) ---------------- */

#define AWAIT_MAX 1200		/* "#? deal ..." of MP_N_MAX positions */

static int
req_fail(struct rules_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* err filled with the reason: code (RULES_PENDING, RULES_EDATA, ...). */
static int
req_fail(struct rules_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return code;
}

/* "#? TEXT": checked and applied by the table as a reader of the file
 * would, then owed. */
static int
ask(struct save_sealed *ss, const char *text, struct rules_error *err)
{
	static const unsigned char none[SEALED_HASH_BYTES];
	char line[AWAIT_MAX + 4];
	struct err e;
	int n = snprintf(line, sizeof line, "#? %s", text);

	err_clear(&e);
	if (n < 0 || (size_t)n >= sizeof line)
		return req_fail(err, RULES_EDATA, "a sealed await too long");
	if (sealed_table_line(&ss->t, line, (size_t)n, none, NULL, NULL, 0,
	    &e) != 0)
		return req_fail(err, e.code == ERR_NOMEM ? RULES_ENOMEM :
		    RULES_EDATA, "%s", e.msg);
	if (ss->owe(ss->owe_ctx, line) != 0)
		return req_fail(err, RULES_ENOMEM, "out of memory");
	ss->nasked++;
	return 0;
}

/* RULES_PENDING: the game waits for `what` (printf-style) of seats. */
static int
wait_for(struct save_sealed *ss, unsigned seats, struct rules_error *err,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int
wait_for(struct save_sealed *ss, unsigned seats, struct rules_error *err,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ss->wait, sizeof ss->wait, fmt, ap);
	va_end(ap);
	ss->wait_seats = seats;
	return req_fail(err, RULES_PENDING, "%s", ss->wait);
}

/* The declared deck, or NULL with err filled (RULES_EDATA). */
static struct sealed_deck *
deck_of(struct save_sealed *ss, const char *deck, uint32_t gen,
    struct rules_error *err)
{
	struct sealed_deck *d = ss->ready ? sealed_table_deck(&ss->t, deck,
	    gen) : NULL;

	if (d == NULL || !sealed_deck_ready(d, &ss->t.g)) {
		req_fail(err, RULES_EDATA, "%s %lu is no shuffled sealed deck",
		    deck, (unsigned long)gen);
		return NULL;
	}
	return d;
}

static int
req_declare(void *ctx, const char *deck, uint32_t gen, unsigned n,
    struct rules_error *err)
{
	struct save_sealed *ss = ctx;
	const struct sealed_game *g = &ss->t.g;
	struct sealed_deck *d;
	char text[AWAIT_MAX];
	int k, rc;

	if (!ss->ready || !sealed_name_ok(deck, strlen(deck)) || n < 2 ||
	    n > MP_N_MAX)
		return req_fail(err, RULES_EDATA, "no sealed deck '%s' of %u "
		    "cards", deck, n);
	if ((d = sealed_table_deck(&ss->t, deck, gen)) == NULL) {
		k = snprintf(text, sizeof text, "sealed %s %lu n=%u:", deck,
		    (unsigned long)gen, n);
		for (unsigned r = 0; k > 0 && (size_t)k < sizeof text &&
		    r < g->nseats; r++)
			k += snprintf(text + k, sizeof text - (size_t)k, " %s",
			    g->seat[sealed_shuffler(g, r)]);
		if ((rc = ask(ss, text, err)) != 0)
			return rc;
		d = sealed_table_deck(&ss->t, deck, gen);
	}
	if (d == NULL || d->cur.n != n)
		return req_fail(err, RULES_EDATA, "%s %lu has %u cards, not %u",
		    deck, (unsigned long)gen, d != NULL ? d->cur.n : 0, n);
	if (!sealed_deck_ready(d, g)) {
		k = sealed_shuffler(g, d->rounds);
		return wait_for(ss, 1u << k, err, "the shuffle of %s %lu by %s",
		    deck, (unsigned long)gen, g->seat[k]);
	}
	return 0;
}

/* How many of pos are hidden, and how many are seat's (dealt or open). */
static void
count_deal(const struct sealed_deck *d, int seat, const unsigned *pos,
    unsigned npos, unsigned *hidden, unsigned *mine)
{
	*hidden = *mine = 0;
	for (unsigned i = 0; i < npos; i++) {
		const struct sealed_pos *p = &d->pos[pos[i]];

		if (p->state == SEALED_HIDDEN)
			(*hidden)++;
		else if (p->owner == seat)
			(*mine)++;
	}
}

static int
req_deal(void *ctx, const char *deck, uint32_t gen, int seat,
    const unsigned *pos, unsigned npos, int *card, struct rules_error *err)
{
	struct save_sealed *ss = ctx;
	const struct sealed_game *g = &ss->t.g;
	struct sealed_deck *d;
	char text[AWAIT_MAX];
	unsigned hidden, mine, owed = 0;
	int rc;

	if ((d = deck_of(ss, deck, gen, err)) == NULL)
		return RULES_EDATA;
	if (seat < 0 || (unsigned)seat >= g->nseats || npos == 0 ||
	    npos > d->cur.n)
		return req_fail(err, RULES_EDATA, "no deal of %u cards of %s "
		    "%lu to seat %d", npos, deck, (unsigned long)gen, seat);
	for (unsigned i = 0; i < npos; i++)
		if (pos[i] >= d->cur.n)
			return req_fail(err, RULES_EDATA, "%s %lu has no "
			    "position %u", deck, (unsigned long)gen, pos[i]);
	count_deal(d, seat, pos, npos, &hidden, &mine);
	if (hidden == npos) {
		if (sealed_format_await_deal(text, sizeof text, g, d, seat, pos,
		    npos) != 0)
			return req_fail(err, RULES_EDATA, "a deal too long");
		if ((rc = ask(ss, text, err)) != 0)
			return rc;
	} else if (mine != npos)
		return req_fail(err, RULES_EDATA, "%s %lu: a deal to %s of "
		    "positions dealt otherwise", deck, (unsigned long)gen,
		    g->seat[seat]);
	for (unsigned i = 0; i < npos; i++)
		owed |= sealed_share_owed(d, g, pos[i]);
	if (owed != 0) {
		char who[SEALED_SEATS_MAX * (SEALED_NAME_MAX + 1) + 1] = "";

		for (unsigned t = 0; t < g->nseats; t++)
			if (owed & 1u << t)
				snprintf(who + strlen(who), sizeof who -
				    strlen(who), "%s%s", who[0] ? " " : "",
				    g->seat[t]);
		return wait_for(ss, owed, err, "the shares of %s %lu for %s: "
		    "%s", deck, (unsigned long)gen, g->seat[seat], who);
	}
	for (unsigned i = 0; i < npos; i++) {
		if (ss->knows_all && d->pos[pos[i]].card < 0 &&
		    read_any(ss, d, pos[i], err) != 0)
			return RULES_EDATA;
		card[i] = d->pos[pos[i]].card;
	}
	return 0;
}

/* The all-knowing reader: the face at pos, whoever holds it, from
 * every seat's key (as the audit reads it). */
static int
read_any(struct save_sealed *ss, struct sealed_deck *d, unsigned pos,
    struct rules_error *err)
{
	unsigned card;
	struct err fe;

	err_clear(&fe);
	if (sealed_face_all(d, ss->all, ss->t.g.nseats, pos, &card, &fe) != 0)
		return req_fail(err, RULES_EDATA, "%s", fe.msg);
	d->pos[pos].card = (int)card;
	ss->nknown++;
	return 0;
}

static int
req_open(void *ctx, const char *deck, uint32_t gen, int seat, unsigned pos,
    int *card, struct rules_error *err)
{
	struct save_sealed *ss = ctx;
	const struct sealed_game *g = &ss->t.g;
	struct sealed_deck *d;
	char text[AWAIT_MAX];
	unsigned i;
	int rc;

	if ((d = deck_of(ss, deck, gen, err)) == NULL)
		return RULES_EDATA;
	if (seat < 0 || (unsigned)seat >= g->nseats || pos >= d->cur.n ||
	    d->pos[pos].state == SEALED_HIDDEN || d->pos[pos].owner != seat)
		return req_fail(err, RULES_EDATA, "%s %lu position %u is not "
		    "%s's to open", deck, (unsigned long)gen, pos,
		    seat >= 0 && (unsigned)seat < g->nseats ? g->seat[seat] :
		    "that seat");
	if (d->pos[pos].state == SEALED_OPEN) {
		*card = d->pos[pos].card;
		return 0;
	}
	for (i = 0; i < ss->t.ndecks && ss->t.deck[i] != d; i++)
		;
	if (!(ss->asked[i][pos / 8] & 1u << pos % 8)) {
		if (sealed_format_await_open(text, sizeof text, g, d, pos) != 0)
			return req_fail(err, RULES_EDATA, "an open too long");
		if ((rc = ask(ss, text, err)) != 0)
			return rc;
		ss->asked[i][pos / 8] |= (unsigned char)(1u << pos % 8);
	}
	return wait_for(ss, 1u << seat, err, "the opening of %s %lu position "
	    "%u by %s", deck, (unsigned long)gen, pos, g->seat[seat]);
}

/* ---- the dry run ------------------------------------------------------- */

static int
dry_declare(void *ctx, const char *deck, uint32_t gen, unsigned n,
    struct rules_error *err)
{
	(void)ctx;
	if (!sealed_name_ok(deck, strlen(deck)) || n < 2 || n > MP_N_MAX)
		return req_fail(err, RULES_EDATA, "no sealed deck '%s' %lu of "
		    "%u cards", deck, (unsigned long)gen, n);
	return 0;
}

static int
dry_deal(void *ctx, const char *deck, uint32_t gen, int seat,
    const unsigned *pos, unsigned npos, int *card, struct rules_error *err)
{
	(void)ctx, (void)deck, (void)gen, (void)seat, (void)pos, (void)err;
	for (unsigned i = 0; i < npos; i++)
		card[i] = RULES_CARD_UNKNOWN;
	return 0;
}

static int
dry_open(void *ctx, const char *deck, uint32_t gen, int seat, unsigned pos,
    int *card, struct rules_error *err)
{
	(void)ctx, (void)seat, (void)card;
	return req_fail(err, RULES_EDATA, "%s %lu position %u: nothing is "
	    "opened before the seats join", deck, (unsigned long)gen, pos);
}

const struct rules_sealed *
save_sealed_dry(void)
{
	static const struct rules_sealed dry = {
		dry_declare, dry_deal, dry_open, NULL
	};

	return &dry;
}

/* ---- the seats' answers -------------------------------------------------- */

int
save_sealed_blob_hash(const char *const *lines, const size_t *lens,
    unsigned n, unsigned char hash[SEALED_HASH_BYTES], struct err *e)
{
	unsigned char b[SEALED_BLOB_LINE / 4 * 3];
	crypto_generichash_state st;
	size_t got;

	crypto_generichash_init(&st, NULL, 0, SEALED_HASH_BYTES);
	for (unsigned k = 0; k < n; k++) {
		if (lens[k] < 3 || lens[k] - 2 > SEALED_BLOB_LINE ||
		    (k + 1 < n && lens[k] - 2 != SEALED_BLOB_LINE) ||
		    sodium_base642bin(b, sizeof b, lines[k] + 2, lens[k] - 2,
		    NULL, &got, NULL,
		    sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0)
			return err_set(e, ERR_DAMAGED, "blob line %u is '| ' and "
			    "URL-safe base64, %d characters but the last", k + 1,
			    SEALED_BLOB_LINE);
		crypto_generichash_update(&st, b, got);
	}
	crypto_generichash_final(&st, hash, SEALED_HASH_BYTES);
	return 0;
}

/* 1 with e->msg when a's await is not open (yet), 0 when it is, or an
 * error. */
static int
not_yet(struct save_sealed *ss, int seat, const struct fair_answer *a,
    struct err *e)
{
	const struct sealed_game *g = &ss->t.g;
	const struct sealed_deck *d;
	struct sealed_args sa;
	unsigned i;
	int rc;

	rc = a->kind == FAIR_SHUFFLE ? sealed_parse_shuffle(&sa, a->args,
	    a->argslen, e) : a->kind == FAIR_SHARE ? sealed_parse_share(&sa,
	    a->args, a->argslen, e) : sealed_parse_open(&sa, a->args,
	    a->argslen, e);
	if (rc != 0)
		return rc;
	if ((d = sealed_table_deck(&ss->t, sa.deck, sa.gen)) == NULL)
		return err_set(e, ERR_REFUSED, "%s %lu is no sealed deck",
		    sa.deck, (unsigned long)sa.gen), 1;
	if (a->kind == FAIR_SHUFFLE)
		return !sealed_deck_ready(d, g) && sealed_shuffler(g,
		    d->rounds) != seat ? (err_set(e, ERR_REFUSED, "%s %lu is "
		    "%s's to shuffle now, not %s's", sa.deck, (unsigned long)
		    sa.gen, g->seat[sealed_shuffler(g, d->rounds)],
		    g->seat[seat]), 1) : 0;
	if (sa.pos >= d->cur.n)
		return 0;	/* the table refuses it */
	if (d->pos[sa.pos].state == SEALED_HIDDEN)
		return err_set(e, ERR_REFUSED, "%s %lu position %lu is not "
		    "dealt", sa.deck, (unsigned long)sa.gen,
		    (unsigned long)sa.pos), 1;
	if (a->kind == FAIR_SHARE)
		return 0;
	for (i = 0; i < ss->t.ndecks && ss->t.deck[i] != d; i++)
		;
	if (!(ss->asked[i][sa.pos / 8] & 1u << sa.pos % 8))
		return err_set(e, ERR_REFUSED, "%s %lu position %lu: its "
		    "opening is not asked", sa.deck, (unsigned long)sa.gen,
		    (unsigned long)sa.pos), 1;
	if (sealed_share_owed(d, g, sa.pos) != 0)
		return err_set(e, ERR_REFUSED, "%s %lu position %lu: an "
		    "opening before every other seat's share", sa.deck,
		    (unsigned long)sa.gen, (unsigned long)sa.pos), 1;
	return 0;
}

int
save_sealed_answer(struct save_sealed *ss, int seat,
    const struct fair_answer *a, const char *l, size_t len,
    const unsigned char block[SEALED_HASH_BYTES], const char *const *blob,
    const size_t *bloblen, unsigned nblob, int final, struct err *e)
{
	int rc;

	if (!ss->ready || (a->kind != FAIR_SHUFFLE && a->kind != FAIR_SHARE &&
	    a->kind != FAIR_OPEN))
		return err_set(e, ERR_USAGE, "not a sealed answer");
	if ((rc = not_yet(ss, seat, a, e)) < 0)
		return rc;
	if (rc > 0)
		return final ? ERR_REFUSED : 0;
	if ((rc = sealed_table_line(&ss->t, l, len, block, blob, bloblen,
	    nblob, e)) != 0)
		return rc;
	return 1;
}

/* ---- what a seat owes ---------------------------------------------------- */

/* Lines of a blob: a deck of MP_N_MAX cards of MP_W_MAX ciphertexts
 * with its proof takes 30. */
#define BLOB_LINES_MAX 64

/* Seat's shuffle of d: the answer, then its blob lines. */
static int
owe_shuffle(const struct sealed_game *me, const struct sealed_deck *d,
    const unsigned char block[SEALED_HASH_BYTES], save_sealed_sign_fn sign,
    void *sctx, struct buf *out, struct err *e)
{
	static struct mp_deck deck;
	static struct mp_shuffle_proof pf;
	unsigned nl = sealed_blob_lines(d->cur.n, d->cur.w);
	char line[SEALED_BLOB_LINE + 3], body[200];
	size_t at[BLOB_LINES_MAX], len[BLOB_LINES_MAX];
	const char *lines[BLOB_LINES_MAX];
	unsigned char h[SEALED_HASH_BYTES];
	struct buf blob = BUF_INIT;
	int rc;

	if (nl > BLOB_LINES_MAX)
		return err_set(e, ERR_USAGE, "a blob of %u lines", nl);
	if ((rc = sealed_shuffle_make(&deck, &pf, me, d, block, e)) != 0)
		return rc;
	for (unsigned k = 0; k < nl; k++) {
		sealed_blob_line(line, sizeof line, &deck, &pf, k);
		at[k] = blob.len;
		len[k] = strlen(line);
		if (buf_add(&blob, line, len[k]) < 0 || buf_add(&blob, "\n",
		    1) < 0) {
			buf_release(&blob);
			return err_set(e, ERR_NOMEM, "out of memory");
		}
	}
	for (unsigned k = 0; k < nl; k++)
		lines[k] = blob.p + at[k];
	rc = save_sealed_blob_hash(lines, len, nl, h, e);
	if (rc == 0 && sealed_format_shuffle(body, sizeof body, d->name,
	    d->gen, nl) != 0)
		rc = err_set(e, ERR_USAGE, "a shuffle line too long");
	if (rc == 0 && (rc = sign(sctx, body, h, e)) == 0 &&
	    buf_add(out, blob.p, blob.len) < 0)
		rc = err_set(e, ERR_NOMEM, "out of memory");
	buf_release(&blob);
	return rc;
}

/* Seat's shares and openings of deck d (deck index i in ss). */
static int
owe_shares(const struct save_sealed *ss, unsigned i,
    const struct sealed_game *me, const unsigned char *block,
    save_sealed_sign_fn sign, void *sctx, int *count, struct err *e)
{
	const struct sealed_deck *d = ss->t.deck[i];
	const struct sealed_game *g = &ss->t.g;
	unsigned bit = 1u << me->me;
	char body[400];
	struct mp_share sh;
	int rc;

	for (unsigned p = 0; p < d->cur.n; p++) {
		const struct sealed_pos *q = &d->pos[p];

		if (q->state != SEALED_DEALT)
			continue;
		if (q->owner != me->me && !(q->shared & bit)) {
			if ((rc = sealed_share_make(&sh, me, d, p, block,
			    e)) != 0)
				return rc;
			sealed_format_share(body, sizeof body, d->name, d->gen,
			    p, g->seat[q->owner], &sh);
		} else if (q->owner == me->me && (ss->asked[i][p / 8] &
		    1u << p % 8) && sealed_share_owed(d, g, p) == 0) {
			if ((rc = sealed_open_make(&sh, me, d, p, block,
			    e)) != 0)
				return rc;
			sealed_format_open(body, sizeof body, d->name, d->gen,
			    p, &sh);
		} else
			continue;
		if ((rc = sign(sctx, body, NULL, e)) != 0)
			return rc;
		(*count)++;
	}
	return 0;
}

int
save_sealed_owed(const struct save_sealed *ss, int seat,
    const unsigned char secret[FAIR_BYTES],
    const unsigned char block[SEALED_HASH_BYTES], save_sealed_sign_fn sign,
    void *sctx, struct buf *out, int *count, struct err *e)
{
	const struct sealed_game *g = &ss->t.g;
	const char *names[SEALED_SEATS_MAX];
	struct sealed_game me;
	int rc = 0;

	*count = 0;
	if (!ss->ready)
		return 0;
	for (unsigned t = 0; t < g->nseats; t++)
		names[t] = g->seat[t];
	if ((rc = sealed_game_init(&me, g->id, g->nseats, names,
	    (const unsigned char (*)[MP_BYTES])ss->y, seat, secret, e)) != 0)
		return rc;
	for (unsigned i = 0; rc == 0 && i < ss->t.ndecks; i++) {
		const struct sealed_deck *d = ss->t.deck[i];

		if (!sealed_deck_ready(d, g)) {
			if (sealed_shuffler(g, d->rounds) == seat &&
			    (rc = owe_shuffle(&me, d, block, sign, sctx, out,
			    e)) == 0)
				(*count)++;
			continue;
		}
		rc = owe_shares(ss, i, &me, block, sign, sctx, count, e);
	}
	sealed_game_wipe(&me);
	return rc;
}

/* ---- the audit ----------------------------------------------------------- */

int
save_sealed_all_audited(const struct save_sealed *ss)
{
	return ss != NULL && ss->ready &&
	    ss->t.g.audited == (1u << ss->t.g.nseats) - 1;
}

int
save_sealed_know_all(struct save_sealed *ss, const struct save_sealed *done,
    struct err *e)
{
	if (!ss->ready || !save_sealed_all_audited(done) ||
	    done->t.g.nseats != ss->t.g.nseats)
		return err_set(e, ERR_USAGE, "every card is known only after "
		    "every seat's audit");
	for (unsigned s = 0; s < ss->t.g.nseats; s++)
		ss->all[s] = done->t.g.audit[s];
	ss->knows_all = 1;
	ss->t.g.proofs_read = 1;	/* the caller checks the bytes agree */
	return 0;
}

int
save_sealed_audit(struct save_sealed *ss, int seat,
    const unsigned char secret[FAIR_BYTES], struct err *e)
{
	const struct sealed_game *g = &ss->t.g;
	unsigned faces[MP_N_MAX];
	int rc;

	if (!ss->ready)
		return 0;
	if ((rc = sealed_audit_seat(&ss->t.g, seat, secret, e)) != 0)
		return rc;
	if (g->audited != (1u << g->nseats) - 1)
		return 0;
	for (unsigned i = 0; i < ss->t.ndecks; i++)
		if ((rc = sealed_audit_deck(ss->t.deck[i], g, faces, e)) != 0)
			return rc;
	return 0;
}
