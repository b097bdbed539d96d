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
 * half is enough: nothing is signed), as for trigon moves.  With hands
 * sealed, the seat's secret key held reads its sealed cards too
 * (game_sealed_reader), or the bot would play blind to them.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "save.h"
#include "search.h"

enum { OPT_PLAYOUTS = 256, OPT_THINK, OPT_SEED, OPT_SUGGEST, OPT_PLAYER };

static struct rules_bot_opts bo;
static int suggest;

static void bot_idle(const struct cmd_ctx *c, const struct rules_await *aw);

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

/*
 * --suggest: the actions the bot would play, applied to a copy.  In a
 * fair game an action that opens a random event ends the list: what
 * follows depends on a value not decided yet.
 */
static int
bot_suggest(struct cmd_ctx *c, int seat)
{
	struct save *s = c->save;
	struct rules_await aw;
	struct game *g;
	int rc = EXIT_OK, played = 0, pending = 0;

	if ((g = s->rules->clone(s->game)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	for (;; played++) {
		char action[RULES_ACTION_MAX];
		struct rules_error rerr;

		if (rules_await_check(s->rules, g, s->hdr.nplayers, &aw) != 0) {
			errmsg("%s: error: %s", c->path, aw.text);
			rc = EXIT_DAMAGED;
			break;
		}
		if (aw.over || (aw.seat != seat && (aw.may_act == 0 ||
		    !(aw.may_act & 1u << seat))))
			break;
		if (played >= BOT_MAX_ACTIONS) {
			errmsg("%s: the bot did not end its turn in %d actions",
			    c->path, BOT_MAX_ACTIONS);
			rc = EXIT_DAMAGED;
			break;
		}
		memset(&rerr, 0, sizeof rerr);
		if (search_choose(s->rules, g, seat, &bo, action,
		    sizeof action, &rerr) != 0) {
			if (aw.seat != seat && rerr.code == RULES_ESEAT)
				break;
			errmsg("%s: the bot cannot play: %s", c->path,
			    rerr.msg);
			rc = rerr.code == RULES_EDATA ? EXIT_USAGE :
			    EXIT_REFUSED;
			break;
		}
		memset(&rerr, 0, sizeof rerr);
		if (s->rules->apply(g, seat, action, strlen(action), NULL,
		    &rerr) == RULES_PENDING) {
			printf("%s: suggest: %s\n%s: what follows waits for "
			    "the random event it opens (%s)\n", c->path,
			    action, c->path, rerr.msg);
			played++;
			pending = 1;
			break;
		} else if (rerr.code != 0) {
			errmsg("%s: the bot chose '%s': %s", c->path, action,
			    rerr.msg);
			rc = EXIT_DAMAGED;
			break;
		}
		printf("%s: suggest: %s\n", c->path, action);
	}
	if (rc == EXIT_OK && played == 0)
		bot_idle(c, &aw);
	else if (rc == EXIT_OK && !pending)
		game_print_next(s, c->path, &aw);
	s->rules->free(g);
	return rc;
}

/* Nothing for the seat to play now: say why. */
static void
bot_idle(const struct cmd_ctx *c, const struct rules_await *aw)
{
	if (aw->over)
		printf("%s: the game is over\n", c->path);
	else
		printf("%s: nothing to do for %s: %s\n", c->path, c->as,
		    aw->text[0] ? aw->text : "not its turn");
}

int
bot_play(struct cmd_ctx *c, int seat, const struct rules_bot_opts *o,
    struct bot_turn *t)
{
	struct save *s = c->save;
	struct save_buf out = { 0 };
	struct rules_await aw;
	struct err e;
	int rc = EXIT_OK;

	err_clear(&e);
	memset(t, 0, sizeof *t);
	t->first = s->nactions + 1;
	for (;;) {
		char action[RULES_ACTION_MAX];
		struct rules_error rerr;

		if (rules_await_check(s->rules, s->game, s->hdr.nplayers,
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
		if (t->played >= BOT_MAX_ACTIONS) {
			errmsg("%s: the bot did not end its turn in %d actions",
			    c->path, BOT_MAX_ACTIONS);
			rc = EXIT_DAMAGED;
			goto out;
		}
		memset(&rerr, 0, sizeof rerr);
		if (search_choose(s->rules, s->game, seat, o, action,
		    sizeof action, &rerr) != 0) {
			if (aw.seat != seat && rerr.code == RULES_ESEAT)
				break;
			errmsg("%s: the bot cannot play: %s", c->path,
			    rerr.msg);
			rc = rerr.code == RULES_EDATA ? EXIT_USAGE :
			    EXIT_REFUSED;
			goto out;
		}
		if (save_play(s, action, strlen(action), c->sk, &out,
		    &e) != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
		if ((t->act[t->played] = strdup(action)) == NULL) {
			errmsg("out of memory");
			rc = EXIT_DAMAGED;
			goto out;
		}
		t->played++;
		/* Fair chance: the action opened a random event; nothing
		   may follow before its releases (trigon-save(5)). */
		if (save_awaited(s) != 0) {
			t->event = 1;
			break;
		}
	}
	if (t->played == 0) {
		t->aw = aw;
		goto out;
	}
	if ((rc = move_write(c, &out)) != EXIT_OK ||
	    (rc = game_await(s, c->path, &t->aw)) != EXIT_OK)
		goto out;
	game_print_next(s, c->path, &t->aw);
	if (save_awaited(s) != 0) {
		char who[512];

		move_wait_words(s, who, sizeof who);
		printf("%s: %s waits for %s\n", c->path,
		    s->hdr.player[seat].seat, who);
	}
out:
	save_buf_release(&out);
	return rc;
}

void
bot_turn_release(struct bot_turn *t)
{
	for (int i = 0; i < t->played; i++)
		free(t->act[i]);
	memset(t, 0, sizeof *t);
}

static int
bot_exec(struct cmd_ctx *c)
{
	struct save *s = c->save;
	struct bot_turn t;
	int rc, seat;

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
	if (suggest) {
		if ((rc = cmd_may_view(c, seat)) != EXIT_OK)
			return rc;
		/* Sealed hands: the seat's own key reads its cards. */
		if (c->mine == seat && (rc = game_sealed_reader(c)) != EXIT_OK)
			return rc;
		return bot_suggest(c, seat);
	}
	if (save_seat_of_key(s, c->pk) != seat) {
		errmsg("%s: refused: this key is not %s's", c->path, c->as);
		return EXIT_REFUSED;
	}
	if (save_awaited(s) != 0) {
		char who[512];

		/* Fair chance: no action may follow an open event before
		   its releases are in (trigon-save(5)). */
		move_wait_words(s, who, sizeof who);
		printf("%s: nothing to do for %s yet: the game waits for %s "
		    "(trigon answer)\n", c->path, c->as, who);
		return EXIT_OK;
	}
	rc = bot_play(c, seat, &bo, &t);
	if (rc == EXIT_OK && t.played == 0)
		bot_idle(c, &t.aw);
	else if (rc == EXIT_OK && save_awaited(s) != 0)
		printf("%s: run 'trigon bot%s%s --as %s' again once it has: "
		    "the bot goes on from there\n", c->path, c->fopt ?
		    " -f " : "", c->fopt ? c->fopt : "", c->as);
	bot_turn_release(&t);
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
