/*
 * t/unit/trigon.c -- trigon_rules, the Trigon rule set behind
 * lib/rules.h: creation from seats, options and blobs (a scenario
 * included), text actions, notes, legal listing, views, clone.
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "../seed-util.h"
#include "rules.h"
#include "games/trigon/engine.h"
#include "games/trigon/trigon.h"

struct list {
	int n;
	char first[RULES_ACTION_MAX];
	int has_end;
};

static int
collect(void *ctx, const char *action)
{
	struct list *l = ctx;

	if (l->n++ == 0)
		snprintf(l->first, sizeof l->first, "%s", action);
	if (strcmp(action, "end") == 0)
		l->has_end = 1;
	return 0;
}

static char *
view(const struct game *g, enum rules_view v, int viewer, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	*rc = trigon_rules.describe(g, v, viewer, 0, f);
	fclose(f);
	return buf;
}

static const char scenario[] =
	"[game]\n"
	"first = purple\n"
	"[spot psor]\n"
	"color = green\n"
	"settlement = village\n"
	"inhabitants = 3\n"
	"palace = yes\n"
	"knights = 3\n"
	"[spot frostholm]\n"
	"color = purple\n"
	"knights = 2\n"
	"[player purple]\n"
	"copper = 4\n";

int
main(void)
{
	const struct rules *r;
	struct rules_setup s;
	struct rules_error err;
	struct rules_note note;
	struct rules_await aw;
	struct game *g = NULL, *c;
	struct list l;
	const char *opts[] = { "points=30", "win=all" };
	const char *bad[] = { "pionts=30" };
	char *txt;
	int rc, seat;

	rules_register(rules_table);
	r = rules_find("trigon");
	memset(&err, 0, sizeof err);
	ok(r == &trigon_rules, "rules_find finds trigon");
	memset(&s, 0, sizeof s);
	s.chance = seed_chance_byte(7, &s.salt);
	s.nseats = 3;
	s.seat[0] = "white";
	s.seat[1] = "green";
	s.seat[2] = "yellow";
	s.options = opts;
	s.noptions = 2;
	is_int(0, r->create(&g, &s, &err), "create: 3 players, options");
	r->await(g, &aw);
	ok(!aw.over && aw.seat >= 0 && aw.seat < 3, "await: a seat must act");
	memset(&l, 0, sizeof l);
	r->legal(g, aw.seat, collect, &l);
	ok(l.n > 5 && l.has_end, "legal: %d actions, end among them", l.n);
	seat = aw.seat;
	is_int(RULES_ESEAT, r->apply(g, (seat + 1) % 3, "end", 3, &note, &err),
	    "R4.7: another seat may not act");
	is_int(RULES_EPARSE, r->apply(g, seat, "ned", 3, &note, &err),
	    "parse: an unknown order");
	is_string("did you mean 'end'?", err.hint, "parse: did you mean 'end'");
	is_int(0, r->apply(g, seat, l.first, strlen(l.first), &note, &err),
	    "apply: the first legal action (%s)", l.first);
	c = r->clone(g);
	is_int(0, r->apply(g, seat, "end", 3, &note, &err), "apply: end");
	ok(strstr(note.text, "to act") != NULL, "note: who is next");
	r->await(c, &aw);
	is_int(seat, aw.seat, "clone: the copy is unchanged");
	r->free(c);
	txt = view(g, RULES_VIEW_STATUS, -1, &rc);
	ok(rc == 0 && strstr(txt, "Rule of Trigon, round 1, action phase\n") &&
	    strstr(txt, "white: 4 points;"), "view: status");
	free(txt);
	txt = view(g, RULES_VIEW_JSON, -1, &rc);
	ok(rc == 0 && strstr(txt, "\"round\": 1") &&
	    strstr(txt, "\"spot\": \"pyros\""), "view: JSON");
	free(txt);
	txt = view(g, RULES_VIEW_HAND, 0, &rc);
	is_string("hand of white\nno cards\n", txt, "view: hand");
	free(txt);
	txt = view(g, RULES_VIEW_BOARD, -1, &rc);
	ok(rc == 0 && strlen(txt) > 100, "view: the board (board.c)");
	free(txt);
	is_int(4, r->points(g, 0), "points of seat 0");
	r->free(g);

	s.options = bad;
	s.noptions = 1;
	is_int(RULES_EDATA, r->create(&g, &s, &err), "create: unknown option");
	s.noptions = 0;
	s.seat[2] = "blue";
	is_int(RULES_EDATA, r->create(&g, &s, &err), "create: unknown color");
	is_string("unknown color 'blue' (green, purple, yellow, white)", err.msg,
	    "create: message");

	/* A scenario blob replaces the set-up. */
	{
		struct rules_blob b = { "scenario", scenario, sizeof scenario - 1 };

		s.nseats = 2;
		s.seat[0] = "green";
		s.seat[1] = "purple";
		s.blobs = &b;
		s.nblobs = 1;
		is_int(0, r->create(&g, &s, &err), "create: with a scenario (%s)",
		    err.msg);
		r->await(g, &aw);
		is_int(1, aw.seat, "scenario: purple acts first");
		is_int(4, r->points(g, 0), "scenario: green 4 points (palace, village)");
		is_int(0, r->points(g, 1), "scenario: purple 0 points");
		is_int(0, r->apply(g, 1, "move 2 knights from frostholm to psor",
		    37, &note, &err), "scenario: purple attacks psor");
		ok(strstr(note.text, "battle at psor: purple 2 knights attack green 3 knights and village 1 (3 inhabitants) with its palace\n") != NULL,
		    "scenario: the battle");
		{
			const struct tg_state *st = trigon_game_state(g);
			struct rules_error e2;

			memset(&e2, 0, sizeof e2);
			is_int(0, tg_check(trigon_game_data(g), st, &e2),
			    "scenario: invariants (%s)", e2.msg);
		}
		r->free(g);
	}
	return done_testing();
}
