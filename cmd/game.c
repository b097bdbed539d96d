/*
 * game.c -- helpers shared by the save-file commands (see game.h).
 */
#define _GNU_SOURCE 1		/* open_memstream */
#include "config.h"

#include <stdint.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <sys/stat.h>

#include <sodium.h>

#include "atomic.h"
#include "buf.h"
#include "cmd.h"
#include "conf.h"
#include "fair.h"
#include "game.h"
#include "keys.h"
#include "num.h"
#include "suggest.h"
#include "utf8.h"

int
game_file(char *buf, size_t n, const char *opt)
{
	struct config c;
	struct err e;

	if (opt != NULL) {
		if (opt[0] == '\0' || (size_t)snprintf(buf, n, "%s", opt) >= n)
			return usage_error(NULL, "bad file name '%s'", opt);
		return EXIT_OK;
	}
	err_clear(&e);
	if (config_load(&c, NULL, &e) != 0) {
		/* No configuration directory at all is fine here. */
		if (e.code != ERR_USAGE)
			return game_report(&e, 0);
		config_init(&c);
	}
	snprintf(buf, n, "%s", c.game_file[0] ? c.game_file :
	    GAME_FILE_DEFAULT);
	return EXIT_OK;
}

int
game_report(const struct err *e, int verify)
{
	if (e->file[0] != '\0' && e->line > 0)
		errmsg("%s:%d: error: %s", e->file, e->line, e->msg);
	else if (e->file[0] != '\0')
		errmsg("%s: error: %s", e->file, e->msg);
	else
		errmsg("%s", e->msg);
	switch (e->code) {
	case ERR_REFUSED:
	case ERR_DAMAGED:
		/* A file that fails a check: verify's "no", else damage. */
		if (verify)
			return EXIT_REFUSED;
		return e->code == ERR_REFUSED && e->line == 0 ?
		    EXIT_REFUSED : EXIT_DAMAGED;
	case ERR_CHANGED:
		return EXIT_REFUSED;
	case ERR_USAGE:
		return EXIT_USAGE;
	default:
		return EXIT_DAMAGED;
	}
}

json_t *
game_view_json(const struct rules *r, const struct game *g,
    enum rules_view view, int viewer, unsigned flags)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	json_t *j = NULL;

	if (g == NULL || (f = open_memstream(&text, &len)) == NULL)
		return NULL;
	if (r->describe(g, view, viewer, flags, f) != 0) {
		fclose(f);
		free(text);
		return NULL;
	}
	if (fclose(f) == 0 && text != NULL)
		j = json_loadb(text, len, 0, NULL);
	free(text);
	return j;
}

json_t *
game_state_json(const struct save *s)
{
	return game_view_json(s->rules, s->game, RULES_VIEW_JSON, -1, 0);
}

int
game_key_path(const struct cmd *c, char *buf, size_t n, const char *opt)
{
	struct config cf;
	struct err e;

	err_clear(&e);
	if (opt != NULL) {
		if (opt[0] == '\0' || (size_t)snprintf(buf, n, "%s", opt) >= n)
			return usage_error(c, "bad key file name");
		return EXIT_OK;
	}
	if (config_load(&cf, NULL, &e) != 0 ||
	    config_key_path(&cf, buf, n, &e) != 0)
		return game_report(&e, 0);
	return EXIT_OK;
}

void
game_show_written(const struct save *s, const char *path,
    const struct save_buf *out)
{
	const char *p = out->p, *end = out->p + out->len, *t;
	char view[640];

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *bar = NULL, *b;
		size_t len = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);

		/* The signature follows the last " | " of an action line. */
		if (p[0] != '#')
			for (b = p; (b = memmem(b, len - (size_t)(b - p),
			    " | ", 3)) != NULL; b++)
				bar = b;
		/* Annotations indented under their action, as log shows them. */
		if (len >= 3 && strncmp(p, "#= ", 3) == 0) {
			size_t tl = len - 3;

			t = game_note_view(s, p + 3, &tl, view,
			    sizeof view);
			printf("%s:     %.*s\n", path, (int)tl, t);
		} else if (len < 4 || strncmp(p, "end ", 4) != 0)
			printf("%s: %.*s\n", path,
			    (int)(bar != NULL ? (size_t)(bar - p) : len), p);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
}

const char *
game_note_view(const struct save *s, const char *t, size_t *len, char *buf,
    size_t n)
{
	const char *v;

	if (s->rules == NULL || s->rules->note_view == NULL ||
	    (v = s->rules->note_view(s->game, t, *len, buf, n)) == NULL)
		return t;
	*len = strlen(v);
	return v;
}

long
game_round(const struct save *s)
{
	return rules_round(s->rules, s->game);
}

int
game_await(const struct save *s, const char *path, struct rules_await *aw)
{
	if (!save_started(s)) {
		char what[512];

		save_awaits(s, what, sizeof what);
		errmsg("%s: the game has not started: it awaits %s (trigon "
		    "answer)", path, what);
		return EXIT_REFUSED;
	}
	if (rules_await_check(s->rules, s->game, s->hdr.nplayers, aw) != 0) {
		errmsg("%s: error: %s", path, aw->text);
		return EXIT_DAMAGED;
	}
	return EXIT_OK;
}

const char *
game_seat_name(const struct save *s, int seat)
{
	return seat >= 0 && seat < s->hdr.nplayers ? s->hdr.player[seat].seat :
	    "nobody";
}

int
game_find_seat(const struct save *s, const char *name)
{
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (strcmp(s->hdr.player[i].seat, name) == 0)
			return i;
	return -1;
}

json_t *
game_json_string(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), o = 0;
	char *buf;
	json_t *j;

	/* Each bad byte grows to 3 bytes at most. */
	if (len > (SIZE_MAX - 1) / 3 || (buf = malloc(3 * len + 1)) == NULL)
		return NULL;
	for (size_t i = 0; i < len; ) {
		uint32_t cp;
		size_t n = (size_t)utf8_decode(s + i, len - i, &cp);

		if (n == 0) {
			memcpy(buf + o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
		} else {
			memcpy(buf + o, p + i, n);
			o += n;
			i += n;
		}
	}
	j = json_stringn(buf, o);
	free(buf);
	return j;
}

json_t *
game_json_or_null(const char *s)
{
	return s == NULL || s[0] == '\0' ? json_null() :
	    game_json_string(s);
}

/* "2026-11-27T04:25:00Z" */
static json_t *
json_time(int64_t t)
{
	char d[FAIR_DATE_LEN + 1];

	fair_format_date(d, t);
	return json_string(d);
}

/* The "since" member of game_await_json, or NULL. */
static json_t *
since_json(const struct save *s, const char *path)
{
	struct save_since ss;
	struct stat sb;

	if (save_await_since(s, stat(path, &sb) == 0 ? (int64_t)sb.st_mtime :
	    0, &ss) != 0)
		return NULL;
	return json_pack("{s:o, s:o}", "asked", json_time(ss.asked), "claim",
	    ss.accused < 0 ? json_null() : json_pack("{s:s, s:s, s:o}",
	    "seat", s->hdr.player[ss.accused].seat, "kind", ss.forfeit ?
	    "forfeit" : "timeout", "from", json_time(ss.claim)));
}

json_t *
game_await_json(const struct save *s, const char *path)
{
	struct rules_await aw;
	char what[512];
	json_t *j, *since;

	/* Fair chance: "answers" says what the file awaits (absent when
	 * nothing, as in every open game). */
	if (!save_started(s)) {
		save_awaits(s, what, sizeof what);
		j = json_pack("{s:b, s:n, s:n, s:n, s:s, s:s}", "over", 0,
		    "to_act", "winner", "how", "text", "the game has not "
		    "started", "answers", what);
		if (j != NULL && (since = since_json(s, path)) != NULL)
			json_object_set_new(j, "since", since);
		return j;
	}
	/* A broken contract reads as over, nobody won, and says so. */
	rules_await_check(s->rules, s->game, s->hdr.nplayers, &aw);
	j = json_pack("{s:b, s:o, s:o, s:o, s:s}",
	    "over", aw.over,
	    "to_act", aw.over ? json_null() :
	    json_string(s->hdr.player[aw.seat].seat),
	    "winner", aw.winner >= 0 ?
	    json_string(s->hdr.player[aw.winner].seat) : json_null(),
	    "how", aw.over ? game_json_or_null(aw.how) : json_null(),
	    "text", aw.text);
	if (j != NULL && save_awaits(s, what, sizeof what) > 0) {
		json_object_set_new(j, "answers", json_string(what));
		if ((since = since_json(s, path)) != NULL)
			json_object_set_new(j, "since", since);
	}
	return j;
}

/* t as "2026-11-27 04:25 UTC", in UTC or local time. */
static void
since_time(char *buf, size_t n, int64_t t, int utc)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if ((utc ? gmtime_r(&tt, &tm) : localtime_r(&tt, &tm)) == NULL ||
	    strftime(buf, n, utc ? "%Y-%m-%d %H:%M UTC" : "%Y-%m-%d %H:%M %Z",
	    &tm) == 0)
		snprintf(buf, n, "%lld", (long long)t);
}

int
game_await_since(const struct save *s, const char *path, int utc,
    char *buf, size_t n)
{
	struct save_since ss;
	struct stat sb;
	char asked[64], claim[64];

	if (n > 0)
		buf[0] = '\0';
	if (save_await_since(s, stat(path, &sb) == 0 ? (int64_t)sb.st_mtime :
	    0, &ss) != 0)
		return -1;
	since_time(asked, sizeof asked, ss.asked, utc);
	if (ss.accused < 0) {
		snprintf(buf, n, "since %s at the earliest (this copy's last "
		    "change); an audit has no deadline", asked);
		return 0;
	}
	since_time(claim, sizeof claim, ss.claim, utc);
	snprintf(buf, n, "since %s at the earliest (this copy's last "
	    "change); %s's %s may be claimed from %s (trigon claim)", asked,
	    s->hdr.player[ss.accused].seat, ss.forfeit ? "forfeit" :
	    "timeout", claim);
	return 0;
}

void
game_print_chance(const struct save *s, const char *path, FILE *f,
    int ascii)
{
	const char *t = save_chance_text(&s->hdr), *dash;
	char what[512], since[512];

	/* --ascii: the em dash as "--" */
	if ((ascii & 1) && (dash = strstr(t, "\xe2\x80\x94")) != NULL)
		fprintf(f, "%.*s--%s\n", (int)(dash - t), t, dash + 3);
	else
		fprintf(f, "%s\n", t);
	if (!(ascii & 2) && save_awaits(s, what, sizeof what) > 0) {
		fprintf(f, "awaits answers: %s (trigon answer)\n", what);
		if (game_await_since(s, path, ascii & 1, since,
		    sizeof since) == 0)
			fprintf(f, "%s\n", since);
	}
}

const struct fair_export *game_answer_key;

int
game_answer_file(const char *path, int fd, struct save *s,
    const unsigned char *sk, int *added)
{
	struct buf file = BUF_INIT, out = BUF_INIT;
	struct atomic_file a;
	struct stat sb;
	struct err e;
	int rc = EXIT_OK;

	*added = 0;
	err_clear(&e);
	if (fstat(fd, &sb) < 0 || lseek(fd, 0, SEEK_SET) != 0) {
		errmsg("%s: cannot read it again", path);
		return EXIT_DAMAGED;
	}
	if (buf_read_fd(&file, fd, (size_t)256 * 1024 * 1024, path, &e) != 0 ||
	    (off_t)file.len != sb.st_size) {
		rc = game_report(&e, 0);
		goto out;
	}
	if ((game_answer_key != NULL ? save_answer_exported(s, file.p,
	    file.len, game_answer_key, &out, added, &e) : save_answer(s, file.p,
	    file.len, sk, &out, added, &e)) != 0) {
		*added = 0;
		if (e.code == ERR_REFUSED && e.line == 0) {
			errmsg("%s: refused: %s", path, e.msg);
			rc = EXIT_REFUSED;
		} else
			rc = game_report(&e, 0);
		goto out;
	}
	if (*added > 0 && (atomic_begin(&a, path, sb.st_mode & 07777, &e) != 0 ||
	    atomic_write(&a, out.p, out.len, &e) != 0 ||
	    atomic_commit(&a, 1, fd, sb.st_size, &e) != 0)) {
		*added = 0;
		rc = game_report(&e, 0);
	}
out:
	buf_release(&file);
	buf_release(&out);
	return rc;
}

void
game_awaited_brief(const struct save *s, char *buf, size_t n)
{
	unsigned mask = save_awaited(s);
	size_t k = 0;
	int total = 0, done = 0;

	if (n > 0)
		buf[0] = '\0';
	for (int i = 0; i < s->hdr.nplayers; i++)
		total += (mask >> i) & 1;
	for (int i = 0; i < s->hdr.nplayers && k < n; i++) {
		if (!(mask & 1u << i))
			continue;
		done++;
		k += (size_t)snprintf(buf + k, n - k, "%s%s", done == 1 ?
		    "; awaits answers from " : done == total ? " and " : ", ",
		    s->hdr.player[i].seat);
	}
}

void
game_awaited_subject(const struct save *s, const char *path, char *buf,
    size_t n)
{
	char kinds[RULES_MSG_MAX], asked[64];
	struct save_since ss;
	struct stat sb;
	size_t k;

	game_awaited_brief(s, buf, n);
	if (buf[0] == '\0' || save_await_kinds(s, kinds, sizeof kinds) == 0 ||
	    save_await_since(s, stat(path, &sb) == 0 ?
	    (int64_t)sb.st_mtime : 0, &ss) != 0)
		return;
	since_time(asked, sizeof asked, ss.asked, 1);
	k = strlen(buf);
	snprintf(buf + k, n - k, " (%s) since %s", kinds, asked);
}

int
game_print_json(json_t *j)
{
	int rc = EXIT_OK;

	if (j == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	if (json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)
		rc = EXIT_DAMAGED;
	putchar('\n');
	json_decref(j);
	return rc;
}

int
game_bad_kind(const struct cmd *c, const struct rules *r, const char *opt,
    const char *kind)
{
	const struct rules_bot_kind *kinds = rules_bot_kinds(r);
	const char *names[32], *near;
	char list[512] = "";
	size_t n = 0;
	int k, dflt = 0;

	/* The other kinds in the table's order, the default last. */
	for (k = 0; kinds != NULL && kinds[k].name != NULL; k++)
		;
	for (int i = 1; i <= k; i++) {
		int j = i < k ? i : dflt;

		n += (size_t)snprintf(list + n, n < sizeof list ?
		    sizeof list - n : 0, "%s%s", i == 1 ? "" : i == k ? " or " :
		    ", ", kinds[j].name);
		if (n >= sizeof list)
			break;
	}
	/* The nearest name, if one is near (as for commands). */
	for (k = 0; kinds != NULL && kinds[k].name != NULL &&
	    k < (int)(sizeof names / sizeof names[0]); k++)
		names[k] = kinds[k].name;
	near = kind != NULL && kind[0] != '\0' ?
	    suggest_nearest(kind, names, (size_t)k) : NULL;
	if (near != NULL)
		return usage_error(c, "%s takes %s, not '%s'; did you mean "
		    "'%s'?", opt, list, kind, near);
	return usage_error(c, "%s takes %s, not '%s'", opt, list,
	    kind != NULL ? kind : "");
}

void
game_help_bots(void *stream)
{
	FILE *f = stream;

	for (size_t t = 0; rules_table[t] != NULL; t++) {
		const struct rules *r = rules_table[t];
		const struct rules_bot_kind *k = rules_bot_kinds(r);

		if (k == NULL)
			continue;
		fprintf(f, "\nThe computer players of %s (%s):\n", r->name,
		    r->title);
		for (size_t i = 0; k[i].name != NULL; i++)
			fprintf(f, "  %-22s  %s\n", k[i].name, k[i].text);
	}
}

int
game_append(struct cmd_ctx *c, struct save_buf *out)
{
	struct err e;

	err_clear(&e);
	if (save_seal(c->save, c->sk, out, &e) != 0 ||
	    save_write_append(c->save, c->fd, c->path, out, &e) != 0)
		return game_report(&e, 0);
	game_show_written(c->save, c->path, out);
	return EXIT_OK;
}

void
game_print_next(const struct save *s, const char *path,
    const struct rules_await *aw)
{
	char what[512];

	if (save_awaits(s, what, sizeof what) > 0) {
		printf("%s: waiting for answers: %s (trigon answer)\n", path,
		    what);
		return;
	}
	if (aw->over)
		printf("%s: the game is over: %s won (%s)\n", path,
		    game_seat_name(s, aw->winner), aw->how);
	else
		printf("%s: next: %s\n", path, aw->text[0] ? aw->text :
		    game_seat_name(s, aw->seat));
}

int
game_number(const struct cmd *c, const char *s, const char *opt, long max,
    long *out)
{
	int64_t v;

	if (num_i64(s, strlen(s), 1, max, 0, &v) != 0)
		return usage_error(c, "%s needs a number from 1 to %ld", opt,
		    max);
	*out = (long)v;
	return EXIT_OK;
}

int
game_seed_number(const struct cmd *c, const char *s, uint64_t *out)
{
	if (num_u64(s, strlen(s), 0, UINT64_MAX, 0, out) != 0)
		return usage_error(c, "--seed needs a number");
	return EXIT_OK;
}

int
game_file_operand(struct cmd_ctx *c)
{
	if (c->argc > 1 || (c->argc == 1 && c->fopt != NULL))
		return usage_error(c->cmd, "too many arguments");
	if (c->argc == 1) {
		c->fopt = c->argv[0];
		c->argc = 0;
	}
	return EXIT_OK;
}

int
game_no_operands(struct cmd_ctx *c)
{
	if (c->argc > 0)
		return usage_error(c->cmd, "too many arguments");
	return EXIT_OK;
}

/*
 * Unlock c->kpath's secret key into c->sk (locked memory, freed with
 * the context): EXIT_OK, or the exit status of the message printed.
 */
int
game_unlock_secret(struct cmd_ctx *c)
{
	struct err e;

	err_clear(&e);
	if ((c->sk = sodium_malloc(KEY_SEC_BYTES)) == NULL) {
		errmsg("out of memory");
		return EXIT_DAMAGED;
	}
	if (keys_unlock(c->kpath, c->passfile, c->sk, c->pk, &e) != 0)
		return game_report(&e, 0);
	return EXIT_OK;
}

/*
 * Sealed hands (trigon-save(5), "Sealed hands"): a file loaded as an
 * observer for a view of the asking key's own seat is read again as
 * that seat, its secret key unlocked, so that the seat's table reads
 * its own cards.  Nothing to do for open hands, without a key of this
 * game held, or when the secret is unlocked already (CMD_SECRET).
 */
int
game_sealed_reader(struct cmd_ctx *c)
{
	struct err e;
	int rc;

	if (c->save == NULL || c->sk != NULL || c->mine < 0 || !c->held ||
	    c->save->hdr.hands != SAVE_HANDS_SEALED ||
	    (c->flags & CMD_LOCK))
		return EXIT_OK;
	if ((rc = game_unlock_secret(c)) != EXIT_OK)
		return rc;
	err_clear(&e);
	save_release(c->save);
	save_init(c->save, c->path);
	c->save->cb = c->save_cb;
	c->save->cbctx = c->save_cbctx;
	save_set_reader(c->save, c->sk);
	if (save_load(c->save, c->path, NULL, &e) != 0)
		return game_report(&e, 0);
	return EXIT_OK;
}
