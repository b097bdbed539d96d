/*
 * scenario.c -- read a scenario (scenario.h) into a struct tg_scenario
 * and check it against the design data, the card table and the
 * supplies of R1.2.  Applying it to a game is the engine's business.
 *
 * Two passes, as in data.c: the INI handler records what each key says
 * and checks each value on its own; then the whole is checked (supply
 * limits, cards used once) and the defaults that depend on the whole
 * (chips, capital cards) are filled in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "inifile.h"
#include "num.h"
#include "utf8.h"

#define MAX_ROUND 9999
#define WORD_MAX 40
#define SUPPLY_UNITS 60		/* R1.2 */
#define SUPPLY_CHIPS 10
#define SUPPLY_SCOUTS 3
#define SUPPLY_BOATS 5
#define BANK_COINS 30

static const char *const color_ids[TG_COLORS] = {
	"green", "purple", "yellow", "white"
};
static const char *const coin_ids[3] = { "copper", "silver", "gold" };

enum sect { S_NONE, S_GAME, S_SPOT, S_PATH, S_PLAYER };

struct sc_parser {
	struct inifile ini;
	const struct tg_data *d;
	struct tg_scenario *sc;
	enum sect sect;
	int cur;		/* spot, river or color index */
	unsigned keys;		/* keys seen in this section, by bit */
	int game_line;
	int spot_line[TG_MAX_SPOTS];
	uint8_t chip_set[TG_MAX_SPOTS];
	uint8_t card_set[TG_MAX_SPOTS];
	uint8_t inhab_set[TG_MAX_SPOTS];
	int river_line[TG_MAX_PATHS];
	int player_line[TG_COLORS];
};

#define fail(p, ...) inifile_fail(&(p)->ini, __VA_ARGS__)

static int
once(struct sc_parser *p, const char *key, const char *const *keys, int n)
{
	int i = inifile_find(keys, n, key);

	if (i < 0)
		return -1;
	if (p->keys & (1u << i)) {
		fail(p, p->ini.lineno, "'%s' given twice", key);
		return -2;
	}
	p->keys |= 1u << i;
	return i;
}

static int
yes_no(struct sc_parser *p, const char *key, const char *v, uint8_t *out)
{
	if (strcmp(v, "yes") == 0)
		*out = 1;
	else if (strcmp(v, "no") == 0)
		*out = 0;
	else
		return fail(p, p->ini.lineno, "'%s' must be yes or no", key);
	return 1;
}

static int
number(struct sc_parser *p, const char *key, const char *v, int max,
    int *out)
{
	int r = num_uint(v, 0, max, 0, out);

	if (r == -1)
		return fail(p, p->ini.lineno, "'%s' must be a number", key);
	if (r == -2)
		return fail(p, p->ini.lineno, "'%s' out of range (0-%d)", key,
		    max);
	return 1;
}

static int
color_of(struct sc_parser *p, const char *v, uint8_t *out)
{
	int c = inifile_find(color_ids, TG_COLORS, v);

	if (c < 0)
		return fail(p, p->ini.lineno,
		    "unknown color '%s' (green, purple, yellow or white)", v);
	*out = (uint8_t)c;
	p->sc->colors |= (uint8_t)(1u << c);
	return 1;
}

/* ------------------------------------------------------------------ */

static int
begin_section(struct sc_parser *p, const char *sec)
{
	char kind[16], a[WORD_MAX], b[WORD_MAX], extra[8];
	const char *s = sec;
	int line = p->ini.sect_line;
	const struct tg_data *d = p->d;

	p->keys = 0;
	p->sect = S_NONE;
	if (!inifile_word(&s, kind, sizeof kind, 0))
		return fail(p, line, "empty section name");
	if (!inifile_word(&s, a, sizeof a, 0))
		a[0] = '\0';
	if (!inifile_word(&s, b, sizeof b, 0))
		b[0] = '\0';
	if (inifile_word(&s, extra, sizeof extra, 0))
		return fail(p, line, "section [%s] has too many words", sec);

	if (strcmp(kind, "game") == 0) {
		if (a[0] != '\0')
			return fail(p, line, "[game] takes no name");
		if (p->game_line)
			return fail(p, line, "[game] given twice (first at line %d)", p->game_line);
		p->game_line = line;
		p->sect = S_GAME;
		return 1;
	}
	if (strcmp(kind, "spot") == 0) {
		int i;

		if (a[0] == '\0' || b[0] != '\0')
			return fail(p, line, "expected [spot NAME]");
		i = tg_spot_find(d, a, strlen(a));
		if (i < 0)
			return fail(p, line, "unknown spot '%s'", a);
		if (p->spot_line[i])
			return fail(p, line, "spot '%s' given twice (first at line %d)", a, p->spot_line[i]);
		p->spot_line[i] = line;
		p->cur = i;
		p->sect = S_SPOT;
		return 1;
	}
	if (strcmp(kind, "path") == 0) {
		int x, y, k;

		if (a[0] == '\0' || b[0] == '\0')
			return fail(p, line, "expected [path SPOT SPOT]");
		x = tg_spot_find(d, a, strlen(a));
		if (x < 0)
			return fail(p, line, "unknown spot '%s'", a);
		y = tg_spot_find(d, b, strlen(b));
		if (y < 0)
			return fail(p, line, "unknown spot '%s'", b);
		k = tg_path_between(d, x, y);
		if (k < 0)
			return fail(p, line, "no path between '%s' and '%s'", a, b);
		if (!d->paths[k].river)
			return fail(p, line, "'%s' - '%s' is no river crossing: figures stand only on river paths", a, b);
		k = d->paths[k].river_index;
		if (p->river_line[k])
			return fail(p, line, "path '%s' - '%s' given twice (first at line %d)", a, b, p->river_line[k]);
		p->river_line[k] = line;
		p->cur = k;
		p->sect = S_PATH;
		return 1;
	}
	if (strcmp(kind, "player") == 0) {
		int c;

		if (a[0] == '\0' || b[0] != '\0')
			return fail(p, line, "expected [player COLOR]");
		c = inifile_find(color_ids, TG_COLORS, a);
		if (c < 0)
			return fail(p, line, "unknown color '%s' (green, purple, yellow or white)", a);
		if (p->player_line[c])
			return fail(p, line, "player '%s' given twice (first at line %d)", a, p->player_line[c]);
		p->player_line[c] = line;
		p->sc->colors |= (uint8_t)(1u << c);
		p->cur = c;
		p->sect = S_PLAYER;
		return 1;
	}
	return fail(p, line, "unknown section [%s]", sec);
}

static int
game_key(struct sc_parser *p, const char *name, const char *v)
{
	static const char *const keys[] = { "round", "first", "collect" };
	int k = once(p, name, keys, 3), n;

	if (k == -2)
		return 0;
	switch (k) {
	case 0:
		if (!number(p, name, v, MAX_ROUND, &n))
			return 0;
		if (n < 1)
			return fail(p, p->ini.lineno, "'round' must be at least 1");
		p->sc->round = (uint16_t)n;
		return 1;
	case 1:
		return color_of(p, v, &p->sc->first);
	case 2:
		return yes_no(p, name, v, &p->sc->collect);
	}
	return fail(p, p->ini.lineno, "unknown key '%s' in [game]", name);
}

static int
spot_key(struct sc_parser *p, const char *name, const char *v)
{
	static const char *const keys[] = {
		"color", "settlement", "inhabitants", "palace", "chip", "card",
		"knights", "scouts", "boats"
	};
	struct tg_sc_spot *s = &p->sc->spot[p->cur];
	int k = once(p, name, keys, 9), n;

	if (k == -2)
		return 0;
	switch (k) {
	case 0:
		return color_of(p, v, &s->color);
	case 1:
		if (strcmp(v, "village") == 0)
			s->settlement = TG_SC_VILLAGE;
		else if (strcmp(v, "city") == 0)
			s->settlement = TG_SC_CITY;
		else
			return fail(p, p->ini.lineno, "'settlement' must be village or city");
		return 1;
	case 2:
		if (!number(p, name, v, 5, &n))
			return 0;
		s->inhabitants = (uint8_t)n;
		p->inhab_set[p->cur] = 1;
		return 1;
	case 3:
		return yes_no(p, name, v, &s->palace);
	case 4:
		if (!number(p, name, v, SUPPLY_CHIPS, &n))
			return 0;
		if (n < 1)
			return fail(p, p->ini.lineno, "'chip' must be 1-10");
		s->chip = (uint8_t)n;
		p->chip_set[p->cur] = 1;
		return 1;
	case 5:
		for (int i = 0; i < TG_VILLAGE_CARDS; i++)
			if (strcmp(p->d->villages[i].id, v) == 0) {
				s->card = (uint8_t)i;
				p->card_set[p->cur] = 1;
				return 1;
			}
		return fail(p, p->ini.lineno, "unknown village card '%s'", v);
	case 6:
	case 7:
	case 8:
		if (!number(p, name, v, SUPPLY_UNITS, &n))
			return 0;
		if (k == 6)
			s->knights = (uint8_t)n;
		else if (k == 7)
			s->scouts = (uint8_t)n;
		else
			s->boats = (uint8_t)n;
		return 1;
	}
	return fail(p, p->ini.lineno, "unknown key '%s' in [spot %s]", name,
	    p->d->spots[p->cur].name);
}

static int
path_key(struct sc_parser *p, const char *name, const char *v)
{
	static const char *const keys[] = {
		"color", "knights", "scouts", "toward"
	};
	struct tg_sc_river *r = &p->sc->river[p->cur];
	int k = once(p, name, keys, 4), n;

	if (k == -2)
		return 0;
	switch (k) {
	case 0:
		return color_of(p, v, &r->color);
	case 1:
	case 2:
		if (!number(p, name, v, SUPPLY_UNITS, &n))
			return 0;
		if (k == 1)
			r->knights = (uint8_t)n;
		else
			r->scouts = (uint8_t)n;
		return 1;
	case 3: {
		int s = tg_spot_find(p->d, v, strlen(v));

		if (s < 0)
			return fail(p, p->ini.lineno, "unknown spot '%s'", v);
		r->toward = (uint8_t)s;
		return 1;
	}
	}
	return fail(p, p->ini.lineno, "unknown key '%s' in [path]", name);
}

/* A list of play-card slugs into per-type counts. */
static int
card_list(struct sc_parser *p, const char *key, const char *v,
    uint8_t *count, int bonus_only)
{
	char w[WORD_MAX];

	while (inifile_word(&v, w, sizeof w, 1)) {
		int t = tg_card_find(w, strlen(w));

		if (t < 0)
			return fail(p, p->ini.lineno, "unknown play card '%s'", w);
		if (!bonus_only && (tg_cards[t].flags & TG_CF_NEGATIVE))
			return fail(p, p->ini.lineno, "'%s' is a negative card: it is played when drawn, never held (R10.2)", w);
		if (bonus_only && !(tg_cards[t].flags & TG_CF_BONUS))
			return fail(p, p->ini.lineno, "'%s' is no bonus-point card", w);
		if (count[t] >= tg_cards[t].copies)
			return fail(p, p->ini.lineno, "'%s': more than the %d %s of R10.3", key, tg_cards[t].copies, tg_cards[t].copies == 1 ? "copy" : "copies");
		count[t]++;
	}
	return 1;
}

/* A list of quest slugs given to color c (done: completed). */
static int
quest_list(struct sc_parser *p, const char *v, int c, int done)
{
	char w[WORD_MAX];

	while (inifile_word(&v, w, sizeof w, 1)) {
		int q;

		for (q = 0; q < TG_QUEST_CARDS; q++)
			if (strcmp(p->d->quests[q].id, w) == 0)
				break;
		if (q == TG_QUEST_CARDS)
			return fail(p, p->ini.lineno, "unknown quest '%s'", w);
		if (p->sc->quest[q] != TG_SC_NONE)
			return fail(p, p->ini.lineno, "quest '%s' is held twice", w);
		p->sc->quest[q] = (uint8_t)c;
		p->sc->quest_done[q] = (uint8_t)done;
	}
	return 1;
}

static int
player_key(struct sc_parser *p, const char *name, const char *v)
{
	static const char *const keys[] = {
		"copper", "silver", "gold", "cards", "played", "quests",
		"completed", "reserve", "founded", "explorer", "adventurer"
	};
	struct tg_sc_player *pl = &p->sc->p[p->cur];
	int k = once(p, name, keys, 11), n;

	if (k == -2)
		return 0;
	switch (k) {
	case 0:
	case 1:
	case 2:
		if (!number(p, name, v, BANK_COINS, &n))
			return 0;
		pl->coin[k] = (uint8_t)n;
		return 1;
	case 3:
		return card_list(p, name, v, pl->hand, 0);
	case 4:
		return card_list(p, name, v, pl->played, 1);
	case 5:
	case 6:
		return quest_list(p, v, p->cur, k == 6);
	case 7:
		if (!number(p, name, v, SUPPLY_UNITS, &n))
			return 0;
		pl->reserve = (uint8_t)n;
		return 1;
	case 8:
		if (!number(p, name, v, 255, &n))
			return 0;
		pl->founded = (uint8_t)n;
		return 1;
	case 9:
		return yes_no(p, name, v, &pl->explorer);
	case 10:
		return yes_no(p, name, v, &pl->adventurer);
	}
	return fail(p, p->ini.lineno, "unknown key '%s' in [player %s]", name,
	    color_ids[p->cur]);
}

static int
handler(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct sc_parser *p = user;

	if (first && !begin_section(p, section))
		return 0;
	switch (p->sect) {
	case S_GAME:
		return game_key(p, name, value);
	case S_SPOT:
		return spot_key(p, name, value);
	case S_PATH:
		return path_key(p, name, value);
	case S_PLAYER:
		return player_key(p, name, value);
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------ */
/* The whole. */

static int
check(struct sc_parser *p)
{
	struct tg_scenario *sc = p->sc;
	const struct tg_data *d = p->d;
	int units[TG_COLORS] = { 0 }, scouts[TG_COLORS] = { 0 };
	int boats[TG_COLORS] = { 0 }, settle[TG_COLORS] = { 0 };
	int palace[TG_COLORS] = { 0 }, coins[3] = { 0 };
	unsigned chips[TG_COLORS] = { 0 };
	int card_line[TG_VILLAGE_CARDS] = { 0 }, explorer = -1, adventurer = -1;

	for (int i = 0; i < d->nspots; i++) {
		struct tg_sc_spot *s = &sc->spot[i];
		int line = p->spot_line[i];

		if (!line)
			continue;
		if (s->color == TG_SC_NONE)
			return fail(p, line, "spot '%s' has no 'color'", d->spots[i].name);
		if (s->settlement == TG_SC_EMPTY) {
			if (p->inhab_set[i] || s->palace || p->chip_set[i] || p->card_set[i])
				return fail(p, line, "spot '%s': inhabitants, palace, chip and card need a settlement", d->spots[i].name);
			if (s->knights + s->scouts + s->boats == 0)
				return fail(p, line, "spot '%s' holds nothing", d->spots[i].name);
		} else {
			if (!p->inhab_set[i])
				s->inhabitants = 1;
			if (s->settlement == TG_SC_VILLAGE && s->inhabitants >= 5)
				return fail(p, line, "spot '%s': a village with 5 inhabitants is a city (R5.1)", d->spots[i].name);
			if (s->palace && d->capital[s->color] != i)
				return fail(p, line, "spot '%s': a palace stands only at the capital of its color's land", d->spots[i].name);
			palace[s->color] += s->palace;
			settle[s->color]++;
			if (p->chip_set[i]) {
				if (chips[s->color] & (1u << s->chip))
					return fail(p, line, "spot '%s': %s chip %d is used twice", d->spots[i].name, color_ids[s->color], s->chip);
				chips[s->color] |= 1u << s->chip;
			}
			if (p->card_set[i]) {
				if (card_line[s->card])
					return fail(p, line, "village card '%s' is used twice (first at line %d)", d->villages[s->card].id, card_line[s->card]);
				card_line[s->card] = line;
			}
		}
		if (s->boats && d->spots[i].seas == 0)
			return fail(p, line, "spot '%s' is no harbor: no boats there", d->spots[i].name);
		units[s->color] += s->inhabitants + s->knights;
		scouts[s->color] += s->scouts;
		boats[s->color] += s->boats;
	}
	for (int k = 0; k < d->nrivers; k++) {
		struct tg_sc_river *r = &sc->river[k];
		int line = p->river_line[k];
		const struct tg_path *path = NULL;

		if (!line)
			continue;
		for (int j = 0; j < d->npaths; j++)
			if (d->paths[j].river_index == k)
				path = &d->paths[j];
		if (r->color == TG_SC_NONE)
			return fail(p, line, "path has no 'color'");
		if (r->knights + r->scouts == 0)
			return fail(p, line, "path holds nothing: give knights or scouts");
		if (r->toward == TG_SC_NONE)
			return fail(p, line, "path has no 'toward'");
		if (path == NULL || (r->toward != path->a && r->toward != path->b))
			return fail(p, line, "'toward' must be one end of the path");
		units[r->color] += r->knights;
		scouts[r->color] += r->scouts;
	}
	for (int c = 0; c < TG_COLORS; c++) {
		int line = p->player_line[c];
		struct tg_sc_player *pl = &sc->p[c];

		units[c] += pl->reserve;
		for (int k = 0; k < 3; k++)
			coins[k] += pl->coin[k];
		if (pl->explorer) {
			if (explorer >= 0)
				return fail(p, line, "Explorer of the Wilderness is held twice");
			explorer = c;
		}
		if (pl->adventurer) {
			if (adventurer >= 0)
				return fail(p, line, "Adventurer's Quest is held twice");
			adventurer = c;
		}
		if (units[c] > SUPPLY_UNITS)
			return fail(p, line, "%s has %d inhabitants and knights (the supply holds %d)", color_ids[c], units[c], SUPPLY_UNITS);
		if (scouts[c] > SUPPLY_SCOUTS)
			return fail(p, line, "%s has %d scouts (the supply holds %d)", color_ids[c], scouts[c], SUPPLY_SCOUTS);
		if (boats[c] > SUPPLY_BOATS)
			return fail(p, line, "%s has %d boats (the supply holds %d)", color_ids[c], boats[c], SUPPLY_BOATS);
		if (settle[c] > SUPPLY_CHIPS)
			return fail(p, line, "%s has %d settlements (there are %d chips)", color_ids[c], settle[c], SUPPLY_CHIPS);
		if (palace[c] > 1)
			return fail(p, line, "%s has %d palaces", color_ids[c], palace[c]);
	}
	for (int k = 0; k < 3; k++)
		if (coins[k] > BANK_COINS)
			return fail(p, 0, "%d %s over all players (the bank holds %d)", coins[k], coin_ids[k], BANK_COINS);
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		int n = 0;

		for (int c = 0; c < TG_COLORS; c++)
			n += sc->p[c].hand[t] + sc->p[c].played[t];
		if (n > tg_cards[t].copies)
			return fail(p, 0, "%d '%s' cards over all players (there %s %d)", n, tg_cards[t].slug, tg_cards[t].copies == 1 ? "is" : "are", tg_cards[t].copies);
	}

	/* defaults that depend on the whole: chips, then capital cards */
	for (int i = 0; i < d->nspots; i++) {
		struct tg_sc_spot *s = &sc->spot[i];

		if (!p->spot_line[i] || s->settlement == TG_SC_EMPTY ||
		    p->chip_set[i])
			continue;
		for (int n = 1; n <= SUPPLY_CHIPS; n++)
			if (!(chips[s->color] & (1u << n))) {
				chips[s->color] |= 1u << n;
				s->chip = (uint8_t)n;
				break;
			}
	}
	for (int i = 0; i < d->nspots; i++) {
		struct tg_sc_spot *s = &sc->spot[i];

		if (!p->spot_line[i] || s->settlement == TG_SC_EMPTY ||
		    p->card_set[i] || d->capital[s->color] != i)
			continue;
		for (int v = 0; v < TG_VILLAGE_CARDS; v++)
			if (d->villages[v].capital_of == s->color &&
			    !card_line[v]) {
				s->card = (uint8_t)v;
				card_line[v] = p->spot_line[i];
			}
	}
	return 0;
}

void
tg_scenario_init(struct tg_scenario *sc)
{
	memset(sc, 0, sizeof *sc);
	sc->round = 1;
	sc->first = TG_SC_NONE;
	for (int i = 0; i < TG_MAX_SPOTS; i++) {
		sc->spot[i].color = TG_SC_NONE;
		sc->spot[i].card = TG_SC_NONE;
	}
	for (int i = 0; i < TG_MAX_PATHS; i++) {
		sc->river[i].color = TG_SC_NONE;
		sc->river[i].toward = TG_SC_NONE;
	}
	memset(sc->quest, TG_SC_NONE, sizeof sc->quest);
}

int
tg_scenario_parse(struct tg_scenario *out, const struct tg_data *d,
    const char *text, size_t len, struct rules_error *err)
{
	struct sc_parser *p = calloc(1, sizeof *p);
	int r;

	if (p == NULL) {
		if (err != NULL) {
			err->code = RULES_ENOMEM;
			err->data = "scenario";
			err->line = 0;
			snprintf(err->msg, sizeof err->msg, "out of memory");
			err->hint[0] = '\0';
		}
		return RULES_ENOMEM;
	}
	tg_scenario_init(out);
	p->d = d;
	p->sc = out;
	p->ini.key = handler;
	p->ini.user = p;
	p->ini.flags = INIFILE_NO_EMPTY_SECTIONS;
	p->ini.line_max = 0;
	r = inifile_parse(&p->ini, text, len);
	if (r == 0) {
		r = check(p) < 0 || p->ini.failed ? -1 : 0;
	}
	if (r < 0 && err != NULL) {
		err->code = RULES_EDATA;
		err->data = "scenario";
		err->line = p->ini.err_line;
		snprintf(err->msg, sizeof err->msg, "%s", p->ini.msg);
		err->hint[0] = '\0';
	}
	free(p);
	return r < 0 ? RULES_EDATA : 0;
}
