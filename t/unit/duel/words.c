/*
 * t/unit/duel/words.c -- the words of the Duel's order language
 * (duel-rules(7), ORDER LANGUAGE: upper case and runs of blanks are
 * accepted).  parse.c splits eight bytes at a time; this holds it to
 * the rule byte by byte: every order listed in random games, written
 * again in random case with runs of spaces and tabs, reads as the same
 * order; a line end or NUL anywhere, or a byte no word of the language
 * has, makes it no order; a word of 39 bytes or more is no word.
 */
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "chance.h"
#include "rand64.h"
#include "games/duel/engine.h"
#include "games/duel/parse.h"

#define MAXA 4096

static struct du_data D;
static struct du_action list[MAXA];
static uint64_t rs = 0x5eed0fd0e1ull;

static int
rnd(int n)
{
	return (int)(splitmix64(&rs) % (uint64_t)n);
}

/* canon written again: random case, each space a run of 1-3 blanks,
 * blanks before and after */
static size_t
vary(const char *canon, char *out)
{
	size_t n = 0;

	for (int k = rnd(3); k > 0; k--)
		out[n++] = rnd(2) ? ' ' : '\t';
	for (const char *p = canon; *p; p++) {
		if (*p == ' ') {
			for (int k = 1 + rnd(3); k > 0; k--)
				out[n++] = rnd(2) ? ' ' : '\t';
			continue;
		}
		out[n++] = *p >= 'a' && *p <= 'z' && rnd(2) ?
		    (char)(*p - 'a' + 'A') : *p;
	}
	for (int k = rnd(3); k > 0; k--)
		out[n++] = rnd(2) ? ' ' : '\t';
	return n;
}

static int
reads_as(const char *text, size_t len, const char *canon)
{
	struct du_action a;
	struct rules_error e;
	char back[RULES_ACTION_MAX];

	if (du_parse(&D, text, len, &a, &e) != 0)
		return 0;
	du_format(&D, &a, back, sizeof back);
	return strcmp(back, canon) == 0;
}

static int
refused(const char *text, size_t len)
{
	struct du_action a;
	struct rules_error e;

	memset(&e, 0, sizeof e);
	return du_parse(&D, text, len, &a, &e) == RULES_EPARSE &&
	    e.msg[0] != '\0';
}

int
main(void)
{
	static const char bad[] = { '\n', '\r', '\0', '\x01', (char)0xc3,
	    (char)0xff };
	struct rules_error err;
	long orders = 0, same = 0, stops = 0, stopped = 0;
	char word[64], text[128];

	plan(5);
	if (du_data_load(&D, NULL, 0, &err) != 0)
		bail("%s", err.msg);
	for (int g = 0; g < 12; g++) {
		unsigned char seed[RULES_SEED_BYTES] = { (unsigned char)g, 0x77 };
		struct chance_seed cs;
		struct du_state st;

		chance_seed_init(&cs, seed);
		if (du_init(&st, &D, &cs.chance, NULL, &err) != 0)
			bail("%s", err.msg);
		for (int step = 0; st.phase != DU_PH_OVER && step < 400; step++) {
			int seat = du_await_seat(&st), n, pick;

			n = du_legal(&st, seat, list, MAXA);
			if (n > MAXA)
				n = MAXA;
			if (n == 0)
				bail("no order listed");
			for (int i = 0; i < n && i < 40; i++) {
				char canon[RULES_ACTION_MAX], v[3 * RULES_ACTION_MAX];
				size_t len;

				du_format(&D, &list[i], canon, sizeof canon);
				len = vary(canon, v);
				orders++;
				same += reads_as(v, len, canon);
				/* a stop byte anywhere in a word */
				len = strlen(canon);
				memcpy(v, canon, len);
				do
					pick = rnd((int)len);
				while (canon[pick] == ' ');
				v[pick] = bad[rnd((int)sizeof bad)];
				stops++;
				stopped += refused(v, len);
			}
			pick = rnd(n);
			if (du_apply(&st, seat, &list[pick], 0, NULL, &err) != 0)
				bail("%s", err.msg);
		}
	}
	ok(orders > 5000 && same == orders, "ORDER LANGUAGE: %ld listed orders in "
	    "random case with runs of blanks read as themselves (%ld did)",
	    orders, same);
	ok(stops == orders && stopped == stops, "ORDER LANGUAGE: a line end, NUL or "
	    "byte of no word inside an order: no order (%ld of %ld)", stopped,
	    stops);
	/* the longest words: 38 bytes are a word (unknown), 39 are none;
	 * both no order, and the known word after either is not reached */
	memset(word, 'a', sizeof word);
	ok(refused(word, 38) && refused(word, 39) && refused(word, 60),
	    "ORDER LANGUAGE: words of 38, 39 and 60 bytes are no order");
	memcpy(text, "ROLL", 4);
	ok(reads_as(text, 4, "roll") && reads_as("\t roll \t", 8, "roll") &&
	    reads_as("roll", 4, "roll"), "ORDER LANGUAGE: ROLL, blanks around roll");
	ok(refused("", 0) && refused(" \t ", 3) && refused("roll\n", 5) &&
	    refused("roll\0", 5), "ORDER LANGUAGE: nothing, blanks alone, a line end or "
	    "NUL after roll: no order");
	return done_testing();
}
