/*
 * mail.c -- trigon mail: print an RFC 5322 message carrying the save
 * file's new lines in an armoured block (lib/mail.c), with a short
 * report and the board, ready for "| sendmail -t".
 */
#define _GNU_SOURCE 1		/* open_memstream */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <sodium.h>

#include "buf.h"
#include "cmd.h"
#include "conf.h"
#include "game.h"
#include "keys.h"
#include "mail.h"
#include "mailcmd.h"
#include "num.h"
#include "savecheck.h"

enum { OPT_SINCE = 256, OPT_TO, OPT_SEND, OPT_ATTACH_SVG };

#define SENDMAIL_DEFAULT "/usr/sbin/sendmail"

static void subject_by(char *by, size_t n, const struct savecheck_map *m,
    const struct save *s, uint64_t since);
static void add_board(FILE *f, const struct save *s);
static int send_mail(const char *prog, const char *msg);
static void add_deadline(FILE *f, const struct save *s, const char *path);

static struct mail_how how;

static int
mail_opt(struct cmd_ctx *ctx, int ch, const char *arg)
{
	switch (ch) {
	case OPT_SINCE:
		if (num_u64(arg, strlen(arg), 0, UINT64_MAX, 0, &how.since) !=
		    0)
			return usage_error(ctx->cmd, "bad --since '%s': a move "
			    "number, 0 for the whole file", arg);
		how.have_since = 1;
		return EXIT_OK;
	case OPT_SEND:
		how.send = 1;
		return EXIT_OK;
	case OPT_ATTACH_SVG:
		how.svg = 1;
		return EXIT_OK;
	default:
		if (how.nto == RULES_MAX_SEATS)
			return usage_error(ctx->cmd, "too many --to");
		how.to[how.nto++] = arg;
		return EXIT_OK;
	}
}

static int
mail_exec(struct cmd_ctx *ctx)
{
	return mail_make(ctx, &how);
}

/* One mail on its way: what mail_make's steps read and fill in. */
struct mail_job {
	const char *path;
	const struct mail_how *o;
	const struct config *cf;
	char *buf;			/* the save file */
	size_t len;
	struct savecheck_map m;
	struct save s;
	int me;				/* the seat writing, or -1 */
	uint64_t since;
	struct save_buf payload, armour;
	char id6[7], idhex[33];
	char subject[1024], range[64], next[RULES_MSG_MAX + 64];
	char msgid[512];
	char *text;			/* the words around the block */
	size_t tlen;
	char *svgbuf, svgname[64];
	size_t svglen;
	struct mail_compose c;
	struct err e;
};

/* Who writes, from which move, and the armoured block of the lines
 * since then. */
static int
mail_block(struct cmd_ctx *ctx, struct mail_job *j)
{
	const struct mail_how *o = j->o;
	size_t base;
	int rc;

	/* Who is writing: the key's player, else the last to move; for
	 * trigon answer --answer-key, the seat of that key (ctx->pk). */
	if (game_answer_key != NULL)
		j->me = save_seat_of_key(&j->s, ctx->pk);
	else if ((rc = cmd_asker(ctx, 1)) != EXIT_OK)
		return rc;
	else if (ctx->mine == -1)
		j->me = save_seat_of_key(&j->s, ctx->pk);
	if (j->me < 0)
		j->me = j->s.last_seat;
	if (o->have_since) {
		if (o->since > j->s.nactions)
			return usage_error(&cmd_mail, "--since %llu: '%s' has "
			    "only %llu moves", (unsigned long long)o->since,
			    j->path, (unsigned long long)j->s.nactions);
		j->since = o->since;
	} else {
		mail_default_since(&j->m, j->me, &j->since);
	}
	if (mail_base_of(&j->m, j->since, &base) != 0)
		return usage_error(&cmd_mail, "no move %llu in '%s'",
		    (unsigned long long)j->since, j->path);
	if (mail_block_build(&j->payload, &j->s, j->buf, j->len, base,
	    j->since, &j->e) != 0 || mail_armour(&j->armour, j->payload.p,
	    j->payload.len, &j->e) != 0)
		return game_report(&j->e, 0);
	return EXIT_OK;
}

/* The subject: the game, the moves, who made them, what comes next. */
static int
mail_subject(struct mail_job *j)
{
	const struct save *s = &j->s;
	char by[RULES_MAX_SEATS * 64];
	char fair[RULES_MAX_SEATS * 64], awaited[RULES_MAX_SEATS * 48];
	struct rules_await aw;
	int rc, n;

	sodium_bin2hex(j->id6, sizeof j->id6, s->hdr.game_id, 3);
	sodium_bin2hex(j->idhex, sizeof j->idhex, s->hdr.game_id,
	    SAVE_GAME_ID_BYTES);
	if (!save_started(s))	/* fair chance: the seats still join */
		snprintf(j->next, sizeof j->next, "next: the game starts "
		    "once every seat has joined");
	else if ((rc = game_await(s, j->path, &aw)) != EXIT_OK)
		return rc;
	else if (aw.over)
		snprintf(j->next, sizeof j->next, "game over: %s won (%s)",
		    game_seat_name(s, aw.winner), aw.how);
	else
		snprintf(j->next, sizeof j->next, "next: %s", aw.text[0] ?
		    aw.text : game_seat_name(s, aw.seat));
	if (j->since >= s->nactions)
		snprintf(j->range, sizeof j->range, "no new moves");
	else if (j->since + 1 == s->nactions)
		snprintf(j->range, sizeof j->range, "move %llu",
		    (unsigned long long)s->nactions);
	else
		snprintf(j->range, sizeof j->range, "moves %llu-%llu",
		    (unsigned long long)j->since + 1,
		    (unsigned long long)s->nactions);
	subject_by(by, sizeof by, &j->m, s, j->since);
	/* Fair chance: the subject says so, and whose client must answer
	 * ("; awaits answers from purple"), before whose turn it is. */
	fair[0] = '\0';
	if (s->hdr.chance == SAVE_CHANCE_FAIR) {
		game_awaited_subject(s, j->path, awaited, sizeof awaited);
		snprintf(fair, sizeof fair, "; fair chance%s", awaited);
	}
	if (s->nactions == 0)
		n = snprintf(j->subject, sizeof j->subject, "[trigon %s] a new "
		    "game%s; %s", j->id6, fair, j->next);
	else
		n = snprintf(j->subject, sizeof j->subject,
		    "[trigon %s] %s%s%s; %s", j->id6, j->range, by, fair,
		    j->next);
	if (n >= (int)sizeof j->subject)
		/* A subject never needs 1 KiB; if it is cut, it says so. */
		memcpy(j->subject + sizeof j->subject - 4, "...", 4);
	return EXIT_OK;
}

/* The text: the moves, what comes next, the board, the signed block. */
static int
mail_text(struct mail_job *j)
{
	struct save *s = &j->s;
	FILE *f;

	if ((f = open_memstream(&j->text, &j->tlen)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	fprintf(f, "%s, game %s (%s)\n\n", s->rules->title, j->idhex,
	    j->path);
	if (j->since == 0) {
		fprintf(f, "Players:");
		for (int i = 0; i < s->hdr.nplayers; i++)
			fprintf(f, "%s %s (%s)", i ? "," : "",
			    s->hdr.player[i].seat, s->hdr.player[i].name);
		fprintf(f, "\nThis mail carries the whole game file.\n");
	}
	if (j->since < s->nactions) {
		fprintf(f, "%c%s:\n", j->range[0] - 'a' + 'A', j->range + 1);
		for (size_t i = j->since; i < j->m.n; i++)
			fprintf(f, "  %llu %s %s\n",
			    (unsigned long long)j->m.a[i].seq,
			    s->hdr.player[j->m.a[i].seat].seat, j->m.a[i].text);
	}
	fprintf(f, "%c%s.\n\n", j->next[0] - 'a' + 'A', j->next + 1);
	/* The board as trigon board --ascii draws it: the chance mode, and
	 * what a fair game awaits, under it. */
	if (save_started(s))
		add_board(f, s);
	game_print_chance(s, j->path, f, 1);
	add_deadline(f, s, j->path);
	if (j->o->svg && save_started(s))
		fprintf(f, "\nThe board is attached as a picture, "
		    "trigon-%s.svg.\n", j->id6);
	fprintf(f, "\nThe signed lines follow.  To add them to your copy of "
	    "the game, save\nthis mail and run 'trigon apply -f FILE MAIL' "
	    "(or pipe the mail into\n'trigon apply -f FILE').\n\n");
	fwrite(j->armour.p, 1, j->armour.len, f);
	if (fclose(f) != 0) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	return EXIT_OK;
}

/* From and To: the configuration, --to, else the other players. */
static int
mail_addresses(struct mail_job *j)
{
	const struct config *cf = j->cf;
	const struct save *s = &j->s;
	const struct mail_how *o = j->o;
	struct mail_compose *c = &j->c;
	int me = j->me;

	c->from_name = cf->name[0] ? cf->name : me >= 0 ?
	    s->hdr.player[me].name : "trigon";
	c->from_addr = cf->mail_from[0] ? cf->mail_from : cf->email[0] ?
	    cf->email : me >= 0 ? s->hdr.player[me].email : "";
	if (c->from_addr[0] == '\0') {
		errmsg("%s: no e-mail address to send from: the save file has "
		    "none for %s; set [player] email or [mail] from in the "
		    "configuration", j->path, me >= 0 ?
		    s->hdr.player[me].seat : "you");
		return EXIT_USAGE;
	}
	if (o->nto > 0) {
		for (int i = 0; i < o->nto; i++) {
			c->to_name[c->nto] = "";
			c->to_addr[c->nto++] = o->to[i];
		}
	} else if (cf->mail_to[0] != '\0') {
		c->to_name[c->nto] = "";
		c->to_addr[c->nto++] = cf->mail_to;
	} else {
		for (int i = 0; i < s->hdr.nplayers; i++) {
			if (i == me || s->hdr.player[i].email[0] == '\0')
				continue;
			c->to_name[c->nto] = s->hdr.player[i].name;
			c->to_addr[c->nto++] = s->hdr.player[i].email;
		}
	}
	if (c->nto == 0) {
		errmsg("%s: nobody to send to: the other players have no "
		    "e-mail address in the save file; use --to or [mail] to",
		    j->path);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* The date (SOURCE_DATE_EPOCH when set), the Message-ID from the
 * block's hash, and the board as an SVG attachment when asked. */
static int
mail_headers(struct mail_job *j)
{
	const char *env = getenv("SOURCE_DATE_EPOCH"), *dom;
	struct mail_compose *c = &j->c;
	unsigned char h[4];
	int64_t sde;

	c->date = env != NULL && num_i64(env, strlen(env), 0, INT64_MAX,
	    0, &sde) == 0 ? (long long)sde : (long long)time(NULL);
	crypto_generichash(h, sizeof h, (unsigned char *)j->payload.p,
	    j->payload.len, NULL, 0);
	dom = strrchr(c->from_addr, '@');
	snprintf(j->msgid, sizeof j->msgid,
	    "trigon.%s.%llu-%llu.%02x%02x%02x%02x@%s", j->id6,
	    (unsigned long long)j->since, (unsigned long long)j->s.nactions,
	    h[0], h[1], h[2], h[3], dom ? dom + 1 : "trigon.invalid");
	c->msgid = j->msgid;
	if (j->o->svg && save_started(&j->s)) {
		FILE *p = open_memstream(&j->svgbuf, &j->svglen);
		int bad = p == NULL;

		if (p != NULL) {
			bad = j->s.rules->describe(j->s.game, RULES_VIEW_BOARD,
			    -1, RULES_VF_SVG, p) != 0;
			bad |= fclose(p) != 0;
		}
		if (bad) {
			errmsg("%s: cannot draw the board as a picture",
			    j->path);
			return EXIT_DAMAGED;
		}
		snprintf(j->svgname, sizeof j->svgname, "trigon-%s.svg",
		    j->id6);
		c->attach = j->svgbuf;
		c->attach_len = j->svglen;
		c->attach_type = "image/svg+xml";
		c->attach_name = j->svgname;
	}
	return EXIT_OK;
}

/* Compose the message; send it (--send) or print it. */
static int
mail_deliver(struct mail_job *j)
{
	char *msg = NULL;
	int rc;

	mail_init();
	if (mail_compose(&msg, &j->c, &j->e) != 0) {
		mail_shutdown();
		return game_report(&j->e, 0);
	}
	mail_shutdown();
	if (j->o->send) {
		char to[RULES_MAX_SEATS * (CONFIG_STR_MAX + 1)];
		size_t k = 0;

		rc = send_mail(j->cf->mail_sendmail[0] ?
		    j->cf->mail_sendmail : SENDMAIL_DEFAULT, msg);
		to[0] = '\0';
		for (int i = 0; i < j->c.nto && k < sizeof to; i++)
			k += (size_t)snprintf(to + k, sizeof to - k, " %s",
			    j->c.to_addr[i]);
		if (rc == EXIT_OK)
			cmd_say("%s: sent %s to%s", j->path, j->since == 0 ?
			    "the whole game" : j->range, to);
		free(msg);
		return rc;
	}
	fputs(msg, stdout);
	free(msg);
	return EXIT_OK;
}

int
mail_make(struct cmd_ctx *ctx, const struct mail_how *o)
{
	struct mail_job *j;
	struct buf fb = BUF_INIT;
	int rc;

	if ((j = calloc(1, sizeof *j)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	j->path = ctx->path;
	j->o = o;
	j->cf = ctx->conf;
	j->me = -1;
	err_clear(&j->e);
	if (buf_read_file(&fb, j->path, SIZE_MAX, &j->e) != 0) {
		buf_release(&fb);
		rc = game_report(&j->e, 0);
		free(j);
		return rc;
	}
	j->buf = fb.p;
	j->len = fb.len;
	if (savecheck_map(&j->m, &j->s, j->path, j->buf, j->len, &j->e) != 0)
		rc = game_report(&j->e, 0);
	else if ((rc = mail_block(ctx, j)) == EXIT_OK &&
	    (rc = mail_subject(j)) == EXIT_OK &&
	    (rc = mail_text(j)) == EXIT_OK &&
	    (rc = mail_addresses(j)) == EXIT_OK &&
	    (rc = mail_headers(j)) == EXIT_OK) {
		j->c.subject = j->subject;
		j->c.text = j->text;
		rc = mail_deliver(j);
	}
	free(j->svgbuf);
	free(j->text);
	free(j->buf);
	save_buf_release(&j->payload);
	save_buf_release(&j->armour);
	savecheck_map_release(&j->m);
	save_release(&j->s);
	free(j);
	return rc;
}

/* Pipe msg into "PROGRAM -t" (PROGRAM may carry options: it is run
 * by the shell, as [mail] sendmail is the user's own setting). */
static int
send_mail(const char *prog, const char *msg)
{
	char cmd[CONFIG_PATH_MAX + 8];
	FILE *p;
	int st;

	snprintf(cmd, sizeof cmd, "%s -t", prog);
	fflush(stdout);
	if ((p = popen(cmd, "w")) == NULL) {
		errmsg("cannot run '%s': %s", cmd, strerror(errno));
		return EXIT_DAMAGED;
	}
	fputs(msg, p);
	st = pclose(p);
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		errmsg("'%s' failed (%s %d); the mail was not sent", cmd,
		    st != -1 && WIFEXITED(st) ? "exit status" : "status",
		    st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : st);
		return EXIT_DAMAGED;
	}
	return EXIT_OK;
}

/*
 * When the seat awaited may be claimed against, under the board, when
 * game_print_chance has not said it (a move awaited), and a reminder
 * once that date is near: within a quarter of the deadline, or past
 * (trigon-save(5), Deadlines and forfeit).
 */
static void
add_deadline(FILE *f, const struct save *s, const char *path)
{
	struct save_since ss;
	char what[512], since[512];
	time_t t;
	struct tm tm;
	struct stat sb;

	if (save_awaits(s, what, sizeof what) == 0 &&
	    game_await_since(s, path, 1, since, sizeof since) == 0)
		fprintf(f, "%s\n", since);
	if (save_await_since(s, stat(path, &sb) == 0 ?
	    (int64_t)sb.st_mtime : 0, &ss) != 0 || ss.accused < 0 ||
	    save_clock() < ss.claim - s->hdr.deadline / 4)
		return;
	t = (time_t)ss.claim;
	strftime(since, sizeof since, "%Y-%m-%d %H:%M UTC", gmtime_r(&t, &tm));
	fprintf(f, "\nReminder to %s: the deadline is near.  A %s may be "
	    "claimed against\n%s from %s (trigon claim).\n",
	    s->hdr.player[ss.accused].seat, ss.forfeit ? "forfeit" :
	    "timeout", s->hdr.player[ss.accused].seat, since);
}

/* A board an ordinary mail reader shows without wrapping lines. */
#define MAIL_BOARD_COLUMNS 76

static void
add_board(FILE *f, const struct save *s)
{
	if (s->rules->describe(s->game, RULES_VIEW_BOARD, -1, RULES_VF_ASCII |
	    RULES_VF_WIDTH(MAIL_BOARD_COLUMNS), f) != 0)
		s->rules->describe(s->game, RULES_VIEW_STATUS, -1, 0, f);
}

/* " by green and purple": every seat that made one of the moves after
 * since, in the order of their first move there ("" when none). */
static void
subject_by(char *by, size_t n, const struct savecheck_map *m,
    const struct save *s, uint64_t since)
{
	int seen[RULES_MAX_SEATS] = { 0 }, order[RULES_MAX_SEATS], k = 0;
	size_t o = 0;

	for (size_t i = since; i < m->n; i++) {
		int seat = m->a[i].seat;

		if (seat >= 0 && seat < RULES_MAX_SEATS && !seen[seat]) {
			seen[seat] = 1;
			order[k++] = seat;
		}
	}
	by[0] = '\0';
	for (int i = 0; i < k && o < n; i++)
		o += (size_t)snprintf(by + o, n - o, "%s%s",
		    i == 0 ? " by " : i == k - 1 ? " and " : ", ",
		    s->hdr.player[order[i]].seat);
}

static const struct option mail_opts[] = {
	{ "since", required_argument, NULL, OPT_SINCE },
	{ "to", required_argument, NULL, OPT_TO },
	{ "send", no_argument, NULL, OPT_SEND },
	{ "attach-svg", no_argument, NULL, OPT_ATTACH_SVG },
	{ NULL, 0, NULL, 0 },
};

const struct cmd cmd_mail = {
	.name = "mail",
	.usage = "trigon mail [-f FILE] [--since N] [--key KEYFILE] [--to ADDR]... "
	"[--send] [--attach-svg]",
	.summary = "Print a mail carrying your new moves, for '| sendmail -t'.",
	.exec = mail_exec,
	.help =
	"  -f, --file FILE   the save file\n"
	"  --since N         send the lines after move N (0: the whole file;\n"
	"                    default: after the last move of another player\n"
	"                    before your own last moves)\n"
	"  --key KEYFILE     whose moves are yours (default: [player] key;\n"
	"                    else the last player to move)\n"
	"  --to ADDR         the recipient (default: [mail] to, else the\n"
	"                    other players' addresses in the save file)\n"
	"  --send            send it with '[mail] sendmail -t' (default\n"
	"                    " SENDMAIL_DEFAULT ") instead of printing it\n"
	"  --attach-svg      attach the board as a picture (image/svg+xml)\n",
	.flags = CMD_FILE | CMD_KEY | CMD_PERMUTE | CMD_CONFIG,
	.opts = mail_opts,
	.opt = mail_opt,
	.check = game_no_operands,
};
