/*
 * t/unit/savesealed.c -- the save layer's hooks for sealed hands
 * (lib/savesealed.h; trigon-save(5), "Sealed hands"; doc/sealed-hands.md
 * 8.6, step 1), linked with the core alone: each join's y= and pok=
 * checked and kept, every refusal leaving the state unchanged, and the
 * sealed-deck table set up after the last join with the joint key of
 * the joined keys, for a rule set that deals sealed hands and not for
 * one that does not.  t/0870-sealed-joins.t runs the same through the
 * real commands.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "../tap.h"
#include "fair.h"
#include "savesealed.h"

/* Linked with the core alone: the program names its (empty) table. */
const struct rules *const rules_table[] = { NULL };

static const char *const names[RULES_MAX_SEATS] = { "green", "purple" };

static const struct rules sealing = {
	.name = "mock", .title = "Mock", .hands_sealed = 1,
};
static const struct rules not_sealing = {
	.name = "mock", .title = "Mock Rules",
};

/* A join answer of seat `name` in game id, with y= and pok=. */
static struct fair_seat *
join_of(struct fair_answer *a, const unsigned char id[16], const char *name,
    int fill)
{
	unsigned char seed[32];
	struct fair_seat *fs;
	struct err e;

	memset(seed, fill, sizeof seed);
	if (fair_seat_new(&fs, seed, id, name, 16, &e) != 0)
		bail("seat %s: %s", name, e.msg);
	memset(a, 0, sizeof *a);
	a->kind = FAIR_JOIN;
	a->u.join.has_y = 1;
	memcpy(a->u.join.y, fs->y, 32);
	if (fair_pok_prove(fs, a->u.join.pok_c, a->u.join.pok_s, &e) != 0)
		bail("pok: %s", e.msg);
	return fs;
}

static void
test_joins(void)
{
	unsigned char id[16], joint[32];
	struct fair_answer ga, pa, bad;
	struct fair_seat *g, *p;
	struct save_sealed *ss = save_sealed_new();
	char text[SAVE_SEALED_JOIN_MAX];
	struct err e;

	memset(id, 0x5a, sizeof id);
	g = join_of(&ga, id, "green", 1);
	p = join_of(&pa, id, "purple", 2);
	if (ss == NULL)
		bail("out of memory");

	bad = ga;
	bad.u.join.has_y = 0;
	is_int(ERR_REFUSED, save_sealed_join(ss, id, 0, names, &bad, &e),
	    "a join without y= and pok= is refused");
	is_string("green's join carries no y= and pok=, which sealed hands "
	    "require", e.msg, "with its reason");
	is_int(0, (long long)ss->joined, "and nothing is kept");

	is_int(ERR_REFUSED, save_sealed_join(ss, id, 1, names, &ga, &e),
	    "green's y= and pok= in purple's join: refused");
	is_string("purple's join: bad proof of knowledge for purple", e.msg,
	    "the proof binds the seat");

	bad = ga;
	memcpy(bad.u.join.y, p->y, 32);
	is_int(ERR_REFUSED, save_sealed_join(ss, id, 0, names, &bad, &e),
	    "purple's Y under green's proof: refused");
	is_int(0, (long long)ss->joined, "nothing is kept");

	is_int(0, save_sealed_join(ss, id, 0, names, &ga, &e),
	    "green's join with its own y= and pok=");
	ok(ss->joined == 1 && memcmp(ss->y[0], g->y, 32) == 0,
	    "green's Y is kept");

	{
		/* Two seats of one name prove one key: the repeat check. */
		static const char *const twice[RULES_MAX_SEATS] = { "green",
		    "green" };

		is_int(ERR_REFUSED, save_sealed_join(ss, id, 1, twice, &ga,
		    &e), "a Y another seat joined with, under a proof "
		    "that holds: refused");
		is_string("green's join repeats green's ElGamal key y=", e.msg,
		    "named as a repeat");
		is_int(1, (long long)ss->joined, "nothing more is kept");
	}

	is_int(ERR_USAGE, save_sealed_start(ss, id, 2, names, &sealing, &e),
	    "no table before every seat's key is in");
	ok(!ss->ready, "not ready");

	is_int(0, save_sealed_join(ss, id, 1, names, &pa, &e),
	    "purple's join");
	is_int(0, save_sealed_start(ss, id, 2, names, &sealing, &e),
	    "after the last join, a rule set that deals sealed hands: the "
	    "table is set up");
	crypto_core_ristretto255_add(joint, g->y, p->y);
	ok(ss->ready && ss->t.g.nseats == 2 && ss->t.g.me == -1 &&
	    memcmp(ss->t.g.joint, joint, 32) == 0 &&
	    memcmp(ss->t.g.y[1], p->y, 32) == 0 &&
	    memcmp(ss->t.g.id, id, 16) == 0,
	    "two seats, an observer's view, the joint key Y_green + "
	    "Y_purple");
	save_sealed_free(ss);

	ss = save_sealed_new();
	if (ss == NULL || save_sealed_join(ss, id, 0, names, &ga, &e) != 0 ||
	    save_sealed_join(ss, id, 1, names, &pa, &e) != 0)
		bail("joins: %s", e.msg);
	is_int(ERR_REFUSED, save_sealed_start(ss, id, 2, names,
	    &not_sealing, &e), "a rule set that deals no sealed hands: "
	    "refused after the last join");
	is_string("Mock Rules deals no sealed hands yet: a game with 'hands "
	    "sealed' cannot start", e.msg, "with its reason");
	save_sealed_free(ss);

	is_int(0, save_sealed_join_text(text, sizeof text, g, &e),
	    "the writer's y= and pok=");
	ok(strncmp(text, " y=", 3) == 0 && strlen(text) == 3 + 43 + 5 + 86 &&
	    strstr(text, " pok=") == text + 3 + 43, "' y=Y pok=CS' in "
	    "base64: %s", text);
	is_int(ERR_USAGE, save_sealed_join_text(text, 40, g, &e),
	    "no room: refused");
	fair_seat_free(g);
	fair_seat_free(p);
}

int
main(void)
{
	if (sodium_init() < 0)
		bail("sodium_init");
	plan(22);
	test_joins();
	return 0;
}
