/*
 * git.c -- the save file under git with libgit2 (see git.h): commit,
 * sync (fast-forward or re-sign our moves on theirs), push, and the
 * server-side check of a ref update.  Save files are read and checked
 * through savecheck.h; the save file in the work tree is written only
 * through atomic.h, under its lock.
 */
#define _XOPEN_SOURCE 700	/* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "atomic.h"
#include "buf.h"
#include "git.h"
#include "keys.h"
#include "savecheck.h"
#include "git-int.h"

static int is_save(const char *name, const git_blob *b);


int
tgit_init(void)
{
	return git_libgit2_init() < 0 ? -1 : 0;
}

void
tgit_shutdown(void)
{
	git_libgit2_shutdown();
}

/* err_set with libgit2's last error appended. */
int
tgit_gerr(struct err *e, int code, const char *fmt, ...)
{
	const git_error *ge = git_error_last();
	char buf[ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (ge != NULL && ge->message != NULL)
		return err_set(e, code, "%s: %s", buf, ge->message);
	return err_set(e, code, "%s", buf);
}

/* ---- commit ----------------------------------------------------------- */

void
tgit_range(char *buf, size_t n, uint64_t first, uint64_t last)
{
	if (first == last)
		snprintf(buf, n, "move %llu", (unsigned long long)first);
	else
		snprintf(buf, n, "moves %llu-%llu", (unsigned long long)first,
		    (unsigned long long)last);
}

void
tgit_move_message(char *buf, size_t n, const struct save *s, uint64_t first,
    const char *const *acts, size_t nacts)
{
	char id[7], head[256];
	const char *seat = s->last_seat >= 0 ?
	    s->hdr.player[s->last_seat].seat : "?";
	size_t len;

	sodium_bin2hex(id, sizeof id, s->hdr.game_id, 3);
	if (nacts <= 1)
		len = (size_t)snprintf(head, sizeof head, "trigon %s: move %llu "
		    "%s: %s", id, (unsigned long long)first, seat,
		    nacts ? acts[0] : "");
	else {
		len = (size_t)snprintf(head, sizeof head, "trigon %s: moves "
		    "%llu-%llu %s: ", id, (unsigned long long)first,
		    (unsigned long long)(first + nacts - 1), seat);
		for (size_t i = 0; i < nacts && len < sizeof head; i++)
			len += (size_t)snprintf(head + len, sizeof head - len,
			    "%s%s", i ? "; " : "", acts[i]);
	}
	if (len > 200)
		memcpy(head + 197, "...", 4);
	len = (size_t)snprintf(buf, n, "%s\n", head);
	if (nacts > 1 && len < n) {
		len += (size_t)snprintf(buf + len, n - len, "\n");
		for (size_t i = 0; i < nacts && len < n; i++)
			len += (size_t)snprintf(buf + len, n - len, "%llu %s %s\n",
			    (unsigned long long)(first + i), seat, acts[i]);
	}
}

/* The repository whose work tree holds path; rel gets path inside it. */
int
tgit_open_for(git_repository **repo, char *rel, size_t reln, const char *path,
    struct err *e)
{
	char real[PATH_MAX], dir[PATH_MAX], *slash;
	const char *wd;
	size_t wl;

	*repo = NULL;
	if (realpath(path, real) == NULL)
		return err_set(e, ERR_IO, "cannot open '%s': %s", path,
		    strerror(errno));
	snprintf(dir, sizeof dir, "%s", real);
	slash = strrchr(dir, '/');
	if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	if (git_repository_open_ext(repo, dir, 0, NULL) != 0) {
		*repo = NULL;
		return err_set(e, ERR_USAGE, "'%s' is not in a git "
		    "repository (see trigon(1), PLAYING OVER GIT)", path);
	}
	if ((wd = git_repository_workdir(*repo)) == NULL) {
		git_repository_free(*repo);
		*repo = NULL;
		return err_set(e, ERR_USAGE, "'%s' is in a bare git "
		    "repository", path);
	}
	wl = strlen(wd);
	if (strncmp(real, wd, wl) != 0) {
		git_repository_free(*repo);
		*repo = NULL;
		return err_set(e, ERR_USAGE, "'%s' is not inside the work "
		    "tree '%s'", path, wd);
	}
	snprintf(rel, reln, "%s", real + wl);
	return 0;
}

/* git's own date syntax for its environment: "@EPOCH +HHMM", or
 * "EPOCH +HHMM"; anything else means now. */
int
tgit_make_sig(git_signature **out, const char *name, const char *email,
    const char *envvar, struct err *e)
{
	const char *d = getenv(envvar);
	char *end;
	long long t;
	int off = 0;

	if (name == NULL || name[0] == '\0')
		name = "trigon";
	if (email == NULL || email[0] == '\0')
		email = "trigon@localhost";
	if (d != NULL && d[0] != '\0') {
		errno = 0;
		t = strtoll(d + (d[0] == '@'), &end, 10);
		if (errno == 0 && end != d + (d[0] == '@')) {
			while (*end == ' ')
				end++;
			if ((end[0] == '+' || end[0] == '-') &&
			    strlen(end) == 5) {
				int hh = (end[1] - '0') * 10 + (end[2] - '0');
				int mm = (end[3] - '0') * 10 + (end[4] - '0');

				off = hh * 60 + mm;
				if (end[0] == '-')
					off = -off;
			}
			if (git_signature_new(out, name, email, (git_time_t)t,
			    off) != 0)
				return tgit_gerr(e, ERR_USAGE,
				    "bad author '%s <%s>'", name, email);
			return 0;
		}
	}
	if (git_signature_now(out, name, email) != 0)
		return tgit_gerr(e, ERR_USAGE, "bad author '%s <%s>'", name,
		    email);
	return 0;
}

/* Commit buf as the content of rel on top of HEAD (or as the first
 * commit); update ref HEAD.  parent: when not NULL, the parent instead
 * of HEAD, and refname the ref to move. */
static int
commit_content(git_repository *repo, const char *rel, const char *buf,
    size_t len, const git_oid *parent_id, const char *refname,
    const char *name, const char *email, const char *msg, git_oid *out,
    struct err *e)
{
	git_index *idx = NULL;
	git_commit *parent = NULL;
	git_tree *ptree = NULL, *tree = NULL;
	git_signature *author = NULL, *committer = NULL;
	git_index_entry ent;
	const git_commit *parents[1];
	git_oid pid, tid;
	int rc = 0, have_parent = 0;

	if (parent_id != NULL) {
		pid = *parent_id;
		have_parent = 1;
	} else if (git_reference_name_to_id(&pid, repo, "HEAD") == 0) {
		have_parent = 1;
	}
	if (have_parent && (git_commit_lookup(&parent, repo, &pid) != 0 ||
	    git_commit_tree(&ptree, parent) != 0)) {
		rc = tgit_gerr(e, ERR_DAMAGED,
		    "cannot read the commit to build on");
		goto out;
	}
	if (git_index_new(&idx) != 0 ||
	    (ptree != NULL && git_index_read_tree(idx, ptree) != 0)) {
		rc = tgit_gerr(e, ERR_IO, "cannot build the tree");
		goto out;
	}
	memset(&ent, 0, sizeof ent);
	ent.path = rel;
	ent.mode = GIT_FILEMODE_BLOB;
	if (git_blob_create_from_buffer(&ent.id, repo, buf, len) != 0 ||
	    git_index_add(idx, &ent) != 0 ||
	    git_index_write_tree_to(&tid, idx, repo) != 0 ||
	    git_tree_lookup(&tree, repo, &tid) != 0) {
		rc = tgit_gerr(e, ERR_IO, "cannot build the tree");
		goto out;
	}
	if ((rc = tgit_make_sig(&author, name, email, "GIT_AUTHOR_DATE",
	    e)) != 0 || (rc = tgit_make_sig(&committer, name, email,
	    "GIT_COMMITTER_DATE", e)) != 0)
		goto out;
	parents[0] = parent;
	if (git_commit_create(out, repo, refname, author, committer, NULL, msg,
	    tree, have_parent ? 1 : 0, parents) != 0) {
		rc = tgit_gerr(e, ERR_IO, "cannot commit");
		goto out;
	}
out:
	git_signature_free(author);
	git_signature_free(committer);
	git_tree_free(tree);
	git_tree_free(ptree);
	git_commit_free(parent);
	git_index_free(idx);
	return rc;
}

/* Make the real index agree with the work tree file rel. */
int
tgit_stage(git_repository *repo, const char *rel, struct err *e)
{
	git_index *idx = NULL;
	int rc = 0;

	if (git_repository_index(&idx, repo) != 0 ||
	    git_index_read(idx, 0) != 0 ||
	    git_index_add_bypath(idx, rel) != 0 ||
	    git_index_write(idx) != 0)
		rc = tgit_gerr(e, ERR_IO, "cannot update the index");
	git_index_free(idx);
	return rc;
}

int
tgit_commit_file(const char *path, const char *name, const char *email,
    const char *msg, char oid[TGIT_OID_HEX], struct err *e)
{
	git_repository *repo;
	char rel[PATH_MAX], *buf = NULL;
	size_t len;
	git_oid id;
	int rc;

	if ((rc = tgit_open_for(&repo, rel, sizeof rel, path, e)) != 0)
		return rc;
	if ((rc = tgit_read_file(path, &buf, &len, e)) != 0)
		goto out;
	if ((rc = commit_content(repo, rel, buf, len, NULL, "HEAD", name,
	    email, msg, &id, e)) != 0)
		goto out;
	rc = tgit_stage(repo, rel, e);
	git_oid_tostr(oid, TGIT_OID_HEX, &id);
out:
	free(buf);
	git_repository_free(repo);
	return rc;
}

int
tgit_head_count(const char *path, uint64_t *n, int *changed, int *held,
    struct err *e)
{
	git_repository *repo;
	git_commit *c = NULL;
	git_tree *t = NULL;
	git_blob *b = NULL;
	git_oid head;
	struct save sh;
	struct err scratch;
	char rel[PATH_MAX], *buf = NULL;
	size_t len;
	int rc;

	*n = 0;
	*changed = 1;
	*held = 0;
	if ((rc = tgit_open_for(&repo, rel, sizeof rel, path, e)) != 0)
		return rc;
	save_init(&sh, rel);
	err_clear(&scratch);
	if ((rc = tgit_read_file(path, &buf, &len, e)) != 0)
		goto out;
	/* No commit yet, or none holding the file: all of it is new. */
	if (git_reference_name_to_id(&head, repo, "HEAD") != 0 ||
	    git_commit_lookup(&c, repo, &head) != 0 ||
	    git_commit_tree(&t, c) != 0 ||
	    tgit_blob_in_tree(&b, repo, t, rel) != 0)
		goto out;
	*held = 1;
	*changed = (size_t)git_blob_rawsize(b) != len ||
	    memcmp(git_blob_rawcontent(b), buf, len) != 0;
	if (savecheck_verify(&sh, rel, git_blob_rawcontent(b),
	    (size_t)git_blob_rawsize(b), &scratch) == 0)
		*n = sh.nactions;
out:
	save_release(&sh);
	git_blob_free(b);
	git_tree_free(t);
	git_commit_free(c);
	free(buf);
	git_repository_free(repo);
	return rc;
}

/* The whole file at path into *buf (malloc'd, NUL-terminated). */
int
tgit_read_file(const char *path, char **buf, size_t *len, struct err *e)
{
	struct buf b = BUF_INIT;
	int rc;

	if ((rc = buf_read_file(&b, path, SIZE_MAX, e)) != 0)
		buf_release(&b);
	*buf = b.p;
	*len = b.len;
	return rc;
}

/* ---- the server's check ----------------------------------------------- */

int
tgit_open_env(git_repository **out, struct err *e)
{
	if (git_repository_open_ext(out, NULL, GIT_REPOSITORY_OPEN_FROM_ENV,
	    NULL) != 0) {
		*out = NULL;
		return tgit_gerr(e, ERR_USAGE, "cannot open the repository "
		    "from git's environment (is this run as a git hook?)");
	}
	return 0;
}

static int
is_save(const char *name, const git_blob *b)
{
	size_t n = strlen(name);
	const char *p = git_blob_rawcontent(b);
	git_object_size_t sz = git_blob_rawsize(b);

	if (n > 7 && strcmp(name + n - 7, ".trigon") == 0)
		return 1;
	return sz >= 12 && memcmp(p, SAVE_MAGIC " ", 12) == 0;
}

struct savelist {
	git_repository *repo;
	size_t n, cap;
	char **path;
	int nomem;
};

static int
collect(const char *root, const git_tree_entry *te, void *ctx)
{
	struct savelist *l = ctx;
	git_blob *b;
	char *p;
	int keep;

	if (git_tree_entry_type(te) != GIT_OBJECT_BLOB)
		return 0;
	if (git_blob_lookup(&b, l->repo, git_tree_entry_id(te)) != 0)
		return 0;
	keep = is_save(git_tree_entry_name(te), b);
	git_blob_free(b);
	if (!keep)
		return 0;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 8;
		char **t = realloc(l->path, cap * sizeof *t);

		if (t == NULL)
			goto nomem;
		l->path = t;
		l->cap = cap;
	}
	if ((p = malloc(strlen(root) + strlen(git_tree_entry_name(te)) + 1)) ==
	    NULL)
		goto nomem;
	strcpy(p, root);
	strcat(p, git_tree_entry_name(te));
	l->path[l->n++] = p;
	return 0;
nomem:
	l->nomem = 1;
	return -1;
}

static void
savelist_free(struct savelist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->path[i]);
	free(l->path);
}

/* The save files of commit hex into l. */
static int
list_saves(git_repository *repo, const char *hex, struct savelist *l,
    git_tree **tree, struct err *e)
{
	git_oid id;
	git_commit *c = NULL;
	git_object *o = NULL;

	memset(l, 0, sizeof *l);
	l->repo = repo;
	*tree = NULL;
	if (git_oid_fromstr(&id, hex) != 0)
		return err_set(e, ERR_USAGE, "bad object name '%s'", hex);
	if (git_object_lookup(&o, repo, &id, GIT_OBJECT_ANY) != 0)
		return tgit_gerr(e, ERR_DAMAGED, "cannot read object %s", hex);
	if (git_object_type(o) == GIT_OBJECT_COMMIT) {
		c = (git_commit *)o;
		if (git_commit_tree(tree, c) != 0) {
			git_object_free(o);
			return tgit_gerr(e, ERR_DAMAGED, "cannot read the "
			    "tree of %s", hex);
		}
	} else if (git_object_type(o) == GIT_OBJECT_TAG) {
		git_object *peeled;

		if (git_object_peel(&peeled, o, GIT_OBJECT_TREE) != 0) {
			git_object_free(o);
			return 0;	/* a tag of a blob: no save files */
		}
		*tree = (git_tree *)peeled;
	} else {
		git_object_free(o);
		return 0;
	}
	git_object_free(o);
	if (git_tree_walk(*tree, GIT_TREEWALK_PRE, collect, l) != 0 &&
	    l->nomem)
		return err_set(e, ERR_NOMEM, "out of memory");
	return 0;
}

int
tgit_blob_in_tree(git_blob **out, git_repository *repo, git_tree *tree,
    const char *path)
{
	git_tree_entry *te;
	int rc;

	*out = NULL;
	if (git_tree_entry_bypath(&te, tree, path) != 0)
		return GIT_ENOTFOUND;
	rc = git_tree_entry_type(te) == GIT_OBJECT_BLOB ?
	    git_blob_lookup(out, repo, git_tree_entry_id(te)) : GIT_ENOTFOUND;
	git_tree_entry_free(te);
	return rc;
}

int
tgit_check_update(git_repository *repo, struct tgit_recv *rv,
    const char *ref, const char *old, const char *newer, struct err *e)
{
	struct savelist ol = { 0 }, nl = { 0 };
	git_tree *ot = NULL, *nt = NULL;
	git_blob *ob = NULL, *nb = NULL;
	int rc = 0, old_zero = strcmp(old, ZERO_OID) == 0;

	if (!old_zero && (rc = list_saves(repo, old, &ol, &ot, e)) != 0)
		goto out;
	if (strcmp(newer, ZERO_OID) == 0) {
		if (ol.n > 0)
			rc = err_at(e, ERR_REFUSED, ol.path[0], 0, "deleting "
			    "this ref would throw away the game in it");
		goto out;
	}
	if ((rc = list_saves(repo, newer, &nl, &nt, e)) != 0)
		goto out;
	for (size_t i = 0; i < ol.n; i++) {
		const char *p = ol.path[i];

		if (nt == NULL || tgit_blob_in_tree(&nb, repo, nt, p) != 0) {
			rc = err_at(e, ERR_REFUSED, p, 0, "the save file is "
			    "removed or renamed; a game may only grow");
			goto out;
		}
		if (tgit_blob_in_tree(&ob, repo, ot, p) != 0) {
			rc = tgit_gerr(e, ERR_DAMAGED, "cannot read '%s'", p);
			goto out;
		}
		rc = savecheck_append(p, git_blob_rawcontent(ob),
		    (size_t)git_blob_rawsize(ob), git_blob_rawcontent(nb),
		    (size_t)git_blob_rawsize(nb), e);
		if (rc == 0 && rv != NULL)
			rc = tgit_recv_check(rv, ref, p, git_blob_rawcontent(ob),
			    (size_t)git_blob_rawsize(ob),
			    git_blob_rawcontent(nb),
			    (size_t)git_blob_rawsize(nb), e);
		git_blob_free(ob);
		git_blob_free(nb);
		ob = nb = NULL;
		if (rc != 0)
			goto out;
	}
	for (size_t i = 0; i < nl.n; i++) {
		const char *p = nl.path[i];
		struct save s;
		int known = 0;

		for (size_t k = 0; k < ol.n; k++)
			if (strcmp(ol.path[k], p) == 0)
				known = 1;
		if (known)
			continue;
		if (tgit_blob_in_tree(&nb, repo, nt, p) != 0) {
			rc = tgit_gerr(e, ERR_DAMAGED, "cannot read '%s'", p);
			goto out;
		}
		rc = savecheck_verify(&s, p, git_blob_rawcontent(nb),
		    (size_t)git_blob_rawsize(nb), e);
		save_release(&s);
		if (rc == 0 && rv != NULL)
			rc = tgit_recv_check(rv, ref, p, NULL, 0,
			    git_blob_rawcontent(nb),
			    (size_t)git_blob_rawsize(nb), e);
		git_blob_free(nb);
		nb = NULL;
		if (rc != 0)
			goto out;
	}
out:
	git_blob_free(ob);
	git_blob_free(nb);
	git_tree_free(ot);
	git_tree_free(nt);
	savelist_free(&ol);
	savelist_free(&nl);
	return rc;
}
