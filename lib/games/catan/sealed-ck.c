/*
 * sealed-ck.c -- Cities & Knights' progress decks with sealed hands
 * (catan-ck-rules(7), CK20; trigon-save(5), "Sealed hands";
 * doc/sealed-hands.md 8.6).
 *
 * The three decks are the sealed decks "prog-trade", "prog-politics" and
 * "prog-science", generation 0, declared when the game starts (create,
 * after the joins): card k of each is the k-th card of that deck in the
 * progress data's order, every card as many times as its count (CK16.3's
 * deck before any shuffle).  A draw from a deck that still has undealt
 * positions deals the next one to the drawer by rules_sealed_deal, which
 * tells the face to the drawer's reader alone (CK20.2).
 *
 * The state (struct ca_ck, 1 KiB in all): ck.unseen[t] counts deck t's
 * positions not dealt, which lie on top of the cards put under it
 * (CK13.6: open cards, in ck.deck as with open hands); the deck's places
 * from CK_SL_FACES hold the face of each position as this reader knows
 * it, CK_SL_UNKNOWN where it may not see it.  A seat's sealed cards are
 * the back of its prog[] (ck_held: nprog open cards in front, nsealed
 * sealed ones behind), each its deck << 5 | its position.  No rule reads
 * a sealed card: the cards are played, discarded and taken from the open
 * ones (nprog), the same for every reader, and a sealed card joins them
 * when its holder shows it ("show N", rules_sealed_open: the opening
 * proves the card dealt there; CK20.3).  A Printer or a Constitution is
 * laid when shown (CK20.4); the Spy's target and a seat that resigns
 * show all theirs (CK20.5, CK20.7).
 *
 * What lives elsewhere: the draws (ck-deck.c, draw_progress), the cards'
 * play (ck-progress.c, over the open cards), the base game's sealed deck
 * (sealed.c, which hands C&K's calls here), the save lines
 * (lib/savesealed.c).
 */
#include <stdio.h>
#include <string.h>

#include "games/catan/engine-int.h"
#include "games/catan/sealed.h"

#define GEN 0
#define ENTRY(t, pos) ((uint8_t)((t) << 5 | (pos)))
#define E_DECK(v) ((v) >> 5)
#define E_POS(v) ((v) & 31)
#define NUMBER(t, pos) ((t) * CK_SL_DECK_MAX + (pos))

_Static_assert(CK_EFFECTS < CK_SL_UNKNOWN, "a face is not CK_SL_UNKNOWN");
_Static_assert(CK_SL_DECK_MAX <= 32, "a position fits an entry's 5 bits");
_Static_assert(CK_SL_FACES + CK_SL_DECK_MAX <= CK_DECK_MAX,
    "a deck's places hold its cards and its faces");
_Static_assert(CK_TRACKS * CK_SL_DECK_MAX <= 255,
    "a card's number fits ca_action.a");

static const char *const deck_name[CK_TRACKS] = {
	"prog-trade", "prog-politics", "prog-science"
};

static int deck_size(const struct ck_data *d, int t);
static int card_of(const struct ck_data *d, int t, int k);
static int is_vp(const struct ck_data *d, int i);
static uint8_t *slot(struct ca_state *st, int seat, int j);
static int find_slot(const struct ca_state *st, int seat, int t, int pos);
static int may_show(const struct ca_state *st, int seat,
    struct rules_error *err);
static int reveal(struct ca_state *st, int seat, int j, int i,
    struct rules_note *note);
static void show_action(struct ca_action *a, int number);

/* The face of position pos of deck t as this reader knows it. */
int
ck_sealed_face(const struct ca_state *st, int t, int pos)
{
	return ca_ck_deck(st, t, CK_SL_FACES + pos);
}

/*
 * CK20.1: the decks sealed and declared, after ca_ck_init.  Each must be
 * whole (no position takes cards from them) and of 2 to CK_SL_DECK_MAX
 * cards.  The three are declared at once, so that every seat shuffles
 * them in the same rounds: the first answer pending is returned.
 */
int
ck_sealed_init(struct ca_state *st, const struct rules_sealed *sp,
    struct rules_error *err)
{
	const struct ck_data *d = st->ck.d;
	int rc = 0;

	for (int t = 0; t < CK_TRACKS; t++) {
		int n = deck_size(d, t);

		if (n < 2 || n > CK_SL_DECK_MAX || st->ck.ndeck[t] != n)
			return rules_refuse(err, RULES_EDATA, "sealed hands: a "
			    "whole %s deck of 2 to %d cards, not %d of %d "
			    "(CK20.1)", ck_track_names[t], CK_SL_DECK_MAX,
			    st->ck.ndeck[t], n);
	}
	st->ck.sealed = 1;
	for (int t = 0; t < CK_TRACKS; t++) {
		int n = deck_size(d, t), r;
		struct rules_error e;

		st->ck.unseen[t] = (uint8_t)n;
		for (int i = 0; i < CK_DECK_MAX; i++)
			ca_ck_deck_set(st, t, i, CK_SL_UNKNOWN);
		memset(&e, 0, sizeof e);
		r = rules_sealed_declare(sp, deck_name[t], GEN, (unsigned)n,
		    &e);
		if (r != 0 && (rc == 0 || r != RULES_PENDING)) {
			if (err != NULL)
				*err = e;
			if (r != RULES_PENDING)
				return r;
			rc = r;
		}
	}
	return rc;
}

/*
 * CK20.2: seat draws from deck t while it has undealt positions: the
 * next goes to seat, its face to seat's reader alone.  The caller
 * (draw_progress) takes the deck's top place away.
 */
int
ck_sealed_draw(struct ca_state *st, int seat, int t, struct rules_note *note,
    struct rules_error *err)
{
	const struct ck_data *d = st->ck.d;
	struct ca_ck_player *p = &st->ck.p[seat];
	unsigned pos = (unsigned)(deck_size(d, t) - st->ck.unseen[t]);
	int card = RULES_CARD_UNKNOWN, i = CK_SL_UNKNOWN, rc;

	if ((rc = rules_sealed_deal(d->sealed, deck_name[t], GEN, seat, &pos,
	    1, &card, err)) != 0)
		return rc;
	if (card != RULES_CARD_UNKNOWN && (i = card_of(d, t, card)) < 0)
		return rules_refuse(err, RULES_EDATA, "sealed card %d of deck "
		    "%s: no such card", card, deck_name[t]);
	st->ck.unseen[t]--;
	ca_ck_deck_set(st, t, CK_SL_FACES + (int)pos, i);
	if (ck_held(st, seat) < CK_HAND_MAX)
		*slot(st, seat, p->nsealed++) = ENTRY(t, pos);
	NOTE("%s draws a %s card (sealed %d)", seat_name(seat),
	    ck_track_names[t], NUMBER(t, (int)pos));
	return 0;
}

/* CK20.3: seat shows its sealed card numbered a->a, opened to all. */
int
ck_do_show(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err)
{
	int t = a->a / CK_SL_DECK_MAX, pos = a->a % CK_SL_DECK_MAX;
	int j, card = -1, i, f, rc;

	if ((rc = may_show(st, seat, err)) != 0)
		return rc;
	if ((j = find_slot(st, seat, t, pos)) < 0)
		return NO("progress card %d is not a sealed card of %s%s",
		    a->a, seat_name(seat), st->ck.p[seat].nsealed ? "" :
		    " (it holds none)");
	if (dry)
		return 0;
	if ((rc = rules_sealed_open(st->ck.d->sealed, deck_name[t], GEN,
	    seat, (unsigned)pos, &card, err)) != 0)
		return rc;
	i = card_of(st->ck.d, t, card);
	f = ck_sealed_face(st, t, pos);
	if (i < 0 || (f != CK_SL_UNKNOWN && f != i))
		return rules_refuse(err, RULES_EDATA, "sealed card %d of deck "
		    "%s opened as card %d, not the card dealt there", pos,
		    deck_name[t], card);
	if (reveal(st, seat, j, i, note) && st->npend > 0 &&
	    st->pend[0].kind == CA_P_PROGRESS &&
	    (st->pend[0].seats >> seat & 1) && --st->pend[0].n[seat] == 0)
		/* CK13.3: a card laid never counted toward the limit */
		st->pend[0].seats &= (uint8_t)~(1u << seat);
	return 0;
}

/*
 * CK20.5, CK20.7: every sealed card of seat shown, the Spy's target's or
 * a resigning seat's: all opened first (each may be awaited), then
 * revealed, so that a redo asks the same openings in the same order.
 */
int
ck_sealed_open_all(struct ca_state *st, int seat, struct rules_note *note,
    struct rules_error *err)
{
	struct ca_ck_player *p = &st->ck.p[seat];
	uint8_t v[CK_HAND_MAX];
	int card[CK_HAND_MAX], n = p->nsealed, rc;

	if (!CK_SEALED(st))
		return 0;
	for (int j = 0; j < n; j++) {
		v[j] = *slot(st, seat, j);
		if ((rc = rules_sealed_open(st->ck.d->sealed,
		    deck_name[E_DECK(v[j])], GEN, seat, E_POS(v[j]),
		    &card[j], err)) != 0)
			return rc;
		card[j] = card_of(st->ck.d, E_DECK(v[j]), card[j]);
		if (card[j] < 0)
			return rules_refuse(err, RULES_EDATA, "sealed card %d "
			    "of deck %s opened as no card of it", E_POS(v[j]),
			    deck_name[E_DECK(v[j])]);
	}
	for (int j = 0; j < n; j++)
		reveal(st, seat, find_slot(st, seat, E_DECK(v[j]),
		    E_POS(v[j])), card[j], note);
	return 0;
}

/* "show N" for each sealed card of seat, into out[n..max). */
int
ck_sealed_legal(const struct ca_state *st, int seat, struct ca_action *out,
    int n, int max)
{
	const struct ca_ck_player *p = &st->ck.p[seat];

	if (may_show(st, seat, NULL) != 0)
		return n;
	for (int j = 0; j < p->nsealed && n < max; j++) {
		uint8_t v = p->prog[CK_HAND_MAX - 1 - j];

		show_action(&out[n++], NUMBER(E_DECK(v), E_POS(v)));
	}
	return n;
}

/* CK20.4: seat's sealed Printers and Constitutions this reader sees. */
int
ck_sealed_vp_known(const struct ca_state *st, int seat)
{
	const struct ca_ck_player *p = &st->ck.p[seat];
	int n = 0;

	for (int j = 0; CK_SEALED(st) && j < p->nsealed; j++) {
		uint8_t v = p->prog[CK_HAND_MAX - 1 - j];

		n += is_vp(st->ck.d, ck_sealed_face(st, E_DECK(v), E_POS(v)));
	}
	return n;
}

/* CK20.8: seat's sealed cards, by number, named where this reader may. */
void
ck_sealed_hand_text(const struct ca_state *st, int seat, FILE *f)
{
	const struct ca_ck_player *p = &st->ck.p[seat];

	for (int j = 0; CK_SEALED(st) && j < p->nsealed; j++) {
		uint8_t v = p->prog[CK_HAND_MAX - 1 - j];
		int t = E_DECK(v), n = NUMBER(t, E_POS(v));
		int i = ck_sealed_face(st, t, E_POS(v));

		if (i == CK_SL_UNKNOWN)
			fprintf(f, "sealed %d: a %s card you may not see\n", n,
			    ck_track_names[t]);
		else
			fprintf(f, "sealed %d: %s (%s)%s (show %d)\n", n,
			    st->ck.d->cards[i].slug, st->ck.d->cards[i].name,
			    is_vp(st->ck.d, i) ? ", laid when shown" : "", n);
	}
}

/*
 * CK20.9: seat's information set as an open game: its own sealed cards
 * open in its hand (a Printer or Constitution laid), every other sealed
 * card and the undealt positions dealt from the cards of their deck it
 * cannot place (in card order: the search deals the hidden ones anew,
 * bot-info.c), nothing sealed left.
 */
void
ck_sealed_observe(struct ca_state *st, int seat)
{
	const struct ck_data *d = st->ck.d;
	int pool[CK_EFFECTS];

	if (!CK_SEALED(st))
		return;
	memset(pool, 0, sizeof pool);
	for (int i = 0; i < d->ncards; i++)
		pool[i] = d->cards[i].count;
	for (int t = 0; t < CK_TRACKS; t++)
		for (int pos = 0; pos < deck_size(d, t); pos++) {
			int i = ck_sealed_face(st, t, pos);

			if (i != CK_SL_UNKNOWN)
				pool[i]--;
		}
	for (int s = 0; s < st->nseats; s++) {
		struct ca_ck_player *p = &st->ck.p[s];

		for (int j = 0; j < p->nsealed; j++) {
			uint8_t v = p->prog[CK_HAND_MAX - 1 - j];
			int t = E_DECK(v), i = ck_sealed_face(st, t, E_POS(v));

			for (int k = 0; i == CK_SL_UNKNOWN && k < d->ncards;
			    k++)
				if (d->cards[k].deck == t && pool[k] > 0) {
					pool[k]--;
					i = k;
				}
			if (i == CK_SL_UNKNOWN)		/* none left: no
							   state comes here */
				i = card_of(d, t, 0);
			if (s == seat && is_vp(d, i))
				p->vpcards++;
			else
				p->prog[p->nprog++] = (uint8_t)i;
		}
		for (int j = p->nprog; j < CK_HAND_MAX; j++)
			p->prog[j] = CA_NONE;
		p->nsealed = 0;
	}
	for (int t = 0; t < CK_TRACKS; t++) {
		for (int x = 0, k = 0; x < st->ck.unseen[t]; x++) {
			while (k < d->ncards && (d->cards[k].deck != t ||
			    pool[k] <= 0))
				k++;
			if (k < d->ncards)
				pool[k]--;
			ca_ck_deck_set(st, t, x, k < d->ncards ? k : 0);
		}
		for (int x = CK_SL_FACES; x < CK_DECK_MAX; x++)
			ca_ck_deck_set(st, t, x, 0);
	}
	st->ck.sealed = 0;
}

/*
 * CK20.9: the computer player chose a from its open view.  A sealed
 * Printer or Constitution of its own is shown first, at its first
 * chance; a card it plays or discards that is still sealed is shown
 * before.  1 when *a was changed.
 */
int
ck_sealed_bot_fix(const struct ca_state *gs, int seat, struct ca_action *a)
{
	const struct ca_ck_player *p = &gs->ck.p[seat];
	int want = -1;

	if (!CK_SEALED(gs) || may_show(gs, seat, NULL) != 0)
		return 0;
	if ((a->verb == CA_A_PLAY || a->verb == CA_A_PROG_DISCARD) &&
	    prog_at(gs, seat, a->res) < 0)
		want = a->res;
	for (int j = 0; j < p->nsealed; j++) {
		uint8_t v = p->prog[CK_HAND_MAX - 1 - j];
		int i = ck_sealed_face(gs, E_DECK(v), E_POS(v));

		if (i != CK_SL_UNKNOWN && (is_vp(gs->ck.d, i) || i == want)) {
			show_action(a, NUMBER(E_DECK(v), E_POS(v)));
			return 1;
		}
	}
	return 0;
}

/* ---- helpers ------------------------------------------------------------- */

/* The cards of deck t in the data: the sealed deck's size (CK20.1). */
static int
deck_size(const struct ck_data *d, int t)
{
	int n = 0;

	for (int i = 0; i < d->ncards; i++)
		if (d->cards[i].deck == t)
			n += d->cards[i].count;
	return n;
}

/* Card k of sealed deck t: the card index, or -1 (CK20.1's order). */
static int
card_of(const struct ck_data *d, int t, int k)
{
	for (int i = 0; k >= 0 && i < d->ncards; i++) {
		if (d->cards[i].deck != t)
			continue;
		if (k < d->cards[i].count)
			return i;
		k -= d->cards[i].count;
	}
	return -1;
}

/* CK13.3: a victory-point card, laid when shown. */
static int
is_vp(const struct ck_data *d, int i)
{
	return i >= 0 && i < d->ncards &&
	    (d->cards[i].effect == CK_E_PRINTER ||
	    d->cards[i].effect == CK_E_CONSTITUTION);
}

/* seat's sealed card j: the back of its prog[]. */
static uint8_t *
slot(struct ca_state *st, int seat, int j)
{
	return &st->ck.p[seat].prog[CK_HAND_MAX - 1 - j];
}

/* The sealed card of seat at position pos of deck t, or -1. */
static int
find_slot(const struct ca_state *st, int seat, int t, int pos)
{
	const struct ca_ck_player *p = &st->ck.p[seat];

	for (int j = 0; t >= 0 && t < CK_TRACKS && j < p->nsealed; j++)
		if (p->prog[CK_HAND_MAX - 1 - j] == ENTRY(t, pos))
			return j;
	return -1;
}

/* CK20.3: in one's own turn with nothing owed, or owing a progress
   discard (CK13.4). */
static int
may_show(const struct ca_state *st, int seat, struct rules_error *err)
{
	if (!CK_SEALED(st))
		return NO("no sealed cards in this game: its hands are open");
	if (st->npend > 0 && st->pend[0].kind == CA_P_PROGRESS &&
	    (st->pend[0].seats >> seat & 1))
		return 0;
	if (seat != st->active || st->npend > 0 ||
	    (st->phase != CA_PH_MAIN && st->phase != CA_PH_PREROLL))
		return NO("a sealed progress card is shown in its holder's "
		    "own turn, nothing owed, or when it owes a progress "
		    "discard (CK20.3)");
	return 0;
}

/*
 * Sealed card j of seat, card i, opened: it joins the open cards, or is
 * laid when a Printer or a Constitution (1; CK13.3, CK20.4).
 */
static int
reveal(struct ca_state *st, int seat, int j, int i, struct rules_note *note)
{
	struct ca_ck_player *p = &st->ck.p[seat];
	uint8_t v = *slot(st, seat, j);
	int n = NUMBER(E_DECK(v), E_POS(v));

	for (int k = j; k + 1 < p->nsealed; k++)
		*slot(st, seat, k) = *slot(st, seat, k + 1);
	*slot(st, seat, p->nsealed - 1) = CA_NONE;
	p->nsealed--;
	ca_ck_deck_set(st, E_DECK(v), CK_SL_FACES + E_POS(v), i);
	if (is_vp(st->ck.d, i)) {
		p->vpcards++;
		NOTE("%s shows progress card %d: %s, and lays it down: +1 VP",
		    seat_name(seat), n, st->ck.d->cards[i].name);
		return 1;
	}
	p->prog[p->nprog++] = (uint8_t)i;
	NOTE("%s shows progress card %d: %s", seat_name(seat), n,
	    st->ck.d->cards[i].name);
	return 0;
}

static void
show_action(struct ca_action *a, int number)
{
	memset(a, 0, sizeof *a);
	a->verb = CA_A_SHOW;
	a->a = (uint8_t)number;
	a->b = a->victim = CA_NONE;
}
