/*
 * bench/endless.c -- the benchmark's game maker, not part of trigon:
 * play N random legal actions into an existing save file, never one
 * that would end the game, signing each with the acting seat's key,
 * all appended in one atomic write.
 *
 *   endless FILE N RNGSEED KEYFILE...
 *
 * KEYFILEs are unprotected secret keys, one per seat in seat order.
 * Each choice starts at a random legal action (from RNGSEED, so the
 * same call on the same file writes the same bytes) and tries it on a
 * copy of the game (rules.clone, rules.apply, rules.await): if the game
 * would be over after it, or whoever acts next could only end it within
 * LOOKAHEAD more actions, the next legal action is tried, and so on.
 * So the game cannot end whatever the design data -- unless at some
 * point every legal action ends it, which is reported (exit 1) with
 * the number of actions played.  It knows no game: only rules.h.
 * Prints the number of actions played.  bench/verify.bench.sh uses it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "keys.h"
#include "rand64.h"
#include "save.h"

/* Every legal action of the seat to act, one after another. */
struct list {
	char *text;		/* NUL-separated actions */
	size_t len, cap;
	size_t *off;		/* where each starts */
	size_t n, ncap;
	int oom;
};

static int
collect(void *ctx, const char *action)
{
	struct list *l = ctx;
	size_t k = strlen(action) + 1;

	if (l->n == l->ncap) {
		size_t c = l->ncap ? 2 * l->ncap : 256;
		size_t *o = realloc(l->off, c * sizeof *o);

		if (o == NULL)
			return l->oom = 1;
		l->off = o;
		l->ncap = c;
	}
	if (l->len + k > l->cap) {
		size_t c = l->cap ? 2 * l->cap : 16384;
		char *t;

		while (c < l->len + k)
			c *= 2;
		if ((t = realloc(l->text, c)) == NULL)
			return l->oom = 1;
		l->text = t;
		l->cap = c;
	}
	memcpy(l->text + l->len, action, k);
	l->off[l->n++] = l->len;
	l->len += k;
	return 0;
}

/* How many answers past the chosen action must still keep it going. */
#define LOOKAHEAD 2

static uint64_t rng_state;

static void
list_release(struct list *l)
{
	free(l->text);
	free(l->off);
}

/*
 * 1 when seat's action on game g keeps the game going for depth more
 * actions at least (some answer of whoever acts next keeps it going
 * for depth - 1, and so on), 0 when it ends it sooner, -1 on error.
 * Depth 0 asks only that the game is not over after the action; more
 * avoids an action that leaves the next player only endings (an
 * attack with the last knight, which every answer finishes).
 */
static int
keeps_going(const struct rules *r, const struct game *g0, int seat,
    const char *action, int depth)
{
	struct game *g = r->clone(g0);
	struct rules_error re;
	struct rules_await aw;
	struct list l = { 0 };
	int rc, go = 0;

	if (g == NULL)
		return -1;
	memset(&re, 0, sizeof re);
	rc = r->apply(g, seat, action, strlen(action), NULL, &re);
	if (rc != 0) {
		fprintf(stderr, "endless: listed action '%s' refused: %s\n",
		    action, re.msg);
		r->free(g);
		return -1;
	}
	r->await(g, &aw);
	if (aw.over || aw.seat < 0)
		go = 0;
	else if (depth == 0)
		go = 1;
	else {
		r->legal(g, aw.seat, collect, &l);
		if (l.oom)
			go = -1;
		for (size_t k = 0; k < l.n && go == 0; k++)
			go = keeps_going(r, g, aw.seat, l.text + l.off[k],
			    depth - 1);
		list_release(&l);
	}
	r->free(g);
	return go;
}

int
main(int argc, char **argv)
{
	unsigned char *sk[RULES_MAX_SEATS], pk[32];
	struct save s;
	struct save_buf out = { 0 };
	struct rules_await aw;
	struct list l = { 0 };
	struct err e;
	long n, played = 0;
	int fd, nkeys, last = -1, rc = 0;

	rules_register(rules_table);
	if (argc < 5 || argc - 4 > RULES_MAX_SEATS || sodium_init() < 0) {
		fprintf(stderr, "usage: endless FILE N RNGSEED KEYFILE...\n");
		return 2;
	}
	nkeys = argc - 4;
	n = atol(argv[2]);
	rng_state = strtoull(argv[3], NULL, 10);
	memset(&e, 0, sizeof e);
	for (int i = 0; i < nkeys; i++) {
		sk[i] = sodium_malloc(64);
		if (sk[i] == NULL || keys_load_secret(argv[4 + i], NULL, 0,
		    sk[i], pk, &e) != 0) {
			fprintf(stderr, "endless: %s\n", e.msg);
			return 3;
		}
	}
	save_init(&s, argv[1]);
	if (save_load(&s, argv[1], &fd, &e) != 0) {
		fprintf(stderr, "endless: %s:%d: %s\n", e.file, e.line, e.msg);
		return 3;
	}
	while (played < n && rc == 0) {
		const char *act = NULL;
		size_t first;

		s.rules->await(s.game, &aw);
		if (aw.over) {
			fprintf(stderr, "endless: the game is over\n");
			rc = 1;
			break;
		}
		if (aw.seat < 0 || aw.seat >= nkeys) {
			fprintf(stderr, "endless: no key for seat %d\n",
			    aw.seat);
			rc = 3;
			break;
		}
		l.n = l.len = 0;
		s.rules->legal(s.game, aw.seat, collect, &l);
		if (l.oom) {
			fprintf(stderr, "endless: out of memory\n");
			rc = 3;
			break;
		}
		if (l.n == 0) {
			fprintf(stderr, "endless: seat %d has no legal action\n",
			    aw.seat);
			rc = 1;
			break;
		}
		first = (size_t)(splitmix64(&rng_state) % l.n);
		for (size_t k = 0; k < l.n && act == NULL && rc == 0; k++) {
			const char *a = l.text + l.off[(first + k) % l.n];
			int go = keeps_going(s.rules, s.game, aw.seat, a,
			    LOOKAHEAD);

			if (go < 0)
				rc = 1;
			else if (go)
				act = a;
		}
		if (rc != 0)
			break;
		if (act == NULL) {
			fprintf(stderr, "endless: after %ld actions every one "
			    "of the %zu legal actions of seat %d ends the game\n",
			    played, l.n, aw.seat);
			rc = 1;
			break;
		}
		if (save_play(&s, act, strlen(act), sk[aw.seat], &out,
		    &e) != 0) {
			fprintf(stderr, "endless: '%s' by seat %d: %s\n", act,
			    aw.seat, e.msg);
			rc = 1;
			break;
		}
		last = aw.seat;
		played++;
	}
	if (last >= 0 && (save_seal(&s, sk[last], &out, &e) != 0 ||
	    save_write_append(&s, fd, argv[1], &out, &e) != 0)) {
		fprintf(stderr, "endless: %s\n", e.msg);
		rc = 3;
	}
	printf("%ld\n", played);
	close(fd);
	save_release(&s);
	save_buf_release(&out);
	list_release(&l);
	for (int i = 0; i < nkeys; i++)
		sodium_free(sk[i]);
	return rc;
}
