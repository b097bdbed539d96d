/*
 * apply.c -- checking and doing one action (R4.7, R6, R7, R9, R11).
 *
 * Every action is checked in full by tg_check_action() before anything
 * changes, so a refused action leaves the state untouched; legal.c uses
 * the same check, so listing and applying cannot disagree.  Then the
 * do_* function changes the state and tg_apply runs the checks that
 * follow every step (players out, win conditions: R11.4).
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const char *
spot_name(const struct tg_data *d, int s)
{
	return d->spots[s].name;
}

static const char *
plural(int n, int fig)
{
	return n == 1 ? tg_fig_name[fig] : tg_fig_plural[fig];
}

/* Knights at spot that may still take their land move. */
static int
k_can_move(const struct tg_state *st, int s)
{
	return st->kn[s] - st->kmoved[s] - st->kspent[s];
}
static int
s_can_move(const struct tg_state *st, int s)
{
	uint8_t v = st->sc[s];
	return tg_sc_total(v) - tg_sc_moved(v) - tg_sc_spent(v);
}
/* Figures at spot that may still be carried by a boat. */
static int
k_can_sail(const struct tg_state *st, int s)
{
	return st->kn[s] - st->kcarried[s] - st->kspent[s];
}
static int
s_can_sail(const struct tg_state *st, int s)
{
	uint8_t v = st->sc[s];
	return tg_sc_total(v) - tg_sc_carried(v) - tg_sc_spent(v);
}
static int
boats_unsailed(const struct tg_state *st, int s)
{
	return (st->bt[s] & 7) - ((st->bt[s] >> 4) & 7);
}

static int
not_enough(struct rules_error *err, const char *coin, const char *what,
    const char *cost, int color, int have)
{
	return tg_refuse(err, RULES_REFUSED,
	    "not enough %s: %s costs %s, %s has %d %s", coin, what, cost,
	    tg_color_name[color], have, coin);
}

static int
check_build(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	const struct tg_player *p = &st->p[c];
	int s = a->a;

	if (tg_owner(st, s) != c)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no settlement at %s", tg_color_name[c],
		    spot_name(d, s));
	switch (a->fig) {
	case TG_KNIGHT:
		if (p->coin[TG_COPPER] < 1)
			return not_enough(err, "copper", "a knight",
			    "1 copper + 1 inhabitant", c, p->coin[TG_COPPER]);
		break;
	case TG_SCOUT:
		if (p->coin[TG_SILVER] < 3)
			return not_enough(err, "silver", "scout",
			    "3 silver + 1 gold + 1 inhabitant", c,
			    p->coin[TG_SILVER]);
		if (p->coin[TG_GOLD] < 1)
			return not_enough(err, "gold", "scout",
			    "3 silver + 1 gold + 1 inhabitant", c,
			    p->coin[TG_GOLD]);
		if (p->scouts >= TG_SCOUTS)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no scout left in the supply (all %d are in play)",
			    tg_color_name[c], TG_SCOUTS);
		break;
	case TG_BOAT:
		if (!d->spots[s].seas)
			return tg_refuse(err, RULES_REFUSED,
			    "%s is no harbor: boats are built at a harbor settlement",
			    spot_name(d, s));
		if (p->coin[TG_COPPER] < 2)
			return not_enough(err, "copper", "a boat", "2 copper",
			    c, p->coin[TG_COPPER]);
		if (p->boats >= TG_BOATS)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no boat left in the supply (all %d are in play)",
			    tg_color_name[c], TG_BOATS);
		return 0;
	default:
		return tg_refuse(err, RULES_EPARSE, "nothing to build");
	}
	if (tg_inhab(st, s) < 2)
		return tg_refuse(err, RULES_REFUSED,
		    "a %s is trained at a settlement with at least 2 inhabitants; %s has %d",
		    tg_fig_name[a->fig], spot_name(d, s), tg_inhab(st, s));
	return 0;
}

static void
pay(struct tg_state *st, int c, int coin, int n)
{
	st->p[c].coin[coin] = (uint8_t)(st->p[c].coin[coin] - n);
	st->bank[coin] = (uint8_t)(st->bank[coin] + n);
}

static void
do_build(struct tg_state *st, int c, const struct tg_action *a)
{
	int s = a->a;

	switch (a->fig) {
	case TG_KNIGHT:
		pay(st, c, TG_COPPER, 1);
		tg_set_inhab(st, s, tg_inhab(st, s) - 1);
		tg_fig_add(st, s, c, 1, 0, 0);
		break;
	case TG_SCOUT:
		pay(st, c, TG_SILVER, 3);
		pay(st, c, TG_GOLD, 1);
		tg_set_inhab(st, s, tg_inhab(st, s) - 1);
		tg_fig_add(st, s, c, 0, 1, 0);
		break;
	case TG_BOAT:
		pay(st, c, TG_COPPER, 2);
		tg_fig_add(st, s, c, 0, 0, 1);
		break;
	}
}

static int
check_exchange(const struct tg_state *st, int c, const struct tg_action *a,
    struct rules_error *err)
{
	int give = a->fig, get = a->fig + 1;

	if (give != TG_COPPER && give != TG_SILVER)
		return tg_refuse(err, RULES_EPARSE, "nothing to exchange");
	if (st->p[c].coin[give] < 3)
		return tg_refuse(err, RULES_REFUSED,
		    "not enough %s: 1 %s costs 3 %s, %s has %d %s",
		    tg_coin_name[give], tg_coin_name[get], tg_coin_name[give],
		    tg_color_name[c], st->p[c].coin[give], tg_coin_name[give]);
	if (st->bank[get] < 1)
		return tg_refuse(err, RULES_REFUSED, "the bank has no %s left",
		    tg_coin_name[get]);
	return 0;
}

/* Refusal for an army that is not there to move. */
static int
army_missing(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, int kmax, int smax, const char *how,
    struct rules_error *err)
{
	(void)st;
	if (a->n > kmax)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has %d %s at %s that can still %s, not %d",
		    tg_color_name[c], kmax, plural(kmax, TG_KNIGHT),
		    spot_name(d, a->a), how, a->n);
	return tg_refuse(err, RULES_REFUSED,
	    "%s has %d %s at %s that can still %s, not %d",
	    tg_color_name[c], smax, plural(smax, TG_SCOUT), spot_name(d, a->a),
	    how, a->s);
}

static int
check_move(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int path, km, sm;

	if (a->n + a->s == 0)
		return tg_refuse(err, RULES_EPARSE, "an army of nobody");
	if (a->a == a->b)
		return tg_refuse(err, RULES_REFUSED,
		    "an army moves to another spot");
	if ((path = tg_path_of(d, a->a, a->b)) < 0)
		return tg_refuse(err, RULES_REFUSED, "there is no path from %s to %s",
		    spot_name(d, a->a), spot_name(d, a->b));
	if (tg_fig_color(st, a->a) != c)
		return tg_refuse(err, RULES_REFUSED, "%s has no figures at %s",
		    tg_color_name[c], spot_name(d, a->a));
	km = k_can_move(st, a->a);
	sm = s_can_move(st, a->a);
	if (a->n > km || a->s > sm)
		return army_missing(d, st, c, a, km, sm, "move", err);
	if (d->paths[path].river) {
		int r = d->paths[path].river_index, rc = tg_river_color(st, r);

		if (rc == c && tg_river_heading(d, st, path) != a->b)
			return tg_refuse(err, RULES_REFUSED,
			    "%s figures on the river path %s-%s are heading for %s; figures on a path never turn back",
			    tg_color_name[c], spot_name(d, a->a),
			    spot_name(d, a->b), spot_name(d, a->a));
	}
	return 0;
}

/*
 * Take n knights and s scouts off spot for a land move: those already
 * carried first (they become spent), then fresh ones (they become moved).
 * Returns the classes taken through *kc (carried knights) and *sc_.
 */
static void
take_for_move(struct tg_state *st, int spot, int n, int s, int *kc, int *scc)
{
	uint8_t v = st->sc[spot];
	int t = tg_sc_total(v), m = tg_sc_moved(v), cr = tg_sc_carried(v);
	int sp = tg_sc_spent(v);

	*kc = n < st->kcarried[spot] ? n : st->kcarried[spot];
	st->kcarried[spot] = (uint8_t)(st->kcarried[spot] - *kc);
	st->kn[spot] = (uint8_t)(st->kn[spot] - n);
	*scc = s < cr ? s : cr;
	cr -= *scc;
	st->sc[spot] = tg_sc_pack(t - s, m, cr, sp);
	if (st->kn[spot] + (t - s) + tg_boats(st, spot) == 0)
		tg_set_who_fig(st, spot, -1);
}

/* Put own figures at spot with their marks after a move. */
static void
arrive(struct tg_state *st, int spot, int c, int kmoved, int kspent,
    int smoved, int sspent)
{
	uint8_t v = st->sc[spot];

	tg_set_who_fig(st, spot, c);
	st->kn[spot] = (uint8_t)(st->kn[spot] + kmoved + kspent);
	st->kmoved[spot] = (uint8_t)(st->kmoved[spot] + kmoved);
	st->kspent[spot] = (uint8_t)(st->kspent[spot] + kspent);
	st->sc[spot] = tg_sc_pack(tg_sc_total(v) + smoved + sspent,
	    tg_sc_moved(v) + smoved, tg_sc_carried(v), tg_sc_spent(v) + sspent);
}

static void
do_move(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	int path = tg_path_of(d, a->a, a->b), kc, scc;

	take_for_move(st, a->a, a->n, a->s, &kc, &scc);
	if (d->paths[path].river) {
		int r = d->paths[path].river_index, rc = tg_river_color(st, r);

		if (rc >= 0 && rc != c) {
			struct tg_army army = { a->n, a->s, 0, a->x };

			tg_battle(d, st, c, a->b, path, &army, a->order, note);
			return;
		}
		st->rwho[r] = (uint8_t)(c | (d->paths[path].b == a->b ? 0x10 :
		    0));
		st->rkn[r] = (uint8_t)(st->rkn[r] + a->n);
		st->rkmoved[r] = (uint8_t)(st->rkmoved[r] + a->n);
		st->rsc[r] = (uint8_t)(((st->rsc[r] & 3) + a->s) |
		    ((((st->rsc[r] >> 2) & 3) + a->s) << 2));
		return;
	}
	if (tg_enemy_at(st, a->b, c)) {
		struct tg_army army = { a->n, a->s, 0, a->x };

		tg_battle(d, st, c, a->b, -1, &army, a->order, note);
		return;
	}
	arrive(st, a->b, c, a->n - kc, kc, a->s - scc, scc);
}

static int
check_cross(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int path, r, km, sm;

	if (a->n + a->s == 0)
		return tg_refuse(err, RULES_EPARSE, "an army of nobody");
	path = a->a == a->b ? -1 : tg_path_of(d, a->a, a->b);
	if (path < 0 || !d->paths[path].river)
		return tg_refuse(err, RULES_REFUSED,
		    "there is no river path between %s and %s",
		    spot_name(d, a->a), spot_name(d, a->b));
	r = d->paths[path].river_index;
	if (tg_river_color(st, r) != c ||
	    tg_river_heading(d, st, path) != a->b)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no figures on the river path %s-%s heading for %s",
		    tg_color_name[c], spot_name(d, a->a), spot_name(d, a->b),
		    spot_name(d, a->b));
	km = st->rkn[r] - st->rkmoved[r];
	sm = (st->rsc[r] & 3) - ((st->rsc[r] >> 2) & 3);
	if (a->n > km || a->s > sm) {
		int want = a->n > km ? a->n : a->s, have = a->n > km ? km : sm;
		int fig = a->n > km ? TG_KNIGHT : TG_SCOUT;

		return tg_refuse(err, RULES_REFUSED,
		    "%s has %d %s on the river path %s-%s that can still move, not %d",
		    tg_color_name[c], have, plural(have, fig),
		    spot_name(d, a->a), spot_name(d, a->b), want);
	}
	return 0;
}

static void
do_cross(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	int path = tg_path_of(d, a->a, a->b), r = d->paths[path].river_index;

	st->rkn[r] = (uint8_t)(st->rkn[r] - a->n);
	st->rsc[r] = (uint8_t)(st->rsc[r] - a->s);
	if (st->rkn[r] + (st->rsc[r] & 3) == 0) {
		st->rwho[r] = TG_NOBODY;
		st->rkmoved[r] = 0;
		st->rsc[r] = 0;
	}
	if (tg_enemy_at(st, a->b, c)) {
		struct tg_army army = { a->n, a->s, 0, a->x };

		tg_battle(d, st, c, a->b, -1, &army, a->order, note);
		return;
	}
	arrive(st, a->b, c, a->n, 0, a->s, 0);
}

static int
check_sail(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int kc, sc;

	if (tg_fig_color(st, a->a) != c || tg_boats(st, a->a) == 0)
		return tg_refuse(err, RULES_REFUSED, "%s has no boat at %s",
		    tg_color_name[c], spot_name(d, a->a));
	if (boats_unsailed(st, a->a) == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "%s's boats at %s have sailed this turn",
		    tg_color_name[c], spot_name(d, a->a));
	if (a->a == a->b)
		return tg_refuse(err, RULES_REFUSED,
		    "a boat sails to another harbor");
	if (!d->spots[a->b].seas)
		return tg_refuse(err, RULES_REFUSED, "%s is no harbor",
		    spot_name(d, a->b));
	if (!(d->spots[a->a].seas & d->spots[a->b].seas))
		return tg_refuse(err, RULES_REFUSED,
		    "%s and %s lie on no common sea", spot_name(d, a->a),
		    spot_name(d, a->b));
	if (a->n + a->s > 5)
		return tg_refuse(err, RULES_REFUSED,
		    "a boat carries at most 5 figures, not %d", a->n + a->s);
	kc = k_can_sail(st, a->a);
	sc = s_can_sail(st, a->a);
	if (a->n > kc || a->s > sc)
		return army_missing(d, st, c, a, kc, sc, "be carried", err);
	if (tg_enemy_at(st, a->b, c) && a->n + a->s == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "a boat alone cannot attack %s: an attack needs at least one attack die",
		    spot_name(d, a->b));
	return 0;
}

static void
do_sail(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	int s = a->a, km, sm;
	uint8_t v = st->sc[s];
	int t = tg_sc_total(v), m = tg_sc_moved(v), cr = tg_sc_carried(v);
	int sp = tg_sc_spent(v);

	/* Passengers: those that moved first (they become spent). */
	km = a->n < st->kmoved[s] ? a->n : st->kmoved[s];
	st->kmoved[s] = (uint8_t)(st->kmoved[s] - km);
	st->kn[s] = (uint8_t)(st->kn[s] - a->n);
	sm = a->s < m ? a->s : m;
	st->sc[s] = tg_sc_pack(t - a->s, m - sm, cr, sp);
	st->bt[s] = (uint8_t)(st->bt[s] - 1);
	if (st->kn[s] + tg_scouts(st, s) + tg_boats(st, s) == 0)
		tg_set_who_fig(st, s, -1);
	if (tg_enemy_at(st, a->b, c)) {
		struct tg_army army = { a->n, a->s, 1, a->x };

		tg_battle(d, st, c, a->b, -1, &army, a->order, note);
		return;
	}
	/* Carried knights: fresh ones become carried, moved ones spent. */
	tg_set_who_fig(st, a->b, c);
	st->kn[a->b] = (uint8_t)(st->kn[a->b] + a->n);
	st->kcarried[a->b] = (uint8_t)(st->kcarried[a->b] + a->n - km);
	st->kspent[a->b] = (uint8_t)(st->kspent[a->b] + km);
	v = st->sc[a->b];
	st->sc[a->b] = tg_sc_pack(tg_sc_total(v) + a->s, tg_sc_moved(v),
	    tg_sc_carried(v) + a->s - sm, tg_sc_spent(v) + sm);
	st->bt[a->b] = (uint8_t)(st->bt[a->b] + 1 + 0x10);
}

static int
check_found(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int s = a->a;

	if (st->phase == TG_PH_SETUP) {
		if (d->spots[s].land != c)
			return tg_refuse(err, RULES_REFUSED,
			    "a set-up village lies in %s's home land %s; %s is in %s",
			    tg_color_name[c], d->land_name[c], spot_name(d, s),
			    d->land_name[d->spots[s].land]);
		if (tg_owner(st, s) >= 0 || tg_fig_color(st, s) >= 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s is not a free spot", spot_name(d, s));
	} else {
		if (tg_fig_color(st, s) != c || tg_scouts(st, s) == 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no scout at %s", tg_color_name[c],
			    spot_name(d, s));
		if (tg_owner(st, s) >= 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s already holds a settlement: a scout founds a village on a free spot",
			    spot_name(d, s));
	}
	if (tg_chip_free(st, c) == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no village chip left", tg_color_name[c]);
	if (st->vcount == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "the village deck is empty: no village can be founded");
	return 0;
}

static void
do_found(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	int s = a->a;

	if (st->phase != TG_PH_SETUP) {
		uint8_t v = st->sc[s];
		int t = tg_sc_total(v), m = tg_sc_moved(v);
		int cr = tg_sc_carried(v), sp = tg_sc_spent(v);

		/* The least useful scout goes: spent, moved, carried, fresh. */
		if (sp > 0)
			sp--;
		else if (m > 0)
			m--;
		else if (cr > 0)
			cr--;
		st->sc[s] = tg_sc_pack(t - 1, m, cr, sp);
		st->p[c].scouts--;
		if (st->kn[s] + tg_scouts(st, s) + tg_boats(st, s) == 0)
			tg_set_who_fig(st, s, -1);
	}
	tg_found_village(d, st, s, c, note);
	if (st->phase == TG_PH_SETUP)
		return;
	tg_quest_event(d, st, c, TG_QK_COLONISE, d->spots[s].land, note);
	/* R9.2: the first to found 5 villages. */
	if (++st->p[c].founded >= 5 && st->explorer == TG_NONE) {
		st->explorer = (uint8_t)c;
		st->p[c].flags |= TG_PF_EXPLORER;
		tg_points_update(d, st, c);
		tg_note(note, "%s is Explorer of the Wilderness (2 points)",
		    tg_color_name[c]);
	}
}

static int
check_place(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	if (st->p[c].reserve == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no reserve knights", tg_color_name[c]);
	if (a->n < 1 || a->n > st->p[c].reserve)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has %d reserve %s, not %d", tg_color_name[c],
		    st->p[c].reserve, plural(st->p[c].reserve, TG_KNIGHT),
		    a->n);
	if (tg_owner(st, a->a) != c)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no settlement at %s: reserve knights are placed on own settlements",
		    tg_color_name[c], spot_name(d, a->a));
	return 0;
}

static int
check_crown(const struct tg_state *st, int c, struct rules_error *err)
{
	const struct tg_player *p = &st->p[c];
	char cost[64];

	if (!(st->opt_win & TG_WIN_EMPEROR))
		return tg_refuse(err, RULES_REFUSED,
		    "crowning an emperor does not win this game");
	snprintf(cost, sizeof cost, "%d silver + %d gold", st->opt_emp_silver,
	    st->opt_emp_gold);
	if (p->inhab < st->opt_emp_inhab)
		return tg_refuse(err, RULES_REFUSED,
		    "crowning an emperor needs %d inhabitants over all own settlements; %s has %d",
		    st->opt_emp_inhab, tg_color_name[c], p->inhab);
	if (p->coin[TG_SILVER] < st->opt_emp_silver)
		return not_enough(err, "silver", "an emperor", cost, c,
		    p->coin[TG_SILVER]);
	if (p->coin[TG_GOLD] < st->opt_emp_gold)
		return not_enough(err, "gold", "an emperor", cost, c,
		    p->coin[TG_GOLD]);
	return 0;
}

/* R8.8: the attacker names its battle cards with an attack order. */
static int
check_attack_cards(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int path, enemy;

	if ((a->x & TG_X_CAV) && tg_hand_count(st, c, TG_CARD_CAVALERIE) == 0)
		return tg_refuse(err, RULES_REFUSED, "%s holds no cavalerie",
		    tg_color_name[c]);
	if ((a->x & TG_X_TOWER) &&
	    tg_hand_count(st, c, TG_CARD_VERDEDIGINGSTOREN) == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "%s holds no verdedigingstoren", tg_color_name[c]);
	if (a->kind == TG_A_MOVE && (path = tg_path_of(d, a->a, a->b)) >= 0 &&
	    d->paths[path].river) {
		int rc = tg_river_color(st, d->paths[path].river_index);
		enemy = rc >= 0 && rc != c;
	} else
		enemy = tg_enemy_at(st, a->b, c);
	if (!enemy)
		return tg_refuse(err, RULES_REFUSED,
		    "battle cards are named only with an attack; %s meets no enemy there",
		    tg_color_name[c]);
	return 0;
}

/* Who acts and whether this action kind fits the moment. */
static int
check_turn(const struct tg_data *d, const struct tg_state *st, int seat,
    const struct tg_action *a, struct rules_error *err)
{
	int c, want;

	(void)d;
	if (st->phase == TG_PH_OVER)
		return tg_refuse(err, RULES_REFUSED, "the game is over: %s has won",
		    tg_color_name[st->winner]);
	if (seat < 0 || seat >= st->nseats)
		return tg_refuse(err, RULES_ESEAT, "no such seat");
	c = st->seat_color[seat];
	want = tg_to_act(st);
	/* R6.6: while an offer waits, its maker may only withdraw it. */
	if (a->kind == TG_A_WITHDRAW && st->pending.kind == TG_PD_OFFER &&
	    st->pending.from == c)
		return 0;
	if (seat != want) {
		if (!tg_playing(st, c))
			return tg_refuse(err, RULES_ESEAT,
			    "%s is no longer in the game", tg_color_name[c]);
		if (st->pending.kind == TG_PD_SETUP_VILLAGE)
			return tg_refuse(err, RULES_ESEAT,
			    "%s may not act now: %s must found a set-up village",
			    tg_color_name[c],
			    tg_color_name[st->pending.color]);
		if (st->pending.kind == TG_PD_OFFER && st->pending.from == c)
			return tg_refuse(err, RULES_ESEAT,
			    "%s may not act now: %s must answer %s's offer "
			    "(%s may only withdraw it)", tg_color_name[c],
			    tg_color_name[st->pending.color], tg_color_name[c],
			    tg_color_name[c]);
		return tg_refuse(err, RULES_ESEAT,
		    "%s may not act now: it is %s's turn", tg_color_name[c],
		    tg_color_name[st->seat_color[want]]);
	}
	if (a->kind == TG_A_RESIGN)
		return 0;
	if (st->pending.kind == TG_PD_SETUP_VILLAGE && a->kind != TG_A_FOUND)
		return tg_refuse(err, RULES_REFUSED,
		    "%s must first found a set-up village in %s (found at SPOT)",
		    tg_color_name[c], d->land_name[c]);
	{
		/* R12.1, R12.2: a pending decision takes only its answer. */
		static const char *const how[] = {
			[TG_PD_CHOICE] = "choose for the card it drew (choose ...)",
			[TG_PD_SPY] = "take a card (take N)",
			[TG_PD_OFFER] = "answer the offer (accept, decline)",
			[TG_PD_DEFEND] = "answer the attack (defend, defend with CARD, flee to SPOT)",
		};
		int k = st->pending.kind, ok;

		ok = k == TG_PD_NONE || k == TG_PD_SETUP_VILLAGE ||
		    (k == TG_PD_CHOICE && a->kind == TG_A_CHOOSE) ||
		    (k == TG_PD_SPY && a->kind == TG_A_TAKE) ||
		    (k == TG_PD_OFFER && (a->kind == TG_A_ACCEPT ||
		    a->kind == TG_A_DECLINE)) ||
		    (k == TG_PD_DEFEND && a->kind == TG_A_DEFEND);
		if (!ok)
			return tg_refuse(err, RULES_REFUSED,
			    "%s must first %s", tg_color_name[c], how[k]);
	}
	return 0;
}

int
tg_check_action(const struct tg_data *d, const struct tg_state *st, int seat,
    const struct tg_action *a, struct rules_error *err)
{
	int rc;

	if ((rc = check_turn(d, st, seat, a, err)) != 0)
		return rc;
	return tg_check_kind(d, st, st->seat_color[seat], a, err);
}

int
tg_check_kind(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	if ((a->kind == TG_A_BUILD || a->kind == TG_A_MOVE ||
	    a->kind == TG_A_CROSS || a->kind == TG_A_SAIL ||
	    a->kind == TG_A_FOUND || a->kind == TG_A_PLACE) &&
	    (a->a >= d->nspots || (a->kind >= TG_A_MOVE &&
	    a->kind <= TG_A_SAIL && a->b >= d->nspots)))
		return tg_refuse(err, RULES_EPARSE, "no such spot");
	if (a->kind >= TG_A_MOVE && a->kind <= TG_A_SAIL) {
		int rc;

		if (a->order >= TG_L_N || (a->order != TG_L_KSB &&
		    a->order != TG_L_SKB && a->kind != TG_A_SAIL))
			return tg_refuse(err, RULES_EPARSE,
			    "bad casualty order");
		if (a->x & ~(TG_X_CAV | TG_X_TOWER))
			return tg_refuse(err, RULES_EPARSE,
			    "bad battle cards");
		if (a->x && (rc = check_attack_cards(d, st, c, a, err)) != 0)
			return rc;
	} else if (a->kind < TG_A_BUY && (a->order || a->x))
		return tg_refuse(err, RULES_EPARSE, "bad action fields");
	switch (a->kind) {
	case TG_A_BUY: case TG_A_PLAY: case TG_A_CHOOSE: case TG_A_TAKE:
	case TG_A_DEFEND:
		if (a->kind != TG_A_CHOOSE && a->kind != TG_A_TAKE &&
		    a->kind != TG_A_DEFEND && st->pending.kind != TG_PD_NONE)
			return tg_refuse(err, RULES_REFUSED,
			    "%s must first answer what is asked",
			    tg_color_name[c]);
		return tg_check_card(d, st, c, a, err);
	case TG_A_OFFER: case TG_A_ACCEPT: case TG_A_DECLINE:
	case TG_A_WITHDRAW:
		return tg_check_deal(d, st, c, a, err);
	case TG_A_SHOW:
		return tg_sealed_check_show(st, c, a, err);
	case TG_A_BUILD:
		return check_build(d, st, c, a, err);
	case TG_A_EXCHANGE:
		return check_exchange(st, c, a, err);
	case TG_A_MOVE:
		return check_move(d, st, c, a, err);
	case TG_A_CROSS:
		return check_cross(d, st, c, a, err);
	case TG_A_SAIL:
		return check_sail(d, st, c, a, err);
	case TG_A_FOUND:
		return check_found(d, st, c, a, err);
	case TG_A_PLACE:
		return check_place(d, st, c, a, err);
	case TG_A_CROWN:
		return check_crown(st, c, err);
	case TG_A_END:
		/* With no settlement to place them on, the reserve waits. */
		if (st->p[c].reserve > 0 && st->p[c].nsettle > 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s must first place %d reserve %s on own settlements",
			    tg_color_name[c], st->p[c].reserve,
			    plural(st->p[c].reserve, TG_KNIGHT));
		return 0;
	case TG_A_RESIGN:
		return 0;
	default:
		return tg_refuse(err, RULES_EPARSE, "unknown action");
	}
}

static void
setup_next(const struct tg_data *d, struct tg_state *st,
    struct rules_note *note)
{
	int seat = st->color_seat[st->pending.color];

	while (++seat < st->nseats && !tg_playing(st, st->seat_color[seat]))
		;
	if (seat < st->nseats) {
		st->pending.color = st->seat_color[seat];
		return;
	}
	st->pending.kind = TG_PD_NONE;
	st->phase = TG_PH_ACTION;
	tg_round_start(d, st, note);
}

/*
 * R10.5 "verken LAND": a figure of c came into b's land from outside it
 * and stands there (a move onto a river path enters at the crossing).
 */
static void
explored(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	int path = tg_path_of(d, a->a, a->b);

	if (d->spots[a->a].land == d->spots[a->b].land ||
	    tg_fig_color(st, a->b) != c)
		return;
	if (a->kind == TG_A_MOVE && path >= 0 && d->paths[path].river)
		return;
	tg_quest_event(d, st, c, TG_QK_EXPLORE, d->spots[a->b].land, note);
}

void tg_defend(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note,
    struct tg_action *att);

static int apply_action(const struct tg_data *d, struct tg_state *st,
    int seat, const struct tg_action *a, struct rules_note *note,
    struct rules_error *err);

struct apply_call {
	const struct tg_data *d;
	struct tg_state *st;
	int seat;
	const struct tg_action *a;
	struct rules_note *note;
	struct rules_error *err;
};

static int
apply_guarded(void *ctx)
{
	const struct apply_call *c = ctx;

	return apply_action(c->d, c->st, c->seat, c->a, c->note, c->err);
}

/*
 * Apply an action.  Playouts (TG_SF_FAST_RNG) and games whose source
 * never fails run straight through; otherwise the action runs under
 * tg_rng_guard, so an event the source cannot answer yet leaves the
 * state as it was and returns RULES_PENDING (the redo model).
 */
int
tg_apply(const struct tg_data *d, struct tg_state *st, int seat,
    const struct tg_action *a, struct rules_note *note,
    struct rules_error *err)
{
	struct apply_call c;

	if ((st->flags & TG_SF_FAST_RNG) || (st->chance != NULL &&
	    !(st->chance->flags & RULES_CHANCE_MAY_PEND)))
		return apply_action(d, st, seat, a, note, err);
	c.d = d;
	c.st = st;
	c.seat = seat;
	c.a = a;
	c.note = note;
	c.err = err;
	return tg_rng_guard(st, st->chance, note, err, apply_guarded, &c);
}

static int
apply_action(const struct tg_data *d, struct tg_state *st, int seat,
    const struct tg_action *a, struct rules_note *note,
    struct rules_error *err)
{
	int rc, c, def;
	struct tg_action att;

	if ((rc = tg_check_action(d, st, seat, a, err)) != 0)
		return rc;
	c = st->seat_color[seat];
	if (a->kind == TG_A_DEFEND) {
		tg_defend(d, st, c, a, note, &att);
		/*
		 * The attack runs now.  After Vluchten it meets only a
		 * settlement left standing, or nobody: then no battle is
		 * fought and the attacker's cards stay in hand.
		 */
		c = st->pending.from;
		a = &att;
	} else if ((a->kind == TG_A_MOVE || a->kind == TG_A_CROSS ||
	    a->kind == TG_A_SAIL) &&
	    (def = tg_defender_asked(d, st, c, a)) >= 0) {
		/* R8.8, R12.2: the defender is asked before the first roll. */
		tg_ask_defender(st, c, def, a, note);
		return 0;
	}
	switch (a->kind) {
	case TG_A_BUY: case TG_A_PLAY: case TG_A_CHOOSE: case TG_A_TAKE:
		tg_do_card(d, st, c, a, note);
		break;
	case TG_A_OFFER: case TG_A_ACCEPT: case TG_A_DECLINE:
	case TG_A_WITHDRAW:
		tg_do_deal(d, st, c, a, note);
		c = tg_active_color(st);
		break;
	case TG_A_SHOW:
		tg_sealed_show(st, c, a->a, note);
		break;
	case TG_A_BUILD:
		do_build(st, c, a);
		if (a->fig == TG_SCOUT && (st->p[c].flags & TG_PF_ONTDEKKER) &&
		    st->p[c].scouts < TG_SCOUTS) {
			tg_fig_add(st, a->a, c, 0, 1, 0);
			tg_note(note, "%s: ontdekkingsreiziger brings a second scout at %s",
			    tg_color_name[c], spot_name(d, a->a));
		}
		tg_quest_event(d, st, c, TG_QK_BUILD_KNIGHT + a->fig, 0, note);
		break;
	case TG_A_EXCHANGE:
		pay(st, c, a->fig, 3);
		st->bank[a->fig + 1]--;
		st->p[c].coin[a->fig + 1]++;
		break;
	case TG_A_MOVE:
		do_move(d, st, c, a, note);
		explored(d, st, c, a, note);
		break;
	case TG_A_CROSS:
		do_cross(d, st, c, a, note);
		explored(d, st, c, a, note);
		break;
	case TG_A_SAIL:
		do_sail(d, st, c, a, note);
		explored(d, st, c, a, note);
		break;
	case TG_A_FOUND:
		do_found(d, st, c, a, note);
		if (st->phase == TG_PH_SETUP) {
			setup_next(d, st, note);
			return 0;
		}
		break;
	case TG_A_PLACE:
		st->p[c].reserve = (uint8_t)(st->p[c].reserve - a->n);
		st->p[c].units = (uint8_t)(st->p[c].units - a->n);
		tg_fig_add(st, a->a, c, a->n, 0, 0);
		break;
	case TG_A_CROWN:
		pay(st, c, TG_SILVER, st->opt_emp_silver);
		pay(st, c, TG_GOLD, st->opt_emp_gold);
		tg_note(note, "%s crowns an emperor", tg_color_name[c]);
		tg_game_over(st, c, TG_HOW_EMPEROR, note);
		return 0;
	case TG_A_END:
		tg_end_turn(d, st, note);
		return 0;
	case TG_A_RESIGN:
		if (st->phase == TG_PH_SETUP && st->pending.color == c) {
			tg_leave(d, st, c, 1, note);
			if (st->phase == TG_PH_SETUP)
				setup_next(d, st, note);
			return 0;
		}
		tg_leave(d, st, c, 1, note);
		return 0;
	}
	tg_check_all(d, st, c, note);
	return 0;
}
