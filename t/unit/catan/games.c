/*
 * t/unit/catan/games.c -- random games on every map from many seeds, with
 * the properties of issue 16 checked after every action: CA14.1 legal /
 * apply agreement (everything listed applies; random actions that apply
 * are listed), CA1.3/CA1.4 conservation of cards, development cards and
 * pieces, CA11.1 points equal their recount, CA4.6/CA13.3 someone may
 * act while the game runs, and the state stays within 1 KiB.
 */
#include "../../tap.h"
#include "util.h"
#include "rand64.h"
#include "../seed-util.h"

#define MAXA 4096

static struct ca_action A[MAXA];

static int
pieces_ok(const struct ca_state *st)
{
	for (int s = 0; s < st->nseats; s++) {
		int set = 0, city = 0, road = 0, ship = 0;

		if (st->p[s].resigned)
			continue;
		for (int c = 0; c < st->b->ncorner; c++)
			if (st->corner[c] && CA_C_OWNER(st->corner[c]) == s) {
				set += CA_C_KIND(st->corner[c]) == CA_CP_SETTLEMENT;
				city += CA_C_KIND(st->corner[c]) == CA_CP_CITY;
			}
		for (int e = 0; e < st->b->nedge; e++)
			if (st->edge[e] && CA_E_OWNER(st->edge[e]) == s) {
				ship += (st->edge[e] & CA_E_SHIP) != 0;
				road += (st->edge[e] & CA_E_SHIP) == 0;
			}
		if (set + st->p[s].supply[CA_S_SETTLEMENT] != 5 ||
		    city + st->p[s].supply[CA_S_CITY] != 4 ||
		    road + st->p[s].supply[CA_S_ROAD] != 15 ||
		    ship + st->p[s].supply[CA_S_SHIP] !=
		    (st->b->kind == CA_MAP_SEAFARERS ? 15 : 0))
			return 0;
		if (ca_vp(st, s, 1) != set + 2 * city + st->p[s].bonus +
		    st->p[s].dev[CA_VP] + 2 * (st->army == s) +
		    2 * (st->longest == s))
			return 0;
		if (st->p[s].route != ca_route_length(st, s))
			return 0;
	}
	return 1;
}

static int
cards_ok(const struct ca_state *st, int played_total)
{
	int n = played_total;

	for (int t = 0; t < CA_DEVS; t++) {
		n += st->deck[t];
		for (int s = 0; s < st->nseats; s++)
			n += st->p[s].dev[t];
	}
	return n == 25 || st->p[0].resigned || st->p[1].resigned ||
	    st->p[2].resigned || (st->nseats == 4 && st->p[3].resigned);
}

static void
random_action(struct ca_action *a, const struct ca_state *st, uint64_t *r)
{
	memset(a, 0, sizeof *a);
	a->verb = (uint8_t)(splitmix64(r) % CA_VERBS);
	a->a = (uint8_t)(splitmix64(r) % 256);
	a->b = (uint8_t)(splitmix64(r) % 2 ? CA_NONE : splitmix64(r) % 256);
	a->ka = (uint8_t)(splitmix64(r) % 2);
	a->kb = (uint8_t)(splitmix64(r) % 2);
	a->victim = (uint8_t)(splitmix64(r) % 2 ? CA_NONE :
	    splitmix64(r) % st->nseats);
	a->res = (uint8_t)(splitmix64(r) % CA_RES);
	a->num = (uint16_t)(splitmix64(r) % 4);
	for (int k = 0; k < CA_RES; k++) {
		a->give[k] = (uint8_t)(splitmix64(r) % 3 == 0 ?
		    splitmix64(r) % 5 : 0);
		a->get[k] = (uint8_t)(splitmix64(r) % 3 == 0 ?
		    splitmix64(r) % 3 : 0);
	}
}

/* Listed, compared in canonical text (unused fields do not count); a
   robber move naming no victim is the short form of CA13.2, not listed. */
static int
listed(const struct ca_state *st, const struct ca_action *a, int n)
{
	char x[256], y[256];

	if ((a->verb == CA_A_ROBBER || a->verb == CA_A_PIRATE ||
	    a->verb == CA_A_KNIGHT) && a->victim == CA_NONE)
		return 1;
	ca_format(st, a, x, sizeof x);
	for (int i = 0; i < n && i < MAXA; i++) {
		ca_format(st, &A[i], y, sizeof y);
		if (strcmp(x, y) == 0)
			return 1;
	}
	diag("applies but not listed: %s", x);
	return 0;
}

int
main(void)
{
	static const char *maps[] = { "beginner", "base", "new-shores",
	    "fog-islands" };
	int games = 0, over = 0, bad_apply = 0, bad_refuse = 0, bad_cons = 0,
	    bad_await = 0, unlisted = 0, actions = 0, bad_unchanged = 0,
	    points = 0;

	u_load();
	is_int(1, sizeof(struct ca_state) <= CA_STATE_MAX,
	    "issue 16: the state is at most 1 KiB (%zu bytes)",
	    sizeof(struct ca_state));
	for (int seed = 1; seed <= 150; seed++) {
		struct ca_state st;
		uint64_t salt, r = (uint64_t)seed * 7919;
		const char *map = maps[seed % 4];
		int n = 3 + seed % 2, played = 0;
		struct rules_error e;
		static struct ca_board boards[4];
		struct ca_board *b = &boards[seed % 4];

		if (ca_board_build(b, ca_data_map(&U_data, map), NULL, &e) != 0)
			bail("%s: %s", map, e.msg);
		ca_init(&st, b, &U_data, n, 0, seed_chance_byte((unsigned)seed,
		    &salt));
		games++;
		for (int step = 0; step < 6000 && st.phase != CA_PH_OVER;
		    step++) {
			unsigned m = ca_may_act(&st);
			int seat, k, cnt;
			struct ca_action ra;

			if (m == 0 || !((m >> ca_await_seat(&st)) & 1)) {
				bad_await++;
				break;
			}
			/* a random seat among those who may act */
			do
				seat = (int)(splitmix64(&r) % (uint64_t)n);
			while (!((m >> seat) & 1));
			cnt = ca_legal(&st, seat, A, MAXA);
			if (cnt > MAXA)
				cnt = MAXA;
			/* every listed action applies (a sample of them) */
			for (int t = 0; t < 3 && cnt > 0; t++) {
				struct ca_state c = st;

				k = (int)(splitmix64(&r) % (uint64_t)cnt);
				if (ca_apply(&c, seat, &A[k], NULL, NULL, &e) != 0)
					bad_apply++;
			}
			/* random actions: applied only if listed; refused
			   ones change nothing */
			for (int t = 0; t < 4; t++) {
				struct ca_state c = st;

				random_action(&ra, &st, &r);
				if (ra.verb == CA_A_OFFER)
					continue;
				if (ca_apply(&c, seat, &ra, NULL, NULL, &e) == 0) {
					if (!listed(&st, &ra, cnt))
						unlisted++;
				} else if (memcmp(&c, &st, sizeof c) != 0)
					bad_unchanged++;
			}
			if (cnt == 0) {
				bad_refuse++;
				break;
			}
			/* resign rarely; end a turn less often than not */
			for (int t = 0; t < 8; t++) {
				k = (int)(splitmix64(&r) % (uint64_t)cnt);
				if (A[k].verb == CA_A_RESIGN &&
				    splitmix64(&r) % 4000)
					continue;
				if (A[k].verb == CA_A_END && t < 3)
					continue;
				if (A[k].verb == CA_A_TRADE && t < 6)
					continue;
				break;
			}
			if (A[k].verb == CA_A_RESIGN && splitmix64(&r) % 4000)
				k = 0;
			if (A[k].verb == CA_A_KNIGHT || A[k].verb == CA_A_ROADS ||
			    A[k].verb == CA_A_PLENTY || A[k].verb == CA_A_MONOPOLY)
				played++;
			if (A[k].verb == CA_A_RESIGN)
				played = -1000;
			if (ca_apply(&st, seat, &A[k], NULL, NULL, &e) != 0) {
				bad_apply++;
				diag("seed %d: %s", seed, e.msg);
				break;
			}
			actions++;
			if (!conserved(&st) || !pieces_ok(&st) ||
			    (played >= 0 && !cards_ok(&st, played)))
				bad_cons++;
		}
		over += st.phase == CA_PH_OVER;
		points += st.phase == CA_PH_OVER && st.how == 1;
	}
	is_int(0, bad_apply, "CA14.1: every listed action applies");
	is_int(0, unlisted, "CA14.1: every action that applies is listed");
	is_int(0, bad_unchanged, "refusals leave the state unchanged");
	is_int(0, bad_refuse, "CA13.3: a seat that may act has something legal");
	is_int(0, bad_await, "CA13.3: the awaited seat may act");
	is_int(0, bad_cons, "CA1.3/CA1.4/CA11.1/CA9.2: cards, pieces, points "
	    "and routes add up after every action");
	diag("%d games, %d over (%d on points), %d actions", games, over,
	    points, actions);
	ok(over > games / 2, "random games end (%d of %d)", over, games);
	return done_testing();
}
