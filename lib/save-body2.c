/*
 * save-body2.c -- the body of a format-2 file: answer lines and their
 * continuation lines, kept in canonical order until the block closes,
 * awaits, and the end line.
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "num.h"
#include "save.h"
#include "savesealed.h"
#include "save-int.h"

/* Order of answers in a block: seat, kind, event, then bytes. */
int
sv_answer_cmp(int sa, const struct fair_answer *a, int sb,
    const struct fair_answer *b)
{
	uint32_t na = a->kind == FAIR_RELEASE ? a->u.release.event : 0;
	uint32_t nb = b->kind == FAIR_RELEASE ? b->u.release.event : 0;
	size_t n = a->bodylen < b->bodylen ? a->bodylen : b->bodylen;
	int c;

	if (sa != sb)
		return sa < sb ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (na != nb)
		return na < nb ? -1 : 1;
	if ((c = memcmp(a->body, b->body, n)) != 0)
		return c;
	return a->bodylen < b->bodylen ? -1 : a->bodylen > b->bodylen;
}

/* An answer's signature by seat si (blob_hash: its blob's, or NULL):
 * a join by the main key, anything else by the answer key or the
 * main key; 0, or a refusal at the current line. */
static int
answer_signed(struct save *s, int si, const struct fair_answer *a,
    const unsigned char *blob_hash, struct err *e)
{
	struct save_fair *f = s->fair;
	unsigned char msg[FAIR_ANSWER_MSG_MAX];
	const unsigned char *pk;
	size_t mlen;
	int good;

	mlen = fair_answer_message(msg, s->hdr.game_id, f->block_hash, a->seat,
	    a->seatlen, a->body, a->bodylen, blob_hash);
	good = mlen > 0 && crypto_sign_verify_detached(a->sig, msg, mlen,
	    s->hdr.player[si].pk) == 0;
	if (!good && mlen > 0 && a->kind != FAIR_JOIN) {
		pk = f->seat[si].joined ? f->seat[si].answer_pk :
		    (f->blk_joined & 1u << si) ? f->blk_key[si] : NULL;
		good = pk != NULL && crypto_sign_verify_detached(a->sig, msg,
		    mlen, pk) == 0;
	}
	if (!good)
		return sv_fail(s, e, ERR_REFUSED, "bad signature: this %s is not "
		    "signed by %s's %s", fair_kind_name((int)a->kind),
		    s->hdr.player[si].seat, a->kind == FAIR_JOIN ? "main key" :
		    "answer key or main key");
	return 0;
}

/* b's line and its blob lines, '\n' between them, in b->chunk. */
static int
blob_chunk(struct blk_answer *b)
{
	size_t n = b->len;
	char *p;

	for (unsigned k = 0; k < b->nblob; k++)
		n += 1 + b->bloblen[k];
	if ((p = b->chunk = malloc(n + 1)) == NULL)
		return ERR_NOMEM;
	memcpy(p, b->line, b->len);
	p += b->len;
	for (unsigned k = 0; k < b->nblob; k++) {
		*p++ = '\n';
		memcpy(p, b->blob[k], b->bloblen[k]);
		p += b->bloblen[k];
	}
	*p = '\0';
	b->chunklen = n;
	return 0;
}

/* An answer as the file holds it: its line, or with its blob. */
void
sv_answer_text(const struct blk_answer *b, const char **p, size_t *n)
{
	*p = b->chunk != NULL ? b->chunk : b->line;
	*n = b->chunk != NULL ? b->chunklen : b->len;
}

/* Feed the lines of p[0..n) (one answer, with its blob), no final
 * newline. */
int
sv_feed_chunk(struct save *s, const char *p, size_t n, struct err *e)
{
	const char *end = p + n;
	int rc;

	for (;;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);

		if ((rc = save_feed(s, p, k, e)) != 0 || nl == NULL)
			return rc;
		p = nl + 1;
	}
}

/* A continuation line "| TEXT" of the block's last answer, a shuffle;
 * after its last, the shuffle's signature over the blob's hash. */
static int
feed_blob(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_fair *f = s->fair;
	struct blk_answer *b = &f->ans[f->nans - 1];
	unsigned char h[32];
	struct err fe;
	int rc, now;

	if (len < 2 || l[0] != '|' || l[1] != ' ')
		return sv_fail(s, e, ERR_DAMAGED, "%s's shuffle is cut short: %u "
		    "of its %u blob lines ('| TEXT') are missing",
		    s->hdr.player[b->seat].seat, f->blob_left,
		    b->a.blob_lines);
	if ((b->blob[b->nblob] = malloc(len + 1)) == NULL)
		return sv_fail(s, e, ERR_NOMEM, "out of memory");
	memcpy(b->blob[b->nblob], l, len);
	b->blob[b->nblob][len] = '\0';
	b->bloblen[b->nblob++] = len;
	if (--f->blob_left > 0)
		return 0;
	err_clear(&fe);
	if (save_sealed_blob_hash((const char *const *)b->blob, b->bloblen,
	    b->nblob, h, &fe) != 0)
		return sv_fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
	if ((rc = blob_chunk(b)) != 0)
		return sv_fail(s, e, rc, "out of memory");
	now = s->line;
	s->line = b->lineno;
	rc = answer_signed(s, b->seat, &b->a, h, e);
	if (rc == 0)
		rc = sv_emit(s, e, SAVE_EV_ANSWER, s->nactions, b->seat, b->line,
		    b->len);
	s->line = now;
	return rc;
}

static int
feed_answer(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_fair *f = s->fair;
	struct fair_answer a;
	struct blk_answer *b;
	struct err fe;
	char have[17], want[17];
	const char *p;
	size_t n;
	int si, rc;

	err_clear(&fe);
	if (sv_owed_next(s, &p, &n))
		return sv_fail(s, e, ERR_REFUSED, "missing annotation: the replay "
		    "says '%.*s'", (int)n, p);
	if (!f->answers_ok)
		return sv_fail(s, e, ERR_REFUSED, "out of order: an answer line "
		    "after the lines its block produced (a block's answers "
		    "come first)");
	if ((rc = fair_parse_answer(l, len, &a, &fe)) != 0)
		return sv_fail(s, e, rc, "%s", fe.msg);
	/* Open chance has no joins nor events: its answers are the claims
	 * of a withheld move (trigon-save(5), Deadlines and forfeit). */
	if (s->hdr.chance != SAVE_CHANCE_FAIR && a.kind != FAIR_TIMEOUT &&
	    a.kind != FAIR_FORFEIT && a.kind != FAIR_FINAL)
		return sv_fail(s, e, ERR_REFUSED, "a %s line in a game of open "
		    "chance (its only answers are timeout, forfeit and final)",
		    fair_kind_name((int)a.kind));
	if (s->hdr.chance == SAVE_CHANCE_FAIR && a.kind == FAIR_FINAL)
		return sv_fail(s, e, ERR_REFUSED, "a final line in a game of "
		    "fair chance (its audits make a forfeit final)");
	if ((si = sv_seat_of_name(s, a.seat, a.seatlen)) < 0)
		return sv_fail(s, e, ERR_REFUSED, "no player plays '%.*s'",
		    (int)a.seatlen, a.seat);
	if (a.blob_lines > 0 && (a.kind != FAIR_SHUFFLE ||
	    s->hdr.hands != SAVE_HANDS_SEALED))
		return sv_fail(s, e, ERR_DAMAGED, "%s's %s carries a blob, which "
		    "only a shuffle of sealed hands has", s->hdr.player[si].seat,
		    fair_kind_name((int)a.kind));
	if (f->nans == 0) {
		sv_chain_now(s, f->block_hash);
		f->block_off = s->body_len;
		f->blk_joined = 0;
		f->blk_joins_open = f->joins_open;
		for (f->blk_keyed = 0; f->blk_keyed < f->src.nev &&
		    f->src.ev[f->blk_keyed].keyed; f->blk_keyed++)
			;
	}
	if (memcmp(a.block, f->block_hash, 8) != 0) {
		sodium_bin2hex(have, sizeof have, a.block, 8);
		sodium_bin2hex(want, sizeof want, f->block_hash, 8);
		return sv_fail(s, e, ERR_REFUSED, "%s's %s is signed for block %s, "
		    "but it stands in block %s", s->hdr.player[si].seat,
		    fair_kind_name((int)a.kind), have, want);
	}
	if (f->nans > 0) {
		b = &f->ans[f->nans - 1];
		rc = sv_answer_cmp(b->seat, &b->a, si, &a);
		if (rc == 0)
			return sv_fail(s, e, ERR_REFUSED, "the same answer twice "
			    "(line %d)", b->lineno);
		if (rc > 0)
			return sv_fail(s, e, ERR_REFUSED, "out of order: %s's %s "
			    "must come before line %d (answers are sorted by "
			    "seat, kind and event)", s->hdr.player[si].seat,
			    fair_kind_name((int)a.kind), b->lineno);
	}
	if (a.blob_lines == 0 && (rc = answer_signed(s, si, &a, NULL, e)) != 0)
		return rc;
	if (f->nans >= BLOCK_ANSWERS_MAX)
		return sv_fail(s, e, ERR_DAMAGED, "more than %d answers in one "
		    "block", BLOCK_ANSWERS_MAX);
	if (f->nans == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 16;
		struct blk_answer *nb = realloc(f->ans, cap * sizeof *nb);

		if (nb == NULL)
			return sv_fail(s, e, ERR_NOMEM, "out of memory");
		f->ans = nb;
		f->cap = cap;
	}
	b = &f->ans[f->nans];
	memset(b, 0, sizeof *b);
	if ((b->line = malloc(len + 1)) == NULL)
		return sv_fail(s, e, ERR_NOMEM, "out of memory");
	memcpy(b->line, l, len);
	b->line[len] = '\0';
	b->len = len;
	b->lineno = s->line;
	b->seat = si;
	if (fair_parse_answer(b->line, len, &b->a, &fe) != 0) {
		free(b->line);
		return sv_fail(s, e, ERR_DAMAGED, "%s", fe.msg);
	}
	f->nans++;
	if (a.blob_lines > 0) {
		/* Signed with its blob's hash: checked after the blob. */
		b->blob = calloc(a.blob_lines, sizeof *b->blob);
		b->bloblen = calloc(a.blob_lines, sizeof *b->bloblen);
		if (b->blob == NULL || b->bloblen == NULL)
			return sv_fail(s, e, ERR_NOMEM, "out of memory");
		f->blob_left = a.blob_lines;
		f->any_answer = 1;
		return 0;
	}
	if (a.kind == FAIR_JOIN) {
		f->blk_joined |= 1u << si;
		memcpy(f->blk_key[si], a.u.join.key, 32);
	}
	f->any_answer = 1;
	return sv_emit(s, e, SAVE_EV_ANSWER, s->nactions, si, l, len);
}

/* "#? 17 release ...": remember the line that opened event 17. */
static void
note_await(struct save *s, const char *l, size_t len)
{
	struct save_fair *f = s->fair;
	uint64_t ev;
	const char *sp;

	if (len > 8 && memcmp(l, "#? join:", 8) == 0) {
		f->join_line = s->line;
		return;
	}
	if (len > 9 && memcmp(l, "#? audit:", 9) == 0) {
		f->audit_line = s->line;
		return;
	}
	if ((sp = memchr(l + 3, ' ', len - 3)) != NULL &&
	    num_u64(l + 3, (size_t)(sp - l - 3), 1, f->src.nev,
	    NUM_CANONICAL, &ev) == 0)
		f->src.ev[ev - 1].line = s->line;
}

static int
feed_end2(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_fair *f = s->fair;
	unsigned char sig[64], chain[32], msg[256];
	const char *p = l + 4, *end = l + len, *sp, *seat;
	uint64_t seq;
	size_t n, slen;
	int si, good;

	if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL ||
	    (!(sp - p == 1 && *p == '0') && sv_parse_seq(p, (size_t)(sp - p),
	    &seq) != 0))
		goto bad;
	if (sp - p == 1 && *p == '0')
		seq = 0;
	seat = sp + 1;
	if ((sp = memchr(seat, ' ', (size_t)(end - seat))) == NULL ||
	    (size_t)(end - sp - 1) != SAVE_SIG_TEXT)
		goto bad;
	slen = (size_t)(sp - seat);
	if (sv_decode_sig(sig, sp + 1) != 0)
		return sv_fail(s, e, ERR_DAMAGED, "malformed signature");
	if (s->nactions == 0 && !f->any_answer)
		return sv_fail(s, e, ERR_REFUSED, "an end line before any move or "
		    "answer");
	if (seq != s->nactions)
		return sv_fail(s, e, ERR_REFUSED, "the end line names move %llu, "
		    "but the last move is %llu", (unsigned long long)seq,
		    (unsigned long long)s->nactions);
	if ((si = sv_seat_of_name(s, seat, slen)) < 0)
		return sv_fail(s, e, ERR_REFUSED, "no player plays '%.*s'",
		    (int)slen, seat);
	sv_chain_now(s, chain);
	n = 0;
	memcpy(msg, LABEL_END2, sizeof LABEL_END2);
	n += sizeof LABEL_END2;
	memcpy(msg + n, s->hdr.game_id, SAVE_GAME_ID_BYTES);
	n += SAVE_GAME_ID_BYTES;
	for (int i = 7; i >= 0; i--)
		msg[n++] = (unsigned char)(seq >> (8 * i));
	memcpy(msg + n, chain, 32);
	n += 32;
	msg[n++] = (unsigned char)slen;
	memcpy(msg + n, seat, slen);
	n += slen;
	good = crypto_sign_verify_detached(sig, msg, n,
	    s->hdr.player[si].pk) == 0 || (f->seat[si].joined &&
	    crypto_sign_verify_detached(sig, msg, n,
	    f->seat[si].answer_pk) == 0);
	if (!good)
		return sv_fail(s, e, ERR_REFUSED, "bad signature on the end line: "
		    "not by %s's main or answer key", s->hdr.player[si].seat);
	s->ended = 1;
	memcpy(s->endline, l, len);
	s->endline[len] = '\n';
	s->endlen = len + 1;
	return sv_emit(s, e, SAVE_EV_END, seq, si, l, len);
bad:
	return sv_fail(s, e, ERR_DAMAGED, "expected 'end SEQ SEAT SIGNATURE'");
}

int
sv_feed_body2(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *p;
	size_t n;
	int rc;

	if (f->blob_left > 0)
		return feed_blob(s, l, len, e);
	if (len >= 1 && l[0] == '@')
		return feed_answer(s, l, len, e);
	if (f->nans > 0 && !f->processed &&
	    (rc = sv_process_block(s, e)) != 0)
		return rc;
	if (len >= 2 && l[0] == '#' && (l[1] == '=' || l[1] == '?')) {
		if (len < 4 || l[2] != ' ')
			return sv_fail(s, e, ERR_DAMAGED, "an annotation is '#= "
			    "TEXT' or '#? TEXT'");
		if (!sv_owed_next(s, &p, &n))
			return sv_fail(s, e, ERR_REFUSED, "false annotation: the "
			    "replay has nothing to say here");
		if (n != len || memcmp(p, l, n) != 0)
			return sv_fail(s, e, ERR_REFUSED, "false annotation: the "
			    "replay says '%.*s'", (int)n, p);
		f->owed_pos += n + 1;
		if (l[1] == '?') {
			note_await(s, l, len);
			return sv_emit(s, e, SAVE_EV_AWAIT, s->nactions, -1,
			    l + 3, len - 3);
		}
		return sv_emit(s, e, SAVE_EV_NOTE, s->nactions, s->last_seat,
		    l + 3, len - 3);
	}
	if (sv_owed_next(s, &p, &n))
		return sv_fail(s, e, ERR_REFUSED, "missing annotation: the replay "
		    "says '%.*s'", (int)n, p);
	if (len >= 1 && l[0] == '#')
		return sv_emit(s, e, SAVE_EV_COMMENT, s->nactions, -1, l, len);
	if (sv_starts(l, len, "end "))
		return feed_end2(s, l, len, e);
	if (len == 0)
		return sv_fail(s, e, ERR_DAMAGED, "empty line (comments start "
		    "with '#')");
	return sv_feed_action(s, l, len, e);
}

