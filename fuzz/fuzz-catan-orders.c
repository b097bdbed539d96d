/*
 * fuzz-catan-orders.c -- libFuzzer target for Catan's order language
 * (ca_parse, ca_format; CA13) and the engine's refusals.  The bytes are
 * one order, read on a game in its main phase on new-shores (every verb
 * means something there).  Any bytes must give a clean parse or a clean
 * RULES_EPARSE with a message; a parsed order, formatted, must read back
 * as the same canonical text; applied, it must succeed or be refused
 * leaving the state byte for byte as it was.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chance.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ca_data d;
static struct ca_board b;
static struct ca_state base;
static struct chance_seed cs;

static const char position[] =
    "[position]\nturn = red\nphase = main\n"
    "[red]\nsettlements = c5/c6/d6\nships = c6/d6 c6/d7\nroads = c5/d6\n"
    "hand = 3 brick 3 wood 3 wool 3 grain 3 ore\n"
    "cards = knight road-building year-of-plenty monopoly\n"
    "[blue]\nsettlements = c3/d3/d4\nhand = 2 ore 1 wool\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct ca_state st;
	struct ca_action a, a2;
	struct rules_error e;
	char t1[RULES_ACTION_MAX], t2[RULES_ACTION_MAX];
	int rc;

	if (!ready) {
		unsigned char seed[RULES_SEED_BYTES] = { 0 };

		if (ca_data_load(&d, NULL, 0, NULL, 0, &e) != 0 ||
		    ca_board_build(&b, ca_data_map(&d, "new-shores"), NULL,
		    &e) != 0)
			__builtin_trap();
		chance_seed_init(&cs, seed);
		ca_init(&base, &b, &d, 4, 0, &cs.chance);
		if (ca_position_load(&base, position, sizeof position - 1,
		    &e) != 0)
			__builtin_trap();
		ready = 1;
	}
	st = base;
	memset(&e, 0, sizeof e);
	rc = ca_parse(&st, (const char *)data, size, &a, &e);
	if (rc != 0) {
		if (rc != RULES_EPARSE || e.msg[0] == '\0' ||
		    memchr(e.msg, '\0', sizeof e.msg) == NULL)
			__builtin_trap();
		return 0;
	}
	ca_format(&st, &a, t1, sizeof t1);
	if (ca_parse(&st, t1, strlen(t1), &a2, &e) != 0)
		__builtin_trap();
	ca_format(&st, &a2, t2, sizeof t2);
	if (strcmp(t1, t2) != 0)
		__builtin_trap();
	for (int seat = 0; seat < 4; seat++) {
		struct rules_note note;

		st = base;
		note.len = 0;
		rc = ca_apply(&st, seat, &a, &note, NULL, &e);
		if (rc != 0 && memcmp(&st, &base, sizeof st) != 0)
			__builtin_trap();
		if (rc == 0 && note.len >= sizeof note.text)
			__builtin_trap();
	}
	return 0;
}
