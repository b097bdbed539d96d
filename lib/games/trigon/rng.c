/*
 * rng.c -- all of Trigon's randomness.
 *
 * Every draw belongs to a named event (a battle's rolls, a shuffle, the
 * turn-order rolls, a card's die).  Trigon never draws from a seed: it
 * asks the game's source of chance (st->chance, lib/chance.h) for each
 * event with a label, the seats taking part and its kind (enum
 * tg_event), and draws from the stream it answers with the core's
 * helpers (dice and indices by rejection, Fisher-Yates shuffles), so
 * nothing is biased.  The core numbers the events; the count lives in
 * st->events.  In open mode (format 1) the stream is ChaCha20-IETF keyed
 * by the file's seed with nonce (kind, event number): the dice of every
 * existing save file.
 *
 * When the source answers RULES_PENDING (or fails), tg_rng_open unwinds
 * with longjmp to the guard of the entry point that is running
 * (tg_rng_guard: tg_init, tg_scenario_apply, tg_apply), which puts the
 * state back as it was: the engine's functions need no error paths for
 * it, and a half-applied action is never seen.
 *
 * With TG_SF_FAST_RNG (bot playouts) the bytes come from a splitmix64
 * generator kept in the state instead: cheap, still deterministic, but
 * not the game's dice; the source is never asked.  The test hook
 * tg_test_force_dice() overrides dice (never bytes for shuffles) for
 * unit tests only.
 */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "rand64.h"
#include "internal.h"

static _Thread_local uint8_t forced[64];
static _Thread_local int nforced, forced_pos;

/*
 * TG_SF_PUBLIC_DRAWS: the draw event of the action being applied, once
 * opened.  Several cards drawn by one action share it (doc/fair-chance.md
 * 3.6: the draws follow one decision); each guard starts without one.
 */
static _Thread_local struct {
	int open;
	struct tg_rng r;
} drawing;

/* The innermost running guard, and what it caught. */
static _Thread_local jmp_buf *catching;
static _Thread_local int caught_rc;
static _Thread_local struct rules_error caught_err;

void
tg_test_force_dice(const uint8_t *dice, int n)
{
	if (n < 0)
		n = 0;
	if (n > (int)sizeof forced)
		n = (int)sizeof forced;
	if (n > 0)
		memcpy(forced, dice, (size_t)n);
	nforced = n;
	forced_pos = 0;
}

int
tg_test_forced_left(void)
{
	return nforced - forced_pos;
}

int
tg_rng_guard(struct tg_state *st, const struct rules_chance *ch,
    struct rules_note *note, struct rules_error *err,
    int (*fn)(void *ctx), void *ctx)
{
	struct tg_state before;
	jmp_buf env, *prev;
	size_t nlen;
	int rc, drew;

	if (ch != NULL && !(ch->flags & RULES_CHANCE_MAY_PEND))
		return fn(ctx);		/* open mode: no event can fail */
	memcpy(&before, st, sizeof before);
	drew = drawing.open;
	drawing.open = 0;
	nlen = note != NULL ? note->len : 0;
	prev = catching;
	catching = &env;
	if (setjmp(env) == 0)
		rc = fn(ctx);
	else {
		memcpy(st, &before, sizeof *st);
		if (note != NULL && nlen < sizeof note->text) {
			note->len = nlen;
			note->text[nlen] = '\0';
		}
		if (err != NULL)
			*err = caught_err;
		rc = caught_rc;
	}
	catching = prev;
	drawing.open = drew;	/* an outer guard's draws go on */
	return rc;
}

void
tg_rng_open(struct tg_state *st, int kind, const char *label,
    unsigned quorum, struct tg_rng *r)
{
	struct rules_chance_req req;
	int rc;

	r->fast = (st->flags & TG_SF_FAST_RNG) != 0;
	r->pos = 64;		/* filled on first use */
	if (r->fast)
		return;
	req.label = label;
	req.quorum = quorum;
	req.kind = (unsigned)kind;
	caught_err.code = 0;
	caught_err.msg[0] = caught_err.hint[0] = '\0';
	caught_err.data = NULL;
	caught_err.line = 0;
	rc = chance_event(st->chance, &st->events, &req, &r->cs, &caught_err);
	if (rc == 0)
		return;
	/* A source that may fail is only ever given to guarded code. */
	if (catching == NULL)
		abort();
	caught_rc = rc;
	longjmp(*catching, 1);
}

void
tg_rng_fail(int rc, const struct rules_error *err)
{
	/* Sealed hands pend only with a source that may: guarded code. */
	if (catching == NULL)
		abort();
	caught_err = *err;
	caught_rc = rc;
	longjmp(*catching, 1);
}

unsigned
tg_seat_bit(const struct tg_state *st, int c)
{
	int s = c >= 0 && c < TG_COLORS ? st->color_seat[c] : TG_NONE;

	return s == TG_NONE ? 0 : 1u << s;
}

static int
fast_byte(struct tg_state *st, struct tg_rng *r)
{
	if (r->pos >= 64) {
		for (int i = 0; i < 64; i += 8) {
			uint64_t v = splitmix64(&st->fast);

			memcpy(r->buf + i, &v, 8);
		}
		r->pos = 0;
	}
	return r->buf[r->pos++];
}

int
tg_rng_below(struct tg_state *st, struct tg_rng *r, int n)
{
	int limit, b;

	if (!r->fast)
		return chance_below(&r->cs, n);
	limit = 256 - 256 % n;
	do
		b = fast_byte(st, r);
	while (b >= limit);
	return b % n;
}

int
tg_rng_die(struct tg_state *st, struct tg_rng *r)
{
	if (forced_pos < nforced)
		return forced[forced_pos++];
	return tg_rng_below(st, r, 6) + 1;
}

void
tg_shuffle(struct tg_state *st, uint8_t *a, int n, const char *label)
{
	struct tg_rng r;

	tg_rng_open(st, TG_EV_SHUFFLE, label, 0, &r);
	if (!r.fast) {
		chance_shuffle(&r.cs, a, n);
		return;
	}
	for (int i = n - 1; i > 0; i--) {
		int j = tg_rng_below(st, &r, i + 1);
		uint8_t t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/*
 * The three decks, filled in the order of the data, made ready for
 * drawing (R3.2): shuffled in open mode; with public draws (fair chance)
 * left as they are, every village card unseen, each drawn a card at a
 * time when it is drawn (tg_draw_index).
 */
void
tg_decks_ready(struct tg_state *st)
{
	if (st->flags & TG_SF_PUBLIC_DRAWS) {
		st->vunseen = st->vcount;
		if (st->flags & TG_SF_SEALED)
			tg_sealed_ready(st);
		return;
	}
	tg_shuffle(st, st->vdeck, st->vcount, "shuffle villages");
	tg_shuffle(st, st->qdeck, st->qcount, "shuffle quests");
	tg_shuffle(st, st->pdeck, st->pcount, "shuffle play");
}

int
tg_draw_index(struct tg_state *st, int n)
{
	if (!drawing.open) {
		tg_rng_open(st, TG_EV_DRAW, "draw", 0, &drawing.r);
		drawing.open = 1;
	}
	return tg_rng_below(st, &drawing.r, n);
}

void
tg_draw_to_top(struct tg_state *st, uint8_t *a, int n)
{
	int j = tg_draw_index(st, n);
	uint8_t t = a[n - 1];

	a[n - 1] = a[j];
	a[j] = t;
}

/* A uniform index below n (n <= 256) from the cheap generator. */
static int
fast_below(uint64_t *x, int n)
{
	return (int)(splitmix64(x) % (uint64_t)n);
}

static uint32_t
fast_draw(void *x, uint32_t n)
{
	return (uint32_t)fast_below(x, (int)n);
}

static void
fast_shuffle(uint64_t *x, uint8_t *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = fast_below(x, i + 1);
		uint8_t t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

void
tg_determinize(struct tg_state *st, int seat, uint64_t seed)
{
	int me = st->seat_color[seat];
	uint8_t pool[TG_VILLAGE_CARDS + TG_PLAY_CARDS];
	int held[TG_COLORS], n, k;
	uint64_t x = seed;

	/* Village deck: every order alike. */
	for (k = 0; k < st->vcount; k++)
		pool[k] = st->vdeck[(st->vhead + k) % TG_VILLAGE_CARDS];
	fast_shuffle(&x, pool, st->vcount);
	memcpy(st->vdeck, pool, st->vcount);
	st->vhead = 0;

	/* Play cards: the deck and the others' hands, dealt again. */
	n = 0;
	for (k = 0; k < st->pcount; k++)
		pool[n++] = st->pdeck[k];
	for (int c = 0; c < TG_COLORS; c++) {
		held[c] = 0;
		if (c == me)
			continue;
		for (int t = 0; t < TG_CARD_TYPES; t++)
			for (int j = tg_hand_count(st, c, t); j > 0; j--) {
				pool[n++] = (uint8_t)t;
				held[c]++;
			}
		memset(st->p[c].hand, 0, sizeof st->p[c].hand);
	}
	fast_shuffle(&x, pool, n);
	k = 0;
	for (int c = 0; c < TG_COLORS; c++)
		for (int j = 0; j < held[c]; j++, k++)
			st->p[c].hand[pool[k] / 2] = (uint8_t)(
			    st->p[c].hand[pool[k] / 2] + (1 << (4 * (pool[k] & 1))));
	st->pcount = 0;
	for (; k < n; k++)
		st->pdeck[st->pcount++] = pool[k];

	/* Quests: the deck and the others' unfinished ones. */
	n = 0;
	for (k = 0; k < st->qcount; k++)
		pool[n++] = st->qdeck[k];
	for (int c = 0; c < TG_COLORS; c++)
		held[c] = 0;
	for (int q = 0; q < TG_QUEST_CARDS; q++) {
		int h = st->quest[q] & (TG_Q_HOLDER | TG_Q_DONE);

		if (h < TG_COLORS && h != me) {
			held[h]++;
			pool[n++] = (uint8_t)q;
		}
	}
	fast_shuffle(&x, pool, n);
	k = 0;
	for (int c = 0; c < TG_COLORS; c++)
		for (int j = 0; j < held[c]; j++, k++)
			st->quest[pool[k]] = (uint8_t)c;
	st->qcount = 0;
	for (; k < n; k++) {
		st->quest[pool[k]] = TG_Q_DECK;
		st->qdeck[st->qcount++] = pool[k];
	}

	/* Sealed cards: only the others' and the undealt ones. */
	tg_sealed_forget(st, me, fast_draw, &x);

	/* Future dice: the cheap generator, not the game's source. */
	st->chance = NULL;
	st->salt = 0;
	st->fast = splitmix64(&x);
	st->flags |= TG_SF_FAST_RNG;
}
