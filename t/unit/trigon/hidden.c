/*
 * t/unit/hidden.c -- hidden information stays hidden (issue "Rules
 * engine 2"; R10.1 quests drawn and kept closed, R10.2 play cards in
 * hand, R6.6 blind swaps).
 *
 * From positions of random 3- and 4-player games, twin states are made
 * that differ only in what the player to act cannot see:
 *
 *   - hands: one play card each of two other players exchanged (counts
 *     unchanged; battle and protection cards left alone, because the
 *     rules show them when they act -- the question to a defender, a
 *     shielded † card);
 *   - decks: two play cards of different non-† types swapped in the
 *     face-down play deck, and two cards swapped in the quest deck.
 *
 * The player to act must see the same legal list and the same await
 * text in both twins, and every listed action must give the same result
 * code and the same note (unless a quest completes in it and is shown,
 * R10.1) -- so no note of a buy, a city bonus, a theft,
 * a spy's take or a swap names a hidden card, and no listing depends on
 * one.
 */
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"
#include "games/trigon/internal.h"

static struct tg_action LA[TG_LEGAL_MAX], LB[TG_LEGAL_MAX];

static uint64_t rs = 0x2545f4914f6cdd1dULL;
static unsigned
rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs % n);
}

static long twins, hand_twins, deck_twins, qdeck_twins, compared;
static long shown, list_differs, await_differs, outcome_differs;

static int
shown_by_rules(int t)
{
	return (tg_cards[t].flags & (TG_CF_BATTLE | TG_CF_PROTECTION)) != 0;
}

/* Exchange one card between the hands of two colors other than me. */
static int
twin_hands(struct tg_state *b, int me)
{
	for (int x = 0; x < TG_COLORS; x++)
		for (int y = x + 1; y < TG_COLORS; y++) {
			if (x == me || y == me || !tg_playing(b, x) ||
			    !tg_playing(b, y))
				continue;
			for (int t = 0; t < TG_CARD_TYPES; t++)
				for (int u = 0; u < TG_CARD_TYPES; u++) {
					if (t == u || shown_by_rules(t) ||
					    shown_by_rules(u) ||
					    tg_hand_count(b, x, t) == 0 ||
					    tg_hand_count(b, y, u) == 0 ||
					    tg_hand_count(b, x, u) >= 15 ||
					    tg_hand_count(b, y, t) >= 15)
						continue;
					tg_hand_add(b, x, t, -1);
					tg_hand_add(b, x, u, 1);
					tg_hand_add(b, y, u, -1);
					tg_hand_add(b, y, t, 1);
					return 1;
				}
		}
	return 0;
}

/* Swap two face-down play cards of different non-† types. */
static int
twin_pdeck(struct tg_state *b)
{
	for (int i = b->pcount - 1; i > 0; i--)
		for (int j = i - 1; j >= 0; j--) {
			int t = b->pdeck[i], u = b->pdeck[j];

			if (t == u || (tg_cards[t].flags & TG_CF_NEGATIVE) ||
			    (tg_cards[u].flags & TG_CF_NEGATIVE))
				continue;
			b->pdeck[i] = (uint8_t)u;
			b->pdeck[j] = (uint8_t)t;
			return 1;
		}
	return 0;
}

static int
twin_qdeck(struct tg_state *b)
{
	uint8_t t;

	if (b->qcount < 2)
		return 0;
	t = b->qdeck[b->qcount - 1];
	b->qdeck[b->qcount - 1] = b->qdeck[0];
	b->qdeck[0] = t;
	return 1;
}

static void
compare(const struct tg_state *a, const struct tg_state *b, int seat,
    const char *what)
{
	struct rules_await wa, wb;
	int na, nb;

	twins++;
	na = tg_legal(&D, a, seat, LA, TG_LEGAL_MAX);
	nb = tg_legal(&D, b, seat, LB, TG_LEGAL_MAX);
	if (na != nb || memcmp(LA, LB, sizeof LA[0] * (size_t)na) != 0) {
		if (list_differs++ < 3)
			diag("%s: the listing differs (%d, %d actions)", what,
			    na, nb);
		return;
	}
	tg_await(&D, a, &wa);
	tg_await(&D, b, &wb);
	if (strcmp(wa.text, wb.text) != 0 && await_differs++ < 3)
		diag("%s: await '%s' / '%s'", what, wa.text, wb.text);
	for (int i = 0; i < na; i++) {
		static struct rules_note n1, n2;
		struct tg_state c1 = *a, c2 = *b;
		struct rules_error e1, e2;
		int r1, r2;

		n1.len = n2.len = 0;
		n1.text[0] = n2.text[0] = '\0';
		r1 = tg_apply(&D, &c1, seat, &LA[i], &n1, &e1);
		r2 = tg_apply(&D, &c2, seat, &LA[i], &n2, &e2);
		/*
		 * A quest drawn from the deck that a later event of the
		 * same action completes is shown then (R10.1): the twins
		 * may rightly differ from there on.
		 */
		if (strstr(n1.text, "completes quest") != NULL ||
		    strstr(n2.text, "completes quest") != NULL) {
			shown++;
			continue;
		}
		compared++;
		if ((r1 != r2 || strcmp(n1.text, n2.text) != 0) &&
		    outcome_differs++ < 3) {
			char buf[RULES_ACTION_MAX];

			tg_format(&D, &LA[i], buf, sizeof buf);
			diag("%s: '%s' gives '%s' / '%s'", what, buf, n1.text,
			    n2.text);
		}
	}
}

static void
position(const struct tg_state *a, int seat)
{
	struct tg_state b;
	int me = a->seat_color[seat];

	/* The spy is shown the hand; a swap names the offered card. */
	if (a->pending.kind == TG_PD_SPY || a->pending.kind == TG_PD_OFFER)
		return;
	b = *a;
	if (twin_hands(&b, me)) {
		hand_twins++;
		compare(a, &b, seat, "hands");
	}
	b = *a;
	if (twin_pdeck(&b)) {
		deck_twins++;
		compare(a, &b, seat, "play deck");
	}
	b = *a;
	if (twin_qdeck(&b)) {
		qdeck_twins++;
		compare(a, &b, seat, "quest deck");
	}
}

int
main(void)
{
	static const int all[] = { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };
	struct tg_state st;
	struct tg_setup s;
	struct rules_error err;

	util_init();
	for (int g = 0; g < 40; g++) {
		int n = 3 + g % 2, colors[4];

		for (int i = 0; i < n; i++)
			colors[i] = all[(g + i) % 4];
		seeded(&s, n, colors, (unsigned)(0x90 + g));
		if (tg_init(&st, &D, &s, NULL, &err) != 0)
			bail("init: %s", err.msg);
		for (int step = 0; step < 1500 && st.phase != TG_PH_OVER;
		    step++) {
			int seat = tg_to_act(&st), nl, pick;

			nl = tg_legal(&D, &st, seat, LA, TG_LEGAL_MAX);
			if (nl == 0)
				bail("nothing listed");
			/* Buy and play often, end and resign seldom. */
			pick = (int)rnd((unsigned)nl);
			if (LA[pick].kind == TG_A_END && rnd(3) != 0)
				pick = (int)rnd((unsigned)nl);
			if (LA[pick].kind == TG_A_RESIGN)
				pick = 0;
			if (step % 7 == 0) {
				struct tg_action keep = LA[pick];

				position(&st, seat);
				LA[0] = keep;
				pick = 0;
			}
			if (tg_apply(&D, &st, seat, &LA[pick], NULL, &err) != 0)
				bail("listed but refused: %s", err.msg);
		}
	}
	diag("%ld twins (hands %ld, play deck %ld, quest deck %ld), %ld actions compared, %ld not (a quest completed and shown)",
	    twins, hand_twins, deck_twins, qdeck_twins, compared, shown);
	ok(hand_twins > 20 && deck_twins > 100 && qdeck_twins > 100 &&
	    compared > 10000, "enough twin positions and actions compared");
	is_int(0, list_differs,
	    "R10.2/R10.1: the legal list of the player to act does not depend on others' hidden cards or the decks");
	is_int(0, await_differs,
	    "R12.2: what is awaited reads the same whatever the hidden cards");
	is_int(0, outcome_differs,
	    "R10.2/R10.1/R6.6: every action's result and note read the same whatever the hidden cards (no note names a card drawn, bought, taken or swapped)");
	return done_testing();
}
