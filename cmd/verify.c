/*
 * verify.c -- trigon verify: replay a save file from its seed and check
 * every line (canonical bytes, the hash chain, every signature, the
 * turn order, every rule, every annotation); one line of verdict (exit
 * 4 when a fair game awaits answers: good so far, not whole).  It
 * loads the file itself: a file that fails is its "no" (exit 1), said
 * in JSON too.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "fair.h"
#include "game.h"
#include "save.h"

static int
verify_check(struct cmd_ctx *c)
{
	if (c->argc > 1 || (c->fopt != NULL && c->argc > 0))
		return usage_error(c->cmd, "too many arguments");
	if (c->argc > 0)
		c->fopt = c->argv[0];
	return EXIT_OK;
}

/* A fair game's JSON says whether it is fully audited. */
static json_t *
with_audit(json_t *j, const struct save *s)
{
	if (j != NULL && s->hdr.chance == SAVE_CHANCE_FAIR)
		json_object_set_new(j, "audited", json_boolean(save_audited(s)));
	return j;
}

static int
verify_exec(struct cmd_ctx *c)
{
	struct save *s = c->save;
	struct rules_await aw;
	char tail[512], what[512], date[FAIR_DATE_LEN + 1];
	int64_t until;
	struct err e;
	int waits;
	long round;
	int rc;

	err_clear(&e);
	save_init(s, c->path);
	if (save_load(s, c->path, NULL, &e) != 0) {
		rc = game_report(&e, 1);
		if (c->json)
			game_print_json(json_pack("{s:o, s:b, s:i, s:o}",
			    "file", game_json_string(c->path), "ok", 0,
			    "line", e.line, "error", game_json_string(e.msg)));
		return rc;
	}
	waits = save_awaits(s, what, sizeof what);
	if (!save_started(s)) {
		if (c->json) {
			rc = game_print_json(json_pack("{s:o, s:b, s:s, s:I, "
			    "s:i, s:n, s:o}", "file",
			    game_json_string(c->path), "ok", 1, "chance",
			    save_chance_name(&s->hdr), "moves", (json_int_t)0,
			    "players", s->hdr.nplayers, "round", "await",
			    game_await_json(s, c->path)));
			if (rc != EXIT_OK)
				return rc;
			return save_forfeit_winner(s) >= 0 ? EXIT_OK :
			    EXIT_INCOMPLETE;
		}
		if (save_forfeit_winner(s) >= 0) {
			/* Over before it started: whole as it is. */
			save_forfeit(s, tail, sizeof tail);
			printf("%s: ok: not started, by %d players; over: "
			    "%s; %s won (forfeit)\n", c->path,
			    s->hdr.nplayers, tail,
			    game_seat_name(s, save_forfeit_winner(s)));
			printf("%s: %s\n", c->path, save_chance_text(&s->hdr));
			return EXIT_OK;
		}
		if (save_forfeit(s, tail, sizeof tail) >= 0) {
			printf("%s: ok so far: not started, by %d players; "
			    "%s\n", c->path, s->hdr.nplayers, tail);
			printf("%s: %s\n", c->path, save_chance_text(&s->hdr));
			return EXIT_INCOMPLETE;
		}
		printf("%s: ok so far: not started, by %d players; incomplete: "
		    "awaits %s\n", c->path, s->hdr.nplayers, what);
		printf("%s: %s\n", c->path, save_chance_text(&s->hdr));
		return EXIT_INCOMPLETE;
	}
	if ((rc = game_await(s, c->path, &aw)) != EXIT_OK)
		return rc;
	round = game_round(s);
	if (aw.over)
		snprintf(tail, sizeof tail, "over, %s won (%s)",
		    game_seat_name(s, aw.winner), aw.how);
	else
		snprintf(tail, sizeof tail, "%s to act",
		    game_seat_name(s, aw.seat));
	if ((until = save_forfeit_disputable(s)) > 0) {
		/* Not won yet: an answer or move may still void it. */
		fair_format_date(date, until);
		snprintf(tail, sizeof tail, "%s forfeit claimed, disputable "
		    "until %s", game_seat_name(s, save_forfeit(s, NULL, 0)),
		    date);
	}
	if (c->json) {
		rc = game_print_json(with_audit(json_pack("{s:o, s:b, s:s, "
		    "s:I, s:i, s:I, s:o}", "file", game_json_string(c->path), "ok", 1,
		    "chance", save_chance_name(&s->hdr),
		    "moves", (json_int_t)s->nactions, "players",
		    s->hdr.nplayers, "round", (json_int_t)round, "await",
		    game_await_json(s, c->path)), s));
		return rc == EXIT_OK && waits > 0 ? EXIT_INCOMPLETE : rc;
	}
	printf("%s: ok: %llu move%s by %d players", c->path,
	    (unsigned long long)s->nactions, s->nactions == 1 ? "" : "s",
	    s->hdr.nplayers);
	if (round >= 0)
		printf(", %s %ld", rules_round_name(s->rules), round);
	printf(", %s\n", tail);
	if (save_forfeit(s, tail, sizeof tail) >= 0)
		printf("%s: forfeit: %s\n", c->path, tail);
	if (waits > 0)
		printf("%s: incomplete: awaits %s\n", c->path, what);
	if (save_audited(s))
		printf("%s: fully audited: every seat's secret matches its "
		    "join and every value it released\n", c->path);
	printf("%s: %s\n", c->path, save_chance_text(&s->hdr));
	/* Good so far, but not whole: its own status (trigon(1)). */
	return waits > 0 || until > 0 ? EXIT_INCOMPLETE : EXIT_OK;
}

const struct cmd cmd_verify = {
	.name = "verify",
	.usage = "trigon verify [--json] [FILE]",
	.summary = "Replay a save file and check every signature, turn and rule.",
	.exec = verify_exec,
	.help =
	"  FILE    the save file (default as for trigon move; -f FILE too)\n"
	"  --json  one JSON object (see trigon(1))\n",
	.flags = CMD_FILE | CMD_JSON | CMD_PERMUTE,
	.check = verify_check,
};
