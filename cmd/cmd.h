/*
 * cmd.h -- the subcommands of trigon and the helpers they share.
 *
 * Each subcommand lives in cmd/NAME.c and exports one descriptor,
 * `const struct cmd cmd_NAME`, listed in cmd_table[] in cmd/main.c.
 * Only cmd/ prints and exits; everything it does is in lib/.
 *
 * How to add a command (ten minutes):
 *   1. cmd/NAME.c: a static int NAME_main(int argc, char **argv) that
 *      parses its options with getopt_long (start optind at 1: argv[0]
 *      is the command name) and returns an EXIT_* code, and
 *      const struct cmd cmd_NAME = { "NAME", usage, summary, NAME_main, flags };
 *   2. declare it below and add it to cmd_table[] in cmd/main.c
 *      (keep the table sorted as `trigon --help` shows it);
 *   3. add cmd/NAME.c to trigon_SOURCES in Makefile.am;
 *   4. document it in man/trigon.1 (SYNOPSIS, a subsection under
 *      COMMANDS, an example) ;
 *   5. test it in t/NNNN-NAME.t (sharness), every error included.
 */
#ifndef TRIGON_CMD_H
#define TRIGON_CMD_H

#include <stdarg.h>

/* Exit status, documented in trigon(1) EXIT STATUS. */
enum {
	EXIT_OK = 0,
	EXIT_REFUSED = 1,	/* refused move, failed verification */
	EXIT_USAGE = 2,		/* usage error */
	EXIT_DAMAGED = 3,	/* unreadable or damaged file or key */
};

struct cmd {
	const char *name;
	const char *usage;	/* one or more lines, each "trigon NAME ..." */
	const char *summary;	/* one line for trigon --help */
	int (*exec)(int argc, char **argv);
	const char *help;	/* option descriptions for trigon help NAME */
	/* Optional: more help computed at run time (the rule sets'). */
	void (*help_more)(void *stream);
};

extern const struct cmd *const cmd_table[];
const struct cmd *cmd_lookup(const char *name, int report);

/* Diagnostics: "trigon: message" on stderr. */
void errmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the command's usage to stderr, return EXIT_USAGE. */
int usage_error(const struct cmd *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void print_usage(const struct cmd *c, int full, void *stream);

extern const struct cmd cmd_apply;
extern const struct cmd cmd_board;
extern const struct cmd cmd_bot;
extern const struct cmd cmd_help;
extern const struct cmd cmd_hook;
extern const struct cmd cmd_keygen;
extern const struct cmd cmd_log;
extern const struct cmd cmd_mail;
extern const struct cmd cmd_move;
extern const struct cmd cmd_moves;
extern const struct cmd cmd_hand;
extern const struct cmd cmd_new;
extern const struct cmd cmd_pubkey;
extern const struct cmd cmd_selfplay;
extern const struct cmd cmd_push;
extern const struct cmd cmd_status;
extern const struct cmd cmd_sync;
extern const struct cmd cmd_verify;
extern const struct cmd cmd_version;

#endif
