/*
 * public-draws.c -- Trigon's decks under fair chance (doc/fair-chance.md).  With a source flagged RULES_CHANCE_FAIR nothing is drawn
 * ahead: creation shuffles no deck (the decks stay in the order of the
 * data, the same for every seed), and each village, quest and play card
 * is drawn when it is drawn, by an event "draw" of kind TG_EV_DRAW
 * whose quorum is every seat (the cards one action draws share it).  So the
 * card a "buy card" gets is decided by that event, not by the state
 * before it (in open mode it is the state's top card, whatever the
 * source answers).  A village card put at the bottom in view of all
 * (R8.5) stays known: it comes after every unseen card, and drawing it
 * opens no event.  A draw awaited (RULES_PENDING) leaves the game as it
 * was, and the redo draws what answering at once draws.
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "../chance-mock.h"
#include "../chance-rec.h"
#include "rules-util.h"
#include "games/trigon/internal.h"

static void
fair_setup(struct tg_setup *s, struct rec *r, int nseats, unsigned seedbyte)
{
	static const int all[] = { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };

	rec_init(r, seedbyte, RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR);
	tg_setup_default(s);
	s->chance = &r->chance;
	s->salt = seedbyte;
	s->nseats = nseats;
	for (int i = 0; i < nseats; i++)
		s->color[i] = (uint8_t)all[i];
}

static struct rec R1, R2;

/* Creation: no shuffle, the decks in the data's order for every seed. */
static void
test_creation(void)
{
	struct tg_state a, b;
	struct tg_setup s;
	struct rules_error err;
	int shuffles = 0, differ = 0, order_ok = 1;

	for (int n = 2; n <= 4; n++)
		for (unsigned seed = 1; seed <= 3; seed++) {
			fair_setup(&s, &R1, n, seed);
			if (tg_init(&a, &D, &s, NULL, &err) != 0)
				bail("tg_init: %s", err.msg);
			fair_setup(&s, &R2, n, seed + 100);
			if (tg_init(&b, &D, &s, NULL, &err) != 0)
				bail("tg_init: %s", err.msg);
			shuffles += count_prefix(&R1, 0, "shuffle") +
			    count_prefix(&R2, 0, "shuffle");
			differ += memcmp(a.vdeck, b.vdeck, sizeof a.vdeck) != 0 ||
			    memcmp(a.qdeck, b.qdeck, sizeof a.qdeck) != 0 ||
			    memcmp(a.pdeck, b.pdeck, sizeof a.pdeck) != 0 ||
			    a.vcount != b.vcount || a.pcount != b.pcount;
			for (int k = 1; k < a.vcount; k++)
				order_ok &= a.vdeck[k] > a.vdeck[k - 1];
			for (int k = 1; k < a.pcount; k++)
				order_ok &= a.pdeck[k] >= a.pdeck[k - 1];
			for (int k = 0; k < a.qcount; k++)
				order_ok &= a.qdeck[k] == k;
			order_ok &= a.vunseen == a.vcount &&
			    (a.flags & TG_SF_PUBLIC_DRAWS) != 0;
		}
	is_int(0, shuffles, "fair chance: creation shuffles no deck (18 games, "
	    "2-4 seats)");
	is_int(0, differ, "fair chance: the decks after creation are the same "
	    "for every seed (nothing drawn ahead)");
	ok(order_ok, "fair chance: the decks stay in the data's order, every "
	    "village card unseen");

	/* Open mode as before: the three shuffles at creation (R3.2). */
	rec_init(&R1, 1, 0);
	tg_setup_default(&s);
	s.chance = &R1.chance;
	s.nseats = 2;
	s.color[0] = TG_GREEN;
	s.color[1] = TG_PURPLE;
	if (tg_init(&a, &D, &s, NULL, &err) != 0)
		bail("tg_init: %s", err.msg);
	ok(R1.n >= 3 && strcmp(R1.label[0], "shuffle villages") == 0 &&
	    strcmp(R1.label[1], "shuffle quests") == 0 &&
	    strcmp(R1.label[2], "shuffle play") == 0,
	    "open mode: creation still shuffles villages, quests, play");
	ok(!(a.flags & TG_SF_PUBLIC_DRAWS), "open mode: no public draws");
}

/* The play cards in c's hand, by type. */
static void
hand_of(const struct tg_state *st, int c, int *h)
{
	for (int t = 0; t < TG_CARD_TYPES; t++)
		h[t] = tg_hand_count(st, c, t);
}

/* The type of the one card c gained from before to after, or -1. */
static int
gained(const struct tg_state *before, const struct tg_state *after, int c)
{
	int h0[TG_CARD_TYPES], h1[TG_CARD_TYPES], t = -1, n = 0;

	hand_of(before, c, h0);
	hand_of(after, c, h1);
	for (int k = 0; k < TG_CARD_TYPES; k++)
		if (h1[k] != h0[k]) {
			n++;
			if (h1[k] == h0[k] + 1)
				t = k;
		}
	return n == 1 ? t : -1;
}

static uint64_t rs = 0x9e3779b97f4a7c15ULL;

static unsigned
rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs % n);
}

static struct tg_action L[TG_LEGAL_MAX];

/*
 * A buy of a play card on st (fair, the deck not empty): applied on
 * copies with sources of 24 seeds, the card bought varies; in open mode
 * it is the deck's top card whatever the source (no refill to shuffle).
 */
static void
check_buy(const struct tg_state *st, int seat, const struct tg_action *buy,
    int *varies, int *open_fixed, int *tried)
{
	int c = st->seat_color[seat], first = -1, seen = 0;
	struct rules_error err;
	static struct rec r;

	for (unsigned k = 0; k < 24; k++) {
		struct tg_state cp = *st;
		int t;

		rec_init(&r, 200 + k, RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR);
		cp.chance = &r.chance;
		if (tg_apply(&D, &cp, seat, buy, NULL, &err) != 0)
			bail("buy: %s", err.msg);
		t = gained(st, &cp, c);
		if (first < 0)
			first = t;
		else if (t != first)
			seen = 1;
	}
	*varies += seen;
	{
		/* The same position in open mode: the top card, always. */
		struct tg_state o = *st;
		int t0 = -1, same = 1;

		o.flags &= (uint8_t)~TG_SF_PUBLIC_DRAWS;
		for (unsigned k = 0; k < 4; k++) {
			struct tg_state cp = o;
			int t;

			rec_init(&r, 200 + k, 0);
			cp.chance = &r.chance;
			if (tg_apply(&D, &cp, seat, buy, NULL, &err) != 0)
				bail("buy: %s", err.msg);
			t = gained(&o, &cp, c);
			if (t0 < 0)
				t0 = t;
			/* a negative card is played at once (gained -1) */
			same &= t == t0 && (t < 0 || t == o.pdeck[o.pcount - 1]);
		}
		*open_fixed += same;
	}
	(*tried)++;
}

/* Random games under fair chance: every draw an event of all seats. */
static void
test_games(void)
{
	struct tg_state st;
	struct tg_setup s;
	struct rules_error err;
	int bad_check = 0, bad_quorum = 0, shuffles = 0, actions = 0;
	int draws = 0, decks[3] = { 0, 0, 0 }, varies = 0, open_fixed = 0;
	int tried = 0, twice = 0;

	for (int g = 0; g < 6; g++) {
		int n = 2 + g % 3;

		fair_setup(&s, &R1, n, (unsigned)(0x40 + g));
		if (tg_init(&st, &D, &s, NULL, &err) != 0)
			bail("tg_init: %s", err.msg);
		for (int i = 0; i < 700 && tg_to_act(&st) >= 0; i++) {
			int seat = tg_to_act(&st), nl, pick;

			nl = tg_legal(&D, &st, seat, L, TG_LEGAL_MAX);
			if (nl <= 0)
				bail("no legal action");
			pick = (int)rnd((unsigned)nl);
			/* Resigning ends games early: rarely. */
			if (L[pick].kind == TG_A_RESIGN && rnd(50) != 0)
				pick = (pick + 1) % nl;
			if (L[pick].kind == TG_A_BUY && L[pick].fig == 0 &&
			    st.pcount > 0 && tried < 12 && rnd(3) == 0)
				check_buy(&st, seat, &L[pick], &varies,
				    &open_fixed, &tried);
			{
				int from = R1.n, v = st.vcount, q = st.qcount;
				int p = st.pcount, here = 0;

				if (tg_apply(&D, &st, seat, &L[pick], NULL,
				    &err) != 0)
					bail("apply: %s", err.msg);
				for (int k = from; k < R1.n; k++)
					if (strcmp(R1.label[k], "draw") == 0) {
						here++;
						bad_quorum += R1.quorum[k] != 0 ||
						    R1.kind[k] != TG_EV_DRAW;
					}
				draws += here;
				twice += here > 1;
				if (here) {
					decks[0] += st.vcount < v;
					decks[1] += st.qcount < q;
					decks[2] += st.pcount < p;
				}
				shuffles += count_prefix(&R1, from, "shuffle");
			}
			actions++;
			bad_check += tg_check(&D, &st, &err) != 0;
		}
	}
	diag("%d actions, %d draw events; actions drawing from the village "
	    "deck %d, quests %d, play cards %d; %d buys tried on 24 sources",
	    actions, draws, decks[0], decks[1], decks[2], tried);
	is_int(0, bad_check, "fair chance: every card is somewhere after every "
	    "action (tg_check, 6 random games)");
	ok(draws > 0 && decks[0] > 0 && decks[1] > 0 && decks[2] > 0,
	    "fair chance: villages, quests and play cards are drawn when "
	    "drawn, by events 'draw'");
	is_int(0, bad_quorum, "fair chance: every draw is an event of kind "
	    "TG_EV_DRAW with every seat in its quorum");
	is_int(0, twice, "fair chance: the cards one action draws share one "
	    "event");
	is_int(0, shuffles, "fair chance: no shuffle in play (the play deck "
	    "refilled from its discards is drawn from too)");
	ok(tried > 0 && varies == tried, "fair chance: the card a 'buy card' "
	    "gets depends on the draw's event (%d of %d positions)", varies,
	    tried);
	ok(tried > 0 && open_fixed == tried, "open mode: from the same "
	    "positions it is the deck's top card, whatever the source "
	    "answers (%d of %d)", open_fixed, tried);
}

/* R8.5 under fair chance: a card put at the bottom stays known. */
static void
test_bottom(void)
{
	struct tg_state st;
	struct tg_setup s;
	struct rules_error err;
	int first, k, events, ok_unseen = 1;

	fair_setup(&s, &R1, 2, 7);
	if (tg_init(&st, &D, &s, NULL, &err) != 0)
		bail("tg_init: %s", err.msg);
	k = st.vcount;
	events = R1.n;
	first = tg_vdeck_draw(&st);
	is_int(events + 1, R1.n, "fair chance: drawing an unseen village card "
	    "opens one event");
	tg_vdeck_bottom(&st, first);
	is_int(k, st.vcount, "R8.5: the card is back, at the bottom");
	is_int(k - 1, st.vunseen, "R8.5: it is not unseen: everyone saw it go "
	    "under");
	for (int i = 0; i < k - 1; i++)
		ok_unseen &= tg_vdeck_draw(&st) != first;
	ok(ok_unseen, "fair chance: the %d unseen cards come first", k - 1);
	events = R1.n;
	is_int(first, tg_vdeck_draw(&st), "R8.5: the card put under comes "
	    "last");
	is_int(events, R1.n, "fair chance: drawing a known card opens no "
	    "event");
	is_int(-1, tg_vdeck_draw(&st), "an empty deck draws nothing");
}

/* A draw awaited: nothing changes; the redo draws as at once. */
static void
test_pending(void)
{
	struct tg_state st, before, once;
	struct tg_setup s;
	struct rules_error err;
	struct mock_chance m;
	unsigned char seed[RULES_SEED_BYTES];
	int seat, nl, buy = -1, rc;

	fair_setup(&s, &R1, 2, 9);
	if (tg_init(&st, &D, &s, NULL, &err) != 0)
		bail("tg_init: %s", err.msg);
	/* Play until a play card can be bought. */
	for (int i = 0; i < 400 && buy < 0; i++) {
		seat = tg_to_act(&st);
		nl = tg_legal(&D, &st, seat, L, TG_LEGAL_MAX);
		for (int k = 0; k < nl; k++)
			if (L[k].kind == TG_A_BUY && L[k].fig == 0)
				buy = k;
		if (buy >= 0)
			break;
		for (int k = 0; k < nl; k++)
			if (L[k].kind != TG_A_RESIGN) {
				if (tg_apply(&D, &st, seat, &L[k], NULL,
				    &err) != 0)
					bail("apply: %s", err.msg);
				break;
			}
	}
	if (buy < 0)
		bail("no position to buy a play card");
	memset(seed, 9, sizeof seed);
	mock_init(&m, seed, 1);
	m.chance.flags |= RULES_CHANCE_FAIR;
	st.chance = &m.chance;
	before = st;
	rc = tg_apply(&D, &st, seat, &L[buy], NULL, &err);
	is_int(RULES_PENDING, rc, "fair chance: 'buy card' awaits its draw");
	is_string("draw", m.pend_label, "fair chance: the awaited event "
	    "is the draw");
	ok(memcmp(&before, &st, sizeof st) == 0, "fair chance: an awaited "
	    "draw leaves the game as it was");
	rc = tg_apply(&D, &st, seat, &L[buy], NULL, &err);
	is_int(0, rc, "fair chance: the same line again draws");
	is_int(1, m.redo_same, "fair chance: the redo opens the same event");
	once = before;
	mock_init(&m, seed, 0);
	m.chance.flags |= RULES_CHANCE_FAIR;
	once.chance = &m.chance;
	if (tg_apply(&D, &once, seat, &L[buy], NULL, &err) != 0)
		bail("buy: %s", err.msg);
	st.chance = once.chance;
	ok(memcmp(&once, &st, sizeof st) == 0, "fair chance: the redo ends "
	    "where answering at once ends");
}

int
main(void)
{
	util_init();
	test_creation();
	test_games();
	test_bottom();
	test_pending();
	return done_testing();
}
