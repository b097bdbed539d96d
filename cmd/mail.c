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

int
mail_make(struct cmd_ctx *ctx, const struct mail_how *o)
{
	char id6[7], idhex[33];
	char subject[1024], range[64], next[RULES_MSG_MAX + 64], msgid[512];
	char by[RULES_MAX_SEATS * 64];
	char fair[RULES_MAX_SEATS * 64], awaited[RULES_MAX_SEATS * 48];
	char *buf = NULL, *text = NULL, *msg = NULL;
	const char *path = ctx->path;
	const char *from_addr, *from_name, *dom, *env;
	unsigned char h[4];
	int me = -1, rc = EXIT_OK, n;
	char *svgbuf = NULL, svgname[64];
	size_t len, tlen = 0, base, svglen = 0;
	uint64_t since;
	struct savecheck_map m;
	struct save s;
	struct save_buf payload = { 0 }, armour = { 0 };
	struct mail_compose c;
	struct rules_await aw;
	const struct config *cf = ctx->conf;
	struct err e;
	FILE *f;

	err_clear(&e);
	{
		struct buf fb = BUF_INIT;

		if (buf_read_file(&fb, path, SIZE_MAX, &e) != 0) {
			buf_release(&fb);
			return game_report(&e, 0);
		}
		buf = fb.p;
		len = fb.len;
	}
	if (savecheck_map(&m, &s, path, buf, len, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}
	/* Who is writing: the key's player, else the last to move; for
	 * trigon answer --answer-key, the seat of that key (ctx->pk). */
	if (game_answer_key != NULL)
		me = save_seat_of_key(&s, ctx->pk);
	else if ((rc = cmd_asker(ctx, 1)) != EXIT_OK)
		goto out;
	else if (ctx->mine == -1)
		me = save_seat_of_key(&s, ctx->pk);
	if (me < 0)
		me = s.last_seat;
	if (o->have_since) {
		if (o->since > s.nactions) {
			rc = usage_error(&cmd_mail, "--since %llu: '%s' has "
			    "only %llu moves", (unsigned long long)o->since, path,
			    (unsigned long long)s.nactions);
			goto out;
		}
		since = o->since;
	} else {
		mail_default_since(&m, me, &since);
	}
	if (mail_base_of(&m, since, &base) != 0) {
		rc = usage_error(&cmd_mail, "no move %llu in '%s'",
		    (unsigned long long)since, path);
		goto out;
	}
	if (mail_block_build(&payload, &s, buf, len, base, since, &e) != 0 ||
	    mail_armour(&armour, payload.p, payload.len, &e) != 0) {
		rc = game_report(&e, 0);
		goto out;
	}

	/* The words around it. */
	sodium_bin2hex(id6, sizeof id6, s.hdr.game_id, 3);
	sodium_bin2hex(idhex, sizeof idhex, s.hdr.game_id, SAVE_GAME_ID_BYTES);
	if (!save_started(&s))	/* fair chance: the seats still join */
		snprintf(next, sizeof next, "next: the game starts once every "
		    "seat has joined");
	else if ((rc = game_await(&s, path, &aw)) != EXIT_OK)
		goto out;
	else if (aw.over)
		snprintf(next, sizeof next, "game over: %s won (%s)",
		    game_seat_name(&s, aw.winner),
		    aw.how);
	else
		snprintf(next, sizeof next, "next: %s", aw.text[0] ? aw.text :
		    game_seat_name(&s, aw.seat));
	if (since >= s.nactions)
		snprintf(range, sizeof range, "no new moves");
	else if (since + 1 == s.nactions)
		snprintf(range, sizeof range, "move %llu",
		    (unsigned long long)s.nactions);
	else
		snprintf(range, sizeof range, "moves %llu-%llu",
		    (unsigned long long)since + 1,
		    (unsigned long long)s.nactions);
	subject_by(by, sizeof by, &m, &s, since);
	/* Fair chance: the subject says so, and whose client must answer
	 * ("; awaits answers from purple"), before whose turn it is. */
	fair[0] = '\0';
	if (s.hdr.chance == SAVE_CHANCE_FAIR) {
		game_awaited_subject(&s, path, awaited, sizeof awaited);
		snprintf(fair, sizeof fair, "; fair chance%s", awaited);
	}
	if (s.nactions == 0)
		n = snprintf(subject, sizeof subject, "[trigon %s] a new "
		    "game%s; %s", id6, fair, next);
	else
		n = snprintf(subject, sizeof subject, "[trigon %s] %s%s%s; %s",
		    id6, range, by, fair, next);
	if (n >= (int)sizeof subject)
		/* A subject never needs 1 KiB; if it is cut, it says so. */
		memcpy(subject + sizeof subject - 4, "...", 4);
	if ((f = open_memstream(&text, &tlen)) == NULL) {
		errmsg("out of memory");
		rc = EXIT_DAMAGED;
		goto out;
	}
	fprintf(f, "%s, game %s (%s)\n\n", s.rules->title, idhex, path);
	if (since == 0) {
		fprintf(f, "Players:");
		for (int i = 0; i < s.hdr.nplayers; i++)
			fprintf(f, "%s %s (%s)", i ? "," : "",
			    s.hdr.player[i].seat, s.hdr.player[i].name);
		fprintf(f, "\nThis mail carries the whole game file.\n");
	}
	if (since < s.nactions) {
		fprintf(f, "%c%s:\n", range[0] - 'a' + 'A', range + 1);
		for (size_t i = since; i < m.n; i++)
			fprintf(f, "  %llu %s %s\n",
			    (unsigned long long)m.a[i].seq,
			    s.hdr.player[m.a[i].seat].seat, m.a[i].text);
	}
	fprintf(f, "%c%s.\n\n", next[0] - 'a' + 'A', next + 1);
	/* The board as trigon board --ascii draws it: the chance mode, and
	 * what a fair game awaits, under it. */
	if (save_started(&s))
		add_board(f, &s);
	game_print_chance(&s, path, f, 1);
	add_deadline(f, &s, path);
	if (o->svg && save_started(&s))
		fprintf(f, "\nThe board is attached as a picture, "
		    "trigon-%s.svg.\n", id6);
	fprintf(f, "\nThe signed lines follow.  To add them to your copy of "
	    "the game, save\nthis mail and run 'trigon apply -f FILE MAIL' "
	    "(or pipe the mail into\n'trigon apply -f FILE').\n\n");
	fwrite(armour.p, 1, armour.len, f);
	if (fclose(f) != 0) {
		errmsg("out of memory");
		rc = EXIT_DAMAGED;
		goto out;
	}

	/* From, To. */
	memset(&c, 0, sizeof c);
	from_name = cf->name[0] ? cf->name : me >= 0 ? s.hdr.player[me].name :
	    "trigon";
	from_addr = cf->mail_from[0] ? cf->mail_from : cf->email[0] ? cf->email :
	    me >= 0 ? s.hdr.player[me].email : "";
	if (from_addr[0] == '\0') {
		errmsg("%s: no e-mail address to send from: the save file has "
		    "none for %s; set [player] email or [mail] from in the "
		    "configuration", path, me >= 0 ? s.hdr.player[me].seat :
		    "you");
		rc = EXIT_USAGE;
		goto out;
	}
	c.from_name = from_name;
	c.from_addr = from_addr;
	if (o->nto > 0) {
		for (int i = 0; i < o->nto; i++) {
			c.to_name[c.nto] = "";
			c.to_addr[c.nto++] = o->to[i];
		}
	} else if (cf->mail_to[0] != '\0') {
		c.to_name[c.nto] = "";
		c.to_addr[c.nto++] = cf->mail_to;
	} else {
		for (int i = 0; i < s.hdr.nplayers; i++) {
			if (i == me || s.hdr.player[i].email[0] == '\0')
				continue;
			c.to_name[c.nto] = s.hdr.player[i].name;
			c.to_addr[c.nto++] = s.hdr.player[i].email;
		}
	}
	if (c.nto == 0) {
		errmsg("%s: nobody to send to: the other players have no "
		    "e-mail address in the save file; use --to or [mail] to",
		    path);
		rc = EXIT_USAGE;
		goto out;
	}
	c.subject = subject;
	c.text = text;
	env = getenv("SOURCE_DATE_EPOCH");
	{
		int64_t sde;

		c.date = env != NULL && num_i64(env, strlen(env), 0, INT64_MAX,
		    0, &sde) == 0 ? (long long)sde : (long long)time(NULL);
	}
	crypto_generichash(h, sizeof h, (unsigned char *)payload.p,
	    payload.len, NULL, 0);
	dom = strrchr(from_addr, '@');
	snprintf(msgid, sizeof msgid, "trigon.%s.%llu-%llu.%02x%02x%02x%02x@%s",
	    id6, (unsigned long long)since, (unsigned long long)s.nactions,
	    h[0], h[1], h[2], h[3], dom ? dom + 1 : "trigon.invalid");
	c.msgid = msgid;
	if (o->svg && save_started(&s)) {
		FILE *p = open_memstream(&svgbuf, &svglen);
		int bad = p == NULL;

		if (p != NULL) {
			bad = s.rules->describe(s.game, RULES_VIEW_BOARD, -1,
			    RULES_VF_SVG, p) != 0;
			bad |= fclose(p) != 0;
		}
		if (bad) {
			errmsg("%s: cannot draw the board as a picture", path);
			rc = EXIT_DAMAGED;
			goto out;
		}
		snprintf(svgname, sizeof svgname, "trigon-%s.svg", id6);
		c.attach = svgbuf;
		c.attach_len = svglen;
		c.attach_type = "image/svg+xml";
		c.attach_name = svgname;
	}
	mail_init();
	if (mail_compose(&msg, &c, &e) != 0) {
		mail_shutdown();
		rc = game_report(&e, 0);
		goto out;
	}
	mail_shutdown();
	if (o->send) {
		char to[RULES_MAX_SEATS * (CONFIG_STR_MAX + 1)];
		size_t k = 0;

		rc = send_mail(cf->mail_sendmail[0] ? cf->mail_sendmail :
		    SENDMAIL_DEFAULT, msg);
		to[0] = '\0';
		for (int i = 0; i < c.nto && k < sizeof to; i++)
			k += (size_t)snprintf(to + k, sizeof to - k, " %s",
			    c.to_addr[i]);
		if (rc == EXIT_OK)
			cmd_say("%s: sent %s to%s", path, since == 0 ?
			    "the whole game" : range, to);
		goto out;
	}
	fputs(msg, stdout);
	rc = EXIT_OK;
out:
	free(msg);
	free(svgbuf);
	free(text);
	free(buf);
	save_buf_release(&payload);
	save_buf_release(&armour);
	savecheck_map_release(&m);
	save_release(&s);
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
