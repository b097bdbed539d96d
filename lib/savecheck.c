/*
 * savecheck.c -- in-memory checks on save files for the git and mail
 * layers (see savecheck.h).  Only save.h's public API is used: every
 * check ends in the same reader trigon verify uses.
 */
#include <stdlib.h>
#include <string.h>

#include "savecheck.h"

struct map_ctx {
	struct savecheck_map *m;
	size_t cur_start, cur_end;
	int nomem;
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
savecheck_append(const char *name, const char *oldbuf, size_t oldlen,
    const char *newbuf, size_t newlen, struct err *e)
{
	size_t body = savecheck_body_len(oldbuf, oldlen), i;
	struct save s;
	int rc;

	for (i = 0; i < body && i < newlen; i++)
		if (oldbuf[i] != newbuf[i])
			break;
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
		if ((rc = save_feed(s, p, (size_t)(nl - p), e)) != 0) {
			if (c.nomem)
				rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
		p = nl + 1;
	}
	rc = save_finish(s, 1, e);
out:
	s->cb = NULL;
	s->cbctx = NULL;
	return rc;
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
		if (ev->len > RULES_ACTION_MAX)
			return 1;
		memcpy(a->text, ev->text, ev->len);
		a->text[ev->len] = '\0';
		break;
	case SAVE_EV_NOTE:
		if (m->n > 0)
			m->a[m->n - 1].end = c->cur_end;
		break;
	default:
		break;
	}
	return 0;
}
