/*
 * data.c -- load and validate Trigon's design data (data.h): the map,
 * the village cards and the quest cards, from INI text through inih.
 *
 * The INI reading itself is the core's (lib/inifile.h: every key knows
 * its line, the first error wins), shared with scenario.c and conf.c.
 *
 * Loading is in two passes: the INI handler fills a scratch struct with
 * what each key says (checking each value on its own), then the
 * validators check the whole (references, counts, the geography of
 * trigon-rules(7), THE MAP, VILLAGE CARDS, QUEST CARDS, PLAY CARDS).  The first error wins; err->line is its
 * line, or 0 when the error concerns the whole file.  The result is
 * built in a scratch copy and copied to *out only when all three texts
 * pass, so a refused load leaves *out untouched.  The scratch state
 * (some 30 KiB) is on the heap, freed before returning.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "cards.h"
#include "inifile.h"
#include "num.h"
#include "utf8.h"

/* The embedded defaults (lib/games/trigon/embed-*.c, made by embed.sh). */
extern const char tg_embed_map[];
extern const size_t tg_embed_map_len;
extern const char tg_embed_villages[];
extern const size_t tg_embed_villages_len;
extern const char tg_embed_quests[];
extern const size_t tg_embed_quests_len;

const char *const tg_land_ids[TG_LANDS] = {
	"noorland", "lumos", "calmania", "kalland"
};
const char *const tg_sea_ids[TG_SEAS] = {
	"great-ocean", "inner-sea", "ip-sea"
};
const char *const tg_qcat_ids[TG_QUEST_CATS] = {
	"krijgskunst", "handel", "bouw", "ontwikkeling", "magie",
	"transport", "natuur"
};
const char *const tg_qkind_ids[TG_QUEST_KINDS] = {
	"kill-knight", "kill-scout", "sink-boat", "conquer", "win-battle",
	"trade-coins", "trade-cards", "trade-any",
	"build-knight", "build-scout", "build-boat", "make-city",
	"colonise", "play-card", "explore", "with-category"
};
static const char *const color_ids[TG_COLORS] = {
	"green", "purple", "yellow", "white"
};
static const char *const vkind_ids[] = {
	"capital", "simple", "developed", "luxury"
};

#define MAX_X 99
#define MAX_Y 49
#define MIN_SPOTS 8
#define MAX_LAND_SPOTS 10
#define CAPITAL_DISTANCE 4
#define ID_MAX 40		/* longest id any section may have, NUL included */

/* What the parser is reading. */
enum file_kind { F_MAP, F_VILLAGES, F_QUESTS };

/* Section kinds. */
enum sect { S_NONE, S_LAND, S_SEA, S_SPOT, S_PATHS, S_VILLAGE, S_QUEST };

/* A path as written, resolved after the whole file is read. */
struct raw_path {
	char a[TG_NAME_MAX], b[TG_NAME_MAX];
	uint8_t river;
	int line;
};

/* Keys seen in the current section (duplicate and missing keys). */
enum {
	K_NAME = 1 << 0, K_AT = 1 << 1, K_LAND = 1 << 2, K_HARBOR = 1 << 3,
	K_CAPITAL = 1 << 4, K_KIND = 1 << 5, K_VILLAGE = 1 << 6,
	K_CITY = 1 << 7, K_BONUS = 1 << 8, K_GLOSS = 1 << 9,
	K_CATEGORY = 1 << 10, K_PARAM = 1 << 11, K_COUNT = 1 << 12,
	K_POINTS = 1 << 13,
};

struct parser {
	struct inifile ini;	/* line, first error, section header line */
	enum file_kind file;
	enum sect sect;
	int cur;		/* index of the current entity, -1 */
	unsigned keys;		/* K_* seen in the current section */

	struct tg_data *d;

	/* map */
	int land_line[TG_LANDS], sea_line[TG_SEAS];
	unsigned land_keys[TG_LANDS], sea_keys[TG_SEAS];
	int spot_line[TG_MAX_SPOTS];
	unsigned spot_keys[TG_MAX_SPOTS];
	int capital_line[TG_MAX_SPOTS];
	int paths_seen;
	int nraw;
	struct raw_path raw[TG_MAX_PATHS];
	int path_line[TG_MAX_PATHS];

	/* village cards and quests */
	int nitems;
	int item_line[TG_VILLAGE_CARDS + TG_QUEST_CARDS];
	unsigned item_keys[TG_VILLAGE_CARDS + TG_QUEST_CARDS];
	uint8_t has_capital[TG_VILLAGE_CARDS];
	uint8_t param_set[TG_QUEST_CARDS];
	char param[TG_QUEST_CARDS][ID_MAX];
	uint8_t count_set[TG_QUEST_CARDS];
};

/* Record the first error; 0, what an inih handler returns to fail. */
#define fail(p, ...) inifile_fail(&(p)->ini, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Small value parsers. */

static int
set_display(struct parser *p, char *dst, size_t size, const char *what,
    const char *v)
{
	if (*v == '\0')
		return fail(p, p->ini.lineno, "empty %s", what);
	if (strlen(v) >= size)
		return fail(p, p->ini.lineno, "%s too long (at most %zu bytes)",
		    what, size - 1);
	if (!utf8_valid(v, strlen(v)) || utf8_has_control(v, strlen(v)))
		return fail(p, p->ini.lineno,
		    "%s is not valid UTF-8 text", what);
	memcpy(dst, v, strlen(v) + 1);
	return 1;
}

/* Parse "X,Y" in place; numbers may be any length (range-checked). */
static int
parse_at(struct parser *p, const char *v, int16_t *x, int16_t *y)
{
	long n[2];

	for (int i = 0; i < 2; i++) {
		while (*v == ' ' || *v == '\t')
			v++;
		if (!isdigit((unsigned char)*v))
			return fail(p, p->ini.lineno, "'at' must be X,Y (column,row)");
		n[i] = 0;
		for (; isdigit((unsigned char)*v); v++)
			if (n[i] <= 1000)
				n[i] = n[i] * 10 + (*v - '0');
		while (*v == ' ' || *v == '\t')
			v++;
		if (i == 0 && *v++ != ',')
			return fail(p, p->ini.lineno, "'at' must be X,Y (column,row)");
	}
	if (*v != '\0')
		return fail(p, p->ini.lineno, "'at' must be X,Y (column,row)");
	if (n[0] > MAX_X)
		return fail(p, p->ini.lineno, "column out of range (0-%d)", MAX_X);
	if (n[1] > MAX_Y)
		return fail(p, p->ini.lineno, "row out of range (0-%d)", MAX_Y);
	*x = (int16_t)n[0];
	*y = (int16_t)n[1];
	return 1;
}

/* Key bookkeeping: refuse a key given twice in one section. */
static int
key_once(struct parser *p, unsigned bit, const char *name)
{
	if (p->keys & bit)
		return fail(p, p->ini.lineno, "'%s' given twice", name);
	p->keys |= bit;
	return 1;
}

/* ------------------------------------------------------------------ */
/* Sections. */

/*
 * Start the section named sec (the first key of a new "[...]" has
 * come).  Sets p->sect and p->cur, or fails.
 */
static int
begin_section(struct parser *p, const char *sec)
{
	char word[16], id[ID_MAX];
	const char *s = sec;
	int line = p->ini.sect_line;
	struct tg_data *d = p->d;

	p->keys = 0;
	p->cur = -1;
	p->sect = S_NONE;
	if (!inifile_word(&s, word, sizeof word, 0))
		return fail(p, line, "empty section name");
	if (strlen(sec) >= 64)
		return fail(p, line, "section name too long");
	if (!inifile_word(&s, id, sizeof id, 0))
		id[0] = '\0';
	else {
		char extra[8];

		if (inifile_word(&s, extra, sizeof extra, 0))
			return fail(p, line, "section [%s] has more than a kind and a name", sec);
	}

	if (p->file == F_MAP && strcmp(word, "paths") == 0) {
		if (id[0] != '\0')
			return fail(p, line, "[paths] takes no name");
		p->sect = S_PATHS;
		p->paths_seen = 1;
		return 1;
	}
	if (p->file == F_MAP && (strcmp(word, "land") == 0 ||
	    strcmp(word, "sea") == 0 || strcmp(word, "spot") == 0)) {
		if (id[0] == '\0')
			return fail(p, line, "[%s] needs a name: [%s NAME]", word, word);
		if (strcmp(word, "land") == 0) {
			int i = inifile_find(tg_land_ids, TG_LANDS, id);

			if (i < 0)
				return fail(p, line, "unknown land '%s' (the lands are noorland, lumos, calmania, kalland)", id);
			if (p->land_line[i])
				return fail(p, line, "land '%s' given twice (first at line %d)", id, p->land_line[i]);
			p->land_line[i] = line;
			p->sect = S_LAND;
			p->cur = i;
			return 1;
		}
		if (strcmp(word, "sea") == 0) {
			int i = inifile_find(tg_sea_ids, TG_SEAS, id);

			if (i < 0)
				return fail(p, line, "unknown sea '%s' (the seas are great-ocean, inner-sea, ip-sea)", id);
			if (p->sea_line[i])
				return fail(p, line, "sea '%s' given twice (first at line %d)", id, p->sea_line[i]);
			p->sea_line[i] = line;
			p->sect = S_SEA;
			p->cur = i;
			return 1;
		}
		if (!inifile_valid_id(id) || strlen(id) >= TG_NAME_MAX)
			return fail(p, line, "bad spot name '%s' (a-z, 0-9 and '-', at most %d characters, starting with a letter)", id, TG_NAME_MAX - 1);
		for (int i = 0; i < d->nspots; i++)
			if (strcmp(d->spots[i].name, id) == 0)
				return fail(p, line, "spot '%s' given twice (first at line %d)", id, p->spot_line[i]);
		if (d->nspots >= TG_MAX_SPOTS)
			return fail(p, line, "too many spots (at most %d)", TG_MAX_SPOTS);
		p->cur = d->nspots++;
		memcpy(d->spots[p->cur].name, id, strlen(id) + 1);
		d->spots[p->cur].land = 0xff;
		p->spot_line[p->cur] = line;
		p->sect = S_SPOT;
		return 1;
	}
	if ((p->file == F_VILLAGES && strcmp(word, "village") == 0) ||
	    (p->file == F_QUESTS && strcmp(word, "quest") == 0)) {
		int villages = p->file == F_VILLAGES;
		int max = villages ? TG_VILLAGE_CARDS : TG_QUEST_CARDS;
		size_t idmax = villages ? sizeof d->villages[0].id :
		    sizeof d->quests[0].id;

		if (id[0] == '\0')
			return fail(p, line, "[%s] needs a name: [%s NAME]", word, word);
		if (!inifile_valid_id(id) || strlen(id) >= idmax)
			return fail(p, line, "bad card name '%s' (a-z, 0-9 and '-', at most %zu characters, starting with a letter)", id, idmax - 1);
		for (int i = 0; i < p->nitems; i++) {
			const char *other = villages ? d->villages[i].id :
			    d->quests[i].id;

			if (strcmp(other, id) == 0)
				return fail(p, line, "card '%s' given twice (first at line %d)", id, p->item_line[i]);
		}
		if (p->nitems >= max)
			return fail(p, line, "more than %d %s cards", max,
			    villages ? "village" : "quest");
		p->cur = p->nitems++;
		p->item_line[p->cur] = line;
		if (villages) {
			memcpy(d->villages[p->cur].id, id, strlen(id) + 1);
			d->villages[p->cur].capital_of = 0xff;
			p->sect = S_VILLAGE;
		} else {
			memcpy(d->quests[p->cur].id, id, strlen(id) + 1);
			p->sect = S_QUEST;
		}
		return 1;
	}
	return fail(p, line, "unknown section [%s]", sec);
}

/* ------------------------------------------------------------------ */
/* Map keys. */

static int
map_paths_key(struct parser *p, const char *name, const char *value)
{
	char w[ID_MAX];
	const char *s = value;
	int any = 0;

	if (!inifile_valid_id(name) || strlen(name) >= TG_NAME_MAX)
		return fail(p, p->ini.lineno, "unknown spot '%s'", name);
	while (inifile_word(&s, w, sizeof w, 0)) {
		const char *b = w;
		struct raw_path *r;
		uint8_t river = 0;

		if (*b == '~') {
			river = 1;
			b++;
		}
		if (!inifile_valid_id(b) || strlen(b) >= TG_NAME_MAX)
			return fail(p, p->ini.lineno, "unknown spot '%s'", b);
		if (p->nraw >= TG_MAX_PATHS)
			return fail(p, p->ini.lineno, "too many paths (at most %d)", TG_MAX_PATHS);
		r = &p->raw[p->nraw++];
		memcpy(r->a, name, strlen(name) + 1);
		memcpy(r->b, b, strlen(b) + 1);
		r->river = river;
		r->line = p->ini.lineno;
		any = 1;
	}
	if (!any)
		return fail(p, p->ini.lineno, "no spots after '%s ='", name);
	return 1;
}

static int
map_key(struct parser *p, const char *name, const char *value)
{
	struct tg_data *d = p->d;

	switch (p->sect) {
	case S_PATHS:
		return map_paths_key(p, name, value);
	case S_LAND:
	case S_SEA: {
		char *disp = p->sect == S_LAND ? d->land_name[p->cur] :
		    d->sea_name[p->cur];
		int16_t *x = p->sect == S_LAND ? &d->land_x[p->cur] :
		    &d->sea_x[p->cur];
		int16_t *y = p->sect == S_LAND ? &d->land_y[p->cur] :
		    &d->sea_y[p->cur];
		int ok;

		if (strcmp(name, "name") == 0)
			ok = key_once(p, K_NAME, name) &&
			    set_display(p, disp, TG_DISPLAY_MAX, "name", value);
		else if (strcmp(name, "at") == 0)
			ok = key_once(p, K_AT, name) &&
			    parse_at(p, value, x, y);
		else
			return fail(p, p->ini.lineno, "unknown key '%s' in [%s %s]",
			    name, p->sect == S_LAND ? "land" : "sea",
			    p->sect == S_LAND ? tg_land_ids[p->cur] :
			    tg_sea_ids[p->cur]);
		if (p->sect == S_LAND)
			p->land_keys[p->cur] = p->keys;
		else
			p->sea_keys[p->cur] = p->keys;
		return ok;
	}
	case S_SPOT: {
		struct tg_spot *sp = &d->spots[p->cur];
		int ok = 1;

		if (strcmp(name, "name") == 0)
			ok = key_once(p, K_NAME, name) &&
			    set_display(p, sp->display, TG_DISPLAY_MAX, "name",
			    value);
		else if (strcmp(name, "at") == 0)
			ok = key_once(p, K_AT, name) &&
			    parse_at(p, value, &sp->x, &sp->y);
		else if (strcmp(name, "land") == 0) {
			int i = inifile_find(tg_land_ids, TG_LANDS, value);

			ok = key_once(p, K_LAND, name);
			if (ok && i < 0)
				return fail(p, p->ini.lineno, "unknown land '%s'", value);
			sp->land = (uint8_t)i;
		} else if (strcmp(name, "harbor") == 0) {
			char w[ID_MAX];
			const char *s = value;

			ok = key_once(p, K_HARBOR, name);
			while (ok && inifile_word(&s, w, sizeof w, 0)) {
				int i = inifile_find(tg_sea_ids, TG_SEAS, w);

				if (i < 0)
					return fail(p, p->ini.lineno, "unknown sea '%s'", w);
				if (sp->seas & (1u << i))
					return fail(p, p->ini.lineno, "sea '%s' named twice", w);
				sp->seas |= (uint8_t)(1u << i);
			}
			if (ok && sp->seas == 0)
				return fail(p, p->ini.lineno, "'harbor' names no sea");
		} else if (strcmp(name, "capital") == 0) {
			ok = key_once(p, K_CAPITAL, name);
			if (ok && strcmp(value, "yes") == 0) {
				sp->capital = 1;
				p->capital_line[p->cur] = p->ini.lineno;
			} else if (ok && strcmp(value, "no") != 0)
				return fail(p, p->ini.lineno, "'capital' must be yes or no");
		} else
			return fail(p, p->ini.lineno, "unknown key '%s' in [spot %s]",
			    name, sp->name);
		p->spot_keys[p->cur] = p->keys;
		return ok;
	}
	default:
		return fail(p, p->ini.lineno, "internal: key outside a section");
	}
}

/* ------------------------------------------------------------------ */
/* Village keys. */

/*
 * A list "N word, N word": yields (copper silver gold births) or a
 * bonus (knights scouts boats copper silver gold cards quests).
 */
static int
parse_amounts(struct parser *p, const char *key, const char *value,
    const char *const *words, int nwords, int *out, int max)
{
	char num[16], w[16];
	const char *s = value;
	unsigned seen = 0;
	int any = 0;

	for (int i = 0; i < nwords; i++)
		out[i] = -1;
	while (inifile_word(&s, num, sizeof num, 1)) {
		int n, r, i;
		size_t wl;

		r = num_uint(num, 0, max, 0, &n);
		if (r == -1)
			return fail(p, p->ini.lineno, "'%s': expected a number, found '%s'", key, num);
		if (r == -2)
			return fail(p, p->ini.lineno, "'%s': number out of range (0-%d)", key, max);
		if (!inifile_word(&s, w, sizeof w, 1))
			return fail(p, p->ini.lineno, "'%s': number %d names nothing", key, n);
		for (i = 0; i < nwords; i++) {
			wl = strlen(words[i]);
			/* the plural, or the singular without its 's' */
			if (strcmp(w, words[i]) == 0 ||
			    (words[i][wl - 1] == 's' && strlen(w) == wl - 1 &&
			    strncmp(w, words[i], wl - 1) == 0))
				break;
		}
		if (i == nwords)
			return fail(p, p->ini.lineno, "'%s': unknown item '%s'", key, w);
		if (seen & (1u << i))
			return fail(p, p->ini.lineno, "'%s': '%s' named twice", key, words[i]);
		seen |= 1u << i;
		out[i] = n;
		any = 1;
	}
	if (!any)
		return fail(p, p->ini.lineno, "empty '%s'", key);
	return 1;
}

static const char *const yield_words[] = {
	"copper", "silver", "gold", "births"
};
static const char *const bonus_words[] = {
	"knights", "scouts", "boats", "copper", "silver", "gold", "cards",
	"quests"
};

static int
village_key(struct parser *p, const char *name, const char *value)
{
	struct tg_village_card *v = &p->d->villages[p->cur];
	int ok;

	if (strcmp(name, "name") == 0)
		ok = key_once(p, K_NAME, name) &&
		    set_display(p, v->name, TG_DISPLAY_MAX, "name", value);
	else if (strcmp(name, "gloss") == 0)
		ok = key_once(p, K_GLOSS, name) &&
		    set_display(p, v->gloss, TG_DISPLAY_MAX, "gloss", value);
	else if (strcmp(name, "kind") == 0) {
		int i = inifile_find(vkind_ids, 4, value);

		ok = key_once(p, K_KIND, name);
		if (ok && i < 0)
			return fail(p, p->ini.lineno, "unknown kind '%s' (capital, simple, developed or luxury)", value);
		v->kind = (uint8_t)i;
	} else if (strcmp(name, "capital") == 0) {
		int i = inifile_find(color_ids, TG_COLORS, value);

		ok = key_once(p, K_CAPITAL, name);
		if (ok && i < 0)
			return fail(p, p->ini.lineno, "unknown color '%s' (green, purple, yellow or white)", value);
		v->capital_of = (uint8_t)i;
	} else if (strcmp(name, "village") == 0 || strcmp(name, "city") == 0) {
		int city = name[0] == 'c', a[4];
		struct tg_yield *y = city ? &v->city : &v->village;

		ok = key_once(p, city ? K_CITY : K_VILLAGE, name) &&
		    parse_amounts(p, name, value, yield_words, 4, a, 9);
		if (!ok)
			return 0;
		if (a[3] == 0 || a[3] > 5)
			return fail(p, p->ini.lineno, "'%s': births must be 1-5", name);
		y->copper = (uint8_t)(a[0] < 0 ? 0 : a[0]);
		y->silver = (uint8_t)(a[1] < 0 ? 0 : a[1]);
		y->gold = (uint8_t)(a[2] < 0 ? 0 : a[2]);
		y->births = (uint8_t)(a[3] < 0 ? (city ? 2 : 1) : a[3]);
	} else if (strcmp(name, "bonus") == 0) {
		int a[8];
		struct tg_bonus *b = &v->bonus;

		ok = key_once(p, K_BONUS, name) &&
		    parse_amounts(p, name, value, bonus_words, 8, a, 9);
		if (!ok)
			return 0;
		for (int i = 0; i < 8; i++)
			if (a[i] < 0)
				a[i] = 0;
		if (a[1] > 3)
			return fail(p, p->ini.lineno, "'bonus': at most 3 scouts (the supply)");
		if (a[2] > 5)
			return fail(p, p->ini.lineno, "'bonus': at most 5 boats (the supply)");
		if (a[0] + a[1] + a[2] + a[3] + a[4] + a[5] + a[6] + a[7] == 0)
			return fail(p, p->ini.lineno, "'bonus' gives nothing");
		b->knights = (uint8_t)a[0];
		b->scouts = (uint8_t)a[1];
		b->boats = (uint8_t)a[2];
		b->copper = (uint8_t)a[3];
		b->silver = (uint8_t)a[4];
		b->gold = (uint8_t)a[5];
		b->playcards = (uint8_t)a[6];
		b->questcards = (uint8_t)a[7];
	} else
		return fail(p, p->ini.lineno, "unknown key '%s' in [village %s]",
		    name, v->id);
	p->item_keys[p->cur] = p->keys;
	return ok;
}

/* ------------------------------------------------------------------ */
/* Quest keys. */

static int
quest_key(struct parser *p, const char *name, const char *value)
{
	struct tg_quest_card *q = &p->d->quests[p->cur];
	int ok, n, r;

	if (strcmp(name, "name") == 0)
		ok = key_once(p, K_NAME, name) &&
		    set_display(p, q->name, TG_DISPLAY_MAX, "name", value);
	else if (strcmp(name, "gloss") == 0)
		ok = key_once(p, K_GLOSS, name) &&
		    set_display(p, q->gloss, TG_DISPLAY_MAX, "gloss", value);
	else if (strcmp(name, "category") == 0) {
		int i = inifile_find(tg_qcat_ids, TG_QUEST_CATS, value);

		ok = key_once(p, K_CATEGORY, name);
		if (ok && i < 0)
			return fail(p, p->ini.lineno, "unknown category '%s'", value);
		q->category = (uint8_t)i;
	} else if (strcmp(name, "kind") == 0) {
		int i = inifile_find(tg_qkind_ids, TG_QUEST_KINDS, value);

		ok = key_once(p, K_KIND, name);
		if (ok && i < 0)
			return fail(p, p->ini.lineno, "unknown quest kind '%s'", value);
		q->kind = (uint8_t)i;
	} else if (strcmp(name, "param") == 0) {
		ok = key_once(p, K_PARAM, name);
		if (ok && strlen(value) >= ID_MAX)
			return fail(p, p->ini.lineno, "unknown param '%.20s...'", value);
		if (ok) {
			memcpy(p->param[p->cur], value, strlen(value) + 1);
			p->param_set[p->cur] = 1;
		}
	} else if (strcmp(name, "count") == 0) {
		ok = key_once(p, K_COUNT, name);
		if (ok && ((r = num_uint(value, 0, 5, 0, &n)) != 0 || n < 1))
			return fail(p, p->ini.lineno, "'count' must be 1-5");
		if (ok) {
			q->count = (uint8_t)n;
			p->count_set[p->cur] = 1;
		}
	} else if (strcmp(name, "points") == 0) {
		ok = key_once(p, K_POINTS, name);
		if (ok && ((r = num_uint(value, 0, 2, 0, &n)) != 0 || n < 1))
			return fail(p, p->ini.lineno, "'points' must be 1 or 2");
		if (ok)
			q->points = (uint8_t)n;
	} else
		return fail(p, p->ini.lineno, "unknown key '%s' in [quest %s]",
		    name, q->id);
	p->item_keys[p->cur] = p->keys;
	return ok;
}

/* ------------------------------------------------------------------ */
/* The INI reader's key callback. */

static int
handler(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct parser *p = user;

	if (first && !begin_section(p, section))
		return 0;
	switch (p->file) {
	case F_MAP:
		return map_key(p, name, value);
	case F_VILLAGES:
		return village_key(p, name, value);
	case F_QUESTS:
		return quest_key(p, name, value);
	}
	return 0;
}

/* Read text into p; 0, or -1 with the first error in p->ini. */
static int
parse_text(struct parser *p, const char *text, size_t len)
{
	p->cur = -1;
	p->sect = S_NONE;
	p->ini.key = handler;
	p->ini.user = p;
	p->ini.flags = INIFILE_NO_EMPTY_SECTIONS;
	p->ini.line_max = 0;
	return inifile_parse(&p->ini, text, len);
}

/* ------------------------------------------------------------------ */
/* Map validation. */

static int
spot_by_name(const struct tg_data *d, const char *name)
{
	for (int i = 0; i < d->nspots; i++)
		if (strcmp(d->spots[i].name, name) == 0)
			return i;
	return -1;
}

/* Breadth-first distances by land from spot s; -1 unreachable. */
static void
bfs(const struct tg_data *d, int s, int *dist)
{
	int queue[TG_MAX_SPOTS], head = 0, tail = 0;

	for (int i = 0; i < d->nspots; i++)
		dist[i] = -1;
	dist[s] = 0;
	queue[tail++] = s;
	while (head < tail) {
		int u = queue[head++];

		for (int k = 0; k < d->spots[u].nadj; k++) {
			int v = d->spots[u].adj[k];

			if (dist[v] < 0) {
				dist[v] = dist[u] + 1;
				queue[tail++] = v;
			}
		}
	}
}

/* What check_map counts on its way, a land or a sea at a time. */
struct map_count {
	int nland[TG_LANDS], nharbor[TG_LANDS];
	int inner_river[TG_LANDS], border_river[TG_LANDS];
	int border[TG_LANDS];
	unsigned sea_lands[TG_SEAS];
};

/* Every land and sea has its section with a name and a place. */
static int
check_sections(struct parser *p)
{
	for (int i = 0; i < TG_LANDS; i++) {
		if (!p->land_line[i])
			return fail(p, 0, "no [land %s] section", tg_land_ids[i]);
		if (!(p->land_keys[i] & K_NAME))
			return fail(p, p->land_line[i], "land '%s' has no 'name'", tg_land_ids[i]);
		if (!(p->land_keys[i] & K_AT))
			return fail(p, p->land_line[i], "land '%s' has no 'at'", tg_land_ids[i]);
	}
	for (int i = 0; i < TG_SEAS; i++) {
		if (!p->sea_line[i])
			return fail(p, 0, "no [sea %s] section", tg_sea_ids[i]);
		if (!(p->sea_keys[i] & K_NAME))
			return fail(p, p->sea_line[i], "sea '%s' has no 'name'", tg_sea_ids[i]);
		if (!(p->sea_keys[i] & K_AT))
			return fail(p, p->sea_line[i], "sea '%s' has no 'at'", tg_sea_ids[i]);
	}
	if (!p->paths_seen)
		return fail(p, 0, "no [paths] section");
	return 0;
}

/* Each spot on its own; counts its land's spots and harbors. */
static int
check_spots(struct parser *p, struct map_count *mc)
{
	struct tg_data *d = p->d;

	for (int i = 0; i < d->nspots; i++) {
		struct tg_spot *s = &d->spots[i];

		if (!(p->spot_keys[i] & K_NAME))
			return fail(p, p->spot_line[i], "spot '%s' has no 'name'", s->name);
		if (!(p->spot_keys[i] & K_LAND))
			return fail(p, p->spot_line[i], "spot '%s' has no 'land'", s->name);
		if (!(p->spot_keys[i] & K_AT))
			return fail(p, p->spot_line[i], "spot '%s' has no 'at'", s->name);
		for (int j = 0; j < i; j++) {
			if (strcmp(d->spots[j].display, s->display) == 0)
				return fail(p, p->spot_line[i], "spot '%s' has the same name as '%s'", s->name, d->spots[j].name);
			if (d->spots[j].x == s->x && d->spots[j].y == s->y)
				return fail(p, p->spot_line[i], "spot '%s' is at the same place as '%s'", s->name, d->spots[j].name);
		}
		mc->nland[s->land]++;
		if (s->seas)
			mc->nharbor[s->land]++;
		for (int k = 0; k < TG_SEAS; k++)
			if (s->seas & (1u << k))
				mc->sea_lands[k] |= 1u << s->land;
		if (s->capital) {
			if (d->capital[s->land] != 0xff)
				return fail(p, p->capital_line[i], "land '%s' has a second capital '%s' (the first is '%s')", tg_land_ids[s->land], s->name, d->spots[d->capital[s->land]].name);
			d->capital[s->land] = (uint8_t)i;
		}
	}
	return 0;
}

/* One path of the [paths] section, checked and added to the map. */
static int
check_path(struct parser *p, const struct raw_path *rp,
    struct map_count *mc)
{
	struct tg_data *d = p->d;
	int a = spot_by_name(d, rp->a), b = spot_by_name(d, rp->b), t;
	int la, lb;
	struct tg_path *path;

	if (a < 0)
		return fail(p, rp->line, "unknown spot '%s'", rp->a);
	if (b < 0)
		return fail(p, rp->line, "unknown spot '%s'", rp->b);
	if (a == b)
		return fail(p, rp->line, "path from '%s' to itself", rp->a);
	if (a > b) {
		t = a;
		a = b;
		b = t;
	}
	for (int k = 0; k < d->npaths; k++)
		if (d->paths[k].a == a && d->paths[k].b == b)
			return fail(p, rp->line, "path '%s' - '%s' given twice (first at line %d)", rp->a, rp->b, p->path_line[k]);
	if (d->spots[a].nadj >= TG_MAX_ADJ)
		return fail(p, rp->line, "spot '%s' has more than %d paths", d->spots[a].name, TG_MAX_ADJ);
	if (d->spots[b].nadj >= TG_MAX_ADJ)
		return fail(p, rp->line, "spot '%s' has more than %d paths", d->spots[b].name, TG_MAX_ADJ);
	if ((d->spots[a].land == TG_NOORLAND) !=
	    (d->spots[b].land == TG_NOORLAND))
		return fail(p, rp->line, "Noorland is an island: no path may join '%s' to '%s'", rp->a, rp->b);
	p->path_line[d->npaths] = rp->line;
	path = &d->paths[d->npaths];
	path->a = (uint8_t)a;
	path->b = (uint8_t)b;
	path->river = rp->river;
	path->river_index = 0xff;
	if (rp->river)
		path->river_index = d->nrivers++;
	d->spots[a].adj[d->spots[a].nadj] = (uint8_t)b;
	d->spots[a].adjpath[d->spots[a].nadj++] = d->npaths;
	d->spots[b].adj[d->spots[b].nadj] = (uint8_t)a;
	d->spots[b].adjpath[d->spots[b].nadj++] = d->npaths;
	d->npaths++;
	la = d->spots[a].land;
	lb = d->spots[b].land;
	if (la == lb)
		mc->inner_river[la] += rp->river;
	else {
		mc->border[la] = mc->border[lb] = 1;
		mc->border_river[la] += rp->river;
		mc->border_river[lb] += rp->river;
	}
	return 0;
}

/* The lands' spots, capitals, harbors and rivers; the seas' lands. */
static int
check_lands(struct parser *p, const struct map_count *mc)
{
	const struct tg_data *d = p->d;
	const int *nland = mc->nland, *nharbor = mc->nharbor;

	for (int l = 0; l < TG_LANDS; l++) {
		if (nland[l] < MIN_SPOTS || nland[l] > MAX_LAND_SPOTS)
			return fail(p, p->land_line[l], "land '%s' has %d spot%s (8-10 needed)", tg_land_ids[l], nland[l], nland[l] == 1 ? "" : "s");
		if (d->capital[l] == 0xff)
			return fail(p, p->land_line[l], "land '%s' has no capital", tg_land_ids[l]);
		if (nharbor[l] < 2 || nharbor[l] > 3)
			return fail(p, p->land_line[l], "land '%s' has %d harbor%s (2-3 needed)", tg_land_ids[l], nharbor[l], nharbor[l] == 1 ? "" : "s");
		if (mc->inner_river[l] == 0)
			return fail(p, p->land_line[l], "land '%s' has no river crossing inside it", tg_land_ids[l]);
		if (mc->border[l] && mc->border_river[l] == 0)
			return fail(p, p->land_line[l], "land '%s' has no river crossing on its borders", tg_land_ids[l]);
	}
	for (int s = 0; s < TG_SEAS; s++) {
		int n = 0;

		for (int l = 0; l < TG_LANDS; l++)
			n += (mc->sea_lands[s] >> l) & 1;
		if (n < 2)
			return fail(p, p->sea_line[s], "sea '%s' touches %d land%s (at least 2 needed)", tg_sea_ids[s], n, n == 1 ? "" : "s");
	}
	return 0;
}

/* Noorland hangs together, the mainland hangs together, and the
 * capitals are at least CAPITAL_DISTANCE paths apart. */
static int
check_reach(struct parser *p)
{
	const struct tg_data *d = p->d;
	int dist[TG_MAX_SPOTS];

	bfs(d, d->capital[TG_NOORLAND], dist);
	for (int i = 0; i < d->nspots; i++)
		if (d->spots[i].land == TG_NOORLAND && dist[i] < 0)
			return fail(p, p->spot_line[i], "spot '%s' cannot be reached by land from '%s'", d->spots[i].name, d->spots[d->capital[TG_NOORLAND]].name);
	bfs(d, d->capital[TG_LUMOS], dist);
	for (int i = 0; i < d->nspots; i++)
		if (d->spots[i].land != TG_NOORLAND && dist[i] < 0)
			return fail(p, p->spot_line[i], "spot '%s' cannot be reached by land from '%s'", d->spots[i].name, d->spots[d->capital[TG_LUMOS]].name);
	for (int a = 0; a < TG_LANDS; a++) {
		bfs(d, d->capital[a], dist);
		for (int b = a + 1; b < TG_LANDS; b++) {
			int cb = d->capital[b];

			if (dist[cb] >= 0 && dist[cb] < CAPITAL_DISTANCE)
				return fail(p, p->capital_line[cb], "capitals '%s' and '%s' are %d paths apart (at least %d needed)", d->spots[d->capital[a]].name, d->spots[cb].name, dist[cb], CAPITAL_DISTANCE);
		}
	}
	return 0;
}

/* Each check stops at its first fault (fail() records it and returns 0,
 * p->ini.failed tells); the caller reads p->ini.failed. */
static int
check_map(struct parser *p)
{
	struct map_count mc;

	memset(&mc, 0, sizeof mc);
	check_sections(p);
	if (!p->ini.failed)
		check_spots(p, &mc);
	for (int r = 0; r < p->nraw && !p->ini.failed; r++)
		check_path(p, &p->raw[r], &mc);
	if (!p->ini.failed)
		check_lands(p, &mc);
	if (!p->ini.failed)
		check_reach(p);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Village and quest validation. */

static int
yield_better(const struct tg_yield *c, const struct tg_yield *v)
{
	if (c->copper < v->copper || c->silver < v->silver ||
	    c->gold < v->gold || c->births < v->births)
		return -1;
	return c->copper + c->silver + c->gold + c->births >
	    v->copper + v->silver + v->gold + v->births;
}

static int
check_villages(struct parser *p)
{
	struct tg_data *d = p->d;
	int capitals[TG_COLORS] = { 0 };

	for (int i = 0; i < p->nitems; i++) {
		struct tg_village_card *v = &d->villages[i];
		unsigned k = p->item_keys[i];
		int line = p->item_line[i];
		static const struct {
			unsigned bit;
			const char *key;
		} need[] = {
			{ K_NAME, "name" }, { K_KIND, "kind" },
			{ K_VILLAGE, "village" }, { K_CITY, "city" },
			{ K_BONUS, "bonus" },
		};

		for (size_t j = 0; j < sizeof need / sizeof need[0]; j++)
			if (!(k & need[j].bit))
				return fail(p, line, "village card '%s' has no '%s'", v->id, need[j].key);
		for (int j = 0; j < i; j++)
			if (strcmp(d->villages[j].name, v->name) == 0)
				return fail(p, line, "village card '%s' has the same name as '%s'", v->id, d->villages[j].id);
		if (v->kind == TG_VK_CAPITAL) {
			if (!(k & K_CAPITAL))
				return fail(p, line, "capital card '%s' has no 'capital' color", v->id);
			if (capitals[v->capital_of]++)
				return fail(p, line, "a second capital card for %s", color_ids[v->capital_of]);
		} else if (k & K_CAPITAL)
			return fail(p, line, "'capital' on a card that is not of kind capital");
		if (yield_better(&v->city, &v->village) <= 0)
			return fail(p, line, "village card '%s': the city side must give at least as much as the village side, and more of something", v->id);
	}
	if (p->nitems != TG_VILLAGE_CARDS)
		return fail(p, 0, "%d village card%s (exactly %d needed)", p->nitems, p->nitems == 1 ? "" : "s", TG_VILLAGE_CARDS);
	for (int c = 0; c < TG_COLORS; c++)
		if (capitals[c] == 0)
			return fail(p, 0, "no capital card for %s", color_ids[c]);
	return 0;
}

static int
kind_category(int kind)
{
	switch (kind) {
	case TG_QK_KILL_KNIGHT: case TG_QK_KILL_SCOUT: case TG_QK_SINK_BOAT:
	case TG_QK_CONQUER: case TG_QK_WIN_BATTLE:
		return TG_QC_KRIJGSKUNST;
	case TG_QK_TRADE_COINS: case TG_QK_TRADE_CARDS: case TG_QK_TRADE_ANY:
		return TG_QC_HANDEL;
	case TG_QK_BUILD_KNIGHT: case TG_QK_BUILD_SCOUT: case TG_QK_BUILD_BOAT:
	case TG_QK_MAKE_CITY:
		return TG_QC_BOUW;
	case TG_QK_COLONISE:
		return TG_QC_ONTWIKKELING;
	case TG_QK_PLAY_CARD:
		return TG_QC_MAGIE;
	case TG_QK_EXPLORE:
		return TG_QC_TRANSPORT;
	default:
		return TG_QC_NATUUR;
	}
}

static int
check_quests(struct parser *p)
{
	struct tg_data *d = p->d;
	int ncat[TG_QUEST_CATS] = { 0 }, fours = 0, threes = 0;
	int colonise[TG_LANDS] = { 0 }, explore[TG_LANDS] = { 0 };

	for (int i = 0; i < p->nitems; i++) {
		struct tg_quest_card *q = &d->quests[i];
		unsigned k = p->item_keys[i];
		int line = p->item_line[i], want;
		static const struct {
			unsigned bit;
			const char *key;
		} need[] = {
			{ K_NAME, "name" }, { K_GLOSS, "gloss" },
			{ K_CATEGORY, "category" }, { K_KIND, "kind" },
			{ K_POINTS, "points" },
		};

		for (size_t j = 0; j < sizeof need / sizeof need[0]; j++)
			if (!(k & need[j].bit))
				return fail(p, line, "quest '%s' has no '%s'", q->id, need[j].key);
		for (int j = 0; j < i; j++)
			if (strcmp(d->quests[j].name, q->name) == 0)
				return fail(p, line, "quest '%s' has the same name as '%s'", q->id, d->quests[j].id);
		want = kind_category(q->kind);
		if (want != q->category)
			return fail(p, line, "quest '%s': kind '%s' belongs to category '%s'", q->id, tg_qkind_ids[q->kind], tg_qcat_ids[want]);
		if (!p->count_set[i])
			q->count = q->kind == TG_QK_COLONISE ? 2 : 1;
		switch (q->kind) {
		case TG_QK_COLONISE:
		case TG_QK_EXPLORE: {
			int l;

			if (!p->param_set[i])
				return fail(p, line, "quest '%s' needs 'param' (a land)", q->id);
			l = inifile_find(tg_land_ids, TG_LANDS, p->param[i]);
			if (l < 0)
				return fail(p, line, "quest '%s': unknown land '%s'", q->id, p->param[i]);
			if ((q->kind == TG_QK_COLONISE ? colonise : explore)[l]++)
				return fail(p, line, "quest '%s': a second '%s' quest for %s", q->id, tg_qkind_ids[q->kind], tg_land_ids[l]);
			q->param = (uint8_t)l;
			break;
		}
		case TG_QK_PLAY_CARD: {
			int c;

			if (!p->param_set[i])
				return fail(p, line, "quest '%s' needs 'param' (a play card)", q->id);
			c = tg_card_find(p->param[i], strlen(p->param[i]));
			if (c < 0)
				return fail(p, line, "quest '%s': unknown play card '%s'", q->id, p->param[i]);
			q->param = (uint8_t)c;
			break;
		}
		case TG_QK_WITH_CATEGORY: {
			int c;

			if (!p->param_set[i])
				return fail(p, line, "quest '%s' needs 'param' (a category)", q->id);
			c = inifile_find(tg_qcat_ids, TG_QUEST_CATS, p->param[i]);
			if (c < 0)
				return fail(p, line, "quest '%s': unknown category '%s'", q->id, p->param[i]);
			if (c == TG_QC_NATUUR)
				return fail(p, line, "quest '%s' must name another category", q->id);
			q->param = (uint8_t)c;
			break;
		}
		default:
			if (p->param_set[i])
				return fail(p, line, "quest '%s': kind '%s' takes no 'param'", q->id, tg_qkind_ids[q->kind]);
			q->param = 0;
		}
		ncat[q->category]++;
	}
	if (p->nitems != TG_QUEST_CARDS)
		return fail(p, 0, "%d quest card%s (exactly %d needed)", p->nitems, p->nitems == 1 ? "" : "s", TG_QUEST_CARDS);
	for (int c = 0; c < TG_QUEST_CATS; c++) {
		fours += ncat[c] == 4;
		threes += ncat[c] == 3;
	}
	if (fours != 6 || threes != 1) {
		for (int c = 0; c < TG_QUEST_CATS; c++)
			if (ncat[c] != 4 && ncat[c] != 3)
				return fail(p, 0, "category '%s' has %d quests (six categories of 4 and one of 3 needed)", tg_qcat_ids[c], ncat[c]);
		return fail(p, 0, "six categories of 4 quests and one of 3 needed");
	}
	for (int l = 0; l < TG_LANDS; l++) {
		if (!colonise[l])
			return fail(p, 0, "no colonise quest for %s", tg_land_ids[l]);
		if (!explore[l])
			return fail(p, 0, "no explore quest for %s", tg_land_ids[l]);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Entry points. */

static int
load_one(struct parser *p, enum file_kind file, struct tg_data *d,
    const char *text, size_t len, struct rules_error *err)
{
	static const char *const names[] = { "map", "villages", "quests" };
	int r;

	memset(p, 0, sizeof *p);
	p->file = file;
	p->d = d;
	if (text == NULL)
		text = tg_data_default(names[file], &len);
	r = parse_text(p, text, len);
	if (r == 0) {
		if (file == F_MAP)
			r = check_map(p);
		else if (file == F_VILLAGES)
			r = check_villages(p);
		else
			r = check_quests(p);
		r = p->ini.failed ? -1 : 0;
	}
	if (r < 0 && err != NULL) {
		err->code = RULES_EDATA;
		err->data = names[file];
		err->line = p->ini.err_line;
		snprintf(err->msg, sizeof err->msg, "%s", p->ini.msg);
		err->hint[0] = '\0';
	}
	return r < 0 ? RULES_EDATA : 0;
}

int
tg_data_load(struct tg_data *out, const char *map, size_t maplen,
    const char *villages, size_t villageslen, const char *quests,
    size_t questslen, struct rules_error *err)
{
	struct parser *p;
	struct tg_data *d;
	int r;

	/* the scratch state is large: keep it off a small stack */
	p = malloc(sizeof *p);
	d = malloc(sizeof *d);
	if (p == NULL || d == NULL) {
		free(p);
		free(d);
		if (err != NULL) {
			err->code = RULES_ENOMEM;
			err->data = NULL;
			err->line = 0;
			snprintf(err->msg, sizeof err->msg, "out of memory");
			err->hint[0] = '\0';
		}
		return RULES_ENOMEM;
	}
	memset(d, 0, sizeof *d);
	memset(d->capital, 0xff, sizeof d->capital);
	r = load_one(p, F_MAP, d, map, maplen, err);
	if (r == 0)
		r = load_one(p, F_VILLAGES, d, villages, villageslen, err);
	if (r == 0)
		r = load_one(p, F_QUESTS, d, quests, questslen, err);
	if (r == 0)
		memcpy(out, d, sizeof *d);
	free(p);
	free(d);
	return r;
}

const char *
tg_data_default(const char *name, size_t *len)
{
	const char *text = NULL;
	size_t n = 0;

	if (name == NULL)
		return NULL;
	if (strcmp(name, "map") == 0) {
		text = tg_embed_map;
		n = tg_embed_map_len;
	} else if (strcmp(name, "villages") == 0) {
		text = tg_embed_villages;
		n = tg_embed_villages_len;
	} else if (strcmp(name, "quests") == 0) {
		text = tg_embed_quests;
		n = tg_embed_quests_len;
	}
	if (text != NULL && len != NULL)
		*len = n;
	return text;
}

int
tg_spot_find(const struct tg_data *d, const char *name, size_t len)
{
	if (name == NULL)
		return -1;
	for (int i = 0; i < d->nspots; i++)
		if (strlen(d->spots[i].name) == len &&
		    memcmp(d->spots[i].name, name, len) == 0)
			return i;
	return -1;
}

int
tg_path_between(const struct tg_data *d, int a, int b)
{
	if (a < 0 || b < 0 || a >= d->nspots || b >= d->nspots)
		return -1;
	for (int k = 0; k < d->spots[a].nadj; k++)
		if (d->spots[a].adj[k] == b)
			return d->spots[a].adjpath[k];
	return -1;
}
