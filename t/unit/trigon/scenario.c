/*
 * t/unit/scenario.c -- scenarios (scenario.h): a complete position is
 * read with its defaults, and bad ones are refused with line and
 * reason.
 */
#include "../../tap.h"
#include "games/trigon/data.h"
#include "games/trigon/cards.h"
#include "games/trigon/scenario.h"

static struct tg_data d;

static int
spot(const char *name)
{
	int i = tg_spot_find(&d, name, strlen(name));

	if (i < 0)
		bail("no spot %s", name);
	return i;
}

static int
village(const char *id)
{
	for (int i = 0; i < TG_VILLAGE_CARDS; i++)
		if (strcmp(d.villages[i].id, id) == 0)
			return i;
	bail("no village card %s", id);
	return -1;
}

static int
quest(const char *id)
{
	for (int i = 0; i < TG_QUEST_CARDS; i++)
		if (strcmp(d.quests[i].id, id) == 0)
			return i;
	bail("no quest %s", id);
	return -1;
}

static void
refused(const char *text, int line, const char *msg, const char *what)
{
	static struct tg_scenario sc;
	struct rules_error err;
	int r;

	memset(&err, 0, sizeof err);
	r = tg_scenario_parse(&sc, &d, text, strlen(text), &err);
	ok(r == RULES_EDATA && err.code == RULES_EDATA && err.data != NULL &&
	    strcmp(err.data, "scenario") == 0 && err.line == line &&
	    strcmp(err.msg, msg) == 0, "refused: %s", what);
	if (r != RULES_EDATA || err.line != line || strcmp(err.msg, msg) != 0)
		diag("wanted %d: %s\n#    got rc %d line %d: %s", line, msg, r,
		    err.line, err.msg);
}

static const char good[] =
    "; the second battle example of the rulebook, set up\n"	/* 1 */
    "[game]\n"
    "round = 4\n"
    "first = white\n"
    "\n"						/* 5 */
    "[spot zoutmeer]\n"
    "color = purple\n"
    "settlement = village\n"
    "inhabitants = 4\n"
    "\n"						/* 10 */
    "[spot asteria]\n"
    "color = white\n"
    "settlement = village\n"
    "knights = 5\n"
    "\n"						/* 15 */
    "[spot pyros]\n"
    "color = white\n"
    "settlement = city\n"
    "inhabitants = 2\n"
    "palace = yes\n"					/* 20 */
    "\n"
    "[spot iphaven]\n"
    "color = white\n"
    "boats = 1\n"
    "scouts = 1\n"					/* 25 */
    "\n"
    "[spot nieuw-delia]\n"
    "color = purple\n"
    "settlement = village\n"
    "chip = 1\n"					/* 30 */
    "card = zilveren-hof\n"
    "\n"
    "[path dellenburg steenwijk]\n"
    "color = purple\n"
    "knights = 2\n"					/* 35 */
    "toward = steenwijk\n"
    "\n"
    "[player white]\n"
    "copper = 3\n"
    "silver = 2\n"					/* 40 */
    "gold = 1\n"
    "cards = cavalerie, promotie promotie\n"
    "played = slot\n"
    "quests = dood-een-ridder\n"
    "completed = verken-kalland verken-lumos\n"	/* 45 */
    "reserve = 8\n"
    "explorer = yes\n";

static void
check_good(void)
{
	static struct tg_scenario sc;
	struct rules_error err;
	const struct tg_sc_spot *s;
	int r, k;

	memset(&err, 0, sizeof err);
	r = tg_scenario_parse(&sc, &d, good, strlen(good), &err);
	if (!is_int(0, r, "a complete scenario is read"))
		diag("%d: %s", err.line, err.msg);
	is_int(4, sc.round, "[game] round");
	is_int(TG_WHITE, sc.first, "[game] first");
	is_int(0, sc.collect, "collect defaults to no");
	is_int((1 << TG_PURPLE) | (1 << TG_WHITE), sc.colors, "colors named");
	s = &sc.spot[spot("zoutmeer")];
	ok(s->color == TG_PURPLE && s->settlement == TG_SC_VILLAGE &&
	    s->inhabitants == 4 && s->knights == 0 && s->palace == 0,
	    "a purple village of 4 inhabitants");
	is_int(2, s->chip, "its chip defaults to the lowest free one (1 is taken)");
	is_int(TG_SC_NONE, s->card, "its card is drawn from the deck");
	s = &sc.spot[spot("asteria")];
	is_int(1, s->inhabitants, "inhabitants default to 1");
	is_int(5, s->knights, "5 knights");
	is_int(1, s->chip, "white's first chip");
	s = &sc.spot[spot("pyros")];
	ok(s->settlement == TG_SC_CITY && s->inhabitants == 2 && s->palace,
	    "a city of 2 with its palace (R5.2)");
	is_string("pyros", d.villages[s->card].id,
	    "the capital card defaults on the own capital spot");
	is_int(2, s->chip, "white's second chip");
	s = &sc.spot[spot("iphaven")];
	ok(s->color == TG_WHITE && s->settlement == TG_SC_EMPTY &&
	    s->boats == 1 && s->scouts == 1, "a boat and a scout on a free harbor");
	s = &sc.spot[spot("nieuw-delia")];
	is_int(village("zilveren-hof"), s->card, "a named village card");
	is_int(1, s->chip, "a named chip");
	ok(sc.spot[spot("psor")].color == TG_SC_NONE, "spots not listed are empty");
	k = d.paths[tg_path_between(&d, spot("dellenburg"), spot("steenwijk"))].river_index;
	ok(sc.river[k].color == TG_PURPLE && sc.river[k].knights == 2 &&
	    sc.river[k].toward == spot("steenwijk"), "knights on a river path (R7.5)");
	ok(sc.p[TG_WHITE].coin[0] == 3 && sc.p[TG_WHITE].coin[1] == 2 &&
	    sc.p[TG_WHITE].coin[2] == 1, "white's coins");
	ok(sc.p[TG_WHITE].hand[TG_CARD_PROMOTIE] == 2 &&
	    sc.p[TG_WHITE].hand[TG_CARD_CAVALERIE] == 1, "white's play cards");
	is_int(1, sc.p[TG_WHITE].played[TG_CARD_SLOT], "white played Slot");
	ok(sc.quest[quest("dood-een-ridder")] == TG_WHITE &&
	    !sc.quest_done[quest("dood-een-ridder")], "an unfinished quest in hand");
	ok(sc.quest[quest("verken-kalland")] == TG_WHITE &&
	    sc.quest_done[quest("verken-kalland")], "a completed quest");
	is_int(TG_SC_NONE, sc.quest[quest("verken-noorland")], "other quests stay in the deck");
	is_int(8, sc.p[TG_WHITE].reserve, "reserve knights");
	is_int(1, sc.p[TG_WHITE].explorer, "Explorer of the Wilderness");
	ok(sc.p[TG_PURPLE].coin[0] == 0 && sc.p[TG_PURPLE].reserve == 0,
	    "a color without [player] has nothing");

	r = tg_scenario_parse(&sc, &d, "", 0, &err);
	ok(r == 0 && sc.round == 1 && sc.first == TG_SC_NONE && sc.colors == 0,
	    "the empty scenario: round 1, nothing anywhere");
}

static void
check_refusals(void)
{
	refused("[spot nowhere]\ncolor = green\n", 1, "unknown spot 'nowhere'", "unknown spot");
	refused("[spot psor]\ncolor = green\ncolor = white\n", 3, "'color' given twice", "two colors on one spot");
	refused("[spot psor]\ncolor = green\nsettlement = village\ninhabitants = 5\n", 1,
	    "spot 'psor': a village with 5 inhabitants is a city (R5.1)", "village of 5");
	refused("[spot ulvdal]\ncolor = green\nsettlement = village\npalace = yes\n", 1,
	    "spot 'ulvdal': a palace stands only at the capital of its color's land", "palace off the capital");
	refused("[spot citel]\ncolor = green\nsettlement = village\npalace = yes\n", 1,
	    "spot 'citel': a palace stands only at the capital of its color's land", "palace at another color's capital");
	refused("[spot psor]\ncolor = green\nknights = 2\nboats = 1\n", 1,
	    "spot 'psor' is no harbor: no boats there", "boat inland");
	refused("[player green]\ncards = promotie moordenaar\n", 2,
	    "'moordenaar' is a negative card: it is played when drawn, never held (R10.2)", "† card in hand");
	refused("[player green]\ncards = kapitein kapitein\n", 2,
	    "'cards': more than the 1 copy of R10.3", "too many copies in a hand");
	refused("[player green]\ncards = promotie promotie\n[player white]\ncards = promotie promotie promotie\n", 0,
	    "5 'promotie' cards over all players (there are 4)", "too many copies over the players");
	refused("[player green]\nquests = dood-een-ridder\n[player white]\ncompleted = dood-een-ridder\n", 4,
	    "quest 'dood-een-ridder' is held twice", "a quest twice");
	refused("[spot psor]\ncolor = green\nsettlement = village\nchip = 3\n[spot ulvdal]\ncolor = green\nsettlement = village\nchip = 3\n", 5,
	    "spot 'ulvdal': green chip 3 is used twice", "a chip twice");
	refused("[spot psor]\ncolor = green\nsettlement = village\ncard = turfsteek\n[spot citel]\ncolor = yellow\nsettlement = village\ncard = turfsteek\n", 5,
	    "village card 'turfsteek' is used twice (first at line 1)", "a village card twice");
	refused("[player green]\ngold = 20\n[player white]\ngold = 11\n", 0,
	    "31 gold over all players (the bank holds 30)", "more coins than the bank");
	refused("[spot psor]\ncolor = green\nknights = 55\n[player green]\nreserve = 6\n", 4,
	    "green has 61 inhabitants and knights (the supply holds 60)", "more units than the supply");
	refused("[path psor ulvdal]\ncolor = green\nknights = 1\ntoward = ulvdal\n", 1,
	    "'psor' - 'ulvdal' is no river crossing: figures stand only on river paths", "figures on a plain path");
	refused("[path valdheim psor]\ncolor = green\nknights = 1\ntoward = ulvdal\n", 1,
	    "'toward' must be one end of the path", "toward elsewhere");
	refused("[spot psor]\ncolor = green\nhorses = 3\n", 3, "unknown key 'horses' in [spot psor]", "unknown key");
	refused("[game]\n[spot psor]\ncolor = green\nknights = 1\n", 1, "empty section", "empty section");
	refused("[game]\nround = 0\n", 2, "'round' must be at least 1", "round 0");
	refused("[game]\nround = 99999999999999999999\n", 2, "'round' out of range (0-9999)", "huge round");
	refused("[player orange]\ngold = 1\n", 1, "unknown color 'orange' (green, purple, yellow or white)", "unknown color");
	refused("[spot psor]\nknights = 1\n", 1, "spot 'psor' has no 'color'", "spot without color");
	refused("knights = 1\n", 1, "key 'knights' outside a section", "key before a section");
}

int
main(void)
{
	struct rules_error err;

	memset(&err, 0, sizeof err);
	if (tg_data_load(&d, NULL, 0, NULL, 0, NULL, 0, &err) != 0)
		bail("design data: %s", err.msg);
	check_good();
	check_refusals();
	return done_testing();
}
