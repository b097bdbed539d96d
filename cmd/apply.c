/*
 * apply.c -- trigon apply: read mails (files, an mbox, or standard
 * input), take their armoured blocks of moves, verify them and add what
 * is new to the save file; a block that follows moves the file lacks is
 * held back in FILE.pending/ and applied once they arrive (lib/mail.c).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "game.h"
#include "keys.h"
#include "mail.h"
#include "mailcmd.h"

static void
worse(struct apply_run *r, int rc)
{
	if (rc != EXIT_OK && (r->rc == EXIT_OK || rc < r->rc))
		r->rc = rc;
}

static void
report(struct apply_run *r, const char *from, const struct mail_apply_result *a)
{
	const char *p = r->path;

	switch (a->what) {
	case MAIL_CREATED:
		cmd_say("%s: created from %s (%llu moves)", p, from,
		    (unsigned long long)a->after);
		r->changed = 1;
		break;
	case MAIL_APPLIED:
		if (a->after == a->before)	/* a fair game's answers */
			cmd_say("%s: took the answers of %s (no new moves)", p,
			    from);
		else if (a->after == a->before + 1)
			cmd_say("%s: applied move %llu from %s", p,
			    (unsigned long long)a->after, from);
		else
			cmd_say("%s: applied moves %llu-%llu from %s", p,
			    (unsigned long long)a->before + 1,
			    (unsigned long long)a->after, from);
		r->changed = 1;
		break;
	case MAIL_ALREADY:
		cmd_say("%s: already has the moves of %s; nothing to do", p,
		    from);
		break;
	case MAIL_HELD:
		cmd_say("%s: held back %s: it follows move %llu, which %s does "
		    "not have yet (%llu moves); kept as %s until the moves "
		    "between arrive", p, from,
		    (unsigned long long)a->block_after, p,
		    (unsigned long long)a->before, a->pending);
		break;
	case MAIL_HELD_AGAIN:
		cmd_say("%s: %s is held back already (%s)", p, from,
		    a->pending);
		break;
	}
}

static void
refused(struct apply_run *r, const char *from, const struct err *e)
{
	if (e->file[0] != '\0' && e->line > 0)
		errmsg("%s:%d: error: %s refused: %s", e->file, e->line, from,
		    e->msg);
	else
		errmsg("%s: error: %s refused: %s", r->path, from, e->msg);
	worse(r, e->code == ERR_IO || e->code == ERR_NOMEM ? EXIT_DAMAGED :
	    EXIT_REFUSED);
}

/*
 * Refused; a copy that dropped signed lines of the file is answered by
 * the file's own copy (trigon-save(5), Deadlines and forfeit): the
 * watch mails it at once, a person is told how.
 */
static void
refused_resend(struct apply_run *r, const char *from,
    const struct mail_apply_result *a, const struct err *e)
{
	refused(r, from, e);
	if (!a->resend)
		return;
	if (!r->watch && !r->resend)
		cmd_say("%s: %s lacks signed lines of %s; send them back: "
		    "trigon mail -f %s --send", r->path, from, r->path,
		    r->path);
	r->resend = 1;
}

static int
on_block(void *ctx, unsigned char *payload, size_t len, const struct err *bad)
{
	struct apply_run *r = ctx;
	struct mail_block b;
	struct mail_apply_result a;
	struct err e;
	char from[1200];

	r->blocks++;
	snprintf(from, sizeof from, "'%s'", r->name);
	if (bad != NULL) {
		errmsg("%s: error: %s: a damaged TRIGON MOVES block: %s",
		    r->path, from, bad->msg);
		worse(r, EXIT_REFUSED);
		return 0;
	}
	err_clear(&e);
	if (mail_block_parse(&b, payload, len, &e) != 0)
		refused(r, from, &e);
	else if (r->game != NULL && memcmp(b.game_id, r->game,
	    sizeof b.game_id) != 0)
		r->blocks--;	/* another game's: not ours to judge */
	else if (mail_apply_key(r->path, &b, 1, r->sk, &a, &e) != 0)
		refused_resend(r, from, &a, &e);
	else
		report(r, from, &a);
	free(payload);
	return 0;
}

static int
on_text(void *ctx, int msgno, const char *subject, const char *text,
    size_t len)
{
	(void)msgno;
	(void)subject;
	mail_dearmour(text, len, on_block, ctx);
	return 0;
}

static void
on_pending(void *ctx, const char *pending, const struct mail_apply_result *a,
    const struct err *e)
{
	struct apply_run *r = ctx;
	char from[1200];

	snprintf(from, sizeof from, "held-back '%s'", pending);
	if (e != NULL)
		refused_resend(r, from, a, e);
	else
		report(r, from, a);
}

/* A fair game's file (format 2), or none yet: answers are merged and
 * written, which needs the player's key. */
static int
may_be_fair(const char *path)
{
	char head[16] = "";
	FILE *f = fopen(path, "r");

	if (f == NULL)
		return 1;
	if (fgets(head, sizeof head, f) == NULL)
		head[0] = '\0';
	fclose(f);
	return strncmp(head, "trigon-save 2", 13) == 0;
}

/*
 * Fair chance (doc/fair-chance.md): once the mails are in, the key's seat
 * (pk) answers what the game awaits from it, under the file's lock, so
 * the other players wait for this client, not for its person.
 */
static int
answer_after(struct apply_run *r, const unsigned char *pk)
{
	struct save s;
	struct err e;
	int fd = -1, added = 0, seat, rc;

	err_clear(&e);
	save_init(&s, r->path);
	if (save_load(&s, r->path, &fd, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	if (s.hdr.version != SAVE_VERSION_FAIR ||
	    (seat = save_seat_of_key(&s, pk)) < 0 ||
	    !(save_awaited(&s) & 1u << seat)) {
		rc = EXIT_OK;
		goto out;
	}
	if ((rc = game_answer_file(r->path, fd, &s, r->sk, &added)) ==
	    EXIT_OK && added > 0) {
		char what[512];

		r->answered += added;
		if (r->watch)
			cmd_say("%s: %s answered (%d line%s)", r->path,
			    s.hdr.player[seat].seat, added, added == 1 ? "" :
			    "s");
		else
			cmd_say("%s: %s answered (%d line%s); send them: "
			    "trigon mail -f %s --send", r->path,
			    s.hdr.player[seat].seat, added, added == 1 ? "" :
			    "s", r->path);
		if (!r->watch && save_awaits(&s, what, sizeof what) > 0)
			cmd_say("%s: waiting for answers: %s", r->path, what);
	}
out:
	if (fd >= 0)
		close(fd);
	save_release(&s);
	return rc;
}

void
apply_fd(struct apply_run *r, int fd, const char *name)
{
	struct err e;

	r->name = name;
	r->blocks = 0;
	err_clear(&e);
	if (mail_read_fd(fd, name, on_text, r, &e) != 0) {
		errmsg("%s", e.msg);
		worse(r, EXIT_DAMAGED);
	} else if (r->blocks == 0 && r->game == NULL) {
		errmsg("'%s': no %s block found", name, MAIL_BEGIN);
		worse(r, EXIT_REFUSED);
	}
}

void
apply_finish(struct apply_run *r, const unsigned char *pk)
{
	struct err e;

	if (r->changed) {
		err_clear(&e);
		if (mail_pending_run_key(r->path, r->sk, on_pending, r, &e) !=
		    0) {
			errmsg("%s", e.msg);
			worse(r, EXIT_DAMAGED);
		}
	}
	if (r->sk != NULL && access(r->path, F_OK) == 0)
		worse(r, answer_after(r, pk));
}

static int
apply_exec(struct cmd_ctx *c)
{
	struct apply_run r;
	struct err e;
	unsigned char *sk = NULL;

	memset(&r, 0, sizeof r);
	r.path = c->path;
	/* The key: --key, else the configured one, when the game may be
	 * of fair chance (its answers are merged and written). */
	int rc;

	if ((rc = cmd_asker(c, c->kopt == NULL)) != EXIT_OK)
		return rc;
	if (c->kpath[0] != '\0' && c->mine != -2 &&
	    (c->kopt != NULL || may_be_fair(c->path))) {
		err_clear(&e);
		if (sodium_init() < 0 ||
		    (sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
			errmsg("out of memory");
			return EXIT_DAMAGED;
		}
		if (keys_unlock(c->kpath, c->passfile, sk, c->pk, &e) != 0) {
			sodium_free(sk);
			return game_report(&e, 0);
		}
		r.sk = sk;
	}
	mail_init();
	for (int i = 0; i < c->argc || i == 0; i++) {
		int fd = 0, own = 0;
		const char *name = "standard input";

		if (i < c->argc && strcmp(c->argv[i], "-") != 0) {
			if ((fd = open(c->argv[i], O_RDONLY | O_CLOEXEC)) < 0) {
				errmsg("cannot open '%s': %s", c->argv[i],
				    strerror(errno));
				worse(&r, EXIT_DAMAGED);
				continue;
			}
			own = 1;
			name = c->argv[i];
		}
		apply_fd(&r, fd, name);
		if (own)
			close(fd);
		if (i >= c->argc)
			break;
	}
	apply_finish(&r, c->pk);
	mail_shutdown();
	if (sk != NULL)
		sodium_free(sk);
	return r.rc;
}

const struct cmd cmd_apply = {
	.name = "apply",
	.usage = "trigon apply [-f FILE] [--key KEYFILE] [--passphrase-file F] "
	"[MESSAGE...]",
	.summary = "Add the moves carried by mails to the game.",
	.exec = apply_exec,
	.help =
	"  -f, --file FILE   the save file (created by a mail carrying the\n"
	"                    whole game)\n"
	"  --key KEYFILE     your secret key (default: [player] key): in a\n"
	"                    game of fair chance, answers are merged and\n"
	"                    your seat's owed answers written at once\n"
	"  --passphrase-file F  read its passphrase from F\n"
	"  MESSAGE           a mail or an mbox file; '-' or none: standard "
	"input\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_KEY | CMD_PASSFILE,
};
