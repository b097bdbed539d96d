/*
 * hook.c -- trigon hook pre-receive | update: the shared repository's
 * guard.  Installed as a git server hook (examples/hooks/pre-receive,
 * trigon(1) PLAYING OVER GIT), it refuses a push whose save files do
 * not verify, or that rewrite moves already recorded instead of adding
 * to them, naming the first bad line.  lib/git.c does the checking; the
 * repository is opened from git's environment, so the pushed objects,
 * still in git's quarantine directory, are seen.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "git.h"

static int check_one(git_repository *repo, struct tgit_recv *rv,
    const char *ref, const char *old, const char *newer);

static int
hook_main(int argc, char **argv)
{
	git_repository *repo = NULL;
	struct tgit_recv *rv = NULL;
	struct err e;
	char line[1024], old[64], newer[64], ref[900];
	int rc = EXIT_OK, n = 0;

	if (argc < 2)
		return usage_error(&cmd_hook, "which hook? pre-receive or "
		    "update");
	if (strcmp(argv[1], "pre-receive") == 0) {
		if (argc != 2)
			return usage_error(&cmd_hook, "too many arguments");
	} else if (strcmp(argv[1], "update") == 0) {
		if (argc != 5)
			return usage_error(&cmd_hook, "update takes REF OLD "
			    "NEW");
	} else {
		return usage_error(&cmd_hook, "unknown hook '%s'", argv[1]);
	}
	err_clear(&e);
	if (tgit_init() != 0) {
		errmsg("cannot start libgit2");
		return EXIT_DAMAGED;
	}
	if (tgit_open_env(&repo, &e) != 0) {
		errmsg("%s", e.msg);
		tgit_shutdown();
		return EXIT_USAGE;
	}
	/* The receive record (lib/gitrecv.c) in the git directory, where
	 * no push can write. */
	if (tgit_recv_open(&rv, git_repository_path(repo), &e) != 0) {
		errmsg("%s", e.msg);
		rc = EXIT_DAMAGED;
		goto out;
	}
	if (strcmp(argv[1], "update") == 0) {
		rc = check_one(repo, rv, argv[2], argv[3], argv[4]);
		goto out;
	}
	/* pre-receive: "OLD NEW REF" lines; every ref is judged and
	 * reported, and one bad ref refuses the push (git's rule for
	 * this hook). */
	while (fgets(line, sizeof line, stdin) != NULL) {
		int r;

		if (sscanf(line, "%63s %63s %899s", old, newer, ref) != 3) {
			errmsg("hook: cannot read '%.*s' from git",
			    (int)strcspn(line, "\n"), line);
			rc = EXIT_USAGE;
			goto out;
		}
		n++;
		r = check_one(repo, rv, ref, old, newer);
		if (r != EXIT_OK && (rc == EXIT_OK || r > rc))
			rc = r;
	}
	if (rc != EXIT_OK && n > 1)
		errmsg("the whole push is refused: git's pre-receive hook "
		    "takes all refs or none");
out:
	tgit_recv_free(rv);
	git_repository_free(repo);
	tgit_shutdown();
	return rc;
}

static int
check_one(git_repository *repo, struct tgit_recv *rv, const char *ref,
    const char *old, const char *newer)
{
	struct err e;

	err_clear(&e);
	if (tgit_check_update(repo, rv, ref, old, newer, &e) == 0)
		return EXIT_OK;
	if (e.file[0] != '\0' && e.line > 0)
		errmsg("%s: %s:%d: error: %s", ref, e.file, e.line, e.msg);
	else if (e.file[0] != '\0')
		errmsg("%s: %s: error: %s", ref, e.file, e.msg);
	else
		errmsg("%s: error: %s", ref, e.msg);
	switch (e.code) {
	case ERR_REFUSED:
	case ERR_DAMAGED:
		return EXIT_REFUSED;
	case ERR_USAGE:
		return EXIT_USAGE;
	default:
		return EXIT_DAMAGED;
	}
}

static int
hook_exec(struct cmd_ctx *c)
{
	return hook_main(c->argc, c->argv);
}

static const char *const hook_words[] = { "pre-receive", "update", NULL };

const struct cmd cmd_hook = {
	.name = "hook",
	.usage = "trigon hook pre-receive\n"
	"       trigon hook update REF OLD NEW",
	.summary = "Guard a shared repository: refuse pushes that break a game.",
	.exec = hook_exec,
	.help = "  pre-receive   read 'OLD NEW REF' lines from git on standard input\n"
	"  update        judge one ref (git's update hook arguments)\n"
	"Run by git on the server; see trigon(1), PLAYING OVER GIT.\n",
	.help_more = NULL,
	.flags = CMD_RAW,
	.words = hook_words,
};
