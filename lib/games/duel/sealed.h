/*
 * sealed.h -- the Duel's draw stacks with sealed hands (sealed.c;
 * duel-rules(7), SEALED HANDS, DU23).  The engine's own hooks are in
 * engine-int.h.
 */
#ifndef DUEL_SEALED_H
#define DUEL_SEALED_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"
#include "games/duel/engine.h"

/* After du_init under fair chance: the stacks sealed and declared
 * (create). */
int du_sealed_init(struct du_state *st, const struct rules_sealed *sp,
    struct rules_error *err);
/* The instance of a card of a stack or hand as this reader knows it
 * (v itself when open), or -1 when it may not see it. */
int du_sealed_face(const struct du_state *st, uint8_t v);
/* The colour a sealed card was dealt to, or -1 (open, or not dealt). */
int du_sealed_holder(const struct du_state *st, uint8_t v);
/* The computer player: colour s's information set as an open game. */
void du_sealed_observe(struct du_state *st, int s);
/* Its order a in the real state gs: "show card N" first where a takes
 * a card still sealed.  1 when *a was changed. */
int du_sealed_bot_fix(const struct du_state *gs, int s,
    struct du_action *a);
void du_sealed_bot_text(const struct du_state *gs, int s, char *action,
    size_t n);

#endif
