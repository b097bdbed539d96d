/*
 * parse.c -- Catan's order language read (CA13.1, CA13.2): one action
 * line to a struct ca_action; format.c writes it back as canonical text.
 *
 * Read: any case, runs of blanks, a trailing newline, singular and
 * plural, resource synonyms (lumber, sheep, wheat, clay; Dutch hout,
 * baksteen, wol, graan, erts), names of corners and edges in any hex
 * order or as HEX.DIR (CA2.4).  Written: lowercase, single spaces,
 * bundles in the order brick wood wool grain ore, names in board order.
 * Whether an action is allowed is the engine's business, not this file's.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "wordwise.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"

#define MAXW 24

struct words {
	int n;
	uint8_t len[MAXW];	/* strlen of each word, known from split() */
	char w[MAXW][32];
};

/* Word w, n bytes long, is the literal lit: a length test and a memcmp
   of a constant size, which the compiler makes one or two loads and
   compares (no strcmp call, no strlen). */
#define EQ(w, n, lit) ((n) == sizeof(lit) - 1 && \
	memcmp((w), (lit), sizeof(lit) - 1) == 0)
/* Word i of w is lit. */
#define is(ws, i, lit) ((i) < (ws)->n && EQ((ws)->w[i], (ws)->len[i], lit))

static int
bad(struct rules_error *err, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL) {
		err->code = RULES_EPARSE;
		err->hint[0] = '\0';
		err->data = NULL;
		err->line = 0;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
	}
	return RULES_EPARSE;
}

/* CK17.4: a word that is no slug, refused with msg and, when it
   probably means a card, "did you mean 'SLUG'?". */
static int
no_slug(const struct ca_state *st, const char *word, const char *msg,
    struct rules_error *err)
{
	int c = ck_card_hint(st->ck.d, word, strlen(word));

	bad(err, "%s", msg);
	if (err != NULL && c >= 0)
		snprintf(err->hint, sizeof err->hint, "did you mean '%s'?",
		    st->ck.d->cards[c].slug);
	return RULES_EPARSE;
}

/* Two words the same: strcmp's answer, the first letter compared
   before the call (most words differ there). */
static int
same(const char *a, const char *b)
{
	return a[0] == b[0] && strcmp(a, b) == 0;
}

#ifdef WORDWISE
/*
 * The last len - i bytes of t (1-7 of them) in a word's low bytes, the
 * rest zero: a zero byte stops ww_word8() as a blank would, so the end
 * of the text goes eight bytes at a time too, without reading past it.
 * Most orders are short ("roll", "end", "build city f4/f5/g4") and so
 * end in such a tail.
 */
static inline void
tail8(const unsigned char *t, size_t i, size_t len, unsigned char *out)
{
	size_t rem = len - i;
	uint64_t x = 0;

	if (len >= 8) {
		/* the text's last 8 bytes, those before i shifted out */
		memcpy(&x, t + len - 8, 8);
		x >>= 8 * (8 - rem);
	} else {
		const unsigned char *p = t + i;
		int sh = 0;

		if (rem & 4) {
			uint32_t v;

			memcpy(&v, p, 4);
			x = v;
			p += 4;
			sh = 32;
		}
		if (rem & 2) {
			uint16_t v;

			memcpy(&v, p, 2);
			x |= (uint64_t)v << sh;
			p += 2;
			sh += 16;
		}
		if (rem & 1)
			x |= (uint64_t)*p << sh;
	}
	memcpy(out, &x, 8);
}
#endif

/*
 * Words separated by blanks (space, tab), lower-cased; a byte outside
 * 0x20-0x7e, or a word of 32 bytes or more, fails.  len is without the
 * trailing newline, which ca_parse() took off.  A replay splits every
 * action of a save file, so the bytes go eight at a time while they are
 * 0x21-0x7e (as the Duel's split() in lib/games/duel/parse.c), the last
 * 1-7 bytes of the text too (tail8()); any other byte ends the run and
 * is seen one at a time, as are the bytes of a word past 23.
 */
static int
split(const char *s, size_t len, struct words *w, struct rules_error *err)
{
	const unsigned char *t = (const unsigned char *)s;
	size_t i = 0;

	w->n = 0;
	while (i < len) {
		size_t k = 0;
		char *wd;

		while (i < len && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i == len)
			break;
		if (w->n == MAXW)
			return bad(err, "too many words");
		wd = w->w[w->n];
		while (i < len) {
			unsigned char c;

#ifdef WORDWISE
			if (k + 8 < sizeof w->w[0]) {
				unsigned char tail[8];
				const unsigned char *p = t + i;
				int run;

				if (i + 8 > len) {
					tail8(t, i, len, tail);
					p = tail;
				}
				run = ww_word8(p, wd + k);
				k += (size_t)run;
				i += (size_t)run;
				/* a tail's zeros stop it at the text's end */
				if (run == 8 || i == len)
					continue;
			}
#endif
			c = t[i];
			if (c == ' ' || c == '\t')
				break;
			if (c < 0x20 || c >= 0x7f)
				return bad(err, "unexpected character in the "
				    "order");
			if (k + 1 >= sizeof w->w[0])
				return bad(err, "a word is too long");
			/* tolower() of the C locale, without its call */
			wd[k++] = (char)(c >= 'A' && c <= 'Z' ?
			    c - 'A' + 'a' : c);
			i++;
		}
		wd[k] = '\0';
		w->len[w->n] = (uint8_t)k;
		w->n++;
	}
	if (w->n == 0)
		return bad(err, "empty order");
	return 0;
}

/*
 * A resource by any of its words (singular, plural, synonyms, Dutch), or
 * -1.  A bundle names one in every other word, so by the first letter
 * and the length, not by a walk through a table of twenty.
 */
static inline int
res_of(const char *w, size_t n)
{
	switch (w[0]) {
	case 'b':
		if (EQ(w, n, "brick") || EQ(w, n, "bricks") ||
		    EQ(w, n, "baksteen") || EQ(w, n, "bakstenen"))
			return CA_BRICK;
		break;
	case 'c':
		if (EQ(w, n, "clay"))
			return CA_BRICK;
		break;
	case 'e':
		if (EQ(w, n, "erts"))
			return CA_ORE;
		break;
	case 'g':
		if (EQ(w, n, "grain") || EQ(w, n, "grains") ||
		    EQ(w, n, "graan"))
			return CA_GRAIN;
		break;
	case 'h':
		if (EQ(w, n, "hout"))
			return CA_WOOD;
		break;
	case 'l':
		if (EQ(w, n, "lumber"))
			return CA_WOOD;
		break;
	case 'o':
		if (EQ(w, n, "ore") || EQ(w, n, "ores"))
			return CA_ORE;
		break;
	case 's':
		if (EQ(w, n, "sheep"))
			return CA_WOOL;
		break;
	case 'w':
		if (EQ(w, n, "wood") || EQ(w, n, "woods"))
			return CA_WOOD;
		if (EQ(w, n, "wool") || EQ(w, n, "wools") || EQ(w, n, "wol"))
			return CA_WOOL;
		if (EQ(w, n, "wheat"))
			return CA_GRAIN;
		break;
	}
	return -1;
}

/* Cities & Knights (CK17.1): a KIND is a resource or a commodity. */
static inline int
kind_of(const char *w, size_t n, int ck)
{
	int k = res_of(w, n);

	if (k >= 0 || !ck)
		return k;
	switch (w[0]) {
	case 'c':
		if (EQ(w, n, "cloth") || EQ(w, n, "cloths"))
			return CA_CLOTH;
		if (EQ(w, n, "coin") || EQ(w, n, "coins"))
			return CA_COIN;
		break;
	case 'p':
		if (EQ(w, n, "paper") || EQ(w, n, "papers"))
			return CA_PAPER;
		break;
	}
	return -1;
}

/* CK17.1: a TRACK (0 trade, 1 politics, 2 science), also by its
   colour. */
static int
track_of(const char *w, size_t n)
{
	if (EQ(w, n, "trade") || EQ(w, n, "yellow"))
		return 0;
	if (EQ(w, n, "politics") || EQ(w, n, "blue"))
		return 1;
	if (EQ(w, n, "science") || EQ(w, n, "green"))
		return 2;
	return -1;
}

/* isdigit() is '0'-'9' alone in the C locale, and trigon sets no
   other; compared here without the call through __ctype_b_loc. */
static int
count_of(const char *w, int max, int *out)
{
	int v = 0;

	if (*w == '\0')
		return 0;
	for (const char *p = w; *p; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		v = v * 10 + (*p - '0');
		if (v > max)
			return 0;
	}
	*out = v;
	return 1;
}

/* A bundle from word i up to a stop word (or the end); *i moves on. */
static int
bundle(const struct words *w, int *i, const char *stop, uint8_t *b,
    int single, int ck, struct rules_error *err)
{
	int n = 0;

	memset(b, 0, CA_KINDS);
	while (*i < w->n && (stop == NULL || !same(w->w[*i], stop))) {
		int c, k;

		if (!count_of(w->w[*i], 99, &c) || c < 1)
			return bad(err, "'%s': a count 1-99 comes before each "
			    "resource", w->w[*i]);
		if (*i + 1 >= w->n)
			return bad(err, "a resource follows %d", c);
		k = kind_of(w->w[*i + 1], w->len[*i + 1], ck);
		if (k < 0)
			return bad(err, "unknown resource '%s' (brick, wood, "
			    "wool, grain, ore%s)", w->w[*i + 1], ck ?
			    "; cloth, coin, paper" : "");
		if (b[k])
			return bad(err, "%s named twice", ca_kind_names[k]);
		b[k] = (uint8_t)c;
		*i += 2;
		n++;
		if (single)
			break;
	}
	if (n == 0)
		return bad(err, "cards expected, like '1 ore'");
	return 0;
}

/* Word i's seat, hex, resource, kind, track: by its length from split()
   rather than strlen(). */
#define seat_of(ws, i) ca_seat_of(st, (ws)->w[i], (ws)->len[i])
#define hex_of(ws, i) ca_parse_hex(b, (ws)->w[i], (ws)->len[i])
#define RES(ws, i) res_of((ws)->w[i], (ws)->len[i])
#define KIND(ws, i) kind_of((ws)->w[i], (ws)->len[i], 1)
#define TRACK(ws, i) track_of((ws)->w[i], (ws)->len[i])

/* "HEX [steal COLOR]" from word i to the end. */
static int
robber_part(const struct ca_state *st, const struct words *w, int i,
    struct ca_action *a, struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int h, seat;

	if (i >= w->n)
		return bad(err, "a hex follows, like 'd4'");
	h = hex_of(w, i);
	if (h < 0)
		return bad(err, "no hex '%s' on this map", w->w[i]);
	a->a = (uint8_t)h;
	i++;
	if (i == w->n)
		return 0;
	if (!is(w, i, "steal") || i + 2 != w->n)
		return bad(err, "after the hex: 'steal COLOR' or nothing");
	/* each lookup once (ca_seat_of runs strlen on every name) */
	if ((seat = seat_of(w, i + 1)) < 0)
		return bad(err, "unknown color '%s'", w->w[i + 1]);
	a->victim = (uint8_t)seat;
	return 0;
}

/* Word i of w as a corner, an edge. */
static int
corner_word(const struct ca_board *b, const struct words *w, int i,
    uint8_t *out, struct rules_error *err)
{
	char msg[160];
	int c = ca_parse_corner(b, w->w[i], w->len[i], msg, sizeof msg);

	if (c < 0)
		return bad(err, "%s", msg);
	*out = (uint8_t)c;
	return 0;
}

static int
edge_word(const struct ca_board *b, const struct words *w, int i,
    uint8_t *out, struct rules_error *err)
{
	char msg[160];
	int e = ca_parse_edge(b, w->w[i], w->len[i], msg, sizeof msg);

	if (e < 0)
		return bad(err, "%s", msg);
	*out = (uint8_t)e;
	return 0;
}

static int
piece(const struct ca_board *b, const struct words *w, int i, uint8_t *kind,
    uint8_t *e, struct rules_error *err)
{
	if (is(w, i, "road") || is(w, i, "roads"))
		*kind = 0;
	else if (is(w, i, "ship") || is(w, i, "ships"))
		*kind = 1;
	else
		return bad(err, "'road EDGE' or 'ship EDGE' expected");
	if (i + 1 >= w->n)
		return bad(err, "an edge follows, like 'c2/d3'");
	return edge_word(b, w, i + 1, e, err);
}

static int
end_here(const struct words *w, int i, struct rules_error *err)
{
	if (i < w->n)
		return bad(err, "unexpected '%s'", w->w[i]);
	return 0;
}


/*
 * CK14.24, CK19.5: "play road-building [ship] PATH [[ship] PATH]": a
 * path after "ship" takes a ship (ka, kb 1), else a road (ka CA_NONE,
 * kb 0, as before ships).
 */
static int
play_road_building(const struct ca_board *b, const struct words *w,
    struct ca_action *a, struct rules_error *err)
{
	int i = 2, rc;

	for (int k = 0; k < 2 && (k == 0 || i < w->n); k++) {
		int ship = is(w, i, "ship");

		i += ship;
		if (i >= w->n)
			return bad(err, "'play road-building [ship] PATH "
			    "[[ship] PATH]'");
		if ((rc = edge_word(b, w, i++, k ? &a->b : &a->a, err)) != 0)
			return rc;
		if (ship && k)
			a->kb = 1;
		else if (ship)
			a->ka = 1;
	}
	return end_here(w, i, err);
}

/* CK14, CK17.1: "play SLUG ARGS" in a C&K game; the arguments by the
   card's effect.  Cards whose effect is not built take none. */
static int
play_progress(const struct ca_state *st, const struct words *w, int c,
    struct ca_action *a, struct rules_error *err)
{
	const struct ca_board *b = st->b;
	const char *slug = st->ck.d->cards[c].slug;
	int rc, k;

	a->verb = CA_A_PLAY;
	a->res = (uint8_t)c;
	a->ka = CA_NONE;
	switch (st->ck.d->cards[c].effect) {
	case CK_E_RESOURCE_MONOPOLY:
	case CK_E_TRADE_MONOPOLY:
	case CK_E_MERCHANT_FLEET:
		if (w->n < 3 || (k = KIND(w, 2)) < 0)
			return bad(err, "'play %s KIND'", slug);
		a->ka = (uint8_t)k;
		return end_here(w, 3, err);
	case CK_E_CRANE:
		if (w->n < 3 || (k = TRACK(w, 2)) < 0)
			return bad(err, "'play crane TRACK [NODE]'");
		a->ka = (uint8_t)k;
		if (w->n == 3)
			return 0;
		if ((rc = corner_word(b, w, 3, &a->a, err)) != 0)
			return rc;
		return end_here(w, 4, err);
	case CK_E_ENGINEER:
	case CK_E_MEDICINE:
	case CK_E_SMITH:
	case CK_E_INTRIGUE:
		if (w->n < 3)
			return bad(err, "'play %s NODE'", slug);
		if ((rc = corner_word(b, w, 2, &a->a, err)) != 0)
			return rc;
		if (st->ck.d->cards[c].effect != CK_E_SMITH || w->n == 3)
			return end_here(w, 3, err);
		if ((rc = corner_word(b, w, 3, &a->b, err)) != 0)
			return rc;
		return end_here(w, 4, err);
	case CK_E_ROAD_BUILDING:
		return play_road_building(b, w, a, err);
	case CK_E_DIPLOMAT:
		if (w->n < 3)
			return bad(err, "'play %s PATH [PATH]'", slug);
		if ((rc = edge_word(b, w, 2, &a->a, err)) != 0)
			return rc;
		if (w->n == 3)
			return 0;
		if ((rc = edge_word(b, w, 3, &a->b, err)) != 0)
			return rc;
		return end_here(w, 4, err);
	case CK_E_MERCHANT:
	case CK_E_BISHOP:
		if (w->n < 3 || (k = hex_of(w, 2)) < 0)
			return bad(err, "'play %s HEX'", slug);
		a->a = (uint8_t)k;
		return end_here(w, 3, err);
	case CK_E_SPY:
	case CK_E_DESERTER:
	case CK_E_MASTER_MERCHANT:
		if (w->n != 3 || (k = seat_of(w, 2)) < 0)
			return bad(err, "'play %s COLOR'", slug);
		a->victim = (uint8_t)k;
		return 0;
	case CK_E_INVENTOR: {
		int x, y;

		if (w->n != 4 || (x = hex_of(w, 2)) < 0 ||
		    (y = hex_of(w, 3)) < 0)
			return bad(err, "'play inventor HEX HEX'");
		a->a = (uint8_t)x;
		a->b = (uint8_t)y;
		return 0;
	}
	case CK_E_ALCHEMIST: {
		int x, y;

		if (w->n != 4 || !count_of(w->w[2], 6, &x) ||
		    !count_of(w->w[3], 6, &y) || x < 1 || y < 1)
			return bad(err, "'play alchemist W R', each die 1-6");
		a->a = (uint8_t)x;
		a->b = (uint8_t)y;
		return 0;
	}
	default:
		return end_here(w, 2, err);
	}
}

/* The verbs of the order language, told apart by verb_of(). */
enum {
	V_NONE, V_ROLL, V_END, V_RESIGN, V_WITHDRAW, V_BUY, V_BUILD, V_TRADE,
	V_OFFER, V_ACCEPT, V_DECLINE, V_DISCARD, V_DESERT, V_PLACE, V_TAKE,
	V_HARBOR, V_GIVE, V_PICK, V_ROBBER, V_PIRATE, V_DISPLACE, V_MOVE,
	V_ACTIVATE, V_PROMOTE, V_RETREAT, V_CHASE, V_PLAY, V_IMPROVE,
	V_PILLAGE, V_AQUEDUCT, V_SHOW, V_TOKEN, V_COUNT
};

/*
 * The first word's verb, or V_NONE: by its first letter, then its
 * length and bytes, where ca_parse() once compared it with each verb in
 * turn (up to 30 compares for "aqueduct").  Every verb is a word of its
 * own, so which one it is does not depend on the order of the tests.
 */
static int
verb_of(const char *v, size_t n)
{
	switch (v[0]) {
	case 'a':
		return EQ(v, n, "activate") ? V_ACTIVATE :
		    EQ(v, n, "accept") ? V_ACCEPT :
		    EQ(v, n, "aqueduct") ? V_AQUEDUCT : V_NONE;
	case 'b':
		return EQ(v, n, "build") ? V_BUILD :
		    EQ(v, n, "buy") ? V_BUY : V_NONE;
	case 'c':
		return EQ(v, n, "chase") ? V_CHASE : V_NONE;
	case 'd':
		return EQ(v, n, "discard") ? V_DISCARD :
		    EQ(v, n, "desert") ? V_DESERT :
		    EQ(v, n, "decline") ? V_DECLINE :
		    EQ(v, n, "displace") ? V_DISPLACE : V_NONE;
	case 'e':
		return EQ(v, n, "end") ? V_END : V_NONE;
	case 'g':
		return EQ(v, n, "give") ? V_GIVE : V_NONE;
	case 'h':
		return EQ(v, n, "harbor") ? V_HARBOR : V_NONE;
	case 'i':
		return EQ(v, n, "improve") ? V_IMPROVE : V_NONE;
	case 'm':
		return EQ(v, n, "move") ? V_MOVE : V_NONE;
	case 'o':
		return EQ(v, n, "offer") ? V_OFFER : V_NONE;
	case 'p':
		return EQ(v, n, "play") ? V_PLAY :
		    EQ(v, n, "pick") ? V_PICK :
		    EQ(v, n, "promote") ? V_PROMOTE :
		    EQ(v, n, "place") ? V_PLACE :
		    EQ(v, n, "pirate") ? V_PIRATE :
		    EQ(v, n, "pillage") ? V_PILLAGE : V_NONE;
	case 'r':
		return EQ(v, n, "roll") ? V_ROLL :
		    EQ(v, n, "robber") ? V_ROBBER :
		    EQ(v, n, "retreat") ? V_RETREAT :
		    EQ(v, n, "resign") ? V_RESIGN : V_NONE;
	case 's':
		return EQ(v, n, "show") ? V_SHOW : V_NONE;
	case 't':
		return EQ(v, n, "trade") ? V_TRADE :
		    EQ(v, n, "take") ? V_TAKE :
		    EQ(v, n, "token") ? V_TOKEN : V_NONE;
	case 'w':
		return EQ(v, n, "withdraw") ? V_WITHDRAW : V_NONE;
	}
	return V_NONE;
}

/*
 * An order of len bytes (its newline gone) into a, which ca_parse() set
 * blank.  Each verb's case keeps the tests its verb met in the old chain
 * of compares, in their order; a case that breaks (a C&K verb in a base
 * game, "take" alone, "give" outside C&K) is an unknown order, as when
 * the chain ran out.  Out of line, so that "end" and "roll" in
 * ca_parse() pay for none of its stack frame (the words, a message).
 */
static int parse_order(const struct ca_state *, const char *, size_t,
    struct ca_action *, struct rules_error *) __attribute__((noinline));


/* What a verb's parser answers for an order of a rule set that lacks it. */
#define NOT_AN_ORDER 1

typedef int parse_fn(const struct ca_state *st, struct words *w,
    struct ca_action *a, struct rules_error *err);

/* discard CARDS, pick CARDS (CA5.2, CA10.2) */
static int
discard_pick(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const char *v = w->w[0];
	int i, ck = CA_CK(st);

	a->verb = v[0] == 'd' ? CA_A_DISCARD : CA_A_PICK;
	i = 1;
	/* C&K: commodities are named; picks refuse them (CA5.5) */
	return bundle(w, &i, NULL, v[0] == 'd' ? a->give : a->get, 0,
	    ck, err);
}

/* The orders 'roll', 'end', 'resign', 'withdraw'. */
static int
parse_roll(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const char *v = w->w[0];

	a->verb = v[0] == 'r' ? (v[1] == 'o' ? CA_A_ROLL : CA_A_RESIGN) :
	    v[0] == 'e' ? CA_A_END : CA_A_WITHDRAW;
	return end_here(w, 1, err);
}

/* The order 'buy'. */
static int
parse_buy(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	if (!is(w, 1, "card") && !is(w, 1, "cards"))
		return bad(err, "'buy card'");
	a->verb = CA_A_BUY;
	return end_here(w, 2, err);
}

/* The order 'build'. */
static int
parse_build(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int rc, ck = CA_CK(st);

	if (is(w, 1, "settlement") || is(w, 1, "settlements") ||
	    is(w, 1, "city") || is(w, 1, "cities")) {
		a->verb = w->w[1][0] == 's' ? CA_A_SETTLEMENT : CA_A_CITY;
		if (w->n < 3)
			return bad(err, "a corner follows, like "
			    "'c3/d3/d4'");
		if ((rc = corner_word(b, w, 2, &a->a, err)) != 0)
			return rc;
		return end_here(w, 3, err);
	}
	if (is(w, 1, "road") || is(w, 1, "roads") ||
	    is(w, 1, "ship") || is(w, 1, "ships")) {
		a->verb = w->w[1][0] == 'r' ? CA_A_ROAD : CA_A_SHIP;
		if (w->n < 3)
			return bad(err, "an edge follows, like 'c2/d3'");
		if ((rc = edge_word(b, w, 2, &a->a, err)) != 0)
			return rc;
		return end_here(w, 3, err);
	}
	if (ck && (is(w, 1, "knight") || is(w, 1, "knights"))) {
		/* CK11.2 */
		a->verb = CA_A_KNIGHT_BUILD;
		if (w->n < 3)
			return bad(err, "a corner follows, like "
			    "'c3/d3/d4'");
		if ((rc = corner_word(b, w, 2, &a->a, err)) != 0)
			return rc;
		return end_here(w, 3, err);
	}
	if (ck && (is(w, 1, "wall") || is(w, 1, "walls"))) {
		/* CK8.1 */
		a->verb = CA_A_WALL;
		if (w->n < 3)
			return bad(err, "a corner follows, like "
			    "'c3/d3/d4'");
		if ((rc = corner_word(b, w, 2, &a->a, err)) != 0)
			return rc;
		return end_here(w, 3, err);
	}
	return bad(err, "build what? settlement, city, road or ship%s",
	    ck ? ", knight or wall" : "");
}

/* The orders 'trade', 'offer'. */
static int
parse_trade(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const char *v = w->w[0];
	int i, rc, ck = CA_CK(st);
	int offer = v[0] == 'o';

	a->verb = offer ? CA_A_OFFER : CA_A_TRADE;
	i = 1;
	if ((rc = bundle(w, &i, "for", a->give, !offer, ck, err)) != 0)
		return rc;
	if (!is(w, i, "for"))
		return bad(err, "'for' expected after what you give");
	i++;
	if ((rc = bundle(w, &i, "to", a->get, !offer, ck, err)) != 0)
		return rc;
	if (offer && is(w, i, "to")) {
		char *p, *save;

		/* Colors after 'to', by blanks or commas (strtok_r
		   cuts the words: their lengths are read no more). */
		for (i++; i < w->n; i++)
			for (p = strtok_r(w->w[i], ",", &save); p != NULL;
			    p = strtok_r(NULL, ",", &save)) {
				int s2 = ca_seat_of(st, p, strlen(p));

				if (s2 < 0)
					return bad(err, "unknown color "
					    "'%s'", p);
				if (a->to & (1u << s2))
					return bad(err, "%s named "
					    "twice", p);
				a->to |= (uint8_t)(1u << s2);
			}
		if (a->to == 0)
			return bad(err, "colors follow 'to'");
		return 0;
	}
	return end_here(w, i, err);
}

/* The orders 'accept', 'decline'. */
static int
parse_accept(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const char *v = w->w[0];
	int n;
	const char *num = w->n > 1 ? w->w[1] : "";

	a->verb = v[0] == 'a' ? CA_A_ACCEPT : CA_A_DECLINE;
	if (*num == '#')
		num++;
	if (!count_of(num, 99999, &n) || n < 1)
		return bad(err, "an offer number follows, like '%s 7'",
		    v);
	a->num = (uint16_t)n;
	return end_here(w, 2, err);
}

/* The order 'discard'. */
static int
parse_discard(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	char msg[RULES_MSG_MAX];
	int ck = CA_CK(st);

	if (ck && is(w, 1, "progress")) {
		/* CK13.4: discard progress SLUG */
		int c;

		a->verb = CA_A_PROG_DISCARD;
		if (w->n < 3)
			return bad(err, "'discard progress SLUG'");
		c = ck_card_by_slug(st->ck.d, w->w[2], w->len[2]);
		if (c < 0) {
			snprintf(msg, sizeof msg, "no progress card "
			    "'%s'", w->w[2]);
			return no_slug(st, w->w[2], msg, err);
		}
		a->res = (uint8_t)c;
		return end_here(w, 3, err);
	}
	return discard_pick(st, w, a, err);
}

/* The order 'desert'. */
static int
parse_desert(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int rc, ck = CA_CK(st);

	if (!ck)
		return NOT_AN_ORDER;
	/* CK14.9: desert NODE */
	a->verb = CA_A_DESERT;
	if (w->n < 2)
		return bad(err, "'desert NODE'");
	if ((rc = corner_word(b, w, 1, &a->a, err)) != 0)
		return rc;
	return end_here(w, 2, err);
}

/* The order 'place'. */
static int
parse_place(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int ck = CA_CK(st);

	if (!ck)
		return NOT_AN_ORDER;
	/* CK14.9: place knight NODE|none */
	a->verb = CA_A_PLACE_KNIGHT;
	if (w->n != 3 || !is(w, 1, "knight"))
		return bad(err, "'place knight NODE' or 'place knight "
		    "none'");
	if (is(w, 2, "none"))
		return 0;
	return corner_word(b, w, 2, &a->a, err);
}

/* The order 'take'. */
static int
parse_take(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	char msg[RULES_MSG_MAX];
	int i, ck = CA_CK(st);

	if (ck && w->n > 2) {
		/* CK14.2: take CARDS */
		a->verb = CA_A_TAKE_CARDS;
		i = 1;
		return bundle(w, &i, NULL, a->get, 0, 1, err);
	}
	if (ck && w->n == 2) {
		/* CK14.13: take SLUG */
		int c = ck_card_by_slug(st->ck.d, w->w[1], w->len[1]);

		if (c < 0) {
			snprintf(msg, sizeof msg, "no progress card "
			    "'%s'", w->w[1]);
			return no_slug(st, w->w[1], msg, err);
		}
		a->verb = CA_A_TAKE;
		a->res = (uint8_t)c;
		return 0;
	}
	return NOT_AN_ORDER;
}

/* The order 'harbor'. */
static int
parse_harbor(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	int ck = CA_CK(st);
	int seat, r;

	if (!ck)
		return NOT_AN_ORDER;
	/* CK14.1: harbor SEAT RESOURCE */
	if (w->n != 3 || (seat = seat_of(w, 1)) < 0 ||
	    (r = RES(w, 2)) < 0)
		return bad(err, "'harbor COLOR RESOURCE'");
	a->verb = CA_A_HARBOR;
	a->victim = (uint8_t)seat;
	a->res = (uint8_t)r;
	return 0;
}

/* The order 'give'. */
static int
parse_give(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	int i, n, ck = CA_CK(st);

	if (!ck)
		return NOT_AN_ORDER;
	if (w->n == 2 && (n = KIND(w, 1)) >= 0) {
		/* CK14.1: give COMMODITY (a single card, named
		   bare) */
		a->verb = CA_A_GIVE;
		a->give[n] = 1;
		return 0;
	}
	/* CK14.15: give CARDS */
	a->verb = CA_A_GIVE;
	i = 1;
	return bundle(w, &i, NULL, a->give, 0, 1, err);
}

/* The order 'pick'. */
static int
parse_pick(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	int n, ck = CA_CK(st);

	if (ck && w->n == 2 && (n = TRACK(w, 1)) >= 0) {
		/* CK12.4: pick TRACK */
		a->verb = CA_A_TRACKPICK;
		a->res = (uint8_t)n;
		return 0;
	}
	return discard_pick(st, w, a, err);
}

/* The orders 'robber', 'pirate'. */
static int
parse_robber(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const char *v = w->w[0];

	a->verb = v[0] == 'r' ? CA_A_ROBBER : CA_A_PIRATE;
	return robber_part(st, w, 1, a, err);
}

/* The orders 'displace', 'move'. */
static int
parse_displace(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	const char *v = w->w[0];
	int rc, ck = CA_CK(st);

	if (ck && (v[0] == 'd' || !is(w, 1, "ship"))) {
		/* CK11.8, CK11.9: move|displace NODE NODE */
		a->verb = v[0] == 'm' ? CA_A_MOVE : CA_A_DISPLACE;
		if (w->n < 3)
			return bad(err, "'%s NODE NODE'", v);
		if ((rc = corner_word(b, w, 1, &a->a, err)) != 0)
			return rc;
		if ((rc = corner_word(b, w, 2, &a->b, err)) != 0)
			return rc;
		return end_here(w, 3, err);
	}
	if (v[0] == 'd')
		return NOT_AN_ORDER;
	if (!is(w, 1, "ship") || w->n != 5 || !is(w, 3, "to"))
		return bad(err, "'move ship EDGE to EDGE'");
	a->verb = CA_A_MOVESHIP;
	if ((rc = edge_word(b, w, 2, &a->a, err)) != 0)
		return rc;
	return edge_word(b, w, 4, &a->b, err);
}

/* The orders 'activate', 'promote', 'retreat'. */
static int
parse_activate(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	const char *v = w->w[0];
	int rc, ck = CA_CK(st);

	if (!ck)
		return NOT_AN_ORDER;
	/* CK11.4, CK11.5, CK11.9 */
	a->verb = v[0] == 'a' ? CA_A_ACTIVATE : v[0] == 'p' ?
	    CA_A_PROMOTE : CA_A_RETREAT;
	if (w->n < 2)
		return bad(err, "'%s NODE'", v);
	if ((rc = corner_word(b, w, 1, &a->a, err)) != 0)
		return rc;
	return end_here(w, 2, err);
}

/* The order 'chase'. */
static int
parse_chase(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int rc, ck = CA_CK(st);

	if (!ck)
		return NOT_AN_ORDER;
	/* CK11.10: chase NODE HEX [steal SEAT] */
	a->verb = CA_A_CHASE;
	if (w->n < 3)
		return bad(err, "'chase NODE HEX [steal COLOR]'");
	if ((rc = corner_word(b, w, 1, &a->a, err)) != 0)
		return rc;
	if ((rc = robber_part(st, w, 2, a, err)) != 0)
		return rc;
	a->b = a->a;	/* robber_part wrote the hex into a */
	return corner_word(b, w, 1, &a->a, err);
}

/* The order 'play'. */
static int
parse_play(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int i, rc, n, ck = CA_CK(st);

	if (ck) {
		int c = w->n > 1 ? ck_card_by_slug(st->ck.d, w->w[1],
		    w->len[1]) : -1;

		if (c < 0)
			return no_slug(st, w->n > 1 ? w->w[1] : "",
			    "play what? a progress card by its slug, "
			    "like 'play crane science'", err);
		return play_progress(st, w, c, a, err);
	}
	if (is(w, 1, "knight")) {
		a->verb = CA_A_KNIGHT;
		if (is(w, 2, "robber"))
			a->ka = 0;
		else if (is(w, 2, "pirate"))
			a->ka = 1;
		else
			return bad(err, "'play knight robber HEX' or "
			    "'play knight pirate HEX'");
		return robber_part(st, w, 3, a, err);
	}
	if (is(w, 1, "road-building")) {
		a->verb = CA_A_ROADS;
		if ((rc = piece(b, w, 2, &a->ka, &a->a, err)) != 0)
			return rc;
		if (w->n == 4)
			return 0;
		if ((rc = piece(b, w, 4, &a->kb, &a->b, err)) != 0)
			return rc;
		return end_here(w, 6, err);
	}
	if (is(w, 1, "year-of-plenty")) {
		a->verb = CA_A_PLENTY;
		i = 2;
		return bundle(w, &i, NULL, a->get, 0, 0, err);
	}
	if (is(w, 1, "monopoly")) {
		a->verb = CA_A_MONOPOLY;
		if (w->n < 3 || (n = RES(w, 2)) < 0)
			return bad(err, "'play monopoly RESOURCE'");
		a->res = (uint8_t)n;
		return end_here(w, 3, err);
	}
	return bad(err, "play what? knight, road-building, "
	    "year-of-plenty or monopoly");
}

/* The order 'improve'. */
static int
parse_improve(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int rc, ck = CA_CK(st);

	/* CK9.2, CK10.4: improve TRACK [NODE] */
	int t;

	if (!ck)
		return NOT_AN_ORDER;
	t = w->n > 1 ? TRACK(w, 1) : -1;
	a->verb = CA_A_IMPROVE;
	if (t < 0)
		return bad(err, "'improve TRACK [NODE]', TRACK trade, "
		    "politics or science");
	a->res = (uint8_t)t;
	if (w->n == 2)
		return 0;
	if ((rc = corner_word(b, w, 2, &a->a, err)) != 0)
		return rc;
	return end_here(w, 3, err);
}

/* The order 'pillage'. */
static int
parse_pillage(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int rc, ck = CA_CK(st);

	if (!ck)
		return NOT_AN_ORDER;
	/* CK12.5 */
	a->verb = CA_A_PILLAGE;
	if (w->n < 2)
		return bad(err, "a corner follows, like 'c3/d3/d4'");
	if ((rc = corner_word(b, w, 1, &a->a, err)) != 0)
		return rc;
	return end_here(w, 2, err);
}

/* The order 'aqueduct'. */
static int
parse_aqueduct(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	int n, ck = CA_CK(st);

	if (!ck)
		return NOT_AN_ORDER;
	/* CK9.4 */
	a->verb = CA_A_AQUEDUCT;
	if (w->n < 2 || (n = KIND(w, 1)) < 0)
		return bad(err, "'aqueduct RESOURCE'");
	a->res = (uint8_t)n;
	return end_here(w, 2, err);
}

/* The order 'show N' (catan-rules(7), CA15.3): a sealed card's
   position, as 'trigon hand' lists it. */
static int
parse_show(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	int v = 0, i = 0;

	a->verb = CA_A_SHOW;
	for (; w->n >= 2 && i < w->len[1] && i < 3 &&
	    w->w[1][i] >= '0' && w->w[1][i] <= '9'; i++)
		v = v * 10 + (w->w[1][i] - '0');
	if (w->n < 2 || i == 0 || i != w->len[1] || v >= (CA_CK(st) ?
	    CK_TRACKS * CK_SL_DECK_MAX : CA_SL_MAX))
		return bad(err, CA_CK(st) ? "'show N', N the number of one "
		    "of your sealed progress cards ('trigon hand' lists "
		    "them; catan-ck-rules(7), CK20.3)" : "'show N', N the "
		    "position of one of your sealed development cards "
		    "('trigon hand' lists them)");
	a->a = (uint8_t)v;
	return end_here(w, 2, err);
}

/* The order 'token HEX' (CA10.8): on a map with a token supply only. */
static int
parse_token(const struct ca_state *st, struct words *w, struct ca_action *a,
    struct rules_error *err)
{
	const struct ca_board *b = st->b;
	int h;

	if (b->ngrow == 0)
		return NOT_AN_ORDER;
	a->verb = CA_A_TOKEN;
	if (w->n < 2)
		return bad(err, "'token HEX', the hex of the main island whose "
		    "number moves");
	if ((h = hex_of(w, 1)) < 0)
		return bad(err, "no hex '%s' on this map", w->w[1]);
	a->a = (uint8_t)h;
	return end_here(w, 2, err);
}

/* The parser of each verb (verb_of). */
static parse_fn *const parse_of[V_COUNT] = {
	[V_ROLL] = parse_roll,
	[V_END] = parse_roll,
	[V_RESIGN] = parse_roll,
	[V_WITHDRAW] = parse_roll,
	[V_BUY] = parse_buy,
	[V_BUILD] = parse_build,
	[V_TRADE] = parse_trade,
	[V_OFFER] = parse_trade,
	[V_ACCEPT] = parse_accept,
	[V_DECLINE] = parse_accept,
	[V_DISCARD] = parse_discard,
	[V_DESERT] = parse_desert,
	[V_PLACE] = parse_place,
	[V_TAKE] = parse_take,
	[V_HARBOR] = parse_harbor,
	[V_GIVE] = parse_give,
	[V_PICK] = parse_pick,
	[V_ROBBER] = parse_robber,
	[V_PIRATE] = parse_robber,
	[V_DISPLACE] = parse_displace,
	[V_MOVE] = parse_displace,
	[V_ACTIVATE] = parse_activate,
	[V_PROMOTE] = parse_activate,
	[V_RETREAT] = parse_activate,
	[V_CHASE] = parse_chase,
	[V_PLAY] = parse_play,
	[V_IMPROVE] = parse_improve,
	[V_PILLAGE] = parse_pillage,
	[V_AQUEDUCT] = parse_aqueduct,
	[V_SHOW] = parse_show,
	[V_TOKEN] = parse_token,
};

static int
parse_order(const struct ca_state *st, const char *s, size_t len,
    struct ca_action *a, struct rules_error *err)
{
	struct words w;
	int rc, verb;

	if ((rc = split(s, len, &w, err)) != 0)
		return rc;
	verb = verb_of(w.w[0], w.len[0]);
	if (verb > V_NONE && verb < V_COUNT &&
	    (rc = parse_of[verb](st, &w, a, err)) != NOT_AN_ORDER)
		return rc;
	return bad(err, "unknown order '%s'", w.w[0]);
}

int
ca_parse(const struct ca_state *st, const char *s, size_t len,
    struct ca_action *a, struct rules_error *err)
{
	memset(a, 0, sizeof *a);
	a->a = a->b = a->victim = CA_NONE;
	if (len > 0 && s[len - 1] == '\n')
		len--;
	if (len > 0 && s[len - 1] == '\r')
		len--;
	/* Most actions of a game are "end" and "roll", as ca_format()
	   writes them: those without splitting. */
	if (EQ(s, len, "end")) {
		a->verb = CA_A_END;
		return 0;
	}
	if (EQ(s, len, "roll")) {
		a->verb = CA_A_ROLL;
		return 0;
	}
	return parse_order(st, s, len, a, err);
}
