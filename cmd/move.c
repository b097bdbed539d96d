/*
 * move.c -- trigon move: sign and append one or more actions of the
 * player whose key is given, all or nothing, under the file's lock
 * (the key unlocked and the file loaded and locked by cmd/prepare.c);
 * in a fair game, up to an action that opens a random event, the rest
 * named as not played.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "cmd.h"
#include "game.h"
#include "gitcmd.h"
#include "save.h"

static int is_save_file(const char *arg);
static int one_words(const struct cmd_ctx *c, int i);
static int not_turn(const struct save *s, const unsigned char *pk);
static void put_word(const char *w);
static void fput_word(const char *w, FILE *f);
static void say_not_played(const struct cmd_ctx *c, int from);
static void put_command(const struct cmd_ctx *c, const char *file,
    int from);

enum { OPT_COMMIT = 256, OPT_NO_COMMIT };

static int commit = -1;

static int
move_opt(struct cmd_ctx *c, int ch, const char *arg)
{
	(void)c;
	(void)arg;
	commit = ch == OPT_COMMIT;
	return EXIT_OK;
}

static int
move_check(struct cmd_ctx *c)
{
	if (c->argc == 0)
		return usage_error(c->cmd, "no action given");
	/* The save file given as an action (-f forgotten). */
	if (c->fopt == NULL && is_save_file(c->argv[0])) {
		if (c->argc == 1) {
			errmsg("'%s' is a save file, not an action; name it "
			    "with -f and give the action:", c->argv[0]);
			fputs("    trigon move -f ", stderr);
			put_word(c->argv[0]);
			fputs(" ACTION\n", stderr);
		} else {
			errmsg("'%s' is a save file, not an action; did you "
			    "mean:", c->argv[0]);
			fputs("    ", stderr);
			put_command(c, c->argv[0], -1);
		}
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/*
 * Operand i was refused, and it and the ones after it are single words:
 * an action given unquoted ("trigon move build knight at psor"), issue
 * 15.  A last single word ("end") alone is not.
 */
static int
one_words(const struct cmd_ctx *c, int i)
{
	if (i + 1 >= c->argc)
		return 0;
	for (; i < c->argc; i++)
		if (strchr(c->argv[i], ' ') != NULL)
			return 0;
	return 1;
}

/*
 * arg names a save file: it ends in ".trigon", or it is a regular file
 * whose first line starts "trigon-save " (trigon-save(5)).  A file that
 * merely shares an action's name ("end") is not one.
 */
static int
is_save_file(const char *arg)
{
	static const char magic[] = "trigon-save ";
	char head[sizeof magic - 1];
	size_t l = strlen(arg);
	struct stat st;
	FILE *f;
	int yes = 0;

	if (l > 7 && strcmp(arg + l - 7, ".trigon") == 0)
		return 1;
	if (stat(arg, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (f = fopen(arg, "rb")) == NULL)
		return 0;
	if (fread(head, 1, sizeof head, f) == sizeof head &&
	    memcmp(head, magic, sizeof head) == 0)
		yes = 1;
	fclose(f);
	return yes;
}

/* w as one shell word on stderr. */
static void
put_word(const char *w)
{
	fput_word(w, stderr);
}

/* w as one shell word on f: bare when plain, else in single quotes. */
static void
fput_word(const char *w, FILE *f)
{
	if (w[0] != '\0' && strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_./:=@%+,-") == strlen(w)) {
		fputs(w, f);
		return;
	}
	fputc('\'', f);
	for (; *w != '\0'; w++)
		if (*w == '\'')
			fputs("'\\''", f);
		else
			fputc(*w, f);
	fputc('\'', f);
}

/*
 * Fair chance: the actions from index from on were not played, as the
 * one before opened a random event that other seats must release
 * first (trigon-save(5)): name them, say whom they wait for, and the
 * command that plays them then.
 */
static void
say_not_played(const struct cmd_ctx *c, int from)
{
	char who[512];

	move_wait_words(c->save, who, sizeof who);
	printf("%s: not played yet:", c->path);
	for (int i = from; i < c->argc; i++) {
		putchar(' ');
		fput_word(c->argv[i], stdout);
	}
	printf(" -- %s wait%s for %s; once it has, run:\n    trigon move",
	    c->argc - from > 1 ? "they" : "it", c->argc - from > 1 ? "" : "s",
	    who);
	if (c->fopt != NULL) {
		fputs(" -f ", stdout);
		fput_word(c->fopt, stdout);
	}
	for (int i = from; i < c->argc; i++) {
		putchar(' ');
		fput_word(c->argv[i], stdout);
	}
	putchar('\n');
}

/*
 * The command line the user meant, on stderr: trigon move, -f file
 * (when not NULL) and the options given, then the operands -- each one
 * a word, but from index from on (unless -1) all as one quoted action;
 * when file is an operand (-f forgotten) the others follow it.
 */
static void
put_command(const struct cmd_ctx *c, const char *file, int from)
{
	char joined[1024];
	size_t n = 0;

	fputs("trigon move", stderr);
	if (file != NULL) {
		fputs(" -f ", stderr);
		put_word(file);
	}
	if (c->kopt != NULL) {
		fputs(" --key ", stderr);
		put_word(c->kopt);
	}
	if (c->passfile != NULL) {
		fputs(" --passphrase-file ", stderr);
		put_word(c->passfile);
	}
	if (commit >= 0)
		fputs(commit ? " --commit" : " --no-commit", stderr);
	for (int i = file == c->argv[0] ? 1 : 0; i < c->argc &&
	    (from < 0 || i < from); i++) {
		fputc(' ', stderr);
		put_word(c->argv[i]);
	}
	if (from >= 0) {
		joined[0] = '\0';
		for (int i = from; i < c->argc && n < sizeof joined; i++)
			n += (size_t)snprintf(joined + n, sizeof joined - n,
			    "%s%s", i > from ? " " : "", c->argv[i]);
		fputc(' ', stderr);
		put_word(joined);
	}
	fputc('\n', stderr);
}

/*
 * Fair chance: when the actions opened a random event whose quorum holds
 * the mover, its client releases at once, in the same write
 * (doc/fair-chance.md: the trigger's own release costs no message).  The
 * new file is the bytes read (up to the old end line), the new lines
 * and the answers merged into the open block with a new end line.
 * *done = 1 when it wrote the file; 0 when the mover owed nothing (the
 * caller appends as usual).
 */
static int
move_own_answers(struct cmd_ctx *c, struct save_buf *out, int *done);

int
move_write(struct cmd_ctx *c, struct save_buf *out)
{
	int rc, answered = 0;

	if ((rc = move_own_answers(c, out, &answered)) != EXIT_OK ||
	    answered)
		return rc;
	return game_append(c, out);
}

void
move_wait_words(const struct save *s, char *buf, size_t n)
{
	char kinds[RULES_MSG_MAX];
	unsigned mask = save_awaited(s);
	size_t k = 0;
	int total = 0, done = 0;

	for (int i = 0; i < s->hdr.nplayers; i++)
		total += (mask >> i) & 1;
	if (n > 0)
		buf[0] = '\0';
	for (int i = 0; i < s->hdr.nplayers && k < n; i++) {
		if (!(mask & 1u << i))
			continue;
		done++;
		k += (size_t)snprintf(buf + k, n - k, "%s%s's", done == 1 ?
		    "" : done == total ? " and " : ", ",
		    s->hdr.player[i].seat);
	}
	if (k >= n)
		return;
	if (save_await_kinds(s, kinds, sizeof kinds) == 0)
		snprintf(kinds, sizeof kinds, "event");
	k += (size_t)snprintf(buf + k, n - k, " client%s to ",
	    total > 1 ? "s" : "");
	if (k >= n)
		return;
	if (strcmp(kinds, "audit") == 0)
		snprintf(buf + k, n - k, "audit the game's end");
	else if (strcmp(kinds, "join") == 0)
		snprintf(buf + k, n - k, "join");
	else
		snprintf(buf + k, n - k, "release the %s", kinds);
}

static int
move_own_answers(struct cmd_ctx *c, struct save_buf *out, int *done)
{
	struct save *s = c->save;
	struct buf file = BUF_INIT, whole = BUF_INIT;
	struct atomic_file a;
	struct stat sb;
	struct err e;
	off_t keep = s->disk_body, oldsize = s->disk_len;
	char what[512];
	int rc = EXIT_OK, added = 0;

	*done = 0;
	err_clear(&e);
	if (save_awaits(s, what, sizeof what) == 0 || fstat(c->fd, &sb) < 0 ||
	    sb.st_size != oldsize)
		return EXIT_OK;
	if (buf_grow(&file, (size_t)keep + out->len) < 0) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	if (pread(c->fd, file.p, (size_t)keep, 0) != (ssize_t)keep) {
		errmsg("%s: cannot read it again", c->path);
		rc = EXIT_DAMAGED;
		goto out;
	}
	file.len = (size_t)keep;
	if (buf_add(&file, out->p, out->len) < 0) {
		errmsg("out of memory");
		rc = EXIT_DAMAGED;
		goto out;
	}
	if (save_answer(s, file.p, file.len, c->sk, &whole, &added, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	if (added == 0)
		goto out;
	if (atomic_begin(&a, c->path, sb.st_mode & 07777, &e) != 0 ||
	    atomic_write(&a, whole.p, whole.len, &e) != 0 ||
	    atomic_commit(&a, 1, c->fd, oldsize, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	*done = 1;
	game_show_written(c->save, c->path, out);
	/* The game's end awaits every seat's audit (doc/fair-chance.md, trigon-save(5));
	 * a mover answers it with its move, as it does a release. */
	printf("%s: %s %s at once (%d answer line%s)\n", c->path,
	    s->hdr.player[save_seat_of_key(s, c->pk)].seat,
	    strncmp(what, "audit", 5) == 0 ? "audited" : "released", added,
	    added == 1 ? "" : "s");
out:
	buf_release(&file);
	buf_release(&whole);
	return rc;
}

static int
move_exec(struct cmd_ctx *c)
{
	struct save *s = c->save;
	struct save_buf out = { 0 };
	struct rules_await aw;
	struct err e;
	uint64_t first = s->nactions + 1;
	int rc, i;

	err_clear(&e);
	for (i = 0; i < c->argc; i++) {
		rc = save_play(s, c->argv[i], strlen(c->argv[i]), c->sk, &out,
		    &e);
		if (rc == ERR_REFUSED) {
			if (s->rerr.hint[0] != '\0' && s->rerr.code != 0)
				errmsg("%s: refused: %s; %s", c->path, e.msg,
				    s->rerr.hint);
			else
				errmsg("%s: refused: %s", c->path, e.msg);
			if (c->argc > 1)
				errmsg("%s: nothing was written (action %d of "
				    "%d was refused)", c->path, i + 1, c->argc);
			if (not_turn(s, c->pk))
				move_sync_hint(c->path);
			else if (one_words(c, i)) {
				errmsg("%s: each argument is one action; quote "
				    "an action of several words, as in:",
				    c->path);
				fputs("    ", stderr);
				put_command(c, c->fopt, i);
			}
			rc = EXIT_REFUSED;
			goto out;
		}
		if (rc != 0) {
			rc = game_report(&e, 0);
			goto out;
		}
		/* Fair chance: an action that opens a random event is the
		   last one until its releases are in: the rest wait. */
		if (save_awaited(s) != 0) {
			i++;
			break;
		}
	}
	if ((rc = move_write(c, &out)) != EXIT_OK ||
	    (rc = game_await(s, c->path, &aw)) != EXIT_OK)
		goto out;
	game_print_next(s, c->path, &aw);
	if (i < c->argc)
		say_not_played(c, i);
	/* git: --commit or [git] commit = yes (cmd/gitcmd.c). */
	rc = move_git_commit(c->path, s, first, (const char *const *)c->argv,
	    (size_t)i, commit);
out:
	save_buf_release(&out);
	return rc;
}

/* The key's seat is in the game but may not act now ("it is not
 * purple's turn"). */
static int
not_turn(const struct save *s, const unsigned char *pk)
{
	struct rules_await aw;
	int mine = save_seat_of_key(s, pk);

	if (mine < 0 || rules_await_check(s->rules, s->game,
	    s->hdr.nplayers, &aw) != 0 || aw.over)
		return 0;
	if (aw.may_act != 0)
		return !(aw.may_act & 1u << mine);
	return aw.seat != mine;
}

static const struct option move_opts[] = {
	{ "commit", no_argument, NULL, OPT_COMMIT },
	{ "no-commit", no_argument, NULL, OPT_NO_COMMIT },
	{ NULL, 0, NULL, 0 },
};

/* trigon help move: each rule set's example orders, and where to look. */
static void
move_help_more(void *stream)
{
	FILE *f = stream;

	for (size_t i = 0; rules_table[i] != NULL; i++) {
		const char *const *ex = rules_table[i]->order_examples;

		if (ex == NULL || ex[0] == NULL)
			continue;
		fprintf(f, "\nFor example, in %s:\n", rules_table[i]->title);
		for (size_t k = 0; ex[k] != NULL; k++)
			fprintf(f, "  trigon move '%s'\n", ex[k]);
	}
	fprintf(f, "\n'trigon moves' lists the actions you may take now; 'trigon "
	    "help orders'\nexplains every order.\n");
}

const struct cmd cmd_move = {
	.name = "move",
	.usage = "trigon move [-f FILE] [--key KEYFILE] [--passphrase-file F] "
	"[--commit] ACTION...",
	.summary = "Sign and add your actions to the game, all or nothing.",
	.exec = move_exec,
	.help =
	"  -f, --file FILE         the save file (default: [game] file in the\n"
	"                          configuration, else ./game.trigon)\n"
	"  --key KEYFILE           your secret key (default: [player] key)\n"
	"  --passphrase-file F     the key's passphrase from F's first line\n"
	"  --commit, --no-commit   commit the file to git after the move (or\n"
	"                          not), whatever [git] commit says\n"
	"  ACTION                  one action in the order language per\n"
	"                          argument (quote it), applied in order\n",
	.help_more = move_help_more,
	.flags = CMD_FILE | CMD_KEY | CMD_PASSFILE | CMD_SECRET | CMD_LOAD |
	    CMD_LOCK,
	.opts = move_opts,
	.opt = move_opt,
	.check = move_check,
};
