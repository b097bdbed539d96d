/*
 * save-replay.c -- the body of a format-1 file, and what format 2
 * shares with it: action lines (signature, chain, turn order, the
 * rules), annotations, comments and the end line, replayed line by
 * line.
 */
#include <string.h>

#include <sodium.h>

#include "save.h"
#include "savesealed.h"
#include "sigpool.h"
#include "save-int.h"

static int apply2(struct save *s, struct err *e, uint64_t seq, int seat,
    const char *act, size_t alen);

/*
 * After RULES_PENDING: 0 when the source now has what was awaited and
 * the line may be applied again, else non-zero with re saying what is
 * still awaited.  A format-1 file never waits: its source answers at
 * once, so a pending there is a refusal of the line.
 */
int
sv_settle(struct save *s, struct rules_error *re)
{
	int rc;

	if (s->chance == NULL || s->chance->settle == NULL)
		return RULES_PENDING;
	rc = s->chance->settle(s->chance->ctx, re);
	if (rc == 0)
		s->redos++;
	return rc;
}

int
sv_seat_of_name(const struct save *s, const char *c, size_t n)
{
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (strlen(s->hdr.player[i].seat) == n &&
		    memcmp(s->hdr.player[i].seat, c, n) == 0)
			return i;
	return -1;
}

void
sv_chain_now(const struct save *s, unsigned char out[32])
{
	crypto_generichash_state st = s->chain;

	crypto_generichash_final(&st, out, 32);
}

/* The next owed annotation (skipping empty note lines), or 0. */
int
sv_next_note(struct save *s, const char **p, size_t *n)
{
	while (s->note_pos < s->note.len) {
		const char *t = s->note.text + s->note_pos;
		const char *nl = memchr(t, '\n', s->note.len - s->note_pos);
		size_t k = nl ? (size_t)(nl - t) : s->note.len - s->note_pos;

		if (k > 0) {
			*p = t;
			*n = k;
			return 1;
		}
		s->note_pos += 1;
	}
	return 0;
}

size_t
sv_action_msg(unsigned char *buf, const struct save *s, uint64_t seq,
    const unsigned char chain[32], const char *seat_name, const char *act,
    size_t alen)
{
	size_t n = 0, clen = strlen(seat_name);

	memcpy(buf, s->fair != NULL ? LABEL_ACTION2 : LABEL_ACTION,
	    sizeof LABEL_ACTION);
	n += sizeof LABEL_ACTION;
	memcpy(buf + n, s->hdr.game_id, SAVE_GAME_ID_BYTES);
	n += SAVE_GAME_ID_BYTES;
	for (int i = 7; i >= 0; i--)
		buf[n++] = (unsigned char)(seq >> (8 * i));
	memcpy(buf + n, chain, 32);
	n += 32;
	buf[n++] = (unsigned char)clen;
	memcpy(buf + n, seat_name, clen);
	n += clen;
	buf[n++] = (unsigned char)(alen >> 8);
	buf[n++] = (unsigned char)alen;
	memcpy(buf + n, act, alen);
	return n + alen;
}

size_t
sv_end_msg(unsigned char *buf, const struct save *s, uint64_t seq,
    const unsigned char chain[32])
{
	size_t n = 0;

	memcpy(buf, LABEL_END, sizeof LABEL_END);
	n += sizeof LABEL_END;
	memcpy(buf + n, s->hdr.game_id, SAVE_GAME_ID_BYTES);
	n += SAVE_GAME_ID_BYTES;
	for (int i = 7; i >= 0; i--)
		buf[n++] = (unsigned char)(seq >> (8 * i));
	memcpy(buf + n, chain, 32);
	return n + 32;
}

int
sv_emit(struct save *s, struct err *e, enum save_event_kind k, uint64_t seq,
    int seat, const char *text, size_t len)
{
	struct save_event ev;

	if (s->cb == NULL)
		return 0;
	ev.kind = k;
	ev.line = s->line;
	ev.seq = seq;
	ev.seat = seat;
	ev.text = text;
	ev.len = len;
	if (s->cb(s->cbctx, s, &ev) != 0)
		return sv_fail(s, e, ERR_REFUSED, "stopped");
	return 0;
}

int
sv_decode_sig(unsigned char sig[64], const char *p)
{
	size_t bl;
	const char *endp;

	if (sodium_base642bin(sig, 64, p, SAVE_SIG_TEXT, NULL, &bl, &endp,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 || bl != 64 ||
	    endp != p + SAVE_SIG_TEXT)
		return -1;
	return 0;
}

static int
feed_end(struct save *s, const char *l, size_t len, struct err *e)
{
	unsigned char sig[64], chain[32], msg[128];
	const char *sp = memchr(l + 4, ' ', len - 4);
	uint64_t seq;
	size_t mlen;

	if (sp == NULL || sv_parse_seq(l + 4, (size_t)(sp - l - 4), &seq) != 0 ||
	    (size_t)(l + len - sp - 1) != SAVE_SIG_TEXT)
		return sv_fail(s, e, ERR_DAMAGED, "expected 'end SEQ SIGNATURE'");
	if (sv_decode_sig(sig, sp + 1) != 0)
		return sv_fail(s, e, ERR_DAMAGED, "malformed signature");
	if (s->nactions == 0)
		return sv_fail(s, e, ERR_REFUSED, "an end line before any move");
	if (seq != s->nactions)
		return sv_fail(s, e, ERR_REFUSED, "the end line names move %llu, "
		    "but the last move is %llu", (unsigned long long)seq,
		    (unsigned long long)s->nactions);
	sv_chain_now(s, chain);
	mlen = sv_end_msg(msg, s, seq, chain);
	if (s->pool != NULL)
		sigpool_push(s->pool, s->line, s->last_seat, 1, msg, mlen, sig,
		    s->hdr.player[s->last_seat].pk);
	else if (crypto_sign_verify_detached(sig, msg, mlen,
	    s->hdr.player[s->last_seat].pk) != 0)
		return sv_fail(s, e, ERR_REFUSED, "bad signature on the end line "
		    "(it must be %s's, who made the last move)",
		    s->hdr.player[s->last_seat].seat);
	s->ended = 1;
	memcpy(s->endline, l, len);
	s->endline[len] = '\n';
	s->endlen = len + 1;
	return sv_emit(s, e, SAVE_EV_END, seq, s->last_seat, l, len);
}

/* The accused moved after all: its forfeit was a notice, no more. */
static void
forfeit_void(struct save_fair *f)
{
	f->void_line = f->forfeit_line;
	f->forfeit_seat = -1;
	f->forfeit_pending = 0;
}

/* The seats that may act now (rules.h: 0 means the awaited seat alone). */
unsigned
sv_may_act(const struct rules_await *aw)
{
	if (aw->may_act != 0)
		return aw->may_act;
	return aw->seat >= 0 && aw->seat < 32 ? 1u << aw->seat : 0;
}

/*
 * Format 2: apply an action once.  When it waits for chance (fair
 * mode), it stands: the events it opened are owed as "#?" lines, and the
 * block's answers redo it (sv_advance()).  Either way a new block begins.
 */
static int
apply2(struct save *s, struct err *e, uint64_t seq, int seat,
    const char *act, size_t alen)
{
	struct save_fair *f = s->fair;
	uint32_t before = f->src.nev;
	int rc;

	if (f->sealed != NULL) {
		f->sealed->wait[0] = '\0';
		f->sealed->wait_seats = 0;
	}
	rc = s->rules->apply(s->game, seat, act, alen, &s->note, &s->rerr);
	if (rc == RULES_PENDING && s->hdr.chance == SAVE_CHANCE_FAIR &&
	    (f->src.nev > before || (f->sealed != NULL &&
	    f->sealed->wait[0] != '\0'))) {
		s->note.len = 0;
		f->pend = PEND_ACTION;
		f->pend_seat = seat;
		f->pend_line = s->line;
		f->pend_seq = seq;
		memcpy(f->pend_act, act, alen);
		f->pend_act[alen] = '\0';
		f->pend_len = alen;
		if ((rc = sv_owe_events(s, before)) != 0)
			return sv_fail(s, e, rc, "out of memory");
	} else if (rc != 0) {
		s->note.len = 0;
		if (rc == RULES_ENOMEM)
			return sv_fail(s, e, ERR_NOMEM, "out of memory");
		if (s->rerr.code == 0)
			s->rerr.code = rc;
		return sv_fail(s, e, ERR_REFUSED, "illegal move by %s: %s",
		    s->hdr.player[seat].seat, s->rerr.msg);
	} else if ((rc = sv_owe_notes(s)) != 0 || (rc = sv_owe_audit(s)) != 0)
		return sv_fail(s, e, rc, "an annotation longer than %d bytes",
		    SAVE_LINE_MAX);
	s->nactions = seq;
	s->last_seat = seat;
	sv_blk_clear(f);
	f->answers_ok = 1;
	if (f->pend != PEND_NONE)
		return 0;	/* told once it is applied */
	return sv_emit(s, e, SAVE_EV_ACTION, seq, seat, act, alen);
}

int
sv_feed_action(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *p = l, *end = l + len, *sp, *sname, *act, *suf;
	unsigned char sig[64], chain[32], msg[SAVE_LINE_MAX + 128];
	char hex[2 * SAVE_CHAIN_SHOWN + 1], abuf[RULES_ACTION_MAX + 1];
	char cbuf[SAVE_SEAT_MAX];
	struct rules_await aw;
	size_t clen, alen, mlen;
	uint64_t seq;
	int seat, rc;

	if ((sp = memchr(p, ' ', len)) == NULL ||
	    sv_parse_seq(p, (size_t)(sp - p), &seq) != 0)
		return sv_fail(s, e, ERR_DAMAGED, "malformed line: expected 'SEQ "
		    "SEAT ACTION | CHAIN SIGNATURE', a comment or 'end'");
	sname = sp + 1;
	if ((sp = memchr(sname, ' ', (size_t)(end - sname))) == NULL ||
	    (size_t)(end - sp - 1) <= ACTION_SUFFIX)
		return sv_fail(s, e, ERR_DAMAGED, "malformed action line: expected "
		    "'SEQ SEAT ACTION | CHAIN SIGNATURE'");
	clen = (size_t)(sp - sname);
	act = sp + 1;
	suf = end - ACTION_SUFFIX;
	alen = (size_t)(suf - act);
	if (memcmp(suf, " | ", 3) != 0 || suf[3 + 2 * SAVE_CHAIN_SHOWN] != ' ' ||
	    !sv_is_hex(suf + 3, 2 * SAVE_CHAIN_SHOWN))
		return sv_fail(s, e, ERR_DAMAGED, "malformed action line: expected "
		    "' | CHAIN SIGNATURE' at its end");
	if (sv_decode_sig(sig, suf + 4 + 2 * SAVE_CHAIN_SHOWN) != 0)
		return sv_fail(s, e, ERR_DAMAGED, "malformed signature");
	if (alen == 0 || act[0] == ' ' || act[alen - 1] == ' ')
		return sv_fail(s, e, ERR_DAMAGED, "malformed action line: the "
		    "action is empty or has spaces around it");
	if (alen > RULES_ACTION_MAX)
		return sv_fail(s, e, ERR_DAMAGED, "action longer than %d bytes",
		    RULES_ACTION_MAX);
	if (sv_next_note(s, &p, &mlen))
		return sv_fail(s, e, ERR_REFUSED, "missing annotation: the replay "
		    "says '#= %.*s'", (int)mlen, p);
	if (s->fair != NULL && s->fair->forfeit_pending &&
	    sv_seat_of_name(s, sname, clen) == s->fair->forfeit_seat)
		forfeit_void(s->fair);
	if (s->fair != NULL && s->fair->forfeit_seat >= 0)
		return sv_fail(s, e, ERR_REFUSED, "the game is over: %s forfeited "
		    "(line %d); no move may follow",
		    s->hdr.player[s->fair->forfeit_seat].seat,
		    s->fair->forfeit_line);
	if (s->fair != NULL && (s->fair->pend != PEND_NONE ||
	    s->fair->joins_open)) {
		char what[512];

		save_awaits(s, what, sizeof what);
		return sv_fail(s, e, ERR_REFUSED, "no move may follow yet: the "
		    "game awaits %s", what);
	}
	if (seq != s->nactions + 1)
		return sv_fail(s, e, ERR_REFUSED, "move %llu out of order: the "
		    "next move is %llu", (unsigned long long)seq,
		    (unsigned long long)(s->nactions + 1));
	if ((seat = sv_seat_of_name(s, sname, clen)) < 0)
		return sv_fail(s, e, ERR_REFUSED, "no player plays '%.*s'",
		    (int)clen, sname);
	if (rules_await_check(s->rules, s->game, s->hdr.nplayers, &aw) != 0)
		return sv_fail(s, e, ERR_DAMAGED, "%s", aw.text);
	if (aw.over)
		return sv_fail(s, e, ERR_REFUSED, "the game is over: no move may "
		    "follow");
	if (!(sv_may_act(&aw) & 1u << seat))
		return sv_fail(s, e, ERR_REFUSED, "%s may not act now: it is %s's "
		    "turn", s->hdr.player[seat].seat,
		    s->hdr.player[aw.seat].seat);
	sv_chain_now(s, chain);
	sodium_bin2hex(hex, sizeof hex, chain, SAVE_CHAIN_SHOWN);
	if (memcmp(hex, suf + 3, 2 * SAVE_CHAIN_SHOWN) != 0)
		return sv_fail(s, e, ERR_REFUSED, "broken chain: this line does "
		    "not follow the lines before it (their hash begins %s)",
		    hex);
	memcpy(cbuf, sname, clen);
	cbuf[clen] = '\0';
	mlen = sv_action_msg(msg, s, seq, chain, cbuf, act, alen);

	if (s->pool != NULL)
		sigpool_push(s->pool, s->line, seat, 0, msg, mlen, sig,
		    s->hdr.player[seat].pk);
	else if (crypto_sign_verify_detached(sig, msg, mlen,
	    s->hdr.player[seat].pk) != 0)
		return sv_fail(s, e, ERR_REFUSED, "bad signature: this line is "
		    "not signed by %s's key", cbuf);
	memcpy(abuf, act, alen);
	abuf[alen] = '\0';
	memset(&s->rerr, 0, sizeof s->rerr);
	s->note.len = 0;
	s->note_pos = 0;
	if (s->fair != NULL)
		return apply2(s, e, seq, seat, abuf, alen);
	for (int tries = 0;; tries++) {
		rc = s->rules->apply(s->game, seat, abuf, alen, &s->note,
		    &s->rerr);
		if (rc != RULES_PENDING || tries >= SAVE_REDO_MAX ||
		    sv_settle(s, &s->rerr) != 0)
			break;
		/* The answer is there: the same line again, from the
		 * same (untouched) state. */
		memset(&s->rerr, 0, sizeof s->rerr);
		s->note.len = 0;
	}
	if (rc != 0) {
		s->note.len = 0;
		if (rc == RULES_ENOMEM)
			return sv_fail(s, e, ERR_NOMEM, "out of memory");
		if (s->rerr.code == 0)
			s->rerr.code = rc;
		return sv_fail(s, e, ERR_REFUSED, "illegal move by %s: %s", cbuf,
		    s->rerr.msg);
	}
	if (s->note.len > RULES_NOTE_MAX)
		s->note.len = RULES_NOTE_MAX;
	s->nactions = seq;
	s->last_seat = seat;
	return sv_emit(s, e, SAVE_EV_ACTION, seq, seat, abuf, alen);
}

int
sv_feed_body(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *p;
	size_t n;

	if (len >= 2 && l[0] == '#' && l[1] == '=') {
		if (len < 4 || l[2] != ' ')
			return sv_fail(s, e, ERR_DAMAGED, "an annotation is '#= "
			    "TEXT'");
		if (!sv_next_note(s, &p, &n))
			return sv_fail(s, e, ERR_REFUSED, "false annotation: the "
			    "replay has nothing to say here");
		if (n != len - 3 || memcmp(p, l + 3, n) != 0)
			return sv_fail(s, e, ERR_REFUSED, "false annotation: the "
			    "replay says '#= %.*s'", (int)n, p);
		s->note_pos += n;
		return sv_emit(s, e, SAVE_EV_NOTE, s->nactions, s->last_seat,
		    l + 3, len - 3);
	}
	if (len >= 1 && l[0] == '#') {
		if (sv_next_note(s, &p, &n))
			return sv_fail(s, e, ERR_REFUSED, "missing annotation: the "
			    "replay says '#= %.*s'", (int)n, p);
		return sv_emit(s, e, SAVE_EV_COMMENT, s->nactions, -1, l, len);
	}
	if (sv_starts(l, len, "end ")) {
		if (sv_next_note(s, &p, &n))
			return sv_fail(s, e, ERR_REFUSED, "missing annotation: the "
			    "replay says '#= %.*s'", (int)n, p);
		return feed_end(s, l, len, e);
	}
	if (len == 0)
		return sv_fail(s, e, ERR_DAMAGED, "empty line (comments start "
		    "with '#')");
	return sv_feed_action(s, l, len, e);
}

