/*
 * sealed.c -- a sealed deck as one reader reconstructs it from a save
 * file's lines (sealed.h, trigon-save(5) "Sealed hands",
 * doc/sealed-hands.md section 8): the initial deck everyone computes,
 * each seat's shuffle round with its proof, the deal, the other seats'
 * shares of a dealt card, the owner's opening, and the audit.
 *
 * Order of checks in each accept function: the structure first (whose
 * turn, which position, dealt to whom, already in), so that a line that
 * is in the wrong place is refused for that reason, then the proof,
 * bound to the line's full context.  A refused line changes nothing.
 *
 * Only what this reader's seat may see: a card dealt to another seat
 * stays -1 here; the reader's own secret never leaves it.
 */
#include <string.h>

#include <sodium.h>

#include "mpint.h"
#include "sealed.h"

static int seat_ok(const struct sealed_game *g, int seat);
static int pos_dealt(const struct sealed_deck *d, const struct sealed_game *g,
    unsigned pos, int to, const char *what, struct err *e);
static int face_of(const struct sealed_deck *d, unsigned pos,
    const unsigned char *own, int skip, unsigned *card, struct err *e);

int
sealed_game_init(struct sealed_game *g, const unsigned char id[SEALED_ID_BYTES],
    unsigned nseats, const char *const *seats,
    const unsigned char (*ys)[MP_BYTES], int me, const unsigned char *secret,
    struct err *e)
{
	int rc;

	memset(g, 0, sizeof *g);
	if (nseats < 2 || nseats > SEALED_SEATS_MAX)
		return err_set(e, ERR_USAGE, "sealed hands need 2 to %d seats",
		    SEALED_SEATS_MAX);
	memcpy(g->id, id, SEALED_ID_BYTES);
	g->nseats = nseats;
	for (unsigned i = 0; i < nseats; i++) {
		if (!sealed_name_ok(seats[i], strlen(seats[i])))
			return err_set(e, ERR_USAGE, "seat name '%.40s' is not "
			    "1-31 of a-z, 0-9, '-'", seats[i]);
		for (unsigned j = 0; j < i; j++)
			if (strcmp(g->seat[j], seats[i]) == 0)
				return err_set(e, ERR_USAGE, "seat '%s' twice",
				    seats[i]);
		strcpy(g->seat[i], seats[i]);
		memcpy(g->y[i], ys[i], MP_BYTES);
	}
	if ((rc = mp_joint_key(g->joint, ys, nseats, e)) != 0)
		return rc;
	g->me = -1;
	if (me < 0)
		return 0;
	if ((unsigned)me >= nseats || secret == NULL)
		return err_set(e, ERR_USAGE, "no such seat");
	if ((rc = mp_key_derive(&g->key, secret, e)) != 0)
		return rc;
	if (sodium_memcmp(g->key.y, ys[me], MP_BYTES) != 0) {
		sodium_memzero(&g->key, sizeof g->key);
		return err_set(e, ERR_REFUSED, "this secret is not %s's: its "
		    "key is not the one %s joined with", g->seat[me],
		    g->seat[me]);
	}
	memcpy(g->secret, secret, MP_BYTES);
	g->me = me;
	return 0;
}

void
sealed_game_wipe(struct sealed_game *g)
{
	sodium_memzero(g, sizeof *g);
}

int
sealed_shuffler(const struct sealed_game *g, unsigned round)
{
	return round < g->nseats ? (int)(g->nseats - 1 - round) : -1;
}

int
sealed_deck_init(struct sealed_deck *d, const struct sealed_game *g,
    const char *name, uint32_t gen, unsigned n, struct err *e)
{
	struct sealed_ctxbuf cb;
	int rc;

	memset(d, 0, sizeof *d);
	if (!sealed_name_ok(name, strlen(name)))
		return err_set(e, ERR_USAGE, "deck name '%.40s' is not 1-31 of "
		    "a-z, 0-9, '-'", name);
	if (n < 2 || n > MP_N_MAX)
		return err_set(e, ERR_USAGE, "a sealed deck holds 2 to %d "
		    "cards", MP_N_MAX);
	strcpy(d->name, name);
	d->gen = gen;
	sealed_ctx(&cb, g->id, SEALED_USE_DECK, name, gen, "", 0, "", NULL);
	if ((rc = mp_cards_init(&d->cards, &cb.ctx, n, e)) != 0 ||
	    (rc = mp_deck_initial(&d->cur, &d->cards, NULL, g->joint, &cb.ctx,
	    e)) != 0)
		return rc;
	for (unsigned i = 0; i < n; i++) {
		d->pos[i].owner = -1;
		d->pos[i].card = -1;
	}
	return 0;
}

int
sealed_deck_ready(const struct sealed_deck *d, const struct sealed_game *g)
{
	return d->rounds == g->nseats;
}

int
sealed_shuffle_make(struct mp_deck *out, struct mp_shuffle_proof *pf,
    const struct sealed_game *g, const struct sealed_deck *d,
    const unsigned char block[SEALED_HASH_BYTES], struct err *e)
{
	struct sealed_ctxbuf cb;

	if (g->me < 0 || sealed_shuffler(g, d->rounds) != g->me)
		return err_set(e, ERR_REFUSED, "%s %u: it is not this seat's "
		    "turn to shuffle", d->name, d->gen);
	sealed_ctx(&cb, g->id, SEALED_USE_SHUFFLE, d->name, d->gen,
	    g->seat[g->me], d->rounds, "", block);
	return mp_shuffle(out, pf, NULL, &d->cur, g->joint, g->secret,
	    &cb.ctx, e);
}

int
sealed_shuffle_accept(struct sealed_deck *d, const struct sealed_game *g,
    int seat, const unsigned char block[SEALED_HASH_BYTES],
    const struct mp_deck *out, const struct mp_shuffle_proof *pf,
    struct err *e)
{
	struct sealed_ctxbuf cb;
	struct err pe;
	int who;

	if (!seat_ok(g, seat))
		return err_set(e, ERR_USAGE, "no such seat");
	if (d->rounds >= g->nseats)
		return err_set(e, ERR_REFUSED, "%s's shuffle of %s %u: every "
		    "seat has shuffled it", g->seat[seat], d->name, d->gen);
	who = sealed_shuffler(g, d->rounds);
	if (who != seat)
		return err_set(e, ERR_REFUSED, "%s's shuffle of %s %u: it is "
		    "%s's turn (round %u)", g->seat[seat], d->name, d->gen,
		    g->seat[who], d->rounds + 1);
	if (out->n != d->cur.n || out->w != d->cur.w || pf->n != d->cur.n ||
	    pf->w != d->cur.w)
		return err_set(e, ERR_REFUSED, "%s's shuffle of %s %u: not "
		    "%u cards", g->seat[seat], d->name, d->gen, d->cur.n);
	sealed_ctx(&cb, g->id, SEALED_USE_SHUFFLE, d->name, d->gen,
	    g->seat[seat], d->rounds, "", block);
	if (!g->proofs_read &&
	    mp_shuffle_verify(pf, out, &d->cur, g->joint, &cb.ctx, &pe) != 0)
		return err_set(e, ERR_REFUSED, "%s's shuffle of %s %u is false:"
		    " %s", g->seat[seat], d->name, d->gen, pe.msg);
	d->cur = *out;
	d->rounds++;
	return 0;
}

int
sealed_deal(struct sealed_deck *d, const struct sealed_game *g, unsigned pos,
    int to, struct err *e)
{
	if (!seat_ok(g, to))
		return err_set(e, ERR_USAGE, "no such seat");
	if (!sealed_deck_ready(d, g))
		return err_set(e, ERR_REFUSED, "%s %u is dealt before every "
		    "seat has shuffled it", d->name, d->gen);
	if (pos >= d->cur.n)
		return err_set(e, ERR_REFUSED, "%s %u has no position %u",
		    d->name, d->gen, pos);
	if (d->pos[pos].state != SEALED_HIDDEN)
		return err_set(e, ERR_REFUSED, "%s %u position %u is dealt "
		    "already", d->name, d->gen, pos);
	d->pos[pos].state = SEALED_DEALT;
	d->pos[pos].owner = (int8_t)to;
	d->pos[pos].shared = (uint16_t)(1u << to);
	return 0;
}

unsigned
sealed_share_owed(const struct sealed_deck *d, const struct sealed_game *g,
    unsigned pos)
{
	if (pos >= d->cur.n || d->pos[pos].state != SEALED_DEALT)
		return 0;
	return ((1u << g->nseats) - 1) & ~(unsigned)d->pos[pos].shared;
}

int
sealed_share_make(struct mp_share *sh, const struct sealed_game *g,
    const struct sealed_deck *d, unsigned pos,
    const unsigned char block[SEALED_HASH_BYTES], struct err *e)
{
	struct sealed_ctxbuf cb;
	int rc;

	if (g->me < 0)
		return err_set(e, ERR_USAGE, "an observer shares nothing");
	if ((rc = pos_dealt(d, g, pos, -1, "share", e)) != 0)
		return rc;
	if (d->pos[pos].owner == g->me)
		return err_set(e, ERR_REFUSED, "%s %u position %u is this "
		    "seat's own", d->name, d->gen, pos);
	sealed_ctx(&cb, g->id, SEALED_USE_SHARE, d->name, d->gen,
	    g->seat[g->me], pos, g->seat[d->pos[pos].owner], block);
	return mp_share_make(sh, &g->key, d->cur.ct[pos][0].a, &cb.ctx, e);
}

int
sealed_share_accept(struct sealed_deck *d, const struct sealed_game *g,
    int seat, unsigned pos, int to,
    const unsigned char block[SEALED_HASH_BYTES], const struct mp_share *sh,
    struct err *e)
{
	struct sealed_pos *p;
	struct sealed_ctxbuf cb;
	struct err pe;
	unsigned card;
	int rc;

	if (!seat_ok(g, seat) || !seat_ok(g, to))
		return err_set(e, ERR_USAGE, "no such seat");
	if ((rc = pos_dealt(d, g, pos, to, "share", e)) != 0)
		return rc;
	p = &d->pos[pos];
	if (seat == to)
		return err_set(e, ERR_REFUSED, "%s's share of %s %u position "
		    "%u: a seat does not share its own card", g->seat[seat],
		    d->name, d->gen, pos);
	if (p->shared & (1u << seat))
		return err_set(e, ERR_REFUSED, "%s's share of %s %u position "
		    "%u: already in", g->seat[seat], d->name, d->gen, pos);
	sealed_ctx(&cb, g->id, SEALED_USE_SHARE, d->name, d->gen,
	    g->seat[seat], pos, g->seat[to], block);
	if (mp_share_verify(sh, g->y[seat], d->cur.ct[pos][0].a, &cb.ctx,
	    &pe) != 0)
		return err_set(e, ERR_REFUSED, "%s's share of %s %u position "
		    "%u for %s is false (made for another card, seat, block "
		    "or game): %s", g->seat[seat], d->name, d->gen, pos,
		    g->seat[to], pe.msg);
	p->share[seat] = *sh;
	p->shared |= (uint16_t)(1u << seat);
	if (to == g->me && p->shared == (1u << g->nseats) - 1) {
		unsigned char own[MP_BYTES];

		if (mp_mul(own, g->key.x, d->cur.ct[pos][0].a) != 0 ||
		    face_of(d, pos, own, to, &card, e) != 0) {
			sodium_memzero(own, sizeof own);
			p->shared &= (uint16_t)~(1u << seat);
			return err_set(e, ERR_REFUSED, "%s %u position %u: "
			    "the shares open to no card", d->name, d->gen, pos);
		}
		sodium_memzero(own, sizeof own);
		p->card = (int)card;
	}
	return 0;
}

int
sealed_open_make(struct mp_share *sh, const struct sealed_game *g,
    const struct sealed_deck *d, unsigned pos,
    const unsigned char block[SEALED_HASH_BYTES], struct err *e)
{
	struct sealed_ctxbuf cb;
	int rc;

	if (g->me < 0)
		return err_set(e, ERR_USAGE, "an observer opens nothing");
	if ((rc = pos_dealt(d, g, pos, g->me, "open", e)) != 0)
		return rc;
	sealed_ctx(&cb, g->id, SEALED_USE_OPEN, d->name, d->gen,
	    g->seat[g->me], pos, "", block);
	return mp_share_make(sh, &g->key, d->cur.ct[pos][0].a, &cb.ctx, e);
}

int
sealed_open_accept(struct sealed_deck *d, const struct sealed_game *g,
    int seat, unsigned pos, const unsigned char block[SEALED_HASH_BYTES],
    const struct mp_share *sh, unsigned *card, struct err *e)
{
	struct sealed_pos *p;
	struct sealed_ctxbuf cb;
	struct err pe;
	int rc;

	if (!seat_ok(g, seat))
		return err_set(e, ERR_USAGE, "no such seat");
	if ((rc = pos_dealt(d, g, pos, seat, "open", e)) != 0)
		return rc;
	p = &d->pos[pos];
	if (p->shared != (1u << g->nseats) - 1)
		return err_set(e, ERR_REFUSED, "%s opens %s %u position %u "
		    "before every other seat's share of it is in",
		    g->seat[seat], d->name, d->gen, pos);
	sealed_ctx(&cb, g->id, SEALED_USE_OPEN, d->name, d->gen,
	    g->seat[seat], pos, "", block);
	if (mp_share_verify(sh, g->y[seat], d->cur.ct[pos][0].a, &cb.ctx,
	    &pe) != 0)
		return err_set(e, ERR_REFUSED, "%s's opening of %s %u position "
		    "%u is false (not the card dealt there): %s",
		    g->seat[seat], d->name, d->gen, pos, pe.msg);
	if (face_of(d, pos, sh->d, seat, card, e) != 0)
		return err_set(e, ERR_REFUSED, "%s %u position %u opens to no "
		    "card", d->name, d->gen, pos);
	if (p->card >= 0 && (unsigned)p->card != *card)
		return err_set(e, ERR_REFUSED, "%s %u position %u opens to "
		    "card %u, but was read as %d", d->name, d->gen, pos,
		    *card, p->card);
	p->share[seat] = *sh;
	p->state = SEALED_OPEN;
	p->card = (int)*card;
	return 0;
}

int
sealed_audit_seat(struct sealed_game *g, int seat,
    const unsigned char secret[MP_BYTES], struct err *e)
{
	struct mp_key k;
	int rc;

	if (!seat_ok(g, seat))
		return err_set(e, ERR_USAGE, "no such seat");
	if (g->audited & (1u << seat))
		return err_set(e, ERR_REFUSED, "%s's audit: already in",
		    g->seat[seat]);
	if ((rc = mp_key_derive(&k, secret, e)) != 0)
		return rc;
	if (sodium_memcmp(k.y, g->y[seat], MP_BYTES) != 0) {
		sodium_memzero(&k, sizeof k);
		return err_set(e, ERR_REFUSED, "%s's audit: its secret does not "
		    "give the key it joined with", g->seat[seat]);
	}
	g->audit[seat] = k;
	sodium_memzero(&k, sizeof k);
	g->audited |= (uint16_t)(1u << seat);
	return 0;
}

int
sealed_face_all(const struct sealed_deck *d, const struct mp_key *keys,
    unsigned nseats, unsigned pos, unsigned *card, struct err *e)
{
	const struct mp_ct *ct = &d->cur.ct[pos][0];
	unsigned char m[MP_BYTES], sh[MP_BYTES];
	int k;

	if (pos >= d->cur.n)
		return err_set(e, ERR_REFUSED, "%s %u has no position %u",
		    d->name, d->gen, pos);
	memcpy(m, ct->b, MP_BYTES);
	for (unsigned s = 0; s < nseats; s++)
		if (mp_mul(sh, keys[s].x, ct->a) != 0 ||
		    mp_sub(m, m, sh) != 0)
			return err_set(e, ERR_REFUSED, "%s %u position %u does "
			    "not decrypt", d->name, d->gen, pos);
	if ((k = mp_cards_find(&d->cards, m)) < 0)
		return err_set(e, ERR_REFUSED, "%s %u position %u holds no "
		    "card of the deck", d->name, d->gen, pos);
	*card = (unsigned)k;
	return 0;
}

int
sealed_audit_deck(struct sealed_deck *d, const struct sealed_game *g,
    unsigned faces[MP_N_MAX], struct err *e)
{
	int rc;

	if (g->audited != (1u << g->nseats) - 1)
		return err_set(e, ERR_REFUSED, "%s %u: not every seat has "
		    "audited", d->name, d->gen);
	for (unsigned i = 0; i < d->cur.n; i++) {
		if ((rc = sealed_face_all(d, g->audit, g->nseats, i, &faces[i],
		    e)) != 0)
			return rc;
		if (d->pos[i].card >= 0 && (unsigned)d->pos[i].card != faces[i])
			return err_set(e, ERR_REFUSED, "%s %u position %u was "
			    "read as card %d but holds card %u", d->name,
			    d->gen, i, d->pos[i].card, faces[i]);
	}
	return 0;
}

static int
seat_ok(const struct sealed_game *g, int seat)
{
	return seat >= 0 && (unsigned)seat < g->nseats;
}

/* pos exists and is dealt (to 'to', unless to < 0), not yet open. */
static int
pos_dealt(const struct sealed_deck *d, const struct sealed_game *g,
    unsigned pos, int to, const char *what, struct err *e)
{
	const struct sealed_pos *p;

	if (pos >= d->cur.n)
		return err_set(e, ERR_REFUSED, "%s of %s %u: no position %u",
		    what, d->name, d->gen, pos);
	p = &d->pos[pos];
	if (p->state == SEALED_HIDDEN)
		return err_set(e, ERR_REFUSED, "%s of %s %u position %u: it "
		    "was not dealt", what, d->name, d->gen, pos);
	if (to >= 0 && p->owner != to)
		return err_set(e, ERR_REFUSED, "%s of %s %u position %u: it "
		    "was dealt to %s, not to %s", what, d->name, d->gen, pos,
		    g->seat[p->owner], g->seat[to]);
	if (p->state == SEALED_OPEN)
		return err_set(e, ERR_REFUSED, "%s of %s %u position %u: it "
		    "is open already", what, d->name, d->gen, pos);
	return 0;
}

/* M = b - own - the other seats' shares (all but skip's), looked up. */
static int
face_of(const struct sealed_deck *d, unsigned pos, const unsigned char *own,
    int skip, unsigned *card, struct err *e)
{
	const struct sealed_pos *p = &d->pos[pos];
	unsigned char m[MP_BYTES];
	int k;

	if (mp_sub(m, d->cur.ct[pos][0].b, own) != 0)
		return err_set(e, ERR_REFUSED, "bad point");
	for (int s = 0; s < SEALED_SEATS_MAX; s++)
		if (s != skip && (p->shared & (1u << s)) &&
		    mp_sub(m, m, p->share[s].d) != 0)
			return err_set(e, ERR_REFUSED, "bad point");
	if ((k = mp_cards_find(&d->cards, m)) < 0)
		return err_set(e, ERR_REFUSED, "no card");
	*card = (unsigned)k;
	return 0;
}
