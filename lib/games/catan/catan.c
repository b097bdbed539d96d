/*
 * catan.c -- catan_rules: Catan (base game and Seafarers), and
 * catan_ck_rules: Catan: Cities & Knights (catan-ck-rules(7)), behind
 * lib/rules.h.  A thin layer over the engine (engine.h): a struct game is
 * the shared immutable data and board plus one ca_state; actions travel
 * as text (parse.c); the views are written here, but for the board
 * picture (board.c as text, svg.c as SVG).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "chance.h"
#include "games/catan/board.h"
#include "games/catan/bot.h"
#include "games/catan/catan.h"
#include "games/catan/ckdata.h"
#include "games/catan/ckviews.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"
#include "games/catan/sealed.h"

#define PRIV_MAX 8

/* Data and board, shared by a game and its clones (immutable). */
struct shared {
	int refs;
	struct ca_data data;
	struct ca_board board;
	struct ck_data ck;	/* catan-ck's progress cards and tracks */
};

struct game {
	struct shared *sh;
	struct ca_state st;
	struct rules_note start;
	/* each seat's private events (CA14.2 HAND), the newest last */
	int npriv[CA_SEATS];
	char priv[CA_SEATS][PRIV_MAX][96];
};

static long ca_round(const struct game *g);

static const char *const seat_names[] = {
	"red", "blue", "white", "orange", NULL
};
static const char *const blob_names[] = { "maps", "deck", "position", NULL };
static const char *const ck_blob_names[] = { "maps", "deck", "progress",
	"improvements", "position", NULL };

/* CA3.1: the variable set-up, drawn in one "setup" event (CA12.4). */
static int
draw_setup(const struct ca_mapdef *m, const struct rules_chance *ch,
    uint32_t *events, struct ca_setup_draw *d, struct rules_error *err)
{
	struct rules_chance_req req = { "setup", 0, 5 };
	struct chance_stream cs;
	int rc;

	memset(d, 0, sizeof *d);
	if ((rc = chance_event(ch, events, &req, &cs, err)) != 0)
		return rc;
	memcpy(d->terrain, m->pool_terrain, m->npool_terrain);
	chance_shuffle(&cs, d->terrain, m->npool_terrain);
	d->k = (uint8_t)chance_below(&cs, 6);
	memcpy(d->harbors, m->pool_harbors, m->npool_harbors);
	chance_shuffle(&cs, d->harbors, m->npool_harbors);
	return 0;
}

/*
 * Option first=draw: the seat that places first and takes the first
 * turn drawn in one "first player" event (kind 6), after the set-up's,
 * each seat alike -- the published rules' starting roll.  Without the
 * option seat 0 begins (CA1.5's decision), and no event is opened, so
 * a file written before the option replays byte for byte.
 */
static int
draw_first(const struct rules_chance *ch, uint32_t *events, int nseats,
    uint8_t *first, struct rules_error *err)
{
	struct rules_chance_req req = { "first player", 0, 6 };
	struct chance_stream cs;
	int rc;

	if ((rc = chance_event(ch, events, &req, &cs, err)) != 0)
		return rc;
	*first = (uint8_t)chance_below(&cs, nseats);
	return 0;
}

static void
start_text(struct game *g)
{
	const struct ca_board *b = &g->sh->board;
	struct rules_note *n = &g->start;
	char hn[8];

	n->len = 0;
	n->text[0] = '\0';
	if (b->def->has_pool) {
		size_t len;
		char line[1024];

		len = (size_t)snprintf(line, sizeof line, "set-up:");
		for (int h = 0; h < b->nhex && len < sizeof line; h++) {
			if (b->def->terrain[h] != CA_LANDHOLDER)
				continue;
			ca_hex_name(b, h, hn, sizeof hn);
			if (b->token[h])
				len += (size_t)snprintf(line + len, sizeof line - len,
				    " %s %s %d", hn, ca_terrain_names[b->terrain[h]],
				    b->token[h]);
			else
				len += (size_t)snprintf(line + len, sizeof line - len,
				    " %s %s", hn, ca_terrain_names[b->terrain[h]]);
		}
		n->len = (size_t)snprintf(n->text, sizeof n->text, "%s\n", line);
		len = (size_t)snprintf(line, sizeof line, "harbors:");
		for (int i = 0; i < b->nharbors && len < sizeof line; i++) {
			char en[16];

			ca_edge_name(b, b->harbor_edge[i], en, sizeof en);
			len += (size_t)snprintf(line + len, sizeof line - len,
			    " %s %s", en, b->harbor_type[i] == CA_HARBOR_ANY ?
			    "3:1" : ca_kind_names[b->harbor_type[i]]);
		}
		n->len += (size_t)snprintf(n->text + n->len,
		    sizeof n->text - n->len, "%s\n", line);
	}
	if (g->st.phase == CA_PH_SETUP)
		n->len += (size_t)snprintf(n->text + n->len,
		    sizeof n->text - n->len, "%s to place\n",
		    ca_seat_name(&g->st, g->st.active));
}

/* A whole number of at most two digits after a key's '=', or -1. */
static int
option_num(const char *v)
{
	int n = 0;

	if (*v == '\0' || strlen(v) > 2)
		return -1;
	for (; *v; v++) {
		if (*v < '0' || *v > '9')
			return -1;
		n = n * 10 + (*v - '0');
	}
	return n;
}

/*
 * catan-ck's options (CK15.2, CK2.4): points=N (10-20) and
 * barbarian-steps=N (3-10); 0 in *points or *steps when not given.
 * 1 when o is one of them, 0 when it is not, or RULES_EDATA refused.
 */
static int
ck_option(const char *o, int *points, int *steps, struct rules_error *err)
{
	int v;

	if (strncmp(o, "points=", 7) == 0) {
		if ((v = option_num(o + 7)) < 10 || v > 20)
			return rules_refuse(err, RULES_EDATA, "points must be "
			    "10-20 (CK15.2)");
		*points = v;
		return 1;
	}
	if (strncmp(o, "barbarian-steps=", 16) == 0) {
		if ((v = option_num(o + 16)) < 3 || v > 10)
			return rules_refuse(err, RULES_EDATA, "barbarian-steps "
			    "must be 3-10 (CK2.4)");
		*steps = v;
		return 1;
	}
	return 0;
}

/* The options of a new game (CA1.5, CA1.6, CA9.4; catan-ck's CK15.2,
 * CK2.4). */
struct options {
	const char *mapname;
	int vp, drawfirst, points, steps, harbor;
};

static int
read_options(const struct rules_setup *setup, int ck, struct options *op,
    struct rules_error *err)
{
	int rc;

	for (size_t i = 0; i < setup->noptions; i++) {
		const char *o = setup->options[i];

		if (ck && (rc = ck_option(o, &op->points, &op->steps,
		    err)) != 0) {
			if (rc != 1)
				return rc;
		} else if (strncmp(o, "map=", 4) == 0)
			op->mapname = o + 4;
		else if (!ck && strncmp(o, "vp=", 3) == 0) {
			const char *p = o + 3;

			op->vp = 0;
			for (; *p >= '0' && *p <= '9' && op->vp <= 30; p++)
				op->vp = op->vp * 10 + (*p - '0');
			if (*p || p == o + 3 || op->vp < 3 || op->vp > 30)
				return rules_refuse(err, RULES_EDATA, "vp must be 3-30 "
				    "(CA1.6)");
		} else if (strcmp(o, "first=draw") == 0)
			op->drawfirst = 1;
		else if (strcmp(o, "first=1") == 0)
			op->drawfirst = 0;
		else if (strncmp(o, "first=", 6) == 0)
			return rules_refuse(err, RULES_EDATA, "first must be 1 "
			    "(seat 1 begins) or draw (CA1.5)");
		else if (!ck && strcmp(o, "harbormaster=on") == 0)
			op->harbor = 1;
		else if (!ck && strncmp(o, "harbormaster=", 13) == 0)
			return rules_refuse(err, RULES_EDATA, "harbormaster "
			    "takes on (CA9.4)");
		else if (ck)
			return rules_refuse(err, RULES_EDATA, "unknown option '%s' "
			    "(map=NAME, points=N, barbarian-steps=N, first=draw; "
			    "CK1.1)", o);
		else
			return rules_refuse(err, RULES_EDATA, "unknown option '%s' "
			    "(map=NAME, vp=N, first=draw, harbormaster=on; CA1.6)",
			    o);
	}
	return 0;
}

/* Each seat's color from the setup's seat names, none twice. */
static int
seat_colors(struct ca_state *st, const struct rules_setup *setup,
    struct rules_error *err)
{
	for (int i = 0; i < setup->nseats; i++) {
		int c = -1;

		for (int k = 0; k < CA_SEATS; k++)
			if (strcmp(setup->seat[i], ca_seat_names[k]) == 0)
				c = k;
		if (c < 0)
			return rules_refuse(err, RULES_EDATA, "unknown color '%s' "
			    "(red, blue, white, orange)", setup->seat[i]);
		for (int j = 0; j < i; j++)
			if (st->color[j] == c)
				return rules_refuse(err, RULES_EDATA, "color %s is "
				    "taken twice", setup->seat[i]);
		st->color[i] = (uint8_t)c;
	}
	return 0;
}

static int
create(struct game **out, const struct rules_setup *setup, int ck,
    struct rules_error *err)
{
	const struct rules_blob *maps, *deck, *pos;
	const char *const *names = ck ? ck_blob_names : blob_names;
	const struct ca_mapdef *m;
	struct ca_setup_draw draw;
	struct game *g;
	uint32_t events = 0;
	struct options op = { .mapname = "beginner" };
	uint8_t first = 0;
	int rc;

	*out = NULL;
	if (setup->nseats < 3 || setup->nseats > CA_SEATS)
		return rules_refuse(err, RULES_EDATA, "%s takes 3 or 4 players, "
		    "not %d (%s)", ck ? "Cities & Knights" : "Catan",
		    setup->nseats, ck ? "CK1.1" : "CA1.1");
	if ((rc = read_options(setup, ck, &op, err)) != 0)
		return rc;
	for (size_t i = 0; i < setup->nblobs; i++) {
		size_t k = 0;

		while (names[k] != NULL &&
		    strcmp(setup->blobs[i].name, names[k]) != 0)
			k++;
		if (names[k] == NULL)
			return rules_refuse(err, RULES_EDATA, "%s reads no '%s' "
			    "data", ck ? "Cities & Knights" : "Catan",
			    setup->blobs[i].name);
	}
	g = calloc(1, sizeof *g);
	if (g == NULL || (g->sh = calloc(1, sizeof *g->sh)) == NULL) {
		free(g);
		return rules_refuse(err, RULES_ENOMEM, "out of memory");
	}
	g->sh->refs = 1;
	maps = rules_setup_blob(setup, "maps");
	deck = rules_setup_blob(setup, "deck");
	pos = rules_setup_blob(setup, "position");
	rc = ca_data_load(&g->sh->data, maps ? maps->text : NULL,
	    maps ? maps->len : 0, deck ? deck->text : NULL, deck ? deck->len : 0,
	    err);
	if (rc != 0)
		goto bad;
	if (ck) {
		const struct rules_blob *pr = rules_setup_blob(setup,
		    "progress"), *im = rules_setup_blob(setup, "improvements");

		if ((rc = ck_data_load(&g->sh->ck, pr ? pr->text : NULL,
		    pr ? pr->len : 0, im ? im->text : NULL, im ? im->len : 0,
		    err)) != 0)
			goto bad;
	}
	m = ca_data_map(&g->sh->data, op.mapname);
	if (m == NULL) {
		rc = rules_refuse(err, RULES_EDATA, "no map '%s' (CA1.6)",
		    op.mapname);
		goto bad;
	}
	if (m->harbormaster)		/* CA9.6, CK19.9 */
		op.harbor = 1;
	if (m->has_pool && (rc = draw_setup(m, setup->chance, &events, &draw,
	    err)) != 0)
		goto bad;
	if (op.drawfirst && (rc = draw_first(setup->chance, &events,
	    setup->nseats, &first, err)) != 0)
		goto bad;
	if ((rc = ca_board_build(&g->sh->board, m, m->has_pool ? &draw : NULL,
	    err)) != 0)
		goto bad;
	if (op.harbor && g->sh->board.kind != CA_MAP_SEAFARERS) {
		rc = rules_refuse(err, RULES_EDATA, "the harbormaster plays on "
		    "a Seafarers map, not on '%s' (CA9.4)", op.mapname);
		goto bad;
	}
	ca_init(&g->st, &g->sh->board, &g->sh->data, setup->nseats, op.vp,
	    setup->chance);
	g->st.harbor_on = (uint8_t)op.harbor;
	g->st.events = events;
	g->st.first = g->st.active = first;
	/* CK1.1, CK16.3: after the set-up's events, the progress decks' */
	g->sh->ck.sealed = setup->sealed;	/* CK20 */
	if (ck && (rc = ca_ck_init(&g->st, &g->sh->ck, op.points, op.steps,
	    err)) != 0)
		goto bad;
	if ((rc = seat_colors(&g->st, setup, err)) != 0)
		goto bad;
	if (pos != NULL && (rc = ca_position_load(&g->st, pos->text, pos->len,
	    err)) != 0)
		goto bad;
	/* CA15.1: the development deck sealed, after the position */
	if (!ck && setup->sealed != NULL && (rc = ca_sealed_init(&g->st,
	    setup->sealed, err)) != 0)
		goto bad;
	/* CK20.1: the progress decks sealed, after the position */
	if (ck && setup->sealed != NULL && (rc = ck_sealed_init(&g->st,
	    setup->sealed, err)) != 0)
		goto bad;
	start_text(g);
	*out = g;
	return 0;
bad:
	free(g->sh);
	free(g);
	return rc;
}

static int
ca_create(struct game **out, const struct rules_setup *setup,
    struct rules_error *err)
{
	return create(out, setup, 0, err);
}

static int
ck_create(struct game **out, const struct rules_setup *setup,
    struct rules_error *err)
{
	return create(out, setup, 1, err);
}

static struct game *
ca_clone(const struct game *g)
{
	struct game *c = malloc(sizeof *c);

	if (c == NULL)
		return NULL;
	memcpy(c, g, sizeof *c);
	c->sh->refs++;
	return c;
}

static void
ca_free(struct game *g)
{
	if (g == NULL)
		return;
	if (--g->sh->refs == 0)
		free(g->sh);
	free(g);
}

static const char *
ca_default_blob(const char *name, size_t *len)
{
	if (strcmp(name, "maps") == 0) {
		*len = ca_embed_maps_len;
		return ca_embed_maps;
	}
	if (strcmp(name, "deck") == 0) {
		*len = ca_embed_deck_len;
		return ca_embed_deck;
	}
	if (strcmp(name, "progress") == 0) {
		*len = ca_embed_progress_len;
		return ca_embed_progress;
	}
	if (strcmp(name, "improvements") == 0) {
		*len = ca_embed_improvements_len;
		return ca_embed_improvements;
	}
	return NULL;
}

static void
keep_private(struct game *g, const struct ca_secret *sec)
{
	for (int i = 0; i < CA_SECRET_MAX; i++) {
		int s = sec->seat[i];

		if (s == CA_NONE || s >= CA_SEATS)
			continue;
		if (g->npriv[s] == PRIV_MAX) {
			memmove(g->priv[s][0], g->priv[s][1],
			    sizeof g->priv[s][0] * (PRIV_MAX - 1));
			g->npriv[s]--;
		}
		snprintf(g->priv[s][g->npriv[s]++], sizeof g->priv[s][0], "%s",
		    sec->text[i]);
	}
}

static int
ca_rules_apply(struct game *g, int seat, const char *action, size_t len,
    struct rules_note *note, struct rules_error *err)
{
	struct ca_action a;
	struct ca_secret sec;
	int rc;

	memset(err, 0, sizeof *err);
	if (note != NULL) {
		note->len = 0;
		note->text[0] = '\0';
	}
	if ((rc = ca_parse(&g->st, action, len, &a, err)) != 0)
		return rc;
	rc = ca_apply(&g->st, seat, &a, note, &sec, err);
	if (rc == 0)
		keep_private(g, &sec);
	return rc;
}

/* st->how as one of ends[]' names. */
static const char *
how_name(int how)
{
	return how == 3 ? RULES_HOW_FORFEIT : how == 2 ? "last" : "points";
}

static int
ca_rules_forfeit(struct game *g, int seat, struct rules_note *note,
    struct rules_error *err)
{
	return ca_forfeit(&g->st, seat, note, err);
}

static void
ca_rules_await(const struct game *g, struct rules_await *out)
{
	const struct ca_state *st = &g->st;

	memset(out, 0, sizeof *out);
	out->winner = -1;
	if (st->phase == CA_PH_OVER) {
		out->over = 1;
		out->seat = -1;
		out->may_act = 0;
		out->winner = st->winner == CA_NONE ? -1 : st->winner;
		snprintf(out->how, sizeof out->how, "%s", how_name(st->how));
	} else {
		out->seat = ca_await_seat(st);
		out->may_act = ca_may_act(st);
		if (out->may_act == (1u << out->seat))
			out->may_act = 0;
	}
	ca_await_text(st, out->text, sizeof out->text);
}

static int
ca_rules_legal(const struct game *g, int seat, rules_emit_fn emit, void *ctx)
{
	struct ca_action *a;
	int n, max = 1024, rc = 0;
	char buf[RULES_ACTION_MAX];

	for (;;) {
		if ((a = malloc(sizeof *a * (size_t)max)) == NULL)
			return RULES_ENOMEM;
		n = ca_legal(&g->st, seat, a, max);
		if (n <= max)
			break;
		free(a);
		max = n;
	}
	for (int i = 0; i < n && rc == 0; i++) {
		ca_format(&g->st, &a[i], buf, sizeof buf);
		rc = emit(ctx, buf);
	}
	free(a);
	return 0;
}

/* CA14.1: offers are not listed; say so (the template line). */
static const char *
ca_legal_note(const struct game *g, int seat, char *buf, size_t n)
{
	const struct ca_state *st = &g->st;
	const struct ca_offer *o = &st->off[st->active];

	if (st->phase != CA_PH_MAIN || st->npend > 0 || seat < 0 ||
	    seat >= st->nseats)
		return NULL;
	if (seat != st->active && !(o->num && (o->to >> seat & 1) &&
	    !(o->declined >> seat & 1)))
		return NULL;
	snprintf(buf, n, "offer BUNDLE for BUNDLE [to COLOR,...] is not "
	    "listed: offers are any cards you hold for any others, e.g. "
	    "'offer 2 wool for 1 ore'");
	return buf;
}

static void
status_text(const struct game *g, FILE *f)
{
	const struct ca_state *st = &g->st;
	char t[RULES_MSG_MAX];
	static const char *const phases[] = { "set-up", "before the roll",
	    "main phase", "over" };

	fprintf(f, "%s, map %s, turn %d, %s\n", CA_CK(st) ?
	    "Catan: Cities & Knights" : "Catan", st->b->def->name, st->turn,
	    phases[st->phase]);
	ca_await_text(st, t, sizeof t);
	fprintf(f, "%s\n", t);
	if (st->dice[0] && CA_CK(st) && ck_event_name(st->ck.event))
		/* CK2.1: white, red, event die */
		fprintf(f, "dice: %d+%d = %d, event %s\n", st->dice[0],
		    st->dice[1], st->dice[0] + st->dice[1],
		    ck_event_name(st->ck.event));
	else if (st->dice[0])
		fprintf(f, "dice: %d+%d = %d\n", st->dice[0], st->dice[1],
		    st->dice[0] + st->dice[1]);
	if (CA_CK(st)) {
		for (int s = 0; s < st->nseats; s++)
			ck_status_seat(st, s, f);
		ck_status_end(st, f);
		return;
	}
	for (int s = 0; s < st->nseats; s++) {
		const struct ca_player *p = &st->p[s];
		int devs = 0, fresh = 0;

		for (int k = 0; k < CA_DEVS; k++) {
			devs += p->dev[k];
			fresh += p->devnew[k];
		}
		devs += ca_sealed_held(st, s);	/* CA15.4: a count */
		fresh += ca_sealed_fresh(st, s);
		fprintf(f, "%-7s %2d VP%s  %2d card%s  %d development (%d new)  "
		    "%d knight%s  route %d%s%s%s%s\n", ca_seat_name(st, s),
		    ca_vp(st, s, st->phase == CA_PH_OVER),
		    st->phase == CA_PH_OVER ? "" : "+?", ca_hand_count(p),
		    ca_hand_count(p) == 1 ? " " : "s", devs, fresh,
		    p->knights, p->knights == 1 ? "" : "s", p->route,
		    st->army == s ? "  largest army" : "",
		    st->longest == s ? "  longest route" : "",
		    st->harbormaster == s + 1 ? "  harbormaster" : "",
		    p->resigned ? "  (resigned)" : "");
	}
	fprintf(f, "target %d VP; bank", st->vp_target);
	for (int k = 0; k < CA_RES; k++)
		fprintf(f, " %d %s", st->bank[k], ca_kind_names[k]);
	fprintf(f, "; deck %d\n", ca_deck_left(st));
}

/*
 * A seat's own hand: its resource cards, its development cards (none
 * said as "none", never an empty heading), its points counted
 * with the hidden ones (CA8.7), then what happened to it unseen.
 */
static void
hand_text(const struct game *g, int s, FILE *f)
{
	const struct ca_state *st = &g->st;
	const struct ca_player *p = &st->p[s];
	int any = 0;

	fprintf(f, "%s's hand:", ca_seat_name(st, s));
	for (int k = 0; k < CA_KINDS; k++)
		if (p->hand[k]) {
			fprintf(f, " %d %s", p->hand[k], ca_kind_names[k]);
			any = 1;
		}
	fprintf(f, "%s\n", any ? "" : " no resource cards");
	if (CA_CK(st))		/* CK16.1: no development cards (B7) */
		ck_hand_text(st, s, f);
	else {
		fprintf(f, "development cards:");
		any = 0;
		for (int k = 0; k < CA_DEVS; k++)
			if (p->dev[k]) {
				fprintf(f, " %d %s%s", p->dev[k],
				    ca_dev_names[k], p->devnew[k] ?
				    " (new this turn)" : "");
				any = 1;
			}
		fprintf(f, "%s\n", any || ca_sealed_held(st, s) ? "" :
		    " none");
		ca_sealed_hand_text(st, s, f);	/* CA15.4 */
	}
	fprintf(f, "points in all: %d\n", ca_vp(st, s, 1) +
	    ca_sealed_known(st, s, CA_VP));
	for (int i = 0; i < g->npriv[s]; i++)
		fprintf(f, "%s\n", g->priv[s][i]);
}

static json_t *
bundle_json(const uint8_t *b)
{
	json_t *o = json_object();

	for (int k = 0; k < CA_RES; k++)
		json_object_set_new(o, ca_kind_names[k], json_integer(b[k]));
	return o;
}

/* The bank of a game of Cities & Knights: commodities too (CK2.2). */
static json_t *
bank_json(const struct ca_state *st)
{
	json_t *o = bundle_json(st->bank);

	for (int k = CA_RES; CA_CK(st) && k < CA_KINDS; k++)
		json_object_set_new(o, ca_kind_names[k],
		    json_integer(st->bank[k]));
	return o;
}

static int
dump_json(json_t *o, FILE *f)
{
	int rc;

	if (o == NULL)
		return RULES_ENOMEM;
	rc = json_dumpf(o, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(o);
	return rc != 0 || ferror(f) ? RULES_EDATA : 0;
}

/*
 * CA12.1, CA14.2: the viewer's own hand as JSON (trigon hand --json),
 * shaped as Trigon's: "seat", then "cards" with "kind", "card" and
 * "count" (Catan's cards have no private numbers: orders name them by
 * kind), then the true points and the seat's private events.
 */
static int
hand_json(const struct game *g, int s, FILE *f)
{
	const struct ca_state *st = &g->st;
	const struct ca_player *p = &st->p[s];
	json_t *cards = json_array(), *events = json_array();

	for (int k = 0; k < CA_KINDS; k++)
		if (p->hand[k])
			json_array_append_new(cards, json_pack("{s:s,s:s,s:i}",
			    "kind", k < CA_RES ? "resource" : "commodity",
			    "card", ca_kind_names[k], "count", p->hand[k]));
	for (int i = 0; CA_CK(st) && i < st->ck.p[s].nprog; i++)
		json_array_append_new(cards, ck_card_json(st,
		    st->ck.p[s].prog[i]));
	if (CA_CK(st))
		ck_sealed_cards_json(st, s, cards);	/* CK20.8 */
	for (int k = 0; k < CA_DEVS; k++)
		if (p->dev[k])
			json_array_append_new(cards, json_pack("{s:s,s:s,s:i,"
			    "s:i}", "kind", "development", "card",
			    ca_dev_names[k], "count", p->dev[k], "new",
			    p->devnew[k]));
	for (int i = 0; i < g->npriv[s]; i++)
		json_array_append_new(events, json_string(g->priv[s][i]));
	return dump_json(json_pack("{s:s,s:o,s:i,s:o}", "seat",
	    ca_seat_name(st, s), "cards", cards, "points", ca_vp(st, s, 1),
	    "events", events), f);
}

/*
 * Who is awaited, for what (CA13.3): one entry a seat and duty, so that
 * a client need not read the "awaiting" sentence.
 */
static json_t *
waiting_json(const struct ca_state *st)
{
	json_t *a = json_array();
	const char *who = ca_seat_name(st, st->active);

	if (st->phase == CA_PH_OVER)
		return a;
	if (st->npend > 0) {
		const struct ca_pend *p = &st->pend[0];

		if (p->kind == CA_P_ROBBER) {
			json_array_append_new(a, json_pack("{s:s,s:s}", "seat",
			    who, "for", st->b->kind == CA_MAP_SEAFARERS ?
			    "robber or pirate" : "robber"));
			return a;
		}
		for (int s = 0; s < st->nseats; s++)
			if (p->seats & (1u << s))
				json_array_append_new(a, json_pack("{s:s,s:s,"
				    "s:i}", "seat", ca_seat_name(st, s), "for",
				    p->kind == CA_P_DISCARD ? "discard" : "pick",
				    "cards", p->n[s]));
		return a;
	}
	switch (st->phase) {
	case CA_PH_SETUP:
		json_array_append_new(a, json_pack("{s:s,s:s}", "seat", who,
		    "for", st->setup_corner == CA_NONE ? "settlement" :
		    st->b->kind == CA_MAP_SEAFARERS ? "road or ship" : "road"));
		break;
	case CA_PH_PREROLL:
		json_array_append_new(a, json_pack("{s:s,s:s}", "seat", who,
		    "for", "roll"));
		break;
	default:
		json_array_append_new(a, json_pack("{s:s,s:s}", "seat", who,
		    "for", "play"));
		for (int s = 0; s < st->nseats; s++) {
			const struct ca_offer *o = &st->off[s];

			for (int t = 0; o->num && t < st->nseats; t++)
				if (t != s && (o->to == 0 || (o->to >> t & 1)) &&
				    !(o->declined >> t & 1) &&
				    !st->p[t].resigned)
					json_array_append_new(a, json_pack(
					    "{s:s,s:s,s:i}", "seat",
					    ca_seat_name(st, t), "for", "offer",
					    "offer", o->num));
		}
		break;
	}
	return a;
}

/*
 * The hexes as the players see them (CA10.3: a fog hex not yet
 * discovered is "fog", without a token; what lies under it, and the
 * order of the fog stacks, never appear), and the harbors.
 */
static json_t *
hexes_json(const struct ca_state *st)
{
	const struct ca_board *b = st->b;
	json_t *a = json_array();
	char n[32];

	for (int h = 0; h < b->nhex; h++) {
		int t = ca_hex_terrain(st, h), k = ca_hex_token(st, h);
		json_t *o;

		ca_hex_name(b, h, n, sizeof n);
		o = json_pack("{s:s,s:s}", "hex", n, "terrain",
		    ca_terrain_names[t == CA_FOG ? CA_FOG : t]);
		if (t != CA_FOG && k)
			json_object_set_new(o, "token", json_integer(k));
		if (b->terrain[h] == CA_FOG)
			json_object_set_new(o, "fog", json_string(t == CA_FOG ?
			    "hidden" : "revealed"));
		json_array_append_new(a, o);
	}
	return a;
}

/* CA10.5: [{"corner", "kind", "found": seat or null}, ...] */
static json_t *
treasures_json(const struct ca_state *st)
{
	const struct ca_board *b = st->b;
	json_t *a = json_array();
	char name[32];

	for (int i = 0; i < b->ntreasures; i++) {
		json_t *who = json_null();

		for (int s = 0; s < st->nseats; s++)
			if ((st->p[s].found >> i) & 1) {
				json_decref(who);
				who = json_string(ca_seat_name(st, s));
			}
		ca_corner_name(b, b->treasure_corner[i], name, sizeof name);
		json_array_append_new(a, json_pack("{s:s,s:s,s:o}", "corner",
		    name, "kind", ca_treasure_names[b->def->treasure_kind[i]],
		    "found", who));
	}
	return a;
}

static json_t *
harbors_json(const struct ca_board *b)
{
	json_t *a = json_array();
	char n[32];

	for (int i = 0; i < b->nharbors; i++) {
		int ty = b->harbor_type[i];

		ca_edge_name(b, b->harbor_edge[i], n, sizeof n);
		json_array_append_new(a, json_pack("{s:s,s:s,s:s}", "at", n,
		    "kind", ty == CA_HARBOR_ANY ? "any" : ca_kind_names[ty],
		    "rate", ty == CA_HARBOR_ANY ? "3:1" : "2:1"));
	}
	return a;
}

/*
 * The public state (RULES_VIEW_JSON, CA14.2): for every seat only what
 * the table sees -- card counts, development cards as a count, the
 * points shown (victory-point cards hidden until the game is over).
 * The top keys a client of Trigon reads ("round", "phase", "to_act",
 * "awaiting", "winner", "how", "bank", "players" with "points") mean
 * the same here.
 */
static int
json_view(const struct game *g, FILE *f)
{
	const struct ca_state *st = &g->st;
	const struct ca_board *b = st->b;
	json_t *o = json_object(), *players = json_array(), *offers = json_array();
	char n[32], t[RULES_MSG_MAX];
	int seat = ca_await_seat(st), over = st->phase == CA_PH_OVER;

	json_object_set_new(o, "map", json_string(b->def->name));
	json_object_set_new(o, "round", json_integer(ca_round(g)));
	json_object_set_new(o, "turn", json_integer(st->turn));
	json_object_set_new(o, "phase", json_string(st->phase == CA_PH_SETUP ?
	    "setup" : st->phase == CA_PH_PREROLL ? "pre-roll" :
	    st->phase == CA_PH_MAIN ? "main" : "over"));
	json_object_set_new(o, "to_act", seat >= 0 && !over ?
	    json_string(ca_seat_name(st, seat)) : json_null());
	ca_await_text(st, t, sizeof t);
	json_object_set_new(o, "awaiting", json_string(t));
	json_object_set_new(o, "waiting", waiting_json(st));
	json_object_set_new(o, "winner", over && st->winner != CA_NONE ?
	    json_string(ca_seat_name(st, st->winner)) : json_null());
	json_object_set_new(o, "how", over ? json_string(how_name(st->how)) :
	    json_null());
	json_object_set_new(o, "target", json_integer(st->vp_target));
	ca_hex_name(b, st->robber, n, sizeof n);
	json_object_set_new(o, "robber", json_string(n));
	if (st->pirate != CA_NONE) {
		ca_hex_name(b, st->pirate, n, sizeof n);
		json_object_set_new(o, "pirate", json_string(n));
	}
	json_object_set_new(o, "bank", bank_json(st));
	json_object_set_new(o, "deck", json_integer(ca_deck_left(st)));
	json_object_set_new(o, "dice", st->dice[0] ? json_pack("[i,i]",
	    st->dice[0], st->dice[1]) : json_null());
	for (int s = 0; s < st->nseats; s++) {
		const struct ca_player *p = &st->p[s];
		json_t *pl = json_object(), *pieces = json_array();
		int devs = 0, fresh = 0, vp = ca_vp(st, s, over);

		for (int k = 0; k < CA_DEVS; k++) {
			devs += p->dev[k];
			fresh += p->devnew[k];
		}
		devs += ca_sealed_held(st, s);	/* CA15.4: a count */
		fresh += ca_sealed_fresh(st, s);
		for (int c = 0; c < b->ncorner; c++)
			if (st->corner[c] && CA_C_OWNER(st->corner[c]) == s &&
			    (CA_C_KIND(st->corner[c]) & CA_CP_KNIGHT))
				json_array_append_new(pieces, ck_knight_json(st,
				    c));
			else if (st->corner[c] &&
			    CA_C_OWNER(st->corner[c]) == s) {
				ca_corner_name(b, c, n, sizeof n);
				json_array_append_new(pieces, json_pack("{s:s,s:s}",
				    "kind", CA_C_KIND(st->corner[c]) == CA_CP_CITY ?
				    "city" : "settlement", "at", n));
			}
		for (int e = 0; e < b->nedge; e++)
			if (st->edge[e] && CA_E_OWNER(st->edge[e]) == s) {
				ca_edge_name(b, e, n, sizeof n);
				json_array_append_new(pieces, json_pack("{s:s,s:s}",
				    "kind", st->edge[e] & CA_E_SHIP ? "ship" : "road",
				    "at", n));
			}
		json_object_set_new(pl, "seat", json_string(ca_seat_name(st, s)));
		/* "color": the key of Trigon's players, the same name */
		json_object_set_new(pl, "color", json_string(ca_seat_name(st,
		    s)));
		json_object_set_new(pl, "points", json_integer(vp));
		json_object_set_new(pl, "vp", json_integer(vp));
		json_object_set_new(pl, "cards", json_integer(ca_hand_count(p)));
		json_object_set_new(pl, "development", json_integer(devs));
		json_object_set_new(pl, "development_new", json_integer(fresh));
		json_object_set_new(pl, "knights", json_integer(p->knights));
		json_object_set_new(pl, "route", json_integer(p->route));
		json_object_set_new(pl, "resigned", json_boolean(p->resigned));
		json_object_set_new(pl, "left", json_pack("{s:i,s:i,s:i,s:i}",
		    "settlements", p->supply[CA_S_SETTLEMENT], "cities",
		    p->supply[CA_S_CITY], "roads", p->supply[CA_S_ROAD],
		    "ships", p->supply[CA_S_SHIP]));
		json_object_set_new(pl, "pieces", pieces);
		json_array_append_new(players, pl);
		if (st->off[s].num) {
			json_t *to = json_array();

			for (int u = 0; u < st->nseats; u++)
				if (u != s && (st->off[s].to == 0 ||
				    (st->off[s].to >> u & 1)))
					json_array_append_new(to, json_string(
					    ca_seat_name(st, u)));
			json_array_append_new(offers, json_pack(
			    "{s:i,s:s,s:o,s:o,s:o}", "number", st->off[s].num,
			    "maker", ca_seat_name(st, s), "give",
			    bundle_json(st->off[s].give), "get",
			    bundle_json(st->off[s].get), "to", to));
		}
	}
	json_object_set_new(o, "players", players);
	json_object_set_new(o, "offers", offers);
	json_object_set_new(o, "largest_army", st->army == CA_NONE ?
	    json_null() : json_string(ca_seat_name(st, st->army)));
	json_object_set_new(o, "longest_route", st->longest == CA_NONE ?
	    json_null() : json_string(ca_seat_name(st, st->longest)));
	/* CA9.5: only in a game with the option (older views unchanged) */
	if (st->harbor_on)
		json_object_set_new(o, "harbormaster", st->harbormaster == 0 ?
		    json_null() : json_string(ca_seat_name(st,
		    st->harbormaster - 1)));
	if (b->ntreasures)	/* CA10.5: on a map with treasures only */
		json_object_set_new(o, "treasures", treasures_json(st));
	if (b->ngrow) {		/* CA10.7: on a map with a token supply only */
		uint8_t left[CA_MAX_SUPPLY];
		json_t *a = json_array();

		for (int i = 0, k = ca_grow_supply(st, left); i < k; i++)
			json_array_append_new(a, json_integer(left[i]));
		json_object_set_new(o, "supply", a);
	}
	json_object_set_new(o, "hexes", hexes_json(st));
	json_object_set_new(o, "harbors", harbors_json(b));
	if (CA_CK(st))
		ck_json_view(st, o, players);
	return dump_json(o, f);
}

static int
ca_describe(const struct game *g, enum rules_view view, int viewer,
    unsigned flags, FILE *out)
{
	switch (view) {
	case RULES_VIEW_STATUS:
		status_text(g, out);
		return 0;
	case RULES_VIEW_BOARD:
		if (flags & RULES_VF_SVG)
			return ca_board_svg(&g->st, viewer, out);
		return ca_board_text(&g->st, viewer, flags, out);
	case RULES_VIEW_HAND:
		if (viewer < 0 || viewer >= g->st.nseats)
			return RULES_ESEAT;
		if (flags & RULES_VF_JSON)
			return hand_json(g, viewer, out);
		hand_text(g, viewer, out);
		return 0;
	case RULES_VIEW_JSON:
		return json_view(g, out);
	}
	return RULES_EDATA;
}

const struct ca_state *
ca_game_state(const struct game *g)
{
	return &g->st;
}

static int
ca_points(const struct game *g, int seat)
{
	if (seat < 0 || seat >= g->st.nseats)
		return 0;
	return ca_vp(&g->st, seat, g->st.phase == CA_PH_OVER);
}

static void
ca_start_note(const struct game *g, struct rules_note *note)
{
	*note = g->start;
}

/* The round: every seat's turn once (turn 1-4 of four seats is round 1). */
static long
ca_round(const struct game *g)
{
	int n = g->st.nseats;

	return g->st.turn == 0 ? 1 : (g->st.turn + n - 1) / n;
}

static const struct rules_end ends[] = {
	{ "points", "a player reaches the map's target in their own turn "
	    "(CA11.3)" },
	{ "last", "the last player left after the others resigned (CA11.4)" },
	{ NULL, NULL }
};

static const char *const blob_texts[] = {
	"the maps (data/catan/maps.ini; option map=NAME picks one)",
	"the development deck and the bank (data/catan/deck.ini)",
	"a position to start from (tests and teaching games)",
	NULL
};

static const char help_orders[] =
    "Catan orders (one a line; corners c3/d3/d4 or c3.n, edges c2/d3 or "
    "c3.e):\n"
    "  roll | end | resign | buy card\n"
    "  build settlement CORNER | build city CORNER\n"
    "  build road EDGE | build ship EDGE | move ship EDGE to EDGE\n"
    "  trade 4 wood for 1 ore          (bank or harbor, best rate)\n"
    "  offer 2 wool for 1 ore [to blue,white] | accept N | decline N | "
    "withdraw\n"
    "  discard 1 brick 2 wood | pick 1 ore\n"
    "  robber c3 [steal blue] | pirate d8 [steal white]\n"
    "  play knight robber e3 steal blue | play road-building road d2/d3 "
    "[ship c6/d7]\n"
    "  play year-of-plenty 1 ore 1 grain | play monopoly ore\n"
    "The rules and an example of every order: catan-rules(7).\n";

/*
 * The development cards for `trigon help card NAME` (CA8, in the words
 * of catan-rules(7)), in the order of enum ca_dev; brief: the line
 * `trigon play` shows under the orders that name the card.
 */
static const struct {
	const char *text, *brief;
} dev_help[CA_DEVS] = {
	{ "Knight (knight, development card). Play it in your own turn, "
	    "before the roll or in the main phase, but not in the turn you "
	    "bought it, and at most one development card a turn (CA8.2). It "
	    "counts for the largest army at once (CA9.1); then you move the "
	    "robber to another land hex, or on a Seafarers map the pirate to "
	    "another sea hex, and steal one random resource card from an "
	    "opponent with a piece there, without discards (CA8.3, CA5.3, "
	    "CA5.4). Order: play knight robber e3 steal blue.",
	    "counts for the largest army, then moves the robber (or the "
	    "pirate) and steals one card (CA8.3)" },
	{ "Victory point (victory-point, development card). Worth 1 VP to "
	    "its holder from the moment it is bought; no other player learns "
	    "of it until the game ends, when every such card is shown "
	    "(CA8.7, CA12.3). It is never played.",
	    "1 VP, hidden until the game ends; never played (CA8.7)" },
	{ "Road building (road-building, development card). Play it in your "
	    "main phase, not in the turn you bought it: place two roads for "
	    "free, one after the other, each by CA6.5, so that the second may "
	    "continue the first; on a Seafarers map each may be a road or a "
	    "ship, and ships so placed count as built this turn. When only "
	    "one piece can be placed the card places one (CA8.4). Order: play "
	    "road-building road d2/d3 road d3/e2.",
	    "two free roads (or ships at sea) (CA8.4)" },
	{ "Year of plenty (year-of-plenty, development card). Play it in "
	    "your main phase, not in the turn you bought it: take any 2 "
	    "resource cards from the bank, alike or not; the bank must hold "
	    "them, and when it holds a single card in all you take that one "
	    "(CA8.5). Order: play year-of-plenty 1 grain 1 ore.",
	    "take any 2 resource cards from the bank (CA8.5)" },
	{ "Monopoly (monopoly, development card). Play it in your main "
	    "phase, not in the turn you bought it: name a resource, and every "
	    "other player hands you all their cards of it; how many each "
	    "gives is public (CA8.6). Order: play monopoly ore.",
	    "every other player hands you all their cards of one resource "
	    "(CA8.6)" },
};

static int
dev_of(const char *name)
{
	if (name == NULL)
		return -1;
	for (int k = 0; k < CA_DEVS; k++)
		if (strcasecmp(name, ca_dev_names[k]) == 0)
			return k;
	return -1;
}

static const char *
ca_help_card(const char *name)
{
	int k = dev_of(name);

	return k < 0 ? NULL : dev_help[k].text;
}

static int
ca_help_card_names(rules_emit_fn emit, void *ctx)
{
	for (int k = 0; k < CA_DEVS; k++)
		if (emit(ctx, ca_dev_names[k]) != 0)
			break;
	return 0;
}

static const char *
ca_help_card_brief(const char *name, char *buf, size_t n)
{
	int k = dev_of(name);

	if (k < 0 || n == 0)
		return NULL;
	snprintf(buf, n, "%s", dev_help[k].brief);
	return buf;
}

/*
 * CA1.5: every new game draws its first seat (the published rules'
 * roll for the start) and records first=draw in its header; a file
 * without the option, written before, keeps seat 1 first.  With seat 1
 * first the Seafarers maps were not balanced (README, catan-rules(7)).
 */
static const char *const new_options[] = { "first=draw", NULL };

const struct rules catan_rules = {
	.name = "catan",
	.hands_sealed = 1,	/* CA15, sealed.c */
	.title = "Catan",
	.min_seats = 3,
	.max_seats = 4,
	.seat_names = seat_names,
	.blob_names = blob_names,
	.create = ca_create,
	.clone = ca_clone,
	.free = ca_free,
	.default_blob = ca_default_blob,
	.apply = ca_rules_apply,
	.await = ca_rules_await,
	.legal = ca_rules_legal,
	.describe = ca_describe,
	.points = ca_points,
	.forfeit = ca_rules_forfeit,
	.start_note = ca_start_note,
	.bot = catan_bot,		/* bot.c: mcts, random, greedy */
	.search = &catan_search,
	.ends = ends,
	.round = ca_round,
	.round_name = "round",
	.bot_kinds = catan_bot_kinds,
	.default_seats = 4,
	.help_orders = help_orders,
	.help_card = ca_help_card,
	.help_card_names = ca_help_card_names,
	.help_card_brief = ca_help_card_brief,
	.legal_note = ca_legal_note,
	.stats_note = ca_stats_note,
	.blob_texts = blob_texts,
	.new_options = new_options,
};

static const struct rules_end ck_ends[] = {
	{ "points", "a player reaches the target, 13 points unless the "
	    "option points= says otherwise, in their own turn (CK15.1)" },
	{ "last", "the last player left after the others resigned (CK15.4)" },
	{ NULL, NULL }
};

static const char *const ck_blob_texts[] = {
	"the maps (data/catan/maps.ini; option map=NAME picks one, a "
	    "Seafarers map too: CK19)",
	"the bank (data/catan/deck.ini; its development cards are not used)",
	"the progress cards (data/catan/progress.ini)",
	"the city improvements (data/catan/improvements.ini)",
	"a position to start from (tests and teaching games; "
	    "catan-ck-rules(7), DATA FILES)",
	NULL
};

/*
 * Catan: Cities & Knights (catan-ck-rules(7)): the same
 * engine and views, the game's own create, help and ends.
 */
const struct rules catan_ck_rules = {
	.name = "catan-ck",
	.hands_sealed = 1,	/* CK20, sealed-ck.c */
	.title = "Catan: Cities & Knights",
	.short_name = "cities",
	.min_seats = 3,
	.max_seats = 4,
	.seat_names = seat_names,
	.blob_names = ck_blob_names,
	.create = ck_create,
	.clone = ca_clone,
	.free = ca_free,
	.default_blob = ca_default_blob,
	.apply = ca_rules_apply,
	.await = ca_rules_await,
	.legal = ca_rules_legal,
	.describe = ca_describe,
	.points = ca_points,
	.forfeit = ca_rules_forfeit,
	.start_note = ca_start_note,
	.bot = catan_bot,		/* bot.c: mcts, random, greedy, C&K-aware */
	.search = &catan_search,
	.ends = ck_ends,
	.round = ca_round,
	.round_name = "round",
	.bot_kinds = catan_bot_kinds,
	.default_seats = 4,
	.help_orders = ck_help_orders,
	.help_card = ck_help_card,
	.help_card_names = ck_help_card_names,
	.help_card_brief = ck_help_card_brief,
	.legal_note = ca_legal_note,
	.stats_note = ca_stats_note,
	.blob_texts = ck_blob_texts,
	.new_options = new_options,
};
