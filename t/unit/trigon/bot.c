/*
 * t/unit/bot.c -- the computer players (lib/games/trigon/bot.c): they play
 * only legal actions, never read what their seat cannot see (the seed,
 * the dice to come, the decks, other players' hidden cards), and are
 * deterministic for a budget in playouts.  Small budgets keep it fast.
 * "mcts" is the core search (lib/search.c) with Trigon's hooks
 * (trigon_search, lent through trigon_rules.search).
 */
#include <string.h>

#include "../../tap.h"
#include "../seed-util.h"
#include "games/trigon/bot.h"
#include "games/trigon/engine.h"
#include "games/trigon/trigon.h"
#include "search.h"

static struct tg_data D;
static struct tg_action L[TG_LEGAL_MAX];

static void
game(struct tg_state *st, int nseats, unsigned seedbyte)
{
	static const uint8_t colors[] = { TG_PURPLE, TG_WHITE, TG_GREEN,
		TG_YELLOW };
	struct tg_setup s;
	struct rules_error err;
	unsigned char seed[RULES_SEED_BYTES];

	tg_setup_default(&s);
	memset(seed, (int)seedbyte, sizeof seed);
	seed[1] = (unsigned char)(seedbyte >> 8);
	s.chance = seed_chance(seed);
	s.salt = chance_seed_salt(seed);
	s.nseats = nseats;
	for (int i = 0; i < nseats; i++)
		s.color[i] = colors[(i + seedbyte) % 4];
	if (tg_init(st, &D, &s, NULL, &err) != 0)
		bail("tg_init: %s", err.msg);
}

static int
listed(const struct tg_state *st, int seat, const struct tg_action *a)
{
	int n = tg_legal(&D, st, seat, L, TG_LEGAL_MAX);

	for (int i = 0; i < n; i++)
		if (memcmp(&L[i], a, sizeof *a) == 0)
			return 1;
	return 0;
}

static int
same(const struct tg_action *a, const struct tg_action *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

/*
 * The card an order names by private number (tg_items, keyed by the
 * seed) in place of the number, so that orders of states with other
 * seeds compare.
 */
static struct tg_action
canon(const struct tg_state *st, int seat, struct tg_action a)
{
	uint8_t items[TG_CARD_TYPES + TG_QUEST_CARDS];
	int owner = -1, n;

	if ((a.kind == TG_A_OFFER && a.x == 0xff) ||
	    (a.kind == TG_A_ACCEPT && a.a != 0))
		owner = st->seat_color[seat];
	else if (a.kind == TG_A_TAKE)
		owner = st->pending.arg[0];
	if (owner >= 0 && (n = tg_items(st, owner, items)) >= a.a && a.a > 0)
		a.a = items[a.a - 1];
	return a;
}

/*
 * Moves undone: a seat's move from B back to A right after its move
 * from A to B (a swap of figures that gains nothing, R6).
 */
static int undone;

static void
count_undo(int seat, const struct tg_action *a)
{
	static struct tg_action last;
	static int last_seat = -1;

	if (a->kind == TG_A_MOVE && last_seat == seat &&
	    last.kind == TG_A_MOVE && last.a == a->b && last.b == a->a)
		undone++;
	last = *a;
	last_seat = seat;
}

/* Play a game with kind's bot at every seat; count what goes wrong. */
static void
play_game(int kind, long playouts, unsigned seed, int nseats, int max,
    int *bad, int *resigned, int *steps)
{
	struct tg_state st;
	struct tg_bot_opts o;
	struct rules_error err;

	game(&st, nseats, seed);
	tg_bot_opts_default(&o);
	o.kind = kind;
	o.playouts = playouts;
	o.seed = seed;
	for (int i = 0; i < max && st.phase != TG_PH_OVER; i++) {
		int seat = tg_to_act(&st);
		struct tg_action a;

		if (tg_bot_choose(&D, &st, seat, &o, &a, NULL, &err) != 0 ||
		    !listed(&st, seat, &a) ||
		    tg_apply(&D, &st, seat, &a, NULL, &err) != 0 ||
		    tg_check(&D, &st, &err) != 0) {
			diag("seed %u step %d: %s", seed, i, err.msg);
			(*bad)++;
			return;
		}
		*resigned += a.kind == TG_A_RESIGN;
		count_undo(seat, &a);
		(*steps)++;
	}
}

/*
 * st2: st with everything seat's color cannot see changed: another
 * seed and dice stream, the village deck in another order, another
 * card of the play deck in a rival's hand, another quest in a rival's
 * hand, and a different order of the quest and play decks.
 */
static void
hide_differently(const struct tg_state *st, int seat, struct tg_state *a,
    struct tg_state *b)
{
	int me = st->seat_color[seat], rival = -1;

	*a = *st;
	*b = *st;
	for (int s = 0; s < st->nseats; s++)
		if (st->seat_color[s] != me)
			rival = st->seat_color[s];
	/* The chance: source, numbering key, event count, cheap stream. */
	b->chance = seed_chance_byte(0xa5, &b->salt);
	b->events += 17;
	b->fast = 12345;
	/* The village deck: reversed. */
	for (int i = 0; i < b->vcount / 2; i++) {
		int x = (b->vhead + i) % TG_VILLAGE_CARDS;
		int y = (b->vhead + b->vcount - 1 - i) % TG_VILLAGE_CARDS;
		uint8_t t = b->vdeck[x];

		b->vdeck[x] = b->vdeck[y];
		b->vdeck[y] = t;
	}
	/* A play card from the deck to the rival: the top one in a, the
	 * bottom one (swapped to the top first) in b. */
	if (a->pcount > 2 && rival >= 0) {
		uint8_t t = b->pdeck[0];

		b->pdeck[0] = b->pdeck[b->pcount - 1];
		b->pdeck[b->pcount - 1] = t;
		for (struct tg_state *x = a; x != NULL; x = x == a ? b : NULL) {
			int card = x->pdeck[--x->pcount];

			x->p[rival].hand[card / 2] = (uint8_t)(x->p[rival].hand[
			    card / 2] + (1 << (4 * (card & 1))));
		}
	}
	/* A quest from the deck to the rival, likewise. */
	if (a->qcount > 2 && rival >= 0) {
		uint8_t t = b->qdeck[0];

		b->qdeck[0] = b->qdeck[b->qcount - 1];
		b->qdeck[b->qcount - 1] = t;
		for (struct tg_state *x = a; x != NULL; x = x == a ? b : NULL) {
			int q = x->qdeck[--x->qcount];

			x->quest[q] = (uint8_t)rival;
		}
	}
}

int
main(void)
{
	struct rules_error err;
	int bad, resigned, steps;

	if (tg_data_load(&D, NULL, 0, NULL, 0, NULL, 0, &err) != 0)
		bail("data: %s", err.msg);

	/* Only legal actions, never a resignation, over many seeds. */
	for (int kind = 0; kind < TG_BOT_KINDS; kind++) {
		bad = resigned = steps = 0;
		/* under valgrind, about a third of the games */
		unsigned games = kind == TG_BOT_MCTS ? 6u : 20u;

		if (tap_valgrind())
			games = kind == TG_BOT_MCTS ? 3u : 7u;
		for (unsigned seed = 1; seed <= games; seed++)
			play_game(kind, 20, seed, 2 + (int)(seed % 3),
			    kind == TG_BOT_MCTS ? 250 : 2000, &bad, &resigned,
			    &steps);
		ok(bad == 0 && steps > 500, "%s: %d actions over many seeds, "
		    "all listed by tg_legal, applied, invariants kept",
		    tg_bot_kind_name[kind], steps);
		is_int(0, resigned, "%s never resigns while it has another "
		    "action", tg_bot_kind_name[kind]);
	}

	/*
	 * The search never undoes its own move: a quiet move and its
	 * reverse leave the turn where it was, and a turn that ends with
	 * nothing gained is not worth more than ending it (a hint that
	 * oscillated between frostholm and ravnsborg).
	 */
	bad = resigned = steps = undone = 0;
	for (unsigned seed = 1; seed <= (tap_valgrind() ? 3u : 8u); seed++)
		play_game(TG_BOT_MCTS, 300, seed, 2, 300, &bad, &resigned,
		    &steps);
	ok(bad == 0 && steps > (tap_valgrind() ? 300 : 1000), "mcts: %d actions of 2-player games "
	    "at 300 playouts", steps);
	is_int(0, undone, "mcts never moves figures back from B to A "
	    "right after moving them from A to B");

	/* Hidden information: the choice and the information set are the
	 * same for states that differ only in what the seat cannot see. */
	{
		struct tg_state st, a, b, ia, ib;
		struct tg_bot_opts o;
		int checked = 0, differ = 0, sets = 0, positions = 0;

		tg_bot_opts_default(&o);
		o.playouts = 60;
		o.seed = 7;
		for (unsigned seed = 1; seed <= 4; seed++) {
			game(&st, 2 + (int)(seed % 3), seed + 100);
			for (int i = 0; i < 160 && st.phase != TG_PH_OVER; i++) {
				int seat = tg_to_act(&st);
				struct tg_action x, y, z;

				if (i % 16 == 0) {
					hide_differently(&st, seat, &a, &b);
					positions++;
					differ += memcmp(&a, &b, sizeof a) != 0;
					tg_bot_infoset(&a, a.seat_color[seat],
					    &ia);
					tg_bot_infoset(&b, b.seat_color[seat],
					    &ib);
					sets += memcmp(&ia, &ib, sizeof ia) == 0;
					for (int k = 0; k < TG_BOT_KINDS; k++) {
						o.kind = k;
						if (tg_bot_choose(&D, &a, seat, &o,
						    &x, NULL, &err) == 0 &&
						    tg_bot_choose(&D, &b, seat, &o,
						    &y, NULL, &err) == 0 &&
						    listed(&a, seat, &x) &&
						    listed(&b, seat, &y)) {
							x = canon(&a, seat, x);
							y = canon(&b, seat, y);
							checked += same(&x, &y);
						}
					}
				}
				o.kind = TG_BOT_RANDOM;
				if (tg_bot_choose(&D, &st, seat, &o, &z, NULL,
				    &err) != 0 || tg_apply(&D, &st, seat, &z,
				    NULL, &err) != 0)
					bail("random play: %s", err.msg);
			}
		}
		is_int(positions, differ, "the hidden parts differ in each of "
		    "%d positions (seed, dice stream, decks, rival's cards)",
		    positions);
		is_int(positions, sets, "the information sets are equal");
		is_int(positions * TG_BOT_KINDS, checked, "mcts, random and "
		    "greedy choose the same action in both");
	}

	/* R6.6: the card offered in a blind swap is hidden from the one
	 * asked; Spionage (R10.3): the spy sees the hand it takes from. */
	{
		struct tg_state st, a, b, ia, ib;
		int me, rival, t1 = -1, t2 = -1;

		game(&st, 2, 77);
		me = st.seat_color[0];
		rival = st.seat_color[1];
		/* Give the rival the two top play cards of the deck. */
		for (int k = 0; k < 2; k++) {
			int card = st.pdeck[--st.pcount];

			st.p[rival].hand[card / 2] = (uint8_t)(st.p[rival].hand[
			    card / 2] + (1 << (4 * (card & 1))));
		}
		for (int t = 0; t < TG_CARD_TYPES; t++)
			if (tg_hand_count(&st, rival, t) > 0) {
				if (t1 < 0)
					t1 = t;
				t2 = t;
			}
		a = b = st;
		a.pending.kind = b.pending.kind = TG_PD_OFFER;
		a.pending.color = b.pending.color = (uint8_t)me;
		a.pending.from = b.pending.from = (uint8_t)rival;
		a.pending.arg[4] = b.pending.arg[4] = 0xff;
		a.pending.arg[0] = (uint8_t)t1;
		b.pending.arg[0] = (uint8_t)t2;
		tg_bot_infoset(&a, me, &ia);
		tg_bot_infoset(&b, me, &ib);
		ok(t1 != t2 && memcmp(&ia, &ib, sizeof ia) == 0, "a blind swap "
		    "offered with one card or another: same information set");
		tg_bot_infoset(&a, rival, &ia);
		ok(ia.pending.arg[0] == t1, "...while the offerer knows its "
		    "card");
		a.pending.kind = TG_PD_SPY;
		a.pending.arg[0] = (uint8_t)rival;
		tg_bot_infoset(&a, me, &ia);
		ok(memcmp(ia.p[rival].hand, st.p[rival].hand,
		    sizeof ia.p[rival].hand) == 0, "the spy's information set "
		    "keeps the hand it is shown");
	}

	/* Deterministic for a budget in playouts; the seed matters. */
	{
		struct tg_state st;
		struct tg_bot_opts o;
		struct tg_bot_stats s1, s2;
		struct tg_action x, y;
		int equal = 0, n = 0;

		tg_bot_opts_default(&o);
		o.playouts = 80;
		for (unsigned seed = 1; seed <= 3; seed++) {
			game(&st, 2 + (int)seed % 3, seed + 200);
			for (int i = 0; i < 6; i++) {
				int seat = tg_to_act(&st);

				o.seed = seed;
				if (tg_bot_choose(&D, &st, seat, &o, &x, &s1,
				    &err) != 0 || tg_bot_choose(&D, &st, seat,
				    &o, &y, &s2, &err) != 0)
					bail("choose: %s", err.msg);
				equal += same(&x, &y) &&
				    s1.nodes == s2.nodes &&
				    s1.playouts == s2.playouts;
				n++;
				if (tg_apply(&D, &st, seat, &x, NULL, &err))
					bail("apply: %s", err.msg);
			}
		}
		is_int(n, equal, "mcts: same state, seat, playouts and seed: "
		    "same action, same tree");
	}

	/* The budget is what it says; the tree stays in its pool. */
	{
		struct tg_state st;
		struct tg_bot_opts o;
		struct tg_bot_stats s;
		struct tg_action x;

		game(&st, 2, 9);
		tg_bot_opts_default(&o);
		o.playouts = 150;
		if (tg_bot_choose(&D, &st, tg_to_act(&st), &o, &x, &s,
		    &err) != 0)
			bail("choose: %s", err.msg);
		is_int(150, (int)s.playouts, "150 playouts were run");
		ok(s.nodes >= 2 && s.nodes <= 151 + s.considered, "the tree has "
		    "%ld nodes, at most the root, its %d actions and one per "
		    "playout", s.nodes, s.considered);
	}

	/* A time budget: some playouts, a legal action. */
	{
		struct tg_state st;
		struct tg_bot_opts o;
		struct tg_bot_stats s;
		struct tg_action x;
		int seat;

		game(&st, 3, 11);
		tg_bot_opts_default(&o);
		o.think_ms = 30;
		seat = tg_to_act(&st);
		int rc = tg_bot_choose(&D, &st, seat, &o, &x, &s, &err);

		ok(rc == 0 && s.playouts > 0 && listed(&st, seat, &x),
		    "--think 30: %ld playouts, a legal action", s.playouts);
	}

	/* Refusals. */
	{
		struct tg_state st;
		struct tg_bot_opts o;
		struct tg_action x;
		int seat;

		game(&st, 2, 3);
		tg_bot_opts_default(&o);
		seat = tg_to_act(&st);
		is_int(RULES_ESEAT, tg_bot_choose(&D, &st, 1 - seat, &o, &x,
		    NULL, &err), "a seat that may not act now is refused");
		{
			char want[64];

			snprintf(want, sizeof want, "it is not %s's turn",
			    tg_color_name[st.seat_color[1 - seat]]);
			is_string(want, err.msg, "...with the reason");
		}
	}
	/* The core's door with Trigon's hooks (observe, format through
	 * trigon_rules.search) chooses what trigon_rules.bot chooses, and
	 * the text is an action the rules accept. */
	{
		const struct rules *r = &trigon_rules;
		struct rules_setup su;
		struct rules_bot_opts o;
		struct game *g;
		char a[RULES_ACTION_MAX], b[RULES_ACTION_MAX];
		int agree = 0, accepted = 0, n = 0;

		memset(&su, 0, sizeof su);
		su.chance = seed_chance_byte(0x3c, &su.salt);
		su.nseats = 3;
		su.seat[0] = "green";
		su.seat[1] = "purple";
		su.seat[2] = "white";
		if (r->search != &trigon_search || r->create(&g, &su, &err) != 0)
			bail("trigon_rules: %s", err.msg);
		memset(&o, 0, sizeof o);
		o.playouts = 40;
		o.seed = 5;
		for (int i = 0; i < 60; i++) {
			struct rules_await aw;

			r->await(g, &aw);
			if (aw.over)
				break;
			if (search_play(r, g, aw.seat, &o, a, sizeof a,
			    &err) != 0 || r->bot(g, aw.seat, &o, b, sizeof b,
			    &err) != 0)
				bail("choose: %s", err.msg);
			agree += strcmp(a, b) == 0;
			accepted += r->apply(g, aw.seat, a, strlen(a), NULL,
			    &err) == 0;
			n++;
		}
		is_int(60, n, "60 actions played through the core's door");
		is_int(n, agree, "search_play with trigon_search chooses what "
		    "trigon_rules.bot chooses");
		is_int(n, accepted, "...and trigon_rules.apply accepts each");
		r->free(g);
	}
	done_testing();
}
