/*
 * parse.c -- Trigon's order language: text <-> struct tg_action.
 *
 * An order is one line: lowercase English keywords, ASCII spot names
 * (as in the map, e.g. "nieuw-delia"), decimal numbers, separated by
 * single spaces.  tg_format prints the canonical form; tg_parse also
 * accepts upper case, runs of blanks and a trailing newline, and plural
 * or singular nouns after any number.  The grammar (ABNF-like; SP is a
 * space; the docs copy it to trigon-rules(7)):
 *
 *   order    = build / exchange / move / cross / sail / found / place
 *            / "crown" / "end" / "resign"
 *            / buy / play / choose / take / offer / "accept" [SP giving]
 *            / "decline" / "withdraw" / defend / flee
 *   build    = "build" SP ("knight" / "scout" / "boat") SP "at" SP spot
 *                  ; R6.1, R6.2: one figure at an own settlement
 *   exchange = "exchange" SP ("copper" / "silver")
 *                  ; R6.4: 3 copper -> 1 silver, 3 silver -> 1 gold
 *   move     = "move" SP army SP "from" SP spot SP "to" SP spot [SP cards]
 *              [SP losses]
 *                  ; R7.1: one army along one path.  Over a river path
 *                  ; (R7.2) the army stops on the path, heading for the
 *                  ; second spot; into enemies it attacks (R7.4, R8)
 *   cross    = "cross" SP army SP "from" SP spot SP "to" SP spot [SP cards]
 *              [SP losses]
 *                  ; R7.5: figures standing on the river path between
 *                  ; the two spots, heading for the second, complete the
 *                  ; crossing (one army; attacks enemies there)
 *   sail     = "sail" SP "boat" SP "from" SP spot SP "to" SP spot
 *              [SP "with" SP army] [SP cards] [SP losses]
 *                  ; R7.3: one boat, up to 5 passengers from its spot
 *   found    = "found" SP "at" SP spot
 *                  ; R9.1 (and R3.3 at set-up): a scout founds a village
 *   place    = "place" SP count SP knights SP "at" SP spot
 *                  ; R4.9: reserve knights onto an own settlement
 *   army     = count SP knights [SP count SP scouts] / count SP scouts
 *   knights  = "knight" / "knights"       ; "knight" after 1
 *   scouts   = "scout" / "scouts"         ; "scout" after 1
 *   losses   = "losses" SP kind *("," kind)
 *   kind     = "knights" / "scouts" / "boats"
 *                  ; R8.3: the attacker's casualty order; kinds left out
 *                  ; follow in the default order knights, scouts, boats.
 *                  ; Canonical: omitted when default; for move and cross
 *                  ; (no boats) "losses scouts,knights".
 *   cards    = "with" SP attcard [SP "and" SP attcard]
 *   attcard  = "cavalerie" / "verdedigingstoren"
 *                  ; R8.7, R8.8: the attacker's battle cards, named
 *                  ; only with an attack
 *   buy      = "buy" SP ("card" / "quest")
 *                  ; R6.2: a play card (1 copper) or a quest (1 gold)
 *   play     = "play" SP slug [SP args]
 *                  ; R10.3: a held card in one's own action phase; the
 *                  ; arguments its effect needs:
 *                  ;   promotie, wachttoren, geboortegolf, goede-oogst,
 *                  ;   vlijtige-onderdaan, intrige: "at" SP spot
 *                  ;   overloper: ("knight"/"scout"/"boat") SP ("at" SP spot
 *                  ;     / "between" SP spot SP "and" SP spot)  ; a river path
 *                  ;   heerser-van-weleer: coins (5)
 *                  ;   ambachtsgild, spionage: "from" SP color
 *                  ;   diefstal: "from" SP color [SP coins] (3, or all)
 *                  ;   the others: nothing
 *   choose   = "choose" SP slug SP (count SP "at" SP spot / "at" SP spot
 *              / coins)
 *                  ; R12.1: the answer to a negative card's choice:
 *                  ;   moordenaar, boogschutters, draken, strijd (knights),
 *                  ;   ziekte, meteorieten (inhabitants): N at SPOT, in
 *                  ;   steps until all are chosen;
 *                  ;   winter, grillen-van-zoloth, overstroming, brand:
 *                  ;   at SPOT (an own settlement);
 *                  ;   hebzucht-van-delia, crisis: the coins returned
 *   take     = "take" SP count
 *                  ; Spionage: the card numbered count in the spy's
 *                  ; view of the other hand
 *   offer    = "offer" SP color SP (coins SP "for" SP coins
 *              / "swap" SP count)
 *                  ; R6.5, R6.6: coins for coins (at least 1 each way),
 *                  ; or a blind swap of one's card numbered count in
 *                  ; one's own hand view
 *   giving   = "giving" SP count
 *                  ; the answer to a swap: one's own card, by number
 *   defend   = "defend" [SP "with" SP defcard *(SP "and" SP defcard)]
 *   defcard  = "cavalerie" / "verdedigingstoren" / "hinderlaag"
 *   flee     = "flee" SP "to" SP spot
 *                  ; R8.8: the answer of a defender holding a battle
 *                  ; card; flee plays Vluchten
 *   coins    = count SP coin *(SP count SP coin)  ; each kind once
 *   coin     = "copper" / "silver" / "gold"
 *   color    = "green" / "purple" / "yellow" / "white"
 *   slug     = a play card's ASCII name, e.g. "vlijtige-onderdaan"
 *   count    = 1*3DIGIT                   ; 1 to 255, no leading zero
 *   spot     = 1*(%x61-7A / DIGIT / "-")   ; a spot's ASCII name
 *
 * Card numbers (offer swap, accept giving, take) are a player's private
 * numbering of its hidden cards (tg_items): the order text never says
 * which card it is.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "suggest.h"
#include "internal.h"

#define MAXTOK 24

struct tok {
	const char *s;
	int len;
};

struct lex {
	char buf[RULES_ACTION_MAX + 1];
	struct tok t[MAXTOK];
	int n, i;
};

static int number(struct lex *lx, int *out);

static const char *const verbs[] = {
	"build", "exchange", "move", "cross", "sail", "found", "place",
	"crown", "end", "resign", "buy", "play", "choose", "take", "offer",
	"accept", "decline", "withdraw", "defend", "flee",
};
static const uint8_t verb_kind[] = {
	TG_A_BUILD, TG_A_EXCHANGE, TG_A_MOVE, TG_A_CROSS, TG_A_SAIL,
	TG_A_FOUND, TG_A_PLACE, TG_A_CROWN, TG_A_END, TG_A_RESIGN,
	TG_A_BUY, TG_A_PLAY, TG_A_CHOOSE, TG_A_TAKE, TG_A_OFFER,
	TG_A_ACCEPT, TG_A_DECLINE, TG_A_WITHDRAW, TG_A_DEFEND, TG_A_DEFEND,
};

/* Permutations of knights(0), scouts(1), boats(2), by enum tg_losses. */
static const uint8_t perm[TG_L_N][3] = {
	{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 },
	{ 2, 1, 0 },
};

static int
tokenize(struct lex *lx, const char *text, size_t len,
    struct rules_error *err)
{
	size_t i = 0;

	while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	if (len > RULES_ACTION_MAX)
		return tg_refuse(err, RULES_EPARSE, "the order is too long");
	lx->n = lx->i = 0;
	for (size_t k = 0; k < len; k++) {
		char ch = text[k];

		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		else if (ch == '\t')
			ch = ' ';
		else if ((unsigned char)ch < 0x20 || ch == 0x7f)
			return tg_refuse(err, RULES_EPARSE,
			    "the order holds a control character");
		lx->buf[k] = ch;
	}
	lx->buf[len] = '\0';
	while (i < len) {
		size_t start;

		while (i < len && lx->buf[i] == ' ')
			i++;
		if (i >= len)
			break;
		start = i;
		while (i < len && lx->buf[i] != ' ')
			i++;
		if (lx->n == MAXTOK)
			return tg_refuse(err, RULES_EPARSE,
			    "the order has too many words");
		lx->t[lx->n].s = lx->buf + start;
		lx->t[lx->n].len = (int)(i - start);
		lx->n++;
	}
	return 0;
}

static int
tok_is(const struct tok *t, const char *w)
{
	return (size_t)t->len == strlen(w) && memcmp(t->s, w, (size_t)t->len) == 0;
}

static void
tok_str(const struct tok *t, char *out, size_t n)
{
	snprintf(out, n, "%.*s", t->len, t->s);
}

static int
hint(struct rules_error *err, const char *word, const char *const *cands,
    size_t ncands)
{
	const char *near = suggest_nearest(word, cands, ncands);

	if (near != NULL && err != NULL)
		snprintf(err->hint, sizeof err->hint, "did you mean '%s'?",
		    near);
	return RULES_EPARSE;
}

/*
 * Words a newcomer tries for an order the language says otherwise
 *: the refusal's hint names the order that does it.
 */
static const struct {
	const char *word, *hint;
} natural[] = {
	{ "attack", "you attack by moving into a spot where enemies stand: "
	    "'move ARMY from SPOT to SPOT' (or 'sail boat from SPOT to "
	    "SPOT with ARMY')" },
	{ "fight", "you attack by moving into a spot where enemies stand: "
	    "'move ARMY from SPOT to SPOT'" },
	{ "invade", "you attack by moving into a spot where enemies stand: "
	    "'move ARMY from SPOT to SPOT'" },
	{ "pass", "you end your turn with 'end'" },
	{ "done", "you end your turn with 'end'" },
	{ "finish", "you end your turn with 'end'" },
	{ "skip", "you end your turn with 'end'" },
	{ "next", "you end your turn with 'end'" },
	{ "trade", "you trade coins by an offer: 'offer COLOR 1 silver for "
	    "3 copper'; at the bank: 'exchange copper'" },
	{ "sell", "you trade coins by an offer: 'offer COLOR 1 silver for "
	    "3 copper'; at the bank: 'exchange copper'" },
	{ "draw", "you draw a card with 'buy card' (or 'buy quest')" },
	{ "settle", "you found a village with 'found at SPOT'" },
	{ "recruit", "you get a knight with 'build knight at SPOT'" },
	{ "quit", "you leave the game with 'resign'" },
	{ "surrender", "you leave the game with 'resign'" },
};

/* Expect the keyword w after the previous word. */
static int
expect(struct lex *lx, const char *w, const char *unused,
    struct rules_error *err)
{
	char got[64], after[64];

	(void)unused;
	if (lx->i < lx->n && tok_is(&lx->t[lx->i], w)) {
		lx->i++;
		return 0;
	}
	tok_str(&lx->t[lx->i - 1], after, sizeof after);
	if (lx->i >= lx->n)
		return tg_refuse(err, RULES_EPARSE,
		    "the order ends after '%s': expected '%s'", after, w);
	tok_str(&lx->t[lx->i], got, sizeof got);
	if (strcmp(w, "from") == 0 && number(lx, &(int){ 0 }) == 0) {
		lx->i--;
		return tg_refuse(err, RULES_EPARSE,
		    "knights come before scouts in an army: expected 'from' after '%s', not '%s'",
		    after, got);
	}
	tg_refuse(err, RULES_EPARSE, "expected '%s' after '%s', not '%s'", w,
	    after, got);
	return hint(err, got, &w, 1);
}

static int
spot_lookup(const struct tg_data *d, const char *s, int len)
{
	for (int i = 0; i < d->nspots; i++) {
		const char *n = d->spots[i].name;

		if (n[0] == s[0] && strncmp(n, s, (size_t)len) == 0 &&
		    n[len] == '\0')
			return i;
	}
	return -1;
}

static int
spot(const struct tg_data *d, struct lex *lx, const char *after, int *out,
    struct rules_error *err)
{
	const char *names[TG_MAX_SPOTS];
	char got[64];
	const struct tok *t;

	if (lx->i >= lx->n)
		return tg_refuse(err, RULES_EPARSE,
		    "the order ends after '%s': expected a spot", after);
	t = &lx->t[lx->i];
	if (t->len < TG_NAME_MAX && (*out = spot_lookup(d, t->s, t->len)) >= 0) {
		lx->i++;
		return 0;
	}
	tok_str(t, got, sizeof got);
	tg_refuse(err, RULES_EPARSE, "unknown spot '%s'", got);
	for (int i = 0; i < d->nspots; i++)
		names[i] = d->spots[i].name;
	return hint(err, got, names, d->nspots);
}

static int
number(struct lex *lx, int *out)
{
	const struct tok *t;
	int v = 0;

	if (lx->i >= lx->n)
		return -1;
	t = &lx->t[lx->i];
	if (t->len < 1 || t->len > 3 || (t->s[0] == '0'))
		return -1;
	for (int k = 0; k < t->len; k++) {
		if (t->s[k] < '0' || t->s[k] > '9')
			return -1;
		v = v * 10 + t->s[k] - '0';
	}
	if (v > 255)
		return -1;
	lx->i++;
	*out = v;
	return 0;
}

/* army = count knights [count scouts] / count scouts */
static int
army(struct lex *lx, const char *after, struct tg_action *a,
    struct rules_error *err)
{
	static const char *const nouns[] = {
		"knight", "knights", "scout", "scouts"
	};
	int seen_k = 0, seen_s = 0;
	char got[64];

	a->n = a->s = 0;
	for (;;) {
		int v, start = lx->i;
		const struct tok *t;

		if (number(lx, &v) < 0) {
			if (seen_k || seen_s) {
				lx->i = start;
				return 0;
			}
			if (lx->i >= lx->n)
				return tg_refuse(err, RULES_EPARSE,
				    "the order ends after '%s': expected a number of knights or scouts",
				    after);
			tok_str(&lx->t[lx->i], got, sizeof got);
			return tg_refuse(err, RULES_EPARSE,
			    "expected a number of knights or scouts after '%s', not '%s'",
			    after, got);
		}
		if (lx->i >= lx->n)
			return tg_refuse(err, RULES_EPARSE,
			    "the order ends after the number %d: expected 'knights' or 'scouts'",
			    v);
		t = &lx->t[lx->i];
		if (!seen_k && !seen_s && (tok_is(t, "knight") ||
		    tok_is(t, "knights"))) {
			seen_k = 1;
			a->n = (uint8_t)v;
		} else if (!seen_s && (tok_is(t, "scout") ||
		    tok_is(t, "scouts"))) {
			seen_s = 1;
			a->s = (uint8_t)v;
		} else {
			tok_str(t, got, sizeof got);
			tg_refuse(err, RULES_EPARSE,
			    "expected 'knights' or 'scouts' after the number %d, not '%s'",
			    v, got);
			return hint(err, got, nouns, 4);
		}
		lx->i++;
		if (seen_s)
			return 0;
	}
}

static int
losses(struct lex *lx, struct tg_action *a, struct rules_error *err)
{
	static const char *const kinds[] = { "knights", "scouts", "boats" };
	uint8_t list[3];
	int n = 0, used = 0;
	const struct tok *t;
	const char *p, *end;

	a->order = TG_L_KSB;
	if (lx->i >= lx->n || !tok_is(&lx->t[lx->i], "losses"))
		return 0;
	lx->i++;
	if (lx->i >= lx->n)
		return tg_refuse(err, RULES_EPARSE,
		    "the order ends after 'losses': expected knights, scouts or boats");
	t = &lx->t[lx->i++];
	p = t->s;
	end = t->s + t->len;
	while (p < end) {
		const char *q = memchr(p, ',', (size_t)(end - p));
		int len, k;
		char got[64];

		if (q == NULL)
			q = end;
		len = (int)(q - p);
		for (k = 0; k < 3; k++)
			if ((size_t)len == strlen(kinds[k]) &&
			    memcmp(p, kinds[k], (size_t)len) == 0)
				break;
		snprintf(got, sizeof got, "%.*s", len, p);
		if (k == 3) {
			tg_refuse(err, RULES_EPARSE,
			    "unknown kind '%s' in the losses (knights, scouts or boats)",
			    got);
			return hint(err, got, kinds, 3);
		}
		if (used & (1 << k))
			return tg_refuse(err, RULES_EPARSE,
			    "'%s' named twice in the losses", got);
		used |= 1 << k;
		list[n++] = (uint8_t)k;
		p = q + 1;
		if (q == end)
			break;
		if (p == end)
			return tg_refuse(err, RULES_EPARSE,
			    "the losses end with a comma");
	}
	for (int k = 0; k < 3; k++)
		if (!(used & (1 << k)))
			list[n++] = (uint8_t)k;
	if (a->kind != TG_A_SAIL) {
		/* No boats in a land army: only knights vs scouts counts. */
		a->order = list[0] == 1 || (list[0] == 2 && list[1] == 1) ?
		    TG_L_SKB : TG_L_KSB;
		return 0;
	}
	for (int o = 0; o < TG_L_N; o++)
		if (memcmp(perm[o], list, 3) == 0)
			a->order = (uint8_t)o;
	return 0;
}

/* A play-card slug; *out its type. */
static int
card_word(struct lex *lx, const char *after, int *out, struct rules_error *err)
{
	const char *slugs[TG_CARD_TYPES];
	char got[64];
	const struct tok *t;

	if (lx->i >= lx->n)
		return tg_refuse(err, RULES_EPARSE,
		    "the order ends after '%s': expected a card", after);
	t = &lx->t[lx->i];
	if ((*out = tg_card_find(t->s, (size_t)t->len)) >= 0) {
		lx->i++;
		return 0;
	}
	tok_str(t, got, sizeof got);
	tg_refuse(err, RULES_EPARSE, "unknown card '%s'", got);
	for (int i = 0; i < TG_CARD_TYPES; i++)
		slugs[i] = tg_cards[i].slug;
	return hint(err, got, slugs, TG_CARD_TYPES);
}

static int
color_word(struct lex *lx, const char *after, int *out,
    struct rules_error *err)
{
	char got[64];

	if (lx->i >= lx->n)
		return tg_refuse(err, RULES_EPARSE,
		    "the order ends after '%s': expected a color", after);
	tok_str(&lx->t[lx->i], got, sizeof got);
	if ((*out = tg_color_find(got)) < 0) {
		tg_refuse(err, RULES_EPARSE, "unknown color '%s'", got);
		return hint(err, got, tg_color_name, TG_COLORS);
	}
	lx->i++;
	return 0;
}

/* coins = count SP coin *(SP count SP coin), each kind once. */
static int
coins(struct lex *lx, const char *after, int v[3], struct rules_error *err)
{
	static const char *const kinds[] = { "copper", "silver", "gold" };
	int seen = 0;

	v[0] = v[1] = v[2] = 0;
	for (;;) {
		int n, k, start = lx->i;
		char got[64];

		if (number(lx, &n) < 0) {
			if (seen)
				return 0;
			if (lx->i >= lx->n)
				return tg_refuse(err, RULES_EPARSE,
				    "the order ends after '%s': expected coins (N copper, N silver, N gold)",
				    after);
			tok_str(&lx->t[lx->i], got, sizeof got);
			return tg_refuse(err, RULES_EPARSE,
			    "expected coins after '%s', not '%s'", after, got);
		}
		if (lx->i >= lx->n)
			return tg_refuse(err, RULES_EPARSE,
			    "the order ends after the number %d: expected copper, silver or gold",
			    n);
		for (k = 0; k < 3; k++)
			if (tok_is(&lx->t[lx->i], kinds[k]))
				break;
		if (k == 3) {
			if (seen) {
				lx->i = start;
				return 0;
			}
			tok_str(&lx->t[lx->i], got, sizeof got);
			tg_refuse(err, RULES_EPARSE,
			    "expected copper, silver or gold after %d, not '%s'",
			    n, got);
			return hint(err, got, kinds, 3);
		}
		if (seen & (1 << k))
			return tg_refuse(err, RULES_EPARSE,
			    "%s named twice", kinds[k]);
		seen |= 1 << k;
		v[k] = n;
		lx->i++;
	}
}

/* The arguments of "play SLUG" / "choose SLUG" (see tg_card_args). */
static int
card_args(const struct tg_data *d, struct lex *lx, struct tg_action *a,
    struct rules_error *err)
{
	const char *slug = tg_cards[a->x].slug;
	int shape = tg_card_args(a->kind, a->x), rc, v, cv[3];

	switch (shape) {
	case TG_PA_SPOT_FIG:
		if (a->kind == TG_A_CHOOSE) {
			if (number(lx, &v) < 0)
				return tg_refuse(err, RULES_EPARSE,
				    "expected a number after '%s'", slug);
			a->fig = (uint8_t)v;
		} else {
			static const char *const what[] = {
				"knight", "scout", "boat"
			};
			int f;

			for (f = 0; f < 3 && lx->i < lx->n; f++)
				if (tok_is(&lx->t[lx->i], what[f]))
					break;
			if (f >= 3 || lx->i >= lx->n)
				return tg_refuse(err, RULES_EPARSE,
				    "expected knight, scout or boat after '%s'",
				    slug);
			a->fig = (uint8_t)f;
			lx->i++;
			/* Overloper on a river path: between A and B. */
			if (lx->i < lx->n && tok_is(&lx->t[lx->i], "between")) {
				lx->i++;
				if ((rc = spot(d, lx, "between", &v, err)) != 0)
					return rc;
				a->a = (uint8_t)v;
				if ((rc = expect(lx, "and", slug, err)) != 0)
					return rc;
				if ((rc = spot(d, lx, "and", &v, err)) != 0)
					return rc;
				a->b = (uint8_t)v;
				a->s = 1;
				return 0;
			}
		}
		/* FALLTHROUGH */
	case TG_PA_SPOT:
		if ((rc = expect(lx, "at", slug, err)) != 0)
			return rc;
		if ((rc = spot(d, lx, "at", &v, err)) != 0)
			return rc;
		a->a = (uint8_t)v;
		return 0;
	case TG_PA_COLOR:
	case TG_PA_COLOR_COINS:
		if ((rc = expect(lx, "from", slug, err)) != 0)
			return rc;
		if ((rc = color_word(lx, "from", &v, err)) != 0)
			return rc;
		a->b = (uint8_t)v;
		/* Diefstal from a player without coins takes nothing. */
		if (shape == TG_PA_COLOR || lx->i >= lx->n)
			return 0;
		/* FALLTHROUGH */
	case TG_PA_COINS:
		if ((rc = coins(lx, slug, cv, err)) != 0)
			return rc;
		a->n = (uint8_t)cv[0];
		a->s = (uint8_t)cv[1];
		a->order = (uint8_t)cv[2];
		return 0;
	case TG_PA_NONE:
		return 0;
	default:
		if (a->kind == TG_A_CHOOSE)
			return tg_refuse(err, RULES_REFUSED,
			    "%s asks for no choice", slug);
		return tg_refuse(err, RULES_REFUSED,
		    "%s is not played with 'play'%s", slug,
		    tg_cards[a->x].flags & TG_CF_BATTLE ?
		    " (a battle card: name it with the attack, or when asked to defend)" :
		    tg_cards[a->x].flags & TG_CF_PROTECTION ?
		    " (a protection card shields while held)" :
		    " (a negative card acts when drawn)");
	}
}

/* [SP "with" SP card *(SP "and" SP card)]: battle cards as bits. */
static int
battle_cards(struct lex *lx, int defend, uint8_t *x, struct rules_error *err)
{
	*x = 0;
	if (lx->i >= lx->n || !tok_is(&lx->t[lx->i], "with"))
		return 0;
	lx->i++;
	for (;;) {
		int t, rc, bit;

		if ((rc = card_word(lx, "with", &t, err)) != 0)
			return rc;
		bit = t == TG_CARD_CAVALERIE ? 1 :
		    t == TG_CARD_VERDEDIGINGSTOREN ? 2 :
		    t == TG_CARD_HINDERLAAG && defend ? 4 : 0;
		if (bit == 0)
			return tg_refuse(err, RULES_EPARSE,
			    "%s is no battle card %s", tg_cards[t].slug,
			    defend ? "to defend with (cavalerie, verdedigingstoren, hinderlaag; vluchten: flee to SPOT)" :
			    "for an attack (cavalerie, verdedigingstoren)");
		if (*x & bit)
			return tg_refuse(err, RULES_EPARSE, "%s named twice",
			    tg_cards[t].slug);
		*x = (uint8_t)(*x | bit);
		if (lx->i >= lx->n || !tok_is(&lx->t[lx->i], "and"))
			return 0;
		lx->i++;
	}
}

/* The verb of an order: its index in verbs[], or a refusal. */
static int
parse_verb(struct lex *lx, int *out, struct rules_error *err)
{
	char got[64];
	int k;

	for (k = 0; k < (int)(sizeof verbs / sizeof verbs[0]); k++)
		if (tok_is(&lx->t[0], verbs[k])) {
			*out = k;
			return 0;
		}
	tok_str(&lx->t[0], got, sizeof got);
	tg_refuse(err, RULES_EPARSE, "unknown order '%s'", got);
	for (size_t i = 0; i < sizeof natural / sizeof natural[0]; i++)
		if (strcasecmp(got, natural[i].word) == 0) {
			if (err != NULL)
				snprintf(err->hint, sizeof err->hint, "%s",
				    natural[i].hint);
			return RULES_EPARSE;
		}
	return hint(err, got, verbs, sizeof verbs / sizeof verbs[0]);
}

/* build knight|scout|boat at SPOT */
static int
parse_build(const struct tg_data *d, struct lex *lx, struct tg_action *a,
    struct rules_error *err)
{
	static const char *const what[] = { "knight", "scout", "boat" };
	char got[64];
	int f, rc, v;

	if (lx->i >= lx->n)
		return tg_refuse(err, RULES_EPARSE,
		    "the order ends after 'build': expected knight, scout or boat");
	for (f = 0; f < 3; f++)
		if (tok_is(&lx->t[lx->i], what[f]))
			break;
	if (f == 3) {
		tok_str(&lx->t[lx->i], got, sizeof got);
		tg_refuse(err, RULES_EPARSE,
		    "cannot build '%s' (knight, scout or boat)", got);
		return hint(err, got, what, 3);
	}
	a->fig = (uint8_t)f;
	lx->i++;
	if ((rc = expect(lx, "at", what[f], err)) != 0)
		return rc;
	if ((rc = spot(d, lx, "at", &v, err)) != 0)
		return rc;
	a->a = (uint8_t)v;
	return 0;
}

/* exchange copper|silver */
static int
parse_exchange(struct lex *lx, struct tg_action *a, struct rules_error *err)
{
	static const char *const what[] = { "copper", "silver" };
	char got[64];

	if (lx->i >= lx->n)
		return tg_refuse(err, RULES_EPARSE,
		    "the order ends after 'exchange': expected copper or silver");
	if (tok_is(&lx->t[lx->i], "copper"))
		a->fig = TG_COPPER;
	else if (tok_is(&lx->t[lx->i], "silver"))
		a->fig = TG_SILVER;
	else {
		tok_str(&lx->t[lx->i], got, sizeof got);
		tg_refuse(err, RULES_EPARSE,
		    "cannot exchange '%s' (copper or silver)", got);
		return hint(err, got, what, 2);
	}
	lx->i++;
	return 0;
}

/* move|cross ARMY from SPOT to SPOT ..., sail boat from SPOT to SPOT
 * [with ARMY] ..., then battle cards and the order of losses. */
static int
parse_route(const struct tg_data *d, struct lex *lx, int k,
    struct tg_action *a, struct rules_error *err)
{
	int rc, v;

	if (a->kind == TG_A_SAIL) {
		if ((rc = expect(lx, "boat", "sail", err)) != 0)
			return rc;
	} else if ((rc = army(lx, verbs[k], a, err)) != 0)
		return rc;
	if ((rc = expect(lx, "from", a->kind == TG_A_SAIL ? "boat" :
	    "the army", err)) != 0)
		return rc;
	if ((rc = spot(d, lx, "from", &v, err)) != 0)
		return rc;
	a->a = (uint8_t)v;
	if ((rc = expect(lx, "to", d->spots[v].name, err)) != 0)
		return rc;
	if ((rc = spot(d, lx, "to", &v, err)) != 0)
		return rc;
	a->b = (uint8_t)v;
	if (a->kind == TG_A_SAIL && lx->i + 1 < lx->n &&
	    tok_is(&lx->t[lx->i], "with") &&
	    lx->t[lx->i + 1].s[0] >= '0' && lx->t[lx->i + 1].s[0] <= '9') {
		lx->i++;
		if ((rc = army(lx, "with", a, err)) != 0)
			return rc;
	}
	if ((rc = battle_cards(lx, 0, &a->x, err)) != 0)
		return rc;
	return losses(lx, a, err);
}

/* found at SPOT */
static int
parse_found(const struct tg_data *d, struct lex *lx, struct tg_action *a,
    struct rules_error *err)
{
	int rc, v;

	if ((rc = expect(lx, "at", "found", err)) != 0)
		return rc;
	if ((rc = spot(d, lx, "at", &v, err)) != 0)
		return rc;
	a->a = (uint8_t)v;
	return 0;
}

/* place N knights at SPOT */
static int
parse_place(const struct tg_data *d, struct lex *lx, struct tg_action *a,
    struct rules_error *err)
{
	int rc, v;

	if (number(lx, &v) < 0)
		return tg_refuse(err, RULES_EPARSE,
		    "expected a number of knights after 'place'");
	a->n = (uint8_t)v;
	if (lx->i >= lx->n || !(tok_is(&lx->t[lx->i], "knights") ||
	    tok_is(&lx->t[lx->i], "knight")))
		return tg_refuse(err, RULES_EPARSE,
		    "expected 'knights' after 'place %d'", v);
	lx->i++;
	if ((rc = expect(lx, "at", "knights", err)) != 0)
		return rc;
	if ((rc = spot(d, lx, "at", &v, err)) != 0)
		return rc;
	a->a = (uint8_t)v;
	return 0;
}

/* buy card|quest */
static int
parse_buy(struct lex *lx, struct tg_action *a, struct rules_error *err)
{
	if (lx->i < lx->n && tok_is(&lx->t[lx->i], "card"))
		a->fig = 0;
	else if (lx->i < lx->n && tok_is(&lx->t[lx->i], "quest"))
		a->fig = 1;
	else
		return tg_refuse(err, RULES_EPARSE,
		    "buy what? 'buy card' (1 copper) or 'buy quest' (1 gold)");
	lx->i++;
	return 0;
}

/* offer COLOR swap N, or offer COLOR COINS for COINS */
static int
parse_offer(struct lex *lx, struct tg_action *a, struct rules_error *err)
{
	int cv[3], rc, v;

	if ((rc = color_word(lx, "offer", &v, err)) != 0)
		return rc;
	a->b = (uint8_t)v;
	if (lx->i < lx->n && tok_is(&lx->t[lx->i], "swap")) {
		lx->i++;
		if (number(lx, &v) < 0)
			return tg_refuse(err, RULES_EPARSE,
			    "swap N: the number of your card in your view of the hand");
		a->a = (uint8_t)v;
		a->x = 0xff;
		return 0;
	}
	if ((rc = coins(lx, tg_color_name[a->b], cv, err)) != 0)
		return rc;
	a->n = (uint8_t)cv[0];
	a->s = (uint8_t)cv[1];
	a->order = (uint8_t)cv[2];
	if ((rc = expect(lx, "for", "coins", err)) != 0)
		return rc;
	if ((rc = coins(lx, "for", cv, err)) != 0)
		return rc;
	a->a = (uint8_t)cv[0];
	a->fig = (uint8_t)cv[1];
	a->x = (uint8_t)cv[2];
	return 0;
}

/* accept [giving N] */
static int
parse_accept(struct lex *lx, struct tg_action *a, struct rules_error *err)
{
	int v;

	if (lx->i < lx->n && tok_is(&lx->t[lx->i], "giving")) {
		lx->i++;
		if (number(lx, &v) < 0)
			return tg_refuse(err, RULES_EPARSE,
			    "accept giving N: the number of your card in your view of the hand");
		a->a = (uint8_t)v;
	}
	return 0;
}

/* defend [CARDS], or flee to SPOT (Vluchten) */
static int
parse_defend(const struct tg_data *d, struct lex *lx, int k,
    struct tg_action *a, struct rules_error *err)
{
	int rc, v;

	if (k == 19) {	/* flee to SPOT: Vluchten */
		if ((rc = expect(lx, "to", "flee", err)) != 0)
			return rc;
		if ((rc = spot(d, lx, "to", &v, err)) != 0)
			return rc;
		a->a = (uint8_t)v;
		a->fig = 1;
		return 0;
	}
	return battle_cards(lx, 1, &a->x, err);
}

/* What follows the verb verbs[k] of an order of kind a->kind. */
static int
parse_args(const struct tg_data *d, struct lex *lx, int k,
    struct tg_action *a, struct rules_error *err)
{
	int rc, v;

	switch (a->kind) {
	case TG_A_BUILD:
		return parse_build(d, lx, a, err);
	case TG_A_EXCHANGE:
		return parse_exchange(lx, a, err);
	case TG_A_MOVE:
	case TG_A_CROSS:
	case TG_A_SAIL:
		return parse_route(d, lx, k, a, err);
	case TG_A_FOUND:
		return parse_found(d, lx, a, err);
	case TG_A_PLACE:
		return parse_place(d, lx, a, err);
	case TG_A_BUY:
		return parse_buy(lx, a, err);
	case TG_A_PLAY:
	case TG_A_CHOOSE:
		if ((rc = card_word(lx, verbs[k], &v, err)) != 0)
			return rc;
		a->x = (uint8_t)v;
		return card_args(d, lx, a, err);
	case TG_A_TAKE:
		if (number(lx, &v) < 0)
			return tg_refuse(err, RULES_EPARSE,
			    "take N: the number of the card in your view of the hand");
		a->a = (uint8_t)v;
		return 0;
	case TG_A_OFFER:
		return parse_offer(lx, a, err);
	case TG_A_ACCEPT:
		return parse_accept(lx, a, err);
	case TG_A_DEFEND:
		return parse_defend(d, lx, k, a, err);
	default:
		return 0;
	}
}

int
tg_parse(const struct tg_data *d, const struct tg_state *st, int seat,
    const char *text, size_t len, struct tg_action *a,
    struct rules_error *err)
{
	struct lex lx;
	char got[64];
	int rc, k;

	(void)st;
	(void)seat;
	memset(a, 0, sizeof *a);
	if (err != NULL)
		err->hint[0] = '\0';
	if ((rc = tg_sealed_parse(text, len, a, err)) != 0)	/* sealed.c */
		return rc > 0 ? 0 : rc;
	if ((rc = tokenize(&lx, text, len, err)) != 0)
		return rc;
	if (lx.n == 0)
		return tg_refuse(err, RULES_EPARSE, "empty order");
	if ((rc = parse_verb(&lx, &k, err)) != 0)
		return rc;
	a->kind = verb_kind[k];
	lx.i = 1;
	if ((rc = parse_args(d, &lx, k, a, err)) != 0)
		return rc;
	if (lx.i < lx.n) {
		tok_str(&lx.t[lx.i], got, sizeof got);
		return tg_refuse(err, RULES_EPARSE,
		    "unexpected '%s' after the end of the order", got);
	}
	return 0;
}

static int
put_army(char *buf, size_t n, int kn, int sc)
{
	if (kn > 0 && sc > 0)
		return snprintf(buf, n, "%d %s %d %s", kn,
		    kn == 1 ? "knight" : "knights", sc, sc == 1 ? "scout" :
		    "scouts");
	if (kn > 0)
		return snprintf(buf, n, "%d %s", kn, kn == 1 ? "knight" :
		    "knights");
	return snprintf(buf, n, "%d %s", sc, sc == 1 ? "scout" : "scouts");
}

/* "2 copper 1 gold" (kinds of 0 left out; at least one is named). */
static void
put_coins(char *buf, size_t n, int c, int s, int g)
{
	const int v[3] = { c, s, g };
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < 3; k++)
		if (v[k] > 0 && len < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%d %s",
			    len ? " " : "", v[k], tg_coin_name[k]);
	if (len == 0)
		snprintf(buf, n, "0 copper");
}

/* " with cavalerie and verdedigingstoren" from attack/defence bits. */
static void
put_cards(char *buf, size_t n, int x, int defend)
{
	static const uint8_t card[3] = {
		TG_CARD_CAVALERIE, TG_CARD_VERDEDIGINGSTOREN, TG_CARD_HINDERLAAG
	};
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < (defend ? 3 : 2); k++)
		if ((x & (1 << k)) && len < n)
			len += (size_t)snprintf(buf + len, n - len, " %s %s",
			    len ? "and" : "with", tg_cards[card[k]].slug);
}

static int
format_card(const struct tg_data *d, const struct tg_action *a, char *buf,
    size_t n)
{
	static const char *const what[] = { "knight", "scout", "boat" };
	const char *verb = a->kind == TG_A_PLAY ? "play" : "choose";
	const char *slug = a->x < TG_CARD_TYPES ? tg_cards[a->x].slug : "?";
	const char *spot_s = a->a < d->nspots ? d->spots[a->a].name : "?";
	const char *col = a->b < TG_COLORS ? tg_color_name[a->b] : "?";
	char cv[48];

	put_coins(cv, sizeof cv, a->n, a->s, a->order);
	switch (a->x < TG_CARD_TYPES ? tg_card_args(a->kind, a->x) : -1) {
	case TG_PA_SPOT:
		return snprintf(buf, n, "%s %s at %s", verb, slug, spot_s);
	case TG_PA_SPOT_FIG:
		if (a->kind == TG_A_CHOOSE)
			return snprintf(buf, n, "choose %s %d at %s", slug,
			    a->fig, spot_s);
		if (a->s)
			return snprintf(buf, n, "play %s %s between %s and %s",
			    slug, a->fig < 3 ? what[a->fig] : "?", spot_s,
			    a->b < d->nspots ? d->spots[a->b].name : "?");
		return snprintf(buf, n, "play %s %s at %s", slug,
		    a->fig < 3 ? what[a->fig] : "?", spot_s);
	case TG_PA_COINS:
		return snprintf(buf, n, "%s %s %s", verb, slug, cv);
	case TG_PA_COLOR:
		return snprintf(buf, n, "%s %s from %s", verb, slug, col);
	case TG_PA_COLOR_COINS:
		if (a->n + a->s + a->order == 0)
			return snprintf(buf, n, "%s %s from %s", verb, slug,
			    col);
		return snprintf(buf, n, "%s %s from %s %s", verb, slug, col,
		    cv);
	default:
		return snprintf(buf, n, "%s %s", verb, slug);
	}
}

/* A spot's name, or "?" for an index out of range (any action formats). */
static const char *
spot_name(const struct tg_data *d, int i)
{
	return i >= 0 && i < d->nspots ? d->spots[i].name : "?";
}

int
tg_format(const struct tg_data *d, const struct tg_action *a, char *buf,
    size_t n)
{
	static const char *const kinds[] = { "knights", "scouts", "boats" };
	char army_s[64], loss[40], cards[64];

	loss[0] = '\0';
	if (a->order != TG_L_KSB && a->order < TG_L_N) {
		if (a->kind == TG_A_SAIL)
			snprintf(loss, sizeof loss, " losses %s,%s,%s",
			    kinds[perm[a->order][0]], kinds[perm[a->order][1]],
			    kinds[perm[a->order][2]]);
		else
			snprintf(loss, sizeof loss, " losses scouts,knights");
	}
	switch (a->kind) {
	case TG_A_BUILD:
		return snprintf(buf, n, "build %s at %s", tg_fig_name[a->fig],
		    spot_name(d, a->a));
	case TG_A_EXCHANGE:
		return snprintf(buf, n, "exchange %s", tg_coin_name[a->fig]);
	case TG_A_MOVE:
	case TG_A_CROSS:
		put_army(army_s, sizeof army_s, a->n, a->s);
		put_cards(cards, sizeof cards, a->x, 0);
		return snprintf(buf, n, "%s %s from %s to %s%s%s",
		    a->kind == TG_A_MOVE ? "move" : "cross", army_s,
		    spot_name(d, a->a), spot_name(d, a->b), cards, loss);
	case TG_A_SAIL:
		put_cards(cards, sizeof cards, a->x, 0);
		if (a->n + a->s > 0) {
			put_army(army_s, sizeof army_s, a->n, a->s);
			return snprintf(buf, n, "sail boat from %s to %s with %s%s%s",
			    spot_name(d, a->a), spot_name(d, a->b), army_s,
			    cards, loss);
		}
		return snprintf(buf, n, "sail boat from %s to %s%s%s",
		    spot_name(d, a->a), spot_name(d, a->b), cards, loss);
	case TG_A_FOUND:
		return snprintf(buf, n, "found at %s", spot_name(d, a->a));
	case TG_A_PLACE:
		return snprintf(buf, n, "place %d %s at %s", a->n,
		    a->n == 1 ? "knight" : "knights", spot_name(d, a->a));
	case TG_A_CROWN:
		return snprintf(buf, n, "crown");
	case TG_A_END:
		return snprintf(buf, n, "end");
	case TG_A_RESIGN:
		return snprintf(buf, n, "resign");
	case TG_A_BUY:
		return snprintf(buf, n, "buy %s", a->fig ? "quest" : "card");
	case TG_A_PLAY:
	case TG_A_CHOOSE:
		return format_card(d, a, buf, n);
	case TG_A_TAKE:
		return snprintf(buf, n, "take %d", a->a);
	case TG_A_SHOW:
		return snprintf(buf, n, "show %d", a->a);
	case TG_A_OFFER: {
		char g[48], k[48];

		if (a->x == 0xff)
			return snprintf(buf, n, "offer %s swap %d",
			    a->b < TG_COLORS ? tg_color_name[a->b] : "?", a->a);
		put_coins(g, sizeof g, a->n, a->s, a->order);
		put_coins(k, sizeof k, a->a, a->fig, a->x);
		return snprintf(buf, n, "offer %s %s for %s",
		    a->b < TG_COLORS ? tg_color_name[a->b] : "?", g, k);
	}
	case TG_A_ACCEPT:
		if (a->a)
			return snprintf(buf, n, "accept giving %d", a->a);
		return snprintf(buf, n, "accept");
	case TG_A_DECLINE:
		return snprintf(buf, n, "decline");
	case TG_A_WITHDRAW:
		return snprintf(buf, n, "withdraw");
	case TG_A_DEFEND:
		if (a->fig)
			return snprintf(buf, n, "flee to %s", spot_name(d, a->a));
		put_cards(army_s, sizeof army_s, a->x, 1);
		return snprintf(buf, n, "defend%s", army_s);
	default:
		return snprintf(buf, n, "?");
	}
}
