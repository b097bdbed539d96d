/*
 * engine.c -- the rules of Catan (BRIEF-catan.md CA3-CA11) over the flat
 * state of engine.h: set-up, the turn, production, the seven, building,
 * trade, development cards, awards, Seafarers, victory and resigning.
 *
 * Every action is checked whole before anything changes; a refusal (and
 * a chance answer that is not there yet, RULES_PENDING) leaves the state
 * as it was, byte for byte (ca_apply keeps a copy to make sure).  Every
 * random number comes through lib/chance.h at the moment a rule needs it
 * (CA12.2, CA12.4): nothing hidden is shuffled ahead.
 *
 * The legal list (ca_legal) is built legal by construction from the same
 * predicates as the checks, and tested against ca_check
 * (t/unit/catan/legal.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
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
_Static_assert(CK_SWAP_MAX / 2 == 8, "produce reads ck.tok as one word");
#endif

const char *const ca_seat_names[CA_SEATS] = { "red", "blue", "white", "orange" };

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

static void
note_add(struct rules_note *n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (n == NULL || n->len >= sizeof n->text - 1)
		return;
	va_start(ap, fmt);
	k = vsnprintf(n->text + n->len, sizeof n->text - n->len, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	n->len += (size_t)k;
	if (n->len >= sizeof n->text - 1)
		n->len = sizeof n->text - 2;
	n->text[n->len++] = '\n';
	n->text[n->len] = '\0';
}

/* A note, its arguments (names, bundles) formatted only when it is kept:
   the legal list, the bot and the benchmarks apply with note NULL. */
#define NOTE(...) do { \
	if (note != NULL) \
		note_add(note, __VA_ARGS__); \
} while (0)

/* Nothing told to anyone. */
static void
secret_clear(struct ca_secret *s)
{
	for (int i = 0; i < CA_SECRET_MAX; i++) {
		s->seat[i] = CA_NONE;
		s->text[i][0] = '\0';
	}
}

static void
secret_add(struct ca_secret *s, int seat, const char *fmt, ...)
{
	va_list ap;

	if (s == NULL)
		return;
	for (int i = 0; i < CA_SECRET_MAX; i++)
		if (s->seat[i] == CA_NONE) {
			s->seat[i] = (uint8_t)seat;
			va_start(ap, fmt);
			vsnprintf(s->text[i], sizeof s->text[i], fmt, ap);
			va_end(ap);
			return;
		}
}

/* "1 brick 2 wood" in kind order; "nothing" when empty. */
static const char *
bundle_text(const uint8_t *b, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < CA_KINDS; k++)
		if (b[k] && len < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%d %s",
			    len ? " " : "", b[k], ca_kind_names[k]);
	if (len == 0)
		snprintf(buf, n, "nothing");
	return buf;
}

static int
bundle_sum(const uint8_t *b)
{
	int s = 0;

	for (int k = 0; k < CA_KINDS; k++)
		s += b[k];
	return s;
}

static int
holds(const uint8_t *hand, const uint8_t *b)
{
	for (int k = 0; k < CA_KINDS; k++)
		if (hand[k] < b[k])
			return 0;
	return 1;
}

static void
move_cards(uint8_t *from, uint8_t *to, const uint8_t *b)
{
	for (int k = 0; k < CA_KINDS; k++) {
		from[k] = (uint8_t)(from[k] - b[k]);
		to[k] = (uint8_t)(to[k] + b[k]);
	}
}

int
ca_hand_count(const struct ca_player *p)
{
	return bundle_sum(p->hand);
}

static int
live(const struct ca_state *st, int s)
{
	return s >= 0 && s < st->nseats && !st->p[s].resigned;
}

static int
nlive(const struct ca_state *st)
{
	int n = 0;

	for (int s = 0; s < st->nseats; s++)
		n += live(st, s);
	return n;
}

const char *
ca_seat_name(const struct ca_state *st, int s)
{
	return s >= 0 && s < st->nseats ? ca_seat_names[st->color[s]] :
	    "nobody";
}

int
ca_seat_of(const struct ca_state *st, const char *w, size_t len)
{
	for (int s = 0; s < st->nseats; s++) {
		const char *n = ca_seat_names[st->color[s]];

		if (strlen(n) == len && memcmp(n, w, len) == 0)
			return s;
	}
	return -1;
}

#define seat_name(s) ca_seat_name(st, (s))

int
ca_hex_terrain(const struct ca_state *st, int h)
{
	int t = st->b->terrain[h];

	if (t == CA_FOG)
		return st->fog_t[st->b->fogidx[h]];
	return t;
}

/* CK14.19: a token the Inventor may move. */
static int
swappable(int t)
{
	return CA_TOKEN_MOVABLE(t);
}

/* The place in ck.tok of hex h, or -1: its board token never moves
   (the board's table, ca_board_build). */
static int
swap_slot(const struct ca_board *b, int h)
{
	return b->tokslot[h];
}

static int
tok_get(const struct ca_state *st, int k)
{
	return st->ck.tok[k / 2] >> (k % 2 * 4) & 0xf;
}

static void
tok_set(struct ca_state *st, int k, int t)
{
	int sh = k % 2 * 4;

	st->ck.tok[k / 2] = (uint8_t)((st->ck.tok[k / 2] & ~(0xf << sh)) |
	    t << sh);
}

int
ca_hex_token(const struct ca_state *st, int h)
{
	int k;

	if (st->b->terrain[h] == CA_FOG)
		return st->fog_k[st->b->fogidx[h]];
	if (CA_CK(st) && (k = swap_slot(st->b, h)) >= 0)
		return tok_get(st, k);		/* CK14.19 */
	return st->b->token[h];
}

static int
is_land(const struct ca_state *st, int h)
{
	return CA_IS_LAND(ca_hex_terrain(st, h));
}

static int
is_sea(const struct ca_state *st, int h)
{
	return ca_hex_terrain(st, h) == CA_SEA;
}

/* A corner touching known land (CA3.4, CA6.4). */
static int
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

static int
c_owner(const struct ca_state *st, int c)
{
	return c == CA_NONE ? -1 : CA_C_OWNER(st->corner[c]);
}

/* An own settlement or city at c. */
static int
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
static int
foreign_piece(const struct ca_state *st, int c, int seat)
{
	int o = c_owner(st, c);

	return o >= 0 && o != seat;
}

static int
e_owner(const struct ca_state *st, int e)
{
	return CA_E_OWNER(st->edge[e]);
}

static int
e_ship(const struct ca_state *st, int e)
{
	return (st->edge[e] & CA_E_SHIP) != 0;
}

static int
on_pirate(const struct ca_state *st, int e)
{
	const struct ca_edge *ed = &st->b->edge[e];

	return st->pirate != CA_NONE &&
	    (ed->hex[0] == st->pirate || ed->hex[1] == st->pirate);
}

int
ca_setup_seat(const struct ca_state *st, int i)
{
	int n = st->nseats;

	return (st->first + (i < n ? i : 2 * n - 1 - i)) % n;
}

/* ---- victory points and awards (CA9, CA11.1) ---------------------------- */

static inline int vp_of(const struct ca_state *st, int seat, int hidden);

int
ca_vp(const struct ca_state *st, int seat, int hidden)
{
	return vp_of(st, seat, hidden);
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

/*
 * The edges e of seat, in edge order, into out[] (CA_MAX_EDGE of them at
 * most); returns how many.  mask picks what must match seat + 1: 7 the
 * owner alone (roads and ships), 7 | CA_E_SHIP the owner and no ship
 * (roads).  A route count and a C&K list walk every edge for a seat's
 * few, so eight bytes at a time where the machine allows.
 */
static int
seat_edges(const struct ca_state *st, int seat, unsigned mask, uint8_t *out)
{
	int ne = st->b->nedge, n = 0, e = 0;

#ifdef WORDWISE
	for (; e + 8 <= ne; e += 8) {
		uint64_t w, hit;

		memcpy(&w, st->edge + e, 8);
		hit = ww_zero_bytes((w & mask * WW_ONES) ^
		    (uint64_t)(seat + 1) * WW_ONES);
		for (; hit != 0; hit &= hit - 1)
			out[n++] = (uint8_t)(e + (__builtin_ctzll(hit) >> 3));
	}
#endif
	for (; e < ne; e++)
		if ((st->edge[e] & mask) == (unsigned)seat + 1)
			out[n++] = (uint8_t)e;
	return n;
}

static int
route_dfs(const struct route_ctx *r, int e, int c, uint32_t used)
{
	uint32_t next;
	int best = 0;

	if (r->pass[c] == 0)
		return 0;
	next = r->at[c] & ~used;
	if (r->pass[c] == 1)
		next &= (r->ships >> e) & 1 ? r->ships : ~r->ships;
	/* the edges left at c, lowest first, a set bit at a time; c one
	   of f's two ends, the other is their xor with c */
	for (; next != 0; next &= next - 1) {
		int f = __builtin_ctz(next), len;

		len = 1 + route_dfs(r, f, r->end[f][0] ^ r->end[f][1] ^ c,
		    used | (1u << f));
		if (len > best)
			best = len;
	}
	return best;
}

/*
 * The longest route of roads only (no ship, so every corner a route
 * passes is the same to it): the search of ca_route_length begun only
 * where a longest route may begin.  A longest route beginning at a
 * corner that does not block it, with an own edge there it does not
 * use, would be longer by that edge; so it begins at a blocking
 * corner, or uses every edge there, and then, the corner's edge count
 * even, it ends where it began: a circuit whose corners have no other
 * edge, the whole of a group of edges where every corner passes and has
 * an even count (each such group is one circuit, Euler's: its length is
 * its edge count).  So: from the corners that block or have an odd count
 * of own edges, and each group with none of those counted whole.
 */
static int
route_roads(const struct route_ctx *r, int n, int nc)
{
	uint8_t start[2 * ROUTE_MAX + 1];
	uint32_t all = n < 32 ? (1u << n) - 1 : ~0u, seen = 0;
	int best = 0;

	for (int c = 0; c < nc; c++)
		start[c] = r->pass[c] == 0 ||
		    (__builtin_popcount(r->at[c]) & 1);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 2; j++) {
			int len;

			if (!start[r->end[i][1 - j]])
				continue;
			len = 1 + route_dfs(r, i, r->end[i][j], 1u << i);
			if (len > best)
				best = len;
		}
	/* the groups of edges (joined at any shared corner) */
	while ((seen & all) != all) {
		uint32_t grp = 0, add = (all & ~seen) & -(all & ~seen);
		int any = 0;

		/* grown from the edges added last alone (the others' ends
		   are in already), a set bit at a time */
		while (add != 0) {
			uint32_t next = 0;

			grp |= add;
			for (; add != 0; add &= add - 1) {
				int i = __builtin_ctz(add);

				next |= r->at[r->end[i][0]] | r->at[r->end[i][1]];
			}
			add = next & ~grp;
		}
		seen |= grp;
		for (uint32_t left = grp; left != 0 && !any; left &= left - 1) {
			int i = __builtin_ctz(left);

			any = start[r->end[i][0]] | start[r->end[i][1]];
		}
		if (!any && __builtin_popcount(grp) > best)
			best = __builtin_popcount(grp);
	}
	return best;
}

int
ca_route_length(const struct ca_state *st, int seat)
{
	const struct ca_board *b = st->b;
	struct route_ctx r;
	uint8_t loc[CA_MAX_CORNER], own[CA_MAX_EDGE];
	int n = 0, nc = 1, best = 0, nown = seat_edges(st, seat, 7, own);

	/* local corner 0: off the map, where no route goes on */
	memset(loc, CA_NONE, sizeof loc);
	r.at[0] = 0;
	r.pass[0] = 0;
	r.ships = 0;
	for (int i = 0; i < nown && n < ROUTE_MAX; i++) {
		int e = own[i];

		if (e_ship(st, e))
			r.ships |= 1u << n;
		for (int j = 0; j < 2; j++) {
			int c = b->edge[e].corner[j];

			if (c == CA_NONE) {
				r.end[n][j] = 0;
				continue;
			}
			if (loc[c] == CA_NONE) {
				loc[c] = (uint8_t)nc;
				r.at[nc] = 0;
				r.pass[nc] = (uint8_t)(foreign_piece(st, c, seat) ?
				    0 : own_building(st, c, seat) ? 2 : 1);
				nc++;
			}
			r.end[n][j] = loc[c];
			r.at[loc[c]] |= 1u << n;
		}
		n++;
	}
	if (r.ships == 0)
		return route_roads(&r, n, nc);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 2; j++) {
			int len = 1 + route_dfs(&r, i, r.end[i][j], 1u << i);

			if (len > best)
				best = len;
		}
	return best;
}

/*
 * CA9.3's decision, after any build, ship move or resignation.  Only the
 * routes of the seats in mask are counted again (a road or ship changes
 * its owner's; a settlement its owner's and those of opponents with a
 * piece at its corner); the others cannot have changed.
 */
static void
award_longest_of(struct ca_state *st, unsigned mask, struct rules_note *note)
{
	int h = st->longest, best = -1, nbest = 0, who = CA_NONE;

	for (int s = 0; s < st->nseats; s++)
		if ((mask >> s) & 1)
			st->p[s].route = (uint8_t)(live(st, s) ?
			    ca_route_length(st, s) : 0);
	for (int s = 0; s < st->nseats; s++) {
		if (!live(st, s))
			continue;
		if (st->p[s].route > best) {
			best = st->p[s].route;
			nbest = 1;
			who = s;
		} else if (st->p[s].route == best)
			nbest++;
	}
	if (h != CA_NONE && live(st, h) && st->p[h].route >= 5 &&
	    st->p[h].route == best)
		return;		/* (1) the holder keeps it */
	if (best >= 5 && nbest == 1)
		st->longest = (uint8_t)who;	/* (2) */
	else
		st->longest = CA_NONE;		/* (3) */
	if (st->longest != h) {
		if (st->longest == CA_NONE)
			NOTE("%s: nobody holds it (%s)", st->b->kind ==
			    CA_MAP_SEAFARERS ? "longest trade route" :
			    "longest road", best >= 5 ? "a tie" :
			    "nobody has 5");
		else
			NOTE("%s goes to %s (%d)", st->b->kind ==
			    CA_MAP_SEAFARERS ? "longest trade route" :
			    "longest road", seat_name(st->longest), best);
	}
}

static void
award_longest(struct ca_state *st, struct rules_note *note)
{
	award_longest_of(st, 0xffu, note);
}

/*
 * The seats whose routes a new settlement of seat at corner c can change
 * (CA9.2): another seat's, broken there, only if two of its pieces meet
 * at c (a route ending at c keeps its length); seat's own, joining a
 * road and a ship there, only if both of its kinds meet at c.
 */
static unsigned
at_corner(const struct ca_state *st, int seat, int c)
{
	const struct ca_corner *k = &st->b->corner[c];
	int n[CA_SEATS] = { 0 }, kinds[CA_SEATS] = { 0 };
	unsigned m = 0;

	for (int i = 0; i < k->nedge; i++) {
		int e = k->edge[i];

		if (e == CA_NONE || !st->edge[e])
			continue;
		n[e_owner(st, e)]++;
		kinds[e_owner(st, e)] |= 1 << e_ship(st, e);
	}
	for (int s = 0; s < CA_SEATS; s++)
		if (s == seat ? kinds[s] == 3 : n[s] >= 2)
			m |= 1u << s;
	return m;
}

/*
 * The seats whose routes a knight of seat owner put on or taken off corner
 * c can change (CK11.3, B2): those with two roads or ships at c, a route
 * through c; a route ending at c keeps its length, whatever stands there.
 * The owner's own routes pass its knight as they pass a vacant corner.
 */
static unsigned
meet_at(const struct ca_state *st, int c, int owner)
{
	const struct ca_corner *k = &st->b->corner[c];
	int n[CA_SEATS] = { 0 };
	unsigned m = 0;

	for (int i = 0; i < k->nedge; i++) {
		int e = k->edge[i];

		if (e != CA_NONE && st->edge[e])
			n[e_owner(st, e)]++;
	}
	for (int s = 0; s < CA_SEATS; s++)
		if (n[s] >= 2 && s != owner)
			m |= 1u << s;
	return m;
}

/* CA9.1 as play goes on; on resignation, the single most >= 3 (CA11.4). */
static void
award_army(struct ca_state *st, struct rules_note *note, int recount)
{
	int h = st->army;

	if (recount) {
		int best = 2, nbest = 0, who = CA_NONE;

		for (int s = 0; s < st->nseats; s++) {
			if (!live(st, s))
				continue;
			if (st->p[s].knights > best) {
				best = st->p[s].knights;
				nbest = 1;
				who = s;
			} else if (st->p[s].knights == best)
				nbest++;
		}
		st->army = (uint8_t)(nbest == 1 ? who : CA_NONE);
	} else
		for (int s = 0; s < st->nseats; s++) {
			if (!live(st, s) || st->p[s].knights < 3)
				continue;
			if (st->army == CA_NONE ||
			    st->p[s].knights > st->p[st->army].knights)
				st->army = (uint8_t)s;
		}
	if (st->army != h) {
		if (st->army == CA_NONE)
			NOTE("largest army: nobody holds it");
		else
			NOTE("largest army goes to %s (%d knights)",
			    seat_name(st->army), st->p[st->army].knights);
	}
}

void
ca_award_recount(struct ca_state *st)
{
	st->longest = CA_NONE;
	award_longest(st, NULL);
	award_army(st, NULL, 1);
}

/* ---- chance ------------------------------------------------------------- */

static int
open_event(struct ca_state *st, unsigned kind, const char *label,
    unsigned quorum, struct chance_stream *s, struct rules_error *err)
{
	struct rules_chance_req req;

	if (st->fast_on) {
		/* a search state: its own stream, never the game's source */
		chance_own_stream(s, &st->fast);
		return 0;
	}
	req.label = label;
	req.quorum = quorum;
	req.kind = kind;
	return chance_event(st->ch, &st->events, &req, s, err);
}

/* ---- the pending queue (B3) -------------------------------------------- */

static void
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

static void
pend_pop(struct ca_state *st)
{
	memmove(&st->pend[0], &st->pend[1], sizeof st->pend[0] *
	    (size_t)(CA_MAX_PEND - 1));
	memset(&st->pend[CA_MAX_PEND - 1], 0, sizeof st->pend[0]);
	st->npend--;
}

/* Resource cards in the bank (CK9.4: an Aqueduct choice lapses at 0). */
static int
res_in_bank(const struct ca_state *st)
{
	int n = 0;

	for (int k = 0; k < CA_RES; k++)
		n += st->bank[k];
	return n;
}

/* Drop what nobody owes any more: seats resigned, picks from an empty bank. */
static void
pend_settle(struct ca_state *st)
{
	while (st->npend > 0) {
		struct ca_pend *p = &st->pend[0];

		/* the seats owing, a set bit at a time (the rest owe
		   nothing to drop) */
		for (unsigned left = p->seats & ((1u << CA_SEATS) - 1);
		    left != 0; left &= left - 1) {
			int s = __builtin_ctz(left);

			if (!live(st, s) ||
			    (p->kind == CA_P_PICK && bundle_sum(st->bank) == 0) ||
			    (p->kind == CA_P_AQUEDUCT && res_in_bank(st) == 0) ||
			    (p->kind == CA_P_TRACKPICK && st->ck.ndeck[0] +
			    st->ck.ndeck[1] + st->ck.ndeck[2] == 0) ||
			    (p->kind != CA_P_ROBBER && p->kind != CA_P_RETREAT &&
			    !CA_P_AUTO(p->kind) && p->n[s] == 0)) {
				p->seats &= (uint8_t)~(1u << s);
				p->n[s] = 0;
			}
		}
		if (p->seats != 0)
			return;
		pend_pop(st);
	}
}

/* ---- whose turn ---------------------------------------------------------- */

unsigned
ca_may_act(const struct ca_state *st)
{
	const struct ca_offer *o;
	unsigned m, cand;

	if (st->phase == CA_PH_OVER)
		return 0;
	if (st->npend > 0) {
		const struct ca_pend *p = &st->pend[0];

		if (p->kind == CA_P_TRACKPICK)	/* one at a time (CK12.4) */
			for (int i = 0; i < st->nseats; i++) {
				int s = (st->active + i) % st->nseats;

				if (p->seats & (1u << s))
					return 1u << s;
			}
		return p->kind == CA_P_ROBBER ? 1u << st->active : p->seats;
	}
	m = 1u << st->active;
	if (st->phase != CA_PH_MAIN)
		return m;
	/* the other live seats that the active seat's offer addresses and
	   that have not declined, and those with an offer of their own:
	   the candidates first, live() asked of those alone (mostly none,
	   and this is asked several times an action) */
	o = &st->off[st->active];
	cand = o->num ? (unsigned)(o->to & ~o->declined) : 0;
	/* every place in off[], a fixed count the compiler unrolls: the
	   seats past nseats are masked off below */
	for (int s = 0; s < CA_SEATS; s++)
		if (st->off[s].num)
			cand |= 1u << s;
	cand &= ((1u << st->nseats) - 1) & ~m;
	for (int s = 0; cand != 0; s++, cand >>= 1)
		if ((cand & 1) && live(st, s))
			m |= 1u << s;
	return m;
}

int
ca_await_seat(const struct ca_state *st)
{
	unsigned m = ca_may_act(st);

	if (st->phase == CA_PH_OVER)
		return -1;
	if (st->npend > 0 && st->pend[0].kind != CA_P_ROBBER)
		for (int i = 0; i < st->nseats; i++) {
			int s = (st->active + i) % st->nseats;

			if (m & (1u << s))
				return s;
		}
	return st->active;
}

void
ca_await_text(const struct ca_state *st, char *buf, size_t n)
{
	size_t len = 0;
	const char *who = seat_name(st->active);

	buf[0] = '\0';
	if (st->phase == CA_PH_OVER) {
		if (st->winner != CA_NONE)
			snprintf(buf, n, "%s has won", seat_name(st->winner));
		else
			snprintf(buf, n, "the game is over");
		return;
	}
	if (st->npend > 0) {
		const struct ca_pend *p = &st->pend[0];

		if (p->kind == CA_P_ROBBER) {
			snprintf(buf, n, "%s must move the robber%s", who,
			    st->b->kind == CA_MAP_SEAFARERS ? " or the pirate" :
			    "");
			return;
		}
		for (int s = 0; s < st->nseats && len < n; s++)
			if (!(p->seats & (1u << s)))
				continue;
			else if (p->kind == CA_P_PILLAGE)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must choose the city the barbarians "
				    "pillage", len ? ", " : "", seat_name(s));
			else if (p->kind == CA_P_AQUEDUCT)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s may take 1 resource (aqueduct)",
				    len ? ", " : "", seat_name(s));
			else if (p->kind == CA_P_RETREAT)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must retreat the displaced knight",
				    len ? ", " : "", seat_name(s));
			else if (p->kind == CA_P_PROGRESS)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must discard a progress card",
				    len ? ", " : "", seat_name(s));
			else if (p->kind == CA_P_TRACKPICK)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must pick a progress deck",
				    len ? ", " : "", seat_name(s));
			else if (p->kind == CA_P_DESERT)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must remove a knight (deserter)",
				    len ? ", " : "", seat_name(s));
			else if (p->kind == CA_P_PLACE)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s may place a knight (deserter)",
				    len ? ", " : "", seat_name(s));
			else if (p->kind == CA_P_MASTER)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must take 2 cards of %s",
				    len ? ", " : "", seat_name(s),
				    seat_name(p->n[s] - 1));
			else if (p->kind == CA_P_SPY)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must take a progress card of %s",
				    len ? ", " : "", seat_name(s),
				    seat_name(p->n[s] - 1));
			else if (p->kind == CA_P_WEDDING)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must give %d",
				    len ? ", " : "", seat_name(s), p->n[s]);
			else if (p->kind == CA_P_HARBOR)
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must give %s a commodity (Commercial "
				    "Harbor)", len ? ", " : "", seat_name(s),
				    seat_name(st->active));
			else
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must %s %d", len ? ", " : "",
				    seat_name(s), p->kind == CA_P_DISCARD ?
				    "discard" : "pick", p->n[s]);
		return;
	}
	switch (st->phase) {
	case CA_PH_SETUP:
		snprintf(buf, n, "%s to place a %s", who,
		    st->setup_corner == CA_NONE ? "settlement" :
		    st->b->kind == CA_MAP_SEAFARERS ? "road or ship" : "road");
		return;
	case CA_PH_PREROLL:
		snprintf(buf, n, "%s to roll", who);
		return;
	default:
		len = (size_t)snprintf(buf, n, "%s to play", who);
		for (int s = 0; s < st->nseats && len < n; s++) {
			const struct ca_offer *o = &st->off[s];
			char g[64], w[64];

			if (!o->num)
				continue;
			len += (size_t)snprintf(buf + len, n - len, "; #%d %s "
			    "offers %s for %s", o->num, seat_name(s),
			    bundle_text(o->give, g, sizeof g),
			    bundle_text(o->get, w, sizeof w));
			for (int t = 0, first = 1; t < st->nseats && len < n;
			    t++)
				if (o->to & (1u << t)) {
					len += (size_t)snprintf(buf + len, n - len,
					    "%s%s", first ? " to " : ", ",
					    seat_name(t));
					first = 0;
				}
		}
		return;
	}
}

/* ---- init ---------------------------------------------------------------- */

void
ca_init(struct ca_state *st, const struct ca_board *b, const struct ca_data *d,
    int nseats, int vp, const struct rules_chance *ch)
{
	const struct ca_mapdef *m = b->def;

	memset(st, 0, sizeof *st);
	st->b = b;
	st->ch = ch;
	st->nseats = (uint8_t)nseats;
	for (int s = 0; s < CA_SEATS; s++)
		st->color[s] = (uint8_t)s;
	st->phase = CA_PH_SETUP;
	st->active = 0;
	st->setup_corner = CA_NONE;
	st->next_offer = 1;
	st->vp_target = (uint8_t)(vp > 0 ? vp : b->vp);
	st->robber = b->robber;
	st->pirate = b->kind == CA_MAP_SEAFARERS ? b->pirate : CA_NONE;
	st->army = st->longest = st->winner = CA_NONE;
	st->last_thief = st->last_victim = st->last_kind = CA_NONE;
	memcpy(st->bank, d->bank, sizeof st->bank);
	memcpy(st->deck, d->dev, sizeof st->deck);
	memset(st->fog_t, CA_FOG, sizeof st->fog_t);
	st->fog_tiles_left = m->nfog_tiles >= 32 ? 0xffffffffu :
	    (1u << m->nfog_tiles) - 1;
	st->fog_tokens_left = m->nfog_tokens >= 32 ? 0xffffffffu :
	    (1u << m->nfog_tokens) - 1;
	for (int s = 0; s < nseats; s++) {
		st->p[s].supply[CA_S_SETTLEMENT] = 5;
		st->p[s].supply[CA_S_CITY] = 4;
		st->p[s].supply[CA_S_ROAD] = 15;
		st->p[s].supply[CA_S_SHIP] =
		    b->kind == CA_MAP_SEAFARERS ? 15 : 0;
	}
}

int
ca_ck_init(struct ca_state *st, const struct ck_data *d, int points,
    int steps, struct rules_error *err)
{
	if (points == 0)
		points = 13;
	if (steps == 0)
		steps = 7;
	if (points < 10 || points > 20 || steps < 3 || steps > 10) {
		rules_refuse(err, RULES_EDATA, points < 10 || points > 20 ?
		    "points=%d: from 10 to 20 (D4)" :
		    "barbarian-steps=%d: from 3 to 10 (D4)",
		    points < 10 || points > 20 ? points : steps);
		err->data = "options";
		return RULES_EDATA;
	}
	if (st->b->kind != CA_MAP_BASE)		/* CK1.1, CK1.3 */
		return rules_refuse(err, RULES_EDATA, "Cities & Knights plays "
		    "on the base game's maps only, and %s is a Seafarers map "
		    "(CK1.1, CK1.3)", st->b->def->name);
	memset(&st->ck, 0, sizeof st->ck);
	st->ck.d = d;
	st->ck.steps = (uint8_t)steps;
	st->vp_target = (uint8_t)points;		/* CK15.2 */
	memset(st->ck.metro, CA_NONE, sizeof st->ck.metro);
	memset(st->ck.promoted, CA_NONE, sizeof st->ck.promoted);
	st->ck.merchant = st->ck.merchant_holder = CA_NONE;
	for (int h = 0, k = 0; h < st->b->nhex; h++)
		if (swappable(st->b->token[h])) {
			if (k == CK_SWAP_MAX)
				return rules_refuse(err, RULES_EDATA, "Cities & "
				    "Knights plays on a board with at most %d "
				    "tokens of 3, 4, 5, 9, 10 and 11 (CK1.1: "
				    "the base board's 12)", CK_SWAP_MAX);
			tok_set(st, k++, st->b->token[h]);
		}
	for (int s = 0; s < CA_SEATS; s++) {
		memset(st->ck.p[s].wall, CA_NONE, sizeof st->ck.p[s].wall);
		memset(st->ck.p[s].prog, CA_NONE, sizeof st->ck.p[s].prog);
	}
	for (int k = CA_RES; k < CA_KINDS; k++)
		st->bank[k] = CK_COMMODITIES;		/* CK2.2 */
	memset(st->deck, 0, sizeof st->deck);		/* B7, CK1.2 */
	/* CK16.3: each deck from the data's order, every card count
	   times, shuffled by Fisher-Yates, trade, politics, science */
	for (int t = 0; t < CK_TRACKS; t++) {
		static const char *const label[CK_TRACKS] = {
			"shuffle trade", "shuffle politics", "shuffle science"
		};
		struct chance_stream cs;
		uint8_t deck[CK_DECK_MAX];
		int n = 0, rc;

		for (int i = 0; i < d->ncards; i++)
			for (int k = 0; d->cards[i].deck == t &&
			    k < d->cards[i].count; k++)
				deck[n++] = (uint8_t)i;
		st->ck.ndeck[t] = (uint8_t)n;
		if (st->ch != NULL && (st->ch->flags & RULES_CHANCE_FAIR))
			/* fair chance: nobody may know a card before it is
			   drawn, so the deck is shuffled draw by draw */
			st->ck.unseen[t] = (uint8_t)n;
		else {
			if ((rc = open_event(st, EV_PROGRESS, label[t], 0, &cs,
			    err)) != 0)
				return rc;
			chance_shuffle(&cs, deck, n);
		}
		for (int i = 0; i < n; i++)
			ca_ck_deck_set(st, t, i, deck[i]);
	}
	return 0;
}

_Static_assert(CK_EFFECTS <= 1 << CK_DECK_BITS,
    "a progress card's index fits the bits of a deck place");
_Static_assert(CA_KINDS <= 8, "ck.fleet holds a bit per kind of card");

int
ca_ck_deck(const struct ca_state *st, int t, int i)
{
	const uint8_t *b = st->ck.deck[t];
	unsigned bit = (unsigned)i * CK_DECK_BITS, v;

	v = b[bit / 8] | (bit / 8 + 1 < CK_DECK_BYTES ?
	    (unsigned)b[bit / 8 + 1] << 8 : 0);
	return (int)((v >> bit % 8) & ((1u << CK_DECK_BITS) - 1));
}

void
ca_ck_deck_set(struct ca_state *st, int t, int i, int card)
{
	uint8_t *b = st->ck.deck[t];
	unsigned bit = (unsigned)i * CK_DECK_BITS;
	unsigned m = ((1u << CK_DECK_BITS) - 1) << bit % 8;
	unsigned v = (unsigned)card << bit % 8;

	b[bit / 8] = (uint8_t)((b[bit / 8] & ~m) | (v & m));
	if (bit / 8 + 1 < CK_DECK_BYTES)
		b[bit / 8 + 1] = (uint8_t)((b[bit / 8 + 1] & ~(m >> 8)) |
		    ((v & m) >> 8));
}

int
ca_ck_hand(const struct ca_state *st, int seat)
{
	return st->ck.p[seat].nprog;
}

/* ---- placement checks (CA6) ---------------------------------------------- */

static int
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

/* A settlement at c: free, known land, distance (CA6.3, CA6.4); with
   connect, an own road or ship ends there. */
static int
check_settlement_place(const struct ca_state *st, int seat, int c,
    int connect, struct rules_error *err)
{
	char name[32] = "";

	if (err != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (st->corner[c])
		return NO("%s is taken", name);
	if (!corner_land(st, c))
		return NO("%s touches no known land", name);
	if (!distance_ok(st, c))
		return NO("%s is one edge from a settlement or city (CA6.3)",
		    name);
	if (connect) {
		const struct ca_corner *k = &st->b->corner[c];
		int ok = 0;

		for (int i = 0; i < k->nedge; i++)
			if (st->edge[k->edge[i]] &&
			    e_owner(st, k->edge[i]) == seat)
				ok = 1;
		if (!ok)
			return NO("no road or ship of %s ends at %s",
			    seat_name(seat), name);
	}
	return 0;
}

/*
 * A road (ship = 0) or ship at e for seat (CA6.5, CA5.5): free, the right
 * side, and connected at an end (from: the set-up settlement, or
 * CA_NONE for the connection rule; lifted: an edge to treat as empty,
 * the ship being moved).
 */
static int
check_edge_place(const struct ca_state *st, int seat, int e, int ship,
    int from, int lifted, struct rules_error *err)
{
	const struct ca_edge *ed = &st->b->edge[e];
	char name[32] = "";
	int ok = 0;

	if (err != NULL)
		ca_edge_name(st->b, e, name, sizeof name);
	if (ship && st->b->kind != CA_MAP_SEAFARERS)
		return NO("ships only on Seafarers maps");
	if (st->edge[e] && e != lifted)
		return NO("%s is taken", name);
	if (!ship && !is_land(st, ed->hex[0]) && !is_land(st, ed->hex[1]))
		return NO("a road needs known land beside it: %s has none",
		    name);
	if (ship && !is_sea(st, ed->hex[0]) && !is_sea(st, ed->hex[1]))
		return NO("a ship needs sea beside it: %s has none", name);
	if (ship && on_pirate(st, e))
		return NO("%s is next to the pirate (CA5.5)", name);
	if (from != CA_NONE) {
		if (ed->corner[0] != from && ed->corner[1] != from)
			return NO("%s does not touch the settlement just placed",
			    name);
		return 0;
	}
	for (int j = 0; j < 2 && !ok; j++) {
		int c = ed->corner[j];
		const struct ca_corner *k;

		if (c == CA_NONE)
			continue;
		if (own_building(st, c, seat)) {
			ok = 1;
			break;
		}
		if (foreign_piece(st, c, seat))
			continue;
		k = &st->b->corner[c];
		for (int i = 0; i < k->nedge; i++) {
			int f = k->edge[i];

			if (f != e && f != lifted && st->edge[f] &&
			    e_owner(st, f) == seat && e_ship(st, f) == ship)
				ok = 1;
		}
	}
	if (!ok)
		return NO("%s does not connect to a %s of %s (CA6.5)", name,
		    ship ? "ship" : "road", seat_name(seat));
	return 0;
}

/* A road or ship of seat fits at e (from: as check_edge_place) and the
   supply holds one (CA1.3). */
static int
edge_fits(const struct ca_state *st, int seat, int e, int ship, int from,
    struct rules_error *err)
{
	int rc;

	if ((rc = check_edge_place(st, seat, e, ship, from, CA_NONE, err)) != 0)
		return rc;
	if (st->p[seat].supply[ship ? CA_S_SHIP : CA_S_ROAD] == 0)
		return NO("no %s left in your supply (CA1.3)",
		    ship ? "ship" : "road");
	return 0;
}

/* ---- fog (CA10.3) ---------------------------------------------------------- */

static int
reveal_fog(struct ca_state *st, int seat, int e, struct rules_note *note,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	const struct ca_mapdef *m = b->def;
	uint8_t hx[6];
	int nh = 0;

	if (b->nfog == 0)
		return 0;
	for (int j = 0; j < 2; j++) {
		int c = b->edge[e].corner[j];

		if (c == CA_NONE)
			continue;
		for (int i = 0; i < 3; i++) {
			int h = b->corner[c].hex[i], dup = 0;

			if (b->fogidx[h] == CA_NONE ||
			    st->fog_t[b->fogidx[h]] != CA_FOG)
				continue;
			for (int x = 0; x < nh; x++)
				dup |= hx[x] == h;
			if (!dup)
				hx[nh++] = (uint8_t)h;
		}
	}
	/* board order */
	for (int i = 1; i < nh; i++)
		for (int j = i; j > 0 && hx[j - 1] > hx[j]; j--) {
			uint8_t t = hx[j];

			hx[j] = hx[j - 1];
			hx[j - 1] = t;
		}
	for (int i = 0; i < nh; i++) {
		struct chance_stream cs;
		int h = hx[i], fi = b->fogidx[h], left = 0, pick, t = CA_SEA, tok = 0;
		char hn[8];
		int rc;

		for (int k = 0; k < m->nfog_tiles; k++)
			left += (st->fog_tiles_left >> k) & 1;
		if (left == 0)
			continue;
		rc = open_event(st, EV_FOG, "fog", 0, &cs, err);
		if (rc != 0)
			return rc;
		pick = chance_below(&cs, left);
		for (int k = 0; k < m->nfog_tiles; k++)
			if ((st->fog_tiles_left >> k) & 1 && pick-- == 0) {
				st->fog_tiles_left &= ~(1u << k);
				t = m->fog_tiles[k];
				break;
			}
		if (CA_PRODUCES(t)) {
			int nt = 0;

			for (int k = 0; k < m->nfog_tokens; k++)
				nt += (st->fog_tokens_left >> k) & 1;
			if (nt > 0) {
				int q = chance_below(&cs, nt);

				for (int k = 0; k < m->nfog_tokens; k++)
					if ((st->fog_tokens_left >> k) & 1 &&
					    q-- == 0) {
						st->fog_tokens_left &= ~(1u << k);
						tok = m->fog_tokens[k];
						break;
					}
			}
		}
		st->fog_t[fi] = (uint8_t)t;
		st->fog_k[fi] = (uint8_t)tok;
		if (note != NULL)
			ca_hex_name(b, h, hn, sizeof hn);
		if (t == CA_GOLD) {
			uint8_t n[CA_SEATS] = { 0 };

			n[seat] = 1;
			NOTE("%s: gold %d, %s picks 1", hn, tok,
			    seat_name(seat));
			if (bundle_sum(st->bank) > 0)
				pend_push(st, CA_P_PICK, 1u << seat, n);
		} else if (CA_PRODUCES(t)) {
			int r = CA_TERRAIN_RES(t);

			if (st->bank[r] > 0) {
				st->bank[r]--;
				st->p[seat].hand[r]++;
				NOTE("%s: %s %d, %s gets 1 %s", hn,
				    ca_terrain_names[t], tok, seat_name(seat),
				    ca_kind_names[r]);
			} else
				NOTE("%s: %s %d, the bank has no %s", hn,
				    ca_terrain_names[t], tok, ca_kind_names[r]);
		} else
			NOTE("%s: %s", hn, ca_terrain_names[t]);
	}
	return 0;
}

/* ---- set-up (CA3) ------------------------------------------------------------ */

static void
next_placement(struct ca_state *st, struct rules_note *note)
{
	int n = st->nseats;

	st->setup_corner = CA_NONE;
	for (;;) {
		st->setup_i++;
		if (st->setup_i >= 2 * n) {
			st->phase = CA_PH_PREROLL;
			st->turn = 1;
			st->active = st->first;
			while (!live(st, st->active))
				st->active = (uint8_t)((st->active + 1) % n);
			NOTE("%s to roll", seat_name(st->active));
			return;
		}
		st->active = (uint8_t)ca_setup_seat(st, st->setup_i);
		if (live(st, st->active))
			return;
	}
}

static int
setup_settlement(struct ca_state *st, int seat, int c, int city, int dry,
    struct rules_note *note, struct rules_error *err)
{
	const struct ca_corner *k = &st->b->corner[c];
	char name[32];
	int rc;

	if (st->setup_corner != CA_NONE)
		return NO("place the road first");
	if ((rc = check_settlement_place(st, seat, c, 0, err)) != 0)
		return rc;
	if (st->b->home_islands) {
		int home = 0;

		for (int i = 0; i < 3; i++) {
			int isl = st->b->island[k->hex[i]];

			if (isl != CA_NONE && (st->b->home_islands >> isl) & 1)
				home = 1;
		}
		if (!home) {
			ca_corner_name(st->b, c, name, sizeof name);
			return NO("set-up settlements touch a home island: %s "
			    "does not (CA3.4)", name);
		}
	}
	if (st->p[seat].supply[city ? CA_S_CITY : CA_S_SETTLEMENT] == 0)
		return NO("no %s left in your supply", city ? "city" :
		    "settlement");
	if (dry)
		return 0;
	/* CK3.1: in Cities & Knights the second placement is a city */
	st->corner[c] = CA_C_MAKE(seat, city ? CA_CP_CITY : CA_CP_SETTLEMENT);
	st->p[seat].supply[city ? CA_S_CITY : CA_S_SETTLEMENT]--;
	st->setup_corner = (uint8_t)c;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s places a %s at %s", seat_name(seat), city ? "city" :
	    "settlement", name);
	if (st->setup_i >= st->nseats) {
		/* CA3.5: the second settlement earns; CK3.2: the city earns
		   the same, 1 resource a hex, no commodity */
		uint8_t got[CA_KINDS] = { 0 };
		uint8_t n[CA_SEATS] = { 0 };
		char g[80];

		for (int i = 0; i < 3; i++) {
			int t = ca_hex_terrain(st, k->hex[i]);

			if (t == CA_GOLD)
				n[seat]++;
			else if (CA_PRODUCES(t) &&
			    st->bank[CA_TERRAIN_RES(t)] > got[CA_TERRAIN_RES(t)])
				got[CA_TERRAIN_RES(t)]++;
		}
		move_cards(st->bank, st->p[seat].hand, got);
		if (bundle_sum(got))
			NOTE("%s gets %s", seat_name(seat),
			    bundle_text(got, g, sizeof g));
		if (n[seat] && bundle_sum(st->bank) > 0)
			pend_push(st, CA_P_PICK, 1u << seat, n);
	}
	(void)rc;
	award_longest_of(st, at_corner(st, seat, c), note);
	return 0;
}

static int
setup_edge(struct ca_state *st, int seat, int e, int ship, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32];
	int rc;

	if (st->setup_corner == CA_NONE)
		return NO("place a settlement first");
	if ((rc = edge_fits(st, seat, e, ship, st->setup_corner, err)) != 0)
		return rc;
	if (dry)
		return 0;
	st->edge[e] = CA_E_MAKE(seat, ship);
	st->p[seat].supply[ship ? CA_S_SHIP : CA_S_ROAD]--;
	if (note != NULL) {
		ca_edge_name(st->b, e, name, sizeof name);
		NOTE("%s places a %s at %s", seat_name(seat),
		    ship ? "ship" : "road", name);
	}
	if ((rc = reveal_fog(st, seat, e, note, err)) != 0)
		return rc;
	award_longest_of(st, 1u << seat, note);
	next_placement(st, note);
	return 0;
}

/* ---- the roll (CA4, CA5.1-CA5.2, CA10.1) ---------------------------------- */

static int
yield(int kind)
{
	return kind == CA_CP_SETTLEMENT ? 1 : kind == CA_CP_CITY ? 2 : 0;
}

/*
 * B4: what a building of kind yields on a hex of terrain t (not gold),
 * added to owed[]: base CA5.2 two of the resource for a city; CK5.2 a
 * city on forest, pasture or mountains takes 1 resource + 1 commodity.
 * Returns a bit per kind it added to, so that produce() visits only the
 * kinds owed.
 */
static unsigned
yield_to(const struct ca_state *st, int kind, int t, uint8_t *owed)
{
	int r = CA_TERRAIN_RES(t), y = yield(kind);

	if (CA_CK(st) && kind == CA_CP_CITY) {
		switch (t) {
		case CA_FOREST:
			owed[r]++;
			owed[CA_PAPER]++;
			return 1u << r | 1u << CA_PAPER;
		case CA_PASTURE:
			owed[r]++;
			owed[CA_CLOTH]++;
			return 1u << r | 1u << CA_CLOTH;
		case CA_MOUNTAINS:
			owed[r]++;
			owed[CA_COIN]++;
			return 1u << r | 1u << CA_COIN;
		default:
			break;
		}
	}
	owed[r] = (uint8_t)(owed[r] + y);
	return y > 0 ? 1u << r : 0;
}

/* Production of sum; returns the seats that received a card (CK9.4). */
static unsigned
produce(struct ca_state *st, int sum, struct rules_note *note)
{
	const struct ca_board *b = st->b;
	/* bytes (a seat is owed at most 6 a hex of the sum: 3 buildings,
	   2 each), so that an owing seat's row is a bundle as it is */
	uint8_t owed[CA_SEATS][CA_KINDS];
	uint8_t picks[CA_SEATS] = { 0 };
	unsigned pickers = 0, got_any = 0, kinds = 0, owing = 0;
	uint8_t hx[CA_MAX_HEX];		/* the hexes of token sum */
	int nh = 0, ck = CA_CK(st);

	memset(owed, 0, sizeof owed);
	/* the board's lists (ca_board_build); the order of the hexes does
	   not matter, every sum below adds */
	if (sum >= 2 && sum <= 12) {
		for (int i = b->tokfrom[sum]; i < b->tokfrom[sum + 1]; i++)
			hx[nh++] = b->bytok[i];
		if (ck && b->nfog == 0 && b->nmov <= CK_SWAP_MAX) {
			/* Without fog movhex[k] is the hex of slot k
			   (ca_board_build numbers the slots in hex order),
			   so the slots of token sum are the nibbles of
			   st->ck.tok equal to sum: found all at once in a
			   64-bit word rather than a hex at a time, those
			   past nmov masked off. */
			uint64_t x = 0, z, live_k = b->nmov < CK_SWAP_MAX ?
			    (1ull << 4 * b->nmov) - 1 : ~0ull;

#ifdef WORDWISE
			/* the eight bytes in order as one word */
			memcpy(&x, st->ck.tok, sizeof x);
#else
			for (int j = 0; j < CK_SWAP_MAX / 2; j++)
				x |= (uint64_t)st->ck.tok[j] << 8 * j;
#endif
			x ^= (uint64_t)sum * 0x1111111111111111u;
			/* bit 4k set when nibble k of x is 0 */
			z = ~(x | x >> 1 | x >> 2 | x >> 3) &
			    0x1111111111111111u & live_k;
			for (; z != 0; z &= z - 1)
				hx[nh++] = b->movhex[__builtin_ctzll(z) >> 2];
		} else
			for (int k = 0; k < b->nmov; k++) {
				int h = b->movhex[k];

				/* ca_hex_token's of a hex with a slot, not
				   fog */
				if ((ck ? tok_get(st, b->tokslot[h]) :
				    b->token[h]) == sum)
					hx[nh++] = (uint8_t)h;
			}
		for (int i = 0; i < b->nfog; i++)
			if (ca_hex_token(st, b->fog_hex[i]) == sum)
				hx[nh++] = b->fog_hex[i];
	} else
		for (int h = 0; h < b->nhex; h++)
			if (ca_hex_token(st, h) == sum)
				hx[nh++] = (uint8_t)h;
	for (int i = 0; i < nh; i++) {
		int h = hx[i], t;

		if (h == st->robber)
			continue;
		t = ca_hex_terrain(st, h);
		if (!CA_PRODUCES(t))
			continue;
		for (int d = 0; d < 6; d++) {
			int c = b->hcorner[h][d], o, y;

			if (c == CA_NONE || !st->corner[c])
				continue;
			o = c_owner(st, c);
			y = yield(CA_C_KIND(st->corner[c]));
			if (!live(st, o) || y == 0)
				continue;
			if (t == CA_GOLD) {
				picks[o] = (uint8_t)(picks[o] + y);
				pickers |= 1u << o;
			} else {
				/* kinds: those owed (the rest owe nothing:
				   skipped below) */
				kinds |= yield_to(st,
				    CA_C_KIND(st->corner[c]), t, owed[o]);
				owing |= 1u << o;
			}
		}
	}
	/* CA4.4, per resource, those owed in kind order */
	for (unsigned left = kinds; left != 0; left &= left - 1) {
		int k = __builtin_ctz(left), total = 0, nowed = 0;

		/* the owing seats alone: the others' rows are zero */
		for (unsigned w = owing; w != 0; w &= w - 1) {
			int s = __builtin_ctz(w);

			total += owed[s][k];
			nowed += owed[s][k] > 0;
		}
		if (total == 0 || total <= st->bank[k])
			continue;
		if (nowed >= 2) {
			NOTE("bank short of %s: none paid",
			    ca_kind_names[k]);
			for (int s = 0; s < st->nseats; s++)
				owed[s][k] = 0;
		} else
			for (int s = 0; s < st->nseats; s++)
				if (owed[s][k])
					owed[s][k] = st->bank[k];
	}
	/* the seats owed, in seat order (the rest owe nothing) */
	for (unsigned left = owing; left != 0; left &= left - 1) {
		int s = __builtin_ctz(left);
		const uint8_t *got = owed[s];
		char g[80];

		if (!bundle_sum(got))
			continue;
		move_cards(st->bank, st->p[s].hand, got);
		got_any |= 1u << s;
		NOTE("%s gets %s", seat_name(s),
		    bundle_text(got, g, sizeof g));
	}
	if (pickers && bundle_sum(st->bank) > 0) {
		for (int s = 0; s < st->nseats; s++)
			if (picks[s])
				NOTE("%s picks %d (gold)", seat_name(s),
				    picks[s]);
		pend_push(st, CA_P_PICK, pickers, picks);
		got_any |= pickers;
	}
	return got_any;
}

/* ---- Cities & Knights: the roll, the barbarians, the 7 (CK4, CK6, CK12) -- */

/* A knight's corner kind (CK11): CA_CP_KNIGHT | level - 1, and flags. */
#define CK_KNIGHT(v) (CA_C_KIND(v) & CA_CP_KNIGHT)
#define CK_KNIGHT_LEVEL(v) ((CA_C_KIND(v) & 3) + 1)
#define CK_KNIGHT_ACTIVE(v) ((CA_C_KIND(v) & CA_CP_ACTIVE) != 0)

int
ca_discard_limit(const struct ca_state *st, int seat)
{
	int walls = 0;

	if (!CA_CK(st))
		return 7;
	for (int i = 0; i < CK_WALLS; i++)
		walls += st->ck.p[seat].wall[i] != CA_NONE;
	return 7 + CK_WALL_BONUS * walls;		/* CK6.2, CK8.2 */
}

int
ca_ck_barbarians(const struct ca_state *st)
{
	int n = 0;

	/* CK12.2: every city on the board; a metropolis is a city */
	for (int c = 0; c < st->b->ncorner; c++)
		if (st->corner[c] && CA_C_KIND(st->corner[c]) == CA_CP_CITY &&
		    live(st, c_owner(st, c)))
			n++;
	return n;
}

int
ca_ck_defence(const struct ca_state *st, int seat)
{
	int n = 0, nc = st->b->ncorner, c = 0;

	/* CK12.2: the levels of the active knights */
#ifdef WORDWISE
	/* the few active knights among many corners, eight at a time:
	   a byte's knight bit (CA_CP_KNIGHT << 3) shifted onto its active
	   bit (CA_CP_ACTIVE << 3, the next one up) and both asked for;
	   the bytes past ncorner masked off */
	for (; c < nc; c += 8) {
		uint64_t w, hit;

		memcpy(&w, st->corner + c, 8);
		hit = w & w << 1 & (CA_CP_ACTIVE << 3) * WW_ONES;
		if (nc - c < 8)
			hit &= (1ull << 8 * (nc - c)) - 1;
		for (; hit != 0; hit &= hit - 1) {
			uint8_t v = st->corner[c +
			    (__builtin_ctzll(hit) >> 3)];

			if (seat < 0 || CA_C_OWNER(v) == seat)
				n += CK_KNIGHT_LEVEL(v);
		}
	}
#else
	for (; c < nc; c++) {
		uint8_t v = st->corner[c];

		if (v && CK_KNIGHT(v) && CK_KNIGHT_ACTIVE(v) &&
		    (seat < 0 || c_owner(st, c) == seat))
			n += CK_KNIGHT_LEVEL(v);
	}
#endif
	return n;
}

/* A city of seat that the barbarians may take (CK12.5: no metropolis). */
static int
pillageable(const struct ca_state *st, int seat, int c)
{
	if (!st->corner[c] || CA_C_KIND(st->corner[c]) != CA_CP_CITY ||
	    c_owner(st, c) != seat)
		return 0;
	for (int t = 0; t < CK_TRACKS; t++)
		if (st->ck.metro[t] == c)
			return 0;
	return 1;
}

static int
pillageable_count(const struct ca_state *st, int seat, int *last)
{
	int n = 0;

	for (int c = 0; c < st->b->ncorner; c++)
		if (pillageable(st, seat, c)) {
			n++;
			*last = c;
		}
	return n;
}

/* CK12.5: the city at c becomes a settlement, its wall goes back. */
static void
pillage(struct ca_state *st, int seat, int c, struct rules_note *note)
{
	struct ca_player *p = &st->p[seat];
	char name[32];

	st->corner[c] = CA_C_MAKE(seat, CA_CP_SETTLEMENT);
	p->supply[CA_S_CITY]++;
	if (p->supply[CA_S_SETTLEMENT] > 0)
		p->supply[CA_S_SETTLEMENT]--;
	else	/* the Decision of CK12.5: "turn it on its side" */
		st->ck.p[seat].over++;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("the barbarians pillage %s's city at %s", seat_name(seat), name);
	for (int i = 0; i < CK_WALLS; i++)
		if (st->ck.p[seat].wall[i] == c) {
			st->ck.p[seat].wall[i] = CA_NONE;	/* CK8.3 */
			NOTE("%s's wall at %s goes back to the supply",
			    seat_name(seat), name);
		}
}

/* CK12: the barbarians land; CK12.6 afterwards. */
static void
attack(struct ca_state *st, struct rules_note *note)
{
	int b = ca_ck_barbarians(st), k = ca_ck_defence(st, -1);
	int contrib[CA_SEATS] = { 0 }, best = 0, nbest = 0, who = CA_NONE;

	for (int s = 0; s < st->nseats; s++)
		if (live(st, s))
			contrib[s] = ca_ck_defence(st, s);
	NOTE("the barbarians attack: %d against Catan's %d", b, k);
	if (k >= b) {
		/* CK12.3: Catan wins */
		for (int s = 0; s < st->nseats; s++)
			if (live(st, s) && contrib[s] > best) {
				best = contrib[s];
				nbest = 1;
				who = s;
			} else if (live(st, s) && best > 0 &&
			    contrib[s] == best)
				nbest++;
		if (nbest == 1) {
			st->ck.p[who].defender++;
			NOTE("Catan holds; %s is the Defender of Catan (+1)",
			    seat_name(who));
		} else if (nbest > 1) {
			/* CK12.4: each tied player picks a deck */
			uint8_t n[CA_SEATS] = { 0 };
			unsigned tied = 0;

			for (int s = 0; s < st->nseats; s++)
				if (live(st, s) && contrib[s] == best) {
					tied |= 1u << s;
					n[s] = 1;
				}
			NOTE("Catan holds; the defenders tie at %d", best);
			pend_push(st, CA_P_TRACKPICK, tied, n);
		}
		else
			NOTE("Catan holds; nobody defended");
	} else {
		/* CK12.5: the barbarians win */
		int low = -1, last = CA_NONE;
		unsigned losers = 0;
		uint8_t n[CA_SEATS] = { 0 };

		for (int s = 0; s < st->nseats; s++)
			if (live(st, s) && pillageable_count(st, s, &last) &&
			    (low < 0 || contrib[s] < low))
				low = contrib[s];
		for (int i = 0; i < st->nseats; i++) {
			int s = (st->active + i) % st->nseats;

			if (!live(st, s) || contrib[s] != low ||
			    !pillageable_count(st, s, &last))
				continue;
			if (pillageable_count(st, s, &last) == 1)
				pillage(st, s, last, note);	/* CK18.3 */
			else {
				losers |= 1u << s;
				n[s] = 1;
			}
		}
		if (low < 0)
			NOTE("the barbarians win; nobody has a city to lose");
		else
			NOTE("the barbarians win");
		pend_push(st, CA_P_PILLAGE, losers, n);
	}
	/* CK12.6 */
	for (int c = 0; c < st->b->ncorner; c++)
		if (st->corner[c] && CK_KNIGHT(st->corner[c]))
			st->corner[c] = (uint8_t)(st->corner[c] &
			    ~(CA_CP_ACTIVE << 3));
	st->ck.ship = 0;
	if (st->ck.attacks < 255)
		st->ck.attacks++;
}

/* The track whose ability seat holds (CK9.4), else 0. */
static int
has_ability(const struct ca_state *st, int seat, int ability)
{
	int t = ck_track_of_ability(st->ck.d, ability);

	return t >= 0 && st->ck.p[seat].level[t] >= CK_ABILITY_LEVEL;
}

/* The one resource kind the bank holds, or -1 (none or several). */
static int
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

static void
aqueduct_take(struct ca_state *st, int seat, int k, struct rules_note *note)
{
	st->bank[k]--;
	st->p[seat].hand[k]++;
	NOTE("%s takes 1 %s (aqueduct)", seat_name(seat), ca_kind_names[k]);
}


/* ---- Cities & Knights: progress cards drawn and held (CK13) ----------- */

/*
 * CK16.3 with fair chance (fair-play.md 3.5, the Duel's public draws):
 * the top card of deck t is drawn when it is drawn.  The unseen top
 * cards are exchangeable, so swapping the top with one of them chosen
 * uniformly by an event of every seat, at each draw, deals the cards
 * as a deck shuffled at the start would, and nobody can know a card
 * before it is drawn.  Cards put at the bottom (CK13.6) lie below the
 * unseen ones and come after all of them, as in a shuffled deck.
 */
static int
reveal_top(struct ca_state *st, int t, struct rules_error *err)
{
	static const char *const label[CK_TRACKS] = {
		"draw trade", "draw politics", "draw science"
	};
	struct chance_stream cs;
	int j, top, rc;

	if (st->ck.unseen[t] == 0)
		return 0;
	if ((rc = open_event(st, EV_PROGRESS, label[t], 0, &cs, err)) != 0)
		return rc;
	j = chance_below(&cs, st->ck.unseen[t]);
	top = ca_ck_deck(st, t, 0);
	ca_ck_deck_set(st, t, 0, ca_ck_deck(st, t, j));
	ca_ck_deck_set(st, t, j, top);
	st->ck.unseen[t]--;
	return 0;
}

/* The bits of byte j of a deck below bit len: a mask. */
static unsigned
deck_below(int j, int len)
{
	return len >= 8 * (j + 1) ? 0xffu : len <= 8 * j ? 0 :
	    (1u << (len - 8 * j)) - 1;
}

/*
 * Deck t without its top card: the places below it up one, the last
 * (ndeck - 1) cleared, the places past ndeck as they were; what
 * ca_ck_deck_set did a place at a time, a byte at a time (the places
 * are CK_DECK_BITS wide, so the deck is one bit string moved down by
 * that much).  ndeck is not changed.
 */
static void
deck_pop(struct ca_state *st, int t)
{
	uint8_t *b = st->ck.deck[t];
	int n = st->ck.ndeck[t], keep = (n - 1) * CK_DECK_BITS,
	    end = n * CK_DECK_BITS;

	/* ascending: byte j + 1 is read before it is written */
	for (int j = 0; 8 * j < end; j++) {
		unsigned down = (unsigned)b[j] >> CK_DECK_BITS |
		    (j + 1 < CK_DECK_BYTES ?
		    (unsigned)b[j + 1] << (8 - CK_DECK_BITS) : 0);

		b[j] = (uint8_t)((down & deck_below(j, keep)) |
		    (b[j] & ~deck_below(j, end)));
	}
}

/* CK13.2, CK13.3: seat draws the top card of deck t.  0, or the
   rules_rc of the chance event of a fair draw (RULES_PENDING). */
static int
draw_progress(struct ca_state *st, int seat, int t, struct rules_note *note,
    struct rules_error *err)
{
	struct ca_ck_player *p = &st->ck.p[seat];
	const struct ck_card *c;
	int i, rc;

	if (st->ck.ndeck[t] == 0) {
		NOTE("%s finds the %s deck empty", seat_name(seat),
		    ck_track_names[t]);
		return 0;
	}
	if ((rc = reveal_top(st, t, err)) != 0)
		return rc;
	i = ca_ck_deck(st, t, 0);
	deck_pop(st, t);
	st->ck.ndeck[t]--;
	c = &st->ck.d->cards[i];
	if (c->effect == CK_E_PRINTER || c->effect == CK_E_CONSTITUTION) {
		p->vpcards++;
		NOTE("%s draws the %s and lays it down: +1 VP",
		    seat_name(seat), c->name);
		return 0;
	}
	if (p->nprog < CK_HAND_MAX)
		p->prog[p->nprog++] = (uint8_t)i;
	NOTE("%s draws a %s card", seat_name(seat), ck_track_names[t]);
	return 0;
}

/* CK13.6: card i goes face down to the bottom of its deck. */
static void
to_bottom(struct ca_state *st, int i)
{
	int t = st->ck.d->cards[i].deck;

	if (st->ck.ndeck[t] < CK_DECK_MAX)
		ca_ck_deck_set(st, t, st->ck.ndeck[t]++, i);
}

/* CK13.4: the players other than the active one at 5 owe a discard. */
static void
progress_limit(struct ca_state *st)
{
	uint8_t n[CA_SEATS] = { 0 };
	unsigned owe = 0;

	for (int s = 0; s < st->nseats; s++)
		if (s != st->active && live(st, s) &&
		    st->ck.p[s].nprog > CK_HAND_LIMIT) {
			owe |= 1u << s;
			n[s] = (uint8_t)(st->ck.p[s].nprog - CK_HAND_LIMIT);
		}
	pend_push(st, CA_P_PROGRESS, owe, n);
}

/* CK13.2, CK9.3: the gate of track t with red die r. */
static int
gate(struct ca_state *st, int t, int r, struct rules_note *note,
    struct rules_error *err)
{
	int rc;

	for (int i = 0; i < st->nseats; i++) {
		int s = (st->active + i) % st->nseats;
		int level = st->ck.p[s].level[t];

		if (live(st, s) && level >= 1 &&
		    r <= st->ck.d->track[t].red[level - 1] &&
		    (rc = draw_progress(st, s, t, note, err)) != 0)
			return rc;
	}
	progress_limit(st);
	return 0;
}

/* The one non-empty deck, or -1 (none or several). */
static int
single_deck(const struct ca_state *st)
{
	int t = -1;

	for (int k = 0; k < CK_TRACKS; k++)
		if (st->ck.ndeck[k]) {
			if (t >= 0)
				return -1;
			t = k;
		}
	return t;
}

/* The seat owing the tie pick at the head of the queue. */
static int
trackpick_seat(const struct ca_state *st)
{
	for (int i = 0; i < st->nseats; i++) {
		int s = (st->active + i) % st->nseats;

		if (st->pend[0].seats & (1u << s))
			return s;
	}
	return -1;
}

/* A tie pick answered (or forced): seat draws from t. */
static int
trackpick(struct ca_state *st, int seat, int t, struct rules_note *note,
    struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	int rc;

	if ((rc = draw_progress(st, seat, t, note, err)) != 0)
		return rc;
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	if (p->seats == 0) {
		int n = st->npend;

		pend_pop(st);
		/* CK12.4: the limit applies, before the rest of the roll
		   (CK4.3, CK18.1: an item goes right after its step) */
		progress_limit(st);
		if (st->npend == n) {
			struct ca_pend x = st->pend[n - 1];

			memmove(&st->pend[1], &st->pend[0],
			    sizeof st->pend[0] * (size_t)(n - 1));
			st->pend[0] = x;
		}
	}
	return 0;
}

static int
do_trackpick(struct ca_state *st, int seat, int t, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int rc;

	if (st->npend == 0 || st->pend[0].kind != CA_P_TRACKPICK ||
	    trackpick_seat(st) != seat)
		return NO("%s owes no pick of a progress deck", seat_name(seat));
	if (t >= CK_TRACKS)
		return NO("no such track");
	if (st->ck.ndeck[t] == 0)
		return NO("the %s deck is empty (CK12.4)", ck_track_names[t]);
	if (dry)
		return 0;
	if ((rc = trackpick(st, seat, t, note, err)) != 0)
		return rc;
	pend_settle(st);
	return 0;
}

static int
do_prog_discard(struct ca_state *st, int seat, int i, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_ck_player *p = &st->ck.p[seat];
	struct ca_pend *q = &st->pend[0];
	int at = -1;

	if (seat == st->active && st->npend == 0 && st->phase == CA_PH_MAIN) {
		/* CK13.4: the active player down to 4 before `end` */
		if (p->nprog <= CK_HAND_LIMIT)
			return NO("you hold %d progress cards: no discard is "
			    "owed (CK13.4)", p->nprog);
	} else if (st->npend == 0 || q->kind != CA_P_PROGRESS ||
	    !(q->seats & (1u << seat)))
		return NO("%s owes no progress discard", seat_name(seat));
	for (int k = 0; k < p->nprog && at < 0; k++)
		if (p->prog[k] == i)
			at = k;
	if (at < 0)
		return NO("you hold no such progress card");
	if (dry)
		return 0;
	memmove(&p->prog[at], &p->prog[at + 1],
	    (size_t)(CK_HAND_MAX - 1 - at));
	p->prog[CK_HAND_MAX - 1] = CA_NONE;
	p->nprog--;
	to_bottom(st, i);
	NOTE("%s discards a %s card", seat_name(seat),
	    ck_track_names[st->ck.d->cards[i].deck]);
	if (st->npend > 0 && q->kind == CA_P_PROGRESS &&
	    (q->seats & (1u << seat)) && --q->n[seat] == 0)
		q->seats &= (uint8_t)~(1u << seat);
	pend_settle(st);
	return 0;
}

/* The automatic steps at the head of the queue (CK18.1).  0, or the
   rules_rc of a fair draw's chance event (the caller restores). */
static int
run_auto(struct ca_state *st, struct rules_note *note,
    struct rules_error *err)
{
	int rc;

	if (st->npend == 0)
		return 0;	/* most actions: nothing pending to settle */
	pend_settle(st);
	while (st->npend > 0 && (CA_P_AUTO(st->pend[0].kind) ||
	    (st->pend[0].kind == CA_P_TRACKPICK && single_deck(st) >= 0))) {
		struct ca_pend p = st->pend[0];

		if (p.kind == CA_P_TRACKPICK) {
			/* CK18.2: one non-empty deck */
			if ((rc = trackpick(st, trackpick_seat(st),
			    single_deck(st), note, err)) != 0)
				return rc;
			pend_settle(st);
			continue;
		}
		pend_pop(st);
		if (p.kind == CA_P_PRODUCE) {
			unsigned got = produce(st, p.n[0], note), owe = 0;
			uint8_t n[CA_SEATS] = { 0 };
			int aq = CA_NONE;	/* its track, looked up once */

			/* CK9.4: the Aqueduct, for a production roll */
			for (int i = 0; i < st->nseats; i++) {
				int s = st->active + i, k;

				if (s >= st->nseats)
					s -= st->nseats;
				if (!live(st, s) || (got >> s) & 1)
					continue;
				if (aq == CA_NONE)
					aq = ck_track_of_ability(st->ck.d,
					    CK_AQUEDUCT);
				if (aq < 0 || st->ck.p[s].level[aq] <
				    CK_ABILITY_LEVEL || res_in_bank(st) == 0)
					continue;
				if ((k = bank_single_res(st)) >= 0)
					aqueduct_take(st, s, k, note);
				else {
					owe |= 1u << s;
					n[s] = 1;
				}
			}
			pend_push(st, CA_P_AQUEDUCT, owe, n);
		} else if (p.kind == CA_P_SEVEN) {
			uint8_t n[CA_SEATS] = { 0 };
			unsigned owing = 0;

			for (int s = 0; s < st->nseats; s++) {
				int c = ca_hand_count(&st->p[s]);

				if (live(st, s) && c > ca_discard_limit(st, s)) {
					n[s] = (uint8_t)(c / 2);
					owing |= 1u << s;
					NOTE("%s must discard %d", seat_name(s),
					    n[s]);
				}
			}
			pend_push(st, CA_P_DISCARD, owing, n);
			if (st->ck.attacks > 0)
				pend_push(st, CA_P_ROBBER, 1u << st->active,
				    NULL);
			else
				NOTE("the robber stays in the desert until "
				    "the barbarians have attacked");
		}
		pend_settle(st);
	}
	return 0;
}

/*
 * Whether the rest of a roll of red r and event e may open another chance
 * event, which a source may answer with RULES_PENDING or an error after
 * the roll has changed the state: an attack (its ties pick a deck), or a
 * gate that a seat passes while the deck has a card not yet revealed
 * (reveal_top).  Production, a 7 and progress_limit draw nothing.
 */
static int
roll_may_draw(const struct ca_state *st, int r, int e)
{
	int t = e - 4;

	if (e <= 3)
		return st->ck.ship + 1 >= st->ck.steps;
	if (st->ck.ndeck[t] == 0 || st->ck.unseen[t] == 0)
		return 0;
	for (int s = 0; s < st->nseats; s++) {
		int level = st->ck.p[s].level[t];

		if (live(st, s) && level >= 1 &&
		    r <= st->ck.d->track[t].red[level - 1])
			return 1;
	}
	return 0;
}

/*
 * CK4: white, red and the event die from one event; CK4.3's order.  A
 * refusal leaves the state as it was: ca_apply makes no copy for a roll
 * (refuses_first), so one is made here, before the first change, when a
 * later chance event may fail (roll_may_draw); the first event changes
 * only st->events, put back in the copy, or nothing when it fails.
 */
static int
ck_roll(struct ca_state *st, int seat, int w, int r, struct rules_note *note,
    struct rules_error *err)
{
	struct chance_stream cs;
	struct ca_state save;
	uint8_t n[CA_SEATS] = { 0 };
	uint32_t events = st->events;
	int e, rc, copy;

	/* CK16.3: a roll draws white, red, event; the Alchemist (w, r
	   given, CK14.16) the event die alone */
	if ((rc = open_event(st, EV_DICE, "dice", 0, &cs, err)) != 0)
		return rc;
	if (w == 0) {
		w = chance_die(&cs);
		r = chance_die(&cs);
	}
	e = chance_die(&cs);
	/* a search state's own stream never fails (open_event) */
	if ((copy = !st->fast_on && roll_may_draw(st, r, e)) != 0) {
		save = *st;
		save.events = events;
	}
	st->dice[0] = (uint8_t)w;
	st->dice[1] = (uint8_t)r;
	st->ck.event = (uint8_t)e;
	st->phase = CA_PH_MAIN;
	NOTE("%s rolls white %d red %d = %d, event %s", seat_name(seat), w, r,
	    w + r, ck_event_name(e));
	/* CK4.3 step 1, CK4.4: 1-3 ship, 4 trade, 5 politics, 6 science */
	if (e <= 3) {
		st->ck.ship++;
		NOTE("the barbarian ship moves to %d of %d", st->ck.ship,
		    st->ck.steps);
		if (st->ck.ship >= st->ck.steps)
			attack(st, note);
	} else {
		NOTE("the %s gate opens", ck_track_names[e - 4]);
		if ((rc = gate(st, e - 4, r, note, err)) != 0) {
			if (copy)
				*st = save;
			return rc;
		}
	}
	/* step 2, after the decisions of step 1 */
	n[0] = (uint8_t)(w + r);
	pend_push(st, w + r == 7 ? CA_P_SEVEN : CA_P_PRODUCE,
	    1u << st->active, n);
	if ((rc = run_auto(st, note, err)) != 0 && copy)
		*st = save;
	return rc;
}

static int
do_pillage(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	char name[32] = "";

	if (st->npend == 0 || p->kind != CA_P_PILLAGE ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no pillaged city", seat_name(seat));
	if (a->a >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL)
		ca_corner_name(st->b, a->a, name, sizeof name);
	if (!pillageable(st, seat, a->a))
		return NO("the barbarians take a city of yours without a "
		    "metropolis: %s is none (CK12.5)", name);
	if (dry)
		return 0;
	pillage(st, seat, a->a, note);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	pend_settle(st);
	return 0;
}

static int
do_aqueduct(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];

	if (st->npend == 0 || p->kind != CA_P_AQUEDUCT ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no aqueduct choice", seat_name(seat));
	if (a->res >= CA_RES)
		return NO("the aqueduct gives a resource (CK9.4)");
	if (st->bank[a->res] == 0)
		return NO("the bank holds no %s", ca_kind_names[a->res]);
	if (dry)
		return 0;
	aqueduct_take(st, seat, a->res, note);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	pend_settle(st);
	return 0;
}

static int
do_roll(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct rules_error *err)
{
	struct chance_stream cs;
	int d1, d2, rc;

	if (st->phase != CA_PH_PREROLL)
		return NO("%s", st->phase == CA_PH_MAIN ?
		    "you have rolled this turn" : "no roll now");
	if (dry)
		return 0;
	if (CA_CK(st))
		return ck_roll(st, seat, 0, 0, note, err);
	if ((rc = open_event(st, EV_DICE, "dice", 0, &cs, err)) != 0)
		return rc;
	d1 = chance_die(&cs);
	d2 = chance_die(&cs);
	st->dice[0] = (uint8_t)d1;
	st->dice[1] = (uint8_t)d2;
	st->phase = CA_PH_MAIN;
	NOTE("%s rolls %d+%d = %d", seat_name(seat), d1, d2, d1 + d2);
	if (d1 + d2 == 7) {
		uint8_t n[CA_SEATS] = { 0 };
		unsigned owing = 0;

		for (int s = 0; s < st->nseats; s++) {
			int c = ca_hand_count(&st->p[s]);

			if (live(st, s) && c > 7) {
				n[s] = (uint8_t)(c / 2);
				owing |= 1u << s;
				NOTE("%s must discard %d", seat_name(s),
				    n[s]);
			}
		}
		pend_push(st, CA_P_DISCARD, owing, n);
		pend_push(st, CA_P_ROBBER, 1u << st->active, NULL);
	} else
		produce(st, d1 + d2, note);
	return 0;
}

static int
do_discard(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	char g[80];

	if (st->npend == 0 || p->kind != CA_P_DISCARD ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no discard", seat_name(seat));
	if (bundle_sum(a->give) != p->n[seat])
		return NO("discard exactly %d cards (half of %d, rounded down)",
		    p->n[seat], ca_hand_count(&st->p[seat]));
	if (!holds(st->p[seat].hand, a->give))
		return NO("you do not hold %s", bundle_text(a->give, g,
		    sizeof g));
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->bank, a->give);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	NOTE("%s discards %s", seat_name(seat),
	    bundle_text(a->give, g, sizeof g));
	pend_settle(st);
	return 0;
}

static int
do_pick(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	int want, bank = bundle_sum(st->bank);
	char g[80];

	if (st->npend == 0 || p->kind != CA_P_PICK ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no pick", seat_name(seat));
	want = p->n[seat] < bank ? p->n[seat] : bank;
	if (bundle_sum(a->get) != want)
		return NO("pick exactly %d card%s", want, want == 1 ? "" : "s");
	for (int k = CA_RES; k < CA_KINDS; k++)
		if (a->get[k])
			return NO("picks are resources");
	if (!holds(st->bank, a->get))
		return NO("the bank does not hold %s", bundle_text(a->get, g,
		    sizeof g));
	if (dry)
		return 0;
	move_cards(st->bank, st->p[seat].hand, a->get);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	NOTE("%s picks %s", seat_name(seat),
	    bundle_text(a->get, g, sizeof g));
	pend_settle(st);
	return 0;
}

/* ---- robber, pirate, steal (CA5.3, CA5.4, CA8.3) --------------------------- */

/*
 * The kind of the i-th card of v's hand, counted in the canonical kind
 * order of a steal: the base game's brick, wood, wool, grain, ore (CA12.4,
 * the enum's); in Cities & Knights brick, grain, lumber, ore, wool, then
 * cloth, coin, paper (CK16.3).  i < ca_hand_count(v).
 */
static int
stolen_kind(const struct ca_state *st, const struct ca_player *v, int i)
{
	static const uint8_t base[CA_KINDS] = {
		CA_BRICK, CA_WOOD, CA_WOOL, CA_GRAIN, CA_ORE, CA_CLOTH, CA_COIN,
		CA_PAPER
	}, ck[CA_KINDS] = {
		CA_BRICK, CA_GRAIN, CA_WOOD, CA_ORE, CA_WOOL, CA_CLOTH, CA_COIN,
		CA_PAPER
	};
	const uint8_t *order = CA_CK(st) ? ck : base;
	int n;

	for (n = 0; n < CA_KINDS - 1; n++) {
		if (i < v->hand[order[n]])
			break;
		i -= v->hand[order[n]];
	}
	return order[n];
}

/* The seats with a piece at hex h: settlement/city (robber) or ship
   (pirate). */
static unsigned
pieces_at(const struct ca_state *st, int h, int pirate)
{
	unsigned m = 0;

	for (int d = 0; d < 6; d++) {
		if (pirate) {
			int e = st->b->hedge[h][d];

			if (e != CA_NONE && st->edge[e] && e_ship(st, e))
				m |= 1u << e_owner(st, e);
		} else {
			int c = st->b->hcorner[h][d];

			if (c != CA_NONE && st->corner[c] &&
			    yield(CA_C_KIND(st->corner[c])))
				m |= 1u << c_owner(st, c);
		}
	}
	return m;
}

/* Opponents of seat with a piece at hex h: settlement/city (robber) or
   ship (pirate).  *holding gets those who hold cards. */
static unsigned
victims(const struct ca_state *st, int seat, int h, int pirate,
    unsigned *holding)
{
	unsigned m = 0, at = pieces_at(st, h, pirate);

	for (int o = 0; o < st->nseats; o++)
		if ((at >> o) & 1 && o != seat && live(st, o))
			m |= 1u << o;
	*holding = 0;
	for (int s = 0; s < st->nseats; s++)
		if ((m >> s) & 1 && ca_hand_count(&st->p[s]) > 0)
			*holding |= 1u << s;
	return m;
}

static int
check_robber(const struct ca_state *st, int seat, int h, int pirate,
    int victim, int *who, struct rules_error *err)
{
	unsigned cand, holding;
	char hn[8];

	if (h >= st->b->nhex)
		return NO("no such hex");
	hn[0] = '\0';
	if (err != NULL)
		ca_hex_name(st->b, h, hn, sizeof hn);
	if (pirate) {
		if (st->b->kind != CA_MAP_SEAFARERS)
			return NO("no pirate on this map");
		if (!is_sea(st, h))
			return NO("the pirate goes to a sea hex: %s is not sea",
			    hn);
		if (h == st->pirate)
			return NO("the pirate must move: it is on %s", hn);
	} else {
		if (!is_land(st, h))
			return NO("the robber goes to a land hex: %s is not "
			    "land", hn);
		if (h == st->robber)
			return NO("the robber must move: it is on %s", hn);
	}
	cand = victims(st, seat, h, pirate, &holding);
	if (victim == CA_NONE) {
		int n = 0, last = CA_NONE;

		for (int s = 0; s < st->nseats; s++)
			if ((holding >> s) & 1) {
				n++;
				last = s;
			}
		if (n > 1)
			return NO("name whom to steal from at %s", hn);
		*who = last;
		return 0;
	}
	if (!((cand >> victim) & 1))
		return NO("%s has nothing %s %s", seat_name(victim), pirate ?
		    "sailing by" : "at", hn);
	if (!((holding >> victim) & 1))
		return NO("%s holds no card", seat_name(victim));
	*who = victim;
	return 0;
}

static int
move_robber(struct ca_state *st, int seat, int h, int pirate, int who,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	char hn[8];

	if (note != NULL)
		ca_hex_name(st->b, h, hn, sizeof hn);
	if (pirate)
		st->pirate = (uint8_t)h;
	else
		st->robber = (uint8_t)h;
	NOTE("%s moves the %s to %s", seat_name(seat),
	    pirate ? "pirate" : "robber", hn);
	if (who != CA_NONE) {
		struct chance_stream cs;
		struct ca_player *v = &st->p[who];
		int rc, k;

		if ((rc = open_event(st, EV_STEAL, "steal",
		    (1u << seat) | (1u << who), &cs, err)) != 0)
			return rc;
		k = stolen_kind(st, v, chance_below(&cs, ca_hand_count(v)));
		v->hand[k]--;
		st->p[seat].hand[k]++;
		st->last_thief = (uint8_t)seat;
		st->last_victim = (uint8_t)who;
		st->last_kind = (uint8_t)k;
		NOTE("%s stole a card from %s", seat_name(seat),
		    seat_name(who));
		secret_add(sec, seat, "you stole 1 %s from %s",
		    ca_kind_names[k], seat_name(who));
		secret_add(sec, who, "%s stole 1 %s from you",
		    seat_name(seat), ca_kind_names[k]);
	}
	return 0;
}

static int
do_robber(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	int who, rc, pirate = a->verb == CA_A_PIRATE;

	if (st->npend == 0 || st->pend[0].kind != CA_P_ROBBER)
		return NO("no robber move is owed now");
	if ((rc = check_robber(st, seat, a->a, pirate, a->victim, &who,
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	pend_pop(st);
	return move_robber(st, seat, a->a, pirate, who, note, sec, err);
}

/* ---- building (CA6) ---------------------------------------------------------- */

static int
pay(struct ca_state *st, int seat, const uint8_t *cost, const char *what,
    struct rules_error *err)
{
	char g[80];

	if (!holds(st->p[seat].hand, cost))
		return NO("%s costs %s", what, bundle_text(cost, g, sizeof g));
	return 0;
}

static int
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
		    "the robber");
	if (st->phase == CA_PH_PREROLL)
		return NO("roll first (CA4.5)");
	if (st->phase != CA_PH_MAIN)
		return NO("not now");
	return 0;
}

static int
build_settlement(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_player *p = &st->p[seat];
	const struct ca_corner *k = &st->b->corner[c];
	char name[32];
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if ((rc = check_settlement_place(st, seat, c, 1, err)) != 0)
		return rc;
	if (p->supply[CA_S_SETTLEMENT] == 0)
		return NO("no settlement left in your supply (CA1.3)");
	if ((rc = pay(st, seat, cost_settlement, "a settlement", err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(p->hand, st->bank, cost_settlement);
	st->corner[c] = CA_C_MAKE(seat, CA_CP_SETTLEMENT);
	p->supply[CA_S_SETTLEMENT]--;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s builds a settlement at %s", seat_name(seat), name);
	if (st->b->island_bonus && k->island != CA_NONE &&
	    !((st->b->home_islands >> k->island) & 1) &&
	    !((p->islands >> k->island) & 1)) {
		p->islands |= 1u << k->island;
		p->bonus = (uint8_t)(p->bonus + st->b->island_bonus);
		NOTE("%s earns %d for a new island", seat_name(seat),
		    st->b->island_bonus);
	}
	award_longest_of(st, at_corner(st, seat, c), note);
	return 0;
}

static int
build_city_for(struct ca_state *st, int seat, int c, const uint8_t *cost,
    int dry, struct rules_note *note, struct rules_error *err);

static int
build_city(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	return build_city_for(st, seat, c, cost_city, dry, note, err);
}

/* A city for cost (CK14.21 Medicine: 2 ore + 1 grain). */
static int
build_city_for(struct ca_state *st, int seat, int c, const uint8_t *cost,
    int dry, struct rules_note *note, struct rules_error *err)
{
	struct ca_player *p = &st->p[seat];
	char name[32];
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	name[0] = '\0';
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!st->corner[c] || c_owner(st, c) != seat ||
	    CA_C_KIND(st->corner[c]) != CA_CP_SETTLEMENT)
		return NO("a city replaces a settlement of yours: %s holds none",
		    name);
	if (p->supply[CA_S_CITY] == 0)
		return NO("no city left in your supply (CA1.3)");
	if ((rc = pay(st, seat, cost, "a city", err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(p->hand, st->bank, cost);
	st->corner[c] = CA_C_MAKE(seat, CA_CP_CITY);
	p->supply[CA_S_CITY]--;
	if (st->ck.p[seat].over > 0)	/* a settlement without its piece */
		st->ck.p[seat].over--;
	else
		p->supply[CA_S_SETTLEMENT]++;
	NOTE("%s builds a city at %s", seat_name(seat), name);
	return 0;
}

static void
place_edge(struct ca_state *st, int seat, int e, int ship)
{
	st->edge[e] = (uint8_t)(CA_E_MAKE(seat, ship) | (ship ? CA_E_NEW : 0));
	st->p[seat].supply[ship ? CA_S_SHIP : CA_S_ROAD]--;
}

/* Build seat's road or ship at e, checked and paid for (CA6.5, CA8.4):
   the piece from the supply, the note, the fog it reveals (CA10.3).
   The caller counts the routes again. */
static int
lay_edge(struct ca_state *st, int seat, int e, int ship,
    struct rules_note *note, struct rules_error *err)
{
	char name[32];

	place_edge(st, seat, e, ship);
	if (note != NULL) {
		ca_edge_name(st->b, e, name, sizeof name);
		NOTE("%s builds a %s at %s", seat_name(seat),
		    ship ? "ship" : "road", name);
	}
	return reveal_fog(st, seat, e, note, err);
}

static int
build_edge(struct ca_state *st, int seat, int e, int ship, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_player *p = &st->p[seat];
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if ((rc = edge_fits(st, seat, e, ship, CA_NONE, err)) != 0)
		return rc;
	if ((rc = pay(st, seat, ship ? cost_ship : cost_road,
	    ship ? "a ship" : "a road", err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(p->hand, st->bank, ship ? cost_ship : cost_road);
	if ((rc = lay_edge(st, seat, e, ship, note, err)) != 0)
		return rc;
	award_longest_of(st, 1u << seat, note);
	return 0;
}

/* CA6.8: the ship at e may move (an open end, not new, not by the pirate). */
static int
check_ship_movable(const struct ca_state *st, int seat, int e,
    struct rules_error *err)
{
	const struct ca_edge *ed = &st->b->edge[e];
	char name[32] = "";
	int open = 0;

	if (err != NULL)
		ca_edge_name(st->b, e, name, sizeof name);
	if (!st->edge[e] || e_owner(st, e) != seat || !e_ship(st, e))
		return NO("no ship of %s at %s", seat_name(seat), name);
	if (st->edge[e] & CA_E_NEW)
		return NO("the ship at %s was built this turn", name);
	if (on_pirate(st, e))
		return NO("the ship at %s is next to the pirate (CA5.5)", name);
	for (int j = 0; j < 2; j++) {
		int c = ed->corner[j], other = 0;
		const struct ca_corner *k;

		if (c == CA_NONE) {
			open = 1;
			continue;
		}
		if (own_building(st, c, seat))
			continue;
		k = &st->b->corner[c];
		for (int i = 0; i < k->nedge; i++) {
			int f = k->edge[i];

			if (f != e && st->edge[f] && e_owner(st, f) == seat &&
			    e_ship(st, f))
				other = 1;
		}
		if (!other)
			open = 1;
	}
	if (!open)
		return NO("the ship at %s is not at the open end of a route "
		    "(CA6.8)", name);
	return 0;
}

static int
move_ship(struct ca_state *st, int seat, int from, int to, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char n1[32], n2[32];
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (st->moved_ship)
		return NO("one ship move a turn (CA6.8)");
	if ((rc = check_ship_movable(st, seat, from, err)) != 0)
		return rc;
	if (from == to)
		return NO("the ship must go to another edge");
	if ((rc = check_edge_place(st, seat, to, 1, CA_NONE, from, err)) != 0)
		return rc;
	if (dry)
		return 0;
	st->edge[from] = 0;
	st->edge[to] = CA_E_MAKE(seat, 1);
	st->moved_ship = 1;
	if (note != NULL) {
		ca_edge_name(st->b, from, n1, sizeof n1);
		ca_edge_name(st->b, to, n2, sizeof n2);
	}
	NOTE("%s moves a ship from %s to %s", seat_name(seat), n1,
	    n2);
	if ((rc = reveal_fog(st, seat, to, note, err)) != 0)
		return rc;
	award_longest_of(st, 1u << seat, note);
	return 0;
}


/* ---- Cities & Knights: walls, improvements, metropolises (CK8-CK10) ----- */

static const uint8_t cost_wall[CA_KINDS] = { 2, 0, 0, 0, 0 };

/* The wall slot of seat at c, or -1. */
static int
wall_at(const struct ca_state *st, int seat, int c)
{
	for (int i = 0; i < CK_WALLS; i++)
		if (st->ck.p[seat].wall[i] == c)
			return i;
	return -1;
}

/* The track whose metropolis stands at c, or -1. */
static int
metro_at(const struct ca_state *st, int c)
{
	for (int t = 0; t < CK_TRACKS; t++)
		if (st->ck.metro[t] == c)
			return t;
	return -1;
}

static int
own_city(const struct ca_state *st, int seat, int c)
{
	return st->corner[c] && c_owner(st, c) == seat &&
	    CA_C_KIND(st->corner[c]) == CA_CP_CITY;
}

static int
do_wall(struct ca_state *st, int seat, int c, int free, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32] = "";
	int slot, rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!own_city(st, seat, c))
		return NO("a wall stands on a city of yours: %s holds none "
		    "(CK8.1)", name);
	if (wall_at(st, seat, c) >= 0)
		return NO("the city at %s has a wall already (CK8.1)", name);
	if ((slot = wall_at(st, seat, CA_NONE)) < 0)
		return NO("no wall left in your supply: at most %d (CK8.1)",
		    CK_WALLS);
	if (!free && (rc = pay(st, seat, cost_wall, "a city wall", err)) != 0)
		return rc;
	if (dry)
		return 0;
	if (!free)
		move_cards(st->p[seat].hand, st->bank, cost_wall);
	st->ck.p[seat].wall[slot] = (uint8_t)c;
	NOTE("%s builds a city wall at %s", seat_name(seat), name);
	return 0;
}

/*
 * CK9.2, CK10: build the next level of track t; node is the city that
 * takes the metropolis, CA_NONE when none is named.
 */

/* CK10.2, CK10.3: whether level `level` of track t brings seat the
 * metropolis (a holder gone: nobody holds it, CK15.4); *holder the
 * seat holding it now, or -1.  do_improve and its list share it. */
static int
metro_gets(const struct ca_state *st, int seat, int t, int level,
    int *holder)
{
	int h = st->ck.metro[t] != CA_NONE ? c_owner(st, st->ck.metro[t]) : -1;

	*holder = h;
	return level >= CK_METRO_LEVEL && h != seat && (h < 0 ||
	    !live(st, h) || (level == CK_LEVELS &&
	    st->ck.p[h].level[t] < CK_LEVELS));
}

static int
do_improve(struct ca_state *st, int seat, int t, int node, int discount,
    int dry, struct rules_note *note, struct rules_error *err)
{
	const struct ck_trackdef *d;
	struct ca_player *p = &st->p[seat];
	uint8_t cost[CA_KINDS] = { 0 };
	int level, holder = -1, gets, free_city = 0, any_city = 0, rc;
	char name[32] = "", g[64];

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (t < 0 || t >= CK_TRACKS)
		return NO("no such track");
	d = &st->ck.d->track[t];
	level = st->ck.p[seat].level[t] + 1;
	if (level > CK_LEVELS)
		return NO("your %s track is complete", ck_track_names[t]);
	for (int c = 0; c < st->b->ncorner; c++)
		if (own_city(st, seat, c)) {
			any_city = 1;
			if (metro_at(st, c) < 0)
				free_city = 1;
		}
	if (!any_city)
		return NO("an improvement needs a city of yours on the board "
		    "(CK9.2, CK9.5)");
	gets = metro_gets(st, seat, t, level, &holder);
	/* CK10.4 */
	if (level >= CK_METRO_LEVEL && holder != seat && !free_city)
		return NO("level %d of %s needs a city of yours without a "
		    "metropolis (CK10.4)", level, ck_track_names[t]);
	if (node != CA_NONE) {
		if (node >= st->b->ncorner)
			return NO("no such corner");
		if (err != NULL || note != NULL)
			ca_corner_name(st->b, node, name, sizeof name);
	}
	if (gets && node == CA_NONE)
		return NO("this level brings the %s metropolis: name the city "
		    "that takes it, 'improve %s NODE' (CK10.4)",
		    ck_track_names[t], ck_track_names[t]);
	if (!gets && node != CA_NONE)
		return NO("this level brings no metropolis: name no city "
		    "(CK10.4)");
	if (gets && (!own_city(st, seat, node) || metro_at(st, node) >= 0))
		return NO("the metropolis goes on a city of yours without one: "
		    "%s is none (CK10.2)", name);
	/* CK14.17: the Crane builds it for one commodity less */
	cost[d->commodity] = (uint8_t)(d->cost[level - 1] > discount ?
	    d->cost[level - 1] - discount : 0);
	if (!holds(p->hand, cost))
		return NO("level %d of %s costs %s (CK9.2)", level,
		    ck_track_names[t], bundle_text(cost, g, sizeof g));
	if (dry)
		return 0;
	move_cards(p->hand, st->bank, cost);
	st->ck.p[seat].level[t] = (uint8_t)level;
	NOTE("%s builds %s level %d (%s) for %s", seat_name(seat),
	    ck_track_names[t], level, d->level[level - 1],
	    bundle_text(cost, g, sizeof g));
	if (gets) {
		if (holder >= 0)
			NOTE("%s loses the %s metropolis", seat_name(holder),
			    ck_track_names[t]);
		st->ck.metro[t] = (uint8_t)node;
		NOTE("%s takes the %s metropolis at %s", seat_name(seat),
		    ck_track_names[t], name);
	}
	return 0;
}


/* ---- Cities & Knights: knights (CK11) -------------------------------------- */

static const uint8_t cost_knight[CA_KINDS] = { 0, 0, 1, 0, 1 };
static const uint8_t cost_activate[CA_KINDS] = { 0, 0, 0, 1, 0 };

/* Knights of seat and level on the board (CK2.3: 2 pieces a level). */
static int
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
static uint8_t
own_knight(const struct ca_state *st, int seat, int c)
{
	uint8_t v = c < st->b->ncorner ? st->corner[c] : 0;

	return v && CK_KNIGHT(v) && CA_C_OWNER(v) == seat ? v : 0;
}

/* An own road ends at c. */
static int
road_end(const struct ca_state *st, int seat, int c)
{
	const struct ca_corner *k = &st->b->corner[c];

	for (int i = 0; i < k->nedge; i++) {
		int e = k->edge[i];

		if (e != CA_NONE && st->edge[e] && e_owner(st, e) == seat &&
		    !e_ship(st, e))
			return 1;
	}
	return 0;
}

/*
 * CK11.7: mark[] the corners reached from `from` along seat's roads; a
 * path goes on through a corner with an own piece or none, never
 * through an opponent's settlement, city or knight.
 */
static void
road_reach(const struct ca_state *st, int seat, int from, uint8_t *mark)
{
	uint8_t queue[CA_MAX_CORNER];
	int head = 0, tail = 0;

	memset(mark, 0, CA_MAX_CORNER);
	queue[tail++] = (uint8_t)from;
	mark[from] = 2;
	while (head < tail) {
		int c = queue[head++];
		const struct ca_corner *k = &st->b->corner[c];

		if (c != from && foreign_piece(st, c, seat))
			continue;
		for (int i = 0; i < k->nedge; i++) {
			int e = k->edge[i], o = k->adj[i];

			if (e == CA_NONE || o == CA_NONE || mark[o] ||
			    !st->edge[e] || e_owner(st, e) != seat ||
			    e_ship(st, e))
				continue;
			mark[o] = 1;
			queue[tail++] = (uint8_t)o;
		}
	}
}

/* An action by the active player's knight at c (CK11.6): its byte. */
static int
knight_may_act(const struct ca_state *st, int seat, int c, uint8_t *v,
    struct rules_error *err)
{
	char name[32] = "";
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!(*v = own_knight(st, seat, c)))
		return NO("no knight of yours at %s", name);
	if (!CK_KNIGHT_ACTIVE(*v))
		return NO("the knight at %s is not active (CK11.6)", name);
	if (CA_C_KIND(*v) & CA_CP_SPENT)
		return NO("the knight at %s was placed, activated or acted "
		    "this turn (CK11.6)", name);
	return 0;
}

/* Acting makes a knight inactive and spent (CK11.6). */
static uint8_t
acted(uint8_t v)
{
	return (uint8_t)((v & ~(CA_CP_ACTIVE << 3)) | (CA_CP_SPENT << 3));
}

static void
promoted_moves(struct ca_state *st, int from, int to)
{
	for (int i = 0; i < 3 * CK_KNIGHTS_PER_LEVEL; i++)
		if (st->ck.promoted[i] == from)
			st->ck.promoted[i] = (uint8_t)to;
}

static int
do_knight_build(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32] = "";
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (st->corner[c])
		return NO("%s is taken (CK11.2)", name);
	if (!road_end(st, seat, c))
		return NO("a knight stands at the end of a road of yours: %s "
		    "is none (CK11.2)", name);
	if (knights_on_board(st, seat, 1) >= CK_KNIGHTS_PER_LEVEL)
		return NO("no basic knight left in your supply (CK2.3)");
	if ((rc = pay(st, seat, cost_knight, "a knight", err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->bank, cost_knight);
	st->corner[c] = CA_C_MAKE(seat, CA_CP_KNIGHT | CA_CP_SPENT);
	NOTE("%s builds a basic knight at %s", seat_name(seat), name);
	award_longest_of(st, meet_at(st, c, seat), note);	/* CK11.3 */
	return 0;
}

static int
do_activate(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32] = "";
	uint8_t v;
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!(v = own_knight(st, seat, c)))
		return NO("no knight of yours at %s", name);
	if (CK_KNIGHT_ACTIVE(v))
		return NO("the knight at %s is active already", name);
	if ((rc = pay(st, seat, cost_activate, "activating a knight",
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->bank, cost_activate);
	st->corner[c] = (uint8_t)(v | ((CA_CP_ACTIVE | CA_CP_SPENT) << 3));
	NOTE("%s activates the knight at %s", seat_name(seat), name);
	return 0;
}

static int
do_promote(struct ca_state *st, int seat, int c, int free, int dry,
    struct rules_note *note, struct rules_error *err)
{
	char name[32] = "";
	uint8_t v;
	int rc, level, slot = -1;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL || note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	if (!(v = own_knight(st, seat, c)))
		return NO("no knight of yours at %s", name);
	level = CK_KNIGHT_LEVEL(v);
	if (level == 3)
		return NO("the knight at %s is mighty already", name);
	if (level == 2 && !has_ability(st, seat, CK_FORTRESS))
		return NO("the Fortress is needed to promote a strong knight "
		    "(CK11.5)");
	for (int i = 0; i < 3 * CK_KNIGHTS_PER_LEVEL; i++) {
		if (st->ck.promoted[i] == c)
			return NO("the knight at %s was promoted this turn "
			    "(CK11.5)", name);
		if (slot < 0 && st->ck.promoted[i] == CA_NONE)
			slot = i;
	}
	if (knights_on_board(st, seat, level + 1) >= CK_KNIGHTS_PER_LEVEL)
		return NO("no %s knight left in your supply (CK2.3)",
		    level == 1 ? "strong" : "mighty");
	if (!free && (rc = pay(st, seat, cost_knight, "a promotion",
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	if (!free)
		move_cards(st->p[seat].hand, st->bank, cost_knight);
	st->corner[c] = (uint8_t)(v + (1 << 3));	/* the next level */
	if (slot >= 0)
		st->ck.promoted[slot] = (uint8_t)c;
	NOTE("%s promotes the knight at %s to %s", seat_name(seat), name,
	    level == 1 ? "strong" : "mighty");
	return 0;
}

/* CK11.9: where the knight displaced from `from` can go. */
static int
retreats(const struct ca_state *st, int owner, int from, int *last)
{
	uint8_t mark[CA_MAX_CORNER];
	int n = 0;

	road_reach(st, owner, from, mark);
	for (int c = 0; c < st->b->ncorner; c++)
		if (mark[c] == 1 && !st->corner[c]) {
			n++;
			*last = c;
		}
	return n;
}

static void
retreat_to(struct ca_state *st, int owner, int c, uint8_t v,
    struct rules_note *note)
{
	char name[32];

	st->corner[c] = v;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s's knight retreats to %s", seat_name(owner), name);
}

static int
do_move(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int displace = a->verb == CA_A_DISPLACE, rc, owner = -1;
	unsigned routes;
	uint8_t mark[CA_MAX_CORNER], v, t = 0;
	char x[32] = "", y[32] = "";

	if ((rc = knight_may_act(st, seat, a->a, &v, err)) != 0)
		return rc;
	if (a->b >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL || note != NULL) {
		ca_corner_name(st->b, a->a, x, sizeof x);
		ca_corner_name(st->b, a->b, y, sizeof y);
	}
	road_reach(st, seat, a->a, mark);
	if (mark[a->b] != 1)
		return NO("no road of yours leads from %s to %s (CK11.7)", x, y);
	if (!displace) {
		if (st->corner[a->b])
			return NO("%s is taken (CK11.8)", y);
	} else {
		t = st->corner[a->b];
		owner = t ? CA_C_OWNER(t) : -1;
		if (!t || !CK_KNIGHT(t) || owner == seat)
			return NO("no knight of another player at %s (CK11.9)",
			    y);
		if (CK_KNIGHT_LEVEL(t) >= CK_KNIGHT_LEVEL(v))
			return NO("a knight displaces only a weaker one "
			    "(CK11.9)");
	}
	if (dry)
		return 0;
	st->corner[a->a] = 0;
	st->corner[a->b] = acted(v);
	promoted_moves(st, a->a, a->b);
	NOTE("%s's knight %s %s to %s", seat_name(seat), displace ?
	    "displaces from" : "moves from", x, y);
	/* a displaced knight's place changes both seats' routes */
	routes = meet_at(st, a->a, seat) | meet_at(st, a->b, displace ? -1 :
	    seat);
	if (displace) {
		uint8_t n[CA_SEATS] = { 0 };
		int last = CA_NONE, k = retreats(st, owner, a->b, &last);

		NOTE("%s's knight at %s is displaced", seat_name(owner), y);
		if (k == 0)
			NOTE("%s's knight goes back to the supply",
			    seat_name(owner));
		else if (k == 1) {
			retreat_to(st, owner, last, t, note);	/* CK18.3 */
			routes |= meet_at(st, last, owner);
		} else {
			n[0] = a->b;
			n[1] = t;
			pend_push(st, CA_P_RETREAT, 1u << owner, n);
		}
	}
	award_longest_of(st, routes, note);	/* CK11.3 */
	return 0;
}

static int
do_retreat(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	uint8_t mark[CA_MAX_CORNER];
	char name[32] = "";

	if (st->npend == 0 || p->kind != CA_P_RETREAT ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no retreat", seat_name(seat));
	if (c >= st->b->ncorner)
		return NO("no such corner");
	if (err != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	road_reach(st, seat, p->n[0], mark);
	if (mark[c] != 1 || st->corner[c])
		return NO("the knight retreats along your roads to a vacant "
		    "intersection: %s is none (CK11.9)", name);
	if (dry)
		return 0;
	retreat_to(st, seat, c, p->n[1], note);
	pend_pop(st);
	award_longest_of(st, meet_at(st, c, seat), note);
	return 0;
}

static int
do_chase(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	const struct ca_corner *k;
	uint8_t v;
	int rc, who;

	if ((rc = knight_may_act(st, seat, a->a, &v, err)) != 0)
		return rc;
	if (st->ck.attacks == 0)
		return NO("the robber stays in the desert until the "
		    "barbarians have attacked (CK6.1)");
	k = &st->b->corner[a->a];
	if (k->hex[0] != st->robber && k->hex[1] != st->robber &&
	    k->hex[2] != st->robber)
		return NO("the knight must stand on a corner of the robber's "
		    "hex (CK11.10)");
	if ((rc = check_robber(st, seat, a->b, 0, a->victim, &who,
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	st->corner[a->a] = acted(v);
	NOTE("%s's knight chases the robber", seat_name(seat));
	return move_robber(st, seat, a->b, 0, who, note, sec, err);
}

/* ---- trade (CA7) --------------------------------------------------------------- */

int
ca_rate(const struct ca_state *st, int seat, int k)
{
	int rate = 4;

	/* CK7.2, CK9.4: the Merchant Guild, 2:1 for every commodity */
	if (CA_CK(st) && k >= CA_RES && has_ability(st, seat,
	    CK_MERCHANT_GUILD))
		return 2;
	/* CK14.4 Merchant Fleet, CK14.3 the merchant */
	if (CA_CK(st) && (((st->ck.fleet >> k & 1) && seat == st->active) ||
	    (st->ck.merchant_holder == seat && k < CA_RES &&
	    CA_TERRAIN_RES(ca_hex_terrain(st, st->ck.merchant)) == k)))
		return 2;
	/* only harbor corners matter: the two ends of each harbor edge */
	for (int i = 0; i < 2 * st->b->nharbors; i++) {
		int c = st->b->harbor_corner[i];
		int h = st->b->corner[c].harbor;

		if (!own_building(st, c, seat))
			continue;
		if (k < CA_RES && (h >> k) & 1)
			return 2;
		if ((h >> CA_HARBOR_ANY) & 1)
			rate = 3;
	}
	return rate;
}

/* ca_rate for every kind at once in a C&K game (r: CA_KINDS rates), the
   harbors read once: the same conditions in the same precedence. */
static void
ck_rates(const struct ca_state *st, int seat, int *r)
{
	int guild = has_ability(st, seat, CK_MERCHANT_GUILD), any = 4;
	int mres = -1;
	unsigned spec = 0;

	if (st->ck.merchant_holder == seat)
		mres = CA_TERRAIN_RES(ca_hex_terrain(st, st->ck.merchant));
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
static void
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

static int
one_kind(const uint8_t *b, int *kind)
{
	int n = 0;

	for (int k = 0; k < CA_KINDS; k++)
		if (b[k]) {
			n++;
			*kind = k;
		}
	return n == 1;
}

static int
do_trade(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int gk = 0, wk = 0, r, rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (!one_kind(a->give, &gk) || !one_kind(a->get, &wk))
		return NO("a bank trade gives one kind for one kind");
	if (gk == wk)
		return NO("never the same resource on both sides (CA7.1)");
	if (!CA_CK(st) && (gk >= CA_RES || wk >= CA_RES))
		return NO("the bank trades resources");
	r = ca_rate(st, seat, gk);
	if (a->give[gk] != a->get[wk] * r) {
		rc = NO("your rate for %s is %d:1", ca_kind_names[gk], r);
		if (err != NULL)
			snprintf(err->hint, sizeof err->hint,
			    "trade %d %s for %d %s", a->get[wk] * r,
			    ca_kind_names[gk], a->get[wk], ca_kind_names[wk]);
		return rc;
	}
	if (st->p[seat].hand[gk] < a->give[gk])
		return NO("you hold fewer than %d %s", a->give[gk],
		    ca_kind_names[gk]);
	if (st->bank[wk] < a->get[wk])
		return NO("the bank holds %d %s", st->bank[wk],
		    ca_kind_names[wk]);
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->bank, a->give);
	move_cards(st->bank, st->p[seat].hand, a->get);
	NOTE("%s trades %d %s for %d %s with the bank",
	    seat_name(seat), a->give[gk], ca_kind_names[gk], a->get[wk],
	    ca_kind_names[wk]);
	return 0;
}

static void
lapse_all(struct ca_state *st)
{
	memset(st->off, 0, sizeof st->off);
}

static int
check_bundles(const uint8_t *give, const uint8_t *get, struct rules_error *err)
{
	if (bundle_sum(give) == 0 || bundle_sum(get) == 0)
		return NO("each side gives at least one card (CA7.2)");
	for (int k = 0; k < CA_KINDS; k++)
		if (give[k] && get[k])
			return NO("no resource on both sides (CA7.2): %s",
			    ca_kind_names[k]);
	return 0;
}

static int
do_offer(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_offer *o = &st->off[seat];
	unsigned to = a->to;
	char g[80], w[80], list[64];
	size_t len = 0;
	int rc;

	if (st->phase != CA_PH_MAIN || st->npend > 0)
		return NO("offers only in the main phase of a turn (CA7.2)");
	if ((rc = check_bundles(a->give, a->get, err)) != 0)
		return rc;
	if (seat == st->active) {
		if (to & (1u << seat))
			return NO("an offer to yourself");
		for (int s = 0; s < CA_SEATS; s++)
			if ((to >> s) & 1 && !live(st, s))
				return NO("%s is not playing", seat_name(s));
		if (to == 0)
			for (int s = 0; s < st->nseats; s++)
				if (s != seat && live(st, s))
					to |= 1u << s;
	} else {
		const struct ca_offer *ao = &st->off[st->active];

		if (to != 0 && to != (1u << st->active))
			return NO("a counter-offer goes to %s alone (CA7.3)",
			    seat_name(st->active));
		if (!ao->num || !(ao->to & (1u << seat)) ||
		    (ao->declined & (1u << seat)))
			return NO("no offer of %s is open to %s (CA7.3)",
			    seat_name(st->active), seat_name(seat));
		to = 1u << st->active;
	}
	if (!holds(st->p[seat].hand, a->give))
		return NO("you do not hold %s", bundle_text(a->give, g,
		    sizeof g));
	if (dry)
		return 0;
	memset(o, 0, sizeof *o);
	o->num = st->next_offer++;
	o->to = (uint8_t)to;
	memcpy(o->give, a->give, sizeof o->give);
	memcpy(o->get, a->get, sizeof o->get);
	list[0] = '\0';
	for (int s = 0; s < st->nseats; s++)
		if ((to >> s) & 1)
			len += (size_t)snprintf(list + len, sizeof list - len,
			    "%s%s", len ? ", " : "", seat_name(s));
	NOTE("#%d %s offers %s for %s to %s", o->num,
	    seat_name(seat), bundle_text(a->give, g, sizeof g),
	    bundle_text(a->get, w, sizeof w), list);
	return 0;
}

static int
find_offer(const struct ca_state *st, int num)
{
	for (int s = 0; s < st->nseats; s++)
		if (num && st->off[s].num == num)
			return s;
	return -1;
}

static int
do_answer(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int m = find_offer(st, a->num);
	struct ca_offer *o;
	char g[80], w[80];

	if (st->phase != CA_PH_MAIN || st->npend > 0)
		return NO("no offer may be answered now");
	if (m < 0)
		return NO("offer #%d is not open", a->num);
	o = &st->off[m];
	if (m == seat)
		return NO("#%d is your own offer", a->num);
	if (!(o->to & (1u << seat)))
		return NO("#%d is not addressed to %s", a->num, seat_name(seat));
	if (o->declined & (1u << seat))
		return NO("you declined #%d", a->num);
	if (a->verb == CA_A_DECLINE) {
		if (dry)
			return 0;
		o->declined |= (uint8_t)(1u << seat);
		NOTE("%s declines #%d", seat_name(seat), o->num);
		if ((o->declined & o->to) == o->to)
			memset(o, 0, sizeof *o);
		return 0;
	}
	if (!holds(st->p[m].hand, o->give))
		return NO("%s lacks the cards of #%d", seat_name(m), a->num);
	if (!holds(st->p[seat].hand, o->get))
		return NO("%s lacks the cards of #%d", seat_name(seat), a->num);
	if (dry)
		return 0;
	move_cards(st->p[m].hand, st->p[seat].hand, o->give);
	move_cards(st->p[seat].hand, st->p[m].hand, o->get);
	NOTE("%s accepts #%d: %s gives %s, %s gives %s",
	    seat_name(seat), o->num, seat_name(m),
	    bundle_text(o->give, g, sizeof g), seat_name(seat),
	    bundle_text(o->get, w, sizeof w));
	lapse_all(st);
	return 0;
}

static int
do_withdraw(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct rules_error *err)
{
	if (!st->off[seat].num)
		return NO("%s has no open offer", seat_name(seat));
	if (dry)
		return 0;
	NOTE("%s withdraws #%d", seat_name(seat), st->off[seat].num);
	memset(&st->off[seat], 0, sizeof st->off[seat]);
	return 0;
}

/* ---- development cards (CA8) ----------------------------------------------- */

static int
do_buy(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct ca_secret *sec, struct rules_error *err)
{
	struct chance_stream cs;
	struct ca_player *p = &st->p[seat];
	int total = 0, i, t, rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (CA_CK(st))
		return NO("Cities & Knights has no development cards (CK1.2)");
	for (t = 0; t < CA_DEVS; t++)
		total += st->deck[t];
	if (total == 0)
		return NO("the development deck is empty");
	if ((rc = pay(st, seat, cost_card, "a development card", err)) != 0)
		return rc;
	if (dry)
		return 0;
	/* Every seat takes part (fair-play.md 3.5: a quorum of the buyer
	 * alone would let it read its card before buying; t/0850). */
	if ((rc = open_event(st, EV_DEVCARD, "development card", 0, &cs,
	    err)) != 0)
		return rc;
	i = chance_below(&cs, total);
	for (t = 0; t < CA_DEVS; t++) {
		if (i < st->deck[t])
			break;
		i -= st->deck[t];
	}
	move_cards(p->hand, st->bank, cost_card);
	st->deck[t]--;
	p->dev[t]++;
	p->devnew[t]++;
	NOTE("%s bought a development card (%d left)",
	    seat_name(seat), total - 1);
	secret_add(sec, seat, "you bought a %s card", ca_dev_names[t]);
	return 0;
}

static int
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

static void
played(struct ca_state *st, int seat, int t, struct rules_note *note)
{
	st->p[seat].dev[t]--;
	st->played_card = 1;
	NOTE("%s plays %s", seat_name(seat), ca_dev_names[t]);
}

static int
do_knight(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	int who, rc;

	if ((rc = can_play(st, seat, CA_KNIGHT, err)) != 0)
		return rc;
	if ((rc = check_robber(st, seat, a->a, a->ka, a->victim, &who,
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	played(st, seat, CA_KNIGHT, note);
	st->p[seat].knights++;
	award_army(st, note, 0);
	return move_robber(st, seat, a->a, a->ka, who, note, sec, err);
}

static int
do_plenty(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int bank = bundle_sum(st->bank), want, rc;
	char g[80];

	if ((rc = can_play(st, seat, CA_PLENTY, err)) != 0)
		return rc;
	if (bank == 0)
		return NO("the bank is empty (CA8.5)");
	want = bank < 2 ? bank : 2;
	if (bundle_sum(a->get) != want)
		return NO("year-of-plenty takes %d card%s", want,
		    want == 1 ? "" : "s");
	for (int k = CA_RES; k < CA_KINDS; k++)
		if (a->get[k])
			return NO("year-of-plenty takes resources");
	if (!holds(st->bank, a->get))
		return NO("the bank does not hold %s",
		    bundle_text(a->get, g, sizeof g));
	if (dry)
		return 0;
	played(st, seat, CA_PLENTY, note);
	move_cards(st->bank, st->p[seat].hand, a->get);
	NOTE("%s takes %s", seat_name(seat),
	    bundle_text(a->get, g, sizeof g));
	return 0;
}

static int
do_monopoly(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err)
{
	char line[200];
	size_t len = 0;
	int k = a->res, rc;

	if ((rc = can_play(st, seat, CA_MONOPOLY, err)) != 0)
		return rc;
	if (k >= CA_RES)
		return NO("monopoly names a resource");
	if (dry)
		return 0;
	played(st, seat, CA_MONOPOLY, note);
	line[0] = '\0';
	for (int s = 0; s < st->nseats; s++) {
		int n = st->p[s].hand[k];

		if (s == seat || !live(st, s) || n == 0)
			continue;
		st->p[s].hand[k] = 0;
		st->p[seat].hand[k] = (uint8_t)(st->p[seat].hand[k] + n);
		if (note != NULL)
			len += (size_t)snprintf(line + len, sizeof line - len,
			    "%s%s gives %d %s", len ? ", " : "", seat_name(s), n,
			    ca_kind_names[k]);
	}
	if (len)
		NOTE("%s", line);
	else
		NOTE("nobody has %s", ca_kind_names[k]);
	return 0;
}

/* Could seat place any free road or ship now (CA8.4)? */
static int
any_free_edge(const struct ca_state *st, int seat)
{
	for (int ship = 0; ship < 2; ship++)
		for (int e = 0; e < st->b->nedge; e++)
			if (edge_fits(st, seat, e, ship, CA_NONE, NULL) == 0)
				return 1;
	return 0;
}

static int
do_roads(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_state tmp;
	int rc;

	if ((rc = can_play(st, seat, CA_ROADS, err)) != 0)
		return rc;
	tmp = *st;
	for (int i = 0; i < 2; i++) {
		int e = i ? a->b : a->a, ship = i ? a->kb : a->ka;

		if (e == CA_NONE) {
			if (i == 1 && any_free_edge(&tmp, seat))
				return NO("road-building places two pieces "
				    "while two fit (CA8.4)");
			break;
		}
		if ((rc = edge_fits(&tmp, seat, e, ship, CA_NONE, err)) != 0)
			return rc;
		place_edge(&tmp, seat, e, ship);
	}
	if (dry)
		return 0;
	played(st, seat, CA_ROADS, note);
	for (int i = 0; i < 2; i++) {
		int e = i ? a->b : a->a, ship = i ? a->kb : a->ka;

		if (e == CA_NONE)
			break;
		if ((rc = lay_edge(st, seat, e, ship, note, err)) != 0)
			return rc;
	}
	award_longest_of(st, 1u << seat, note);
	return 0;
}


/* ---- Cities & Knights: progress cards played (CK13.5, CK14) ------------ */

/* The place of card i in seat's progress hand, or -1. */
static int
prog_at(const struct ca_state *st, int seat, int i)
{
	const struct ca_ck_player *p = &st->ck.p[seat];

	for (int k = 0; k < p->nprog; k++)
		if (p->prog[k] == i)
			return k;
	return -1;
}

/* CK13.5, CK13.6: the card leaves the hand for the bottom of its deck. */
static void
played_progress(struct ca_state *st, int seat, int i, struct rules_note *note)
{
	struct ca_ck_player *p = &st->ck.p[seat];
	int at = prog_at(st, seat, i);

	memmove(&p->prog[at], &p->prog[at + 1],
	    (size_t)(CK_HAND_MAX - 1 - at));
	p->prog[CK_HAND_MAX - 1] = CA_NONE;
	p->nprog--;
	to_bottom(st, i);
	NOTE("%s plays %s", seat_name(seat), st->ck.d->cards[i].name);
}

/* An own settlement or city on a corner of hex h. */
static int
own_at_hex(const struct ca_state *st, int seat, int h)
{
	for (int d = 0; d < 6; d++)
		if (own_building(st, st->b->hcorner[h][d], seat))
			return 1;
	return 0;
}

/* CK14.20, CK14.22: 2 of kind for each hex of terrain t by seat. */
static int
harvest(struct ca_state *st, int seat, int t, int k, int dry,
    struct rules_note *note, struct rules_error *err)
{
	int n = 0, got;

	for (int h = 0; h < st->b->nhex; h++)
		if (ca_hex_terrain(st, h) == t && own_at_hex(st, seat, h))
			n++;
	if (n == 0)
		return NO("no %s next to a settlement or city of yours",
		    ca_terrain_names[t]);
	if (dry)
		return 0;
	got = 2 * n < st->bank[k] ? 2 * n : st->bank[k];
	st->bank[k] = (uint8_t)(st->bank[k] - got);
	st->p[seat].hand[k] = (uint8_t)(st->p[seat].hand[k] + got);
	NOTE("%s takes %d %s", seat_name(seat), got, ca_kind_names[k]);
	return 0;
}

/* CK14.5, CK14.6: each opponent gives up to most of kind k. */
static void
monopoly(struct ca_state *st, int seat, int k, int most,
    struct rules_note *note)
{
	for (int i = 1; i < st->nseats; i++) {
		int s = (seat + i) % st->nseats, n;

		if (!live(st, s))
			continue;
		n = st->p[s].hand[k] < most ? st->p[s].hand[k] : most;
		if (n == 0)
			continue;
		st->p[s].hand[k] = (uint8_t)(st->p[s].hand[k] - n);
		st->p[seat].hand[k] = (uint8_t)(st->p[seat].hand[k] + n);
		NOTE("%s gives %s %d %s", seat_name(s), seat_name(seat), n,
		    ca_kind_names[k]);
	}
}

/* One random card from who to seat (CK16.3's canonical kind order). */
static int
ck_steal(struct ca_state *st, int seat, int who, struct rules_note *note,
    struct ca_secret *sec, struct rules_error *err)
{
	struct chance_stream cs;
	struct ca_player *v = &st->p[who];
	int rc, k;

	if ((rc = open_event(st, EV_STEAL, "steal", (1u << seat) |
	    (1u << who), &cs, err)) != 0)
		return rc;
	k = stolen_kind(st, v, chance_below(&cs, ca_hand_count(v)));
	v->hand[k]--;
	st->p[seat].hand[k]++;
	NOTE("%s takes a card from %s", seat_name(seat), seat_name(who));
	secret_add(sec, seat, "you took 1 %s from %s", ca_kind_names[k],
	    seat_name(who));
	secret_add(sec, who, "%s took 1 %s from you", seat_name(seat),
	    ca_kind_names[k]);
	return 0;
}

/* seat takes the k-th progress card of v (CK14.13). */
static void
spy_take(struct ca_state *st, int seat, int v, int k, struct rules_note *note)
{
	struct ca_ck_player *q = &st->ck.p[v], *p = &st->ck.p[seat];
	int i = q->prog[k];

	memmove(&q->prog[k], &q->prog[k + 1], (size_t)(CK_HAND_MAX - 1 - k));
	q->prog[CK_HAND_MAX - 1] = CA_NONE;
	q->nprog--;
	if (p->nprog < CK_HAND_MAX)
		p->prog[p->nprog++] = (uint8_t)i;
	NOTE("%s takes a progress card from %s", seat_name(seat),
	    seat_name(v));
}

/* The cards from gave to got, told to the two of them (CK16.1). */
static void
secret_give(const struct ca_state *st, int from, int to, const uint8_t *b,
    struct ca_secret *sec)
{
	char g[80];

	bundle_text(b, g, sizeof g);
	secret_add(sec, to, "%s gave you %s", seat_name(from), g);
	secret_add(sec, from, "you gave %s %s", seat_name(to), g);
}

static int
do_take(struct ca_state *st, int seat, int i, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	int v, at = -1;

	if (st->npend == 0 || p->kind != CA_P_SPY ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no take", seat_name(seat));
	v = p->n[seat] - 1;
	for (int k = 0; k < st->ck.p[v].nprog && at < 0; k++)
		if (st->ck.p[v].prog[k] == i)
			at = k;
	if (at < 0)
		return NO("%s holds no such card", seat_name(v));
	if (dry)
		return 0;
	spy_take(st, seat, v, at, note);
	pend_pop(st);
	return 0;
}

/*
 * CK14.1: the seat owing the Commercial Harbor's trade gives the active
 * seat 1 commodity of its choice and gets the resource named; the two
 * of them know the cards (CK16.1).
 */
static int
harbor_give(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int act = st->active, r = st->pend[0].n[seat] - 1, k = -1;

	for (int x = 0; x < CA_KINDS; x++)
		if (a->give[x])
			k = x;
	if (bundle_sum(a->give) != 1 || k < CA_RES)
		return NO("give 1 commodity (CK14.1)");
	if (st->p[seat].hand[k] == 0)
		return NO("you hold no %s", ca_kind_names[k]);
	if (dry)
		return 0;
	st->p[seat].hand[k]--;
	st->p[act].hand[k]++;
	st->p[act].hand[r]--;
	st->p[seat].hand[r]++;
	NOTE("%s gives %s a commodity for a resource (Commercial Harbor)",
	    seat_name(seat), seat_name(act));
	secret_add(sec, act, "%s gave you 1 %s for your 1 %s",
	    seat_name(seat), ca_kind_names[k], ca_kind_names[r]);
	secret_add(sec, seat, "you gave %s 1 %s for 1 %s", seat_name(act),
	    ca_kind_names[k], ca_kind_names[r]);
	pend_pop(st);
	return 0;
}

/*
 * CK14.1: harbor SEAT RESOURCE, once the Commercial Harbor is played, at
 * most once an opponent a turn; void when SEAT holds no commodity (the
 * one forced answer from a hidden fact, CK18.3), else SEAT owes a give.
 */
static int
do_harbor(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err)
{
	uint8_t n[CA_SEATS] = { 0 };
	int v = a->victim, rc, any = 0;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (!(st->ck.harbor & CK_HARBOR_ON))
		return NO("play the Commercial Harbor first (CK14.1)");
	if (v >= st->nseats || v == seat || !live(st, v))
		return NO("the Commercial Harbor trades with another player");
	if (st->ck.harbor & (1u << v))
		return NO("you traded with %s by the Commercial Harbor this "
		    "turn (CK14.1)", seat_name(v));
	if (a->res >= CA_RES)
		return NO("you give a resource (CK14.1)");
	if (st->p[seat].hand[a->res] == 0)
		return NO("you hold no %s", ca_kind_names[a->res]);
	if (dry)
		return 0;
	st->ck.harbor = (uint8_t)(st->ck.harbor | (1u << v));
	for (int k = CA_RES; k < CA_KINDS; k++)
		any += st->p[v].hand[k];
	if (!any) {
		NOTE("%s holds no commodity: the Commercial Harbor's trade is "
		    "void (CK14.1)", seat_name(v));
		return 0;
	}
	NOTE("%s forces a trade on %s (Commercial Harbor)", seat_name(seat),
	    seat_name(v));
	n[v] = (uint8_t)(a->res + 1);
	pend_push(st, CA_P_HARBOR, 1u << v, n);
	return 0;
}

static int
do_give(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	char g[80];

	if (st->npend > 0 && p->kind == CA_P_HARBOR &&
	    (p->seats & (1u << seat)))
		return harbor_give(st, seat, a, dry, note, sec, err);
	if (st->npend == 0 || p->kind != CA_P_WEDDING ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no gift", seat_name(seat));
	if (bundle_sum(a->give) != p->n[seat])
		return NO("give exactly %d cards", p->n[seat]);
	if (!holds(st->p[seat].hand, a->give))
		return NO("you do not hold %s", bundle_text(a->give, g,
		    sizeof g));
	if (dry)
		return 0;
	move_cards(st->p[seat].hand, st->p[st->active].hand, a->give);
	NOTE("%s gives %s %d cards", seat_name(seat),
	    seat_name(st->active), p->n[seat]);
	secret_give(st, seat, st->active, a->give, sec);
	p->seats &= (uint8_t)~(1u << seat);
	p->n[seat] = 0;
	pend_settle(st);
	return 0;
}

/* A vacant corner at the end of an own road (CK11.2's placement). */
static int
knight_place_ok(const struct ca_state *st, int seat, int c)
{
	return c < st->b->ncorner && !st->corner[c] && road_end(st, seat, c);
}

/*
 * CK14.9: the knight of corner byte v deserted; the player (the active
 * seat) may place one of that level, or the highest lower one in their
 * supply, with its status, spent; nothing owed without a piece or a
 * place.  The item goes first in the queue (right after its step).
 */
static void
deserter_place(struct ca_state *st, uint8_t v, struct rules_note *note)
{
	int seat = st->active, level = CK_KNIGHT_LEVEL(v), any = 0;
	uint8_t n[CA_SEATS] = { 0 };

	while (level >= 1 && knights_on_board(st, seat, level) >=
	    CK_KNIGHTS_PER_LEVEL)
		level--;
	for (int c = 0; c < st->b->ncorner && !any; c++)
		any = knight_place_ok(st, seat, c);
	if (level < 1 || !any) {
		NOTE("%s has no knight to place", seat_name(seat));
		return;
	}
	n[seat] = (uint8_t)(1 + (level - 1) + 4 * CK_KNIGHT_ACTIVE(v));
	pend_push(st, CA_P_PLACE, 1u << seat, n);
	if (st->npend > 1) {
		struct ca_pend x = st->pend[st->npend - 1];

		memmove(&st->pend[1], &st->pend[0],
		    sizeof st->pend[0] * (size_t)(st->npend - 1));
		st->pend[0] = x;
	}
}

static void
desert(struct ca_state *st, int who, int c, struct rules_note *note)
{
	uint8_t v = st->corner[c];
	char name[32];

	st->corner[c] = 0;
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s's knight at %s deserts", seat_name(who), name);
	award_longest_of(st, meet_at(st, c, who), note);
	deserter_place(st, v, note);
}

static int
do_desert(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];

	if (st->npend == 0 || p->kind != CA_P_DESERT ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no deserter", seat_name(seat));
	if (!own_knight(st, seat, c))
		return NO("no knight of yours there");
	if (dry)
		return 0;
	pend_pop(st);
	desert(st, seat, c, note);
	return 0;
}

static int
do_place_knight(struct ca_state *st, int seat, int c, int dry,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	int level, active;
	char name[32];

	if (st->npend == 0 || p->kind != CA_P_PLACE ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no knight's place", seat_name(seat));
	level = (p->n[seat] - 1) % 4 + 1;
	active = (p->n[seat] - 1) / 4;
	if (c != CA_NONE && !knight_place_ok(st, seat, c))
		return NO("a knight stands on a vacant intersection at the "
		    "end of a road of yours (CK11.2)");
	if (dry)
		return 0;
	pend_pop(st);
	if (c == CA_NONE) {
		NOTE("%s places no knight", seat_name(seat));
		return 0;
	}
	st->corner[c] = CA_C_MAKE(seat, CA_CP_KNIGHT | (level - 1) |
	    (active ? CA_CP_ACTIVE : 0) | CA_CP_SPENT);
	if (note != NULL)
		ca_corner_name(st->b, c, name, sizeof name);
	NOTE("%s places a %s knight at %s", seat_name(seat), level == 1 ?
	    "basic" : level == 2 ? "strong" : "mighty", name);
	award_longest_of(st, meet_at(st, c, seat), note);
	return 0;
}

static int
do_take_cards(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	struct ca_pend *p = &st->pend[0];
	char g[80];
	int v;

	if (st->npend == 0 || p->kind != CA_P_MASTER ||
	    !(p->seats & (1u << seat)))
		return NO("%s owes no take", seat_name(seat));
	v = p->n[seat] - 1;
	if (bundle_sum(a->get) != 2)
		return NO("take 2 cards (CK14.2)");
	if (!holds(st->p[v].hand, a->get))
		return NO("%s does not hold %s", seat_name(v),
		    bundle_text(a->get, g, sizeof g));
	if (dry)
		return 0;
	move_cards(st->p[v].hand, st->p[seat].hand, a->get);
	NOTE("%s takes 2 cards from %s", seat_name(seat), seat_name(v));
	secret_give(st, v, seat, a->get, sec);
	pend_pop(st);
	return 0;
}

/* CK14.10: the road at e is open: an end of it holds no piece of its
   owner (a building, another road). */
static int
road_open(const struct ca_state *st, int e)
{
	const struct ca_edge *ed = &st->b->edge[e];
	int o = e_owner(st, e);

	for (int j = 0; j < 2; j++) {
		int x0 = ed->corner[j], held;
		const struct ca_corner *k;

		if (x0 == CA_NONE)
			continue;
		k = &st->b->corner[x0];
		held = st->corner[x0] && c_owner(st, x0) == o;
		for (int x = 0; x < k->nedge && !held; x++) {
			int f = k->edge[x];

			held = f != CA_NONE && f != e && st->edge[f] &&
			    e_owner(st, f) == o;
		}
		if (!held)
			return 1;
	}
	return 0;
}

static int
do_play(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	const struct ck_card *c;
	struct ca_state tmp;
	int rc, i = a->res, e;

	if (i >= st->ck.d->ncards)
		return NO("no such progress card");
	c = &st->ck.d->cards[i];
	e = c->effect;
	if (e == CK_E_ALCHEMIST) {
		/* CK14.16, CK4.2: only as the roll of the turn */
		if (seat != st->active || st->npend > 0 ||
		    st->phase != CA_PH_PREROLL)
			return NO("the Alchemist is played as the roll, before "
			    "it (CK14.16)");
		if (prog_at(st, seat, i) < 0)
			return NO("you hold no %s", c->name);
		if (a->a < 1 || a->a > 6 || a->b < 1 || a->b > 6)
			return NO("the dice show 1 to 6");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		return ck_roll(st, seat, a->a, a->b, note, err);
	}
	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (prog_at(st, seat, i) < 0)
		return NO("you hold no %s", c->name);
	switch (e) {
	case CK_E_WARLORD: {
		int any = 0;

		for (int x = 0; x < st->b->ncorner; x++) {
			uint8_t v = own_knight(st, seat, x);

			any |= v && !CK_KNIGHT_ACTIVE(v);
		}
		if (!any)
			return NO("no inactive knight of yours (CK14.14)");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		for (int x = 0; x < st->b->ncorner; x++) {
			uint8_t v = own_knight(st, seat, x);

			if (v && !CK_KNIGHT_ACTIVE(v))
				st->corner[x] = (uint8_t)(v | ((CA_CP_ACTIVE |
				    CA_CP_SPENT) << 3));
		}
		NOTE("%s's knights are all active", seat_name(seat));
		return 0;
	}
	case CK_E_IRRIGATION:
	case CK_E_MINING: {
		int t = e == CK_E_IRRIGATION ? CA_FIELDS : CA_MOUNTAINS;
		int k = e == CK_E_IRRIGATION ? CA_GRAIN : CA_ORE;

		if ((rc = harvest(st, seat, t, k, 1, NULL, err)) != 0 || dry)
			return rc;
		played_progress(st, seat, i, note);
		return harvest(st, seat, t, k, 0, note, err);
	}
	case CK_E_RESOURCE_MONOPOLY:
	case CK_E_TRADE_MONOPOLY:
		if (e == CK_E_RESOURCE_MONOPOLY ? a->ka >= CA_RES :
		    (a->ka < CA_RES || a->ka >= CA_KINDS))
			return NO("%s names a %s", c->name, e ==
			    CK_E_RESOURCE_MONOPOLY ? "resource" : "commodity");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		monopoly(st, seat, a->ka, e == CK_E_RESOURCE_MONOPOLY ? 2 : 1,
		    note);
		return 0;
	case CK_E_MERCHANT_FLEET:
		if (a->ka >= CA_KINDS)
			return NO("Merchant Fleet names a kind of card");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		st->ck.fleet |= (uint8_t)(1u << a->ka);	/* adds (CK14.4) */
		NOTE("%s trades %s at 2:1 this turn", seat_name(seat),
		    ca_kind_names[a->ka]);
		return 0;
	case CK_E_ENGINEER:
		if (a->a >= st->b->ncorner)
			return NO("no such corner");
		if ((rc = do_wall(st, seat, a->a, 1, 1, NULL, err)) != 0 || dry)
			return rc;
		played_progress(st, seat, i, note);
		return do_wall(st, seat, a->a, 1, 0, note, err);
	case CK_E_MEDICINE: {
		static const uint8_t cost_medicine[CA_KINDS] = { 0, 0, 0, 1, 2 };

		if (a->a >= st->b->ncorner)
			return NO("no such corner");
		if ((rc = build_city_for(st, seat, a->a, cost_medicine, 1, NULL,
		    err)) != 0 || dry)
			return rc;
		played_progress(st, seat, i, note);
		return build_city_for(st, seat, a->a, cost_medicine, 0, note,
		    err);
	}
	case CK_E_CRANE:
		if (a->ka >= CK_TRACKS)
			return NO("no such track");
		if ((rc = do_improve(st, seat, a->ka, a->a, 1, 1, NULL,
		    err)) != 0 || dry)
			return rc;
		played_progress(st, seat, i, note);
		return do_improve(st, seat, a->ka, a->a, 1, 0, note, err);
	case CK_E_SMITH:
		/* CK14.25: each in the order written, all or nothing */
		if (a->a >= st->b->ncorner || (a->b != CA_NONE &&
		    (a->b >= st->b->ncorner || a->b == a->a)))
			return NO("Smith promotes one or two different knights");
		tmp = *st;
		if ((rc = do_promote(&tmp, seat, a->a, 1, 0, NULL, err)) != 0)
			return rc;
		if (a->b != CA_NONE && (rc = do_promote(&tmp, seat, a->b, 1, 0,
		    NULL, err)) != 0)
			return rc;
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		do_promote(st, seat, a->a, 1, 0, note, NULL);
		if (a->b != CA_NONE)
			do_promote(st, seat, a->b, 1, 0, note, NULL);
		return 0;
	case CK_E_ROAD_BUILDING:
		/* CK14.24: 1 or 2 free roads, the second judged after the
		   first */
		if (a->a >= st->b->nedge || (a->b != CA_NONE &&
		    a->b >= st->b->nedge))
			return NO("no such edge");
		tmp = *st;
		for (int k = 0; k < 2; k++) {
			int x = k ? a->b : a->a;

			if (x == CA_NONE)
				break;
			if ((rc = edge_fits(&tmp, seat, x, 0, CA_NONE,
			    err)) != 0)
				return rc;
			place_edge(&tmp, seat, x, 0);
		}
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		for (int k = 0; k < 2; k++) {
			int x = k ? a->b : a->a;

			if (x == CA_NONE)
				break;
			if ((rc = lay_edge(st, seat, x, 0, note, err)) != 0)
				return rc;
		}
		award_longest_of(st, 1u << seat, note);
		return 0;
	case CK_E_MERCHANT: {
		int t;

		if (a->a >= st->b->nhex)
			return NO("no such hex");
		t = ca_hex_terrain(st, a->a);
		if (t < CA_HILLS || t > CA_MOUNTAINS)
			return NO("the merchant goes on a land hex producing a "
			    "resource (CK14.3)");
		if (!own_at_hex(st, seat, a->a))
			return NO("the merchant goes next to a settlement or "
			    "city of yours (CK14.3)");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		if (st->ck.merchant_holder != CA_NONE &&
		    st->ck.merchant_holder != seat)
			NOTE("%s loses the merchant", seat_name(
			    st->ck.merchant_holder));
		st->ck.merchant = (uint8_t)a->a;
		st->ck.merchant_holder = (uint8_t)seat;
		NOTE("%s holds the merchant: %s at 2:1", seat_name(seat),
		    ca_kind_names[CA_TERRAIN_RES(t)]);
		return 0;
	}
	case CK_E_BISHOP: {
		unsigned cand, holding;
		int who;

		if (st->ck.attacks == 0)
			return NO("the robber stays in the desert until the "
			    "barbarians have attacked (CK6.1)");
		if (a->a >= st->b->nhex)
			return NO("no such hex");
		/* base robber placement; the victim named: none */
		cand = victims(st, seat, a->a, 0, &holding);
		(void)cand;
		if ((rc = check_robber(st, seat, a->a, 0,
		    holding ? (uint8_t)__builtin_ctz(holding) : CA_NONE, &who,
		    err)) != 0)
			return rc;
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		if ((rc = move_robber(st, seat, a->a, 0, CA_NONE, note, sec,
		    err)) != 0)
			return rc;
		/* CK14.7: 1 card from each, clockwise from the active seat */
		for (int k = 1; k < st->nseats; k++) {
			int s = (seat + k) % st->nseats;

			if ((holding >> s) & 1 && (rc = ck_steal(st, seat, s,
			    note, sec, err)) != 0)
				return rc;
		}
		return 0;
	}
	case CK_E_SABOTEUR: {
		/* CK14.12: the others with at least as many VP discard half */
		uint8_t n[CA_SEATS] = { 0 };
		unsigned owe = 0, qualify = 0;
		int mine = ca_vp(st, seat, 1);

		for (int s = 0; s < st->nseats; s++)
			if (s != seat && live(st, s) && ca_vp(st, s, 1) >= mine) {
				qualify |= 1u << s;
				n[s] = (uint8_t)(ca_hand_count(&st->p[s]) / 2);
				if (n[s])
					owe |= 1u << s;
			}
		if (!qualify)
			return NO("nobody else has as many points as you "
			    "(CK14.12)");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		for (int s = 0; s < st->nseats; s++)
			if (n[s])
				NOTE("%s must discard %d", seat_name(s), n[s]);
		pend_push(st, CA_P_DISCARD, owe, n);
		return 0;
	}
	case CK_E_INTRIGUE: {
		/* CK14.11: an opponent's knight at the end of an own road is
		   displaced and retreats as in CK11.9 */
		uint8_t t = a->a < st->b->ncorner ? st->corner[a->a] : 0;
		uint8_t n[CA_SEATS] = { 0 };
		int owner = t ? CA_C_OWNER(t) : -1, last = CA_NONE, k;

		if (a->a >= st->b->ncorner)
			return NO("no such corner");
		if (!t || !CK_KNIGHT(t) || owner == seat)
			return NO("no knight of another player there (CK14.11)");
		if (!road_end(st, seat, a->a))
			return NO("the knight must stand at the end of a road "
			    "of yours (CK14.11)");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		st->corner[a->a] = 0;
		NOTE("%s's knight is displaced", seat_name(owner));
		k = retreats(st, owner, a->a, &last);
		if (k == 0)
			NOTE("%s's knight goes back to the supply",
			    seat_name(owner));
		else if (k == 1)
			retreat_to(st, owner, last, t, note);
		else {
			n[0] = a->a;
			n[1] = t;
			pend_push(st, CA_P_RETREAT, 1u << owner, n);
		}
		award_longest_of(st, meet_at(st, a->a, owner) | (k == 1 ?
		    meet_at(st, last, owner) : 0), note);
		return 0;
	}
	case CK_E_DIPLOMAT: {
		/* CK14.10: an open road removed; an own one may be put back */
		int o;

		if (a->a >= st->b->nedge || (a->b != CA_NONE &&
		    a->b >= st->b->nedge))
			return NO("no such edge");
		if (!st->edge[a->a] || e_ship(st, a->a))
			return NO("no road there");
		o = e_owner(st, a->a);
		if (!road_open(st, a->a))
			return NO("the road is not open: both ends hold a piece "
			    "of its owner (CK14.10)");
		if (a->b != CA_NONE && o != seat)
			return NO("only your own road is put back (CK14.10)");
		if (a->b != CA_NONE) {
			tmp = *st;
			tmp.edge[a->a] = 0;
			tmp.p[o].supply[CA_S_ROAD]++;
			if ((rc = edge_fits(&tmp, seat, a->b, 0, CA_NONE,
			    err)) != 0)
				return rc;
		}
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		st->edge[a->a] = 0;
		st->p[o].supply[CA_S_ROAD]++;
		NOTE("%s's road is removed", seat_name(o));
		if (a->b != CA_NONE && (rc = lay_edge(st, seat, a->b, 0, note,
		    err)) != 0)
			return rc;
		/* o's roads alone changed (a road put back is o's own, and
		   no route is blocked by another seat's road) */
		award_longest_of(st, 1u << o, note);
		return 0;
	}
	case CK_E_MASTER_MERCHANT: {
		/* CK14.2: 2 cards of a player with more points, seen */
		uint8_t n[CA_SEATS] = { 0 };
		int v = a->victim, h;

		if (v == CA_NONE || v == seat || !live(st, v))
			return NO("the Master Merchant names another player");
		if (ca_vp(st, v, 1) <= ca_vp(st, seat, 1))
			return NO("%s has no more points than you (CK14.2)",
			    seat_name(v));
		if ((h = ca_hand_count(&st->p[v])) == 0)
			return NO("%s holds no card (CK14.2)", seat_name(v));
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		if (h <= 2) {			/* CK18.2: forced */
			uint8_t all[CA_KINDS];

			memcpy(all, st->p[v].hand, sizeof all);
			move_cards(st->p[v].hand, st->p[seat].hand, all);
			NOTE("%s takes %d card%s from %s", seat_name(seat), h,
			    h == 1 ? "" : "s", seat_name(v));
			secret_give(st, v, seat, all, sec);
			return 0;
		}
		n[seat] = (uint8_t)(v + 1);
		pend_push(st, CA_P_MASTER, 1u << seat, n);
		return 0;
	}
	case CK_E_DESERTER: {
		/* CK14.9 */
		uint8_t n[CA_SEATS] = { 0 };
		int v = a->victim, k = 0, last = CA_NONE;

		if (v == CA_NONE || v == seat || !live(st, v))
			return NO("the Deserter names another player");
		for (int x = 0; x < st->b->ncorner; x++)
			if (own_knight(st, v, x)) {
				k++;
				last = x;
			}
		if (k == 0)
			return NO("%s has no knight on the board (CK14.9)",
			    seat_name(v));
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		if (k == 1) {			/* CK18.2: forced */
			desert(st, v, last, note);
			return 0;
		}
		n[v] = 1;
		pend_push(st, CA_P_DESERT, 1u << v, n);
		return 0;
	}
	case CK_E_SPY: {
		/* CK14.13 */
		uint8_t n[CA_SEATS] = { 0 };
		int v = a->victim;

		if (v == CA_NONE || v == seat || !live(st, v))
			return NO("the Spy names another player");
		if (st->ck.p[v].nprog == 0)
			return NO("%s holds no progress card (CK14.13)",
			    seat_name(v));
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		if (st->ck.p[v].nprog == 1) {	/* CK18.2: forced */
			spy_take(st, seat, v, 0, note);
			return 0;
		}
		n[seat] = (uint8_t)(v + 1);
		pend_push(st, CA_P_SPY, 1u << seat, n);
		return 0;
	}
	case CK_E_WEDDING: {
		/* CK14.15: the richer give 2 of their choice, forced with 2
		   cards or fewer */
		uint8_t n[CA_SEATS] = { 0 };
		unsigned owe = 0, richer = 0;
		int mine = ca_vp(st, seat, 1);

		for (int s = 0; s < st->nseats; s++)
			if (s != seat && live(st, s) && ca_vp(st, s, 1) > mine)
				richer |= 1u << s;
		if (!richer)
			return NO("nobody has more points than you (CK14.15)");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		for (int k = 1; k < st->nseats; k++) {
			int s = (seat + k) % st->nseats;
			int h = ca_hand_count(&st->p[s]);

			if (!((richer >> s) & 1) || h == 0)
				continue;
			if (h <= 2) {
				uint8_t all[CA_KINDS];

				memcpy(all, st->p[s].hand, sizeof all);
				move_cards(st->p[s].hand, st->p[seat].hand, all);
				NOTE("%s gives %s %d card%s", seat_name(s),
				    seat_name(seat), h, h == 1 ? "" : "s");
				secret_give(st, s, seat, all, sec);
			} else {
				owe |= 1u << s;
				n[s] = 2;
			}
		}
		pend_push(st, CA_P_WEDDING, owe, n);
		return 0;
	}
	case CK_E_INVENTOR: {
		/* CK14.19: two tokens swapped, neither 2, 12, 6 nor 8 */
		int h[2] = { a->a, a->b };
		char hn[2][16];

		for (int k = 0; k < 2; k++) {
			int t;

			if (h[k] >= st->b->nhex)
				return NO("no such hex");
			if (st->b->terrain[h[k]] == CA_FOG ||
			    (t = ca_hex_token(st, h[k])) == 0)
				return NO("the Inventor swaps two number tokens "
				    "(CK14.19)");
			if (t == 2 || t == 12 || t == 6 || t == 8)
				return NO("the Inventor never moves a%s %d "
				    "(CK14.19)", t == 8 ? "n" : "", t);
		}
		if (h[0] == h[1])
			return NO("the Inventor swaps two different hexes "
			    "(CK14.19)");
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		for (int k = 0; k < 2; k++)
			ca_hex_name(st->b, h[k], hn[k], sizeof hn[k]);
		NOTE("%s swaps the %d of %s and the %d of %s", seat_name(seat),
		    ca_hex_token(st, h[0]), hn[0], ca_hex_token(st, h[1]),
		    hn[1]);
		{
			/* both hold movable tokens: both have a slot */
			int k0 = swap_slot(st->b, h[0]);
			int k1 = swap_slot(st->b, h[1]);
			int t = tok_get(st, k0);

			tok_set(st, k0, tok_get(st, k1));
			tok_set(st, k1, t);
		}
		return 0;
	}
	case CK_E_COMMERCIAL_HARBOR:
		/* CK14.1: forced trades for the rest of the turn */
		if (st->ck.harbor & CK_HARBOR_ON)
			return NO("the Commercial Harbor is in play this turn "
			    "already: once an opponent a turn, even with two "
			    "cards (CK14.1)");
		{
			int any = 0;

			for (int k = 0; k < CA_RES; k++)
				any |= st->p[seat].hand[k] != 0;
			if (!any)
				return NO("the Commercial Harbor needs a resource "
				    "to give, and you hold none (CK14.1)");
		}
		if (dry)
			return 0;
		played_progress(st, seat, i, note);
		st->ck.harbor = CK_HARBOR_ON;
		NOTE("%s may force a trade on each opponent this turn",
		    seat_name(seat));
		return 0;
	case CK_E_PRINTER:
	case CK_E_CONSTITUTION:
		return NO("a victory-point card is never played (CK13.3)");
	default:
		return NO("%s cannot be played yet: this card is not built "
		    "(lib/games/catan/README)", c->name);
	}
}

/* ---- end, resign, victory (CA4.6, CA11) ------------------------------------ */

static void
check_win(struct ca_state *st, struct rules_note *note)
{
	int s = st->active;

	if (st->phase == CA_PH_OVER || !live(st, s))
		return;
	if (vp_of(st, s, 1) < st->vp_target)
		return;
	st->phase = CA_PH_OVER;
	st->winner = (uint8_t)s;
	st->how = 1;
	st->npend = 0;
	NOTE("%s wins with %d points", seat_name(s), ca_vp(st, s, 1));
	for (int t = 0; t < st->nseats; t++)
		if (st->p[t].dev[CA_VP])
			NOTE("%s reveals %d victory-point card%s",
			    seat_name(t), st->p[t].dev[CA_VP],
			    st->p[t].dev[CA_VP] == 1 ? "" : "s");
}

static void
begin_turn(struct ca_state *st, struct rules_note *note)
{
	int n = st->nseats;

	lapse_all(st);
	if (st->b->kind == CA_MAP_SEAFARERS)	/* ships only there */
		for (int e = 0; e < st->b->nedge; e++)
			st->edge[e] &= (uint8_t)~CA_E_NEW;
	for (int s = 0; s < n; s++)
		memset(st->p[s].devnew, 0, sizeof st->p[s].devnew);
	st->played_card = st->moved_ship = 0;
	st->dice[0] = st->dice[1] = 0;
	if (CA_CK(st)) {
		/* CK11.6: spent marks are cleared when any turn begins */
#ifdef WORDWISE
		/* a byte's spent bit cleared where its knight bit is set
		   (the bits of CK_KNIGHT and CA_CP_SPENT, two apart) */
		for (int c = 0; c < st->b->ncorner; c += 8) {
			uint64_t w;

			memcpy(&w, st->corner + c, 8);
			w &= ~((w & (CA_CP_KNIGHT << 3) * WW_ONES) << 2);
			memcpy(st->corner + c, &w, 8);
		}
#else
		for (int c = 0; c < st->b->ncorner; c++)
			if (st->corner[c] && CK_KNIGHT(st->corner[c]))
				st->corner[c] = (uint8_t)(st->corner[c] &
				    ~(CA_CP_SPENT << 3));
#endif
		memset(st->ck.promoted, CA_NONE, sizeof st->ck.promoted);
		st->ck.event = 0;
		st->ck.fleet = 0;
		st->ck.harbor = 0;
	}
	st->npend = 0;
	memset(st->pend, 0, sizeof st->pend);
	do
		st->active = (uint8_t)((st->active + 1) % n);
	while (!live(st, st->active));
	st->turn++;
	st->phase = CA_PH_PREROLL;
	NOTE("%s to roll", seat_name(st->active));
	check_win(st, note);
}

static int
do_end(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct rules_error *err)
{
	int rc;

	if ((rc = main_phase(st, seat, err)) != 0)
		return rc;
	if (CA_CK(st) && st->ck.p[seat].nprog > CK_HAND_LIMIT)
		return NO("down to %d progress cards before the end of your "
		    "turn: 'discard progress SLUG' (CK4.6, CK13.4)",
		    CK_HAND_LIMIT);
	if (dry)
		return 0;
	begin_turn(st, note);
	return 0;
}

static int
do_resign(struct ca_state *st, int seat, int dry, struct rules_note *note,
    struct rules_error *err)
{
	struct ca_player *p = &st->p[seat];
	uint8_t all[CA_KINDS];

	(void)err;
	if (dry)
		return 0;
	memcpy(all, p->hand, sizeof all);
	move_cards(p->hand, st->bank, all);
	if (CA_CK(st)) {
		/* CK15.4: progress cards to the bottom of their decks, walls
		   and metropolises leave (a metropolis returns unclaimed) */
		struct ca_ck_player *q = &st->ck.p[seat];

		for (int k = 0; k < q->nprog; k++)
			to_bottom(st, q->prog[k]);
		q->nprog = 0;
		memset(q->prog, CA_NONE, sizeof q->prog);
		memset(q->wall, CA_NONE, sizeof q->wall);
		for (int t = 0; t < CK_TRACKS; t++)
			if (st->ck.metro[t] != CA_NONE &&
			    c_owner(st, st->ck.metro[t]) == seat)
				st->ck.metro[t] = CA_NONE;
		/* the merchant stays on its hex, held by nobody */
		if (st->ck.merchant_holder == seat) {
			st->ck.merchant_holder = CA_NONE;
			NOTE("the merchant is left without a holder");
		}
	}
	memset(p->dev, 0, sizeof p->dev);
	memset(p->devnew, 0, sizeof p->devnew);
	for (int c = 0; c < st->b->ncorner; c++)
		if (st->corner[c] && c_owner(st, c) == seat)
			st->corner[c] = 0;
	for (int e = 0; e < st->b->nedge; e++)
		if (st->edge[e] && e_owner(st, e) == seat)
			st->edge[e] = 0;
	p->resigned = 1;
	NOTE("%s resigns", seat_name(seat));
	memset(&st->off[seat], 0, sizeof st->off[seat]);
	for (int s = 0; s < st->nseats; s++)
		st->off[s].to &= (uint8_t)~(1u << seat);
	for (int s = 0; s < st->nseats; s++)
		if (st->off[s].num && !(st->off[s].to & ~st->off[s].declined))
			memset(&st->off[s], 0, sizeof st->off[s]);
	pend_settle(st);
	if (st->army == seat || st->army != CA_NONE)
		award_army(st, note, 1);
	award_longest(st, note);
	if (nlive(st) == 1) {
		for (int s = 0; s < st->nseats; s++)
			if (live(st, s))
				st->winner = (uint8_t)s;
		st->phase = CA_PH_OVER;
		st->how = 2;
		st->npend = 0;
		NOTE("%s is the last player left", seat_name(st->winner));
		return 0;
	}
	if (seat == st->active) {
		if (st->phase == CA_PH_SETUP)
			next_placement(st, note);
		else
			begin_turn(st, note);
	}
	return 0;
}

int
ca_forfeit(struct ca_state *st, int seat, struct rules_note *note,
    struct rules_error *err)
{
	int best = -1, bp = 0;

	if (seat < 0 || seat >= st->nseats)
		return NO("no seat %d", seat);
	if (st->phase == CA_PH_OVER)
		return NO("the game is over");
	for (int s = 0; s < st->nseats; s++) {
		int vp;

		if (s == seat || !live(st, s))
			continue;
		vp = ca_vp(st, s, 0);
		if (best < 0 || vp > bp) {
			best = s;
			bp = vp;
		}
	}
	if (best < 0)
		return NO("no other player is left in the game");
	NOTE("%s forfeits", seat_name(seat));
	st->winner = (uint8_t)best;
	st->phase = CA_PH_OVER;
	st->how = 3;
	st->npend = 0;
	NOTE("%s wins (forfeit)", seat_name(best));
	return 0;
}

/* ---- dispatch -------------------------------------------------------------- */

static int
dispatch(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	const struct ca_board *b = st->b;

	/* the places an action names, on the board: one jump on the verb
	   rather than a test of each kind in turn (every action, the end
	   and the roll among them, that names none) */
	switch (a->verb) {
	case CA_A_RESIGN:
		return do_resign(st, seat, dry, note, err);
	case CA_A_SETTLEMENT:
	case CA_A_CITY:
		if (a->a >= b->ncorner)
			return NO("no such corner");
		break;
	case CA_A_ROAD:
	case CA_A_SHIP:
		if (a->a >= b->nedge)
			return NO("no such edge");
		break;
	case CA_A_MOVESHIP:
		if (a->a >= b->nedge || a->b >= b->nedge)
			return NO("no such edge");
		break;
	case CA_A_ROADS:
		if (a->a >= b->nedge || (a->b != CA_NONE &&
		    a->b >= b->nedge))
			return NO("no such edge");
		break;
	case CA_A_ROBBER:
	case CA_A_PIRATE:
	case CA_A_KNIGHT:
		if (a->a >= b->nhex)
			return NO("no such hex");
		break;
	default:
		break;
	}
	if (a->victim != CA_NONE && (a->victim >= st->nseats ||
	    (a->verb != CA_A_ROBBER && a->verb != CA_A_PIRATE &&
	    a->verb != CA_A_KNIGHT && a->verb != CA_A_CHASE &&
	    a->verb != CA_A_PLAY && a->verb != CA_A_HARBOR)))
		return NO("no such player");
	if (st->phase == CA_PH_SETUP && st->npend == 0) {
		int second = CA_CK(st) && st->setup_i >= st->nseats;

		switch (a->verb) {
		case CA_A_SETTLEMENT:
			if (second && st->setup_corner == CA_NONE)
				return NO("the second placement is a city "
				    "(CK3.1)");
			return setup_settlement(st, seat, a->a, 0, dry, note,
			    err);
		case CA_A_CITY:
			if (!second || st->setup_corner != CA_NONE)
				break;
			return setup_settlement(st, seat, a->a, 1, dry, note,
			    err);
		case CA_A_ROAD:
		case CA_A_SHIP:
			return setup_edge(st, seat, a->a, a->verb == CA_A_SHIP,
			    dry, note, err);
		default:
			break;
		}
		return NO("set-up: place a %s (CA3.3)",
		    st->setup_corner != CA_NONE ? "road" : CA_CK(st) &&
		    st->setup_i >= st->nseats ? "city" : "settlement");
	}
	switch (a->verb) {
	case CA_A_ROLL:
		if (st->npend > 0 || seat != st->active)
			return NO("no roll now");
		return do_roll(st, seat, dry, note, err);
	case CA_A_END:
		return do_end(st, seat, dry, note, err);
	case CA_A_BUY:
		return do_buy(st, seat, dry, note, sec, err);
	case CA_A_WITHDRAW:
		return do_withdraw(st, seat, dry, note, err);
	case CA_A_SETTLEMENT:
		return build_settlement(st, seat, a->a, dry, note, err);
	case CA_A_CITY:
		return build_city(st, seat, a->a, dry, note, err);
	case CA_A_ROAD:
	case CA_A_SHIP:
		return build_edge(st, seat, a->a, a->verb == CA_A_SHIP, dry,
		    note, err);
	case CA_A_MOVESHIP:
		return move_ship(st, seat, a->a, a->b, dry, note, err);
	case CA_A_TRADE:
		return do_trade(st, seat, a, dry, note, err);
	case CA_A_OFFER:
		return do_offer(st, seat, a, dry, note, err);
	case CA_A_ACCEPT:
	case CA_A_DECLINE:
		return do_answer(st, seat, a, dry, note, err);
	case CA_A_DISCARD:
		return do_discard(st, seat, a, dry, note, err);
	case CA_A_PICK:
		return do_pick(st, seat, a, dry, note, err);
	case CA_A_ROBBER:
	case CA_A_PIRATE:
		if (seat != st->active)
			return NO("only %s moves the robber", seat_name(st->active));
		return do_robber(st, seat, a, dry, note, sec, err);
	case CA_A_KNIGHT:
		return do_knight(st, seat, a, dry, note, sec, err);
	case CA_A_ROADS:
		return do_roads(st, seat, a, dry, note, err);
	case CA_A_PLENTY:
		return do_plenty(st, seat, a, dry, note, err);
	case CA_A_MONOPOLY:
		return do_monopoly(st, seat, a, dry, note, err);
	case CA_A_PILLAGE:
		if (!CA_CK(st))
			break;
		return do_pillage(st, seat, a, dry, note, err);
	case CA_A_AQUEDUCT:
		if (!CA_CK(st))
			break;
		return do_aqueduct(st, seat, a, dry, note, err);
	case CA_A_WALL:
		if (!CA_CK(st))
			break;
		if (a->a >= b->ncorner)
			return NO("no such corner");
		return do_wall(st, seat, a->a, 0, dry, note, err);
	case CA_A_IMPROVE:
		if (!CA_CK(st))
			break;
		return do_improve(st, seat, a->res, a->a, 0, dry, note, err);
	case CA_A_KNIGHT_BUILD:
		if (!CA_CK(st))
			break;
		return do_knight_build(st, seat, a->a, dry, note, err);
	case CA_A_ACTIVATE:
		if (!CA_CK(st))
			break;
		return do_activate(st, seat, a->a, dry, note, err);
	case CA_A_PROMOTE:
		if (!CA_CK(st))
			break;
		return do_promote(st, seat, a->a, 0, dry, note, err);
	case CA_A_MOVE:
	case CA_A_DISPLACE:
		if (!CA_CK(st))
			break;
		return do_move(st, seat, a, dry, note, err);
	case CA_A_RETREAT:
		if (!CA_CK(st))
			break;
		return do_retreat(st, seat, a->a, dry, note, err);
	case CA_A_PROG_DISCARD:
		if (!CA_CK(st))
			break;
		if (a->res >= st->ck.d->ncards)
			return NO("no such progress card");
		return do_prog_discard(st, seat, a->res, dry, note, err);
	case CA_A_TRACKPICK:
		if (!CA_CK(st))
			break;
		return do_trackpick(st, seat, a->res, dry, note, err);
	case CA_A_PLAY:
		if (!CA_CK(st))
			break;
		return do_play(st, seat, a, dry, note, sec, err);
	case CA_A_DESERT:
		if (!CA_CK(st))
			break;
		if (a->a >= b->ncorner)
			return NO("no such corner");
		return do_desert(st, seat, a->a, dry, note, err);
	case CA_A_PLACE_KNIGHT:
		if (!CA_CK(st))
			break;
		if (a->a != CA_NONE && a->a >= b->ncorner)
			return NO("no such corner");
		return do_place_knight(st, seat, a->a, dry, note, err);
	case CA_A_TAKE:
		if (!CA_CK(st))
			break;
		return do_take(st, seat, a->res, dry, note, err);
	case CA_A_TAKE_CARDS:
		if (!CA_CK(st))
			break;
		return do_take_cards(st, seat, a, dry, note, sec, err);
	case CA_A_GIVE:
		if (!CA_CK(st))
			break;
		return do_give(st, seat, a, dry, note, sec, err);
	case CA_A_HARBOR:
		if (!CA_CK(st))
			break;
		return do_harbor(st, seat, a, dry, note, err);
	case CA_A_CHASE:
		if (!CA_CK(st))
			break;
		if (a->b >= b->nhex)
			return NO("no such hex");
		return do_chase(st, seat, a, dry, note, sec, err);
	default:
		break;
	}
	return NO("unknown action");
}

/*
 * Whether dispatch of a in st refuses only before its first write and
 * leaves run_auto nothing to do, so that ca_apply needs no copy of the
 * state to undo it: the frequent verbs of the main phase whose do_ checks
 * everything before `if (dry) return 0;` and then cannot fail, and push
 * nothing pending (main_phase asks npend == 0, and run_auto acts only on
 * something pending).  do_end's begin_turn clears the pending list.  The
 * roll too: do_roll refuses before it writes, the dice's event is opened
 * before any change (and changes nothing when it fails), the base game's
 * roll cannot fail after it, ck_roll copies the state itself where its
 * later draws may fail, and its run_auto leaves ca_apply's nothing it
 * could fail on.  The rest (every other draw of chance, lay_edge's fog,
 * the verbs that push or answer something pending) keep the copy.
 */
static int
refuses_first(const struct ca_state *st, const struct ca_action *a)
{
	if (a->verb == CA_A_ROLL && st->phase == CA_PH_PREROLL)
		return 1;	/* do_roll: the dice's event opened before any
				   change; the base game's then cannot fail,
				   ck_roll copies the state where its own may */
	if (st->phase != CA_PH_MAIN)
		return 0;	/* the set-up's own verbs, the pre-roll */
	switch (a->verb) {
	case CA_A_END:		/* main_phase, the hand limit; begin_turn */
	case CA_A_TRADE:	/* do_trade */
	case CA_A_SETTLEMENT:	/* build_settlement */
	case CA_A_CITY:		/* build_city_for */
	case CA_A_ACTIVATE:	/* do_activate */
	case CA_A_KNIGHT_BUILD:	/* do_knight_build */
	case CA_A_PROMOTE:	/* do_promote (not free: from a card) */
	case CA_A_WALL:		/* do_wall (not free) */
	case CA_A_IMPROVE:	/* do_improve (not free) */
		return 1;
	case CA_A_ROAD:		/* build_edge: lay_edge's reveal_fog draws */
	case CA_A_SHIP:		/* and may fail on a board with fog */
		return st->b->nfog == 0;
	default:
		return 0;
	}
}

int
ca_apply(struct ca_state *st, int seat, const struct ca_action *a,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	struct ca_state save;
	size_t nlen = note ? note->len : 0;
	int rc, copy;

	if (sec != NULL)
		secret_clear(sec);
	if (st->phase == CA_PH_OVER)
		return rules_refuse(err, RULES_REFUSED, "the game is over");
	if (seat < 0 || seat >= st->nseats || !((ca_may_act(st) >> seat) & 1))
		return rules_refuse(err, RULES_ESEAT, "%s may not act now: %s",
		    seat_name(seat), "it is not their turn");
	/* every rule checks before it changes anything; the copy makes a
	   refusal or RULES_PENDING leave the state as it was regardless,
	   where it is not known to (1,016 bytes, copied every action) */
	copy = !refuses_first(st, a);
	if (copy)
		save = *st;
	rc = dispatch(st, seat, a, 0, note, sec, err);
	if (rc == 0 && CA_CK(st))
		rc = run_auto(st, note, err);
	if (rc != 0) {
		if (copy)
			*st = save;
		if (note != NULL) {
			note->len = nlen;
			note->text[nlen] = '\0';
		}
		if (sec != NULL)
			secret_clear(sec);
		return rc;
	}
	if (!CA_CK(st))
		pend_settle(st);
	/* an end of turn asked it in begin_turn of the state as it is
	   now (nothing pending after it to settle or run) */
	if (a->verb != CA_A_END)
		check_win(st, note);
	return 0;
}

int
ca_check(const struct ca_state *st, int seat, const struct ca_action *a,
    struct rules_error *err)
{
	if (st->phase == CA_PH_OVER)
		return rules_refuse(err, RULES_REFUSED, "the game is over");
	if (seat < 0 || seat >= st->nseats || !((ca_may_act(st) >> seat) & 1))
		return rules_refuse(err, RULES_ESEAT, "%s may not act now",
		    seat_name(seat));
	/* dry: nothing is written (road-building checks on a copy) */
	return dispatch((struct ca_state *)(uintptr_t)st, seat, a, 1, NULL,
	    NULL, err);
}

/* ---- the legal list (CA14.1) ------------------------------------------------ */

/*
 * The list is built legal by construction: each verb's conditions are
 * tested once for the state (phase, supply, cost, a card to play), and
 * the places come from sets computed once per list -- the corners where
 * a seat's road or ship may join (joints), the free edges such a piece
 * fits -- with the same predicates as the checks above (distance_ok,
 * corner_land, victims, check_ship_movable).  Nothing is cached in the
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

/* An action known to be legal. */
static void
push(struct lister *l, const struct ca_action *a)
{
	if (l->n < l->max)
		l->out[l->n] = *a;
	l->n++;
}

static void ck_actions(struct lister *l, const int *rate);

static void
blank(struct ca_action *a, int verb)
{
	memset(a, 0, sizeof *a);
	a->verb = (uint8_t)verb;
	a->a = a->b = a->victim = CA_NONE;
}

/*
 * Every bundle of `left` cards within bound[] (kinds from k on): every
 * one is legal where the caller lists them (discards, picks, plenty).
 * The order is the first kind's count from the most down, then the
 * next's, and so on; a discard's list holds hundreds, so they are walked
 * in place rather than by a call a kind: from each bundle the next is
 * found at the last kind before the end that can give one card up with
 * the kinds after it still able to take what they hold and one more
 * (room[]), and the kinds after it filled again greedily.
 */
static void
bundles(struct lister *l, struct ca_action *a, uint8_t *b,
    const uint8_t *bound, int k, int left, int kinds)
{
	int room[CA_KINDS + 1], i;

	if (k >= kinds) {
		if (left == 0)
			push(l, a);	/* the empty bundle */
		return;
	}
	room[kinds] = 0;
	for (i = kinds - 1; i >= k; i--)
		room[i] = room[i + 1] + bound[i];
	if (left > room[k])
		return;
	for (i = k; i < kinds; i++) {
		b[i] = (uint8_t)(left < bound[i] ? left : bound[i]);
		left -= b[i];
	}
	for (;;) {
		push(l, a);
		/* left: what the kinds after i hold */
		left = b[kinds - 1];
		for (i = kinds - 2; i >= k; i--) {
			if (b[i] > 0 && left < room[i + 1])
				break;
			left += b[i];
		}
		if (i < k)
			break;
		b[i]--;
		left++;
		while (++i < kinds) {
			b[i] = (uint8_t)(left < bound[i] ? left : bound[i]);
			left -= b[i];
		}
	}
	memset(b + k, 0, (size_t)(kinds - k));
}

/*
 * The corners where a road (ship 0) or ship of seat may join (CA6.5, as
 * check_edge_place): an own settlement or city, or a corner without
 * another seat's piece where an own piece of that kind ends (the one at
 * lifted aside).  Every list asks this of the seat's few pieces, so the
 * corners and edges are read eight bytes at a time where the machine
 * allows: a byte whose owner bits (and ship bit, for an edge) match is a
 * candidate, the rest of the test is asked of it alone.
 */
static void
joints(const struct ca_state *st, int seat, int ship, int lifted,
    struct bits *j)
{
	const struct ca_board *b = st->b;
	/* an edge byte's owner and ship bits as a piece of that kind has
	   them (CA_E_NEW aside) */
	unsigned want = ((unsigned)seat + 1) | (ship ? CA_E_SHIP : 0);
	int nc = b->ncorner, ne = b->nedge, e = 0;

	memset(j, 0, sizeof *j);
#ifdef WORDWISE
	/* corner[] holds CA_MAX_CORNER bytes, a multiple of 8 */
	for (int c0 = 0; c0 < nc; c0 += 8) {
		uint64_t w, hit;

		memcpy(&w, st->corner + c0, 8);
		hit = ww_zero_bytes((w & 7 * WW_ONES) ^
		    (uint64_t)(seat + 1) * WW_ONES);
		if (nc - c0 < 8)
			hit &= (1ull << 8 * (nc - c0)) - 1;
		for (; hit != 0; hit &= hit - 1) {
			int c = c0 + (__builtin_ctzll(hit) >> 3);

			if (own_building(st, c, seat))
				BIT_ADD(j, c);
		}
	}
	for (; e + 8 <= ne; e += 8) {
		uint64_t w, hit;

		memcpy(&w, st->edge + e, 8);
		hit = ww_zero_bytes((w & (7 | CA_E_SHIP) * WW_ONES) ^
		    (uint64_t)want * WW_ONES);
		for (; hit != 0; hit &= hit - 1) {
			int f = e + (__builtin_ctzll(hit) >> 3);

			if (f == lifted)
				continue;
			for (int i = 0; i < 2; i++) {
				int c = b->edge[f].corner[i];

				if (c != CA_NONE && !foreign_piece(st, c, seat))
					BIT_ADD(j, c);
			}
		}
	}
#else
	for (int c = 0; c < nc; c++)
		if (own_building(st, c, seat))
			BIT_ADD(j, c);
#endif
	for (; e < ne; e++) {
		if ((st->edge[e] & (7 | CA_E_SHIP)) != want || e == lifted)
			continue;
		for (int i = 0; i < 2; i++) {
			int c = b->edge[e].corner[i];

			if (c != CA_NONE && !foreign_piece(st, c, seat))
				BIT_ADD(j, c);
		}
	}
}

/* The side of free edge e suits a road (known land beside) or a ship (a
   Seafarers map, sea beside, not by the pirate: CA5.5). */
static int
edge_suits(const struct ca_state *st, int e, int ship)
{
	const struct ca_edge *ed = &st->b->edge[e];

	if (!ship)
		return is_land(st, ed->hex[0]) || is_land(st, ed->hex[1]);
	return st->b->kind == CA_MAP_SEAFARERS && (is_sea(st, ed->hex[0]) ||
	    is_sea(st, ed->hex[1])) && !on_pirate(st, e);
}

/*
 * The edges where a road or ship of seat fits (check_edge_place with no
 * set-up corner; lifted: the ship being moved), supply not counted.  A
 * free edge fits when one of its ends is a joint, that is when it is
 * one of a joint's edges: so the joints' edges are asked, not every
 * edge of the board (the answer is a set, so their order is no matter).
 */
static void
fitting_at(const struct ca_state *st, int ship, const struct bits *j,
    struct bits *out)
{
	const struct ca_board *b = st->b;

	memset(out, 0, sizeof *out);
	for (int i = 0; i < 4; i++)
		for (uint64_t w = j->w[i]; w != 0; w &= w - 1) {
			const struct ca_corner *k =
			    &b->corner[64 * i + __builtin_ctzll(w)];

			for (int x = 0; x < k->nedge; x++) {
				int f = k->edge[x];

				if (f != CA_NONE && !st->edge[f] &&
				    !BIT_HAS(out, f) && edge_suits(st, f, ship))
					BIT_ADD(out, f);
			}
		}
}

static void
fitting(const struct ca_state *st, int seat, int ship, int lifted,
    struct bits *out)
{
	struct bits j;

	joints(st, seat, ship, lifted, &j);
	fitting_at(st, ship, &j, out);
}

/*
 * victims()'s holding of every hex for the robber (pirate 0) moved by
 * seat, in at[]: pieces_at & hold of each, from one walk of the
 * buildings (a hex's corners are the corners it is a hex of), not six
 * corners a hex.  Returns hold: the other seats in the game holding
 * cards.
 */
static unsigned
robber_victims(const struct ca_state *st, int seat, uint8_t *at)
{
	const struct ca_board *b = st->b;
	unsigned hold = 0;

	for (int s = 0; s < st->nseats; s++)
		if (s != seat && live(st, s) && ca_hand_count(&st->p[s]) > 0)
			hold |= 1u << s;
	memset(at, 0, (size_t)b->nhex);
	for (int c = 0; hold != 0 && c < b->ncorner; c++) {
		uint8_t v = st->corner[c];

		if (!v || !yield(CA_C_KIND(v)) || !((hold >> CA_C_OWNER(v)) & 1))
			continue;
		for (int i = 0; i < 3; i++)
			if (b->corner[c].hex[i] != CA_NONE)
				at[b->corner[c].hex[i]] |=
				    (uint8_t)(1u << CA_C_OWNER(v));
	}
	return hold;
}

/* Robber or pirate moves (CA5.3, CA5.4), also by a knight (CA8.3): every
   hex it may go to, with each victim who holds cards. */
static void
robber_moves(struct lister *l, int verb, int knight)
{
	const struct ca_state *st = l->st;
	struct ca_action a;
	uint8_t at[CA_MAX_HEX];	/* the robber's victims a hex */
	unsigned hold = robber_victims(st, l->seat, at);

	for (int pirate = 0; pirate < 2; pirate++) {
		if (pirate && st->b->kind != CA_MAP_SEAFARERS)
			break;
		for (int h = 0; h < st->b->nhex; h++) {
			unsigned holding;

			if (pirate ? !is_sea(st, h) || h == st->pirate :
			    !is_land(st, h) || h == st->robber)
				continue;
			blank(&a, knight ? CA_A_KNIGHT : pirate ? CA_A_PIRATE :
			    verb);
			a.a = (uint8_t)h;
			a.ka = (uint8_t)(knight ? pirate : 0);
			holding = pirate ? hold & pieces_at(st, h, 1) : at[h];
			if (holding == 0) {
				push(l, &a);
				continue;
			}
			for (int s = 0; s < st->nseats; s++)
				if ((holding >> s) & 1) {
					a.victim = (uint8_t)s;
					push(l, &a);
				}
		}
	}
}

/*
 * Road-building (CA8.4): two pieces, each set listed once (in key order,
 * key = 2 * edge + ship, unless only the other order works), or one when
 * no second one fits after it.  The second piece's edges: those of the
 * first list but the first's edge, and those at the first's ends that
 * its kind opens.
 */
static void
road_pairs(struct lister *l)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	const struct ca_player *p = &st->p[l->seat];
	struct bits fit[2], fit2[2];
	struct ca_action a;
	int seat = l->seat;

	for (int s = 0; s < 2; s++) {
		if (p->supply[s ? CA_S_SHIP : CA_S_ROAD] > 0)
			fitting(st, seat, s, CA_NONE, &fit[s]);
		else
			memset(&fit[s], 0, sizeof fit[s]);
	}
	for (int k1 = 0; k1 < 2 * b->nedge; k1++) {
		int e1 = k1 / 2, s1 = k1 % 2, any = 0;

		if (!BIT_HAS(&fit[s1], e1))
			continue;
		fit2[0] = fit[0];
		fit2[1] = fit[1];
		BIT_DEL(&fit2[0], e1);
		BIT_DEL(&fit2[1], e1);
		if (p->supply[s1 ? CA_S_SHIP : CA_S_ROAD] < 2)
			memset(&fit2[s1], 0, sizeof fit2[s1]);
		else
			for (int i = 0; i < 2; i++) {
				int c = b->edge[e1].corner[i];
				const struct ca_corner *k;

				if (c == CA_NONE || foreign_piece(st, c, seat))
					continue;
				k = &b->corner[c];
				for (int x = 0; x < k->nedge; x++) {
					int f = k->edge[x];

					if (f != e1 && !st->edge[f] &&
					    edge_suits(st, f, s1))
						BIT_ADD(&fit2[s1], f);
				}
			}
		for (int e2 = 0; e2 < b->nedge; e2++)
			for (int s2 = 0; s2 < 2; s2++) {
				int k2 = 2 * e2 + s2;

				if (!BIT_HAS(&fit2[s2], e2))
					continue;
				any = 1;
				if (k2 < k1 && BIT_HAS(&fit[s2], e2))
					continue;
				blank(&a, CA_A_ROADS);
				a.a = (uint8_t)e1;
				a.ka = (uint8_t)s1;
				a.b = (uint8_t)e2;
				a.kb = (uint8_t)s2;
				push(l, &a);
			}
		if (!any) {
			blank(&a, CA_A_ROADS);
			a.a = (uint8_t)e1;
			a.ka = (uint8_t)s1;
			push(l, &a);
		}
	}
}

/* Ship moves (CA6.8): every movable ship to every edge it fits once
   lifted. */
static void
ship_moves(struct lister *l)
{
	const struct ca_state *st = l->st;
	struct ca_action a;
	struct bits to;

	for (int e = 0; e < st->b->nedge; e++) {
		if (!st->edge[e] || check_ship_movable(st, l->seat, e, NULL))
			continue;
		fitting(st, l->seat, 1, e, &to);
		for (int t = 0; t < st->b->nedge; t++)
			if (t != e && BIT_HAS(&to, t)) {
				blank(&a, CA_A_MOVESHIP);
				a.a = (uint8_t)e;
				a.b = (uint8_t)t;
				push(l, &a);
			}
	}
}

/* The main phase of the active seat (CA6-CA8). */
static void
main_actions(struct lister *l)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	int seat = l->seat;
	const struct ca_player *p = &st->p[seat];
	/* what seat can pay and has in supply */
	int set = p->supply[CA_S_SETTLEMENT] && holds(p->hand, cost_settlement);
	int city = p->supply[CA_S_CITY] && holds(p->hand, cost_city);
	int road = p->supply[CA_S_ROAD] && holds(p->hand, cost_road);
	int ship = p->supply[CA_S_SHIP] && holds(p->hand, cost_ship);
	struct ca_action a;
	struct bits fit[2];
	int rate[CA_KINDS];	/* C&K: every kind's, for ck_actions too */

	for (int c = 0; (set || city) && c < b->ncorner; c++) {
		uint8_t v = st->corner[c];

		if (set && !v && check_settlement_place(st, seat, c, 1,
		    NULL) == 0) {
			blank(&a, CA_A_SETTLEMENT);
			a.a = (uint8_t)c;
			push(l, &a);
		}
		if (city && v && CA_C_OWNER(v) == seat &&
		    CA_C_KIND(v) == CA_CP_SETTLEMENT) {
			blank(&a, CA_A_CITY);
			a.a = (uint8_t)c;
			push(l, &a);
		}
	}
	if (road)
		fitting(st, seat, 0, CA_NONE, &fit[0]);
	if (ship)
		fitting(st, seat, 1, CA_NONE, &fit[1]);
	if (!road)
		memset(&fit[0], 0, sizeof fit[0]);
	if (!ship)
		memset(&fit[1], 0, sizeof fit[1]);
	/* edge order, a road before a ship at one edge: the edges that
	   fit either, lowest first */
	for (int i = 0; (road || ship) && i < 4; i++)
		for (uint64_t w = fit[0].w[i] | fit[1].w[i]; w != 0;
		    w &= w - 1) {
			int e = 64 * i + __builtin_ctzll(w);

			if (BIT_HAS(&fit[0], e)) {
				blank(&a, CA_A_ROAD);
				a.a = (uint8_t)e;
				push(l, &a);
			}
			if (BIT_HAS(&fit[1], e)) {
				blank(&a, CA_A_SHIP);
				a.a = (uint8_t)e;
				push(l, &a);
			}
		}
	if (b->kind == CA_MAP_SEAFARERS && !st->moved_ship)
		ship_moves(l);
	if (CA_CK(st))
		ck_rates(st, seat, rate);
	else
		rates(st, seat, rate);
	for (int gk = 0; gk < CA_RES; gk++) {
		int r = rate[gk];

		if (r > p->hand[gk])
			continue;	/* not one trade of gk */
		/* do_trade's conditions; the rate counted once per kind */
		for (int wk = 0; wk < CA_RES; wk++)
			for (int k = 1; wk != gk && k * r <= p->hand[gk] &&
			    k <= st->bank[wk]; k++) {
				blank(&a, CA_A_TRADE);
				a.give[gk] = (uint8_t)(k * r);
				a.get[wk] = (uint8_t)k;
				push(l, &a);
			}
	}
	if (can_play(st, seat, CA_PLENTY, NULL) == 0) {
		int bank = bundle_sum(st->bank);

		blank(&a, CA_A_PLENTY);
		if (bank > 0)
			bundles(l, &a, a.get, st->bank, 0, bank < 2 ? bank : 2,
			    CA_RES);
	}
	if (can_play(st, seat, CA_MONOPOLY, NULL) == 0)
		for (int k = 0; k < CA_RES; k++) {
			blank(&a, CA_A_MONOPOLY);
			a.res = (uint8_t)k;
			push(l, &a);
		}
	if (can_play(st, seat, CA_ROADS, NULL) == 0)
		road_pairs(l);
	if (CA_CK(st))
		ck_actions(l, rate);
}


/* Push a if its check accepts it (the C&K list: see ck_actions). */
static void
push_checked(struct lister *l, const struct ca_action *a)
{
	struct ca_state *w = (struct ca_state *)(uintptr_t)l->st;

	if (dispatch(w, l->seat, a, 1, NULL, NULL, NULL) == 0)
		push(l, a);
}


/* A knight promoted this turn stands at c (do_promote's CK11.5). */
static int
promoted_at(const struct ca_state *st, int c)
{
	for (int i = 0; i < 3 * CK_KNIGHTS_PER_LEVEL; i++)
		if (st->ck.promoted[i] == c)
			return 1;
	return 0;
}

/*
 * do_improve's refusals of track t's level lv for a seat holding a city
 * and the level's commodities, free_city set when one of its cities has
 * no metropolis: node the city named for the metropolis or CA_NONE.
 */
static int
improve_refused(const struct ca_state *st, int seat, int t, int lv, int node,
    int free_city)
{
	int holder, gets = metro_gets(st, seat, t, lv, &holder);

	if (lv >= CK_METRO_LEVEL && holder != seat && !free_city)
		return 1;
	if (gets != (node != CA_NONE))
		return 1;
	return gets && (!own_city(st, seat, node) || metro_at(st, node) >= 0);
}

/*
 * What ck_actions and ck_plays ask of a seat's pieces, from one walk of
 * the corners: its corners in order (and, with road_ends set, the free
 * corners at its roads' ends), whether it has a city and one without a
 * metropolis (do_improve's), its knights a level (knights_on_board's),
 * the Fortress (do_promote's).
 */
struct ck_seat {
	uint8_t own[CA_MAX_CORNER];
	int nown, any_city, free_city, nk[5], fortress;
};

static void
ck_seat_scan(const struct ca_state *st, int seat, int road_ends,
    struct ck_seat *cs)
{
	const struct ca_board *b = st->b;
	const uint8_t *corner = st->corner;
	/* 0x80 at the free corners where one of the seat's roads ends
	   (road_end's, from one walk of the edges; ships aside) */
	uint8_t end[CA_MAX_CORNER];
	int n = b->ncorner, nown = 0;

	/* own[] is read below nown only: left as it is (a list per
	   main-phase list, so no clearing of its bytes) */
	cs->nown = cs->any_city = cs->free_city = 0;
	memset(cs->nk, 0, sizeof cs->nk);
	cs->fortress = has_ability(st, seat, CK_FORTRESS);
	if (road_ends) {
		uint8_t roads[CA_MAX_EDGE];
		int nroads = seat_edges(st, seat, 7 | CA_E_SHIP, roads);

		memset(end, 0, sizeof end);
		for (int i = 0; i < nroads; i++) {
			int e = roads[i];

			for (int j = 0; j < 2; j++)
				if (b->edge[e].corner[j] != CA_NONE &&
				    !corner[b->edge[e].corner[j]])
					end[b->edge[e].corner[j]] = 0x80;
		}
	}
#ifdef WORDWISE
	/*
	 * A list walks the corners once for every main-phase list, so eight
	 * at a time: a byte's high bit in hit when the corner is the seat's
	 * (v & 7 == seat + 1) or a free road end; the hits in corner order.
	 * corner[] and end[] hold CA_MAX_CORNER bytes, a multiple of 8.
	 */
	for (int c0 = 0; c0 < n; c0 += 8) {
		uint64_t w, e = 0, hit;

		memcpy(&w, corner + c0, 8);
		if (road_ends)
			memcpy(&e, end + c0, 8);
		hit = ww_zero_bytes((w & 7 * WW_ONES) ^
		    (uint64_t)(seat + 1) * WW_ONES) | e;
		if (n - c0 < 8)
			hit &= (1ull << 8 * (n - c0)) - 1;
		for (; hit != 0; hit &= hit - 1) {
			int c = c0 + (__builtin_ctzll(hit) >> 3);
			uint8_t v = corner[c];
#else
	for (int c = 0; c < n; c++) {
		uint8_t v = corner[c];

		if (v ? CA_C_OWNER(v) == seat : road_ends && end[c]) {
#endif
			cs->own[nown++] = (uint8_t)c;
			if (!v)
				continue;
			if (CA_C_KIND(v) == CA_CP_CITY) {
				cs->any_city = 1;
				cs->free_city |= metro_at(st, c) < 0;
			}
			if (CK_KNIGHT(v))
				cs->nk[CK_KNIGHT_LEVEL(v)]++;
		}
	}
	cs->nown = nown;
}

/* do_promote's answer for the seat's knight of level lv at c, nk its
   knights a level: 1 when it accepts (the cost aside). */
static int
promotable(const struct ca_state *st, const struct ck_seat *cs, int c,
    int lv, const int *nk)
{
	return lv < 3 && (lv < 2 || cs->fortress) && !promoted_at(st, c) &&
	    nk[lv + 1] < CK_KNIGHTS_PER_LEVEL;
}

/* The plays of progress card i (CK14), each through its own check. */
static void
ck_plays(struct lister *l, const struct ck_seat *cs, int i)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	struct ca_action a;

	blank(&a, CA_A_PLAY);
	a.res = (uint8_t)i;
	a.ka = CA_NONE;
	switch (st->ck.d->cards[i].effect) {
	case CK_E_RESOURCE_MONOPOLY:
	case CK_E_TRADE_MONOPOLY:
	case CK_E_MERCHANT_FLEET:
		/* do_play's kinds: a resource, a commodity, any kind */
		for (int k = 0; k < CA_KINDS; k++) {
			int e = st->ck.d->cards[i].effect;

			if (e == CK_E_RESOURCE_MONOPOLY ? k >= CA_RES :
			    e == CK_E_TRADE_MONOPOLY && k < CA_RES)
				continue;
			a.ka = (uint8_t)k;
			push(l, &a);
		}
		return;
	case CK_E_CRANE:
		for (int t = 0; t < CK_TRACKS; t++) {
			const struct ck_trackdef *d = &st->ck.d->track[t];
			int lv = st->ck.p[l->seat].level[t] + 1;

			/* do_improve's level and cost, one commodity off */
			if (lv > CK_LEVELS || st->p[l->seat].hand[d->commodity] <
			    (d->cost[lv - 1] > 1 ? d->cost[lv - 1] - 1 : 0))
				continue;
			/* the rest of do_improve's refusals (its city,
			   metropolis) */
			if (!cs->any_city)
				return;
			a.ka = (uint8_t)t;
			a.a = CA_NONE;
			if (!improve_refused(st, l->seat, t, lv, CA_NONE,
			    cs->free_city))
				push(l, &a);
			for (int j = 0; lv >= CK_METRO_LEVEL && j < cs->nown;
			    j++) {
				int c = cs->own[j];

				if (!own_city(st, l->seat, c) ||
				    improve_refused(st, l->seat, t, lv, c,
				    cs->free_city))
					continue;
				a.a = (uint8_t)c;
				push(l, &a);
			}
		}
		return;
	case CK_E_INTRIGUE:
		/* do_play's: another seat's knight at an own road's end */
#ifdef WORDWISE
		/* the knights, eight corners at a time: CK_KNIGHT's bit of
		   the byte (corner[] holds CA_MAX_CORNER bytes, a multiple
		   of 8) */
		for (int c0 = 0; c0 < b->ncorner; c0 += 8) {
			uint64_t w, hit;

			memcpy(&w, st->corner + c0, 8);
			hit = w & (uint64_t)(CA_CP_KNIGHT << 3) * WW_ONES;
			if (b->ncorner - c0 < 8)
				hit &= (1ull << 8 * (b->ncorner - c0)) - 1;
			for (; hit != 0; hit &= hit - 1) {
				int c = c0 + (__builtin_ctzll(hit) >> 3);
#else
		for (int c = 0; c < b->ncorner; c++) {
#endif
				if (st->corner[c] && CK_KNIGHT(st->corner[c]) &&
				    CA_C_OWNER(st->corner[c]) != l->seat &&
				    road_end(st, l->seat, c)) {
					a.a = (uint8_t)c;
					push_checked(l, &a);
				}
#ifdef WORDWISE
			}
#endif
		}
		return;
	case CK_E_DIPLOMAT:
		/* do_play's: a road, not a ship, open (road_open); an own
		   one put back where edge_fits it with e lifted and one more
		   road in supply: where a road fits with e lifted (fitting),
		   and e itself, free then, when it joins and suits */
		for (int e = 0; e < b->nedge; e++) {
			struct bits j, to;
			const struct ca_edge *ed = &b->edge[e];

			if (!st->edge[e] || e_ship(st, e) || !road_open(st, e))
				continue;
			a.a = (uint8_t)e;
			a.b = CA_NONE;
			push(l, &a);
			if (e_owner(st, e) != l->seat)
				continue;
			joints(st, l->seat, 0, e, &j);
			fitting_at(st, 0, &j, &to);
			if (((ed->corner[0] != CA_NONE &&
			    BIT_HAS(&j, ed->corner[0])) ||
			    (ed->corner[1] != CA_NONE &&
			    BIT_HAS(&j, ed->corner[1]))) && edge_suits(st, e, 0))
				BIT_ADD(&to, e);
			for (int x = 0; x < 4; x++)
				for (uint64_t w = to.w[x]; w != 0;
				    w &= w - 1) {
					a.b = (uint8_t)(64 * x +
					    __builtin_ctzll(w));
					push(l, &a);
				}
		}
		return;
	case CK_E_ENGINEER:
	case CK_E_MEDICINE:
		/* do_wall's city of the seat without a wall; build_city_for's
		   settlement of the seat, a city in supply: of the seat's
		   corners (ck_seat_scan) */
		for (int j = 0; j < cs->nown; j++) {
			int c = cs->own[j];

			if (st->ck.d->cards[i].effect == CK_E_ENGINEER ?
			    own_city(st, l->seat, c) &&
			    wall_at(st, l->seat, c) < 0 :
			    st->corner[c] && c_owner(st, c) == l->seat &&
			    CA_C_KIND(st->corner[c]) == CA_CP_SETTLEMENT &&
			    st->p[l->seat].supply[CA_S_CITY] > 0) {
				a.a = (uint8_t)c;
				push_checked(l, &a);
			}
		}
		return;
	case CK_E_SMITH:
		/* do_promote's, free (CK14.25), of c, then of d with c
		   promoted: a knight more of c's next level, one less of its
		   own */
		for (int j = 0; j < cs->nown; j++) {
			int c = cs->own[j], lv, nk[5];

			if (!own_knight(st, l->seat, c))
				continue;
			lv = CK_KNIGHT_LEVEL(st->corner[c]);
			if (!promotable(st, cs, c, lv, cs->nk))
				continue;
			a.a = (uint8_t)c;
			a.b = CA_NONE;
			push(l, &a);
			memcpy(nk, cs->nk, sizeof nk);
			nk[lv]--;
			nk[lv + 1]++;
			for (int x = 0; x < cs->nown; x++) {
				int d = cs->own[x];

				if (d != c && own_knight(st, l->seat, d) &&
				    promotable(st, cs, d,
				    CK_KNIGHT_LEVEL(st->corner[d]), nk)) {
					a.b = (uint8_t)d;
					push(l, &a);
				}
			}
		}
		return;
	case CK_E_ROAD_BUILDING: {
		/* do_play's edge_fits of each road, the second with the first
		   laid, as road_pairs: the first's edges, and those at its
		   ends; what else its check asks is the same for every pair,
		   so asked once, of the first pair */
		int roads = st->p[l->seat].supply[CA_S_ROAD], ok = -1;
		struct bits fit, fit2;

		if (roads == 0)
			return;
		fitting(st, l->seat, 0, CA_NONE, &fit);
		for (int e = 0; e < b->nedge; e++) {
			if (!BIT_HAS(&fit, e))
				continue;
			a.a = (uint8_t)e;
			a.b = CA_NONE;
			if (ok < 0)
				ok = dispatch((struct ca_state *)(uintptr_t)st,
				    l->seat, &a, 1, NULL, NULL, NULL) == 0;
			if (!ok)
				return;
			push(l, &a);
			if (roads < 2)
				continue;
			fit2 = fit;
			BIT_DEL(&fit2, e);
			for (int j = 0; j < 2; j++) {
				int c = b->edge[e].corner[j];
				const struct ca_corner *k;

				if (c == CA_NONE || foreign_piece(st, c, l->seat))
					continue;
				k = &b->corner[c];
				for (int x = 0; x < k->nedge; x++) {
					int f = k->edge[x];

					if (f != e && !st->edge[f] &&
					    edge_suits(st, f, 0))
						BIT_ADD(&fit2, f);
				}
			}
			for (int f = 0; f < b->nedge; f++)
				if (BIT_HAS(&fit2, f)) {
					a.b = (uint8_t)f;
					push(l, &a);
				}
		}
		return;
	}
	case CK_E_MERCHANT:
	case CK_E_BISHOP: {
		int merchant = st->ck.d->cards[i].effect == CK_E_MERCHANT;
		int ok = -1;

		for (int h = 0; h < b->nhex && ok != 0; h++) {
			int t = ca_hex_terrain(st, h);

			/* do_play's: a resource's land hex; no robber
			   before the first attack (CK6.1) */
			if (merchant ? t < CA_HILLS || t > CA_MOUNTAINS :
			    st->ck.attacks == 0)
				continue;
			/* what do_play asks of the hex: the merchant next
			   to an own building; the Bishop's robber as
			   check_robber moves it (the victim do_play names
			   one who holds cards, so only the hex counts):
			   land, not its own hex.  The rest, the same for
			   every hex, asked once through the check. */
			if (merchant ? !own_at_hex(st, l->seat, h) :
			    !is_land(st, h) || h == st->robber)
				continue;
			a.a = (uint8_t)h;
			if (ok < 0)
				ok = dispatch((struct ca_state *)(uintptr_t)st,
				    l->seat, &a, 1, NULL, NULL, NULL) == 0;
			if (ok)
				push(l, &a);
		}
		return;
	}
	case CK_E_ALCHEMIST:
		return;		/* as the roll: ca_legal */
	case CK_E_INVENTOR: {
		uint8_t swap[CA_MAX_HEX];	/* a token it may move */

		for (int h = 0; h < b->nhex; h++) {
			int t = b->terrain[h] == CA_FOG ? 0 :
			    ca_hex_token(st, h);

			swap[h] = t != 0 && t != 2 && t != 12 && t != 6 &&
			    t != 8;
		}
		/* each pair once: swap[] asks what do_play asks of each
		   hex, and the two differ */
		for (int h = 0; h < b->nhex; h++)
			for (int g = h + 1; g < b->nhex; g++) {
				if (!swap[h] || !swap[g])
					continue;
				a.a = (uint8_t)h;
				a.b = (uint8_t)g;
				push(l, &a);
			}
		return;
	}
	case CK_E_SPY:
	case CK_E_DESERTER:
	case CK_E_MASTER_MERCHANT:
		/* do_play's first test of the victim: another seat, in
		   the game; the rest through the check */
		for (int v = 0; v < st->nseats; v++) {
			if (v == l->seat || !live(st, v))
				continue;
			a.victim = (uint8_t)v;
			push_checked(l, &a);
		}
		return;
	default:
		push_checked(l, &a);
		return;
	}
}

/*
 * Cities & Knights' own actions (CK7-CK11): the candidates of each verb
 * put through its own check (dry dispatch), so that the list holds what
 * the check accepts by construction; the knights' paths are computed
 * once a knight.
 */
static void
ck_actions(struct lister *l, const int *rate)
{
	const struct ca_state *st = l->st;
	const struct ca_board *b = st->b;
	int seat = l->seat;
	const struct ca_player *p = &st->p[seat];
	struct ca_action a;
	uint8_t mark[CA_MAX_CORNER];
	uint8_t rat[CA_MAX_HEX];	/* robber_victims, for a chase */
	struct ck_seat cs;
	int level[CK_TRACKS], build, wall, act, prom, ok, rat_done = 0;

	/* CK7.2: trades with a commodity on either side (rate: ck_rates,
	   worked out by main_actions) */
	for (int gk = 0; gk < CA_KINDS; gk++) {
		int r = rate[gk];

		if (r > p->hand[gk])
			continue;	/* not one trade of gk */
		for (int wk = 0; wk < CA_KINDS; wk++)
			for (int k = 1; wk != gk && (gk >= CA_RES ||
			    wk >= CA_RES) && k * r <= p->hand[gk] &&
			    k <= st->bank[wk]; k++) {
				blank(&a, CA_A_TRADE);
				a.give[gk] = (uint8_t)(k * r);
				a.get[wk] = (uint8_t)k;
				push(l, &a);
			}
	}
	/*
	 * What the checks below refuse for every corner, tested once:
	 * improvements at level, the next one's commodities held (the verb
	 * has no discount); the costs of a wall, a knight, an activation
	 * and a promotion held; a wall, a basic knight left (CK8.1, CK2.3).
	 * Improve, wall, knight build, activate and promote then ask the
	 * rest of their checks directly (ck_seat_scan, improve_refused,
	 * promotable); the other verbs go through theirs.
	 */
	for (int t = 0; t < CK_TRACKS; t++) {
		const struct ck_trackdef *d = &st->ck.d->track[t];
		int lv = st->ck.p[seat].level[t] + 1;

		level[t] = lv <= CK_LEVELS && p->hand[d->commodity] >=
		    d->cost[lv - 1] ? lv : 0;
	}
	wall = holds(p->hand, cost_wall) && wall_at(st, seat, CA_NONE) >= 0;
	act = holds(p->hand, cost_activate);
	prom = holds(p->hand, cost_knight);
	ck_seat_scan(st, seat, prom, &cs);
	build = prom && cs.nk[1] < CK_KNIGHTS_PER_LEVEL;
	for (int t = 0; t < CK_TRACKS; t++) {
		if (!level[t] || !cs.any_city ||
		    improve_refused(st, seat, t, level[t], CA_NONE,
		    cs.free_city))
			continue;
		blank(&a, CA_A_IMPROVE);
		a.res = (uint8_t)t;
		push(l, &a);
	}
	for (int v = 0; v < st->nseats && (st->ck.harbor & CK_HARBOR_ON); v++)
		for (int r = 0; r < CA_RES; r++) {
			blank(&a, CA_A_HARBOR);
			a.victim = (uint8_t)v;
			a.res = (uint8_t)r;
			push_checked(l, &a);
		}
	for (int k = 0; k < st->ck.p[seat].nprog; k++) {
		int i = st->ck.p[seat].prog[k], dup = 0;

		blank(&a, CA_A_PROG_DISCARD);
		a.res = (uint8_t)i;
		for (int j = 0; j < k; j++)
			dup |= st->ck.p[seat].prog[j] == i;
		if (dup)
			continue;	/* a second copy: the same actions */
		/* do_prog_discard refuses the active seat's discard in the
		   main phase at or below the hand limit (CK13.4) */
		if (!(seat == st->active && st->npend == 0 &&
		    st->phase == CA_PH_MAIN && st->ck.p[seat].nprog <=
		    CK_HAND_LIMIT))
			push_checked(l, &a);
		ck_plays(l, &cs, i);
	}
	for (int i = 0; i < cs.nown; i++) {
		int c = cs.own[i];
		uint8_t v = st->corner[c];

		if (!v) {
			/* do_knight_build's: free, at an own road's end, a
			   basic knight left, its cost held */
			if (!build)
				continue;
			blank(&a, CA_A_KNIGHT_BUILD);
			a.a = (uint8_t)c;
			push(l, &a);
			continue;
		}
		if (CA_C_KIND(v) == CA_CP_CITY) {
			/* do_wall's: no wall here, one in supply, paid */
			if (wall && wall_at(st, seat, c) < 0) {
				blank(&a, CA_A_WALL);
				a.a = (uint8_t)c;
				push(l, &a);
			}
			for (int t = 0; t < CK_TRACKS; t++) {
				if (level[t] < CK_METRO_LEVEL ||
				    improve_refused(st, seat, t, level[t], c,
				    cs.free_city))
					continue;	/* no metropolis */
				blank(&a, CA_A_IMPROVE);
				a.res = (uint8_t)t;
				a.a = (uint8_t)c;
				push(l, &a);
			}
		}
		if (!CK_KNIGHT(v))
			continue;
		/* do_activate's: not active, paid */
		if (act && !CK_KNIGHT_ACTIVE(v)) {
			blank(&a, CA_A_ACTIVATE);
			a.a = (uint8_t)c;
			push(l, &a);
		}
		/* do_promote's: not mighty, a strong one with the Fortress,
		   not promoted this turn, one of the next level left, paid */
		if (prom && promotable(st, &cs, c, CK_KNIGHT_LEVEL(v), cs.nk)) {
			blank(&a, CA_A_PROMOTE);
			a.a = (uint8_t)c;
			push(l, &a);
		}
		if (!CK_KNIGHT_ACTIVE(v) || (CA_C_KIND(v) & CA_CP_SPENT))
			continue;
		road_reach(st, seat, c, mark);
#ifdef WORDWISE
		/* the reached corners (mark 1), eight marks at a time:
		   road_reach clears all CA_MAX_CORNER of them, a multiple
		   of 8, so none past ncorner is 1 */
		for (int d0 = 0; d0 < b->ncorner; d0 += 8) {
			uint64_t w, hit;

			memcpy(&w, mark + d0, 8);
			for (hit = ww_zero_bytes(w ^ WW_ONES); hit != 0;
			    hit &= hit - 1) {
				int d = d0 + (__builtin_ctzll(hit) >> 3);
				uint8_t u = st->corner[d];
#else
		for (int d = 0; d < b->ncorner; d++) {
			uint8_t u = st->corner[d];

			if (mark[d] != 1)
				continue;
#endif
			if (!u) {
				blank(&a, CA_A_MOVE);
			} else if (CK_KNIGHT(u) && CA_C_OWNER(u) != seat &&
			    CK_KNIGHT_LEVEL(u) < CK_KNIGHT_LEVEL(v))
				blank(&a, CA_A_DISPLACE);
			else
				continue;
			a.a = (uint8_t)c;
			a.b = (uint8_t)d;
			push(l, &a);
		}
#ifdef WORDWISE
		}
#endif
		if (st->ck.attacks == 0 || (b->corner[c].hex[0] != st->robber &&
		    b->corner[c].hex[1] != st->robber &&
		    b->corner[c].hex[2] != st->robber))
			continue;	/* CK11.10: by the robber's hex only */
		/* check_robber's answer for each hex and victim, as it
		   gives it: not land, the robber's own hex refused; no
		   victim named refused when two or more hold cards; a victim
		   holding cards accepted.  The rest of do_chase's check is
		   the knight's, the same for every hex: asked once, of the
		   first candidate, through the check itself. */
		ok = -1;
		if (!rat_done) {
			(void)robber_victims(st, seat, rat);
			rat_done = 1;
		}
		for (int h = 0; h < b->nhex && ok != 0; h++) {
			unsigned holding;

			if (!is_land(st, h) || h == st->robber)
				continue;
			holding = rat[h];	/* victims()'s */
			for (int v2 = -1; v2 < st->nseats && ok != 0; v2++) {
				if (v2 >= 0 ? !((holding >> v2) & 1) :
				    __builtin_popcount(holding) > 1)
					continue;
				blank(&a, CA_A_CHASE);
				a.a = (uint8_t)c;
				a.b = (uint8_t)h;
				a.victim = v2 < 0 ? CA_NONE : (uint8_t)v2;
				if (ok < 0)
					ok = dispatch((struct ca_state *)
					    (uintptr_t)st, seat, &a, 1, NULL,
					    NULL, NULL) == 0;
				if (ok)
					push(l, &a);
			}
		}
	}
}

/*
 * The first item of the queue is owed by seat, as do_desert,
 * do_place_knight and do_retreat ask it first (their queue item's kind
 * is the caller's), of a Cities & Knights game (dispatch's).
 */
static int
owes(const struct ca_state *st, int seat)
{
	return CA_CK(st) && st->npend > 0 &&
	    ((st->pend[0].seats >> seat) & 1);
}

int
ca_legal(const struct ca_state *st, int seat, struct ca_action *out, int max)
{
	struct lister l = { st, seat, 0, max, out };
	struct ca_state *w = (struct ca_state *)(uintptr_t)st;	/* dry */
	const struct ca_board *b = st->b;
	struct ca_action a;

	if (st->phase == CA_PH_OVER || seat < 0 || seat >= st->nseats ||
	    !((ca_may_act(st) >> seat) & 1))
		return 0;
	if (st->npend > 0) {
		const struct ca_pend *p = &st->pend[0];

		if (p->kind == CA_P_DISCARD) {
			blank(&a, CA_A_DISCARD);
			bundles(&l, &a, a.give, st->p[seat].hand, 0, p->n[seat],
			    CA_KINDS);
		} else if (p->kind == CA_P_PICK) {
			int bank = bundle_sum(st->bank);

			blank(&a, CA_A_PICK);
			bundles(&l, &a, a.get, st->bank, 0, p->n[seat] < bank ?
			    p->n[seat] : bank, CA_RES);
		} else if (p->kind == CA_P_PILLAGE) {
			for (int c = 0; c < b->ncorner; c++)
				if (pillageable(st, seat, c)) {
					blank(&a, CA_A_PILLAGE);
					a.a = (uint8_t)c;
					push(&l, &a);
				}
		} else if (p->kind == CA_P_PROGRESS) {
			for (int k = 0; k < st->ck.p[seat].nprog; k++) {
				blank(&a, CA_A_PROG_DISCARD);
				a.res = st->ck.p[seat].prog[k];
				push_checked(&l, &a);
			}
		} else if (p->kind == CA_P_TRACKPICK) {
			for (int t = 0; t < CK_TRACKS; t++) {
				blank(&a, CA_A_TRACKPICK);
				a.res = (uint8_t)t;
				push_checked(&l, &a);
			}
		} else if (p->kind == CA_P_DESERT) {
			/* do_desert's: the item owed by seat (as dispatch
			   asks it, C&K alone), then its knight at the corner */
			for (int c = 0; owes(st, seat) && c < b->ncorner; c++)
				if (own_knight(st, seat, c)) {
					blank(&a, CA_A_DESERT);
					a.a = (uint8_t)c;
					push(&l, &a);
				}
		} else if (p->kind == CA_P_PLACE) {
			/* do_place_knight's: the item owed by seat, then no
			   corner or a corner knight_place_ok */
			blank(&a, CA_A_PLACE_KNIGHT);
			if (owes(st, seat))
				push(&l, &a);
			for (int c = 0; owes(st, seat) && c < b->ncorner; c++)
				if (knight_place_ok(st, seat, c)) {
					a.a = (uint8_t)c;
					push(&l, &a);
				}
		} else if (p->kind == CA_P_SPY) {
			int v = p->n[seat] - 1;

			for (int k = 0; k < st->ck.p[v].nprog; k++) {
				blank(&a, CA_A_TAKE);
				a.res = st->ck.p[v].prog[k];
				push_checked(&l, &a);
			}
		} else if (p->kind == CA_P_MASTER) {
			blank(&a, CA_A_TAKE_CARDS);
			bundles(&l, &a, a.get, st->p[p->n[seat] - 1].hand, 0, 2,
			    CA_KINDS);
		} else if (p->kind == CA_P_WEDDING) {
			blank(&a, CA_A_GIVE);
			bundles(&l, &a, a.give, st->p[seat].hand, 0, p->n[seat],
			    CA_KINDS);
		} else if (p->kind == CA_P_HARBOR) {
			for (int k = CA_RES; k < CA_KINDS; k++) {
				blank(&a, CA_A_GIVE);
				a.give[k] = 1;
				push_checked(&l, &a);
			}
		} else if (p->kind == CA_P_RETREAT) {
			/* do_retreat's: the item owed by seat, then a vacant
			   corner its roads reach from the knight's: road_reach
			   once, not a corner */
			uint8_t mark[CA_MAX_CORNER];

			if (owes(st, seat))
				road_reach(st, seat, p->n[0], mark);
			else
				memset(mark, 0, sizeof mark);
			for (int c = 0; c < b->ncorner; c++)
				if (mark[c] == 1 && !st->corner[c]) {
					blank(&a, CA_A_RETREAT);
					a.a = (uint8_t)c;
					push(&l, &a);
				}
		} else if (p->kind == CA_P_AQUEDUCT) {
			for (int k = 0; k < CA_RES; k++)
				if (st->bank[k]) {
					blank(&a, CA_A_AQUEDUCT);
					a.res = (uint8_t)k;
					push(&l, &a);
				}
		} else
			robber_moves(&l, CA_A_ROBBER, 0);
	} else if (st->phase == CA_PH_SETUP) {
		/* eight placements a game: each through its own check */
		int city = CA_CK(st) && st->setup_i >= st->nseats;

		if (st->setup_corner == CA_NONE)
			for (int c = 0; c < b->ncorner; c++) {
				if (setup_settlement(w, seat, c, city, 1, NULL,
				    NULL) != 0)
					continue;
				blank(&a, city ? CA_A_CITY : CA_A_SETTLEMENT);
				a.a = (uint8_t)c;
				push(&l, &a);
			}
		else
			for (int i = 0; i < 3; i++) {
				int e = b->corner[st->setup_corner].edge[i];

				for (int s = 0; e != CA_NONE && s < 2; s++) {
					if (edge_fits(st, seat, e, s,
					    st->setup_corner, NULL) != 0)
						continue;
					blank(&a, s ? CA_A_SHIP : CA_A_ROAD);
					a.a = (uint8_t)e;
					push(&l, &a);
				}
			}
	} else if (seat == st->active) {
		const struct ca_player *p = &st->p[seat];
		int deck = 0;

		/* the deck counts for a buy alone (main phase) */
		for (int t = 0; st->phase == CA_PH_MAIN && t < CA_DEVS; t++)
			deck += st->deck[t];
		if (st->phase == CA_PH_PREROLL) {
			blank(&a, CA_A_ROLL);
			push(&l, &a);
			/* the Alchemist (CK14.1): asked of a seat holding
			   progress cards alone (prog_at finds none else) */
			if (CA_CK(st) && st->ck.p[seat].nprog > 0) {
				int i = ck_card_by_effect(st->ck.d,
				    CK_E_ALCHEMIST);

				for (int x = 1; i >= 0 && prog_at(st, seat, i) >=
				    0 && x <= 36; x++) {
					blank(&a, CA_A_PLAY);
					a.res = (uint8_t)i;
					a.ka = CA_NONE;
					a.a = (uint8_t)((x - 1) / 6 + 1);
					a.b = (uint8_t)((x - 1) % 6 + 1);
					push(&l, &a);
				}
			}
		}
		if (st->phase == CA_PH_MAIN && (!CA_CK(st) ||
		    st->ck.p[seat].nprog <= CK_HAND_LIMIT)) {
			blank(&a, CA_A_END);
			push(&l, &a);
		}
		if (st->phase == CA_PH_MAIN && deck > 0 &&
		    holds(p->hand, cost_card)) {
			blank(&a, CA_A_BUY);
			push(&l, &a);
		}
		if (can_play(st, seat, CA_KNIGHT, NULL) == 0)
			robber_moves(&l, CA_A_KNIGHT, 1);
		if (st->phase == CA_PH_MAIN)
			main_actions(&l);
	}
	if (st->phase == CA_PH_MAIN && st->npend == 0) {
		for (int s = 0; s < st->nseats; s++) {
			if (!st->off[s].num || s == seat)
				continue;
			/* offers by post: through their own check */
			blank(&a, CA_A_ACCEPT);
			a.num = st->off[s].num;
			if (do_answer(w, seat, &a, 1, NULL, NULL) == 0)
				push(&l, &a);
			blank(&a, CA_A_DECLINE);
			a.num = st->off[s].num;
			if (do_answer(w, seat, &a, 1, NULL, NULL) == 0)
				push(&l, &a);
		}
		if (st->off[seat].num) {
			blank(&a, CA_A_WITHDRAW);
			push(&l, &a);
		}
	}
	blank(&a, CA_A_RESIGN);
	push(&l, &a);
	return l.n;
}
