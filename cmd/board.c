/*
 * board.c -- trigon board: the position drawn as text (the rules'
 * RULES_VIEW_BOARD), now or after action N (--at), in UTF-8 or ASCII,
 * with or without ANSI colors, and with the hand of one player (--as),
 * laid out for the terminal's width or --width N; or as an SVG picture
 * (--svg), or as JSON (--json: the rule set's public state, and with
 * --as that seat's hand).
 * The whole file is verified before anything is drawn.
 *
 * A hand is hidden information, so --as follows trigon moves: only the
 * asking key's own seat may be shown (--key, or the configuration's
 * key file when it exists), and without a key none -- the one check of
 * cmd/prepare.c (CMD_VIEW), as for every command.  Without --as the
 * board is public: nobody need ask.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "game.h"
#include "num.h"
#include "save.h"
#include "term.h"

enum { OPT_ASCII = 256, OPT_COLOR, OPT_AT, OPT_WIDTH, OPT_SVG };

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

static struct at_ctx at = { 0, NULL, 0 };
static const char *when = "auto";
static unsigned flags;
static int use_at, width, svg;

static int
board_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	uint64_t n;

	switch (ch) {
	case OPT_ASCII:
		flags |= RULES_VF_ASCII;
		return EXIT_OK;
	case OPT_SVG:
		svg = 1;
		return EXIT_OK;
	case OPT_WIDTH:
		if (term_parse_width(arg, &width) != 0)
			return usage_error(c->cmd, "--width takes a number of "
			    "columns from %d to %d, not '%s'", RULES_WIDTH_MIN,
			    RULES_WIDTH_MAX, arg);
		return EXIT_OK;
	case OPT_COLOR:
		if (strcmp(arg, "auto") != 0 && strcmp(arg, "always") != 0 &&
		    strcmp(arg, "never") != 0)
			return usage_error(c->cmd, "--color takes auto, always "
			    "or never, not '%s'", arg);
		when = arg;
		return EXIT_OK;
	default:
		if (num_u64(arg, strlen(arg), 0, UINT64_MAX / 2, 0, &n) != 0)
			return usage_error(c->cmd, "--at takes the number of an "
			    "action, not '%s'", arg);
		at.at = n;
		use_at = 1;
		return EXIT_OK;
	}
}

static int
board_check(struct cmd_ctx *c)
{
	int rc;

	if ((rc = game_file_operand(c)) != EXIT_OK)
		return rc;
	if (strcmp(when, "always") == 0)
		flags |= RULES_VF_COLOR;
	else if (strcmp(when, "auto") == 0 && term_color_auto(STDOUT_FILENO))
		flags |= RULES_VF_COLOR;
	flags |= RULES_VF_WIDTH(width ? width : term_columns(STDOUT_FILENO));
	if (svg && c->json)
		return usage_error(c->cmd, "--svg and --json exclude each "
		    "other");
	if (svg)
		flags = RULES_VF_SVG;	/* a picture: no text options */
	if (use_at) {
		c->save_cb = at_event;
		c->save_cbctx = &at;
	}
	/* Without --as nothing hidden is drawn: nobody need ask. */
	if (c->as == NULL)
		c->flags &= ~(unsigned)CMD_ASKER;
	return EXIT_OK;
}

static int
board_exec(struct cmd_ctx *c)
{
	const struct save *s = c->save;
	int rc;

	if (at.nomem) {
		errmsg("out of memory");
		rc = EXIT_DAMAGED;
		goto out;
	}
	if (use_at && at.game == NULL) {
		errmsg("%s: the game has %llu actions; --at %llu is past its "
		    "end", c->path, (unsigned long long)s->nactions,
		    (unsigned long long)at.at);
		rc = EXIT_USAGE;
		goto out;
	}
	if (c->json) {
		const struct game *g = at.game ? at.game : s->game;
		json_t *st = game_view_json(s->rules, g, RULES_VIEW_JSON, -1, 0);
		json_t *hand = NULL;

		if (st != NULL && c->view >= 0 && (hand = game_view_json(
		    s->rules, g, RULES_VIEW_HAND, c->view, RULES_VF_JSON)) ==
		    NULL) {
			json_decref(st);
			st = NULL;
		}
		if (st == NULL) {
			errmsg("%s: cannot write the board as JSON", c->path);
			rc = EXIT_DAMAGED;
			goto out;
		}
		rc = game_print_json(json_pack("{s:o, s:s, s:s, s:o, s:o, s:o}",
		    "file", game_json_string(c->path), "rules", s->hdr.rules,
		    "chance", save_chance_name(&s->hdr), "at", use_at ? json_integer((json_int_t)at.at) :
		    json_null(), "state", st, "hand", hand ? hand :
		    json_null()));
		goto out;
	}
	rc = s->rules->describe(at.game ? at.game : s->game, RULES_VIEW_BOARD,
	    c->view, flags, stdout) == 0 ? EXIT_OK : EXIT_DAMAGED;
	if (rc != EXIT_OK)
		errmsg("%s: cannot draw the board", c->path);
	/* Under the picture, the chance mode (and what a fair game awaits
	 * now; --at shows the past, so only the mode). */
	else if (!(flags & RULES_VF_SVG))
		game_print_chance(s, c->path, stdout, ((flags & RULES_VF_ASCII) ? 1 : 0) |
		    (use_at ? 2 : 0));
out:
	if (at.game != NULL)
		s->rules->free(at.game);
	at.game = NULL;
	return rc;
}

static const struct option board_opts[] = {
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "color", required_argument, NULL, OPT_COLOR },
	{ "at", required_argument, NULL, OPT_AT },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "svg", no_argument, NULL, OPT_SVG },
	{ NULL, 0, NULL, 0 },
};

const struct cmd cmd_board = {
	.name = "board",
	.usage = "trigon board [FILE | -f FILE] [--as SEAT [--key KEYFILE]]\n"
	"       [--ascii] [--color=WHEN] [--at N] [--width N] [--svg | --json]",
	.summary = "Draw the board: the map, every player's position, the round.",
	.exec = board_exec,
	.help =
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --as SEAT        add the hand of SEAT, your key's own\n"
	"  --key KEYFILE    your key (default: [player] key); a hand is\n"
	"                   shown only with its own seat's key\n"
	"  --ascii          ASCII only (default: UTF-8 line drawing)\n"
	"  --color=WHEN     auto (default: on a terminal, unless NO_COLOR\n"
	"                   is set), always or never\n"
	"  --at N           the position after action N (0: the start)\n"
	"  --width N        lay the board out in N columns (60-200; default:\n"
	"                   the terminal's width, else $COLUMNS, else 80)\n"
	"  --svg            an SVG picture instead of text (--ascii, --color\n"
	"                   and --width do not apply)\n"
	"  --json           one JSON object: the public state, and the hand\n"
	"                   of --as (see trigon(1))\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_AS | CMD_KEY | CMD_LOAD |
	    CMD_ASKER | CMD_VIEW | CMD_VIEW_AS | CMD_JSON,
	.opts = board_opts,
	.opt = board_opt,
	.check = board_check,
	.hidden = "a hand is hidden",
};
