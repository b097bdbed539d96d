/*
 * fair.c -- trigon fair export OUT: write the answer key of the key's
 * seat in a game of fair chance (doc/fair-chance.md): its seat secret S
 * and answer-key seed A, both derived from the main key for this game
 * alone, mode 0600.  A machine that holds it can run `trigon answer
 * --answer-key OUT` for the seat -- sign its releases, merge answers,
 * write its audit -- but never make a move or a join, which need the
 * main key (and S, revealed at the audit, opens only this game).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "cmd.h"
#include "fair.h"
#include "game.h"
#include "keys.h"
#include "save.h"

enum { OPT_FORCE = 256 };

static int force;

static int
fair_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	(void)c;
	(void)ch;
	(void)arg;
	force = 1;
	return EXIT_OK;
}

static int
fair_check(struct cmd_ctx *c)
{
	if (c->argc == 0)
		return usage_error(c->cmd, "fair takes 'export' and a file to "
		    "write the answer key to");
	if (strcmp(c->argv[0], "export") != 0)
		return usage_error(c->cmd, "'%s': the only fair command is "
		    "'export'", c->argv[0]);
	if (c->argc != 2)
		return usage_error(c->cmd, "fair export takes one file to "
		    "write the answer key to");
	return EXIT_OK;
}

static int
fair_exec(struct cmd_ctx *c)
{
	const struct save *s = c->save;
	struct fair_export *x = NULL;
	struct fair_seat *fs = NULL;
	struct err e;
	int seat, rc = EXIT_OK;

	err_clear(&e);
	if (s->hdr.chance != SAVE_CHANCE_FAIR) {
		errmsg("%s: refused: a game of open chance has no answer key",
		    c->path);
		return EXIT_REFUSED;
	}
	if ((seat = save_seat_of_key(s, c->pk)) < 0) {
		errmsg("%s: refused: this key belongs to no player of this "
		    "game", c->path);
		return EXIT_REFUSED;
	}
	if ((x = sodium_malloc(sizeof *x)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	sodium_memzero(x, sizeof *x);
	/* The chain length does not enter S or A. */
	if (fair_seat_new(&fs, c->sk, s->hdr.game_id, s->hdr.player[seat].seat,
	    FAIR_CHAIN_N, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	memcpy(x->id, s->hdr.game_id, sizeof x->id);
	snprintf(x->seat, sizeof x->seat, "%s", s->hdr.player[seat].seat);
	memcpy(x->secret, fs->secret, sizeof x->secret);
	memcpy(x->answer_seed, fs->answer_seed, sizeof x->answer_seed);
	if (keys_answer_key_write(c->argv[1], x, force, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	printf("%s: the answer key of %s written to '%s' (mode 0600): it "
	    "answers for %s in this game alone, and makes no move\n",
	    c->path, x->seat, c->argv[1], x->seat);
out:
	fair_seat_free(fs);
	sodium_free(x);		/* wipes */
	return rc;
}

static const struct option fair_opts[] = {
	{ "force", no_argument, NULL, OPT_FORCE },
	{ NULL, 0, NULL, 0 },
};

static const char *const fair_words[] = { "export", NULL };

const struct cmd cmd_fair = {
	.name = "fair",
	.usage = "trigon fair [-f FILE] [--key KEYFILE] [--passphrase-file F] "
	"[--force] export OUT",
	.summary = "Export your answer key of a fair game, for an always-on "
	"machine.",
	.exec = fair_exec,
	.help =
	"  export OUT              write your seat's answer key of this game\n"
	"                          to OUT (mode 0600), for trigon answer\n"
	"                          --answer-key OUT on another machine: it\n"
	"                          answers for your seat, never moves\n"
	"  -f, --file FILE         the save file (default as for trigon move)\n"
	"  --key KEYFILE           your secret key (default: [player] key)\n"
	"  --passphrase-file F     read its passphrase from F\n"
	"  --force                 replace OUT when it exists\n",
	.flags = CMD_FILE | CMD_KEY | CMD_PASSFILE | CMD_SECRET | CMD_LOAD |
	    CMD_UNSTARTED | CMD_PERMUTE,
	.opts = fair_opts,
	.opt = fair_opt,
	.check = fair_check,
	.words = fair_words,
};
