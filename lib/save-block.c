/*
 * save-block.c -- format 2's blocks: the reader's fair state, the lines
 * a replay owes, the advance of the awaits, and the application of a
 * block's answers (joins, releases, sealed hands, the audit).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "save.h"
#include "savesealed.h"
#include "save-int.h"

static int check_audit(struct save *s, struct blk_answer *b, struct err *e);

/*
 * A format-2 body is made of blocks (trigon-save(5)): a block begins
 * after an action line and the lines it produced (or after "start" and
 * its lines); its answer lines come first, in canonical order, signed
 * over the block hash (the chain there), and the lines they produce
 * ("#?" awaits and "#=" notes) follow them.  The reader keeps the
 * block's answers until the first other line, then applies them as a
 * set to the open awaits (joins, then the releases of each event as it
 * opens) and redoes the line that waited (rules.h, the redo model).
 * Every line the replay produces is owed, in order, in f->owed.
 */

struct save_fair *
sv_fair_new(void)
{
	struct save_fair *f = calloc(1, sizeof *f);

	if (f != NULL) {
		buf_init(&f->owed);
		f->forfeit_seat = -1;
	}
	return f;
}

void
sv_blk_clear(struct save_fair *f)
{
	for (size_t i = 0; i < f->nans; i++) {
		free(f->ans[i].line);
		for (unsigned k = 0; k < f->ans[i].nblob; k++)
			free(f->ans[i].blob[k]);
		free(f->ans[i].blob);
		free(f->ans[i].bloblen);
		free(f->ans[i].chunk);
	}
	f->blob_left = 0;
	f->nans = 0;
	f->processed = 0;
	f->blk_joined = 0;
}

/* Free what f holds (the copy of its block's start first: that copy's
 * game kept f's source) and leave it as sv_fair_new() made it. */
void
sv_fair_release(struct save_fair *f)
{
	sv_snap_free(f->snap);
	sv_blk_clear(f);
	free(f->ans);
	save_sealed_free(f->sealed);
	chance_fair_release(&f->src);
	buf_release(&f->owed);
	memset(f, 0, sizeof *f);
	buf_init(&f->owed);
	f->forfeit_seat = -1;
}

void
sv_fair_free(struct save_fair *f)
{
	if (f == NULL)
		return;
	sv_fair_release(f);
	free(f);
}

/* Owe one line (printf-style, without its newline). */
int
sv_owe(struct save *s, const char *fmt, ...)
{
	struct save_fair *f = s->fair;
	char line[SAVE_LINE_MAX + 2];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || n > SAVE_LINE_MAX)
		return ERR_DAMAGED;
	if (buf_add(&f->owed, line, (size_t)n) < 0 ||
	    buf_add(&f->owed, "\n", 1) < 0)
		return ERR_NOMEM;
	return 0;
}

/* The next owed line (without its newline), or 0. */
int
sv_owed_next(const struct save *s, const char **p, size_t *n)
{
	const struct save_fair *f = s->fair;
	const char *t, *nl;

	if (f == NULL || f->owed_pos >= f->owed.len)
		return 0;
	t = f->owed.p + f->owed_pos;
	nl = memchr(t, '\n', f->owed.len - f->owed_pos);
	*p = t;
	*n = nl ? (size_t)(nl - t) : f->owed.len - f->owed_pos;
	return 1;
}

/* The rules' note of the line just applied, owed as "#=" lines. */
int
sv_owe_notes(struct save *s)
{
	const char *p;
	size_t n;
	int rc;

	s->note_pos = 0;
	if (s->note.len > RULES_NOTE_MAX)
		s->note.len = RULES_NOTE_MAX;
	while (sv_next_note(s, &p, &n)) {
		if ((rc = sv_owe(s, "#= %.*s", (int)n, p)) != 0)
			return rc;
		s->note_pos += n;
	}
	s->note.len = 0;
	s->note_pos = 0;
	return 0;
}

/* "green purple": the names of the seats in mask, in seat order. */
void
sv_seat_list(const struct save *s, unsigned mask, char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int i = 0; i < s->hdr.nplayers && k < n; i++)
		if (mask & 1u << i)
			k += (size_t)snprintf(buf + k, n - k, "%s%s",
			    k ? " " : "", s->hdr.player[i].seat);
}

/* The events opened since `from` (0-based), owed as "#?" lines. */
int
sv_owe_events(struct save *s, uint32_t from)
{
	struct save_fair *f = s->fair;
	char seats[RULES_MAX_SEATS * SAVE_SEAT_MAX];
	int rc;

	for (uint32_t i = from; i < f->src.nev; i++) {
		sv_seat_list(s, f->src.ev[i].quorum, seats, sizeof seats);
		if ((rc = sv_owe(s, "#? %lu release %s: %s", (unsigned long)i + 1,
		    f->src.ev[i].label, seats)) != 0)
			return rc;
	}
	return 0;
}

/*
 * The game is over: every seat's audit is owed, once (trigon-save(5),
 * The audit).  Called after each line the rules applied.
 */
int
sv_owe_audit(struct save *s)
{
	struct save_fair *f = s->fair;
	struct rules_await aw;
	char seats[RULES_MAX_SEATS * SAVE_SEAT_MAX];

	if (f->audit_open || s->game == NULL ||
	    s->hdr.chance != SAVE_CHANCE_FAIR)
		return 0;
	if (rules_await_check(s->rules, s->game, s->hdr.nplayers, &aw) != 0 ||
	    !aw.over)
		return 0;
	f->audit_open = 1;
	sv_seat_list(s, sv_all_seats(s), seats, sizeof seats);
	return sv_owe(s, "#? audit: %s", seats);
}

unsigned
sv_all_seats(const struct save *s)
{
	return s->hdr.nplayers >= 32 ? ~0u : (1u << s->hdr.nplayers) - 1;
}

/* sv_fail() at another line (an answer's, the waiting action's). */
int
sv_fail_at(struct save *s, struct err *e, int line, int code, const char *fmt,
    ...)
{
	va_list ap;

	if (e != NULL) {
		snprintf(e->file, sizeof e->file, "%s", s->name);
		e->line = line;
	}
	va_start(ap, fmt);
	err_setv(e, code, fmt, ap);
	va_end(ap);
	return code;
}

/*
 * Try the line that waits (create, or the action) again when every
 * event it opened has its key: 1 when it was tried (done, or waiting
 * for a new event), 0 when it still waits, or an error.
 */
int
sv_advance(struct save *s, struct err *e)
{
	struct save_fair *f = s->fair;
	struct rules_setup su;
	const char *opts[SAVE_OPTIONS_MAX];
	uint32_t before = f->src.nev;
	unsigned asked = 0;
	int rc;

	if (f->pend == PEND_NONE || f->joins_open)
		return 0;
	if (before > 0 && !f->src.ev[before - 1].keyed)
		return 0;
	memset(&s->rerr, 0, sizeof s->rerr);
	s->note.len = 0;
	s->note_pos = 0;
	if (f->sealed != NULL) {
		asked = f->sealed->nasked;
		f->sealed->wait[0] = '\0';
		f->sealed->wait_seats = 0;
	}
	if (f->pend == PEND_CREATE) {
		sv_setup_fill(s, &su, opts);
		s->game = NULL;
		rc = s->rules->create(&s->game, &su, &s->rerr);
		if (rc == 0) {
			if (s->rules->start_note != NULL)
				s->rules->start_note(s->game, &s->note);
		} else
			s->game = NULL;
	} else
		rc = s->rules->apply(s->game, f->pend_seat, f->pend_act,
		    f->pend_len, &s->note, &s->rerr);
	if (rc == RULES_PENDING && f->src.nev > before) {
		s->note.len = 0;
		if ((rc = sv_owe_events(s, before)) != 0)
			return sv_fail(s, e, rc, "out of memory");
		return 1;
	}
	if (rc == RULES_PENDING && f->sealed != NULL &&
	    f->sealed->wait[0] != '\0') {
		/* Its "#?" lines are owed already (owe_sealed); asked
		 * nothing new, it still waits. */
		s->note.len = 0;
		return f->sealed->nasked != asked;
	}
	if (rc != 0) {
		s->note.len = 0;
		if (rc == RULES_ENOMEM)
			return sv_fail(s, e, ERR_NOMEM, "out of memory");
		if (f->pend == PEND_CREATE)
			return sv_fail_at(s, e, f->join_line, ERR_REFUSED, "the "
			    "rules refuse this game: %s", s->rerr.msg);
		return sv_fail_at(s, e, f->pend_line, ERR_REFUSED, "illegal move "
		    "by %s: %s", s->hdr.player[f->pend_seat].seat,
		    s->rerr.msg);
	}
	if ((rc = sv_owe_notes(s)) != 0 || (rc = sv_owe_audit(s)) != 0)
		return sv_fail(s, e, rc, "an annotation longer than %d bytes",
		    SAVE_LINE_MAX);
	rc = f->pend;
	f->pend = PEND_NONE;
	if (rc == PEND_CREATE) {
		if ((rc = sv_emit(s, e, SAVE_EV_START, 0, -1, NULL, 0)) != 0)
			return rc;
	} else {
		/* Told now, at the action line's own number (ev.line). */
		int now = s->line;

		s->line = f->pend_line;
		rc = sv_emit(s, e, SAVE_EV_ACTION, f->pend_seq, f->pend_seat,
		    f->pend_act, f->pend_len);
		s->line = now;
		if (rc != 0)
			return rc;
	}
	return 1;
}

/* The chain position of seat's release for event number ev (from 1). */
static uint32_t
release_position(const struct save_fair *f, int seat, uint32_t ev)
{
	uint32_t k = 1;

	for (uint32_t i = 0; i + 1 < ev; i++)
		if (f->src.ev[i].quorum & 1u << seat)
			k++;
	return k;
}

/* The seats' names, in seat order (savesealed.h's arguments). */
static void
seat_names(const struct save *s, const char *names[RULES_MAX_SEATS])
{
	for (int t = 0; t < RULES_MAX_SEATS; t++)
		names[t] = t < s->hdr.nplayers ? s->hdr.player[t].seat : "";
}

/* The sealed layer's "#?" lines, owed like the events' (owe). */
static int
owe_sealed(void *ctx, const char *line)
{
	return sv_owe(ctx, "%s", line);
}

/* s, moved from the save the sealed layer was made for (a block
 * rebuilt on a copy, a merge adopted): its "#?" lines are owed to s. */
void
sv_sealed_rehome(struct save *s)
{
	if (s->fair != NULL && s->fair->sealed != NULL)
		s->fair->sealed->owe_ctx = s;
}

/* A join's ElGamal key with sealed hands (savesealed.h), last of its
 * checks: 0, or a refusal at its line. */
static int
join_sealed(struct save *s, const struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *names[RULES_MAX_SEATS];
	struct err fe;

	if (s->hdr.hands != SAVE_HANDS_SEALED)
		return 0;
	if (f->sealed == NULL && (f->sealed = save_sealed_new(owe_sealed,
	    s)) == NULL)
		return sv_fail(s, e, ERR_NOMEM, "out of memory");
	seat_names(s, names);
	err_clear(&fe);
	if (save_sealed_join(f->sealed, s->hdr.game_id, b->seat, names,
	    &b->a, &fe) != 0)
		return sv_fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
	return 0;
}

/* The seat of the exported answer key the file is read with, its S in
 * *secret; -1 when it is of another game or of no seat (an observer). */
static int
exported_reader(const struct save *s, const char *const *names,
    const unsigned char **secret)
{
	const struct fair_export *x = s->reader_x;
	struct mp_key k;
	struct err fe;
	int me = -1;

	if (memcmp(x->id, s->hdr.game_id, SAVE_GAME_ID_BYTES) != 0)
		return -1;
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (strcmp(names[i], x->seat) == 0)
			me = i;
	/* An S that is not the seat's reads nothing of its cards; the
	 * answer then refuses the key (its chain is another). */
	err_clear(&fe);
	if (me < 0 || mp_key_derive(&k, x->secret, &fe) != 0)
		return -1;
	if (sodium_memcmp(k.y, s->fair->sealed->y[me], MP_BYTES) != 0)
		me = -1;
	sodium_memzero(&k, sizeof k);
	if (me >= 0)
		*secret = x->secret;
	return me;
}

/* After the last join with sealed hands: the sealed-deck table, or a
 * refusal at that join's line (savesealed.h). */
static int
start_sealed(struct save *s, const struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *names[RULES_MAX_SEATS];
	struct err fe;

	struct fair_seat *fs = NULL;
	const unsigned char *secret = NULL;
	int me = -1, rc;

	if (s->hdr.hands != SAVE_HANDS_SEALED)
		return 0;
	seat_names(s, names);
	err_clear(&fe);
	if (s->reader_x != NULL)
		me = exported_reader(s, names, &secret);
	else if (s->reader_sk != NULL &&
	    (me = save_seat_of_key(s, s->reader_sk + 32)) >= 0) {
		if (fair_seat_new(&fs, s->reader_sk, s->hdr.game_id, names[me],
		    f->seat[me].chain.n, &fe) != 0)
			return sv_fail(s, e, fe.code, "%s", fe.msg);
		secret = fs->secret;
	}
	rc = save_sealed_start(f->sealed, s->hdr.game_id, s->hdr.nplayers,
	    names, s->rules, secret != NULL ? me : -1, secret, &fe);
	fair_seat_free(fs);
	if (rc == 0 && s->reader_all != NULL)
		rc = save_sealed_know_all(f->sealed, s->reader_all, &fe);
	if (rc != 0)
		return sv_fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
	return 0;
}

/* A shuffle, share or open (savesealed.h): 1 applied, 0 not yet, or a
 * refusal at its line; final: the block is done, so not yet is no
 * await. */
int
sv_apply_sealed(struct save *s, const struct blk_answer *b, int final,
    struct err *e)
{
	struct save_fair *f = s->fair;
	const char *name = s->hdr.player[b->seat].seat;
	struct err fe;
	int rc;

	if (f->sealed == NULL || !f->sealed->ready) {
		if (!final && s->hdr.hands == SAVE_HANDS_SEALED)
			return 0;
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: %s", name, s->hdr.hands == SAVE_HANDS_SEALED ?
		    "not every seat has joined" : "hands are open");
	}
	err_clear(&fe);
	rc = save_sealed_answer(f->sealed, b->seat, &b->a, b->line, b->len,
	    f->block_hash, (const char *const *)b->blob, b->bloblen, b->nblob,
	    final, &fe);
	if (rc < 0 && final)
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: %s", name, fe.msg);
	if (rc < 0)
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s", fe.msg);
	return rc;
}

/* Apply one answer: 1 applied, 0 not yet (its await is not open), or an
 * error naming its line and seat. */
int
sv_apply_answer(struct save *s, struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	struct fair_seatst *st = &f->seat[b->seat];
	const char *name = s->hdr.player[b->seat].seat;
	unsigned bit = 1u << b->seat;
	struct err fe;
	int rc;

	err_clear(&fe);
	switch (b->a.kind) {
	case FAIR_JOIN: {
		const unsigned char *key = b->a.u.join.key;

		if (st->joined)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "a second "
			    "join by %s (it joined at line %d)", name,
			    st->join_line);
		if (!f->joins_open)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no join "
			    "is awaited here (%s)", name);
		if (b->a.u.join.has_y && s->hdr.hands != SAVE_HANDS_SEALED)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's join "
			    "carries y= and pok=, but hands are open", name);
		for (int t = 0; t < s->hdr.nplayers; t++) {
			if (sodium_memcmp(key, s->hdr.player[t].pk, 32) == 0)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's answer key is %s's main key", name,
				    s->hdr.player[t].seat);
			if (!f->seat[t].joined)
				continue;
			if (sodium_memcmp(key, f->seat[t].answer_pk, 32) == 0)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's join repeats %s's answer key", name,
				    s->hdr.player[t].seat);
			if (sodium_memcmp(b->a.u.join.anchor,
			    f->seat[t].anchor, 32) == 0)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's join repeats %s's anchor", name,
				    s->hdr.player[t].seat);
		}
		if ((rc = join_sealed(s, b, e)) != 0)
			return rc;
		st->joined = 1;
		st->join_line = b->lineno;
		memcpy(st->answer_pk, key, 32);
		memcpy(st->anchor, b->a.u.join.anchor, 32);
		memcpy(st->commit, b->a.u.join.commit, 32);
		fair_chain_init(&st->chain, b->a.u.join.anchor,
		    b->a.u.join.n);
		f->joins_open = 0;
		for (int t = 0; t < s->hdr.nplayers; t++)
			if (!f->seat[t].joined)
				f->joins_open = 1;
		if (!f->joins_open && (rc = start_sealed(s, b, e)) != 0)
			return rc;
		return 1;
	}
	case FAIR_RELEASE: {
		uint32_t ev = b->a.u.release.event, k;
		struct chance_fair_event *E;

		if (!st->joined || ev > f->src.nev)
			return 0;
		E = &f->src.ev[ev - 1];
		if (!(E->quorum & bit))
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: event %lu (%s) does not ask it",
			    name, (unsigned long)ev, E->label);
		if (E->released & bit)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: event %lu (%s) has its release",
			    name, (unsigned long)ev, E->label);
		if (E->keyed)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: event %lu (%s) is closed", name,
			    (unsigned long)ev, E->label);
		k = release_position(f, b->seat, ev);
		if (st->chain.k + 1 != k)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's "
			    "release %lu is out of order: chain position %lu "
			    "is due, %lu were released", name,
			    (unsigned long)ev, (unsigned long)k,
			    (unsigned long)st->chain.k);
		if (fair_chain_accept(&st->chain, s->hdr.game_id, name, ev,
		    b->a.u.release.value, &fe) != 0)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s",
			    fe.msg);
		E->k[b->seat] = k;
		memcpy(E->value[b->seat], b->a.u.release.value, 32);
		E->released |= bit;
		if (E->released == E->quorum) {
			struct fair_contrib c[RULES_MAX_SEATS];
			size_t nc = 0;

			for (int t = 0; t < s->hdr.nplayers; t++) {
				if (!(E->quorum & 1u << t))
					continue;
				c[nc].seat = t;
				c[nc].name = s->hdr.player[t].seat;
				c[nc].k = E->k[t];
				memcpy(c[nc].value, E->value[t], 32);
				nc++;
			}
			if (fair_event_key(E->key, s->hdr.game_id, ev,
			    E->label, strlen(E->label), c, nc, &fe) != 0)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s", fe.msg);
			E->keyed = 1;
		}
		return 1;
	}
	case FAIR_AUDIT:
		if (!f->audit_open)
			return 0;
		return check_audit(s, b, e);
	case FAIR_SHUFFLE:
	case FAIR_SHARE:
	case FAIR_OPEN:
		return sv_apply_sealed(s, b, 0, e);
	default:
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: '%s' answers are not supported by this version",
		    name, fair_kind_name((int)b->a.kind));
	}
}

/*
 * The audit of one seat (trigon-save(5), The audit): its revealed
 * secret S must give the commitment and the anchor of its join, and
 * its chain from S must hold every value it released, each at its
 * position.  1 when it does, else an error naming the line and seat.
 */
static int
check_audit(struct save *s, struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	struct fair_seatst *st = &f->seat[b->seat];
	const char *name = s->hdr.player[b->seat].seat;
	const unsigned char *secret = b->a.u.audit.secret;
	struct fair_seat *fs = NULL;
	unsigned char v[32], c[32];
	unsigned bit = 1u << b->seat;
	uint32_t k;
	struct err fe;
	int rc = 1;

	err_clear(&fe);
	if (!st->joined)
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: it never joined, so it has nothing to audit", name);
	if (st->audit_line != 0)
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "a second audit "
		    "by %s (it audited at line %d)", name, st->audit_line);
	fair_commit(c, s->hdr.game_id, secret);
	if (sodium_memcmp(c, st->commit, 32) != 0)
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's audit does "
		    "not match its join: its secret does not give the "
		    "commitment of line %d", name, st->join_line);
	if (fair_seat_audit(&fs, secret, s->hdr.game_id, name, st->chain.n,
	    &fe) != 0)
		return sv_fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
	if (sodium_memcmp(fs->anchor, st->anchor, 32) != 0) {
		rc = sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's audit does "
		    "not match its join: its secret does not give the anchor "
		    "of line %d", name, st->join_line);
		goto out;
	}
	/* Its releases are c[1..K] in event order: walk down from c[K]
	 * (c[0], the anchor, for a seat that released nothing). */
	k = st->chain.k;
	if ((rc = fair_seat_value(fs, k, v, &fe)) != 0) {
		rc = sv_fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
		goto out;
	}
	rc = 1;
	for (uint32_t i = f->src.nev; i-- > 0 && k > 0;) {
		const struct chance_fair_event *E = &f->src.ev[i];

		if (!(E->released & bit))
			continue;
		if (E->k[b->seat] != k || sodium_memcmp(E->value[b->seat], v,
		    32) != 0) {
			rc = sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's audit "
			    "does not match its release %lu (line %d): its "
			    "secret gives another value at chain position %lu",
			    name, (unsigned long)i + 1, E->line,
			    (unsigned long)k);
			goto out;
		}
		fair_chain_link(v, s->hdr.game_id, name, strlen(name), k, v);
		k--;
	}
	if (k != 0 || sodium_memcmp(v, st->anchor, 32) != 0)
		rc = sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's audit does "
		    "not match its releases: they do not lead to its anchor",
		    name);
	else if (f->sealed != NULL && save_sealed_audit(f->sealed, b->seat,
	    secret, &fe) != 0)
		rc = sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s", fe.msg);
	else
		st->audit_line = b->lineno;
out:
	sodium_memzero(v, sizeof v);
	fair_seat_free(fs);
	return rc;
}

