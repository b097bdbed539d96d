/*
 * atomic.c -- atomic replacement and creation of files under a flock
 * (see atomic.h for the protocol and its guarantees).
 */
#define _GNU_SOURCE 1		/* O_CLOEXEC, flock */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"

static int dir_of(char *out, size_t n, const char *path);
static int create_noreplace(struct atomic_file *a, struct err *e);
static int fsync_dir(const char *path, struct err *e);
static void unmask(struct atomic_file *a);

int
atomic_lock_open(int *fdp, const char *path, int *oerrno, struct err *e)
{
	struct stat fst, pst;

	*fdp = -1;
	for (int tries = 0; tries < 1000; tries++) {
		int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);

		if (fd < 0) {
			if (oerrno != NULL)
				*oerrno = errno;
			return err_set(e, ERR_IO, "cannot open '%s': %s", path,
			    strerror(errno));
		}
		while (flock(fd, LOCK_EX) < 0) {
			if (errno == EINTR)
				continue;
			if (oerrno != NULL)
				*oerrno = errno;
			err_set(e, ERR_IO, "cannot lock '%s': %s", path,
			    strerror(errno));
			close(fd);
			return ERR_IO;
		}
		/* A writer may have renamed a new file over the one we
		 * waited on: then lock the new one. */
		if (fstat(fd, &fst) == 0 && stat(path, &pst) == 0 &&
		    fst.st_dev == pst.st_dev && fst.st_ino == pst.st_ino) {
			*fdp = fd;
			return 0;
		}
		close(fd);
	}
	return err_set(e, ERR_IO, "cannot lock '%s': it keeps changing", path);
}

int
atomic_same_file(int fd, const char *path, off_t size)
{
	struct stat fst, pst;

	if (fstat(fd, &fst) < 0 || stat(path, &pst) < 0)
		return 0;
	return fst.st_dev == pst.st_dev && fst.st_ino == pst.st_ino &&
	    fst.st_size == size;
}

int
atomic_begin(struct atomic_file *a, const char *path, mode_t mode,
    struct err *e)
{
	char dir[4096];
	const char *base;
	size_t n;
	sigset_t block;

	memset(a, 0, sizeof *a);
	a->fd = -1;
	a->mode = mode;
	if (dir_of(dir, sizeof dir, path) < 0)
		return err_set(e, ERR_USAGE, "file name too long: '%s'", path);
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	n = strlen(dir) + strlen(base) + 16;
	if ((a->path = strdup(path)) == NULL || (a->tmp = malloc(n)) == NULL) {
		free(a->path);
		a->path = NULL;
		return err_set(e, ERR_NOMEM, "out of memory");
	}
	snprintf(a->tmp, n, "%s/.%s.XXXXXX", dir, base);

	/* Hold back interrupts while a temporary file exists. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGQUIT);
	sigaddset(&block, SIGPIPE);
	if (sigprocmask(SIG_BLOCK, &block, &a->oldmask) == 0)
		a->masked = 1;

	if ((a->fd = mkostemp(a->tmp, O_CLOEXEC)) < 0) {
		int saved = errno;

		err_set(e, ERR_IO, "cannot create a temporary file in '%s': %s",
		    dir, strerror(saved));
		free(a->tmp);
		a->tmp = NULL;
		atomic_abort(a);
		return ERR_IO;
	}
	if (fchmod(a->fd, mode) < 0) {
		err_set(e, ERR_IO, "cannot set the mode of '%s': %s", a->tmp,
		    strerror(errno));
		atomic_abort(a);
		return ERR_IO;
	}
	return 0;
}

int
atomic_write(struct atomic_file *a, const void *buf, size_t len,
    struct err *e)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t w = write(a->fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			err_set(e, ERR_IO, "cannot write '%s': %s", a->path,
			    w < 0 ? strerror(errno) : "no progress");
			atomic_abort(a);
			return ERR_IO;
		}
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

int
atomic_commit(struct atomic_file *a, int replace, int lockfd, off_t oldsize,
    struct err *e)
{
	int rc;

	if (a->fd < 0)
		return err_set(e, ERR_IO, "no temporary file to commit");
	if (fsync(a->fd) < 0) {
		err_set(e, ERR_IO, "cannot write '%s': fsync: %s", a->path,
		    strerror(errno));
		atomic_abort(a);
		return ERR_IO;
	}
	rc = close(a->fd);
	a->fd = -1;
	if (rc < 0) {
		err_set(e, ERR_IO, "cannot write '%s': close: %s", a->path,
		    strerror(errno));
		atomic_abort(a);
		return ERR_IO;
	}
	if (replace) {
		if (lockfd >= 0 && !atomic_same_file(lockfd, a->path, oldsize)) {
			err_set(e, ERR_CHANGED, "'%s' changed on disk since it "
			    "was read; nothing was written", a->path);
			atomic_abort(a);
			return ERR_CHANGED;
		}
		if (rename(a->tmp, a->path) < 0) {
			err_set(e, ERR_IO, "cannot replace '%s': %s", a->path,
			    strerror(errno));
			atomic_abort(a);
			return ERR_IO;
		}
	} else if ((rc = create_noreplace(a, e)) != 1) {
		return rc;
	} else {
		/* No renameat2 here: link() never replaces an existing
		 * file either, but leaves the temporary name to remove. */
		if (link(a->tmp, a->path) < 0) {
			int saved = errno;

			if (saved == EEXIST)
				err_set(e, ERR_REFUSED, "'%s' already exists",
				    a->path);
			else
				err_set(e, ERR_IO, "cannot create '%s': %s",
				    a->path, strerror(saved));
			atomic_abort(a);
			return e ? e->code : ERR_IO;
		}
		if (unlink(a->tmp) < 0) {
			/* The new file is in place; only the temporary
			 * name is left over.  Say so. */
			err_set(e, ERR_IO, "created '%s' but cannot remove "
			    "'%s': %s", a->path, a->tmp, strerror(errno));
			free(a->tmp);
			a->tmp = NULL;
			atomic_abort(a);
			return ERR_IO;
		}
	}
	free(a->tmp);
	a->tmp = NULL;
	rc = fsync_dir(a->path, e);
	atomic_abort(a);
	return rc;
}

/*
 * Move the temporary file to a->path unless something is there, in one
 * step (renameat2 RENAME_NOREPLACE), so that no failure can leave the
 * temporary name behind.  Returns 1 when the kernel or file system
 * cannot do it (the caller falls back to link and unlink), else what
 * atomic_commit returns.
 */
static int
create_noreplace(struct atomic_file *a, struct err *e)
{
#ifdef RENAME_NOREPLACE
	int saved, rc;

	if (renameat2(AT_FDCWD, a->tmp, AT_FDCWD, a->path,
	    RENAME_NOREPLACE) == 0) {
		free(a->tmp);
		a->tmp = NULL;
		rc = fsync_dir(a->path, e);
		atomic_abort(a);
		return rc;
	}
	saved = errno;
	if (saved == EINVAL || saved == ENOSYS || saved == ENOTSUP)
		return 1;
	if (saved == EEXIST)
		rc = err_set(e, ERR_REFUSED, "'%s' already exists", a->path);
	else
		rc = err_set(e, ERR_IO, "cannot create '%s': %s", a->path,
		    strerror(saved));
	atomic_abort(a);
	return rc;
#else
	(void)a;
	(void)e;
	return 1;
#endif
}

void
atomic_abort(struct atomic_file *a)
{
	if (a->fd >= 0) {
		close(a->fd);
		a->fd = -1;
	}
	if (a->tmp != NULL) {
		unlink(a->tmp);
		free(a->tmp);
		a->tmp = NULL;
	}
	free(a->path);
	a->path = NULL;
	unmask(a);
}

static void
unmask(struct atomic_file *a)
{
	if (a->masked) {
		a->masked = 0;
		sigprocmask(SIG_SETMASK, &a->oldmask, NULL);
	}
}

static int
dir_of(char *out, size_t n, const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return snprintf(out, n, ".") < (int)n ? 0 : -1;
	if (slash == path)
		return snprintf(out, n, "/") < (int)n ? 0 : -1;
	if ((size_t)(slash - path) >= n)
		return -1;
	memcpy(out, path, (size_t)(slash - path));
	out[slash - path] = '\0';
	return 0;
}

static int
fsync_dir(const char *path, struct err *e)
{
	char dir[4096];
	int fd;

	if (dir_of(dir, sizeof dir, path) < 0)
		return err_set(e, ERR_IO, "file name too long: '%s'", path);
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return err_set(e, ERR_IO, "wrote '%s' but cannot open its "
		    "directory to sync it: %s", path, strerror(errno));
	if (fsync(fd) < 0 && errno != EINVAL) {
		int saved = errno;

		close(fd);
		return err_set(e, ERR_IO, "wrote '%s' but cannot sync its "
		    "directory: %s", path, strerror(saved));
	}
	close(fd);
	return 0;
}
