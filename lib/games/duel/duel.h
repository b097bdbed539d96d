/*
 * duel.h -- the one header of Catan: het Duel that code outside its
 * folder may include (the registry does): its rule set.
 */
#ifndef DUEL_DUEL_H
#define DUEL_DUEL_H

#include "rules.h"

extern const struct rules duel_rules;

#endif
