/*
 * engine-chance.c -- the Duel's draws (duel-rules(7) DU17.6): the event
 * deck, the stacks, the regions, searched and drawn, each through
 * lib/chance.h as one named event.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"
#include "games/duel/engine-int.h"

/* ---- chance --------------------------------------------------------------- */

int
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

/* DU3.3, DU8.7: the event deck, Zomerfeest with 3 cards beneath it;
 * DU18.3: in a theme game the set's event cards with the basic ones. */
int
build_event_deck(struct ctx *c)
{
	struct du_state *st = c->st;
	const struct du_data *d = st->d;
	struct chance_stream cs;
	uint8_t other[DU_MAX_INST];
	int n = 0, rc, summer = -1, below, set = du_mode_set(st->mode);

	for (int i = 0; i < d->nevents; i++) {
		if (d->inst[d->events[i]] == d->summer)
			summer = d->events[i];
		else
			other[n++] = d->events[i];
	}
	for (int i = 0; set >= 0 && i < d->ninst; i++)
		if (d->iset[i] == set && d->card[d->inst[i]].kind == DU_K_EVENT)
			other[n++] = (uint8_t)i;
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

int
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
 * ---- public draws (fair chance, doc/fair-chance.md) ----------------------
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
	/* DU18.4: a theme game's stacks of one back are one pool */
	for (int s = 0; s < du_nstacks(st); s++)
		if (du_stack_back(st, s) == du_stack_back(st, k))
			n += st->unseen[s] - (s == k ? i : 0);
	if ((rc = draw_index(c, n, &j)) != 0)
		return rc;
	for (int s = 0; s < du_nstacks(st); s++) {
		int lo = s == k ? i : 0, m = st->unseen[s] - lo;

		if (du_stack_back(st, s) != du_stack_back(st, k))
			continue;
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
int
stack_draw(struct ctx *c, int k, uint8_t *card)
{
	int rc;

	if (c->st->sealed != NULL)	/* DU23.2 */
		return du_sealed_draw(c, k, card);
	if ((rc = reveal_stack(c, k, 0)) != 0)
		return rc;
	if (c->st->pub && c->st->unseen[k] > 0)
		c->st->unseen[k]--;
	*card = seg_take(c->st, k, 0);
	return 0;
}

/* DU14.4: stack k searched: all of it seen, from the top down. */
int
stack_search(struct ctx *c, int k)
{
	int rc;

	if (c->st->sealed != NULL)	/* DU23.3 */
		return du_sealed_search(c, k);
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
int
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
int
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
