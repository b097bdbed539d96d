/*
 * ck-progress.c -- Cities & Knights' progress cards played
 * (catan-ck-rules(7), CK13.5, CK14): the helpers the cards share and the
 * cards themselves.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"
#include "games/catan/sealed.h"


static void played_progress(struct ca_state *st, int seat, int i,
    struct rules_note *note);
static int harvest(struct ca_state *st, int seat, int t, int k, int dry,
    struct rules_note *note, struct rules_error *err);
static void monopoly(struct ca_state *st, int seat, int k, int most,
    struct rules_note *note);
static int ck_steal(struct ca_state *st, int seat, int who,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err);
static void spy_take(struct ca_state *st, int seat, int v, int k,
    struct rules_note *note);
static void secret_give(const struct ca_state *st, int from, int to,
    const uint8_t *b, struct ca_secret *sec);
static int harbor_give(struct ca_state *st, int seat,
    const struct ca_action *a, int dry, struct rules_note *note,
    struct ca_secret *sec, struct rules_error *err);
static void deserter_place(struct ca_state *st, uint8_t v,
    struct rules_note *note);
static void desert(struct ca_state *st, int who, int c,
    struct rules_note *note);

/* CK13.5, CK13.6: the card leaves the hand for the bottom of its deck. */
static void
played_progress(struct ca_state *st, int seat, int i, struct rules_note *note)
{
	struct ca_ck_player *p = &st->ck.p[seat];
	int at = prog_at(st, seat, i);

	/* the open cards alone: the sealed ones behind stay (CK20) */
	memmove(&p->prog[at], &p->prog[at + 1], (size_t)(p->nprog - 1 - at));
	p->prog[p->nprog - 1] = CA_NONE;
	p->nprog--;
	ca_to_bottom(st, i);
	NOTE("%s plays %s", seat_name(seat), st->ck.d->cards[i].name);
}

/* An own settlement or city on a corner of hex h. */
int
ca_own_at_hex(const struct ca_state *st, int seat, int h)
{
	for (int d = 0; d < 6; d++)
		if (own_building(st, st->b->hcorner[h][d], seat))
			return 1;
	return 0;
}

/* CK14.20, CK14.22: 2 of kind for each hex of terrain t by seat. */
static int
harvest(struct ca_state *st, int seat, int t, int k, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int n = 0, got;

	for (int h = 0; h < st->b->nhex; h++)
		if (hex_terrain(st, h) == t && ca_own_at_hex(st, seat, h))
			n++;
	if (n == 0)
		return NO("no %s next to a settlement or city of yours",
		    ca_terrain_names[t]);
	if (dry)
		return 0;
	got = 2 * n < st->bank[k] ? 2 * n : st->bank[k];
	st->bank[k] = (uint8_t)(st->bank[k] - got);
	st->p[seat].hand[k] = (uint8_t)(st->p[seat].hand[k] + got);
	NOTE("%s takes %d %s", seat_name(seat), got, ca_kind_names[k]);
	return 0;
}

/* CK14.5, CK14.6: each opponent gives up to most of kind k. */
static void
monopoly(struct ca_state *st, int seat, int k, int most,
    struct rules_note *note)
{
	for (int i = 1; i < st->nseats; i++) {
		int s = (seat + i) % st->nseats, n;

		if (!live(st, s))
			continue;
		n = st->p[s].hand[k] < most ? st->p[s].hand[k] : most;
		if (n == 0)
			continue;
		st->p[s].hand[k] = (uint8_t)(st->p[s].hand[k] - n);
		st->p[seat].hand[k] = (uint8_t)(st->p[seat].hand[k] + n);
		NOTE("%s gives %s %d %s", seat_name(s), seat_name(seat), n,
		    ca_kind_names[k]);
	}
}

/* One random card from who to seat (CK16.3's canonical kind order). */
static int
ck_steal(struct ca_state *st, int seat, int who, struct rules_note *note,
    struct ca_secret *sec, struct rules_error *err)
{
	struct chance_stream cs;
	struct ca_player *v = &st->p[who];
	int rc, k;

	if ((rc = ca_open_event(st, EV_STEAL, "steal", (1u << seat) |
	    (1u << who), &cs, err)) != 0)
		return rc;
	k = ca_stolen_kind(st, v, chance_below(&cs, ca_hand_count(v)));
	v->hand[k]--;
	st->p[seat].hand[k]++;
	NOTE("%s takes a card from %s", seat_name(seat), seat_name(who));
	ca_secret_add(sec, seat, "you took 1 %s from %s", ca_kind_names[k],
	    seat_name(who));
	ca_secret_add(sec, who, "%s took 1 %s from you", seat_name(seat),
	    ca_kind_names[k]);
	return 0;
}

/* seat takes the k-th progress card of v (CK14.13). */
static void
spy_take(struct ca_state *st, int seat, int v, int k, struct rules_note *note)
{
	struct ca_ck_player *q = &st->ck.p[v], *p = &st->ck.p[seat];
	int i = q->prog[k];

	memmove(&q->prog[k], &q->prog[k + 1], (size_t)(q->nprog - 1 - k));
	q->prog[q->nprog - 1] = CA_NONE;
	q->nprog--;
	if (ck_held(st, seat) < CK_HAND_MAX)
		p->prog[p->nprog++] = (uint8_t)i;
	NOTE("%s takes a progress card from %s", seat_name(seat),
	    seat_name(v));
}

/* The cards from gave to got, told to the two of them (CK16.1). */
static void
secret_give(const struct ca_state *st, int from, int to, const uint8_t *b,
    struct ca_secret *sec)
{
	char g[80];

	ca_bundle_text(b, g, sizeof g);
	ca_secret_add(sec, to, "%s gave you %s", seat_name(from), g);
	ca_secret_add(sec, from, "you gave %s %s", seat_name(to), g);
}

int
ca_do_take(struct ca_state *st, int seat, int i, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	int v, at = -1;

	if (st->npend == 0 || p->kind != CA_P_SPY ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no take", seat_name(seat));
	v = p->n[seat] - 1;
	for (int k = 0; k < st->ck.p[v].nprog && at < 0; k++)
		if (st->ck.p[v].prog[k] == i)
			at = k;
	if (at < 0)
		return NO("%s holds no such card", seat_name(v));
	if (dry)
		return 0;
	spy_take(st, seat, v, at, note);
	pend_pop(st);
	return 0;
}

/*
 * CK14.1: the seat owing the Commercial Harbor's trade gives the active
 * seat 1 commodity of its choice and gets the resource named; the two
 * of them know the cards (CK16.1).
 */
static int
harbor_give(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int act = st->active, r = st->pend[0].n[seat] - 1, k = -1;

	for (int x = 0; x < CA_KINDS; x++)
		if (a->give[x])
			k = x;
	if (bundle_sum(a->give) != 1 || k < CA_RES)
		return NO("give 1 commodity (CK14.1)");
	if (st->p[seat].hand[k] == 0)
		return NO("you hold no %s", ca_kind_names[k]);
	if (dry)
		return 0;
	st->p[seat].hand[k]--;
	st->p[act].hand[k]++;
	st->p[act].hand[r]--;
	st->p[seat].hand[r]++;
	NOTE("%s gives %s a commodity for a resource (Commercial Harbor)",
	    seat_name(seat), seat_name(act));
	ca_secret_add(sec, act, "%s gave you 1 %s for your 1 %s",
	    seat_name(seat), ca_kind_names[k], ca_kind_names[r]);
	ca_secret_add(sec, seat, "you gave %s 1 %s for 1 %s", seat_name(act),
	    ca_kind_names[k], ca_kind_names[r]);
	pend_pop(st);
	return 0;
}

/*
 * CK14.1: harbor SEAT RESOURCE, once the Commercial Harbor is played, at
 * most once an opponent a turn; void when SEAT holds no commodity (the
 * one forced answer from a hidden fact, CK18.3), else SEAT owes a give.
 */
int
ca_do_harbor(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err)
{
	uint8_t n[CA_SEATS] = { 0 };
	int v = a->victim, rc, any = 0;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (!(st->ck.harbor & CK_HARBOR_ON))
		return NO("play the Commercial Harbor first (CK14.1)");
	if (v >= st->nseats || v == seat || !live(st, v))
		return NO("the Commercial Harbor trades with another player");
	if (st->ck.harbor & (1u << v))
		return NO("you traded with %s by the Commercial Harbor this "
		    "turn (CK14.1)", seat_name(v));
	if (a->res >= CA_RES)
		return NO("you give a resource (CK14.1)");
	if (st->p[seat].hand[a->res] == 0)
		return NO("you hold no %s", ca_kind_names[a->res]);
	if (dry)
		return 0;
	st->ck.harbor = (uint8_t)(st->ck.harbor | (1u << v));
	for (int k = CA_RES; k < CA_KINDS; k++)
		any += st->p[v].hand[k];
	if (!any) {
		NOTE("%s holds no commodity: the Commercial Harbor's trade is "
		    "void (CK14.1)", seat_name(v));
		return 0;
	}
	NOTE("%s forces a trade on %s (Commercial Harbor)", seat_name(seat),
	    seat_name(v));
	n[v] = (uint8_t)(a->res + 1);
	pend_push(st, CA_P_HARBOR, 1u << v, n);
	return 0;
}

int
ca_do_give(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	char g[80];

	if (st->npend > 0 && p->kind == CA_P_HARBOR &&
	    (p->seats & (1u << seat)))
		return harbor_give(st, seat, a, dry, note, sec, err);
	if (st->npend == 0 || p->kind != CA_P_WEDDING ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no gift", seat_name(seat));
	if (bundle_sum(a->give) != p->n[seat])
		return NO("give exactly %d cards", p->n[seat]);
	if (!holds(st->p[seat].hand, a->give))
		return NO("you do not hold %s", ca_bundle_text(a->give, g,
		    sizeof g));
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->p[st->active].hand, a->give);
	NOTE("%s gives %s %d cards", seat_name(seat),
	    seat_name(st->active), p->n[seat]);
	secret_give(st, seat, st->active, a->give, sec);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	ca_pend_settle(st);
	return 0;
}

/* A vacant corner at the end of an own road (CK11.2's placement). */
int
ca_knight_place_ok(const struct ca_state *st, int seat, int c)
{
	return c < st->b->ncorner && !st->corner[c] && road_end(st, seat, c);
}

/*
 * CK14.9: the knight of corner byte v deserted; the player (the active
 * seat) may place one of that level, or the highest lower one in their
 * supply, with its status, spent; nothing owed without a piece or a
 * place.  The item goes first in the queue (right after its step).
 */
static void
deserter_place(struct ca_state *st, uint8_t v, struct rules_note *note)
{
	int seat = st->active, level = CK_KNIGHT_LEVEL(v), any = 0;
	uint8_t n[CA_SEATS] = { 0 };

	while (level >= 1 && knights_on_board(st, seat, level) >=
	    CK_KNIGHTS_PER_LEVEL)
		level--;
	for (int c = 0; c < st->b->ncorner && !any; c++)
		any = ca_knight_place_ok(st, seat, c);
	if (level < 1 || !any) {
		NOTE("%s has no knight to place", seat_name(seat));
		return;
	}
	n[seat] = (uint8_t)(1 + (level - 1) + 4 * CK_KNIGHT_ACTIVE(v));
	pend_push(st, CA_P_PLACE, 1u << seat, n);
	if (st->npend > 1) {
		struct ca_pend x = st->pend[st->npend - 1];

		memmove(&st->pend[1], &st->pend[0],
		    sizeof st->pend[0] * (size_t)(st->npend - 1));
		st->pend[0] = x;
	}
}

static void
desert(struct ca_state *st, int who, int c, struct rules_note *note)
{
	uint8_t v = st->corner[c];
	char name[32];

	st->corner[c] = 0;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s's knight at %s deserts", seat_name(who), name);
	ca_award_longest_of(st, ca_meet_at(st, c, who), note);
	deserter_place(st, v, note);
}

int
ca_do_desert(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];

	if (st->npend == 0 || p->kind != CA_P_DESERT ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no deserter", seat_name(seat));
	if (!own_knight(st, seat, c))
		return NO("no knight of yours there");
	if (dry)
		return 0;
	pend_pop(st);
	desert(st, seat, c, note);
	return 0;
}

int
ca_do_place_knight(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	int level, active;
	char name[32];

	if (st->npend == 0 || p->kind != CA_P_PLACE ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no knight's place", seat_name(seat));
	level = (p->n[seat] - 1) % 4 + 1;
	active = (p->n[seat] - 1) / 4;
	if (c != CA_NONE && !ca_knight_place_ok(st, seat, c))
		return NO("a knight stands on a vacant intersection at the "
		    "end of a road of yours (CK11.2)");
	if (dry)
		return 0;
	pend_pop(st);
	if (c == CA_NONE) {
		NOTE("%s places no knight", seat_name(seat));
		return 0;
	}
	st->corner[c] = CA_C_MAKE(seat, CA_CP_KNIGHT | (level - 1) |
	    (active ? CA_CP_ACTIVE : 0) | CA_CP_SPENT);
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s places a %s knight at %s", seat_name(seat), level == 1 ?
	    "basic" : level == 2 ? "strong" : "mighty", name);
	ca_award_longest_of(st, ca_meet_at(st, c, seat), note);
	return 0;
}

int
ca_do_take_cards(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	char g[80];
	int v;

	if (st->npend == 0 || p->kind != CA_P_MASTER ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no take", seat_name(seat));
	v = p->n[seat] - 1;
	if (bundle_sum(a->get) != 2)
		return NO("take 2 cards (CK14.2)");
	if (!holds(st->p[v].hand, a->get))
		return NO("%s does not hold %s", seat_name(v),
		    ca_bundle_text(a->get, g, sizeof g));
	if (dry)
		return 0;
	move_cards(st->p[v].hand, st->p[seat].hand, a->get);
	NOTE("%s takes 2 cards from %s", seat_name(seat), seat_name(v));
	secret_give(st, v, seat, a->get, sec);
	pend_pop(st);
	return 0;
}

/* CK14.10: the road at e is open: an end of it holds no piece of its
   owner (a building, another road). */
int
ca_road_open(const struct ca_state *st, int e)
{
	const struct ca_edge *ed = &st->b->edge[e];
	int o = e_owner(st, e);

	for (int j = 0; j < 2; j++) {
		int x0 = ed->corner[j], held;
		const struct ca_corner *k;

		if (x0 == CA_NONE)
			continue;
		k = &st->b->corner[x0];
		held = st->corner[x0] && c_owner(st, x0) == o;
		for (int x = 0; x < k->nedge && !held; x++) {
			int f = k->edge[x];

			held = f != CA_NONE && f != e && st->edge[f] &&
			    e_owner(st, f) == o;
		}
		if (!held)
			return 1;
	}
	return 0;
}


typedef int play_fn(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);

/* Alchemist (CK14.16, CK4.2): only as the roll of the turn, before it. */
static int
play_alchemist(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	const struct ck_card *c = &st->ck.d->cards[a->res];

	if (seat != st->active || st->npend > 0 ||
	    st->phase != CA_PH_PREROLL)
		return NO("the Alchemist is played as the roll, before "
		    "it (CK14.16)");
	if (prog_at(st, seat, a->res) < 0)
		return NO("you hold no %s", c->name);
	if (a->a < 1 || a->a > 6 || a->b < 1 || a->b > 6)
		return NO("the dice show 1 to 6");
	if (dry)
		return 0;
	played_progress(st, seat, a->res, note);
	return ck_roll(st, seat, a->a, a->b, note, err);
}

/* Warlord */
static int
play_warlord(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;
	int any = 0;

	for (int x = 0; x < st->b->ncorner; x++) {
		uint8_t v = own_knight(st, seat, x);

		any |= v && !CK_KNIGHT_ACTIVE(v);
	}
	if (!any)
		return NO("no inactive knight of yours (CK14.14)");
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	for (int x = 0; x < st->b->ncorner; x++) {
		uint8_t v = own_knight(st, seat, x);

		if (v && !CK_KNIGHT_ACTIVE(v))
			st->corner[x] = (uint8_t)(v | ((CA_CP_ACTIVE |
			    CA_CP_SPENT) << 3));
	}
	NOTE("%s's knights are all active", seat_name(seat));
	return 0;
}

/* Irrigation, Mining */
static int
play_harvest(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res, rc, e = st->ck.d->cards[a->res].effect;
	int t = e == CK_E_IRRIGATION ? CA_FIELDS : CA_MOUNTAINS;
	int k = e == CK_E_IRRIGATION ? CA_GRAIN : CA_ORE;

	if ((rc = harvest(st, seat, t, k, 1, NULL, err)) != 0 || dry)
		return rc;
	played_progress(st, seat, i, note);
	return harvest(st, seat, t, k, 0, note, err);
}

/* Resource Monopoly, Trade Monopoly */
static int
play_monopoly(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	const struct ck_card *c = &st->ck.d->cards[a->res];
	int i = a->res, e = st->ck.d->cards[a->res].effect;

	if (e == CK_E_RESOURCE_MONOPOLY ? a->ka >= CA_RES :
	    (a->ka < CA_RES || a->ka >= CA_KINDS))
		return NO("%s names a %s", c->name, e ==
		    CK_E_RESOURCE_MONOPOLY ? "resource" : "commodity");
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	monopoly(st, seat, a->ka, e == CK_E_RESOURCE_MONOPOLY ? 2 : 1,
	    note);
	return 0;
}

/* Merchant Fleet */
static int
play_merchant_fleet(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	if (a->ka >= CA_KINDS)
		return NO("Merchant Fleet names a kind of card");
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	st->ck.fleet |= (uint8_t)(1u << a->ka);	/* adds (CK14.4) */
	NOTE("%s trades %s at 2:1 this turn", seat_name(seat),
	    ca_kind_names[a->ka]);
	return 0;
}

/* Engineer */
static int
play_engineer(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res, rc;

	if (a->a >= st->b->ncorner)
		return NO("no such corner");
	if ((rc = ca_do_wall(st, seat, a->a, 1, 1, NULL, err)) != 0 || dry)
		return rc;
	played_progress(st, seat, i, note);
	return ca_do_wall(st, seat, a->a, 1, 0, note, err);
}

/* Medicine */
static int
play_medicine(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res, rc;
	static const uint8_t cost_medicine[CA_KINDS] = { 0, 0, 0, 1, 2 };

	if (a->a >= st->b->ncorner)
		return NO("no such corner");
	if ((rc = ca_build_city_for(st, seat, a->a, cost_medicine, 1, NULL,
	    err)) != 0 || dry)
		return rc;
	played_progress(st, seat, i, note);
	return ca_build_city_for(st, seat, a->a, cost_medicine, 0, note,
	    err);
}

/* Crane */
static int
play_crane(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res, rc;

	if (a->ka >= CK_TRACKS)
		return NO("no such track");
	if ((rc = ca_do_improve(st, seat, a->ka, a->a, 1, 1, NULL,
	    err)) != 0 || dry)
		return rc;
	played_progress(st, seat, i, note);
	return ca_do_improve(st, seat, a->ka, a->a, 1, 0, note, err);
}

/* Smith */
static int
play_smith(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	struct ca_state tmp;
	int i = a->res, rc;

	/* CK14.25: each in the order written, all or nothing */
	if (a->a >= st->b->ncorner || (a->b != CA_NONE &&
	    (a->b >= st->b->ncorner || a->b == a->a)))
		return NO("Smith promotes one or two different knights");
	tmp = *st;
	if ((rc = ca_do_promote(&tmp, seat, a->a, 1, 0, NULL, err)) != 0)
		return rc;
	if (a->b != CA_NONE && (rc = ca_do_promote(&tmp, seat, a->b, 1, 0,
	    NULL, err)) != 0)
		return rc;
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	ca_do_promote(st, seat, a->a, 1, 0, note, NULL);
	if (a->b != CA_NONE)
		ca_do_promote(st, seat, a->b, 1, 0, note, NULL);
	return 0;
}

/* Road Building */
static int
play_road_building(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	struct ca_state tmp;
	int i = a->res, rc;

	/* CK14.24: 1 or 2 free roads, the second judged after the
	   first; CK19.5: either may be a ship (ka, kb 1) */
	int ship[2] = { a->ka == 1, a->kb == 1 };

	if (a->a >= st->b->nedge || (a->b != CA_NONE &&
	    a->b >= st->b->nedge))
		return NO("no such edge");
	if (a->b == CA_NONE && ship[1])
		return NO("no second piece");
	tmp = *st;
	for (int k = 0; k < 2; k++) {
		int x = k ? a->b : a->a;

		if (x == CA_NONE)
			break;
		if ((rc = edge_fits(&tmp, seat, x, ship[k], CA_NONE,
		    err)) != 0)
			return rc;
		ca_place_edge(&tmp, seat, x, ship[k]);
	}
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	for (int k = 0; k < 2; k++) {
		int x = k ? a->b : a->a;

		if (x == CA_NONE)
			break;
		if ((rc = ca_lay_edge(st, seat, x, ship[k], note, NULL,
		    err)) != 0)
			return rc;
	}
	ca_award_longest_of(st, 1u << seat, note);
	return 0;
}

/* Merchant */
static int
play_merchant(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;
	int t;

	if (a->a >= st->b->nhex)
		return NO("no such hex");
	t = hex_terrain(st, a->a);
	if (t == CA_GOLD)
		return NO("the merchant never goes on a gold field "
		    "(CK19.4)");
	if (t < CA_HILLS || t > CA_MOUNTAINS)
		return NO("the merchant goes on a land hex producing a "
		    "resource (CK14.3)");
	if (!ca_own_at_hex(st, seat, a->a))
		return NO("the merchant goes next to a settlement or "
		    "city of yours (CK14.3)");
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	if (st->ck.merchant_holder != CA_NONE &&
	    st->ck.merchant_holder != seat)
		NOTE("%s loses the merchant", seat_name(
		    st->ck.merchant_holder));
	st->ck.merchant = (uint8_t)a->a;
	st->ck.merchant_holder = (uint8_t)seat;
	NOTE("%s holds the merchant: %s at 2:1", seat_name(seat),
	    ca_kind_names[CA_TERRAIN_RES(t)]);
	return 0;
}

/* Bishop */
static int
play_bishop(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res, rc;
	unsigned cand, holding;
	int who, pirate;

	if (st->ck.attacks == 0)
		return NO("the robber stays in the desert until the "
		    "barbarians have attacked (CK6.1)");
	if (a->a >= st->b->nhex)
		return NO("no such hex");
	/* CK19.6: on a Seafarers map a sea hex takes the pirate, and
	   each opponent with a ship beside it gives a card */
	pirate = st->b->kind == CA_MAP_SEAFARERS && is_sea(st, a->a);
	/* base robber placement; the victim named: none */
	cand = ca_victims(st, seat, a->a, pirate, &holding);
	(void)cand;
	if ((rc = ca_check_robber(st, seat, a->a, pirate,
	    holding ? (uint8_t)__builtin_ctz(holding) : CA_NONE, &who,
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	if ((rc = ca_move_robber(st, seat, a->a, pirate, CA_NONE, note, sec,
	    err)) != 0)
		return rc;
	/* CK14.7: 1 card from each, clockwise from the active seat */
	for (int k = 1; k < st->nseats; k++) {
		int s = (seat + k) % st->nseats;

		if ((holding >> s) & 1 && (rc = ck_steal(st, seat, s,
		    note, sec, err)) != 0)
			return rc;
	}
	return 0;
}

/* Saboteur */
static int
play_saboteur(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	/* CK14.12: the others with at least as many VP discard half */
	uint8_t n[CA_SEATS] = { 0 };
	unsigned owe = 0, qualify = 0;
	int mine = ca_vp(st, seat, 1);

	for (int s = 0; s < st->nseats; s++)
		if (s != seat && live(st, s) && ca_vp(st, s, 1) >= mine) {
			qualify |= 1u << s;
			n[s] = (uint8_t)(ca_hand_count(&st->p[s]) / 2);
			if (n[s])
				owe |= 1u << s;
		}
	if (!qualify)
		return NO("nobody else has as many points as you "
		    "(CK14.12)");
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	for (int s = 0; s < st->nseats; s++)
		if (n[s])
			NOTE("%s must discard %d", seat_name(s), n[s]);
	pend_push(st, CA_P_DISCARD, owe, n);
	return 0;
}

/* Intrigue */
static int
play_intrigue(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	/* CK14.11: an opponent's knight at the end of an own road is
	   displaced and retreats as in CK11.9 */
	uint8_t t = a->a < st->b->ncorner ? st->corner[a->a] : 0;
	uint8_t n[CA_SEATS] = { 0 };
	int owner = t ? CA_C_OWNER(t) : -1, last = CA_NONE, k;

	if (a->a >= st->b->ncorner)
		return NO("no such corner");
	if (!t || !CK_KNIGHT(t) || owner == seat)
		return NO("no knight of another player there (CK14.11)");
	if (!road_end(st, seat, a->a))
		return NO("the knight must stand at the end of a road "
		    "of yours (CK14.11)");
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	st->corner[a->a] = 0;
	NOTE("%s's knight is displaced", seat_name(owner));
	k = ca_retreats(st, owner, a->a, &last);
	if (k == 0)
		NOTE("%s's knight goes back to the supply",
		    seat_name(owner));
	else if (k == 1)
		ca_retreat_to(st, owner, last, t, note);
	else {
		n[0] = a->a;
		n[1] = t;
		pend_push(st, CA_P_RETREAT, 1u << owner, n);
	}
	ca_award_longest_of(st, ca_meet_at(st, a->a, owner) | (k == 1 ?
	    ca_meet_at(st, last, owner) : 0), note);
	return 0;
}

/* Diplomat */
static int
play_diplomat(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	struct ca_state tmp;
	int i = a->res, rc;

	/* CK14.10: an open road removed; an own one may be put back */
	int o;

	if (a->a >= st->b->nedge || (a->b != CA_NONE &&
	    a->b >= st->b->nedge))
		return NO("no such edge");
	if (!st->edge[a->a] || e_ship(st, a->a))
		return NO("no road there");
	o = e_owner(st, a->a);
	if (!ca_road_open(st, a->a))
		return NO("the road is not open: both ends hold a piece "
		    "of its owner (CK14.10)");
	if (a->b != CA_NONE && o != seat)
		return NO("only your own road is put back (CK14.10)");
	if (a->b != CA_NONE) {
		tmp = *st;
		tmp.edge[a->a] = 0;
		tmp.p[o].supply[CA_S_ROAD]++;
		if ((rc = edge_fits(&tmp, seat, a->b, 0, CA_NONE,
		    err)) != 0)
			return rc;
	}
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	st->edge[a->a] = 0;
	st->p[o].supply[CA_S_ROAD]++;
	NOTE("%s's road is removed", seat_name(o));
	if (a->b != CA_NONE && (rc = ca_lay_edge(st, seat, a->b, 0, note,
	    NULL, err)) != 0)
		return rc;
	/* o's roads alone changed (a road put back is o's own, and
	   no route is blocked by another seat's road) */
	ca_award_longest_of(st, 1u << o, note);
	return 0;
}

/* Master Merchant */
static int
play_master_merchant(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	/* CK14.2: 2 cards of a player with more points, seen */
	uint8_t n[CA_SEATS] = { 0 };
	int v = a->victim, h;

	if (v == CA_NONE || v == seat || !live(st, v))
		return NO("the Master Merchant names another player");
	if (ca_vp(st, v, 1) <= ca_vp(st, seat, 1))
		return NO("%s has no more points than you (CK14.2)",
		    seat_name(v));
	if ((h = ca_hand_count(&st->p[v])) == 0)
		return NO("%s holds no card (CK14.2)", seat_name(v));
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	if (h <= 2) {			/* CK18.2: forced */
		uint8_t all[CA_KINDS];

		memcpy(all, st->p[v].hand, sizeof all);
		move_cards(st->p[v].hand, st->p[seat].hand, all);
		NOTE("%s takes %d card%s from %s", seat_name(seat), h,
		    h == 1 ? "" : "s", seat_name(v));
		secret_give(st, v, seat, all, sec);
		return 0;
	}
	n[seat] = (uint8_t)(v + 1);
	pend_push(st, CA_P_MASTER, 1u << seat, n);
	return 0;
}

/* Deserter */
static int
play_deserter(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	/* CK14.9 */
	uint8_t n[CA_SEATS] = { 0 };
	int v = a->victim, k = 0, last = CA_NONE;

	if (v == CA_NONE || v == seat || !live(st, v))
		return NO("the Deserter names another player");
	for (int x = 0; x < st->b->ncorner; x++)
		if (own_knight(st, v, x)) {
			k++;
			last = x;
		}
	if (k == 0)
		return NO("%s has no knight on the board (CK14.9)",
		    seat_name(v));
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	if (k == 1) {			/* CK18.2: forced */
		desert(st, v, last, note);
		return 0;
	}
	n[v] = 1;
	pend_push(st, CA_P_DESERT, 1u << v, n);
	return 0;
}

/* Spy */
static int
play_spy(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	/* CK14.13 */
	uint8_t n[CA_SEATS] = { 0 };
	int v = a->victim, rc;

	if (v == CA_NONE || v == seat || !live(st, v))
		return NO("the Spy names another player");
	if (ck_held(st, v) == 0)
		return NO("%s holds no progress card (CK14.13)",
		    seat_name(v));
	if (dry)
		return 0;
	/* CK20.5: the target's sealed cards shown to all first */
	if ((rc = ck_sealed_open_all(st, v, note, err)) != 0)
		return rc;
	played_progress(st, seat, i, note);
	if (st->ck.p[v].nprog == 0)	/* CK20.5: its Printer laid */
		return 0;
	if (st->ck.p[v].nprog == 1) {	/* CK18.2: forced */
		spy_take(st, seat, v, 0, note);
		return 0;
	}
	n[seat] = (uint8_t)(v + 1);
	pend_push(st, CA_P_SPY, 1u << seat, n);
	return 0;
}

/* Wedding */
static int
play_wedding(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	/* CK14.15: the richer give 2 of their choice, forced with 2
	   cards or fewer */
	uint8_t n[CA_SEATS] = { 0 };
	unsigned owe = 0, richer = 0;
	int mine = ca_vp(st, seat, 1);

	for (int s = 0; s < st->nseats; s++)
		if (s != seat && live(st, s) && ca_vp(st, s, 1) > mine)
			richer |= 1u << s;
	if (!richer)
		return NO("nobody has more points than you (CK14.15)");
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	for (int k = 1; k < st->nseats; k++) {
		int s = (seat + k) % st->nseats;
		int h = ca_hand_count(&st->p[s]);

		if (!((richer >> s) & 1) || h == 0)
			continue;
		if (h <= 2) {
			uint8_t all[CA_KINDS];

			memcpy(all, st->p[s].hand, sizeof all);
			move_cards(st->p[s].hand, st->p[seat].hand, all);
			NOTE("%s gives %s %d card%s", seat_name(s),
			    seat_name(seat), h, h == 1 ? "" : "s");
			secret_give(st, s, seat, all, sec);
		} else {
			owe |= 1u << s;
			n[s] = 2;
		}
	}
	pend_push(st, CA_P_WEDDING, owe, n);
	return 0;
}

/* Inventor */
static int
play_inventor(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	/* CK14.19: two tokens swapped, neither 2, 12, 6 nor 8 */
	int h[2] = { a->a, a->b };
	char hn[2][16];

	for (int k = 0; k < 2; k++) {
		int t;

		if (h[k] >= st->b->nhex)
			return NO("no such hex");
		if (st->b->terrain[h[k]] == CA_FOG)
			return NO("the Inventor never moves a token of a "
			    "fog hex (CK19.7)");
		if ((t = hex_token(st, h[k])) == 0)
			return NO("the Inventor swaps two number tokens "
			    "(CK14.19)");
		if (t == 2 || t == 12 || t == 6 || t == 8)
			return NO("the Inventor never moves a%s %d "
			    "(CK14.19)", t == 8 ? "n" : "", t);
	}
	if (h[0] == h[1])
		return NO("the Inventor swaps two different hexes "
		    "(CK14.19)");
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	for (int k = 0; k < 2; k++)
		ca_hex_name(st->b, h[k], hn[k], sizeof hn[k]);
	NOTE("%s swaps the %d of %s and the %d of %s", seat_name(seat),
	    hex_token(st, h[0]), hn[0], hex_token(st, h[1]),
	    hn[1]);
	if (st->b->ngrow != 0) {
		/* CK19.10: Greater Catan's numbers are gc.tok's, every
		   hex holding one has its place there (CA10.7) */
		uint8_t *g0 = &st->gc.tok[st->b->growidx[h[0]]];
		uint8_t *g1 = &st->gc.tok[st->b->growidx[h[1]]];
		uint8_t t = *g0;

		*g0 = *g1;
		*g1 = t;
	} else {
		/* both hold movable tokens: both have a slot */
		int k0 = swap_slot(st->b, h[0]);
		int k1 = swap_slot(st->b, h[1]);
		int t = tok_get(st, k0);

		tok_set(st, k0, tok_get(st, k1));
		tok_set(st, k1, t);
	}
	return 0;
}

/* Commercial Harbor */
static int
play_commercial_harbor(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int i = a->res;

	/* CK14.1: forced trades for the rest of the turn */
	if (st->ck.harbor & CK_HARBOR_ON)
		return NO("the Commercial Harbor is in play this turn "
		    "already: once an opponent a turn, even with two "
		    "cards (CK14.1)");
	{
		int any = 0;

		for (int k = 0; k < CA_RES; k++)
			any |= st->p[seat].hand[k] != 0;
		if (!any)
			return NO("the Commercial Harbor needs a resource "
			    "to give, and you hold none (CK14.1)");
	}
	if (dry)
		return 0;
	played_progress(st, seat, i, note);
	st->ck.harbor = CK_HARBOR_ON;
	NOTE("%s may force a trade on each opponent this turn",
	    seat_name(seat));
	return 0;
}

/* Printer, Constitution */
static int
play_vp_card(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	return NO("a victory-point card is never played (CK13.3)");
}

/* The progress cards a seat plays in its main phase (CK14), by effect. */
static play_fn *const play_of[CK_EFFECTS] = {
	[CK_E_WARLORD] = play_warlord,
	[CK_E_IRRIGATION] = play_harvest,
	[CK_E_MINING] = play_harvest,
	[CK_E_RESOURCE_MONOPOLY] = play_monopoly,
	[CK_E_TRADE_MONOPOLY] = play_monopoly,
	[CK_E_MERCHANT_FLEET] = play_merchant_fleet,
	[CK_E_ENGINEER] = play_engineer,
	[CK_E_MEDICINE] = play_medicine,
	[CK_E_CRANE] = play_crane,
	[CK_E_SMITH] = play_smith,
	[CK_E_ROAD_BUILDING] = play_road_building,
	[CK_E_MERCHANT] = play_merchant,
	[CK_E_BISHOP] = play_bishop,
	[CK_E_SABOTEUR] = play_saboteur,
	[CK_E_INTRIGUE] = play_intrigue,
	[CK_E_DIPLOMAT] = play_diplomat,
	[CK_E_MASTER_MERCHANT] = play_master_merchant,
	[CK_E_DESERTER] = play_deserter,
	[CK_E_SPY] = play_spy,
	[CK_E_WEDDING] = play_wedding,
	[CK_E_INVENTOR] = play_inventor,
	[CK_E_COMMERCIAL_HARBOR] = play_commercial_harbor,
	[CK_E_PRINTER] = play_vp_card,
	[CK_E_CONSTITUTION] = play_vp_card,
};

int
ca_do_play(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	const struct ck_card *c;
	int rc, i = a->res, e;

	if (i >= st->ck.d->ncards)
		return NO("no such progress card");
	c = &st->ck.d->cards[i];
	e = c->effect;
	if (e == CK_E_ALCHEMIST)
		return play_alchemist(st, seat, a, dry, note, sec, err);
	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (prog_at(st, seat, i) < 0)
		return NO("you hold no %s", c->name);
	if (e < 0 || e >= CK_EFFECTS || play_of[e] == NULL)
		return NO("%s cannot be played yet: this card is not built "
		    "(lib/games/catan/README)", c->name);
	return play_of[e](st, seat, a, dry, note, sec, err);
}
