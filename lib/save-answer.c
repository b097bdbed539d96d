/*
 * save-answer.c -- format 2: writing answers.  The lines a seat owes in
 * the open block, signed with its answer key (sealed hands included),
 * merged into the block in canonical order with the comments kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "keys.h"
#include "save.h"
#include "savesealed.h"
#include "save-int.h"

static int sign_answer_blob(const struct save *s, int si, const char *body,
    const unsigned char *blob_hash, const unsigned char block[32],
    const unsigned char *sk, struct buf *out, struct err *e);
static int exported_seat(const struct save *s, const struct fair_export *x,
    struct err *e);

/* Feed the '\n'-ended lines of p[0..len) through save_feed. */
int
sv_feed_lines(struct save *s, const char *p, size_t len, struct err *e)
{
	const char *end = p + len;
	int rc;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (nl == NULL)
			return sv_fail(s, e, ERR_DAMAGED, "the last line has no "
			    "newline");
		if ((rc = save_feed(s, p, (size_t)(nl - p), e)) != 0)
			return rc;
		p = nl + 1;
	}
	return 0;
}

int
sv_sign_answer(const struct save *s, int si, const char *body,
    const unsigned char block[32], const unsigned char *sk, struct buf *out,
    struct err *e)
{
	return sign_answer_blob(s, si, body, NULL, block, sk, out, e);
}

/* The same for an answer with a blob: its hash is signed too. */
static int
sign_answer_blob(const struct save *s, int si, const char *body,
    const unsigned char *blob_hash, const unsigned char block[32],
    const unsigned char *sk, struct buf *out, struct err *e)
{
	unsigned char msg[FAIR_ANSWER_MSG_MAX], sig[64];
	char hex[17], sigtext[SAVE_SIG_TEXT + 1];
	const char *seat = s->hdr.player[si].seat;
	size_t mlen;

	mlen = fair_answer_message(msg, s->hdr.game_id, block, seat,
	    strlen(seat), body, strlen(body), blob_hash);
	if (mlen == 0)
		return err_set(e, ERR_USAGE, "an answer too long to sign");
	crypto_sign_detached(sig, NULL, msg, mlen, sk);
	if (crypto_sign_verify_detached(sig, msg, mlen, sk + 32) != 0)
		return err_set(e, ERR_DAMAGED, "the signature just made does "
		    "not verify: the key is damaged");
	sodium_bin2hex(hex, sizeof hex, block, 8);
	sodium_bin2base64(sigtext, sizeof sigtext, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	if (buf_addf(out, "@ %s %s | %s %s\n", seat, body, hex, sigtext) < 0)
		return err_set(e, ERR_NOMEM, "out of memory");
	return 0;
}

/* Signs the sealed layer's answers (savesealed.h) for one seat. */
struct sealed_signer {
	const struct save *s;
	int si;
	const unsigned char *block, *sk;
	struct buf *out;
};

static int
sealed_sign(void *ctx, const char *body, const unsigned char *blob_hash,
    struct err *e)
{
	const struct sealed_signer *sg = ctx;

	return sign_answer_blob(sg->s, sg->si, body, blob_hash, sg->block,
	    sg->sk, sg->out, e);
}

/*
 * The answers seat si owes in s now (its join; its releases, in event
 * order; with sealed hands its shuffles, shares and openings), signed,
 * appended to out; *count of them.
 */
static int
owed_answers(const struct save *s, int si, const struct fair_seat *fs,
    const unsigned char *sk, const unsigned char block[32], struct buf *out,
    int *count, struct err *e)
{
	const struct save_fair *f = s->fair;
	const struct fair_seatst *st = &f->seat[si];
	char body[SAVE_LINE_MAX], key[KEY_PUB_TEXT_MAX];
	char a[FAIR_B64_LEN + 1], c[FAIR_B64_LEN + 1], v[FAIR_B64_LEN + 1];
	unsigned char value[32];
	uint32_t next;
	int rc, disputed;

	*count = 0;
	/* Until a forfeit is final the accused may still answer (it voids
	 * the claim), and nobody publishes its seat secret. */
	disputed = f->forfeit_seat >= 0 && !sv_forfeit_final(s);
	if (f->joins_open && !st->joined && (f->forfeit_seat < 0 ||
	    (disputed && f->forfeit_seat == si))) {
		keys_pub_format(fs->answer_pk, key, sizeof key);
		fair_b64(a, fs->anchor);
		fair_b64(c, fs->commit);
		snprintf(body, sizeof body, "join key=%s n=%lu anchor=%s "
		    "commit=%s", key, (unsigned long)fs->n, a, c);
		if (s->hdr.hands == SAVE_HANDS_SEALED) {
			char yp[SAVE_SEALED_JOIN_MAX];

			if ((rc = save_sealed_join_text(yp, sizeof yp, fs,
			    e)) != 0)
				return rc;
			strncat(body, yp, sizeof body - strlen(body) - 1);
		}
		if ((rc = sv_sign_answer(s, si, body, block, sk, out, e)) != 0)
			return rc;
		(*count)++;
		return 0;
	}
	if (!st->joined)
		return 0;
	next = st->chain.k + 1;
	/* After a final forfeit what was withheld is no longer awaited. */
	for (uint32_t i = 0; (f->forfeit_seat < 0 || (disputed &&
	    f->forfeit_seat == si)) && i < f->src.nev; i++) {
		const struct chance_fair_event *E = &f->src.ev[i];

		if (E->keyed || !(E->quorum & 1u << si) ||
		    (E->released & 1u << si))
			continue;
		if ((rc = fair_seat_value(fs, next, value, e)) != 0)
			return rc;
		fair_b64(v, value);
		sodium_memzero(value, sizeof value);
		snprintf(body, sizeof body, "release %lu %s",
		    (unsigned long)i + 1, v);
		if ((rc = sv_sign_answer(s, si, body, block, fs->answer_sk, out,
		    e)) != 0)
			return rc;
		next++;
		(*count)++;
	}
	if (f->sealed != NULL && (f->forfeit_seat < 0 || (disputed &&
	    f->forfeit_seat == si))) {
		struct sealed_signer sg = { s, si, block, fs->answer_sk, out };
		int n;

		if ((rc = save_sealed_owed(f->sealed, si, fs->secret, block,
		    sealed_sign, &sg, out, &n, e)) != 0)
			return rc;
		*count += n;
	}
	if ((f->audit_open || f->forfeit_pending) && st->audit_line == 0 &&
	    !disputed) {
		fair_b64(v, fs->secret);
		snprintf(body, sizeof body, "audit %s", v);
		sodium_memzero(v, sizeof v);
		rc = sv_sign_answer(s, si, body, block, fs->answer_sk, out, e);
		sodium_memzero(body, sizeof body);
		if (rc != 0)
			return rc;
		(*count)++;
	}
	return 0;
}

int
sv_merge_cmp(const void *x, const void *y)
{
	const struct merge_line *a = x, *b = y;

	return sv_answer_cmp(a->seat, &a->a, b->seat, &b->a);
}

/* The answer lines of the block and of more[], sorted, one of each. */
int
sv_merge_block(const struct save *s, const struct buf *more,
    struct merge_line **out, size_t *n, struct err *e)
{
	const struct save_fair *f = s->fair;
	const char *p = more->p, *end = more->p + more->len;
	struct merge_line *m;
	size_t cap = f->nans + 64, k = 0;
	struct err fe;

	if ((m = calloc(cap, sizeof *m)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < f->nans; i++) {
		sv_answer_text(&f->ans[i], &m[k].p, &m[k].n);
		m[k].n1 = f->ans[i].len;
		k++;
	}
	while (p != NULL && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (k > 0 && nl - p >= 2 && p[0] == '|' && p[1] == ' ') {
			/* a blob line: its answer's chunk grows */
			m[k - 1].n = (size_t)(nl - m[k - 1].p);
			p = nl + 1;
			continue;
		}
		if (k == cap) {
			struct merge_line *nm = realloc(m, 2 * cap * sizeof *m);

			if (nm == NULL) {
				free(m);
				return err_set(e, ERR_NOMEM, "out of memory");
			}
			m = nm;
			cap *= 2;
		}
		m[k].p = p;
		m[k].n = m[k].n1 = (size_t)(nl - p);
		k++;
		p = nl + 1;
	}
	for (size_t i = 0; i < k; i++) {
		if (fair_parse_answer(m[i].p, m[i].n1, &m[i].a, &fe) != 0) {
			free(m);
			return err_set(e, ERR_DAMAGED, "%s", fe.msg);
		}
		m[i].seat = sv_seat_of_name(s, m[i].a.seat, m[i].a.seatlen);
	}
	qsort(m, k, sizeof *m, sv_merge_cmp);
	*out = m;
	*n = k;
	return 0;
}

/*
 * The comments of an open block's old tail p[0..len) (its answers, the
 * lines they produced, comments, the end line): they stand after the
 * lines the answers produce, so a rebuilt block keeps them there, in
 * their order.
 */
int
sv_keep_comments(struct save *s, const char *p, size_t len, struct buf *out,
    struct err *e)
{
	const char *end = p + len;
	int rc;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);

		if (n >= 1 && p[0] == '#' && !(n >= 2 && (p[1] == '=' ||
		    p[1] == '?')) && (rc = sv_put_line(s, out, p, n, e)) != 0)
			return rc;
		p = nl ? nl + 1 : end;
	}
	return 0;
}

/*
 * The save an answer rebuilds its block on: the block's start.  From the
 * copy of it (save-snap.c) when s holds one or is there itself; else by
 * replaying the file's bytes before the block, of which a copy is then
 * made for the block's next answers.  A copy's game points at the
 * source of the save_fair the copy belongs to, so the work is restored
 * into that very save_fair (w): s's own fair state is moved aside
 * meanwhile (old) and moved back if the answer fails.
 */
struct block_base {
	struct sv_snap *snap;	/* the block's start, or NULL */
	struct save_fair *w;	/* the save_fair the work is restored into */
	struct save_fair *old;	/* s's fair state while w holds the work */
	int live;		/* the work holds something to release */
	unsigned long replays;	/* replays of the file by this answer */
};

static int
base_find(struct block_base *bb, struct save *s, size_t off,
    const unsigned char block[32], struct err *e)
{
	struct save_fair *f = s->fair;
	int rc;

	memset(bb, 0, sizeof *bb);
	if (f->replay_answers)
		return 0;
	if (sv_snap_fits(f->snap, (off_t)off, block)) {
		bb->snap = f->snap;
		f->snap = NULL;
	} else if (f->nans == 0 && (off_t)off == s->body_len) {
		sv_snap_free(f->snap);
		f->snap = NULL;
		if ((rc = sv_snap_take(&bb->snap, s, e)) != 0)
			return rc;
	}
	if (bb->snap == NULL)
		return 0;
	if ((bb->old = malloc(sizeof *bb->old)) == NULL) {
		f->snap = bb->snap;
		bb->snap = NULL;
		return err_set(e, ERR_NOMEM, "out of memory");
	}
	*bb->old = *f;
	memset(f, 0, sizeof *f);
	bb->w = f;
	s->fair = bb->old;
	return 0;
}

/* s2 at the block's start (of the file's first off bytes), afresh. */
static int
base_enter(struct block_base *bb, struct save *s2, const struct save *s,
    const char *file, size_t off, struct err *e)
{
	int rc;

	if (bb->live && bb->w != NULL)
		sv_snap_drop(s2);
	else if (bb->live)
		save_release(s2);
	bb->live = 1;
	if (bb->w != NULL)
		return sv_snap_restore(s2, bb->w, bb->snap, e);
	save_init(s2, s->name);
	s2->table = s->table;
	/* Sealed hands: the same table.  The keys are kept by pointer,
	   so the caller's key must outlive the answer as it outlives the
	   reading (save_set_reader). */
	s2->reader_sk = s->reader_sk;
	s2->reader_x = s->reader_x;
	bb->replays++;
	if ((rc = sv_feed_lines(s2, file, off, e)) != 0)
		return rc;
	if (s->fair->replay_answers)
		return 0;
	if ((rc = sv_snap_take(&bb->snap, s2, e)) != 0)
		return rc;
	if (bb->snap != NULL)
		bb->w = s2->fair;
	return 0;
}

/* The answer made (ok): s2 becomes s, with the copy.  Else s is as it
 * was and s2 is released. */
static void
base_leave(struct block_base *bb, struct save *s, struct save *s2, int ok)
{
	if (ok) {
		s2->fair->snap = bb->snap;
		s2->fair->replay_answers = s->fair->replay_answers;
		s2->fair->answer_replays = s->fair->answer_replays +
		    bb->replays;
		s2->cb = s->cb;
		s2->cbctx = s->cbctx;
		save_release(s);
		*s = *s2;
		sv_sealed_rehome(s);
	} else if (bb->old != NULL) {
		if (bb->live)
			sv_snap_drop(s2);
		*bb->w = *bb->old;
		free(bb->old);
		s->fair = bb->w;
		s->fair->snap = bb->snap;
	} else if (bb->live) {
		if (bb->w != NULL)
			bb->w->snap = bb->snap;
		save_release(s2);
	}
}

/* The lines the merged answers produced, then the end line, after
 * them the old tail's comments: the block's new tail, in tail. */
static int
block_tail(struct save *s2, const struct merge_line *m, size_t nm,
    const char *old, size_t oldlen, const unsigned char *sk,
    struct buf *tail, struct err *e)
{
	const char *p;
	size_t k;
	int rc;

	for (k = 0; k < nm; k++)
		if (k == 0 || sv_merge_cmp(&m[k - 1], &m[k]) != 0)
			if (buf_add(tail, m[k].p, m[k].n) < 0 ||
			    buf_add(tail, "\n", 1) < 0)
				return err_set(e, ERR_NOMEM, "out of memory");
	while (sv_owed_next(s2, &p, &k)) {
		char line[SAVE_LINE_MAX + 1];

		memcpy(line, p, k);
		if ((rc = sv_put_line(s2, tail, line, k, e)) != 0)
			return rc;
	}
	if ((rc = sv_keep_comments(s2, old, oldlen, tail, e)) != 0 ||
	    (rc = sv_seal2(s2, sk, tail, e)) != 0)
		return rc;
	return save_finish(s2, 1, e);
}

/*
 * save_answer, with one more answer line of the seat (extra: its body,
 * signed with the answer key for the open block) when extra != NULL.
 */

int
sv_answer_impl(struct save *s, const char *file, size_t len,
    const unsigned char *sk, const struct fair_export *x, const char *extra,
    struct buf *out, int *added, struct err *e)
{
	struct save_fair *f = s->fair;
	struct fair_seat *fs = NULL;
	struct buf mine = BUF_INIT, tail = BUF_INIT;
	struct merge_line *m = NULL;
	struct block_base bb;
	struct save s2;
	unsigned char block[32];
	size_t off, nm = 0, k;
	int si, rc, count, more, tries, chain;

	*added = 0;
	if (f == NULL || s->hdr.chance != SAVE_CHANCE_FAIR)
		return err_set(e, ERR_REFUSED, "a game of open chance awaits no "
		    "answers");
	if (x != NULL)
		si = exported_seat(s, x, e);
	else if ((si = save_seat_of_key(s, sk + 32)) < 0)
		return err_set(e, ERR_REFUSED, "this key belongs to no player "
		    "of this game");
	if (si < 0)
		return si;
	if ((rc = x != NULL ? fair_seat_exported(&fs, x, f->seat[si].chain.n,
	    e) : fair_seat_new(&fs, sk, s->hdr.game_id,
	    s->hdr.player[si].seat, f->seat[si].joined ?
	    f->seat[si].chain.n : FAIR_CHAIN_N, e)) != 0)
		return rc;
	chain = sodium_memcmp(fs->anchor, f->seat[si].anchor, 32) != 0;
	if (f->seat[si].joined && (chain || (x != NULL &&
	    sodium_memcmp(fs->answer_pk, f->seat[si].answer_pk, 32) != 0))) {
		fair_seat_free(fs);	/* so the message reads chain, not fs */
		return err_set(e, ERR_REFUSED, "%s joined with another %s than "
		    "this key makes", s->hdr.player[si].seat, chain ? "chain" :
		    "answer key");
	}
	if (x != NULL)
		sk = fs->answer_sk;	/* signs all but a join, which it never owes */
	off = f->nans > 0 ? (size_t)f->block_off : (size_t)s->body_len;
	if (f->nans > 0)
		memcpy(block, f->block_hash, 32);
	else
		sv_chain_now(s, block);
	if ((rc = owed_answers(s, si, fs, sk, block, &mine, &count, e)) != 0)
		goto out;
	if (extra != NULL) {
		if ((rc = sv_sign_answer(s, si, extra, block, fs->answer_sk,
		    &mine, e)) != 0)
			goto out;
		count++;
	}
	if (count == 0)
		goto out;
	*added = count;
	if ((rc = base_find(&bb, s, off, block, e)) != 0)
		goto out;
	for (tries = 0;; tries++) {
		free(m);
		m = NULL;
		if ((rc = sv_merge_block(s, &mine, &m, &nm, e)) != 0 ||
		    (rc = base_enter(&bb, &s2, s, file, off, e)) != 0)
			goto out2;
		for (k = 0; k < nm; k++) {
			if (k > 0 && sv_merge_cmp(&m[k - 1], &m[k]) == 0)
				continue;	/* already there */
			if ((rc = sv_feed_chunk(&s2, m[k].p, m[k].n, e)) != 0)
				goto out2;
		}
		if (s2.fair->nans > 0 && !s2.fair->processed &&
		    (rc = sv_process_block(&s2, e)) != 0)
			goto out2;
		if ((rc = owed_answers(&s2, si, fs, sk, block, &mine, &more,
		    e)) != 0)
			goto out2;
		if (more == 0)
			break;
		*added += more;
		if (tries >= SAVE_REDO_MAX) {
			rc = err_set(e, ERR_DAMAGED, "the answers of %s open "
			    "events without end", s->hdr.player[si].seat);
			goto out2;
		}
	}
	if ((rc = block_tail(&s2, m, nm, file + off, len - off,
	    fs->answer_sk, &tail, e)) != 0)
		goto out2;
	if (buf_add(out, file, off) < 0 || buf_add(out, tail.p, tail.len) < 0) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out2;
	}
	base_leave(&bb, s, &s2, 1);
	goto out;
out2:
	base_leave(&bb, s, &s2, 0);
	*added = 0;
out:
	free(m);
	fair_seat_free(fs);
	buf_release(&mine);
	buf_release(&tail);
	return rc;
}

int
save_answer(struct save *s, const char *file, size_t len,
    const unsigned char *sk, struct buf *out, int *added, struct err *e)
{
	if (s->fair != NULL && s->hdr.chance != SAVE_CHANCE_FAIR)
		return sv_answer_open(s, file, len, sk, NULL, out, added, e);
	return sv_answer_impl(s, file, len, sk, NULL, NULL, out, added, e);
}

/*
 * The seat of an exported answer key in s, or a negative ERR_*: the
 * key must be of this game and of a seat that has joined (a join is
 * signed by the main key alone).
 */
static int
exported_seat(const struct save *s, const struct fair_export *x,
    struct err *e)
{
	const struct save_fair *f = s->fair;

	if (memcmp(x->id, s->hdr.game_id, SAVE_GAME_ID_BYTES) != 0)
		return err_set(e, ERR_REFUSED, "this answer key is of another "
		    "game");
	for (int i = 0; i < s->hdr.nplayers; i++) {
		if (strcmp(s->hdr.player[i].seat, x->seat) != 0)
			continue;
		if (!f->seat[i].joined)
			return err_set(e, ERR_REFUSED, "%s has not joined: its "
			    "join needs its main key (trigon answer --key)",
			    x->seat);
		return i;
	}
	return err_set(e, ERR_REFUSED, "this answer key is of seat '%s', "
	    "which plays no part in this game", x->seat);
}

int
save_answer_exported(struct save *s, const char *file, size_t len,
    const struct fair_export *x, struct buf *out, int *added, struct err *e)
{
	*added = 0;
	if (s->fair == NULL || s->hdr.chance != SAVE_CHANCE_FAIR)
		return err_set(e, ERR_REFUSED, "a game of open chance awaits no "
		    "answers");
	return sv_answer_impl(s, file, len, NULL, x, NULL, out, added, e);
}

