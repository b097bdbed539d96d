/*
 * data.h -- Catan: het Duel's design data (duel-rules(7)): the
 * region kinds, the two starting principalities, the region stack and
 * every card, read from INI text ("cards" blob) through lib/inifile.h.
 *
 * A struct du_data is immutable once loaded; game states keep card
 * numbers into it and never point the other way.  Card numbers:
 *   - a region card is 0..DU_REGIONS-1: red's six starting regions
 *     (DU3.1, in the order k2 m2 o2 k4 m4 o4), blue's six, then the
 *     region stack in the order of the data (DU3.2);
 *   - every copy of a non-centre card (action, expansion, event) is an
 *     instance 0..ninst-1, in the order of the data, copies together.
 * Resource kinds are numbered as enum du_res, and a region kind by the
 * resource it yields (the loader requires six kinds, six resources).
 */
#ifndef DUEL_DATA_H
#define DUEL_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

enum du_res { DU_LUMBER, DU_BRICK, DU_WOOL, DU_GRAIN, DU_ORE, DU_GOLD,
	DU_RES };

/* Card kinds (§6 "kind"). */
enum du_kind { DU_K_ROAD, DU_K_SETTLEMENT, DU_K_CITY, DU_K_ACTION,
	DU_K_BUILDING, DU_K_HERO, DU_K_SHIP, DU_K_UNIT, DU_K_EVENT, DU_KINDS };
#define DU_IS_EXPANSION(k) ((k) >= DU_K_BUILDING && (k) <= DU_K_UNIT)

/* Sites (§6 "site"). */
enum du_site { DU_SITE_NONE, DU_SITE_SETTLEMENT, DU_SITE_CITY,
	DU_SITE_REGION };

/* Sets (§6 "set"). */
enum du_set { DU_SET_CENTRE, DU_SET_BASIS, DU_SET_GOLD, DU_SET_CONFLICT,
	DU_SET_PROGRESS, DU_SETS };

/*
 * The effects this build implements (§6 "effect"): the engine
 * dispatches on them.  A card whose effect is not listed here is
 * refused by the loader.
 */
enum du_effect {
	DU_FX_NONE,		/* heroes: values only */
	DU_FX_ROAD, DU_FX_SETTLEMENT, DU_FX_CITY,	/* DU9 */
	DU_FX_GOLDSMITH,	/* DU12.3 */
	DU_FX_CARAVAN,		/* DU12.4 */
	DU_FX_FIX_PRODUCTION,	/* DU12.5 Marileen */
	DU_FX_RELOCATION,	/* DU12.6 */
	DU_FX_SCOUT,		/* DU9.4, DU12.7 */
	DU_FX_ABBEY,		/* DU8.5 (progress point by value) */
	DU_FX_MARKETPLACE,	/* DU6.4 */
	DU_FX_PARISH_HALL,	/* DU14.4 */
	DU_FX_STOREHOUSE,	/* DU7.1, DU8.5 */
	DU_FX_TOLL_BRIDGE,	/* DU7.4 */
	DU_FX_BOOSTER,		/* DU6.2; param: region kind */
	DU_FX_TRADE_SHIP,	/* DU11.2; param: resource */
	DU_FX_LARGE_SHIP,	/* DU11.3 */
	DU_FX_FEUD,		/* DU8.1 Vete */
	DU_FX_FRATERNAL,	/* DU8.2 Broedertwist */
	DU_FX_SHIPS_RACE,	/* DU8.3 */
	DU_FX_MERCHANT,		/* DU8.4 */
	DU_FX_RICH_YEAR,	/* DU8.5 */
	DU_FX_INVENTION,	/* DU8.6 */
	DU_FX_SUMMER_FEAST,	/* DU8.7 */
	/* De Gouden Eeuw (DU19) */
	DU_FX_HARBOUR,		/* Haven: +1 VP with 3 trade ships */
	DU_FX_SALT_HOUSE,	/* Zoutpakhuis: +1 trade a trade ship */
	DU_FX_TRADE_POST,	/* Handelssteunpunt: Markt, Haven +1 */
	DU_FX_MONEYLENDER,	/* Geldschieter: DU7.2 takes 2 */
	DU_FX_ROYAL_GIFT,	/* Vorstelijk geschenk: gold a unit */
	DU_FX_EMPORIUM,		/* Stapelhuis: built, 2 of choice */
	DU_FX_MASTER_MERCHANT,	/* Handelsmeester: take 1-2 (DU19.2) */
	DU_FX_TRADER,		/* Handelaar: take 1-2, give 1 (DU19.3) */
	DU_FX_RAID,		/* Rooftocht: take 1-2 (DU19.4) */
	DU_FX_MESSENGER,	/* Reiner: a celebration's gain (DU19.6) */
	DU_FX_MINT,		/* Muntenhandel: 1 gold for 1 (DU19.9) */
	DU_FX_PIRATE,		/* Piratenschip: sinks a ship (DU19.7) */
	DU_FX_DOUNYA,		/* Dounya: gold a Piratenschip (DU19.5) */
	DU_FX_GOLD_CACHE,	/* Verborgen goudmijn (DU19.8) */
	DU_EFFECTS
};

#define DU_SLUG_MAX 32		/* a slug is [a-z0-9-]{1,31} */
#define DU_NAME_MAX 48
#define DU_TEXT_MAX 160
#define DU_MAX_CARDS 96		/* card definitions */
#define DU_MAX_INST 160		/* non-centre copies */
#define DU_REGIONS 24		/* 6 + 6 starting, the region stack */
#define DU_START_REGIONS 6
#define DU_MAX_RSTACK (DU_REGIONS - 2 * DU_START_REGIONS)

extern const char *const du_res_names[DU_RES];
extern const char *const du_kind_names[DU_KINDS];
extern const char *const du_set_names[DU_SETS];
extern const char *const du_effect_names[DU_EFFECTS];

struct du_region_kind {
	char slug[DU_SLUG_MAX];		/* "bos" */
	char name[DU_NAME_MAX];		/* "Bos" */
	char gloss[DU_NAME_MAX];	/* "Forest" */
};

/* One region card: its kind (= the resource it yields) and number. */
struct du_region {
	uint8_t kind;			/* enum du_res */
	uint8_t number;			/* 1-6 */
	uint8_t stored;			/* starting regions: DU3.1's units */
	uint8_t cell;			/* starting regions: 0..5 for k2 m2 o2
					   k4 m4 o4; else 0xff */
};

/* DU18.8: what a card's `requires` names.  A requirement holds for the
 * player who builds or plays the card: a card (a copy of it built in
 * his principality), an advantage (DU13.2's token), a city, fewer VP
 * than the other, at least arg trade or progress points.  Consecutive
 * items joined by `or` form one alternative (or_next); every
 * alternative must hold. */
enum du_req { DU_RQ_CARD, DU_RQ_STRENGTH_ADV, DU_RQ_TRADE_ADV, DU_RQ_CITY,
	DU_RQ_FEWER_VP, DU_RQ_TRADE_POINTS, DU_RQ_PROGRESS_POINTS };
#define DU_REQ_MAX 4
struct du_req_item {
	uint8_t what;			/* enum du_req */
	uint8_t arg;			/* the card, or the points */
	uint8_t or_next;		/* 1: this or the next item */
};

struct du_card {
	char slug[DU_SLUG_MAX];
	char name[DU_NAME_MAX];
	char gloss[DU_NAME_MAX];
	char text[DU_TEXT_MAX];
	uint8_t set, count, start, kind, site, unique, open, halfmoon;
	uint8_t vp, strength, skill, trade, progress;
	uint8_t effect, param;		/* param: enum du_res for boosters
					   (the kind boosted) and ships */
	uint8_t cost[DU_RES];
	uint8_t copies[DU_SETS];	/* a basic card's copies in a theme
					   set, with its back (`theme`) */
	uint8_t nreq;			/* DU18.8 */
	struct du_req_item req[DU_REQ_MAX];
};

/* A card's values the engine reads in play, packed small (16 bytes, a
 * copy of struct du_card's; filled by du_data_load). */
struct du_cinfo {
	uint8_t kind, effect, param, unique;
	uint8_t vp, strength, skill, trade, progress, site;
	uint8_t cost[DU_RES];
};

struct du_data {
	struct du_region_kind rkind[DU_RES];	/* by resource */
	struct du_region region[DU_REGIONS];
	int nregions;				/* 12 + the region stack */
	struct du_card card[DU_MAX_CARDS];
	int ncards;
	uint8_t inst[DU_MAX_INST];		/* instance -> card */
	uint8_t iset[DU_MAX_INST];		/* instance -> its set (its
						   back): a basic card's
						   theme copies have the
						   theme's */
	int ninst;
	int road, settlement, city;		/* the centre cards */
	int summer;				/* Zomerfeest's card */
	/* the basic set's instances in data order: draw cards, events */
	uint8_t draw[DU_MAX_INST], events[DU_MAX_INST];
	int ndraw, nevents;
	struct du_cinfo ci[DU_MAX_CARDS];	/* by card */
};

/* The embedded default (data/duel/cards.ini), build-aux/embed.sh. */
extern const char du_embed_cards[];
extern const size_t du_embed_cards_len;

/*
 * Load the cards text (NULL: the embedded default) into *d.  0, or
 * RULES_EDATA with err->data "cards" and err->line, the reason in
 * err->msg; *d is then undefined.
 */
int du_data_load(struct du_data *d, const char *text, size_t len,
    struct rules_error *err);

/* Index of a card by slug, or -1. */
int du_card_find(const struct du_data *d, const char *slug);
/* "bos-2": a region card's slug, written to buf. */
void du_region_slug(const struct du_data *d, int region, char *buf,
    size_t n);
/* A resource by English name or Dutch alias (hout baksteen wol graan
 * erts goud), len bytes; -1 when none. */
int du_res_find(const char *s, size_t len);
/* A region kind by slug ("bos"), len bytes; -1 when none. */
int du_rkind_find(const struct du_data *d, const char *s, size_t len);

#endif
