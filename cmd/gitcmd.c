/*
 * gitcmd.c -- trigon move --commit: commit the save file after a move
 * (lib/git.c does the work), with the player's name and e-mail from the
 * configuration, else from the save file's header.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "git.h"
#include "gitcmd.h"

int
move_git_commit(const char *path, const struct save *s, uint64_t first,
    const char *const *acts, size_t nacts, int flag)
{
	struct config c;
	struct err e;
	char msg[4096];

	err_clear(&e);
	config_init(&c);
	if (config_load(&c, NULL, &e) != 0 && e.code != ERR_USAGE)
		return game_report(&e, 0);
	if (flag == 0 || (flag < 0 && c.git_commit != 1))
		return EXIT_OK;
	tgit_move_message(msg, sizeof msg, s, first, acts, nacts);
	return game_git_commit(path, s, &c, msg);
}

int
game_git_commit(const char *path, const struct save *s,
    const struct config *c, const char *msg)
{
	struct err e;
	char oid[TGIT_OID_HEX];
	int seat = s->last_seat >= 0 ? s->last_seat : 0;
	const char *name, *email;
	int rc;

	name = c->name[0] ? c->name : s->hdr.player[seat].name;
	email = c->email[0] ? c->email : s->hdr.player[seat].email;
	if (tgit_init() != 0) {
		errmsg("cannot start libgit2");
		return EXIT_DAMAGED;
	}
	err_clear(&e);
	rc = tgit_commit_file(path, name, email, msg, oid, &e);
	tgit_shutdown();
	if (rc != 0) {
		errmsg("%s: the move is saved, but not committed: %s", path,
		    e.msg);
		return rc == ERR_USAGE ? EXIT_USAGE : EXIT_DAMAGED;
	}
	printf("%s: committed %.7s: %.*s\n", path, oid,
	    (int)strcspn(msg, "\n"), msg);
	return EXIT_OK;
}

void
move_sync_hint(const char *path)
{
	struct config c;
	struct tgit_shared sh;
	struct err e;

	err_clear(&e);
	config_init(&c);
	if (config_load(&c, NULL, &e) != 0 && e.code != ERR_USAGE)
		return;
	if (tgit_init() != 0)
		return;
	tgit_shared(path, c.git_remote, &sh);
	tgit_shutdown();
	if (sh.behind)
		errmsg("%s: %s has commits you have not taken: run trigon sync "
		    "to take the others' moves, then move", path, sh.upstream);
	else if (sh.shared)
		errmsg("%s: the game is shared by git (remote '%s'): if the "
		    "others have moved since your last sync, run trigon sync "
		    "to take their moves", path, sh.remote);
}
