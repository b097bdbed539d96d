/*
 * t/unit/rules-setup.c -- rules R1 (components and supply), R2 (the
 * board) and R3 (set-up) of trigon-rules(7), each test named by its rule.
 * The engine engineer's own set-up checks are in t/unit/engine.c; these
 * add the supply limits, the decks, the map's shape and the options.
 */
#include "../../tap.h"
#include "rules-util.h"

static const int GY[] = { TG_GREEN, TG_YELLOW };
static const int ALL4[] = { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };

static void
r1_1_colors(void)
{
	struct tg_state st;
	struct tg_setup s;
	struct rules_error err;
	static const char *const caps[] = { "psor", "nieuw-delia", "citel",
	    "pyros" };
	int five[] = { 0, 1, 2, 3, 0 };	/* colors, for seeded() */

	game(&st, 4, ALL4, 1);
	for (int c = 0; c < 4; c++) {
		int cap = spot(caps[c]);

		ok(tg_owner(&st, cap) == c && D.spots[cap].land == c &&
		    D.capital[c] == cap,
		    "R1.1 %s holds its capital %s in its land %s",
		    tg_color_name[c], caps[c], D.land_name[c]);
	}
	game(&st, 2, GY, 2);
	ok(tg_owner(&st, spot("nieuw-delia")) < 0 &&
	    tg_fig_color(&st, spot("nieuw-delia")) < 0 &&
	    tg_owner(&st, spot("pyros")) < 0,
	    "R1.1 with 2 players the absent colors' capitals are empty");
	ok(st.land_spots[TG_LUMOS] == 9 && st.land_spots[TG_KALLAND] == 9,
	    "R1.1 the absent colors' lands stay on the map");

	/* An absent color's capital is an ordinary free spot: no palace. */
	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot nieuw-delia]\ncolor = green\nscouts = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n");
	is_int(4, st.p[TG_GREEN].points, "R1.1 green starts with 4 points");
	done(&st, TG_GREEN, "found at nieuw-delia",
	    "R1.1 a scout founds at an absent color's capital");
	ok(!tg_has_palace(&st, spot("nieuw-delia")) &&
	    tg_owner(&st, spot("nieuw-delia")) == TG_GREEN,
	    "R1.1 the absent capital's spot gets no palace");
	is_int(5, st.p[TG_GREEN].points,
	    "R1.1 founding there is worth 1 point (no palace)");

	seeded(&s, 1, five, 3);
	is_int(RULES_EDATA, tg_init(&st, &D, &s, NULL, &err),
	    "R1.1 one player is refused");
	is_string("Trigon takes 2 to 4 players, not 1", err.msg,
	    "R1.1 one player: message");
	s.nseats = 5;
	is_int(RULES_EDATA, tg_init(&st, &D, &s, NULL, &err),
	    "R1.1 five players are refused");
	s.nseats = 3;
	s.color[0] = TG_GREEN;
	s.color[1] = TG_PURPLE;
	s.color[2] = TG_GREEN;
	is_int(RULES_EDATA, tg_init(&st, &D, &s, NULL, &err),
	    "R1.1 a color is taken once");
	is_string("seat 3: each color may be taken once", err.msg,
	    "R1.1 a color twice: message");
}

static void
r1_2_supply(void)
{
	struct tg_state st;
	char buf[2048];
	int n;

	game(&st, 4, ALL4, 4);
	for (int k = 0; k < 3; k++) {
		int sum = st.bank[k];

		for (int c = 0; c < 4; c++)
			sum += st.p[c].coin[k];
		is_int(30, sum, "R1.2 30 coins of kind %d between bank and players",
		    k);
	}
	ok(st.p[TG_GREEN].units == 5 + 2 && st.p[TG_GREEN].scouts == 1 &&
	    st.p[TG_GREEN].boats == 0 && st.p[TG_GREEN].chips == 1,
	    "R1.2 green's supply counts 5 knights + 2 inhabitants, 1 scout, chip 1");

	/* Three scouts per color. */
	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\ninhabitants = 3\nscouts = 2\n"
	    "[spot valdheim]\ncolor = green\nscouts = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n"
	    "[player green]\nsilver = 3\ngold = 1\n");
	refused(&st, TG_GREEN, "build scout at psor", RULES_REFUSED,
	    "green has no scout left in the supply (all 3 are in play)",
	    "R1.2 a fourth scout is refused");

	/* Five boats per color. */
	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot skarnvik]\ncolor = green\nsettlement = village\nboats = 5\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n"
	    "[player green]\ncopper = 2\n");
	refused(&st, TG_GREEN, "build boat at skarnvik", RULES_REFUSED,
	    "green has no boat left in the supply (all 5 are in play)",
	    "R1.2 a sixth boat is refused");

	/* Ten village chips: the 11th village cannot be founded. */
	n = snprintf(buf, sizeof buf, "[game]\nfirst = green\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n"
	    "[spot calpoort]\ncolor = green\nscouts = 1\n"
	    "[spot hoogwacht]\ncolor = green\nsettlement = village\n");
	for (int i = 0; i < D.nspots; i++)
		if (D.spots[i].land == TG_NOORLAND)
			n += snprintf(buf + n, sizeof buf - (size_t)n,
			    "[spot %s]\ncolor = green\nsettlement = village\n",
			    D.spots[i].name);
	scen(&st, 2, GY, buf);
	is_int(10, st.p[TG_GREEN].nsettle, "R1.2 green has 10 settlements");
	refused(&st, TG_GREEN, "found at calpoort", RULES_REFUSED,
	    "green has no village chip left",
	    "R1.2/R9.1 no chip left: founding is refused");

	/* 60 inhabitants + knights: births stop when the supply is empty. */
	scen_opts(&st, 2, GY, NULL, "[game]\nfirst = green\ncollect = yes\n"
	    "[spot psor]\ncolor = green\nsettlement = village\ninhabitants = 1\nknights = 59\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n", &NOTE);
	is_int(1, tg_inhab(&st, spot("psor")),
	    "R1.2 with 60 units in play no inhabitant is born");
	is_int(60, st.p[TG_GREEN].units, "R1.2 the supply of 60 is not exceeded");
	ok(strstr(NOTE.text, "births green: none\n") != NULL,
	    "R1.2 the note says no births for green");

	/* The bank: an exchange the bank cannot pay is refused. */
	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n"
	    "[player green]\ncopper = 3\ngold = 30\n"
	    "[player yellow]\nsilver = 30\n");
	refused(&st, TG_GREEN, "exchange copper", RULES_REFUSED,
	    "the bank has no silver left",
	    "R1.2 the bank holds 30 silver: none left, no exchange");
}

static void
r1_3_decks(void)
{
	struct tg_state st;
	char text[1024];
	int hand = 0, disc = 0, card = card_bonus_has(6), ncards;

	game(&st, 4, ALL4, 5);
	ok(st.vcount == 46 && st.qcount == 27 && st.pcount == 82,
	    "R1.3 decks: 46 village cards (+4 capital cards), 27 quests, 82 play cards");

	/* An empty village deck forbids founding. */
	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\n"
	    "[spot frostholm]\ncolor = green\nscouts = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\n");
	st.vcount = 0;		/* as if every card were out */
	refused(&st, TG_GREEN, "found at frostholm", RULES_REFUSED,
	    "the village deck is empty: no village can be founded",
	    "R1.3 an empty village deck forbids founding");

	/*
	 * An empty play deck is refilled from its discards: a green village
	 * becomes a city in the collection phase and its bonus draws cards.
	 */
	snprintf(text, sizeof text, "[game]\nfirst = yellow\n"
	    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\n"
	    "[spot frostholm]\ncolor = green\nsettlement = village\ninhabitants = 4\ncard = %s\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n",
	    D.villages[card].id);
	scen(&st, 2, GY, text);
	ncards = D.villages[card].bonus.playcards;
	for (int i = 0; i < st.pcount; i++) {
		int t = st.pdeck[i];

		/*
		 * Green holds the 4 protection cards, so a negative card
		 * drawn as the bonus is shielded (R10.2) and cannot undo
		 * the city; it goes to the discards like a held one counts.
		 */
		if (tg_cards[t].flags & TG_CF_PROTECTION) {
			st.p[TG_GREEN].hand[t / 2] = (uint8_t)(st.p[TG_GREEN].hand[t / 2] +
			    (1 << (4 * (t & 1))));
			continue;
		}
		st.discard[t / 2] = (uint8_t)(st.discard[t / 2] +
		    (1 << (4 * (t & 1))));
	}
	st.pcount = 0;
	ok(sound(&st), "R1.3 all 78 other play cards in the discards");
	make_active(&st, TG_GREEN);
	done(&st, TG_GREEN, "end", "R1.3 round 2 begins");
	ok(tg_is_city(&st, spot("frostholm")), "R1.3 frostholm became a city (bonus %d play cards)", ncards);
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		hand += tg_hand_count(&st, TG_GREEN, t);
		disc += (st.discard[t / 2] >> (4 * (t & 1))) & 0x0f;
	}
	is_int(82 - 4 - ncards, st.pcount, "R1.3 the discards were shuffled into the deck, the bonus cards drawn");
	is_int(ncards + 4, hand + disc, "R1.3 the drawn cards went to green (a negative one on to the discards)");
}

static void
r2_board(void)
{
	struct tg_state st;
	int caps[TG_LANDS] = { 0 }, sizes[TG_LANDS] = { 0 }, bad = 0;
	int seen[TG_MAX_SPOTS] = { 0 }, queue[TG_MAX_SPOTS], qh = 0, qt = 0;
	int n, leaves = 0, sails = 0, lands_of_sea[TG_SEAS] = { 0 };
	static struct tg_action l[TG_LEGAL_MAX];

	for (int i = 0; i < D.nspots; i++) {
		if (D.spots[i].land >= TG_LANDS)
			bad++;
		else {
			sizes[D.spots[i].land]++;
			caps[D.spots[i].land] += D.spots[i].capital;
		}
		for (int k = 0; k < TG_SEAS; k++)
			if (D.spots[i].seas & (1 << k))
				lands_of_sea[k] |= 1 << D.spots[i].land;
	}
	is_int(0, bad, "R2.1 every spot lies in one of the 4 lands");
	ok(caps[0] == 1 && caps[1] == 1 && caps[2] == 1 && caps[3] == 1,
	    "R2.1 each land has exactly one capital spot");
	for (int k = 0; k < TG_SEAS; k++) {
		int m = lands_of_sea[k], cnt = 0;

		for (; m; m >>= 1)
			cnt += m & 1;
		ok(cnt >= 2, "R2.2 the sea %s has harbors in %d lands",
		    D.sea_name[k], cnt);
	}
	/* R2.3: nothing but boats leaves Noorland. */
	queue[qt++] = D.capital[TG_GREEN];
	seen[D.capital[TG_GREEN]] = 1;
	while (qh < qt) {
		int s = queue[qh++];

		for (int k = 0; k < D.spots[s].nadj; k++) {
			int t = D.spots[s].adj[k];

			if (!seen[t]) {
				seen[t] = 1;
				queue[qt++] = t;
			}
		}
	}
	is_int(sizes[TG_NOORLAND], qt,
	    "R2.3 by paths, Psor reaches exactly the %d spots of Noorland",
	    sizes[TG_NOORLAND]);

	scen(&st, 2, GY, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\n"
	    "[spot norrhavn]\ncolor = green\nknights = 2\nboats = 1\n"
	    "[spot lumhaven]\ncolor = green\nknights = 1\nboats = 1\n"
	    "[spot citel]\ncolor = yellow\nsettlement = village\nknights = 3\n");
	n = tg_legal(&D, &st, seat_of(&st, TG_GREEN), l, TG_LEGAL_MAX);
	for (int i = 0; i < n; i++) {
		if (l[i].kind == TG_A_MOVE && l[i].a == spot("norrhavn") &&
		    D.spots[l[i].b].land != TG_NOORLAND)
			leaves++;
		if (l[i].kind == TG_A_SAIL && l[i].a == spot("norrhavn"))
			sails++;
	}
	ok(leaves == 0 && sails > 0,
	    "R2.3 from norrhavn no listed move leaves Noorland; sailings are listed");
	refused(&st, TG_GREEN, "move 1 knight from citel to marmora",
	    RULES_REFUSED, "there is no path from citel to marmora",
	    "R2.1 an army moves along a path only");
	refused(&st, TG_GREEN, "sail boat from lumhaven to calpoort",
	    RULES_REFUSED, "lumhaven and calpoort lie on no common sea",
	    "R2.2 a boat sails only on a sea both harbors share");
	refused(&st, TG_GREEN, "sail boat from lumhaven to marktveld",
	    RULES_REFUSED, "marktveld is no harbor",
	    "R2.2 a boat sails only into a harbor");
	done(&st, TG_GREEN, "sail boat from norrhavn to lumhaven with 2 knights",
	    "R2.3 the Great Ocean joins Noorland to Lumos");
	is_int(3, st.kn[spot("lumhaven")],
	    "R2.3 two knights crossed by boat to lumhaven");
}

static void
r3_setup(void)
{
	struct tg_state st, st2;
	struct tg_setup s;
	struct rules_error err;
	struct rules_await aw;
	static const int WG[] = { TG_WHITE, TG_GREEN };

	/* R3.1: seen before the collection phase (set-up villages pending). */
	seeded(&s, 4, ALL4, 6);
	s.second_village = 1;
	if (tg_init(&st, &D, &s, NULL, &err) != 0)
		bail("init: %s", err.msg);
	for (int c = 0; c < 4; c++) {
		int cap = D.capital[c];

		ok(tg_owner(&st, cap) == c && tg_chip(&st, cap) == 1 &&
		    tg_has_palace(&st, cap) &&
		    D.villages[tg_vcard(&st, cap)].capital_of == c &&
		    tg_inhab(&st, cap) == 1 && st.kn[cap] == 5 &&
		    tg_scouts(&st, cap) == 1 && tg_boats(&st, cap) == 0 &&
		    st.p[c].coin[0] + st.p[c].coin[1] + st.p[c].coin[2] == 0,
		    "R3.1 %s: capital, palace, chip 1, its capital card, 1 inhabitant, 5 knights, 1 scout, no coins",
		    tg_color_name[c]);
	}

	/* R3.2: quest and play decks shuffled from the seed. */
	game(&st, 4, ALL4, 7);
	game(&st2, 4, ALL4, 7);
	ok(memcmp(st.qdeck, st2.qdeck, sizeof st.qdeck) == 0 &&
	    memcmp(st.pdeck, st2.pdeck, sizeof st.pdeck) == 0,
	    "R3.2 the same seed deals the same quest and play decks");
	game(&st2, 4, ALL4, 8);
	ok(memcmp(st.qdeck, st2.qdeck, sizeof st.qdeck) != 0 &&
	    memcmp(st.pdeck, st2.pdeck, sizeof st.pdeck) != 0,
	    "R3.2 another seed deals other quest and play decks");

	/* R3.3 and R3.5: set-up villages, in seat order (white first). */
	seeded(&s, 2, WG, 9);
	s.second_village = 1;
	if (tg_init(&st, &D, &s, NULL, &err) != 0)
		bail("init: %s", err.msg);
	is_int(TG_PH_SETUP, st.phase, "R3.3 second-village: the game waits for set-up villages");
	is_int(0, st.round, "R3.3 no round has started yet");
	is_int(seat_of(&st, TG_WHITE), tg_to_act(&st),
	    "R3.5 set-up villages in seat order: white (seat 1) first");
	tg_await(&D, &st, &aw);
	is_string("white must found a set-up village in Kalland", aw.text,
	    "R3.3/R12.1 the game says who must found");
	refused(&st, TG_GREEN, "found at frostholm", RULES_ESEAT,
	    "green may not act now: white must found a set-up village",
	    "R3.3 green waits for white");
	refused(&st, TG_WHITE, "build knight at pyros", RULES_REFUSED,
	    "white must first found a set-up village in Kalland (found at SPOT)",
	    "R3.3 nothing else before the set-up village");
	refused(&st, TG_WHITE, "found at zoutmeer", RULES_REFUSED,
	    "a set-up village lies in white's home land Kalland; zoutmeer is in Lumos",
	    "R3.3 the set-up village lies in the home land");
	refused(&st, TG_WHITE, "found at pyros", RULES_REFUSED,
	    "pyros is not a free spot", "R3.3 on a free spot");
	done(&st, TG_WHITE, "found at sophea", "R3.3 white founds at sophea");
	ok(tg_owner(&st, spot("sophea")) == TG_WHITE &&
	    tg_chip(&st, spot("sophea")) == 2 && tg_inhab(&st, spot("sophea")) == 1 &&
	    tg_scouts(&st, D.capital[TG_WHITE]) == 1,
	    "R3.3 the set-up village: chip 2, 1 inhabitant, the scout stays");
	is_int(seat_of(&st, TG_GREEN), tg_to_act(&st), "R3.5 then green (seat 2)");
	done(&st, TG_GREEN, "found at ulvdal", "R3.3 green founds at ulvdal");
	ok(st.phase == TG_PH_ACTION && st.round == 1 &&
	    st.p[TG_GREEN].nsettle == 2 && st.p[TG_WHITE].nsettle == 2,
	    "R3.3 then round 1 begins with 2 settlements each");
	ok(tg_inhab(&st, spot("ulvdal")) == 2 && tg_inhab(&st, spot("sophea")) == 2,
	    "R3.3 the set-up villages had their round-1 births");
	is_int(46, st.vcount, "R3.3 two set-up village cards were drawn from the 48");

	/* R3.4: options. */
	tg_setup_default(&s);
	is_int(0, tg_setup_option(&s, "points=10", &err), "R3.4 option points=10");
	is_int(0, tg_setup_option(&s, "win=points", &err), "R3.4 option win=points");
	is_int(0, tg_setup_option(&s, "quests=3", &err), "R3.4 option quests=3");
	is_int(0, tg_setup_option(&s, "emperor-inhabitants=12", &err),
	    "R3.4 option emperor-inhabitants=12");
	is_int(0, tg_setup_option(&s, "emperor-silver=2", &err),
	    "R3.4 option emperor-silver=2");
	is_int(0, tg_setup_option(&s, "emperor-gold=0", &err),
	    "R3.4 option emperor-gold=0");
	ok(s.points == 10 && s.win == TG_WIN_POINTS && s.quests == 3 &&
	    s.emp_inhab == 12 && s.emp_silver == 2 && s.emp_gold == 0,
	    "R3.4 the options are taken");
	is_int(RULES_EDATA, tg_setup_option(&s, "points=0", &err),
	    "R3.4 points=0 refused");
	is_string("option points must be a number from 1 to 200, not '0'",
	    err.msg, "R3.4 points=0: message");
	is_int(RULES_EDATA, tg_setup_option(&s, "win=gold", &err),
	    "R3.4 win=gold refused");
	is_string("option win must be all, points, emperor or quests, not 'gold'",
	    err.msg, "R3.4 win=gold: message");
	is_int(RULES_EDATA, tg_setup_option(&s, "second-village=maybe", &err),
	    "R3.3 second-village=maybe refused");
	s.nseats = 2;
	s.chance = seed_chance_byte(10, &s.salt);
	s.color[0] = TG_GREEN;
	s.color[1] = TG_YELLOW;
	if (tg_init(&st, &D, &s, NULL, &err) != 0)
		bail("init: %s", err.msg);
	ok(st.opt_points == 10 && st.opt_win == TG_WIN_POINTS &&
	    st.opt_quests == 3 && st.opt_emp_inhab == 12 &&
	    st.opt_emp_silver == 2 && st.opt_emp_gold == 0,
	    "R3.4 the game keeps its options");
	make_active(&st, TG_GREEN);
	refused(&st, TG_GREEN, "crown", RULES_REFUSED,
	    "crowning an emperor does not win this game",
	    "R3.4 win=points: crowning is no win condition");
}

int
main(void)
{
	util_init();
	r1_1_colors();
	r1_2_supply();
	r1_3_decks();
	r2_board();
	r3_setup();
	return done_testing();
}
