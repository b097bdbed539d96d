/*
 * t/unit/duel/bot.c -- Catan: het Duel's computer player (bot.c, the
 * core search's hooks): every listed order survives its integer form
 * (pack, unpack, format give the same text), the information set does
 * not change when hidden cards (the other's hand, the stacks) are dealt
 * differently (DU17.3, DU17.4), a determinization keeps every card once,
 * and search_choose() plays only listed orders, deterministically for a
 * fixed budget and seed, and beats a random player.  The greedy player
 * plays only listed orders, the same for the same seed, wins
 * whole games against the random player in either colour, and refuses
 * a seat not awaited and an unknown kind.  A decision's seed ignores
 * the addresses the state points to.  In a theme game's rearranging
 * (DU18.7) both say ready: neither swaps regions for ever.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "../seed-util.h"
#include "search.h"
#include "games/duel/bot.h"
#include "games/duel/duel.h"
#include "games/duel/engine.h"
#include "games/duel/parse.h"

#define KEY_INTRO UINT64_C(0x3659fd1e0cc943fe)

static struct game *
make(int seed)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };
	const char *names[2] = { "red", "blue" };
	struct rules_setup su;
	struct rules_error e;
	struct game *g;

	key[0] = (unsigned char)seed;
	key[30] = 0xb0;
	memset(&su, 0, sizeof su);
	su.nseats = 2;
	su.seat[0] = names[0];
	su.seat[1] = names[1];
	su.chance = seed_chance(key);
	if (duel_rules.create(&g, &su, &e) != 0)
		bail("create: %s", e.msg);
	return g;
}

static struct du_action A[8192];
static char listed[8192][RULES_ACTION_MAX];
static int nlisted;

static int
collect(void *ctx, const char *a)
{
	(void)ctx;
	if (nlisted < 8192)
		snprintf(listed[nlisted++], RULES_ACTION_MAX, "%s", a);
	return 0;
}

static int
is_listed(const char *a)
{
	for (int i = 0; i < nlisted; i++)
		if (strcmp(listed[i], a) == 0)
			return 1;
	return 0;
}

/* Play n random listed orders into g (r: the choice). */
static void
random_moves(struct game *g, int n, unsigned long long *r)
{
	struct rules_await aw;
	struct rules_note note;
	struct rules_error e;

	for (int i = 0; i < n; i++) {
		duel_rules.await(g, &aw);
		if (aw.over)
			return;
		nlisted = 0;
		duel_rules.legal(g, aw.seat, collect, NULL);
		*r = *r * 6364136223846793005ull + 1442695040888963407ull;
		duel_rules.apply(g, aw.seat, listed[(*r >> 33) % nlisted],
		    strlen(listed[(*r >> 33) % nlisted]), &note, &e);
	}
}

static void
t_pack(void)
{
	int good = 1, total = 0;
	unsigned long long r = 7;

	for (int seed = 1; seed <= 10 && good; seed++) {
		struct game *g = make(seed);

		for (int step = 0; step < 400 && good; step++) {
			const struct du_state *st = du_game_state(g);
			int n = du_legal(st, st->aw_seat, A, 8192);

			if (st->phase == DU_PH_OVER)
				break;
			for (int i = 0; i < n && i < 8192; i++) {
				struct du_action b;
				char t1[RULES_ACTION_MAX], t2[RULES_ACTION_MAX];

				du_format(st->d, &A[i], t1, sizeof t1);
				du_action_unpack(du_action_pack(&A[i]), &b);
				du_format(st->d, &b, t2, sizeof t2);
				total++;
				if (strcmp(t1, t2) != 0) {
					diag("'%s' came back as '%s'", t1, t2);
					good = 0;
					break;
				}
			}
			random_moves(g, 1, &r);
		}
		duel_rules.free(g);
	}
	ok(good, "every listed order survives pack/unpack (%d orders)", total);
}

static void
t_observe(void)
{
	struct game *g = make(3), *h;
	struct du_state *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	struct du_state *hs;
	struct rules_error e;
	unsigned long long r = 11;

	random_moves(g, 40, &r);
	h = duel_rules.clone(g);
	/* deal blue's hidden cards differently: swap blue's first card with
	 * the top of stack 1 and reverse stack 2 in the clone */
	hs = (struct du_state *)(uintptr_t)du_game_state(h);
	if (hs->p[1].nhand > 0 && hs->nseg[0] > 0) {
		uint8_t t = hs->p[1].hand[0];

		hs->p[1].hand[0] = hs->pile[0];
		hs->pile[0] = t;
	}
	duel_search.observe(a, g, 0, &e);
	duel_search.observe(b, h, 0, &e);
	ok(memcmp(a, b, sizeof *a) == 0, "DU17.3 DU17.4: red's information "
	    "set is the same however blue's hand and the stacks are dealt");
	duel_search.observe(b, h, 1, &e);
	ok(memcmp(a, b, sizeof *a) != 0, "blue's information set differs "
	    "(blue sees his own hand)");
	duel_rules.free(h);
	duel_rules.free(g);
	free(a);
	free(b);
}

static void
t_choose(void)
{
	struct rules_bot_opts o = { NULL, 30, 0, 42 };
	struct rules_error e;
	char x[RULES_ACTION_MAX], y[RULES_ACTION_MAX];
	int good = 1, same = 1;
	unsigned long long r = 5;

	for (int seed = 1; seed <= 4; seed++) {
		struct game *g = make(seed);
		struct rules_await aw;

		for (int k = 0; k < 6; k++) {
			random_moves(g, 7, &r);
			duel_rules.await(g, &aw);
			if (aw.over)
				break;
			nlisted = 0;
			duel_rules.legal(g, aw.seat, collect, NULL);
			if (search_choose(&duel_rules, g, aw.seat, &o, x, sizeof x,
			    &e) != 0 || !is_listed(x)) {
				diag("chose '%s' (%s)", x, e.msg);
				good = 0;
			}
			search_choose(&duel_rules, g, aw.seat, &o, y, sizeof y, &e);
			same &= strcmp(x, y) == 0;
		}
		duel_rules.free(g);
	}
	ok(good, "search_choose() plays only listed orders");
	ok(same, "with a budget in playouts and a seed, the same choice");
}

/*
 * Whole games, greedy in seat gs against random (bot seeds from the game
 * number): every order greedy gives is listed; returns the winner's
 * seat, -1 past 3000 orders.
 */
static int
greedy_game(int seed, int gs, int *good)
{
	struct game *g = make(seed);
	struct rules_await aw;
	struct rules_note note;
	struct rules_error e;
	char x[RULES_ACTION_MAX];
	int w = -1;

	for (int step = 0; step < 3000; step++) {
		struct rules_bot_opts o = { "random", 0, 0, (uint64_t)seed };

		duel_rules.await(g, &aw);
		if (aw.over) {
			w = aw.winner;
			break;
		}
		if (aw.seat == gs) {
			o.kind = "greedy";
			nlisted = 0;
			duel_rules.legal(g, aw.seat, collect, NULL);
		}
		if (search_choose(&duel_rules, g, aw.seat, &o, x, sizeof x,
		    &e) != 0) {
			diag("game %d: %s", seed, e.msg);
			*good = 0;
			break;
		}
		if (aw.seat == gs && !is_listed(x)) {
			diag("greedy chose '%s', not listed", x);
			*good = 0;
		}
		if (duel_rules.apply(g, aw.seat, x, strlen(x), &note, &e) != 0) {
			diag("'%s' refused: %s", x, e.msg);
			*good = 0;
			break;
		}
	}
	duel_rules.free(g);
	return w;
}

static void
t_greedy(void)
{
	struct rules_bot_opts o = { "greedy", 0, 0, 9 };
	struct rules_error e;
	struct rules_await aw;
	char x[RULES_ACTION_MAX], y[RULES_ACTION_MAX];
	int good = 1, wins = 0, same = 1, rc;
	unsigned long long r = 11;
	struct game *g;

	for (int i = 0; i < 10; i++)
		wins += greedy_game(i + 1, i % 2, &good) == i % 2;
	ok(good, "greedy plays only listed orders, in every state of 10 games");
	ok(wins == 10, "greedy beats the random player in 10 games of 10, "
	    "5 as red and 5 as blue (won %d)", wins);
	g = make(3);
	for (int k = 0; k < 8; k++) {
		random_moves(g, 5, &r);
		duel_rules.await(g, &aw);
		if (aw.over)
			break;
		search_choose(&duel_rules, g, aw.seat, &o, x, sizeof x, &e);
		search_choose(&duel_rules, g, aw.seat, &o, y, sizeof y, &e);
		same &= strcmp(x, y) == 0;
	}
	ok(same, "greedy: the same seed, the same choice");
	duel_rules.await(g, &aw);
	rc = search_choose(&duel_rules, g, 1 - aw.seat, &o, x, sizeof x, &e);
	ok(rc == RULES_ESEAT, "greedy for the seat not awaited: RULES_ESEAT "
	    "(%s)", e.msg);
	o.kind = "clever";
	rc = search_choose(&duel_rules, g, aw.seat, &o, x, sizeof x, &e);
	ok(rc == RULES_EDATA && strcmp(e.msg, "unknown player 'clever' "
	    "(mcts, random, greedy)") == 0, "an unknown kind: RULES_EDATA, "
	    "'%s'", e.msg);
	duel_rules.free(g);
}

/* An order of text into g, by seat; 0 when it applies. */
static int
order(struct game *g, int seat, const char *a)
{
	struct rules_note note;
	struct rules_error e;

	return duel_rules.apply(g, seat, a, strlen(a), &note, &e);
}

/*
 * DU18.7: in De Gouden Eeuw's rearranging, every swap scores as ready
 * does; greedy took the first swap and the search a swap, one after
 * another until the action limit.  Both answer ready, each seat.  (The
 * mode is not offered yet: the game is made as an introductory one and
 * its state set up anew in the theme mode.)
 */
static void
t_arrange(void)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };
	struct rules_bot_opts gr = { "greedy", 0, 0, 9 };
	struct rules_bot_opts mc = { "mcts", 60, 0, 9 };
	struct rules_error e;
	struct rules_await aw;
	char x[RULES_ACTION_MAX], y[RULES_ACTION_MAX];
	struct game *g = make(4);
	struct du_state *st = (struct du_state *)(uintptr_t)du_game_state(g);

	key[0] = 4;
	if (du_init_mode(st, st->d, DU_MODE_GOLD, seed_chance(key), NULL,
	    &e) != 0)
		bail("gold: %s", e.msg);
	for (int k = 0; k < 2; k++) {
		int s = st->rseat[st->aw_seat];

		if (order(g, s, "start stack 1") != 0 ||
		    order(g, s, "take card 1 card 2 card 3") != 0)
			bail("DU18.6: the starting hands");
	}
	for (int k = 0; k < 2; k++) {
		duel_rules.await(g, &aw);
		nlisted = 0;
		duel_rules.legal(g, aw.seat, collect, NULL);
		ok(st->phase == DU_PH_ARRANGE && is_listed("ready") &&
		    nlisted > 1, "DU18.7: %s rearranges; ready and %d swaps "
		    "listed", k ? "the other" : "the start player", nlisted - 1);
		x[0] = y[0] = '\0';
		search_choose(&duel_rules, g, aw.seat, &gr, x, sizeof x, &e);
		search_choose(&duel_rules, g, aw.seat, &mc, y, sizeof y, &e);
		ok(strcmp(x, "ready") == 0 && strcmp(y, "ready") == 0,
		    "DU18.7: greedy says '%s', the search '%s': both ready", x,
		    y);
		if (order(g, aw.seat, "ready") != 0)
			bail("DU18.7: ready refused");
	}
	ok(st->phase == DU_PH_ROLL && st->turn == 1, "DU18.7: both ready, the "
	    "start player's first turn begins");
	duel_rules.free(g);
}

/*
 * The seed of a decision does not hang on where the data lies in
 * memory (it differs from run to run): the same
 * information set with its data copied elsewhere gets the same key and
 * the same choice.
 */
static void
t_key(void)
{
	static struct du_state a, b;
	struct du_data *copy = malloc(sizeof *copy);
	struct search_opts so = { 30, 0, 7, 0 };
	struct rules_error e;
	struct rules_await aw;
	unsigned long long r = 3;
	int same_key = 1, same_choice = 1, n = 0;

	if (copy == NULL)
		bail("out of memory");
	for (int seed = 1; seed <= 3; seed++) {
		struct game *g = make(seed);

		for (int k = 0; k < 5; k++) {
			uint64_t x, y;

			random_moves(g, 9, &r);
			duel_rules.await(g, &aw);
			if (aw.over)
				break;
			duel_search.observe(&a, g, aw.seat, &e);
			memcpy(copy, a.d, sizeof *copy);
			memcpy(&b, &a, sizeof b);
			b.d = copy;
			same_key &= duel_search.key(&a, aw.seat, 7) ==
			    duel_search.key(&b, aw.seat, 7);
			if (search_run(&duel_search, &a, aw.seat, &so, &x, NULL,
			    &e) != 0 || search_run(&duel_search, &b, aw.seat,
			    &so, &y, NULL, &e) != 0)
				bail("search_run: %s", e.msg);
			same_choice &= x == y;
			n++;
		}
		duel_rules.free(g);
	}
	free(copy);
	ok(same_key && n > 0, "the key of %d information sets ignores the "
	    "address of the data", n);
	ok(same_choice, "the same choice with the data copied elsewhere");
}

/*
 * The modes (DU18) left the introductory game's keys as they were: the
 * computer chooses in an intro game what it chose before them, so a
 * game played against it (t/0621's) goes the same way.  A theme mode
 * changes the key.
 */
static void
t_key_intro(void)
{
	static struct du_state a;
	struct rules_error e;
	struct game *g = make(1);
	uint64_t k, kg;

	duel_search.observe(&a, g, 0, &e);
	k = duel_search.key(&a, 0, 7);
	ok(k == KEY_INTRO, "an intro game's first key is the one "
	    "of the build before the modes (%016llx)", (unsigned long long)k);
	a.mode = DU_MODE_GOLD;
	kg = duel_search.key(&a, 0, 7);
	ok(kg != k, "the same bytes in De Gouden Eeuw: another key");
	duel_rules.free(g);
}

int
main(void)
{
	t_pack();
	t_observe();
	t_choose();
	t_greedy();
	t_arrange();
	t_key();
	t_key_intro();
	return done_testing();
}
