/*
 * cards-play.c -- the play cards (R10.2-R10.9) and the decisions they
 * put to players (R12): buying, the negative (†) cards acting when
 * drawn, playing held cards, the answers "choose", "take" and "defend",
 * the R12.3 defaults, and the private numbering of hidden cards.
 *
 * As everywhere in the engine, tg_check_card decides everything before
 * tg_do_card changes anything.  Which card is drawn comes from the deck
 * in the state (shuffled by a chance event): order texts never name a
 * hidden card, and the notes say only what the rules show (a bought
 * card that is not negative stays hidden; "green buys a play card").
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define CARD(id) TG_CARD_##id

static const char *
sname(const struct tg_data *d, int s)
{
	return d->spots[s].name;
}

/* --- hands and piles ------------------------------------------------------ */

void
tg_hand_add(struct tg_state *st, int c, int t, int n)
{
	st->p[c].hand[t / 2] = (uint8_t)(st->p[c].hand[t / 2] +
	    n * (1 << (4 * (t & 1))));
}

void
tg_discard_add(struct tg_state *st, int t)
{
	st->discard[t / 2] = (uint8_t)(st->discard[t / 2] +
	    (1 << (4 * (t & 1))));
}

int
tg_draw_play(struct tg_state *st, int c)
{
	int t;

	if ((st->flags & TG_SF_SEALED) &&
	    (t = tg_sealed_draw(st, c)) != TG_DRAW_OPEN)
		return t;	/* R13.2 */
	if (st->pcount == 0) {
		/* R1.3: refill from the discards, shuffled (a chance event). */
		for (int k = 0; k < TG_CARD_TYPES; k++) {
			int n = (st->discard[k / 2] >> (4 * (k & 1))) & 0x0f;

			for (int j = 0; j < n; j++)
				st->pdeck[st->pcount++] = (uint8_t)k;
		}
		memset(st->discard, 0, sizeof st->discard);
		if (st->pcount == 0)
			return -1;
		if (!(st->flags & TG_SF_PUBLIC_DRAWS))
			tg_shuffle(st, st->pdeck, st->pcount, "shuffle play");
	}
	if (st->flags & TG_SF_PUBLIC_DRAWS)
		tg_draw_to_top(st, st->pdeck, st->pcount);
	t = st->pdeck[--st->pcount];
	return t;
}

static int
holds(const struct tg_state *st, int c, int t)
{
	return tg_hand_count(st, c, t) > 0;
}

/* The protection card of a color (R10.2). */
static int
protection_of(int color)
{
	static const uint8_t prot[TG_COLORS] = {
		CARD(KAPITEIN), CARD(AMBASSADEUR), CARD(HOFNAR),
		CARD(BURGEMEESTER)
	};
	return prot[color];
}

static int
shielded(const struct tg_state *st, int c, int t)
{
	return holds(st, c, protection_of(tg_cards[t].color));
}

/* --- private numbering ---------------------------------------------------- */

static uint64_t
mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t
item_key(const struct tg_state *st, uint64_t k, int c, int item)
{
	return mix(k ^ ((uint64_t)c << 48 | (uint64_t)item << 32 |
	    (uint64_t)st->round << 8 | st->turn));
}

int
tg_items(const struct tg_state *st, int c, uint8_t *items)
{
	uint64_t key[TG_CARD_TYPES + TG_QUEST_CARDS], seedk = st->salt;
	int n = 0;

	for (int t = 0; t < TG_CARD_TYPES + TG_QUEST_CARDS; t++) {
		int item = t < TG_CARD_TYPES ? t : 64 + t - TG_CARD_TYPES;
		uint64_t k;
		int j;

		if (t < TG_CARD_TYPES ? (t & 1) == 0 &&
		    st->p[c].hand[t / 2] == 0 ? (t++, 1) : !holds(st, c, t) :
		    (st->quest[t - TG_CARD_TYPES] & 0x0f) != c)
			continue;
		k = item_key(st, seedk, c, item);
		for (j = n; j > 0 && key[j - 1] > k; j--) {
			key[j] = key[j - 1];
			items[j] = items[j - 1];
		}
		key[j] = k;
		items[j] = (uint8_t)item;
		n++;
	}
	return n;
}

int
tg_item_count(const struct tg_state *st, int c)
{
	int n = 0;

	for (int i = 0; i < TG_HAND_BYTES; i++) {
		n += (st->p[c].hand[i] & 0x0f) != 0;
		n += (st->p[c].hand[i] >> 4) != 0;
	}
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		n += (st->quest[q] & 0x0f) == c;
	return n;
}

int
tg_item_number(const struct tg_state *st, int c, int item)
{
	uint8_t items[TG_CARD_TYPES + TG_QUEST_CARDS];
	int n = tg_items(st, c, items);

	for (int i = 0; i < n; i++)
		if (items[i] == item)
			return i + 1;
	return 0;
}

/* --- counting and the R12.3 defaults -------------------------------------- */

static int
knights_on_spots(const struct tg_data *d, const struct tg_state *st, int c)
{
	int n = 0;

	for (int i = 0; i < d->nspots; i++)
		if (tg_fig_color(st, i) == c)
			n += st->kn[i];
	return n;
}

static int
coins_total(const struct tg_state *st, int c)
{
	return st->p[c].coin[0] + st->p[c].coin[1] + st->p[c].coin[2];
}

/* Tie-break of R12.4: lowest chip (none counts as 11), then ASCII name. */
static int
before(const struct tg_data *d, const struct tg_state *st, int a, int b)
{
	int ca = tg_owner(st, a) >= 0 ? tg_chip(st, a) : 11;
	int cb = tg_owner(st, b) >= 0 ? tg_chip(st, b) : 11;

	if (ca != cb)
		return ca < cb;
	return strcmp(d->spots[a].name, d->spots[b].name) < 0;
}

/* Remove n own knights at spot: fresh ones first, then the marked. */
static void
remove_knights(struct tg_state *st, int c, int s, int n)
{
	for (int k = 0; k < n; k++) {
		int fresh = st->kn[s] - st->kmoved[s] - st->kcarried[s] -
		    st->kspent[s];

		if (fresh <= 0) {
			if (st->kspent[s] > 0)
				st->kspent[s]--;
			else if (st->kmoved[s] > 0)
				st->kmoved[s]--;
			else
				st->kcarried[s]--;
		}
		st->kn[s]--;
	}
	st->p[c].units = (uint8_t)(st->p[c].units - n);
	if (st->kn[s] + tg_scouts(st, s) + tg_boats(st, s) == 0)
		tg_set_who_fig(st, s, -1);
}

/* R12.3: knights from the largest stacks first. */
static int
default_knights(const struct tg_data *d, struct tg_state *st, int c, int n)
{
	int done = 0;

	for (; done < n; done++) {
		int best = -1;

		for (int i = 0; i < d->nspots; i++)
			if (tg_fig_color(st, i) == c && st->kn[i] > 0 &&
			    (best < 0 || st->kn[i] > st->kn[best] ||
			    (st->kn[i] == st->kn[best] && before(d, st, i,
			    best))))
				best = i;
		if (best < 0)
			break;
		remove_knights(st, c, best, 1);
	}
	return done;
}

/* R12.3: inhabitants from the fullest settlements first, keeping floor. */
static int
default_inhab(const struct tg_data *d, struct tg_state *st, int c, int n,
    int floor)
{
	int done = 0;

	for (; done < n; done++) {
		int best = -1;

		for (int i = 0; i < d->nspots; i++)
			if (tg_owner(st, i) == c && tg_inhab(st, i) > floor &&
			    (best < 0 || tg_inhab(st, i) > tg_inhab(st, best) ||
			    (tg_inhab(st, i) == tg_inhab(st, best) &&
			    before(d, st, i, best))))
				best = i;
		if (best < 0)
			break;
		tg_set_inhab(st, best, tg_inhab(st, best) - 1);
	}
	return done;
}

static int
is_capital(const struct tg_data *d, const struct tg_state *st, int s)
{
	return d->spots[s].capital && tg_has_palace(st, s);
}

/* R12.3: the settlement with the fewest inhabitants, the capital last. */
static int
default_settlement(const struct tg_data *d, const struct tg_state *st, int c)
{
	int best = -1;

	for (int i = 0; i < d->nspots; i++) {
		if (tg_owner(st, i) != c)
			continue;
		if (best < 0 || is_capital(d, st, best) > is_capital(d, st, i) ||
		    (is_capital(d, st, best) == is_capital(d, st, i) &&
		    (tg_inhab(st, i) < tg_inhab(st, best) ||
		    (tg_inhab(st, i) == tg_inhab(st, best) &&
		    before(d, st, i, best)))))
			best = i;
	}
	return best;
}

/* R12.3: coins copper before silver before gold. */
static void
default_coins(struct tg_state *st, int c, int n, int out[3])
{
	for (int k = 0; k < 3; k++) {
		out[k] = n < st->p[c].coin[k] ? n : st->p[c].coin[k];
		n -= out[k];
	}
}

static void
to_bank(struct tg_state *st, int c, const int v[3])
{
	for (int k = 0; k < 3; k++) {
		st->p[c].coin[k] = (uint8_t)(st->p[c].coin[k] - v[k]);
		st->bank[k] = (uint8_t)(st->bank[k] + v[k]);
	}
}

static int
from_bank(struct tg_state *st, int c, int k, int n)
{
	if (n > st->bank[k])
		n = st->bank[k];
	st->bank[k] = (uint8_t)(st->bank[k] - n);
	st->p[c].coin[k] = (uint8_t)(st->p[c].coin[k] + n);
	return n;
}

static void
remove_settlement(const struct tg_data *d, struct tg_state *st, int s,
    const char *card, struct rules_note *note)
{
	int c = tg_owner(st, s), chip = tg_chip(st, s);
	int palace = tg_has_palace(st, s);

	tg_settle_remove(d, st, s, 1);
	tg_note(note, "%s: %s loses %s %d at %s%s", card, tg_color_name[c],
	    "settlement", chip, sname(d, s),
	    palace ? " and its palace for good" : "");
}

/* --- negative cards ------------------------------------------------------- */

/* How much a "your choice" † card asks of c; 0 when nothing to choose. */
static int
amount(const struct tg_data *d, const struct tg_state *st, int c, int t)
{
	int n = 0;

	switch (t) {
	case CARD(MOORDENAAR):
		n = 1;
		break;
	case CARD(BOOGSCHUTTERS):
		n = 2;
		break;
	case CARD(DRAKEN):
	case CARD(STRIJD):
		return knights_on_spots(d, st, c) / 2;
	case CARD(ZIEKTE):
		return st->p[c].inhab / 2;
	case CARD(METEORIETEN):
		for (int i = 0; i < d->nspots; i++)
			if (tg_owner(st, i) == c && tg_inhab(st, i) > 1)
				n += tg_inhab(st, i) - 1;
		return n < 5 ? n : 5;
	case CARD(HEBZUCHT_VAN_DELIA):
		return coins_total(st, c) / 2;
	case CARD(CRISIS):
		n = coins_total(st, c);
		return n < 5 ? n : 5;
	case CARD(WINTER):
	case CARD(GRILLEN_VAN_ZOLOTH):
		return st->p[c].nsettle > 0;
	case CARD(OVERSTROMING):
		return st->p[c].nsettle > 0;
	case CARD(BRAND):
		return st->p[c].nsettle > 0 ? 2 : 0;
	default:
		return 0;
	}
	n = n < knights_on_spots(d, st, c) ? n : knights_on_spots(d, st, c);
	return n;
}

enum { ARG_NONE, ARG_SPOT, ARG_COUNT_SPOT, ARG_COINS };

/* What a "choose" answer to card t names. */
static int
choose_args(int t)
{
	switch (t) {
	case CARD(MOORDENAAR): case CARD(BOOGSCHUTTERS): case CARD(DRAKEN):
	case CARD(STRIJD): case CARD(ZIEKTE): case CARD(METEORIETEN):
		return ARG_COUNT_SPOT;
	case CARD(WINTER): case CARD(GRILLEN_VAN_ZOLOTH):
	case CARD(OVERSTROMING): case CARD(BRAND):
		return ARG_SPOT;
	case CARD(HEBZUCHT_VAN_DELIA): case CARD(CRISIS):
		return ARG_COINS;
	default:
		return ARG_NONE;
	}
}

/* Does c have a real choice for card t (more than one way)? */
static int
has_choice(const struct tg_data *d, const struct tg_state *st, int c, int t)
{
	int n = amount(d, st, c, t), where = 0, kinds = 0;

	if (n == 0)
		return 0;
	switch (choose_args(t)) {
	case ARG_COUNT_SPOT:
		for (int i = 0; i < d->nspots; i++) {
			if (t == CARD(ZIEKTE) || t == CARD(METEORIETEN))
				where += tg_owner(st, i) == c &&
				    tg_inhab(st, i) > (t == CARD(METEORIETEN));
			else
				where += tg_fig_color(st, i) == c &&
				    st->kn[i] > 0;
		}
		return where > 1;
	case ARG_SPOT:
		return st->p[c].nsettle > 1;
	case ARG_COINS:
		for (int k = 0; k < 3; k++)
			kinds += st->p[c].coin[k] > 0;
		return kinds > 1 && n < coins_total(st, c);
	default:
		return 0;
	}
}

/* The R12.3 default of card t for color c: the whole effect. */
static void
negative_default(const struct tg_data *d, struct tg_state *st, int c, int t,
    struct rules_note *note)
{
	const char *slug = tg_cards[t].slug;
	int n = amount(d, st, c, t), v[3], s, got;

	switch (t) {
	case CARD(MOORDENAAR): case CARD(BOOGSCHUTTERS): case CARD(DRAKEN):
	case CARD(STRIJD):
		got = default_knights(d, st, c, n);
		tg_note(note, "%s: %s loses %d %s", slug, tg_color_name[c], got,
		    got == 1 ? "knight" : "knights");
		break;
	case CARD(ZIEKTE): case CARD(METEORIETEN):
		got = default_inhab(d, st, c, n, t == CARD(METEORIETEN));
		tg_note(note, "%s: %s loses %d %s", slug, tg_color_name[c], got,
		    got == 1 ? "inhabitant" : "inhabitants");
		break;
	case CARD(HEBZUCHT_VAN_DELIA): case CARD(CRISIS):
		default_coins(st, c, n, v);
		to_bank(st, c, v);
		tg_note(note, "%s: %s returns %d copper %d silver %d gold",
		    slug, tg_color_name[c], v[0], v[1], v[2]);
		break;
	case CARD(ROVERS): case CARD(ZILVERDIEVEN): case CARD(CRIMINALITEIT): {
		int k = t == CARD(ROVERS) ? 0 : t == CARD(ZILVERDIEVEN) ? 1 : 2;
		int want = k == 0 ? 3 : k == 1 ? 2 : 1;

		memset(v, 0, sizeof v);
		v[k] = want < st->p[c].coin[k] ? want : st->p[c].coin[k];
		to_bank(st, c, v);
		tg_note(note, "%s: %s returns %d %s", slug, tg_color_name[c],
		    v[k], tg_coin_name[k]);
		break;
	}
	case CARD(WINTER): case CARD(GRILLEN_VAN_ZOLOTH):
		if ((s = default_settlement(d, st, c)) >= 0)
			remove_settlement(d, st, s, slug, note);
		else
			tg_note(note, "%s: %s has no settlement", slug,
			    tg_color_name[c]);
		break;
	case CARD(OVERSTROMING): case CARD(BRAND): {
		int best = -1;

		/* The fullest settlement (R12.3), lowest chip on ties. */
		for (int i = 0; i < d->nspots; i++)
			if (tg_owner(st, i) == c && (best < 0 ||
			    tg_inhab(st, i) > tg_inhab(st, best) ||
			    (tg_inhab(st, i) == tg_inhab(st, best) &&
			    before(d, st, i, best))))
				best = i;
		if (best < 0) {
			tg_note(note, "%s: %s has no settlement", slug,
			    tg_color_name[c]);
			break;
		}
		n = t == CARD(BRAND) ? 2 : 1;
		got = n < tg_inhab(st, best) ? n : tg_inhab(st, best);
		tg_set_inhab(st, best, tg_inhab(st, best) - got);
		tg_note(note, "%s: %s loses %d %s at %s", slug,
		    tg_color_name[c], got, got == 1 ? "inhabitant" :
		    "inhabitants", sname(d, best));
		break;
	}
	case CARD(AARDBEVING): {
		int cap = d->capital[c];

		if (tg_owner(st, cap) == c && tg_has_palace(st, cap)) {
			st->card[cap] &= 0x3f;
			st->p[c].flags &= (uint8_t)~TG_PF_PALACE;
			tg_points_update(d, st, c);
			tg_note(note, "%s: %s's palace is destroyed", slug,
			    tg_color_name[c]);
		} else
			tg_note(note, "%s: %s has no palace", slug,
			    tg_color_name[c]);
		break;
	}
	}
}

/* An all-player card drawn by c strikes the others by the defaults
 * (R12.3), in seat order from c; a holder of its protection card is
 * shielded. */
static void
strike_others(const struct tg_data *d, struct tg_state *st, int c, int t,
    struct rules_note *note)
{
	const struct tg_card *card = &tg_cards[t];

	for (int k = 1; k < st->nseats; k++) {
		int o = st->seat_color[(st->color_seat[c] + k) % st->nseats];

		if (!tg_playing(st, o))
			continue;
		if (shielded(st, o, t))
			tg_note(note, "%s: %s is shielded by %s", card->slug,
			    tg_color_name[o],
			    tg_cards[protection_of(card->color)].slug);
		else
			negative_default(d, st, o, t, note);
	}
}

void
tg_card_drawn(const struct tg_data *d, struct tg_state *st, int c, int t,
    int active, struct rules_note *note)
{
	const struct tg_card *card = &tg_cards[t];

	if (!(card->flags & TG_CF_NEGATIVE)) {
		tg_hand_add(st, c, t, 1);
		return;
	}
	tg_discard_add(st, t);
	if (shielded(st, c, t)) {
		/* The card shields its holder only (R10.2, R10.7): an
		 * all-player card still strikes every other player.
		 * Without option shield=holder (files made before it)
		 * the card strikes nobody. */
		tg_note(note, "%s draws %s: shielded by %s", tg_color_name[c],
		    card->slug, tg_cards[protection_of(card->color)].slug);
		if ((card->flags & TG_CF_ALL) &&
		    (st->flags & TG_SF_SHIELD_HOLDER))
			strike_others(d, st, c, t, note);
		return;
	}
	tg_note(note, "%s draws %s (%s)", tg_color_name[c], card->slug,
	    card->gloss);
	if (card->flags & TG_CF_ALL)
		strike_others(d, st, c, t, note);
	if (active && has_choice(d, st, c, t)) {
		st->pending.kind = TG_PD_CHOICE;
		st->pending.color = (uint8_t)c;
		st->pending.from = TG_NONE;
		memset(st->pending.arg, 0, sizeof st->pending.arg);
		st->pending.arg[0] = (uint8_t)t;
		st->pending.arg[1] = (uint8_t)amount(d, st, c, t);
		tg_note(note, "%s must choose for %s", tg_color_name[c],
		    card->slug);
		return;
	}
	negative_default(d, st, c, t, note);
}

/* --- playing held cards --------------------------------------------------- */

/* What "play SLUG" names for each held card type. */
#define PA_NONE TG_PA_NONE
#define PA_SPOT TG_PA_SPOT
#define PA_SPOT_FIG TG_PA_SPOT_FIG
#define PA_COINS TG_PA_COINS
#define PA_COLOR TG_PA_COLOR
#define PA_COLOR_COINS TG_PA_COLOR_COINS
#define PA_NOT TG_PA_NOT

static int
play_args(int t)
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
		return play_args(t);
	switch (choose_args(t)) {
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

static int
coins_sum(const struct tg_action *a)
{
	return a->n + a->s + a->order;
}

static int
check_play(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	const struct tg_player *p = &st->p[c];
	int t = a->x, s = a->a, o = a->b, need;
	const char *slug;

	if (t >= TG_CARD_TYPES)
		return tg_refuse(err, RULES_EPARSE, "no such card");
	slug = tg_cards[t].slug;
	if (!holds(st, c, t))
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
	if (play_args(t) == PA_SPOT || play_args(t) == PA_SPOT_FIG)
		if (s >= d->nspots)
			return tg_refuse(err, RULES_EPARSE, "no such spot");
	if ((play_args(t) == PA_COLOR || play_args(t) == PA_COLOR_COINS) &&
	    (o >= TG_COLORS || o == c || !tg_playing(st, o)))
		return tg_refuse(err, RULES_REFUSED,
		    "%s needs another player in the game", slug);
	switch (t) {
	case CARD(PROMOTIE): case CARD(WACHTTOREN):
		if (tg_owner(st, s) != c)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no settlement at %s", tg_color_name[c],
			    sname(d, s));
		if (p->units >= TG_UNITS)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no knight left in the supply (all %d units are in play)",
			    tg_color_name[c], TG_UNITS);
		return 0;
	case CARD(GEBOORTEGOLF): case CARD(GOEDE_OOGST):
		if (tg_owner(st, s) != c)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no settlement at %s", tg_color_name[c],
			    sname(d, s));
		if (tg_inhab(st, s) >= TG_CITY_SIZE)
			return tg_refuse(err, RULES_REFUSED,
			    "%s already has %d inhabitants", sname(d, s),
			    TG_CITY_SIZE);
		if (p->units >= TG_UNITS)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no unit left in the supply",
			    tg_color_name[c]);
		return 0;
	case CARD(VLIJTIGE_ONDERDAAN):
		if (!free_spot(st, s, c))
			return tg_refuse(err, RULES_REFUSED,
			    "%s is not a free spot (a settlement or enemy figures stand there)",
			    sname(d, s));
		if (d->spots[s].land != c && !home_full(d, st, c))
			return tg_refuse(err, RULES_REFUSED,
			    "%s lies in %s: vlijtige-onderdaan founds in %s's home land %s while it has a free spot",
			    sname(d, s), d->land_name[d->spots[s].land],
			    tg_color_name[c], d->land_name[c]);
		if (tg_chip_free(st, c) == 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no village chip left", tg_color_name[c]);
		if (st->vcount == 0)
			return tg_refuse(err, RULES_REFUSED,
			    "the village deck is empty: no village can be founded");
		return 0;
	case CARD(INTRIGE):
		o = tg_owner(st, s);
		if (o < 0 || o == c)
			return tg_refuse(err, RULES_REFUSED,
			    "%s holds no settlement of an opponent",
			    sname(d, s));
		if (tg_has_palace(st, s))
			return tg_refuse(err, RULES_REFUSED,
			    "intrige takes no settlement with a palace");
		if (tg_fig_color(st, s) >= 0)
			return tg_refuse(err, RULES_REFUSED,
			    "intrige takes only a settlement without figures on its spot; %s has some",
			    sname(d, s));
		if (tg_chip_free(st, c) == 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no village chip left", tg_color_name[c]);
		return 0;
	case CARD(OVERLOPER): {
		int f = a->fig, have;

		if (a->s) {
			/* On a river path a-b (R10.6). */
			int path = a->b < d->nspots && a->a != a->b ?
			    tg_path_of(d, s, a->b) : -1, r;

			if (path < 0 || !d->paths[path].river)
				return tg_refuse(err, RULES_REFUSED,
				    "there is no river path between %s and %s",
				    sname(d, s), a->b < d->nspots ?
				    sname(d, a->b) : "?");
			r = d->paths[path].river_index;
			o = tg_river_color(st, r);
			if (o < 0 || o == c)
				return tg_refuse(err, RULES_REFUSED,
				    "the river path %s-%s holds no figure of an opponent",
				    sname(d, s), sname(d, a->b));
			have = f == TG_KNIGHT ? st->rkn[r] : f == TG_SCOUT ?
			    st->rsc[r] & 3 : 0;
		} else {
			o = tg_fig_color(st, s);
			if (o < 0 || o == c)
				return tg_refuse(err, RULES_REFUSED,
				    "%s holds no figure of an opponent",
				    sname(d, s));
			have = f == TG_KNIGHT ? st->kn[s] : f == TG_SCOUT ?
			    tg_scouts(st, s) : tg_boats(st, s);
		}
		if (f > TG_BOAT || have == 0)
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no %s at %s", tg_color_name[o],
			    f > TG_BOAT ? "such figure" : tg_fig_name[f],
			    sname(d, s));
		if ((f == TG_KNIGHT && p->units >= TG_UNITS) ||
		    (f == TG_SCOUT && p->scouts >= TG_SCOUTS) ||
		    (f == TG_BOAT && p->boats >= TG_BOATS))
			return tg_refuse(err, RULES_REFUSED,
			    "%s has no %s left in the supply",
			    tg_color_name[c], tg_fig_name[f]);
		return 0;
	}
	case CARD(HEERSER_VAN_WELEER):
		need = st->bank[0] + st->bank[1] + st->bank[2];
		need = need < 5 ? need : 5;
		if (coins_sum(a) != need)
			return tg_refuse(err, RULES_REFUSED,
			    "heerser-van-weleer takes %d coins, not %d", need,
			    coins_sum(a));
		if (a->n > st->bank[0] || a->s > st->bank[1] ||
		    a->order > st->bank[2])
			return tg_refuse(err, RULES_REFUSED,
			    "the bank does not have those coins");
		return 0;
	case CARD(DIEFSTAL):
		need = coins_total(st, o) < 3 ? coins_total(st, o) : 3;
		if (coins_sum(a) != need)
			return tg_refuse(err, RULES_REFUSED,
			    "diefstal takes %d coins from %s, not %d", need,
			    tg_color_name[o], coins_sum(a));
		if (a->n > st->p[o].coin[0] || a->s > st->p[o].coin[1] ||
		    a->order > st->p[o].coin[2])
			return tg_refuse(err, RULES_REFUSED,
			    "%s does not have those coins", tg_color_name[o]);
		return 0;
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
	    tg_color_name[o], tg_fig_name[f], sname(d, s), sname(d, e),
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
		remove_knights(st, o, s, 1);
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
	    tg_color_name[o], tg_fig_name[f], sname(d, s), tg_color_name[c]);
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
		    n == 1 ? "knight" : "knights", sname(d, s));
		break;
	case CARD(GEBOORTEGOLF): case CARD(GOEDE_OOGST):
		tg_note(note, "%s plays %s at %s", who, slug, sname(d, s));
		n = tg_add_inhabitants(d, st, s, t == CARD(GEBOORTEGOLF) ? 1 :
		    2, note);
		tg_note(note, "%s: %d %s at %s", slug, n, n == 1 ?
		    "inhabitant" : "inhabitants", sname(d, s));
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
		    who, slug, tg_color_name[owner], sname(d, s), who, chip,
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

		n = from_bank(st, c, k, 3 - k);
		tg_note(note, "%s plays %s: %d %s", who, slug, n,
		    tg_coin_name[k]);
		break;
	}
	case CARD(KOOPMAN): case CARD(WINST): case CARD(VOORSPOED): {
		int k = t == CARD(KOOPMAN) ? 0 : t == CARD(WINST) ? 1 : 2;

		n = from_bank(st, c, k, st->p[c].nsettle);
		tg_note(note, "%s plays %s: %d %s", who, slug, n,
		    tg_coin_name[k]);
		break;
	}
	case CARD(HEERSER_VAN_WELEER):
		from_bank(st, c, 0, a->n);
		from_bank(st, c, 1, a->s);
		from_bank(st, c, 2, a->order);
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

/* --- answers: choose, take, defend ---------------------------------------- */

static int
check_choose(const struct tg_data *d, const struct tg_state *st, int c,
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
	switch (choose_args(t)) {
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
				    "inhabitants", sname(d, s), a->fig);
		} else {
			have = tg_fig_color(st, s) == c ? st->kn[s] : 0;
			if (a->fig > have)
				return tg_refuse(err, RULES_REFUSED,
				    "%s: %s has %d %s at %s, not %d", slug,
				    tg_color_name[c], have, have == 1 ?
				    "knight" : "knights", sname(d, s), a->fig);
		}
		return 0;
	}
	case ARG_SPOT:
		if (s >= d->nspots || tg_owner(st, s) != c)
			return tg_refuse(err, RULES_REFUSED,
			    "%s: %s has no settlement at %s", slug,
			    tg_color_name[c], s < d->nspots ? sname(d, s) : "?");
		return 0;
	case ARG_COINS:
		if (coins_sum(a) != left)
			return tg_refuse(err, RULES_REFUSED,
			    "%s: return %d coins, not %d", slug, left,
			    coins_sum(a));
		if (a->n > st->p[c].coin[0] || a->s > st->p[c].coin[1] ||
		    a->order > st->p[c].coin[2])
			return tg_refuse(err, RULES_REFUSED,
			    "%s does not have those coins", tg_color_name[c]);
		return 0;
	}
	return tg_refuse(err, RULES_REFUSED, "nothing to choose");
}

static void
do_choose(const struct tg_data *d, struct tg_state *st, int c,
    const struct tg_action *a, struct rules_note *note)
{
	int t = st->pending.arg[0], s = a->a, n;
	const char *slug = tg_cards[t].slug, *who = tg_color_name[c];

	switch (choose_args(t)) {
	case ARG_COUNT_SPOT:
		if (t == CARD(ZIEKTE) || t == CARD(METEORIETEN)) {
			tg_set_inhab(st, s, tg_inhab(st, s) - a->fig);
			tg_note(note, "%s: %s loses %d %s at %s", slug, who,
			    a->fig, a->fig == 1 ? "inhabitant" : "inhabitants",
			    sname(d, s));
		} else {
			remove_knights(st, c, s, a->fig);
			tg_note(note, "%s: %s loses %d %s at %s", slug, who,
			    a->fig, a->fig == 1 ? "knight" : "knights",
			    sname(d, s));
		}
		st->pending.arg[1] = (uint8_t)(st->pending.arg[1] - a->fig);
		if (st->pending.arg[1] > 0)
			return;
		break;
	case ARG_SPOT:
		if (t == CARD(WINTER) || t == CARD(GRILLEN_VAN_ZOLOTH)) {
			remove_settlement(d, st, s, slug, note);
			break;
		}
		n = t == CARD(BRAND) ? 2 : 1;
		n = n < tg_inhab(st, s) ? n : tg_inhab(st, s);
		tg_set_inhab(st, s, tg_inhab(st, s) - n);
		tg_note(note, "%s: %s loses %d %s at %s", slug, who, n,
		    n == 1 ? "inhabitant" : "inhabitants", sname(d, s));
		break;
	case ARG_COINS: {
		const int v[3] = { a->n, a->s, a->order };

		to_bank(st, c, v);
		tg_note(note, "%s: %s returns %d copper %d silver %d gold",
		    slug, who, v[0], v[1], v[2]);
		break;
	}
	}
	st->pending.kind = TG_PD_NONE;
}

static int
check_take(const struct tg_state *st, int c, const struct tg_action *a,
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

static void
do_take(struct tg_state *st, int c, const struct tg_action *a,
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
	if (holds(st, o, CARD(CAVALERIE)) ||
	    holds(st, o, CARD(VERDEDIGINGSTOREN)) ||
	    holds(st, o, CARD(HINDERLAAG)) ||
	    (holds(st, o, CARD(VLUCHTEN)) && spot >= 0 &&
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

static int
check_defend(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	struct tg_action att;
	int spot;

	if (st->pending.kind != TG_PD_DEFEND || st->pending.color != c)
		return tg_refuse(err, RULES_REFUSED,
		    "%s is not asked to defend", tg_color_name[c]);
	if ((a->x & 1) && !holds(st, c, CARD(CAVALERIE)))
		return tg_refuse(err, RULES_REFUSED, "%s holds no cavalerie",
		    tg_color_name[c]);
	if ((a->x & 2) && !holds(st, c, CARD(VERDEDIGINGSTOREN)))
		return tg_refuse(err, RULES_REFUSED,
		    "%s holds no verdedigingstoren", tg_color_name[c]);
	if ((a->x & 4) && !holds(st, c, CARD(HINDERLAAG)))
		return tg_refuse(err, RULES_REFUSED, "%s holds no hinderlaag",
		    tg_color_name[c]);
	if (a->x > 7)
		return tg_refuse(err, RULES_EPARSE, "no such battle card");
	if (!a->fig)
		return 0;
	if (a->x)
		return tg_refuse(err, RULES_REFUSED,
		    "after vluchten no battle is fought: no other card");
	if (!holds(st, c, CARD(VLUCHTEN)))
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
		    tg_color_name[c], sname(d, spot),
		    a->a < d->nspots ? sname(d, a->a) : "?");
	return 0;
}

/* The defence is settled: the attack action to run now (apply.c). */
static void
do_defend(const struct tg_data *d, struct tg_state *st, int c,
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
		    tg_color_name[c], sname(d, spot), sname(d, a->a));
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
		return check_choose(d, st, c, a, err);
	case TG_A_TAKE:
		return check_take(st, c, a, err);
	case TG_A_DEFEND:
		return check_defend(d, st, c, a, err);
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
		do_choose(d, st, c, a, note);
		return 0;
	case TG_A_TAKE:
		do_take(st, c, a, note);
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
	do_defend(d, st, c, a, note, att);
}

/* --- legal card actions (legal.c) ------------------------------------------ */

struct lout {
	const struct tg_data *d;
	const struct tg_state *st;
	int c, n, max;
	struct tg_action *out;
};

static void
ladd(struct lout *o, const struct tg_action *a)
{
	if (o->n < o->max && tg_check_kind(o->d, o->st, o->c, a, NULL) == 0)
		o->out[o->n++] = *a;
}

/* Every split of total coins into kinds (each at most 30). */
static void
lcoins(struct lout *o, struct tg_action *a, int total)
{
	for (int c = 0; c <= total && c <= 30; c++)
		for (int s = 0; s + c <= total && s <= 30; s++) {
			a->n = (uint8_t)c;
			a->s = (uint8_t)s;
			a->order = (uint8_t)(total - c - s);
			ladd(o, a);
		}
}

static void
legal_pending(struct lout *o)
{
	const struct tg_data *d = o->d;
	const struct tg_state *st = o->st;
	struct tg_action a;
	int c = o->c, t = st->pending.arg[0], n;

	memset(&a, 0, sizeof a);
	switch (st->pending.kind) {
	case TG_PD_CHOICE:
		a.kind = TG_A_CHOOSE;
		a.x = (uint8_t)t;
		switch (choose_args(t)) {
		case ARG_COUNT_SPOT:
			for (int s = 0; s < d->nspots; s++) {
				a.a = (uint8_t)s;
				a.fig = 1;
				ladd(o, &a);
				for (int k = st->pending.arg[1]; k > 1; k--) {
					a.fig = (uint8_t)k;
					if (tg_check_kind(d, st, c, &a, NULL) == 0) {
						ladd(o, &a);
						break;
					}
				}
			}
			break;
		case ARG_SPOT:
			for (int s = 0; s < d->nspots; s++) {
				a.a = (uint8_t)s;
				ladd(o, &a);
			}
			break;
		case ARG_COINS:
			lcoins(o, &a, st->pending.arg[1]);
			break;
		}
		break;
	case TG_PD_SPY:
		a.kind = TG_A_TAKE;
		n = tg_item_count(st, st->pending.arg[0]);
		for (int k = 1; k <= n; k++) {
			a.a = (uint8_t)k;
			ladd(o, &a);
		}
		break;
	case TG_PD_OFFER:
		if (st->pending.from == c) {
			a.kind = TG_A_WITHDRAW;
			ladd(o, &a);
			return;
		}
		a.kind = TG_A_DECLINE;
		ladd(o, &a);
		a.kind = TG_A_ACCEPT;
		if (st->pending.arg[4] != 0xff) {
			ladd(o, &a);
			break;
		}
		n = tg_item_count(st, c);
		for (int k = 1; k <= n; k++) {
			a.a = (uint8_t)k;
			ladd(o, &a);
		}
		break;
	case TG_PD_DEFEND:
		a.kind = TG_A_DEFEND;
		for (int x = 0; x < 8; x++) {
			a.x = (uint8_t)x;
			ladd(o, &a);
		}
		a.x = 0;
		a.fig = 1;
		if (holds(st, c, CARD(VLUCHTEN)))
			for (int s = 0; s < d->nspots; s++) {
				a.a = (uint8_t)s;
				ladd(o, &a);
			}
		break;
	}
}

int
tg_legal_cards(const struct tg_data *d, const struct tg_state *st, int c,
    struct tg_action *out, int n, int max)
{
	struct lout o = { d, st, c, n, max, out };
	struct tg_action a;
	int nit;

	if (st->pending.kind != TG_PD_NONE) {
		legal_pending(&o);
		return o.n;
	}
	memset(&a, 0, sizeof a);
	a.kind = TG_A_BUY;
	ladd(&o, &a);
	a.fig = 1;
	ladd(&o, &a);
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		if ((t & 1) == 0 && st->p[c].hand[t / 2] == 0) {
			t++;		/* two types per byte, both absent */
			continue;
		}
		if (!holds(st, c, t))
			continue;
		memset(&a, 0, sizeof a);
		a.kind = TG_A_PLAY;
		a.x = (uint8_t)t;
		switch (play_args(t)) {
		case PA_NONE:
			ladd(&o, &a);
			break;
		case PA_SPOT:
		case PA_SPOT_FIG:
			for (int s = 0; s < d->nspots; s++) {
				int own = tg_owner(st, s), fc = tg_fig_color(st, s);

				/* Cheap filters before the full check. */
				if (t == CARD(OVERLOPER) ? fc < 0 || fc == c :
				    t == CARD(INTRIGE) ? own < 0 || own == c ||
				    fc >= 0 : t == CARD(VLIJTIGE_ONDERDAAN) ?
				    own >= 0 : own != c)
					continue;
				a.a = (uint8_t)s;
				for (int f = 0; f < (play_args(t) == PA_SPOT ?
				    1 : 3); f++) {
					a.fig = (uint8_t)f;
					ladd(&o, &a);
				}
			}
			break;
		case PA_COINS:
			lcoins(&o, &a, 5);
			break;
		}
		if (t == CARD(OVERLOPER)) {
			/* Figures of others halfway across a river (R10.6). */
			a.s = 1;
			for (int pa = 0; pa < d->npaths; pa++) {
				const struct tg_path *path = &d->paths[pa];
				int rc;

				if (!path->river)
					continue;
				rc = tg_river_color(st, path->river_index);
				if (rc < 0 || rc == c)
					continue;
				a.a = path->a;
				a.b = path->b;
				for (int f = 0; f < 2; f++) {
					a.fig = (uint8_t)f;
					ladd(&o, &a);
				}
			}
		}
		/* The cards played against another player. */
		switch (play_args(t)) {
		case PA_COLOR:
		case PA_COLOR_COINS:
			for (int k = 0; k < TG_COLORS; k++) {
				a.b = (uint8_t)k;
				if (k == c || !tg_playing(st, k))
					continue;
				if (play_args(t) == PA_COLOR)
					ladd(&o, &a);
				else
					lcoins(&o, &a, coins_total(st, k) < 3 ?
					    coins_total(st, k) : 3);
			}
			break;
		}
	}
	/* Offers: a blind swap of each own card; 1 coin for 1 of another kind. */
	if (st->p[c].flags & TG_PF_OFFERED)
		return o.n;
	/* How many items tg_items would number, without the hashing. */
	nit = tg_item_count(st, c);
	for (int k = 0; k < TG_COLORS; k++) {
		int other = 0;

		if (k == c || !tg_playing(st, k))
			continue;
		memset(&a, 0, sizeof a);
		a.kind = TG_A_OFFER;
		a.b = (uint8_t)k;
		a.x = 0xff;
		/* The conditions of tg_check_deal, hoisted. */
		for (int i = 0; i < TG_HAND_BYTES; i++)
			other |= st->p[k].hand[i];
		for (int q = 0; q < TG_QUEST_CARDS && !other; q++)
			other = (st->quest[q] & 0x0f) == k;
		for (int i = 1; i <= nit && other && o.n < o.max; i++) {
			a.a = (uint8_t)i;
			o.out[o.n++] = a;
		}
		for (int g = 0; g < 3; g++)
			for (int h = 0; h < 3; h++) {
				if (g == h)
					continue;
				if (st->p[c].coin[g] == 0 ||
				    st->p[k].coin[h] == 0 || o.n >= o.max)
					continue;
				memset(&a, 0, sizeof a);
				a.kind = TG_A_OFFER;
				a.b = (uint8_t)k;
				a.n = g == 0, a.s = g == 1, a.order = g == 2;
				a.a = h == 0, a.fig = h == 1, a.x = h == 2;
				o.out[o.n++] = a;
			}
	}
	return o.n;
}
