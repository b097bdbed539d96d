/*
 * util.h -- helpers of Catan's rules tests (header only): the data and
 * boards, a state from a position blob (D4), a source of chance whose
 * answers a test forces (CA12.5: dice, steals, deck and fog draws set
 * through the C API), and apply-by-text with the refusal check that a
 * refused action leaves the state unchanged byte for byte.
 */
#ifndef CATAN_T_UTIL_H
#define CATAN_T_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chance.h"
#include "rand64.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"

enum { RED, BLUE, WHITE, ORANGE };

static struct ca_data U_data;
static struct ca_board U_board;
static struct rules_note U_note;
static struct ca_secret U_sec;
static struct rules_error U_err;

/* ---- forced chance: each event takes the next script, else open mode -- */
#define U_SCRIPTS 64
static unsigned char U_script[U_SCRIPTS][8];
static int U_script_len[U_SCRIPTS], U_nscript, U_next_script;
static unsigned U_last_kind;

static inline int
u_event(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	(void)ctx;
	(void)err;
	U_last_kind = req->kind;
	if (U_next_script < U_nscript) {
		int i = U_next_script++;

		memset(out, 0, sizeof *out);
		out->ic = 1;
		out->pos = 0;
		memcpy(out->buf, U_script[i], (size_t)U_script_len[i]);
		return 0;
	} else {
		unsigned char seed[RULES_SEED_BYTES];

		memset(seed, 7, sizeof seed);
		chance_seed_stream(out, seed, req->kind, event);
		return 0;
	}
}

static struct rules_chance U_chance = { u_event, NULL, NULL, 0 };

/* The next event draws these bytes (each < 256 - 256 % n: taken as is). */
static inline void
force(int n, const unsigned char *bytes)
{
	if (U_nscript == U_SCRIPTS)
		abort();
	memcpy(U_script[U_nscript], bytes, (size_t)n);
	U_script_len[U_nscript++] = n;
}

static inline void
force_dice(int d1, int d2)
{
	unsigned char b[2] = { (unsigned char)(d1 - 1), (unsigned char)(d2 - 1) };

	force(2, b);
}

static inline void
force_index(int i)
{
	unsigned char b[1] = { (unsigned char)i };

	force(1, b);
}

static inline void
force_clear(void)
{
	U_nscript = U_next_script = 0;
}

/* ---- set-up --------------------------------------------------------- */

static inline void
u_load(void)
{
	static int done;
	struct rules_error e;

	if (!done && ca_data_load(&U_data, NULL, 0, NULL, 0, &e) != 0)
		bail("data: %s", e.msg);
	done = 1;
}

/* A fresh game of n seats on map, laid out by position text (NULL: none). */
static inline void
u_game(struct ca_state *st, const char *map, int n, const char *position)
{
	struct rules_error e;

	u_load();
	force_clear();
	if (ca_board_build(&U_board, ca_data_map(&U_data, map), NULL, &e) != 0)
		bail("board %s: %s", map, e.msg);
	ca_init(st, &U_board, &U_data, n, 0, &U_chance);
	if (position != NULL &&
	    ca_position_load(st, position, strlen(position), &e) != 0)
		bail("position: %s (line %d)", e.msg, e.line);
}

/* Apply text by seat: the rules_rc; note, secret and error kept. */
static inline int
act(struct ca_state *st, int seat, const char *text)
{
	struct ca_action a;
	int rc;

	U_note.len = 0;
	U_note.text[0] = '\0';
	memset(&U_err, 0, sizeof U_err);
	rc = ca_parse(st, text, strlen(text), &a, &U_err);
	if (rc != 0)
		return rc;
	return ca_apply(st, seat, &a, &U_note, &U_sec, &U_err);
}

/* Must apply. */
static inline int
acts(struct ca_state *st, int seat, const char *text, const char *what)
{
	int rc = act(st, seat, text);

	if (rc != 0)
		diag("'%s' by %s: %s", text, ca_seat_names[seat], U_err.msg);
	return ok(rc == 0, "%s: '%s' applies", what, text);
}

/* Must be refused with code, leaving the state byte for byte. */
static inline int
refused_rc(struct ca_state *st, int seat, const char *text, int code,
    const char *what)
{
	struct ca_state before = *st;
	int rc = act(st, seat, text);

	if (rc == 0)
		diag("'%s' by %s was applied", text, ca_seat_names[seat]);
	return ok(rc == code && memcmp(&before, st, sizeof before) == 0,
	    "%s: '%s' refused (%s), state unchanged", what, text, U_err.msg);
}

static inline int
refused(struct ca_state *st, int seat, const char *text, const char *what)
{
	return refused_rc(st, seat, text, RULES_REFUSED, what);
}

/* A hand as text, "1 brick 2 wood", "" when empty. */
static inline const char *
hand(const struct ca_state *st, int seat)
{
	static char buf[8][128];
	static int k;
	char *b = buf[k++ % 8];
	size_t len = 0;

	b[0] = '\0';
	for (int i = 0; i < CA_KINDS; i++)
		if (st->p[seat].hand[i])
			len += (size_t)snprintf(b + len, 128 - len, "%s%d %s",
			    len ? " " : "", st->p[seat].hand[i],
			    ca_kind_names[i]);
	return b;
}

static inline int
note_has(const char *s)
{
	return strstr(U_note.text, s) != NULL;
}

static inline int
hexi(const struct ca_state *st, const char *s)
{
	return ca_parse_hex(st->b, s, strlen(s));
}

/* Resources and pieces are conserved (catan-rules(7), COMPONENTS AND OPTIONS); in a
   C&K game 19 of each resource and 12 of each commodity (CK2.2). */
static inline int
conserved(const struct ca_state *st)
{
	for (int k = 0; k < CA_KINDS; k++) {
		int n = st->bank[k];

		for (int s = 0; s < st->nseats; s++)
			n += st->p[s].hand[k];
		if (n != (!CA_CK(st) ? U_data.bank[k] : k < CA_RES ? 19 :
		    CK_COMMODITIES))
			return 0;
	}
	return 1;
}

/* The data (u_load), C&K's embedded data into ck and the boards of the
   n maps named (ck-games.c, ck-bot.c). */
static inline void
u_ck_load(struct ck_data *ck, struct ca_board *boards,
    const char *const *maps, int n)
{
	struct rules_error e;

	u_load();
	if (ck_data_load(ck, NULL, 0, NULL, 0, &e) != 0)
		bail("C&K data: %s", e.msg);
	for (int m = 0; m < n; m++)
		if (ca_board_build(&boards[m], ca_data_map(&U_data, maps[m]),
		    NULL, &e) != 0)
			bail("board %s: %s", maps[m], e.msg);
}

/* A random game's action (ck-games.c, ck-bot.c): a verb uniformly among
   those listed (resigning only when alone), then one of its actions. */
static inline int
u_choose(const struct ca_action *a, int n, uint64_t *rng)
{
	int verbs[CA_VERBS], nv = 0, v, k = 0, pick;

	for (int i = 0; i < n; i++) {
		int seen = 0;

		if (a[i].verb == CA_A_RESIGN && n > 1)
			continue;
		for (int j = 0; j < nv; j++)
			seen |= verbs[j] == a[i].verb;
		if (!seen)
			verbs[nv++] = a[i].verb;
	}
	v = verbs[splitmix64(rng) % (uint64_t)nv];
	for (int i = 0; i < n; i++)
		k += a[i].verb == v;
	pick = (int)(splitmix64(rng) % (uint64_t)k);
	for (int i = 0; i < n; i++)
		if (a[i].verb == v && pick-- == 0)
			return i;
	return 0;
}

#endif
