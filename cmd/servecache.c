/*
 * servecache.c -- trigon serve's readings of the save file (see
 * serve.h): a reading verifies the whole file (save_load: every
 * signature, the hash chain, every rule) and keeps its log; the last
 * reading of the file as it is now is kept, keyed on the file's stamp
 * (size, inode, time of change: what GET /api/stamp answers), so that
 * the requests between two changes of the file verify it once.  A move
 * reads the file afresh under its lock; a replay (at=N) too.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "game.h"
#include "serve.h"

struct serve_cache {
	struct serve_read *r;	/* the reading of the file at r->stamp */
};

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

int
serve_read_file(const struct serve *sv, struct serve_read *r, int *fd,
    struct err *e)
{
	err_clear(e);
	save_init(&r->s, sv->path);
	/* The stamp from before the reading: a change while it reads
	   makes the next request read again. */
	if (serve_stamp(sv->path, r->stamp, sizeof r->stamp) != 0)
		return err_set(e, ERR_IO, "cannot read '%s': %s", sv->path,
		    strerror(errno));
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

void
serve_read_free(struct serve_read *r)
{
	if (r == NULL)
		return;
	if (r->game != NULL)
		r->s.rules->free(r->game);
	json_decref(r->log);
	save_release(&r->s);
	free(r);
}

int
serve_stamp(const char *path, char *buf, size_t n)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return -1;
	snprintf(buf, n, "%lld-%llu-%lld.%09ld", (long long)st.st_size,
	    (unsigned long long)st.st_ino, (long long)st.st_mtim.tv_sec,
	    (long)st.st_mtim.tv_nsec);
	return 0;
}

int
serve_read_live(const struct serve *sv, struct serve_read **out,
    struct err *e)
{
	struct serve_cache *c = sv->cache;
	struct serve_read *r;
	char stamp[sizeof r->stamp];

	*out = NULL;
	err_clear(e);
	if (serve_stamp(sv->path, stamp, sizeof stamp) != 0)
		return err_set(e, ERR_IO, "cannot read '%s': %s", sv->path,
		    strerror(errno));
	if (c->r != NULL && strcmp(c->r->stamp, stamp) == 0) {
		*out = c->r;
		return 0;
	}
	serve_read_free(c->r);
	c->r = NULL;
	if ((r = calloc(1, sizeof *r)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	if (serve_read_file(sv, r, NULL, e) != 0) {
		serve_read_free(r);
		return e->code;
	}
	*out = c->r = r;
	return 0;
}

struct serve_cache *
serve_cache_new(void)
{
	return calloc(1, sizeof(struct serve_cache));
}

void
serve_cache_free(struct serve_cache *c)
{
	if (c == NULL)
		return;
	serve_read_free(c->r);
	free(c);
}
