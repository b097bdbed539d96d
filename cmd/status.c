/*
 * status.c -- trigon status: round, phase, whose turn, what is awaited
 * from whom, and points, as the rules describe them (public view only).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "keys.h"
#include "save.h"

static int
status_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024], key[KEY_PUB_TEXT_MAX];
	const char *fopt = NULL;
	struct save s;
	struct rules_await aw;
	struct err e;
	int ch, rc, json = 0;

	err_clear(&e);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+f:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case 'j':
			json = 1;
			break;
		default:
			return usage_error(&cmd_status, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(&cmd_status, "too many arguments");
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	if ((rc = game_load(&s, path, NULL)) != EXIT_OK) {
		save_release(&s);
		return rc;
	}
	if ((rc = game_await(&s, path, &aw)) != EXIT_OK) {
		save_release(&s);
		return rc;
	}
	if (json) {
		json_t *pl = json_array(), *st;
		char gid[2 * SAVE_GAME_ID_BYTES + 1];

		for (int i = 0; i < s.hdr.nplayers; i++) {
			keys_pub_format(s.hdr.player[i].pk, key, sizeof key);
			/* "color": the old name of "seat", kept for one
			 * release (trigon(1)). */
			json_array_append_new(pl, json_pack("{s:s, s:s, s:s, "
			    "s:o, s:s, s:i}", "seat", s.hdr.player[i].seat,
			    "color", s.hdr.player[i].seat,
			    "name", s.hdr.player[i].name,
			    "email", game_json_or_null(s.hdr.player[i].email),
			    "key", key,
			    "points", s.rules->points(s.game, i)));
		}
		sodium_bin2hex(gid, sizeof gid, s.hdr.game_id,
		    SAVE_GAME_ID_BYTES);
		st = game_state_json(&s);
		rc = game_print_json(json_pack("{s:o, s:s, s:s, s:I, s:o, "
		    "s:o, s:o}", "file", game_json_string(path), "rules", s.hdr.rules,
		    "game", gid, "moves", (json_int_t)s.nactions,
		    "players", pl, "await", game_await_json(&s),
		    "state", st ? st : json_null()));
	} else {
		printf("%s: %s, %llu moves\n", path, s.rules->title,
		    (unsigned long long)s.nactions);
		fflush(stdout);
		rc = s.rules->describe(s.game, RULES_VIEW_STATUS, -1, 0,
		    stdout) == 0 ? EXIT_OK : EXIT_DAMAGED;
		if (aw.over)
			printf("over: %s won (%s)\n", aw.winner >= 0 ?
			    s.hdr.player[aw.winner].seat : "nobody", aw.how);
	}
	save_release(&s);
	return rc;
}

const struct cmd cmd_status = {
	"status", "trigon status [-f FILE] [--json]",
	"Show the round, phase, whose turn it is and the points.",
	status_main,
	"  -f, --file FILE  the save file (default as for trigon move)\n"
	"  --json           one JSON object (see trigon(1))\n",
	NULL,
};
