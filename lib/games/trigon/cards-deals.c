/*
 * cards-deals.c -- deals between players (R6.5, R6.6, R12.2).
 *
 * The active player makes one offer to one other player at a time
 * (and, a decision of trigon, at most one per turn); the offer waits in
 * st->pending until the other answers "accept" or "decline" as their
 * next action, or the maker withdraws it.  Coin deals name the coins
 * both ways (at least 1 each way).  A blind swap gives one hidden card
 * (a play card or an unfinished quest) for one: each side names its own
 * card by its private number (tg_items), so the order texts never say
 * which card moved; the card offered is kept in the state.  A completed
 * deal is a Handel quest event for both players.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define SWAP 0xff

static void
pack(struct tg_pending *p, const int give[3], const int ask[3])
{
	uint32_t v = 0;

	for (int k = 0; k < 3; k++)
		v |= (uint32_t)give[k] << (5 * k) |
		    (uint32_t)ask[k] << (15 + 5 * k);
	for (int k = 0; k < 4; k++)
		p->arg[k] = (uint8_t)(v >> (8 * k));
	p->arg[4] = 0;
}

static void
unpack(const struct tg_pending *p, int give[3], int ask[3])
{
	uint32_t v = 0;

	for (int k = 0; k < 4; k++)
		v |= (uint32_t)p->arg[k] << (8 * k);
	for (int k = 0; k < 3; k++) {
		give[k] = (int)((v >> (5 * k)) & 31);
		ask[k] = (int)((v >> (15 + 5 * k)) & 31);
	}
}

static int
can_pay(const struct tg_state *st, int c, const int v[3])
{
	for (int k = 0; k < 3; k++)
		if (st->p[c].coin[k] < v[k])
			return k;
	return -1;
}

int
tg_check_deal(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int give[3], ask[3], k;

	(void)d;
	switch (a->kind) {
	case TG_A_OFFER: {
		int o = a->b;

		if (st->pending.kind != TG_PD_NONE)
			return tg_refuse(err, RULES_REFUSED,
			    "an offer or a question is already waiting");
		if (o >= TG_COLORS || o == c || !tg_playing(st, o))
			return tg_refuse(err, RULES_REFUSED,
			    "an offer goes to another player in the game");
		if (st->p[c].flags & TG_PF_OFFERED)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has made its offer this turn (one offer a turn)",
			    tg_color_name[c]);
		if (a->x == SWAP) {
			if (a->a < 1 || a->a > tg_item_count(st, c))
				return tg_refuse(err, RULES_REFUSED,
				    "swap one of your cards by its number in your hand view (1 to %d)",
				    tg_item_count(st, c));
			if (tg_item_count(st, o) == 0)
				return tg_refuse(err, RULES_REFUSED,
				    "%s holds no card to swap",
				    tg_color_name[o]);
			return 0;
		}
		give[0] = a->n, give[1] = a->s, give[2] = a->order;
		ask[0] = a->a, ask[1] = a->fig, ask[2] = a->x;
		for (k = 0; k < 3; k++)
			if (give[k] > 30 || ask[k] > 30)
				return tg_refuse(err, RULES_REFUSED,
				    "there are only 30 coins of a kind");
		if (give[0] + give[1] + give[2] == 0 ||
		    ask[0] + ask[1] + ask[2] == 0)
			return tg_refuse(err, RULES_REFUSED,
			    "a coin deal gives and asks at least 1 coin each way");
		if ((k = can_pay(st, c, give)) >= 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has %d %s, offers %d", tg_color_name[c],
			    st->p[c].coin[k], tg_coin_name[k], give[k]);
		if ((k = can_pay(st, o, ask)) >= 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has %d %s, not the %d asked", tg_color_name[o],
			    st->p[o].coin[k], tg_coin_name[k], ask[k]);
		return 0;
	}
	case TG_A_ACCEPT:
	case TG_A_DECLINE:
		if (st->pending.kind != TG_PD_OFFER || st->pending.color != c)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no offer to answer", tg_color_name[c]);
		if (a->kind == TG_A_DECLINE)
			return 0;
		if (st->pending.arg[4] == SWAP) {
			int n = tg_item_count(st, c), item = st->pending.arg[0];
			int from = st->pending.from;

			if (a->a < 1 || a->a > n)
				return tg_refuse(err, RULES_REFUSED,
				    "accept giving one of your cards by its number in your hand view (1 to %d)",
				    n);
			if (item >= 64 ? (st->quest[item - 64] & 0x0f) != from :
			    tg_hand_count(st, from, item) == 0)
				return tg_refuse(err, RULES_REFUSED,
				    "%s no longer holds the card offered",
				    tg_color_name[from]);
			return 0;
		}
		if (a->a != 0)
			return tg_refuse(err, RULES_REFUSED,
			    "a coin offer is accepted with 'accept'");
		unpack(&st->pending, give, ask);
		if ((k = can_pay(st, st->pending.from, give)) >= 0)
			return tg_refuse(err, RULES_REFUSED,
			    "the offer can no longer be paid: %s has %d %s, offered %d",
			    tg_color_name[st->pending.from],
			    st->p[st->pending.from].coin[k], tg_coin_name[k],
			    give[k]);
		if ((k = can_pay(st, c, ask)) >= 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s cannot pay: it has %d %s, %d asked",
			    tg_color_name[c], st->p[c].coin[k], tg_coin_name[k],
			    ask[k]);
		return 0;
	case TG_A_WITHDRAW:
		if (st->pending.kind != TG_PD_OFFER || st->pending.from != c)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no offer waiting", tg_color_name[c]);
		return 0;
	}
	return tg_refuse(err, RULES_EPARSE, "unknown action");
}

static void
give_item(struct tg_state *st, int from, int to, int item)
{
	if (item >= 64)
		tg_quest_give(st, item - 64, to);
	else {
		tg_hand_add(st, from, item, -1);
		tg_hand_add(st, to, item, 1);
	}
}

void
tg_do_deal(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	uint8_t it[TG_CARD_TYPES + TG_QUEST_CARDS];
	int give[3], ask[3], from = st->pending.from;

	switch (a->kind) {
	case TG_A_OFFER:
		st->p[c].flags |= TG_PF_OFFERED;
		st->pending.kind = TG_PD_OFFER;
		st->pending.color = a->b;
		st->pending.from = (uint8_t)c;
		if (a->x == SWAP) {
			tg_items(st, c, it);
			memset(st->pending.arg, 0, sizeof st->pending.arg);
			st->pending.arg[0] = it[a->a - 1];
			st->pending.arg[4] = SWAP;
			tg_note(note, "%s offers %s a blind swap of one card",
			    tg_color_name[c], tg_color_name[a->b]);
			return;
		}
		give[0] = a->n, give[1] = a->s, give[2] = a->order;
		ask[0] = a->a, ask[1] = a->fig, ask[2] = a->x;
		pack(&st->pending, give, ask);
		tg_note(note, "%s offers %s %d copper %d silver %d gold for %d copper %d silver %d gold",
		    tg_color_name[c], tg_color_name[a->b], give[0], give[1],
		    give[2], ask[0], ask[1], ask[2]);
		return;
	case TG_A_WITHDRAW:
		st->pending.kind = TG_PD_NONE;
		tg_note(note, "%s withdraws its offer", tg_color_name[c]);
		return;
	case TG_A_DECLINE:
		st->pending.kind = TG_PD_NONE;
		tg_note(note, "%s declines", tg_color_name[c]);
		return;
	case TG_A_ACCEPT:
		st->pending.kind = TG_PD_NONE;
		if (st->pending.arg[4] == SWAP) {
			tg_items(st, c, it);
			give_item(st, c, from, it[a->a - 1]);
			give_item(st, from, c, st->pending.arg[0]);
			tg_note(note, "%s accepts: %s and %s swap a card",
			    tg_color_name[c], tg_color_name[from],
			    tg_color_name[c]);
			tg_quest_event(d, st, from, TG_QK_TRADE_CARDS, 0, note);
			tg_quest_event(d, st, c, TG_QK_TRADE_CARDS, 0, note);
			return;
		}
		unpack(&st->pending, give, ask);
		for (int k = 0; k < 3; k++) {
			st->p[from].coin[k] = (uint8_t)(st->p[from].coin[k] -
			    give[k] + ask[k]);
			st->p[c].coin[k] = (uint8_t)(st->p[c].coin[k] +
			    give[k] - ask[k]);
		}
		tg_note(note, "%s accepts: %s gives %d copper %d silver %d gold for %d copper %d silver %d gold",
		    tg_color_name[c], tg_color_name[from], give[0], give[1],
		    give[2], ask[0], ask[1], ask[2]);
		tg_quest_event(d, st, from, TG_QK_TRADE_COINS, 0, note);
		tg_quest_event(d, st, c, TG_QK_TRADE_COINS, 0, note);
		return;
	}
}
