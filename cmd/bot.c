/*
 * bot.c -- trigon bot: let the computer play one seat's actions, signed
 * with that seat's key, through the very path of trigon move (each
 * action checked by save_play, one atomic append under the file's
 * lock), until it is someone else's turn; or only suggest them.  Out
 * of turn, a seat the game lets act (an offer to it awaiting its
 * answer) is asked too: its player answers or says it has nothing to do.
 *
 * The choice comes from the game's computer player (search_choose,
 * lib/search.h), which sees only what the seat may see.  With
 * --playouts the choice is deterministic for the same file, seat,
 * budget and --seed.  What it would play names the seat's hidden
 * cards, so --suggest is a hidden view: the seat's own key (its public
 * half is enough: nothing is signed), as for trigon moves.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "save.h"
#include "search.h"

/* A turn longer than this is a bot that does not end it: stop. */
#define BOT_MAX_ACTIONS 2000

enum { OPT_PLAYOUTS = 256, OPT_THINK, OPT_SEED, OPT_SUGGEST, OPT_PLAYER };

static struct rules_bot_opts bo;
static int suggest;

static int
bot_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	switch (ch) {
	case OPT_PLAYOUTS:
		return game_number(c->cmd, arg, "--playouts", 100000000,
		    &bo.playouts);
	case OPT_THINK:
		return game_number(c->cmd, arg, "--think", 3600000,
		    &bo.think_ms);
	case OPT_SEED:
		return game_seed_number(c->cmd, arg, &bo.seed);
	case OPT_SUGGEST:
		/* Only suggest: no secret, no lock; but the choices show
		   the seat's hidden cards, so only its key may ask. */
		suggest = 1;
		c->flags &= ~(unsigned)(CMD_SECRET | CMD_LOCK);
		c->flags |= CMD_ASKER;
		return EXIT_OK;
	default:
		bo.kind = arg;
		return EXIT_OK;
	}
}

static int
bot_check(struct cmd_ctx *c)
{
	int rc;

	if ((rc = game_file_operand(c)) != EXIT_OK)
		return rc;
	if (c->as == NULL)
		return usage_error(c->cmd, "--as SEAT is required");
	if (bo.playouts > 0 && bo.think_ms > 0)
		return usage_error(c->cmd, "--playouts and --think exclude "
		    "each other");
	return EXIT_OK;
}

static int
bot_exec(struct cmd_ctx *c)
{
	struct save *s = c->save;
	struct save_buf out = { 0 };
	struct rules_await aw;
	struct game *g = NULL, *play;
	struct err e;
	int rc, seat, played = 0;

	err_clear(&e);
	if ((seat = game_find_seat(s, c->as)) < 0) {
		errmsg("%s: %s does not play in this game", c->path, c->as);
		return EXIT_USAGE;
	}
	if (!search_has_player(s->rules)) {
		errmsg("%s: %s has no computer player", c->path,
		    s->rules->title);
		return EXIT_USAGE;
	}
	if (rules_bot_kind(s->rules, bo.kind) == NULL)
		return game_bad_kind(c->cmd, s->rules, "--player", bo.kind);
	if (suggest && (rc = cmd_may_view(c, seat)) != EXIT_OK)
		return rc;
	if (!suggest && save_seat_of_key(s, c->pk) != seat) {
		errmsg("%s: refused: this key is not %s's", c->path, c->as);
		return EXIT_REFUSED;
	}
	if (suggest && (g = s->rules->clone(s->game)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	play = suggest ? g : s->game;
	for (;;) {
		char action[RULES_ACTION_MAX];
		struct rules_error rerr;

		if (rules_await_check(s->rules, play, s->hdr.nplayers,
		    &aw) != 0) {
			errmsg("%s: error: %s", c->path, aw.text);
			rc = EXIT_DAMAGED;
			goto out;
		}
		/* out of turn, a seat may still be asked (an offer to it
		   awaits its answer): its player says RULES_ESEAT when it
		   has nothing to do then */
		if (aw.over || (aw.seat != seat && (aw.may_act == 0 ||
		    !(aw.may_act & 1u << seat))))
			break;
		if (played >= BOT_MAX_ACTIONS) {
			errmsg("%s: the bot did not end its turn in %d actions",
			    c->path, BOT_MAX_ACTIONS);
			rc = EXIT_DAMAGED;
			goto out;
		}
		memset(&rerr, 0, sizeof rerr);
		if (search_choose(s->rules, play, seat, &bo, action,
		    sizeof action, &rerr) != 0) {
			if (aw.seat != seat && rerr.code == RULES_ESEAT)
				break;
			errmsg("%s: the bot cannot play: %s", c->path,
			    rerr.msg);
			rc = rerr.code == RULES_EDATA ? EXIT_USAGE :
			    EXIT_REFUSED;
			goto out;
		}
		if (suggest) {
			if (s->rules->apply(g, seat, action, strlen(action),
			    NULL, &rerr) != 0) {
				errmsg("%s: the bot chose '%s': %s", c->path,
				    action, rerr.msg);
				rc = EXIT_DAMAGED;
				goto out;
			}
			printf("%s: suggest: %s\n", c->path, action);
		} else if (save_play(s, action, strlen(action), c->sk, &out,
		    &e) != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
		played++;
	}
	rc = EXIT_OK;
	if (played == 0) {
		if (aw.over)
			printf("%s: the game is over\n", c->path);
		else
			printf("%s: nothing to do for %s: %s\n", c->path, c->as,
			    aw.text[0] ? aw.text : "not its turn");
		goto out;
	}
	if (!suggest && (rc = game_append(c, &out)) != EXIT_OK)
		goto out;
	game_print_next(s, c->path, &aw);
out:
	if (g != NULL)
		s->rules->free(g);
	save_buf_release(&out);
	return rc;
}

static const struct option bot_opts[] = {
	{ "playouts", required_argument, NULL, OPT_PLAYOUTS },
	{ "think", required_argument, NULL, OPT_THINK },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "suggest", no_argument, NULL, OPT_SUGGEST },
	{ "player", required_argument, NULL, OPT_PLAYER },
	{ NULL, 0, NULL, 0 },
};

const struct cmd cmd_bot = {
	.name = "bot",
	.usage = "trigon bot [FILE | -f FILE] --as SEAT [--key KEYFILE] "
	"[--passphrase-file F]\n"
	"       [--playouts N | --think MS] [--seed S] [--suggest]",
	.summary = "Let the computer play a seat's turn (or suggest it).",
	.exec = bot_exec,
	.help =
	"  -f, --file FILE         the save file (default: [game] file in the\n"
	"                          configuration, else ./game.trigon)\n"
	"  --as SEAT               the seat the computer plays\n"
	"  --key KEYFILE           that seat's secret key (default: [player] "
	"key)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n"
	"  --playouts N            search budget per action (default 1000;\n"
	"                          the same N and seed give the same play)\n"
	"  --think MS              a time budget per action instead (not\n"
	"                          deterministic)\n"
	"  --seed S                the bot's own randomness (default 0)\n"
	"  --suggest               print the actions, write nothing; the\n"
	"                          seat's key, but no passphrase, is needed\n"
	"  --player KIND           the kind of computer player (below)\n",
	.help_more = game_help_bots,
	.flags = CMD_FILE | CMD_PERMUTE | CMD_AS | CMD_KEY | CMD_PASSFILE |
	    CMD_SECRET | CMD_LOAD | CMD_LOCK,
	.opts = bot_opts,
	.opt = bot_opt,
	.check = bot_check,
	.hidden = "the computer's choices show a player's hidden cards",
};
