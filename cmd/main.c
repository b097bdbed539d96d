/*
 * main.c -- trigon's entry point: global options, the command table,
 * dispatch, and the final check that standard output was written.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "cmd.h"
#include "suggest.h"
#include "term.h"

/* Every command, in the order trigon --help lists them. */
const struct cmd *const cmd_table[] = {
	&cmd_new,
	&cmd_play,
	&cmd_move,
	&cmd_bot,
	&cmd_status,
	&cmd_games,
	&cmd_board,
	&cmd_moves,
	&cmd_hand,
	&cmd_log,
	&cmd_stats,
	&cmd_serve,
	&cmd_verify,
	&cmd_selfplay,
	&cmd_sync,
	&cmd_push,
	&cmd_hook,
	&cmd_mail,
	&cmd_apply,
	&cmd_answer,
	&cmd_claim,
	&cmd_fair,
	&cmd_keygen,
	&cmd_pubkey,
	&cmd_help,
	&cmd_completion,
	&cmd_version,
	NULL
};

int cmd_stamp;

/* "2026-11-27T00:13:35Z " when cmd_stamp is set, else "". */
static const char *
stamp(char *buf, size_t n)
{
	time_t now = time(NULL);
	struct tm tm;

	buf[0] = '\0';
	if (cmd_stamp && gmtime_r(&now, &tm) != NULL)
		strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ ", &tm);
	return buf;
}

static void
verrmsg(const char *fmt, va_list ap)
{
	char t[32];

	fputs("trigon: ", stderr);
	fputs(stamp(t, sizeof t), stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
errmsg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verrmsg(fmt, ap);
	va_end(ap);
}

void
cmd_say(const char *fmt, ...)
{
	va_list ap;
	char t[32];

	fputs(stamp(t, sizeof t), stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (cmd_stamp)
		fflush(stdout);
}

void
print_usage(const struct cmd *c, int full, void *stream)
{
	FILE *f = stream;

	fprintf(f, "usage: %s\n", c->usage);
	if (full) {
		fprintf(f, "\n%s\n", c->summary);
		if (c->help != NULL)
			fprintf(f, "\n%s", c->help);
		if (c->help_more != NULL)
			c->help_more(f);
	}
}

int
usage_error(const struct cmd *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verrmsg(fmt, ap);
	va_end(ap);
	if (c != NULL)
		print_usage(c, 0, stderr);
	return EXIT_USAGE;
}

/* trigon, trigon --help and trigon help: the games, the commands. */
void
cmd_overview(FILE *f)
{
	char games[512];
	size_t n = 0;

	for (size_t i = 0; rules_table[i] != NULL && n < sizeof games; i++)
		n += (size_t)snprintf(games + n, sizeof games - n, "%s%s "
		    "(--rules %s)", i ? ", " : "Games: ", rules_table[i]->title,
		    rules_table[i]->name);
	fprintf(f, "usage: trigon [--version] [--help] COMMAND [ARGS...]\n\n"
	    "Play board games against the computer, by e-mail or over git.\n");
	if (n + 1 < sizeof games)
		strcat(games, ".");
	term_wrap(f, games, 72, "  ");
	fprintf(f, "\nA first game: 'trigon keygen' makes your key, then "
	    "'trigon play' plays\nagainst the computer.  The commands:\n");
	for (size_t i = 0; cmd_table[i] != NULL; i++)
		fprintf(f, "  %-10s %s\n", cmd_table[i]->name,
		    cmd_table[i]->summary);
	fprintf(f, "\nSee 'trigon help COMMAND' and trigon(1); 'trigon help "
	    "orders' lists the\nactions of the game, 'trigon help card NAME' "
	    "explains a card.\n");
}

/*
 * Find a command by its name or a unique prefix of it.  With report set,
 * say what is wrong: unknown (with the nearest name) or ambiguous.
 */
const struct cmd *
cmd_lookup(const char *name, int report)
{
	const struct cmd *found = NULL;
	size_t len = strlen(name), n = 0;
	const char *names[64];
	size_t nnames = 0;

	for (size_t i = 0; cmd_table[i] != NULL; i++) {
		if (strcmp(cmd_table[i]->name, name) == 0)
			return cmd_table[i];
		if (nnames < 64)
			names[nnames++] = cmd_table[i]->name;
		if (strncmp(cmd_table[i]->name, name, len) == 0) {
			found = cmd_table[i];
			n++;
		}
	}
	if (n == 1 && len > 0)
		return found;
	if (!report)
		return NULL;
	if (n > 1 && len > 0) {
		fprintf(stderr, "trigon: ambiguous command: %s, could be:", name);
		for (size_t i = 0; cmd_table[i] != NULL; i++)
			if (strncmp(cmd_table[i]->name, name, len) == 0)
				fprintf(stderr, " %s", cmd_table[i]->name);
		fputc('\n', stderr);
		return NULL;
	}
	const char *near = suggest_nearest(name, names, nnames);
	if (near != NULL)
		errmsg("unknown command '%s'; did you mean '%s'?", name, near);
	else
		errmsg("unknown command '%s'; see 'trigon --help'", name);
	return NULL;
}

static int
finish(int rc)
{
	/* A command whose output went nowhere has failed (git, coreutils). */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		errmsg("error writing standard output: %s", strerror(errno));
		return rc ? rc : EXIT_DAMAGED;
	}
	return rc;
}

int
main(int argc, char **argv)
{
	const struct cmd *c;

	rules_register(rules_table);
	if (argc < 2) {
		cmd_overview(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		cmd_overview(stdout);
		return finish(EXIT_OK);
	}
	if (strcmp(argv[1], "--version") == 0)
		return finish(cmd_run(&cmd_version, argc - 1, argv + 1));
	if (argv[1][0] == '-') {
		static const char *const global[] = { "--help", "--version" };
		const char *near = suggest_nearest(argv[1], global, 2);

		if (near != NULL)
			errmsg("unknown option '%s'; did you mean '%s'?",
			    argv[1], near);
		else
			errmsg("unknown option '%s'", argv[1]);
		cmd_overview(stderr);
		return EXIT_USAGE;
	}
	if ((c = cmd_lookup(argv[1], 1)) == NULL)
		return EXIT_USAGE;
	/*
	 * Before any other libsodium call, as its manual asks: it also picks
	 * the implementation of each primitive for this CPU (the ChaCha20 of
	 * every draw of chance, the SIMD one instead of the reference).
	 */
	if (sodium_init() < 0) {
		errmsg("cannot initialise libsodium");
		return EXIT_DAMAGED;
	}
	/* "trigon COMMAND --help" is "trigon help COMMAND", as in git. */
	if (argc == 3 && (strcmp(argv[2], "--help") == 0 ||
	    strcmp(argv[2], "-h") == 0)) {
		print_usage(c, 1, stdout);
		return finish(EXIT_OK);
	}
	return finish(cmd_run(c, argc - 1, argv + 1));
}
