/*
 * legal.c -- the orders of Catan: het Duel that apply now (legal()), by
 * a direct generator: each phase's orders are enumerated from the state
 * with the engine's own conditions (engine.c's act_* refusals), with no
 * dry run of candidates.  What it lists, and in which order, is defined
 * as the candidates below kept when du_check() accepts them; the test
 * t/unit/duel/legal.c keeps that dry-run lister as the reference and
 * asserts the two lists are equal, order included, over many games
 * (the order matters: the bot and selfplay pick from it by index).  So
 * a change to a refusal in engine.c must be made here too, and the test
 * says where they part.
 *
 * The canonical forms leave out "at" and "paying" clauses, but for a
 * search's payment (DU14.4), listed with DU4.4's default cells for every
 * pair of kinds; "prefer" and "resign" are never listed (legal_note says
 * so).  Nothing here allocates.
 */
#include <string.h>

#include "games/duel/engine.h"
#include "games/duel/parse.h"

/* Where the orders go: a callback, or an array (fn NULL). */
struct sink {
	void (*fn)(void *, const struct du_action *);
	void *ctx;
	struct du_action *out;
	int max, n;
};

static inline void
emit(struct sink *k, const struct du_action *a)
{
	if (k->fn != NULL)
		k->fn(k->ctx, a);
	else if (k->n < k->max)
		k->out[k->n] = *a;
	k->n++;
}

/* What one pass over a seat's grid and hand tells (engine.c derives
 * the same values one question at a time). */
struct view {
	int stock[DU_RES];		/* du_stock() */
	uint8_t room[DU_RES];		/* has_room(): a region not full */
	uint32_t hand_fx;		/* effects held in hand, 1 << fx */
	uint32_t grid_fx;		/* effects built */
	uint8_t built[DU_MAX_CARDS];	/* expansions built, by card */
};

static void
view_grid(const struct du_state *st, int s, struct view *v)
{
	const struct du_data *d = st->d;

	memset(v->stock, 0, sizeof v->stock);
	memset(v->room, 0, sizeof v->room);
	v->grid_fx = 0;
	memset(v->built, 0, sizeof v->built);
	for (int col = 0; col < DU_COLS; col++)
		for (int row = 0; row < DU_ROWS; row++) {
			uint8_t c = st->p[s].cell[col][row];

			if (DU_IS_EXP(c)) {
				int k = d->inst[c - DU_C_EXP];

				v->built[k] = 1;
				v->grid_fx |= 1u << d->card[k].effect;
			} else if (DU_IS_REGION(c) && (row == 1 || row == 3)) {
				int rg = c - DU_C_REGION, r = d->region[rg].kind;

				v->stock[r] += st->stored[rg];
				if (st->stored[rg] < 3)
					v->room[r] = 1;
			}
		}
}

static void
view_hand(const struct du_state *st, int s, struct view *v)
{
	const struct du_data *d = st->d;

	v->hand_fx = 0;
	for (int i = 0; i < st->p[s].nhand; i++)
		v->hand_fx |= 1u << d->card[d->inst[st->p[s].hand[i]]].effect;
}

/* pay()'s check of a cost against the stock. */
static int
afford(const struct view *v, const uint8_t *cost)
{
	for (int r = 0; r < DU_RES; r++)
		if (v->stock[r] < cost[r])
			return 0;
	return 1;
}

/* The number of seat s's expansions with effect fx on the sites next to
 * the region at (col, row) (engine.c next_to, param any). */
static int
next_to_fx(const struct du_state *st, int s, int col, int row, int fx)
{
	int n = 0, r0 = row == 1 ? 0 : 3;

	for (int dc = -1; dc <= 1; dc += 2) {
		int x = col + dc;

		if (x < 0 || x >= DU_COLS)
			continue;
		for (int r = r0; r <= r0 + 1; r++) {
			uint8_t c = st->p[s].cell[x][r];

			if (DU_IS_EXP(c) && st->d->card[st->d->inst[c -
			    DU_C_EXP]].effect == fx)
				n++;
		}
	}
	return n;
}

static int
is_town(uint8_t c)
{
	return c == DU_C_SETTLEMENT || c == DU_C_CITY;
}

/* The column at distance dist beyond the outer town on side, or -1
 * (engine.c end_site). */
static int
end_col(int outer, int side, int dist)
{
	int col;

	if (outer < 0)
		return -1;
	col = side ? outer + dist : outer - dist;
	return col >= 0 && col < DU_COLS ? col : -1;
}

/* DU4.4's default cells for paying kinds k0 (and k1 unless 0xff). */
static int
default_pay(const struct du_state *st, int s, int k0, int k1,
    struct du_action *a)
{
	uint8_t left[DU_REGIONS];
	int ks[2] = { k0, k1 };

	memcpy(left, st->stored, sizeof left);
	a->npay = 0;
	for (int i = 0; i < 2; i++) {
		int best = -1, bc = 0;

		if (ks[i] == 0xff)
			continue;
		for (int col = 0; col < DU_COLS; col++)
			for (int row = 1; row <= 3; row += 2) {
				uint8_t v = st->p[s].cell[col][row];
				int rg = v - DU_C_REGION;

				if (!DU_IS_REGION(v) ||
				    st->d->region[rg].kind != ks[i] || left[rg] == 0)
					continue;
				if (best < 0 || left[rg] > left[best]) {
					best = rg;
					bc = DU_CELL(col, row);
				}
			}
		if (best < 0)
			return 0;
		left[best]--;
		a->pay[a->npay++] = (uint8_t)bc;
	}
	return 1;
}

/* DU5.4: the action phase, in the order build road/settlement by side,
 * city, expansions (hand order, each card once), trades 3:1 then 2:1,
 * the large ship, goudsmid, karavaan, verhuizing, end. */
static void
list_action(const struct du_state *st, int s, struct sink *k)
{
	const struct du_data *d = st->d;
	const struct du_player *p = &st->p[s];
	struct view v;
	struct du_action a;
	int left = -1, right = -1;

	view_grid(st, s, &v);
	view_hand(st, s, &v);
	for (int col = 1; col < DU_COLS; col += 2)
		if (is_town(p->cell[col][2])) {
			if (left < 0)
				left = col;
			right = col;
		}
	for (int side = 0; side < 2; side++) {
		int outer = side ? right : left;
		int c1 = end_col(outer, side, 1), c2 = end_col(outer, side, 2);
		int c3 = end_col(outer, side, 3);

		/* DU9.1: a road on the empty site next to the outer town */
		if (st->supply[0] > 0 && c1 >= 0 &&
		    p->cell[c1][2] == DU_C_EMPTY &&
		    afford(&v, d->card[d->road].cost)) {
			du_action_init(&a, DU_A_BUILD_ROAD);
			a.side = (uint8_t)side;
			emit(k, &a);
		}
		/* DU9.2: a settlement beyond that road, two regions drawn */
		if (st->supply[1] > 0 && c1 >= 0 && p->cell[c1][2] == DU_C_ROAD &&
		    c2 >= 0 && c3 >= 0 && st->nrstack >= 2 &&
		    afford(&v, d->card[d->settlement].cost)) {
			du_action_init(&a, DU_A_BUILD_SETTLEMENT);
			a.side = (uint8_t)side;
			emit(k, &a);
			if (v.hand_fx >> DU_FX_SCOUT & 1) {
				a.scout = 1;
				emit(k, &a);
			}
		}
	}
	/* DU9.3 */
	if (st->supply[2] > 0 && afford(&v, d->card[d->city].cost)) {
		du_action_init(&a, DU_A_BUILD_CITY);
		for (int col = 1; col < DU_COLS; col += 2)
			if (p->cell[col][2] == DU_C_SETTLEMENT) {
				a.cell[0] = DU_CELL(col, 2);
				emit(k, &a);
			}
	}
	/* DU10: each expansion held, on every empty site of its row kind */
	{
		uint8_t seen[DU_MAX_CARDS] = { 0 };

		du_action_init(&a, DU_A_BUILD_EXP);
		for (int i = 0; i < p->nhand; i++) {
			int c = d->inst[p->hand[i]];
			const struct du_card *card = &d->card[c];

			if (seen[c]++ || !DU_IS_EXPANSION(card->kind) ||
			    (card->unique && v.built[c]) ||
			    !afford(&v, card->cost))
				continue;
			a.slug = (uint8_t)c;
			for (int col = 1; col < DU_COLS; col += 2) {
				uint8_t t = p->cell[col][2];

				if (!is_town(t))
					continue;
				for (int row = 0; row < DU_ROWS; row++) {
					if (row == 2 || ((row == 0 || row == 4) &&
					    t != DU_C_CITY) ||
					    p->cell[col][row] != DU_C_EMPTY)
						continue;
					a.cell[0] = DU_CELL(col, row);
					emit(k, &a);
				}
			}
		}
	}
	/* DU11.1, DU11.2 */
	du_action_init(&a, DU_A_TRADE);
	for (int n = 3; n >= 2; n--)
		for (int give = 0; give < DU_RES; give++) {
			if (v.stock[give] < n)
				continue;
			if (n == 2) {
				int ship = 0;

				for (int col = 0; col < DU_COLS && !ship; col++)
					for (int row = 0; row < DU_ROWS; row++) {
						uint8_t c = p->cell[col][row];
						const struct du_card *card;

						if (!DU_IS_EXP(c))
							continue;
						card = &d->card[d->inst[c - DU_C_EXP]];
						if (card->effect == DU_FX_TRADE_SHIP &&
						    card->param == give) {
							ship = 1;
							break;
						}
					}
				if (!ship)
					continue;
			}
			a.n[0] = (uint8_t)n;
			a.kind[0] = (uint8_t)give;
			for (int get = 0; get < DU_RES; get++) {
				if (get == give)
					continue;
				a.kind[1] = (uint8_t)get;
				emit(k, &a);
			}
		}
	/* DU11.3: two units of one region next to a large trade ship */
	if (v.grid_fx >> DU_FX_LARGE_SHIP & 1) {
		du_action_init(&a, DU_A_TRADE_FROM);
		for (int col = 0; col < DU_COLS; col += 2)
			for (int row = 1; row <= 3; row += 2) {
				uint8_t c = p->cell[col][row];
				int rg = c - DU_C_REGION;

				if (!DU_IS_REGION(c) || st->stored[rg] < 2 ||
				    !next_to_fx(st, s, col, row, DU_FX_LARGE_SHIP))
					continue;
				a.cell[0] = DU_CELL(col, row);
				for (int get = 0; get < DU_RES; get++) {
					if (get == d->region[rg].kind)
						continue;
					a.kind[0] = (uint8_t)get;
					emit(k, &a);
				}
			}
	}
	/* DU12.3: 3 gold for any two */
	if ((v.hand_fx >> DU_FX_GOLDSMITH & 1) && v.stock[DU_GOLD] >= 3) {
		du_action_init(&a, DU_A_GOLDSMITH);
		for (int x = 0; x < DU_RES; x++)
			for (int y = x; y < DU_RES; y++) {
				a.kind[0] = (uint8_t)x;
				a.kind[1] = (uint8_t)y;
				emit(k, &a);
			}
	}
	/* DU12.4: any two given for any two */
	if (v.hand_fx >> DU_FX_CARAVAN & 1) {
		du_action_init(&a, DU_A_CARAVAN);
		for (int x = 0; x < DU_RES; x++)
			for (int y = x; y < DU_RES; y++) {
				if (x == y ? v.stock[x] < 2 :
				    v.stock[x] < 1 || v.stock[y] < 1)
					continue;
				a.kind[0] = (uint8_t)x;
				a.kind[1] = (uint8_t)y;
				for (int u = 0; u < DU_RES; u++)
					for (int w = u; w < DU_RES; w++) {
						a.kind[2] = (uint8_t)u;
						a.kind[3] = (uint8_t)w;
						emit(k, &a);
					}
			}
	}
	/* DU12.6: two own regions or two own expansions swap places */
	if (v.hand_fx >> DU_FX_RELOCATION & 1) {
		uint8_t cells[DU_COLS * DU_ROWS], exp[DU_COLS * DU_ROWS];
		int n = 0;

		for (int c = 0; c < DU_COLS * DU_ROWS; c++) {
			uint8_t x = p->cell[DU_COL(c)][DU_ROW(c)];

			if (DU_IS_REGION(x) || DU_IS_EXP(x)) {
				cells[n] = (uint8_t)c;
				exp[n++] = DU_IS_EXP(x);
			}
		}
		du_action_init(&a, DU_A_RELOCATION);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				if (exp[i] != exp[j])
					continue;
				a.cell[0] = cells[i];
				a.cell[1] = cells[j];
				emit(k, &a);
			}
	}
	du_action_init(&a, DU_A_END);
	emit(k, &a);
}

/* DU16: a choice from the dice or an event card. */
static void
list_choice(const struct du_state *st, int s, struct sink *k)
{
	const struct du_data *d = st->d;
	int o = 1 - s;
	struct du_action a;

	switch (st->choice) {
	case DU_CH_GAIN: {
		/* engine.c gain_legal(): offered, room, and for a theft
		 * (DU7.2) a unit the other has */
		const struct du_gain *g = &st->gq[0];
		struct view v, w;

		view_grid(st, g->seat, &v);
		if (g->flags & DU_GQ_STEAL)
			view_grid(st, 1 - g->seat, &w);
		du_action_init(&a, DU_A_GAIN);
		for (int r = 0; r < DU_RES; r++)
			if ((g->mask >> r & 1) && v.room[r] &&
			    (!(g->flags & DU_GQ_STEAL) || w.stock[r] > 0)) {
				a.kind[0] = (uint8_t)r;
				emit(k, &a);
			}
		break;
	}
	case DU_CH_BUY: {
		/* DU8.4: a kind other than gold with room, for 1 gold */
		struct view v;

		view_grid(st, s, &v);
		du_action_init(&a, DU_A_BUY);
		for (int r = 0; r < DU_RES && v.stock[DU_GOLD] >= 1; r++)
			if (r != DU_GOLD && v.room[r]) {
				a.kind[0] = (uint8_t)r;
				emit(k, &a);
			}
		du_action_init(&a, DU_A_PASS);
		emit(k, &a);
		break;
	}
	case DU_CH_SELECT: {
		/* DU8.1: three different buildings of the other */
		uint8_t b[DU_COLS * DU_ROWS];
		int n = 0;

		for (int col = 0; col < DU_COLS; col++)
			for (int row = 0; row < DU_ROWS; row++) {
				uint8_t c = st->p[o].cell[col][row];

				if (DU_IS_EXP(c) && d->card[d->inst[c -
				    DU_C_EXP]].kind == DU_K_BUILDING)
					b[n++] = DU_CELL(col, row);
			}
		du_action_init(&a, DU_A_SELECT);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				for (int m = j + 1; m < n; m++) {
					a.cell[0] = b[i];
					a.cell[1] = b[j];
					a.cell[2] = b[m];
					emit(k, &a);
				}
		break;
	}
	case DU_CH_REMOVE:
		du_action_init(&a, DU_A_REMOVE);
		for (int i = 0; i < st->nselected; i++)
			for (int n = 1; n <= DU_STACKS; n++) {
				a.cell[0] = st->selected[i];
				a.n[0] = (uint8_t)n;
				emit(k, &a);
			}
		break;
	case DU_CH_PUT: {
		/* DU8.2: min(2, hand) different cards of the other */
		int n = st->p[o].nhand;

		du_action_init(&a, DU_A_PUT);
		if (n == 1)
			for (int sx = 1; sx <= DU_STACKS; sx++) {
				a.n[0] = 1;
				a.n[1] = (uint8_t)sx;
				emit(k, &a);
			}
		for (int x = 1; n >= 2 && x <= n; x++)
			for (int y = x + 1; y <= n; y++)
				for (int sx = 1; sx <= DU_STACKS; sx++)
					for (int sy = 1; sy <= DU_STACKS; sy++) {
						a.n[0] = (uint8_t)x;
						a.n[1] = (uint8_t)sx;
						a.n[2] = (uint8_t)y;
						a.n[3] = (uint8_t)sy;
						emit(k, &a);
					}
		break;
	}
	default:
		break;
	}
}

/* DU14.4: pass, then for every card, stack put under and stack drawn
 * from: draw, and search paying each pair (or one) of kinds. */
static void
list_exchange(const struct du_state *st, int s, struct sink *k)
{
	struct du_action a, pays[DU_RES * (DU_RES + 1)];
	int npays = 0, fee = 2;

	for (int col = 0; col < DU_COLS && fee == 2; col++)
		for (int row = 0; row < DU_ROWS; row++) {
			uint8_t c = st->p[s].cell[col][row];

			if (DU_IS_EXP(c) && st->d->card[st->d->inst[c -
			    DU_C_EXP]].effect == DU_FX_PARISH_HALL) {
				fee = 1;
				break;
			}
		}
	/* the payments searching may use, in the lister's order */
	for (int x = 0; x < DU_RES; x++)
		for (int y = x; y < DU_RES + 1; y++) {
			int fee1 = y == DU_RES;

			if (fee1 != (fee == 1))
				continue;
			du_action_init(&pays[npays], DU_A_EXCHANGE_SEARCH);
			if (default_pay(st, s, x, fee1 ? 0xff : y, &pays[npays]))
				npays++;
		}
	du_action_init(&a, DU_A_PASS);
	emit(k, &a);
	for (int c = 1; c <= st->p[s].nhand; c++)
		for (int put = 1; put <= DU_STACKS; put++)
			for (int from = 1; from <= DU_STACKS; from++) {
				/* the card goes under first */
				if (st->nseg[from - 1] + (put == from) == 0)
					continue;
				du_action_init(&a, DU_A_EXCHANGE_DRAW);
				a.n[0] = (uint8_t)put;
				a.n[1] = (uint8_t)c;
				a.n[2] = (uint8_t)from;
				emit(k, &a);
				a.verb = DU_A_EXCHANGE_SEARCH;
				for (int i = 0; i < npays; i++) {
					a.npay = pays[i].npay;
					memcpy(a.pay, pays[i].pay, sizeof a.pay);
					emit(k, &a);
				}
			}
}

static int
legal_into(const struct du_state *st, int seat, struct sink *k)
{
	const struct du_player *p;
	struct du_action a;

	if (st->phase == DU_PH_OVER || seat != st->aw_seat)
		return 0;
	p = &st->p[seat];
	switch (st->phase) {
	case DU_PH_START:
		/* DU3.6: a stack of 3 or more, not the one the first took */
		du_action_init(&a, DU_A_START);
		for (int n = 1; n <= DU_STACKS; n++)
			if (!(seat != st->start_player && n == st->first_start) &&
			    st->nseg[n - 1] >= 3) {
				a.n[0] = (uint8_t)n;
				emit(k, &a);
			}
		break;
	case DU_PH_ROLL:
		du_action_init(&a, DU_A_ROLL);
		emit(k, &a);
		for (int i = 0; i < p->nhand; i++)
			if (st->d->card[st->d->inst[p->hand[i]]].effect ==
			    DU_FX_FIX_PRODUCTION) {
				/* DU12.5: marileen fixes the production die */
				du_action_init(&a, DU_A_MARILEEN);
				for (int n = 1; n <= 6; n++) {
					a.n[0] = (uint8_t)n;
					emit(k, &a);
				}
				break;
			}
		break;
	case DU_PH_ACTION:
		list_action(st, seat, k);
		break;
	case DU_PH_REGIONS: {
		/* DU9.2 (DU9.4 with verkenner): two different regions drawn
		 * (or of the region stack), above and below */
		uint8_t in[DU_REGIONS] = { 0 };

		if (st->scout)
			for (int i = 0; i < st->nrstack; i++)
				in[st->rstack[i]] = 1;
		else
			for (int i = 0; i < 2; i++)
				if (st->drawn[i] < DU_REGIONS)
					in[st->drawn[i]] = 1;
		du_action_init(&a, DU_A_REGIONS);
		for (int i = 0; i < DU_REGIONS; i++)
			for (int j = 0; j < DU_REGIONS && in[i]; j++)
				if (j != i && in[j]) {
					a.region[0] = (uint8_t)i;
					a.region[1] = (uint8_t)j;
					emit(k, &a);
				}
		break;
	}
	case DU_PH_REPLENISH: {
		/* DU14.3: draw up to the limit, or discard down to it */
		int lim = du_hand_limit(st, seat);

		for (int n = 1; n <= DU_STACKS; n++) {
			if (p->nhand < lim && st->nseg[n - 1] > 0) {
				du_action_init(&a, DU_A_DRAW);
				a.n[0] = (uint8_t)n;
				emit(k, &a);
			}
			if (p->nhand > lim) {
				du_action_init(&a, DU_A_DISCARD);
				a.n[0] = (uint8_t)n;
				for (int c = 1; c <= p->nhand; c++) {
					a.n[1] = (uint8_t)c;
					emit(k, &a);
				}
			}
		}
		break;
	}
	case DU_PH_EXCHANGE:
		list_exchange(st, seat, k);
		break;
	case DU_PH_TAKE:
		du_action_init(&a, DU_A_TAKE);
		for (int c = 1; c <= st->nseg[st->search]; c++) {
			a.n[0] = (uint8_t)c;
			emit(k, &a);
		}
		break;
	case DU_PH_CHOICE:
		list_choice(st, seat, k);
		break;
	default:
		break;
	}
	return k->n;
}

int
du_legal(const struct du_state *st, int seat, struct du_action *out, int max)
{
	struct sink k = { NULL, NULL, out, max, 0 };

	return legal_into(st, seat, &k);
}

int
du_legal_each(const struct du_state *st, int seat,
    void (*fn)(void *, const struct du_action *), void *ctx)
{
	struct sink k = { fn, ctx, NULL, 0, 0 };

	return legal_into(st, seat, &k);
}
