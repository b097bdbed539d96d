/*
 * serve.c -- trigon serve: the game in the browser.  A server for one
 * player on this machine (lib/http.c: the loopback address alone, a
 * random token in the one URL it prints, other sites' posts refused)
 * whose page shows the board, the turn, the key's own hand, the log
 * and the legal actions, takes orders as trigon move does and replays
 * any position (cmd/serveapi.c; the page is under web/).  The key is
 * unlocked once, here, and never sent to the page.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "game.h"
#include "header.h"
#include "http.h"
#include "mail.h"
#include "keys.h"
#include "num.h"
#include "serve.h"

extern char **environ;

enum { OPT_PORT = 256, OPT_OPEN, OPT_NEW, OPT_RULES, OPT_VS, OPT_OPTION,
	OPT_SEED, OPT_PLAYOUTS, OPT_THINK };

static uint16_t port;
static int open_page, new_game, new_opts;
static struct serve_new nw = { .vs = -1 };
static struct rules_bot_opts bo;

static int
serve_port(struct cmd_ctx *c, const char *arg)
{
	uint64_t n;

	if (num_u64(arg, strlen(arg), 0, 65535, 0, &n) != 0)
		return usage_error(c->cmd, "--port takes a port number from 0 "
		    "(any free port) to 65535, not '%s'", arg);
	port = (uint16_t)n;
	return EXIT_OK;
}

static int
serve_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	new_opts += ch == OPT_RULES || ch == OPT_VS || ch == OPT_OPTION ||
	    ch == OPT_SEED;
	switch (ch) {
	case OPT_OPEN:
		open_page = 1;
		return EXIT_OK;
	case OPT_NEW:
		new_game = 1;
		return EXIT_OK;
	case OPT_RULES:
		nw.rules = arg;
		return EXIT_OK;
	case OPT_VS:
		return game_number(c->cmd, arg, "--vs", RULES_MAX_SEATS - 1,
		    &nw.vs);
	case OPT_OPTION:
		return header_option(c->cmd, &nw.h, arg);
	case OPT_SEED:
		nw.seed = arg;
		return EXIT_OK;
	case OPT_PLAYOUTS:
		return game_number(c->cmd, arg, "--playouts", 100000000,
		    &bo.playouts);
	case OPT_THINK:
		return game_number(c->cmd, arg, "--think-ms", 3600000,
		    &bo.think_ms);
	default:
		return serve_port(c, arg);
	}
}

static int
serve_check(struct cmd_ctx *c)
{
	int rc;

	if ((rc = game_file_operand(c)) != EXIT_OK)
		return rc;
	if (new_opts > 0 && !new_game)
		return usage_error(c->cmd, "--rules, --vs, --option and --seed "
		    "start a new game: add --new");
	if (bo.playouts > 0 && bo.think_ms > 0)
		return usage_error(c->cmd, "--playouts and --think-ms exclude "
		    "each other");
	/* --new: the player's key is needed, the file made (not read). */
	if (new_game) {
		c->flags |= CMD_SECRET;
		c->flags &= ~(unsigned)CMD_LOAD;
		return EXIT_OK;
	}
	/* --key: unlocked as trigon move does; else the configured key
	   when there is one (serve_key), else none: a replay. */
	if (c->kopt != NULL)
		c->flags |= CMD_SECRET;
	return EXIT_OK;
}

/* The configured key file, when it exists and no --key was given. */
static int
serve_key(struct cmd_ctx *c)
{
	if (c->sk != NULL || c->kpath[0] == '\0' ||
	    access(c->kpath, F_OK) != 0)
		return EXIT_OK;
	return game_unlock_secret(c);
}

/* --open: the URL in the desktop's browser (xdg-open), not waited for
 * beyond its own start. */
static void
open_browser(const char *url)
{
	char *argv[] = { (char *)(uintptr_t)"xdg-open", (char *)(uintptr_t)url,
	    NULL };
	pid_t pid;
	int rc = posix_spawnp(&pid, "xdg-open", NULL, NULL, argv, environ);

	if (rc != 0)
		errmsg("cannot start xdg-open: %s; open the URL by hand",
		    strerror(rc));
}

/* Wait for SIGINT, SIGTERM or SIGHUP (blocked in every thread). */
static void
wait_for_end(const sigset_t *set)
{
	int sig;

	while (sigwait(set, &sig) != 0)
		;
}

/*
 * The game served: c->save, or with --new the file just made; who
 * plays it here (into who: "green plays at", or why nobody does), its
 * computer seats, which play at once when it is their turn.
 */
static int
serve_game(struct cmd_ctx *c, struct serve *sv, char *who, size_t n)
{
	struct save own, *s = c->save;
	struct err e;
	int rc, mine, acted;

	if (new_game) {
		if ((rc = serve_new_game(c, &nw)) != EXIT_OK)
			return rc;
		err_clear(&e);
		save_init(&own, c->path);
		s = &own;
		if (save_load(&own, c->path, NULL, &e) != 0) {
			save_release(&own);
			return game_report(&e, 0);
		}
	}
	mine = c->sk != NULL ? save_seat_of_key(s, c->pk) : -1;
	if (mine >= 0)
		snprintf(who, n, "%s plays at", game_seat_name(s, mine));
	else
		snprintf(who, n, "%s; the page replays the game at",
		    c->sk != NULL ? "this key plays no seat" : "no key");
	rc = serve_bots(sv, s);
	if (s == &own)
		save_release(&own);
	if (rc == EXIT_OK)
		rc = serve_bots_play(sv, &acted);
	return rc;
}

static int
serve_exec(struct cmd_ctx *c)
{
	struct serve sv;
	struct http_server *h;
	char token[2 * HTTP_TOKEN_BYTES + 1], who[256], url[128];
	sigset_t set;
	struct err e;
	int rc;

	memset(&sv, 0, sizeof sv);
	if ((rc = serve_key(c)) != EXIT_OK)
		return rc;
	sv.path = c->path;
	sv.sk = c->sk;
	memcpy(sv.pk, c->pk, sizeof sv.pk);
	sv.bo = bo;
	sv.conf = c->conf;
	/* Held while the server runs: the mail buttons' own start and
	   stop of the mail library (counted) then leave it started. */
	mail_init();
	sv.kpath = c->sk != NULL ? c->kpath : "";
	if ((sv.cache = serve_cache_new()) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	if ((rc = serve_game(c, &sv, who, sizeof who)) != EXIT_OK)
		goto out;
	http_token(token);
	sv.token = token;
	/* Signals are blocked before the server's thread starts, which
	   inherits the mask: only sigwait() sees them. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	err_clear(&e);
	if (http_start(&h, port, token, serve_handle, &sv, &e) != 0) {
		errmsg("%s", e.msg);
		rc = EXIT_DAMAGED;
		goto out;
	}
	snprintf(url, sizeof url, "http://127.0.0.1:%u/?token=%s",
	    http_port(h), token);
	printf("%s: %s\n    %s\n%s: Ctrl-C stops the server\n", c->path,
	    who, url, c->path);
	fflush(stdout);
	if (open_page)
		open_browser(url);
	wait_for_end(&set);
	http_stop(h);
	sodium_memzero(token, sizeof token);
	sodium_memzero(url, sizeof url);
out:
	mail_shutdown();
	serve_cache_free(sv.cache);
	serve_bots_release(&sv);
	header_release(&nw.h);
	return rc;
}

static const struct option serve_opts[] = {
	{ "port", required_argument, NULL, OPT_PORT },
	{ "open", no_argument, NULL, OPT_OPEN },
	{ "new", no_argument, NULL, OPT_NEW },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "vs", required_argument, NULL, OPT_VS },
	{ "option", required_argument, NULL, OPT_OPTION },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "playouts", required_argument, NULL, OPT_PLAYOUTS },
	{ "think-ms", required_argument, NULL, OPT_THINK },
	{ NULL, 0, NULL, 0 },
};

const struct cmd cmd_serve = {
	.name = "serve",
	.usage = "trigon serve [FILE | -f FILE] [--key KEYFILE] "
	"[--passphrase-file F] [--port N] [--open]\n"
	"       [--playouts N | --think-ms MS]\n"
	"       trigon serve --new [FILE] [--rules NAME] [--vs N] "
	"[--option KEY=VALUE ...]\n"
	"       [--seed HEX] [--key KEYFILE] ...",
	.summary = "Play or replay the game in your browser (a local page).",
	.exec = serve_exec,
	.help =
	"  -f, --file FILE         the save file (default as for trigon move)\n"
	"  --key KEYFILE           your secret key (default: [player] key when\n"
	"                          it exists; without one, the page replays)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n"
	"  --port N                listen on 127.0.0.1 port N (default 0: a\n"
	"                          free port)\n"
	"  --open                  open the page in the browser (xdg-open)\n"
	"  --new                   start a new game against the computer,\n"
	"                          as trigon play does: your key in the\n"
	"                          first seat\n"
	"  --rules NAME            the new game's rule set\n"
	"  --vs N                  its computer seats (default as for\n"
	"                          trigon play)\n"
	"  --option KEY=VALUE      a rules option of the new game\n"
	"  --seed HEX              the new game's 32-byte seed\n"
	"  --playouts N            the computer's search budget per action\n"
	"                          (deterministic)\n"
	"  --think-ms MS           or its time per action\n"
	"The computer plays the seats whose keys trigon play or serve --new\n"
	"made (CONFIG_DIR/play/GAME-ID/), at once after each of your moves.\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_KEY | CMD_PASSFILE | CMD_CONFIG |
	    CMD_KEYPATH | CMD_LOAD,
	.opts = serve_opts,
	.opt = serve_opt,
	.check = serve_check,
};
