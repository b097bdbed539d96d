/*
 * inifile.h -- the one INI reader, for the core (the configuration file,
 * lib/conf.c) and every game's data.
 *
 * It drives Debian's libinih through our own line reader, so that:
 * the text need not be NUL-terminated; every key knows its line and its
 * section header's line (libinih is built without INI_HANDLER_LINENO);
 * what inih would silently bend is refused -- a line longer than its
 * buffer (it would split it), a NUL byte (it would cut the line); an
 * indented line is never glued to the previous value as a continuation
 * (leading blanks are dropped); and the first error wins, by line.
 *
 * The syntax: "[section]", "key = value", comments starting with ';'
 * or '#', inline comments " ; ...", a UTF-8 byte-order mark on the
 * first line, CRLF line ends.  What keys and sections mean, and keys
 * given twice, is for the callback (conf.c: "is set twice (first on
 * line N)").
 *
 * Errors: ini->msg and ini->err_line (0: the whole text); ini->fault
 * says which kind, so that a caller may word it in its own terms.
 */
#ifndef TRIGON_INIFILE_H
#define TRIGON_INIFILE_H

#include <stddef.h>

#define INIFILE_MSG_MAX 512

/* flags */
#define INIFILE_NO_EMPTY_SECTIONS 1u /* "[a]" with no key: "empty section" */
#define INIFILE_KEYS_OUTSIDE_OK 2u	/* keys before any "[section]" reach the
				   callback with section ""; without it
				   they are "key 'K' outside a section" */

enum inifile_fault {
	INIFILE_OK = 0,
	INIFILE_FAULT_KEY,		/* the callback's own, through inifile_fail() */
	INIFILE_FAULT_SYNTAX,	/* "expected 'key = value', '[section]' or
				   a comment" */
	INIFILE_FAULT_HEADER,	/* "section header without ']'" */
	INIFILE_FAULT_NUL,		/* "NUL byte in line" */
	INIFILE_FAULT_LONG,		/* "line too long (at most N bytes)" */
	INIFILE_FAULT_EMPTY,	/* "empty section" (at its header) */
	INIFILE_FAULT_OUTSIDE,	/* "key 'K' outside a section" */
	INIFILE_FAULT_NOMEM,	/* "out of memory" */
};

struct inifile {
	/*
	 * Called for each key.  first is 1 for the first key after a
	 * "[section]" line.  Return 1 to go on, 0 after inifile_fail().
	 */
	int (*key)(void *user, const char *section, int first,
	    const char *name, const char *value);
	void *user;
	unsigned flags;
	/* Longest line in bytes, not counting leading blanks and the
	 * "\n" or "\r\n" that ends it; 0 (or more than inih takes, 199):
	 * what inih takes. */
	int line_max;

	/* Read-only for callers, except through the functions. */
	int lineno;		/* line of the key being handled */
	int sect_line;		/* line of the current section header */
	int failed;
	enum inifile_fault fault;	/* kind of the first error */
	int err_line;		/* line of the first error (0: none) */
	int line_limit;		/* the line_max in force, for messages */
	char msg[INIFILE_MSG_MAX];	/* the first error */

	/* private */
	const char *text;
	size_t len, pos;
	int sect_pending;	/* a "[...]" line was read, no key yet */
	int in_section;
};

/* Parse text[0..len) with ini->key, ->user, ->flags, ->line_max set (the
 * rest is reset); 0, or -1 with the first error in ini. */
int inifile_parse(struct inifile *ini, const char *text, size_t len);

/* Record an error (the first one wins; INIFILE_FAULT_KEY); returns 0, what
 * the callback returns to stop.  Usable after inifile_parse too, for checks
 * of the whole text. */
int inifile_fail(struct inifile *ini, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Helpers for values, as every game's data files need them. */

/* An identifier: a-z first, then a-z 0-9 '-', not ending in '-'. */
int inifile_valid_id(const char *s);
/* Index of s in ids[0..n-1], or -1. */
int inifile_find(const char *const *ids, int n, const char *s);
/*
 * Split the next word (separated by blanks, and commas if comma) off
 * *s into buf (truncated to size-1); 0 at the end.
 */
int inifile_word(const char **s, char *buf, size_t size, int comma);

#endif
