/*
 * ck-city.c -- Cities & Knights' city walls, city improvements and
 * metropolises (catan-ck-rules(7), CK8-CK10).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


int
ca_do_wall(struct ca_state *st, int seat, int c, int free, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32] = "";
	int slot, rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!own_city(st, seat, c))
		return NO("a wall stands on a city of yours: %s holds none "
		    "(CK8.1)", name);
	if (wall_at(st, seat, c) >= 0)
		return NO("the city at %s has a wall already (CK8.1)", name);
	if ((slot = wall_at(st, seat, CA_NONE)) < 0)
		return NO("no wall left in your supply: at most %d (CK8.1)",
		    CK_WALLS);
	if (!free && (rc = pay(st, seat, cost_wall, "a city wall", err)) != 0)
		return rc;
	if (dry)
		return 0;
	if (!free)
		move_cards(st->p[seat].hand, st->bank, cost_wall);
	st->ck.p[seat].wall[slot] = (uint8_t)c;
	NOTE("%s builds a city wall at %s", seat_name(seat), name);
	return 0;
}

/*
 * CK9.2, CK10: build the next level of track t; node is the city that
 * takes the metropolis, CA_NONE when none is named.
 */

/* CK10.2, CK10.3: whether level `level` of track t brings seat the
 * metropolis (a holder gone: nobody holds it, CK15.4); *holder the
 * seat holding it now, or -1.  ca_do_improve and its list share it. */
int
ca_metro_gets(const struct ca_state *st, int seat, int t, int level,
    int *holder)
{
	int h = st->ck.metro[t] != CA_NONE ? c_owner(st, st->ck.metro[t]) : -1;

	*holder = h;
	return level >= CK_METRO_LEVEL && h != seat && (h < 0 ||
	    !live(st, h) || (level == CK_LEVELS &&
	    st->ck.p[h].level[t] < CK_LEVELS));
}

int
ca_do_improve(struct ca_state *st, int seat, int t, int node, int discount,
    int dry, struct rules_note *note, struct rules_error *err)
{
	const struct ck_trackdef *d;
	struct ca_player *p = &st->p[seat];
	uint8_t cost[CA_KINDS] = { 0 };
	int level, holder = -1, gets, free_city = 0, any_city = 0, rc;
	char name[32] = "", g[64];

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (t < 0 || t >= CK_TRACKS)
		return NO("no such track");
	d = &st->ck.d->track[t];
	level = st->ck.p[seat].level[t] + 1;
	if (level > CK_LEVELS)
		return NO("your %s track is complete", ck_track_names[t]);
	for (int c = 0; c < st->b->ncorner; c++)
		if (own_city(st, seat, c)) {
			any_city = 1;
			if (metro_at(st, c) < 0)
				free_city = 1;
		}
	if (!any_city)
		return NO("an improvement needs a city of yours on the board "
		    "(CK9.2, CK9.5)");
	gets = ca_metro_gets(st, seat, t, level, &holder);
	/* CK10.4 */
	if (level >= CK_METRO_LEVEL && holder != seat && !free_city)
		return NO("level %d of %s needs a city of yours without a "
		    "metropolis (CK10.4)", level, ck_track_names[t]);
	if (node != CA_NONE) {
		if (node >= st->b->ncorner)
			return NO("no such corner");
		if (err != NULL || note != NULL)
			ca_corner_name(st->b, node, name, sizeof name);
	}
	if (gets && node == CA_NONE)
		return NO("this level brings the %s metropolis: name the city "
		    "that takes it, 'improve %s NODE' (CK10.4)",
		    ck_track_names[t], ck_track_names[t]);
	if (!gets && node != CA_NONE)
		return NO("this level brings no metropolis: name no city "
		    "(CK10.4)");
	if (gets && (!own_city(st, seat, node) || metro_at(st, node) >= 0))
		return NO("the metropolis goes on a city of yours without one: "
		    "%s is none (CK10.2)", name);
	/* CK14.17: the Crane builds it for one commodity less */
	cost[d->commodity] = (uint8_t)(d->cost[level - 1] > discount ?
	    d->cost[level - 1] - discount : 0);
	if (!holds(p->hand, cost))
		return NO("level %d of %s costs %s (CK9.2)", level,
		    ck_track_names[t], ca_bundle_text(cost, g, sizeof g));
	if (dry)
		return 0;
	move_cards(p->hand, st->bank, cost);
	st->ck.p[seat].level[t] = (uint8_t)level;
	NOTE("%s builds %s level %d (%s) for %s", seat_name(seat),
	    ck_track_names[t], level, d->level[level - 1],
	    ca_bundle_text(cost, g, sizeof g));
	if (gets) {
		if (holder >= 0)
			NOTE("%s loses the %s metropolis", seat_name(holder),
			    ck_track_names[t]);
		st->ck.metro[t] = (uint8_t)node;
		NOTE("%s takes the %s metropolis at %s", seat_name(seat),
		    ck_track_names[t], name);
	}
	return 0;
}
