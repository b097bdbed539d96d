/*
 * lib/games/duel/engine-points.c -- Catan: het Duel, the points of a
 * principality: strength, skill, trade and progress (DU13.1), the two
 * tokens (DU13.2), victory points (DU15.1), the hand limit (DU14.2), a
 * theme card's points that hang on other cards (DU19) and a theme
 * card's requirements (DU18.8).  Split from engine.c, which keeps the
 * turn.
 */
#include <stdio.h>
#include <string.h>
#include "games/duel/engine.h"
#include "games/duel/engine-int.h"

/*
 * De Gouden Eeuw's points that depend on other cards (DU19): each trade
 * ship +1 trade point beside a Zoutpakhuis, Markt and Haven +1 each
 * beside a Handelssteunpunt, and the Haven's VP with 3 trade ships.
 * Only theme cards have these effects: the introductory game skips it.
 */
static void
theme_points(const struct du_state *st, const uint8_t *e, int ne, int *trade,
    int *vp)
{
	int ships = 0, salt = 0, post = 0, mh = 0, harbour = 0;

	for (int i = 0; i < ne; i++) {
		const struct du_cinfo *k = &st->d->ci[st->d->inst[e[i]]];

		ships += k->kind == DU_K_SHIP;
		salt |= k->effect == DU_FX_SALT_HOUSE;
		post |= k->effect == DU_FX_TRADE_POST;
		harbour |= k->effect == DU_FX_HARBOUR;
		mh += k->effect == DU_FX_MARKETPLACE || k->effect ==
		    DU_FX_HARBOUR;
	}
	*trade += salt * ships + post * mh;
	*vp += harbour && ships >= 3;
}

int
du_points(const struct du_state *st, int s, int which)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int n = 0, ne = du_exps(st, s, e);

	for (int i = 0; i < ne; i++) {
		const struct du_cinfo *k = &st->d->ci[st->d->inst[e[i]]];

		n += which == DU_P_STRENGTH ? k->strength :
		    which == DU_P_SKILL ? k->skill :
		    which == DU_P_TRADE ? k->trade : k->progress;
	}
	if (which == DU_P_TRADE && st->mode != DU_MODE_INTRO) {
		int vp = 0;

		theme_points(st, e, ne, &n, &vp);
	}
	return n;
}

/* The strength and trade points of s's expansions, in one pass. */
static void
token_points(const struct du_state *st, int s, int *strength, int *trade)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int ne = du_exps(st, s, e);

	*strength = *trade = 0;
	for (int i = 0; i < ne; i++) {
		const struct du_cinfo *k = &st->d->ci[st->d->inst[e[i]]];

		*strength += k->strength;
		*trade += k->trade;
	}
	if (st->mode != DU_MODE_INTRO) {
		int vp = 0;

		theme_points(st, e, ne, trade, &vp);
	}
}

static int
holder(int a, int b)
{
	if (a >= 3 && a > b)
		return 0;
	if (b >= 3 && b > a)
		return 1;
	return -1;
}

/* Both tokens (DU13.2): who holds the hero (out[0]) and trade (out[1]). */
void
tokens(const struct du_state *st, int out[2])
{
	int s0, t0, s1, t1;

	token_points(st, 0, &s0, &t0);
	token_points(st, 1, &s1, &t1);
	out[0] = holder(s0, s1);
	out[1] = holder(t0, t1);
}

int
du_token(const struct du_state *st, int which)
{
	int kind = which == 0 ? DU_P_STRENGTH : DU_P_TRADE;

	return holder(du_points(st, 0, kind), du_points(st, 1, kind));
}

int
du_vp(const struct du_state *st, int s)
{
	uint8_t e[DU_COLS * DU_ROWS];
	int n = 0, str[2] = { 0, 0 }, trd[2] = { 0, 0 };
	int ne = du_exps(st, s, e);

	/* the towns stand in the settlement columns (odd) at row 3 (DU2.2;
	 * t/unit/duel/check.h asserts every site) */
	for (int col = 1; col < DU_COLS; col += 2)
		n += st->p[s].cell[col][2] == DU_C_SETTLEMENT ? 1 :
		    st->p[s].cell[col][2] == DU_C_CITY ? 2 : 0;
	for (int i = 0; i < ne; i++) {
		const struct du_cinfo *k = &st->d->ci[st->d->inst[e[i]]];

		n += k->vp;
		str[s] += k->strength;
		trd[s] += k->trade;
	}
	if (st->mode != DU_MODE_INTRO)
		theme_points(st, e, ne, &trd[s], &n);
	token_points(st, 1 - s, &str[1 - s], &trd[1 - s]);
	n += holder(str[0], str[1]) == s;
	n += holder(trd[0], trd[1]) == s;
	return n;
}

/* DU18.8: one requirement of a card, for seat s. */
static int
req_one(const struct du_state *st, int s, const struct du_req_item *r)
{
	switch (r->what) {
	case DU_RQ_CARD: {
		uint8_t e[DU_COLS * DU_ROWS];
		int ne = du_exps(st, s, e);

		for (int i = 0; i < ne; i++)
			if (st->d->inst[e[i]] == r->arg)
				return 1;
		return 0;
	}
	case DU_RQ_STRENGTH_ADV:
		return du_token(st, 0) == s;
	case DU_RQ_TRADE_ADV:
		return du_token(st, 1) == s;
	case DU_RQ_CITY:
		for (int col = 1; col < DU_COLS; col += 2)
			if (st->p[s].cell[col][2] == DU_C_CITY)
				return 1;
		return 0;
	case DU_RQ_FEWER_VP:
		return du_vp(st, s) < du_vp(st, 1 - s);
	case DU_RQ_TRADE_POINTS:
		return du_points(st, s, DU_P_TRADE) >= r->arg;
	default:
		return du_points(st, s, DU_P_PROGRESS) >= r->arg;
	}
}

static void
req_text(const struct du_data *d, const struct du_req_item *r, char *buf,
    size_t n)
{
	static const char *const what[] = { NULL, "the strength advantage",
		"the trade advantage", "a city", "fewer VP than the other",
		"trade points", "progress points" };

	if (r->what == DU_RQ_CARD)
		snprintf(buf, n, "a %s of his own", d->card[r->arg].slug);
	else if (r->what >= DU_RQ_TRADE_POINTS)
		snprintf(buf, n, "%d %s", r->arg, what[r->what]);
	else
		snprintf(buf, n, "%s", what[r->what]);
}

int
du_req_ok(const struct du_state *st, int s, int k, char *why, size_t n)
{
	const struct du_card *c = &st->d->card[k];

	for (int i = 0; i < c->nreq; i++) {
		int j = i, met = 0;

		while (1) {	/* one alternative: items joined by or */
			met |= req_one(st, s, &c->req[j]);
			if (!c->req[j].or_next || j + 1 >= c->nreq)
				break;
			j++;
		}
		if (!met) {
			if (why != NULL) {
				size_t l;

				req_text(st->d, &c->req[i], why, n);
				for (int x = i + 1; x <= j; x++) {
					l = strlen(why);
					if (l + 4 < n) {
						memcpy(why + l, " or ", 5);
						req_text(st->d, &c->req[x],
						    why + l + 4, n - l - 4);
					}
				}
			}
			return 0;
		}
		i = j;
	}
	return 1;
}

int
du_hand_limit(const struct du_state *st, int s)
{
	return 3 + du_points(st, s, DU_P_PROGRESS);
}
