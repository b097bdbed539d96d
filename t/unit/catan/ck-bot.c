/*
 * t/unit/catan/ck-bot.c -- the computer player in Cities & Knights
 * (bot.c) through the C API, states built as ck-games.c builds
 * them (ca_init, ca_ck_init with the embedded data):
 *
 *   every action ca_legal lists in 40 random 3- and 4-player games packs
 *   into the search's integer and unpacks to itself, field for field,
 *   every C&K verb among them;
 *   the search (mcts) chooses a listed action, the same one for the same
 *   seed, in positions of the first 8 games;
 *   CK16.1: the information set is blind to what the seat cannot see --
 *   the others' cards by kind, their progress cards, the decks' make-up
 *   and order -- byte for byte, and so are the choices of mcts and
 *   greedy; determinizations keep the counts and the cards known held
 *   (the Commercial Harbor's resource, CK14.1), and every action the
 *   search lists in them applies keeping the cards;
 *   mcts, greedy and random each play whole four-player games to the
 *   end, every seat by ca_bot_choose (small budgets; under valgrind one
 *   game of each, shorter).
 */
#include "../../tap.h"
#include "util.h"
#include "games/catan/bot.h"
#include "rand64.h"
#include "../seed-util.h"

#define MAXA 8192
#define MAXLEN 3000

static struct ca_action A[MAXA];
static struct ck_data CK;
static struct ca_board Boards[2];

static void
new_game(struct ca_state *st, int map, int n, unsigned seed)
{
	struct rules_error e;
	uint64_t salt;

	ca_init(st, &Boards[map], &U_data, n, 0, seed_chance_byte(seed, &salt));
	if (ca_ck_init(st, &CK, 0, 0, &e) != 0)
		bail("ca_ck_init: %s", e.msg);
}

static int
listed(const struct ca_state *st, int seat, const struct ca_action *x)
{
	int n = ca_legal(st, seat, A, MAXA);

	for (int i = 0; i < n && i < MAXA; i++)
		if (memcmp(&A[i], x, sizeof *x) == 0)
			return 1;
	return 0;
}

/*
 * t: st with what seat cannot see dealt anew at random -- the other
 * seats' cards by kind (counts kept), and their progress cards with the
 * decks' (each deck its count of its own colour, the victory-point
 * cards staying in the decks, every deck reshuffled); but not a hand
 * shown to seat (CK16.1: the Spy's target's progress cards, the Master
 * Merchant's target's cards).
 */
static int
shown(const struct ca_state *st, int seat, int kind)
{
	return st->npend && st->pend[0].kind == kind && seat == st->active ?
	    st->pend[0].n[seat] - 1 : -1;
}

static void
reshuffle_hidden(struct ca_state *t, const struct ca_state *st, int seat,
    uint64_t *rng)
{
	uint8_t cards[256], prog[128];
	int nc = 0, np = 0, spy = shown(st, seat, CA_P_SPY),
	    master = shown(st, seat, CA_P_MASTER);

	*t = *st;
	for (int s = 0; s < t->nseats; s++)
		if (s != seat && s != master)
			for (int k = 0; k < CA_KINDS; k++)
				for (int i = 0; i < t->p[s].hand[k]; i++)
					cards[nc++] = (uint8_t)k;
	for (int s = 0; s < t->nseats; s++)
		if (s != seat && s != spy)
			for (int k = 0; k < t->ck.p[s].nprog; k++)
				prog[np++] = t->ck.p[s].prog[k];
	for (int d = 0; d < CK_TRACKS; d++)
		for (int i = 0; i < t->ck.ndeck[d]; i++)
			prog[np++] = (uint8_t)ca_ck_deck(t, d, i);
	for (int i = nc - 1; i > 0; i--) {
		int j = (int)(splitmix64(rng) % (uint64_t)(i + 1));
		uint8_t x = cards[i];

		cards[i] = cards[j];
		cards[j] = x;
	}
	for (int i = np - 1; i > 0; i--) {
		int j = (int)(splitmix64(rng) % (uint64_t)(i + 1));
		uint8_t x = prog[i];

		prog[i] = prog[j];
		prog[j] = x;
	}
	nc = 0;
	for (int s = 0; s < t->nseats; s++) {
		int n = ca_hand_count(&t->p[s]);

		if (s == seat || s == master)
			continue;
		memset(t->p[s].hand, 0, CA_KINDS);
		while (n-- > 0)
			t->p[s].hand[cards[nc++]]++;
	}
	{
		int fill[CK_TRACKS] = { 0 }, used[128] = { 0 }, j = 0;

		for (int pass = 0; pass < 2; pass++)
			for (int i = 0; i < np; i++) {
				int d = CK.cards[prog[i]].deck, e =
				    CK.cards[prog[i]].effect;

				if (used[i] || fill[d] >= t->ck.ndeck[d] ||
				    (pass == 0 && e != CK_E_PRINTER &&
				    e != CK_E_CONSTITUTION))
					continue;
				ca_ck_deck_set(t, d, fill[d]++, prog[i]);
				used[i] = 1;
			}
		for (int s = 0; s < t->nseats; s++)
			for (int k = 0; s != seat && s != spy &&
			    k < t->ck.p[s].nprog; k++) {
				while (used[j])
					j++;
				t->ck.p[s].prog[k] = prog[j++];
			}
	}
}

static struct ca_state S, T, I1, I2, D, W;
static uint64_t L[MAXA];

/* Determinizations of seat's information set in st: each keeps the cards
   and progress cards where they are counted, and every action the search
   lists in it applies keeping the cards (not one taken from a hand that
   lacks it: the Commercial Harbor's resource stays with the active seat,
   CK14.1).  The number of failures. */
static int
determinized(const struct ca_state *st, int seat)
{
	int bad = 0;

	ca_bot_observe(&I1, st, seat);
	for (int d = 0; d < 4; d++) {
		struct search_rng r = { (uint64_t)d * 7919 + st->turn };
		int n;

		catan_search.determinize(&D, &I1, seat, &r);
		bad += !conserved(&D);
		for (int s = 0; s < st->nseats; s++)
			bad += ca_hand_count(&D.p[s]) != ca_hand_count(&st->p[s]) ||
			    D.ck.p[s].nprog != st->ck.p[s].nprog;
		n = catan_search.legal(&D, seat, L);
		for (int i = 0; i < n; i++) {
			W = D;
			if (catan_search.apply(&W, seat, L[i]) == 0)
				bad += !conserved(&W);
		}
	}
	return bad;
}

static int
choose(const struct ca_state *st, int seat, const char *kind, long playouts,
    uint64_t seed, struct ca_action *out)
{
	struct rules_bot_opts o = { kind, playouts, 0, seed };
	struct rules_error e;
	int rc = ca_bot_choose(st, seat, &o, out, &e);

	if (rc != 0)
		diag("%s: %s", kind, e.msg);
	return rc;
}

int
main(void)
{
	static const char *const maps[2] = { "beginner", "base" };
	static const char *const kinds[3] = { "mcts", "greedy", "random" };
	struct rules_error e;
	int vg = tap_valgrind(), games = vg ? 2 : 40, searched = vg ? 2 : 8;
	long packed = 0;
	int bad_pack = 0, verbs[CA_VERBS] = { 0 }, nverbs = 0;
	int chosen = 0, unlisted = 0, differ = 0;
	int blind = 0, leaks = 0, choice_leaks = 0, dets = 0, det_bad = 0;

	u_ck_load(&CK, Boards, maps, 2);

	/* random games: pack/unpack, listed and reproducible choices, the
	   information set blind to hidden cards */
	for (int g = 1; g <= games; g++) {
		uint64_t rng = (uint64_t)g * 0x9e3779b97f4a7c15ULL;
		int len = 0;

		new_game(&S, g % 2, 3 + g % 2, (unsigned)g);
		while (S.phase != CA_PH_OVER && len++ < MAXLEN) {
			int seat = ca_await_seat(&S), n, i;
			struct ca_action b;

			n = ca_legal(&S, seat, A, MAXA);
			if (n > MAXA)
				bail("more than %d actions", MAXA);
			for (int k = 0; k < n; k++) {
				ca_action_unpack(ca_action_pack(&A[k]), &b);
				if (memcmp(&b, &A[k], sizeof b) != 0 &&
				    bad_pack++ == 0)
					diag("verb %d does not pack back",
					    A[k].verb);
				packed++;
				verbs[A[k].verb]++;
			}
			if (g <= searched && len % (vg ? 240 : 60) == 30 &&
			    S.turn > 0) {
				struct ca_action c1, c2, c3;
				uint64_t seed = (uint64_t)len;

				if (choose(&S, seat, "mcts", 12, seed, &c1) != 0 ||
				    choose(&S, seat, "mcts", 12, seed, &c2) != 0) {
					unlisted++;
				} else {
					chosen++;
					unlisted += !listed(&S, seat, &c1);
					differ += memcmp(&c1, &c2, sizeof c1) != 0;
				}
				/* CK16.1: the same information set and choice
				   whatever the hidden cards */
				reshuffle_hidden(&T, &S, seat, &rng);
				ca_bot_observe(&I1, &S, seat);
				ca_bot_observe(&I2, &T, seat);
				blind++;
				if (memcmp(&I1, &I2, sizeof I1) != 0) {
					size_t o = 0;

					while (((unsigned char *)&I1)[o] ==
					    ((unsigned char *)&I2)[o])
						o++;
					if (leaks++ == 0)
						diag("differ at byte %zu (pending "
						    "%d)", o, S.npend ?
						    S.pend[0].kind : -1);
				}
				if (choose(&T, seat, "mcts", 12, seed, &c3) == 0)
					choice_leaks += memcmp(&c1, &c3,
					    sizeof c1) != 0;
				choose(&S, seat, "greedy", 0, seed, &c1);
				choose(&T, seat, "greedy", 0, seed, &c3);
				choice_leaks += memcmp(&c1, &c3, sizeof c1) != 0;
			}
			if ((S.npend && (S.pend[0].kind == CA_P_HARBOR ||
			    S.pend[0].kind == CA_P_MASTER ||
			    S.pend[0].kind == CA_P_SPY)) || len % 97 == 5) {
				dets++;
				det_bad += determinized(&S, seat);
			}
			i = u_choose(A, n, &rng);
			if (ca_apply(&S, seat, &A[i], NULL, NULL, &e) != 0)
				bail("apply: %s", e.msg);
		}
	}
	/* C&K's verbs: from CA_A_WALL on, but show (catan-rules(7),
	   CA15.3; catan-ck-rules(7), CK20.3), which only a sealed game
	   lists: these games are open, and list none; and token, of
	   map=greater-catan alone (CA10.8), which C&K refuses (CA10.9). */
	for (int v = CA_A_WALL; v < CA_VERBS; v++)
		nverbs += v != CA_A_SHOW && v != CA_A_TOKEN && verbs[v] > 0;
	is_int(0, bad_pack, "every listed action packs into 64 bits and "
	    "unpacks to itself (%ld actions)", packed);
	ok(vg || nverbs == CA_VERBS - CA_A_WALL - 2, "among them every verb "
	    "of C&K (%d of %d)", nverbs, CA_VERBS - CA_A_WALL - 2);
	is_int(0, verbs[CA_A_TOKEN], "CA10.9: no token in C&K");
	is_int(0, verbs[CA_A_SHOW], "CK20.3: no show in an open game");
	ok(verbs[CA_A_PLAY] > 0 && verbs[CA_A_GIVE] > 0 &&
	    verbs[CA_A_DISCARD] > 0 && verbs[CA_A_CHASE] > 0,
	    "among them progress cards (%d), gifts (%d), discards (%d), "
	    "chases (%d)", verbs[CA_A_PLAY], verbs[CA_A_GIVE],
	    verbs[CA_A_DISCARD], verbs[CA_A_CHASE]);
	ok(chosen > 0 && unlisted == 0, "mcts chose listed actions (%d "
	    "positions, %d not listed)", chosen, unlisted);
	is_int(0, differ, "the same seed, the same choice");
	ok(blind > 0 && leaks == 0, "CK16.1: the information set is the same "
	    "byte for byte when the others' cards, progress cards and the "
	    "decks are dealt anew (%d positions, %d differ)", blind, leaks);
	is_int(0, choice_leaks, "CK16.1: so are the choices of mcts and "
	    "greedy");
	ok(dets > 0 && det_bad == 0, "determinizations keep every count and "
	    "every card the public knows held; the search's actions apply in "
	    "them keeping the cards (%d positions, %d failures)", dets,
	    det_bad);

	/* whole four-player games, every seat by one kind */
	for (int k = 0; k < 3; k++) {
		int n = vg ? 1 : 2, over = 0, illegal = 0, fails = 0;
		long actions = 0;

		for (int g = 0; g < n; g++) {
			int len = 0;

			new_game(&S, g % 2, 4, (unsigned)(100 + 10 * k + g));
			while (S.phase != CA_PH_OVER && len++ < MAXLEN) {
				int seat = ca_await_seat(&S);
				struct ca_action a;

				if (choose(&S, seat, kinds[k], vg ? 4 : 16,
				    (uint64_t)len, &a) != 0) {
					fails++;
					break;
				}
				if (!listed(&S, seat, &a))
					illegal++;
				if (ca_apply(&S, seat, &a, NULL, NULL, &e) != 0) {
					diag("%s: %s", kinds[k], e.msg);
					illegal++;
					break;
				}
				actions++;
			}
			over += S.phase == CA_PH_OVER;
			if (S.phase == CA_PH_OVER && S.winner != CA_NONE)
				ok(ca_vp(&S, S.winner, 1) >= S.vp_target ||
				    S.how != 1, "%s game %d: %s wins with %d "
				    "points at turn %d", kinds[k], g + 1,
				    ca_seat_names[S.winner],
				    ca_vp(&S, S.winner, 1), S.turn);
		}
		ok(over == n && illegal == 0 && fails == 0, "%s plays %d "
		    "four-player games to the end (%ld actions, %d illegal, "
		    "%d refused)", kinds[k], n, actions, illegal, fails);
	}
	done_testing();
}
