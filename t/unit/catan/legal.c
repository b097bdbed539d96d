/*
 * t/unit/catan/legal.c -- CA14.1: the legal list is exactly the set of
 * actions ca_check accepts.  ca_legal builds its list legal by
 * construction (engine.c), not by checking candidates; this test checks
 * it the slow way.  In random games on every map, after every action and
 * for every seat, each action of a wide space of candidates is put to
 * ca_check: every corner for a settlement or city, every edge for a road
 * or ship, every ship move from an own ship to any edge, every pair of
 * free edges and kinds for road-building, every hex for the robber, the
 * pirate and a knight with every victim or none, every bank trade of one
 * kind for another up to the hand, every bundle of discards, picks and
 * year-of-plenty, every monopoly, every offer number, and the verbs
 * without arguments.  The list must hold every accepted candidate once
 * (road-building: one order of a pair; a robber move naming no victim is
 * CA13.2's short form of one that names the only one), and nothing that
 * ca_check refuses.  Road-building is also checked with one road (and at
 * most one ship) left in the supply, where single pieces are listed.
 */
#include "../../tap.h"
#include "util.h"
#include "rand64.h"
#include "../seed-util.h"

#define MAXA 8192

static struct ca_action L[MAXA];
static int nl;
static long accepted, singles, bad_listed, missing, twice, checked_states;

static int
cmp_action(const void *x, const void *y)
{
	return memcmp(x, y, sizeof(struct ca_action));
}

static int
in_list(const struct ca_action *a)
{
	return bsearch(a, L, (size_t)nl, sizeof L[0], cmp_action) != NULL;
}

static void
blank(struct ca_action *a, int verb)
{
	memset(a, 0, sizeof *a);
	a->verb = (uint8_t)verb;
	a->a = a->b = a->victim = CA_NONE;
}

static void
report(const struct ca_state *st, const char *what, const struct ca_action *a)
{
	char t[256];

	ca_format(st, a, t, sizeof t);
	if (bad_listed + missing + twice < 10)
		diag("%s: %s (verb %d a %d b %d ka %d kb %d victim %d)", what, t,
		    a->verb, a->a, a->b, a->ka, a->kb, a->victim);
}

/* A candidate: accepted ones must be listed. */
static void
cand(const struct ca_state *st, int seat, const struct ca_action *a)
{
	struct ca_action b;

	if (ca_check(st, seat, a, NULL) != 0)
		return;
	accepted++;
	if (a->verb == CA_A_ROADS && a->b == CA_NONE)
		singles++;
	if (in_list(a))
		return;
	b = *a;
	if (a->verb == CA_A_ROADS && a->b != CA_NONE) {
		/* the pair listed in the other order */
		b.a = a->b;
		b.ka = a->kb;
		b.b = a->a;
		b.kb = a->ka;
		if (in_list(&b))
			return;
	}
	if ((a->verb == CA_A_ROBBER || a->verb == CA_A_PIRATE ||
	    a->verb == CA_A_KNIGHT) && a->victim == CA_NONE)
		for (int s = 0; s < st->nseats; s++) {
			b.victim = (uint8_t)s;
			if (in_list(&b))
				return;
		}
	missing++;
	report(st, "accepted but not listed", a);
}

/* Every bundle of `left` cards of the first `kinds` kinds within bound. */
static void
bundle_cands(const struct ca_state *st, int seat, struct ca_action *a,
    uint8_t *b, const uint8_t *bound, int k, int left, int kinds)
{
	if (left == 0) {
		cand(st, seat, a);
		return;
	}
	if (k >= kinds)
		return;
	for (int c = left < bound[k] ? left : bound[k]; c >= 0; c--) {
		b[k] = (uint8_t)c;
		bundle_cands(st, seat, a, b, bound, k + 1, left - c, kinds);
	}
	b[k] = 0;
}

static void
all_candidates(const struct ca_state *st, int seat)
{
	const struct ca_board *bd = st->b;
	static const int plain[] = { CA_A_ROLL, CA_A_END, CA_A_BUY,
	    CA_A_WITHDRAW, CA_A_RESIGN };
	struct ca_action a;
	uint8_t bound[CA_KINDS];

	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
		blank(&a, plain[i]);
		cand(st, seat, &a);
	}
	for (int c = 0; c < bd->ncorner; c++) {
		blank(&a, CA_A_SETTLEMENT);
		a.a = (uint8_t)c;
		cand(st, seat, &a);
		blank(&a, CA_A_CITY);
		a.a = (uint8_t)c;
		cand(st, seat, &a);
	}
	for (int e = 0; e < bd->nedge; e++) {
		blank(&a, CA_A_ROAD);
		a.a = (uint8_t)e;
		cand(st, seat, &a);
		blank(&a, CA_A_SHIP);
		a.a = (uint8_t)e;
		cand(st, seat, &a);
	}
	/* a ship moves from an edge holding a ship of seat */
	for (int e = 0; e < bd->nedge; e++) {
		if (!st->edge[e] || CA_E_OWNER(st->edge[e]) != seat ||
		    !(st->edge[e] & CA_E_SHIP))
			continue;
		for (int t = 0; t < bd->nedge; t++) {
			blank(&a, CA_A_MOVESHIP);
			a.a = (uint8_t)e;
			a.b = (uint8_t)t;
			cand(st, seat, &a);
		}
	}
	/* road-building while seat holds the card: one piece or two on
	   free edges */
	if (st->p[seat].dev[CA_ROADS] > 0)
		for (int k1 = 0; k1 < 2 * bd->nedge; k1++) {
			if (st->edge[k1 / 2])
				continue;
			blank(&a, CA_A_ROADS);
			a.a = (uint8_t)(k1 / 2);
			a.ka = (uint8_t)(k1 % 2);
			cand(st, seat, &a);
			for (int k2 = 0; k2 < 2 * bd->nedge; k2++) {
				if (st->edge[k2 / 2])
					continue;
				a.b = (uint8_t)(k2 / 2);
				a.kb = (uint8_t)(k2 % 2);
				cand(st, seat, &a);
			}
		}
	for (int h = 0; h < bd->nhex; h++)
		for (int v = -1; v < st->nseats; v++) {
			static const int verbs[] = { CA_A_ROBBER, CA_A_PIRATE,
			    CA_A_KNIGHT, CA_A_KNIGHT };

			for (int i = 0; i < 4; i++) {
				blank(&a, verbs[i]);
				a.a = (uint8_t)h;
				a.ka = (uint8_t)(i == 3);
				a.victim = (uint8_t)(v < 0 ? CA_NONE : v);
				cand(st, seat, &a);
			}
		}
	/* bank trades: any amount of one kind for 1-4 of another */
	for (int gk = 0; gk < CA_KINDS; gk++)
		for (int wk = 0; wk < CA_KINDS; wk++)
			for (int g = 1; g <= st->p[seat].hand[gk] + 1; g++)
				for (int w = 1; w <= 4; w++) {
					blank(&a, CA_A_TRADE);
					a.give[gk] = (uint8_t)g;
					a.get[wk] = (uint8_t)(a.get[wk] + w);
					cand(st, seat, &a);
				}
	/* discards of 0 to 12 cards within the hand (any kind) */
	for (int n = 0; n <= 12; n++) {
		blank(&a, CA_A_DISCARD);
		bundle_cands(st, seat, &a, a.give, st->p[seat].hand, 0, n,
		    CA_KINDS);
	}
	/* picks and year-of-plenty: 0 to 3 cards of any kind the bank holds
	   (for the others: one more of each) */
	for (int k = 0; k < CA_KINDS; k++)
		bound[k] = (uint8_t)(st->bank[k] + (k >= CA_RES));
	for (int n = 0; n <= 3; n++) {
		blank(&a, CA_A_PICK);
		bundle_cands(st, seat, &a, a.get, bound, 0, n, CA_KINDS);
		blank(&a, CA_A_PLENTY);
		bundle_cands(st, seat, &a, a.get, bound, 0, n, CA_KINDS);
	}
	/* CA10.8: a number from every hex */
	for (int h = 0; h < st->b->nhex; h++) {
		blank(&a, CA_A_TOKEN);
		a.a = (uint8_t)h;
		cand(st, seat, &a);
	}
	for (int k = 0; k < CA_KINDS; k++) {
		blank(&a, CA_A_MONOPOLY);
		a.res = (uint8_t)k;
		cand(st, seat, &a);
	}
	for (int num = 0; num <= st->next_offer; num++) {
		blank(&a, CA_A_ACCEPT);
		a.num = (uint16_t)num;
		cand(st, seat, &a);
		blank(&a, CA_A_DECLINE);
		a.num = (uint16_t)num;
		cand(st, seat, &a);
	}
}

/* The list of seat against ca_check. */
static void
compare(const struct ca_state *st, int seat)
{
	nl = ca_legal(st, seat, L, MAXA);
	if (nl > MAXA)
		bail("more than %d legal actions", MAXA);
	for (int i = 0; i < nl; i++)
		if (ca_check(st, seat, &L[i], NULL) != 0) {
			bad_listed++;
			report(st, "listed but refused", &L[i]);
		}
	qsort(L, (size_t)nl, sizeof L[0], cmp_action);
	for (int i = 1; i < nl; i++)
		if (cmp_action(&L[i - 1], &L[i]) == 0) {
			twice++;
			report(st, "listed twice", &L[i]);
		}
	all_candidates(st, seat);
	checked_states++;
}

int
main(void)
{
	static const char *maps[] = { "beginner", "base", "new-shores",
	    "fog-islands", "greater-catan" };
	static struct ca_action A[MAXA];
	int games = 0, actions = 0, offers = 0, answered = 0;

	u_load();
	/* Under valgrind, whose step checks memory and not the rules,
	   seeds 1 to 4: each map once, three and four seats. */
	if (tap_valgrind())
		diag("under valgrind: 4 games of 20");
	/* seeds 17 to 20 on greater-catan (CA10.7), the others' as before */
	for (int seed = 1; seed <= (tap_valgrind() ? 4 : 20); seed++) {
		struct ca_state st;
		uint64_t salt, r = (uint64_t)seed * 104729;
		int mi = seed > 16 ? 4 : seed % 4;
		const char *map = maps[mi];
		int n = 3 + (seed / 4) % 2;
		struct rules_error e;
		static struct ca_board boards[5];
		struct ca_board *b = &boards[mi];

		if (ca_board_build(b, ca_data_map(&U_data, map), NULL, &e) != 0)
			bail("%s: %s", map, e.msg);
		ca_init(&st, b, &U_data, n, 0, seed_chance_byte(
		    (unsigned)(seed + 1000), &salt));
		games++;
		for (int step = 0; step < 4000 && st.phase != CA_PH_OVER;
		    step++) {
			unsigned m = ca_may_act(&st);
			int seat, k = 0, cnt;

			/* now and then an offer by the active seat to all,
			   so that answers are listed (CA7.3) */
			if (st.phase == CA_PH_MAIN && st.npend == 0 &&
			    splitmix64(&r) % 8 == 0) {
				struct ca_action o;

				blank(&o, CA_A_OFFER);
				o.give[splitmix64(&r) % CA_RES] = 1;
				o.get[splitmix64(&r) % CA_RES]++;
				if (ca_apply(&st, st.active, &o, NULL, NULL,
				    &e) == 0)
					offers++;
				m = ca_may_act(&st);
			}
			for (int s = 0; s < n; s++) {
				compare(&st, s);
				/* road-building with one piece left of a kind
				   (CA8.4: one piece when no second fits) */
				if (st.p[s].dev[CA_ROADS] > 0) {
					struct ca_state c = st;

					c.p[s].supply[CA_S_ROAD] = 1;
					if (c.p[s].supply[CA_S_SHIP] > 1)
						c.p[s].supply[CA_S_SHIP] = 1;
					compare(&c, s);
				}
			}
			do
				seat = (int)(splitmix64(&r) % (uint64_t)n);
			while (!((m >> seat) & 1));
			cnt = ca_legal(&st, seat, A, MAXA);
			if (cnt == 0)
				bail("seed %d: nothing legal", seed);
			for (int t = 0; t < 8; t++) {
				k = (int)(splitmix64(&r) % (uint64_t)cnt);
				if (A[k].verb == CA_A_RESIGN &&
				    splitmix64(&r) % 2000)
					continue;
				if (A[k].verb == CA_A_END && t < 3)
					continue;
				if (A[k].verb == CA_A_TRADE && t < 6)
					continue;
				break;
			}
			if (A[k].verb == CA_A_RESIGN && splitmix64(&r) % 2000)
				k = 0;
			answered += A[k].verb == CA_A_ACCEPT ||
			    A[k].verb == CA_A_DECLINE;
			if (ca_apply(&st, seat, &A[k], NULL, NULL, &e) != 0)
				bail("seed %d: a listed action is refused: %s",
				    seed, e.msg);
			actions++;
		}
	}
	diag("%d games, %d actions, %ld lists checked, %ld accepted "
	    "candidates, %d offers, %d answers", games, actions,
	    checked_states, accepted, offers, answered);
	is_int(0, bad_listed, "CA14.1: every listed action is accepted");
	is_int(0, twice, "CA14.1: no action is listed twice");
	is_int(0, missing, "CA14.1: every accepted action is listed");
	ok(answered > 0 && singles > 0, "the games reach answers to offers "
	    "(%d) and single road-building pieces (%ld)", answered, singles);
	return done_testing();
}
