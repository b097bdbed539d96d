/*
 * t/unit/catan/ck-sea.c -- Cities & Knights on the Seafarers maps
 * (catan-ck-rules(7), CK19): each test names its CK-rule and asserts
 * the exact outcome; refusals leave the state unchanged byte for byte.
 * Then random games on new-shores and fog-islands: every listed action
 * passes its check, the chosen one applies, the cards are conserved, and
 * the same seed and actions replay to the same state.
 *
 * new-shores: c4 pasture 4, c5 hills 10, c6 sea, c7 pasture 9, c8 gold
 * 3, d6 mountains 8, d7 and d8 sea, e10 forest 10 (the Inventor's slot
 * 16, past ck.tok), b6 and a5 sea; the pirate starts on g6.
 * fog-islands: b3 pasture 3, b7 fog.
 */
#include "../../tap.h"
#include "util.h"
#include "games/catan/parse.h"
#include "../seed-util.h"

#define MAXA 8192
#define MAXLEN 3000
#ifndef GAMES
#define GAMES 24
#endif

static struct ca_state S, R;
static struct ck_data CK;
static struct ca_action A[MAXA];
static struct ca_action Played[MAXLEN];
static int Seats[MAXLEN];

/* A Cities & Knights game of n seats on map with a position. */
static void
ck_game(const char *map, int n, const char *position)
{
	static int done;
	struct rules_error e;

	u_load();
	if (!done && ck_data_load(&CK, NULL, 0, NULL, 0, &e) != 0)
		bail("C&K data: %s", e.msg);
	done = 1;
	force_clear();
	if (ca_board_build(&U_board, ca_data_map(&U_data, map), NULL,
	    &e) != 0)
		bail("board: %s", e.msg);
	ca_init(&S, &U_board, &U_data, n, 0, &U_chance);
	if (ca_ck_init(&S, &CK, 0, 0, &e) != 0)
		bail("ca_ck_init: %s", e.msg);
	if (position != NULL &&
	    ca_position_load(&S, position, strlen(position), &e) != 0)
		bail("position: %s (line %d)", e.msg, e.line);
}

/* The roll of white w, red r and event e (CK4.3). */
static void
force_roll(int w, int r, int e)
{
	unsigned char b[3] = {
		(unsigned char)(w - 1), (unsigned char)(r - 1),
		(unsigned char)(e - 1)
	};

	force(3, b);
}

static int
corner(const char *name)
{
	char msg[128];

	return ca_parse_corner(S.b, name, strlen(name), msg, sizeof msg);
}

static void
knight(const char *name, int seat, int level, int active)
{
	S.corner[corner(name)] = CA_C_MAKE(seat, CA_CP_KNIGHT | (level - 1) |
	    (active ? CA_CP_ACTIVE : 0));
}

static uint8_t
knight_byte(const char *name)
{
	return CA_C_KIND(S.corner[corner(name)]);
}

/* Move progress card slug from its deck into seat's hand. */
static void
give_prog(int seat, const char *slug)
{
	struct ca_ck_player *p = &S.ck.p[seat];
	int c = ck_card_by_slug(&CK, slug, strlen(slug)), t = CK.cards[c].deck;

	for (int i = 0; i < S.ck.ndeck[t]; i++)
		if (ca_ck_deck(&S, t, i) == c) {
			for (int k = i + 1; k < S.ck.ndeck[t]; k++)
				ca_ck_deck_set(&S, t, k - 1,
				    ca_ck_deck(&S, t, k));
			S.ck.ndeck[t]--;
			p->prog[p->nprog++] = (uint8_t)c;
			return;
		}
	bail("no %s left in its deck", slug);
}

/* CK19.1, CK19.2: the target, the option as given; CK19.1: the
   Inventor's slots past the 16 of ck.tok. */
static void
ck19_target_and_tokens(void)
{
	struct rules_error e;
	int slot;

	ck_game("new-shores", 4, NULL);
	is_int(15, S.vp_target, "CK19.2: 15 VP on new-shores");
	is_int(21, S.b->nmov, "CK19.1: new-shores has 21 tokens the "
	    "Inventor may move");
	slot = S.b->tokslot[hexi(&S, "e10")];
	is_int(16, slot, "CK19.1: e10's token is the Inventor's 17th");
	is_int(10, ca_hex_token(&S, hexi(&S, "e10")), "CK19.1: e10 holds "
	    "its 10 in ck_tok2");
	ca_init(&S, &U_board, &U_data, 3, 0, &U_chance);
	is_int(0, ca_ck_init(&S, &CK, 14, 0, &e), "CK19.2: points=14 "
	    "accepted");
	is_int(14, S.vp_target, "CK19.2: the option names the target as "
	    "it is");
}

/* CK19.1, CK14.19: the Inventor swaps a token of slot 16 (ck_tok2), and
   the roll produces by the swapped tokens. */
static void
ck19_inventor_far_slot(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = d10/d11/e10 b5/c4/c5\n";
	int e10, c4;

	ck_game("new-shores", 3, pos);
	e10 = hexi(&S, "e10");
	c4 = hexi(&S, "c4");
	give_prog(RED, "inventor");
	acts(&S, RED, "play inventor e10 c4", "CK14.19, CK19.1");
	is_int(4, ca_hex_token(&S, e10), "CK19.1: e10 now holds the 4");
	is_int(10, ca_hex_token(&S, c4), "CK19.1: c4 now holds the 10");
	ok(S.ck_tok2[0] != 0, "CK19.1: the token past 16 lives in ck_tok2");
	acts(&S, RED, "end", "CK19.1");
	force_roll(6, 6, 4);
	acts(&S, BLUE, "roll", "CK19.1: a 12, nobody's");
	acts(&S, BLUE, "end", "CK19.1");
	force_roll(6, 6, 4);
	acts(&S, WHITE, "roll", "CK19.1: a 12, nobody's");
	acts(&S, WHITE, "end", "CK19.1");
	force_roll(1, 3, 4);
	acts(&S, RED, "roll", "CK19.1: a 4");
	is_string("1 wood", hand(&S, RED), "CK19.1: the 4 of e10 gives "
	    "red's settlement wood; c4 gives nothing");
}

/* CK19.3 (CK5.3): a city on gold picks 2 resources, a settlement 1;
   never a commodity. */
static void
ck19_gold(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "[red]\ncities = c7/c8/d8\n[blue]\nsettlements = c8/c9/d9\n";

	ck_game("new-shores", 3, pos);
	force_roll(1, 2, 4);
	acts(&S, RED, "roll", "CK19.3: a 3 on the gold of c8");
	is_string("", hand(&S, RED), "CK19.3: no card and no commodity "
	    "dealt");
	is_int(1, S.npend, "CK19.3: a pick is owed");
	is_int(CA_P_PICK, S.pend[0].kind, "CK19.3: it is a gold pick");
	is_int(2, S.pend[0].n[RED], "CK19.3: red's city picks 2");
	is_int(1, S.pend[0].n[BLUE], "CK19.3: blue's settlement picks 1");
	refused(&S, RED, "pick 1 ore 1 paper", "CK19.3: a commodity is no "
	    "pick");
	is_string("picks are resources", U_err.msg, "CK19.3: the refusal "
	    "says why");
	refused(&S, RED, "pick 2 coin", "CK19.3: nor two");
	acts(&S, RED, "pick 1 ore 1 wool", "CK19.3");
	is_string("1 wool 1 ore", hand(&S, RED), "CK19.3: red holds the two "
	    "resources picked");
	acts(&S, BLUE, "pick 1 grain", "CK19.3");
	is_string("1 grain", hand(&S, BLUE), "CK19.3: blue its one");
	ok(conserved(&S), "CK2.2: the cards are conserved");
}

/* CK19.4: the merchant never on gold. */
static void
ck19_merchant(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c7/c8/d8\n";

	ck_game("new-shores", 3, pos);
	give_prog(RED, "merchant");
	refused(&S, RED, "play merchant c8", "CK19.4: not on the gold of c8");
	is_string("the merchant never goes on a gold field (CK19.4)",
	    U_err.msg, "CK19.4: the refusal says why");
	acts(&S, RED, "play merchant c7", "CK19.4: the pasture beside");
	is_int(hexi(&S, "c7"), S.ck.merchant, "CK19.4: the merchant on c7");
	is_int(RED, S.ck.merchant_holder, "CK14.3: red holds it");
}

/* CK19.5: a knight at the end of a ship; a move along ships and roads,
   changing at an own settlement only. */
static void
ck19_knights_by_ship(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c5/c6/d6\nships = c6/d6\n"
	    "hand = 2 ore 2 wool\n";
	const char *path = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c5/c6/d6\nships = c6/d6 d6/d7\n"
	    "roads = c5/d6\n";
	const char *nojoin = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = d5/d6/e5\nroads = d5/d6 c5/d6\n"
	    "ships = c6/d6\n";

	ck_game("new-shores", 3, pos);
	acts(&S, RED, "build knight c6/d6/d7", "CK19.5: at the free end of "
	    "red's ship");
	is_int(CA_CP_KNIGHT | CA_CP_SPENT, knight_byte("c6/d6/d7"),
	    "CK19.5: a basic knight stands there");
	refused(&S, RED, "build knight d6/d7/e6", "CK19.5: no ship of red's "
	    "ends at d6/d7/e6");
	ck_game("new-shores", 3, path);
	knight("d6/d7/e6", RED, 1, 1);
	acts(&S, RED, "move d6/d7/e6 c5/d5/d6", "CK19.5: along two ships, "
	    "through red's settlement, along a road");
	is_int(CA_CP_KNIGHT | CA_CP_SPENT, knight_byte("c5/d5/d6"),
	    "CK19.5: the knight moved and acted");
	ck_game("new-shores", 3, nojoin);
	knight("c6/d6/d7", RED, 1, 1);
	refused(&S, RED, "move c6/d6/d7 c5/d5/d6", "CK19.5: no change from "
	    "ship to road at an empty corner");
	acts(&S, RED, "move c6/d6/d7 c5/c6/d6", "CK19.5: along the ship "
	    "alone");
}

/* CK19.5, CK14.24: Road Building lays roads, ships or one of each; a
   ship never continues a road at an empty corner (CA6.6); no ship on a
   base map. */
static void
ck19_road_building(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c5/c6/d6\n";
	char buf[128];
	struct ca_action a;
	struct rules_error e;

	ck_game("new-shores", 3, pos);
	give_prog(RED, "road-building");
	refused(&S, RED, "play road-building ship c6/d6 d6/d7", "CK19.5, "
	    "CA6.6: a road does not continue a ship at an empty corner");
	refused(&S, RED, "play road-building ship c5/d6", "CK19.5, CA6.5: "
	    "no ship between two land hexes");
	snprintf(buf, sizeof buf, "play road-building ship c6/d6 ship c6/d7");
	if (ca_parse(&S, buf, strlen(buf), &a, &e) != 0)
		bail("parse: %s", e.msg);
	ca_format(&S, &a, buf, sizeof buf);
	is_string("play road-building ship c6/d6 ship c6/d7", buf,
	    "CK19.5: the order reads back as written");
	acts(&S, RED, "play road-building ship c6/d6 ship c6/d7", "CK19.5: "
	    "two free ships");
	is_int(13, S.p[RED].supply[CA_S_SHIP], "CK19.5: two ships from the "
	    "supply");
	is_int(15, S.p[RED].supply[CA_S_ROAD], "CK19.5: no road");
	is_string("", hand(&S, RED), "CK19.5: free");
	{
		uint8_t v = S.edge[ca_parse_edge(S.b, "c6/d7", 5, buf,
		    sizeof buf)];

		ok(CA_E_OWNER(v) == RED && (v & CA_E_SHIP), "CK19.5: red's "
		    "ship on c6/d7");
	}
	ck_game("new-shores", 3, pos);
	give_prog(RED, "road-building");
	acts(&S, RED, "play road-building c5/d6 ship c6/d6", "CK19.5: a road "
	    "and a ship, both from red's settlement");
	is_int(14, S.p[RED].supply[CA_S_SHIP], "CK19.5: one ship");
	is_int(14, S.p[RED].supply[CA_S_ROAD], "CK19.5: one road");
	u_load();
	ck_game("beginner", 3, "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c4/c5/d5\n");
	give_prog(RED, "road-building");
	refused(&S, RED, "play road-building ship c4/c5", "CK19.5: no ship on "
	    "a base map");
}

/* CK19.5, CK14.10: the Diplomat takes roads only; a ship at a road's
   end holds it (not open). */
static void
ck19_diplomat(void)
{
	const char *held = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c5/d5/d6\nroads = c5/d6\nships = c6/d6\n";
	const char *open = "[position]\nturn = red\nphase = main\n"
	    "[red]\nsettlements = c5/d5/d6\nroads = c5/d6\n";

	ck_game("new-shores", 3, held);
	give_prog(RED, "diplomat");
	refused(&S, RED, "play diplomat c5/d6", "CK19.5, CK14.10: red's ship "
	    "at c5/c6/d6 holds the road's end");
	refused(&S, RED, "play diplomat c6/d6", "CK19.5: the Diplomat takes "
	    "no ship");
	ck_game("new-shores", 3, open);
	give_prog(RED, "diplomat");
	acts(&S, RED, "play diplomat c5/d6", "CK14.10: without the ship the "
	    "road is open");
	is_int(15, S.p[RED].supply[CA_S_ROAD], "CK14.10: the road is back in "
	    "red's supply");
}

/* CK19.6: the pirate waits for the first attack; a 7 then moves robber
   or pirate; a knight beside the pirate chases it; the Bishop moves
   it. */
static void
ck19_pirate(void)
{
	const char *pos = "[position]\nturn = red\nphase = pre-roll\n"
	    "pirate = c6\n[red]\nsettlements = c5/c6/d6\n"
	    "[blue]\nsettlements = a5/b5/b6\nships = a5/b6\nhand = 1 ore\n";

	ck_game("new-shores", 3, pos);
	force_roll(3, 4, 4);
	acts(&S, RED, "roll", "CK19.6: a 7 before the first attack");
	is_int(0, S.npend, "CK6.1, CK19.6: neither robber nor pirate moves");
	ok(note_has("the robber stays in the desert until the barbarians "
	    "have attacked"), "CK6.1: the note says so");
	refused(&S, RED, "pirate b6 steal blue", "CK19.6: no pirate move is "
	    "owed");
	knight("c6/c7/d7", RED, 1, 1);
	refused(&S, RED, "chase c6/c7/d7 b6 steal blue", "CK19.6: the pirate "
	    "waits for the first attack");
	is_string("the pirate stays where it is until the barbarians have "
	    "attacked (CK6.1, CK19.6)", U_err.msg, "CK19.6: the refusal "
	    "says why");
	S.ck.attacks = 1;
	knight("c4/c5/d5", RED, 1, 1);
	refused(&S, RED, "chase c4/c5/d5 b6 steal blue", "CK19.6: c4/c5/d5 "
	    "is no corner of the pirate's c6");
	refused(&S, RED, "chase c6/c7/d7 c4 steal blue", "CK11.10: c4 is no "
	    "corner of the robber's hex");
	force_index(0);
	acts(&S, RED, "chase c6/c7/d7 b6 steal blue", "CK19.6: the knight "
	    "chases the pirate to b6");
	is_int(hexi(&S, "b6"), S.pirate, "CK19.6: the pirate is on b6");
	is_string("1 ore", hand(&S, RED), "CK19.6: red took blue's ore, "
	    "blue's ship beside b6");
	is_string("", hand(&S, BLUE), "CK19.6: blue has none left");
	is_int(CA_CP_KNIGHT | CA_CP_SPENT, knight_byte("c6/c7/d7"),
	    "CK11.6: the knight acted");

	ck_game("new-shores", 3, pos);
	S.ck.attacks = 1;
	force_roll(3, 4, 4);
	acts(&S, RED, "roll", "CK19.6: a 7 after the first attack");
	is_int(CA_P_ROBBER, S.pend[0].kind, "CK19.6: red owes a move");
	force_index(0);
	acts(&S, RED, "pirate b6 steal blue", "CK19.6, CA5.4: the pirate");
	is_int(hexi(&S, "b6"), S.pirate, "CK19.6: on b6");
	is_string("1 ore", hand(&S, RED), "CK19.6: the ore stolen");

	ck_game("new-shores", 3, pos);
	S.phase = CA_PH_MAIN;
	give_prog(RED, "bishop");
	refused(&S, RED, "play bishop b6", "CK6.1, CK19.6: not before the "
	    "first attack");
	S.ck.attacks = 1;
	refused(&S, RED, "play bishop c6", "CK19.6: the pirate must move");
	force_index(0);
	acts(&S, RED, "play bishop b6", "CK14.7, CK19.6: the Bishop moves "
	    "the pirate");
	is_int(hexi(&S, "b6"), S.pirate, "CK19.6: the pirate is on b6");
	is_int(hexi(&S, "d4"), S.robber, "CK19.6: the robber stays");
	is_string("1 ore", hand(&S, RED), "CK19.6: one card from blue, "
	    "whose ship is beside b6");
}

/* CK19.7: the Inventor never moves a fog hex's token. */
static void
ck19_inventor_fog(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n";

	ck_game("fog-islands", 3, pos);
	give_prog(RED, "inventor");
	refused(&S, RED, "play inventor b7 b3", "CK19.7: b7 is fog");
	is_string("the Inventor never moves a token of a fog hex (CK19.7)",
	    U_err.msg, "CK19.7: the refusal says why");
}

/* CK19.8: the barbarians count every city, ships nothing. */
static void
ck19_barbarians(void)
{
	const char *pos = "[position]\nturn = red\nphase = main\n"
	    "[red]\ncities = c5/c6/d6 c7/c8/d8\nships = c6/d6 c6/d7 c7/d7\n";

	ck_game("new-shores", 3, pos);
	is_int(2, ca_ck_barbarians(&S), "CK19.8: two cities, one on a "
	    "small island, strength 2");
	is_int(0, ca_ck_defence(&S, -1), "CK19.8: three ships defend "
	    "nothing");
}

/* CK19.1: random games on both Seafarers maps (CK14.1's agreement,
   CK2.2's conservation, CK16.3's replay). */
static void
ck19_games(void)
{
	static struct ca_board boards[2];
	static const char *const maps[2] = { "new-shores", "fog-islands" };
	struct rules_error e;
	int bad_agree = 0, bad_apply = 0, bad_replay = 0, bad_cards = 0;
	int ended = 0, pirate_moves = 0, long_lists = 0;
	char what[640] = "";

	u_ck_load(&CK, boards, maps, 2);
	for (int g = 1; g <= GAMES; g++) {
		uint64_t salt, rng = (uint64_t)g * 0x9e3779b97f4a7c15ULL;
		const struct rules_chance *ch = seed_chance_byte((unsigned)g,
		    &salt);
		int n = 3 + g % 2, len = 0;
		const struct ca_board *b = &boards[(g / 2) % 2];

		ca_init(&S, b, &U_data, n, 0, ch);
		if (ca_ck_init(&S, &CK, 0, 0, &e) != 0)
			bail("ca_ck_init: %s", e.msg);
		while (S.phase != CA_PH_OVER && len < MAXLEN) {
			int seat = ca_await_seat(&S), na, i;
			uint8_t pirate = S.pirate;

			na = ca_legal(&S, seat, A, MAXA);
			/* a large hand's discards may run past the buffer:
			   the first MAXA, as the computer player's BOT_MAX */
			if (na > MAXA) {
				long_lists++;
				na = MAXA;
			}
			for (int j = 0; j < na; j++)
				if (ca_check(&S, seat, &A[j], &e) != 0 &&
				    !bad_agree++)
					snprintf(what, sizeof what, "game %d "
					    "action %d verb %d: %s", g, len,
					    A[j].verb, e.msg);
			i = u_choose(A, na, &rng);
			if (ca_apply(&S, seat, &A[i], NULL, NULL, &e) != 0) {
				if (!bad_apply++)
					snprintf(what, sizeof what, "game %d: "
					    "apply verb %d: %s", g, A[i].verb,
					    e.msg);
				break;
			}
			pirate_moves += S.pirate != pirate;
			bad_cards += !conserved(&S);
			Played[len] = A[i];
			Seats[len++] = seat;
		}
		ended += S.phase == CA_PH_OVER;
		ca_init(&R, b, &U_data, n, 0, ch);
		if (ca_ck_init(&R, &CK, 0, 0, &e) != 0)
			bail("ca_ck_init: %s", e.msg);
		for (int j = 0; j < len; j++)
			if (ca_apply(&R, Seats[j], &Played[j], NULL, NULL,
			    &e) != 0)
				break;
		bad_replay += memcmp(&R, &S, sizeof R) != 0;
	}
	if (what[0])
		diag("%s", what);
	diag("%d lists past %d actions", long_lists, MAXA);
	is_int(0, bad_agree, "CK19.1, CK14.1: every listed action passes "
	    "ca_check on the Seafarers maps");
	is_int(0, bad_apply, "CK19.1: every chosen action applies");
	is_int(0, bad_cards, "CK19.1, CK2.2: the cards are conserved");
	is_int(0, bad_replay, "CK19.1, CK16.3: the same seed and actions "
	    "give the same state");
	ok(ended > 0, "CK19.1: games end (%d of %d)", ended, GAMES);
	ok(pirate_moves > 0, "CK19.6: the pirate moved (%d times)",
	    pirate_moves);
}

int
main(void)
{
	ck19_target_and_tokens();
	ck19_inventor_far_slot();
	ck19_gold();
	ck19_merchant();
	ck19_knights_by_ship();
	ck19_road_building();
	ck19_diplomat();
	ck19_pirate();
	ck19_inventor_fog();
	ck19_barbarians();
	ck19_games();
	done_testing();
}
