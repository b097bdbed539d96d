/*
 * mailcmd.h -- what the mail commands (mail, apply) and trigon answer
 * --watch --maildir share: applying the blocks of one message, then the
 * held-back ones and the seat's owed answers; writing (and sending) the
 * mail that carries a file's new lines.
 */
#ifndef TRIGON_CMD_MAILCMD_H
#define TRIGON_CMD_MAILCMD_H

#include <stdint.h>

#include "rules.h"

struct cmd_ctx;

/* One run of trigon apply over any number of messages. */
struct apply_run {
	const char *path;	/* the save file */
	const unsigned char *sk;	/* the player's key, or NULL */
	/* Only this game's blocks (answer --watch): a message without one
	 * is no error, and another game's blocks are passed over unseen;
	 * NULL: every block is judged. */
	const unsigned char *game;
	int watch;		/* no "send them" (the watch sends) */
	const char *name;	/* the message file, "standard input" */
	int blocks;		/* blocks seen (of the game) in the message */
	int rc;			/* worst exit status so far */
	int changed;		/* something was applied or created */
	int answered;		/* answer lines written by apply_finish */
	int resend;		/* a copy refused dropped the file's lines:
				 * the file is to be mailed back */
};

/* Apply every block of the message (or mbox) read from fd, reported in
 * lines; failures are printed and kept in r->rc. */
void apply_fd(struct apply_run *r, int fd, const char *name);

/* After the messages: the held-back blocks, then (with r->sk) what a
 * fair game awaits from pk's seat, written under the file's lock. */
void apply_finish(struct apply_run *r, const unsigned char *pk);

/* What trigon mail's options ask. */
struct mail_how {
	uint64_t since;
	int have_since;
	const char *to[RULES_MAX_SEATS];
	int nto;
	int send;		/* pipe it into [mail] sendmail -t */
	int svg;
};

/*
 * trigon mail's work for ctx (path, configuration, --key): the message
 * carrying the file's new lines, printed, or sent (o->send) and
 * reported as "FILE: sent ... to ADDR".  Returns an exit status.
 */
int mail_make(struct cmd_ctx *ctx, const struct mail_how *o);

#endif
