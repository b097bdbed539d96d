/*
 * cards-answer.c -- the decisions the play cards put to players (R12):
 * the answers "choose", "take" and "defend", each checked before
 * anything changes.
 */
#include <string.h>

#include "internal.h"
#include "cards-int.h"

int
card_check_choose(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int t = st->pending.arg[0], left = st->pending.arg[1], s = a->a;
	const char *slug;

	/* arg[] means something else under another pending kind. */
	if (st->pending.kind != TG_PD_CHOICE || st->pending.color != c ||
	    t >= TG_CARD_TYPES)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no card choice to make", tg_color_name[c]);
	slug = tg_cards[t].slug;
	if (a->x != t)
		return tg_refuse(err, RULES_REFUSED,
		    "%s must choose for %s, not %s", tg_color_name[c], slug,
		    a->x < TG_CARD_TYPES ? tg_cards[a->x].slug : "?");
	switch (card_choose_args(t)) {
	case ARG_COUNT_SPOT: {
		int have;

		if (s >= d->nspots)
			return tg_refuse(err, RULES_EPARSE, "no such spot");
		if (a->fig < 1 || a->fig > left)
			return tg_refuse(err, RULES_REFUSED,
			    "%s: choose 1 to %d", slug, left);
		if (t == CARD(ZIEKTE) || t == CARD(METEORIETEN)) {
			have = tg_owner(st, s) == c ? tg_inhab(st, s) -
			    (t == CARD(METEORIETEN)) : 0;
			if (a->fig > have)
				return tg_refuse(err, RULES_REFUSED,
				    "%s: %s can lose %d %s at %s, not %d",
				    slug, tg_color_name[c], have < 0 ? 0 : have,
				    "inhabitants", card_sname(d, s), a->fig);
		} else {
			have = tg_fig_color(st, s) == c ? st->kn[s] : 0;
			if (a->fig > have)
				return tg_refuse(err, RULES_REFUSED,
				    "%s: %s has %d %s at %s, not %d", slug,
				    tg_color_name[c], have, have == 1 ?
				    "knight" : "knights", card_sname(d, s), a->fig);
		}
		return 0;
	}
	case ARG_SPOT:
		if (s >= d->nspots || tg_owner(st, s) != c)
			return tg_refuse(err, RULES_REFUSED,
			    "%s: %s has no settlement at %s", slug,
			    tg_color_name[c], s < d->nspots ? card_sname(d, s) : "?");
		return 0;
	case ARG_COINS:
		if (card_coins_sum(a) != left)
			return tg_refuse(err, RULES_REFUSED,
			    "%s: return %d coins, not %d", slug, left,
			    card_coins_sum(a));
		if (a->n > st->p[c].coin[0] || a->s > st->p[c].coin[1] ||
		    a->order > st->p[c].coin[2])
			return tg_refuse(err, RULES_REFUSED,
			    "%s does not have those coins", tg_color_name[c]);
		return 0;
	}
	return tg_refuse(err, RULES_REFUSED, "nothing to choose");
}

void
card_do_choose(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	int t = st->pending.arg[0], s = a->a, n;
	const char *slug = tg_cards[t].slug, *who = tg_color_name[c];

	switch (card_choose_args(t)) {
	case ARG_COUNT_SPOT:
		if (t == CARD(ZIEKTE) || t == CARD(METEORIETEN)) {
			tg_set_inhab(st, s, tg_inhab(st, s) - a->fig);
			tg_note(note, "%s: %s loses %d %s at %s", slug, who,
			    a->fig, a->fig == 1 ? "inhabitant" : "inhabitants",
			    card_sname(d, s));
		} else {
			card_remove_knights(st, c, s, a->fig);
			tg_note(note, "%s: %s loses %d %s at %s", slug, who,
			    a->fig, a->fig == 1 ? "knight" : "knights",
			    card_sname(d, s));
		}
		st->pending.arg[1] = (uint8_t)(st->pending.arg[1] - a->fig);
		if (st->pending.arg[1] > 0)
			return;
		break;
	case ARG_SPOT:
		if (t == CARD(WINTER) || t == CARD(GRILLEN_VAN_ZOLOTH)) {
			card_remove_settlement(d, st, s, slug, note);
			break;
		}
		n = t == CARD(BRAND) ? 2 : 1;
		n = n < tg_inhab(st, s) ? n : tg_inhab(st, s);
		tg_set_inhab(st, s, tg_inhab(st, s) - n);
		tg_note(note, "%s: %s loses %d %s at %s", slug, who, n,
		    n == 1 ? "inhabitant" : "inhabitants", card_sname(d, s));
		break;
	case ARG_COINS: {
		const int v[3] = { a->n, a->s, a->order };

		card_to_bank(st, c, v);
		tg_note(note, "%s: %s returns %d copper %d silver %d gold",
		    slug, who, v[0], v[1], v[2]);
		break;
	}
	}
	st->pending.kind = TG_PD_NONE;
}

int
card_check_take(const struct tg_state *st, int c, const struct tg_action *a,
    struct rules_error *err)
{
	int n;

	if (st->pending.kind != TG_PD_SPY || st->pending.color != c)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no card to take", tg_color_name[c]);
	n = tg_item_count(st, st->pending.arg[0]);
	if (a->a < 1 || a->a > n)
		return tg_refuse(err, RULES_REFUSED,
		    "take 1 to %d (the numbers of %s's cards in your view of the hand)",
		    n, tg_color_name[st->pending.arg[0]]);
	return 0;
}

/* Move item (a play-card type, or 64 + quest) from o to c. */
static void
move_item(struct tg_state *st, int o, int c, int item)
{
	if (item >= 64)
		tg_quest_give(st, item - 64, c);
	else {
		tg_hand_add(st, o, item, -1);
		tg_hand_add(st, c, item, 1);
	}
}

void
card_do_take(struct tg_state *st, int c, const struct tg_action *a,
    struct rules_note *note)
{
	uint8_t it[TG_CARD_TYPES + TG_QUEST_CARDS];
	int o = st->pending.arg[0];

	tg_items(st, o, it);
	move_item(st, o, c, it[a->a - 1]);
	st->pending.kind = TG_PD_NONE;
	/* Which card is not shown (R10.3: only the spy sees the hand). */
	tg_note(note, "%s takes a %s card from %s", tg_color_name[c],
	    it[a->a - 1] >= 64 ? "quest" : "play", tg_color_name[o]);
}

/* Is a an attack, and on whom? -1 when not. */
static int
attacked(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, int *spot)
{
	int path, o;

	*spot = -1;
	if (a->a >= d->nspots || a->b >= d->nspots)
		return -1;
	if (a->kind == TG_A_MOVE) {
		if ((path = tg_path_of(d, a->a, a->b)) < 0)
			return -1;
		if (d->paths[path].river) {
			o = tg_river_color(st, d->paths[path].river_index);
			return o >= 0 && o != c ? o : -1;
		}
	} else if (a->kind != TG_A_CROSS && a->kind != TG_A_SAIL)
		return -1;
	if (!tg_enemy_at(st, a->b, c))
		return -1;
	*spot = a->b;
	o = tg_fig_color(st, a->b);
	return o >= 0 ? o : tg_owner(st, a->b);
}

int
tg_defender_asked(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a)
{
	int spot, o = attacked(d, st, c, a, &spot);

	if (o < 0 || (a->x & TG_X_ASKED))
		return -1;
	if (card_holds(st, o, CARD(CAVALERIE)) ||
	    card_holds(st, o, CARD(VERDEDIGINGSTOREN)) ||
	    card_holds(st, o, CARD(HINDERLAAG)) ||
	    (card_holds(st, o, CARD(VLUCHTEN)) && spot >= 0 &&
	    tg_fig_color(st, spot) == o))
		return o;
	return -1;
}

void
tg_ask_defender(struct tg_state *st, int c, int def,
    const struct tg_action *a, struct rules_note *note)
{
	int k = a->kind == TG_A_MOVE ? 0 : a->kind == TG_A_CROSS ? 1 : 2;

	st->pending.kind = TG_PD_DEFEND;
	st->pending.color = (uint8_t)def;
	st->pending.from = (uint8_t)c;
	st->pending.arg[0] = (uint8_t)(k | a->order << 2 | (a->x & 3) << 5);
	st->pending.arg[1] = a->a;
	st->pending.arg[2] = a->b;
	st->pending.arg[3] = a->n;
	st->pending.arg[4] = a->s;
	tg_note(note, "%s attacks %s; %s may answer with a battle card",
	    tg_color_name[c], tg_color_name[def], tg_color_name[def]);
}

void
tg_pending_attack(const struct tg_state *st, struct tg_action *a)
{
	static const uint8_t kinds[3] = { TG_A_MOVE, TG_A_CROSS, TG_A_SAIL };
	int v = st->pending.arg[0];

	memset(a, 0, sizeof *a);
	a->kind = kinds[v & 3];
	a->order = (uint8_t)((v >> 2) & 7);
	a->x = (uint8_t)(((v >> 5) & 3) | TG_X_ASKED);
	a->a = st->pending.arg[1];
	a->b = st->pending.arg[2];
	a->n = st->pending.arg[3];
	a->s = st->pending.arg[4];
}

/* Vluchten (R8.8): may the defenders at s all move to dest? */
static int
flee_ok(const struct tg_data *d, const struct tg_state *st, int c, int s,
    int dest)
{
	int path, figs = st->kn[s] + tg_scouts(st, s), boats = tg_boats(st, s);

	if (dest >= d->nspots || dest == s || tg_enemy_at(st, dest, c))
		return 0;
	if (boats > 0)
		return (d->spots[s].seas & d->spots[dest].seas) &&
		    figs <= 5 * boats;
	path = tg_path_of(d, s, dest);
	return path >= 0 && !d->paths[path].river;
}

int
card_check_defend(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	struct tg_action att;
	int spot;

	if (st->pending.kind != TG_PD_DEFEND || st->pending.color != c)
		return tg_refuse(err, RULES_REFUSED,
		    "%s is not asked to defend", tg_color_name[c]);
	if ((a->x & 1) && !card_holds(st, c, CARD(CAVALERIE)))
		return tg_refuse(err, RULES_REFUSED, "%s holds no cavalerie",
		    tg_color_name[c]);
	if ((a->x & 2) && !card_holds(st, c, CARD(VERDEDIGINGSTOREN)))
		return tg_refuse(err, RULES_REFUSED,
		    "%s holds no verdedigingstoren", tg_color_name[c]);
	if ((a->x & 4) && !card_holds(st, c, CARD(HINDERLAAG)))
		return tg_refuse(err, RULES_REFUSED, "%s holds no hinderlaag",
		    tg_color_name[c]);
	if (a->x > 7)
		return tg_refuse(err, RULES_EPARSE, "no such battle card");
	if (!a->fig)
		return 0;
	if (a->x)
		return tg_refuse(err, RULES_REFUSED,
		    "after vluchten no battle is fought: no other card");
	if (!card_holds(st, c, CARD(VLUCHTEN)))
		return tg_refuse(err, RULES_REFUSED, "%s holds no vluchten",
		    tg_color_name[c]);
	tg_pending_attack(st, &att);
	attacked(d, st, st->pending.from, &att, &spot);
	if (spot < 0 || tg_fig_color(st, spot) != c)
		return tg_refuse(err, RULES_REFUSED,
		    "vluchten needs defending figures on a spot");
	if (!flee_ok(d, st, c, spot, a->a))
		return tg_refuse(err, RULES_REFUSED,
		    "%s's figures at %s cannot flee to %s (one move to a spot without enemies: a land path without river, or by boat to a harbor on a common sea)",
		    tg_color_name[c], card_sname(d, spot),
		    a->a < d->nspots ? card_sname(d, a->a) : "?");
	return 0;
}

/* The defence is settled: the attack action to run now (apply.c). */
void
card_do_defend(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note,
    struct tg_action *att)
{
	int spot;

	tg_pending_attack(st, att);
	st->pending.kind = TG_PD_NONE;
	if (a->fig) {
		int kn, sc, bt;

		attacked(d, st, st->pending.from, att, &spot);
		kn = st->kn[spot];
		sc = tg_scouts(st, spot);
		bt = tg_boats(st, spot);
		tg_hand_add(st, c, CARD(VLUCHTEN), -1);
		tg_discard_add(st, CARD(VLUCHTEN));
		st->kn[spot] = st->kmoved[spot] = st->kcarried[spot] = 0;
		st->kspent[spot] = st->sc[spot] = st->bt[spot] = 0;
		tg_set_who_fig(st, spot, -1);
		st->p[c].units = (uint8_t)(st->p[c].units - kn);
		st->p[c].scouts = (uint8_t)(st->p[c].scouts - sc);
		st->p[c].boats = (uint8_t)(st->p[c].boats - bt);
		tg_fig_add(st, a->a, c, kn, sc, bt);
		tg_note(note, "%s plays vluchten: its figures flee from %s to %s",
		    tg_color_name[c], card_sname(d, spot), card_sname(d, a->a));
		if (d->spots[spot].land != d->spots[a->a].land)
			tg_quest_event(d, st, c, TG_QK_EXPLORE,
			    d->spots[a->a].land, note);
		return;
	}
	att->x = (uint8_t)(att->x | ((a->x & 1) ? TG_X_DCAV : 0) |
	    ((a->x & 2) ? TG_X_DTOWER : 0) | ((a->x & 4) ? TG_X_DHINDER : 0));
	if (a->x == 0)
		tg_note(note, "%s defends without a card", tg_color_name[c]);
}

