/*
 * format.c -- Catan's order language written (catan-rules(7), CA13.1,
 * CA13.2; catan-ck-rules(7), ORDER LANGUAGE): an action to its canonical
 * text, the one line parse.c reads back to the same action.  Lowercase,
 * single spaces, bundles in the order brick wood wool grain ore (then
 * cloth coin paper), names of hexes, corners and edges in board order.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "games/catan/engine.h"
#include "games/catan/parse.h"

static size_t
fmt_bundle(char *buf, size_t n, const uint8_t *b)
{
	size_t len = 0;

	for (int k = 0; k < CA_KINDS && len < n; k++)
		if (b[k])
			len += (size_t)snprintf(buf + len, n - len, "%s%d %s",
			    len ? " " : "", b[k], ca_kind_names[k]);
	return len;
}


/* ca_format of offer. */
static void
format_offer(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	char g[96], w[96];
	size_t len;

	g[0] = '\0';
	fmt_bundle(g, sizeof g, a->give);
	w[0] = '\0';
	fmt_bundle(w, sizeof w, a->get);
	len = (size_t)snprintf(buf, n, "offer %s for %s", g, w);
	for (int s = 0, first = 1; s < st->nseats && len < n; s++)
		if ((a->to >> s) & 1) {
			len += (size_t)snprintf(buf + len, n - len, "%s%s",
			    first ? " to " : ",", ca_seat_name(st, s));
			first = 0;
		}
}

/* ca_format of robber, pirate, knight. */
static void
format_robber(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	const struct ca_board *b = st->b;
	char x[32], y[32];
	int pirate = a->verb == CA_A_PIRATE ||
	    (a->verb == CA_A_KNIGHT && a->ka);

	ca_hex_name(b, a->a, x, sizeof x);
	if (a->victim != CA_NONE)
		snprintf(y, sizeof y, " steal %s",
		    ca_seat_name(st, a->victim));
	else
		y[0] = '\0';
	snprintf(buf, n, "%s%s %s%s", a->verb == CA_A_KNIGHT ?
	    "play knight " : "", pirate ? "pirate" : "robber", x, y);
}

/* ca_format of roads. */
static void
format_roads(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	const struct ca_board *b = st->b;
	char x[32], y[32];

	ca_edge_name(b, a->a, x, sizeof x);
	if (a->b != CA_NONE) {
		ca_edge_name(b, a->b, y, sizeof y);
		snprintf(buf, n, "play road-building %s %s %s %s",
		    a->ka ? "ship" : "road", x, a->kb ? "ship" : "road",
		    y);
	} else
		snprintf(buf, n, "play road-building %s %s",
		    a->ka ? "ship" : "road", x);
}

/* ca_format of move, displace. */
static void
format_move(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	const struct ca_board *b = st->b;
	char x[32], y[32];

	ca_corner_name(b, a->a, x, sizeof x);
	ca_corner_name(b, a->b, y, sizeof y);
	snprintf(buf, n, "%s %s %s", a->verb == CA_A_MOVE ? "move" :
	    "displace", x, y);
}

/* ca_format of chase. */
static void
format_chase(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	const struct ca_board *b = st->b;
	char x[32], y[32];

	ca_corner_name(b, a->a, x, sizeof x);
	ca_hex_name(b, a->b, y, sizeof y);
	snprintf(buf, n, "chase %s %s", x, y);
	if (a->victim != CA_NONE) {
		size_t len = strlen(buf);

		snprintf(buf + len, n > len ? n - len : 0, " steal %s",
		    ca_seat_name(st, a->victim));
	}
}

/* ca_format of improve. */
static void
format_improve(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	const struct ca_board *b = st->b;
	char x[32];

	if (a->a != CA_NONE)
		ca_corner_name(b, a->a, x, sizeof x);
	snprintf(buf, n, "improve %s%s%s", ck_track_names[a->res % 3],
	    a->a != CA_NONE ? " " : "", a->a != CA_NONE ? x : "");
}

/* ca_format of play. */
static void
format_play(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	const struct ca_board *b = st->b;
	char x[32], y[32];
	const struct ck_card *c = &st->ck.d->cards[a->res];
	size_t len = (size_t)snprintf(buf, n, "play %s", c->slug);

	x[0] = y[0] = '\0';
	switch (c->effect) {
	case CK_E_RESOURCE_MONOPOLY:
	case CK_E_TRADE_MONOPOLY:
	case CK_E_MERCHANT_FLEET:
		snprintf(x, sizeof x, " %s", ca_kind_names[a->ka]);
		break;
	case CK_E_CRANE:
		snprintf(x, sizeof x, " %s", ck_track_names[a->ka % 3]);
		if (a->a != CA_NONE) {
			y[0] = ' ';
			ca_corner_name(b, a->a, y + 1, sizeof y - 1);
		}
		break;
	case CK_E_ENGINEER:
	case CK_E_MEDICINE:
	case CK_E_SMITH:
	case CK_E_INTRIGUE:
		x[0] = ' ';
		ca_corner_name(b, a->a, x + 1, sizeof x - 1);
		if (a->b != CA_NONE) {
			y[0] = ' ';
			ca_corner_name(b, a->b, y + 1, sizeof y - 1);
		}
		break;
	case CK_E_ROAD_BUILDING:
	case CK_E_DIPLOMAT:
		/* CK19.5: "ship" before a ship's path */
		snprintf(x, sizeof x, " %s", a->ka == 1 ? "ship " : "");
		ca_edge_name(b, a->a, x + strlen(x), sizeof x - strlen(x));
		if (a->b != CA_NONE) {
			snprintf(y, sizeof y, " %s", a->kb == 1 ? "ship " :
			    "");
			ca_edge_name(b, a->b, y + strlen(y),
			    sizeof y - strlen(y));
		}
		break;
	case CK_E_MERCHANT:
	case CK_E_BISHOP:
		x[0] = ' ';
		ca_hex_name(b, a->a, x + 1, sizeof x - 1);
		break;
	case CK_E_ALCHEMIST:
		snprintf(x, sizeof x, " %d %d", a->a, a->b);
		break;
	case CK_E_INVENTOR:
		x[0] = y[0] = ' ';
		ca_hex_name(b, a->a, x + 1, sizeof x - 1);
		ca_hex_name(b, a->b, y + 1, sizeof y - 1);
		break;
	case CK_E_SPY:
	case CK_E_DESERTER:
	case CK_E_MASTER_MERCHANT:
		snprintf(x, sizeof x, " %s", ca_seat_name(st, a->victim));
		break;
	default:
		break;
	}
	if (len < n)
		snprintf(buf + len, n - len, "%s%s", x, y);
}

/* ca_format of give. */
static void
format_give(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	char g[96];
	int sum = 0, one = -1;

	g[0] = '\0';
	fmt_bundle(g, sizeof g, a->give);

	for (int k = 0; k < CA_KINDS; k++) {
		sum += a->give[k];
		if (a->give[k])
			one = k;
	}
	if (sum == 1)		/* CK14.1: give COMMODITY */
		snprintf(buf, n, "give %s", ca_kind_names[one]);
	else
		snprintf(buf, n, "give %s", g);
}

void
ca_format(const struct ca_state *st, const struct ca_action *a, char *buf,
    size_t n)
{
	const struct ca_board *b = st->b;
	char x[32], y[32], g[96], w[96];

	g[0] = w[0] = '\0';
	fmt_bundle(g, sizeof g, a->give);
	fmt_bundle(w, sizeof w, a->get);
	switch (a->verb) {
	case CA_A_ROLL: snprintf(buf, n, "roll"); return;
	case CA_A_END: snprintf(buf, n, "end"); return;
	case CA_A_BUY: snprintf(buf, n, "buy card"); return;
	case CA_A_SHOW: snprintf(buf, n, "show %d", a->a); return;
	case CA_A_TOKEN:	/* CA10.8 */
		ca_hex_name(b, a->a, x, sizeof x);
		snprintf(buf, n, "token %s", x);
		return;
	case CA_A_RESIGN: snprintf(buf, n, "resign"); return;
	case CA_A_WITHDRAW: snprintf(buf, n, "withdraw"); return;
	case CA_A_SETTLEMENT:
	case CA_A_CITY:
		ca_corner_name(b, a->a, x, sizeof x);
		snprintf(buf, n, "build %s %s", a->verb == CA_A_CITY ? "city" :
		    "settlement", x);
		return;
	case CA_A_ROAD:
	case CA_A_SHIP:
		ca_edge_name(b, a->a, x, sizeof x);
		snprintf(buf, n, "build %s %s", a->verb == CA_A_SHIP ? "ship" :
		    "road", x);
		return;
	case CA_A_MOVESHIP:
		ca_edge_name(b, a->a, x, sizeof x);
		ca_edge_name(b, a->b, y, sizeof y);
		snprintf(buf, n, "move ship %s to %s", x, y);
		return;
	case CA_A_TRADE:
		snprintf(buf, n, "trade %s for %s", g, w);
		return;
	case CA_A_OFFER:
		format_offer(st, a, buf, n);
		return;
	case CA_A_ACCEPT:
	case CA_A_DECLINE:
		snprintf(buf, n, "%s %d", a->verb == CA_A_ACCEPT ? "accept" :
		    "decline", a->num);
		return;
	case CA_A_DISCARD:
		snprintf(buf, n, "discard %s", g);
		return;
	case CA_A_PICK:
		snprintf(buf, n, "pick %s", w);
		return;
	case CA_A_ROBBER:
	case CA_A_PIRATE:
	case CA_A_KNIGHT:
		format_robber(st, a, buf, n);
		return;
	case CA_A_ROADS:
		format_roads(st, a, buf, n);
		return;
	case CA_A_PLENTY:
		snprintf(buf, n, "play year-of-plenty %s", w);
		return;
	case CA_A_MONOPOLY:
		snprintf(buf, n, "play monopoly %s", ca_kind_names[a->res]);
		return;
	case CA_A_WALL:
	case CA_A_KNIGHT_BUILD:
		ca_corner_name(b, a->a, x, sizeof x);
		snprintf(buf, n, "build %s %s", a->verb == CA_A_WALL ? "wall" :
		    "knight", x);
		return;
	case CA_A_ACTIVATE:
	case CA_A_PROMOTE:
	case CA_A_RETREAT:
		ca_corner_name(b, a->a, x, sizeof x);
		snprintf(buf, n, "%s %s", a->verb == CA_A_ACTIVATE ? "activate" :
		    a->verb == CA_A_PROMOTE ? "promote" : "retreat", x);
		return;
	case CA_A_MOVE:
	case CA_A_DISPLACE:
		format_move(st, a, buf, n);
		return;
	case CA_A_CHASE:
		format_chase(st, a, buf, n);
		return;
	case CA_A_IMPROVE:
		format_improve(st, a, buf, n);
		return;
	case CA_A_PLAY:
		format_play(st, a, buf, n);
		return;
	case CA_A_TAKE:
		snprintf(buf, n, "take %s", st->ck.d->cards[a->res].slug);
		return;
	case CA_A_DESERT:
		ca_corner_name(b, a->a, x, sizeof x);
		snprintf(buf, n, "desert %s", x);
		return;
	case CA_A_PLACE_KNIGHT:
		if (a->a == CA_NONE)
			snprintf(x, sizeof x, "none");
		else
			ca_corner_name(b, a->a, x, sizeof x);
		snprintf(buf, n, "place knight %s", x);
		return;
	case CA_A_GIVE:
		format_give(st, a, buf, n);
		return;
	case CA_A_HARBOR:
		snprintf(buf, n, "harbor %s %s", ca_seat_name(st, a->victim),
		    a->res < CA_KINDS ? ca_kind_names[a->res] : "?");
		return;
	case CA_A_TAKE_CARDS:
		snprintf(buf, n, "take %s", w);
		return;
	case CA_A_PROG_DISCARD:
		snprintf(buf, n, "discard progress %s",
		    st->ck.d->cards[a->res].slug);
		return;
	case CA_A_TRACKPICK:
		snprintf(buf, n, "pick %s", ck_track_names[a->res % 3]);
		return;
	case CA_A_PILLAGE:
		ca_corner_name(b, a->a, x, sizeof x);
		snprintf(buf, n, "pillage %s", x);
		return;
	case CA_A_AQUEDUCT:
		snprintf(buf, n, "aqueduct %s", ca_kind_names[a->res]);
		return;
	default:
		snprintf(buf, n, "?");
	}
}
