/*
 * fuzz-duel-orders.c -- libFuzzer target for Catan: het Duel's order
 * language (du_parse, du_format) and the engine behind it (du_apply).
 * The input is lines of orders, applied in turn by the awaited seat to
 * a game from a fixed seed that first plays a few fixed orders; the
 * first byte picks how many.  Every line must parse cleanly or be
 * RULES_EPARSE; a parsed order formats to a canonical text that parses
 * to the same action and formats the same again; du_apply either
 * accepts or refuses with the state unchanged; regions always hold 0-3.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"
#include "games/duel/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct du_data d;
static struct chance_seed cs;
static int loaded;

static void
apply_text(struct du_state *st, const char *t)
{
	struct du_action a;
	struct rules_error e;

	if (du_parse(&d, t, strlen(t), &a, &e) == 0)
		du_apply(st, st->aw_seat, &a, 0, NULL, &e);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const opening[] = { "start stack 1",
	    "start stack 2", "roll", "gain ore", "gain wool", "end" };
	struct du_state st, before;
	struct rules_error e;
	size_t i = 1;

	if (!loaded) {
		unsigned char seed[RULES_SEED_BYTES] = { 7 };

		if (du_data_load(&d, NULL, 0, &e) != 0)
			__builtin_trap();
		chance_seed_init(&cs, seed);
		loaded = 1;
	}
	if (size < 1 || du_init(&st, &d, &cs.chance, NULL, &e) != 0)
		return 0;
	for (int k = 0; k < data[0] % 7 && k < 6; k++)
		apply_text(&st, opening[k]);
	while (i < size) {
		const char *line = (const char *)data + i;
		const char *nl = memchr(line, '\n', size - i);
		size_t len = nl ? (size_t)(nl - line) : size - i;
		struct du_action a, b;
		char t1[RULES_ACTION_MAX], t2[RULES_ACTION_MAX];
		int rc;

		i += len + 1;
		memset(&e, 0, sizeof e);
		rc = du_parse(&d, line, len, &a, &e);
		if (rc != 0) {
			if (rc != RULES_EPARSE || e.msg[0] == '\0')
				__builtin_trap();
			continue;
		}
		du_format(&d, &a, t1, sizeof t1);
		if (du_parse(&d, t1, strlen(t1), &b, &e) != 0)
			__builtin_trap();
		du_format(&d, &b, t2, sizeof t2);
		if (strcmp(t1, t2) != 0)
			__builtin_trap();
		memcpy(&before, &st, sizeof st);
		rc = du_apply(&st, st.aw_seat, &a, 0, NULL, &e);
		if (rc != 0 && memcmp(&before, &st, sizeof st) != 0)
			__builtin_trap();
		for (int r = 0; r < DU_REGIONS; r++)
			if (st.stored[r] > 3)
				__builtin_trap();
	}
	return 0;
}
