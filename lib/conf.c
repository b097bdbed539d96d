/*
 * conf.c -- reading the configuration file (see conf.h) with inih.
 *
 * inih r55's handler gets no line number, so we feed it through
 * ini_parse_stream with our own reader, which counts lines, refuses
 * over-long ones and NUL bytes, and remembers where the last section
 * header was.  inih's global settings are left alone: the data loader
 * uses the same library.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <ini.h>

#include "conf.h"
#include "suggest.h"

/* Largest configuration file we read. */
#define CONFIG_FILE_MAX (64 * 1024)

enum kind { K_STR, K_PATH, K_BOOL, K_EMAIL };

struct key {
	const char *section, *name;
	enum kind kind;
	size_t off, size;	/* where in struct config */
};

#define STR(sec, nm, k, f) { sec, nm, k, offsetof(struct config, f), \
	sizeof ((struct config *)0)->f }

static const struct key keys[] = {
	STR("player", "name", K_STR, name),
	STR("player", "email", K_EMAIL, email),
	STR("player", "key", K_PATH, key),
	STR("game", "file", K_PATH, game_file),
	{ "git", "commit", K_BOOL, offsetof(struct config, git_commit), 0 },
	STR("git", "remote", K_STR, git_remote),
	STR("mail", "to", K_EMAIL, mail_to),
	STR("mail", "from", K_EMAIL, mail_from),
	STR("mail", "sendmail", K_PATH, mail_sendmail),
};
#define NKEYS (sizeof keys / sizeof keys[0])
static const char *const sections[] = { "player", "game", "git", "mail" };
#define NSECTIONS (sizeof sections / sizeof sections[0])

struct parse {
	struct config *c;
	const char *name;
	const char *buf;
	size_t len, pos;
	int lineno;
	int section_line;	/* line of the last [section] header */
	int seen[NKEYS];	/* line each key was set on, or 0 */
	int failed;		/* line of our first error, or 0 */
	struct err *e;
};

static char *reader(char *, int, void *);
static int handler(void *, const char *, const char *, const char *);
static int set_value(struct parse *, const struct key *, const char *);
static int expand_home(const char *, char *, size_t);
static int has_control(const char *);

void
config_init(struct config *c)
{
	memset(c, 0, sizeof *c);
	c->git_commit = -1;
}

int
config_dir(char *buf, size_t n, struct err *e)
{
	const char *v;
	int w;

	if ((v = getenv("TRIGON_HOME")) != NULL && *v != '\0')
		w = snprintf(buf, n, "%s", v);
	else if ((v = getenv("XDG_CONFIG_HOME")) != NULL && *v == '/')
		w = snprintf(buf, n, "%s/trigon", v);
	else if ((v = getenv("HOME")) != NULL && *v != '\0')
		w = snprintf(buf, n, "%s/.config/trigon", v);
	else
		return err_set(e, ERR_USAGE, "no configuration directory: set "
		    "TRIGON_HOME, XDG_CONFIG_HOME or HOME");
	if (w < 0 || (size_t)w >= n)
		return err_set(e, ERR_USAGE, "configuration directory name "
		    "too long");
	return 0;
}

int
config_load(struct config *c, const char *path, struct err *e)
{
	char dir[CONFIG_PATH_MAX], file[CONFIG_PATH_MAX];
	char *buf;
	size_t len = 0;
	FILE *f;
	int rc;

	config_init(c);
	if (path == NULL) {
		if ((rc = config_dir(dir, sizeof dir, e)) != 0)
			return rc;
		if ((size_t)snprintf(file, sizeof file, "%s/config", dir) >=
		    sizeof file)
			return err_set(e, ERR_USAGE, "configuration file name "
			    "too long");
	} else if ((size_t)snprintf(file, sizeof file, "%s", path) >=
	    sizeof file)
		return err_set(e, ERR_USAGE, "configuration file name too "
		    "long");
	if ((f = fopen(file, "r")) == NULL) {
		if (errno == ENOENT && path == NULL)
			return 0;
		return err_set(e, ERR_IO, "cannot open '%s': %s", file,
		    strerror(errno));
	}
	if ((buf = malloc(CONFIG_FILE_MAX + 1)) == NULL) {
		fclose(f);
		return err_set(e, ERR_NOMEM, "out of memory");
	}
	len = fread(buf, 1, CONFIG_FILE_MAX + 1, f);
	if (ferror(f)) {
		rc = err_set(e, ERR_IO, "cannot read '%s': %s", file,
		    strerror(errno));
	} else if (len > CONFIG_FILE_MAX) {
		rc = err_set(e, ERR_DAMAGED, "'%s' is too large for a "
		    "configuration file (more than %d bytes)", file,
		    CONFIG_FILE_MAX);
	} else {
		rc = config_parse_buf(c, file, buf, len, e);
		if (rc == 0)
			snprintf(c->path, sizeof c->path, "%s", file);
	}
	fclose(f);
	free(buf);
	return rc;
}

int
config_parse_buf(struct config *c, const char *name, const char *buf,
    size_t len, struct err *e)
{
	struct parse p;
	int r;

	memset(&p, 0, sizeof p);
	p.c = c;
	p.name = name;
	p.buf = buf;
	p.len = len;
	p.e = e;
	r = ini_parse_stream(reader, &p, handler, &p);
	if (r == -2)
		return err_set(e, ERR_NOMEM, "out of memory");
	/* inih goes on after a syntax error; report the first error. */
	if (p.failed && (r <= 0 || r >= p.failed))
		return e != NULL ? e->code : ERR_DAMAGED;
	if (r != 0)
		return err_at(e, ERR_DAMAGED, name, r, "syntax error: wanted "
		    "'[section]', 'key = value' or a comment");
	return 0;
}

int
config_key_path(const struct config *c, char *buf, size_t n, struct err *e)
{
	char dir[CONFIG_PATH_MAX];
	int rc;

	if (c != NULL && c->key[0] != '\0') {
		if ((size_t)snprintf(buf, n, "%s", c->key) >= n)
			return err_set(e, ERR_USAGE, "key file name too long");
		return 0;
	}
	if ((rc = config_dir(dir, sizeof dir, e)) != 0)
		return rc;
	if ((size_t)snprintf(buf, n, "%s/key", dir) >= n)
		return err_set(e, ERR_USAGE, "key file name too long");
	return 0;
}

/*
 * inih's fgets: one line at a time from the buffer.  A line that does
 * not fit (inih would split it) or holds a NUL byte ends the parse with
 * an error of our own.
 */
static char *
reader(char *str, int num, void *stream)
{
	struct parse *p = stream;
	const char *start, *nl;
	size_t linelen, take;

	if (p->failed || p->pos >= p->len || num < 2)
		return NULL;
	start = p->buf + p->pos;
	nl = memchr(start, '\n', p->len - p->pos);
	linelen = nl != NULL ? (size_t)(nl - start) + 1 : p->len - p->pos;
	p->lineno++;
	if (memchr(start, '\0', linelen) != NULL) {
		err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "NUL byte in "
		    "the configuration file");
		p->failed = p->lineno;
		return NULL;
	}
	if (linelen > (size_t)num - 1) {
		err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "line too long "
		    "(at most %d characters)", num - 2);
		p->failed = p->lineno;
		return NULL;
	}
	take = linelen;
	memcpy(str, start, take);
	str[take] = '\0';
	p->pos += linelen;
	/* Remember section headers, for "unknown section" at its line. */
	start = str;
	if (p->lineno == 1 && strncmp(start, "\xef\xbb\xbf", 3) == 0)
		start += 3;	/* inih skips a UTF-8 BOM */
	start += strspn(start, " \t\r\v\f");
	if (*start == '[')
		p->section_line = p->lineno;
	return str;
}

static int
handler(void *user, const char *section, const char *name,
    const char *value)
{
	struct parse *p = user;
	const struct key *k = NULL;
	const char *cands[NKEYS];
	size_t ncands = 0, i;

	if (p->failed)
		return 0;
	/* Names are echoed in messages: no terminal escapes in them. */
	if (has_control(section) || has_control(name)) {
		err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "control "
		    "character in a section or key name");
		p->failed = p->lineno;
		return 0;
	}
	if (*section == '\0') {
		err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "'%s' outside "
		    "any section (known: [player], [game], [git], [mail])",
		    name);
		p->failed = p->lineno;
		return 0;
	}
	for (i = 0; i < NSECTIONS; i++)
		if (strcmp(section, sections[i]) == 0)
			break;
	if (i == NSECTIONS) {
		const char *near = suggest_nearest(section, sections,
		    NSECTIONS);
		int line = p->section_line > 0 ? p->section_line : p->lineno;

		if (near != NULL)
			err_at(p->e, ERR_DAMAGED, p->name, line,
			    "unknown section [%s]; did you mean [%s]?",
			    section, near);
		else
			err_at(p->e, ERR_DAMAGED, p->name, line,
			    "unknown section [%s] (known: [player], [game], "
			    "[git], [mail])", section);
		p->failed = p->lineno;
		return 0;
	}
	for (i = 0; i < NKEYS; i++) {
		if (strcmp(keys[i].section, section) != 0)
			continue;
		cands[ncands++] = keys[i].name;
		if (strcmp(keys[i].name, name) == 0) {
			k = &keys[i];
			break;
		}
	}
	if (k == NULL) {
		const char *near = suggest_nearest(name, cands, ncands);

		if (near != NULL)
			err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "unknown "
			    "key '%s' in section [%s]; did you mean '%s'?",
			    name, section, near);
		else
			err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "unknown "
			    "key '%s' in section [%s]", name, section);
		p->failed = p->lineno;
		return 0;
	}
	if (p->seen[i]) {
		err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "'%s' in section "
		    "[%s] is set twice (first on line %d)", name, section,
		    p->seen[i]);
		p->failed = p->lineno;
		return 0;
	}
	p->seen[i] = p->lineno;
	if (set_value(p, k, value) != 0) {
		p->failed = p->lineno;
		return 0;
	}
	return 1;
}

static int
set_value(struct parse *p, const struct key *k, const char *value)
{
	char *dst = (char *)p->c + k->off;
	size_t vlen = strlen(value);

	if (vlen == 0)
		return err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "no value "
		    "for '%s' in section [%s]", k->name, k->section);
	if (has_control(value))
		return err_at(p->e, ERR_DAMAGED, p->name, p->lineno,
		    "control character in the value of '%s'", k->name);
	switch (k->kind) {
	case K_BOOL: {
		static const char *const yes[] = { "yes", "true", "on", "1" };
		static const char *const no[] = { "no", "false", "off", "0" };
		int *b = (int *)(void *)dst;

		for (size_t i = 0; i < 4; i++) {
			if (strcmp(value, yes[i]) == 0) {
				*b = 1;
				return 0;
			}
			if (strcmp(value, no[i]) == 0) {
				*b = 0;
				return 0;
			}
		}
		return err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "'%s' in "
		    "section [%s] must be yes or no, not '%.40s'", k->name,
		    k->section, value);
	}
	case K_EMAIL: {
		const char *at = strchr(value, '@');

		if (at == NULL || at == value || at[1] == '\0' ||
		    strchr(at + 1, '@') != NULL || strpbrk(value, " \t<>,")
		    != NULL)
			return err_at(p->e, ERR_DAMAGED, p->name, p->lineno,
			    "'%s' in section [%s] is not an e-mail address "
			    "(wanted user@host): '%.80s'", k->name,
			    k->section, value);
		break;
	}
	case K_PATH:
		if (expand_home(value, dst, k->size) != 0)
			return err_at(p->e, ERR_DAMAGED, p->name, p->lineno,
			    "cannot expand '%.80s' for '%s': only '~/' (with "
			    "HOME set) is understood, and the result must be "
			    "shorter than %zu bytes", value, k->name, k->size);
		return 0;
	case K_STR:
		break;
	}
	if (vlen >= k->size)
		return err_at(p->e, ERR_DAMAGED, p->name, p->lineno, "value of "
		    "'%s' too long (at most %zu characters)", k->name,
		    k->size - 1);
	memcpy(dst, value, vlen + 1);
	return 0;
}

/* "~" and "~/rest" become $HOME and $HOME/rest; "~user" is refused. */
static int
expand_home(const char *v, char *dst, size_t n)
{
	const char *home;
	int w;

	if (v[0] != '~') {
		w = snprintf(dst, n, "%s", v);
	} else {
		if (v[1] != '\0' && v[1] != '/')
			return -1;
		if ((home = getenv("HOME")) == NULL || *home == '\0')
			return -1;
		w = snprintf(dst, n, "%s%s", home, v + 1);
	}
	if (w < 0 || (size_t)w >= n) {
		dst[0] = '\0';
		return -1;
	}
	return 0;
}

static int
has_control(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}
