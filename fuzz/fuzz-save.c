/*
 * fuzz/fuzz-save.c -- libFuzzer target for the save-file reader
 * (lib/save.c): any bytes, read as a save file with the build's rule
 * sets, must give 0 or an error, never a crash, leak or hang.
 * Seeds: fuzz/corpus/save/ (small games from the test suite).
 * With FUZZ_SAVE_REPORT set, each input also prints on stderr how far
 * the reader went: "read to the end: N lines, hands sealed|open" or
 * "refused at line N: REASON" (t/0872 checks that the sealed seed
 * reaches the sealed lines, and that a damaged one is refused there).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <sodium.h>

#include "save.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready, report;
	struct save s;
	struct err e;

	if (!ready) {
		rules_register(rules_table);
		if (sodium_init() < 0)
			return 0;
		report = getenv("FUZZ_SAVE_REPORT") != NULL;
		ready = 1;
	}
	save_init(&s, "fuzz");
	if (save_read_buf(&s, (const char *)data, size, &e) != 0) {
		if (report)
			fprintf(stderr, "refused at line %d: %s\n", e.line,
			    e.msg);
	} else if (report)
		fprintf(stderr, "read to the end: %d lines, hands %s\n",
		    s.line, s.hdr.hands == SAVE_HANDS_SEALED ? "sealed" :
		    "open");
	save_release(&s);
	return 0;
}
