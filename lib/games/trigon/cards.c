/*
 * cards.c -- the table of the 46 play-card types (R10.3) and its
 * look-up.  The counts are checked at compile time: 82 cards, 22 green,
 * 27 purple, 14 yellow, 19 white.
 */
#include <string.h>

#include "data.h"
#include "cards.h"

#define TG_CARD_ROW_(id, slug, name, gloss, color, copies, flags) \
	{ slug, name, gloss, color, copies, flags },
const struct tg_card tg_cards[TG_CARD_TYPES] = {
	TG_CARD_LIST(TG_CARD_ROW_)
};
#undef TG_CARD_ROW_

/* The sums as constant expressions, so that a miscount fails the build. */
#define TG_CARD_SUM_(id, slug, name, gloss, color, copies, flags) + (copies)
#define TG_CARD_SUMC_(id, slug, name, gloss, color, copies, flags) \
	+ ((color) == TG_CARD_SUM_COLOR ? (copies) : 0)
enum { TG_CARD_TOTAL_ = 0 TG_CARD_LIST(TG_CARD_SUM_) };
_Static_assert(TG_CARD_TOTAL_ == TG_PLAY_CARDS, "82 play cards (R1.3)");
#define TG_CARD_SUM_COLOR TG_GREEN
enum { TG_CARD_GREEN_ = 0 TG_CARD_LIST(TG_CARD_SUMC_) };
#undef TG_CARD_SUM_COLOR
#define TG_CARD_SUM_COLOR TG_PURPLE
enum { TG_CARD_PURPLE_ = 0 TG_CARD_LIST(TG_CARD_SUMC_) };
#undef TG_CARD_SUM_COLOR
#define TG_CARD_SUM_COLOR TG_YELLOW
enum { TG_CARD_YELLOW_ = 0 TG_CARD_LIST(TG_CARD_SUMC_) };
#undef TG_CARD_SUM_COLOR
#define TG_CARD_SUM_COLOR TG_WHITE
enum { TG_CARD_WHITE_ = 0 TG_CARD_LIST(TG_CARD_SUMC_) };
#undef TG_CARD_SUM_COLOR
_Static_assert(TG_CARD_GREEN_ == 22, "22 Krijgskunst cards");
_Static_assert(TG_CARD_PURPLE_ == 27, "27 Handel cards");
_Static_assert(TG_CARD_YELLOW_ == 14, "14 Bouw & Cultuur cards");
_Static_assert(TG_CARD_WHITE_ == 19, "19 Ontwikkeling cards");
_Static_assert(TG_CARD_TYPES == 46, "46 card types");

int
tg_card_find(const char *slug, size_t len)
{
	if (slug == NULL)
		return -1;
	for (int i = 0; i < TG_CARD_TYPES; i++)
		if (strlen(tg_cards[i].slug) == len &&
		    memcmp(tg_cards[i].slug, slug, len) == 0)
			return i;
	return -1;
}
