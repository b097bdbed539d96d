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

/*
 * The place of the next order: the array's next slot, or spare (for a
 * callback, or past max).  The long loops copy a template there and
 * patch the copy's bytes, then put() it: patching the template and
 * copying it would load bytes just stored, a store-forwarding stall
 * for every order.
 */
static inline struct du_action *
slot(struct sink *k, struct du_action *spare)
{
	return k->fn == NULL && k->n < k->max ? &k->out[k->n] : spare;
}

static inline void
put(struct sink *k, const struct du_action *a)
{
	if (k->fn != NULL)
		k->fn(k->ctx, a);
	k->n++;
}

/* DU18.10: may instance card go under stack n (1-based)? */
static inline int
fits(const struct du_state *st, int n, int card)
{
	return du_stack_back(st, n - 1) == du_inst_back(st, card);
}

static inline void
emit(struct sink *k, const struct du_action *a)
{
	struct du_action spare, *o = slot(k, &spare);

	*o = *a;
	put(k, o);
}

/* What one pass over a seat's grid and hand tells (engine.c derives
 * the same values one question at a time). */
struct view {
	int stock[DU_RES];		/* du_stock() */
	uint8_t room[DU_RES];		/* units of room (engine.c
					   room_count); has_room(): not 0 */
	uint64_t hand_fx;		/* effects held in hand, 1 << fx */
	uint64_t grid_fx;		/* effects built */
	uint8_t ships;			/* trade ships built, 1 << param */
	uint8_t mints;			/* Muntenhandel built (DU19.9) */
	uint64_t built[2];		/* expansions built, 1 << card */
};

#define BIT(set, i) ((set)[(i) >> 6] >> ((i) & 63) & 1)

/* What the expansions of s's grid tell. */
static void
view_exps(const struct du_state *st, int s, struct view *v)
{
	const struct du_data *d = st->d;
	uint8_t e[DU_COLS * DU_ROWS];
	int ne = du_exps(st, s, e);

	v->grid_fx = 0;
	v->ships = v->mints = 0;
	v->built[0] = v->built[1] = 0;
	for (int i = 0; i < ne; i++) {
		int k = d->inst[e[i]];

		v->built[k >> 6] |= 1ull << (k & 63);
		v->grid_fx |= 1ull << d->ci[k].effect;
		if (d->ci[k].effect == DU_FX_TRADE_SHIP)
			v->ships |= (uint8_t)(1u << d->ci[k].param);
		v->mints = (uint8_t)(v->mints + (d->ci[k].effect == DU_FX_MINT));
	}
}

/* The stock and room of s's regions, where engine.c's FOR_REGIONS
 * looks. */
static void
view_regions(const struct du_state *st, int s, struct view *v)
{
	const struct du_data *d = st->d;
	const uint8_t *g = &st->p[s].cell[0][0];

	memset(v->stock, 0, sizeof v->stock);
	memset(v->room, 0, sizeof v->room);
	/* FOR_REGIONS */
	for (uint64_t m = du_bits(st->p[s].reg_at, 4); m; m &= m - 1) {
		int rg = g[du_reg_cell(du_ctz64(m))] - DU_C_REGION;
		int r = d->region[rg].kind;

		v->stock[r] += st->stored[rg];
		v->room[r] = (uint8_t)(v->room[r] + 3 - st->stored[rg]);
	}
	if (du_cache(st, s) >= 0) {	/* DU19.8 */
		v->stock[DU_GOLD] += st->cache_gold;
		v->room[DU_GOLD] = (uint8_t)(v->room[DU_GOLD] + 3 -
		    st->cache_gold);
	}
}

static void
view_grid(const struct du_state *st, int s, struct view *v)
{
	view_exps(st, s, v);
	view_regions(st, s, v);
}

static void
view_hand(const struct du_state *st, int s, struct view *v)
{
	const struct du_data *d = st->d;

	v->hand_fx = 0;
	for (int i = 0; i < st->p[s].nhand; i++)
		if (!du_sl_tok(st->p[s].hand[i]))	/* DU23.4 */
			v->hand_fx |= 1ull <<
			    d->ci[d->inst[st->p[s].hand[i]]].effect;
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

			if (DU_IS_EXP(c) && st->d->ci[st->d->inst[c -
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

/* A seat's regions where engine.c's FOR_REGIONS finds them, in its
 * order: region card, its kind, its cell. */
struct regions {
	uint8_t rg[DU_COLS * 2 + 1], kind[DU_COLS * 2 + 1];
	uint8_t cell[DU_COLS * 2 + 1];	/* + 1: default_cells' goudmijn */
	int n;
};

static void
regions_of(const struct du_state *st, int s, struct regions *r)
{
	const uint8_t *g = &st->p[s].cell[0][0];

	r->n = 0;
	/* FOR_REGIONS */
	for (uint64_t m = du_bits(st->p[s].reg_at, 4); m; m &= m - 1) {
		int i = du_reg_cell(du_ctz64(m));
		uint8_t v = g[i];

		r->rg[r->n] = (uint8_t)(v - DU_C_REGION);
		r->kind[r->n] = st->d->region[v - DU_C_REGION].kind;
		r->cell[r->n++] = (uint8_t)i;
	}
}

/*
 * DU4.4's default cells for paying (engine.c pay_region: the region
 * holding most, the first of equals), for every kind at once: one[k]
 * pays a unit of kind k, two[k] a second unit of k after one[k] paid
 * (one[k] again while it still holds most); 0xff when there is none.
 * A unit of another kind is paid from one[] of that kind.
 */
static void
default_cells(const struct du_state *st, int s, uint8_t one[DU_RES],
    uint8_t two[DU_RES])
{
	struct regions r;
	int b[DU_RES], b2[DU_RES];
	uint8_t val[DU_COLS * 2 + 1];

	regions_of(st, s, &r);
	for (int j = 0; j < r.n; j++)
		val[j] = st->stored[r.rg[j]];
	if (du_cache(st, s) >= 0) {
		/* DU19.8: the goudmijn after the regions (pay()) */
		r.kind[r.n] = DU_GOLD;
		r.cell[r.n] = (uint8_t)(st->cache_cell - 1);
		val[r.n++] = st->cache_gold;
	}
	for (int k = 0; k < DU_RES; k++)
		b[k] = b2[k] = -1;
	for (int j = 0; j < r.n; j++) {
		int k = r.kind[j], v = val[j];

		if (v > 0 && (b[k] < 0 || v > val[b[k]]))
			b[k] = j;
	}
	for (int j = 0; j < r.n; j++) {
		int k = r.kind[j], v = val[j] - (j == b[k]);

		if (v > 0 && (b2[k] < 0 || v > val[b2[k]] - (b2[k] == b[k])))
			b2[k] = j;
	}
	for (int k = 0; k < DU_RES; k++) {
		one[k] = b[k] < 0 ? 0xff : r.cell[b[k]];
		two[k] = b2[k] < 0 ? 0xff : r.cell[b2[k]];
	}
}

/* DU9.1-DU9.3: roads and settlements by side, then cities. */
static void
list_towns(const struct du_state *st, int s, const struct view *v,
    struct sink *k)
{
	const struct du_data *d = st->d;
	const struct du_player *p = &st->p[s];
	struct du_action a;
	int left = -1, right = -1;

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
		    afford(v, d->card[d->road].cost)) {
			du_action_init(&a, DU_A_BUILD_ROAD);
			a.side = (uint8_t)side;
			emit(k, &a);
		}
		/* DU9.2: a settlement beyond that road, two regions drawn */
		if (st->supply[1] > 0 && c1 >= 0 && p->cell[c1][2] == DU_C_ROAD &&
		    c2 >= 0 && c3 >= 0 && st->nrstack >= 2 &&
		    afford(v, d->card[d->settlement].cost)) {
			du_action_init(&a, DU_A_BUILD_SETTLEMENT);
			a.side = (uint8_t)side;
			emit(k, &a);
			if (v->hand_fx >> DU_FX_SCOUT & 1) {
				a.scout = 1;
				emit(k, &a);
			}
		}
	}
	/* DU9.3 */
	if (st->supply[2] > 0 && afford(v, d->card[d->city].cost)) {
		du_action_init(&a, DU_A_BUILD_CITY);
		for (int col = 1; col < DU_COLS; col += 2)
			if (p->cell[col][2] == DU_C_SETTLEMENT) {
				a.cell[0] = DU_CELL(col, 2);
				emit(k, &a);
			}
	}
}

static void list_cache_sites(const struct du_player *p,
    const struct du_action *a, int c, struct sink *k);

/* DU10: each expansion held (each card once, hand order), on every
 * empty site (DU2.2). */
static void
list_exps(const struct du_state *st, int s, const struct view *v,
    struct sink *k)
{
	const struct du_data *d = st->d;
	const struct du_player *p = &st->p[s];
	struct du_action a;
	uint64_t seen[2] = { 0, 0 };
	uint8_t site[DU_COLS * DU_ROWS];
	int nsite = -1;

	du_action_init(&a, DU_A_BUILD_EXP);
	/* the hand's, then the open pile's (DU18.5; empty in the intro) */
	for (int i = 0; i < p->nhand + st->nseg[DU_SEG_OPEN]; i++) {
		int c;
		const struct du_cinfo *card;

		if (i < p->nhand && du_sl_tok(p->hand[i]))
			continue;	/* DU23.4: shown first */
		c = d->inst[i < p->nhand ? p->hand[i] :
		    du_seg(st, DU_SEG_OPEN)[i - p->nhand]];
		card = &d->ci[c];
		if (BIT(seen, c))
			continue;
		seen[c >> 6] |= 1ull << (c & 63);
		if (!DU_IS_EXPANSION(card->kind) ||
		    (card->unique && BIT(v->built, c)) ||
		    !afford(v, card->cost) || (d->card[c].nreq > 0 &&
		    !du_req_ok(st, s, c, NULL, 0)))
			continue;
		if (card->site == DU_SITE_REGION) {
			list_cache_sites(p, &a, c, k);
			continue;
		}
		if (nsite < 0) {
			/* the empty sites, once, in cell order */
			nsite = 0;
			for (int col = 1; col < DU_COLS; col += 2) {
				uint8_t t = p->cell[col][2];

				if (!is_town(t))
					continue;
				for (int row = 0; row < DU_ROWS; row++)
					if (row != 2 && (t == DU_C_CITY ||
					    row == 1 || row == 3) &&
					    p->cell[col][row] == DU_C_EMPTY)
						site[nsite++] =
						    DU_CELL(col, row);
			}
		}
		for (int j = 0; j < nsite; j++) {
			struct du_action spare, *o;

			/* DU18.11: a city expansion on a city's sites */
			if (card->site == DU_SITE_CITY &&
			    p->cell[DU_COL(site[j])][2] != DU_C_CITY)
				continue;
			o = slot(k, &spare);
			*o = a;
			o->slug = (uint8_t)c;
			o->cell[0] = site[j];
			put(k, o);
		}
	}
}

/* DU18.11, DU19.8: a region expansion (card c) on each empty site above
 * or below an own region, in cell order. */
static void
list_cache_sites(const struct du_player *p, const struct du_action *a,
    int c, struct sink *k)
{
	for (int col = 0; col < DU_COLS; col += 2)
		for (int row = 0; row < DU_ROWS; row += DU_ROWS - 1) {
			struct du_action spare, *o;

			if (p->cell[col][row] != DU_C_EMPTY ||
			    !DU_IS_REGION(p->cell[col][row == 0 ? 1 : 3]))
				continue;
			o = slot(k, &spare);
			*o = *a;
			o->slug = (uint8_t)c;
			o->cell[0] = DU_CELL(col, row);
			put(k, o);
		}
}

/* DU11: trades 3:1, then 2:1 with a trade ship, then the large
 * ship's. */
static void
list_trades(const struct du_state *st, int s, const struct view *v,
    struct sink *k)
{
	const struct du_data *d = st->d;
	const struct du_player *p = &st->p[s];
	struct du_action a;

	/* DU11.1, DU11.2, DU19.9 (1 gold at a muntenhandel not used) */
	du_action_init(&a, DU_A_TRADE);
	for (int n = 3; n >= 1; n--)
		for (int give = 0; give < DU_RES; give++) {
			if (v->stock[give] < n ||
			    (n == 2 && !(v->ships >> give & 1)) ||
			    (n == 1 && (give != DU_GOLD || st->mint >=
			    v->mints)))
				continue;
			for (int get = 0; get < DU_RES; get++) {
				struct du_action spare, *o = slot(k, &spare);

				if (get == give)
					continue;
				*o = a;
				o->n[0] = (uint8_t)n;
				o->kind[0] = (uint8_t)give;
				o->kind[1] = (uint8_t)get;
				put(k, o);
			}
		}
	/* DU11.3: two units of one region next to a large trade ship */
	if (v->grid_fx >> DU_FX_LARGE_SHIP & 1) {
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
}

/* DU12.3, DU12.4, DU12.6: goudsmid, karavaan, verhuizing held. */
static void
list_cards(const struct du_state *st, int s, const struct view *v,
    struct sink *k)
{
	const struct du_player *p = &st->p[s];
	struct du_action a;

	/* DU12.3: 3 gold for any two */
	if ((v->hand_fx >> DU_FX_GOLDSMITH & 1) && v->stock[DU_GOLD] >= 3) {
		du_action_init(&a, DU_A_GOLDSMITH);
		for (int x = 0; x < DU_RES; x++)
			for (int y = x; y < DU_RES; y++) {
				a.kind[0] = (uint8_t)x;
				a.kind[1] = (uint8_t)y;
				emit(k, &a);
			}
	}
	/* DU12.4: any two given for any two */
	if (v->hand_fx >> DU_FX_CARAVAN & 1) {
		du_action_init(&a, DU_A_CARAVAN);
		for (int x = 0; x < DU_RES; x++)
			for (int y = x; y < DU_RES; y++) {
				if (x == y ? v->stock[x] < 2 :
				    v->stock[x] < 1 || v->stock[y] < 1)
					continue;
				for (int u = 0; u < DU_RES; u++)
					for (int w = u; w < DU_RES; w++) {
						struct du_action spare;
						struct du_action *o = slot(k, &spare);

						*o = a;
						o->kind[0] = (uint8_t)x;
						o->kind[1] = (uint8_t)y;
						o->kind[2] = (uint8_t)u;
						o->kind[3] = (uint8_t)w;
						put(k, o);
					}
			}
	}
	/* DU12.6: two own regions or two own expansions swap places */
	if (v->hand_fx >> DU_FX_RELOCATION & 1) {
		uint8_t cells[DU_COLS * DU_ROWS], exp[DU_COLS * DU_ROWS];
		int n = 0;

		for (int c = 0; c < DU_COLS * DU_ROWS; c++) {
			uint8_t x = p->cell[DU_COL(c)][DU_ROW(c)];

			/* not the goudmijn (DU19.8), off the sites */
			if (DU_IS_REGION(x) ||
			    (DU_IS_EXP(x) && du_exp_site(c) >= 0)) {
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
}

/* One steal order for each kind given back (Handelaar) or alone. */
static void
emit_steal(struct sink *k, struct du_action *a, const struct view *v)
{
	if (a->n[0] != DU_FX_TRADER) {
		emit(k, a);
		return;
	}
	for (int g = 0; g < DU_RES; g++)
		if (v->stock[g] > 0 || a->kind[0] == g ||
		    (a->n[1] == 2 && a->kind[1] == g)) {
			a->kind[2] = (uint8_t)g;
			emit(k, a);
		}
}

/* DU19.1-DU19.5: Handelsmeester, Handelaar, Rooftocht held, their
 * requirements met: 1 unit, then 2, of kinds the other has and s can
 * store (engine-cards.c steal_ok); Dounya once. */
static void
list_steals(const struct du_state *st, int s, const struct view *v,
    struct sink *k)
{
	static const uint8_t fx[] = { DU_FX_MASTER_MERCHANT, DU_FX_TRADER,
	    DU_FX_RAID, DU_FX_DOUNYA };
	struct view w;
	struct du_action a;

	if (!(v->hand_fx & (1ull << DU_FX_MASTER_MERCHANT |
	    1ull << DU_FX_TRADER | 1ull << DU_FX_RAID | 1ull << DU_FX_DOUNYA)))
		return;
	view_regions(st, 1 - s, &w);
	for (int i = 0; i < 4; i++) {
		int c = -1;

		for (int h = 0; h < st->p[s].nhand && c < 0; h++)
			if (!du_sl_tok(st->p[s].hand[h]) &&
			    st->d->ci[st->d->inst[st->p[s].hand[h]]].effect ==
			    fx[i])
				c = st->d->inst[st->p[s].hand[h]];
		if (c < 0 || !du_req_ok(st, s, c, NULL, 0))
			continue;
		du_action_init(&a, DU_A_STEAL);
		a.n[0] = fx[i];
		if (fx[i] == DU_FX_DOUNYA) {	/* DU19.5 */
			if (w.stock[DU_GOLD] > 0 && v->room[DU_GOLD] > 0)
				emit(k, &a);
			continue;
		}
		a.n[1] = 1;
		for (int x = 0; x < DU_RES; x++)
			if (w.stock[x] > 0 && v->room[x] > 0) {
				a.kind[0] = (uint8_t)x;
				emit_steal(k, &a, v);
			}
		a.n[1] = 2;
		for (int x = 0; x < DU_RES; x++)
			for (int y = x; y < DU_RES; y++) {
				int two = x == y;

				if (w.stock[x] < 1 + two || v->room[x] < 1 + two ||
				    w.stock[y] < 1 || v->room[y] < 1)
					continue;
				a.kind[0] = (uint8_t)x;
				a.kind[1] = (uint8_t)y;
				emit_steal(k, &a, v);
			}
	}
}

/* DU18.9: in a theme game, each own expansion may be removed, in cell
 * order. */
static void
list_demolish(const struct du_state *st, int s, struct sink *k)
{
	struct du_action a;

	du_action_init(&a, DU_A_DEMOLISH);
	for (uint64_t m = du_bits(st->p[s].exp_at, 8); m; m &= m - 1) {
		a.cell[0] = (uint8_t)du_exp_cell(du_ctz64(m));
		emit(k, &a);
	}
}

/* DU18.7: every pair of own regions, in cell order, then ready. */
static void
list_arrange(const struct du_state *st, int s, struct sink *k)
{
	struct regions r;
	struct du_action a;

	regions_of(st, s, &r);
	du_action_init(&a, DU_A_SWAP);
	for (int i = 0; i < r.n; i++)
		for (int j = i + 1; j < r.n; j++) {
			a.cell[0] = r.cell[i];
			a.cell[1] = r.cell[j];
			emit(k, &a);
		}
	du_action_init(&a, DU_A_READY);
	emit(k, &a);
}

/* DU5.4: the action phase, in the order build road/settlement by side,
 * city, expansions (hand order, each card once), trades 3:1 then 2:1,
 * the large ship, goudsmid, karavaan, verhuizing, in a theme game
 * demolish (DU18.9), end. */
static void
list_action(const struct du_state *st, int s, struct sink *k)
{
	struct view v;
	struct du_action a;

	view_grid(st, s, &v);
	view_hand(st, s, &v);
	list_towns(st, s, &v, k);
	list_exps(st, s, &v, k);
	list_trades(st, s, &v, k);
	list_cards(st, s, &v, k);
	list_steals(st, s, &v, k);
	if (st->mode != DU_MODE_INTRO)
		list_demolish(st, s, k);
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

		view_regions(st, g->seat, &v);
		if (g->flags & DU_GQ_STEAL)
			view_regions(st, 1 - g->seat, &w);
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

		view_regions(st, s, &v);
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

				if (DU_IS_EXP(c) && d->ci[d->inst[c -
				    DU_C_EXP]].kind == DU_K_BUILDING &&
				    du_exp_site(DU_CELL(col, row)) >= 0)
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
			for (int n = 1; n <= du_nstacks(st); n++) {
				if (!fits(st, n, st->p[s].cell[DU_COL(st->selected[i])]
				    [DU_ROW(st->selected[i])] - DU_C_EXP))
					continue;
				a.cell[0] = st->selected[i];
				a.n[0] = (uint8_t)n;
				emit(k, &a);
			}
		break;
	case DU_CH_SINK:
		/* DU19.7: each own trade ship, in cell order */
		du_action_init(&a, DU_A_REMOVE);
		for (uint64_t m = du_bits(st->p[s].exp_at, 8); m; m &= m - 1) {
			int cell = du_exp_cell(du_ctz64(m));
			int fx = d->ci[d->inst[st->p[s].cell[DU_COL(cell)]
			    [DU_ROW(cell)] - DU_C_EXP]].effect;

			if (fx != DU_FX_TRADE_SHIP && fx != DU_FX_LARGE_SHIP)
				continue;
			a.cell[0] = (uint8_t)cell;
			emit(k, &a);
		}
		break;
	case DU_CH_PUT: {
		/* DU8.2: min(2, hand) different cards of the other */
		int n = st->p[o].nhand;

		du_action_init(&a, DU_A_PUT);
		if (n == 1)
			for (int sx = 1; sx <= du_nstacks(st); sx++) {
				if (!fits(st, sx, st->p[o].hand[0]))
					continue;
				a.n[0] = 1;
				a.n[1] = (uint8_t)sx;
				emit(k, &a);
			}
		for (int x = 1; n >= 2 && x <= n; x++)
			for (int y = x + 1; y <= n; y++)
				for (int sx = 1; sx <= du_nstacks(st); sx++)
					for (int sy = 1; sy <= du_nstacks(st);
					    sy++) {
						if (!fits(st, sx,
						    st->p[o].hand[x - 1]) ||
						    !fits(st, sy,
						    st->p[o].hand[y - 1]))
							continue;
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
	/* t[0]: the draw, t[1..]: the searches, their n[] left to fill */
	struct du_action a, t[1 + DU_RES * (DU_RES + 1)];
	uint8_t e[DU_COLS * DU_ROWS];
	int nt = 1, fee = 2, ne = du_exps(st, s, e);
	uint8_t one[DU_RES], two[DU_RES];
	uint8_t pu[DU_MAX_STACKS * DU_MAX_STACKS];
	uint8_t pf[DU_MAX_STACKS * DU_MAX_STACKS];
	int np = 0, per, nh = st->p[s].nhand;

	for (int i = 0; i < ne; i++)
		if (st->d->ci[st->d->inst[e[i]]].effect == DU_FX_PARISH_HALL)
			fee = 1;
	du_action_init(&t[0], DU_A_EXCHANGE_DRAW);
	du_action_init(&a, DU_A_EXCHANGE_SEARCH);
	/* the payments searching may use, in the lister's order: kinds x
	 * and y, or x alone with a fee of 1, each from its default cell */
	default_cells(st, s, one, two);
	for (int x = 0; x < DU_RES; x++)
		for (int y = x; y < DU_RES + 1; y++) {
			int fee1 = y == DU_RES;
			uint8_t second = fee1 ? 0 : x == y ? two[x] : one[y];

			if (fee1 != (fee == 1) || one[x] == 0xff ||
			    second == 0xff)
				continue;
			t[nt] = a;
			t[nt].pay[0] = one[x];
			t[nt].pay[1] = second;
			t[nt++].npay = (uint8_t)(fee1 ? 1 : 2);
		}
	du_action_init(&a, DU_A_PASS);
	emit(k, &a);
	/* the stacks (under, from) may take: the card goes under first */
	for (int under = 1; under <= du_nstacks(st); under++)
		for (int from = 1; from <= du_nstacks(st); from++)
			if (st->nseg[from - 1] + (under == from) > 0) {
				pu[np] = (uint8_t)under;
				pf[np++] = (uint8_t)from;
			}
	per = np * nt;
	if (k->fn == NULL && nh > 0 && k->n <= k->max - nh * per &&
	    st->mode == DU_MODE_INTRO) {
		/*
		 * The array has room for them all.  The orders of a card
		 * differ from those of the next card only in n[1], and a
		 * block of a pair of stacks from the next block only in
		 * n[0] and n[2]: card 1's first block is copied from the
		 * templates, its next blocks from its first (one memcpy a
		 * block, n[] written as one word an order), the next
		 * cards' orders from card 1's (one memcpy, n[1] written).
		 * Copying an order at a time stalled on the stores.
		 */
		struct du_action *o0 = k->out + k->n, *o = o0;

		for (int j = 0; j < np; j++, o += nt) {
			const uint8_t nb[4] = { pu[j], 1, pf[j], 0 };

			memcpy(o, j > 0 ? o0 : t, sizeof t[0] * (size_t)nt);
			for (int i = 0; i < nt; i++)
				memcpy(o[i].n, nb, sizeof nb);	/* n[3] 0 */
		}
		for (int c = 2; c <= nh; c++, o += per) {
			memcpy(o, o0, sizeof t[0] * (size_t)per);
			for (int i = 0; i < per; i++)
				o[i].n[1] = (uint8_t)c;
		}
		k->n += nh * per;
		return;
	}
	for (int c = 1; c <= nh; c++)
		for (int j = 0; j < np; j++)
			for (int i = 0; i < nt; i++) {
				struct du_action spare, *o;

				if (!fits(st, pu[j], st->p[s].hand[c - 1]))
					continue;
				o = slot(k, &spare);

				*o = t[i];
				o->n[0] = pu[j];
				o->n[1] = (uint8_t)c;
				o->n[2] = pf[j];
				put(k, o);
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
		for (int n = 1; n <= du_nstacks(st); n++)
			if (st->mode != DU_MODE_INTRO ?
			    !du_stack_back(st, n - 1) && st->nseg[n - 1] >= 3 :
			    !(seat != st->start_player && n == st->first_start) &&
			    st->nseg[n - 1] >= 3) {
				a.n[0] = (uint8_t)n;
				emit(k, &a);
			}
		break;
	case DU_PH_ARRANGE:
		list_arrange(st, seat, k);
		break;
	case DU_PH_ROLL:
		du_action_init(&a, DU_A_ROLL);
		emit(k, &a);
		for (int i = 0; i < p->nhand; i++)
			if (!du_sl_tok(p->hand[i]) &&
			    st->d->ci[st->d->inst[p->hand[i]]].effect ==
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

		for (int n = 1; n <= du_nstacks(st); n++) {
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
					if (fits(st, n, p->hand[c - 1]))
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
		if (st->turn == 0) {	/* DU18.6: 3 cards, top first */
			int len = st->nseg[st->search];

			for (int x = 1; x <= len; x++)
				for (int y = x + 1; y <= len; y++)
					for (int z = y + 1; z <= len; z++) {
						a.n[0] = (uint8_t)x;
						a.n[1] = (uint8_t)y;
						a.n[2] = (uint8_t)z;
						emit(k, &a);
					}
			break;
		}
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
	/* DU23.4: a sealed card of the hand shown, before the roll or in
	 * the action phase */
	if (st->sealed != NULL && seat == st->active &&
	    (st->phase == DU_PH_ROLL || st->phase == DU_PH_ACTION))
		for (int i = 0; i < p->nhand; i++)
			if (du_sl_tok(p->hand[i])) {
				du_action_init(&a, DU_A_SHOW);
				a.n[0] = (uint8_t)(i + 1);
				emit(k, &a);
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
