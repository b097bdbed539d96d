/*
 * t/unit/savesealed.c -- the save layer's hooks for sealed hands
 * (lib/savesealed.h; trigon-save(5), "Sealed hands"; doc/sealed-hands.md
 * 8.6, step 1), linked with the core alone: each join's y= and pok=
 * checked and kept, every refusal leaving the state unchanged, and the
 * sealed-deck table set up after the last join with the joint key of
 * the joined keys, for a rule set that deals sealed hands and not for
 * one that does not.  t/0870-sealed-joins.t runs the same through the
 * real commands.
 *
 * Then the game's requests (rules.h, struct rules_sealed) in three
 * readers, green's, purple's and an observer's: each owes the same
 * "#?" line and pends until the seats' answers (made by their own
 * tables, as trigon answer will, and fed to every reader as the replay
 * will) are in; green reads its dealt cards and nobody else does; an
 * opened card is read by all; a redo that asks something else is
 * refused.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "../tap.h"
#include "fair.h"
#include "buf.h"
#include "save.h"
#include "save-int.h"	/* replay_answers: the switch for tests */
#include "savesealed.h"

/* ---- a rule set that deals sealed hands (a mock) ------------------- */

struct game {
	const struct rules_sealed *sealed;
	int card[2];		/* position 0 (green's), 1 (purple's) */
	int played;		/* the card green played, or -1 */
};

static const char *const mock_seats[] = { "green", "purple", NULL };

/* Declares deck "deck" of 4 cards at its creation, then deals its
 * position 0 to green and 1 to purple: pends until both seats have
 * shuffled it and each has the other's share. */
static int
mock_create(struct game **out, const struct rules_setup *su,
    struct rules_error *err)
{
	static const unsigned p0 = 0, p1 = 1;
	struct game *g;
	int rc, c[2];

	if ((rc = rules_sealed_declare(su->sealed, "deck", 0, 4, err)) != 0 ||
	    (rc = rules_sealed_deal(su->sealed, "deck", 0, 0, &p0, 1, &c[0],
	    err)) != 0 || (rc = rules_sealed_deal(su->sealed, "deck", 0, 1,
	    &p1, 1, &c[1], err)) != 0)
		return rc;
	if ((g = calloc(1, sizeof *g)) == NULL)
		return RULES_ENOMEM;
	g->sealed = su->sealed;
	g->card[0] = c[0];
	g->card[1] = c[1];
	g->played = -1;
	*out = g;
	return 0;
}

/* "play": green plays its card, opened to all. */
static int
mock_apply(struct game *g, int seat, const char *a, size_t len,
    struct rules_note *note, struct rules_error *err)
{
	int c, rc;

	if (note != NULL)
		note->len = 0;
	if (seat != 0 || len != 4 || memcmp(a, "play", 4) != 0 ||
	    g->played >= 0) {
		snprintf(err->msg, sizeof err->msg, "only green plays, once");
		return RULES_ESEAT;
	}
	if ((rc = rules_sealed_open(g->sealed, "deck", 0, 0, 0, &c,
	    err)) != 0)
		return rc;
	g->played = c;
	return 0;
}

static struct game *
mock_clone(const struct game *g)
{
	struct game *c = malloc(sizeof *c);

	if (c != NULL)
		*c = *g;
	return c;
}

static void
mock_free(struct game *g)
{
	free(g);
}

/* Over once green has played: green wins. */
static void
mock_await(const struct game *g, struct rules_await *aw)
{
	memset(aw, 0, sizeof *aw);
	aw->over = g->played >= 0;
	aw->seat = aw->over ? -1 : 0;
	aw->winner = aw->over ? 0 : -1;
	if (!aw->over)
		snprintf(aw->text, sizeof aw->text, "green must act");
}

static const struct rules mock_rules = {
	.name = "sealmock", .title = "Sealed Mock", .min_seats = 2,
	.max_seats = 2, .seat_names = mock_seats, .create = mock_create,
	.free = mock_free, .await = mock_await, .apply = mock_apply,
	.clone = mock_clone, .hands_sealed = 1,
};

static const struct rules mock_open = {
	.name = "openmock", .title = "Open Mock", .min_seats = 2,
	.max_seats = 2, .seat_names = mock_seats, .create = mock_create,
	.free = mock_free, .await = mock_await,
};

/* Linked with the core alone: the program names its own table. */
const struct rules *const rules_table[] = { &mock_rules, &mock_open,
    NULL };

static const char *const names[RULES_MAX_SEATS] = { "green", "purple" };

static const struct rules sealing = {
	.name = "mock", .title = "Mock", .hands_sealed = 1,
};
static const struct rules not_sealing = {
	.name = "mock", .title = "Mock Rules",
};

/* A join answer of seat `name` in game id, with y= and pok=. */
static struct fair_seat *join_of(struct fair_answer *a,
    const unsigned char id[16], const char *name, int fill);

/* ---- the requests --------------------------------------------------- */

#define VIEWS 3			/* green, purple, the observer */
#define SIG "| 0123456789abcdef AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"

struct owed {
	unsigned n;
	char line[16][200];
};
static struct owed owed[VIEWS];

static int
owe_cb(void *ctx, const char *line)
{
	struct owed *o = ctx;

	if (o->n == 16)
		return ERR_NOMEM;
	snprintf(o->line[o->n++], sizeof o->line[0], "%s", line);
	return 0;
}

static void
block_of(unsigned char b[32], unsigned k)
{
	memset(b, (int)k, 32);
}

/* One answer line (and its blob) to every reader, as the replay will. */
static void
feed(struct save_sealed **ss, const char *line, unsigned blk,
    char *const *blob, unsigned nblob)
{
	unsigned char b[32];
	size_t bl[32];
	struct err e;

	block_of(b, blk);
	for (unsigned k = 0; k < nblob; k++)
		bl[k] = strlen(blob[k]);
	for (int v = 0; v < VIEWS; v++)
		if (sealed_table_line(&ss[v]->t, line, strlen(line), b,
		    (const char *const *)blob, bl, nblob, &e) != 0)
			bail("view %d, '%.40s': %s", v, line, e.msg);
}

static void
shuffle_all(struct save_sealed **ss)
{
	static struct mp_deck out;
	static struct mp_shuffle_proof pf;
	char body[200], line[400], *blob[32];
	unsigned char b[32];
	struct err e;

	for (unsigned r = 0; r < 2; r++) {
		int s = sealed_shuffler(&ss[2]->t.g, r);
		unsigned nl = sealed_blob_lines(6, 1);

		block_of(b, 1 + r);
		if (sealed_shuffle_make(&out, &pf, &ss[s]->t.g,
		    sealed_table_deck(&ss[s]->t, "play", 0), b, &e) != 0)
			bail("shuffle: %s", e.msg);
		for (unsigned k = 0; k < nl; k++) {
			blob[k] = malloc(SEALED_BLOB_LINE + 3);
			sealed_blob_line(blob[k], SEALED_BLOB_LINE + 3, &out,
			    &pf, k);
		}
		sealed_format_shuffle(body, sizeof body, "play", 0, nl);
		snprintf(line, sizeof line, "@ %s %s %s", names[s], body, SIG);
		feed(ss, line, 1 + r, blob, nl);
		for (unsigned k = 0; k < nl; k++)
			free(blob[k]);
	}
}

/* seat's share (or, open, its opening) of pos, to every reader. */
static void
share(struct save_sealed **ss, int seat, unsigned pos, const char *to,
    int open, unsigned blk)
{
	const struct sealed_deck *d = sealed_table_deck(&ss[seat]->t, "play",
	    0);
	char body[300], line[500];
	unsigned char b[32];
	struct mp_share sh;
	struct err e;

	block_of(b, blk);
	if ((open ? sealed_open_make(&sh, &ss[seat]->t.g, d, pos, b, &e) :
	    sealed_share_make(&sh, &ss[seat]->t.g, d, pos, b, &e)) != 0)
		bail("share: %s", e.msg);
	if (open)
		sealed_format_open(body, sizeof body, "play", 0, pos, &sh);
	else
		sealed_format_share(body, sizeof body, "play", 0, pos, to,
		    &sh);
	snprintf(line, sizeof line, "@ %s %s %s", names[seat], body, SIG);
	feed(ss, line, blk, NULL, 0);
}

/* Every reader asks req; each answers rc, and owes `line` (or no new
 * line: NULL). */
#define ASK(call, want_rc, want_line, what) do { \
	int all = 1; \
	for (int v = 0; v < VIEWS; v++) { \
		unsigned had = owed[v].n; \
		struct save_sealed *x = ss[v]; \
		memset(&re, 0, sizeof re); \
		rc = x->call; \
		if (rc != (want_rc) || (want_line == NULL ? owed[v].n != had : \
		    owed[v].n != had + 1 || strcmp(owed[v].line[had], \
		    want_line != NULL ? want_line : "") != 0)) \
			all = 0; \
	} \
	ok(all, "%s: %d, '%s'", what, rc, re.msg); \
} while (0)

static void
test_requests(void)
{
	struct save_sealed *ss[VIEWS];
	struct fair_seat *fs[2];
	struct fair_answer ja[2];
	struct rules_error re;
	unsigned char id[16];
	unsigned p01[2] = { 0, 1 }, p23[2] = { 2, 3 }, p12[2] = { 1, 2 };
	int card[VIEWS][2], pcard[VIEWS][2], c, rc;
	struct err e;

	memset(id, 0x33, sizeof id);
	fs[0] = join_of(&ja[0], id, "green", 3);
	fs[1] = join_of(&ja[1], id, "purple", 4);
	for (int v = 0; v < VIEWS; v++) {
		if ((ss[v] = save_sealed_new(owe_cb, &owed[v])) == NULL ||
		    save_sealed_join(ss[v], id, 0, names, &ja[0], &e) != 0 ||
		    save_sealed_join(ss[v], id, 1, names, &ja[1], &e) != 0 ||
		    save_sealed_start(ss[v], id, 2, names, &sealing,
		    v < 2 ? v : -1, v < 2 ? fs[v]->secret : NULL, &e) != 0)
			bail("view %d: %s", v, e.msg);
	}

	ASK(req.declare(x, "play", 0, 6, &re), RULES_PENDING,
	    "#? sealed play 0 n=6: purple green", "declare: every reader "
	    "owes the deck's await and pends");
	is_string("the shuffle of play 0 by purple", re.msg, "naming whose "
	    "shuffle is awaited");
	ASK(req.declare(x, "play", 0, 6, &re), RULES_PENDING, NULL,
	    "declare redone: still pending, nothing owed twice");
	ASK(req.declare(x, "play", 0, 7, &re), RULES_EDATA, NULL,
	    "declare redone with another size: refused");
	shuffle_all(ss);
	ASK(req.declare(x, "play", 0, 6, &re), 0, NULL, "after both "
	    "shuffles: declared");

	ASK(req.deal(x, "play", 0, 0, p01, 2, card[v], &re), RULES_PENDING,
	    "#? deal play 0 green 0,1: purple", "deal 0,1 to green: owes the "
	    "deal's await and pends");
	is_string("the shares of play 0 for green: purple", re.msg,
	    "naming whose shares are awaited");
	ASK(req.deal(x, "play", 0, 1, p23, 2, pcard[v], &re), RULES_PENDING,
	    "#? deal play 0 purple 2,3: green", "deal 2,3 to purple");
	ASK(req.deal(x, "play", 0, 0, p12, 2, card[v], &re), RULES_EDATA,
	    NULL, "a redo that deals 1,2 to green: refused");
	share(ss, 1, 0, "green", 0, 3);
	ASK(req.deal(x, "play", 0, 0, p01, 2, card[v], &re), RULES_PENDING,
	    NULL, "one share of two in: still pending");
	share(ss, 1, 1, "green", 0, 3);
	share(ss, 0, 2, "purple", 0, 3);
	share(ss, 0, 3, "purple", 0, 3);
	ASK(req.deal(x, "play", 0, 0, p01, 2, card[v], &re), 0, NULL,
	    "every share in: green's deal is done");
	ASK(req.deal(x, "play", 0, 1, p23, 2, pcard[v], &re), 0, NULL,
	    "and purple's");
	ok(card[0][0] >= 0 && card[0][0] < 6 && card[0][1] >= 0 &&
	    card[0][1] < 6 && card[0][0] != card[0][1], "green reads its "
	    "two cards: %d %d", card[0][0], card[0][1]);
	ok(pcard[1][0] >= 0 && pcard[1][1] >= 0 && pcard[1][0] !=
	    card[0][0] && pcard[1][0] != card[0][1] && pcard[1][1] !=
	    card[0][0] && pcard[1][1] != card[0][1], "purple reads its own, "
	    "other cards: %d %d", pcard[1][0], pcard[1][1]);
	ok(card[1][0] == RULES_CARD_UNKNOWN && card[1][1] ==
	    RULES_CARD_UNKNOWN && card[2][0] == RULES_CARD_UNKNOWN &&
	    card[2][1] == RULES_CARD_UNKNOWN, "purple and the observer "
	    "cannot read green's cards");
	ok(pcard[0][0] == RULES_CARD_UNKNOWN && pcard[2][1] ==
	    RULES_CARD_UNKNOWN, "green and the observer cannot read "
	    "purple's");

	ASK(req.open(x, "play", 0, 0, 0, &c, &re), RULES_PENDING,
	    "#? open play 0 0: green", "green plays position 0: the open is "
	    "owed and pends");
	ASK(req.open(x, "play", 0, 0, 0, &c, &re), RULES_PENDING, NULL,
	    "open redone: still pending, nothing owed twice");
	ASK(req.open(x, "play", 0, 1, 0, &c, &re), RULES_EDATA, NULL,
	    "purple opening green's card: refused");
	share(ss, 0, 0, NULL, 1, 4);
	{
		int all = 1;

		for (int v = 0; v < VIEWS; v++)
			if (ss[v]->req.open(ss[v], "play", 0, 0, 0, &c, &re) !=
			    0 || c != card[0][0])
				all = 0;
		ok(all, "green's opening in: every reader reads the card dealt "
		    "there (%d)", card[0][0]);
	}

	{
		/* the audit: each seat's S must give its joined Y */
		struct save_sealed *o = ss[2];

		is_int(ERR_REFUSED, save_sealed_audit(o, 1, fs[0]->secret, &e),
		    "purple's audit with green's secret: refused");
		is_string("purple's audit: its secret does not give the key "
		    "it joined with", e.msg, "with its reason");
		ok(save_sealed_audit(o, 0, fs[0]->secret, &e) == 0 &&
		    save_sealed_audit(o, 1, fs[1]->secret, &e) == 0,
		    "both audits in: every position of the deck decrypts, "
		    "and the card opened is the card there");
	}
	is_int(RULES_EDATA, rules_sealed_declare(NULL, "play", 0, 6, &re),
	    "a game with open hands: the request is refused");
	is_string("no sealed hands for 'play': this game deals its cards in "
	    "the open", re.msg, "with its reason");
	is_int(0, rules_sealed_open(&ss[2]->req, "play", 0, 0, 0, &c, &re),
	    "through rules_sealed_open");
	for (int v = 0; v < VIEWS; v++)
		save_sealed_free(ss[v]);
	fair_seat_free(fs[0]);
	fair_seat_free(fs[1]);
}

/* ---- the requests in a file: save.c owes them, and awaits ---------- */

/* Seat i's view (its secret) of the file's game id, with both joins,
 * fed the deck's await. */
static struct save_sealed *
seat_view(int i, const unsigned char id[16])
{
	struct save_sealed *v = save_sealed_new(owe_cb, &owed[2]);
	struct fair_answer ja[2];
	struct fair_seat *fs[2];
	static const unsigned char none[32];
	const char *aw = "#? sealed deck 0 n=4: purple green";
	struct err e;

	for (int t = 0; t < 2; t++)
		fs[t] = join_of(&ja[t], id, mock_seats[t], 0x61 + t);
	if (v == NULL || save_sealed_join(v, id, 0, names, &ja[0], &e) != 0 ||
	    save_sealed_join(v, id, 1, names, &ja[1], &e) != 0 ||
	    save_sealed_start(v, id, 2, names, &mock_rules, i,
	    fs[i]->secret, &e) != 0 || sealed_table_line(&v->t, aw,
	    strlen(aw), none, NULL, NULL, 0, &e) != 0)
		bail("view %d: %s", i, e.msg);
	fair_seat_free(fs[0]);
	fair_seat_free(fs[1]);
	return v;
}

/* Seat i's shuffle of deck 0 in view v, signed with its answer key for
 * block: the answer line and its blob lines, '\n'-ended, into out. */
static void
shuffle_text(struct buf *out, struct save_sealed *v, int i,
    const unsigned char id[16], const unsigned char block[32])
{
	static struct mp_deck d;
	static struct mp_shuffle_proof pf;
	unsigned char seed[32], h[32], sig[64];
	unsigned char msg[FAIR_ANSWER_MSG_MAX];
	char body[100], hex[17], sigt[100], *blob[32];
	size_t bl[32], mlen;
	unsigned nl = sealed_blob_lines(4, 1);
	struct fair_seat *fs;
	struct err e;

	memset(seed, 0x61 + i, sizeof seed);
	if (fair_seat_new(&fs, seed, id, mock_seats[i], FAIR_CHAIN_N, &e) !=
	    0 || sealed_shuffle_make(&d, &pf, &v->t.g, sealed_table_deck(
	    &v->t, "deck", 0), block, &e) != 0)
		bail("shuffle %d: %s", i, e.msg);
	for (unsigned k = 0; k < nl; k++) {
		blob[k] = malloc(SEALED_BLOB_LINE + 3);
		sealed_blob_line(blob[k], SEALED_BLOB_LINE + 3, &d, &pf, k);
		bl[k] = strlen(blob[k]);
	}
	if (save_sealed_blob_hash((const char *const *)blob, bl, nl, h,
	    &e) != 0)
		bail("hash: %s", e.msg);
	sealed_format_shuffle(body, sizeof body, "deck", 0, nl);
	mlen = fair_answer_message(msg, id, block, mock_seats[i],
	    strlen(mock_seats[i]), body, strlen(body), h);
	crypto_sign_detached(sig, NULL, msg, mlen, fs->answer_sk);
	sodium_bin2hex(hex, sizeof hex, block, 8);
	sodium_bin2base64(sigt, sizeof sigt, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	buf_addf(out, "@ %s %s | %s %s\n", mock_seats[i], body, hex, sigt);
	for (unsigned k = 0; k < nl; k++) {
		buf_addf(out, "%s\n", blob[k]);
		free(blob[k]);
	}
	fair_seat_free(fs);
}

/* The lines of text (an answer and its blob, or an await) to view v. */
static void
feed_view(struct save_sealed *v, const char *text,
    const unsigned char block[32])
{
	char *copy = strdup(text), *lines[8] = { NULL }, *q = copy;
	size_t bl[8], nl = 0;
	struct err e;

	while (*q && nl < 8) {
		lines[nl] = q;
		q = strchr(q, '\n');
		*q++ = '\0';
		bl[nl] = strlen(lines[nl]);
		nl++;
	}
	if (sealed_table_line(&v->t, lines[0], bl[0], block,
	    (const char *const *)lines + 1, bl + 1, (unsigned)nl - 1, &e) != 0)
		bail("'%.30s' in a seat's view: %s", lines[0], e.msg);
	free(copy);
}

/* Seat i's share of position pos for `to` in view v, signed, into out. */
static void
share_text(struct buf *out, struct save_sealed *v, int i, unsigned pos,
    const char *to, const unsigned char id[16], const unsigned char block[32])
{
	unsigned char seed[32], sig[64], msg[FAIR_ANSWER_MSG_MAX];
	char body[300], hex[17], sigt[100];
	struct fair_seat *fs;
	struct mp_share sh;
	size_t mlen;
	struct err e;

	memset(seed, 0x61 + i, sizeof seed);
	if (fair_seat_new(&fs, seed, id, mock_seats[i], FAIR_CHAIN_N, &e) !=
	    0 || sealed_share_make(&sh, &v->t.g, sealed_table_deck(&v->t,
	    "deck", 0), pos, block, &e) != 0)
		bail("share %d: %s", i, e.msg);
	sealed_format_share(body, sizeof body, "deck", 0, pos, to, &sh);
	mlen = fair_answer_message(msg, id, block, mock_seats[i],
	    strlen(mock_seats[i]), body, strlen(body), NULL);
	crypto_sign_detached(sig, NULL, msg, mlen, fs->answer_sk);
	sodium_bin2hex(hex, sizeof hex, block, 8);
	sodium_bin2base64(sigt, sizeof sigt, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	buf_addf(out, "@ %s %s | %s %s\n", mock_seats[i], body, hex, sigt);
	fair_seat_free(fs);
}

/* text with its signed end line (seq 0) by seat i's answer key. */
static void
end_line(struct buf *text, int i, const unsigned char id[16])
{
	unsigned char seed[32], msg[200], sig[64];
	char sigt[100];
	struct fair_seat *fs;
	size_t n = 0;
	struct err e;

	memset(seed, 0x61 + i, sizeof seed);
	if (fair_seat_new(&fs, seed, id, mock_seats[i], FAIR_CHAIN_N, &e) != 0)
		bail("end: %s", e.msg);
	memcpy(msg, "trigon-save 2 end", 18);
	n = 18;
	memcpy(msg + n, id, 16);
	n += 16;
	memset(msg + n, 0, 8);
	n += 8;
	crypto_generichash(msg + n, 32, (const unsigned char *)text->p,
	    text->len, NULL, 0);
	n += 32;
	msg[n++] = (unsigned char)strlen(mock_seats[i]);
	memcpy(msg + n, mock_seats[i], strlen(mock_seats[i]));
	n += strlen(mock_seats[i]);
	crypto_sign_detached(sig, NULL, msg, n, fs->answer_sk);
	sodium_bin2base64(sigt, sizeof sigt, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	buf_addf(text, "end 0 %s %s\n", mock_seats[i], sigt);
	fair_seat_free(fs);
}

/* The line of text that starts with `start` (0 when none). */
static int
line_of(const char *text, const char *start)
{
	int n = 1;

	for (const char *p = text; *p; n++) {
		if (strncmp(p, start, strlen(start)) == 0)
			return n;
		if ((p = strchr(p, '\n')) == NULL)
			break;
		p++;
	}
	return 0;
}

/* Read text in a fresh reader: 0, or the error (line and message). */
static int
read_text(const char *text, struct err *e)
{
	struct save s;
	int rc;

	save_init(&s, "mem");
	memset(e, 0, sizeof *e);
	rc = save_read_buf(&s, text, strlen(text), e);
	if (rc == 0 && !save_started(&s))
		rc = err_set(e, ERR_USAGE, "not started");
	save_release(&s);
	return rc;
}

/* Purple's client audits the file s read: 0 when the result is
 * fully audited. */
static int
audit_last(struct save *s, const char *text, size_t len)
{
	unsigned char sk[64], pk[32], seed[32];
	struct buf out = BUF_INIT;
	struct save r;
	int added, rc;
	struct err e;

	memset(seed, 0x62, sizeof seed);
	crypto_sign_seed_keypair(pk, sk, seed);
	rc = save_answer(s, text, len, sk, &out, &added, &e);
	if (rc == 0) {
		save_init(&r, "mem");
		rc = save_read_buf(&r, out.p, out.len, &e);
		if (rc == 0 && (added != 1 || !save_audited(&r)))
			rc = -1;
		save_release(&r);
	}
	if (rc != 0)
		diag("audit: %d %s (line %d)", added, e.msg, e.line);
	buf_release(&out);
	return rc;
}

/*
 * Green plays its card (an action line, save_play): the game asks to
 * open it and waits; green's client opens it (save_answer); every
 * reader then knows it, and it is the card green was dealt.
 */
static void
play_card(const char *dealt, const unsigned char id[16], int want)
{
	unsigned char sk[64], pk[32], seed[32];
	struct buf out = BUF_INIT, file = BUF_INIT, o2 = BUF_INIT;
	char what[200];
	struct save s;
	int added = 0, rc;
	struct err e;

	(void)id;
	memset(seed, 0x61, sizeof seed);
	crypto_sign_seed_keypair(pk, sk, seed);
	save_init(&s, "mem");
	if (save_read_buf(&s, dealt, strlen(dealt), &e) != 0)
		bail("read: %s (line %d)", e.msg, e.line);
	buf_add(&file, dealt, (size_t)s.body_len);
	if (save_play(&s, "play", 4, sk, &out, &e) != 0 ||
	    save_seal(&s, sk, &out, &e) != 0)
		bail("play: %s (line %d)", e.msg, e.line);
	buf_add(&file, out.p, out.len);
	save_awaits(&s, what, sizeof what);
	ok(strstr(file.p, "\n#? open deck 0 0: green\n") != NULL &&
	    strcmp(what, "the opening of deck 0 position 0 by green") == 0,
	    "green plays: the file asks to open its card, and awaits '%s'",
	    what);
	save_release(&s);
	save_init(&s, "mem");
	if (save_read_buf(&s, file.p, file.len, &e) != 0 ||
	    save_answer(&s, file.p, file.len, sk, &o2, &added, &e) != 0)
		bail("green opens: %s (line %d)", e.msg, e.line);
	save_release(&s);
	buf_add(&o2, "", 1);
	save_init(&s, "mem");
	rc = save_read_buf(&s, o2.p, o2.len - 1, &e);
	ok(rc == 0 && added == 2 && strstr(o2.p, "\n@ green open deck 0 0 ")
	    != NULL && s.game != NULL && s.game->played == want,
	    "green's client opens it (and, the game over, audits); an "
	    "observer's game knows the card played (%d), the card green "
	    "was dealt (%d)", rc == 0 && s.game ? s.game->played : -9, want);
	if (rc == 0)
		rc = audit_last(&s, o2.p, o2.len - 1);
	ok(rc == 0, "purple's audit: the game is fully audited, the deck "
	    "decrypted with both seats' secrets");
	save_release(&s);
	buf_release(&out);
	buf_release(&file);
	buf_release(&o2);
}

/*
 * Green plays its card; then green, reading as itself (save_set_reader,
 * as trigon answer does), opens it (save_answer; the game over, it
 * audits too) twice: once on the copy of the block's start
 * (lib/save-snap.c, which holds the sealed layer), once replaying the
 * file.  Both write the same bytes, the copy replays nothing, and
 * either way the save the answer leaves still reads as green: its game
 * knows green's card.
 */
static void
reader_answers(const char *dealt, int want)
{
	unsigned char sk[64], pk[32], seed[32];
	struct buf out[2], file = BUF_INIT;
	unsigned long replays[2];
	int card[2], added[2];
	struct save s;
	struct err e;

	memset(seed, 0x61, sizeof seed);
	crypto_sign_seed_keypair(pk, sk, seed);
	save_init(&s, "mem");
	if (save_read_buf(&s, dealt, strlen(dealt), &e) != 0)
		bail("read: %s (line %d)", e.msg, e.line);
	buf_add(&file, dealt, (size_t)s.body_len);
	buf_init(&out[0]);
	if (save_play(&s, "play", 4, sk, &out[0], &e) != 0 ||
	    save_seal(&s, sk, &out[0], &e) != 0)
		bail("play: %s (line %d)", e.msg, e.line);
	buf_add(&file, out[0].p, out[0].len);
	buf_release(&out[0]);
	save_release(&s);
	for (int k = 0; k < 2; k++) {
		save_init(&s, "mem");
		save_set_reader(&s, sk);
		buf_init(&out[k]);
		if (save_read_buf(&s, file.p, file.len, &e) != 0)
			bail("read as green: %s (line %d)", e.msg, e.line);
		s.fair->replay_answers = k;
		if (save_answer(&s, file.p, file.len, sk, &out[k], &added[k],
		    &e) != 0)
			bail("green opens: %s (line %d)", e.msg, e.line);
		card[k] = s.game != NULL ? s.game->card[0] : -9;
		replays[k] = s.fair->answer_replays;
		save_release(&s);
	}
	ok(out[0].len == out[1].len && memcmp(out[0].p, out[1].p,
	    out[0].len) == 0 && added[0] == 2 && added[1] == 2,
	    "green, reading as itself, opens its card: the answer made on "
	    "the copy of the block's start writes the bytes of the answer "
	    "that replays the file");
	ok(replays[0] == 0 && replays[1] == 2, "the copy replays nothing "
	    "(%lu), the other way replays the file for each block it "
	    "answers, the opening's and the audit's (%lu)", replays[0],
	    replays[1]);
	ok(card[0] == want && card[1] == want, "after the answer the save "
	    "still reads as green, either way: its game knows green's card "
	    "%d (%d, %d)", want, card[0], card[1]);
	buf_release(&out[0]);
	buf_release(&out[1]);
	buf_release(&file);
}

/*
 * The seats' own clients (save_answer, as trigon answer runs it) from
 * the joined file: purple shuffles, green shuffles, purple shares
 * green's card, green shares purple's; the file they write is the one
 * built by hand (want), byte for byte.
 */
static void
answer_round(const char *joined, const char *want)
{
	static const int order[] = { 1, 0, 1, 0 };
	static const int adds[] = { 1, 1, 1, 1 };
	unsigned char sk[64], pk[32], seed[32];
	struct buf file = BUF_INIT, out;
	struct save s;
	int added, good = 1;
	struct err e;

	buf_add(&file, joined, strlen(joined));
	for (size_t k = 0; k < 4; k++) {
		memset(seed, 0x61 + order[k], sizeof seed);
		crypto_sign_seed_keypair(pk, sk, seed);
		save_init(&s, "mem");
		buf_init(&out);
		if (save_read_buf(&s, file.p, file.len, &e) != 0 ||
		    save_answer(&s, file.p, file.len, sk, &out, &added,
		    &e) != 0) {
			diag("%s answers: %s (line %d)", mock_seats[order[k]],
			    e.msg, e.line);
			good = 0;
			save_release(&s);
			break;
		}
		if (added != adds[k])
			good = 0;
		if (k == 3 && !save_started(&s))
			good = 0;
		save_release(&s);
		buf_release(&file);
		file = out;
	}
	buf_add(&file, "", 1);
	ok(good && strcmp(file.p, want) == 0, "the seats' clients write it "
	    "themselves: purple's shuffle, green's, purple's share, green's "
	    "share, one answer each, the same bytes");
	buf_release(&file);
}

/* Each seat reading text with its own key reads its own card and not
 * the other's; green's card, or -1. */
static int
own_cards(const char *text, size_t len)
{
	unsigned char sk[2][64], pk[32], seed[32];
	struct save rd;
	struct err e;
	int c[2][2], rc;

	for (int i = 0; i < 2; i++) {
		memset(seed, 0x61 + i, sizeof seed);
		crypto_sign_seed_keypair(pk, sk[i], seed);
		save_init(&rd, "mem");
		save_set_reader(&rd, sk[i]);
		rc = save_read_buf(&rd, text, len, &e);
		c[i][0] = rc == 0 ? rd.game->card[0] : -2;
		c[i][1] = rc == 0 ? rd.game->card[1] : -2;
		save_release(&rd);
	}
	ok(c[0][0] >= 0 && c[0][0] < 4 && c[0][1] == RULES_CARD_UNKNOWN &&
	    c[1][1] >= 0 && c[1][1] < 4 && c[1][1] != c[0][0] &&
	    c[1][0] == RULES_CARD_UNKNOWN, "read with green's key, the game "
	    "knows green's card (%d) and not purple's; with purple's, "
	    "purple's (%d) and not green's", c[0][0], c[1][1]);
	return c[0][0];
}

/*
 * The same with each seat's exported answer key (trigon fair export,
 * as trigon answer --answer-key reads): its S stands in for the main
 * key (save_set_reader_exported); green's name with purple's S reads
 * as an observer.
 */
static void
exported_cards(const char *text, size_t len, const unsigned char id[16],
    int want)
{
	struct fair_export x[3];
	unsigned char seed[32];
	struct fair_seat *fs;
	struct save rd;
	struct err e;
	int c[3][2], rc;

	for (int i = 0; i < 2; i++) {
		memset(seed, 0x61 + i, sizeof seed);
		if (fair_seat_new(&fs, seed, id, mock_seats[i], FAIR_CHAIN_N,
		    &e) != 0)
			bail("seat %d: %s", i, e.msg);
		memset(&x[i], 0, sizeof x[i]);
		memcpy(x[i].id, id, sizeof x[i].id);
		snprintf(x[i].seat, sizeof x[i].seat, "%s", mock_seats[i]);
		memcpy(x[i].secret, fs->secret, sizeof x[i].secret);
		memcpy(x[i].answer_seed, fs->answer_seed,
		    sizeof x[i].answer_seed);
		fair_seat_free(fs);
	}
	x[2] = x[0];
	memcpy(x[2].secret, x[1].secret, sizeof x[2].secret);
	for (int k = 0; k < 3; k++) {
		save_init(&rd, "mem");
		save_set_reader_exported(&rd, &x[k]);
		rc = save_read_buf(&rd, text, len, &e);
		c[k][0] = rc == 0 ? rd.game->card[0] : -2;
		c[k][1] = rc == 0 ? rd.game->card[1] : -2;
		save_release(&rd);
	}
	ok(c[0][0] == want && c[0][1] == RULES_CARD_UNKNOWN &&
	    c[1][1] >= 0 && c[1][1] < 4 && c[1][0] == RULES_CARD_UNKNOWN,
	    "read with green's exported answer key, the game knows green's "
	    "card (%d) and not purple's; with purple's, purple's (%d) and "
	    "not green's", c[0][0], c[1][1]);
	ok(c[2][0] == RULES_CARD_UNKNOWN && c[2][1] == RULES_CARD_UNKNOWN,
	    "an answer key of green holding purple's S reads as an observer "
	    "(%d, %d)", c[2][0], c[2][1]);
}

/*
 * The shuffles: purple's on the initial deck, then green's on purple's
 * output, in the start block (after both joins, in canonical order);
 * then the deck's await and a signed end.  file: the joined file.
 */
static void
test_shuffles(const char *file, const unsigned char id[16])
{
	struct save_sealed *pv = seat_view(1, id), *gv = seat_view(0, id);
	struct buf ps = BUF_INIT, gs = BUF_INIT, f = BUF_INIT, t = BUF_INIT;
	struct buf gsh = BUF_INIT, psh = BUF_INIT;
	struct save rd;
	const char *gj = strstr(file, "\n@ green join ") + 1;
	const char *pj = strstr(file, "\n@ purple join ") + 1;
	const char *aw = strstr(file, "\n#? sealed ") + 1;
	unsigned char block[32];
	struct err e;
	char *l, *cut;
	int n, rc, c_green = -1;

	crypto_generichash(block, 32, (const unsigned char *)file,
	    (size_t)(gj - file), NULL, 0);
	shuffle_text(&ps, pv, 1, id, block);
	/* green's view takes purple's shuffle, then shuffles */
	feed_view(gv, ps.p, block);
	shuffle_text(&gs, gv, 0, id, block);
	feed_view(gv, gs.p, block);
	feed_view(pv, ps.p, block);
	feed_view(pv, gs.p, block);
	/* the deals, then each seat's share of the other's card */
	for (int v = 0; v < 2; v++) {
		struct save_sealed *x = v == 0 ? gv : pv;

		feed_view(x, "#? deal deck 0 green 0: purple\n", block);
		feed_view(x, "#? deal deck 0 purple 1: green\n", block);
	}
	share_text(&gsh, gv, 0, 1, "purple", id, block);
	share_text(&psh, pv, 1, 0, "green", id, block);
	buf_add(&f, file, (size_t)(pj - file));
	buf_add(&f, gs.p, gs.len);
	buf_add(&f, gsh.p, gsh.len);
	buf_add(&f, pj, (size_t)(aw - pj));
	buf_add(&f, ps.p, ps.len);
	buf_add(&f, psh.p, psh.len);
	buf_add(&f, aw, (size_t)(strchr(aw, '\n') + 1 - aw));
	buf_addf(&f, "#? deal deck 0 green 0: purple\n"
	    "#? deal deck 0 purple 1: green\n");
	end_line(&f, 0, id);
	if (buf_add(&f, "", 1) < 0)
		bail("out of memory");
	save_init(&rd, "mem");
	err_clear(&e);
	rc = save_read_buf(&rd, f.p, f.len - 1, &e);
	ok(rc == 0 && save_started(&rd), "the start block: both shuffles "
	    "(each with its proof and its signature over its blob), then "
	    "each seat's share of the other's card: the game is created "
	    "(%s, line %d)", e.msg, e.line);
	ok(rc == 0 && rd.game != NULL && rd.game->card[0] ==
	    RULES_CARD_UNKNOWN && rd.game->card[1] == RULES_CARD_UNKNOWN,
	    "an observer's game has two unknown cards");
	save_release(&rd);
	c_green = own_cards(f.p, f.len - 1);
	exported_cards(f.p, f.len - 1, id, c_green);
	answer_round(file, f.p);
	play_card(f.p, id, c_green);
	reader_answers(f.p, c_green);
	cut = strdup(f.p);
	l = strstr(cut, "\n@ purple share ") + 1;
	memmove(l, strchr(l, '\n') + 1, strlen(strchr(l, '\n') + 1) + 1);
	rc = read_text(cut, &e);
	ok(rc == ERR_REFUSED && e.line == line_of(cut, "@ green share ") &&
	    strcmp(e.msg, "no await for green here: deck 0 position 1 is "
	    "not dealt") == 0, "purple's share dropped: green's deal never "
	    "completes, so green's share answers no deal (line %d: '%s')",
	    e.line, e.msg);
	free(cut);
	{
		/* green's share of purple's card, signed, but addressed to
		 * green itself */
		struct buf bad = BUF_INIT, f2 = BUF_INIT;
		const char *gl = strstr(f.p, "\n@ green share ") + 1;

		share_text(&bad, gv, 0, 1, "green", id, block);
		buf_add(&f2, f.p, (size_t)(gl - f.p));
		buf_add(&f2, bad.p, bad.len);
		buf_add(&f2, strchr(gl, '\n') + 1, strlen(strchr(gl, '\n') +
		    1));
		cut = strstr(f2.p, "\nend ");
		f2.len = (size_t)(cut + 1 - f2.p);
		end_line(&f2, 0, id);
		buf_add(&f2, "", 1);
		rc = read_text(f2.p, &e);
		ok(rc == ERR_REFUSED && e.line == line_of(f2.p,
		    "@ green share ") && strstr(e.msg, "green") != NULL,
		    "green's share of purple's card addressed to green: "
		    "refused at its line (%d: '%s')", e.line, e.msg);
		buf_release(&bad);
		buf_release(&f2);
	}

	/* purple's blob altered: its signature no longer holds */
	n = line_of(f.p, "@ purple shuffle ");
	cut = strdup(f.p);
	l = strstr(strstr(cut, "\n@ purple shuffle ") + 1, "\n| ") + 5;
	*l = *l == 'A' ? 'B' : 'A';
	rc = read_text(cut, &e);
	ok(n > 0 && rc == ERR_REFUSED && e.line == n &&
	    strcmp(e.msg, "bad signature: this shuffle is not signed by "
	    "purple's answer key or main key") == 0, "a blob altered: "
	    "refused at its shuffle (line %d): '%s'", e.line, e.msg);
	free(cut);

	/* green's blob line dropped: the shuffle is cut short */
	cut = strdup(f.p);
	l = strstr(strstr(cut, "\n@ green shuffle ") + 1, "\n| ") + 1;
	memmove(l, strchr(l, '\n') + 1, strlen(strchr(l, '\n') + 1) + 1);
	n = line_of(cut, "@ green share ");
	rc = read_text(cut, &e);
	ok(rc == ERR_DAMAGED && e.line == n &&
	    strstr(e.msg, "green's shuffle is cut short: 1 of its 2 blob "
	    "lines") != NULL, "a blob line dropped: refused at the next line "
	    "(%d): '%s'", e.line, e.msg);
	free(cut);

	/* green's shuffle without purple's: out of turn */
	buf_add(&t, file, (size_t)(pj - file));
	buf_add(&t, gs.p, gs.len);
	buf_add(&t, pj, (size_t)(strchr(aw, '\n') + 1 - pj));
	end_line(&t, 0, id);
	buf_add(&t, "", 1);
	n = line_of(t.p, "@ green shuffle ");
	rc = read_text(t.p, &e);
	ok(n > 0 && rc == ERR_REFUSED && e.line == n &&
	    strcmp(e.msg, "no await for green here: deck 0 is purple's to "
	    "shuffle now, not green's") == 0, "a shuffle out of turn: "
	    "refused at its line (%d): '%s'", e.line, e.msg);
	buf_release(&t);
	buf_release(&ps);
	buf_release(&gs);
	buf_release(&gsh);
	buf_release(&psh);
	buf_release(&f);
	save_sealed_free(pv);
	save_sealed_free(gv);
}

static void
test_in_file(void)
{
	unsigned char sk[2][64], pk[2][32], seed[32];
	struct save_header h;
	struct save s;
	struct buf file, out;
	char what[512];
	int added;
	struct err e;

	memset(&h, 0, sizeof h);
	snprintf(h.rules, sizeof h.rules, "sealmock");
	h.chance = SAVE_CHANCE_FAIR;
	h.hands = SAVE_HANDS_SEALED;
	memset(h.salt, 0x21, sizeof h.salt);
	snprintf(h.created, sizeof h.created, "2026-11-22T12:00:00Z");
	h.nplayers = 2;
	for (int i = 0; i < 2; i++) {
		memset(seed, 0x61 + i, sizeof seed);
		crypto_sign_seed_keypair(pk[i], sk[i], seed);
		snprintf(h.player[i].seat, sizeof h.player[i].seat, "%s",
		    mock_seats[i]);
		snprintf(h.player[i].name, sizeof h.player[i].name, "P%d", i);
		memcpy(h.player[i].pk, pk[i], 32);
	}
	buf_init(&file);
	save_init(&s, "mem");
	if (save_start(&s, &h, &file, &e) != 0)
		bail("save_start: %s", e.msg);
	ok(strstr(file.p, "\nhands sealed\n") != NULL, "the header says "
	    "hands sealed");
	{
		struct save o;
		struct buf ob;

		snprintf(h.rules, sizeof h.rules, "openmock");
		save_init(&o, "mem");
		buf_init(&ob);
		is_int(ERR_USAGE, save_start(&o, &h, &ob, &e), "a new sealed "
		    "game of a rule set that deals no sealed hands: refused");
		is_string("Open Mock deals no sealed hands yet", e.msg,
		    "with its reason");
		save_release(&o);
		buf_release(&ob);
		snprintf(h.rules, sizeof h.rules, "sealmock");
	}
	for (int i = 0; i < 2; i++) {
		save_release(&s);
		save_init(&s, "mem");
		buf_init(&out);
		if (save_read_buf(&s, file.p, file.len, &e) != 0 ||
		    save_answer(&s, file.p, file.len, sk[i], &out, &added,
		    &e) != 0)
			bail("%s joins: %s (line %d)", mock_seats[i], e.msg,
			    e.line);
		buf_release(&file);
		file = out;
	}
	ok(strstr(file.p, "\n#? sealed deck 0 n=4: purple green\n") !=
	    NULL && strstr(file.p, "\n@ purple shuffle deck 0 +2 | ") !=
	    NULL, "after the last join the rules declare their deck: the "
	    "file has its await, and purple, whose turn it is, shuffled "
	    "with its join");
	save_awaits(&s, what, sizeof what);
	is_string("the shuffle of deck 0 by green", what, "and the game "
	    "awaits green's shuffle");
	is_int(1, (long long)save_awaited(&s), "green owes it");
	ok(!save_started(&s), "the game has not started");
	save_release(&s);
	save_init(&s, "mem");
	err_clear(&e);
	is_int(0, save_read_buf(&s, file.p, file.len, &e), "a fresh reader "
	    "reads the file%s", e.msg);
	save_awaits(&s, what, sizeof what);
	is_string("the shuffle of deck 0 by green", what, "and awaits the "
	    "same");
	{
		/* the joins alone: purple's shuffle and the end cut */
		struct buf j = BUF_INIT;
		const char *ps = strstr(file.p, "\n@ purple shuffle ") + 1;
		const char *q = strchr(ps, '\n') + 1;

		while (q[0] == '|')
			q = strchr(q, '\n') + 1;
		buf_add(&j, file.p, (size_t)(ps - file.p));
		buf_add(&j, q, (size_t)(strstr(q, "\nend ") + 1 - q));
		end_line(&j, 1, s.hdr.game_id);
		buf_add(&j, "", 1);
		test_shuffles(j.p, s.hdr.game_id);
		buf_release(&j);
	}
	save_release(&s);
	{
		/* The await dropped: refused where the replay owes it. */
		char *cut = strdup(file.p), *l = strstr(cut, "#? sealed ");
		char *nl = strchr(l, '\n');

		memmove(l, nl + 1, strlen(nl + 1) + 1);
		save_init(&s, "mem");
		ok(save_read_buf(&s, cut, strlen(cut), &e) != 0 &&
		    strstr(e.msg, "missing annotation") != NULL &&
		    strstr(e.msg, "#? sealed deck 0 n=4: purple green") !=
		    NULL, "a file without the await is refused: '%s'",
		    e.msg);
		save_release(&s);
		free(cut);
	}
	buf_release(&file);
}

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
	struct save_sealed *ss = save_sealed_new(owe_cb, &owed[0]);
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

	is_int(ERR_USAGE, save_sealed_start(ss, id, 2, names, &sealing, -1,
	    NULL, &e),
	    "no table before every seat's key is in");
	ok(!ss->ready, "not ready");

	is_int(0, save_sealed_join(ss, id, 1, names, &pa, &e),
	    "purple's join");
	is_int(0, save_sealed_start(ss, id, 2, names, &sealing, -1,
	    NULL, &e),
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

	ss = save_sealed_new(owe_cb, &owed[0]);
	if (ss == NULL || save_sealed_join(ss, id, 0, names, &ga, &e) != 0 ||
	    save_sealed_join(ss, id, 1, names, &pa, &e) != 0)
		bail("joins: %s", e.msg);
	is_int(ERR_REFUSED, save_sealed_start(ss, id, 2, names,
	    &not_sealing, -1, NULL, &e), "a rule set that deals no sealed hands: "
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
	plan(22 + 23 + 10 + 11 + 4 + 3 + 2);
	rules_register(rules_table);
	test_joins();
	test_requests();
	test_in_file();
	return 0;
}
