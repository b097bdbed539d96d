/*
 * treasure.c -- Seafarers' treasures (catan-rules(7), CA10.5, CA10.6):
 * the first road or ship to reach a treasure's corner finds it, and
 * its finder takes what it holds.  A card treasure's draw is the buy's
 * (devcard.c, ca_deal_devcard): open, fair or sealed alike.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/catan/engine-int.h"
#include "games/catan/sealed.h"

/* The places found by anyone, bit per place. */
unsigned
ca_treasures_found(const struct ca_state *st)
{
	unsigned f = 0;

	for (int s = 0; s < st->nseats; s++)
		f |= st->p[s].found;
	return f;
}

/* The kind of the treasure nobody has found at corner c, or -1 (the
   computer player's, bot-eval.c). */
int
ca_treasure_unfound(const struct ca_state *st, int c)
{
	const struct ca_board *b = st->b;
	unsigned found;

	if (b->ntreasures == 0 || c == CA_NONE)
		return -1;
	found = ca_treasures_found(st);
	for (int i = 0; i < b->ntreasures; i++)
		if (b->treasure_corner[i] == c && !((found >> i) & 1))
			return b->def->treasure_kind[i];
	return -1;
}

/* CA10.6 resources: one card for each hex of corner c that produces a
   resource (gold and fog aside), what the bank holds. */
static void
take_resources(struct ca_state *st, int seat, int c, const char *where,
    struct rules_note *note)
{
	const struct ca_corner *k = &st->b->corner[c];
	uint8_t got[CA_KINDS] = { 0 };
	char g[80];

	for (int i = 0; i < 3; i++) {
		int t = hex_terrain(st, k->hex[i]);

		if (CA_PRODUCES(t) && t != CA_GOLD &&
		    st->bank[CA_TERRAIN_RES(t)] > got[CA_TERRAIN_RES(t)])
			got[CA_TERRAIN_RES(t)]++;
	}
	move_cards(st->bank, st->p[seat].hand, got);
	if (bundle_sum(got))
		NOTE("%s finds resources at %s and gets %s", seat_name(seat),
		    where, ca_bundle_text(got, g, sizeof g));
	else
		NOTE("%s finds resources at %s; the bank has none of them",
		    seat_name(seat), where);
}

/* CA10.6 card: the next development card, as a buy draws it but
   unpaid; from an empty deck, or in Cities & Knights (which has none),
   the corner's resources instead. */
static int
take_card(struct ca_state *st, int seat, int c, const char *where,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	if (!CA_CK(st) && ca_deck_left(st) > 0)
		return ca_deal_devcard(st, seat, where, note, sec, err);
	NOTE("%s finds a development card at %s; %s, so resources instead",
	    seat_name(seat), where, CA_CK(st) ? "Cities & Knights has none" :
	    "the deck is empty");
	take_resources(st, seat, c, where, note);
	return 0;
}

/* CA10.6: what the treasure of place i gives seat. */
static int
reward(struct ca_state *st, int seat, int i, struct rules_note *note,
    struct ca_secret *sec, struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int c = b->treasure_corner[i];
	char where[32];

	where[0] = '\0';
	if (note != NULL)
		ca_corner_name(b, c, where, sizeof where);
	switch (b->def->treasure_kind[i]) {
	case CA_TR_GOLD: {
		uint8_t n[CA_SEATS] = { 0 };

		n[seat] = 2;
		NOTE("%s finds gold at %s and picks 2", seat_name(seat),
		    where);
		if (bundle_sum(st->bank) > 0)
			pend_push(st, CA_P_PICK, 1u << seat, n);
		break;
	}
	case CA_TR_RESOURCES:
		take_resources(st, seat, c, where, note);
		break;
	case CA_TR_CARD:
		return take_card(st, seat, c, where, note, sec, err);
	default:		/* CA_TR_ROADS */
		st->p[seat].free_edges = (uint8_t)(st->p[seat].free_edges + 2);
		NOTE("%s finds roads at %s: the next 2 roads or ships are "
		    "free", seat_name(seat), where);
		break;
	}
	return 0;
}

/* CA10.5: seat's road or ship at e reaches the places at its ends that
   nobody has found, in place order. */
int
ca_find_treasures(struct ca_state *st, int seat, int e,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	const struct ca_board *b = st->b;
	unsigned found;
	int rc;

	if (b->ntreasures == 0)
		return 0;
	found = ca_treasures_found(st);
	for (int i = 0; i < b->ntreasures; i++) {
		int c = b->treasure_corner[i];

		if ((found >> i) & 1 || (b->edge[e].corner[0] != c &&
		    b->edge[e].corner[1] != c))
			continue;
		st->p[seat].found |= (uint8_t)(1u << i);
		if ((rc = reward(st, seat, i, note, sec, err)) != 0)
			return rc;
	}
	return 0;
}
