/*
 * save-forfeit.c -- format 2: what a seat owes, the claims of timeout
 * and forfeit that a block's answers make (trigon-save(5), Deadlines
 * and forfeit), and the processing of a block as a whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "num.h"
#include "save.h"
#include "save-int.h"

static int check_forfeit(struct save *s, struct blk_answer *b, int accused,
    struct err *e);
static int check_final(struct save *s, struct blk_answer *b, int accused,
    struct err *e);
static int forfeit_tell(struct save *s, const struct blk_answer *b, int seat,
    struct err *e);

/* "event 5, turn order" or "join": an await as messages name it. */
void
sv_await_name(const struct save *s, uint32_t ev, char *buf, size_t n)
{
	if (ev == 0)
		snprintf(buf, n, "its join");
	else if (ev == FAIR_AWAIT_MOVE)
		snprintf(buf, n, "its move");
	else if (ev <= s->fair->src.nev)
		snprintf(buf, n, "event %lu, %s", (unsigned long)ev,
		    s->fair->src.ev[ev - 1].label);
	else
		snprintf(buf, n, "event %lu", (unsigned long)ev);
}

/*
 * Whether seat owes its move (trigon-save(5), Deadlines and forfeit):
 * the game is created, no event is open and the rules await the seat.
 * A move never stands in a block: asked, it is owed.  -1 when no move
 * is awaited at all.
 */
int
sv_owes_move(const struct save *s, int seat, int *asked)
{
	const struct save_fair *f = s->fair;
	struct rules_await aw;

	if (s->game == NULL || f->joins_open || f->pend != PEND_NONE ||
	    f->audit_open)
		return -1;
	for (uint32_t i = 0; i < f->src.nev; i++)
		if (!f->src.ev[i].keyed)
			return -1;
	if (rules_await_check(s->rules, s->game, s->hdr.nplayers, &aw) != 0 ||
	    aw.over)
		return -1;
	*asked = (sv_may_act(&aw) & 1u << seat) != 0;
	return *asked;
}

/*
 * Whether seat still owes await ev (0: the join): 1 it does, 0 it
 * answered (or was never asked: *asked = 0), -1 when there is no such
 * await.
 */
int
sv_owes(const struct save *s, int seat, uint32_t ev, int *asked)
{
	const struct save_fair *f = s->fair;
	const struct chance_fair_event *E;

	*asked = 1;
	if (ev == 0)
		return !f->seat[seat].joined;
	if (ev == FAIR_AWAIT_MOVE)
		return sv_owes_move(s, seat, asked);
	if (ev > f->src.nev)
		return -1;
	E = &f->src.ev[ev - 1];
	if (!(E->quorum & 1u << seat)) {
		*asked = 0;
		return 0;
	}
	return !E->keyed && !(E->released & 1u << seat);
}

/*
 * The reader's clock (trigon-save(5), Deadlines and forfeit): claims
 * dated after it plus SAVE_SKEW are refused, and a forfeit is final
 * once it passes the forfeit's date plus the grace.  SOURCE_DATE_EPOCH
 * stands for it when set (tests, reproducible runs).
 */
int64_t
save_clock(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	uint64_t v;

	if (sde != NULL && *sde != '\0' && num_u64(sde, strlen(sde), 0,
	    253402300799ULL, NUM_CANONICAL, &v) == 0)
		return (int64_t)v;
	return (int64_t)time(NULL);
}

/*
 * 1 when the forfeit of s (if any) can no longer be disputed: in a fair
 * game once the reader's clock passes its date plus the grace, in an
 * open one once its final line is in (trigon-save(5), Deadlines and
 * forfeit).
 */
int
sv_forfeit_final(const struct save *s)
{
	const struct save_fair *f = s->fair;

	if (f->forfeit_seat < 0)
		return 0;
	if (s->hdr.chance != SAVE_CHANCE_FAIR)
		return !f->forfeit_pending;
	return save_clock() >= f->forfeit_when + s->hdr.grace;
}

/* The timeout of (accused, ev) among the block's applied claims, or NULL. */
struct blk_answer *
sv_find_timeout(struct save_fair *f, int accused, uint32_t ev)
{
	for (size_t i = 0; i < f->nans; i++) {
		struct blk_answer *b = &f->ans[i];

		if (b->a.kind == FAIR_TIMEOUT && b->used == 1 + accused &&
		    b->a.u.claim.event == ev)
			return b;
	}
	return NULL;
}

/* Whether the open block holds an audit line. */
static int
block_audits(const struct save_fair *f)
{
	for (size_t i = 0; i < f->nans; i++)
		if (f->ans[i].a.kind == FAIR_AUDIT)
			return 1;
	return 0;
}

/*
 * The forfeit of seat (trigon-save(5), Deadlines and forfeit): the line
 * that waits is dropped (the game stays as before it), the rules end
 * the game (rules.h, forfeit; without that hook the core refuses every
 * later move), and the audit is owed.
 */
/* A line (without its newline) into a buffer of SAVE_LINE_MAX + 1. */
static void
copy_line(char *dst, const struct blk_answer *b)
{
	size_t n = b->len < SAVE_LINE_MAX ? b->len : SAVE_LINE_MAX;

	memcpy(dst, b->line, n);
	dst[n] = '\0';
}

static int
do_forfeit(struct save *s, struct blk_answer *b, const struct blk_answer *t,
    int seat, uint32_t ev, struct err *e)
{
	struct save_fair *f = s->fair;

	f->forfeit_seat = seat;
	f->forfeit_line = b->lineno;
	f->forfeit_event = ev;
	f->forfeit_when = b->a.u.claim.when;
	f->forfeit_by = b->seat;
	copy_line(f->tline, t);
	copy_line(f->fline, b);
	/* A withheld move: the accused's late move, the next action line,
	 * voids it (feed_action); the rules hear of it only with the
	 * audits (fair chance) or the claimant's final line (open
	 * chance), once it is final (trigon-save(5), Deadlines and
	 * forfeit). */
	f->forfeit_pending = ev == FAIR_AWAIT_MOVE &&
	    (s->hdr.chance != SAVE_CHANCE_FAIR || !block_audits(f));
	if (f->forfeit_pending)
		return 0;
	return forfeit_tell(s, b, seat, e);
}

/* The rules hear of seat's forfeit, claimed at b (do_forfeit). */
static int
forfeit_tell(struct save *s, const struct blk_answer *b, int seat,
    struct err *e)
{
	struct save_fair *f = s->fair;
	int rc;

	f->pend = PEND_NONE;
	s->note.len = 0;
	s->note_pos = 0;
	if (s->game != NULL && s->rules->forfeit != NULL) {
		memset(&s->rerr, 0, sizeof s->rerr);
		rc = s->rules->forfeit(s->game, seat, &s->note, &s->rerr);
		if (rc == RULES_ENOMEM)
			return sv_fail(s, e, ERR_NOMEM, "out of memory");
		if (rc != 0)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "the rules "
			    "refuse %s's forfeit: %s",
			    s->hdr.player[seat].seat, s->rerr.msg);
		if ((rc = sv_owe_notes(s)) != 0 || (rc = sv_owe_audit(s)) != 0)
			return sv_fail(s, e, rc, "an annotation longer than %d "
			    "bytes", SAVE_LINE_MAX);
		return 0;
	}
	if ((rc = sv_owe(s, "#= %s forfeits", s->hdr.player[seat].seat)) != 0)
		return sv_fail(s, e, rc, "out of memory");
	return 0;
}

/*
 * A claim's date (trigon-save(5), Deadlines and forfeit): not after the
 * reader's clock plus SAVE_SKEW, and not before the claimant's own
 * claims of earlier blocks (each seat's dates are monotone).
 */
static int
claim_dated(struct save *s, const struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *me = s->hdr.player[b->seat].seat;
	char d1[FAIR_DATE_LEN + 1], d2[FAIR_DATE_LEN + 1];
	int64_t when = b->a.u.claim.when, now = save_clock();

	fair_format_date(d1, when);
	if (when > now + SAVE_SKEW) {
		fair_format_date(d2, now);
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's %s is dated "
		    "%s, in the future (this clock: %s; %d minutes' skew "
		    "allowed)", me, fair_kind_name((int)b->a.kind), d1, d2,
		    SAVE_SKEW / 60);
	}
	if (f->last_claim_line[b->seat] > 0 && when < f->last_claim[b->seat]) {
		fair_format_date(d2, f->last_claim[b->seat]);
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's %s is dated "
		    "%s, before its own claim of line %d (%s)", me,
		    fair_kind_name((int)b->a.kind), d1,
		    f->last_claim_line[b->seat], d2);
	}
	return 0;
}

/* After a block's claims: each claimant's latest date so far. */
static void
claims_done(struct save_fair *f)
{
	for (size_t i = 0; i < f->nans; i++) {
		const struct blk_answer *b = &f->ans[i];

		if ((b->a.kind != FAIR_TIMEOUT && b->a.kind != FAIR_FORFEIT &&
		    b->a.kind != FAIR_FINAL) ||
		    (f->last_claim_line[b->seat] > 0 &&
		    b->a.u.claim.when < f->last_claim[b->seat]))
			continue;
		f->last_claim[b->seat] = b->a.u.claim.when;
		f->last_claim_line[b->seat] = b->lineno;
	}
}

/*
 * The block's claims (timeout, then forfeit), once its other answers
 * are applied: each names the accused's await as it stands then.
 * b->used holds 1 + the accused seat for an applied timeout.
 */
static int
apply_claims(struct save *s, struct err *e)
{
	struct save_fair *f = s->fair;
	char what[RULES_MSG_MAX], d1[FAIR_DATE_LEN + 1], d2[FAIR_DATE_LEN + 1];
	int64_t created;
	struct err fe;

	if (fair_parse_date(s->hdr.created, strlen(s->hdr.created), &created,
	    &fe) != 0)
		created = 0;
	for (int pass = FAIR_TIMEOUT; pass <= FAIR_FINAL; pass++) {
		for (size_t i = 0; i < f->nans; i++) {
			struct blk_answer *b = &f->ans[i], *t;
			const char *me = s->hdr.player[b->seat].seat, *acc;
			uint32_t ev = b->a.u.claim.event;
			int64_t when = b->a.u.claim.when, from;
			int accused, asked, o;

			if (b->used || (int)b->a.kind != pass)
				continue;
			accused = sv_seat_of_name(s, b->a.u.claim.seat,
			    b->a.u.claim.seatlen);
			if (accused < 0)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s names no player ('%.*s')", me,
				    fair_kind_name(pass),
				    (int)b->a.u.claim.seatlen,
				    b->a.u.claim.seat);
			acc = s->hdr.player[accused].seat;
			if (pass != FAIR_FINAL && f->forfeit_seat >= 0)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s comes after the game ended: %s "
				    "forfeited (line %d)", me,
				    fair_kind_name(pass),
				    s->hdr.player[f->forfeit_seat].seat,
				    f->forfeit_line);
			if (accused == b->seat)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s accuses itself", me,
				    fair_kind_name(pass));
			if ((o = claim_dated(s, b, e)) != 0)
				return o;
			if (pass == FAIR_FINAL) {
				if ((o = check_final(s, b, accused, e)) != 0)
					return o;
				continue;
			}
			if (pass == FAIR_FORFEIT)
				return check_forfeit(s, b, accused, e);
			sv_await_name(s, ev, what, sizeof what);
			if ((o = sv_owes(s, accused, ev, &asked)) < 0 ||
			    (ev > 0 && ev != FAIR_AWAIT_MOVE &&
			    ev <= f->blk_keyed) ||
			    (ev == 0 && !f->blk_joins_open))
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s names %s, which is not open", me,
				    fair_kind_name(pass), what);
			if (!asked)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s names %s, which does not ask %s",
				    me, fair_kind_name(pass), what, acc);
			if (sv_owes(s, b->seat, ev, &asked) > 0)
				return sv_fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s claims a %s of %s for %s, which awaits "
				    "%s itself", me, fair_kind_name(pass), acc,
				    what, me);
			{
				if ((t = sv_find_timeout(f, accused, ev)) != NULL)
					return sv_fail_at(s, e, b->lineno,
					    ERR_REFUSED, "a second timeout of "
					    "%s for %s (line %d)", acc, what,
					    t->lineno);
				from = created + s->hdr.deadline;
				if (when < from) {
					fair_format_date(d1, when);
					fair_format_date(d2, from);
					return sv_fail_at(s, e, b->lineno,
					    ERR_REFUSED, "%s's timeout of %s is "
					    "dated %s, before the deadline can "
					    "have passed (%s: created plus the "
					    "deadline)", me, acc, d1, d2);
				}
				/* Answered in this block: a notice, no more. */
				b->used = 1 + accused;
				(void)o;
			}
		}
	}
	return 0;
}

/*
 * A forfeit of accused: the block must hold a timeout of it, for an
 * await it still owes, dated at least the grace before the forfeit
 * (the first such timeout in the block's order is the one).
 */
static int
check_forfeit(struct save *s, struct blk_answer *b, int accused,
    struct err *e)
{
	struct save_fair *f = s->fair;
	const char *me = s->hdr.player[b->seat].seat;
	const char *acc = s->hdr.player[accused].seat;
	char what[RULES_MSG_MAX], d1[FAIR_DATE_LEN + 1], d2[FAIR_DATE_LEN + 1];
	struct blk_answer *early = NULL, *answered = NULL;
	int64_t when = b->a.u.claim.when;
	int asked;

	for (size_t i = 0; i < f->nans; i++) {
		struct blk_answer *t = &f->ans[i];
		uint32_t ev = t->a.u.claim.event;

		if (t->a.kind != FAIR_TIMEOUT || t->used != 1 + accused)
			continue;
		if (sv_owes(s, accused, ev, &asked) <= 0) {
			if (answered == NULL)
				answered = t;
			continue;
		}
		if (when < t->a.u.claim.when + s->hdr.grace) {
			if (early == NULL)
				early = t;
			continue;
		}
		b->used = 1;
		return do_forfeit(s, b, t, accused, ev, e);
	}
	if (early != NULL) {
		fair_format_date(d1, when);
		fair_format_date(d2, early->a.u.claim.when + s->hdr.grace);
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's forfeit of %s "
		    "is dated %s, before the grace ends (%s: the timeout of "
		    "line %d plus the grace)", me, acc, d1, d2, early->lineno);
	}
	if (answered != NULL) {
		/* An answer always beats a forfeit: the claim stands as a
		 * notice without effect. */
		(void)what;
		b->used = 1;
		f->void_line = b->lineno;
		return 0;
	}
	return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's forfeit of %s "
	    "follows no timeout of it", me, acc);
}

/*
 * A final of accused (open chance): its block must hold the standing
 * forfeit of accused by the same claimant, and it must be dated at
 * least the grace after that forfeit; the rules then hear of the
 * forfeit.  A final the accused's move answered stands in no block of
 * that forfeit: it is refused here too.
 */
static int
check_final(struct save *s, struct blk_answer *b, int accused, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *me = s->hdr.player[b->seat].seat;
	const char *acc = s->hdr.player[accused].seat;
	char d1[FAIR_DATE_LEN + 1], d2[FAIR_DATE_LEN + 1];
	int64_t from = f->forfeit_when + s->hdr.grace;

	if (f->forfeit_seat != accused || f->forfeit_by != b->seat ||
	    f->forfeit_event != FAIR_AWAIT_MOVE)
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's final of "
		    "%s stands on no forfeit of %s claimed by %s in its block",
		    me, acc, acc, me);
	if (f->final_line != 0)
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "a second final "
		    "of %s (line %d)", acc, f->final_line);
	if (b->a.u.claim.when < from) {
		fair_format_date(d1, b->a.u.claim.when);
		fair_format_date(d2, from);
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's final of "
		    "%s is dated %s, before the forfeit of line %d can be "
		    "final (%s: its date plus the grace)", me, acc, d1,
		    f->forfeit_line, d2);
	}
	b->used = 1;
	f->final_line = b->lineno;
	f->forfeit_pending = 0;
	return forfeit_tell(s, b, accused, e);
}

/* Apply the open block's answers as a set (trigon-save(5), Blocks). */
int
sv_process_block(struct save *s, struct err *e)
{
	struct save_fair *f = s->fair;
	int progress, rc, claims;

	f->processed = 1;
	f->answers_ok = 0;
again:
	do {
		progress = 0;
		for (size_t i = 0; i < f->nans; i++) {
			if (f->ans[i].used || f->ans[i].a.kind == FAIR_TIMEOUT ||
			    f->ans[i].a.kind == FAIR_FORFEIT ||
			    f->ans[i].a.kind == FAIR_FINAL)
				continue;
			if ((rc = sv_apply_answer(s, &f->ans[i], e)) < 0)
				return rc;
			if (rc > 0)
				f->ans[i].used = progress = 1;
		}
		if ((rc = sv_advance(s, e)) < 0)
			return rc;
		if (rc > 0)
			progress = 1;
	} while (progress);
	claims = 0;
	for (size_t i = 0; i < f->nans; i++)
		if (!f->ans[i].used && (f->ans[i].a.kind == FAIR_TIMEOUT ||
		    f->ans[i].a.kind == FAIR_FORFEIT ||
		    f->ans[i].a.kind == FAIR_FINAL))
			claims++;
	if (claims > 0) {
		int was = f->forfeit_seat;

		if ((rc = apply_claims(s, e)) != 0)
			return rc;
		claims_done(f);
		if (f->forfeit_seat != was)
			goto again;	/* the audit may be answered */
	}
	for (size_t i = 0; i < f->nans; i++) {
		struct blk_answer *b = &f->ans[i];

		if (b->used)
			continue;
		if (b->a.kind == FAIR_RELEASE && !f->seat[b->seat].joined)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: it has not joined",
			    s->hdr.player[b->seat].seat);
		if (b->a.kind == FAIR_AUDIT)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: the game is not over (an audit "
			    "comes at its end)", s->hdr.player[b->seat].seat);
		if (b->a.kind == FAIR_SHUFFLE || b->a.kind == FAIR_SHARE ||
		    b->a.kind == FAIR_OPEN)
			return sv_apply_sealed(s, b, 1, e);
		if (b->a.kind == FAIR_FINAL)
			return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "%s's "
			    "final stands on no standing forfeit in its block",
			    s->hdr.player[b->seat].seat);
		return sv_fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: event %lu is not open",
		    s->hdr.player[b->seat].seat,
		    (unsigned long)b->a.u.release.event);
	}
	return 0;
}

