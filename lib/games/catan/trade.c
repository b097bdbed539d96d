/*
 * trade.c -- trade (catan-rules(7), CA7): with the bank and
 * harbors, offers to the other players and their answers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


static int one_kind(const uint8_t *b, int *kind);
static int check_bundles(const uint8_t *give, const uint8_t *get,
    struct rules_error *err);
static int find_offer(const struct ca_state *st, int num);

/* ---- trade (CA7) --------------------------------------------------------------- */

int
ca_rate(const struct ca_state *st, int seat, int k)
{
	int rate = 4;

	/* CK7.2, CK9.4: the Merchant Guild, 2:1 for every commodity */
	if (CA_CK(st) && k >= CA_RES && has_ability(st, seat,
	    CK_MERCHANT_GUILD))
		return 2;
	/* CK14.4 Merchant Fleet, CK14.3 the merchant */
	if (CA_CK(st) && (((st->ck.fleet >> k & 1) && seat == st->active) ||
	    (st->ck.merchant_holder == seat && k < CA_RES &&
	    CA_TERRAIN_RES(hex_terrain(st, st->ck.merchant)) == k)))
		return 2;
	/* only harbor corners matter: the two ends of each harbor edge */
	for (int i = 0; i < 2 * st->b->nharbors; i++) {
		int c = st->b->harbor_corner[i];
		int h = st->b->corner[c].harbor;

		if (!own_building(st, c, seat))
			continue;
		if (k < CA_RES && (h >> k) & 1)
			return 2;
		if ((h >> CA_HARBOR_ANY) & 1)
			rate = 3;
	}
	return rate;
}

static int
one_kind(const uint8_t *b, int *kind)
{
	int n = 0;

	for (int k = 0; k < CA_KINDS; k++)
		if (b[k]) {
			n++;
			*kind = k;
		}
	return n == 1;
}

int
ca_do_trade(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int gk = 0, wk = 0, r, rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (!one_kind(a->give, &gk) || !one_kind(a->get, &wk))
		return NO("a bank trade gives one kind for one kind");
	if (gk == wk)
		return NO("never the same resource on both sides (CA7.1)");
	if (!CA_CK(st) && (gk >= CA_RES || wk >= CA_RES))
		return NO("the bank trades resources");
	r = ca_rate(st, seat, gk);
	if (a->give[gk] != a->get[wk] * r) {
		rc = NO("your rate for %s is %d:1", ca_kind_names[gk], r);
		if (err != NULL)
			snprintf(err->hint, sizeof err->hint,
			    "trade %d %s for %d %s", a->get[wk] * r,
			    ca_kind_names[gk], a->get[wk], ca_kind_names[wk]);
		return rc;
	}
	if (st->p[seat].hand[gk] < a->give[gk])
		return NO("you hold fewer than %d %s", a->give[gk],
		    ca_kind_names[gk]);
	if (st->bank[wk] < a->get[wk])
		return NO("the bank holds %d %s", st->bank[wk],
		    ca_kind_names[wk]);
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->bank, a->give);
	move_cards(st->bank, st->p[seat].hand, a->get);
	NOTE("%s trades %d %s for %d %s with the bank",
	    seat_name(seat), a->give[gk], ca_kind_names[gk], a->get[wk],
	    ca_kind_names[wk]);
	return 0;
}

static int
check_bundles(const uint8_t *give, const uint8_t *get, struct rules_error *err)
{
	if (bundle_sum(give) == 0 || bundle_sum(get) == 0)
		return NO("each side gives at least one card (CA7.2)");
	for (int k = 0; k < CA_KINDS; k++)
		if (give[k] && get[k])
			return NO("no resource on both sides (CA7.2): %s",
			    ca_kind_names[k]);
	return 0;
}

int
ca_do_offer(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_offer *o = &st->off[seat];
	unsigned to = a->to;
	char g[80], w[80], list[64];
	size_t len = 0;
	int rc;

	if (st->phase != CA_PH_MAIN || st->npend > 0)
		return NO("offers only in the main phase of a turn (CA7.2)");
	if ((rc = check_bundles(a->give, a->get, err)) != 0)
		return rc;
	if (seat == st->active) {
		if (to & (1u << seat))
			return NO("an offer to yourself");
		for (int s = 0; s < CA_SEATS; s++)
			if ((to >> s) & 1 && !live(st, s))
				return NO("%s is not playing", seat_name(s));
		if (to == 0)
			for (int s = 0; s < st->nseats; s++)
				if (s != seat && live(st, s))
					to |= 1u << s;
	} else {
		const struct ca_offer *ao = &st->off[st->active];

		if (to != 0 && to != (1u << st->active))
			return NO("a counter-offer goes to %s alone (CA7.3)",
			    seat_name(st->active));
		if (!ao->num || !(ao->to & (1u << seat)) ||
		    (ao->declined & (1u << seat)))
			return NO("no offer of %s is open to %s (CA7.3)",
			    seat_name(st->active), seat_name(seat));
		to = 1u << st->active;
	}
	if (!holds(st->p[seat].hand, a->give))
		return NO("you do not hold %s", ca_bundle_text(a->give, g,
		    sizeof g));
	if (dry)
		return 0;
	memset(o, 0, sizeof *o);
	o->num = st->next_offer++;
	o->to = (uint8_t)to;
	memcpy(o->give, a->give, sizeof o->give);
	memcpy(o->get, a->get, sizeof o->get);
	list[0] = '\0';
	for (int s = 0; s < st->nseats; s++)
		if ((to >> s) & 1)
			len += (size_t)snprintf(list + len, sizeof list - len,
			    "%s%s", len ? ", " : "", seat_name(s));
	NOTE("#%d %s offers %s for %s to %s", o->num,
	    seat_name(seat), ca_bundle_text(a->give, g, sizeof g),
	    ca_bundle_text(a->get, w, sizeof w), list);
	return 0;
}

static int
find_offer(const struct ca_state *st, int num)
{
	for (int s = 0; s < st->nseats; s++)
		if (num && st->off[s].num == num)
			return s;
	return -1;
}

int
ca_do_answer(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int m = find_offer(st, a->num);
	struct ca_offer *o;
	char g[80], w[80];

	if (st->phase != CA_PH_MAIN || st->npend > 0)
		return NO("no offer may be answered now");
	if (m < 0)
		return NO("offer #%d is not open", a->num);
	o = &st->off[m];
	if (m == seat)
		return NO("#%d is your own offer", a->num);
	if (!(o->to & (1u << seat)))
		return NO("#%d is not addressed to %s", a->num, seat_name(seat));
	if (o->declined & (1u << seat))
		return NO("you declined #%d", a->num);
	if (a->verb == CA_A_DECLINE) {
		if (dry)
			return 0;
		o->declined |= (uint8_t)(1u << seat);
		NOTE("%s declines #%d", seat_name(seat), o->num);
		if ((o->declined & o->to) == o->to)
			memset(o, 0, sizeof *o);
		return 0;
	}
	if (!holds(st->p[m].hand, o->give))
		return NO("%s lacks the cards of #%d", seat_name(m), a->num);
	if (!holds(st->p[seat].hand, o->get))
		return NO("%s lacks the cards of #%d", seat_name(seat), a->num);
	if (dry)
		return 0;
	move_cards(st->p[m].hand, st->p[seat].hand, o->give);
	move_cards(st->p[seat].hand, st->p[m].hand, o->get);
	NOTE("%s accepts #%d: %s gives %s, %s gives %s",
	    seat_name(seat), o->num, seat_name(m),
	    ca_bundle_text(o->give, g, sizeof g), seat_name(seat),
	    ca_bundle_text(o->get, w, sizeof w));
	lapse_all(st);
	return 0;
}

int
ca_do_withdraw(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct rules_error *err)
{
	if (!st->off[seat].num)
		return NO("%s has no open offer", seat_name(seat));
	if (dry)
		return 0;
	NOTE("%s withdraws #%d", seat_name(seat), st->off[seat].num);
	memset(&st->off[seat], 0, sizeof st->off[seat]);
	return 0;
}
