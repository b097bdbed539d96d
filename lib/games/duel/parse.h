/*
 * parse.h -- Catan: het Duel's order language (duel-rules(7), ORDER LANGUAGE): text
 * to struct du_action and back to the canonical text.
 */
#ifndef DUEL_PARSE_H
#define DUEL_PARSE_H

#include <stddef.h>

#include "games/duel/engine.h"

/* RULES_EPARSE with err->msg saying what was expected. */
int du_parse(const struct du_data *d, const char *text, size_t len,
    struct du_action *a, struct rules_error *err);
/* The canonical text of a (NUL-ended, at most n - 1 bytes). */
void du_format(const struct du_data *d, const struct du_action *a,
    char *buf, size_t n);
/* An empty action of verb v (no cells, no "at", no "paying"). */
void du_action_init(struct du_action *a, int verb);

#endif
