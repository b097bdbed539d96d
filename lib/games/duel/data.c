/*
 * data.c -- the loader of Catan: het Duel's card data (duel-rules(7), DATA,
 * the "cards" blob): region kinds, starting principalities, the region
 * stack, and every card.  Every check of §6's list is here; every error
 * is RULES_EDATA with data "cards" and the line it concerns (the
 * section header's line for checks of a whole section, 0 for checks of
 * the whole text).
 *
 * Decisions beyond §6 (duel-rules(7), DATA): region-expansion sites are
 * a theme rule, so a basic-set card may not name one; requirements are
 * a theme rule (DU18.8), so only a theme card has any (struct
 * du_card's req[]); open = yes only in a theme set.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inifile.h"
#include "num.h"
#include "games/duel/data.h"

const char *const du_res_names[DU_RES] = {
	"lumber", "brick", "wool", "grain", "ore", "gold"
};
static const char *const res_dutch[DU_RES] = {
	"hout", "baksteen", "wol", "graan", "erts", "goud"
};
const char *const du_kind_names[DU_KINDS] = {
	"road", "settlement", "city", "action", "building", "hero",
	"trade-ship", "unit", "event"
};
static const char *const site_names[] = {
	"none", "settlement", "city", "region"
};
const char *const du_set_names[DU_SETS] = {
	"centre", "basis", "gouden-eeuw", "conflict", "vooruitgang"
};
const char *const du_effect_names[DU_EFFECTS] = {
	"none", "road", "settlement", "city", "goldsmith", "caravan",
	"fix-production", "relocation", "scout", "abbey", "marketplace",
	"parish-hall", "storehouse", "toll-bridge", "booster", "trade-ship",
	"large-trade-ship", "feud", "fraternal-feuds", "ships-race",
	"traveling-merchant", "rich-year", "invention", "summer-feast",
	"harbour", "salt-warehouse", "trading-post", "moneylender",
	"royal-gift", "emporium", "master-merchant", "trader", "raid",
	"messenger", "mint", "pirate-ship", "dounya", "gold-cache"
};
/* The conditions a `requires` may name besides card slugs (DU18.8). */
static const char *const conditions[] = {
	"strength-advantage", "trade-advantage", "city", "fewer-vp",
	"trade-points", "progress-points"
};
#define NCONDITIONS ((int)(sizeof conditions / sizeof conditions[0]))
/* The starting cells of DU3.1, in region-number order. */
static const char *const start_cells[DU_START_REGIONS] = {
	"k2", "m2", "o2", "k4", "m4", "o4"
};

enum sect { S_NONE, S_REGION, S_START, S_RSTACK, S_CARD };

/* card keys, as bits of struct parser.keys */
static const char *const card_keys[] = {
	"name", "gloss", "set", "count", "start", "kind", "site", "cost",
	"unique", "vp", "strength", "skill", "trade", "progress", "effect",
	"param", "requires", "open", "halfmoon", "text", "theme"
};
enum { K_NAME, K_GLOSS, K_SET, K_COUNT, K_START, K_KIND, K_SITE, K_COST,
	K_UNIQUE, K_VP, K_STR, K_SKILL, K_TRADE, K_PROGRESS, K_EFFECT,
	K_PARAM, K_REQUIRES, K_OPEN, K_HALFMOON, K_TEXT, K_THEME, NCARD_KEYS };
#define REQUIRED_CARD ((1u << K_NAME) | (1u << K_SET) | (1u << K_COUNT) | \
	(1u << K_KIND) | (1u << K_EFFECT))

struct parser {
	struct inifile ini;
	struct du_data *d;
	enum sect sect;
	int cur;			/* kind, seat or card of the section */
	unsigned keys;
	int line[NCARD_KEYS];		/* each key's line in this section */
	int rkind_line[DU_RES];		/* 0: not given */
	int rkind_keys[DU_RES];
	int start_line[2];
	int start_seen[2][DU_START_REGIONS];
	int rstack_line;
	int card_line[DU_MAX_CARDS];
	unsigned card_keyset[DU_MAX_CARDS];
	int param_line[DU_MAX_CARDS];
	char param[DU_MAX_CARDS][DU_SLUG_MAX];
	int requires_line[DU_MAX_CARDS];
	char requires[DU_MAX_CARDS][128];
	/* a [region X] section's raw values until its resource is known */
	char rk_slug[DU_SLUG_MAX], rk_name[DU_NAME_MAX], rk_gloss[DU_NAME_MAX];
	int rk_res, rk_line;
	int nkinds_seen;
	char kind_slug_seen[DU_RES][DU_SLUG_MAX];
	/* starting regions and region stack as written, by kind slug */
	char start_kind[2][DU_START_REGIONS][DU_SLUG_MAX];
	int start_num[2][DU_START_REGIONS], start_stored[2][DU_START_REGIONS];
	char rs_kind[DU_MAX_RSTACK + 1][DU_SLUG_MAX];
	int rs_num[DU_MAX_RSTACK + 1], nrs;
};

#define fail(p, ...) inifile_fail(&(p)->ini, __VA_ARGS__)

/* ---- small helpers ------------------------------------------------------ */

static int
valid_slug(const char *s)
{
	size_t n = strlen(s);

	if (n < 1 || n > DU_SLUG_MAX - 1)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    *s == '-'))
			return 0;
	return 1;
}

static int
find_name(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

int
du_res_find(const char *s, size_t len)
{
	if (len == 0)
		return -1;
	/* the first letter first: replays parse a kind in many orders */
	for (int r = 0; r < DU_RES; r++) {
		if (du_res_names[r][0] == s[0] && strlen(du_res_names[r]) == len &&
		    strncmp(du_res_names[r], s, len) == 0)
			return r;
		if (res_dutch[r][0] == s[0] && strlen(res_dutch[r]) == len &&
		    strncmp(res_dutch[r], s, len) == 0)
			return r;
	}
	return -1;
}

int
du_rkind_find(const struct du_data *d, const char *s, size_t len)
{
	for (int r = 0; r < DU_RES; r++)
		if (strlen(d->rkind[r].slug) == len &&
		    strncmp(d->rkind[r].slug, s, len) == 0)
			return r;
	return -1;
}

int
du_card_find(const struct du_data *d, const char *slug)
{
	for (int i = 0; i < d->ncards; i++)
		if (d->card[i].slug[0] == slug[0] &&
		    strcmp(d->card[i].slug, slug) == 0)
			return i;
	return -1;
}

void
du_region_slug(const struct du_data *d, int region, char *buf, size_t n)
{
	const struct du_region *r = &d->region[region];

	snprintf(buf, n, "%s-%d", d->rkind[r->kind].slug, r->number);
}

static int
copy_text(struct parser *p, char *dst, size_t n, const char *v,
    const char *what)
{
	if (strlen(v) >= n)
		return fail(p, p->ini.lineno, "%s is longer than %zu bytes", what,
		    n - 1);
	memcpy(dst, v, strlen(v) + 1);
	return 1;
}

/* "kind N [stored S]": a starting region's value. */
static int
parse_region_value(struct parser *p, const char *v, char *kind, int *num,
    int *stored)
{
	char w[4][DU_SLUG_MAX];
	int n = 0;

	while (n < 4 && inifile_word(&v, w[n], sizeof w[n], 0))
		n++;
	if (n == 4 && inifile_word(&v, w[0], sizeof w[0], 0))
		return fail(p, p->ini.lineno, "expected 'KIND NUMBER [stored N]'");
	if (n != 2 && !(n == 4 && strcmp(w[2], "stored") == 0))
		return fail(p, p->ini.lineno, "expected 'KIND NUMBER [stored N]'");
	if (num_uint(w[1], 0, 6, 0, num) != 0 || *num < 1)
		return fail(p, p->ini.lineno, "region number '%s' is not 1-6",
		    w[1]);
	*stored = 0;
	if (n == 4 && num_uint(w[3], 0, 3, 0, stored) != 0)
		return fail(p, p->ini.lineno, "stored units '%s' are not 0-3",
		    w[3]);
	snprintf(kind, DU_SLUG_MAX, "%s", w[0]);
	return 1;
}

/* "brick 1, grain 1" */
static int
parse_cost(struct parser *p, const char *v, uint8_t *cost)
{
	char w[DU_SLUG_MAX], a[8];

	memset(cost, 0, DU_RES);
	while (inifile_word(&v, w, sizeof w, 1)) {
		int r = du_res_find(w, strlen(w)), n;

		if (r < 0)
			return fail(p, p->ini.lineno, "unknown resource '%s' in "
			    "cost (lumber, brick, wool, grain, ore, gold)", w);
		if (!inifile_word(&v, a, sizeof a, 1) ||
		    num_uint(a, 0, 9, 0, &n) != 0 ||
		    n < 1)
			return fail(p, p->ini.lineno, "cost of %s must be 1-9",
			    du_res_names[r]);
		if (cost[r])
			return fail(p, p->ini.lineno, "cost names %s twice",
			    du_res_names[r]);
		cost[r] = (uint8_t)n;
	}
	return 1;
}

static int
yes_no(struct parser *p, const char *v, uint8_t *out)
{
	if (strcmp(v, "yes") == 0)
		*out = 1;
	else if (strcmp(v, "no") == 0)
		*out = 0;
	else
		return fail(p, p->ini.lineno, "expected yes or no, not '%s'", v);
	return 1;
}

/* ---- sections ----------------------------------------------------------- */

static int
begin_section(struct parser *p, const char *section)
{
	struct du_data *d = p->d;

	p->keys = 0;
	memset(p->line, 0, sizeof p->line);
	if (strncmp(section, "region ", 7) == 0) {
		const char *s = section + 7;

		if (!valid_slug(s))
			return fail(p, p->ini.sect_line, "region kind '%s' is not a "
			    "slug ([a-z0-9-], 1-31)", s);
		for (int i = 0; i < p->nkinds_seen; i++)
			if (strcmp(p->kind_slug_seen[i], s) == 0)
				return fail(p, p->ini.sect_line, "region kind '%s' "
				    "is given twice", s);
		if (p->nkinds_seen == DU_RES)
			return fail(p, p->ini.sect_line, "more than six region "
			    "kinds");
		snprintf(p->kind_slug_seen[p->nkinds_seen++], DU_SLUG_MAX, "%s",
		    s);
		p->sect = S_REGION;
		snprintf(p->rk_slug, sizeof p->rk_slug, "%s", s);
		p->rk_name[0] = p->rk_gloss[0] = '\0';
		p->rk_res = -1;
		p->rk_line = p->ini.sect_line;
		return 1;
	}
	if (strcmp(section, "start red") == 0 ||
	    strcmp(section, "start blue") == 0) {
		int s = section[6] == 'b';

		if (p->start_line[s])
			return fail(p, p->ini.sect_line, "[%s] is given twice",
			    section);
		p->start_line[s] = p->ini.sect_line;
		p->sect = S_START;
		p->cur = s;
		return 1;
	}
	if (strcmp(section, "regionstack") == 0) {
		if (p->rstack_line)
			return fail(p, p->ini.sect_line, "[regionstack] is given "
			    "twice");
		p->rstack_line = p->ini.sect_line;
		p->sect = S_RSTACK;
		return 1;
	}
	if (strncmp(section, "card ", 5) == 0) {
		const char *s = section + 5;
		struct du_card *c;

		if (!valid_slug(s))
			return fail(p, p->ini.sect_line, "card '%s' is not a slug "
			    "([a-z0-9-], 1-31)", s);
		if (du_card_find(d, s) >= 0)
			return fail(p, p->ini.sect_line, "card '%s' is given twice",
			    s);
		if (d->ncards == DU_MAX_CARDS)
			return fail(p, p->ini.sect_line, "more than %d cards",
			    DU_MAX_CARDS);
		p->cur = d->ncards++;
		c = &d->card[p->cur];
		memset(c, 0, sizeof *c);
		snprintf(c->slug, sizeof c->slug, "%s", s);
		p->card_line[p->cur] = p->ini.sect_line;
		p->sect = S_CARD;
		return 1;
	}
	return fail(p, p->ini.sect_line, "unknown section [%s] (region KIND, "
	    "start red, start blue, regionstack, card SLUG)", section);
}

static int
region_key(struct parser *p, const char *name, const char *v)
{
	static const char *const keys[] = { "name", "gloss", "resource" };
	int k = find_name(keys, 3, name);

	if (k < 0)
		return fail(p, p->ini.lineno, "unknown key '%s' in [region %s] "
		    "(name, gloss, resource)", name, p->rk_slug);
	if (p->keys & (1u << k))
		return fail(p, p->ini.lineno, "'%s' is given twice", name);
	p->keys |= 1u << k;
	if (k == 0)
		return copy_text(p, p->rk_name, sizeof p->rk_name, v, "name");
	if (k == 1)
		return copy_text(p, p->rk_gloss, sizeof p->rk_gloss, v, "gloss");
	p->rk_res = find_name(du_res_names, DU_RES, v);
	if (p->rk_res < 0)
		return fail(p, p->ini.lineno, "unknown resource '%s' (lumber, "
		    "brick, wool, grain, ore, gold)", v);
	if (p->rkind_line[p->rk_res])
		return fail(p, p->ini.lineno, "two region kinds yield %s (first "
		    "on line %d)", v, p->rkind_line[p->rk_res]);
	p->rkind_line[p->rk_res] = p->ini.sect_line;
	snprintf(p->d->rkind[p->rk_res].slug, DU_SLUG_MAX, "%s", p->rk_slug);
	return 1;
}

/* A [region X] section is complete: store its names under its resource. */
static int
end_region(struct parser *p)
{
	struct du_region_kind *k;

	if (p->rk_res < 0)
		return fail(p, p->rk_line, "[region %s] has no resource",
		    p->rk_slug);
	if (p->rk_name[0] == '\0')
		return fail(p, p->rk_line, "[region %s] has no name",
		    p->rk_slug);
	k = &p->d->rkind[p->rk_res];
	snprintf(k->name, sizeof k->name, "%s", p->rk_name);
	snprintf(k->gloss, sizeof k->gloss, "%s", p->rk_gloss);
	return 1;
}

static int
start_key(struct parser *p, const char *name, const char *v)
{
	int s = p->cur, c = find_name(start_cells, DU_START_REGIONS, name);

	if (c < 0)
		return fail(p, p->ini.lineno, "'%s' is not a starting region cell "
		    "(k2 m2 o2 k4 m4 o4, DU3.1)", name);
	if (p->start_seen[s][c])
		return fail(p, p->ini.lineno, "%s is given twice (first on line "
		    "%d)", name, p->start_seen[s][c]);
	p->start_seen[s][c] = p->ini.lineno;
	return parse_region_value(p, v, p->start_kind[s][c],
	    &p->start_num[s][c], &p->start_stored[s][c]);
}

static int
rstack_key(struct parser *p, const char *name, const char *v)
{
	char w[DU_SLUG_MAX], a[8];

	if (strcmp(name, "cards") != 0)
		return fail(p, p->ini.lineno, "unknown key '%s' in [regionstack] "
		    "(cards)", name);
	if (p->keys)
		return fail(p, p->ini.lineno, "'cards' is given twice");
	p->keys = 1;
	while (inifile_word(&v, w, sizeof w, 1)) {
		int n;

		if (p->nrs == DU_MAX_RSTACK)
			return fail(p, p->ini.lineno, "more than %d cards in the "
			    "region stack (24 regions in all, DU1.2)",
			    DU_MAX_RSTACK);
		if (!inifile_word(&v, a, sizeof a, 1) ||
		    num_uint(a, 0, 6, 0, &n) != 0 ||
		    n < 1)
			return fail(p, p->ini.lineno, "region %s: number must be "
			    "1-6", w);
		snprintf(p->rs_kind[p->nrs], DU_SLUG_MAX, "%s", w);
		p->rs_num[p->nrs++] = n;
	}
	return 1;
}

/* theme = SET N[, SET N]: a basic card's copies in theme sets (DU19:
 * De Gouden Eeuw has an Opslagplaats, a Tolbrug, ... of its own). */
static int
parse_copies(struct parser *p, const char *v, struct du_card *c)
{
	char w[DU_SLUG_MAX], a[8];
	int set, n;

	while (inifile_word(&v, w, sizeof w, 1)) {
		if ((set = find_name(du_set_names, DU_SETS, w)) < DU_SET_GOLD)
			return fail(p, p->ini.lineno, "card %s: theme names a "
			    "theme set and a count (gouden-eeuw 1), not '%s'",
			    c->slug, w);
		if (!inifile_word(&v, a, sizeof a, 1) ||
		    num_uint(a, 1, 9, 0, &n) != 0)
			return fail(p, p->ini.lineno, "card %s: theme %s needs a "
			    "count 1-9", c->slug, w);
		c->copies[set] = (uint8_t)n;
	}
	return 1;
}

static int
card_key(struct parser *p, const char *name, const char *v)
{
	struct du_card *c = &p->d->card[p->cur];
	int k = find_name(card_keys, NCARD_KEYS, name), n;

	if (k < 0)
		return fail(p, p->ini.lineno, "unknown key '%s' in [card %s]",
		    name, c->slug);
	if (p->keys & (1u << k))
		return fail(p, p->ini.lineno, "'%s' is given twice (first on "
		    "line %d)", name, p->line[k]);
	p->keys |= 1u << k;
	p->line[k] = p->ini.lineno;
	p->card_keyset[p->cur] = p->keys;
	switch (k) {
	case K_NAME:
		if (*v == '\0')
			return fail(p, p->ini.lineno, "card %s: empty name",
			    c->slug);
		return copy_text(p, c->name, sizeof c->name, v, "name");
	case K_GLOSS:
		return copy_text(p, c->gloss, sizeof c->gloss, v, "gloss");
	case K_TEXT:
		return copy_text(p, c->text, sizeof c->text, v, "text");
	case K_SET:
		if ((n = find_name(du_set_names, DU_SETS, v)) < 0)
			return fail(p, p->ini.lineno, "unknown set '%s' (centre, "
			    "basis, gouden-eeuw, conflict, vooruitgang)", v);
		c->set = (uint8_t)n;
		return 1;
	case K_KIND:
		if ((n = find_name(du_kind_names, DU_KINDS, v)) < 0)
			return fail(p, p->ini.lineno, "unknown kind '%s' (road, "
			    "settlement, city, action, building, hero, trade-ship, "
			    "unit, event)", v);
		c->kind = (uint8_t)n;
		return 1;
	case K_SITE:
		if ((n = find_name(site_names, 4, v)) < 0)
			return fail(p, p->ini.lineno, "unknown site '%s' "
			    "(settlement, city, region, none)", v);
		c->site = (uint8_t)n;
		return 1;
	case K_EFFECT:
		if ((n = find_name(du_effect_names, DU_EFFECTS, v)) < 0)
			return fail(p, p->ini.lineno, "card %s: effect '%s' is not "
			    "implemented by this build", c->slug, v);
		c->effect = (uint8_t)n;
		return 1;
	case K_COST:
		return parse_cost(p, v, c->cost);
	case K_UNIQUE:
		return yes_no(p, v, &c->unique);
	case K_OPEN:
		return yes_no(p, v, &c->open);
	case K_PARAM:
		p->param_line[p->cur] = p->ini.lineno;
		return copy_text(p, p->param[p->cur], sizeof p->param[0], v,
		    "param");
	case K_THEME:
		return parse_copies(p, v, c);
	case K_REQUIRES:
		p->requires_line[p->cur] = p->ini.lineno;
		return copy_text(p, p->requires[p->cur], sizeof p->requires[0], v,
		    "requires");
	default:
		break;
	}
	/* numbers */
	{
		uint8_t *dst = k == K_COUNT ? &c->count : k == K_START ? &c->start :
		    k == K_HALFMOON ? &c->halfmoon : k == K_VP ? &c->vp :
		    k == K_STR ? &c->strength : k == K_SKILL ? &c->skill :
		    k == K_TRADE ? &c->trade : &c->progress;

		if (num_uint(v, 0, 9, 0, &n) != 0 || (k == K_COUNT && n < 1))
			return fail(p, p->ini.lineno, "card %s: %s must be %s, not "
			    "'%s'", c->slug, name, k == K_COUNT ? "1-9" : "0-9", v);
		*dst = (uint8_t)n;
	}
	return 1;
}

static int
end_section(struct parser *p)
{
	if (p->sect == S_REGION)
		return end_region(p);
	return 1;
}

static int
on_key(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct parser *p = user;

	if (first) {
		if (!end_section(p))
			return 0;
		if (!begin_section(p, section))
			return 0;
	}
	switch (p->sect) {
	case S_REGION:
		return region_key(p, name, value);
	case S_START:
		return start_key(p, name, value);
	case S_RSTACK:
		return rstack_key(p, name, value);
	case S_CARD:
		return card_key(p, name, value);
	default:
		return fail(p, p->ini.lineno, "key outside a section");
	}
}

/* ---- checks of the whole text ------------------------------------------- */

static int
check_regions(struct parser *p)
{
	struct du_data *d = p->d;
	int n = 0;

	for (int r = 0; r < DU_RES; r++)
		if (!p->rkind_line[r])
			return fail(p, 0, "no region kind yields %s: six region "
			    "kinds with six different resources are needed (DU4.1)",
			    du_res_names[r]);
	for (int s = 0; s < 2; s++) {
		int nums = 0, kinds = 0;

		if (!p->start_line[s])
			return fail(p, 0, "no [start %s] (DU3.1)", s ? "blue" :
			    "red");
		for (int c = 0; c < DU_START_REGIONS; c++) {
			int k;

			if (!p->start_seen[s][c])
				return fail(p, p->start_line[s], "[start %s] has no "
				    "%s: the start fills k2 m2 o2 k4 m4 o4 (DU3.1)",
				    s ? "blue" : "red", start_cells[c]);
			k = du_rkind_find(d, p->start_kind[s][c],
			    strlen(p->start_kind[s][c]));
			if (k < 0)
				return fail(p, p->start_seen[s][c], "unknown region "
				    "kind '%s'", p->start_kind[s][c]);
			if (kinds & (1 << k))
				return fail(p, p->start_seen[s][c], "[start %s] has "
				    "%s twice: each kind once (DU3.1)", s ? "blue" :
				    "red", d->rkind[k].slug);
			if (nums & (1 << p->start_num[s][c]))
				return fail(p, p->start_seen[s][c], "[start %s] has "
				    "number %d twice: each number 1-6 once (DU3.1)",
				    s ? "blue" : "red", p->start_num[s][c]);
			kinds |= 1 << k;
			nums |= 1 << p->start_num[s][c];
			d->region[n].kind = (uint8_t)k;
			d->region[n].number = (uint8_t)p->start_num[s][c];
			d->region[n].stored = (uint8_t)p->start_stored[s][c];
			d->region[n].cell = (uint8_t)c;
			n++;
		}
	}
	if (!p->rstack_line)
		return fail(p, 0, "no [regionstack] (DU3.2)");
	for (int i = 0; i < p->nrs; i++) {
		int k = du_rkind_find(d, p->rs_kind[i], strlen(p->rs_kind[i]));

		if (k < 0)
			return fail(p, p->rstack_line, "unknown region kind '%s' in "
			    "the region stack", p->rs_kind[i]);
		d->region[n].kind = (uint8_t)k;
		d->region[n].number = (uint8_t)p->rs_num[i];
		d->region[n].stored = 0;
		d->region[n].cell = 0xff;
		n++;
	}
	d->nregions = n;
	/* the order language names a region card by kind and number */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++)
			if (d->region[i].kind == d->region[j].kind &&
			    d->region[i].number == d->region[j].number)
				return fail(p, i < 12 ? p->start_line[i / 6] :
				    p->rstack_line, "region %s %d is given twice: "
				    "each region card has its own kind and number",
				    d->rkind[d->region[i].kind].slug,
				    d->region[i].number);
	return 1;
}

static int
check_requires(struct parser *p, int i)
{
	struct du_card *c = &p->d->card[i];
	const char *v = p->requires[i];
	char w[DU_SLUG_MAX];
	int line = p->requires_line[i], want = 1;

	if (*v == '\0')
		return 1;
	while (inifile_word(&v, w, sizeof w, 1)) {
		int k = find_name(conditions, NCONDITIONS, w), n = 0;

		if (strcmp(w, "or") == 0) {
			if (want || c->nreq == 0)
				return fail(p, line, "card %s: 'or' stands "
				    "between two requirements", c->slug);
			c->req[c->nreq - 1].or_next = 1;
			want = 1;
			continue;
		}
		if (k >= 4) {	/* trade-points N, progress-points N */
			char a[8];

			if (!inifile_word(&v, a, sizeof a, 1) ||
			    num_uint(a, 0, 9, 0, &n) != 0)
				return fail(p, line, "requirement %s needs a number "
				    "0-9", w);
		} else if (k < 0 && (n = du_card_find(p->d, w)) < 0)
			return fail(p, line, "requirement '%s' is neither a card "
			    "nor a condition", w);
		if (c->nreq == DU_REQ_MAX)
			return fail(p, line, "card %s: more than %d requirements",
			    c->slug, DU_REQ_MAX);
		c->req[c->nreq].what = (uint8_t)(k < 0 ? DU_RQ_CARD : k + 1);
		c->req[c->nreq].arg = (uint8_t)n;
		c->req[c->nreq++].or_next = 0;
		want = 0;
	}
	if (want)
		return fail(p, line, "card %s: 'or' stands between two "
		    "requirements", c->slug);
	if (c->set == DU_SET_CENTRE || c->set == DU_SET_BASIS)
		return fail(p, line, "card %s: requirements are a theme rule "
		    "(DU18.8): no card of the basic set has any", c->slug);
	return 1;
}

/* Effects that belong to each kind of card. */
static int
effect_fits(int effect, int kind)
{
	switch (effect) {
	case DU_FX_ROAD:
		return kind == DU_K_ROAD;
	case DU_FX_SETTLEMENT:
		return kind == DU_K_SETTLEMENT;
	case DU_FX_CITY:
		return kind == DU_K_CITY;
	case DU_FX_GOLDSMITH: case DU_FX_CARAVAN: case DU_FX_FIX_PRODUCTION:
	case DU_FX_RELOCATION: case DU_FX_SCOUT: case DU_FX_MASTER_MERCHANT:
	case DU_FX_TRADER: case DU_FX_RAID: case DU_FX_MESSENGER:
	case DU_FX_DOUNYA:
		return kind == DU_K_ACTION;
	case DU_FX_PIRATE:
		return kind == DU_K_UNIT;
	case DU_FX_TRADE_SHIP: case DU_FX_LARGE_SHIP:
		return kind == DU_K_SHIP;
	case DU_FX_FEUD: case DU_FX_FRATERNAL: case DU_FX_SHIPS_RACE:
	case DU_FX_MERCHANT: case DU_FX_RICH_YEAR: case DU_FX_INVENTION:
	case DU_FX_SUMMER_FEAST: case DU_FX_ROYAL_GIFT:
		return kind == DU_K_EVENT;
	case DU_FX_NONE:
		return DU_IS_EXPANSION(kind);
	default:	/* building effects */
		return kind == DU_K_BUILDING;
	}
}

static int
check_card(struct parser *p, int i)
{
	struct du_data *d = p->d;
	struct du_card *c = &d->card[i];
	unsigned keys = p->card_keyset[i];
	int line = p->card_line[i], hascost = 0;

	for (int k = 0; k < NCARD_KEYS; k++)
		if ((REQUIRED_CARD & (1u << k)) && !(keys & (1u << k)))
			return fail(p, line, "card %s: no %s", c->slug,
			    card_keys[k]);
	for (int r = 0; r < DU_RES; r++)
		hascost |= c->cost[r] != 0;
	if (!effect_fits(c->effect, c->kind))
		return fail(p, line, "card %s: effect %s does not fit a card of "
		    "kind %s", c->slug, du_effect_names[c->effect],
		    du_kind_names[c->kind]);
	if ((c->set == DU_SET_CENTRE) != (c->kind <= DU_K_CITY))
		return fail(p, line, "card %s: roads, settlements and cities are "
		    "the centre cards, and only they (DU1.2)", c->slug);
	if (c->start && c->set != DU_SET_CENTRE)
		return fail(p, line, "card %s: only centre cards start in a "
		    "principality", c->slug);
	if (c->start * 2 > c->count)
		return fail(p, line, "card %s: %d at each start is more than its "
		    "count %d", c->slug, c->start, c->count);
	if (c->kind == DU_K_ACTION || c->kind == DU_K_EVENT) {
		if (hascost || c->site != DU_SITE_NONE)
			return fail(p, line, "card %s: an %s card has no cost and "
			    "no site", c->slug, du_kind_names[c->kind]);
	} else if (DU_IS_EXPANSION(c->kind)) {
		if (!hascost || c->site == DU_SITE_NONE)
			return fail(p, line, "card %s: an expansion needs a cost "
			    "and a site", c->slug);
	} else {
		if (!hascost || c->site != DU_SITE_NONE)
			return fail(p, line, "card %s: a centre card has a cost and "
			    "no site", c->slug);
	}
	if (c->set == DU_SET_BASIS && c->site == DU_SITE_CITY)
		return fail(p, line, "card %s: no card of the basic set stands "
		    "on a city site (DU18.11)", c->slug);
	if (c->set == DU_SET_BASIS && c->site == DU_SITE_REGION)
		return fail(p, line, "card %s: region-expansion sites are a theme "
		    "rule (DU2.2)", c->slug);
	if (c->open && (c->set == DU_SET_CENTRE || c->set == DU_SET_BASIS))
		return fail(p, line, "card %s: only theme cards lie in the open "
		    "pile (DU18.5)", c->slug);
	if (c->halfmoon > c->count)
		return fail(p, line, "card %s: halfmoon %d is more than its count "
		    "%d", c->slug, c->halfmoon, c->count);
	c->param = 0xff;
	if (c->effect == DU_FX_BOOSTER) {
		int k = du_rkind_find(d, p->param[i], strlen(p->param[i]));

		if (k < 0)
			return fail(p, p->param_line[i] ? p->param_line[i] : line,
			    "card %s: a booster names the region kind it boosts "
			    "(param = bos, ...)", c->slug);
		for (int j = 0; j < i; j++)
			if (d->card[j].effect == DU_FX_BOOSTER &&
			    d->card[j].param == k)
				return fail(p, line, "card %s: %s already has a "
				    "booster (%s)", c->slug, d->rkind[k].slug,
				    d->card[j].slug);
		c->param = (uint8_t)k;
	} else if (c->effect == DU_FX_TRADE_SHIP) {
		int r = find_name(du_res_names, DU_RES, p->param[i]);

		if (r < 0)
			return fail(p, p->param_line[i] ? p->param_line[i] : line,
			    "card %s: a trade ship names its resource (param = "
			    "ore, ...)", c->slug);
		c->param = (uint8_t)r;
	} else if (p->param[i][0] != '\0')
		return fail(p, p->param_line[i], "card %s: effect %s takes no "
		    "param", c->slug, du_effect_names[c->effect]);
	return check_requires(p, i);
}

/* A basic card's theme copies: instances after every card's own, with
 * the theme's back (d->iset), counted in the theme's stacks or events. */
static int
theme_copies(struct parser *p, int *ndraw, int *nev)
{
	struct du_data *d = p->d;

	for (int i = 0; i < d->ncards; i++) {
		const struct du_card *c = &d->card[i];

		for (int s = DU_SET_GOLD; s < DU_SETS; s++) {
			if (c->copies[s] && c->set != DU_SET_BASIS)
				return fail(p, p->card_line[i], "card %s: only a "
				    "basic card has theme copies", c->slug);
			for (int k = 0; k < c->copies[s]; k++) {
				if (d->ninst == DU_MAX_INST)
					return fail(p, p->card_line[i], "more than "
					    "%d cards outside the centre",
					    DU_MAX_INST);
				d->iset[d->ninst] = (uint8_t)s;
				d->inst[d->ninst++] = (uint8_t)i;
				if (c->kind == DU_K_EVENT)
					nev[s]++;
				else
					ndraw[s]++;
			}
		}
	}
	return 1;
}

static int
check_cards(struct parser *p)
{
	struct du_data *d = p->d;
	int ndraw[DU_SETS] = { 0 }, nev[DU_SETS] = { 0 }, nopen[DU_SETS] = { 0 };
	int cardsin[DU_SETS] = { 0 }, summers = 0, settlements, regional = 0;
	static const int centre_count[3] = { 9, 9, 7 };
	static const int centre_start[3] = { 1, 2, 0 };
	int *centre[3] = { &d->road, &d->settlement, &d->city };

	d->road = d->settlement = d->city = d->summer = -1;
	for (int i = 0; i < d->ncards; i++) {
		const struct du_card *c = &d->card[i];

		if (!check_card(p, i))
			return 0;
		cardsin[c->set]++;
		/* DU19.8: the state holds one goudmijn's gold */
		if (c->site == DU_SITE_REGION && (c->count != 1 ||
		    regional++ > 0 || c->effect != DU_FX_GOLD_CACHE))
			return fail(p, p->card_line[i], "card %s: one region "
			    "expansion, one copy, the gold-cache (DU19.8)",
			    c->slug);
		if (c->kind <= DU_K_CITY) {
			if (*centre[c->kind] >= 0)
				return fail(p, p->card_line[i], "a second %s card (%s): "
				    "one centre card of each kind", du_kind_names[c->kind],
				    c->slug);
			*centre[c->kind] = i;
			continue;
		}
		if (c->effect == DU_FX_SUMMER_FEAST) {
			summers += c->count;
			d->summer = i;
		}
		if (c->kind == DU_K_EVENT)
			nev[c->set] += c->count;
		else if (c->open)
			nopen[c->set] += c->count;
		else
			ndraw[c->set] += c->count;
		for (int k = 0; k < c->count; k++) {
			if (d->ninst == DU_MAX_INST)
				return fail(p, p->card_line[i], "more than %d cards "
				    "outside the centre", DU_MAX_INST);
			d->iset[d->ninst] = c->set;
			if (c->set == DU_SET_BASIS) {
				if (c->kind == DU_K_EVENT)
					d->events[d->nevents++] = (uint8_t)d->ninst;
				else
					d->draw[d->ndraw++] = (uint8_t)d->ninst;
			}
			d->inst[d->ninst++] = (uint8_t)i;
		}
	}
	if (!theme_copies(p, ndraw, nev))
		return 0;
	for (int k = 0; k < 3; k++) {
		const struct du_card *c;

		if (*centre[k] < 0)
			return fail(p, 0, "no %s card among the centre cards (DU1.2)",
			    du_kind_names[k]);
		c = &d->card[*centre[k]];
		if (c->count != centre_count[k] || c->start != centre_start[k])
			return fail(p, p->card_line[*centre[k]], "card %s: the centre "
			    "holds %d %ss, %d in each starting principality, not %d "
			    "and %d (DU1.2)", c->slug, centre_count[k],
			    du_kind_names[k], centre_start[k], c->count, c->start);
	}
	if (ndraw[DU_SET_BASIS] != 36 || nev[DU_SET_BASIS] != 9)
		return fail(p, 0, "the basic set holds %d draw cards and %d event "
		    "cards, not 36 and 9 (DU1.3)", ndraw[DU_SET_BASIS],
		    nev[DU_SET_BASIS]);
	if (summers != 1 || d->card[d->summer].set != DU_SET_BASIS)
		return fail(p, 0, "the basic set needs exactly one summer-feast "
		    "event card, not %d (DU3.3)", summers);
	for (int s = DU_SET_GOLD; s < DU_SETS; s++) {
		if (!cardsin[s])
			continue;
		if (ndraw[s] % 2 != 0)
			return fail(p, 0, "set %s: its %d draw cards do not split "
			    "into two equal stacks (DU18.4)", du_set_names[s],
			    ndraw[s]);
		if (nopen[s] != 2)
			return fail(p, 0, "set %s: %d open-pile cards, not 2 "
			    "(DU18.5)", du_set_names[s], nopen[s]);
	}
	settlements = d->card[d->settlement].count -
	    2 * d->card[d->settlement].start;
	if (p->nrs < 2 * settlements)
		return fail(p, p->rstack_line, "the region stack holds %d cards, "
		    "fewer than 2 for each of the %d settlements of the supply "
		    "(DU9.5)", p->nrs, settlements);
	return 1;
}

int
du_data_load(struct du_data *d, const char *text, size_t len,
    struct rules_error *err)
{
	struct parser *p;
	int rc = 0;

	if (text == NULL) {
		text = du_embed_cards;
		len = du_embed_cards_len;
	}
	if ((p = calloc(1, sizeof *p)) == NULL)
		return rules_refuse(err, RULES_ENOMEM, "out of memory");
	memset(d, 0, sizeof *d);
	p->d = d;
	p->ini.key = on_key;
	p->ini.user = p;
	p->ini.flags = INIFILE_NO_EMPTY_SECTIONS;
	p->ini.line_max = 199;
	if (inifile_parse(&p->ini, text, len) != 0 || !end_section(p) ||
	    !check_regions(p) || !check_cards(p)) {
		rc = rules_refuse(err, RULES_EDATA, "%s", p->ini.msg);
		err->data = "cards";
		err->line = p->ini.err_line;
	}
	for (int i = 0; rc == 0 && i < d->ncards; i++) {
		const struct du_card *k = &d->card[i];
		struct du_cinfo *c = &d->ci[i];

		c->kind = k->kind;
		c->effect = k->effect;
		c->param = k->param;
		c->unique = k->unique;
		c->vp = k->vp;
		c->strength = k->strength;
		c->skill = k->skill;
		c->trade = k->trade;
		c->progress = k->progress;
		c->site = k->site;
		memcpy(c->cost, k->cost, sizeof c->cost);
	}
	free(p);
	return rc;
}
