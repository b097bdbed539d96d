/*
 * fuzz/fuzz-save.c -- libFuzzer target for the save-file reader
 * (lib/save.c): any bytes, read as a save file with the build's rule
 * sets, must give 0 or an error, never a crash, leak or hang.
 * Seeds: fuzz/corpus/save/ (small games from the test suite).
 */
#include <stddef.h>
#include <stdint.h>

#include <sodium.h>

#include "save.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct save s;
	struct err e;

	if (!ready) {
		rules_register(rules_table);
		if (sodium_init() < 0)
			return 0;
		ready = 1;
	}
	save_init(&s, "fuzz");
	save_read_buf(&s, (const char *)data, size, &e);
	save_release(&s);
	return 0;
}
