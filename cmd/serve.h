/*
 * serve.h -- trigon serve: what the command (cmd/serve.c) hands the
 * server's answers (cmd/serveapi.c).
 */
#ifndef TRIGON_CMD_SERVE_H
#define TRIGON_CMD_SERVE_H

#include "http.h"

struct serve {
	const char *path;	/* the save file */
	unsigned char *sk;	/* the unlocked secret key, or NULL */
	unsigned char pk[32];	/* its public key */
	const char *token;	/* the URL's token (the page names it) */
};

/*
 * The answer to one request (an http_handler): the page and its files,
 * GET /api/state, GET /api/stamp, GET /api/hand, POST /api/move (trigon(1), serve).
 * The file is read again for every request.
 */
void serve_handle(void *ctx, const struct http_req *rq,
    struct http_reply *rp);

#endif
