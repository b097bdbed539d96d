/*
 * engine.c -- the rules of Catan: het Duel, introductory game (duel-rules(7)
 * DU1-DU17) over the flat state of engine.h.  Set-up (DU3), the turn
 * (DU5), dice, production and events (DU6-DU8), building (DU9, DU10),
 * trade (DU11), action cards (DU12), points and tokens (DU13), hand and
 * stacks (DU14), the end (DU15) and the await rule (DU16).
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

enum { EV_EVENTS = 1, EV_STACKS, EV_REGIONS, EV_START, EV_DICE, EV_DRAW };

static const char *const face_names[6] = {
	"brigand attack", "trade", "celebration", "plentiful harvest",
	"event card", "event card"
};
static const char *const seat_names[DU_SEATS] = { "red", "blue" };

/* A refusal or an early stop travels as this. */
#define DRY 1

struct ctx {
	struct du_state *st;
	struct rules_note *note;
	struct rules_error *err;
	int dry;
	int drawing;			/* public draws: the event "draw" */
	struct chance_stream draw;	/* ... opened by this order */
};

static int advance(struct ctx *c);

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
}

/* ---- notes and refusals ------------------------------------------------ */

static void
note(struct ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void
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

#define refuse(c, ...) rules_refuse((c)->err, RULES_REFUSED, __VA_ARGS__)

/* 1 when notes are written (the text of one is worth building). */
static int
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

static uint8_t
at(const struct du_state *st, int s, int col, int row)
{
	if (col < 0 || col >= DU_COLS || row < 0 || row >= DU_ROWS)
		return 0xff;
	return st->p[s].cell[col][row];
}

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
static int
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

static const struct du_card *
exp_card(const struct du_state *st, uint8_t v)
{
	return &st->d->card[st->d->inst[v - DU_C_EXP]];
}

/* The leftmost (side 0) or rightmost (side 1) settlement column. */
static int
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
static int
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

static int
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
	return n;
}

/* Every kind's du_stock() in one pass. */
static void
stocks(const struct du_state *st, int s, int *n)
{
	memset(n, 0, sizeof(int) * DU_RES);
	FOR_REGIONS(st, s, col, row, rg)
		n[rkind(st, rg)] += st->stored[rg];
}

static int
total_stock(const struct du_state *st, int s)
{
	int n[DU_RES], t = 0;

	stocks(st, s, n);
	for (int r = 0; r < DU_RES; r++)
		t += n[r];
	return t;
}

/* 1 when some region of kind res of s has room. */
static int
has_room(const struct du_state *st, int s, int res)
{
	FOR_REGIONS(st, s, col, row, rg)
		if (rkind(st, rg) == res && st->stored[rg] < 3)
			return 1;
	return 0;
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
	return best;
}

/* The region card at a cell of s, or -1. */
static int
region_at(const struct du_state *st, int s, int cell)
{
	uint8_t v = at(st, s, DU_COL(cell), DU_ROW(cell));

	return v != 0xff && DU_IS_REGION(v) ? v - DU_C_REGION : -1;
}

/* Gain one unit of res for s: at cell (-1: DU4.3's default).  Returns
 * 1 when stored, 0 when lost for want of room. */
static int
gain_one(struct du_state *st, int s, int res, int region)
{
	if (region < 0)
		region = gain_region(st, s, res);
	if (region < 0 || st->stored[region] >= 3)
		return 0;
	st->stored[region]++;
	return 1;
}

static void
lose_one(struct du_state *st, int s, int res)
{
	int rg = pay_region(st, s, res);

	if (rg >= 0)
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
static int
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
		uint8_t need[DU_RES], take[DU_REGIONS];

		memcpy(need, cost, DU_RES);
		memset(take, 0, sizeof take);
		if (a->npay != total)
			return refuse(c, "'paying' names %d cells for %d units "
			    "(one cell per unit, DU4.4)", a->npay, total);
		for (int i = 0; i < a->npay; i++) {
			int rg = region_at(st, s, a->pay[i]);
			char cn[3];

			du_cell_name(a->pay[i], cn);
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
				if (best >= 0)
					st->stored[best]--;
			}
	}
	return 0;
}

/* A gain named in an order: kind, and the cell of "at" (0xff: none). */
static int
gain_named(struct ctx *c, int s, int res, uint8_t cell, int *region)
{
	*region = -1;
	if (cell != 0xff) {
		char cn[3];
		int rg = region_at(c->st, s, cell);

		du_cell_name(cell, cn);
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

static void
exp_mark(struct du_state *st, int s, int cell, int on)
{
	uint64_t m = du_bits(st->p[s].exp_at, 8);
	uint64_t bit = (uint64_t)1 << du_exp_site(cell);

	du_bits_set(st->p[s].exp_at, 8, on ? m | bit : m & ~bit);
}

/* Cell i of seat s holds a region (reg_at, FOR_REGIONS): du_init, DU9.2
 * and du_grid_index put them; none is ever taken away, verhuizing swaps
 * two. */
static void
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
		/* a card off its site is for scenario.c's check to refuse */
		for (int i = 0; i < DU_COLS * DU_ROWS; i++)
			if (DU_IS_EXP(g[i]) && du_exp_site(i) >= 0)
				exp_mark(st, s, i, 1);
			else if (DU_IS_REGION(g[i]) && du_reg_site(i) >= 0)
				reg_mark(st, s, i);
	}
}

int
du_points(const struct du_state *st, int s, int which)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int n = 0, ne = du_exps(st, s, e);

	for (int i = 0; i < ne; i++) {
		const struct du_cinfo *k = &st->d->ci[st->d->inst[e[i]]];

		n += which == DU_P_STRENGTH ? k->strength :
		    which == DU_P_SKILL ? k->skill :
		    which == DU_P_TRADE ? k->trade : k->progress;
	}
	return n;
}

/* The strength and trade points of s's expansions, in one pass. */
static void
token_points(const struct du_state *st, int s, int *strength, int *trade)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int ne = du_exps(st, s, e);

	*strength = *trade = 0;
	for (int i = 0; i < ne; i++) {
		const struct du_cinfo *k = &st->d->ci[st->d->inst[e[i]]];

		*strength += k->strength;
		*trade += k->trade;
	}
}

static int
holder(int a, int b)
{
	if (a >= 3 && a > b)
		return 0;
	if (b >= 3 && b > a)
		return 1;
	return -1;
}

/* Both tokens (DU13.2): who holds the hero (out[0]) and trade (out[1]). */
static void
tokens(const struct du_state *st, int out[2])
{
	int s0, t0, s1, t1;

	token_points(st, 0, &s0, &t0);
	token_points(st, 1, &s1, &t1);
	out[0] = holder(s0, s1);
	out[1] = holder(t0, t1);
}

int
du_token(const struct du_state *st, int which)
{
	int kind = which == 0 ? DU_P_STRENGTH : DU_P_TRADE;

	return holder(du_points(st, 0, kind), du_points(st, 1, kind));
}

int
du_vp(const struct du_state *st, int s)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int n = 0, str[2] = { 0, 0 }, trd[2] = { 0, 0 };
	int ne = du_exps(st, s, e);

	/* the towns stand in the settlement columns (odd) at row 3 (DU2.2;
	 * t/unit/duel/check.h asserts every site) */
	for (int col = 1; col < DU_COLS; col += 2)
		n += st->p[s].cell[col][2] == DU_C_SETTLEMENT ? 1 :
		    st->p[s].cell[col][2] == DU_C_CITY ? 2 : 0;
	for (int i = 0; i < ne; i++) {
		const struct du_cinfo *k = &st->d->ci[st->d->inst[e[i]]];

		n += k->vp;
		str[s] += k->strength;
		trd[s] += k->trade;
	}
	token_points(st, 1 - s, &str[1 - s], &trd[1 - s]);
	n += holder(str[0], str[1]) == s;
	n += holder(trd[0], trd[1]) == s;
	return n;
}

int
du_hand_limit(const struct du_state *st, int s)
{
	return 3 + du_points(st, s, DU_P_PROGRESS);
}

static int
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

static int
seg_off(const struct du_state *st, int k)
{
	int o = 0;

	for (int i = 0; i < k; i++)
		o += st->nseg[i];
	return o;
}

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

static int
pile_len(const struct du_state *st)
{
	return seg_off(st, DU_SEGS);
}

/* Insert card at position pos of segment k (0: top). */
static void
seg_insert(struct du_state *st, int k, int pos, uint8_t card)
{
	int o = seg_off(st, k) + pos, n = pile_len(st);

	memmove(st->pile + o + 1, st->pile + o, (size_t)(n - o));
	st->pile[o] = card;
	st->nseg[k]++;
}

static uint8_t
seg_take(struct du_state *st, int k, int pos)
{
	int o = seg_off(st, k) + pos, n = pile_len(st);
	uint8_t card = st->pile[o];

	memmove(st->pile + o, st->pile + o + 1, (size_t)(n - o - 1));
	st->nseg[k]--;
	return card;
}

static void
seg_bottom(struct du_state *st, int k, uint8_t card)
{
	seg_insert(st, k, st->nseg[k], card);
}

static void
hand_add(struct du_state *st, int s, uint8_t card)
{
	st->p[s].hand[st->p[s].nhand++] = card;
}

static uint8_t
hand_take(struct du_state *st, int s, int i)
{
	struct du_player *p = &st->p[s];
	uint8_t card = p->hand[i];

	memmove(p->hand + i, p->hand + i + 1, (size_t)(p->nhand - i - 1));
	p->nhand--;
	return card;
}

/* The index in s's hand of a copy of card k, or -1. */
static int
hand_find(const struct du_state *st, int s, int k)
{
	for (int i = 0; i < st->p[s].nhand; i++)
		if (st->d->inst[st->p[s].hand[i]] == k)
			return i;
	return -1;
}

static int
hand_find_fx(const struct du_state *st, int s, int fx)
{
	for (int i = 0; i < st->p[s].nhand; i++)
		if (st->d->ci[st->d->inst[st->p[s].hand[i]]].effect == fx)
			return i;
	return -1;
}

static int
stack_ok(struct ctx *c, int n)
{
	if (n < 1 || n > DU_STACKS)
		return refuse(c, "there is no stack %d: stacks 1-%d (DU3.4)", n,
		    DU_STACKS);
	return 0;
}

static int
card_ok(struct ctx *c, int s, int n)
{
	if (n < 1 || n > c->st->p[s].nhand)
		return refuse(c, "%s holds %d card%s: there is no card %d "
		    "(DU17.2)", du_seat_name(s), c->st->p[s].nhand,
		    c->st->p[s].nhand == 1 ? "" : "s", n);
	return 0;
}

/* ---- chance --------------------------------------------------------------- */

static int
open_event(struct ctx *c, const char *label, unsigned kind,
    struct chance_stream *cs)
{
	struct rules_chance_req req = { label, 0, kind };

	if (c->st->chance == NULL && c->st->own) {
		/* a search's private copy (bot.c): its own stream */
		chance_own_stream(cs, &c->st->rng);
		c->st->events++;
		return 0;
	}
	return chance_event(c->st->chance, &c->st->events, &req, cs, c->err);
}

/* DU3.3, DU8.7: the event deck, Zomerfeest with 3 cards beneath it. */
static int
build_event_deck(struct ctx *c)
{
	struct du_state *st = c->st;
	const struct du_data *d = st->d;
	struct chance_stream cs;
	uint8_t other[DU_MAX_INST];
	int n = 0, rc, summer = -1, below;

	for (int i = 0; i < d->nevents; i++) {
		if (d->inst[d->events[i]] == d->summer)
			summer = d->events[i];
		else
			other[n++] = d->events[i];
	}
	if (!st->pub) {
		if ((rc = open_event(c, "events", EV_EVENTS, &cs)) != 0)
			return rc;
		chance_shuffle(&cs, other, n);
	}
	/* remove whatever event cards the deck holds, then lay it anew */
	while (st->nseg[DU_SEG_EVENTS] > 0)
		seg_take(st, DU_SEG_EVENTS, 0);
	below = n < 3 ? n : 3;
	for (int i = 0; i < n - below; i++)
		seg_bottom(st, DU_SEG_EVENTS, other[i]);
	seg_bottom(st, DU_SEG_EVENTS, (uint8_t)summer);
	for (int i = n - below; i < n; i++)
		seg_bottom(st, DU_SEG_EVENTS, other[i]);
	st->ev_seen = 0;
	st->ev_unseen = st->pub ? (uint8_t)(n - below) : 0;
	return 0;
}

static int
shuffle_regions(struct ctx *c)
{
	struct chance_stream cs;
	int rc;

	if (c->st->pub) {
		/* its order unknown again: every card unseen */
		c->st->runseen = c->st->nrstack;
		return 0;
	}
	if ((rc = open_event(c, "regions", EV_REGIONS, &cs)) != 0)
		return rc;
	chance_shuffle(&cs, c->st->rstack, c->st->nrstack);
	return 0;
}

/*
 * ---- public draws (fair chance, doc/fair-play.md) ----------------------
 *
 * With st->pub a card is drawn when it is drawn: the unseen slot drawn
 * is swapped with a slot of its pool chosen uniformly by the one event
 * "draw" of this order (both seats in its quorum), opened at the first
 * draw.  Unseen slots are exchangeable, so this is the distribution of
 * decks shuffled at the start, and nobody knows a card before it is
 * drawn.  Without st->pub the decks were shuffled at creation and these
 * functions do nothing.
 */
static int
draw_index(struct ctx *c, int n, int *j)
{
	int rc;

	if (!c->drawing) {
		if ((rc = open_event(c, "draw", EV_DRAW, &c->draw)) != 0)
			return rc;
		c->drawing = 1;
	}
	*j = chance_below(&c->draw, n);
	return 0;
}

static void
swap8(uint8_t *a, uint8_t *b)
{
	uint8_t t = *a;

	*a = *b;
	*b = t;
}

/*
 * Slot i of draw stack k drawn, its slots above known (a stack drawn
 * from the top, or searched from the top, DU14.4): the pool is the
 * unseen slots of every stack but those.
 */
static int
reveal_stack(struct ctx *c, int k, int i)
{
	struct du_state *st = c->st;
	int n = 0, j, rc;

	if (!st->pub || i >= st->unseen[k])
		return 0;
	for (int s = 0; s < DU_STACKS; s++)
		n += st->unseen[s] - (s == k ? i : 0);
	if ((rc = draw_index(c, n, &j)) != 0)
		return rc;
	for (int s = 0; s < DU_STACKS; s++) {
		int lo = s == k ? i : 0, m = st->unseen[s] - lo;

		if (j < m) {
			swap8(&st->pile[seg_off(st, k) + i],
			    &st->pile[seg_off(st, s) + lo + j]);
			return 0;
		}
		j -= m;
	}
	return 0;
}

/* The top card of draw stack k, drawn (the stack is not empty). */
static int
stack_draw(struct ctx *c, int k, uint8_t *card)
{
	int rc;

	if ((rc = reveal_stack(c, k, 0)) != 0)
		return rc;
	if (c->st->pub && c->st->unseen[k] > 0)
		c->st->unseen[k]--;
	*card = seg_take(c->st, k, 0);
	return 0;
}

/* DU14.4: stack k searched: all of it seen, from the top down. */
static int
stack_search(struct ctx *c, int k)
{
	int rc;

	if (!c->st->pub)
		return 0;
	for (int i = 0; i < c->st->unseen[k]; i++)
		if ((rc = reveal_stack(c, k, i)) != 0)
			return rc;
	c->st->unseen[k] = 0;
	return 0;
}

/* The event deck's top card, turned up (the deck is not empty).  Its
 * pool: the unseen top and the unseen cards under Zomerfeest. */
static int
event_draw(struct ctx *c, uint8_t *card)
{
	struct du_state *st = c->st;
	int off = seg_off(st, DU_SEG_EVENTS), rc, j, below;

	if (st->pub && st->ev_unseen > 0) {
		below = st->nseg[DU_SEG_EVENTS] - st->ev_seen -
		    st->ev_unseen - 1;
		if ((rc = draw_index(c, st->ev_unseen + below, &j)) != 0)
			return rc;
		swap8(&st->pile[off], &st->pile[off + (j < st->ev_unseen ?
		    j : j + 1)]);
		st->ev_unseen--;
	}
	*card = seg_take(st, DU_SEG_EVENTS, 0);
	return 0;
}

/* Slot i of the region stack drawn, the slots above it known. */
static int
region_draw(struct ctx *c, int i)
{
	struct du_state *st = c->st;
	int j, rc;

	if (!st->pub || i >= st->runseen)
		return 0;
	if ((rc = draw_index(c, st->runseen - i, &j)) != 0)
		return rc;
	swap8(&st->rstack[i], &st->rstack[i + j]);
	return 0;
}

/* ---- set-up (DU3) --------------------------------------------------------- */

static const uint8_t start_col[DU_START_REGIONS] = { 10, 12, 14, 10, 12, 14 };
static const uint8_t start_row[DU_START_REGIONS] = { 1, 1, 1, 3, 3, 3 };

int
du_init(struct du_state *st, const struct du_data *d,
    const struct rules_chance *ch, struct rules_note *nt,
    struct rules_error *err)
{
	struct ctx c;
	struct chance_stream cs;
	uint8_t draw[DU_MAX_INST];
	int rc, per;

	ctx_init(&c, st, nt, err, 0);
	memset(st, 0, sizeof *st);
	if (nt != NULL) {	/* the start note is written from its start */
		nt->len = 0;
		nt->text[0] = '\0';
	}
	st->d = d;
	st->chance = ch;
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
	if ((rc = build_event_deck(&c)) != 0)
		return rc;
	memcpy(draw, d->draw, (size_t)d->ndraw);
	if (!st->pub) {
		if ((rc = open_event(&c, "stacks", EV_STACKS, &cs)) != 0)
			return rc;
		chance_shuffle(&cs, draw, d->ndraw);
	}
	per = d->ndraw / DU_STACKS;
	for (int k = 0; k < DU_STACKS; k++) {
		for (int i = 0; i < per; i++)
			seg_bottom(st, k, draw[k * per + i]);
		st->unseen[k] = st->pub ? (uint8_t)per : 0;
	}
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
	note(&c, "%s begins and takes the first starting hand (DU3.6)",
	    du_seat_name(st->start_player));
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

static void
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
static int
gain_legal(const struct du_state *st, const struct du_gain *g)
{
	int room = 0, have = 0x3f;

	/* has_room() and the other's du_stock() for every kind at once */
	FOR_REGIONS(st, g->seat, col, row, rg)
		if (st->stored[rg] < 3)
			room |= 1 << rkind(st, rg);
	if (g->flags & DU_GQ_STEAL) {
		have = 0;
		FOR_REGIONS(st, 1 - g->seat, col, row, rg)
			if (st->stored[rg] > 0)
				have |= 1 << rkind(st, rg);
	}
	return g->mask & room & have;
}

static void
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

static void
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

			if (DU_IS_EXP(v) && exp_card(st, v)->kind == DU_K_BUILDING) {
				if (n < max)
					cells[n] = DU_CELL(col, row);
				n++;
			}
		}
	return n;
}

static void
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
		break;
	case DU_F_CELEBRATION: {
		int ka = du_points(st, a, DU_P_SKILL);
		int ko = du_points(st, o, DU_P_SKILL);

		if (ka >= ko)
			push_gain(st, a, 0x3f, 0);
		if (ko >= ka)
			push_gain(st, o, 0x3f, 0);
		break;
	}
	case DU_F_HARVEST:
		for (int i = 0; i < DU_SEATS; i++) {
			int s = (a + i) % DU_SEATS;
			int n = 2 * owns_effect(st, s, DU_FX_TOLL_BRIDGE), got = 0;

			for (int k = 0; k < n; k++)
				got += gain_one(st, s, DU_GOLD, -1);
			if (n > 0)
				note(c, "%s: toll bridge +%d gold%s", du_seat_name(s),
				    got, got < n ? ", the rest lost" : "");
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
static int
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

static int
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
	for (int k = 0; k < DU_STACKS; k++)
		if (st->nseg[k])
			return 0;
	return 1;
}

static void
next_turn(struct ctx *c)
{
	struct du_state *st = c->st;

	st->active = (uint8_t)(1 - st->active);
	st->aw_seat = st->active;
	st->phase = DU_PH_ROLL;
	st->turn++;
}

/* After `end` and after each replenishing step: what comes next. */
static void
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

static int
act_start(struct ctx *c, int seat, const struct du_action *a)
{
	struct du_state *st = c->st;
	int k = a->n[0], rc;

	if ((rc = stack_ok(c, k)) != 0)
		return rc;
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

static int
act_build_exp(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	const struct du_card *k = &st->d->card[a->slug];
	int col = DU_COL(a->cell[0]), row = DU_ROW(a->cell[0]), i, rc;
	char cn[3];

	du_cell_name(a->cell[0], cn);
	if (!DU_IS_EXPANSION(k->kind))
		return refuse(c, "%s is not an expansion (DU10.1)", k->slug);
	if ((i = hand_find(st, s, a->slug)) < 0)
		return refuse(c, "%s holds no %s (DU10.1)", du_seat_name(s),
		    k->slug);
	if (!is_site(st, s, col, row))
		return refuse(c, "%s is not a building site of %s (DU2.2)", cn,
		    du_seat_name(s));
	if (st->p[s].cell[col][row] != DU_C_EMPTY)
		return refuse(c, "%s is taken (DU10.1)", cn);
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
	st->p[s].cell[col][row] = (uint8_t)(DU_C_EXP + hand_take(st, s, i));
	exp_mark(st, s, a->cell[0], 1);
	note(c, "%s builds %s at %s", du_seat_name(s), k->slug, cn);
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

static int
act_trade(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int give = a->kind[0], get = a->kind[1], n = a->n[0], rg, rc;
	uint8_t cost[DU_RES] = { 0 };

	if (give == get)
		return refuse(c, "the kind received differs from the kind given "
		    "(DU11.4)");
	if (n == 2 && !has_ship(st, s, give))
		return refuse(c, "%s has no %s trade ship: 2:1 needs one (DU11.2)",
		    du_seat_name(s), du_res_names[give]);
	if (n != 2 && n != 3)
		return refuse(c, "trade 3 (bank) or 2 (a trade ship) (DU11)");
	if ((rc = gain_named(c, s, get, a->at[0], &rg)) != 0)
		return rc;
	cost[give] = (uint8_t)n;
	if ((rc = pay(c, s, cost, a, "this trade")) != 0)
		return rc;
	if (c->dry)
		return 0;
	receive(c, s, get, rg);
	note(c, "%s trades %d %s for 1 %s", du_seat_name(s), n,
	    du_res_names[give], du_res_names[get]);
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
	if (du_vp(st, s) >= DU_WIN_VP) {
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

	if ((rc = stack_ok(c, k)) != 0 || (rc = card_ok(c, s, a->n[1])) != 0)
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
	    (rc = stack_ok(c, from)) != 0)
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
		if (!DU_IS_EXP(v) || exp_card(st, v)->kind != DU_K_BUILDING)
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
		    (rc = stack_ok(c, a->n[2 * i + 1])) != 0)
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

static int
dispatch(struct ctx *c, int seat, const struct du_action *a)
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
	case DU_A_END:
		return act_end(c, seat);
	default:
		return refuse(c, "unknown order");
	}
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
	    a->verb == DU_A_REMOVE;
	if (grid && !dry && nt != NULL)
		tokens(st, before);
	if ((rc = dispatch(&c, seat, a)) != 0) {
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
		snprintf(buf, n, "%s to take a card from stack %d: take card N",
		    who, st->search + 1);
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
		    "choose");
		break;
	default:
		snprintf(buf, n, "the game is over: %s won (%s)",
		    du_seat_name(st->winner), st->how ? "resigned" : "points");
		break;
	}
}
