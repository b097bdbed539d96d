/*
 * t/unit/catan/bot.c -- Catan's computer player through the core search
 * (lib/search.h, bot.c): actions packed as integers and back, a legal
 * choice in several positions, the same choice for the same seed, the
 * same choice when only what the seat cannot see differs (CA12.1), and
 * whole games of the search against itself on every map ending; the
 * kinds (mcts, random, greedy), greedy's choices in set positions (the
 * best city by pips, a bank trade towards a settlement, the robber on
 * the leader's best hex), the search trading towards a build, and
 * answers to offers by post (CA7.3): a good offer accepted, a bad one
 * and one that helps the leader win declined.
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

/* The choice of a bot kind, "" when it fails (the reason in diag). */
static const char *
choose_kind(const struct game *g, int seat, const char *kind, long playouts)
{
	static char buf[RULES_ACTION_MAX];
	struct rules_bot_opts o = { kind, playouts, 0, 5 };
	struct rules_error e;

	memset(&e, 0, sizeof e);
	if (search_choose(R, g, seat, &o, buf, sizeof buf, &e) != 0) {
		diag("%s: %s", kind, e.msg);
		buf[0] = '\0';
	}
	return buf;
}

static void
act(struct game *g, int seat, const char *line)
{
	struct rules_error e;

	if (R->apply(g, seat, line, strlen(line), NULL, &e) != 0)
		bail("%s: %s", line, e.msg);
}

/* Red with a settlement on c3/d3/d4 (7 pips) and one on d5/d6/e5 (11). */
#define TWO_SETTLEMENTS "[red]\nsettlements = c3/d3/d4 d5/d6/e5\n" \
	"roads = c3/d3 d5/d6\n"

/* Greedy and the search in set positions, and answers to offers. */
static void
set_positions(void)
{
	struct game *g, *h;
	const char *c;

	/* kinds */
	ok(R->bot_kinds != NULL && strcmp(R->bot_kinds[0].name, "mcts") == 0 &&
	    strcmp(R->bot_kinds[1].name, "random") == 0 &&
	    strcmp(R->bot_kinds[2].name, "greedy") == 0 &&
	    R->bot_kinds[3].name == NULL,
	    "catan's players: mcts (the default), random, greedy");
	g = make("beginner", 3, 4, "[position]\nturn = red\nphase = main\n"
	    TWO_SETTLEMENTS "hand = 2 grain 3 ore\n");
	{
		struct rules_bot_opts o = { "clever", 10, 0, 1 };
		struct rules_error e;
		char buf[RULES_ACTION_MAX];

		is_int(RULES_EDATA, search_choose(R, g, 0, &o, buf, sizeof buf,
		    &e), "an unknown kind is refused: %s", e.msg);
	}
	/* greedy: the city where the pips are */
	is_string("build city d5/d6/e5", choose_kind(g, 0, "greedy", 0),
	    "greedy builds its city on the corner of more pips (11 > 7)");
	is_string("build city d5/d6/e5", choose_kind(g, 0, "mcts", 200),
	    "the search builds the city there too");
	c = choose_kind(g, 0, "random", 0);
	{
		struct find f = { c, 0 };

		R->legal(g, 0, find_cb, &f);
		ok(f.found && strcmp(c, "resign") != 0,
		    "random plays a legal action, never resigning: %s", c);
	}
	R->free(g);

	/* a bank trade towards a settlement: four ore for the grain it
	   lacks, a free corner at the end of its road */
	g = make("beginner", 3, 4, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c3/d3/d4 d5/d6/e5\n"
	    "roads = c3/d3 c2/d3 d5/d6\n"
	    "hand = 1 brick 1 wood 1 wool 4 ore\n"
	    "[blue]\nsettlements = e3/e4/f3 b3/b4/c4\nroads = e3/f3 b3/b4\n"
	    "[white]\nsettlements = f2/f3/g2 b1/b2/c2\n"
	    "roads = f2/g2 b1/c2\n");
	is_string("trade 4 ore for 1 grain", choose_kind(g, 0, "greedy", 0),
	    "greedy trades 4:1 towards the settlement it can then build");
	is_string("trade 4 ore for 1 grain", choose_kind(g, 0, "mcts", 200),
	    "the search trades with the bank towards the settlement");
	act(g, 0, "trade 4 ore for 1 grain");
	is_string("build settlement c2/d2/d3", choose_kind(g, 0, "greedy", 0),
	    "then greedy builds the settlement");
	R->free(g);

	/* the robber on the leader's best hex: red's forest is robbed, red
	   holds a knight; blue leads with a city on fields 6 */
	g = make("beginner", 3, 4, "[position]\nturn = red\nphase = pre-roll\n"
	    "robber = d3\n[red]\nsettlements = c3/d3/d4\nroads = c3/d3\n"
	    "cards = knight\n[blue]\ncities = e3/e4/f3\nroads = e3/f3\n"
	    "hand = 2 wool\n[white]\nsettlements = b3/b4/c4\n"
	    "roads = b3/b4\nhand = 1 wool\n");
	is_string("play knight robber f3 steal blue",
	    choose_kind(g, 0, "greedy", 0),
	    "greedy moves the robber off its own hex to the leader's best "
	    "(fields 6 under blue's city) and steals from blue");
	R->free(g);

	/* CA12.1 for greedy: only blue's hidden cards differ */
	g = make("beginner", 3, 4, "[position]\nturn = red\nphase = main\n"
	    TWO_SETTLEMENTS "hand = 1 grain 3 ore 2 wool\n"
	    "[blue]\nhand = 3 wool 1 grain\ncards = knight\n");
	h = make("beginner", 3, 4, "[position]\nturn = red\nphase = main\n"
	    TWO_SETTLEMENTS "hand = 1 grain 3 ore 2 wool\n"
	    "[blue]\nhand = 2 brick 2 wood\ncards = monopoly\n");
	{
		char a[RULES_ACTION_MAX];

		snprintf(a, sizeof a, "%s", choose_kind(g, 0, "greedy", 0));
		is_string(a, choose_kind(h, 0, "greedy", 0),
		    "CA12.1: blue's hidden cards do not change greedy's choice");
	}
	R->free(g);
	R->free(h);

	/* offers by post (CA7.3): red answers blue's offers to it */
	g = make("beginner", 3, 4, "[position]\nturn = blue\nphase = main\n"
	    TWO_SETTLEMENTS "hand = 2 grain 2 ore 1 wool\n"
	    "[blue]\nsettlements = e3/e4/f3\nroads = e3/f3\n"
	    "hand = 2 ore 2 wool\n");
	is_string("", choose_kind(g, 0, "mcts", 50),
	    "no offer open: red, whose turn it is not, does nothing");
	act(g, 1, "offer 1 ore for 1 wool to red");
	is_string("accept 1", choose_kind(g, 0, "mcts", 50),
	    "a good offer (the ore red lacks for a city, for wool it does not "
	    "need) is accepted");
	is_string("accept 1", choose_kind(g, 0, "greedy", 0),
	    "greedy accepts it too");
	act(g, 1, "withdraw");
	act(g, 1, "offer 1 wool for 1 ore to red");
	is_string("decline 2", choose_kind(g, 0, "mcts", 50),
	    "a bad offer (red's ore for wool) is declined");
	R->free(g);
	g = make("beginner", 3, 4, "[position]\nturn = blue\nphase = main\n"
	    TWO_SETTLEMENTS "hand = 2 grain 2 ore 1 wool\n"
	    "[blue]\ncities = e3/e4/f3 b3/b4/c4 d6/d7/e6\n"
	    "settlements = b1/b2/c2 f2/f3/g2\n"
	    "roads = e3/f3\nhand = 2 ore 2 wool\n");
	act(g, 1, "offer 1 ore for 1 wool to red");
	is_int(8, R->points(g, 1), "blue shows 8 points");
	is_string("decline 1", choose_kind(g, 0, "mcts", 50),
	    "the same offer from blue at 8 points of 10 is declined (it helps "
	    "the leader win)");
	R->free(g);
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
	set_positions();
	/* greedy and random through whole games on every map */
	{
		static const char *maps[] = { "beginner", "base", "new-shores",
		    "fog-islands" };
		static const char *kinds[] = { "greedy", "random", "greedy",
		    "random" };
		int over = 0, illegal = 0;

		for (int i = 0; i < 4; i++) {
			int steps = 0;

			g = make(maps[i], 4, 40 + (unsigned)i, NULL);
			for (;;) {
				struct rules_error e;
				const char *c;

				R->await(g, &aw);
				if (aw.over || steps++ > 20000)
					break;
				c = choose_kind(g, aw.seat, kinds[(aw.seat + i) % 4],
				    0);
				if (R->apply(g, aw.seat, c, strlen(c), NULL,
				    &e) != 0) {
					diag("%s: %s", c, e.msg);
					illegal++;
					break;
				}
			}
			over += aw.over;
			diag("%s: %d actions, %s", maps[i], steps,
			    aw.over ? "over" : "not over");
			R->free(g);
		}
		is_int(0, illegal, "greedy's and random's every choice applies");
		is_int(4, over, "greedy against random ends on every map");
	}
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
