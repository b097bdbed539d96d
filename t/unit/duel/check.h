/*
 * t/unit/duel/check.h -- the Duel's invariants after every action
 * (duel-rules(7)'s property test; header only): each of the 45 basic
 * cards exactly once among stacks, hands, principalities, discard pile,
 * event deck and the card being resolved, each region card once, 0-3 on
 * every region, the supply and the grids 9/9/7, VP equal to their
 * recount, the indexes of expansions and regions (exp_at, reg_at) equal
 * to the cells; with public draws (fair chance) the unseen slots lie
 * within their decks and Zomerfeest just under the event deck's unseen
 * top.
 */
#ifndef DUEL_T_CHECK_H
#define DUEL_T_CHECK_H

#include "games/duel/engine.h"

/* The invariants; NULL when they hold, else what is wrong. */
static const char *
du_t_check(const struct du_state *st)
{
	const struct du_data *d = st->d;
	int inst[DU_MAX_INST] = { 0 }, reg[DU_REGIONS] = { 0 };
	int roads = 0, towns = 0, cities = 0, n = 0;

	for (int k = 0; k < DU_SEGS; k++)
		n += st->nseg[k];
	for (int i = 0; i < n; i++)
		inst[st->pile[i]]++;
	if (st->card != 0xff)
		inst[st->card]++;
	for (int s = 0; s < DU_SEATS; s++) {
		uint64_t at = 0, rat = 0;

		for (int i = 0; i < DU_COLS * DU_ROWS; i++) {
			uint8_t v = st->p[s].cell[i / DU_ROWS][i % DU_ROWS];

			/* off a site: "a card off its row/column" below */
			if (DU_IS_EXP(v) && du_exp_site(i) >= 0)
				at |= (uint64_t)1 << du_exp_site(i);
			else if (DU_IS_REGION(v) && du_reg_site(i) >= 0)
				rat |= (uint64_t)1 << du_reg_site(i);
		}
		for (int k = 0; k < 48; k++)
			if (du_exp_site(du_exp_cell(k)) != k)
				return "expansion site and cell do not agree";
		for (int k = 0; k < 26; k++)
			if (du_reg_site(du_reg_cell(k)) != k)
				return "region site and cell do not agree";
		if (at != du_bits(st->p[s].exp_at, 8))
			return "the index of expansions differs from the cells";
		if (rat != du_bits(st->p[s].reg_at, 4))
			return "the index of regions differs from the cells";
		for (int i = 0; i < st->p[s].nhand; i++)
			inst[st->p[s].hand[i]]++;
		for (int col = 0; col < DU_COLS; col++)
			for (int row = 0; row < DU_ROWS; row++) {
				uint8_t v = st->p[s].cell[col][row];
				int cache = DU_IS_EXP(v) && du_cache(st, s) >= 0 &&
				    DU_CELL(col, row) == st->cache_cell - 1;

				/* DU19.8: the goudmijn, on a region's row 1
				 * or 5 */
				if (cache && (col % 2 != 0 || (row != 0 &&
				    row != 4)))
					return "the goudmijn off its site";
				if (!cache && DU_IS_EXP(v) && col % 2 == 0)
					return "an expansion in a region column "
					    "that is not the goudmijn";
				if (cache)
					v = DU_C_EMPTY, inst[st->p[s].cell[col]
					    [row] - DU_C_EXP]++;
				/* DU2.2's sites, where engine.c and legal.c
				 * look for each kind: regions in the region
				 * columns (even) at rows 2 and 4, roads at 3;
				 * towns in the settlement columns at 3,
				 * expansions there at 1, 2, 4, 5 */
				if (v != DU_C_EMPTY && (col % 2 == 0) !=
				    (DU_IS_REGION(v) || v == DU_C_ROAD))
					return "a card off its column";
				if (v != DU_C_EMPTY && (row == 2) !=
				    (v == DU_C_ROAD || v == DU_C_SETTLEMENT ||
				    v == DU_C_CITY))
					return "a card off its row";
				if (DU_IS_REGION(v) && row != 1 && row != 3)
					return "a region off a region site";
				if (DU_IS_EXP(v))
					inst[v - DU_C_EXP]++;
				else if (DU_IS_REGION(v))
					reg[v - DU_C_REGION]++;
				else if (v == DU_C_ROAD)
					roads++;
				else if (v == DU_C_SETTLEMENT)
					towns++;
				else if (v == DU_C_CITY)
					towns++, cities++;
			}
	}
	for (int i = 0; i < st->nrstack; i++)
		reg[st->rstack[i]]++;
	for (int i = 0; i < 2; i++)
		if (st->drawn[i] != 0xff)
			reg[st->drawn[i]]++;
	for (int i = 0; i < d->ninst; i++) {
		int set = d->iset[i];

		/* a theme set's cards are in its theme game only (DU18.1) */
		if (inst[i] != (set == DU_SET_BASIS ||
		    set == du_mode_set(st->mode)))
			return "a basic card is not exactly once";
	}
	for (int i = 0; i < d->nregions; i++) {
		if (reg[i] != 1)
			return "a region card is not exactly once";
		if (st->stored[i] > 3)
			return "a region holds more than 3";
	}
	if (roads + st->supply[0] != 9 || towns + st->supply[1] != 9 ||
	    cities + st->supply[2] != 7)
		return "the supply and the grids do not add up to 9/9/7";
	for (int s = 0; s < DU_SEATS; s++) {
		int vp = 0;

		for (int col = 0; col < DU_COLS; col++)
			vp += st->p[s].cell[col][2] == DU_C_SETTLEMENT ? 1 :
			    st->p[s].cell[col][2] == DU_C_CITY ? 2 : 0;
		vp += du_token(st, 0) == s;
		vp += du_token(st, 1) == s;
		if (vp != du_vp(st, s))
			return "VP differ from their recount";
		if (st->p[s].nhand > DU_HAND_MAX)
			return "a hand overflows";
	}
	if (!st->pub)
		return NULL;
	for (int k = 0; k < DU_STACKS; k++)
		if (st->unseen[k] > st->nseg[k])
			return "more unseen cards in a stack than cards";
	if (st->runseen > st->nrstack)
		return "more unseen regions than regions in the stack";
	if (st->card == 0xff || d->inst[st->card] != d->summer) {
		const uint8_t *ev = du_seg(st, DU_SEG_EVENTS);

		if (st->ev_unseen >= st->nseg[DU_SEG_EVENTS] ||
		    d->inst[ev[st->ev_unseen]] != d->summer)
			return "Zomerfeest is not just under the unseen top";
	}
	return NULL;
}

#endif
