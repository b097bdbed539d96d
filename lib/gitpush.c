/*
 * gitpush.c -- push of a save file's branch (see git.h), to a remote
 * URL or to a local repository, with libgit2.
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

/* ---- push ------------------------------------------------------------- */

struct push_ctx {
	const struct tgit_opts *o;
	char status[512];
	int rejected;
};

static int
push_status(const char *ref, const char *status, void *data)
{
	struct push_ctx *c = data;

	(void)ref;
	if (status != NULL) {
		c->rejected = 1;
		snprintf(c->status, sizeof c->status, "%s", status);
	}
	return 0;
}

static int
push_progress(const char *str, int len, void *data)
{
	struct push_ctx *c = data;

	if (c->o->progress != NULL && len > 0)
		c->o->progress(c->o->ctx, str, (size_t)len);
	return 0;
}

/*
 * A remote that is a directory here gets its push from us, as git's
 * receive-pack would give it, since libgit2's local transport falls
 * short twice: it runs no hook, and it moves the branch without
 * checking that it still names the commit it read at the start (two
 * pushes at once: the first one's commits were lost).  So: the hook's
 * check (tgit_check_update), the objects the remote lacks as one pack
 * into its objects/pack, then its branch moved from the commit the
 * check read to ours only if it still names that commit
 * (git_reference_create_matching, under the ref's lock), and our
 * tracking ref set as a push sets it.  *pushed is 0 when url is not a
 * directory here (libgit2 pushes), 1 when this pushed.  *behind and
 * ERR_CHANGED: the remote has commits we lack, from before the check or
 * from another push that got there first (ahead's words).
 *
 * The check reads the remote's objects through a second handle of our
 * repository, with them as an alternate: added to the push's own
 * handle, they made a later fetch (after a refusal) take the remote's
 * commits for ours and set the tracking ref to one we lack.
 */
static int
local_push(git_repository *mine, const char *rel, const char *url,
    const char *dst, const char *upref, const git_oid *newid, int *pushed,
    int *behind, struct err *e)
{
	const char *path = url;
	git_repository *there = NULL, *repo = NULL;
	git_odb *odb = NULL;
	git_packbuilder *pb = NULL;
	git_revwalk *walk = NULL;
	git_reference *moved = NULL;
	struct tgit_recv *rv = NULL;
	git_oid old;
	char oldhex[TGIT_OID_HEX], newhex[TGIT_OID_HEX], objs[PATH_MAX];
	int rc = 0, ge, old_zero;

	*pushed = *behind = 0;
	if (strncmp(url, "file://", 7) == 0)
		path = url + 7;
	else if (strstr(url, "://") != NULL ||
	    (strchr(url, ':') != NULL && strchr(url, ':') < strchr(url, '/')))
		return 0;	/* a real server runs its own hook */
	if (git_repository_open_bare(&there, path) != 0 &&
	    git_repository_open(&there, path) != 0)
		return 0;	/* libgit2 will say what is wrong */
	if (!git_repository_is_bare(there)) {
		/* Its checked-out branch would move under its work tree,
		 * which git refuses too. */
		rc = err_set(e, ERR_REFUSED, "cannot push to '%s': it has a "
		    "work tree; share a game through a bare repository (git "
		    "init --bare, or git clone --bare)", url);
		goto out;
	}
	if (git_reference_name_to_id(&old, there, dst) != 0)
		git_oid_fromstr(&old, ZERO_OID);
	old_zero = git_oid_is_zero(&old);
	snprintf(objs, sizeof objs, "%sobjects", git_repository_path(there));
	if (git_repository_open(&repo, git_repository_path(mine)) != 0 ||
	    git_repository_odb(&odb, repo) != 0 ||
	    git_odb_add_disk_alternate(odb, objs) != 0) {
		rc = tgit_gerr(e, ERR_IO, "cannot read '%s'", path);
		goto out;
	}
	if (!old_zero && !git_oid_equal(&old, newid) &&
	    git_graph_descendant_of(repo, newid, &old) != 1) {
		*behind = 1;
		rc = tgit_ahead(repo, rel, newid, &old, url, e);
		goto out;
	}
	git_oid_tostr(oldhex, sizeof oldhex, &old);
	git_oid_tostr(newhex, sizeof newhex, newid);
	if ((rc = tgit_recv_open(&rv, git_repository_path(there), e)) != 0)
		goto out;
	if ((rc = tgit_check_update(repo, rv, dst, oldhex, newhex, e)) != 0) {
		static const char note[] = " (checked here as the server's "
		    "hook would: the remote is on this machine)";

		if ((rc == ERR_REFUSED || rc == ERR_DAMAGED) && e != NULL &&
		    strlen(e->msg) + sizeof note <= sizeof e->msg)
			memcpy(e->msg + strlen(e->msg), note, sizeof note);
		goto out;
	}
	*pushed = 1;
	if (!git_oid_equal(&old, newid)) {
		snprintf(objs, sizeof objs, "%sobjects/pack",
		    git_repository_path(there));
		if (git_packbuilder_new(&pb, mine) != 0 ||
		    git_revwalk_new(&walk, mine) != 0 ||
		    git_revwalk_push(walk, newid) != 0 ||
		    (!old_zero && git_revwalk_hide(walk, &old) != 0) ||
		    git_packbuilder_insert_walk(pb, walk) != 0 ||
		    (git_packbuilder_object_count(pb) > 0 &&
		    git_packbuilder_write(pb, objs, 0, NULL, NULL) != 0)) {
			rc = tgit_gerr(e, ERR_IO, "the push to '%s' failed",
			    url);
			goto out;
		}
		ge = old_zero ?
		    git_reference_create(&moved, there, dst, newid, 0,
		    "trigon push") :
		    git_reference_create_matching(&moved, there, dst, newid,
		    1, &old, "trigon push");
		if (ge == GIT_EMODIFIED || ge == GIT_EEXISTS ||
		    ge == GIT_ELOCKED) {
			/* Another push got there first (or is under way:
			 * then its commit is not known yet). */
			*behind = 1;
			if (git_reference_name_to_id(&old, there, dst) == 0 &&
			    !git_oid_equal(&old, newid))
				rc = tgit_ahead(repo, rel, newid, &old, url, e);
			else
				rc = err_set(e, ERR_CHANGED, "the push was "
				    "rejected: another push to '%s' came "
				    "first; run trigon sync, then push again",
				    url);
			goto out;
		}
		if (ge != 0) {
			rc = tgit_gerr(e, ERR_IO, "the push to '%s' failed",
			    url);
			goto out;
		}
	}
	if (git_reference_create(NULL, mine, upref, newid, 1,
	    "update by push") != 0)
		rc = tgit_gerr(e, ERR_IO, "pushed, but '%s' could not follow",
		    upref);
out:
	tgit_recv_free(rv);
	git_reference_free(moved);
	git_revwalk_free(walk);
	git_packbuilder_free(pb);
	git_odb_free(odb);
	git_repository_free(repo);
	git_repository_free(there);
	return rc;
}

int
tgit_push(const struct tgit_opts *o, struct tgit_push_result *r,
    struct err *e)
{
	const char *remote = o->remote && o->remote[0] ? o->remote : "origin";
	git_repository *repo = NULL;
	git_reference *head = NULL;
	git_remote *rem = NULL;
	git_push_options po;
	struct push_ctx c;
	char rel[PATH_MAX], upref[256], upshort[256], spec[600];
	char *specs[1];
	git_strarray sa = { specs, 1 };
	git_oid upid;
	int rc, pushed;

	memset(r, 0, sizeof *r);
	memset(&c, 0, sizeof c);
	git_push_options_init(&po, GIT_PUSH_OPTIONS_VERSION);
	c.o = o;
	if ((rc = tgit_open_for(&repo, rel, sizeof rel, o->path, e)) != 0)
		goto out;
	if ((rc = tgit_branches(repo, remote, &head, upref, sizeof upref,
	    upshort, sizeof upshort, r->ref, sizeof r->ref, e)) != 0)
		goto out;
	if (git_remote_lookup(&rem, repo, remote) != 0) {
		rc = tgit_gerr(e, ERR_USAGE, "no remote '%s'", remote);
		goto out;
	}
	snprintf(r->url, sizeof r->url, "%s", git_remote_pushurl(rem) ?
	    git_remote_pushurl(rem) : git_remote_url(rem));
	if (git_reference_name_to_id(&upid, repo, upref) == 0 &&
	    git_oid_equal(&upid, git_reference_target(head)))
		r->uptodate = 1;
	if ((rc = tgit_committed(repo, rel, o->path, git_reference_target(head),
	    e)) != 0)
		goto out;
	if ((rc = local_push(repo, rel, r->url, r->ref, upref,
	    git_reference_target(head), &pushed, &r->behind, e)) != 0) {
		if (rc == ERR_CHANGED)
			rc = e->code = ERR_REFUSED;
		goto out;
	}
	if (pushed)
		goto out;
	snprintf(spec, sizeof spec, "%s:%s", git_reference_name(head), r->ref);
	specs[0] = spec;
	po.callbacks.credentials = tgit_credentials;
	po.callbacks.push_update_reference = push_status;
	po.callbacks.sideband_progress = push_progress;
	po.callbacks.payload = &c;
	if (git_remote_push(rem, &sa, &po) != 0) {
		const git_error *ge = git_error_last();

		if (ge != NULL && ge->message != NULL &&
		    strstr(ge->message, "non-fastforward") != NULL) {
			/* What the remote has: fetch it (no change to the
			 * work tree) and look. */
			if (tgit_fetch(repo, remote, NULL) == 0 &&
			    git_reference_name_to_id(&upid, repo, upref) == 0)
				rc = tgit_ahead(repo, rel,
				    git_reference_target(head), &upid, r->url,
				    e);
			else
				rc = err_set(e, ERR_REFUSED, "the push was "
				    "rejected: '%s' has commits you do not "
				    "have; run trigon sync first", r->url);
			if (rc == ERR_CHANGED)
				rc = e->code = ERR_REFUSED;
			r->behind = 1;
		} else
			rc = tgit_gerr(e, ERR_REFUSED, "the push to '%s' failed",
			    r->url);
		goto out;
	}
	if (c.rejected) {
		rc = err_set(e, ERR_REFUSED, "the push was rejected by '%s': "
		    "%s", r->url, c.status);
		goto out;
	}
out:
	git_remote_free(rem);
	git_reference_free(head);
	git_repository_free(repo);
	return rc;
}
