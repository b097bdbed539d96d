/*
 * chance-rec.h -- a source of chance for tests (header only) that
 * answers as open mode from a seed of equal bytes, with the flags asked
 * for (RULES_CHANCE_FAIR to have a game draw as under fair chance), and
 * records every request: its label, quorum and kind.  count_prefix()
 * counts the requests from one on whose label begins with a prefix.
 */
#ifndef TRIGON_T_CHANCE_REC_H
#define TRIGON_T_CHANCE_REC_H

#include <stdio.h>
#include <string.h>

#include "chance.h"

#define REC_MAX 8192
struct rec {
	struct rules_chance chance;
	struct chance_seed open;
	int n;
	char label[REC_MAX][32];
	unsigned quorum[REC_MAX], kind[REC_MAX];
};

static inline int
rec_event(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	struct rec *r = ctx;

	if (r->n < REC_MAX) {
		snprintf(r->label[r->n], sizeof r->label[0], "%s", req->label);
		r->quorum[r->n] = req->quorum;
		r->kind[r->n] = req->kind;
		r->n++;
	}
	return r->open.chance.event(r->open.chance.ctx, event, req, out, err);
}

static inline void
rec_init(struct rec *r, unsigned seedbyte, unsigned flags)
{
	unsigned char seed[RULES_SEED_BYTES];

	memset(r, 0, sizeof *r);
	memset(seed, (int)seedbyte, sizeof seed);
	chance_seed_init(&r->open, seed);
	r->chance.event = rec_event;
	r->chance.ctx = r;
	r->chance.flags = flags;
}

static inline int
count_prefix(const struct rec *r, int from, const char *prefix)
{
	int n = 0;

	for (int i = from; i < r->n; i++)
		n += strncmp(r->label[i], prefix, strlen(prefix)) == 0;
	return n;
}

#endif
