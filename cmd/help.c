/* help.c -- trigon help [COMMAND] and trigon version. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>
#include <git2.h>

#include "cmd.h"

static int
help_main(int argc, char **argv)
{
	const struct cmd *c;

	if (argc > 2)
		return usage_error(&cmd_help, "too many arguments");
	if (argc < 2) {
		printf("usage: trigon [--version] [--help] COMMAND [ARGS...]\n\n");
		for (size_t i = 0; cmd_table[i] != NULL; i++)
			printf("  %-10s %s\n", cmd_table[i]->name,
			    cmd_table[i]->summary);
		printf("\nSee 'trigon help COMMAND' and trigon(1).\n");
		return EXIT_OK;
	}
	if ((c = cmd_lookup(argv[1], 1)) == NULL)
		return EXIT_USAGE;
	print_usage(c, 1, stdout);
	return EXIT_OK;
}

static int
help_exec(struct cmd_ctx *c)
{
	return help_main(c->argc, c->argv);
}

const struct cmd cmd_help = {
	.name = "help",
	.usage = "trigon help [COMMAND]",
	.summary = "Show the commands, or one command's usage and options.",
	.exec = help_exec,
	.help = NULL,
	.help_more = NULL,
	.flags = CMD_RAW,
};

static int
version_main(int argc, char **argv)
{
	int major, minor, rev;

	if (argc > 1)
		return usage_error(&cmd_version, "too many arguments");
	git_libgit2_version(&major, &minor, &rev);
	printf("trigon %s (libsodium %s, libgit2 %d.%d.%d)\n", PACKAGE_VERSION,
	    sodium_version_string(), major, minor, rev);
	return EXIT_OK;
}

static int
version_exec(struct cmd_ctx *c)
{
	return version_main(c->argc, c->argv);
}

const struct cmd cmd_version = {
	.name = "version",
	.usage = "trigon version",
	.summary = "Print the version of trigon and of the libraries it uses.",
	.exec = version_exec,
	.help = NULL,
	.help_more = NULL,
	.flags = CMD_RAW,
};
