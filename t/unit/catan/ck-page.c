/*
 * t/unit/catan/ck-page.c -- catan-ck-rules(7)'s ORDER LANGUAGE against
 * the parser (CK17): every example of the page (each ".It Ql ORDER" of
 * the section) is read by ca_parse() in a four-player Cities & Knights
 * game on the beginner map and is the canonical text ca_format() writes
 * back.  The rule set is not registered yet (the page's STATUS), so
 * trigon move cannot apply them; t/0715-catan-ck-rules-page.t checks
 * that every verb parse.c reads has an example.
 */
#include "../../tap.h"

#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"

#define MAXEX 96

static struct ca_state S;
static struct ca_data D;
static struct ca_board B;
static struct ck_data CK;
static char ex[MAXEX][128];
static int nex;

/* Chance from a fixed seed: the decks are shuffled at ca_ck_init. */
static int
event(void *ctx, uint32_t ev, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	unsigned char seed[RULES_SEED_BYTES];

	(void)ctx;
	(void)err;
	memset(seed, 7, sizeof seed);
	chance_seed_stream(out, seed, req->kind, ev);
	return 0;
}

static struct rules_chance chance = { event, NULL, NULL, 0 };

/* The examples of the page's ORDER LANGUAGE section, in order. */
static void
read_page(void)
{
	const char *path = test_file("../man/catan-ck-rules.7");
	FILE *f = fopen(path, "r");
	char line[512];
	int in = 0;

	if (f == NULL)
		bail("no %s", path);
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, ".Sh ", 4) == 0)
			in = strcmp(line, ".Sh ORDER LANGUAGE") == 0;
		else if (in && strncmp(line, ".It Ql ", 7) == 0 && nex < MAXEX)
			snprintf(ex[nex++], sizeof ex[0], "%.*s",
			    (int)sizeof ex[0] - 1, line + 7);
	}
	fclose(f);
}

int
main(void)
{
	struct rules_error e;
	struct ca_action a;
	char out[RULES_ACTION_MAX];

	read_page();
	ok(nex >= 50, "CK17.2: the page has %d examples", nex);
	if (ca_data_load(&D, NULL, 0, NULL, 0, &e) != 0)
		bail("data: %s", e.msg);
	if (ck_data_load(&CK, NULL, 0, NULL, 0, &e) != 0)
		bail("C&K data: %s", e.msg);
	if (ca_board_build(&B, ca_data_map(&D, "beginner"), NULL,
	    &e) != 0)
		bail("board: %s", e.msg);
	ca_init(&S, &B, &D, 4, 0, &chance);
	if (ca_ck_init(&S, &CK, 0, 0, &e) != 0)
		bail("ca_ck_init: %s", e.msg);
	for (int i = 0; i < nex; i++) {
		int rc;

		memset(&e, 0, sizeof e);
		rc = ca_parse(&S, ex[i], strlen(ex[i]), &a, &e);
		is_int(0, rc, "CK17: '%s' is an order (%s)", ex[i],
		    rc ? e.msg : "parsed");
		if (rc != 0)
			continue;
		ca_format(&S, &a, out, sizeof out);
		is_string(ex[i], out, "CK17.2: '%s' is canonical", ex[i]);
	}
	/* CK14.16 as the page states it: a die outside 1-6 is no order */
	is_int(RULES_EPARSE, ca_parse(&S, "play alchemist 7 1", 18, &a, &e),
	    "CK14.16: 'play alchemist 7 1' is not an order");
	/* CK17.1 as the page states it: a track by its colour */
	ok(ca_parse(&S, "improve green", 13, &a, &e) == 0 &&
	    (ca_format(&S, &a, out, sizeof out), strcmp(out,
	    "improve science") == 0), "CK17.1: 'improve green' is "
	    "'improve science'");
	/* CK17.2 as the page states it: no development card in C&K */
	is_int(RULES_EPARSE, ca_parse(&S, "play knight robber d3", 21, &a,
	    &e), "CK17.2: 'play knight' is not an order of C&K");
	return done_testing();
}
