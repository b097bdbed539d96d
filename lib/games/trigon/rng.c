/*
 * rng.c -- all of Trigon's randomness.
 *
 * Every draw belongs to a named event (a battle's rolls, a shuffle, the
 * turn-order rolls, a card's die).  Opening an event takes the state's
 * event counter as part of the nonce, so the stream is ChaCha20-IETF
 * keyed by the game's 32-byte seed with nonce = (event kind, counter):
 * the same seed and actions give the same dice everywhere, and no event
 * can see another's bytes.  Dice are drawn from keystream bytes by
 * rejection (bytes >= 252 are skipped), shuffles are Fisher-Yates with
 * rejection sampling, so nothing is biased.
 *
 * With TG_SF_FAST_RNG (bot playouts) the bytes come from a splitmix64
 * generator kept in the state instead: cheap, still deterministic, but
 * not the game's dice.  The test hook tg_test_force_dice() overrides
 * dice (never bytes for shuffles) for unit tests only.
 */
#include <string.h>

#include <sodium.h>

#include "internal.h"

static _Thread_local uint8_t forced[64];
static _Thread_local int nforced, forced_pos;

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

static uint64_t
splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void
refill(struct tg_state *st, struct tg_rng *r)
{
	if (st->flags & TG_SF_FAST_RNG) {
		for (int i = 0; i < 64; i += 8) {
			uint64_t v = splitmix(&st->fast);

			memcpy(r->buf + i, &v, 8);
		}
	} else {
		static const unsigned char zero[64];
		unsigned char nonce[crypto_stream_chacha20_ietf_NONCEBYTES];

		memset(nonce, 0, sizeof nonce);
		nonce[0] = r->kind;
		nonce[4] = (unsigned char)(r->counter & 0xff);
		nonce[5] = (unsigned char)((r->counter >> 8) & 0xff);
		nonce[6] = (unsigned char)((r->counter >> 16) & 0xff);
		nonce[7] = (unsigned char)((r->counter >> 24) & 0xff);
		crypto_stream_chacha20_ietf_xor_ic(r->buf, zero, sizeof zero,
		    nonce, r->ic, st->seed);
		r->ic++;
	}
	r->pos = 0;
}

void
tg_rng_open(struct tg_state *st, int kind, struct tg_rng *r)
{
	r->kind = (uint8_t)kind;
	r->counter = st->rng_counter++;
	r->ic = 0;
	r->pos = 64;		/* filled on first use */
}

static int
byte(struct tg_state *st, struct tg_rng *r)
{
	if (r->pos >= 64)
		refill(st, r);
	return r->buf[r->pos++];
}

int
tg_rng_below(struct tg_state *st, struct tg_rng *r, int n)
{
	int limit = 256 - 256 % n, b;

	do
		b = byte(st, r);
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
tg_shuffle(struct tg_state *st, uint8_t *a, int n)
{
	struct tg_rng r;

	tg_rng_open(st, TG_EV_SHUFFLE, &r);
	for (int i = n - 1; i > 0; i--) {
		int j = tg_rng_below(st, &r, i + 1);
		uint8_t t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* A uniform index below n (n <= 256) from the cheap generator. */
static int
fast_below(uint64_t *x, int n)
{
	return (int)(splitmix(x) % (uint64_t)n);
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

	/* Future dice: the cheap generator, not the game's seed. */
	memset(st->seed, 0, sizeof st->seed);
	st->fast = splitmix(&x);
	st->flags |= TG_SF_FAST_RNG;
}
