/*
 * moves.c -- trigon moves: the legal actions of the player to act (or
 * of --as SEAT).  Legal actions can reveal a player's hand, so when a
 * key is known (--key, or the configuration's key file exists) only
 * that key's seat may be listed.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cmd.h"
#include "game.h"
#include "save.h"

enum { OPT_AS = 256, OPT_KEY };

static int
emit_text(void *ctx, const char *action)
{
	(void)ctx;
	printf("%s\n", action);
	return 0;
}

static int
emit_json(void *ctx, const char *action)
{
	json_array_append_new(ctx, json_string(action));
	return 0;
}

static int
moves_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "as", required_argument, NULL, OPT_AS },
		{ "key", required_argument, NULL, OPT_KEY },
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024];
	const char *fopt = NULL, *as = NULL, *kopt = NULL;
	struct save s;
	struct rules_await aw;
	struct err e;
	int ch, rc, json = 0, seat;

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
		case 'j':
			json = 1;
			break;
		default:
			return usage_error(&cmd_moves, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(&cmd_moves, "too many arguments");
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	if ((rc = game_load(&s, path, NULL)) != EXIT_OK)
		goto out;
	if ((rc = game_view_seat(&cmd_moves, &s, path, as, kopt,
	    "legal moves", &seat)) != EXIT_OK)
		goto out;
	if ((rc = game_await(&s, path, &aw)) != EXIT_OK)
		goto out;
	if (json) {
		json_t *list = json_array();

		if (seat >= 0)
			s.rules->legal(s.game, seat, emit_json, list);
		rc = game_print_json(json_pack("{s:o, s:o, s:b, s:o}",
		    "file", game_json_string(path), "seat", seat >= 0 ?
		    json_string(s.hdr.player[seat].seat) : json_null(),
		    "to_act", !aw.over && seat == aw.seat, "moves", list));
	} else {
		if (seat >= 0)
			s.rules->legal(s.game, seat, emit_text, NULL);
		rc = EXIT_OK;
	}
out:
	save_release(&s);
	return rc;
}

const struct cmd cmd_moves = {
	"moves", "trigon moves [-f FILE] [--as SEAT] [--key KEYFILE] [--json]",
	"List the legal actions of the player to act.",
	moves_main,
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --as SEAT        list the actions of that seat instead\n"
	"  --key KEYFILE    whose moves you may see (default: your key);\n"
	"                   with a key, only its own seat can be listed\n"
	"  --json           one JSON object (see trigon(1))\n",
	NULL,
};
