/*
 * sea.c -- Seafarers (catan-rules(7), CA10): the fog a road or
 * ship reveals, and moving a ship.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


/* ---- fog (CA10.3) ---------------------------------------------------------- */

int
ca_reveal_fog(struct ca_state *st, int seat, int e, struct rules_note *note,
    struct ca_secret *sec, struct rules_error *err)
{
	const struct ca_board *b = st->b;
	const struct ca_mapdef *m = b->def;
	uint8_t hx[6];
	int nh = 0;

	if (b->nfog == 0) {
		ca_grow_reach(st, seat, e, note);	/* CA10.7 */
		return ca_find_treasures(st, seat, e, note, sec, err);
	}
	for (int j = 0; j < 2; j++) {
		int c = b->edge[e].corner[j];

		if (c == CA_NONE)
			continue;
		for (int i = 0; i < 3; i++) {
			int h = b->corner[c].hex[i], dup = 0;

			if (b->fogidx[h] == CA_NONE ||
			    st->fog_t[b->fogidx[h]] != CA_FOG)
				continue;
			for (int x = 0; x < nh; x++)
				dup |= hx[x] == h;
			if (!dup)
				hx[nh++] = (uint8_t)h;
		}
	}
	/* board order */
	for (int i = 1; i < nh; i++)
		for (int j = i; j > 0 && hx[j - 1] > hx[j]; j--) {
			uint8_t t = hx[j];

			hx[j] = hx[j - 1];
			hx[j - 1] = t;
		}
	for (int i = 0; i < nh; i++) {
		struct chance_stream cs;
		int h = hx[i], fi = b->fogidx[h], left = 0, pick, t = CA_SEA, tok = 0;
		char hn[8];
		int rc;

		for (int k = 0; k < m->nfog_tiles; k++)
			left += (st->fog_tiles_left >> k) & 1;
		if (left == 0)
			continue;
		rc = ca_open_event(st, EV_FOG, "fog", 0, &cs, err);
		if (rc != 0)
			return rc;
		pick = chance_below(&cs, left);
		for (int k = 0; k < m->nfog_tiles; k++)
			if ((st->fog_tiles_left >> k) & 1 && pick-- == 0) {
				st->fog_tiles_left &= ~(1u << k);
				t = m->fog_tiles[k];
				break;
			}
		if (CA_PRODUCES(t)) {
			int nt = 0;

			for (int k = 0; k < m->nfog_tokens; k++)
				nt += (st->fog_tokens_left >> k) & 1;
			if (nt > 0) {
				int q = chance_below(&cs, nt);

				for (int k = 0; k < m->nfog_tokens; k++)
					if ((st->fog_tokens_left >> k) & 1 &&
					    q-- == 0) {
						st->fog_tokens_left &= ~(1u << k);
						tok = m->fog_tokens[k];
						break;
					}
			}
		}
		st->fog_t[fi] = (uint8_t)t;
		st->fog_k[fi] = (uint8_t)tok;
		if (note != NULL)
			ca_hex_name(b, h, hn, sizeof hn);
		if (t == CA_GOLD) {
			uint8_t n[CA_SEATS] = { 0 };

			n[seat] = 1;
			NOTE("%s: gold %d, %s picks 1", hn, tok,
			    seat_name(seat));
			if (bundle_sum(st->bank) > 0)
				pend_push(st, CA_P_PICK, 1u << seat, n);
		} else if (CA_PRODUCES(t)) {
			int r = CA_TERRAIN_RES(t);

			if (st->bank[r] > 0) {
				st->bank[r]--;
				st->p[seat].hand[r]++;
				NOTE("%s: %s %d, %s gets 1 %s", hn,
				    ca_terrain_names[t], tok, seat_name(seat),
				    ca_kind_names[r]);
			} else
				NOTE("%s: %s %d, the bank has no %s", hn,
				    ca_terrain_names[t], tok, ca_kind_names[r]);
		} else
			NOTE("%s: %s", hn, ca_terrain_names[t]);
	}
	return ca_find_treasures(st, seat, e, note, sec, err);
}

/* CA6.8: the ship at e may move (an open end, not new, not by the pirate). */
int
ca_check_ship_movable(const struct ca_state *st, int seat, int e,
    struct rules_error *err)
{
	const struct ca_edge *ed = &st->b->edge[e];
	char name[32] = "";
	int open = 0;

	if (err != NULL)
		ca_edge_name(st->b, e, name, sizeof name);
	if (!st->edge[e] || e_owner(st, e) != seat || !e_ship(st, e))
		return NO("no ship of %s at %s", seat_name(seat), name);
	if (st->edge[e] & CA_E_NEW)
		return NO("the ship at %s was built this turn", name);
	if (on_pirate(st, e))
		return NO("the ship at %s is next to the pirate (CA5.5)", name);
	for (int j = 0; j < 2; j++) {
		int c = ed->corner[j], other = 0;
		const struct ca_corner *k;

		if (c == CA_NONE) {
			open = 1;
			continue;
		}
		if (own_building(st, c, seat))
			continue;
		k = &st->b->corner[c];
		for (int i = 0; i < k->nedge; i++) {
			int f = k->edge[i];

			if (f != e && st->edge[f] && e_owner(st, f) == seat &&
			    e_ship(st, f))
				other = 1;
		}
		if (!other)
			open = 1;
	}
	if (!open)
		return NO("the ship at %s is not at the open end of a route "
		    "(CA6.8)", name);
	return 0;
}

int
ca_move_ship(struct ca_state *st, int seat, int from, int to, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	char n1[32], n2[32];
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (st->moved_ship)
		return NO("one ship move a turn (CA6.8)");
	if ((rc = ca_check_ship_movable(st, seat, from, err)) != 0)
		return rc;
	if (from == to)
		return NO("the ship must go to another edge");
	if ((rc = ca_check_edge_place(st, seat, to, 1, CA_NONE, from, err)) != 0)
		return rc;
	if (dry)
		return 0;
	st->edge[from] = 0;
	st->edge[to] = CA_E_MAKE(seat, 1);
	st->moved_ship = 1;
	if (note != NULL) {
		ca_edge_name(st->b, from, n1, sizeof n1);
		ca_edge_name(st->b, to, n2, sizeof n2);
	}
	NOTE("%s moves a ship from %s to %s", seat_name(seat), n1,
	    n2);
	if ((rc = ca_reveal_fog(st, seat, to, note, sec, err)) != 0)
		return rc;
	ca_award_longest_of(st, 1u << seat, note);
	return 0;
}
