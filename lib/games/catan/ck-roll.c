/*
 * ck-roll.c -- Cities & Knights' roll (catan-ck-rules(7), CK4,
 * CK6, CK12): the event die, the barbarians' attack, pillage, the
 * Aqueduct.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


static int pillageable_count(const struct ca_state *st, int seat, int *last);

int
ca_discard_limit(const struct ca_state *st, int seat)
{
	int walls = 0;

	if (!CA_CK(st))
		return 7;
	for (int i = 0; i < CK_WALLS; i++)
		walls += st->ck.p[seat].wall[i] != CA_NONE;
	return 7 + CK_WALL_BONUS * walls;		/* CK6.2, CK8.2 */
}

int
ca_ck_barbarians(const struct ca_state *st)
{
	int n = 0;

	/* CK12.2: every city on the board; a metropolis is a city */
	for (int c = 0; c < st->b->ncorner; c++)
		if (st->corner[c] && CA_C_KIND(st->corner[c]) == CA_CP_CITY &&
		    live(st, c_owner(st, c)))
			n++;
	return n;
}

int
ca_ck_defence(const struct ca_state *st, int seat)
{
	int n = 0, nc = st->b->ncorner, c = 0;

	/* CK12.2: the levels of the active knights */
#ifdef WORDWISE
	/* the few active knights among many corners, eight at a time:
	   a byte's knight bit (CA_CP_KNIGHT << 3) shifted onto its active
	   bit (CA_CP_ACTIVE << 3, the next one up) and both asked for;
	   the bytes past ncorner masked off */
	for (; c < nc; c += 8) {
		uint64_t w, hit;

		memcpy(&w, st->corner + c, 8);
		hit = w & w << 1 & (CA_CP_ACTIVE << 3) * WW_ONES;
		if (nc - c < 8)
			hit &= (1ull << 8 * (nc - c)) - 1;
		for (; hit != 0; hit &= hit - 1) {
			uint8_t v = st->corner[c +
			    (__builtin_ctzll(hit) >> 3)];

			if (seat < 0 || CA_C_OWNER(v) == seat)
				n += CK_KNIGHT_LEVEL(v);
		}
	}
#else
	for (; c < nc; c++) {
		uint8_t v = st->corner[c];

		if (v && CK_KNIGHT(v) && CK_KNIGHT_ACTIVE(v) &&
		    (seat < 0 || c_owner(st, c) == seat))
			n += CK_KNIGHT_LEVEL(v);
	}
#endif
	return n;
}

/* A city of seat that the barbarians may take (CK12.5: no metropolis). */
int
ca_pillageable(const struct ca_state *st, int seat, int c)
{
	if (!st->corner[c] || CA_C_KIND(st->corner[c]) != CA_CP_CITY ||
	    c_owner(st, c) != seat)
		return 0;
	for (int t = 0; t < CK_TRACKS; t++)
		if (st->ck.metro[t] == c)
			return 0;
	return 1;
}

static int
pillageable_count(const struct ca_state *st, int seat, int *last)
{
	int n = 0;

	for (int c = 0; c < st->b->ncorner; c++)
		if (ca_pillageable(st, seat, c)) {
			n++;
			*last = c;
		}
	return n;
}

/* CK12.5: the city at c becomes a settlement, its wall goes back. */
void
ca_pillage(struct ca_state *st, int seat, int c, struct rules_note *note)
{
	struct ca_player *p = &st->p[seat];
	char name[32];

	st->corner[c] = CA_C_MAKE(seat, CA_CP_SETTLEMENT);
	p->supply[CA_S_CITY]++;
	if (p->supply[CA_S_SETTLEMENT] > 0)
		p->supply[CA_S_SETTLEMENT]--;
	else	/* the Decision of CK12.5: "turn it on its side" */
		st->ck.p[seat].over++;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("the barbarians pillage %s's city at %s", seat_name(seat), name);
	for (int i = 0; i < CK_WALLS; i++)
		if (st->ck.p[seat].wall[i] == c) {
			st->ck.p[seat].wall[i] = CA_NONE;	/* CK8.3 */
			NOTE("%s's wall at %s goes back to the supply",
			    seat_name(seat), name);
		}
	ca_award_harbor(st, note);	/* CK19.9: a harbor point fewer */
}

/* CK12: the barbarians land; CK12.6 afterwards. */
void
ca_attack(struct ca_state *st, struct rules_note *note)
{
	int b = ca_ck_barbarians(st), k = ca_ck_defence(st, -1);
	int contrib[CA_SEATS] = { 0 }, best = 0, nbest = 0, who = CA_NONE;

	for (int s = 0; s < st->nseats; s++)
		if (live(st, s))
			contrib[s] = ca_ck_defence(st, s);
	NOTE("the barbarians attack: %d against Catan's %d", b, k);
	if (k >= b) {
		/* CK12.3: Catan wins */
		for (int s = 0; s < st->nseats; s++)
			if (live(st, s) && contrib[s] > best) {
				best = contrib[s];
				nbest = 1;
				who = s;
			} else if (live(st, s) && best > 0 &&
			    contrib[s] == best)
				nbest++;
		if (nbest == 1) {
			st->ck.p[who].defender++;
			NOTE("Catan holds; %s is the Defender of Catan (+1)",
			    seat_name(who));
		} else if (nbest > 1) {
			/* CK12.4: each tied player picks a deck */
			uint8_t n[CA_SEATS] = { 0 };
			unsigned tied = 0;

			for (int s = 0; s < st->nseats; s++)
				if (live(st, s) && contrib[s] == best) {
					tied |= 1u << s;
					n[s] = 1;
				}
			NOTE("Catan holds; the defenders tie at %d", best);
			pend_push(st, CA_P_TRACKPICK, tied, n);
		}
		else
			NOTE("Catan holds; nobody defended");
	} else {
		/* CK12.5: the barbarians win */
		int low = -1, last = CA_NONE;
		unsigned losers = 0;
		uint8_t n[CA_SEATS] = { 0 };

		for (int s = 0; s < st->nseats; s++)
			if (live(st, s) && pillageable_count(st, s, &last) &&
			    (low < 0 || contrib[s] < low))
				low = contrib[s];
		for (int i = 0; i < st->nseats; i++) {
			int s = (st->active + i) % st->nseats;

			if (!live(st, s) || contrib[s] != low ||
			    !pillageable_count(st, s, &last))
				continue;
			if (pillageable_count(st, s, &last) == 1)
				ca_pillage(st, s, last, note);	/* CK18.3 */
			else {
				losers |= 1u << s;
				n[s] = 1;
			}
		}
		if (low < 0)
			NOTE("the barbarians win; nobody has a city to lose");
		else
			NOTE("the barbarians win");
		pend_push(st, CA_P_PILLAGE, losers, n);
	}
	/* CK12.6 */
	for (int c = 0; c < st->b->ncorner; c++)
		if (st->corner[c] && CK_KNIGHT(st->corner[c]))
			st->corner[c] = (uint8_t)(st->corner[c] &
			    ~(CA_CP_ACTIVE << 3));
	st->ck.ship = 0;
	if (st->ck.attacks < 255)
		st->ck.attacks++;
}

void
ca_aqueduct_take(struct ca_state *st, int seat, int k, struct rules_note *note)
{
	st->bank[k]--;
	st->p[seat].hand[k]++;
	NOTE("%s takes 1 %s (aqueduct)", seat_name(seat), ca_kind_names[k]);
}
