/*
 * t/unit/inifile.c -- lib/inifile.c, the one INI reader (conf.c and the
 * games' data use it): what each key sees (section, line, first key of
 * a section), what is refused with which fault and line, that the first
 * error wins, and the line limit at its edge.  Linked with the core
 * alone.  The callers' own words are checked in t/unit/config and
 * t/unit/trigon/data.
 */
#include <stdio.h>
#include <string.h>

#include "../tap.h"
#include "inifile.h"
#include "rules.h"

struct seen {
	char log[2000];		/* "section/first/name=value@line;" */
};

static int
key(void *user, const char *section, int first, const char *name,
    const char *value)
{
	struct seen *s = user;

	snprintf(s->log + strlen(s->log), sizeof s->log - strlen(s->log),
	    "%s/%d/%s=%s;", section, first, name, value);
	return 1;
}

/*
 * Parse len bytes; the log, or "FAULT@LINE: msg" (FAULT: 1 the
 * callback's, 2 syntax, 3 header, 4 NUL, 5 long, 6 empty, 7 outside).
 */
static struct inifile ini;
static struct seen seen;
static int refuse_line;		/* the callback refuses the key there */

static int
refusing_key(void *user, const char *section, int first, const char *name,
    const char *value)
{
	if (ini.lineno == refuse_line)
		return inifile_fail(&ini, ini.lineno, "no '%s'", name);
	return key(user, section, first, name, value);
}

static const char *
run_n(const char *text, size_t len, unsigned flags, int line_max)
{
	static char out[2600];

	memset(&seen, 0, sizeof seen);
	memset(&ini, 0, sizeof ini);
	ini.key = refusing_key;
	ini.user = &seen;
	ini.flags = flags;
	ini.line_max = line_max;
	if (inifile_parse(&ini, text, len) == 0)
		return seen.log;
	snprintf(out, sizeof out, "%d@%d: %s", (int)ini.fault, ini.err_line,
	    ini.msg);
	return out;
}

static const char *
run(const char *text, unsigned flags)
{
	return run_n(text, strlen(text), flags, 0);
}

/* Also record each key's line. */
static char lines[200];

static int
line_key(void *user, const char *section, int first, const char *name,
    const char *value)
{
	snprintf(lines + strlen(lines), sizeof lines - strlen(lines),
	    "%s:%d/%d ", name, ini.lineno, ini.sect_line);
	return 1;
}

int
main(void)
{
	char buf[400], want[300];

	is_string("a/1/x=1;a/0/y=two words;b/1/z=3;",
	    run("[a]\nx = 1\ny=two words ; a comment\n\n# c\n[b]\nz= 3\n", 0),
	    "sections, keys, values, the first key of each section");
	is_string("", run("", 0), "the empty text");
	is_string("", run("; only\n# comments\n", 0), "only comments");
	is_string("a/1/x=1;", run("\xef\xbb\xbf[a]\r\nx=1\r\n", 0),
	    "a BOM and CRLF");
	is_string("a/1/x=1;a/0/y=2;", run("[a]\n  x = 1\n\ty = 2\n", 0),
	    "indented keys are keys, never continuations");
	is_int(INIFILE_FAULT_SYNTAX, (run("[a]\nx = 1\n  more\n", 0), ini.fault),
	    "an indented line without '=' is a syntax error");
	is_string("2@3: expected 'key = value', '[section]' or a comment",
	    run("[a]\nx = 1\n  more\n", 0), "at its line");
	is_string("a/1/x=1;", run_n("[a]\nx=1\ny=2\n", 8, 0, 0),
	    "only len bytes are read (no NUL needed)");

	/* where keys are */
	memset(&ini, 0, sizeof ini);
	lines[0] = '\0';
	ini.key = line_key;
	inifile_parse(&ini, "; c\n[a]\n\nx=1\n[b]\ny=2\nz=3\n", 25);
	is_string("x:4/2 y:6/5 z:7/5 ", lines,
	    "each key's line and its section header's line");

	/* faults */
	is_string("7@2: key 'x' outside a section", run("\nx = 1\n[a]\n", 0),
	    "a key before any section");
	is_string("/0/x=1;a/1/y=2;", run("x = 1\n[a]\ny=2\n",
	    INIFILE_KEYS_OUTSIDE_OK), "allowed with INIFILE_KEYS_OUTSIDE_OK");
	is_string("3@2: section header without ']'", run("[a]\n[b\nx=1\n", 0),
	    "a header without ']'");
	is_string("b/1/x=1;", run("[a]\n[b]\nx=1\n", 0),
	    "an empty section is fine");
	is_string("6@1: empty section", run("[a]\n[b]\nx=1\n",
	    INIFILE_NO_EMPTY_SECTIONS), "unless refused, at its header");
	is_string("6@3: empty section", run("[a]\nx=1\n[b]\n",
	    INIFILE_NO_EMPTY_SECTIONS), "also the last one");
	is_string("4@2: NUL byte in line", run_n("[a]\nx=\0\ny=1\n", 10, 0, 0),
	    "a NUL byte");
	is_string("2@2: expected 'key = value', '[section]' or a comment",
	    run("[a]\njust words\n", 0), "a line without '='");
	refuse_line = 3;
	is_string("1@3: no 'y'", run_n("[a]\nx=1\ny=2\n", 12, 0, 0),
	    "a key the callback refuses");

	/* the first error wins */
	{
		const char *r;

		memset(&ini, 0, sizeof ini);
		memset(&seen, 0, sizeof seen);
		refuse_line = 4;
		ini.key = refusing_key;
		ini.user = &seen;
		inifile_parse(&ini, "[a]\nbad\nx=1\ny=2\n", 16);
		snprintf(buf, sizeof buf, "%d@%d", (int)ini.fault,
		    ini.err_line);
		is_string("2@2", buf, "a syntax error before a refused key");
		memset(&ini, 0, sizeof ini);
		memset(&seen, 0, sizeof seen);
		refuse_line = 2;
		ini.key = refusing_key;
		ini.user = &seen;
		inifile_parse(&ini, "[a]\nx=1\nbad\n", 12);
		snprintf(buf, sizeof buf, "%d@%d", (int)ini.fault,
		    ini.err_line);
		is_string("1@2", buf, "a refused key before a syntax error");
		r = (inifile_fail(&ini, 9, "later"), ini.msg);
		is_string("no 'x'", r, "later errors are dropped");
	}

	refuse_line = 0;
	/* the line limit at its edge: 199 bytes, inih's buffer */
	memset(buf, 'v', sizeof buf);
	memcpy(buf, "[a]\nk=", 6);
	buf[4 + 199] = '\n';
	buf[4 + 199 + 1] = '\0';
	is_int('a', run(buf, 0)[0], "a line of 199 bytes is read");
	is_int(199 - 2, (int)strlen(seen.log) - (int)strlen("a/1/k=;"),
	    "whole");
	buf[4 + 199] = '\r';
	buf[4 + 200] = '\n';
	buf[4 + 201] = '\0';
	is_int('a', run(buf, 0)[0], "and with CRLF (the CR is not counted)");
	buf[4 + 199] = 'v';
	buf[4 + 200] = '\n';
	is_string("5@2: line too long (at most 199 bytes)", run(buf, 0),
	    "200 bytes are refused, never split");
	is_string("5@2: line too long (at most 150 bytes)",
	    run_n(buf, strlen(buf), 0, 150), "line_max lowers the limit");
	is_int(150, ini.line_limit, "and says so in line_limit");
	snprintf(want, sizeof want, "[a]\nk=%0150d\n", 7);
	is_string("5@2: line too long (at most 150 bytes)",
	    run_n(want, strlen(want), 0, 150), "152 bytes over 150");
	want[4 + 150] = '\n';
	want[4 + 151] = '\0';
	ok(run_n(want, strlen(want), 0, 150)[0] == 'a', "150 pass");
	is_string("5@1: line too long (at most 199 bytes)",
	    run_n(buf + 4, strlen(buf + 4), 0, 1000),
	    "line_max above inih's buffer is inih's buffer");

	/* values */
	ok(inifile_valid_id("quest-2"), "an id");
	ok(!inifile_valid_id("2quest") && !inifile_valid_id("q-") &&
	    !inifile_valid_id("Q") && !inifile_valid_id(""), "not ids");
	{
		static const char *const ids[] = { "a", "b" };
		const char *s = " one,two  three";
		char w[4];

		is_int(1, inifile_find(ids, 2, "b"), "find");
		is_int(-1, inifile_find(ids, 2, "c"), "find nothing");
		is_int(1, inifile_word(&s, w, sizeof w, 1), "a word");
		is_string("one", w, "one");
		is_int(1, inifile_word(&s, w, sizeof w, 1), "a word");
		is_string("two", w, "two, after a comma");
		is_int(1, inifile_word(&s, w, sizeof w, 1), "a word");
		is_string("thr", w, "three, cut to the buffer");
		is_int(0, inifile_word(&s, w, sizeof w, 1), "the end");
	}
	return done_testing();
}
