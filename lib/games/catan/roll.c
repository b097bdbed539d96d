/*
 * roll.c -- the roll and production of the base game
 * (catan-rules(7), CA4, CA5.1-CA5.2, CA10.1) and the robber, the pirate
 * and stealing (CA5.3, CA5.4, CA8.3).  Cities & Knights' roll is in
 * ck-roll.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chance.h"
#include "wordwise.h"
#include "games/catan/engine-int.h"


static unsigned yield_to(const struct ca_state *st, int kind, int t,
    uint8_t *owed);

/*
 * B4: what a building of kind yields on a hex of terrain t (not gold),
 * added to owed[]: base CA5.2 two of the resource for a city; CK5.2 a
 * city on forest, pasture or mountains takes 1 resource + 1 commodity.
 * Returns a bit per kind it added to, so that produce() visits only the
 * kinds owed.
 */
static unsigned
yield_to(const struct ca_state *st, int kind, int t, uint8_t *owed)
{
	int r = CA_TERRAIN_RES(t), y = yield(kind);

	if (CA_CK(st) && kind == CA_CP_CITY) {
		switch (t) {
		case CA_FOREST:
			owed[r]++;
			owed[CA_PAPER]++;
			return 1u << r | 1u << CA_PAPER;
		case CA_PASTURE:
			owed[r]++;
			owed[CA_CLOTH]++;
			return 1u << r | 1u << CA_CLOTH;
		case CA_MOUNTAINS:
			owed[r]++;
			owed[CA_COIN]++;
			return 1u << r | 1u << CA_COIN;
		default:
			break;
		}
	}
	owed[r] = (uint8_t)(owed[r] + y);
	return y > 0 ? 1u << r : 0;
}

/* Production of sum; returns the seats that received a card (CK9.4). */
unsigned
ca_produce(struct ca_state *st, int sum, struct rules_note *note)
{
	const struct ca_board *b = st->b;
	/* bytes (a seat is owed at most 6 a hex of the sum: 3 buildings,
	   2 each), so that an owing seat's row is a bundle as it is */
	uint8_t owed[CA_SEATS][CA_KINDS];
	uint8_t picks[CA_SEATS] = { 0 };
	unsigned pickers = 0, got_any = 0, kinds = 0, owing = 0;
	uint8_t hx[CA_MAX_HEX];		/* the hexes of token sum */
	int nh = 0, ck = CA_CK(st);

	memset(owed, 0, sizeof owed);
	/* the board's lists (ca_board_build); the order of the hexes does
	   not matter, every sum below adds */
	/* Greater Catan's numbers move (CA10.7): every hex asked */
	if (sum >= 2 && sum <= 12 && b->ngrow == 0) {
		for (int i = b->tokfrom[sum]; i < b->tokfrom[sum + 1]; i++)
			hx[nh++] = b->bytok[i];
		if (ck && b->nfog == 0 && b->nmov <= CK_SWAP_LOW) {
			/* Without fog movhex[k] is the hex of slot k
			   (ca_board_build numbers the slots in hex order),
			   so the slots of token sum are the nibbles of
			   st->ck.tok equal to sum: found all at once in a
			   64-bit word rather than a hex at a time, those
			   past nmov masked off. */
			uint64_t x = 0, z, live_k = b->nmov < CK_SWAP_LOW ?
			    (1ull << 4 * b->nmov) - 1 : ~0ull;

#ifdef WORDWISE
			/* the eight bytes in order as one word */
			memcpy(&x, st->ck.tok, sizeof x);
#else
			for (int j = 0; j < CK_SWAP_LOW / 2; j++)
				x |= (uint64_t)st->ck.tok[j] << 8 * j;
#endif
			x ^= (uint64_t)sum * 0x1111111111111111u;
			/* bit 4k set when nibble k of x is 0 */
			z = ~(x | x >> 1 | x >> 2 | x >> 3) &
			    0x1111111111111111u & live_k;
			for (; z != 0; z &= z - 1)
				hx[nh++] = b->movhex[__builtin_ctzll(z) >> 2];
		} else
			for (int k = 0; k < b->nmov; k++) {
				int h = b->movhex[k];

				/* ca_hex_token's of a hex with a slot, not
				   fog */
				if ((ck ? tok_get(st, b->tokslot[h]) :
				    b->token[h]) == sum)
					hx[nh++] = (uint8_t)h;
			}
		for (int i = 0; i < b->nfog; i++)
			if (hex_token(st, b->fog_hex[i]) == sum)
				hx[nh++] = b->fog_hex[i];
	} else
		for (int h = 0; h < b->nhex; h++)
			if (hex_token(st, h) == sum)
				hx[nh++] = (uint8_t)h;
	for (int i = 0; i < nh; i++) {
		int h = hx[i], t;

		if (h == st->robber)
			continue;
		t = hex_terrain(st, h);
		if (!CA_PRODUCES(t))
			continue;
		for (int d = 0; d < 6; d++) {
			int c = b->hcorner[h][d], o, y;

			if (c == CA_NONE || !st->corner[c])
				continue;
			o = c_owner(st, c);
			y = yield(CA_C_KIND(st->corner[c]));
			if (!live(st, o) || y == 0)
				continue;
			if (t == CA_GOLD) {
				picks[o] = (uint8_t)(picks[o] + y);
				pickers |= 1u << o;
			} else {
				/* kinds: those owed (the rest owe nothing:
				   skipped below) */
				kinds |= yield_to(st,
				    CA_C_KIND(st->corner[c]), t, owed[o]);
				owing |= 1u << o;
			}
		}
	}
	/* CA4.4, per resource, those owed in kind order */
	for (unsigned left = kinds; left != 0; left &= left - 1) {
		int k = __builtin_ctz(left), total = 0, nowed = 0;

		/* the owing seats alone: the others' rows are zero */
		for (unsigned w = owing; w != 0; w &= w - 1) {
			int s = __builtin_ctz(w);

			total += owed[s][k];
			nowed += owed[s][k] > 0;
		}
		if (total == 0 || total <= st->bank[k])
			continue;
		if (nowed >= 2) {
			NOTE("bank short of %s: none paid",
			    ca_kind_names[k]);
			for (int s = 0; s < st->nseats; s++)
				owed[s][k] = 0;
		} else
			for (int s = 0; s < st->nseats; s++)
				if (owed[s][k])
					owed[s][k] = st->bank[k];
	}
	/* the seats owed, in seat order (the rest owe nothing) */
	for (unsigned left = owing; left != 0; left &= left - 1) {
		int s = __builtin_ctz(left);
		const uint8_t *got = owed[s];
		char g[80];

		if (!bundle_sum(got))
			continue;
		move_cards(st->bank, st->p[s].hand, got);
		got_any |= 1u << s;
		NOTE("%s gets %s", seat_name(s),
		    ca_bundle_text(got, g, sizeof g));
	}
	if (pickers && bundle_sum(st->bank) > 0) {
		for (int s = 0; s < st->nseats; s++)
			if (picks[s])
				NOTE("%s picks %d (gold)", seat_name(s),
				    picks[s]);
		pend_push(st, CA_P_PICK, pickers, picks);
		got_any |= pickers;
	}
	return got_any;
}

/* ---- robber, pirate, steal (CA5.3, CA5.4, CA8.3) --------------------------- */

/*
 * The kind of the i-th card of v's hand, counted in the canonical kind
 * order of a steal: the base game's brick, wood, wool, grain, ore (CA12.4,
 * the enum's); in Cities & Knights brick, grain, lumber, ore, wool, then
 * cloth, coin, paper (CK16.3).  i < ca_hand_count(v).
 */
int
ca_stolen_kind(const struct ca_state *st, const struct ca_player *v, int i)
{
	static const uint8_t base[CA_KINDS] = {
		CA_BRICK, CA_WOOD, CA_WOOL, CA_GRAIN, CA_ORE, CA_CLOTH, CA_COIN,
		CA_PAPER
	}, ck[CA_KINDS] = {
		CA_BRICK, CA_GRAIN, CA_WOOD, CA_ORE, CA_WOOL, CA_CLOTH, CA_COIN,
		CA_PAPER
	};
	const uint8_t *order = CA_CK(st) ? ck : base;
	int n;

	for (n = 0; n < CA_KINDS - 1; n++) {
		if (i < v->hand[order[n]])
			break;
		i -= v->hand[order[n]];
	}
	return order[n];
}

/* The seats with a piece at hex h: settlement/city (robber) or ship
   (pirate). */
unsigned
ca_pieces_at(const struct ca_state *st, int h, int pirate)
{
	unsigned m = 0;

	for (int d = 0; d < 6; d++) {
		if (pirate) {
			int e = st->b->hedge[h][d];

			if (e != CA_NONE && st->edge[e] && e_ship(st, e))
				m |= 1u << e_owner(st, e);
		} else {
			int c = st->b->hcorner[h][d];

			if (c != CA_NONE && st->corner[c] &&
			    yield(CA_C_KIND(st->corner[c])))
				m |= 1u << c_owner(st, c);
		}
	}
	return m;
}

/* Opponents of seat with a piece at hex h: settlement/city (robber) or
   ship (pirate).  *holding gets those who hold cards. */
unsigned
ca_victims(const struct ca_state *st, int seat, int h, int pirate,
    unsigned *holding)
{
	unsigned m = 0, at = ca_pieces_at(st, h, pirate);

	for (int o = 0; o < st->nseats; o++)
		if ((at >> o) & 1 && o != seat && live(st, o))
			m |= 1u << o;
	*holding = 0;
	for (int s = 0; s < st->nseats; s++)
		if ((m >> s) & 1 && ca_hand_count(&st->p[s]) > 0)
			*holding |= 1u << s;
	return m;
}

int
ca_check_robber(const struct ca_state *st, int seat, int h, int pirate,
    int victim, int *who, struct rules_error *err)
{
	unsigned cand, holding;
	char hn[8];

	if (h >= st->b->nhex)
		return NO("no such hex");
	hn[0] = '\0';
	if (err != NULL)
		ca_hex_name(st->b, h, hn, sizeof hn);
	if (pirate) {
		if (st->b->kind != CA_MAP_SEAFARERS)
			return NO("no pirate on this map");
		if (!is_sea(st, h))
			return NO("the pirate goes to a sea hex: %s is not sea",
			    hn);
		if (h == st->pirate)
			return NO("the pirate must move: it is on %s", hn);
	} else {
		if (!is_land(st, h))
			return NO("the robber goes to a land hex: %s is not "
			    "land", hn);
		if (h == st->robber)
			return NO("the robber must move: it is on %s", hn);
	}
	cand = ca_victims(st, seat, h, pirate, &holding);
	if (victim == CA_NONE) {
		int n = 0, last = CA_NONE;

		for (int s = 0; s < st->nseats; s++)
			if ((holding >> s) & 1) {
				n++;
				last = s;
			}
		if (n > 1)
			return NO("name whom to steal from at %s", hn);
		*who = last;
		return 0;
	}
	if (!((cand >> victim) & 1))
		return NO("%s has nothing %s %s", seat_name(victim), pirate ?
		    "sailing by" : "at", hn);
	if (!((holding >> victim) & 1))
		return NO("%s holds no card", seat_name(victim));
	*who = victim;
	return 0;
}

int
ca_move_robber(struct ca_state *st, int seat, int h, int pirate, int who,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	char hn[8];

	if (note != NULL)
		ca_hex_name(st->b, h, hn, sizeof hn);
	if (pirate)
		st->pirate = (uint8_t)h;
	else
		st->robber = (uint8_t)h;
	NOTE("%s moves the %s to %s", seat_name(seat),
	    pirate ? "pirate" : "robber", hn);
	if (who != CA_NONE) {
		struct chance_stream cs;
		struct ca_player *v = &st->p[who];
		int rc, k;

		if ((rc = ca_open_event(st, EV_STEAL, "steal",
		    (1u << seat) | (1u << who), &cs, err)) != 0)
			return rc;
		k = ca_stolen_kind(st, v, chance_below(&cs, ca_hand_count(v)));
		v->hand[k]--;
		st->p[seat].hand[k]++;
		st->last_thief = (uint8_t)seat;
		st->last_victim = (uint8_t)who;
		st->last_kind = (uint8_t)k;
		NOTE("%s stole a card from %s", seat_name(seat),
		    seat_name(who));
		ca_secret_add(sec, seat, "you stole 1 %s from %s",
		    ca_kind_names[k], seat_name(who));
		ca_secret_add(sec, who, "%s stole 1 %s from you",
		    seat_name(seat), ca_kind_names[k]);
	}
	return 0;
}

int
ca_do_robber(struct ca_state *st, int seat, const struct ca_action *a, int dry,
    struct rules_note *note, struct ca_secret *sec, struct rules_error *err)
{
	int who, rc, pirate = a->verb == CA_A_PIRATE;

	if (st->npend == 0 || st->pend[0].kind != CA_P_ROBBER)
		return NO("no robber move is owed now");
	if ((rc = ca_check_robber(st, seat, a->a, pirate, a->victim, &who,
	    err)) != 0)
		return rc;
	if (dry)
		return 0;
	pend_pop(st);
	return ca_move_robber(st, seat, a->a, pirate, who, note, sec, err);
}
