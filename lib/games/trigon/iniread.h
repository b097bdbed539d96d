/*
 * iniread.h -- the INI reading shared by the design data (data.c) and
 * scenarios (scenario.c): inih driven by our own line reader, so that
 * every key knows its line and the first error wins; plus the small
 * value parsers both need.  Internal to lib/games/trigon/.
 */
#ifndef TRIGON_INIREAD_H
#define TRIGON_INIREAD_H

#include <stddef.h>

#include "rules.h"

struct tg_ini {
	/*
	 * Called for each key.  first is 1 for the first key of a new
	 * "[section]" (sections without keys are refused before).  Return
	 * 1 to go on, 0 after tg_ini_fail().
	 */
	int (*key)(void *user, const char *section, int first,
	    const char *name, const char *value);
	void *user;

	/* state: read-only for the callers, except through the functions */
	const char *text;
	size_t len, pos;
	int lineno;		/* line of the key being handled */
	int failed;
	int err_line;		/* first error (0: the whole text) */
	char msg[RULES_MSG_MAX];
	int sect_pending;	/* a "[...]" line was read, no key yet */
	int sect_line;		/* line of the current section header */
	int in_section;
};

/* Parse text with ini->key set; 0, or -1 with the first error in ini. */
int tg_ini_run(struct tg_ini *ini, const char *text, size_t len);

/* Record the first error (later ones are dropped); returns 0. */
int tg_ini_fail(struct tg_ini *ini, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* a-z first, then a-z 0-9 '-', not ending in '-'. */
int tg_ini_valid_id(const char *s);
/* Well-formed UTF-8 without control characters. */
int tg_ini_valid_utf8(const char *s);
/* The whole of s as a decimal 0..max: 0, -1 not a number, -2 too big. */
int tg_ini_uint(const char *s, int max, int *out);
/* Index of s in ids[0..n-1], or -1. */
int tg_ini_find(const char *const *ids, int n, const char *s);
/*
 * Split the next word (separated by blanks, and commas if comma) off
 * *s into buf (truncated to size-1); 0 at the end.
 */
int tg_ini_word(const char **s, char *buf, size_t size, int comma);

#endif
