/*
 * chance-mock.h -- a source of chance for tests (header only): it
 * answers from the open-mode source of a seed, except that the k-th
 * request it sees (counting from 1, every request including the one
 * asked again after the redo) is answered RULES_PENDING, once.  Its
 * settle() then says the answer is there.  It records what the redo
 * must repeat: the pended request's event number, label and quorum,
 * and whether the redo asked for exactly that again (a redo applies the
 * whole line again, so it first asks again the events of that line
 * answered before the pending one: they are answered alike).
 */
#ifndef TRIGON_T_CHANCE_MOCK_H
#define TRIGON_T_CHANCE_MOCK_H

#include <stdio.h>
#include <string.h>

#include "chance.h"

struct mock_chance {
	struct rules_chance chance;	/* hand &m->chance to the game */
	struct chance_seed open;
	long pend_at;		/* 0: never */
	int stuck;		/* 1: settle() never answers */
	long requests;		/* requests seen */
	int pended, waiting;
	uint32_t pend_event;
	unsigned pend_quorum;
	char pend_label[128];
	int redo_same;		/* -1 not yet, 1 the redo asked the same */
	char first_label[128];	/* the label of request 1 */
	int bad_label;		/* a request without a label */
};

static inline int
mock_event(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	struct mock_chance *m = ctx;

	m->requests++;
	if (req->label == NULL || req->label[0] == '\0')
		m->bad_label = 1;
	if (m->requests == 1)
		snprintf(m->first_label, sizeof m->first_label, "%s",
		    req->label ? req->label : "");
	if (m->pended && m->redo_same < 0 && event >= m->pend_event)
		m->redo_same = event == m->pend_event &&
		    req->quorum == m->pend_quorum &&
		    strcmp(req->label, m->pend_label) == 0;
	if (m->requests == m->pend_at && !m->pended) {
		m->pended = m->waiting = 1;
		m->pend_event = event;
		m->pend_quorum = req->quorum;
		snprintf(m->pend_label, sizeof m->pend_label, "%s",
		    req->label ? req->label : "");
		err->code = RULES_PENDING;
		snprintf(err->msg, sizeof err->msg, "awaiting the answer "
		    "to event %lu (%s)", (unsigned long)event, m->pend_label);
		return RULES_PENDING;
	}
	return m->open.chance.event(m->open.chance.ctx, event, req, out, err);
}

static inline int
mock_settle(void *ctx, struct rules_error *err)
{
	struct mock_chance *m = ctx;

	if (m->stuck) {
		snprintf(err->msg, sizeof err->msg, "still awaiting %s",
		    m->pend_label);
		return RULES_PENDING;
	}
	m->waiting = 0;
	return 0;
}

static inline void
mock_init(struct mock_chance *m, const unsigned char seed[RULES_SEED_BYTES],
    long pend_at)
{
	memset(m, 0, sizeof *m);
	chance_seed_init(&m->open, seed);
	m->pend_at = pend_at;
	m->redo_same = -1;
	m->chance.event = mock_event;
	m->chance.settle = mock_settle;
	m->chance.ctx = m;
	m->chance.flags = RULES_CHANCE_MAY_PEND;
}

#endif
