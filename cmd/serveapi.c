/*
 * serveapi.c -- the answers of trigon serve (see serve.h): the page,
 * the state of the game as JSON (the board as `trigon board --svg`
 * draws it, what is awaited, the key's own hand as `trigon hand`, its
 * legal actions as `trigon moves`, the log; any past position as
 * `board --at N`) and a seat's hand (the key's own alone); moves and
 * hints are cmd/servemove.c's.  The file is read and verified again
 * whenever it changed (cmd/servecache.c), so another terminal's move
 * shows at the next request.  The key never leaves the server.
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

extern const char serve_page_html[], serve_page_css[], serve_page_js[],
    serve_board_js[];
extern const size_t serve_page_html_len, serve_page_css_len,
    serve_page_js_len, serve_board_js_len;

static void get_page(const struct serve *sv, struct http_reply *rp);
static void get_state(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);
static void get_stamp(const struct serve *sv, struct http_reply *rp);
static void get_hand(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);

void
serve_handle(void *ctx, const struct http_req *rq, struct http_reply *rp)
{
	const struct serve *sv = ctx;
	int get = strcmp(rq->method, "GET") == 0;
	int post = strcmp(rq->method, "POST") == 0;

	if (get && strcmp(rq->path, "/") == 0)
		get_page(sv, rp);
	else if (get && strcmp(rq->path, "/page.css") == 0) {
		rp->type = "text/css; charset=utf-8";
		buf_add(&rp->body, serve_page_css, serve_page_css_len);
	} else if (get && strcmp(rq->path, "/page.js") == 0) {
		rp->type = "text/javascript; charset=utf-8";
		buf_add(&rp->body, serve_page_js, serve_page_js_len);
	} else if (get && strcmp(rq->path, "/board.js") == 0) {
		rp->type = "text/javascript; charset=utf-8";
		buf_add(&rp->body, serve_board_js, serve_board_js_len);
	} else if (get && strcmp(rq->path, "/api/state") == 0)
		get_state(sv, rq, rp);
	else if (get && strcmp(rq->path, "/api/stamp") == 0)
		get_stamp(sv, rp);
	else if (get && strcmp(rq->path, "/api/hand") == 0)
		get_hand(sv, rq, rp);
	else if (get && strcmp(rq->path, "/api/hint") == 0)
		serve_get_hint(sv, rp);
	else if (strcmp(rq->path, "/api/mail") == 0 && (get || post))
		serve_mail(sv, rq, rp);
	else if (post && strcmp(rq->path, "/api/move") == 0)
		serve_post_move(sv, rq, rp);
	else if (post && strcmp(rq->path, "/api/git") == 0)
		serve_post_git(sv, rq, rp);
	else if (post && strcmp(rq->path, "/api/apply") == 0)
		serve_post_apply(sv, rq, rp);
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
void
serve_reply_json(struct http_reply *rp, int status, json_t *j)
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
void
serve_reply_error(struct http_reply *rp, int status, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	serve_reply_json(rp, status, json_pack("{s:o}", "error",
	    game_json_string(msg)));
}

/* An error of the save layer as game_report words it. */
void
serve_reply_err(struct http_reply *rp, int status, const struct err *e)
{
	if (e->file[0] != '\0' && e->line > 0)
		serve_reply_error(rp, status, "%s:%d: error: %s", e->file,
		    e->line,
		    e->msg);
	else if (e->file[0] != '\0')
		serve_reply_error(rp, status, "%s: error: %s", e->file, e->msg);
	else
		serve_reply_error(rp, status, "%s", e->msg);
}

/* A view of g (describe) as a JSON string, or null when none. */
json_t *
serve_view(const struct save *s, const struct game *g,
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

/* The seats the computer plays here: ["blue"]. */
static json_t *
bots_json(const struct serve *sv, const struct save *s)
{
	json_t *a = json_array();

	for (int i = 0; i < s->hdr.nplayers; i++)
		if (sv->bot[i] != NULL)
			json_array_append_new(a, json_string(
			    s->hdr.player[i].seat));
	return a;
}

/* The state of r's game (at r->at with use_at) as the page draws it. */
static json_t *
state_json(const struct serve *sv, const struct serve_read *r)
{
	const struct game *g = r->game != NULL ? r->game : r->s.game;
	int mine = sv->sk != NULL ? save_seat_of_key(&r->s, sv->pk) : -1;
	json_t *legal = json_array();
	char what[512];

	if (mine >= 0 && !r->use_at)
		r->s.rules->legal(r->s.game, mine, emit_legal, legal);
	return json_pack("{s:o, s:s, s:s, s:I, s:o, s:o, s:o, s:o, s:o, s:o, "
	    "s:o, s:O, s:o, s:o, s:s, s:o}",
	    "file", game_json_string(sv->path), "rules", r->s.hdr.rules,
	    "title", r->s.rules->title, "nactions", (json_int_t)r->s.nactions,
	    "at", r->use_at ? json_integer((json_int_t)r->at) : json_null(),
	    "seats", seats_json(&r->s), "mine", mine >= 0 ?
	    json_string(r->s.hdr.player[mine].seat) : json_null(),
	    "await", game_await_json(&r->s, sv->path), "awaits",
	    save_awaits(&r->s, what, sizeof what) > 0 ? json_string(what) :
	    json_null(), "board", serve_view(&r->s, g, RULES_VIEW_BOARD, -1,
	    RULES_VF_SVG), "hand", mine >= 0 ? serve_view(&r->s, g,
	    RULES_VIEW_HAND, mine, 0) : json_null(), "log", r->log,
	    "legal", legal, "computer", bots_json(sv, &r->s), "stamp",
	    r->stamp, "share", serve_share_json(sv, &r->s, mine));
}

/* GET /api/state?at=N: a past position, read afresh (a replay). */
static void
get_state_at(const struct serve *sv, const char *at, struct http_reply *rp)
{
	struct serve_read *r = calloc(1, sizeof *r);
	struct err e;

	if (r == NULL) {
		serve_reply_error(rp, 500, "out of memory");
		return;
	}
	r->use_at = 1;
	if (num_u64(at, strlen(at), 0, UINT64_MAX / 2, 0, &r->at) != 0)
		serve_reply_error(rp, 400, "at takes the number of an action, "
		    "not '%s'", at);
	else if (serve_read_file(sv, r, NULL, &e) != 0)
		serve_reply_err(rp, 500, &e);
	else if (r->game == NULL)
		serve_reply_error(rp, 400, "%s: the game has %llu actions; at "
		    "%llu is past its end", sv->path, (unsigned long long)
		    r->s.nactions, (unsigned long long)r->at);
	else
		serve_reply_json(rp, 200, state_json(sv, r));
	serve_read_free(r);
}

/* GET /api/state[?at=N]: everything the page draws (serve.h); the game
 * as it is now from the cache while the file has not changed. */
static void
get_state(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	const char *at = http_arg(rq, "at");
	struct serve_read *r;
	struct err e;

	if (at != NULL)
		get_state_at(sv, at, rp);
	else if (serve_read_live(sv, &r, &e) != 0)
		serve_reply_err(rp, 500, &e);
	else
		serve_reply_json(rp, 200, state_json(sv, r));
}

/* GET /api/stamp: the file's size, inode and time of change, which the
 * page polls to redraw when another program changed the file (cheap:
 * no reading). */
static void
get_stamp(const struct serve *sv, struct http_reply *rp)
{
	char stamp[128];

	if (serve_stamp(sv->path, stamp, sizeof stamp) != 0) {
		serve_reply_error(rp, 500, "cannot read '%s': %s", sv->path,
		    strerror(errno));
		return;
	}
	serve_reply_json(rp, 200, json_pack("{s:s}", "stamp", stamp));
}

/* GET /api/hand?seat=S: the hand of S, the key's own seat only. */
static void
get_hand(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp)
{
	struct serve_read *r;
	const char *as = http_arg(rq, "seat");
	const char *what = "a hand can show a player's hidden cards";
	struct err e;
	int seat, mine;

	if (serve_read_live(sv, &r, &e) != 0) {
		serve_reply_err(rp, 500, &e);
		return;
	}
	mine = sv->sk != NULL ? save_seat_of_key(&r->s, sv->pk) : -2;
	if (as == NULL || (seat = game_find_seat(&r->s, as)) < 0)
		serve_reply_error(rp, 404, "no player plays '%s' in '%s'",
		    as != NULL ? as : "", sv->path);
	else if (mine == -2)
		serve_reply_error(rp, 403, "%s: refused: %s, and no key was "
		    "given: start trigon serve with --key KEYFILE", sv->path,
		    what);
	else if (seat != mine)
		serve_reply_error(rp, 403, "%s: refused: %s%s%s", sv->path,
		    mine < 0 ? "this key belongs to no player of this game, "
		    "and " : "", what, mine < 0 ? "" : "; this key is another "
		    "player's");
	else
		serve_reply_json(rp, 200, json_pack("{s:s, s:o}", "seat", as,
		    "hand", serve_view(&r->s, r->s.game, RULES_VIEW_HAND, seat,
		    0)));
}

