/*
 * buf.h -- the growing byte buffer, reading a whole file, and checked
 * formatting: one of each for the core and every game (git's strbuf,
 * strbuf_read_file and xsnprintf, except that nothing here dies: every
 * failure is a return code, and struct err where a file is named).
 */
#ifndef TRIGON_BUF_H
#define TRIGON_BUF_H

#include <stddef.h>

#include "err.h"

/*
 * p[0..len) are the bytes, always followed by a NUL once anything was
 * added (p is NULL before); cap is what p holds.  Zero-initialise (or
 * BUF_INIT), add, then buf_release().
 */
struct buf {
	char *p;
	size_t len, cap;
};
#define BUF_INIT { NULL, 0, 0 }

void buf_init(struct buf *b);
/* Free what b holds and make it empty again. */
void buf_release(struct buf *b);
/* Room for n more bytes (and the NUL): 0 or ERR_NOMEM (b unchanged). */
int buf_grow(struct buf *b, size_t n);
/* Append n bytes (0 or ERR_NOMEM, b unchanged). */
int buf_add(struct buf *b, const void *p, size_t n);
/* Append a NUL-terminated string. */
int buf_adds(struct buf *b, const char *s);
/* Append printf output: 0, or ERR_NOMEM / ERR_USAGE (bad format), b
 * unchanged. */
int buf_addf(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * read(2) from fd until end of file or until cap bytes are in p;
 * retries EINTR.  0 with *n set, or -1 with errno (and *n what was read).
 */
int read_full(int fd, void *p, size_t cap, size_t *n);

/*
 * Append all that fd holds to b, at most max bytes.  name is the file
 * named in messages.  0; ERR_IO "cannot read 'NAME': ..."; ERR_NOMEM;
 * ERR_DAMAGED "'NAME' is larger than MAX bytes" when there is more
 * (b then keeps nothing new: it is never silently cut).
 */
int buf_read_fd(struct buf *b, int fd, size_t max, const char *name,
    struct err *e);
/*
 * The same for the file at path, opened read-only; ERR_IO "cannot open
 * 'PATH': ..." when it cannot be opened.
 */
int buf_read_file(struct buf *b, const char *path, size_t max,
    struct err *e);

/*
 * snprintf that refuses to cut: 0 when all of the output fit into
 * dst[size], else ERR_USAGE with dst set to "" (never a shortened
 * path or name that means something else).  The caller says what
 * was too long.
 */
int fmt_into(char *dst, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), warn_unused_result));

/* 1 when the n bytes at l are a whole line of p[0..len), else 0. */
int buf_has_line(const char *p, size_t len, const char *l, size_t n);

#endif
