/*
 * sync.c -- trigon sync: fetch the shared repository and bring the save
 * file up to date; when both sides have new moves, play ours again on
 * top of theirs and sign them anew (lib/git.c), or change nothing and
 * say why.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "git.h"
#include "gitcmd.h"
#include "keys.h"

/*
 * Fair chance (doc/fair-chance.md): after the sync, the key's seat
 * answers what the game awaits from it and commits the answers, so the
 * others wait for this client, not for its person (push them next).
 * The key: c->sk when unlocked already (answer --watch), else the key
 * file's, unlocked only when an answer is owed.
 */
static int
sync_answer(struct cmd_ctx *c, int watch, struct sync_did *did)
{
	struct save s;
	struct err e;
	unsigned char *sk = NULL, pk[KEY_PUB_BYTES];
	char msg[256], oid[TGIT_OID_HEX], id6[7];
	int fd = -1, added = 0, seat = -1, rc = EXIT_OK;

	err_clear(&e);
	save_init(&s, c->path);
	if (c->sk != NULL)
		memcpy(pk, c->pk, sizeof pk);
	else if (c->kpath[0] == '\0' || access(c->kpath, F_OK) != 0 ||
	    keys_load_public(c->kpath, pk, &e) != 0)
		goto out;
	if (save_load(&s, c->path, &fd, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	if (s.hdr.version != SAVE_VERSION_FAIR ||
	    (seat = save_seat_of_key(&s, pk)) < 0 ||
	    !(save_awaited(&s) & 1u << seat))
		goto out;
	if (c->sk == NULL) {
		if ((sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
			errmsg("out of memory");
			rc = EXIT_DAMAGED;
			goto out;
		}
		if (keys_unlock(c->kpath, c->passfile, sk, pk, &e) != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
	}
	if ((rc = game_answer_file(c->path, fd, &s, c->sk != NULL ? c->sk :
	    sk, &added)) != EXIT_OK || added == 0)
		goto out;
	close(fd);
	fd = -1;
	did->answered += added;
	sodium_bin2hex(id6, sizeof id6, s.hdr.game_id, 3);
	snprintf(msg, sizeof msg, "trigon %s: %s's answers (%d line%s)\n",
	    id6, s.hdr.player[seat].seat, added, added == 1 ? "" : "s");
	if (tgit_init() != 0) {
		errmsg("cannot start libgit2");
		rc = EXIT_DAMAGED;
		goto out;
	}
	err_clear(&e);
	rc = tgit_commit_file(c->path, c->conf->name[0] ? c->conf->name :
	    s.hdr.player[seat].name, c->conf->email[0] ? c->conf->email :
	    s.hdr.player[seat].email, msg, oid, &e);
	tgit_shutdown();
	if (rc != 0) {
		errmsg("%s: %s answered, but the answers are not committed: %s",
		    c->path, s.hdr.player[seat].seat, e.msg);
		rc = EXIT_DAMAGED;
		goto out;
	}
	did->commits = 1;
	cmd_say("%s: %s answered (%d line%s), committed %.7s%s", c->path,
	    s.hdr.player[seat].seat, added, added == 1 ? "" : "s", oid,
	    watch ? "" : "; push them (trigon push)");
out:
	if (fd >= 0)
		close(fd);
	if (sk != NULL)
		sodium_free(sk);
	save_release(&s);
	return rc;
}

int
sync_pass(struct cmd_ctx *c, int watch, struct sync_did *did)
{
	struct tgit_opts o;
	struct tgit_sync_result r;
	struct err e;
	const char *push = watch ? "" : "; push them (trigon push)";
	char a[64], b[64];
	int rc;

	memset(did, 0, sizeof *did);
	memset(&o, 0, sizeof o);
	o.path = c->path;
	o.remote = c->remote ? c->remote : c->conf->git_remote;
	o.key = c->kpath;
	o.passfile = c->passfile;
	o.sk = c->sk;
	o.name = c->conf->name;
	o.email = c->conf->email;
	if (tgit_init() != 0) {
		errmsg("cannot start libgit2");
		return EXIT_DAMAGED;
	}
	err_clear(&e);
	rc = tgit_sync(&o, &r, &e);
	tgit_shutdown();
	if (rc != 0) {	/* a refused or failing check: exit 1 */
		did->unreachable = rc == ERR_IO;
		return game_report(&e, 1);
	}
	switch (r.what) {
	case TGIT_SYNC_UPTODATE:
		if (!watch)
			cmd_say("%s: up to date with %s (%llu moves)", c->path,
			    r.upstream, (unsigned long long)r.after);
		break;
	case TGIT_SYNC_AHEAD:
		did->commits = 1;
		if (!watch)
			cmd_say("%s: %s has nothing new; yours are not pushed "
			    "yet (trigon push)", c->path, r.upstream);
		break;
	case TGIT_SYNC_FASTFORWARD:
		if (r.dropped > 0)
			cmd_say("%s: %d signed line%s of this copy, never pushed, "
			    "dropped: %s went on without %s, so %s no claim "
			    "there (trigon-save(5), Deadlines and forfeit)",
			    c->path, r.dropped, r.dropped == 1 ? "" : "s",
			    r.upstream, r.dropped == 1 ? "it" : "them",
			    r.dropped == 1 ? "it makes" : "they make");
		if (r.after > r.before) {
			tgit_range(a, sizeof a, r.before + 1, r.after);
			cmd_say("%s: took %s from %s", c->path, a, r.upstream);
		} else if (watch)
			cmd_say("%s: took %s's answers", c->path, r.upstream);
		else
			cmd_say("%s: up to date with %s (%llu moves)", c->path,
			    r.upstream, (unsigned long long)r.after);
		break;
	case TGIT_SYNC_ANSWERS:
		did->commits = 1;
		cmd_say("%s: merged %s's answers with yours (commit %.7s)%s",
		    c->path, r.upstream, r.oid, push);
		break;
	case TGIT_SYNC_MERGED:
		did->commits = 1;
		cmd_say("%s: took %s's other commits (no new moves); yours "
		    "stay as they are (commit %.7s)%s", c->path, r.upstream,
		    r.oid, push);
		break;
	case TGIT_SYNC_REBASED:
		did->commits = 1;
		tgit_range(a, sizeof a, r.theirs_first, r.theirs_last);
		tgit_range(b, sizeof b, r.ours_first, r.ours_last);
		cmd_say("%s: took %s from %s and played yours again as %s, "
		    "signed anew (commit %.7s)%s", c->path, a, r.upstream, b,
		    r.oid, push);
		break;
	}
	return sync_answer(c, watch, did);
}

static int
sync_exec(struct cmd_ctx *c)
{
	struct sync_did did;

	return sync_pass(c, 0, &did);
}

const struct cmd cmd_sync = {
	.name = "sync",
	.usage = "trigon sync [-f FILE] [--remote NAME] [--key KEYFILE] "
	"[--passphrase-file F]",
	.summary = "Fetch the shared repository and bring the game up to date.",
	.exec = sync_exec,
	.help =
	"  -f, --file FILE         the save file, in a git work tree\n"
	"  --remote NAME           the remote (default: [git] remote, else "
	"origin)\n"
	"  --key KEYFILE           your key, to sign your moves again when "
	"both\n"
	"                          sides have new moves ([player] key)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n",
	.flags = CMD_FILE | CMD_REMOTE | CMD_KEY | CMD_PASSFILE | CMD_PERMUTE |
	    CMD_CONFIG | CMD_KEYPATH,
	.check = game_no_operands,
};
