/*
 * http.h -- a small HTTP server for one user on this machine (trigon
 * serve), over libmicrohttpd: bound to the loopback address only, every
 * request checked before any handler sees it.
 *
 * What the server refuses by itself, with 403 and a short text:
 *   - a request without the token (the query argument token=TOKEN, as
 *     Jupyter's URL carries it), compared in constant time;
 *   - a Host header other than 127.0.0.1:PORT or localhost:PORT (a
 *     page of another site reaching the port by DNS rebinding);
 *   - a POST whose Origin is not the server's own, or which has no
 *     Origin but a Sec-Fetch-Site other than same-origin (a page of
 *     another site posting a form: CSRF).
 * Requests are handled one at a time, on the server's own thread.
 * Nothing here knows a game; what lives here does not print or exit.
 */
#ifndef TRIGON_HTTP_H
#define TRIGON_HTTP_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"

/* The largest request body accepted (a POST); more is refused, 413. */
#define HTTP_BODY_MAX 65536
/* The token: HTTP_TOKEN_BYTES random bytes, written in hex. */
#define HTTP_TOKEN_BYTES 24

/* One request as the handler sees it (after the checks above). */
struct http_req {
	const char *method;	/* "GET", "POST", ... */
	const char *path;	/* "/api/state", without the query */
	const char *body;	/* a POST's body, NUL-terminated */
	size_t body_len;
	void *conn;		/* for http_arg */
};

/* The handler's answer: status (200 unless set), its type and body. */
struct http_reply {
	int status;
	const char *type;	/* "application/json", ... */
	struct buf body;
};

typedef void (*http_handler)(void *ctx, const struct http_req *rq,
    struct http_reply *rp);

struct http_server;

/*
 * Listen on 127.0.0.1:port (0: a free port the system picks) and serve
 * requests carrying token (a NUL-terminated string) with fn(ctx, ...)
 * on a thread of the server's.  *out is the server; errors: ERR_IO
 * (the port is taken, no socket) with e saying why.
 */
int http_start(struct http_server **out, uint16_t port, const char *token,
    http_handler fn, void *ctx, struct err *e);

/* The port the server listens on. */
uint16_t http_port(const struct http_server *h);

/* Stop serving, close the socket, free h (NULL is fine). */
void http_stop(struct http_server *h);

/* A query argument of rq's URL, or NULL. */
const char *http_arg(const struct http_req *rq, const char *name);

/* A new random token into hex (2 * HTTP_TOKEN_BYTES + 1 bytes). */
void http_token(char *hex);

#endif
