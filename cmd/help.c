/*
 * help.c -- trigon help [COMMAND], trigon help orders, trigon help card
 * [NAME], and trigon version.  The texts about orders and cards are the
 * game's own (rules.help_orders, rules.help_card, rules.help_card_names
 * in lib/rules.h); nothing here knows a game.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>
#include <git2.h>

#include "cmd.h"
#include "term.h"
#include "rules.h"
#include "suggest.h"

#define HELP_NAMES_MAX 512
#define HELP_WIDTH 72

struct names {
	const char *v[HELP_NAMES_MAX];
	size_t n;
};

static int help_orders(const char *game);
static int help_card(int argc, char **argv);

static int
help_main(int argc, char **argv)
{
	const struct cmd *c;

	if (argc >= 2 && strcmp(argv[1], "card") == 0)
		return help_card(argc - 1, argv + 1);
	if (argc == 3 && strcmp(argv[1], "orders") == 0)
		return help_orders(argv[2]);
	if (argc > 2)
		return usage_error(&cmd_help, "too many arguments");
	if (argc < 2) {
		cmd_overview(stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "orders") == 0)
		return help_orders(NULL);
	if ((c = cmd_lookup(argv[1], 1)) == NULL)
		return EXIT_USAGE;
	print_usage(c, 1, stdout);
	return EXIT_OK;
}

/*
 * Every kind of action, with an example: the text of game (a rule set's
 * name), else of the first rule set, then how to ask for the others.
 */
static int
help_orders(const char *game)
{
	const struct rules *r = game ? rules_find(game) : rules_table[0];
	const char *names[16], *near;
	size_t n = 0;

	for (size_t i = 0; rules_table[i] != NULL && n < 16; i++)
		names[n++] = rules_table[i]->name;
	if (r == NULL) {
		if ((near = suggest_nearest(game, names, n)) != NULL)
			return usage_error(&cmd_help, "no game '%s'; did you "
			    "mean '%s'?", game, near);
		return usage_error(&cmd_help, "no game '%s' (trigon help "
		    "new lists them)", game);
	}
	if (r->help_orders == NULL) {
		errmsg("%s has no help on its orders", r->title);
		return EXIT_USAGE;
	}
	fputs(r->help_orders, stdout);
	if (game == NULL)
		for (size_t i = 1; rules_table[i] != NULL; i++)
			if (rules_table[i]->help_orders != NULL)
				printf("%s%s: trigon help orders %s",
				    i == 1 ? "\nThe orders of the other games: "
				    : "; ", rules_table[i]->title,
				    rules_table[i]->name);
	if (game == NULL && rules_table[0] != NULL && rules_table[1] != NULL)
		putchar('\n');
	return EXIT_OK;
}

static int
add_name(void *ctx, const char *name)
{
	struct names *nm = ctx;

	if (nm->n < HELP_NAMES_MAX)
		nm->v[nm->n++] = name;
	return 0;
}

/* Print the names of nm from index a to b (exclusive), wrapped. */
static void
list_names(const struct names *nm, size_t a, size_t b)
{
	size_t col = 0;

	for (size_t i = a; i < b; i++) {
		size_t w = strlen(nm->v[i]);

		if (col > 0 && col + 1 + w > HELP_WIDTH) {
			putchar('\n');
			col = 0;
		}
		printf("%s%s", col ? " " : "  ", nm->v[i]);
		col += w + (col ? 1 : 2);
	}
	if (col > 0)
		putchar('\n');
}

/*
 * trigon help card [NAME...]: a card, a quest or a village card of any
 * game: the first rule set (in rules_table's order) that knows the
 * name answers; the nearest name of all of them is the suggestion.
 */
static int
help_card(int argc, char **argv)
{
	static struct names nm;
	char name[256], slug[256];
	const char *text = NULL, *near;
	size_t len = 0, ngames = 0;

	nm.n = 0;
	for (size_t i = 0; rules_table[i] != NULL; i++)
		if (rules_table[i]->help_card != NULL)
			ngames++;
	if (ngames == 0) {
		errmsg("%s has no help on its cards", rules_table[0] ?
		    rules_table[0]->title : "trigon");
		return EXIT_USAGE;
	}
	if (argc < 2) {
		printf("usage: trigon help card NAME\n");
		for (size_t i = 0, k = 0; rules_table[i] != NULL; i++) {
			const struct rules *r = rules_table[i];
			size_t first = nm.n;

			if (r->help_card == NULL)
				continue;
			if (r->help_card_names != NULL)
				r->help_card_names(add_name, &nm);
			printf(k++ == 0 ? "\nThe cards, quests and village "
			    "cards of %s:\n" : "\nThe cards of %s:\n",
			    r->title);
			list_names(&nm, first, nm.n);
		}
		return EXIT_OK;
	}
	/* "trigon help card grillen van zoloth" is one name. */
	name[0] = '\0';
	for (int i = 1; i < argc; i++) {
		int n = snprintf(name + len, sizeof name - len, "%s%s",
		    i > 1 ? " " : "", argv[i]);

		if (n < 0 || (size_t)n >= sizeof name - len)
			return usage_error(&cmd_help, "card name too long");
		len += (size_t)n;
	}
	/* Also as a name is typed in orders: lowercase, '-' for ' '. */
	for (size_t i = 0; i <= len; i++)
		slug[i] = name[i] == ' ' ? '-' :
		    (char)tolower((unsigned char)name[i]);
	for (size_t i = 0; rules_table[i] != NULL && text == NULL; i++) {
		const struct rules *r = rules_table[i];

		if (r->help_card == NULL)
			continue;
		if ((text = r->help_card(name)) == NULL)
			text = r->help_card(slug);
	}
	if (text != NULL) {
		term_wrap(stdout, text, HELP_WIDTH, "");
		return EXIT_OK;
	}
	for (size_t i = 0; rules_table[i] != NULL; i++)
		if (rules_table[i]->help_card != NULL &&
		    rules_table[i]->help_card_names != NULL)
			rules_table[i]->help_card_names(add_name, &nm);
	near = suggest_nearest(slug, nm.v, nm.n);
	if (near != NULL)
		errmsg("no card named '%s'; did you mean "
		    "'%s'?", name, near);
	else
		errmsg("no card named '%s'; 'trigon help "
		    "card' lists them", name);
	return EXIT_USAGE;
}

static int
help_exec(struct cmd_ctx *c)
{
	return help_main(c->argc, c->argv);
}

static const char *const help_words[] = { "orders", "card", NULL };

const struct cmd cmd_help = {
	.name = "help",
	.usage = "trigon help [COMMAND]\n"
	    "       trigon help orders [GAME]\n"
	    "       trigon help card [NAME]",
	.summary = "Show the commands, one command's usage, the orders or a card.",
	.exec = help_exec,
	.help = "  COMMAND     that command's usage and options\n"
	    "  orders      every kind of action of the game, with an example\n"
	    "              (GAME: of that rule set; default the first)\n"
	    "  card NAME   what a card, quest or village card does (without\n"
	    "              NAME: all their names)\n",
	.help_more = NULL,
	.flags = CMD_RAW,
	.words = help_words,
};

static int
version_main(int argc, char **argv)
{
	if (argc > 1)
		return usage_error(&cmd_version, "too many arguments");
	/* The libgit2 it was built with: asking the library would load it. */
	printf("trigon %s (libsodium %s, libgit2 %d.%d.%d)\n", PACKAGE_VERSION,
	    sodium_version_string(), LIBGIT2_VER_MAJOR, LIBGIT2_VER_MINOR,
	    LIBGIT2_VER_REVISION);
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
