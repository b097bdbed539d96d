/*
 * push.c -- trigon push: push the branch holding the save file to the
 * shared repository (lib/git.c); a rejected push says why, in the
 * server's words ("remote: ...") and ours.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "git.h"

enum { OPT_REMOTE = 256 };

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

static int
push_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "remote", required_argument, NULL, OPT_REMOTE },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024];
	const char *fopt = NULL, *ropt = NULL;
	struct tgit_opts o;
	struct tgit_push_result r;
	struct config c;
	struct err e;
	int ch, rc, bol = 1;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "f:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case OPT_REMOTE:
			ropt = optarg;
			break;
		default:
			return usage_error(&cmd_push, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(&cmd_push, "too many arguments");
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	err_clear(&e);
	config_init(&c);
	if (config_load(&c, NULL, &e) != 0 && e.code != ERR_USAGE)
		return game_report(&e, 0);
	memset(&o, 0, sizeof o);
	o.path = path;
	o.remote = ropt ? ropt : c.git_remote;
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
	if (rc != 0)	/* a refused or failing check: exit 1 */
		return game_report(&e, 1);
	if (r.uptodate)
		printf("%s: %s at %s is up to date\n", path, r.ref, r.url);
	else
		printf("%s: pushed %s to %s\n", path, r.ref, r.url);
	return EXIT_OK;
}

const struct cmd cmd_push = {
	"push",
	"trigon push [-f FILE] [--remote NAME]",
	"Push your moves to the shared repository.",
	push_main,
	"  -f, --file FILE   the save file, in a git work tree\n"
	"  --remote NAME     the remote (default: [git] remote, else origin)\n",
	NULL,
};
