/*
 * ckviews.h -- the views and help of Cities & Knights (catan-ck) beyond
 * the base game's (ckviews.c), for catan.c.  Every function takes a
 * state of a C&K game (CA_CK(st)).
 */
#ifndef CATAN_CKVIEWS_H
#define CATAN_CKVIEWS_H

#include <stdio.h>

#include <jansson.h>

#include "rules.h"

struct ca_state;

/* trigon status: seat s's line, and the lines after the seats'. */
void ck_status_seat(const struct ca_state *st, int s, FILE *f);
void ck_status_end(const struct ca_state *st, FILE *f);
/* trigon hand: seat s's progress cards by name (CK16.1). */
void ck_hand_text(const struct ca_state *st, int s, FILE *f);
/* A progress card (index in ck_data.cards) for hand --json. */
json_t *ck_card_json(const struct ca_state *st, int card);
/* CK20.8: seat s's sealed progress cards for hand --json, appended to
   cards: each its number, deck and, where this reader may see it, its
   card. */
void ck_sealed_cards_json(const struct ca_state *st, int s, json_t *cards);
/* The knight at corner c, for the public JSON's pieces. */
json_t *ck_knight_json(const struct ca_state *st, int c);
/* The public JSON's keys of this game: o the view, players its array
   of seats (each gains its improvements, knights, walls...). */
void ck_json_view(const struct ca_state *st, json_t *o, json_t *players);

extern const char ck_help_orders[];
const char *ck_help_card(const char *name);
int ck_help_card_names(rules_emit_fn emit, void *ctx);
const char *ck_help_card_brief(const char *name, char *buf, size_t n);

#endif
