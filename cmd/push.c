/*
 * push.c -- trigon push: push the branch holding the save file to the
 * shared repository (lib/git.c); a rejected push says why, in the
 * server's words ("remote: ...") and ours.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "git.h"
#include "gitcmd.h"

/* The server's messages, line by line, as git shows them. */
static void
progress(void *ctx, const char *text, size_t len)
{
	int *bol = ctx;

	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\r')
			continue;
		if (*bol)
			fputs("remote: ", stderr);
		fputc(text[i], stderr);
		*bol = text[i] == '\n';
	}
}

int
push_pass(struct cmd_ctx *c, int watch, int *behind)
{
	struct tgit_opts o;
	struct tgit_push_result r;
	struct err e;
	int rc, bol = 1;

	*behind = 0;
	memset(&o, 0, sizeof o);
	o.path = c->path;
	o.remote = c->remote ? c->remote : c->conf->git_remote;
	o.progress = progress;
	o.ctx = &bol;
	if (tgit_init() != 0) {
		errmsg("cannot start libgit2");
		return EXIT_DAMAGED;
	}
	err_clear(&e);
	rc = tgit_push(&o, &r, &e);
	tgit_shutdown();
	if (!bol)
		fputc('\n', stderr);
	if (rc != 0) {	/* a refused or failing check: exit 1 */
		*behind = r.behind;
		if (watch && r.behind)	/* routine: the watch syncs again */
			return EXIT_REFUSED;
		return game_report(&e, 1);
	}
	if (r.uptodate) {
		if (!watch)
			cmd_say("%s: %s at %s is up to date", c->path, r.ref,
			    r.url);
	} else
		cmd_say("%s: pushed %s to %s", c->path, r.ref, r.url);
	return EXIT_OK;
}

static int
push_exec(struct cmd_ctx *c)
{
	int behind;

	return push_pass(c, 0, &behind);
}

const struct cmd cmd_push = {
	.name = "push",
	.usage = "trigon push [-f FILE] [--remote NAME]",
	.summary = "Push your moves to the shared repository.",
	.exec = push_exec,
	.help =
	"  -f, --file FILE   the save file, in a git work tree\n"
	"  --remote NAME     the remote (default: [git] remote, else origin)\n",
	.flags = CMD_FILE | CMD_REMOTE | CMD_PERMUTE | CMD_CONFIG,
	.check = game_no_operands,
};
