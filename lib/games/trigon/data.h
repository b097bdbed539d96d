/*
 * data.h -- Trigon's design data: the map, the 50 village cards and the
 * 27 quest cards, read from INI text (inih) and validated.
 *
 * The data is immutable once loaded and shared by every game state that
 * uses it (states hold indices into it, never pointers).  The embedded
 * defaults come from data/trigon/map.ini, data/trigon/villages.ini and data/trigon/quests.ini,
 * compiled in by build-aux/embed.sh.  See trigon-rules(7) for the tables
 * and the INI formats.
 *
 * This is the contract between lib/games/trigon/data.c (the loader) and the
 * engine; change it only together with both.
 */
#ifndef TRIGON_DATA_H
#define TRIGON_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define TG_MAX_SPOTS 48		/* 4 lands x at most 10 spots, with room */
#define TG_MAX_PATHS 128
#define TG_MAX_ADJ 10		/* paths at one spot */
#define TG_LANDS 4
#define TG_SEAS 3
#define TG_COLORS 4
#define TG_VILLAGE_CARDS 50
#define TG_QUEST_CARDS 27
#define TG_NAME_MAX 24		/* ASCII order names, NUL included */
#define TG_DISPLAY_MAX 48	/* UTF-8 display names, NUL included */

/* Colors and lands share their numbering: color c's home land is land c. */
enum tg_color { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };
enum tg_land { TG_NOORLAND, TG_LUMOS, TG_CALMANIA, TG_KALLAND };
enum tg_sea { TG_GREAT_OCEAN, TG_INNER_SEA, TG_IP_SEA };

struct tg_spot {
	char name[TG_NAME_MAX];		/* ASCII, unique: "psor", "lumos-3" */
	char display[TG_DISPLAY_MAX];	/* UTF-8: "Psör" */
	uint8_t land;			/* enum tg_land */
	uint8_t seas;			/* bit (1 << enum tg_sea) per sea it is a harbor on */
	uint8_t capital;		/* 1 for the capital spot of its land */
	uint8_t nadj;			/* number of paths at this spot */
	uint8_t adj[TG_MAX_ADJ];	/* neighbouring spot of each path */
	uint8_t adjpath[TG_MAX_ADJ];	/* index into tg_data.paths of each */
	int16_t x, y;			/* drawing coordinates (column, row) */
};

struct tg_path {
	uint8_t a, b;			/* spot indices, a < b */
	uint8_t river;			/* 1: a river crossing (two turns, R7.2) */
	uint8_t river_index;		/* dense index among river paths, else 0xff */
};

enum tg_village_kind {
	TG_VK_CAPITAL,			/* the 4 capital cards */
	TG_VK_SIMPLE,			/* simple settlement: mostly copper */
	TG_VK_DEVELOPED,		/* developed village: copper and silver */
	TG_VK_LUXURY,			/* place of luxury and prosperity: silver, gold */
};

struct tg_yield {
	uint8_t copper, silver, gold;	/* taxes (R4.3) */
	uint8_t births;			/* births (R4.4) */
};

/* One-time city bonus (R5.1): figures placed at the city, coins, cards. */
struct tg_bonus {
	uint8_t knights, scouts, boats;
	uint8_t copper, silver, gold;
	uint8_t playcards, questcards;
};

struct tg_village_card {
	char id[TG_NAME_MAX];		/* ASCII slug, unique */
	char name[TG_DISPLAY_MAX];	/* display name */
	char gloss[TG_DISPLAY_MAX];	/* English gloss, or "" */
	uint8_t kind;			/* enum tg_village_kind */
	uint8_t capital_of;		/* color for capital cards, else 0xff */
	struct tg_yield village, city;	/* the two sides */
	struct tg_bonus bonus;		/* given once when it becomes a city */
};

/* Quest categories (R10.1). */
enum tg_quest_cat {
	TG_QC_KRIJGSKUNST,		/* warfare: defeat in battle */
	TG_QC_HANDEL,			/* trade with an opponent */
	TG_QC_BOUW,			/* Bouw & Cultuur: build something */
	TG_QC_ONTWIKKELING,		/* koloniseer LAND: found 2 villages there */
	TG_QC_MAGIE,			/* play a named play card */
	TG_QC_TRANSPORT,		/* Transport & Jacht: verken LAND */
	TG_QC_NATUUR,			/* Natuur & Geneeskunde: with another category */
	TG_QUEST_CATS
};

/*
 * What a quest asks, as an event the engine reports (see engine.h):
 * category-specific kind and parameter.  E.g. Krijgskunst kind
 * TG_QK_KILL_KNIGHT; Ontwikkeling param = land, count = 2; Magie param =
 * play-card type; Natuur param = the other category.
 */
enum tg_quest_kind {
	TG_QK_KILL_KNIGHT,		/* "Dood een ridder": an enemy knight dies in your battle */
	TG_QK_KILL_SCOUT,		/* an enemy scout dies in your battle */
	TG_QK_SINK_BOAT,		/* an enemy boat is destroyed in your battle */
	TG_QK_CONQUER,			/* conquer (or destroy) a settlement */
	TG_QK_WIN_BATTLE,		/* win a battle, attacking or defending */
	TG_QK_TRADE_COINS,		/* complete a coin deal with an opponent */
	TG_QK_TRADE_CARDS,		/* complete a blind card swap */
	TG_QK_TRADE_ANY,		/* complete any deal */
	TG_QK_BUILD_KNIGHT,
	TG_QK_BUILD_SCOUT,
	TG_QK_BUILD_BOAT,
	TG_QK_MAKE_CITY,		/* a settlement of yours becomes a city */
	TG_QK_COLONISE,			/* found `count` villages in land `param` */
	TG_QK_PLAY_CARD,		/* play card type `param` (a play-card index) */
	TG_QK_EXPLORE,			/* move or sail a figure into land `param` */
	TG_QK_WITH_CATEGORY,		/* completes with a quest of category `param` */
	TG_QUEST_KINDS
};

struct tg_quest_card {
	char id[TG_NAME_MAX + 8];	/* ASCII slug: "dood-een-ridder" */
	char name[TG_DISPLAY_MAX];	/* Dutch display name: "Dood een ridder" */
	char gloss[TG_DISPLAY_MAX];	/* English gloss: "Kill a knight" */
	uint8_t category;		/* enum tg_quest_cat */
	uint8_t kind;			/* enum tg_quest_kind */
	uint8_t param;			/* land, card type or category */
	uint8_t count;			/* how many events (1 unless stated) */
	uint8_t points;			/* 1 or 2 */
};

struct tg_data {
	uint8_t nspots, npaths, nrivers;
	uint8_t capital[TG_LANDS];	/* spot index of each land's capital */
	char land_name[TG_LANDS][TG_DISPLAY_MAX];
	char sea_name[TG_SEAS][TG_DISPLAY_MAX];
	int16_t land_x[TG_LANDS], land_y[TG_LANDS];	/* label positions */
	int16_t sea_x[TG_SEAS], sea_y[TG_SEAS];
	struct tg_spot spots[TG_MAX_SPOTS];
	struct tg_path paths[TG_MAX_PATHS];
	struct tg_village_card villages[TG_VILLAGE_CARDS];
	struct tg_quest_card quests[TG_QUEST_CARDS];
};

/*
 * Load and validate.  Any text may be NULL for the embedded default.
 * On error return RULES_EDATA with err->data ("map", "villages",
 * "quests") and err->line set and err->msg the reason.
 */
int tg_data_load(struct tg_data *out,
    const char *map, size_t maplen,
    const char *villages, size_t villageslen,
    const char *quests, size_t questslen,
    struct rules_error *err);

/* The embedded default text of "map", "villages" or "quests", or NULL. */
const char *tg_data_default(const char *name, size_t *len);

/*
 * The fixed ASCII names the data files use: lands (enum tg_land), seas
 * (enum tg_sea), quest categories (enum tg_quest_cat) and quest kinds
 * (enum tg_quest_kind), e.g. tg_land_ids[TG_KALLAND] == "kalland".
 */
extern const char *const tg_land_ids[TG_LANDS];
extern const char *const tg_sea_ids[TG_SEAS];
extern const char *const tg_qcat_ids[TG_QUEST_CATS];
extern const char *const tg_qkind_ids[TG_QUEST_KINDS];

/* Look-ups by ASCII name; -1 when absent. */
int tg_spot_find(const struct tg_data *d, const char *name, size_t len);
int tg_path_between(const struct tg_data *d, int a, int b);

#endif
