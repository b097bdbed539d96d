/*
 * t/unit/catan/bot.c -- Catan's computer player through the core search
 * (lib/search.h, bot.c): actions packed as integers and back, a legal
 * choice in several positions, the same choice for the same seed, the
 * same choice when only what the seat cannot see differs (CA12.1), and
 * whole games of the search against itself on every map ending.
 */
#include "../../tap.h"
#include "rand64.h"
#include "search.h"
#include "../seed-util.h"
#include "games/catan/bot.h"
#include "games/catan/catan.h"
#include "games/catan/parse.h"

static const struct rules *R = &catan_rules;

struct find {
	const char *want;
	int found;
};

static int
find_cb(void *ctx, const char *action)
{
	struct find *f = ctx;

	f->found |= strcmp(f->want, action) == 0;
	return 0;
}

static struct game *
make(const char *map, int n, unsigned seedbyte, const char *position)
{
	static const char *names[] = { "red", "blue", "white", "orange" };
	struct rules_blob blob = { "position", position,
	    position ? strlen(position) : 0 };
	struct rules_setup s;
	struct rules_error e;
	char opt[64];
	const char *opts[1];
	struct game *g;
	uint64_t salt;

	memset(&s, 0, sizeof s);
	s.nseats = n;
	for (int i = 0; i < n; i++)
		s.seat[i] = names[i];
	snprintf(opt, sizeof opt, "map=%s", map);
	opts[0] = opt;
	s.options = opts;
	s.noptions = 1;
	s.blobs = position ? &blob : NULL;
	s.nblobs = position ? 1 : 0;
	s.chance = seed_chance_byte(seedbyte, &salt);
	if (R->create(&g, &s, &e) != 0)
		bail("create: %s", e.msg);
	return g;
}

static int
choose(const struct game *g, int seat, uint64_t seed, long playouts,
    char *buf, size_t n)
{
	struct rules_bot_opts o = { NULL, playouts, 0, seed };
	struct rules_error e;

	return search_choose(R, g, seat, &o, buf, n, &e);
}

int
main(void)
{
	struct rules_await aw;
	char a1[RULES_ACTION_MAX], a2[RULES_ACTION_MAX];
	struct game *g, *h;
	int bad = 0, n = 0;

	ok(R->search == &catan_search, "catan_rules lends the search its hooks");
	ok(search_has_player(R), "catan has a computer player");
	/* pack and unpack: every legal action of random positions */
	for (int seed = 1; seed <= 6; seed++) {
		struct ca_state st;
		struct ca_action a[2048], b;
		uint64_t r = (uint64_t)seed;
		struct game *x = make(seed % 2 ? "new-shores" : "beginner", 4,
		    (unsigned)seed, NULL);

		memcpy(&st, ca_game_state(x), sizeof st);
		for (int step = 0; step < 400 && st.phase != CA_PH_OVER; step++) {
			int seat = ca_await_seat(&st), k = ca_legal(&st, seat, a,
			    2048);

			if (k > 2048)
				k = 2048;
			for (int i = 0; i < k; i++) {
				char t1[256], t2[256];

				ca_action_unpack(ca_action_pack(&a[i]), &b);
				ca_format(&st, &a[i], t1, sizeof t1);
				ca_format(&st, &b, t2, sizeof t2);
				bad += strcmp(t1, t2) != 0;
				n++;
			}
			k = (int)(splitmix64(&r) % (uint64_t)(k - (k > 1)));
			if (ca_apply(&st, seat, &a[k], NULL, NULL, NULL) != 0)
				bad++;
		}
		R->free(x);
	}
	is_int(0, bad, "every legal action packs and unpacks to itself (%d)", n);

	/* a legal, reproducible choice */
	g = make("beginner", 4, 3, NULL);
	R->await(g, &aw);
	is_int(0, choose(g, aw.seat, 7, 60, a1, sizeof a1), "a set-up choice");
	{
		struct find f = { a1, 0 };

		R->legal(g, aw.seat, find_cb, &f);
		ok(f.found, "it is legal: %s", a1);
	}
	choose(g, aw.seat, 7, 60, a2, sizeof a2);
	is_string(a1, a2, "the same seed, the same choice");
	R->free(g);
	/* CA12.1: only the hidden differs, the same choice */
	g = make("beginner", 3, 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c3/d3/d4\nroads = c3/d3\n"
	    "hand = 1 brick 1 wood 2 ore\n[blue]\nhand = 3 wool 1 grain\n"
	    "cards = knight\n");
	h = make("beginner", 3, 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c3/d3/d4\nroads = c3/d3\n"
	    "hand = 1 brick 1 wood 2 ore\n[blue]\nhand = 2 brick 2 wood\n"
	    "cards = monopoly\n");
	choose(g, 0, 9, 80, a1, sizeof a1);
	choose(h, 0, 9, 80, a2, sizeof a2);
	is_string(a1, a2, "CA12.1: blue's cards by kind do not change red's "
	    "choice");
	R->free(g);
	R->free(h);
	/* whole games of the search against itself */
	{
		static const char *maps[] = { "beginner", "new-shores" };
		int over = 0, illegal = 0;

		for (int i = 0; i < 2; i++) {
			int steps = 0;

			g = make(maps[i], 3, 20 + (unsigned)i, NULL);
			for (;;) {
				struct rules_error e;

				R->await(g, &aw);
				if (aw.over || steps++ > 3000)
					break;
				if (choose(g, aw.seat, (uint64_t)steps, 8, a1,
				    sizeof a1) != 0 || R->apply(g, aw.seat, a1,
				    strlen(a1), NULL, &e) != 0) {
					diag("%s: %s", a1, e.msg);
					illegal++;
					break;
				}
			}
			over += aw.over;
			diag("%s: %d actions, %s", maps[i], steps,
			    aw.over ? "over" : "not over");
			R->free(g);
		}
		is_int(0, illegal, "the bot's every choice applies");
		is_int(2, over, "bot games end (beginner, new-shores)");
	}
	return done_testing();
}
