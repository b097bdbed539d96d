/*
 * t/unit/trigon/chance-redo.c -- the redo model on Rule of Trigon over
 * whole recorded games: the five save files of the last release
 * (t/fixtures/release/) and examples/game.trigon.
 *
 * Each file is read once through the save layer with a source that
 * answers at once, counting the N chance requests (creation's shuffles
 * and first turn-order roll included) and keeping the final public JSON,
 * every seat's hand and the rules' notes.  Then, for every k in 1..N,
 * the game is replayed through rules->create/apply with a source that
 * answers RULES_PENDING at the k-th request (once): the call that got
 * it must return RULES_PENDING at once and leave the game as it was
 * (JSON and every hand unchanged), the same line applied again must
 * open the same event, and the end must equal answering at once.  For
 * some k per file the replay goes through the save layer (signatures,
 * notes, one redo) as verify does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "../chance-mock.h"
#include "save.h"

#define MAXACT 4000

struct rec {
	int n;
	int seat[MAXACT];
	char *text[MAXACT];
};

static int
on_event(void *ctx, const struct save *s, const struct save_event *ev)
{
	struct rec *r = ctx;

	(void)s;
	if (ev->kind != SAVE_EV_ACTION)
		return 0;
	if (r->n == MAXACT)
		return 1;
	r->seat[r->n] = ev->seat;
	r->text[r->n] = strndup(ev->text, ev->len);
	r->n++;
	return 0;
}

/* The public JSON and every seat's hand, as one string (malloc'ed). */
static char *
view(const struct rules *ru, const struct game *g, int nseats)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f == NULL)
		bail("open_memstream");
	ru->describe(g, RULES_VIEW_JSON, -1, 0, f);
	for (int s = 0; s < nseats; s++)
		ru->describe(g, RULES_VIEW_HAND, s, 0, f);
	fclose(f);
	return text;
}

struct result {
	char *view;
	char *notes;
	int pendings, untouched_bad, failed;
	long create_requests;	/* requests made by creation */
};

static void
note_add(FILE *f, const struct rules_note *n)
{
	fwrite(n->text, 1, n->len, f);
	fputc('|', f);
}

/*
 * Replay through rules->create/apply with source m, redoing what comes
 * back RULES_PENDING as the save layer does.
 */
static void
replay(const struct save *s, const struct rec *r, struct mock_chance *m,
    struct result *out)
{
	const struct rules *ru = s->rules;
	struct rules_setup su;
	const char *opts[SAVE_OPTIONS_MAX];
	struct rules_error err;
	static struct rules_note note;
	struct game *g = NULL;
	size_t nlen = 0;
	FILE *nf = open_memstream(&out->notes, &nlen);
	int rc;

	memset(out, 0, sizeof *out);
	memset(&su, 0, sizeof su);
	su.nseats = s->hdr.nplayers;
	for (int i = 0; i < su.nseats; i++)
		su.seat[i] = s->hdr.player[i].seat;
	for (size_t i = 0; i < s->hdr.noptions; i++)
		opts[i] = s->hdr.option[i];
	su.options = opts;
	su.noptions = s->hdr.noptions;
	su.blobs = s->hdr.blob;
	su.nblobs = s->hdr.nblobs;
	su.chance = &m->chance;
	su.salt = chance_seed_salt(s->hdr.seed);
	for (;;) {
		memset(&err, 0, sizeof err);
		rc = ru->create(&g, &su, &err);
		if (rc != RULES_PENDING)
			break;
		out->pendings++;
		out->untouched_bad += g != NULL;
		if (mock_settle(m, &err) != 0)
			break;
	}
	if (rc != 0) {
		out->failed = 1;
		fclose(nf);
		return;
	}
	out->create_requests = m->requests;
	if (ru->start_note != NULL) {
		ru->start_note(g, &note);
		note_add(nf, &note);
	}
	for (int i = 0; i < r->n && !out->failed; i++) {
		for (;;) {
			long before = m->requests;
			struct game *c = m->pend_at > before && !m->pended ?
			    ru->clone(g) : NULL;

			memset(&err, 0, sizeof err);
			rc = ru->apply(g, r->seat[i], r->text[i],
			    strlen(r->text[i]), &note, &err);
			if (rc == RULES_PENDING) {
				char *a, *b;

				out->pendings++;
				if (c == NULL)
					bail("pending without a clone");
				a = view(ru, g, su.nseats);
				b = view(ru, c, su.nseats);
				out->untouched_bad += strcmp(a, b) != 0 ||
				    strstr(err.msg, "awaiting") == NULL;
				free(a);
				free(b);
			}
			if (c != NULL)
				ru->free(c);
			if (rc != RULES_PENDING)
				break;
			if (mock_settle(m, &err) != 0)
				break;
		}
		if (rc != 0) {
			diag("action %d '%s': %s", i + 1, r->text[i], err.msg);
			out->failed = 1;
		} else
			note_add(nf, &note);
	}
	fclose(nf);
	out->view = view(ru, g, su.nseats);
	ru->free(g);
}

static void
result_release(struct result *r)
{
	free(r->view);
	free(r->notes);
}

static void
one_file(const char *name)
{
	struct save s;
	struct rec r;
	struct err e = { 0 };
	struct mock_chance m;
	struct result base, res;
	char *base_view;
	long n;
	int bad = 0, bad_same = 0, bad_save = 0, nsave = 0;

	memset(&r, 0, sizeof r);
	save_init(&s, name);
	s.cb = on_event;
	s.cbctx = &r;
	/* The mock is keyed with the file's seed once the header is read:
	 * read once with the default source to learn it. */
	if (save_load(&s, test_file(name), NULL, &e) != 0)
		bail("%s: %s", name, e.msg);
	mock_init(&m, s.hdr.seed, 0);
	base_view = view(s.rules, s.game, s.hdr.nplayers);

	/* Answering at once, through rules->apply: the baseline. */
	replay(&s, &r, &m, &base);
	n = m.requests;
	ok(!base.failed && base.pendings == 0 && strcmp(base.view,
	    base_view) == 0, "%s: %d actions replayed through rules->apply "
	    "with the source answering at once equal the save layer's game "
	    "(%ld chance requests)", name, r.n, n);
	ok(!m.bad_label, "%s: every request carries a label", name);

	for (long k = 1; k <= n; k++) {
		mock_init(&m, s.hdr.seed, k);
		replay(&s, &r, &m, &res);
		if (res.failed || res.pendings != 1 || res.untouched_bad ||
		    strcmp(res.view, base.view) != 0 ||
		    strcmp(res.notes, base.notes) != 0) {
			if (bad++ < 5)
				diag("%s: pending at request %ld (%s): failed "
				    "%d pendings %d untouched_bad %d requests "
				    "%ld view %s notes %s", name, k,
				    m.pend_label, res.failed, res.pendings,
				    res.untouched_bad, m.requests,
				    strcmp(res.view, base.view) ? "differs" :
				    "same", strcmp(res.notes, base.notes) ?
				    "differ" : "same");
		}
		bad_same += m.redo_same != 1;
		result_release(&res);
	}
	is_int(0, bad, "%s: RULES_PENDING at the k-th request, for each of "
	    "the %ld k: passed up at once, the game untouched, and after the "
	    "redo the same notes, JSON and hands", name, n);
	is_int(0, bad_same, "%s: each redo opens the same event (number, "
	    "label, quorum) that was pending", name);

	/* Through the save layer (signatures, annotations), as verify. */
	for (long k = 1; k <= n; k += n / 3 + 1) {
		struct save s2;
		char *v;

		nsave++;
		mock_init(&m, s.hdr.seed, k);
		save_init(&s2, name);
		s2.chance = &m.chance;
		if (save_load(&s2, test_file(name), NULL, &e) != 0) {
			bad_save++;
			diag("%s: save layer, pending at %ld: %s", name, k,
			    e.msg);
		} else {
			v = view(s2.rules, s2.game, s2.hdr.nplayers);
			bad_save += s2.redos != 1 || strcmp(v, base_view) != 0;
			free(v);
		}
		save_release(&s2);
	}
	is_int(0, bad_save, "%s: read by the save layer with RULES_PENDING "
	    "at %d values of k: it verifies, one redo, the same game", name,
	    nsave);

	/* A source that keeps the answer: the file does not verify. */
	{
		struct save s2;

		/* The first event after creation, if any. */
		mock_init(&m, s.hdr.seed, base.create_requests < n ?
		    base.create_requests + 1 : n);
		m.stuck = 1;
		save_init(&s2, name);
		s2.chance = &m.chance;
		ok(save_load(&s2, test_file(name), NULL, &e) == ERR_REFUSED &&
		    strstr(e.msg, ": still awaiting ") != NULL,
		    "%s: an answer that never comes refuses the line: %s",
		    name, e.msg);
		save_release(&s2);
	}

	result_release(&base);
	free(base_view);
	for (int i = 0; i < r.n; i++)
		free(r.text[i]);
	save_release(&s);
}

int
main(void)
{
	static const char *const files[] = {
		"fixtures/release/two-full.trigon",
		"fixtures/release/four-full.trigon",
		"fixtures/release/three-resign.trigon",
		"fixtures/release/two-mid.trigon",
		"fixtures/release/custom.trigon",
		"../examples/game.trigon",
	};

	rules_register(rules_table);
	if (sodium_init() < 0)
		bail("sodium_init");
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		one_file(files[i]);
	return done_testing();
}
