/*
 * engine-theme.c -- the Duel's orders of the start and of the theme
 * games (duel-rules(7)): the starting hands (DU3.6, DU18.6), the
 * regions rearranged (DU18.7), an expansion removed (DU18.9) and the
 * win at the mode's goal at any moment of one's turn (DU18.2).
 * engine-act.c's dispatch() calls them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"
#include "games/duel/engine-int.h"

/*
 * DU18.6: in a theme game each player, the start player first, looks
 * through a stack of his choice (both may choose the same) and takes 3
 * of its cards (start_take); the order of the rest is kept.
 */
static int
start_search(struct ctx *c, int seat, int k)
{
	struct du_state *st = c->st;
	int rc;

	if (st->nseg[k - 1] < 3)
		return refuse(c, "stack %d holds %d cards (DU18.6)", k,
		    st->nseg[k - 1]);
	if (c->dry)
		return 0;
	note(c, "%s looks through stack %d for a starting hand (DU18.6)",
	    du_seat_name(seat), k);
	if ((rc = stack_search(c, k - 1)) != 0)
		return rc;
	st->phase = DU_PH_TAKE;
	st->search = (uint8_t)(k - 1);
	return 0;
}

/* DU18.6: take card A card B card C, three positions of the stack
 * searched as it lies, into the hand in that order. */
int
start_take(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int k = st->search, len = st->nseg[k], pos[3];
	uint8_t card[3];

	for (int i = 0; i < 3; i++) {
		pos[i] = a->n[i];
		if (pos[i] < 1 || pos[i] > len)
			return refuse(c, "take 3 cards of stack %d, positions 1-%d "
			    "(DU18.6)", k + 1, len);
		for (int j = 0; j < i; j++)
			if (pos[j] == pos[i])
				return refuse(c, "take 3 different cards "
				    "(DU18.6)");
	}
	if (c->dry)
		return 0;
	for (int i = 0; i < 3; i++)
		card[i] = du_seg(st, k)[pos[i] - 1];
	/* from the bottom up, so that the positions hold */
	for (int p = len; p >= 1; p--)
		if (p == pos[0] || p == pos[1] || p == pos[2])
			(void)seg_take(st, k, p - 1);
	for (int i = 0; i < 3; i++)
		hand_add(st, s, card[i]);
	note(c, "%s takes 3 cards of stack %d for a starting hand (DU18.6)",
	    du_seat_name(s), k + 1);
	if (s == st->start_player) {
		st->phase = DU_PH_START;
		st->aw_seat = (uint8_t)(1 - s);
	} else {
		st->phase = DU_PH_ARRANGE;	/* DU18.7 */
		st->aw_seat = st->active = st->start_player;
	}
	return 0;
}

int
act_start(struct ctx *c, int seat, const struct du_action *a)
{
	struct du_state *st = c->st;
	int k = a->n[0], rc;

	if ((rc = stack_ok(c, k)) != 0)
		return rc;
	if (st->mode != DU_MODE_INTRO && du_stack_back(st, k - 1))
		return refuse(c, "stack %d is a theme stack: the starting hand "
		    "comes from a basic stack, 1 to 3 (DU18.6)", k);
	if (st->mode != DU_MODE_INTRO)
		return start_search(c, seat, k);
	if (seat != st->start_player && k == st->first_start)
		return refuse(c, "stack %d was taken by %s: a different stack "
		    "(DU3.6)", k, du_seat_name(st->start_player));
	if (st->nseg[k - 1] < 3)
		return refuse(c, "stack %d holds %d cards (DU3.6)", k,
		    st->nseg[k - 1]);
	if (c->dry)
		return 0;
	for (int i = 0; i < 3; i++) {
		uint8_t card;

		if ((rc = stack_draw(c, k - 1, &card)) != 0)
			return rc;
		hand_add(st, seat, card);
	}
	note(c, "%s takes the top 3 cards of stack %d", du_seat_name(seat), k);
	if (seat == st->start_player) {
		st->first_start = (uint8_t)k;
		st->aw_seat = (uint8_t)(1 - seat);
	} else {
		st->phase = DU_PH_ROLL;
		st->aw_seat = st->active = st->start_player;
		st->turn = 1;
	}
	return 0;
}

/*
 * DU18.9: the active player removes an own expansion, building or
 * unit, for free in his action phase, even while empty sites remain;
 * it goes to the discard pile (DU14.6).  The introductory game never
 * removes one (DU10.5).
 */
int
act_demolish(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	uint8_t *v = &st->p[s].cell[DU_COL(a->cell[0])][DU_ROW(a->cell[0])];
	char cn[3];

	du_cell_name(a->cell[0], cn);
	if (st->mode == DU_MODE_INTRO)
		return refuse(c, "demolish: the introductory game never removes "
		    "an expansion (DU10.5; the theme games, DU18.9)");
	if (!DU_IS_EXP(*v))
		return refuse(c, "demolish: %s holds no expansion of %s "
		    "(DU18.9)", cn, du_seat_name(s));
	if (du_exp_site(a->cell[0]) < 0)
		return refuse(c, "demolish: %s, the verborgen goudmijn, is "
		    "neither a building nor a unit (DU18.9, DU19.8)", cn);
	if (c->dry)
		return 0;
	/* DU18.9: a card of the open pile goes back to it */
	remove_exp(c, s, a->cell[0], "DU18.9");
	return 0;
}

/*
 * DU18.7: after the starting hands, each player (the start player
 * first) may rearrange his 6 regions, two at a time, their units with
 * them, and says he is ready.
 */
int
act_swap(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int c0 = a->cell[0], c1 = a->cell[1];
	uint8_t *v0 = &st->p[s].cell[DU_COL(c0)][DU_ROW(c0)];
	uint8_t *v1 = &st->p[s].cell[DU_COL(c1)][DU_ROW(c1)], t;
	char n0[3], n1[3];

	du_cell_name(c0, n0);
	du_cell_name(c1, n1);
	if (c0 == c1 || !DU_IS_REGION(*v0) || !DU_IS_REGION(*v1))
		return refuse(c, "swap: two different regions of %s, not %s and "
		    "%s (DU18.7)", du_seat_name(s), n0, n1);
	if (c->dry)
		return 0;
	t = *v0;
	*v0 = *v1;
	*v1 = t;
	note(c, "%s swaps the regions at %s and %s (DU18.7)",
	    du_seat_name(s), n0, n1);
	return 0;
}

int
act_ready(struct ctx *c, int s)
{
	struct du_state *st = c->st;

	if (c->dry)
		return 0;
	note(c, "%s has laid out his regions (DU18.7)", du_seat_name(s));
	if (s == st->start_player) {
		st->aw_seat = (uint8_t)(1 - s);
		return 0;
	}
	st->phase = DU_PH_ROLL;
	st->aw_seat = st->active = st->start_player;
	st->turn = 1;
	return 0;
}

/*
 * DU18.2: in a theme game the active player wins at once when he has
 * the mode's goal (12 VP) at any moment of his own turn, or at its
 * start, before rolling: after every order, whoever gave it.
 */
void
theme_win(struct ctx *c)
{
	struct du_state *st = c->st;
	int s = st->active, goal = du_modes[st->mode].goal;

	if (st->phase == DU_PH_OVER || st->phase == DU_PH_START ||
	    st->phase == DU_PH_ARRANGE || du_vp(st, s) < goal)
		return;
	st->phase = DU_PH_OVER;
	st->winner = (uint8_t)s;
	st->how = 0;
	note(c, "%s wins with %d points (DU18.2)", du_seat_name(s),
	    du_vp(st, s));
}
