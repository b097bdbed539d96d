/*
 * engine.h -- the state and rules of Catan: het Duel (duel-rules(7),
 * DU1-DU17, the introductory game).  A struct du_state is flat data of
 * at most 1 KiB that memcpy copies: both principalities as grids of
 * cell codes, stored units per region card, the hands, the draw stacks,
 * discard pile and event deck as card numbers (data.h), the supply, the
 * dice and what is awaited.  It points only to the immutable data and
 * to the source of chance, both outliving it.  Nothing in play
 * allocates.
 *
 * du_apply() takes a parsed order (parse.c) and either changes the
 * state and writes the public note, or refuses with the state
 * untouched (it works on a copy); with dry = 1 it only checks.  That
 * dry run (du_check) defines what legal() lists: legal.c generates the
 * same orders directly, and t/unit/duel/legal.c compares the two.
 */
#ifndef DUEL_ENGINE_H
#define DUEL_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rules.h"
#include "games/duel/data.h"
#include "games/duel/mode.h"

#define DU_SEATS 2
#define DU_ROWS 5
#define DU_COLS 25
#define DU_STACKS 4		/* intro: stacks 1-4 (themes 5, duel 6) */
#define DU_MAX_STACKS 6
#define DU_HAND_MAX 12
#define DU_WIN_VP 7		/* DU15.1 */
#define DU_SL_MAX 40		/* DU23.1: positions of the sealed deck */
#define DU_SL_TOK 0xc0		/* + position: a sealed card (DU23) */
#define DU_SL_UNKNOWN 63	/* a face this reader may not see */

/* Cell codes of a grid. */
#define DU_C_EMPTY 0
#define DU_C_ROAD 1
#define DU_C_SETTLEMENT 2
#define DU_C_CITY 3
#define DU_C_REGION 0x20	/* + region card 0..23 */
#define DU_C_EXP 0x40		/* + instance 0..DU_MAX_INST-1 */
#define DU_IS_REGION(c) ((c) >= DU_C_REGION && (c) < DU_C_REGION + DU_REGIONS)
#define DU_IS_EXP(c) ((c) >= DU_C_EXP)

/* Segments of the pile: the draw stacks, the discard pile, the event
 * deck; each segment lies top first. */
#define DU_SEG_DISCARD DU_MAX_STACKS
#define DU_SEG_EVENTS (DU_MAX_STACKS + 1)
#define DU_SEGS (DU_MAX_STACKS + 2)
/* DU18.5: in a theme game the open pile lies in the sixth stack's
 * segment (only Duel der vorsten draws from six stacks). */
#define DU_SEG_OPEN (DU_MAX_STACKS - 1)

/* The event die's faces (DU1.4), by chance_die() - 1. */
enum du_face { DU_F_BRIGAND, DU_F_TRADE, DU_F_CELEBRATION, DU_F_HARVEST,
	DU_F_EVENT, DU_F_EVENT2 };

enum du_phase {
	DU_PH_START,		/* DU3.6: start stack N, seat st->aw_seat */
	DU_PH_ROLL,		/* DU5.3 */
	DU_PH_CHOICE,		/* a choice from the dice or an event (DU16) */
	DU_PH_ACTION,		/* DU5.4 */
	DU_PH_REGIONS,		/* DU9.2: regions ABOVE BELOW */
	DU_PH_REPLENISH,	/* DU14.3 */
	DU_PH_EXCHANGE,		/* DU14.4 */
	DU_PH_TAKE,		/* DU14.4: take card N after a search */
	DU_PH_OVER,
	DU_PH_ARRANGE		/* DU18.7: swap CELL CELL ... ready */
};

/* What a DU_PH_CHOICE awaits. */
enum du_choice { DU_CH_NONE, DU_CH_GAIN, DU_CH_SELECT, DU_CH_REMOVE,
	DU_CH_PUT, DU_CH_BUY,
	DU_CH_SINK		/* DU19.7: remove a trade ship, aw_seat */
};

/* Steps of a roll's resolution after the automatic ones (DU16.2). */
enum du_stage { DU_ST_MARKT, DU_ST_EVENT, DU_ST_CARD, DU_ST_DONE };

/* A gain of choice waiting in the queue (DU7.6, DU16.3, DU16.4). */
#define DU_GQ_STEAL 1		/* taken from the other (DU7.2) */
struct du_gain {
	uint8_t seat, mask, flags, pad;
};
#define DU_GQ_MAX 8

struct du_player {
	uint8_t cell[DU_COLS][DU_ROWS];
	uint8_t hand[DU_HAND_MAX];	/* instances, #1 oldest first */
	uint8_t nhand;
	uint8_t prefer[DU_RES];		/* DU16.4, nprefer in use */
	uint8_t nprefer;
	uint8_t resigned;
	uint8_t exp_at[8];		/* the expansion sites (DU2.2) that
					   hold one: a 64-bit word, bit
					   du_exp_site(cell); du_exps reads
					   it (du_bits) */
	uint8_t reg_at[4];		/* the region sites holding a region:
					   32 bits, bit du_reg_site(cell) */
};

struct du_state {
	const struct du_data *d;
	const struct rules_chance *chance;
	uint32_t events;		/* chance events opened (chance.h) */
	struct du_player p[DU_SEATS];
	uint8_t stored[DU_REGIONS];	/* units on each region card */
	uint8_t pile[DU_MAX_INST];	/* the segments, one after another */
	uint8_t nseg[DU_SEGS];
	uint8_t rstack[DU_REGIONS];	/* the region stack, top first */
	uint8_t nrstack;
	uint8_t ev_seen;		/* event cards turned up since the
					   last rebuild: the deck's bottom */
	uint8_t supply[3];		/* roads, settlements, cities */
	uint8_t phase, active, start_player, aw_seat;
	uint8_t stage, choice;		/* DU_PH_CHOICE: enum du_stage,
					   enum du_choice */
	uint8_t die, face;		/* last roll: production, event */
	uint8_t card;			/* the event card being resolved,
					   or 0xff */
	uint8_t drawn[2];		/* DU9.2: regions drawn, or 0xff */
	uint8_t drawn_col;		/* ... for the settlement in column */
	uint8_t scout;			/* DU9.4: Verkenner with it */
	uint8_t search;			/* DU_PH_TAKE: segment searched */
	uint8_t bought;			/* DU8.4: bought by aw_seat */
	uint8_t selected[3], nselected;	/* DU8.1: cells of the victim */
	struct du_gain gq[DU_GQ_MAX];
	uint8_t ngq;
	uint8_t winner, how;		/* DU_PH_OVER: seat; 0 points,
					   1 resigned */
	uint8_t first_start;		/* DU3.6: stack the first took */
	uint8_t start_rolls[8], nstart_rolls;	/* DU3.5 */
	uint8_t force_die, force_face;	/* tests: the next roll (C API) */
	uint16_t turn;			/* 1 = the start player's first */
	uint8_t rseat[DU_SEATS];	/* the rules' seat of red and blue
					   (seats may be named in either
					   order); the engine's seats are
					   the colours, 0 red, 1 blue */
	/*
	 * Fair chance (doc/fair-chance.md): nothing is shuffled at creation,
	 * the decks lie in the order of the data and every card is drawn
	 * when it is drawn, uniformly from the unseen cards of its pool
	 * (engine.c, "public draws").  Unseen: the top unseen[k] cards of
	 * draw stack k (the four stacks share one pool), the top
	 * ev_unseen cards of the event deck and the cards under Zomerfeest
	 * but above the ev_seen ones (one pool), the top runseen cards of
	 * the region stack.  A card put under a stack is known.
	 */
	uint8_t pub;
	uint8_t unseen[DU_MAX_STACKS], ev_unseen, runseen;
	uint8_t own;			/* a search's copy: chance from rng */
	/*
	 * enum du_mode: DU_MODE_INTRO (0) unless a test sets another (no
	 * other mode is offered yet).  It lies after own, in what was
	 * padding, so that bot.c's bot_key hashes an introductory game's
	 * bytes as before it existed: the computer's choices in a saved
	 * intro game stay those it made (bot_key adds a theme mode).
	 */
	uint8_t mode;
	/*
	 * DU19.9: the Muntenhandel trades made in this turn (one a
	 * Muntenhandel built), 0 at each turn's start.  In the padding
	 * before rng, out of bot_key's spans: it is 0 in every
	 * introductory game, and bot_key adds it only when it is not.
	 */
	uint8_t mint;
	uint64_t rng;			/* ... (bot.c), never in play */
	/*
	 * DU19.8: the Verborgen goudmijn, a region expansion: its cell + 1
	 * in seat cache_seat's grid (0 while none is built) and the gold
	 * it stores, 0-3.  After rng, out of bot_key's spans: all 0 in an
	 * introductory game, and bot_key adds them only when not.
	 */
	uint8_t cache_cell, cache_seat, cache_gold;
	/*
	 * Sealed hands (duel-rules(7), SEALED HANDS, DU23; sealed.c): the
	 * draw stacks are the sealed deck "stacks", and a card of it not
	 * opened lies in the stacks and hands as DU_SL_TOK + its position.
	 * sl[pos]: bits 6-7 the colour it was dealt to + 1 (0: not dealt),
	 * bits 0-5 its card (d->draw[] index) where this reader may see
	 * it, else DU_SL_UNKNOWN.  After everything else, all 0 with open
	 * hands, out of bot_key's spans.
	 */
	const struct rules_sealed *sealed;
	uint8_t sl[DU_SL_MAX];
};

/* A parsed order (parse.c). */
enum du_verb {
	DU_A_START, DU_A_ROLL, DU_A_MARILEEN, DU_A_BUILD_ROAD,
	DU_A_BUILD_SETTLEMENT, DU_A_BUILD_CITY, DU_A_BUILD_EXP, DU_A_TRADE,
	DU_A_TRADE_FROM, DU_A_GOLDSMITH, DU_A_CARAVAN, DU_A_RELOCATION,
	DU_A_END, DU_A_DRAW, DU_A_DISCARD, DU_A_EXCHANGE_DRAW,
	DU_A_EXCHANGE_SEARCH, DU_A_TAKE, DU_A_PASS, DU_A_GAIN, DU_A_BUY,
	DU_A_REGIONS, DU_A_SELECT, DU_A_REMOVE, DU_A_PUT, DU_A_PREFER,
	DU_A_RESIGN, DU_A_DEMOLISH, DU_A_SWAP, DU_A_READY,
	DU_A_STEAL,		/* DU19.1: n[0] the card's effect, n[1]
				   how many taken (kind[0], kind[1]),
				   kind[2] given back (Handelaar) */
	DU_A_SHOW,		/* DU23.4: show card N (n[0]) */
	DU_VERBS
};

#define DU_PAY_MAX 9
struct du_action {
	uint8_t verb;
	uint8_t n[4];		/* stack, card, die, count ... by verb */
	uint8_t side;		/* 0 left, 1 right */
	uint8_t slug;		/* DU_A_BUILD_EXP: the card */
	uint8_t scout;		/* "with verkenner" */
	uint8_t cell[3];	/* cells: col * 5 + row (0-based) */
	uint8_t ncell;
	uint8_t kind[6];	/* resources / region kinds / prefer */
	uint8_t nkind;
	uint8_t at[2];		/* gain placement cell, or 0xff */
	uint8_t region[2];	/* DU_A_REGIONS: region cards */
	uint8_t pay[DU_PAY_MAX];	/* "paying": cells */
	uint8_t npay;
};
#define DU_CELL(col, row) ((uint8_t)((col) * DU_ROWS + (row)))
#define DU_COL(c) ((c) / DU_ROWS)
#define DU_ROW(c) ((c) % DU_ROWS)

/* Set up a new game (DU3): draws events, stacks, regions, start. */
int du_init(struct du_state *st, const struct du_data *d,
    const struct rules_chance *ch, struct rules_note *note,
    struct rules_error *err);
/* The same for a game of mode (enum du_mode): a theme game's event deck
 * holds the set's events too (DU18.3), its basic cards lie in stacks
 * 1-3 and its set's in 4-5 (DU18.4), its two "1x" key cards in the
 * open pile (DU18.5).  du_init is du_init_mode(DU_MODE_INTRO). */
int du_init_mode(struct du_state *st, const struct du_data *d, int mode,
    const struct rules_chance *ch, struct rules_note *note,
    struct rules_error *err);

/* DU19.8: the gold on seat's Verborgen goudmijn, or -1 when he has
 * none; its cell is st->cache_cell - 1. */
static inline int
du_cache(const struct du_state *st, int seat)
{
	return st->cache_cell && st->cache_seat == seat ? st->cache_gold : -1;
}

/* The draw stacks of st's game: 4 in the introductory game (DU3.4), 5
 * in a theme game (DU18.4). */
static inline int
du_nstacks(const struct du_state *st)
{
	return st->mode == DU_MODE_INTRO ? 4 : 5;
}

/* The card set of a theme mode (enum du_set), or -1 for the intro. */
static inline int
du_mode_set(int mode)
{
	return mode == DU_MODE_GOLD ? DU_SET_GOLD : mode == DU_MODE_TURMOIL ?
	    DU_SET_CONFLICT : mode == DU_MODE_PROGRESS ? DU_SET_PROGRESS : -1;
}

/* DU18.10: the back of stack k (0-based): 0 the basic set's, 1 the
 * theme set's (stacks 4 and 5 of a theme game); and of instance i. */
static inline int
du_stack_back(const struct du_state *st, int k)
{
	return st->mode != DU_MODE_INTRO && k >= 3;
}

static inline int
du_inst_back(const struct du_state *st, int i)
{
	/* a sealed card (DU23) is a basic draw card */
	return i < DU_MAX_INST && st->d->iset[i] != DU_SET_BASIS;
}

/* DU23: is v (a card of a stack or hand) a sealed card? */
static inline int
du_sl_tok(uint8_t v)
{
	return v >= DU_SL_TOK;
}

int du_apply(struct du_state *st, int seat, const struct du_action *a,
    int dry, struct rules_note *note, struct rules_error *err);

/* 0 when a would apply (du_apply's dry run on a copy of const st). */
int du_check(const struct du_state *st, int seat, const struct du_action *a);

/* du_apply without notes, in place: no copy of the state to work on and
 * none to commit.  Only for an order du_legal listed for st and seat
 * (legal, so dispatch refuses nothing) drawn from st's own generator
 * (st->chance NULL, own set: nothing pending; with a source of chance
 * it is du_apply).  0 when applied; on any other return st may be left
 * half-changed and must be thrown away. */
int du_apply_listed(struct du_state *st, int seat, const struct du_action *a);

/* legal.c: the orders seat may give now, up to max written to out;
 * returns how many there are (more than max: call again). */
int du_legal(const struct du_state *st, int seat, struct du_action *out,
    int max);
/* The same, each order handed to fn(ctx, order); returns how many. */
int du_legal_each(const struct du_state *st, int seat,
    void (*fn)(void *, const struct du_action *), void *ctx);

/* The seat awaited (-1 when over), and the await text. */
int du_await_seat(const struct du_state *st);
void du_await_text(const struct du_state *st, char *buf, size_t n);

/* Derived values (DU13). */
int du_vp(const struct du_state *st, int seat);
int du_points(const struct du_state *st, int seat, int which);
enum { DU_P_STRENGTH, DU_P_SKILL, DU_P_TRADE, DU_P_PROGRESS };
/* DU18.8: do card k's requirements hold for seat s?  1, or 0 with the
 * first that fails written to why (n bytes; why may be NULL). */
int du_req_ok(const struct du_state *st, int s, int k, char *why, size_t n);
/* The seat holding the hero (0) or trade (1) token, or -1 (DU13.2). */
int du_token(const struct du_state *st, int which);
int du_hand_limit(const struct du_state *st, int seat);
/* The instances of seat's expansions in cell order (col * 5 + row),
 * written to out (room for DU_COLS * DU_ROWS); returns how many. */
int du_exps(const struct du_state *st, int seat, uint8_t *out);
/* The lowest bit set in m (m != 0). */
static inline int
du_ctz64(uint64_t m)
{
#if defined(__GNUC__)
	return __builtin_ctzll(m);
#else
	int n = 0;

	for (; !(m & 1); m >>= 1)
		n++;
	return n;
#endif
}

/*
 * The sites of DU2.2, numbered in cell order: the expansion sites are
 * rows 1, 2, 4, 5 (0, 1, 3, 4 from 0) of the 12 settlement columns (b d
 * ... x), 48 of them; the region sites rows 2 and 4 of the 13 region
 * columns (a c ... y), 26.  -1 for a cell that is no such site.
 */
static inline int
du_exp_site(int cell)
{
	int col = cell / DU_ROWS, row = cell % DU_ROWS;

	return col % 2 == 1 && row != 2 ? col / 2 * 4 + row - (row > 2) : -1;
}

static inline int
du_exp_cell(int site)
{
#define DU_X4(c) (c) * 5, (c) * 5 + 1, (c) * 5 + 3, (c) * 5 + 4
	static const uint8_t cell[48] = { DU_X4(1), DU_X4(3), DU_X4(5),
	    DU_X4(7), DU_X4(9), DU_X4(11), DU_X4(13), DU_X4(15), DU_X4(17),
	    DU_X4(19), DU_X4(21), DU_X4(23) };
#undef DU_X4

	return cell[site];
}

static inline int
du_reg_site(int cell)
{
	int col = cell / DU_ROWS, row = cell % DU_ROWS;

	return col % 2 == 0 && (row == 1 || row == 3) ? col + (row == 3) :
	    -1;
}

static inline int
du_reg_cell(int site)
{
	return (site >> 1) * (2 * DU_ROWS) + 1 + ((site & 1) << 1);
}

/* The word of exp_at or reg_at (n 8 or 4 bytes, a uint64_t or a
 * uint32_t in the machine's order), and writing it back. */
static inline uint64_t
du_bits(const uint8_t *b, size_t n)
{
	uint64_t m;
	uint32_t h;

	if (n == 8) {
		memcpy(&m, b, 8);
		return m;
	}
	memcpy(&h, b, 4);
	return h;
}

static inline void
du_bits_set(uint8_t *b, size_t n, uint64_t m)
{
	uint32_t h = (uint32_t)m;

	if (n == 8)
		memcpy(b, &m, 8);
	else
		memcpy(b, &h, 4);
}
/* Work exp_at and reg_at out again from the cells: after writing cells
 * by hand (scenario.c, tests); play keeps them itself. */
void du_grid_index(struct du_state *st);
int du_stock(const struct du_state *st, int seat, int res);
int du_seg_len(const struct du_state *st, int seg);
const uint8_t *du_seg(const struct du_state *st, int seg);
const char *du_seat_name(int seat);
void du_cell_name(int cell, char *buf);

/* The state of a game of duel_rules (duel.c), for tests and the bot. */
struct game;
const struct du_state *du_game_state(const struct game *g);

/* Tests only: the next roll shows these (die 1-6, face enum du_face),
 * drawn through the chance event as usual. */
void du_test_dice(struct du_state *st, int die, int face);

#endif
