/*
 * data.h -- Catan's design data (catan-rules(7), DATA FILES): the maps
 * and the deck, read from INI text through lib/inifile.h,
 * and the board geometry built from a map (CA2): hexes, corners, edges,
 * their names, harbors and islands.
 *
 * A struct ca_data holds every map of a maps text and the deck; it is
 * immutable once loaded.  A struct ca_board is one map made concrete
 * (the variable set-up of CA3.1 drawn, or a fixed map read as it is)
 * with its tables; it too is immutable for the life of a game, and game
 * states point to it (never the other way round).  What changes in
 * play -- pieces, fog reveals, robber -- lives in the state (engine.h).
 *
 * Limits beyond the rules page's (checked by the loader, RULES_EDATA): at
 * most CA_MAX_HEX hexes a map, CA_MAX_CORNER corners, CA_MAX_EDGE edges,
 * CA_MAX_FOG fog hexes, CA_MAX_ISLANDS islands, CA_MAX_MAPS maps a file;
 * they keep the game state within 1 KiB.
 */
#ifndef CATAN_DATA_H
#define CATAN_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define CA_MAX_ROWS 26
#define CA_MAX_ROWLEN 99
#define CA_MAX_HEX 96
#define CA_MAX_CORNER 192
#define CA_MAX_EDGE 255		/* indices fit a byte; CA_NONE is 0xff */
#define CA_MAX_FOG 24
#define CA_MAX_TREASURES 8	/* treasure places a map (CA10.5) */
#define CA_MAX_SUPPLY 8		/* number tokens in a map's supply (CA10.7) */
#define CA_MAX_GROW 48		/* hexes whose number may change (CA10.7) */
#define CA_MAX_ISLANDS 32
#define CA_MAX_MAPS 8
#define CA_MAX_HARBORS 24
#define CA_MAX_HOME 8
#define CA_NAME_MAX 24
#define CA_TITLE_MAX 80
#define CA_NONE 0xff		/* no hex, corner, edge or seat */
#define CA_NONE16 0xffff

/*
 * Card kinds (engine.h's B1: hands and bank hold 8 kinds
 * from the start).  The base game uses the five resources; the three
 * commodities are for Cities & Knights and stay 0 here.
 */
enum ca_kind {
	CA_BRICK, CA_WOOD, CA_WOOL, CA_GRAIN, CA_ORE,	/* resources */
	CA_CLOTH, CA_COIN, CA_PAPER,			/* commodities (C&K) */
	CA_KINDS
};
#define CA_RES 5

/* Development cards (CA1.4, CA8), in the draw order of CA12.4. */
enum ca_dev {
	CA_KNIGHT, CA_VP, CA_ROADS, CA_PLENTY, CA_MONOPOLY, CA_DEVS
};

/* Hex kinds (CA2.5).  The producing terrains are CA_HILLS..CA_GOLD. */
enum ca_terrain {
	CA_SEA, CA_DESERT, CA_HILLS, CA_FOREST, CA_PASTURE, CA_FIELDS,
	CA_MOUNTAINS, CA_GOLD, CA_FOG, CA_LANDHOLDER, CA_TERRAINS
};
/* 1 for a hex that counts as land (CA2.5; fog and placeholders aside). */
#define CA_IS_LAND(t) ((t) >= CA_DESERT && (t) <= CA_GOLD)
#define CA_PRODUCES(t) ((t) >= CA_HILLS && (t) <= CA_GOLD)
/* The resource a terrain produces (CA_HILLS..CA_MOUNTAINS). */
#define CA_TERRAIN_RES(t) ((t) - CA_HILLS)

/* Harbor types: 0-4 a 2:1 harbor of that resource, CA_HARBOR_ANY 3:1. */
#define CA_HARBOR_ANY 5
#define CA_HARBOR_POOL 6	/* "?": drawn from the pool (CA3.1) */

enum ca_mapkind { CA_MAP_BASE, CA_MAP_SEAFARERS };

/* What a treasure gives its finder (CA10.6). */
enum ca_treasure { CA_TR_GOLD, CA_TR_RESOURCES, CA_TR_ROADS, CA_TR_CARD,
    CA_TREASURE_KINDS };
extern const char *const ca_treasure_names[CA_TREASURE_KINDS];

/* Corner and edge directions of a hex (CA2.3). */
enum ca_cdir { CA_C_N, CA_C_NE, CA_C_SE, CA_C_S, CA_C_SW, CA_C_NW };
enum ca_edir { CA_E_NE, CA_E_E, CA_E_SE, CA_E_SW, CA_E_W, CA_E_NW };

/* One map as its data says it (before the variable set-up is drawn). */
struct ca_mapdef {
	char name[CA_NAME_MAX];
	char title[CA_TITLE_MAX];
	uint8_t kind;			/* enum ca_mapkind */
	uint8_t vp;			/* target (CA11.2) */
	uint8_t island_bonus;		/* CA10.2 */
	uint8_t harbormaster;		/* CA9.6: the option on by the map */
	/* treasures = CORNER:KIND ... (CA10.5): the corner's three hexes,
	   board order, and enum ca_treasure */
	uint8_t ntreasures;
	uint8_t treasure_hex[CA_MAX_TREASURES][3];
	uint8_t treasure_kind[CA_MAX_TREASURES];
	/* token-supply = N ... (CA10.7, Greater Catan): the supply of
	   number tokens in the order they are taken; 0 on other maps */
	uint8_t nsupply;
	uint8_t supply[CA_MAX_SUPPLY];
	uint8_t robber, pirate;		/* hex, or CA_NONE (robber: the desert) */
	uint8_t nhome;
	uint8_t home[CA_MAX_HOME];	/* hexes naming home islands */
	uint8_t nrows;
	uint8_t indent[CA_MAX_ROWS];
	uint8_t rowlen[CA_MAX_ROWS];
	uint8_t rowstart[CA_MAX_ROWS];	/* index of the row's first hex */
	uint8_t nhex;
	uint8_t terrain[CA_MAX_HEX];	/* enum ca_terrain */
	uint8_t token[CA_MAX_HEX];	/* 2-12, 0 none */
	uint8_t nharbors;
	uint8_t harbor_hex[CA_MAX_HARBORS][2];	/* the edge's two hexes */
	uint8_t harbor_type[CA_MAX_HARBORS];	/* 0-5, or CA_HARBOR_POOL */
	/* [pool NAME] (variable set-up, CA3.1) */
	uint8_t has_pool;
	uint8_t npool_terrain, npool_tokens, nspiral, nrings, npool_harbors;
	uint8_t pool_terrain[CA_MAX_HEX];
	uint8_t pool_tokens[CA_MAX_HEX];
	uint8_t spiral[CA_MAX_HEX];	/* hexes, ring after ring */
	uint8_t ringlen[CA_MAX_HEX];
	uint8_t pool_harbors[CA_MAX_HARBORS];
	/* [fog NAME] (CA10.3) */
	uint8_t nfog_tiles, nfog_tokens;
	uint8_t fog_tiles[CA_MAX_FOG];
	uint8_t fog_tokens[CA_MAX_FOG];
	int line;			/* line of its [map] header */
};

struct ca_data {
	int nmaps;
	struct ca_mapdef maps[CA_MAX_MAPS];
	uint8_t dev[CA_DEVS];		/* deck counts */
	uint8_t bank[CA_KINDS];		/* bank counts */
};

struct ca_corner {
	uint8_t hex[3];			/* board order */
	uint8_t edge[3];		/* its edges (CA_NONE past nedge) */
	uint8_t adj[3];			/* the corner at the other end of each */
	uint8_t nedge;
	uint8_t harbor;			/* bit t per harbor type t (0-5) */
	uint8_t land;			/* 1 when it touches land (placeholders,
					   fog aside: known land, CA3.4) */
	uint8_t island;			/* island of its land hexes, or CA_NONE */
};

struct ca_edge {
	uint8_t hex[2];			/* board order */
	uint8_t corner[2];		/* its end corners, CA_NONE if absent */
};

/* One map made concrete: geometry, names, terrain, tokens, harbors. */
/* CK14.19: a number token the Inventor may move: 3-5 and 9-11. */
#define CA_TOKEN_MOVABLE(t) \
	(((t) >= 3 && (t) <= 5) || ((t) >= 9 && (t) <= 11))

struct ca_board {
	const struct ca_mapdef *def;
	uint8_t nhex, ncorner, nedge, nfog, nislands;
	uint8_t kind;			/* enum ca_mapkind */
	uint8_t vp, island_bonus;
	uint8_t robber, pirate;		/* starting hexes (CA3.2) */
	uint8_t terrain[CA_MAX_HEX];	/* after the set-up; fog stays CA_FOG */
	uint8_t token[CA_MAX_HEX];
	/* CK14.19: hex h's place among the hexes whose token the Inventor
	   may move (CA_TOKEN_MOVABLE), in hex order, or -1: built once with
	   the board, so a C&K game finds its token in ck.tok at once */
	int8_t tokslot[CA_MAX_HEX];
	uint8_t row[CA_MAX_HEX], col[CA_MAX_HEX];	/* row index, x (CA2.2) */
	uint8_t num[CA_MAX_HEX];	/* number within its row, from 1 */
	uint8_t nb[CA_MAX_HEX][6];	/* neighbour per enum ca_edir, CA_NONE */
	uint8_t hcorner[CA_MAX_HEX][6];	/* corner per enum ca_cdir, CA_NONE */
	uint8_t hedge[CA_MAX_HEX][6];	/* edge per enum ca_edir, CA_NONE */
	uint8_t fogidx[CA_MAX_HEX];	/* index among fog hexes, CA_NONE */
	uint8_t fog_hex[CA_MAX_FOG];
	/* the hexes a roll of t may produce on, so that a roll does not
	   walk the board: bytok[tokfrom[t]] to bytok[tokfrom[t + 1] - 1]
	   those of token t (2-12) that never moves (no fog, tokslot -1),
	   movhex[k] the hex of tokslot k (nmov of them) */
	uint8_t tokfrom[14];
	uint8_t bytok[CA_MAX_HEX];
	uint8_t nmov;
	uint8_t movhex[CA_MAX_HEX];
	uint8_t island[CA_MAX_HEX];	/* CA2.8, CA_NONE for sea and fog */
	uint32_t home_islands;		/* bit per home island (CA10.2) */
	uint8_t nharbors;
	uint8_t harbor_edge[CA_MAX_HARBORS];
	uint8_t harbor_type[CA_MAX_HARBORS];	/* 0-5 */
	/* the two ends of harbor i's edge at 2i and 2i + 1, so that a
	   trade rate (engine.c) reads them without going through edge[] */
	uint8_t harbor_corner[2 * CA_MAX_HARBORS];
	uint8_t ntreasures;		/* CA10.5 */
	uint8_t treasure_corner[CA_MAX_TREASURES];
	/* Greater Catan (CA10.7): ngrow hexes whose number may change, every
	   producing hex of a map with a token supply, growidx[h] hex h's
	   place among them (the state's gc.tok) or CA_NONE; main_island the
	   island of the map's home hex, CA_NONE without a supply */
	uint8_t ngrow, main_island;
	uint8_t growidx[CA_MAX_HEX];
	uint8_t grow_hex[CA_MAX_GROW];
	struct ca_corner corner[CA_MAX_CORNER];
	struct ca_edge edge[CA_MAX_EDGE];
};

extern const char *const ca_kind_names[CA_KINDS];
extern const char *const ca_dev_names[CA_DEVS];
extern const char *const ca_terrain_names[CA_TERRAINS];

/*
 * Load maps and deck text; NULL text means the embedded default.
 * 0, or RULES_EDATA with err->data ("maps" or "deck") and err->line.
 */
int ca_data_load(struct ca_data *d, const char *maps, size_t maps_len,
    const char *deck, size_t deck_len, struct rules_error *err);

/* The map named name, or NULL. */
const struct ca_mapdef *ca_data_map(const struct ca_data *d,
    const char *name);

/*
 * Build the board of a map.  For a fixed map terrain, tokens and
 * harbors are the data's.  For a map with a pool, draw[] gives the
 * drawn set-up (CA3.1): the terrain permutation (npool_terrain entries:
 * placeholder i of the spiral's board order gets pool_terrain[draw
 * ->terrain[i]]), the start k, and the harbor permutation.  NULL draw
 * on a pool map: the identity permutations and k = 0.
 */
struct ca_setup_draw {
	uint8_t terrain[CA_MAX_HEX];
	uint8_t k;
	uint8_t harbors[CA_MAX_HARBORS];
};
int ca_board_build(struct ca_board *b, const struct ca_mapdef *m,
    const struct ca_setup_draw *draw, struct rules_error *err);

/* Names (CA2.1, CA2.4): write into buf (at least 16 bytes). */
void ca_hex_name(const struct ca_board *b, int h, char *buf, size_t n);
void ca_corner_name(const struct ca_board *b, int c, char *buf, size_t n);
void ca_edge_name(const struct ca_board *b, int e, char *buf, size_t n);

/*
 * Parse a name (CA2.4): a hex "d4"; a corner "c3/d3/d4" (any order) or
 * "c3.n"; an edge "c2/d3" (any order) or "c3.e".  Returns the index,
 * or -1 with a message in msg (RULES_EPARSE: unknown hex, hexes that do
 * not meet).
 */
int ca_parse_hex(const struct ca_board *b, const char *s, size_t len);
int ca_parse_corner(const struct ca_board *b, const char *s, size_t len,
    char *msg, size_t n);
int ca_parse_edge(const struct ca_board *b, const char *s, size_t len,
    char *msg, size_t n);

/* The hex at row r, doubled column x, or CA_NONE. */
int ca_hex_at(const struct ca_mapdef *m, int r, int x);

/* Embedded defaults (data/catan/ maps.ini and deck.ini). */
extern const char ca_embed_maps[];
extern const size_t ca_embed_maps_len;
extern const char ca_embed_deck[];
extern const size_t ca_embed_deck_len;

#endif
