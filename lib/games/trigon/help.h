/*
 * help.h -- Trigon's help texts for rules.help_orders and
 * rules.help_card (`trigon help orders`, `trigon help card NAME`).
 */
#ifndef TRIGON_GAMES_TRIGON_HELP_H
#define TRIGON_GAMES_TRIGON_HELP_H

#include <stddef.h>

struct tg_data;

struct tg_help_card {
	const char *slug;	/* "promotie" */
	const char *name;	/* "Promotie" */
	const char *text;	/* one paragraph, plain text */
};

/* The play cards, from man/trigon-rules.7 R10.3 (help-cards.c). */
extern const struct tg_help_card tg_help_cards[];

extern const char tg_help_orders[];
const char *tg_help_card(const char *name);
const char *tg_help_card_brief(const char *name, char *buf, size_t n);
/* rules.note_view: a founded village's card with its English gloss from
   d (NULL: the embedded data). */
const char *tg_note_view(const struct tg_data *d, const char *note,
    size_t len, char *buf, size_t n);
/* Emit the slug of every play card, the id of every quest and village
   card of the embedded data (rules.help_card_names). */
int tg_help_card_names(int (*emit)(void *ctx, const char *name),
    void *ctx);

#endif
