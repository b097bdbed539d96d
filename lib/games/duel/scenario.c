/*
 * scenario.c -- the "scenario" blob (duel-rules(7), SCENARIO): a position made
 * from the standard start of DU3 by naming what differs.
 *
 *   [game]    start = red|blue, active = red|blue, phase = roll|action,
 *             turn = N
 *   [red] / [blue]
 *             CELL = KIND N [stored U] | stored U | dorp | stad |
 *                    straat | SLUG | empty
 *             hand = SLUG ...       (in this order, #1 first)
 *             prefer = KIND ...     (DU16.4)
 *   [piles]   stack1 .. stack4, events, discard = SLUG ...  (on top, in
 *             this order); regions = KIND N, ...  (on the region stack)
 *
 * A card named is taken from where it lies (a draw stack, the discard
 * pile, the event deck, the region stack, a hand); a card already in a
 * principality cannot be named again.  A region or expansion a cell
 * loses goes to the bottom of the region stack or of stack 4.  The
 * supply is what the grids leave of 9 roads, 9 settlements and 7
 * cities; tokens and points are derived.  The result is checked as a
 * game position: sites legal, 0-3 per region, no 1x card twice.  Open
 * chance only: under fair chance (st->pub) the decks are unseen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inifile.h"
#include "games/duel/scenario.h"

struct sc {
	struct inifile ini;
	struct du_state *st;
	const struct du_data *d;
	int active_set;
	int start_set;
};

#define fail(p, ...) inifile_fail(&(p)->ini, (p)->ini.lineno, __VA_ARGS__)

static int
seat_of(const char *s)
{
	return strcmp(s, "red") == 0 ? 0 : strcmp(s, "blue") == 0 ? 1 : -1;
}

static int
seg_start(const struct du_state *st, int seg)
{
	int off = 0;

	for (int j = 0; j < seg; j++)
		off += st->nseg[j];
	return off;
}

static int
pile_total(const struct du_state *st)
{
	int n = 0;

	for (int j = 0; j < DU_SEGS; j++)
		n += st->nseg[j];
	return n;
}

/* Take a free copy of card k out of the pile or a hand; -1 if none. */
static int
take_card(struct du_state *st, int k)
{
	const struct du_data *d = st->d;

	for (int seg = 0; seg < DU_SEGS; seg++) {
		int off = seg_start(st, seg);

		for (int i = 0; i < st->nseg[seg]; i++)
			if (d->inst[st->pile[off + i]] == k) {
				int inst = st->pile[off + i];

				memmove(st->pile + off + i, st->pile + off + i + 1,
				    (size_t)(pile_total(st) - off - i - 1));
				st->nseg[seg]--;
				return inst;
			}
	}
	for (int s = 0; s < DU_SEATS; s++)
		for (int i = 0; i < st->p[s].nhand; i++)
			if (d->inst[st->p[s].hand[i]] == k) {
				int inst = st->p[s].hand[i];

				memmove(st->p[s].hand + i, st->p[s].hand + i + 1,
				    (size_t)(st->p[s].nhand - i - 1));
				st->p[s].nhand--;
				return inst;
			}
	return -1;
}

/* Put instance inst at position pos of segment seg (pos -1: bottom). */
static void
put_card(struct du_state *st, int seg, int pos, int inst)
{
	int off = seg_start(st, seg), n = pile_total(st);

	if (pos < 0)
		pos = st->nseg[seg];
	memmove(st->pile + off + pos + 1, st->pile + off + pos,
	    (size_t)(n - off - pos));
	st->pile[off + pos] = (uint8_t)inst;
	st->nseg[seg]++;
}

/* The region "KIND N" (two words) or -1. */
static int
region_of(const struct du_data *d, const char *kind, const char *num)
{
	int k = du_rkind_find(d, kind, strlen(kind));

	if (k < 0 || num[0] < '1' || num[0] > '6' || num[1] != '\0')
		return -1;
	for (int r = 0; r < d->nregions; r++)
		if (d->region[r].kind == k && d->region[r].number == num[0] - '0')
			return r;
	return -1;
}

/* Take region r off the region stack; 0 if it is not there. */
static int
take_region(struct du_state *st, int r)
{
	for (int i = 0; i < st->nrstack; i++)
		if (st->rstack[i] == r) {
			memmove(st->rstack + i, st->rstack + i + 1,
			    (size_t)(st->nrstack - i - 1));
			st->nrstack--;
			return 1;
		}
	return 0;
}

/* What a cell held goes back: a region under the region stack, an
 * expansion under stack 4. */
static void
clear_cell(struct du_state *st, uint8_t *c)
{
	if (DU_IS_REGION(*c))
		st->rstack[st->nrstack++] = (uint8_t)(*c - DU_C_REGION);
	else if (DU_IS_EXP(*c))
		put_card(st, DU_STACKS - 1, -1, *c - DU_C_EXP);
	*c = DU_C_EMPTY;
}

static int
cell_set(struct sc *p, int s, const char *name, const char *value)
{
	struct du_state *st = p->st;
	const struct du_data *d = p->d;
	char w[4][DU_SLUG_MAX];
	const char *v = value;
	int n = 0, col, row;
	uint8_t *c;

	col = name[0] - 'a';
	row = name[1] - '1';
	if (col < 0 || col >= DU_COLS || row < 0 || row >= DU_ROWS ||
	    name[2] != '\0')
		return fail(p, "unknown key '%s' (a cell a1-y5, hand or prefer)",
		    name);
	c = &st->p[s].cell[col][row];
	while (n < 4 && inifile_word(&v, w[n], sizeof w[n], 0))
		n++;
	if (n == 0 || inifile_word(&v, w[0], sizeof w[0], 0))
		return fail(p, "%s: expected KIND N [stored U], stored U, dorp, "
		    "stad, straat, a card or empty", name);
	if (n == 2 && strcmp(w[0], "stored") == 0) {
		if (!DU_IS_REGION(*c))
			return fail(p, "%s holds no region to store on", name);
		if (w[1][0] < '0' || w[1][0] > '3' || w[1][1] != '\0')
			return fail(p, "%s: stored %s: a region holds 0-3 (DU4.2)",
			    name, w[1]);
		st->stored[*c - DU_C_REGION] = (uint8_t)(w[1][0] - '0');
		return 1;
	}
	if (n == 2 || (n == 4 && strcmp(w[2], "stored") == 0)) {
		int r = region_of(d, w[0], w[1]);

		if (r < 0)
			return fail(p, "%s: no region '%s %s'", name, w[0], w[1]);
		if (n == 4 && (w[3][0] < '0' || w[3][0] > '3' || w[3][1] != '\0'))
			return fail(p, "%s: stored %s: a region holds 0-3 (DU4.2)",
			    name, w[3]);
		if (*c != DU_C_REGION + r) {
			if (!take_region(st, r))
				return fail(p, "%s: %s %s is in a principality "
				    "already", name, w[0], w[1]);
			clear_cell(st, c);
			*c = (uint8_t)(DU_C_REGION + r);
		}
		st->stored[r] = (uint8_t)(n == 4 ? w[3][0] - '0' : 0);
		return 1;
	}
	if (n != 1)
		return fail(p, "%s: expected KIND N [stored U], stored U, dorp, "
		    "stad, straat, a card or empty", name);
	clear_cell(st, c);
	if (strcmp(w[0], "empty") == 0)
		return 1;
	if (strcmp(w[0], "dorp") == 0)
		*c = DU_C_SETTLEMENT;
	else if (strcmp(w[0], "stad") == 0)
		*c = DU_C_CITY;
	else if (strcmp(w[0], "straat") == 0)
		*c = DU_C_ROAD;
	else {
		int k = du_card_find(d, w[0]), inst;

		if (k < 0 || !DU_IS_EXPANSION(d->card[k].kind))
			return fail(p, "%s: '%s' is no expansion", name, w[0]);
		if ((inst = take_card(st, k)) < 0)
			return fail(p, "%s: no copy of %s left", name, w[0]);
		*c = (uint8_t)(DU_C_EXP + inst);
	}
	return 1;
}

/* A cell's key; the index of expansions follows the cells. */
static int
cell_key(struct sc *p, int s, const char *name, const char *value)
{
	int rc = cell_set(p, s, name, value);

	du_grid_index(p->st);
	return rc;
}

static int
list_key(struct sc *p, int s, const char *name, const char *value)
{
	struct du_state *st = p->st;
	char w[DU_SLUG_MAX];
	const char *v = value;

	if (strcmp(name, "prefer") == 0) {
		st->p[s].nprefer = 0;
		while (inifile_word(&v, w, sizeof w, 1)) {
			int r = du_res_find(w, strlen(w));

			if (r < 0 || st->p[s].nprefer == DU_RES)
				return fail(p, "prefer: '%s' (DU16.4: 1-6 kinds)", w);
			for (int i = 0; i < st->p[s].nprefer; i++)
				if (st->p[s].prefer[i] == r)
					return fail(p, "prefer: %s twice", w);
			st->p[s].prefer[st->p[s].nprefer++] = (uint8_t)r;
		}
		return 1;
	}
	/* hand: the seat's old hand goes under stack 4 first */
	while (st->p[s].nhand > 0)
		put_card(st, DU_STACKS - 1, -1, st->p[s].hand[--st->p[s].nhand]);
	while (inifile_word(&v, w, sizeof w, 1)) {
		int k = du_card_find(p->d, w), inst;

		if (k < 0 || p->d->card[k].kind == DU_K_EVENT ||
		    k == p->d->road || k == p->d->settlement || k == p->d->city)
			return fail(p, "hand: '%s' is no draw card", w);
		if (st->p[s].nhand == DU_HAND_MAX)
			return fail(p, "hand: more than %d cards", DU_HAND_MAX);
		if ((inst = take_card(st, k)) < 0)
			return fail(p, "hand: no copy of %s left", w);
		st->p[s].hand[st->p[s].nhand++] = (uint8_t)inst;
	}
	return 1;
}

static int
piles_key(struct sc *p, const char *name, const char *value)
{
	struct du_state *st = p->st;
	char w[DU_SLUG_MAX], num[DU_SLUG_MAX];
	const char *v = value;
	int seg = -1, pos = 0;

	if (strcmp(name, "regions") == 0) {
		while (inifile_word(&v, w, sizeof w, 1)) {
			int r;

			if (!inifile_word(&v, num, sizeof num, 1) ||
			    (r = region_of(p->d, w, num)) < 0)
				return fail(p, "regions: expected KIND N, ...");
			if (!take_region(st, r))
				return fail(p, "regions: %s %s is in a principality "
				    "or named twice", w, num);
			memmove(st->rstack + pos + 1, st->rstack + pos,
			    (size_t)(st->nrstack - pos));
			st->rstack[pos++] = (uint8_t)r;
			st->nrstack++;
		}
		return 1;
	}
	if (strncmp(name, "stack", 5) == 0 && name[5] >= '1' &&
	    name[5] < '1' + DU_STACKS && name[6] == '\0')
		seg = name[5] - '1';
	else if (strcmp(name, "events") == 0)
		seg = DU_SEG_EVENTS;
	else if (strcmp(name, "discard") == 0)
		seg = DU_SEG_DISCARD;
	else
		return fail(p, "unknown key '%s' in [piles]", name);
	while (inifile_word(&v, w, sizeof w, 1)) {
		int k = du_card_find(p->d, w), inst;

		if (k < 0 || k == p->d->road || k == p->d->settlement ||
		    k == p->d->city ||
		    (seg == DU_SEG_EVENTS) != (p->d->card[k].kind == DU_K_EVENT))
			return fail(p, "%s: '%s' does not belong there", name, w);
		if ((inst = take_card(st, k)) < 0)
			return fail(p, "%s: no copy of %s left", name, w);
		put_card(st, seg, pos++, inst);
	}
	return 1;
}

static int
game_key(struct sc *p, const char *name, const char *value)
{
	struct du_state *st = p->st;

	if (strcmp(name, "start") == 0 || strcmp(name, "active") == 0) {
		int s = seat_of(value);

		if (s < 0)
			return fail(p, "%s: red or blue", name);
		if (name[0] == 's') {
			st->start_player = (uint8_t)s;
			p->start_set = 1;
		} else {
			st->active = (uint8_t)s;
			p->active_set = 1;
		}
		return 1;
	}
	if (strcmp(name, "phase") == 0) {
		if (strcmp(value, "roll") == 0)
			st->phase = DU_PH_ROLL;
		else if (strcmp(value, "action") == 0)
			st->phase = DU_PH_ACTION;
		else
			return fail(p, "phase: roll or action");
		return 1;
	}
	if (strcmp(name, "turn") == 0) {
		char *end;
		long t = strtol(value, &end, 10);

		if (*value == '\0' || *end != '\0' || t < 1 || t > 999)
			return fail(p, "turn: 1-999");
		st->turn = (uint16_t)t;
		return 1;
	}
	return fail(p, "unknown key '%s' in [game]", name);
}

static int
on_key(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct sc *p = user;
	int s = seat_of(section);

	if (strcmp(section, "game") == 0)
		return game_key(p, name, value);
	if (strcmp(section, "piles") == 0)
		return piles_key(p, name, value);
	if (s < 0)
		return fail(p, "unknown section [%s] (game, red, blue, piles)",
		    section);
	if (strcmp(name, "hand") == 0 || strcmp(name, "prefer") == 0)
		return list_key(p, s, name, value);
	return cell_key(p, s, name, value);
}

/* The whole position: sites legal (DU2.2), 1x once (DU10.2). */
static int
check(struct sc *p)
{
	const struct du_state *st = p->st;
	const struct du_data *d = p->d;
	int roads = 0, towns = 0, cities = 0;

	for (int s = 0; s < DU_SEATS; s++) {
		int seen[DU_MAX_CARDS] = { 0 };

		for (int col = 0; col < DU_COLS; col++)
			for (int row = 0; row < DU_ROWS; row++) {
				uint8_t v = st->p[s].cell[col][row], town;
				char cn[3];
				int ok;

				if (v == DU_C_EMPTY)
					continue;
				town = st->p[s].cell[col][2];
				du_cell_name(DU_CELL(col, row), cn);
				if (DU_IS_REGION(v))
					ok = col % 2 == 0 && (row == 1 || row == 3);
				else if (v == DU_C_ROAD)
					ok = col % 2 == 0 && row == 2;
				else if (v == DU_C_SETTLEMENT || v == DU_C_CITY)
					ok = col % 2 == 1 && row == 2;
				else {
					int k = d->inst[v - DU_C_EXP];

					ok = col % 2 == 1 && (((row == 1 || row == 3) &&
					    (town == DU_C_SETTLEMENT ||
					    town == DU_C_CITY)) ||
					    ((row == 0 || row == 4) && town == DU_C_CITY));
					if (ok && d->card[k].unique && seen[k]++)
						return inifile_fail(&p->ini, 0, "%s: a "
						    "second %s (1x, DU10.2)",
						    du_seat_name(s), d->card[k].slug);
				}
				if (!ok)
					return inifile_fail(&p->ini, 0, "%s %s: no "
					    "site for what it holds (DU2.2)",
					    du_seat_name(s), cn);
				roads += v == DU_C_ROAD;
				towns += v == DU_C_SETTLEMENT || v == DU_C_CITY;
				cities += v == DU_C_CITY;
			}
	}
	if (roads > 9 || towns > 9 || cities > 7)
		return inifile_fail(&p->ini, 0, "more roads, settlements or "
		    "cities than the 9, 9 and 7 there are (DU1.2)");
	p->st->supply[0] = (uint8_t)(9 - roads);
	p->st->supply[1] = (uint8_t)(9 - towns);
	p->st->supply[2] = (uint8_t)(7 - cities);
	if (p->st->nrstack < 2 * p->st->supply[1])
		return inifile_fail(&p->ini, 0, "the region stack holds %d, "
		    "fewer than 2 per settlement of the supply (DU9.5)",
		    p->st->nrstack);
	return 1;
}

/*
 * The start's notes: the rolls of DU3.5 stay as rolled, the last line
 * says what the scenario made of them.
 */
static void
start_note(const struct sc *p, struct rules_note *note)
{
	const struct du_state *st = p->st;
	size_t end = note->len;
	int w;

	if (end > 0 && note->text[end - 1] == '\n')
		end--;
	while (end > 0 && note->text[end - 1] != '\n')
		end--;
	if (p->start_set)
		w = snprintf(note->text + end, sizeof note->text - end,
		    "%s begins as the scenario sets (start = %s), not by the "
		    "roll", du_seat_name(st->start_player),
		    du_seat_name(st->start_player));
	else
		w = snprintf(note->text + end, sizeof note->text - end,
		    "%s begins by the roll (DU3.5)",
		    du_seat_name(st->start_player));
	if (w >= 0 && (size_t)w < sizeof note->text - end)
		end += (size_t)w;
	if (st->active != st->start_player && end < sizeof note->text) {
		w = snprintf(note->text + end, sizeof note->text - end,
		    "; %s is on turn (active = %s)", du_seat_name(st->active),
		    du_seat_name(st->active));
		if (w >= 0 && (size_t)w < sizeof note->text - end)
			end += (size_t)w;
	}
	w = snprintf(note->text + end, sizeof note->text - end,
	    "; the scenario sets the hands, not DU3.6's starting hands "
	    "(duel-rules(7), SCENARIO)\n");
	if (w >= 0 && (size_t)w < sizeof note->text - end)
		end += (size_t)w;
	note->len = end;
}

int
du_scenario(struct du_state *st, const char *text, size_t len,
    struct rules_error *err)
{
	return du_scenario_noted(st, text, len, NULL, err);
}

int
du_scenario_noted(struct du_state *st, const char *text, size_t len,
    struct rules_note *note, struct rules_error *err)
{
	struct sc *p = calloc(1, sizeof *p);
	int rc = 0;

	if (p == NULL)
		return rules_refuse(err, RULES_ENOMEM, "out of memory");
	if (st->pub) {
		/* fair chance: the decks lie unseen, drawn when drawn; a
		 * scenario naming where cards lie would have them known */
		free(p);
		rc = rules_refuse(err, RULES_EDATA, "a scenario sets where "
		    "cards lie, which fair chance keeps unseen: use --chance "
		    "open");
		err->data = "scenario";
		err->line = 0;
		return rc;
	}
	p->st = st;
	p->d = st->d;
	/* the standard start: both hands taken, the start player before
	 * his roll (the start rolls of DU3.5 are kept) */
	st->phase = DU_PH_ROLL;
	st->turn = 1;
	p->ini.key = on_key;
	p->ini.user = p;
	p->ini.line_max = 199;
	if (inifile_parse(&p->ini, text, len) != 0 || !check(p)) {
		rc = rules_refuse(err, RULES_EDATA, "%s", p->ini.msg);
		err->data = "scenario";
		err->line = p->ini.err_line;
	}
	if (!p->active_set)
		st->active = st->start_player;
	st->aw_seat = st->active;
	if (rc == 0 && note != NULL)
		start_note(p, note);
	free(p);
	return rc;
}
