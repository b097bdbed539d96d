/*
 * move.c -- trigon move: sign and append one or more actions of the
 * player whose key is given, all or nothing, under the file's lock
 * (the key unlocked and the file loaded and locked by cmd/prepare.c).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "gitcmd.h"
#include "save.h"

enum { OPT_COMMIT = 256, OPT_NO_COMMIT };

static int commit = -1;

static int
move_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	(void)c;
	(void)arg;
	commit = ch == OPT_COMMIT;
	return EXIT_OK;
}

static int
move_check(struct cmd_ctx *c)
{
	if (c->argc == 0)
		return usage_error(c->cmd, "no action given");
	return EXIT_OK;
}

static int
move_exec(struct cmd_ctx *c)
{
	struct save *s = c->save;
	struct save_buf out = { 0 };
	struct rules_await aw;
	struct err e;
	uint64_t first = s->nactions + 1;
	int rc;

	err_clear(&e);
	for (int i = 0; i < c->argc; i++) {
		rc = save_play(s, c->argv[i], strlen(c->argv[i]), c->sk, &out,
		    &e);
		if (rc == ERR_REFUSED) {
			if (s->rerr.hint[0] != '\0' && s->rerr.code != 0)
				errmsg("%s: refused: %s; %s", c->path, e.msg,
				    s->rerr.hint);
			else
				errmsg("%s: refused: %s", c->path, e.msg);
			if (c->argc > 1)
				errmsg("%s: nothing was written (action %d of "
				    "%d was refused)", c->path, i + 1, c->argc);
			rc = EXIT_REFUSED;
			goto out;
		}
		if (rc != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
	}
	if ((rc = game_append(c, &out)) != EXIT_OK ||
	    (rc = game_await(s, c->path, &aw)) != EXIT_OK)
		goto out;
	game_print_next(s, c->path, &aw);
	/* git: --commit or [git] commit = yes (cmd/gitcmd.c, issue 8). */
	rc = move_git_commit(c->path, s, first, (const char *const *)c->argv,
	    (size_t)c->argc, commit);
out:
	save_buf_release(&out);
	return rc;
}

static const struct option move_opts[] = {
	{ "commit", no_argument, NULL, OPT_COMMIT },
	{ "no-commit", no_argument, NULL, OPT_NO_COMMIT },
	{ NULL, 0, NULL, 0 },
};

const struct cmd cmd_move = {
	.name = "move",
	.usage = "trigon move [-f FILE] [--key KEYFILE] [--passphrase-file F] "
	"[--commit] ACTION...",
	.summary = "Sign and add your actions to the game, all or nothing.",
	.exec = move_exec,
	.help =
	"  -f, --file FILE         the save file (default: [game] file in the\n"
	"                          configuration, else ./game.trigon)\n"
	"  --key KEYFILE           your secret key (default: [player] key)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n"
	"  --commit, --no-commit   commit the file to git after the move (or\n"
	"                          not), whatever [git] commit says\n"
	"  ACTION                  one action in the order language per\n"
	"                          argument (quote it), applied in order\n",
	.flags = CMD_FILE | CMD_KEY | CMD_PASSFILE | CMD_SECRET | CMD_LOAD |
	    CMD_LOCK,
	.opts = move_opts,
	.opt = move_opt,
	.check = move_check,
};
