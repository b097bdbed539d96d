/*
 * sealed.c -- Rule of Trigon with sealed hands (trigon-rules(7), R13;
 * trigon-save(5), "Sealed hands"; doc/sealed-hands.md 8.6).
 *
 * The play cards of the sealed types (no † card, no protection card,
 * no battle card: R13.1) form the sealed deck "play", generation 0,
 * declared when the decks are made ready: card k is the k-th card of
 * those types in the data's order.  A draw first decides, by the
 * public draw event, between the open cards left (drawn in view of
 * all, as with fair chance) and the sealed deck; a sealed card goes to
 * the drawer by rules_sealed_deal, which tells its face to the
 * drawer's reader alone.  Every other reader keeps TG_SL_UNKNOWN, so
 * no rule may read a sealed card: the engine reads only the counts of
 * open cards (tg_hand_count), the same for every reader, and a sealed
 * card becomes an open card of its holder's hand when shown ("show N",
 * rules_sealed_open: the opening proves the card dealt there).
 *
 * What lives elsewhere: the draw's open half (cards-play.c), the
 * public draw event (rng.c), the save lines (lib/savesealed.c).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#define DECK "play"
#define GEN 0
#define HOLDER(v) ((v) >> 6)
#define FACE(v) ((v) & 0x3f)

static int gone(const struct tg_state *st, int i);
static void set_gone(struct tg_state *st, int i);
static int card_type(int k);
static int open_card(struct tg_state *st, int c, int pos);

/* R13.1: the types dealt sealed. */
int
tg_sealed_type(int t)
{
	return t >= 0 && t < TG_CARD_TYPES && !(tg_cards[t].flags &
	    (TG_CF_NEGATIVE | TG_CF_PROTECTION | TG_CF_BATTLE));
}

/*
 * The decks are filled (state.c): take the sealed types out of the play
 * deck and declare them.  A scenario that holds some of them already
 * is refused: card k is the k-th of all of them.
 */
void
tg_sealed_ready(struct tg_state *st)
{
	struct rules_error err;
	int n = 0, k = 0, rc;

	for (int i = 0; i < st->pcount; i++) {
		if (tg_sealed_type(st->pdeck[i]))
			n++;
		else
			st->pdeck[k++] = st->pdeck[i];
	}
	st->pcount = (uint8_t)k;
	if (n != TG_SEALED_CARDS) {
		memset(&err, 0, sizeof err);
		snprintf(err.msg, sizeof err.msg,
		    "sealed hands: every play card must start in the deck");
		tg_rng_fail(RULES_EDATA, &err);
	}
	memset(&st->sl, 0, sizeof st->sl);
	st->sl.n = TG_SEALED_CARDS;
	memset(st->sl.pos, TG_SL_UNKNOWN, sizeof st->sl.pos);
	if (st->sealed == NULL)
		return;
	memset(&err, 0, sizeof err);
	rc = rules_sealed_declare(st->sealed, DECK, GEN, st->sl.n, &err);
	if (rc != 0)
		tg_rng_fail(rc, &err);
}

int
tg_sealed_left(const struct tg_state *st)
{
	return (st->flags & TG_SF_SEALED) ? st->sl.n - st->sl.next : 0;
}

int
tg_sealed_held(const struct tg_state *st, int c)
{
	int n = 0;

	if (!(st->flags & TG_SF_SEALED))
		return 0;
	for (int i = 0; i < st->sl.next; i++)
		n += HOLDER(st->sl.pos[i]) == c && !gone(st, i);
	return n;
}

int
tg_sealed_face(const struct tg_state *st, int pos)
{
	if (!(st->flags & TG_SF_SEALED) || pos < 0 || pos >= st->sl.next ||
	    FACE(st->sl.pos[pos]) >= st->sl.n)
		return -1;
	return card_type(FACE(st->sl.pos[pos]));
}

/*
 * One card drawn by c (R13.2): uniformly from the open cards left in
 * the play deck and the sealed deck's undealt positions, by the public
 * draw event: the type of an open card drawn, or TG_DRAW_SEALED when
 * the next sealed position went to c.  TG_DRAW_OPEN when the sealed
 * deck is dealt out: the caller draws as with open hands.
 */
int
tg_sealed_draw(struct tg_state *st, int c)
{
	struct rules_error err;
	int left = tg_sealed_left(st), j, card = TG_SL_UNKNOWN, rc;
	unsigned pos;

	if (left == 0)
		return TG_DRAW_OPEN;
	j = tg_draw_index(st, st->pcount + left);
	if (j < st->pcount) {
		uint8_t t = st->pdeck[st->pcount - 1];

		st->pdeck[st->pcount - 1] = st->pdeck[j];
		st->pdeck[j] = t;
		return st->pdeck[--st->pcount];
	}
	pos = st->sl.next;
	if (st->sealed != NULL) {
		memset(&err, 0, sizeof err);
		rc = rules_sealed_deal(st->sealed, DECK, GEN,
		    st->color_seat[c], &pos, 1, &card, &err);
		if (rc != 0)
			tg_rng_fail(rc, &err);
		if (card != RULES_CARD_UNKNOWN && (card < 0 ||
		    card >= st->sl.n)) {
			snprintf(err.msg, sizeof err.msg,
			    "sealed card %d of deck play: no such card", card);
			tg_rng_fail(RULES_EDATA, &err);
		}
	} else
		card = FACE(st->sl.pos[pos]);	/* a computer player's copy */
	if (card == RULES_CARD_UNKNOWN)
		card = TG_SL_UNKNOWN;
	st->sl.pos[pos] = (uint8_t)(c << 6 | card);
	st->sl.next++;
	return TG_DRAW_SEALED;
}

int
tg_sealed_check_show(const struct tg_state *st, int c,
    const struct tg_action *a, struct rules_error *err)
{
	int i = a->a;

	if (!(st->flags & TG_SF_SEALED))
		return tg_refuse(err, RULES_REFUSED,
		    "no sealed cards in this game: its hands are open");
	if (i >= st->sl.next || HOLDER(st->sl.pos[i]) != c || gone(st, i))
		return tg_refuse(err, RULES_REFUSED,
		    "play card %d is not a sealed card of %s%s", i,
		    tg_color_name[c], tg_sealed_held(st, c) == 0 ?
		    " (it holds none)" : "");
	return 0;
}

/* R13.3: c shows its sealed card at pos; it joins c's open cards. */
void
tg_sealed_show(struct tg_state *st, int c, int pos, struct rules_note *note)
{
	int t = card_type(open_card(st, c, pos));

	tg_hand_add(st, c, t, 1);
	tg_note(note, "%s shows play card %d: %s (%s)", tg_color_name[c],
	    pos, tg_cards[t].slug, tg_cards[t].gloss);
}

/* Every sealed card c holds, shown (R13.5 Spionage, R13.6 leaving). */
void
tg_sealed_show_all(struct tg_state *st, int c, struct rules_note *note)
{
	if (!(st->flags & TG_SF_SEALED))
		return;
	for (int i = 0; i < st->sl.next; i++)
		if (HOLDER(st->sl.pos[i]) == c && !gone(st, i))
			tg_sealed_show(st, c, i, note);
}

/* "show N" for each sealed card of c, appended to out[n..max). */
int
tg_sealed_legal(const struct tg_state *st, int c, struct tg_action *out,
    int n, int max)
{
	if (!(st->flags & TG_SF_SEALED))
		return n;
	for (int i = 0; i < st->sl.next && n < max; i++)
		if (HOLDER(st->sl.pos[i]) == c && !gone(st, i)) {
			memset(&out[n], 0, sizeof out[n]);
			out[n].kind = TG_A_SHOW;
			out[n].a = (uint8_t)i;
			n++;
		}
	return n;
}

/*
 * tg_check's part: the open cards of each sealed type (in the deck,
 * the discards, the hands, played) are exactly the opened positions
 * of that type; the rest of the types are counted by tg_check.
 */
int
tg_sealed_check(const struct tg_state *st, const int *pcards,
    struct rules_error *err)
{
	int opened[TG_CARD_TYPES] = { 0 };

	if (!(st->flags & TG_SF_SEALED))
		return 0;
	if (st->sl.n != TG_SEALED_CARDS || st->sl.next > st->sl.n)
		return tg_refuse(err, -1, "sealed deck wrong");
	for (int i = 0; i < st->sl.next; i++) {
		int f = FACE(st->sl.pos[i]);

		if (f != TG_SL_UNKNOWN && f >= st->sl.n)
			return tg_refuse(err, -1, "sealed card %d wrong", i);
		if (gone(st, i)) {
			if (f == TG_SL_UNKNOWN)
				return tg_refuse(err, -1,
				    "sealed card %d opened unseen", i);
			opened[card_type(f)]++;
		}
	}
	for (int t = 0; t < TG_CARD_TYPES; t++)
		if (tg_sealed_type(t) && pcards[t] != opened[t])
			return tg_refuse(err, -1,
			    "play card %s: %d open, %d opened", tg_cards[t].slug,
			    pcards[t], opened[t]);
	return 0;
}

void
tg_sealed_forget(struct tg_state *st, int c,
    uint32_t (*below)(void *ctx, uint32_t n), void *ctx)
{
	uint8_t pool[TG_SEALED_CARDS], known[TG_SEALED_CARDS] = { 0 };
	int n = 0, k = 0;

	st->sealed = NULL;
	if (!(st->flags & TG_SF_SEALED))
		return;
	for (int i = 0; i < st->sl.next; i++) {
		int f = FACE(st->sl.pos[i]);

		if (f < st->sl.n && (gone(st, i) ||
		    HOLDER(st->sl.pos[i]) == c))
			known[f] = 1;
	}
	for (int f = 0; f < st->sl.n; f++)
		if (!known[f])
			pool[n++] = (uint8_t)f;
	for (int i = n - 1; below != NULL && i > 0; i--) {
		int j = (int)below(ctx, (uint32_t)(i + 1));
		uint8_t t = pool[i];

		pool[i] = pool[j];
		pool[j] = t;
	}
	for (int i = 0; i < st->sl.n; i++) {
		int f = FACE(st->sl.pos[i]), h = HOLDER(st->sl.pos[i]);

		if (i < st->sl.next && (gone(st, i) || (h == c &&
		    f < st->sl.n)))
			continue;
		/* n == the positions left: each card is somewhere. */
		st->sl.pos[i] = (uint8_t)(h << 6 | (k < n ? pool[k] : 0));
		k++;
	}
}

/* ---- helpers ------------------------------------------------------------- */

static int
gone(const struct tg_state *st, int i)
{
	return (st->sl.gone[i / 8] >> (i % 8)) & 1;
}

static void
set_gone(struct tg_state *st, int i)
{
	st->sl.gone[i / 8] = (uint8_t)(st->sl.gone[i / 8] | 1u << (i % 8));
}

/* The type of card k of the sealed deck: the data's order (cards.h). */
static int
card_type(int k)
{
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		if (!tg_sealed_type(t))
			continue;
		if (k < tg_cards[t].copies)
			return t;
		k -= tg_cards[t].copies;
	}
	return -1;
}

/* Open position pos of c to all (rules_sealed_open); its card k. */
static int
open_card(struct tg_state *st, int c, int pos)
{
	struct rules_error err;
	int card = FACE(st->sl.pos[pos]), rc;

	if (st->sealed != NULL) {
		memset(&err, 0, sizeof err);
		rc = rules_sealed_open(st->sealed, DECK, GEN,
		    st->color_seat[c], (unsigned)pos, &card, &err);
		if (rc != 0)
			tg_rng_fail(rc, &err);
	}
	if (card < 0 || card >= st->sl.n || (FACE(st->sl.pos[pos]) !=
	    TG_SL_UNKNOWN && FACE(st->sl.pos[pos]) != card)) {
		memset(&err, 0, sizeof err);
		snprintf(err.msg, sizeof err.msg,
		    "sealed card %d of deck play opened as card %d, not the "
		    "card dealt there", pos, card);
		tg_rng_fail(RULES_EDATA, &err);
	}
	st->sl.pos[pos] = (uint8_t)(c << 6 | card);
	set_gone(st, pos);
	return card;
}

int
tg_sealed_parse(const char *text, size_t len, struct tg_action *a,
    struct rules_error *err)
{
	size_t i = 4;
	int v = 0, digits = 0;

	if (len < 4 || strncasecmp(text, "show", 4) != 0 ||
	    (len > 4 && text[4] != ' ' && text[4] != '\t'))
		return 0;
	while (i < len && (text[i] == ' ' || text[i] == '\t'))
		i++;
	for (; i < len && text[i] >= '0' && text[i] <= '9' && v < 1000; i++,
	    digits++)
		v = v * 10 + (text[i] - '0');
	while (i < len && (text[i] == ' ' || text[i] == '\t' ||
	    text[i] == '\n'))
		i++;
	if (i != len || digits == 0 || v > 255)
		return tg_refuse(err, RULES_EPARSE, "show N: N the position "
		    "of one of your sealed cards in the play deck (trigon "
		    "hand lists them)");
	a->kind = TG_A_SHOW;
	a->a = (uint8_t)v;
	return 1;
}
