/*
 * t/helpers/predict.c -- a test helper, not part of trigon: the
 * prediction attack of doc/fair-chance.md, its games and its controls.
 *
 *   predict play [--replay] [--replays] FILE N RNGSEED KEYFILE...
 *	play N random legal actions (never "resign" while anything else
 *	is legal) into FILE, seat by seat, and after every action let
 *	every seat's client answer what it owes (save_answer, as trigon
 *	move and trigon answer do), so a fair game goes on by itself.
 *	KEYFILEs: one per seat, in seat order.  Prints the actions played;
 *	with --replays a second line "replays R": how many times the
 *	answers replayed the file (lib/save-snap.c: an answer rebuilds
 *	its block on a copy of the block's start, and replays only when
 *	it has none).  --replay: every answer replays the file, as all
 *	did before that copy (the same bytes must come out).
 *
 *   predict fault KIND IN OUT KEYFILE...
 *	write OUT, the verified game IN under a deliberately faulty
 *	protocol, and OUT.truth, what every event of OUT drew under that
 *	protocol (one line an event: "INDEX KIND DIE DRAW").  The faults,
 *	each one that some strategy below must beat (the controls):
 *	  salt     every event keyed from the header's salt as open mode
 *	           keys from the seed (the releases drive nothing)
 *	  trigger  an event's key made from its trigger's value only
 *	  copied   every seat but the first releases the first seat's
 *	           chain (its anchor and values: a chain not bound to its
 *	           seat)
 *	  stuck    every seat but the first releases its anchor again and
 *	           again (a chain that never advances)
 *	  leak     the second seat's client wrote its seat secret S into a
 *	           comment after the header
 *
 *   predict [--truth] [-v] KEYFILE FILE...
 *	the attack: for every random event of each FILE, with nothing but
 *	what the key's seat knows when the event opens (the header, the
 *	joins, the events' labels and quorums, every release of an earlier
 *	event, and its own secret and chain), guess the event's draws with
 *	each strategy; then compare with what the event really drew.
 *	Without --truth each FILE must verify and the truth is taken from
 *	the game's own source of chance while it replays the file (the
 *	stream the rules drew from); with --truth it is read from
 *	FILE.truth (fault files do not verify).  Prints, summed over the
 *	files, per strategy: guesses, exact draws (the first 32 bytes of
 *	the event's stream), first dice right, and the 4-sigma limit for
 *	dice at p = 1/6; then "verdict chance" when no strategy drew any
 *	event exactly or beat the dice limit, else "verdict predicted
 *	STRATEGY...".
 *
 * The strategies (doc/fair-chance.md; stage 1 has no sealed cards, so
 * decryption, boxes, tracking and nonce reuse have nothing to attack):
 *   seed    replay the rules' draws from the header's seed (open mode)
 *           or its salt used as a seed (fair mode)
 *   own     every missing contribution = the seat's own next value
 *   zero    every missing contribution = 32 zero bytes
 *   prev    = the missing seat's last released value (or its anchor)
 *   anchor  = the missing seat's anchor
 *   link    = the missing seat's last value hashed one link onward
 *   ownpos  = the seat's own chain value at the missing seat's position
 *   subset  the key made from the contributions known (own value only)
 *   scan    every 32-byte value written in the file (base64 or hex) that
 *           is no release of this or a later event, tried as another
 *           seat's secret S (its chain rebuilt and matched with its
 *           anchor) and as its next chain values (linked down to its
 *           last known value); a guess only when every missing value
 *           was recovered
 */
#define _GNU_SOURCE 1		/* memmem */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "fair.h"
#include "keys.h"
#include "rand64.h"
#include "save.h"
#include "save-int.h"	/* --replay: the save layer's switch for tests */

#define MAXEV 20000
#define MAXLINES 400000
#define MAXTOK 4096

enum { S_SEED, S_OWN, S_ZERO, S_PREV, S_ANCHOR, S_LINK, S_OWNPOS, S_SUBSET,
	S_SCAN, NSTRAT };
static const char *strat_name[NSTRAT] = { "seed", "own", "zero", "prev",
	"anchor", "link", "ownpos", "subset", "scan" };

struct evinfo {
	int index;			/* the source's event number (0-based) */
	char label[FAIR_LABEL_MAX + 1];
	unsigned quorum;
	int trigger;			/* seat of the last action before it */
	int line;			/* its "#?" line (0-based), fair mode */
	int has_kind;
	unsigned kind;
	int has_truth;
	unsigned char draw[32];
	int die;
	unsigned relmask;		/* releases read from the text */
	unsigned char rel[RULES_MAX_SEATS][32];
	uint32_t k[RULES_MAX_SEATS];	/* chain positions */
};

struct token {
	unsigned char v[32];
	int release_event;		/* the event it is a release for, or 0 */
	int anchor;			/* an anchor= value */
	int line;			/* where it stands (0-based) */
};

/* One file as the attacker reads it. */
struct view {
	char *text;
	size_t len;
	char *line[MAXLINES];
	size_t linelen[MAXLINES];
	int nlines;
	unsigned char id[16];
	unsigned char seed[32];		/* seed (open) or salt (fair) */
	int fair;
	int nseats;
	char seat[RULES_MAX_SEATS][SAVE_SEAT_MAX];
	char pubtext[RULES_MAX_SEATS][KEY_PUB_TEXT_MAX];
	unsigned anchored;
	unsigned char anchor[RULES_MAX_SEATS][32];
	uint32_t n[RULES_MAX_SEATS];
	int nev;			/* events 1..nev: ev[0..nev) */
	struct evinfo *ev;
	struct token tok[MAXTOK];
	int ntok;
};

static struct view V;

/* ---- reading ------------------------------------------------------------ */

static int
read_file(const char *path, char **out, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, n = 0;
	char *p = malloc(cap);

	if (f == NULL || p == NULL)
		return -1;
	for (;;) {
		size_t r;

		if (n + 1 >= cap && (p = realloc(p, cap *= 2)) == NULL)
			return -1;
		r = fread(p + n, 1, cap - n - 1, f);
		if (r == 0)
			break;
		n += r;
	}
	fclose(f);
	p[n] = '\0';
	*out = p;
	*len = n;
	return 0;
}

static int
seat_index(const char *name, size_t n)
{
	for (int i = 0; i < V.nseats; i++)
		if (strlen(V.seat[i]) == n && memcmp(V.seat[i], name, n) == 0)
			return i;
	return -1;
}

static int
b64char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_';
}

static int
hexchar(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* Every 32-byte value the line spells (43 base64 or 64 hex characters). */
static void
scan_tokens(int lineno, const char *l, size_t n, int release_event,
    const char *relval)
{
	struct err e;
	size_t i = 0;

	while (i < n) {
		size_t j = i;

		while (j < n && b64char((unsigned char)l[j]))
			j++;
		if (j == i) {
			i++;
			continue;
		}
		if (V.ntok < MAXTOK && (j - i == 43 || j - i == 64)) {
			struct token *t = &V.tok[V.ntok];
			int ok;

			memset(t, 0, sizeof *t);
			if (j - i == 43)
				ok = fair_unb64(t->v, l + i, 43, "token", &e) == 0;
			else {
				ok = 1;
				for (size_t x = i; x < j; x++)
					ok &= hexchar((unsigned char)l[x]);
				ok = ok && sodium_hex2bin(t->v, 32, l + i, 64,
				    NULL, NULL, NULL) == 0;
			}
			if (ok) {
				if (relval != NULL && l + i == relval)
					t->release_event = release_event;
				t->line = lineno;
				t->anchor = i >= 7 &&
				    memcmp(l + i - 7, "anchor=", 7) == 0;
				V.ntok++;
			}
		}
		i = j;
	}
}

/* The attacker's reading of a file: header, joins, events, releases. */
static int
parse_view(void)
{
	int last_actor = -1;

	V.nlines = 0;
	for (char *p = V.text; p < V.text + V.len && V.nlines < MAXLINES;) {
		char *q = memchr(p, '\n', (size_t)(V.text + V.len - p));

		V.line[V.nlines] = p;
		V.linelen[V.nlines++] = q ? (size_t)(q - p) : strlen(p);
		if (q == NULL)
			break;
		p = q + 1;
	}
	for (int i = 0; i < V.nlines; i++) {
		char *l = V.line[i];
		size_t n = V.linelen[i];
		struct fair_answer a;
		struct err e;

		if (n == 37 && strncmp(l, "game ", 5) == 0)
			sodium_hex2bin(V.id, 16, l + 5, 32, NULL, NULL, NULL);
		else if (n == 69 && (strncmp(l, "seed ", 5) == 0 ||
		    strncmp(l, "salt ", 5) == 0)) {
			sodium_hex2bin(V.seed, 32, l + 5, 64, NULL, NULL, NULL);
			V.fair = l[1] == 'a';
		} else if (strncmp(l, "player ", 7) == 0 &&
		    V.nseats < RULES_MAX_SEATS) {
			const char *sp = memchr(l + 7, ' ', n - 7);
			const char *kp = memmem(l, n, " trigon-ed25519:", 16);

			if (sp == NULL || kp == NULL)
				return -1;
			snprintf(V.seat[V.nseats], SAVE_SEAT_MAX, "%.*s",
			    (int)(sp - l - 7), l + 7);
			snprintf(V.pubtext[V.nseats], KEY_PUB_TEXT_MAX, "%.*s",
			    (int)(l + n - kp - 1), kp + 1);
			V.nseats++;
		} else if (n > 3 && strncmp(l, "#? ", 3) == 0 &&
		    l[3] >= '1' && l[3] <= '9') {
			char *end;
			long e1 = strtol(l + 3, &end, 10);
			const char *colon = NULL;
			struct evinfo *E;

			if (strncmp(end, " release ", 9) != 0 || e1 < 1 ||
			    e1 > MAXEV)
				continue;
			for (const char *c = l + n - 1; c > end; c--)
				if (*c == ':' && c[1] == ' ') {
					colon = c;
					break;
				}
			if (colon == NULL)
				return -1;
			E = &V.ev[e1 - 1];
			E->index = (int)e1 - 1;
			snprintf(E->label, sizeof E->label, "%.*s",
			    (int)(colon - end - 9), end + 9);
			E->trigger = last_actor;
			E->line = i;
			for (const char *c = colon + 2; c < l + n;) {
				const char *sp = memchr(c, ' ', (size_t)(l + n - c));
				size_t wl = sp ? (size_t)(sp - c) : (size_t)(l + n - c);
				int si = seat_index(c, wl);

				if (si >= 0)
					E->quorum |= 1u << si;
				c += wl + 1;
			}
			if (e1 > V.nev)
				V.nev = (int)e1;
		} else if (n > 2 && l[0] >= '1' && l[0] <= '9') {
			const char *sp = memchr(l, ' ', n);
			const char *sp2 = sp ? memchr(sp + 1, ' ',
			    (size_t)(l + n - sp - 1)) : NULL;

			if (sp2 != NULL)
				last_actor = seat_index(sp + 1,
				    (size_t)(sp2 - sp - 1));
		}
		if (n > 2 && strncmp(l, "@ ", 2) == 0 &&
		    fair_parse_answer(l, n, &a, &e) == 0) {
			int si = seat_index(a.seat, a.seatlen);

			if (si >= 0 && a.kind == FAIR_JOIN) {
				memcpy(V.anchor[si], a.u.join.anchor, 32);
				V.n[si] = a.u.join.n;
				V.anchored |= 1u << si;
			} else if (si >= 0 && a.kind == FAIR_RELEASE &&
			    a.u.release.event >= 1 &&
			    a.u.release.event <= MAXEV) {
				struct evinfo *E = &V.ev[a.u.release.event - 1];

				memcpy(E->rel[si], a.u.release.value, 32);
				E->relmask |= 1u << si;
				scan_tokens(i, l, n, (int)a.u.release.event,
				    a.args + (a.argslen - 43));
				continue;
			}
		}
		scan_tokens(i, l, n, 0, NULL);
	}
	/* chain positions: 1 + the earlier events whose quorum held the seat */
	{
		uint32_t count[RULES_MAX_SEATS] = { 0 };

		for (int x = 0; x < V.nev; x++)
			for (int si = 0; si < V.nseats; si++)
				V.ev[x].k[si] = count[si] + 1,
				count[si] += V.ev[x].quorum >> si & 1;
	}
	return V.nseats > 0 ? 0 : -1;
}

/* ---- the truth: what the game's own source answered ------------------------ */

struct capture {
	struct rules_chance chance;
	const struct rules_chance *orig;
};

static void
take_draw(const struct chance_stream *st, unsigned char draw[32], int *die)
{
	struct chance_stream c = *st;

	for (int i = 0; i < 32; i++)
		draw[i] = (unsigned char)chance_below(&c, 256);
	c = *st;
	*die = chance_die(&c);
}

static int
cap_event(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	struct capture *c = ctx;
	int rc = c->orig->event(c->orig->ctx, event, req, out, err);

	if (rc == 0 && event < MAXEV && !V.ev[event].has_truth) {
		struct evinfo *E = &V.ev[event];

		E->has_truth = 1;
		E->index = (int)event;
		E->has_kind = 1;
		E->kind = req->kind;
		if (!V.fair) {
			snprintf(E->label, sizeof E->label, "%s",
			    req->label ? req->label : "");
			E->quorum = req->quorum;
		}
		take_draw(out, E->draw, &E->die);
		if ((int)event + 1 > V.nev)
			V.nev = (int)event + 1;
	}
	return rc;
}

static int
cap_settle(void *ctx, struct rules_error *err)
{
	struct capture *c = ctx;

	return c->orig->settle(c->orig->ctx, err);
}

/* Replay the file through the save layer, recording every event. */
static int
replay(const char *name)
{
	static struct capture cap;
	struct save s;
	struct err e;
	const char *p = V.text, *end = V.text + V.len;
	int rc = 0;

	save_init(&s, name);
	memset(&cap, 0, sizeof cap);
	cap.chance.event = cap_event;
	cap.chance.ctx = &cap;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		int start = n == 5 && memcmp(p, "start", 5) == 0;

		if (start && !V.fair) {
			/* open mode: the seeded source, set up at "start" */
			cap.orig = &s.seeded.chance;
			s.chance = &cap.chance;
		}
		if ((rc = save_feed(&s, p, n, &e)) != 0)
			break;
		if (start && V.fair) {
			cap.orig = s.chance;
			cap.chance.flags = s.chance->flags;
			cap.chance.settle = s.chance->settle ? cap_settle : NULL;
			s.chance = &cap.chance;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	if (rc == 0)
		rc = save_finish(&s, p >= end, &e);
	if (rc != 0)
		fprintf(stderr, "predict: %s:%d: %s\n", name, e.line, e.msg);
	save_release(&s);
	return rc;
}

static int
read_truth(const char *path)
{
	FILE *f = fopen(path, "r");
	char hex[65];
	int idx, die;
	unsigned kind;

	if (f == NULL)
		return -1;
	while (fscanf(f, "%d %u %d %64s", &idx, &kind, &die, hex) == 4) {
		if (idx < 0 || idx >= MAXEV)
			return -1;
		V.ev[idx].has_truth = 1;
		V.ev[idx].has_kind = 1;
		V.ev[idx].kind = kind;
		V.ev[idx].die = die;
		sodium_hex2bin(V.ev[idx].draw, 32, hex, 64, NULL, NULL, NULL);
		if (idx + 1 > V.nev)
			V.nev = idx + 1;
	}
	fclose(f);
	return 0;
}

/* ---- derivations, from trigon-save(5) ------------------------------------ */

/*
 * An event key as fair_event_key computes it, without its refusals (a
 * guess may repeat a value, a faulty protocol may use a subset).
 */
static void
event_key(unsigned char key[32], int event, const char *label,
    const int *seat, const uint32_t *k, unsigned char (*val)[32], int nc)
{
	crypto_generichash_state st;
	unsigned char b[4];
	size_t ll = strlen(label);
	static const char dom[] = "trigon-fair v1 event";

	crypto_generichash_init(&st, NULL, 0, 32);
	crypto_generichash_update(&st, (const unsigned char *)dom, sizeof dom);
	crypto_generichash_update(&st, V.id, 16);
	b[0] = (unsigned char)(event >> 24);
	b[1] = (unsigned char)(event >> 16);
	b[2] = (unsigned char)(event >> 8);
	b[3] = (unsigned char)event;
	crypto_generichash_update(&st, b, 4);
	b[0] = (unsigned char)(ll >> 8);
	b[1] = (unsigned char)ll;
	crypto_generichash_update(&st, b, 2);
	crypto_generichash_update(&st, (const unsigned char *)label, ll);
	for (int i = 0; i < nc; i++) {
		b[0] = (unsigned char)seat[i];
		crypto_generichash_update(&st, b, 1);
		b[0] = (unsigned char)(k[i] >> 24);
		b[1] = (unsigned char)(k[i] >> 16);
		b[2] = (unsigned char)(k[i] >> 8);
		b[3] = (unsigned char)k[i];
		crypto_generichash_update(&st, b, 4);
		crypto_generichash_update(&st, val[i], 32);
	}
	crypto_generichash_final(&st, key, 32);
}

static void
key_draw(const unsigned char key[32], unsigned char draw[32], int *die)
{
	struct chance_stream st;

	fair_event_stream(&st, key);
	take_draw(&st, draw, die);
}

/* The quorum of an event as seats in order (a quorum of 0: all). */
static int
quorum_seats(const struct evinfo *E, int *seat)
{
	int n = 0;

	for (int si = 0; si < V.nseats; si++)
		if (E->quorum == 0 || (E->quorum >> si & 1))
			seat[n++] = si;
	return n;
}

/* Seat si's last value released before event x (0-based), or its anchor. */
static const unsigned char *
last_value(int si, int x, uint32_t *pos)
{
	for (int y = x - 1; y >= 0; y--)
		if (V.ev[y].relmask >> si & 1) {
			*pos = V.ev[y].k[si];
			return V.ev[y].rel[si];
		}
	*pos = 0;
	return V.anchor[si];
}

/*
 * The attacker's reading is right: in a fair file every event's key,
 * computed from the releases written in the file as trigon-save(5)
 * says, is what the game drew (so a strategy that finds the values
 * would be scored a hit).  Returns the events that disagree.
 */
static int
check_reading(const char *name)
{
	int bad = 0;

	for (int x = 0; V.fair && x < V.nev; x++) {
		struct evinfo *E = &V.ev[x];
		unsigned char key[32], draw[32], val[RULES_MAX_SEATS][32];
		uint32_t k[RULES_MAX_SEATS];
		int seat[RULES_MAX_SEATS], nq, die;

		if (!E->has_truth)
			continue;
		nq = quorum_seats(E, seat);
		for (int i = 0; i < nq; i++) {
			k[i] = E->k[seat[i]];
			memcpy(val[i], E->rel[seat[i]], 32);
		}
		event_key(key, x + 1, E->label, seat, k, val, nq);
		key_draw(key, draw, &die);
		if (memcmp(draw, E->draw, 32) != 0 || die != E->die) {
			fprintf(stderr, "predict: %s: event %d (%s): the key "
			    "from its releases is not what the game drew\n",
			    name, x + 1, E->label);
			bad++;
		}
	}
	return bad;
}

/* ---- the attack ------------------------------------------------------------ */

struct score {
	long guesses, draws, dice;
};

static struct fair_seat *recovered[RULES_MAX_SEATS];
static int recovered_line[RULES_MAX_SEATS];

/* The attacking seat's own chain, walked down once from its top. */
static unsigned char (*own)[32];
static uint32_t own_n;

static void
own_chain(const struct fair_seat *fs)
{
	free(own);
	own_n = fs->n;
	if ((own = malloc(((size_t)own_n + 1) * 32)) == NULL)
		exit(3);
	memcpy(own[own_n], fs->top, 32);
	for (uint32_t k = own_n; k > 0; k--)
		fair_chain_link(own[k - 1], fs->id, fs->seat, fs->seatlen, k,
		    own[k]);
}

static int
own_value(uint32_t k, unsigned char out[32])
{
	if (k > own_n)
		return -1;
	memcpy(out, own[k], 32);
	return 0;
}

/*
 * Scan: every non-release value of the file tried as a seat's secret;
 * the first line that gives one away is kept (an event opened before
 * that line cannot use it: the audit at the end reveals every secret).
 */
static void
scan_secrets(int me)
{
	struct err e;

	for (int si = 0; si < V.nseats; si++) {
		if (si == me || !(V.anchored >> si & 1))
			continue;
		for (int t = 0; t < V.ntok && recovered[si] == NULL; t++) {
			struct fair_seat *fs;

			if (V.tok[t].release_event != 0 || V.tok[t].anchor)
				continue;
			if (fair_seat_audit(&fs, V.tok[t].v, V.id, V.seat[si],
			    V.n[si], &e) != 0)
				continue;
			if (sodium_memcmp(fs->anchor, V.anchor[si], 32) == 0) {
				recovered[si] = fs;
				recovered_line[si] = V.tok[t].line;
			}
			else
				fair_seat_free(fs);
		}
	}
}

/* Scan: a value of the file that links down to seat si's last known
 * value, as its chain position k (up to 4 links below it). */
static int
scan_value(int si, int x, uint32_t k, unsigned char out[32])
{
	uint32_t pos;
	const unsigned char *last = last_value(si, x, &pos);
	struct err e;

	if (recovered[si] != NULL && (!V.fair ||
	    recovered_line[si] < V.ev[x].line))
		return fair_seat_value(recovered[si], k, out, &e) == 0;
	if (k <= pos || k - pos > 4)
		return 0;
	for (int t = 0; t < V.ntok; t++) {
		unsigned char v[32], prev[32];

		if (V.tok[t].release_event != 0 ?
		    V.tok[t].release_event - 1 >= x : V.tok[t].line >= V.ev[x].line)
			continue;	/* this event's or a later release, or a
					   value written after the event opened */
		memcpy(v, V.tok[t].v, 32);
		for (uint32_t j = k; j > pos; j--) {
			fair_chain_link(prev, V.id, V.seat[si],
			    strlen(V.seat[si]), j, v);
			memcpy(v, prev, 32);
		}
		if (sodium_memcmp(v, last, 32) == 0) {
			memcpy(out, V.tok[t].v, 32);
			return 1;
		}
	}
	return 0;
}

static void
attack(int me, const struct fair_seat *mine, struct score *sc, int verbose,
    const char *name)
{

	memset(recovered, 0, sizeof recovered);
	if (V.fair && mine != NULL) {
		own_chain(mine);
		scan_secrets(me);
	}
	for (int x = 0; x < V.nev; x++) {
		struct evinfo *E = &V.ev[x];
		int seat[RULES_MAX_SEATS], nq;
		uint32_t k[RULES_MAX_SEATS];
		unsigned char val[RULES_MAX_SEATS][32];

		if (!E->has_truth)
			continue;
		for (int st = 0; st < NSTRAT; st++) {
			unsigned char key[32], draw[32];
			int die = 0, guessed = 1;

			if (st == S_SEED) {
				struct chance_stream cs;

				if (!E->has_kind)
					continue;
				chance_seed_stream(&cs, V.seed, E->kind,
				    (uint32_t)E->index);
				take_draw(&cs, draw, &die);
				goto score;
			}
			if (!V.fair || mine == NULL)
				continue;
			nq = quorum_seats(E, seat);
			if (st == S_SUBSET) {
				int j = 0;

				for (int i = 0; i < nq; i++)
					if (seat[i] == me) {
						k[0] = E->k[me];
						own_value(k[0], val[0]);
						seat[0] = me;
						j = 1;
					}
				if (j == 0)
					continue;
				event_key(key, x + 1, E->label, seat, k, val, 1);
				key_draw(key, draw, &die);
				goto score;
			}
			for (int i = 0; i < nq && guessed; i++) {
				int si = seat[i];
				uint32_t pos;
				const unsigned char *last;

				k[i] = E->k[si];
				if (si == me) {
					own_value(k[i], val[i]);
					continue;
				}
				last = last_value(si, x, &pos);
				switch (st) {
				case S_OWN:
					own_value(E->k[me], val[i]);
					break;
				case S_ZERO:
					memset(val[i], 0, 32);
					break;
				case S_PREV:
					memcpy(val[i], last, 32);
					break;
				case S_ANCHOR:
					memcpy(val[i], V.anchor[si], 32);
					break;
				case S_LINK:
					fair_chain_link(val[i], V.id, V.seat[si],
					    strlen(V.seat[si]), k[i], last);
					break;
				case S_OWNPOS:
					if (own_value(k[i], val[i]) != 0)
						guessed = 0;
					break;
				case S_SCAN:
					guessed = scan_value(si, x, k[i], val[i]);
					break;
				}
			}
			if (!guessed)
				continue;
			event_key(key, x + 1, E->label, seat, k, val, nq);
			key_draw(key, draw, &die);
score:
			sc[st].guesses++;
			if (memcmp(draw, E->draw, 32) == 0)
				sc[st].draws++;
			if (die == E->die)
				sc[st].dice++;
			if (verbose)
				printf("%s: event %d (%s) %s: die %d, drew %d%s\n",
				    name, x + 1, E->label, strat_name[st], die,
				    E->die, memcmp(draw, E->draw, 32) == 0 ?
				    ", exact" : "");
		}
	}
	for (int si = 0; si < V.nseats; si++)
		fair_seat_free(recovered[si]);
}

static int
load_view(const char *path)
{
	free(V.text);
	memset(V.ev, 0, MAXEV * sizeof *V.ev);
	{
		struct evinfo *keep = V.ev;

		memset(&V, 0, sizeof V);
		V.ev = keep;
	}
	if (read_file(path, &V.text, &V.len) != 0 || parse_view() != 0) {
		fprintf(stderr, "predict: %s: cannot read it\n", path);
		return -1;
	}
	return 0;
}

static int
cmd_attack(int argc, char **argv)
{
	struct score sc[NSTRAT];
	unsigned char *sk, pk[32];
	char pub[KEY_PUB_TEXT_MAX];
	int truth = 0, verbose = 0, ok = 1, files = 0;
	char verdict[256] = "";
	size_t vlen = 0;
	long events = 0;
	struct err e;

	for (; argc > 0 && argv[0][0] == '-'; argc--, argv++)
		if (strcmp(argv[0], "--truth") == 0)
			truth = 1;
		else if (strcmp(argv[0], "-v") == 0)
			verbose = 1;
		else
			return 2;
	if (argc < 2)
		return 2;
	sk = sodium_malloc(64);
	if (keys_unlock(argv[0], NULL, sk, pk, &e) != 0) {
		fprintf(stderr, "predict: %s\n", e.msg);
		return 3;
	}
	keys_pub_format(pk, pub, sizeof pub);
	memset(sc, 0, sizeof sc);
	for (int f = 1; f < argc; f++) {
		struct fair_seat *mine = NULL;
		int me = -1;

		if (load_view(argv[f]) != 0)
			return 3;
		for (int si = 0; si < V.nseats; si++)
			if (strcmp(V.pubtext[si], pub) == 0)
				me = si;
		if (me < 0) {
			fprintf(stderr, "predict: %s: the key is no seat's\n",
			    argv[f]);
			return 3;
		}
		if (truth) {
			char tp[4096];

			snprintf(tp, sizeof tp, "%s.truth", argv[f]);
			if (read_truth(tp) != 0) {
				fprintf(stderr, "predict: %s: cannot read it\n", tp);
				return 3;
			}
		} else if (replay(argv[f]) != 0)
			return 3;
		else if (check_reading(argv[f]) != 0)
			return 1;
		if (V.fair && fair_seat_new(&mine, sk, V.id, V.seat[me],
		    V.n[me] ? V.n[me] : FAIR_CHAIN_N, &e) != 0)
			return 3;
		for (int x = 0; x < V.nev; x++)
			events += V.ev[x].has_truth;
		attack(me, mine, sc, verbose, argv[f]);
		fair_seat_free(mine);
		files++;
	}
	printf("files %d events %ld\n", files, events);
	for (int st = 0; st < NSTRAT; st++) {
		double g = (double)sc[st].guesses;
		long limit = (long)floor(g / 6 + 4 * sqrt(g * 5 / 36));

		printf("strategy %s guesses %ld draws %ld dice %ld limit %ld\n",
		    strat_name[st], sc[st].guesses, sc[st].draws, sc[st].dice,
		    limit);
		if (sc[st].draws > 0 || sc[st].dice > limit) {
			vlen += (size_t)snprintf(verdict + vlen,
			    sizeof verdict - vlen, " %s", strat_name[st]);
			ok = 0;
		}
	}
	printf(ok ? "verdict chance\n" : "verdict predicted%s\n", verdict);
	sodium_free(sk);
	return 0;
}

/* ---- the games -------------------------------------------------------------- */

struct pick {
	unsigned long long n, want;
	char chosen[RULES_ACTION_MAX + 1];
	int counting, avoiding;
};

static int
pick_cb(void *ctx, const char *action)
{
	struct pick *p = ctx;

	if (p->avoiding && strncmp(action, "resign", 6) == 0)
		return 0;
	if (!p->counting && p->n == p->want) {
		snprintf(p->chosen, sizeof p->chosen, "%s", action);
		return 1;
	}
	p->n++;
	return 0;
}

static int
load_keys(int n, char **paths, unsigned char **sk)
{
	unsigned char pk[32];
	struct err e;

	for (int i = 0; i < n; i++) {
		sk[i] = sodium_malloc(64);
		if (keys_unlock(paths[i], NULL, sk[i], pk, &e) != 0) {
			fprintf(stderr, "predict: %s\n", e.msg);
			return -1;
		}
	}
	return 0;
}

static int
write_file(const char *path, const char *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(p, 1, n, f) != n || fclose(f) != 0)
		return -1;
	return 0;
}

/* Every seat answers what it owes until nothing more is owed. */
static int
answer_all(struct save *s, struct buf *file, unsigned char **sk, int nkeys)
{
	struct err e;
	char what[512];

	for (int round = 0; save_awaits(s, what, sizeof what) > 0; round++) {
		int any = 0;

		if (round > 64)
			return -1;
		for (int i = 0; i < nkeys; i++) {
			struct buf whole = BUF_INIT;
			int added = 0;

			if (save_answer(s, file->p, file->len, sk[i], &whole,
			    &added, &e) != 0) {
				fprintf(stderr, "predict: answer: %s\n", e.msg);
				return -1;
			}
			if (added > 0) {
				buf_release(file);
				*file = whole;
				any = 1;
			} else
				buf_release(&whole);
		}
		if (!any) {
			fprintf(stderr, "predict: nobody answers: %s\n", what);
			return -1;
		}
	}
	return 0;
}

static int
cmd_play(int argc, char **argv)
{
	unsigned char *sk[RULES_MAX_SEATS];
	struct buf file = BUF_INIT;
	struct save s;
	struct err e;
	uint64_t rng;
	long n, played = 0;
	int nkeys, replay = 0, replays = 0;
	char *text, what[512];
	size_t len;

	for (; argc > 0 && strncmp(argv[0], "--", 2) == 0; argc--, argv++)
		if (strcmp(argv[0], "--replay") == 0)
			replay = 1;
		else if (strcmp(argv[0], "--replays") == 0)
			replays = 1;
		else
			return 2;
	if (argc < 4)
		return 2;
	n = atol(argv[1]);
	rng = strtoull(argv[2], NULL, 10);
	nkeys = argc - 3;
	if (nkeys > RULES_MAX_SEATS || load_keys(nkeys, argv + 3, sk) != 0)
		return 3;
	if (read_file(argv[0], &text, &len) != 0 ||
	    buf_add(&file, text, len) != 0)
		return 3;
	free(text);
	save_init(&s, argv[0]);
	if (save_read_buf(&s, file.p, file.len, &e) != 0) {
		fprintf(stderr, "predict: %s:%d: %s\n", argv[0], e.line, e.msg);
		return 3;
	}
	if (s.fair != NULL)
		s.fair->replay_answers = replay;
	if (answer_all(&s, &file, sk, nkeys) != 0)
		return 1;
	while (played < n) {
		struct pick p = { 0, 0, "", 1, 1 };
		struct rules_await aw;
		struct buf out = BUF_INIT;
		off_t keep = s.body_len;

		s.rules->await(s.game, &aw);
		if (aw.over)
			break;
		if (aw.seat >= nkeys)
			return 3;
		s.rules->legal(s.game, aw.seat, pick_cb, &p);
		if (p.n == 0) {
			p.avoiding = 0;
			s.rules->legal(s.game, aw.seat, pick_cb, &p);
		}
		if (p.n == 0)
			return 1;
		p.want = splitmix64(&rng) % p.n;
		p.n = 0;
		p.counting = 0;
		s.rules->legal(s.game, aw.seat, pick_cb, &p);
		if (save_play(&s, p.chosen, strlen(p.chosen), sk[aw.seat], &out,
		    &e) != 0) {
			fprintf(stderr, "predict: '%s': %s\n", p.chosen, e.msg);
			return 1;
		}
		file.len = (size_t)keep;
		if (buf_add(&file, out.p, out.len) != 0)
			return 3;
		buf_release(&out);
		played++;
		if (s.fair == NULL || save_awaits(&s, what, sizeof what) == 0) {
			/* nothing owed: the mover's end line */
			struct buf end = BUF_INIT;

			if (save_seal(&s, sk[aw.seat], &end, &e) != 0 ||
			    buf_add(&file, end.p, end.len) != 0) {
				fprintf(stderr, "predict: seal: %s\n", e.msg);
				return 3;
			}
			buf_release(&end);
		} else {
			/* the mover's own releases first, as trigon move */
			struct buf whole = BUF_INIT;
			int added = 0;

			if (save_answer(&s, file.p, file.len, sk[aw.seat], &whole,
			    &added, &e) != 0) {
				fprintf(stderr, "predict: answer: %s\n", e.msg);
				return 1;
			}
			if (added > 0) {
				buf_release(&file);
				file = whole;
			} else {
				buf_release(&whole);
				if (save_seal(&s, sk[aw.seat], &out, &e) != 0 ||
				    buf_add(&file, out.p, out.len) != 0)
					return 3;
				buf_release(&out);
			}
			if (answer_all(&s, &file, sk, nkeys) != 0)
				return 1;
		}
	}
	if (write_file(argv[0], file.p, file.len) != 0)
		return 3;
	printf("%ld\n", played);
	if (replays)
		printf("replays %lu\n", s.fair != NULL ?
		    s.fair->answer_replays : 0);
	save_release(&s);
	buf_release(&file);
	return 0;
}

/* ---- the faulty files ---------------------------------------------------- */

static int
cmd_fault(int argc, char **argv)
{
	unsigned char *sk[RULES_MAX_SEATS];
	struct fair_seat *fs[RULES_MAX_SEATS] = { 0 };
	const char *kind;
	struct err e;
	FILE *out, *tr;
	char tpath[4096];
	int nkeys;

	if (argc < 4)
		return 2;
	kind = argv[0];
	nkeys = argc - 3;
	if (nkeys > RULES_MAX_SEATS || load_keys(nkeys, argv + 3, sk) != 0)
		return 3;
	if (load_view(argv[1]) != 0 || replay(argv[1]) != 0)
		return 3;
	if (check_reading(argv[1]) != 0)
		return 1;
	if (!V.fair || nkeys != V.nseats) {
		fprintf(stderr, "predict: fault: a fair game and every seat's key\n");
		return 2;
	}
	for (int si = 0; si < V.nseats; si++)
		if (fair_seat_new(&fs[si], sk[si], V.id, V.seat[si], V.n[si],
		    &e) != 0)
			return 3;
	if ((out = fopen(argv[2], "wb")) == NULL)
		return 3;
	snprintf(tpath, sizeof tpath, "%s.truth", argv[2]);
	if ((tr = fopen(tpath, "w")) == NULL)
		return 3;
	/* the file */
	for (int i = 0; i < V.nlines; i++) {
		char *l = V.line[i];
		size_t n = V.linelen[i];
		struct fair_answer a;
		int si;

		if (n > 2 && strncmp(l, "@ ", 2) == 0 &&
		    fair_parse_answer(l, n, &a, &e) == 0 &&
		    (si = seat_index(a.seat, a.seatlen)) > 0 &&
		    (strcmp(kind, "copied") == 0 || strcmp(kind, "stuck") == 0)) {
			unsigned char v[32];
			char b[FAIR_B64_LEN + 1];
			const char *at;

			if (a.kind == FAIR_JOIN && strcmp(kind, "copied") == 0) {
				fair_b64(b, fs[0]->anchor);
				at = (const char *)memmem(l, n, "anchor=", 7) + 7;
				fprintf(out, "%.*s%s%.*s\n", (int)(at - l), l, b,
				    (int)(l + n - at - 43), at + 43);
				continue;
			}
			if (a.kind == FAIR_RELEASE) {
				struct evinfo *E = &V.ev[a.u.release.event - 1];

				if (strcmp(kind, "copied") == 0)
					fair_seat_value(fs[0], E->k[si], v, &e);
				else
					memcpy(v, V.anchor[si], 32);
				memcpy(E->rel[si], v, 32);
				fair_b64(b, v);
				at = a.args + a.argslen - 43;
				fprintf(out, "%.*s%s%.*s\n", (int)(at - l), l, b,
				    (int)(l + n - at - 43), at + 43);
				continue;
			}
		}
		fprintf(out, "%.*s\n", (int)n, l);
		if (strcmp(kind, "leak") == 0 && n == 5 &&
		    memcmp(l, "start", 5) == 0 && V.nseats > 1) {
			char b[FAIR_B64_LEN + 1];

			fair_b64(b, fs[1]->secret);
			fprintf(out, "# %s's client, debug: seat secret %s\n",
			    V.seat[1], b);
		}
	}
	/* the truth under the faulty protocol */
	for (int x = 0; x < V.nev; x++) {
		struct evinfo *E = &V.ev[x];
		unsigned char key[32], draw[32], val[RULES_MAX_SEATS][32];
		uint32_t k[RULES_MAX_SEATS];
		int seat[RULES_MAX_SEATS], nq, die;
		char hex[65];

		if (!E->has_truth)
			continue;
		nq = quorum_seats(E, seat);
		for (int i = 0; i < nq; i++) {
			k[i] = E->k[seat[i]];
			memcpy(val[i], E->rel[seat[i]], 32);
		}
		if (strcmp(kind, "salt") == 0) {
			struct chance_stream cs;

			chance_seed_stream(&cs, V.seed, E->kind, (uint32_t)x);
			take_draw(&cs, draw, &die);
		} else if (strcmp(kind, "trigger") == 0) {
			int t = E->trigger >= 0 && (E->quorum >> E->trigger & 1) ?
			    E->trigger : seat[0];

			for (int i = 0; i < nq; i++)
				if (seat[i] == t) {
					seat[0] = seat[i];
					k[0] = k[i];
					memcpy(val[0], val[i], 32);
				}
			event_key(key, x + 1, E->label, seat, k, val, 1);
			key_draw(key, draw, &die);
		} else if (strcmp(kind, "copied") == 0 ||
		    strcmp(kind, "stuck") == 0 || strcmp(kind, "leak") == 0) {
			event_key(key, x + 1, E->label, seat, k, val, nq);
			key_draw(key, draw, &die);
		} else {
			fprintf(stderr, "predict: no fault '%s'\n", kind);
			return 2;
		}
		sodium_bin2hex(hex, sizeof hex, draw, 32);
		fprintf(tr, "%d %u %d %s\n", x, E->kind, die, hex);
	}
	if (fclose(out) != 0 || fclose(tr) != 0)
		return 3;
	for (int si = 0; si < V.nseats; si++)
		fair_seat_free(fs[si]);
	return 0;
}

int
main(int argc, char **argv)
{
	rules_register(rules_table);
	if (sodium_init() < 0)
		return 3;
	V.ev = calloc(MAXEV, sizeof *V.ev);
	if (V.ev == NULL)
		return 3;
	if (argc > 1 && strcmp(argv[1], "play") == 0)
		return cmd_play(argc - 2, argv + 2);
	if (argc > 1 && strcmp(argv[1], "fault") == 0)
		return cmd_fault(argc - 2, argv + 2);
	if (argc > 1)
		return cmd_attack(argc - 1, argv + 1);
	fprintf(stderr, "usage: predict play [--replay] [--replays] FILE N "
	    "RNGSEED KEYFILE...\n"
	    "       predict fault KIND IN OUT KEYFILE...\n"
	    "       predict [--truth] [-v] KEYFILE FILE...\n");
	return 2;
}
