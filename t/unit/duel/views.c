/*
 * t/unit/duel/views.c -- what the Duel's views show and to whom, through
 * the rule set (duel_rules.describe, apply, legal): duel-rules(7)
 * situations 13 (DU8.2 DU17.3: the holder's hand view shows the other's
 * hand for that decision only), 28 (DU9.4 DU12.7 DU17.3: the region
 * stack to the builder under Verkenner only) and 35 (DU17.1 DU17.2
 * DU17.5) at every moment of random games: the public views (JSON,
 * status, board as text and SVG), the other seat's hand (text and JSON),
 * its legal orders and the notes stay byte for byte the same when a
 * seat's hidden hand is swapped for other hidden cards; and the golden
 * text board at 60 columns (t/unit/duel/board-60.txt); the one discard
 * pile of both players, its size and top card only in the public views
 * (DU1.5 DU14.6, a position from scenario data).
 *
 * Positions are set through the C API (util.h) on S, then copied into a
 * game made by duel_rules.create from the same seed (its own card data
 * and source of chance kept).
 */
#define _GNU_SOURCE 1		/* open_memstream */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
/* util.h's helpers for rules.c: not all of them are used here */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "util.h"
#pragma GCC diagnostic pop
#include "../seed-util.h"
#include "games/duel/duel.h"
#include "games/duel/scenario.h"

static struct game *G;

/* The game's state, to set positions and fix dice (tests only). */
static struct du_state *
gst(void)
{
	return (struct du_state *)(uintptr_t)du_game_state(G);
}

/* A game of duel_rules from util.h's seed, holding the position S. */
static void
to_game(int seed)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };
	struct rules_setup su;
	struct rules_error e;
	struct du_state *st;
	const struct du_data *d;
	const struct rules_chance *ch;

	key[0] = (unsigned char)seed;
	key[1] = (unsigned char)(seed >> 8);
	memset(&su, 0, sizeof su);
	su.nseats = 2;
	su.seat[0] = "red";
	su.seat[1] = "blue";
	su.chance = seed_chance(key);
	if (G != NULL)
		duel_rules.free(G);
	if (duel_rules.create(&G, &su, &e) != 0)
		bail("create: %s", e.msg);
	st = gst();
	d = st->d;
	ch = st->chance;
	memcpy(st, &S, sizeof S);
	st->d = d;
	st->chance = ch;
}

/* A view as a string (malloc'ed); "" when describe refused. */
static char *
view_of(struct game *g, enum rules_view v, int viewer, unsigned flags)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f == NULL)
		bail("open_memstream");
	if (duel_rules.describe(g, v, viewer, flags, f) != 0)
		fputs("(refused)", f);
	fclose(f);
	return text;
}

static int
has(const char *hay, const char *needle)
{
	return strstr(hay, needle) != NULL;
}

static struct rules_note GN;
static struct rules_error GE;

static int
gorder(struct game *g, int seat, const char *text)
{
	memset(&GE, 0, sizeof GE);
	GN.len = 0;
	GN.text[0] = '\0';
	return duel_rules.apply(g, seat, text, strlen(text), &GN, &GE);
}

/* Every view that does not belong to seat s alone, joined. */
static char *
public_views(struct game *g)
{
	char *a = view_of(g, RULES_VIEW_JSON, -1, 0);
	char *b = view_of(g, RULES_VIEW_STATUS, -1, 0);
	char *c = view_of(g, RULES_VIEW_BOARD, -1, RULES_VF_WIDTH(100));
	char *d = view_of(g, RULES_VIEW_BOARD, -1, RULES_VF_SVG);
	char *all = NULL;

	if (asprintf(&all, "%s\n--\n%s\n--\n%s\n--\n%s", a, b, c, d) < 0)
		bail("asprintf");
	free(a);
	free(b);
	free(c);
	free(d);
	return all;
}

/* ---- §7 situation 13: DU8.2 DU17.3 ------------------------------------ */

static void
t_fraternal_views(void)
{
	char *rh, *rj, *bh, *bj, *pub;

	standard(14);
	place(0, "l2", "markus");
	to_hand(1, "goudsmid");
	to_hand(1, "klooster");
	to_hand(1, "verkenner");
	to_seg(DU_SEG_EVENTS, 0, "broedertwist");
	to_game(14);
	rh = view_of(G, RULES_VIEW_HAND, 0, 0);
	ok(!has(rh, "blue's hand"), "DU17.2: before the event red's hand view "
	    "shows nothing of blue's hand");
	free(rh);
	du_test_dice(gst(), 6, DU_F_EVENT);
	is_int(0, gorder(G, 0, "roll"), "DU7.5 DU8.2: roll 6, event card "
	    "Broedertwist");
	ok(gst()->choice == DU_CH_PUT && gst()->aw_seat == 0,
	    "DU8.2: red (strength advantage) is awaited to put two cards");
	rh = view_of(G, RULES_VIEW_HAND, 0, 0);
	ok(has(rh, "\nblue's hand:\n  card 1: goudsmid (Goldsmith; action)\n"
	    "  card 2: klooster (Abbey; building), 1 brick 1 grain 1 ore\n"
	    "  card 3: verkenner (Scout; action)\n"), "DU8.2 DU17.3: red's "
	    "hand view shows blue's hand in arrival order, numbered, the "
	    "English gloss beside each Dutch name");
	rj = view_of(G, RULES_VIEW_HAND, 0, RULES_VF_JSON);
	ok(has(rj, "\"other_hand\":[{\"card\":\"goudsmid\",\"kind\":\"action\","
	    "\"name\":\"Goudsmid\",\"number\":1},{\"card\":\"klooster\","
	    "\"kind\":\"building\",\"name\":\"Klooster\",\"number\":2},"
	    "{\"card\":\"verkenner\",\"kind\":\"action\",\"name\":"
	    "\"Verkenner\",\"number\":3}]"), "DU17.3: red's hand JSON: "
	    "other_hand, the same three");
	bh = view_of(G, RULES_VIEW_HAND, 1, 0);
	bj = view_of(G, RULES_VIEW_HAND, 1, RULES_VF_JSON);
	ok(!has(bh, "red's hand") && !has(bj, "other_hand"), "DU17.3: blue's "
	    "views show no other hand");
	ok(has(bh, "  card 2: klooster (Abbey; building)"), "DU17.2: blue still sees "
	    "his own hand");
	pub = public_views(G);
	ok(!has(pub, "goudsmid") && !has(pub, "klooster") &&
	    !has(pub, "verkenner") && !has(pub, "Klooster") &&
	    has(pub, "\"hand\":3"), "DU17.1: no public view names a card of "
	    "blue's hand (the size only)");
	free(rh);
	free(rj);
	free(bh);
	free(bj);
	free(pub);
	is_int(0, gorder(G, 0, "put card 2 under stack 1 and card 3 under "
	    "stack 4"), "DU8.2: put card 2 under stack 1 and card 3 under "
	    "stack 4");
	is_string("red puts 2 of blue's cards under stacks 1 and 4\n",
	    GN.text, "DU17.5: the note names the stacks only");
	rh = view_of(G, RULES_VIEW_HAND, 0, 0);
	rj = view_of(G, RULES_VIEW_HAND, 0, RULES_VF_JSON);
	bh = view_of(G, RULES_VIEW_HAND, 1, 0);
	ok(!has(rh, "blue's hand") && !has(rj, "other_hand"), "DU17.3: after "
	    "the decision red's views no longer show blue's hand");
	ok(has(bh, "blue's hand (1, limit 3):\n  card 1: goudsmid (Goldsmith; "
	    "action)\n"),
	    "DU8.2: blue holds Goudsmid alone");
	free(rh);
	free(rj);
	free(bh);
}

/* ---- §7 situation 28: DU9.4 DU12.7 DU17.3 ----------------------------- */

static void
t_scout_views(void)
{
	char *rh, *rj, *bh, *bj, *pub;
	char want[512] = "\nthe region stack:";
	size_t len = strlen(want);

	standard(11);
	S.phase = DU_PH_ACTION;
	*cellp(0, "k3") = DU_C_ROAD;
	S.supply[0]--;
	to_hand(0, "verkenner");
	set_units(0, "k2", 1);
	set_units(0, "k4", 1);
	set_units(0, "m4", 1);
	set_units(0, "o2", 1);
	to_game(11);
	is_int(0, gorder(G, 0, "build settlement left with verkenner"),
	    "DU9.4 DU12.7: build settlement left with verkenner");
	for (int i = 0; i < gst()->nrstack; i++) {
		char slug[16];

		du_region_slug(gst()->d, gst()->rstack[i], slug, sizeof slug);
		len += (size_t)snprintf(want + len, sizeof want - len, " %s",
		    slug);
	}
	snprintf(want + len, sizeof want - len, "\n");
	rh = view_of(G, RULES_VIEW_HAND, 0, 0);
	rj = view_of(G, RULES_VIEW_HAND, 0, RULES_VF_JSON);
	ok(gst()->nrstack == 12 && has(rh, want), "DU17.3: red's hand view "
	    "lists the 12 regions of the stack, in its order");
	ok(has(rj, "\"region_stack\":[\"") && !has(rj, "other_hand"),
	    "DU17.3: red's hand JSON has the region stack");
	bh = view_of(G, RULES_VIEW_HAND, 1, 0);
	bj = view_of(G, RULES_VIEW_HAND, 1, RULES_VF_JSON);
	pub = public_views(G);
	ok(!has(bh, "region stack") && !has(bj, "region_stack"),
	    "DU17.3: blue's hand views do not");
	ok(!has(pub, "region stack") && !has(pub, "akkers-3") &&
	    !has(pub, "weiden-6") && has(pub, "\"regions\":12"),
	    "DU17.1: the public views give the region stack's size only");
	free(rh);
	free(rj);
	free(bh);
	free(bj);
	free(pub);
	is_int(0, gorder(G, 0, "regions akkers-3 weiden-6"), "DU9.4: regions "
	    "akkers-3 weiden-6");
	rh = view_of(G, RULES_VIEW_HAND, 0, 0);
	pub = view_of(G, RULES_VIEW_BOARD, -1, RULES_VF_WIDTH(100));
	ok(!has(rh, "region stack"), "DU17.3: after the decision red's view "
	    "no longer lists the region stack");
	ok(has(pub, "2  akkers-3:0 ") && has(pub, "4  weiden-6:0 ") &&
	    gst()->nrstack == 10, "DU9.4 DU17.1: the regions placed are "
	    "public, at i2 and i4; region stack 10");
	free(rh);
	free(pub);
}

/* ---- §7 situation 35 at every moment: DU17.1 DU17.2 DU17.5 ------------ */

/* What seat o may see: the public views, its hand (text, JSON), its
 * legal orders. */
static int
collect(void *ctx, const char *a)
{
	fprintf(ctx, "%s\n", a);
	return 0;
}

static char *
seen_by(struct game *g, int o)
{
	char *pub = public_views(g), *h = view_of(g, RULES_VIEW_HAND, o, 0);
	char *j = view_of(g, RULES_VIEW_HAND, o, RULES_VF_JSON);
	char *l = NULL, *all = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&l, &len);

	if (f == NULL)
		bail("open_memstream");
	duel_rules.legal(g, o, collect, f);
	fclose(f);
	if (asprintf(&all, "%s\n--\n%s\n--\n%s\n--\n%s", pub, h, j, l) < 0)
		bail("asprintf");
	free(pub);
	free(h);
	free(j);
	free(l);
	return all;
}

/* Swap seat h's hand for cards from the bottoms of the draw stacks
 * (not the one being searched); 1 when a slug changed. */
static int
swap_hand(struct du_state *st, int h, int turn)
{
	int changed = 0;

	for (int i = 0; i < st->p[h].nhand; i++) {
		for (int tries = 0; tries < DU_STACKS; tries++) {
			int k = (turn + i + tries) % DU_STACKS, off = 0;
			int depth = i / DU_STACKS;
			uint8_t *b, t;

			if (depth >= st->nseg[k] || (st->phase == DU_PH_TAKE &&
			    st->search == k))
				continue;
			for (int j = 0; j < k; j++)
				off += st->nseg[j];
			b = &st->pile[off + st->nseg[k] - 1 - depth];
			changed |= st->d->inst[*b] != st->d->inst[st->p[h].hand[i]];
			t = *b;
			*b = st->p[h].hand[i];
			st->p[h].hand[i] = t;
			break;
		}
	}
	return changed;
}

static char legal_buf[4096][RULES_ACTION_MAX];
static int nlegal_buf;

static int
collect_legal(void *ctx, const char *a)
{
	(void)ctx;
	if (nlegal_buf < 4096)
		snprintf(legal_buf[nlegal_buf++], RULES_ACTION_MAX, "%s", a);
	return 0;
}

static void
t_hidden_hands(void)
{
	long moments = 0, leaks = 0, owner_sees = 0,
	    note_cmp = 0, note_leaks = 0, holder = 0, holder_ok = 0;
	uint64_t rng = 0x9e3779b97f4a7c15ull;
	/* under valgrind the last 4, which hold Broedertwist decisions */
	int first = tap_valgrind() ? 9 : 1, ngames = 12 - first + 1;

	if (first > 1)
		diag("under valgrind: %d random games of 12", ngames);
	for (int seed = first; seed <= 12; seed++) {
		unsigned char key[RULES_SEED_BYTES] = { 0 };
		struct rules_setup su;
		struct rules_error e;
		struct rules_await aw;
		int pick;

		key[0] = (unsigned char)seed;
		key[31] = 0x35;
		memset(&su, 0, sizeof su);
		su.nseats = 2;
		su.seat[0] = seed % 2 ? "blue" : "red";
		su.seat[1] = seed % 2 ? "red" : "blue";
		su.chance = seed_chance(key);
		if (G != NULL)
			duel_rules.free(G);
		if (duel_rules.create(&G, &su, &e) != 0)
			bail("create: %s", e.msg);
		for (int step = 0; step < 3000; step++) {
			duel_rules.await(G, &aw);
			if (aw.over)
				break;
			nlegal_buf = 0;
			duel_rules.legal(G, aw.seat, collect_legal, NULL);
			if (nlegal_buf == 0)
				bail("seed %d: nothing legal", seed);
			rng ^= rng << 13;
			rng ^= rng >> 7;
			rng ^= rng << 17;
			/* avoid resigning: the game would end at once */
			pick = (int)(rng % (uint64_t)nlegal_buf);
			if (strcmp(legal_buf[pick], "resign") == 0)
				pick = (pick + 1) % nlegal_buf;
			for (int h = 0; h < DU_SEATS; h++) {
				int o = 1 - h, hc, oc;
				struct game *c = duel_rules.clone(G);
				struct du_state *cs = (struct du_state *)(uintptr_t)
				    du_game_state(c);
				char *a, *b, *ah, *bh, na[RULES_NOTE_MAX];
				int put, ra, rb;

				if (cs == NULL)
					bail("clone");
				hc = -1;
				for (int k = 0; k < DU_SEATS; k++)
					if (cs->rseat[k] == h)
						hc = k;
				oc = 1 - hc;
				if (!swap_hand(cs, hc, step)) {
					duel_rules.free(c);
					continue;
				}
				moments++;
				/* DU17.3: o holds Broedertwist's decision */
				put = cs->phase == DU_PH_CHOICE &&
				    cs->choice == DU_CH_PUT && cs->aw_seat == oc;
				a = seen_by(G, o);
				b = seen_by(c, o);
				if (put) {
					holder++;
					holder_ok += strcmp(a, b) != 0;
					free(a);
					free(b);
					a = public_views(G);
					b = public_views(c);
				}
				if (strcmp(a, b) != 0 && leaks++ < 3)
					diag("seed %d step %d: %s's hidden hand "
					    "shows in what %s sees", seed, step,
					    du_seat_name(hc), du_seat_name(oc));
				ah = view_of(G, RULES_VIEW_HAND, h, 0);
				bh = view_of(c, RULES_VIEW_HAND, h, 0);
				owner_sees += strcmp(ah, bh) != 0;
				free(a);
				free(b);
				free(ah);
				free(bh);
				/* DU17.5: the next order's note, in both */
				{
					struct game *g2 = duel_rules.clone(G);

					ra = gorder(g2, aw.seat, legal_buf[pick]);
					snprintf(na, sizeof na, "%s", GN.text);
					duel_rules.free(g2);
				}
				rb = gorder(c, aw.seat, legal_buf[pick]);
				if (ra == 0 && rb == 0) {
					note_cmp++;
					if (strcmp(na, GN.text) != 0 &&
					    note_leaks++ < 3)
						diag("seed %d step %d: '%s': "
						    "note '%s' vs '%s'", seed,
						    step, legal_buf[pick], na,
						    GN.text);
				}
				duel_rules.free(c);
			}
			if (gorder(G, aw.seat, legal_buf[pick]) != 0)
				bail("seed %d: '%s' refused: %s", seed,
				    legal_buf[pick], GE.msg);
		}
	}
	diag("%ld moments with a changed hidden hand, %ld notes compared, "
	    "%ld Broedertwist decisions", moments, note_cmp, holder);
	ok(moments > 1000, "enough moments where a hidden hand was swapped "
	    "(%ld)", moments);
	is_int(0, leaks, "DU17.1 DU17.2: at every moment of %d random games, "
	    "the public JSON, status, board (text, SVG), the other seat's "
	    "hand (text, JSON) and legal orders are the same whatever cards "
	    "the hidden hand holds", ngames);
	ok(owner_sees > moments / 2, "the control: the owner's own hand view "
	    "changes with the swap (%ld of %ld)", owner_sees, moments);
	is_int(0, note_leaks, "DU17.5: each next order's note is the same "
	    "whatever cards the hidden hand holds (%ld compared)", note_cmp);
	ok(holder > 0 && holder_ok == holder, "DU17.3: at each of the %ld "
	    "Broedertwist decisions the holder's view does show the other's "
	    "hand", holder);
}

/* ---- the golden text board at 60 columns ------------------------------ */

/* Region slug from the region stack onto seat's cell, with n units. */
/* ---- DU1.5 DU14.6: one discard pile, its size and top card public ------ */

static void
t_discard(void)
{
	char *pub, *st;

	new_game(30);
	if (du_scenario(&S, "[game]\nstart = red\nphase = action\n[red]\n"
	    "m2 = stored 3\nhand = goudsmid\n[blue]\nhand = karavaan\n",
	    sizeof "[game]\nstart = red\nphase = action\n[red]\n"
	    "m2 = stored 3\nhand = goudsmid\n[blue]\nhand = karavaan\n" - 1,
	    &E) != 0)
		bail("scenario: %s", E.msg);
	to_game(30);
	pub = view_of(G, RULES_VIEW_JSON, -1, 0);
	ok(has(pub, "\"discard\":0") && has(pub, "\"discard_top\":null"),
	    "DU14.6 DU17.1: the public JSON: discard 0, no top card");
	free(pub);
	is_int(0, gorder(G, 0, "play goudsmid for ore and ore"), "DU12.1: red "
	    "plays goudsmid");
	is_int(0, gorder(G, 0, "end"), "red ends");
	while (gst()->phase == DU_PH_REPLENISH)
		if (gorder(G, 0, "draw stack 1") != 0)
			break;
	is_int(0, gorder(G, 0, "pass"), "red passes the exchange");
	du_test_dice(gst(), 2, DU_F_TRADE);
	is_int(0, gorder(G, 1, "roll"), "blue rolls");
	is_int(0, gorder(G, 1, "play karavaan lumber and ore for wool and "
	    "wool"), "DU12.1: blue plays karavaan");
	ok(gst()->nseg[DU_SEG_DISCARD] == 2 && gst()->d->inst[du_seg(gst(),
	    DU_SEG_DISCARD)[0]] == du_card_find(gst()->d, "karavaan") &&
	    gst()->d->inst[du_seg(gst(), DU_SEG_DISCARD)[1]] ==
	    du_card_find(gst()->d, "goudsmid"), "DU1.5: one discard pile for "
	    "both: blue's Karavaan on red's Goudsmid");
	pub = view_of(G, RULES_VIEW_JSON, -1, 0);
	st = view_of(G, RULES_VIEW_STATUS, -1, 0);
	ok(has(pub, "\"discard\":2") && has(pub, "\"discard_top\":"
	    "\"karavaan\"") && !has(pub, "goudsmid") && has(st, "discard 2 "
	    "(top: karavaan)") && !has(st, "goudsmid"), "DU14.6 DU17.1: "
	    "public JSON and status show the size 2 and the top card "
	    "karavaan, not the Goudsmid beneath");
	free(pub);
	free(st);
}

static void
put_region(int seat, const char *cell, const char *slug, int n)
{
	int r = region_no(slug), i;

	for (i = 0; i < S.nrstack && S.rstack[i] != r; i++)
		;
	if (i == S.nrstack)
		bail("%s is not in the region stack", slug);
	memmove(S.rstack + i, S.rstack + i + 1, (size_t)(S.nrstack - i - 1));
	S.nrstack--;
	*cellp(seat, cell) = (uint8_t)(DU_C_REGION + r);
	du_grid_index(&S);
	S.stored[r] = (uint8_t)n;
}

static void
t_golden(void)
{
	char *got, *want = NULL;
	size_t wlen = 0;
	FILE *f;
	int widest = 0, w = 0;

	/* red: a road and a settlement left (j3, regions i2 i4), a road
	 * on i3, a city at n3; expansions at l2, n2, n4; blue: four
	 * expansions; units 0-3 all over */
	standard(21);
	S.phase = DU_PH_ACTION;
	*cellp(0, "k3") = DU_C_ROAD;
	*cellp(0, "j3") = DU_C_SETTLEMENT;
	*cellp(0, "i3") = DU_C_ROAD;
	put_region(0, "i2", "akkers-3", 2);
	put_region(0, "i4", "weiden-6", 0);
	*cellp(0, "n3") = DU_C_CITY;
	S.supply[0] -= 2;
	S.supply[1] -= 1;
	S.supply[2] -= 1;
	place(0, "l2", "klooster");
	place(0, "n2", "markus");
	place(0, "n4", "groot-handelsschip");
	set_units(0, "k2", 3);
	set_units(0, "m2", 2);
	set_units(0, "o4", 0);
	place(1, "l2", "jorrit");
	place(1, "l4", "ertshandelsschip");
	place(1, "n2", "markt");
	place(1, "n4", "wolweverij");
	set_units(1, "k4", 3);
	set_units(1, "m4", 2);
	to_game(21);
	got = view_of(G, RULES_VIEW_BOARD, -1, RULES_VF_WIDTH(60));
	for (const char *p = got; *p; p++)
		if (*p == '\n') {
			widest = w > widest ? w : widest;
			w = 0;
		} else if (((unsigned char)*p & 0xc0) != 0x80)
			w++;
	ok(widest <= 60, "the board at 60 columns: no line wider (%d)",
	    widest);
	if (getenv("TRIGON_REGEN_GOLDEN") != NULL &&
	    (f = fopen(test_file("unit/duel/board-60.txt"), "w")) != NULL) {
		fputs(got, f);
		fclose(f);
	}
	f = fopen(test_file("unit/duel/board-60.txt"), "r");
	if (f == NULL)
		bail("no %s", test_file("unit/duel/board-60.txt"));
	if (getdelim(&want, &wlen, '\0', f) < 0)
		bail("read golden");
	fclose(f);
	is_string(want, got, "DU2 DU4.1 DU9 DU10: the text board at 60 columns "
	    "is t/unit/duel/board-60.txt (both principalities, red's in two "
	    "bands; cells, units, sites, VP; DU13: red's hero token, strength "
	    "4 > 2, blue's trade 2 short of 3 and no token, every point)");
	free(want);
	free(got);

	/* DU13.2 DU13.3: a seat holding both tokens; the points follow */
	place(0, "j2", "markt");
	place(0, "l4", "wolhandelsschip");
	to_game(21);
	got = view_of(G, RULES_VIEW_BOARD, -1, 0);
	ok(strstr(got, "red's principality: 6 VP, hero token, trade token\n"
	    "strength 4, skill 1, trade 3, progress 1\n") != NULL &&
	    strstr(got, "blue's principality: 2 VP, no token\n"
	    "strength 2, skill 1, trade 2, progress 0\n") != NULL,
	    "DU13.2 DU13.3: red with trade 3 > 2 holds both tokens: 4 for the towns + 2 "
	    "= 6 VP beside them; blue no token");
	widest = w = 0;
	for (const char *p = got; *p; p++)
		if (*p == '\n') {
			widest = w > widest ? w : widest;
			w = 0;
		} else if (((unsigned char)*p & 0xc0) != 0x80)
			w++;
	ok(widest <= 80, "the board at the default width: no line wider than "
	    "80 (%d)", widest);
	{
		int lines80 = 0, lines100 = 0;
		char *wide = view_of(G, RULES_VIEW_BOARD, -1,
		    RULES_VF_WIDTH(100));

		for (const char *p = got; *p; p++)
			lines80 += *p == '\n';
		widest = w = 0;
		for (const char *p = wide; *p; p++)
			if (*p == '\n') {
				lines100++;
				widest = w > widest ? w : widest;
				w = 0;
			} else if (((unsigned char)*p & 0xc0) != 0x80)
				w++;
		ok(widest <= 100 && lines100 < lines80, "the board at 100 "
		    "columns: no line wider (%d), fewer lines than at 80 (%d "
		    "< %d: wider bands)", widest, lines100, lines80);
		free(wide);
	}
	free(got);
}

int
main(void)
{
	t_fraternal_views();
	t_scout_views();
	t_hidden_hands();
	t_golden();
	t_discard();
	if (G != NULL)
		duel_rules.free(G);
	return done_testing();
}
