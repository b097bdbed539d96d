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
 * reserve knights are placed 1 or all at a time.  The card, deal and
 * decision actions come from tg_legal_cards (cards-legal.c): attacks are
 * listed without battle cards, coin offers as 1 coin for 1 of another
 * kind, and a choice of N knights or inhabitants at a spot as 1 or the
 * most that spot allows.  Everything else is listed in full.
 */
#include <string.h>

#include "internal.h"

struct out {
	const struct tg_data *d;
	const struct tg_state *st;
	int seat, c;
	struct tg_action *a;
	int n, max;
};

static void
add(struct out *o, const struct tg_action *a)
{
	if (o->n >= o->max)
		return;
	if (tg_check_kind(o->d, o->st, o->c, a, NULL) == 0)
		o->a[o->n++] = *a;
}

/*
 * Emit without the check: for moves, crossings and sailings the
 * generator below only builds what the check accepts (own figures that
 * can still go, along a path or between harbors on a common sea, never
 * turning back on a river path, never a boat alone into enemies); the
 * unit test t/unit/engine checks that every listed action applies.
 */
static void
put(struct out *o, const struct tg_action *a)
{
	if (o->n < o->max)
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
			put(o, a);
		}
}

static void
sailings(struct out *o, struct tg_action *a, int kc, int sc, int enemy)
{
	int sv[3], ns = variants(sc > 5 ? 5 : sc, sv);

	for (int j = 0; j < ns; j++) {
		int kv[3], nk, room = 5 - sv[j];

		nk = variants(kc < room ? kc : room, kv);
		for (int i = 0; i < nk; i++) {
			if (enemy && kv[i] + sv[j] == 0)
				continue;
			a->n = (uint8_t)kv[i];
			a->s = (uint8_t)sv[j];
			put(o, a);
		}
	}
}

static inline void
emit(struct out *o, int kind, int fig, int a, int b, int n)
{
	struct tg_action x;

	if (o->n >= o->max)
		return;
	x.kind = (uint8_t)kind;
	x.fig = (uint8_t)fig;
	x.a = (uint8_t)a;
	x.b = (uint8_t)b;
	x.n = (uint8_t)n;
	x.s = 0;
	x.order = 0;
	x.x = 0;
	o->a[o->n++] = x;
}

int
tg_legal(const struct tg_data *d, const struct tg_state *st, int seat,
    struct tg_action *out, int max)
{
	struct out o = { d, st, seat, 0, out, 0, max };
	const struct tg_player *p;
	struct tg_action a;
	int c, chip_free, knight_ok, scout_ok, boat_ok;

	if (st->phase == TG_PH_OVER || seat < 0 || seat >= st->nseats)
		return 0;
	c = st->seat_color[seat];
	o.c = c;
	p = &st->p[c];
	/* R6.6: the maker of a waiting offer may only withdraw it. */
	if (st->pending.kind == TG_PD_OFFER && st->pending.from == c)
		return tg_legal_cards(d, st, c, out, 0, max);
	if (seat != tg_to_act(st))
		return 0;
	if (st->pending.kind != TG_PD_NONE &&
	    st->pending.kind != TG_PD_SETUP_VILLAGE) {
		o.n = tg_legal_cards(d, st, c, out, 0, max);
		emit(&o, TG_A_RESIGN, 0, 0, 0, 0);
		return o.n;
	}
	memset(&a, 0, sizeof a);
	if (st->pending.kind == TG_PD_SETUP_VILLAGE) {
		a.kind = TG_A_FOUND;
		for (int s = 0; s < d->nspots; s++)
			if (d->spots[s].land == c) {
				a.a = (uint8_t)s;
				add(&o, &a);
			}
		emit(&o, TG_A_RESIGN, 0, 0, 0, 0);
		return o.n;
	}
	/* The conditions of check_build, check_found, ... hoisted. */
	chip_free = p->chips != (1u << TG_CHIPS) - 1 && st->vcount > 0;
	knight_ok = p->coin[TG_COPPER] >= 1;
	scout_ok = p->coin[TG_SILVER] >= 3 && p->coin[TG_GOLD] >= 1 &&
	    p->scouts < TG_SCOUTS;
	boat_ok = p->coin[TG_COPPER] >= 2 && p->boats < TG_BOATS;
	for (int s = 0; s < d->nspots; s++) {
		const struct tg_spot *sp = &d->spots[s];
		uint8_t who = st->who[s];

		if ((who >> 4) == c) {
			if (tg_inhab(st, s) >= 2) {
				if (knight_ok)
					emit(&o, TG_A_BUILD, TG_KNIGHT, s, 0, 0);
				if (scout_ok)
					emit(&o, TG_A_BUILD, TG_SCOUT, s, 0, 0);
			}
			if (boat_ok && sp->seas)
				emit(&o, TG_A_BUILD, TG_BOAT, s, 0, 0);
			if (p->reserve > 0) {
				emit(&o, TG_A_PLACE, 0, s, 0, 1);
				if (p->reserve > 1)
					emit(&o, TG_A_PLACE, 0, s, 0,
					    p->reserve);
			}
		}
		if ((who & 0x0f) != c)
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
					const struct tg_path *pa =
					    &d->paths[sp->adjpath[k]];

					a.b = sp->adj[k];
					/* Never turn back on a river path. */
					if (pa->river && tg_river_color(st,
					    pa->river_index) == c &&
					    tg_river_heading(d, st,
					    sp->adjpath[k]) != a.b)
						continue;
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
				sailings(&o, &a, kc, sc,
				    tg_enemy_at(st, b, c));
			}
		}
		if (tg_scouts(st, s) > 0 && (who >> 4) == TG_NOBODY &&
		    chip_free)
			emit(&o, TG_A_FOUND, 0, s, 0, 0);
	}
	/*
	 * River paths held by c, in path order (river_index is dense and
	 * given in path order, data.c): the few rivers are scanned, and
	 * the path is looked up only for one c holds.
	 */
	for (int r = 0, pa = 0; r < d->nrivers; r++) {
		const struct tg_path *path;
		int head, km, sm;

		if (tg_river_color(st, r) != c)
			continue;
		while (d->paths[pa].river_index != r)
			pa++;
		path = &d->paths[pa];
		head = tg_river_heading(d, st, pa);
		km = st->rkn[r] - st->rkmoved[r];
		sm = (st->rsc[r] & 3) - ((st->rsc[r] >> 2) & 3);
		memset(&a, 0, sizeof a);
		a.kind = TG_A_CROSS;
		a.a = head == path->a ? path->b : path->a;
		a.b = (uint8_t)head;
		armies(&o, &a, km, sm);
	}
	if (p->coin[TG_COPPER] >= 3 && st->bank[TG_SILVER] > 0)
		emit(&o, TG_A_EXCHANGE, TG_COPPER, 0, 0, 0);
	if (p->coin[TG_SILVER] >= 3 && st->bank[TG_GOLD] > 0)
		emit(&o, TG_A_EXCHANGE, TG_SILVER, 0, 0, 0);
	if (p->inhab >= st->opt_emp_inhab) {
		memset(&a, 0, sizeof a);
		a.kind = TG_A_CROWN;
		add(&o, &a);
	}
	o.n = tg_legal_cards(d, st, c, out, o.n, max);
	o.n = tg_sealed_legal(st, c, out, o.n, max);
	if (p->reserve == 0 || p->nsettle == 0)
		emit(&o, TG_A_END, 0, 0, 0, 0);
	emit(&o, TG_A_RESIGN, 0, 0, 0, 0);
	return o.n;
}
