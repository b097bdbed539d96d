/*
 * bot-eval.c -- what Catan's computer players know of a position: costs,
 * pips, spots to build on, the robber's targets, a hand's progress, the
 * evaluation of a seat (seat_value, ck_value) and of a position for the
 * search (ca_search_evaluate); bot.c's header comment says how they play
 * with it.
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


const struct eval_w ca_greedy_w = {
	.level = 0.25f, .ability = 0.4f, .knight = 0.1f, .wall = 0.1f,
	.progress = 0.3f, .barb_short = 1.5f, .barb_near = 0.3f,
	.defender = 0.6f, .pips = 0.10f, .distinct = 0.25f,
	.improve_hand = 0.8f,
};

static const struct eval_w ck_search_w = {
	.level = 0.5f, .ability = 0.4f, .knight = 0.5f, .wall = 0.3f,
	.progress = 0.0f, .barb_short = 1.5f, .barb_near = 0.3f,
	.defender = 0.6f, .pips = 0.2f, .distinct = 0.25f,
	.improve_hand = 0.0f,
};

/* The weights the search scores st by. */
static const struct eval_w *
search_w(const struct ca_state *st)
{
	return CA_CK(st) ? &ck_search_w : &ca_greedy_w;
}

/* ---- what the bot knows of Catan: costs, pips, spots ------------------ */

enum { B_SETTLEMENT, B_CITY, B_CARD, B_ROAD, B_BUILDS };

static const uint8_t build_cost[B_BUILDS][CA_RES] = {
	{ 1, 1, 1, 1, 0 },	/* settlement */
	{ 0, 0, 0, 2, 3 },	/* city */
	{ 0, 0, 1, 1, 1 },	/* development card */
	{ 1, 1, 0, 0, 0 },	/* road */
};
/* Cities & Knights has no development cards (B7): a knight instead. */
static const uint8_t knight_cost[CA_RES] = { 0, 0, 1, 0, 1 };

static const uint8_t *
cost_of(const struct ca_state *st, int b)
{
	return b == B_CARD && CA_CK(st) ? knight_cost : build_cost[b];
}

/* Dots on a number token: the rolls out of 36 that produce it. */
static int
pips(int token)
{
	if (token < 2 || token > 12 || token == 7)
		return 0;
	return token < 7 ? token - 1 : 13 - token;
}

static int
hex_pips(const struct ca_state *st, int h)
{
	return CA_PRODUCES(ca_hex_terrain(st, h)) ?
	    pips(ca_hex_token(st, h)) : 0;
}

static int
c_yield(uint8_t v)
{
	if (!v)
		return 0;
	return CA_C_KIND(v) == CA_CP_SETTLEMENT ? 1 :
	    CA_C_KIND(v) == CA_CP_CITY ? 2 : 0;
}

static int
popcount(unsigned m)
{
	int n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/* A corner where a settlement may stand by the distance rule (CA6.3). */
static int
spot_free(const struct ca_state *st, int c)
{
	const struct ca_corner *k = &st->b->corner[c];

	if (st->corner[c] || !k->land)
		return 0;
	for (int i = 0; i < k->nedge; i++)
		if (k->adj[i] != CA_NONE && c_yield(st->corner[k->adj[i]]))
			return 0;
	return 1;
}

/* seat's network reaches corner c (a piece of its own there or an
   own road or ship ending there). */
static int
reaches(const struct ca_state *st, int s, int c)
{
	const struct ca_corner *k = &st->b->corner[c];

	if (st->corner[c] && CA_C_OWNER(st->corner[c]) == s)
		return 1;
	for (int i = 0; i < k->nedge; i++) {
		int e = k->edge[i];

		if (e != CA_NONE && st->edge[e] && CA_E_OWNER(st->edge[e]) == s)
			return 1;
	}
	return 0;
}

/* The kinds seat produces (bit per resource) and its harbors. */
unsigned
ca_bot_seat_kinds(const struct ca_state *st, int s, unsigned *harbors)
{
	const struct ca_board *b = st->b;
	unsigned m = 0, hb = 0;

	for (int c = 0; c < b->ncorner; c++) {
		if (!st->corner[c] || CA_C_OWNER(st->corner[c]) != s)
			continue;
		hb |= b->corner[c].harbor;
		for (int i = 0; i < 3; i++) {
			int h = b->corner[c].hex[i], t;

			if (h == CA_NONE)
				continue;
			t = ca_hex_terrain(st, h);
			if (CA_PRODUCES(t) && t != CA_GOLD && hex_pips(st, h))
				m |= 1u << CA_TERRAIN_RES(t);
		}
	}
	if (harbors != NULL)
		*harbors = hb;
	return m;
}

/*
 * What a settlement at c is worth to a seat producing the kinds `have`:
 * its pips, more for kinds it lacks, gold, and a harbor for what it
 * produces.  In pips (a good corner 11-15).
 */
float
ca_bot_spot_value(const struct ca_state *st, int c, unsigned have)
{
	const struct ca_corner *k = &st->b->corner[c];
	unsigned kinds = 0;
	float v = 0;

	for (int i = 0; i < 3; i++) {
		int h = k->hex[i], p, t;

		if (h == CA_NONE || (p = hex_pips(st, h)) == 0)
			continue;
		t = ca_hex_terrain(st, h);
		v += (float)p;
		if (h == st->robber)
			v -= 0.5f * (float)p;
		if (t == CA_GOLD)
			v += 0.5f * (float)p;
		else
			kinds |= 1u << CA_TERRAIN_RES(t);
	}
	if (v <= 0)
		return 0;
	v += 2.0f * (float)popcount(kinds & ~have) +
	    0.5f * (float)popcount(kinds & have);
	if (k->harbor) {
		unsigned all = have | kinds;

		if (k->harbor & (1u << CA_HARBOR_ANY))
			v += 1.5f;
		for (int t = 0; t < CA_RES; t++)
			if (k->harbor & all & (1u << t))
				v += 2.0f;
	}
	return v;
}

/* A treasure a road or ship finds (CA10.6), in the units of a spot's
   value: 2 picks, about 2 resources, 2 roads, and a development card,
   worth the 3 resources of a buy. */
static const float treasure_worth[CA_TREASURE_KINDS] = {
	[CA_TR_GOLD] = 1.5f, [CA_TR_RESOURCES] = 1.2f, [CA_TR_ROADS] = 1.2f,
	[CA_TR_CARD] = 2.0f
};

/*
 * A road or ship on edge e for seat s: how far it brings s towards a
 * new settlement (its far end a free spot, or one edge short of one),
 * and the treasure it finds.
 */
float
ca_bot_edge_value(const struct ca_state *st, int s, int e)
{
	const struct ca_edge *ed = &st->b->edge[e];
	unsigned have = ca_bot_seat_kinds(st, s, NULL);
	float best = 0, found = 0;

	for (int j = 0; j < 2; j++) {
		int c = ed->corner[j], t = ca_treasure_unfound(st, c);
		const struct ca_corner *k;

		if (t >= 0 && treasure_worth[t] > found)
			found = treasure_worth[t];

		if (c == CA_NONE || reaches(st, s, c))
			continue;
		if (st->corner[c] && CA_C_OWNER(st->corner[c]) != s)
			continue;	/* a foreign piece blocks the way */
		if (spot_free(st, c)) {
			float v = 3 + ca_bot_spot_value(st, c, have);

			if (v > best)
				best = v;
			continue;
		}
		k = &st->b->corner[c];
		for (int i = 0; i < k->nedge; i++) {
			int o = k->adj[i], f = k->edge[i];
			float v;

			if (o == CA_NONE || f == e || st->edge[f] ||
			    !spot_free(st, o))
				continue;
			v = 0.5f * ca_bot_spot_value(st, o, have);
			if (v > best)
				best = v;
		}
	}
	return best + found;
}

/* Public victory points of the best other live seat. */
int
ca_bot_leader_vp(const struct ca_state *st, int s)
{
	int best = 0;

	for (int o = 0; o < st->nseats; o++)
		if (o != s && !st->p[o].resigned && ca_vp(st, o, 0) > best)
			best = ca_vp(st, o, 0);
	return best;
}

/*
 * The robber (or the pirate) to hex h by seat s, stealing from victim:
 * the others' production it blocks, the leader's most, its own counted
 * against; a card from the leader.  Public facts only.
 */
static float
robber_score(const struct ca_state *st, int s, int h, int pirate, int victim)
{
	int lead = ca_bot_leader_vp(st, s);
	float v = 0;

	if (!pirate) {
		int p = hex_pips(st, h);

		for (int d = 0; d < 6; d++) {
			int c = st->b->hcorner[h][d], o, y;

			if (c == CA_NONE || (y = c_yield(st->corner[c])) == 0)
				continue;
			o = CA_C_OWNER(st->corner[c]);
			if (o == s)
				v -= 3.0f * (float)(y * p);
			else {
				int vp = ca_vp(st, o, 0);

				v += (float)(y * p) * (1.0f + 0.15f * (float)vp +
				    (vp == lead ? 0.8f : 0));
			}
		}
	}
	if (victim != CA_NONE && victim < st->nseats) {
		int vp = ca_vp(st, victim, 0);

		v += 3.0f + 0.5f * (float)vp + (vp == lead ? 2.0f : 0) +
		    0.2f * (float)ca_hand_count(&st->p[victim]);
	}
	return v;
}

float
ca_bot_robber_action_score(const struct ca_state *st, int s,
    const struct ca_action *a)
{
	int pirate = a->verb == CA_A_PIRATE || (a->verb == CA_A_KNIGHT && a->ka);

	return robber_score(st, s, a->a, pirate, a->victim);
}

/* Own production blocked by the robber, in pips. */
int
ca_bot_robbed_pips(const struct ca_state *st, int s)
{
	int h = st->robber, n = 0;

	if (h == CA_NONE || h >= st->b->nhex)
		return 0;
	for (int d = 0; d < 6; d++) {
		int c = st->b->hcorner[h][d];

		if (c != CA_NONE && st->corner[c] &&
		    CA_C_OWNER(st->corner[c]) == s)
			n += c_yield(st->corner[c]) * hex_pips(st, h);
	}
	return n;
}

/*
 * A hand's worth towards building: for each build, the share of its
 * cost held, squared (the last card counts most), by what the build is
 * worth; the best build counts whole, the others a little.
 */
static float
hand_progress(const struct ca_state *st, int s, const uint8_t *hand,
    int spots, const struct eval_w *ew)
{
	const struct ca_player *p = &st->p[s];
	static const float w[B_BUILDS] = { 0.9f, 0.9f, 0.35f, 0.25f };
	float best = 0, sum = 0;

	for (int b = 0; b < B_BUILDS; b++) {
		int have = 0, tot = 0;
		float f;

		if ((b == B_SETTLEMENT && (!p->supply[CA_S_SETTLEMENT] ||
		    !spots)) || (b == B_CITY && (!p->supply[CA_S_CITY] ||
		    p->supply[CA_S_SETTLEMENT] == 5)) ||
		    (b == B_ROAD && !p->supply[CA_S_ROAD]))
			continue;
		for (int k = 0; k < CA_RES; k++) {
			int c = cost_of(st, b)[k];

			have += hand[k] < c ? hand[k] : c;
			tot += c;
		}
		f = (float)have / (float)tot;
		f = w[b] * f * f;
		sum += f;
		if (f > best)
			best = f;
	}
	for (int t = 0; CA_CK(st) && t < CK_TRACKS; t++) {
		/* C&K: the commodities towards the next improvement */
		const struct ck_trackdef *d = &st->ck.d->track[t];
		int lv = st->ck.p[s].level[t], c, have;
		float f;

		if (lv >= CK_LEVELS || p->supply[CA_S_CITY] == 4)
			continue;
		c = d->cost[lv];
		have = hand[d->commodity] < c ? hand[d->commodity] : c;
		f = (float)have / (float)c;
		f = ew->improve_hand * f * f;
		sum += f;
		if (f > best)
			best = f;
	}
	return best + 0.15f * (sum - best);
}

/* Production of every seat in pips by resource (a city twice, the
   robber's hex at half), gold apart, and harbors held. */
struct prod {
	float res[CA_SEATS][CA_RES];
	float gold[CA_SEATS];
	unsigned harbors[CA_SEATS];
};

static void
production(const struct ca_state *st, struct prod *pr)
{
	const struct ca_board *b = st->b;

	memset(pr, 0, sizeof *pr);
	for (int c = 0; c < b->ncorner; c++) {
		int o, y = c_yield(st->corner[c]);

		if (y == 0)
			continue;
		o = CA_C_OWNER(st->corner[c]);
		if (o < 0 || o >= CA_SEATS)
			continue;
		pr->harbors[o] |= b->corner[c].harbor;
		for (int i = 0; i < 3; i++) {
			int h = b->corner[c].hex[i], t, p;

			if (h == CA_NONE || (p = hex_pips(st, h)) == 0)
				continue;
			t = ca_hex_terrain(st, h);
			{
				float f = (float)(p * y) *
				    (h == st->robber ? 0.5f : 1.0f);

				if (t == CA_GOLD)
					pr->gold[o] += f;
				else
					pr->res[o][CA_TERRAIN_RES(t)] += f;
			}
		}
	}
}

/* Free spots seat reaches now, and the best of them and of those one
   edge further, by ca_bot_spot_value. */
static void
spots_of(const struct ca_state *st, int s, unsigned have, int *n1,
    float *best1, float *best2)
{
	const struct ca_board *b = st->b;

	*n1 = 0;
	*best1 = *best2 = 0;
	for (int c = 0; c < b->ncorner; c++) {
		const struct ca_corner *k = &b->corner[c];
		float v;

		if (!spot_free(st, c))
			continue;
		if (reaches(st, s, c)) {
			(*n1)++;
			if ((v = ca_bot_spot_value(st, c, have)) > *best1)
				*best1 = v;
			continue;
		}
		for (int i = 0; i < k->nedge; i++) {
			int o = k->adj[i], e = k->edge[i];

			if (o == CA_NONE || st->edge[e] || !reaches(st, s, o) ||
			    (st->corner[o] && CA_C_OWNER(st->corner[o]) != s))
				continue;
			if ((v = ca_bot_spot_value(st, c, have)) > *best2)
				*best2 = v;
			break;
		}
	}
}

/*
 * Cities & Knights' worth of seat s beyond its points (f: the weight of
 * promise, less as the target nears): the improvements (each level draws
 * progress cards, level 3 an ability, 4 a metropolis), the knights by
 * level, walls, progress cards held, and the barbarians: when the next
 * attack would win (CK12.3, the defence below the cities) and s has a
 * city to lose with the least defence of those that have one, a city's
 * loss by how near the ship is; the Defender's point when s alone
 * defends most.
 */
static float
ck_value(const struct ca_state *st, int s, float f, const struct eval_w *w)
{
	const struct ca_ck_player *cp = &st->ck.p[s];
	int def[CA_SEATS] = { 0 }, open[CA_SEATS] = { 0 }, klev = 0;
	int total = 0, bar = 0, lowest = 1, top = 1, n = 0;
	float v = 0, near = (float)(st->ck.ship + 1) / (float)st->ck.steps;

	for (int c = 0; c < st->b->ncorner; c++) {
		uint8_t x = st->corner[c];
		int o = CA_C_OWNER(x), k = CA_C_KIND(x);

		if (!x || o < 0 || o >= CA_SEATS)
			continue;
		if (k == CA_CP_CITY) {
			int metro = 0;

			for (int t = 0; t < CK_TRACKS; t++)
				metro |= st->ck.metro[t] == c;
			open[o] += !metro;
			bar++;
		} else if (k & CA_CP_KNIGHT) {
			int lv = (k & 3) + 1;

			if (o == s)
				klev += lv + ((k & CA_CP_ACTIVE) ? 1 : 0);
			if (k & CA_CP_ACTIVE) {
				def[o] += lv;
				total += lv;
			}
		}
	}
	for (int t = 0; t < CK_TRACKS; t++) {
		int lv = cp->level[t];

		v += f * (w->level * (float)lv + (lv >= CK_ABILITY_LEVEL ?
		    w->ability : 0));
	}
	v += f * w->knight * (float)klev;
	for (int i = 0; i < CK_WALLS; i++)
		v += cp->wall[i] != CA_NONE ? w->wall : 0;
	v += w->progress * (float)(cp->nprog < 4 ? cp->nprog : 4);
	for (int o = 0; o < st->nseats; o++) {
		if (o == s || st->p[o].resigned)
			continue;
		n++;
		if (open[o] && def[o] < def[s])
			lowest = 0;
		if (def[o] >= def[s])
			top = 0;
	}
	if (open[s] && lowest)
		v -= near * (total < bar ? w->barb_short : w->barb_near);
	if (n && top && total >= bar)
		v += near * w->defender;
	return v;
}

/*
 * The worth of seat s in st, in victory points and their promise:
 * points (its hidden ones too: st is a determinization or seat's own
 * view), production by pips and kinds, harbors, the hand towards a
 * build, development cards, knights, the route, room to build.
 */
static float
seat_value(const struct ca_state *st, int s, const struct prod *pr,
    const struct eval_w *w)
{
	const struct ca_player *p = &st->p[s];
	int vp = ca_vp(st, s, 1), n = ca_hand_count(p), distinct = 0, n1;
	unsigned have = 0;
	float v = (float)vp, P = pr->gold[s], f, b1, b2;

	if (p->resigned)
		return 0;
	for (int k = 0; k < CA_RES; k++) {
		P += pr->res[s][k];
		if (pr->res[s][k] > 0) {
			distinct++;
			have |= 1u << k;
		}
	}
	f = 1.0f - (float)vp / (float)(st->vp_target ? st->vp_target : 10);
	if (f < 0.25f)
		f = 0.25f;
	v += f * (w->pips * P + w->distinct * (float)distinct);
	/* grain and ore make cities, brick and wood roads and settlements */
	v += f * 0.02f * (pr->res[s][CA_ORE] + pr->res[s][CA_GRAIN]);
	for (int t = 0; t < CA_RES; t++)
		if (pr->harbors[s] & (1u << t))
			v += f * (0.05f + 0.04f * pr->res[s][t]);
	if (pr->harbors[s] & (1u << CA_HARBOR_ANY))
		v += f * 0.3f;
	spots_of(st, s, have, &n1, &b1, &b2);
	if (p->supply[CA_S_SETTLEMENT]) {
		if (n1)
			v += f * (0.3f + 0.03f * b1);
		else if (b2 > 0)
			v += f * (0.1f + 0.015f * b2);
	}
	v += 0.04f * (float)(n < 7 ? n : 7);
	if (n > 7)
		v -= 0.06f * (float)(n - 7);
	v += hand_progress(st, s, p->hand, n1, w);
	for (int t = 0; t < CA_DEVS; t++)
		if (t != CA_VP)
			v += (t == CA_KNIGHT ? 0.35f : 0.4f) * (float)p->dev[t];
	v += 0.15f * (float)p->knights + 0.03f * (float)p->route;
	if (CA_CK(st))
		v += ck_value(st, s, f, w);
	return v;
}

float
ca_bot_value_of(const struct ca_state *st, int s, const struct eval_w *w)
{
	struct prod pr;

	production(st, &pr);
	return seat_value(st, s, &pr, w);
}

/* ---- the search's actions ---------------------------------------------- */

/* Score of a bundle action (discard, pick, year of plenty): the hand it
   leaves. */
float
ca_bot_bundle_score(const struct ca_state *st, int s, const struct ca_action *a)
{
	uint8_t hand[CA_KINDS];

	memcpy(hand, st->p[s].hand, sizeof hand);
	for (int k = 0; k < CA_KINDS; k++) {
		if (bundle_gives(a->verb))
			hand[k] = (uint8_t)(hand[k] - a->give[k]);
		else
			hand[k] = (uint8_t)(hand[k] + a->get[k]);
	}
	return hand_progress(st, s, hand, 1, search_w(st));
}

/* Does trading give for get let seat pay for a build it could not? */
int
ca_bot_trade_enables(const struct ca_state *st, int s,
    const struct ca_action *a, int spots)
{
	const struct ca_player *p = &st->p[s];
	uint8_t hand[CA_KINDS];

	memcpy(hand, p->hand, sizeof hand);
	for (int k = 0; k < CA_RES; k++)
		hand[k] = (uint8_t)(hand[k] - a->give[k] + a->get[k]);
	for (int b = 0; b < B_ROAD; b++) {
		int before = 1, after = 1;

		if (b == B_CARD && CA_CK(st))
			continue;	/* a knight is no reason to trade */
		if ((b == B_SETTLEMENT && (!spots ||
		    !p->supply[CA_S_SETTLEMENT])) || (b == B_CITY &&
		    (!p->supply[CA_S_CITY] || p->supply[CA_S_SETTLEMENT] == 5)))
			continue;
		for (int k = 0; k < CA_RES; k++) {
			before &= p->hand[k] >= build_cost[b][k];
			after &= hand[k] >= build_cost[b][k];
		}
		if (after && !before)
			return 1;
	}
	for (int t = 0; CA_CK(st) && t < CK_TRACKS; t++) {
		/* C&K: a trade that pays for the next improvement */
		const struct ck_trackdef *d = &st->ck.d->track[t];
		int lv = st->ck.p[s].level[t];

		if (lv < CK_LEVELS && p->supply[CA_S_CITY] < 4 &&
		    hand[d->commodity] >= d->cost[lv] &&
		    p->hand[d->commodity] < d->cost[lv])
			return 1;
	}
	return 0;
}

int
ca_bot_free_spots(const struct ca_state *st, int s)
{
	for (int c = 0; c < st->b->ncorner; c++)
		if (spot_free(st, c) && reaches(st, s, c))
			return 1;
	return 0;
}

/* A win is 1; otherwise a logistic of the lead over the best rival,
   below 0.9.  (Adding the seat's own worth to it, so that a clear leader
   tells better from worse, lost 8 of 9 differing games of 18 paired
   ones against greedy.) */
void
ca_search_evaluate(const void *vst, float r[RULES_MAX_SEATS])
{
	const struct ca_state *st = vst;
	float v[CA_SEATS];
	struct prod pr;

	for (int s = 0; s < RULES_MAX_SEATS; s++)
		r[s] = 0;
	if (st->phase == CA_PH_OVER) {
		if (st->winner != CA_NONE)
			r[st->winner] = 1;
		return;
	}
	production(st, &pr);
	for (int s = 0; s < st->nseats; s++)
		v[s] = seat_value(st, s, &pr, search_w(st));
	for (int s = 0; s < st->nseats; s++) {
		float best = -100;

		for (int o = 0; o < st->nseats; o++)
			if (o != s && v[o] > best)
				best = v[o];
		r[s] = 0.9f / (1.0f + expf(-(v[s] - best) / 1.5f));
	}
}
