/*
 * bot.c -- Catan's computer player: the hooks of the core search
 * (lib/search.h) over the engine's state.  An action is a uint64_t
 * packing a struct ca_action (offers are never searched: the bot makes
 * none and lets offers to it lapse); the information set hides the other
 * seats' hands by kind and their development cards (CA12.1), and a
 * determinization deals them anew from what the seat cannot see, with
 * the chance to come from the state's own stream (fast_on).
 *
 * A first player: uniform-ish playouts that prefer building, an
 * evaluation by victory points.  Strength is the next session's work.
 */
#include <stddef.h>
#include <string.h>

#include "search.h"
#include "games/catan/catan.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"

#include "games/catan/bot.h"

#define BOT_MAX 4096

/* ---- actions as integers ---------------------------------------------- */

static int
bundle_verb(int v)
{
	return v == CA_A_DISCARD || v == CA_A_PICK || v == CA_A_PLENTY;
}

uint64_t
ca_action_pack(const struct ca_action *a)
{
	uint64_t x = a->verb;

	x |= (uint64_t)a->a << 5;
	x |= (uint64_t)a->b << 13;
	x |= (uint64_t)(a->ka & 1) << 21;
	x |= (uint64_t)(a->kb & 1) << 22;
	x |= (uint64_t)(a->victim == CA_NONE ? 7 : a->victim & 7) << 23;
	x |= (uint64_t)(a->res & 7) << 26;
	if (bundle_verb(a->verb)) {
		const uint8_t *b = a->verb == CA_A_DISCARD ? a->give : a->get;

		for (int k = 0; k < CA_RES; k++)
			x |= (uint64_t)(b[k] & 0x7f) << (29 + 7 * k);
	} else if (a->verb == CA_A_TRADE) {
		for (int k = 0; k < CA_RES; k++) {
			if (a->give[k])
				x |= (uint64_t)k << 29 |
				    (uint64_t)(a->give[k] & 0x7f) << 32;
			if (a->get[k])
				x |= (uint64_t)k << 39 |
				    (uint64_t)(a->get[k] & 0x7f) << 42;
		}
	} else
		x |= (uint64_t)a->num << 29;
	return x;
}

void
ca_action_unpack(uint64_t x, struct ca_action *a)
{
	memset(a, 0, sizeof *a);
	a->verb = (uint8_t)(x & 31);
	a->a = (uint8_t)(x >> 5);
	a->b = (uint8_t)(x >> 13);
	a->ka = (uint8_t)(x >> 21 & 1);
	a->kb = (uint8_t)(x >> 22 & 1);
	a->victim = (uint8_t)((x >> 23 & 7) == 7 ? CA_NONE : x >> 23 & 7);
	a->res = (uint8_t)(x >> 26 & 7);
	if (bundle_verb(a->verb)) {
		uint8_t *b = a->verb == CA_A_DISCARD ? a->give : a->get;

		for (int k = 0; k < CA_RES; k++)
			b[k] = (uint8_t)(x >> (29 + 7 * k) & 0x7f);
	} else if (a->verb == CA_A_TRADE) {
		a->give[x >> 29 & 7] = (uint8_t)(x >> 32 & 0x7f);
		a->get[x >> 39 & 7] = (uint8_t)(x >> 42 & 0x7f);
	} else
		a->num = (uint16_t)(x >> 29);
}

/* ---- information set and determinization ------------------------------ */

/* Others' hands and development cards in a canonical form: filled in
   kind order from what seat cannot see. */
static void
canonical(struct ca_state *st, int seat)
{
	int pool[CA_KINDS], dpool[CA_DEVS];

	memset(pool, 0, sizeof pool);
	for (int s = 0; s < st->nseats; s++)
		if (s != seat)
			for (int k = 0; k < CA_KINDS; k++)
				pool[k] += st->p[s].hand[k];
	for (int t = 0; t < CA_DEVS; t++) {
		dpool[t] = st->deck[t];
		for (int s = 0; s < st->nseats; s++)
			if (s != seat)
				dpool[t] += st->p[s].dev[t];
	}
	for (int s = 0; s < st->nseats; s++) {
		struct ca_player *p = &st->p[s];
		int n, nd = 0, nn = 0, k = 0;

		if (s == seat)
			continue;
		n = ca_hand_count(p);
		memset(p->hand, 0, sizeof p->hand);
		while (n > 0) {
			while (pool[k] == 0)
				k++;
			p->hand[k]++;
			pool[k]--;
			n--;
		}
		for (int t = 0; t < CA_DEVS; t++) {
			nd += p->dev[t];
			nn += p->devnew[t];
		}
		memset(p->dev, 0, sizeof p->dev);
		memset(p->devnew, 0, sizeof p->devnew);
		for (int t = 0; nd > 0; ) {
			while (dpool[t] == 0)
				t++;
			p->dev[t]++;
			if (nn > 0) {
				p->devnew[t]++;
				nn--;
			}
			dpool[t]--;
			nd--;
		}
	}
	for (int t = 0; t < CA_DEVS; t++)
		st->deck[t] = (uint8_t)dpool[t];
}

static int
bot_observe(void *out, const struct game *g, int seat,
    struct rules_error *err)
{
	struct ca_state *st = out;

	(void)err;
	memset(st, 0, sizeof *st);
	memcpy(st, ca_game_state(g), sizeof *st);
	canonical(st, seat);
	if (st->last_thief != seat && st->last_victim != seat)
		st->last_kind = CA_NONE;
	st->ch = NULL;
	st->fast_on = 1;
	st->fast = 0;
	return 0;
}

static void
shuffle(uint8_t *a, int n, struct search_rng *r)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)search_below(r, (uint32_t)i + 1);
		uint8_t t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

static void
bot_determinize(void *out, const void *info, int seat, struct search_rng *r)
{
	struct ca_state *st = out;
	uint8_t cards[CA_KINDS * 100], devs[CA_DEVS * 100];
	int nc = 0, nd = 0;

	memcpy(st, info, sizeof *st);
	/* what seat cannot see: the others' cards by kind, their
	   development cards and the deck */
	for (int s = 0; s < st->nseats; s++) {
		if (s == seat)
			continue;
		for (int k = 0; k < CA_KINDS; k++)
			for (int i = 0; i < st->p[s].hand[k]; i++)
				cards[nc++] = (uint8_t)k;
		for (int t = 0; t < CA_DEVS; t++)
			for (int i = 0; i < st->p[s].dev[t]; i++)
				devs[nd++] = (uint8_t)t;
	}
	for (int t = 0; t < CA_DEVS; t++)
		for (int i = 0; i < st->deck[t]; i++)
			devs[nd++] = (uint8_t)t;
	shuffle(cards, nc, r);
	shuffle(devs, nd, r);
	nc = nd = 0;
	for (int s = 0; s < st->nseats; s++) {
		struct ca_player *p = &st->p[s];
		int n, d = 0, nn = 0;

		if (s == seat)
			continue;
		n = ca_hand_count(p);
		memset(p->hand, 0, sizeof p->hand);
		while (n-- > 0)
			p->hand[cards[nc++]]++;
		for (int t = 0; t < CA_DEVS; t++) {
			d += p->dev[t];
			nn += p->devnew[t];
		}
		memset(p->dev, 0, sizeof p->dev);
		memset(p->devnew, 0, sizeof p->devnew);
		while (d-- > 0) {
			int t = devs[nd++];

			p->dev[t]++;
			if (nn > 0) {
				p->devnew[t]++;
				nn--;
			}
		}
	}
	{
		const struct ca_state *in = info;
		int total = 0;

		for (int t = 0; t < CA_DEVS; t++)
			total += in->deck[t];
		memset(st->deck, 0, sizeof st->deck);
		while (total-- > 0)
			st->deck[devs[nd++]]++;
	}
	st->fast = search_rand(r);
	st->fast_on = 1;
}

static void
bot_reseed(void *st, uint64_t seed)
{
	((struct ca_state *)st)->fast = seed;
}

static int
bot_to_act(const void *st)
{
	return ca_await_seat(st);
}

static int
bot_legal(const void *vst, int seat, uint64_t *out)
{
	static _Thread_local struct ca_action a[BOT_MAX];
	const struct ca_state *st = vst;
	int n = ca_legal(st, seat, a, BOT_MAX), k = 0, resign = -1;

	if (n > BOT_MAX)
		n = BOT_MAX;
	for (int i = 0; i < n; i++) {
		if (a[i].verb == CA_A_RESIGN) {
			resign = i;
			continue;
		}
		/* answering offers: the bot declines (never accepts) */
		if (a[i].verb == CA_A_ACCEPT || a[i].verb == CA_A_WITHDRAW)
			continue;
		out[k++] = ca_action_pack(&a[i]);
	}
	if (k == 0 && resign >= 0)
		out[k++] = ca_action_pack(&a[resign]);
	return k;
}

static int
bot_apply(void *st, int seat, uint64_t x)
{
	struct ca_action a;

	ca_action_unpack(x, &a);
	return ca_apply(st, seat, &a, NULL, NULL, NULL);
}

static uint64_t
bot_weights(const void *st, int seat, const uint64_t *a, int n,
    unsigned *w)
{
	uint64_t sum = 0;

	(void)st;
	(void)seat;
	for (int i = 0; i < n; i++) {
		switch (a[i] & 31) {
		case CA_A_CITY:
			w[i] = 40;
			break;
		case CA_A_SETTLEMENT:
			w[i] = 30;
			break;
		case CA_A_BUY:
			w[i] = 8;
			break;
		case CA_A_ROAD:
		case CA_A_SHIP:
			w[i] = 4;
			break;
		case CA_A_TRADE:
			w[i] = 1;
			break;
		case CA_A_END:
			w[i] = 3;
			break;
		default:
			w[i] = 4;
		}
		sum += w[i];
	}
	return sum;
}

static void
bot_evaluate(const void *vst, float r[RULES_MAX_SEATS])
{
	const struct ca_state *st = vst;

	for (int s = 0; s < RULES_MAX_SEATS; s++)
		r[s] = 0;
	if (st->phase == CA_PH_OVER) {
		if (st->winner != CA_NONE)
			r[st->winner] = 1;
		return;
	}
	for (int s = 0; s < st->nseats; s++) {
		float v = (float)ca_vp(st, s, 1) / (float)st->vp_target;

		r[s] = v > 1 ? 0.9f : 0.9f * v;
	}
}

static long
bot_clock(const void *st)
{
	return ((const struct ca_state *)st)->turn;
}

static uint64_t
bot_key(const void *info, int seat, uint64_t seed)
{
	const unsigned char *p = info;
	uint64_t h = 1469598103934665603ULL ^ seed ^ (uint64_t)seat;

	/* the bytes after the two pointers: no addresses in the key */
	for (size_t i = offsetof(struct ca_state, events);
	    i < sizeof(struct ca_state); i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static int
bot_format(const struct game *g, int seat, const void *info, uint64_t x,
    char *buf, size_t n, struct rules_error *err)
{
	struct ca_action a;

	(void)g;
	(void)seat;
	(void)err;
	ca_action_unpack(x, &a);
	ca_format(info, &a, buf, n);
	return 0;
}

const struct rules_search catan_search = {
	.state_size = sizeof(struct ca_state),
	.max_actions = BOT_MAX,
	.playouts = 400,
	.horizon = 6,
	.playout_steps = 120,
	.observe = bot_observe,
	.determinize = bot_determinize,
	.reseed = bot_reseed,
	.to_act = bot_to_act,
	.legal = bot_legal,
	.apply = bot_apply,
	.weights = bot_weights,
	.evaluate = bot_evaluate,
	.clock = bot_clock,
	.key = bot_key,
	.format = bot_format,
};
