/*
 * prepare.c -- what every command needs, done once before it runs
 * (cmd.h, enum cmd_flag): the common options, the save file, the
 * configuration, the key, the lock, the seat whose hidden view may be
 * shown, and the exit status of each failure.  A command's exec sees
 * only what its flags asked for, already checked.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "buf.h"
#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "git.h"
#include "keys.h"
#include "save.h"
#include "suggest.h"

enum { OPT_AS = 1000, OPT_KEY, OPT_PASSFILE, OPT_JSON, OPT_REMOTE };

static int parse(struct cmd_ctx *c, int argc, char **argv);
static int prepare(struct cmd_ctx *c);
static int view(struct cmd_ctx *c);
static void no_file_hint(const struct cmd_ctx *c);
static void git_way_back(const struct cmd_ctx *c);

int
cmd_run(const struct cmd *cmd, int argc, char **argv)
{
	static struct config conf;
	static struct save save;
	struct cmd_ctx c;
	int rc;

	memset(&c, 0, sizeof c);
	c.cmd = cmd;
	c.flags = cmd->flags;
	c.fd = -1;
	c.mine = -2;
	c.view = -1;
	c.conf = &conf;
	c.save = &save;
	config_init(&conf);
	save_init(&save, "");
	if (c.flags & CMD_RAW) {
		c.argc = argc;
		c.argv = argv;
		return cmd->exec(&c);
	}
	if ((rc = parse(&c, argc, argv)) == EXIT_OK &&
	    (rc = prepare(&c)) == EXIT_OK)
		rc = cmd->exec(&c);
	if (c.fd >= 0)
		close(c.fd);
	if (c.sk != NULL)
		sodium_free(c.sk);
	save_release(&save);
	return rc;
}

size_t
cmd_options(const struct cmd *cmd, unsigned flags, struct option *o,
    size_t max)
{
	size_t n = 0;

	if (max == 0)
		return 0;
	max--;			/* room for the end */
#define COMMON(flag, name, arg, val)					\
	if (!(flags & CMD_RAW) && (flags & (flag)) && n < max)		\
		o[n++] = (struct option){ name, arg, NULL, val }
	COMMON(CMD_FILE, "file", required_argument, 'f');
	COMMON(CMD_AS, "as", required_argument, OPT_AS);
	COMMON(CMD_KEY, "key", required_argument, OPT_KEY);
	COMMON(CMD_PASSFILE, "passphrase-file", required_argument,
	    OPT_PASSFILE);
	COMMON(CMD_JSON, "json", no_argument, OPT_JSON);
	COMMON(CMD_REMOTE, "remote", required_argument, OPT_REMOTE);
#undef COMMON
	if (cmd->optsfn != NULL)
		n += cmd->optsfn(o + n, max + 1 - n);
	else
		for (size_t i = 0; cmd->opts && cmd->opts[i].name && n < max;
		    i++)
			o[n++] = cmd->opts[i];
	memset(&o[n], 0, sizeof o[n]);
	return n;
}

/* The options of opts whose name starts with the n bytes of name. */
static size_t
opt_matches(const struct option *opts, const char *name, size_t n,
    const struct option **first)
{
	size_t count = 0;

	*first = NULL;
	for (size_t i = 0; opts[i].name != NULL; i++) {
		if (strncmp(opts[i].name, name, n) != 0)
			continue;
		if (strlen(opts[i].name) == n) {	/* exact: the one */
			*first = &opts[i];
			return 1;
		}
		if (count++ == 0)
			*first = &opts[i];
	}
	return count;
}

int
cmd_bad_option(const struct cmd *c, const char *shorts,
    const struct option *opts, char **argv)
{
	const char *a = optind > 0 ? argv[optind - 1] : "";
	const struct option *o = NULL;
	size_t len = 0, n = 0;

	/*
	 * A long option refused: getopt_long has passed it (it is
	 * argv[optind - 1]) and set optopt to 0 or the option's value.  A
	 * short one it names in optopt, and may still be inside its group
	 * of letters (then argv[optind - 1] is the argument before).
	 */
	if (strncmp(a, "--", 2) == 0 && a[2] != '\0') {
		len = strcspn(a + 2, "=");
		n = opt_matches(opts, a + 2, len, &o);
		if (n == 1 && (optopt != 0 && optopt != o->val))
			n = 0, len = 0;		/* a short one after it */
		else if (n == 1 && a[2 + len] != '=' &&
		    o->has_arg == no_argument)
			n = 0, len = 0;		/* nothing wrong with it */
		else if (n != 1 && optopt != 0)
			len = 0;
	}
	if (len == 0) {
		if (optopt > 0 && optopt < 127 && isalnum(optopt) &&
		    strchr(shorts, optopt) != NULL)
			return usage_error(c, "option '-%c' needs an argument",
			    optopt);
		if (optopt > ' ' && optopt < 127)
			return usage_error(c, "unknown option '-%c'", optopt);
		return usage_error(c, "unknown option '%s'", a);
	}
	if (n == 1 && a[2 + len] == '=')
		return usage_error(c, "option '--%s' takes no argument",
		    o->name);
	if (n == 1)
		return usage_error(c, "option '--%s' needs an argument",
		    o->name);
	if (n > 1) {
		char list[512];
		size_t at = 0;

		list[0] = '\0';
		for (size_t i = 0; opts[i].name != NULL; i++) {
			int w;

			if (strncmp(opts[i].name, a + 2, len) != 0)
				continue;
			w = snprintf(list + at, sizeof list - at, " --%s",
			    opts[i].name);
			if (w < 0 || (size_t)w >= sizeof list - at)
				break;
			at += (size_t)w;
		}
		return usage_error(c, "ambiguous option '%.*s'; could be:%s",
		    (int)len + 2, a, list);
	}
	{
		/* Unknown: the nearest of the command's long options. */
		char cand[64][48], word[64];
		const char *names[64], *near = NULL;
		size_t k = 0;

		for (size_t i = 0; opts[i].name != NULL && k < 64; i++)
			if (fmt_into(cand[k], sizeof cand[k], "--%s",
			    opts[i].name) == 0) {
				names[k] = cand[k];
				k++;
			}
		if (fmt_into(word, sizeof word, "%.*s", (int)len + 2, a) == 0)
			near = suggest_nearest(word, names, k);
		if (near != NULL)
			return usage_error(c, "unknown option '%s'; did you "
			    "mean '%s'?", word, near);
		return usage_error(c, "unknown option '%.*s'", (int)len + 2, a);
	}
}

/* The common options the flags ask for, then the command's own. */
static int
parse(struct cmd_ctx *c, int argc, char **argv)
{
	struct option o[64];
	char shorts[32];
	int ch;

	snprintf(shorts, sizeof shorts, "%s%s%s",
	    c->flags & CMD_PERMUTE ? "" : "+", c->flags & CMD_FILE ? "f:" : "",
	    c->cmd->shortopts ? c->cmd->shortopts : "");
	cmd_options(c->cmd, c->flags, o, sizeof o / sizeof o[0]);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, shorts, o, NULL)) != -1) {
		int rc = EXIT_OK;

		switch (ch) {
		case 'f':
			c->fopt = optarg;
			break;
		case OPT_AS:
			c->as = optarg;
			break;
		case OPT_KEY:
			c->kopt = optarg;
			break;
		case OPT_PASSFILE:
			c->passfile = optarg;
			break;
		case OPT_JSON:
			c->json = 1;
			break;
		case OPT_REMOTE:
			c->remote = optarg;
			break;
		case '?':
		case ':':
			return cmd_bad_option(c->cmd, shorts, o, argv);
		default:
			if (c->cmd->opt == NULL)
				return cmd_bad_option(c->cmd, shorts, o, argv);
			rc = c->cmd->opt(c, ch, optarg);
		}
		if (rc != EXIT_OK)
			return rc;
	}
	c->argc = argc - optind;
	c->argv = argv + optind;
	return EXIT_OK;
}

int
cmd_copy(const struct cmd *cmd, char *dst, size_t n, const char *src,
    const char *what)
{
	if (src[0] == '\0' || fmt_into(dst, n, "%s", src) != 0) {
		return usage_error(cmd, "%s '%.40s%s' is %s", what, src,
		    strlen(src) > 40 ? "..." : "", src[0] == '\0' ? "empty" :
		    "too long");
	}
	return EXIT_OK;
}

int
cmd_asker(struct cmd_ctx *c, int soft)
{
	unsigned char pk[sizeof c->pk];
	struct config cf;
	struct err e;
	int rc;

	err_clear(&e);
	c->mine = -2;
	if (c->kopt != NULL) {
		if ((rc = cmd_copy(c->cmd, c->kpath, sizeof c->kpath, c->kopt,
		    "--key")) != EXIT_OK)
			return rc;
	} else if (config_load(&cf, NULL, &e) != 0 ||
	    config_key_path(&cf, c->kpath, sizeof c->kpath, &e) != 0 ||
	    access(c->kpath, F_OK) != 0) {
		c->kpath[0] = '\0';	/* no key configured, or not there */
		return EXIT_OK;
	}
	err_clear(&e);
	if (keys_load_public(c->kpath, c->pk, &e) != 0) {
		if (soft && c->kopt == NULL)
			return EXIT_OK;
		return game_report(&e, 0);
	}
	c->mine = -1;
	/* A hidden view needs the secret key file, not the public half
	   that every save file's header holds (its passphrase is not
	   asked: holding the file is the proof). */
	err_clear(&e);
	c->held = keys_secret_public(c->kpath, pk, &e) == 0 &&
	    sodium_memcmp(pk, c->pk, sizeof pk) == 0;
	if (!c->held)
		snprintf(c->why, sizeof c->why, "%s", e.msg[0] ? e.msg :
		    "the secret key file does not match its public key");
	return EXIT_OK;
}

static int
prepare(struct cmd_ctx *c)
{
	struct err e;
	int rc;

	err_clear(&e);
	if (c->cmd->check != NULL && (rc = c->cmd->check(c)) != EXIT_OK)
		return rc;
	if ((c->flags & CMD_FILE) &&
	    (rc = game_file(c->path, sizeof c->path, c->fopt)) != EXIT_OK)
		return rc;
	if (c->flags & CMD_CONFIG) {
		if (config_load(c->conf, NULL, &e) != 0) {
			if (e.code != ERR_USAGE)
				return game_report(&e, 0);
			config_init(c->conf);
		}
	}
	if (c->flags & CMD_KEYPATH) {
		if (c->kopt != NULL) {
			if ((rc = cmd_copy(c->cmd, c->kpath, sizeof c->kpath,
			    c->kopt, "--key")) != EXIT_OK)
				return rc;
		} else if (config_key_path(c->conf, c->kpath, sizeof c->kpath,
		    NULL) != 0)
			c->kpath[0] = '\0';
	}
	/* A file that is not there fails the load: say so before the
	   passphrase is asked for nothing. */
	if ((c->flags & CMD_SECRET) && (c->flags & (CMD_LOAD | CMD_LOCK)) &&
	    access(c->path, F_OK) != 0 && errno == ENOENT) {
		errmsg("cannot open '%s': %s", c->path, strerror(ENOENT));
		if (c->fopt == NULL && (c->flags & CMD_FILE))
			no_file_hint(c);
		return EXIT_DAMAGED;
	}
	if (c->flags & CMD_SECRET) {
		if ((rc = game_key_path(c->cmd, c->kpath, sizeof c->kpath,
		    c->kopt)) != EXIT_OK)
			return rc;
		if (sodium_init() < 0 ||
		    (c->sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
			errmsg("out of memory");
			return EXIT_DAMAGED;
		}
		/* The passphrase is asked before the file is locked. */
		if (keys_unlock(c->kpath, c->passfile, c->sk, c->pk, &e) != 0)
			return game_report(&e, 0);
	}
	if (c->flags & (CMD_LOAD | CMD_LOCK)) {
		save_init(c->save, c->path);
		c->save->cb = c->save_cb;
		c->save->cbctx = c->save_cbctx;
		/* Sealed hands: the key's seat reads its own cards. */
		save_set_reader(c->save, c->sk);
		if (save_load(c->save, c->path, c->flags & CMD_LOCK ? &c->fd :
		    NULL, &e) != 0) {
			rc = game_report(&e, 0);
			if (c->fopt == NULL && (c->flags & CMD_FILE) &&
			    access(c->path, F_OK) != 0)
				no_file_hint(c);
			else if (e.code == ERR_REFUSED || e.code == ERR_DAMAGED)
				git_way_back(c);
			return rc;
		}
		if (!save_started(c->save) &&
		    !(c->flags & CMD_UNSTARTED)) {
			char what[512];

			save_awaits(c->save, what, sizeof what);
			errmsg("%s: the game has not started: it awaits %s "
			    "(trigon answer)", c->path, what);
			return EXIT_REFUSED;
		}
	}
	if (c->flags & CMD_ASKER) {
		if ((rc = cmd_asker(c, 0)) != EXIT_OK)
			return rc;
		if (c->mine == -1)
			c->mine = save_seat_of_key(c->save, c->pk);
	}
	if ((c->flags & CMD_VIEW) && (rc = view(c)) != EXIT_OK)
		return rc;
	/* Sealed hands: a view of the key's own seat reads its cards. */
	if ((c->flags & CMD_VIEW) && c->view >= 0 && c->view == c->mine)
		return game_sealed_reader(c);
	return EXIT_OK;
}

/*
 * The default save file is not there: say how to name one,
 * since the user may not know that a default was used at all.
 */
/*
 * A save file that fails to load in a clone of a shared game (edited by
 * hand, damaged): how to get the game back from git.
 */
static void
git_way_back(const struct cmd_ctx *c)
{
	struct tgit_shared sh;

	if (tgit_init() != 0)
		return;
	tgit_shared(c->path, c->conf != NULL ? c->conf->git_remote : NULL,
	    &sh);
	tgit_shutdown();
	if (sh.shared)
		errmsg("%s: the game is shared by git: git checkout -- '%s' "
		    "takes back the file of your last commit, git reset --hard "
		    "%s the shared game (dropping your commits not pushed)",
		    c->path, c->path, sh.upstream);
}

static void
no_file_hint(const struct cmd_ctx *c)
{
	if (strcmp(c->path, GAME_FILE_DEFAULT) == 0)
		errmsg("no save file was named, and there is no '%s' here: "
		    "name yours with -f FILE (trigon %s -f FILE ...), or set "
		    "file in [game] of the configuration", GAME_FILE_DEFAULT,
		    c->cmd->name);
	else
		errmsg("'%s' is the file of [game] in the configuration; name "
		    "another with -f FILE (trigon %s -f FILE ...)", c->path,
		    c->cmd->name);
}

/*
 * The seat whose hidden view may be shown: --as SEAT, else (unless
 * CMD_VIEW_AS) the asking key's seat, else the seat to act.  A hidden
 * view is its owner's alone (cmd_may_view): with a key known, only
 * that key's own seat; with none, no seat.
 */
static int
view(struct cmd_ctx *c)
{
	struct rules_await aw;

	if (game_await(c->save, c->path, &aw) != EXIT_OK)
		return EXIT_DAMAGED;
	if (c->as != NULL) {
		if ((c->view = game_find_seat(c->save, c->as)) < 0)
			return usage_error(c->cmd, "no player plays '%s' in "
			    "'%s'", c->as, c->path);
	} else if (c->flags & CMD_VIEW_AS)
		return EXIT_OK;
	else
		c->view = c->mine >= 0 ? c->mine : aw.seat;
	if (c->view >= 0 && cmd_may_view(c, c->view) != EXIT_OK) {
		c->view = -1;
		return EXIT_REFUSED;
	}
	return EXIT_OK;
}

int
cmd_may_view(const struct cmd_ctx *c, int seat)
{
	const char *what = c->cmd->hidden ? c->cmd->hidden : "this view "
	    "shows a player's hidden cards";

	if (c->mine >= 0 && seat == c->mine && c->held)
		return EXIT_OK;
	if (c->mine >= 0 && seat == c->mine)
		errmsg("%s: refused: %s; %s's view needs %s's secret key file "
		    "(its passphrase is not asked): %s", c->path, what,
		    game_seat_name(c->save, seat), game_seat_name(c->save,
		    seat), c->why);
	else if (c->mine == -2 && seat >= 0)
		errmsg("%s: refused: %s; %s's view needs %s's key, and no key "
		    "was given: use --key KEYFILE (or [player] key in the "
		    "configuration)", c->path, what, game_seat_name(c->save,
		    seat), game_seat_name(c->save, seat));
	else if (c->mine == -2)
		errmsg("%s: refused: %s, and no key was given: use --key "
		    "KEYFILE (or [player] key in the configuration)", c->path,
		    what);
	else
		errmsg("%s: refused: %s%s%s", c->path, c->mine < 0 ? "this key "
		    "belongs to no player of this game, and " : "", what,
		    c->mine < 0 ? "" : "; this key is another player's");
	return EXIT_REFUSED;
}
