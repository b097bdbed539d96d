/*
 * trigon.c -- trigon_rules: the Trigon rule set behind lib/rules.h.
 *
 * A thin layer over the engine (engine.h): a struct game is the design
 * data plus one tg_state; actions travel as text and are parsed,
 * applied and formatted here; the views (status, hand, JSON) are
 * written here too.  The board picture lives in board.c (later).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "board.h"
#include "bot.h"
#include "help.h"
#include "internal.h"
#include "scenario.h"
#include "trigon.h"

struct game {
	struct tg_data data;
	struct tg_state st;
	struct rules_note start;	/* what creation did: round 1's start */
};

static const char *const seat_names[] = {
	"green", "purple", "yellow", "white", NULL
};
static const char *const blob_names[] = {
	"map", "villages", "quests", "scenario", NULL
};

static int
tr_create(struct game **out, const struct rules_setup *setup,
    struct rules_error *err)
{
	const struct rules_blob *map, *vil, *qst, *scen;
	struct tg_setup ts;
	struct game *g;
	int rc;

	*out = NULL;
	tg_setup_default(&ts);
	ts.chance = setup->chance;
	ts.salt = setup->salt;
	ts.sealed = setup->sealed;
	if (setup->nseats < 2 || setup->nseats > TG_COLORS)
		return tg_refuse(err, RULES_EDATA,
		    "Trigon takes 2 to 4 players, not %d", setup->nseats);
	ts.nseats = setup->nseats;
	for (int i = 0; i < setup->nseats; i++) {
		int c = tg_color_find(setup->seat[i]);

		if (c < 0)
			return tg_refuse(err, RULES_EDATA,
			    "unknown color '%s' (green, purple, yellow, white)",
			    setup->seat[i]);
		for (int j = 0; j < i; j++)
			if (ts.color[j] == c)
				return tg_refuse(err, RULES_EDATA,
				    "color %s is taken twice", setup->seat[i]);
		ts.color[i] = (uint8_t)c;
	}
	for (size_t i = 0; i < setup->noptions; i++)
		if ((rc = tg_setup_option(&ts, setup->options[i], err)) != 0)
			return rc;
	for (size_t i = 0; i < setup->nblobs; i++) {
		int known = 0;

		for (int k = 0; blob_names[k] != NULL; k++)
			known |= strcmp(setup->blobs[i].name, blob_names[k]) == 0;
		if (!known)
			return tg_refuse(err, RULES_EDATA,
			    "unknown data '%s' (map, villages, quests, scenario)",
			    setup->blobs[i].name);
	}
	if ((g = calloc(1, sizeof *g)) == NULL)
		return tg_refuse(err, RULES_ENOMEM, "out of memory");
	map = rules_setup_blob(setup, "map");
	vil = rules_setup_blob(setup, "villages");
	qst = rules_setup_blob(setup, "quests");
	rc = tg_data_load(&g->data, map ? map->text : NULL, map ? map->len : 0,
	    vil ? vil->text : NULL, vil ? vil->len : 0,
	    qst ? qst->text : NULL, qst ? qst->len : 0, err);
	scen = rules_setup_blob(setup, "scenario");
	if (rc == 0 && scen != NULL) {
		struct tg_scenario *sc = malloc(sizeof *sc);

		if (sc == NULL)
			rc = tg_refuse(err, RULES_ENOMEM, "out of memory");
		else {
			rc = tg_scenario_parse(sc, &g->data, scen->text,
			    scen->len, err);
			if (rc == 0)
				rc = tg_scenario_apply(&g->st, &g->data, &ts,
				    sc, &g->start, err);
			if (rc != 0 && err != NULL && err->data == NULL)
				err->data = "scenario";
			free(sc);
		}
	} else if (rc == 0)
		rc = tg_init(&g->st, &g->data, &ts, &g->start, err);
	if (rc != 0) {
		free(g);
		return rc;
	}
	*out = g;
	return 0;
}

static struct game *
tr_clone(const struct game *g)
{
	struct game *n = malloc(sizeof *n);

	if (n != NULL)
		memcpy(n, g, sizeof *n);
	return n;
}

static void
tr_free(struct game *g)
{
	free(g);
}

static const char *
tr_default_blob(const char *name, size_t *len)
{
	return tg_data_default(name, len);
}

static int
tr_apply(struct game *g, int seat, const char *action, size_t len,
    struct rules_note *note, struct rules_error *err)
{
	struct tg_action a;
	int rc;

	if (note != NULL) {
		note->len = 0;
		note->text[0] = '\0';
	}
	if ((rc = tg_parse(&g->data, &g->st, seat, action, len, &a, err)) != 0)
		return rc;
	return tg_apply(&g->data, &g->st, seat, &a, note, err);
}

static void
tr_await(const struct game *g, struct rules_await *out)
{
	tg_await(&g->data, &g->st, out);
}

/* The public events of creation (turn-order dice, round 1's collection). */
static void
tr_start_note(const struct game *g, struct rules_note *note)
{
	memcpy(note, &g->start, sizeof *note);
}

static int
tr_legal(const struct game *g, int seat, rules_emit_fn emit, void *ctx)
{
	static _Thread_local struct tg_action buf[TG_LEGAL_MAX];
	char line[RULES_ACTION_MAX];
	int n = tg_legal(&g->data, &g->st, seat, buf, TG_LEGAL_MAX);

	for (int i = 0; i < n; i++) {
		tg_format(&g->data, &buf[i], line, sizeof line);
		if (emit(ctx, line) != 0)
			break;
	}
	return 0;
}

/*
 * How tg_legal shortens its list (legal.c): a count that may be 2 or
 * more is listed as 1 and the most; attacks without battle cards;
 * coin offers as 1 coin for 1.  Said only when the list holds such an
 * action, with an example drawn from it.
 */
static const char *
tr_legal_note(const struct game *g, int seat, char *buf, size_t n)
{
	static _Thread_local struct tg_action a[TG_LEGAL_MAX];
	const struct tg_state *st = &g->st;
	char ex[RULES_ACTION_MAX];
	int k = tg_legal(&g->data, st, seat, a, TG_LEGAL_MAX), c, count = -1;
	int attack = -1, offer = -1, battle;
	size_t len = 0;

	if (k == 0 || n == 0)
		return NULL;
	c = st->seat_color[seat];
	battle = tg_hand_count(st, c, TG_CARD_CAVALERIE) > 0 ||
	    tg_hand_count(st, c, TG_CARD_VERDEDIGINGSTOREN) > 0;
	for (int i = 0; i < k; i++)
		switch (a[i].kind) {
		case TG_A_MOVE:
		case TG_A_CROSS:
		case TG_A_SAIL:
			if (battle && attack < 0 && tg_enemy_at(st, a[i].b, c))
				attack = i;
			/* FALLTHROUGH */
		case TG_A_PLACE:
		case TG_A_CHOOSE:
			if (count < 0 && (a[i].n >= 3 || a[i].s >= 3 ||
			    (a[i].kind == TG_A_CHOOSE && a[i].fig >= 3)))
				count = i;
			break;
		case TG_A_OFFER:
			if (offer < 0 && a[i].x != 0xff)
				offer = i;
			break;
		}
	buf[0] = '\0';
	if (count >= 0) {
		struct tg_action x = a[count];

		if (x.kind == TG_A_CHOOSE)
			x.fig = 2;
		else if (x.n >= 3)
			x.n = 2;
		else
			x.s = 2;
		tg_format(&g->data, &x, ex, sizeof ex);
		len += (size_t)snprintf(buf + len, n - len, "note: a number "
		    "of figures is listed as 1 and the most; any number "
		    "between is legal too, e.g. '%s'", ex);
	}
	if (attack >= 0 && len < n) {
		struct tg_action x = a[attack];

		x.x = tg_hand_count(st, c, TG_CARD_CAVALERIE) > 0 ? TG_X_CAV :
		    TG_X_TOWER;
		tg_format(&g->data, &x, ex, sizeof ex);
		len += (size_t)snprintf(buf + len, n - len, "%snote: attacks "
		    "are listed without battle cards; you may add yours, "
		    "e.g. '%s'", len ? "\n" : "", ex);
	}
	if (offer >= 0 && len < n) {
		struct tg_action x = a[offer];

		/* 2 copper for 1 silver (coins: n/s/order given, a/fig/x asked). */
		x.n = 2, x.s = 0, x.order = 0;
		x.a = 0, x.fig = 1, x.x = 0;
		tg_format(&g->data, &x, ex, sizeof ex);
		len += (size_t)snprintf(buf + len, n - len, "%snote: coin "
		    "offers are listed as 1 coin for 1; any amounts may be "
		    "offered, e.g. '%s'", len ? "\n" : "", ex);
	}
	return buf[0] != '\0' ? buf : NULL;
}

static int
tr_points(const struct game *g, int seat)
{
	if (seat < 0 || seat >= g->st.nseats)
		return 0;
	return g->st.p[g->st.seat_color[seat]].points;
}

/*
 * A forfeit (rules.h): the game ends at once; the player still in the
 * game with the most points, other than the forfeiter, wins.
 */
static int
tr_forfeit(struct game *g, int seat, struct rules_note *note,
    struct rules_error *err)
{
	struct tg_state *st = &g->st;
	int best = -1, bp = 0;

	if (seat < 0 || seat >= st->nseats)
		return tg_refuse(err, RULES_ESEAT, "no seat %d", seat);
	if (st->phase == TG_PH_OVER)
		return tg_refuse(err, RULES_REFUSED, "the game is over");
	for (int t = 0; t < st->nseats; t++) {
		int c = st->seat_color[t];

		if (t == seat || !tg_playing(st, c))
			continue;
		if (best < 0 || st->p[c].points > bp) {
			best = t;
			bp = st->p[c].points;
		}
	}
	if (best < 0)
		return tg_refuse(err, RULES_REFUSED, "no other player is left "
		    "in the game");
	tg_note(note, "%s forfeits", tg_color_name[st->seat_color[seat]]);
	tg_game_over(st, st->seat_color[best], TG_HOW_FORFEIT, note);
	return 0;
}

/* --- views -------------------------------------------------------------- */

static int
figures_total(const struct game *g, int c, int *kn, int *sc, int *bt)
{
	const struct tg_state *st = &g->st;

	*kn = *sc = *bt = 0;
	for (int i = 0; i < g->data.nspots; i++)
		if (tg_fig_color(st, i) == c) {
			*kn += st->kn[i];
			*sc += tg_scouts(st, i);
			*bt += tg_boats(st, i);
		}
	for (int r = 0; r < g->data.nrivers; r++)
		if (tg_river_color(st, r) == c) {
			*kn += st->rkn[r];
			*sc += st->rsc[r] & 3;
		}
	return 0;
}

static int
hand_size(const struct tg_state *st, int c, int *quests)
{
	int n = 0;

	for (int t = 0; t < TG_CARD_TYPES; t++)
		n += tg_hand_count(st, c, t);
	n += tg_sealed_held(st, c);
	*quests = 0;
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		*quests += (st->quest[q] & 0x0f) == c;
	return n;
}

/* "1 knight", "2 knights" (word is a string literal). */
#define PL(n, word) ((n) == 1 ? word : word "s")

static int
describe_status(const struct game *g, FILE *out)
{
	const struct tg_state *st = &g->st;
	struct rules_await aw;

	tg_await(&g->data, st, &aw);
	fprintf(out, "Rule of Trigon, round %d, %s\n", st->round,
	    st->phase == TG_PH_SETUP ? "set-up" : st->phase == TG_PH_OVER ?
	    "game over" : "action phase");
	fprintf(out, "%s\n", aw.text);
	if (st->phase == TG_PH_ACTION) {
		fprintf(out, "order:");
		for (int i = 0; i < st->norder; i++)
			fprintf(out, " %s%s", tg_color_name[st->order[i]],
			    i == st->turn ? "*" : "");
		fputc('\n', out);
	}
	for (int i = 0; i < st->nseats; i++) {
		int c = st->seat_color[i], kn, sc, bt, q, h;
		const struct tg_player *p = &st->p[c];

		figures_total(g, c, &kn, &sc, &bt);
		h = hand_size(st, c, &q);
		fprintf(out, "%s: %d %s; %d copper %d silver %d gold; %d %s",
		    tg_color_name[c], p->points, PL(p->points, "point"),
		    p->coin[0], p->coin[1], p->coin[2], p->nsettle,
		    PL(p->nsettle, "settlement"));
		if (p->ncity)
			fprintf(out, " (%d %s)", p->ncity,
			    p->ncity == 1 ? "city" : "cities");
		fprintf(out, ", %d %s; %d %s, %d %s, %d %s", p->inhab,
		    PL(p->inhab, "inhabitant"), kn, PL(kn, "knight"), sc,
		    PL(sc, "scout"), bt, PL(bt, "boat"));
		if (p->reserve)
			fprintf(out, ", %d in reserve", p->reserve);
		fprintf(out, "; %d play %s, %d %s open, %d done", h,
		    PL(h, "card"), q, PL(q, "quest"), p->quests_done);
		if (p->flags & TG_PF_OUT)
			fprintf(out, " (out)");
		if (p->flags & TG_PF_RESIGNED)
			fprintf(out, " (resigned)");
		fputc('\n', out);
	}
	fprintf(out, "bank: %d copper %d silver %d gold\n", st->bank[0],
	    st->bank[1], st->bank[2]);
	return ferror(out) ? RULES_EDATA : 0;
}

/* Cards of c by private number (tg_items), as c (or a spy) sees them. */
static int
list_items(const struct game *g, int c, FILE *out)
{
	const struct tg_state *st = &g->st;
	uint8_t it[TG_CARD_TYPES + TG_QUEST_CARDS];
	int n = tg_items(st, c, it);

	for (int i = 0; i < n; i++) {
		if (it[i] < 64) {
			int t = it[i], k = tg_hand_count(st, c, t);

			fprintf(out, "%d: play %s (%s)", i + 1, tg_cards[t].slug,
			    tg_cards[t].gloss);
			if (k > 1)
				fprintf(out, " x%d", k);
			fputc('\n', out);
		} else {
			int q = it[i] - 64;
			const struct tg_quest_card *qc = &g->data.quests[q];
			int prog = st->quest[q] >> TG_Q_PROGRESS_SHIFT;

			fprintf(out, "%d: quest %s (%s), %d %s", i + 1, qc->id,
			    qc->gloss, qc->points,
			    qc->points == 1 ? "point" : "points");
			if (qc->count > 1)
				fprintf(out, ", %d of %d done", prog, qc->count);
			fputc('\n', out);
		}
	}
	return n;
}

/*
 * The sealed cards of c (R13) by position, with the faces this reader
 * knows: c's own when the game is read as c (trigon-rules(7), R13.3).
 */
static int
sealed_items(const struct tg_state *st, int c, FILE *out)
{
	struct tg_action a[TG_SEALED_CARDS];
	int n = tg_sealed_legal(st, c, a, 0, TG_SEALED_CARDS);

	for (int i = 0; i < n; i++) {
		int t = tg_sealed_face(st, a[i].a);

		if (t >= 0)
			fprintf(out, "sealed %d: play %s (%s) (show %d)\n",
			    a[i].a, tg_cards[t].slug, tg_cards[t].gloss,
			    a[i].a);
		else
			fprintf(out, "sealed %d: a card you may not see\n",
			    a[i].a);
	}
	return n;
}

/* The cards of c by private number, as JSON (trigon hand --json). */
static json_t *
json_items(const struct game *g, int c)
{
	const struct tg_state *st = &g->st;
	uint8_t it[TG_CARD_TYPES + TG_QUEST_CARDS];
	int n = tg_items(st, c, it);
	json_t *a = json_array();

	for (int i = 0; i < n; i++) {
		if (it[i] < 64) {
			int t = it[i];

			json_array_append_new(a, json_pack("{s:i,s:s,s:s,s:s,"
			    "s:i}", "number", i + 1, "kind", "play", "card",
			    tg_cards[t].slug, "gloss", tg_cards[t].gloss,
			    "count", tg_hand_count(st, c, t)));
		} else {
			int q = it[i] - 64;
			const struct tg_quest_card *qc = &g->data.quests[q];

			json_array_append_new(a, json_pack("{s:i,s:s,s:s,s:s,"
			    "s:i,s:i,s:i}", "number", i + 1, "kind", "quest",
			    "card", qc->id, "gloss", qc->gloss, "points",
			    qc->points, "done", st->quest[q] >>
			    TG_Q_PROGRESS_SHIFT, "of", qc->count));
		}
	}
	return a;
}

/* The sealed cards of c (R13): position, and the card when known. */
static json_t *
json_sealed(const struct tg_state *st, int c)
{
	struct tg_action a[TG_SEALED_CARDS];
	int n = tg_sealed_legal(st, c, a, 0, TG_SEALED_CARDS);
	json_t *arr = json_array();

	for (int i = 0; i < n; i++) {
		int t = tg_sealed_face(st, a[i].a);

		json_array_append_new(arr, json_pack("{s:i,s:o}", "position",
		    a[i].a, "card", t >= 0 ? json_string(tg_cards[t].slug) :
		    json_null()));
	}
	return arr;
}

static int
describe_hand_json(const struct game *g, int c, FILE *out)
{
	const struct tg_state *st = &g->st;
	json_t *root, *done = json_array();
	int rc;

	for (int q = 0; q < TG_QUEST_CARDS; q++) {
		const struct tg_quest_card *qc = &g->data.quests[q];

		if ((st->quest[q] & 0x0f) == (TG_Q_DONE | c))
			json_array_append_new(done, json_pack("{s:s,s:s,s:i}",
			    "card", qc->id, "gloss", qc->gloss, "points",
			    qc->points));
	}
	root = json_pack("{s:s,s:o}", "seat", tg_color_name[c], "cards",
	    json_items(g, c));
	if (st->flags & TG_SF_SEALED)	/* R13 */
		json_object_set_new(root, "sealed", json_sealed(st, c));
	json_object_set_new(root, "done", done);
	if (st->pending.kind == TG_PD_SPY && st->pending.color == c)
		json_object_set_new(root, "spied", json_pack("{s:s,s:o}",
		    "seat", tg_color_name[st->pending.arg[0]], "cards",
		    json_items(g, st->pending.arg[0])));
	else
		json_object_set_new(root, "spied", json_null());
	rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(root);
	return rc != 0 || ferror(out) ? RULES_EDATA : 0;
}

static int
describe_hand(const struct game *g, int viewer, unsigned flags, FILE *out)
{
	const struct tg_state *st = &g->st;
	int c, any;

	if (viewer < 0 || viewer >= st->nseats)
		return RULES_ESEAT;
	c = st->seat_color[viewer];
	if (flags & RULES_VF_JSON)
		return describe_hand_json(g, c, out);
	fprintf(out, "hand of %s\n", tg_color_name[c]);
	any = list_items(g, c, out) > 0;
	any |= sealed_items(st, c, out) > 0;
	for (int q = 0; q < TG_QUEST_CARDS; q++) {
		const struct tg_quest_card *qc = &g->data.quests[q];

		if ((st->quest[q] & 0x0f) == (TG_Q_DONE | c)) {
			fprintf(out, "done %s (%s), %d %s\n", qc->id,
			    qc->gloss, qc->points,
			    qc->points == 1 ? "point" : "points");
			any = 1;
		}
	}
	if (!any)
		fprintf(out, "no cards\n");
	/* Spionage: the spy sees the other hand until it has taken. */
	if (st->pending.kind == TG_PD_SPY && st->pending.color == c) {
		fprintf(out, "hand of %s (spionage: take N)\n",
		    tg_color_name[st->pending.arg[0]]);
		list_items(g, st->pending.arg[0], out);
	}
	return ferror(out) ? RULES_EDATA : 0;
}

static json_t *
json_coins(const uint8_t *c)
{
	return json_pack("{s:i,s:i,s:i}", "copper", c[0], "silver", c[1],
	    "gold", c[2]);
}

static int
describe_json(const struct game *g, FILE *out)
{
	const struct tg_data *d = &g->data;
	const struct tg_state *st = &g->st;
	json_t *root, *players, *spots, *rivers, *order;
	struct rules_await aw;
	int rc;

	tg_await(d, st, &aw);
	root = json_object();
	json_object_set_new(root, "round", json_integer(st->round));
	json_object_set_new(root, "phase", json_string(
	    st->phase == TG_PH_SETUP ? "setup" : st->phase == TG_PH_OVER ?
	    "over" : "action"));
	json_object_set_new(root, "to_act", aw.seat >= 0 ?
	    json_string(tg_color_name[st->seat_color[aw.seat]]) : json_null());
	json_object_set_new(root, "awaiting", json_string(aw.text));
	json_object_set_new(root, "winner", st->winner != TG_NONE ?
	    json_string(tg_color_name[st->winner]) : json_null());
	json_object_set_new(root, "how", st->winner != TG_NONE ?
	    json_string(tg_how_name[st->how]) : json_null());
	order = json_array();
	for (int i = 0; i < st->norder; i++)
		json_array_append_new(order,
		    json_string(tg_color_name[st->order[i]]));
	json_object_set_new(root, "order", order);
	json_object_set_new(root, "bank", json_coins(st->bank));
	json_object_set_new(root, "decks", json_pack("{s:i,s:i,s:i}",
	    "village", st->vcount, "quest", st->qcount, "play",
	    st->pcount + tg_sealed_left(st)));
	players = json_array();
	for (int i = 0; i < st->nseats; i++) {
		int c = st->seat_color[i], kn, sc, bt, q, h;
		const struct tg_player *p = &st->p[c];
		json_t *pj, *done = json_array();

		figures_total(g, c, &kn, &sc, &bt);
		h = hand_size(st, c, &q);
		for (int k = 0; k < TG_QUEST_CARDS; k++)
			if ((st->quest[k] & 0x0f) == (TG_Q_DONE | c))
				json_array_append_new(done,
				    json_string(d->quests[k].id));
		pj = json_pack("{s:s,s:i,s:o,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:b,s:b,s:b,s:o}",
		    "color", tg_color_name[c], "points", p->points,
		    "coins", json_coins(p->coin), "settlements", p->nsettle,
		    "cities", p->ncity, "inhabitants", p->inhab,
		    "knights", kn, "scouts", sc, "boats", bt,
		    "reserve", p->reserve, "play_cards", h, "quests_open", q,
		    "founded", p->founded,
		    "palace", (p->flags & TG_PF_PALACE) != 0,
		    "explorer", (p->flags & TG_PF_EXPLORER) != 0,
		    "playing", (p->flags & TG_PF_PLAYING) != 0,
		    "quests_done", done);
		json_array_append_new(players, pj);
	}
	json_object_set_new(root, "players", players);
	spots = json_array();
	for (int i = 0; i < d->nspots; i++) {
		json_t *sj = json_pack("{s:s}", "spot", d->spots[i].name);
		int o = tg_owner(st, i), f = tg_fig_color(st, i);

		if (o >= 0)
			json_object_set_new(sj, "settlement", json_pack(
			    "{s:s,s:i,s:s,s:i,s:b,s:b}", "owner",
			    tg_color_name[o], "chip", tg_chip(st, i), "card",
			    d->villages[tg_vcard(st, i)].id, "inhabitants",
			    tg_inhab(st, i), "city", tg_is_city(st, i),
			    "palace", tg_has_palace(st, i)));
		if (f >= 0)
			json_object_set_new(sj, "figures", json_pack(
			    "{s:s,s:i,s:i,s:i}", "color", tg_color_name[f],
			    "knights", st->kn[i], "scouts", tg_scouts(st, i),
			    "boats", tg_boats(st, i)));
		if (o >= 0 || f >= 0)
			json_array_append_new(spots, sj);
		else
			json_decref(sj);
	}
	json_object_set_new(root, "spots", spots);
	rivers = json_array();
	for (int p = 0; p < d->npaths; p++) {
		int r = d->paths[p].river_index, c;

		if (!d->paths[p].river || (c = tg_river_color(st, r)) < 0)
			continue;
		json_array_append_new(rivers, json_pack(
		    "{s:s,s:s,s:s,s:s,s:i,s:i}", "a",
		    d->spots[d->paths[p].a].name, "b",
		    d->spots[d->paths[p].b].name, "heading",
		    d->spots[tg_river_heading(d, st, p)].name, "color",
		    tg_color_name[c], "knights", st->rkn[r], "scouts",
		    st->rsc[r] & 3));
	}
	json_object_set_new(root, "paths", rivers);
	rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(root);
	return rc != 0 || ferror(out) ? RULES_EDATA : 0;
}

static int
tr_describe(const struct game *g, enum rules_view view, int viewer,
    unsigned flags, FILE *out)
{
	switch (view) {
	case RULES_VIEW_STATUS:
		return describe_status(g, out);
	case RULES_VIEW_HAND:
		return describe_hand(g, viewer, flags, out);
	case RULES_VIEW_JSON:
		return describe_json(g, out);
	case RULES_VIEW_BOARD:
		if (flags & RULES_VF_SVG)
			return tg_board_svg(&g->data, &g->st, viewer >= 0 &&
			    viewer < g->st.nseats ? g->st.seat_color[viewer] :
			    -1, out);
		return tg_board_write(&g->data, &g->st, viewer >= 0 &&
		    viewer < g->st.nseats ? g->st.seat_color[viewer] : -1,
		    flags, out);
	default:
		return RULES_EDATA;
	}
}

const struct tg_data *
trigon_game_data(const struct game *g)
{
	return &g->data;
}

const struct tg_state *
trigon_game_state(const struct game *g)
{
	return &g->st;
}

/* What the core shows and offers (rules.h): Trigon's words. */
static const struct rules_end ends[] = {
	{ "points", "a player reaches 25 points (R11.2)" },
	{ "emperor", "a player crowns an emperor (R11.2)" },
	{ "quests", "a player completes 5 quests (R11.2)" },
	{ "last", "the last player left in the game wins (R11.3)" },
	{ NULL, NULL },
};

static const struct rules_bot_kind bot_kinds[] = {
	{ "mcts", "information-set Monte Carlo tree search (the default)" },
	{ "random", "any legal action, at random" },
	{ "greedy", "the best-looking action, one step ahead" },
	{ NULL, NULL },
};

static const char *const blob_texts[] = {
	"the map: lands, spots, paths, rivers (trigon-rules(7), DATA FILES)",
	"the village cards",
	"the quest cards",
	"a scenario: a position to start from instead of the set-up",
	NULL
};

static long
tr_round(const struct game *g)
{
	return g->st.round;
}

/*
 * Recorded by every new game: R10.2/R10.7 as the brief says (a
 * protection card shields its holder only).  Files made before this
 * option lack it and keep their rule (the card strikes nobody).
 */
static const char *const new_options[] = { "shield=holder", NULL };

/* rules.note_view: the gloss from the game's own data (help.c). */
static const char *
tr_note_view(const struct game *g, const char *note, size_t len, char *buf,
    size_t n)
{
	return tg_note_view(g != NULL ? &g->data : NULL, note, len, buf, n);
}

/* For `trigon help move`: the first orders of a game from Psor. */
static const char *const order_examples[] = {
	"build knight at psor", "move 3 knights from psor to ulvdal",
	"buy card", "end", NULL,
};

const struct rules trigon_rules = {
	.name = "trigon",
	.title = "Rule of Trigon",
	.min_seats = 2,
	.max_seats = 4,
	.seat_names = seat_names,
	.blob_names = blob_names,
	.create = tr_create,
	.clone = tr_clone,
	.free = tr_free,
	.default_blob = tr_default_blob,
	.apply = tr_apply,
	.await = tr_await,
	.start_note = tr_start_note,
	.legal = tr_legal,
	.describe = tr_describe,
	.points = tr_points,
	.forfeit = tr_forfeit,
	.bot = trigon_bot,	/* bot.c */
	.search = &trigon_search,	/* bot.c: the core search's hooks */
	.ends = ends,
	.round = tr_round,
	.round_name = "round",
	.bot_kinds = bot_kinds,
	.default_seats = 4,
	.help_orders = tg_help_orders,
	.order_examples = order_examples,
	.help_card = tg_help_card,	/* help.c */
	.help_card_names = tg_help_card_names,
	.help_card_brief = tg_help_card_brief,
	.note_view = tr_note_view,	/* help.c */
	.legal_note = tr_legal_note,
	.blob_texts = blob_texts,
	.new_options = new_options,
	.hands_sealed = 1,	/* R13, sealed.c */
};
