/*
 * engine.c -- the rules of Catan: het Duel, introductory game (duel-rules(7)
 * DU1-DU17) over the flat state of engine.h.  Set-up (DU3), the turn
 * (DU5), dice, production and events (DU6-DU8), building (DU9, DU10),
 * trade (DU11), action cards (DU12), points and tokens (DU13), hand and
 * stacks (DU14), the end (DU15) and the await rule (DU16).  This file
 * holds the state's helpers, set-up, the turn and du_apply();
 * engine-chance.c the draws, engine-act.c (dispatch()), engine-cards.c,
 * engine-hand.c and engine-theme.c the orders, engine-points.c the
 * points, engine-int.h what they share.
 *
 * du_apply() keeps a copy of the state and puts it back on a refusal (or
 * RULES_PENDING from the source of chance), so that the state is left
 * untouched; a dry run works on the copy; du_apply_listed(), for orders
 * du_legal listed, keeps none.  Every check comes before the first draw,
 * so dry = 1 stops there and draws nothing.  Randomness only through lib/chance.h, one
 * named event per draw (DU17.6): events, stacks, regions, start, dice.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"
#include "games/duel/engine-int.h"

static const char *const face_names[6] = {
	"brigand attack", "trade", "celebration", "plentiful harvest",
	"event card", "event card"
};
static const char *const seat_names[DU_SEATS] = { "red", "blue" };

/* The context of one call; draw is written by open_event before any read
 * (drawing says so), so it is left as it is rather than zeroed (120
 * bytes an order). */
static void
ctx_init(struct ctx *c, struct du_state *st, struct rules_note *nt,
    struct rules_error *err, int dry)
{
	c->st = st;
	c->note = nt;
	c->err = err;
	c->dry = dry;
	c->drawing = 0;
	c->pend = 0;
}

/* ---- notes and refusals ------------------------------------------------ */

void
note(struct ctx *c, const char *fmt, ...)
{
	struct rules_note *n = c->note;
	va_list ap;
	int w;

	if (n == NULL || c->dry || n->len + 2 >= sizeof n->text)
		return;
	va_start(ap, fmt);
	w = vsnprintf(n->text + n->len, sizeof n->text - n->len - 1, fmt, ap);
	va_end(ap);
	if (w < 0)
		return;
	n->len += (size_t)w < sizeof n->text - n->len - 1 ? (size_t)w :
	    sizeof n->text - n->len - 2;
	n->text[n->len++] = '\n';
	n->text[n->len] = '\0';
}

/* 1 when notes are written (the text of one is worth building). */
int
noting(const struct ctx *c)
{
	return c->note != NULL && !c->dry;
}

const char *
du_seat_name(int seat)
{
	return seat >= 0 && seat < DU_SEATS ? seat_names[seat] : "nobody";
}

void
du_cell_name(int cell, char *buf)
{
	buf[0] = (char)('a' + DU_COL(cell));
	buf[1] = (char)('1' + DU_ROW(cell));
	buf[2] = '\0';
}

/* ---- the grid (DU2) ------------------------------------------------------ */

static int
is_settlement_col(int col)
{
	return col % 2 == 1;
}

static int
is_town(uint8_t v)
{
	return v == DU_C_SETTLEMENT || v == DU_C_CITY;
}

/* DU2.2: is (col, row) a building site of s's principality? */
int
is_site(const struct du_state *st, int s, int col, int row)
{
	uint8_t t;

	if (col < 0 || col >= DU_COLS || !is_settlement_col(col))
		return 0;
	t = st->p[s].cell[col][2];
	if (row == 1 || row == 3)
		return is_town(t);
	if (row == 0 || row == 4)
		return t == DU_C_CITY;
	return 0;
}

const struct du_card *
exp_card(const struct du_state *st, uint8_t v)
{
	return &st->d->card[st->d->inst[v - DU_C_EXP]];
}

/* The leftmost (side 0) or rightmost (side 1) settlement column. */
int
outer_town(const struct du_state *st, int s, int side)
{
	int best = -1;

	for (int col = 1; col < DU_COLS; col += 2)
		if (is_town(st->p[s].cell[col][2])) {
			if (side == 0)
				return col;
			best = col;
		}
	return best;
}

/*
 * DU2.3: the number of s's expansions with effect fx (param: 0xff any)
 * on sites adjacent to the region at (col, row).
 */
int
next_to(const struct du_state *st, int s, int col, int row, int fx,
    int param)
{
	int n = 0, r0 = row == 1 ? 0 : 3;

	for (int dc = -1; dc <= 1; dc += 2)
		for (int r = r0; r <= r0 + 1; r++) {
			uint8_t v = at(st, s, col + dc, r);
			const struct du_cinfo *k;

			if (v == 0xff || !DU_IS_EXP(v))
				continue;
			k = &st->d->ci[st->d->inst[v - DU_C_EXP]];
			if (k->effect == fx && (param == 0xff || k->param == param))
				n++;
		}
	return n;
}

/* ---- resources (DU4) ----------------------------------------------------- */

/* Each region of s's grid, column by column (the cell order, col * 5 +
 * row): the regions lie in the region columns (even, a c e ... y) at
 * rows 2 and 4 (DU2.2), and reg_at marks their sites (reg_mark).  The
 * body runs once for each, with col, row and rg (the region card) set;
 * continue goes to the next region. */
#define FOR_REGIONS(st, s, col, row, rg) \
	for (uint64_t col##_m = du_bits((st)->p[s].reg_at, 4); col##_m; \
	    col##_m &= col##_m - 1) \
		for (int col##_i = du_reg_cell(du_ctz64(col##_m)), \
		    col = col##_i / DU_ROWS, row = col##_i % DU_ROWS, \
		    rg = (st)->p[s].cell[col][row] - DU_C_REGION, \
		    col##_once = 1; col##_once; col##_once = 0)

int
rkind(const struct du_state *st, int region)
{
	return st->d->region[region].kind;
}

int
du_stock(const struct du_state *st, int s, int res)
{
	int n = 0;

	FOR_REGIONS(st, s, col, row, rg)
		if (rkind(st, rg) == res)
			n += st->stored[rg];
	if (res == DU_GOLD && du_cache(st, s) > 0)
		n += st->cache_gold;	/* DU19.8 */
	return n;
}

/* Every kind's du_stock() in one pass. */
static void
stocks(const struct du_state *st, int s, int *n)
{
	memset(n, 0, sizeof(int) * DU_RES);
	FOR_REGIONS(st, s, col, row, rg)
		n[rkind(st, rg)] += st->stored[rg];
	if (du_cache(st, s) > 0)
		n[DU_GOLD] += st->cache_gold;
}

int
total_stock(const struct du_state *st, int s)
{
	int n[DU_RES], t = 0;

	stocks(st, s, n);
	for (int r = 0; r < DU_RES; r++)
		t += n[r];
	return t;
}

/* 1 when some region of kind res of s has room. */
int
has_room(const struct du_state *st, int s, int res)
{
	FOR_REGIONS(st, s, col, row, rg)
		if (rkind(st, rg) == res && st->stored[rg] < 3)
			return 1;
	return res == DU_GOLD && du_cache(st, s) >= 0 && st->cache_gold < 3;
}

/* The units of res s can still store: 3 less the stored, over his
 * regions of that kind (DU4.3). */
int
room_count(const struct du_state *st, int s, int res)
{
	int n = 0;

	FOR_REGIONS(st, s, col, row, rg)
		if (rkind(st, rg) == res)
			n += 3 - st->stored[rg];
	if (res == DU_GOLD && du_cache(st, s) >= 0)
		n += 3 - st->cache_gold;
	return n;
}

/* DU4.3: the default region for a gain (fewest, canonical), or -1. */
static int
gain_region(const struct du_state *st, int s, int res)
{
	int best = -1;

	FOR_REGIONS(st, s, col, row, rg)
		if (rkind(st, rg) == res && st->stored[rg] < 3 &&
		    (best < 0 || st->stored[rg] < st->stored[best]))
			best = rg;
	/* DU19.8: the goudmijn after the regions, the first of equals */
	if (res == DU_GOLD && du_cache(st, s) >= 0 && st->cache_gold < 3 &&
	    (best < 0 || st->cache_gold < st->stored[best]))
		best = CACHE_RG;
	return best;
}

/* DU4.4: the default region to pay from (most, canonical), or -1. */
static int
pay_region(const struct du_state *st, int s, int res)
{
	int best = -1;

	FOR_REGIONS(st, s, col, row, rg)
		if (rkind(st, rg) == res && st->stored[rg] > 0 &&
		    (best < 0 || st->stored[rg] > st->stored[best]))
			best = rg;
	if (res == DU_GOLD && du_cache(st, s) > 0 &&
	    (best < 0 || st->cache_gold > st->stored[best]))
		best = CACHE_RG;
	return best;
}

/* Gain one unit of res for s: at cell (-1: DU4.3's default).  Returns
 * 1 when stored, 0 when lost for want of room. */
int
gain_one(struct du_state *st, int s, int res, int region)
{
	if (region < 0)
		region = gain_region(st, s, res);
	if (region == CACHE_RG) {
		if (st->cache_gold >= 3)
			return 0;
		st->cache_gold++;
		return 1;
	}
	if (region < 0 || st->stored[region] >= 3)
		return 0;
	st->stored[region]++;
	return 1;
}

static void
lose_one(struct du_state *st, int s, int res)
{
	int rg = pay_region(st, s, res);

	if (rg == CACHE_RG)
		st->cache_gold--;
	else if (rg >= 0)
		st->stored[rg]--;
}

static void
cost_text(const uint8_t *cost, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int r = 0; r < DU_RES; r++)
		if (cost[r] && len < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%d %s",
			    len ? " and " : "", cost[r], du_res_names[r]);
}

/*
 * DU4.4: pay cost (a count per resource) for s, from the cells of a's
 * "paying" clause when given (one cell per unit, exactly the cost),
 * else by the default.  what names the purchase in a refusal.
 */
int
pay(struct ctx *c, int s, const uint8_t *cost, const struct du_action *a,
    const char *what)
{
	struct du_state *st = c->st;
	int total = 0, have[DU_RES] = { 0 }, nr = 0;
	uint8_t rgs[DU_COLS * 2];
	char t[96];

	/* s's regions where FOR_REGIONS finds them, in its order */
	FOR_REGIONS(st, s, col, row, rg) {
		rgs[nr++] = (uint8_t)rg;
		have[rkind(st, rg)] += st->stored[rg];
	}
	if (du_cache(st, s) > 0)
		have[DU_GOLD] += st->cache_gold;	/* DU19.8 */
	for (int r = 0; r < DU_RES; r++) {
		total += cost[r];
		if (have[r] < cost[r]) {
			cost_text(cost, t, sizeof t);
			return refuse(c, "not enough %s: %s costs %s, %s has %d %s",
			    du_res_names[r], what, t, du_seat_name(s), have[r],
			    du_res_names[r]);
		}
	}
	if (a != NULL && a->npay > 0) {
		uint8_t need[DU_RES], take[DU_REGIONS + 1];

		memcpy(need, cost, DU_RES);
		memset(take, 0, sizeof take);
		if (a->npay != total)
			return refuse(c, "'paying' names %d cells for %d units "
			    "(one cell per unit, DU4.4)", a->npay, total);
		for (int i = 0; i < a->npay; i++) {
			int rg = region_at(st, s, a->pay[i]);
			char cn[3];

			du_cell_name(a->pay[i], cn);
			if (rg < 0 && du_cache(st, s) >= 0 &&
			    a->pay[i] == st->cache_cell - 1) {
				/* DU19.8: the goudmijn pays its gold */
				if (need[DU_GOLD] == 0)
					return refuse(c, "%s holds gold, which %s "
					    "does not cost (DU4.4)", cn, what);
				need[DU_GOLD]--;
				if (++take[CACHE_RG] > st->cache_gold)
					return refuse(c, "%s holds only %d (DU4.4)",
					    cn, st->cache_gold);
				continue;
			}
			if (rg < 0)
				return refuse(c, "%s is not a region of %s (DU4.4)",
				    cn, du_seat_name(s));
			if (need[rkind(st, rg)] == 0)
				return refuse(c, "%s yields %s, which %s does not "
				    "cost (DU4.4)", cn, du_res_names[rkind(st, rg)],
				    what);
			need[rkind(st, rg)]--;
			if (++take[rg] > st->stored[rg])
				return refuse(c, "%s holds only %d (DU4.4)", cn,
				    st->stored[rg]);
		}
		for (int rg = 0; rg < DU_REGIONS; rg++)
			st->stored[rg] = (uint8_t)(st->stored[rg] - take[rg]);
		st->cache_gold = (uint8_t)(st->cache_gold - take[CACHE_RG]);
		return 0;
	}
	{
		/* lose_one() for each unit, over the regions gathered */
		for (int r = 0; r < DU_RES; r++)
			for (int k = 0; k < cost[r]; k++) {
				int best = -1;

				for (int i = 0; i < nr; i++)
					if (rkind(st, rgs[i]) == r && st->stored[rgs[i]] > 0 &&
					    (best < 0 || st->stored[rgs[i]] > st->stored[best]))
						best = rgs[i];
				if (r == DU_GOLD && du_cache(st, s) > 0 &&
				    (best < 0 || st->cache_gold > st->stored[best]))
					st->cache_gold--;	/* DU19.8 */
				else if (best >= 0)
					st->stored[best]--;
			}
	}
	return 0;
}

/* A gain named in an order: kind, and the cell of "at" (0xff: none). */
int
gain_named(struct ctx *c, int s, int res, uint8_t cell, int *region)
{
	*region = -1;
	if (cell != 0xff) {
		char cn[3];
		int rg = region_at(c->st, s, cell);

		du_cell_name(cell, cn);
		if (du_cache(c->st, s) >= 0 && cell == c->st->cache_cell - 1) {
			/* DU19.8: the goudmijn stores gold */
			if (res != DU_GOLD)
				return refuse(c, "%s, the verborgen goudmijn, "
				    "stores gold only (DU19.8)", cn);
			if (c->st->cache_gold >= 3)
				return refuse(c, "%s is full (DU4.3)", cn);
			*region = CACHE_RG;
			return 0;
		}
		if (rg < 0 || rkind(c->st, rg) != res)
			return refuse(c, "%s is not a region of %s yielding %s "
			    "(DU4.3)", cn, du_seat_name(s), du_res_names[res]);
		if (c->st->stored[rg] >= 3)
			return refuse(c, "%s is full (DU4.3)", cn);
		*region = rg;
	}
	return 0;
}

/* ---- points and tokens (DU13) ------------------------------------------- */

/*
 * The instances of s's expansions, in cell order (col * 5 + row), into
 * out; returns how many.  exp_at marks their sites, so only those are
 * read: it is kept where an expansion is built (act_build_exp) or
 * removed (act_remove), and worked out anew by du_grid_index after
 * cells are written by hand (scenarios, tests); t/unit/duel/check.h
 * compares it with the cells after every action.
 */
int
du_exps(const struct du_state *st, int s, uint8_t *out)
{
	const uint8_t *g = &st->p[s].cell[0][0];
	int n = 0;

	for (uint64_t m = du_bits(st->p[s].exp_at, 8); m; m &= m - 1)
		out[n++] = (uint8_t)(g[du_exp_cell(du_ctz64(m))] - DU_C_EXP);
	return n;
}

void
exp_mark(struct du_state *st, int s, int cell, int on)
{
	uint64_t m = du_bits(st->p[s].exp_at, 8);
	uint64_t bit = (uint64_t)1 << du_exp_site(cell);

	du_bits_set(st->p[s].exp_at, 8, on ? m | bit : m & ~bit);
}

/* Cell i of seat s holds a region (reg_at, FOR_REGIONS): du_init, DU9.2
 * and du_grid_index put them; none is ever taken away, verhuizing swaps
 * two. */
void
reg_mark(struct du_state *st, int s, int cell)
{
	uint64_t m = du_bits(st->p[s].reg_at, 4);

	du_bits_set(st->p[s].reg_at, 4, m | (uint64_t)1 << du_reg_site(cell));
}

void
du_grid_index(struct du_state *st)
{
	for (int s = 0; s < DU_SEATS; s++) {
		const uint8_t *g = &st->p[s].cell[0][0];

		memset(st->p[s].exp_at, 0, sizeof st->p[s].exp_at);
		memset(st->p[s].reg_at, 0, sizeof st->p[s].reg_at);
		if (s == 0)
			st->cache_cell = 0;
		/* a card off its site is for scenario.c's check to refuse */
		for (int i = 0; i < DU_COLS * DU_ROWS; i++)
			if (DU_IS_EXP(g[i]) && du_exp_site(i) >= 0)
				exp_mark(st, s, i, 1);
			else if (DU_IS_REGION(g[i]) && du_reg_site(i) >= 0)
				reg_mark(st, s, i);
			else if (DU_IS_EXP(g[i]) && i % (2 * DU_ROWS) < DU_ROWS &&
			    (i % DU_ROWS == 0 || i % DU_ROWS == DU_ROWS - 1)) {
				/* DU19.8: a region expansion */
				st->cache_cell = (uint8_t)(i + 1);
				st->cache_seat = (uint8_t)s;
			}
	}
}


int
owns_effect(const struct du_state *st, int s, int fx)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int n = 0, ne = du_exps(st, s, e);

	for (int i = 0; i < ne; i++)
		n += st->d->ci[st->d->inst[e[i]]].effect == fx;
	return n;
}

static int
count_kind(const struct du_state *st, int s, int kind)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int n = 0, ne = du_exps(st, s, e);

	for (int i = 0; i < ne; i++)
		n += st->d->ci[st->d->inst[e[i]]].kind == kind;
	return n;
}

static void
token_notes(struct ctx *c, const int before[2])
{
	static const char *const tok[2] = { "hero", "trade" };
	int after[2];

	tokens(c->st, after);
	for (int w = 0; w < 2; w++) {
		int now = after[w];

		if (now == before[w])
			continue;
		if (now >= 0)
			note(c, "%s takes the %s token", du_seat_name(now), tok[w]);
		else
			note(c, "the %s token goes back: nobody holds it",
			    tok[w]);
	}
}

/* ---- the pile: stacks, discard pile, event deck -------------------------- */

int
du_seg_len(const struct du_state *st, int seg)
{
	return st->nseg[seg];
}

const uint8_t *
du_seg(const struct du_state *st, int seg)
{
	return st->pile + seg_off(st, seg);
}


/* ---- set-up (DU3) --------------------------------------------------------- */

static const uint8_t start_col[DU_START_REGIONS] = { 10, 12, 14, 10, 12, 14 };
static const uint8_t start_row[DU_START_REGIONS] = { 1, 1, 1, 3, 3, 3 };

/* DU3.4: the basic draw cards, shuffled, in stacks 1-4 of 9; DU18.4:
 * in a theme game stacks 1-3 of 12, and the set's draw cards in 4-5,
 * shuffled by the same event; DU18.5: its open cards face up. */
static int
lay_stacks(struct ctx *c)
{
	struct du_state *st = c->st;
	const struct du_data *d = st->d;
	struct chance_stream cs;
	uint8_t draw[DU_MAX_INST], theme[DU_MAX_INST];
	int rc, per, nt = 0, set = du_mode_set(st->mode), nb = du_nstacks(st);

	memcpy(draw, d->draw, (size_t)d->ndraw);
	for (int i = 0; set >= 0 && i < d->ninst; i++) {
		const struct du_card *k = &d->card[d->inst[i]];

		if (d->iset[i] != set || k->kind == DU_K_EVENT)
			continue;
		if (k->open)
			seg_bottom(st, DU_SEG_OPEN, (uint8_t)i);
		else
			theme[nt++] = (uint8_t)i;
	}
	if (!st->pub) {
		if ((rc = open_event(c, "stacks", EV_STACKS, &cs)) != 0)
			return rc;
		chance_shuffle(&cs, draw, d->ndraw);
		if (nt > 0)
			chance_shuffle(&cs, theme, nt);
	}
	if (set >= 0)
		nb -= 2;
	per = d->ndraw / nb;
	for (int k = 0; k < nb; k++) {
		for (int i = 0; i < per; i++)
			seg_bottom(st, k, draw[k * per + i]);
		st->unseen[k] = st->pub ? (uint8_t)per : 0;
	}
	for (int k = 0; set >= 0 && k < 2; k++) {
		for (int i = 0; i < nt / 2; i++)
			seg_bottom(st, nb + k, theme[k * (nt / 2) + i]);
		st->unseen[nb + k] = st->pub ? (uint8_t)(nt / 2) : 0;
	}
	return 0;
}

int
du_init(struct du_state *st, const struct du_data *d,
    const struct rules_chance *ch, struct rules_note *nt,
    struct rules_error *err)
{
	return du_init_mode(st, d, DU_MODE_INTRO, ch, nt, err);
}

int
du_init_mode(struct du_state *st, const struct du_data *d, int mode,
    const struct rules_chance *ch, struct rules_note *nt,
    struct rules_error *err)
{
	struct ctx c;
	struct chance_stream cs;
	int rc;

	ctx_init(&c, st, nt, err, 0);
	memset(st, 0, sizeof *st);
	if (nt != NULL) {	/* the start note is written from its start */
		nt->len = 0;
		nt->text[0] = '\0';
	}
	st->d = d;
	st->chance = ch;
	st->mode = (uint8_t)mode;
	st->pub = ch != NULL && (ch->flags & RULES_CHANCE_FAIR);
	st->card = 0xff;
	st->drawn[0] = st->drawn[1] = 0xff;
	st->rseat[0] = 0;
	st->rseat[1] = 1;
	for (int s = 0; s < DU_SEATS; s++) {
		struct du_player *p = &st->p[s];

		for (int i = 0; i < DU_START_REGIONS; i++) {
			int rg = s * DU_START_REGIONS + i;

			p->cell[start_col[d->region[rg].cell]]
			    [start_row[d->region[rg].cell]] =
			    (uint8_t)(DU_C_REGION + rg);
			reg_mark(st, s, DU_CELL(start_col[d->region[rg].cell],
			    start_row[d->region[rg].cell]));
			st->stored[rg] = d->region[rg].stored;
		}
		p->cell[11][2] = p->cell[13][2] = DU_C_SETTLEMENT;
		p->cell[12][2] = DU_C_ROAD;
	}
	st->supply[0] = (uint8_t)(d->card[d->road].count -
	    2 * d->card[d->road].start);
	st->supply[1] = (uint8_t)(d->card[d->settlement].count -
	    2 * d->card[d->settlement].start);
	st->supply[2] = (uint8_t)(d->card[d->city].count -
	    2 * d->card[d->city].start);
	/* DU17.6: events, stacks, regions, start */
	if ((rc = build_event_deck(&c)) != 0 || (rc = lay_stacks(&c)) != 0)
		return rc;
	st->nrstack = (uint8_t)(d->nregions - 2 * DU_START_REGIONS);
	for (int i = 0; i < st->nrstack; i++)
		st->rstack[i] = (uint8_t)(2 * DU_START_REGIONS + i);
	if ((rc = shuffle_regions(&c)) != 0)
		return rc;
	if ((rc = open_event(&c, "start", EV_START, &cs)) != 0)
		return rc;
	for (;;) {
		int a = chance_die(&cs), b = chance_die(&cs);

		if (st->nstart_rolls + 2 <= (int)sizeof st->start_rolls) {
			st->start_rolls[st->nstart_rolls++] = (uint8_t)a;
			st->start_rolls[st->nstart_rolls++] = (uint8_t)b;
		}
		note(&c, "start: red rolls %d, blue rolls %d%s", a, b,
		    a == b ? ": again" : "");
		if (a != b) {
			st->start_player = a > b ? 0 : 1;
			break;
		}
	}
	st->active = st->aw_seat = st->start_player;
	st->phase = DU_PH_START;
	note(&c, "%s begins and takes the first starting hand (%s)",
	    du_seat_name(st->start_player),
	    st->mode == DU_MODE_INTRO ? "DU3.6" : "DU18.6");
	return 0;
}

void
du_test_dice(struct du_state *st, int die, int face)
{
	st->force_die = (uint8_t)die;
	st->force_face = (uint8_t)(face + 1);
}

/* ---- the roll (DU6, DU7) -------------------------------------------------- */

/* DU7.1 */
static void
brigand(struct ctx *c)
{
	struct du_state *st = c->st;

	for (int s = 0; s < DU_SEATS; s++) {
		int counted = 0, wool = 0, gold = 0;

		FOR_REGIONS(st, s, col, row, rg)
			if (!next_to(st, s, col, row, DU_FX_STOREHOUSE, 0xff))
				counted += st->stored[rg];
		if (counted <= 7)
			continue;
		FOR_REGIONS(st, s, col, row, rg)
			if (rkind(st, rg) == DU_WOOL || rkind(st, rg) == DU_GOLD) {
				*(rkind(st, rg) == DU_WOOL ? &wool : &gold) +=
				    st->stored[rg];
				st->stored[rg] = 0;
			}
		note(c, "%s loses %d wool and %d gold (brigand attack)",
		    du_seat_name(s), wool, gold);
	}
}

static void
region_gain_note(struct ctx *c, int s, int rg, int want, int got)
{
	char slug[16];

	if (!noting(c))
		return;
	du_region_slug(c->st->d, rg, slug, sizeof slug);
	if (got == 0)
		note(c, "%s: %s full, %d %s lost", du_seat_name(s), slug, want,
		    du_res_names[rkind(c->st, rg)]);
	else if (got < want)
		note(c, "%s: %s +%d %s, %d lost", du_seat_name(s), slug, got,
		    du_res_names[rkind(c->st, rg)], want - got);
	else
		note(c, "%s: %s +%d %s", du_seat_name(s), slug, got,
		    du_res_names[rkind(c->st, rg)]);
}

/* DU6.2, DU6.3 */
static void
production(struct ctx *c)
{
	struct du_state *st = c->st;

	for (int s = 0; s < DU_SEATS; s++) {
		FOR_REGIONS(st, s, col, row, rg) {
			int want, got;

			if (st->d->region[rg].number != st->die)
				continue;
			want = 1 + (next_to(st, s, col, row, DU_FX_BOOSTER,
			    rkind(st, rg)) > 0);
			got = want;
			if (st->stored[rg] + got > 3)
				got = 3 - st->stored[rg];
			st->stored[rg] = (uint8_t)(st->stored[rg] + got);
			region_gain_note(c, s, rg, want, got);
		}
	}
}

void
push_gain(struct du_state *st, int s, int mask, int flags)
{
	if (st->ngq < DU_GQ_MAX) {
		st->gq[st->ngq].seat = (uint8_t)s;
		st->gq[st->ngq].mask = (uint8_t)mask;
		st->gq[st->ngq].flags = (uint8_t)flags;
		st->ngq++;
	}
}

/* DU6.4: the Markt's gains, the active player first. */
static void
markt(struct du_state *st)
{
	for (int i = 0; i < DU_SEATS; i++) {
		int s = (st->active + i) % DU_SEATS, o = 1 - s, mine = 0, theirs = 0;
		int mask = 0;

		if (!owns_effect(st, s, DU_FX_MARKETPLACE))
			continue;
		FOR_REGIONS(st, s, col, row, rg)
			mine += st->d->region[rg].number == st->die;
		FOR_REGIONS(st, o, col, row, rg)
			if (st->d->region[rg].number == st->die) {
				theirs++;
				mask |= 1 << rkind(st, rg);
			}
		if (theirs > mine)
			push_gain(st, s, mask, 0);
	}
}

/* The kinds the front of the gain queue may take now (DU7.2, DU7.6). */
int
gain_legal(const struct du_state *st, const struct du_gain *g)
{
	int room = 0, have = 0x3f;

	/* has_room() and the other's du_stock() for every kind at once */
	FOR_REGIONS(st, g->seat, col, row, rg)
		if (st->stored[rg] < 3)
			room |= 1 << rkind(st, rg);
	if (du_cache(st, g->seat) >= 0 && st->cache_gold < 3)
		room |= 1 << DU_GOLD;	/* DU19.8 */
	if (g->flags & DU_GQ_STEAL) {
		have = 0;
		FOR_REGIONS(st, 1 - g->seat, col, row, rg)
			if (st->stored[rg] > 0)
				have |= 1 << rkind(st, rg);
		if (du_cache(st, 1 - g->seat) > 0)
			have |= 1 << DU_GOLD;
	}
	return g->mask & room & have;
}

void
do_gain(struct ctx *c, const struct du_gain *g, int res, int region,
    const char *why)
{
	struct du_state *st = c->st;

	gain_one(st, g->seat, res, region);
	if (g->flags & DU_GQ_STEAL) {
		lose_one(st, 1 - g->seat, res);
		note(c, "%s takes %s from %s%s", du_seat_name(g->seat),
		    du_res_names[res], du_seat_name(1 - g->seat), why);
	} else
		note(c, "%s gains %s%s", du_seat_name(g->seat), du_res_names[res],
		    why);
}

void
pop_gain(struct du_state *st)
{
	memmove(st->gq, st->gq + 1, sizeof st->gq[0] * (size_t)(st->ngq - 1));
	st->ngq--;
}

/*
 * The front of the gain queue: lapses, is answered by the engine
 * (DU16.3, DU16.4), or is awaited.  1 when awaited.
 */
static int
next_gain(struct ctx *c)
{
	struct du_state *st = c->st;
	struct du_gain g = st->gq[0];
	int m = gain_legal(st, &g), one = -1, n = 0;
	const struct du_player *p = &st->p[g.seat];

	for (int r = 0; r < DU_RES; r++)
		if (m >> r & 1) {
			n++;
			one = r;
		}
	if (n == 0) {
		pop_gain(st);
		note(c, "%s: no resource to gain (DU16.3)", du_seat_name(g.seat));
		return 0;
	}
	for (int i = 0; i < p->nprefer; i++)
		if (m >> p->prefer[i] & 1) {
			pop_gain(st);
			do_gain(c, &g, p->prefer[i], -1, " (preferred)");
			return 0;
		}
	if (n == 1) {
		pop_gain(st);
		do_gain(c, &g, one, -1, " (only choice)");
		return 0;
	}
	st->phase = DU_PH_CHOICE;
	st->choice = DU_CH_GAIN;
	st->aw_seat = g.seat;
	return 1;
}

/* DU8.1 */
static int
buildings_of(const struct du_state *st, int s, uint8_t *cells, int max)
{
	int n = 0;

	for (int col = 0; col < DU_COLS; col++)
		for (int row = 0; row < DU_ROWS; row++) {
			uint8_t v = st->p[s].cell[col][row];

			/* not the goudmijn (DU19.8), off the sites */
			if (DU_IS_EXP(v) && exp_card(st, v)->kind == DU_K_BUILDING &&
			    du_exp_site(DU_CELL(col, row)) >= 0) {
				if (n < max)
					cells[n] = DU_CELL(col, row);
				n++;
			}
		}
	return n;
}

void
begin_merchant(struct du_state *st, int step)
{
	for (; step < DU_SEATS; step++) {
		int s = (st->active + step) % DU_SEATS;

		if (du_stock(st, s, DU_GOLD) > 0) {
			st->phase = DU_PH_CHOICE;
			st->choice = DU_CH_BUY;
			st->aw_seat = (uint8_t)s;
			/* high nibble: the step, low: bought so far */
			st->bought = (uint8_t)(step << 4);
			return;
		}
	}
	st->choice = DU_CH_NONE;
}

/* DU7.5, DU8: turn up the top event card and begin it. */
/* Vorstelijk geschenk (DU19): each player, the active first, 1 gold for
 * each of his units (heroes, ships, units) with 1 strength or more,
 * where it fits (DU4.3); the rest is lost. */
static void
royal_gift(struct ctx *c)
{
	struct du_state *st = c->st;

	for (int i = 0; i < DU_SEATS; i++) {
		int s = (st->active + i) % DU_SEATS, n = 0, got = 0;
		uint8_t e[DU_COLS * DU_ROWS];
		int ne = du_exps(st, s, e);

		for (int j = 0; j < ne; j++) {
			const struct du_cinfo *k = &st->d->ci[st->d->inst[e[j]]];

			n += (k->kind == DU_K_HERO || k->kind == DU_K_SHIP ||
			    k->kind == DU_K_UNIT) && k->strength > 0;
		}
		for (int j = 0; j < n; j++)
			got += gain_one(st, s, DU_GOLD, -1);
		note(c, "%s: %d unit%s with strength, +%d gold%s", du_seat_name(s),
		    n, n == 1 ? "" : "s", got, got < n ? ", the rest lost" : "");
	}
}

static int
begin_card(struct ctx *c)
{
	struct du_state *st = c->st;
	const struct du_card *k;
	int hero, rc;

	for (;;) {
		if (st->nseg[DU_SEG_EVENTS] == 0) {
			st->card = 0xff;
			return 0;
		}
		if ((rc = event_draw(c, &st->card)) != 0)
			return rc;
		k = &st->d->card[st->d->inst[st->card]];
		note(c, "event card: %s", k->slug);
		if (k->effect != DU_FX_SUMMER_FEAST)
			break;
		/* DU8.7: rebuilt from all the event cards, then the next */
		if ((rc = build_event_deck(c)) != 0)
			return rc;
		note(c, "the event deck is rebuilt (DU8.7)");
	}
	hero = du_token(st, 0);
	switch (k->effect) {
	case DU_FX_FEUD: {
		int victim = 1 - hero, n;

		if (hero < 0)
			break;
		n = buildings_of(st, victim, st->selected, 3);
		if (n == 0)
			break;
		st->phase = DU_PH_CHOICE;
		if (n > 3) {
			st->choice = DU_CH_SELECT;
			st->aw_seat = (uint8_t)hero;
			st->nselected = 0;
		} else {
			st->choice = DU_CH_REMOVE;
			st->aw_seat = (uint8_t)victim;
			st->nselected = (uint8_t)n;
		}
		break;
	}
	case DU_FX_FRATERNAL:
		if (hero < 0 || st->p[1 - hero].nhand == 0)
			break;
		/* DU23.6: the victim's sealed cards opened to the hero */
		if ((rc = du_sealed_open_hand(c, 1 - hero)) != 0)
			return rc;
		st->phase = DU_PH_CHOICE;
		st->choice = DU_CH_PUT;
		st->aw_seat = (uint8_t)hero;
		break;
	case DU_FX_SHIPS_RACE: {
		int a = count_kind(st, st->active, DU_K_SHIP);
		int b = count_kind(st, 1 - st->active, DU_K_SHIP);

		if (a > b)
			push_gain(st, st->active, 0x3f, 0);
		else if (b > a)
			push_gain(st, 1 - st->active, 0x3f, 0);
		else if (a > 0) {
			push_gain(st, st->active, 0x3f, 0);
			push_gain(st, 1 - st->active, 0x3f, 0);
		}
		break;
	}
	case DU_FX_MERCHANT:
		begin_merchant(st, 0);
		break;
	case DU_FX_ROYAL_GIFT:
		royal_gift(c);
		break;
	case DU_FX_RICH_YEAR:
		for (int s = 0; s < DU_SEATS; s++)
			FOR_REGIONS(st, s, col, row, rg) {
				int want = next_to(st, s, col, row, DU_FX_ABBEY, 0xff) +
				    next_to(st, s, col, row, DU_FX_STOREHOUSE, 0xff);
				int got = want;

				if (want == 0)
					continue;
				if (st->stored[rg] + got > 3)
					got = 3 - st->stored[rg];
				st->stored[rg] = (uint8_t)(st->stored[rg] + got);
				region_gain_note(c, s, rg, want, got);
			}
		break;
	case DU_FX_INVENTION:
		for (int i = 0; i < DU_SEATS; i++) {
			int s = (st->active + i) % DU_SEATS, n = 0;

			for (int col = 0; col < DU_COLS; col++)
				for (int row = 0; row < DU_ROWS; row++) {
					uint8_t v = st->p[s].cell[col][row];

					if (DU_IS_EXP(v) &&
					    exp_card(st, v)->kind == DU_K_BUILDING &&
					    exp_card(st, v)->progress > 0)
						n++;
				}
			for (int j = 0; j < n && j < 2; j++)
				push_gain(st, s, 0x3f, 0);
		}
		break;
	default:
		break;
	}
	return 0;
}

/* DU6.1, DU7: everything a roll sets off, once the dice are known. */
static int
resolve_roll(struct ctx *c)
{
	struct du_state *st = c->st;

	note(c, "%s rolls %d and %s", du_seat_name(st->active), st->die,
	    face_names[st->face]);
	if (st->face == DU_F_BRIGAND)
		brigand(c);
	production(c);
	st->phase = DU_PH_CHOICE;
	st->choice = DU_CH_NONE;
	st->stage = DU_ST_MARKT;
	st->ngq = 0;
	markt(st);
	return advance(c);
}

/* DU19.6: Reiner gives 1 of choice to the player whom a celebration
 * leaves without one; trigon plays it for its holder at once. */
static void
messenger(struct ctx *c, int s)
{
	struct du_state *st = c->st;
	int i = hand_find_fx(st, s, DU_FX_MESSENGER);

	if (i < 0)
		return;
	seg_insert(st, DU_SEG_DISCARD, 0, hand_take(st, s, i));
	note(c, "%s plays reiner: 1 resource of his choice all the same "
	    "(DU19.6)", du_seat_name(s));
	push_gain(st, s, 0x3f, 0);
}

/* The event die's own effect (DU7.2-DU7.5), after the Markt. */
static int
begin_face(struct ctx *c)
{
	struct du_state *st = c->st;
	int a = st->active, o = 1 - a, holder;

	switch (st->face) {
	case DU_F_TRADE:
		holder = du_token(st, 1);
		if (holder >= 0)
			push_gain(st, holder, 0x3f, DU_GQ_STEAL);
		/* Geldschieter (DU19): a second, lapsing as DU16.3 says when
		 * the other has nothing left or there is no room */
		if (holder >= 0 && owns_effect(st, holder, DU_FX_MONEYLENDER))
			push_gain(st, holder, 0x3f, DU_GQ_STEAL);
		break;
	case DU_F_CELEBRATION: {
		int ka = du_points(st, a, DU_P_SKILL);
		int ko = du_points(st, o, DU_P_SKILL);

		if (ka >= ko)
			push_gain(st, a, 0x3f, 0);
		else
			messenger(c, a);
		if (ko >= ka)
			push_gain(st, o, 0x3f, 0);
		else
			messenger(c, o);
		break;
	}
	case DU_F_HARVEST:
		for (int i = 0; i < DU_SEATS; i++) {
			int s = (a + i) % DU_SEATS;
			int n = 2 * owns_effect(st, s, DU_FX_TOLL_BRIDGE), got = 0;
			int pirates = owns_effect(st, s, DU_FX_PIRATE);

			for (int k = 0; k < n + pirates; k++)
				got += gain_one(st, s, DU_GOLD, -1);
			if (n + pirates > 0)
				note(c, "%s: %s +%d gold%s", du_seat_name(s),
				    !pirates ? "toll bridge" : !n ? "piratenschip "
				    "(DU19.7)" : "toll bridge and piratenschip "
				    "(DU19.7)", got, got < n + pirates ?
				    ", the rest lost" : "");
		}
		push_gain(st, a, 0x3f, 0);
		push_gain(st, o, 0x3f, 0);
		break;
	case DU_F_EVENT:
	case DU_F_EVENT2:
		st->stage = DU_ST_CARD;
		return begin_card(c);
	default:
		break;
	}
	return 0;
}

/* Run the roll's resolution on until a seat must choose or it is done. */
int
advance(struct ctx *c)
{
	struct du_state *st = c->st;
	int rc;

	for (;;) {
		if (st->ngq > 0) {
			if (next_gain(c))
				return 0;
			continue;
		}
		if (st->choice != DU_CH_NONE)
			return 0;
		switch (st->stage) {
		case DU_ST_MARKT:
			st->stage = DU_ST_EVENT;
			if ((rc = begin_face(c)) != 0)
				return rc;
			continue;
		case DU_ST_EVENT:
			st->stage = DU_ST_DONE;
			continue;
		case DU_ST_CARD:
			if (st->card != 0xff) {
				seg_bottom(st, DU_SEG_EVENTS, st->card);
				st->ev_seen++;
				st->card = 0xff;
			}
			st->stage = DU_ST_DONE;
			continue;
		default:
			st->phase = DU_PH_ACTION;
			st->choice = DU_CH_NONE;
			st->aw_seat = st->active;
			return 0;
		}
	}
}

int
roll(struct ctx *c, int fixed)
{
	struct du_state *st = c->st;
	struct chance_stream cs;
	int rc;

	if (c->dry)
		return 0;
	if ((rc = open_event(c, "dice", EV_DICE, &cs)) != 0)
		return rc;
	st->die = (uint8_t)(fixed ? fixed : chance_die(&cs));
	st->face = (uint8_t)(chance_die(&cs) - 1);
	if (st->force_die) {
		if (!fixed)
			st->die = st->force_die;
		st->face = (uint8_t)(st->force_face - 1);
		st->force_die = st->force_face = 0;
	}
	return resolve_roll(c);
}

/* ---- the turn's later phases (DU14) --------------------------------------- */

static int
stacks_empty(const struct du_state *st)
{
	for (int k = 0; k < du_nstacks(st); k++)
		if (st->nseg[k])
			return 0;
	return 1;
}

void
next_turn(struct ctx *c)
{
	struct du_state *st = c->st;

	st->active = (uint8_t)(1 - st->active);
	st->aw_seat = st->active;
	st->phase = DU_PH_ROLL;
	st->turn++;
	st->mint = 0;
}

/* After `end` and after each replenishing step: what comes next. */
void
after_replenish(struct ctx *c)
{
	struct du_state *st = c->st;
	int s = st->active, lim = du_hand_limit(st, s);

	if (st->p[s].nhand < lim && !stacks_empty(st)) {
		st->phase = DU_PH_REPLENISH;
		return;
	}
	if (st->p[s].nhand > lim) {
		st->phase = DU_PH_REPLENISH;
		return;
	}
	if (st->p[s].nhand == 0) {
		note(c, "%s has no card to exchange (DU16.3)", du_seat_name(s));
		next_turn(c);
		return;
	}
	st->phase = DU_PH_EXCHANGE;
}


int
du_apply(struct du_state *st, int seat, const struct du_action *a, int dry,
    struct rules_note *nt, struct rules_error *err)
{
	struct du_state tmp;
	struct ctx c;
	int before[2] = { -1, -1 }, rc, grid;

	if (st->phase == DU_PH_OVER)
		return rules_refuse(err, RULES_ESEAT, "the game is over");
	if (seat < 0 || seat >= DU_SEATS || seat != st->aw_seat)
		return rules_refuse(err, RULES_ESEAT, "%s may not act now: %s is "
		    "awaited (DU16.1)", du_seat_name(seat),
		    du_seat_name(st->aw_seat));
	/* a dry run works on the copy; an order on st itself, the copy
	 * kept to put back on a refusal (one copy of the state, not two) */
	memcpy(&tmp, st, sizeof tmp);
	ctx_init(&c, dry ? &tmp : st, nt, err, dry);
	/* the tokens follow the expansions (DU13.2): only these orders
	 * write cells of a grid (the others cannot move a token) */
	grid = a->verb == DU_A_BUILD_ROAD || a->verb == DU_A_BUILD_SETTLEMENT ||
	    a->verb == DU_A_REGIONS || a->verb == DU_A_BUILD_CITY ||
	    a->verb == DU_A_BUILD_EXP || a->verb == DU_A_RELOCATION ||
	    a->verb == DU_A_REMOVE || a->verb == DU_A_DEMOLISH;
	if (grid && !dry && nt != NULL)
		tokens(st, before);
	if ((rc = dispatch(&c, seat, a)) == 0 && c.pend)
		rc = c.pend;	/* DU23: every sealed request of it asked */
	if (rc != 0) {
		if (!dry)
			memcpy(st, &tmp, sizeof *st);
		if (nt != NULL) {
			nt->len = 0;
			nt->text[0] = '\0';
		}
		return rc;
	}
	if (grid && !dry && nt != NULL)
		token_notes(&c, before);
	return 0;
}

int
du_check(const struct du_state *st, int seat, const struct du_action *a)
{
	struct du_state tmp;
	struct rules_error e;
	struct ctx c;

	if (st->phase == DU_PH_OVER || seat != st->aw_seat)
		return RULES_ESEAT;
	memcpy(&tmp, st, sizeof tmp);
	ctx_init(&c, &tmp, NULL, &e, 1);
	return dispatch(&c, seat, a);
}

int
du_apply_listed(struct du_state *st, int seat, const struct du_action *a)
{
	struct rules_error e;
	struct ctx c;

	if (st->chance != NULL || !st->own)
		return du_apply(st, seat, a, 0, NULL, &e);
	if (st->phase == DU_PH_OVER || seat != st->aw_seat)
		return RULES_ESEAT;
	ctx_init(&c, st, NULL, &e, 0);
	return dispatch(&c, seat, a);
}

int
du_await_seat(const struct du_state *st)
{
	return st->phase == DU_PH_OVER ? -1 : st->aw_seat;
}

void
du_await_text(const struct du_state *st, char *buf, size_t n)
{
	const char *who = du_seat_name(st->aw_seat);

	switch (st->phase) {
	case DU_PH_START:
		snprintf(buf, n, "%s to take a starting hand: start stack N",
		    who);
		break;
	case DU_PH_ROLL:
		snprintf(buf, n, "%s to roll (or play marileen N)", who);
		break;
	case DU_PH_ARRANGE:
		snprintf(buf, n, "%s to rearrange the regions: swap CELL CELL, "
		    "or ready", who);
		break;
	case DU_PH_ACTION:
		snprintf(buf, n, "%s to build, trade, play or end", who);
		break;
	case DU_PH_REGIONS:
		snprintf(buf, n, "%s to lay the new regions: regions ABOVE BELOW",
		    who);
		break;
	case DU_PH_REPLENISH:
		snprintf(buf, n, "%s to replenish: %s", who,
		    st->p[st->aw_seat].nhand > du_hand_limit(st, st->aw_seat) ?
		    "discard card N under stack M" : "draw stack N");
		break;
	case DU_PH_EXCHANGE:
		snprintf(buf, n, "%s to exchange a card or pass", who);
		break;
	case DU_PH_TAKE:
		if (st->turn == 0)
			snprintf(buf, n, "%s to take a starting hand from stack "
			    "%d: take card A card B card C", who, st->search + 1);
		else
			snprintf(buf, n, "%s to take a card from stack %d: take "
			    "card N", who, st->search + 1);
		break;
	case DU_PH_CHOICE:
		snprintf(buf, n, "%s to %s", who,
		    st->choice == DU_CH_GAIN ? (st->gq[0].flags & DU_GQ_STEAL ?
		    "take a resource from the other: gain KIND" :
		    "gain a resource: gain KIND") :
		    st->choice == DU_CH_SELECT ? "select 3 buildings: select C C C" :
		    st->choice == DU_CH_REMOVE ? "remove a selected building: "
		    "remove CELL under stack N" :
		    st->choice == DU_CH_PUT ? "put the other's cards under stacks: "
		    "put card N under stack M" :
		    st->choice == DU_CH_BUY ? "buy for gold: buy KIND, or pass" :
		    st->choice == DU_CH_SINK ? "lose a trade ship to the "
		    "piratenschip: remove CELL" : "choose");
		break;
	default:
		snprintf(buf, n, "the game is over: %s won (%s)",
		    du_seat_name(st->winner), st->how ? "resigned" : "points");
		break;
	}
}

