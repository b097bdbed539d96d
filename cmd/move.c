/*
 * move.c -- trigon move: sign and append one or more actions of the
 * player whose key is given, all or nothing, under the file's lock.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "gitcmd.h"
#include "keys.h"
#include "save.h"

enum { OPT_KEY = 256, OPT_PASS_FILE, OPT_COMMIT, OPT_NO_COMMIT };


static int
move_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "file", required_argument, NULL, 'f' },
		{ "key", required_argument, NULL, OPT_KEY },
		{ "passphrase-file", required_argument, NULL, OPT_PASS_FILE },
		{ "commit", no_argument, NULL, OPT_COMMIT },
		{ "no-commit", no_argument, NULL, OPT_NO_COMMIT },
		{ NULL, 0, NULL, 0 },
	};
	char path[1024], kpath[CONFIG_PATH_MAX];
	const char *fopt = NULL, *kopt = NULL, *passfile = NULL;
	unsigned char *sk = NULL, pk[KEY_PUB_BYTES];
	struct save s;
	struct save_buf out = { 0 };
	struct rules_await aw;
	struct err e;
	int ch, rc, fd = -1, commit = -1;
	uint64_t first = 0;

	err_clear(&e);
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+f:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case OPT_KEY:
			kopt = optarg;
			break;
		case OPT_PASS_FILE:
			passfile = optarg;
			break;
		case OPT_COMMIT:
		case OPT_NO_COMMIT:
			commit = ch == OPT_COMMIT;
			break;
		default:
			return usage_error(&cmd_move, "unknown option or "
			    "missing argument '%s'", argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return usage_error(&cmd_move, "no action given");
	if ((rc = game_file(path, sizeof path, fopt)) != EXIT_OK ||
	    (rc = game_key_path(&cmd_move, kpath, sizeof kpath, kopt)) !=
	    EXIT_OK)
		return rc;
	if (sodium_init() < 0 || (sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	/* The passphrase is asked before the file is locked. */
	if (keys_unlock(kpath, passfile, sk, pk, &e) != 0) {
		sodium_free(sk);
		return game_report(&e, 0);
	}
	if ((rc = game_load(&s, path, &fd)) != EXIT_OK)
		goto out;
	first = s.nactions + 1;
	for (int i = optind; i < argc; i++) {
		rc = save_play(&s, argv[i], strlen(argv[i]), sk, &out, &e);
		if (rc == ERR_REFUSED) {
			if (s.rerr.hint[0] != '\0' && s.rerr.code != 0)
				errmsg("%s: refused: %s; %s", path, e.msg,
				    s.rerr.hint);
			else
				errmsg("%s: refused: %s", path, e.msg);
			if (argc - optind > 1)
				errmsg("%s: nothing was written (action %d of "
				    "%d was refused)", path, i - optind + 1,
				    argc - optind);
			rc = EXIT_REFUSED;
			goto out;
		}
		if (rc != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
	}
	if ((rc = save_seal(&s, sk, &out, &e)) != 0 ||
	    (rc = save_write_append(&s, fd, path, &out, &e)) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	game_show_written(path, &out);
	if ((rc = game_await(&s, path, &aw)) != EXIT_OK)
		goto out;
	if (aw.over)
		printf("%s: the game is over: %s won (%s)\n", path,
		    game_seat_name(&s, aw.winner),
		    aw.how);
	else
		printf("%s: next: %s\n", path, aw.text[0] ? aw.text :
		    game_seat_name(&s, aw.seat));
	/* git: --commit or [git] commit = yes (cmd/gitcmd.c, issue 8). */
	rc = move_git_commit(path, &s, first, (const char *const *)argv +
	    optind, (size_t)(argc - optind), commit);
out:
	if (fd >= 0)
		close(fd);
	sodium_free(sk);
	save_release(&s);
	save_buf_release(&out);
	return rc;
}

const struct cmd cmd_move = {
	"move",
	"trigon move [-f FILE] [--key KEYFILE] [--passphrase-file F] "
	"[--commit] ACTION...",
	"Sign and add your actions to the game, all or nothing.",
	move_main,
	"  -f, --file FILE         the save file (default: [game] file in the\n"
	"                          configuration, else ./game.trigon)\n"
	"  --key KEYFILE           your secret key (default: [player] key)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n"
	"  --commit, --no-commit   commit the file to git after the move (or\n"
	"                          not), whatever [git] commit says\n"
	"  ACTION                  one action in the order language per\n"
	"                          argument (quote it), applied in order\n",
	NULL,
};
