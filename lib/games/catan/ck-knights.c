/*
 * ck-knights.c -- Cities & Knights' knights (catan-ck-rules(7),
 * CK11): building, activating, promoting, moving, displacing and chasing
 * the robber.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


static int knight_may_act(const struct ca_state *st, int seat, int c,
    uint8_t *v, struct rules_error *err);
static uint8_t acted(uint8_t v);
static void promoted_moves(struct ca_state *st, int from, int to);

/*
 * CK11.7: mark[] the corners reached from `from` along seat's roads; a
 * path goes on through a corner with an own piece or none, never
 * through an opponent's settlement, city or knight.  CK19.5: on a
 * Seafarers map along its ships too, passing between a road and a ship
 * only at the knight's own corner or an own settlement or city (where a
 * trade route joins them, catan-rules(7), CA6.6); a search over
 * (corner, the kind of piece arrived by), which on a map without ships
 * visits what the roads alone reach.
 */
void
ca_road_reach(const struct ca_state *st, int seat, int from, uint8_t *mark)
{
	/* queue entries 2c + ship; seen[c] a bit per kind arrived by */
	uint16_t queue[2 * CA_MAX_CORNER];
	uint8_t seen[CA_MAX_CORNER];
	int head = 0, tail = 0;

	memset(mark, 0, CA_MAX_CORNER);
	memset(seen, 0, sizeof seen);
	queue[tail++] = (uint16_t)(2 * from);
	seen[from] = 3;
	mark[from] = 2;
	while (head < tail) {
		int c = queue[head] >> 1, by = queue[head] & 1, join;
		const struct ca_corner *k = &st->b->corner[c];

		head++;
		if (c != from && foreign_piece(st, c, seat))
			continue;
		join = c == from || (st->corner[c] &&
		    !(CA_C_KIND(st->corner[c]) & CA_CP_KNIGHT) &&
		    c_owner(st, c) == seat);
		for (int i = 0; i < k->nedge; i++) {
			int e = k->edge[i], o = k->adj[i], sh;

			if (e == CA_NONE || o == CA_NONE || !st->edge[e] ||
			    e_owner(st, e) != seat)
				continue;
			sh = e_ship(st, e) != 0;
			if ((sh != by && !join) || (seen[o] >> sh & 1))
				continue;
			seen[o] |= (uint8_t)(1u << sh);
			if (!mark[o])
				mark[o] = 1;
			queue[tail++] = (uint16_t)(2 * o + sh);
		}
	}
}

/* An action by the active player's knight at c (CK11.6): its byte. */
static int
knight_may_act(const struct ca_state *st, int seat, int c, uint8_t *v,
    struct rules_error *err)
{
	char name[32] = "";
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!(*v = own_knight(st, seat, c)))
		return NO("no knight of yours at %s", name);
	if (!CK_KNIGHT_ACTIVE(*v))
		return NO("the knight at %s is not active (CK11.6)", name);
	if (CA_C_KIND(*v) & CA_CP_SPENT)
		return NO("the knight at %s was placed, activated or acted "
		    "this turn (CK11.6)", name);
	return 0;
}

/* Acting makes a knight inactive and spent (CK11.6). */
static uint8_t
acted(uint8_t v)
{
	return (uint8_t)((v & ~(CA_CP_ACTIVE << 3)) | (CA_CP_SPENT << 3));
}

static void
promoted_moves(struct ca_state *st, int from, int to)
{
	for (int i = 0; i < 3 * CK_KNIGHTS_PER_LEVEL; i++)
		if (st->ck.promoted[i] == from)
			st->ck.promoted[i] = (uint8_t)to;
}

int
ca_do_knight_build(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32] = "";
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (st->corner[c])
		return NO("%s is taken (CK11.2)", name);
	if (!road_end(st, seat, c))
		return NO("a knight stands at the end of a road of yours: %s "
		    "is none (CK11.2)", name);
	if (knights_on_board(st, seat, 1) >= CK_KNIGHTS_PER_LEVEL)
		return NO("no basic knight left in your supply (CK2.3)");
	if ((rc = pay(st, seat, cost_knight, "a knight", err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->bank, cost_knight);
	st->corner[c] = CA_C_MAKE(seat, CA_CP_KNIGHT | CA_CP_SPENT);
	NOTE("%s builds a basic knight at %s", seat_name(seat), name);
	ca_award_longest_of(st, ca_meet_at(st, c, seat), note);	/* CK11.3 */
	return 0;
}

int
ca_do_activate(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32] = "";
	uint8_t v;
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!(v = own_knight(st, seat, c)))
		return NO("no knight of yours at %s", name);
	if (CK_KNIGHT_ACTIVE(v))
		return NO("the knight at %s is active already", name);
	if ((rc = pay(st, seat, cost_activate, "activating a knight",
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->bank, cost_activate);
	st->corner[c] = (uint8_t)(v | ((CA_CP_ACTIVE | CA_CP_SPENT) << 3));
	NOTE("%s activates the knight at %s", seat_name(seat), name);
	return 0;
}

int
ca_do_promote(struct ca_state *st, int seat, int c, int free, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32] = "";
	uint8_t v;
	int rc, level, slot = -1;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!(v = own_knight(st, seat, c)))
		return NO("no knight of yours at %s", name);
	level = CK_KNIGHT_LEVEL(v);
	if (level == 3)
		return NO("the knight at %s is mighty already", name);
	if (level == 2 && !has_ability(st, seat, CK_FORTRESS))
		return NO("the Fortress is needed to promote a strong knight "
		    "(CK11.5)");
	for (int i = 0; i < 3 * CK_KNIGHTS_PER_LEVEL; i++) {
		if (st->ck.promoted[i] == c)
			return NO("the knight at %s was promoted this turn "
			    "(CK11.5)", name);
		if (slot < 0 && st->ck.promoted[i] == CA_NONE)
			slot = i;
	}
	if (knights_on_board(st, seat, level + 1) >= CK_KNIGHTS_PER_LEVEL)
		return NO("no %s knight left in your supply (CK2.3)",
		    level == 1 ? "strong" : "mighty");
	if (!free && (rc = pay(st, seat, cost_knight, "a promotion",
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	if (!free)
		move_cards(st->p[seat].hand, st->bank, cost_knight);
	st->corner[c] = (uint8_t)(v + (1 << 3));	/* the next level */
	if (slot >= 0)
		st->ck.promoted[slot] = (uint8_t)c;
	NOTE("%s promotes the knight at %s to %s", seat_name(seat), name,
	    level == 1 ? "strong" : "mighty");
	return 0;
}

/* CK11.9: where the knight displaced from `from` can go. */
int
ca_retreats(const struct ca_state *st, int owner, int from, int *last)
{
	uint8_t mark[CA_MAX_CORNER];
	int n = 0;

	ca_road_reach(st, owner, from, mark);
	for (int c = 0; c < st->b->ncorner; c++)
		if (mark[c] == 1 && !st->corner[c]) {
			n++;
			*last = c;
		}
	return n;
}

void
ca_retreat_to(struct ca_state *st, int owner, int c, uint8_t v,
    struct rules_note *note)
{
	char name[32];

	st->corner[c] = v;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s's knight retreats to %s", seat_name(owner), name);
}

int
ca_do_move(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int displace = a->verb == CA_A_DISPLACE, rc, owner = -1;
	unsigned routes;
	uint8_t mark[CA_MAX_CORNER], v, t = 0;
	char x[32] = "", y[32] = "";

	if ((rc = knight_may_act(st, seat, a->a, &v, err)) != 0)
		return rc;
	if (a->b >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL || note != NULL) {
		ca_corner_name(st->b, a->a, x, sizeof x);
		ca_corner_name(st->b, a->b, y, sizeof y);
	}
	ca_road_reach(st, seat, a->a, mark);
	if (mark[a->b] != 1)
		return NO("no road of yours leads from %s to %s (CK11.7)", x, y);
	if (!displace) {
		if (st->corner[a->b])
			return NO("%s is taken (CK11.8)", y);
	} else {
		t = st->corner[a->b];
		owner = t ? CA_C_OWNER(t) : -1;
		if (!t || !CK_KNIGHT(t) || owner == seat)
			return NO("no knight of another player at %s (CK11.9)",
			    y);
		if (CK_KNIGHT_LEVEL(t) >= CK_KNIGHT_LEVEL(v))
			return NO("a knight displaces only a weaker one "
			    "(CK11.9)");
	}
	if (dry)
		return 0;
	st->corner[a->a] = 0;
	st->corner[a->b] = acted(v);
	promoted_moves(st, a->a, a->b);
	NOTE("%s's knight %s %s to %s", seat_name(seat), displace ?
	    "displaces from" : "moves from", x, y);
	/* a displaced knight's place changes both seats' routes */
	routes = ca_meet_at(st, a->a, seat) | ca_meet_at(st, a->b, displace ? -1 :
	    seat);
	if (displace) {
		uint8_t n[CA_SEATS] = { 0 };
		int last = CA_NONE, k = ca_retreats(st, owner, a->b, &last);

		NOTE("%s's knight at %s is displaced", seat_name(owner), y);
		if (k == 0)
			NOTE("%s's knight goes back to the supply",
			    seat_name(owner));
		else if (k == 1) {
			ca_retreat_to(st, owner, last, t, note);	/* CK18.3 */
			routes |= ca_meet_at(st, last, owner);
		} else {
			n[0] = a->b;
			n[1] = t;
			pend_push(st, CA_P_RETREAT, 1u << owner, n);
		}
	}
	ca_award_longest_of(st, routes, note);	/* CK11.3 */
	return 0;
}

int
ca_do_retreat(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	uint8_t mark[CA_MAX_CORNER];
	char name[32] = "";

	if (st->npend == 0 || p->kind != CA_P_RETREAT ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no retreat", seat_name(seat));
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	ca_road_reach(st, seat, p->n[0], mark);
	if (mark[c] != 1 || st->corner[c])
		return NO("the knight retreats along your roads to a vacant "
		    "intersection: %s is none (CK11.9)", name);
	if (dry)
		return 0;
	ca_retreat_to(st, seat, c, p->n[1], note);
	pend_pop(st);
	ca_award_longest_of(st, ca_meet_at(st, c, seat), note);
	return 0;
}

int
ca_do_chase(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	const struct ca_corner *k;
	uint8_t v;
	int rc, who;

	int pirate, at;

	if ((rc = knight_may_act(st, seat, a->a, &v, err)) != 0)
		return rc;
	/* CK19.6: on a Seafarers map a knight beside the pirate's hex
	   chases the pirate to another sea hex, as the robber */
	pirate = st->b->kind == CA_MAP_SEAFARERS && a->b < st->b->nhex &&
	    is_sea(st, a->b);
	at = pirate ? st->pirate : st->robber;
	if (st->ck.attacks == 0)
		return NO("the %s stays %s until the barbarians have "
		    "attacked (CK6.1%s)", pirate ? "pirate" : "robber",
		    pirate ? "where it is" : "in the desert",
		    pirate ? ", CK19.6" : "");
	k = &st->b->corner[a->a];
	if (k->hex[0] != at && k->hex[1] != at && k->hex[2] != at)
		return NO("the knight must stand on a corner of the %s's "
		    "hex (CK11.10%s)", pirate ? "pirate" : "robber",
		    pirate ? ", CK19.6" : "");
	if ((rc = ca_check_robber(st, seat, a->b, pirate, a->victim, &who,
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	st->corner[a->a] = acted(v);
	NOTE("%s's knight chases the %s", seat_name(seat),
	    pirate ? "pirate" : "robber");
	return ca_move_robber(st, seat, a->b, pirate, who, note, sec, err);
}
