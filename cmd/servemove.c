/*
 * servemove.c -- trigon serve's moves (see serve.h): the actions of a
 * POST signed with the served key and written as trigon move writes
 * them (save_play, move_write: one append under the file's lock,
 * refusals worded as move words them), then the computer's seats'
 * turns (servebot.c); and the computer's advice for the key's seat,
 * as trigon play's hint.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "game.h"
#include "gitcmd.h"
#include "save.h"
#include "search.h"
#include "serve.h"

/* The actions of a POST's body, one a line (as trigon move's
 * operands), into act[max]; the body is cut in place.  Returns their
 * count. */
static int
split_actions(char *body, char **act, int max)
{
	int n = 0;

	for (char *save, *line = strtok_r(body, "\r\n", &save); line != NULL &&
	    n < max; line = strtok_r(NULL, "\r\n", &save))
		if (line[strspn(line, " \t")] != '\0')
			act[n++] = line;
	return n;
}

/* Sign acts[0..n) into out as trigon move does; *played counts those
 * played (a fair game's event stops the rest).  Refusals as move words
 * them into the reply; returns 0 when all went in. */
static int
play_actions(const struct serve *sv, struct save *s, char **act, int n,
    struct buf *out, int *played, struct http_reply *rp)
{
	struct err e;
	int i, rc;

	err_clear(&e);
	for (i = 0; i < n; i++) {
		rc = save_play(s, act[i], strlen(act[i]), sv->sk, out, &e);
		if (rc == ERR_REFUSED) {
			char tail[256] = "";
			int hint = s->rerr.hint[0] != '\0' &&
			    s->rerr.code != 0;

			if (n > 1)
				snprintf(tail, sizeof tail, "\n%s: nothing was "
				    "written (action %d of %d was refused)",
				    sv->path, i + 1, n);
			serve_reply_error(rp, 409, "%s: refused: %s%s%s%s",
			    sv->path, e.msg, hint ? "; " : "", hint ?
			    s->rerr.hint : "", tail);
			return -1;
		}
		if (rc != 0) {
			serve_reply_err(rp, 500, &e);
			return -1;
		}
		/* Fair chance: an action that opens a random event is the
		   last one until its releases are in (trigon move). */
		if (save_awaited(s) != 0) {
			i++;
			break;
		}
	}
	*played = i;
	return 0;
}

/* Write out, the actions a POST signed, as trigon move does
 * (move_write, under the file's lock fd); commit them when the
 * configuration says commit = yes in [git], as trigon move does. */
static int
write_out(const struct serve *sv, struct serve_read *r, int fd,
    struct buf *out, uint64_t first, char **act, int played,
    struct http_reply *rp)
{
	struct cmd_ctx c;
	int rc;

	memset(&c, 0, sizeof c);
	c.cmd = &cmd_serve;
	snprintf(c.path, sizeof c.path, "%s", sv->path);
	c.save = &r->s;
	c.fd = fd;
	c.sk = sv->sk;
	memcpy(c.pk, sv->pk, sizeof c.pk);
	if ((rc = move_write(&c, out)) != EXIT_OK)
		serve_reply_error(rp, 500, "%s: cannot write the move "
		    "(the server's terminal says why)", sv->path);
	else
		(void)move_git_commit(sv->path, &r->s, first,
		    (const char *const *)act, (size_t)played, -1);
	fflush(stdout);
	return rc;
}

/* Sign and write the actions of a POST into the file, as trigon move
 * does; *played counts them. */
static int
write_actions(const struct serve *sv, char **act, int n, int *played,
    struct http_reply *rp)
{
	struct serve_read *r = calloc(1, sizeof *r);
	struct buf out = BUF_INIT;
	struct err e;
	uint64_t first;
	int fd = -1, rc = -1;

	if (r == NULL) {
		serve_reply_error(rp, 500, "out of memory");
		return -1;
	}
	if (serve_read_file(sv, r, &fd, &e) != 0)
		serve_reply_err(rp, e.code == ERR_REFUSED ? 409 : 500, &e);
	else {
		first = r->s.nactions + 1;
		if (play_actions(sv, &r->s, act, n, &out, played, rp) == 0)
			rc = write_out(sv, r, fd, &out, first, act, *played,
			    rp);
	}
	if (fd >= 0)
		close(fd);
	buf_release(&out);
	serve_read_free(r);
	return rc == EXIT_OK ? 0 : -1;
}

/* POST /api/move: the body's actions, one a line, signed and written
 * as trigon move writes them; then the computer's seats play at once
 * (servebot.c), and the answer says what the game awaits after them. */
void
serve_post_move(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	char *body = strdup(rq->body), *act[64];
	struct serve_read *r;
	struct err e;
	int n, played = 0, acted = 0;
	json_t *rest;

	if (sv->sk == NULL)
		serve_reply_error(rp, 403, "%s: refused: no key was given: "
		    "start trigon serve with --key KEYFILE to move", sv->path);
	else if (body == NULL)
		serve_reply_error(rp, 500, "out of memory");
	else if ((n = split_actions(body, act, 64)) == 0)
		serve_reply_error(rp, 400, "no action given");
	else if (write_actions(sv, act, n, &played, rp) == 0) {
		if (serve_bots_play(sv, &acted) != EXIT_OK)
			serve_reply_error(rp, 500, "%s: the computer could not "
			    "play (the server's terminal says why)", sv->path);
		else if (serve_read_live(sv, &r, &e) != 0)
			serve_reply_err(rp, 500, &e);
		else {
			rest = json_array();
			for (int i = played; i < n; i++)
				json_array_append_new(rest,
				    json_string(act[i]));
			serve_reply_json(rp, 200, json_pack("{s:i, s:o, s:i, "
			    "s:o}", "played", played, "not_played", rest,
			    "computer", acted, "await", game_await_json(&r->s,
			    sv->path)));
		}
	}
	free(body);
}

/* GET /api/hint: what the computer would play for the key's seat, as
 * trigon play's hint (the choice may name the seat's hidden cards: its
 * own key alone asks). */
void
serve_get_hint(const struct serve *sv, struct http_reply *rp)
{
	char action[RULES_ACTION_MAX];
	struct rules_bot_opts bo = sv->bo;
	struct rules_error rerr;
	struct serve_read *r;
	struct err e;
	int mine;

	memset(&rerr, 0, sizeof rerr);
	if (serve_read_live(sv, &r, &e) != 0) {
		serve_reply_err(rp, 500, &e);
		return;
	}
	mine = sv->sk != NULL ? save_seat_of_key(&r->s, sv->pk) : -1;
	if (mine < 0)
		serve_reply_error(rp, 403, "%s: refused: a hint names a "
		    "player's hidden cards, and %s", sv->path, sv->sk == NULL ?
		    "no key was given" : "this key plays no seat");
	else if (!search_has_player(r->s.rules))
		serve_reply_error(rp, 409, "%s has no computer player to ask",
		    r->s.rules->title);
	else if (search_choose(r->s.rules, r->s.game, mine, &bo, action,
	    sizeof action, &rerr) != 0)
		serve_reply_error(rp, 409, "no hint: %s", rerr.msg);
	else
		serve_reply_json(rp, 200, json_pack("{s:s}", "hint", action));
}
