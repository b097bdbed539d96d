/*
 * sync.c -- trigon sync: fetch the shared repository and bring the save
 * file up to date; when both sides have new moves, play ours again on
 * top of theirs and sign them anew (lib/git.c), or change nothing and
 * say why.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "git.h"

static int
sync_exec(struct cmd_ctx *c)
{
	struct tgit_opts o;
	struct tgit_sync_result r;
	struct err e;
	char a[64], b[64];
	int rc;

	memset(&o, 0, sizeof o);
	o.path = c->path;
	o.remote = c->remote ? c->remote : c->conf->git_remote;
	o.key = c->kpath;
	o.passfile = c->passfile;
	o.name = c->conf->name;
	o.email = c->conf->email;
	if (tgit_init() != 0) {
		errmsg("cannot start libgit2");
		return EXIT_DAMAGED;
	}
	err_clear(&e);
	rc = tgit_sync(&o, &r, &e);
	tgit_shutdown();
	if (rc != 0)	/* a refused or failing check: exit 1 */
		return game_report(&e, 1);
	switch (r.what) {
	case TGIT_SYNC_UPTODATE:
		printf("%s: up to date with %s (%llu moves)\n", c->path,
		    r.upstream, (unsigned long long)r.after);
		break;
	case TGIT_SYNC_AHEAD:
		printf("%s: %s has nothing new; yours are not pushed yet "
		    "(trigon push)\n", c->path, r.upstream);
		break;
	case TGIT_SYNC_FASTFORWARD:
		if (r.after > r.before) {
			tgit_range(a, sizeof a, r.before + 1, r.after);
			printf("%s: took %s from %s\n", c->path, a, r.upstream);
		} else
			printf("%s: up to date with %s (%llu moves)\n", c->path,
			    r.upstream, (unsigned long long)r.after);
		break;
	case TGIT_SYNC_MERGED:
		printf("%s: took %s's other commits (no new moves); yours stay "
		    "as they are (commit %.7s); push them (trigon push)\n",
		    c->path, r.upstream, r.oid);
		break;
	case TGIT_SYNC_REBASED:
		tgit_range(a, sizeof a, r.theirs_first, r.theirs_last);
		tgit_range(b, sizeof b, r.ours_first, r.ours_last);
		printf("%s: took %s from %s and played yours again as %s, "
		    "signed anew (commit %.7s); push them (trigon push)\n",
		    c->path, a, r.upstream, b, r.oid);
		break;
	}
	return EXIT_OK;
}

const struct cmd cmd_sync = {
	.name = "sync",
	.usage = "trigon sync [-f FILE] [--remote NAME] [--key KEYFILE] "
	"[--passphrase-file F]",
	.summary = "Fetch the shared repository and bring the game up to date.",
	.exec = sync_exec,
	.help =
	"  -f, --file FILE         the save file, in a git work tree\n"
	"  --remote NAME           the remote (default: [git] remote, else "
	"origin)\n"
	"  --key KEYFILE           your key, to sign your moves again when "
	"both\n"
	"                          sides have new moves ([player] key)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n",
	.flags = CMD_FILE | CMD_REMOTE | CMD_KEY | CMD_PASSFILE | CMD_PERMUTE |
	    CMD_CONFIG | CMD_KEYPATH,
	.check = game_no_operands,
};
