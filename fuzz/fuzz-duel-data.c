/*
 * fuzz-duel-data.c -- libFuzzer target for Catan: het Duel's card-data
 * loader (du_data_load: the "cards" blob, inih underneath).  Any bytes
 * must give a clean accept or a clean RULES_EDATA naming the data
 * "cards" with a reason and a line; accepted data must hold together as
 * the engine relies on it: 24 regions with numbers 1-6 and at most 3
 * stored, instances pointing at non-centre cards, the three centre
 * cards, 36 draw cards and 9 events in the basic set, a Zomerfeest.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "games/duel/data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct du_data d;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rules_error e;
	int rc;

	memset(&e, 0, sizeof e);
	rc = du_data_load(&d, (const char *)data, size, &e);
	if (rc != 0) {
		if (rc != RULES_EDATA || e.data == NULL ||
		    strcmp(e.data, "cards") != 0 || e.msg[0] == '\0' ||
		    e.line < 0 || memchr(e.msg, '\0', sizeof e.msg) == NULL)
			__builtin_trap();
		return 0;
	}
	if (d.nregions < 12 || d.nregions > DU_REGIONS || d.ndraw != 36 ||
	    d.nevents != 9 || d.summer < 0 || d.road < 0 ||
	    d.settlement < 0 || d.city < 0 || d.ninst > DU_MAX_INST)
		__builtin_trap();
	for (int r = 0; r < d.nregions; r++)
		if (d.region[r].kind >= DU_RES || d.region[r].number < 1 ||
		    d.region[r].number > 6 || d.region[r].stored > 3)
			__builtin_trap();
	for (int i = 0; i < d.ninst; i++)
		if (d.inst[i] >= d.ncards ||
		    d.card[d.inst[i]].set == DU_SET_CENTRE)
			__builtin_trap();
	return 0;
}
