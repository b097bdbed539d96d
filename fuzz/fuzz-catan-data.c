/*
 * fuzz-catan-data.c -- libFuzzer target for Catan's design-data loader
 * (ca_data_load: maps and deck, inih underneath) and the board built
 * from every map it accepts (ca_board_build).  The first byte chooses
 * what the rest is: even a maps text (the deck embedded), odd a deck
 * (the maps embedded).  Any bytes must give a clean accept or a clean
 * RULES_EDATA naming the data with a reason; an accepted map must
 * build, and its tables must hold together (edge ends, corner edges).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "games/catan/data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ca_data d;
static struct ca_board b;

static void
check_board(const struct ca_board *x)
{
	if (x->ncorner > CA_MAX_CORNER || x->nedge >= CA_NONE)
		__builtin_trap();
	for (int c = 0; c < x->ncorner; c++) {
		const struct ca_corner *k = &x->corner[c];

		if (k->nedge != 3 || k->hex[0] >= k->hex[1] ||
		    k->hex[1] >= k->hex[2] || k->hex[2] >= x->nhex)
			__builtin_trap();
		for (int i = 0; i < 3; i++) {
			const struct ca_edge *e = &x->edge[k->edge[i]];

			if (e->corner[0] != c && e->corner[1] != c)
				__builtin_trap();
		}
	}
	for (int e = 0; e < x->nedge; e++)
		if (x->edge[e].hex[0] >= x->edge[e].hex[1] ||
		    x->edge[e].hex[1] >= x->nhex)
			__builtin_trap();
	if (x->robber >= x->nhex)
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rules_error e;
	const char *t = (const char *)data + 1;
	int rc;

	if (size < 1)
		return 0;
	memset(&e, 0, sizeof e);
	if (data[0] % 2 == 0)
		rc = ca_data_load(&d, t, size - 1, NULL, 0, &e);
	else
		rc = ca_data_load(&d, NULL, 0, t, size - 1, &e);
	if (rc != 0 && (rc != RULES_EDATA || e.data == NULL ||
	    e.msg[0] == '\0' || e.line < 0 ||
	    memchr(e.msg, '\0', sizeof e.msg) == NULL))
		__builtin_trap();
	if (rc == 0)
		for (int i = 0; i < d.nmaps; i++) {
			if (ca_board_build(&b, &d.maps[i], NULL, &e) != 0)
				__builtin_trap();
			check_board(&b);
		}
	return 0;
}
