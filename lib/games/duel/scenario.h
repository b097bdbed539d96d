/*
 * scenario.h -- the "scenario" blob of Catan: het Duel (duel-rules(7)
 * §6): a position set up from the standard start of DU3 for tests and
 * teaching games.  duel-rules(7), SCENARIO, gives the format.
 */
#ifndef DUEL_SCENARIO_H
#define DUEL_SCENARIO_H

#include <stddef.h>

#include "games/duel/engine.h"

/* Turn st (du_init's standard start) into the position of the scenario
 * text; RULES_EDATA with err->data "scenario" and the line, st then
 * undefined. */
int du_scenario(struct du_state *st, const char *text, size_t len,
    struct rules_error *err);

/* The same; and when note holds du_init's notes of the start, its last
 * line (who begins and takes the first starting hand) becomes what the
 * scenario made of the start: who begins and why (its "start =" or
 * DU3.5's roll), who is on turn, the hands it sets instead. */
int du_scenario_noted(struct du_state *st, const char *text, size_t len,
    struct rules_note *note, struct rules_error *err);

#endif
