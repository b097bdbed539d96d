/*
 * engine-cards.c -- the Duel's trade and action cards (duel-rules(7)):
 * trade (DU11) with Muntenhandel (DU19.9), the action cards of the
 * basic set (DU12) and De Gouden Eeuw's cards that take from the other
 * (DU19.1-DU19.5).  engine-act.c's dispatch() calls them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"
#include "games/duel/engine-int.h"

static int
has_ship(const struct du_state *st, int s, int res)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int ne = du_exps(st, s, e);

	for (int i = 0; i < ne; i++) {
		const struct du_cinfo *k = &st->d->ci[st->d->inst[e[i]]];

		if (k->effect == DU_FX_TRADE_SHIP && k->param == res)
			return 1;
	}
	return 0;
}

/* Receive one unit named in an order (trades, action cards): DU4.3. */
static void
receive(struct ctx *c, int s, int res, int region)
{
	if (!gain_one(c->st, s, res, region))
		note(c, "%s: no room for %s, 1 lost (DU4.3)", du_seat_name(s),
		    du_res_names[res]);
}

/* DU19.9: 1 gold for 1 of another kind, once a turn for each own
 * Muntenhandel. */
static int
mint_ok(struct ctx *c, int s, int give)
{
	int n = owns_effect(c->st, s, DU_FX_MINT);

	if (n == 0)
		return refuse(c, "%s has no muntenhandel: trade 3 (bank) or 2 "
		    "(a trade ship) (DU11, DU19.9)", du_seat_name(s));
	if (give != DU_GOLD)
		return refuse(c, "a muntenhandel trades gold, not %s (DU19.9)",
		    du_res_names[give]);
	if (c->st->mint >= n)
		return refuse(c, "%s's muntenhandel%s traded this turn already "
		    "(once a turn each, DU19.9)", du_seat_name(s),
		    n == 1 ? " has" : "s have");
	return 0;
}

int
act_trade(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int give = a->kind[0], get = a->kind[1], n = a->n[0], rg, rc;
	uint8_t cost[DU_RES] = { 0 };

	if (give == get)
		return refuse(c, "the kind received differs from the kind given "
		    "(DU11.4)");
	if (n == 1 && (rc = mint_ok(c, s, give)) != 0)
		return rc;
	if (n == 2 && !has_ship(st, s, give))
		return refuse(c, "%s has no %s trade ship: 2:1 needs one (DU11.2)",
		    du_seat_name(s), du_res_names[give]);
	if (n < 1 || n > 3)
		return refuse(c, "trade 3 (bank), 2 (a trade ship) or 1 gold (a "
		    "muntenhandel) (DU11, DU19.9)");
	if ((rc = gain_named(c, s, get, a->at[0], &rg)) != 0)
		return rc;
	cost[give] = (uint8_t)n;
	if ((rc = pay(c, s, cost, a, "this trade")) != 0)
		return rc;
	if (c->dry)
		return 0;
	receive(c, s, get, rg);
	if (n == 1)
		st->mint++;
	note(c, "%s trades %d %s for 1 %s%s", du_seat_name(s), n,
	    du_res_names[give], du_res_names[get], n == 1 ?
	    " (muntenhandel)" : "");
	return 0;
}

int
act_trade_from(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int col = DU_COL(a->cell[0]), row = DU_ROW(a->cell[0]);
	int src = region_at(st, s, a->cell[0]), get = a->kind[0], rg, rc;
	char cn[3];

	du_cell_name(a->cell[0], cn);
	if (src < 0)
		return refuse(c, "%s is not a region of %s (DU11.3)", cn,
		    du_seat_name(s));
	if (!next_to(st, s, col, row, DU_FX_LARGE_SHIP, 0xff))
		return refuse(c, "%s is not next to %s's groot-handelsschip "
		    "(DU11.3)", cn, du_seat_name(s));
	if (rkind(st, src) == get)
		return refuse(c, "the kind received differs from the kind given "
		    "(DU11.4)");
	if (st->stored[src] < 2)
		return refuse(c, "%s holds %d: the large trade ship takes 2 from "
		    "one region (DU11.3)", cn, st->stored[src]);
	if ((rc = gain_named(c, s, get, a->at[0], &rg)) != 0)
		return rc;
	if (c->dry)
		return 0;
	st->stored[src] = (uint8_t)(st->stored[src] - 2);
	receive(c, s, get, rg);
	note(c, "%s trades 2 %s from %s for 1 %s", du_seat_name(s),
	    du_res_names[rkind(st, src)], cn, du_res_names[get]);
	return 0;
}

/* Take the action card with effect fx from s's hand to the discard pile. */
static int
play_card(struct ctx *c, int s, int fx, const char *slug)
{
	int i = hand_find_fx(c->st, s, fx);

	if (i < 0)
		return refuse(c, "%s holds no %s (DU12.1)", du_seat_name(s), slug);
	if (!c->dry)
		seg_insert(c->st, DU_SEG_DISCARD, 0, hand_take(c->st, s, i));
	return 0;
}

int
act_goldsmith(struct ctx *c, int s, const struct du_action *a)
{
	uint8_t cost[DU_RES] = { 0 };
	int rg0, rg1, rc;

	if (hand_find_fx(c->st, s, DU_FX_GOLDSMITH) < 0)
		return refuse(c, "%s holds no goudsmid (DU12.1)", du_seat_name(s));
	if (du_stock(c->st, s, DU_GOLD) < 3)
		return refuse(c, "goudsmid needs 3 gold, %s has %d (DU12.2)",
		    du_seat_name(s), du_stock(c->st, s, DU_GOLD));
	if ((rc = gain_named(c, s, a->kind[0], a->at[0], &rg0)) != 0 ||
	    (rc = gain_named(c, s, a->kind[1], a->at[1], &rg1)) != 0)
		return rc;
	cost[DU_GOLD] = 3;
	if ((rc = pay(c, s, cost, a, "goudsmid")) != 0)
		return rc;
	if ((rc = play_card(c, s, DU_FX_GOLDSMITH, "goudsmid")) != 0 || c->dry)
		return rc;
	receive(c, s, a->kind[0], rg0);
	receive(c, s, a->kind[1], rg1);
	note(c, "%s plays goudsmid: 3 gold for %s and %s", du_seat_name(s),
	    du_res_names[a->kind[0]], du_res_names[a->kind[1]]);
	return 0;
}

int
act_caravan(struct ctx *c, int s, const struct du_action *a)
{
	uint8_t cost[DU_RES] = { 0 };
	int rg0, rg1, rc;

	if (hand_find_fx(c->st, s, DU_FX_CARAVAN) < 0)
		return refuse(c, "%s holds no karavaan (DU12.1)", du_seat_name(s));
	if (total_stock(c->st, s) < 2)
		return refuse(c, "karavaan needs 2 resources to give, %s has %d "
		    "(DU12.2)", du_seat_name(s), total_stock(c->st, s));
	if ((rc = gain_named(c, s, a->kind[2], a->at[0], &rg0)) != 0 ||
	    (rc = gain_named(c, s, a->kind[3], a->at[1], &rg1)) != 0)
		return rc;
	cost[a->kind[0]]++;
	cost[a->kind[1]]++;
	if ((rc = pay(c, s, cost, a, "karavaan")) != 0)
		return rc;
	if ((rc = play_card(c, s, DU_FX_CARAVAN, "karavaan")) != 0 || c->dry)
		return rc;
	receive(c, s, a->kind[2], rg0);
	receive(c, s, a->kind[3], rg1);
	note(c, "%s plays karavaan: %s and %s for %s and %s", du_seat_name(s),
	    du_res_names[a->kind[0]], du_res_names[a->kind[1]],
	    du_res_names[a->kind[2]], du_res_names[a->kind[3]]);
	return 0;
}

/*
 * DU19.1: the checks of a card that takes from the other: a kind the
 * other holds and s can store, unit by unit; then (Handelaar, DU19.3)
 * a kind to give back that s will hold once he has taken.
 */
static int
steal_ok(struct ctx *c, int s, const struct du_action *a, const char *slug)
{
	struct du_state *st = c->st;
	int o = 1 - s, n = a->n[1];
	uint8_t want[DU_RES] = { 0 };

	if (n < 1 || n > 2)
		return refuse(c, "%s takes 1 or 2 resources (DU19.1)", slug);
	if (total_stock(st, o) == 0)
		return refuse(c, "%s has no resources: %s cannot be played "
		    "(DU19.1)", du_seat_name(o), slug);
	for (int j = 0; j < n; j++) {
		int r = a->kind[j];

		if (r >= DU_RES)
			return refuse(c, "no such resource (DU19.1)");
		if (++want[r] > du_stock(st, o, r))
			return refuse(c, "%s has %d %s: %s takes %d (DU19.1)",
			    du_seat_name(o), du_stock(st, o, r), du_res_names[r],
			    slug, want[r]);
		if (want[r] > room_count(st, s, r))
			return refuse(c, "%s has room for %d %s: %s takes %d "
			    "(DU19.1)", du_seat_name(s), room_count(st, s, r),
			    du_res_names[r], slug, want[r]);
	}
	if (a->n[0] == DU_FX_TRADER && a->kind[2] < DU_RES &&
	    du_stock(st, s, a->kind[2]) + want[a->kind[2]] == 0)
		return refuse(c, "%s will hold no %s to give back (DU19.3)",
		    du_seat_name(s), du_res_names[a->kind[2]]);
	return 0;
}

/* DU19.5: Dounya, 2 gold for each own Piratenschip, no more than the
 * other holds and s can store. */
static int
act_dounya(struct ctx *c, int s)
{
	struct du_state *st = c->st;
	int o = 1 - s, n = 2 * owns_effect(st, s, DU_FX_PIRATE), rc;
	uint8_t want[DU_RES] = { 0 };

	if (du_stock(st, o, DU_GOLD) == 0)
		return refuse(c, "%s has no gold: dounya cannot be played "
		    "(DU19.5)", du_seat_name(o));
	if (room_count(st, s, DU_GOLD) == 0)
		return refuse(c, "%s has no room for gold: dounya would take "
		    "nothing (DU19.5)", du_seat_name(s));
	if (n > du_stock(st, o, DU_GOLD))
		n = du_stock(st, o, DU_GOLD);
	if (n > room_count(st, s, DU_GOLD))
		n = room_count(st, s, DU_GOLD);
	if ((rc = play_card(c, s, DU_FX_DOUNYA, "dounya")) != 0 || c->dry)
		return rc;
	want[DU_GOLD] = (uint8_t)n;
	pay(c, o, want, NULL, "dounya");
	for (int j = 0; j < n; j++)
		gain_one(st, s, DU_GOLD, -1);
	note(c, "%s plays dounya: %s gives %d gold", du_seat_name(s),
	    du_seat_name(o), n);
	return 0;
}

/* DU19.1-DU19.5: Handelsmeester, Handelaar, Rooftocht, Dounya. */
int
act_steal(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int fx = a->n[0], o = 1 - s, i, k, rc;
	uint8_t want[DU_RES] = { 0 }, back[DU_RES] = { 0 };
	const char *slug;
	char why[96], got[48];

	if (fx != DU_FX_MASTER_MERCHANT && fx != DU_FX_TRADER &&
	    fx != DU_FX_RAID && fx != DU_FX_DOUNYA)
		return refuse(c, "no such card takes from the other (DU19.1)");
	slug = fx == DU_FX_TRADER ? "handelaar" : fx == DU_FX_RAID ?
	    "rooftocht" : fx == DU_FX_DOUNYA ? "dounya" : "handelsmeester";
	if ((i = hand_find_fx(st, s, fx)) < 0)
		return refuse(c, "%s holds no %s (DU12.1)", du_seat_name(s), slug);
	k = st->d->inst[st->p[s].hand[i]];
	if (!du_req_ok(st, s, k, why, sizeof why))
		return refuse(c, "%s needs %s (DU18.8)", slug, why);
	if (fx == DU_FX_DOUNYA)
		return act_dounya(c, s);
	if (fx == DU_FX_TRADER && a->kind[2] >= DU_RES)
		return refuse(c, "handelaar gives 1 resource back (DU19.3)");
	if ((rc = steal_ok(c, s, a, slug)) != 0)
		return rc;
	if ((rc = play_card(c, s, fx, slug)) != 0 || c->dry)
		return rc;
	for (int j = 0; j < a->n[1]; j++)
		want[a->kind[j]]++;
	pay(c, o, want, NULL, slug);
	for (int j = 0; j < a->n[1]; j++)
		gain_one(st, s, a->kind[j], -1);
	snprintf(got, sizeof got, "%s%s%s", du_res_names[a->kind[0]],
	    a->n[1] == 2 ? " and " : "", a->n[1] == 2 ?
	    du_res_names[a->kind[1]] : "");
	note(c, "%s plays %s: %s gives %s", du_seat_name(s), slug,
	    du_seat_name(o), got);
	if (fx != DU_FX_TRADER)
		return 0;
	back[a->kind[2]] = 1;
	pay(c, s, back, NULL, slug);
	note(c, "%s gives %s back%s", du_seat_name(s),
	    du_res_names[a->kind[2]], gain_one(st, o, a->kind[2], -1) ? "" :
	    ": no room, lost (DU4.3)");
	return 0;
}

int
act_relocation(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int c0 = a->cell[0], c1 = a->cell[1], rc;
	uint8_t *v0 = &st->p[s].cell[DU_COL(c0)][DU_ROW(c0)];
	uint8_t *v1 = &st->p[s].cell[DU_COL(c1)][DU_ROW(c1)], t;
	char n0[3], n1[3];

	du_cell_name(c0, n0);
	du_cell_name(c1, n1);
	if (hand_find_fx(st, s, DU_FX_RELOCATION) < 0)
		return refuse(c, "%s holds no verhuizing (DU12.1)",
		    du_seat_name(s));
	if (c0 == c1)
		return refuse(c, "verhuizing swaps two different cards (DU12.6)");
	if (!((DU_IS_REGION(*v0) && DU_IS_REGION(*v1)) ||
	    (DU_IS_EXP(*v0) && DU_IS_EXP(*v1))))
		return refuse(c, "verhuizing swaps two own regions or two own "
		    "expansions, not %s and %s (DU12.6)", n0, n1);
	if (DU_IS_EXP(*v0) && (du_exp_site(c0) < 0 || du_exp_site(c1) < 0))
		return refuse(c, "verhuizing: the verborgen goudmijn stays on "
		    "its site (DU12.6, DU19.8)");
	if ((rc = play_card(c, s, DU_FX_RELOCATION, "verhuizing")) != 0 ||
	    c->dry)
		return rc;
	t = *v0;
	*v0 = *v1;
	*v1 = t;
	note(c, "%s plays verhuizing: %s and %s swap places", du_seat_name(s),
	    n0, n1);
	return 0;
}

int
act_marileen(struct ctx *c, int s, const struct du_action *a)
{
	int rc;

	if (a->n[0] < 1 || a->n[0] > 6)
		return refuse(c, "the production die shows 1-6 (DU12.5)");
	if ((rc = play_card(c, s, DU_FX_FIX_PRODUCTION, "marileen")) != 0 ||
	    c->dry)
		return rc;
	note(c, "%s plays marileen: the production die shows %d",
	    du_seat_name(s), a->n[0]);
	return roll(c, a->n[0]);
}
