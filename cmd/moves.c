/*
 * moves.c -- trigon moves: the legal actions of the player to act (or
 * of --as COLOR).  Legal actions can reveal a player's hand, so when a
 * key is known (--key, or the configuration's key file exists) only
 * that key's seat may be listed.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "keys.h"
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
	char path[1024], kpath[CONFIG_PATH_MAX];
	const char *fopt = NULL, *as = NULL, *kopt = NULL;
	unsigned char pk[KEY_PUB_BYTES];
	struct save s;
	struct rules_await aw;
	struct config c;
	struct err e;
	int ch, rc, json = 0, seat, mine = -2;

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
	/* Whose key asks? */
	if (kopt != NULL) {
		snprintf(kpath, sizeof kpath, "%s", kopt);
	} else if (config_load(&c, NULL, &e) == 0 &&
	    config_key_path(&c, kpath, sizeof kpath, &e) == 0 &&
	    access(kpath, F_OK) == 0) {
		/* the configured key exists */
	} else {
		kpath[0] = '\0';
	}
	err_clear(&e);
	if (kpath[0] != '\0' && keys_load_public(kpath, pk, &e) != 0)
		return game_report(&e, 0);
	save_init(&s, path);
	if (save_load(&s, path, NULL, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	if (kpath[0] != '\0')
		mine = save_seat_of_key(&s, pk);
	s.rules->await(s.game, &aw);
	if (as != NULL) {
		seat = -1;
		for (int i = 0; i < s.hdr.nplayers; i++)
			if (strcmp(s.hdr.player[i].color, as) == 0)
				seat = i;
		if (seat < 0) {
			rc = usage_error(&cmd_moves, "no player plays '%s' in "
			    "'%s'", as, path);
			goto out;
		}
	} else if (mine >= 0) {
		seat = mine;
	} else {
		seat = aw.seat;
	}
	if (mine != -2 && seat != mine) {
		errmsg("%s: refused: %s", path, mine < 0 ? "this key belongs "
		    "to no player of this game, and legal moves can show a "
		    "player's hidden cards" : "legal moves can show a player's "
		    "hidden cards; this key is another player's");
		rc = EXIT_REFUSED;
		goto out;
	}
	if (json) {
		json_t *list = json_array();

		if (seat >= 0)
			s.rules->legal(s.game, seat, emit_json, list);
		rc = game_print_json(json_pack("{s:s, s:o, s:b, s:o}",
		    "file", path, "seat", seat >= 0 ?
		    json_string(s.hdr.player[seat].color) : json_null(),
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
	"moves", "trigon moves [-f FILE] [--as COLOR] [--key KEYFILE] [--json]",
	"List the legal actions of the player to act.",
	moves_main,
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --as COLOR       list the actions of that seat instead\n"
	"  --key KEYFILE    whose moves you may see (default: your key);\n"
	"                   with a key, only its own seat can be listed\n"
	"  --json           one JSON object (see trigon(1))\n",
};
