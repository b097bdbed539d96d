/*
 * verify.c -- trigon verify: replay a save file from its seed and check
 * every line (canonical bytes, the hash chain, every signature, the
 * turn order, every rule, every annotation); one line of verdict.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "save.h"

static int
verify_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024], tail[256];
	const char *fopt = NULL;
	struct save s;
	struct rules_await aw;
	struct err e;
	int ch, rc, json = 0;
	long round;

	err_clear(&e);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "f:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case 'j':
			json = 1;
			break;
		default:
			return usage_error(&cmd_verify, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (argc - optind > 1 || (fopt != NULL && optind < argc))
		return usage_error(&cmd_verify, "too many arguments");
	if (optind < argc)
		fopt = argv[optind];
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	save_init(&s, path);
	if (save_load(&s, path, NULL, &e) != 0) {
		rc = game_report(&e, 1);
		if (json)
			game_print_json(json_pack("{s:o, s:b, s:i, s:o}",
			    "file", game_json_string(path), "ok", 0,
			    "line", e.line, "error", game_json_string(e.msg)));
		save_release(&s);
		return rc;
	}
	if ((rc = game_await(&s, path, &aw)) != EXIT_OK) {
		save_release(&s);
		return rc;
	}
	round = game_round(&s);
	if (aw.over)
		snprintf(tail, sizeof tail, "over, %s won (%s)",
		    game_seat_name(&s, aw.winner),
		    aw.how);
	else
		snprintf(tail, sizeof tail, "%s to act",
		    game_seat_name(&s, aw.seat));
	if (json) {
		rc = game_print_json(json_pack("{s:o, s:b, s:I, s:i, s:I, "
		    "s:o}", "file", game_json_string(path), "ok", 1, "moves",
		    (json_int_t)s.nactions, "players", s.hdr.nplayers,
		    "round", (json_int_t)round, "await", game_await_json(&s)));
	} else {
		printf("%s: ok: %llu move%s by %d players", path,
		    (unsigned long long)s.nactions, s.nactions == 1 ? "" : "s",
		    s.hdr.nplayers);
		if (round >= 0)
			printf(", %s %ld", rules_round_name(s.rules), round);
		printf(", %s\n", tail);
		rc = EXIT_OK;
	}
	save_release(&s);
	return rc;
}

const struct cmd cmd_verify = {
	"verify", "trigon verify [--json] [FILE]",
	"Replay a save file and check every signature, turn and rule.",
	verify_main,
	"  FILE    the save file (default as for trigon move; -f FILE too)\n"
	"  --json  one JSON object (see trigon(1))\n",
	NULL,
};
