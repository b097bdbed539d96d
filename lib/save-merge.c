/*
 * save-merge.c -- format 2: merging two copies of one game (the union
 * of one open block's answers, or the copy that went further).
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "buf.h"
#include "save.h"
#include "save-int.h"

static int merge_side(const struct save *s, const struct save *t,
    const char *mine, size_t len, const char *theirs, size_t tlen, int *what,
    int *dropped, int *how, struct err *e);
static int merge_union(const struct save *s, struct save *s2,
    const struct save *t, const char *mine, size_t om, struct buf *tail,
    struct err *e);
static int merge_comments(struct save *s2, const char *mine, size_t mlen,
    const char *theirs, size_t tlen, struct buf *tail, struct err *e);
static void merge_adopt(struct save *s, struct save *from);

enum { MERGE_KEEP, MERGE_TAKE, MERGE_JOIN };

/* Where the open block's answers start: its first answer line, or the
 * end of the body when it has none yet. */
static size_t
open_block(const struct save *s)
{
	return s->fair != NULL && s->fair->nans > 0 ?
	    (size_t)s->fair->block_off : (size_t)s->body_len;
}

int
save_merge(struct save *s, const char *mine, size_t len, const char *theirs,
    size_t tlen, const unsigned char *sk, struct buf *out, int *what,
    int *dropped, struct err *e)
{
	struct save t, s2;
	struct buf tail = BUF_INIT;
	size_t bm, bt, om, ot;
	int rc, how;

	*what = SAVE_MERGE_SAME;
	*dropped = 0;
	if (s->fair == NULL)
		return err_set(e, ERR_USAGE, "only files of format 2 merge "
		    "their answers");
	save_init(&t, s->name);
	t.table = s->table;
	save_init(&s2, s->name);
	s2.table = s->table;
	if ((rc = save_read_buf(&t, theirs, tlen, e)) != 0)
		goto out;
	if (sodium_memcmp(t.hdr.game_id, s->hdr.game_id,
	    SAVE_GAME_ID_BYTES) != 0) {
		rc = err_set(e, ERR_REFUSED, "not the same game (another game "
		    "id)");
		goto out;
	}
	if ((rc = merge_side(s, &t, mine, len, theirs, tlen, what, dropped,
	    &how, e)) != 0 || how == MERGE_KEEP)
		goto out;
	if (how == MERGE_TAKE)
		goto theirs_out;
	bm = (size_t)s->body_len;
	bt = (size_t)t.body_len;
	om = open_block(s);
	ot = open_block(&t);
	if ((rc = merge_union(s, &s2, &t, mine, om, &tail, e)) != 0 ||
	    (rc = merge_comments(&s2, mine + om, bm - om, theirs + ot,
	    bt - ot, &tail, e)) != 0)
		goto out;
	/* The union is one of the two: that copy, end line and all. */
	if (om + tail.len == bt && memcmp(theirs + om, tail.p, tail.len) == 0) {
		*what = SAVE_MERGE_THEIRS;
		goto theirs_out;
	}
	if (om + tail.len == bm && memcmp(mine + om, tail.p, tail.len) == 0)
		goto out;
	*what = SAVE_MERGE_UNION;
	if (sk == NULL)
		goto out;
	if ((rc = sv_seal2(&s2, sk, &tail, e)) != 0 ||
	    (rc = save_finish(&s2, 1, e)) != 0)
		goto out;
	if (buf_add(out, mine, om) < 0 || buf_add(out, tail.p, tail.len) < 0) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	merge_adopt(s, &s2);
	goto out;
theirs_out:
	if (buf_add(out, theirs, tlen) < 0) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	merge_adopt(s, &t);
out:
	buf_release(&tail);
	save_release(&t);
	save_release(&s2);
	return rc;
}

/*
 * Where the two copies part, and what follows (*how): MERGE_KEEP mine
 * (the same, or mine extends or passed theirs), MERGE_TAKE theirs
 * (*what SAVE_MERGE_THEIRS), MERGE_JOIN the same open block, whose
 * answers are to be united.  *dropped counts the answers of the copy
 * left behind that the other lacks.
 */
static int
merge_side(const struct save *s, const struct save *t, const char *mine,
    size_t len, const char *theirs, size_t tlen, int *what, int *dropped,
    int *how, struct err *e)
{
	size_t bm = (size_t)s->body_len, bt = (size_t)t->body_len;
	size_t om, ot, c, k;

	*how = MERGE_KEEP;
	for (c = 0; c < bm && c < bt && mine[c] == theirs[c]; c++)
		;
	om = open_block(s);
	ot = open_block(t);
	if (c == bm && bt >= bm) {		/* theirs extends mine */
		*what = bt == bm ? SAVE_MERGE_SAME : SAVE_MERGE_THEIRS;
		if (*what == SAVE_MERGE_THEIRS)
			*how = MERGE_TAKE;
		return 0;
	}
	if (c == bt)				/* mine extends theirs */
		return 0;
	if (c < om && c < ot) {
		int line = 1;

		for (k = 0; k < c; k++)
			line += mine[k] == '\n';
		return err_set(e, ERR_REFUSED, "the two copies differ before "
		    "their open blocks (line %d): not the same moves", line);
	}
	if (om < ot) {
		/* Theirs went on past my open block: it is the game; my
		 * answers there that it lacks were not needed (a client
		 * signs again what its seat still owes). */
		for (k = 0; k < s->fair->nans; k++)
			if (!buf_has_line(theirs + om, tlen - om,
			    s->fair->ans[k].line, s->fair->ans[k].len))
				(*dropped)++;
		*what = SAVE_MERGE_THEIRS;
		*how = MERGE_TAKE;
		return 0;
	}
	if (ot < om) {				/* theirs is behind */
		for (k = 0; k < t->fair->nans; k++)
			if (!buf_has_line(mine + ot, len - ot, t->fair->ans[k].line,
			    t->fair->ans[k].len))
				(*dropped)++;
		return 0;
	}
	*how = MERGE_JOIN;
	return 0;
}

/*
 * The same open block: s2 reads mine up to it (om bytes), then the
 * union of both sets of answers, processed; tail gets those answers
 * and the lines then owed.
 */
static int
merge_union(const struct save *s, struct save *s2, const struct save *t,
    const char *mine, size_t om, struct buf *tail, struct err *e)
{
	struct buf more = BUF_INIT;
	struct merge_line *m = NULL;
	size_t nm = 0, k, n;
	const char *p;
	int rc = 0;

	for (k = 0; k < t->fair->nans; k++)
		if (sv_answer_text(&t->fair->ans[k], &p, &n), buf_add(&more, p,
		    n) < 0 || buf_add(&more, "\n", 1) < 0) {
			rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
	if ((rc = sv_merge_block(s, &more, &m, &nm, e)) != 0 ||
	    (rc = sv_feed_lines(s2, mine, om, e)) != 0)
		goto out;
	for (k = 0; k < nm; k++) {
		if (k > 0 && sv_merge_cmp(&m[k - 1], &m[k]) == 0)
			continue;
		if ((rc = sv_feed_chunk(s2, m[k].p, m[k].n, e)) != 0 ||
		    buf_add(tail, m[k].p, m[k].n) < 0 ||
		    buf_add(tail, "\n", 1) < 0) {
			if (rc == 0)
				rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
	}
	if (s2->fair->nans > 0 && !s2->fair->processed &&
	    (rc = sv_process_block(s2, e)) != 0)
		goto out;
	while (sv_owed_next(s2, &p, &k)) {
		char line[SAVE_LINE_MAX + 1];

		memcpy(line, p, k);
		if ((rc = sv_put_line(s2, tail, line, k, e)) != 0)
			goto out;
	}
out:
	free(m);
	buf_release(&more);
	return rc;
}

/* Comments after the open block's start: mine (mlen bytes at mine),
 * then theirs (tlen bytes at theirs) that mine lacks. */
static int
merge_comments(struct save *s2, const char *mine, size_t mlen,
    const char *theirs, size_t tlen, struct buf *tail, struct err *e)
{
	struct buf cm = BUF_INIT;
	const char *q = theirs, *end = theirs + tlen;
	int rc;

	if ((rc = sv_keep_comments(s2, mine, mlen, tail, e)) != 0)
		return rc;
	while (q < end) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		size_t n = (size_t)((nl ? nl : end) - q);

		if (n >= 1 && q[0] == '#' && !(n >= 2 && (q[1] == '=' ||
		    q[1] == '?')) && !buf_has_line(mine, mlen, q, n) &&
		    (buf_add(&cm, q, n) < 0 || buf_add(&cm, "\n", 1) < 0)) {
			rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
		q = nl ? nl + 1 : end;
	}
	rc = sv_keep_comments(s2, cm.p, cm.len, tail, e);
out:
	buf_release(&cm);
	return rc;
}

/* s becomes the copy read into from, keeping its callbacks; from is
 * left empty. */
static void
merge_adopt(struct save *s, struct save *from)
{
	from->cb = s->cb;
	from->cbctx = s->cbctx;
	save_release(s);
	*s = *from;
	sv_sealed_rehome(s);
	save_init(from, s->name);
}
