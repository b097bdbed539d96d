/*
 * state.c -- a Trigon game's state over time: set-up (R3), the
 * collection phase and turn order of every round (R4), settlements and
 * cities (R5), founding (R9), points and winning (R11), players leaving,
 * and the invariant check used by the tests.  Actions are in apply.c,
 * battles in battle.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "num.h"

const char *const tg_color_name[TG_COLORS] = {
	"green", "purple", "yellow", "white"
};
const char *const tg_fig_name[3] = { "knight", "scout", "boat" };
const char *const tg_fig_plural[3] = { "knights", "scouts", "boats" };
const char *const tg_coin_name[3] = { "copper", "silver", "gold" };
const char *const tg_how_name[6] = {
	"", "points", "emperor", "quests", "last", "forfeit"
};

int
tg_color_find(const char *name)
{
	for (int c = 0; c < TG_COLORS; c++)
		if (strcmp(tg_color_name[c], name) == 0)
			return c;
	return -1;
}

void
tg_note(struct rules_note *note, const char *fmt, ...)
{
	static const char trunc[] = "(note truncated)\n";
	const size_t tl = sizeof trunc - 1;
	va_list ap;
	size_t room, at;
	int n;

	if (note == NULL || (note->len >= tl &&
	    memcmp(note->text + note->len - tl, trunc, tl) == 0))
		return;		/* truncated: later events are dropped */
	room = sizeof note->text - note->len;
	va_start(ap, fmt);
	n = vsnprintf(note->text + note->len, room, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n + 1 + tl + 1 < room) {
		note->len += (size_t)n;
		note->text[note->len++] = '\n';
		note->text[note->len] = '\0';
		return;
	}
	/* Full: end with a marker line, the same on every replay. */
	at = note->len;
	if (at > sizeof note->text - sizeof trunc)
		at = sizeof note->text - sizeof trunc;
	while (at > 0 && note->text[at - 1] != '\n')
		at--;
	memcpy(note->text + at, trunc, sizeof trunc);
	note->len = at + tl;
}

/* --- options and set-up (R3) ------------------------------------------ */

void
tg_setup_default(struct tg_setup *s)
{
	memset(s, 0, sizeof *s);
	s->win = TG_WIN_ALL;
	s->points = 25;
	s->quests = 5;
	s->emp_inhab = 25;
	s->emp_silver = 4;
	s->emp_gold = 4;
}

static int
opt_number(const char *v, int lo, int hi, uint8_t *out)
{
	int n;

	if (num_int(v, lo, hi, 0, &n) != 0)
		return -1;
	*out = (uint8_t)n;
	return 0;
}

int
tg_setup_option(struct tg_setup *s, const char *opt, struct rules_error *err)
{
	const char *eq = strchr(opt, '=');
	const char *v;
	size_t klen;

	if (eq == NULL)
		return tg_refuse(err, RULES_EDATA,
		    "option '%s' is not key=value", opt);
	klen = (size_t)(eq - opt);
	v = eq + 1;
#define KEY(k) (klen == sizeof(k) - 1 && memcmp(opt, k, klen) == 0)
	if (KEY("second-village")) {
		if (strcmp(v, "yes") == 0)
			s->second_village = 1;
		else if (strcmp(v, "no") == 0)
			s->second_village = 0;
		else
			return tg_refuse(err, RULES_EDATA,
			    "option second-village must be yes or no, not '%s'",
			    v);
	} else if (KEY("shield")) {
		/* R10.2, R10.7: holder, a protection card shields its
		 * holder only; all, the rule of files made before the
		 * option: the holder's draw of an all-player card of its
		 * color strikes nobody. */
		if (strcmp(v, "holder") == 0)
			s->shield_holder = 1;
		else if (strcmp(v, "all") == 0)
			s->shield_holder = 0;
		else
			return tg_refuse(err, RULES_EDATA,
			    "option shield must be holder or all, not '%s'",
			    v);
	} else if (KEY("win")) {
		if (strcmp(v, "all") == 0)
			s->win = TG_WIN_ALL;
		else if (strcmp(v, "points") == 0)
			s->win = TG_WIN_POINTS;
		else if (strcmp(v, "emperor") == 0)
			s->win = TG_WIN_EMPEROR;
		else if (strcmp(v, "quests") == 0)
			s->win = TG_WIN_QUESTS;
		else
			return tg_refuse(err, RULES_EDATA,
			    "option win must be all, points, emperor or quests, not '%s'",
			    v);
	} else if (KEY("points")) {
		if (opt_number(v, 1, 200, &s->points) < 0)
			return tg_refuse(err, RULES_EDATA,
			    "option points must be a number from 1 to 200, not '%s'",
			    v);
	} else if (KEY("quests")) {
		if (opt_number(v, 1, TG_QUEST_CARDS, &s->quests) < 0)
			return tg_refuse(err, RULES_EDATA,
			    "option quests must be a number from 1 to 27, not '%s'",
			    v);
	} else if (KEY("emperor-inhabitants")) {
		if (opt_number(v, 1, 50, &s->emp_inhab) < 0)
			return tg_refuse(err, RULES_EDATA,
			    "option emperor-inhabitants must be a number from 1 to 50, not '%s'",
			    v);
	} else if (KEY("emperor-silver")) {
		if (opt_number(v, 0, TG_BANK, &s->emp_silver) < 0)
			return tg_refuse(err, RULES_EDATA,
			    "option emperor-silver must be a number from 0 to 30, not '%s'",
			    v);
	} else if (KEY("emperor-gold")) {
		if (opt_number(v, 0, TG_BANK, &s->emp_gold) < 0)
			return tg_refuse(err, RULES_EDATA,
			    "option emperor-gold must be a number from 0 to 30, not '%s'",
			    v);
	} else
		return tg_refuse(err, RULES_EDATA,
		    "unknown option '%.*s' (known: second-village, shield, win, points, quests, emperor-inhabitants, emperor-silver, emperor-gold)",
		    (int)klen, opt);
#undef KEY
	return 0;
}

int
tg_data_check(const struct tg_data *d, struct rules_error *err)
{
	int capcard[TG_COLORS] = { -1, -1, -1, -1 };

	if (d->nspots > TG_SPOTS)
		return tg_refuse(err, RULES_EDATA,
		    "the map has %d spots; the engine takes at most %d",
		    d->nspots, TG_SPOTS);
	if (d->nrivers > TG_RIVERS)
		return tg_refuse(err, RULES_EDATA,
		    "the map has %d river crossings; the engine takes at most %d",
		    d->nrivers, TG_RIVERS);
	for (int i = 0; i < TG_VILLAGE_CARDS; i++)
		if (d->villages[i].capital_of < TG_COLORS)
			capcard[d->villages[i].capital_of] = i;
	for (int c = 0; c < TG_COLORS; c++) {
		if (capcard[c] < 0)
			return tg_refuse(err, RULES_EDATA,
			    "no capital village card for %s", tg_color_name[c]);
		if (d->capital[c] >= d->nspots)
			return tg_refuse(err, RULES_EDATA,
			    "no capital spot in land %d", c);
	}
	return 0;
}

static int
capital_card(const struct tg_data *d, int c)
{
	for (int i = 0; i < TG_VILLAGE_CARDS; i++)
		if (d->villages[i].capital_of == c)
			return i;
	return -1;
}

/* The empty state of a game: seats, options, bank; nothing placed. */
int
tg_init_base(struct tg_state *st, const struct tg_data *d,
    const struct tg_setup *s, struct rules_error *err)
{
	int rc;

	if ((rc = tg_data_check(d, err)) != 0)
		return rc;
	if (s->nseats < 2 || s->nseats > TG_COLORS)
		return tg_refuse(err, RULES_EDATA,
		    "Trigon takes 2 to 4 players, not %d", s->nseats);
	memset(st, 0, sizeof *st);
	st->chance = s->chance;
	st->salt = s->salt;
	st->nseats = (uint8_t)s->nseats;
	memset(st->seat_color, TG_NONE, sizeof st->seat_color);
	memset(st->color_seat, TG_NONE, sizeof st->color_seat);
	for (int i = 0; i < s->nseats; i++) {
		int c = s->color[i];

		if (c >= TG_COLORS || st->color_seat[c] != TG_NONE)
			return tg_refuse(err, RULES_EDATA,
			    "seat %d: each color may be taken once", i + 1);
		st->seat_color[i] = (uint8_t)c;
		st->color_seat[c] = (uint8_t)i;
	}
	st->opt_win = s->win ? s->win : TG_WIN_ALL;
	st->opt_points = s->points ? s->points : 25;
	st->opt_quests = s->quests ? s->quests : 5;
	st->opt_emp_inhab = s->emp_inhab ? s->emp_inhab : 25;
	st->opt_emp_silver = s->emp_silver;
	st->opt_emp_gold = s->emp_gold;
	if (s->second_village)
		st->flags |= TG_SF_SECOND_VILLAGE;
	if (s->shield_holder)
		st->flags |= TG_SF_SHIELD_HOLDER;
	if (s->chance != NULL && (s->chance->flags & RULES_CHANCE_FAIR))
		st->flags |= TG_SF_PUBLIC_DRAWS;
	if (s->sealed != NULL && (st->flags & TG_SF_PUBLIC_DRAWS)) {
		st->sealed = s->sealed;		/* R13 */
		st->flags |= TG_SF_SEALED;
	}
	st->winner = TG_NONE;
	st->explorer = st->adventurer = TG_NONE;
	for (int i = 0; i < 3; i++)
		st->bank[i] = TG_BANK;
	memset(st->who, 0xff, sizeof st->who);
	memset(st->rwho, TG_NOBODY, sizeof st->rwho);
	st->pending.from = TG_NONE;
	st->bonus_by = 0xffff;
	for (int i = 0; i < d->nspots; i++)
		st->land_spots[d->spots[i].land]++;
	for (int i = 0; i < s->nseats; i++)
		st->p[s->color[i]].flags = TG_PF_PLAYING;
	return 0;
}

struct init_call {
	struct tg_state *st;
	const struct tg_data *d;
	const struct tg_setup *s;
	struct rules_note *note;
	struct rules_error *err;
};

static int init_body(void *ctx);

int
tg_init(struct tg_state *st, const struct tg_data *d,
    const struct tg_setup *s, struct rules_note *note,
    struct rules_error *err)
{
	struct init_call c = { st, d, s, note, err };

	return tg_rng_guard(st, s->chance, note, err, init_body, &c);
}

static int
init_body(void *ctx)
{
	const struct init_call *call = ctx;
	struct tg_state *st = call->st;
	const struct tg_data *d = call->d;
	const struct tg_setup *s = call->s;
	struct rules_note *note = call->note;
	uint8_t used[TG_VILLAGE_CARDS];
	int rc;

	if ((rc = tg_init_base(st, d, s, call->err)) != 0)
		return rc;
	/*
	 * R3.1, R3.5: capitals of the seated colors; decks (R3.2), made
	 * ready by tg_decks_ready: shuffled in open mode, drawn a card at
	 * a time with fair chance.
	 */
	memset(used, 0, sizeof used);
	for (int i = 0; i < s->nseats; i++)
		used[capital_card(d, s->color[i])] = 1;
	for (int i = 0; i < TG_VILLAGE_CARDS; i++)
		if (!used[i])
			st->vdeck[st->vcount++] = (uint8_t)i;
	for (int i = 0; i < TG_QUEST_CARDS; i++) {
		st->qdeck[i] = (uint8_t)i;
		st->quest[i] = TG_Q_DECK;
	}
	st->qcount = TG_QUEST_CARDS;
	for (int t = 0; t < TG_CARD_TYPES; t++)
		for (int k = 0; k < tg_cards[t].copies; k++)
			st->pdeck[st->pcount++] = (uint8_t)t;
	tg_decks_ready(st);

	for (int i = 0; i < s->nseats; i++) {
		int c = s->color[i], cap = d->capital[c];

		tg_settle_add(d, st, cap, c, capital_card(d, c), 1, 1, 0, 1);
		tg_fig_add(st, cap, c, 5, 1, 0);
	}
	if (st->flags & TG_SF_SECOND_VILLAGE) {
		st->phase = TG_PH_SETUP;
		st->pending.kind = TG_PD_SETUP_VILLAGE;
		st->pending.color = st->seat_color[0];
		return 0;
	}
	st->phase = TG_PH_ACTION;
	tg_round_start(d, st, note);
	return 0;
}

/* --- the board ---------------------------------------------------------- */

void
tg_set_who_fig(struct tg_state *st, int spot, int color)
{
	st->who[spot] = (uint8_t)((st->who[spot] & 0xf0) |
	    (color < 0 ? TG_NOBODY : color));
}

void
tg_fig_add(struct tg_state *st, int spot, int color, int knights,
    int scouts, int boats)
{
	struct tg_player *p = &st->p[color];

	if (knights + scouts + boats == 0)
		return;
	tg_set_who_fig(st, spot, color);
	st->kn[spot] = (uint8_t)(st->kn[spot] + knights);
	st->sc[spot] = (uint8_t)(st->sc[spot] + scouts);
	st->bt[spot] = (uint8_t)(st->bt[spot] + boats);
	p->units = (uint8_t)(p->units + knights);
	p->scouts = (uint8_t)(p->scouts + scouts);
	p->boats = (uint8_t)(p->boats + boats);
}

void
tg_set_inhab(struct tg_state *st, int spot, int n)
{
	int c = tg_owner(st, spot), old = tg_inhab(st, spot);

	st->stl[spot] = (uint8_t)((st->stl[spot] & ~7) | n);
	st->p[c].inhab = (uint8_t)(st->p[c].inhab + n - old);
	st->p[c].units = (uint8_t)(st->p[c].units + n - old);
}

static int
land_size(const struct tg_data *d, const struct tg_state *st, int land)
{
	(void)d;
	return st->land_spots[land];
}

void
tg_points_update(const struct tg_data *d, struct tg_state *st, int c)
{
	struct tg_player *p = &st->p[c];
	int pts;

	pts = (p->flags & TG_PF_PALACE ? 3 : 0) + p->nsettle + p->ncity +
	    p->quest_points + p->card_points +
	    (p->flags & TG_PF_EXPLORER ? 2 : 0) +
	    (p->flags & TG_PF_ADVENTURER ? 2 : 0);
	for (int l = 0; l < TG_LANDS; l++)
		if (p->land[l] > 0 && p->land[l] == land_size(d, st, l))
			pts += 8;
	p->points = (uint8_t)pts;
}

void
tg_settle_add(const struct tg_data *d, struct tg_state *st, int spot,
    int color, int card, int chip, int inhab, int city, int palace)
{
	struct tg_player *p = &st->p[color];

	st->who[spot] = (uint8_t)((st->who[spot] & 0x0f) | color << 4);
	st->stl[spot] = (uint8_t)(inhab | city << 3 | chip << 4);
	st->card[spot] = (uint8_t)(card | palace << 6);
	p->nsettle++;
	p->ncity = (uint8_t)(p->ncity + city);
	p->inhab = (uint8_t)(p->inhab + inhab);
	p->units = (uint8_t)(p->units + inhab);
	p->land[d->spots[spot].land]++;
	p->chips |= (uint16_t)(1u << (chip - 1));
	if (palace)
		p->flags |= TG_PF_PALACE;
	tg_points_update(d, st, color);
}

void
tg_settle_remove(const struct tg_data *d, struct tg_state *st, int spot,
    int to_deck)
{
	int c = tg_owner(st, spot);
	struct tg_player *p = &st->p[c];
	int inhab = tg_inhab(st, spot);

	p->nsettle--;
	p->ncity = (uint8_t)(p->ncity - tg_is_city(st, spot));
	p->inhab = (uint8_t)(p->inhab - inhab);
	p->units = (uint8_t)(p->units - inhab);
	p->land[d->spots[spot].land]--;
	p->chips &= (uint16_t)~(1u << (tg_chip(st, spot) - 1));
	if (tg_has_palace(st, spot))
		p->flags &= (uint8_t)~TG_PF_PALACE;
	if (to_deck)
		tg_vdeck_bottom(st, tg_vcard(st, spot));
	st->who[spot] |= 0xf0;
	st->stl[spot] = 0;
	st->card[spot] = 0;
	tg_points_update(d, st, c);
}

int
tg_chip_free(const struct tg_state *st, int color)
{
	for (int i = 0; i < TG_CHIPS; i++)
		if (!(st->p[color].chips & (1u << i)))
			return i + 1;
	return 0;
}

void
tg_vdeck_bottom(struct tg_state *st, int card)
{
	st->vdeck[(st->vhead + st->vcount) % TG_VILLAGE_CARDS] = (uint8_t)card;
	st->vcount++;
}

int
tg_vdeck_draw(struct tg_state *st)
{
	int card;

	if (st->vcount == 0)
		return -1;
	if ((st->flags & TG_SF_PUBLIC_DRAWS) && st->vunseen > 0) {
		int j = tg_draw_index(st, st->vunseen);
		uint8_t *top = &st->vdeck[st->vhead];
		uint8_t *pick = &st->vdeck[(st->vhead + j) % TG_VILLAGE_CARDS];
		uint8_t t = *top;

		*top = *pick;
		*pick = t;
		st->vunseen--;
	}
	card = st->vdeck[st->vhead];
	st->vhead = (uint8_t)((st->vhead + 1) % TG_VILLAGE_CARDS);
	st->vcount--;
	return card;
}

static int
min3(int a, int b, int c)
{
	int m = a < b ? a : b;
	return m < c ? m : c;
}

/* Own harbor settlement with the lowest chip (R12.4), or -1. */
static int
harbor_settlement(const struct tg_data *d, const struct tg_state *st, int c)
{
	int best = -1;

	for (int i = 0; i < d->nspots; i++)
		if (tg_owner(st, i) == c && d->spots[i].seas &&
		    (best < 0 || tg_chip(st, i) < tg_chip(st, best)))
			best = i;
	return best;
}

/* R5.1: the one-time bonus of a new city, supply and bank permitting. */
static void
city_bonus(const struct tg_data *d, struct tg_state *st, int spot,
    char *line, size_t linesz)
{
	int c = tg_owner(st, spot);
	struct tg_player *p = &st->p[c];
	const struct tg_bonus *b = &d->villages[tg_vcard(st, spot)].bonus;
	int kn, sc, bt, coin[3], pc = 0, qc = 0, at = spot, neg = -1;
	size_t len;

	kn = min3(b->knights, TG_UNITS - p->units, 255);
	sc = min3(b->scouts, TG_SCOUTS - p->scouts, 255);
	bt = min3(b->boats, TG_BOATS - p->boats, 255);
	tg_fig_add(st, spot, c, kn, sc, 0);
	if (bt > 0 && !d->spots[spot].seas)
		at = harbor_settlement(d, st, c);
	if (bt > 0 && at >= 0)
		tg_fig_add(st, at, c, 0, 0, bt);
	else
		bt = 0;
	coin[0] = b->copper < st->bank[0] ? b->copper : st->bank[0];
	coin[1] = b->silver < st->bank[1] ? b->silver : st->bank[1];
	coin[2] = b->gold < st->bank[2] ? b->gold : st->bank[2];
	for (int i = 0; i < 3; i++) {
		st->bank[i] = (uint8_t)(st->bank[i] - coin[i]);
		p->coin[i] = (uint8_t)(p->coin[i] + coin[i]);
	}
	for (int i = 0; i < b->playcards; i++) {
		int t = tg_draw_play(st, c);

		pc += t == TG_DRAW_SEALED;	/* R13.2 */
		/* A † card acts at once, by the defaults (R12.4). */
		if (t >= 0) {
			pc++;
			if (tg_cards[t].flags & TG_CF_NEGATIVE)
				neg = t;
			tg_card_drawn(d, st, c, t, 0, NULL);
		}
	}
	for (int i = 0; i < b->questcards; i++)
		qc += tg_quest_draw(st, c);
	if (line == NULL)
		return;
	len = (size_t)snprintf(line, linesz, "%s becomes a city at %s: bonus",
	    tg_color_name[c], d->spots[spot].name);
#define ADD(n, one, many) do { \
	if ((n) > 0 && len < linesz) \
		len += (size_t)snprintf(line + len, linesz - len, \
		    " %d %s", (n), (n) == 1 ? (one) : (many)); \
	} while (0)
	ADD(kn, "knight", "knights");
	ADD(sc, "scout", "scouts");
	ADD(bt, "boat", "boats");
	ADD(coin[0], "copper", "copper");
	ADD(coin[1], "silver", "silver");
	ADD(coin[2], "gold", "gold");
	ADD(pc, "play card", "play cards");
	ADD(qc, "quest card", "quest cards");
#undef ADD
	if (bt > 0 && at != spot && len < linesz)
		len += (size_t)snprintf(line + len, linesz - len,
		    " (boats at %s)", d->spots[at].name);
	if (neg >= 0 && len < linesz)
		len += (size_t)snprintf(line + len, linesz - len,
		    " (a negative card acts at once by the defaults: %s)",
		    tg_cards[neg].slug);
	if (kn + sc + bt + coin[0] + coin[1] + coin[2] + pc + qc == 0 &&
	    len < linesz)
		snprintf(line + len, linesz - len, " nothing left to give");
}

/*
 * Add up to n inhabitants at a settlement (cap 5, supply permitting);
 * a village reaching 5 becomes a city with its bonus (R4.4, R5.1).
 * Returns the number added.
 */
static int
add_inhabitants(const struct tg_data *d, struct tg_state *st, int spot,
    int n, char *line, size_t linesz, struct rules_note *note)
{
	int c = tg_owner(st, spot), have = tg_inhab(st, spot);

	n = min3(n, TG_CITY_SIZE - have, TG_UNITS - st->p[c].units);
	if (n <= 0)
		return 0;
	tg_set_inhab(st, spot, have + n);
	if (have + n == TG_CITY_SIZE && !tg_is_city(st, spot)) {
		st->stl[spot] |= 8;
		st->p[c].ncity++;
		tg_points_update(d, st, c);
		/*
		 * The city stands before its bonus is given: a quest card
		 * of the bonus is drawn after the event and never counts
		 * it (R10.1, R10.5).
		 */
		tg_quest_event(d, st, c, TG_QK_MAKE_CITY, 0, note);
		city_bonus(d, st, spot, line, linesz);
	}
	return n;
}

int
tg_add_inhabitants(const struct tg_data *d, struct tg_state *st, int spot,
    int n, struct rules_note *note)
{
	char line[256];

	line[0] = '\0';
	n = add_inhabitants(d, st, spot, n, note ? line : NULL, sizeof line,
	    note);
	if (line[0] != '\0')
		tg_note(note, "%s", line);
	return n;
}

/* R9.1: found a village at spot for color (chip and card checked). */
int
tg_found_village(const struct tg_data *d, struct tg_state *st, int spot,
    int color, struct rules_note *note)
{
	int chip = tg_chip_free(st, color), card = tg_vdeck_draw(st);

	tg_settle_add(d, st, spot, color, card, chip, 0, 0, 0);
	/* The inhabitant comes from the supply (R9.1). */
	if (st->p[color].units < TG_UNITS)
		tg_set_inhab(st, spot, 1);
	tg_note(note, "%s founds village %d at %s: %s", tg_color_name[color],
	    chip, d->spots[spot].name, d->villages[card].id);
	return 0;
}

/* --- rounds (R4) -------------------------------------------------------- */

/* Spots of c's settlements by chip number (index chip-1), -1 if none. */
static void
settlements_by_chip(const struct tg_data *d, const struct tg_state *st, int c,
    int out[TG_CHIPS])
{
	for (int i = 0; i < TG_CHIPS; i++)
		out[i] = -1;
	for (int i = 0; i < d->nspots; i++)
		if (tg_owner(st, i) == c)
			out[tg_chip(st, i) - 1] = i;
}

static void
taxes(const struct tg_data *d, struct tg_state *st, int c,
    struct rules_note *note)
{
	int due[3] = { 0, 0, 0 }, got[3];

	for (int i = 0; i < d->nspots; i++) {
		const struct tg_village_card *v;
		const struct tg_yield *y;

		if (tg_owner(st, i) != c)
			continue;
		v = &d->villages[tg_vcard(st, i)];
		y = tg_is_city(st, i) ? &v->city : &v->village;
		due[0] += y->copper;
		due[1] += y->silver;
		due[2] += y->gold;
	}
	for (int k = 0; k < 3; k++) {
		got[k] = due[k] < st->bank[k] ? due[k] : st->bank[k];
		st->bank[k] = (uint8_t)(st->bank[k] - got[k]);
		st->p[c].coin[k] = (uint8_t)(st->p[c].coin[k] + got[k]);
	}
	if (note == NULL)
		return;
	if (got[0] == due[0] && got[1] == due[1] && got[2] == due[2])
		tg_note(note, "taxes %s: %d copper %d silver %d gold",
		    tg_color_name[c], got[0], got[1], got[2]);
	else
		tg_note(note,
		    "taxes %s: %d copper %d silver %d gold (the bank is short: %d copper %d silver %d gold unpaid)",
		    tg_color_name[c], got[0], got[1], got[2], due[0] - got[0],
		    due[1] - got[1], due[2] - got[2]);
}

static void
births(const struct tg_data *d, struct tg_state *st, int c,
    struct rules_note *note)
{
	int by[TG_CHIPS], ncity = 0;
	char line[256], city[TG_CHIPS][256];
	size_t len;

	settlements_by_chip(d, st, c, by);
	len = (size_t)snprintf(line, sizeof line, "births %s:",
	    tg_color_name[c]);
	for (int i = 0; i < TG_CHIPS; i++) {
		int s = by[i], n;

		/* A card drawn as a city bonus may have taken it (Winter). */
		if (s < 0 || tg_owner(st, s) != c)
			continue;
		city[ncity][0] = '\0';
		/* The bonus is given at once; its note follows the births. */
		n = add_inhabitants(d, st, s, tg_vc_births(d, st, s),
		    note ? city[ncity] : NULL, sizeof city[ncity], note);
		if (city[ncity][0] != '\0')
			ncity++;
		if (n > 0 && note != NULL && len < sizeof line)
			len += (size_t)snprintf(line + len, sizeof line - len,
			    " %s +%d", d->spots[s].name, n);
	}
	if (note == NULL)
		return;
	tg_note(note, "%s%s", line, line[len - 1] == ':' ? " none" : "");
	for (int i = 0; i < ncity; i++)
		tg_note(note, "%s", city[i]);
}

static void
bonus_knights(const struct tg_data *d, struct tg_state *st, int c,
    struct rules_note *note)
{
	struct tg_player *p = &st->p[c];

	for (int l = 0; l < TG_LANDS; l++) {
		int n;

		if (p->land[l] == 0 || p->land[l] != land_size(d, st, l))
			continue;
		n = TG_UNITS - p->units < 8 ? TG_UNITS - p->units : 8;
		p->units = (uint8_t)(p->units + n);
		p->reserve = (uint8_t)(p->reserve + n);
		tg_note(note, "bonus %s: %d reserve knights for holding %s",
		    tg_color_name[c], n, d->land_name[l]);
	}
}

/*
 * Fix this round's order (R4.6): first, or when first < 0 the player
 * with the fewest points, ties broken by dice among the tied (rerolled
 * while tied); then the others in seat order.
 */
void
tg_set_order(struct tg_state *st, int first, struct rules_note *note)
{
	int tied[TG_COLORS], ntied = 0, minpts = 1000;

	for (int i = 0; i < st->nseats && first < 0; i++) {
		int c = st->seat_color[i];

		if (tg_playing(st, c) && st->p[c].points < minpts)
			minpts = st->p[c].points;
	}
	for (int i = 0; i < st->nseats && first < 0; i++) {
		int c = st->seat_color[i];

		if (tg_playing(st, c) && st->p[c].points == minpts)
			tied[ntied++] = c;
	}
	if (first < 0 && ntied > 1) {
		struct tg_rng r;

		tg_rng_open(st, TG_EV_ORDER, "turn order", 0, &r);
		while (ntied > 1) {
			int roll[TG_COLORS], lo = 7, n = 0;
			char line[128];
			size_t len;

			len = (size_t)snprintf(line, sizeof line,
			    "turn-order roll:");
			for (int i = 0; i < ntied; i++) {
				roll[i] = tg_rng_die(st, &r);
				if (roll[i] < lo)
					lo = roll[i];
				len += (size_t)snprintf(line + len,
				    sizeof line - len, " %s %d",
				    tg_color_name[tied[i]], roll[i]);
			}
			tg_note(note, "%s", line);
			for (int i = 0; i < ntied; i++)
				if (roll[i] == lo)
					tied[n++] = tied[i];
			ntied = n;
		}
	}
	if (first < 0)
		first = tied[0];
	st->norder = 0;
	for (int k = 0; k < st->nseats; k++) {
		int c = st->seat_color[(st->color_seat[first] + k) %
		    st->nseats];

		if (tg_playing(st, c))
			st->order[st->norder++] = (uint8_t)c;
	}
	st->turn = 0;
	if (note != NULL) {
		char line[128];
		size_t len = (size_t)snprintf(line, sizeof line, "order:");

		for (int i = 0; i < st->norder; i++)
			len += (size_t)snprintf(line + len, sizeof line - len,
			    " %s", tg_color_name[st->order[i]]);
		tg_note(note, "%s", line);
	}
}

/* R4.8 (3): taxes, births, bonus knights, serving in R4.2 order. */
void
tg_collect(const struct tg_data *d, struct tg_state *st,
    struct rules_note *note)
{
	int serve[TG_COLORS], nserve = 0;

	/* R4.2: serve in ascending points, ties in this round's order. */
	for (int i = 0; i < st->norder; i++) {
		int c = st->order[i], j = nserve;

		while (j > 0 && st->p[serve[j - 1]].points > st->p[c].points) {
			serve[j] = serve[j - 1];
			j--;
		}
		serve[j] = c;
		nserve++;
	}
	for (int i = 0; i < nserve; i++)
		taxes(d, st, serve[i], note);
	for (int i = 0; i < nserve; i++) {
		births(d, st, serve[i], note);
		if (tg_check_win(d, st, serve[i], note))
			return;
	}
	for (int i = 0; i < nserve; i++)
		bonus_knights(d, st, serve[i], note);
}

void
tg_round_start(const struct tg_data *d, struct tg_state *st,
    struct rules_note *note)
{
	st->round++;
	tg_note(note, "round %d", st->round);
	tg_set_order(st, -1, note);
	tg_collect(d, st, note);
	if (st->phase != TG_PH_OVER)
		tg_note(note, "%s to act", tg_color_name[st->order[0]]);
}

/* Reset the per-turn marks of c's figures. */
static void
reset_marks(const struct tg_data *d, struct tg_state *st, int c)
{
	for (int i = 0; i < d->nspots; i++)
		if ((st->who[i] & 0x0f) == c) {
			st->kmoved[i] = st->kcarried[i] = st->kspent[i] = 0;
			st->sc[i] &= 3;
			st->bt[i] &= 7;
		}
	for (int r = 0; r < d->nrivers; r++)
		if ((st->rwho[r] & 0x0f) == c) {
			st->rkmoved[r] = 0;
			st->rsc[r] &= 3;
		}
}

void
tg_end_turn(const struct tg_data *d, struct tg_state *st,
    struct rules_note *note)
{
	if (st->phase == TG_PH_OVER)
		return;
	reset_marks(d, st, st->order[st->turn]);
	st->p[st->order[st->turn]].flags &=
	    (uint8_t)~(TG_PF_ONTDEKKER | TG_PF_OFFERED);
	do
		st->turn++;
	while (st->turn < st->norder && !tg_playing(st, st->order[st->turn]));
	if (st->turn >= st->norder)
		tg_round_start(d, st, note);
	else
		tg_note(note, "%s to act", tg_color_name[st->order[st->turn]]);
}

/* --- winning and leaving (R11) ----------------------------------------- */

void
tg_game_over(struct tg_state *st, int c, int how, struct rules_note *note)
{
	st->phase = TG_PH_OVER;
	st->winner = (uint8_t)c;
	st->how = (uint8_t)how;
	st->pending.kind = TG_PD_NONE;
	tg_note(note, "%s wins (%s)", tg_color_name[c], tg_how_name[how]);
}

int
tg_check_win(const struct tg_data *d, struct tg_state *st, int c,
    struct rules_note *note)
{
	(void)d;
	if (st->phase == TG_PH_OVER)
		return 1;
	if (!tg_playing(st, c))
		return 0;
	if ((st->opt_win & TG_WIN_POINTS) && st->p[c].points >= st->opt_points) {
		tg_game_over(st, c, TG_HOW_POINTS, note);
		return 1;
	}
	if ((st->opt_win & TG_WIN_QUESTS) &&
	    st->p[c].quests_done >= st->opt_quests) {
		tg_game_over(st, c, TG_HOW_QUESTS, note);
		return 1;
	}
	return 0;
}

static int
has_figures(const struct tg_data *d, const struct tg_state *st, int c)
{
	for (int i = 0; i < d->nspots; i++)
		if ((st->who[i] & 0x0f) == c)
			return 1;
	for (int r = 0; r < d->nrivers; r++)
		if ((st->rwho[r] & 0x0f) == c)
			return 1;
	return 0;
}

int
tg_check_out(const struct tg_data *d, struct tg_state *st, int c,
    struct rules_note *note)
{
	if (!tg_playing(st, c) || st->p[c].nsettle > 0 ||
	    has_figures(d, st, c))
		return 0;
	tg_leave(d, st, c, 0, note);
	return 1;
}

/*
 * After a step by color first: who is out, then who has won, the actor
 * first and then the others in seat order from it (R11.4).
 */
void
tg_check_all(const struct tg_data *d, struct tg_state *st, int first,
    struct rules_note *note)
{
	int base = st->color_seat[first];

	for (int k = 0; k < st->nseats && st->phase != TG_PH_OVER; k++)
		tg_check_out(d, st, st->seat_color[(base + k) % st->nseats],
		    note);
	for (int k = 0; k < st->nseats && st->phase != TG_PH_OVER; k++)
		tg_check_win(d, st, st->seat_color[(base + k) % st->nseats],
		    note);
}

void
tg_leave(const struct tg_data *d, struct tg_state *st, int c, int resigned,
    struct rules_note *note)
{
	struct tg_player *p = &st->p[c];
	int by[TG_CHIPS], left = -1, nleft = 0, was_active;

	was_active = st->phase == TG_PH_ACTION && st->order[st->turn] == c;
	tg_note(note, "%s %s", tg_color_name[c],
	    resigned ? "resigns" : "is out");
	settlements_by_chip(d, st, c, by);
	for (int i = 0; i < TG_CHIPS; i++)
		if (by[i] >= 0)
			tg_settle_remove(d, st, by[i], 1);
	for (int i = 0; i < d->nspots; i++)
		if ((st->who[i] & 0x0f) == c) {
			p->units = (uint8_t)(p->units - st->kn[i]);
			p->scouts = (uint8_t)(p->scouts - tg_scouts(st, i));
			p->boats = (uint8_t)(p->boats - tg_boats(st, i));
			st->kn[i] = st->kmoved[i] = st->kcarried[i] = 0;
			st->kspent[i] = st->sc[i] = st->bt[i] = 0;
			tg_set_who_fig(st, i, -1);
		}
	for (int r = 0; r < d->nrivers; r++)
		if ((st->rwho[r] & 0x0f) == c) {
			p->units = (uint8_t)(p->units - st->rkn[r]);
			p->scouts = (uint8_t)(p->scouts - (st->rsc[r] & 3));
			st->rkn[r] = st->rkmoved[r] = st->rsc[r] = 0;
			st->rwho[r] = TG_NOBODY;
		}
	p->units = (uint8_t)(p->units - p->reserve);
	p->reserve = 0;
	tg_sealed_show_all(st, c, note);	/* R13.6 */
	for (int k = 0; k < TG_HAND_BYTES; k++) {
		/* Nibble-wise add: no nibble exceeds a type's copies. */
		st->discard[k] = (uint8_t)(st->discard[k] + p->hand[k]);
		p->hand[k] = 0;
	}
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		if ((st->quest[q] & (TG_Q_HOLDER | TG_Q_DONE)) == c)
			st->quest[q] = TG_Q_GONE;
	for (int k = 0; k < 3; k++) {
		st->bank[k] = (uint8_t)(st->bank[k] + p->coin[k]);
		p->coin[k] = 0;
	}
	p->flags &= (uint8_t)~TG_PF_PLAYING;
	p->flags |= resigned ? TG_PF_RESIGNED : TG_PF_OUT;
	tg_points_update(d, st, c);
	if (st->pending.kind != TG_PD_NONE && st->pending.color == c &&
	    st->phase != TG_PH_SETUP)
		st->pending.kind = TG_PD_NONE;
	for (int k = 0; k < TG_COLORS; k++)
		if (tg_playing(st, k)) {
			left = k;
			nleft++;
		}
	if (nleft == 1) {
		tg_game_over(st, left, TG_HOW_LAST, note);
		return;
	}
	if (was_active)
		tg_end_turn(d, st, note);
}

/* --- queries ------------------------------------------------------------ */

int
tg_active_color(const struct tg_state *st)
{
	if (st->phase != TG_PH_ACTION)
		return -1;
	return st->order[st->turn];
}

int
tg_to_act(const struct tg_state *st)
{
	if (st->phase == TG_PH_OVER)
		return -1;
	if (st->pending.kind != TG_PD_NONE)
		return st->color_seat[st->pending.color];
	return st->color_seat[st->order[st->turn]];
}

void
tg_await(const struct tg_data *d, const struct tg_state *st,
    struct rules_await *out)
{
	(void)d;
	memset(out, 0, sizeof *out);
	out->winner = -1;
	if (st->phase == TG_PH_OVER) {
		out->over = 1;
		out->seat = -1;
		out->winner = st->color_seat[st->winner];
		snprintf(out->how, sizeof out->how, "%s", tg_how_name[st->how]);
		snprintf(out->text, sizeof out->text, "%s has won (%s)",
		    tg_color_name[st->winner], tg_how_name[st->how]);
		return;
	}
	out->seat = tg_to_act(st);
	if (out->seat >= 0)
		out->may_act = 1u << out->seat;
	/* R6.6: the offerer may withdraw while the offer is answered. */
	if (st->pending.kind == TG_PD_OFFER && st->pending.from != TG_NONE)
		out->may_act |= 1u << st->color_seat[st->pending.from];
	if (st->pending.kind == TG_PD_SETUP_VILLAGE)
		snprintf(out->text, sizeof out->text,
		    "%s must found a set-up village in %s",
		    tg_color_name[st->pending.color],
		    d->land_name[st->pending.color]);
	else if (st->pending.kind == TG_PD_CHOICE)
		snprintf(out->text, sizeof out->text,
		    "%s must choose for %s (%d left): choose %s ...",
		    tg_color_name[st->pending.color],
		    tg_cards[st->pending.arg[0]].slug, st->pending.arg[1],
		    tg_cards[st->pending.arg[0]].slug);
	else if (st->pending.kind == TG_PD_SPY)
		snprintf(out->text, sizeof out->text,
		    "%s must take a card from %s (take N)",
		    tg_color_name[st->pending.color],
		    tg_color_name[st->pending.arg[0]]);
	else if (st->pending.kind == TG_PD_OFFER)
		snprintf(out->text, sizeof out->text,
		    "%s must answer %s's offer (accept%s or decline; %s may withdraw)",
		    tg_color_name[st->pending.color],
		    tg_color_name[st->pending.from],
		    st->pending.arg[4] == 0xff ? " giving N" : "",
		    tg_color_name[st->pending.from]);
	else if (st->pending.kind == TG_PD_DEFEND)
		snprintf(out->text, sizeof out->text,
		    "%s is attacked by %s and must answer (defend, defend with CARD, flee to SPOT)",
		    tg_color_name[st->pending.color],
		    tg_color_name[st->pending.from]);
	else if (st->p[st->order[st->turn]].reserve > 0)
		snprintf(out->text, sizeof out->text,
		    "%s to act (round %d; %d reserve knights to place)",
		    tg_color_name[st->order[st->turn]], st->round,
		    st->p[st->order[st->turn]].reserve);
	else
		snprintf(out->text, sizeof out->text, "%s to act (round %d)",
		    tg_color_name[st->order[st->turn]], st->round);
}

int
tg_points_recount(const struct tg_data *d, const struct tg_state *st, int c)
{
	const struct tg_player *p = &st->p[c];
	int pts = 0, land[TG_LANDS] = { 0 }, size[TG_LANDS] = { 0 };

	for (int i = 0; i < d->nspots; i++) {
		size[d->spots[i].land]++;
		if (tg_owner(st, i) != c)
			continue;
		land[d->spots[i].land]++;
		pts += 1 + tg_is_city(st, i) + 3 * tg_has_palace(st, i);
	}
	for (int l = 0; l < TG_LANDS; l++)
		if (land[l] > 0 && land[l] == size[l])
			pts += 8;
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		if ((st->quest[q] & 0x0f) == (TG_Q_DONE | c))
			pts += d->quests[q].points;
	pts += p->card_points;
	pts += st->explorer == c ? 2 : 0;
	pts += st->adventurer == c ? 2 : 0;
	return pts;
}

/* --- direct edits for tests and scenarios -------------------------------- */

int
tg_put_figures(const struct tg_data *d, struct tg_state *st, int spot,
    int color, int knights, int scouts, int boats, struct rules_error *err)
{
	struct tg_player *p = &st->p[color];

	if (spot < 0 || spot >= d->nspots || color < 0 || color >= TG_COLORS)
		return tg_refuse(err, RULES_EDATA, "no such spot or color");
	if (tg_enemy_at(st, spot, color))
		return tg_refuse(err, RULES_EDATA,
		    "%s: another color is there", d->spots[spot].name);
	if (knights < 0 || scouts < 0 || boats < 0 ||
	    p->units + knights > TG_UNITS || p->scouts + scouts > TG_SCOUTS ||
	    p->boats + boats > TG_BOATS)
		return tg_refuse(err, RULES_EDATA,
		    "%s: %s's supply does not have those figures",
		    d->spots[spot].name, tg_color_name[color]);
	if (boats > 0 && !d->spots[spot].seas)
		return tg_refuse(err, RULES_EDATA, "%s is no harbor",
		    d->spots[spot].name);
	tg_fig_add(st, spot, color, knights, scouts, boats);
	return 0;
}

int
tg_put_settlement(const struct tg_data *d, struct tg_state *st, int spot,
    int color, int card, int inhabitants, int city, int palace,
    struct rules_error *err)
{
	int chip;

	if (spot < 0 || spot >= d->nspots || color < 0 || color >= TG_COLORS)
		return tg_refuse(err, RULES_EDATA, "no such spot or color");
	if (tg_owner(st, spot) >= 0 || tg_enemy_at(st, spot, color))
		return tg_refuse(err, RULES_EDATA, "%s is taken",
		    d->spots[spot].name);
	if ((chip = tg_chip_free(st, color)) == 0)
		return tg_refuse(err, RULES_EDATA, "%s has no chip left",
		    tg_color_name[color]);
	if (inhabitants < 0 || inhabitants > TG_CITY_SIZE ||
	    st->p[color].units + inhabitants > TG_UNITS)
		return tg_refuse(err, RULES_EDATA, "bad inhabitants");
	if (palace && (!d->spots[spot].capital || spot != d->capital[color] ||
	    (st->p[color].flags & TG_PF_PALACE)))
		return tg_refuse(err, RULES_EDATA,
		    "a palace stands only at its own capital");
	if (card < 0) {
		/* Take the first card of the deck that is free. */
		if (st->vcount == 0)
			return tg_refuse(err, RULES_EDATA,
			    "the village deck is empty");
		card = tg_vdeck_draw(st);
	} else {
		int found = -1;

		for (int k = 0; k < st->vcount; k++)
			if (st->vdeck[(st->vhead + k) % TG_VILLAGE_CARDS] ==
			    card)
				found = k;
		if (found < 0)
			return tg_refuse(err, RULES_EDATA,
			    "village card %d is not in the deck", card);
		if (found < st->vunseen)
			st->vunseen--;
		/* Take it out of the ring, keeping the others' order. */
		for (int k = found; k > 0; k--)
			st->vdeck[(st->vhead + k) % TG_VILLAGE_CARDS] =
			    st->vdeck[(st->vhead + k - 1) % TG_VILLAGE_CARDS];
		st->vhead = (uint8_t)((st->vhead + 1) % TG_VILLAGE_CARDS);
		st->vcount--;
	}
	tg_settle_add(d, st, spot, color, card, chip, inhabitants, city ? 1 : 0,
	    palace ? 1 : 0);
	return 0;
}

void
tg_clear_spot(const struct tg_data *d, struct tg_state *st, int spot)
{
	int c = tg_fig_color(st, spot);

	if (c >= 0) {
		struct tg_player *p = &st->p[c];

		p->units = (uint8_t)(p->units - st->kn[spot]);
		p->scouts = (uint8_t)(p->scouts - tg_scouts(st, spot));
		p->boats = (uint8_t)(p->boats - tg_boats(st, spot));
		st->kn[spot] = st->kmoved[spot] = st->kcarried[spot] = 0;
		st->kspent[spot] = st->sc[spot] = st->bt[spot] = 0;
		tg_set_who_fig(st, spot, -1);
	}
	if (tg_owner(st, spot) >= 0)
		tg_settle_remove(d, st, spot, 1);
}

void
tg_set_coins(struct tg_state *st, int color, int copper, int silver, int gold)
{
	int want[3] = { copper, silver, gold };

	for (int k = 0; k < 3; k++) {
		int delta = want[k] - st->p[color].coin[k];

		if (delta > st->bank[k])
			delta = st->bank[k];
		st->bank[k] = (uint8_t)(st->bank[k] - delta);
		st->p[color].coin[k] = (uint8_t)(st->p[color].coin[k] + delta);
	}
}

/* --- invariants --------------------------------------------------------- */

/* What tg_check counts on the board, a color at a time. */
struct tally {
	int units[TG_COLORS], scouts[TG_COLORS], boats[TG_COLORS];
	int nset[TG_COLORS], inhab[TG_COLORS], ncity[TG_COLORS];
	uint16_t chips[TG_COLORS];
	int vseen[TG_VILLAGE_CARDS];
};

/* Every coin is in the bank or with a player. */
static int
check_coins(const struct tg_state *st, struct rules_error *err)
{
	for (int k = 0; k < 3; k++) {
		int coins = st->bank[k];

		for (int c = 0; c < TG_COLORS; c++)
			coins += st->p[c].coin[k];
		if (coins != TG_BANK)
			return tg_refuse(err, -1, "%s not conserved: %d",
			    tg_coin_name[k], coins);
	}
	return 0;
}

/* A settlement at spot i of color o: its chip, card and palace. */
static int
check_settlement(const struct tg_data *d, const struct tg_state *st,
    int i, int o, struct tally *t, struct rules_error *err)
{
	int chip = tg_chip(st, i);

	if (chip < 1 || chip > TG_CHIPS ||
	    (t->chips[o] & (1u << (chip - 1))))
		return tg_refuse(err, -1, "bad chip at %s", d->spots[i].name);
	t->chips[o] |= (uint16_t)(1u << (chip - 1));
	t->units[o] += tg_inhab(st, i);
	t->inhab[o] += tg_inhab(st, i);
	t->nset[o]++;
	t->ncity[o] += tg_is_city(st, i);
	if (t->vseen[tg_vcard(st, i)]++)
		return tg_refuse(err, -1, "card twice at %s", d->spots[i].name);
	if (tg_has_palace(st, i) && (d->capital[o] != i))
		return tg_refuse(err, -1, "stray palace at %s",
		    d->spots[i].name);
	return 0;
}

/* Spot i: one color, figures and their marks, boats at sea. */
static int
check_spot(const struct tg_data *d, const struct tg_state *st, int i,
    int active, struct tally *t, struct rules_error *err)
{
	int f = tg_fig_color(st, i), o = tg_owner(st, i);
	int figs = st->kn[i] + tg_scouts(st, i) + tg_boats(st, i);

	if (f >= 0 && o >= 0 && f != o)
		return tg_refuse(err, -1, "two colors at %s", d->spots[i].name);
	if ((f >= 0) != (figs > 0))
		return tg_refuse(err, -1, "figure color wrong at %s",
		    d->spots[i].name);
	if (st->kmoved[i] + st->kcarried[i] + st->kspent[i] >
	    st->kn[i] || tg_sc_moved(st->sc[i]) +
	    tg_sc_carried(st->sc[i]) + tg_sc_spent(st->sc[i]) >
	    tg_scouts(st, i) || ((st->bt[i] >> 4) & 7) >
	    tg_boats(st, i))
		return tg_refuse(err, -1, "marks wrong at %s",
		    d->spots[i].name);
	if (f >= 0 && f != active && (st->kmoved[i] ||
	    st->kcarried[i] || st->kspent[i] || st->sc[i] > 3 ||
	    st->bt[i] > 7))
		return tg_refuse(err, -1,
		    "inactive color marked at %s", d->spots[i].name);
	if (tg_boats(st, i) > 0 && !d->spots[i].seas)
		return tg_refuse(err, -1, "boat inland at %s",
		    d->spots[i].name);
	if (f >= 0) {
		t->units[f] += st->kn[i];
		t->scouts[f] += tg_scouts(st, i);
		t->boats[f] += tg_boats(st, i);
	}
	if (o >= 0)
		return check_settlement(d, st, i, o, t, err);
	if (st->stl[i] || st->card[i])
		return tg_refuse(err, -1, "settlement residue at %s",
		    d->spots[i].name);
	return 0;
}

/* The figures on the river paths. */
static int
check_rivers(const struct tg_data *d, const struct tg_state *st,
    struct tally *t, struct rules_error *err)
{
	for (int r = 0; r < d->nrivers; r++) {
		int f = tg_river_color(st, r);

		if ((f >= 0) != (st->rkn[r] + (st->rsc[r] & 3) > 0))
			return tg_refuse(err, -1, "river %d color wrong", r);
		if (f >= 0) {
			t->units[f] += st->rkn[r];
			t->scouts[f] += st->rsc[r] & 3;
		}
	}
	return 0;
}

/* Every village card once: on the board or in the deck (a missing
 * color's capital card may be out of the game). */
static int
check_village_cards(const struct tg_data *d, const struct tg_state *st,
    struct tally *t, struct rules_error *err)
{
	for (int k = 0; k < st->vcount; k++)
		if (t->vseen[st->vdeck[(st->vhead + k) % TG_VILLAGE_CARDS]]++)
			return tg_refuse(err, -1, "village card twice");
	if ((st->flags & TG_SF_PUBLIC_DRAWS) && st->vunseen > st->vcount)
		return tg_refuse(err, -1, "more unseen village cards than cards");
	for (int k = 0; k < TG_VILLAGE_CARDS; k++) {
		int c = d->villages[k].capital_of;

		if (t->vseen[k] != 1 && !(t->vseen[k] == 0 && c < TG_COLORS &&
		    !tg_playing(st, c) && st->color_seat[c] != TG_NONE))
			return tg_refuse(err, -1, "village card %s seen %d times",
			    d->villages[k].id, t->vseen[k]);
	}
	return 0;
}

/* Every quest in the deck once, or held, done or gone. */
static int
check_quest_cards(const struct tg_state *st, struct rules_error *err)
{
	int qin[TG_QUEST_CARDS] = { 0 };

	for (int k = 0; k < st->qcount; k++)
		if (st->qdeck[k] >= TG_QUEST_CARDS ||
		    qin[st->qdeck[k]]++)
			return tg_refuse(err, -1, "quest deck wrong");
	for (int q = 0; q < TG_QUEST_CARDS; q++) {
		int h = st->quest[q] & TG_Q_HOLDER;

		if ((h == TG_Q_DECK) != (qin[q] == 1) ||
		    (h < TG_COLORS && st->color_seat[h] == TG_NONE) ||
		    (h >= TG_COLORS && h != TG_Q_DECK && h != TG_Q_GONE))
			return tg_refuse(err, -1, "quest %d misplaced", q);
	}
	return 0;
}

/* Every play card is somewhere: deck, discards, hands, played. */
static int
check_play_cards(const struct tg_state *st, struct rules_error *err)
{
	int pcards[TG_CARD_TYPES] = { 0 };

	for (int k = 0; k < st->pcount; k++)
		pcards[st->pdeck[k]]++;
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		pcards[t] += (st->discard[t / 2] >> (4 * (t & 1))) & 0x0f;
		for (int c = 0; c < TG_COLORS; c++)
			pcards[t] += tg_hand_count(st, c, t);
		for (int b = 0; b < 4; b++) {
			static const uint8_t bonus[4] = {
				TG_CARD_KERKER, TG_CARD_RAADHUIS,
				TG_CARD_TENTOONSTELLING, TG_CARD_SLOT
			};

			if (bonus[b] == t &&
			    ((st->bonus_by >> (4 * b)) & 0xf) != 0xf)
				pcards[t]++;
		}
		/* Sealed cards: tg_sealed_check (R13). */
		if (pcards[t] != tg_cards[t].copies &&
		    !((st->flags & TG_SF_SEALED) && tg_sealed_type(t)))
			return tg_refuse(err, -1, "play card %s: %d copies",
			    tg_cards[t].slug, pcards[t]);
	}
	return tg_sealed_check(st, pcards, err);
}

/* Each player's counters agree with what the board holds. */
static int
check_counters(const struct tg_data *d, const struct tg_state *st,
    struct tally *t, struct rules_error *err)
{
	for (int c = 0; c < TG_COLORS; c++) {
		const struct tg_player *p = &st->p[c];

		t->units[c] += p->reserve;
		if (t->units[c] != p->units || t->units[c] > TG_UNITS)
			return tg_refuse(err, -1, "%s units %d, counter %d",
			    tg_color_name[c], t->units[c], p->units);
		if (t->scouts[c] != p->scouts || t->scouts[c] > TG_SCOUTS ||
		    t->boats[c] != p->boats || t->boats[c] > TG_BOATS)
			return tg_refuse(err, -1, "%s pieces wrong",
			    tg_color_name[c]);
		if (t->chips[c] != p->chips || t->nset[c] != p->nsettle ||
		    t->ncity[c] != p->ncity || t->inhab[c] != p->inhab)
			return tg_refuse(err, -1, "%s settlements wrong",
			    tg_color_name[c]);
		if (p->points != tg_points_recount(d, st, c))
			return tg_refuse(err, -1, "%s points %d, recount %d",
			    tg_color_name[c], p->points,
			    tg_points_recount(d, st, c));
	}
	return 0;
}

int
tg_check(const struct tg_data *d, const struct tg_state *st,
    struct rules_error *err)
{
	struct tally t;
	int active = st->phase == TG_PH_SETUP ? -1 : st->order[st->turn];
	int rc;

	memset(&t, 0, sizeof t);
	if ((rc = check_coins(st, err)) != 0)
		return rc;
	for (int i = 0; i < d->nspots; i++)
		if ((rc = check_spot(d, st, i, active, &t, err)) != 0)
			return rc;
	if ((rc = check_rivers(d, st, &t, err)) != 0 ||
	    (rc = check_village_cards(d, st, &t, err)) != 0 ||
	    (rc = check_quest_cards(st, err)) != 0 ||
	    (rc = check_play_cards(st, err)) != 0)
		return rc;
	return check_counters(d, st, &t, err);
}
