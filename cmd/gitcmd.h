/*
 * gitcmd.h -- what the git commands (sync, push, hook) and trigon
 * move's --commit share: the player's identity from the configuration
 * and the commit after a move.
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
 * After a move refused because it is not the key's turn: when the game
 * is shared by git, hint trigon sync on stderr (no network: only the
 * remote's branch as last fetched is looked at).
 */
void move_sync_hint(const char *path);

#endif
