/*
 * atomic.h -- replacing or creating a file atomically, under a lock.
 *
 * The save file, the git layer and the mail layer all write files that
 * must never be seen half-written: the new content goes to a temporary
 * file in the same directory (".NAME.XXXXXX", so rename is atomic), is
 * fsync'ed, renamed over the target (or, for a new file, renamed with
 * RENAME_NOREPLACE -- hard-linked and unlinked where the file system
 * cannot -- so an existing one is never overwritten), and the directory
 * is fsync'ed.
 * Any failure removes the temporary file; the target is then exactly as
 * it was.  SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE are held back
 * from atomic_begin() to atomic_commit()/atomic_abort(), so an
 * interrupt does not leave a temporary file behind (SIGKILL still can).
 *
 * Locking is advisory (flock) on the target itself.  Because a writer
 * replaces the file by rename, a process that waited for the lock may
 * hold it on the old inode; atomic_lock_open() therefore re-checks that
 * the path still names the locked inode and retries if not.
 */
#ifndef TRIGON_ATOMIC_H
#define TRIGON_ATOMIC_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "err.h"

/*
 * Open path for reading and take an exclusive flock on it, waiting for
 * other holders.  On success *fd is the locked descriptor (close it to
 * release the lock).  ERR_IO when the file cannot be opened (e->msg
 * says why; errno is kept in *oerrno when oerrno is not NULL).
 */
int atomic_lock_open(int *fd, const char *path, int *oerrno, struct err *e);

/* Is the file at path still the inode open at fd, with size `size`?
 * 1 yes, 0 no (replaced, removed or resized). */
int atomic_same_file(int fd, const char *path, off_t size);

struct atomic_file {
	int fd;			/* the temporary file, -1 when none */
	char *path;		/* the target */
	char *tmp;		/* the temporary file's path */
	mode_t mode;		/* mode of the new file */
	sigset_t oldmask;
	int masked;
};

/*
 * Start writing a new version of path: create the temporary file.  mode
 * is the new file's exact mode (apply the umask yourself for a new
 * file; pass the old file's mode when replacing).
 */
int atomic_begin(struct atomic_file *a, const char *path, mode_t mode,
    struct err *e);
/* Write all of buf to the temporary file (retrying short writes). */
int atomic_write(struct atomic_file *a, const void *buf, size_t len,
    struct err *e);
/*
 * Finish: fsync and close the temporary file, then put it in place.
 * replace = 1: rename over path; when lockfd >= 0 the path must still
 * name that inode with size oldsize, else ERR_CHANGED and nothing is
 * changed.  replace = 0: create path, which must not exist (ERR_REFUSED
 * "'path' already exists").  Then fsync the directory.  On failure the
 * temporary file is removed and the target is untouched -- except when
 * only the final directory fsync fails, where the new file is in place
 * and ERR_IO says so.
 */
int atomic_commit(struct atomic_file *a, int replace, int lockfd,
    off_t oldsize, struct err *e);
/* Give up: remove the temporary file.  Safe to call twice. */
void atomic_abort(struct atomic_file *a);

#endif
