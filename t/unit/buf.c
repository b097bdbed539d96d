/*
 * t/unit/buf.c -- lib/buf.c: the growing buffer, reading whole files
 * (empty, exactly the limit, one byte over, several MiB, missing, a
 * directory), and fmt_into, which refuses to cut.  Linked with the core
 * alone.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tap.h"
#include "buf.h"
#include "rules.h"

static char dir[256];

/* Write n bytes of 'x' (a '\n' every 64) to dir/name; its path. */
static const char *
make_file(const char *name, size_t n)
{
	static char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "w")) == NULL)
		bail("cannot write %s", path);
	for (size_t i = 0; i < n; i++)
		putc(i % 64 == 63 ? '\n' : 'x', f);
	if (fclose(f) != 0)
		bail("cannot write %s", path);
	return path;
}

static void
test_grow(void)
{
	struct buf b = BUF_INIT;
	char big[10000];
	int good = 1;

	is_int(0, buf_add(&b, "", 0), "adding nothing");
	ok(b.p != NULL && b.p[0] == '\0' && b.len == 0,
	    "gives an empty, terminated text");
	is_int(0, buf_adds(&b, "abc"), "buf_adds");
	is_int(0, buf_add(&b, "de\0f", 4), "buf_add takes NUL bytes");
	is_int(7, (long long)b.len, "length 7");
	ok(memcmp(b.p, "abcde\0f", 8) == 0, "the bytes, then a NUL");
	memset(big, 'y', sizeof big);
	for (int i = 0; i < 100; i++)
		good &= buf_add(&b, big, sizeof big) == 0;
	ok(good, "a million bytes in 100 steps");
	is_int(7 + 100 * (long long)sizeof big, (long long)b.len,
	    "all of them kept");
	ok(b.cap > b.len && b.p[b.len] == '\0', "still terminated");
	buf_release(&b);
	ok(b.p == NULL && b.len == 0 && b.cap == 0, "released: empty again");
	is_int(0, buf_addf(&b, "%s-%d", "seat", 3), "buf_addf");
	is_int(0, buf_addf(&b, "%05d", 42), "appends");
	is_string("seat-300042", b.p, "formatted text");
	is_int(ERR_NOMEM, buf_grow(&b, SIZE_MAX), "growing past SIZE_MAX");
	is_string("seat-300042", b.p, "leaves the buffer as it was");
	buf_release(&b);
}

static void
test_read(void)
{
	struct buf b = BUF_INIT;
	struct err e;
	const char *p;
	char want[600];
	int fd;

	err_clear(&e);
	p = make_file("empty", 0);
	is_int(0, buf_read_file(&b, p, 100, &e), "an empty file");
	ok(b.p != NULL && b.len == 0 && b.p[0] == '\0',
	    "is an empty, terminated text");
	buf_release(&b);
	p = make_file("exact", 100);
	is_int(0, buf_read_file(&b, p, 100, &e), "exactly the limit");
	is_int(100, (long long)b.len, "all 100 bytes");
	buf_release(&b);
	p = make_file("over", 101);
	is_int(ERR_DAMAGED, buf_read_file(&b, p, 100, &e),
	    "one byte over the limit");
	snprintf(want, sizeof want, "'%s' is larger than 100 bytes", p);
	is_string(want, e.msg, "says so");
	is_int(0, (long long)b.len, "and keeps nothing (never cut)");
	is_int(0, buf_adds(&b, "kept"), "a buffer with text");
	p = make_file("big", 3 * 1024 * 1024 + 7);
	is_int(0, buf_read_file(&b, p, SIZE_MAX, &e), "3 MiB, no limit");
	is_int(4 + 3 * 1024 * 1024 + 7, (long long)b.len, "appended whole");
	ok(memcmp(b.p, "keptxx", 6) == 0 && b.p[4 + 63] == '\n' &&
	    b.p[b.len] == '\0', "after what was there");
	is_int(ERR_DAMAGED, buf_read_file(&b, p, 3 * 1024 * 1024, &e),
	    "3 MiB + 7 against a 3 MiB limit");
	is_int(4 + 3 * 1024 * 1024 + 7, (long long)b.len,
	    "the buffer is as before");
	buf_release(&b);

	snprintf(want, sizeof want, "%s/nosuch", dir);
	is_int(ERR_IO, buf_read_file(&b, want, 10, &e), "a missing file");
	snprintf(want, sizeof want, "cannot open '%s/nosuch': %s", dir,
	    strerror(ENOENT));
	is_string(want, e.msg, "names it");
	is_int(ERR_IO, buf_read_file(&b, dir, 10, &e), "a directory");
	snprintf(want, sizeof want, "cannot read '%s': %s", dir,
	    strerror(EISDIR));
	is_string(want, e.msg, "cannot be read");
	ok(b.len == 0, "and adds nothing");
	buf_release(&b);

	p = make_file("fd", 130);
	if ((fd = open(p, O_RDONLY)) < 0)
		bail("open %s", p);
	is_int(0, buf_read_fd(&b, fd, 1000, "named", &e), "buf_read_fd");
	is_int(130, (long long)b.len, "reads to the end");
	close(fd);
	buf_release(&b);
	{
		char small[50];
		size_t n;

		if ((fd = open(p, O_RDONLY)) < 0)
			bail("open %s", p);
		is_int(0, read_full(fd, small, sizeof small, &n),
		    "read_full");
		is_int(50, (long long)n, "fills the buffer");
		is_int(0, read_full(fd, small, sizeof small, &n), "again");
		is_int(50, (long long)n, "the next 50");
		is_int(0, read_full(fd, small, sizeof small, &n), "again");
		is_int(30, (long long)n, "the last 30");
		close(fd);
	}
}

static void
test_fmt(void)
{
	char s[8];

	is_int(0, fmt_into(s, sizeof s, "%s/%s", "ab", "cd"), "fits");
	is_string("ab/cd", s, "formatted");
	is_int(0, fmt_into(s, sizeof s, "%s", "1234567"), "7 + NUL fits");
	is_string("1234567", s, "exactly");
	is_int(ERR_USAGE, fmt_into(s, sizeof s, "%s", "12345678"),
	    "8 + NUL does not");
	is_string("", s, "and leaves \"\", never a cut text");
	is_int(ERR_USAGE, fmt_into(s, 0, "x"), "size 0");
	is_int(ERR_USAGE, fmt_into(s, 1, "x"), "size 1 holds only the NUL");
	is_int(0, fmt_into(s, 1, "%s", ""), "the empty string fits it");
}

int
main(void)
{
	snprintf(dir, sizeof dir, "%s/trigon-buf-XXXXXX",
	    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp");
	test_grow();
	test_read();
	test_fmt();
	{
		char cmd[300];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			diag("could not remove %s", dir);
	}
	return done_testing();
}
