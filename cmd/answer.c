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
	struct buf file = BUF_INIT, out = BUF_INIT;
	struct atomic_file a;
	struct stat sb;
	struct err e;
	char what[512];
	int rc, added, seat;

	err_clear(&e);
	if ((seat = save_seat_of_key(s, c->pk)) < 0) {
		errmsg("%s: refused: this key belongs to no player of this "
		    "game", c->path);
		return EXIT_REFUSED;
	}
	if (fstat(c->fd, &sb) < 0 || lseek(c->fd, 0, SEEK_SET) != 0) {
		errmsg("%s: cannot read it again", c->path);
		return EXIT_DAMAGED;
	}
	if (buf_read_fd(&file, c->fd, ANSWER_FILE_MAX, c->path, &e) != 0 ||
	    (off_t)file.len != sb.st_size) {
		rc = game_report(&e, 0);
		goto out;
	}
	if (save_answer(s, file.p, file.len, c->sk, &out, &added, &e) != 0) {
		if (e.code == ERR_REFUSED && e.line == 0) {
			errmsg("%s: refused: %s", c->path, e.msg);
			rc = EXIT_REFUSED;
		} else
			rc = game_report(&e, 0);
		goto out;
	}
	if (added == 0) {
		if (save_awaits(s, what, sizeof what) > 0)
			printf("%s: %s owes no answer now; the game awaits %s\n",
			    c->path, s->hdr.player[seat].seat, what);
		else
			printf("%s: %s owes no answer now\n", c->path,
			    s->hdr.player[seat].seat);
		rc = EXIT_OK;
		goto out;
	}
	if (atomic_begin(&a, c->path, sb.st_mode & 07777, &e) != 0 ||
	    atomic_write(&a, out.p, out.len, &e) != 0 ||
	    atomic_commit(&a, 1, c->fd, sb.st_size, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	printf("%s: %s answered (%d line%s)\n", c->path,
	    s->hdr.player[seat].seat, added, added == 1 ? "" : "s");
	if (save_awaits(s, what, sizeof what) > 0)
		printf("%s: waiting for answers: %s\n", c->path, what);
	else if (save_started(s)) {
		struct rules_await aw;

		if ((rc = game_await(s, c->path, &aw)) != EXIT_OK)
			goto out;
		game_print_next(s, c->path, &aw);
	}
	rc = EXIT_OK;
out:
	buf_release(&file);
	buf_release(&out);
	return rc;
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
