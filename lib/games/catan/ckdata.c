/*
 * ckdata.c -- the loader of Cities & Knights' design data
 * (catan-ck-rules(7), DATA FILES: the progress cards, the city
 * improvements):
 * every check that page names, each error RULES_EDATA with the blob's
 * name and the line (0 when the text as a whole is wrong, as a deck
 * with no card at all).  Nothing here draws or plays.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inifile.h"
#include "num.h"
#include "suggest.h"
#include "utf8.h"
#include "games/catan/ckdata.h"
#include "games/catan/data.h"

const char *const ck_track_names[CK_TRACKS] = {
	"trade", "politics", "science"
};
const char *
ck_event_name(int e)
{
	return e < 1 || e > 6 ? NULL : e <= 3 ? "ship" : ck_track_names[e - 4];
}

const char *const ck_colour_names[CK_TRACKS] = {
	"yellow", "blue", "green"
};
const char *const ck_ability_names[CK_TRACKS] = {
	"merchant-guild", "fortress", "aqueduct"
};
const char *const ck_effect_names[CK_EFFECTS] = {
	"commercial-harbor", "master-merchant", "merchant", "merchant-fleet",
	"resource-monopoly", "trade-monopoly",
	"bishop", "constitution", "deserter", "diplomat", "intrigue",
	"saboteur", "spy", "warlord", "wedding",
	"alchemist", "crane", "engineer", "inventor", "irrigation",
	"medicine", "mining", "printer", "road-building", "smith"
};

static const char *const commodity_names[CK_TRACKS] = {
	"cloth", "coin", "paper"
};

/* Keys of a progress section (bits) and of an improvements section. */
enum { PK_DECK = 1, PK_COUNT = 2, PK_EFFECT = 4, PK_NAME = 8, PK_NL = 16 };
#define PK_NEEDED (PK_DECK | PK_COUNT | PK_EFFECT | PK_NAME)
static const char *const pkeys[] = { "deck", "count", "effect", "name", "nl" };

static const char *const ikeys[] = {
	"colour", "commodity", "ability", "cost", "red",
	"level1", "level2", "level3", "level4", "level5"
};
#define NIKEYS ((int)(sizeof ikeys / sizeof ikeys[0]))
#define IK_ALL ((1u << NIKEYS) - 1)

struct ckparser {
	struct inifile ini;
	struct ck_data *d;
	int cur;		/* card or track of the section, -1 none */
	unsigned keys;		/* keys given in the section */
	int sect_line;
	/* improvements */
	int track_line[CK_TRACKS];
	int colour_line[CK_TRACKS], commodity_line[CK_TRACKS],
	    ability_line[CK_TRACKS];
	/* progress */
	int effect_line[CK_EFFECTS];
};

#define fail(p, ...) inifile_fail(&(p)->ini, __VA_ARGS__)

/* ---- look-ups ----------------------------------------------------------- */

int
ck_card_by_slug(const struct ck_data *d, const char *s, size_t len)
{
	for (int i = 0; i < d->ncards; i++)
		if (strlen(d->cards[i].slug) == len &&
		    memcmp(d->cards[i].slug, s, len) == 0)
			return i;
	return -1;
}

/* CK17.4's 2025 (6th edition) names, by the effect of the card renamed
   (samuelih/sammys-settlers lists them); the others kept their name. */
static const struct {
	uint8_t effect;
	const char *name;
} renames[] = {
	{ CK_E_MASTER_MERCHANT, "guild dues" },
	{ CK_E_DIPLOMAT, "diplomacy" },
	{ CK_E_WARLORD, "encouragement" },
	{ CK_E_SPY, "espionage" },
	{ CK_E_SABOTEUR, "sabotage" },
	{ CK_E_BISHOP, "taxation" },
	{ CK_E_DESERTER, "treason" },
	{ CK_E_ALCHEMIST, "alchemy" },
	{ CK_E_ENGINEER, "engineering" },
	{ CK_E_INVENTOR, "invention" },
	{ CK_E_SMITH, "smithing" },
	{ CK_E_PRINTER, "printing" },
};

/* s (len bytes) in lower case without ' ', '-' and '_' into buf (n > 0). */
static void
fold(const char *s, size_t len, char *buf, size_t n)
{
	size_t j = 0;

	for (size_t i = 0; i < len && j + 1 < n; i++) {
		char c = s[i];

		if (c == ' ' || c == '-' || c == '_')
			continue;
		buf[j++] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
	}
	buf[j] = '\0';
}

static int
same_folded(const char *folded, const char *name)
{
	char b[CK_NAME_MAX + 1];

	fold(name, strlen(name), b, sizeof b);
	return b[0] != '\0' && strcmp(folded, b) == 0;
}

int
ck_card_hint(const struct ck_data *d, const char *s, size_t len)
{
	const char *slugs[CK_EFFECTS], *near;
	char w[CK_NAME_MAX + 1];
	size_t i;
	int c;

	if (len == 0 || len > CK_NAME_MAX)
		return -1;
	fold(s, len, w, sizeof w);
	for (c = 0; c < d->ncards; c++)
		if (same_folded(w, d->cards[c].nl) ||
		    same_folded(w, d->cards[c].name) ||
		    same_folded(w, d->cards[c].slug))
			return c;
	for (i = 0; i < sizeof renames / sizeof renames[0]; i++)
		if (same_folded(w, renames[i].name) &&
		    (c = ck_card_by_effect(d, renames[i].effect)) >= 0)
			return c;
	memcpy(w, s, len);
	w[len] = '\0';
	for (c = 0; c < d->ncards; c++)
		slugs[c] = d->cards[c].slug;
	near = suggest_nearest(w, slugs, (size_t)d->ncards);
	return near == NULL ? -1 : ck_card_by_slug(d, near, strlen(near));
}

int
ck_card_by_effect(const struct ck_data *d, int e)
{
	for (int i = 0; i < d->ncards; i++)
		if (d->cards[i].effect == e)
			return i;
	return -1;
}

int
ck_track_of_commodity(const struct ck_data *d, int k)
{
	for (int t = 0; t < CK_TRACKS; t++)
		if (d->track[t].commodity == k)
			return t;
	return -1;
}

int
ck_track_of_ability(const struct ck_data *d, int a)
{
	for (int t = 0; t < CK_TRACKS; t++)
		if (d->track[t].ability == a)
			return t;
	return -1;
}

/* ---- the progress cards (DATA FILES, [slug] in progress) ---------------- */

/* A card's slug: ^[a-z][a-z0-9-]{0,31}$ */
static int
valid_slug(const char *s)
{
	size_t n = strlen(s);

	if (n < 1 || n > CK_SLUG_MAX || s[0] < 'a' || s[0] > 'z')
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return 0;
	return 1;
}

/* The keys a section left out, checked when it ends. */
static int
progress_end_section(struct ckparser *p)
{
	if (p->cur < 0)
		return 1;
	for (int k = 0; k < 4; k++)
		if (!(p->keys & (1u << k)))
			return fail(p, p->sect_line, "card '%s' needs '%s'",
			    p->d->cards[p->cur].slug, pkeys[k]);
	return 1;
}

static int
progress_key(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct ckparser *p = user;
	struct ck_data *d = p->d;
	int line = p->ini.lineno, k, v;
	struct ck_card *c;

	if (first) {
		if (!progress_end_section(p))
			return 0;
		p->sect_line = p->ini.sect_line;
		p->keys = 0;
		if (!valid_slug(section))
			return fail(p, p->sect_line, "bad card slug '%s' "
			    "(a-z first, then a-z, 0-9 or '-', at most %d "
			    "bytes)", section, CK_SLUG_MAX);
		if (ck_card_by_slug(d, section, strlen(section)) >= 0)
			return fail(p, p->sect_line, "card '%s' given twice",
			    section);
		if (d->ncards >= CK_EFFECTS)
			return fail(p, p->sect_line, "too many cards (at most "
			    "%d, one an effect)", CK_EFFECTS);
		p->cur = d->ncards++;
		c = &d->cards[p->cur];
		memset(c, 0, sizeof *c);
		memcpy(c->slug, section, strlen(section) + 1);
		c->line = p->sect_line;
	}
	c = &d->cards[p->cur];
	k = inifile_find(pkeys, (int)(sizeof pkeys / sizeof pkeys[0]), name);
	if (k < 0)
		return fail(p, line, "unknown key '%s' in [%s]", name, c->slug);
	if (p->keys & (1u << k))
		return fail(p, line, "'%s' given twice in [%s]", name, c->slug);
	p->keys |= 1u << k;
	switch (1u << k) {
	case PK_DECK:
		v = inifile_find(ck_track_names, CK_TRACKS, value);
		if (v < 0)
			return fail(p, line, "deck '%s' is not trade, politics "
			    "or science", value);
		c->deck = (uint8_t)v;
		break;
	case PK_COUNT:
		if (num_uint(value, 0, CK_COUNT_MAX, 0, &v) != 0)
			return fail(p, line, "count '%s' is not a number from "
			    "0 to %d", value, CK_COUNT_MAX);
		c->count = (uint8_t)v;
		break;
	case PK_EFFECT:
		v = inifile_find(ck_effect_names, CK_EFFECTS, value);
		if (v < 0)
			return fail(p, line, "unknown effect '%s'", value);
		if (p->effect_line[v])
			return fail(p, line, "effect '%s' used twice (first on "
			    "line %d)", value, p->effect_line[v]);
		p->effect_line[v] = line;
		c->effect = (uint8_t)v;
		break;
	case PK_NAME:
		if (value[0] == '\0' || strlen(value) > CK_NAME_MAX ||
		    !utf8_valid(value, strlen(value)) ||
		    utf8_has_control(value, strlen(value)))
			return fail(p, line, "name must be 1-%d bytes of "
			    "UTF-8 text", CK_NAME_MAX);
		memcpy(c->name, value, strlen(value) + 1);
		break;
	default:	/* PK_NL */
		if (strlen(value) > CK_NAME_MAX ||
		    !utf8_valid(value, strlen(value)) ||
		    utf8_has_control(value, strlen(value)))
			return fail(p, line, "nl must be at most %d bytes of "
			    "UTF-8 text", CK_NAME_MAX);
		memcpy(c->nl, value, strlen(value) + 1);
		break;
	}
	return 1;
}

/* Each deck holds 1 to CK_DECK_MAX cards: checked once all are read. */
static void
progress_check_decks(struct ckparser *p)
{
	struct ck_data *d = p->d;
	int total[CK_TRACKS] = { 0 }, first[CK_TRACKS] = { 0 };

	for (int i = 0; i < d->ncards && !p->ini.failed; i++) {
		const struct ck_card *c = &d->cards[i];

		if (!first[c->deck])
			first[c->deck] = c->line;
		total[c->deck] += c->count;
		if (total[c->deck] > CK_DECK_MAX)
			fail(p, c->line, "the %s deck holds more than %d cards",
			    ck_track_names[c->deck], CK_DECK_MAX);
	}
	for (int t = 0; t < CK_TRACKS && !p->ini.failed; t++) {
		if (total[t] < 1)
			fail(p, first[t], "the %s deck is empty",
			    ck_track_names[t]);
		d->deck_total[t] = (uint8_t)total[t];
	}
}

/* ---- the improvements (DATA FILES, [trade] [politics] [science]) ------- */

static int
improvements_end_section(struct ckparser *p)
{
	if (p->cur < 0)
		return 1;
	for (int k = 0; k < NIKEYS; k++)
		if (!(p->keys & (1u << k)))
			return fail(p, p->sect_line, "[%s] needs '%s'",
			    ck_track_names[p->cur], ikeys[k]);
	return 1;
}

/* Five integers min-max into out; 0 after an error. */
static int
five(struct ckparser *p, const char *key, const char *value, int min, int max,
    uint8_t out[CK_LEVELS])
{
	const char *s = value;
	char w[16];
	int n = 0, v;

	while (inifile_word(&s, w, sizeof w, 0)) {
		if (n == CK_LEVELS)
			return fail(p, p->ini.lineno, "'%s' needs exactly %d "
			    "numbers", key, CK_LEVELS);
		if (num_uint(w, min, max, 0, &v) != 0)
			return fail(p, p->ini.lineno, "'%s': '%s' is not a "
			    "number from %d to %d", key, w, min, max);
		out[n++] = (uint8_t)v;
	}
	if (n != CK_LEVELS)
		return fail(p, p->ini.lineno, "'%s' needs exactly %d numbers",
		    key, CK_LEVELS);
	return 1;
}

/* value from names[3], distinct among the tracks. */
static int
distinct(struct ckparser *p, const char *key, const char *value,
    const char *const names[CK_TRACKS], int lines[CK_TRACKS], uint8_t *out)
{
	int v = inifile_find(names, CK_TRACKS, value);

	if (v < 0)
		return fail(p, p->ini.lineno, "%s '%s' is not %s, %s or %s",
		    key, value, names[0], names[1], names[2]);
	if (lines[v])
		return fail(p, p->ini.lineno, "%s '%s' used twice (first on "
		    "line %d)", key, value, lines[v]);
	lines[v] = p->ini.lineno;
	*out = (uint8_t)v;
	return 1;
}

static int
improvements_key(void *user, const char *section, int first,
    const char *name, const char *value)
{
	struct ckparser *p = user;
	struct ck_trackdef *t;
	int line = p->ini.lineno, k;
	uint8_t v;

	if (first) {
		if (!improvements_end_section(p))
			return 0;
		p->sect_line = p->ini.sect_line;
		p->keys = 0;
		p->cur = inifile_find(ck_track_names, CK_TRACKS, section);
		if (p->cur < 0)
			return fail(p, p->sect_line, "unknown section '[%s]' "
			    "(trade, politics or science)", section);
		if (p->track_line[p->cur]) {
			int first_line = p->track_line[p->cur];

			p->cur = -1;
			return fail(p, p->sect_line, "[%s] given twice (first "
			    "on line %d)", section, first_line);
		}
		p->track_line[p->cur] = p->sect_line;
	}
	t = &p->d->track[p->cur];
	k = inifile_find(ikeys, NIKEYS, name);
	if (k < 0)
		return fail(p, line, "unknown key '%s' in [%s]", name,
		    ck_track_names[p->cur]);
	if (p->keys & (1u << k))
		return fail(p, line, "'%s' given twice in [%s]", name,
		    ck_track_names[p->cur]);
	p->keys |= 1u << k;
	switch (k) {
	case 0:
		return distinct(p, "colour", value, ck_colour_names,
		    p->colour_line, &t->colour);
	case 1:
		if (!distinct(p, "commodity", value, commodity_names,
		    p->commodity_line, &v))
			return 0;
		t->commodity = (uint8_t)(CA_CLOTH + v);
		return 1;
	case 2:
		return distinct(p, "ability", value, ck_ability_names,
		    p->ability_line, &t->ability);
	case 3:
		return five(p, "cost", value, 1, CK_COST_MAX, t->cost);
	case 4:
		if (!five(p, "red", value, 1, 6, t->red))
			return 0;
		for (int i = 1; i < CK_LEVELS; i++)
			if (t->red[i] < t->red[i - 1])
				return fail(p, line, "'red' must not decrease "
				    "(%d after %d)", t->red[i], t->red[i - 1]);
		return 1;
	default:	/* level1-level5 */
		if (value[0] == '\0' || strlen(value) > CK_NAME_MAX ||
		    !utf8_valid(value, strlen(value)) ||
		    utf8_has_control(value, strlen(value)))
			return fail(p, line, "'%s' must be 1-%d bytes of UTF-8 "
			    "text", name, CK_NAME_MAX);
		memcpy(t->level[k - 5], value, strlen(value) + 1);
		return 1;
	}
}

/* ---- the entry point ---------------------------------------------------- */

static void
set_err(struct rules_error *err, const struct inifile *ini, const char *data)
{
	memset(err, 0, sizeof *err);
	err->code = RULES_EDATA;
	err->data = data;
	err->line = ini->err_line;
	snprintf(err->msg, sizeof err->msg, "%s", ini->msg);
}

static void
parser_init(struct ckparser *p, struct ck_data *d,
    int (*key)(void *, const char *, int, const char *, const char *))
{
	memset(p, 0, sizeof *p);
	p->d = d;
	p->cur = -1;
	p->ini.key = key;
	p->ini.user = p;
	p->ini.flags = INIFILE_NO_EMPTY_SECTIONS;
}

int
ck_data_load(struct ck_data *d, const char *progress, size_t progress_len,
    const char *improvements, size_t improvements_len,
    struct rules_error *err)
{
	struct ckparser *p = calloc(1, sizeof *p);
	int rc = 0;

	if (p == NULL) {
		memset(err, 0, sizeof *err);
		err->code = RULES_ENOMEM;
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return RULES_ENOMEM;
	}
	memset(d, 0, sizeof *d);
	if (progress == NULL) {
		progress = ca_embed_progress;
		progress_len = ca_embed_progress_len;
	}
	if (improvements == NULL) {
		improvements = ca_embed_improvements;
		improvements_len = ca_embed_improvements_len;
	}
	parser_init(p, d, progress_key);
	if (inifile_parse(&p->ini, progress, progress_len) == 0 &&
	    progress_end_section(p))
		progress_check_decks(p);
	if (p->ini.failed) {
		set_err(err, &p->ini, "progress");
		rc = RULES_EDATA;
		goto out;
	}
	parser_init(p, d, improvements_key);
	if (inifile_parse(&p->ini, improvements, improvements_len) == 0 &&
	    improvements_end_section(p))
		for (int t = 0; t < CK_TRACKS; t++)
			if (!p->track_line[t]) {
				fail(p, 0, "the improvements need [%s]",
				    ck_track_names[t]);
				break;
			}
	if (p->ini.failed) {
		set_err(err, &p->ini, "improvements");
		rc = RULES_EDATA;
	}
out:
	free(p);
	return rc;
}
