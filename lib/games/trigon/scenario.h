/*
 * scenario.h -- a starting position that replaces the standard set-up
 * (R3), for teaching games and for tests that need an exact situation.
 *
 * A scenario is INI text (the "scenario" blob of struct rules_setup).
 * tg_scenario_parse() reads it into a struct tg_scenario -- plain data,
 * checked against the design data and the card table -- and the engine
 * applies it when the game is created (tg_scenario_apply, engine.h).
 *
 * A scenario describes the COMPLETE position: what it does not list does
 * not exist.  There is no standard set-up underneath it: no capital,
 * palace, knight or scout that the scenario does not place, no coin or
 * card it does not give.  Everything not placed or held goes to the
 * supplies, the bank and the decks: the village cards, quest cards and
 * play cards not named anywhere are shuffled (chance events) into
 * the three decks, as R3.2 does.
 *
 * The format (trigon-rules(7), DATA FILES, has an example):
 *
 *   [game]                   optional
 *     round   = N            the round the game starts in (1-9999; 1)
 *     first   = COLOR        who acts first in that round; the others
 *                            follow in seat order.  Absent: the order
 *                            is fixed as R4.6/R4.8 say (dice).
 *     collect = yes | no     yes: the round starts with its collection
 *                            phase (taxes, births, bonus knights, R4.8)
 *                            from this position; no (default): the
 *                            position is the start of the action phase,
 *                            coins and inhabitants exactly as written.
 *
 *   [spot NAME]              what stands on one spot (spots not listed
 *                            are empty)
 *     color       = COLOR    the one color of everything on the spot
 *                            (two colors never share a spot, R7.4);
 *                            required
 *     settlement  = village | city      (absent: no settlement)
 *     inhabitants = 0-5      default 1; only with a settlement; a
 *                            village holds at most 4 (at 5 it is a city)
 *     palace      = yes | no default no; only on a settlement at the
 *                            capital spot of the color's own land
 *     chip        = 1-10     the village chip; default: the lowest chip
 *                            number the scenario leaves free
 *     card        = SLUG     the village card (each card once); default:
 *                            the color's capital card on its own capital
 *                            spot (if no other spot names it), else the
 *                            top card of the shuffled village deck
 *     knights     = N        default 0
 *     scouts      = N        default 0
 *     boats       = N        default 0; only on a harbor spot
 *
 *   [path A B]               figures halfway across a river path (R7.2)
 *     color   = COLOR        required
 *     knights = N, scouts = N
 *     toward  = A | B        the end they are heading for (R7.5); required
 *
 *   [player COLOR]           optional: coins and cards of one color
 *     copper = N, silver = N, gold = N          default 0
 *     cards     = SLUG ...   play cards in hand (a slug once per copy;
 *                            never a † card: those are played at once)
 *     played    = SLUG ...   bonus-point cards already played (R10.2)
 *     quests    = SLUG ...   unfinished quest cards in hand
 *     completed = SLUG ...   completed quests, shown (R10.1)
 *     reserve   = N          reserve knights (R4.9), default 0
 *     founded   = N          villages founded so far (R9.2), default 0
 *     explorer  = yes | no   holds Explorer of the Wilderness (R9.2)
 *     adventurer = yes | no  holds Adventurer's Quest (R10.1)
 *
 * Checked here: every name resolves; each spot, path and player once;
 * no village card, quest card or bonus card twice; per color at most 10
 * settlements with distinct chips, 3 scouts, 5 boats, 60 inhabitants +
 * knights (reserve included); per coin at most 30 over all players
 * (R1.2); play cards per type at most the copies of R10.3; at most one
 * palace per color.  The engine checks what depends on the seats: every
 * color the scenario names must be seated (else RULES_EDATA), and a
 * seated color with no settlement and no figure is out at once (R11.3).
 * Points, land counts and wholly held lands (R4.5) follow from the
 * position; nothing here states them.
 */
#ifndef TRIGON_SCENARIO_H
#define TRIGON_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"
#include "data.h"
#include "cards.h"

#define TG_SC_NONE 0xff		/* no color / no card / deck */

enum tg_sc_settlement { TG_SC_EMPTY, TG_SC_VILLAGE, TG_SC_CITY };

struct tg_sc_spot {
	uint8_t color;		/* enum tg_color, TG_SC_NONE: nothing here */
	uint8_t settlement;	/* enum tg_sc_settlement */
	uint8_t inhabitants;	/* 0-5 */
	uint8_t palace;		/* 1: the color's palace stands here */
	uint8_t chip;		/* 1-10 (defaults already resolved) */
	uint8_t card;		/* village card index, TG_SC_NONE: draw one */
	uint8_t knights, scouts, boats;
};

/* Figures on a river path, indexed by the path's river_index. */
struct tg_sc_river {
	uint8_t color;		/* TG_SC_NONE: nobody on this path */
	uint8_t knights, scouts;
	uint8_t toward;		/* spot index: path.a or path.b */
};

struct tg_sc_player {
	uint8_t coin[3];		/* copper, silver, gold */
	uint8_t hand[TG_CARD_TYPES];	/* play cards in hand per type */
	uint8_t played[TG_CARD_TYPES];	/* bonus-point cards played */
	uint8_t reserve;		/* reserve knights */
	uint8_t founded;		/* villages founded so far */
	uint8_t explorer, adventurer;	/* bonus cards held */
};

struct tg_scenario {
	uint16_t round;			/* >= 1 */
	uint8_t first;			/* color acting first, or TG_SC_NONE */
	uint8_t collect;		/* 1: begin with the collection phase */
	uint8_t colors;			/* bit per color the scenario names */
	struct tg_sc_spot spot[TG_MAX_SPOTS];	/* by spot index */
	struct tg_sc_river river[TG_MAX_PATHS];	/* by river_index */
	struct tg_sc_player p[TG_COLORS];
	uint8_t quest[TG_QUEST_CARDS];	/* holder color, TG_SC_NONE: deck */
	uint8_t quest_done[TG_QUEST_CARDS];	/* 1: completed */
};

/* An empty position: round 1, no first color, nothing anywhere. */
void tg_scenario_init(struct tg_scenario *sc);

/*
 * Parse and check text (len bytes, need not be NUL-terminated) against
 * the design data d.  On error return RULES_EDATA with err->data =
 * "scenario", err->line and err->msg set; *out is then unspecified.
 */
int tg_scenario_parse(struct tg_scenario *out, const struct tg_data *d,
    const char *text, size_t len, struct rules_error *err);

#endif
