/* t/unit/cards.c -- the play-card table of R10.3: counts, flags, look-up. */
#include "../../tap.h"
#include "games/trigon/data.h"
#include "games/trigon/cards.h"

int
main(void)
{
	int total = 0, color[TG_COLORS] = { 0 }, types[TG_COLORS] = { 0 };
	int prot[TG_COLORS] = { 0 }, bonus[TG_COLORS] = { 0 }, neg = 0;
	int battle = 0, all = 0;

	for (int i = 0; i < TG_CARD_TYPES; i++) {
		const struct tg_card *c = &tg_cards[i];

		total += c->copies;
		color[c->color] += c->copies;
		types[c->color]++;
		if (c->flags & TG_CF_PROTECTION)
			prot[c->color]++;
		if (c->flags & TG_CF_BONUS)
			bonus[c->color]++;
		if (c->flags & TG_CF_NEGATIVE)
			neg += c->copies;
		if (c->flags & TG_CF_BATTLE)
			battle++;
		if (c->flags & TG_CF_ALL)
			all++;
	}
	is_int(46, TG_CARD_TYPES, "R10.3: 46 card types");
	is_int(82, total, "R1.3: 82 play cards");
	is_int(22, color[TG_GREEN], "R10.3: 22 Krijgskunst (green) cards");
	is_int(27, color[TG_PURPLE], "R10.3: 27 Handel (purple) cards");
	is_int(14, color[TG_YELLOW], "R10.3: 14 Bouw & Cultuur (yellow) cards");
	is_int(19, color[TG_WHITE], "R10.3: 19 Ontwikkeling (white) cards");
	is_int(13, types[TG_GREEN], "13 green types");
	is_int(16, types[TG_PURPLE], "16 purple types");
	is_int(7, types[TG_YELLOW], "7 yellow types");
	is_int(10, types[TG_WHITE], "10 white types");
	for (int c = 0; c < TG_COLORS; c++) {
		is_int(1, prot[c], "R10.2: one protection card of color %d", c);
		is_int(1, bonus[c], "R10.2: one bonus-point card of color %d", c);
	}
	/* † cards: 4+2+2+1 green, 4+2+2+2+1 purple, 4+2+1 yellow, 4+2+2+1 white */
	is_int(9 + 11 + 7 + 9, neg, "R10.3: 36 negative (†) cards");
	is_int(4, battle, "R8.7: four battle cards");
	is_int(4, all, "four † cards strike every player");
	is_int(TG_CARD_MOORDENAAR, tg_card_find("moordenaar", 10),
	    "tg_card_find: moordenaar is the first type");
	is_int(TG_CARD_ONTDEKKINGSREIZIGER,
	    tg_card_find("ontdekkingsreiziger", 19),
	    "tg_card_find: ontdekkingsreiziger is the last type");
	is_int(TG_CARD_VLIJTIGE_ONDERDAAN,
	    tg_card_find("vlijtige-onderdaan-x", 18),
	    "tg_card_find honours the length");
	is_int(-1, tg_card_find("moord", 5), "tg_card_find: no prefixes");
	is_int(-1, tg_card_find(NULL, 0), "tg_card_find(NULL)");
	is_string("Hebzucht van Delia", tg_cards[TG_CARD_HEBZUCHT_VAN_DELIA].name,
	    "Dutch name of hebzucht-van-delia");
	ok(tg_cards[TG_CARD_WINTER].flags & TG_CF_NEGATIVE,
	    "Winter is negative (†)");
	ok(!(tg_cards[TG_CARD_VLIJTIGE_ONDERDAAN].flags & TG_CF_NEGATIVE),
	    "Vlijtige Onderdaan is not");
	for (int i = 0; i < TG_CARD_TYPES; i++)
		for (int j = 0; j < i; j++)
			if (strcmp(tg_cards[i].slug, tg_cards[j].slug) == 0)
				ok(0, "slug %s is unique", tg_cards[i].slug);
	for (int i = 0; i < TG_CARD_TYPES; i++)
		if (strlen(tg_cards[i].slug) >= TG_CARD_SLUG_MAX ||
		    tg_card_find(tg_cards[i].slug, strlen(tg_cards[i].slug)) != i)
			ok(0, "slug %s is found and short", tg_cards[i].slug);
	return done_testing();
}
