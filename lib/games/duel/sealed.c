/*
 * sealed.c -- the Duel's draw stacks with sealed hands (duel-rules(7),
 * SEALED HANDS, DU23; trigon-save(5), "Sealed hands";
 * doc/sealed-hands.md 8.6).
 *
 * The 36 draw cards are the sealed deck "stacks", generation 0, card k
 * the k-th draw card of the data (d->draw[k]), declared at creation
 * (DU23.1): stack 1 holds positions 0-8 from the top, stack 2 9-17, and
 * so on.  A card of the deck not opened lies in the stacks and hands as
 * DU_SL_TOK + its position; st->sl[] says, for each position, the colour
 * it was dealt to (public) and its face where this reader may see it.
 * A draw deals an undealt position to the drawer alone (DU23.2); a
 * search deals the whole stack to the searcher, the other's cards in it
 * opened (DU23.3); a card is played after its holder's "show card N"
 * (DU23.4); Broedertwist opens the victim's hand (DU23.6).  No rule
 * reads a face this reader may not see: the engine reads open
 * instances only (hand_find skips sealed cards), the same in every
 * reader.  The requests of one order are asked together (ctx.pend, and
 * du_apply answers RULES_PENDING after the order), so a deal of three
 * cards costs one round of answers.
 *
 * What lives elsewhere: the draws' callers (engine-chance.c's
 * stack_draw and stack_search, engine.c's Broedertwist), the save lines
 * (lib/savesealed.c).
 */
#include <stdio.h>
#include <string.h>

#include "games/duel/engine.h"
#include "games/duel/engine-int.h"
#include "games/duel/parse.h"
#include "games/duel/sealed.h"

#define DECK "stacks"
#define GEN 0
#define WHO(v) ((v) >> 6)	/* the colour dealt to + 1; 0: not dealt */
#define FACE(v) ((v) & 63)
#define POS(t) ((t) - DU_SL_TOK)

static int deal(struct ctx *c, int s, const unsigned *pos, int n);
static int open_pos(struct ctx *c, int p, int *inst);

/*
 * DU23.1: the stacks laid in the data's order (fair chance lays them
 * so) become the sealed deck's positions, declared; every seat
 * shuffles it after the joins.
 */
int
du_sealed_init(struct du_state *st, const struct rules_sealed *sp,
    struct rules_error *err)
{
	int n = st->d->ndraw, per = n / DU_STACKS;

	if (st->mode != DU_MODE_INTRO)
		return rules_refuse(err, RULES_EDATA, "sealed hands: the "
		    "introductory game only (DU23.1)");
	if (n < 2 || n > DU_SL_MAX || n % DU_STACKS != 0)
		return rules_refuse(err, RULES_EDATA, "sealed hands: %d draw "
		    "cards, not 4 stacks of at most %d (DU23.1)", n,
		    DU_SL_MAX / DU_STACKS);
	for (int k = 0; k < DU_STACKS; k++) {
		if (st->nseg[k] != per)
			return rules_refuse(err, RULES_EDATA, "sealed hands: "
			    "stack %d holds %d cards, not %d (DU23.1)", k + 1,
			    st->nseg[k], per);
		for (int i = 0; i < per; i++)
			st->pile[seg_off(st, k) + i] =
			    (uint8_t)(DU_SL_TOK + k * per + i);
		st->unseen[k] = 0;
	}
	st->sealed = sp;
	memset(st->sl, DU_SL_UNKNOWN, sizeof st->sl);
	return rules_sealed_declare(sp, DECK, GEN, (unsigned)n, err);
}

/*
 * DU23.2: the top card of stack k to the seat awaited: an undealt
 * position is dealt to it alone, its own stays sealed, the other's is
 * opened by its holder; an open card is taken as it is.
 */
int
du_sealed_draw(struct ctx *c, int k, uint8_t *card)
{
	struct du_state *st = c->st;
	uint8_t v = seg_take(st, k, 0);
	int s = st->aw_seat, p, inst, rc;
	unsigned u;

	*card = v;
	if (!du_sl_tok(v))
		return 0;
	p = POS(v);
	if (WHO(st->sl[p]) == 0) {
		u = (unsigned)p;
		return deal(c, s, &u, 1);
	}
	if (WHO(st->sl[p]) - 1 == s)
		return 0;
	if ((rc = open_pos(c, p, &inst)) != 0)
		return rc;
	if (inst >= 0)
		*card = (uint8_t)inst;
	return 0;
}

/*
 * DU23.3: stack k searched by the seat awaited: its undealt positions
 * dealt to it in one deal, the other's cards in it opened.
 */
int
du_sealed_search(struct ctx *c, int k)
{
	struct du_state *st = c->st;
	int s = st->aw_seat, off = seg_off(st, k), n = 0, inst, rc;
	unsigned pos[DU_SL_MAX];

	for (int i = 0; i < st->nseg[k]; i++) {
		uint8_t v = st->pile[off + i];

		if (du_sl_tok(v) && WHO(st->sl[POS(v)]) == 0)
			pos[n++] = (unsigned)POS(v);
	}
	if (n > 0 && (rc = deal(c, s, pos, n)) != 0)
		return rc;
	for (int i = 0; i < st->nseg[k]; i++) {
		uint8_t v = st->pile[off + i];

		if (!du_sl_tok(v) || WHO(st->sl[POS(v)]) - 1 == s)
			continue;
		if ((rc = open_pos(c, POS(v), &inst)) != 0)
			return rc;
		if (inst >= 0)
			st->pile[off + i] = (uint8_t)inst;
	}
	return 0;
}

/* DU23.6: every sealed card of s's hand opened (Broedertwist). */
int
du_sealed_open_hand(struct ctx *c, int s)
{
	struct du_player *p = &c->st->p[s];
	int inst, rc;

	if (c->st->sealed == NULL)
		return 0;
	for (int i = 0; i < p->nhand; i++) {
		if (!du_sl_tok(p->hand[i]))
			continue;
		if ((rc = open_pos(c, POS(p->hand[i]), &inst)) != 0)
			return rc;
		if (inst >= 0)
			p->hand[i] = (uint8_t)inst;
	}
	return 0;
}

/*
 * DU23.4: "show card N": the holder's sealed card N opened to all with
 * its proof, in his own turn before the roll or in the action phase;
 * it keeps its place in the hand.
 */
int
act_show(struct ctx *c, int s, const struct du_action *a)
{
	struct du_state *st = c->st;
	int n = a->n[0], inst, rc;

	if (st->sealed == NULL)
		return refuse(c, "no sealed cards in this game: its hands are "
		    "open (DU23.4)");
	if ((rc = card_ok(c, s, n)) != 0)
		return rc;
	if (s != st->active || (st->phase != DU_PH_ROLL &&
	    st->phase != DU_PH_ACTION))
		return refuse(c, "a sealed card is shown in its holder's own "
		    "turn, before the roll or in the action phase (DU23.4)");
	if (!du_sl_tok(st->p[s].hand[n - 1]))
		return refuse(c, "card %d of %s is open: nothing to show "
		    "(DU23.4)", n, du_seat_name(s));
	if (c->dry)
		return 0;
	if ((rc = open_pos(c, POS(st->p[s].hand[n - 1]), &inst)) != 0)
		return rc;
	if (inst < 0)
		return 0;	/* awaited: du_apply answers RULES_PENDING */
	st->p[s].hand[n - 1] = (uint8_t)inst;
	note(c, "%s shows card %d: %s", du_seat_name(s), n,
	    st->d->card[st->d->inst[inst]].slug);
	return 0;
}

/* ---- the views and the computer player --------------------------------- */

int
du_sealed_face(const struct du_state *st, uint8_t v)
{
	int f;

	if (!du_sl_tok(v))
		return v;
	f = FACE(st->sl[POS(v)]);
	return f == DU_SL_UNKNOWN || f >= st->d->ndraw ? -1 : st->d->draw[f];
}

int
du_sealed_holder(const struct du_state *st, uint8_t v)
{
	return du_sl_tok(v) ? WHO(st->sl[POS(v)]) - 1 : -1;
}

/*
 * DU23.7: colour s's information set as an open game: its own sealed
 * cards face up (it knows them), every other sealed card dealt from
 * the draw cards it cannot place, in the data's order (canonical() and
 * the determinization deal them anew); nothing sealed left.  A face
 * this reader holds for another colour's card is never used.
 */
void
du_sealed_observe(struct du_state *st, int s)
{
	const struct du_data *d = st->d;
	uint8_t seen[DU_MAX_INST] = { 0 }, *at[2 * DU_HAND_MAX + DU_MAX_INST];
	int n = 0, j = 0;

	if (st->sealed == NULL)
		return;
	for (int t = 0; t < DU_SEATS; t++) {
		for (int i = 0; i < st->p[t].nhand; i++)
			at[n++] = &st->p[t].hand[i];
		for (int col = 0; col < DU_COLS; col++)
			for (int row = 0; row < DU_ROWS; row++)
				if (DU_IS_EXP(st->p[t].cell[col][row]))
					seen[st->p[t].cell[col][row] -
					    DU_C_EXP] = 1;
	}
	for (int i = 0; i < pile_len(st); i++)
		at[n++] = &st->pile[i];
	for (int i = 0; i < n; i++) {
		int f = du_sealed_face(st, *at[i]);

		if (du_sl_tok(*at[i]) && du_sealed_holder(st, *at[i]) != s)
			f = -1;
		if (f >= 0)
			seen[f] = 1;
	}
	for (int i = 0; i < n; i++) {
		int f = du_sealed_face(st, *at[i]);

		if (!du_sl_tok(*at[i]))
			continue;
		if (du_sealed_holder(st, *at[i]) != s || f < 0) {
			while (j < d->ndraw && seen[d->draw[j]])
				j++;
			f = d->draw[j < d->ndraw ? j++ : 0];
		}
		*at[i] = (uint8_t)f;
	}
	st->sealed = NULL;
	memset(st->sl, 0, sizeof st->sl);
}

/* The card (index of d->card) or effect an order takes from the hand:
 * *card or *fx, -1 when it takes none. */
static void
takes(const struct du_action *a, int *card, int *fx)
{
	*card = *fx = -1;
	switch (a->verb) {
	case DU_A_BUILD_EXP:
		*card = a->slug;
		break;
	case DU_A_MARILEEN:
		*fx = DU_FX_FIX_PRODUCTION;
		break;
	case DU_A_GOLDSMITH:
		*fx = DU_FX_GOLDSMITH;
		break;
	case DU_A_CARAVAN:
		*fx = DU_FX_CARAVAN;
		break;
	case DU_A_RELOCATION:
		*fx = DU_FX_RELOCATION;
		break;
	case DU_A_STEAL:
		*fx = a->n[0];
		break;
	case DU_A_BUILD_SETTLEMENT:
	case DU_A_BUILD_ROAD:
		if (a->scout)
			*fx = DU_FX_SCOUT;
		break;
	default:
		break;
	}
}

/*
 * DU23.7: the computer player chose a in its open view; in the real
 * state gs, where the card it takes from the hand is still sealed, it
 * shows that card first.  1 when *a was changed.
 */
int
du_sealed_bot_fix(const struct du_state *gs, int s, struct du_action *a)
{
	const struct du_data *d = gs->d;
	int card, fx;

	if (gs->sealed == NULL || du_check(gs, s, a) == 0)
		return 0;
	takes(a, &card, &fx);
	if (card < 0 && fx < 0)
		return 0;
	for (int i = 0; i < gs->p[s].nhand; i++) {
		uint8_t v = gs->p[s].hand[i];
		int f = du_sealed_face(gs, v);

		if (!du_sl_tok(v) || du_sealed_holder(gs, v) != s || f < 0)
			continue;
		if (d->inst[f] == card || (fx >= 0 &&
		    d->ci[d->inst[f]].effect == fx)) {
			du_action_init(a, DU_A_SHOW);
			a->n[0] = (uint8_t)(i + 1);
			return 1;
		}
	}
	return 0;
}

/* The same for an order as text (the search's answer). */
void
du_sealed_bot_text(const struct du_state *gs, int s, char *action, size_t n)
{
	struct du_action a;
	struct rules_error e;

	if (gs->sealed == NULL || du_parse(gs->d, action, strlen(action), &a,
	    &e) != 0)
		return;
	if (du_sealed_bot_fix(gs, s, &a))
		du_format(gs->d, &a, action, n);
}

/* ---- helpers ------------------------------------------------------------- */

/* Positions pos[0..n) dealt to colour s, each face where this reader
 * may see it; asked with the order's other requests. */
static int
deal(struct ctx *c, int s, const unsigned *pos, int n)
{
	struct du_state *st = c->st;
	int card[DU_SL_MAX], rc;

	rc = rules_sealed_deal(st->sealed, DECK, GEN, st->rseat[s], pos,
	    (unsigned)n, card, c->err);
	if (rc != 0 && rc != RULES_PENDING)
		return rc;
	for (int i = 0; i < n; i++) {
		if (rc == RULES_PENDING)
			card[i] = RULES_CARD_UNKNOWN;
		else if (card[i] != RULES_CARD_UNKNOWN && (card[i] < 0 ||
		    card[i] >= st->d->ndraw))
			return rules_refuse(c->err, RULES_EDATA, "sealed card "
			    "%d of deck %s: no such card", card[i], DECK);
		st->sl[pos[i]] = (uint8_t)((s + 1) << 6 |
		    (card[i] < 0 ? DU_SL_UNKNOWN : card[i]));
	}
	if (rc == RULES_PENDING)
		c->pend = rc;
	return 0;
}

/* Position p, dealt to a colour, opened to all by it: *inst its
 * instance, or -1 while the opening is awaited (c->pend). */
static int
open_pos(struct ctx *c, int p, int *inst)
{
	struct du_state *st = c->st;
	int h = WHO(st->sl[p]) - 1, f = FACE(st->sl[p]), card = -1, rc;

	*inst = -1;
	if (h < 0)
		return rules_refuse(c->err, RULES_EDATA, "sealed card %d of "
		    "deck %s was dealt to nobody", p, DECK);
	rc = rules_sealed_open(st->sealed, DECK, GEN, st->rseat[h],
	    (unsigned)p, &card, c->err);
	if (rc == RULES_PENDING) {
		c->pend = rc;
		return 0;
	}
	if (rc != 0)
		return rc;
	if (card < 0 || card >= st->d->ndraw || (f != DU_SL_UNKNOWN &&
	    f != card))
		return rules_refuse(c->err, RULES_EDATA, "sealed card %d of "
		    "deck %s opened as card %d, not the card dealt there", p,
		    DECK, card);
	st->sl[p] = (uint8_t)((h + 1) << 6 | card);
	*inst = st->d->draw[card];
	return 0;
}
