/*
 * engine.h -- Catan's rules engine: one flat state (at most 1 KiB, copied
 * with memcpy, no pointer but to the immutable board and the source of
 * chance, no allocation during play), actions as small structs, the legal
 * actions written into the caller's array, apply.
 *
 * Designed for Cities & Knights (catan-ck-rules(7)) from the start, its
 * requirements on the base engine numbered B1-B5 here and cited so in the
 * engine's files:
 *   B1 hands and bank hold CA_KINDS (8) card kinds; discards, steals,
 *      trades and monopoly loop over kinds;
 *   B2 a corner holds one piece of any kind (its byte: owner and kind);
 *      routes treat "an opponent's piece on the corner" generically;
 *   B3 one queue of pending decisions (struct ca_pend): an item is owed
 *      by a set of seats at once (discards, gold picks: parallel) or by
 *      one (robber); items are served in order;
 *   B5 the VP target is a state field, the win check runs at turn start.
 *
 * The text of orders (CA13) is parse.c's; this header knows no text but
 * the notes it writes.
 */
#ifndef CATAN_ENGINE_H
#define CATAN_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"
#include "games/catan/data.h"
#include "games/catan/ckdata.h"

#define CA_SEATS 4
#define CA_MAX_PEND 6
#define CA_STATE_MAX 1024	/* 1 KiB, with Cities & Knights' struct
				   ca_ck in it (bench/bench-catan-engine
				   prints the size) */

/* Seats (CA1.5): red, blue, white, orange. */
extern const char *const ca_seat_names[CA_SEATS];

enum ca_phase { CA_PH_SETUP, CA_PH_PREROLL, CA_PH_MAIN, CA_PH_OVER };

/* A corner's byte: 0 empty, else owner + 1 in bits 0-2, kind in bits 3-7. */
enum ca_cpiece { CA_CP_SETTLEMENT = 1, CA_CP_CITY = 2 };
/* Cities & Knights: a knight is kind CA_CP_KNIGHT | (level - 1), with
   CA_CP_ACTIVE and CA_CP_SPENT (CK11.6) or'ed in. */
#define CA_CP_KNIGHT 4
#define CA_CP_ACTIVE 8
#define CA_CP_SPENT 16
#define CA_C_OWNER(v) ((int)((v) & 7) - 1)
#define CA_C_KIND(v) ((v) >> 3)
#define CA_C_MAKE(seat, kind) ((uint8_t)(((seat) + 1) | ((kind) << 3)))

/* An edge's byte: 0 empty, else owner + 1 in bits 0-2, bit 3 a ship, bit 4
   a ship built this turn (CA6.8). */
#define CA_E_SHIP 8
#define CA_E_NEW 16
#define CA_E_OWNER(v) ((int)((v) & 7) - 1)
#define CA_E_MAKE(seat, ship) ((uint8_t)(((seat) + 1) | ((ship) ? CA_E_SHIP : 0)))

/* Supply (CA1.3) index. */
enum ca_supply { CA_S_SETTLEMENT, CA_S_CITY, CA_S_ROAD, CA_S_SHIP, CA_SUPPLIES };

/* Pending decisions (B3). */
enum ca_pend_kind {
	CA_P_DISCARD,		/* every seat in `seats` owes n[seat] cards */
	CA_P_ROBBER,		/* the active seat moves robber or pirate */
	CA_P_PICK,		/* every seat in `seats` picks n[seat] */
	/* Cities & Knights (CK18.2) */
	CA_P_PILLAGE,		/* every seat in `seats` loses a city (CK12.5) */
	CA_P_AQUEDUCT,		/* every seat in `seats` takes 1 resource (CK9.4) */
	CA_P_RETREAT,		/* the one seat moves its knight displaced from
				   corner n[0], corner byte n[1] (CK11.9) */
	CA_P_PROGRESS,		/* every seat in `seats` discards a progress
				   card (CK13.4) */
	CA_P_SPY,		/* the active seat takes a progress card from
				   seat n[active] - 1 (CK14.13) */
	CA_P_MASTER,		/* the active seat takes 2 cards of seat
				   n[active] - 1 (CK14.2) */
	CA_P_WEDDING,		/* every seat in `seats` gives the active seat
				   n[seat] cards of its choice (CK14.15) */
	CA_P_DESERT,		/* the one seat removes one of its knights
				   (CK14.9) */
	CA_P_PLACE,		/* the active seat places a knight of level
				   (n[active] - 1) % 4 + 1, active when
				   (n[active] - 1) / 4, or none (CK14.9) */
	CA_P_TRACKPICK,		/* the seats in `seats`, one at a time clockwise
				   from the active seat, draw from a deck of
				   their choice (CK12.4) */
	CA_P_HARBOR,		/* the one seat gives the active seat a
				   commodity of its choice for the resource
				   n[seat] - 1 (CK14.1) */
	/* automatic steps (CK18.1): run as soon as they reach the head,
	   inside the same apply; `seats` is the active seat's bit */
	CA_P_PRODUCE,		/* production of n[0] (CK4.3 step 2) */
	CA_P_SEVEN,		/* a 7: discards, then the robber (CK6) */
	/* Greater Catan, after the automatic steps so that their numbers
	   stay as they were */
	CA_P_TOKEN,		/* the one seat in `seats` moves a number from
				   the main island to hex n[seat] - 1 (CA10.8) */
};
#define CA_P_AUTO(k) ((k) >= CA_P_PRODUCE && (k) <= CA_P_SEVEN)

struct ca_pend {
	uint8_t kind;		/* enum ca_pend_kind */
	uint8_t seats;		/* bit per seat still owing */
	uint8_t n[CA_SEATS];
};

struct ca_player {
	uint8_t hand[CA_KINDS];
	uint8_t dev[CA_DEVS];	/* held, bought this turn included */
	uint8_t devnew[CA_DEVS];	/* bought this turn */
	uint8_t supply[CA_SUPPLIES];
	uint8_t knights;	/* played (CA9.1) */
	uint8_t route;		/* trade route length (CA9.2) */
	uint8_t bonus;		/* island bonus VP (CA10.2) */
	uint8_t resigned;
	uint8_t found;		/* treasure places found, bit per place
				   (CA10.5); with free_edges in what was
				   padding, 0 on a map without treasures */
	uint8_t free_edges;	/* roads or ships a treasure still owes
				   (CA10.6) */
	uint32_t islands;	/* islands rewarded (CA10.2) */
};

/* One open offer per seat (CA7.3); num 0: none. */
struct ca_offer {
	uint16_t num;
	uint8_t to;		/* addressees (bit per seat) */
	uint8_t declined;	/* addressees who declined */
	uint8_t give[CA_KINDS], get[CA_KINDS];	/* what the maker gives, gets */
};

/*
 * Cities & Knights (catan-ck-rules(7)).  All of it is
 * zero in the base game (d NULL), after every field the base game had,
 * so that the base game's bytes -- and the computer player's key over
 * them (bot.c) -- are what they were.
 */
#define CK_HARBOR_ON 0x80
#define CK_HAND_MAX 8	/* 4, 5 in one's own turn, a tie pick after */
#define CK_SWAP_LOW 16	/* the first of them, in ck.tok */
#define CK_SWAP_MAX 32	/* hexes whose token the Inventor may move
			   (12 on the base board, 21 on new-shores,
			   CK19.1): those past CK_SWAP_LOW in
			   ca_state.ck_tok2 */
#define CK_DECK_BITS 5	/* a card index (< CK_EFFECTS) in a deck */
#define CK_DECK_BYTES ((CK_DECK_MAX * CK_DECK_BITS + 7) / 8)
/* Sealed progress decks (CK20, sealed-ck.c): at most CK_SL_DECK_MAX
   cards a deck, so that a deck's places from CK_SL_FACES on hold the
   face of each position (CK_SL_UNKNOWN where this reader may not see
   it) while the places before hold the deck. */
#define CK_SL_DECK_MAX (CK_DECK_MAX / 2)
#define CK_SL_FACES CK_SL_DECK_MAX
#define CK_SL_UNKNOWN ((1 << CK_DECK_BITS) - 1)

struct ca_ck_player {
	uint8_t level[CK_TRACKS];	/* CK9: improvement levels 0-5 */
	uint8_t wall[CK_WALLS];		/* CK8: corners with a wall, CA_NONE */
	uint8_t defender;		/* CK12.3: Defender of Catan points */
	uint8_t over;			/* settlements on the board beyond the
					   5 pieces (CK12.5's Decision) */
	uint8_t nprog;			/* progress cards in hand (CK13.4) */
	uint8_t prog[CK_HAND_MAX];	/* their indices in ck_data.cards,
					   in the order drawn */
	uint8_t vpcards;		/* Printer, Constitution laid (CK13.3) */
	uint8_t nsealed;		/* sealed progress cards held (CK20,
					   sealed-ck.c): prog[CK_HAND_MAX - 1 - j]
					   for j < nsealed, each its deck << 5 |
					   its position; in what was padding */
};

struct ca_ck {
	const struct ck_data *d;	/* NULL: the base game */
	uint8_t steps;			/* barbarian track length (CK2.4) */
	uint8_t ship;			/* barbarian step, 0 to steps - 1 */
	uint8_t attacks;		/* attacks resolved: the robber is free
					   once there was one (CK6.1) */
	uint8_t event;			/* the roll's event die 1-6, 0 before */
	uint8_t metro[CK_TRACKS];	/* corner of each metropolis, CA_NONE */
	uint8_t promoted[3 * CK_KNIGHTS_PER_LEVEL];	/* corners of the
					   knights promoted this turn (CK11.5),
					   CA_NONE */
	uint8_t fleet;			/* Merchant Fleet: a bit per kind
					   (1 << kind, CA_KINDS = 8) at 2:1
					   for the active seat this turn
					   (CK14.4) */
	uint8_t merchant;		/* the merchant's hex, CA_NONE (CK14.3) */
	uint8_t merchant_holder;	/* its holder, CA_NONE */
	uint8_t tok[CK_SWAP_LOW / 2];	/* CK14.19: the tokens the Inventor
					   may move (3, 4, 5, 9, 10, 11), 4 bits
					   each, one per hex that holds such a
					   token on the board, in hex order:
					   swaps keep that set of hexes, so it
					   is the board's (ca_hex_token) */
	uint8_t harbor;			/* Commercial Harbor this turn (CK14.1):
					   CK_HARBOR_ON once played, and a bit
					   per opponent traded with */
	uint8_t ndeck[CK_TRACKS];	/* cards in each progress deck */
	uint8_t unseen[CK_TRACKS];	/* CK16.3 with fair chance: the top
					   unseen[t] cards of deck t are not
					   shuffled yet, each draw picks one
					   of them then (draw_progress); 0
					   when the decks were shuffled at
					   ca_ck_init */
	uint8_t deck[CK_TRACKS][CK_DECK_BYTES];	/* top first (CK13.1):
					   card indices of 5 bits each (at
					   most CK_EFFECTS = 25 kinds),
					   read and written through
					   ca_ck_deck() and ca_ck_deck_set(),
					   so that the base game's state
					   stays within 1 KiB */
	struct ca_ck_player p[CA_SEATS];
	uint8_t sealed;			/* 1: the progress decks are sealed
					   (catan-ck-rules(7), CK20;
					   sealed-ck.c): unseen[t] counts deck
					   t's positions not dealt, its places
					   from CK_SL_FACES the face of each
					   position as this reader knows it; in
					   what was padding */
};

/*
 * Sealed hands, the base game (sealed.c; catan-rules(7), "Sealed
 * hands"): the development deck "dev", generation 0, card k the k-th
 * card of st->deck when it was declared, in type order.  In the room of
 * struct ca_ck, which the base game leaves zero: its first member is
 * ck.d's NULL.  pos[i] of a position dealt: holder << 6, CA_SL_OPEN
 * once opened to all, and the type, CA_SL_UNKNOWN where this reader may
 * not see it.
 */
#define CA_SL_MAX 64
#define CA_SL_OPEN 0x20
#define CA_SL_UNKNOWN 7
struct ca_devseal {
	const struct ck_data *d;		/* ck.d: NULL */
	const struct rules_sealed *sealed;	/* NULL in the computer
						   player's copies */
	uint8_t on;		/* 1: the development deck is sealed */
	uint8_t n, next;	/* cards; positions dealt */
	uint8_t turn0;		/* next when this turn began (CA8.2) */
	uint8_t start[CA_DEVS];	/* the deck by type when declared */
	uint8_t pos[CA_SL_MAX];
};

/*
 * Greater Catan (catan-rules(7), CA10.7 - CA10.9): the number of each
 * producing hex (the board's grow_hex, growidx), 0 while a small island's
 * hex has none, and how many tokens the supply gave.  It shares the room
 * of the fog's stacks, which a map with a token supply has none of, so
 * that struct ca_state and every other map's bytes stay as they were.
 */
struct ca_grow {
	uint8_t tok[CA_MAX_GROW];
	uint8_t taken;			/* from the supply (CA10.7) */
};

struct ca_state {
	const struct ca_board *b;
	const struct rules_chance *ch;
	uint32_t events;	/* chance events opened (lib/chance.h) */
	uint16_t turn;		/* 0 in set-up, then 1, 2, ... */
	uint16_t next_offer;	/* number of the next offer (CA7.3) */
	uint8_t nseats, phase, active;
	uint8_t setup_i;	/* placement number in snake order (CA3.3) */
	uint8_t setup_corner;	/* the settlement awaiting its road, or CA_NONE */
	uint8_t dice[2];	/* last roll this turn, 0 0 before it */
	uint8_t played_card, moved_ship;
	uint8_t vp_target;
	uint8_t robber, pirate;	/* hexes; pirate CA_NONE on base maps */
	uint8_t army, longest;	/* award holders, CA_NONE */
	uint8_t winner, how;	/* how: 0 running, 1 points, 2 last,
				   3 forfeit */
	uint8_t npend;
	struct ca_pend pend[CA_MAX_PEND];
	uint8_t bank[CA_KINDS];
	uint8_t deck[CA_DEVS];	/* cards left by type; no order (CA12.2) */
	union {
		struct {
			uint32_t fog_tiles_left, fog_tokens_left;	/* bits
					   of the stacks */
			uint8_t fog_t[CA_MAX_FOG], fog_k[CA_MAX_FOG];
					/* revealed: terrain, token; CA_FOG
					   hidden */
		};
		struct ca_grow gc;	/* Greater Catan, on a map without fog */
	};
	uint8_t last_thief, last_victim, last_kind;	/* the last steal */
	uint8_t color[CA_SEATS];	/* seat -> index in ca_seat_names (CA1.5:
					   the creator orders the seats) */
	uint8_t fast_on;	/* 1: chance from `fast`, not `ch` (the
				   computer player's own states, bot.c) */
	uint8_t first;		/* the seat placing first and taking the
				   first turn: 0 (CA1.5), or drawn (option
				   first=draw); in what was padding */
	uint8_t harbor_on;	/* option harbormaster=on (CA9.4) */
	uint8_t harbormaster;	/* its holder + 1, 0 none (CA9.5); both
				   in what was padding, 0 in every game
				   without the option */
	uint64_t fast;		/* splitmix64 state of that chance */
	uint8_t corner[CA_MAX_CORNER];
	uint8_t edge[CA_MAX_EDGE];
	struct ca_player p[CA_SEATS];
	struct ca_offer off[CA_SEATS];
	union {
		struct ca_ck ck;	/* see struct ca_ck */
		struct ca_devseal ds;	/* the base game, sealed hands */
	};
	uint8_t ck_tok2[(CK_SWAP_MAX - CK_SWAP_LOW) / 2];	/* the
				   Inventor's tokens 16-31, past ck.tok,
				   zero but on a Seafarers map with more
				   than 16 (CK19.1): after ck, so that the
				   bytes before it and the computer
				   player's key over them (bot.c) are what
				   they were */
};

#define CA_CK(st) ((st)->ck.d != NULL)
/* Cities & Knights with sealed progress decks (CK20). */
#define CK_SEALED(st) (CA_CK(st) && (st)->ck.sealed)

/* Actions. */
enum ca_verb {
	CA_A_ROLL, CA_A_END, CA_A_BUY, CA_A_RESIGN, CA_A_WITHDRAW,
	CA_A_SETTLEMENT, CA_A_CITY, CA_A_ROAD, CA_A_SHIP, CA_A_MOVESHIP,
	CA_A_TRADE, CA_A_OFFER, CA_A_ACCEPT, CA_A_DECLINE,
	CA_A_DISCARD, CA_A_PICK, CA_A_ROBBER, CA_A_PIRATE,
	CA_A_KNIGHT, CA_A_ROADS, CA_A_PLENTY, CA_A_MONOPOLY,
	/* Cities & Knights */
	CA_A_WALL,		/* build wall a (CK8) */
	CA_A_IMPROVE,		/* improve track res, metropolis at a (CK9,
				   CK10.4; a CA_NONE: none named) */
	CA_A_AQUEDUCT,		/* aqueduct res (CK9.4) */
	CA_A_PILLAGE,		/* pillage a (CK12.5) */
	CA_A_KNIGHT_BUILD,	/* build knight a (CK11.2) */
	CA_A_ACTIVATE,		/* activate a (CK11.4) */
	CA_A_PROMOTE,		/* promote a (CK11.5) */
	CA_A_MOVE,		/* move a b (CK11.8) */
	CA_A_DISPLACE,		/* displace a b (CK11.9) */
	CA_A_CHASE,		/* chase a, robber to hex b, victim (CK11.10) */
	CA_A_RETREAT,		/* retreat a (CK11.9) */
	CA_A_PROG_DISCARD,	/* discard progress: card res (CK13.4) */
	CA_A_TRACKPICK,		/* pick track res (CK12.4) */
	CA_A_TAKE,		/* take progress card res (CK14.13) */
	CA_A_DESERT,		/* desert a (CK14.9) */
	CA_A_PLACE_KNIGHT,	/* place knight a, CA_NONE: none (CK14.9) */
	CA_A_GIVE,		/* give the bundle give (CK14.15) */
	CA_A_TAKE_CARDS,	/* take the bundle get (CK14.2) */
	CA_A_PLAY,		/* play progress card res (CK14): arguments
				   a, b (node, hex, edge, track; CA_NONE when
				   not given), ka (a kind), victim (a seat);
				   alchemist: a, b the white and red dice */
	CA_A_HARBOR,		/* harbor victim res: Commercial Harbor's
				   forced trade (CK14.1) */
	CA_A_SHOW,		/* show a: a sealed development card opened
				   (catan-rules(7), "Sealed hands") */
	CA_A_TOKEN,		/* token a: the number of main-island hex a to
				   the hex awaiting one (CA10.8) */
	CA_VERBS
};

struct ca_action {
	uint8_t verb;		/* enum ca_verb */
	uint8_t a, b;		/* corner, edge or hex; move ship: from a to b;
				   road-building: edges a and b (b CA_NONE) */
	uint8_t ka, kb;		/* road-building: 1 when piece a/b is a ship;
				   knight: 1 for the pirate */
	uint8_t victim;		/* CA_NONE: not named */
	uint8_t res;		/* monopoly */
	uint8_t to;		/* offer: addressees, 0 all others */
	uint16_t num;		/* accept, decline */
	uint8_t give[CA_KINDS];	/* trade, offer, discard */
	uint8_t get[CA_KINDS];	/* trade, offer, pick, year-of-plenty */
};

/*
 * What an action told seats alone (CA12.1): the type of the card bought
 * or stolen.  text[i] goes to seat[i] (CA_NONE: unused; the used ones
 * come first).  A steal is a pair (taker, victim); the Bishop (CK14.7)
 * takes from each other seat at its hex, so up to CA_SEATS - 1 pairs.
 * Outside the state: ca_apply fills it, the caller keeps the texts.
 */
#define CA_SECRET_MAX (2 * (CA_SEATS - 1))
struct ca_secret {
	uint8_t seat[CA_SECRET_MAX];
	char text[CA_SECRET_MAX][96];
};

/* The color name of seat s ("nobody" outside the game). */
const char *ca_seat_name(const struct ca_state *st, int s);
/* The seat of color name w (len bytes), or -1. */
int ca_seat_of(const struct ca_state *st, const char *w, size_t len);

/* Set up a new game: board b (built), nseats 3-4, deck and bank from d. */
void ca_init(struct ca_state *st, const struct ca_board *b,
    const struct ca_data *d, int nseats, int vp,
    const struct rules_chance *ch);

/*
 * Make a game of ca_init Cities & Knights (catan-ck-rules(7)): the design data d
 * (ck_data_load), options points= (10-20, 0: 13) and barbarian-steps=
 * (3-10, 0: 7; CK15.2, CK2.4).  0, or RULES_EDATA (data "options"), or what the
 * source of chance answers (RULES_PENDING: the state is then unusable,
 * call again).  Call it before any action; the commodities go into the
 * bank, the development deck is emptied (B7), the three progress decks
 * are shuffled, trade, politics, science (CK16.3).
 */
int ca_ck_init(struct ca_state *st, const struct ck_data *d, int points,
    int steps, struct rules_error *err);
/* CK13.4: progress cards seat holds in hand. */
int ca_ck_hand(const struct ca_state *st, int seat);
/* The card (index in ck_data.cards) at place i of progress deck t, the
   top at 0; and setting it.  i < CK_DECK_MAX. */
int ca_ck_deck(const struct ca_state *st, int t, int i);
void ca_ck_deck_set(struct ca_state *st, int t, int i, int card);

/* Cities & Knights: the barbarians' strength (CK12.2: cities on the
   board, a metropolis counting once) and Catan's (the active knights'
   levels). */
int ca_ck_barbarians(const struct ca_state *st);
int ca_ck_defence(const struct ca_state *st, int seat);	/* -1: all */
/* CK6.2: the number of cards above which seat discards on a 7. */
int ca_discard_limit(const struct ca_state *st, int seat);

/*
 * Apply action a by seat.  0 on success with the public notes appended to
 * note (may be NULL) and the private ones in sec (may be NULL); else an
 * enum rules_rc (RULES_ESEAT, RULES_REFUSED, RULES_PENDING, ...) with err
 * filled and the state unchanged, byte for byte.
 */
int ca_apply(struct ca_state *st, int seat, const struct ca_action *a,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err);

/* Would ca_apply accept a (0, or the rules_rc it would return)?  Changes
   nothing; draws nothing. */
int ca_check(const struct ca_state *st, int seat, const struct ca_action *a,
    struct rules_error *err);

/*
 * The legal actions of seat: writes up to max into out and returns how
 * many there are (more than max means out holds the first max).  Offers
 * are never listed (CA14.1).
 */
int ca_legal(const struct ca_state *st, int seat, struct ca_action *out,
    int max);

/* Recompute routes and both awards from scratch (positions). */
void ca_award_recount(struct ca_state *st);

/* Seats that may act now (bit per seat; never 0 while running). */
unsigned ca_may_act(const struct ca_state *st);
/* The seat the game waits for, -1 when over. */
int ca_await_seat(const struct ca_state *st);
/* What is awaited, in words (CA13.3). */
void ca_await_text(const struct ca_state *st, char *buf, size_t n);

/* Victory points: with hidden (victory-point cards) or public only. */
int ca_vp(const struct ca_state *st, int seat, int hidden);
/* A forfeit (rules.h): the game ends, the live seat other than seat
 * with the most public points wins (how 3). */
int ca_forfeit(struct ca_state *st, int seat, struct rules_note *note,
    struct rules_error *err);
/* Resource cards in a hand (every kind). */
int ca_hand_count(const struct ca_player *p);
/* The kind of the treasure nobody has found at corner c (enum
 * ca_treasure, CA10.5), or -1. */
int ca_treasure_unfound(const struct ca_state *st, int c);
/* The trade route length of seat (CA9.2), computed afresh. */
int ca_route_length(const struct ca_state *st, int seat);
/* The best bank rate of seat for kind k (CA7.1): 2, 3 or 4. */
int ca_rate(const struct ca_state *st, int seat, int k);
/* The current terrain and token of hex h (fog revealed or CA_FOG). */
int ca_hex_terrain(const struct ca_state *st, int h);
int ca_hex_token(const struct ca_state *st, int h);
/* CA10.7: the tokens left in the supply of a map with one, in the order
   they are taken, into out (CA_MAX_SUPPLY places); their count. */
int ca_grow_supply(const struct ca_state *st, uint8_t *out);
/* CA9.4: seat's harbor points (a settlement at a harbor 1, a city 2). */
int ca_harbor_points(const struct ca_state *st, int seat);
/* The seat that places in set-up placement i (CA3.3). */
int ca_setup_seat(const struct ca_state *st, int i);
/* rules.stats_note (stats.c, CA14.6): one public note counted. */
struct rules_stats;
void ca_stats_note(struct rules_stats *acc, const char *action, size_t alen,
    const char *note, size_t len);

#endif
