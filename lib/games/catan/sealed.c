/*
 * sealed.c -- Catan's development deck with sealed hands (catan-rules(7),
 * "Sealed hands", CA13; trigon-save(5), "Sealed hands";
 * doc/sealed-hands.md 8.6).
 *
 * The development deck is the sealed deck "dev", generation 0, declared
 * after the joins (create): card k is the k-th card of the deck in type
 * order, so every seat shuffles it before the first buy.  A buy deals
 * the next position to the buyer by rules_sealed_deal, which tells its
 * type to the buyer's reader alone; every other reader keeps
 * CA_SL_UNKNOWN and sees a count.  No rule reads a sealed card: the
 * engine plays from the open counts (struct ca_player's dev and devnew,
 * the same for every reader), and a sealed card joins them when its
 * holder shows it ("show N", rules_sealed_open, whose opening proves the
 * card dealt there).  A victory-point card counts for all once shown
 * (CA15.3); the owner's views count it before.
 *
 * What lives elsewhere: the buy's checks (devcard.c), the cards' play
 * (devcard.c, over the open counts), the save lines (lib/savesealed.c).
 */
#include <stdio.h>
#include <string.h>

#include "search.h"
#include "games/catan/engine-int.h"
#include "games/catan/sealed.h"

#define DECK "dev"
#define GEN 0
#define HOLDER(v) ((v) >> 6)
#define TYPE(v) ((v) & 7)
#define OPENED(v) ((v) & CA_SL_OPEN)

static int type_of(const struct ca_state *st, int card);
static int may_show(const struct ca_state *st, int seat,
    struct rules_error *err);

int
ca_deck_left(const struct ca_state *st)
{
	int n = 0;

	if (!CA_CK(st) && st->ds.on)
		return st->ds.n - st->ds.next;
	for (int t = 0; t < CA_DEVS; t++)
		n += st->deck[t];
	return n;
}

/*
 * CA15.1: the deck as the position left it becomes the sealed deck; the
 * cards a position gave the seats stay open cards.
 */
int
ca_sealed_init(struct ca_state *st, const struct rules_sealed *sp,
    struct rules_error *err)
{
	int n = 0;

	for (int t = 0; t < CA_DEVS; t++)
		n += st->deck[t];
	if (n < 2 || n > CA_SL_MAX)
		return rules_refuse(err, RULES_EDATA, "sealed hands: a "
		    "development deck of 2 to %d cards, not %d (CA15.1)",
		    CA_SL_MAX, n);
	memset(&st->ds, 0, sizeof st->ds);
	st->ds.sealed = sp;
	st->ds.on = 1;
	st->ds.n = (uint8_t)n;
	memcpy(st->ds.start, st->deck, sizeof st->ds.start);
	memset(st->deck, 0, sizeof st->deck);
	return rules_sealed_declare(sp, DECK, GEN, (unsigned)n, err);
}

/* CA15.2: the next position goes to the buyer (or the finder of a
   treasure at, CA10.6), its type to it alone; unpaid here. */
int
ca_sealed_deal(struct ca_state *st, int seat, const char *at,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	unsigned pos = st->ds.next;
	int card = RULES_CARD_UNKNOWN, t, rc;

	if (st->ds.sealed != NULL) {
		if ((rc = rules_sealed_deal(st->ds.sealed, DECK, GEN, seat,
		    &pos, 1, &card, err)) != 0)
			return rc;
		if (card != RULES_CARD_UNKNOWN && (card < 0 ||
		    card >= st->ds.n))
			return rules_refuse(err, RULES_EDATA, "sealed card %d "
			    "of deck dev: no such card", card);
		t = card == RULES_CARD_UNKNOWN ? CA_SL_UNKNOWN :
		    type_of(st, card);
	} else
		t = TYPE(st->ds.pos[pos]);	/* a computer player's copy */
	st->ds.pos[pos] = (uint8_t)(seat << 6 | t);
	st->ds.next++;
	ca_note_dealt(st, seat, at, st->ds.n - st->ds.next, note);
	if (t != CA_SL_UNKNOWN)
		ca_secret_add(sec, seat, "you %s a %s card (sealed %u)",
		    at != NULL ? "found" : "bought", ca_dev_names[t], pos);
	return 0;
}

/*
 * CA15.3: seat shows its sealed card at a->a, opened to all with its
 * proof; it joins the open cards (new this turn when bought this turn).
 */
int
ca_do_show(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err)
{
	int i = a->a, card, t, rc;
	uint8_t v;

	if (CA_CK(st))
		return ck_do_show(st, seat, a, dry, note, err);	/* CK20 */
	if ((rc = may_show(st, seat, err)) != 0)
		return rc;
	if (i >= st->ds.next || HOLDER(st->ds.pos[i]) != seat ||
	    OPENED(st->ds.pos[i]))
		return NO("development card %d is not a sealed card of %s%s",
		    i, seat_name(seat), ca_sealed_held(st, seat) ? "" :
		    " (it holds none)");
	if (dry)
		return 0;
	v = st->ds.pos[i];
	card = -1;
	if (st->ds.sealed != NULL) {
		if ((rc = rules_sealed_open(st->ds.sealed, DECK, GEN, seat,
		    (unsigned)i, &card, err)) != 0)
			return rc;
		t = card >= 0 && card < st->ds.n ? type_of(st, card) : -1;
	} else
		t = TYPE(v);
	if (t < 0 || t >= CA_DEVS || (TYPE(v) != CA_SL_UNKNOWN &&
	    TYPE(v) != t))
		return rules_refuse(err, RULES_EDATA, "sealed card %d of deck "
		    "dev opened as card %d, not the card dealt there", i, card);
	st->ds.pos[i] = (uint8_t)(seat << 6 | CA_SL_OPEN | t);
	st->p[seat].dev[t]++;
	if (i >= st->ds.turn0)
		st->p[seat].devnew[t]++;
	NOTE("%s shows development card %d: %s", seat_name(seat), i,
	    ca_dev_names[t]);
	return 0;
}

int
ca_sealed_legal(const struct ca_state *st, int seat, struct ca_action *out,
    int n, int max)
{
	if (CA_CK(st))
		return ck_sealed_legal(st, seat, out, n, max);	/* CK20 */
	if (!st->ds.on || may_show(st, seat, NULL) != 0)
		return n;
	for (int i = 0; i < st->ds.next && n < max; i++) {
		uint8_t v = st->ds.pos[i];

		if (HOLDER(v) != seat || OPENED(v))
			continue;
		memset(&out[n], 0, sizeof out[n]);
		out[n].verb = CA_A_SHOW;
		out[n].a = (uint8_t)i;
		out[n].b = out[n].victim = CA_NONE;
		n++;
	}
	return n;
}

int
ca_sealed_held(const struct ca_state *st, int seat)
{
	int n = 0;

	for (int i = 0; !CA_CK(st) && st->ds.on && i < st->ds.next; i++)
		n += HOLDER(st->ds.pos[i]) == seat &&
		    !OPENED(st->ds.pos[i]);
	return n;
}

int
ca_sealed_known(const struct ca_state *st, int seat, int t)
{
	int n = 0;

	if (CA_CK(st))		/* CK20.4: the Printers, Constitutions */
		return t == CA_VP ? ck_sealed_vp_known(st, seat) : 0;
	for (int i = 0; st->ds.on && i < st->ds.next; i++) {
		uint8_t v = st->ds.pos[i];

		n += HOLDER(v) == seat && !OPENED(v) &&
		    TYPE(v) != CA_SL_UNKNOWN && (t < 0 || TYPE(v) == t);
	}
	return n;
}

int
ca_sealed_fresh(const struct ca_state *st, int seat)
{
	int n = 0;

	for (int i = st->ds.turn0; !CA_CK(st) && st->ds.on &&
	    i < st->ds.next; i++)
		n += HOLDER(st->ds.pos[i]) == seat &&
		    !OPENED(st->ds.pos[i]);
	return n;
}

/* CA15.4: by position, the type where this reader may see it. */
void
ca_sealed_hand_text(const struct ca_state *st, int seat, FILE *f)
{
	for (int i = 0; !CA_CK(st) && st->ds.on && i < st->ds.next; i++) {
		uint8_t v = st->ds.pos[i];

		if (HOLDER(v) != seat || OPENED(v))
			continue;
		if (TYPE(v) == CA_SL_UNKNOWN)
			fprintf(f, "sealed %d: a card you may not see\n", i);
		else
			fprintf(f, "sealed %d: %s%s (show %d)\n", i,
			    ca_dev_names[TYPE(v)], i >= st->ds.turn0 ?
			    " (new this turn)" : "", i);
	}
}

/*
 * CA15.6: seat's information set as an open game: its own sealed cards
 * in its open counts (it knows them), the others' and the undealt ones
 * dealt from the types it cannot place (in type order: the search's
 * determinization deals them anew), nothing sealed left.
 */
void
ca_sealed_observe(struct ca_state *st, int seat)
{
	int pool[CA_DEVS];

	if (CA_CK(st))
		ck_sealed_observe(st, seat);	/* CK20.9 */
	if (CA_CK(st) || !st->ds.on)
		return;
	for (int t = 0; t < CA_DEVS; t++)
		pool[t] = st->ds.start[t];
	for (int i = 0; i < st->ds.next; i++) {
		uint8_t v = st->ds.pos[i];

		if (OPENED(v) || (HOLDER(v) == seat &&
		    TYPE(v) != CA_SL_UNKNOWN))
			pool[TYPE(v)]--;
	}
	for (int i = 0; i < st->ds.next; i++) {
		uint8_t v = st->ds.pos[i];
		struct ca_player *p = &st->p[HOLDER(v)];
		int t = TYPE(v);

		if (OPENED(v))
			continue;
		if (HOLDER(v) != seat || t == CA_SL_UNKNOWN) {
			for (t = 0; t < CA_DEVS - 1 && pool[t] <= 0; t++)
				;
			pool[t]--;
		}
		p->dev[t]++;
		if (i >= st->ds.turn0)
			p->devnew[t]++;
	}
	for (int t = 0; t < CA_DEVS; t++)
		st->deck[t] = (uint8_t)(pool[t] > 0 ? pool[t] : 0);
	memset(&st->ds, 0, sizeof st->ds);
}

/*
 * CA15.6: the computer player chose a from its open view.  A card it
 * plays that is still sealed is shown first; and before anything, it
 * shows a victory-point card when its sealed ones win.
 */
int
ca_sealed_bot_fix(const struct ca_state *gs, int seat, struct ca_action *a)
{
	int t = -1, vp;

	if (CA_CK(gs))
		return ck_sealed_bot_fix(gs, seat, a);	/* CK20.9 */
	if (!gs->ds.on || may_show(gs, seat, NULL) != 0)
		return 0;
	vp = ca_vp(gs, seat, 1) + ca_sealed_known(gs, seat, CA_VP);
	if (ca_sealed_known(gs, seat, CA_VP) > 0 && vp >= gs->vp_target)
		t = CA_VP;
	else if (a->verb == CA_A_KNIGHT)
		t = CA_KNIGHT;
	else if (a->verb == CA_A_ROADS)
		t = CA_ROADS;
	else if (a->verb == CA_A_PLENTY)
		t = CA_PLENTY;
	else if (a->verb == CA_A_MONOPOLY)
		t = CA_MONOPOLY;
	if (t < 0 || (t != CA_VP && gs->p[seat].dev[t] >
	    gs->p[seat].devnew[t]))
		return 0;
	for (int i = 0; i < gs->ds.next; i++) {
		uint8_t v = gs->ds.pos[i];

		if (HOLDER(v) == seat && !OPENED(v) && TYPE(v) == t &&
		    (t == CA_VP || i < gs->ds.turn0)) {
			memset(a, 0, sizeof *a);
			a->verb = CA_A_SHOW;
			a->a = (uint8_t)i;
			a->b = a->victim = CA_NONE;
			return 1;
		}
	}
	return 0;
}

/* ---- helpers ------------------------------------------------------------- */

/* The type of card k: the deck's order when declared (CA15.1). */
static int
type_of(const struct ca_state *st, int k)
{
	for (int t = 0; t < CA_DEVS; t++) {
		if (k < st->ds.start[t])
			return t;
		k -= st->ds.start[t];
	}
	return -1;
}

/* CA15.3: a show in one's own turn, nothing owed. */
static int
may_show(const struct ca_state *st, int seat, struct rules_error *err)
{
	if (CA_CK(st) || !st->ds.on)
		return NO("no sealed cards in this game: its hands are open");
	if (seat != st->active || st->npend > 0 ||
	    (st->phase != CA_PH_MAIN && st->phase != CA_PH_PREROLL))
		return NO("a sealed card is shown in its holder's own turn, "
		    "nothing owed (CA15.3)");
	return 0;
}
