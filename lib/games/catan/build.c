/*
 * build.c -- the set-up and building of the base game
 * (catan-rules(7), CA3, CA6): where a settlement, road, ship or city may
 * stand, and placing them.  Moving a ship and the fog are in sea.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


/* A settlement at c: free, known land, distance (CA6.3, CA6.4); with
   connect, an own road or ship ends there. */
int
ca_check_settlement_place(const struct ca_state *st, int seat, int c,
    int connect, struct rules_error *err)
{
	char name[32] = "";

	if (err != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (st->corner[c])
		return NO("%s is taken", name);
	if (!corner_land(st, c))
		return NO("%s touches no known land", name);
	if (!distance_ok(st, c))
		return NO("%s is one edge from a settlement or city (CA6.3)",
		    name);
	if (connect) {
		const struct ca_corner *k = &st->b->corner[c];
		int ok = 0;

		for (int i = 0; i < k->nedge; i++)
			if (st->edge[k->edge[i]] &&
			    e_owner(st, k->edge[i]) == seat)
				ok = 1;
		if (!ok)
			return NO("no road or ship of %s ends at %s",
			    seat_name(seat), name);
	}
	return 0;
}

/*
 * A road (ship = 0) or ship at e for seat (CA6.5, CA5.5): free, the right
 * side, and connected at an end (from: the set-up settlement, or
 * CA_NONE for the connection rule; lifted: an edge to treat as empty,
 * the ship being moved).
 */
int
ca_check_edge_place(const struct ca_state *st, int seat, int e, int ship,
    int from, int lifted, struct rules_error *err)
{
	const struct ca_edge *ed = &st->b->edge[e];
	char name[32] = "";
	int ok = 0;

	if (err != NULL)
		ca_edge_name(st->b, e, name, sizeof name);
	if (ship && st->b->kind != CA_MAP_SEAFARERS)
		return NO("ships only on Seafarers maps");
	if (st->edge[e] && e != lifted)
		return NO("%s is taken", name);
	if (!ship && !is_land(st, ed->hex[0]) && !is_land(st, ed->hex[1]))
		return NO("a road needs known land beside it: %s has none",
		    name);
	if (ship && !is_sea(st, ed->hex[0]) && !is_sea(st, ed->hex[1]))
		return NO("a ship needs sea beside it: %s has none", name);
	if (ship && on_pirate(st, e))
		return NO("%s is next to the pirate (CA5.5)", name);
	if (from != CA_NONE) {
		if (ed->corner[0] != from && ed->corner[1] != from)
			return NO("%s does not touch the settlement just placed",
			    name);
		return 0;
	}
	for (int j = 0; j < 2 && !ok; j++) {
		int c = ed->corner[j];
		const struct ca_corner *k;

		if (c == CA_NONE)
			continue;
		if (own_building(st, c, seat)) {
			ok = 1;
			break;
		}
		if (foreign_piece(st, c, seat))
			continue;
		k = &st->b->corner[c];
		for (int i = 0; i < k->nedge; i++) {
			int f = k->edge[i];

			if (f != e && f != lifted && st->edge[f] &&
			    e_owner(st, f) == seat && e_ship(st, f) == ship)
				ok = 1;
		}
	}
	if (!ok)
		return NO("%s does not connect to a %s of %s (CA6.5)", name,
		    ship ? "ship" : "road", seat_name(seat));
	return 0;
}

/* ---- set-up (CA3) ------------------------------------------------------------ */

void
ca_next_placement(struct ca_state *st, struct rules_note *note)
{
	int n = st->nseats;

	st->setup_corner = CA_NONE;
	for (;;) {
		st->setup_i++;
		if (st->setup_i >= 2 * n) {
			st->phase = CA_PH_PREROLL;
			st->turn = 1;
			st->active = st->first;
			while (!live(st, st->active))
				st->active = (uint8_t)((st->active + 1) % n);
			NOTE("%s to roll", seat_name(st->active));
			return;
		}
		st->active = (uint8_t)ca_setup_seat(st, st->setup_i);
		if (live(st, st->active))
			return;
	}
}

int
ca_setup_settlement(struct ca_state *st, int seat, int c, int city, int dry,
    struct rules_note *note, struct rules_error *err)
{
	const struct ca_corner *k = &st->b->corner[c];
	char name[32];
	int rc;

	if (st->setup_corner != CA_NONE)
		return NO("place the road first");
	if ((rc = ca_check_settlement_place(st, seat, c, 0, err)) != 0)
		return rc;
	if (st->b->home_islands) {
		int home = 0;

		for (int i = 0; i < 3; i++) {
			int isl = st->b->island[k->hex[i]];

			if (isl != CA_NONE && (st->b->home_islands >> isl) & 1)
				home = 1;
		}
		if (!home) {
			ca_corner_name(st->b, c, name, sizeof name);
			return NO("set-up settlements touch a home island: %s "
			    "does not (CA3.4)", name);
		}
	}
	if (st->p[seat].supply[city ? CA_S_CITY : CA_S_SETTLEMENT] == 0)
		return NO("no %s left in your supply", city ? "city" :
		    "settlement");
	if (dry)
		return 0;
	/* CK3.1: in Cities & Knights the second placement is a city */
	st->corner[c] = CA_C_MAKE(seat, city ? CA_CP_CITY : CA_CP_SETTLEMENT);
	st->p[seat].supply[city ? CA_S_CITY : CA_S_SETTLEMENT]--;
	st->setup_corner = (uint8_t)c;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s places a %s at %s", seat_name(seat), city ? "city" :
	    "settlement", name);
	if (st->setup_i >= st->nseats) {
		/* CA3.5: the second settlement earns; CK3.2: the city earns
		   the same, 1 resource a hex, no commodity */
		uint8_t got[CA_KINDS] = { 0 };
		uint8_t n[CA_SEATS] = { 0 };
		char g[80];

		for (int i = 0; i < 3; i++) {
			int t = hex_terrain(st, k->hex[i]);

			if (t == CA_GOLD)
				n[seat]++;
			else if (CA_PRODUCES(t) &&
			    st->bank[CA_TERRAIN_RES(t)] > got[CA_TERRAIN_RES(t)])
				got[CA_TERRAIN_RES(t)]++;
		}
		move_cards(st->bank, st->p[seat].hand, got);
		if (bundle_sum(got))
			NOTE("%s gets %s", seat_name(seat),
			    ca_bundle_text(got, g, sizeof g));
		if (n[seat] && bundle_sum(st->bank) > 0)
			pend_push(st, CA_P_PICK, 1u << seat, n);
	}
	(void)rc;
	ca_award_longest_of(st, ca_at_corner(st, seat, c), note);
	ca_award_harbor(st, note);
	return 0;
}

int
ca_setup_edge(struct ca_state *st, int seat, int e, int ship, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	char name[32];
	int rc;

	if (st->setup_corner == CA_NONE)
		return NO("place a settlement first");
	if ((rc = edge_fits(st, seat, e, ship, st->setup_corner, err)) != 0)
		return rc;
	if (dry)
		return 0;
	st->edge[e] = CA_E_MAKE(seat, ship);
	st->p[seat].supply[ship ? CA_S_SHIP : CA_S_ROAD]--;
	if (note != NULL) {
		ca_edge_name(st->b, e, name, sizeof name);
		NOTE("%s places a %s at %s", seat_name(seat),
		    ship ? "ship" : "road", name);
	}
	if ((rc = ca_reveal_fog(st, seat, e, note, sec, err)) != 0)
		return rc;
	ca_award_longest_of(st, 1u << seat, note);
	ca_next_placement(st, note);
	return 0;
}

int
ca_build_settlement(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_player *p = &st->p[seat];
	const struct ca_corner *k = &st->b->corner[c];
	char name[32];
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if ((rc = ca_check_settlement_place(st, seat, c, 1, err)) != 0)
		return rc;
	if (p->supply[CA_S_SETTLEMENT] == 0)
		return NO("no settlement left in your supply (CA1.3)");
	if ((rc = pay(st, seat, cost_settlement, "a settlement", err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(p->hand, st->bank, cost_settlement);
	st->corner[c] = CA_C_MAKE(seat, CA_CP_SETTLEMENT);
	p->supply[CA_S_SETTLEMENT]--;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s builds a settlement at %s", seat_name(seat), name);
	if (st->b->island_bonus && k->island != CA_NONE &&
	    !((st->b->home_islands >> k->island) & 1) &&
	    !((p->islands >> k->island) & 1)) {
		p->islands |= 1u << k->island;
		p->bonus = (uint8_t)(p->bonus + st->b->island_bonus);
		NOTE("%s earns %d for a new island", seat_name(seat),
		    st->b->island_bonus);
	}
	ca_award_longest_of(st, ca_at_corner(st, seat, c), note);
	ca_award_harbor(st, note);
	return 0;
}

int
ca_build_city(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	return ca_build_city_for(st, seat, c, cost_city, dry, note, err);
}

/* A city for cost (CK14.21 Medicine: 2 ore + 1 grain). */
int
ca_build_city_for(struct ca_state *st, int seat, int c, const uint8_t *cost,
    int dry, struct rules_note *note, struct rules_error *err)
{
	struct ca_player *p = &st->p[seat];
	char name[32];
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	name[0] = '\0';
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!st->corner[c] || c_owner(st, c) != seat ||
	    CA_C_KIND(st->corner[c]) != CA_CP_SETTLEMENT)
		return NO("a city replaces a settlement of yours: %s holds none",
		    name);
	if (p->supply[CA_S_CITY] == 0)
		return NO("no city left in your supply (CA1.3)");
	if ((rc = pay(st, seat, cost, "a city", err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(p->hand, st->bank, cost);
	st->corner[c] = CA_C_MAKE(seat, CA_CP_CITY);
	p->supply[CA_S_CITY]--;
	if (st->ck.p[seat].over > 0)	/* a settlement without its piece */
		st->ck.p[seat].over--;
	else
		p->supply[CA_S_SETTLEMENT]++;
	NOTE("%s builds a city at %s", seat_name(seat), name);
	ca_award_harbor(st, note);
	return 0;
}

void
ca_place_edge(struct ca_state *st, int seat, int e, int ship)
{
	st->edge[e] = (uint8_t)(CA_E_MAKE(seat, ship) | (ship ? CA_E_NEW : 0));
	st->p[seat].supply[ship ? CA_S_SHIP : CA_S_ROAD]--;
}

/* Build seat's road or ship at e, checked and paid for (CA6.5, CA8.4):
   the piece from the supply, the note, the fog it reveals (CA10.3).
   The caller counts the routes again. */
int
ca_lay_edge(struct ca_state *st, int seat, int e, int ship,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	char name[32];

	ca_place_edge(st, seat, e, ship);
	if (note != NULL) {
		ca_edge_name(st->b, e, name, sizeof name);
		NOTE("%s builds a %s at %s", seat_name(seat),
		    ship ? "ship" : "road", name);
	}
	return ca_reveal_fog(st, seat, e, note, sec, err);
}

int
ca_build_edge(struct ca_state *st, int seat, int e, int ship, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	struct ca_player *p = &st->p[seat];
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if ((rc = edge_fits(st, seat, e, ship, CA_NONE, err)) != 0)
		return rc;
	if (p->free_edges == 0 && (rc = pay(st, seat, ship ? cost_ship :
	    cost_road, ship ? "a ship" : "a road", err)) != 0)
		return rc;
	if (dry)
		return 0;
	if (p->free_edges > 0)		/* a treasure's (CA10.6) */
		p->free_edges--;
	else
		move_cards(p->hand, st->bank, ship ? cost_ship : cost_road);
	if ((rc = ca_lay_edge(st, seat, e, ship, note, sec, err)) != 0)
		return rc;
	ca_award_longest_of(st, 1u << seat, note);
	return 0;
}
