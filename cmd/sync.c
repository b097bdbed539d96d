/*
 * sync.c -- trigon sync: fetch the shared repository and bring the save
 * file up to date; when both sides have new moves, play ours again on
 * top of theirs and sign them anew (lib/git.c), or change nothing and
 * say why.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "git.h"

enum { OPT_KEY = 256, OPT_PASS_FILE, OPT_REMOTE };

static int
sync_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "key", required_argument, NULL, OPT_KEY },
		{ "passphrase-file", required_argument, NULL, OPT_PASS_FILE },
		{ "remote", required_argument, NULL, OPT_REMOTE },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024], kpath[CONFIG_PATH_MAX] = "";
	const char *fopt = NULL, *kopt = NULL, *passfile = NULL, *ropt = NULL;
	struct tgit_opts o;
	struct tgit_sync_result r;
	struct config c;
	struct err e;
	char a[64], b[64];
	int ch, rc;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "f:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case OPT_KEY:
			kopt = optarg;
			break;
		case OPT_PASS_FILE:
			passfile = optarg;
			break;
		case OPT_REMOTE:
			ropt = optarg;
			break;
		default:
			return usage_error(&cmd_sync, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(&cmd_sync, "too many arguments");
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	err_clear(&e);
	config_init(&c);
	if (config_load(&c, NULL, &e) != 0 && e.code != ERR_USAGE)
		return game_report(&e, 0);
	if (kopt != NULL)
		snprintf(kpath, sizeof kpath, "%s", kopt);
	else
		config_key_path(&c, kpath, sizeof kpath, NULL);
	memset(&o, 0, sizeof o);
	o.path = path;
	o.remote = ropt ? ropt : c.git_remote;
	o.key = kpath;
	o.passfile = passfile;
	o.name = c.name;
	o.email = c.email;
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
		printf("%s: up to date with %s (%llu moves)\n", path,
		    r.upstream, (unsigned long long)r.after);
		break;
	case TGIT_SYNC_AHEAD:
		printf("%s: %s has nothing new; yours are not pushed yet "
		    "(trigon push)\n", path, r.upstream);
		break;
	case TGIT_SYNC_FASTFORWARD:
		if (r.after > r.before) {
			tgit_range(a, sizeof a, r.before + 1, r.after);
			printf("%s: took %s from %s\n", path, a, r.upstream);
		} else
			printf("%s: up to date with %s (%llu moves)\n", path,
			    r.upstream, (unsigned long long)r.after);
		break;
	case TGIT_SYNC_REBASED:
		tgit_range(a, sizeof a, r.theirs_first, r.theirs_last);
		tgit_range(b, sizeof b, r.ours_first, r.ours_last);
		printf("%s: took %s from %s and played yours again as %s, "
		    "signed anew (commit %.7s); push them (trigon push)\n",
		    path, a, r.upstream, b, r.oid);
		break;
	}
	return EXIT_OK;
}

const struct cmd cmd_sync = {
	"sync",
	"trigon sync [-f FILE] [--remote NAME] [--key KEYFILE] "
	"[--passphrase-file F]",
	"Fetch the shared repository and bring the game up to date.",
	sync_main,
	"  -f, --file FILE         the save file, in a git work tree\n"
	"  --remote NAME           the remote (default: [git] remote, else "
	"origin)\n"
	"  --key KEYFILE           your key, to sign your moves again when "
	"both\n"
	"                          sides have new moves ([player] key)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n",
	NULL,
};
