/*
 * cards-int.h -- what the play cards' files (cards-draw.c, cards-play.c,
 * cards-answer.c, cards-legal.c) share; the engine's other files use
 * internal.h alone.
 */
#ifndef TRIGON_CARDS_INT_H
#define TRIGON_CARDS_INT_H

#include "internal.h"

#define CARD(id) TG_CARD_##id

/* What "choose SLUG" names for a card that asks a choice (R12). */
enum { ARG_NONE, ARG_SPOT, ARG_COUNT_SPOT, ARG_COINS };

/* What "play SLUG" names for each held card type. */
#define PA_NONE TG_PA_NONE
#define PA_SPOT TG_PA_SPOT
#define PA_SPOT_FIG TG_PA_SPOT_FIG
#define PA_COINS TG_PA_COINS
#define PA_COLOR TG_PA_COLOR
#define PA_COLOR_COINS TG_PA_COLOR_COINS
#define PA_NOT TG_PA_NOT

/* The helpers, by the file that holds them. */

/* cards-draw.c */
const char *card_sname(const struct tg_data *d, int s);
int card_holds(const struct tg_state *st, int c, int t);
int card_coins_total(const struct tg_state *st, int c);
void card_remove_knights(struct tg_state *st, int c, int s, int n);
void card_to_bank(struct tg_state *st, int c, const int v[3]);
int card_from_bank(struct tg_state *st, int c, int k, int n);
void card_remove_settlement(const struct tg_data *d, struct tg_state *st, int s,
    const char *card, struct rules_note *note);
int card_choose_args(int t);

/* cards-play.c */
int card_play_args(int t);
int card_coins_sum(const struct tg_action *a);

/* cards-answer.c */
int card_check_choose(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err);
void card_do_choose(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note);
int card_check_take(const struct tg_state *st, int c, const struct tg_action *a,
    struct rules_error *err);
void card_do_take(struct tg_state *st, int c, const struct tg_action *a,
    struct rules_note *note);
int card_check_defend(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err);
void card_do_defend(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note, struct tg_action *att);

#endif
