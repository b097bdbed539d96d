/*
 * board.c -- trigon board: the position drawn as text (the rules'
 * RULES_VIEW_BOARD), now or after action N (--at), in UTF-8 or ASCII,
 * with or without ANSI colors, and with the hand of one player (--as),
 * laid out for the terminal's width or --width N; or as an SVG picture
 * (--svg).
 * The whole file is verified before anything is drawn.
 *
 * A hand is hidden information, so --as follows trigon moves: when a
 * key is known (--key, or the configuration's key file exists), only
 * that key's own seat may be shown.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "keys.h"
#include "num.h"
#include "save.h"
#include "term.h"

enum { OPT_AS = 256, OPT_KEY, OPT_ASCII, OPT_COLOR, OPT_AT, OPT_WIDTH, OPT_SVG };

struct at_ctx {
	uint64_t at;		/* the action to stop after */
	struct game *game;	/* a copy of the game then, or NULL */
	int nomem;
};

/* Keep a copy of the game as it stands after action ctx->at. */
static int
at_event(void *ctx, const struct save *s, const struct save_event *ev)
{
	struct at_ctx *c = ctx;

	if (c->game != NULL)
		return 0;
	if ((ev->kind == SAVE_EV_START && c->at == 0) ||
	    (ev->kind == SAVE_EV_ACTION && ev->seq == c->at)) {
		c->game = s->rules->clone(s->game);
		c->nomem = c->game == NULL;
	}
	return 0;
}

static int
board_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "as", required_argument, NULL, OPT_AS },
		{ "key", required_argument, NULL, OPT_KEY },
		{ "ascii", no_argument, NULL, OPT_ASCII },
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "at", required_argument, NULL, OPT_AT },
		{ "width", required_argument, NULL, OPT_WIDTH },
		{ "svg", no_argument, NULL, OPT_SVG },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024], kpath[CONFIG_PATH_MAX];
	const char *fopt = NULL, *as = NULL, *kopt = NULL, *when = "auto";
	const char *nc;
	unsigned char pk[KEY_PUB_BYTES];
	struct at_ctx at = { 0, NULL, 0 };
	struct save s;
	struct config c;
	struct err e;
	unsigned flags = 0;
	int ch, rc, seat = -1, mine = -2, use_at = 0, width = 0, svg = 0;

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
		case OPT_ASCII:
			flags |= RULES_VF_ASCII;
			break;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") != 0 &&
			    strcmp(optarg, "always") != 0 &&
			    strcmp(optarg, "never") != 0)
				return usage_error(&cmd_board, "--color takes "
				    "auto, always or never, not '%s'", optarg);
			when = optarg;
			break;
		case OPT_AT: {
			uint64_t n;

			if (num_u64(optarg, strlen(optarg), 0, UINT64_MAX / 2,
			    0, &n) != 0)
				return usage_error(&cmd_board, "--at takes the "
				    "number of an action, not '%s'", optarg);
			at.at = n;
			use_at = 1;
			break;
		}
		case OPT_SVG:
			svg = 1;
			break;
		case OPT_WIDTH:
			if (term_parse_width(optarg, &width) != 0)
				return usage_error(&cmd_board, "--width takes a "
				    "number of columns from %d to %d, not '%s'",
				    RULES_WIDTH_MIN, RULES_WIDTH_MAX, optarg);
			break;
		default:
			return usage_error(&cmd_board, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(&cmd_board, "too many arguments");
	if (strcmp(when, "always") == 0)
		flags |= RULES_VF_COLOR;
	else if (strcmp(when, "auto") == 0 && isatty(STDOUT_FILENO) &&
	    ((nc = getenv("NO_COLOR")) == NULL || nc[0] == '\0') &&
	    ((nc = getenv("TERM")) == NULL || strcmp(nc, "dumb") != 0))
		flags |= RULES_VF_COLOR;
	flags |= RULES_VF_WIDTH(width ? width : term_columns(STDOUT_FILENO));
	if (svg)
		flags = RULES_VF_SVG;	/* a picture: no text options */
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	/* Whose key asks?  (As trigon moves.) */
	if (as == NULL) {
		kpath[0] = '\0';
	} else if (kopt != NULL) {
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
	if (use_at) {
		s.cb = at_event;
		s.cbctx = &at;
	}
	if (save_load(&s, path, NULL, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	if (at.nomem) {
		errmsg("out of memory");
		rc = EXIT_DAMAGED;
		goto out;
	}
	if (use_at && at.game == NULL) {
		errmsg("%s: the game has %llu actions; --at %llu is past its "
		    "end", path, (unsigned long long)s.nactions,
		    (unsigned long long)at.at);
		rc = EXIT_USAGE;
		goto out;
	}
	if (kpath[0] != '\0')
		mine = save_seat_of_key(&s, pk);
	if (as != NULL) {
		if ((seat = game_find_seat(&s, as)) < 0) {
			rc = usage_error(&cmd_board, "no player plays '%s' in "
			    "'%s'", as, path);
			goto out;
		}
		if (mine != -2 && seat != mine) {
			errmsg("%s: refused: %s", path, mine < 0 ? "this key "
			    "belongs to no player of this game, and a hand is "
			    "hidden" : "a hand is hidden; this key is another "
			    "player's");
			rc = EXIT_REFUSED;
			goto out;
		}
	}
	rc = s.rules->describe(at.game ? at.game : s.game, RULES_VIEW_BOARD,
	    seat, flags, stdout) == 0 ? EXIT_OK : EXIT_DAMAGED;
	if (rc != EXIT_OK)
		errmsg("%s: cannot draw the board", path);
out:
	if (at.game != NULL)
		s.rules->free(at.game);
	save_release(&s);
	return rc;
}

const struct cmd cmd_board = {
	"board",
	"trigon board [-f FILE] [--as SEAT [--key KEYFILE]] [--ascii] "
	"[--color=WHEN] [--at N] [--width N] [--svg]",
	"Draw the board: the map, every player's position, the round.",
	board_main,
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --as SEAT        add that player's own hand\n"
	"  --key KEYFILE    whose hand you may see (default: your key);\n"
	"                   with a key, only its own seat can be shown\n"
	"  --ascii          ASCII only (default: UTF-8 line drawing)\n"
	"  --color=WHEN     auto (default: on a terminal, unless NO_COLOR\n"
	"                   is set), always or never\n"
	"  --at N           the position after action N (0: the start)\n"
	"  --width N        lay the board out in N columns (60-200; default:\n"
	"                   the terminal's width, else $COLUMNS, else 80)\n"
	"  --svg            an SVG picture instead of text (--ascii, --color\n"
	"                   and --width do not apply)\n",
	NULL,
};
