/*
 * chance.c -- the core's side of the chance interface (chance.h): the
 * numbering of events, the drawing helpers every game uses, and the
 * open-mode source that answers from a seed.  No game lives here; the
 * save layer (save.c) owns the source of a file and redoes an action
 * line that came back RULES_PENDING.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "chance.h"
#include "rand64.h"

static int seed_event(void *ctx, uint32_t event,
    const struct rules_chance_req *req, struct chance_stream *out,
    struct rules_error *err);
static int fair_event(void *ctx, uint32_t event,
    const struct rules_chance_req *req, struct chance_stream *out,
    struct rules_error *err);

int
chance_event(const struct rules_chance *ch, uint32_t *events,
    const struct rules_chance_req *req, struct chance_stream *out,
    struct rules_error *err)
{
	int rc;

	if (ch == NULL || ch->event == NULL) {
		if (err != NULL) {
			err->code = RULES_EDATA;
			snprintf(err->msg, sizeof err->msg, "no source of chance "
			    "for '%s': this game may draw nothing",
			    req->label != NULL ? req->label : "?");
		}
		return RULES_EDATA;
	}
	rc = ch->event(ch->ctx, *events, req, out, err);
	if (rc != 0) {
		if (err != NULL && err->code == 0)
			err->code = rc;
		return rc;
	}
	(*events)++;
	return 0;
}

static int
next_byte(struct chance_stream *s)
{
	if (s->pos >= CHANCE_BLOCK) {
		static const unsigned char zero[CHANCE_BLOCK];

		crypto_stream_chacha20_ietf_xor_ic(s->buf, zero, sizeof zero,
		    s->nonce, s->ic, s->key);
		s->ic++;
		s->pos = 0;
	}
	return s->buf[s->pos++];
}

int
chance_below(struct chance_stream *s, int n)
{
	int limit, b;

	if (n < 1 || n > 65536)
		return 0;
	if (n > 256) {
		limit = 65536 - 65536 % n;
		do {
			b = next_byte(s) << 8;
			b |= next_byte(s);
		} while (b >= limit);
		return b % n;
	}
	limit = 256 - 256 % n;
	do
		b = next_byte(s);
	while (b >= limit);
	return b % n;
}

int
chance_die(struct chance_stream *s)
{
	return chance_below(s, 6) + 1;
}

void
chance_shuffle(struct chance_stream *s, uint8_t *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = chance_below(s, i + 1);
		uint8_t t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

void
chance_own_stream(struct chance_stream *out, uint64_t *rng)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < CHANCE_BLOCK; i += 8) {
		uint64_t x = splitmix64(rng);

		memcpy(out->buf + i, &x, 8);
	}
	for (int i = 0; i < CHANCE_KEY_BYTES; i += 8) {
		uint64_t x = splitmix64(rng);

		memcpy(out->key + i, &x, 8);
	}
	out->pos = 0;
}

/* ---- open mode ---------------------------------------------------------- */

void
chance_seed_stream(struct chance_stream *out,
    const unsigned char seed[RULES_SEED_BYTES], unsigned kind,
    uint32_t event)
{
	memcpy(out->key, seed, CHANCE_KEY_BYTES);
	memset(out->nonce, 0, sizeof out->nonce);
	out->nonce[0] = (unsigned char)kind;
	out->nonce[4] = (unsigned char)(event & 0xff);
	out->nonce[5] = (unsigned char)((event >> 8) & 0xff);
	out->nonce[6] = (unsigned char)((event >> 16) & 0xff);
	out->nonce[7] = (unsigned char)((event >> 24) & 0xff);
	out->ic = 0;
	out->pos = CHANCE_BLOCK;	/* the first block on first use */
}

static int
seed_event(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	const struct chance_seed *cs = ctx;

	(void)err;
	chance_seed_stream(out, cs->seed, req->kind, event);
	return 0;
}

void
chance_seed_init(struct chance_seed *cs,
    const unsigned char seed[RULES_SEED_BYTES])
{
	memset(cs, 0, sizeof *cs);
	memcpy(cs->seed, seed, sizeof cs->seed);
	cs->chance.event = seed_event;
	cs->chance.settle = NULL;
	cs->chance.ctx = cs;
	cs->chance.flags = 0;
}

uint64_t
chance_seed_salt(const unsigned char seed[RULES_SEED_BYTES])
{
	uint64_t k = 0;

	for (int i = 8; i < 16; i++)
		k = k << 8 | seed[i];
	return k;
}

/* ---- fair mode ---------------------------------------------------------- */

void
chance_fair_init(struct chance_fair *cf, unsigned all)
{
	memset(cf, 0, sizeof *cf);
	cf->all = all;
	cf->chance.event = fair_event;
	cf->chance.settle = NULL;
	cf->chance.ctx = cf;
	cf->chance.flags = RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR;
}

void
chance_fair_release(struct chance_fair *cf)
{
	for (uint32_t i = 0; i < cf->nev; i++)
		free(cf->ev[i].label);
	free(cf->ev);
	sodium_memzero(cf, sizeof *cf);
}

/* err says: "event N (LABEL) " and what. */
static int
fair_refuse(struct rules_error *err, int code, uint32_t event,
    const char *label, const char *what)
{
	if (err != NULL) {
		err->code = code;
		snprintf(err->msg, sizeof err->msg, "event %lu (%s) %s",
		    (unsigned long)event + 1, label, what);
	}
	return code;
}

static int
fair_event(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	struct chance_fair *cf = ctx;
	struct chance_fair_event *ev;
	const char *label = req->label != NULL ? req->label : "";
	unsigned quorum = req->quorum != 0 ? req->quorum & cf->all : cf->all;

	if (event < cf->nev) {
		ev = &cf->ev[event];
		if (strcmp(ev->label, label) != 0 || ev->quorum != quorum)
			return fair_refuse(err, RULES_EDATA, event, ev->label,
			    "was opened with another label or quorum");
		if (!ev->keyed)
			return fair_refuse(err, RULES_PENDING, event,
			    ev->label, "awaits its releases");
		memcpy(out->key, ev->key, CHANCE_KEY_BYTES);
		memset(out->nonce, 0, sizeof out->nonce);
		out->ic = 0;
		out->pos = CHANCE_BLOCK;
		return 0;
	}
	/* One seat alone would foresee its numbers: only an event the
	 * rules mark as needing no other seat may ask that. */
	if (event == cf->nev && (quorum & (quorum - 1)) == 0 &&
	    (cf->all & (cf->all - 1)) != 0 &&
	    (req->kind & RULES_CHANCE_SOLO) == 0)
		return fair_refuse(err, RULES_EDATA, event, label, "asks one "
		    "seat alone, which could foresee it");
	if (event != cf->nev || quorum == 0 || strlen(label) > 1000 ||
	    strchr(label, '\n') != NULL)
		return fair_refuse(err, RULES_EDATA, event, label, "cannot be "
		    "opened here");
	if (cf->nev == cf->cap) {
		uint32_t cap = cf->cap ? 2 * cf->cap : 16;
		struct chance_fair_event *n = realloc(cf->ev, cap * sizeof *n);

		if (n == NULL) {
			cf->nomem = 1;
			return fair_refuse(err, RULES_ENOMEM, event, label,
			    "is out of memory");
		}
		cf->ev = n;
		cf->cap = cap;
	}
	ev = &cf->ev[cf->nev];
	memset(ev, 0, sizeof *ev);
	if ((ev->label = malloc(strlen(label) + 1)) == NULL) {
		cf->nomem = 1;
		return fair_refuse(err, RULES_ENOMEM, event, label, "is out "
		    "of memory");
	}
	memcpy(ev->label, label, strlen(label) + 1);
	ev->quorum = quorum;
	cf->nev++;
	return fair_refuse(err, RULES_PENDING, event, label, "awaits its "
	    "releases");
}
