/*
 * t/unit/duel/util.h -- helpers of the Duel's unit tests (header only):
 * a game from the embedded cards and an open-mode seed, orders by text,
 * and positions set up through the C API (stored units by cell, cards
 * moved from wherever they lie into a hand or onto a cell, so that every
 * card stays exactly once).  Include after t/tap.h.  The helpers are
 * static inline: a test uses those it needs.
 */
#ifndef DUEL_T_UTIL_H
#define DUEL_T_UTIL_H

#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "games/duel/engine.h"
#include "games/duel/parse.h"

static struct du_data D;
static struct du_state S;
static struct chance_seed CS;
static struct rules_note N;
static struct rules_error E;

static inline void
new_game(int seed)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };

	key[0] = (unsigned char)seed;
	key[1] = (unsigned char)(seed >> 8);
	if (du_data_load(&D, NULL, 0, &E) != 0)
		bail("cards: %s", E.msg);
	chance_seed_init(&CS, key);
	if (du_init(&S, &D, &CS.chance, &N, &E) != 0)
		bail("init: %s", E.msg);
}

/* Parse and apply; the note in N, the error in E. */
static inline int
order(int seat, const char *text)
{
	struct du_action a;
	int rc;

	memset(&E, 0, sizeof E);
	N.len = 0;
	N.text[0] = '\0';
	if ((rc = du_parse(&D, text, strlen(text), &a, &E)) != 0)
		return rc;
	rc = du_apply(&S, seat, &a, 0, &N, &E);
	if (rc != 0 && getenv("DU_DIAG"))
		diag("%s: %s", text, E.msg);
	return rc;
}

/* 1 when the order is refused and the state is byte for byte the same. */
static inline int
refused(int seat, const char *text)
{
	struct du_state before;
	int rc;

	memcpy(&before, &S, sizeof before);
	rc = order(seat, text);
	if (rc == 0)
		diag("'%s' was accepted", text);
	return rc != 0 && memcmp(&before, &S, sizeof S) == 0;
}

static inline uint8_t *
cellp(int seat, const char *name)
{
	return &S.p[seat].cell[name[0] - 'a'][name[1] - '1'];
}

/* Units on the region at a cell of seat. */
static inline int
units(int seat, const char *name)
{
	uint8_t v = *cellp(seat, name);

	return DU_IS_REGION(v) ? S.stored[v - DU_C_REGION] : -1;
}

static inline void
set_units(int seat, const char *name, int n)
{
	uint8_t v = *cellp(seat, name);

	if (!DU_IS_REGION(v))
		bail("%s is no region", name);
	S.stored[v - DU_C_REGION] = (uint8_t)n;
}

/* Take a copy of card slug from wherever it lies (pile or hands). */
static inline int
take_inst(const char *slug)
{
	int k = du_card_find(&D, slug);

	for (int seg = 0; seg < DU_SEGS; seg++) {
		int off = 0;

		for (int j = 0; j < seg; j++)
			off += S.nseg[j];
		for (int i = 0; i < S.nseg[seg]; i++)
			if (D.inst[S.pile[off + i]] == k) {
				int inst = S.pile[off + i], n = 0;

				for (int j = 0; j < DU_SEGS; j++)
					n += S.nseg[j];
				memmove(S.pile + off + i, S.pile + off + i + 1,
				    (size_t)(n - off - i - 1));
				S.nseg[seg]--;
				return inst;
			}
	}
	for (int s = 0; s < DU_SEATS; s++)
		for (int i = 0; i < S.p[s].nhand; i++)
			if (D.inst[S.p[s].hand[i]] == k) {
				int inst = S.p[s].hand[i];

				memmove(S.p[s].hand + i, S.p[s].hand + i + 1,
				    (size_t)(S.p[s].nhand - i - 1));
				S.p[s].nhand--;
				return inst;
			}
	bail("no free copy of %s", slug);
	return -1;
}

static inline void
place(int seat, const char *cell, const char *slug)
{
	*cellp(seat, cell) = (uint8_t)(DU_C_EXP + take_inst(slug));
	du_grid_index(&S);
}

static inline void
to_hand(int seat, const char *slug)
{
	S.p[seat].hand[S.p[seat].nhand++] = (uint8_t)take_inst(slug);
}

/* Put a copy of slug at position pos (0 top) of segment seg. */
static inline void
to_seg(int seg, int pos, const char *slug)
{
	int inst = take_inst(slug), off = 0, n = 0;

	for (int j = 0; j < seg; j++)
		off += S.nseg[j];
	for (int j = 0; j < DU_SEGS; j++)
		n += S.nseg[j];
	memmove(S.pile + off + pos + 1, S.pile + off + pos,
	    (size_t)(n - off - pos));
	S.pile[off + pos] = (uint8_t)inst;
	S.nseg[seg]++;
}

/* The standard start (§7): both hands taken, red active, before the
 * roll, hands given back to stack 4's bottom so tests start empty. */
static inline void
standard(int seed)
{
	new_game(seed);
	S.phase = DU_PH_ROLL;
	S.active = S.aw_seat = 0;
	S.start_player = 0;
	S.turn = 1;
}

/* Force the next roll and roll it. */
static inline int
roll(int seat, int die, int face)
{
	du_test_dice(&S, die, face);
	return order(seat, "roll");
}

static inline int
note_has(const char *line)
{
	return strstr(N.text, line) != NULL;
}

/* The region card named by its slug ("bergen-4"). */
static inline int
region_no(const char *slug)
{
	char s[16];

	for (int r = 0; r < D.nregions; r++) {
		du_region_slug(&D, r, s, sizeof s);
		if (strcmp(s, slug) == 0)
			return r;
	}
	bail("no region %s", slug);
	return -1;
}

static inline const char *
cell_slug(int seat, const char *cell)
{
	static char buf[DU_SLUG_MAX];
	uint8_t v = *cellp(seat, cell);

	if (DU_IS_REGION(v))
		du_region_slug(&D, v - DU_C_REGION, buf, sizeof buf);
	else if (DU_IS_EXP(v))
		snprintf(buf, sizeof buf, "%s", D.card[D.inst[v - DU_C_EXP]].slug);
	else
		snprintf(buf, sizeof buf, "%s", v == DU_C_ROAD ? "road" :
		    v == DU_C_SETTLEMENT ? "settlement" : v == DU_C_CITY ? "city" :
		    "empty");
	return buf;
}

#endif
