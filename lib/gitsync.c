/*
 * gitsync.c -- sync of a save file under git (see git.h): fetch, then
 * fast-forward, or re-sign our moves on theirs (rebase), or a first
 * sync of a file the remote does not hold yet; and what a file's state
 * is without the network (tgit_shared).  The save file in the work tree
 * is written only through atomic.h, under its lock.
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

static int blob_at(git_blob **out, git_repository *repo, const git_oid *cid,
    const char *rel, struct err *e);
static int uncommitted(const char *path, struct err *e);
static int edited(const char *path, const char *rel, const char *dirty,
    size_t len, const char *upstream, struct err *e);
static void way_back(struct err *e, const char *rel, const char *upstream);
static int take_text(char **res, size_t *reslen, const char *src, size_t n,
    struct tgit_sync_result *r, enum tgit_sync_what what, uint64_t after,
    struct err *e);

/* ---- sync ------------------------------------------------------------- */

int
tgit_credentials(git_credential **out, const char *url, const char *user,
    unsigned int allowed, void *payload)
{
	(void)url;
	(void)payload;
	if (allowed & GIT_CREDENTIAL_SSH_KEY)
		return git_credential_ssh_key_from_agent(out,
		    user ? user : "git");
	return GIT_PASSTHROUGH;
}

static int
blob_at(git_blob **out, git_repository *repo, const git_oid *cid,
    const char *rel, struct err *e)
{
	git_commit *c = NULL;
	git_tree *t = NULL;
	int rc = 0;

	*out = NULL;
	if (git_commit_lookup(&c, repo, cid) != 0 ||
	    git_commit_tree(&t, c) != 0)
		rc = tgit_gerr(e, ERR_DAMAGED, "cannot read commit");
	else if (tgit_blob_in_tree(out, repo, t, rel) != 0)
		rc = ERR_REFUSED;
	git_tree_free(t);
	git_commit_free(c);
	return rc;
}

/* The current branch and its counterpart on the remote. */
int
tgit_branches(git_repository *repo, const char *remote, git_reference **head,
    char *upref, size_t n, char *upshort, size_t m, char *dstref,
    size_t k, struct err *e)
{
	git_reference *up = NULL;
	git_buf merge = { 0 };
	const char *bname;

	*head = NULL;
	if (git_repository_head_unborn(repo) == 1)
		return err_set(e, ERR_USAGE, "nothing is committed yet in "
		    "this repository: commit the game first (git add, git "
		    "commit)");
	if (git_repository_head(head, repo) != 0 ||
	    !git_reference_is_branch(*head)) {
		git_reference_free(*head);
		*head = NULL;
		return tgit_gerr(e, ERR_USAGE, "no current branch");
	}
	bname = git_reference_shorthand(*head);
	if (git_branch_upstream(&up, *head) == 0) {
		snprintf(upref, n, "%s", git_reference_name(up));
		snprintf(upshort, m, "%s", git_reference_shorthand(up));
		git_reference_free(up);
	} else {
		snprintf(upref, n, "refs/remotes/%s/%s", remote, bname);
		snprintf(upshort, m, "%s/%s", remote, bname);
	}
	if (git_branch_upstream_merge(&merge, repo,
	    git_reference_name(*head)) == 0) {
		snprintf(dstref, k, "%s", merge.ptr);
		git_buf_dispose(&merge);
	} else {
		snprintf(dstref, k, "refs/heads/%s", bname);
	}
	return 0;
}

/*
 * Delete the remote-tracking refs of remote whose commit this
 * repository does not have; returns how many there were.  trigon push
 * before this release left one after a refused push to a remote on this
 * machine (local_push says how), and every later fetch took its commit
 * for one we have and never brought it: the game could not be synced
 * again.  Without the ref, the next fetch brings the commit as any
 * other.
 */
#define TORN_MAX 16
static int
drop_torn(git_repository *repo, const char *remote)
{
	git_reference_iterator *it = NULL;
	git_reference *ref;
	git_odb *odb = NULL;
	char glob[300], *names[TORN_MAX];
	int n = 0, dropped = 0;

	snprintf(glob, sizeof glob, "refs/remotes/%s/*", remote);
	if (git_repository_odb(&odb, repo) != 0 ||
	    git_reference_iterator_glob_new(&it, repo, glob) != 0)
		goto out;
	while (n < TORN_MAX && git_reference_next(&ref, it) == 0) {
		if (git_reference_type(ref) == GIT_REFERENCE_DIRECT &&
		    !git_odb_exists(odb, git_reference_target(ref)) &&
		    (names[n] = strdup(git_reference_name(ref))) != NULL)
			n++;
		git_reference_free(ref);
	}
	for (int i = 0; i < n; i++) {
		if (git_reference_remove(repo, names[i]) == 0)
			dropped++;
		free(names[i]);
	}
out:
	git_reference_iterator_free(it);
	git_odb_free(odb);
	return dropped;
}

/* Fetch remote, first dropping the tracking refs an earlier release
 * left at commits we lack; a fetch that leaves such a ref itself is a
 * failure (the ref is dropped: the next fetch starts clean). */
int
tgit_fetch(git_repository *repo, const char *remote, struct err *e)
{
	git_remote *r = NULL;
	git_fetch_options fo;
	int rc = 0;

	git_fetch_options_init(&fo, GIT_FETCH_OPTIONS_VERSION);

	if (git_remote_lookup(&r, repo, remote) != 0)
		return tgit_gerr(e, ERR_USAGE, "no remote '%s'", remote);
	fo.callbacks.credentials = tgit_credentials;
	drop_torn(repo, remote);
	if (git_remote_fetch(r, NULL, &fo, "trigon sync: fetch") != 0)
		rc = tgit_gerr(e, ERR_IO, "cannot fetch from '%s'", remote);
	else if (drop_torn(repo, remote) > 0)
		rc = err_set(e, ERR_IO, "cannot fetch from '%s': it named "
		    "commits it did not bring; try again", remote);
	git_remote_free(r);
	return rc;
}

/* The key that signs for the sync: o->sk when unlocked already, else
 * o->key's file, unlocked now. */
static int
unlock(const struct tgit_opts *o, unsigned char *sk, unsigned char *pk,
    struct err *e)
{
	if (o->sk != NULL) {
		memcpy(sk, o->sk, KEY_SEC_BYTES);
		crypto_sign_ed25519_sk_to_pk(pk, sk);
		return 0;
	}
	return keys_unlock(o->key, o->passfile, sk, pk, e);
}

/* Write buf over path (which must still hold old, oldlen) atomically,
 * under the file's lock. */
static int
replace_file(const char *path, const char *old, size_t oldlen,
    const char *buf, size_t len, struct err *e)
{
	struct atomic_file a;
	struct stat sb;
	char *cur = NULL;
	size_t curlen;
	int fd, rc;

	if ((rc = atomic_lock_open(&fd, path, NULL, e)) != 0)
		return rc;
	if ((rc = tgit_read_file(path, &cur, &curlen, e)) != 0)
		goto out;
	if (curlen != oldlen || memcmp(cur, old, oldlen) != 0) {
		rc = err_set(e, ERR_CHANGED, "'%s' changed on disk meanwhile; "
		    "nothing was written", path);
		goto out;
	}
	if (fstat(fd, &sb) < 0) {
		rc = err_set(e, ERR_IO, "cannot stat '%s': %s", path,
		    strerror(errno));
		goto out;
	}
	if ((rc = atomic_begin(&a, path, sb.st_mode & 07777, e)) != 0)
		goto out;
	if ((rc = atomic_write(&a, buf, len, e)) != 0)
		goto out;
	rc = atomic_commit(&a, 1, fd, (off_t)oldlen, e);
out:
	free(cur);
	close(fd);
	return rc;
}

/*
 * The commit of a sync where both sides have new commits: git's merge
 * of the two trees for every other file (a conflict there refuses the
 * sync), rel holding buf; one parent, theirs, so the history stays a
 * line, as a rebase leaves it.  When that tree is theirs, *out = up.
 */
static int
merged_commit(git_repository *repo, const char *rel, const char *buf,
    size_t len, const git_oid *local, const git_oid *up, const char *name,
    const char *email, const char *msg, git_oid *out, struct err *e)
{
	git_commit *lc = NULL, *uc = NULL;
	git_index *idx = NULL;
	git_tree *tree = NULL;
	git_signature *author = NULL, *committer = NULL;
	git_index_entry ent;
	const git_commit *parents[1];
	git_oid tid;
	int rc = 0;

	if (git_commit_lookup(&lc, repo, local) != 0 ||
	    git_commit_lookup(&uc, repo, up) != 0 ||
	    git_merge_commits(&idx, repo, lc, uc, NULL) != 0) {
		rc = tgit_gerr(e, ERR_IO, "cannot merge the two sides");
		goto out;
	}
	git_index_conflict_remove(idx, rel);
	memset(&ent, 0, sizeof ent);
	ent.path = rel;
	ent.mode = GIT_FILEMODE_BLOB;
	if (git_blob_create_from_buffer(&ent.id, repo, buf, len) != 0 ||
	    git_index_add(idx, &ent) != 0) {
		rc = tgit_gerr(e, ERR_IO, "cannot build the tree");
		goto out;
	}
	if (git_index_has_conflicts(idx)) {
		const git_index_entry *anc, *ours, *theirs;
		git_index_conflict_iterator *it = NULL;
		char what[512] = "";

		if (git_index_conflict_iterator_new(&it, idx) == 0 &&
		    git_index_conflict_next(&anc, &ours, &theirs, it) == 0)
			snprintf(what, sizeof what, " ('%s')", ours ? ours->path :
			    theirs ? theirs->path : anc->path);
		git_index_conflict_iterator_free(it);
		rc = err_set(e, ERR_REFUSED, "both sides changed other files "
		    "in the same places%s; merge them with git first; nothing "
		    "was changed", what);
		goto out;
	}
	if (git_index_write_tree_to(&tid, idx, repo) != 0 ||
	    git_tree_lookup(&tree, repo, &tid) != 0) {
		rc = tgit_gerr(e, ERR_IO, "cannot build the tree");
		goto out;
	}
	if (git_oid_equal(&tid, git_commit_tree_id(uc))) {
		*out = *up;
		goto out;
	}
	if ((rc = tgit_make_sig(&author, name, email, "GIT_AUTHOR_DATE",
	    e)) != 0 || (rc = tgit_make_sig(&committer, name, email,
	    "GIT_COMMITTER_DATE", e)) != 0)
		goto out;
	parents[0] = uc;
	if (git_commit_create(out, repo, NULL, author, committer, NULL, msg,
	    tree, 1, parents) != 0)
		rc = tgit_gerr(e, ERR_IO, "cannot commit");
out:
	git_signature_free(author);
	git_signature_free(committer);
	git_tree_free(tree);
	git_index_free(idx);
	git_commit_free(lc);
	git_commit_free(uc);
	return rc;
}

/*
 * Fair chance in rebase(): answers commute; the two open blocks merge
 * (trigon-save(5), Blocks), signed with the key (into *skp, which the
 * caller frees) only when the union is neither side.  *done when the
 * merge is the result or failed: rebase() returns rc; else it goes on
 * as with format 1 (other moves on both sides).
 */
static int
rebase_fair(const struct tgit_opts *o, struct save *so, const char *ours,
    size_t ourlen, const char *theirs, size_t theirlen,
    struct tgit_sync_result *r, char **res, size_t *reslen,
    unsigned char **skp, unsigned char *pk, int *done, struct err *e)
{
	struct buf m = BUF_INIT;
	int rc, what, dropped;

	*done = 1;
	rc = save_merge(so, ours, ourlen, theirs, theirlen, NULL, &m,
	    &what, &dropped, e);
	if (rc == 0 && what == SAVE_MERGE_UNION) {
		if (sodium_init() < 0 ||
		    (*skp = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
			rc = err_set(e, ERR_NOMEM, "out of memory");
			return rc;
		}
		if ((rc = unlock(o, *skp, pk, e)) != 0)
			return rc;
		rc = save_merge(so, ours, ourlen, theirs, theirlen, *skp,
		    &m, &what, &dropped, e);
	}
	if (rc == 0) {
		if (what == SAVE_MERGE_SAME)
			rc = take_text(res, reslen, ours, ourlen, r,
			    TGIT_SYNC_MERGED, so->nactions, e);
		else
			rc = take_text(res, reslen, m.p, m.len, r,
			    what == SAVE_MERGE_THEIRS ? TGIT_SYNC_FASTFORWARD :
			    TGIT_SYNC_ANSWERS, so->nactions, e);
		/* Over git the shared copy decides: lines of ours it went
		 * on without were never delivered, and are not sent again
		 * (doc/fair-chance.md, "Over git"); the caller says so. */
		if (what == SAVE_MERGE_THEIRS)
			r->dropped = dropped;
		buf_release(&m);
		return rc;
	}
	buf_release(&m);
	if (rc != ERR_REFUSED)
		return rc;
	/* Other moves on both sides: as in format 1. */
	err_clear(e);
	rc = 0;
	*done = 0;
	return rc;
}

/*
 * The N bytes at SRC, copied, as the sync's result (*res, the caller's
 * to free): R says how it came (WHAT) and how many actions it holds
 * (AFTER).
 */
static int
take_text(char **res, size_t *reslen, const char *src, size_t n,
    struct tgit_sync_result *r, enum tgit_sync_what what, uint64_t after,
    struct err *e)
{
	if ((*res = malloc(n + 1)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	memcpy(*res, src, n);
	*reslen = n;
	r->what = what;
	r->after = after;
	return 0;
}

/* Our new actions played again on their file; result in *res. */
static int
rebase(const struct tgit_opts *o, const char *rel, const char *ours,
    size_t ourlen, const char *theirs, size_t theirlen,
    struct tgit_sync_result *r, char **res, size_t *reslen, struct err *e)
{
	struct savecheck_map mo, mt;
	struct save so, st;
	struct buf out = { 0 };
	unsigned char *sk = NULL, pk[KEY_PUB_BYTES];
	size_t i, c, k;
	int rc, me;
	char *p;

	*res = NULL;
	memset(&mo, 0, sizeof mo);
	memset(&mt, 0, sizeof mt);
	save_init(&so, rel);
	save_init(&st, rel);
	if ((rc = savecheck_map(&mo, &so, rel, ours, ourlen, e)) != 0)
		goto out;
	save_release(&st);
	if ((rc = savecheck_map(&mt, &st, rel, theirs, theirlen, e)) != 0) {
		if (e != NULL)
			snprintf(e->msg + strlen(e->msg), sizeof e->msg -
			    strlen(e->msg), " (in %s)", r->upstream);
		goto out;
	}
	/* Format 2 (fair chance, or open with a deadline): answers
	 * commute (rebase_fair). */
	if (so.hdr.version == SAVE_VERSION_FAIR) {
		int done;

		rc = rebase_fair(o, &so, ours, ourlen, theirs, theirlen, r,
		    res, reslen, &sk, pk, &done, e);
		if (done)
			goto out;
	}
	/* Where the two files part. */
	for (c = 0; c < mo.body_len && c < mt.body_len && ours[c] == theirs[c];
	    c++)
		;
	for (i = 0; i < mo.n && mo.a[i].end <= c; i++)
		;
	for (k = 0; k < mt.n && mt.a[k].end <= c; k++)
		;
	if (i < mo.n && mo.a[i].start < mo.header_end) {
		rc = err_set(e, ERR_REFUSED, "'%s' differs from %s in its "
		    "header: not the same game", o->path, r->upstream);
		goto out;
	}
	if (c < mo.header_end || c < mt.header_end) {
		rc = err_set(e, ERR_REFUSED, "'%s' differs from %s in its "
		    "header: not the same game", o->path, r->upstream);
		goto out;
	}
	if (i < mo.n && mo.a[i].start < c) {
		/* The parting falls inside our action line: both sides
		 * made a different move number i+1. */
		c = mo.a[i].start;
	}
	if (i == mo.n) {
		/* Nothing of ours is new: theirs is the result. */
		rc = take_text(res, reslen, theirs, theirlen, r,
		    TGIT_SYNC_FASTFORWARD, mt.n, e);
		goto out;
	}
	if (k == mt.n && savecheck_append(rel, theirs, theirlen, ours, ourlen,
	    NULL) == 0) {
		/* Theirs has no new moves (only other commits): ours is
		 * the result as it is, nothing to sign again. */
		rc = take_text(res, reslen, ours, ourlen, r, TGIT_SYNC_MERGED,
		    mo.n, e);
		goto out;
	}
	me = mo.a[i].seat;
	for (size_t j = i; j < mo.n; j++)
		if (mo.a[j].seat != me) {
			rc = err_set(e, ERR_REFUSED, "both sides have new moves, "
			    "and yours include move %llu by %s, which only %s "
			    "can sign again; nothing was changed",
			    (unsigned long long)mo.a[j].seq,
			    so.hdr.player[mo.a[j].seat].seat,
			    so.hdr.player[mo.a[j].seat].seat);
			goto out;
		}
	if (sodium_init() < 0 || (sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	if ((rc = unlock(o, sk, pk, e)) != 0)
		goto out;
	if (save_seat_of_key(&st, pk) != me) {
		rc = err_set(e, ERR_REFUSED, "both sides have new moves; yours "
		    "(from move %llu) are %s's, but your key is not %s's; "
		    "nothing was changed", (unsigned long long)mo.a[i].seq,
		    st.hdr.player[me].seat, st.hdr.player[me].seat);
		goto out;
	}
	r->theirs_first = k < mt.n ? mt.a[k].seq : 0;
	r->theirs_last = mt.n ? mt.a[mt.n - 1].seq : 0;
	r->ours_first = st.nactions + 1;
	for (size_t j = i; j < mo.n; j++) {
		rc = save_play(&st, mo.a[j].text, strlen(mo.a[j].text), sk,
		    &out, e);
		if (rc != 0) {
			char why[ERR_MSG_MAX];

			snprintf(why, sizeof why, "%s", e ? e->msg : "");
			rc = err_set(e, ERR_REFUSED, "your move %llu '%s' cannot "
			    "follow %s's new moves (to %llu): %s; nothing was "
			    "changed", (unsigned long long)mo.a[j].seq,
			    mo.a[j].text, r->upstream,
			    (unsigned long long)r->theirs_last, why);
			goto out;
		}
	}
	if ((rc = save_seal(&st, sk, &out, e)) != 0)
		goto out;
	r->ours_last = st.nactions;
	r->after = st.nactions;
	*reslen = (size_t)st.disk_body + out.len;
	if ((p = malloc(*reslen + 1)) == NULL) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	memcpy(p, theirs, (size_t)st.disk_body);
	memcpy(p + st.disk_body, out.p, out.len);
	*res = p;
	r->what = TGIT_SYNC_REBASED;
out:
	if (sk != NULL)
		sodium_free(sk);
	buf_release(&out);
	save_release(&so);
	save_release(&st);
	savecheck_map_release(&mo);
	savecheck_map_release(&mt);
	return rc;
}

/*
 * Sync into a clone made before the game was pushed: the branch is
 * unborn and the file missing.  Take the remote's branch: the file
 * (which must verify) through atomic.h, then the rest of the tree.
 */
static int
first_sync(const struct tgit_opts *o, const char *remote,
    struct tgit_sync_result *r, struct err *e)
{
	char dir[PATH_MAX], real[PATH_MAX], rel[PATH_MAX], upref[600];
	const char *base = strrchr(o->path, '/'), *wd, *bname;
	git_repository *repo = NULL;
	git_reference *head = NULL, *branch = NULL;
	git_commit *target = NULL;
	git_blob *rb = NULL;
	git_checkout_options co;
	struct atomic_file a;
	struct save s;
	mode_t um = umask(022);
	git_oid up;
	int rc = 0;

	umask(um);
	save_init(&s, o->path);
	git_checkout_options_init(&co, GIT_CHECKOUT_OPTIONS_VERSION);
	if (base == NULL) {
		snprintf(dir, sizeof dir, ".");
		base = o->path;
	} else {
		snprintf(dir, sizeof dir, "%.*s", (int)(base - o->path),
		    o->path);
		if (dir[0] == '\0')
			snprintf(dir, sizeof dir, "/");
		base++;
	}
	if (realpath(dir, real) == NULL ||
	    git_repository_open_ext(&repo, real, 0, NULL) != 0 ||
	    (wd = git_repository_workdir(repo)) == NULL) {
		rc = err_set(e, ERR_IO, "cannot open '%s': %s", o->path,
		    strerror(ENOENT));
		goto out;
	}
	/* wd ends in '/'; real is wd without it, or a directory below. */
	if (strlen(real) + 1 == strlen(wd) &&
	    strncmp(real, wd, strlen(real)) == 0)
		snprintf(rel, sizeof rel, "%s", base);
	else if (strncmp(real, wd, strlen(wd)) == 0)
		snprintf(rel, sizeof rel, "%s/%s", real + strlen(wd), base);
	else {
		rc = err_set(e, ERR_IO, "cannot open '%s': %s", o->path,
		    strerror(ENOENT));
		goto out;
	}
	if (git_repository_head_unborn(repo) != 1 ||
	    git_reference_lookup(&head, repo, "HEAD") != 0 ||
	    git_reference_type(head) != GIT_REFERENCE_SYMBOLIC) {
		rc = err_set(e, ERR_IO, "cannot open '%s': %s", o->path,
		    strerror(ENOENT));
		goto out;
	}
	bname = git_reference_symbolic_target(head);
	if (strncmp(bname, "refs/heads/", 11) == 0)
		bname += 11;
	snprintf(upref, sizeof upref, "refs/remotes/%s/%s", remote, bname);
	snprintf(r->upstream, sizeof r->upstream, "%s/%s", remote, bname);
	if ((rc = tgit_fetch(repo, remote, e)) != 0)
		goto out;
	if (git_reference_name_to_id(&up, repo, upref) != 0) {
		rc = err_set(e, ERR_USAGE, "%s does not exist: has anyone "
		    "pushed the game yet? (trigon push)", r->upstream);
		goto out;
	}
	if (blob_at(&rb, repo, &up, rel, e) != 0) {
		rc = err_set(e, ERR_REFUSED, "%s has no '%s'; nothing was "
		    "changed", r->upstream, rel);
		goto out;
	}
	if ((rc = savecheck_verify(&s, o->path, git_blob_rawcontent(rb),
	    (size_t)git_blob_rawsize(rb), e)) != 0)
		goto out;
	r->what = TGIT_SYNC_FASTFORWARD;
	r->after = s.nactions;
	if (git_commit_lookup(&target, repo, &up) != 0) {
		rc = tgit_gerr(e, ERR_DAMAGED, "cannot read %s", r->upstream);
		goto out;
	}
	co.checkout_strategy = GIT_CHECKOUT_SAFE | GIT_CHECKOUT_DRY_RUN;
	if (git_checkout_tree(repo, (git_object *)target, &co) != 0) {
		rc = tgit_gerr(e, ERR_REFUSED, "cannot update the work tree; "
		    "nothing was changed");
		goto out;
	}
	if ((rc = atomic_begin(&a, o->path, 0666 & ~um, e)) != 0 ||
	    (rc = atomic_write(&a, git_blob_rawcontent(rb),
	    (size_t)git_blob_rawsize(rb), e)) != 0 ||
	    (rc = atomic_commit(&a, 0, -1, 0, e)) != 0)
		goto out;
	/* The branch, then the index, then the other files. */
	co.checkout_strategy = GIT_CHECKOUT_SAFE |
	    GIT_CHECKOUT_RECREATE_MISSING;
	if (git_reference_create(&branch, repo,
	    git_reference_symbolic_target(head), &up, 0, "trigon sync") != 0 ||
	    git_reset(repo, (git_object *)target, GIT_RESET_MIXED, NULL) != 0 ||
	    git_checkout_tree(repo, (git_object *)target, &co) != 0) {
		rc = tgit_gerr(e, ERR_IO, "the save file is there, but git "
		    "could not follow");
		goto out;
	}
	git_branch_set_upstream(branch, r->upstream);
	git_oid_tostr(r->oid, sizeof r->oid, &up);
out:
	save_release(&s);
	git_blob_free(rb);
	git_commit_free(target);
	git_reference_free(branch);
	git_reference_free(head);
	git_repository_free(repo);
	return rc;
}

/*
 * The commit of a sync that re-signed our moves or merged both sides
 * (tgit_sync): s verifies res again, the author is o's or the seat's
 * that moved last, the message says what was merged.
 */
static int
commit_merged(const struct tgit_opts *o, git_repository *repo,
    const char *rel, const char *res, size_t reslen, const git_oid *local,
    const git_oid *up, struct tgit_sync_result *r, struct save *s,
    git_oid *newid, struct err *e)
{
	const char *name = o->name, *email = o->email;
	char msg[1024], id6[7], range[64];
	int rc, seat;

	save_release(s);
	save_init(s, o->path);
	if ((rc = savecheck_verify(s, o->path, res, reslen,
	    e)) != 0)
		return rc;
	seat = s->last_seat >= 0 ? s->last_seat : 0;
	if (name == NULL || name[0] == '\0')
		name = s->hdr.player[seat].name;
	if (email == NULL || email[0] == '\0')
		email = s->hdr.player[seat].email;
	sodium_bin2hex(id6, sizeof id6, s->hdr.game_id, 3);
	if (r->what == TGIT_SYNC_ANSWERS) {
		snprintf(msg, sizeof msg, "trigon %s: %s's "
		    "answers merged with yours (move %llu)\n",
		    id6, r->upstream,
		    (unsigned long long)s->nactions);
	} else if (r->what == TGIT_SYNC_MERGED) {
		snprintf(msg, sizeof msg, "trigon %s: %s's "
		    "other changes, no new moves (yours to "
		    "%llu kept)\n", id6, r->upstream,
		    (unsigned long long)s->nactions);
	} else if (r->what == TGIT_SYNC_REBASED) {
		tgit_range(range, sizeof range, r->ours_first,
		    r->ours_last);
		snprintf(msg, sizeof msg, "trigon %s: %s %s, "
		    "played again after %s's moves to %llu\n",
		    id6, range, s->hdr.player[seat].seat,
		    r->upstream,
		    (unsigned long long)r->theirs_last);
	} else {
		snprintf(msg, sizeof msg, "trigon %s: %s's "
		    "moves to %llu, with your other changes\n",
		    id6, r->upstream,
		    (unsigned long long)s->nactions);
	}
	return merged_commit(repo, rel, res, reslen, local, up, name, email,
	    msg, newid, e);
}

/*
 * The end of tgit_sync: the file waiting after a stopped sync must be
 * the very one this sync makes (resume); check out the new commit newid
 * (a dry run over everything else, then our file through atomic.h, then
 * the rest) and move the branch.
 */
static int
check_out(const struct tgit_opts *o, git_repository *repo,
    git_reference *head, const char *rel, const git_oid *newid,
    const char *work, size_t worklen, const char *res, size_t reslen,
    int resume, const char *dirty, size_t dirtylen,
    struct tgit_sync_result *r, struct err *e)
{
	git_checkout_options co;
	git_commit *target = NULL;
	git_reference *newhead = NULL;
	int rc = 0;

	git_checkout_options_init(&co, GIT_CHECKOUT_OPTIONS_VERSION);
	if (resume) {
		/* Only the very file this sync makes may be waiting. */
		char *cur = NULL;
		size_t curlen;

		if ((rc = tgit_read_file(o->path, &cur, &curlen, e)) != 0)
			goto done;
		if (curlen != reslen || memcmp(cur, res, reslen) != 0) {
			free(cur);
			rc = edited(o->path, rel, dirty, dirtylen,
			    r->upstream, e);
			goto done;
		}
		free(cur);
	}
	/* Check out: first a dry run over everything else, then our file
	 * through atomic.h, then the rest, then move the branch. */
	if (git_commit_lookup(&target, repo, newid) != 0) {
		rc = tgit_gerr(e, ERR_DAMAGED, "cannot read the new commit");
		goto done;
	}
	co.checkout_strategy = GIT_CHECKOUT_SAFE | GIT_CHECKOUT_DRY_RUN;
	if (git_checkout_tree(repo, (git_object *)target, &co) != 0) {
		rc = tgit_gerr(e, ERR_REFUSED, "cannot update the work tree; "
		    "nothing was changed");
		goto done;
	}
	if (!resume && (rc = replace_file(o->path, work, worklen, res, reslen,
	    e)) != 0)
		goto done;
	co.checkout_strategy = GIT_CHECKOUT_SAFE;
	if (git_checkout_tree(repo, (git_object *)target, &co) != 0 ||
	    git_reference_set_target(&newhead, head, newid,
	    "trigon sync") != 0) {
		rc = tgit_gerr(e, ERR_IO, "the save file is updated, but git "
		    "could not follow (run trigon sync again to finish)");
		goto done;
	}
	if ((rc = tgit_stage(repo, rel, e)) != 0)
		goto done;
	git_oid_tostr(r->oid, sizeof r->oid, newid);
done:
	git_commit_free(target);
	git_reference_free(newhead);
	return rc;
}

int
tgit_sync(const struct tgit_opts *o, struct tgit_sync_result *r,
    struct err *e)
{
	const char *remote = o->remote && o->remote[0] ? o->remote : "origin";
	git_repository *repo = NULL;
	git_reference *head = NULL;
	git_blob *hb = NULL, *rb = NULL;
	char rel[PATH_MAX], upref[256], dst[256], *work = NULL, *res = NULL;
	char *dirty = NULL;
	size_t worklen, reslen = 0, headlen, dirtylen = 0;
	git_oid local, up, base, newid;
	struct save s;
	int rc, resume = 0;

	memset(r, 0, sizeof *r);
	save_init(&s, o->path);
	if (access(o->path, F_OK) != 0 && errno == ENOENT)
		return first_sync(o, remote, r, e);
	if ((rc = tgit_open_for(&repo, rel, sizeof rel, o->path, e)) != 0)
		goto out;
	if ((rc = tgit_branches(repo, remote, &head, upref, sizeof upref,
	    r->upstream, sizeof r->upstream, dst, sizeof dst, e)) != 0)
		goto out;
	if ((rc = tgit_fetch(repo, remote, e)) != 0)
		goto out;
	if (git_reference_name_to_id(&up, repo, upref) != 0) {
		rc = err_set(e, ERR_USAGE, "%s does not exist: has anyone "
		    "pushed the game yet? (trigon push)", r->upstream);
		goto out;
	}
	local = *git_reference_target(head);
	/*
	 * The work tree's file must be HEAD's -- or exactly what this sync
	 * makes of HEAD's: a sync stopped between writing the file and
	 * moving the branch (killed, a failing disk) is then finished by
	 * the next one (resume), as the re-signed lines come out the same
	 * (Ed25519 signatures are deterministic).
	 */
	if ((rc = tgit_read_file(o->path, &work, &worklen, e)) != 0)
		goto out;
	if (blob_at(&hb, repo, &local, rel, e) != 0) {
		rc = uncommitted(o->path, e);
		goto out;
	}
	if ((size_t)git_blob_rawsize(hb) != worklen ||
	    memcmp(git_blob_rawcontent(hb), work, worklen) != 0) {
		resume = 1;
		headlen = (size_t)git_blob_rawsize(hb);
		dirty = work;
		dirtylen = worklen;
		if ((work = malloc(headlen + 1)) == NULL) {
			rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
		memcpy(work, git_blob_rawcontent(hb), headlen);
		worklen = headlen;
	}
	if ((rc = savecheck_verify(&s, o->path, work, worklen, e)) != 0) {
		if (rc == ERR_REFUSED || rc == ERR_DAMAGED)
			way_back(e, NULL, r->upstream);
		goto out;
	}
	r->before = r->after = s.nactions;
	if (resume && (git_oid_equal(&local, &up) ||
	    git_graph_descendant_of(repo, &local, &up) == 1)) {
		rc = edited(o->path, rel, dirty, dirtylen, r->upstream,
		    e);
		goto out;
	}
	if (git_oid_equal(&local, &up) ||
	    git_graph_descendant_of(repo, &local, &up) == 1) {
		r->what = git_oid_equal(&local, &up) ? TGIT_SYNC_UPTODATE :
		    TGIT_SYNC_AHEAD;
		git_oid_tostr(r->oid, sizeof r->oid, &local);
		goto out;
	}
	if (blob_at(&rb, repo, &up, rel, e) != 0) {
		rc = err_set(e, ERR_REFUSED, "%s has no '%s'; nothing was "
		    "changed", r->upstream, rel);
		goto out;
	}
	if (git_merge_base(&base, repo, &local, &up) == 0 &&
	    git_oid_equal(&base, &local)) {
		/* Fast-forward; their file must still verify and extend
		 * ours. */
		if ((rc = savecheck_append(rel, work, worklen,
		    git_blob_rawcontent(rb), (size_t)git_blob_rawsize(rb),
		    e)) != 0) {
			if (resume && rc == ERR_REFUSED)
				rc = edited(o->path, rel, dirty, dirtylen,
				    r->upstream, e);
			else if (e != NULL)
				snprintf(e->msg + strlen(e->msg), sizeof e->msg -
				    strlen(e->msg), " (in %s); nothing was "
				    "changed", r->upstream);
			goto out;
		}
		newid = up;
		reslen = (size_t)git_blob_rawsize(rb);
		if ((res = malloc(reslen + 1)) == NULL) {
			rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
		memcpy(res, git_blob_rawcontent(rb), reslen);
		r->what = TGIT_SYNC_FASTFORWARD;
		save_release(&s);
		save_init(&s, o->path);
		if ((rc = savecheck_verify(&s, o->path, res, reslen, e)) != 0)
			goto out;
		r->after = s.nactions;
	} else {
		if ((rc = rebase(o, rel, work, worklen,
		    git_blob_rawcontent(rb), (size_t)git_blob_rawsize(rb), r,
		    &res, &reslen, e)) != 0) {
			if (resume && rc == ERR_REFUSED)
				rc = edited(o->path, rel, dirty, dirtylen,
				    r->upstream, e);
			goto out;
		}
		if ((rc = commit_merged(o, repo, rel, res, reslen, &local, &up,
		    r, &s, &newid, e)) != 0)
			goto out;
	}
	rc = check_out(o, repo, head, rel, &newid, work, worklen, res, reslen,
	    resume, dirty, dirtylen, r, e);
out:
	(void)dst;
	free(work);
	free(dirty);
	free(res);
	save_release(&s);
	git_blob_free(hb);
	git_blob_free(rb);
	git_reference_free(head);
	git_repository_free(repo);
	return rc;
}

/* The refusal of a save file that differs from HEAD's otherwise. */
/*
 * A save file that does not verify, edited by hand or damaged: say how
 * to get the shared game back, and that sync sent nothing.  rel: the
 * work tree's file differs from HEAD's (git checkout takes HEAD's
 * back); NULL: HEAD's own file fails (only the remote's branch helps).
 */
static void
way_back(struct err *e, const char *rel, const char *upstream)
{
	size_t n;

	if (e == NULL)
		return;
	n = strlen(e->msg);
	if (rel != NULL)
		snprintf(e->msg + n, sizeof e->msg - n, "; to get back the "
		    "game as last committed: git checkout -- '%s' (or the "
		    "shared game: git reset --hard %s, which drops your "
		    "commits not pushed); nothing was sent, nothing changed",
		    rel, upstream);
	else
		snprintf(e->msg + n, sizeof e->msg - n, "; your last commit "
		    "holds this file: to get back the shared game, git reset "
		    "--hard %s (which drops your commits not pushed); nothing "
		    "was sent, nothing changed", upstream);
}

/*
 * The work tree's file (dirty) differs from HEAD's and is not what this
 * sync makes of it: refused.  Changes not committed, when it verifies;
 * else a file edited by hand or damaged, with the way back.
 */
static int
edited(const char *path, const char *rel, const char *dirty, size_t len,
    const char *upstream, struct err *e)
{
	struct save *s = calloc(1, sizeof *s);
	int rc;

	if (s == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	err_clear(e);
	rc = savecheck_verify(s, path, dirty, len, e);
	save_release(s);
	free(s);
	if (rc == ERR_REFUSED || rc == ERR_DAMAGED) {
		way_back(e, rel, upstream);
		return rc;
	}
	return uncommitted(path, e);
}

static int
uncommitted(const char *path, struct err *e)
{
	return err_set(e, ERR_REFUSED, "'%s' has changes that are not "
	    "committed; commit them first (trigon move --commit, or git "
	    "commit); nothing was changed", path);
}

/*
 * push sends commits, so a save file whose moves are not committed
 * would stay behind while push says "up to date": refuse,
 * saying which moves and how to commit them.
 */
int
tgit_committed(git_repository *repo, const char *rel, const char *path,
    const git_oid *head, struct err *e)
{
	git_blob *hb = NULL;
	struct save sh, sw;
	struct err scratch;
	char *work = NULL, range[64];
	size_t worklen;
	int rc;

	if ((rc = tgit_read_file(path, &work, &worklen, e)) != 0)
		return rc;
	save_init(&sh, rel);
	save_init(&sw, rel);
	err_clear(&scratch);
	if (blob_at(&hb, repo, head, rel, &scratch) != 0) {
		rc = err_set(e, ERR_REFUSED, "'%s' is not committed; nothing "
		    "was pushed: commit it first (git add '%s', git commit), "
		    "then push", path, path);
		goto out;
	}
	if ((size_t)git_blob_rawsize(hb) == worklen &&
	    memcmp(git_blob_rawcontent(hb), work, worklen) == 0)
		goto out;
	if (savecheck_append(rel, git_blob_rawcontent(hb),
	    (size_t)git_blob_rawsize(hb), work, worklen, &scratch) != 0 ||
	    savecheck_verify(&sh, rel, git_blob_rawcontent(hb),
	    (size_t)git_blob_rawsize(hb), &scratch) != 0 ||
	    savecheck_verify(&sw, rel, work, worklen, &scratch) != 0 ||
	    sw.nactions <= sh.nactions) {
		rc = err_set(e, ERR_REFUSED, "'%s' differs from its last "
		    "commit, and not only by new moves; nothing was pushed: "
		    "see git diff '%s'", path, path);
		goto out;
	}
	tgit_range(range, sizeof range, sh.nactions + 1, sw.nactions);
	rc = err_set(e, ERR_REFUSED, "'%s' has %s, not committed: push sends "
	    "commits only, so nothing was pushed; commit first (git commit "
	    "-m '%s' '%s'), then push; trigon move --commit, or commit = "
	    "yes in [git] of the configuration, commits each move as it is "
	    "made", path, range, range, path);
out:
	save_release(&sh);
	save_release(&sw);
	git_blob_free(hb);
	free(work);
	return rc;
}

/*
 * The refusal of a push that is not a fast-forward (theirs: the
 * remote's branch): its save file has moves ours lacks, or the remote
 * has only other commits (someone changed README), which a sync takes
 * without touching our moves.  ERR_CHANGED, as local_check's callers
 * expect.
 */
int
tgit_ahead(git_repository *repo, const char *rel, const git_oid *ours,
    const git_oid *theirs, const char *url, struct err *e)
{
	git_blob *ob = NULL, *tb = NULL;
	struct err scratch;
	int moves = 1;

	err_clear(&scratch);
	if (blob_at(&tb, repo, theirs, rel, &scratch) == 0 &&
	    blob_at(&ob, repo, ours, rel, &scratch) == 0 &&
	    savecheck_append(rel, git_blob_rawcontent(tb),
	    (size_t)git_blob_rawsize(tb), git_blob_rawcontent(ob),
	    (size_t)git_blob_rawsize(ob), &scratch) == 0)
		moves = 0;
	git_blob_free(ob);
	git_blob_free(tb);
	if (moves)
		return err_set(e, ERR_CHANGED, "the push was rejected: '%s' "
		    "has moves you do not have; run trigon sync first", url);
	return err_set(e, ERR_CHANGED, "the push was rejected: '%s' has "
	    "commits you do not have, but no new moves ('%s' there has "
	    "none you lack: someone changed other files); it is safe to run "
	    "trigon sync, which keeps your moves, then push again", url,
	    rel);
}

/* ---- without the network ---------------------------------------------- */

int
tgit_shared(const char *path, const char *remote, struct tgit_shared *out)
{
	git_repository *repo = NULL;
	git_reference *head = NULL;
	git_remote *rem = NULL;
	git_blob *hb = NULL;
	struct err scratch;
	char rel[PATH_MAX], upref[256], dst[256];
	git_oid up;

	memset(out, 0, sizeof *out);
	if (remote == NULL || remote[0] == '\0')
		remote = "origin";
	err_clear(&scratch);
	if (tgit_open_for(&repo, rel, sizeof rel, path, &scratch) != 0)
		return 0;
	/* Shared: the file is committed here and the remote exists. */
	if (git_remote_lookup(&rem, repo, remote) != 0 ||
	    tgit_branches(repo, remote, &head, upref, sizeof upref,
	    out->upstream, sizeof out->upstream, dst, sizeof dst,
	    &scratch) != 0 ||
	    blob_at(&hb, repo, git_reference_target(head), rel, &scratch) != 0)
		goto out;
	out->shared = 1;
	snprintf(out->remote, sizeof out->remote, "%s", remote);
	if (git_reference_name_to_id(&up, repo, upref) == 0 &&
	    !git_oid_equal(&up, git_reference_target(head)) &&
	    git_graph_descendant_of(repo, git_reference_target(head),
	    &up) != 1)
		out->behind = 1;
out:
	git_blob_free(hb);
	git_remote_free(rem);
	git_reference_free(head);
	git_repository_free(repo);
	return 0;
}
