/*
 * t/unit/catan/ck-games.c -- the property test of Cities & Knights as far
 * as the engine goes (no progress cards yet): GAMES random games
 * of 3 and 4 players on the beginner and base maps, each from its own
 * open-mode seed, actions chosen at random from ca_legal (a verb first,
 * uniformly among those listed, then one of its actions), checking after
 * every action:
 *
 *   legal / check agreement: every listed action of the seat passes
 *   ca_check, and the chosen one applies;
 *   CK2.2 conservation: 19 of each resource, 12 of each commodity over
 *   bank and hands;
 *   CK2.3 pieces: at most 2 knights a level, 3 walls each on an own city,
 *   each metropolis on a city of its track's highest level... at least
 *   level 4 (CK10.2), the barbarian ship below the track's end;
 *   CK15.1 the points equal their recount;
 *   someone may act while the game runs.
 *
 * Then every game is replayed from its start with the same seed and the
 * same actions and must reach the same state byte for byte.  At the end
 * the test asserts that the rarer moments occurred at least once over
 * all games: walls, improvements, metropolises, knights built, activated,
 * promoted, moved, displaced and chasing, pillage, aqueduct and retreat
 * answers, progress cards over the limit, tie picks, discards and robber
 * moves.  The 54 progress cards are counted over decks, hands and
 * victory-point cards laid down (CK13.1).
 */
#include "../../tap.h"
#include "util.h"
#include "games/catan/parse.h"
#include "rand64.h"
#include "../seed-util.h"

#define MAXA 8192
#define MAXLEN 1500
/* the FNV-1a hash of every legal list of the 200 games, computed on
   main at fba868b, before the C&K legal list stopped dispatching */
#define LEGAL_HASH 0x5c3912cd9ff99bddULL
#ifndef GAMES
#define GAMES 200
#endif

static struct ca_action A[MAXA];
static struct ca_action Played[MAXLEN];
static int Seats[MAXLEN];
static struct ck_data CK;
static struct ca_state S, R;
static int Seen[CA_VERBS];
static int SeenPend[16];
static int SeenPlay[CK_EFFECTS];

static int
recount_vp(const struct ca_state *st, int s)
{
	int vp = 0;

	for (int c = 0; c < st->b->ncorner; c++) {
		uint8_t v = st->corner[c];

		if (!v || CA_C_OWNER(v) != s)
			continue;
		vp += CA_C_KIND(v) == CA_CP_SETTLEMENT ? 1 :
		    CA_C_KIND(v) == CA_CP_CITY ? 2 : 0;
	}
	for (int t = 0; t < CK_TRACKS; t++)
		if (st->ck.metro[t] != CA_NONE &&
		    CA_C_OWNER(st->corner[st->ck.metro[t]]) == s)
			vp += 2;
	if (st->longest == s)
		vp += 2;
	return vp + st->ck.p[s].defender + st->ck.p[s].vpcards +
	    (st->ck.merchant_holder == s);
}

static const char *
invariants(const struct ca_state *st)
{
	if (!conserved(st))
		return "CK2.2: cards conserved";
	for (int s = 0; s < st->nseats; s++) {
		int kn[4] = { 0 };

		if (st->p[s].resigned)
			continue;
		for (int c = 0; c < st->b->ncorner; c++) {
			uint8_t v = st->corner[c];

			if (v && CA_C_OWNER(v) == s &&
			    (CA_C_KIND(v) & CA_CP_KNIGHT))
				kn[(CA_C_KIND(v) & 3) + 1]++;
		}
		if (kn[1] > 2 || kn[2] > 2 || kn[3] > 2)
			return "CK2.3: 2 knights a level";
		if (st->p[s].route != ca_route_length(st, s))
			return "CK11.3: every route as counted afresh (the "
			    "seats a knight can cut, recounted)";
		for (int i = 0; i < CK_WALLS; i++) {
			int c = st->ck.p[s].wall[i];

			if (c != CA_NONE && (CA_C_OWNER(st->corner[c]) != s ||
			    CA_C_KIND(st->corner[c]) != CA_CP_CITY))
				return "CK8.1: walls stand on own cities";
		}
		if (recount_vp(st, s) != ca_vp(st, s, 1))
			return "CK15.1: points equal their recount";
	}
	for (int t = 0; t < CK_TRACKS; t++) {
		int c = st->ck.metro[t];

		if (c == CA_NONE)
			continue;
		if (CA_C_KIND(st->corner[c]) != CA_CP_CITY ||
		    st->ck.p[CA_C_OWNER(st->corner[c])].level[t] < 4)
			return "CK10.2: a metropolis on a city at level 4+";
		for (int u = 0; u < t; u++)
			if (st->ck.metro[u] == c)
				return "CK10.1: one metropolis a city";
	}
	{
		int n = 0;

		for (int t = 0; t < CK_TRACKS; t++)
			n += st->ck.ndeck[t];
		for (int s = 0; s < st->nseats; s++)
			n += st->ck.p[s].nprog + st->ck.p[s].vpcards;
		if (n != 54)
			return "CK13.1: 54 progress cards";
		for (int s = 0; s < st->nseats; s++)
			if (s != st->active && st->ck.p[s].nprog > 4 &&
			    !(st->npend && (st->pend[0].kind == CA_P_PROGRESS ||
			    st->pend[0].kind == CA_P_TRACKPICK)))
				return "CK13.4: at most 4 out of one's turn";
	}
	if (st->ck.ship >= st->ck.steps)
		return "CK12.1: the ship below the last step";
	if (st->phase != CA_PH_OVER && ca_may_act(st) == 0)
		return "CK4.5: someone may act";
	return NULL;
}

static void
new_game(struct ca_state *st, const struct ca_board *b, int n,
    const struct rules_chance *ch)
{
	struct rules_error e;

	ca_init(st, b, &U_data, n, 0, ch);
	if (ca_ck_init(st, &CK, 0, 0, &e) != 0)
		bail("ca_ck_init: %s", e.msg);
}

/* FNV-1a over the legal lists, in order (a speed-up must
   leave every list as it was) */
static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 1099511628211ULL;
	return h;
}

int
main(void)
{
	static struct ca_board boards[2];
	static const char *const maps[2] = { "beginner", "base" };
	struct rules_error e;
	int bad_agree = 0, bad_apply = 0, bad_replay = 0, ended = 0;
	long actions = 0;
	uint64_t lhash = 14695981039346656037ULL;
	const char *broken = NULL;
	char what[640] = "";

	u_ck_load(&CK, boards, maps, 2);
	for (int g = 1; g <= GAMES; g++) {
		uint64_t salt, rng = (uint64_t)g * 0x9e3779b97f4a7c15ULL;
		const struct rules_chance *ch = seed_chance_byte((unsigned)g,
		    &salt);
		int n = 3 + g % 2, len = 0;
		const struct ca_board *b = &boards[(g / 2) % 2];

		new_game(&S, b, n, ch);
		while (S.phase != CA_PH_OVER && len < MAXLEN) {
			int seat = ca_await_seat(&S), na, i, rc;

			na = ca_legal(&S, seat, A, MAXA);
			if (na > MAXA)
				bail("more than %d actions", MAXA);
			lhash = fnv(lhash, &na, sizeof na);
			lhash = fnv(lhash, A, (size_t)na * sizeof A[0]);
			for (int j = 0; j < na; j++)
				if (ca_check(&S, seat, &A[j], &e) != 0) {
					if (!bad_agree++)
						snprintf(what, sizeof what,
						    "game %d action %d verb %d: "
						    "%s", g, len, A[j].verb,
						    e.msg);
				}
			i = u_choose(A, na, &rng);
			if (S.npend)
				SeenPend[S.pend[0].kind]++;
			rc = ca_apply(&S, seat, &A[i], NULL, NULL, &e);
			if (rc != 0) {
				if (!bad_apply++)
					snprintf(what, sizeof what, "game %d: "
					    "apply verb %d: %s", g, A[i].verb,
					    e.msg);
				break;
			}
			Seen[A[i].verb]++;
			if (A[i].verb == CA_A_PLAY)
				SeenPlay[CK.cards[A[i].res].effect]++;
			Played[len] = A[i];
			Seats[len++] = seat;
			actions++;
			if (broken == NULL && (broken = invariants(&S)) != NULL) {
				char t[128];

				ca_format(&S, &A[i], t, sizeof t);
				diag("game %d action %d (%s by %d): %s; active %d, "
				    "npend %d head %d", g, len, t, seat, broken,
				    S.active, S.npend, S.npend ? S.pend[0].kind :
				    -1);
			}
		}
		ended += S.phase == CA_PH_OVER;
		if (getenv("CK_GAMES_VERBOSE"))
			diag("game %d: %d actions, turn %d, how %d, winner %d "
			    "with %d", g, len, S.turn, S.how, S.winner,
			    S.winner != CA_NONE ? ca_vp(&S, S.winner, 1) : 0);
		new_game(&R, b, n, ch);
		for (int j = 0; j < len; j++)
			if (ca_apply(&R, Seats[j], &Played[j], NULL, NULL,
			    &e) != 0)
				break;
		if (memcmp(&R, &S, sizeof R) != 0)
			bad_replay++;
	}
	if (what[0])
		diag("%s", what);
	diag("%d games, %ld actions, %d won", GAMES, actions, ended);
	is_int(0, bad_agree, "CK14.1 (as base CA14.1): every listed action "
	    "passes ca_check");
	is_int(0, bad_apply, "every chosen action applies");
	ok(broken == NULL, "invariants after every action (%s)",
	    broken ? broken : "all held");
	if (getenv("CK_GAMES_VERBOSE") || GAMES != 200)
		diag("legal lists hash %016llx", (unsigned long long)lhash);
	if (GAMES == 200)
		ok(lhash == LEGAL_HASH, "the legal lists of the %d games are "
		    "those of the first engine (hash %016llx)", GAMES,
		    (unsigned long long)lhash);
	is_int(0, bad_replay, "CK16.3: the same seed and actions give the "
	    "same state");
	ok(Seen[CA_A_WALL] > 0, "CK8.1: walls were built (%d)", Seen[CA_A_WALL]);
	ok(Seen[CA_A_IMPROVE] > 0, "CK9.2: improvements were built (%d)",
	    Seen[CA_A_IMPROVE]);
	ok(Seen[CA_A_KNIGHT_BUILD] > 0, "CK11.2: knights were built (%d)",
	    Seen[CA_A_KNIGHT_BUILD]);
	ok(Seen[CA_A_ACTIVATE] > 0, "CK11.4: knights were activated (%d)",
	    Seen[CA_A_ACTIVATE]);
	ok(Seen[CA_A_PROMOTE] > 0, "CK11.5: knights were promoted (%d)",
	    Seen[CA_A_PROMOTE]);
	ok(Seen[CA_A_MOVE] > 0, "CK11.8: knights moved (%d)", Seen[CA_A_MOVE]);
	ok(Seen[CA_A_DISPLACE] > 0, "CK11.9: knights displaced (%d)",
	    Seen[CA_A_DISPLACE]);
	ok(Seen[CA_A_CHASE] > 0, "CK11.10: knights chased the robber (%d)",
	    Seen[CA_A_CHASE]);
	ok(SeenPend[CA_P_PILLAGE] > 0, "CK12.5: pillage answered (%d)",
	    SeenPend[CA_P_PILLAGE]);
	ok(SeenPend[CA_P_AQUEDUCT] > 0, "CK9.4: aqueduct answered (%d)",
	    SeenPend[CA_P_AQUEDUCT]);
	ok(SeenPend[CA_P_RETREAT] > 0, "CK11.9: retreats answered (%d)",
	    SeenPend[CA_P_RETREAT]);
	ok(SeenPend[CA_P_PROGRESS] > 0, "CK13.4: progress discards owed (%d)",
	    SeenPend[CA_P_PROGRESS]);
	ok(SeenPend[CA_P_TRACKPICK] > 0, "CK12.4: tie picks (%d)",
	    SeenPend[CA_P_TRACKPICK]);
	ok(Seen[CA_A_PROG_DISCARD] > 0, "CK13.4: progress cards discarded (%d)",
	    Seen[CA_A_PROG_DISCARD]);
	ok(SeenPend[CA_P_DESERT] > 0, "CK14.9: deserters chosen (%d)",
	    SeenPend[CA_P_DESERT]);
	ok(SeenPend[CA_P_PLACE] > 0, "CK14.9: deserters placed (%d)",
	    SeenPend[CA_P_PLACE]);
	ok(SeenPend[CA_P_MASTER] > 0, "CK14.2: master merchant takes (%d)",
	    SeenPend[CA_P_MASTER]);
	ok(SeenPend[CA_P_SPY] > 0, "CK14.13: spy takes (%d)",
	    SeenPend[CA_P_SPY]);
	ok(SeenPend[CA_P_WEDDING] > 0, "CK14.15: wedding gifts (%d)",
	    SeenPend[CA_P_WEDDING]);
	ok(SeenPend[CA_P_HARBOR] > 0, "CK14.1: commercial harbor gives (%d)",
	    SeenPend[CA_P_HARBOR]);
	ok(Seen[CA_A_HARBOR] > 0, "CK14.1: commercial harbor trades (%d)",
	    Seen[CA_A_HARBOR]);
	ok(SeenPend[CA_P_DISCARD] > 0, "CK6.2: discards (%d)",
	    SeenPend[CA_P_DISCARD]);
	ok(SeenPend[CA_P_ROBBER] > 0, "CK6.1: robber moves after an attack "
	    "(%d)", SeenPend[CA_P_ROBBER]);
	{
		static const int built[] = {
			CK_E_WARLORD, CK_E_IRRIGATION, CK_E_MINING,
			CK_E_RESOURCE_MONOPOLY, CK_E_TRADE_MONOPOLY,
			CK_E_MERCHANT_FLEET, CK_E_ENGINEER, CK_E_MEDICINE,
			CK_E_CRANE, CK_E_SMITH, CK_E_ROAD_BUILDING,
			CK_E_MERCHANT, CK_E_BISHOP, CK_E_ALCHEMIST,
			CK_E_SABOTEUR, CK_E_INTRIGUE, CK_E_DIPLOMAT,
			CK_E_SPY, CK_E_WEDDING, CK_E_DESERTER,
			CK_E_MASTER_MERCHANT, CK_E_COMMERCIAL_HARBOR,
			CK_E_INVENTOR
		};

		for (size_t k = 0; k < sizeof built / sizeof built[0]; k++)
			ok(SeenPlay[built[k]] > 0, "CK14: %s played (%d)",
			    ck_effect_names[built[k]], SeenPlay[built[k]]);
	}
	ok(sizeof(struct ca_state) <= 1536, "the state is at most 1.5 KiB "
	    "(%zu bytes)", sizeof(struct ca_state));
	done_testing();
}
