/*
 * cmd.h -- the subcommands of trigon and the helpers they share.
 *
 * Each subcommand lives in cmd/NAME.c and exports one descriptor,
 * `const struct cmd cmd_NAME`, listed in cmd_table[] in cmd/main.c.
 * Only cmd/ prints and exits; everything it does is in lib/.
 *
 * The descriptor's flags say what the command needs (git's commands[],
 * tmux's cmd_entry); cmd/prepare.c parses the common options, finds
 * and loads the save file, takes its lock, unlocks the key, decides
 * whose hidden view may be shown and maps every failure to its exit
 * status, all before exec runs -- so a command is its own logic only,
 * and the security checks cannot be forgotten.
 *
 * How to add a command (ten minutes):
 *   1. cmd/NAME.c: its own options, if any, as a `struct option` list
 *      and an opt(ctx, ch, arg) callback; check(ctx) for what must be
 *      refused before any file is read (operands, options that exclude
 *      each other); exec(ctx), its logic, over ctx->path, ctx->save,
 *      ctx->sk, ctx->view... returning an EXIT_* code; and
 *      const struct cmd cmd_NAME = { .name, .usage, .summary, .exec,
 *      .help, .flags = CMD_FILE | CMD_LOAD | ..., .opts, .opt, .check };
 *   2. declare it below and add it to cmd_table[] in cmd/main.c
 *      (keep the table sorted as `trigon --help` shows it);
 *   3. add cmd/NAME.c to trigon_SOURCES in Makefile.am;
 *   4. document it in man/trigon.1 (SYNOPSIS, a subsection under
 *      COMMANDS, an example) ;
 *   5. test it in t/NNNN-NAME.t (sharness), every error included.
 */
#ifndef TRIGON_CMD_H
#define TRIGON_CMD_H

#include <getopt.h>
#include <stdarg.h>

#include "conf.h"
#include "save.h"

/* Exit status, documented in trigon(1) EXIT STATUS. */
enum {
	EXIT_OK = 0,
	EXIT_REFUSED = 1,	/* refused move, failed verification */
	EXIT_USAGE = 2,		/* usage error */
	EXIT_DAMAGED = 3,	/* unreadable or damaged file or key */
	EXIT_INCOMPLETE = 4,	/* verify: good so far, but a fair game
				   awaits answers (a join, a release) */
};

/* What cmd/prepare.c does before exec, in this order. */
enum cmd_flag {
	CMD_FILE = 1 << 0,	/* -f, --file FILE: the save file (path) */
	CMD_JSON = 1 << 1,	/* --json */
	CMD_AS = 1 << 2,	/* --as SEAT */
	CMD_KEY = 1 << 3,	/* --key KEYFILE */
	CMD_PASSFILE = 1 << 4,	/* --passphrase-file F */
	CMD_PERMUTE = 1 << 5,	/* options may follow operands */
	CMD_CONFIG = 1 << 6,	/* read the configuration (none is fine) */
	CMD_KEYPATH = 1 << 7,	/* kpath: --key, else [player] key, else "" */
	CMD_SECRET = 1 << 8,	/* unlock the secret key (sk, pk): --key,
				   else [player] key; asked before the lock */
	CMD_LOAD = 1 << 9,	/* load and verify the save file (save) */
	CMD_LOCK = 1 << 10,	/* ... holding its write lock (fd) */
	CMD_ASKER = 1 << 11,	/* whose key asks (mine): --key, else the
				   configured key file when it exists */
	CMD_VIEW = 1 << 12,	/* view: the seat whose hidden cards may be
				   shown (--as, else the asker's seat,
				   else the seat to act); a key shows its
				   own seat alone, no key no seat */
	CMD_VIEW_AS = 1 << 13,	/* with CMD_VIEW: --as only, no default */
	CMD_RAW = 1 << 14,	/* none of this: exec parses argc/argv (the
				   command name first) itself */
	CMD_REMOTE = 1 << 15,	/* --remote NAME */
	CMD_UNSTARTED = 1 << 16,	/* with CMD_LOAD: works on a fair game
				   that has not started (its seats have
				   not all joined, its first events not
				   answered); other commands refuse it */
};

struct cmd;

/* What the preparation hands a command. */
struct cmd_ctx {
	const struct cmd *cmd;
	unsigned flags;		/* cmd->flags, as opt and check left them */
	int argc;		/* the operands after the options */
	char **argv;
	const char *fopt, *as, *kopt, *passfile, *remote;
	int json;
	char path[1024];	/* CMD_FILE */
	struct config *conf;	/* CMD_CONFIG: read, or empty */
	char kpath[1024];	/* CMD_KEYPATH, CMD_SECRET, CMD_ASKER */
	unsigned char *sk;	/* CMD_SECRET: the secret key */
	unsigned char pk[32];	/* CMD_SECRET, CMD_ASKER: its public key */
	int mine;		/* CMD_ASKER: the key's seat, -1 none of this
				   game's, -2 no key */
	int held;		/* CMD_ASKER: the key was named by its secret
				   key file, not by its public half */
	char why[ERR_MSG_MAX];	/* CMD_ASKER: why not held, when not */
	struct save *save;	/* CMD_LOAD */
	int fd;			/* CMD_LOCK: the lock, else -1 */
	int view;		/* CMD_VIEW: the seat, -1 none */
	/* Set by check: the save layer's callback while loading. */
	int (*save_cb)(void *ctx, const struct save *s,
	    const struct save_event *ev);
	void *save_cbctx;
};

struct cmd {
	const char *name;
	const char *usage;	/* one or more lines, each "trigon NAME ..." */
	const char *summary;	/* one line for trigon --help */
	int (*exec)(struct cmd_ctx *c);
	const char *help;	/* option descriptions for trigon help NAME */
	/* Optional: more help computed at run time (the rule sets'). */
	void (*help_more)(void *stream);
	unsigned flags;		/* enum cmd_flag */
	/*
	 * The command's own options (NULL-ended) and their handler.  A
	 * CMD_RAW command lists its options here too, though it parses
	 * them itself: "did you mean" and `trigon completion` read them.
	 */
	const char *shortopts;
	const struct option *opts;
	/* Optional, instead of opts: options known at run time only (new:
	 * --NAME for every kind of data), NULL-ended in o[max]. */
	size_t (*optsfn)(struct option *o, size_t max);
	int (*opt)(struct cmd_ctx *c, int ch, const char *arg);
	/* Optional: refuse what is wrong before any file is read. */
	int (*check)(struct cmd_ctx *c);
	/* CMD_VIEW, cmd_may_view: what the refusal says a view would
	   show. */
	const char *hidden;
	/* Optional: the words its first operand may be (NULL-ended; for
	 * `trigon completion`). */
	const char *const *words;
};

/* Prepare what c's flags ask, run it, release; returns an exit status. */
int cmd_run(const struct cmd *c, int argc, char **argv);

/*
 * The public key of whoever asks, for commands that load the file
 * their own way: --key (an error when it cannot be read), else the
 * configured key file when it exists (when it cannot be read: an
 * error, or with soft set no key).  Sets c->kpath, c->pk and c->mine
 * to -1 when a key was read, -2 when none; returns an exit status.
 */
int cmd_asker(struct cmd_ctx *c, int soft);

/*
 * The one check of every hidden view (a hand, a seat's legal actions,
 * a computer player's choices for it): EXIT_OK when seat is the asking
 * key's own (c->mine, CMD_ASKER); else says why not on stderr, in the
 * words of c->cmd->hidden, and returns EXIT_REFUSED.  Without a key no
 * seat may be seen; seat -1 stands for a seat the refusal cannot name.
 */
int cmd_may_view(const struct cmd_ctx *c, int seat);

/*
 * Copy src to dst[n] whole, or refuse: a usage error of c naming what
 * (never a shortened path that would name another file).
 */
int cmd_copy(const struct cmd *c, char *dst, size_t n, const char *src,
    const char *what);

/*
 * Every long option of command c: the common ones the flags ask for
 * (not for CMD_RAW), then its own; NULL-ended in o[max] (max > 0).
 * Returns their count.
 */
size_t cmd_options(const struct cmd *c, unsigned flags, struct option *o,
    size_t max);

/*
 * The usage error of c for the option getopt_long refused (it returned
 * '?' or ':' parsing argv with shorts and opts; optind and optopt as it
 * left them): "unknown option '--jsn'; did you mean '--json'?",
 * "option '--file' needs an argument", "option '--json' takes no
 * argument", "ambiguous option '--p'; could be: ...".
 */
int cmd_bad_option(const struct cmd *c, const char *shorts,
    const struct option *opts, char **argv);

extern const struct cmd *const cmd_table[];

/* The overview of trigon, trigon --help and trigon help. */
void cmd_overview(FILE *f);
const struct cmd *cmd_lookup(const char *name, int report);

/* Diagnostics: "trigon: message" on stderr. */
void errmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * A line of a command's report on stdout (the newline is added).  With
 * cmd_stamp set (trigon answer --watch) each such line and each
 * diagnostic begins with the time, "2026-11-27T00:13:35Z " (UTC), and
 * the line is flushed at once.
 */
void cmd_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int cmd_stamp;
/* Print the command's usage to stderr, return EXIT_USAGE. */
int usage_error(const struct cmd *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void print_usage(const struct cmd *c, int full, void *stream);

/* trigon stats' text of the game at path (cmd/stats.c), for play. */
int stats_show(const char *path);

extern const struct cmd cmd_apply;
extern const struct cmd cmd_board;
extern const struct cmd cmd_bot;
extern const struct cmd cmd_completion;
extern const struct cmd cmd_games;
extern const struct cmd cmd_help;
extern const struct cmd cmd_hook;
extern const struct cmd cmd_keygen;
extern const struct cmd cmd_log;
extern const struct cmd cmd_mail;
extern const struct cmd cmd_move;
extern const struct cmd cmd_moves;
extern const struct cmd cmd_hand;
extern const struct cmd cmd_new;
extern const struct cmd cmd_answer;
extern const struct cmd cmd_claim;
extern const struct cmd cmd_fair;
extern const struct cmd cmd_play;
extern const struct cmd cmd_pubkey;
extern const struct cmd cmd_selfplay;
extern const struct cmd cmd_serve;
extern const struct cmd cmd_push;
extern const struct cmd cmd_status;
extern const struct cmd cmd_stats;
extern const struct cmd cmd_sync;
extern const struct cmd cmd_verify;
extern const struct cmd cmd_version;

#endif
