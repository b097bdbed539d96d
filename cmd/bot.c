/*
 * bot.c -- trigon bot: let the computer play one seat's actions, signed
 * with that seat's key, through the very path of trigon move (each
 * action checked by save_play, one atomic append under the file's
 * lock), until it is someone else's turn; or only suggest them.
 *
 * The choice comes from the core's door to the rule set's computer
 * player (search_choose, lib/search.h), which sees only what the seat
 * may see.  With --playouts the choice is deterministic for the same
 * file, seat, budget and --seed.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "keys.h"
#include "num.h"
#include "save.h"
#include "search.h"

/* A turn longer than this is a bot that does not end it: stop. */
#define BOT_MAX_ACTIONS 2000

enum { OPT_KEY = 256, OPT_PASS_FILE, OPT_AS, OPT_PLAYOUTS, OPT_THINK,
	OPT_SEED, OPT_SUGGEST, OPT_PLAYER };

static int number(const char *s, const char *opt, long max, long *out);

static int
bot_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "as", required_argument, NULL, OPT_AS },
		{ "key", required_argument, NULL, OPT_KEY },
		{ "passphrase-file", required_argument, NULL, OPT_PASS_FILE },
		{ "playouts", required_argument, NULL, OPT_PLAYOUTS },
		{ "think", required_argument, NULL, OPT_THINK },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "suggest", no_argument, NULL, OPT_SUGGEST },
		{ "player", required_argument, NULL, OPT_PLAYER },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024], kpath[CONFIG_PATH_MAX];
	const char *fopt = NULL, *kopt = NULL, *passfile = NULL, *as = NULL;
	unsigned char *sk = NULL, pk[KEY_PUB_BYTES];
	struct rules_bot_opts bo;
	struct save s;
	struct save_buf out = { 0 };
	struct rules_await aw;
	struct game *g = NULL;
	struct err e;
	int ch, rc, fd = -1, suggest = 0, seat = -1, played = 0;

	err_clear(&e);
	memset(&bo, 0, sizeof bo);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+f:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case OPT_AS:
			as = optarg;
			break;
		case OPT_KEY:
			kopt = optarg;
			break;
		case OPT_PASS_FILE:
			passfile = optarg;
			break;
		case OPT_PLAYOUTS:
			if ((rc = number(optarg, "--playouts", 100000000,
			    &bo.playouts)) != EXIT_OK)
				return rc;
			break;
		case OPT_THINK:
			if ((rc = number(optarg, "--think", 3600000,
			    &bo.think_ms)) != EXIT_OK)
				return rc;
			break;
		case OPT_SEED: {
			uint64_t seed;

			if (num_u64(optarg, strlen(optarg), 0, UINT64_MAX, 0,
			    &seed) != 0)
				return usage_error(&cmd_bot, "--seed needs a "
				    "number");
			bo.seed = seed;
			break;
		}
		case OPT_SUGGEST:
			suggest = 1;
			break;
		case OPT_PLAYER:
			bo.kind = optarg;
			break;
		default:
			return usage_error(&cmd_bot, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(&cmd_bot, "unexpected argument '%s'",
		    argv[optind]);
	if (as == NULL)
		return usage_error(&cmd_bot, "--as SEAT is required");
	if (bo.playouts > 0 && bo.think_ms > 0)
		return usage_error(&cmd_bot, "--playouts and --think exclude "
		    "each other");
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK)
		return rc;
	if (sodium_init() < 0) {
		errmsg("cannot initialise libsodium");
		return EXIT_DAMAGED;
	}
	if (!suggest) {
		if ((rc = game_key_path(&cmd_bot, kpath, sizeof kpath,
		    kopt)) != EXIT_OK)
			return rc;
		if ((sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
			errmsg("out of memory");
			return EXIT_DAMAGED;
		}
		/* The passphrase is asked before the file is locked. */
		if (keys_unlock(kpath, passfile, sk, pk, &e) != 0) {
			sodium_free(sk);
			return game_report(&e, 0);
		}
	}
	if ((rc = game_load(&s, path, suggest ? NULL : &fd)) != EXIT_OK)
		goto out;
	if ((seat = game_find_seat(&s, as)) < 0) {
		errmsg("%s: %s does not play in this game", path, as);
		rc = EXIT_USAGE;
		goto out;
	}
	if (!search_has_player(s.rules)) {
		errmsg("%s: %s has no computer player", path, s.rules->title);
		rc = EXIT_USAGE;
		goto out;
	}
	if (rules_bot_kind(s.rules, bo.kind) == NULL) {
		rc = game_bad_kind(&cmd_bot, s.rules, "--player", bo.kind);
		goto out;
	}
	if (!suggest && save_seat_of_key(&s, pk) != seat) {
		errmsg("%s: refused: this key is not %s's", path, as);
		rc = EXIT_REFUSED;
		goto out;
	}
	if (suggest && (g = s.rules->clone(s.game)) == NULL) {
		errmsg("out of memory");
		rc = EXIT_DAMAGED;
		goto out;
	}
	for (;;) {
		char action[RULES_ACTION_MAX];
		struct rules_error rerr;

		if (rules_await_check(s.rules, suggest ? g : s.game,
		    s.hdr.nplayers, &aw) != 0) {
			errmsg("%s: error: %s", path, aw.text);
			rc = EXIT_DAMAGED;
			goto out;
		}
		if (aw.over || aw.seat != seat)
			break;
		if (played >= BOT_MAX_ACTIONS) {
			errmsg("%s: the bot did not end its turn in %d actions",
			    path, BOT_MAX_ACTIONS);
			rc = EXIT_DAMAGED;
			goto out;
		}
		memset(&rerr, 0, sizeof rerr);
		if (search_choose(s.rules, suggest ? g : s.game, seat, &bo,
		    action, sizeof action, &rerr) != 0) {
			errmsg("%s: the bot cannot play: %s", path, rerr.msg);
			rc = rerr.code == RULES_EDATA ? EXIT_USAGE :
			    EXIT_REFUSED;
			goto out;
		}
		if (suggest) {
			if (s.rules->apply(g, seat, action, strlen(action),
			    NULL, &rerr) != 0) {
				errmsg("%s: the bot chose '%s': %s", path,
				    action, rerr.msg);
				rc = EXIT_DAMAGED;
				goto out;
			}
			printf("%s: suggest: %s\n", path, action);
		} else if ((rc = save_play(&s, action, strlen(action), sk, &out,
		    &e)) != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
		played++;
	}
	if (played == 0) {
		if (aw.over)
			printf("%s: the game is over\n", path);
		else
			printf("%s: nothing to do for %s: %s\n", path, as,
			    aw.text[0] ? aw.text : "not its turn");
		rc = EXIT_OK;
		goto out;
	}
	if (!suggest) {
		if ((rc = save_seal(&s, sk, &out, &e)) != 0 ||
		    (rc = save_write_append(&s, fd, path, &out, &e)) != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
		game_show_written(path, &out);
	}
	if (aw.over)
		printf("%s: the game is over: %s won (%s)\n", path,
		    game_seat_name(&s, aw.winner),
		    aw.how);
	else
		printf("%s: next: %s\n", path, aw.text[0] ? aw.text :
		    game_seat_name(&s, aw.seat));
	rc = EXIT_OK;
out:
	if (fd >= 0)
		close(fd);
	if (g != NULL)
		s.rules->free(g);
	if (sk != NULL)
		sodium_free(sk);
	save_release(&s);
	save_buf_release(&out);
	return rc;
}

static int
number(const char *s, const char *opt, long max, long *out)
{
	int64_t v;

	if (num_i64(s, strlen(s), 1, max, 0, &v) != 0)
		return usage_error(&cmd_bot, "%s needs a number from 1 to %ld",
		    opt, max);
	*out = (long)v;
	return EXIT_OK;
}

const struct cmd cmd_bot = {
	"bot",
	"trigon bot [-f FILE] --as SEAT [--key KEYFILE] "
	"[--passphrase-file F]\n"
	"       [--playouts N | --think MS] [--seed S] [--suggest]",
	"Let the computer play a seat's turn (or suggest it).",
	bot_main,
	"  -f, --file FILE         the save file (default: [game] file in the\n"
	"                          configuration, else ./game.trigon)\n"
	"  --as SEAT               the seat the computer plays\n"
	"  --key KEYFILE           that seat's secret key (default: [player] "
	"key)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n"
	"  --playouts N            search budget per action (default 1000;\n"
	"                          the same N and seed give the same play)\n"
	"  --think MS              a time budget per action instead (not\n"
	"                          deterministic)\n"
	"  --seed S                the bot's own randomness (default 0)\n"
	"  --suggest               print the actions, write nothing, no key\n"
	"  --player KIND           the kind of computer player (below)\n",
	game_help_bots,
};
