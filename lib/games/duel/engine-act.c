/*
 * engine-act.c -- the Duel's orders (duel-rules(7)): building (DU9,
 * DU10), trade (DU11), action cards (DU12), the hand and the stacks
 * (DU14) and the answers owed; dispatch() runs one for du_apply().
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"
#include "games/duel/engine-int.h"

static int dispatch_order(struct ctx *c, int seat, const struct du_action *a);

/* ---- orders ----------------------------------------------------------- */

static int
need_phase(struct ctx *c, int seat, int phase, const char *what)
{
	struct du_state *st = c->st;

	if (st->phase != phase || seat != st->aw_seat)
		return refuse(c, "%s: not now (%s)", what,
		    st->phase == DU_PH_ACTION ? "the action phase" :
		    st->phase == DU_PH_ROLL ? "before the roll" :
		    "another step is awaited");
	return 0;
}

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
static int
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

static int
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

/* DU9.1, DU9.2: the road or settlement site at one end. */
static int
end_site(const struct du_state *st, int s, int side, int dist)
{
	int col = outer_town(st, s, side);

	if (col < 0)
		return -1;
	col += side ? dist : -dist;
	return col >= 0 && col < DU_COLS ? col : -1;
}

static int
act_build_road(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	const struct du_card *k = &st->d->card[st->d->road];
	int col = end_site(st, s, a->side, 1), rc;
	char cn[3];

	if (st->supply[0] == 0)
		return refuse(c, "no road is left in the supply (DU9.5)");
	if (col < 0 || st->p[s].cell[col][2] != DU_C_EMPTY)
		return refuse(c, "the road site %s of %s is taken: a settlement "
		    "must follow first (DU9.1)", a->side ? "right" : "left",
		    du_seat_name(s));
	if ((rc = pay(c, s, k->cost, a, "a road")) != 0)
		return rc;
	if (c->dry)
		return 0;
	st->p[s].cell[col][2] = DU_C_ROAD;
	st->supply[0]--;
	du_cell_name(DU_CELL(col, 2), cn);
	note(c, "%s builds a road at %s", du_seat_name(s), cn);
	return 0;
}

static int
act_build_settlement(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	const struct du_card *k = &st->d->card[st->d->settlement];
	int road = end_site(st, s, a->side, 1), col = end_site(st, s, a->side, 2);
	int rcol = end_site(st, s, a->side, 3), rc, scout = -1;
	char cn[3], r1[16], r2[16];

	if (st->supply[1] == 0)
		return refuse(c, "no settlement is left in the supply (DU9.5)");
	if (road < 0 || st->p[s].cell[road][2] != DU_C_ROAD || col < 0 ||
	    rcol < 0)
		return refuse(c, "no road at the %s end of %s's principality: a "
		    "settlement needs one (DU9.2)", a->side ? "right" : "left",
		    du_seat_name(s));
	if (st->nrstack < 2)
		return refuse(c, "the region stack holds %d cards (DU9.5)",
		    st->nrstack);
	if (a->scout && (scout = hand_find_fx(st, s, DU_FX_SCOUT)) < 0)
		return refuse(c, "%s holds no verkenner (DU12.7)",
		    du_seat_name(s));
	if ((rc = pay(c, s, k->cost, a, "a settlement")) != 0)
		return rc;
	if (c->dry)
		return 0;
	st->p[s].cell[col][2] = DU_C_SETTLEMENT;
	st->supply[1]--;
	st->drawn_col = (uint8_t)rcol;
	du_cell_name(DU_CELL(col, 2), cn);
	note(c, "%s builds a settlement at %s", du_seat_name(s), cn);
	st->phase = DU_PH_REGIONS;
	if (scout >= 0) {
		uint8_t card = hand_take(st, s, scout);

		seg_insert(st, DU_SEG_DISCARD, 0, card);
		st->scout = 1;
		st->drawn[0] = st->drawn[1] = 0xff;
		note(c, "%s plays verkenner and looks through the region stack",
		    du_seat_name(s));
		return 0;
	}
	st->scout = 0;
	if ((rc = region_draw(c, 0)) != 0 || (rc = region_draw(c, 1)) != 0)
		return rc;
	st->runseen = st->runseen > 2 ? (uint8_t)(st->runseen - 2) : 0;
	st->drawn[0] = st->rstack[0];
	st->drawn[1] = st->rstack[1];
	memmove(st->rstack, st->rstack + 2, (size_t)(st->nrstack - 2));
	st->nrstack = (uint8_t)(st->nrstack - 2);
	if (noting(c)) {
		du_region_slug(st->d, st->drawn[0], r1, sizeof r1);
		du_region_slug(st->d, st->drawn[1], r2, sizeof r2);
		note(c, "%s draws regions %s and %s", du_seat_name(s), r1, r2);
	}
	return 0;
}

static int
act_regions(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int pos[2] = { -1, -1 }, rc;
	char r1[16], r2[16];

	if (a->region[0] == a->region[1])
		return refuse(c, "two different regions (DU9.2)");
	for (int i = 0; i < 2; i++) {
		if (st->scout) {
			for (int j = 0; j < st->nrstack; j++)
				if (st->rstack[j] == a->region[i])
					pos[i] = j;
		} else
			for (int j = 0; j < 2; j++)
				if (st->drawn[j] == a->region[i])
					pos[i] = j;
		if (pos[i] < 0) {
			du_region_slug(st->d, a->region[i], r1, sizeof r1);
			return refuse(c, "%s is not %s (DU9.2)", r1, st->scout ?
			    "in the region stack" : "one of the drawn regions");
		}
	}
	if (c->dry)
		return 0;
	st->p[s].cell[st->drawn_col][1] = (uint8_t)(DU_C_REGION + a->region[0]);
	st->p[s].cell[st->drawn_col][3] = (uint8_t)(DU_C_REGION + a->region[1]);
	reg_mark(st, s, DU_CELL(st->drawn_col, 1));
	reg_mark(st, s, DU_CELL(st->drawn_col, 3));
	st->stored[a->region[0]] = st->stored[a->region[1]] = 0;
	r1[0] = r2[0] = '\0';
	if (noting(c)) {
		du_region_slug(st->d, a->region[0], r1, sizeof r1);
		du_region_slug(st->d, a->region[1], r2, sizeof r2);
	}
	if (st->scout) {
		int hi = pos[0] > pos[1] ? pos[0] : pos[1];
		int lo = pos[0] > pos[1] ? pos[1] : pos[0];

		memmove(st->rstack + hi, st->rstack + hi + 1,
		    (size_t)(st->nrstack - hi - 1));
		st->nrstack--;
		memmove(st->rstack + lo, st->rstack + lo + 1,
		    (size_t)(st->nrstack - lo - 1));
		st->nrstack--;
		if ((rc = shuffle_regions(c)) != 0)
			return rc;
		note(c, "%s chooses regions %s and %s; the region stack is "
		    "shuffled (DU9.4)", du_seat_name(s), r1, r2);
	} else
		note(c, "%s lays %s above and %s below", du_seat_name(s), r1, r2);
	st->drawn[0] = st->drawn[1] = 0xff;
	st->scout = 0;
	st->phase = DU_PH_ACTION;
	return 0;
}

static int
act_build_city(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	const struct du_card *k = &st->d->card[st->d->city];
	int col = DU_COL(a->cell[0]), row = DU_ROW(a->cell[0]), rc;
	char cn[3];

	du_cell_name(a->cell[0], cn);
	if (st->supply[2] == 0)
		return refuse(c, "no city is left in the supply (DU9.5)");
	if (row != 2 || st->p[s].cell[col][row] != DU_C_SETTLEMENT)
		return refuse(c, "%s holds no settlement of %s: a city is laid on "
		    "one (DU9.3)", cn, du_seat_name(s));
	if ((rc = pay(c, s, k->cost, a, "a city")) != 0)
		return rc;
	if (c->dry)
		return 0;
	st->p[s].cell[col][row] = DU_C_CITY;
	st->supply[2]--;
	note(c, "%s builds a city at %s", du_seat_name(s), cn);
	return 0;
}

/* DU18.5: the position in the open pile of a copy of card k, or -1. */
static int
open_find(const struct du_state *st, int k)
{
	const uint8_t *o = du_seg(st, DU_SEG_OPEN);

	if (st->mode == DU_MODE_INTRO)
		return -1;
	for (int i = 0; i < st->nseg[DU_SEG_OPEN]; i++)
		if (st->d->inst[o[i]] == k)
			return i;
	return -1;
}

/* A trade ship (DU11.2, DU11.3): what DU8.3 counts and DU19.7 sinks. */
static int
is_trade_ship(const struct du_state *st, uint8_t v)
{
	return DU_IS_EXP(v) && (exp_card(st, v)->effect == DU_FX_TRADE_SHIP ||
	    exp_card(st, v)->effect == DU_FX_LARGE_SHIP);
}

/* The trade ships of s, in cell order, into cells; how many. */
static int
trade_ships(const struct du_state *st, int s, uint8_t *cells)
{
	int n = 0;

	for (uint64_t m = du_bits(st->p[s].exp_at, 8); m; m &= m - 1) {
		int cell = du_exp_cell(du_ctz64(m));

		if (is_trade_ship(st, st->p[s].cell[DU_COL(cell)][DU_ROW(cell)]))
			cells[n++] = (uint8_t)cell;
	}
	return n;
}

/* Take s's expansion at cell off the grid, to the discard pile or, a
 * card of the open pile, back to it (DU18.9, DU19.7). */
static void
remove_exp(struct ctx *c, int s, int cell, const char *why)
{
	struct du_state *st = c->st;
	uint8_t *v = &st->p[s].cell[DU_COL(cell)][DU_ROW(cell)];
	char cn[3];

	du_cell_name(cell, cn);
	if (exp_card(st, *v)->open) {
		note(c, "%s removes %s at %s to the open pile (%s)",
		    du_seat_name(s), exp_card(st, *v)->slug, cn, why);
		seg_bottom(st, DU_SEG_OPEN, (uint8_t)(*v - DU_C_EXP));
	} else {
		note(c, "%s removes %s at %s to the discard pile (%s)",
		    du_seat_name(s), exp_card(st, *v)->slug, cn, why);
		seg_insert(st, DU_SEG_DISCARD, 0, (uint8_t)(*v - DU_C_EXP));
	}
	*v = DU_C_EMPTY;
	exp_mark(st, s, cell, 0);
}

/* DU19.7: a Piratenschip built by s: the other loses a trade ship of
 * his choice; one alone without asking. */
static int
pirate(struct ctx *c, int s)
{
	struct du_state *st = c->st;
	uint8_t cells[DU_COLS * DU_ROWS];
	int n = trade_ships(st, 1 - s, cells);

	if (n == 0) {
		note(c, "%s has no trade ship (DU19.7)", du_seat_name(1 - s));
		return 0;
	}
	if (n == 1) {
		remove_exp(c, 1 - s, cells[0], "DU19.7");
		return 0;
	}
	note(c, "%s chooses a trade ship to lose (DU19.7)",
	    du_seat_name(1 - s));
	st->phase = DU_PH_CHOICE;
	st->choice = DU_CH_SINK;
	st->aw_seat = (uint8_t)(1 - s);
	st->stage = DU_ST_DONE;
	return 0;
}

/* DU19.7: the answer, remove CELL: one of s's trade ships. */
static int
act_sink(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	char cn[3];

	du_cell_name(a->cell[0], cn);
	if (a->n[0] != 0)
		return refuse(c, "a ship the piratenschip sinks goes to the "
		    "discard pile: remove %s (DU19.7)", cn);
	if (!is_trade_ship(st, at(st, s, DU_COL(a->cell[0]),
	    DU_ROW(a->cell[0]))))
		return refuse(c, "%s holds no trade ship of %s (DU19.7)", cn,
		    du_seat_name(s));
	if (c->dry)
		return 0;
	remove_exp(c, s, a->cell[0], "DU19.7");
	st->choice = DU_CH_NONE;
	return advance(c);
}

/*
 * DU18.11, DU19.8: a region expansion (the Verborgen goudmijn) from the
 * hand (index i) on a region-expansion site: row 1 above a region of
 * s's, row 5 below one, in its column.  It stores gold from 0.
 */
static int
build_cache(struct ctx *c, int s, const struct du_action *a, int i)
{
	struct du_state *st = c->st;
	const struct du_card *k = &st->d->card[a->slug];
	int col = DU_COL(a->cell[0]), row = DU_ROW(a->cell[0]), rc;
	char cn[3];

	du_cell_name(a->cell[0], cn);
	if (i < 0)
		return refuse(c, "%s holds no %s (DU10.1)", du_seat_name(s),
		    k->slug);
	if (col % 2 != 0 || (row != 0 && row != DU_ROWS - 1) ||
	    !DU_IS_REGION(st->p[s].cell[col][row == 0 ? 1 : 3]))
		return refuse(c, "%s is a region expansion: above or below a "
		    "region of %s, and %s is not such a site (DU18.11)",
		    k->slug, du_seat_name(s), cn);
	if (st->p[s].cell[col][row] != DU_C_EMPTY)
		return refuse(c, "%s is taken (DU10.1)", cn);
	if ((rc = pay(c, s, k->cost, a, k->slug)) != 0)
		return rc;
	if (c->dry)
		return 0;
	st->p[s].cell[col][row] = (uint8_t)(DU_C_EXP + hand_take(st, s, i));
	st->cache_cell = (uint8_t)(a->cell[0] + 1);
	st->cache_seat = (uint8_t)s;
	st->cache_gold = 0;
	note(c, "%s builds %s at %s", du_seat_name(s), k->slug, cn);
	return 0;
}

static int
act_build_exp(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	const struct du_card *k = &st->d->card[a->slug];
	int col = DU_COL(a->cell[0]), row = DU_ROW(a->cell[0]), i, rc;
	int open = -1;
	char cn[3];

	du_cell_name(a->cell[0], cn);
	if (!DU_IS_EXPANSION(k->kind))
		return refuse(c, "%s is not an expansion (DU10.1)", k->slug);
	if ((i = hand_find(st, s, a->slug)) < 0 &&
	    (open = open_find(st, a->slug)) < 0)
		return refuse(c, "%s holds no %s%s (DU10.1%s)", du_seat_name(s),
		    k->slug, k->open ? " and the open pile none" : "",
		    k->open ? ", DU18.5" : "");
	if (k->site == DU_SITE_REGION)
		return build_cache(c, s, a, i);
	if (!is_site(st, s, col, row))
		return refuse(c, "%s is not a building site of %s (DU2.2)", cn,
		    du_seat_name(s));
	if (st->p[s].cell[col][row] != DU_C_EMPTY)
		return refuse(c, "%s is taken (DU10.1)", cn);
	if (k->site == DU_SITE_CITY && st->p[s].cell[col][2] != DU_C_CITY)
		return refuse(c, "%s is a city expansion: only on a city's "
		    "sites, and %s is a settlement's (DU18.11)", k->slug, cn);
	if (k->nreq > 0) {
		char why[96];

		if (!du_req_ok(st, s, a->slug, why, sizeof why))
			return refuse(c, "%s requires %s (DU18.8)", k->slug, why);
	}
	if (k->unique)
		for (int x = 0; x < DU_COLS; x++)
			for (int y = 0; y < DU_ROWS; y++) {
				uint8_t v = st->p[s].cell[x][y];

				if (DU_IS_EXP(v) && st->d->inst[v - DU_C_EXP] ==
				    a->slug)
					return refuse(c, "%s: only one per "
					    "principality (DU10.2)", k->slug);
			}
	if ((rc = pay(c, s, k->cost, a, k->slug)) != 0)
		return rc;
	if (c->dry)
		return 0;
	st->p[s].cell[col][row] = (uint8_t)(DU_C_EXP + (open >= 0 ?
	    seg_take(st, DU_SEG_OPEN, open) : hand_take(st, s, i)));
	exp_mark(st, s, a->cell[0], 1);
	note(c, "%s builds %s at %s%s", du_seat_name(s), k->slug, cn,
	    open >= 0 ? " from the open pile (DU18.5)" : "");
	if (k->effect == DU_FX_PIRATE)
		return pirate(c, s);
	if (k->effect == DU_FX_EMPORIUM) {
		/* Stapelhuis (DU19): paid in full, then 2 of his choice,
		 * each as DU16.3 and DU16.4 say; then the action phase */
		push_gain(st, s, 0x3f, 0);
		push_gain(st, s, 0x3f, 0);
		st->stage = DU_ST_DONE;
		return advance(c);
	}
	return 0;
}

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

static int
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

static int
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

static int
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

static int
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
static int
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

static int
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

static int
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

static int
act_end(struct ctx *c, int s)
{
	struct du_state *st = c->st;

	if (c->dry)
		return 0;
	if (st->mode == DU_MODE_INTRO && du_vp(st, s) >= DU_WIN_VP) {
		st->phase = DU_PH_OVER;
		st->winner = (uint8_t)s;
		st->how = 0;
		note(c, "%s wins with %d points", du_seat_name(s), du_vp(st, s));
		return 0;
	}
	note(c, "%s ends the action phase", du_seat_name(s));
	after_replenish(c);
	return 0;
}

static int
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

static int
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

static int
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

static int
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
static int
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

static int
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

static int
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

static int
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

static int
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

static int
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

/*
 * DU18.9: the active player removes an own expansion, building or
 * unit, for free in his action phase, even while empty sites remain;
 * it goes to the discard pile (DU14.6).  The introductory game never
 * removes one (DU10.5).
 */
static int
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
static int
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

static int
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
static void
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

int
dispatch(struct ctx *c, int seat, const struct du_action *a)
{
	int rc = dispatch_order(c, seat, a);

	if (rc == 0 && !c->dry && c->st->mode != DU_MODE_INTRO)
		theme_win(c);
	return rc;
}

static int
dispatch_order(struct ctx *c, int seat, const struct du_action *a)
{
	struct du_state *st = c->st;
	int rc;

	switch (a->verb) {
	case DU_A_PREFER:
		if (!c->dry) {
			st->p[seat].nprefer = a->nkind;
			memcpy(st->p[seat].prefer, a->kind, a->nkind);
			if (a->nkind == 0)
				note(c, "%s prefers none: asked at every gain",
				    du_seat_name(seat));
			else
				note(c, "%s sets a standing preference (DU16.4)",
				    du_seat_name(seat));
		}
		return 0;
	case DU_A_RESIGN:
		if (!c->dry) {
			st->p[seat].resigned = 1;
			st->phase = DU_PH_OVER;
			st->winner = (uint8_t)(1 - seat);
			st->how = 1;
			note(c, "%s resigns; %s wins", du_seat_name(seat),
			    du_seat_name(1 - seat));
		}
		return 0;
	case DU_A_START:
		if ((rc = need_phase(c, seat, DU_PH_START, "start")) != 0)
			return rc;
		return act_start(c, seat, a);
	case DU_A_ROLL:
		if ((rc = need_phase(c, seat, DU_PH_ROLL, "roll")) != 0)
			return rc;
		return roll(c, 0);
	case DU_A_SWAP:
	case DU_A_READY:
		if ((rc = need_phase(c, seat, DU_PH_ARRANGE, a->verb ==
		    DU_A_SWAP ? "swap" : "ready")) != 0)
			return rc;
		return a->verb == DU_A_SWAP ? act_swap(c, seat, a) :
		    act_ready(c, seat);
	case DU_A_MARILEEN:
		if (st->phase != DU_PH_ROLL || seat != st->aw_seat)
			return refuse(c, "marileen is played before the roll, never "
			    "after (DU12.5)");
		return act_marileen(c, seat, a);
	case DU_A_REGIONS:
		if ((rc = need_phase(c, seat, DU_PH_REGIONS, "regions")) != 0)
			return rc;
		return act_regions(c, seat, a);
	case DU_A_DRAW:
	case DU_A_DISCARD:
		if ((rc = need_phase(c, seat, DU_PH_REPLENISH,
		    a->verb == DU_A_DRAW ? "draw" : "discard")) != 0)
			return rc;
		return a->verb == DU_A_DRAW ? act_draw(c, seat, a) :
		    act_discard(c, seat, a);
	case DU_A_EXCHANGE_DRAW:
	case DU_A_EXCHANGE_SEARCH:
		if ((rc = need_phase(c, seat, DU_PH_EXCHANGE, "exchange")) != 0)
			return rc;
		return act_exchange(c, seat, a);
	case DU_A_TAKE:
		if ((rc = need_phase(c, seat, DU_PH_TAKE, "take")) != 0)
			return rc;
		return act_take(c, seat, a);
	case DU_A_PASS:
		if (!((st->phase == DU_PH_EXCHANGE && seat == st->aw_seat) ||
		    (st->phase == DU_PH_CHOICE && st->choice == DU_CH_BUY &&
		    seat == st->aw_seat)))
			return refuse(c, "pass: not now (the exchange or buying, "
			    "DU14.4, DU8.4)");
		return act_pass(c, seat);
	case DU_A_GAIN:
	case DU_A_BUY:
	case DU_A_SELECT:
	case DU_A_REMOVE:
	case DU_A_PUT: {
		static const uint8_t want[] = { DU_CH_GAIN, DU_CH_BUY,
		    DU_CH_SELECT, DU_CH_REMOVE, DU_CH_PUT };
		static const char *const name[] = { "gain", "buy", "select",
		    "remove", "put" };
		int i = a->verb == DU_A_GAIN ? 0 : a->verb == DU_A_BUY ? 1 :
		    a->verb == DU_A_SELECT ? 2 : a->verb == DU_A_REMOVE ? 3 : 4;

		if (a->verb == DU_A_REMOVE && st->phase == DU_PH_CHOICE &&
		    seat == st->aw_seat && st->choice == DU_CH_SINK)
			return act_sink(c, seat, a);

		if (st->phase != DU_PH_CHOICE || seat != st->aw_seat ||
		    st->choice != want[i])
			return refuse(c, "%s: not now (%s)", name[i],
			    "no such choice is awaited from this seat, DU16");
		return a->verb == DU_A_GAIN ? act_gain(c, seat, a) :
		    a->verb == DU_A_BUY ? act_buy(c, seat, a) :
		    a->verb == DU_A_SELECT ? act_select(c, seat, a) :
		    a->verb == DU_A_REMOVE ? act_remove(c, seat, a) :
		    act_put(c, seat, a);
	}
	default:
		break;
	}
	/* the action phase */
	if ((rc = need_phase(c, seat, DU_PH_ACTION, "that order")) != 0)
		return rc;
	switch (a->verb) {
	case DU_A_BUILD_ROAD:
		return act_build_road(c, seat, a);
	case DU_A_BUILD_SETTLEMENT:
		return act_build_settlement(c, seat, a);
	case DU_A_BUILD_CITY:
		return act_build_city(c, seat, a);
	case DU_A_BUILD_EXP:
		return act_build_exp(c, seat, a);
	case DU_A_TRADE:
		return act_trade(c, seat, a);
	case DU_A_TRADE_FROM:
		return act_trade_from(c, seat, a);
	case DU_A_GOLDSMITH:
		return act_goldsmith(c, seat, a);
	case DU_A_CARAVAN:
		return act_caravan(c, seat, a);
	case DU_A_RELOCATION:
		return act_relocation(c, seat, a);
	case DU_A_STEAL:
		return act_steal(c, seat, a);
	case DU_A_END:
		return act_end(c, seat);
	case DU_A_DEMOLISH:
		return act_demolish(c, seat, a);
	default:
		return refuse(c, "unknown order");
	}
}
