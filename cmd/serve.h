/*
 * serve.h -- trigon serve: what the command (cmd/serve.c) hands the
 * server's answers (cmd/serveapi.c, cmd/servecache.c) and its computer
 * seats (cmd/servebot.c).
 */
#ifndef TRIGON_CMD_SERVE_H
#define TRIGON_CMD_SERVE_H

#include "cmd.h"
#include "http.h"
#include "rules.h"
#include "save.h"

#include <jansson.h>

struct serve_cache;

struct serve {
	const char *path;	/* the save file */
	unsigned char *sk;	/* the unlocked secret key, or NULL */
	unsigned char pk[32];	/* its public key */
	const char *token;	/* the URL's token (the page names it) */
	/* The computer's seats (their keys made by trigon play or serve
	   --new in CONFIG_DIR/play/GAME-ID/), NULL where none. */
	unsigned char *bot[RULES_MAX_SEATS];
	int nbots;
	struct rules_bot_opts bo;	/* --playouts, --think-ms */
	struct serve_cache *cache;	/* the game last read (servecache.c) */
	struct config *conf;	/* the configuration (sync, push, mail) */
	const char *kpath;	/* the key's file, "" when none */
};

/* A new game against the computer (serve --new), as trigon play's. */
struct serve_new {
	const char *rules;	/* --rules, NULL: the first rule set */
	const char *seed;	/* --seed HEX, NULL: random */
	long vs;		/* --vs N computer seats, -1: unset */
	struct save_header h;	/* --option KEY=VALUE */
};

/* One reading of the file: the log, and a copy of the game at --at. */
struct serve_read {
	struct save s;
	uint64_t at;		/* the action to stop after, with use_at */
	int use_at, nomem;
	struct game *game;	/* the game after action at, or NULL */
	json_t *log, *cur;	/* [{seq, seat, action, notes}] */
	char stamp[128];	/* the file's stamp before it was read */
};

/*
 * servecache.c.  serve_read_file: read and verify the file into r (a
 * calloc'ed struct with at and use_at set), locked when fd is not NULL;
 * an error of the save layer in e.  serve_read_live: the game as the
 * file is now, from the cache when the file's stamp (serve_stamp) has
 * not changed since it was read: borrowed, valid until the next call.
 * serve_stamp: the file's size, inode and time of change as a word.
 */
int serve_read_file(const struct serve *sv, struct serve_read *r, int *fd,
    struct err *e);
void serve_read_free(struct serve_read *r);
int serve_read_live(const struct serve *sv, struct serve_read **out,
    struct err *e);
int serve_stamp(const char *path, char *buf, size_t n);
struct serve_cache *serve_cache_new(void);
void serve_cache_free(struct serve_cache *c);

/*
 * The answer to one request (an http_handler): the page and its files,
 * GET /api/state, /api/stamp, /api/hand, /api/hint, /api/mail, POST
 * /api/move, /api/git, /api/mail, /api/apply (trigon(1), serve).
 */
void serve_handle(void *ctx, const struct http_req *rq,
    struct http_reply *rp);

/*
 * servebot.c.  serve_new_game: write c->path, a new game of nw's rules
 * with c's key in the first seat and nw->vs computer seats; prints
 * what trigon play prints.  serve_bots: find the keys of s's computer
 * seats.  serve_bots_play: the computer plays (and, in a fair game,
 * every seat held here answers) until a seat not held here is awaited
 * or the game is over; *acted counts the appends.  Each returns an
 * exit status (the error said on stderr).
 */
int serve_new_game(struct cmd_ctx *c, struct serve_new *nw);
int serve_bots(struct serve *sv, const struct save *s);
int serve_bots_play(const struct serve *sv, int *acted);
void serve_bots_release(struct serve *sv);

/* serveapi.c: the replies the answers share.  serve_reply_json takes j
 * (a 500 when NULL); serve_reply_err words e as game_report does;
 * serve_view: a view of g as a JSON string (null when none). */
void serve_reply_json(struct http_reply *rp, int status, json_t *j);
void serve_reply_error(struct http_reply *rp, int status, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
void serve_reply_err(struct http_reply *rp, int status,
    const struct err *e);
json_t *serve_view(const struct save *s, const struct game *g,
    enum rules_view view, int viewer, unsigned flags);

/* servemove.c: POST /api/move (then the computer's turns), GET
 * /api/hint. */
void serve_post_move(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);
void serve_get_hint(const struct serve *sv, struct http_reply *rp);

/* serveshare.c: POST /api/git?do=commit|sync|push (trigon move
 * --commit's commit, sync, push); GET /api/mail (trigon mail), POST
 * /api/mail (trigon mail --send); POST /api/apply (trigon apply on the
 * body).  Each answers what the command printed and its exit status.
 * serve_share_json: which of them apply to the game, for the state. */
json_t *serve_share_json(const struct serve *sv, const struct save *s,
    int mine);
void serve_post_git(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);
void serve_mail(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);
void serve_post_apply(const struct serve *sv, const struct http_req *rq,
    struct http_reply *rp);

#endif
