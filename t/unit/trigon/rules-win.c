/*
 * t/unit/rules-win.c -- rules R11 (points and winning) and R12
 * (decisions put to a player) of trigon-rules(7), as far as they apply
 * without cards: the cards issue adds offers, battle-card questions and
 * the card defaults of R12.3.
 */
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"

static const int GY[] = { TG_GREEN, TG_YELLOW };
static const int GPY[] = { TG_GREEN, TG_PURPLE, TG_YELLOW };

static int
quest_points(const char *id)
{
	return D.quests[qcard(id)].points;
}

/*
 * Color c holds every spot of its home land (palace on the capital),
 * ncity of them cities of 5, one more village of 4 inhabitants when
 * grow, and one village at extra (a spot of another land) unless NULL:
 * points = 3 + 9 + 8 + ncity (+ 1).
 */
static size_t
land_held(char *buf, size_t n, int c, int ncity, int grow, const char *extra)
{
	size_t len = 0;
	int k = 0;

	for (int i = 0; i < D.nspots; i++) {
		if (D.spots[i].land != c)
			continue;
		len += (size_t)snprintf(buf + len, n - len,
		    "[spot %s]\ncolor = %s\nsettlement = %s\ninhabitants = %d\n%s",
		    D.spots[i].name, tg_color_name[c],
		    !D.spots[i].capital && k < ncity ? "city" : "village",
		    !D.spots[i].capital && k < ncity ? 5 :
		    !D.spots[i].capital && k == ncity && grow ? 4 : 1,
		    D.spots[i].capital ? "palace = yes\n" : "");
		if (!D.spots[i].capital)
			k++;
	}
	if (extra != NULL)
		len += (size_t)snprintf(buf + len, n - len,
		    "[spot %s]\ncolor = %s\nsettlement = village\n", extra,
		    tg_color_name[c]);
	return len;
}

static void
r11_1_points(void)
{
	struct tg_state st;
	int want;

	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = city\ninhabitants = 5\npalace = yes\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n"
	    "[player green]\ncompleted = dood-een-ridder verover-twee-dorpen\n"
	    "played = kerker raadhuis\nexplorer = yes\nadventurer = yes\n"
	    "quests = win-drie-veldslagen\n");
	want = 3 + 2 + 1 + quest_points("dood-een-ridder") +
	    quest_points("verover-twee-dorpen") + 2 + 2 + 2;
	is_int(want, st.p[TG_GREEN].points,
	    "R11.1 palace 3 + city 2 + village 1 + completed quests + Explorer 2 + Adventurer 2 + 2 played bonus cards");
	is_int(want, tg_points_recount(&D, &st, TG_GREEN),
	    "R11.1 the recount agrees");
	is_int(1, st.p[TG_YELLOW].points,
	    "R11.1 a capital village without palace: 1 point; an unfinished quest: none");
}

static void
r11_2_points_win(void)
{
	struct tg_state st;
	struct tg_setup s;
	struct rules_await aw;
	char buf[4096];
	size_t n;
	static const uint8_t w[] = { 6, 6, 6, 1, 1 };

	n = land_held(buf, sizeof buf, TG_GREEN, 4, 0, NULL);
	snprintf(buf + n, sizeof buf - n, "[game]\nfirst = green\n"
	    "[spot lumhaven]\ncolor = green\nknights = 3\n"
	    "[spot nieuw-delia]\ncolor = yellow\nsettlement = village\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n");
	scen(&st, 2, GY, buf);
	is_int(24, st.p[TG_GREEN].points, "R11.2 green has 24 points");
	dice(w, 5);
	done(&st, TG_GREEN, "move 3 knights from lumhaven to nieuw-delia",
	    "R11.2 green conquers a 25th point");
	ok(st.phase == TG_PH_OVER && st.winner == TG_GREEN && st.how == TG_HOW_POINTS,
	    "R11.2 25 points win at once");
	ok(noted("green wins (points)\n") && st.round == 1 && tg_to_act(&st) == -1,
	    "R11.2 mid-round: yellow never acts in round 1");
	tg_await(&D, &st, &aw);
	ok(aw.over && aw.winner == seat_of(&st, TG_GREEN) &&
	    strcmp(aw.text, "green has won (points)") == 0,
	    "R11.2 the game says who has won");
	refused(&st, TG_YELLOW, "end", RULES_REFUSED,
	    "the game is over: green has won", "R11.2 nothing after the win");

	/* R3.4: a custom target, or another single condition. */
	seeded(&s, 2, GY, 0x42);
	s.points = 26;
	scen_opts(&st, 2, GY, &s, buf, NULL);
	dice(w, 5);
	done(&st, TG_GREEN, "move 3 knights from lumhaven to nieuw-delia",
	    "R3.4 points=26: the same conquest");
	ok(st.phase == TG_PH_ACTION && st.p[TG_GREEN].points == 25,
	    "R3.4/R11.2 25 points do not win a game played to 26");
	s.points = 25;
	s.win = TG_WIN_EMPEROR;
	scen_opts(&st, 2, GY, &s, buf, NULL);
	dice(w, 5);
	done(&st, TG_GREEN, "move 3 knights from lumhaven to nieuw-delia",
	    "R3.4 win=emperor: the same conquest");
	ok(st.phase == TG_PH_ACTION, "R3.4 win=emperor: 25 points are no win");
	dice(NULL, 0);
}

/* Green: five cities (the last of n inhabitants), silver and gold. */
static void
emperor_pos(struct tg_state *st, int n, int silver, int gold)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = city\ninhabitants = 5\npalace = yes\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = city\ninhabitants = 5\n"
	    "[spot skarnvik]\ncolor = green\nsettlement = city\ninhabitants = 5\n"
	    "[spot valdheim]\ncolor = green\nsettlement = city\ninhabitants = 5\n"
	    "[spot frostholm]\ncolor = green\nsettlement = city\ninhabitants = %d\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[player green]\nsilver = %d\ngold = %d\n", n, silver, gold);
	scen(st, 2, GY, buf);
}

static void
r11_2_emperor(void)
{
	struct tg_state st;
	struct tg_setup s;

	emperor_pos(&st, 4, 4, 4);
	refused(&st, TG_GREEN, "crown", RULES_REFUSED,
	    "crowning an emperor needs 25 inhabitants over all own settlements; green has 24",
	    "R11.2 an emperor needs 25 inhabitants");
	emperor_pos(&st, 5, 3, 4);
	refused(&st, TG_GREEN, "crown", RULES_REFUSED,
	    "not enough silver: an emperor costs 4 silver + 4 gold, green has 3 silver",
	    "R11.2 an emperor costs 4 silver");
	emperor_pos(&st, 5, 4, 3);
	refused(&st, TG_GREEN, "crown", RULES_REFUSED,
	    "not enough gold: an emperor costs 4 silver + 4 gold, green has 3 gold",
	    "R11.2 an emperor costs 4 gold");
	emperor_pos(&st, 5, 4, 4);
	is_int(13, st.p[TG_GREEN].points, "R11.2 green has 13 points");
	done(&st, TG_GREEN, "crown", "R11.2 green crowns an emperor");
	ok(st.phase == TG_PH_OVER && st.winner == TG_GREEN && st.how == TG_HOW_EMPEROR &&
	    noted("green crowns an emperor\ngreen wins (emperor)\n"),
	    "R11.2 crowning an emperor wins at once");
	ok(st.p[TG_GREEN].coin[1] == 0 && st.p[TG_GREEN].coin[2] == 0 &&
	    st.bank[1] == 30 && st.bank[2] == 30,
	    "R11.2 the emperor's 4 silver + 4 gold go to the bank");

	/* R3.4: custom emperor price. */
	seeded(&s, 2, GY, 0x42);
	s.emp_inhab = 12;
	s.emp_silver = 1;
	s.emp_gold = 1;
	scen_opts(&st, 2, GY, &s, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = city\ninhabitants = 5\npalace = yes\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = city\ninhabitants = 5\n"
	    "[spot skarnvik]\ncolor = green\nsettlement = village\ninhabitants = 2\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[player green]\nsilver = 1\ngold = 1\n", NULL);
	done(&st, TG_GREEN, "crown", "R3.4 emperor-inhabitants=12, 1 silver + 1 gold: crowned with 12");
	ok(st.phase == TG_PH_OVER && st.how == TG_HOW_EMPEROR,
	    "R3.4 the custom emperor price wins");
}

static void
r11_2_quests(void)
{
	struct tg_state st;
	struct tg_setup s;
	const char *text = "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[player green]\ncompleted = dood-een-ridder verover-twee-dorpen win-drie-veldslagen\n";

	scen(&st, 2, GY, text);
	ok(st.phase == TG_PH_ACTION && st.p[TG_GREEN].quests_done == 3,
	    "R11.2 3 completed quests are no win (5 needed)");
	seeded(&s, 2, GY, 0x42);
	s.quests = 3;
	scen_opts(&st, 2, GY, &s, text, NULL);
	ok(st.phase == TG_PH_OVER && st.winner == TG_GREEN && st.how == TG_HOW_QUESTS,
	    "R11.2/R3.4 with quests=3, 3 completed quests win");
}

static void
r11_2_collection(void)
{
	struct tg_state st;
	char buf[6144], *p;
	size_t n;

	for (int first = 0; first < 2; first++) {
		const char *f = first ? "yellow" : "green";

		n = land_held(buf, sizeof buf, TG_GREEN, 3, 1, "hoogwacht");
		n += land_held(buf + n, sizeof buf - n, TG_YELLOW, 3, 1, "velderhof");
		snprintf(buf + n, sizeof buf - n,
		    "[game]\nfirst = %s\ncollect = yes\n", f);
		scen_opts(&st, 2, GY, NULL, buf, &NOTE);
		p = strstr(NOTE.text, " wins (points)\n");
		ok(st.phase == TG_PH_OVER && st.winner == (first ? TG_YELLOW : TG_GREEN) &&
		    p != NULL && p - NOTE.text >= 6 &&
		    strncmp(p - strlen(f), f, strlen(f)) == 0,
		    "R11.2 both reach 25 in the births; %s, served first this round (tie at 24), wins",
		    f);
	}
}

static void
r11_3_last(void)
{
	struct tg_state st;
	static const uint8_t w[] = { 6, 6, 1, 1 };
	static const uint8_t l[] = { 1, 6, 1, 1 };

	/* Conquering the last settlement of a player with no figure. */
	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot tirien]\ncolor = green\nknights = 2\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = no\n");
	dice(w, 4);
	done(&st, TG_GREEN, "move 2 knights from tirien to citel",
	    "R11.3 green takes yellow's last settlement");
	ok(noted("yellow is out\ngreen wins (last)\n") && st.phase == TG_PH_OVER &&
	    st.how == TG_HOW_LAST && (st.p[TG_YELLOW].flags & TG_PF_OUT),
	    "R11.3 yellow, with no settlement and no figure, is out; the last player left wins");

	/* R11.4: checked mid-turn: the attacker's last figure dies. */
	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot tirien]\ncolor = green\nknights = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\nknights = 1\n");
	dice(l, 4);
	done(&st, TG_GREEN, "move 1 knight from tirien to citel",
	    "R11.4 green attacks with its last figure and loses");
	ok(st.phase == TG_PH_OVER && st.winner == TG_YELLOW && st.how == TG_HOW_LAST &&
	    noted("green is out\nyellow wins (last)\n"),
	    "R11.3/R11.4 green is out at once; yellow, the last left, wins in green's turn");
	dice(NULL, 0);
}

static void
r11_3_on_a_path(void)
{
	struct tg_state st;
	static const uint8_t w[] = { 6, 6, 1, 1 };

	/* Figures on a river path are figures: their owner stays in. */
	scen(&st, 2, GY, "[game]\nfirst = yellow\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\n"
	    "[path valdheim psor]\ncolor = green\nknights = 1\ntoward = psor\n"
	    "[spot skarnvik]\ncolor = yellow\nknights = 2\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n");
	dice(w, 4);
	done(&st, TG_YELLOW, "move 2 knights from skarnvik to ulvdal",
	    "R11.3 yellow takes green's last settlement");
	ok(st.phase == TG_PH_ACTION && (st.p[TG_GREEN].flags & TG_PF_PLAYING) &&
	    !noted("green is out"),
	    "R11.3 green, with a knight on a river path, is not out");
	dice(NULL, 0);
}

static void
r11_3_resign(void)
{
	struct tg_state st;
	int nd = spot("nieuw-delia"), n;

	scen(&st, 3, GPY, "[game]\nfirst = purple\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot nieuw-delia]\ncolor = purple\nsettlement = village\npalace = yes\nknights = 3\n"
	    "[spot lumhaven]\ncolor = purple\nknights = 2\nboats = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
	    "[player purple]\ncopper = 5\nsilver = 2\ncards = promotie ertshoeve\n");
	refused(&st, TG_GREEN, "resign", RULES_ESEAT,
	    "green may not act now: it is purple's turn",
	    "R11.4 a player resigns when asked to act");
	n = st.vcount;
	done(&st, TG_PURPLE, "resign", "R11.3 purple resigns in its turn");
	ok(tg_owner(&st, nd) < 0 && tg_fig_color(&st, nd) < 0 &&
	    tg_fig_color(&st, spot("lumhaven")) < 0 && st.vcount == n + 1 &&
	    st.vdeck[(st.vhead + st.vcount - 1) % TG_VILLAGE_CARDS] == vcard("nieuw-delia"),
	    "R11.3/R11.4 its pieces leave the board, its card goes to the bottom of the village deck");
	ok(st.bank[0] == 30 && st.bank[1] == 30 && st.p[TG_PURPLE].coin[0] == 0 &&
	    (st.p[TG_PURPLE].flags & TG_PF_RESIGNED) && st.p[TG_PURPLE].points == 0,
	    "R11.4 its coins go to the bank");
	{
		int pr = tg_card_find("promotie", 8), er = tg_card_find("ertshoeve", 9);

		ok(tg_hand_count(&st, TG_PURPLE, pr) == 0 &&
		    tg_hand_count(&st, TG_PURPLE, er) == 0 &&
		    ((st.discard[pr / 2] >> (4 * (pr & 1))) & 0x0f) == 1 &&
		    ((st.discard[er / 2] >> (4 * (er & 1))) & 0x0f) == 1,
		    "R11.4 its hand goes to the discards");
	}
	ok(st.phase == TG_PH_ACTION && tg_active_color(&st) == TG_YELLOW &&
	    noted("purple resigns\nyellow to act\n"),
	    "R11.3 the game goes on with the next player");
	ok(sound(&st), "R11.4 invariants after resigning");
	done(&st, TG_YELLOW, "resign", "R11.3 yellow resigns too");
	ok(st.phase == TG_PH_OVER && st.winner == TG_GREEN && st.how == TG_HOW_LAST,
	    "R11.3 green, the last player left, wins");
}

static void
r12_defaults(void)
{
	struct tg_state st;
	struct rules_await aw;
	char buf[4096];
	size_t n;

	/* R12.4: births with too small a supply: lowest chip first. */
	scen_opts(&st, 2, GY, NULL, "[game]\nfirst = green\ncollect = yes\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\nchip = 2\n"
	    "[spot psor]\ncolor = green\nsettlement = village\nchip = 1\nknights = 57\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n", &NOTE);
	ok(noted("births green: psor +1\n") && tg_inhab(&st, spot("psor")) == 2 &&
	    tg_inhab(&st, spot("ulvdal")) == 1,
	    "R12.4 one inhabitant left in the supply: the settlement with the lowest chip gets it");

	/* R12.1: the reserve is a decision the active player must settle. */
	n = land_held(buf, sizeof buf, TG_GREEN, 0, 0, "hoogwacht");
	snprintf(buf + n, sizeof buf - n, "[game]\nfirst = green\ncollect = yes\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n");
	scen_opts(&st, 2, GY, NULL, buf, NULL);
	tg_await(&D, &st, &aw);
	ok(aw.seat == seat_of(&st, TG_GREEN) &&
	    strcmp(aw.text, "green to act (round 1; 8 reserve knights to place)") == 0,
	    "R12.1 the game waits for green to place its reserve knights");
}

int
main(void)
{
	util_init();
	r11_1_points();
	r11_2_points_win();
	r11_2_emperor();
	r11_2_quests();
	r11_2_collection();
	r11_3_last();
	r11_3_on_a_path();
	r11_3_resign();
	r12_defaults();
	return done_testing();
}
