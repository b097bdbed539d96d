/*
 * bot.c -- the computer player of Catan: het Duel through the core search
 * (lib/search.h): an order as a 62-bit integer, the information set of a
 * seat (what it cannot see put in a canonical form: the other's hand and
 * the draw stacks as one sorted pool dealt back by their sizes, the
 * region stack sorted, the unseen part of the event deck sorted around
 * Zomerfeest), determinizations dealing those anew, a playout policy
 * that prefers building, and an evaluation by points.  A search's copy
 * draws its dice and shuffles from its own generator (engine.h: own,
 * rng), never from the game's source of chance.
 */
#include <stddef.h>
#include <string.h>

#include "games/duel/bot.h"
#include "games/duel/duel.h"
#include "games/duel/parse.h"
#include "games/duel/sealed.h"

#define BOT_MAX 4096

/* ---- actions as integers ------------------------------------------------ */

uint64_t
du_action_pack(const struct du_action *a)
{
	uint64_t c0 = a->cell[0], c1 = a->cell[1], c2 = a->cell[2];
	uint64_t n[4] = { a->n[0], a->n[1], a->n[2], a->n[3] }, x;

	switch (a->verb) {
	case DU_A_REGIONS:
		c0 = a->region[0];
		c1 = a->region[1];
		break;
	case DU_A_BUILD_EXP:
		c1 = a->slug;
		break;
	case DU_A_EXCHANGE_SEARCH:
		c1 = a->npay > 0 ? a->pay[0] : 0;
		c2 = a->npay > 1 ? a->pay[1] : 0;
		n[3] = a->npay;
		break;
	case DU_A_BUILD_ROAD:
	case DU_A_BUILD_SETTLEMENT:
		n[0] = a->side;
		n[1] = a->scout;
		break;
	default:
		break;
	}
	x = a->verb;
	x |= (c0 & 0x7f) << 5 | (c1 & 0x7f) << 12 | (c2 & 0x7f) << 19;
	for (int i = 0; i < 4; i++)
		x |= (n[i] & 0x3f) << (26 + 6 * i);
	for (int i = 0; i < 4; i++)
		x |= (uint64_t)(a->kind[i] & 7) << (50 + 3 * i);
	return x;
}

void
du_action_unpack(uint64_t x, struct du_action *a)
{
	uint8_t c0 = (uint8_t)(x >> 5 & 0x7f), c1 = (uint8_t)(x >> 12 & 0x7f);
	uint8_t c2 = (uint8_t)(x >> 19 & 0x7f), n[4];

	du_action_init(a, (int)(x & 31));
	for (int i = 0; i < 4; i++)
		n[i] = (uint8_t)(x >> (26 + 6 * i) & 0x3f);
	for (int i = 0; i < 4; i++)
		a->kind[i] = (uint8_t)(x >> (50 + 3 * i) & 7);
	a->cell[0] = c0;
	a->cell[1] = c1;
	a->cell[2] = c2;
	memcpy(a->n, n, 4);
	switch (a->verb) {
	case DU_A_REGIONS:
		a->region[0] = c0;
		a->region[1] = c1;
		break;
	case DU_A_BUILD_EXP:
		a->slug = c1;
		break;
	case DU_A_EXCHANGE_SEARCH:
		a->npay = n[3];
		a->pay[0] = c1;
		a->pay[1] = c2;
		a->n[3] = 0;
		break;
	case DU_A_BUILD_ROAD:
	case DU_A_BUILD_SETTLEMENT:
		a->side = n[0];
		a->scout = n[1];
		a->n[0] = a->n[1] = 0;
		break;
	case DU_A_PREFER:
		a->nkind = 0;
		break;
	default:
		break;
	}
}

/* ---- the worth of a position (greedy, the evaluation) ------------------ */

/*
 * How close seat's stock (have) comes to paying cost: the share of the
 * units it needs that it holds, in [0, 1].
 */
static float
toward(const uint8_t *cost, const int *have)
{
	int need = 0, got = 0;

	for (int k = 0; k < DU_RES; k++) {
		need += cost[k];
		got += have[k] < cost[k] ? have[k] : cost[k];
	}
	return need > 0 ? (float)got / (float)need : 0;
}

/*
 * The roads of colour s beyond its outermost towns with no settlement
 * yet beyond them (DU9.1): 0, 1 or 2 open ends for a settlement.
 */
static int
open_ends(const struct du_state *st, int s)
{
	int lo = -1, hi = -1, n = 0;

	for (int col = 1; col < DU_COLS; col += 2) {
		uint8_t v = st->p[s].cell[col][2];

		if (v == DU_C_SETTLEMENT || v == DU_C_CITY) {
			if (lo < 0)
				lo = col;
			hi = col;
		}
	}
	if (lo < 0)
		return 0;
	n += lo >= 3 && st->p[s].cell[lo - 1][2] == DU_C_ROAD;
	n += hi + 3 < DU_COLS && st->p[s].cell[hi + 1][2] == DU_C_ROAD;
	return n;
}

/*
 * The worth of st to colour s alone: points first (10 each), then what
 * makes points -- a road open for a settlement, expansions, their
 * strength, skill, trade and progress, the stock and how near it comes
 * to the next build (a road, a settlement on an open road, a city), the
 * cards in hand.  A game over: +-1000.
 */
static float
worth(const struct du_state *st, int s)
{
	const struct du_data *d = st->d;
	int have[DU_RES], units = 0, towns = 0, ends = open_ends(st, s);
	uint8_t e[DU_COLS * DU_ROWS];
	float v, best = 0, t;

	if (st->phase == DU_PH_OVER)
		return st->winner == s ? 1000.0f : -1000.0f;
	for (int k = 0; k < DU_RES; k++) {
		have[k] = du_stock(st, s, k);
		units += have[k];
	}
	for (int c = 1; c < DU_COLS; c += 2)
		towns += st->p[s].cell[c][2] == DU_C_SETTLEMENT;
	v = 10.0f * (float)du_vp(st, s);
	v += ends > 0 ? 4.0f + (float)(ends - 1) : 0;
	v += 1.0f * (float)du_exps(st, s, e);
	for (int w = DU_P_STRENGTH; w <= DU_P_PROGRESS; w++)
		v += 0.4f * (float)du_points(st, s, w);
	v += 0.3f * (float)units;
	if (ends > 0 && st->supply[1] > 0)
		best = toward(d->ci[d->settlement].cost, have);
	else if (ends == 0 && st->supply[0] > 0)
		best = 0.6f * toward(d->ci[d->road].cost, have);
	if (towns > 0 && st->supply[2] > 0 &&
	    (t = toward(d->ci[d->city].cost, have)) > best)
		best = t;
	v += 2.5f * best;
	v += 0.25f * (float)st->p[s].nhand;
	return v;
}

/* The worth of st to colour s against the other's. */
static float
margin(const struct du_state *st, int s)
{
	return worth(st, s) - worth(st, 1 - s);
}

/* ---- the information set -------------------------------------------------- */

static int
seg_start(const struct du_state *st, int k)
{
	int o = 0;

	for (int i = 0; i < k; i++)
		o += st->nseg[i];
	return o;
}

static void
sort8(uint8_t *a, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
			uint8_t t = a[j];

			a[j] = a[j - 1];
			a[j - 1] = t;
		}
}

/*
 * The cards seat cannot tell apart: the other's hand (unless seat sees
 * it for Broedertwist) and every draw stack (but the one seat searches),
 * as pointers to their places in st, in order.
 */
static int
hidden(struct du_state *st, int seat, int back, uint8_t **at)
{
	int n = 0, o = 1 - seat;

	if (!(st->phase == DU_PH_CHOICE && st->choice == DU_CH_PUT &&
	    st->aw_seat == seat))
		for (int i = 0; i < st->p[o].nhand; i++)
			if (du_inst_back(st, st->p[o].hand[i]) == back)
				at[n++] = &st->p[o].hand[i];
	for (int k = 0; k < du_nstacks(st); k++) {
		int off = seg_start(st, k);

		if ((st->phase == DU_PH_TAKE && st->search == k &&
		    st->aw_seat == seat) || du_stack_back(st, k) != back)
			continue;
		for (int i = 0; i < st->nseg[k]; i++)
			at[n++] = &st->pile[off + i];
	}
	return n;
}

/* The unseen top of the event deck, Zomerfeest kept in its place. */
static int
events_of(const struct du_state *st, int *idx)
{
	int off = seg_start(st, DU_SEG_EVENTS), n = 0;
	int top = st->nseg[DU_SEG_EVENTS] - st->ev_seen;

	for (int i = 0; i < top; i++)
		if (st->d->inst[st->pile[off + i]] != st->d->summer)
			idx[n++] = off + i;
	return n;
}

static void
canonical(struct du_state *st, int seat)
{
	uint8_t pool[DU_MAX_INST], *at[DU_MAX_INST];
	int idx[DU_MAX_INST], n;

	for (int back = 0; back <= (st->mode != DU_MODE_INTRO); back++) {
		n = hidden(st, seat, back, at);
		for (int i = 0; i < n; i++)
			pool[i] = *at[i];
		sort8(pool, n);
		for (int i = 0; i < n; i++)
			*at[i] = pool[i];
	}
	sort8(st->rstack, st->nrstack);
	n = events_of(st, idx);
	for (int i = 0; i < n; i++)
		pool[i] = st->pile[idx[i]];
	sort8(pool, n);
	for (int i = 0; i < n; i++)
		st->pile[idx[i]] = pool[i];
	st->force_die = st->force_face = 0;
}

/* The colour (engine seat) of the rules' seat. */
static int
color(const struct du_state *st, int seat)
{
	return st->rseat[0] == seat ? 0 : 1;
}

static int
bot_observe(void *out, const struct game *g, int seat,
    struct rules_error *err)
{
	struct du_state *st = out;

	(void)err;
	memcpy(st, du_game_state(g), sizeof *st);
	du_sealed_observe(st, color(st, seat));	/* DU23.7 */
	canonical(st, color(st, seat));
	st->chance = NULL;
	st->own = 1;
	st->pub = 0;		/* a determinization fixes every order */
	st->rng = 0;
	return 0;
}

static void
bot_determinize(void *out, const void *info, int seat, struct search_rng *r)
{
	struct du_state *st = out;
	uint8_t pool[DU_MAX_INST], *at[DU_MAX_INST];
	int idx[DU_MAX_INST], n;

	memcpy(st, info, sizeof *st);
	for (int back = 0; back <= (st->mode != DU_MODE_INTRO); back++) {
		n = hidden(st, color(st, seat), back, at);
		for (int i = 0; i < n; i++)
			pool[i] = *at[i];
		search_shuffle(r, pool, n);
		for (int i = 0; i < n; i++)
			*at[i] = pool[i];
	}
	search_shuffle(r, st->rstack, st->nrstack);
	n = events_of(st, idx);
	for (int i = 0; i < n; i++)
		pool[i] = st->pile[idx[i]];
	search_shuffle(r, pool, n);
	for (int i = 0; i < n; i++)
		st->pile[idx[i]] = pool[i];
	st->rng = search_rand(r);
}

static void
bot_reseed(void *p, uint64_t seed)
{
	((struct du_state *)p)->rng = seed;
}

static int
bot_to_act(const void *p)
{
	const struct du_state *st = p;
	int c = du_await_seat(st);

	return c < 0 ? -1 : st->rseat[c];
}

struct packer {
	uint64_t *out;
	int n;
};

/*
 * DU18.7: the computer does not rearrange its regions: a swap and its
 * undoing score alike, and a search that may swap for ever never says
 * ready.  It plays the regions as dealt (ready, its only order then).
 */
static void
pack_one(void *ctx, const struct du_action *a)
{
	struct packer *k = ctx;

	if (a->verb == DU_A_SWAP)
		return;
	if (k->n < BOT_MAX)
		k->out[k->n++] = du_action_pack(a);
}

static int
bot_legal(const void *p, int seat, uint64_t *out)
{
	struct packer k = { out, 0 };

	du_legal_each(p, color(p, seat), pack_one, &k);
	return k.n;
}

static int
bot_apply(void *p, int seat, uint64_t x)
{
	struct du_action a;
	struct rules_error e;

	du_action_unpack(x, &a);
	return du_apply(p, color(p, seat), &a, 0, NULL, &e);
}

/* A playout's order, just listed by bot_legal for p: in place (engine.h). */
static int
bot_apply_listed(void *p, int seat, uint64_t x)
{
	struct du_action a;

	du_action_unpack(x, &a);
	return du_apply_listed(p, color(p, seat), &a);
}

/* The playout policy: build first, then trade and play, end last. */
static uint64_t
bot_weights(const void *p, int seat, const uint64_t *a, int n, unsigned *w)
{
	uint64_t sum = 0;

	(void)p;
	(void)seat;
	for (int i = 0; i < n; i++) {
		switch (a[i] & 31) {
		case DU_A_BUILD_CITY:
		case DU_A_BUILD_SETTLEMENT:
			w[i] = 40;
			break;
		case DU_A_BUILD_EXP:
			w[i] = 20;
			break;
		case DU_A_BUILD_ROAD:
			w[i] = 10;
			break;
		case DU_A_END:
		case DU_A_PASS:
			w[i] = 4;
			break;
		case DU_A_EXCHANGE_SEARCH:
			w[i] = 0;
			break;
		default:
			w[i] = 1;
			break;
		}
		sum += w[i];
	}
	return sum;
}

/*
 * The worth of a position not over: the margin of worth() between the
 * seats (10 a point), squeezed into (0.02, 0.98).
 */
static void
bot_evaluate(const void *p, float r[RULES_MAX_SEATS])
{
	const struct du_state *st = p;

	if (st->phase == DU_PH_OVER) {
		r[st->rseat[0]] = st->winner == 0 ? 1.0f : 0.0f;
		r[st->rseat[1]] = st->winner == 1 ? 1.0f : 0.0f;
		return;
	}
	for (int s = 0; s < DU_SEATS; s++) {
		float v = 0.5f + margin(st, s) / 80.0f;

		r[st->rseat[s]] = v < 0.02f ? 0.02f : v > 0.98f ? 0.98f : v;
	}
}

static long
bot_clock(const void *p)
{
	return ((const struct du_state *)p)->turn;
}

/*
 * The seed of one decision: FNV-1a of the information set's bytes
 * after its two pointers (the data and the chance source, whose
 * addresses differ from one run to the next: hashing them made the
 * same game, seat, budget and seed choose differently in two
 * processes) up to own, the padding after it and the generator left
 * out; then a theme game's mode (which lies in that padding).
 */
static uint64_t
bot_key(const void *info, int seat, uint64_t seed)
{
	static const size_t span[2][2] = {
		{ offsetof(struct du_state, events),
		    offsetof(struct du_state, force_face) + 1 },
		{ offsetof(struct du_state, turn),
		    offsetof(struct du_state, own) + 1 },
	};
	const unsigned char *b = info;
	uint64_t x = 0xcbf29ce484222325ULL ^ seed;

	x = (x ^ (uint8_t)seat) * 0x100000001b3ULL;
	for (int k = 0; k < 2; k++)
		for (size_t i = span[k][0]; i < span[k][1]; i++)
			x = (x ^ b[i]) * 0x100000001b3ULL;
	/* a theme game's mode (DU18); the intro's key is the one it had
	 * before the modes */
	if (((const struct du_state *)info)->mode != DU_MODE_INTRO)
		x = (x ^ ((const struct du_state *)info)->mode) *
		    0x100000001b3ULL;
	/* DU19.9's trades of the turn, only when made */
	if (((const struct du_state *)info)->mint != 0)
		x = (x ^ ((const struct du_state *)info)->mint) *
		    0x100000001b3ULL;
	/* DU19.8's goudmijn, only when built */
	if (((const struct du_state *)info)->cache_cell != 0) {
		const struct du_state *st = info;

		x = (x ^ st->cache_cell) * 0x100000001b3ULL;
		x = (x ^ st->cache_seat) * 0x100000001b3ULL;
		x = (x ^ st->cache_gold) * 0x100000001b3ULL;
	}
	return x;
}

static int
bot_format(const struct game *g, int seat, const void *info, uint64_t x,
    char *buf, size_t n, struct rules_error *err)
{
	struct du_action a;

	(void)seat;
	(void)err;
	du_action_unpack(x, &a);
	du_format(du_game_state(g)->d, &a, buf, n);
	(void)info;
	return 0;
}

const struct rules_search duel_search = {
	.state_size = sizeof(struct du_state),
	.max_actions = BOT_MAX,
	.playouts = 1000,
	.horizon = 6,
	.playout_steps = 200,
	.observe = bot_observe,
	.determinize = bot_determinize,
	.reseed = bot_reseed,
	.to_act = bot_to_act,
	.legal = bot_legal,
	.apply = bot_apply,
	.apply_listed = bot_apply_listed,
	.weights = bot_weights,
	.evaluate = bot_evaluate,
	.clock = bot_clock,
	.key = bot_key,
	.format = bot_format,
};

/* ---- the kinds: mcts, random, greedy ------------------------------------ */

const struct rules_bot_kind duel_bot_kinds[] = {
	{ "mcts", "information-set Monte Carlo tree search (the default)" },
	{ "random", "a legal action, uniformly at random" },
	{ "greedy", "the best-looking action one step ahead: points, then "
	    "expansions, stock towards a settlement or city, cards" },
	{ NULL, NULL },
};

struct lister {
	struct du_action *out;
	int n;
};

static void
list_one(void *ctx, const struct du_action *a)
{
	struct lister *k = ctx;

	if (k->n < BOT_MAX)
		k->out[k->n++] = *a;
}

/*
 * greedy: every listed order applied to one determinization of info
 * (its chance to come from r), the one raising margin() most; `end`,
 * `pass` or `ready` (DU18.7) when none raises it, else the first order
 * listed.
 */
static int
greedy_choose(const struct du_state *info, int c, struct search_rng *r,
    struct du_action *out)
{
	static _Thread_local struct du_state det, st;
	static _Thread_local struct du_action list[BOT_MAX];
	struct lister k = { list, 0 };
	struct rules_error e;
	float base, bestv = 0;
	int best = -1, pass = -1, seat = info->rseat[c];

	du_legal_each(info, c, list_one, &k);
	if (k.n == 0)
		return -1;
	bot_determinize(&det, info, seat, r);
	base = margin(&det, c);
	for (int i = 0; i < k.n; i++) {
		float v;

		/* DU18.7: ready ends the rearranging as end the turn */
		if (list[i].verb == DU_A_END || list[i].verb == DU_A_PASS ||
		    list[i].verb == DU_A_READY) {
			pass = i;
			continue;
		}
		memcpy(&st, &det, sizeof st);
		st.rng = search_rand(r);
		if (du_apply(&st, c, &list[i], 0, NULL, &e) != 0)
			continue;
		v = margin(&st, c) - base;
		if (best < 0 || v > bestv) {
			best = i;
			bestv = v;
		}
	}
	if (pass >= 0 && (best < 0 || bestv <= 0.01f))
		best = pass;
	if (best < 0)
		best = 0;
	*out = list[best];
	return 0;
}

int
duel_bot(const struct game *g, int seat, const struct rules_bot_opts *o,
    char *action, size_t n, struct rules_error *err)
{
	static _Thread_local struct du_state info;
	const struct du_state *gs = du_game_state(g);
	const char *kind = o != NULL ? o->kind : NULL;
	struct search_rng r;
	struct du_action a;
	int rc;

	if (kind != NULL && kind[0] != '\0' && strcmp(kind, "mcts") != 0 &&
	    strcmp(kind, "random") != 0 && strcmp(kind, "greedy") != 0)
		return rules_refuse(err, RULES_EDATA, "unknown player '%s' "
		    "(mcts, random, greedy)", kind);
	if (kind == NULL || strcmp(kind, "greedy") != 0) {
		if ((rc = search_play(&duel_rules, g, seat, o, action, n,
		    err)) == 0)	/* DU23.7: a sealed card shown first */
			du_sealed_bot_text(gs, color(gs, seat), action, n);
		return rc;
	}
	if (gs->phase == DU_PH_OVER)
		return rules_refuse(err, RULES_ESEAT, "the game is over");
	if (du_await_seat(gs) < 0 || gs->rseat[du_await_seat(gs)] != seat)
		return rules_refuse(err, RULES_ESEAT, "seat %d may not act now",
		    seat + 1);
	if ((rc = bot_observe(&info, g, seat, err)) != 0)
		return rc;
	/* the seed: the bot's own, the seat and the public clock */
	r.s = (o != NULL ? o->seed : 0) ^ (uint64_t)seat << 56 ^
	    (uint64_t)info.turn << 32 ^ (uint64_t)info.phase << 24 ^
	    (uint64_t)info.events;
	if (greedy_choose(&info, color(&info, seat), &r, &a) != 0)
		return rules_refuse(err, RULES_ESEAT, "seat %d has no legal "
		    "action", seat + 1);
	du_sealed_bot_fix(gs, color(gs, seat), &a);	/* DU23.7 */
	du_format(gs->d, &a, action, n);
	return 0;
}
