/*
 * ckviews.c -- what the rule set catan-ck (Cities & Knights, catan-ck-rules(7))
 * shows beyond the base game's views in catan.c: the status lines, the
 * hand (progress cards by name to their holder, CK16.1), the JSON views,
 * and the help on the progress cards (trigon help card, trigon play).
 * The board's text and SVG are board.c's and svg.c's.
 *
 * Everything here reads the state only; nothing shown to the table
 * names a progress card in a hand or a deck (CK16.1, CK18.5).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "suggest.h"
#include "games/catan/ckdata.h"
#include "games/catan/ckviews.h"
#include "games/catan/engine.h"
#include "games/catan/sealed.h"

static const char *
plural(int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static int
active_knights(const struct ca_state *st, int s, int *all)
{
	int n = 0;

	*all = 0;
	for (int c = 0; c < st->b->ncorner; c++) {
		uint8_t v = st->corner[c];

		if (v == 0 || CA_C_OWNER(v) != s ||
		    !(CA_C_KIND(v) & CA_CP_KNIGHT))
			continue;
		(*all)++;
		if (CA_C_KIND(v) & CA_CP_ACTIVE)
			n++;
	}
	return n;
}

void
ck_status_seat(const struct ca_state *st, int s, FILE *f)
{
	const struct ca_player *p = &st->p[s];
	const struct ca_ck_player *q = &st->ck.p[s];
	int all, act = active_knights(st, s, &all);
	int walls = 0, cards = ca_hand_count(p);

	for (int i = 0; i < CK_WALLS; i++)
		walls += q->wall[i] != CA_NONE;
	/* CK15.1: no point of this game is hidden (CK13.3 lays the
	   victory-point cards face up), so no "+?" */
	fprintf(f, "%-7s %2d VP  %2d card%s  %d progress  improvements "
	    "%d/%d/%d  %d knight%s (%d active)  %d wall%s  route %d%s%s%s",
	    ca_seat_name(st, s), ca_vp(st, s, 1), cards, cards == 1 ? " " :
	    "s", q->nprog + q->nsealed, q->level[CK_TRADE], q->level[CK_POLITICS],
	    q->level[CK_SCIENCE], all, plural(all, "", "s"), act, walls,
	    plural(walls, "", "s"), p->route,
	    st->longest == s ? "  longest route" : "",
	    st->ck.merchant_holder == s ? "  merchant" : "",
	    p->resigned ? "  (resigned)" : "");
	if (q->defender)	/* CK12.3 */
		fprintf(f, "  defender %d", q->defender);
	fputc('\n', f);
}

void
ck_status_end(const struct ca_state *st, FILE *f)
{
	char n[32];

	fprintf(f, "target %d VP; bank", st->vp_target);
	for (int k = 0; k < CA_KINDS; k++)
		fprintf(f, " %d %s", st->bank[k], ca_kind_names[k]);
	fprintf(f, "\nprogress decks: trade %d, politics %d, science %d\n",
	    st->ck.ndeck[CK_TRADE], st->ck.ndeck[CK_POLITICS],
	    st->ck.ndeck[CK_SCIENCE]);
	fprintf(f, "barbarians: %d of %d steps; strength %d against %d\n",
	    st->ck.ship, st->ck.steps, ca_ck_barbarians(st),
	    ca_ck_defence(st, -1));
	fprintf(f, "metropolises:");
	for (int t = 0; t < CK_TRACKS; t++) {
		int c = st->ck.metro[t];

		if (c == CA_NONE || st->corner[c] == 0) {
			fprintf(f, "%s %s none", t ? "," : "", ck_track_names[t]);
			continue;
		}
		ca_corner_name(st->b, c, n, sizeof n);
		fprintf(f, "%s %s %s %s", t ? "," : "", ck_track_names[t],
		    ca_seat_name(st, CA_C_OWNER(st->corner[c])), n);
	}
	if (st->ck.merchant == CA_NONE)
		fprintf(f, "; merchant not placed\n");
	else {
		ca_hex_name(st->b, st->ck.merchant, n, sizeof n);
		fprintf(f, "; merchant at %s (%s)\n", n,
		    st->ck.merchant_holder == CA_NONE ? "nobody" :
		    ca_seat_name(st, st->ck.merchant_holder));
	}
}

void
ck_hand_text(const struct ca_state *st, int s, FILE *f)
{
	const struct ca_ck_player *q = &st->ck.p[s];

	fprintf(f, "progress cards:");
	if (q->nprog == 0)
		fprintf(f, q->nsealed ? " none open" : " none");
	for (int i = 0; i < q->nprog; i++) {
		const struct ck_card *c = &st->ck.d->cards[q->prog[i]];

		fprintf(f, "%s %s (%s%s%s)", i ? "," : "", c->slug, c->name,
		    c->nl[0] ? "; " : "", c->nl);
	}
	fputc('\n', f);
	ck_sealed_hand_text(st, s, f);		/* CK20.8 */
	if (q->vpcards)
		fprintf(f, "victory-point cards laid: %d\n", q->vpcards);
}

json_t *
ck_card_json(const struct ca_state *st, int card)
{
	const struct ck_card *c = &st->ck.d->cards[card];

	return json_pack("{s:s,s:s,s:s,s:s}", "kind", "progress", "card",
	    c->slug, "name", c->name, "deck", ck_track_names[c->deck]);
}

void
ck_sealed_cards_json(const struct ca_state *st, int s, json_t *cards)
{
	const struct ca_ck_player *q = &st->ck.p[s];

	for (int j = 0; CK_SEALED(st) && j < q->nsealed; j++) {
		int v = q->prog[CK_HAND_MAX - 1 - j], t = v >> 5;
		int i = ck_sealed_face(st, t, v & 31);
		json_t *o = json_pack("{s:s,s:i,s:s}", "kind", "progress",
		    "sealed", t * CK_SL_DECK_MAX + (v & 31), "deck",
		    ck_track_names[t]);

		if (o != NULL && i != CK_SL_UNKNOWN) {
			json_object_set_new(o, "card", json_string(
			    st->ck.d->cards[i].slug));
			json_object_set_new(o, "name", json_string(
			    st->ck.d->cards[i].name));
		}
		json_array_append_new(cards, o);
	}
}

/* The pieces of seat s that only this game has. */
static json_t *
seat_json(const struct ca_state *st, int s)
{
	const struct ca_ck_player *q = &st->ck.p[s];
	json_t *o = json_object(), *lv = json_object(), *walls = json_array();
	int all, act = active_knights(st, s, &all);
	char n[32];

	for (int t = 0; t < CK_TRACKS; t++)
		json_object_set_new(lv, ck_track_names[t],
		    json_integer(q->level[t]));
	for (int i = 0; i < CK_WALLS; i++)
		if (q->wall[i] != CA_NONE) {
			ca_corner_name(st->b, q->wall[i], n, sizeof n);
			json_array_append_new(walls, json_string(n));
		}
	json_object_set_new(o, "progress", json_integer(q->nprog +
	    q->nsealed));		/* CK20.8: a count */
	json_object_set_new(o, "improvements", lv);
	json_object_set_new(o, "knights", json_integer(all));
	json_object_set_new(o, "knights_active", json_integer(act));
	json_object_set_new(o, "defence", json_integer(ca_ck_defence(st, s)));
	json_object_set_new(o, "walls", walls);
	json_object_set_new(o, "defender", json_integer(q->defender));
	json_object_set_new(o, "vp_cards", json_integer(q->vpcards));
	return o;
}

json_t *
ck_knight_json(const struct ca_state *st, int c)
{
	int k = CA_C_KIND(st->corner[c]);
	char n[32];

	ca_corner_name(st->b, c, n, sizeof n);
	return json_pack("{s:s,s:s,s:i,s:b}", "kind", "knight", "at", n,
	    "level", (k & 3) + 1, "active", (k & CA_CP_ACTIVE) != 0);
}

void
ck_json_view(const struct ca_state *st, json_t *o, json_t *players)
{
	json_t *decks = json_object(), *metro = json_object(), *v;
	const char *ev = st->dice[0] ? ck_event_name(st->ck.event) : NULL;
	char n[32];

	json_object_set_new(o, "event", ev ? json_string(ev) : json_null());
	for (int t = 0; t < CK_TRACKS; t++)
		json_object_set_new(decks, ck_track_names[t],
		    json_integer(st->ck.ndeck[t]));
	json_object_set_new(o, "progress_decks", decks);
	json_object_set_new(o, "barbarians", json_pack("{s:i,s:i,s:i,s:i,"
	    "s:i}", "at", st->ck.ship, "steps", st->ck.steps, "strength",
	    ca_ck_barbarians(st), "defence", ca_ck_defence(st, -1), "attacks",
	    st->ck.attacks));
	for (int t = 0; t < CK_TRACKS; t++) {
		int c = st->ck.metro[t];

		if (c == CA_NONE || st->corner[c] == 0)
			v = json_null();
		else {
			ca_corner_name(st->b, c, n, sizeof n);
			v = json_pack("{s:s,s:s}", "seat", ca_seat_name(st,
			    CA_C_OWNER(st->corner[c])), "at", n);
		}
		json_object_set_new(metro, ck_track_names[t], v);
	}
	json_object_set_new(o, "metropolises", metro);
	if (st->ck.merchant == CA_NONE)
		v = json_null();
	else {
		ca_hex_name(st->b, st->ck.merchant, n, sizeof n);
		v = json_pack("{s:s,s:o}", "at", n, "holder",
		    st->ck.merchant_holder == CA_NONE ? json_null() :
		    json_string(ca_seat_name(st, st->ck.merchant_holder)));
	}
	json_object_set_new(o, "merchant", v);
	/* B7, CK1.2: no development cards and no largest army */
	json_object_del(o, "deck");
	json_object_del(o, "largest_army");
	for (int s = 0; s < st->nseats; s++) {
		json_t *pl = json_array_get(players, (size_t)s);

		json_object_del(pl, "development");
		json_object_del(pl, "development_new");
		json_object_update_new(pl, seat_json(st, s));
	}
}

/* ---- help: the order language and the progress cards ---------------- */

const char ck_help_orders[] =
    "Catan: Cities & Knights orders (one a line; corners c3/d3/d4, edges "
    "c2/d3, hexes d3):\n"
    "  roll | end | resign | play alchemist 4 3   (before the roll)\n"
    "  build settlement|city|knight|wall CORNER | build road EDGE\n"
    "  activate CORNER | promote CORNER | move CORNER CORNER | displace "
    "CORNER CORNER\n"
    "  chase CORNER HEX [steal blue] | robber HEX [steal blue] | retreat "
    "CORNER\n"
    "  improve trade|politics|science [CORNER]\n"
    "  trade 4 wood for 1 coin | offer 1 cloth for 1 wool [to blue] | "
    "accept N | decline N | withdraw\n"
    "  discard 2 ore 2 cloth | discard progress SLUG | pick science | "
    "aqueduct ore\n"
    "  pillage CORNER | desert CORNER | place knight CORNER|none\n"
    "  take SLUG | take BUNDLE | give KIND | give BUNDLE | harbor COLOR "
    "RESOURCE\n"
    "  play SLUG [ARGS]: trigon help card SLUG gives each card's order\n"
    "The rules and an example of every order: catan-ck-rules(7).\n";

/*
 * In the order of enum ck_effect: what the card does, in a line (the
 * words of catan-ck-rules(7), CK14.1-CK14.25), and an order playing it
 * (the page's example), "" for a card laid at once.
 */
static const struct {
	const char *brief, *order;
} effect_help[CK_EFFECTS] = {
	{ "for the rest of the turn, force one exchange on each opponent: "
	    "one of your resources for a commodity of their choosing",
	    "play commercial-harbor, then harbor blue wood" },
	{ "see the cards of a player with more points and take two of them",
	    "play master-merchant white, then take 1 ore 1 cloth" },
	{ "set the merchant on a resource hex by your settlement or city: "
	    "its resource at 2:1 and 1 VP while you hold it",
	    "play merchant c4" },
	{ "one resource or commodity at 2:1 with the bank for the rest of "
	    "the turn", "play merchant-fleet ore" },
	{ "each opponent gives you up to 2 cards of the resource you name",
	    "play resource-monopoly ore" },
	{ "each opponent gives you 1 card of the commodity you name",
	    "play trade-monopoly coin" },
	{ "move the robber and take a random card from each player with a "
	    "building on its hex", "play bishop d3" },
	{ "1 VP, laid face up when drawn; never played", "" },
	{ "an opponent takes one of their knights off the board; you may "
	    "set one of yours of that level, free",
	    "play deserter blue, then place knight a1/a2/b2" },
	{ "remove an open road; your own you may place again at once",
	    "play diplomat e4/f3 f3/f4" },
	{ "displace an opponent's knight at the end of one of your roads",
	    "play intrigue a1/a2/b2" },
	{ "every other player with as many points as you or more discards "
	    "half their cards", "play saboteur" },
	{ "see an opponent's progress cards and take one",
	    "play spy blue, then take spy" },
	{ "all your inactive knights become active, free", "play warlord" },
	{ "each player with more points than you gives you 2 cards of their "
	    "choosing", "play wedding" },
	{ "before the roll, set the white and red dice yourself; the event "
	    "die is rolled", "play alchemist 4 3" },
	{ "the next level of an improvement for one commodity less",
	    "play crane science" },
	{ "a city wall, free", "play engineer e2/e3/f2" },
	{ "two hexes exchange their numbers (not 2, 12, 6 or 8)",
	    "play inventor d3 e3" },
	{ "2 grain for each fields hex by your settlements and cities",
	    "play irrigation" },
	{ "a settlement becomes a city for 2 ore and 1 grain",
	    "play medicine c4/c5/d5" },
	{ "2 ore for each mountains hex by your settlements and cities",
	    "play mining" },
	{ "1 VP, laid face up when drawn; never played", "" },
	{ "two roads, free", "play road-building f3/f4 f3/g3" },
	{ "one or two of your knights promoted, free",
	    "play smith c4/d4/d5 d5/e4/e5" },
};

static struct ck_data help_data;
static int help_state;		/* 0 not loaded, 1 loaded, -1 failed */
static char help_text[CK_EFFECTS][640];

static const struct ck_data *
help_cards(void)
{
	struct rules_error err;

	if (help_state == 0)
		help_state = ck_data_load(&help_data, NULL, 0, NULL, 0,
		    &err) == 0 ? 1 : -1;
	return help_state == 1 ? &help_data : NULL;
}

/*
 * A card by its slug, English or Dutch name, or as "cities SLUG" or
 * "catan-ck SLUG" (the base game answers first for road-building, and
 * Trigon before it for any name both know).
 */
static int
help_find(const struct ck_data *d, const char *name)
{
	static const char *const prefix[] = { "cities", "catan-ck" };

	if (d == NULL || name == NULL)
		return -1;
	for (int i = 0; i < 2; i++) {
		size_t n = strlen(prefix[i]);

		if (strncasecmp(name, prefix[i], n) == 0 &&
		    (name[n] == ' ' || name[n] == '-')) {
			name += n + 1;
			break;
		}
	}
	for (int i = 0; i < d->ncards; i++)
		if (suggest_same_name(name, d->cards[i].slug) ||
		    suggest_same_name(name, d->cards[i].name) ||
		    (d->cards[i].nl[0] && suggest_same_name(name, d->cards[i].nl)))
			return i;
	return -1;
}

const char *
ck_help_card(const char *name)
{
	const struct ck_data *d = help_cards();
	int i = help_find(d, name);
	const struct ck_card *c;
	const char *order;

	if (i < 0)
		return NULL;
	c = &d->cards[i];
	order = effect_help[c->effect].order;
	snprintf(help_text[i], sizeof help_text[i], "%s (%s%s%s, progress "
	    "card of Cities & Knights): %s deck, %d of its %d cards. %c%s "
	    "(CK14.%d).%s%s%s See catan-ck-rules(7).", c->name, c->slug,
	    c->nl[0] ? ", Dutch " : "", c->nl, ck_track_names[c->deck],
	    c->count, d->deck_total[c->deck],
	    toupper((unsigned char)effect_help[c->effect].brief[0]),
	    effect_help[c->effect].brief + 1, c->effect + 1,
	    order[0] ? " Order: " : "", order, order[0] ? "." : "");
	return help_text[i];
}

int
ck_help_card_names(rules_emit_fn emit, void *ctx)
{
	const struct ck_data *d = help_cards();

	for (int i = 0; d != NULL && i < d->ncards; i++)
		if (emit(ctx, d->cards[i].slug) != 0)
			break;
	return 0;
}

const char *
ck_help_card_brief(const char *name, char *buf, size_t n)
{
	const struct ck_data *d = help_cards();
	int i = help_find(d, name);

	if (i < 0 || n == 0)
		return NULL;
	snprintf(buf, n, "%s (%s deck): %s (CK14.%d)", d->cards[i].name,
	    ck_track_names[d->cards[i].deck],
	    effect_help[d->cards[i].effect].brief, d->cards[i].effect + 1);
	return buf;
}
