/*
 * gitrecv.c -- the shared repository's record of when it received each
 * signed line, and the deadlines the hook measures by it
 * (trigon-save(5), Deadlines and forfeit; doc/fair-chance.md, "Over
 * git, the receive time").
 *
 * The record is the file trigon-received in the repository's git
 * directory, beside HEAD and config, where a push cannot write (a push
 * brings objects and moves refs, nothing else).  One line a record:
 *   SECONDS KEY
 * KEY the hex of BLAKE2b-128 of the ref, a newline, the save file's
 * path, a newline and the line's bytes: a copy of the game pushed to
 * another ref is another copy, and cannot move this one's times.  A line's receive time is its last record.  A line of
 * the repository's copy that has no record (received before the record
 * was kept) is recorded when a push first finds it so; a line a push
 * brings is recorded when the hook takes the push, again if an earlier
 * push that brought it was refused after the hook took it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "fair.h"
#include "save.h"
#include "git.h"

#define KEY_BYTES 16

struct rec {
	unsigned char key[KEY_BYTES];
	int64_t when;
	size_t seq;
};

struct tgit_recv {
	char path[PATH_MAX];
	int64_t now;
	size_t n, cap;
	struct rec *r;
};

/* One line of a save file as the check sees it. */
struct rline {
	const char *p;
	size_t len;
	int lineno;
	char kind;		/* 'h' header or action, '@' answer, '#' note */
	int fresh;		/* not in the repository's copy */
	int64_t when;		/* received */
};

static int
rec_cmp(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	int c = memcmp(x->key, y->key, KEY_BYTES);

	if (c != 0)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void
line_key(unsigned char key[KEY_BYTES], const char *ref, const char *name,
    const char *p, size_t len)
{
	crypto_generichash_state st;

	crypto_generichash_init(&st, NULL, 0, KEY_BYTES);
	crypto_generichash_update(&st, (const unsigned char *)ref,
	    strlen(ref));
	crypto_generichash_update(&st, (const unsigned char *)"\n", 1);
	crypto_generichash_update(&st, (const unsigned char *)name,
	    strlen(name));
	crypto_generichash_update(&st, (const unsigned char *)"\n", 1);
	crypto_generichash_update(&st, (const unsigned char *)p, len);
	crypto_generichash_final(&st, key, KEY_BYTES);
}

/* The last record of key, or NULL. */
static const struct rec *
rec_find(const struct tgit_recv *rv, const unsigned char *key)
{
	size_t lo = 0, hi = rv->n;

	while (lo < hi) {	/* the first record not below key */
		size_t mid = lo + (hi - lo) / 2;

		if (memcmp(rv->r[mid].key, key, KEY_BYTES) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == rv->n || memcmp(rv->r[lo].key, key, KEY_BYTES) != 0)
		return NULL;
	while (lo + 1 < rv->n &&
	    memcmp(rv->r[lo + 1].key, key, KEY_BYTES) == 0)
		lo++;
	return &rv->r[lo];
}

static int
rec_add(struct tgit_recv *rv, const unsigned char *key, int64_t when)
{
	if (rv->n == rv->cap) {
		size_t cap = rv->cap ? 2 * rv->cap : 64;
		struct rec *t = realloc(rv->r, cap * sizeof *t);

		if (t == NULL)
			return -1;
		rv->r = t;
		rv->cap = cap;
	}
	memcpy(rv->r[rv->n].key, key, KEY_BYTES);
	rv->r[rv->n].when = when;
	rv->r[rv->n].seq = rv->n;
	rv->n++;
	return 0;
}

int
tgit_recv_open(struct tgit_recv **out, const char *gitdir, struct err *e)
{
	struct tgit_recv *rv;
	FILE *f;
	char l[128];

	*out = NULL;
	if (sodium_init() < 0 || (rv = calloc(1, sizeof *rv)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	rv->now = save_clock();
	if ((size_t)snprintf(rv->path, sizeof rv->path, "%s%strigon-received",
	    gitdir, gitdir[0] != '\0' && gitdir[strlen(gitdir) - 1] == '/' ?
	    "" : "/") >= sizeof rv->path) {
		free(rv);
		return err_set(e, ERR_IO, "'%s': the path is too long", gitdir);
	}
	if ((f = fopen(rv->path, "r")) == NULL && errno != ENOENT) {
		free(rv);
		return err_set(e, ERR_IO, "cannot read '%s': %s", rv->path,
		    strerror(errno));
	}
	while (f != NULL && fgets(l, sizeof l, f) != NULL) {
		unsigned char key[KEY_BYTES];
		long long when;
		char hex[2 * KEY_BYTES + 1];
		size_t bin;

		if (sscanf(l, "%lld %32s", &when, hex) != 2 ||
		    sodium_hex2bin(key, sizeof key, hex, strlen(hex), NULL,
		    &bin, NULL) != 0 || bin != KEY_BYTES)
			continue;	/* a torn last line: not a record */
		if (rec_add(rv, key, (int64_t)when) != 0) {
			fclose(f);
			tgit_recv_free(rv);
			return err_set(e, ERR_NOMEM, "out of memory");
		}
	}
	if (f != NULL)
		fclose(f);
	if (rv->n > 1)	/* qsort wants a base, even of no records */
		qsort(rv->r, rv->n, sizeof *rv->r, rec_cmp);
	*out = rv;
	return 0;
}

void
tgit_recv_free(struct tgit_recv *rv)
{
	if (rv == NULL)
		return;
	free(rv->r);
	free(rv);
}

/* Append the records keys[0..n-1] at rv->now, to the file and to rv. */
static int
rec_write(struct tgit_recv *rv, unsigned char (*keys)[KEY_BYTES], size_t n,
    struct err *e)
{
	char hex[2 * KEY_BYTES + 1], l[128];
	int fd, bad = 0;

	if (n == 0)
		return 0;
	fd = open(rv->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return err_set(e, ERR_IO, "cannot write '%s': %s", rv->path,
		    strerror(errno));
	for (size_t i = 0; i < n; i++) {
		int k;

		sodium_bin2hex(hex, sizeof hex, keys[i], KEY_BYTES);
		k = snprintf(l, sizeof l, "%lld %s\n", (long long)rv->now, hex);
		if (write(fd, l, (size_t)k) != k)
			bad = 1;
		if (rec_add(rv, keys[i], rv->now) != 0)
			bad = 1;
	}
	if (close(fd) != 0)
		bad = 1;
	if (rv->n > 1)
		qsort(rv->r, rv->n, sizeof *rv->r, rec_cmp);
	if (bad)
		return err_set(e, ERR_IO, "cannot write '%s'", rv->path);
	return 0;
}

/* buf's lines into *out (malloc'ed), *n of them. */
static int
split_lines(struct rline **out, size_t *n, const char *buf, size_t len)
{
	size_t cap = 0, k = 0;
	struct rline *v = NULL;
	int no = 0;

	for (size_t at = 0; at < len;) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t l = nl != NULL ? (size_t)(nl - (buf + at)) : len - at;

		no++;
		if (k == cap) {
			struct rline *t;

			cap = cap ? 2 * cap : 64;
			if ((t = realloc(v, cap * sizeof *t)) == NULL) {
				free(v);
				return -1;
			}
			v = t;
		}
		v[k].p = buf + at;
		v[k].len = l;
		v[k].lineno = no;
		v[k].kind = l > 0 && (buf[at] == '#' || buf[at] == '@') ?
		    buf[at] : 'h';
		v[k].fresh = 0;
		v[k].when = 0;
		k++;
		at += l + 1;
	}
	*out = v;
	*n = k;
	return 0;
}

/* Word w (0-based) of an answer line "@ SEAT KIND ...", into buf. */
static void
word(const struct rline *l, int w, char *buf, size_t n)
{
	size_t i = 0, k = 0;

	for (int at = 0; at <= w; at++) {
		while (i < l->len && l->p[i] == ' ')
			i++;
		k = i;
		while (i < l->len && l->p[i] != ' ')
			i++;
	}
	if (i - k >= n)
		i = k + n - 1;
	memcpy(buf, l->p + k, i - k);
	buf[i - k] = '\0';
}

/* The header's deadline and grace (defaults without the line). */
static void
deadline_of(const struct rline *v, size_t n, int64_t *deadline,
    int64_t *grace)
{
	struct err scratch;

	*deadline = SAVE_DEADLINE_DEFAULT;
	*grace = SAVE_GRACE_DEFAULT;
	for (size_t i = 0; i < n; i++) {
		char a[16], b[16];
		int64_t x, y;

		if (v[i].len == 5 && memcmp(v[i].p, "start", 5) == 0)
			return;
		if (v[i].len < 9 || memcmp(v[i].p, "deadline ", 9) != 0)
			continue;
		word(&v[i], 1, a, sizeof a);
		word(&v[i], 2, b, sizeof b);
		if (fair_parse_duration(a, strlen(a), &x, &scratch) == 0 &&
		    fair_parse_duration(b, strlen(b), &y, &scratch) == 0) {
			*deadline = x;
			*grace = y;
		}
		return;
	}
}

static int
is_kind(const struct rline *l, const char *kind)
{
	char w[16];

	word(l, 2, w, sizeof w);
	return strcmp(w, kind) == 0;
}

static int
is_claim(const struct rline *l)
{
	return is_kind(l, "timeout") || is_kind(l, "forfeit") ||
	    is_kind(l, "final");
}

/*
 * The line of block v[b0..b1) (opened by v[open]) received last among
 * those after which the await of the timeout v[t] could be asked: the
 * line that opened the block, and the block's answers other than
 * claims, except, for an event, the releases of it and of later events,
 * and, for a join, every answer.
 */
static size_t
opened_by(const struct rline *v, size_t b0, size_t b1, size_t open, size_t t)
{
	char aw[24], w[24];
	unsigned long ev = 0;
	size_t best = open;
	int join, move;

	word(&v[t], 4, aw, sizeof aw);
	join = strcmp(aw, "join") == 0;
	move = strcmp(aw, "move") == 0;
	if (!join && !move)
		ev = strtoul(aw, NULL, 10);
	for (size_t i = b0; i < b1; i++) {
		if (v[i].kind != '@' || join || is_claim(&v[i]))
			continue;
		if (!move && is_kind(&v[i], "release")) {
			word(&v[i], 3, w, sizeof w);
			if (strtoul(w, NULL, 10) >= ev)
				continue;
		}
		if (best == SIZE_MAX || v[i].when > v[best].when)
			best = i;
	}
	return best;
}

/* The claim of kind against accused in v[b0..b1) received last. */
static size_t
last_claim(const struct rline *v, size_t b0, size_t b1, const char *kind,
    const char *accused)
{
	size_t best = SIZE_MAX;
	char w[64];

	for (size_t i = b0; i < b1; i++) {
		if (v[i].kind != '@' || !is_kind(&v[i], kind))
			continue;
		word(&v[i], 3, w, sizeof w);
		if (accused != NULL && strcmp(w, accused) != 0)
			continue;
		if (best == SIZE_MAX || v[i].when > v[best].when)
			best = i;
	}
	return best;
}

/*
 * The fresh line v[i] of block v[b0..b1): a timeout needs the deadline
 * since the line that opened its await was received, a forfeit the
 * grace since its timeout was, a final or an audit in a block with a
 * forfeit the grace since the forfeit was.
 */
static int
check_line(const struct tgit_recv *rv, const char *name, const struct rline *v,
    size_t b0, size_t b1, size_t open, size_t i, int64_t deadline,
    int64_t grace, struct err *e)
{
	char seat[64], acc[64], aw[24], what[40], d1[FAIR_DATE_LEN + 1],
	    d2[FAIR_DATE_LEN + 1];
	const char *kind, *since;
	size_t from;
	int64_t wait;

	word(&v[i], 1, seat, sizeof seat);
	word(&v[i], 3, acc, sizeof acc);
	if (is_kind(&v[i], "timeout")) {
		word(&v[i], 4, aw, sizeof aw);
		if (strcmp(aw, "join") == 0 || strcmp(aw, "move") == 0)
			snprintf(what, sizeof what, "its %s", aw);
		else
			snprintf(what, sizeof what, "event %s", aw);
		from = opened_by(v, b0, b1, open, i);
		kind = "timeout";
		since = "the line that opened that await";
		wait = deadline;
	} else if (is_kind(&v[i], "forfeit")) {
		from = last_claim(v, b0, b1, "timeout", acc);
		kind = "forfeit";
		since = "its timeout";
		wait = grace;
	} else if (is_kind(&v[i], "final")) {
		from = last_claim(v, b0, b1, "forfeit", acc);
		kind = "final";
		since = "its forfeit";
		wait = grace;
	} else if (is_kind(&v[i], "audit")) {
		from = last_claim(v, b0, b1, "forfeit", NULL);
		kind = "audit";
		since = "the forfeit it makes final";
		wait = grace;
	} else {
		return 0;
	}
	if (from == SIZE_MAX || rv->now >= v[from].when + wait)
		return 0;
	fair_format_date(d1, v[from].when);
	fair_format_date(d2, v[from].when + wait);
	if (strcmp(kind, "timeout") == 0)
		return err_at(e, ERR_REFUSED, name, v[i].lineno, "%s's timeout "
		    "of %s for %s comes before the deadline has run since this "
		    "repository received line %d, %s (received %s); it may "
		    "come from %s", seat, acc, what, v[from].lineno, since, d1,
		    d2);
	if (strcmp(kind, "audit") == 0)
		return err_at(e, ERR_REFUSED, name, v[i].lineno, "%s's audit "
		    "comes before the grace has run since this repository "
		    "received line %d, %s (received %s); it may come from %s",
		    seat, v[from].lineno, since, d1, d2);
	return err_at(e, ERR_REFUSED, name, v[i].lineno, "%s's %s of %s comes "
	    "before the grace has run since this repository received line "
	    "%d, %s (received %s); it may come from %s", seat, kind, acc,
	    v[from].lineno, since, d1, d2);
}

/* Each block of v: its fresh lines checked (check_line). */
static int
check_blocks(const struct tgit_recv *rv, const char *name,
    const struct rline *v, size_t n, struct err *e)
{
	int64_t deadline, grace;
	size_t open = SIZE_MAX;
	int rc;

	deadline_of(v, n, &deadline, &grace);
	for (size_t i = 0; i < n;) {
		size_t b1 = i;

		if (v[i].kind == 'h')
			open = i;
		if (v[i].kind != '@') {
			i++;
			continue;
		}
		while (b1 < n && v[b1].kind != 'h')
			b1++;
		for (size_t k = i; k < b1; k++)
			if (v[k].kind == '@' && v[k].fresh &&
			    (rc = check_line(rv, name, v, i, b1, open, k,
			    deadline, grace, e)) != 0)
				return rc;
		i = b1;
	}
	return 0;
}

/*
 * Keys of v's lines into keys; each line's receive time: its record
 * when oldbuf holds it (recorded now, in *missing, when it has none),
 * else now (fresh).
 */
static int
key_cmp(const void *a, const void *b)
{
	return memcmp(a, b, KEY_BYTES);
}

/* The sorted keys of buf's lines into *out (malloc'ed), *n of them. */
static int
old_keys(unsigned char (**out)[KEY_BYTES], size_t *n, const char *ref,
    const char *name, const char *buf, size_t len)
{
	struct rline *v = NULL;
	size_t k = 0;

	*out = NULL;
	*n = 0;
	if (buf != NULL && split_lines(&v, &k, buf, len) != 0)
		return -1;
	if ((*out = calloc(k + 1, KEY_BYTES)) == NULL) {
		free(v);
		return -1;
	}
	for (size_t i = 0; i < k; i++)
		line_key((*out)[i], ref, name, v[i].p, v[i].len);
	free(v);
	qsort(*out, k, KEY_BYTES, key_cmp);
	*n = k;
	return 0;
}

static void
mark_lines(const struct tgit_recv *rv, const char *ref, const char *name,
    struct rline *v, size_t n, unsigned char (*old)[KEY_BYTES], size_t nold,
    unsigned char (*keys)[KEY_BYTES], unsigned char (*missing)[KEY_BYTES],
    size_t *nmissing)
{
	*nmissing = 0;
	for (size_t i = 0; i < n; i++) {
		const struct rec *r;

		line_key(keys[i], ref, name, v[i].p, v[i].len);
		v[i].when = rv->now;
		v[i].fresh = nold == 0 || bsearch(keys[i], old, nold,
		    KEY_BYTES, key_cmp) == NULL;
		if (v[i].fresh || v[i].kind == '#')
			continue;
		if ((r = rec_find(rv, keys[i])) != NULL)
			v[i].when = r->when;
		else
			memcpy(missing[(*nmissing)++], keys[i], KEY_BYTES);
	}
}

/*
 * The receive times of a pushed file (trigon-save(5), Deadlines and
 * forfeit): name's copy in the repository was oldbuf (NULL: none), the
 * push brings newbuf, which verifies.  Refuses (ERR_REFUSED at the
 * line) a timeout, forfeit, final or audit that comes too soon after
 * what it stands on was received; else records the lines newbuf brings.
 */
int
tgit_recv_check(struct tgit_recv *rv, const char *ref, const char *name,
    const char *oldbuf, size_t oldlen, const char *newbuf, size_t newlen,
    struct err *e)
{
	struct rline *v = NULL;
	unsigned char (*keys)[KEY_BYTES] = NULL, (*missing)[KEY_BYTES] = NULL;
	unsigned char (*old)[KEY_BYTES] = NULL;
	size_t n = 0, nold, nmissing, nfresh = 0;
	int rc;

	if (old_keys(&old, &nold, ref, name, oldbuf, oldlen) != 0 ||
	    split_lines(&v, &n, newbuf, newlen) != 0 ||
	    (keys = calloc(n + 1, KEY_BYTES)) == NULL ||
	    (missing = calloc(n + 1, KEY_BYTES)) == NULL) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	mark_lines(rv, ref, name, v, n, old, nold, keys, missing,
	    &nmissing);
	if ((rc = rec_write(rv, missing, nmissing, e)) != 0 ||
	    (rc = check_blocks(rv, name, v, n, e)) != 0)
		goto out;
	for (size_t i = 0; i < n; i++)
		if (v[i].fresh && v[i].kind != '#')
			memcpy(keys[nfresh++], keys[i], KEY_BYTES);
	rc = rec_write(rv, keys, nfresh, e);
out:
	free(old);
	free(missing);
	free(keys);
	free(v);
	return rc;
}
