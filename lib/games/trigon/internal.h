/*
 * internal.h -- helpers shared by the engine's files in lib/games/trigon/,
 * not part of the engine API (engine.h).
 */
#ifndef TRIGON_INTERNAL_H
#define TRIGON_INTERNAL_H

#include <stdarg.h>

#include "chance.h"
#include "engine.h"

#if defined(__GNUC__)
#define TG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TG_PRINTF(a, b)
#endif

/* Errors and notes. */
#define tg_refuse rules_refuse	/* rules.h */
void tg_note(struct rules_note *note, const char *fmt, ...) TG_PRINTF(2, 3);

/*
 * A random stream for one event (rng.c): the core's stream of the
 * game's source of chance, or with TG_SF_FAST_RNG the bot's cheap bytes.
 * tg_rng_open asks the source for the event (label in the game's words,
 * quorum a mask of seats, 0 = all); when the answer is awaited it
 * unwinds to the guarded entry point (tg_init, tg_scenario_apply,
 * tg_apply), which restores the state and returns RULES_PENDING.
 */
struct tg_rng {
	struct chance_stream cs;
	uint8_t fast;		/* 1: bytes from st->fast */
	uint8_t pos;		/* next of buf (fast only) */
	unsigned char buf[64];	/* fast bytes */
};
void tg_rng_open(struct tg_state *st, int kind, const char *label,
    unsigned quorum, struct tg_rng *r);
int tg_rng_die(struct tg_state *st, struct tg_rng *r);
int tg_rng_below(struct tg_state *st, struct tg_rng *r, int n);
void tg_shuffle(struct tg_state *st, uint8_t *a, int n, const char *label);
void tg_decks_ready(struct tg_state *st);
/*
 * TG_SF_PUBLIC_DRAWS: one card drawn.  The cards an action draws come
 * from one event "draw" of kind TG_EV_DRAW with every seat in its
 * quorum, opened at the first (the guard of the action starts none).
 * tg_draw_index gives a uniform index below n; tg_draw_to_top swaps a
 * uniformly chosen one of a[0..n) into a[n-1], the top of a quest or
 * play deck.
 */
int tg_draw_index(struct tg_state *st, int n);
void tg_draw_to_top(struct tg_state *st, uint8_t *a, int n);
/* The quorum bit of color c's seat. */
unsigned tg_seat_bit(const struct tg_state *st, int c);

/*
 * Guards (rng.c): an entry point that may open chance events of source
 * ch runs its body as fn(ctx) under tg_rng_guard, which catches an
 * event the source did not answer (RULES_PENDING, or an error such as
 * a missing source), puts *st back as it was, cuts the note back to its
 * length before, fills err and returns the code.  With a source that
 * never fails (no RULES_CHANCE_MAY_PEND: open mode) the body runs
 * unguarded, at no cost.
 */
int tg_rng_guard(struct tg_state *st, const struct rules_chance *ch,
    struct rules_note *note, struct rules_error *err,
    int (*fn)(void *ctx), void *ctx);

/* Spot and path helpers. */
static inline int tg_path_of(const struct tg_data *d, int a, int b)
{
	const struct tg_spot *s = &d->spots[a];

	for (int i = 0; i < s->nadj; i++)
		if (s->adj[i] == b)
			return s->adjpath[i];
	return -1;
}
static inline int tg_enemy_at(const struct tg_state *st, int spot, int c)
{
	int f = st->who[spot] & 0x0f, o = st->who[spot] >> 4;

	return (f != TG_NOBODY && f != c) || (o != TG_NOBODY && o != c);
}
static inline int tg_river_color(const struct tg_state *st, int r)
{
	int c = st->rwho[r] & 0x0f;
	return c == TG_NOBODY ? -1 : c;
}
static inline int tg_river_heading(const struct tg_data *d,
    const struct tg_state *st, int path)
{
	const struct tg_path *p = &d->paths[path];
	return (st->rwho[p->river_index] & 0x10) ? p->b : p->a;
}
static inline int tg_sc_total(uint8_t v) { return v & 3; }
static inline int tg_sc_moved(uint8_t v) { return (v >> 2) & 3; }
static inline int tg_sc_carried(uint8_t v) { return (v >> 4) & 3; }
static inline int tg_sc_spent(uint8_t v) { return (v >> 6) & 3; }
static inline uint8_t tg_sc_pack(int t, int m, int c, int s)
{
	return (uint8_t)(t | m << 2 | c << 4 | s << 6);
}
static inline int tg_seat_of(const struct tg_state *st, int color)
{
	return st->color_seat[color] == TG_NONE ? -1 : st->color_seat[color];
}
static inline int tg_playing(const struct tg_state *st, int c)
{
	return (st->p[c].flags & TG_PF_PLAYING) != 0;
}
static inline int tg_vc_births(const struct tg_data *d,
    const struct tg_state *st, int spot)
{
	const struct tg_village_card *v = &d->villages[tg_vcard(st, spot)];
	return tg_is_city(st, spot) ? v->city.births : v->village.births;
}

/* Board edits that keep the counters (state.c). */
void tg_fig_add(struct tg_state *st, int spot, int color, int knights,
    int scouts, int boats);
void tg_set_who_fig(struct tg_state *st, int spot, int color);
void tg_set_inhab(struct tg_state *st, int spot, int n);
void tg_settle_add(const struct tg_data *d, struct tg_state *st, int spot,
    int color, int card, int chip, int inhab, int city, int palace);
void tg_settle_remove(const struct tg_data *d, struct tg_state *st, int spot,
    int to_deck);
int tg_chip_free(const struct tg_state *st, int color);
void tg_points_update(const struct tg_data *d, struct tg_state *st, int c);
int tg_add_inhabitants(const struct tg_data *d, struct tg_state *st,
    int spot, int n, struct rules_note *note);
void tg_vdeck_bottom(struct tg_state *st, int card);
int tg_vdeck_draw(struct tg_state *st);
int tg_found_village(const struct tg_data *d, struct tg_state *st, int spot,
    int color, struct rules_note *note);
void tg_spot_name_note(const struct tg_data *d, int spot, char *buf);

/* Turn flow and ends (state.c). */
void tg_end_turn(const struct tg_data *d, struct tg_state *st,
    struct rules_note *note);
void tg_round_start(const struct tg_data *d, struct tg_state *st,
    struct rules_note *note);
void tg_set_order(struct tg_state *st, int first, struct rules_note *note);
void tg_collect(const struct tg_data *d, struct tg_state *st,
    struct rules_note *note);
int tg_init_base(struct tg_state *st, const struct tg_data *d,
    const struct tg_setup *s, struct rules_error *err);
void tg_leave(const struct tg_data *d, struct tg_state *st, int c,
    int resigned, struct rules_note *note);
int tg_check_out(const struct tg_data *d, struct tg_state *st, int c,
    struct rules_note *note);
int tg_check_win(const struct tg_data *d, struct tg_state *st, int c,
    struct rules_note *note);
void tg_check_all(const struct tg_data *d, struct tg_state *st, int first,
    struct rules_note *note);
void tg_game_over(struct tg_state *st, int c, int how,
    struct rules_note *note);

/* Battle (battle.c). */
struct tg_army {
	int kn, sc, bt;
	int x;			/* battle cards: TG_X_* bits (R8.7, R8.8) */
};
/*
 * Fight at spot (or river path when path >= 0) between color c's army
 * and everything of the other color there.  Returns 1 when the
 * attacker won (its survivors are left in *army), 0 when it lost.
 */
int tg_battle(const struct tg_data *d, struct tg_state *st, int c, int spot,
    int path, struct tg_army *army, int order, struct rules_note *note);

/* The full rule check of one action, nothing changed (apply.c). */
int tg_check_action(const struct tg_data *d, const struct tg_state *st,
    int seat, const struct tg_action *a, struct rules_error *err);
/* The same without the whose-turn check, for color c (legal.c). */
int tg_check_kind(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err);

/* Cards (cards-*.c, quests.c). */
int tg_check_card(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err);
int tg_do_card(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note);
int tg_check_deal(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err);
void tg_do_deal(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note);
/* Draw a play card for c (R1.3 refill); -1 when both piles are empty. */
int tg_draw_play(struct tg_state *st, int c);
/* A card c has drawn: a † card acts at once (defaults when !active). */
void tg_card_drawn(const struct tg_data *d, struct tg_state *st, int c,
    int type, int active, struct rules_note *note);
void tg_hand_add(struct tg_state *st, int c, int type, int n);
void tg_discard_add(struct tg_state *st, int type);
/* An attack by c would meet a defender holding a battle card: its color. */
int tg_defender_asked(const struct tg_data *d, const struct tg_state *st,
    int c, const struct tg_action *a);
void tg_ask_defender(struct tg_state *st, int c, int def,
    const struct tg_action *a, struct rules_note *note);
/* An attack's action from a TG_PD_DEFEND pending. */
void tg_pending_attack(const struct tg_state *st, struct tg_action *a);
/* Legal card actions of color c appended to out (legal.c). */
int tg_legal_cards(const struct tg_data *d, const struct tg_state *st, int c,
    struct tg_action *out, int n, int max);
/* The arguments "play SLUG" / "choose SLUG" take (parse.c). */
enum {
	TG_PA_NONE, TG_PA_SPOT, TG_PA_SPOT_FIG, TG_PA_COINS, TG_PA_COLOR,
	TG_PA_COLOR_COINS,
	TG_PA_NOT		/* never played with "play" / nothing to choose */
};
int tg_card_args(int kind, int type);
/* Quest events (R10.1, R10.5): every unfinished quest of c it meets. */
void tg_quest_event(const struct tg_data *d, struct tg_state *st, int c,
    int kind, int param, struct rules_note *note);
void tg_quest_give(struct tg_state *st, int q, int c);
int tg_quest_draw(struct tg_state *st, int c);

/*
 * Sealed hands (sealed.c; trigon-rules(7), R13).  tg_rng_fail unwinds
 * to the running guard with rc and err, as an event the source did not
 * answer does (rng.c).
 */
void tg_rng_fail(int rc, const struct rules_error *err);
#define TG_DRAW_SEALED (-2)	/* tg_draw_play: a sealed card went to c */
#define TG_DRAW_OPEN (-3)	/* tg_sealed_draw: draw an open card */
int tg_sealed_type(int type);
/* "show N" (text of len bytes, as tg_parse takes it): 1 with *a
 * filled, RULES_EPARSE for another "show", 0 for any other order. */
int tg_sealed_parse(const char *text, size_t len, struct tg_action *a,
    struct rules_error *err);
void tg_sealed_ready(struct tg_state *st);
int tg_sealed_draw(struct tg_state *st, int c);
int tg_sealed_left(const struct tg_state *st);
int tg_sealed_held(const struct tg_state *st, int c);
int tg_sealed_check_show(const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err);
void tg_sealed_show(struct tg_state *st, int c, int pos,
    struct rules_note *note);
void tg_sealed_show_all(struct tg_state *st, int c, struct rules_note *note);
int tg_sealed_legal(const struct tg_state *st, int c, struct tg_action *out,
    int n, int max);
int tg_sealed_check(const struct tg_state *st, const int *pcards,
    struct rules_error *err);
/* For a computer player of color c: every sealed card c may not see
 * dealt again from those c cannot place (below(ctx, n) a uniform index
 * below n; NULL: in order), and the requests dropped. */
void tg_sealed_forget(struct tg_state *st, int c,
    uint32_t (*below)(void *ctx, uint32_t n), void *ctx);
/* The card type of position pos as this reader knows it, or -1. */
int tg_sealed_face(const struct tg_state *st, int pos);

/* Names used in messages. */
extern const char *const tg_fig_name[3];
extern const char *const tg_fig_plural[3];
extern const char *const tg_coin_name[3];
extern const char *const tg_how_name[6];

#endif
