/*
 * t/unit/catan/games.c -- the property test of catan-rules(7): GAMES random games
 * on every map (beginner, base, new-shores, fog-islands; 3 and 4 players)
 * from as many seeds, each created through the save layer (save_start, the
 * rules through rules.h, open chance from the header's seed), with these
 * properties checked after every action, on the engine's own state:
 *
 *   CA14.1 legal / apply agreement (a sample of the listed actions applies;
 *   random actions that apply are listed; refused ones change nothing),
 *   CA1.3/CA1.4 conservation of cards, development cards and pieces,
 *   CA11.1 points equal their recount, CA9.2 routes equal their recount,
 *   CA4.6/CA13.3 someone may act while the game runs.
 *
 * Replay from the file.  Every action of a game written to a save file
 * costs an Ed25519 signature and three checks of it (the writer's own, the
 * writer's reader, our reader), about 0.25 ms, 25 times the rest of the
 * test's work an action; so one game in FILE_EVERY (seeds 1-8 of every
 * FILE_EVERY * 8: every map, 3 and 4 players) is written, and for those:
 *
 *   after every action: the action's canonical text (CA13.1) is played
 *   into the file, signed (save_play); a second reader fed the file's new
 *   lines (save_feed: text, signature, annotations) holds a game whose
 *   engine state equals byte for byte the state the engine reached by
 *   applying the action itself (ca_apply), and so does the writer's game;
 *   twice a game (at a random action of its first 500, and at its end):
 *   the whole file so far, sealed, replayed from its first byte by a fresh
 *   reader (save_read_buf, as trigon verify reads a file) gives the same
 *   state.  A whole replay after every action would be quadratic (about
 *   1,200 actions a game); the incremental reader covers every action.
 *
 * And the state stays within 1 KiB.  Measured on the development machine:
 * about 18 s of CPU for 320 games, 32 of them in files.  Under valgrind
 * (CI's leak check runs every unit test so) the same work takes about 9
 * minutes, so there the test plays every eighth block of eight games only
 * (40 games), 4 of them in files (seeds 1-4: each map once), and says so.
 */
#include <sodium.h>

#include "../../tap.h"
#include "util.h"
#include "rand64.h"
#include "save.h"
#include "games/catan/bot.h"
#include "games/catan/catan.h"

#define MAXA 4096
#ifndef GAMES
#define GAMES 320
#endif
/* Games written through the save layer: seeds 1-8 of every FILE_EVERY
   times 8 (all four maps, 3 and 4 players). */
#ifndef FILE_EVERY
#define FILE_EVERY 10
#endif
#define IN_FILE(seed) ((((seed) - 1) / 8) % FILE_EVERY == 0)

static struct ca_action A[MAXA];
static unsigned char SK[CA_SEATS][64], PK[CA_SEATS][32];

static int
pieces_ok(const struct ca_state *st)
{
	for (int s = 0; s < st->nseats; s++) {
		int set = 0, city = 0, road = 0, ship = 0;

		if (st->p[s].resigned)
			continue;
		for (int c = 0; c < st->b->ncorner; c++)
			if (st->corner[c] && CA_C_OWNER(st->corner[c]) == s) {
				set += CA_C_KIND(st->corner[c]) == CA_CP_SETTLEMENT;
				city += CA_C_KIND(st->corner[c]) == CA_CP_CITY;
			}
		for (int e = 0; e < st->b->nedge; e++)
			if (st->edge[e] && CA_E_OWNER(st->edge[e]) == s) {
				ship += (st->edge[e] & CA_E_SHIP) != 0;
				road += (st->edge[e] & CA_E_SHIP) == 0;
			}
		if (set + st->p[s].supply[CA_S_SETTLEMENT] != 5 ||
		    city + st->p[s].supply[CA_S_CITY] != 4 ||
		    road + st->p[s].supply[CA_S_ROAD] != 15 ||
		    ship + st->p[s].supply[CA_S_SHIP] !=
		    (st->b->kind == CA_MAP_SEAFARERS ? 15 : 0))
			return 0;
		if (ca_vp(st, s, 1) != set + 2 * city + st->p[s].bonus +
		    st->p[s].dev[CA_VP] + 2 * (st->army == s) +
		    2 * (st->longest == s))
			return 0;
		if (st->p[s].route != ca_route_length(st, s))
			return 0;
	}
	return 1;
}

static int
cards_ok(const struct ca_state *st, int played_total)
{
	int n = played_total;

	for (int t = 0; t < CA_DEVS; t++) {
		n += st->deck[t];
		for (int s = 0; s < st->nseats; s++)
			n += st->p[s].dev[t];
	}
	return n == 25 || st->p[0].resigned || st->p[1].resigned ||
	    st->p[2].resigned || (st->nseats == 4 && st->p[3].resigned);
}

static void
random_action(struct ca_action *a, const struct ca_state *st, uint64_t *r)
{
	memset(a, 0, sizeof *a);
	a->verb = (uint8_t)(splitmix64(r) % CA_VERBS);
	a->a = (uint8_t)(splitmix64(r) % 256);
	a->b = (uint8_t)(splitmix64(r) % 2 ? CA_NONE : splitmix64(r) % 256);
	a->ka = (uint8_t)(splitmix64(r) % 2);
	a->kb = (uint8_t)(splitmix64(r) % 2);
	a->victim = (uint8_t)(splitmix64(r) % 2 ? CA_NONE :
	    splitmix64(r) % st->nseats);
	a->res = (uint8_t)(splitmix64(r) % CA_RES);
	a->num = (uint16_t)(splitmix64(r) % 4);
	for (int k = 0; k < CA_RES; k++) {
		a->give[k] = (uint8_t)(splitmix64(r) % 3 == 0 ?
		    splitmix64(r) % 5 : 0);
		a->get[k] = (uint8_t)(splitmix64(r) % 3 == 0 ?
		    splitmix64(r) % 3 : 0);
	}
}

/* Listed, compared in canonical text (unused fields do not count); a
   robber move naming no victim is the short form of CA13.2, not listed. */
static int
listed(const struct ca_state *st, const struct ca_action *a, int n)
{
	char x[256], y[256];

	if ((a->verb == CA_A_ROBBER || a->verb == CA_A_PIRATE ||
	    a->verb == CA_A_KNIGHT) && a->victim == CA_NONE)
		return 1;
	ca_format(st, a, x, sizeof x);
	for (int i = 0; i < n && i < MAXA; i++) {
		ca_format(st, &A[i], y, sizeof y);
		if (strcmp(x, y) == 0)
			return 1;
	}
	diag("applies but not listed: %s", x);
	return 0;
}

/*
 * Two games' engine states are the same: every byte of the state but the
 * two pointers (each game has its own board and source of chance), and
 * the boards' bytes after their map pointer (the variable set-up of the
 * base map, fog, harbors).
 */
static int
same_state(const struct ca_state *a, const struct ca_state *b)
{
	struct ca_state x, y;
	size_t from = offsetof(struct ca_board, nhex);

	memcpy(&x, a, sizeof x);
	memcpy(&y, b, sizeof y);
	x.b = y.b = NULL;
	x.ch = y.ch = NULL;
	return memcmp(&x, &y, sizeof x) == 0 &&
	    memcmp((const char *)a->b + from, (const char *)b->b + from,
	    sizeof *a->b - from) == 0;
}

/* The header of a new game as trigon new writes it (catan's new options
   included), seats red, blue, white[, orange], seed 32 bytes of seed. */
static void
header(struct save_header *h, int seed, const char *map, int n)
{
	const struct rules *r = &catan_rules;

	memset(h, 0, sizeof *h);
	snprintf(h->rules, sizeof h->rules, "catan");
	memset(h->seed, seed, sizeof h->seed);
	snprintf(h->created, sizeof h->created, "2026-11-24T00:00:00Z");
	snprintf(h->option[h->noptions++], SAVE_OPTION_MAX, "map=%s", map);
	for (size_t k = 0; r->new_options && r->new_options[k]; k++)
		snprintf(h->option[h->noptions++], SAVE_OPTION_MAX, "%s",
		    r->new_options[k]);
	h->nplayers = n;
	for (int i = 0; i < n; i++) {
		snprintf(h->player[i].seat, SAVE_SEAT_MAX, "%s",
		    ca_seat_names[i]);
		snprintf(h->player[i].name, SAVE_NAME_MAX, "Player %d", i + 1);
		memcpy(h->player[i].pk, PK[i], 32);
	}
}

/* Feed buf[from..len) to s line by line (every line ends in '\n'). */
static int
feed(struct save *s, const struct buf *b, size_t from, struct err *e)
{
	while (from < b->len) {
		const char *nl = memchr(b->p + from, '\n', b->len - from);

		if (nl == NULL)
			return -1;
		if (save_feed(s, b->p + from,
		    (size_t)(nl - (b->p + from)), e) != 0)
			return -1;
		from = (size_t)(nl - b->p) + 1;
	}
	return 0;
}

/* The file so far, sealed by seat, replayed from its first byte by a fresh
   reader: its game equals st. */
static int
full_replay_same(struct save *w, const struct buf *out, int seat,
    const struct ca_state *st)
{
	struct buf end = { 0 }, file = { 0 };
	struct save f;
	struct err e;
	int same;

	memset(&e, 0, sizeof e);
	if (save_seal(w, SK[seat], &end, &e) != 0)
		bail("seal: %s", e.msg);
	buf_add(&file, out->p, out->len);
	buf_add(&file, end.p, end.len);
	save_init(&f, "replay");
	if (save_read_buf(&f, file.p, file.len, &e) != 0) {
		diag("replay: line %d: %s", e.line, e.msg);
		same = 0;
	} else
		same = f.game != NULL &&
		    same_state(ca_game_state(f.game), st);
	save_release(&f);
	buf_release(&end);
	buf_release(&file);
	return same;
}

int
main(void)
{
	static const char *maps[] = { "beginner", "base", "new-shores",
	    "fog-islands" };
	int games = 0, over = 0, bad_apply = 0, bad_refuse = 0, bad_cons = 0,
	    bad_await = 0, unlisted = 0, actions = 0, bad_unchanged = 0,
	    points = 0, bad_write = 0, bad_stream = 0, bad_writer = 0,
	    bad_full = 0, full = 0, won_in_file = 0, file_games = 0,
	    file_actions = 0, over_in_file = 0;
	int maps_over[4] = { 0 }, by_seats[2] = { 0 };

	rules_register(rules_table);
	if (sodium_init() < 0)
		bail("sodium_init");
	for (int i = 0; i < CA_SEATS; i++) {
		unsigned char kseed[crypto_sign_SEEDBYTES];

		memset(kseed, 0x40 + i, sizeof kseed);
		crypto_sign_seed_keypair(PK[i], SK[i], kseed);
	}
	u_load();
	is_int(1, sizeof(struct ca_state) <= CA_STATE_MAX,
	    "the state is at most 1 KiB (%zu bytes)",
	    sizeof(struct ca_state));
	if (tap_valgrind())
		diag("under valgrind: every eighth game only");
	for (int seed = 1; seed <= GAMES; seed++) {
		struct ca_state st;
		uint64_t r = (uint64_t)seed * 7919;
		const char *map = maps[seed % 4];
		int n = 3 + (seed / 4) % 2, played = 0, last = 0;
		int in_file = IN_FILE(seed) && (!tap_valgrind() ||
		    seed <= 4), mid = 0;
		struct rules_error e;
		struct save_header h;
		struct save w, rd;
		struct buf out = { 0 };
		struct err se;

		if (tap_valgrind() && ((seed - 1) / 8) % 8 != 0)
			continue;
		memset(&se, 0, sizeof se);
		header(&h, seed, map, n);
		save_init(&w, "writer");
		if (save_start(&w, &h, &out, &se) != 0)
			bail("seed %d: start: %s", seed, se.msg);
		save_init(&rd, "reader");
		if (feed(&rd, &out, 0, &se) != 0)
			bail("seed %d: reading the header: %s", seed, se.msg);
		/* the engine's own copy, played by ca_apply with the
		   writer's source of chance (open mode: the header's seed) */
		memcpy(&st, ca_game_state(w.game), sizeof st);
		if (!same_state(&st, ca_game_state(rd.game)))
			bad_stream++;
		games++;
		file_games += in_file;
		/* one whole-file replay at a random action of the game's
		   first 500, another at its end */
		if (in_file)
			mid = 1 + (int)(splitmix64(&r) % 500);
		for (int step = 0; step < 6000 && st.phase != CA_PH_OVER;
		    step++) {
			unsigned m = ca_may_act(&st);
			int seat, k, cnt;
			struct ca_action ra;
			char text[256];
			size_t at;

			if (m == 0 || !((m >> ca_await_seat(&st)) & 1)) {
				bad_await++;
				break;
			}
			/* a random seat among those who may act */
			do
				seat = (int)(splitmix64(&r) % (uint64_t)n);
			while (!((m >> seat) & 1));
			cnt = ca_legal(&st, seat, A, MAXA);
			if (cnt > MAXA)
				cnt = MAXA;
			/* every listed action applies (a sample of them) */
			for (int t = 0; t < 3 && cnt > 0; t++) {
				struct ca_state c = st;

				k = (int)(splitmix64(&r) % (uint64_t)cnt);
				if (ca_apply(&c, seat, &A[k], NULL, NULL, &e) != 0)
					bad_apply++;
			}
			/* random actions: applied only if listed; refused
			   ones change nothing */
			for (int t = 0; t < 4; t++) {
				struct ca_state c = st;

				random_action(&ra, &st, &r);
				if (ra.verb == CA_A_OFFER)
					continue;
				if (ca_apply(&c, seat, &ra, NULL, NULL, &e) == 0) {
					if (!listed(&st, &ra, cnt))
						unlisted++;
				} else if (memcmp(&c, &st, sizeof c) != 0)
					bad_unchanged++;
			}
			if (cnt == 0) {
				bad_refuse++;
				break;
			}
			/* resign rarely; end a turn less often than not */
			for (int t = 0; t < 8; t++) {
				k = (int)(splitmix64(&r) % (uint64_t)cnt);
				if (A[k].verb == CA_A_RESIGN &&
				    splitmix64(&r) % 4000)
					continue;
				if (A[k].verb == CA_A_END && t < 3)
					continue;
				if (A[k].verb == CA_A_TRADE && t < 6)
					continue;
				break;
			}
			if (A[k].verb == CA_A_RESIGN && splitmix64(&r) % 4000)
				k = 0;
			if (A[k].verb == CA_A_KNIGHT || A[k].verb == CA_A_ROADS ||
			    A[k].verb == CA_A_PLENTY || A[k].verb == CA_A_MONOPOLY)
				played++;
			if (A[k].verb == CA_A_RESIGN)
				played = -1000;
			ca_format(&st, &A[k], text, sizeof text);
			if (ca_apply(&st, seat, &A[k], NULL, NULL, &e) != 0) {
				bad_apply++;
				diag("seed %d: %s", seed, e.msg);
				break;
			}
			actions++;
			if (!conserved(&st) || !pieces_ok(&st) ||
			    (played >= 0 && !cards_ok(&st, played)))
				bad_cons++;
			if (!in_file)
				continue;
			/* the same action as text into the file, signed */
			file_actions++;
			at = out.len;
			if (save_play(&w, text, strlen(text), SK[seat], &out,
			    &se) != 0) {
				diag("seed %d: '%s' by %s: %s", seed, text,
				    ca_seat_names[seat], se.msg);
				bad_write++;
				break;
			}
			last = seat;
			if (!same_state(&st, ca_game_state(w.game)))
				bad_writer++;
			/* replay from the file's text: its new lines */
			if (feed(&rd, &out, at, &se) != 0) {
				diag("seed %d: reading '%s': line %d: %s", seed,
				    text, se.line, se.msg);
				bad_stream++;
				break;
			}
			if (!same_state(&st, ca_game_state(rd.game))) {
				if (bad_stream++ == 0)
					diag("seed %d: the file's game differs "
					    "after '%s'", seed, text);
			}
			if (step == mid) {
				full++;
				if (!full_replay_same(&w, &out, seat, &st))
					bad_full++;
			}
		}
		if (in_file && out.len > 0) {
			full++;
			if (!full_replay_same(&w, &out, last, &st))
				bad_full++;
		}
		if (st.phase == CA_PH_OVER) {
			struct rules_await aw;

			over++;
			maps_over[seed % 4]++;
			by_seats[n - 3]++;
			if (in_file) {
				rd.rules->await(rd.game, &aw);
				won_in_file += aw.over && aw.winner == st.winner;
				over_in_file++;
			}
		}
		points += st.phase == CA_PH_OVER && st.how == 1;
		save_release(&rd);
		save_release(&w);
		buf_release(&out);
	}
	is_int(0, bad_apply, "CA14.1: every listed action applies");
	is_int(0, unlisted, "CA14.1: every action that applies is listed");
	is_int(0, bad_unchanged, "refusals leave the state unchanged");
	is_int(0, bad_refuse, "CA13.3: a seat that may act has something legal");
	is_int(0, bad_await, "CA13.3: the awaited seat may act");
	is_int(0, bad_cons, "CA1.3/CA1.4/CA11.1/CA9.2: cards, pieces, points "
	    "and routes add up after every action");
	is_int(0, bad_write, "CA13.1: every action's canonical text is "
	    "written to the file, signed (save_play)");
	is_int(0, bad_writer, "the writer's game equals the engine's after "
	    "every action");
	is_int(0, bad_stream, "replay from the file's text (its new lines "
	    "read back) equals the game after every action (%d games, %d "
	    "actions)", file_games, file_actions);
	ok(bad_full == 0 && full >= 2 * file_games - file_games / 10,
	    "the whole file replayed from its first byte equals the game "
	    "(%d replays, %d differ)", full, bad_full);
	diag("%d games, %d over (%d on points), %d actions", games, over,
	    points, actions);
	ok(over > games * 9 / 10, "random games end (%d of %d)", over, games);
	ok(maps_over[0] && maps_over[1] && maps_over[2] && maps_over[3] &&
	    by_seats[0] && by_seats[1], "games end on every map (%d %d %d %d) "
	    "with 3 and 4 players (%d, %d)", maps_over[0], maps_over[1],
	    maps_over[2], maps_over[3], by_seats[0], by_seats[1]);
	is_int(over_in_file, won_in_file, "the file's game has the same "
	    "winner (%d games over)", over_in_file);
	return done_testing();
}
