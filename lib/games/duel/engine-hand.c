/*
 * engine-hand.c -- the Duel's orders of the hand and the answers owed
 * (duel-rules(7)): replenishing, exchanging and searching (DU14), and
 * the choices of the dice and the event cards (DU16, DU8): gain, buy,
 * pass, select, remove, put.  engine-act.c's dispatch() calls them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"
#include "games/duel/engine-int.h"

int
act_draw(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int k = a->n[0], rc;

	if ((rc = stack_ok(c, k)) != 0)
		return rc;
	if (st->p[s].nhand >= du_hand_limit(st, s))
		return refuse(c, "%s holds %d cards, the limit is %d: discard "
		    "instead (DU14.3)", du_seat_name(s), st->p[s].nhand,
		    du_hand_limit(st, s));
	if (st->nseg[k - 1] == 0)
		return refuse(c, "stack %d is empty (DU14.4)", k);
	if (c->dry)
		return 0;
	{
		uint8_t card;

		if ((rc = stack_draw(c, k - 1, &card)) != 0)
			return rc;
		hand_add(st, s, card);
	}
	note(c, "%s draws a card from stack %d", du_seat_name(s), k);
	after_replenish(c);
	return 0;
}

int
act_discard(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int k = a->n[0], rc;

	if ((rc = stack_ok(c, k)) != 0 || (rc = card_ok(c, s, a->n[1])) != 0 ||
	    (rc = under_ok(c, k, st->p[s].hand[a->n[1] - 1])) != 0)
		return rc;
	if (st->p[s].nhand <= du_hand_limit(st, s))
		return refuse(c, "%s holds %d cards, the limit is %d: nothing to "
		    "discard (DU14.3)", du_seat_name(s), st->p[s].nhand,
		    du_hand_limit(st, s));
	if (c->dry)
		return 0;
	seg_bottom(st, k - 1, hand_take(st, s, a->n[1] - 1));
	note(c, "%s puts a card under stack %d", du_seat_name(s), k);
	after_replenish(c);
	return 0;
}

int
act_exchange(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int put = a->n[0], from = a->n[2], rc, fee;
	uint8_t cost[DU_RES] = { 0 };

	if ((rc = card_ok(c, s, a->n[1])) != 0 || (rc = stack_ok(c, put)) != 0 ||
	    (rc = stack_ok(c, from)) != 0 ||
	    (rc = under_ok(c, put, st->p[s].hand[a->n[1] - 1])) != 0)
		return rc;
	/* the card goes under first: the stack may be the one just used */
	if (st->nseg[from - 1] + (put == from) == 0)
		return refuse(c, "stack %d is empty (DU14.4)", from);
	if (a->verb == DU_A_EXCHANGE_SEARCH) {
		fee = owns_effect(st, s, DU_FX_PARISH_HALL) ? 1 : 2;
		if (a->npay != fee)
			return refuse(c, "searching a stack costs %d resource%s: "
			    "name %s with 'paying' (DU14.4)", fee, fee == 1 ? "" :
			    "s", fee == 1 ? "it" : "them");
		for (int i = 0; i < a->npay; i++) {
			int rg = region_at(st, s, a->pay[i]);
			char cn[3];

			du_cell_name(a->pay[i], cn);
			if (rg < 0 && du_cache(st, s) >= 0 &&
			    a->pay[i] == st->cache_cell - 1) {
				cost[DU_GOLD]++;	/* DU19.8: its gold */
				continue;
			}
			if (rg < 0)
				return refuse(c, "%s is not a region of %s (DU4.4)",
				    cn, du_seat_name(s));
			cost[rkind(st, rg)]++;
		}
		if ((rc = pay(c, s, cost, a, "searching a stack")) != 0)
			return rc;
	}
	if (c->dry)
		return 0;
	seg_bottom(st, put - 1, hand_take(st, s, a->n[1] - 1));
	if (a->verb == DU_A_EXCHANGE_DRAW) {
		uint8_t card;

		if ((rc = stack_draw(c, from - 1, &card)) != 0)
			return rc;
		hand_add(st, s, card);
		note(c, "%s puts a card under stack %d and draws a card from "
		    "stack %d", du_seat_name(s), put, from);
		next_turn(c);
		return 0;
	}
	note(c, "%s puts a card under stack %d and searches stack %d",
	    du_seat_name(s), put, from);
	if ((rc = stack_search(c, from - 1)) != 0)
		return rc;
	st->phase = DU_PH_TAKE;
	st->search = (uint8_t)(from - 1);
	return 0;
}

int
act_take(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int n = a->n[0];

	if (st->turn == 0)	/* before the first turn: DU18.6 */
		return a->n[1] ? start_take(c, s, a) : refuse(c, "a starting "
		    "hand is 3 cards: take card A card B card C (DU18.6)");
	if (a->n[1])
		return refuse(c, "take one card (DU14.4)");
	if (n < 1 || n > st->nseg[st->search])
		return refuse(c, "stack %d holds %d cards: there is no card %d "
		    "(DU14.4)", st->search + 1, st->nseg[st->search], n);
	if (c->dry)
		return 0;
	hand_add(st, s, seg_take(st, st->search, n - 1));
	note(c, "%s takes the card at position %d of stack %d",
	    du_seat_name(s), n, st->search + 1);
	next_turn(c);
	return 0;
}

/* A gain of choice answered (DU16). */
int
act_gain(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	struct du_gain g = st->gq[0];
	int res = a->kind[0], m = gain_legal(st, &g), rg, rc;

	if (!(m >> res & 1))
		return refuse(c, "%s cannot gain %s now (%s)", du_seat_name(s),
		    du_res_names[res], !(g.mask >> res & 1) ?
		    "not a kind this gain offers, DU6.4" :
		    !has_room(st, s, res) ? "no room, DU7.6" :
		    "the other has none, DU7.2");
	if ((rc = gain_named(c, s, res, a->at[0], &rg)) != 0)
		return rc;
	if (c->dry)
		return 0;
	pop_gain(st);
	st->choice = DU_CH_NONE;
	do_gain(c, &g, res, rg, "");
	return advance(c);
}

int
act_buy(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	uint8_t cost[DU_RES] = { 0 };
	int res = a->kind[0], rg, rc;

	if (res == DU_GOLD)
		return refuse(c, "gold is what pays: buy another kind (DU8.4)");
	if (!has_room(st, s, res))
		return refuse(c, "no room for %s (DU7.6)", du_res_names[res]);
	if ((rc = gain_named(c, s, res, a->at[0], &rg)) != 0)
		return rc;
	cost[DU_GOLD] = 1;
	if ((rc = pay(c, s, cost, a, "a purchase")) != 0)
		return rc;
	if (c->dry)
		return 0;
	gain_one(st, s, res, rg);
	note(c, "%s buys %s for 1 gold", du_seat_name(s), du_res_names[res]);
	st->bought++;
	if ((st->bought & 0x0f) >= 2 || du_stock(st, s, DU_GOLD) == 0) {
		begin_merchant(st, (st->bought >> 4) + 1);
		return advance(c);
	}
	return 0;
}

int
act_pass(struct ctx *c, int s)
{
	struct du_state *st = c->st;

	if (c->dry)
		return 0;
	if (st->phase == DU_PH_EXCHANGE) {
		note(c, "%s does not exchange", du_seat_name(s));
		next_turn(c);
		return 0;
	}
	note(c, "%s buys no more", du_seat_name(s));
	begin_merchant(st, (st->bought >> 4) + 1);
	return advance(c);
}

int
act_select(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int victim = 1 - s;

	for (int i = 0; i < 3; i++) {
		uint8_t v = st->p[victim].cell[DU_COL(a->cell[i])]
		    [DU_ROW(a->cell[i])];
		char cn[3];

		du_cell_name(a->cell[i], cn);
		if (!DU_IS_EXP(v) || exp_card(st, v)->kind != DU_K_BUILDING ||
		    du_exp_site(a->cell[i]) < 0)
			return refuse(c, "%s holds no building of %s (DU8.1)", cn,
			    du_seat_name(victim));
		for (int j = 0; j < i; j++)
			if (a->cell[j] == a->cell[i])
				return refuse(c, "%s is selected twice (DU8.1)", cn);
	}
	if (c->dry)
		return 0;
	memcpy(st->selected, a->cell, 3);
	st->nselected = 3;
	st->choice = DU_CH_REMOVE;
	st->aw_seat = (uint8_t)victim;
	{
		char a0[3], a1[3], a2[3];

		du_cell_name(a->cell[0], a0);
		du_cell_name(a->cell[1], a1);
		du_cell_name(a->cell[2], a2);
		note(c, "%s selects %s %s %s of %s", du_seat_name(s), a0, a1, a2,
		    du_seat_name(victim));
	}
	return 0;
}

int
act_remove(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int found = 0, k = a->n[0], rc;
	uint8_t *v = &st->p[s].cell[DU_COL(a->cell[0])][DU_ROW(a->cell[0])];
	char cn[3];

	du_cell_name(a->cell[0], cn);
	if ((rc = stack_ok(c, k)) != 0)
		return rc;
	for (int i = 0; i < st->nselected; i++)
		found |= st->selected[i] == a->cell[0];
	if (!found)
		return refuse(c, "%s is not a selected building (DU8.1)", cn);
	if ((rc = under_ok(c, k, *v - DU_C_EXP)) != 0)
		return rc;
	if (c->dry)
		return 0;
	note(c, "%s removes %s at %s and puts it under stack %d",
	    du_seat_name(s), exp_card(st, *v)->slug, cn, k);
	seg_bottom(st, k - 1, (uint8_t)(*v - DU_C_EXP));
	*v = DU_C_EMPTY;
	exp_mark(st, s, a->cell[0], 0);
	st->nselected = 0;
	st->choice = DU_CH_NONE;
	return advance(c);
}

int
act_put(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int victim = 1 - s, want = st->p[victim].nhand < 2 ?
	    st->p[victim].nhand : 2, n = a->n[2] ? 2 : 1, rc;

	if (n != want)
		return refuse(c, "put %d of %s's cards (DU8.2)", want,
		    du_seat_name(victim));
	for (int i = 0; i < n; i++) {
		if ((rc = card_ok(c, victim, a->n[2 * i])) != 0 ||
		    (rc = stack_ok(c, a->n[2 * i + 1])) != 0 ||
		    (rc = under_ok(c, a->n[2 * i + 1],
		    st->p[victim].hand[a->n[2 * i] - 1])) != 0)
			return rc;
	}
	if (n == 2 && a->n[0] == a->n[2])
		return refuse(c, "two different cards (DU8.2)");
	if (c->dry)
		return 0;
	{
		uint8_t card[2];
		int hi = n == 2 && a->n[2] > a->n[0];

		card[0] = st->p[victim].hand[a->n[0] - 1];
		card[1] = n == 2 ? st->p[victim].hand[a->n[2] - 1] : 0;
		/* take the later one first so the other keeps its place */
		if (n == 2) {
			hand_take(st, victim, (hi ? a->n[2] : a->n[0]) - 1);
			hand_take(st, victim, (hi ? a->n[0] : a->n[2]) - 1);
		} else
			hand_take(st, victim, a->n[0] - 1);
		for (int i = 0; i < n; i++)
			seg_bottom(st, a->n[2 * i + 1] - 1, card[i]);
	}
	if (n == 2)
		note(c, "%s puts 2 of %s's cards under stacks %d and %d",
		    du_seat_name(s), du_seat_name(victim), a->n[1], a->n[3]);
	else
		note(c, "%s puts 1 of %s's cards under stack %d", du_seat_name(s),
		    du_seat_name(victim), a->n[1]);
	st->choice = DU_CH_NONE;
	return advance(c);
}
