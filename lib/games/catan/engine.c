/*
 * engine.c -- the core of the Catan engine over the flat state of engine.h:
 * initialising a game (the base game, Seafarers, Cities & Knights), the
 * chance events, the queue of what is owed, whose turn it is, the end of a
 * turn, resigning and victory, and ca_apply / ca_check, which dispatch an
 * action to the file of its rule.
 *
 * Every action is checked whole before anything changes; a refusal (and
 * a chance answer that is not there yet, RULES_PENDING) leaves the state
 * as it was, byte for byte (ca_apply keeps a copy to make sure).  Every
 * random number comes through lib/chance.h at the moment a rule needs it
 * (catan-rules(7), CA12.2, CA12.4): nothing hidden is shuffled ahead.
 *
 * The rules themselves live in a file a concern (engine-int.h lists
 * them); the legal lists in legal.c and ck-legal.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/catan/sealed.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


static void secret_clear(struct ca_secret *s);
static void check_win(struct ca_state *st, struct rules_note *note);
static void begin_turn(struct ca_state *st, struct rules_note *note);
static int do_end(struct ca_state *st, int seat, int dry,
    struct rules_note *note, struct rules_error *err);
static int do_resign(struct ca_state *st, int seat, int dry,
    struct rules_note *note, struct rules_error *err);
static int refuses_first(const struct ca_state *st, const struct ca_action *a);

const char *const ca_seat_names[CA_SEATS] = { "red", "blue", "white", "orange" };

void
ca_note_add(struct rules_note *n, const char *fmt, ...)
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

/* Nothing told to anyone. */
static void
secret_clear(struct ca_secret *s)
{
	for (int i = 0; i < CA_SECRET_MAX; i++) {
		s->seat[i] = CA_NONE;
		s->text[i][0] = '\0';
	}
}

void
ca_secret_add(struct ca_secret *s, int seat, const char *fmt, ...)
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
const char *
ca_bundle_text(const uint8_t *b, char *buf, size_t n)
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

int
ca_hand_count(const struct ca_player *p)
{
	return bundle_sum(p->hand);
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

int
ca_hex_terrain(const struct ca_state *st, int h)
{
	return hex_terrain(st, h);
}

int
ca_hex_token(const struct ca_state *st, int h)
{
	return hex_token(st, h);
}

int
ca_setup_seat(const struct ca_state *st, int i)
{
	int n = st->nseats;

	return (st->first + (i < n ? i : 2 * n - 1 - i)) % n;
}

/* ---- chance ------------------------------------------------------------- */

int
ca_open_event(struct ca_state *st, unsigned kind, const char *label,
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

/* Drop what nobody owes any more: seats resigned, picks from an empty bank. */
void
ca_pend_settle(struct ca_state *st)
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
			else if (p->kind == CA_P_TOKEN) {
				char hn[8];

				ca_hex_name(st->b, p->n[s] - 1, hn, sizeof hn);
				len += (size_t)snprintf(buf + len, n - len,
				    "%s%s must move a number from the main "
				    "island to %s", len ? ", " : "",
				    seat_name(s), hn);
			} else if (p->kind == CA_P_HARBOR)
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
			    ca_bundle_text(o->give, g, sizeof g),
			    ca_bundle_text(o->get, w, sizeof w));
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
	ca_grow_init(st);	/* CA10.7, in the fog's room */
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
	/* CK15.2, CK19.2: 13, two more on a Seafarers map */
	if (points == 0)
		points = st->b->kind == CA_MAP_SEAFARERS ? 15 : 13;
	if (steps == 0)
		steps = 7;
	if (points < 10 || points > 20 || steps < 3 || steps > 10) {
		rules_refuse(err, RULES_EDATA, points < 10 || points > 20 ?
		    "points=%d: from 10 to 20 (CK15.2)" :
		    "barbarian-steps=%d: from 3 to 10 (CK2.4)",
		    points < 10 || points > 20 ? points : steps);
		err->data = "options";
		return RULES_EDATA;
	}
	for (int h = 0, k = 0; h < st->b->nhex; h++)
		if (swappable(st->b->token[h]) && ++k > CK_SWAP_MAX)
			return rules_refuse(err, RULES_EDATA, "Cities & "
			    "Knights plays on a board with at most %d "
			    "tokens of 3, 4, 5, 9, 10 and 11 (CK1.1, "
			    "CK19.1: the base board's 12, new-shores' 21)",
			    CK_SWAP_MAX);
	memset(&st->ck, 0, sizeof st->ck);
	memset(st->ck_tok2, 0, sizeof st->ck_tok2);
	st->ck.d = d;
	st->ck.steps = (uint8_t)steps;
	st->vp_target = (uint8_t)points;		/* CK15.2 */
	memset(st->ck.metro, CA_NONE, sizeof st->ck.metro);
	memset(st->ck.promoted, CA_NONE, sizeof st->ck.promoted);
	st->ck.merchant = st->ck.merchant_holder = CA_NONE;
	for (int h = 0, k = 0; h < st->b->nhex; h++)
		if (swappable(st->b->token[h]))
			tok_set(st, k++, st->b->token[h]);
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
			if ((rc = ca_open_event(st, EV_PROGRESS, label[t], 0, &cs,
			    err)) != 0)
				return rc;
			chance_shuffle(&cs, deck, n);
		}
		for (int i = 0; i < n; i++)
			ca_ck_deck_set(st, t, i, deck[i]);
	}
	return 0;
}

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
	return ck_held(st, seat);	/* CK20: sealed ones too */
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
	if (!CA_CK(st) && st->ds.on)
		st->ds.turn0 = st->ds.next;	/* CA15.3, sealed.c */
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
	if (CA_CK(st) && ck_held(st, seat) > CK_HAND_LIMIT)
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
	int rc;

	if (dry)
		return 0;
	/* CK20.7: sealed progress cards shown first, to go under open */
	if (CA_CK(st) && (rc = ck_sealed_open_all(st, seat, note, err)) != 0)
		return rc;
	memcpy(all, p->hand, sizeof all);
	move_cards(p->hand, st->bank, all);
	if (CA_CK(st)) {
		/* CK15.4: progress cards to the bottom of their decks, walls
		   and metropolises leave (a metropolis returns unclaimed) */
		struct ca_ck_player *q = &st->ck.p[seat];

		for (int k = 0; k < q->nprog; k++)
			ca_to_bottom(st, q->prog[k]);
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
	ca_pend_settle(st);
	if (st->army == seat || st->army != CA_NONE)
		ca_award_army(st, note, 1);
	ca_award_longest(st, note);
	ca_award_harbor(st, note);
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
			ca_next_placement(st, note);
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

/*
 * The places and the victim an action names, on the board and in the
 * game: RULES_REFUSED (and err) for one that is not there, else 0.
 */
static int
places_refused(const struct ca_state *st, const struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;

	/* the places an action names, on the board: one jump on the verb
	   rather than a test of each kind in turn (every action, the end
	   and the roll among them, that names none) */
	switch (a->verb) {
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
	case CA_A_TOKEN:
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
	return 0;
}

/* The set-up's placements (CA3.3; CK3.1: the second one a city). */
static int
dispatch_setup(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	int second = CA_CK(st) && st->setup_i >= st->nseats;

	switch (a->verb) {
	case CA_A_SETTLEMENT:
		if (second && st->setup_corner == CA_NONE)
			return NO("the second placement is a city "
			    "(CK3.1)");
		return ca_setup_settlement(st, seat, a->a, 0, dry, note,
		    err);
	case CA_A_CITY:
		if (!second || st->setup_corner != CA_NONE)
			break;
		return ca_setup_settlement(st, seat, a->a, 1, dry, note,
		    err);
	case CA_A_ROAD:
	case CA_A_SHIP:
		return ca_setup_edge(st, seat, a->a, a->verb == CA_A_SHIP,
		    dry, note, sec, err);
	default:
		break;
	}
	return NO("set-up: place a %s (CA3.3)",
	    st->setup_corner != CA_NONE ? "road" : CA_CK(st) &&
	    st->setup_i >= st->nseats ? "city" : "settlement");
}

/* ca_dispatch's verbs of Cities & Knights (catan-ck-rules(7)). */
static int
dispatch_ck(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct ca_secret *sec,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;

	switch (a->verb) {
	case CA_A_PILLAGE:
		return ca_do_pillage(st, seat, a, dry, note, err);
	case CA_A_AQUEDUCT:
		return ca_do_aqueduct(st, seat, a, dry, note, err);
	case CA_A_WALL:
		if (a->a >= b->ncorner)
			return NO("no such corner");
		return ca_do_wall(st, seat, a->a, 0, dry, note, err);
	case CA_A_IMPROVE:
		return ca_do_improve(st, seat, a->res, a->a, 0, dry, note, err);
	case CA_A_KNIGHT_BUILD:
		return ca_do_knight_build(st, seat, a->a, dry, note, err);
	case CA_A_ACTIVATE:
		return ca_do_activate(st, seat, a->a, dry, note, err);
	case CA_A_PROMOTE:
		return ca_do_promote(st, seat, a->a, 0, dry, note, err);
	case CA_A_MOVE:
	case CA_A_DISPLACE:
		return ca_do_move(st, seat, a, dry, note, err);
	case CA_A_RETREAT:
		return ca_do_retreat(st, seat, a->a, dry, note, err);
	case CA_A_PROG_DISCARD:
		if (a->res >= st->ck.d->ncards)
			return NO("no such progress card");
		return ca_do_prog_discard(st, seat, a->res, dry, note, err);
	case CA_A_TRACKPICK:
		return ca_do_trackpick(st, seat, a->res, dry, note, err);
	case CA_A_PLAY:
		return ca_do_play(st, seat, a, dry, note, sec, err);
	case CA_A_DESERT:
		if (a->a >= b->ncorner)
			return NO("no such corner");
		return ca_do_desert(st, seat, a->a, dry, note, err);
	case CA_A_PLACE_KNIGHT:
		if (a->a != CA_NONE && a->a >= b->ncorner)
			return NO("no such corner");
		return ca_do_place_knight(st, seat, a->a, dry, note, err);
	case CA_A_TAKE:
		return ca_do_take(st, seat, a->res, dry, note, err);
	case CA_A_TAKE_CARDS:
		return ca_do_take_cards(st, seat, a, dry, note, sec, err);
	case CA_A_GIVE:
		return ca_do_give(st, seat, a, dry, note, sec, err);
	case CA_A_HARBOR:
		return ca_do_harbor(st, seat, a, dry, note, err);
	case CA_A_CHASE:
		if (a->b >= b->nhex)
			return NO("no such hex");
		return ca_do_chase(st, seat, a, dry, note, sec, err);
	default:
		break;
	}
	return NO("unknown action");
}

int
ca_dispatch(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	int rc;

	if (a->verb == CA_A_RESIGN)
		return do_resign(st, seat, dry, note, err);
	if ((rc = places_refused(st, a, err)) != 0)
		return rc;
	if (st->phase == CA_PH_SETUP && st->npend == 0)
		return dispatch_setup(st, seat, a, dry, note, sec, err);
	switch (a->verb) {
	case CA_A_ROLL:
		if (st->npend > 0 || seat != st->active)
			return NO("no roll now");
		return ca_do_roll(st, seat, dry, note, err);
	case CA_A_END:
		return do_end(st, seat, dry, note, err);
	case CA_A_BUY:
		return ca_do_buy(st, seat, dry, note, sec, err);
	case CA_A_WITHDRAW:
		return ca_do_withdraw(st, seat, dry, note, err);
	case CA_A_SETTLEMENT:
		return ca_build_settlement(st, seat, a->a, dry, note, err);
	case CA_A_CITY:
		return ca_build_city(st, seat, a->a, dry, note, err);
	case CA_A_ROAD:
	case CA_A_SHIP:
		return ca_build_edge(st, seat, a->a, a->verb == CA_A_SHIP, dry,
		    note, sec, err);
	case CA_A_MOVESHIP:
		return ca_move_ship(st, seat, a->a, a->b, dry, note, sec,
		    err);
	case CA_A_TRADE:
		return ca_do_trade(st, seat, a, dry, note, err);
	case CA_A_OFFER:
		return ca_do_offer(st, seat, a, dry, note, err);
	case CA_A_ACCEPT:
	case CA_A_DECLINE:
		return ca_do_answer(st, seat, a, dry, note, err);
	case CA_A_DISCARD:
		return ca_do_discard(st, seat, a, dry, note, err);
	case CA_A_PICK:
		return ca_do_pick(st, seat, a, dry, note, err);
	case CA_A_ROBBER:
	case CA_A_PIRATE:
		if (seat != st->active)
			return NO("only %s moves the robber", seat_name(st->active));
		return ca_do_robber(st, seat, a, dry, note, sec, err);
	case CA_A_KNIGHT:
		return ca_do_knight(st, seat, a, dry, note, sec, err);
	case CA_A_ROADS:
		return ca_do_roads(st, seat, a, dry, note, sec, err);
	case CA_A_PLENTY:
		return ca_do_plenty(st, seat, a, dry, note, err);
	case CA_A_MONOPOLY:
		return ca_do_monopoly(st, seat, a, dry, note, err);
	case CA_A_SHOW:		/* sealed.c, CA15.3 */
		return ca_do_show(st, seat, a, dry, note, err);
	case CA_A_TOKEN:	/* grow.c, CA10.8 */
		return ca_do_token(st, seat, a->a, dry, note, err);
	default:
		if (CA_CK(st))	/* Cities & Knights' own verbs */
			return dispatch_ck(st, seat, a, dry, note, sec, err);
		break;
	}
	return NO("unknown action");
}

/*
 * Whether dispatch of a in st refuses only before its first write and
 * leaves ca_run_auto nothing to do, so that ca_apply needs no copy of the
 * state to undo it: the frequent verbs of the main phase whose do_ checks
 * everything before `if (dry) return 0;` and then cannot fail, and push
 * nothing pending (main_phase asks npend == 0, and ca_run_auto acts only on
 * something pending).  do_end's begin_turn clears the pending list.  The
 * roll too: ca_do_roll refuses before it writes, the dice's event is opened
 * before any change (and changes nothing when it fails), the base game's
 * roll cannot fail after it, ck_roll copies the state itself where its
 * later draws may fail, and its ca_run_auto leaves ca_apply's nothing it
 * could fail on.  The rest (every other draw of chance, ca_lay_edge's fog,
 * the verbs that push or answer something pending) keep the copy.
 */
static int
refuses_first(const struct ca_state *st, const struct ca_action *a)
{
	if (a->verb == CA_A_ROLL && st->phase == CA_PH_PREROLL)
		return 1;	/* ca_do_roll: the dice's event opened before any
				   change; the base game's then cannot fail,
				   ck_roll copies the state where its own may */
	if (st->phase != CA_PH_MAIN)
		return 0;	/* the set-up's own verbs, the pre-roll */
	switch (a->verb) {
	case CA_A_END:		/* main_phase, the hand limit; begin_turn */
	case CA_A_TRADE:	/* ca_do_trade */
	case CA_A_SETTLEMENT:	/* ca_build_settlement */
	case CA_A_CITY:		/* ca_build_city_for */
	case CA_A_ACTIVATE:	/* ca_do_activate */
	case CA_A_KNIGHT_BUILD:	/* ca_do_knight_build */
	case CA_A_PROMOTE:	/* ca_do_promote (not free: from a card) */
	case CA_A_WALL:		/* ca_do_wall (not free) */
	case CA_A_IMPROVE:	/* ca_do_improve (not free) */
		return 1;
	case CA_A_ROAD:		/* ca_build_edge: ca_lay_edge's ca_reveal_fog draws */
	case CA_A_SHIP:		/* and may fail on a board with fog; a
				   treasure's card draws too (CA10.6) */
		return st->b->nfog == 0 && st->b->ntreasures == 0;
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
	rc = ca_dispatch(st, seat, a, 0, note, sec, err);
	if (rc == 0 && CA_CK(st))
		rc = ca_run_auto(st, note, err);
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
		ca_pend_settle(st);
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
	return ca_dispatch((struct ca_state *)(uintptr_t)st, seat, a, 1, NULL,
	    NULL, err);
}
