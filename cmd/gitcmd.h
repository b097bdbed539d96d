/*
 * gitcmd.h -- what the git commands (sync, push, hook), trigon move's
 * --commit and trigon answer --watch share: the player's identity from
 * the configuration, the commit after a move, a sync and a push.
 */
#ifndef TRIGON_CMD_GITCMD_H
#define TRIGON_CMD_GITCMD_H

#include <stddef.h>
#include <stdint.h>

#include "save.h"

/*
 * After a successful trigon move that added actions first..s->nactions
 * (texts acts[0..nacts-1]) to path: commit the file when flag is 1
 * (--commit), or flag is -1 (not given) and [git] commit = yes.
 * Prints "FILE: committed ABCDEF1: MESSAGE"; returns an exit status.
 */
int move_git_commit(const char *path, const struct save *s, uint64_t first,
    const char *const *acts, size_t nacts, int flag);

/*
 * Commit the save file path (s, as read) with msg, as the player of
 * the configuration c (its name and e-mail, else the header's of the
 * seat that moved last); prints "FILE: committed ABCDEF1: FIRST LINE".
 * Returns an exit status.
 */
struct config;
int game_git_commit(const char *path, const struct save *s,
    const struct config *c, const char *msg);

/*
 * After a move refused because it is not the key's turn: when the game
 * is shared by git, hint trigon sync on stderr (no network: only the
 * remote's branch as last fetched is looked at).
 */
void move_sync_hint(const char *path);

struct cmd_ctx;

/* What a sync pass did. */
struct sync_did {
	int commits;	/* the branch has commits the remote lacks */
	int answered;	/* answer lines written (and committed) */
	int unreachable;	/* failed: the remote could not be fetched */
};

/*
 * trigon sync's work for c (path, remote, configuration; the key: c->sk
 * when unlocked already, else c->kpath's, unlocked when needed): fetch,
 * bring the save file up to date, then write and commit what a fair
 * game awaits from the key's seat, each step reported in a line.
 * watch (answer --watch, which pushes itself): nothing is said when
 * nothing changed, and no "push them".  Returns an exit status.
 */
int sync_pass(struct cmd_ctx *c, int watch, struct sync_did *did);

/*
 * trigon push's work for c: push the branch, the server's words on
 * stderr as "remote: ..." lines.  watch: nothing said when the remote
 * is up to date.  *behind is set when the push was refused because the
 * remote has commits the branch lacks (sync, then push again).
 */
int push_pass(struct cmd_ctx *c, int watch, int *behind);

#endif
