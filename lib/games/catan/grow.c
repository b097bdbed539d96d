/*
 * grow.c -- Greater Catan (catan-rules(7), CA10.7 - CA10.9): a ship that
 * reaches a hex of a small island without a number gives it one, first
 * from the map's supply, then from the main island, where the player
 * whose ship it is chooses the token under the three requirements of
 * CA10.8, set aside one by one in the order 1-3 when none meets them.
 *
 * The numbers live in the state's gc.tok (engine.h, struct ca_grow), one
 * a producing hex of the map (the board's growidx); hex_token reads them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "games/catan/engine-int.h"

static int meets(const struct ca_state *, int, int, int, int);

/* What breaks requirement k (1-3) of CA10.8, for a refusal. */
static const char *const broken[3] = {
	"you have no settlement or city on it",
	"a settlement or city of the main island would touch no number",
	"a 6 or 8 may not lie beside a 6 or 8 of the small island",
};

static int
is_red(int t)
{
	return t == 6 || t == 8;
}

/* CA10.7: the tokens the supply gives, 4 with three players and 5 with
   four, never more than the map's supply holds. */
static int
supply_size(const struct ca_state *st)
{
	int n = st->nseats + 1;

	return n < st->b->def->nsupply ? n : st->b->def->nsupply;
}

int
ca_grow_supply(const struct ca_state *st, uint8_t *out)
{
	int n = 0;

	for (int i = st->b->ngrow ? st->gc.taken : 0; i < supply_size(st);
	    i++)
		out[n++] = st->b->def->supply[i];
	return n;
}

void
ca_grow_init(struct ca_state *st)
{
	const struct ca_board *b = st->b;

	if (b->ngrow == 0)
		return;
	memset(&st->gc, 0, sizeof st->gc);
	for (int i = 0; i < b->ngrow; i++)
		st->gc.tok[i] = b->token[b->grow_hex[i]];
}

/* A hex of a small island without a number (CA10.7). */
static int
bare(const struct ca_state *st, int h)
{
	const struct ca_board *b = st->b;

	return b->growidx[h] != CA_NONE && b->island[h] != b->main_island &&
	    st->gc.tok[b->growidx[h]] == 0;
}

/* A number already owed to hex h (road-building's second ship). */
static int
owed(const struct ca_state *st, int h)
{
	for (int i = 0; i < st->npend; i++)
		for (int s = 0; st->pend[i].kind == CA_P_TOKEN &&
		    s < CA_SEATS; s++)
			if (((st->pend[i].seats >> s) & 1) &&
			    st->pend[i].n[s] == h + 1)
				return 1;
	return 0;
}

/* The main island's hexes with a number. */
static int
main_numbers(const struct ca_state *st)
{
	const struct ca_board *b = st->b;
	int n = 0;

	for (int i = 0; i < b->ngrow; i++)
		n += b->island[b->grow_hex[i]] == b->main_island &&
		    st->gc.tok[i] != 0;
	return n;
}

/*
 * CA10.7: seat's piece at e, just built, placed or moved; a ship gives
 * the hexes of a small island beside it without a number one: from the
 * supply while it lasts, else from the main island (CA10.8, owed by seat
 * as a CA_P_TOKEN item), else none.
 */
void
ca_grow_reach(struct ca_state *st, int seat, int e, struct rules_note *note)
{
	const struct ca_board *b = st->b;
	char hn[8] = "";

	if (b->ngrow == 0 || !e_ship(st, e))
		return;
	for (int j = 0; j < 2; j++) {
		int h = b->edge[e].hex[j];

		if (!bare(st, h) || owed(st, h))
			continue;
		if (note != NULL)
			ca_hex_name(b, h, hn, sizeof hn);
		if (st->gc.taken < supply_size(st)) {
			int t = b->def->supply[st->gc.taken++];

			st->gc.tok[b->growidx[h]] = (uint8_t)t;
			NOTE("%s gets the number %d from the supply (%d left)",
			    hn, t, supply_size(st) - st->gc.taken);
		} else if (main_numbers(st) > 0) {
			uint8_t n[CA_SEATS] = { 0 };

			n[seat] = (uint8_t)(h + 1);
			pend_push(st, CA_P_TOKEN, 1u << seat, n);
			NOTE("%s gets a number from the main island, chosen by "
			    "%s", hn, seat_name(seat));
		} else
			NOTE("%s gets no number: the main island has none left",
			    hn);
	}
}

/* Requirement k (1-3) of CA10.8 for the number of main-island hex h
   going to hex to, as seat's choice. */
static int
meets(const struct ca_state *st, int seat, int h, int to, int k)
{
	const struct ca_board *b = st->b;

	if (k == 1) {		/* seat's settlement or city on h */
		for (int d = 0; d < 6; d++)
			if (own_building(st, b->hcorner[h][d], seat))
				return 1;
		return 0;
	}
	if (k == 2) {		/* no building on h left without a number */
		for (int d = 0; d < 6; d++) {
			int c = b->hcorner[h][d], other = 0, v;

			if (c == CA_NONE || (v = st->corner[c]) == 0 ||
			    (CA_C_KIND(v) != CA_CP_SETTLEMENT &&
			    CA_C_KIND(v) != CA_CP_CITY))
				continue;
			for (int i = 0; i < 3; i++)
				other |= b->corner[c].hex[i] != h &&
				    hex_token(st, b->corner[c].hex[i]) != 0;
			if (!other)
				return 0;
		}
		return 1;
	}
	if (!is_red(hex_token(st, h)))	/* no 6 or 8 beside a 6 or 8 */
		return 1;
	for (int d = 0; d < 6; d++) {
		int o = b->nb[to][d];

		if (o != CA_NONE && is_red(hex_token(st, o)))
			return 0;
	}
	return 1;
}

/*
 * CA10.8: the main-island hexes whose number seat may move to hex to,
 * in board order, into out (CA_MAX_GROW places); their count.  *from
 * (when not NULL) gets the first requirement still asked: 1 when all
 * three are met, 2 when requirement 1 was set aside, ..., 4 when all.
 */
int
ca_grow_allowed(const struct ca_state *st, int seat, int to, uint8_t *out,
    int *from)
{
	const struct ca_board *b = st->b;

	for (int f = 1; f <= 4; f++) {
		int n = 0;

		for (int i = 0; i < b->ngrow; i++) {
			int h = b->grow_hex[i], k = f;

			if (b->island[h] != b->main_island || st->gc.tok[i] == 0)
				continue;
			while (k <= 3 && meets(st, seat, h, to, k))
				k++;
			if (k > 3)
				out[n++] = (uint8_t)h;
		}
		if (n > 0 || f == 4) {
			if (from != NULL)
				*from = f;
			return n;
		}
	}
	return 0;
}

/* CA10.8: "token HEX", the number of main-island hex h to the hex that
   awaits one from seat. */
int
ca_do_token(struct ca_state *st, int seat, int h, int dry,
    struct rules_note *note, struct rules_error *err)
{
	const struct ca_board *b = st->b;
	uint8_t ok[CA_MAX_GROW];
	char hn[8] = "", tn[8] = "";
	int to, n, from, k, t;

	if (st->npend == 0 || st->pend[0].kind != CA_P_TOKEN ||
	    !((st->pend[0].seats >> seat) & 1))
		return NO("no number to move now (CA10.8)");
	to = st->pend[0].n[seat] - 1;
	if (err != NULL || note != NULL) {
		ca_hex_name(b, h, hn, sizeof hn);
		ca_hex_name(b, to, tn, sizeof tn);
	}
	t = b->growidx[h] != CA_NONE && b->island[h] == b->main_island ?
	    hex_token(st, h) : 0;
	if (t == 0)
		return NO("%s is no hex of the main island with a number "
		    "(CA10.8)", hn);
	n = ca_grow_allowed(st, seat, to, ok, &from);
	if (memchr(ok, h, (size_t)n) == NULL) {
		for (k = from; k <= 3 && meets(st, seat, h, to, k); k++)
			;
		return NO("the number of %s may not go to %s: %s (CA10.8, "
		    "requirement %d)", hn, tn, broken[k - 1], k);
	}
	if (dry)
		return 0;
	st->gc.tok[b->growidx[to]] = (uint8_t)t;
	st->gc.tok[b->growidx[h]] = 0;
	pend_pop(st);
	NOTE("%s moves the %d of %s to %s", seat_name(seat), t, hn, tn);
	if (from > 1)
		NOTE("requirement%s %s of CA10.8 set aside: no number met all "
		    "three", from > 2 ? "s" : "", from == 2 ? "1" : from == 3 ?
		    "1 and 2" : "1, 2 and 3");
	return 0;
}
