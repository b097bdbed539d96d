/*
 * sealed-mock.h -- a source of sealed cards for tests (header only), in
 * place of the save layer's shuffled decks (lib/rules.h, struct
 * rules_sealed): it deals a fixed order, telling a face to its reader's
 * seat alone and RULES_CARD_UNKNOWN to every other reader, and opens
 * any position to all.  The order is the test's own function
 * face(m, deck, pos).  A deck is declared when its name begins with
 * m->want_deck and it has m->want_n cards, else the declaration is
 * refused (RULES_EDATA), so that a game declaring another deck fails
 * at its start.  A test may make an opening lie (answer another card)
 * or pend; the mock counts the declarations, the cards dealt and the
 * openings.
 */
#ifndef TRIGON_T_SEALED_MOCK_H
#define TRIGON_T_SEALED_MOCK_H

#include <stdio.h>
#include <string.h>

#include "rules.h"

struct smock;
typedef int smock_face_fn(const struct smock *m, const char *deck,
    unsigned pos);

struct smock {
	struct rules_sealed req;
	smock_face_fn *face;
	int reader;		/* the seat reading, -1 the observer */
	const char *want_deck;	/* the decks declared: this prefix ... */
	unsigned want_n;	/* ... and this many cards */
	int lie;		/* open answers card lie - 1 instead (0: no) */
	int pend;		/* open answers RULES_PENDING */
	int mul, add;		/* free for the test's face() */
	int declared, dealt, opened;
};

static inline int
smock_declare(void *ctx, const char *deck, uint32_t gen, unsigned n,
    struct rules_error *err)
{
	struct smock *m = ctx;

	if (strncmp(deck, m->want_deck, strlen(m->want_deck)) != 0 ||
	    gen != 0 || n != m->want_n) {
		snprintf(err->msg, sizeof err->msg, "the mock expects no "
		    "deck %s %u of %u cards", deck, (unsigned)gen, n);
		return RULES_EDATA;
	}
	m->declared++;
	return 0;
}

static inline int
smock_deal(void *ctx, const char *deck, uint32_t gen, int seat,
    const unsigned *pos, unsigned npos, int *card, struct rules_error *err)
{
	struct smock *m = ctx;

	(void)gen, (void)err;
	for (unsigned i = 0; i < npos; i++)
		card[i] = seat == m->reader ? m->face(m, deck, pos[i]) :
		    RULES_CARD_UNKNOWN;
	m->dealt += (int)npos;
	return 0;
}

static inline int
smock_open(void *ctx, const char *deck, uint32_t gen, int seat,
    unsigned pos, int *card, struct rules_error *err)
{
	struct smock *m = ctx;

	(void)gen, (void)seat;
	if (m->pend) {
		snprintf(err->msg, sizeof err->msg, "the opening of %s 0 %u",
		    deck, pos);
		return RULES_PENDING;
	}
	*card = m->lie ? m->lie - 1 : m->face(m, deck, pos);
	m->opened++;
	return 0;
}

/* m: the reader's mock of decks WANT_DECK* of WANT_N cards. */
static inline void
smock_init(struct smock *m, int reader, smock_face_fn *face,
    const char *want_deck, unsigned want_n)
{
	memset(m, 0, sizeof *m);
	m->req.declare = smock_declare;
	m->req.deal = smock_deal;
	m->req.open = smock_open;
	m->req.ctx = m;
	m->face = face;
	m->reader = reader;
	m->want_deck = want_deck;
	m->want_n = want_n;
}

#endif
