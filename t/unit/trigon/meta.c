/*
 * t/unit/trigon/meta.c -- what trigon_rules tells the core about itself
 * (rules.h): its endings are the engine's "how" names, its
 * round is the engine's, its computer players are the bot's kinds, and
 * its help texts name the play cards (trigon-rules(7) R10.3), quests
 * and village cards of the embedded data, and nothing else.
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "../seed-util.h"
#include "rules.h"
#include "games/trigon/bot.h"
#include "games/trigon/cards.h"
#include "games/trigon/engine.h"
#include "games/trigon/help.h"
#include "games/trigon/internal.h"
#include "games/trigon/trigon.h"

int
main(void)
{
	const struct rules *r = &trigon_rules;
	struct rules_setup su;
	struct rules_error err;
	struct game *g = NULL;
	const char *t;
	int n;

	/* R11.2, R11.3: the four ways a game ends, as await's how says. */
	for (n = 0; r->ends[n].name != NULL; n++)
		ok(r->ends[n].text != NULL && r->ends[n].text[0] != '\0',
		    "ending %s has a text", r->ends[n].name);
	is_int(4, n, "four endings (R11.2 points, emperor, quests; R11.3 "
	    "last)");
	for (int h = 1; h < 5; h++)
		ok(rules_end_index(r, tg_how_name[h]) >= 0, "the engine's how "
		    "'%s' is one of rules.ends", tg_how_name[h]);

	/* The computer players: the bot's kinds, the default first. */
	for (n = 0; r->bot_kinds[n].name != NULL; n++)
		ok(tg_bot_kind_find(r->bot_kinds[n].name) >= 0, "bot kind %s "
		    "is one the bot knows", r->bot_kinds[n].name);
	is_int(TG_BOT_KINDS, n, "every kind of the bot is listed");
	is_string(tg_bot_kind_name[0], r->bot_kinds[0].name, "the default "
	    "kind first");
	is_int(4, rules_default_seats(r), "selfplay's default: 4 players");

	/* The round: the engine's, 1 at the start. */
	memset(&su, 0, sizeof su);
	su.chance = seed_chance_byte(0, &su.salt);
	su.nseats = 2;
	su.seat[0] = "green";
	su.seat[1] = "purple";
	if (r->create(&g, &su, &err) != 0)
		bail("create: %s", err.msg);
	is_int(1, rules_round(r, g), "round 1 at the start (R4)");
	is_string("round", rules_round_name(r), "it counts rounds");
	r->free(g);

	/* Help: every play card has its R10.3 text; quests and villages of
	 * the embedded data; unknown names none. */
	for (n = 0; tg_help_cards[n].slug != NULL; n++)
		;
	is_int(TG_CARD_TYPES, n, "help-cards.c has a text for each of the "
	    "%d play card types", TG_CARD_TYPES);
	for (int i = 0; i < TG_CARD_TYPES; i++) {
		t = r->help_card(tg_cards[i].slug);
		if (t == NULL || strstr(t, tg_cards[i].gloss) == NULL) {
			ok(0, "help card %s names its gloss %s",
			    tg_cards[i].slug, tg_cards[i].gloss);
			break;
		}
		if (i == TG_CARD_TYPES - 1)
			ok(1, "every play card's help names its English gloss");
	}
	t = r->help_card("Promotie");
	ok(t != NULL && strstr(t, "Place 1 free knight at one of your "
	    "settlements.") != NULL, "Promotie by its Dutch name: R10.3's "
	    "text: %s", t ? t : "(null)");
	t = r->help_card("dood-een-ridder");
	ok(t != NULL && strstr(t, "Krijgskunst") != NULL &&
	    strstr(t, "Kill a knight") != NULL, "a quest: %s",
	    t ? t : "(null)");
	t = r->help_card("psor");
	ok(t == NULL || strstr(t, "village card") != NULL, "a spot is no "
	    "card (or a village card of that name)");
	ok(r->help_card("no-such-card") == NULL, "an unknown name: NULL");
	ok(r->help_card("") == NULL, "an empty name: NULL");
	ok(r->help_orders != NULL && strstr(r->help_orders, "build") != NULL
	    && strstr(r->help_orders, "offer COLOR swap N") != NULL,
	    "the order language help names the orders");
	for (n = 0; r->blob_names[n] != NULL; n++)
		ok(r->blob_texts[n] != NULL, "data %s has a text",
		    r->blob_names[n]);
	return done_testing();
}
