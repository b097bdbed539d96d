/*
 * bot-info.c -- the information set of Catan's computer players and its
 * determinizations (bot.c's header comment: CA12.1, CK16.1): what a seat
 * cannot see put in a canonical form (ca_bot_observe), and dealt anew for
 * a playout (ca_search_determinize).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "search.h"
#include "games/catan/catan.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"

#include "games/catan/bot.h"
#include "games/catan/bot-int.h"
#include "games/catan/sealed.h"

/* ---- information set and determinization ------------------------------ */

/*
 * Cities & Knights: the seat whose hand `seat` is shown in st (CK16.1:
 * the Spy's target shows its progress cards, the Master Merchant's its
 * cards, to the active seat alone while it chooses), or -1.
 */
static int
shown_seat(const struct ca_state *st, int seat, int kind)
{
	if (!CA_CK(st) || st->npend == 0 || seat != st->active ||
	    st->pend[0].kind != kind || st->pend[0].n[seat] == 0)
		return -1;
	return st->pend[0].n[seat] - 1;
}

/* A seat whose hidden cards seat cannot see (its own and a shown one
   excepted). */
static int
hidden_from(const struct ca_state *st, int s, int seat, int shown)
{
	return s != seat && s != shown && s < st->nseats;
}

/*
 * Cards a hidden hand is known to hold (public facts): the resources the
 * active seat gives by its Commercial Harbor, still in its hand until
 * the commodity comes back (CK14.1, harbor_give).
 */
static void
known_cards(const struct ca_state *st, uint8_t known[CA_SEATS][CA_KINDS])
{
	memset(known, 0, CA_SEATS * CA_KINDS);
	for (int i = 0; i < st->npend; i++) {
		const struct ca_pend *p = &st->pend[i];

		for (int s = 0; p->kind == CA_P_HARBOR && s < st->nseats; s++)
			if ((p->seats >> s & 1) && p->n[s] > 0 &&
			    p->n[s] <= CA_RES)
				known[st->active][p->n[s] - 1]++;
	}
}

/*
 * Cities & Knights' progress cards that seat cannot see (CK16.1): every
 * deck's (its order and, with the hands, its make-up) and the other
 * hands' but a shown one.  Into cards[] (at most 3 * CK_DECK_MAX), by
 * card index; returns how many.
 */
static int
ck_unseen(const struct ca_state *st, int seat, uint8_t *cards)
{
	int pool[CK_EFFECTS], n = 0, shown = shown_seat(st, seat, CA_P_SPY);

	memset(pool, 0, sizeof pool);
	for (int t = 0; t < CK_TRACKS; t++)
		for (int i = 0; i < st->ck.ndeck[t]; i++)
			pool[ca_ck_deck(st, t, i)]++;
	for (int s = 0; s < st->nseats; s++)
		if (hidden_from(st, s, seat, shown))
			for (int k = 0; k < st->ck.p[s].nprog; k++)
				pool[st->ck.p[s].prog[k]]++;
	for (int i = 0; i < CK_EFFECTS; i++)
		while (pool[i]-- > 0)
			cards[n++] = (uint8_t)i;
	return n;
}

static int
vp_card(const struct ca_state *st, int i)
{
	int e = st->ck.d->cards[i].effect;

	return e == CK_E_PRINTER || e == CK_E_CONSTITUTION;
}

/*
 * Deal cards[n] (ck_unseen's, in the order to deal) back: each deck
 * its count of cards of its own colour, the victory-point cards first
 * (laid down when drawn, CK13.3, so never held), then the hidden hands
 * their counts in seat order.  The decks' order is left to chance:
 * every card is unseen (CK16.3's fair draw), so a draw in the search
 * takes any of them from the state's own stream.
 */
static void
ck_deal(struct ca_state *st, int seat, const uint8_t *cards, int n)
{
	uint8_t used[3 * CK_DECK_MAX];
	int fill[CK_TRACKS] = { 0 }, shown = shown_seat(st, seat, CA_P_SPY);

	memset(used, 0, sizeof used);
	memset(st->ck.deck, 0, sizeof st->ck.deck);
	for (int pass = 0; pass < 2; pass++)
		for (int j = 0; j < n; j++) {
			int t = st->ck.d->cards[cards[j]].deck;

			if (used[j] || fill[t] >= st->ck.ndeck[t] ||
			    (pass == 0 && !vp_card(st, cards[j])))
				continue;
			ca_ck_deck_set(st, t, fill[t]++, cards[j]);
			used[j] = 1;
		}
	for (int t = 0; t < CK_TRACKS; t++)
		st->ck.unseen[t] = st->ck.ndeck[t];
	for (int s = 0, j = 0; s < st->nseats; s++) {
		if (!hidden_from(st, s, seat, shown))
			continue;
		for (int k = 0; k < st->ck.p[s].nprog; k++) {
			while (j < n && used[j])
				j++;
			st->ck.p[s].prog[k] = j < n ? cards[j++] : 0;
		}
	}
}

/* Others' hands and development cards in a canonical form: filled in
   kind order from what seat cannot see; in a C&K game their progress
   cards and the decks too (ck_deal in card order). */
static void
canonical(struct ca_state *st, int seat)
{
	int pool[CA_KINDS], dpool[CA_DEVS];
	int shown = shown_seat(st, seat, CA_P_MASTER);
	uint8_t known[CA_SEATS][CA_KINDS];

	known_cards(st, known);
	memset(pool, 0, sizeof pool);
	for (int s = 0; s < st->nseats; s++)
		if (hidden_from(st, s, seat, shown))
			for (int k = 0; k < CA_KINDS; k++)
				pool[k] += st->p[s].hand[k] - known[s][k];
	for (int t = 0; t < CA_DEVS; t++) {
		dpool[t] = st->deck[t];
		for (int s = 0; s < st->nseats; s++)
			if (s != seat)
				dpool[t] += st->p[s].dev[t];
	}
	for (int s = 0; s < st->nseats; s++) {
		struct ca_player *p = &st->p[s];
		int n, nd = 0, nn = 0, k = 0;

		if (s == seat)
			continue;
		n = ca_hand_count(p);
		if (s != shown) {
			memcpy(p->hand, known[s], sizeof p->hand);
			for (int j = 0; j < CA_KINDS; j++)
				n -= known[s][j];
			while (n > 0) {
				while (pool[k] == 0)
					k++;
				p->hand[k]++;
				pool[k]--;
				n--;
			}
		}
		for (int t = 0; t < CA_DEVS; t++) {
			nd += p->dev[t];
			nn += p->devnew[t];
		}
		memset(p->dev, 0, sizeof p->dev);
		memset(p->devnew, 0, sizeof p->devnew);
		for (int t = 0; nd > 0; ) {
			while (dpool[t] == 0)
				t++;
			p->dev[t]++;
			if (nn > 0) {
				p->devnew[t]++;
				nn--;
			}
			dpool[t]--;
			nd--;
		}
	}
	for (int t = 0; t < CA_DEVS; t++)
		st->deck[t] = (uint8_t)dpool[t];
	if (CA_CK(st)) {
		uint8_t cards[3 * CK_DECK_MAX];

		ck_deal(st, seat, cards, ck_unseen(st, seat, cards));
	}
}

/* seat's information set of the real state gs (ca_search_observe). */
void
ca_bot_observe(struct ca_state *st, const struct ca_state *gs, int seat)
{
	memset(st, 0, sizeof *st);
	memcpy(st, gs, sizeof *st);
	ca_sealed_observe(st, seat);	/* CA15.6: nothing sealed left */
	canonical(st, seat);
	if (st->last_thief != seat && st->last_victim != seat)
		st->last_kind = CA_NONE;
	st->ch = NULL;
	st->fast_on = 1;
	st->fast = 0;
}

int
ca_search_observe(void *out, const struct game *g, int seat,
    struct rules_error *err)
{
	(void)err;
	ca_bot_observe(out, ca_game_state(g), seat);
	return 0;
}

void
ca_search_determinize(void *out, const void *info, int seat,
    struct search_rng *r)
{
	struct ca_state *st = out;
	uint8_t cards[CA_KINDS * 100], devs[CA_DEVS * 100];
	uint8_t known[CA_SEATS][CA_KINDS];
	int nc = 0, nd = 0, shown;

	memcpy(st, info, sizeof *st);
	shown = shown_seat(st, seat, CA_P_MASTER);
	known_cards(st, known);
	/* what seat cannot see: the others' cards by kind (but the known
	   ones), their development cards and the deck */
	for (int s = 0; s < st->nseats; s++) {
		if (s == seat)
			continue;
		for (int k = 0; hidden_from(st, s, seat, shown) &&
		    k < CA_KINDS; k++)
			for (int i = known[s][k]; i < st->p[s].hand[k]; i++)
				cards[nc++] = (uint8_t)k;
		for (int t = 0; t < CA_DEVS; t++)
			for (int i = 0; i < st->p[s].dev[t]; i++)
				devs[nd++] = (uint8_t)t;
	}
	for (int t = 0; t < CA_DEVS; t++)
		for (int i = 0; i < st->deck[t]; i++)
			devs[nd++] = (uint8_t)t;
	search_shuffle(r, cards, nc);
	search_shuffle(r, devs, nd);
	nc = nd = 0;
	for (int s = 0; s < st->nseats; s++) {
		struct ca_player *p = &st->p[s];
		int n, d = 0, nn = 0;

		if (s == seat)
			continue;
		n = ca_hand_count(p);
		if (hidden_from(st, s, seat, shown)) {
			memcpy(p->hand, known[s], sizeof p->hand);
			for (int k = 0; k < CA_KINDS; k++)
				n -= known[s][k];
			while (n-- > 0)
				p->hand[cards[nc++]]++;
		}
		for (int t = 0; t < CA_DEVS; t++) {
			d += p->dev[t];
			nn += p->devnew[t];
		}
		memset(p->dev, 0, sizeof p->dev);
		memset(p->devnew, 0, sizeof p->devnew);
		while (d-- > 0) {
			int t = devs[nd++];

			p->dev[t]++;
			if (nn > 0) {
				p->devnew[t]++;
				nn--;
			}
		}
	}
	{
		const struct ca_state *in = info;
		int total = 0;

		for (int t = 0; t < CA_DEVS; t++)
			total += in->deck[t];
		memset(st->deck, 0, sizeof st->deck);
		while (total-- > 0)
			st->deck[devs[nd++]]++;
	}
	if (CA_CK(st)) {
		uint8_t prog[3 * CK_DECK_MAX];
		int np = ck_unseen(st, seat, prog);

		search_shuffle(r, prog, np);
		ck_deal(st, seat, prog, np);
	}
	st->fast = search_rand(r);
	st->fast_on = 1;
}

void
ca_search_reseed(void *st, uint64_t seed)
{
	((struct ca_state *)st)->fast = seed;
}
