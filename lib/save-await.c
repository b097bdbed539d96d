/*
 * save-await.c -- format 2 as its commands ask it: what is awaited and
 * of whom, a forfeit and its state, the audit; the kinds of the open
 * awaits and since when they wait; and writing a claim of timeout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "save.h"
#include "savesealed.h"
#include "save-int.h"

int
save_awaits(const struct save *s, char *buf, size_t n)
{
	const struct save_fair *f = s->fair;
	char seats[RULES_MAX_SEATS * SAVE_SEAT_MAX];
	unsigned left = 0;
	size_t k = 0;
	int count = 0, pend;

	if (n > 0)
		buf[0] = '\0';
	if (f == NULL)
		return 0;
	if (f->forfeit_seat >= 0)
		goto audit;	/* what was withheld is no longer awaited */
	if (f->joins_open) {
		for (int i = 0; i < s->hdr.nplayers; i++)
			if (!f->seat[i].joined)
				left |= 1u << i;
		sv_seat_list(s, left, seats, sizeof seats);
		k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "join "
		    "(line %d): %s", f->join_line, seats);
		count++;
	}
	if (f->sealed != NULL && f->sealed->wait[0] != '\0') {
		if (k < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s", count ?
			    "; " : "", f->sealed->wait);
		count++;
	}
	for (uint32_t i = 0; i < f->src.nev; i++) {
		const struct chance_fair_event *E = &f->src.ev[i];

		if (E->keyed)
			continue;
		sv_seat_list(s, E->quorum & ~E->released, seats, sizeof seats);
		if (k < n)
			k += (size_t)snprintf(buf + k, n - k, "%srelease for "
			    "event %lu, %s (line %d): %s", count ? "; " : "",
			    (unsigned long)i + 1, E->label, E->line, seats);
		count++;
	}
audit:
	left = 0;
	/* A final forfeit of a move owes the audits before the rules
	 * hear of it: they are its "#? audit" line. */
	pend = f->forfeit_pending && sv_forfeit_final(s);
	for (int i = 0; (f->audit_open || pend) && i < s->hdr.nplayers; i++)
		if (f->seat[i].audit_line == 0)
			left |= 1u << i;
	if (left != 0) {
		sv_seat_list(s, left, seats, sizeof seats);
		if (k < n && pend)
			k += (size_t)snprintf(buf + k, n - k, "%saudit (the "
			    "forfeit of line %d is final): %s", count ? "; " :
			    "", f->forfeit_line, seats);
		else if (k < n)
			k += (size_t)snprintf(buf + k, n - k, "%saudit (line "
			    "%d): %s", count ? "; " : "", f->audit_line,
			    seats);
		count++;
	}
	if (sv_final_due(s) && k < n) {
		k += (size_t)snprintf(buf + k, n - k, "%sfinal (the forfeit of "
		    "line %d): %s", count ? "; " : "", f->forfeit_line,
		    s->hdr.player[f->forfeit_by].seat);
		count++;
	}
	return count;
}

/* Open chance: whether the claimant of the standing forfeit of a move
 * owes its final line now (the grace after it has passed). */
int
sv_final_due(const struct save *s)
{
	const struct save_fair *f = s->fair;

	return f != NULL && s->hdr.chance != SAVE_CHANCE_FAIR &&
	    f->forfeit_seat >= 0 && f->forfeit_pending &&
	    save_clock() >= f->forfeit_when + s->hdr.grace;
}

unsigned
save_awaited(const struct save *s)
{
	const struct save_fair *f = s->fair;
	unsigned mask = 0;

	if (f == NULL)
		return 0;
	if (f->joins_open)
		for (int i = 0; i < s->hdr.nplayers; i++)
			if (!f->seat[i].joined)
				mask |= 1u << i;
	for (uint32_t i = 0; i < f->src.nev; i++)
		if (!f->src.ev[i].keyed)
			mask |= f->src.ev[i].quorum & ~f->src.ev[i].released;
	if (f->sealed != NULL)
		mask |= f->sealed->wait_seats;
	for (int i = 0; f->audit_open && i < s->hdr.nplayers; i++)
		if (f->seat[i].audit_line == 0)
			mask |= 1u << i;
	if (sv_final_due(s))
		mask |= 1u << f->forfeit_by;
	return mask;
}

int
save_forfeit(const struct save *s, char *buf, size_t n)
{
	const struct save_fair *f = s->fair;
	char what[RULES_MSG_MAX], until[FAIR_DATE_LEN + 1];
	int line, final;

	if (n > 0)
		buf[0] = '\0';
	if (f == NULL || f->forfeit_seat < 0)
		return -1;
	final = sv_forfeit_final(s);
	sv_await_name(s, f->forfeit_event, what, sizeof what);
	fair_format_date(until, f->forfeit_when + s->hdr.grace);
	if (f->forfeit_event == FAIR_AWAIT_MOVE) {
		snprintf(buf, n, "%s forfeit%s at line %d: it withheld its "
		    "move past the deadline and the grace%s%s",
		    s->hdr.player[f->forfeit_seat].seat, final ? "ed" :
		    " claimed", f->forfeit_line, final ? "" :
		    "; disputable until ", final ? "" : until);
		return f->forfeit_seat;
	}
	line = f->forfeit_event == 0 ? f->join_line :
	    f->src.ev[f->forfeit_event - 1].line;
	snprintf(buf, n, "%s forfeit%s at line %d: it withheld %s%s%s (line "
	    "%d) past the deadline and the grace%s%s",
	    s->hdr.player[f->forfeit_seat].seat, final ? "ed" : " claimed",
	    f->forfeit_line,
	    f->forfeit_event == 0 ? "" : "its release for ", what,
	    "", line, final ? "" : "; disputable until ", final ? "" : until);
	return f->forfeit_seat;
}

int
save_forfeit_winner(const struct save *s)
{
	const struct save_fair *f = s->fair;

	if (f == NULL || f->forfeit_seat < 0 || s->game != NULL ||
	    !sv_forfeit_final(s))
		return -1;
	/* No points before the start: the first other seat. */
	return f->forfeit_seat == 0 ? 1 : 0;
}

int64_t
save_forfeit_disputable(const struct save *s)
{
	if (s->fair == NULL || s->fair->forfeit_seat < 0 || sv_forfeit_final(s))
		return 0;
	return s->fair->forfeit_when + s->hdr.grace;
}

const char *
save_forfeit_timeout(const struct save *s)
{
	if (s->fair == NULL || s->fair->forfeit_seat < 0)
		return NULL;
	return s->fair->tline;
}

const char *
save_forfeit_finaled(const struct save *s)
{
	if (s->fair == NULL || s->fair->forfeit_seat < 0 ||
	    s->fair->final_line == 0)
		return NULL;
	return s->fair->fline;
}

int
save_audited(const struct save *s)
{
	const struct save_fair *f = s->fair;

	if (f == NULL || s->hdr.chance != SAVE_CHANCE_FAIR || !f->audit_open)
		return 0;
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (f->seat[i].audit_line == 0)
			return 0;
	return 1;
}

int
save_started(const struct save *s)
{
	return s->game != NULL;
}

/* ---- format 2: deadlines, timeout and forfeit ----------------------------- */

int
save_claim(struct save *s, const char *file, size_t len,
    const unsigned char *sk, enum save_claim_kind kind, int accused,
    int64_t now, int64_t asked, struct buf *out, int *added,
    struct err *e)
{
	struct save_fair *f = s->fair;
	char what[RULES_MSG_MAX], body[SAVE_LINE_MAX], d1[FAIR_DATE_LEN + 1];
	char d2[FAIR_DATE_LEN + 1], ev_word[16];
	const char *acc;
	struct blk_answer *t;
	int64_t created, from;
	uint32_t ev = 0;
	int me, a, found = 0;
	struct err fe;

	*added = 0;
	if (f == NULL)
		return err_set(e, ERR_REFUSED, "a game of open chance without "
		    "a deadline (format 1) awaits no answers: nothing to "
		    "claim");
	if ((me = save_seat_of_key(s, sk + 32)) < 0)
		return err_set(e, ERR_REFUSED, "this key belongs to no player "
		    "of this game");
	if (accused < 0 || accused >= s->hdr.nplayers)
		return err_set(e, ERR_USAGE, "no such seat");
	acc = s->hdr.player[accused].seat;
	if (accused == me)
		return err_set(e, ERR_REFUSED, "%s cannot claim against "
		    "itself", acc);
	if (f->forfeit_seat >= 0)
		return err_set(e, ERR_REFUSED, "the game is over: %s "
		    "forfeit%s (line %d)", s->hdr.player[f->forfeit_seat].seat,
		    sv_forfeit_final(s) ? "ed" : " is claimed",
		    f->forfeit_line);
	/* The accused's first open await: its join, or an event. */
	if (f->joins_open && !f->seat[accused].joined)
		found = 1;
	for (uint32_t i = 0; !found && i < f->src.nev; i++)
		if (sv_owes(s, accused, i + 1, &a) > 0) {
			ev = i + 1;
			found = 1;
		}
	if (!found && sv_owes_move(s, accused, &a) > 0) {
		ev = FAIR_AWAIT_MOVE;
		found = 1;
	}
	if (!found)
		return err_set(e, ERR_REFUSED, "%s owes no answer and no move "
		    "now: nothing to claim", acc);
	sv_await_name(s, ev, what, sizeof what);
	if (sv_owes(s, me, ev, &a) > 0)
		return err_set(e, ERR_REFUSED, "%s for %s awaits %s too: answer "
		    "it first (trigon answer)", what, acc,
		    s->hdr.player[me].seat);
	if (fair_parse_date(s->hdr.created, strlen(s->hdr.created), &created,
	    &fe) != 0)
		created = 0;
	t = f->nans > 0 ? sv_find_timeout(f, accused, ev) : NULL;
	if (kind == SAVE_CLAIM_TIMEOUT) {
		if (t != NULL)
			return err_set(e, ERR_REFUSED, "a timeout of %s for %s is "
			    "claimed already (line %d); a forfeit may follow "
			    "once the grace has passed", acc, what, t->lineno);
		from = (asked > created ? asked : created) + s->hdr.deadline;
		if (now < from) {
			fair_format_date(d1, asked > created ? asked : created);
			fair_format_date(d2, from);
			return err_set(e, ERR_REFUSED, "too early: %s was asked "
			    "for %s at %s at the earliest (this copy's last "
			    "change); a timeout may be claimed from %s", acc,
			    what, d1, d2);
		}
	} else {
		if (t == NULL)
			return err_set(e, ERR_REFUSED, "no timeout of %s for %s "
			    "yet: claim one first, a forfeit may follow after "
			    "the grace", acc, what);
		from = t->a.u.claim.when + s->hdr.grace;
		if (now < from) {
			fair_format_date(d2, from);
			return err_set(e, ERR_REFUSED, "too early: the grace after "
			    "the timeout of line %d runs until %s", t->lineno,
			    d2);
		}
	}
	if (ev == 0 || ev == FAIR_AWAIT_MOVE)
		snprintf(ev_word, sizeof ev_word, ev == 0 ? "join" : "move");
	else
		snprintf(ev_word, sizeof ev_word, "%lu", (unsigned long)ev);
	fair_format_date(d1, now);
	if (kind == SAVE_CLAIM_TIMEOUT)
		snprintf(body, sizeof body, "timeout %s %s %s", acc, ev_word,
		    d1);
	else
		snprintf(body, sizeof body, "forfeit %s %s", acc, d1);
	if (s->hdr.chance != SAVE_CHANCE_FAIR)
		return sv_answer_open(s, file, len, sk, body, out, added, e);
	return sv_answer_impl(s, file, len, sk, NULL, body, out, added, e);
}

/* ---- open chance: the claimant's final line ------------------------------ */

/*
 * What seat si owes in an open game (trigon-save(5), Deadlines and
 * forfeit): the final line of its own standing forfeit of a move, once
 * the grace after the forfeit has passed by the reader's clock; body
 * gets it, "" when nothing is owed.  ERR_REFUSED while the grace runs.
 */
static int
owed_final(const struct save *s, int si, char *body, size_t n, struct err *e)
{
	const struct save_fair *f = s->fair;
	char d[FAIR_DATE_LEN + 1];
	int64_t from = f->forfeit_when + s->hdr.grace, now = save_clock();

	body[0] = '\0';
	if (f->forfeit_seat < 0 || !f->forfeit_pending || f->forfeit_by != si)
		return 0;
	if (now < from) {
		fair_format_date(d, from);
		return err_set(e, ERR_REFUSED, "too early: the forfeit of line "
		    "%d is disputable until %s; %s may make it final then "
		    "(the final line)", f->forfeit_line, d,
		    s->hdr.player[si].seat);
	}
	fair_format_date(d, now);
	snprintf(body, n, "final %s %s", s->hdr.player[f->forfeit_seat].seat,
	    d);
	return 0;
}

/*
 * save_answer for a game of open chance (format 2): the key's seat owes
 * at most its final line; extra, when not NULL, is one more claim of
 * its (save_claim).  The lines are merged into the open block, the
 * block processed, and a new end line signed with the main key, as
 * sv_answer_impl does for a fair game.
 */
int
sv_answer_open(struct save *s, const char *file, size_t len,
    const unsigned char *sk, const char *extra, struct buf *out, int *added,
    struct err *e)
{
	struct save_fair *f = s->fair;
	struct buf mine = BUF_INIT, tail = BUF_INIT;
	struct merge_line *m = NULL;
	char body[SAVE_LINE_MAX];
	unsigned char block[32];
	struct save s2;
	const char *p;
	size_t off, nm = 0, k;
	int si, rc;

	*added = 0;
	if ((si = save_seat_of_key(s, sk + 32)) < 0)
		return err_set(e, ERR_REFUSED, "this key belongs to no player "
		    "of this game");
	if ((rc = owed_final(s, si, body, sizeof body, e)) != 0)
		return rc;
	off = f->nans > 0 ? (size_t)f->block_off : (size_t)s->body_len;
	if (f->nans > 0)
		memcpy(block, f->block_hash, 32);
	else
		sv_chain_now(s, block);
	if ((body[0] != '\0' && (rc = sv_sign_answer(s, si, body, block, sk,
	    &mine, e)) != 0) || (extra != NULL && (rc = sv_sign_answer(s, si,
	    extra, block, sk, &mine, e)) != 0))
		goto out;
	if (mine.len == 0)
		goto out;
	save_init(&s2, s->name);
	s2.table = s->table;
	if ((rc = sv_merge_block(s, &mine, &m, &nm, e)) != 0 ||
	    (rc = sv_feed_lines(&s2, file, off, e)) != 0)
		goto out2;
	for (k = 0; k < nm; k++) {
		if (k > 0 && sv_merge_cmp(&m[k - 1], &m[k]) == 0)
			continue;	/* already there */
		if ((rc = sv_feed_chunk(&s2, m[k].p, m[k].n, e)) != 0 ||
		    buf_add(&tail, m[k].p, m[k].n) < 0 ||
		    buf_add(&tail, "\n", 1) < 0) {
			if (rc == 0)
				rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out2;
		}
	}
	if (s2.fair->nans > 0 && !s2.fair->processed &&
	    (rc = sv_process_block(&s2, e)) != 0)
		goto out2;
	while (sv_owed_next(&s2, &p, &k)) {
		char line[SAVE_LINE_MAX + 1];

		memcpy(line, p, k);
		if ((rc = sv_put_line(&s2, &tail, line, k, e)) != 0)
			goto out2;
	}
	if ((rc = sv_keep_comments(&s2, file + off, len - off, &tail,
	    e)) != 0 || (rc = sv_seal2(&s2, sk, &tail, e)) != 0 ||
	    (rc = save_finish(&s2, 1, e)) != 0)
		goto out2;
	if (buf_add(out, file, off) < 0 || buf_add(out, tail.p, tail.len) < 0) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out2;
	}
	*added = (body[0] != '\0') + (extra != NULL);
	s2.cb = s->cb;
	s2.cbctx = s->cbctx;
	save_release(s);
	*s = s2;
	goto out;
out2:
	save_release(&s2);
out:
	free(m);
	buf_release(&mine);
	buf_release(&tail);
	return rc;
}

/* Append word to buf[0..*k) as a list item, unless it is one already
 * (items are joined by ", "). */
static void
kinds_add(char *buf, size_t n, size_t *k, const char *word)
{
	size_t w = strlen(word);

	for (const char *p = buf; *k > 0 && p < buf + *k;) {
		const char *end = strstr(p, ", ");
		size_t len = end != NULL ? (size_t)(end - p) : strlen(p);

		if (len == w && memcmp(p, word, w) == 0)
			return;
		if (end == NULL)
			break;
		p = end + 2;
	}
	if (*k < n)
		*k += (size_t)snprintf(buf + *k, n - *k, "%s%s", *k ? ", " :
		    "", word);
}

/* The kind of the sealed request awaited, from its text: "the shares of
 * dev 0 for red: blue" gives "shares of dev 0". */
static const char *
sealed_kind(const char *wait, char *word, size_t n)
{
	static const char *const cut[] = { " for ", " by ", ":" };
	size_t len;

	if (strncmp(wait, "the ", 4) == 0)
		wait += 4;
	len = strlen(wait);
	for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
		const char *p = strstr(wait, cut[i]);

		if (p != NULL && (size_t)(p - wait) < len)
			len = (size_t)(p - wait);
	}
	snprintf(word, n, "%.*s", (int)len, wait);
	return word;
}

int
save_await_kinds(const struct save *s, char *buf, size_t n)
{
	const struct save_fair *f = s->fair;
	char tmp[RULES_MSG_MAX], word[RULES_MSG_MAX];
	size_t k = 0;
	int count;

	if (n > 0)
		buf[0] = '\0';
	if ((count = save_awaits(s, tmp, sizeof tmp)) == 0)
		return 0;
	if (f->forfeit_seat < 0 && f->joins_open)
		kinds_add(buf, n, &k, "join");
	if (f->forfeit_seat < 0 && f->sealed != NULL &&
	    f->sealed->wait[0] != '\0')
		kinds_add(buf, n, &k, sealed_kind(f->sealed->wait, word,
		    sizeof word));
	for (uint32_t i = 0; f->forfeit_seat < 0 && i < f->src.nev; i++)
		if (!f->src.ev[i].keyed)
			kinds_add(buf, n, &k, f->src.ev[i].label);
	if (f->audit_open)
		for (int i = 0; i < s->hdr.nplayers; i++)
			if (f->seat[i].audit_line == 0) {
				kinds_add(buf, n, &k, "audit");
				break;
			}
	if (sv_final_due(s))
		kinds_add(buf, n, &k, "final");
	return count;
}

int
save_await_since(const struct save *s, int64_t changed,
    struct save_since *out)
{
	struct save_fair *f = s->fair;
	int64_t created, when;
	struct blk_answer *t;
	struct err fe;
	int a;

	if (f == NULL || f->forfeit_pending)
		return -1;
	if (save_awaited(s) == 0) {
		/* No answer awaited: a move may be (claim's await "move"). */
		int i = 0;

		while (i < s->hdr.nplayers && sv_owes_move(s, i, &a) <= 0)
			i++;
		if (i >= s->hdr.nplayers)
			return -1;
	}
	if (fair_parse_date(s->hdr.created, strlen(s->hdr.created), &created,
	    &fe) != 0)
		created = 0;
	out->asked = changed > created ? changed : created;
	out->claim = 0;
	out->accused = -1;
	out->forfeit = 0;
	if (f->forfeit_seat >= 0)
		return 0;	/* only audits are awaited now */
	for (int i = 0; i < s->hdr.nplayers; i++) {
		uint32_t ev = 0;
		int found = f->joins_open && !f->seat[i].joined;

		/* The seat's first open await, as save_claim names it. */
		for (uint32_t k = 0; !found && k < f->src.nev; k++)
			if (sv_owes(s, i, k + 1, &a) > 0) {
				ev = k + 1;
				found = 1;
			}
		if (!found && sv_owes_move(s, i, &a) > 0) {
			ev = FAIR_AWAIT_MOVE;
			found = 1;
		}
		if (!found)
			continue;
		t = f->nans > 0 ? sv_find_timeout(f, i, ev) : NULL;
		when = t != NULL ? t->a.u.claim.when + s->hdr.grace :
		    out->asked + s->hdr.deadline;
		if (out->accused < 0 || when < out->claim) {
			out->claim = when;
			out->accused = i;
			out->forfeit = t != NULL;
		}
	}
	return 0;
}

