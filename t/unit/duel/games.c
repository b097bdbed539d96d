/*
 * t/unit/duel/games.c -- random games of Catan: het Duel through the
 * rule set (duel_rules), the property test of duel-rules(7): over
 * hundreds of seeds, every listed order applies (legal/apply
 * agreement), orders not listed are refused with the state unchanged,
 * and after every action the cards are conserved (each of the 45 basic
 * cards exactly once among stacks, hands, principalities, discard pile,
 * event deck and the card being resolved; each region card once), every
 * region holds 0-3, the supply and the grids add up to 9/9/7, VP equal
 * their recount, and a replay of the actions from the seed gives the
 * same state after every action.  Every game ends with a winner by points (DU15).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "../seed-util.h"
#include "list-hash.h"
#include "games/duel/duel.h"
#include "games/duel/engine.h"
#include "check.h"

#define MAXA 6000
#define MAXL 4096

static char actions[MAXA][RULES_ACTION_MAX];
static int seats[MAXA];
static struct du_state snap[MAXA];	/* the state after each action */
static char legal[MAXL][RULES_ACTION_MAX];
static int nlegal;

static int
collect(void *ctx, const char *a)
{
	(void)ctx;
	if (nlegal < MAXL)
		snprintf(legal[nlegal++], RULES_ACTION_MAX, "%s", a);
	return 0;
}

static struct game *
make(int seed)
{
	unsigned char key[RULES_SEED_BYTES] = { 0 };
	/* DU1.1: the seats may be named in either order; odd seeds give
	 * blue the rules' seat 0 */
	const char *names[2] = { seed % 2 ? "blue" : "red",
	    seed % 2 ? "red" : "blue" };
	struct rules_setup su;
	struct rules_error e;
	struct game *g;

	key[0] = (unsigned char)seed;
	key[1] = (unsigned char)(seed >> 8);
	key[31] = 0x5d;
	memset(&su, 0, sizeof su);
	su.nseats = 2;
	su.seat[0] = names[0];
	su.seat[1] = names[1];
	su.chance = seed_chance(key);
	if (duel_rules.create(&g, &su, &e) != 0)
		bail("create: %s", e.msg);
	return g;
}

/*
 * FNV-1a (64 bits) over every legal list of these games as
 * duel_rules.legal hands it out (the orders' text, each followed by
 * '\n', each list closed by '\0'), pinned on commit 8b5a38b (before
 * branch duelperf's speed-ups): any change in what is listed, in its
 * order or its text shows here.  Seeds 1-25 (under valgrind) and 1-200.
 */
#define LIST_HASH_25 0x099067e579fd4741ULL
#define LIST_HASH_200 0xf406021e5a9d33a6ULL

static int
same(const struct du_state *a, const struct du_state *b)
{
	size_t o = offsetof(struct du_state, events);

	return memcmp((const char *)a + o, (const char *)b + o,
	    sizeof *a - o) == 0;
}

int
main(void)
{
	int games = 0, won = 0, listed_ok = 1, inv_ok = 1, replay_ok = 1;
	int refuse_ok = 1, total = 0, maxlen = 0, seatmap_ok = 1, replayed = 0;
	const char *why = NULL;
	uint64_t hash = LIST_HASH_INIT, hash25 = 0;
	static const char *const probes[] = { "roll", "end", "pass",
	    "draw stack 1", "take card 1", "gain ore", "build road left",
	    "start stack 1", "regions bos-2 bos-3" };

	int ngames = tap_valgrind() ? 25 : 200;

	if (ngames < 200)
		diag("under valgrind: %d random games of 200", ngames);
	for (int seed = 1; seed <= ngames; seed++) {
		struct game *g = make(seed);
		struct rules_await aw;
		unsigned long long r = (unsigned long long)seed * 2654435761u;
		int n = 0;

		for (; n < MAXA; n++) {
			struct rules_note note;
			struct rules_error e;
			int pick;

			duel_rules.await(g, &aw);
			if (aw.over)
				break;
			nlegal = 0;
			duel_rules.legal(g, aw.seat, collect, NULL);
			if (nlegal == 0) {
				listed_ok = 0;
				why = "nothing listed for the awaited seat";
				break;
			}
			for (int i = 0; i < nlegal; i++) {
				hash = list_hash_order(hash, legal[i]);
			}
			hash = list_hash_end(hash);
			/* an order not listed is refused, the state unchanged */
			for (size_t p = 0; p < sizeof probes / sizeof probes[0];
			    p++) {
				int listed = 0;
				struct du_state before;

				for (int i = 0; i < nlegal; i++)
					listed |= strcmp(legal[i], probes[p]) == 0;
				if (listed)
					continue;
				memcpy(&before, du_game_state(g), sizeof before);
				if (duel_rules.apply(g, aw.seat, probes[p],
				    strlen(probes[p]), &note, &e) == 0) {
					refuse_ok = 0;
					diag("seed %d: '%s' applied, not listed", seed,
					    probes[p]);
					break;
				}
				if (memcmp(&before, du_game_state(g), sizeof before))
					refuse_ok = 0;
			}
			if (!refuse_ok)
				break;
			r = r * 6364136223846793005ull + 1442695040888963407ull;
			pick = (int)((r >> 33) % (unsigned long long)nlegal);
			if (strncmp(legal[pick], "resign", 6) == 0)
				pick = (pick + 1) % nlegal;
			if (duel_rules.apply(g, aw.seat, legal[pick],
			    strlen(legal[pick]), &note, &e) != 0) {
				listed_ok = 0;
				diag("seed %d: listed '%s' refused: %s", seed,
				    legal[pick], e.msg);
				break;
			}
			snprintf(actions[n], RULES_ACTION_MAX, "%s", legal[pick]);
			seats[n] = aw.seat;
			memcpy(&snap[n], du_game_state(g), sizeof snap[n]);
			if ((why = du_t_check(du_game_state(g))) != NULL) {
				inv_ok = 0;
				diag("seed %d after '%s': %s", seed, legal[pick], why);
				break;
			}
		}
		duel_rules.await(g, &aw);
		{
			const struct du_state *st = du_game_state(g);
			int red = seed % 2 ? 1 : 0;

			if (duel_rules.points(g, red) != du_vp(st, 0) ||
			    duel_rules.points(g, 1 - red) != du_vp(st, 1) ||
			    (aw.over && aw.winner != st->rseat[st->winner]))
				seatmap_ok = 0;
		}
		games++;
		total += n;
		if (n > maxlen)
			maxlen = n;
		won += aw.over && aw.winner >= 0 && strcmp(aw.how, "points") == 0;
		/* replay from the seed: the same state after every action */
		{
			struct game *h = make(seed);
			struct rules_note note;
			struct rules_error e;

			for (int i = 0; i < n; i++) {
				if (duel_rules.apply(h, seats[i], actions[i],
				    strlen(actions[i]), &note, &e) != 0 ||
				    !same(&snap[i], du_game_state(h))) {
					replay_ok = 0;
					diag("seed %d: the replay parts at action "
					    "%d ('%s')", seed, i + 1, actions[i]);
					break;
				}
				replayed++;
			}
			if (!same(du_game_state(g), du_game_state(h)))
				replay_ok = 0;
			duel_rules.free(h);
		}
		duel_rules.free(g);
		if (seed == 25)
			hash25 = hash;
		if (!listed_ok || !inv_ok || !refuse_ok)
			break;
	}
	ok(listed_ok, "legal/apply: every listed order of %d games applies "
	    "(%d actions, longest game %d)", games, total, maxlen);
	ok(refuse_ok, "orders not listed are refused, the state unchanged");
	ok(inv_ok, "cards conserved, 0-3 per region, supply 9/9/7, VP = "
	    "recount after every action%s%s", why ? ": " : "", why ? why : "");
	ok(replay_ok && replayed == total, "a replay of every game from its "
	    "seed gives the same state after every action (%d compared)",
	    replayed);
	is_int(games, won, "DU15.1: every game ends with a winner by points");
	ok(seatmap_ok, "DU1.1: with blue named first, points and the winner "
	    "are told by the rules' seats");
	ok(hash25 == LIST_HASH_25, "the legal lists of seeds 1-25 hash as "
	    "before: %016llx", (unsigned long long)hash25);
	if (ngames == 200)
		ok(hash == LIST_HASH_200, "the legal lists of seeds 1-200 hash "
		    "as before: %016llx", (unsigned long long)hash);
	return done_testing();
}
