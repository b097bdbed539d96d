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
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "fair.h"
#include "game.h"
#include "save.h"
#include "savecheck.h"

#define VERIFY_DIFFS 16

static int
verify_check(struct cmd_ctx *c)
{
	if (c->argc > 2 || (c->fopt != NULL && c->argc > 0))
		return usage_error(c->cmd, "too many arguments");
	if (c->argc == 2 && c->json)
		return usage_error(c->cmd, "--json reads one file");
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
verify_one(struct cmd_ctx *c, struct save *s, const char *path)
{
	struct rules_await aw;
	char tail[512], what[512], date[FAIR_DATE_LEN + 1];
	int64_t until;
	struct err e;
	unsigned known;
	int waits;
	long round;
	int rc;

	err_clear(&e);
	save_init(s, path);
	if (save_load(s, path, NULL, &e) != 0 ||
	    save_replay_known(s, path, &known, &e) != 0) {
		rc = game_report(&e, 1);
		if (c->json)
			game_print_json(json_pack("{s:o, s:b, s:i, s:o}",
			    "file", game_json_string(path), "ok", 0,
			    "line", e.line, "error", game_json_string(e.msg)));
		return rc;
	}
	waits = save_awaits(s, what, sizeof what);
	if (!save_started(s)) {
		if (c->json) {
			rc = game_print_json(json_pack("{s:o, s:b, s:s, s:I, "
			    "s:i, s:n, s:o}", "file",
			    game_json_string(path), "ok", 1, "chance",
			    save_chance_name(&s->hdr), "moves", (json_int_t)0,
			    "players", s->hdr.nplayers, "round", "await",
			    game_await_json(s, path)));
			if (rc != EXIT_OK)
				return rc;
			return save_forfeit_winner(s) >= 0 ? EXIT_OK :
			    EXIT_INCOMPLETE;
		}
		if (save_forfeit_winner(s) >= 0) {
			/* Over before it started: whole as it is. */
			save_forfeit(s, tail, sizeof tail);
			printf("%s: ok: not started, by %d players; over: "
			    "%s; %s won (forfeit)\n", path,
			    s->hdr.nplayers, tail,
			    game_seat_name(s, save_forfeit_winner(s)));
			printf("%s: %s\n", path, save_chance_text(&s->hdr));
			return EXIT_OK;
		}
		if (save_forfeit(s, tail, sizeof tail) >= 0) {
			printf("%s: ok so far: not started, by %d players; "
			    "%s\n", path, s->hdr.nplayers, tail);
			printf("%s: %s\n", path, save_chance_text(&s->hdr));
			return EXIT_INCOMPLETE;
		}
		printf("%s: ok so far: not started, by %d players; incomplete: "
		    "awaits %s\n", path, s->hdr.nplayers, what);
		printf("%s: %s\n", path, save_chance_text(&s->hdr));
		return EXIT_INCOMPLETE;
	}
	if ((rc = game_await(s, path, &aw)) != EXIT_OK)
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
		    "s:I, s:i, s:I, s:o}", "file", game_json_string(path), "ok", 1,
		    "chance", save_chance_name(&s->hdr),
		    "moves", (json_int_t)s->nactions, "players",
		    s->hdr.nplayers, "round", (json_int_t)round, "await",
		    game_await_json(s, path)), s));
		return rc == EXIT_OK && waits > 0 ? EXIT_INCOMPLETE : rc;
	}
	printf("%s: ok: %llu move%s by %d players", path,
	    (unsigned long long)s->nactions, s->nactions == 1 ? "" : "s",
	    s->hdr.nplayers);
	if (round >= 0)
		printf(", %s %ld", rules_round_name(s->rules), round);
	printf(", %s\n", tail);
	if (save_forfeit(s, tail, sizeof tail) >= 0)
		printf("%s: forfeit: %s\n", path, tail);
	if (waits > 0)
		printf("%s: incomplete: awaits %s\n", path, what);
	if (save_audited(s))
		printf("%s: fully audited: every seat's secret matches its "
		    "join and every value it released\n", path);
	if (save_audited(s) && s->hdr.hands == SAVE_HANDS_SEALED)
		printf("%s: replayed with every card known: the same game, "
		    "%u sealed card%s dealt read face up\n", path, known,
		    known == 1 ? "" : "s");
	printf("%s: %s\n", path, save_chance_text(&s->hdr));
	/* Good so far, but not whole: its own status (trigon(1)). */
	return waits > 0 || until > 0 ? EXIT_INCOMPLETE : EXIT_OK;
}

/* A difference of two copies, on stderr: the line one copy lacks, or
 * the two moves at one place. */
static void
say_diff(const struct savecheck_diff *d, const char *const path[2])
{
	const char *has = path[d->holder], *lacks = path[!d->holder];
	char block[32];

	if (d->kind == SAVECHECK_FORK) {
		errmsg("%s:%d: error: two moves %llu: '%s' here and another "
		    "at %s:%d: %s signed two different moves at one place",
		    has, d->line, (unsigned long long)d->move, d->text, lacks,
		    d->other, d->seat);
		return;
	}
	if (d->move > 0)
		snprintf(block, sizeof block, "move %llu",
		    (unsigned long long)d->move);
	else
		snprintf(block, sizeof block, "the joins");
	errmsg("%s:%d: error: %s's signed line '%s' is missing from %s, "
	    "which holds its block (%s) and was sealed without it by %s "
	    "(%s:%d): dropped, and the file sealed again", has, d->line,
	    d->seat, d->text, lacks, block, d->sealer[0] != '\0' ?
	    d->sealer : "its end line", lacks, d->other);
}

/* 1 when a and b hold the same header, up to its "start" line. */
static int
same_header(const struct buf *a, const struct buf *b)
{
	size_t n = 0;

	while (n < a->len && n < b->len && a->p[n] == b->p[n]) {
		if (n >= 6 && memcmp(a->p + n - 6, "\nstart", 6) == 0 &&
		    a->p[n] == '\n')
			return 1;
		n++;
	}
	return 0;
}

/*
 * trigon verify A B: each copy as alone, then, when both read and hold
 * one game, the signed lines one holds and the other dropped
 * (trigon-save(5), Deadlines and forfeit).
 */
static int
verify_two(struct cmd_ctx *c, const char *other)
{
	const char *path[2] = { c->path, other };
	struct buf a = BUF_INIT, b = BUF_INIT;
	struct savecheck_diff d[VERIFY_DIFFS];
	struct save *t;
	struct err e;
	size_t n = 0;
	int behind = 0, ra, rb, rc;

	if ((t = malloc(sizeof *t)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	ra = verify_one(c, c->save, path[0]);
	rb = verify_one(c, t, path[1]);
	err_clear(&e);
	if ((ra != EXIT_OK && ra != EXIT_INCOMPLETE) ||
	    (rb != EXIT_OK && rb != EXIT_INCOMPLETE)) {
		rc = ra != EXIT_OK && ra != EXIT_INCOMPLETE ? ra : rb;
	} else if (buf_read_file(&a, path[0], SIZE_MAX / 4, &e) != 0 ||
	    buf_read_file(&b, path[1], SIZE_MAX / 4, &e) != 0) {
		rc = game_report(&e, 0);
	} else if (!same_header(&a, &b)) {
		errmsg("'%s' and '%s' are not copies of one game (their headers "
		    "differ)", path[0], path[1]);
		rc = EXIT_REFUSED;
	} else if (savecheck_compare(a.p, a.len, b.p, b.len, d, VERIFY_DIFFS, &n,
	    &behind, &e) != 0) {
		rc = game_report(&e, 0);
	} else {
		for (size_t i = 0; i < n && i < VERIFY_DIFFS; i++)
			say_diff(&d[i], path);
		if (n > 0)
			printf("%s, %s: copies of one game; %zu signed line%s "
			    "dropped or forked\n", path[0], path[1], n,
			    n == 1 ? "" : "s");
		else if (behind == 1 || behind == 2)
			printf("%s, %s: copies of one game; %s is behind %s: "
			    "it lacks lines that follow its own\n", path[0],
			    path[1], path[2 - behind], path[behind - 1]);
		else
			printf("%s, %s: copies of one game; neither dropped a "
			    "signed line of the other\n", path[0], path[1]);
		rc = n > 0 ? EXIT_REFUSED : ra != EXIT_OK ? ra : rb;
	}
	buf_release(&a);
	buf_release(&b);
	save_release(t);
	free(t);
	return rc;
}

static int
verify_exec(struct cmd_ctx *c)
{
	if (c->argc == 2)
		return verify_two(c, c->argv[1]);
	return verify_one(c, c->save, c->path);
}

const struct cmd cmd_verify = {
	.name = "verify",
	.usage = "trigon verify [--json] [FILE] | trigon verify FILE OTHER",
	.summary = "Replay a save file and check every signature, turn and rule.",
	.exec = verify_exec,
	.help =
	"  FILE    the save file (default as for trigon move; -f FILE too)\n"
	"  OTHER   another copy of the same game: name every signed line\n"
	"          one copy dropped and the seat that sealed it again\n"
	"  --json  one JSON object (see trigon(1))\n",
	.flags = CMD_FILE | CMD_JSON | CMD_PERMUTE,
	.check = verify_check,
};
