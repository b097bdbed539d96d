/*
 * conf.c -- reading the configuration file (see conf.h) with the core's
 * INI reader (inifile.h), which knows every key's line and its section
 * header's line; the words of its errors are the configuration's own.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "conf.h"
#include "inifile.h"
#include "suggest.h"
#include "utf8.h"

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
	STR("game", "dir", K_PATH, game_dir),
	{ "git", "commit", K_BOOL, offsetof(struct config, git_commit), 0 },
	STR("git", "remote", K_STR, git_remote),
	STR("mail", "to", K_EMAIL, mail_to),
	STR("mail", "from", K_EMAIL, mail_from),
	STR("mail", "sendmail", K_PATH, mail_sendmail),
};
#define NKEYS (sizeof keys / sizeof keys[0])
static const char *const sections[] = { "player", "game", "git", "mail" };
#define NSECTIONS (sizeof sections / sizeof sections[0])

/* The longest line, not counting its end (trigon(1) CONFIGURATION). */
#define CONFIG_LINE_MAX 198

struct parse {
	struct config *c;
	struct inifile ini;		/* the line, the first error */
	int seen[NKEYS];	/* line each key was set on, or 0 */
};

static int handler(void *, const char *, int, const char *, const char *);
/* 1 when set, else 0 after inifile_fail() (inih's convention). */
static int set_value(struct parse *, const struct key *, const char *);
static int expand_home(const char *, char *, size_t);

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
	struct buf b = BUF_INIT;
	int fd, rc;

	config_init(c);
	if (path == NULL) {
		if ((rc = config_dir(dir, sizeof dir, e)) != 0)
			return rc;
		if (fmt_into(file, sizeof file, "%s/config", dir) != 0)
			return err_set(e, ERR_USAGE, "configuration file name "
			    "too long");
	} else if (fmt_into(file, sizeof file, "%s", path) != 0)
		return err_set(e, ERR_USAGE, "configuration file name too "
		    "long");
	if ((fd = open(file, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0) {
		if (errno == ENOENT && path == NULL)
			return 0;
		return err_set(e, ERR_IO, "cannot open '%s': %s", file,
		    strerror(errno));
	}
	rc = buf_read_fd(&b, fd, CONFIG_FILE_MAX, file, e);
	close(fd);
	if (rc == ERR_DAMAGED)
		rc = err_set(e, ERR_DAMAGED, "'%s' is too large for a "
		    "configuration file (more than %d bytes)", file,
		    CONFIG_FILE_MAX);
	else if (rc == 0) {
		rc = config_parse_buf(c, file, b.p, b.len, e);
		if (rc == 0)
			snprintf(c->path, sizeof c->path, "%s", file);
	}
	buf_release(&b);
	return rc;
}

int
config_parse_buf(struct config *c, const char *name, const char *buf,
    size_t len, struct err *e)
{
	struct parse p;

	memset(&p, 0, sizeof p);
	p.c = c;
	p.ini.key = handler;
	p.ini.user = &p;
	p.ini.flags = INIFILE_KEYS_OUTSIDE_OK;
	p.ini.line_max = CONFIG_LINE_MAX;
	if (inifile_parse(&p.ini, buf, len) == 0)
		return 0;
	switch (p.ini.fault) {
	case INIFILE_FAULT_NOMEM:
		return err_set(e, ERR_NOMEM, "out of memory");
	case INIFILE_FAULT_NUL:
		return err_at(e, ERR_DAMAGED, name, p.ini.err_line, "NUL byte "
		    "in the configuration file");
	case INIFILE_FAULT_LONG:
		return err_at(e, ERR_DAMAGED, name, p.ini.err_line, "line too "
		    "long (at most %d characters)", p.ini.line_limit);
	case INIFILE_FAULT_SYNTAX:
	case INIFILE_FAULT_HEADER:
		return err_at(e, ERR_DAMAGED, name, p.ini.err_line, "syntax "
		    "error: wanted '[section]', 'key = value' or a comment");
	default:
		return err_at(e, ERR_DAMAGED, name, p.ini.err_line, "%s",
		    p.ini.msg);
	}
}

int
config_key_path(const struct config *c, char *buf, size_t n, struct err *e)
{
	char dir[CONFIG_PATH_MAX];
	int rc;

	if (c != NULL && c->key[0] != '\0') {
		if (fmt_into(buf, n, "%s", c->key) != 0)
			return err_set(e, ERR_USAGE, "key file name too long");
		return 0;
	}
	if ((rc = config_dir(dir, sizeof dir, e)) != 0)
		return rc;
	if (fmt_into(buf, n, "%s/key", dir) != 0)
		return err_set(e, ERR_USAGE, "key file name too long");
	return 0;
}

static int
handler(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct parse *p = user;
	const struct key *k = NULL;
	const char *cands[NKEYS];
	size_t ncands = 0, i;
	int line = p->ini.lineno;

	/* Names are echoed in messages: no terminal escapes in them. */
	if (utf8_has_control(section, strlen(section)) ||
	    utf8_has_control(name, strlen(name))) {
		inifile_fail(&p->ini, p->ini.lineno, "control "
		    "character in a section or key name");
		return 0;
	}
	if (*section == '\0') {
		inifile_fail(&p->ini, p->ini.lineno, "'%s' outside "
		    "any section (known: [player], [game], [git], [mail])",
		    name);
		return 0;
	}
	for (i = 0; i < NSECTIONS; i++)
		if (strcmp(section, sections[i]) == 0)
			break;
	if (i == NSECTIONS) {
		const char *near = suggest_nearest(section, sections,
		    NSECTIONS);

		if (p->ini.sect_line > 0)
			line = p->ini.sect_line;
		if (near != NULL)
			inifile_fail(&p->ini, line,
			    "unknown section [%s]; did you mean [%s]?",
			    section, near);
		else
			inifile_fail(&p->ini, line,
			    "unknown section [%s] (known: [player], [game], "
			    "[git], [mail])", section);
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
			inifile_fail(&p->ini, p->ini.lineno, "unknown "
			    "key '%s' in section [%s]; did you mean '%s'?",
			    name, section, near);
		else
			inifile_fail(&p->ini, p->ini.lineno, "unknown "
			    "key '%s' in section [%s]", name, section);
		return 0;
	}
	if (p->seen[i]) {
		inifile_fail(&p->ini, p->ini.lineno, "'%s' in section "
		    "[%s] is set twice (first on line %d)", name, section,
		    p->seen[i]);
		return 0;
	}
	p->seen[i] = p->ini.lineno;
	return set_value(p, k, value);
}

static int
set_value(struct parse *p, const struct key *k, const char *value)
{
	char *dst = (char *)p->c + k->off;
	size_t vlen = strlen(value);

	if (vlen == 0)
		return inifile_fail(&p->ini, p->ini.lineno, "no value "
		    "for '%s' in section [%s]", k->name, k->section);
	if (utf8_has_control(value, vlen))
		return inifile_fail(&p->ini, p->ini.lineno,
		    "control character in the value of '%s'", k->name);
	switch (k->kind) {
	case K_BOOL: {
		static const char *const yes[] = { "yes", "true", "on", "1" };
		static const char *const no[] = { "no", "false", "off", "0" };
		int *b = (int *)(void *)dst;

		for (size_t i = 0; i < 4; i++) {
			if (strcmp(value, yes[i]) == 0) {
				*b = 1;
				return 1;
			}
			if (strcmp(value, no[i]) == 0) {
				*b = 0;
				return 1;
			}
		}
		return inifile_fail(&p->ini, p->ini.lineno, "'%s' in "
		    "section [%s] must be yes or no, not '%.40s'", k->name,
		    k->section, value);
	}
	case K_EMAIL: {
		const char *at = strchr(value, '@');

		if (at == NULL || at == value || at[1] == '\0' ||
		    strchr(at + 1, '@') != NULL || strpbrk(value, " \t<>,")
		    != NULL)
			return inifile_fail(&p->ini, p->ini.lineno,
			    "'%s' in section [%s] is not an e-mail address "
			    "(wanted user@host): '%.80s'", k->name,
			    k->section, value);
		break;
	}
	case K_PATH:
		if (expand_home(value, dst, k->size) != 0)
			return inifile_fail(&p->ini, p->ini.lineno,
			    "cannot expand '%.80s' for '%s': only '~/' (with "
			    "HOME set) is understood, and the result must be "
			    "shorter than %zu bytes", value, k->name, k->size);
		return 1;
	case K_STR:
		break;
	}
	if (vlen >= k->size)
		return inifile_fail(&p->ini, p->ini.lineno, "value of "
		    "'%s' too long (at most %zu characters)", k->name,
		    k->size - 1);
	memcpy(dst, value, vlen + 1);
	return 1;
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
