/*
 * bot.c -- Catan's computer players (catan_bot, kinds mcts, random,
 * greedy) and the hooks of the core search (lib/search.h) over the
 * engine's state.
 *
 * An action is a uint64_t packing a struct ca_action.  The information
 * set hides the other seats' hands by kind and their development cards
 * (CA12.1); a determinization deals them anew from what the seat cannot
 * see, with the chance to come from the state's own stream (fast_on).
 *
 * mcts: the core search with these hooks, by flat Monte Carlo over
 * common random numbers at the root (crn: every candidate played out on
 * the same determinizations, dice and policy draws, the budget spent by
 * sequential halving; 1000 playouts won 59 of 100 four-player games
 * against greedy where the tree of the same budget won 41 of the same
 * 100, at about the same cost an action).  The actions searched are
 * the legal ones without resigning and offers, bank trades for one card,
 * and only the best few discards, picks, robber moves and set-up corners
 * by the bot's own scores (search_actions).  The playout policy builds
 * a city or settlement when it can, trades with the bank when the trade
 * pays for a build, buys cards, builds roads towards free corners, puts
 * the robber on the leader and keeps the cards that build (bot_weights).
 * The evaluation (seat_value) counts victory points and their promise:
 * production by pips and resource kinds, harbors for what a seat
 * produces, the hand towards its next build, development cards and
 * knights, the route and free corners to build on; a position scores a
 * logistic of the lead over the best rival (ca_search_evaluate).
 *
 * greedy: one step ahead with the same evaluation (greedy_choose).
 * random: a uniform legal action, never resigning.
 *
 * Cities & Knights (catan-ck-rules(7), CA_CK(st)): an action packs by verb
 * (ca_action_pack: 6 bits of verb; a bundle 6 bits a kind for the 8
 * kinds; else corners, edges or hexes, a progress card's kind or track,
 * the victim, the card).  The information set also hides what CK16.1
 * hides: the other seats' progress cards and the make-up and order of
 * the three decks.  canonical() deals the progress cards the seat
 * cannot see (every deck's and the hidden hands') back in card order:
 * each deck its count of its own colour, the Printer and Constitution
 * (laid face up when drawn, so never held) only in decks, then the
 * hands; every deck card is left unseen (ck.unseen), so a draw in the
 * search takes any of them from the state's own stream.  The Spy's
 * target shows its progress cards, the Master Merchant's its hand, to
 * the active seat while it chooses: those stay as they are.  A
 * determinization deals the same cards shuffled (ck_deal).  The
 * evaluation adds ck_value: improvement levels (an ability at 3, a
 * metropolis near at 3-4), knights by level and activity, walls,
 * progress cards held, and the barbarians: the seat with a city to lose
 * and the least defence loses about a city's worth when the defence
 * falls short of the cities, the more the nearer the ship, and the sole
 * strongest defender gains the Defender's point.  The hand counts
 * commodities towards the next improvement and a knight in place of a
 * card; bank trades count when they pay an improvement.  The playouts
 * (ck_weight) improve as they build cities, build and activate knights
 * when the defence does not exceed the barbarians, build walls, play
 * the useful progress cards (play_weight, shared among a card's ways
 * to play it) and move knights rarely.  The cards a hidden hand is
 * known to hold stay in it (known_cards: the Commercial Harbor's
 * resource until the commodity comes back).
 *
 * Measured 2026-11-27 (four-player C&K games, the bot in seat g mod 4
 * against three of a kind, 1000 playouts; shared 2-core AMD EPYC): with
 * greedy's weights the search won 80 of 180 games against greedy,
 * 44.4 % [37.4, 51.7] -- no better than the player it searches with.
 * Greedy's weights were then tuned by greedy itself: 1,000 games of
 * greedy with one weight changed against three of the old, for each of
 * 15 weights at 3-4 values, then the best changes together (the
 * changed seat won up to 40.6 % where a quarter is fair).  The search
 * scoring by those weights (ck_search_w) won 137 of 200 games against
 * greedy, where the same 200 with ca_greedy_w gave 69 (C API, seeds
 * 300000-300199).  BENCHMARKS, "How strong is Cities & Knights'
 * computer player?", has every run; tried before and not kept: the
 * root cut to the best 3 of each group alike, playouts of 1 or 3
 * rounds, 2000 playouts.
 *
 * Offers (CA7.3) are answered by ca_bot_answer when the bot is asked
 * for a seat that is not the one awaited: accept when the cards are
 * worth more to it than those it gives and the maker neither stands
 * within two points of the target nor leads by two; else decline.  The
 * bot makes no offers.
 *
 * Nothing here asks the source of chance, or reads another seat's hand,
 * progress cards or the decks: every choice starts from the information
 * set of ca_search_observe() (ca_bot_observe; ca_bot_choose plays from a
 * state, catan_bot from a game).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "search.h"
#include "games/catan/catan.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"

#include "games/catan/bot.h"
#include "games/catan/bot-int.h"
#include "games/catan/sealed.h"


/* ---- actions as integers ---------------------------------------------- */

/*
 * The layout, by verb (6 bits, CA_VERBS <= 64): a bundle (discard, pick,
 * year of plenty, the Wedding's gift, the Master Merchant's take) holds
 * 6 bits a kind for the 8 kinds; a bank trade its kind and count given
 * and got; every other verb a, b, ka (4 bits, 15 for CA_NONE: the
 * progress cards' kind or track), kb, victim, res (5 bits: a progress
 * card) and num.  Counts stay below 64 (19 cards of a kind, B1).
 */
#define PK_VERB(x) ((int)((x) & 63))
#define PK_RES(x) ((int)((x) >> 30 & 31))	/* not of a bundle or trade */

static int
bundle_verb(int v)
{
	return v == CA_A_DISCARD || v == CA_A_PICK || v == CA_A_PLENTY ||
	    v == CA_A_GIVE || v == CA_A_TAKE_CARDS;
}

/* The bundle a bundle verb carries: what it gives, or what it gets. */
uint64_t
ca_action_pack(const struct ca_action *a)
{
	uint64_t x = a->verb & 63;

	if (bundle_verb(a->verb)) {
		const uint8_t *b = bundle_gives(a->verb) ? a->give : a->get;

		for (int k = 0; k < CA_KINDS; k++)
			x |= (uint64_t)(b[k] & 63) << (6 + 6 * k);
	} else if (a->verb == CA_A_TRADE) {
		for (int k = 0; k < CA_KINDS; k++) {
			if (a->give[k])
				x |= (uint64_t)k << 6 |
				    (uint64_t)(a->give[k] & 63) << 9;
			if (a->get[k])
				x |= (uint64_t)k << 15 |
				    (uint64_t)(a->get[k] & 63) << 18;
		}
	} else {
		x |= (uint64_t)a->a << 6;
		x |= (uint64_t)a->b << 14;
		x |= (uint64_t)(a->ka == CA_NONE ? 15 : a->ka & 15) << 22;
		x |= (uint64_t)(a->kb & 1) << 26;
		x |= (uint64_t)(a->victim == CA_NONE ? 7 : a->victim & 7) << 27;
		x |= (uint64_t)(a->res & 31) << 30;	/* PK_RES */
		x |= (uint64_t)a->num << 35;
	}
	return x;
}

void
ca_action_unpack(uint64_t x, struct ca_action *a)
{
	memset(a, 0, sizeof *a);
	a->verb = (uint8_t)PK_VERB(x);
	a->a = a->b = a->victim = CA_NONE;
	if (bundle_verb(a->verb)) {
		uint8_t *b = bundle_gives(a->verb) ? a->give : a->get;

		for (int k = 0; k < CA_KINDS; k++)
			b[k] = (uint8_t)(x >> (6 + 6 * k) & 63);
	} else if (a->verb == CA_A_TRADE) {
		a->give[x >> 6 & 7] = (uint8_t)(x >> 9 & 63);
		a->get[x >> 15 & 7] = (uint8_t)(x >> 18 & 63);
	} else {
		a->a = (uint8_t)(x >> 6);
		a->b = (uint8_t)(x >> 14);
		a->ka = (uint8_t)((x >> 22 & 15) == 15 ? CA_NONE : x >> 22 & 15);
		a->kb = (uint8_t)(x >> 26 & 1);
		a->victim = (uint8_t)((x >> 27 & 7) == 7 ? CA_NONE :
		    x >> 27 & 7);
		a->res = (uint8_t)(x >> 30 & 31);
		a->num = (uint16_t)(x >> 35);
	}
}

static int
bot_to_act(const void *st)
{
	return ca_await_seat(st);
}

/* Keep the best `keep` of a[lo..n) by score (in place); returns the new
   count. */
static int
keep_best(struct ca_action *a, float *sc, int lo, int n, int keep)
{
	for (int i = 0; i < keep && lo + i < n; i++) {
		int b = lo + i;

		for (int j = lo + i + 1; j < n; j++)
			if (sc[j] > sc[b])
				b = j;
		if (b != lo + i) {
			struct ca_action t = a[lo + i];
			float f = sc[lo + i];

			a[lo + i] = a[b];
			sc[lo + i] = sc[b];
			a[b] = t;
			sc[b] = f;
		}
	}
	return n - lo > keep ? lo + keep : n;
}

/*
 * The actions the search considers, into a[] (max BOT_MAX): every
 * legal action but resigning and answers to offers (never listed for
 * the seat to act in the search), bank trades of one card wanted, and
 * of the many discards, picks, robber moves and set-up corners only the
 * best few by the bot's own scores (public facts and the seat's own
 * hand alone).
 */
static int
search_actions(const struct ca_state *st, int seat, struct ca_action *a)
{
	static _Thread_local float sc[BOT_MAX];
	int n = ca_legal(st, seat, a, BOT_MAX), k = 0, resign = -1;
	int nb = 0, nr = 0, ns = 0, npair = 0;

	if (n > BOT_MAX)
		n = BOT_MAX;
	for (int i = 0; i < n; i++) {
		const struct ca_action *x = &a[i];
		int get = 0;

		switch (x->verb) {
		case CA_A_RESIGN:
			resign = i;
			continue;
		case CA_A_ACCEPT:
		case CA_A_DECLINE:
		case CA_A_WITHDRAW:
		case CA_A_OFFER:
			continue;
		case CA_A_TRADE:
			for (int j = 0; j < CA_RES; j++)
				get += x->get[j];
			if (get != 1)
				continue;
			break;
		case CA_A_DISCARD:
		case CA_A_PICK:
		case CA_A_PLENTY:
			nb++;
			break;
		case CA_A_ROBBER:
		case CA_A_PIRATE:
		case CA_A_KNIGHT:
			nr++;
			break;
		case CA_A_ROADS:
			npair++;
			break;
		case CA_A_SETTLEMENT:
			ns += st->phase == CA_PH_SETUP;
			break;
		}
		a[k++] = a[i];
	}
	if (k == 0 && resign >= 0)
		a[k++] = a[resign];
	n = k;
	if (nb > 4 || nr > 5 || ns > 8 || npair > 6) {
		/* group the scored kinds at the end, best first */
		int lo = 0;
		unsigned have = ca_bot_seat_kinds(st, seat, NULL);

		for (int pass = 0; pass < 4; pass++) {
			int want = pass == 0 ? nb : pass == 1 ? nr : pass == 2 ?
			    ns : npair, keep = pass == 0 ? 4 : pass == 1 ? 5 :
			    pass == 2 ? 8 : 6, m = lo;

			if (want <= keep)
				continue;
			for (int i = lo; i < n; i++) {
				int v = a[i].verb, in;

				in = pass == 0 ? v == CA_A_DISCARD ||
				    v == CA_A_PICK || v == CA_A_PLENTY :
				    pass == 1 ? robber_verb(v) : pass == 2 ?
				    v == CA_A_SETTLEMENT : v == CA_A_ROADS;
				if (!in)
					continue;
				{
					struct ca_action t = a[m];

					a[m] = a[i];
					a[i] = t;
				}
				sc[m] = pass == 0 ?
				    ca_bot_bundle_score(st, seat, &a[m]) :
				    pass == 1 ?
				    ca_bot_robber_action_score(st, seat, &a[m]) :
				    pass == 2 ?
				    ca_bot_spot_value(st, a[m].a, have) :
				    ca_bot_edge_value(st, seat, a[m].a) +
				    (a[m].b != CA_NONE ?
				    ca_bot_edge_value(st, seat, a[m].b) : 0);
				m++;
			}
			/* a[lo..m) is the group: keep its best, move the
			   rest of the list down */
			{
				int end = keep_best(a, sc, lo, m, keep);

				memmove(&a[end], &a[m], (size_t)(n - m) *
				    sizeof *a);
				n -= m - end;
				lo = end;
			}
		}
	}
	return n;
}

static int
bot_legal(const void *vst, int seat, uint64_t *out)
{
	static _Thread_local struct ca_action a[BOT_MAX];
	int n = search_actions(vst, seat, a);

	for (int i = 0; i < n; i++)
		out[i] = ca_action_pack(&a[i]);
	return n;
}

static int
bot_apply(void *st, int seat, uint64_t x)
{
	struct ca_action a;

	ca_action_unpack(x, &a);
	return ca_apply(st, seat, &a, NULL, NULL, NULL);
}

/* The weight of progress card effects in a playout, shared among the
   ways to play the card (CK14): what gains cards, points or builds
   most; 0 for none. */
static const uint8_t play_weight[CK_EFFECTS] = {
	[CK_E_COMMERCIAL_HARBOR] = 10, [CK_E_MASTER_MERCHANT] = 40,
	[CK_E_MERCHANT] = 40, [CK_E_MERCHANT_FLEET] = 10,
	[CK_E_RESOURCE_MONOPOLY] = 60, [CK_E_TRADE_MONOPOLY] = 60,
	[CK_E_BISHOP] = 20, [CK_E_DESERTER] = 30, [CK_E_DIPLOMAT] = 5,
	[CK_E_INTRIGUE] = 5, [CK_E_SABOTEUR] = 20, [CK_E_SPY] = 40,
	[CK_E_WARLORD] = 60, [CK_E_WEDDING] = 50, [CK_E_ALCHEMIST] = 20,
	[CK_E_CRANE] = 200, [CK_E_ENGINEER] = 60, [CK_E_INVENTOR] = 5,
	[CK_E_IRRIGATION] = 150, [CK_E_MEDICINE] = 200, [CK_E_MINING] = 150,
	[CK_E_ROAD_BUILDING] = 40, [CK_E_SMITH] = 60,
};

/*
 * Cities & Knights' verbs in a playout: improvements like cities,
 * knights built and activated as the barbarians near and the defence
 * falls short of the cities, walls, the useful progress cards (their
 * weight shared among their ways to play); knights' moves rarely; any
 * answer owed uniformly.  need: the defence does not exceed the
 * barbarians' strength.
 */
static unsigned
ck_weight(const struct ca_state *st, int seat, const struct ca_action *a,
    const int *ways, int need)
{
	int near = 2 * (st->ck.ship + 1) >= st->ck.steps;

	switch (a->verb) {
	case CA_A_IMPROVE:
		return a->a == CA_NONE ? 450 : 500;
	case CA_A_WALL:
		return 30;
	case CA_A_KNIGHT_BUILD:
		return need ? 120 : 25;
	case CA_A_ACTIVATE:
		return need && near ? 150 : 10;
	case CA_A_PROMOTE:
		return need ? 60 : 15;
	case CA_A_MOVE:
	case CA_A_DISPLACE:
		return 1;
	case CA_A_CHASE:
		return ca_bot_robbed_pips(st, seat) > 0 ? 20 : 1;
	case CA_A_PLAY: {
		int e = st->ck.d->cards[a->res].effect, k = ways[a->res];
		unsigned w = play_weight[e];

		if (e == CK_E_RESOURCE_MONOPOLY || e == CK_E_TRADE_MONOPOLY) {
			int cnt = 0;

			for (int s = 0; s < st->nseats; s++)
				if (s != seat)
					cnt += st->p[s].hand[a->ka] > 0;
			w = cnt >= 2 ? w : 0;
			k = 1;
		}
		return k > 1 ? (w + (unsigned)k - 1) / (unsigned)k : w;
	}
	default:
		return 1;
	}
}

/*
 * The playout policy: build a city or settlement when it can, trade
 * with the bank when the trade pays for a build, buy cards, roads
 * towards free corners, the robber on the leader, the discards and
 * picks that keep builds in reach; ending the turn when nothing else.
 */
static uint64_t
bot_weights(const void *vst, int seat, const uint64_t *list, int n,
    unsigned *w)
{
	const struct ca_state *st = vst;
	uint64_t sum = 0;
	int spots = -1, nb = 0, ways[CK_EFFECTS] = { 0 }, need = -1;
	float lo = 0, hi = 0;

	for (int i = 0; i < n; i++)	/* the ways to play each card */
		if (PK_VERB(list[i]) == CA_A_PLAY)
			ways[PK_RES(list[i])]++;
	for (int i = 0; i < n; i++) {
		struct ca_action a;
		float f;

		ca_action_unpack(list[i], &a);
		switch (a.verb) {
		case CA_A_SETTLEMENT:
			if (st->phase == CA_PH_SETUP) {
				f = ca_bot_spot_value(st, a.a,
				    ca_bot_seat_kinds(st, seat, NULL));
				w[i] = (unsigned)(1 + f * f);
			} else
				w[i] = 400;
			break;
		case CA_A_CITY:
			w[i] = 500;
			break;
		case CA_A_ROAD:
		case CA_A_SHIP:
			f = ca_bot_edge_value(st, seat, a.a);
			w[i] = st->phase == CA_PH_SETUP ? (unsigned)(1 + f * f) :
			    f > 0 ? (unsigned)(5 + 3 * f) : 1;
			if (a.verb == CA_A_SHIP && st->b->kind != CA_MAP_SEAFARERS)
				w[i] = 0;
			break;
		case CA_A_BUY:
			w[i] = 40;
			break;
		case CA_A_TRADE:
			if (spots < 0)
				spots = ca_bot_free_spots(st, seat);
			w[i] = ca_bot_trade_enables(st, seat, &a, spots) ?
			    300 : 0;
			break;
		case CA_A_END:
			w[i] = 12;
			break;
		case CA_A_ROLL:
			w[i] = 100;
			break;
		case CA_A_KNIGHT:
			f = ca_bot_robber_action_score(st, seat, &a);
			w[i] = ca_bot_robbed_pips(st, seat) > 0 && f > 0 ?
			    (unsigned)(10 + f) : 0;
			break;
		case CA_A_ROBBER:
		case CA_A_PIRATE:
			f = ca_bot_robber_action_score(st, seat, &a);
			w[i] = f > 0 ? (unsigned)(1 + f * f) : 1;
			break;
		case CA_A_DISCARD:
		case CA_A_PICK:
		case CA_A_PLENTY:
			/* scored below, relative to the best */
			f = ca_bot_bundle_score(st, seat, &a);
			w[i] = (unsigned)(f * 1000);
			if (nb++ == 0 || f < lo)
				lo = f;
			if (nb == 1 || f > hi)
				hi = f;
			break;
		case CA_A_MONOPOLY: {
			int cnt = 0;

			for (int s = 0; s < st->nseats; s++)
				if (s != seat)
					cnt += st->p[s].hand[a.res];
			w[i] = cnt >= 3 ? (unsigned)(10 * cnt) : 0;
			break;
		}
		case CA_A_ROADS:
			w[i] = 30;
			break;
		default:
			if (CA_CK(st) && need < 0)
				need = ca_ck_defence(st, -1) <=
				    ca_ck_barbarians(st);
			w[i] = CA_CK(st) ? ck_weight(st, seat, &a, ways, need) :
			    1;
		}
		sum += w[i];
	}
	if (nb > 0) {
		sum = 0;
		for (int i = 0; i < n; i++) {
			int v = PK_VERB(list[i]);

			if (v == CA_A_DISCARD || v == CA_A_PICK ||
			    v == CA_A_PLENTY) {
				float f = (float)w[i] / 1000;
				float x = hi > lo ? (f - lo) / (hi - lo) : 1;

				w[i] = (unsigned)(1 + 60 * x * x * x);
				if (v == CA_A_PLENTY)
					w[i] /= 4;
			}
			sum += w[i];
		}
	}
	return sum;
}

static long
bot_clock(const void *st)
{
	return ((const struct ca_state *)st)->turn;
}

static uint64_t
bot_key(const void *info, int seat, uint64_t seed)
{
	const unsigned char *p = info;
	uint64_t h = 1469598103934665603ULL ^ seed ^ (uint64_t)seat;

	/* the bytes after the two pointers: no addresses in the key; the
	   base game's bytes end where struct ca_ck begins, and Cities &
	   Knights adds its own after the data pointer */
	for (size_t i = offsetof(struct ca_state, events);
	    i < offsetof(struct ca_state, ck); i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	if (CA_CK((const struct ca_state *)info))
		for (size_t i = offsetof(struct ca_state, ck.steps);
		    i < offsetof(struct ca_state, ck_tok2); i++) {
			h ^= p[i];
			h *= 1099511628211ULL;
		}
	/* the Inventor's tokens past 16 (CK19.1): only where a map has
	   them, so that every other game keys as before */
	if (((const struct ca_state *)info)->b->nmov > CK_SWAP_LOW)
		for (size_t i = offsetof(struct ca_state, ck_tok2);
		    i < sizeof(struct ca_state); i++) {
			h ^= p[i];
			h *= 1099511628211ULL;
		}
	return h;
}

static int
bot_format(const struct game *g, int seat, const void *info, uint64_t x,
    char *buf, size_t n, struct rules_error *err)
{
	struct ca_action a;

	(void)g;
	(void)seat;
	(void)err;
	ca_action_unpack(x, &a);
	ca_format(info, &a, buf, n);
	return 0;
}

const struct rules_search catan_search = {
	.state_size = sizeof(struct ca_state),
	.max_actions = BOT_MAX,
	.playouts = 1000,
	.horizon = 2,
	.playout_steps = 120,
	.crn = 1,
	.observe = ca_search_observe,
	.determinize = ca_search_determinize,
	.reseed = ca_search_reseed,
	.to_act = bot_to_act,
	.legal = bot_legal,
	.apply = bot_apply,
	.weights = bot_weights,
	.evaluate = ca_search_evaluate,
	.clock = bot_clock,
	.key = bot_key,
	.format = bot_format,
};

/* ---- the kinds: mcts, random, greedy ------------------------------------ */

const struct rules_bot_kind catan_bot_kinds[] = {
	{ "mcts", "Monte Carlo search over determinizations, every action "
	    "on the same samples (the default)" },
	{ "random", "any legal action, at random" },
	{ "greedy", "the best-looking action one step ahead: builds by pips, "
	    "cards, trades towards a build, the robber on the leader" },
	{ NULL, NULL },
};

/*
 * The answer of seat to an offer addressed to it (CA7.3), in info (its
 * own view): accept when the cards it gets are worth more to it than
 * those it gives and the maker is not about to win nor leading by two
 * points; else decline.  0 when no offer awaits its answer.
 */
int
ca_bot_answer(const struct ca_state *info, int seat, struct ca_action *out)
{
	for (int m = 0; m < info->nseats; m++) {
		const struct ca_offer *o = &info->off[m];
		struct ca_state after;
		float gain;
		int mvp, holds = 1, accept;

		if (m == seat || !o->num || !(o->to & (1u << seat)) ||
		    (o->declined & (1u << seat)))
			continue;
		memset(out, 0, sizeof *out);
		out->a = out->b = out->victim = CA_NONE;
		out->num = o->num;
		memcpy(&after, info, sizeof after);
		for (int k = 0; k < CA_KINDS; k++) {
			holds &= info->p[seat].hand[k] >= o->get[k];
			after.p[seat].hand[k] = (uint8_t)(info->p[seat].hand[k] -
			    o->get[k] + o->give[k]);
		}
		gain = holds ? ca_bot_value_of(&after, seat, &ca_greedy_w) -
		    ca_bot_value_of(info, seat, &ca_greedy_w) : 0;
		mvp = ca_vp(info, m, 0);
		accept = holds && gain > 0.05f &&
		    mvp < info->vp_target - 2 &&
		    !(mvp == ca_bot_leader_vp(info, seat) &&
		    mvp >= ca_vp(info, seat, 1) + 2);
		out->verb = accept ? CA_A_ACCEPT : CA_A_DECLINE;
		if (ca_check(info, seat, out, NULL) != 0)
			out->verb = CA_A_DECLINE;
		return 1;
	}
	return 0;
}

/*
 * greedy: each action applied to one determinization of info (a card
 * bought: the average of a few draws), the action raising seat_value()
 * most; the robber by robber_score(); corners of the set-up by
 * ca_bot_spot_value(), its road by ca_bot_edge_value().  End of turn
 * (or the roll) when nothing raises the worth.
 */
static void
greedy_choose(const struct ca_state *info, int seat, struct search_rng *r,
    const struct ca_action *list, int n, struct ca_action *out)
{
	static _Thread_local struct ca_state det, st;
	unsigned have = ca_bot_seat_kinds(info, seat, NULL);
	float base, bestv = 0;
	int best = -1, pass = -1;

	ca_search_determinize(&det, info, seat, r);
	base = ca_bot_value_of(&det, seat, &ca_greedy_w);
	for (int i = 0; i < n; i++) {
		const struct ca_action *a = &list[i];
		float v = 0;
		int samples = 1, get = 0;

		switch (a->verb) {
		case CA_A_RESIGN:
		case CA_A_WITHDRAW:
		case CA_A_ACCEPT:
		case CA_A_DECLINE:
		case CA_A_MOVESHIP:
			continue;
		case CA_A_END:
		case CA_A_ROLL:
			pass = i;
			continue;
		case CA_A_SETTLEMENT:
			if (info->phase == CA_PH_SETUP) {
				v = ca_bot_spot_value(info, a->a, have);
				break;
			}
			goto apply;
		case CA_A_ROAD:
		case CA_A_SHIP:
			if (info->phase == CA_PH_SETUP) {
				v = ca_bot_edge_value(info, seat, a->a) + (a->verb ==
				    CA_A_SHIP ? -0.5f : 0);
				break;
			}
			goto apply;
		case CA_A_ROBBER:
		case CA_A_PIRATE:
			v = 100 + ca_bot_robber_action_score(info, seat, a);
			break;
		case CA_A_KNIGHT: {
			const struct ca_player *p = &info->p[seat];
			int army = info->army == CA_NONE ? 2 :
			    info->p[info->army].knights;

			if (ca_bot_robbed_pips(info, seat) == 0 &&
			    !(info->army != seat && p->knights + 1 > army))
				continue;
			v = 0.5f + 0.01f * ca_bot_robber_action_score(info, seat, a);
			break;
		}
		case CA_A_TRADE:
			for (int k = 0; k < CA_RES; k++)
				get += a->get[k];
			if (get != 1)
				continue;
			goto apply;
		case CA_A_BUY:
			samples = 3;
			goto apply;
		default:
		apply:
			for (int k = 0; k < samples; k++) {
				memcpy(&st, &det, sizeof st);
				st.fast = search_rand(r);
				if (ca_apply(&st, seat, a, NULL, NULL, NULL) != 0)
					break;
				v += ca_bot_value_of(&st, seat, &ca_greedy_w) - base;
			}
			v /= (float)samples;
		}
		if (best < 0 || v > bestv) {
			best = i;
			bestv = v;
		}
	}
	if (pass >= 0 && (best < 0 || bestv <= 0.01f))
		best = pass;
	if (best < 0)
		best = 0;
	*out = list[best];
}

static int
kind_of(const char *name)
{
	if (name == NULL || name[0] == '\0' || strcmp(name, "mcts") == 0)
		return 0;
	if (strcmp(name, "random") == 0)
		return 1;
	if (strcmp(name, "greedy") == 0)
		return 2;
	return -1;
}

/*
 * One action of the kind named (NULL: mcts) for seat in the real state
 * gs, seeing only seat's information set (ca_bot_observe): 0 with *out
 * set, else an enum rules_rc with err filled.
 */
int
ca_bot_choose(const struct ca_state *gs, int seat,
    const struct rules_bot_opts *o, struct ca_action *out,
    struct rules_error *err)
{
	static _Thread_local struct ca_state info;
	static _Thread_local struct ca_action list[BOT_MAX];
	int kind = kind_of(o != NULL ? o->kind : NULL), nl, rc;
	struct search_rng r;
	struct ca_action a;

	if (kind < 0)
		return rules_refuse(err, RULES_EDATA, "unknown player '%s' "
		    "(mcts, random, greedy)", o->kind);
	if (gs->phase == CA_PH_OVER)
		return rules_refuse(err, RULES_ESEAT, "the game is over");
	if (seat < 0 || seat >= gs->nseats || !((ca_may_act(gs) >> seat) & 1))
		return rules_refuse(err, RULES_ESEAT, "seat %d may not act now",
		    seat + 1);
	ca_bot_observe(&info, gs, seat);
	r.s = bot_key(&info, seat, o != NULL ? o->seed : 0);
	if (seat != ca_await_seat(gs) && gs->npend == 0) {
		/* not its turn: only an offer to it awaits its answer */
		if (!ca_bot_answer(&info, seat, &a))
			return rules_refuse(err, RULES_ESEAT, "seat %d has no "
			    "offer to answer", seat + 1);
		if (kind == 1 && search_below(&r, 2))
			a.verb = (uint8_t)(a.verb == CA_A_ACCEPT ?
			    CA_A_DECLINE : CA_A_ACCEPT);
		if (ca_check(&info, seat, &a, NULL) != 0)
			a.verb = CA_A_DECLINE;
	} else if (kind == 0 && seat == ca_await_seat(gs)) {
		struct search_opts so;
		uint64_t x;

		memset(&so, 0, sizeof so);
		if (o != NULL) {
			so.playouts = o->playouts;
			so.think_ms = o->think_ms;
			so.seed = o->seed;
		}
		nl = search_actions(&info, seat, list);
		if (nl <= 0)
			return rules_refuse(err, RULES_ESEAT, "seat %d has no "
			    "legal action", seat + 1);
		if (nl == 1)
			a = list[0];
		else {
			if ((rc = search_run(&catan_search, &info, seat, &so,
			    &x, NULL, err)) != 0)
				return rc;
			ca_action_unpack(x, &a);
		}
	} else {
		int k = 0;

		nl = ca_legal(&info, seat, list, BOT_MAX);
		if (nl > BOT_MAX)
			nl = BOT_MAX;
		/* never resign nor answer (no offer is open to the seat
		   to act) */
		for (int i = 0; i < nl; i++)
			if (list[i].verb != CA_A_RESIGN &&
			    list[i].verb != CA_A_WITHDRAW &&
			    list[i].verb != CA_A_ACCEPT &&
			    list[i].verb != CA_A_DECLINE)
				list[k++] = list[i];
		if (k == 0)
			return rules_refuse(err, RULES_ESEAT, "seat %d has no "
			    "legal action", seat + 1);
		/* a decision owed with another seat's (CA5.2: every seat
		   owing a discard at once), not searched: the search
		   follows the seat await names; greedy's choice */
		if (kind == 1)
			a = list[search_below(&r, (uint32_t)k)];
		else
			greedy_choose(&info, seat, &r, list, k, &a);
	}
	ca_sealed_bot_fix(gs, seat, &a);	/* CA15.6 */
	*out = a;
	return 0;
}

int
catan_bot(const struct game *g, int seat, const struct rules_bot_opts *o,
    char *action, size_t n, struct rules_error *err)
{
	const struct ca_state *gs = ca_game_state(g);
	struct ca_action a;
	int rc;

	if ((rc = ca_bot_choose(gs, seat, o, &a, err)) != 0)
		return rc;
	ca_format(gs, &a, action, n);
	return 0;
}

