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
#include "http.h"
#include "keys.h"
#include "num.h"
#include "serve.h"

extern char **environ;

enum { OPT_PORT = 256, OPT_OPEN };

static uint16_t port;
static int open_page;

static int
serve_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	uint64_t n;

	if (ch == OPT_OPEN) {
		open_page = 1;
		return EXIT_OK;
	}
	if (num_u64(arg, strlen(arg), 0, 65535, 0, &n) != 0)
		return usage_error(c->cmd, "--port takes a port number from 0 "
		    "(any free port) to 65535, not '%s'", arg);
	port = (uint16_t)n;
	return EXIT_OK;
}

static int
serve_check(struct cmd_ctx *c)
{
	int rc;

	if ((rc = game_file_operand(c)) != EXIT_OK)
		return rc;
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

static int
serve_exec(struct cmd_ctx *c)
{
	struct serve sv;
	struct http_server *h;
	char token[2 * HTTP_TOKEN_BYTES + 1];
	sigset_t set;
	struct err e;
	int rc, mine;

	if ((rc = serve_key(c)) != EXIT_OK)
		return rc;
	mine = c->sk != NULL ? save_seat_of_key(c->save, c->pk) : -1;
	http_token(token);
	sv.path = c->path;
	sv.sk = c->sk;
	memcpy(sv.pk, c->pk, sizeof sv.pk);
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
		return EXIT_DAMAGED;
	}
	if (mine >= 0)
		printf("%s: %s plays at\n", c->path, game_seat_name(c->save,
		    mine));
	else
		printf("%s: %s; the page replays the game at\n", c->path,
		    c->sk != NULL ? "this key plays no seat" : "no key");
	printf("    http://127.0.0.1:%u/?token=%s\n", http_port(h), token);
	printf("%s: Ctrl-C stops the server\n", c->path);
	fflush(stdout);
	if (open_page) {
		char url[128];

		snprintf(url, sizeof url, "http://127.0.0.1:%u/?token=%s",
		    http_port(h), token);
		open_browser(url);
	}
	wait_for_end(&set);
	http_stop(h);
	sodium_memzero(token, sizeof token);
	return EXIT_OK;
}

static const struct option serve_opts[] = {
	{ "port", required_argument, NULL, OPT_PORT },
	{ "open", no_argument, NULL, OPT_OPEN },
	{ NULL, 0, NULL, 0 },
};

const struct cmd cmd_serve = {
	.name = "serve",
	.usage = "trigon serve [FILE | -f FILE] [--key KEYFILE] "
	"[--passphrase-file F] [--port N] [--open]",
	.summary = "Play or replay the game in your browser (a local page).",
	.exec = serve_exec,
	.help =
	"  -f, --file FILE         the save file (default as for trigon move)\n"
	"  --key KEYFILE           your secret key (default: [player] key when\n"
	"                          it exists; without one, the page replays)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n"
	"  --port N                listen on 127.0.0.1 port N (default 0: a\n"
	"                          free port)\n"
	"  --open                  open the page in the browser (xdg-open)\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_KEY | CMD_PASSFILE | CMD_CONFIG |
	    CMD_KEYPATH | CMD_LOAD,
	.opts = serve_opts,
	.opt = serve_opt,
	.check = serve_check,
};
