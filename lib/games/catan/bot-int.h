/*
 * bot-int.h -- what the files of Catan's computer players share (bot.c:
 * the search's hooks and the kinds; bot-info.c: the information set;
 * bot-eval.c: the evaluation).  Not for use outside lib/games/catan.
 */
#ifndef CATAN_BOT_INT_H
#define CATAN_BOT_INT_H

#include <stdint.h>

#include "search.h"
#include "games/catan/engine.h"

#define BOT_MAX 4096

/*
 * The evaluation's weights (seat_value, ck_value, hand_progress).  greedy
 * plays by greedy_w, as it always has, and so do the search of the base
 * game and Seafarers and every answer to an offer.  The search of Cities
 * & Knights plays by ck_search_w: tuned on 2026-11-27 by games of greedy
 * with one weight changed against three of greedy_w (1,000 four-player
 * games a value, seats rotated; BENCHMARKS, "How strong is Cities &
 * Knights' computer player?"), then confirmed with the search itself.
 * Greedy keeps its weights so that the yardstick the issue names stays
 * the same player.
 */
struct eval_w {
	float level;		/* an improvement level (CK9) */
	float ability;		/* a track at level 3: its ability (CK9.4)
				   and a metropolis near (CK10.2) */
	float knight;		/* a knight's level, one more when active */
	float wall;		/* a city wall (CK8) */
	float progress;		/* a progress card held, up to 4 */
	float barb_short;	/* the city to lose when the defence falls
				   short (CK12.3), by the ship's nearness */
	float barb_near;	/* the same when the defence holds now */
	float defender;		/* the Defender's point in reach (CK12.4) */
	float pips;		/* production, a pip */
	float distinct;		/* production, a resource kind */
	float improve_hand;	/* commodities towards the next improvement */
};

/* bot-eval.c: the weights greedy plays by (and every answer to an offer) */
extern const struct eval_w ca_greedy_w;

/* A discard or gift: the bundle an action gives (else the one it gets). */
static inline int
bundle_gives(int v)
{
	return v == CA_A_DISCARD || v == CA_A_GIVE;
}

/* An action that moves the robber or the pirate. */
static inline int
robber_verb(int v)
{
	return v == CA_A_ROBBER || v == CA_A_PIRATE || v == CA_A_KNIGHT;
}

/* ---- bot-info.c: the information set, the search's hooks ---- */
int ca_search_observe(void *out, const struct game *g, int seat,
    struct rules_error *err);
void ca_search_determinize(void *out, const void *info, int seat,
    struct search_rng *r);
void ca_search_reseed(void *st, uint64_t seed);

/* ---- bot-eval.c: the evaluation (public facts and seat's own hand) ---- */
unsigned ca_bot_seat_kinds(const struct ca_state *st, int s,
    unsigned *harbors);
float ca_bot_spot_value(const struct ca_state *st, int c, unsigned have);
float ca_bot_edge_value(const struct ca_state *st, int s, int e);
int ca_bot_leader_vp(const struct ca_state *st, int s);
float ca_bot_robber_action_score(const struct ca_state *st, int s,
    const struct ca_action *a);
int ca_bot_robbed_pips(const struct ca_state *st, int s);
float ca_bot_value_of(const struct ca_state *st, int s,
    const struct eval_w *w);
float ca_bot_bundle_score(const struct ca_state *st, int s,
    const struct ca_action *a);
int ca_bot_trade_enables(const struct ca_state *st, int s,
    const struct ca_action *a, int spots);
int ca_bot_free_spots(const struct ca_state *st, int s);
void ca_search_evaluate(const void *vst, float r[RULES_MAX_SEATS]);

#endif
