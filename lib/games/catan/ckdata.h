/*
 * ckdata.h -- the design data of Catan: Cities & Knights
 * (catan-ck-rules(7), DATA FILES): the progress cards (the "progress"
 * blob, data/catan/progress.ini) and the city improvements (the
 * "improvements" blob, data/catan/improvements.ini), read from INI text
 * through lib/inifile.h and checked by the loader (L1-L12), and the
 * constants of D3.
 *
 * A struct ck_data is immutable once loaded; game states point to it.
 * The engine (engine.c) reads tracks and cards through it only, so that
 * a data file that gives the trade track coin, say, is obeyed.
 */
#ifndef CATAN_CKDATA_H
#define CATAN_CKDATA_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

/* Tracks (CK9.1), in the data's section order and CK16.3's deck order. */
enum ck_track { CK_TRADE, CK_POLITICS, CK_SCIENCE, CK_TRACKS };

/* Colours, abilities (D2, L8). */
enum ck_colour { CK_YELLOW, CK_BLUE, CK_GREEN };
enum ck_ability { CK_MERCHANT_GUILD, CK_FORTRESS, CK_AQUEDUCT };

/*
 * The 25 effects: the default slugs, in the order of catan-ck-rules(7),
 * PROGRESS CARDS
 * (trade, politics, science).
 */
enum ck_effect {
	CK_E_COMMERCIAL_HARBOR, CK_E_MASTER_MERCHANT, CK_E_MERCHANT,
	CK_E_MERCHANT_FLEET, CK_E_RESOURCE_MONOPOLY, CK_E_TRADE_MONOPOLY,
	CK_E_BISHOP, CK_E_CONSTITUTION, CK_E_DESERTER, CK_E_DIPLOMAT,
	CK_E_INTRIGUE, CK_E_SABOTEUR, CK_E_SPY, CK_E_WARLORD, CK_E_WEDDING,
	CK_E_ALCHEMIST, CK_E_CRANE, CK_E_ENGINEER, CK_E_INVENTOR,
	CK_E_IRRIGATION, CK_E_MEDICINE, CK_E_MINING, CK_E_PRINTER,
	CK_E_ROAD_BUILDING, CK_E_SMITH,
	CK_EFFECTS
};

/* D3 constants. */
#define CK_LEVELS 5		/* levels of a track */
#define CK_ABILITY_LEVEL 3	/* CK9.4 */
#define CK_METRO_LEVEL 4	/* CK10.2; level 5 takes it over, CK10.3 */
#define CK_KNIGHTS_PER_LEVEL 2	/* CK2.3 */
#define CK_WALLS 3		/* CK2.3, CK8.1 */
#define CK_WALL_BONUS 2		/* CK8.2 */
#define CK_COMMODITIES 12	/* CK2.2 */
#define CK_HAND_LIMIT 4		/* CK13.4 (5 for the active player) */
#define CK_SLUG_MAX 32		/* L1 */
#define CK_NAME_MAX 40		/* L4, L11 */
#define CK_DECK_MAX 40		/* L6 */
#define CK_COUNT_MAX 18		/* L2 */
#define CK_COST_MAX 12		/* L9 */

struct ck_card {
	char slug[CK_SLUG_MAX + 1];
	char name[CK_NAME_MAX + 1];
	char nl[CK_NAME_MAX + 1];	/* "" when not given */
	uint8_t deck;			/* enum ck_track */
	uint8_t count;			/* 0-18 */
	uint8_t effect;			/* enum ck_effect */
	int line;			/* its section header's line */
};

struct ck_trackdef {
	uint8_t colour;			/* enum ck_colour */
	uint8_t commodity;		/* enum ca_kind: CA_CLOTH..CA_PAPER */
	uint8_t ability;		/* enum ck_ability */
	uint8_t cost[CK_LEVELS];	/* cost[L-1]: commodities for level L */
	uint8_t red[CK_LEVELS];		/* red[L-1]: highest red die drawing */
	char level[CK_LEVELS][CK_NAME_MAX + 1];
};

struct ck_data {
	int ncards;			/* at most CK_EFFECTS (L3) */
	struct ck_card cards[CK_EFFECTS];	/* file order */
	uint8_t deck_total[CK_TRACKS];	/* L6 */
	struct ck_trackdef track[CK_TRACKS];	/* by enum ck_track */
	/* The sealed decks' source of the game the data was loaded for
	   (catan-ck-rules(7), CK20): set by create, NULL with open hands
	   (sealed-ck.c).  Not design data: the state keeps no room for it. */
	const struct rules_sealed *sealed;
};

extern const char *const ck_track_names[CK_TRACKS];
/* CK2.1: the event die's face e (1-3 the ship, 4-6 a gate of the track
 * of that colour) as the log and every view name it: "ship", "trade",
 * "politics", "science"; NULL outside 1-6. */
const char *ck_event_name(int e);
extern const char *const ck_colour_names[CK_TRACKS];
extern const char *const ck_ability_names[CK_TRACKS];
extern const char *const ck_effect_names[CK_EFFECTS];

/*
 * Load the progress and improvements texts; NULL text means the
 * embedded default.  0, or RULES_EDATA with err->data ("progress" or
 * "improvements") and err->line (0: the text as a whole), or
 * RULES_ENOMEM.
 */
int ck_data_load(struct ck_data *d, const char *progress, size_t progress_len,
    const char *improvements, size_t improvements_len,
    struct rules_error *err);

/* The card whose slug is s (len bytes), or -1. */
int ck_card_by_slug(const struct ck_data *d, const char *s, size_t len);
/*
 * CK17.4: the card a word that is not a slug probably means, or -1:
 * its Dutch gloss (nl), its 2025 (6th edition) name, its English name
 * or slug in other letters ("Crane", "road_building"), compared without
 * case, spaces, hyphens or underscores; else the slug nearest by
 * spelling (suggest_nearest).  Only for a hint: never accepted.
 */
int ck_card_hint(const struct ck_data *d, const char *s, size_t len);
/* The card carrying effect e, or -1 (a data file may leave one out). */
int ck_card_by_effect(const struct ck_data *d, int e);
/* The track whose commodity is kind k, or -1. */
int ck_track_of_commodity(const struct ck_data *d, int k);
/* The track with ability a (enum ck_ability). */
int ck_track_of_ability(const struct ck_data *d, int a);

/* Embedded defaults (data/catan/ progress.ini and improvements.ini). */
extern const char ca_embed_progress[];
extern const size_t ca_embed_progress_len;
extern const char ca_embed_improvements[];
extern const size_t ca_embed_improvements_len;

#endif
