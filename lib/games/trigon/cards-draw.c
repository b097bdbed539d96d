/*
 * cards-draw.c -- the play cards (R10.2-R10.9) in hand and pile: drawing
 * and discarding, the private numbering of hidden cards, the counting
 * and the R12.3 defaults, and the negative (†) cards acting when drawn
 * (tg_card_drawn).  Playing them is cards-play.c's, the answers they
 * ask for cards-answer.c's; what they share is in cards-int.h.
 *
 * Which card is drawn comes from the deck in the state (shuffled by a
 * chance event): order texts never name a hidden card, and the notes
 * say only what the rules show (a bought card that is not negative
 * stays hidden; "green buys a play card").
 */
#include <string.h>

#include "internal.h"
#include "cards-int.h"

const char *
card_sname(const struct tg_data *d, int s)
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

int
card_holds(const struct tg_state *st, int c, int t)
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
	return card_holds(st, c, protection_of(tg_cards[t].color));
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
		    st->p[c].hand[t / 2] == 0 ? (t++, 1) : !card_holds(st, c, t) :
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

int
card_coins_total(const struct tg_state *st, int c)
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
void
card_remove_knights(struct tg_state *st, int c, int s, int n)
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
		card_remove_knights(st, c, best, 1);
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

void
card_to_bank(struct tg_state *st, int c, const int v[3])
{
	for (int k = 0; k < 3; k++) {
		st->p[c].coin[k] = (uint8_t)(st->p[c].coin[k] - v[k]);
		st->bank[k] = (uint8_t)(st->bank[k] + v[k]);
	}
}

int
card_from_bank(struct tg_state *st, int c, int k, int n)
{
	if (n > st->bank[k])
		n = st->bank[k];
	st->bank[k] = (uint8_t)(st->bank[k] - n);
	st->p[c].coin[k] = (uint8_t)(st->p[c].coin[k] + n);
	return n;
}

void
card_remove_settlement(const struct tg_data *d, struct tg_state *st, int s,
    const char *card, struct rules_note *note)
{
	int c = tg_owner(st, s), chip = tg_chip(st, s);
	int palace = tg_has_palace(st, s);

	tg_settle_remove(d, st, s, 1);
	tg_note(note, "%s: %s loses %s %d at %s%s", card, tg_color_name[c],
	    "settlement", chip, card_sname(d, s),
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
		return card_coins_total(st, c) / 2;
	case CARD(CRISIS):
		n = card_coins_total(st, c);
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

/* What a "choose" answer to card t names. */
int
card_choose_args(int t)
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
	switch (card_choose_args(t)) {
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
		return kinds > 1 && n < card_coins_total(st, c);
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
		card_to_bank(st, c, v);
		tg_note(note, "%s: %s returns %d copper %d silver %d gold",
		    slug, tg_color_name[c], v[0], v[1], v[2]);
		break;
	case CARD(ROVERS): case CARD(ZILVERDIEVEN): case CARD(CRIMINALITEIT): {
		int k = t == CARD(ROVERS) ? 0 : t == CARD(ZILVERDIEVEN) ? 1 : 2;
		int want = k == 0 ? 3 : k == 1 ? 2 : 1;

		memset(v, 0, sizeof v);
		v[k] = want < st->p[c].coin[k] ? want : st->p[c].coin[k];
		card_to_bank(st, c, v);
		tg_note(note, "%s: %s returns %d %s", slug, tg_color_name[c],
		    v[k], tg_coin_name[k]);
		break;
	}
	case CARD(WINTER): case CARD(GRILLEN_VAN_ZOLOTH):
		if ((s = default_settlement(d, st, c)) >= 0)
			card_remove_settlement(d, st, s, slug, note);
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
		    "inhabitants", card_sname(d, best));
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

