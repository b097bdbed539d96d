/*
 * fuzz-trigon-data.c -- libFuzzer target for the design-data loader
 * (tg_data_load) and the scenario reader (tg_scenario_parse), inih
 * underneath.  The first byte chooses what the rest is: 0 a map, 1
 * village cards, 2 quest cards (the others embedded), 3 a scenario
 * over the embedded data.  Any bytes must give a clean accept or a
 * clean RULES_EDATA naming the data with a reason; accepted data must
 * hold together (capitals, adjacency, rivers).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "games/trigon/data.h"
#include "games/trigon/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct tg_data d, def;
static struct tg_scenario sc;

static void
check_data(const struct tg_data *x)
{
	int rivers = 0;

	if (x->nspots > TG_MAX_SPOTS || x->npaths > TG_MAX_PATHS)
		__builtin_trap();
	for (int l = 0; l < TG_LANDS; l++)
		if (x->capital[l] >= x->nspots || !x->spots[x->capital[l]].capital ||
		    x->spots[x->capital[l]].land != l)
			__builtin_trap();
	for (int k = 0; k < x->npaths; k++) {
		const struct tg_path *p = &x->paths[k];

		if (p->a >= p->b || p->b >= x->nspots ||
		    tg_path_between(x, p->a, p->b) != k)
			__builtin_trap();
		if (p->river && p->river_index != rivers++)
			__builtin_trap();
	}
	if (rivers != x->nrivers)
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int loaded;
	struct rules_error e;
	const char *t = (const char *)data + 1;
	int rc;

	if (!loaded) {
		if (tg_data_load(&def, NULL, 0, NULL, 0, NULL, 0, &e) != 0)
			__builtin_trap();
		loaded = 1;
	}
	if (size < 1)
		return 0;
	memset(&e, 0, sizeof e);
	switch (data[0] % 4) {
	case 0:
		rc = tg_data_load(&d, t, size - 1, NULL, 0, NULL, 0, &e);
		break;
	case 1:
		rc = tg_data_load(&d, NULL, 0, t, size - 1, NULL, 0, &e);
		break;
	case 2:
		rc = tg_data_load(&d, NULL, 0, NULL, 0, t, size - 1, &e);
		break;
	default:
		rc = tg_scenario_parse(&sc, &def, t, size - 1, &e);
		if (rc == 0 && (sc.round < 1 || sc.colors > 15))
			__builtin_trap();
		break;
	}
	if (rc != 0 && (rc != RULES_EDATA || e.data == NULL ||
	    e.msg[0] == '\0' || e.line < 0 ||
	    memchr(e.msg, '\0', sizeof e.msg) == NULL))
		__builtin_trap();
	if (rc == 0 && data[0] % 4 != 3)
		check_data(&d);
	return 0;
}
