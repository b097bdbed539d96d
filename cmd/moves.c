/*
 * moves.c -- trigon moves: the legal actions of the asking key's seat
 * (--key, or the configuration's key file when it exists).  Legal
 * actions can reveal a player's hand, so a seat's list is a hidden
 * view (cmd/prepare.c, CMD_VIEW): only that seat's key may list it,
 * and without a key no seat's is listed; a finished game lists
 * nothing and says so to anyone.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include "cmd.h"
#include "game.h"
#include "save.h"

static int
emit_text(void *ctx, const char *action)
{
	(*(long *)ctx)++;
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
moves_exec(struct cmd_ctx *c)
{
	const struct save *s = c->save;
	struct rules_await aw;
	int rc, seat = c->view;
	long n = 0;

	if ((rc = game_await(s, c->path, &aw)) != EXIT_OK)
		return rc;
	if (c->json) {
		json_t *list = json_array();

		if (seat >= 0)
			s->rules->legal(s->game, seat, emit_json, list);
		return game_print_json(json_pack("{s:o, s:o, s:b, s:o}",
		    "file", game_json_string(c->path), "seat", seat >= 0 ?
		    json_string(s->hdr.player[seat].seat) : json_null(),
		    "to_act", !aw.over && seat == aw.seat, "moves", list));
	}
	if (seat >= 0)
		s->rules->legal(s->game, seat, emit_text, &n);
	/*
	 * A shortened list says so, and an empty one why, on stderr
	 * (stdout stays the list).
	 */
	if (n > 0 && s->rules->legal_note != NULL) {
		char note[512];
		const char *t = s->rules->legal_note(s->game, seat, note,
		    sizeof note);

		if (t != NULL)
			fprintf(stderr, "%s\n", t);
	}
	if (n == 0 && aw.over && aw.winner >= 0)
		errmsg("%s: the game is over: %s won (%s); there is nothing "
		    "to move", c->path, game_seat_name(s, aw.winner), aw.how);
	else if (n == 0 && aw.over)
		errmsg("%s: the game is over; there is nothing to move",
		    c->path);
	else if (n == 0 && seat >= 0)
		errmsg("%s: %s has nothing to move now: %s", c->path,
		    game_seat_name(s, seat), aw.text[0] != '\0' ? aw.text :
		    "another seat is to act");
	return EXIT_OK;
}

const struct cmd cmd_moves = {
	.name = "moves",
	.usage = "trigon moves [FILE | -f FILE] [--as SEAT] [--key KEYFILE] [--json]",
	.summary = "List your legal actions (those of your key's seat).",
	.exec = moves_exec,
	.help =
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --as SEAT        the seat whose actions to list: only your key's\n"
	"                   own (the default)\n"
	"  --key KEYFILE    your key (default: [player] key); a seat's\n"
	"                   actions are listed only with its own key,\n"
	"                   never without a key\n"
	"  --json           one JSON object (see trigon(1))\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_AS | CMD_KEY | CMD_JSON | CMD_LOAD |
	    CMD_ASKER | CMD_VIEW,
	.check = game_file_operand,
	.hidden = "legal moves can show a player's hidden cards",
};
