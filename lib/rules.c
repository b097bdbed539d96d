/*
 * rules.c -- look-ups in the table of rule sets.  The table itself,
 * rules_table[], is defined by the program: lib/games/registry.c for
 * trigon, a test's own table for a program linked with the core alone.
 */
#include <string.h>

#include "rules.h"

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
