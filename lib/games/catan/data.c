/*
 * data.c -- the loader of Catan's design data (the maps, the deck) and
 * the hexes of a map; the board geometry of CA2 (corners, edges, names,
 * harbors, islands) is data-board.c's.  Every check of catan-rules(7),
 * DATA FILES, is here; every error is RULES_EDATA with the data's name
 * and the line.
 *
 * The variable set-up's draws are not made here (the engine draws them
 * through lib/chance.h and hands them to ca_board_build()).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inifile.h"
#include "num.h"
#include "games/catan/data.h"
#include "games/catan/data-int.h"

const char *const ca_kind_names[CA_KINDS] = {
	"brick", "wood", "wool", "grain", "ore", "cloth", "coin", "paper"
};
const char *const ca_dev_names[CA_DEVS] = {
	"knight", "victory-point", "road-building", "year-of-plenty",
	"monopoly"
};
const char *const ca_terrain_names[CA_TERRAINS] = {
	"sea", "desert", "hills", "forest", "pasture", "fields", "mountains",
	"gold", "fog", "land"
};

/* What a map's lines said that can only be checked once all is read. */
struct rawmap {
	int rows_line, harbors_line, pool_line, fog_line;
	char robber[8], pirate[8];
	int robber_line, pirate_line, home_line;
	char home[200];
	char treasures[240];		/* CA10.5, resolved by check_treasures */
	int treasures_line;
	int supply_line;		/* CA10.7 */
	int nharbor_keys;
	char harbor_key[CA_MAX_HARBORS][16];
	int harbor_line[CA_MAX_HARBORS];
	char spiral[200];
	int spiral_line, terrain_line, tokens_line, pharbors_line;
	int ftiles_line, ftokens_line;
	unsigned keys;
	int row_line[CA_MAX_ROWS];
};

enum sect { S_NONE, S_MAP, S_ROWS, S_HARBORS, S_POOL, S_FOG, S_DEV, S_BANK };

struct parser {
	struct inifile ini;
	struct ca_data *d;
	int deck;		/* parsing the deck blob */
	enum sect sect;
	int cur;		/* map index of the section */
	unsigned keys;
	struct rawmap raw[CA_MAX_MAPS];
	int dev_line, bank_line;
};

#define fail(p, ...) inifile_fail(&(p)->ini, __VA_ARGS__)

/* ---- small helpers ---------------------------------------------------- */

static int
find_map(const struct ca_data *d, const char *name)
{
	for (int i = 0; i < d->nmaps; i++)
		if (strcmp(d->maps[i].name, name) == 0)
			return i;
	return -1;
}

const struct ca_mapdef *
ca_data_map(const struct ca_data *d, const char *name)
{
	int i = find_map(d, name);

	return i < 0 ? NULL : &d->maps[i];
}

int
ca_hex_at(const struct ca_mapdef *m, int r, int x)
{
	int n;

	if (r < 0 || r >= m->nrows || x < m->indent[r])
		return CA_NONE;
	if ((x - m->indent[r]) % 2 != 0)
		return CA_NONE;
	n = (x - m->indent[r]) / 2;
	if (n >= m->rowlen[r])
		return CA_NONE;
	return m->rowstart[r] + n;
}

static int
hex_row(const struct ca_mapdef *m, int h)
{
	int r = 0;

	while (r + 1 < m->nrows && m->rowstart[r + 1] <= h)
		r++;
	return r;
}

/* Neighbour of h in direction d (enum ca_edir) on m, or CA_NONE. */
int
ca_map_neighbour(const struct ca_mapdef *m, int h, int d)
{
	static const int dr[6] = { -1, 0, 1, 1, 0, -1 };
	static const int dx[6] = { 1, 2, 1, -1, -2, -1 };
	int r = hex_row(m, h);
	int x = m->indent[r] + 2 * (h - m->rowstart[r]);

	return ca_hex_at(m, r + dr[d], x + dx[d]);
}

static int
adjacent(const struct ca_mapdef *m, int a, int b)
{
	for (int d = 0; d < 6; d++)
		if (ca_map_neighbour(m, a, d) == b)
			return 1;
	return 0;
}

/* ---- the INI callback --------------------------------------------------- */

static int
terrain_word(const char *w, int *t, int *tok, int allow_token)
{
	char name[16];
	const char *colon = strchr(w, ':');
	size_t n = colon ? (size_t)(colon - w) : strlen(w);
	int i, v;

	if (n >= sizeof name)
		return 0;
	memcpy(name, w, n);
	name[n] = '\0';
	for (i = 0; i < CA_TERRAINS; i++)
		if (strcmp(name, ca_terrain_names[i]) == 0)
			break;
	if (i == CA_TERRAINS)
		return 0;
	*t = i;
	*tok = 0;
	if (colon != NULL) {
		if (!allow_token || num_uint(colon + 1, 0, 12, 0, &v) != 0)
			return 0;
		*tok = v;
	}
	return 1;
}

static int
harbor_word(const char *w, int *type)
{
	if (strcmp(w, "3:1") == 0) {
		*type = CA_HARBOR_ANY;
		return 1;
	}
	for (int k = 0; k < CA_RES; k++)
		if (strcmp(w, ca_kind_names[k]) == 0) {
			*type = k;
			return 1;
		}
	return 0;
}

/* A list "word*N word ..." expanded into out[]; each word through fn. */
static int
expand_list(struct parser *p, const char *v, uint8_t *out, int max,
    int *n, int (*fn)(const char *, int *), const char *what)
{
	char w[32];
	const char *s = v;

	*n = 0;
	while (inifile_word(&s, w, sizeof w, 0)) {
		char *star = strchr(w, '*');
		int times = 1, val;

		if (star != NULL) {
			*star = '\0';
			if (num_uint(star + 1, 0, 99, 0, &times) != 0 ||
			    times < 1)
				return fail(p, p->ini.lineno,
				    "bad count in '%s*%s'", w, star + 1);
		}
		if (!fn(w, &val))
			return fail(p, p->ini.lineno, "unknown %s '%s'", what, w);
		while (times-- > 0) {
			if (*n >= max)
				return fail(p, p->ini.lineno,
				    "too many %ss (at most %d)", what, max);
			out[(*n)++] = (uint8_t)val;
		}
	}
	return 1;
}

static int
pool_terrain_word(const char *w, int *t)
{
	int tok;

	return terrain_word(w, t, &tok, 0) && *t != CA_SEA && *t != CA_FOG &&
	    *t != CA_LANDHOLDER;
}

static int
fog_terrain_word(const char *w, int *t)
{
	int tok;

	return terrain_word(w, t, &tok, 0) && *t != CA_FOG &&
	    *t != CA_LANDHOLDER;
}

static int
token_word(const char *w, int *t)
{
	return num_uint(w, 0, 12, 0, t) == 0 && *t >= 2 && *t != 7;
}

static int
pool_harbor_word(const char *w, int *t)
{
	return harbor_word(w, t);
}

static int
set_string(struct parser *p, char *dst, size_t size, const char *v,
    const char *what)
{
	if (strlen(v) >= size)
		return fail(p, p->ini.lineno, "%s too long (at most %zu bytes)",
		    what, size - 1);
	memcpy(dst, v, strlen(v) + 1);
	return 1;
}

static int
key_once(struct parser *p, unsigned bit, const char *name)
{
	if (p->keys & bit)
		return fail(p, p->ini.lineno, "'%s' given twice", name);
	p->keys |= bit;
	return 1;
}

static int
begin_section(struct parser *p, const char *sec)
{
	char word[16], name[64], extra[8];
	const char *s = sec;
	int line = p->ini.sect_line, i;
	struct ca_data *d = p->d;

	p->keys = 0;
	p->cur = -1;
	p->sect = S_NONE;
	if (!inifile_word(&s, word, sizeof word, 0))
		return fail(p, line, "empty section name");
	if (p->deck) {
		if (inifile_word(&s, extra, sizeof extra, 0))
			return fail(p, line, "unknown section '%s'", sec);
		if (strcmp(word, "development") == 0) {
			if (p->dev_line)
				return fail(p, line, "[development] given twice");
			p->dev_line = line;
			p->sect = S_DEV;
			return 1;
		}
		if (strcmp(word, "bank") == 0) {
			if (p->bank_line)
				return fail(p, line, "[bank] given twice");
			p->bank_line = line;
			p->sect = S_BANK;
			return 1;
		}
		return fail(p, line, "unknown section '%s'", sec);
	}
	if (!inifile_word(&s, name, sizeof name, 0))
		return fail(p, line, "section '[%s]' needs a map name", sec);
	if (inifile_word(&s, extra, sizeof extra, 0))
		return fail(p, line, "unknown section '%s'", sec);
	if (strcmp(word, "map") == 0) {
		if (!inifile_valid_id(name) || strlen(name) >= CA_NAME_MAX)
			return fail(p, line, "bad map name '%s'", name);
		if (find_map(d, name) >= 0)
			return fail(p, line, "map '%s' declared twice", name);
		if (d->nmaps >= CA_MAX_MAPS)
			return fail(p, line, "too many maps (at most %d)",
			    CA_MAX_MAPS);
		i = d->nmaps++;
		memset(&d->maps[i], 0, sizeof d->maps[i]);
		memset(&p->raw[i], 0, sizeof p->raw[i]);
		memcpy(d->maps[i].name, name, strlen(name) + 1);
		d->maps[i].line = line;
		d->maps[i].robber = d->maps[i].pirate = CA_NONE;
		d->maps[i].vp = 0;
		p->cur = i;
		p->sect = S_MAP;
		return 1;
	}
	i = find_map(d, name);
	if (strcmp(word, "rows") == 0)
		p->sect = S_ROWS;
	else if (strcmp(word, "harbors") == 0)
		p->sect = S_HARBORS;
	else if (strcmp(word, "pool") == 0)
		p->sect = S_POOL;
	else if (strcmp(word, "fog") == 0)
		p->sect = S_FOG;
	else
		return fail(p, line, "unknown section '%s'", sec);
	if (i < 0)
		return fail(p, line, "[%s %s] names no declared map", word, name);
	p->cur = i;
	{
		int *l = p->sect == S_ROWS ? &p->raw[i].rows_line :
		    p->sect == S_HARBORS ? &p->raw[i].harbors_line :
		    p->sect == S_POOL ? &p->raw[i].pool_line :
		    &p->raw[i].fog_line;

		if (*l)
			return fail(p, line, "[%s %s] given twice (first on "
			    "line %d)", word, name, *l);
		*l = line;
	}
	if (p->sect == S_POOL)
		d->maps[i].has_pool = 1;
	return 1;
}

/* CA10.7: "token-supply = N ...", the tokens of the supply in order. */
static int
token_supply(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    const char *v)
{
	char w[16];
	const char *s = v;
	int t;

	if (!key_once(p, 512, "token-supply"))
		return 0;
	r->supply_line = p->ini.lineno;
	while (inifile_word(&s, w, sizeof w, 0)) {
		if (m->nsupply == CA_MAX_SUPPLY)
			return fail(p, p->ini.lineno, "token-supply: at most %d "
			    "tokens", CA_MAX_SUPPLY);
		if (num_uint(w, 0, 12, 0, &t) != 0 || t < 2 || t == 7)
			return fail(p, p->ini.lineno, "token-supply: '%s' is "
			    "not a token 2-6 or 8-12", w);
		m->supply[m->nsupply++] = (uint8_t)t;
	}
	if (m->nsupply == 0)
		return fail(p, p->ini.lineno, "token-supply: no tokens");
	return 1;
}

static int
map_key(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    const char *name, const char *v)
{
	int n;

	if (strcmp(name, "title") == 0) {
		if (!key_once(p, 1, name))
			return 0;
		if (*v == '\0')
			return fail(p, p->ini.lineno, "empty title");
		return set_string(p, m->title, sizeof m->title, v, "title");
	}
	if (strcmp(name, "kind") == 0) {
		if (!key_once(p, 2, name))
			return 0;
		if (strcmp(v, "base") == 0)
			m->kind = CA_MAP_BASE;
		else if (strcmp(v, "seafarers") == 0)
			m->kind = CA_MAP_SEAFARERS;
		else
			return fail(p, p->ini.lineno,
			    "kind must be 'base' or 'seafarers'");
		r->keys |= 2;
		return 1;
	}
	if (strcmp(name, "vp") == 0) {
		if (!key_once(p, 4, name))
			return 0;
		if (num_uint(v, 0, 30, 0, &n) != 0 || n < 3)
			return fail(p, p->ini.lineno, "vp must be 3-30");
		m->vp = (uint8_t)n;
		return 1;
	}
	if (strcmp(name, "robber") == 0) {
		if (!key_once(p, 8, name))
			return 0;
		r->robber_line = p->ini.lineno;
		return set_string(p, r->robber, sizeof r->robber, v, "robber");
	}
	if (strcmp(name, "pirate") == 0) {
		if (!key_once(p, 16, name))
			return 0;
		r->pirate_line = p->ini.lineno;
		return set_string(p, r->pirate, sizeof r->pirate, v, "pirate");
	}
	if (strcmp(name, "home") == 0) {
		if (!key_once(p, 32, name))
			return 0;
		r->home_line = p->ini.lineno;
		return set_string(p, r->home, sizeof r->home, v, "home");
	}
	if (strcmp(name, "island-bonus") == 0) {
		if (!key_once(p, 64, name))
			return 0;
		if (num_uint(v, 0, 9, 0, &n) != 0)
			return fail(p, p->ini.lineno, "island-bonus must be 0-9");
		m->island_bonus = (uint8_t)n;
		return 1;
	}
	if (strcmp(name, "treasures") == 0) {	/* CA10.5 */
		if (!key_once(p, 256, name))
			return 0;
		r->treasures_line = p->ini.lineno;
		return set_string(p, r->treasures, sizeof r->treasures, v,
		    "treasures");
	}
	if (strcmp(name, "token-supply") == 0)		/* CA10.7 */
		return token_supply(p, m, r, v);
	if (strcmp(name, "harbormaster") == 0) {	/* CA9.6 */
		if (!key_once(p, 128, name))
			return 0;
		if (strcmp(v, "on") != 0)
			return fail(p, p->ini.lineno, "harbormaster takes on");
		m->harbormaster = 1;
		return 1;
	}
	return fail(p, p->ini.lineno, "unknown key '%s' in [map %s]", name,
	    m->name);
}

static int
rows_key(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    const char *name, const char *v)
{
	char w[32];
	const char *s = v;
	int row = m->nrows, indent, len = 0;

	if (strlen(name) != 1 || name[0] != 'a' + row)
		return fail(p, p->ini.lineno, "row '%c' expected, not '%s' "
		    "(rows are a, b, c, ... in order)", 'a' + row, name);
	if (row >= CA_MAX_ROWS)
		return fail(p, p->ini.lineno, "too many rows");
	if (!inifile_word(&s, w, sizeof w, 0) ||
	    num_uint(w, 0, 99, 0, &indent) != 0)
		return fail(p, p->ini.lineno, "row %s: the indent (a number) "
		    "comes first", name);
	if (row > 0 && (indent - m->indent[row - 1]) % 2 == 0)
		return fail(p, p->ini.lineno, "row %s: the indent's parity must "
		    "alternate from row to row", name);
	m->indent[row] = (uint8_t)indent;
	m->rowstart[row] = m->nhex;
	while (inifile_word(&s, w, sizeof w, 0)) {
		int t, tok;

		if (len >= CA_MAX_ROWLEN)
			return fail(p, p->ini.lineno, "row %s: more than %d hexes",
			    name, CA_MAX_ROWLEN);
		if (m->nhex >= CA_MAX_HEX)
			return fail(p, p->ini.lineno, "more than %d hexes in map "
			    "'%s'", CA_MAX_HEX, m->name);
		if (!terrain_word(w, &t, &tok, 1))
			return fail(p, p->ini.lineno, "row %s: unknown hex '%s'",
			    name, w);
		/* a producing hex without ':' waits for its number
		   (CA10.7): check_supply asks for the map's supply */
		if (CA_PRODUCES(t) && (tok < 2 || tok > 12 || tok == 7) &&
		    strchr(w, ':') != NULL)
			return fail(p, p->ini.lineno, "row %s: '%s' needs a "
			    "token 2-6 or 8-12", name, w);
		if (!CA_PRODUCES(t) && strchr(w, ':') != NULL)
			return fail(p, p->ini.lineno, "row %s: '%s' takes no "
			    "token", name, w);
		m->terrain[m->nhex] = (uint8_t)t;
		m->token[m->nhex] = (uint8_t)tok;
		m->nhex++;
		len++;
	}
	if (len == 0)
		return fail(p, p->ini.lineno, "row %s has no hexes", name);
	m->rowlen[row] = (uint8_t)len;
	r->row_line[row] = p->ini.lineno;
	m->nrows++;
	return 1;
}

static int
handler(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct parser *p = user;
	struct ca_data *d = p->d;
	struct ca_mapdef *m;
	struct rawmap *r;
	int n;

	if (first && !begin_section(p, section))
		return 0;
	if (p->sect == S_DEV || p->sect == S_BANK) {
		const char *const *names = p->sect == S_DEV ? ca_dev_names :
		    ca_kind_names;
		int nn = p->sect == S_DEV ? CA_DEVS : CA_RES;
		int k = inifile_find(names, nn, name);

		if (k < 0)
			return fail(p, p->ini.lineno, "unknown key '%s' in [%s]",
			    name, p->sect == S_DEV ? "development" : "bank");
		if (!key_once(p, 1u << k, name))
			return 0;
		if (num_uint(value, 0, 99, 0, &n) != 0)
			return fail(p, p->ini.lineno, "'%s' must be a count 0-99",
			    name);
		if (p->sect == S_DEV)
			d->dev[k] = (uint8_t)n;
		else
			d->bank[k] = (uint8_t)n;
		return 1;
	}
	m = &d->maps[p->cur];
	r = &p->raw[p->cur];
	switch (p->sect) {
	case S_MAP:
		return map_key(p, m, r, name, value);
	case S_ROWS:
		return rows_key(p, m, r, name, value);
	case S_HARBORS: {
		int t;

		if (r->nharbor_keys >= CA_MAX_HARBORS)
			return fail(p, p->ini.lineno, "too many harbors (at most "
			    "%d)", CA_MAX_HARBORS);
		if (strcmp(value, "?") == 0)
			t = CA_HARBOR_POOL;
		else if (!harbor_word(value, &t))
			return fail(p, p->ini.lineno, "unknown harbor type '%s' "
			    "(3:1, brick, wood, wool, grain, ore or ?)", value);
		if (!set_string(p, r->harbor_key[r->nharbor_keys],
		    sizeof r->harbor_key[0], name, "harbor edge"))
			return 0;
		r->harbor_line[r->nharbor_keys] = p->ini.lineno;
		m->harbor_type[r->nharbor_keys++] = (uint8_t)t;
		return 1;
	}
	case S_POOL:
		if (strcmp(name, "terrain") == 0) {
			int cnt;

			if (!key_once(p, 1, name))
				return 0;
			r->terrain_line = p->ini.lineno;
			if (!expand_list(p, value, m->pool_terrain, CA_MAX_HEX,
			    &cnt, pool_terrain_word, "terrain"))
				return 0;
			m->npool_terrain = (uint8_t)cnt;
			return 1;
		}
		if (strcmp(name, "tokens") == 0) {
			int cnt;

			if (!key_once(p, 2, name))
				return 0;
			r->tokens_line = p->ini.lineno;
			if (!expand_list(p, value, m->pool_tokens, CA_MAX_HEX,
			    &cnt, token_word, "token"))
				return 0;
			m->npool_tokens = (uint8_t)cnt;
			return 1;
		}
		if (strcmp(name, "spiral") == 0) {
			if (!key_once(p, 4, name))
				return 0;
			r->spiral_line = p->ini.lineno;
			return set_string(p, r->spiral, sizeof r->spiral, value,
			    "spiral");
		}
		if (strcmp(name, "harbors") == 0) {
			int cnt;

			if (!key_once(p, 8, name))
				return 0;
			r->pharbors_line = p->ini.lineno;
			if (!expand_list(p, value, m->pool_harbors,
			    CA_MAX_HARBORS, &cnt, pool_harbor_word, "harbor"))
				return 0;
			m->npool_harbors = (uint8_t)cnt;
			return 1;
		}
		return fail(p, p->ini.lineno, "unknown key '%s' in [pool %s]",
		    name, m->name);
	case S_FOG:
		if (strcmp(name, "tiles") == 0) {
			int cnt;

			if (!key_once(p, 1, name))
				return 0;
			r->ftiles_line = p->ini.lineno;
			if (!expand_list(p, value, m->fog_tiles, CA_MAX_FOG, &cnt,
			    fog_terrain_word, "fog tile"))
				return 0;
			m->nfog_tiles = (uint8_t)cnt;
			return 1;
		}
		if (strcmp(name, "tokens") == 0) {
			int cnt;

			if (!key_once(p, 2, name))
				return 0;
			r->ftokens_line = p->ini.lineno;
			if (!expand_list(p, value, m->fog_tokens, CA_MAX_FOG, &cnt,
			    token_word, "token"))
				return 0;
			m->nfog_tokens = (uint8_t)cnt;
			return 1;
		}
		return fail(p, p->ini.lineno, "unknown key '%s' in [fog %s]",
		    name, m->name);
	default:
		return fail(p, p->ini.lineno, "key '%s' outside a known section",
		    name);
	}
}

/* ---- checks of a whole map ---------------------------------------------- */

static int
is_red(int tok)
{
	return tok == 6 || tok == 8;
}

/* No two neighbouring hexes both carry a 6 or an 8: 1, else 0 with the
   later hex of such a pair in *at (when at is not NULL). */
static int
red_apart_at(const struct ca_mapdef *m, const uint8_t *tok, int *at)
{
	for (int h = 0; h < m->nhex; h++) {
		if (!is_red(tok[h]))
			continue;
		for (int d = 0; d < 6; d++) {
			int o = ca_map_neighbour(m, h, d);

			if (o != CA_NONE && is_red(tok[o])) {
				if (at != NULL)
					*at = h > o ? h : o;
				return 0;
			}
		}
	}
	return 1;
}

static int
red_apart(const struct ca_mapdef *m, const uint8_t *tok)
{
	return red_apart_at(m, tok, NULL);
}

/*
 * Lay the pool's tokens along the spiral rotated by start k, skipping
 * the hexes flagged desert[] (CA3.1): tok[] gets each hex's token.
 */
void
ca_map_lay_tokens(const struct ca_mapdef *m, int k, const uint8_t *desert,
    uint8_t *tok)
{
	int pos = 0, t = 0;

	for (int ring = 0; ring < m->nrings; ring++) {
		int len = m->ringlen[ring];
		int shift = len == 1 ? 0 : (k * len / 6) % len;

		for (int i = 0; i < len; i++) {
			int h = m->spiral[pos + (i + shift) % len];

			if (desert[h])
				continue;
			if (t < m->npool_tokens)
				tok[h] = m->pool_tokens[t++];
		}
		pos += len;
	}
}

/* Every start k and every place of the pool's deserts keeps 6 and 8 apart. */
static int
pool_red_apart(const struct ca_mapdef *m, int ndesert, int from,
    uint8_t *desert)
{
	if (ndesert == 0) {
		for (int k = 0; k < 6; k++) {
			uint8_t tok[CA_MAX_HEX];

			memcpy(tok, m->token, sizeof tok);
			ca_map_lay_tokens(m, k, desert, tok);
			if (!red_apart(m, tok))
				return 0;
		}
		return 1;
	}
	for (int i = from; i < m->nspiral; i++) {
		int h = m->spiral[i];

		desert[h] = 1;
		if (!pool_red_apart(m, ndesert - 1, i + 1, desert))
			return 0;
		desert[h] = 0;
	}
	return 1;
}

/* CA2.6: land and fog hexes have six neighbours on the map; gold and
   fog only on seafarers maps, at most CA_MAX_FOG fog hexes.  Counts the
   placeholders, deserts and fog hexes. */
static int
check_hexes(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    int *holders_out, int *deserts_out, int *nfog_out)
{
	int holders = 0, deserts = 0, nfog = 0;

	for (int h = 0; h < m->nhex; h++) {
		int t = m->terrain[h];
		int row = hex_row(m, h);

		if (t == CA_LANDHOLDER)
			holders++;
		if (t == CA_DESERT)
			deserts++;
		if (t == CA_FOG)
			nfog++;
		if (t == CA_SEA)
			continue;
		for (int d = 0; d < 6; d++)
			if (ca_map_neighbour(m, h, d) == CA_NONE)
				return fail(p, r->row_line[row], "hex %c%d "
				    "lies on the map's outline: land and fog "
				    "need six neighbours (CA2.6)", 'a' + row,
				    h - m->rowstart[row] + 1);
		if ((t == CA_GOLD || t == CA_FOG) && m->kind != CA_MAP_SEAFARERS)
			return fail(p, r->row_line[row], "hex %c%d: %s only "
			    "on seafarers maps", 'a' + row,
			    h - m->rowstart[row] + 1, ca_terrain_names[t]);
	}
	if (nfog > CA_MAX_FOG)
		return fail(p, r->rows_line, "more than %d fog hexes",
		    CA_MAX_FOG);
	*holders_out = holders;
	*deserts_out = deserts;
	*nfog_out = nfog;
	return 1;
}

/* The robber's, the pirate's and the home hexes. */
static int
check_pieces(struct parser *p, struct ca_mapdef *m, struct rawmap *r)
{
	if (r->robber_line) {
		int h = ca_map_hex_by_name(m, r->robber, strlen(r->robber));

		if (h < 0)
			return fail(p, r->robber_line, "robber: no hex '%s'",
			    r->robber);
		if (!CA_IS_LAND(m->terrain[h]) &&
		    m->terrain[h] != CA_LANDHOLDER)
			return fail(p, r->robber_line, "robber must start on "
			    "land");
		m->robber = (uint8_t)h;
	}
	if (m->kind == CA_MAP_SEAFARERS) {
		int h;

		if (!r->pirate_line)
			return fail(p, m->line, "seafarers map '%s' needs a "
			    "pirate", m->name);
		h = ca_map_hex_by_name(m, r->pirate, strlen(r->pirate));
		if (h < 0)
			return fail(p, r->pirate_line, "pirate: no hex '%s'",
			    r->pirate);
		if (m->terrain[h] != CA_SEA)
			return fail(p, r->pirate_line, "pirate must start on "
			    "sea");
		m->pirate = (uint8_t)h;
	} else if (r->pirate_line)
		return fail(p, r->pirate_line, "a pirate only on seafarers "
		    "maps");
	if (r->home_line) {
		char w[16];
		const char *s = r->home;

		while (inifile_word(&s, w, sizeof w, 0)) {
			int h = ca_map_hex_by_name(m, w, strlen(w));

			if (h < 0)
				return fail(p, r->home_line, "home: no hex '%s'",
				    w);
			if (!CA_IS_LAND(m->terrain[h]))
				return fail(p, r->home_line, "home: %s is not "
				    "land", w);
			if (m->nhome >= CA_MAX_HOME)
				return fail(p, r->home_line, "too many home "
				    "hexes");
			m->home[m->nhome++] = (uint8_t)h;
		}
		if (m->nhome == 0)
			return fail(p, r->home_line, "home names no hex");
	}
	return 1;
}

/* Harbors: coast edges, corners pairwise distinct (checked on the
   board), pool types; counts the '?' harbors. */
static int
check_harbors(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    int *qharbors_out)
{
	int qharbors = 0;

	m->nharbors = (uint8_t)r->nharbor_keys;
	for (int i = 0; i < r->nharbor_keys; i++) {
		const char *k = r->harbor_key[i], *sl = strchr(k, '/');
		int a, b, land;

		if (sl == NULL)
			return fail(p, r->harbor_line[i], "harbor '%s': an edge "
			    "is two hexes joined by '/'", k);
		a = ca_map_hex_by_name(m, k, (size_t)(sl - k));
		b = ca_map_hex_by_name(m, sl + 1, strlen(sl + 1));
		if (a < 0 || b < 0 || !adjacent(m, a, b))
			return fail(p, r->harbor_line[i], "harbor '%s' is not "
			    "an edge of the map", k);
		land = (CA_IS_LAND(m->terrain[a]) ||
		    m->terrain[a] == CA_LANDHOLDER) +
		    (CA_IS_LAND(m->terrain[b]) ||
		    m->terrain[b] == CA_LANDHOLDER);
		if (land != 1 || (m->terrain[a] != CA_SEA &&
		    m->terrain[b] != CA_SEA))
			return fail(p, r->harbor_line[i], "harbor '%s' is not a "
			    "coast edge (land on one side, sea on the other)",
			    k);
		m->harbor_hex[i][0] = (uint8_t)(a < b ? a : b);
		m->harbor_hex[i][1] = (uint8_t)(a < b ? b : a);
		for (int j = 0; j < i; j++)
			if (m->harbor_hex[j][0] == m->harbor_hex[i][0] &&
			    m->harbor_hex[j][1] == m->harbor_hex[i][1])
				return fail(p, r->harbor_line[i], "harbor '%s' "
				    "given twice", k);
		if (m->harbor_type[i] == CA_HARBOR_POOL)
			qharbors++;
	}
	*qharbors_out = qharbors;
	return 1;
}

/* The pool's spiral: rings of land placeholders, each once. */
static int
check_spiral(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    int holders)
{
	uint8_t seen[CA_MAX_HEX] = { 0 };
	char w[16];
	const char *s = r->spiral;
	int ringlen = 0;

	m->nspiral = 0;
	m->nrings = 0;
	for (;;) {
		int more = inifile_word(&s, w, sizeof w, 0);

		if (!more || strcmp(w, "|") == 0) {
			if (ringlen != 1 && ringlen % 6 != 0)
				return fail(p, r->spiral_line, "a spiral "
				    "ring of %d hexes (ring sizes are "
				    "multiples of 6, or 1)", ringlen);
			m->ringlen[m->nrings++] = (uint8_t)ringlen;
			ringlen = 0;
			if (!more)
				break;
			continue;
		}
		{
			int h = ca_map_hex_by_name(m, w, strlen(w));

			if (h < 0)
				return fail(p, r->spiral_line, "spiral: "
				    "no hex '%s'", w);
			if (m->terrain[h] != CA_LANDHOLDER)
				return fail(p, r->spiral_line, "spiral: "
				    "%s is not a land placeholder", w);
			if (seen[h])
				return fail(p, r->spiral_line, "spiral: "
				    "%s given twice", w);
			seen[h] = 1;
			m->spiral[m->nspiral++] = (uint8_t)h;
			ringlen++;
		}
	}
	if (m->nspiral != holders)
		return fail(p, r->spiral_line, "the spiral lists %d of "
		    "the %d land placeholders", m->nspiral, holders);
	return 1;
}

/* A map with a pool (CA3.1): its terrains, tokens, spiral and harbors
   fit the placeholders, and no start or desert place puts a 6 or 8 next
   to a 6 or 8. */
static int
check_pool(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    int holders, int deserts, int qharbors)
{
	int pool_deserts = 0, producing = 0;

	if (!r->terrain_line || !r->tokens_line || !r->spiral_line)
		return fail(p, r->pool_line, "[pool %s] needs terrain, "
		    "tokens and spiral", m->name);
	if (m->npool_terrain != holders)
		return fail(p, r->terrain_line, "the pool has %d "
		    "terrains for %d land placeholders",
		    m->npool_terrain, holders);
	for (int i = 0; i < m->npool_terrain; i++) {
		if (m->pool_terrain[i] == CA_DESERT)
			pool_deserts++;
		else
			producing++;
		if (m->pool_terrain[i] == CA_GOLD &&
		    m->kind != CA_MAP_SEAFARERS)
			return fail(p, r->terrain_line, "gold only on "
			    "seafarers maps");
	}
	if (m->npool_tokens != producing)
		return fail(p, r->tokens_line, "the pool has %d tokens "
		    "for %d producing terrains", m->npool_tokens,
		    producing);
	if (!check_spiral(p, m, r, holders))
		return 0;
	if (m->npool_harbors != qharbors)
		return fail(p, r->pharbors_line ? r->pharbors_line :
		    r->pool_line, "the pool has %d harbors for %d "
		    "'?' harbors", m->npool_harbors, qharbors);
	if (!r->robber_line && deserts + pool_deserts != 1)
		return fail(p, m->line, "map '%s' names no robber hex and "
		    "has %d deserts (one needed)", m->name,
		    deserts + pool_deserts);
	if (pool_deserts > 2)
		return fail(p, r->terrain_line, "at most 2 deserts in a "
		    "pool");
	{
		uint8_t desert[CA_MAX_HEX] = { 0 };

		if (!pool_red_apart(m, pool_deserts, 0, desert))
			return fail(p, r->tokens_line, "the token order "
			    "puts a 6 or 8 next to a 6 or 8 for some "
			    "start or desert place");
	}
	return 1;
}

/* A map without a pool: no placeholders, one desert or a robber hex,
   6 and 8 apart. */
static int
check_no_pool(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    int holders, int deserts, int qharbors)
{
	if (holders)
		return fail(p, r->rows_line, "land placeholders need a "
		    "[pool %s]", m->name);
	if (qharbors)
		return fail(p, r->harbors_line, "'?' harbors need a "
		    "[pool %s]", m->name);
	if (!r->robber_line && deserts != 1)
		return fail(p, m->line, "map '%s' names no robber hex and "
		    "has %d deserts (one needed)", m->name, deserts);
	int at;

	if (!red_apart_at(m, m->token, &at))
		return fail(p, r->row_line[hex_row(m, at)], "hex %c%d: "
		    "a 6 or 8 next to a 6 or 8", 'a' + hex_row(m, at),
		    at - m->rowstart[hex_row(m, at)] + 1);
	return 1;
}

/* Fog hexes have their tiles and tokens. */
static int
check_fog(struct parser *p, struct ca_mapdef *m, struct rawmap *r, int nfog)
{
	int nprod_fog = 0;

	if (nfog || r->fog_line) {
		if (!r->fog_line || !r->ftiles_line)
			return fail(p, r->fog_line ? r->fog_line : r->rows_line,
			    "fog hexes need [fog %s] with tiles", m->name);
		if (m->nfog_tiles != nfog)
			return fail(p, r->ftiles_line, "%d fog tiles for %d fog "
			    "hexes", m->nfog_tiles, nfog);
		for (int i = 0; i < m->nfog_tiles; i++)
			if (CA_PRODUCES(m->fog_tiles[i]))
				nprod_fog++;
		if (m->nfog_tokens != nprod_fog)
			return fail(p, r->ftokens_line ? r->ftokens_line :
			    r->fog_line, "%d fog tokens for %d producing fog "
			    "tiles", m->nfog_tokens, nprod_fog);
	}
	return 1;
}

const char *const ca_treasure_names[CA_TREASURE_KINDS] = {
	"gold", "resources", "roads", "card"
};

/* One treasure place "h1/h2/h3:KIND": three hexes meeting at a corner,
   one of them land or fog; into m's place i. */
static int
treasure_place(struct parser *p, struct ca_mapdef *m, struct rawmap *r,
    const char *w, size_t len, int i)
{
	const char *colon = memchr(w, ':', len), *s = w;
	int h[3], k, land = 0;

	for (k = 0; k < 3 && colon != NULL; k++) {
		const char *e = k < 2 ? memchr(s, '/', (size_t)(colon - s)) :
		    colon;

		if (e == NULL)
			break;
		h[k] = ca_map_hex_by_name(m, s, (size_t)(e - s));
		s = e + 1;
		if (h[k] < 0)
			break;
		land |= CA_IS_LAND(m->terrain[h[k]]) ||
		    m->terrain[h[k]] == CA_FOG;
	}
	if (k < 3 || !adjacent(m, h[0], h[1]) || !adjacent(m, h[0], h[2]) ||
	    !adjacent(m, h[1], h[2]) || !land)
		return fail(p, r->treasures_line, "treasure '%.*s': a corner "
		    "is three neighbouring hexes joined by '/', one of them "
		    "land or fog, then ':KIND'", (int)len, w);
	for (k = 0; k < CA_TREASURE_KINDS; k++)
		if (strlen(ca_treasure_names[k]) == len - 1 - (size_t)(colon - w)
		    && memcmp(colon + 1, ca_treasure_names[k],
		    len - 1 - (size_t)(colon - w)) == 0)
			break;
	if (k == CA_TREASURE_KINDS)
		return fail(p, r->treasures_line, "treasure '%.*s': the kind "
		    "is gold, resources, roads or card", (int)len, w);
	for (int a = 0; a < 3; a++)	/* board order */
		for (int b = a + 1; b < 3; b++)
			if (h[b] < h[a]) {
				int t = h[a];

				h[a] = h[b];
				h[b] = t;
			}
	for (int j = 0; j < i; j++)
		if (memcmp(m->treasure_hex[j], (uint8_t[3]){ (uint8_t)h[0],
		    (uint8_t)h[1], (uint8_t)h[2] }, 3) == 0)
			return fail(p, r->treasures_line, "treasure '%.*s' "
			    "given twice", (int)len, w);
	for (int a = 0; a < 3; a++)
		m->treasure_hex[i][a] = (uint8_t)h[a];
	m->treasure_kind[i] = (uint8_t)k;
	return 1;
}

/* CA10.5: the treasure places of a Seafarers map. */
static int
check_treasures(struct parser *p, struct ca_mapdef *m, struct rawmap *r)
{
	const char *s = r->treasures;
	int n = 0;

	if (!r->treasures_line)
		return 1;
	if (m->kind != CA_MAP_SEAFARERS)
		return fail(p, r->treasures_line, "treasures lie on a "
		    "Seafarers map only");
	while (*s) {
		size_t len;

		while (*s == ' ')
			s++;
		len = strcspn(s, " ");
		if (len == 0)
			break;
		if (n == CA_MAX_TREASURES)
			return fail(p, r->treasures_line, "at most %d treasures",
			    CA_MAX_TREASURES);
		if (!treasure_place(p, m, r, s, len, n))
			return 0;
		n++;
		s += len;
	}
	m->ntreasures = (uint8_t)n;
	return 1;
}

/*
 * CA10.7: a producing hex without a number only on a Seafarers map with
 * a token supply, without fog, with one home hex, off the home island
 * (data-board.c checks the island when it builds the board).
 */
static int
check_supply(struct parser *p, struct ca_mapdef *m, struct rawmap *r)
{
	for (int h = 0; h < m->nhex; h++) {
		int row = hex_row(m, h);

		if (!CA_PRODUCES(m->terrain[h]) || m->token[h] != 0 ||
		    m->nsupply > 0)
			continue;
		return fail(p, r->row_line[row], "row %c: hex %c%d needs a "
		    "token 2-6 or 8-12 (a hex without one only on a map with "
		    "a token-supply, CA10.7)", 'a' + row, 'a' + row,
		    h - m->rowstart[row] + 1);
	}
	if (m->nsupply == 0)
		return 1;
	if (m->kind != CA_MAP_SEAFARERS || m->has_pool)
		return fail(p, r->supply_line, "token-supply: a fixed "
		    "Seafarers map only");
	if (m->nhome != 1)
		return fail(p, r->supply_line, "token-supply: the map names "
		    "one home hex, on the main island");
	for (int h = 0; h < m->nhex; h++)
		if (m->terrain[h] == CA_FOG)
			return fail(p, r->supply_line, "token-supply: a map "
			    "without fog");
	return 1;
}

static int
check_map(struct parser *p, struct ca_mapdef *m, struct rawmap *r)
{
	int holders = 0, deserts = 0, qharbors = 0, nfog = 0;

	if (!m->title[0])
		return fail(p, m->line, "map '%s' has no title", m->name);
	if (!(r->keys & 2))
		return fail(p, m->line, "map '%s' has no kind", m->name);
	if (m->vp == 0)
		return fail(p, m->line, "map '%s' has no vp", m->name);
	if (!r->rows_line)
		return fail(p, m->line, "map '%s' has no [rows %s]", m->name,
		    m->name);
	if (!check_hexes(p, m, r, &holders, &deserts, &nfog))
		return 0;
	if (!check_pieces(p, m, r) || !check_harbors(p, m, r, &qharbors))
		return 0;
	if (m->has_pool ? !check_pool(p, m, r, holders, deserts, qharbors) :
	    !check_no_pool(p, m, r, holders, deserts, qharbors))
		return 0;
	if (!r->robber_line) {
		for (int h = 0; h < m->nhex; h++)
			if (m->terrain[h] == CA_DESERT)
				m->robber = (uint8_t)h;
		/* on a pool map the robber follows the drawn desert */
	}
	return check_supply(p, m, r) && check_fog(p, m, r, nfog) &&
	    check_treasures(p, m, r);
}

static void
set_err(struct rules_error *err, struct inifile *ini, const char *data)
{
	memset(err, 0, sizeof *err);
	err->code = RULES_EDATA;
	err->data = data;
	err->line = ini->err_line;
	snprintf(err->msg, sizeof err->msg, "%s", ini->msg);
}

int
ca_data_load(struct ca_data *d, const char *maps, size_t maps_len,
    const char *deck, size_t deck_len, struct rules_error *err)
{
	struct parser *pp;
	struct ca_board *b;
	int rc = 0;

	pp = calloc(1, sizeof *pp);
	b = calloc(1, sizeof *b);
	if (pp == NULL || b == NULL) {
		free(pp);
		free(b);
		memset(err, 0, sizeof *err);
		err->code = RULES_ENOMEM;
		snprintf(err->msg, sizeof err->msg, "out of memory");
		return RULES_ENOMEM;
	}
	memset(d, 0, sizeof *d);
	if (maps == NULL) {
		maps = ca_embed_maps;
		maps_len = ca_embed_maps_len;
	}
	if (deck == NULL) {
		deck = ca_embed_deck;
		deck_len = ca_embed_deck_len;
	}
	pp->d = d;
	pp->ini.key = handler;
	pp->ini.user = pp;
	pp->ini.flags = INIFILE_NO_EMPTY_SECTIONS;
	if (inifile_parse(&pp->ini, maps, maps_len) == 0) {
		if (d->nmaps == 0)
			inifile_fail(&pp->ini, 0, "no [map NAME] in the maps");
		for (int i = 0; i < d->nmaps && !pp->ini.failed; i++)
			if (check_map(pp, &d->maps[i], &pp->raw[i])) {
				/* corner/edge limits and harbor corners:
				   build the board once with identity draws */
				struct rules_error e2;

				if (ca_board_build(b, &d->maps[i], NULL, &e2) != 0)
					inifile_fail(&pp->ini, d->maps[i].line,
					    "%s", e2.msg);
			}
	}
	if (pp->ini.failed) {
		set_err(err, &pp->ini, "maps");
		rc = RULES_EDATA;
		goto out;
	}
	memset(pp, 0, sizeof *pp);
	pp->d = d;
	pp->deck = 1;
	pp->ini.key = handler;
	pp->ini.user = pp;
	pp->ini.flags = INIFILE_NO_EMPTY_SECTIONS;
	if (inifile_parse(&pp->ini, deck, deck_len) == 0) {
		int total = 0;

		for (int k = 0; k < CA_DEVS; k++)
			total += d->dev[k];
		if (!pp->dev_line)
			inifile_fail(&pp->ini, 0, "the deck needs [development]");
		else if (!pp->bank_line)
			inifile_fail(&pp->ini, 0, "the deck needs [bank]");
		else if (total < 1)
			inifile_fail(&pp->ini, pp->dev_line, "the development "
			    "deck is empty");
		for (int k = 0; k < CA_RES && !pp->ini.failed; k++)
			if (d->bank[k] < 1)
				inifile_fail(&pp->ini, pp->bank_line, "the bank "
				    "needs at least one %s", ca_kind_names[k]);
	}
	if (pp->ini.failed) {
		set_err(err, &pp->ini, "deck");
		rc = RULES_EDATA;
	}
out:
	free(pp);
	free(b);
	return rc;
}
