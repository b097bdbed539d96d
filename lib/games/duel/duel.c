/*
 * duel.c -- duel_rules: Catan: het Duel (duel-rules(7)) behind
 * lib/rules.h.  A thin layer over the engine (engine.h): a struct game is
 * the shared immutable card data plus one du_state; orders travel as
 * text (parse.c); legal() lists candidate orders that du_apply() accepts
 * in its dry mode, so the list and the rules cannot disagree.  The views
 * (status, the principalities as text and SVG, the hand as text and
 * JSON, public JSON) and help on the cards are here.
 */
#define _GNU_SOURCE 1		/* open_memstream, strcasecmp */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "chance.h"
#include "suggest.h"
#include "games/duel/bot.h"
#include "games/duel/duel.h"
#include "games/duel/engine.h"
#include "games/duel/mode.h"
#include "games/duel/parse.h"
#include "games/duel/scenario.h"
#include "games/duel/sealed.h"
#include "games/duel/svg.h"

struct shared {
	int refs;
	struct du_data data;
};

struct game {
	struct shared *sh;
	struct du_state st;
	struct rules_note start;
};

static const char *const seat_names[] = { "red", "blue", NULL };
static const char *const new_options[] = { "notes=2", NULL };
static const char *const blob_names[] = { "cards", "scenario", NULL };
static const char *const blob_texts[] = {
	"the cards, region kinds, starting principalities and region stack "
	"(data/duel/cards.ini)",
	"a scenario: a position to start from, as it differs from the "
	"standard start (duel-rules(7), SCENARIO)",
	NULL
};

/* The colour (engine seat) of a rules seat, or -1. */
static int
color_of(const struct game *g, int seat)
{
	for (int c = 0; c < DU_SEATS; c++)
		if (g->st.rseat[c] == seat)
			return c;
	return -1;
}

/*
 * duel-rules(7), MODES: mode=NAME or its English alias (mode.h).  A
 * mode not built is refused by name: a game is never offered with
 * part of its cards.
 */
static int
check_mode(const char *v, int *mode, struct rules_error *err)
{
	char list[256];
	size_t n = 0;
	int m = du_mode_find(v);

	if (m >= 0 && du_modes[m].built) {
		*mode = m;
		return 0;
	}
	if (m >= 0)
		return rules_refuse(err, RULES_EDATA, "mode=%s (%s, %s) is not "
		    "offered: its cards are not all built yet, and no game is "
		    "offered in part; mode=intro, the introductory game, is "
		    "(duel-rules(7), MODES)", v, du_modes[m].title,
		    du_modes[m].rule);
	for (int i = 0; i < DU_NMODES; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s%s%s",
		    i ? ", " : "", du_modes[i].name,
		    du_modes[i].alias ? " or " : "",
		    du_modes[i].alias ? du_modes[i].alias : "");
	return rules_refuse(err, RULES_EDATA, "unknown value '%s' for option "
	    "'mode' (the modes: %s; duel-rules(7), MODES)", v, list);
}

/*
 * duel-rules(7), MODES: mode=NAME (check_mode); and notes=2, which new games record
 * (rules.new_options): a scenario's start note says who begins and why.
 * A file without it, made before it, keeps the note it was written with.
 */
static int
check_option(const char *o, int *notes2, int *mode, struct rules_error *err)
{
	const char *eq = strchr(o, '=');

	if (eq != NULL && eq - o == 4 && strncmp(o, "mode", 4) == 0)
		return check_mode(eq + 1, mode, err);
	if (eq != NULL && eq - o == 5 && strncmp(o, "notes", 5) == 0) {
		if (strcmp(eq + 1, "2") == 0) {
			*notes2 = 1;
			return 0;
		}
		return rules_refuse(err, RULES_EDATA, "unknown value '%s' for "
		    "option 'notes' (notes=2, which new games record, is the "
		    "one this build knows; duel-rules(7), MODES)", eq + 1);
	}
	return rules_refuse(err, RULES_EDATA, "unknown option '%.*s' (mode=NAME "
	    "and notes=2 are the options; duel-rules(7), MODES)",
	    (int)(eq != NULL ? eq - o : (int)strlen(o)), o);
}

static int
du_create(struct game **out, const struct rules_setup *setup,
    struct rules_error *err)
{
	const struct rules_blob *cards = NULL, *scen = NULL;
	struct game *g;
	int rc, notes2 = 0, mode = DU_MODE_INTRO;

	*out = NULL;
	if (setup->nseats != 2)
		return rules_refuse(err, RULES_EDATA, "Catan: het Duel takes 2 "
		    "players, not %d (DU1.1)", setup->nseats);
	if (!((strcmp(setup->seat[0], "red") == 0 &&
	    strcmp(setup->seat[1], "blue") == 0) ||
	    (strcmp(setup->seat[0], "blue") == 0 &&
	    strcmp(setup->seat[1], "red") == 0)))
		return rules_refuse(err, RULES_EDATA, "the seats are red and blue "
		    "(DU1.1)");
	for (size_t i = 0; i < setup->noptions; i++)
		if ((rc = check_option(setup->options[i], &notes2, &mode,
		    err)) != 0)
			return rc;
	for (size_t i = 0; i < setup->nblobs; i++) {
		if (strcmp(setup->blobs[i].name, "scenario") == 0)
			scen = &setup->blobs[i];
		else if (strcmp(setup->blobs[i].name, "cards") == 0)
			cards = &setup->blobs[i];
		else
			return rules_refuse(err, RULES_EDATA, "Catan: het Duel reads "
			    "no '%s' data", setup->blobs[i].name);
	}
	g = calloc(1, sizeof *g);
	if (g == NULL || (g->sh = calloc(1, sizeof *g->sh)) == NULL) {
		free(g);
		return rules_refuse(err, RULES_ENOMEM, "out of memory");
	}
	g->sh->refs = 1;
	rc = du_data_load(&g->sh->data, cards ? cards->text : NULL,
	    cards ? cards->len : 0, err);
	if (rc == 0 && scen != NULL && mode != DU_MODE_INTRO)
		rc = rules_refuse(err, RULES_EDATA, "a scenario is a position "
		    "of the introductory game, not of mode=%s "
		    "(duel-rules(7), SCENARIO)", du_modes[mode].name);
	if (rc == 0)	/* duel-rules(7), MODES */
		rc = du_init_mode(&g->st, &g->sh->data, mode, setup->chance,
		    &g->start, err);
	if (rc == 0 && scen != NULL)	/* duel-rules(7), SCENARIO */
		rc = du_scenario_noted(&g->st, scen->text, scen->len,
		    notes2 ? &g->start : NULL, err);
	if (rc == 0 && setup->sealed != NULL)	/* DU23.1 */
		rc = du_sealed_init(&g->st, setup->sealed, err);
	if (rc == 0 && strcmp(setup->seat[0], "blue") == 0) {
		g->st.rseat[0] = 1;	/* red is the rules' seat 1 */
		g->st.rseat[1] = 0;
	}
	if (rc != 0) {
		free(g->sh);
		free(g);
		return rc;
	}
	*out = g;
	return 0;
}

static struct game *
du_clone(const struct game *g)
{
	struct game *c = malloc(sizeof *c);

	if (c == NULL)
		return NULL;
	memcpy(c, g, sizeof *c);
	c->sh->refs++;
	return c;
}

static void
du_free(struct game *g)
{
	if (g == NULL)
		return;
	if (--g->sh->refs == 0)
		free(g->sh);
	free(g);
}

static const char *
du_default_blob(const char *name, size_t *len)
{
	if (strcmp(name, "cards") == 0) {
		*len = du_embed_cards_len;
		return du_embed_cards;
	}
	return NULL;
}

static int
du_rules_apply(struct game *g, int seat, const char *action, size_t len,
    struct rules_note *note, struct rules_error *err)
{
	struct du_action a;
	int rc;

	memset(err, 0, sizeof *err);
	if (note != NULL) {
		note->len = 0;
		note->text[0] = '\0';
	}
	if ((rc = du_parse(&g->sh->data, action, len, &a, err)) != 0)
		return rc;
	return du_apply(&g->st, color_of(g, seat), &a, 0, note, err);
}

static void
du_rules_await(const struct game *g, struct rules_await *out)
{
	const struct du_state *st = &g->st;

	memset(out, 0, sizeof *out);
	out->winner = -1;
	if (st->phase == DU_PH_OVER) {
		out->over = 1;
		out->seat = -1;
		out->winner = st->rseat[st->winner];
		snprintf(out->how, sizeof out->how, "%s", st->how ? "resigned" :
		    "points");
	} else
		out->seat = st->rseat[du_await_seat(st)];
	du_await_text(st, out->text, sizeof out->text);
}

/* ---- legal(): legal.c's list, as text ---------------------------------- */

static int
du_rules_legal(const struct game *g, int seat, rules_emit_fn emit, void *ctx)
{
	struct du_action *a;
	int n, max = 4096;
	char buf[RULES_ACTION_MAX];

	for (;;) {
		if ((a = malloc(sizeof *a * (size_t)max)) == NULL)
			return RULES_ENOMEM;
		n = du_legal(&g->st, color_of(g, seat), a, max);
		if (n <= max)
			break;
		free(a);
		max = n;
	}
	for (int i = 0; i < n; i++) {
		du_format(&g->sh->data, &a[i], buf, sizeof buf);
		if (emit(ctx, buf) != 0)
			break;
	}
	free(a);
	return 0;
}

static const char *
du_legal_note(const struct game *g, int seat, char *buf, size_t n)
{
	if (g->st.phase == DU_PH_OVER || color_of(g, seat) != g->st.aw_seat)
		return NULL;
	snprintf(buf, n, "not listed: 'at CELL' and 'paying CELL ...' clauses "
	    "(placement and payment, else the defaults of DU4.3 and DU4.4); "
	    "'prefer KIND ...' or 'prefer none' (DU16.4) and 'resign' are "
	    "accepted whenever you are awaited");
	return buf;
}

/* ---- views ------------------------------------------------------------- */

static const char *const phase_names[] = {
	"starting hands", "before the roll", "resolving the roll",
	"action phase", "laying regions", "replenishing", "exchange",
	"searching a stack", "over", "rearranging regions"
};

static void
status_text(const struct game *g, FILE *f)
{
	const struct du_state *st = &g->st;
	const struct du_data *d = st->d;
	char t[RULES_MSG_MAX];
	int hero = du_token(st, 0), trade = du_token(st, 1);

	if (st->mode == DU_MODE_INTRO)
		fprintf(f, "Catan: het Duel (introductory game), turn %d, %s\n",
		    st->turn, phase_names[st->phase]);
	else	/* duel-rules(7), MODES */
		fprintf(f, "Catan: het Duel (%s, to %d VP), turn %d, %s\n",
		    du_modes[st->mode].title, du_modes[st->mode].goal,
		    st->turn, phase_names[st->phase]);
	du_await_text(st, t, sizeof t);
	fprintf(f, "%s\n", t);
	if (st->die)
		fprintf(f, "last roll: %d and %s\n", st->die,
		    st->face == DU_F_BRIGAND ? "brigand attack" :
		    st->face == DU_F_TRADE ? "trade" :
		    st->face == DU_F_CELEBRATION ? "celebration" :
		    st->face == DU_F_HARVEST ? "plentiful harvest" : "event card");
	for (int s = 0; s < DU_SEATS; s++)
		fprintf(f, "%-5s %d VP  hand %d/%d  strength %d  skill %d  trade %d"
		    "  progress %d%s%s\n", du_seat_name(s), du_vp(st, s),
		    st->p[s].nhand, du_hand_limit(st, s),
		    du_points(st, s, DU_P_STRENGTH), du_points(st, s, DU_P_SKILL),
		    du_points(st, s, DU_P_TRADE), du_points(st, s, DU_P_PROGRESS),
		    hero == s ? "  hero token" : "",
		    trade == s ? "  trade token" : "");
	fprintf(f, "supply: %d roads, %d settlements, %d cities; stacks %d %d "
	    "%d %d", st->supply[0], st->supply[1], st->supply[2], st->nseg[0],
	    st->nseg[1], st->nseg[2], st->nseg[3]);
	if (st->mode != DU_MODE_INTRO)	/* DU18.4 */
		fprintf(f, " %d", st->nseg[4]);
	fprintf(f, "; regions %d; events %d; discard %d", st->nrstack,
	    st->nseg[DU_SEG_EVENTS], st->nseg[DU_SEG_DISCARD]);
	if (st->nseg[DU_SEG_DISCARD])
		fprintf(f, " (top: %s)",
		    d->card[d->inst[du_seg(st, DU_SEG_DISCARD)[0]]].slug);
	if (st->mode != DU_MODE_INTRO) {	/* DU18.5: face up */
		fprintf(f, "; open pile:");
		for (int i = 0; i < st->nseg[DU_SEG_OPEN]; i++)
			fprintf(f, " %s", d->card[d->inst[du_seg(st,
			    DU_SEG_OPEN)[i]]].slug);
		if (st->nseg[DU_SEG_OPEN] == 0)
			fprintf(f, " empty");
	}
	fprintf(f, "\n");
}

/* One cell of the picture, 10 columns wide. */
static void
cell_text(const struct du_state *st, int s, int col, int row, char *buf)
{
	uint8_t v = st->p[s].cell[col][row];
	char slug[16];

	if (DU_IS_REGION(v)) {
		du_region_slug(st->d, v - DU_C_REGION, slug, sizeof slug);
		snprintf(buf, 16, "%.11s:%d", slug,
		    st->stored[v - DU_C_REGION] & 3);
	} else if (DU_IS_EXP(v) && du_cache(st, s) >= 0 &&
	    DU_CELL(col, row) == st->cache_cell - 1)
		snprintf(buf, 16, "goudmijn:%d", st->cache_gold & 3);	/* DU19.8 */
	else if (DU_IS_EXP(v))
		snprintf(buf, 16, "%.10s", st->d->card[st->d->inst[v -
		    DU_C_EXP]].slug);
	else if (v == DU_C_ROAD)
		snprintf(buf, 16, "straat");
	else if (v == DU_C_SETTLEMENT)
		snprintf(buf, 16, "DORP");
	else if (v == DU_C_CITY)
		snprintf(buf, 16, "STAD");
	else if (col % 2 == 1 && row != 2 &&
	    ((row % 4 != 0 && (st->p[s].cell[col][2] == DU_C_SETTLEMENT ||
	    st->p[s].cell[col][2] == DU_C_CITY)) ||
	    (row % 4 == 0 && st->p[s].cell[col][2] == DU_C_CITY)))
		snprintf(buf, 16, "[%c%d]", 'a' + col, row + 1);
	else
		snprintf(buf, 16, ".");
}

#define CELLW 12

static void
grid_text(const struct du_state *st, int s, int width, FILE *f)
{
	int lo = DU_COLS, hi = -1;

	for (int col = 0; col < DU_COLS; col++)
		for (int row = 0; row < DU_ROWS; row++)
			if (st->p[s].cell[col][row] != DU_C_EMPTY) {
				if (col < lo)
					lo = col;
				if (col > hi)
					hi = col;
			}
	if (hi < 0)
		return;
	/* beside the VP the tokens held (DU13.2), then the points (DU13.1) */
	fprintf(f, "%s's principality: %d VP, %s%s%s\n", du_seat_name(s),
	    du_vp(st, s), du_token(st, 0) == s ? "hero token" : "",
	    du_token(st, 0) == s && du_token(st, 1) == s ? ", " : "",
	    du_token(st, 1) == s ? "trade token" : du_token(st, 0) == s ? "" :
	    "no token");
	fprintf(f, "strength %d, skill %d, trade %d, progress %d\n",
	    du_points(st, s, DU_P_STRENGTH), du_points(st, s, DU_P_SKILL),
	    du_points(st, s, DU_P_TRADE), du_points(st, s, DU_P_PROGRESS));
	for (int from = lo; from <= hi;) {
		int per = (width - 3) / CELLW, to;

		if (per < 1)
			per = 1;
		to = from + per - 1 > hi ? hi : from + per - 1;
		fprintf(f, "  ");
		for (int col = from; col <= to; col++)
			if (col < to)
				fprintf(f, " %-*c", CELLW - 1, 'a' + col);
			else
				fprintf(f, " %c", 'a' + col);
		fprintf(f, "\n");
		for (int row = 0; row < DU_ROWS; row++) {
			char line[512], c[16];
			size_t len = 0;
			int any = 0;

			len += (size_t)snprintf(line, sizeof line, "%d ", row + 1);
			for (int col = from; col <= to; col++) {
				cell_text(st, s, col, row, c);
				any |= strcmp(c, ".") != 0;
				len += (size_t)snprintf(line + len, sizeof line - len,
				    " %-*s", CELLW - 1, c);
			}
			while (len > 0 && line[len - 1] == ' ')
				line[--len] = '\0';
			if (any || row % 4 != 0)
				fprintf(f, "%s\n", line);
		}
		from = to + 1;
	}
}

#define LEGEND_MAX (DU_RES + 3 + 2 * DU_ROWS * DU_COLS)

struct legend {
	const char *name[LEGEND_MAX], *gloss[LEGEND_MAX];
	int n;
};

/* The Dutch name a cell shows and its English gloss, or 0 for none. */
static int
cell_gloss(const struct du_state *st, uint8_t v, const char **name,
    const char **gloss)
{
	static const char *const piece[][2] = {
		{ "straat", "Road" }, { "DORP", "Settlement" },
		{ "STAD", "City" },
	};
	const struct du_data *d = st->d;

	if (DU_IS_REGION(v)) {
		const struct du_region_kind *k =
		    &d->rkind[d->region[v - DU_C_REGION].kind];

		*name = k->slug;
		*gloss = k->gloss;
	} else if (DU_IS_EXP(v)) {
		const struct du_card *c = &d->card[d->inst[v - DU_C_EXP]];

		*name = c->slug;
		*gloss = c->gloss;
	} else if (v == DU_C_ROAD || v == DU_C_SETTLEMENT || v == DU_C_CITY) {
		int i = v == DU_C_ROAD ? 0 : v == DU_C_SETTLEMENT ? 1 : 2;

		*name = piece[i][0];
		*gloss = piece[i][1];
	} else
		return 0;
	return (*gloss)[0] != '\0';
}

/*
 * Under the principalities, the English of every Dutch name they show,
 * each once in the order drawn: "in English: bos (Forest), ...", wrapped
 * to width.  The pictures keep the names the orders take.
 */
static void
legend_text(const struct du_state *st, int width, FILE *f)
{
	struct legend l = { .n = 0 };
	int col = 0;

	for (int s = 0; s < DU_SEATS; s++)
		for (int c = 0; c < DU_COLS; c++)
			for (int r = 0; r < DU_ROWS; r++) {
				const char *name, *gloss;
				int i;

				if (!cell_gloss(st, st->p[s].cell[c][r], &name,
				    &gloss))
					continue;
				for (i = 0; i < l.n; i++)
					if (strcmp(l.name[i], name) == 0)
						break;
				if (i == l.n && l.n < LEGEND_MAX) {
					l.name[l.n] = name;
					l.gloss[l.n++] = gloss;
				}
			}
	if (l.n == 0)
		return;
	col = fprintf(f, "in English:");
	for (int i = 0; i < l.n; i++) {
		int w = (int)(strlen(l.name[i]) + strlen(l.gloss[i])) + 4;

		if (col + w + 1 > width && col > 2) {
			fprintf(f, "\n ");
			col = 1;
		}
		col += fprintf(f, " %s (%s)%s", l.name[i], l.gloss[i],
		    i + 1 < l.n ? "," : "");
	}
	fprintf(f, "\n");
}

static int
board_text(const struct game *g, unsigned flags, FILE *f)
{
	int width = (int)RULES_VF_WIDTH_OF(flags);

	if (width == 0)		/* the default: a plain mail, a terminal */
		width = 80;
	for (int s = 0; s < DU_SEATS; s++) {
		grid_text(&g->st, s, width, f);
		if (s == 0)
			fprintf(f, "\n");
	}
	legend_text(&g->st, width, f);
	return 0;
}

static void
card_line(const struct du_data *d, int inst, FILE *f)
{
	const struct du_card *c = &d->card[d->inst[inst]];
	char cost[64] = "";
	size_t len = 0;

	for (int r = 0; r < DU_RES; r++)
		if (c->cost[r])
			len += (size_t)snprintf(cost + len, sizeof cost - len, "%s%d %s",
			    len ? " " : "", c->cost[r], du_res_names[r]);
	/* the English gloss beside the Dutch name (the slug orders take) */
	fprintf(f, "%s (%s%s%s)%s%s\n", c->slug, c->gloss, c->gloss[0] ? "; " :
	    "", du_kind_names[c->kind], len ? ", " : "", cost);
}

/* A card of a hand or stack: DU23's sealed card as this reader knows it. */
static void
any_line(const struct du_state *st, uint8_t v, FILE *f)
{
	int i = du_sealed_face(st, v);

	if (i < 0) {
		fprintf(f, "a sealed card you may not see\n");
		return;
	}
	if (du_sl_tok(v))
		fprintf(f, "sealed: ");
	card_line(st->d, i, f);
}

static void
hand_text(const struct game *g, int s, FILE *f)
{
	const struct du_state *st = &g->st;
	const struct du_data *d = st->d;

	/* DU17.2: no empty heading for an empty hand */
	fprintf(f, "%s's hand (%d, limit %d):%s\n", du_seat_name(s),
	    st->p[s].nhand, du_hand_limit(st, s), st->p[s].nhand ? "" :
	    " no cards");
	for (int i = 0; i < st->p[s].nhand; i++) {
		fprintf(f, "  card %d: ", i + 1);
		any_line(st, st->p[s].hand[i], f);
	}
	fprintf(f, "resources:");
	for (int r = 0; r < DU_RES; r++)
		fprintf(f, " %d %s", du_stock(st, s, r), du_res_names[r]);
	fprintf(f, "\n");
	/* DU17.3: what this seat sees for one decision */
	if (st->phase == DU_PH_TAKE && st->aw_seat == s) {
		const uint8_t *k = du_seg(st, st->search);

		fprintf(f, "stack %d, from the top:\n", st->search + 1);
		for (int i = 0; i < st->nseg[st->search]; i++) {
			fprintf(f, "  card %d: ", i + 1);
			any_line(st, k[i], f);
		}
	}
	if (st->phase == DU_PH_REGIONS && st->scout && st->aw_seat == s) {
		char slug[16];

		fprintf(f, "the region stack:");
		for (int i = 0; i < st->nrstack; i++) {
			du_region_slug(d, st->rstack[i], slug, sizeof slug);
			fprintf(f, " %s", slug);
		}
		fprintf(f, "\n");
	}
	if (st->phase == DU_PH_CHOICE && st->choice == DU_CH_PUT &&
	    st->aw_seat == s) {
		fprintf(f, "%s's hand:\n", du_seat_name(1 - s));
		for (int i = 0; i < st->p[1 - s].nhand; i++) {
			fprintf(f, "  card %d: ", i + 1);
			any_line(st, st->p[1 - s].hand[i], f);
		}
	}
}

static int
dump_json(json_t *o, FILE *f)
{
	int rc;

	if (o == NULL)
		return RULES_ENOMEM;
	rc = json_dumpf(o, f, JSON_SORT_KEYS | JSON_COMPACT) == 0 ? 0 :
	    RULES_ENOMEM;
	json_decref(o);
	if (rc == 0)
		fputc('\n', f);
	return rc;
}

/*
 * One cell of the public JSON: the full slug an order or 'trigon help
 * card' takes ("graanhandelsschip", "dorp", "stad", "straat"), a region
 * as "bos-2:1" (its name in "regions bos-2", then the resources
 * stored); the text board's cells are cut to fit its columns.
 */
static void
cell_json(const struct du_state *st, int s, int col, int row, char *buf,
    size_t n)
{
	uint8_t v = st->p[s].cell[col][row];
	char slug[DU_SLUG_MAX + 4];

	if (DU_IS_REGION(v)) {
		du_region_slug(st->d, v - DU_C_REGION, slug, sizeof slug);
		snprintf(buf, n, "%s:%d", slug, st->stored[v - DU_C_REGION] & 3);
	} else if (DU_IS_EXP(v) && du_cache(st, s) >= 0 &&
	    DU_CELL(col, row) == st->cache_cell - 1)
		snprintf(buf, n, "%s:%d", st->d->card[st->d->inst[v -
		    DU_C_EXP]].slug, st->cache_gold & 3);	/* DU19.8 */
	else if (DU_IS_EXP(v))
		snprintf(buf, n, "%s", st->d->card[st->d->inst[v -
		    DU_C_EXP]].slug);
	else
		snprintf(buf, n, "%s", v == DU_C_ROAD ? "straat" :
		    v == DU_C_SETTLEMENT ? "dorp" : "stad");
}

static int
json_view(const struct game *g, FILE *f)
{
	const struct du_state *st = &g->st;
	const struct du_data *d = st->d;
	json_t *o = json_object(), *seats = json_array(), *ev = json_array();
	struct rules_await aw;

	du_rules_await(g, &aw);
	json_object_set_new(o, "game", json_string("catan-duel"));
	json_object_set_new(o, "turn", json_integer(st->turn));
	json_object_set_new(o, "phase", json_string(phase_names[st->phase]));
	json_object_set_new(o, "awaited", aw.over ? json_null() :
	    json_string(du_seat_name(aw.seat)));
	json_object_set_new(o, "text", json_string(aw.text));
	json_object_set_new(o, "die", json_integer(st->die));
	for (int s = 0; s < DU_SEATS; s++) {
		json_t *p = json_object(), *cells = json_object();

		for (int col = 0; col < DU_COLS; col++)
			for (int row = 0; row < DU_ROWS; row++) {
				char c[DU_SLUG_MAX + 8], cn[3];

				if (st->p[s].cell[col][row] == DU_C_EMPTY)
					continue;
				cell_json(st, s, col, row, c, sizeof c);
				du_cell_name(DU_CELL(col, row), cn);
				json_object_set_new(cells, cn, json_string(c));
			}
		json_object_set_new(p, "seat", json_string(du_seat_name(s)));
		json_object_set_new(p, "vp", json_integer(du_vp(st, s)));
		json_object_set_new(p, "hand", json_integer(st->p[s].nhand));
		json_object_set_new(p, "limit",
		    json_integer(du_hand_limit(st, s)));
		json_object_set_new(p, "cells", cells);
		json_array_append_new(seats, p);
	}
	json_object_set_new(o, "players", seats);
	if (st->mode == DU_MODE_INTRO)
		json_object_set_new(o, "stacks", json_pack("[iiii]", st->nseg[0],
		    st->nseg[1], st->nseg[2], st->nseg[3]));
	else {	/* DU18.4, DU18.5: five stacks, the open pile face up */
		json_t *op = json_array();

		json_object_set_new(o, "stacks", json_pack("[iiiii]",
		    st->nseg[0], st->nseg[1], st->nseg[2], st->nseg[3],
		    st->nseg[4]));
		for (int i = 0; i < st->nseg[DU_SEG_OPEN]; i++)
			json_array_append_new(op, json_string(d->card[d->inst[
			    du_seg(st, DU_SEG_OPEN)[i]]].slug));
		json_object_set_new(o, "open", op);
	}
	json_object_set_new(o, "regions", json_integer(st->nrstack));
	json_object_set_new(o, "events", json_integer(st->nseg[DU_SEG_EVENTS]));
	/* DU17.1: the event cards turned up since the rebuild, at the bottom */
	for (int i = st->nseg[DU_SEG_EVENTS] - st->ev_seen;
	    i < st->nseg[DU_SEG_EVENTS]; i++)
		json_array_append_new(ev, json_string(d->card[d->inst[
		    du_seg(st, DU_SEG_EVENTS)[i]]].slug));
	json_object_set_new(o, "events_seen", ev);
	json_object_set_new(o, "discard", json_integer(st->nseg[DU_SEG_DISCARD]));
	/* DU14.6: of the discard pile only its size and top card show */
	json_object_set_new(o, "discard_top", st->nseg[DU_SEG_DISCARD] ?
	    json_string(d->card[d->inst[du_seg(st, DU_SEG_DISCARD)[0]]].slug) :
	    json_null());
	json_object_set_new(o, "supply", json_pack("[iii]", st->supply[0],
	    st->supply[1], st->supply[2]));
	return dump_json(o, f);
}

/*
 * DU17.2, DU17.3: seat s's hand as JSON (trigon hand --json), shaped as
 * Catan's: "seat", then "cards" (numbered as orders name them, #1
 * oldest, with slug, name, kind), the resources stored, the hand limit
 * and the points; then what hand_text shows this seat for one decision
 * only: "stack" (the stack it searches, from the top), "region_stack"
 * (under Verkenner), "other_hand" (Broedertwist).  Nothing of the
 * other's hand otherwise.
 */
static json_t *
cards_json(const struct du_state *st, const uint8_t *inst, int n)
{
	const struct du_data *d = st->d;
	json_t *a = json_array();

	for (int i = 0; i < n; i++) {
		int k = du_sealed_face(st, inst[i]);	/* DU23 */
		const struct du_card *c = k >= 0 ? &d->card[d->inst[k]] : NULL;
		json_t *o = c == NULL ? json_pack("{s:i}", "number", i + 1) :
		    json_pack("{s:i,s:s,s:s,s:s}", "number", i + 1, "card",
		    c->slug, "name", c->name, "kind", du_kind_names[c->kind]);

		if (du_sl_tok(inst[i]))
			json_object_set_new(o, "sealed", json_true());
		json_array_append_new(a, o);
	}
	return a;
}

static int
hand_json(const struct game *g, int s, FILE *f)
{
	const struct du_state *st = &g->st;
	const struct du_data *d = st->d;
	json_t *o = json_object(), *res = json_object();

	json_object_set_new(o, "seat", json_string(du_seat_name(s)));
	json_object_set_new(o, "cards", cards_json(st, st->p[s].hand,
	    st->p[s].nhand));
	json_object_set_new(o, "limit", json_integer(du_hand_limit(st, s)));
	for (int r = 0; r < DU_RES; r++)
		json_object_set_new(res, du_res_names[r],
		    json_integer(du_stock(st, s, r)));
	json_object_set_new(o, "resources", res);
	json_object_set_new(o, "points", json_integer(du_vp(st, s)));
	if (st->phase == DU_PH_TAKE && st->aw_seat == s)
		json_object_set_new(o, "stack", json_pack("{s:i,s:o}",
		    "stack", st->search + 1, "cards", cards_json(st,
		    du_seg(st, st->search), st->nseg[st->search])));
	if (st->phase == DU_PH_REGIONS && st->scout && st->aw_seat == s) {
		json_t *a = json_array();
		char slug[16];

		for (int i = 0; i < st->nrstack; i++) {
			du_region_slug(d, st->rstack[i], slug, sizeof slug);
			json_array_append_new(a, json_string(slug));
		}
		json_object_set_new(o, "region_stack", a);
	}
	if (st->phase == DU_PH_CHOICE && st->choice == DU_CH_PUT &&
	    st->aw_seat == s)
		json_object_set_new(o, "other_hand", cards_json(st,
		    st->p[1 - s].hand, st->p[1 - s].nhand));
	return dump_json(o, f);
}

/*
 * The SVG board: both grids (svg.c) over the status and, when a seat
 * views it (--as), that seat's own hand, as in the text views.
 */
static int
board_svg(const struct game *g, int viewer, FILE *out)
{
	char *panel = NULL;
	size_t len = 0;
	FILE *pf = open_memstream(&panel, &len);
	int rc, c = viewer >= 0 ? color_of(g, viewer) : -1;

	if (pf == NULL)
		return RULES_ENOMEM;
	status_text(g, pf);
	if (c >= 0) {
		fprintf(pf, "\nYour hand (hidden from the other player):\n");
		hand_text(g, c, pf);
	}
	if (fclose(pf) != 0 || panel == NULL) {
		free(panel);
		return RULES_ENOMEM;
	}
	rc = du_board_svg(&g->st, panel, out);
	free(panel);
	return rc;
}

static int
du_describe(const struct game *g, enum rules_view view, int viewer,
    unsigned flags, FILE *out)
{
	switch (view) {
	case RULES_VIEW_STATUS:
		status_text(g, out);
		return 0;
	case RULES_VIEW_BOARD:
		if (flags & RULES_VF_SVG)
			return board_svg(g, viewer, out);
		return board_text(g, flags, out);
	case RULES_VIEW_HAND:
		if (viewer < 0 || viewer >= DU_SEATS)
			return RULES_ESEAT;
		if (flags & RULES_VF_JSON)
			return hand_json(g, color_of(g, viewer), out);
		hand_text(g, color_of(g, viewer), out);
		return 0;
	case RULES_VIEW_JSON:
		return json_view(g, out);
	}
	return RULES_EDATA;
}

const struct du_state *
du_game_state(const struct game *g)
{
	return &g->st;
}

static int
du_rules_points(const struct game *g, int seat)
{
	return seat < 0 || seat >= DU_SEATS ? 0 :
	    du_vp(&g->st, color_of(g, seat));
}

static void
du_start_note(const struct game *g, struct rules_note *note)
{
	*note = g->start;
}

static long
du_round(const struct game *g)
{
	return g->st.turn < 1 ? 1 : g->st.turn;
}

static const struct rules_end ends[] = {
	{ "points", "7 VP when ending one's own action phase (DU15.1)" },
	{ "resigned", "the other player resigned (DU15.3)" },
	{ NULL, NULL }
};

static const char help_orders[] =
    "Catan: het Duel orders (cells a1-y5 of your own grid; kinds lumber "
    "brick wool grain ore gold):\n"
    "  start stack N | roll | play marileen N | end | pass | resign\n"
    "  build road left|right | build settlement left|right [with verkenner]\n"
    "  regions bos-2 bergen-4 (above, below) | build city at l3\n"
    "  build klooster at l2 [paying k4 o2 o4]\n"
    "  trade 3 ore for wool | trade 2 ore for wool | trade 2 from o2 for wool\n"
    "  play goudsmid for brick and brick | play verhuizing k2 o4\n"
    "  play karavaan wool and wool for grain and ore\n"
    "  theme games only: play handelsmeester ore [and grain] | play rooftocht"
    " ore\n"
    "  play handelaar ore [and grain] give wool | play dounya\n"
    "  trade 1 gold for ore | remove l2 (a trade ship, to a piratenschip)\n"
    "  draw stack N | discard card N under stack M\n"
    "  exchange card N under stack M draw stack K\n"
    "  exchange card N under stack M search stack K paying k4 m4 | take card N\n"
    "  gain ore [at o4] | buy ore | select l2 n2 n4 | remove l2 under stack 3\n"
    "  put card 2 under stack 1 and card 3 under stack 4\n"
    "  prefer ore grain | prefer none\n"
    "  theme games only: swap k2 o4 | ready | demolish l2\n"
    "Modes (trigon new --rules duel --option mode=NAME): intro, the "
    "introductory\n"
    "  game (the default); not built yet, so refused: gouden-eeuw "
    "(era-of-gold),\n"
    "  conflict (era-of-turmoil), vooruitgang (era-of-progress), vorsten "
    "(princes)\n"
    "The rules and an example of every order: duel-rules(7).\n";

static const char *const order_examples[] = {
	"start stack 2", "roll", "build road left", "trade 3 ore for wool",
	"end", NULL
};

/*
 * trigon help card NAME: a card of the embedded data (data/duel/cards.ini)
 * by its slug, its Dutch name or its English gloss, or as "duel SLUG"
 * (Trigon answers first for a name both games use: wolweverij).  The
 * text: name, slug, gloss, kind and copies, then the cost, the site,
 * the values and the card's line, and the order that plays it.
 */
static struct du_data help_data;
static int help_state;		/* 0 not loaded, 1 loaded, -1 failed */
static char help_text[DU_MAX_CARDS][640];

static const struct du_data *
help_cards(void)
{
	struct rules_error err;

	if (help_state == 0)
		help_state = du_data_load(&help_data, NULL, 0, &err) == 0 ?
		    1 : -1;
	return help_state == 1 ? &help_data : NULL;
}

static int
help_find(const struct du_data *d, const char *name)
{
	if (d == NULL || name == NULL)
		return -1;
	if (strncasecmp(name, "duel-", 5) == 0 ||
	    strncasecmp(name, "duel ", 5) == 0)
		name += 5;
	else if (strncasecmp(name, "catan-duel-", 11) == 0 ||
	    strncasecmp(name, "catan-duel ", 11) == 0)
		name += 11;
	for (int i = 0; i < d->ncards; i++)
		if (suggest_same_name(name, d->card[i].slug) ||
		    suggest_same_name(name, d->card[i].name))
			return i;
	for (int i = 0; i < d->ncards; i++)
		if (suggest_same_name(name, d->card[i].gloss))
			return i;
	return -1;
}

static void
help_order(const struct du_card *c, char *buf, size_t n)
{
	switch (c->effect) {
	case DU_FX_ROAD: snprintf(buf, n, "build road left"); return;
	case DU_FX_SETTLEMENT: snprintf(buf, n, "build settlement left"); return;
	case DU_FX_CITY: snprintf(buf, n, "build city at l3"); return;
	case DU_FX_GOLDSMITH:
		snprintf(buf, n, "play goudsmid for brick and brick");
		return;
	case DU_FX_CARAVAN:
		snprintf(buf, n, "play karavaan wool and wool for grain and ore");
		return;
	case DU_FX_MASTER_MERCHANT:
		snprintf(buf, n, "play handelsmeester grain and ore");
		return;
	case DU_FX_TRADER:
		snprintf(buf, n, "play handelaar grain and ore give wool");
		return;
	case DU_FX_RAID: snprintf(buf, n, "play rooftocht grain and ore"); return;
	case DU_FX_DOUNYA: snprintf(buf, n, "play dounya"); return;
	case DU_FX_FIX_PRODUCTION: snprintf(buf, n, "play marileen 4"); return;
	case DU_FX_RELOCATION: snprintf(buf, n, "play verhuizing k2 o4"); return;
	case DU_FX_SCOUT:
		snprintf(buf, n, "build settlement left with verkenner");
		return;
	}
	if (DU_IS_EXPANSION(c->kind))
		snprintf(buf, n, "build %s at %s", c->slug,
		    c->site == DU_SITE_CITY ? "l1" :
		    c->site == DU_SITE_REGION ? "m1" : "l2");
	else
		buf[0] = '\0';
}

static const char *
du_help_card(const char *name)
{
	static const char *const site_text[] = {
		"none (a centre card: laid on the centre line, DU9)",
		"a free site above or below a settlement or city (DU10.1)",
		"a free site of a city, above or below it (DU18.11)",
		"a region (DU10.1)",
	};
	static const char *const what[] = { "VP", "strength", "skill",
		"trade", "progress" };
	const struct du_data *d = help_cards();
	const struct du_card *c;
	char *t, order[96];
	size_t n = sizeof help_text[0], len = 0;
	int k = help_find(d, name), val[5], any = 0;

	if (k < 0)
		return NULL;
	c = &d->card[k];
	t = help_text[k];
	if (t[0] != '\0')
		return t;
	val[0] = c->vp;
	val[1] = c->strength;
	val[2] = c->skill;
	val[3] = c->trade;
	val[4] = c->progress;
#define ADD(...) do { if (len < n) len += (size_t)snprintf(t + len, \
	n - len, __VA_ARGS__); } while (0)
	ADD("%s (%s, %s; %s card, %s set, %d %s", c->name, c->slug,
	    c->gloss, du_kind_names[c->kind], du_set_names[c->set], c->count,
	    c->count == 1 ? "copy" : "copies");
	for (int st = DU_SET_GOLD; st < DU_SETS; st++)
		if (c->copies[st])	/* DU18.10: with the theme's back */
			ADD(" and %d in the %s set", c->copies[st],
			    du_set_names[st]);
	ADD("%s).", c->unique ? ", at most one in a principality" : "");
	if (c->kind != DU_K_EVENT && c->kind != DU_K_ACTION) {
		ADD(" Cost:");
		for (int r = 0; r < DU_RES; r++)
			if (c->cost[r])
				ADD("%s %d %s", any++ ? "," : "", c->cost[r],
				    du_res_names[r]);
		ADD("%s. Site: %s.", any ? "" : " nothing",
		    site_text[c->site < 4 ? c->site : 0]);
		any = 0;
		ADD(" Values:");
		for (int i = 0; i < 5; i++)
			if (val[i])
				ADD("%s %d %s", any++ ? "," : "", val[i], what[i]);
		ADD("%s.", any ? "" : " none");
	} else if (c->kind == DU_K_ACTION)
		ADD(" Played from the hand for nothing, then it goes to "
		    "the discard pile (DU12.1).");
	else
		ADD(" Turned up from the event deck when the event die "
		    "shows the event face (DU7.5).");
	ADD(" %s", c->text);
	help_order(c, order, sizeof order);
	if (order[0])
		ADD(" Order: %s.", order);
#undef ADD
	return t;
}

static int
du_help_card_names(rules_emit_fn emit, void *ctx)
{
	const struct du_data *d = help_cards();

	for (int i = 0; d != NULL && i < d->ncards; i++)
		if (emit(ctx, d->card[i].slug) != 0)
			break;
	return 0;
}

static const char *
du_help_card_brief(const char *name, char *buf, size_t n)
{
	const struct du_data *d = help_cards();
	int k = help_find(d, name);

	if (k < 0 || n == 0)
		return NULL;
	snprintf(buf, n, "%s (%s): %s", d->card[k].name, d->card[k].gloss,
	    d->card[k].text);
	return buf;
}

const struct rules duel_rules = {
	.name = "catan-duel",
	.title = "Catan: Het Duel",
	.short_name = "duel",	/* strength: duel-bot-vs-KIND */
	.min_seats = 2,
	.max_seats = 2,
	.seat_names = seat_names,
	.blob_names = blob_names,
	.new_options = new_options,
	.create = du_create,
	.clone = du_clone,
	.free = du_free,
	.default_blob = du_default_blob,
	.apply = du_rules_apply,
	.await = du_rules_await,
	.legal = du_rules_legal,
	.describe = du_describe,
	.points = du_rules_points,
	.start_note = du_start_note,
	.bot = duel_bot,	/* bot.c: mcts, random, greedy */
	.search = &duel_search,	/* bot.c: the core search's hooks */
	.bot_kinds = duel_bot_kinds,
	.ends = ends,
	.round = du_round,
	.round_name = "turn",
	.default_seats = 2,
	.help_orders = help_orders,
	.order_examples = order_examples,
	.help_card = du_help_card,
	.help_card_names = du_help_card_names,
	.help_card_brief = du_help_card_brief,
	.legal_note = du_legal_note,
	.hands_sealed = 1,	/* DU23, sealed.c */
	.blob_texts = blob_texts,
};
