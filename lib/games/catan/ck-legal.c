/*
 * ck-legal.c -- the legal list of Cities & Knights' own actions
 * (catan-ck-rules(7)): the progress cards a seat may play and the
 * knights, walls and improvements it may build or move.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


static int promoted_at(const struct ca_state *st, int c);
static int improve_refused(const struct ca_state *st, int seat, int t, int lv,
    int node, int free_city);
static void ck_seat_scan(const struct ca_state *st, int seat, int road_ends,
    struct ck_seat *cs);
static int promotable(const struct ca_state *st, const struct ck_seat *cs,
    int c, int lv, const int *nk);
static void ck_plays(struct lister *l, const struct ck_seat *cs, int i);
static void knight_chases_pirate(struct lister *l, int c);
static void list_road_building_sea(struct lister *l, struct ca_action *a);


/* Push a if its check accepts it (the C&K list: see ck_actions). */
void
ca_push_checked(struct lister *l, const struct ca_action *a)
{
	struct ca_state *w = (struct ca_state *)(uintptr_t)l->st;

	if (ca_dispatch(w, l->seat, a, 1, NULL, NULL, NULL) == 0)
		push(l, a);
}


/* A knight promoted this turn stands at c (ca_do_promote's CK11.5). */
static int
promoted_at(const struct ca_state *st, int c)
{
	for (int i = 0; i < 3 * CK_KNIGHTS_PER_LEVEL; i++)
		if (st->ck.promoted[i] == c)
			return 1;
	return 0;
}

/*
 * ca_do_improve's refusals of track t's level lv for a seat holding a city
 * and the level's commodities, free_city set when one of its cities has
 * no metropolis: node the city named for the metropolis or CA_NONE.
 */
static int
improve_refused(const struct ca_state *st, int seat, int t, int lv, int node,
    int free_city)
{
	int holder, gets = ca_metro_gets(st, seat, t, lv, &holder);

	if (lv >= CK_METRO_LEVEL && holder != seat && !free_city)
		return 1;
	if (gets != (node != CA_NONE))
		return 1;
	return gets && (!own_city(st, seat, node) || metro_at(st, node) >= 0);
}

static void
ck_seat_scan(const struct ca_state *st, int seat, int road_ends,
    struct ck_seat *cs)
{
	const struct ca_board *b = st->b;
	const uint8_t *corner = st->corner;
	/* 0x80 at the free corners where one of the seat's roads or
	   ships ends (road_end's, from one walk of the edges; CK19.5) */
	uint8_t end[CA_MAX_CORNER];
	int n = b->ncorner, nown = 0;

	/* own[] is read below nown only: left as it is (a list per
	   main-phase list, so no clearing of its bytes) */
	cs->nown = cs->any_city = cs->free_city = 0;
	memset(cs->nk, 0, sizeof cs->nk);
	cs->fortress = has_ability(st, seat, CK_FORTRESS);
	if (road_ends) {
		uint8_t roads[CA_MAX_EDGE];
		int nroads = ca_seat_edges(st, seat, 7, roads);

		memset(end, 0, sizeof end);
		for (int i = 0; i < nroads; i++) {
			int e = roads[i];

			for (int j = 0; j < 2; j++)
				if (b->edge[e].corner[j] != CA_NONE &&
				    !corner[b->edge[e].corner[j]])
					end[b->edge[e].corner[j]] = 0x80;
		}
	}
#ifdef WORDWISE
	/*
	 * A list walks the corners once for every main-phase list, so eight
	 * at a time: a byte's high bit in hit when the corner is the seat's
	 * (v & 7 == seat + 1) or a free road end; the hits in corner order.
	 * corner[] and end[] hold CA_MAX_CORNER bytes, a multiple of 8.
	 */
	for (int c0 = 0; c0 < n; c0 += 8) {
		uint64_t w, e = 0, hit;

		memcpy(&w, corner + c0, 8);
		if (road_ends)
			memcpy(&e, end + c0, 8);
		hit = ww_zero_bytes((w & 7 * WW_ONES) ^
		    (uint64_t)(seat + 1) * WW_ONES) | e;
		if (n - c0 < 8)
			hit &= (1ull << 8 * (n - c0)) - 1;
		for (; hit != 0; hit &= hit - 1) {
			int c = c0 + (__builtin_ctzll(hit) >> 3);
			uint8_t v = corner[c];
#else
	for (int c = 0; c < n; c++) {
		uint8_t v = corner[c];

		if (v ? CA_C_OWNER(v) == seat : road_ends && end[c]) {
#endif
			cs->own[nown++] = (uint8_t)c;
			if (!v)
				continue;
			if (CA_C_KIND(v) == CA_CP_CITY) {
				cs->any_city = 1;
				cs->free_city |= metro_at(st, c) < 0;
			}
			if (CK_KNIGHT(v))
				cs->nk[CK_KNIGHT_LEVEL(v)]++;
		}
	}
	cs->nown = nown;
}

/* ca_do_promote's answer for the seat's knight of level lv at c, nk its
   knights a level: 1 when it accepts (the cost aside). */
static int
promotable(const struct ca_state *st, const struct ck_seat *cs, int c,
    int lv, const int *nk)
{
	return lv < 3 && (lv < 2 || cs->fortress) && !promoted_at(st, c) &&
	    nk[lv + 1] < CK_KNIGHTS_PER_LEVEL;
}


/* ck_plays of Resource Monopoly, Trade Monopoly, Merchant Fleet */
static void
list_kinds(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;
	int i = a->res;

	/* ca_do_play's kinds: a resource, a commodity, any kind */
	for (int k = 0; k < CA_KINDS; k++) {
		int e = st->ck.d->cards[i].effect;

		if (e == CK_E_RESOURCE_MONOPOLY ? k >= CA_RES :
		    e == CK_E_TRADE_MONOPOLY && k < CA_RES)
			continue;
		a->ka = (uint8_t)k;
		push(l, a);
	}
}

/* ck_plays of Crane */
static void
list_crane(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;

	for (int t = 0; t < CK_TRACKS; t++) {
		const struct ck_trackdef *d = &st->ck.d->track[t];
		int lv = st->ck.p[l->seat].level[t] + 1;

		/* ca_do_improve's level and cost, one commodity off */
		if (lv > CK_LEVELS || st->p[l->seat].hand[d->commodity] <
		    (d->cost[lv - 1] > 1 ? d->cost[lv - 1] - 1 : 0))
			continue;
		/* the rest of ca_do_improve's refusals (its city,
		   metropolis) */
		if (!cs->any_city)
			return;
		a->ka = (uint8_t)t;
		a->a = CA_NONE;
		if (!improve_refused(st, l->seat, t, lv, CA_NONE,
		    cs->free_city))
			push(l, a);
		for (int j = 0; lv >= CK_METRO_LEVEL && j < cs->nown;
		    j++) {
			int c = cs->own[j];

			if (!own_city(st, l->seat, c) ||
			    improve_refused(st, l->seat, t, lv, c,
			    cs->free_city))
				continue;
			a->a = (uint8_t)c;
			push(l, a);
		}
	}
}

/* ck_plays of Intrigue */
static void
list_intrigue(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;

	/* ca_do_play's: another seat's knight at an own road's end */
#ifdef WORDWISE
	/* the knights, eight corners at a time: CK_KNIGHT's bit of
	   the byte (corner[] holds CA_MAX_CORNER bytes, a multiple
	   of 8) */
	for (int c0 = 0; c0 < b->ncorner; c0 += 8) {
		uint64_t w, hit;

		memcpy(&w, st->corner + c0, 8);
		hit = w & (uint64_t)(CA_CP_KNIGHT << 3) * WW_ONES;
		if (b->ncorner - c0 < 8)
			hit &= (1ull << 8 * (b->ncorner - c0)) - 1;
		for (; hit != 0; hit &= hit - 1) {
			int c = c0 + (__builtin_ctzll(hit) >> 3);
#else
	for (int c = 0; c < b->ncorner; c++) {
#endif
			if (st->corner[c] && CK_KNIGHT(st->corner[c]) &&
			    CA_C_OWNER(st->corner[c]) != l->seat &&
			    road_end(st, l->seat, c)) {
				a->a = (uint8_t)c;
				ca_push_checked(l, a);
			}
#ifdef WORDWISE
		}
#endif
	}
}

/* ck_plays of Diplomat */
static void
list_diplomat(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;

	/* ca_do_play's: a road, not a ship, open (ca_road_open); an own
	   one put back where edge_fits it with e lifted and one more
	   road in supply: where a road fits with e lifted (fitting),
	   and e itself, free then, when it joins and suits */
	for (int e = 0; e < b->nedge; e++) {
		struct bits j, to;
		const struct ca_edge *ed = &b->edge[e];

		if (!st->edge[e] || e_ship(st, e) || !ca_road_open(st, e))
			continue;
		a->a = (uint8_t)e;
		a->b = CA_NONE;
		push(l, a);
		if (e_owner(st, e) != l->seat)
			continue;
		ca_joints(st, l->seat, 0, e, &j);
		ca_fitting_at(st, 0, &j, &to);
		if (((ed->corner[0] != CA_NONE &&
		    BIT_HAS(&j, ed->corner[0])) ||
		    (ed->corner[1] != CA_NONE &&
		    BIT_HAS(&j, ed->corner[1]))) && ca_edge_suits(st, e, 0))
			BIT_ADD(&to, e);
		for (int x = 0; x < 4; x++)
			for (uint64_t w = to.w[x]; w != 0;
			    w &= w - 1) {
				a->b = (uint8_t)(64 * x +
				    __builtin_ctzll(w));
				push(l, a);
			}
	}
}

/* ck_plays of Engineer, Medicine */
static void
list_corners(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;
	int i = a->res;

	/* ca_do_wall's city of the seat without a wall; ca_build_city_for's
	   settlement of the seat, a city in supply: of the seat's
	   corners (ck_seat_scan) */
	for (int j = 0; j < cs->nown; j++) {
		int c = cs->own[j];

		if (st->ck.d->cards[i].effect == CK_E_ENGINEER ?
		    own_city(st, l->seat, c) &&
		    wall_at(st, l->seat, c) < 0 :
		    st->corner[c] && c_owner(st, c) == l->seat &&
		    CA_C_KIND(st->corner[c]) == CA_CP_SETTLEMENT &&
		    st->p[l->seat].supply[CA_S_CITY] > 0) {
			a->a = (uint8_t)c;
			ca_push_checked(l, a);
		}
	}
}

/* ck_plays of Smith */
static void
list_smith(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;

	/* ca_do_promote's, free (CK14.25), of c, then of d with c
	   promoted: a knight more of c's next level, one less of its
	   own */
	for (int j = 0; j < cs->nown; j++) {
		int c = cs->own[j], lv, nk[5];

		if (!own_knight(st, l->seat, c))
			continue;
		lv = CK_KNIGHT_LEVEL(st->corner[c]);
		if (!promotable(st, cs, c, lv, cs->nk))
			continue;
		a->a = (uint8_t)c;
		a->b = CA_NONE;
		push(l, a);
		memcpy(nk, cs->nk, sizeof nk);
		nk[lv]--;
		nk[lv + 1]++;
		for (int x = 0; x < cs->nown; x++) {
			int d = cs->own[x];

			if (d != c && own_knight(st, l->seat, d) &&
			    promotable(st, cs, d,
			    CK_KNIGHT_LEVEL(st->corner[d]), nk)) {
				a->b = (uint8_t)d;
				push(l, a);
			}
		}
	}
}

/*
 * ck_plays of Road Building on a Seafarers map (CK19.5): each piece a
 * road or a ship (key 2 * edge + ship), the first from fitting's edges,
 * alone and with each second from fitting's with the first laid in a
 * copy; a pair of pieces that both fit at once listed once, in key
 * order (as the base game's road_pairs), so that the list stays within
 * the computer player's; each put through the check, which judges the
 * pair as ca_do_play does.
 */
static void
list_road_building_sea(struct lister *l, struct ca_action *a)
{
	const struct ca_state *st = l->st;
	int nedge = st->b->nedge;
	struct ca_state tmp;
	struct bits fit[2], fit2;

	fitting(st, l->seat, 0, CA_NONE, &fit[0]);
	fitting(st, l->seat, 1, CA_NONE, &fit[1]);
	for (int k1 = 0; k1 < 2 * nedge; k1++) {
		int e = k1 / 2, s1 = k1 % 2, n0 = l->n;

		if (!BIT_HAS(&fit[s1], e))
			continue;
		a->a = (uint8_t)e;
		a->b = CA_NONE;
		a->ka = s1 ? 1 : CA_NONE;
		a->kb = 0;
		ca_push_checked(l, a);
		if (l->n == n0)
			continue;	/* the first alone refused */
		tmp = *st;
		ca_place_edge(&tmp, l->seat, e, s1);
		for (int s2 = 0; s2 < 2; s2++) {
			fitting(&tmp, l->seat, s2, CA_NONE, &fit2);
			for (int f = 0; f < nedge; f++) {
				if (f == e || !BIT_HAS(&fit2, f) ||
				    (2 * f + s2 < k1 && BIT_HAS(&fit[s2], f)))
					continue;
				a->b = (uint8_t)f;
				a->kb = (uint8_t)s2;
				ca_push_checked(l, a);
			}
		}
	}
}

/* ck_plays of Road Building */
static void
list_road_building(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;

	/* ca_do_play's edge_fits of each road, the second with the first
	   laid, as road_pairs: the first's edges, and those at its
	   ends; what else its check asks is the same for every pair,
	   so asked once, of the first pair */
	int roads = st->p[l->seat].supply[CA_S_ROAD], ok = -1;
	struct bits fit, fit2;

	if (b->kind == CA_MAP_SEAFARERS) {
		list_road_building_sea(l, a);
		return;
	}
	if (roads == 0)
		return;
	fitting(st, l->seat, 0, CA_NONE, &fit);
	for (int e = 0; e < b->nedge; e++) {
		if (!BIT_HAS(&fit, e))
			continue;
		a->a = (uint8_t)e;
		a->b = CA_NONE;
		if (ok < 0)
			ok = ca_dispatch((struct ca_state *)(uintptr_t)st,
			    l->seat, a, 1, NULL, NULL, NULL) == 0;
		if (!ok)
			return;
		push(l, a);
		if (roads < 2)
			continue;
		fit2 = fit;
		BIT_DEL(&fit2, e);
		for (int j = 0; j < 2; j++) {
			int c = b->edge[e].corner[j];
			const struct ca_corner *k;

			if (c == CA_NONE || foreign_piece(st, c, l->seat))
				continue;
			k = &b->corner[c];
			for (int x = 0; x < k->nedge; x++) {
				int f = k->edge[x];

				if (f != e && !st->edge[f] &&
				    ca_edge_suits(st, f, 0))
					BIT_ADD(&fit2, f);
			}
		}
		for (int f = 0; f < b->nedge; f++)
			if (BIT_HAS(&fit2, f)) {
				a->b = (uint8_t)f;
				push(l, a);
			}
	}
}

/* ck_plays of Merchant, Bishop */
static void
list_hexes(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	int i = a->res;
	int merchant = st->ck.d->cards[i].effect == CK_E_MERCHANT;
	int ok = -1;

	for (int h = 0; h < b->nhex && ok != 0; h++) {
		int t = hex_terrain(st, h);

		/* ca_do_play's: a resource's land hex; no robber
		   before the first attack (CK6.1) */
		if (merchant ? t < CA_HILLS || t > CA_MOUNTAINS :
		    st->ck.attacks == 0)
			continue;
		/* what ca_do_play asks of the hex: the merchant next
		   to an own building; the Bishop's robber as
		   ca_check_robber moves it (the victim ca_do_play names
		   one who holds cards, so only the hex counts):
		   land, not its own hex.  The rest, the same for
		   every hex, asked once through the check. */
		if (merchant ? !ca_own_at_hex(st, l->seat, h) :
		    b->kind == CA_MAP_SEAFARERS && is_sea(st, h) ?
		    h == st->pirate :	/* CK19.6 */
		    !is_land(st, h) || h == st->robber)
			continue;
		a->a = (uint8_t)h;
		if (ok < 0)
			ok = ca_dispatch((struct ca_state *)(uintptr_t)st,
			    l->seat, a, 1, NULL, NULL, NULL) == 0;
		if (ok)
			push(l, a);
	}
}

/* ck_plays of Inventor */
static void
list_inventor(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	uint8_t swap[CA_MAX_HEX];	/* a token it may move */

	for (int h = 0; h < b->nhex; h++) {
		int t = b->terrain[h] == CA_FOG ? 0 :
		    hex_token(st, h);

		swap[h] = t != 0 && t != 2 && t != 12 && t != 6 &&
		    t != 8;
	}
	/* each pair once: swap[] asks what ca_do_play asks of each
	   hex, and the two differ */
	for (int h = 0; h < b->nhex; h++)
		for (int g = h + 1; g < b->nhex; g++) {
			if (!swap[h] || !swap[g])
				continue;
			a->a = (uint8_t)h;
			a->b = (uint8_t)g;
			push(l, a);
		}
}

/* ck_plays of Spy, Deserter, Master Merchant */
static void
list_victims(struct lister *l, const struct ck_seat *cs,
    struct ca_action *a)
{
	const struct ca_state *st = l->st;

	/* ca_do_play's first test of the victim: another seat, in
	   the game; the rest through the check */
	for (int v = 0; v < st->nseats; v++) {
		if (v == l->seat || !live(st, v))
			continue;
		a->victim = (uint8_t)v;
		ca_push_checked(l, a);
	}
}

/* The plays of progress card i (CK14), each through its own check. */
static void
ck_plays(struct lister *l, const struct ck_seat *cs, int i)
{
	const struct ca_state *st = l->st;
	struct ca_action a;

	blank(&a, CA_A_PLAY);
	a.res = (uint8_t)i;
	a.ka = CA_NONE;
	switch (st->ck.d->cards[i].effect) {
	case CK_E_RESOURCE_MONOPOLY:
	case CK_E_TRADE_MONOPOLY:
	case CK_E_MERCHANT_FLEET:
		list_kinds(l, cs, &a);
		return;
	case CK_E_CRANE:
		list_crane(l, cs, &a);
		return;
	case CK_E_INTRIGUE:
		list_intrigue(l, cs, &a);
		return;
	case CK_E_DIPLOMAT:
		list_diplomat(l, cs, &a);
		return;
	case CK_E_ENGINEER:
	case CK_E_MEDICINE:
		list_corners(l, cs, &a);
		return;
	case CK_E_SMITH:
		list_smith(l, cs, &a);
		return;
	case CK_E_ROAD_BUILDING:
		list_road_building(l, cs, &a);
		return;
	case CK_E_MERCHANT:
	case CK_E_BISHOP:
		list_hexes(l, cs, &a);
		return;
	case CK_E_ALCHEMIST:
		return;		/* as the roll: ca_legal */
	case CK_E_INVENTOR:
		list_inventor(l, cs, &a);
		return;
	case CK_E_SPY:
	case CK_E_DESERTER:
	case CK_E_MASTER_MERCHANT:
		list_victims(l, cs, &a);
		return;
	default:
		ca_push_checked(l, &a);
		return;
	}
}

/*
 * ca_do_move's and the displacements of ck_actions for the active knight
 * v at c: the free corners and the weaker foreign knights its roads reach.
 */
static void
knight_moves(struct lister *l, int c, uint8_t v)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	int seat = l->seat;
	struct ca_action a;
	uint8_t mark[CA_MAX_CORNER];

	ca_road_reach(st, seat, c, mark);
#ifdef WORDWISE
	/* the reached corners (mark 1), eight marks at a time:
	   ca_road_reach clears all CA_MAX_CORNER of them, a multiple
	   of 8, so none past ncorner is 1 */
	for (int d0 = 0; d0 < b->ncorner; d0 += 8) {
		uint64_t w, hit;

		memcpy(&w, mark + d0, 8);
		for (hit = ww_zero_bytes(w ^ WW_ONES); hit != 0;
		    hit &= hit - 1) {
			int d = d0 + (__builtin_ctzll(hit) >> 3);
			uint8_t u = st->corner[d];
#else
	for (int d = 0; d < b->ncorner; d++) {
		uint8_t u = st->corner[d];

		if (mark[d] != 1)
			continue;
#endif
		if (!u) {
			blank(&a, CA_A_MOVE);
		} else if (CK_KNIGHT(u) && CA_C_OWNER(u) != seat &&
		    CK_KNIGHT_LEVEL(u) < CK_KNIGHT_LEVEL(v))
			blank(&a, CA_A_DISPLACE);
		else
			continue;
		a.a = (uint8_t)c;
		a.b = (uint8_t)d;
		push(l, &a);
	}
#ifdef WORDWISE
	}
#endif
}

/*
 * CK19.6: ca_do_chase's of the pirate for the active knight at c on a
 * Seafarers map: beside the pirate's hex, to every other sea hex, with
 * each victim holding cards whose ship is there, or none when at most
 * one is; each put through the check.
 */
static void
knight_chases_pirate(struct lister *l, int c)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	struct ca_action a;

	if (b->corner[c].hex[0] != st->pirate &&
	    b->corner[c].hex[1] != st->pirate &&
	    b->corner[c].hex[2] != st->pirate)
		return;
	for (int h = 0; h < b->nhex; h++) {
		if (!is_sea(st, h) || h == st->pirate)
			continue;
		for (int v = -1; v < st->nseats; v++) {
			blank(&a, CA_A_CHASE);
			a.a = (uint8_t)c;
			a.b = (uint8_t)h;
			a.victim = v < 0 ? CA_NONE : (uint8_t)v;
			ca_push_checked(l, &a);
		}
	}
}

/*
 * ca_do_chase's of ck_actions for the active knight at c (CK11.10): rat
 * holds ca_robber_victims' answer once *rat_done is set.
 */
static void
knight_chases(struct lister *l, int c, uint8_t *rat, int *rat_done)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	int seat = l->seat, ok;
	struct ca_action a;

	if (st->ck.attacks == 0)
		return;		/* CK6.1 */
	if (b->kind == CA_MAP_SEAFARERS)
		knight_chases_pirate(l, c);
	if (b->corner[c].hex[0] != st->robber &&
	    b->corner[c].hex[1] != st->robber &&
	    b->corner[c].hex[2] != st->robber)
		return;		/* CK11.10: by the robber's hex only */
	/* ca_check_robber's answer for each hex and victim, as it
	   gives it: not land, the robber's own hex refused; no
	   victim named refused when two or more hold cards; a victim
	   holding cards accepted.  The rest of ca_do_chase's check is
	   the knight's, the same for every hex: asked once, of the
	   first candidate, through the check itself. */
	ok = -1;
	if (!*rat_done) {
		(void)ca_robber_victims(st, seat, rat);
		*rat_done = 1;
	}
	for (int h = 0; h < b->nhex && ok != 0; h++) {
		unsigned holding;

		if (!is_land(st, h) || h == st->robber)
			continue;
		holding = rat[h];	/* victims()'s */
		for (int v2 = -1; v2 < st->nseats && ok != 0; v2++) {
			if (v2 >= 0 ? !((holding >> v2) & 1) :
			    __builtin_popcount(holding) > 1)
				continue;
			blank(&a, CA_A_CHASE);
			a.a = (uint8_t)c;
			a.b = (uint8_t)h;
			a.victim = v2 < 0 ? CA_NONE : (uint8_t)v2;
			if (ok < 0)
				ok = ca_dispatch((struct ca_state *)
				    (uintptr_t)st, seat, &a, 1, NULL,
				    NULL, NULL) == 0;
			if (ok)
				push(l, &a);
		}
	}
}

/*
 * Cities & Knights' own actions (CK7-CK11): the candidates of each verb
 * put through its own check (dry dispatch), so that the list holds what
 * the check accepts by construction; the knights' paths are computed
 * once a knight.
 */
void
ck_actions(struct lister *l, const int *rate)
{
	const struct ca_state *st = l->st;
	int seat = l->seat;
	const struct ca_player *p = &st->p[seat];
	struct ca_action a;
	uint8_t rat[CA_MAX_HEX];	/* ca_robber_victims, for a chase */
	struct ck_seat cs;
	int level[CK_TRACKS], build, wall, act, prom, rat_done = 0;

	/* CK7.2: trades with a commodity on either side (rate: ck_rates,
	   worked out by main_actions) */
	for (int gk = 0; gk < CA_KINDS; gk++) {
		int r = rate[gk];

		if (r > p->hand[gk])
			continue;	/* not one trade of gk */
		for (int wk = 0; wk < CA_KINDS; wk++)
			for (int k = 1; wk != gk && (gk >= CA_RES ||
			    wk >= CA_RES) && k * r <= p->hand[gk] &&
			    k <= st->bank[wk]; k++) {
				blank(&a, CA_A_TRADE);
				a.give[gk] = (uint8_t)(k * r);
				a.get[wk] = (uint8_t)k;
				push(l, &a);
			}
	}
	/*
	 * What the checks below refuse for every corner, tested once:
	 * improvements at level, the next one's commodities held (the verb
	 * has no discount); the costs of a wall, a knight, an activation
	 * and a promotion held; a wall, a basic knight left (CK8.1, CK2.3).
	 * Improve, wall, knight build, activate and promote then ask the
	 * rest of their checks directly (ck_seat_scan, improve_refused,
	 * promotable); the other verbs go through theirs.
	 */
	for (int t = 0; t < CK_TRACKS; t++) {
		const struct ck_trackdef *d = &st->ck.d->track[t];
		int lv = st->ck.p[seat].level[t] + 1;

		level[t] = lv <= CK_LEVELS && p->hand[d->commodity] >=
		    d->cost[lv - 1] ? lv : 0;
	}
	wall = holds(p->hand, cost_wall) && wall_at(st, seat, CA_NONE) >= 0;
	act = holds(p->hand, cost_activate);
	prom = holds(p->hand, cost_knight);
	ck_seat_scan(st, seat, prom, &cs);
	build = prom && cs.nk[1] < CK_KNIGHTS_PER_LEVEL;
	for (int t = 0; t < CK_TRACKS; t++) {
		if (!level[t] || !cs.any_city ||
		    improve_refused(st, seat, t, level[t], CA_NONE,
		    cs.free_city))
			continue;
		blank(&a, CA_A_IMPROVE);
		a.res = (uint8_t)t;
		push(l, &a);
	}
	for (int v = 0; v < st->nseats && (st->ck.harbor & CK_HARBOR_ON); v++)
		for (int r = 0; r < CA_RES; r++) {
			blank(&a, CA_A_HARBOR);
			a.victim = (uint8_t)v;
			a.res = (uint8_t)r;
			ca_push_checked(l, &a);
		}
	for (int k = 0; k < st->ck.p[seat].nprog; k++) {
		int i = st->ck.p[seat].prog[k], dup = 0;

		blank(&a, CA_A_PROG_DISCARD);
		a.res = (uint8_t)i;
		for (int j = 0; j < k; j++)
			dup |= st->ck.p[seat].prog[j] == i;
		if (dup)
			continue;	/* a second copy: the same actions */
		/* ca_do_prog_discard refuses the active seat's discard in the
		   main phase at or below the hand limit (CK13.4) */
		if (!(seat == st->active && st->npend == 0 &&
		    st->phase == CA_PH_MAIN && ck_held(st, seat) <=
		    CK_HAND_LIMIT))
			ca_push_checked(l, &a);
		ck_plays(l, &cs, i);
	}
	for (int i = 0; i < cs.nown; i++) {
		int c = cs.own[i];
		uint8_t v = st->corner[c];

		if (!v) {
			/* ca_do_knight_build's: free, at an own road's end, a
			   basic knight left, its cost held */
			if (!build)
				continue;
			blank(&a, CA_A_KNIGHT_BUILD);
			a.a = (uint8_t)c;
			push(l, &a);
			continue;
		}
		if (CA_C_KIND(v) == CA_CP_CITY) {
			/* ca_do_wall's: no wall here, one in supply, paid */
			if (wall && wall_at(st, seat, c) < 0) {
				blank(&a, CA_A_WALL);
				a.a = (uint8_t)c;
				push(l, &a);
			}
			for (int t = 0; t < CK_TRACKS; t++) {
				if (level[t] < CK_METRO_LEVEL ||
				    improve_refused(st, seat, t, level[t], c,
				    cs.free_city))
					continue;	/* no metropolis */
				blank(&a, CA_A_IMPROVE);
				a.res = (uint8_t)t;
				a.a = (uint8_t)c;
				push(l, &a);
			}
		}
		if (!CK_KNIGHT(v))
			continue;
		/* ca_do_activate's: not active, paid */
		if (act && !CK_KNIGHT_ACTIVE(v)) {
			blank(&a, CA_A_ACTIVATE);
			a.a = (uint8_t)c;
			push(l, &a);
		}
		/* ca_do_promote's: not mighty, a strong one with the Fortress,
		   not promoted this turn, one of the next level left, paid */
		if (prom && promotable(st, &cs, c, CK_KNIGHT_LEVEL(v), cs.nk)) {
			blank(&a, CA_A_PROMOTE);
			a.a = (uint8_t)c;
			push(l, &a);
		}
		if (!CK_KNIGHT_ACTIVE(v) || (CA_C_KIND(v) & CA_CP_SPENT))
			continue;
		knight_moves(l, c, v);
		knight_chases(l, c, rat, &rat_done);
	}
}
