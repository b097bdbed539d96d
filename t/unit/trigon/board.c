/*
 * t/unit/board.c -- the board picture (lib/games/trigon/board.c) over many
 * positions: random legal games of four players are drawn every few
 * actions in all four modes (UTF-8 and ASCII, with and without color),
 * and every picture must keep within 100 display columns, name every
 * spot exactly once on the map, write ASCII only in ASCII mode, carry
 * escape sequences only with color, and draw figures waiting on a river
 * crossing (R7.2) beside it.  The same positions are drawn again at the
 * other widths of RULES_VF_WIDTH (60, 76 for mails, 80, 132, 200): no
 * line wider than asked, every label once, every crossing token.  t/0300-board.t has the golden pictures;
 * this test runs under valgrind in CI.
 */
#define _GNU_SOURCE 1		/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "../seed-util.h"
#include "games/trigon/board.h"
#include "games/trigon/engine.h"

static struct tg_data D;

/* A small deterministic generator for picking actions. */
static uint64_t rs = 0x9e3779b97f4a7c15u;
static unsigned
pick(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs % n);
}

/* Draw st in mode flags into a malloc'ed string. */
static char *
draw(const struct tg_state *st, int viewer, unsigned flags)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		bail("open_memstream");
	if (tg_board_write(&D, st, viewer, flags, f) != 0)
		bail("tg_board_write failed");
	fclose(f);
	return buf;
}

/* Widest line in display columns (escapes and continuation bytes: 0). */
static int
widest(const char *s)
{
	int w = 0, max = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '\n') {
			max = w > max ? w : max;
			w = 0;
		} else if (*p == 0x1b) {
			while (*p && *p != 'm')
				p++;
			if (!*p)
				break;
		} else if ((*p & 0xc0) != 0x80)
			w++;
	}
	return w > max ? w : max;
}

/* A crossing token ("G2k>", "P1s^") on the map, above the key. */
static int
token_on_map(const char *s)
{
	const char *end = strstr(s, "\nKey: ");

	for (const char *p = s; end != NULL && p + 1 < end; p++)
		if ((p[0] == 'k' || p[0] == 's') && p > s &&
		    p[-1] >= '0' && p[-1] <= '9' && (p[1] == '>' ||
		    p[1] == '<' || p[1] == 'v' || p[1] == '^'))
			return 1;
	return 0;
}

static int
count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

/*
 * Every spot's label (its display name; a capital's in capitals, checked
 * where the name is ASCII) exactly once in the map part of s.
 */
static int
labels_once(char *s, int *which)
{
	char *end = strstr(s, "\nKey: "), save;
	int bad = 0;

	if (end == NULL)
		return -1;
	save = *end;
	*end = '\0';
	for (int i = 0; i < D.nspots; i++) {
		char label[TG_DISPLAY_MAX];
		int ascii = 1;

		snprintf(label, sizeof label, "%s", D.spots[i].display);
		for (char *c = label; *c; c++)
			ascii &= (unsigned char)*c < 0x80;
		if (D.spots[i].capital) {
			if (!ascii)
				continue;
			for (char *c = label; *c; c++)
				if (*c >= 'a' && *c <= 'z')
					*c = (char)(*c - 32);
		}
		if (count(s, label) != 1) {
			*which = i;
			bad = 1;
			break;
		}
	}
	*end = save;
	return bad;
}

int
main(void)
{
	static struct tg_action acts[TG_LEGAL_MAX];
	struct rules_error err;
	struct tg_setup setup;
	struct tg_state st;
	int positions = 0, too_wide = 0, labels_bad = 0, not_ascii = 0;
	int escapes = 0, no_escapes = 0, crossings = 0, crossing_drawn = 0;
	int hands = 0, wide_bad = 0, wide_labels = 0, wide_tokens = 0;
	int wide_crossings = 0;
	static const int widths[] = { 60, 76, 80, 132, 200 };
	char first_bad[128] = "";

	plan(12);
	if (tg_data_load(&D, NULL, 0, NULL, 0, NULL, 0, &err) != 0)
		bail("tg_data_load: %s", err.msg);
	for (int g = 0; g < 6; g++) {
		tg_setup_default(&setup);
		setup.chance = seed_chance_byte((unsigned)g + 1, &setup.salt);
		setup.nseats = 4;
		for (int i = 0; i < 4; i++)
			setup.color[i] = (uint8_t)((i + g) % 4);
		if (tg_init(&st, &D, &setup, NULL, &err) != 0)
			bail("tg_init: %s", err.msg);
		for (int step = 0; step < 400 && st.phase != TG_PH_OVER;
		    step++) {
			int seat = tg_to_act(&st), n;

			if (step % 10 == 0) {
				unsigned flags[4] = { 0, RULES_VF_ASCII,
				    RULES_VF_COLOR,
				    RULES_VF_ASCII | RULES_VF_COLOR };
				int rivers = 0;

				for (int r = 0; r < D.nrivers; r++)
					rivers += (st.rwho[r] & 0x0f) !=
					    TG_NOBODY;
				positions++;
				for (int m = 0; m < 4; m++) {
					char *s = draw(&st, -1, flags[m]);
					int which = -1;

					if (widest(s) > TG_BOARD_WIDTH) {
						too_wide++;
						if (!first_bad[0])
							snprintf(first_bad,
							    sizeof first_bad,
							    "game %d step %d mode "
							    "%u: %d columns", g,
							    step, flags[m],
							    widest(s));
					}
					if (!(flags[m] & RULES_VF_ASCII) &&
					    labels_once(s, &which) != 0) {
						labels_bad++;
						if (!first_bad[0])
							snprintf(first_bad,
							    sizeof first_bad,
							    "game %d step %d: "
							    "label of %s", g,
							    step, which >= 0 ?
							    D.spots[which].name
							    : "?");
					}
					if (flags[m] & RULES_VF_ASCII)
						for (char *p = s; *p; p++)
							if ((unsigned char)*p
							    >= 0x80 || (*p ==
							    0x1b && !(flags[m] &
							    RULES_VF_COLOR))) {
								not_ascii++;
								break;
							}
					if (flags[m] & RULES_VF_COLOR)
						escapes += strchr(s, 0x1b) !=
						    NULL;
					else
						no_escapes += strchr(s, 0x1b)
						    == NULL;
					if (rivers && flags[m] ==
					    RULES_VF_ASCII) {
						crossings++;
						crossing_drawn +=
						    token_on_map(s);
					}
					free(s);
				}
				for (size_t k = 0; k < sizeof widths /
				    sizeof widths[0]; k++) {
					int w = widths[k], which = -1;
					char *s = draw(&st, -1,
					    RULES_VF_WIDTH(w));
					char *a = draw(&st, -1, RULES_VF_ASCII
					    | RULES_VF_WIDTH(w));

					if (widest(s) > w || widest(a) > w) {
						wide_bad++;
						if (!first_bad[0])
							snprintf(first_bad,
							    sizeof first_bad,
							    "game %d step %d: "
							    "%d columns at %d",
							    g, step, widest(s) >
							    w ? widest(s) :
							    widest(a), w);
					}
					if (labels_once(s, &which) != 0) {
						wide_labels++;
						if (!first_bad[0])
							snprintf(first_bad,
							    sizeof first_bad,
							    "game %d step %d: "
							    "label of %s at %d",
							    g, step, which >= 0
							    ? D.spots[which].name
							    : "?", w);
					}
					if (rivers) {
						wide_crossings++;
						wide_tokens += token_on_map(a);
					}
					free(s);
					free(a);
				}
				{
					char *s = draw(&st, st.seat_color[0],
					    RULES_VF_ASCII);

					hands += strstr(s, "\nHand of ") != NULL;
					free(s);
				}
			}
			if (seat < 0)
				break;
			n = tg_legal(&D, &st, seat, acts, TG_LEGAL_MAX);
			if (n <= 0)
				bail("no legal action in game %d", g);
			/* never resign: the board should stay busy */
			for (int tries = 0; tries < 8; tries++) {
				int k = (int)pick((unsigned)n);

				if (acts[k].kind != TG_A_RESIGN) {
					if (tg_apply(&D, &st, seat, &acts[k],
					    NULL, &err) != 0)
						bail("apply: %s", err.msg);
					break;
				}
			}
		}
	}
	diag("%d positions drawn in 4 modes", positions);
	if (first_bad[0])
		diag("first problem: %s", first_bad);
	ok(positions >= 200, "at least 200 positions drawn (%d)", positions);
	is_int(0, too_wide, "no picture wider than %d columns",
	    TG_BOARD_WIDTH);
	is_int(0, labels_bad, "every spot label exactly once on the map");
	is_int(0, not_ascii, "ASCII mode writes ASCII only");
	is_int(2 * positions, escapes, "color: escapes in every picture");
	is_int(2 * positions, no_escapes, "no color: no escape at all");
	ok(crossings > 0, "some positions had figures on river crossings (%d)",
	    crossings);
	is_int(crossings, crossing_drawn, "R7.2: figures on a crossing are "
	    "drawn beside it with their heading");
	is_int(positions, hands, "--as: the viewer's hand follows the board");
	is_int(0, wide_bad, "at 60, 76, 80, 132 and 200 columns no line is "
	    "wider than asked");
	is_int(0, wide_labels, "at every width every spot label exactly once");
	is_int(wide_crossings, wide_tokens, "R7.2: at every width figures on "
	    "a crossing are drawn beside it");
	return done_testing();
}
