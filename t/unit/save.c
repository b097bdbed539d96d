/*
 * t/unit/save.c -- the save-file layer against a tiny mock rule set, so
 * that it is tested game-neutrally (lib/save.c must work with any
 * struct rules): a counting game where each player in turn adds 1-3 to
 * a total, may roll a die (an annotated event asked of the source of
 * chance), and passes; the first to bring the total to 30 or more
 * wins.  Creation draws a head start for the total (an event too).
 *
 * The last part runs the redo model (rules.h, "Chance"): a source that
 * answers RULES_PENDING at the k-th request, for every k over a whole
 * game, read and written through the save layer, gives the game that
 * answering at once gives.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../tap.h"
#include "chance-mock.h"
#include "save.h"

/* ---- the mock rule set ---------------------------------------------- */

struct game {
	int nseats, turn, total, winner;
	const struct rules_chance *chance;
	uint32_t events;	/* chance events opened: the core's count */
};

/* One die from the source; RULES_PENDING etc. passed up at once. */
static int
count_die(struct game *g, const char *label, unsigned quorum, int *die,
    struct rules_error *err)
{
	struct rules_chance_req req = { label, quorum, 1 };
	struct chance_stream cs;
	int rc;

	if ((rc = chance_event(g->chance, &g->events, &req, &cs, err)) != 0)
		return rc;
	*die = chance_die(&cs);
	return 0;
}

static const char *const count_seats[] = { "red", "blue", "gold", NULL };
static const char *const count_blobs[] = { "board", NULL };

static int
count_create(struct game **out, const struct rules_setup *su,
    struct rules_error *err)
{
	struct game *g = calloc(1, sizeof *g);
	int rc;

	if (g == NULL)
		return RULES_ENOMEM;
	g->nseats = su->nseats;
	g->winner = -1;
	g->chance = su->chance;
	for (size_t i = 0; i < su->nblobs; i++)
		if (su->blobs[i].len > 0 && su->blobs[i].text[0] == '!') {
			snprintf(err->msg, sizeof err->msg, "bad board");
			err->data = "board";
			err->line = 1;
			free(g);
			return RULES_EDATA;
		}
	if ((rc = count_die(g, "head start", 0, &g->total, err)) != 0) {
		free(g);
		return rc;
	}
	*out = g;
	return 0;
}

static struct game *
count_clone(const struct game *g)
{
	struct game *c = malloc(sizeof *c);

	if (c != NULL)
		*c = *g;
	return c;
}

static void
count_free(struct game *g)
{
	free(g);
}

static int
count_apply(struct game *g, int seat, const char *a, size_t len,
    struct rules_note *note, struct rules_error *err)
{
	int n;

	if (note != NULL)
		note->len = 0;
	if (g->winner >= 0 || seat != g->turn) {
		err->code = RULES_ESEAT;
		snprintf(err->msg, sizeof err->msg, "not your turn");
		return RULES_ESEAT;
	}
	if (len == 5 && a[0] == 'a' && sscanf(a, "add %d", &n) == 1 &&
	    n >= 1 && n <= 3) {
		g->total += n;
		if (g->total >= 30)
			g->winner = seat;
		return 0;
	}
	if (strcmp(a, "roll") == 0) {
		int rc = count_die(g, "roll", 1u << seat, &n, err);

		if (rc != 0)
			return rc;	/* nothing changed yet */
		g->total += n;
		if (note != NULL)
			note->len = (size_t)snprintf(note->text,
			    sizeof note->text, "%s rolls %d\ntotal %d",
			    count_seats[seat], n, g->total);
		if (g->total >= 30)
			g->winner = seat;
		return 0;
	}
	if (strcmp(a, "pass") == 0) {
		g->turn = (g->turn + 1) % g->nseats;
		return 0;
	}
	err->code = RULES_EPARSE;
	snprintf(err->msg, sizeof err->msg, "unknown action '%s'", a);
	snprintf(err->hint, sizeof err->hint, "did you mean 'pass'?");
	return RULES_EPARSE;
}

static void
count_await(const struct game *g, struct rules_await *aw)
{
	memset(aw, 0, sizeof *aw);
	aw->over = g->winner >= 0;
	aw->seat = aw->over ? -1 : g->turn;
	aw->winner = g->winner;
	if (!aw->over)
		snprintf(aw->text, sizeof aw->text, "%s must act",
		    count_seats[g->turn]);
}

static int
count_legal(const struct game *g, int seat, rules_emit_fn emit, void *ctx)
{
	static const char *const acts[] = { "add 1", "add 2", "add 3", "roll",
	    "pass" };

	if (g->winner >= 0 || seat != g->turn)
		return 0;
	for (size_t i = 0; i < 5; i++)
		if (emit(ctx, acts[i]))
			break;
	return 0;
}

static int
count_describe(const struct game *g, enum rules_view v, int viewer,
    unsigned flags, FILE *out)
{
	fprintf(out, "total %d\n", g->total);
	return 0;
}

static int
count_points(const struct game *g, int seat)
{
	return g->winner == seat;
}

static void
count_start_note(const struct game *g, struct rules_note *note)
{
	note->len = (size_t)snprintf(note->text, sizeof note->text,
	    "%d seats\nred starts", g->nseats);
}

static const struct rules count_rules = {
	.name = "count", .title = "Counting", .min_seats = 2, .max_seats = 3,
	.seat_names = count_seats, .blob_names = count_blobs,
	.create = count_create, .clone = count_clone, .free = count_free,
	.apply = count_apply, .await = count_await, .legal = count_legal,
	.describe = count_describe, .points = count_points,
	.start_note = count_start_note,
};

/* The save layer looks rule sets up by name in s->table. */
static const struct rules *const mock_table[] = { &count_rules, NULL };
/*
 * This program is linked with the core alone (lib/libcore.a, no game):
 * it hands the core its own table (rules_register in main).  That it
 * links at all proves that the core needs no game (t/0005-boundary.t
 * checks the rest).
 */
const struct rules *const rules_table[] = { &count_rules, NULL };

/* ---- helpers ---------------------------------------------------------- */

static unsigned char sk[3][64], pk[3][32];

static void
make_header(struct save_header *h, int n)
{
	memset(h, 0, sizeof *h);
	snprintf(h->rules, sizeof h->rules, "count");
	memset(h->seed, 0x42, sizeof h->seed);
	snprintf(h->created, sizeof h->created, "2026-11-22T12:00:00Z");
	h->nplayers = n;
	for (int i = 0; i < n; i++) {
		snprintf(h->player[i].seat, sizeof h->player[i].seat, "%s",
		    count_seats[i]);
		snprintf(h->player[i].name, sizeof h->player[i].name,
		    "Player %d", i + 1);
		if (i == 0)
			snprintf(h->player[i].email,
			    sizeof h->player[i].email, "p1@example.org");
		memcpy(h->player[i].pk, pk[i], 32);
	}
}

/* Build a game text: header, then moves (NULL-ended) by their seats. */
static int
build(struct buf *out, const char *const *moves, struct err *e)
{
	struct save s;
	struct save_header h;
	struct rules_await aw;
	int rc, last = -1;

	save_init(&s, "mem");
	s.table = mock_table;
	make_header(&h, 2);
	rc = save_start(&s, &h, out, e);
	for (size_t i = 0; rc == 0 && moves[i] != NULL; i++) {
		count_rules.await(s.game, &aw);
		last = aw.seat;
		rc = save_play(&s, moves[i], strlen(moves[i]), sk[aw.seat],
		    out, e);
	}
	if (rc == 0 && last >= 0)
		rc = save_seal(&s, sk[last], out, e);
	save_release(&s);
	return rc;
}

static int
check(const char *text, size_t len, struct err *e)
{
	struct save s;
	int rc;

	save_init(&s, "mem");
	s.table = mock_table;
	err_clear(e);
	rc = save_read_buf(&s, text, len, e);
	save_release(&s);
	return rc;
}

/* Replace the first occurrence of from by to in a copy of text. */
static char *
subst(const char *text, const char *from, const char *to)
{
	const char *p = strstr(text, from);
	size_t n = strlen(text) - strlen(from) + strlen(to);
	char *r;

	if (p == NULL)
		return NULL;
	r = malloc(n + 1);
	memcpy(r, text, (size_t)(p - text));
	strcpy(r + (p - text), to);
	strcat(r, p + strlen(from));
	return r;
}

/* Line number (1-based) of the first line starting with prefix. */
static int
line_of(const char *text, const char *prefix)
{
	int n = 1;

	for (const char *p = text; *p; ) {
		if (strncmp(p, prefix, strlen(prefix)) == 0)
			return n;
		p = strchr(p, '\n');
		if (p == NULL)
			break;
		p++;
		n++;
	}
	return 0;
}

static int
count_lines(const char *text)
{
	int n = 0;

	for (const char *p = text; *p; p++)
		n += *p == '\n';
	return n;
}

/* ---- the redo model -------------------------------------------------- */

/*
 * A whole game, roll and pass in turn until someone reaches 30, written
 * through the save layer with source m; its final view in view[].
 */
static int
play_rolls(struct buf *out, struct mock_chance *m, char *view,
    size_t vn, struct err *e)
{
	struct save s;
	struct save_header h;
	struct rules_await aw;
	int rc, last = -1, moves = 0;

	save_init(&s, "mem");
	s.table = mock_table;
	s.chance = &m->chance;
	make_header(&h, 2);
	rc = save_start(&s, &h, out, e);
	while (rc == 0 && moves < 200) {
		const char *a = moves % 2 == 0 ? "roll" : "pass";

		count_rules.await(s.game, &aw);
		if (aw.over)
			break;
		last = aw.seat;
		rc = save_play(&s, a, strlen(a), sk[aw.seat], out, e);
		moves++;
	}
	if (rc == 0)
		rc = save_seal(&s, sk[last], out, e);
	if (rc == 0)
		snprintf(view, vn, "total %d winner %d turn %d moves %d redos "
		    "%lu", s.game->total, s.game->winner, s.game->turn, moves,
		    s.redos);
	save_release(&s);
	return rc;
}

/* Read text with source m; its final view in view[]. */
static int
read_with(const char *text, size_t len, struct mock_chance *m, char *view,
    size_t vn, struct err *e)
{
	struct save s;
	int rc;

	save_init(&s, "mem");
	s.table = mock_table;
	s.chance = &m->chance;
	err_clear(e);
	rc = save_read_buf(&s, text, len, e);
	if (rc == 0)
		snprintf(view, vn, "total %d winner %d turn %d actions %llu "
		    "redos %lu", s.game->total, s.game->winner, s.game->turn,
		    (unsigned long long)s.nactions, s.redos);
	save_release(&s);
	return rc;
}

static void
redo_tests(void)
{
	static const unsigned char seed[RULES_SEED_BYTES] = {
		0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
		0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
		0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
		0x42, 0x42 };
	struct mock_chance m;
	struct buf b0 = { 0 };
	struct err e = { 0 };
	char v0[128], rv0[128];
	long n;
	int bad_read = 0, bad_write = 0, bad_same = 0;

	/* Answering at once: the baseline. */
	mock_init(&m, seed, 0);
	is_int(0, play_rolls(&b0, &m, v0, sizeof v0, &e), "redo: a game of "
	    "rolls until 30 is written (%s)", e.msg);
	n = m.requests;
	ok(n >= 6, "redo: its creation and rolls asked %ld events", n);
	is_string("head start", m.first_label, "redo: creation's event is "
	    "labelled in the game's words");
	ok(!m.bad_label, "redo: every request carries a label");
	mock_init(&m, seed, 0);
	is_int(0, read_with(b0.p, b0.len, &m, rv0, sizeof rv0, &e),
	    "redo: it verifies (%s)", e.msg);
	is_int(n, m.requests, "redo: reading asks the same %ld events", n);

	/* Pending at the k-th request, for every k. */
	for (long k = 1; k <= n; k++) {
		struct buf b = { 0 };
		char v[128], want[128];

		mock_init(&m, seed, k);
		if (read_with(b0.p, b0.len, &m, v, sizeof v, &e) != 0 ||
		    !m.pended || m.requests != n + 1) {
			bad_read++;
			diag("read, pending at %ld: %s (%ld requests)", k,
			    e.msg, m.requests);
		} else {
			/* The same state, and the one redo. */
			snprintf(want, sizeof want, "%.*s redos 1",
			    (int)(strstr(rv0, " redos") - rv0), rv0);
			if (strcmp(v, want) != 0) {
				bad_read++;
				diag("read, pending at %ld: '%s', not '%s'", k,
				    v, want);
			}
		}
		bad_same += m.redo_same != 1;
		mock_init(&m, seed, k);
		if (play_rolls(&b, &m, v, sizeof v, &e) != 0 ||
		    b.len != b0.len || memcmp(b.p, b0.p, b.len) != 0) {
			bad_write++;
			diag("write, pending at %ld: %s", k, e.msg);
		}
		bad_same += m.redo_same != 1;
		buf_release(&b);
	}
	is_int(0, bad_read, "redo: pending at the k-th request, for each of "
	    "the %ld k, reads to the same state after one redo", n);
	is_int(0, bad_write, "redo: pending at the k-th request, for each k, "
	    "writes the same bytes");
	is_int(0, bad_same, "redo: the line redone asks the same event "
	    "(number, label, quorum) that was pending");

	/* An answer that never comes: the line is not accepted. */
	mock_init(&m, seed, 1);
	m.stuck = 1;
	ok(read_with(b0.p, b0.len, &m, rv0, sizeof rv0, &e) == ERR_REFUSED &&
	    strcmp(e.msg, "the rules refuse this game: still awaiting head "
	    "start") == 0 && e.line == line_of(b0.p,
	    "start"), "redo: creation awaiting forever fails at 'start': %s",
	    e.msg);
	mock_init(&m, seed, 2);
	m.stuck = 1;
	ok(read_with(b0.p, b0.len, &m, rv0, sizeof rv0, &e) == ERR_REFUSED &&
	    strcmp(e.msg, "illegal move by red: still awaiting roll") == 0 &&
	    e.line == line_of(b0.p, "1 red roll"), "redo: a roll awaiting "
	    "forever refuses its line: %s", e.msg);

	/* The game passes RULES_PENDING up at once and stays untouched. */
	{
		struct rules_setup su;
		struct rules_error re;
		struct game *g = NULL, *c;
		struct rules_note note;
		int rc;

		memset(&su, 0, sizeof su);
		su.nseats = 2;
		su.seat[0] = "red";
		su.seat[1] = "blue";
		mock_init(&m, seed, 1);
		su.chance = &m.chance;
		memset(&re, 0, sizeof re);
		rc = count_rules.create(&g, &su, &re);
		ok(rc == RULES_PENDING && g == NULL, "redo: create answers "
		    "RULES_PENDING and makes no game: %s", re.msg);
		rc = count_rules.create(&g, &su, &re);
		ok(rc == 0 && g != NULL && g->events == 1, "redo: asked again, "
		    "create makes the game with the event counted once");
		m.pend_at = m.requests + 1;
		m.pended = 0;
		m.redo_same = -1;
		c = count_rules.clone(g);
		rc = count_rules.apply(g, 0, "roll", 4, &note, &re);
		ok(rc == RULES_PENDING && memcmp(g, c, sizeof *g) == 0,
		    "redo: a roll answered RULES_PENDING leaves the game "
		    "untouched");
		rc = count_rules.apply(g, 0, "roll", 4, &note, &re);
		ok(rc == 0 && g->events == 2 && g->total > c->total,
		    "redo: the same roll applied again draws the pending "
		    "event");
		su.chance = NULL;
		memset(&re, 0, sizeof re);
		count_rules.free(c);
		count_rules.free(g);
		g = NULL;
		rc = count_rules.create(&g, &su, &re);
		ok(rc == RULES_EDATA && g == NULL && strstr(re.msg,
		    "no source of chance for 'head start'") != NULL,
		    "redo: without a source nothing may be drawn: %s", re.msg);
	}
	buf_release(&b0);
}

int
main(void)
{
	static const char *const moves[] = { "add 2", "roll", "pass", "add 3",
	    "pass", "roll", NULL };
	struct buf b = { 0 }, b2 = { 0 };
	struct err e = { 0 };
	char *t;
	int rc, n;

	rules_register(rules_table);
	if (sodium_init() < 0)
		bail("sodium_init");
	for (int i = 0; i < 3; i++) {
		unsigned char seed[32];

		memset(seed, i + 1, sizeof seed);
		crypto_sign_seed_keypair(pk[i], sk[i], seed);
	}

	/* Writing a game and reading it back. */
	rc = build(&b, moves, &e);
	is_int(0, rc, "a game of %d moves is written (%s)", 6, e.msg);
	ok(strncmp(b.p, "trigon-save 1\nrules count\ngame ", 31) == 0,
	    "the file starts with the format line, rules and game id");
	ok(strstr(b.p, "\nplayer red Player 1 <p1@example.org> "
	    "trigon-ed25519:") != NULL, "players carry name, e-mail and key");
	ok(strstr(b.p, "\n2 red roll | ") != NULL, "action lines read "
	    "'SEQ SEAT ACTION | CHAIN SIG'");
	ok(strstr(b.p, "\n#= red rolls ") != NULL, "annotations follow "
	    "their action");
	ok(strstr(b.p, "\nstart\n#= 2 seats\n#= red starts\n1 red ") != NULL,
	    "the rules' account of the set-up follows the header");
	is_int(0, check(b.p, b.len, &e), "the file verifies (%s)", e.msg);
	ok(strncmp(strrchr(b.p, '\n') - 90, "end 6 ", 6) == 0 ||
	    strstr(b.p, "\nend 6 ") != NULL, "the last line is the end line");

	/* Deterministic: the same game gives the same bytes. */
	rc = build(&b2, moves, &e);
	ok(rc == 0 && b2.len == b.len && memcmp(b.p, b2.p, b.len) == 0,
	    "signing is deterministic: identical files");
	buf_release(&b2);

	/* Tampering, each caught on the right line. */
#define TAMPER(from, to, code, atprefix, what) do { \
	t = subst(b.p, from, to); \
	rc = t ? check(t, strlen(t), &e) : 99; \
	n = t ? line_of(t, atprefix) : -1; \
	ok(rc == (code) && e.line == n, "%s: rc %d line %d: %s", what, rc, \
	    e.line, e.msg); \
	free(t); \
} while (0)
	TAMPER("add 3", "add 1", ERR_REFUSED, "4 blue add 1",
	    "a changed action fails its signature");
	TAMPER("\n3 red pass", "\n4 red pass", ERR_REFUSED, "4 red pass",
	    "a changed sequence number");
	TAMPER("#= total", "#= totol", ERR_REFUSED, "#= totol",
	    "a false annotation");
	TAMPER("\n4 blue", "\n4 red", ERR_REFUSED, "4 red",
	    "a line claimed by the wrong color");
	TAMPER("add 2", "add 2 ", ERR_DAMAGED, "1 red",
	    "trailing white space inside the signed part is malformed");
	TAMPER("\n5 blue pass", "\n5 blue pass\r", ERR_DAMAGED, "5 blue",
	    "a carriage return");
	TAMPER("Player 2", "Player\xc3\x28", ERR_DAMAGED, "player blue",
	    "invalid UTF-8");
	TAMPER("Player 2", "Pl\xd0\xb0yer 2", ERR_REFUSED, "1 red",
	    "a look-alike letter in the header breaks the chain at the "
	    "first move");
	TAMPER("trigon-save 1", "\xef\xbb\xbftrigon-save 1", ERR_DAMAGED,
	    "\xef\xbb\xbf", "a byte-order mark");
	TAMPER("seed 4242", "seed 4243", ERR_REFUSED, "seed",
	    "a changed seed no longer matches the game id");
	TAMPER("\nend 6 ", "\n# hi\nend 6 ", ERR_REFUSED, "end 6",
	    "a comment inserted before the end line breaks its signature");
	TAMPER("#= red starts\n", "", ERR_REFUSED, "1 red",
	    "a missing set-up annotation");
	TAMPER("#= 2 seats", "#= 3 seats", ERR_REFUSED, "#= 3 seats",
	    "a false set-up annotation");

	/* A missing annotation: delete one #= line. */
	{
		const char *p = strstr(b.p, "\n#= total");
		const char *q = strchr(p + 1, '\n');

		t = malloc(b.len);
		memcpy(t, b.p, (size_t)(p - b.p));
		strcpy(t + (p - b.p), q);
		rc = check(t, strlen(t), &e);
		ok(rc == ERR_REFUSED && strstr(e.msg, "missing annotation") &&
		    e.line == line_of(t, "3 red pass"),
		    "a deleted annotation is missed on the next line: %s",
		    e.msg);
		free(t);
	}

	/* Truncation after any complete line fails (no end line); in the
	 * middle of a line fails (no newline). */
	n = count_lines(b.p);
	{
		int bad = 0;
		const char *p = b.p;

		for (int k = 1; k < n; k++) {
			p = strchr(p, '\n') + 1;
			rc = check(b.p, (size_t)(p - b.p), &e);
			/* Cut after the header and its set-up account: a
			 * valid new game. */
			if (k == line_of(b.p, "1 red") - 1)
				bad += rc != 0;
			else
				bad += rc == 0 || e.line != k + 1;
			rc = check(b.p, (size_t)(p - b.p) - 1, &e);
			bad += rc == 0 || e.line != k;
		}
		is_int(0, bad, "every truncation fails on the right line");
	}

	/* Garbage after the end line. */
	t = malloc(b.len + 16);
	memcpy(t, b.p, b.len);
	memcpy(t + b.len, "garbage\n", 9);
	rc = check(t, b.len + 8, &e);
	ok(rc == ERR_DAMAGED && e.line == n + 1,
	    "garbage after the end line: %s", e.msg);
	free(t);

	/* Bit flips in every byte of one action line. */
	{
		int l = line_of(b.p, "4 blue");
		char *p = strstr(b.p, "\n4 blue") + 1;
		size_t ll = (size_t)(strchr(p, '\n') - p) + 1, bad = 0;

		for (size_t i = 0; i < ll; i++)
			for (int bit = 0; bit < 8; bit++) {
				p[i] ^= (char)(1 << bit);
				rc = check(b.p, b.len, &e);
				if (rc == 0 || e.line != l) {
					bad++;
					diag("byte %zu bit %d: rc %d line %d: "
					    "%s", i, bit, rc, e.line, e.msg);
				}
				p[i] ^= (char)(1 << bit);
			}
		is_int(0, (long long)bad, "every bit flip in the line is "
		    "caught on it (%zu flips)", ll * 8);
		is_int(0, check(b.p, b.len, &e), "and the restored file "
		    "verifies");
	}

	/*
	 * save_read_fd checks signatures on worker threads when the machine
	 * has several cores; it must name the same first violation as the
	 * sequential save_read_buf, for every bit flip of a line.
	 */
	{
		char tmpl[] = "/tmp/trigon-save-fd-XXXXXX";
		int tfd = mkstemp(tmpl), l = line_of(b.p, "3 red pass");
		char *p = strstr(b.p, "\n3 red pass") + 1;
		size_t ll = (size_t)(strchr(p, '\n') - p) + 1, bad = 0;
		struct err e2 = { 0 };
		struct save s2;

		for (size_t i = 0; tfd >= 0 && i < ll; i++)
			for (int bit = 0; bit < 8; bit++) {
				int rc2;

				p[i] ^= (char)(1 << bit);
				rc = check(b.p, b.len, &e);
				if (ftruncate(tfd, 0) != 0 ||
				    pwrite(tfd, b.p, b.len, 0) != (ssize_t)b.len)
					bail("cannot write %s", tmpl);
				lseek(tfd, 0, SEEK_SET);
				save_init(&s2, "mem");
				s2.table = mock_table;
				err_clear(&e2);
				rc2 = save_read_fd(&s2, tfd, &e2);
				save_release(&s2);
				if (rc != rc2 || e.line != e2.line ||
				    strcmp(e.msg, e2.msg) != 0) {
					bad++;
					diag("byte %zu bit %d: buf %d:%d %s; fd "
					    "%d:%d %s", i, bit, rc, e.line, e.msg,
					    rc2, e2.line, e2.msg);
				}
				p[i] ^= (char)(1 << bit);
			}
		is_int(0, (long long)bad, "save_read_fd (worker threads) and "
		    "save_read_buf name the same first violation (line %d)", l);
		if (tfd >= 0) {
			close(tfd);
			unlink(tmpl);
		}
	}

	/* Writer refusals. */
	{
		struct save s;
		struct buf o = { 0 };

		save_init(&s, "mem");
	s.table = mock_table;
		rc = save_read_buf(&s, b.p, b.len, &e);
		is_int(0, rc, "reload");
		rc = save_play(&s, "pass", 4, sk[1], &o, &e);
		ok(rc == ERR_REFUSED && strstr(e.msg, "not blue's turn"),
		    "a key of the player not to act is refused: %s", e.msg);
		rc = save_play(&s, "pass", 4, sk[2], &o, &e);
		ok(rc == ERR_REFUSED && strstr(e.msg, "no player"),
		    "a stranger's key is refused: %s", e.msg);
		is_int(0, (long long)o.len, "nothing was produced");
		rc = save_play(&s, "pas", 3, sk[0], &o, &e);
		ok(rc == ERR_REFUSED && strcmp(e.msg, "unknown action 'pas'")
		    == 0 && strcmp(s.rerr.hint, "did you mean 'pass'?") == 0,
		    "an illegal action carries the rules' reason and hint");
		buf_release(&o);
		save_release(&s);
	}

	/* Header validation at creation. */
	{
		struct save s;
		struct save_header h;
		struct buf o = { 0 };

		save_init(&s, "mem");
	s.table = mock_table;
		make_header(&h, 2);
		memcpy(h.player[1].pk, pk[0], 32);
		rc = save_start(&s, &h, &o, &e);
		ok(rc == ERR_USAGE && strstr(e.msg, "same key"),
		    "duplicate keys are refused: %s", e.msg);
		save_release(&s);
		buf_release(&o);

		save_init(&s, "mem");
	s.table = mock_table;
		make_header(&h, 2);
		snprintf(h.player[1].seat, sizeof h.player[1].seat, "red");
		rc = save_start(&s, &h, &o, &e);
		ok(rc == ERR_USAGE && strstr(e.msg, "seat 'red'"),
		    "duplicate seats are refused: %s", e.msg);
		save_release(&s);
		buf_release(&o);

		save_init(&s, "mem");
	s.table = mock_table;
		make_header(&h, 2);
		snprintf(h.player[1].seat, sizeof h.player[1].seat, "pink");
		rc = save_start(&s, &h, &o, &e);
		ok(rc == ERR_USAGE && strstr(e.msg, "'pink' is not a seat"),
		    "unknown colors are refused: %s", e.msg);
		save_release(&s);
		buf_release(&o);

		save_init(&s, "mem");
	s.table = mock_table;
		make_header(&h, 2);
		h.nblobs = 1;
		h.blob[0].name = "board";
		h.blob[0].text = "a = 1\nb = 2 \n";
		h.blob[0].len = strlen(h.blob[0].text);
		rc = save_start(&s, &h, &o, &e);
		ok(rc == ERR_USAGE && strstr(e.msg, "board data, line 2: "
		    "trailing white space"), "data with trailing space is "
		    "refused: %s", e.msg);
		h.nblobs = 0;
		save_release(&s);
		buf_release(&o);

		save_init(&s, "mem");
	s.table = mock_table;
		make_header(&h, 2);
		h.nblobs = 1;
		h.blob[0].name = "board";
		h.blob[0].text = "a = 1\n\n  indented\n";
		h.blob[0].len = strlen(h.blob[0].text);
		rc = save_start(&s, &h, &o, &e);
		ok(rc == 0 && strstr(o.p, "\ndata board\n| a = 1\n|\n|   "
		    "indented\nstart\n") != NULL, "data is embedded as '| ' "
		    "lines");
		h.nblobs = 0;
		save_release(&s);
		is_int(0, check(o.p, o.len, &e), "and read back (%s)", e.msg);
		buf_release(&o);
	}

	/* The file on disk: create, refuse to overwrite, append. */
	{
		char dir[] = "/tmp/trigon-save-XXXXXX", path[64];
		struct save s;
		struct buf o = { 0 };
		int fd;

		if (mkdtemp(dir) == NULL)
			bail("mkdtemp");
		snprintf(path, sizeof path, "%s/g.trigon", dir);
		save_init(&s, path);
		s.table = mock_table;
		{
			struct save_header h;

			make_header(&h, 2);
			rc = save_start(&s, &h, &o, &e);
		}
		is_int(0, rc, "header");
		is_int(0, save_write_new(path, &o, &e), "save_write_new");
		is_int(ERR_REFUSED, save_write_new(path, &o, &e),
		    "an existing file is not overwritten");
		save_release(&s);
		buf_release(&o);
		for (int k = 0; k < 3; k++) {
			save_init(&s, path);
		s.table = mock_table;
			rc = save_load(&s, path, &fd, &e);
			is_int(0, rc, "load %d (%s)", k, e.msg);
			rc = save_play(&s, "add 1", 5, sk[k % 2], &o, &e);
			rc = rc ? rc : save_play(&s, "pass", 4, sk[k % 2], &o,
			    &e);
			rc = rc ? rc : save_seal(&s, sk[k % 2], &o, &e);
			rc = rc ? rc : save_write_append(&s, fd, path, &o, &e);
			is_int(0, rc, "append %d (%s)", k, e.msg);
			close(fd);
			save_release(&s);
			buf_release(&o);
		}
		save_init(&s, path);
		s.table = mock_table;
		rc = save_load(&s, path, NULL, &e);
		ok(rc == 0 && s.nactions == 6, "6 moves on disk (%s)", e.msg);
		save_release(&s);

		/* A change behind our back is detected. */
		save_init(&s, path);
		s.table = mock_table;
		rc = save_load(&s, path, &fd, &e);
		rc = rc ? rc : save_play(&s, "add 1", 5, sk[1], &o, &e);
		{
			FILE *f = fopen(path, "a");

			fputs("# sneaky\n", f);
			fclose(f);
		}
		rc = rc ? rc : save_write_append(&s, fd, path, &o, &e);
		is_int(ERR_CHANGED, rc, "a file changed meanwhile is not "
		    "overwritten: %s", e.msg);
		close(fd);
		save_release(&s);
		buf_release(&o);
		unlink(path);
		rmdir(dir);
	}

	redo_tests();

	buf_release(&b);
	return done_testing();
}
