/*
 * play.c -- trigon play: a person plays in the terminal against one to
 * three computer seats, or several people at one terminal (hot seat),
 * until the game ends.
 *
 * Every action goes the way of trigon move and trigon bot: the file is
 * loaded and locked, the action signed with its seat's key and checked
 * by save_play, and appended with save_write_append; a refused action
 * writes nothing.  The seats this terminal does not hold the player's
 * own key for get keys made here (unprotected, mode 0600) in
 * CONFIG_DIR/play/GAME-ID/: COLOR.bot.key for a computer seat,
 * COLOR.human.key for another person at this terminal.  On resuming,
 * those files say which seat is whose.
 *
 * Nothing here knows a game: the board, the hand, what is awaited and
 * the legal actions come through rules.h, the computer's choices
 * through search_choose() (lib/search.h), as for trigon bot.
 */
#define _GNU_SOURCE 1		/* memmem */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "header.h"
#include "keys.h"
#include "num.h"
#include "save.h"
#include "search.h"
#include "suggest.h"
#include "playlist.h"
#include "term.h"

/* A turn longer than this is a computer player that does not end it. */
#define PLAY_MAX_BOT_ACTIONS 2000
/* The play screen: the last lines written, shown under the board. */
#define PLAY_RECENT 4
#define PLAY_RECENT_LEN 160
/* Below this the screen cannot hold the board with the rest. */
#define PLAY_MIN_COLS 60
#define PLAY_MIN_ROWS 20

enum seat_kind {
	SEAT_REMOTE,		/* nobody at this terminal plays it */
	SEAT_ME,		/* the player's own key */
	SEAT_HUMAN,		/* another person here, key in the play dir */
	SEAT_BOT,		/* the computer, key in the play dir */
};

struct play {
	const char *path;
	char dir[CONFIG_PATH_MAX];	/* keys of this terminal's other seats */
	int nseats;
	enum seat_kind kind[RULES_MAX_SEATS];
	unsigned char *sk[RULES_MAX_SEATS];	/* sodium_malloc'd, or NULL */
	struct rules_bot_opts bo;
	int edit;			/* line editing: stdin is a terminal */
	int color;			/* the board's flags: colour, width */
	struct save s;			/* the game as last read or written */
	int loaded;
	int reader;			/* the seat s is read as (its sealed
					   cards: save_set_reader), or -1 */
	int shown;			/* seat whose turn was last introduced */
	uint64_t asked[RULES_MAX_SEATS];	/* 1 + nactions when a computer
					   seat was last asked out of turn */
	char **legal;			/* the legal actions of the seat asked */
	size_t nlegal, caplegal;
	int screen;			/* lay out one screen (a terminal,
					   not --plain) */
	char recent[PLAY_RECENT][PLAY_RECENT_LEN];	/* what was just
					   written, oldest first */
	int nrecent, more;		/* lines kept; lines past them */
	char note[512];			/* the rules' note last shown */
	char seen[32][48];		/* cards introduced already */
	int nseen;
	int played;			/* an action was written here */
};

enum { OPT_VS = 256, OPT_SEAT, OPT_HOT, OPT_KIND, OPT_THINK, OPT_PLAYOUTS,
	OPT_KEY, OPT_PASS_FILE, OPT_SEED, OPT_SCENARIO, OPT_NAME, OPT_RULES,
	OPT_OPTION, OPT_DATA, OPT_PLAIN };

/* What the command line says about a new game. */
struct play_new {
	const struct rules *rules;
	const char *seat, *seed, *name;
	int hot, vs;
	struct save_header h;		/* options and data given */
	const char *paths[SAVE_BLOBS_MAX];	/* the data's files */
};

static int play_run(struct play *p, struct play_new *nw, const char *file,
    int nargs, int fgiven, const char *kopt, const char *passfile,
    const char *rules);
static int play_new(struct play *p, const unsigned char *mypk,
    struct play_new *nw);
static int can_create(const char *path);
static int play_seats(struct play *p, const unsigned char *mypk);
static int play_loop(struct play *p);
static int read_as(struct play *p, int seat);
static int answer_here(struct play *p);
static int bot_turn(struct play *p, int seat);
static int human_turn(struct play *p, int seat);
static int write_action(struct play *p, int seat, const char *action);
static void show_written(struct play *p, const struct save_buf *out);
static int list_legal(struct play *p, int seat);
static void clear_legal(struct play *p);
static void show_turn(struct play *p, int seat, int full);
static void show_legal(struct play *p, int seat);
static void show_screen(struct play *p, int seat);
static int named(char list[][48], int n, const char *word);
static void screen_lower(struct play *p, FILE *f, int seat, int others,
    const struct rules_await *aw, size_t width, int rows);
static void show_notes(struct play *p, FILE *f, int seat, size_t width,
    int once);
static void show_end(const struct play *p);
static int number(const char *s, const char *opt, long max, long *out);
static const char *seat_word(const struct play *p, int seat);


/* save_write_append with Ctrl-C held until the file is whole. */
static int
write_held(struct save *s, int fd, const char *path, struct save_buf *out,
    struct err *e)
{
	int rc;

	term_hold(1);
	rc = save_write_append(s, fd, path, out, e);
	term_hold(0);
	return rc;
}


/* Load path into s, locked (*fd), started or not, read as the holder
   of sk (NULL: an observer; with sealed hands, the seat's own cards). */
static int
load_file_any(struct save *s, const char *path, int *fd,
    const unsigned char *sk)
{
	struct err e;

	err_clear(&e);
	save_init(s, path);
	save_set_reader(s, sk);
	if (save_load(s, path, fd, &e) != 0)
		return game_report(&e, 0);
	return EXIT_OK;
}

/* Load the save file path into s, read as the holder of sk (as
   load_file_any); print the error, give the exit status. */
static int
load_file(struct save *s, const char *path, int *fd,
    const unsigned char *sk)
{
	struct err e;

	err_clear(&e);
	save_init(s, path);
	save_set_reader(s, sk);
	if (save_load(s, path, fd, &e) != 0)
		return game_report(&e, 0);
	if (!save_started(s)) {	/* a fair game whose seats have not
				   all joined (trigon answer) */
		char what[512];

		save_awaits(s, what, sizeof what);
		errmsg("%s: the game has not started: it awaits %s (trigon "
		    "answer)", path, what);
		if (fd != NULL && *fd >= 0) {
			close(*fd);
			*fd = -1;
		}
		return EXIT_REFUSED;
	}
	return EXIT_OK;
}

static const struct option play_opts[] = {
	{ "file", required_argument, NULL, 'f' },
	{ "vs", required_argument, NULL, OPT_VS },
	{ "seat", required_argument, NULL, OPT_SEAT },
	{ "hot-seat", required_argument, NULL, OPT_HOT },
	{ "bot-kind", required_argument, NULL, OPT_KIND },
	{ "think-ms", required_argument, NULL, OPT_THINK },
	{ "playouts", required_argument, NULL, OPT_PLAYOUTS },
	{ "key", required_argument, NULL, OPT_KEY },
	{ "passphrase-file", required_argument, NULL, OPT_PASS_FILE },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "scenario", required_argument, NULL, OPT_SCENARIO },
	{ "name", required_argument, NULL, OPT_NAME },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "option", required_argument, NULL, OPT_OPTION },
	{ "data", required_argument, NULL, OPT_DATA },
	{ "plain", no_argument, NULL, OPT_PLAIN },
	{ NULL, 0, NULL, 0 },
};

static int
play_main(int argc, char **argv)
{
	static struct play p;
	static struct play_new nw;
	const char *fopt = NULL, *kopt = NULL, *passfile = NULL, *eq;
	const char *rules = NULL;
	long vs = -1, hot = -1;
	int ch, rc;

	memset(&p, 0, sizeof p);
	memset(&nw, 0, sizeof nw);
	optind = 1;
	opterr = 0;
	rc = EXIT_OK;
	while (rc == EXIT_OK &&
	    (ch = getopt_long(argc, argv, "f:", play_opts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			fopt = optarg;
			break;
		case OPT_VS:
			rc = number(optarg, "--vs", RULES_MAX_SEATS - 1, &vs);
			break;
		case OPT_HOT:
			rc = number(optarg, "--hot-seat", RULES_MAX_SEATS,
			    &hot);
			break;
		case OPT_SEAT:
			nw.seat = optarg;
			break;
		case OPT_KIND:
			p.bo.kind = optarg;
			break;
		case OPT_THINK:
			rc = number(optarg, "--think-ms", 3600000,
			    &p.bo.think_ms);
			break;
		case OPT_PLAYOUTS:
			rc = number(optarg, "--playouts", 100000000,
			    &p.bo.playouts);
			break;
		case OPT_KEY:
			kopt = optarg;
			break;
		case OPT_PASS_FILE:
			passfile = optarg;
			break;
		case OPT_SEED:
			nw.seed = optarg;
			break;
		case OPT_SCENARIO:	/* Rule of Trigon's name for it */
			rc = header_data(&cmd_play, &nw.h, nw.paths,
			    "scenario", strlen("scenario"), optarg);
			break;
		case OPT_NAME:
			nw.name = optarg;
			break;
		case OPT_RULES:
			rules = optarg;
			break;
		case OPT_OPTION:
			rc = header_option(&cmd_play, &nw.h, optarg);
			break;
		case OPT_PLAIN:
			p.screen = -1;
			break;
		case OPT_DATA:
			if ((eq = strchr(optarg, '=')) == NULL)
				rc = usage_error(&cmd_play, "bad --data '%s': "
				    "expected NAME=FILE", optarg);
			else
				rc = header_data(&cmd_play, &nw.h, nw.paths,
				    optarg, (size_t)(eq - optarg), eq + 1);
			break;
		default:
			rc = cmd_bad_option(&cmd_play, "f:", play_opts,
			    argv);
			break;
		}
	}
	nw.vs = (int)vs;
	nw.hot = (int)hot;
	if (rc == EXIT_OK)
		rc = play_run(&p, &nw, optind < argc ? argv[optind] : fopt,
		    argc - optind, fopt != NULL, kopt, passfile, rules);
	header_release(&nw.h);
	return rc;
}

/* After the options: the file, the key, then a new game or an old one. */
static int
play_run(struct play *p, struct play_new *nw, const char *file, int nargs,
    int fgiven, const char *kopt, const char *passfile, const char *rules)
{
	char path[1024], kpath[CONFIG_PATH_MAX];
	unsigned char pk[KEY_PUB_BYTES];
	struct err e;
	int rc;

	err_clear(&e);
	if (nargs > 1)
		return usage_error(&cmd_play, "too many arguments");
	if (nargs == 1 && fgiven)
		return usage_error(&cmd_play, "give the file once: -f FILE "
		    "or FILE");
	if (p->bo.playouts > 0 && p->bo.think_ms > 0)
		return usage_error(&cmd_play, "--playouts and --think-ms "
		    "exclude each other");
	if (nw->vs == 0 && nw->hot < 0)
		return usage_error(&cmd_play, "--vs needs a number from 1");
	if ((nw->rules = header_rules(&cmd_play, rules, &rc)) == NULL)
		return rc;
	if ((rc = game_file(path, sizeof path, file)) != EXIT_OK)
		return rc;
	p->path = path;
	if ((rc = game_key_path(&cmd_play, kpath, sizeof kpath, kopt)) !=
	    EXIT_OK)
		return rc;
	if (access(kpath, F_OK) != 0) {
		errmsg("you have no key yet: '%s' does not exist", kpath);
		fprintf(stderr, "Make your key with\n"
		    "    trigon keygen%s%s\n"
		    "and run 'trigon play' again.\n", kopt ? " " : "",
		    kopt ? kopt : "");
		return EXIT_USAGE;
	}
	if ((rc = can_create(path)) != EXIT_OK)
		return rc;
	if (sodium_init() < 0 ||
	    (p->sk[0] = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	/* Held in sk[0] until the player's seat is known. */
	if (keys_unlock(kpath, passfile, p->sk[0], pk, &e) != 0) {
		sodium_free(p->sk[0]);
		return game_report(&e, 0);
	}
	p->edit = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	/* One screen at a time on a terminal; lines for pipes, screen
	   readers and --plain. */
	p->screen = p->screen == 0 && p->edit;
	/* The board as `trigon board` draws it here (--color auto). */
	p->color = (term_color_auto(STDOUT_FILENO) ? RULES_VF_COLOR : 0) |
	    (int)RULES_VF_WIDTH(term_columns(STDOUT_FILENO));
	p->shown = -1;
	p->reader = -1;
	{
		char msg[2 * sizeof path + 64];

		snprintf(msg, sizeof msg, "%s: interrupted; the game is saved: "
		    "play on with 'trigon play %s'", path, path);
		term_on_interrupt(msg);
	}
	if (access(path, F_OK) != 0) {
		rc = play_new(p, pk, nw);
	} else if (nw->vs >= 0 || nw->hot >= 0 || nw->seat || nw->seed ||
	    nw->name || rules || nw->h.noptions || nw->h.nblobs) {
		rc = usage_error(&cmd_play, "'%s' exists: --vs, --hot-seat, "
		    "--seat, --seed, --scenario, --name, --rules, --option "
		    "and --data only start a new game (play it on with "
		    "'trigon play %s')", path, path);
	} else if ((rc = load_file(&p->s, path, NULL, NULL)) == EXIT_OK) {
		p->loaded = 1;
		rc = play_seats(p, pk);
	} else
		save_release(&p->s);
	if (rc == EXIT_OK)
		rc = play_loop(p);
	if (p->loaded)
		save_release(&p->s);
	for (int i = 0; i < RULES_MAX_SEATS; i++)
		if (p->sk[i] != NULL)
			sodium_free(p->sk[i]);
	clear_legal(p);
	free(p->legal);
	return rc;
}

/*
 * A new game's file must be creatable: refused before the passphrase
 * is asked, not after.
 */
static int
can_create(const char *path)
{
	char dir[1024];
	const char *slash = strrchr(path, '/');

	if (access(path, F_OK) == 0)
		return EXIT_OK;
	snprintf(dir, sizeof dir, "%.*s", slash == NULL ? 1 : slash == path ?
	    1 : (int)(slash - path), slash == NULL ? "." : path);
	if (access(dir, W_OK) == 0)
		return EXIT_OK;
	errmsg("cannot start a new game in '%s': the directory '%s' is not "
	    "writable (%s)", path, dir, strerror(errno));
	return EXIT_DAMAGED;
}

/* The options of a new game: who sits where, its keys, its header. */
static int
play_new(struct play *p, const unsigned char *mypk, struct play_new *nw)
{
	struct save_header *h = &nw->h;
	const struct rules *r = nw->rules;
	const char *seat = nw->seat, *name = nw->name;
	struct save_buf out = { 0 };
	struct config cf;
	struct err e;
	/* At the terminal: you, or the hot seat's people; the computer
	   takes the other seats, as many as the smallest game needs
	   unless --vs says. */
	int me, nh = nw->hot > 0 ? nw->hot : 1;
	int nb = nw->vs >= 0 ? nw->vs : nw->hot > 0 ? 0 :
	    r->min_seats - nh > 1 ? r->min_seats - nh : 1;
	int taken[RULES_MAX_SEATS + 1] = { 0 }, nnames = 0, rc, human = 0;
	int bot = 0;

	err_clear(&e);
	while (r->seat_names[nnames] != NULL)
		nnames++;
	if (nh + nb < r->min_seats || nh + nb > r->max_seats ||
	    nh + nb > nnames)
		return usage_error(&cmd_play, "%s is for %d to %d players; "
		    "you asked for %d (%d at this terminal, %d computer%s)",
		    r->title, r->min_seats, r->max_seats, nh + nb, nh, nb,
		    nb == 1 ? "" : "s");
	me = seat ? rules_seat_index(r, seat) : 0;
	if (me < 0) {
		const char *near = suggest_nearest(seat, r->seat_names,
		    (size_t)nnames);

		if (near != NULL)
			return usage_error(&cmd_play, "no seat '%s'; did you "
			    "mean '%s'?", seat, near);
		return usage_error(&cmd_play, "no seat '%s'", seat);
	}
	/* The seats: yours, then the first free names, in the game's order. */
	taken[me] = 1;
	for (int i = 0, n = 1; i < nnames && n < nh + nb; i++)
		if (!taken[i]) {
			taken[i] = 1;
			n++;
		}
	if (nw->seed != NULL) {
		if (strlen(nw->seed) != 2 * RULES_SEED_BYTES ||
		    sodium_hex2bin(h->seed, sizeof h->seed, nw->seed,
		    strlen(nw->seed), NULL, NULL, NULL) != 0)
			return usage_error(&cmd_play, "--seed needs %d hex "
			    "digits", 2 * RULES_SEED_BYTES);
	} else
		randombytes_buf(h->seed, sizeof h->seed);
	if ((rc = header_complete(&cmd_play, r, h)) != EXIT_OK ||
	    (rc = header_created(h)) != EXIT_OK)
		return rc;
	if ((rc = play_key_dir(p->dir, sizeof p->dir, h->seed)) != EXIT_OK)
		goto out;
	if (config_load(&cf, NULL, &e) != 0)
		config_init(&cf);
	err_clear(&e);
	if (name == NULL)
		name = cf.name[0] ? cf.name : nh > 1 ? "Player 1" : "you";
	snprintf(h->rules, sizeof h->rules, "%s", r->name);
	for (int i = 0; i < nnames; i++) {
		struct save_player *pl;
		char kp[CONFIG_PATH_MAX + 64];

		if (!taken[i])
			continue;
		pl = &h->player[h->nplayers];
		p->kind[h->nplayers] = i == me ? SEAT_ME : human + 1 < nh ?
		    SEAT_HUMAN : SEAT_BOT;
		snprintf(pl->seat, sizeof pl->seat, "%s", r->seat_names[i]);
		if (p->kind[h->nplayers] == SEAT_ME) {
			if (strlen(name) >= sizeof pl->name) {
				rc = usage_error(&cmd_play, "--name: too long");
				goto out;
			}
			memcpy(pl->name, name, strlen(name) + 1);
			memcpy(pl->pk, mypk, KEY_PUB_BYTES);
		} else {
			int is_bot = p->kind[h->nplayers] == SEAT_BOT;

			if (is_bot && nb == 1)
				snprintf(pl->name, sizeof pl->name,
				    "Computer");
			else if (is_bot)
				snprintf(pl->name, sizeof pl->name,
				    "Computer %d", ++bot);
			else
				snprintf(pl->name, sizeof pl->name,
				    "Player %d", ++human + 1);
			snprintf(kp, sizeof kp, "%s/%s.%s.key", p->dir,
			    pl->seat, is_bot ? "bot" : "human");
			/* Another game of the same seed made it: the same
			   game id, the same terminal's seat; use it. */
			if (access(kp, F_OK) == 0 ? keys_load_public(kp,
			    pl->pk, &e) != 0 : keys_generate(kp, NULL, 0, 0,
			    pl->pk, &e) != 0) {
				rc = game_report(&e, 0);
				goto out;
			}
		}
		h->nplayers++;
	}
	p->nseats = h->nplayers;
	save_init(&p->s, p->path);
	p->loaded = 1;
	if ((rc = save_start(&p->s, h, &out, &e)) != 0 ||
	    (rc = save_write_new(p->path, &out, &e)) != 0) {
		/* Bad design data is named by its own file and line. */
		if (rc == ERR_NOMEM ||
		    !header_data_refused(&p->s, h, nw->paths))
			rc = game_report(&e, 0);
		else
			rc = EXIT_USAGE;
		goto out;
	}
	printf("%s: a new game of %s:", p->path, r->title);
	for (int i = 0; i < h->nplayers; i++)
		printf("%s %s (%s)", i ? "," : "", h->player[i].seat,
		    h->player[i].name);
	printf("\n%s: the computer's keys are in %s\n", p->path, p->dir);
	rc = play_seats(p, mypk);
out:
	save_buf_release(&out);
	return rc;
}

/* Which seat is whose: the player's key, and the keys made here. */
static int
play_seats(struct play *p, const unsigned char *mypk)
{
	struct save *s = &p->s;
	unsigned char *mine = p->sk[0];
	struct err e;
	int me = save_seat_of_key(s, mypk), here = 0, rc;

	err_clear(&e);
	p->nseats = s->hdr.nplayers;
	p->sk[0] = NULL;
	if ((rc = play_key_dir(p->dir, sizeof p->dir, s->hdr.seed)) !=
	    EXIT_OK) {
		sodium_free(mine);
		return rc;
	}
	for (int i = 0; i < p->nseats; i++) {
		static const char *const ext[] = { "bot", "human" };
		unsigned char pk[KEY_PUB_BYTES];
		char kp[CONFIG_PATH_MAX + 64];

		p->kind[i] = SEAT_REMOTE;
		if (i == me) {
			p->kind[i] = SEAT_ME;
			p->sk[i] = mine;
			mine = NULL;
			here++;
			continue;
		}
		for (int k = 0; k < 2 && p->kind[i] == SEAT_REMOTE; k++) {
			snprintf(kp, sizeof kp, "%s/%s.%s.key", p->dir,
			    s->hdr.player[i].seat, ext[k]);
			if (access(kp, F_OK) != 0)
				continue;
			if ((p->sk[i] = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
				errmsg("out of memory");
				rc = EXIT_DAMAGED;
				goto out;
			}
			if (keys_load_secret(kp, NULL, 0, p->sk[i], pk, &e)
			    != 0) {
				rc = game_report(&e, 0);
				goto out;
			}
			/* Another game of the same seed: not this seat's. */
			if (memcmp(pk, s->hdr.player[i].pk, sizeof pk) != 0) {
				sodium_free(p->sk[i]);
				p->sk[i] = NULL;
				continue;
			}
			p->kind[i] = k == 0 ? SEAT_BOT : SEAT_HUMAN;
			here += k == 1;
		}
	}
	if (here == 0) {
		errmsg("%s: your key plays no seat of this game, and nobody "
		    "else plays at this terminal", p->path);
		fprintf(stderr, "Play it with the key of your seat: trigon "
		    "play %s --key KEYFILE\n", p->path);
		rc = EXIT_REFUSED;
		goto out;
	}
	rc = EXIT_OK;
out:
	if (mine != NULL)
		sodium_free(mine);
	return rc;
}

/*
 * Fair chance: every answer a seat played here owes (its keys are
 * here), until none does; p->s is then the file as written.
 */
static int
answer_here(struct play *p)
{
	int progress = 1, rc;

	while (progress && save_awaited(&p->s) != 0) {
		progress = 0;
		for (int i = 0; i < p->nseats; i++) {
			struct save s;
			int fd = -1, added = 0;

			if (p->sk[i] == NULL || !(save_awaited(&p->s) & 1u << i))
				continue;
			if ((rc = load_file_any(&s, p->path, &fd, p->sk[i])) !=
			    EXIT_OK)
				return rc;
			rc = game_answer_file(p->path, fd, &s, p->sk[i], &added);
			close(fd);
			if (rc != EXIT_OK) {
				save_release(&s);
				return rc;
			}
			save_release(&p->s);
			p->s = s;
			p->reader = i;
			if (added > 0) {
				printf("%s: %s answered (%d line%s)\n", p->path,
				    p->s.hdr.player[i].seat, added, added == 1 ?
				    "" : "s");
				progress = 1;
			}
		}
	}
	return EXIT_OK;
}

/*
 * Sealed hands (trigon-save(5), "Sealed hands"): p->s read again as
 * seat, whose turn it is at this terminal, so that its views read its
 * own sealed cards and no other seat's (one table reads one seat's
 * cards).  Nothing to do for open hands or when p->s reads as seat.
 */
static int
read_as(struct play *p, int seat)
{
	struct save s;
	int rc;

	if (p->s.hdr.hands != SAVE_HANDS_SEALED || p->reader == seat ||
	    p->sk[seat] == NULL)
		return EXIT_OK;
	if ((rc = load_file(&s, p->path, NULL, p->sk[seat])) != EXIT_OK) {
		save_release(&s);
		return rc;
	}
	save_release(&p->s);
	p->s = s;
	p->reader = seat;
	return EXIT_OK;
}

/* Until the game is over, or the turn of a seat nobody here plays. */
static int
play_loop(struct play *p)
{
	struct rules_await aw;
	int rc;

	/* How the dice are decided, once (every view says). */
	printf("%s: %s\n", p->path, save_chance_text(&p->s.hdr));
	for (;;) {
		char what[512];

		/* Fair chance: the seats played here answer at once; the
		   others' clients must (trigon answer, apply, sync). */
		if ((rc = answer_here(p)) != EXIT_OK)
			return rc;
		if (save_awaits(&p->s, what, sizeof what) > 0) {
			printf("%s: awaits answers: %s; their clients answer "
			    "(trigon answer, apply, sync): run 'trigon play "
			    "%s' again then\n", p->path, what, p->path);
			return EXIT_OK;
		}
		p->s.rules->await(p->s.game, &aw);
		if (aw.over) {
			show_end(p);
			return EXIT_OK;
		}
		if (aw.seat < 0 || aw.seat >= p->nseats) {
			errmsg("%s: the rules wait for no seat", p->path);
			return EXIT_DAMAGED;
		}
		/* A computer seat the game lets act out of turn (an offer
		   to it) answers first, asked once for each position. */
		rc = 0;
		for (int i = 0; i < p->nseats && rc == 0; i++)
			if (i != aw.seat && p->kind[i] == SEAT_BOT &&
			    (aw.may_act >> i & 1) &&
			    p->asked[i] != p->s.nactions + 1) {
				p->asked[i] = p->s.nactions + 1;
				rc = bot_turn(p, i);
			}
		if (rc == -1)
			continue;	/* the game as it is now */
		if (rc != 0)
			return rc;
		switch (p->kind[aw.seat]) {
		case SEAT_BOT:
			rc = bot_turn(p, aw.seat);
			break;
		case SEAT_ME:
		case SEAT_HUMAN:
			if ((rc = read_as(p, aw.seat)) == EXIT_OK)
				rc = human_turn(p, aw.seat);
			break;
		default:
			printf("%s: %s\n%s: %s does not play at this terminal; "
			    "when their move has come (trigon sync, trigon "
			    "apply), run 'trigon play %s' again\n", p->path,
			    aw.text, p->path, seat_word(p, aw.seat), p->path);
			return EXIT_OK;
		}
		if (rc != -1)
			return rc;
	}
}

/*
 * The computer plays seat for as long as the game waits for it, in one
 * append.  Returns -1 to go on, else an exit status.
 */
static int
bot_turn(struct play *p, int seat)
{
	unsigned char *sk = p->sk[seat];
	struct save s;
	struct save_buf out = { 0 };
	struct rules_await aw;
	struct err e;
	int fd = -1, rc, n = 0;

	err_clear(&e);
	if ((rc = load_file(&s, p->path, &fd, sk)) != EXIT_OK)
		goto out;
	for (;;) {
		char action[RULES_ACTION_MAX];
		struct rules_error rerr;
		struct rules_bot_opts bo = p->bo;

		s.rules->await(s.game, &aw);
		/* out of turn only while the game lets the seat act (an
		   offer to it), as trigon bot */
		if (aw.over || (aw.seat != seat && !(aw.may_act >> seat & 1)))
			break;
		if (n >= PLAY_MAX_BOT_ACTIONS) {
			errmsg("%s: the computer did not end its turn in %d "
			    "actions", p->path, PLAY_MAX_BOT_ACTIONS);
			rc = EXIT_DAMAGED;
			goto out;
		}
		memset(&rerr, 0, sizeof rerr);
		bo.seed ^= s.nactions;
		if (!search_has_player(s.rules)) {
			errmsg("%s: %s has no computer player", p->path,
			    s.rules->title);
			rc = EXIT_USAGE;
			goto out;
		}
		if (p->edit)
			term_thinking(1);
		rc = search_choose(s.rules, s.game, seat, &bo, action,
		    sizeof action, &rerr);
		term_thinking(0);
		if (rc != 0) {
			if (aw.seat != seat && rerr.code == RULES_ESEAT)
				break;	/* nothing to do out of turn */
			errmsg("%s: the computer cannot play %s: %s", p->path,
			    s.hdr.player[seat].seat, rerr.msg);
			rc = rerr.code == RULES_EDATA ? EXIT_USAGE :
			    EXIT_REFUSED;
			goto out;
		}
		if (save_play(&s, action, strlen(action), sk, &out, &e) != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
		n++;
		/* Fair chance: a random event opened; answers first. */
		if (save_awaited(&s) != 0)
			break;
	}
	if (n == 0) {		/* asked out of turn, nothing to say */
		save_release(&s);
		rc = -1;
		goto out;
	}
	if ((rc = save_seal(&s, sk, &out, &e)) != 0 ||
	    (rc = write_held(&s, fd, p->path, &out, &e)) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	show_written(p, &out);
	p->played = 1;
	save_release(&p->s);
	p->s = s;
	p->reader = seat;
	p->shown = -1;		/* the next person sees the board again */
	rc = -1;
out:
	if (fd >= 0)
		close(fd);
	if (rc != -1)
		save_release(&s);
	save_buf_release(&out);
	return rc;
}

/* The first word of a legal action of several words, for 'list'. */
static const char *
example_words(const struct play *p)
{
	static char w[48];

	for (size_t i = 0; i < p->nlegal; i++)
		if (strchr(p->legal[i], ' ') != NULL) {
			snprintf(w, sizeof w, "%.*s", (int)strcspn(
			    p->legal[i], " "), p->legal[i]);
			return w;
		}
	return "end";
}

/* play's help: its own words, and this game's (orders, cards). */
static void
show_help(const struct play *p)
{
	const struct rules *r = p->s.rules;

	printf("Type an action, or its number from 'list' (Tab completes "
	    "words on a\nterminal).  Also:\n"
	    "  list        the legal actions, numbered (a screenful at a "
	    "time)\n"
	    "  list WORDS  those that start with WORDS ('list %s')\n"
	    "  board       draw the board        hand    your hidden cards\n"
	    "  status      the players           hint    what the computer "
	    "would play\n"
	    "  quit        stop; the game is saved: go on with 'trigon play "
	    "%s'\n", example_words(p), p->path);
	if (r->help_orders != NULL)
		printf("  orders      every kind of action of %s, with "
		    "examples\n", r->title);
	if (r->help_card != NULL)
		printf("  card NAME   what a card an action names does\n");
	if (r->stats_note != NULL)
		printf("  stats       the dice sums rolled against their "
		    "odds\n");
}

/* One action of a person at this terminal.  -1: go on; else exit status. */
static int
human_turn(struct play *p, int seat)
{
	char prompt[64], *line, *w;
	int rc;

	if ((rc = list_legal(p, seat)) != EXIT_OK)
		return rc;
	if (p->screen) {
		show_screen(p, seat);
		p->shown = seat;
	} else {
		show_turn(p, seat, p->shown != seat);
		p->shown = seat;
		show_legal(p, seat);
	}
	snprintf(prompt, sizeof prompt, "%s> ", p->s.hdr.player[seat].seat);
	for (;;) {
		char *end;

		if ((line = playlist_read_line(p->edit, prompt, p->legal,
		    p->nlegal)) == NULL) {
			printf("\n%s: stopped; the game is saved: play on with "
			    "'trigon play %s'\n", p->path, p->path);
			return EXIT_OK;
		}
		/* Trim spaces; collapse nothing else: the rules judge. */
		for (w = line; *w == ' ' || *w == '\t'; w++)
			;
		for (end = w + strlen(w); end > w && (end[-1] == ' ' ||
		    end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r');)
			*--end = '\0';
		if (*w == '\0') {
			free(line);
			printf("Type an action or its number; 'help' says "
			    "more.\n");
			continue;
		}
		if (strcmp(w, "help") == 0 || strcmp(w, "?") == 0) {
			show_help(p);
		} else if (strcmp(w, "orders") == 0 &&
		    p->s.rules->help_orders != NULL) {
			fputs(p->s.rules->help_orders, stdout);
		} else if (strcmp(w, "quit") == 0 || strcmp(w, "exit") == 0) {
			free(line);
			printf("%s: stopped; the game is saved: play on with "
			    "'trigon play %s'\n", p->path, p->path);
			return EXIT_OK;
		} else if (strcmp(w, "moves") == 0 || strcmp(w, "list") == 0) {
			show_legal(p, seat);
		} else if (strncmp(w, "list ", 5) == 0) {
			if (playlist_list(stdout, p->legal, p->nlegal, w + 5)
			    == 0)
				printf("no action starts with '%s' ('list' "
				    "shows them all)\n", w + 5);
		} else if (strcmp(w, "board") == 0) {
			p->s.rules->describe(p->s.game, RULES_VIEW_BOARD, seat,
			    (unsigned)p->color, stdout);
		} else if (strcmp(w, "hand") == 0) {
			p->s.rules->describe(p->s.game, RULES_VIEW_HAND, seat,
			    0, stdout);
		} else if (strcmp(w, "stats") == 0) {
			stats_show(p->path);
		} else if (strcmp(w, "status") == 0) {
			p->s.rules->describe(p->s.game, RULES_VIEW_STATUS, -1,
			    0, stdout);
		} else if (strncmp(w, "card ", 5) == 0) {
			const char *t = p->s.rules->help_card != NULL ?
			    p->s.rules->help_card(w + 5) : NULL;

			if (t != NULL)
				printf("%s\n", t);
			else
				printf("no card named '%s' "
				    "('trigon help card' lists them)\n", w + 5);
		} else if (strcmp(w, "hint") == 0) {
			char action[RULES_ACTION_MAX];
			struct rules_error rerr;
			struct rules_bot_opts bo = p->bo;

			memset(&rerr, 0, sizeof rerr);
			if (!search_has_player(p->s.rules))
				printf("%s has no computer player to ask\n",
				    p->s.rules->title);
			else if (search_choose(p->s.rules, p->s.game, seat,
			    &bo, action, sizeof action, &rerr) != 0)
				printf("no hint: %s\n", rerr.msg);
			else
				printf("the computer would play: %s\n",
				    action);
		} else {
			const char *act = w;
			int64_t k;
			int nr = num_i64(w, strlen(w), INT64_MIN, INT64_MAX, 0,
			    &k);

			/* A number picks from the list shown. */
			if (nr != NUM_SYNTAX) {
				if (nr != 0 || k < 1 || (uint64_t)k > p->nlegal) {
					printf("no action %s: the list goes "
					    "from 1 to %zu\n", w, p->nlegal);
					free(line);
					continue;
				}
				act = p->legal[k - 1];
			}
			rc = write_action(p, seat, act);
			free(line);
			if (rc == 1)
				continue;
			return rc;
		}
		free(line);
	}
}

/*
 * Sign and append one action of a person.  Returns -1 when written,
 * 1 when refused (said why, nothing written), else an exit status.
 */
static int
write_action(struct play *p, int seat, const char *action)
{
	struct save s;
	struct save_buf out = { 0 };
	struct err e;
	int fd = -1, rc;

	err_clear(&e);
	if ((rc = load_file(&s, p->path, &fd, p->sk[seat])) != EXIT_OK)
		goto out;
	rc = save_play(&s, action, strlen(action), p->sk[seat], &out, &e);
	if (rc == ERR_REFUSED && s.rerr.code != 0) {
		const char *near = NULL;

		if (s.rerr.hint[0] == '\0')
			near = suggest_nearest(action,
			    (const char *const *)p->legal, p->nlegal);
		char said[2 * RULES_MSG_MAX + RULES_ACTION_MAX + 64];
		int n = snprintf(said, sizeof said, "refused: %s%s%s",
		    s.rerr.msg, s.rerr.hint[0] ? "; " : "", s.rerr.hint);

		if (near != NULL && n >= 0 && (size_t)n < sizeof said)
			snprintf(said + n, sizeof said - (size_t)n,
			    "%sdid you mean '%s'?", s.rerr.hint[0] ? " " :
			    "; ", near);
		/* On the screen at word boundaries to its width; whole on
		   a line for scripts and screen readers. */
		if (p->screen)
			term_wrap(stdout, said, (size_t)term_columns(
			    STDOUT_FILENO), "  ");
		else
			printf("%s\n", said);
		printf("(nothing was written; 'moves' lists what you may "
		    "do, 'help' says more)\n");
		rc = 1;
		goto out;
	}
	if (rc != 0 || (rc = save_seal(&s, p->sk[seat], &out, &e)) != 0 ||
	    (rc = write_held(&s, fd, p->path, &out, &e)) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	show_written(p, &out);
	p->played = 1;
	save_release(&p->s);
	p->s = s;
	p->reader = seat;
	rc = -1;
out:
	if (fd >= 0)
		close(fd);
	if (rc != -1)
		save_release(&s);
	save_buf_release(&out);
	return rc;
}

/* Keep a line written for the play screen's "just now". */
static void
remember(struct play *p, const char *indent, int len, const char *q)
{
	if (p->nrecent == PLAY_RECENT) {
		memmove(p->recent[0], p->recent[1], sizeof p->recent[0] *
		    (PLAY_RECENT - 1));
		p->nrecent--;
		p->more++;
	}
	snprintf(p->recent[p->nrecent++], PLAY_RECENT_LEN, "%s%.*s", indent,
	    len, q);
}

/* The actions and public events just written, without signatures. */
static void
show_written(struct play *p, const struct save_buf *out)
{
	const char *q = out->p, *end = out->p + out->len;

	while (q < end) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		size_t len = nl ? (size_t)(nl - q) : (size_t)(end - q);
		const char *bar = NULL, *b;

		if (len > 3 && strncmp(q, "#= ", 3) == 0) {
			size_t tl = len - 3;
			char view[640];
			const char *t = game_note_view(&p->s, q + 3, &tl,
			    view, sizeof view);

			printf("    %.*s\n", (int)tl, t);
			remember(p, "    ", (int)tl, t);
		} else if (q[0] >= '0' && q[0] <= '9') {
			/* "SEQ COLOR ACTION | CHAIN SIG" */
			for (b = q; (b = memmem(b, len - (size_t)(b - q),
			    " | ", 3)) != NULL; b++)
				bar = b;
			if (bar != NULL) {
				printf("  %.*s\n", (int)(bar - q), q);
				remember(p, "  ", (int)(bar - q), q);
			}
		}
		if (nl == NULL)
			break;
		q = nl + 1;
	}
	fflush(stdout);
}

static int
emit_legal(void *ctx, const char *action)
{
	struct play *p = ctx;

	if (p->nlegal == p->caplegal) {
		size_t cap = p->caplegal ? 2 * p->caplegal : 64;
		char **n = realloc(p->legal, cap * sizeof *n);

		if (n == NULL)
			return 1;
		p->legal = n;
		p->caplegal = cap;
	}
	if ((p->legal[p->nlegal] = strdup(action)) == NULL)
		return 1;
	p->nlegal++;
	return 0;
}

static int
list_legal(struct play *p, int seat)
{
	clear_legal(p);
	if (p->s.rules->legal(p->s.game, seat, emit_legal, p) != 0 &&
	    p->nlegal == 0) {
		errmsg("%s: cannot list the legal actions", p->path);
		return EXIT_DAMAGED;
	}
	return EXIT_OK;
}

static void
clear_legal(struct play *p)
{
	for (size_t i = 0; i < p->nlegal; i++)
		free(p->legal[i]);
	p->nlegal = 0;
}

/* Whose turn, what is awaited; full: the board and hand as well. */
static void
show_turn(struct play *p, int seat, int full)
{
	struct rules_await aw;
	int others = 0;

	for (int i = 0; i < p->nseats; i++)
		others += i != seat && (p->kind[i] == SEAT_ME ||
		    p->kind[i] == SEAT_HUMAN);
	p->s.rules->await(p->s.game, &aw);
	if (full) {
		putchar('\n');
		p->s.rules->describe(p->s.game, RULES_VIEW_BOARD, -1,
		    (unsigned)p->color, stdout);
		/* Hot seat: the hand only once its owner has the terminal. */
		if (others > 0)
			printf("\n=== %s: your turn (the others look away) "
			    "===\n", seat_word(p, seat));
		p->s.rules->describe(p->s.game, RULES_VIEW_HAND, seat, 0,
		    stdout);
	}
	printf("\n%s\n", aw.text[0] ? aw.text : "your turn");
}

/*
 * The numbered legal actions, the rules' note on how the list is
 * shortened, and one line about each card the actions name.
 */
static void
show_legal(struct play *p, int seat)
{
	int cols, rows;

	printf("You may (type the action or its number):\n");
	term_size(STDOUT_FILENO, &cols, &rows);
	if (p->screen)		/* a screenful at a time */
		playlist_page(stdout, p->legal, p->nlegal, rows - 1);
	else
		playlist_list(stdout, p->legal, p->nlegal, "");
	show_notes(p, stdout, seat, (size_t)term_columns(STDOUT_FILENO), 0);
	fflush(stdout);
}

/*
 * The rules' note on the list and a line on each card the actions
 * name; once: only what this game has not shown yet.
 */
static void
show_notes(struct play *p, FILE *f, int seat, size_t width, int once)
{
	const struct rules *r = p->s.rules;
	char note[512], word[48], line[sizeof note + sizeof word + 4];
	char done[32][48];
	int head = 0, ndone = 0;
	const char *t;

	if (r->legal_note != NULL &&
	    (t = r->legal_note(p->s.game, seat, note, sizeof note)) != NULL &&
	    (!once || strcmp(t, p->note) != 0)) {
		term_wrap(f, t, width, "  ");
		snprintf(p->note, sizeof p->note, "%s", t);
	}
	for (size_t i = 0; i < p->nlegal && r->help_card_brief != NULL; i++)
		for (const char *q = p->legal[i]; *q != '\0';) {
			size_t len = strcspn(q, " ");

			if (len > 0 && len < sizeof word && ndone < 32) {
				memcpy(word, q, len);
				word[len] = '\0';
				if (!named(done, ndone, word) && (!once ||
				    !named(p->seen, p->nseen, word)) &&
				    (t = r->help_card_brief(word, note,
				    sizeof note)) != NULL) {
					memcpy(done[ndone++], word, len + 1);
					if (!named(p->seen, p->nseen, word) &&
					    p->nseen < 32)
						memcpy(p->seen[p->nseen++],
						    word, len + 1);
					if (!head++)
						fprintf(f, "The cards named "
						    "('card NAME' tells "
						    "more):\n");
					snprintf(line, sizeof line, "  %s: %s",
					    word, t);
					term_wrap(f, line, width, "    ");
				}
			}
			q += len;
			q += *q == ' ';
		}
}

/* Whether word is one of list[n]. */
static int
named(char list[][48], int n, const char *word)
{
	for (int k = 0; k < n; k++)
		if (strcmp(list[k], word) == 0)
			return 1;
	return 0;
}

/* Write buf's first lines to stdout, rows rows at most. */
static void
put_rows(const char *buf, size_t len, int rows, int cols)
{
	size_t i = 0;

	while (i < len && rows > 0) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - buf) + 1 - i : len - i;

		rows -= term_count_rows(buf + i, l, cols);
		if (rows < 0)
			break;
		fwrite(buf + i, 1, l, stdout);
		i += l;
	}
}

/*
 * The play screen: as much of the board as leaves room for what was
 * just played, the hand, whose turn it is and what the game awaits,
 * the actions grouped, the notes not shown yet, and the prompt.
 */
static void
show_screen(struct play *p, int seat)
{
	char *board = NULL, *low = NULL;
	size_t blen = 0, llen = 0;
	struct rules_await aw;
	FILE *b, *l;
	int others = 0, room, cols, rows;

	term_size(STDOUT_FILENO, &cols, &rows);
	for (int i = 0; i < p->nseats; i++)
		others += i != seat && (p->kind[i] == SEAT_ME ||
		    p->kind[i] == SEAT_HUMAN);
	p->s.rules->await(p->s.game, &aw);
	if ((b = open_memstream(&board, &blen)) == NULL ||
	    (l = open_memstream(&low, &llen)) == NULL) {
		if (b != NULL)
			fclose(b);
		show_turn(p, seat, 1);
		show_legal(p, seat);
		return;
	}
	p->s.rules->describe(p->s.game, RULES_VIEW_BOARD, -1,
	    (unsigned)p->color, b);
	fclose(b);
	screen_lower(p, l, seat, others, &aw, (size_t)cols, rows);
	fclose(l);
	/* The prompt's row, and one for the cut board's line. */
	room = rows - term_count_rows(low, llen, cols) - 2;
	putchar('\n');
	if (cols < PLAY_MIN_COLS || rows < PLAY_MIN_ROWS) {
		char msg[160];

		snprintf(msg, sizeof msg, "(the terminal is %dx%d; the play "
		    "screen wants %dx%d at least: the board is cut; 'board' "
		    "draws it, --plain plays line by line)", cols, rows,
		    PLAY_MIN_COLS, PLAY_MIN_ROWS);
		room -= term_wrap(stdout, msg, (size_t)cols, "");
	}
	if (term_count_rows(board, blen, cols) <= room + 1)
		fwrite(board, 1, blen, stdout);
	else {
		put_rows(board, blen, room > 2 ? room : 2, cols);
		printf("  ... ('board' draws it whole)\n");
	}
	fwrite(low, 1, llen, stdout);
	fflush(stdout);
	free(board);
	free(low);
}

/* The screen under the board: just now, hand, turn, actions, notes. */
static void
screen_lower(struct play *p, FILE *f, int seat, int others,
    const struct rules_await *aw, size_t width, int rows)
{
	if (p->nrecent > 0) {
		fprintf(f, "Just now%s:\n", p->more ? " (the rest: 'trigon "
		    "log')" : "");
		for (int i = 0; i < p->nrecent; i++)
			fprintf(f, "%s\n", p->recent[i]);
		p->nrecent = p->more = 0;
	}
	if (others > 0)
		fprintf(f, "=== %s: your turn (the others look away) ===\n",
		    seat_word(p, seat));
	p->s.rules->describe(p->s.game, RULES_VIEW_HAND, seat, 0, f);
	term_wrap(f, aw->text[0] ? aw->text : "your turn", width, "  ");
	if (p->nlegal <= 6) {
		fprintf(f, "You may (type the action or its number):\n");
		playlist_list(f, p->legal, p->nlegal, "");
	} else
		playlist_groups(f, p->legal, p->nlegal, width, rows / 3);
	show_notes(p, f, seat, width, 1);
}

static void
show_end(const struct play *p)
{
	struct rules_await aw;
	const struct save *s = &p->s;
	int k;

	s->rules->await(s->game, &aw);
	putchar('\n');
	s->rules->describe(s->game, RULES_VIEW_BOARD, -1, (unsigned)p->color,
	    stdout);
	if (aw.winner >= 0 && aw.winner < p->nseats)
		printf("\nThe game is over: %s won (%s)%s\n",
		    seat_word(p, aw.winner), aw.how,
		    p->kind[aw.winner] == SEAT_ME ? ". Well played!" : ".");
	else
		printf("\nThe game is over: nobody won (%s).\n", aw.how);
	/* What that way of ending means, in the game's words. */
	if ((k = rules_end_index(s->rules, aw.how)) >= 0 &&
	    s->rules->ends[k].text != NULL)
		printf("(%s: %s)\n", aw.how, s->rules->ends[k].text);
	printf("%s: the whole game is in this file; 'trigon log %s' "
	    "replays it, 'trigon verify %s' checks it\n", p->path, p->path,
	    p->path);
	/* Come back to a finished game: how to start another. */
	if (!p->played)
		printf("%s: this game was over already; to play again, name a "
		    "new file: 'trigon play new.trigon'%s%s\n", p->path,
		    strcmp(s->rules->name, rules_table[0]->name) ? " --rules " :
		    "", strcmp(s->rules->name, rules_table[0]->name) ?
		    s->rules->name : "");
}

/* "green (Computer 1)" */
static const char *
seat_word(const struct play *p, int seat)
{
	static char buf[SAVE_SEAT_MAX + SAVE_NAME_MAX + 16];

	snprintf(buf, sizeof buf, "%s (%s)", p->s.hdr.player[seat].seat,
	    p->s.hdr.player[seat].name);
	return buf;
}

/* CONFIG_DIR/play/GAME-ID, made (mode 0700) when missing (game.h). */
int
play_key_dir(char *buf, size_t n, const unsigned char *seed)
{
	unsigned char id[SAVE_GAME_ID_BYTES];
	char hex[2 * SAVE_GAME_ID_BYTES + 1], dir[CONFIG_PATH_MAX];
	struct err e;

	err_clear(&e);
	if (config_dir(dir, sizeof dir, &e) != 0)
		return game_report(&e, 0);
	save_game_id(id, seed);
	sodium_bin2hex(hex, sizeof hex, id, sizeof id);
	if ((size_t)snprintf(buf, n, "%s/play/%s", dir, hex) >= n) {
		errmsg("configuration directory name too long");
		return EXIT_USAGE;
	}
	/* mkdir -p: the configuration directory, play/, play/ID. */
	for (char *q = buf + 1; ; q++) {
		if (*q == '/' || *q == '\0') {
			char c = *q;

			*q = '\0';
			if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
				errmsg("cannot make the directory '%s': %s",
				    buf, strerror(errno));
				*q = c;
				return EXIT_DAMAGED;
			}
			*q = c;
			if (c == '\0')
				break;
		}
	}
	return EXIT_OK;
}

static int
number(const char *s, const char *opt, long max, long *out)
{
	uint64_t v;

	if (num_u64(s, strlen(s), 0, (uint64_t)max, 0, &v) != 0)
		return usage_error(&cmd_play, "%s needs a number from 0 to %ld",
		    opt, max);
	*out = (long)v;
	return EXIT_OK;
}

/* play parses its own arguments: FILE or -f, and new games' options. */
static int
play_exec(struct cmd_ctx *c)
{
	return play_main(c->argc, c->argv);
}

const struct cmd cmd_play = {
	.name = "play",
	.usage = "trigon play [FILE] [--vs N] [--seat SEAT] [--hot-seat N]\n"
	"       [--bot-kind KIND] [--think-ms MS | --playouts N]\n"
	"       [--key KEYFILE] [--passphrase-file F] [--name NAME]\n"
	"       [--seed HEX] [--rules NAME] [--option KEY=VALUE ...]\n"
	"       [--data NAME=FILE ...] [--scenario F] [--plain]",
	.summary = "Play in the terminal against the computer (or hot seat).",
	.exec = play_exec,
	.flags = CMD_RAW,
	.shortopts = "f:",
	.opts = play_opts,
	.help =
	"  FILE, -f FILE           the save file: played on when it exists,\n"
	"                          else a new game (default: [game] file in\n"
	"                          the configuration, else ./game.trigon)\n"
	"  --vs N                  a new game against N computer seats\n"
	"                          (default: as many as the smallest game\n"
	"                          of the rules needs, at least 1; 0 with\n"
	"                          --hot-seat)\n"
	"  --seat SEAT             your seat in a new game (default: the\n"
	"                          first seat)\n"
	"  --hot-seat N            N people take turns at this terminal\n"
	"  --bot-kind KIND         which computer player (the kinds of\n"
	"                          trigon bot --player; default: the best)\n"
	"  --think-ms MS           the computer's time per action\n"
	"  --playouts N            or its search budget per action\n"
	"                          (deterministic)\n"
	"  --key KEYFILE           your secret key (default: [player] key)\n"
	"  --passphrase-file F     its passphrase from F's first line\n"
	"  --name NAME             your name in a new game (default: [player]\n"
	"                          name, else \"you\")\n"
	"  --seed HEX              a new game's 32-byte seed\n"
	"  --rules NAME            a new game's rule set (default: the\n"
	"                          first of trigon new --help)\n"
	"  --option KEY=VALUE      a rules option of a new game, as for\n"
	"                          trigon new (e.g. map=new-shores)\n"
	"  --data NAME=FILE        custom design data of a new game, as\n"
	"                          for trigon new\n"
	"  --scenario F            the same as --data scenario=F: start\n"
	"                          from a position (trigon-rules(7))\n"
	"  --plain                 line by line, every legal action\n"
	"                          numbered, even on a terminal (as when\n"
	"                          output goes to a pipe)\n"
	"The computer's keys (and those of the other people at a hot seat)\n"
	"are made in CONFIG_DIR/play/GAME-ID/ (trigon(1), FILES).\n",
};
