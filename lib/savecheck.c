/*
 * savecheck.c -- in-memory checks on save files for the git and mail
 * layers (see savecheck.h).  Only save.h's public API is used: every
 * check ends in the same reader trigon verify uses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "savecheck.h"
#include "buf.h"

struct map_ctx {
	struct savecheck_map *m;
	size_t cur_start, cur_end;
	int nomem;
	/* The buffer, and where each line starts (lo[n - 1]: line n):
	 * format 2 tells an action once its answers are in, lines after
	 * the action line itself. */
	const char *buf;
	size_t len;
	size_t *lo, nlo, caplo;
};

static int map_event(void *ctx, const struct save *s,
    const struct save_event *ev);

size_t
savecheck_body_len(const char *buf, size_t len)
{
	size_t start;

	if (len == 0 || buf[len - 1] != '\n')
		return len;
	start = len - 1;
	while (start > 0 && buf[start - 1] != '\n')
		start--;
	if (len - start >= 4 && memcmp(buf + start, "end ", 4) == 0)
		return start;
	return len;
}

int
savecheck_line_of(const char *buf, size_t len, size_t off)
{
	int line = 1;

	for (size_t i = 0; i < off && i < len; i++)
		if (buf[i] == '\n')
			line++;
	return line;
}

int
savecheck_verify(struct save *s, const char *name, const char *buf,
    size_t len, struct err *e)
{
	save_init(s, name);
	return save_read_buf(s, buf, len, e);
}

int
savecheck_one_delivery(const char *name, const char *oldbuf, size_t oldlen,
    const char *newbuf, size_t newlen, struct err *e)
{
	struct save s;
	struct err scratch;
	const char *t;
	int rc = 0;

	if (newlen < 14 || memcmp(newbuf, "trigon-save 2\n", 14) != 0)
		return 0;
	err_clear(&scratch);
	if (savecheck_verify(&s, name, newbuf, newlen, &scratch) == 0 &&
	    (t = save_forfeit_timeout(&s)) != NULL &&
	    !buf_has_line(oldbuf, oldlen, t, strlen(t))) {
		char seat[64];
		size_t k = strcspn(t + 2, " ");

		snprintf(seat, sizeof seat, "%.*s", (int)(k < 63 ? k : 63),
		    t + 2);
		rc = err_set(e, ERR_REFUSED, "brings %s's timeout and the "
		    "forfeit standing on it in one delivery: the accused must "
		    "see the timeout first (trigon-save(5), Deadlines and "
		    "forfeit)", seat);
	} else if ((t = save_forfeit_finaled(&s)) != NULL &&
	    !buf_has_line(oldbuf, oldlen, t, strlen(t))) {
		char seat[64];
		size_t k = strcspn(t + 2, " ");

		snprintf(seat, sizeof seat, "%.*s", (int)(k < 63 ? k : 63),
		    t + 2);
		rc = err_set(e, ERR_REFUSED, "brings %s's forfeit and the "
		    "final standing on it in one delivery: the accused must "
		    "see the forfeit first (trigon-save(5), Deadlines and "
		    "forfeit)", seat);
	}
	save_release(&s);
	return rc;
}

int
savecheck_append(const char *name, const char *oldbuf, size_t oldlen,
    const char *newbuf, size_t newlen, struct err *e)
{
	size_t body = savecheck_body_len(oldbuf, oldlen), i;
	struct save s;
	int rc;

	for (i = 0; i < body && i < newlen; i++)
		if (oldbuf[i] != newbuf[i])
			break;
	if (i < body && oldlen > 14 && memcmp(oldbuf, "trigon-save 2\n", 14) == 0) {
		/* Format 2: the new file may replace the old one's open
		 * block by one whose answers are a superset (answers
		 * commute: trigon-save(5), Blocks). */
		struct buf out = BUF_INIT;
		int what, dropped;

		rc = savecheck_verify(&s, name, oldbuf, oldlen, e);
		if (rc == 0)
			rc = save_merge(&s, oldbuf, oldlen, newbuf, newlen, NULL,
			    &out, &what, &dropped, e);
		save_release(&s);
		buf_release(&out);
		if (rc != 0)
			return rc;
		if (what == SAVE_MERGE_THEIRS && dropped == 0)
			return savecheck_one_delivery(name, oldbuf, oldlen,
			    newbuf, newlen, e);
		if (what == SAVE_MERGE_THEIRS)
			return err_set(e, ERR_REFUSED, "drops %d answer line%s of "
			    "the open block already recorded", dropped,
			    dropped == 1 ? "" : "s");
		return err_set(e, ERR_REFUSED, "the new file's open block "
		    "lacks answers already recorded: merge them first "
		    "(trigon sync)");
	}
	if (i < body) {
		int line = savecheck_line_of(newbuf, newlen, i);

		if (i >= newlen)
			return err_at(e, ERR_REFUSED, name, line, "the new "
			    "file is cut short: it ends inside the moves "
			    "already recorded (line %d of the old file)",
			    savecheck_line_of(oldbuf, oldlen, i));
		return err_at(e, ERR_REFUSED, name, line, "rewrites a line "
		    "already recorded: the new file must keep the old one's "
		    "first %d lines byte for byte and only add after them",
		    savecheck_line_of(oldbuf, oldlen, body) - 1);
	}
	rc = savecheck_verify(&s, name, newbuf, newlen, e);
	save_release(&s);
	if (rc == 0)
		rc = savecheck_one_delivery(name, oldbuf, oldlen, newbuf,
		    newlen, e);
	return rc;
}

int
savecheck_map(struct savecheck_map *m, struct save *s, const char *name,
    const char *buf, size_t len, struct err *e)
{
	struct map_ctx c;
	const char *p = buf, *end = buf + len;
	int rc;

	memset(m, 0, sizeof *m);
	memset(&c, 0, sizeof c);
	c.m = m;
	c.buf = buf;
	c.len = len;
	m->body_len = savecheck_body_len(buf, len);
	save_init(s, name);
	s->cb = map_event;
	s->cbctx = &c;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (nl == NULL) {
			if ((size_t)(end - p) > SAVE_LINE_MAX)
				rc = save_read_buf(s, p, (size_t)(end - p), e);
			else
				rc = save_finish(s, 0, e);
			goto out;
		}
		c.cur_start = (size_t)(p - buf);
		c.cur_end = (size_t)(nl + 1 - buf);
		if (c.nlo == c.caplo) {
			size_t cap = c.caplo ? 2 * c.caplo : 256;
			size_t *t = realloc(c.lo, cap * sizeof *t);

			if (t == NULL) {
				rc = err_set(e, ERR_NOMEM, "out of memory");
				goto out;
			}
			c.lo = t;
			c.caplo = cap;
		}
		c.lo[c.nlo++] = c.cur_start;
		if ((rc = save_feed(s, p, (size_t)(nl - p), e)) != 0) {
			if (c.nomem)
				rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
		p = nl + 1;
	}
	rc = save_finish(s, 1, e);
out:
	free(c.lo);
	s->cb = NULL;
	s->cbctx = NULL;
	return rc;
}

/* The end of the line that starts at off in c's buffer. */
static size_t
line_end(const struct map_ctx *c, size_t off)
{
	const char *nl = memchr(c->buf + off, '\n', c->len - off);

	return nl ? (size_t)(nl + 1 - c->buf) : c->len;
}

void
savecheck_map_release(struct savecheck_map *m)
{
	free(m->a);
	memset(m, 0, sizeof *m);
}

static int
map_event(void *ctx, const struct save *s, const struct save_event *ev)
{
	struct map_ctx *c = ctx;
	struct savecheck_map *m = c->m;
	struct savecheck_action *a;

	(void)s;
	switch (ev->kind) {
	case SAVE_EV_START:
		m->header_end = c->cur_end;
		/* Format 2 creates the game once every seat joined: the
		 * header still ends at its "start" line. */
		for (size_t i = 0; i < c->nlo; i++)
			if (line_end(c, c->lo[i]) - c->lo[i] == 6 &&
			    memcmp(c->buf + c->lo[i], "start\n", 6) == 0) {
				m->header_end = c->lo[i] + 6;
				break;
			}
		break;
	case SAVE_EV_AWAIT:
		/* "#?" lines right after an action are its own lines. */
		if (m->n > 0 && m->a[m->n - 1].end == c->cur_start)
			m->a[m->n - 1].end = c->cur_end;
		break;
	case SAVE_EV_ACTION:
		if (m->n == m->cap) {
			size_t cap = m->cap ? 2 * m->cap : 64;
			void *t = realloc(m->a, cap * sizeof *m->a);

			if (t == NULL) {
				c->nomem = 1;
				return 1;
			}
			m->a = t;
			m->cap = cap;
		}
		a = &m->a[m->n++];
		a->seq = ev->seq;
		a->seat = ev->seat;
		a->line = ev->line;
		a->start = c->cur_start;
		a->end = c->cur_end;
		if (ev->line >= 1 && (size_t)ev->line <= c->nlo &&
		    c->lo[ev->line - 1] != c->cur_start) {
			/* Told late (format 2: once its answers were in):
			 * its own lines are the action line and the
			 * annotations right after it, up to the block's
			 * first answer. */
			size_t o = c->lo[ev->line - 1];

			a->start = o;
			a->end = line_end(c, o);
			while (a->end + 3 <= c->len &&
			    c->buf[a->end] == '#' && (c->buf[a->end + 1] ==
			    '=' || c->buf[a->end + 1] == '?') &&
			    c->buf[a->end + 2] == ' ')
				a->end = line_end(c, a->end);
		}
		if (ev->len > RULES_ACTION_MAX)
			return 1;
		memcpy(a->text, ev->text, ev->len);
		a->text[ev->len] = '\0';
		break;
	case SAVE_EV_NOTE:
		/* Only the annotations right after the action (format 2
		 * writes a redone action's after the block's answers). */
		if (m->n > 0 && m->a[m->n - 1].end == c->cur_start)
			m->a[m->n - 1].end = c->cur_end;
		break;
	default:
		break;
	}
	return 0;
}

/* One signed line of a copy, for savecheck_compare(). */
struct cmp_line {
	const char *p;
	size_t n;		/* without its newline */
	int no;			/* its line number */
	size_t block;		/* the actions up to it: its block */
};

struct cmp_copy {
	struct cmp_line *l;
	size_t n, nact;
	size_t *first;		/* first[k]: index in l of block k's first line */
	int endno;
	char sealer[SAVE_SEAT_MAX];
};

static void
cmp_word(char *dst, size_t size, const char *p, size_t n, int w)
{
	size_t i = 0, k;

	while (w-- > 0) {
		while (i < n && p[i] != ' ')
			i++;
		while (i < n && p[i] == ' ')
			i++;
	}
	for (k = 0; i + k < n && p[i + k] != ' ' && k + 1 < size; k++)
		dst[k] = p[i + k];
	dst[k] = '\0';
}

/* The action lines ("SEQ SEAT ...") and answer lines ("@ SEAT ...") of
 * buf, each with its block, and the seat of its end line. */
static int
cmp_read(struct cmp_copy *c, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	size_t cap = 0;
	int no = 0;

	memset(c, 0, sizeof *c);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		int act = n > 0 && p[0] >= '0' && p[0] <= '9';

		no++;
		if (n > 4 && memcmp(p, "end ", 4) == 0) {
			c->endno = no;
			size_t sp = 0;

			/* "end N SEAT SIG" (format 2), "end N SIG" (1) */
			for (size_t i = 0; i < n; i++)
				sp += p[i] == ' ';
			if (sp >= 3)
				cmp_word(c->sealer, sizeof c->sealer, p, n, 2);
		} else if (act || (n > 2 && p[0] == '@' && p[1] == ' ')) {
			if (c->n == cap) {
				size_t nc = cap ? 2 * cap : 256;
				struct cmp_line *t = realloc(c->l, nc * sizeof *t);

				if (t == NULL)
					return -1;
				c->l = t;
				cap = nc;
			}
			c->nact += act;
			c->l[c->n++] = (struct cmp_line){ p, n, no, c->nact };
		}
		p = nl ? nl + 1 : end;
	}
	if ((c->first = calloc(c->nact + 2, sizeof *c->first)) == NULL)
		return -1;
	for (size_t i = c->n; i-- > 0;)
		c->first[c->l[i].block] = i;
	c->first[c->nact + 1] = c->n;
	return 0;
}

/* 1 when c holds line l in l's block. */
static int
cmp_holds(const struct cmp_copy *c, const struct cmp_line *l)
{
	if (l->block > c->nact)
		return 0;
	for (size_t i = c->first[l->block]; i < c->n &&
	    c->l[i].block == l->block; i++)
		if (c->l[i].n == l->n && memcmp(c->l[i].p, l->p, l->n) == 0)
			return 1;
	return 0;
}

static void
cmp_diff(struct savecheck_diff *d, int kind, int holder,
    const struct cmp_copy *h, const struct cmp_line *l, int other,
    const char *sealer)
{
	size_t n = 0;
	const struct cmp_line *a = &h->l[h->first[l->block]];

	while (n + 3 <= l->n && memcmp(l->p + n, " | ", 3) != 0)
		n++;
	if (n + 3 > l->n)
		n = l->n;
	memset(d, 0, sizeof *d);
	d->kind = kind;
	d->holder = holder;
	d->line = l->no;
	d->other = other;
	d->move = l->block > 0 ? strtoull(a->p, NULL, 10) : 0;
	cmp_word(d->seat, sizeof d->seat, l->p, l->n, 1);
	snprintf(d->sealer, sizeof d->sealer, "%s", sealer);
	snprintf(d->text, sizeof d->text, "%.*s", (int)n, l->p);
}

/* The lines of x that y lacks in the blocks both hold (up to lim): a
 * drop when y went on without it (holds a line x lacks in that block
 * or after) and y's sealer is not the line's seat. */
static void
cmp_drops(const struct cmp_copy *x, const struct cmp_copy *y, int holder,
    size_t lim, struct savecheck_diff *d, size_t max, size_t *n,
    int *lacks)
{
	size_t k, i, went = 0;
	char seat[SAVE_SEAT_MAX];

	/* went: y's lines that x lacks, from block k on. */
	for (i = 0; i < y->n; i++)
		went += !cmp_holds(x, &y->l[i]);
	for (k = 0, i = 0; i < x->n; i++) {
		const struct cmp_line *l = &x->l[i];

		for (; k < l->block && k <= y->nact; k++)
			for (size_t j = y->first[k]; j < y->n &&
			    y->l[j].block == k; j++)
				went -= !cmp_holds(x, &y->l[j]);
		if (cmp_holds(y, l))
			continue;
		*lacks = 1;
		if (l->block > lim || went == 0)
			continue;
		cmp_word(seat, sizeof seat, l->p, l->n, 1);
		if (strcmp(seat, y->sealer) == 0)
			continue;
		if (*n < max)
			cmp_diff(&d[*n], SAVECHECK_DROP, holder, x, l,
			    y->endno, y->sealer);
		(*n)++;
	}
}

int
savecheck_compare(const char *a, size_t alen, const char *b, size_t blen,
    struct savecheck_diff *d, size_t max, size_t *n, int *behind,
    struct err *e)
{
	struct cmp_copy x, y;
	size_t k, lim;
	int la = 0, lb = 0, rc = 0;

	*n = 0;
	*behind = 0;
	memset(&y, 0, sizeof y);
	if (cmp_read(&x, a, alen) != 0 || cmp_read(&y, b, blen) != 0) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	lim = x.nact < y.nact ? x.nact : y.nact;
	for (k = 1; k <= lim; k++) {
		const struct cmp_line *p = &x.l[x.first[k]],
		    *q = &y.l[y.first[k]];

		if (p->n != q->n || memcmp(p->p, q->p, p->n) != 0) {
			if (*n < max)
				cmp_diff(&d[*n], SAVECHECK_FORK, 0, &x, p,
				    q->no, "");
			(*n)++;
			lim = k - 1;
			break;
		}
	}
	cmp_drops(&x, &y, 0, lim, d, max, n, &lb);
	cmp_drops(&y, &x, 1, lim, d, max, n, &la);
	if (*n == 0)
		*behind = lb | la << 1;
out:
	free(x.l);
	free(x.first);
	free(y.l);
	free(y.first);
	return rc;
}

int
savecheck_refuse_drop(const char *name, const char *oldbuf, size_t oldlen,
    const char *newbuf, size_t newlen, struct err *e)
{
	struct savecheck_diff d[8];
	const struct savecheck_diff *pick = NULL;
	size_t n, i;
	int behind, rc;

	if ((rc = savecheck_compare(oldbuf, oldlen, newbuf, newlen, d, 8, &n,
	    &behind, e)) != 0)
		return rc;
	for (i = 0; i < n && i < 8; i++)
		if (d[i].kind == SAVECHECK_DROP && d[i].holder == 0 &&
		    (pick == NULL || strstr(d[i].text, " forfeit ") != NULL))
			pick = &d[i];
	if (pick == NULL)
		return err_set(e, ERR_REFUSED, "it goes on past a forfeit "
		    "that is final, without it; nothing was written "
		    "(trigon-save(5), Deadlines and forfeit)");
	return err_set(e, ERR_REFUSED, "it drops %s's signed line '%s' "
	    "(%s:%d) and goes on: %s sealed it again without it; nothing "
	    "was written (trigon-save(5), Deadlines and forfeit)", pick->seat,
	    pick->text, name, pick->line, pick->sealer[0] != '\0' ?
	    pick->sealer : "its sender");
}
