/*
 * t/unit/autoplay.c -- the game-neutral parts of struct rules that the
 * core relies on: the await contract as rules_await_check()
 * enforces it, and lib/autoplay.c (the loop of `trigon selfplay`)
 * against mock games -- one that counts no rounds and never ends, one
 * whose round never advances, and one that breaks the await contract:
 * each stops, none hangs.  Linked with the core alone.
 */
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "autoplay.h"

/* ---- a mock game: seats take turns saying "pass"; knobs below ------- */

struct game {
	int nseats, turn;
	long actions;
	int end_after;		/* > 0: over after this many actions */
	int bad;		/* 1: await names a seat outside the game, 2: a
				   winner outside it, 3: an unknown ending */
};

static const char *const seats[] = { "north", "east", "south", "west", NULL };
static const struct rules_end ends[] = {
	{ "tired", "somebody got tired" }, { NULL, NULL },
};
static const struct rules_bot_kind kinds[] = {
	{ "plain", "says pass" }, { "other", "also says pass" }, { NULL, NULL },
};

static int
m_create(struct game **out, const struct rules_setup *su,
    struct rules_error *err)
{
	(void)err;
	if ((*out = calloc(1, sizeof **out)) == NULL)
		return RULES_ENOMEM;
	(*out)->nseats = su->nseats;
	return 0;
}

static void
m_free(struct game *g)
{
	free(g);
}

static int
m_apply(struct game *g, int seat, const char *action, size_t len,
    struct rules_note *note, struct rules_error *err)
{
	(void)note;
	if (seat != g->turn || len != 4 || memcmp(action, "pass", 4) != 0) {
		err->code = RULES_REFUSED;
		return RULES_REFUSED;
	}
	g->turn = (g->turn + 1) % g->nseats;
	g->actions++;
	return 0;
}

static void
m_await(const struct game *g, struct rules_await *out)
{
	memset(out, 0, sizeof *out);
	out->winner = -1;
	if (g->end_after > 0 && g->actions >= g->end_after) {
		out->over = 1;
		out->seat = -1;
		out->winner = g->bad == 2 ? g->nseats : 0;
		snprintf(out->how, sizeof out->how, "%s",
		    g->bad == 3 ? "bored" : "tired");
		return;
	}
	out->seat = g->bad == 1 ? g->nseats : g->turn;
}

static int
m_bot(const struct game *g, int seat, const struct rules_bot_opts *o,
    char *action, size_t n, struct rules_error *err)
{
	(void)g;
	(void)seat;
	(void)o;
	(void)err;
	snprintf(action, n, "pass");
	return 0;
}

static long
m_round_stuck(const struct game *g)
{
	(void)g;
	return 1;
}

static int
m_points(const struct game *g, int seat)
{
	(void)g;
	(void)seat;
	return 0;
}

/* No round function: a game that counts none. */
static const struct rules mock = {
	.name = "mock", .title = "Mock", .min_seats = 2, .max_seats = 4,
	.seat_names = seats, .create = m_create, .free = m_free,
	.apply = m_apply, .await = m_await, .points = m_points,
	.bot = m_bot, .ends = ends, .bot_kinds = kinds,
};

const struct rules *const rules_table[] = { &mock, NULL };

static struct game *
make(int nseats)
{
	struct rules_setup su;
	struct rules_error err;
	struct game *g = NULL;

	memset(&su, 0, sizeof su);
	su.nseats = nseats;
	if (mock.create(&g, &su, &err) != 0)
		bail("cannot create the mock game");
	return g;
}

static void
opts(struct autoplay_opts *o, long max_rounds, long max_actions)
{
	memset(o, 0, sizeof *o);
	o->max_rounds = max_rounds;
	o->max_actions = max_actions;
	for (int i = 0; i < RULES_MAX_SEATS; i++)
		o->timed[i] = 1;
}

int
main(void)
{
	struct rules stuck = mock;
	struct autoplay_opts o;
	struct autoplay_result res;
	struct rules_await aw;
	struct game *g;

	rules_register(rules_table);
	/* The await contract (rules.h), checked, not trusted. */
	g = make(3);
	is_int(0, rules_await_check(&mock, g, 3, &aw), "await contract: a "
	    "seat of the game to act passes");
	is_int(0, aw.seat, "... seat 0 to act");
	g->bad = 1;
	is_int(-1, rules_await_check(&mock, g, 3, &aw), "await contract: "
	    "seat == nseats while not over is refused");
	ok(aw.over == 1 && aw.seat == -1 && aw.winner == -1,
	    "... and reads as over, nobody won, no seat (%d %d %d)", aw.over,
	    aw.seat, aw.winner);
	ok(strstr(aw.text, "await contract") != NULL, "... and says why: %s",
	    aw.text);
	g->bad = 2;
	g->end_after = 1;
	g->actions = 1;
	is_int(-1, rules_await_check(&mock, g, 3, &aw), "await contract: a "
	    "winner outside the game is refused");
	g->bad = 3;
	is_int(-1, rules_await_check(&mock, g, 3, &aw), "await contract: an "
	    "ending that rules.ends does not name is refused");
	g->bad = 0;
	is_int(0, rules_await_check(&mock, g, 3, &aw), "await contract: over "
	    "with a winner of the game and a named ending passes");
	is_int(0, rules_end_index(&mock, aw.how), "rules_end_index finds it");
	mock.free(g);

	/* rules_round, rules_bot_kind, rules_default_seats */
	g = make(2);
	is_int(-1, rules_round(&mock, g), "a game without round() counts "
	    "no round: -1");
	is_string("round", rules_round_name(&mock), "round_name defaults to "
	    "\"round\"");
	ok(rules_bot_kind(&mock, NULL) == &kinds[0] &&
	    rules_bot_kind(&mock, "") == &kinds[0], "a NULL or empty kind is "
	    "the first, the default");
	ok(rules_bot_kind(&mock, "other") == &kinds[1] &&
	    rules_bot_kind(&mock, "best") == NULL, "other kinds by name, "
	    "unknown ones NULL");
	is_int(4, rules_default_seats(&mock), "default seats: max_seats when "
	    "default_seats is 0");

	/* selfplay's loop: a game without rounds that never ends stops. */
	opts(&o, 60, 5000);
	autoplay_run(&mock, g, 2, &o, &res);
	ok(!res.over && !res.failed, "a game without rounds that never ends "
	    "is cut, not failed (over %d failed %d)", res.over, res.failed);
	is_int(5000, res.actions, "... after --max-actions actions");
	is_int(-1, res.how, "... counted as a limit (how -1)");
	is_int(-1, res.winner, "... with no winner");
	is_int(-1, res.rounds, "... and no round");
	is_int(5000, res.decisions, "every timed decision counted");
	mock.free(g);

	/* A game whose round never advances: --max-rounds cannot cut it,
	 * --max-actions does. */
	stuck.round = m_round_stuck;
	g = make(3);
	opts(&o, 60, 777);
	autoplay_run(&stuck, g, 3, &o, &res);
	ok(!res.over && res.actions == 777, "a round that never advances: "
	    "cut after 777 actions (%ld)", res.actions);
	is_int(1, res.rounds, "... the round seen is reported");
	mock.free(g);

	/* --max-rounds cuts a game past its round limit at once. */
	g = make(2);
	opts(&o, 0, 1000);
	autoplay_run(&stuck, g, 2, &o, &res);
	is_int(0, res.actions, "round 1 above --max-rounds 0: no action "
	    "played");
	mock.free(g);

	/* A game that ends is reported by its rules. */
	g = make(4);
	g->end_after = 10;
	opts(&o, 60, 1000);
	autoplay_run(&mock, g, 4, &o, &res);
	ok(res.over && res.winner == 0 && res.how == 0 && res.actions == 10,
	    "an ending game: over after 10 actions, seat 0 won by \"tired\"");
	mock.free(g);

	/* A rule set that breaks the await contract fails the game. */
	g = make(2);
	g->bad = 1;
	opts(&o, 60, 1000);
	autoplay_run(&mock, g, 2, &o, &res);
	ok(res.failed && res.actions == 0, "a broken await contract fails "
	    "the game before any action (failed %d, actions %ld)", res.failed,
	    res.actions);
	mock.free(g);
	return done_testing();
}
