/*
 * legal.c -- every legal action of a seat, written into the caller's
 * buffer (no allocation).
 *
 * Candidates are generated per rule and kept only when
 * tg_check_action() (the check tg_apply uses) accepts them, so every
 * action listed applies.  Families with a number in them are bounded:
 * an army (move, cross, passengers of a sailing) takes 0, 1 or all of
 * the knights that can go and 0, 1 or all of the scouts (a boat's
 * passengers at most 5 together), losses in the default order, and
 * reserve knights are placed 1 or all at a time.  Everything else is
 * listed in full.
 */
#include <string.h>

#include "trigon/internal.h"

struct out {
	const struct tg_data *d;
	const struct tg_state *st;
	int seat;
	struct tg_action *a;
	int n, max;
};

static void
add(struct out *o, const struct tg_action *a)
{
	if (o->n >= o->max)
		return;
	if (tg_check_action(o->d, o->st, o->seat, a, NULL) == 0)
		o->a[o->n++] = *a;
}

static int
variants(int m, int v[3])
{
	int n = 0;

	v[n++] = 0;
	if (m >= 1)
		v[n++] = 1;
	if (m > 1)
		v[n++] = m;
	return n;
}

static void
armies(struct out *o, struct tg_action *a, int km, int sm)
{
	int kv[3], sv[3], nk = variants(km, kv), ns = variants(sm, sv);

	for (int i = 0; i < nk; i++)
		for (int j = 0; j < ns; j++) {
			if (kv[i] + sv[j] == 0)
				continue;
			a->n = (uint8_t)kv[i];
			a->s = (uint8_t)sv[j];
			add(o, a);
		}
}

static void
sailings(struct out *o, struct tg_action *a, int kc, int sc)
{
	int sv[3], ns = variants(sc > 5 ? 5 : sc, sv);

	for (int j = 0; j < ns; j++) {
		int kv[3], nk, room = 5 - sv[j];

		nk = variants(kc < room ? kc : room, kv);
		for (int i = 0; i < nk; i++) {
			a->n = (uint8_t)kv[i];
			a->s = (uint8_t)sv[j];
			add(o, a);
		}
	}
}

int
tg_legal(const struct tg_data *d, const struct tg_state *st, int seat,
    struct tg_action *out, int max)
{
	struct out o = { d, st, seat, out, 0, max };
	struct tg_action a;
	int c;

	if (st->phase == TG_PH_OVER || seat != tg_to_act(st))
		return 0;
	c = st->seat_color[seat];
	memset(&a, 0, sizeof a);
	if (st->pending.kind == TG_PD_SETUP_VILLAGE) {
		a.kind = TG_A_FOUND;
		for (int s = 0; s < d->nspots; s++)
			if (d->spots[s].land == c) {
				a.a = (uint8_t)s;
				add(&o, &a);
			}
		a.kind = TG_A_RESIGN;
		a.a = 0;
		add(&o, &a);
		return o.n;
	}
	for (int s = 0; s < d->nspots; s++) {
		const struct tg_spot *sp = &d->spots[s];

		if (tg_owner(st, s) == c) {
			memset(&a, 0, sizeof a);
			a.kind = TG_A_BUILD;
			a.a = (uint8_t)s;
			for (int f = 0; f < 3; f++) {
				a.fig = (uint8_t)f;
				add(&o, &a);
			}
			if (st->p[c].reserve > 0) {
				a.kind = TG_A_PLACE;
				a.fig = 0;
				a.n = 1;
				add(&o, &a);
				if (st->p[c].reserve > 1) {
					a.n = st->p[c].reserve;
					add(&o, &a);
				}
			}
		}
		if (tg_fig_color(st, s) != c)
			continue;
		{
			int km = st->kn[s] - st->kmoved[s] - st->kspent[s];
			uint8_t v = st->sc[s];
			int sm = tg_sc_total(v) - tg_sc_moved(v) -
			    tg_sc_spent(v);

			if (km + sm > 0) {
				memset(&a, 0, sizeof a);
				a.kind = TG_A_MOVE;
				a.a = (uint8_t)s;
				for (int k = 0; k < sp->nadj; k++) {
					a.b = sp->adj[k];
					armies(&o, &a, km, sm);
				}
			}
		}
		if ((st->bt[s] & 7) > ((st->bt[s] >> 4) & 7)) {
			int kc = st->kn[s] - st->kcarried[s] - st->kspent[s];
			uint8_t v = st->sc[s];
			int sc = tg_sc_total(v) - tg_sc_carried(v) -
			    tg_sc_spent(v);

			memset(&a, 0, sizeof a);
			a.kind = TG_A_SAIL;
			a.a = (uint8_t)s;
			for (int b = 0; b < d->nspots; b++) {
				if (b == s || !(d->spots[b].seas & sp->seas))
					continue;
				a.b = (uint8_t)b;
				sailings(&o, &a, kc, sc);
			}
		}
		if (tg_scouts(st, s) > 0 && tg_owner(st, s) < 0) {
			memset(&a, 0, sizeof a);
			a.kind = TG_A_FOUND;
			a.a = (uint8_t)s;
			add(&o, &a);
		}
	}
	for (int r = 0; r < d->nrivers; r++) {
		int path, head, km, sm;

		if (tg_river_color(st, r) != c)
			continue;
		for (path = 0; path < d->npaths; path++)
			if (d->paths[path].river &&
			    d->paths[path].river_index == r)
				break;
		head = tg_river_heading(d, st, path);
		km = st->rkn[r] - st->rkmoved[r];
		sm = (st->rsc[r] & 3) - ((st->rsc[r] >> 2) & 3);
		memset(&a, 0, sizeof a);
		a.kind = TG_A_CROSS;
		a.a = head == d->paths[path].a ? d->paths[path].b :
		    d->paths[path].a;
		a.b = (uint8_t)head;
		armies(&o, &a, km, sm);
	}
	memset(&a, 0, sizeof a);
	a.kind = TG_A_EXCHANGE;
	a.fig = TG_COPPER;
	add(&o, &a);
	a.fig = TG_SILVER;
	add(&o, &a);
	a.fig = 0;
	if (st->p[c].inhab >= st->opt_emp_inhab) {
		a.kind = TG_A_CROWN;
		add(&o, &a);
	}
	a.kind = TG_A_END;
	add(&o, &a);
	a.kind = TG_A_RESIGN;
	add(&o, &a);
	return o.n;
}
