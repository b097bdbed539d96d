/*
 * hand.c -- trigon hand: a player's own hidden cards, with the private
 * numbers that offers, swaps and takes name them by.  Like trigon
 * moves, with a key known only that key's own hand is shown.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>

#include "cmd.h"
#include "game.h"
#include "save.h"

enum { OPT_AS = 256, OPT_KEY };

static int
hand_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "as", required_argument, NULL, OPT_AS },
		{ "key", required_argument, NULL, OPT_KEY },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024];
	const char *fopt = NULL, *as = NULL, *kopt = NULL;
	struct save s;
	struct err e;
	int ch, rc, seat;

	err_clear(&e);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+f:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case OPT_AS:
			as = optarg;
			break;
		case OPT_KEY:
			kopt = optarg;
			break;
		default:
			return usage_error(&cmd_hand, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(&cmd_hand, "too many arguments");
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	if ((rc = game_load(&s, path, NULL)) != EXIT_OK)
		goto out;
	if ((rc = game_view_seat(&cmd_hand, &s, path, as, kopt, "a hand",
	    &seat)) != EXIT_OK)
		goto out;
	if (seat < 0) {
		errmsg("%s: the game is over: say whose hand with --as SEAT",
		    path);
		rc = EXIT_USAGE;
	} else if (s.rules->describe(s.game, RULES_VIEW_HAND, seat, 0,
	    stdout) != 0) {
		errmsg("%s: cannot show the hand of %s", path,
		    s.hdr.player[seat].seat);
		rc = EXIT_DAMAGED;
	}
out:
	save_release(&s);
	return rc;
}

const struct cmd cmd_hand = {
	"hand", "trigon hand [-f FILE] [--as SEAT] [--key KEYFILE]",
	"Show your own hidden cards, with their numbers.",
	hand_main,
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --as SEAT        the seat whose hand to show (default: your key's\n"
	"                   seat, else the player to act)\n"
	"  --key KEYFILE    whose hand you may see (default: your key);\n"
	"                   with a key, only its own hand can be shown\n",
	NULL,
};
