/*
 * git.h -- a game's save file under git, with libgit2 only (the git
 * program is never run): committing it after a move, syncing with the
 * shared repository (fast-forward, or re-signing the player's own new
 * moves on top of the other side's), pushing, and the server's check of
 * a pushed ref update (trigon hook pre-receive / update).
 *
 * Conventions as in the rest of lib/: 0 or a negative ERR_* code, a
 * struct err with the reason; nothing here prints.  Call tgit_init()
 * once before anything else and tgit_shutdown() at the end.
 */
#ifndef TRIGON_GIT_H
#define TRIGON_GIT_H

#include <stddef.h>
#include <stdint.h>

#include <git2.h>

#include "err.h"
#include "save.h"

#define TGIT_OID_HEX 41

int tgit_init(void);
void tgit_shutdown(void);

/* "move 57" or "moves 57-59" into buf. */
void tgit_range(char *buf, size_t n, uint64_t first, uint64_t last);

/*
 * The commit message of one trigon move call that added the actions
 * first..s->nactions (texts in acts[0..nacts-1]):
 *   "trigon 5b1f2a: move 57 green: attack lumos-3 with 4 knights"
 *   "trigon 5b1f2a: moves 57-59 green: build knight at psor; ...; end"
 * The first line is cut at 200 bytes ("..."); with several actions the
 * body lists them all, one a line.
 */
void tgit_move_message(char *buf, size_t n, const struct save *s,
    uint64_t first, const char *const *acts, size_t nacts);

/*
 * Commit the file at path, in the work tree that holds it, with msg.
 * Only that file is committed (the tree of HEAD with the file's new
 * content), whatever else is staged; the index entry of the file is
 * updated too.  The author and committer are name <email>; their dates
 * come from GIT_AUTHOR_DATE / GIT_COMMITTER_DATE when set ("@EPOCH
 * +HHMM" or "EPOCH +HHMM"), else now.  oid gets the new commit's hex.
 * ERR_USAGE when path is not inside a git work tree.
 */
int tgit_commit_file(const char *path, const char *name, const char *email,
    const char *msg, char oid[TGIT_OID_HEX], struct err *e);

/*
 * The save file at path against the version HEAD of its work tree
 * holds: *n gets that version's count of actions (0 when HEAD lacks
 * the file, or there is no commit yet), *changed whether the file
 * differs from it and *held whether HEAD holds the file at all.
 * ERR_USAGE when path is not inside a git work tree.
 */
int tgit_head_count(const char *path, uint64_t *n, int *changed, int *held,
    struct err *e);

/*
 * The server's check of one ref update (old, new: 40 hex digits, all
 * zeros for "none").  Every save file (a blob named *.trigon, or one
 * whose first line is "trigon-save ...") of the old tree must still be
 * there, its body a byte prefix of the new content, and the new content
 * must verify; a new save file must verify.  Deleting a ref that holds
 * a save file is refused.  ERR_REFUSED with e->file (the path in the
 * tree) and e->line naming the first bad line.
 *
 * With rv (tgit_recv_open on the receiving repository's git directory;
 * NULL: no deadlines measured) each file's lines are also timed by
 * when that repository received them on ref (lib/gitrecv.c): a
 * timeout, a forfeit, a final or an audit that comes too soon is
 * refused, and the lines a file brings are recorded.
 */
struct tgit_recv;
int tgit_check_update(git_repository *repo, struct tgit_recv *rv,
    const char *ref, const char *old, const char *newer, struct err *e);

/* The receive record of the repository whose git directory is gitdir
 * (trigon-received there), read at the hook's clock (save_clock). */
int tgit_recv_open(struct tgit_recv **out, const char *gitdir,
    struct err *e);
void tgit_recv_free(struct tgit_recv *rv);
int tgit_recv_check(struct tgit_recv *rv, const char *ref, const char *name,
    const char *oldbuf, size_t oldlen, const char *newbuf, size_t newlen,
    struct err *e);

/* Open the repository a hook runs in, from git's environment (GIT_DIR,
 * GIT_OBJECT_DIRECTORY, GIT_ALTERNATE_OBJECT_DIRECTORIES: the pushed
 * objects wait in the quarantine directory). */
int tgit_open_env(git_repository **out, struct err *e);

/* Options of tgit_sync and tgit_push. */
struct tgit_opts {
	const char *path;	/* the save file in a work tree */
	const char *remote;	/* remote name; NULL or "": "origin" */
	/* sync only, for re-signing: */
	const char *key;	/* secret key file */
	const char *passfile;	/* or NULL */
	const unsigned char *sk;	/* or the secret key, unlocked already
				   (key and passfile are then not read) */
	const char *name, *email;	/* committer, "" = from the header */
	/* push only: */
	void (*progress)(void *ctx, const char *text, size_t len);
	void *ctx;
};

enum tgit_sync_what {
	TGIT_SYNC_UPTODATE,	/* nothing new on either side */
	TGIT_SYNC_AHEAD,	/* only local has new commits: push them */
	TGIT_SYNC_FASTFORWARD,	/* took the remote's new moves */
	TGIT_SYNC_REBASED,	/* took theirs, re-signed ours on top */
	TGIT_SYNC_ANSWERS,	/* fair chance: both sides' answers of the
				   open block merged (save_merge) */
	TGIT_SYNC_MERGED,	/* theirs had other commits but no new
				   moves: merged, our moves kept as they are */
};

struct tgit_sync_result {
	enum tgit_sync_what what;
	char upstream[256];	/* "origin/main" */
	uint64_t before, after;	/* moves in the file before and after */
	uint64_t theirs_first, theirs_last;	/* their new moves (REBASED) */
	uint64_t ours_first, ours_last;	/* ours, renumbered (REBASED) */
	int dropped;		/* format 2: signed lines of ours, never
				   pushed, that the remote went on without */
	char oid[TGIT_OID_HEX];	/* new HEAD */
};

/*
 * Fetch the remote and bring the save file up to date.  When both
 * sides have new moves, the local ones (which must all be the key's
 * player's) are played again, in order, on top of the remote's file and
 * signed anew, in one new commit on top of the remote's; if one of them
 * is no longer legal, or the two sides differ before that, nothing is
 * changed and ERR_REFUSED says why.  The save file (it must have no
 * uncommitted changes) is written through atomic.h under its lock.
 */
int tgit_sync(const struct tgit_opts *o, struct tgit_sync_result *r,
    struct err *e);

struct tgit_push_result {
	char ref[256];		/* the ref pushed, refs/heads/main */
	char url[512];
	int uptodate;		/* the remote had it already */
	int behind;		/* refused: the remote has commits this
				   branch lacks (sync, then push again) */
};

/*
 * Push the current branch to the remote (to its upstream's name, else
 * the same name).  Server messages (a hook's words) go to o->progress.
 * A rejected push is ERR_REFUSED with the server's status ("pre-receive
 * hook declined") or libgit2's reason (not a fast-forward: sync first).
 * A remote that is a path on this machine is pushed to here, not by
 * libgit2's local transport: the hook's checks first (libgit2 runs no
 * hooks on a local push), then the objects, then the branch moved only
 * if it still names the commit the checks read (libgit2 moves it
 * regardless: of two pushes at once, the first was lost).
 */
int tgit_push(const struct tgit_opts *o, struct tgit_push_result *r,
    struct err *e);

/*
 * Whether the game at path is shared by git, without the network: it is
 * committed in a work tree that has the remote (NULL or "": "origin"),
 * and whether that remote's branch, as last fetched, has commits HEAD
 * lacks (a hint to sync before moving).  Never fails: anything unknown
 * is 0.
 */
struct tgit_shared {
	int shared;	/* committed, in a work tree with the remote */
	int behind;		/* its tracking branch is ahead of HEAD */
	char remote[128];
	char upstream[256];	/* "origin/main" */
};

int tgit_shared(const char *path, const char *remote,
    struct tgit_shared *out);

#endif
