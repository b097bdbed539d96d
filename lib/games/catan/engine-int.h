/*
 * engine-int.h -- what the files of the Catan engine share, and nothing
 * outside lib/games/catan/engine*.c, the rule files and legal*.c includes.
 *
 * The files, a concern each:
 *   engine.c       init, chance, the pending queue, whose turn, end of a
 *                  turn, resigning, victory, dispatch, ca_apply, ca_check
 *   awards.c       victory points, longest route, largest army (CA9, CA11)
 *   build.c        set-up and building (CA3, CA6)
 *   sea.c          Seafarers: fog, moving ships (CA10)
 *   roll.c         the roll, production, robber and pirate (CA4, CA5)
 *   trade.c        trade (CA7)
 *   devcard.c      development cards (CA8)
 *   ck-roll.c      C&K's roll, barbarians, pillage, Aqueduct (CK4-CK6, CK12)
 *   ck-deck.c      C&K's progress cards drawn and held (CK13)
 *   ck-city.c      C&K's walls, improvements, metropolises (CK8-CK10)
 *   ck-knights.c   C&K's knights (CK11)
 *   ck-progress.c  C&K's progress cards played (CK13.5, CK14)
 *   legal.c        the legal list (CA14.1); ck-legal.c its C&K actions
 *
 * The rule numbers are those of catan-rules(7) (CA) and catan-ck-rules(7)
 * (CK).  Small helpers asked in the hot loops (the legal list, the roll)
 * are static inline here so that no file pays a call for them.
 */
#ifndef TRIGON_CATAN_ENGINE_INT_H
#define TRIGON_CATAN_ENGINE_INT_H

#include <stdint.h>
#include <string.h>

#include "games/catan/engine.h"


/*
 * The corners (one byte each) eight at a time where walks of every corner
 * are frequent (a turn's start, the C&K list); a byte-wise loop elsewhere.
 * st->corner holds CA_MAX_CORNER bytes, a multiple of 8.
 */
#ifdef WORDWISE
_Static_assert(CA_MAX_CORNER % 8 == 0, "corners are read eight at a time");
_Static_assert(CA_CP_SPENT == CA_CP_KNIGHT << 2,
    "begin_turn shifts a knight's bit onto its spent bit");
_Static_assert(CA_CP_ACTIVE == CA_CP_KNIGHT << 1,
    "ca_ck_defence shifts a knight's bit onto its active bit");
_Static_assert(CK_SWAP_LOW / 2 == 8, "produce reads ck.tok as one word");
#endif

/* Event kinds of CA12.4 (the open mode keys the stream with them). */
enum { EV_DICE = 1, EV_DEVCARD, EV_STEAL, EV_FOG, EV_SETUP };
/* (6 is catan.c's "first player"); Cities & Knights' decks (CK16.3) */
enum { EV_PROGRESS = 7 };

static const uint8_t cost_road[CA_KINDS] = { 1, 1, 0, 0, 0 };
static const uint8_t cost_ship[CA_KINDS] = { 0, 1, 1, 0, 0 };
static const uint8_t cost_settlement[CA_KINDS] = { 1, 1, 1, 1, 0 };
static const uint8_t cost_city[CA_KINDS] = { 0, 0, 0, 2, 3 };
static const uint8_t cost_card[CA_KINDS] = { 0, 0, 1, 1, 1 };

/* ---- small helpers ------------------------------------------------------ */

/* Refuse; the message (and its arguments) only when someone reads it: the
   legal list checks candidates with err NULL. */
#define NO(...) (err != NULL ? rules_refuse(err, RULES_REFUSED, __VA_ARGS__) : \
    RULES_REFUSED)

/* A note, its arguments (names, bundles) formatted only when it is kept:
   the legal list, the bot and the benchmarks apply with note NULL. */
#define NOTE(...) do { \
	if (note != NULL) \
		ca_note_add(note, __VA_ARGS__); \
} while (0)

#define seat_name(s) ca_seat_name(st, (s))

/*
 * The trade route (CA9.2) over a small graph of seat's own pieces: at most
 * 32 edges (15 roads and 15 ships), their end corners numbered locally.
 * A route passes a corner unless another seat has a piece there (B2),
 * and changes between road and ship only at an own settlement or city.
 */
#define ROUTE_MAX 32

struct route_ctx {
	uint8_t end[ROUTE_MAX][2];	/* own edge -> its local end corners */
	uint32_t at[2 * ROUTE_MAX + 1];	/* local corner -> own edges there */
	uint8_t pass[2 * ROUTE_MAX + 1];	/* 0 blocked, 1 same kind,
						   2 own building: any kind */
	uint32_t ships;			/* own edges that are ships */
};

_Static_assert(CK_EFFECTS <= 1 << CK_DECK_BITS,
    "a progress card's index fits the bits of a deck place");
_Static_assert(CA_KINDS <= 8, "ck.fleet holds a bit per kind of card");

/* ---- Cities & Knights: the roll, the barbarians, the 7 (CK4, CK6, CK12) -- */

/* A knight's corner kind (CK11): CA_CP_KNIGHT | level - 1, and flags. */
#define CK_KNIGHT(v) (CA_C_KIND(v) & CA_CP_KNIGHT)
#define CK_KNIGHT_LEVEL(v) ((CA_C_KIND(v) & 3) + 1)
#define CK_KNIGHT_ACTIVE(v) ((CA_C_KIND(v) & CA_CP_ACTIVE) != 0)


/* ---- Cities & Knights: walls, improvements, metropolises (CK8-CK10) ----- */

static const uint8_t cost_wall[CA_KINDS] = { 2, 0, 0, 0, 0 };


/* ---- Cities & Knights: knights (CK11) -------------------------------------- */

static const uint8_t cost_knight[CA_KINDS] = { 0, 0, 1, 0, 1 };
static const uint8_t cost_activate[CA_KINDS] = { 0, 0, 0, 1, 0 };

/* ---- the legal list (CA14.1) ------------------------------------------------ */

/*
 * The list is built legal by construction: each verb's conditions are
 * tested once for the state (phase, supply, cost, a card to play), and
 * the places come from sets computed once per list -- the corners where
 * a seat's road or ship may join (joints), the free edges such a piece
 * fits -- with the same predicates as the checks above (distance_ok,
 * corner_land, victims, ca_check_ship_movable).  Nothing is cached in the
 * state, so nothing can go stale.  Offer answers alone go through their
 * check.  t/unit/catan/legal.c compares every list with the actions
 * ca_check accepts, in random games on every map.
 */

/* A set of corners or edges: bit i for index i (indices fit a byte). */
struct bits {
	uint64_t w[4];
};

#define BIT_HAS(s, i) (((s)->w[(i) >> 6] >> ((i) & 63)) & 1)
#define BIT_ADD(s, i) ((s)->w[(i) >> 6] |= 1ULL << ((i) & 63))
#define BIT_DEL(s, i) ((s)->w[(i) >> 6] &= ~(1ULL << ((i) & 63)))

struct lister {
	const struct ca_state *st;
	int seat, n, max;
	struct ca_action *out;
};

/*
 * What ck_actions and ck_plays ask of a seat's pieces, from one walk of
 * the corners: its corners in order (and, with road_ends set, the free
 * corners at its roads' ends), whether it has a city and one without a
 * metropolis (ca_do_improve's), its knights a level (knights_on_board's),
 * the Fortress (ca_do_promote's).
 */
struct ck_seat {
	uint8_t own[CA_MAX_CORNER];
	int nown, any_city, free_city, nk[5], fortress;
};

/* ---- shared between the engine files ---- */

void ca_note_add(struct rules_note *n, const char *fmt, ...);
void ca_secret_add(struct ca_secret *s, int seat, const char *fmt, ...);
const char * ca_bundle_text(const uint8_t *b, char *buf, size_t n);
int ca_seat_edges(const struct ca_state *st, int seat, unsigned mask,
    uint8_t *out);
void ca_award_longest_of(struct ca_state *st, unsigned mask,
    struct rules_note *note);
void ca_award_longest(struct ca_state *st, struct rules_note *note);
/* CA9.5: the harbormaster looked at after a build or a resignation. */
void ca_award_harbor(struct ca_state *st, struct rules_note *note);
unsigned ca_at_corner(const struct ca_state *st, int seat, int c);
unsigned ca_meet_at(const struct ca_state *st, int c, int owner);
void ca_award_army(struct ca_state *st, struct rules_note *note, int recount);
int ca_open_event(struct ca_state *st, unsigned kind, const char *label,
    unsigned quorum, struct chance_stream *s, struct rules_error *err);
void ca_pend_settle(struct ca_state *st);
int ca_check_settlement_place(const struct ca_state *st, int seat, int c,
    int connect, struct rules_error *err);
int ca_check_edge_place(const struct ca_state *st, int seat, int e, int ship,
    int from, int lifted, struct rules_error *err);
int ca_reveal_fog(struct ca_state *st, int seat, int e,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err);
int ca_find_treasures(struct ca_state *st, int seat, int e,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err);
void ca_note_dealt(const struct ca_state *st, int seat, const char *at,
    int left, struct rules_note *note);
int ca_deal_devcard(struct ca_state *st, int seat, const char *at,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err);
unsigned ca_treasures_found(const struct ca_state *st);
/* Greater Catan (grow.c, CA10.7 - CA10.9) */
_Static_assert(sizeof(struct ca_grow) <= 2 * sizeof(uint32_t) +
    2 * CA_MAX_FOG, "Greater Catan's numbers fit the room of the fog's");
void ca_grow_init(struct ca_state *st);
void ca_grow_reach(struct ca_state *st, int seat, int e,
    struct rules_note *note);
int ca_grow_allowed(const struct ca_state *st, int seat, int to,
    uint8_t *out, int *from);
int ca_do_token(struct ca_state *st, int seat, int h, int dry,
    struct rules_note *note, struct rules_error *err);
void ca_next_placement(struct ca_state *st, struct rules_note *note);
int ca_setup_settlement(struct ca_state *st, int seat, int c, int city,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_setup_edge(struct ca_state *st, int seat, int e, int ship, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err);
unsigned ca_produce(struct ca_state *st, int sum, struct rules_note *note);
int ca_pillageable(const struct ca_state *st, int seat, int c);
void ca_pillage(struct ca_state *st, int seat, int c, struct rules_note *note);
void ca_attack(struct ca_state *st, struct rules_note *note);
void ca_aqueduct_take(struct ca_state *st, int seat, int k,
    struct rules_note *note);
void ca_to_bottom(struct ca_state *st, int i);
int ca_do_trackpick(struct ca_state *st, int seat, int t, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_do_prog_discard(struct ca_state *st, int seat, int i, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_run_auto(struct ca_state *st, struct rules_note *note,
    struct rules_error *err);
int ck_roll(struct ca_state *st, int seat, int w, int r,
    struct rules_note *note, struct rules_error *err);
int ca_do_pillage(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_aqueduct(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_roll(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct rules_error *err);
int ca_do_discard(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_pick(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_stolen_kind(const struct ca_state *st, const struct ca_player *v, int i);
unsigned ca_pieces_at(const struct ca_state *st, int h, int pirate);
unsigned ca_victims(const struct ca_state *st, int seat, int h, int pirate,
    unsigned *holding);
int ca_check_robber(const struct ca_state *st, int seat, int h, int pirate,
    int victim, int *who, struct rules_error *err);
int ca_move_robber(struct ca_state *st, int seat, int h, int pirate, int who,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err);
int ca_do_robber(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_build_settlement(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_build_city(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_build_city_for(struct ca_state *st, int seat, int c,
    const uint8_t *cost, int dry, struct rules_note *note,
    struct rules_error *err);
void ca_place_edge(struct ca_state *st, int seat, int e, int ship);
int ca_lay_edge(struct ca_state *st, int seat, int e, int ship,
    struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_build_edge(struct ca_state *st, int seat, int e, int ship, int dry,
    struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_check_ship_movable(const struct ca_state *st, int seat, int e,
    struct rules_error *err);
int ca_move_ship(struct ca_state *st, int seat, int from, int to, int dry,
    struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_do_wall(struct ca_state *st, int seat, int c, int free, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_metro_gets(const struct ca_state *st, int seat, int t, int level,
    int *holder);
int ca_do_improve(struct ca_state *st, int seat, int t, int node, int discount,
    int dry, struct rules_note *note, struct rules_error *err);
void ca_road_reach(const struct ca_state *st, int seat, int from,
    uint8_t *mark);
int ca_do_knight_build(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_do_activate(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_do_promote(struct ca_state *st, int seat, int c, int free, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_retreats(const struct ca_state *st, int owner, int from, int *last);
void ca_retreat_to(struct ca_state *st, int owner, int c, uint8_t v,
    struct rules_note *note);
int ca_do_move(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_retreat(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_do_chase(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_do_trade(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_offer(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_answer(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_withdraw(struct ca_state *st, int seat, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_do_buy(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct ca_secret *sec, struct rules_error *err);
int ca_do_knight(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_do_plenty(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_monopoly(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_roads(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_own_at_hex(const struct ca_state *st, int seat, int h);
int ca_do_take(struct ca_state *st, int seat, int i, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_do_harbor(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
int ca_do_give(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_knight_place_ok(const struct ca_state *st, int seat, int c);
int ca_do_desert(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_do_place_knight(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err);
int ca_do_take_cards(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_road_open(const struct ca_state *st, int e);
int ca_do_play(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
int ca_dispatch(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err);
void ca_joints(const struct ca_state *st, int seat, int ship, int lifted,
    struct bits *j);
int ca_edge_suits(const struct ca_state *st, int e, int ship);
void ca_fitting_at(const struct ca_state *st, int ship, const struct bits *j,
    struct bits *out);
unsigned ca_robber_victims(const struct ca_state *st, int seat, uint8_t *at);
void ca_push_checked(struct lister *l, const struct ca_action *a);
void ck_actions(struct lister *l, const int *rate);

static inline int
bundle_sum(const uint8_t *b)
{
	int s = 0;

	for (int k = 0; k < CA_KINDS; k++)
		s += b[k];
	return s;
}

static inline int
holds(const uint8_t *hand, const uint8_t *b)
{
	for (int k = 0; k < CA_KINDS; k++)
		if (hand[k] < b[k])
			return 0;
	return 1;
}

static inline void
move_cards(uint8_t *from, uint8_t *to, const uint8_t *b)
{
	for (int k = 0; k < CA_KINDS; k++) {
		from[k] = (uint8_t)(from[k] - b[k]);
		to[k] = (uint8_t)(to[k] + b[k]);
	}
}

static inline int
live(const struct ca_state *st, int s)
{
	return s >= 0 && s < st->nseats && !st->p[s].resigned;
}

static inline int
nlive(const struct ca_state *st)
{
	int n = 0;

	for (int s = 0; s < st->nseats; s++)
		n += live(st, s);
	return n;
}

static inline int
hex_terrain(const struct ca_state *st, int h)
{
	int t = st->b->terrain[h];

	if (t == CA_FOG)
		return st->fog_t[st->b->fogidx[h]];
	return t;
}

/* CK14.19: a token the Inventor may move. */
static inline int
swappable(int t)
{
	return CA_TOKEN_MOVABLE(t);
}

/* The place in ck.tok of hex h, or -1: its board token never moves
   (the board's table, ca_board_build). */
static inline int
swap_slot(const struct ca_board *b, int h)
{
	return b->tokslot[h];
}

static inline int
tok_get(const struct ca_state *st, int k)
{
	const uint8_t *t = k < CK_SWAP_LOW ? st->ck.tok :
	    st->ck_tok2 - CK_SWAP_LOW / 2;

	return t[k / 2] >> (k % 2 * 4) & 0xf;
}

static inline void
tok_set(struct ca_state *st, int k, int t)
{
	int sh = k % 2 * 4;

	uint8_t *w = k < CK_SWAP_LOW ? st->ck.tok + k / 2 :
	    st->ck_tok2 + (k - CK_SWAP_LOW) / 2;

	*w = (uint8_t)((*w & ~(0xf << sh)) | t << sh);
}

static inline int
hex_token(const struct ca_state *st, int h)
{
	int k;

	if (st->b->terrain[h] == CA_FOG)
		return st->fog_k[st->b->fogidx[h]];
	if (st->b->ngrow != 0 && st->b->growidx[h] != CA_NONE)
		return st->gc.tok[st->b->growidx[h]];	/* CA10.7 */
	if (CA_CK(st) && (k = swap_slot(st->b, h)) >= 0)
		return tok_get(st, k);		/* CK14.19 */
	return st->b->token[h];
}

static inline int
is_land(const struct ca_state *st, int h)
{
	return CA_IS_LAND(hex_terrain(st, h));
}

static inline int
is_sea(const struct ca_state *st, int h)
{
	return hex_terrain(st, h) == CA_SEA;
}

/* A corner touching known land (CA3.4, CA6.4). */
static inline int
corner_land(const struct ca_state *st, int c)
{
	const struct ca_corner *k = &st->b->corner[c];

	if (k->land)
		return 1;
	for (int i = 0; i < 3; i++)
		if (is_land(st, k->hex[i]))
			return 1;
	return 0;
}

static inline int
c_owner(const struct ca_state *st, int c)
{
	return c == CA_NONE ? -1 : CA_C_OWNER(st->corner[c]);
}

/* An own settlement or city at c. */
static inline int
own_building(const struct ca_state *st, int c, int seat)
{
	uint8_t v;

	if (c == CA_NONE)
		return 0;
	v = st->corner[c];
	return CA_C_OWNER(v) == seat && (CA_C_KIND(v) == CA_CP_SETTLEMENT ||
	    CA_C_KIND(v) == CA_CP_CITY);
}

/* Any piece of another seat at c (B2: of any kind). */
static inline int
foreign_piece(const struct ca_state *st, int c, int seat)
{
	int o = c_owner(st, c);

	return o >= 0 && o != seat;
}

static inline int
e_owner(const struct ca_state *st, int e)
{
	return CA_E_OWNER(st->edge[e]);
}

static inline int
e_ship(const struct ca_state *st, int e)
{
	return (st->edge[e] & CA_E_SHIP) != 0;
}

static inline int
on_pirate(const struct ca_state *st, int e)
{
	const struct ca_edge *ed = &st->b->edge[e];

	return st->pirate != CA_NONE &&
	    (ed->hex[0] == st->pirate || ed->hex[1] == st->pirate);
}

/* ca_vp's count, inlined where check_win asks it after every action */
static inline int
vp_of(const struct ca_state *st, int seat, int hidden)
{
	const struct ca_player *p = &st->p[seat];
	/* pieces on the board: what the supply lacks (a city returned
	   its settlement to the supply, CA1.3) */
	int vp = (5 - p->supply[CA_S_SETTLEMENT]) +
	    2 * (4 - p->supply[CA_S_CITY]) + p->bonus;

	if (p->resigned)
		return 0;
	if (st->army == seat)
		vp += 2;
	if (st->longest == seat)
		vp += 2;
	if (st->harbormaster == seat + 1)
		vp += 2;	/* CA9.5 */
	if (hidden)
		vp += p->dev[CA_VP];
	if (CA_CK(st)) {
		/* CK15.1: a metropolis +2, Defender of Catan points */
		for (int t = 0; t < CK_TRACKS; t++)
			if (st->ck.metro[t] != CA_NONE &&
			    c_owner(st, st->ck.metro[t]) == seat)
				vp += 2;
		vp += st->ck.p[seat].defender + st->ck.p[seat].over +
		    st->ck.p[seat].vpcards + (st->ck.merchant_holder == seat);
	}
	return vp;
}

/* ---- the pending queue (B3) -------------------------------------------- */

static inline void
pend_push(struct ca_state *st, int kind, unsigned seats, const uint8_t *n)
{
	struct ca_pend *p;

	if (st->npend >= CA_MAX_PEND || seats == 0)
		return;
	p = &st->pend[st->npend++];
	p->kind = (uint8_t)kind;
	p->seats = (uint8_t)seats;
	for (int s = 0; s < CA_SEATS; s++)
		p->n[s] = n ? n[s] : 0;
}

static inline void
pend_pop(struct ca_state *st)
{
	memmove(&st->pend[0], &st->pend[1], sizeof st->pend[0] *
	    (size_t)(CA_MAX_PEND - 1));
	memset(&st->pend[CA_MAX_PEND - 1], 0, sizeof st->pend[0]);
	st->npend--;
}

/* Resource cards in the bank (CK9.4: an Aqueduct choice lapses at 0). */
static inline int
res_in_bank(const struct ca_state *st)
{
	int n = 0;

	for (int k = 0; k < CA_RES; k++)
		n += st->bank[k];
	return n;
}

/* ---- placement checks (CA6) ---------------------------------------------- */

static inline int
distance_ok(const struct ca_state *st, int c)
{
	const struct ca_corner *k = &st->b->corner[c];

	for (int i = 0; i < k->nedge; i++) {
		int o = k->adj[i];

		if (o != CA_NONE && (CA_C_KIND(st->corner[o]) == CA_CP_SETTLEMENT ||
		    CA_C_KIND(st->corner[o]) == CA_CP_CITY) && st->corner[o])
			return 0;
	}
	return 1;
}

/* A road or ship of seat fits at e (from: as ca_check_edge_place) and the
   supply holds one (CA1.3). */
static inline int
edge_fits(const struct ca_state *st, int seat, int e, int ship, int from,
    struct rules_error *err)
{
	int rc;

	if ((rc = ca_check_edge_place(st, seat, e, ship, from, CA_NONE, err)) != 0)
		return rc;
	if (st->p[seat].supply[ship ? CA_S_SHIP : CA_S_ROAD] == 0)
		return NO("no %s left in your supply (CA1.3)",
		    ship ? "ship" : "road");
	return 0;
}

/* ---- the roll (CA4, CA5.1-CA5.2, CA10.1) ---------------------------------- */

static inline int
yield(int kind)
{
	return kind == CA_CP_SETTLEMENT ? 1 : kind == CA_CP_CITY ? 2 : 0;
}

/* The track whose ability seat holds (CK9.4), else 0. */
static inline int
has_ability(const struct ca_state *st, int seat, int ability)
{
	int t = ck_track_of_ability(st->ck.d, ability);

	return t >= 0 && st->ck.p[seat].level[t] >= CK_ABILITY_LEVEL;
}

/* The one resource kind the bank holds, or -1 (none or several). */
static inline int
bank_single_res(const struct ca_state *st)
{
	int kind = -1;

	for (int k = 0; k < CA_RES; k++)
		if (st->bank[k]) {
			if (kind >= 0)
				return -1;
			kind = k;
		}
	return kind;
}

/* ---- building (CA6) ---------------------------------------------------------- */

static inline int
pay(struct ca_state *st, int seat, const uint8_t *cost, const char *what,
    struct rules_error *err)
{
	char g[80];

	if (!holds(st->p[seat].hand, cost))
		return NO("%s costs %s", what, ca_bundle_text(cost, g, sizeof g));
	return 0;
}

static inline int
main_phase(const struct ca_state *st, int seat, struct rules_error *err)
{
	if (seat != st->active)
		return NO("only %s may do that now", seat_name(st->active));
	if (st->npend > 0)
		return NO("first: %s", st->pend[0].kind == CA_P_DISCARD ?
		    "the discards" : st->pend[0].kind == CA_P_PICK ?
		    "the picks" : st->pend[0].kind == CA_P_PILLAGE ?
		    "the pillaged cities (CK4.5)" :
		    st->pend[0].kind == CA_P_AQUEDUCT ?
		    "the aqueduct choices (CK4.5)" :
		    st->pend[0].kind == CA_P_RETREAT ?
		    "the retreat (CK4.5)" :
		    st->pend[0].kind == CA_P_PROGRESS ?
		    "the progress cards over the limit (CK4.5)" :
		    st->pend[0].kind == CA_P_TRACKPICK ?
		    "the progress decks picked (CK4.5)" :
		    st->pend[0].kind == CA_P_SPY ? "the Spy's take" :
		    st->pend[0].kind == CA_P_MASTER ?
		    "the Master Merchant's take" :
		    st->pend[0].kind == CA_P_DESERT ? "the deserter" :
		    st->pend[0].kind == CA_P_PLACE ? "the deserter's place" :
		    st->pend[0].kind == CA_P_WEDDING ? "the Wedding's gifts" :
		    st->pend[0].kind == CA_P_HARBOR ?
		    "the Commercial Harbor's trade" :
		    st->pend[0].kind == CA_P_TOKEN ?
		    "the number for the small island (CA10.8)" :
		    "the robber");
	if (st->phase == CA_PH_PREROLL)
		return NO("roll first (CA4.5)");
	if (st->phase != CA_PH_MAIN)
		return NO("not now");
	return 0;
}

/* The wall slot of seat at c, or -1. */
static inline int
wall_at(const struct ca_state *st, int seat, int c)
{
	for (int i = 0; i < CK_WALLS; i++)
		if (st->ck.p[seat].wall[i] == c)
			return i;
	return -1;
}

/* The track whose metropolis stands at c, or -1. */
static inline int
metro_at(const struct ca_state *st, int c)
{
	for (int t = 0; t < CK_TRACKS; t++)
		if (st->ck.metro[t] == c)
			return t;
	return -1;
}

static inline int
own_city(const struct ca_state *st, int seat, int c)
{
	return st->corner[c] && c_owner(st, c) == seat &&
	    CA_C_KIND(st->corner[c]) == CA_CP_CITY;
}

/* Knights of seat and level on the board (CK2.3: 2 pieces a level). */
static inline int
knights_on_board(const struct ca_state *st, int seat, int level)
{
	int n = 0;

	for (int c = 0; c < st->b->ncorner; c++) {
		uint8_t v = st->corner[c];

		if (v && CK_KNIGHT(v) && CA_C_OWNER(v) == seat &&
		    CK_KNIGHT_LEVEL(v) == level)
			n++;
	}
	return n;
}

/* The corner byte of seat's knight at c, or 0. */
static inline uint8_t
own_knight(const struct ca_state *st, int seat, int c)
{
	uint8_t v = c < st->b->ncorner ? st->corner[c] : 0;

	return v && CK_KNIGHT(v) && CA_C_OWNER(v) == seat ? v : 0;
}

/* An own road ends at c; on a Seafarers map an own ship too (CK19.5). */
static inline int
road_end(const struct ca_state *st, int seat, int c)
{
	const struct ca_corner *k = &st->b->corner[c];

	for (int i = 0; i < k->nedge; i++) {
		int e = k->edge[i];

		if (e != CA_NONE && st->edge[e] && e_owner(st, e) == seat)
			return 1;
	}
	return 0;
}

/* ca_rate for every kind at once in a C&K game (r: CA_KINDS rates), the
   harbors read once: the same conditions in the same precedence. */
static inline void
ck_rates(const struct ca_state *st, int seat, int *r)
{
	int guild = has_ability(st, seat, CK_MERCHANT_GUILD), any = 4;
	int mres = -1;
	unsigned spec = 0;

	if (st->ck.merchant_holder == seat)
		mres = CA_TERRAIN_RES(hex_terrain(st, st->ck.merchant));
	for (int i = 0; i < 2 * st->b->nharbors; i++) {
		int c = st->b->harbor_corner[i];
		int h = st->b->corner[c].harbor;

		if (!own_building(st, c, seat))
			continue;
		spec |= (unsigned)h & ((1u << CA_RES) - 1);
		if ((h >> CA_HARBOR_ANY) & 1)
			any = 3;
	}
	/* the kinds at 2:1, a bit each: the guild's commodities, the
	   fleet's kinds for the active seat, the merchant's resource, the
	   special harbors' resources; the rest at any (3 or 4) */
	if (guild)
		spec |= ((1u << CA_KINDS) - 1) & ~((1u << CA_RES) - 1);
	if (seat == st->active)
		spec |= st->ck.fleet;
	if (mres >= 0 && mres < CA_RES)
		spec |= 1u << mres;
	for (int k = 0; k < CA_KINDS; k++)
		r[k] = (spec >> k) & 1 ? 2 : any;
}

/* ca_rate for every resource at once (the legal list's trades; a C&K
   game's: ck_rates). */
static inline void
rates(const struct ca_state *st, int seat, int *r)
{
	int any = 4;

	for (int k = 0; k < CA_RES; k++)
		r[k] = 4;
	for (int i = 0; i < 2 * st->b->nharbors; i++) {
		int c = st->b->harbor_corner[i];
		int h = st->b->corner[c].harbor;

		if (!own_building(st, c, seat))
			continue;
		for (int k = 0; k < CA_RES; k++)
			if ((h >> k) & 1)
				r[k] = 2;
		if ((h >> CA_HARBOR_ANY) & 1)
			any = 3;
	}
	for (int k = 0; k < CA_RES; k++)
		if (r[k] > any)
			r[k] = any;
}

static inline void
lapse_all(struct ca_state *st)
{
	memset(st->off, 0, sizeof st->off);
}

static inline int
can_play(const struct ca_state *st, int seat, int t, struct rules_error *err)
{
	const struct ca_player *p = &st->p[seat];

	if (seat != st->active)
		return NO("only in your own turn (CA8.2)");
	if (st->npend > 0)
		return NO("not while %s", st->pend[0].kind == CA_P_DISCARD ?
		    "discards are owed" : st->pend[0].kind == CA_P_PICK ?
		    "picks are owed" : "the robber must move");
	if (t != CA_KNIGHT && st->phase != CA_PH_MAIN)
		return NO("%s only after the roll (CA8.2)", ca_dev_names[t]);
	if (st->phase != CA_PH_MAIN && st->phase != CA_PH_PREROLL)
		return NO("not now");
	if (st->played_card)
		return NO("one development card a turn (CA8.2)");
	if (p->dev[t] == 0)
		return NO("you hold no %s card", ca_dev_names[t]);
	if (p->dev[t] <= p->devnew[t])
		return NO("a card bought this turn waits for the next (CA8.2)");
	return 0;
}

static inline void
played(struct ca_state *st, int seat, int t, struct rules_note *note)
{
	st->p[seat].dev[t]--;
	st->played_card = 1;
	NOTE("%s plays %s", seat_name(seat), ca_dev_names[t]);
}


/* ---- Cities & Knights: progress cards played (CK13.5, CK14) ------------ */

/* CK13.4, CK20.3: the progress cards seat holds, open and sealed. */
static inline int
ck_held(const struct ca_state *st, int seat)
{
	return st->ck.p[seat].nprog + st->ck.p[seat].nsealed;
}

/* The place of card i in seat's progress hand (its open cards), or -1. */
static inline int
prog_at(const struct ca_state *st, int seat, int i)
{
	const struct ca_ck_player *p = &st->ck.p[seat];

	for (int k = 0; k < p->nprog; k++)
		if (p->prog[k] == i)
			return k;
	return -1;
}

/* An action known to be legal. */
static inline void
push(struct lister *l, const struct ca_action *a)
{
	if (l->n < l->max)
		l->out[l->n] = *a;
	l->n++;
}

static inline void
blank(struct ca_action *a, int verb)
{
	memset(a, 0, sizeof *a);
	a->verb = (uint8_t)verb;
	a->a = a->b = a->victim = CA_NONE;
}

static inline void
fitting(const struct ca_state *st, int seat, int ship, int lifted,
    struct bits *out)
{
	struct bits j;

	ca_joints(st, seat, ship, lifted, &j);
	ca_fitting_at(st, ship, &j, out);
}

#endif
