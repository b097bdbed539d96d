/* t/unit/rules.c -- the rule-set table of lib/rules.c. */
#include "../tap.h"
#include "rules.h"

int
main(void)
{
	rules_register(rules_table);
	ok(rules_find("no-such-game") == NULL, "rules_find refuses an unknown rule set");
	for (size_t i = 0; rules_table[i] != NULL; i++)
		ok(rules_find(rules_table[i]->name) == rules_table[i],
		    "rules_find finds %s", rules_table[i]->name);
	for (size_t i = 0; rules_table[i] != NULL; i++)
		if (rules_table[i]->short_name != NULL)
			ok(rules_find(rules_table[i]->short_name) ==
			    rules_table[i], "rules_find finds %s by its short "
			    "name %s", rules_table[i]->name,
			    rules_table[i]->short_name);
	return done_testing();
}
