/*
 * hand.c -- trigon hand: a player's own hidden cards, with the private
 * numbers that offers, swaps and takes name them by.  Like trigon
 * moves, only the asking key's own hand is shown (cmd/prepare.c,
 * CMD_VIEW): never another seat's, and without a key none.
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

	/* No seat to act (the game is over) and no key's own seat. */
	if (c->view < 0)
		return cmd_may_view(c, -1);
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
	.usage = "trigon hand [FILE | -f FILE] [--as SEAT] [--key KEYFILE]\n"
	"       [--passphrase-file F] [--json]",
	.summary = "Show your own hidden cards, with their numbers.",
	.exec = hand_exec,
	.help =
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --as SEAT        the seat whose hand to show: only your key's\n"
	"                   own (the default)\n"
	"  --key KEYFILE    your key (default: [player] key); a hand is\n"
	"                   shown only with its own seat's key, never\n"
	"                   without a key; with sealed hands its\n"
	"                   passphrase is asked, as the seat's own\n"
	"                   cards are read with its secret key\n"
	"  --passphrase-file F  sealed hands: the key's passphrase\n"
	"  --json           one JSON object (see trigon(1))\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_AS | CMD_KEY | CMD_PASSFILE |
	    CMD_LOAD |
	    CMD_ASKER | CMD_VIEW | CMD_JSON,
	.check = game_file_operand,
	.hidden = "a hand can show a player's hidden cards",
};
