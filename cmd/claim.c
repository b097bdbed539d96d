/*
 * claim.c -- trigon claim timeout|forfeit SEAT: in a game of fair
 * chance, claim that SEAT let the deadline pass without the answer it
 * owes (a timeout, dated by this machine's clock), and, once the grace
 * after that timeout has passed, its forfeit, which ends the game once
 * it is final (trigon-save(5), Deadlines and forfeit; doc/fair-chance.md):
 * until its date plus the grace the accused's answer voids it.  The
 * claim is an answer line of the key's seat, merged into the open block
 * like any answer; a premature claim is refused and writes nothing.
 * The deadline runs from the file's last change (never before the
 * await opened).  The file stays locked from reading to writing.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic.h"
#include "cmd.h"
#include "game.h"
#include "num.h"
#include "save.h"

#define CLAIM_FILE_MAX (256u * 1024 * 1024)

static int
claim_check(struct cmd_ctx *c)
{
	if (c->argc != 2)
		return usage_error(c->cmd, "claim takes 'timeout' or 'forfeit' "
		    "and a seat");
	if (strcmp(c->argv[0], "timeout") != 0 &&
	    strcmp(c->argv[0], "forfeit") != 0)
		return usage_error(c->cmd, "'%s': claim 'timeout' or "
		    "'forfeit'", c->argv[0]);
	return EXIT_OK;
}

/* Now by this machine's clock (SOURCE_DATE_EPOCH when set: tests). */
static int
claim_now(int64_t *now)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	uint64_t v;

	if (sde == NULL || *sde == '\0') {
		*now = (int64_t)time(NULL);
		return 0;
	}
	if (num_u64(sde, strlen(sde), 0, 253402300799ULL, NUM_CANONICAL,
	    &v) != 0) {
		errmsg("bad SOURCE_DATE_EPOCH '%s'", sde);
		return -1;
	}
	*now = (int64_t)v;
	return 0;
}

static int
claim_exec(struct cmd_ctx *c)
{
	struct save *s = c->save;
	struct buf file = BUF_INIT, out = BUF_INIT;
	struct atomic_file a;
	struct stat sb;
	struct err e;
	enum save_claim_kind kind = strcmp(c->argv[0], "timeout") == 0 ?
	    SAVE_CLAIM_TIMEOUT : SAVE_CLAIM_FORFEIT;
	char what[512];
	int64_t now;
	int rc, added, seat = -1, accused = -1;

	err_clear(&e);
	if (claim_now(&now) != 0)
		return EXIT_USAGE;
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (strcmp(s->hdr.player[i].seat, c->argv[1]) == 0)
			accused = i;
	if (accused < 0) {
		errmsg("%s: no player plays '%s'", c->path, c->argv[1]);
		return EXIT_USAGE;
	}
	if ((seat = save_seat_of_key(s, c->pk)) < 0) {
		errmsg("%s: refused: this key belongs to no player of this "
		    "game", c->path);
		return EXIT_REFUSED;
	}
	if (fstat(c->fd, &sb) < 0 || lseek(c->fd, 0, SEEK_SET) != 0) {
		errmsg("%s: cannot read it again", c->path);
		return EXIT_DAMAGED;
	}
	if (buf_read_fd(&file, c->fd, CLAIM_FILE_MAX, c->path, &e) != 0 ||
	    (off_t)file.len != sb.st_size) {
		rc = game_report(&e, 0);
		goto out;
	}
	if (save_claim(s, file.p, file.len, c->sk, kind, accused, now,
	    (int64_t)sb.st_mtime, &out, &added, &e) != 0) {
		if (e.code == ERR_REFUSED && e.line == 0) {
			errmsg("%s: refused: %s", c->path, e.msg);
			rc = EXIT_REFUSED;
		} else
			rc = game_report(&e, 0);
		goto out;
	}
	if (atomic_begin(&a, c->path, sb.st_mode & 07777, &e) != 0 ||
	    atomic_write(&a, out.p, out.len, &e) != 0 ||
	    atomic_commit(&a, 1, c->fd, sb.st_size, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	printf("%s: %s claims the %s of %s (%d line%s)\n", c->path,
	    s->hdr.player[seat].seat, c->argv[0], c->argv[1], added,
	    added == 1 ? "" : "s");
	if (save_forfeit(s, what, sizeof what) >= 0)
		printf("%s: the game is over: %s\n", c->path, what);
	if (save_awaits(s, what, sizeof what) > 0)
		printf("%s: waiting for answers: %s\n", c->path, what);
	rc = EXIT_OK;
out:
	buf_release(&file);
	buf_release(&out);
	return rc;
}

const struct cmd cmd_claim = {
	.name = "claim",
	.usage = "trigon claim [-f FILE] [--key KEYFILE] "
	"[--passphrase-file F] timeout|forfeit SEAT",
	.summary = "Claim that a seat let a fair game's deadline pass.",
	.exec = claim_exec,
	.help =
	"  timeout SEAT            SEAT did not answer within the deadline\n"
	"  forfeit SEAT            ... nor within the grace after the timeout\n"
	"  -f, --file FILE         the save file (default as for trigon move)\n"
	"  --key KEYFILE           your secret key (default: [player] key)\n"
	"  --passphrase-file F     read its passphrase from F\n",
	.flags = CMD_FILE | CMD_KEY | CMD_PASSFILE | CMD_SECRET | CMD_LOAD |
	    CMD_LOCK | CMD_UNSTARTED,
	.check = claim_check,
};
