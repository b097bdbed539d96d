/*
 * t/unit/config.c -- lib/conf.c: every key read, every refusal with its
 * FILE:LINE and message, discovery of the file, and the fuzzer's
 * regression inputs (t/fuzz-regress/config/).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../tap.h"
#include "conf.h"

/* Parse len bytes of text; return "" or "FILE:LINE: message". */
static const char *
parse_n(struct config *c, const char *text, size_t len)
{
	static char msg[ERR_MSG_MAX + 300];
	struct err e;

	config_init(c);
	err_clear(&e);
	if (config_parse_buf(c, "cfg", text, len, &e) == 0)
		return "";
	snprintf(msg, sizeof msg, "%s:%d: %s", e.file, e.line, e.msg);
	return msg;
}

static const char *
parse(struct config *c, const char *text)
{
	return parse_n(c, text, strlen(text));
}

static void
test_values(void)
{
	struct config c;

	setenv("HOME", "/home/anna", 1);
	is_string("", parse(&c,
	    "; comment\n"
	    "# another\n"
	    "[player]\n"
	    "name = Anna de Vries\n"
	    "email = anna@example.org\n"
	    "key = ~/keys/trigon\n"
	    "[game]\n"
	    "file = games/a.trigon ; inline comment\n"
	    "[git]\n"
	    "commit = yes\n"
	    "remote = origin\n"
	    "[mail]\n"
	    "to = players@example.org\n"
	    "from = anna@example.org\n"
	    "sendmail = /usr/sbin/sendmail\n"), "a full configuration parses");
	is_string("Anna de Vries", c.name, "[player] name");
	is_string("anna@example.org", c.email, "[player] email");
	is_string("/home/anna/keys/trigon", c.key, "[player] key, ~ expanded");
	is_string("games/a.trigon", c.game_file, "[game] file, comment cut");
	is_int(1, c.git_commit, "[git] commit = yes");
	is_string("origin", c.git_remote, "[git] remote");
	is_string("players@example.org", c.mail_to, "[mail] to");
	is_string("anna@example.org", c.mail_from, "[mail] from");
	is_string("/usr/sbin/sendmail", c.mail_sendmail, "[mail] sendmail");
	is_string("", parse(&c, "[git]\ncommit = off\n"), "commit = off");
	is_int(0, c.git_commit, "is no");
	is_string("", parse(&c, ""), "an empty file is fine");
	is_int(-1, c.git_commit, "and leaves commit unset");
	is_string("", parse(&c, "\xef\xbb\xbf[player]\r\nname=Bo\r\n"),
	    "a BOM and CRLF lines are fine");
	is_string("Bo", c.name, "CR stripped");

	is_string("cfg:2: unknown key 'nmae' in section [player]; did you "
	    "mean 'name'?", parse(&c, "[player]\nnmae = x\n"),
	    "a misspelt key gets a suggestion");
	is_string("cfg:2: unknown key 'colour' in section [player]",
	    parse(&c, "[player]\ncolour = green\n"), "an unknown key");
	is_string("cfg:1: unknown section [plaeyr]; did you mean [player]?",
	    parse(&c, "[plaeyr]\n\nname = x\n"),
	    "a misspelt section, at its header line");
	is_string("cfg:3: unknown section [zzz] (known: [player], [game], "
	    "[git], [mail])", parse(&c, "[git]\ncommit=no\n[zzz]\nx = y\n"),
	    "an unknown section");
	is_string("cfg:1: 'name' outside any section (known: [player], "
	    "[game], [git], [mail])", parse(&c, "name = x\n"),
	    "a key before any section");
	is_string("cfg:2: 'commit' in section [git] must be yes or no, not "
	    "'maybe'", parse(&c, "[git]\ncommit = maybe\n"), "a bad boolean");
	is_string("cfg:2: 'email' in section [player] is not an e-mail "
	    "address (wanted user@host): 'anna'",
	    parse(&c, "[player]\nemail = anna\n"), "a bad e-mail address");
	is_string("cfg:2: no value for 'name' in section [player]",
	    parse(&c, "[player]\nname =\n"), "an empty value");
	is_string("cfg:3: 'name' in section [player] is set twice (first on "
	    "line 2)", parse(&c, "[player]\nname = a\nname = b\n"),
	    "a key given twice");
	is_string("cfg:2: syntax error: wanted '[section]', 'key = value' or "
	    "a comment", parse(&c, "[player]\njust words\n"),
	    "a line without '='");
	is_string("cfg:1: syntax error: wanted '[section]', 'key = value' or "
	    "a comment", parse(&c, "[player\nname = x\n"),
	    "an unclosed section header");
	is_string("cfg:2: cannot expand '~bob/k' for 'key': only '~/' (with "
	    "HOME set) is understood, and the result must be shorter than "
	    "1024 bytes", parse(&c, "[player]\nkey = ~bob/k\n"), "~user");
	is_string("cfg:2: control character in a section or key name",
	    parse(&c, "[player]\nna\033[2Jme = x\n"),
	    "an escape in a key name is not echoed");
	is_string("cfg:2: control character in the value of 'name'",
	    parse(&c, "[player]\nname = a\033b\n"), "nor in a value");
	is_string("cfg:2: NUL byte in the configuration file",
	    parse_n(&c, "[git]\nx\0y\n", 10), "a NUL byte");
	{
		char longline[400];

		memset(longline, 'a', sizeof longline);
		memcpy(longline, "[player]\nname = ", 16);
		longline[sizeof longline - 2] = '\n';
		longline[sizeof longline - 1] = '\0';
		is_string("cfg:2: line too long (at most 198 characters)",
		    parse(&c, longline), "an over-long line");
	}
	is_string("cfg:2: syntax error: wanted '[section]', 'key = value' or "
	    "a comment", parse(&c, "[player]\nbad line\nnmae = x\n"),
	    "the first of two errors is reported");
}

static void
test_discovery(void)
{
	char dir[256], p[512], buf[1200];
	struct config c;
	struct err e;
	FILE *f;

	snprintf(dir, sizeof dir, "%s/trigon-conf-XXXXXX",
	    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp");
	err_clear(&e);
	unsetenv("TRIGON_HOME");
	unsetenv("XDG_CONFIG_HOME");
	setenv("HOME", dir, 1);
	is_int(0, config_dir(buf, sizeof buf, &e), "config_dir with HOME");
	snprintf(p, sizeof p, "%s/.config/trigon", dir);
	is_string(p, buf, "is HOME/.config/trigon");
	setenv("XDG_CONFIG_HOME", "/xdg", 1);
	config_dir(buf, sizeof buf, &e);
	is_string("/xdg/trigon", buf, "XDG_CONFIG_HOME/trigon comes first");
	setenv("TRIGON_HOME", dir, 1);
	config_dir(buf, sizeof buf, &e);
	is_string(dir, buf, "TRIGON_HOME comes before both");
	is_int(0, config_load(&c, NULL, &e), "a missing config file is fine");
	is_string("", c.path, "and no file is named");
	config_key_path(&c, buf, sizeof buf, &e);
	snprintf(p, sizeof p, "%s/key", dir);
	is_string(p, buf, "the default key is TRIGON_HOME/key");
	snprintf(p, sizeof p, "%s/config", dir);
	if ((f = fopen(p, "w")) == NULL)
		bail("cannot write %s", p);
	fputs("[player]\nname = Anna\nkey = /k\n", f);
	fclose(f);
	is_int(0, config_load(&c, NULL, &e), "TRIGON_HOME/config is read");
	is_string("Anna", c.name, "its name");
	is_string(p, c.path, "and its path kept");
	config_key_path(&c, buf, sizeof buf, &e);
	is_string("/k", buf, "[player] key is the key path");
	if ((f = fopen(p, "w")) == NULL)
		bail("cannot write %s", p);
	fputs("[player]\nname = Anna\n[mial]\nto = x@y\n", f);
	fclose(f);
	is_int(ERR_DAMAGED, config_load(&c, NULL, &e), "errors come back");
	is_string(p, e.file, "naming the file");
	is_int(3, e.line, "and the line");
	unlink(p);
	snprintf(p, sizeof p, "%s/nosuch", dir);
	is_int(ERR_IO, config_load(&c, p, &e),
	    "a missing file named explicitly is an error");
	rmdir(dir);
	unsetenv("TRIGON_HOME");
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	is_int(ERR_USAGE, config_dir(buf, sizeof buf, &e),
	    "no HOME at all is a usage error");
}

static void
test_regressions(void)
{
	const char *d = test_file("fuzz-regress/config");
	char p[4600];
	static char buf[70000];
	struct dirent *de;
	DIR *dp;
	int n = 0;

	if ((dp = opendir(d)) == NULL) {
		skip("no %s", d);
		return;
	}
	while ((de = readdir(dp)) != NULL) {
		struct config c;
		struct err e;
		FILE *f;
		size_t len;
		int rc;

		if (de->d_name[0] == '.')
			continue;
		snprintf(p, sizeof p, "%s/%s", d, de->d_name);
		if ((f = fopen(p, "rb")) == NULL)
			continue;
		len = fread(buf, 1, sizeof buf, f);
		fclose(f);
		config_init(&c);
		err_clear(&e);
		rc = config_parse_buf(&c, "r", buf, len, &e);
		ok(rc == 0 || (rc == ERR_DAMAGED && e.line > 0),
		    "fuzz regression %s: %s", de->d_name, rc ? e.msg : "ok");
		n++;
	}
	closedir(dp);
	if (n == 0)
		skip("no config regressions yet");
}

int
main(void)
{
	test_values();
	test_discovery();
	test_regressions();
	return done_testing();
}
