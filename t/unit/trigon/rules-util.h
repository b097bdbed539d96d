/*
 * rules-util.h -- set-up helpers shared by the rules tests
 * (t/unit/rules-*.c, t/unit/legal-agreement.c), header only: every
 * function is static.  Include after ../tap.h.
 *
 * Positions are built from scenarios (scenario.h), which lay out a
 * complete board, or from the standard set-up (tg_init) edited with the
 * engine's test helpers.  Actions are given as order-language text, so
 * the tests read like the games they describe; a refusal is checked for
 * its exact message and for a byte-for-byte unchanged state.
 */
#ifndef TRIGON_RULES_UTIL_H
#define TRIGON_RULES_UTIL_H

#include <string.h>

#include "../seed-util.h"
#include "games/trigon/engine.h"
#include "games/trigon/scenario.h"

static struct tg_data D;
static struct rules_note NOTE;	/* the note of the last act() */
static struct rules_error ERR;	/* the error of the last act() */

static inline void
util_init(void)
{
	struct rules_error err;

	if (tg_data_load(&D, NULL, 0, NULL, 0, NULL, 0, &err) != 0)
		bail("default data: %s", err.msg);
}

static inline int
spot(const char *name)
{
	int s = tg_spot_find(&D, name, strlen(name));

	if (s < 0)
		bail("no spot %s in the default map", name);
	return s;
}

static inline int
vcard(const char *slug)
{
	for (int i = 0; i < TG_VILLAGE_CARDS; i++)
		if (strcmp(D.villages[i].id, slug) == 0)
			return i;
	bail("no village card %s", slug);
	return -1;
}

static inline int
qcard(const char *slug)
{
	for (int i = 0; i < TG_QUEST_CARDS; i++)
		if (strcmp(D.quests[i].id, slug) == 0)
			return i;
	bail("no quest card %s", slug);
	return -1;
}

/* The printed side of a card: taxes and births (R4.3, R4.4). */
static inline const struct tg_yield *
side(const char *slug, int city)
{
	const struct tg_village_card *v = &D.villages[vcard(slug)];

	return city ? &v->city : &v->village;
}

/*
 * Bonus kinds, by index: 0 knights, 1 scouts, 2 boats, 3 copper,
 * 4 silver, 5 gold, 6 play cards, 7 quest cards.
 * The first non-capital village card whose bonus is only of kind.
 */
static inline int
card_bonus_only(int kind)
{
	for (int i = 0; i < TG_VILLAGE_CARDS; i++) {
		const struct tg_bonus *b = &D.villages[i].bonus;
		int v[8] = { b->knights, b->scouts, b->boats, b->copper,
		    b->silver, b->gold, b->playcards, b->questcards };
		int others = 0;

		for (int k = 0; k < 8; k++)
			if (k != kind)
				others += v[k];
		if (D.villages[i].capital_of >= TG_COLORS && v[kind] > 0 &&
		    others == 0)
			return i;
	}
	bail("no village card with a bonus of kind %d only", kind);
	return -1;
}

/* The first non-capital village card whose bonus has some of kind. */
static inline int
card_bonus_has(int kind)
{
	for (int i = 0; i < TG_VILLAGE_CARDS; i++) {
		const struct tg_bonus *b = &D.villages[i].bonus;
		int v[8] = { b->knights, b->scouts, b->boats, b->copper,
		    b->silver, b->gold, b->playcards, b->questcards };

		if (D.villages[i].capital_of >= TG_COLORS && v[kind] > 0)
			return i;
	}
	bail("no village card with a bonus of kind %d", kind);
	return -1;
}

static inline int
river(const char *a, const char *b)
{
	int p = tg_path_between(&D, spot(a), spot(b));

	if (p < 0 || !D.paths[p].river)
		bail("no river path %s-%s", a, b);
	return D.paths[p].river_index;
}

/* Color of the figures on river path r, -1 if none. */
static inline int
rcolor(const struct tg_state *st, int r)
{
	int c = st->rwho[r] & 0x0f;

	return c == TG_NOBODY ? -1 : c;
}

/* The end the figures on the river path a-b are heading for. */
static inline int
rheading(const struct tg_state *st, const char *a, const char *b)
{
	int p = tg_path_between(&D, spot(a), spot(b));

	return (st->rwho[D.paths[p].river_index] & 0x10) ? D.paths[p].b :
	    D.paths[p].a;
}

static inline void
seeded(struct tg_setup *s, int nseats, const int *colors, unsigned seedbyte)
{
	tg_setup_default(s);
	s->chance = seed_chance_byte(seedbyte, &s->salt);
	s->nseats = nseats;
	for (int i = 0; i < nseats; i++)
		s->color[i] = (uint8_t)colors[i];
}

/* The standard set-up (R3) of a game with these seats. */
static inline void
game(struct tg_state *st, int nseats, const int *colors, unsigned seedbyte)
{
	struct tg_setup s;
	struct rules_error err;

	seeded(&s, nseats, colors, seedbyte);
	if (tg_init(st, &D, &s, NULL, &err) != 0)
		bail("tg_init: %s", err.msg);
}

/* A game started from scenario text, with options from s (may be NULL). */
static inline int
scen_opts(struct tg_state *st, int nseats, const int *colors,
    const struct tg_setup *opts, const char *text, struct rules_note *note)
{
	static struct tg_scenario sc;
	struct tg_setup s;
	struct rules_error err;

	if (opts != NULL)
		s = *opts;
	else
		seeded(&s, nseats, colors, 0x42);
	if (note != NULL) {
		note->len = 0;
		note->text[0] = '\0';
	}
	if (tg_scenario_parse(&sc, &D, text, strlen(text), &err) != 0)
		bail("scenario line %d: %s", err.line, err.msg);
	if (tg_scenario_apply(st, &D, &s, &sc, note, &err) != 0)
		bail("scenario: %s", err.msg);
	return 0;
}

static inline void
scen(struct tg_state *st, int nseats, const int *colors, const char *text)
{
	scen_opts(st, nseats, colors, NULL, text, NULL);
}

static inline int
seat_of(const struct tg_state *st, int c)
{
	return st->color_seat[c] == TG_NONE ? -1 : st->color_seat[c];
}

/* Make color c the active player (a direct state edit for tests). */
static inline void
make_active(struct tg_state *st, int c)
{
	for (int i = 0; i < st->norder; i++)
		if (st->order[i] == c)
			st->turn = (uint8_t)i;
}

/* Parse and apply text as color c; NOTE and ERR hold the outcome. */
static inline int
act(struct tg_state *st, int c, const char *text)
{
	struct tg_action a;
	int rc;

	NOTE.len = 0;
	NOTE.text[0] = '\0';
	memset(&ERR, 0, sizeof ERR);
	rc = tg_parse(&D, st, seat_of(st, c), text, strlen(text), &a, &ERR);
	if (rc != 0)
		return rc;
	return tg_apply(&D, st, seat_of(st, c), &a, &NOTE, &ERR);
}

/* Every invariant holds and points equal their recount. */
static inline int
sound(const struct tg_state *st)
{
	struct rules_error err;

	if (tg_check(&D, st, &err) != 0) {
		diag("invariant broken: %s", err.msg);
		return 0;
	}
	for (int c = 0; c < TG_COLORS; c++)
		if (st->p[c].points != tg_points_recount(&D, st, c)) {
			diag("%s points %d, recount %d", tg_color_name[c],
			    st->p[c].points, tg_points_recount(&D, st, c));
			return 0;
		}
	return 1;
}

/* Apply text as c, expecting success and a sound state: one test. */
static inline int
done(struct tg_state *st, int c, const char *text, const char *what)
{
	int rc = act(st, c, text);

	if (rc != 0)
		diag("'%s' refused: %s", text, ERR.msg);
	return ok(rc == 0 && sound(st), "%s", what);
}

/* Apply text as c expecting refusal code rc with msg; three tests. */
static inline void
refused(struct tg_state *st, int c, const char *text, int want_rc,
    const char *msg, const char *what)
{
	struct tg_state before = *st;
	int rc = act(st, c, text);

	is_int(want_rc, rc, "%s: refused", what);
	is_string(msg, ERR.msg, "%s: message", what);
	ok(memcmp(&before, st, sizeof before) == 0, "%s: state unchanged",
	    what);
}

/* Does the note of the last act() contain s? */
static inline int
noted(const char *s)
{
	return strstr(NOTE.text, s) != NULL;
}

/* Does the note of the last act() start with s? */
static inline int
starts(const char *s)
{
	return strncmp(NOTE.text, s, strlen(s)) == 0;
}

static inline void
dice(const uint8_t *v, int n)
{
	tg_test_force_dice(v, n);
}

#endif
