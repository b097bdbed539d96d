/*
 * fuzz-catan-ck-data.c -- libFuzzer target for the design-data loader of
 * Catan: Cities & Knights (ck_data_load: the progress cards D1 and the
 * city improvements D2, inih underneath).  The first byte chooses what
 * the rest is: even a progress text (the improvements embedded), odd an
 * improvements text (the progress cards embedded).  Any bytes must give
 * a clean accept or a clean RULES_EDATA naming the blob with a reason
 * and a line; accepted data must hold what the checks L1-L12 promise.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "games/catan/ckdata.h"
#include "games/catan/data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ck_data d;

static void
check_data(const struct ck_data *x)
{
	unsigned effects = 0, colours = 0, commodities = 0, abilities = 0;
	int total[CK_TRACKS] = { 0 };

	if (x->ncards < 1 || x->ncards > CK_EFFECTS)
		__builtin_trap();
	for (int i = 0; i < x->ncards; i++) {
		const struct ck_card *c = &x->cards[i];

		if (c->deck >= CK_TRACKS || c->count > CK_COUNT_MAX ||
		    c->effect >= CK_EFFECTS || (effects & (1u << c->effect)) ||
		    c->name[0] == '\0' || c->slug[0] < 'a' || c->slug[0] > 'z')
			__builtin_trap();
		effects |= 1u << c->effect;
		total[c->deck] += c->count;
	}
	for (int t = 0; t < CK_TRACKS; t++) {
		const struct ck_trackdef *k = &x->track[t];

		if (total[t] < 1 || total[t] > CK_DECK_MAX ||
		    x->deck_total[t] != total[t])
			__builtin_trap();
		if (k->colour >= 3 || k->ability >= 3 || k->commodity < CA_CLOTH ||
		    k->commodity > CA_PAPER)
			__builtin_trap();
		colours |= 1u << k->colour;
		abilities |= 1u << k->ability;
		commodities |= 1u << (k->commodity - CA_CLOTH);
		for (int l = 0; l < CK_LEVELS; l++)
			if (k->cost[l] < 1 || k->cost[l] > CK_COST_MAX ||
			    k->red[l] < 1 || k->red[l] > 6 ||
			    (l > 0 && k->red[l] < k->red[l - 1]) ||
			    k->level[l][0] == '\0')
				__builtin_trap();
	}
	if (colours != 7 || abilities != 7 || commodities != 7)
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
		rc = ck_data_load(&d, t, size - 1, NULL, 0, &e);
	else
		rc = ck_data_load(&d, NULL, 0, t, size - 1, &e);
	if (rc != 0 && (rc != RULES_EDATA || e.data == NULL ||
	    e.msg[0] == '\0' || e.line < 0 ||
	    memchr(e.msg, '\0', sizeof e.msg) == NULL))
		__builtin_trap();
	if (rc == 0)
		check_data(&d);
	return 0;
}
