/*
 * cards-legal.c -- the legal card actions of a color (tg_legal_cards,
 * for legal.c): plays, choices, takes and defences the rules accept.
 */
#include <string.h>

#include "internal.h"
#include "cards-int.h"

struct lout {
	const struct tg_data *d;
	const struct tg_state *st;
	int c, n, max;
	struct tg_action *out;
};

static void
ladd(struct lout *o, const struct tg_action *a)
{
	if (o->n < o->max && tg_check_kind(o->d, o->st, o->c, a, NULL) == 0)
		o->out[o->n++] = *a;
}

/* Every split of total coins into kinds (each at most 30). */
static void
lcoins(struct lout *o, struct tg_action *a, int total)
{
	for (int c = 0; c <= total && c <= 30; c++)
		for (int s = 0; s + c <= total && s <= 30; s++) {
			a->n = (uint8_t)c;
			a->s = (uint8_t)s;
			a->order = (uint8_t)(total - c - s);
			ladd(o, a);
		}
}

static void
legal_pending(struct lout *o)
{
	const struct tg_data *d = o->d;
	const struct tg_state *st = o->st;
	struct tg_action a;
	int c = o->c, t = st->pending.arg[0], n;

	memset(&a, 0, sizeof a);
	switch (st->pending.kind) {
	case TG_PD_CHOICE:
		a.kind = TG_A_CHOOSE;
		a.x = (uint8_t)t;
		switch (card_choose_args(t)) {
		case ARG_COUNT_SPOT:
			for (int s = 0; s < d->nspots; s++) {
				a.a = (uint8_t)s;
				a.fig = 1;
				ladd(o, &a);
				for (int k = st->pending.arg[1]; k > 1; k--) {
					a.fig = (uint8_t)k;
					if (tg_check_kind(d, st, c, &a, NULL) == 0) {
						ladd(o, &a);
						break;
					}
				}
			}
			break;
		case ARG_SPOT:
			for (int s = 0; s < d->nspots; s++) {
				a.a = (uint8_t)s;
				ladd(o, &a);
			}
			break;
		case ARG_COINS:
			lcoins(o, &a, st->pending.arg[1]);
			break;
		}
		break;
	case TG_PD_SPY:
		a.kind = TG_A_TAKE;
		n = tg_item_count(st, st->pending.arg[0]);
		for (int k = 1; k <= n; k++) {
			a.a = (uint8_t)k;
			ladd(o, &a);
		}
		break;
	case TG_PD_OFFER:
		if (st->pending.from == c) {
			a.kind = TG_A_WITHDRAW;
			ladd(o, &a);
			return;
		}
		a.kind = TG_A_DECLINE;
		ladd(o, &a);
		a.kind = TG_A_ACCEPT;
		if (st->pending.arg[4] != 0xff) {
			ladd(o, &a);
			break;
		}
		n = tg_item_count(st, c);
		for (int k = 1; k <= n; k++) {
			a.a = (uint8_t)k;
			ladd(o, &a);
		}
		break;
	case TG_PD_DEFEND:
		a.kind = TG_A_DEFEND;
		for (int x = 0; x < 8; x++) {
			a.x = (uint8_t)x;
			ladd(o, &a);
		}
		a.x = 0;
		a.fig = 1;
		if (card_holds(st, c, CARD(VLUCHTEN)))
			for (int s = 0; s < d->nspots; s++) {
				a.a = (uint8_t)s;
				ladd(o, &a);
			}
		break;
	}
}

int
tg_legal_cards(const struct tg_data *d, const struct tg_state *st, int c,
    struct tg_action *out, int n, int max)
{
	struct lout o = { d, st, c, n, max, out };
	struct tg_action a;
	int nit;

	if (st->pending.kind != TG_PD_NONE) {
		legal_pending(&o);
		return o.n;
	}
	memset(&a, 0, sizeof a);
	a.kind = TG_A_BUY;
	ladd(&o, &a);
	a.fig = 1;
	ladd(&o, &a);
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		if ((t & 1) == 0 && st->p[c].hand[t / 2] == 0) {
			t++;		/* two types per byte, both absent */
			continue;
		}
		if (!card_holds(st, c, t))
			continue;
		memset(&a, 0, sizeof a);
		a.kind = TG_A_PLAY;
		a.x = (uint8_t)t;
		switch (card_play_args(t)) {
		case PA_NONE:
			ladd(&o, &a);
			break;
		case PA_SPOT:
		case PA_SPOT_FIG:
			for (int s = 0; s < d->nspots; s++) {
				int own = tg_owner(st, s), fc = tg_fig_color(st, s);

				/* Cheap filters before the full check. */
				if (t == CARD(OVERLOPER) ? fc < 0 || fc == c :
				    t == CARD(INTRIGE) ? own < 0 || own == c ||
				    fc >= 0 : t == CARD(VLIJTIGE_ONDERDAAN) ?
				    own >= 0 : own != c)
					continue;
				a.a = (uint8_t)s;
				for (int f = 0; f < (card_play_args(t) == PA_SPOT ?
				    1 : 3); f++) {
					a.fig = (uint8_t)f;
					ladd(&o, &a);
				}
			}
			break;
		case PA_COINS:
			lcoins(&o, &a, 5);
			break;
		}
		if (t == CARD(OVERLOPER)) {
			/* Figures of others halfway across a river (R10.6). */
			a.s = 1;
			for (int pa = 0; pa < d->npaths; pa++) {
				const struct tg_path *path = &d->paths[pa];
				int rc;

				if (!path->river)
					continue;
				rc = tg_river_color(st, path->river_index);
				if (rc < 0 || rc == c)
					continue;
				a.a = path->a;
				a.b = path->b;
				for (int f = 0; f < 2; f++) {
					a.fig = (uint8_t)f;
					ladd(&o, &a);
				}
			}
		}
		/* The cards played against another player. */
		switch (card_play_args(t)) {
		case PA_COLOR:
		case PA_COLOR_COINS:
			for (int k = 0; k < TG_COLORS; k++) {
				a.b = (uint8_t)k;
				if (k == c || !tg_playing(st, k))
					continue;
				if (card_play_args(t) == PA_COLOR)
					ladd(&o, &a);
				else
					lcoins(&o, &a, card_coins_total(st, k) < 3 ?
					    card_coins_total(st, k) : 3);
			}
			break;
		}
	}
	/* Offers: a blind swap of each own card; 1 coin for 1 of another kind. */
	if (st->p[c].flags & TG_PF_OFFERED)
		return o.n;
	/* How many items tg_items would number, without the hashing. */
	nit = tg_item_count(st, c);
	for (int k = 0; k < TG_COLORS; k++) {
		int other = 0;

		if (k == c || !tg_playing(st, k))
			continue;
		memset(&a, 0, sizeof a);
		a.kind = TG_A_OFFER;
		a.b = (uint8_t)k;
		a.x = 0xff;
		/* The conditions of tg_check_deal, hoisted. */
		for (int i = 0; i < TG_HAND_BYTES; i++)
			other |= st->p[k].hand[i];
		for (int q = 0; q < TG_QUEST_CARDS && !other; q++)
			other = (st->quest[q] & 0x0f) == k;
		for (int i = 1; i <= nit && other && o.n < o.max; i++) {
			a.a = (uint8_t)i;
			o.out[o.n++] = a;
		}
		for (int g = 0; g < 3; g++)
			for (int h = 0; h < 3; h++) {
				if (g == h)
					continue;
				if (st->p[c].coin[g] == 0 ||
				    st->p[k].coin[h] == 0 || o.n >= o.max)
					continue;
				memset(&a, 0, sizeof a);
				a.kind = TG_A_OFFER;
				a.b = (uint8_t)k;
				a.n = g == 0, a.s = g == 1, a.order = g == 2;
				a.a = h == 0, a.fig = h == 1, a.x = h == 2;
				o.out[o.n++] = a;
			}
	}
	return o.n;
}
