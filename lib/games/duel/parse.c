/*
 * parse.c -- the order language of Catan: het Duel (duel-rules(7), ORDER LANGUAGE).
 * Words are separated by blanks and compared in lower case; Dutch
 * resource names are accepted as aliases; du_format() writes the
 * canonical form that legal() lists and the save file carries.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wordwise.h"
#include "games/duel/parse.h"

#define MAXW 40
#define WLEN 40

struct words {
	int n, i;
	char w[MAXW][WLEN];
	uint8_t len[MAXW];
};

/*
 * Words separated by blanks (space, tab), lower-cased; a NUL or line
 * end, or a word of WLEN - 1 bytes or more, fails.  A replay splits
 * every order of a save file, so the bytes go eight at a time while
 * they are printable ASCII (0x21-0x7f); a byte outside that range ends
 * the run and is seen one at a time, as are the last bytes of the text.
 */
static int
split(const char *text, size_t len, struct words *ws)
{
	const unsigned char *t = (const unsigned char *)text;
	size_t i = 0;

	ws->n = ws->i = 0;
	while (i < len) {
		size_t k = 0;
		char *w;

		while (i < len && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i == len)
			break;
		if (ws->n == MAXW)
			return -1;
		w = ws->w[ws->n];
		while (i < len) {
			unsigned c;

#ifdef WORDWISE
			if (i + 8 <= len && k + 8 < WLEN) {
				/* (0x7f ends a run too, and is then taken
				   one at a time below, as any other byte) */
				int run = ww_word8(t + i, w + k);

				k += (size_t)run;
				i += (size_t)run;
				if (run == 8)
					continue;
			}
#endif
			c = t[i];
			if (c == ' ' || c == '\t')
				break;
			if (c == '\0' || c == '\n' || c == '\r' || k + 1 >= WLEN)
				return -1;
			/* ASCII only: every word of the language is */
			w[k++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
			i++;
		}
		ws->len[ws->n] = (uint8_t)k;
		ws->w[ws->n++][k] = '\0';
	}
	return 0;
}

static const char *
peek(const struct words *ws)
{
	return ws->i < ws->n ? ws->w[ws->i] : "";
}

/* strlen(peek(ws)) */
static size_t
peek_len(const struct words *ws)
{
	return ws->i < ws->n ? ws->len[ws->i] : 0;
}

static int
word(struct words *ws, const char *w)
{
	if (ws->i < ws->n && ws->w[ws->i][0] == w[0] &&
	    strcmp(ws->w[ws->i], w) == 0) {
		ws->i++;
		return 1;
	}
	return 0;
}

static int
number(struct words *ws, int max, uint8_t *out)
{
	const char *s = peek(ws);
	int v = 0;

	if (!isdigit((unsigned char)s[0]) || peek_len(ws) > 2)
		return 0;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s))
			return 0;
		v = v * 10 + (*s - '0');
	}
	if (v > max)
		return 0;
	*out = (uint8_t)v;
	ws->i++;
	return 1;
}

static int
cell(struct words *ws, uint8_t *out)
{
	const char *s = peek(ws);

	if (peek_len(ws) != 2 || s[0] < 'a' || s[0] > 'y' || s[1] < '1' ||
	    s[1] > '5')
		return 0;
	*out = DU_CELL(s[0] - 'a', s[1] - '1');
	ws->i++;
	return 1;
}

static int
kind(struct words *ws, uint8_t *out)
{
	const char *s = peek(ws);
	int r = du_res_find(s, peek_len(ws));

	if (r < 0)
		return 0;
	*out = (uint8_t)r;
	ws->i++;
	return 1;
}

/* gain = kind [at cell] */
static int
gain(struct words *ws, uint8_t *k, uint8_t *at)
{
	if (!kind(ws, k))
		return 0;
	*at = 0xff;
	if (word(ws, "at") && !cell(ws, at))
		return 0;
	return 1;
}

static int
paying(struct words *ws, struct du_action *a)
{
	if (!word(ws, "paying"))
		return 1;
	while (a->npay < DU_PAY_MAX && cell(ws, &a->pay[a->npay]))
		a->npay++;
	return a->npay > 0;
}

static int
stack(struct words *ws, uint8_t *out)
{
	return word(ws, "stack") && number(ws, 99, out);
}

static int
card(struct words *ws, uint8_t *out)
{
	return word(ws, "card") && number(ws, 99, out);
}

static int
region(const struct du_data *d, struct words *ws, uint8_t *out)
{
	const char *s = peek(ws), *dash = strchr(s, '-');
	int k, num;

	if (dash == NULL || dash[1] < '1' || dash[1] > '6' || dash[2] != '\0')
		return 0;
	if ((k = du_rkind_find(d, s, (size_t)(dash - s))) < 0)
		return 0;
	num = dash[1] - '0';
	for (int r = 0; r < d->nregions; r++)
		if (d->region[r].kind == k && d->region[r].number == num) {
			*out = (uint8_t)r;
			ws->i++;
			return 1;
		}
	return 0;
}

void
du_action_init(struct du_action *a, int verb)
{
	memset(a, 0, sizeof *a);
	a->verb = (uint8_t)verb;
	a->at[0] = a->at[1] = 0xff;
}

/* "handelsmeester" | "rooftocht" | "handelaar", then KIND ["and" KIND],
 * and for handelaar "give" KIND (DU19.1-DU19.4); "dounya" (DU19.5). */
static int
parse_steal(struct words *ws, struct du_action *a)
{
	static const char *const slug[] = { "handelsmeester", "handelaar",
	    "rooftocht", "dounya" };
	static const uint8_t fx[] = { DU_FX_MASTER_MERCHANT, DU_FX_TRADER,
	    DU_FX_RAID, DU_FX_DOUNYA };
	int i;

	for (i = 0; i < 4 && !word(ws, slug[i]); i++)
		;
	if (i == 4)
		return 0;
	du_action_init(a, DU_A_STEAL);
	a->n[0] = fx[i];
	if (fx[i] == DU_FX_DOUNYA)
		return 1;	/* DU19.5: the gold is counted */
	a->n[1] = 1;
	if (!kind(ws, &a->kind[0]))
		return 0;
	if (word(ws, "and")) {
		if (!kind(ws, &a->kind[1]))
			return 0;
		a->n[1] = 2;
		if (a->kind[1] < a->kind[0]) {	/* one text an order */
			uint8_t t = a->kind[0];

			a->kind[0] = a->kind[1];
			a->kind[1] = t;
		}
	}
	if (fx[i] == DU_FX_TRADER)
		return word(ws, "give") && kind(ws, &a->kind[2]);
	return 1;
}

/* play = "play" (marileen N | goudsmid ... | karavaan ... | verhuizing
 * CELL CELL), after "play" (DU12). */
static int
parse_play(struct words *ws, struct du_action *a)
{
	if (word(ws, "marileen")) {
		du_action_init(a, DU_A_MARILEEN);
		return number(ws, 9, &a->n[0]);
	}
	if (word(ws, "goudsmid")) {
		du_action_init(a, DU_A_GOLDSMITH);
		return word(ws, "for") && gain(ws, &a->kind[0], &a->at[0]) &&
		    word(ws, "and") && gain(ws, &a->kind[1], &a->at[1]) &&
		    paying(ws, a);
	}
	if (word(ws, "karavaan")) {
		du_action_init(a, DU_A_CARAVAN);
		return kind(ws, &a->kind[0]) && word(ws, "and") &&
		    kind(ws, &a->kind[1]) && word(ws, "for") &&
		    gain(ws, &a->kind[2], &a->at[0]) && word(ws, "and") &&
		    gain(ws, &a->kind[3], &a->at[1]) && paying(ws, a);
	}
	if (word(ws, "verhuizing")) {
		du_action_init(a, DU_A_RELOCATION);
		return cell(ws, &a->cell[0]) && cell(ws, &a->cell[1]);
	}
	return parse_steal(ws, a);
}

/* build = "build" (road | settlement) side [with verkenner] [paying] |
 * "build" city at CELL | "build" EXPANSION at CELL, after "build". */
static int
parse_build(const struct du_data *d, struct words *ws, struct du_action *a)
{
	if (word(ws, "road"))
		du_action_init(a, DU_A_BUILD_ROAD);
	else if (word(ws, "settlement"))
		du_action_init(a, DU_A_BUILD_SETTLEMENT);
	else if (word(ws, "city")) {
		du_action_init(a, DU_A_BUILD_CITY);
		return word(ws, "at") && cell(ws, &a->cell[0]) &&
		    paying(ws, a);
	} else {
		int k = du_card_find(d, peek(ws));

		if (k < 0 || !DU_IS_EXPANSION(d->card[k].kind))
			return 0;
		ws->i++;
		du_action_init(a, DU_A_BUILD_EXP);
		a->slug = (uint8_t)k;
		return word(ws, "at") && cell(ws, &a->cell[0]) &&
		    paying(ws, a);
	}
	if (word(ws, "left"))
		a->side = 0;
	else if (word(ws, "right"))
		a->side = 1;
	else
		return 0;
	if (a->verb == DU_A_BUILD_SETTLEMENT && word(ws, "with")) {
		if (!word(ws, "verkenner"))
			return 0;
		a->scout = 1;
	}
	return paying(ws, a);
}

/* trade = "trade" (3 | 2) kind "for" gain | "trade 2 from" CELL "for"
 * gain, after "trade" (DU11). */
static int
parse_trade(struct words *ws, struct du_action *a)
{
	du_action_init(a, DU_A_TRADE);
	if (word(ws, "2")) {
		if (word(ws, "from")) {
			a->verb = DU_A_TRADE_FROM;
			return cell(ws, &a->cell[0]) && word(ws, "for") &&
			    gain(ws, &a->kind[0], &a->at[0]);
		}
		a->n[0] = 2;
	} else if (word(ws, "3"))
		a->n[0] = 3;
	else if (word(ws, "1"))
		a->n[0] = 1;	/* DU19.9 */
	else
		return 0;
	return kind(ws, &a->kind[0]) && word(ws, "for") &&
	    gain(ws, &a->kind[1], &a->at[0]) && paying(ws, a);
}

/* exchange = "exchange card N under stack M" ("draw stack K" |
 * "search stack K" paying), after "exchange" (DU14.3, DU14.4). */
static int
parse_exchange(struct words *ws, struct du_action *a)
{
	du_action_init(a, DU_A_EXCHANGE_DRAW);
	if (!card(ws, &a->n[1]) || !word(ws, "under") ||
	    !stack(ws, &a->n[0]))
		return 0;
	if (word(ws, "draw"))
		return stack(ws, &a->n[2]);
	if (!word(ws, "search"))
		return 0;
	a->verb = DU_A_EXCHANGE_SEARCH;
	return stack(ws, &a->n[2]) && peek(ws)[0] && paying(ws, a);
}

/* put = "put card N under stack M" ["and card N under stack M"],
 * after "put". */
static int
parse_put(struct words *ws, struct du_action *a)
{
	du_action_init(a, DU_A_PUT);
	if (!card(ws, &a->n[0]) || !word(ws, "under") ||
	    !stack(ws, &a->n[1]))
		return 0;
	if (word(ws, "and"))
		return card(ws, &a->n[2]) && a->n[2] > 0 &&
		    word(ws, "under") && stack(ws, &a->n[3]);
	return 1;
}

/* prefer = "prefer" (none | kind...), distinct kinds (DU16.4). */
static int
parse_prefer(struct words *ws, struct du_action *a)
{
	du_action_init(a, DU_A_PREFER);
	if (word(ws, "none"))
		return 1;
	while (a->nkind < DU_RES && kind(ws, &a->kind[a->nkind])) {
		for (int i = 0; i < a->nkind; i++)
			if (a->kind[i] == a->kind[a->nkind])
				return 0;
		a->nkind++;
	}
	return a->nkind > 0;
}

static int
parse_words(const struct du_data *d, struct words *ws, struct du_action *a)
{
	if (word(ws, "start")) {
		du_action_init(a, DU_A_START);
		return stack(ws, &a->n[0]);
	}
	if (word(ws, "roll")) {
		du_action_init(a, DU_A_ROLL);
		return 1;
	}
	if (word(ws, "end")) {
		du_action_init(a, DU_A_END);
		return 1;
	}
	if (word(ws, "pass")) {
		du_action_init(a, DU_A_PASS);
		return 1;
	}
	if (word(ws, "resign")) {
		du_action_init(a, DU_A_RESIGN);
		return 1;
	}
	if (word(ws, "play")) {
		return parse_play(ws, a);
	}
	if (word(ws, "build")) {
		return parse_build(d, ws, a);
	}
	if (word(ws, "trade")) {
		return parse_trade(ws, a);
	}
	if (word(ws, "draw")) {
		du_action_init(a, DU_A_DRAW);
		return stack(ws, &a->n[0]);
	}
	if (word(ws, "show")) {		/* DU23.4 */
		du_action_init(a, DU_A_SHOW);
		return card(ws, &a->n[0]);
	}
	if (word(ws, "discard")) {
		du_action_init(a, DU_A_DISCARD);
		return card(ws, &a->n[1]) && word(ws, "under") &&
		    stack(ws, &a->n[0]);
	}
	if (word(ws, "exchange")) {
		return parse_exchange(ws, a);
	}
	if (word(ws, "take")) {
		du_action_init(a, DU_A_TAKE);
		if (!card(ws, &a->n[0]))
			return 0;
		/* DU18.6: take card A card B card C */
		if (peek(ws)[0] == '\0')
			return 1;
		return card(ws, &a->n[1]) && a->n[1] > 0 &&
		    card(ws, &a->n[2]) && a->n[2] > 0;
	}
	if (word(ws, "gain")) {
		du_action_init(a, DU_A_GAIN);
		return gain(ws, &a->kind[0], &a->at[0]);
	}
	if (word(ws, "buy")) {
		du_action_init(a, DU_A_BUY);
		return gain(ws, &a->kind[0], &a->at[0]) && paying(ws, a);
	}
	if (word(ws, "regions")) {
		du_action_init(a, DU_A_REGIONS);
		return region(d, ws, &a->region[0]) && region(d, ws, &a->region[1]);
	}
	if (word(ws, "select")) {
		du_action_init(a, DU_A_SELECT);
		a->ncell = 3;
		return cell(ws, &a->cell[0]) && cell(ws, &a->cell[1]) &&
		    cell(ws, &a->cell[2]);
	}
	if (word(ws, "remove")) {
		du_action_init(a, DU_A_REMOVE);
		if (!cell(ws, &a->cell[0]))
			return 0;
		/* DU19.7: a sunk ship names no stack */
		return !word(ws, "under") || stack(ws, &a->n[0]);
	}
	if (word(ws, "put")) {
		return parse_put(ws, a);
	}
	if (word(ws, "swap")) {
		du_action_init(a, DU_A_SWAP);
		return cell(ws, &a->cell[0]) && cell(ws, &a->cell[1]);
	}
	if (word(ws, "ready")) {
		du_action_init(a, DU_A_READY);
		return 1;
	}
	if (word(ws, "demolish")) {
		du_action_init(a, DU_A_DEMOLISH);
		return cell(ws, &a->cell[0]);
	}
	if (word(ws, "prefer")) {
		return parse_prefer(ws, a);
	}
	return 0;
}

int
du_parse(const struct du_data *d, const char *text, size_t len,
    struct du_action *a, struct rules_error *err)
{
	struct words ws;

	if (split(text, len, &ws) != 0 || ws.n == 0 ||
	    !parse_words(d, &ws, a) || ws.i != ws.n)
		return rules_refuse(err, RULES_EPARSE, "not an order of Catan: "
		    "het Duel: '%.*s' (see trigon help orders)",
		    (int)(len > 80 ? 80 : len), text);
	return 0;
}

/* ---- format -------------------------------------------------------------- */

struct out {
	char *buf;
	size_t n, len;
};

static void
put(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void
put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (o->len >= o->n)
		return;
	va_start(ap, fmt);
	w = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		o->len += (size_t)w;
	if (o->len >= o->n)
		o->len = o->n - 1;
}

static void
put_cell(struct out *o, uint8_t c)
{
	put(o, " %c%c", 'a' + DU_COL(c), '1' + DU_ROW(c));
}

static void
put_gain(struct out *o, uint8_t k, uint8_t at)
{
	put(o, " %s", du_res_names[k]);
	if (at != 0xff) {
		put(o, " at");
		put_cell(o, at);
	}
}

static void
put_paying(struct out *o, const struct du_action *a)
{
	if (a->npay == 0)
		return;
	put(o, " paying");
	for (int i = 0; i < a->npay; i++)
		put_cell(o, a->pay[i]);
}

/* The action cards' orders: "play CARD ..." (DU12, DU19.1-DU19.5). */
static void
put_play(struct out *o, const struct du_action *a)
{
	switch (a->verb) {
	case DU_A_MARILEEN:
		put(o, "play marileen %d", a->n[0]);
		break;
	case DU_A_GOLDSMITH:
		put(o, "play goudsmid for");
		put_gain(o, a->kind[0], a->at[0]);
		put(o, " and");
		put_gain(o, a->kind[1], a->at[1]);
		put_paying(o, a);
		break;
	case DU_A_CARAVAN:
		put(o, "play karavaan %s and %s for", du_res_names[a->kind[0]],
		    du_res_names[a->kind[1]]);
		put_gain(o, a->kind[2], a->at[0]);
		put(o, " and");
		put_gain(o, a->kind[3], a->at[1]);
		put_paying(o, a);
		break;
	case DU_A_STEAL:
		if (a->n[0] == DU_FX_DOUNYA) {
			put(o, "play dounya");
			break;
		}
		put(o, "play %s %s", a->n[0] == DU_FX_TRADER ? "handelaar" :
		    a->n[0] == DU_FX_RAID ? "rooftocht" : "handelsmeester",
		    du_res_names[a->kind[0] % DU_RES]);
		if (a->n[1] == 2)
			put(o, " and %s", du_res_names[a->kind[1] % DU_RES]);
		if (a->n[0] == DU_FX_TRADER)
			put(o, " give %s", du_res_names[a->kind[2] % DU_RES]);
		break;
	case DU_A_RELOCATION:
		put(o, "play verhuizing");
		put_cell(o, a->cell[0]);
		put_cell(o, a->cell[1]);
		break;
	default:
		break;
	}
}

void
du_format(const struct du_data *d, const struct du_action *a, char *buf,
    size_t n)
{
	struct out o = { buf, n, 0 };
	static const char *const side[2] = { "left", "right" };
	char r0[16], r1[16];

	buf[0] = '\0';
	switch (a->verb) {
	case DU_A_START:
		put(&o, "start stack %d", a->n[0]);
		break;
	case DU_A_ROLL:
		put(&o, "roll");
		break;
	case DU_A_MARILEEN:
		put_play(&o, a);
		break;
	case DU_A_BUILD_ROAD:
	case DU_A_BUILD_SETTLEMENT:
		put(&o, "build %s %s%s", a->verb == DU_A_BUILD_ROAD ? "road" :
		    "settlement", side[a->side & 1], a->scout ?
		    " with verkenner" : "");
		put_paying(&o, a);
		break;
	case DU_A_BUILD_CITY:
		put(&o, "build city at");
		put_cell(&o, a->cell[0]);
		put_paying(&o, a);
		break;
	case DU_A_BUILD_EXP:
		put(&o, "build %s at", d->card[a->slug].slug);
		put_cell(&o, a->cell[0]);
		put_paying(&o, a);
		break;
	case DU_A_TRADE:
		put(&o, "trade %d %s for", a->n[0], du_res_names[a->kind[0]]);
		put_gain(&o, a->kind[1], a->at[0]);
		put_paying(&o, a);
		break;
	case DU_A_TRADE_FROM:
		put(&o, "trade 2 from");
		put_cell(&o, a->cell[0]);
		put(&o, " for");
		put_gain(&o, a->kind[0], a->at[0]);
		break;
	case DU_A_GOLDSMITH:
	case DU_A_CARAVAN:
	case DU_A_STEAL:
	case DU_A_RELOCATION:
		put_play(&o, a);
		break;
	case DU_A_END:
		put(&o, "end");
		break;
	case DU_A_DRAW:
		put(&o, "draw stack %d", a->n[0]);
		break;
	case DU_A_DISCARD:
		put(&o, "discard card %d under stack %d", a->n[1], a->n[0]);
		break;
	case DU_A_SHOW:
		put(&o, "show card %d", a->n[0]);
		break;
	case DU_A_EXCHANGE_DRAW:
	case DU_A_EXCHANGE_SEARCH:
		put(&o, "exchange card %d under stack %d %s stack %d", a->n[1],
		    a->n[0], a->verb == DU_A_EXCHANGE_DRAW ? "draw" : "search",
		    a->n[2]);
		put_paying(&o, a);
		break;
	case DU_A_TAKE:
		put(&o, "take card %d", a->n[0]);
		if (a->n[1])
			put(&o, " card %d card %d", a->n[1], a->n[2]);
		break;
	case DU_A_PASS:
		put(&o, "pass");
		break;
	case DU_A_GAIN:
	case DU_A_BUY:
		put(&o, "%s", a->verb == DU_A_GAIN ? "gain" : "buy");
		put_gain(&o, a->kind[0], a->at[0]);
		put_paying(&o, a);
		break;
	case DU_A_REGIONS:
		du_region_slug(d, a->region[0], r0, sizeof r0);
		du_region_slug(d, a->region[1], r1, sizeof r1);
		put(&o, "regions %s %s", r0, r1);
		break;
	case DU_A_SELECT:
		put(&o, "select");
		for (int i = 0; i < 3; i++)
			put_cell(&o, a->cell[i]);
		break;
	case DU_A_REMOVE:
		put(&o, "remove");
		put_cell(&o, a->cell[0]);
		if (a->n[0])
			put(&o, " under stack %d", a->n[0]);
		break;
	case DU_A_PUT:
		put(&o, "put card %d under stack %d", a->n[0], a->n[1]);
		if (a->n[2])
			put(&o, " and card %d under stack %d", a->n[2], a->n[3]);
		break;
	case DU_A_PREFER:
		put(&o, "prefer");
		if (a->nkind == 0)
			put(&o, " none");
		for (int i = 0; i < a->nkind; i++)
			put(&o, " %s", du_res_names[a->kind[i]]);
		break;
	case DU_A_RESIGN:
		put(&o, "resign");
		break;
	case DU_A_DEMOLISH:
		put(&o, "demolish");
		put_cell(&o, a->cell[0]);
		break;
	case DU_A_SWAP:
		put(&o, "swap");
		put_cell(&o, a->cell[0]);
		put_cell(&o, a->cell[1]);
		break;
	case DU_A_READY:
		put(&o, "ready");
		break;
	default:
		put(&o, "?");
		break;
	}
}
