/*
 * legal.c -- the legal list of the base game and Seafarers
 * (catan-rules(7), CA14.1), and ca_legal, which also asks ck-legal.c for
 * Cities & Knights' actions.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"
#include "games/catan/sealed.h"


static void bundles(struct lister *l, struct ca_action *a, uint8_t *b,
    const uint8_t *bound, int k, int left, int kinds);
static void robber_moves(struct lister *l, int verb, int knight);
static void road_pairs(struct lister *l);
static void ship_moves(struct lister *l);
static void main_actions(struct lister *l);
static int owes(const struct ca_state *st, int seat);

/*
 * Every bundle of `left` cards within bound[] (kinds from k on): every
 * one is legal where the caller lists them (discards, picks, plenty).
 * The order is the first kind's count from the most down, then the
 * next's, and so on; a discard's list holds hundreds, so they are walked
 * in place rather than by a call a kind: from each bundle the next is
 * found at the last kind before the end that can give one card up with
 * the kinds after it still able to take what they hold and one more
 * (room[]), and the kinds after it filled again greedily.
 */
static void
bundles(struct lister *l, struct ca_action *a, uint8_t *b,
    const uint8_t *bound, int k, int left, int kinds)
{
	int room[CA_KINDS + 1], i;

	if (k >= kinds) {
		if (left == 0)
			push(l, a);	/* the empty bundle */
		return;
	}
	room[kinds] = 0;
	for (i = kinds - 1; i >= k; i--)
		room[i] = room[i + 1] + bound[i];
	if (left > room[k])
		return;
	for (i = k; i < kinds; i++) {
		b[i] = (uint8_t)(left < bound[i] ? left : bound[i]);
		left -= b[i];
	}
	for (;;) {
		push(l, a);
		/* left: what the kinds after i hold */
		left = b[kinds - 1];
		for (i = kinds - 2; i >= k; i--) {
			if (b[i] > 0 && left < room[i + 1])
				break;
			left += b[i];
		}
		if (i < k)
			break;
		b[i]--;
		left++;
		while (++i < kinds) {
			b[i] = (uint8_t)(left < bound[i] ? left : bound[i]);
			left -= b[i];
		}
	}
	memset(b + k, 0, (size_t)(kinds - k));
}

/*
 * The corners where a road (ship 0) or ship of seat may join (CA6.5, as
 * ca_check_edge_place): an own settlement or city, or a corner without
 * another seat's piece where an own piece of that kind ends (the one at
 * lifted aside).  Every list asks this of the seat's few pieces, so the
 * corners and edges are read eight bytes at a time where the machine
 * allows: a byte whose owner bits (and ship bit, for an edge) match is a
 * candidate, the rest of the test is asked of it alone.
 */
void
ca_joints(const struct ca_state *st, int seat, int ship, int lifted,
    struct bits *j)
{
	const struct ca_board *b = st->b;
	/* an edge byte's owner and ship bits as a piece of that kind has
	   them (CA_E_NEW aside) */
	unsigned want = ((unsigned)seat + 1) | (ship ? CA_E_SHIP : 0);
	int nc = b->ncorner, ne = b->nedge, e = 0;

	memset(j, 0, sizeof *j);
#ifdef WORDWISE
	/* corner[] holds CA_MAX_CORNER bytes, a multiple of 8 */
	for (int c0 = 0; c0 < nc; c0 += 8) {
		uint64_t w, hit;

		memcpy(&w, st->corner + c0, 8);
		hit = ww_zero_bytes((w & 7 * WW_ONES) ^
		    (uint64_t)(seat + 1) * WW_ONES);
		if (nc - c0 < 8)
			hit &= (1ull << 8 * (nc - c0)) - 1;
		for (; hit != 0; hit &= hit - 1) {
			int c = c0 + (__builtin_ctzll(hit) >> 3);

			if (own_building(st, c, seat))
				BIT_ADD(j, c);
		}
	}
	for (; e + 8 <= ne; e += 8) {
		uint64_t w, hit;

		memcpy(&w, st->edge + e, 8);
		hit = ww_zero_bytes((w & (7 | CA_E_SHIP) * WW_ONES) ^
		    (uint64_t)want * WW_ONES);
		for (; hit != 0; hit &= hit - 1) {
			int f = e + (__builtin_ctzll(hit) >> 3);

			if (f == lifted)
				continue;
			for (int i = 0; i < 2; i++) {
				int c = b->edge[f].corner[i];

				if (c != CA_NONE && !foreign_piece(st, c, seat))
					BIT_ADD(j, c);
			}
		}
	}
#else
	for (int c = 0; c < nc; c++)
		if (own_building(st, c, seat))
			BIT_ADD(j, c);
#endif
	for (; e < ne; e++) {
		if ((st->edge[e] & (7 | CA_E_SHIP)) != want || e == lifted)
			continue;
		for (int i = 0; i < 2; i++) {
			int c = b->edge[e].corner[i];

			if (c != CA_NONE && !foreign_piece(st, c, seat))
				BIT_ADD(j, c);
		}
	}
}

/* The side of free edge e suits a road (known land beside) or a ship (a
   Seafarers map, sea beside, not by the pirate: CA5.5). */
int
ca_edge_suits(const struct ca_state *st, int e, int ship)
{
	const struct ca_edge *ed = &st->b->edge[e];

	if (!ship)
		return is_land(st, ed->hex[0]) || is_land(st, ed->hex[1]);
	return st->b->kind == CA_MAP_SEAFARERS && (is_sea(st, ed->hex[0]) ||
	    is_sea(st, ed->hex[1])) && !on_pirate(st, e);
}

/*
 * The edges where a road or ship of seat fits (ca_check_edge_place with no
 * set-up corner; lifted: the ship being moved), supply not counted.  A
 * free edge fits when one of its ends is a joint, that is when it is
 * one of a joint's edges: so the joints' edges are asked, not every
 * edge of the board (the answer is a set, so their order is no matter).
 */
void
ca_fitting_at(const struct ca_state *st, int ship, const struct bits *j,
    struct bits *out)
{
	const struct ca_board *b = st->b;

	memset(out, 0, sizeof *out);
	for (int i = 0; i < 4; i++)
		for (uint64_t w = j->w[i]; w != 0; w &= w - 1) {
			const struct ca_corner *k =
			    &b->corner[64 * i + __builtin_ctzll(w)];

			for (int x = 0; x < k->nedge; x++) {
				int f = k->edge[x];

				if (f != CA_NONE && !st->edge[f] &&
				    !BIT_HAS(out, f) && ca_edge_suits(st, f, ship))
					BIT_ADD(out, f);
			}
		}
}

/*
 * victims()'s holding of every hex for the robber (pirate 0) moved by
 * seat, in at[]: ca_pieces_at & hold of each, from one walk of the
 * buildings (a hex's corners are the corners it is a hex of), not six
 * corners a hex.  Returns hold: the other seats in the game holding
 * cards.
 */
unsigned
ca_robber_victims(const struct ca_state *st, int seat, uint8_t *at)
{
	const struct ca_board *b = st->b;
	unsigned hold = 0;

	for (int s = 0; s < st->nseats; s++)
		if (s != seat && live(st, s) && ca_hand_count(&st->p[s]) > 0)
			hold |= 1u << s;
	memset(at, 0, (size_t)b->nhex);
	for (int c = 0; hold != 0 && c < b->ncorner; c++) {
		uint8_t v = st->corner[c];

		if (!v || !yield(CA_C_KIND(v)) || !((hold >> CA_C_OWNER(v)) & 1))
			continue;
		for (int i = 0; i < 3; i++)
			if (b->corner[c].hex[i] != CA_NONE)
				at[b->corner[c].hex[i]] |=
				    (uint8_t)(1u << CA_C_OWNER(v));
	}
	return hold;
}

/* Robber or pirate moves (CA5.3, CA5.4), also by a knight (CA8.3): every
   hex it may go to, with each victim who holds cards. */
static void
robber_moves(struct lister *l, int verb, int knight)
{
	const struct ca_state *st = l->st;
	struct ca_action a;
	uint8_t at[CA_MAX_HEX];	/* the robber's victims a hex */
	unsigned hold = ca_robber_victims(st, l->seat, at);

	for (int pirate = 0; pirate < 2; pirate++) {
		if (pirate && st->b->kind != CA_MAP_SEAFARERS)
			break;
		for (int h = 0; h < st->b->nhex; h++) {
			unsigned holding;

			if (pirate ? !is_sea(st, h) || h == st->pirate :
			    !is_land(st, h) || h == st->robber)
				continue;
			blank(&a, knight ? CA_A_KNIGHT : pirate ? CA_A_PIRATE :
			    verb);
			a.a = (uint8_t)h;
			a.ka = (uint8_t)(knight ? pirate : 0);
			holding = pirate ? hold & ca_pieces_at(st, h, 1) : at[h];
			if (holding == 0) {
				push(l, &a);
				continue;
			}
			for (int s = 0; s < st->nseats; s++)
				if ((holding >> s) & 1) {
					a.victim = (uint8_t)s;
					push(l, &a);
				}
		}
	}
}

/*
 * Road-building (CA8.4): two pieces, each set listed once (in key order,
 * key = 2 * edge + ship, unless only the other order works), or one when
 * no second one fits after it.  The second piece's edges: those of the
 * first list but the first's edge, and those at the first's ends that
 * its kind opens.
 */
static void
road_pairs(struct lister *l)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	const struct ca_player *p = &st->p[l->seat];
	struct bits fit[2], fit2[2];
	struct ca_action a;
	int seat = l->seat;

	for (int s = 0; s < 2; s++) {
		if (p->supply[s ? CA_S_SHIP : CA_S_ROAD] > 0)
			fitting(st, seat, s, CA_NONE, &fit[s]);
		else
			memset(&fit[s], 0, sizeof fit[s]);
	}
	for (int k1 = 0; k1 < 2 * b->nedge; k1++) {
		int e1 = k1 / 2, s1 = k1 % 2, any = 0;

		if (!BIT_HAS(&fit[s1], e1))
			continue;
		fit2[0] = fit[0];
		fit2[1] = fit[1];
		BIT_DEL(&fit2[0], e1);
		BIT_DEL(&fit2[1], e1);
		if (p->supply[s1 ? CA_S_SHIP : CA_S_ROAD] < 2)
			memset(&fit2[s1], 0, sizeof fit2[s1]);
		else
			for (int i = 0; i < 2; i++) {
				int c = b->edge[e1].corner[i];
				const struct ca_corner *k;

				if (c == CA_NONE || foreign_piece(st, c, seat))
					continue;
				k = &b->corner[c];
				for (int x = 0; x < k->nedge; x++) {
					int f = k->edge[x];

					if (f != e1 && !st->edge[f] &&
					    ca_edge_suits(st, f, s1))
						BIT_ADD(&fit2[s1], f);
				}
			}
		for (int e2 = 0; e2 < b->nedge; e2++)
			for (int s2 = 0; s2 < 2; s2++) {
				int k2 = 2 * e2 + s2;

				if (!BIT_HAS(&fit2[s2], e2))
					continue;
				any = 1;
				if (k2 < k1 && BIT_HAS(&fit[s2], e2))
					continue;
				blank(&a, CA_A_ROADS);
				a.a = (uint8_t)e1;
				a.ka = (uint8_t)s1;
				a.b = (uint8_t)e2;
				a.kb = (uint8_t)s2;
				push(l, &a);
			}
		if (!any) {
			blank(&a, CA_A_ROADS);
			a.a = (uint8_t)e1;
			a.ka = (uint8_t)s1;
			push(l, &a);
		}
	}
}

/* Ship moves (CA6.8): every movable ship to every edge it fits once
   lifted. */
static void
ship_moves(struct lister *l)
{
	const struct ca_state *st = l->st;
	struct ca_action a;
	struct bits to;

	for (int e = 0; e < st->b->nedge; e++) {
		if (!st->edge[e] || ca_check_ship_movable(st, l->seat, e, NULL))
			continue;
		fitting(st, l->seat, 1, e, &to);
		for (int t = 0; t < st->b->nedge; t++)
			if (t != e && BIT_HAS(&to, t)) {
				blank(&a, CA_A_MOVESHIP);
				a.a = (uint8_t)e;
				a.b = (uint8_t)t;
				push(l, &a);
			}
	}
}

/* The main phase of the active seat (CA6-CA8). */
static void
main_actions(struct lister *l)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	int seat = l->seat;
	const struct ca_player *p = &st->p[seat];
	/* what seat can pay and has in supply */
	int set = p->supply[CA_S_SETTLEMENT] && holds(p->hand, cost_settlement);
	int city = p->supply[CA_S_CITY] && holds(p->hand, cost_city);
	int road = p->supply[CA_S_ROAD] && (p->free_edges ||
	    holds(p->hand, cost_road));	/* CA10.6: a treasure's free */
	int ship = p->supply[CA_S_SHIP] && (p->free_edges ||
	    holds(p->hand, cost_ship));
	struct ca_action a;
	struct bits fit[2];
	int rate[CA_KINDS];	/* C&K: every kind's, for ck_actions too */

	for (int c = 0; (set || city) && c < b->ncorner; c++) {
		uint8_t v = st->corner[c];

		if (set && !v && ca_check_settlement_place(st, seat, c, 1,
		    NULL) == 0) {
			blank(&a, CA_A_SETTLEMENT);
			a.a = (uint8_t)c;
			push(l, &a);
		}
		if (city && v && CA_C_OWNER(v) == seat &&
		    CA_C_KIND(v) == CA_CP_SETTLEMENT) {
			blank(&a, CA_A_CITY);
			a.a = (uint8_t)c;
			push(l, &a);
		}
	}
	if (road)
		fitting(st, seat, 0, CA_NONE, &fit[0]);
	if (ship)
		fitting(st, seat, 1, CA_NONE, &fit[1]);
	if (!road)
		memset(&fit[0], 0, sizeof fit[0]);
	if (!ship)
		memset(&fit[1], 0, sizeof fit[1]);
	/* edge order, a road before a ship at one edge: the edges that
	   fit either, lowest first */
	for (int i = 0; (road || ship) && i < 4; i++)
		for (uint64_t w = fit[0].w[i] | fit[1].w[i]; w != 0;
		    w &= w - 1) {
			int e = 64 * i + __builtin_ctzll(w);

			if (BIT_HAS(&fit[0], e)) {
				blank(&a, CA_A_ROAD);
				a.a = (uint8_t)e;
				push(l, &a);
			}
			if (BIT_HAS(&fit[1], e)) {
				blank(&a, CA_A_SHIP);
				a.a = (uint8_t)e;
				push(l, &a);
			}
		}
	if (b->kind == CA_MAP_SEAFARERS && !st->moved_ship)
		ship_moves(l);
	if (CA_CK(st))
		ck_rates(st, seat, rate);
	else
		rates(st, seat, rate);
	for (int gk = 0; gk < CA_RES; gk++) {
		int r = rate[gk];

		if (r > p->hand[gk])
			continue;	/* not one trade of gk */
		/* ca_do_trade's conditions; the rate counted once per kind */
		for (int wk = 0; wk < CA_RES; wk++)
			for (int k = 1; wk != gk && k * r <= p->hand[gk] &&
			    k <= st->bank[wk]; k++) {
				blank(&a, CA_A_TRADE);
				a.give[gk] = (uint8_t)(k * r);
				a.get[wk] = (uint8_t)k;
				push(l, &a);
			}
	}
	if (can_play(st, seat, CA_PLENTY, NULL) == 0) {
		int bank = bundle_sum(st->bank);

		blank(&a, CA_A_PLENTY);
		if (bank > 0)
			bundles(l, &a, a.get, st->bank, 0, bank < 2 ? bank : 2,
			    CA_RES);
	}
	if (can_play(st, seat, CA_MONOPOLY, NULL) == 0)
		for (int k = 0; k < CA_RES; k++) {
			blank(&a, CA_A_MONOPOLY);
			a.res = (uint8_t)k;
			push(l, &a);
		}
	if (can_play(st, seat, CA_ROADS, NULL) == 0)
		road_pairs(l);
	if (CA_CK(st))
		ck_actions(l, rate);
}

/*
 * The first item of the queue is owed by seat, as ca_do_desert,
 * ca_do_place_knight and ca_do_retreat ask it first (their queue item's kind
 * is the caller's), of a Cities & Knights game (dispatch's).
 */
static int
owes(const struct ca_state *st, int seat)
{
	return CA_CK(st) && st->npend > 0 &&
	    ((st->pend[0].seats >> seat) & 1);
}

/*
 * What seat owes first in the queue (the discards, picks, pillages,
 * progress card answers, knights displaced, the robber), CA5, CK.
 */
static void
pend_actions(struct lister *l)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	int seat = l->seat;
	struct ca_action a;
	const struct ca_pend *p = &st->pend[0];

	if (p->kind == CA_P_DISCARD) {
		blank(&a, CA_A_DISCARD);
		bundles(l, &a, a.give, st->p[seat].hand, 0, p->n[seat],
		    CA_KINDS);
	} else if (p->kind == CA_P_PICK) {
		int bank = bundle_sum(st->bank);

		blank(&a, CA_A_PICK);
		bundles(l, &a, a.get, st->bank, 0, p->n[seat] < bank ?
		    p->n[seat] : bank, CA_RES);
	} else if (p->kind == CA_P_PILLAGE) {
		for (int c = 0; c < b->ncorner; c++)
			if (ca_pillageable(st, seat, c)) {
				blank(&a, CA_A_PILLAGE);
				a.a = (uint8_t)c;
				push(l, &a);
			}
	} else if (p->kind == CA_P_PROGRESS) {
		struct ca_action shows[CK_HAND_MAX];

		for (int k = 0; k < st->ck.p[seat].nprog; k++) {
			blank(&a, CA_A_PROG_DISCARD);
			a.res = st->ck.p[seat].prog[k];
			ca_push_checked(l, &a);
		}
		/* CK20.3: a sealed card shown, to be discarded */
		for (int i = 0, n = ca_sealed_legal(st, seat, shows, 0,
		    CK_HAND_MAX); i < n; i++)
			push(l, &shows[i]);
	} else if (p->kind == CA_P_TRACKPICK) {
		for (int t = 0; t < CK_TRACKS; t++) {
			blank(&a, CA_A_TRACKPICK);
			a.res = (uint8_t)t;
			ca_push_checked(l, &a);
		}
	} else if (p->kind == CA_P_DESERT) {
		/* ca_do_desert's: the item owed by seat (as dispatch
		   asks it, C&K alone), then its knight at the corner */
		for (int c = 0; owes(st, seat) && c < b->ncorner; c++)
			if (own_knight(st, seat, c)) {
				blank(&a, CA_A_DESERT);
				a.a = (uint8_t)c;
				push(l, &a);
			}
	} else if (p->kind == CA_P_PLACE) {
		/* ca_do_place_knight's: the item owed by seat, then no
		   corner or a corner ca_knight_place_ok */
		blank(&a, CA_A_PLACE_KNIGHT);
		if (owes(st, seat))
			push(l, &a);
		for (int c = 0; owes(st, seat) && c < b->ncorner; c++)
			if (ca_knight_place_ok(st, seat, c)) {
				a.a = (uint8_t)c;
				push(l, &a);
			}
	} else if (p->kind == CA_P_SPY) {
		int v = p->n[seat] - 1;

		for (int k = 0; k < st->ck.p[v].nprog; k++) {
			blank(&a, CA_A_TAKE);
			a.res = st->ck.p[v].prog[k];
			ca_push_checked(l, &a);
		}
	} else if (p->kind == CA_P_MASTER) {
		blank(&a, CA_A_TAKE_CARDS);
		bundles(l, &a, a.get, st->p[p->n[seat] - 1].hand, 0, 2,
		    CA_KINDS);
	} else if (p->kind == CA_P_WEDDING) {
		blank(&a, CA_A_GIVE);
		bundles(l, &a, a.give, st->p[seat].hand, 0, p->n[seat],
		    CA_KINDS);
	} else if (p->kind == CA_P_HARBOR) {
		for (int k = CA_RES; k < CA_KINDS; k++) {
			blank(&a, CA_A_GIVE);
			a.give[k] = 1;
			ca_push_checked(l, &a);
		}
	} else if (p->kind == CA_P_RETREAT) {
		/* ca_do_retreat's: the item owed by seat, then a vacant
		   corner its roads reach from the knight's: ca_road_reach
		   once, not a corner */
		uint8_t mark[CA_MAX_CORNER];

		if (owes(st, seat))
			ca_road_reach(st, seat, p->n[0], mark);
		else
			memset(mark, 0, sizeof mark);
		for (int c = 0; c < b->ncorner; c++)
			if (mark[c] == 1 && !st->corner[c]) {
				blank(&a, CA_A_RETREAT);
				a.a = (uint8_t)c;
				push(l, &a);
			}
	} else if (p->kind == CA_P_TOKEN) {
		/* CA10.8: the main island's numbers seat may move */
		uint8_t ok[CA_MAX_GROW];
		int n = (p->seats >> seat) & 1 ? ca_grow_allowed(st, seat,
		    p->n[seat] - 1, ok, NULL) : 0;

		for (int i = 0; i < n; i++) {
			blank(&a, CA_A_TOKEN);
			a.a = ok[i];
			push(l, &a);
		}
		if (((p->seats >> seat) & 1) && st->off[seat].num) {
			/* the ship came in the main phase: its offer
			   stands and may go (CA7) */
			blank(&a, CA_A_WITHDRAW);
			push(l, &a);
		}
	} else if (p->kind == CA_P_AQUEDUCT) {
		for (int k = 0; k < CA_RES; k++)
			if (st->bank[k]) {
				blank(&a, CA_A_AQUEDUCT);
				a.res = (uint8_t)k;
				push(l, &a);
			}
	} else
		robber_moves(l, CA_A_ROBBER, 0);
}

/*
 * The set-up's placements (CA3): each through its own check.
 */
static void
setup_actions(struct lister *l)
{
	const struct ca_state *st = l->st;
	struct ca_state *w = (struct ca_state *)(uintptr_t)st;	/* dry */
	const struct ca_board *b = st->b;
	int seat = l->seat;
	struct ca_action a;

	/* eight placements a game: each through its own check */
	int city = CA_CK(st) && st->setup_i >= st->nseats;

	if (st->setup_corner == CA_NONE)
		for (int c = 0; c < b->ncorner; c++) {
			if (ca_setup_settlement(w, seat, c, city, 1, NULL,
			    NULL) != 0)
				continue;
			blank(&a, city ? CA_A_CITY : CA_A_SETTLEMENT);
			a.a = (uint8_t)c;
			push(l, &a);
		}
	else
		for (int i = 0; i < 3; i++) {
			int e = b->corner[st->setup_corner].edge[i];

			for (int s = 0; e != CA_NONE && s < 2; s++) {
				if (edge_fits(st, seat, e, s,
				    st->setup_corner, NULL) != 0)
					continue;
				blank(&a, s ? CA_A_SHIP : CA_A_ROAD);
				a.a = (uint8_t)e;
				push(l, &a);
			}
		}
}

/*
 * The active seat's turn: the roll (or the Alchemist), the end, a buy,
 * a Knight, and the main phase's builds and trades (main_actions).
 */
static void
turn_actions(struct lister *l)
{
	const struct ca_state *st = l->st;
	int seat = l->seat;
	struct ca_action a;
	const struct ca_player *p = &st->p[seat];
	int deck = st->phase == CA_PH_MAIN ? ca_deck_left(st) : 0;
	struct ca_action shows[CA_SL_MAX];

	/* the deck counts for a buy alone (main phase) */
	if (st->phase == CA_PH_PREROLL) {
		blank(&a, CA_A_ROLL);
		push(l, &a);
		/* the Alchemist (CK14.1): asked of a seat holding
		   progress cards alone (prog_at finds none else) */
		if (CA_CK(st) && st->ck.p[seat].nprog > 0) {
			int i = ck_card_by_effect(st->ck.d,
			    CK_E_ALCHEMIST);

			for (int x = 1; i >= 0 && prog_at(st, seat, i) >=
			    0 && x <= 36; x++) {
				blank(&a, CA_A_PLAY);
				a.res = (uint8_t)i;
				a.ka = CA_NONE;
				a.a = (uint8_t)((x - 1) / 6 + 1);
				a.b = (uint8_t)((x - 1) % 6 + 1);
				push(l, &a);
			}
		}
	}
	if (st->phase == CA_PH_MAIN && (!CA_CK(st) ||
	    ck_held(st, seat) <= CK_HAND_LIMIT)) {
		blank(&a, CA_A_END);
		push(l, &a);
	}
	if (st->phase == CA_PH_MAIN && deck > 0 &&
	    holds(p->hand, cost_card)) {
		blank(&a, CA_A_BUY);
		push(l, &a);
	}
	if (can_play(st, seat, CA_KNIGHT, NULL) == 0)
		robber_moves(l, CA_A_KNIGHT, 1);
	for (int i = 0, n = ca_sealed_legal(st, seat, shows, 0, CA_SL_MAX);
	    i < n; i++)
		push(l, &shows[i]);	/* CA15.3 */
	if (st->phase == CA_PH_MAIN)
		main_actions(l);
}

/*
 * The answers to the offers by post and the withdrawal of seat's own (CA7).
 */
static void
answer_actions(struct lister *l)
{
	const struct ca_state *st = l->st;
	struct ca_state *w = (struct ca_state *)(uintptr_t)st;	/* dry */
	int seat = l->seat;
	struct ca_action a;

	for (int s = 0; s < st->nseats; s++) {
		if (!st->off[s].num || s == seat)
			continue;
		/* offers by post: through their own check */
		blank(&a, CA_A_ACCEPT);
		a.num = st->off[s].num;
		if (ca_do_answer(w, seat, &a, 1, NULL, NULL) == 0)
			push(l, &a);
		blank(&a, CA_A_DECLINE);
		a.num = st->off[s].num;
		if (ca_do_answer(w, seat, &a, 1, NULL, NULL) == 0)
			push(l, &a);
	}
	if (st->off[seat].num) {
		blank(&a, CA_A_WITHDRAW);
		push(l, &a);
	}
}

int
ca_legal(const struct ca_state *st, int seat, struct ca_action *out, int max)
{
	struct lister l = { st, seat, 0, max, out };
	struct ca_action a;

	if (st->phase == CA_PH_OVER || seat < 0 || seat >= st->nseats ||
	    !((ca_may_act(st) >> seat) & 1))
		return 0;
	if (st->npend > 0)
		pend_actions(&l);
	else if (st->phase == CA_PH_SETUP)
		setup_actions(&l);
	else if (seat == st->active)
		turn_actions(&l);
	if (st->phase == CA_PH_MAIN && st->npend == 0)
		answer_actions(&l);
	blank(&a, CA_A_RESIGN);
	push(&l, &a);
	return l.n;
}
