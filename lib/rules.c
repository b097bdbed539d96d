/*
 * rules.c -- the table of rule sets this build knows, and look-ups in it.
 * Adding a rule set: declare its struct rules in its own header and list
 * it here; nothing else outside lib/<ruleset>/ changes.
 */
#include <string.h>

#include "rules.h"
#include "trigon/trigon.h"

const struct rules *const rules_table[] = {
	&trigon_rules,
	NULL
};

const struct rules *
rules_find(const char *name)
{
	for (size_t i = 0; rules_table[i] != NULL; i++)
		if (strcmp(rules_table[i]->name, name) == 0)
			return rules_table[i];
	return NULL;
}

int
rules_seat_index(const struct rules *r, const char *name)
{
	for (int i = 0; r->seat_names[i] != NULL; i++)
		if (strcmp(r->seat_names[i], name) == 0)
			return i;
	return -1;
}
