/*
 * serveshare.c -- trigon serve's sharing (see serve.h): the page's git
 * buttons run trigon sync's and trigon push's work, its mail buttons
 * trigon mail's (the message shown, or sent by [mail] sendmail) and
 * trigon apply's (on a message pasted into the page), each in the
 * server with the key it unlocked, and each answered with what the
 * command would have printed, its exit status and nothing more.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "game.h"
#include "git.h"
#include "gitcmd.h"
#include "mail.h"
#include "mailcmd.h"
#include "serve.h"

/* One piece of work run as its command would run it. */
struct share_job {
	const struct serve *sv;
	struct cmd_ctx c;
	struct mail_how how;
	const struct http_req *rq;
	int (*fn)(struct share_job *j);
};

/* The context a command's preparation would have made for the file,
 * the configuration and the key the server holds. */
static void
share_ctx(struct share_job *j, const struct cmd *cmd)
{
	memset(&j->c, 0, sizeof j->c);
	j->c.cmd = cmd;
	j->c.flags = cmd->flags;
	snprintf(j->c.path, sizeof j->c.path, "%s", j->sv->path);
	j->c.conf = j->sv->conf;
	j->c.sk = j->sv->sk;
	memcpy(j->c.pk, j->sv->pk, sizeof j->c.pk);
	j->c.mine = j->sv->sk != NULL ? -1 : -2;
	j->c.held = j->sv->sk != NULL;
	j->c.kopt = j->sv->sk != NULL ? j->sv->kpath : NULL;
	j->c.fd = -1;
	j->c.view = -1;
}

/*
 * j's work with the standard output and error taken into out, as the
 * terminal would have shown them (one request is served at a time, and
 * the main thread prints nothing while the server runs).  Returns the
 * work's exit status, or EXIT_DAMAGED when the output could not be
 * taken.
 */
static int
share_run(struct share_job *j, struct buf *out)
{
	FILE *tmp = tmpfile();
	char chunk[4096];
	size_t n;
	int o, e, rc;

	if (tmp == NULL)
		return EXIT_DAMAGED;
	fflush(stdout);
	fflush(stderr);
	o = dup(STDOUT_FILENO);
	e = dup(STDERR_FILENO);
	if (o < 0 || e < 0 || dup2(fileno(tmp), STDOUT_FILENO) < 0 ||
	    dup2(fileno(tmp), STDERR_FILENO) < 0)
		rc = -1;
	else {
		rc = j->fn(j);
		fflush(stdout);
		fflush(stderr);
	}
	if (o >= 0) {
		dup2(o, STDOUT_FILENO);
		close(o);
	}
	if (e >= 0) {
		dup2(e, STDERR_FILENO);
		close(e);
	}
	rewind(tmp);
	while ((n = fread(chunk, 1, sizeof chunk, tmp)) > 0)
		buf_add(out, chunk, n);
	fclose(tmp);
	return rc < 0 ? EXIT_DAMAGED : rc;
}

/* Run j and answer {"status": N, "said": TEXT}: 200 when it succeeded,
 * 409 when the command refused or failed (what it said tells why). */
static void
share_reply(struct share_job *j, struct http_reply *rp)
{
	struct buf out = BUF_INIT;
	int rc = share_run(j, &out);

	serve_reply_json(rp, rc == EXIT_OK ? 200 : 409, json_pack("{s:i, "
	    "s:s%}", "status", rc, "said", out.p != NULL ? out.p : "",
	    out.len));
	buf_release(&out);
}

static int
do_sync(struct share_job *j)
{
	struct sync_did did;

	return sync_pass(&j->c, 0, &did);
}

static int
do_push(struct share_job *j)
{
	int behind;

	return push_pass(&j->c, 0, &behind);
}

static int
do_mail(struct share_job *j)
{
	return mail_make(&j->c, &j->how);
}

/*
 * The commit message of the actions after action n0 in r's log, as
 * trigon move --commit words one move's: "trigon ID: move 57 green:
 * ACTION", or "trigon ID: moves 57-59" with a line "SEQ SEAT ACTION"
 * for each; "trigon ID: answers after move N" when the file holds no
 * new action (releases, answers, claims).
 */
static void
commit_message(char *msg, size_t n, const struct serve_read *r, uint64_t n0)
{
	char id[7];
	uint64_t last = r->s.nactions;
	size_t len, i;
	json_t *e;

	sodium_bin2hex(id, sizeof id, r->s.hdr.game_id, 3);
	if (last <= n0) {
		snprintf(msg, n, "trigon %s: answers after move %llu\n", id,
		    (unsigned long long)last);
		return;
	}
	len = (size_t)snprintf(msg, n, "trigon %s: moves %llu-%llu\n\n", id,
	    (unsigned long long)(n0 + 1), (unsigned long long)last);
	json_array_foreach(r->log, i, e) {
		uint64_t seq = (uint64_t)json_integer_value(json_object_get(e,
		    "seq"));
		const char *seat = json_string_value(json_object_get(e,
		    "seat"));
		const char *act = json_string_value(json_object_get(e,
		    "action"));

		if (seq <= n0 || seat == NULL || act == NULL || len >= n)
			continue;
		if (last == n0 + 1) {
			/* One move: the one line trigon move --commit writes. */
			snprintf(msg, n, "trigon %s: move %llu %s: %s\n", id,
			    (unsigned long long)seq, seat, act);
			return;
		}
		len += (size_t)snprintf(msg + len, n - len, "%llu %s %s\n",
		    (unsigned long long)seq, seat, act);
	}
}

/* The page's commit: the file as it stands, its message naming what
 * it holds beyond the version HEAD has (trigon move --commit's). */
static int
do_commit(struct share_job *j)
{
	struct serve_read *r;
	struct err e;
	char msg[8192];
	uint64_t n0;
	int changed, held, rc;

	err_clear(&e);
	if (tgit_init() != 0) {
		errmsg("cannot start libgit2");
		return EXIT_DAMAGED;
	}
	rc = tgit_head_count(j->c.path, &n0, &changed, &held, &e);
	tgit_shutdown();
	if (rc != 0)
		return game_report(&e, 0);
	if (!changed) {
		printf("%s: nothing to commit: the file is as its last "
		    "commit holds it\n", j->c.path);
		return EXIT_OK;
	}
	if (serve_read_live(j->sv, &r, &e) != 0)
		return game_report(&e, 0);
	commit_message(msg, sizeof msg, r, n0);
	return game_git_commit(j->c.path, &r->s, j->sv->conf, msg);
}

/* trigon apply on the request's body (a message, or an mbox). */
static int
do_apply(struct share_job *j)
{
	struct apply_run r;
	FILE *msg = tmpfile();

	if (msg == NULL || fwrite(j->rq->body, 1, j->rq->body_len, msg) !=
	    j->rq->body_len || fflush(msg) != 0) {
		errmsg("cannot keep the message: out of space");
		if (msg != NULL)
			fclose(msg);
		return EXIT_DAMAGED;
	}
	rewind(msg);
	memset(&r, 0, sizeof r);
	r.path = j->c.path;
	r.sk = j->c.sk;
	mail_init();
	apply_fd(&r, fileno(msg), "the page's message");
	apply_finish(&r, j->c.pk);
	mail_shutdown();
	fclose(msg);
	return r.rc;
}

/*
 * What the page's Share buttons apply to, as the state's "share":
 * "git", the file is committed in its git work tree's HEAD (commit: a
 * file merely lying in some work tree is no game shared by git);
 * "remote", the remote of [git] remote exists too (sync, push, as
 * tgit_shared says); "mail", a seat other than the key's (any, with
 * no key) has an e-mail address (mail, send, apply).
 */
json_t *
serve_share_json(const struct serve *sv, const struct save *s, int mine)
{
	struct tgit_shared sh;
	struct err e;
	uint64_t n0;
	int git = 0, changed, mail = 0;

	memset(&sh, 0, sizeof sh);
	err_clear(&e);
	if (tgit_init() == 0) {
		if (tgit_head_count(sv->path, &n0, &changed, &git, &e) != 0)
			git = 0;
		if (git)
			tgit_shared(sv->path, sv->conf != NULL ?
			    sv->conf->git_remote : NULL, &sh);
		tgit_shutdown();
	}
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (i != mine && s->hdr.player[i].email[0] != '\0')
			mail = 1;
	return json_pack("{s:b, s:b, s:b}", "git", git, "remote",
	    sh.shared != 0, "mail", mail);
}

/* POST /api/git?do=commit|sync|push: the file committed as trigon move
 * --commit commits it, trigon sync, trigon push. */
void
serve_post_git(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	const char *what = http_arg(rq, "do");
	struct share_job j = { .sv = sv, .rq = rq };

	if (what != NULL && strcmp(what, "sync") == 0) {
		share_ctx(&j, &cmd_sync);
		j.fn = do_sync;
	} else if (what != NULL && strcmp(what, "push") == 0) {
		share_ctx(&j, &cmd_push);
		j.fn = do_push;
	} else if (what != NULL && strcmp(what, "commit") == 0) {
		share_ctx(&j, &cmd_serve);
		j.fn = do_commit;
	} else {
		serve_reply_error(rp, 400, "do takes commit, sync or push, "
		    "not '%s'",
		    what != NULL ? what : "");
		return;
	}
	share_reply(&j, rp);
}

/* GET /api/mail: the mail trigon mail prints; POST /api/mail: the
 * same sent by [mail] sendmail (trigon mail --send).  The key names
 * the sender's seat: without one, refused before anything is read. */
void
serve_mail(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	struct share_job j = { .sv = sv, .rq = rq, .fn = do_mail };

	if (sv->sk == NULL) {
		serve_reply_error(rp, 403, "%s: refused: a mail is signed by "
		    "its sender's seat, and no key was given: start trigon "
		    "serve with --key KEYFILE", sv->path);
		return;
	}
	share_ctx(&j, &cmd_mail);
	j.how.send = strcmp(rq->method, "POST") == 0;
	share_reply(&j, rp);
}

/* POST /api/apply: trigon apply on the message in the body. */
void
serve_post_apply(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	struct share_job j = { .sv = sv, .rq = rq, .fn = do_apply };

	share_ctx(&j, &cmd_apply);
	share_reply(&j, rp);
}
