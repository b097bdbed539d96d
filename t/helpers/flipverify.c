/*
 * t/helpers/flipverify.c -- a test helper, not part of trigon: flip
 * every bit of every byte of one line of a save file, in turn, and
 * check that each copy fails to load naming that line.
 *
 *   flipverify FILE LINE
 *   flipverify -a FILE
 *
 * Each copy is written to "flipped.trigon" in the current directory
 * and read back by save_load(), the function `trigon verify` calls, so
 * the check is verify's own (t/0240-tamper.t also runs `trigon verify`
 * on some of the copies, for the message and the exit status).  One
 * process for the thousands of copies: under the sanitizers, a trigon
 * process per copy took minutes.
 *
 * With a LINE: prints each flip that loaded, or failed naming another
 * line or with another kind of error, one per line; the count of bytes
 * flipped on standard error.  Exit 0 when every flip was caught at
 * LINE, 1 when one was not, 2 on a usage or I/O error.
 *
 * With -a: one bit of every byte of the whole file (bit OFFSET mod 8),
 * and for each a line "OFFSET LINE CAUGHT": the byte's line and the
 * line the load failed at, or -1 when it loaded or failed with another
 * kind of error.  The test says which lines may catch which flips.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "err.h"
#include "rules.h"
#include "save.h"

#define OUT "flipped.trigon"

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0 || (text = malloc((size_t)n + 1)) == NULL) {
		if (f != NULL)
			fclose(f);
		return NULL;
	}
	if (fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return text;
}

static int
spill(const char *text, size_t len)
{
	FILE *f = fopen(OUT, "wb");
	int ok;

	if (f == NULL)
		return -1;
	ok = fwrite(text, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* Load OUT as `trigon verify` does: the line it is refused at, or -1. */
static long
refused_at(struct err *e)
{
	struct save s;
	int rc;

	err_clear(e);
	save_init(&s, OUT);
	rc = save_load(&s, OUT, NULL, e);
	save_release(&s);
	if (rc == 0 || (e->code != ERR_REFUSED && e->code != ERR_DAMAGED))
		return -1;
	return e->line;
}

/* Flip bit b of byte i, load the copy, flip it back. */
static long
flip_load(char *text, size_t len, size_t i, int b, struct err *e)
{
	long at;

	text[i] ^= (char)(1 << b);
	if (spill(text, len) != 0) {
		perror(OUT);
		exit(2);
	}
	at = refused_at(e);
	text[i] ^= (char)(1 << b);
	return at;
}

/* -a: one bit of every byte, where each was caught. */
static int
every_byte(char *text, size_t len)
{
	struct err e;
	long line = 1;

	for (size_t i = 0; i < len; i++) {
		printf("%zu %ld %ld\n", i, line,
		    flip_load(text, len, i, (int)(i % 8), &e));
		if (text[i] == '\n')
			line++;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	size_t len, start = 0, end, i;
	long want = 0, line = 1;
	int all = argc == 3 && strcmp(argv[1], "-a") == 0, bad = 0;
	const char *path = argv[1 + all];
	char *text;
	struct err e;

	rules_register(rules_table);
	if (argc == 3 && !all)
		want = atol(argv[2]);
	if (sodium_init() < 0 || argc != 3 || (!all && want < 1)) {
		fprintf(stderr, "usage: flipverify FILE LINE | -a FILE\n");
		return 2;
	}
	if ((text = slurp(path, &len)) == NULL) {
		perror(path);
		return 2;
	}
	if (all) {
		bad = every_byte(text, len);
		free(text);
		return bad;
	}
	for (i = 0; i < len && line < want; i++)
		if (text[i] == '\n' && ++line == want)
			start = i + 1;
	if (line != want || start >= len) {
		fprintf(stderr, "flipverify: %s has no line %ld\n", path, want);
		return 2;
	}
	end = start;
	while (end < len && text[end] != '\n')
		end++;
	end += end < len;	/* the newline too */
	for (i = start; i < end; i++)
		for (int b = 0; b < 8; b++)
			if (flip_load(text, len, i, b, &e) != want) {
				printf("byte %zu bit %d: line %d: %s\n",
				    i - start, b, e.line, e.msg);
				bad++;
			}
	fprintf(stderr, "%zu bytes flipped\n", end - start);
	free(text);
	return bad == 0 ? 0 : 1;
}
