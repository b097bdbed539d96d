/*
 * t/helpers/play.c -- a test and benchmark helper, not part of trigon:
 * play N random legal actions into an existing save file, signing each
 * with the acting seat's key, all appended in one atomic write.
 *
 *   play FILE N RNGSEED [-x PREFIX] [-p PREFIX]... KEYFILE...
 *
 * -x PREFIX: never choose an action starting with PREFIX (e.g.
 * "resign") unless nothing else is legal.
 * -p PREFIX: prefer the actions starting with PREFIX: when one is legal,
 * choose among them only (the first -p with a legal action wins; a
 * "builder" that ends whole games in fewer turns, for the end-to-end
 * tests of long games, t/0717 and t/0718).
 * KEYFILEs are unprotected secret keys, one per seat in seat order.
 * The choice among the legal actions comes from RNGSEED (a number), so
 * the same call on the same file writes the same bytes.  Stops early
 * when the game is over.  Prints the number of actions played.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "keys.h"
#include "rand64.h"
#include "save.h"

#define MAX_LEGAL 100000

static const char *avoid;
static const char *prefer[8];
static int nprefer;

struct pick {
	unsigned long long n, want;
	char chosen[RULES_ACTION_MAX + 1];
	int counting, avoiding;
	const char *only;	/* count only actions starting with it */
};

static int
count_cb(void *ctx, const char *action)
{
	struct pick *p = ctx;

	if (p->avoiding && strncmp(action, avoid, strlen(avoid)) == 0)
		return 0;
	if (p->only != NULL && strncmp(action, p->only, strlen(p->only)) != 0)
		return 0;
	if (!p->counting && p->n == p->want) {
		snprintf(p->chosen, sizeof p->chosen, "%s", action);
		return 1;
	}
	p->n++;
	return 0;
}

static uint64_t rng_state;

static unsigned long long
rng_next(void)
{
	return splitmix64(&rng_state);
}

int
main(int argc, char **argv)
{
	unsigned char *sk[RULES_MAX_SEATS], pk[32];
	struct save s;
	struct buf out = { 0 };
	struct rules_await aw;
	struct err e;
	long n, played = 0;
	int fd, nkeys, last = -1, k0 = 4;

	rules_register(rules_table);
	if (argc < 6 || sodium_init() < 0) {
		fprintf(stderr, "usage: play FILE N RNGSEED [-x PREFIX] [-p PREFIX]... KEYFILE...\n");
		return 2;
	}
	for (;;) {
		if (k0 + 1 < argc && strcmp(argv[k0], "-x") == 0)
			avoid = argv[k0 + 1];
		else if (k0 + 1 < argc && strcmp(argv[k0], "-p") == 0 &&
		    nprefer < 8)
			prefer[nprefer++] = argv[k0 + 1];
		else
			break;
		k0 += 2;
	}
	nkeys = argc - k0;
	n = atol(argv[2]);
	rng_state = strtoull(argv[3], NULL, 10);
	memset(&e, 0, sizeof e);
	for (int i = 0; i < nkeys; i++) {
		sk[i] = sodium_malloc(64);
		if (keys_load_secret(argv[k0 + i], NULL, 0, sk[i], pk, &e) != 0) {
			fprintf(stderr, "play: %s\n", e.msg);
			return 3;
		}
	}
	save_init(&s, argv[1]);
	if (save_load(&s, argv[1], &fd, &e) != 0) {
		fprintf(stderr, "play: %s:%d: %s\n", e.file, e.line, e.msg);
		return 3;
	}
	while (played < n) {
		struct pick p = { 0, 0, "", 1, avoid != NULL, NULL };

		s.rules->await(s.game, &aw);
		if (aw.over)
			break;
		if (aw.seat >= nkeys) {
			fprintf(stderr, "play: no key for seat %d\n", aw.seat);
			return 3;
		}
		for (int i = 0; i < nprefer && p.n == 0; i++) {
			p.only = prefer[i];
			s.rules->legal(s.game, aw.seat, count_cb, &p);
		}
		if (p.n == 0) {
			p.only = NULL;
			s.rules->legal(s.game, aw.seat, count_cb, &p);
		}
		if (p.n == 0 && p.avoiding) {
			p.avoiding = 0;
			s.rules->legal(s.game, aw.seat, count_cb, &p);
		}
		if (p.n == 0) {
			fprintf(stderr, "play: seat %d has no legal action\n",
			    aw.seat);
			return 1;
		}
		p.want = rng_next() % p.n;
		p.n = 0;
		p.counting = 0;
		s.rules->legal(s.game, aw.seat, count_cb, &p);
		if (save_play(&s, p.chosen, strlen(p.chosen), sk[aw.seat], &out,
		    &e) != 0) {
			fprintf(stderr, "play: '%s' by seat %d: %s\n", p.chosen,
			    aw.seat, e.msg);
			return 1;
		}
		last = aw.seat;
		played++;
	}
	if (last >= 0 && (save_seal(&s, sk[last], &out, &e) != 0 ||
	    save_write_append(&s, fd, argv[1], &out, &e) != 0)) {
		fprintf(stderr, "play: %s\n", e.msg);
		return 3;
	}
	printf("%ld\n", played);
	close(fd);
	save_release(&s);
	buf_release(&out);
	for (int i = 0; i < nkeys; i++)
		sodium_free(sk[i]);
	return 0;
}
