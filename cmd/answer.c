/*
 * answer.c -- trigon answer: write, once, every answer the game awaits
 * from the seat of the given key (fair chance, format 2 of
 * trigon-save(5)): its join line while the seats join, then its
 * releases for the random events whose quorum holds it, signed with its
 * per-game answer key (derived from the main key: nothing else to keep)
 * and merged into the open block in canonical order.  The file stays
 * locked from reading to writing.
 *
 * With --watch SECONDS (or --once) it does so again and again, as an
 * always-on client (doc/fair-chance.md): each pass is trigon sync and
 * push for a game in a git clone, or, with --maildir DIR, trigon apply
 * of the game's new mails in DIR/new (moved to DIR/cur) and trigon mail
 * --send of the answers; sync.c, push.c, apply.c and mail.c do the
 * work (gitcmd.h, mailcmd.h), this file only loops, sleeps and stops.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "atomic.h"
#include "cmd.h"
#include "fair.h"
#include "game.h"
#include "gitcmd.h"
#include "keys.h"
#include "mail.h"
#include "mailcmd.h"
#include "save.h"
#include "search.h"

#define ANSWER_FILE_MAX (256u * 1024 * 1024)

enum { OPT_WATCH = 256, OPT_ONCE, OPT_COUNT, OPT_MAILDIR, OPT_ANSWER_KEY,
	OPT_BOT, OPT_PLAYOUTS, OPT_PLAYER };

#define WATCH_MAX_MS (86400L * 1000)	/* a pass a day at least */
#define WATCH_COUNT_MAX 1000000000L
#define WATCH_SKIP_MAX 4096		/* mails of other games remembered */

/* The options of the watch. */
static struct {
	int watch, once;	/* --watch SECONDS, --once */
	long ms;		/* SECONDS in milliseconds */
	long count;		/* --count N: at most N passes; 0 no bound */
	const char *maildir;	/* --maildir DIR */
	const char *akpath;	/* --answer-key FILE */
	int bot;		/* --bot: the computer plays the seat too */
	struct rules_bot_opts bo;	/* --playouts N */
} w;

static volatile sig_atomic_t stop_signal;

static int watch(struct cmd_ctx *c);

/* SECONDS: digits, then at most three decimals; 0 to a day. */
static int
parse_seconds(const char *arg, long *ms)
{
	long v = 0, frac = 0;
	int nd = 0, nf = 0;
	const char *p = arg;

	for (; *p >= '0' && *p <= '9'; p++, nd++)
		if ((v = v * 10 + (*p - '0')) > WATCH_MAX_MS / 1000)
			return -1;
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, nf++) {
			if (nf < 3)
				frac = frac * 10 + (*p - '0');
			else if (*p != '0')
				return -1;
		}
	}
	if (*p != '\0' || nd == 0 || (p[-1] == '.'))
		return -1;
	for (int i = nf; i < 3; i++)
		frac *= 10;
	if ((*ms = v * 1000 + frac) > WATCH_MAX_MS)
		return -1;
	return 0;
}

static int
answer_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	switch (ch) {
	case OPT_WATCH:
		if (parse_seconds(arg, &w.ms) != 0)
			return usage_error(c->cmd, "bad --watch '%s': a number "
			    "of seconds from 0 to 86400, such as 60 or 0.5",
			    arg);
		w.watch = 1;
		return EXIT_OK;
	case OPT_ONCE:
		w.once = 1;
		return EXIT_OK;
	case OPT_COUNT:
		return game_number(c->cmd, arg, "--count", WATCH_COUNT_MAX,
		    &w.count);
	case OPT_ANSWER_KEY:
		w.akpath = arg;
		return EXIT_OK;
	case OPT_BOT:
		w.bot = 1;
		return EXIT_OK;
	case OPT_PLAYOUTS:
		return game_number(c->cmd, arg, "--playouts", 100000000,
		    &w.bo.playouts);
	case OPT_PLAYER:
		w.bo.kind = arg;
		return EXIT_OK;
	default:
		w.maildir = arg;
		return EXIT_OK;
	}
}

static int
answer_check(struct cmd_ctx *c)
{
	int rc;

	if ((rc = game_no_operands(c)) != EXIT_OK)
		return rc;
	if (w.watch && w.once)
		return usage_error(c->cmd, "--once and --watch exclude each "
		    "other: --once is one pass, --watch SECONDS a pass every "
		    "SECONDS");
	if (w.count > 0 && !w.watch)
		return usage_error(c->cmd, "--count needs --watch SECONDS");
	if (!w.watch && !w.once && (w.maildir != NULL || c->remote != NULL))
		return usage_error(c->cmd, "%s needs --watch SECONDS or --once",
		    w.maildir != NULL ? "--maildir" : "--remote");
	if (w.maildir != NULL && c->remote != NULL)
		return usage_error(c->cmd, "--remote is for a game in a git "
		    "clone, --maildir for one played by mail: not both");
	if (w.akpath != NULL && (c->kopt != NULL || c->passfile != NULL))
		return usage_error(c->cmd, "--answer-key answers instead of the "
		    "main key: not with %s", c->kopt != NULL ? "--key" :
		    "--passphrase-file");
	if (w.bot && !w.watch && !w.once)
		return usage_error(c->cmd, "--bot needs --watch SECONDS or "
		    "--once");
	if ((w.bo.playouts > 0 || w.bo.kind != NULL) && !w.bot)
		return usage_error(c->cmd, "%s needs --bot", w.bo.kind != NULL ?
		    "--player" : "--playouts");
	if (w.bot && w.akpath != NULL)
		return usage_error(c->cmd, "--bot plays the seat's moves, "
		    "which its main key signs: not with --answer-key");
	if (w.akpath != NULL)
		c->flags &= ~(unsigned)CMD_SECRET;	/* read in exec */
	if (w.watch || w.once)
		c->flags &= ~(unsigned)CMD_LOCK;	/* locked pass by pass */
	return EXIT_OK;
}

/*
 * --answer-key FILE (trigon fair export): read it into guarded memory,
 * and stand it in for the main key: c->pk becomes its seat's main public
 * key (so the seat is found as with --key), c->sk its answer key pair
 * (which signs merged blocks), and game_answer_key what answers.
 */
static int
load_answer_key(struct cmd_ctx *c, struct fair_export **xp)
{
	const struct save *s = c->save;
	struct fair_export *x;
	unsigned char pk[32];
	struct err e;
	int seat = -1;

	err_clear(&e);
	if (sodium_init() < 0 || (x = sodium_malloc(sizeof *x)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	*xp = x;
	if (keys_answer_key_load(w.akpath, x, &e) != 0)
		return game_report(&e, 0);
	if (memcmp(x->id, s->hdr.game_id, sizeof x->id) != 0) {
		errmsg("%s: refused: '%s' is the answer key of another game",
		    c->path, w.akpath);
		return EXIT_REFUSED;
	}
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (strcmp(s->hdr.player[i].seat, x->seat) == 0)
			seat = i;
	if (seat < 0) {
		errmsg("%s: refused: '%s' is the answer key of seat '%s', which "
		    "plays no part in this game", c->path, w.akpath, x->seat);
		return EXIT_REFUSED;
	}
	if ((c->sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	crypto_sign_seed_keypair(pk, c->sk, x->answer_seed);
	memcpy(c->pk, s->hdr.player[seat].pk, sizeof c->pk);
	game_answer_key = x;
	return EXIT_OK;
}

static int answer_run(struct cmd_ctx *c);

/*
 * Sealed hands: the file was read before the answer key was, as an
 * observer; read it again, from the locked descriptor, as the key's
 * seat (save_set_reader_exported), so that its table knows the seat's
 * own cards as with --key (trigon-save(5), Sealed hands).
 */
static int
read_as_exported(struct cmd_ctx *c, const struct fair_export *x)
{
	struct save *s = c->save;
	struct err e;

	if (s->hdr.hands != SAVE_HANDS_SEALED || c->fd < 0)
		return EXIT_OK;
	err_clear(&e);
	save_release(s);
	save_init(s, c->path);
	s->cb = c->save_cb;
	s->cbctx = c->save_cbctx;
	save_set_reader_exported(s, x);
	if (lseek(c->fd, 0, SEEK_SET) != 0) {
		errmsg("%s: cannot read it again", c->path);
		return EXIT_DAMAGED;
	}
	if (save_read_fd(s, c->fd, &e) != 0)
		return game_report(&e, 0);
	return EXIT_OK;
}

static int
answer_exec(struct cmd_ctx *c)
{
	struct fair_export *x = NULL;
	int rc;

	if (w.akpath == NULL)
		return answer_run(c);
	if (c->save->hdr.chance != SAVE_CHANCE_FAIR) {
		if (c->save->hdr.version == SAVE_VERSION_FAIR)
			errmsg("%s: refused: a game of open chance has no "
			    "answer keys (its claims are signed with the "
			    "main key: --key)", c->path);
		else
			errmsg("%s: refused: a game of open chance awaits no "
			    "answers", c->path);
		return EXIT_REFUSED;
	}
	if ((rc = load_answer_key(c, &x)) == EXIT_OK &&
	    (rc = read_as_exported(c, x)) == EXIT_OK)
		rc = answer_run(c);
	game_answer_key = NULL;
	sodium_free(x);		/* wipes; NULL is fine */
	return rc;
}

static int
answer_run(struct cmd_ctx *c)
{
	struct save *s = c->save;
	char what[512];
	int rc, added, seat;

	if (w.watch || w.once)
		return watch(c);
	if ((seat = save_seat_of_key(s, c->pk)) < 0) {
		errmsg("%s: refused: this key belongs to no player of this "
		    "game", c->path);
		return EXIT_REFUSED;
	}
	if ((rc = game_answer_file(c->path, c->fd, s, c->sk, &added)) !=
	    EXIT_OK)
		return rc;
	if (added == 0) {
		if (save_awaits(s, what, sizeof what) > 0)
			printf("%s: %s owes no answer now; the game awaits %s\n",
			    c->path, s->hdr.player[seat].seat, what);
		else
			printf("%s: %s owes no answer now\n", c->path,
			    s->hdr.player[seat].seat);
		return EXIT_OK;
	}
	printf("%s: %s answered (%d line%s)\n", c->path,
	    s->hdr.player[seat].seat, added, added == 1 ? "" : "s");
	if (save_awaits(s, what, sizeof what) > 0)
		printf("%s: waiting for answers: %s\n", c->path, what);
	else if (save_started(s)) {
		struct rules_await aw;

		if ((rc = game_await(s, c->path, &aw)) != EXIT_OK)
			return rc;
		game_print_next(s, c->path, &aw);
	}
	return EXIT_OK;
}

/* ---- the watch -------------------------------------------------------- */

/* What a pass leaves behind. */
struct watch_state {
	const char *seat;	/* the key's seat */
	int seatno;
	unsigned char game[SAVE_GAME_ID_BYTES];
	int rc;			/* worst status of the failures so far */
	int unsent;		/* answers written, not pushed or sent yet */
	char **skip;		/* maildir: new/ names without our game */
	size_t nskip;
};

static void
on_signal(int sig)
{
	stop_signal = sig;
}

static void
worse(struct watch_state *ws, int rc)
{
	if (rc != EXIT_OK && (ws->rc == EXIT_OK || rc < ws->rc))
		ws->rc = rc;
}

/*
 * Sleep ms, or less when SIGINT or SIGTERM comes: the signals are
 * blocked from the check to the sleep, which unblocks them (pselect),
 * so none is lost in between.  Returns 1 when one came.
 */
static int
nap(long ms)
{
	sigset_t block, old;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	int stopped;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, &old);
	if (!stop_signal)
		pselect(0, NULL, NULL, NULL, &ts, &old);
	stopped = stop_signal != 0;
	sigprocmask(SIG_SETMASK, &old, NULL);
	return stopped;
}

/*
 * A pass over git: trigon sync (take, merge, answer, commit), then
 * trigon push when the branch has commits the remote lacks; a push
 * refused because the remote moved on meanwhile is synced and pushed
 * again, three times at most (then said, and left for the next pass:
 * no failure).  A remote that cannot be reached, or a push that fails
 * otherwise, is reported and tried again at the next pass
 * (EXIT_OK back, the failure kept in ws->rc); a sync that is refused
 * ends the watch (its status back).
 */
static int
git_pass(struct cmd_ctx *c, struct watch_state *ws)
{
	struct sync_did did;
	int rc, behind = 0;

	for (int tries = 0; tries < 3; tries++) {
		if ((rc = sync_pass(c, 1, &did)) != EXIT_OK) {
			if (!did.unreachable)
				return rc;
			worse(ws, rc);
			return EXIT_OK;
		}
		ws->unsent = did.commits;
		if (!did.commits)
			return EXIT_OK;
		if ((rc = push_pass(c, 1, &behind)) == EXIT_OK) {
			ws->unsent = 0;
			return EXIT_OK;
		}
		if (!behind)
			break;
	}
	if (behind) {
		/* No failure: the commits go with the next pass's push. */
		cmd_say("%s: another copy pushed first, three times; the "
		    "commits wait for the next pass", c->path);
		return EXIT_OK;
	}
	worse(ws, rc);
	return EXIT_OK;
}

static int
skipped(const struct watch_state *ws, const char *name)
{
	for (size_t i = 0; i < ws->nskip; i++)
		if (strcmp(ws->skip[i], name) == 0)
			return 1;
	return 0;
}

static void
remember_skip(struct watch_state *ws, const char *name)
{
	char **n;

	if (ws->nskip == WATCH_SKIP_MAX ||
	    (n = realloc(ws->skip, (ws->nskip + 1) * sizeof *n)) == NULL)
		return;
	ws->skip = n;
	if ((n[ws->nskip] = strdup(name)) != NULL)
		ws->nskip++;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* DIR/new's mails, sorted (maildir names begin with their delivery
 * time), dot files left out; NULL-ended, or NULL when DIR/new cannot be
 * read. */
static char **
new_mails(const char *dir)
{
	char path[PATH_MAX], **v = NULL, **nv;
	size_t n = 0;
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof path, "%s/new", dir);
	if ((d = opendir(path)) == NULL)
		return NULL;
	if ((v = calloc(1, sizeof *v)) == NULL)
		goto out;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if ((nv = realloc(v, (n + 2) * sizeof *v)) == NULL)
			break;
		v = nv;
		if ((v[n] = strdup(de->d_name)) == NULL)
			break;
		v[++n] = NULL;
	}
	qsort(v, n, sizeof *v, by_name);
out:
	closedir(d);
	return v;
}

/*
 * A pass over a maildir: trigon apply of each new mail in DIR/new that
 * carries a block of this game, each then moved to DIR/cur (its name
 * gets the info ":2,", as a mail reader's "seen by a program, not read
 * by its person"); mails without one are left where they are, for the
 * person, and not read again.  Then the held-back blocks and the seat's
 * owed answers, and trigon mail --send of the answers.  A refused mail
 * or a failing sendmail is reported and kept in ws->rc; a send that
 * failed is tried again at the next pass.
 */
static int
maildir_pass(struct cmd_ctx *c, struct watch_state *ws)
{
	struct apply_run r;
	struct mail_how how;
	char **names, from[PATH_MAX], to[PATH_MAX];
	int rc;

	if ((names = new_mails(w.maildir)) == NULL) {
		errmsg("cannot read '%s/new': %s", w.maildir, strerror(errno));
		worse(ws, EXIT_DAMAGED);
		return EXIT_OK;
	}
	memset(&r, 0, sizeof r);
	r.path = c->path;
	r.sk = c->sk;
	r.game = ws->game;
	r.watch = 1;
	for (size_t i = 0; names[i] != NULL; i++) {
		int fd, n;

		if (skipped(ws, names[i]))
			continue;
		n = snprintf(from, sizeof from, "%s/new/%s", w.maildir,
		    names[i]);
		if (n < 0 || (size_t)n >= sizeof from ||
		    (fd = open(from, O_RDONLY | O_CLOEXEC)) < 0)
			continue;	/* gone meanwhile: a reader took it */
		apply_fd(&r, fd, from);
		close(fd);
		if (r.blocks == 0) {
			remember_skip(ws, names[i]);
			continue;
		}
		n = snprintf(to, sizeof to, "%s/cur/%s%s", w.maildir, names[i],
		    strstr(names[i], ":2,") != NULL ? "" : ":2,");
		if (n < 0 || (size_t)n >= sizeof to || rename(from, to) != 0) {
			errmsg("cannot move '%s' to '%s/cur': %s", from,
			    w.maildir, n < 0 || (size_t)n >= sizeof to ?
			    "name too long" : strerror(errno));
			worse(ws, EXIT_DAMAGED);
			remember_skip(ws, names[i]);
		}
	}
	for (size_t i = 0; names[i] != NULL; i++)
		free(names[i]);
	free(names);
	apply_finish(&r, c->pk);
	worse(ws, r.rc);
	if (r.answered == 0 && !r.resend && !ws->unsent)
		return EXIT_OK;
	memset(&how, 0, sizeof how);
	how.send = 1;
	if ((rc = mail_make(c, &how)) != EXIT_OK) {
		ws->unsent = 1;
		worse(ws, rc);
	} else
		ws->unsent = 0;
	return EXIT_OK;
}

/*
 * --bot: when the game lets the seat act and awaits no answer, the
 * computer plays it (bot_play, as trigon bot: up to an action that
 * opens a random event), under the file's lock; the moves are then
 * committed and pushed, or mailed, as trigon move --commit and push or
 * trigon mail --send would.  A failing push or send is tried again at
 * the next pass; a bot that cannot play ends the watch.
 */
static int
bot_pass(struct cmd_ctx *c, struct watch_state *ws)
{
	struct cmd_ctx b = *c;
	struct save s;
	struct bot_turn t;
	struct mail_how how;
	struct err e;
	int rc, behind = 0;

	err_clear(&e);
	save_init(&s, c->path);
	b.save = &s;
	b.fd = -1;
	save_set_reader(&s, c->sk);	/* sealed hands: the seat's cards */
	if (save_load(&s, c->path, &b.fd, &e) != 0) {
		worse(ws, game_report(&e, 0));
		if (b.fd >= 0)
			close(b.fd);
		save_release(&s);
		return EXIT_OK;
	}
	memset(&t, 0, sizeof t);
	rc = EXIT_OK;
	if (save_started(&s) && save_awaited(&s) == 0)
		rc = bot_play(&b, ws->seatno, &w.bo, &t);
	if (rc == EXIT_OK && t.played > 0 && w.maildir == NULL) {
		if ((rc = move_git_commit(c->path, &s, t.first,
		    (const char *const *)t.act, (size_t)t.played, 1)) ==
		    EXIT_OK && push_pass(c, 1, &behind) != EXIT_OK)
			ws->unsent = 1;
	} else if (rc == EXIT_OK && t.played > 0) {
		memset(&how, 0, sizeof how);
		how.send = 1;
		if (mail_make(c, &how) != EXIT_OK)
			ws->unsent = 1;
	}
	bot_turn_release(&t);
	if (b.fd >= 0)
		close(b.fd);
	save_release(&s);
	return rc;
}

/*
 * Whether the watch is done: the game is over and the seat owes
 * nothing more (its audit written).  A file that cannot be read now is
 * a failure of this pass, and the watch goes on.
 */
static int
finished(struct cmd_ctx *c, struct watch_state *ws)
{
	struct save s;
	struct rules_await aw;
	struct err e;
	int done = 0;

	err_clear(&e);
	save_init(&s, c->path);
	if (save_load(&s, c->path, NULL, &e) != 0)
		worse(ws, game_report(&e, 0));
	else if (save_started(&s) && !(save_awaited(&s) & 1u << ws->seatno) &&
	    game_await(&s, c->path, &aw) == EXIT_OK && aw.over)
		done = 1;
	save_release(&s);
	return done;
}

static int
watch(struct cmd_ctx *c)
{
	struct watch_state ws;
	struct save *s = c->save;
	struct sigaction sa;
	struct stat sb;
	char sub[PATH_MAX];
	long pass;
	int rc = EXIT_OK, i;

	memset(&ws, 0, sizeof ws);
	/* Format 2 with open chance: the watch writes the claimant's
	 * final line (trigon-save(5), Deadlines and forfeit). */
	if (s->hdr.version != SAVE_VERSION_FAIR) {
		errmsg("%s: refused: a game of open chance awaits no answers",
		    c->path);
		return EXIT_REFUSED;
	}
	if ((ws.seatno = save_seat_of_key(s, c->pk)) < 0) {
		errmsg("%s: refused: this key belongs to no player of this "
		    "game", c->path);
		return EXIT_REFUSED;
	}
	ws.seat = s->hdr.player[ws.seatno].seat;
	if (w.bot && !search_has_player(s->rules)) {
		errmsg("%s: %s has no computer player", c->path,
		    s->rules->title);
		return EXIT_USAGE;
	}
	if (w.bot && rules_bot_kind(s->rules, w.bo.kind) == NULL)
		return game_bad_kind(c->cmd, s->rules, "--player", w.bo.kind);
	memcpy(ws.game, s->hdr.game_id, sizeof ws.game);
	for (i = 0; w.maildir != NULL && i < 3; i++) {
		static const char *const dirs[] = { "new", "cur", "tmp" };

		snprintf(sub, sizeof sub, "%s/%s", w.maildir, dirs[i]);
		if (stat(sub, &sb) != 0 || !S_ISDIR(sb.st_mode))
			return usage_error(c->cmd, "'%s' is no maildir: it has "
			    "no directory '%s'", w.maildir, dirs[i]);
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	cmd_stamp = 1;
	if (w.maildir != NULL)
		mail_init();
	for (pass = 1;; pass++) {
		rc = w.maildir != NULL ? maildir_pass(c, &ws) :
		    git_pass(c, &ws);
		if (rc == EXIT_OK && w.bot)
			rc = bot_pass(c, &ws);
		if (rc != EXIT_OK)
			break;
		if (!ws.unsent && finished(c, &ws)) {
			cmd_say("%s: the game is over and %s owes nothing "
			    "more; the watch ends", c->path, ws.seat);
			break;
		}
		if (w.once || (w.count > 0 && pass >= w.count))
			break;
		if (stop_signal || nap(w.ms))
			break;
	}
	if (rc == EXIT_OK && stop_signal)
		cmd_say("%s: the watch ends (%s)", c->path,
		    stop_signal == SIGINT ? "SIGINT" : "SIGTERM");
	if (w.maildir != NULL)
		mail_shutdown();
	for (size_t k = 0; k < ws.nskip; k++)
		free(ws.skip[k]);
	free(ws.skip);
	cmd_stamp = 0;
	return rc != EXIT_OK ? rc : ws.rc;
}

static const struct option answer_opts[] = {
	{ "watch", required_argument, NULL, OPT_WATCH },
	{ "once", no_argument, NULL, OPT_ONCE },
	{ "count", required_argument, NULL, OPT_COUNT },
	{ "maildir", required_argument, NULL, OPT_MAILDIR },
	{ "answer-key", required_argument, NULL, OPT_ANSWER_KEY },
	{ "bot", no_argument, NULL, OPT_BOT },
	{ "playouts", required_argument, NULL, OPT_PLAYOUTS },
	{ "player", required_argument, NULL, OPT_PLAYER },
	{ NULL, 0, NULL, 0 },
};

const struct cmd cmd_answer = {
	.name = "answer",
	.usage = "trigon answer [-f FILE] [--key KEYFILE] "
	"[--passphrase-file F] [--answer-key FILE]\n"
	"       [--watch SECONDS [--count N] | --once] [--remote NAME | "
	"--maildir DIR]\n"
	"       [--bot [--playouts N] [--player KIND]]",
	.summary = "Write the answers a fair game awaits from your seat.",
	.exec = answer_exec,
	.help =
	"  -f, --file FILE         the save file (default as for trigon move)\n"
	"  --key KEYFILE           your secret key (default: [player] key)\n"
	"  --passphrase-file F     read its passphrase from F\n"
	"  --answer-key FILE       answer with the answer key trigon fair\n"
	"                          export wrote, instead of the main key\n"
	"  --watch SECONDS         answer again and again, a pass every\n"
	"                          SECONDS (0.5 is half a second): sync and\n"
	"                          push a game in a git clone, or apply the\n"
	"                          mails of --maildir and send the answers\n"
	"  --count N               stop after N passes\n"
	"  --once                  one pass, then stop\n"
	"  --remote NAME           the git remote (default: [git] remote,\n"
	"                          else origin)\n"
	"  --maildir DIR           the maildir the game's mails arrive in\n"
	"                          (read from DIR/new, moved to DIR/cur)\n"
	"  --bot                   with --watch or --once: the computer\n"
	"                          plays the seat's moves too (trigon bot),\n"
	"                          committed and pushed, or mailed\n"
	"  --playouts N            the computer's search budget per action\n"
	"                          (default 1000)\n"
	"  --player KIND           the kind of computer player (trigon help\n"
	"                          bot lists them)\n"
	"The watch stops by itself when the game is over and the seat owes\n"
	"nothing more, after --count N passes or --once, or on SIGINT or\n"
	"SIGTERM between two passes.\n",
	.flags = CMD_FILE | CMD_KEY | CMD_PASSFILE | CMD_SECRET | CMD_LOAD |
	    CMD_LOCK | CMD_UNSTARTED | CMD_CONFIG | CMD_REMOTE,
	.opts = answer_opts,
	.opt = answer_opt,
	.check = answer_check,
};
