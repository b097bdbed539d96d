/*
 * cards.h -- the 82 play cards of Trigon (R10.3) as a compile-time table
 * of 46 card types.
 *
 * A card type is named by its Dutch name as an ASCII slug
 * ("vlijtige-onderdaan"); the enum follows the order of R10.3 (green,
 * purple, yellow, white; within a color as the rulebook lists them), so
 * a deck is built by walking the table and adding `copies` of each.
 * What a card does lives in the engine; this table only says what it
 * is.  The categories share the numbering of the colors (data.h):
 * green Krijgskunst, purple Handel, yellow Bouw & Cultuur, white
 * Ontwikkeling.
 */
#ifndef TRIGON_CARDS_H
#define TRIGON_CARDS_H

#include <stddef.h>
#include <stdint.h>

/* Flags of a card type. */
enum tg_card_flag {
	TG_CF_NEGATIVE = 1 << 0,	/* skull (†): played at once when drawn */
	TG_CF_PROTECTION = 1 << 1,	/* shields its holder from † cards of its color */
	TG_CF_BONUS = 1 << 2,		/* 1 bonus point once played */
	TG_CF_BATTLE = 1 << 3,		/* played in a battle (R8.7) */
	TG_CF_ALL = 1 << 4,		/* † card that strikes every player */
};

/*
 * X(ID, slug, Dutch name, English gloss, color, copies, flags): the one
 * list the enum and the table are made from.
 */
#define TG_CARD_LIST(X) \
	X(MOORDENAAR, "moordenaar", "Moordenaar", "Assassin", TG_GREEN, 4, TG_CF_NEGATIVE) \
	X(BOOGSCHUTTERS, "boogschutters", "Boogschutters", "Archers", TG_GREEN, 2, TG_CF_NEGATIVE) \
	X(PROMOTIE, "promotie", "Promotie", "Promotion", TG_GREEN, 4, 0) \
	X(WACHTTOREN, "wachttoren", "Wachttoren", "Watchtower", TG_GREEN, 2, 0) \
	X(DRAKEN, "draken", "Draken", "Dragons", TG_GREEN, 2, TG_CF_NEGATIVE) \
	X(STRIJD, "strijd", "Strijd", "Strife", TG_GREEN, 1, TG_CF_NEGATIVE | TG_CF_ALL) \
	X(KERKER, "kerker", "Kerker", "Dungeon", TG_GREEN, 1, TG_CF_BONUS) \
	X(KAPITEIN, "kapitein", "Kapitein", "Captain", TG_GREEN, 1, TG_CF_PROTECTION) \
	X(VLUCHTEN, "vluchten", "Vluchten", "Flight", TG_GREEN, 1, TG_CF_BATTLE) \
	X(OVERLOPER, "overloper", "Overloper", "Turncoat", TG_GREEN, 1, 0) \
	X(CAVALERIE, "cavalerie", "Cavalerie", "Cavalry", TG_GREEN, 1, TG_CF_BATTLE) \
	X(VERDEDIGINGSTOREN, "verdedigingstoren", "Verdedigingstoren", "Defence Tower", TG_GREEN, 1, TG_CF_BATTLE) \
	X(HINDERLAAG, "hinderlaag", "Hinderlaag", "Ambush", TG_GREEN, 1, TG_CF_BATTLE) \
	X(ROVERS, "rovers", "Rovers", "Robbers", TG_PURPLE, 4, TG_CF_NEGATIVE) \
	X(ERTSHOEVE, "ertshoeve", "Ertshoeve", "Ore Farm", TG_PURPLE, 4, 0) \
	X(ZILVERDIEVEN, "zilverdieven", "Zilverdieven", "Silver Thieves", TG_PURPLE, 2, TG_CF_NEGATIVE) \
	X(ZILVERVLOOT, "zilvervloot", "Zilvervloot", "Silver Fleet", TG_PURPLE, 2, 0) \
	X(CRIMINALITEIT, "criminaliteit", "Criminaliteit", "Crime", TG_PURPLE, 2, TG_CF_NEGATIVE) \
	X(SCHATZOEKERS, "schatzoekers", "Schatzoekers", "Treasure Hunters", TG_PURPLE, 2, 0) \
	X(HEBZUCHT_VAN_DELIA, "hebzucht-van-delia", "Hebzucht van Delia", "Greed of Delia", TG_PURPLE, 2, TG_CF_NEGATIVE) \
	X(CRISIS, "crisis", "Crisis", "Crisis", TG_PURPLE, 1, TG_CF_NEGATIVE | TG_CF_ALL) \
	X(RAADHUIS, "raadhuis", "Raadhuis", "Town Hall", TG_PURPLE, 1, TG_CF_BONUS) \
	X(AMBASSADEUR, "ambassadeur", "Ambassadeur", "Ambassador", TG_PURPLE, 1, TG_CF_PROTECTION) \
	X(HEERSER_VAN_WELEER, "heerser-van-weleer", "Heerser van Weleer", "Ruler of Yore", TG_PURPLE, 1, 0) \
	X(KOOPMAN, "koopman", "Koopman", "Merchant", TG_PURPLE, 1, 0) \
	X(WINST, "winst", "Winst", "Profit", TG_PURPLE, 1, 0) \
	X(VOORSPOED, "voorspoed", "Voorspoed", "Prosperity", TG_PURPLE, 1, 0) \
	X(AMBACHTSGILD, "ambachtsgild", "Ambachtsgild", "Craft Guild", TG_PURPLE, 1, 0) \
	X(DIEFSTAL, "diefstal", "Diefstal", "Theft", TG_PURPLE, 1, 0) \
	X(WINTER, "winter", "Winter", "Winter", TG_YELLOW, 4, TG_CF_NEGATIVE) \
	X(VLIJTIGE_ONDERDAAN, "vlijtige-onderdaan", "Vlijtige Onderdaan", "Diligent Subject", TG_YELLOW, 4, 0) \
	X(AARDBEVING, "aardbeving", "Aardbeving", "Earthquake", TG_YELLOW, 2, TG_CF_NEGATIVE) \
	X(GRILLEN_VAN_ZOLOTH, "grillen-van-zoloth", "Grillen van Zoloth", "Whims of Zoloth", TG_YELLOW, 1, TG_CF_NEGATIVE | TG_CF_ALL) \
	X(TENTOONSTELLING, "tentoonstelling", "Tentoonstelling", "Exhibition", TG_YELLOW, 1, TG_CF_BONUS) \
	X(HOFNAR, "hofnar", "Hofnar", "Court Jester", TG_YELLOW, 1, TG_CF_PROTECTION) \
	X(INTRIGE, "intrige", "Intrige", "Intrigue", TG_YELLOW, 1, 0) \
	X(OVERSTROMING, "overstroming", "Overstroming", "Flood", TG_WHITE, 4, TG_CF_NEGATIVE) \
	X(BRAND, "brand", "Brand", "Fire", TG_WHITE, 2, TG_CF_NEGATIVE) \
	X(GEBOORTEGOLF, "geboortegolf", "Geboortegolf", "Baby Boom", TG_WHITE, 4, 0) \
	X(GOEDE_OOGST, "goede-oogst", "Goede Oogst", "Good Harvest", TG_WHITE, 2, 0) \
	X(ZIEKTE, "ziekte", "Ziekte", "Disease", TG_WHITE, 2, TG_CF_NEGATIVE) \
	X(METEORIETEN, "meteorieten", "Meteorieten", "Meteorites", TG_WHITE, 1, TG_CF_NEGATIVE | TG_CF_ALL) \
	X(SLOT, "slot", "Slot", "Castle", TG_WHITE, 1, TG_CF_BONUS) \
	X(BURGEMEESTER, "burgemeester", "Burgemeester", "Mayor", TG_WHITE, 1, TG_CF_PROTECTION) \
	X(SPIONAGE, "spionage", "Spionage", "Espionage", TG_WHITE, 1, 0) \
	X(ONTDEKKINGSREIZIGER, "ontdekkingsreiziger", "Ontdekkingsreiziger", "Explorer", TG_WHITE, 1, 0)

#define TG_CARD_ENUM_(id, slug, name, gloss, color, copies, flags) TG_CARD_##id,
enum tg_card_type {
	TG_CARD_LIST(TG_CARD_ENUM_)
	TG_CARD_TYPES			/* 46 */
};
#undef TG_CARD_ENUM_

#define TG_PLAY_CARDS 82		/* copies over all types */
#define TG_CARD_SLUG_MAX 24		/* longest slug, NUL included */

struct tg_card {
	const char *slug;		/* "vlijtige-onderdaan" */
	const char *name;		/* "Vlijtige Onderdaan" */
	const char *gloss;		/* "Diligent Subject" */
	uint8_t color;			/* enum tg_color: the category */
	uint8_t copies;			/* cards of this type in the deck */
	uint8_t flags;			/* enum tg_card_flag */
};

extern const struct tg_card tg_cards[TG_CARD_TYPES];

/* Card type of an ASCII slug of len bytes (exact match), or -1. */
int tg_card_find(const char *slug, size_t len);

#endif
