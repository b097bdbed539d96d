/*
 * sealed.h -- Catan's development deck with sealed hands (sealed.c;
 * catan-rules(7), "Sealed hands").
 */
#ifndef CATAN_SEALED_H
#define CATAN_SEALED_H

#include <stdio.h>

#include "games/catan/engine.h"

struct ca_secret;
struct search_rng;

/* Cards left to buy: the undealt positions when sealed, else the deck. */
int ca_deck_left(const struct ca_state *st);
/* After the position: the deck sealed and declared (create). */
int ca_sealed_init(struct ca_state *st, const struct rules_sealed *sp,
    struct rules_error *err);
/* The draw of a buy or a treasure (CA10.6), unpaid, its checks done
   (ca_deal_devcard); at: the treasure's corner, NULL for a buy. */
int ca_sealed_deal(struct ca_state *st, int seat, const char *at,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err);
int ca_do_show(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
/* "show N" for seat's sealed cards into out[n..max); the new n. */
int ca_sealed_legal(const struct ca_state *st, int seat,
    struct ca_action *out, int n, int max);
/* seat's sealed cards held: all, those of type t this reader knows
   (t -1: all known), those bought this turn. */
int ca_sealed_held(const struct ca_state *st, int seat);
int ca_sealed_known(const struct ca_state *st, int seat, int t);
int ca_sealed_fresh(const struct ca_state *st, int seat);
/* The views: seat's sealed cards as this reader knows them. */
void ca_sealed_hand_text(const struct ca_state *st, int seat, FILE *f);
/* The computer player: seat's information set as an open game. */
void ca_sealed_observe(struct ca_state *st, int seat);
/* Its action a in the real state gs: a show first where a plays or
   wins with a card still sealed.  1 when *a was changed. */
int ca_sealed_bot_fix(const struct ca_state *gs, int seat,
    struct ca_action *a);

/*
 * Cities & Knights' sealed progress decks (sealed-ck.c; catan-ck-rules(7),
 * CK20): the calls above hand a C&K game to these.
 */
/* After ca_ck_init: the three decks sealed and declared (create). */
int ck_sealed_init(struct ca_state *st, const struct rules_sealed *sp,
    struct rules_error *err);
/* seat's draw from deck t while its positions are not all dealt
   (draw_progress; it takes the top place away). */
int ck_sealed_draw(struct ca_state *st, int seat, int t,
    struct rules_note *note, struct rules_error *err);
int ck_do_show(struct ca_state *st, int seat, const struct ca_action *a,
    int dry, struct rules_note *note, struct rules_error *err);
/* Every sealed card of seat shown (the Spy's target, a resignation). */
int ck_sealed_open_all(struct ca_state *st, int seat,
    struct rules_note *note, struct rules_error *err);
int ck_sealed_legal(const struct ca_state *st, int seat,
    struct ca_action *out, int n, int max);
/* The face of position pos of deck t as this reader knows it
   (CK_SL_UNKNOWN: it may not see it). */
int ck_sealed_face(const struct ca_state *st, int t, int pos);
int ck_sealed_vp_known(const struct ca_state *st, int seat);
void ck_sealed_hand_text(const struct ca_state *st, int seat, FILE *f);
void ck_sealed_observe(struct ca_state *st, int seat);
int ck_sealed_bot_fix(const struct ca_state *gs, int seat,
    struct ca_action *a);

#endif
