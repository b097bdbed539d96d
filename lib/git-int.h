/*
 * git-int.h -- what git.c (commit, the server's check), gitsync.c (sync)
 * and gitpush.c (push) share.  Not for use outside these files.
 */
#ifndef TRIGON_GIT_INT_H
#define TRIGON_GIT_INT_H

#include <stddef.h>

#include <git2.h>

#include "err.h"

#define ZERO_OID "0000000000000000000000000000000000000000"

/* ---- git.c ---- */

/* err_set with libgit2's last error appended. */
int tgit_gerr(struct err *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The repository holding path, and path relative to its work tree. */
int tgit_open_for(git_repository **repo, char *rel, size_t reln,
    const char *path, struct err *e);
int tgit_make_sig(git_signature **out, const char *name,
    const char *email, const char *envvar, struct err *e);
int tgit_read_file(const char *path, char **buf, size_t *len,
    struct err *e);
int tgit_stage(git_repository *repo, const char *rel, struct err *e);
int tgit_blob_in_tree(git_blob **out, git_repository *repo, git_tree *tree,
    const char *path);

/* ---- gitsync.c ---- */

int tgit_credentials(git_credential **out, const char *url,
    const char *user, unsigned int allowed, void *payload);
int tgit_branches(git_repository *repo, const char *remote,
    git_reference **head, char *upref, size_t n, char *upshort, size_t m,
    char *dstref, size_t k, struct err *e);
int tgit_fetch(git_repository *repo, const char *remote, struct err *e);
int tgit_committed(git_repository *repo, const char *rel,
    const char *path, const git_oid *head, struct err *e);
int tgit_ahead(git_repository *repo, const char *rel, const git_oid *ours,
    const git_oid *theirs, const char *url, struct err *e);

#endif
