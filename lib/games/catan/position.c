/*
 * position.c -- the position blob (catan-rules(7), DATA FILES): a game state
 * written as INI, for tests and teaching games (as Trigon's scenario).
 *
 *   [position]  turn = COLOR, phase = setup1|setup2|pre-roll|main,
 *               played-card = yes|no, moved-ship = yes|no, robber = HEX,
 *               pirate = HEX, revealed = HEX CODE ..., offers = N
 *   [COLOR]     settlements, cities, roads, ships, new-ships (names),
 *               hand = BUNDLE, cards = TYPE ..., new-cards = TYPE ...,
 *               knights = N, bonus-islands = HEX ...
 *               Cities & Knights (catan-ck-rules(7), DATA FILES) instead of
 *               cards and knights: improvements = TRACK LEVEL ...,
 *               defender = N
 *
 * Checks: negative remainders of bank or deck, supply overruns, pieces
 * breaking CA6.3 or the sides of CA6.5 (connection is not checked).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "inifile.h"
#include "games/catan/ckdata.h"
#include "games/catan/parse.h"

struct pos {
	struct inifile ini;
	struct ca_state *st;
	int seat;		/* of the [COLOR] section, -1 for [position] */
	int bank[CA_KINDS], deck[CA_DEVS];
	int bonus_line;
	uint32_t bonus[CA_SEATS];
	int piece_line[CA_MAX_CORNER];
};

#define fail(p, ...) inifile_fail(&(p)->ini, __VA_ARGS__)

static int
yesno(struct pos *p, const char *v, uint8_t *out)
{
	if (strcmp(v, "yes") == 0)
		*out = 1;
	else if (strcmp(v, "no") == 0)
		*out = 0;
	else
		return fail(p, p->ini.lineno, "yes or no");
	return 1;
}

static int
hexname(struct pos *p, const char *w, uint8_t *out)
{
	int h = ca_parse_hex(p->st->b, w, strlen(w));

	if (h < 0)
		return fail(p, p->ini.lineno, "no hex '%s'", w);
	*out = (uint8_t)h;
	return 1;
}

/* A number from 0 to max, the value of key name. */
static int
number(struct pos *p, const char *name, const char *v, int max, int *out)
{
	int n = 0;

	if (*v == '\0')
		return fail(p, p->ini.lineno, "%s: a number", name);
	for (; *v; v++) {
		if (*v < '0' || *v > '9' || n > max)
			return fail(p, p->ini.lineno, "%s: a number", name);
		n = n * 10 + (*v - '0');
	}
	if (n > max)
		return fail(p, p->ini.lineno, "%s: at most %d", name, max);
	*out = n;
	return 1;
}

/*
 * The keys of a seat's section in Cities & Knights (catan-ck-rules(7),
 * DATA FILES): the improvement levels, up to 3 (a fourth level brings a
 * metropolis, CK10.2, which a position does not place), and Defender
 * of Catan points (CK12.3).  0, or 1 when name is no such key.
 */
static int
ck_seat_key(struct pos *p, const char *name, const char *v, int *ok)
{
	struct ca_ck_player *q = &p->st->ck.p[p->seat];
	char w[40];
	const char *s = v;
	int n = 0;

	*ok = 1;
	if (strcmp(name, "defender") == 0) {
		if (!number(p, name, v, 9, &n))
			return *ok = 0;
		q->defender = (uint8_t)n;
		return 1;
	}
	if (strcmp(name, "improvements") != 0)
		return 0;
	while (inifile_word(&s, w, sizeof w, 0)) {
		int t = inifile_find(ck_track_names, CK_TRACKS, w);
		char l[8];

		if (t < 0)
			return *ok = fail(p, p->ini.lineno, "improvements: "
			    "no track '%s' (trade, politics, science)", w);
		if (!inifile_word(&s, l, sizeof l, 0) || l[1] != '\0' ||
		    l[0] < '0' || l[0] > '3')
			return *ok = fail(p, p->ini.lineno, "improvements: "
			    "%s's level from 0 to 3 (CK10.2)", w);
		q->level[t] = (uint8_t)(l[0] - '0');
	}
	return 1;
}

/* A key of the [position] section. */
static int
position_key(struct pos *p, const char *name, const char *v)
{
	struct ca_state *st = p->st;
	const struct ca_board *b = st->b;
	char w[40];
	const char *s = v;
	int n;

	if (strcmp(name, "turn") == 0) {
		n = ca_seat_of(st, v, strlen(v));
		if (n < 0)
			return fail(p, p->ini.lineno, "unknown color "
			    "'%s'", v);
		st->active = (uint8_t)n;
		return 1;
	}
	if (strcmp(name, "phase") == 0) {
		if (strcmp(v, "setup1") == 0 || strcmp(v, "setup2") == 0) {
			st->phase = CA_PH_SETUP;
			st->turn = 0;
			st->setup_i = (uint8_t)(v[5] == '1' ? 0 : 1);
		} else if (strcmp(v, "pre-roll") == 0) {
			st->phase = CA_PH_PREROLL;
			st->turn = 1;
		} else if (strcmp(v, "main") == 0) {
			st->phase = CA_PH_MAIN;
			st->turn = 1;
			st->dice[0] = st->dice[1] = 0;
		} else
			return fail(p, p->ini.lineno, "phase: setup1, "
			    "setup2, pre-roll or main");
		return 1;
	}
	if (strcmp(name, "played-card") == 0)
		return yesno(p, v, &st->played_card);
	if (strcmp(name, "moved-ship") == 0)
		return yesno(p, v, &st->moved_ship);
	if (strcmp(name, "robber") == 0) {
		if (!hexname(p, v, &st->robber))
			return 0;
		if (!CA_IS_LAND(ca_hex_terrain(st, st->robber)))
			return fail(p, p->ini.lineno, "the robber stands "
			    "on land");
		return 1;
	}
	if (strcmp(name, "pirate") == 0) {
		if (b->kind != CA_MAP_SEAFARERS)
			return fail(p, p->ini.lineno, "no pirate on this "
			    "map");
		if (!hexname(p, v, &st->pirate))
			return 0;
		if (ca_hex_terrain(st, st->pirate) != CA_SEA)
			return fail(p, p->ini.lineno, "the pirate stands "
			    "at sea");
		return 1;
	}
	if (strcmp(name, "offers") == 0) {
		n = 0;
		for (; *s; s++) {
			if (*s < '0' || *s > '9' || n > 9999)
				return fail(p, p->ini.lineno, "offers: "
				    "a number");
			n = n * 10 + (*s - '0');
		}
		st->next_offer = (uint16_t)(n ? n : 1);
		return 1;
	}
	if (strcmp(name, "revealed") == 0) {
		const struct ca_mapdef *m = b->def;

		while (inifile_word(&s, w, sizeof w, 0)) {
			uint8_t h = 0;
			char code[40];
			int t = -1, tok = 0, fi;
			char *colon;

			if (!hexname(p, w, &h))
				return 0;
			if ((fi = b->fogidx[h]) == CA_NONE)
				return fail(p, p->ini.lineno, "%s is no "
				    "fog hex", w);
			if (!inifile_word(&s, code, sizeof code, 0))
				return fail(p, p->ini.lineno, "a tile "
				    "follows %s", w);
			colon = strchr(code, ':');
			if (colon != NULL) {
				*colon = '\0';
				for (const char *q = colon + 1; *q; q++)
					tok = tok * 10 + (*q - '0');
			}
			for (int i = 0; i < CA_TERRAINS; i++)
				if (strcmp(code, ca_terrain_names[i]) == 0)
					t = i;
			if (t < 0 || t == CA_FOG || t == CA_LANDHOLDER ||
			    (CA_PRODUCES(t) != (colon != NULL)))
				return fail(p, p->ini.lineno, "bad tile "
				    "'%s'", code);
			for (int k = 0; k <= m->nfog_tiles; k++) {
				if (k == m->nfog_tiles)
					return fail(p, p->ini.lineno, "no "
					    "%s left in the fog stack",
					    code);
				if ((st->fog_tiles_left >> k & 1) &&
				    m->fog_tiles[k] == t) {
					st->fog_tiles_left &= ~(1u << k);
					break;
				}
			}
			for (int k = 0; tok && k <= m->nfog_tokens; k++) {
				if (k == m->nfog_tokens)
					return fail(p, p->ini.lineno, "no "
					    "token %d left", tok);
				if ((st->fog_tokens_left >> k & 1) &&
				    m->fog_tokens[k] == tok) {
					st->fog_tokens_left &= ~(1u << k);
					break;
				}
			}
			st->fog_t[fi] = (uint8_t)t;
			st->fog_k[fi] = (uint8_t)tok;
		}
		return 1;
	}
	return fail(p, p->ini.lineno, "unknown key '%s'", name);
}

/* A key of a [COLOR] section: the pieces, hand and cards of p->seat. */
static int
seat_key(struct pos *p, const char *name, const char *v)
{
	struct ca_state *st = p->st;
	const struct ca_board *b = st->b;
	char w[40];
	const char *s = v;
	int n;
	struct ca_player *pl = &st->p[p->seat];
	int seat = p->seat, known;

	if (CA_CK(st) && ck_seat_key(p, name, v, &known))
		return known;
	if (CA_CK(st) && (strcmp(name, "cards") == 0 ||
	    strcmp(name, "new-cards") == 0 || strcmp(name, "knights") == 0))
		return fail(p, p->ini.lineno, "Cities & Knights has no "
		    "development cards (CK1.2): no key '%s'", name);

	if (strcmp(name, "settlements") == 0 ||
	    strcmp(name, "cities") == 0) {
		int city = name[0] == 'c';

		while (inifile_word(&s, w, sizeof w, 0)) {
			char msg[160];
			int c = ca_parse_corner(b, w, strlen(w), msg,
			    sizeof msg);
			int sup = city ? CA_S_CITY : CA_S_SETTLEMENT;

			if (c < 0)
				return fail(p, p->ini.lineno, "%s", msg);
			if (st->corner[c])
				return fail(p, p->ini.lineno, "%s is "
				    "taken", w);
			if (pl->supply[sup] == 0)
				return fail(p, p->ini.lineno, "more "
				    "%s than the supply holds",
				    city ? "cities" : "settlements");
			pl->supply[sup]--;
			st->corner[c] = CA_C_MAKE(seat, city ?
			    CA_CP_CITY : CA_CP_SETTLEMENT);
			p->piece_line[c] = p->ini.lineno;
		}
		return 1;
	}
	if (strcmp(name, "roads") == 0 || strcmp(name, "ships") == 0 ||
	    strcmp(name, "new-ships") == 0) {
		int ship = name[0] != 'r', fresh = name[0] == 'n';

		while (inifile_word(&s, w, sizeof w, 0)) {
			char msg[160];
			int e = ca_parse_edge(b, w, strlen(w), msg,
			    sizeof msg);
			const struct ca_edge *ed;
			int sup = ship ? CA_S_SHIP : CA_S_ROAD, ok;

			if (e < 0)
				return fail(p, p->ini.lineno, "%s", msg);
			ed = &b->edge[e];
			if (st->edge[e])
				return fail(p, p->ini.lineno, "%s is "
				    "taken", w);
			if (pl->supply[sup] == 0)
				return fail(p, p->ini.lineno, "more "
				    "%s than the supply holds",
				    ship ? "ships" : "roads");
			ok = ship ? ca_hex_terrain(st, ed->hex[0]) ==
			    CA_SEA || ca_hex_terrain(st, ed->hex[1]) ==
			    CA_SEA : CA_IS_LAND(ca_hex_terrain(st,
			    ed->hex[0])) || CA_IS_LAND(ca_hex_terrain(st,
			    ed->hex[1]));
			if (!ok)
				return fail(p, p->ini.lineno, "a %s "
				    "cannot stand at %s (CA6.5)",
				    ship ? "ship" : "road", w);
			pl->supply[sup]--;
			st->edge[e] = (uint8_t)(CA_E_MAKE(seat, ship) |
			    (fresh ? CA_E_NEW : 0));
		}
		return 1;
	}
	if (strcmp(name, "hand") == 0) {
		struct ca_action a;
		char line[256];
		struct rules_error e;

		snprintf(line, sizeof line, "pick %s", v);
		if (*v && ca_parse(st, line, strlen(line), &a, &e) != 0)
			return fail(p, p->ini.lineno, "hand: %s", e.msg);
		for (int k = 0; *v && k < CA_KINDS; k++) {
			pl->hand[k] = a.get[k];
			p->bank[k] -= a.get[k];
		}
		return 1;
	}
	if (strcmp(name, "cards") == 0 || strcmp(name, "new-cards") == 0) {
		int fresh = name[0] == 'n';

		while (inifile_word(&s, w, sizeof w, 0)) {
			int t = inifile_find(ca_dev_names, CA_DEVS, w);

			if (t < 0)
				return fail(p, p->ini.lineno, "unknown "
				    "card '%s'", w);
			pl->dev[t]++;
			if (fresh)
				pl->devnew[t]++;
			p->deck[t]--;
		}
		return 1;
	}
	if (strcmp(name, "knights") == 0) {
		if (!number(p, name, v, 99, &n))
			return 0;
		pl->knights = (uint8_t)n;
		return 1;
	}
	if (strcmp(name, "bonus-islands") == 0) {
		while (inifile_word(&s, w, sizeof w, 0)) {
			uint8_t h = 0;

			if (!hexname(p, w, &h))
				return 0;
			if (b->island[h] == CA_NONE)
				return fail(p, p->ini.lineno, "%s is on "
				    "no island", w);
			if (!(pl->islands >> b->island[h] & 1)) {
				pl->islands |= 1u << b->island[h];
				pl->bonus = (uint8_t)(pl->bonus +
				    b->island_bonus);
			}
		}
		return 1;
	}
	return fail(p, p->ini.lineno, "unknown key '%s'", name);
}

static int
key(void *user, const char *section, int first, const char *name,
    const char *v)
{
	struct pos *p = user;
	struct ca_state *st = p->st;

	if (first) {
		p->seat = -2;
		if (strcmp(section, "position") == 0)
			p->seat = -1;
		if (ca_seat_of(st, section, strlen(section)) >= 0)
			p->seat = ca_seat_of(st, section, strlen(section));
		if (p->seat == -2)
			return fail(p, p->ini.sect_line, "unknown section '%s'",
			    section);
	}
	if (p->seat == -1)
		return position_key(p, name, v);
	return seat_key(p, name, v);
}

int
ca_position_load(struct ca_state *st, const char *text, size_t len,
    struct rules_error *err)
{
	struct pos p;

	memset(&p, 0, sizeof p);
	p.st = st;
	p.ini.key = key;
	p.ini.user = &p;
	for (int k = 0; k < CA_KINDS; k++)
		p.bank[k] = st->bank[k];
	for (int t = 0; t < CA_DEVS; t++)
		p.deck[t] = st->deck[t];
	if (inifile_parse(&p.ini, text, len) == 0) {
		for (int k = 0; k < CA_KINDS && !p.ini.failed; k++)
			if (p.bank[k] < 0)
				inifile_fail(&p.ini, 0, "the hands hold more %s "
				    "than the bank had", ca_kind_names[k]);
		for (int t = 0; t < CA_DEVS && !p.ini.failed; t++)
			if (p.deck[t] < 0)
				inifile_fail(&p.ini, 0, "the hands hold more %s "
				    "cards than the deck had", ca_dev_names[t]);
		for (int c = 0; c < st->b->ncorner && !p.ini.failed; c++) {
			const struct ca_corner *k = &st->b->corner[c];
			char name[32];

			if (!st->corner[c])
				continue;
			ca_corner_name(st->b, c, name, sizeof name);
			for (int i = 0; i < k->nedge; i++)
				if (k->adj[i] != CA_NONE && st->corner[k->adj[i]])
					inifile_fail(&p.ini, p.piece_line[c],
					    "%s is one edge from another "
					    "building (CA6.3)", name);
			if (!CA_IS_LAND(ca_hex_terrain(st, k->hex[0])) &&
			    !CA_IS_LAND(ca_hex_terrain(st, k->hex[1])) &&
			    !CA_IS_LAND(ca_hex_terrain(st, k->hex[2])))
				inifile_fail(&p.ini, p.piece_line[c], "%s "
				    "touches no land", name);
		}
	}
	if (p.ini.failed) {
		memset(err, 0, sizeof *err);
		err->code = RULES_EDATA;
		err->data = "position";
		err->line = p.ini.err_line;
		snprintf(err->msg, sizeof err->msg, "%s", p.ini.msg);
		return RULES_EDATA;
	}
	for (int k = 0; k < CA_KINDS; k++)
		st->bank[k] = (uint8_t)p.bank[k];
	for (int t = 0; t < CA_DEVS; t++)
		st->deck[t] = (uint8_t)p.deck[t];
	if (st->phase == CA_PH_SETUP) {
		/* the placement of the turn's seat in its round */
		int n = st->nseats, a = (st->active - st->first + n) % n;
		int i = st->setup_i ? 2 * n - 1 - a : a;

		st->setup_i = (uint8_t)i;
	}
	ca_award_recount(st);
	return 0;
}
