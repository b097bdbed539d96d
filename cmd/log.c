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
};

static int
log_event(void *vctx, const struct save *s, const struct save_event *ev)
{
	struct log_ctx *c = vctx;

	switch (ev->kind) {
	case SAVE_EV_ACTION:
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
log_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024];
	const char *fopt = NULL;
	struct log_ctx c = { 0, NULL, NULL, NULL };
	struct save s;
	struct err e;
	int ch, rc;

	err_clear(&e);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+f:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case 'j':
			c.json = 1;
			break;
		default:
			return usage_error(&cmd_log, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(&cmd_log, "too many arguments");
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	if (c.json) {
		c.list = json_array();
		c.start = json_array();
	}
	/* Verify the whole file before showing any of it, then read it
	 * again to tell its story (memory stays bounded). */
	save_init(&s, path);
	rc = save_load(&s, path, NULL, &e);
	save_release(&s);
	save_init(&s, path);
	s.cb = log_event;
	s.cbctx = &c;
	if (rc != 0 || (rc = save_load(&s, path, NULL, &e)) != 0) {
		rc = game_report(&e, 0);
		json_decref(c.list);
		json_decref(c.start);
	} else if (c.json) {
		rc = game_print_json(json_pack("{s:o, s:o, s:o, s:o}", "file",
		    game_json_string(path), "start", c.start, "moves", c.list, "await",
		    game_await_json(&s)));
	} else
		rc = EXIT_OK;
	save_release(&s);
	return rc;
}

const struct cmd cmd_log = {
	"log", "trigon log [-f FILE] [--json]",
	"Show the history of the game with dice and battle outcomes.",
	log_main,
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --json           one JSON object (see trigon(1))\n",
	NULL,
};
