/*
 * hand.c -- trigon hand: a player's own hidden cards, with the private
 * numbers that offers, swaps and takes name them by.  Like trigon
 * moves, with a key known only that key's own hand is shown.
 */
#include "config.h"

#include <stdio.h>

#include "cmd.h"
#include "game.h"
#include "save.h"

static int
hand_exec(struct cmd_ctx *c)
{
	const struct save *s = c->save;

	if (c->view < 0) {
		errmsg("%s: the game is over: say whose hand with --as SEAT",
		    c->path);
		return EXIT_USAGE;
	}
	if (s->rules->describe(s->game, RULES_VIEW_HAND, c->view,
	    c->json ? RULES_VF_JSON : 0, stdout) != 0) {
		errmsg("%s: cannot show the hand of %s", c->path,
		    s->hdr.player[c->view].seat);
		return EXIT_DAMAGED;
	}
	return EXIT_OK;
}

const struct cmd cmd_hand = {
	.name = "hand",
	.usage = "trigon hand [-f FILE] [--as SEAT] [--key KEYFILE] [--json]",
	.summary = "Show your own hidden cards, with their numbers.",
	.exec = hand_exec,
	.help =
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --as SEAT        the seat whose hand to show (default: your key's\n"
	"                   seat, else the player to act)\n"
	"  --key KEYFILE    whose hand you may see (default: your key);\n"
	"                   with a key, only its own hand can be shown\n"
	"  --json           one JSON object (see trigon(1))\n",
	.flags = CMD_FILE | CMD_AS | CMD_KEY | CMD_LOAD | CMD_ASKER | CMD_VIEW |
	    CMD_JSON,
	.check = game_no_operands,
	.hidden = "a hand can show a player's hidden cards",
};
