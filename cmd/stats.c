/*
 * stats.c -- trigon stats: the dice statistics of a game (trigon(1),
 * stats): each sum of two dice, its expected share beside how often it
 * was rolled, and per seat the cards the dice gave, stolen, and lost to
 * a thief and to discards; as text, --json or --svg.  The rule set
 * counts its own public notes (rules.stats_note, lib/stats.h); a rule
 * set without the hook rolls no sums and is refused.  `trigon play`
 * shows the text through stats_show.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "save.h"
#include "stats.h"

struct stats_run {
	struct save s;
	struct rules_stats acc;
	char action[RULES_ACTION_MAX + 1];
	size_t alen;
	int started;		/* an action was seen */
};

enum { OPT_SVG = 256 };
static int svg;

static int stats_event(void *vctx, const struct save *s,
    const struct save_event *ev);
static int stats_collect(struct stats_run *r, const char *path);
static void stats_text(const struct stats_run *r, FILE *out);
static int stats_json(const struct stats_run *r, const char *path);
static void stats_svg(const struct stats_run *r, FILE *out);

static const char *const count_names[RULES_STATS_NCOUNTS] = {
	"produced", "stole", "robbed", "discarded",
};

static int
stats_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	(void)c;
	(void)ch;
	(void)arg;
	svg = 1;
	return EXIT_OK;
}

static const struct option stats_opts[] = {
	{ "svg", no_argument, NULL, OPT_SVG },
	{ NULL, 0, NULL, 0 },
};

static int
stats_check(struct cmd_ctx *c)
{
	if (svg && c->json)
		return usage_error(c->cmd, "--svg and --json exclude each "
		    "other");
	return game_file_operand(c);
}

static int
stats_exec(struct cmd_ctx *c)
{
	struct stats_run r;
	int rc;

	if (c->save->rules->stats_note == NULL) {
		errmsg("%s: %s rolls no sums of two dice: nothing to count",
		    c->path, c->save->rules->title);
		return EXIT_REFUSED;
	}
	if ((rc = stats_collect(&r, c->path)) != EXIT_OK)
		return rc;
	if (c->json)
		rc = stats_json(&r, c->path);
	else if (svg)
		stats_svg(&r, stdout);
	else
		stats_text(&r, stdout);
	save_release(&r.s);
	return rc;
}

/*
 * For `trigon play`: the text of the game at path to stdout; a rule set
 * without sums says so.  Returns an exit status.
 */
int
stats_show(const char *path)
{
	struct stats_run r;
	int rc;

	if ((rc = stats_collect(&r, path)) != EXIT_OK)
		return rc;
	if (r.s.rules->stats_note == NULL)
		printf("%s rolls no sums of two dice: nothing to count\n",
		    r.s.rules->title);
	else
		stats_text(&r, stdout);
	save_release(&r.s);
	return EXIT_OK;
}

/* Read the file at path again, its notes counted into r->acc; on
 * success r->s stays loaded (the seat names are its). */
static int
stats_collect(struct stats_run *r, const char *path)
{
	struct err e;
	int rc;

	memset(&r->acc, 0, sizeof r->acc);
	r->alen = 0;
	r->started = 0;
	err_clear(&e);
	save_init(&r->s, path);
	r->s.cb = stats_event;
	r->s.cbctx = r;
	if ((rc = save_load(&r->s, path, NULL, &e)) != 0) {
		rc = game_report(&e, 0);
		save_release(&r->s);
		return rc;
	}
	return EXIT_OK;
}

static int
stats_event(void *vctx, const struct save *s, const struct save_event *ev)
{
	struct stats_run *r = vctx;

	if (s->rules == NULL || s->rules->stats_note == NULL)
		return 0;
	if (r->acc.nseats == 0) {
		r->acc.nseats = s->hdr.nplayers;
		for (int i = 0; i < s->hdr.nplayers; i++)
			r->acc.seat[i] = s->hdr.player[i].seat;
	}
	if (ev->kind == SAVE_EV_ACTION) {
		r->alen = ev->len < sizeof r->action ? ev->len :
		    sizeof r->action - 1;
		memcpy(r->action, ev->text, r->alen);
		r->started = 1;
	} else if (ev->kind == SAVE_EV_NOTE)
		s->rules->stats_note(&r->acc, r->started ? r->action : NULL,
		    r->started ? r->alen : 0, ev->text, ev->len);
	return 0;
}

/* percent of part in whole, 0 when whole is 0 */
static double
pct(unsigned long part, unsigned long whole)
{
	return whole == 0 ? 0.0 : 100.0 * (double)part / (double)whole;
}

static void
stats_text(const struct stats_run *r, FILE *out)
{
	const struct rules_stats *a = &r->acc;

	fprintf(out, "Sums of two dice, %lu roll%s:\n", a->rolls,
	    a->rolls == 1 ? "" : "s");
	fprintf(out, "sum  expected        rolled\n");
	for (int s = 2; s <= 12; s++)
		fprintf(out, "%3d  %d/36 %6.2f %%  %4lu %6.2f %%\n", s,
		    stats_ways(s), pct((unsigned long)stats_ways(s), 36),
		    a->sum[s], pct(a->sum[s], a->rolls));
	fprintf(out, "\nCards by seat:\n%-12s %9s %6s %7s %10s\n", "seat",
	    count_names[0], count_names[1], count_names[2], count_names[3]);
	for (int i = 0; i < a->nseats; i++)
		fprintf(out, "%-12s %9lu %6lu %7lu %10lu\n", a->seat[i],
		    a->count[i][RULES_STATS_PRODUCED],
		    a->count[i][RULES_STATS_STOLE],
		    a->count[i][RULES_STATS_ROBBED],
		    a->count[i][RULES_STATS_DISCARDED]);
}

static int
stats_json(const struct stats_run *r, const char *path)
{
	const struct rules_stats *a = &r->acc;
	json_t *sums = json_array(), *seats = json_array(), *o;

	for (int s = 2; s <= 12; s++)
		json_array_append_new(sums, json_pack("{s:i, s:i, s:f, s:I, "
		    "s:f}", "sum", s, "ways", stats_ways(s), "expected",
		    pct((unsigned long)stats_ways(s), 36), "count",
		    (json_int_t)a->sum[s], "rolled", pct(a->sum[s],
		    a->rolls)));
	for (int i = 0; i < a->nseats; i++) {
		o = json_pack("{s:s, s:s}", "seat", a->seat[i], "player",
		    r->s.hdr.player[i].name);
		for (int k = 0; k < RULES_STATS_NCOUNTS; k++)
			json_object_set_new(o, count_names[k],
			    json_integer((json_int_t)a->count[i][k]));
		json_array_append_new(seats, o);
	}
	return game_print_json(json_pack("{s:o, s:s, s:I, s:o, s:o}", "file",
	    game_json_string(path), "rules", r->s.hdr.rules, "rolls",
	    (json_int_t)a->rolls, "sums", sums, "seats", seats));
}

/* SVG geometry: 11 groups of two bars over a scale of whole fives. */
enum { SV_W = 640, SV_LEFT = 50, SV_TOP = 50, SV_H = 240, SV_GROUP = 50,
	SV_BAR = 18 };

static void
stats_svg(const struct stats_run *r, FILE *out)
{
	const struct rules_stats *a = &r->acc;
	double top = 100.0 * 6 / 36;
	int scale, height = SV_TOP + SV_H + 70 + 20 * a->nseats;

	for (int s = 2; s <= 12; s++)
		if (pct(a->sum[s], a->rolls) > top)
			top = pct(a->sum[s], a->rolls);
	scale = ((int)top / 5 + 1) * 5;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
	    "font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" "
	    "fill=\"white\"/>\n<text x=\"%d\" y=\"24\" font-size=\"16\">"
	    "Sums of two dice, %lu roll%s: expected (grey) and rolled "
	    "(blue)</text>\n", SV_W, height, SV_W, height, SV_LEFT, a->rolls,
	    a->rolls == 1 ? "" : "s");
	for (int p = 0; p <= scale; p += 5) {
		int y = SV_TOP + SV_H - SV_H * p / scale;

		fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		    "stroke=\"#ddd\"/><text x=\"%d\" y=\"%d\" "
		    "text-anchor=\"end\">%d %%</text>\n", SV_LEFT, y,
		    SV_LEFT + 11 * SV_GROUP, y, SV_LEFT - 6, y + 4, p);
	}
	for (int s = 2; s <= 12; s++) {
		int x = SV_LEFT + (s - 2) * SV_GROUP + 6, base = SV_TOP + SV_H;
		double e = pct((unsigned long)stats_ways(s), 36);
		double g = pct(a->sum[s], a->rolls);
		double he = SV_H * e / scale, hg = SV_H * g / scale;

		fprintf(out, "<rect class=\"expected\" data-sum=\"%d\" "
		    "data-ways=\"%d\" x=\"%d\" y=\"%.1f\" width=\"%d\" "
		    "height=\"%.1f\" fill=\"#b0b0b0\"/>\n", s, stats_ways(s),
		    x, base - he, SV_BAR, he);
		fprintf(out, "<rect class=\"rolled\" data-sum=\"%d\" "
		    "data-count=\"%lu\" x=\"%d\" y=\"%.1f\" width=\"%d\" "
		    "height=\"%.1f\" fill=\"#3a6ea5\"/>\n", s, a->sum[s],
		    x + SV_BAR, base - hg, SV_BAR, hg);
		fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" "
		    "font-size=\"10\">%lu</text>\n<text x=\"%d\" y=\"%d\" "
		    "text-anchor=\"middle\">%d</text>\n", x + SV_BAR * 3 / 2,
		    base - hg - 3, a->sum[s], x + SV_BAR, base + 16, s);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\">seat: produced, stole, robbed, "
	    "discarded</text>\n", SV_LEFT, SV_TOP + SV_H + 50);
	for (int i = 0; i < a->nseats; i++)
		fprintf(out, "<text class=\"seat\" data-seat=\"%s\" x=\"%d\" "
		    "y=\"%d\">%s: %lu, %lu, %lu, %lu</text>\n", a->seat[i],
		    SV_LEFT, SV_TOP + SV_H + 70 + 20 * i, a->seat[i],
		    a->count[i][0], a->count[i][1], a->count[i][2],
		    a->count[i][3]);
	fprintf(out, "</svg>\n");
}

const struct cmd cmd_stats = {
	.name = "stats",
	.usage = "trigon stats [FILE | -f FILE] [--json | --svg]",
	.summary = "Show the dice sums rolled against their odds, and cards "
	    "by seat.",
	.exec = stats_exec,
	.help =
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --json           one JSON object (see trigon(1))\n"
	"  --svg            the sums as a bar chart (SVG)\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_JSON | CMD_LOAD,
	.opts = stats_opts,
	.opt = stats_opt,
	.check = stats_check,
};
