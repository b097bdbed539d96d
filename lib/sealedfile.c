/*
 * sealedfile.c -- a reader's sealed decks rebuilt from a save file's
 * lines (sealed.h, trigon-save(5) "Sealed hands"): the awaits the save
 * layer wrote ("#? sealed", "#? deal", "#? open") and the seats' answer
 * lines of kinds shuffle (with its blob), share and open, each handed
 * over with the hash of the block that holds it.  This is the one call
 * the save layer makes per line; signatures, blocks and canonical order
 * stay the save layer's (lib/save.c), which checks them first.
 *
 * A refused line changes nothing, and its message names the deck, the
 * position and the seat at fault; the caller adds the line number.
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "fair.h"
#include "num.h"
#include "sealed.h"

static int await_line(struct sealed_table *t, const char *l, size_t len,
    struct err *e);
static int answer_line(struct sealed_table *t, const char *l, size_t len,
    const unsigned char block[SEALED_HASH_BYTES], const char *const *blob,
    const size_t *bloblen, unsigned nblob, struct err *e);
static int seat_named(const struct sealed_game *g, const char *s, size_t len);
static struct sealed_deck *deck_named(struct sealed_table *t, const char *name,
    size_t len, uint32_t gen);
static int seats_list(const struct sealed_game *g, const char *p,
    const char *end, unsigned *out, unsigned max);
static int head(struct sealed_table *t, const char **p, const char *end,
    struct sealed_deck **d, const char *form, struct err *e);

void
sealed_table_init(struct sealed_table *t)
{
	memset(t, 0, sizeof *t);
}

void
sealed_table_release(struct sealed_table *t)
{
	for (unsigned i = 0; i < t->ndecks; i++)
		free(t->deck[i]);
	sealed_game_wipe(&t->g);
	memset(t, 0, sizeof *t);
}

struct sealed_deck *
sealed_table_deck(struct sealed_table *t, const char *name, uint32_t gen)
{
	return deck_named(t, name, strlen(name), gen);
}

int
sealed_table_line(struct sealed_table *t, const char *l, size_t len,
    const unsigned char block[SEALED_HASH_BYTES], const char *const *blob,
    const size_t *bloblen, unsigned nblob, struct err *e)
{
	if (len >= 3 && memcmp(l, "#? ", 3) == 0)
		return await_line(t, l + 3, len - 3, e);
	if (len >= 2 && memcmp(l, "@ ", 2) == 0)
		return answer_line(t, l, len, block, blob, bloblen, nblob, e);
	return err_set(e, ERR_USAGE, "not a sealed-hands line");
}

/* sealed DECK GEN n=N: SEATS | deal DECK GEN SEAT P,P: SEATS |
 * open DECK GEN POS: SEAT */
static int
await_line(struct sealed_table *t, const char *l, size_t len, struct err *e)
{
	const struct sealed_game *g = &t->g;
	const char *end = l + len, *colon = memchr(l, ':', len), *p, *w;
	unsigned list[SEALED_SEATS_MAX + 1], n, to;
	struct sealed_deck *d;
	uint64_t v;
	int rc;

	if (colon == NULL || (rc = seats_list(g, colon + 1, end, list,
	    SEALED_SEATS_MAX + 1)) <= 0)
		return err_set(e, ERR_DAMAGED, "a sealed await ends in ': "
		    "SEATS', seats of the game one space apart");
	n = (unsigned)rc;
	if (len > 7 && memcmp(l, "sealed ", 7) == 0) {
		char name[SEALED_NAME_MAX + 1];
		struct sealed_args a;

		p = memchr(l + 7, ' ', (size_t)(colon - l - 7));
		if (p == NULL || (p = memchr(p + 1, ' ', (size_t)(colon - p -
		    1))) == NULL || sealed_parse_shuffle(&a, l + 7, (size_t)(p -
		    l - 7), e) != 0 || colon - p < 4 || memcmp(p, " n=", 3) != 0
		    || num_u64(p + 3, (size_t)(colon - p - 3), 2, MP_N_MAX,
		    NUM_CANONICAL, &v) != 0)
			return err_set(e, ERR_DAMAGED, "a deck's await is "
			    "'sealed DECK GEN n=N: SEATS'");
		for (unsigned r = 0; r < g->nseats; r++)
			if (n != g->nseats || list[r] != (unsigned)
			    sealed_shuffler(g, r))
				return err_set(e, ERR_REFUSED, "%s %lu: the seats "
				    "shuffle in reverse seat order", a.deck,
				    (unsigned long)a.gen);
		if (deck_named(t, a.deck, strlen(a.deck), a.gen) != NULL)
			return err_set(e, ERR_REFUSED, "%s %lu is declared "
			    "already", a.deck, (unsigned long)a.gen);
		if (t->ndecks == SEALED_DECKS_MAX || (d = malloc(sizeof *d)) ==
		    NULL)
			return err_set(e, ERR_NOMEM, "too many sealed decks");
		strcpy(name, a.deck);
		if ((rc = sealed_deck_init(d, g, name, a.gen, (unsigned)v,
		    e)) != 0) {
			free(d);
			return rc;
		}
		t->deck[t->ndecks++] = d;
		return 0;
	}
	if (len > 5 && memcmp(l, "deal ", 5) == 0) {
		static const char form[] = "a deal's await is 'deal DECK GEN "
		    "SEAT POS,POS...: SEATS'";
		unsigned pos[MP_N_MAX], np = 0, k;

		p = l + 5;
		if ((rc = head(t, &p, colon, &d, form, e)) != 0)
			return rc;
		w = memchr(p, ' ', (size_t)(colon - p));
		if (w == NULL || (rc = seat_named(g, p, (size_t)(w - p))) < 0)
			return err_set(e, ERR_DAMAGED, "%s", form);
		to = (unsigned)rc;
		for (p = w + 1; p < colon && np < MP_N_MAX; p = w + 1) {
			for (w = p; w < colon && *w != ','; w++)
				;
			if (num_u64(p, (size_t)(w - p), 0, MP_N_MAX - 1,
			    NUM_CANONICAL, &v) != 0)
				return err_set(e, ERR_DAMAGED, "%s", form);
			pos[np++] = (unsigned)v;
			if (w == colon)
				break;
		}
		if (np == 0 || w != colon)
			return err_set(e, ERR_DAMAGED, "%s", form);
		for (k = 0, v = 0; k < g->nseats; k++)
			if (k != to && (v >= n || list[v++] != k))
				break;
		if (k != g->nseats || v != n)
			return err_set(e, ERR_REFUSED, "%s %lu: a deal to %s "
			    "awaits every other seat's share, in seat order",
			    d->name, (unsigned long)d->gen, g->seat[to]);
		/* check every position first: a refused line deals none */
		for (k = 0; k < np; k++) {
			if (pos[k] >= d->cur.n || d->pos[pos[k]].state !=
			    SEALED_HIDDEN || !sealed_deck_ready(d, g))
				return sealed_deal(d, g, pos[k], (int)to, e);
			for (unsigned j = 0; j < k; j++)
				if (pos[j] == pos[k])
					return err_set(e, ERR_REFUSED, "%s %lu "
					    "position %u is dealt twice in one "
					    "line", d->name, (unsigned long)
					    d->gen, pos[k]);
		}
		for (k = 0; k < np; k++)
			if ((rc = sealed_deal(d, g, pos[k], (int)to, e)) != 0)
				return rc;
		return 0;
	}
	if (len > 5 && memcmp(l, "open ", 5) == 0) {
		static const char form[] = "an open's await is 'open DECK GEN "
		    "POS: SEAT'";

		p = l + 5;
		if ((rc = head(t, &p, colon, &d, form, e)) != 0)
			return rc;
		if (num_u64(p, (size_t)(colon - p), 0, MP_N_MAX - 1,
		    NUM_CANONICAL, &v) != 0 || n != 1)
			return err_set(e, ERR_DAMAGED, "%s", form);
		if (v >= d->cur.n || d->pos[v].state != SEALED_DEALT ||
		    d->pos[v].owner != (int)list[0])
			return err_set(e, ERR_REFUSED, "%s %lu position %lu is "
			    "not %s's to open", d->name, (unsigned long)d->gen,
			    (unsigned long)v, g->seat[list[0]]);
		return 0;
	}
	return err_set(e, ERR_DAMAGED, "unknown sealed await");
}

static int
answer_line(struct sealed_table *t, const char *l, size_t len,
    const unsigned char block[SEALED_HASH_BYTES], const char *const *blob,
    const size_t *bloblen, unsigned nblob, struct err *e)
{
	static struct mp_deck out;
	static struct mp_shuffle_proof pf;
	struct fair_answer fa;
	struct sealed_args a;
	struct sealed_deck *d;
	unsigned char h[SEALED_HASH_BYTES];
	unsigned card;
	int rc, seat, to;

	if ((rc = fair_parse_answer(l, len, &fa, e)) != 0)
		return rc;
	if ((seat = seat_named(&t->g, fa.seat, fa.seatlen)) < 0)
		return err_set(e, ERR_REFUSED, "no seat '%.*s'",
		    (int)fa.seatlen, fa.seat);
	switch (fa.kind) {
	case FAIR_SHUFFLE:
		if ((rc = sealed_parse_shuffle(&a, fa.args, fa.argslen, e)) != 0)
			return rc;
		if ((d = deck_named(t, a.deck, strlen(a.deck), a.gen)) == NULL)
			return err_set(e, ERR_REFUSED, "%s %lu is no sealed "
			    "deck", a.deck, (unsigned long)a.gen);
		if (fa.blob_lines != nblob)
			return err_set(e, ERR_DAMAGED, "the shuffle says %u blob "
			    "lines, %u follow", fa.blob_lines, nblob);
		if ((rc = sealed_blob_parse(&out, &pf, d->cur.n, d->cur.w, blob,
		    bloblen, nblob, h, e)) != 0)
			return rc;
		return sealed_shuffle_accept(d, &t->g, seat, block, &out, &pf,
		    e);
	case FAIR_SHARE:
	case FAIR_OPEN:
		rc = fa.kind == FAIR_SHARE ? sealed_parse_share(&a, fa.args,
		    fa.argslen, e) : sealed_parse_open(&a, fa.args, fa.argslen,
		    e);
		if (rc != 0)
			return rc;
		if ((d = deck_named(t, a.deck, strlen(a.deck), a.gen)) == NULL)
			return err_set(e, ERR_REFUSED, "%s %lu is no sealed "
			    "deck", a.deck, (unsigned long)a.gen);
		if (fa.kind == FAIR_OPEN)
			return sealed_open_accept(d, &t->g, seat, a.pos, block,
			    &a.share, &card, e);
		if ((to = seat_named(&t->g, a.to, strlen(a.to))) < 0)
			return err_set(e, ERR_REFUSED, "no seat '%s'", a.to);
		return sealed_share_accept(d, &t->g, seat, a.pos, to, block,
		    &a.share, e);
	default:
		return err_set(e, ERR_USAGE, "a %s line is not sealed hands'",
		    fair_kind_name((int)fa.kind));
	}
}

/* "DECK GEN " of an await: the deck must be declared */
static int
head(struct sealed_table *t, const char **p, const char *end,
    struct sealed_deck **d, const char *form, struct err *e)
{
	const char *w1, *w2;
	struct sealed_args a;

	if ((w1 = memchr(*p, ' ', (size_t)(end - *p))) == NULL ||
	    (w2 = memchr(w1 + 1, ' ', (size_t)(end - w1 - 1))) == NULL ||
	    sealed_parse_shuffle(&a, *p, (size_t)(w2 - *p), e) != 0)
		return err_set(e, ERR_DAMAGED, "%s", form);
	if ((*d = deck_named(t, a.deck, strlen(a.deck), a.gen)) == NULL)
		return err_set(e, ERR_REFUSED, "%s %lu is no sealed deck",
		    a.deck, (unsigned long)a.gen);
	*p = w2 + 1;
	return 0;
}

/* " SEAT SEAT...": the seat indices, or -1 on a bad list */
static int
seats_list(const struct sealed_game *g, const char *p, const char *end,
    unsigned *out, unsigned max)
{
	unsigned n = 0;

	while (p < end) {
		const char *w;
		int s;

		if (*p != ' ' || n == max)
			return -1;
		p++;
		for (w = p; w < end && *w != ' '; w++)
			;
		if ((s = seat_named(g, p, (size_t)(w - p))) < 0)
			return -1;
		out[n++] = (unsigned)s;
		p = w;
	}
	return (int)n;
}

static int
seat_named(const struct sealed_game *g, const char *s, size_t len)
{
	for (unsigned i = 0; i < g->nseats; i++)
		if (strlen(g->seat[i]) == len && memcmp(g->seat[i], s, len) ==
		    0)
			return (int)i;
	return -1;
}

static struct sealed_deck *
deck_named(struct sealed_table *t, const char *name, size_t len, uint32_t gen)
{
	for (unsigned i = 0; i < t->ndecks; i++)
		if (t->deck[i]->gen == gen && strlen(t->deck[i]->name) == len &&
		    memcmp(t->deck[i]->name, name, len) == 0)
			return t->deck[i];
	return NULL;
}
