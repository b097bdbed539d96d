/*
 * t/unit/catan/rules-glue.c -- catan_rules behind lib/rules.h: options and
 * seats (CA1.1, CA1.5, CA1.6), the variable set-up of `base` (CA3.1,
 * CA12.4, start_note), whole random games played by text through the
 * table with the await contract checked after every action (CA13.3),
 * replay from the lines equal to the game after every action, and the
 * redo model: RULES_PENDING at the k-th chance request changes nothing
 * and the same line applied again gives the same game (lib/chance.h).
 */
#include "../../tap.h"
#include "rand64.h"
#include "../chance-mock.h"
#include "games/catan/catan.h"

#define MAXLINES 6000

static const struct rules *R = &catan_rules;
static char lines[MAXLINES][RULES_ACTION_MAX];
static int seats[MAXLINES], nlines;

struct pick {
	uint64_t *r;
	int n;
	char chosen[RULES_ACTION_MAX];
	char end[RULES_ACTION_MAX];
};

static int
pick_one(void *ctx, const char *action)
{
	struct pick *p = ctx;

	if (strcmp(action, "resign") == 0)
		return 0;
	if (strcmp(action, "end") == 0) {
		snprintf(p->end, sizeof p->end, "%s", action);
		return 0;
	}
	p->n++;
	if (splitmix64(p->r) % (uint64_t)p->n == 0)
		snprintf(p->chosen, sizeof p->chosen, "%s", action);
	return 0;
}

static char *
view(const struct game *g, enum rules_view v, int viewer)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	R->describe(g, v, viewer, 0, f);
	fclose(f);
	return buf;
}

/* Everything a game shows: the JSON view and every hand. */
static char *
snapshot(const struct game *g, int n)
{
	char *all = view(g, RULES_VIEW_JSON, -1);

	for (int s = 0; s < n; s++) {
		char *h = view(g, RULES_VIEW_HAND, s);

		all = realloc(all, strlen(all) + strlen(h) + 1);
		strcat(all, h);
		free(h);
	}
	return all;
}

static int
contract_ok(const struct game *g, int n)
{
	struct rules_await aw;

	R->await(g, &aw);
	if (aw.over)
		return aw.seat == -1 && aw.may_act == 0 && aw.winner >= 0 &&
		    aw.winner < n && (strcmp(aw.how, "points") == 0 ||
		    strcmp(aw.how, "last") == 0);
	return aw.seat >= 0 && aw.seat < n && aw.winner == -1 &&
	    (aw.may_act == 0 || ((aw.may_act >> aw.seat) & 1)) &&
	    aw.may_act < (1u << n);
}

static int
create(struct game **g, const char *map, int n,
    const struct rules_chance *ch, const char *extra)
{
	static const char *names[] = { "red", "blue", "white", "orange" };
	struct rules_setup s;
	struct rules_error e;
	char opt[64];
	const char *opts[2];

	memset(&s, 0, sizeof s);
	s.nseats = n;
	for (int i = 0; i < n; i++)
		s.seat[i] = names[i];
	snprintf(opt, sizeof opt, "map=%s", map);
	opts[0] = opt;
	opts[1] = extra;
	s.options = opts;
	s.noptions = extra ? 2 : 1;
	s.chance = ch;
	return R->create(g, &s, &e);
}

static int
first_one(void *ctx, const char *action)
{
	char *out = ctx;

	if (out[0] == '\0' && strcmp(action, "resign") != 0)
		snprintf(out, RULES_ACTION_MAX, "%s", action);
	return 0;
}

/*
 * CA1.5, option first=draw: the seat drawn in one event of kind 6
 * ("first player") after the set-up's (base: event 1, beginner: 0)
 * places first, the snake order turns from it, it takes the first
 * turn.  Returns the number of failed checks.
 */
static int
first_draw_game(const char *map, int n, const unsigned char *seed,
    int *drawn)
{
	struct chance_seed cs;
	struct chance_stream st;
	struct game *g;
	struct rules_await aw;
	struct rules_error e;
	int f, bad = 0;

	chance_seed_init(&cs, seed);
	chance_seed_stream(&st, seed, 6, strcmp(map, "base") == 0 ? 1 : 0);
	f = chance_below(&st, n);
	*drawn = f;
	if (create(&g, map, n, &cs.chance, "first=draw") != 0)
		return 100;
	for (int i = 0; i < 2 * n; i++) {
		int want = (f + (i < n ? i : 2 * n - 1 - i)) % n;

		for (int k = 0; k < 2; k++) {	/* settlement, road */
			char a[RULES_ACTION_MAX] = "";

			R->await(g, &aw);
			bad += aw.seat != want;
			R->legal(g, aw.seat, first_one, a);
			if (R->apply(g, aw.seat, a, strlen(a), NULL, &e) != 0)
				bad++;
		}
	}
	R->await(g, &aw);
	bad += aw.seat != f;
	{
		char a[RULES_ACTION_MAX] = "";

		R->legal(g, aw.seat, first_one, a);
		bad += strcmp(a, "roll") != 0;
	}
	R->free(g);
	return bad;
}

/* A random game by text; lines[] recorded.  1 when it ended. */
static int
play(const char *map, int n, const unsigned char *seed, uint64_t r,
    int *contract_bad)
{
	struct chance_seed cs;
	struct game *g;
	struct rules_await aw;
	int over = 0;

	chance_seed_init(&cs, seed);
	if (create(&g, map, n, &cs.chance, NULL) != 0)
		bail("create %s", map);
	nlines = 0;
	while (nlines < MAXLINES) {
		struct pick p = { &r, 0, "", "" };
		struct rules_error e;
		int seat;

		R->await(g, &aw);
		if (aw.over) {
			over = 1;
			break;
		}
		seat = aw.seat;
		R->legal(g, seat, pick_one, &p);
		if (p.n == 0 || (p.end[0] && splitmix64(&r) % 3 == 0))
			snprintf(p.chosen, sizeof p.chosen, "%s",
			    p.end[0] ? p.end : "resign");
		if (R->apply(g, seat, p.chosen, strlen(p.chosen), NULL, &e)) {
			diag("%s by %d: %s", p.chosen, seat, e.msg);
			break;
		}
		snprintf(lines[nlines], sizeof lines[0], "%s", p.chosen);
		seats[nlines++] = seat;
		if (!contract_ok(g, n))
			(*contract_bad)++;
	}
	R->free(g);
	return over;
}

int
main(void)
{
	unsigned char seed[RULES_SEED_BYTES];
	struct game *g, *h;
	struct rules_note n1, n2;
	struct rules_error e;
	struct chance_seed cs;
	int bad = 0, games = 0, over = 0;
	static const char *maps[] = { "beginner", "base", "new-shores",
	    "fog-islands" };

	is_string("catan", R->name, "the rule set's name");
	is_int(3, R->min_seats, "CA1.1: 3 players at least");
	is_int(4, R->max_seats, "CA1.1: 4 at most");
	memset(seed, 1, sizeof seed);
	chance_seed_init(&cs, seed);
	is_int(RULES_EDATA, create(&g, "beginner", 2, &cs.chance, NULL),
	    "CA1.1: no 2-player game");
	is_int(RULES_EDATA, create(&g, "nowhere", 3, &cs.chance, NULL),
	    "CA1.6: an unknown map");
	is_int(RULES_EDATA, create(&g, "beginner", 3, &cs.chance, "vp=2"),
	    "CA1.6: vp 2");
	is_int(RULES_EDATA, create(&g, "beginner", 3, &cs.chance, "foo=1"),
	    "CA1.6: an unknown option");
	/* CA3.1: the variable set-up, drawn from the seed */
	create(&g, "base", 4, &cs.chance, NULL);
	create(&h, "base", 4, &cs.chance, NULL);
	R->start_note(g, &n1);
	R->start_note(h, &n2);
	ok(strncmp(n1.text, "set-up:", 7) == 0 && strstr(n1.text, "red to "
	    "place") != NULL, "CA14.4: start_note has the drawn set-up, then "
	    "red to place");
	is_string(n1.text, n2.text, "CA3.1: the same seed, the same set-up");
	R->free(h);
	memset(seed, 2, sizeof seed);
	chance_seed_init(&cs, seed);
	create(&h, "base", 4, &cs.chance, NULL);
	R->start_note(h, &n2);
	ok(strcmp(n1.text, n2.text) != 0, "CA3.1: another seed, another "
	    "set-up");
	R->free(g);
	R->free(h);

	/* CA1.5: seat 1 places first and rolls first, unless first=draw */
	{
		int seen = 0, fails = 0, d, f0 = 0;
		struct rules_await aw;

		create(&g, "beginner", 4, &cs.chance, NULL);
		R->await(g, &aw);
		is_int(0, aw.seat, "CA1.5: without the option seat 1 places "
		    "first");
		R->free(g);
		create(&g, "beginner", 4, &cs.chance, "first=1");
		R->await(g, &aw);
		is_int(0, aw.seat, "CA1.5: first=1, seat 1 places first");
		R->free(g);
		is_int(RULES_EDATA, create(&g, "beginner", 4, &cs.chance,
		    "first=2"), "CA1.5: first=2 refused (1 or draw)");
		for (int i = 0; i < 40; i++) {
			const char *map = i % 2 ? "base" : "beginner";
			int n = 3 + i % 3 / 2;

			memset(seed, 0, sizeof seed);
			seed[0] = (unsigned char)i;
			seed[1] = 0x5e;
			fails += first_draw_game(map, n, seed, &d);
			seen |= 1 << d;
			f0 += d == 0;
		}
		is_int(0, fails, "CA1.5 first=draw: in 40 games (beginner, "
		    "base; 3 and 4 seats) the drawn seat (event 'first "
		    "player', kind 6, after base's set-up) places first, the "
		    "snake turns from it, it rolls first");
		is_int(15, seen, "CA1.5 first=draw: each of the 4 seats drawn "
		    "first in some game");
		ok(f0 < 40, "CA1.5 first=draw: not always seat 1 (%d of 40)",
		    f0);
		/* the draw leaves the base map's set-up as it was */
		memset(seed, 1, sizeof seed);
		chance_seed_init(&cs, seed);
		create(&g, "base", 4, &cs.chance, NULL);
		create(&h, "base", 4, &cs.chance, "first=draw");
		R->start_note(g, &n1);
		R->start_note(h, &n2);
		{
			const char *c1 = strstr(n1.text, "\nharbors"), *c2 =
			    strstr(n2.text, "\nharbors");

			ok(c1 && c2 && (c1 - n1.text) == (c2 - n2.text) &&
			    strncmp(n1.text, n2.text, (size_t)(c1 - n1.text)) == 0,
			    "CA1.5 first=draw: base's set-up drawn as without it "
			    "(the set-up's event first)");
		}
		R->free(g);
		R->free(h);
	}

	/* CA12.1: a steal's type only in the thief's and the victim's hands */
	{
		static const char pos[] = "[position]\nturn = red\nphase = main\n"
		    "[red]\ncards = knight\n[blue]\nsettlements = c3/d3/d4\n"
		    "hand = 3 wool\n";
		struct rules_blob blob = { "position", pos, sizeof pos - 1 };
		struct rules_setup s;
		static const char *names[] = { "red", "blue", "white", "orange" };
		struct rules_note note;
		char *red, *blue, *white, *json, *status;
		const char *act = "play knight robber c3 steal blue";

		memset(&s, 0, sizeof s);
		s.nseats = 4;
		for (int i = 0; i < 4; i++)
			s.seat[i] = names[i];
		s.blobs = &blob;
		s.nblobs = 1;
		s.chance = &cs.chance;
		if (R->create(&g, &s, &e) != 0)
			bail("position: %s", e.msg);
		is_int(0, R->apply(g, 0, act, strlen(act), &note, &e),
		    "CA8.3: red's knight steals from blue");
		red = view(g, RULES_VIEW_HAND, 0);
		blue = view(g, RULES_VIEW_HAND, 1);
		white = view(g, RULES_VIEW_HAND, 2);
		json = view(g, RULES_VIEW_JSON, -1);
		status = view(g, RULES_VIEW_STATUS, -1);
		ok(strstr(note.text, "red stole a card from blue") != NULL &&
		    strstr(note.text, "wool") == NULL,
		    "CA12.1: the note says only who stole from whom");
		ok(strstr(red, "you stole 1 wool from blue") != NULL,
		    "CA12.1: red's hand view shows the type");
		ok(strstr(blue, "red stole 1 wool from you") != NULL,
		    "CA12.1: blue's hand view shows the type");
		ok(strstr(white, "stole") == NULL, "CA12.1: white's does not");
		ok(strstr(json, "stole") == NULL && strstr(status, "stole") == NULL,
		    "CA12.1: nor the public views");
		ok(strstr(red, "1 wool") != NULL && strstr(status, "1 card ") != NULL,
		    "CA12.1/CA12.3: red's hand by kind; the count is public");
		free(red);
		free(blue);
		free(white);
		free(json);
		free(status);
		R->free(g);
	}

	/* whole games by text */
	for (int i = 0; i < 8; i++) {
		memset(seed, 10 + i, sizeof seed);
		games++;
		over += play(maps[i % 4], 3 + i % 2, seed, (uint64_t)i + 1, &bad);
	}
	is_int(games, over, "CA11.3: random games by text end (%d)", over);
	is_int(0, bad, "CA13.3: the await contract after every action");

	/* replay equals the game, and the redo model, on the last game */
	{
		int n = 3 + 7 % 2, diff = 0, redo_bad = 0, pended = 0;
		struct game *a, *b;

		memset(seed, 17, sizeof seed);
		play("fog-islands", n, seed, 8, &bad);
		chance_seed_init(&cs, seed);
		create(&a, "fog-islands", n, &cs.chance, NULL);
		create(&b, "fog-islands", n, &cs.chance, NULL);
		for (int i = 0; i < nlines; i++) {
			struct rules_note na, nb;
			char *x, *y;

			R->apply(a, seats[i], lines[i], strlen(lines[i]), &na, &e);
			R->apply(b, seats[i], lines[i], strlen(lines[i]), &nb, &e);
			x = snapshot(a, n);
			y = snapshot(b, n);
			diff += strcmp(x, y) != 0 || strcmp(na.text, nb.text) != 0;
			free(x);
			free(y);
		}
		is_int(0, diff, "replay from the lines equals the game after "
		    "every action (%d lines)", nlines);
		for (long k = 1; k <= 60; k += 3) {
			struct mock_chance m;
			struct game *c;
			char *before, *after, *want;

			mock_init(&m, seed, k);
			if (create(&c, "fog-islands", n, &m.chance, NULL) != 0)
				continue;
			for (int i = 0; i < nlines; i++) {
				int rc = R->apply(c, seats[i], lines[i],
				    strlen(lines[i]), NULL, &e);

				if (rc == RULES_PENDING) {
					pended++;
					before = snapshot(c, n);
					(void)m.chance.settle(m.chance.ctx, &e);
					after = NULL;
					rc = R->apply(c, seats[i], lines[i],
					    strlen(lines[i]), NULL, &e);
					redo_bad += rc != 0 || m.redo_same != 1;
					(void)after;
					free(before);
				} else if (rc != 0)
					redo_bad++;
			}
			want = snapshot(a, n);
			after = snapshot(c, n);
			redo_bad += strcmp(want, after) != 0;
			free(want);
			free(after);
			R->free(c);
		}
		ok(pended > 0, "the redo model: %d lines pended", pended);
		is_int(0, redo_bad, "RULES_PENDING at the k-th request, then the "
		    "same line again: the same game");
		R->free(a);
		R->free(b);
	}
	return done_testing();
}
