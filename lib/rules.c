/*
 * rules.c -- look-ups in the table of rule sets.  The core names no
 * table: the program hands it one at start with rules_register() (the
 * games' registry, lib/games/registry.c, for trigon; a test's own
 * table for a program linked with the core alone), so that the core
 * depends on no game and each program links each library once.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "search.h"

static const struct rules *const *registered;

void
rules_register(const struct rules *const *table)
{
	registered = table;
}

const struct rules *const *
rules_registry(void)
{
	static const struct rules *const none[] = { NULL };

	return registered != NULL ? registered : none;
}

/*
 * The rule set of that name, else the one whose short name it is (the
 * name its figures carry, e.g. "duel" for "catan-duel": `make strength
 * GAME=duel`, `--rules duel`); a save file stores the full name.
 */
const struct rules *
rules_find(const char *name)
{
	const struct rules *const *t = rules_registry();

	for (size_t i = 0; t[i] != NULL; i++)
		if (strcmp(t[i]->name, name) == 0)
			return t[i];
	for (size_t i = 0; t[i] != NULL; i++)
		if (t[i]->short_name != NULL &&
		    strcmp(t[i]->short_name, name) == 0)
			return t[i];
	return NULL;
}

int
rules_seat_index(const struct rules *r, const char *name)
{
	for (int i = 0; r->seat_names[i] != NULL; i++)
		if (strcmp(r->seat_names[i], name) == 0)
			return i;
	return -1;
}

int
rules_await_check(const struct rules *r, const struct game *g, int nseats,
    struct rules_await *out)
{
	const char *why = NULL;
	unsigned all = nseats >= 32 ? ~0u : (1u << nseats) - 1;

	memset(out, 0, sizeof *out);
	out->seat = out->winner = -1;
	r->await(g, out);
	out->how[sizeof out->how - 1] = '\0';
	out->text[sizeof out->text - 1] = '\0';
	if (!out->over) {
		if (out->seat < 0 || out->seat >= nseats)
			why = "no seat of the game to act";
		else if ((out->may_act & ~all) != 0 || (out->may_act != 0 &&
		    !(out->may_act & (1u << out->seat))))
			why = "seats that may act outside the game";
	} else if (out->winner < -1 || out->winner >= nseats)
		why = "a winner outside the game";
	else if (r->ends != NULL && rules_end_index(r, out->how) < 0 &&
	    strcmp(out->how, RULES_HOW_FORFEIT) != 0)
		why = "an ending it does not name";
	if (why == NULL) {
		if (out->over) {
			out->seat = -1;
			out->may_act = 0;
		}
		return 0;
	}
	memset(out, 0, sizeof *out);
	out->over = 1;
	out->seat = out->winner = -1;
	snprintf(out->text, sizeof out->text, "the rules %s broke their "
	    "await contract: %s", r->name, why);
	return -1;
}

long
rules_round(const struct rules *r, const struct game *g)
{
	return r->round != NULL ? r->round(g) : -1;
}

const char *
rules_round_name(const struct rules *r)
{
	return r->round_name != NULL ? r->round_name : "round";
}

int
rules_end_index(const struct rules *r, const char *how)
{
	for (int i = 0; r->ends != NULL && r->ends[i].name != NULL; i++)
		if (strcmp(r->ends[i].name, how) == 0)
			return i;
	return -1;
}

const struct rules_bot_kind *
rules_bot_kinds(const struct rules *r)
{
	if (r->bot != NULL)
		return r->bot_kinds;
	return r->search != NULL ? search_kinds : NULL;
}

const struct rules_bot_kind *
rules_bot_kind(const struct rules *r, const char *kind)
{
	const struct rules_bot_kind *k = rules_bot_kinds(r);

	if (k == NULL || k[0].name == NULL)
		return NULL;
	if (kind == NULL || kind[0] == '\0')
		return &k[0];
	for (int i = 0; k[i].name != NULL; i++)
		if (strcmp(k[i].name, kind) == 0)
			return &k[i];
	return NULL;
}

int
rules_default_seats(const struct rules *r)
{
	return r->default_seats > 0 ? r->default_seats : r->max_seats;
}

int
rules_option_same_key(const char *a, const char *b)
{
	size_t ka = strcspn(a, "="), kb = strcspn(b, "=");

	return ka == kb && memcmp(a, b, ka) == 0;
}

const struct rules_blob *
rules_setup_blob(const struct rules_setup *s, const char *name)
{
	for (size_t i = 0; i < s->nblobs; i++)
		if (strcmp(s->blobs[i].name, name) == 0)
			return &s->blobs[i];
	return NULL;
}

int
rules_refuse(struct rules_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL) {
		err->code = code;
		err->hint[0] = '\0';
		err->data = NULL;
		err->line = 0;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
	}
	return code;
}

/* RULES_EDATA: the game's hands are open. */
static int
no_sealed(const struct rules_sealed *sp, const char *deck,
    struct rules_error *err)
{
	if (sp != NULL)
		return 0;
	if (err != NULL) {
		err->code = RULES_EDATA;
		snprintf(err->msg, sizeof err->msg, "no sealed hands for '%s': "
		    "this game deals its cards in the open", deck);
	}
	return RULES_EDATA;
}

int
rules_sealed_declare(const struct rules_sealed *sp, const char *deck,
    uint32_t gen, unsigned n, struct rules_error *err)
{
	if (no_sealed(sp, deck, err) != 0)
		return RULES_EDATA;
	return sp->declare(sp->ctx, deck, gen, n, err);
}

int
rules_sealed_deal(const struct rules_sealed *sp, const char *deck,
    uint32_t gen, int seat, const unsigned *pos, unsigned npos, int *card,
    struct rules_error *err)
{
	if (no_sealed(sp, deck, err) != 0)
		return RULES_EDATA;
	return sp->deal(sp->ctx, deck, gen, seat, pos, npos, card, err);
}

int
rules_sealed_open(const struct rules_sealed *sp, const char *deck,
    uint32_t gen, int seat, unsigned pos, int *card,
    struct rules_error *err)
{
	if (no_sealed(sp, deck, err) != 0)
		return RULES_EDATA;
	return sp->open(sp->ctx, deck, gen, seat, pos, card, err);
}
