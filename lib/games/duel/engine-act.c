/*
 * engine-act.c -- the Duel's orders (duel-rules(7)): building (DU9,
 * DU10) with the expansions' own effects (the open pile DU18.5, the
 * Piratenschip DU19.7, the Verborgen goudmijn DU19.8), the end of the
 * action phase, and dispatch(), which runs one order for du_apply():
 * trade and action cards are in engine-cards.c, the hand and the
 * answers owed in engine-hand.c, the start and the theme games' own
 * orders in engine-theme.c.
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
void
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
	case DU_A_SHOW:
		return act_show(c, seat, a);	/* DU23.4, sealed.c */
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
