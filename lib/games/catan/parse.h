/*
 * parse.h -- Catan's order language (CA13) and the position blob.
 */
#ifndef CATAN_PARSE_H
#define CATAN_PARSE_H

#include <stddef.h>

#include "rules.h"
#include "games/catan/engine.h"

/* One action line to *a (names of st's board and seats): 0, or RULES_EPARSE with err filled. */
int ca_parse(const struct ca_state *st, const char *s, size_t len,
    struct ca_action *a, struct rules_error *err);
/* The canonical text of a (CA13.1). */
void ca_format(const struct ca_state *st, const struct ca_action *a,
    char *buf, size_t n);

/*
 * Lay the position blob (catan-rules(7), DATA FILES) over a state fresh from
 * ca_init(): pieces, hands, cards, turn and phase; bank and deck are what
 * the totals leave; awards recomputed.  0, or RULES_EDATA with err->data
 * "position" and the line (the state is then unusable).
 */
int ca_position_load(struct ca_state *st, const char *text, size_t len,
    struct rules_error *err);

#endif
