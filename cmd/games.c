/*
 * games.c -- trigon games: one line for each of one's games -- its
 * rule set, seats, what it awaits and from whom, whether that is you
 * (the key's seat), since when (the file's last change) or how it
 * ended -- those awaiting you first.  The games are the save files
 * named, the *.trigon files of the directories named (and of their
 * subdirectories: a git clone per game), or with none the [game] dir of
 * the configuration (else the current directory) and the [game] file.
 * Each file is loaded and verified as for trigon status; what the game
 * awaits comes from game_await(), the JSON from game_await_json().
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "buf.h"
#include "cmd.h"
#include "game.h"
#include "save.h"

#define GAMES_SUFFIX ".trigon"

/* One game found, and how it sorts. */
struct entry {
	char *path;
	dev_t dev;
	ino_t ino;
	time_t since;		/* the file's last change */
	int group;		/* 0 awaits you, 1 awaits another, 2 over */
	char *line;		/* the text line */
	json_t *json;
};

struct list {
	struct entry *v;
	size_t n, cap;
};

static int add_path(struct list *l, const char *path, int quiet);
static int add_dir(struct list *l, const char *dir, int depth);
static int describe(struct cmd_ctx *c, struct entry *en);
static int compare(const void *a, const void *b);

static int
games_exec(struct cmd_ctx *c)
{
	struct list l = { NULL, 0, 0 };
	json_t *arr = NULL;
	int rc, worst = EXIT_OK;

	if ((rc = cmd_asker(c, 1)) != EXIT_OK)
		return rc;
	if (c->argc > 0) {
		for (int i = 0; i < c->argc; i++)
			if ((rc = add_path(&l, c->argv[i], 0)) != EXIT_OK)
				worst = rc;
	} else {
		const char *dir = c->conf->game_dir[0] ? c->conf->game_dir :
		    ".";

		if ((rc = add_dir(&l, dir, 0)) != EXIT_OK)
			worst = rc;
		if (c->conf->game_file[0] != '\0')
			add_path(&l, c->conf->game_file, 1);
	}
	for (size_t i = 0; i < l.n; i++)
		if ((rc = describe(c, &l.v[i])) != EXIT_OK && rc > worst)
			worst = rc;
	if (l.n > 1)	/* qsort(NULL, 0, ...) is undefined (UBSan) */
		qsort(l.v, l.n, sizeof l.v[0], compare);
	if (c->json && (arr = json_array()) == NULL) {
		errmsg("out of memory");
		worst = EXIT_DAMAGED;
	}
	for (size_t i = 0; i < l.n; i++) {
		if (arr != NULL && l.v[i].json != NULL)
			json_array_append(arr, l.v[i].json);
		else if (!c->json && l.v[i].line != NULL)
			printf("%s\n", l.v[i].line);
		free(l.v[i].path);
		free(l.v[i].line);
		json_decref(l.v[i].json);
	}
	free(l.v);
	if (arr != NULL && (rc = game_print_json(arr)) != EXIT_OK)
		worst = rc;
	if (l.n == 0 && !c->json && worst == EXIT_OK)
		printf("no games: no *%s file in %s\n", GAMES_SUFFIX,
		    c->argc > 0 ? "what was named" : c->conf->game_dir[0] ?
		    c->conf->game_dir : "this directory or its "
		    "subdirectories");
	return worst;
}

/*
 * Add path: a save file, or a directory's games.  quiet: a file that is
 * not there is left out (the configured [game] file).  The same file
 * twice is listed once.
 */
static int
add_path(struct list *l, const char *path, int quiet)
{
	struct entry *en;
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return add_dir(l, path, 0);
	if (stat(path, &st) != 0) {
		if (quiet)
			return EXIT_OK;
		memset(&st, 0, sizeof st);	/* loading says why */
	} else
		for (size_t i = 0; i < l->n; i++)
			if (l->v[i].dev == st.st_dev && l->v[i].ino == st.st_ino)
				return EXIT_OK;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		struct entry *v = realloc(l->v, cap * sizeof *v);

		if (v == NULL) {
			errmsg("out of memory");
			return EXIT_DAMAGED;
		}
		l->v = v;
		l->cap = cap;
	}
	en = &l->v[l->n];
	memset(en, 0, sizeof *en);
	if ((en->path = strdup(path)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	en->dev = st.st_dev;
	en->ino = st.st_ino;
	en->since = st.st_mtime;
	en->group = 3;		/* not loaded */
	l->n++;
	return EXIT_OK;
}

/* The *.trigon files of dir, and (depth 0) of its subdirectories. */
static int
add_dir(struct list *l, const char *dir, int depth)
{
	struct dirent **names;
	int n, rc = EXIT_OK;

	if ((n = scandir(dir, &names, NULL, alphasort)) < 0) {
		errmsg("cannot read directory '%s': %s", dir, strerror(errno));
		return EXIT_DAMAGED;
	}
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t len = strlen(nm), sl = strlen(GAMES_SUFFIX);
		char path[1024];
		struct stat st;

		if (nm[0] == '.' || rc != EXIT_OK ||
		    fmt_into(path, sizeof path, "%s%s%s", strcmp(dir, ".") ?
		    dir : "", strcmp(dir, ".") ? "/" : "", nm) != 0 ||
		    stat(path, &st) != 0)
			;
		else if (S_ISDIR(st.st_mode) && depth == 0)
			rc = add_dir(l, path, 1);
		else if (S_ISREG(st.st_mode) && len > sl &&
		    strcmp(nm + len - sl, GAMES_SUFFIX) == 0)
			rc = add_path(l, path, 0);
		free(names[i]);
	}
	free(names);
	return rc;
}

/* Load en's game and write its line and JSON; returns an exit status. */

/*
 * When a seat may be claimed against (trigon-save(5), Deadlines and
 * forfeit): "; purple may be claimed against from DATE", or while a
 * forfeit is disputable "; purple forfeit claimed, disputable until
 * DATE".
 */
static int
add_claim(struct buf *b, const struct save *s, const struct entry *en)
{
	struct save_since ss;
	char when[32];
	struct tm tm;
	time_t t;

	if ((t = (time_t)save_forfeit_disputable(s)) > 0) {
		strftime(when, sizeof when, "%Y-%m-%d %H:%M",
		    localtime_r(&t, &tm));
		return buf_addf(b, "; %s forfeit claimed, disputable until %s",
		    s->hdr.player[save_forfeit(s, NULL, 0)].seat, when);
	}
	if (save_await_since(s, (int64_t)en->since, &ss) != 0 ||
	    ss.accused < 0)
		return 0;
	t = (time_t)ss.claim;
	strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime_r(&t, &tm));
	return buf_addf(b, "; %s may be claimed against from %s",
	    s->hdr.player[ss.accused].seat, when);
}

static int
describe(struct cmd_ctx *c, struct entry *en)
{
	static struct save s;
	struct rules_await aw;
	struct buf b = { 0 };
	struct err e;
	char since[32], iso[32], what[512];
	struct tm tm;
	int mine = -1, rc, bad = 0, started, owed, answers;
	json_t *seats;

	err_clear(&e);
	memset(&aw, 0, sizeof aw);
	save_init(&s, en->path);
	if (save_load(&s, en->path, NULL, &e) != 0) {
		rc = game_report(&e, 0);
		save_release(&s);
		return rc;
	}
	started = save_started(&s);
	if (started && (rc = game_await(&s, en->path, &aw)) != EXIT_OK) {
		save_release(&s);
		return rc;
	}
	if (!started && save_forfeit_winner(&s) >= 0) {
		/* A withheld join or setup event lost the game. */
		aw.over = 1;
		aw.winner = save_forfeit_winner(&s);
		snprintf(aw.how, sizeof aw.how, "forfeit");
	}
	if (c->mine == -1)
		mine = save_seat_of_key(&s, c->pk);
	/* Fair chance: answers owed (joins, releases) come before turns. */
	owed = save_awaits(&s, what, sizeof what) > 0;
	answers = mine >= 0 && (save_awaited(&s) & 1u << mine);
	if (owed)
		en->group = answers ? 0 : 1;
	else
		en->group = aw.over ? 2 : aw.seat == mine ? 0 : 1;
	strftime(since, sizeof since, "%Y-%m-%d %H:%M",
	    localtime_r(&en->since, &tm));
	strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ",
	    gmtime_r(&en->since, &tm));
	bad |= buf_addf(&b, "%s: %s, %s; ", en->path, s.rules->title,
	    s.hdr.chance == SAVE_CHANCE_FAIR ? "fair chance" : "open dice");
	seats = json_array();
	for (int i = 0; i < s.hdr.nplayers; i++) {
		bad |= buf_addf(&b, "%s%s%s", i ? ", " : "seats ",
		    s.hdr.player[i].seat, i == mine ? " (you)" : "");
		json_array_append_new(seats, json_pack("{s:s, s:s}", "seat",
		    s.hdr.player[i].seat, "name", s.hdr.player[i].name));
	}
	if (!started)
		bad |= buf_addf(&b, "; not started");
	if (owed)
		bad |= buf_addf(&b, "; awaits %s: %s", answers ? "your answer "
		    "(trigon answer)" : "answers", what);
	else if (aw.over)
		bad |= buf_addf(&b, "; over: %s won (%s)", game_seat_name(&s,
		    aw.winner), aw.how);
	else if (en->group == 0)
		bad |= buf_addf(&b, "; awaits you: %s", aw.text);
	else
		bad |= buf_addf(&b, "; awaits %s: %s", game_seat_name(&s, aw.seat),
		    aw.text);
	bad |= buf_addf(&b, "; since %s", since);
	bad |= add_claim(&b, &s, en);
	if (bad)
		buf_release(&b);
	en->line = b.p;	/* ours now */
	if (c->json)
		en->json = json_pack("{s:o, s:s, s:s, s:s, s:I, s:o, s:o, "
		    "s:o, s:b, s:s}", "file", game_json_string(en->path),
		    "rules", s.hdr.rules, "title", s.rules->title,
		    "chance", save_chance_name(&s.hdr),
		    "moves", (json_int_t)s.nactions, "seats", seats,
		    "you", mine >= 0 ? json_string(s.hdr.player[mine].seat) :
		    json_null(), "await", game_await_json(&s, en->path),
		    "awaits_you", en->group == 0, "since", iso);
	else
		json_decref(seats);
	save_release(&s);
	if (en->line == NULL || (c->json && en->json == NULL)) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	return EXIT_OK;
}

/* Awaiting you first, then awaiting others, then over; the longest
 * waiting first; then by name. */
static int
compare(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	if (x->since != y->since)
		return x->since < y->since ? -1 : 1;
	return strcmp(x->path, y->path);
}

const struct cmd cmd_games = {
	.name = "games",
	.usage = "trigon games [--key KEYFILE] [--json] [FILE | DIR ...]",
	.summary = "List your games: what each awaits, from whom, since when.",
	.exec = games_exec,
	.help =
	"  FILE, DIR        save files, and directories whose *.trigon files\n"
	"                   (and their subdirectories') are games (default:\n"
	"                   [game] dir in the configuration, else the\n"
	"                   current directory; and [game] file)\n"
	"  --key KEYFILE    whose games: that key's seat is \"you\" (default:\n"
	"                   [player] key)\n"
	"  --json           one JSON array (see trigon(1))\n"
	"Games awaiting you come first, then those awaiting others, then\n"
	"those over; each group the longest waiting first.  \"since\" is the\n"
	"time the file last changed.\n",
	.flags = CMD_KEY | CMD_JSON | CMD_PERMUTE | CMD_CONFIG,
};
