/*
 * devcard.c -- the development cards (catan-rules(7), CA8): buying
 * and playing them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"
#include "games/catan/sealed.h"


static int any_free_edge(const struct ca_state *st, int seat);

/* ---- development cards (CA8) ----------------------------------------------- */

int
ca_do_buy(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct ca_secret *sec, struct rules_error *err)
{
	int total = ca_deck_left(st), rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (CA_CK(st))
		return NO("Cities & Knights has no development cards (CK1.2)");
	if (total == 0)
		return NO("the development deck is empty");
	if ((rc = pay(st, seat, cost_card, "a development card", err)) != 0)
		return rc;
	if (dry)
		return 0;
	if ((rc = ca_deal_devcard(st, seat, NULL, note, sec, err)) != 0)
		return rc;
	move_cards(st->p[seat].hand, st->bank, cost_card);
	return 0;
}

/* The public note of a development card dealt to seat: bought (at
   NULL) or found at the treasure at (CA10.6), left in the deck. */
void
ca_note_dealt(const struct ca_state *st, int seat, const char *at, int left,
    struct rules_note *note)
{
	if (at != NULL)
		NOTE("%s finds a development card at %s (%d left)",
		    seat_name(seat), at, left);
	else
		NOTE("%s bought a development card (%d left)", seat_name(seat),
		    left);
}

/*
 * The next development card to seat, bought (at NULL) or found at the
 * treasure at (CA10.6), new this turn either way (CA8.2); the deck holds
 * one at least.  The same draw for both: the open or fair event, or the
 * sealed deck's next position dealt to seat alone (CA15.2).
 */
int
ca_deal_devcard(struct ca_state *st, int seat, const char *at,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	struct chance_stream cs;
	struct ca_player *p = &st->p[seat];
	int total = ca_deck_left(st), i, t, rc;

	if (st->ds.on)		/* CA15.2: dealt from the sealed deck */
		return ca_sealed_deal(st, seat, at, note, sec, err);
	/* Every seat takes part (catan-rules(7), CA12.4: a quorum of the buyer
	 * alone would let it read its card before buying; t/0850). */
	if ((rc = ca_open_event(st, EV_DEVCARD, "development card", 0, &cs,
	    err)) != 0)
		return rc;
	i = chance_below(&cs, total);
	for (t = 0; t < CA_DEVS; t++) {
		if (i < st->deck[t])
			break;
		i -= st->deck[t];
	}
	st->deck[t]--;
	p->dev[t]++;
	p->devnew[t]++;
	ca_note_dealt(st, seat, at, total - 1, note);
	ca_secret_add(sec, seat, "you %s a %s card", at != NULL ? "found" :
	    "bought", ca_dev_names[t]);
	return 0;
}

int
ca_do_knight(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	int who, rc;

	if ((rc = can_play(st, seat, CA_KNIGHT, err)) != 0)
		return rc;
	if ((rc = ca_check_robber(st, seat, a->a, a->ka, a->victim, &who,
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	played(st, seat, CA_KNIGHT, note);
	st->p[seat].knights++;
	ca_award_army(st, note, 0);
	return ca_move_robber(st, seat, a->a, a->ka, who, note, sec, err);
}

int
ca_do_plenty(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int bank = bundle_sum(st->bank), want, rc;
	char g[80];

	if ((rc = can_play(st, seat, CA_PLENTY, err)) != 0)
		return rc;
	if (bank == 0)
		return NO("the bank is empty (CA8.5)");
	want = bank < 2 ? bank : 2;
	if (bundle_sum(a->get) != want)
		return NO("year-of-plenty takes %d card%s", want,
		    want == 1 ? "" : "s");
	for (int k = CA_RES; k < CA_KINDS; k++)
		if (a->get[k])
			return NO("year-of-plenty takes resources");
	if (!holds(st->bank, a->get))
		return NO("the bank does not hold %s",
		    ca_bundle_text(a->get, g, sizeof g));
	if (dry)
		return 0;
	played(st, seat, CA_PLENTY, note);
	move_cards(st->bank, st->p[seat].hand, a->get);
	NOTE("%s takes %s", seat_name(seat),
	    ca_bundle_text(a->get, g, sizeof g));
	return 0;
}

int
ca_do_monopoly(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err)
{
	char line[200];
	size_t len = 0;
	int k = a->res, rc;

	if ((rc = can_play(st, seat, CA_MONOPOLY, err)) != 0)
		return rc;
	if (k >= CA_RES)
		return NO("monopoly names a resource");
	if (dry)
		return 0;
	played(st, seat, CA_MONOPOLY, note);
	line[0] = '\0';
	for (int s = 0; s < st->nseats; s++) {
		int n = st->p[s].hand[k];

		if (s == seat || !live(st, s) || n == 0)
			continue;
		st->p[s].hand[k] = 0;
		st->p[seat].hand[k] = (uint8_t)(st->p[seat].hand[k] + n);
		if (note != NULL)
			len += (size_t)snprintf(line + len, sizeof line - len,
			    "%s%s gives %d %s", len ? ", " : "", seat_name(s), n,
			    ca_kind_names[k]);
	}
	if (len)
		NOTE("%s", line);
	else
		NOTE("nobody has %s", ca_kind_names[k]);
	return 0;
}

/* Could seat place any free road or ship now (CA8.4)? */
static int
any_free_edge(const struct ca_state *st, int seat)
{
	for (int ship = 0; ship < 2; ship++)
		for (int e = 0; e < st->b->nedge; e++)
			if (edge_fits(st, seat, e, ship, CA_NONE, NULL) == 0)
				return 1;
	return 0;
}

int
ca_do_roads(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	struct ca_state tmp;
	int rc;

	if ((rc = can_play(st, seat, CA_ROADS, err)) != 0)
		return rc;
	tmp = *st;
	for (int i = 0; i < 2; i++) {
		int e = i ? a->b : a->a, ship = i ? a->kb : a->ka;

		if (e == CA_NONE) {
			if (i == 1 && any_free_edge(&tmp, seat))
				return NO("road-building places two pieces "
				    "while two fit (CA8.4)");
			break;
		}
		if ((rc = edge_fits(&tmp, seat, e, ship, CA_NONE, err)) != 0)
			return rc;
		ca_place_edge(&tmp, seat, e, ship);
	}
	if (dry)
		return 0;
	played(st, seat, CA_ROADS, note);
	for (int i = 0; i < 2; i++) {
		int e = i ? a->b : a->a, ship = i ? a->kb : a->ka;

		if (e == CA_NONE)
			break;
		if ((rc = ca_lay_edge(st, seat, e, ship, note, sec, err)) != 0)
			return rc;
	}
	ca_award_longest_of(st, 1u << seat, note);
	return 0;
}
