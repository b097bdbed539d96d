/*
 * answer.c -- trigon answer: write, once, every answer the game awaits
 * from the seat of the given key (fair chance, format 2 of
 * trigon-save(5)): its join line while the seats join, then its
 * releases for the random events whose quorum holds it, signed with its
 * per-game answer key (derived from the main key: nothing else to keep)
 * and merged into the open block in canonical order.  The file stays
 * locked from reading to writing.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "cmd.h"
#include "game.h"
#include "save.h"

#define ANSWER_FILE_MAX (256u * 1024 * 1024)

static int
answer_exec(struct cmd_ctx *c)
{
	struct save *s = c->save;
	char what[512];
	int rc, added, seat;

	if ((seat = save_seat_of_key(s, c->pk)) < 0) {
		errmsg("%s: refused: this key belongs to no player of this "
		    "game", c->path);
		return EXIT_REFUSED;
	}
	if ((rc = game_answer_file(c->path, c->fd, s, c->sk, &added)) !=
	    EXIT_OK)
		return rc;
	if (added == 0) {
		if (save_awaits(s, what, sizeof what) > 0)
			printf("%s: %s owes no answer now; the game awaits %s\n",
			    c->path, s->hdr.player[seat].seat, what);
		else
			printf("%s: %s owes no answer now\n", c->path,
			    s->hdr.player[seat].seat);
		return EXIT_OK;
	}
	printf("%s: %s answered (%d line%s)\n", c->path,
	    s->hdr.player[seat].seat, added, added == 1 ? "" : "s");
	if (save_awaits(s, what, sizeof what) > 0)
		printf("%s: waiting for answers: %s\n", c->path, what);
	else if (save_started(s)) {
		struct rules_await aw;

		if ((rc = game_await(s, c->path, &aw)) != EXIT_OK)
			return rc;
		game_print_next(s, c->path, &aw);
	}
	return EXIT_OK;
}

const struct cmd cmd_answer = {
	.name = "answer",
	.usage = "trigon answer [-f FILE] [--key KEYFILE] "
	"[--passphrase-file F]",
	.summary = "Write the answers a fair game awaits from your seat.",
	.exec = answer_exec,
	.help =
	"  -f, --file FILE         the save file (default as for trigon move)\n"
	"  --key KEYFILE           your secret key (default: [player] key)\n"
	"  --passphrase-file F     read its passphrase from F\n",
	.flags = CMD_FILE | CMD_KEY | CMD_PASSFILE | CMD_SECRET | CMD_LOAD |
	    CMD_LOCK | CMD_UNSTARTED,
	.check = game_no_operands,
};
