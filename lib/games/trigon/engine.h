/*
 * engine.h -- the Trigon rules engine: its fast internal API.
 *
 * Everything outside lib/games/trigon/ reaches the rules through lib/rules.h
 * (trigon_rules in trigon.c).  Inside, and in tests and bots, the engine
 * is used directly:
 *
 *   - struct tg_state holds ALL of one game's state: plain data, at most
 *     1 KiB, copied with memcpy; its one pointer is the shared source of
 *     chance.  Every function takes the
 *     immutable design data (const struct tg_data *, see data.h) and the
 *     state.  Colors index the per-player arrays (enum tg_color); seats
 *     (0..nseats-1, the order the game names its players) map to colors
 *     through st->seat_color[] / st->color_seat[].
 *   - struct tg_action is a compact action (8 bytes); tg_parse turns a
 *     line of the order language (grammar: lib/games/trigon/parse.c) into one,
 *     tg_format prints the canonical line, parse(format(a)) == a.
 *   - tg_apply checks every rule; on refusal it returns RULES_REFUSED
 *     (or RULES_ESEAT) with the reason in err->msg and leaves the state
 *     byte-for-byte untouched.  Public events go to the note, one per
 *     line (dice, battles, incomes, turn-order rolls), never hidden ones.
 *   - tg_legal writes the legal actions of a seat into the caller's
 *     buffer.  Parameterised families are bounded (see legal.c: armies
 *     of 0, 1 or all movable knights and 0, 1 or all movable scouts,
 *     losses in the default order, reserve placements of 1 or all); every
 *     action listed applies.
 *   - No allocation and no globals during play.  All randomness is
 *     asked of the game's source of chance (st->chance, lib/chance.h)
 *     one event at a time (battle roll, shuffle, turn-order roll: rng.c);
 *     the engine never sees a seed.  When the source answers
 *     RULES_PENDING, tg_init, tg_scenario_apply and tg_apply return
 *     RULES_PENDING with the state as it was (rng.c unwinds to them).
 *
 * Setting up a position for a test:
 *   1. tg_init() from a struct tg_setup (source of chance, colors in
 *      seat order, options), then either apply actions, or edit the state directly
 *      with the helpers below (tg_put_figures, tg_put_settlement,
 *      tg_clear_spot, tg_set_coins) which keep the incremental counters
 *      (supply, points, land counts) right; tg_check() verifies every
 *      invariant and tg_points_recount() recounts points from scratch.
 *      To make color c the active player, set st->turn to c's index in
 *      st->order[] (colors in this round's action order).  A scenario
 *      (scenario.h) applied by tg_scenario_apply() does all this
 *      declaratively; trigon_rules.create applies the "scenario" blob.
 *   2. To fix dice, call tg_test_force_dice(dice, n) before the action:
 *      the next n dice thrown (any event: battles first roll attacker's
 *      dice then defender's, turn-order rolls in seat order) come from
 *      the list.  This is a test hook only (one per thread, not in the
 *      state, never reachable from the command line); call it with n = 0
 *      to clear.  tg_test_forced_left() says how many are unused.
 *
 * Cards (R10, cards-*.c, quests.c): per-player hands
 * of play cards (counts per type, packed), quest cards (st->quest[],
 * with progress), the three decks, the played bonus cards
 * (st->bonus_by), and st->pending, the decision a player must answer
 * (R12): a card choice (TG_PD_CHOICE), Spionage's take (TG_PD_SPY), an
 * offer (TG_PD_OFFER: the offerer may only "withdraw" meanwhile) or a
 * defender's battle cards (TG_PD_DEFEND: the attack waits in the
 * pending).  tg_to_act() returns the answering player while one is
 * pending; tg_await() says what is awaited.  Hidden cards are named in
 * orders only by private numbers (tg_items), never by name.
 */
#ifndef TRIGON_ENGINE_H
#define TRIGON_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"
#include "data.h"
#include "cards.h"

/* Engine limits (data with more is refused at creation). */
#define TG_SPOTS 40		/* 4 lands x at most 10 spots */
#define TG_RIVERS 32		/* river-crossing paths */
#define TG_HAND_BYTES ((TG_CARD_TYPES + 1) / 2)	/* 4 bits per type */
#define TG_LEGAL_MAX 4096	/* holds any listing on the embedded map */
#define TG_NONE 0xff
#define TG_SEALED_CARDS 38	/* play cards of the sealed types (sealed.c) */
#define TG_SL_UNKNOWN 63	/* a sealed card this reader may not see */

/* Supply and bank (R1.2). */
#define TG_UNITS 60		/* inhabitants + knights per color */
#define TG_CHIPS 10
#define TG_SCOUTS 3
#define TG_BOATS 5
#define TG_BANK 30
#define TG_MAX_DICE 5
#define TG_CITY_SIZE 5		/* inhabitants of a full settlement */

/* What a figure is. */
enum tg_fig { TG_KNIGHT, TG_SCOUT, TG_BOAT };

enum tg_coin { TG_COPPER, TG_SILVER, TG_GOLD };

enum tg_phase {
	TG_PH_SETUP,		/* R3.3: set-up villages, seat by seat */
	TG_PH_ACTION,		/* action phases of a round */
	TG_PH_OVER,
};

enum tg_how {
	TG_HOW_NONE,
	TG_HOW_POINTS,		/* R11.2 */
	TG_HOW_EMPEROR,
	TG_HOW_QUESTS,
	TG_HOW_LAST,		/* R11.3 */
	TG_HOW_FORFEIT,		/* fair chance: a withheld answer */
};

/* Win conditions in play (R3.4), st->opt_win. */
enum {
	TG_WIN_POINTS = 1 << 0,
	TG_WIN_EMPEROR = 1 << 1,
	TG_WIN_QUESTS = 1 << 2,
	TG_WIN_ALL = 7,
};

/* Player flags, st->p[c].flags. */
enum {
	TG_PF_PLAYING = 1 << 0,		/* seated and still in the game */
	TG_PF_OUT = 1 << 1,		/* R11.3: no settlement, no figure */
	TG_PF_RESIGNED = 1 << 2,
	TG_PF_PALACE = 1 << 3,		/* still has its palace */
	TG_PF_EXPLORER = 1 << 4,	/* Explorer of the Wilderness, R9.2 */
	TG_PF_ADVENTURER = 1 << 5,	/* Adventurer's Quest, R10.1 */
	TG_PF_ONTDEKKER = 1 << 6,	/* Ontdekkingsreiziger this turn */
	TG_PF_OFFERED = 1 << 7,		/* made an offer this turn (R6.6) */
};

/* State flags, st->flags. */
enum {
	TG_SF_FAST_RNG = 1 << 0,	/* bot playouts: cheap non-seed dice */
	TG_SF_SECOND_VILLAGE = 1 << 1,	/* option second-village (R3.3) */
	TG_SF_SHIELD_HOLDER = 1 << 2,	/* option shield=holder (R10.2, R10.7) */
	/* fair chance (RULES_CHANCE_FAIR): the decks are not shuffled at
	 * creation, each card is drawn from the unseen ones when drawn */
	TG_SF_PUBLIC_DRAWS = 1 << 3,
	/* sealed hands (trigon-rules(7), R13; sealed.c): the play cards
	 * of TG_SEALED_CARDS are dealt from the sealed deck "play" */
	TG_SF_SEALED = 1 << 4,
};

/* The decision a player must answer (R12); kind 0 = none. */
enum tg_pending_kind {
	TG_PD_NONE,
	TG_PD_SETUP_VILLAGE,	/* R3.3: found a set-up village */
	TG_PD_CHOICE,		/* R12.1: arg[0] card type, arg[1] amount left */
	TG_PD_SPY,		/* Spionage: color takes a card of arg[0] */
	TG_PD_OFFER,		/* R6.6: color answers from's offer (cards-deals.c) */
	TG_PD_DEFEND,		/* R8.8: color, attacked by from, may play cards */
};

struct tg_pending {
	uint8_t kind;		/* enum tg_pending_kind */
	uint8_t color;		/* who must answer */
	uint8_t from;		/* who asked, or TG_NONE */
	uint8_t arg[5];
};

/* One player (indexed by color). */
struct tg_player {
	uint8_t coin[3];	/* enum tg_coin */
	uint8_t units;		/* inhabitants+knights out of the supply of 60 */
	uint8_t reserve;	/* reserve knights (R4.9), counted in units */
	uint8_t scouts, boats;	/* pieces out of the supply (3, 5) */
	uint8_t nsettle, ncity;	/* settlements and cities held */
	uint8_t inhab;		/* inhabitants over all own settlements */
	uint8_t land[TG_LANDS];	/* own settlements per land */
	uint8_t founded;	/* villages founded (R9.2) */
	uint8_t points;		/* kept up to date (R11.1) */
	uint8_t quest_points;	/* completed quests' points */
	uint8_t quests_done;
	uint8_t card_points;	/* played bonus-point cards */
	uint8_t flags;		/* TG_PF_* */
	uint8_t pad;
	uint16_t chips;		/* bit i: chip i+1 is on the board */
	uint8_t hand[TG_HAND_BYTES];	/* play cards per type, 4 bits each */
};

/* Quest card states, st->quest[i]. */
#define TG_Q_HOLDER 0x07	/* color holding it; TG_Q_DECK = in the deck */
#define TG_Q_DECK 0x07
#define TG_Q_GONE 0x06		/* left the game with a leaving player */
#define TG_Q_DONE 0x08		/* completed and shown */
#define TG_Q_PROGRESS_SHIFT 4	/* events counted so far (Koloniseer) */

/*
 * Packed spot fields.  who: low nibble figure color (TG_NOBODY if no
 * figures), high nibble settlement owner (TG_NOBODY if none).  Knights
 * of the active player fall in four classes: fresh (may move and be
 * carried), moved (used their land move), carried (used their one
 * carriage), spent (both, or attacked: R7.6).  kn is the total;
 * kmoved/kcarried/kspent the non-fresh ones.  sc packs scouts the same
 * way, 2 bits each (total, moved, carried, spent); bt packs boats
 * (total low 3 bits, sailed bits 4-6).  stl: inhabitants bits 0-2,
 * city bit 3, chip number (1-10) bits 4-7.  card: village card index
 * bits 0-5, palace bit 6.
 */
#define TG_NOBODY 0x0f

struct tg_state {
	/*
	 * The game's source of chance (lib/chance.h), shared by every copy
	 * and never owned: the one pointer in the state.  NULL in a
	 * computer player's copies, which draw with TG_SF_FAST_RNG.
	 */
	const struct rules_chance *chance;
	/* The requests for sealed hands (rules.h), shared like chance;
	 * NULL without TG_SF_SEALED and in a computer player's copies. */
	const struct rules_sealed *sealed;
	uint64_t salt;		/* public numbering key (tg_items), setup's */
	uint64_t fast;		/* cheap generator state (TG_SF_FAST_RNG) */
	uint32_t events;	/* chance events opened so far: the core's
				   numbering (chance_event), kept here */
	uint16_t round;		/* 1, 2, ... */

	uint8_t nseats;
	uint8_t seat_color[TG_COLORS];	/* seat -> color */
	uint8_t color_seat[TG_COLORS];	/* color -> seat, TG_NONE */
	uint8_t flags;		/* TG_SF_* */

	/* options (R3.4) */
	uint8_t opt_win;	/* TG_WIN_* mask */
	uint8_t opt_points, opt_quests;
	uint8_t opt_emp_inhab, opt_emp_silver, opt_emp_gold;

	uint8_t phase;		/* enum tg_phase */
	uint8_t turn;		/* index into order[] of the active player */
	uint8_t norder;
	uint8_t order[TG_COLORS];	/* this round's action order (colors) */
	uint8_t winner;		/* color or TG_NONE */
	uint8_t how;		/* enum tg_how */
	uint8_t explorer, adventurer;	/* holders of the bonus cards */
	uint8_t land_spots[TG_LANDS];	/* spots per land (from the map) */
	uint8_t bank[3];
	struct tg_pending pending;

	/* board: spots */
	uint8_t who[TG_SPOTS];
	uint8_t kn[TG_SPOTS], kmoved[TG_SPOTS], kcarried[TG_SPOTS],
	    kspent[TG_SPOTS];
	uint8_t sc[TG_SPOTS];
	uint8_t bt[TG_SPOTS];
	uint8_t stl[TG_SPOTS];
	uint8_t card[TG_SPOTS];

	/*
	 * board: river paths (by river_index).  rwho: bits 0-3 color
	 * (TG_NOBODY when empty), bit 4 set when heading for path.b, clear
	 * for path.a.  rkn knights, rkmoved those that entered this turn;
	 * rsc scouts total bits 0-1, moved bits 2-3.
	 */
	uint8_t rwho[TG_RIVERS], rkn[TG_RIVERS], rkmoved[TG_RIVERS],
	    rsc[TG_RIVERS];

	/* decks */
	uint8_t vdeck[TG_VILLAGE_CARDS];	/* ring: vhead is the top */
	uint8_t vhead, vcount;
	/* With TG_SF_PUBLIC_DRAWS (else 0): the top vunseen cards of the village
	 * deck are the unseen ones (any order), those below were put at
	 * the bottom in view of all (R8.5, R8.9, R11.4).  Every card of
	 * the quest and play decks is unseen. */
	uint8_t vunseen;
	uint8_t qdeck[TG_QUEST_CARDS];	/* top is qdeck[qcount-1] */
	uint8_t qcount;
	uint8_t pdeck[TG_PLAY_CARDS];	/* top is pdeck[pcount-1] */
	uint8_t pcount;
	uint8_t discard[TG_HAND_BYTES];	/* play discards per type, 4 bits */
	uint8_t quest[TG_QUEST_CARDS];	/* TG_Q_* */
	/* played bonus-point cards (kerker, raadhuis, tentoonstelling,
	 * slot): 4 bits each, the color that played it or 0xf */
	uint16_t bonus_by;

	struct tg_player p[TG_COLORS];

	/*
	 * Sealed hands (TG_SF_SEALED, sealed.c): the sealed deck "play",
	 * generation 0, of the n cards of the sealed types in the data's
	 * order (card k is the k-th of them); positions below next are
	 * dealt.  pos[i]: bits 6-7 the color it was dealt to, bits 0-5 its
	 * card as this reader knows it, or TG_SL_UNKNOWN.  A bit of gone
	 * is set once the card at i is opened to all (it is then an open
	 * card: in a hand's counts, the discards, or played).
	 */
	struct tg_sealed {
		uint8_t n, next;
		uint8_t gone[(TG_SEALED_CARDS + 7) / 8];
		uint8_t pos[TG_SEALED_CARDS];
	} sl;
};

_Static_assert(sizeof(struct tg_state) <= 1024, "tg_state must fit 1 KiB");

enum tg_action_kind {
	TG_A_NONE,
	TG_A_BUILD,		/* fig = what, a = spot */
	TG_A_EXCHANGE,		/* fig = TG_COPPER or TG_SILVER (what is given) */
	TG_A_MOVE,		/* a -> b, n knights, s scouts, order */
	TG_A_CROSS,		/* from river path a-b into b */
	TG_A_SAIL,		/* boat a -> b carrying n knights, s scouts */
	TG_A_FOUND,		/* a = spot */
	TG_A_PLACE,		/* n reserve knights at a */
	TG_A_CROWN,
	TG_A_END,
	TG_A_RESIGN,
	/* cards and deals (R10, R6.5, R12): see parse.c for the fields */
	TG_A_BUY,		/* fig 0 play card, 1 quest */
	TG_A_PLAY,		/* x card type; a spot, b color, n/s/order coins,
				 * fig figure (overloper) */
	TG_A_CHOOSE,		/* answer to TG_PD_CHOICE: x type, fig count,
				 * a spot, n/s/order coins */
	TG_A_TAKE,		/* answer to TG_PD_SPY: a = private number */
	TG_A_OFFER,		/* b color; coins: n/s/order give, a/fig/x ask;
				 * swap: x = 0xff, a = private number */
	TG_A_ACCEPT,		/* a = private number given (swap), else 0 */
	TG_A_DECLINE,
	TG_A_WITHDRAW,
	TG_A_DEFEND,		/* x bits 1 cavalerie 2 verdedigingstoren
				 * 4 hinderlaag; fig 1: flee to a */
	TG_A_SHOW,		/* a = position of a sealed card (sealed.c) */
	TG_A_KINDS
};

/*
 * Casualty orders (R8.3): a permutation of knights, scouts, boats.
 * 0 is the default (knights, scouts, boats).
 */
enum tg_losses {
	TG_L_KSB, TG_L_KBS, TG_L_SKB, TG_L_SBK, TG_L_BKS, TG_L_BSK, TG_L_N
};

struct tg_action {
	uint8_t kind;		/* enum tg_action_kind */
	uint8_t fig;		/* TG_A_BUILD: enum tg_fig; exchange: coin */
	uint8_t a, b;		/* spots */
	uint8_t n;		/* knights */
	uint8_t s;		/* scouts */
	uint8_t order;		/* enum tg_losses */
	uint8_t x;		/* attacks: bit 0 cavalerie, bit 1
				 * verdedigingstoren (named with the order);
				 * cards: see the kinds */
};

/* Attack card bits in tg_action.x (TG_A_MOVE, _CROSS, _SAIL). */
enum {
	TG_X_CAV = 1, TG_X_TOWER = 2,
	/* set by the defender's answer, never parsed: */
	TG_X_DCAV = 4, TG_X_DTOWER = 8, TG_X_DHINDER = 16, TG_X_ASKED = 32,
};

/* Game set-up: what create passes to tg_init. */
struct tg_setup {
	const struct rules_chance *chance;	/* must outlive the state */
	uint64_t salt;		/* rules_setup.salt: public, names only */
	int nseats;
	uint8_t color[TG_COLORS];	/* seat -> color */
	int second_village;	/* R3.3 */
	int shield_holder;	/* shield=holder (R10.2, R10.7); 0: the
				   rule of files before the option */
	uint8_t win;		/* TG_WIN_* mask, 0 = all */
	uint8_t points, quests;	/* targets, 0 = default 25, 5 */
	uint8_t emp_inhab, emp_silver, emp_gold;	/* 0 = 25, 4, 4 */
	/* Sealed hands (fair chance only): must outlive the state. */
	const struct rules_sealed *sealed;
};

/* tg_setup with the defaults; seats still to be filled. */
void tg_setup_default(struct tg_setup *s);

/*
 * Parse one "key=value" option into s (second-village=yes|no,
 * win=all|points|emperor|quests, points=N, quests=N,
 * emperor-inhabitants=N, emperor-silver=N, emperor-gold=N,
 * shield=holder|all).
 */
int tg_setup_option(struct tg_setup *s, const char *opt,
    struct rules_error *err);

/*
 * Start a game: R3 set-up, then (without option second-village) round
 * 1's collection phase, so the game waits for the first action phase.
 * The note (may be NULL) gets the public events.
 */
int tg_init(struct tg_state *st, const struct tg_data *d,
    const struct tg_setup *setup, struct rules_note *note,
    struct rules_error *err);

/*
 * Start a game from a scenario (scenario.h) instead of the R3 set-up:
 * seats and options from setup (second-village is ignored), the
 * position from sc, the rest shuffled into the decks (chance events).
 */
struct tg_scenario;
int tg_scenario_apply(struct tg_state *st, const struct tg_data *d,
    const struct tg_setup *setup, const struct tg_scenario *sc,
    struct rules_note *note, struct rules_error *err);

/* Check that the data fits the engine's limits. */
int tg_data_check(const struct tg_data *d, struct rules_error *err);

int tg_parse(const struct tg_data *d, const struct tg_state *st, int seat,
    const char *text, size_t len, struct tg_action *out,
    struct rules_error *err);

/* Canonical text of a; returns its length (snprintf-like). */
int tg_format(const struct tg_data *d, const struct tg_action *a,
    char *buf, size_t n);

int tg_apply(const struct tg_data *d, struct tg_state *st, int seat,
    const struct tg_action *a, struct rules_note *note,
    struct rules_error *err);

/*
 * Every legal action of seat (none when it may not act), at most max of
 * them (the listing stops there); returns the count written.
 */
int tg_legal(const struct tg_data *d, const struct tg_state *st, int seat,
    struct tg_action *out, int max);

/* The seat that must act now, -1 when the game is over. */
int tg_to_act(const struct tg_state *st);

/* Color of the active player of the action phase (not a pending answerer). */
int tg_active_color(const struct tg_state *st);

/* The game's await information (rules.h). */
void tg_await(const struct tg_data *d, const struct tg_state *st,
    struct rules_await *out);

/* Points of a color counted from scratch (R11.1), for checks. */
int tg_points_recount(const struct tg_data *d, const struct tg_state *st,
    int color);

/*
 * Check every invariant (coins, pieces and chips conserved, one color
 * per spot and path, counters equal recounts); 0 or -1 with err->msg.
 */
int tg_check(const struct tg_data *d, const struct tg_state *st,
    struct rules_error *err);

/* Accessors. */
static inline int tg_fig_color(const struct tg_state *st, int spot)
{
	int c = st->who[spot] & 0x0f;
	return c == TG_NOBODY ? -1 : c;
}
static inline int tg_owner(const struct tg_state *st, int spot)
{
	int c = st->who[spot] >> 4;
	return c == TG_NOBODY ? -1 : c;
}
static inline int tg_scouts(const struct tg_state *st, int spot)
{
	return st->sc[spot] & 3;
}
static inline int tg_boats(const struct tg_state *st, int spot)
{
	return st->bt[spot] & 7;
}
static inline int tg_inhab(const struct tg_state *st, int spot)
{
	return st->stl[spot] & 7;
}
static inline int tg_is_city(const struct tg_state *st, int spot)
{
	return (st->stl[spot] >> 3) & 1;
}
static inline int tg_chip(const struct tg_state *st, int spot)
{
	return st->stl[spot] >> 4;
}
static inline int tg_vcard(const struct tg_state *st, int spot)
{
	return st->card[spot] & 0x3f;
}
static inline int tg_has_palace(const struct tg_state *st, int spot)
{
	return (st->card[spot] >> 6) & 1;
}
static inline int tg_hand_count(const struct tg_state *st, int color, int type)
{
	return (st->p[color].hand[type / 2] >> (4 * (type & 1))) & 0x0f;
}

/* Direct edits for tests and scenarios (keep every counter right). */
int tg_put_figures(const struct tg_data *d, struct tg_state *st, int spot,
    int color, int knights, int scouts, int boats, struct rules_error *err);
int tg_put_settlement(const struct tg_data *d, struct tg_state *st, int spot,
    int color, int card, int inhabitants, int city, int palace,
    struct rules_error *err);
void tg_clear_spot(const struct tg_data *d, struct tg_state *st, int spot);
void tg_set_coins(struct tg_state *st, int color, int copper, int silver,
    int gold);

/*
 * For a computer player of seat: forget what seat may not see.  The
 * three decks are reshuffled, the other players' play cards and
 * unfinished quests are dealt again from the cards seat cannot place
 * (each keeps as many as it held), and the dice switch to the cheap
 * generator seeded with seed (the source of chance is dropped), so
 * playouts from the copy never use hidden information.  Approximation: cards
 * known to lie at the bottom of the village deck are shuffled too.
 */
void tg_determinize(struct tg_state *st, int seat, uint64_t seed);

/*
 * Randomness (rng.c): the kinds of chance event.  The kind travels in
 * each request (rules_chance_req.kind): format 1's open mode keys the
 * event's stream with it, so these numbers are part of the save format
 * and never change.
 */
enum tg_event {
	TG_EV_BATTLE = 1,	/* the rolls of one battle */
	TG_EV_SHUFFLE,		/* a deck shuffle */
	TG_EV_ORDER,		/* turn-order rolls (R4.6) */
	TG_EV_CARD,		/* a card's die (Ambachtsgild) */
	TG_EV_DRAW,		/* one card drawn (TG_SF_PUBLIC_DRAWS) */
};

/*
 * A player's private numbering of its hidden cards (R6.6 swaps,
 * Spionage): the distinct play-card types held and the unfinished
 * quests, in an order keyed by st->salt (public: rules_setup.salt), the
 * round and the turn, so an
 * order "offer white swap 2" names a card without saying which.  Items:
 * a play-card type t is t, a quest q is 64 + q.  Returns the count.
 */
int tg_items(const struct tg_state *st, int color, uint8_t *items);
/* How many items tg_items would list (no hashing: cheap). */
int tg_item_count(const struct tg_state *st, int color);
/* The private number (1-based) of item for color, or 0. */
int tg_item_number(const struct tg_state *st, int color, int item);

/* Test hook: force the next n dice (values 1-6).  Not thread-shared. */
void tg_test_force_dice(const uint8_t *dice, int n);
int tg_test_forced_left(void);

/* Names. */
extern const char *const tg_color_name[TG_COLORS];
int tg_color_find(const char *name);

#endif
