/*
 * engine-int.h -- what the files of the Duel's engine share: engine.c
 * (the state's helpers, set-up, the turn, du_apply), engine-chance.c
 * (the draws), engine-act.c, engine-cards.c, engine-hand.c and
 * engine-theme.c (the orders).  Not for use outside
 * lib/games/duel.
 */
#ifndef DUEL_ENGINE_INT_H
#define DUEL_ENGINE_INT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"

/* The named events of chance (DU17.6). */
enum { EV_EVENTS = 1, EV_STACKS, EV_REGIONS, EV_START, EV_DICE, EV_DRAW };

/* DU19.8: the Verborgen goudmijn where a region card goes: in a gain's
 * or a payment's region (gain_one, gain_named, pay). */
#define CACHE_RG DU_REGIONS

/* A refusal or an early stop travels as this. */
#define DRY 1

struct ctx {
	struct du_state *st;
	struct rules_note *note;
	struct rules_error *err;
	int dry;
	int drawing;			/* public draws: the event "draw" */
	int pend;			/* DU23: a sealed request awaited,
					   asked with the others of the order */
	struct chance_stream draw;	/* ... opened by this order */
};

#define refuse(c, ...) rules_refuse((c)->err, RULES_REFUSED, __VA_ARGS__)

/* ---- engine.c: notes, the grid, resources, points, the pile ---- */
void note(struct ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int noting(const struct ctx *c);
int is_site(const struct du_state *st, int s, int col, int row);
const struct du_card *exp_card(const struct du_state *st, uint8_t v);
int outer_town(const struct du_state *st, int s, int side);
int next_to(const struct du_state *st, int s, int col, int row, int fx,
    int param);
int rkind(const struct du_state *st, int region);
int total_stock(const struct du_state *st, int s);
int has_room(const struct du_state *st, int s, int res);
int room_count(const struct du_state *st, int s, int res);
int gain_one(struct du_state *st, int s, int res, int region);
int pay(struct ctx *c, int s, const uint8_t *cost, const struct du_action *a,
    const char *what);
int gain_named(struct ctx *c, int s, int res, uint8_t cell, int *region);
void exp_mark(struct du_state *st, int s, int cell, int on);
void reg_mark(struct du_state *st, int s, int cell);
int owns_effect(const struct du_state *st, int s, int fx);

/* ---- the grid and the pile: small helpers every file uses ---- */

static inline uint8_t
at(const struct du_state *st, int s, int col, int row)
{
	if (col < 0 || col >= DU_COLS || row < 0 || row >= DU_ROWS)
		return 0xff;
	return st->p[s].cell[col][row];
}

/* The region card at a cell of s, or -1. */
static inline int
region_at(const struct du_state *st, int s, int cell)
{
	uint8_t v = at(st, s, DU_COL(cell), DU_ROW(cell));

	return v != 0xff && DU_IS_REGION(v) ? v - DU_C_REGION : -1;
}

static inline int
seg_off(const struct du_state *st, int k)
{
	int o = 0;

	for (int i = 0; i < k; i++)
		o += st->nseg[i];
	return o;
}

static inline int
pile_len(const struct du_state *st)
{
	return seg_off(st, DU_SEGS);
}

/* Insert card at position pos of segment k (0: top). */
static inline void
seg_insert(struct du_state *st, int k, int pos, uint8_t card)
{
	int o = seg_off(st, k) + pos, n = pile_len(st);

	memmove(st->pile + o + 1, st->pile + o, (size_t)(n - o));
	st->pile[o] = card;
	st->nseg[k]++;
}

static inline uint8_t
seg_take(struct du_state *st, int k, int pos)
{
	int o = seg_off(st, k) + pos, n = pile_len(st);
	uint8_t card = st->pile[o];

	memmove(st->pile + o, st->pile + o + 1, (size_t)(n - o - 1));
	st->nseg[k]--;
	return card;
}

static inline void
seg_bottom(struct du_state *st, int k, uint8_t card)
{
	seg_insert(st, k, st->nseg[k], card);
}

static inline void
hand_add(struct du_state *st, int s, uint8_t card)
{
	st->p[s].hand[st->p[s].nhand++] = card;
}

static inline uint8_t
hand_take(struct du_state *st, int s, int i)
{
	struct du_player *p = &st->p[s];
	uint8_t card = p->hand[i];

	memmove(p->hand + i, p->hand + i + 1, (size_t)(p->nhand - i - 1));
	p->nhand--;
	return card;
}

/* The index in s's hand of a copy of card k, or -1. */
static inline int
hand_find(const struct du_state *st, int s, int k)
{
	for (int i = 0; i < st->p[s].nhand; i++)
		if (!du_sl_tok(st->p[s].hand[i]) &&
		    st->d->inst[st->p[s].hand[i]] == k)
			return i;
	return -1;
}

static inline int
hand_find_fx(const struct du_state *st, int s, int fx)
{
	for (int i = 0; i < st->p[s].nhand; i++)
		if (!du_sl_tok(st->p[s].hand[i]) &&
		    st->d->ci[st->d->inst[st->p[s].hand[i]]].effect == fx)
			return i;
	return -1;
}

static inline int
stack_ok(struct ctx *c, int n)
{
	int ns = du_nstacks(c->st);

	if (n < 1 || n > ns)
		return refuse(c, "there is no stack %d: stacks 1-%d (%s)", n, ns,
		    ns == DU_STACKS ? "DU3.4" : "DU18.4");
	return 0;
}

/* DU18.10: card (an instance) may go under stack n (1-based, checked by
 * stack_ok): in a theme game only under a stack with its back. */
static inline int
under_ok(struct ctx *c, int n, int card)
{
	if (du_stack_back(c->st, n - 1) == du_inst_back(c->st, card))
		return 0;
	return refuse(c, "%s goes under a stack with its back: stacks %s "
	    "(DU18.10)", c->st->d->card[c->st->d->inst[card]].slug,
	    du_inst_back(c->st, card) ?
	    "4 and 5" : "1 to 3");
}

static inline int
card_ok(struct ctx *c, int s, int n)
{
	if (n < 1 || n > c->st->p[s].nhand)
		return refuse(c, "%s holds %d card%s: there is no card %d "
		    "(DU17.2)", du_seat_name(s), c->st->p[s].nhand,
		    c->st->p[s].nhand == 1 ? "" : "s", n);
	return 0;
}

/* ---- engine.c: the turn ---- */
int gain_legal(const struct du_state *st, const struct du_gain *g);
void do_gain(struct ctx *c, const struct du_gain *g, int res, int region,
    const char *why);
void pop_gain(struct du_state *st);
void begin_merchant(struct du_state *st, int step);
int advance(struct ctx *c);
void push_gain(struct du_state *st, int s, int mask, int flags);
int roll(struct ctx *c, int fixed);
void next_turn(struct ctx *c);
void after_replenish(struct ctx *c);
/* Both tokens (DU13.2): the seat holding the hero (out[0]) and the trade
 * token (out[1]), or -1 (engine-points.c). */
void tokens(const struct du_state *st, int out[2]);

/* ---- engine-chance.c: the draws ---- */
int open_event(struct ctx *c, const char *label, unsigned kind,
    struct chance_stream *cs);
int build_event_deck(struct ctx *c);
int shuffle_regions(struct ctx *c);
int stack_draw(struct ctx *c, int k, uint8_t *card);
int stack_search(struct ctx *c, int k);
int event_draw(struct ctx *c, uint8_t *card);
int region_draw(struct ctx *c, int i);

/* ---- engine-act.c: building and the orders' dispatch ---- */
int dispatch(struct ctx *c, int seat, const struct du_action *a);
/* An expansion leaves s's cell: to the open pile or the discard pile
 * (DU18.9), for the rule why. */
void remove_exp(struct ctx *c, int s, int cell, const char *why);

/* ---- engine-cards.c: trade (DU11), action cards (DU12, DU19.1-19.5) ---- */
int act_trade(struct ctx *c, int s, const struct du_action *a);
int act_trade_from(struct ctx *c, int s, const struct du_action *a);
int act_goldsmith(struct ctx *c, int s, const struct du_action *a);
int act_caravan(struct ctx *c, int s, const struct du_action *a);
int act_steal(struct ctx *c, int s, const struct du_action *a);
int act_relocation(struct ctx *c, int s, const struct du_action *a);
int act_marileen(struct ctx *c, int s, const struct du_action *a);

/* ---- engine-hand.c: the hand (DU14) and the answers owed (DU16) ---- */
int act_draw(struct ctx *c, int s, const struct du_action *a);
int act_discard(struct ctx *c, int s, const struct du_action *a);
int act_exchange(struct ctx *c, int s, const struct du_action *a);
int act_take(struct ctx *c, int s, const struct du_action *a);
int act_gain(struct ctx *c, int s, const struct du_action *a);
int act_buy(struct ctx *c, int s, const struct du_action *a);
int act_pass(struct ctx *c, int s);
int act_select(struct ctx *c, int s, const struct du_action *a);
int act_remove(struct ctx *c, int s, const struct du_action *a);
int act_put(struct ctx *c, int s, const struct du_action *a);

/* ---- sealed.c: sealed hands (DU23) ---- */
int du_sealed_draw(struct ctx *c, int k, uint8_t *card);
int du_sealed_search(struct ctx *c, int k);
int du_sealed_open_hand(struct ctx *c, int s);
int act_show(struct ctx *c, int s, const struct du_action *a);

/* ---- engine-theme.c: the start, DU18.2, DU18.6, DU18.7, DU18.9 ---- */
int act_start(struct ctx *c, int seat, const struct du_action *a);
int start_take(struct ctx *c, int s, const struct du_action *a);
int act_swap(struct ctx *c, int s, const struct du_action *a);
int act_ready(struct ctx *c, int s);
int act_demolish(struct ctx *c, int s, const struct du_action *a);
void theme_win(struct ctx *c);

#endif
