/*
 * log.c -- trigon log: the history of a game, one move per line with
 * its public annotations (dice, battles, incomes).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "save.h"

struct log_ctx {
	int json;
	json_t *list, *cur;
	json_t *start;		/* notes of the game's start, before move 1 */
	unsigned long long first;	/* the first move shown (--last) */
	int skip;		/* the notes that follow belong to a move
				   not shown */
};

enum { OPT_LAST = 256 };
static long last;		/* --last N, 0: every move */

static int
log_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	(void)ch;
	return game_number(c->cmd, arg, "--last", 1000000000L, &last);
}

static const struct option log_opts[] = {
	{ "last", required_argument, NULL, OPT_LAST },
	{ NULL, 0, NULL, 0 },
};

static int
log_event(void *vctx, const struct save *s, const struct save_event *ev)
{
	struct log_ctx *c = vctx;

	switch (ev->kind) {
	case SAVE_EV_ACTION:
		c->skip = ev->seq < c->first;
		if (c->skip)
			break;
		if (c->json) {
			/* "color": the old name of "seat", kept for one
			 * release (trigon(1)). */
			c->cur = json_pack("{s:I, s:s, s:s, s:s, s:s%, s:[]}",
			    "seq", (json_int_t)ev->seq,
			    "seat", s->hdr.player[ev->seat].seat,
			    "color", s->hdr.player[ev->seat].seat,
			    "player", s->hdr.player[ev->seat].name,
			    "action", ev->text, ev->len, "notes");
			json_array_append_new(c->list, c->cur);
		} else
			printf("%llu. %s (%s): %.*s\n",
			    (unsigned long long)ev->seq,
			    s->hdr.player[ev->seat].seat,
			    s->hdr.player[ev->seat].name, (int)ev->len,
			    ev->text);
		break;
	case SAVE_EV_NOTE:
		if (c->skip)
			break;
		if (c->json)
			json_array_append_new(c->cur != NULL ?
			    json_object_get(c->cur, "notes") : c->start,
			    json_stringn(ev->text, ev->len));
		else if (!c->json)
			printf("     %.*s\n", (int)ev->len, ev->text);
		break;
	default:
		break;
	}
	return 0;
}

static int
log_exec(struct cmd_ctx *c)
{
	struct log_ctx lc = { c->json, NULL, NULL, NULL, 0, 0 };
	struct save s;
	struct err e;
	int rc;

	/* --last N: the moves after the first nactions - N, without the
	 * start's notes (unless every move is shown). */
	if (last > 0 && (unsigned long long)last < c->save->nactions) {
		lc.first = c->save->nactions - (unsigned long long)last + 1;
		lc.skip = 1;
	}

	/* The whole file is verified (cmd/prepare.c) before any of it is
	 * shown; read it again to tell its story (memory stays bounded). */
	err_clear(&e);
	if (lc.json) {
		lc.list = json_array();
		lc.start = json_array();
	}
	save_init(&s, c->path);
	s.cb = log_event;
	s.cbctx = &lc;
	if ((rc = save_load(&s, c->path, NULL, &e)) != 0) {
		rc = game_report(&e, 0);
		json_decref(lc.list);
		json_decref(lc.start);
	} else if (lc.json) {
		rc = game_print_json(json_pack("{s:o, s:s, s:o, s:o, s:o}",
		    "file", game_json_string(c->path), "chance",
		    save_chance_name(&s.hdr), "start", lc.start, "moves",
		    lc.list, "await", game_await_json(&s, c->path)));
	} else {
		/* The story ends with how its dice were decided, and what a
		 * fair game awaits now. */
		game_print_chance(&s, c->path, stdout, 0);
		rc = EXIT_OK;
	}
	save_release(&s);
	return rc;
}

const struct cmd cmd_log = {
	.name = "log",
	.usage = "trigon log [FILE | -f FILE] [--last N] [--json]",
	.summary = "Show the history of the game with dice and battle outcomes.",
	.exec = log_exec,
	.help =
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --last N         only the last N moves\n"
	"  --json           one JSON object (see trigon(1))\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_JSON | CMD_LOAD,
	.opts = log_opts,
	.opt = log_opt,
	.check = game_file_operand,
};
