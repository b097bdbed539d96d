/*
 * cards-play.c -- playing held cards (R10.2-R10.9), and the dispatch of
 * every card action (tg_check_card, tg_do_card): playing, buying and
 * the answers of cards-answer.c.
 *
 * As everywhere in the engine, tg_check_card decides everything before
 * tg_do_card changes anything.
 */
#include <string.h>

#include "internal.h"
#include "cards-int.h"

int
card_play_args(int t)
{
	switch (t) {
	case CARD(PROMOTIE): case CARD(WACHTTOREN):
	case CARD(VLIJTIGE_ONDERDAAN): case CARD(INTRIGE):
	case CARD(GEBOORTEGOLF): case CARD(GOEDE_OOGST):
		return PA_SPOT;
	case CARD(OVERLOPER):
		return PA_SPOT_FIG;
	case CARD(HEERSER_VAN_WELEER):
		return PA_COINS;
	case CARD(AMBACHTSGILD): case CARD(SPIONAGE):
		return PA_COLOR;
	case CARD(DIEFSTAL):
		return PA_COLOR_COINS;
	case CARD(KERKER): case CARD(RAADHUIS): case CARD(TENTOONSTELLING):
	case CARD(SLOT): case CARD(ERTSHOEVE): case CARD(ZILVERVLOOT):
	case CARD(SCHATZOEKERS): case CARD(KOOPMAN): case CARD(WINST):
	case CARD(VOORSPOED): case CARD(ONTDEKKINGSREIZIGER):
		return PA_NONE;
	default:
		return PA_NOT;
	}
}

int
tg_card_args(int kind, int t)
{
	if (kind == TG_A_PLAY)
		return card_play_args(t);
	switch (card_choose_args(t)) {
	case ARG_SPOT:
		return PA_SPOT;
	case ARG_COUNT_SPOT:
		return PA_SPOT_FIG;	/* fig = count */
	case ARG_COINS:
		return PA_COINS;
	default:
		return PA_NOT;
	}
}

static int
bonus_slot(int t)
{
	return t == CARD(KERKER) ? 0 : t == CARD(RAADHUIS) ? 1 :
	    t == CARD(TENTOONSTELLING) ? 2 : t == CARD(SLOT) ? 3 : -1;
}

/* A free spot for Vlijtige Onderdaan (R10.8): no settlement, no enemy. */
static int
free_spot(const struct tg_state *st, int s, int c)
{
	return tg_owner(st, s) < 0 && !tg_enemy_at(st, s, c);
}

static int
home_full(const struct tg_data *d, const struct tg_state *st, int c)
{
	for (int i = 0; i < d->nspots; i++)
		if (d->spots[i].land == c && free_spot(st, i, c))
			return 0;
	return 1;
}

int
card_coins_sum(const struct tg_action *a)
{
	return a->n + a->s + a->order;
}

/* Promotie, Wachttoren: a knight to c's settlement at s. */
static int
check_knight(const struct tg_data *d, const struct tg_state *st, int c,
    int s, struct rules_error *err)
{
	if (tg_owner(st, s) != c)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no settlement at %s", tg_color_name[c],
		    card_sname(d, s));
	if (st->p[c].units >= TG_UNITS)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no knight left in the supply (all %d units are in play)",
		    tg_color_name[c], TG_UNITS);
	return 0;
}

/* Geboortegolf, Goede oogst: an inhabitant to c's settlement at s. */
static int
check_growth(const struct tg_data *d, const struct tg_state *st, int c,
    int s, struct rules_error *err)
{
	if (tg_owner(st, s) != c)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no settlement at %s", tg_color_name[c],
		    card_sname(d, s));
	if (tg_inhab(st, s) >= TG_CITY_SIZE)
		return tg_refuse(err, RULES_REFUSED,
		    "%s already has %d inhabitants", card_sname(d, s),
		    TG_CITY_SIZE);
	if (st->p[c].units >= TG_UNITS)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no unit left in the supply",
		    tg_color_name[c]);
	return 0;
}

/* Vlijtige onderdaan (R10.8): a village founded on the free spot s. */
static int
check_found(const struct tg_data *d, const struct tg_state *st, int c,
    int s, struct rules_error *err)
{
	if (!free_spot(st, s, c))
		return tg_refuse(err, RULES_REFUSED,
		    "%s is not a free spot (a settlement or enemy figures stand there)",
		    card_sname(d, s));
	if (d->spots[s].land != c && !home_full(d, st, c))
		return tg_refuse(err, RULES_REFUSED,
		    "%s lies in %s: vlijtige-onderdaan founds in %s's home land %s while it has a free spot",
		    card_sname(d, s), d->land_name[d->spots[s].land],
		    tg_color_name[c], d->land_name[c]);
	if (tg_chip_free(st, c) == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no village chip left", tg_color_name[c]);
	if (st->vcount == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "the village deck is empty: no village can be founded");
	return 0;
}

/* Intrige: an opponent's settlement at s, without palace or figures. */
static int
check_intrigue(const struct tg_data *d, const struct tg_state *st, int c,
    int s, struct rules_error *err)
{
	int o = tg_owner(st, s);

	if (o < 0 || o == c)
		return tg_refuse(err, RULES_REFUSED,
		    "%s holds no settlement of an opponent",
		    card_sname(d, s));
	if (tg_has_palace(st, s))
		return tg_refuse(err, RULES_REFUSED,
		    "intrige takes no settlement with a palace");
	if (tg_fig_color(st, s) >= 0)
		return tg_refuse(err, RULES_REFUSED,
		    "intrige takes only a settlement without figures on its spot; %s has some",
		    card_sname(d, s));
	if (tg_chip_free(st, c) == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no village chip left", tg_color_name[c]);
	return 0;
}

/* Overloper (R10.6): an opponent's figure at a spot or on a river path
 * turns to c, who must have one of its kind left in the supply. */
static int
check_turncoat(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	const struct tg_player *p = &st->p[c];
	int f = a->fig, s = a->a, o, have;

	if (a->s) {
		/* On a river path a-b (R10.6). */
		int path = a->b < d->nspots && a->a != a->b ?
		    tg_path_of(d, s, a->b) : -1, r;

		if (path < 0 || !d->paths[path].river)
			return tg_refuse(err, RULES_REFUSED,
			    "there is no river path between %s and %s",
			    card_sname(d, s), a->b < d->nspots ?
			    card_sname(d, a->b) : "?");
		r = d->paths[path].river_index;
		o = tg_river_color(st, r);
		if (o < 0 || o == c)
			return tg_refuse(err, RULES_REFUSED,
			    "the river path %s-%s holds no figure of an opponent",
			    card_sname(d, s), card_sname(d, a->b));
		have = f == TG_KNIGHT ? st->rkn[r] : f == TG_SCOUT ?
		    st->rsc[r] & 3 : 0;
	} else {
		o = tg_fig_color(st, s);
		if (o < 0 || o == c)
			return tg_refuse(err, RULES_REFUSED,
			    "%s holds no figure of an opponent",
			    card_sname(d, s));
		have = f == TG_KNIGHT ? st->kn[s] : f == TG_SCOUT ?
		    tg_scouts(st, s) : tg_boats(st, s);
	}
	if (f > TG_BOAT || have == 0)
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no %s at %s", tg_color_name[o],
		    f > TG_BOAT ? "such figure" : tg_fig_name[f],
		    card_sname(d, s));
	if ((f == TG_KNIGHT && p->units >= TG_UNITS) ||
	    (f == TG_SCOUT && p->scouts >= TG_SCOUTS) ||
	    (f == TG_BOAT && p->boats >= TG_BOATS))
		return tg_refuse(err, RULES_REFUSED,
		    "%s has no %s left in the supply",
		    tg_color_name[c], tg_fig_name[f]);
	return 0;
}

/* Heerser van weleer: up to 5 coins of the bank, the kinds named. */
static int
check_bank_coins(const struct tg_state *st, const struct tg_action *a,
    struct rules_error *err)
{
	int need = st->bank[0] + st->bank[1] + st->bank[2];

	need = need < 5 ? need : 5;
	if (card_coins_sum(a) != need)
		return tg_refuse(err, RULES_REFUSED,
		    "heerser-van-weleer takes %d coins, not %d", need,
		    card_coins_sum(a));
	if (a->n > st->bank[0] || a->s > st->bank[1] ||
	    a->order > st->bank[2])
		return tg_refuse(err, RULES_REFUSED,
		    "the bank does not have those coins");
	return 0;
}

/* Diefstal: up to 3 coins of player o, the kinds named. */
static int
check_theft(const struct tg_state *st, int o, const struct tg_action *a,
    struct rules_error *err)
{
	int need = card_coins_total(st, o) < 3 ? card_coins_total(st, o) : 3;

	if (card_coins_sum(a) != need)
		return tg_refuse(err, RULES_REFUSED,
		    "diefstal takes %d coins from %s, not %d", need,
		    tg_color_name[o], card_coins_sum(a));
	if (a->n > st->p[o].coin[0] || a->s > st->p[o].coin[1] ||
	    a->order > st->p[o].coin[2])
		return tg_refuse(err, RULES_REFUSED,
		    "%s does not have those coins", tg_color_name[o]);
	return 0;
}

static int
check_play(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int t = a->x, s = a->a, o = a->b;
	const char *slug;

	if (t >= TG_CARD_TYPES)
		return tg_refuse(err, RULES_EPARSE, "no such card");
	slug = tg_cards[t].slug;
	if (!card_holds(st, c, t))
		return tg_refuse(err, RULES_REFUSED, "%s holds no %s",
		    tg_color_name[c], slug);
	if (tg_cards[t].flags & TG_CF_PROTECTION)
		return tg_refuse(err, RULES_REFUSED,
		    "%s is a protection card: it shields while held and is never played",
		    slug);
	if (tg_cards[t].flags & TG_CF_BATTLE)
		return tg_refuse(err, RULES_REFUSED,
		    "%s is a battle card: it is played in a battle (with the attack order, or when asked to defend)",
		    slug);
	if (card_play_args(t) == PA_SPOT || card_play_args(t) == PA_SPOT_FIG)
		if (s >= d->nspots)
			return tg_refuse(err, RULES_EPARSE, "no such spot");
	if ((card_play_args(t) == PA_COLOR || card_play_args(t) == PA_COLOR_COINS) &&
	    (o >= TG_COLORS || o == c || !tg_playing(st, o)))
		return tg_refuse(err, RULES_REFUSED,
		    "%s needs another player in the game", slug);
	switch (t) {
	case CARD(PROMOTIE): case CARD(WACHTTOREN):
		return check_knight(d, st, c, s, err);
	case CARD(GEBOORTEGOLF): case CARD(GOEDE_OOGST):
		return check_growth(d, st, c, s, err);
	case CARD(VLIJTIGE_ONDERDAAN):
		return check_found(d, st, c, s, err);
	case CARD(INTRIGE):
		return check_intrigue(d, st, c, s, err);
	case CARD(OVERLOPER):
		return check_turncoat(d, st, c, a, err);
	case CARD(HEERSER_VAN_WELEER):
		return check_bank_coins(st, a, err);
	case CARD(DIEFSTAL):
		return check_theft(st, o, a, err);
	case CARD(SPIONAGE):
		if (tg_item_count(st, o) == 0 && tg_sealed_held(st, o) == 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s holds no card to take", tg_color_name[o]);
		return 0;
	default:
		return 0;
	}
}

static void
discard_played(struct tg_state *st, int c, int t)
{
	tg_hand_add(st, c, t, -1);
	if (bonus_slot(t) < 0)
		tg_discard_add(st, t);
}

/* Overloper on a river path: the piece attacks the rest there. */
static void
turncoat_path(const struct tg_data *d, struct tg_state *st, int c, int s,
    int e, int f, struct rules_note *note)
{
	int path = tg_path_of(d, s, e), r = d->paths[path].river_index;
	int o = tg_river_color(st, r), head = tg_river_heading(d, st, path);
	struct tg_army army = { f == TG_KNIGHT, f == TG_SCOUT, 0, 0 };

	if (f == TG_KNIGHT) {
		st->rkn[r]--;
		if (st->rkmoved[r] > st->rkn[r])
			st->rkmoved[r] = st->rkn[r];
		st->p[o].units--;
	} else {
		int t = (st->rsc[r] & 3) - 1, m = (st->rsc[r] >> 2) & 3;

		st->rsc[r] = (uint8_t)(t | (m < t ? m : t) << 2);
		st->p[o].scouts--;
	}
	tg_note(note, "overloper: %s's %s on the river path %s-%s goes over to %s",
	    tg_color_name[o], tg_fig_name[f], card_sname(d, s), card_sname(d, e),
	    tg_color_name[c]);
	st->p[c].units = (uint8_t)(st->p[c].units + army.kn);
	st->p[c].scouts = (uint8_t)(st->p[c].scouts + army.sc);
	if (st->rkn[r] + (st->rsc[r] & 3) > 0) {
		tg_battle(d, st, c, head, path, &army, TG_L_KSB, note);
		return;
	}
	/* Alone on the path: it keeps the heading and may move on. */
	st->rwho[r] = (uint8_t)(c | (d->paths[path].b == head ? 0x10 : 0));
	st->rkn[r] = (uint8_t)army.kn;
	st->rkmoved[r] = 0;
	st->rsc[r] = (uint8_t)army.sc;
}

/* Overloper (R10.6): the taken piece attacks enemies on its spot. */
static void
turncoat(const struct tg_data *d, struct tg_state *st, int c, int s, int f,
    struct rules_note *note)
{
	int o = tg_fig_color(st, s);
	struct tg_army army = { f == TG_KNIGHT, f == TG_SCOUT, f == TG_BOAT, 0 };

	if (f == TG_KNIGHT) {
		card_remove_knights(st, o, s, 1);
	} else if (f == TG_SCOUT) {
		st->sc[s] = (uint8_t)(st->sc[s] - 1);
		st->p[o].scouts--;
	} else {
		st->bt[s] = (uint8_t)(st->bt[s] - 1);
		st->p[o].boats--;
	}
	if (st->kn[s] + tg_scouts(st, s) + tg_boats(st, s) == 0)
		tg_set_who_fig(st, s, -1);
	tg_note(note, "overloper: %s's %s at %s goes over to %s",
	    tg_color_name[o], tg_fig_name[f], card_sname(d, s), tg_color_name[c]);
	/* The new piece comes from c's supply. */
	st->p[c].units = (uint8_t)(st->p[c].units + army.kn);
	st->p[c].scouts = (uint8_t)(st->p[c].scouts + army.sc);
	st->p[c].boats = (uint8_t)(st->p[c].boats + army.bt);
	if (tg_enemy_at(st, s, c)) {
		tg_battle(d, st, c, s, -1, &army, TG_L_KSB, note);
		return;
	}
	st->p[c].units = (uint8_t)(st->p[c].units - army.kn);
	st->p[c].scouts = (uint8_t)(st->p[c].scouts - army.sc);
	st->p[c].boats = (uint8_t)(st->p[c].boats - army.bt);
	tg_fig_add(st, s, c, army.kn, army.sc, army.bt);
}

static void
do_play(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	int t = a->x, s = a->a, o = a->b, n;
	const char *slug = tg_cards[t].slug, *who = tg_color_name[c];

	discard_played(st, c, t);
	switch (t) {
	case CARD(PROMOTIE): case CARD(WACHTTOREN):
		n = t == CARD(PROMOTIE) ? 1 : 2;
		if (n > TG_UNITS - st->p[c].units)
			n = TG_UNITS - st->p[c].units;
		tg_fig_add(st, s, c, n, 0, 0);
		tg_note(note, "%s plays %s: %d %s at %s", who, slug, n,
		    n == 1 ? "knight" : "knights", card_sname(d, s));
		break;
	case CARD(GEBOORTEGOLF): case CARD(GOEDE_OOGST):
		tg_note(note, "%s plays %s at %s", who, slug, card_sname(d, s));
		n = tg_add_inhabitants(d, st, s, t == CARD(GEBOORTEGOLF) ? 1 :
		    2, note);
		tg_note(note, "%s: %d %s at %s", slug, n, n == 1 ?
		    "inhabitant" : "inhabitants", card_sname(d, s));
		break;
	case CARD(VLIJTIGE_ONDERDAAN):
		tg_note(note, "%s plays %s", who, slug);
		tg_found_village(d, st, s, c, note);
		if (++st->p[c].founded >= 5 && st->explorer == TG_NONE) {
			st->explorer = (uint8_t)c;
			st->p[c].flags |= TG_PF_EXPLORER;
			tg_points_update(d, st, c);
			tg_note(note, "%s is Explorer of the Wilderness (2 points)",
			    who);
		}
		tg_quest_event(d, st, c, TG_QK_COLONISE, d->spots[s].land,
		    note);
		break;
	case CARD(INTRIGE): {
		int owner = tg_owner(st, s), card = tg_vcard(st, s);
		int inh = tg_inhab(st, s), city = tg_is_city(st, s);
		int chip;

		tg_settle_remove(d, st, s, 0);
		chip = tg_chip_free(st, c);
		if (inh > TG_UNITS - st->p[c].units)
			inh = TG_UNITS - st->p[c].units;
		tg_settle_add(d, st, s, c, card, chip, inh, city, 0);
		tg_note(note, "%s plays %s: %s's settlement at %s becomes %s %d with %d %s",
		    who, slug, tg_color_name[owner], card_sname(d, s), who, chip,
		    inh, inh == 1 ? "inhabitant" : "inhabitants");
		break;
	}
	case CARD(OVERLOPER):
		tg_note(note, "%s plays %s", who, slug);
		if (a->s)
			turncoat_path(d, st, c, s, a->b, a->fig, note);
		else
			turncoat(d, st, c, s, a->fig, note);
		break;
	case CARD(KERKER): case CARD(RAADHUIS): case CARD(TENTOONSTELLING):
	case CARD(SLOT):
		st->bonus_by = (uint16_t)((st->bonus_by &
		    ~(0xf << (4 * bonus_slot(t)))) | c << (4 * bonus_slot(t)));
		st->p[c].card_points++;
		tg_points_update(d, st, c);
		tg_note(note, "%s plays %s (1 point)", who, slug);
		break;
	case CARD(ERTSHOEVE): case CARD(ZILVERVLOOT): case CARD(SCHATZOEKERS): {
		int k = t == CARD(ERTSHOEVE) ? 0 : t == CARD(ZILVERVLOOT) ? 1 : 2;

		n = card_from_bank(st, c, k, 3 - k);
		tg_note(note, "%s plays %s: %d %s", who, slug, n,
		    tg_coin_name[k]);
		break;
	}
	case CARD(KOOPMAN): case CARD(WINST): case CARD(VOORSPOED): {
		int k = t == CARD(KOOPMAN) ? 0 : t == CARD(WINST) ? 1 : 2;

		n = card_from_bank(st, c, k, st->p[c].nsettle);
		tg_note(note, "%s plays %s: %d %s", who, slug, n,
		    tg_coin_name[k]);
		break;
	}
	case CARD(HEERSER_VAN_WELEER):
		card_from_bank(st, c, 0, a->n);
		card_from_bank(st, c, 1, a->s);
		card_from_bank(st, c, 2, a->order);
		tg_note(note, "%s plays %s: %d copper %d silver %d gold", who,
		    slug, a->n, a->s, a->order);
		break;
	case CARD(AMBACHTSGILD): {
		struct tg_rng r;
		int die;

		tg_rng_open(st, TG_EV_CARD, "ambachtsgild die",
		    tg_seat_bit(st, c) | tg_seat_bit(st, o), &r);
		die = tg_rng_die(st, &r);
		n = die < st->p[o].coin[0] ? die : st->p[o].coin[0];
		st->p[o].coin[0] = (uint8_t)(st->p[o].coin[0] - n);
		st->p[c].coin[0] = (uint8_t)(st->p[c].coin[0] + n);
		tg_note(note, "%s plays %s against %s: die %d, takes %d copper",
		    who, slug, tg_color_name[o], die, n);
		break;
	}
	case CARD(DIEFSTAL): {
		const int v[3] = { a->n, a->s, a->order };

		for (int k = 0; k < 3; k++) {
			st->p[o].coin[k] = (uint8_t)(st->p[o].coin[k] - v[k]);
			st->p[c].coin[k] = (uint8_t)(st->p[c].coin[k] + v[k]);
		}
		tg_note(note, "%s plays %s against %s: takes %d copper %d silver %d gold",
		    who, slug, tg_color_name[o], v[0], v[1], v[2]);
		break;
	}
	case CARD(SPIONAGE):
		tg_sealed_show_all(st, o, note);	/* R13.5 */
		st->pending.kind = TG_PD_SPY;
		st->pending.color = (uint8_t)c;
		st->pending.from = TG_NONE;
		memset(st->pending.arg, 0, sizeof st->pending.arg);
		st->pending.arg[0] = (uint8_t)o;
		tg_note(note, "%s plays %s against %s: sees the hand, takes one card",
		    who, slug, tg_color_name[o]);
		break;
	case CARD(ONTDEKKINGSREIZIGER):
		st->p[c].flags |= TG_PF_ONTDEKKER;
		tg_note(note, "%s plays %s: two scouts for the price of one this turn",
		    who, slug);
		break;
	}
	tg_quest_event(d, st, c, TG_QK_PLAY_CARD, t, note);
}

/* --- the dispatch ---------------------------------------------------------- */

int
tg_check_card(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	switch (a->kind) {
	case TG_A_BUY:
		if (a->fig == 0) {
			if (st->p[c].coin[TG_COPPER] < 1)
				return tg_refuse(err, RULES_REFUSED,
				    "not enough copper: a play card costs 1 copper, %s has 0 copper",
				    tg_color_name[c]);
			if (st->pcount == 0 && tg_sealed_left(st) == 0) {
				int any = 0;

				for (int k = 0; k < TG_HAND_BYTES; k++)
					any |= st->discard[k];
				if (!any)
					return tg_refuse(err, RULES_REFUSED,
					    "the play deck and its discards are empty");
			}
			return 0;
		}
		if (a->fig != 1)
			return tg_refuse(err, RULES_EPARSE, "nothing to buy");
		if (st->p[c].coin[TG_GOLD] < 1)
			return tg_refuse(err, RULES_REFUSED,
			    "not enough gold: a quest card costs 1 gold, %s has 0 gold",
			    tg_color_name[c]);
		if (st->qcount == 0)
			return tg_refuse(err, RULES_REFUSED,
			    "the quest deck is empty: no more quests can be bought");
		return 0;
	case TG_A_PLAY:
		return check_play(d, st, c, a, err);
	case TG_A_CHOOSE:
		return card_check_choose(d, st, c, a, err);
	case TG_A_TAKE:
		return card_check_take(st, c, a, err);
	case TG_A_DEFEND:
		return card_check_defend(d, st, c, a, err);
	}
	return tg_refuse(err, RULES_EPARSE, "unknown action");
}

/*
 * Do a checked card action.  Returns 1 when a defence was settled and
 * the waiting attack must now run: *a is then rewritten by the caller
 * through tg_pending_attack -- see apply.c.
 */
int
tg_do_card(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	switch (a->kind) {
	case TG_A_BUY:
		st->p[c].coin[a->fig ? TG_GOLD : TG_COPPER]--;
		st->bank[a->fig ? TG_GOLD : TG_COPPER]++;
		if (a->fig) {
			tg_quest_draw(st, c);
			tg_note(note, "%s buys a quest card", tg_color_name[c]);
		} else {
			int t = tg_draw_play(st, c);

			tg_note(note, "%s buys a play card", tg_color_name[c]);
			if (t >= 0)
				tg_card_drawn(d, st, c, t, 1, note);
		}
		return 0;
	case TG_A_PLAY:
		do_play(d, st, c, a, note);
		return 0;
	case TG_A_CHOOSE:
		card_do_choose(d, st, c, a, note);
		return 0;
	case TG_A_TAKE:
		card_do_take(st, c, a, note);
		return 0;
	}
	return 0;
}

/* Settle a defence; the attack to run is written to *att (apply.c). */
void tg_defend(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note,
    struct tg_action *att);
void
tg_defend(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note,
    struct tg_action *att)
{
	card_do_defend(d, st, c, a, note, att);
}

