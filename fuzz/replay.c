/*
 * replay.c -- run a libFuzzer target without libFuzzer: each file named
 * on the command line is read whole and given once to
 * LLVMFuzzerTestOneInput.  Linked with every fuzz/fuzz-NAME.c as
 * t/fuzz/NAME, so that `make check` replays each target's seed corpus
 * (fuzz/corpus/NAME/) and its findings (t/fuzz-regress/NAME/) under
 * the build's own compiler and sanitizers (t/0008-fuzz-regress.t).  A
 * target traps on a broken property; a clean run prints one "ok" line
 * for each file and exits 0.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
replay(const char *path)
{
	FILE *f;
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;

	if ((f = fopen(path, "rb")) == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	do {
		if (cap - len < 4096) {
			uint8_t *p = realloc(buf, cap + 65536);

			if (p == NULL) {
				fprintf(stderr, "replay: %s: out of memory\n",
				    path);
				free(buf);
				fclose(f);
				return -1;
			}
			buf = p;
			cap += 65536;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	if (ferror(f)) {
		fprintf(stderr, "replay: %s: read error\n", path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	/* An exact-size copy, so that a read past the end is caught. */
	{
		uint8_t *exact = malloc(len ? len : 1);

		if (exact == NULL) {
			free(buf);
			return -1;
		}
		if (len)
			memcpy(exact, buf, len);
		free(buf);
		LLVMFuzzerTestOneInput(exact, len);
		free(exact);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	int bad = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		if (replay(argv[i]) != 0)
			bad = 1;
		else
			printf("ok %s\n", argv[i]);
	}
	return bad;
}
