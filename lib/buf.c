/*
 * buf.c -- growing buffer, whole-file reading, checked formatting (see
 * buf.h).  No printing, no exits: lib/ reports, cmd/ decides.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"

void
buf_init(struct buf *b)
{
	b->p = NULL;
	b->len = b->cap = 0;
}

void
buf_release(struct buf *b)
{
	free(b->p);
	buf_init(b);
}

int
buf_grow(struct buf *b, size_t n)
{
	size_t cap;
	char *t;

	if (n > SIZE_MAX - 1 - b->len)
		return ERR_NOMEM;
	if (b->len + n + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 4096;
	while (cap < b->len + n + 1) {
		if (cap > SIZE_MAX / 2) {
			cap = b->len + n + 1;
			break;
		}
		cap *= 2;
	}
	if ((t = realloc(b->p, cap)) == NULL)
		return ERR_NOMEM;
	b->p = t;
	b->cap = cap;
	return 0;
}

int
buf_add(struct buf *b, const void *p, size_t n)
{
	if (buf_grow(b, n) != 0)
		return ERR_NOMEM;
	if (n > 0)
		memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

int
buf_adds(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

int
buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return ERR_USAGE;
	if (buf_grow(b, (size_t)n) != 0)
		return ERR_NOMEM;
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

int
read_full(int fd, void *p, size_t cap, size_t *n)
{
	*n = 0;
	while (*n < cap) {
		ssize_t r = read(fd, (char *)p + *n, cap - *n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		*n += (size_t)r;
	}
	return 0;
}

int
buf_read_fd(struct buf *b, int fd, size_t max, const char *name,
    struct err *e)
{
	size_t start = b->len, got;

	if (max > SIZE_MAX / 2)
		max = SIZE_MAX / 2;	/* max + 1 must not wrap */
	for (;;) {
		/* Room for what may still come, up to max + 1 to see more. */
		size_t want = max + 1 - (b->len - start), chunk;

		chunk = want < 65536 ? want : 65536;
		if (buf_grow(b, chunk) != 0) {
			b->len = start;
			if (b->p != NULL)
				b->p[start] = '\0';
			return err_set(e, ERR_NOMEM, "out of memory");
		}
		if (read_full(fd, b->p + b->len, chunk, &got) != 0) {
			int saved = errno;

			b->len = start;
			b->p[start] = '\0';
			return err_set(e, ERR_IO, "cannot read '%s': %s", name,
			    strerror(saved));
		}
		b->len += got;
		b->p[b->len] = '\0';
		if (b->len - start > max) {
			b->len = start;
			b->p[start] = '\0';
			return err_set(e, ERR_DAMAGED, "'%s' is larger than "
			    "%zu bytes", name, max);
		}
		if (got < chunk)
			return 0;
	}
}

int
buf_read_file(struct buf *b, const char *path, size_t max, struct err *e)
{
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0)
		return err_set(e, ERR_IO, "cannot open '%s': %s", path,
		    strerror(errno));
	rc = buf_read_fd(b, fd, max, path, e);
	close(fd);
	return rc;
}

int
fmt_into(char *dst, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (size == 0)
		return ERR_USAGE;
	va_start(ap, fmt);
	n = vsnprintf(dst, size, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size) {
		dst[0] = '\0';
		return ERR_USAGE;
	}
	return 0;
}

int
buf_has_line(const char *p, size_t len, const char *l, size_t n)
{
	const char *end = p + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);

		if (k == n && memcmp(p, l, n) == 0)
			return 1;
		p = nl ? nl + 1 : end;
	}
	return 0;
}
