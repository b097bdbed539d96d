/*
 * awards.c -- victory points and the awards: the longest trade route,
 * the largest army and, with option harbormaster=on, the harbormaster
 * (catan-rules(7), CA9, CA11.1), and their Cities & Knights counts
 * (catan-ck-rules(7)).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


static int route_dfs(const struct route_ctx *r, int e, int c, uint32_t used);
static int route_roads(const struct route_ctx *r, int n, int nc);

int
ca_vp(const struct ca_state *st, int seat, int hidden)
{
	return vp_of(st, seat, hidden);
}

/*
 * The edges e of seat, in edge order, into out[] (CA_MAX_EDGE of them at
 * most); returns how many.  mask picks what must match seat + 1: 7 the
 * owner alone (roads and ships), 7 | CA_E_SHIP the owner and no ship
 * (roads).  A route count and a C&K list walk every edge for a seat's
 * few, so eight bytes at a time where the machine allows.
 */
int
ca_seat_edges(const struct ca_state *st, int seat, unsigned mask, uint8_t *out)
{
	int ne = st->b->nedge, n = 0, e = 0;

#ifdef WORDWISE
	for (; e + 8 <= ne; e += 8) {
		uint64_t w, hit;

		memcpy(&w, st->edge + e, 8);
		hit = ww_zero_bytes((w & mask * WW_ONES) ^
		    (uint64_t)(seat + 1) * WW_ONES);
		for (; hit != 0; hit &= hit - 1)
			out[n++] = (uint8_t)(e + (__builtin_ctzll(hit) >> 3));
	}
#endif
	for (; e < ne; e++)
		if ((st->edge[e] & mask) == (unsigned)seat + 1)
			out[n++] = (uint8_t)e;
	return n;
}

static int
route_dfs(const struct route_ctx *r, int e, int c, uint32_t used)
{
	uint32_t next;
	int best = 0;

	if (r->pass[c] == 0)
		return 0;
	next = r->at[c] & ~used;
	if (r->pass[c] == 1)
		next &= (r->ships >> e) & 1 ? r->ships : ~r->ships;
	/* the edges left at c, lowest first, a set bit at a time; c one
	   of f's two ends, the other is their xor with c */
	for (; next != 0; next &= next - 1) {
		int f = __builtin_ctz(next), len;

		len = 1 + route_dfs(r, f, r->end[f][0] ^ r->end[f][1] ^ c,
		    used | (1u << f));
		if (len > best)
			best = len;
	}
	return best;
}

/*
 * The longest route of roads only (no ship, so every corner a route
 * passes is the same to it): the search of ca_route_length begun only
 * where a longest route may begin.  A longest route beginning at a
 * corner that does not block it, with an own edge there it does not
 * use, would be longer by that edge; so it begins at a blocking
 * corner, or uses every edge there, and then, the corner's edge count
 * even, it ends where it began: a circuit whose corners have no other
 * edge, the whole of a group of edges where every corner passes and has
 * an even count (each such group is one circuit, Euler's: its length is
 * its edge count).  So: from the corners that block or have an odd count
 * of own edges, and each group with none of those counted whole.
 */
static int
route_roads(const struct route_ctx *r, int n, int nc)
{
	uint8_t start[2 * ROUTE_MAX + 1];
	uint32_t all = n < 32 ? (1u << n) - 1 : ~0u, seen = 0;
	int best = 0;

	for (int c = 0; c < nc; c++)
		start[c] = r->pass[c] == 0 ||
		    (__builtin_popcount(r->at[c]) & 1);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 2; j++) {
			int len;

			if (!start[r->end[i][1 - j]])
				continue;
			len = 1 + route_dfs(r, i, r->end[i][j], 1u << i);
			if (len > best)
				best = len;
		}
	/* the groups of edges (joined at any shared corner) */
	while ((seen & all) != all) {
		uint32_t grp = 0, add = (all & ~seen) & -(all & ~seen);
		int any = 0;

		/* grown from the edges added last alone (the others' ends
		   are in already), a set bit at a time */
		while (add != 0) {
			uint32_t next = 0;

			grp |= add;
			for (; add != 0; add &= add - 1) {
				int i = __builtin_ctz(add);

				next |= r->at[r->end[i][0]] | r->at[r->end[i][1]];
			}
			add = next & ~grp;
		}
		seen |= grp;
		for (uint32_t left = grp; left != 0 && !any; left &= left - 1) {
			int i = __builtin_ctz(left);

			any = start[r->end[i][0]] | start[r->end[i][1]];
		}
		if (!any && __builtin_popcount(grp) > best)
			best = __builtin_popcount(grp);
	}
	return best;
}

int
ca_route_length(const struct ca_state *st, int seat)
{
	const struct ca_board *b = st->b;
	struct route_ctx r;
	uint8_t loc[CA_MAX_CORNER], own[CA_MAX_EDGE];
	int n = 0, nc = 1, best = 0, nown = ca_seat_edges(st, seat, 7, own);

	/* local corner 0: off the map, where no route goes on */
	memset(loc, CA_NONE, sizeof loc);
	r.at[0] = 0;
	r.pass[0] = 0;
	r.ships = 0;
	for (int i = 0; i < nown && n < ROUTE_MAX; i++) {
		int e = own[i];

		if (e_ship(st, e))
			r.ships |= 1u << n;
		for (int j = 0; j < 2; j++) {
			int c = b->edge[e].corner[j];

			if (c == CA_NONE) {
				r.end[n][j] = 0;
				continue;
			}
			if (loc[c] == CA_NONE) {
				loc[c] = (uint8_t)nc;
				r.at[nc] = 0;
				r.pass[nc] = (uint8_t)(foreign_piece(st, c, seat) ?
				    0 : own_building(st, c, seat) ? 2 : 1);
				nc++;
			}
			r.end[n][j] = loc[c];
			r.at[loc[c]] |= 1u << n;
		}
		n++;
	}
	if (r.ships == 0)
		return route_roads(&r, n, nc);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 2; j++) {
			int len = 1 + route_dfs(&r, i, r.end[i][j], 1u << i);

			if (len > best)
				best = len;
		}
	return best;
}

/*
 * CA9.3's decision, after any build, ship move or resignation.  Only the
 * routes of the seats in mask are counted again (a road or ship changes
 * its owner's; a settlement its owner's and those of opponents with a
 * piece at its corner); the others cannot have changed.
 */
void
ca_award_longest_of(struct ca_state *st, unsigned mask, struct rules_note *note)
{
	int h = st->longest, best = -1, nbest = 0, who = CA_NONE;

	for (int s = 0; s < st->nseats; s++)
		if ((mask >> s) & 1)
			st->p[s].route = (uint8_t)(live(st, s) ?
			    ca_route_length(st, s) : 0);
	for (int s = 0; s < st->nseats; s++) {
		if (!live(st, s))
			continue;
		if (st->p[s].route > best) {
			best = st->p[s].route;
			nbest = 1;
			who = s;
		} else if (st->p[s].route == best)
			nbest++;
	}
	if (h != CA_NONE && live(st, h) && st->p[h].route >= 5 &&
	    st->p[h].route == best)
		return;		/* (1) the holder keeps it */
	if (best >= 5 && nbest == 1)
		st->longest = (uint8_t)who;	/* (2) */
	else
		st->longest = CA_NONE;		/* (3) */
	if (st->longest != h) {
		if (st->longest == CA_NONE)
			NOTE("%s: nobody holds it (%s)", st->b->kind ==
			    CA_MAP_SEAFARERS ? "longest trade route" :
			    "longest road", best >= 5 ? "a tie" :
			    "nobody has 5");
		else
			NOTE("%s goes to %s (%d)", st->b->kind ==
			    CA_MAP_SEAFARERS ? "longest trade route" :
			    "longest road", seat_name(st->longest), best);
	}
}

void
ca_award_longest(struct ca_state *st, struct rules_note *note)
{
	ca_award_longest_of(st, 0xffu, note);
}

/*
 * The seats whose routes a new settlement of seat at corner c can change
 * (CA9.2): another seat's, broken there, only if two of its pieces meet
 * at c (a route ending at c keeps its length); seat's own, joining a
 * road and a ship there, only if both of its kinds meet at c.
 */
unsigned
ca_at_corner(const struct ca_state *st, int seat, int c)
{
	const struct ca_corner *k = &st->b->corner[c];
	int n[CA_SEATS] = { 0 }, kinds[CA_SEATS] = { 0 };
	unsigned m = 0;

	for (int i = 0; i < k->nedge; i++) {
		int e = k->edge[i];

		if (e == CA_NONE || !st->edge[e])
			continue;
		n[e_owner(st, e)]++;
		kinds[e_owner(st, e)] |= 1 << e_ship(st, e);
	}
	for (int s = 0; s < CA_SEATS; s++)
		if (s == seat ? kinds[s] == 3 : n[s] >= 2)
			m |= 1u << s;
	return m;
}

/*
 * The seats whose routes a knight of seat owner put on or taken off corner
 * c can change (CK11.3, B2): those with two roads or ships at c, a route
 * through c; a route ending at c keeps its length, whatever stands there.
 * The owner's own routes pass its knight as they pass a vacant corner.
 */
unsigned
ca_meet_at(const struct ca_state *st, int c, int owner)
{
	const struct ca_corner *k = &st->b->corner[c];
	int n[CA_SEATS] = { 0 };
	unsigned m = 0;

	for (int i = 0; i < k->nedge; i++) {
		int e = k->edge[i];

		if (e != CA_NONE && st->edge[e])
			n[e_owner(st, e)]++;
	}
	for (int s = 0; s < CA_SEATS; s++)
		if (n[s] >= 2 && s != owner)
			m |= 1u << s;
	return m;
}

/* CA9.1 as play goes on; on resignation, the single most >= 3 (CA11.4). */
void
ca_award_army(struct ca_state *st, struct rules_note *note, int recount)
{
	int h = st->army;

	if (recount) {
		int best = 2, nbest = 0, who = CA_NONE;

		for (int s = 0; s < st->nseats; s++) {
			if (!live(st, s))
				continue;
			if (st->p[s].knights > best) {
				best = st->p[s].knights;
				nbest = 1;
				who = s;
			} else if (st->p[s].knights == best)
				nbest++;
		}
		st->army = (uint8_t)(nbest == 1 ? who : CA_NONE);
	} else
		for (int s = 0; s < st->nseats; s++) {
			if (!live(st, s) || st->p[s].knights < 3)
				continue;
			if (st->army == CA_NONE ||
			    st->p[s].knights > st->p[st->army].knights)
				st->army = (uint8_t)s;
		}
	if (st->army != h) {
		if (st->army == CA_NONE)
			NOTE("largest army: nobody holds it");
		else
			NOTE("largest army goes to %s (%d knights)",
			    seat_name(st->army), st->p[st->army].knights);
	}
}

void
ca_award_recount(struct ca_state *st)
{
	st->longest = CA_NONE;
	ca_award_longest(st, NULL);
	ca_award_army(st, NULL, 1);
	ca_award_harbor(st, NULL);	/* CA9.5 of a position (CK19.9) */
}

/*
 * CA9.4: seat's harbor points, 1 for each settlement and 2 for each city
 * on a corner of a harbor (its pier's edge), counted whether or not the
 * option is on.
 */
int
ca_harbor_points(const struct ca_state *st, int seat)
{
	int n = 0;

	for (int c = 0; c < st->b->ncorner; c++)
		if (st->corner[c] && c_owner(st, c) == seat &&
		    st->b->corner[c].harbor &&
		    CA_C_KIND(st->corner[c]) <= CA_CP_CITY)	/* CK19.9 */
			n += CA_C_KIND(st->corner[c]) == CA_CP_CITY ? 2 : 1;
	return n;
}

/*
 * CA9.5, with option harbormaster=on: the holder keeps the title until
 * another player has more harbor points than they (a tie keeps it, as
 * CA9.1 keeps the largest army); without a holder, the one player with
 * the most harbor points, at least 3, takes it; a holder who resigns
 * loses it to the single most with 3 or more, else nobody holds it.
 */
void
ca_award_harbor(struct ca_state *st, struct rules_note *note)
{
	int h = st->harbormaster - 1, best = 0, nbest = 0, who = -1, now;
	int hp[CA_SEATS] = { 0 };

	if (!st->harbor_on)
		return;
	for (int s = 0; s < st->nseats; s++) {
		if (!live(st, s))
			continue;
		hp[s] = ca_harbor_points(st, s);
		if (hp[s] > best) {
			best = hp[s];
			nbest = 1;
			who = s;
		} else if (hp[s] == best)
			nbest++;
	}
	if (h >= 0 && live(st, h))
		now = best > hp[h] && nbest == 1 ? who : h;
	else
		now = best >= 3 && nbest == 1 ? who : -1;
	if (now == h)
		return;
	st->harbormaster = (uint8_t)(now + 1);
	if (now < 0)
		NOTE("harbormaster: nobody holds it");
	else
		NOTE("harbormaster goes to %s (%d harbor points)",
		    seat_name(now), hp[now]);
}
