/*
 * http.c -- the loopback HTTP server of trigon serve over libmicrohttpd
 * (see http.h): the listening socket, the checks every request passes
 * (token, Host, Origin), the body of a POST, and the reply.  What a
 * request asks for is the handler's (cmd/serve.c).
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>
#include <sodium.h>

#include "http.h"

struct http_server {
	struct MHD_Daemon *d;
	int fd;
	uint16_t port;
	char token[2 * HTTP_TOKEN_BYTES + 1];
	char host[2][32];	/* "127.0.0.1:PORT", "localhost:PORT" */
	char origin[2][40];	/* "http://" and each of host */
	http_handler fn;
	void *ctx;
};

/* A request's body while it arrives. */
struct http_body {
	struct buf b;
	int toolong;
};

static int listen_loopback(uint16_t port, int *fd, uint16_t *bound,
    struct err *e);
static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn,
    const char *url, const char *method, const char *version,
    const char *data, size_t *size, void **con_cls);
static void on_done(void *cls, struct MHD_Connection *conn, void **con_cls,
    enum MHD_RequestTerminationCode toe);
static const char *refusal(const struct http_server *h,
    struct MHD_Connection *conn, const char *method);
static enum MHD_Result reply(struct MHD_Connection *conn, int status,
    const char *type, const void *p, size_t n);

int
http_start(struct http_server **out, uint16_t port, const char *token,
    http_handler fn, void *ctx, struct err *e)
{
	struct http_server *h;

	*out = NULL;
	if ((h = calloc(1, sizeof *h)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	if (listen_loopback(port, &h->fd, &h->port, e) != 0) {
		free(h);
		return e->code;
	}
	snprintf(h->token, sizeof h->token, "%s", token);
	snprintf(h->host[0], sizeof h->host[0], "127.0.0.1:%u", h->port);
	snprintf(h->host[1], sizeof h->host[1], "localhost:%u", h->port);
	snprintf(h->origin[0], sizeof h->origin[0], "http://127.0.0.1:%u",
	    h->port);
	snprintf(h->origin[1], sizeof h->origin[1], "http://localhost:%u",
	    h->port);
	h->fn = fn;
	h->ctx = ctx;
	/* One thread serves every request, one after another. */
	h->d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD |
	    MHD_USE_ERROR_LOG, 0, NULL, NULL, on_request, h,
	    MHD_OPTION_LISTEN_SOCKET, (MHD_socket)h->fd,
	    MHD_OPTION_NOTIFY_COMPLETED, on_done, (void *)NULL,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned)32,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
	    MHD_OPTION_END);
	if (h->d == NULL) {
		close(h->fd);
		free(h);
		return err_set(e, ERR_IO, "cannot start the HTTP server");
	}
	*out = h;
	return 0;
}

/* A socket listening on 127.0.0.1:port: the loopback address alone. */
static int
listen_loopback(uint16_t port, int *fd, uint16_t *bound, struct err *e)
{
	struct sockaddr_in a;
	socklen_t len = sizeof a;
	int one = 1;

	if ((*fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return err_set(e, ERR_IO, "cannot open a socket: %s",
		    strerror(errno));
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons(port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(*fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (bind(*fd, (struct sockaddr *)&a, sizeof a) != 0 ||
	    listen(*fd, 16) != 0 ||
	    getsockname(*fd, (struct sockaddr *)&a, &len) != 0) {
		err_set(e, ERR_IO, "cannot listen on 127.0.0.1 port %u: %s",
		    port, strerror(errno));
		close(*fd);
		return e->code;
	}
	*bound = ntohs(a.sin_port);
	return 0;
}

uint16_t
http_port(const struct http_server *h)
{
	return h->port;
}

void
http_stop(struct http_server *h)
{
	if (h == NULL)
		return;
	MHD_stop_daemon(h->d);
	close(h->fd);
	sodium_memzero(h->token, sizeof h->token);
	free(h);
}

const char *
http_arg(const struct http_req *rq, const char *name)
{
	return MHD_lookup_connection_value(rq->conn, MHD_GET_ARGUMENT_KIND,
	    name);
}

void
http_token(char *hex)
{
	unsigned char r[HTTP_TOKEN_BYTES];

	randombytes_buf(r, sizeof r);
	sodium_bin2hex(hex, 2 * HTTP_TOKEN_BYTES + 1, r, sizeof r);
	sodium_memzero(r, sizeof r);
}

/*
 * libmicrohttpd calls this first with the headers (*con_cls NULL), then
 * with each piece of the body, then once more with none: the request
 * is checked and handled then.
 */
static enum MHD_Result
on_request(void *cls, struct MHD_Connection *conn, const char *url,
    const char *method, const char *version, const char *data,
    size_t *size, void **con_cls)
{
	struct http_server *h = cls;
	struct http_body *b = *con_cls;
	struct http_req rq;
	struct http_reply rp = { 200, "text/plain; charset=utf-8", BUF_INIT };
	const char *why;
	enum MHD_Result r;

	(void)version;
	if (b == NULL) {
		if ((b = calloc(1, sizeof *b)) == NULL)
			return MHD_NO;
		*con_cls = b;
		return MHD_YES;
	}
	if (*size > 0) {
		if (b->b.len + *size > HTTP_BODY_MAX ||
		    buf_add(&b->b, data, *size) < 0)
			b->toolong = 1;
		*size = 0;
		return MHD_YES;
	}
	if ((why = refusal(h, conn, method)) != NULL)
		return reply(conn, 403, "text/plain; charset=utf-8", why,
		    strlen(why));
	if (b->toolong)
		return reply(conn, 413, "text/plain; charset=utf-8",
		    "too large\n", 10);
	if (buf_add(&b->b, "", 1) < 0)
		return MHD_NO;
	rq.method = method;
	rq.path = url;
	rq.body = b->b.p;
	rq.body_len = b->b.len - 1;
	rq.conn = conn;
	h->fn(h->ctx, &rq, &rp);
	r = reply(conn, rp.status, rp.type, rp.body.p, rp.body.len);
	buf_release(&rp.body);
	return r;
}

static void
on_done(void *cls, struct MHD_Connection *conn, void **con_cls,
    enum MHD_RequestTerminationCode toe)
{
	struct http_body *b = *con_cls;

	(void)cls;
	(void)conn;
	(void)toe;
	if (b != NULL) {
		buf_release(&b->b);
		free(b);
	}
	*con_cls = NULL;
}

/* One of two accepted values (Host, Origin), or not. */
static int
one_of(const char *v, const char *a, const char *b)
{
	return v != NULL && (strcmp(v, a) == 0 || strcmp(v, b) == 0);
}

/* Why the request is refused (403), or NULL: see http.h. */
static const char *
refusal(const struct http_server *h, struct MHD_Connection *conn,
    const char *method)
{
	const char *tok = MHD_lookup_connection_value(conn,
	    MHD_GET_ARGUMENT_KIND, "token");
	const char *host = MHD_lookup_connection_value(conn,
	    MHD_HEADER_KIND, "Host");
	const char *origin = MHD_lookup_connection_value(conn,
	    MHD_HEADER_KIND, "Origin");
	const char *site = MHD_lookup_connection_value(conn,
	    MHD_HEADER_KIND, "Sec-Fetch-Site");

	if (tok == NULL || strlen(tok) != strlen(h->token) ||
	    sodium_memcmp(tok, h->token, strlen(tok)) != 0)
		return "forbidden: this URL lacks the token trigon serve "
		    "printed\n";
	if (!one_of(host, h->host[0], h->host[1]))
		return "forbidden: not addressed to this server\n";
	if (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0)
		return NULL;
	if (origin != NULL ? !one_of(origin, h->origin[0], h->origin[1]) :
	    site != NULL && strcmp(site, "same-origin") != 0)
		return "forbidden: a request from another site\n";
	return NULL;
}

static enum MHD_Result
reply(struct MHD_Connection *conn, int status, const char *type,
    const void *p, size_t n)
{
	struct MHD_Response *r;
	enum MHD_Result ok;

	r = MHD_create_response_from_buffer(n, (void *)(uintptr_t)p,
	    MHD_RESPMEM_MUST_COPY);
	if (r == NULL)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	/* Nothing from elsewhere, no inline script (a save file's names
	 * drawn into the SVG cannot run), no framing. */
	MHD_add_response_header(r, "Content-Security-Policy",
	    "default-src 'none'; script-src 'self'; style-src 'self' "
	    "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
	    "frame-ancestors 'none'; form-action 'none'; base-uri 'none'");
	ok = MHD_queue_response(conn, (unsigned)status, r);
	MHD_destroy_response(r);
	return ok;
}
