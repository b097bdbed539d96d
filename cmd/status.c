/*
 * status.c -- trigon status: round, phase, whose turn, what is awaited
 * from whom, and points, as the rules describe them (public view only),
 * on a terminal (or with $COLUMNS) each line broken at spaces to its
 * width.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "game.h"
#include "keys.h"
#include "save.h"
#include "term.h"

/* The rules' status, its lines wrapped to the width of stdout. */
static int
print_status(const struct save *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int rc;

	/* Off a terminal, unless $COLUMNS asks, the lines as they are:
	   scripts read them whole. */
	if (m == NULL || (!isatty(STDOUT_FILENO) && getenv("COLUMNS") ==
	    NULL)) {
		if (m != NULL)
			fclose(m);
		free(buf);
		return s->rules->describe(s->game, RULES_VIEW_STATUS, -1, 0,
		    stdout);
	}
	rc = s->rules->describe(s->game, RULES_VIEW_STATUS, -1, 0, m);
	if (fclose(m) == 0 && buf != NULL)
		term_fold(stdout, buf, (size_t)term_columns(STDOUT_FILENO),
		    "    ");
	free(buf);
	return rc;
}

/* One line, folded to the width as print_status folds the rules'. */
static void
print_line(const char *l)
{
	char buf[1024];

	if (!isatty(STDOUT_FILENO) && getenv("COLUMNS") == NULL) {
		printf("%s\n", l);
		return;
	}
	snprintf(buf, sizeof buf, "%s\n", l);
	term_fold(stdout, buf, (size_t)term_columns(STDOUT_FILENO), "    ");
}

/* What a fair game awaits, and since when (game_await_since). */
static void
print_answers(const struct save *s, const char *path, const char *what)
{
	char since[512];

	printf("awaits answers: %s (trigon answer)\n", what);
	if (game_await_since(s, path, 0, since, sizeof since) == 0)
		print_line(since);
}

static int
status_exec(struct cmd_ctx *c)
{
	const struct save *s = c->save;
	struct rules_await aw;
	char key[KEY_PUB_TEXT_MAX];
	int rc;

	char what[512], ff[512];
	int waits = save_awaits(s, what, sizeof what);

	if (!save_started(s) && !c->json) {
		printf("%s: %s, not started\n", c->path, s->rules->title);
		if (save_forfeit(s, ff, sizeof ff) >= 0 &&
		    save_forfeit_winner(s) >= 0)
			printf("over: %s; %s won (forfeit)\n", ff,
			    game_seat_name(s, save_forfeit_winner(s)));
		else if (ff[0] != '\0')
			printf("forfeit: %s\n", ff);
		else
			print_answers(s, c->path, what);
		printf("%s\n", save_chance_text(&s->hdr));
		return EXIT_OK;
	}
	if (save_started(s) && (rc = game_await(s, c->path, &aw)) != EXIT_OK)
		return rc;
	if (c->json) {
		json_t *pl = json_array(), *st;
		char gid[2 * SAVE_GAME_ID_BYTES + 1];

		for (int i = 0; i < s->hdr.nplayers; i++) {
			keys_pub_format(s->hdr.player[i].pk, key, sizeof key);
			/* "color": the old name of "seat", kept for one
			 * release (trigon(1)). */
			json_array_append_new(pl, json_pack("{s:s, s:s, s:s, "
			    "s:o, s:s, s:i}", "seat", s->hdr.player[i].seat,
			    "color", s->hdr.player[i].seat,
			    "name", s->hdr.player[i].name,
			    "email", game_json_or_null(s->hdr.player[i].email),
			    "key", key,
			    "points", s->game != NULL ?
			    s->rules->points(s->game, i) : 0));
		}
		sodium_bin2hex(gid, sizeof gid, s->hdr.game_id,
		    SAVE_GAME_ID_BYTES);
		st = s->game != NULL ? game_state_json(s) : NULL;
		return game_print_json(json_pack("{s:o, s:s, s:s, s:s, s:s, "
		    "s:I, s:o, s:o, s:o}", "file", game_json_string(c->path),
		    "rules", s->hdr.rules, "game", gid, "chance",
		    save_chance_name(&s->hdr), "chance_text",
		    save_chance_text(&s->hdr), "moves",
		    (json_int_t)s->nactions, "players", pl, "await",
		    game_await_json(s, c->path), "state", st ? st : json_null()));
	}
	printf("%s: %s, %llu moves\n", c->path, s->rules->title,
	    (unsigned long long)s->nactions);
	fflush(stdout);
	rc = print_status(s) == 0 ? EXIT_OK : EXIT_DAMAGED;
	if (aw.over)
		printf("over: %s won (%s)\n", game_seat_name(s, aw.winner),
		    aw.how);
	if (save_forfeit(s, ff, sizeof ff) >= 0)
		printf("forfeit: %s\n", ff);
	if (waits > 0)
		print_answers(s, c->path, what);
	else if (!aw.over && game_await_since(s, c->path, 0, ff,
	    sizeof ff) == 0)
		print_line(ff);		/* a move awaited (its deadline) */
	printf("%s\n", save_chance_text(&s->hdr));
	return rc;
}

const struct cmd cmd_status = {
	.name = "status",
	.usage = "trigon status [FILE | -f FILE] [--json]",
	.summary = "Show the round, phase, whose turn it is and the points.",
	.exec = status_exec,
	.help =
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --json           one JSON object (see trigon(1))\n",
	.flags = CMD_FILE | CMD_PERMUTE | CMD_JSON | CMD_LOAD |
	    CMD_UNSTARTED,
	.check = game_file_operand,
};
