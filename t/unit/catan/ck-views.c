/*
 * t/unit/catan/ck-views.c -- hidden information in every view of Cities &
 * Knights through the registered rule set catan_ck_rules (CK16.1,
 * CK18.5).  At every moment of random three- and four-player
 * games, a copy of the game is made in which one seat h holds other
 * progress cards (each swapped with a card of the same deck, from the
 * deck's bottom) and other cards by kind (one card of h swapped with
 * one of another kind held by a seat o); then a third seat v, which
 * can see neither hand, must see the same: the public JSON, status,
 * board as text and as SVG, its own hand (text and JSON) and its legal
 * actions, byte for byte.  The control: h's own hand view changes.
 * Moments where the Spy or the Master Merchant shows a hand to the
 * player taking from it (CK14.13, CK14.2) are left out.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "rand64.h"
#include "../seed-util.h"
#include "games/catan/bot.h"
#include "games/catan/catan.h"
#include "games/catan/engine.h"

static const struct rules *R = &catan_ck_rules;

static char *
view_of(const struct game *g, enum rules_view view, int viewer,
    unsigned flags)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		bail("open_memstream");
	if (R->describe(g, view, viewer, flags, f) != 0)
		bail("describe %d as %d", (int)view, viewer);
	fclose(f);
	return buf;
}

static int
collect(void *ctx, const char *a)
{
	fprintf(ctx, "%s\n", a);
	return 0;
}

/* Everything seat v sees. */
static char *
seen_by(const struct game *g, int v)
{
	char *parts[6], *all = NULL, *l = NULL;
	size_t len = 0, alen = 0;
	FILE *f;

	parts[0] = view_of(g, RULES_VIEW_JSON, -1, 0);
	parts[1] = view_of(g, RULES_VIEW_STATUS, -1, 0);
	parts[2] = view_of(g, RULES_VIEW_BOARD, v, RULES_VF_WIDTH(100));
	parts[3] = view_of(g, RULES_VIEW_BOARD, v, RULES_VF_SVG);
	parts[4] = view_of(g, RULES_VIEW_HAND, v, 0);
	parts[5] = view_of(g, RULES_VIEW_HAND, v, RULES_VF_JSON);
	if ((f = open_memstream(&l, &len)) == NULL)
		bail("open_memstream");
	R->legal(g, v, collect, f);
	fclose(f);
	if ((f = open_memstream(&all, &alen)) == NULL)
		bail("open_memstream");
	for (int i = 0; i < 6; i++) {
		fprintf(f, "%s\n--\n", parts[i]);
		free(parts[i]);
	}
	fprintf(f, "%s", l);
	fclose(f);
	free(l);
	return all;
}

/* A pending decision that shows one seat's hand to another. */
static int
revealing(const struct ca_state *st)
{
	for (int i = 0; i < st->npend; i++)
		if (st->pend[i].kind == CA_P_SPY ||
		    st->pend[i].kind == CA_P_MASTER)
			return 1;
	return 0;
}

/*
 * In st: h's progress cards each swapped with a card of the same deck
 * (the i-th from its bottom), and one card of h with one of another
 * kind held by o.  1 when anything h holds changed.
 */
static int
swap_hidden(struct ca_state *st, int h, int o)
{
	struct ca_ck_player *q = &st->ck.p[h];
	int changed = 0, used[CK_TRACKS] = { 0 };

	for (int i = 0; i < q->nprog; i++) {
		int t = st->ck.d->cards[q->prog[i]].deck, at, c;

		if (used[t] >= st->ck.ndeck[t])
			continue;
		at = st->ck.ndeck[t] - 1 - used[t]++;
		c = ca_ck_deck(st, t, at);
		changed |= c != q->prog[i];
		ca_ck_deck_set(st, t, at, q->prog[i]);
		q->prog[i] = (uint8_t)c;
	}
	for (int k = 0; k < CA_KINDS; k++)
		for (int k2 = 0; k2 < CA_KINDS; k2++)
			if (k != k2 && st->p[h].hand[k] && st->p[o].hand[k2]) {
				st->p[h].hand[k]--;
				st->p[o].hand[k]++;
				st->p[o].hand[k2]--;
				st->p[h].hand[k2]++;
				return 1;
			}
	return changed;
}

static char legal_buf[8192][RULES_ACTION_MAX];
static int nlegal;

static int
keep(void *ctx, const char *a)
{
	(void)ctx;
	if (nlegal < 8192)
		snprintf(legal_buf[nlegal++], RULES_ACTION_MAX, "%s", a);
	return 0;
}

int
main(void)
{
	static const char *names[] = { "red", "blue", "white", "orange" };
	long moments = 0, leaks = 0, owner_sees = 0, skipped = 0;
	uint64_t rng = 0x2545f4914f6cdd1dull;
	/* under valgrind one game, a moment in 20 */
	int games = tap_valgrind() ? 1 : 6, every = tap_valgrind() ? 20 : 5;
	int over = 0;

	if (tap_valgrind())
		diag("under valgrind: %d random game of 6, a moment in %d",
		    games, every);
	for (int gi = 0; gi < games; gi++) {
		struct rules_setup su;
		struct rules_error e;
		struct game *g;
		uint64_t salt;
		int n = gi % 2 ? 4 : 3;

		memset(&su, 0, sizeof su);
		su.nseats = n;
		for (int i = 0; i < n; i++)
			su.seat[i] = names[i];
		su.chance = seed_chance_byte(0x40u + (unsigned)gi, &salt);
		if (R->create(&g, &su, &e) != 0)
			bail("create: %s", e.msg);
		for (int step = 0; step < 1500; step++) {
			struct rules_await aw;
			struct rules_note note;
			int pick;

			R->await(g, &aw);
			if (aw.over) {
				over++;
				break;
			}
			nlegal = 0;
			R->legal(g, aw.seat, keep, NULL);
			if (nlegal == 0)
				bail("game %d step %d: nothing legal", gi, step);
			pick = (int)(splitmix64(&rng) % (uint64_t)nlegal);
			if (strcmp(legal_buf[pick], "resign") == 0)
				pick = (pick + 1) % nlegal;
			if (step % every == 0 && !revealing(ca_game_state(g))) {
				for (int h = 0; h < n; h++) {
					int o = (h + 1) % n, v = (h + 2) % n;
					struct game *c = R->clone(g);
					struct ca_state *cs = (struct ca_state *)
					    (uintptr_t)ca_game_state(c);
					char *a, *b;

					if (!swap_hidden(cs, h, o)) {
						R->free(c);
						continue;
					}
					moments++;
					a = seen_by(g, v);
					b = seen_by(c, v);
					if (strcmp(a, b) != 0 && leaks++ < 3)
						diag("game %d step %d: %s's hidden "
						    "cards show in what %s sees", gi,
						    step, names[h], names[v]);
					free(a);
					free(b);
					a = view_of(g, RULES_VIEW_HAND, h, 0);
					b = view_of(c, RULES_VIEW_HAND, h, 0);
					owner_sees += strcmp(a, b) != 0;
					free(a);
					free(b);
					R->free(c);
				}
			} else if (step % every == 0)
				skipped++;
			if (R->apply(g, aw.seat, legal_buf[pick],
			    strlen(legal_buf[pick]), &note, &e) != 0)
				bail("game %d: '%s' refused: %s", gi,
				    legal_buf[pick], e.msg);
		}
		R->free(g);
	}
	diag("%ld moments compared, %ld left out (Spy, Master Merchant), "
	    "%d of %d games over", moments, skipped, over, games);
	ok(moments > (tap_valgrind() ? 50 : 1000), "enough moments with a "
	    "hidden hand changed (%ld)", moments);
	is_int(0, leaks, "CK16.1 CK18.5: at every moment, what a third seat "
	    "sees (public JSON, status, board text and SVG, its hand as text "
	    "and JSON, its legal actions) is the same whatever progress cards "
	    "and cards by kind the other seats hold");
	ok(owner_sees > moments / 2, "the control: the holder's own hand "
	    "view changes with the swap (%ld of %ld)", owner_sees, moments);
	return done_testing();
}
