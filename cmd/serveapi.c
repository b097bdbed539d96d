/*
 * serveapi.c -- the answers of trigon serve (see serve.h): the page,
 * the state of the game as JSON (the board as `trigon board --svg`
 * draws it, what is awaited, the key's own hand as `trigon hand`, its
 * legal actions as `trigon moves`, the log; any past position as
 * `board --at N`), a seat's hand (the key's own alone) and a move
 * (as `trigon move` signs and writes it).  The file is read and
 * verified again for every request, so another terminal's move shows
 * at the next one.  The key never leaves the server.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "game.h"
#include "num.h"
#include "save.h"
#include "serve.h"

extern const char serve_page_html[], serve_page_css[], serve_page_js[];
extern const size_t serve_page_html_len, serve_page_css_len,
    serve_page_js_len;

/* One reading of the file: the log, and a copy of the game at --at. */
struct serve_read {
	struct save s;
	uint64_t at;		/* the action to stop after, with use_at */
	int use_at, nomem;
	struct game *game;	/* the game after action at, or NULL */
	json_t *log, *cur;	/* [{seq, seat, action, notes}] */
};

static void get_page(const struct serve *sv, struct http_reply *rp);
static void get_state(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);
static void get_stamp(const struct serve *sv, struct http_reply *rp);
static void get_hand(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);
static void post_move(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);

void
serve_handle(void *ctx, const struct http_req *rq, struct http_reply *rp)
{
	const struct serve *sv = ctx;
	int get = strcmp(rq->method, "GET") == 0;

	if (get && strcmp(rq->path, "/") == 0)
		get_page(sv, rp);
	else if (get && strcmp(rq->path, "/page.css") == 0) {
		rp->type = "text/css; charset=utf-8";
		buf_add(&rp->body, serve_page_css, serve_page_css_len);
	} else if (get && strcmp(rq->path, "/page.js") == 0) {
		rp->type = "text/javascript; charset=utf-8";
		buf_add(&rp->body, serve_page_js, serve_page_js_len);
	} else if (get && strcmp(rq->path, "/api/state") == 0)
		get_state(sv, rq, rp);
	else if (get && strcmp(rq->path, "/api/stamp") == 0)
		get_stamp(sv, rp);
	else if (get && strcmp(rq->path, "/api/hand") == 0)
		get_hand(sv, rq, rp);
	else if (strcmp(rq->method, "POST") == 0 &&
	    strcmp(rq->path, "/api/move") == 0)
		post_move(sv, rq, rp);
	else {
		rp->status = 404;
		buf_adds(&rp->body, "not found\n");
	}
}

/* The page, its files named with the token (which is hex). */
static void
get_page(const struct serve *sv, struct http_reply *rp)
{
	const char *p = serve_page_html, *end = p + serve_page_html_len, *t;

	rp->type = "text/html; charset=utf-8";
	while ((t = strstr(p, "@TOKEN@")) != NULL && t < end) {
		buf_add(&rp->body, p, (size_t)(t - p));
		buf_adds(&rp->body, sv->token);
		p = t + 7;
	}
	buf_add(&rp->body, p, (size_t)(end - p));
}

/* j as the reply (j taken), or a 500 when it could not be made. */
static void
reply_json(struct http_reply *rp, int status, json_t *j)
{
	char *text = j != NULL ? json_dumps(j, JSON_COMPACT) : NULL;

	json_decref(j);
	rp->type = "application/json";
	rp->status = text != NULL ? status : 500;
	buf_adds(&rp->body, text != NULL ? text : "{\"error\": \"out of "
	    "memory\"}");
	buf_adds(&rp->body, "\n");
	free(text);
}

/* {"error": msg} with status. */
static void
reply_error(struct http_reply *rp, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void
reply_error(struct http_reply *rp, int status, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	reply_json(rp, status, json_pack("{s:o}", "error",
	    game_json_string(msg)));
}

/* An error of the save layer as game_report words it. */
static void
reply_err(struct http_reply *rp, int status, const struct err *e)
{
	if (e->file[0] != '\0' && e->line > 0)
		reply_error(rp, status, "%s:%d: error: %s", e->file, e->line,
		    e->msg);
	else if (e->file[0] != '\0')
		reply_error(rp, status, "%s: error: %s", e->file, e->msg);
	else
		reply_error(rp, status, "%s", e->msg);
}

/* Keep the log, and a copy of the game after action r->at. */
static int
read_event(void *ctx, const struct save *s, const struct save_event *ev)
{
	struct serve_read *r = ctx;

	if (r->use_at && r->game == NULL && !r->nomem &&
	    ((ev->kind == SAVE_EV_START && r->at == 0) ||
	    (ev->kind == SAVE_EV_ACTION && ev->seq == r->at))) {
		r->game = s->rules->clone(s->game);
		r->nomem = r->game == NULL;
	}
	if (ev->kind == SAVE_EV_ACTION) {
		r->cur = json_pack("{s:I, s:s, s:s%, s:[]}", "seq",
		    (json_int_t)ev->seq, "seat", s->hdr.player[ev->seat].seat,
		    "action", ev->text, ev->len, "notes");
		json_array_append_new(r->log, r->cur);
	} else if (ev->kind == SAVE_EV_NOTE && r->cur != NULL)
		json_array_append_new(json_object_get(r->cur, "notes"),
		    json_stringn(ev->text, ev->len));
	return 0;
}

/* Read and verify the file (locked when fd is not NULL) into r. */
static int
read_file(const struct serve *sv, struct serve_read *r, int *fd,
    struct err *e)
{
	err_clear(e);
	save_init(&r->s, sv->path);
	r->log = json_array();
	r->s.cb = read_event;
	r->s.cbctx = r;
	if (save_load(&r->s, sv->path, fd, e) != 0)
		return e->code;
	if (r->nomem || r->log == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	if (!save_started(&r->s)) {
		char what[512];

		save_awaits(&r->s, what, sizeof what);
		return err_set(e, ERR_REFUSED, "%s: the game has not "
		    "started: it awaits %s (trigon answer)", sv->path, what);
	}
	return 0;
}

static void
read_release(struct serve_read *r)
{
	if (r->game != NULL)
		r->s.rules->free(r->game);
	json_decref(r->log);
	save_release(&r->s);
	free(r);
}

/* A view of g (describe) as a JSON string, or null when none. */
static json_t *
view_string(const struct save *s, const struct game *g,
    enum rules_view view, int viewer, unsigned flags)
{
	char *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);
	json_t *j = NULL;
	int rc;

	if (f == NULL)
		return json_null();
	rc = s->rules->describe(g, view, viewer, flags, f);
	if (fclose(f) == 0 && rc == 0)
		j = json_stringn(p, n);
	free(p);
	return j != NULL ? j : json_null();
}

static int
emit_legal(void *ctx, const char *action)
{
	json_array_append_new(ctx, json_string(action));
	return 0;
}

/* The seats: [{"seat", "name"}]. */
static json_t *
seats_json(const struct save *s)
{
	json_t *a = json_array();

	for (int i = 0; i < s->hdr.nplayers; i++)
		json_array_append_new(a, json_pack("{s:s, s:s}", "seat",
		    s->hdr.player[i].seat, "name", s->hdr.player[i].name));
	return a;
}

/* GET /api/state[?at=N]: everything the page draws (serve.h). */
static void
get_state(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	struct serve_read *r = calloc(1, sizeof *r);
	const char *at = http_arg(rq, "at");
	const struct game *g;
	char what[512];
	struct err e;
	json_t *legal;
	int mine;

	if (r == NULL) {
		reply_error(rp, 500, "out of memory");
		return;
	}
	if (at != NULL && num_u64(at, strlen(at), 0, UINT64_MAX / 2, 0,
	    &r->at) != 0) {
		reply_error(rp, 400, "at takes the number of an action, not "
		    "'%s'", at);
		goto out;
	}
	r->use_at = at != NULL;
	if (read_file(sv, r, NULL, &e) != 0) {
		reply_err(rp, 500, &e);
		goto out;
	}
	if (r->use_at && r->game == NULL) {
		reply_error(rp, 400, "%s: the game has %llu actions; at %llu "
		    "is past its end", sv->path, (unsigned long long)
		    r->s.nactions, (unsigned long long)r->at);
		goto out;
	}
	g = r->game != NULL ? r->game : r->s.game;
	mine = sv->sk != NULL ? save_seat_of_key(&r->s, sv->pk) : -1;
	legal = json_array();
	if (mine >= 0 && !r->use_at)
		r->s.rules->legal(r->s.game, mine, emit_legal, legal);
	reply_json(rp, 200, json_pack("{s:o, s:s, s:s, s:I, s:o, s:o, s:o, "
	    "s:o, s:o, s:o, s:o, s:O, s:o}",
	    "file", game_json_string(sv->path), "rules", r->s.hdr.rules,
	    "title", r->s.rules->title, "nactions", (json_int_t)r->s.nactions,
	    "at", r->use_at ? json_integer((json_int_t)r->at) : json_null(),
	    "seats", seats_json(&r->s), "mine", mine >= 0 ?
	    json_string(r->s.hdr.player[mine].seat) : json_null(),
	    "await", game_await_json(&r->s, sv->path), "awaits",
	    save_awaits(&r->s, what, sizeof what) > 0 ? json_string(what) :
	    json_null(), "board", view_string(&r->s, g, RULES_VIEW_BOARD, -1,
	    RULES_VF_SVG), "hand", mine >= 0 ? view_string(&r->s, g,
	    RULES_VIEW_HAND, mine, 0) : json_null(), "log", r->log,
	    "legal", legal));
out:
	read_release(r);
}

/* GET /api/stamp: the file's size and time of change, which the page
 * polls to redraw when another program changed the file (cheap: no
 * reading). */
static void
get_stamp(const struct serve *sv, struct http_reply *rp)
{
	struct stat st;
	char stamp[96];

	if (stat(sv->path, &st) != 0) {
		reply_error(rp, 500, "cannot read '%s': %s", sv->path,
		    strerror(errno));
		return;
	}
	snprintf(stamp, sizeof stamp, "%lld-%lld.%09ld", (long long)st.st_size,
	    (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
	reply_json(rp, 200, json_pack("{s:s}", "stamp", stamp));
}

/* GET /api/hand?seat=S: the hand of S, the key's own seat only. */
static void
get_hand(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	struct serve_read *r = calloc(1, sizeof *r);
	const char *as = http_arg(rq, "seat");
	const char *what = "a hand can show a player's hidden cards";
	struct err e;
	int seat, mine;

	if (r == NULL) {
		reply_error(rp, 500, "out of memory");
		return;
	}
	if (read_file(sv, r, NULL, &e) != 0) {
		reply_err(rp, 500, &e);
		goto out;
	}
	mine = sv->sk != NULL ? save_seat_of_key(&r->s, sv->pk) : -2;
	if (as == NULL || (seat = game_find_seat(&r->s, as)) < 0)
		reply_error(rp, 404, "no player plays '%s' in '%s'",
		    as != NULL ? as : "", sv->path);
	else if (mine == -2)
		reply_error(rp, 403, "%s: refused: %s, and no key was given: "
		    "start trigon serve with --key KEYFILE", sv->path, what);
	else if (seat != mine)
		reply_error(rp, 403, "%s: refused: %s%s%s", sv->path, mine < 0 ?
		    "this key belongs to no player of this game, and " : "",
		    what, mine < 0 ? "" : "; this key is another player's");
	else
		reply_json(rp, 200, json_pack("{s:s, s:o}", "seat", as, "hand",
		    view_string(&r->s, r->s.game, RULES_VIEW_HAND, seat, 0)));
out:
	read_release(r);
}

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

			if (n > 1)
				snprintf(tail, sizeof tail, "\n%s: nothing was "
				    "written (action %d of %d was refused)",
				    sv->path, i + 1, n);
			reply_error(rp, 409, "%s: refused: %s%s%s%s", sv->path,
			    e.msg, s->rerr.hint[0] != '\0' && s->rerr.code != 0 ?
			    "; " : "", s->rerr.hint[0] != '\0' && s->rerr.code
			    != 0 ? s->rerr.hint : "", tail);
			return -1;
		}
		if (rc != 0) {
			reply_err(rp, 500, &e);
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

/* POST /api/move: the body's actions, one a line, signed and written
 * under the file's lock by trigon move's own write (move_write). */
static void
post_move(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	struct serve_read *r = NULL;
	struct buf out = BUF_INIT;
	struct rules_await aw;
	struct cmd_ctx c;
	struct err e;
	char *body = strdup(rq->body), *act[64];
	int n, played = 0, fd = -1;
	json_t *rest;

	if (sv->sk == NULL) {
		reply_error(rp, 403, "%s: refused: no key was given: start "
		    "trigon serve with --key KEYFILE to move", sv->path);
		goto out;
	}
	if (body == NULL || (r = calloc(1, sizeof *r)) == NULL) {
		reply_error(rp, 500, "out of memory");
		goto out;
	}
	if ((n = split_actions(body, act, 64)) == 0) {
		reply_error(rp, 400, "no action given");
		goto out;
	}
	if (read_file(sv, r, &fd, &e) != 0) {
		reply_err(rp, e.code == ERR_REFUSED ? 409 : 500, &e);
		goto out;
	}
	if (play_actions(sv, &r->s, act, n, &out, &played, rp) != 0)
		goto out;
	memset(&c, 0, sizeof c);
	c.cmd = &cmd_serve;
	snprintf(c.path, sizeof c.path, "%s", sv->path);
	c.save = &r->s;
	c.fd = fd;
	c.sk = sv->sk;
	memcpy(c.pk, sv->pk, sizeof c.pk);
	if (move_write(&c, &out) != EXIT_OK ||
	    game_await(&r->s, sv->path, &aw) != EXIT_OK) {
		reply_error(rp, 500, "%s: cannot write the move (the "
		    "server's terminal says why)", sv->path);
		goto out;
	}
	fflush(stdout);
	rest = json_array();
	for (int i = played; i < n; i++)
		json_array_append_new(rest, json_string(act[i]));
	reply_json(rp, 200, json_pack("{s:i, s:o, s:o}", "played", played,
	    "not_played", rest, "await", game_await_json(&r->s, sv->path)));
out:
	if (fd >= 0)
		close(fd);
	buf_release(&out);
	if (r != NULL)
		read_release(r);
	free(body);
}
