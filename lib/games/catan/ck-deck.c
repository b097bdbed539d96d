/*
 * ck-deck.c -- Cities & Knights' progress cards drawn and held
 * (catan-ck-rules(7), CK13): the decks, the draws of a roll, the hand
 * limit, and the automatic steps (run_auto) of what is owed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"
#include "games/catan/sealed.h"


static int reveal_top(struct ca_state *st, int t, struct rules_error *err);
static unsigned deck_below(int j, int len);
static void deck_pop(struct ca_state *st, int t);
static int draw_progress(struct ca_state *st, int seat, int t,
    struct rules_note *note, struct rules_error *err);
static void progress_limit(struct ca_state *st);
static int gate(struct ca_state *st, int t, int r, struct rules_note *note,
    struct rules_error *err);
static int single_deck(const struct ca_state *st);
static int trackpick_seat(const struct ca_state *st);
static int trackpick(struct ca_state *st, int seat, int t,
    struct rules_note *note, struct rules_error *err);
static int roll_may_draw(const struct ca_state *st, int r, int e);


/* ---- Cities & Knights: progress cards drawn and held (CK13) ----------- */

/*
 * CK16.3 with fair chance (catan-rules(7), CA12.4: each draw from a
 * stream of its own event, made at the moment the rule needs it):
 * the top card of deck t is drawn when it is drawn.  The unseen top
 * cards are exchangeable, so swapping the top with one of them chosen
 * uniformly by an event of every seat, at each draw, deals the cards
 * as a deck shuffled at the start would, and nobody can know a card
 * before it is drawn.  Cards put at the bottom (CK13.6) lie below the
 * unseen ones and come after all of them, as in a shuffled deck.
 */
static int
reveal_top(struct ca_state *st, int t, struct rules_error *err)
{
	static const char *const label[CK_TRACKS] = {
		"draw trade", "draw politics", "draw science"
	};
	struct chance_stream cs;
	int j, top, rc;

	if (st->ck.unseen[t] == 0)
		return 0;
	if ((rc = ca_open_event(st, EV_PROGRESS, label[t], 0, &cs, err)) != 0)
		return rc;
	j = chance_below(&cs, st->ck.unseen[t]);
	top = ca_ck_deck(st, t, 0);
	ca_ck_deck_set(st, t, 0, ca_ck_deck(st, t, j));
	ca_ck_deck_set(st, t, j, top);
	st->ck.unseen[t]--;
	return 0;
}

/* The bits of byte j of a deck below bit len: a mask. */
static unsigned
deck_below(int j, int len)
{
	return len >= 8 * (j + 1) ? 0xffu : len <= 8 * j ? 0 :
	    (1u << (len - 8 * j)) - 1;
}

/*
 * Deck t without its top card: the places below it up one, the last
 * (ndeck - 1) cleared, the places past ndeck as they were; what
 * ca_ck_deck_set did a place at a time, a byte at a time (the places
 * are CK_DECK_BITS wide, so the deck is one bit string moved down by
 * that much).  ndeck is not changed.
 */
static void
deck_pop(struct ca_state *st, int t)
{
	uint8_t *b = st->ck.deck[t];
	int n = st->ck.ndeck[t], keep = (n - 1) * CK_DECK_BITS,
	    end = n * CK_DECK_BITS;

	/* ascending: byte j + 1 is read before it is written */
	for (int j = 0; 8 * j < end; j++) {
		unsigned down = (unsigned)b[j] >> CK_DECK_BITS |
		    (j + 1 < CK_DECK_BYTES ?
		    (unsigned)b[j + 1] << (8 - CK_DECK_BITS) : 0);

		b[j] = (uint8_t)((down & deck_below(j, keep)) |
		    (b[j] & ~deck_below(j, end)));
	}
}

/* CK13.2, CK13.3: seat draws the top card of deck t.  0, or the
   rules_rc of the chance event of a fair draw (RULES_PENDING). */
static int
draw_progress(struct ca_state *st, int seat, int t, struct rules_note *note,
    struct rules_error *err)
{
	struct ca_ck_player *p = &st->ck.p[seat];
	const struct ck_card *c;
	int i, rc;

	if (st->ck.ndeck[t] == 0) {
		NOTE("%s finds the %s deck empty", seat_name(seat),
		    ck_track_names[t]);
		return 0;
	}
	if (CK_SEALED(st) && st->ck.unseen[t] > 0) {
		/* CK20.2: the next sealed position, to seat alone */
		if ((rc = ck_sealed_draw(st, seat, t, note, err)) != 0)
			return rc;
		deck_pop(st, t);
		st->ck.ndeck[t]--;
		return 0;
	}
	if ((rc = reveal_top(st, t, err)) != 0)
		return rc;
	i = ca_ck_deck(st, t, 0);
	deck_pop(st, t);
	st->ck.ndeck[t]--;
	c = &st->ck.d->cards[i];
	if (c->effect == CK_E_PRINTER || c->effect == CK_E_CONSTITUTION) {
		p->vpcards++;
		NOTE("%s draws the %s and lays it down: +1 VP",
		    seat_name(seat), c->name);
		return 0;
	}
	if (ck_held(st, seat) < CK_HAND_MAX)
		p->prog[p->nprog++] = (uint8_t)i;
	NOTE("%s draws a %s card", seat_name(seat), ck_track_names[t]);
	return 0;
}

/* CK13.6: card i goes face down to the bottom of its deck. */
void
ca_to_bottom(struct ca_state *st, int i)
{
	int t = st->ck.d->cards[i].deck;

	/* sealed, the places from CK_SL_FACES are the faces (CK20) */
	if (st->ck.ndeck[t] < (CK_SEALED(st) ? CK_SL_FACES : CK_DECK_MAX))
		ca_ck_deck_set(st, t, st->ck.ndeck[t]++, i);
}

/* CK13.4: the players other than the active one at 5 owe a discard. */
static void
progress_limit(struct ca_state *st)
{
	uint8_t n[CA_SEATS] = { 0 };
	unsigned owe = 0;

	for (int s = 0; s < st->nseats; s++)
		if (s != st->active && live(st, s) &&
		    ck_held(st, s) > CK_HAND_LIMIT) {
			owe |= 1u << s;
			n[s] = (uint8_t)(ck_held(st, s) - CK_HAND_LIMIT);
		}
	pend_push(st, CA_P_PROGRESS, owe, n);
}

/* CK13.2, CK9.3: the gate of track t with red die r. */
static int
gate(struct ca_state *st, int t, int r, struct rules_note *note,
    struct rules_error *err)
{
	int rc;

	for (int i = 0; i < st->nseats; i++) {
		int s = (st->active + i) % st->nseats;
		int level = st->ck.p[s].level[t];

		if (live(st, s) && level >= 1 &&
		    r <= st->ck.d->track[t].red[level - 1] &&
		    (rc = draw_progress(st, s, t, note, err)) != 0)
			return rc;
	}
	progress_limit(st);
	return 0;
}

/* The one non-empty deck, or -1 (none or several). */
static int
single_deck(const struct ca_state *st)
{
	int t = -1;

	for (int k = 0; k < CK_TRACKS; k++)
		if (st->ck.ndeck[k]) {
			if (t >= 0)
				return -1;
			t = k;
		}
	return t;
}

/* The seat owing the tie pick at the head of the queue. */
static int
trackpick_seat(const struct ca_state *st)
{
	for (int i = 0; i < st->nseats; i++) {
		int s = (st->active + i) % st->nseats;

		if (st->pend[0].seats & (1u << s))
			return s;
	}
	return -1;
}

/* A tie pick answered (or forced): seat draws from t. */
static int
trackpick(struct ca_state *st, int seat, int t, struct rules_note *note,
    struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	int rc;

	if ((rc = draw_progress(st, seat, t, note, err)) != 0)
		return rc;
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	if (p->seats == 0) {
		int n = st->npend;

		pend_pop(st);
		/* CK12.4: the limit applies, before the rest of the roll
		   (CK4.3, CK18.1: an item goes right after its step) */
		progress_limit(st);
		if (st->npend == n) {
			struct ca_pend x = st->pend[n - 1];

			memmove(&st->pend[1], &st->pend[0],
			    sizeof st->pend[0] * (size_t)(n - 1));
			st->pend[0] = x;
		}
	}
	return 0;
}

int
ca_do_trackpick(struct ca_state *st, int seat, int t, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int rc;

	if (st->npend == 0 || st->pend[0].kind != CA_P_TRACKPICK ||
	    trackpick_seat(st) != seat)
		return NO("%s owes no pick of a progress deck", seat_name(seat));
	if (t >= CK_TRACKS)
		return NO("no such track");
	if (st->ck.ndeck[t] == 0)
		return NO("the %s deck is empty (CK12.4)", ck_track_names[t]);
	if (dry)
		return 0;
	if ((rc = trackpick(st, seat, t, note, err)) != 0)
		return rc;
	ca_pend_settle(st);
	return 0;
}

int
ca_do_prog_discard(struct ca_state *st, int seat, int i, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_ck_player *p = &st->ck.p[seat];
	struct ca_pend *q = &st->pend[0];
	int at = -1;

	if (seat == st->active && st->npend == 0 && st->phase == CA_PH_MAIN) {
		/* CK13.4: the active player down to 4 before `end` */
		if (ck_held(st, seat) <= CK_HAND_LIMIT)
			return NO("you hold %d progress cards: no discard is "
			    "owed (CK13.4)", ck_held(st, seat));
	} else if (st->npend == 0 || q->kind != CA_P_PROGRESS ||
	    !(q->seats & (1u << seat)))
		return NO("%s owes no progress discard", seat_name(seat));
	for (int k = 0; k < p->nprog && at < 0; k++)
		if (p->prog[k] == i)
			at = k;
	if (at < 0)
		return NO("you hold no such progress card%s",
		    p->nsealed ? " open: show a sealed one first (CK20.3)" :
		    "");
	if (dry)
		return 0;
	/* the open cards alone: the sealed ones behind stay (CK20) */
	memmove(&p->prog[at], &p->prog[at + 1], (size_t)(p->nprog - 1 - at));
	p->prog[p->nprog - 1] = CA_NONE;
	p->nprog--;
	ca_to_bottom(st, i);
	NOTE("%s discards a %s card", seat_name(seat),
	    ck_track_names[st->ck.d->cards[i].deck]);
	if (st->npend > 0 && q->kind == CA_P_PROGRESS &&
	    (q->seats & (1u << seat)) && --q->n[seat] == 0)
		q->seats &= (uint8_t)~(1u << seat);
	ca_pend_settle(st);
	return 0;
}

/* The automatic steps at the head of the queue (CK18.1).  0, or the
   rules_rc of a fair draw's chance event (the caller restores). */
int
ca_run_auto(struct ca_state *st, struct rules_note *note,
    struct rules_error *err)
{
	int rc;

	if (st->npend == 0)
		return 0;	/* most actions: nothing pending to settle */
	ca_pend_settle(st);
	while (st->npend > 0 && (CA_P_AUTO(st->pend[0].kind) ||
	    (st->pend[0].kind == CA_P_TRACKPICK && single_deck(st) >= 0))) {
		struct ca_pend p = st->pend[0];

		if (p.kind == CA_P_TRACKPICK) {
			/* CK18.2: one non-empty deck */
			if ((rc = trackpick(st, trackpick_seat(st),
			    single_deck(st), note, err)) != 0)
				return rc;
			ca_pend_settle(st);
			continue;
		}
		pend_pop(st);
		if (p.kind == CA_P_PRODUCE) {
			unsigned got = ca_produce(st, p.n[0], note), owe = 0;
			uint8_t n[CA_SEATS] = { 0 };
			int aq = CA_NONE;	/* its track, looked up once */

			/* CK9.4: the Aqueduct, for a production roll */
			for (int i = 0; i < st->nseats; i++) {
				int s = st->active + i, k;

				if (s >= st->nseats)
					s -= st->nseats;
				if (!live(st, s) || (got >> s) & 1)
					continue;
				if (aq == CA_NONE)
					aq = ck_track_of_ability(st->ck.d,
					    CK_AQUEDUCT);
				if (aq < 0 || st->ck.p[s].level[aq] <
				    CK_ABILITY_LEVEL || res_in_bank(st) == 0)
					continue;
				if ((k = bank_single_res(st)) >= 0)
					ca_aqueduct_take(st, s, k, note);
				else {
					owe |= 1u << s;
					n[s] = 1;
				}
			}
			pend_push(st, CA_P_AQUEDUCT, owe, n);
		} else if (p.kind == CA_P_SEVEN) {
			uint8_t n[CA_SEATS] = { 0 };
			unsigned owing = 0;

			for (int s = 0; s < st->nseats; s++) {
				int c = ca_hand_count(&st->p[s]);

				if (live(st, s) && c > ca_discard_limit(st, s)) {
					n[s] = (uint8_t)(c / 2);
					owing |= 1u << s;
					NOTE("%s must discard %d", seat_name(s),
					    n[s]);
				}
			}
			pend_push(st, CA_P_DISCARD, owing, n);
			if (st->ck.attacks > 0)
				pend_push(st, CA_P_ROBBER, 1u << st->active,
				    NULL);
			else
				NOTE("the robber stays in the desert until "
				    "the barbarians have attacked");
		}
		ca_pend_settle(st);
	}
	return 0;
}

/*
 * Whether the rest of a roll of red r and event e may open another chance
 * event, which a source may answer with RULES_PENDING or an error after
 * the roll has changed the state: an attack (its ties pick a deck), or a
 * gate that a seat passes while the deck has a card not yet revealed
 * (reveal_top).  Production, a 7 and progress_limit draw nothing.
 */
static int
roll_may_draw(const struct ca_state *st, int r, int e)
{
	int t = e - 4;

	if (e <= 3)
		return st->ck.ship + 1 >= st->ck.steps;
	if (st->ck.ndeck[t] == 0 || st->ck.unseen[t] == 0)
		return 0;
	for (int s = 0; s < st->nseats; s++) {
		int level = st->ck.p[s].level[t];

		if (live(st, s) && level >= 1 &&
		    r <= st->ck.d->track[t].red[level - 1])
			return 1;
	}
	return 0;
}

/*
 * CK4: white, red and the event die from one event; CK4.3's order.  A
 * refusal leaves the state as it was: ca_apply makes no copy for a roll
 * (refuses_first), so one is made here, before the first change, when a
 * later chance event may fail (roll_may_draw); the first event changes
 * only st->events, put back in the copy, or nothing when it fails.
 */
int
ck_roll(struct ca_state *st, int seat, int w, int r, struct rules_note *note,
    struct rules_error *err)
{
	struct chance_stream cs;
	struct ca_state save;
	uint8_t n[CA_SEATS] = { 0 };
	uint32_t events = st->events;
	int e, rc, copy;

	/* CK16.3: a roll draws white, red, event; the Alchemist (w, r
	   given, CK14.16) the event die alone */
	if ((rc = ca_open_event(st, EV_DICE, "dice", 0, &cs, err)) != 0)
		return rc;
	if (w == 0) {
		w = chance_die(&cs);
		r = chance_die(&cs);
	}
	e = chance_die(&cs);
	/* a search state's own stream never fails (ca_open_event) */
	if ((copy = !st->fast_on && roll_may_draw(st, r, e)) != 0) {
		save = *st;
		save.events = events;
	}
	st->dice[0] = (uint8_t)w;
	st->dice[1] = (uint8_t)r;
	st->ck.event = (uint8_t)e;
	st->phase = CA_PH_MAIN;
	NOTE("%s rolls white %d red %d = %d, event %s", seat_name(seat), w, r,
	    w + r, ck_event_name(e));
	/* CK4.3 step 1, CK4.4: 1-3 ship, 4 trade, 5 politics, 6 science */
	if (e <= 3) {
		st->ck.ship++;
		NOTE("the barbarian ship moves to %d of %d", st->ck.ship,
		    st->ck.steps);
		if (st->ck.ship >= st->ck.steps)
			ca_attack(st, note);
	} else {
		NOTE("the %s gate opens", ck_track_names[e - 4]);
		if ((rc = gate(st, e - 4, r, note, err)) != 0) {
			if (copy)
				*st = save;
			return rc;
		}
	}
	/* step 2, after the decisions of step 1 */
	n[0] = (uint8_t)(w + r);
	pend_push(st, w + r == 7 ? CA_P_SEVEN : CA_P_PRODUCE,
	    1u << st->active, n);
	if ((rc = ca_run_auto(st, note, err)) != 0 && copy)
		*st = save;
	return rc;
}

int
ca_do_pillage(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	char name[32] = "";

	if (st->npend == 0 || p->kind != CA_P_PILLAGE ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no pillaged city", seat_name(seat));
	if (a->a >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL)
		ca_corner_name(st->b, a->a, name, sizeof name);
	if (!ca_pillageable(st, seat, a->a))
		return NO("the barbarians take a city of yours without a "
		    "metropolis: %s is none (CK12.5)", name);
	if (dry)
		return 0;
	ca_pillage(st, seat, a->a, note);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	ca_pend_settle(st);
	return 0;
}

int
ca_do_aqueduct(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];

	if (st->npend == 0 || p->kind != CA_P_AQUEDUCT ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no aqueduct choice", seat_name(seat));
	if (a->res >= CA_RES)
		return NO("the aqueduct gives a resource (CK9.4)");
	if (st->bank[a->res] == 0)
		return NO("the bank holds no %s", ca_kind_names[a->res]);
	if (dry)
		return 0;
	ca_aqueduct_take(st, seat, a->res, note);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	ca_pend_settle(st);
	return 0;
}

int
ca_do_roll(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct rules_error *err)
{
	struct chance_stream cs;
	int d1, d2, rc;

	if (st->phase != CA_PH_PREROLL)
		return NO("%s", st->phase == CA_PH_MAIN ?
		    "you have rolled this turn" : "no roll now");
	if (dry)
		return 0;
	if (CA_CK(st))
		return ck_roll(st, seat, 0, 0, note, err);
	if ((rc = ca_open_event(st, EV_DICE, "dice", 0, &cs, err)) != 0)
		return rc;
	d1 = chance_die(&cs);
	d2 = chance_die(&cs);
	st->dice[0] = (uint8_t)d1;
	st->dice[1] = (uint8_t)d2;
	st->phase = CA_PH_MAIN;
	NOTE("%s rolls %d+%d = %d", seat_name(seat), d1, d2, d1 + d2);
	if (d1 + d2 == 7) {
		uint8_t n[CA_SEATS] = { 0 };
		unsigned owing = 0;

		for (int s = 0; s < st->nseats; s++) {
			int c = ca_hand_count(&st->p[s]);

			if (live(st, s) && c > 7) {
				n[s] = (uint8_t)(c / 2);
				owing |= 1u << s;
				NOTE("%s must discard %d", seat_name(s),
				    n[s]);
			}
		}
		pend_push(st, CA_P_DISCARD, owing, n);
		pend_push(st, CA_P_ROBBER, 1u << st->active, NULL);
	} else
		ca_produce(st, d1 + d2, note);
	return 0;
}

int
ca_do_discard(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	char g[80];

	if (st->npend == 0 || p->kind != CA_P_DISCARD ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no discard", seat_name(seat));
	if (bundle_sum(a->give) != p->n[seat])
		return NO("discard exactly %d cards (half of %d, rounded down)",
		    p->n[seat], ca_hand_count(&st->p[seat]));
	if (!holds(st->p[seat].hand, a->give))
		return NO("you do not hold %s", ca_bundle_text(a->give, g,
		    sizeof g));
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->bank, a->give);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	NOTE("%s discards %s", seat_name(seat),
	    ca_bundle_text(a->give, g, sizeof g));
	ca_pend_settle(st);
	return 0;
}

int
ca_do_pick(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	int want, bank = bundle_sum(st->bank);
	char g[80];

	if (st->npend == 0 || p->kind != CA_P_PICK ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no pick", seat_name(seat));
	want = p->n[seat] < bank ? p->n[seat] : bank;
	if (bundle_sum(a->get) != want)
		return NO("pick exactly %d card%s", want, want == 1 ? "" : "s");
	for (int k = CA_RES; k < CA_KINDS; k++)
		if (a->get[k])
			return NO("picks are resources");
	if (!holds(st->bank, a->get))
		return NO("the bank does not hold %s", ca_bundle_text(a->get, g,
		    sizeof g));
	if (dry)
		return 0;
	move_cards(st->bank, st->p[seat].hand, a->get);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	NOTE("%s picks %s", seat_name(seat),
	    ca_bundle_text(a->get, g, sizeof g));
	ca_pend_settle(st);
	return 0;
}
