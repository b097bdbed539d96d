/*
 * t/unit/mail.c -- the TRIGON MOVES armour and its payload (lib/mail.c):
 * round trips of every length, what mail systems do to the text (line
 * breaks anywhere, "> " and "|" quoting, spaces), damage caught by the
 * checksum, stray text refused, payload parsing, and which moves trigon
 * mail sends by default.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "../tap.h"
#include "mail.h"

struct got {
	int n, bad;
	unsigned char *p;
	size_t len;
	char why[ERR_MSG_MAX];
};

static int
collect(void *ctx, unsigned char *payload, size_t len, const struct err *bad)
{
	struct got *g = ctx;

	g->n++;
	if (bad != NULL) {
		g->bad++;
		snprintf(g->why, sizeof g->why, "%s", bad->msg);
		return 0;
	}
	free(g->p);
	g->p = payload;
	g->len = len;
	return 0;
}

/* Dearmour text; 1 when exactly one good block equal to want came out. */
static int
roundtrip(const char *text, size_t tlen, const void *want, size_t wlen,
    struct got *g)
{
	memset(g, 0, sizeof *g);
	mail_dearmour(text, tlen, collect, g);
	return g->n == 1 && g->bad == 0 && g->len == wlen &&
	    (wlen == 0 || memcmp(g->p, want, wlen) == 0);
}

/* Apply a transformation: each '\n' becomes repl. */
static char *
replace_nl(const char *s, size_t len, const char *repl, size_t *outlen)
{
	size_t rl = strlen(repl), n = 0;
	char *o = malloc(len * (rl + 1) + 1);

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n') {
			memcpy(o + n, repl, rl);
			n += rl;
		} else {
			o[n++] = s[i];
		}
	}
	o[n] = '\0';
	*outlen = n;
	return o;
}

int
main(void)
{
	unsigned char data[700];
	struct buf a = { 0 };
	struct got g;
	size_t n;
	char *t;
	int all;

	rules_register(rules_table);
	if (sodium_init() < 0)
		bail("sodium_init");
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (unsigned char)(i * 37 + 11);

	/* Every length from 0 to 200 survives the round trip. */
	all = 1;
	for (size_t len = 0; len <= 200; len++) {
		a.len = 0;
		if (mail_armour(&a, data, len, NULL) != 0 ||
		    !roundtrip(a.p, a.len, data, len, &g))
			all = 0;
		free(g.p);
	}
	ok(all, "armour round trip for every length 0..200");

	a.len = 0;
	mail_armour(&a, data, sizeof data, NULL);
	ok(strncmp(a.p, MAIL_BEGIN "\n", strlen(MAIL_BEGIN) + 1) == 0,
	    "the block starts with the BEGIN line");
	ok(strstr(a.p, "\n" MAIL_END "\n") != NULL, "and ends with END");
	{
		int longest = 0, cur = 0;

		for (size_t i = 0; i < a.len; i++) {
			cur = a.p[i] == '\n' ? 0 : cur + 1;
			if (cur > longest)
				longest = cur;
		}
		is_int(MAIL_LINE, longest, "no line longer than %d",
		    MAIL_LINE);
	}
	ok(strchr(a.p, '-') == strstr(a.p, "-----BEGIN") &&
	    strstr(a.p, "=") != NULL, "base64 without '-' (standard "
	    "alphabet) and a '=' checksum line");

	t = replace_nl(a.p, a.len, "\n> ", &n);
	ok(roundtrip(t, n, data, sizeof data, &g), "quoted with '> '");
	free(g.p);
	free(t);
	t = replace_nl(a.p, a.len, "\n> > | ", &n);
	ok(roundtrip(t, n, data, sizeof data, &g), "quoted twice, and with '|'");
	free(g.p);
	free(t);
	t = replace_nl(a.p, a.len, " ", &n);
	ok(roundtrip(t, n, data, sizeof data, &g), "all lines joined with "
	    "spaces (re-wrapped)");
	free(g.p);
	free(t);
	t = replace_nl(a.p, a.len, "\r\n", &n);
	ok(roundtrip(t, n, data, sizeof data, &g), "CRLF line ends");
	free(g.p);
	free(t);
	{
		/* Break every line in the middle. */
		char *f = malloc(a.len * 2 + 1);
		size_t k = 0;
		int col = 0, marker = 1;

		for (size_t i = 0; i < a.len; i++) {
			f[k++] = a.p[i];
			col = a.p[i] == '\n' ? 0 : col + 1;
			if (col == 1)
				marker = a.p[i] == '-';
			if (col == 20 && !marker)
				f[k++] = '\n';
		}
		ok(roundtrip(f, k, data, sizeof data, &g), "lines broken at "
		    "20 columns");
		free(g.p);
		free(f);
	}
	{
		/* Marker lines broken between their words, and quoted. */
		char *f = malloc(a.len + 100), *w;
		size_t k = 0;

		for (size_t i = 0; i < a.len; i++) {
			if (strncmp(a.p + i, " TRIGON MOVES-----", 18) == 0) {
				memcpy(f + k, "\n> TRIGON\n>  MOVES-----", 23);
				k += 23;
				i += 17;
				continue;
			}
			f[k++] = a.p[i];
		}
		w = strstr(f, "BEGIN\n> TRIGON");
		ok(w != NULL && roundtrip(f, k, data, sizeof data, &g),
		    "marker lines broken between their words and quoted");
		free(g.p);
		free(f);
	}
	{
		char *f = malloc(a.len + 100);

		n = (size_t)sprintf(f, "Hello,\n\nhere you are:\n\n%.*s\nBye!\n",
		    (int)a.len, a.p);
		ok(roundtrip(f, n, data, sizeof data, &g), "text around the "
		    "block");
		free(g.p);
		free(f);
	}
	{
		/* Change one base64 character. */
		char *f = malloc(a.len + 1);
		char *c;

		memcpy(f, a.p, a.len);
		c = f + strlen(MAIL_BEGIN) + 1 + 5;
		*c = *c == 'A' ? 'B' : 'A';
		memset(&g, 0, sizeof g);
		mail_dearmour(f, a.len, collect, &g);
		ok(g.n == 1 && g.bad == 1 && strstr(g.why, "checksum does not "
		    "match") != NULL, "one changed character: %s", g.why);
		free(f);
	}
	{
		static const char stray[] = MAIL_BEGIN "\nQUJD, hello\n=AAAAAAAA\n"
		    MAIL_END "\n";

		memset(&g, 0, sizeof g);
		mail_dearmour(stray, sizeof stray - 1, collect, &g);
		ok(g.bad == 1 && strstr(g.why, "unexpected character ','") !=
		    NULL, "stray text: %s", g.why);
	}
	{
		static const char cut[] = MAIL_BEGIN "\nQUJD\n";

		memset(&g, 0, sizeof g);
		mail_dearmour(cut, sizeof cut - 1, collect, &g);
		ok(g.bad == 1 && strstr(g.why, "no '" MAIL_END "'") != NULL,
		    "no END line: %s", g.why);
	}
	{
		static const char nock[] = MAIL_BEGIN "\nQUJD\n" MAIL_END "\n";

		memset(&g, 0, sizeof g);
		mail_dearmour(nock, sizeof nock - 1, collect, &g);
		ok(g.bad == 1 && strstr(g.why, "no checksum") != NULL,
		    "no checksum: %s", g.why);
	}
	{
		/* Two blocks in one text come out in order. */
		struct buf two = { 0 };

		mail_armour(&two, "one", 3, NULL);
		mail_armour(&two, "second", 6, NULL);
		memset(&g, 0, sizeof g);
		mail_dearmour(two.p, two.len, collect, &g);
		ok(g.n == 2 && g.bad == 0 && g.len == 6 &&
		    memcmp(g.p, "second", 6) == 0, "two blocks, in order");
		free(g.p);
		buf_release(&two);
	}

	/* The payload. */
	{
		static const char good[] = "trigon-moves 1\ngame "
		    "000102030405060708090a0b0c0d0e0f\nbase 12 "
		    "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
		    "\nafter 3\nlength 5\n\nhello";
		struct mail_block b;
		struct err e;
		char bad[sizeof good];

		ok(mail_block_parse(&b, (const unsigned char *)good,
		    sizeof good - 1, &e) == 0 && b.base == 12 && b.after == 3 &&
		    b.len == 5 && memcmp(b.data, "hello", 5) == 0 &&
		    b.game_id[15] == 0x0f && b.base_hash[31] == 0xff,
		    "a payload parses");
		ok(mail_block_parse(&b, (const unsigned char *)good,
		    sizeof good - 2, &e) == ERR_DAMAGED &&
		    strstr(e.msg, "carries 4 bytes, not the 5") != NULL,
		    "a short payload: %s", e.msg);
		memcpy(bad, good, sizeof good);
		bad[13] = '2';
		ok(mail_block_parse(&b, (const unsigned char *)bad,
		    sizeof good - 1, &e) == ERR_DAMAGED, "version 2 refused: "
		    "%s", e.msg);
		memcpy(bad, good, sizeof good);
		memcpy(strstr(bad, "base 12"), "base 01", 7);
		ok(mail_block_parse(&b, (const unsigned char *)bad,
		    sizeof good - 1, &e) == ERR_DAMAGED, "a leading zero "
		    "refused: %s", e.msg);
	}

	/* Which moves are sent by default. */
	{
		struct savecheck_action acts[6];
		struct savecheck_map m = { 0 };
		int seats[6] = { 1, 1, 0, 0, 1, 0 };
		uint64_t since;
		size_t base;

		memset(acts, 0, sizeof acts);
		for (int i = 0; i < 6; i++) {
			acts[i].seq = (uint64_t)i + 1;
			acts[i].seat = seats[i];
			acts[i].end = 100 + 10 * (size_t)i;
		}
		m.a = acts;
		m.n = 6;
		mail_default_since(&m, 0, &since);
		is_int(5, (long long)since, "seat 0 sends its move 6 (after 5)");
		mail_default_since(&m, 1, &since);
		is_int(4, (long long)since, "seat 1 sends its move 5 and what "
		    "followed (after 4)");
		m.n = 4;
		mail_default_since(&m, 0, &since);
		is_int(2, (long long)since, "seat 0 sends moves 3-4 (after 2)");
		m.n = 2;
		mail_default_since(&m, 0, &since);
		is_int(0, (long long)since, "a seat that has not moved sends "
		    "the whole file");
		mail_default_since(&m, 1, &since);
		is_int(0, (long long)since, "the first mover sends the whole "
		    "file");
		m.n = 6;
		ok(mail_base_of(&m, 3, &base) == 0 && base == 120, "base after "
		    "move 3 is where its lines end");
		ok(mail_base_of(&m, 0, &base) == 0 && base == 0, "since 0: "
		    "base 0");
		ok(mail_base_of(&m, 7, &base) != 0, "no move 7");
	}
	buf_release(&a);
	return done_testing();
}
