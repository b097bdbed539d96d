/*
 * cards-play.c -- a test for every play card (R10.2-R10.9) and the
 * decisions they ask (R12): buying, negative cards acting when drawn,
 * protection, held cards played with their arguments, battle cards,
 * play-deck exhaustion and reshuffle, the empty quest deck.  Each test
 * is named after its card and checks the exact outcome; refusals leave
 * the state unchanged (refused() in rules-util.h).
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "rules-util.h"

static const int GP[] = { TG_GREEN, TG_PURPLE };

#define BASE \
	"[game]\nfirst = green\n" \
	"[spot psor]\ncolor = green\nsettlement = village\ninhabitants = 3\npalace = yes\nknights = 4\n" \
	"[spot frostholm]\ncolor = green\nsettlement = village\ninhabitants = 2\nknights = 2\n" \
	"[spot nieuw-delia]\ncolor = purple\nsettlement = village\ninhabitants = 3\npalace = yes\nknights = 3\n" \
	"[spot trollmark]\ncolor = purple\nknights = 2\nscouts = 1\n" \
	"[spot hoogwacht]\ncolor = purple\nsettlement = village\ninhabitants = 2\n"

static int
card(const char *slug)
{
	int t = tg_card_find(slug, strlen(slug));

	if (t < 0)
		bail("no card %s", slug);
	return t;
}

/* Put a card of type slug on top of the play deck (a test edit). */
static void
on_top(struct tg_state *st, const char *slug)
{
	int t = card(slug);

	for (int i = 0; i < st->pcount; i++)
		if (st->pdeck[i] == t) {
			st->pdeck[i] = st->pdeck[st->pcount - 1];
			st->pdeck[st->pcount - 1] = (uint8_t)t;
			return;
		}
	bail("%s is not in the play deck", slug);
}

/* An option the next setup() games are made with, or NULL. */
static const char *OPTION;

static void
setup(struct tg_state *st, const char *extra)
{
	char text[4096];
	struct tg_setup s;
	struct rules_error err;

	snprintf(text, sizeof text, "%s%s", BASE, extra);
	seeded(&s, 2, GP, 0x42);
	if (OPTION != NULL && tg_setup_option(&s, OPTION, &err) != 0)
		bail("option %s: %s", OPTION, err.msg);
	scen_opts(st, 2, GP, &s, text, NULL);
}

static int
knights(const struct tg_state *st, const char *s)
{
	return st->kn[spot(s)];
}

static int
inhab(const struct tg_state *st, const char *s)
{
	return tg_inhab(st, spot(s));
}

static int
hand(const struct tg_state *st, int c, const char *slug)
{
	return tg_hand_count(st, c, card(slug));
}

static void
test_buying(void)
{
	struct tg_state st;

	setup(&st, "[player green]\ncopper = 2\ngold = 1\n");
	on_top(&st, "promotie");
	done(&st, TG_GREEN, "buy card", "buy card: 1 copper");
	is_string("green buys a play card\n", NOTE.text,
	    "buy card: the note hides the card (R10.2)");
	is_int(1, hand(&st, TG_GREEN, "promotie"), "buy card: promotie in hand");
	is_int(1, st.p[TG_GREEN].coin[TG_COPPER], "buy card: 1 copper paid");
	done(&st, TG_GREEN, "buy quest", "buy quest: 1 gold");
	is_string("green buys a quest card\n", NOTE.text, "buy quest: hidden");
	is_int(0, st.p[TG_GREEN].coin[TG_GOLD], "buy quest: 1 gold paid");
	refused(&st, TG_GREEN, "buy quest", RULES_REFUSED,
	    "not enough gold: a quest card costs 1 gold, green has 0 gold",
	    "buy quest: refused without gold");
	tg_set_coins(&st, TG_GREEN, 0, 0, 0);
	refused(&st, TG_GREEN, "buy card", RULES_REFUSED,
	    "not enough copper: a play card costs 1 copper, green has 0 copper",
	    "buy card: refused without copper");

	/* R1.3: an empty quest deck ends quest buying. */
	tg_set_coins(&st, TG_GREEN, 1, 0, 1);
	st.qcount = 0;
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		if ((st.quest[q] & 0x0f) == TG_Q_DECK)
			st.quest[q] = TG_Q_GONE;
	refused(&st, TG_GREEN, "buy quest", RULES_REFUSED,
	    "the quest deck is empty: no more quests can be bought",
	    "buy quest: an empty quest deck ends quest buying (R1.3)");
}

static void
test_reshuffle(void)
{
	struct tg_state st;
	int t = card("ertshoeve");

	/* R1.3: every card in the discards but one ertshoeve. */
	setup(&st, "[player green]\ncopper = 3\n");
	for (int i = 0; i < st.pcount; i++) {
		int k = st.pdeck[i];

		st.discard[k / 2] = (uint8_t)(st.discard[k / 2] +
		    (1 << (4 * (k & 1))));
	}
	st.pcount = 0;
	st.discard[t / 2] = (uint8_t)(st.discard[t / 2] - (1 << (4 * (t & 1))));
	st.p[TG_PURPLE].hand[t / 2] = (uint8_t)(st.p[TG_PURPLE].hand[t / 2] +
	    (1 << (4 * (t & 1))));
	ok(sound(&st), "reshuffle: the test position is sound");
	done(&st, TG_GREEN, "buy card", "reshuffle: a card is bought from the reshuffled discards (R1.3)");
	ok(st.pcount > 50, "reshuffle: the discards became the deck (%d left)", st.pcount);
	ok(sound(&st), "reshuffle: every card is somewhere");
	/* Both piles empty: buying is refused. */
	setup(&st, "[player green]\ncopper = 3\n");
	for (int i = 0; i < st.pcount; i++) {
		int k = st.pdeck[i];

		st.p[TG_PURPLE].hand[k / 2] = (uint8_t)(st.p[TG_PURPLE].hand[k / 2] +
		    (1 << (4 * (k & 1))));
	}
	st.pcount = 0;
	refused(&st, TG_GREEN, "buy card", RULES_REFUSED,
	    "the play deck and its discards are empty",
	    "reshuffle: both piles empty, buying is refused");
}

/* A negative card drawn by green with default or pending outcome. */
static void
test_negative_simple(void)
{
	struct tg_state st;

	setup(&st, "[player green]\ncopper = 2\n");
	on_top(&st, "rovers");
	done(&st, TG_GREEN, "buy card", "rovers: bought");
	is_string("green buys a play card\ngreen draws rovers (Robbers)\nrovers: green returns 1 copper\n",
	    NOTE.text, "rovers: played at once, takes only the copper there is (1 of 3)");
	is_int(0, st.p[TG_GREEN].coin[TG_COPPER], "rovers: green has no copper left");
	is_int(0, hand(&st, TG_GREEN, "rovers"), "rovers: not in hand");

	/* Rovers with no copper: it takes nothing, and still is played. */
	setup(&st, "[player green]\ncopper = 1\n");
	on_top(&st, "rovers");
	done(&st, TG_GREEN, "buy card", "rovers: bought with the last copper");
	is_string("green buys a play card\ngreen draws rovers (Robbers)\nrovers: green returns 0 copper\n",
	    NOTE.text, "rovers: a card that cannot take effect is played all the same");
	ok(sound(&st), "rovers: to the discards");

	setup(&st, "[player green]\ncopper = 1\nsilver = 3\ngold = 2\n");
	on_top(&st, "zilverdieven");
	done(&st, TG_GREEN, "buy card", "zilverdieven: bought");
	is_int(1, st.p[TG_GREEN].coin[TG_SILVER], "zilverdieven: 2 silver returned");
	tg_set_coins(&st, TG_GREEN, 1, 1, 2);
	on_top(&st, "criminaliteit");
	done(&st, TG_GREEN, "buy card", "criminaliteit: bought");
	is_int(1, st.p[TG_GREEN].coin[TG_GOLD], "criminaliteit: 1 gold returned");

	/* Protection: ambassadeur shields from purple negative cards. */
	setup(&st, "[player green]\ncopper = 4\ncards = ambassadeur\n");
	on_top(&st, "rovers");
	done(&st, TG_GREEN, "buy card", "ambassadeur: rovers bought");
	is_string("green buys a play card\ngreen draws rovers: shielded by ambassadeur\n",
	    NOTE.text, "ambassadeur: shields its holder from rovers (R10.2)");
	is_int(3, st.p[TG_GREEN].coin[TG_COPPER], "ambassadeur: no copper lost");
	is_int(1, hand(&st, TG_GREEN, "ambassadeur"), "ambassadeur: never used up (R10.7)");
	refused(&st, TG_GREEN, "play ambassadeur", RULES_REFUSED,
	    "ambassadeur is not played with 'play' (a protection card shields while held)",
	    "ambassadeur: a protection card is never played");

	/* Kapitein, Hofnar, Burgemeester shield their colors. */
	setup(&st, "[player green]\ncopper = 3\ncards = kapitein hofnar burgemeester\n");
	on_top(&st, "moordenaar");
	done(&st, TG_GREEN, "buy card", "kapitein: moordenaar bought");
	ok(noted("shielded by kapitein") && knights(&st, "psor") == 4,
	    "kapitein: shields from moordenaar (R10.2, R10.7)");
	on_top(&st, "winter");
	done(&st, TG_GREEN, "buy card", "hofnar: winter bought");
	ok(noted("shielded by hofnar") && st.p[TG_GREEN].nsettle == 2,
	    "hofnar: shields from winter (R10.2, R10.7)");
	on_top(&st, "brand");
	done(&st, TG_GREEN, "buy card", "burgemeester: brand bought");
	ok(noted("shielded by burgemeester") && inhab(&st, "psor") == 3,
	    "burgemeester: shields from brand (R10.2, R10.7)");
}

static void
test_negative_choices(void)
{
	struct tg_state st;

	/* Moordenaar: green has knights on two spots, so it chooses. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "moordenaar");
	done(&st, TG_GREEN, "buy card", "moordenaar: bought");
	ok(noted("green must choose for moordenaar"), "moordenaar: a choice is asked (R12.1)");
	is_int(TG_PD_CHOICE, st.pending.kind, "moordenaar: the game waits");
	refused(&st, TG_GREEN, "end", RULES_REFUSED,
	    "green must first choose for the card it drew (choose ...)",
	    "moordenaar: nothing but the answer");
	{
		static struct tg_action l[TG_LEGAL_MAX];
		int n = tg_legal(&D, &st, seat_of(&st, TG_GREEN), l, TG_LEGAL_MAX);
		char buf[4][64];

		is_int(3, n, "moordenaar: 3 legal answers");
		for (int i = 0; i < n && i < 4; i++)
			tg_format(&D, &l[i], buf[i], sizeof buf[i]);
		ok(n == 3 && strcmp(buf[0], "choose moordenaar 1 at frostholm") == 0 &&
		    strcmp(buf[1], "choose moordenaar 1 at psor") == 0 &&
		    strcmp(buf[2], "resign") == 0,
		    "moordenaar: the legal answers are the choices and resign");
		is_int(0, tg_legal(&D, &st, seat_of(&st, TG_PURPLE), l, TG_LEGAL_MAX),
		    "moordenaar: purple has nothing to do meanwhile");
	}
	refused(&st, TG_GREEN, "choose moordenaar 2 at psor", RULES_REFUSED,
	    "moordenaar: choose 1 to 1", "moordenaar: only 1 knight");
	refused(&st, TG_GREEN, "choose moordenaar 1 at trollmark", RULES_REFUSED,
	    "moordenaar: green has 0 knights at trollmark, not 1",
	    "moordenaar: only an own knight");
	refused(&st, TG_GREEN, "choose brand at psor", RULES_REFUSED,
	    "green must choose for moordenaar, not brand",
	    "moordenaar: the answer names the card");
	done(&st, TG_GREEN, "choose moordenaar 1 at frostholm", "moordenaar: answered");
	is_int(1, knights(&st, "frostholm"), "moordenaar: 1 knight removed where chosen");
	is_int(TG_PD_NONE, st.pending.kind, "moordenaar: settled");

	/* Boogschutters: 2 knights, answered in two steps. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "boogschutters");
	done(&st, TG_GREEN, "buy card", "boogschutters: bought");
	done(&st, TG_GREEN, "choose boogschutters 1 at psor", "boogschutters: first knight");
	is_int(1, st.pending.arg[1], "boogschutters: 1 more to choose");
	done(&st, TG_GREEN, "choose boogschutters 1 at frostholm", "boogschutters: second knight");
	ok(knights(&st, "psor") == 3 && knights(&st, "frostholm") == 1 &&
	    st.pending.kind == TG_PD_NONE, "boogschutters: 2 knights removed");

	/* Draken: half of 6 knights = 3. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "draken");
	done(&st, TG_GREEN, "buy card", "draken: bought");
	is_int(3, st.pending.arg[1], "draken: half of 6 knights");
	done(&st, TG_GREEN, "choose draken 3 at psor", "draken: answered");
	is_int(1, knights(&st, "psor"), "draken: 3 removed at psor");

	/* Ziekte: half of 5 inhabitants, rounded in green's favor = 2. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "ziekte");
	done(&st, TG_GREEN, "buy card", "ziekte: bought");
	is_int(2, st.pending.arg[1], "ziekte: half of 5 inhabitants, rounded down");
	done(&st, TG_GREEN, "choose ziekte 2 at frostholm", "ziekte: answered");
	is_int(0, inhab(&st, "frostholm"), "ziekte: a settlement may fall to 0 and stands (R10.4)");
	is_int(TG_GREEN, tg_owner(&st, spot("frostholm")), "ziekte: frostholm still green");
}

static void
test_more_negative(void)
{
	struct tg_state st;

	/* Strijd: every player halves knights; purple by the default. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "strijd");
	done(&st, TG_GREEN, "buy card", "strijd: bought");
	ok(noted("strijd: purple loses 2 knights"), "strijd: purple loses half of its 5 knights, rounded in its favor (R12.3)");
	is_int(1, knights(&st, "nieuw-delia"), "strijd: purple's largest stack first (3 -> 1)");
	is_int(3, st.pending.arg[1], "strijd: green chooses its 3 of 6");
	done(&st, TG_GREEN, "choose strijd 2 at frostholm", "strijd: green answers 2");
	done(&st, TG_GREEN, "choose strijd 1 at psor", "strijd: green answers 1");
	ok(knights(&st, "frostholm") == 0 && knights(&st, "psor") == 3, "strijd: green's choice applied");

	/* Hebzucht van Delia: half of 7 coins = 3, green's choice. */
	setup(&st, "[player green]\ncopper = 3\nsilver = 2\ngold = 2\n");
	on_top(&st, "hebzucht-van-delia");
	done(&st, TG_GREEN, "buy card", "hebzucht-van-delia: bought");
	is_int(3, st.pending.arg[1], "hebzucht-van-delia: half of 7 coins (after paying 1 copper), rounded down");
	refused(&st, TG_GREEN, "choose hebzucht-van-delia 3 gold", RULES_REFUSED,
	    "green does not have those coins", "hebzucht-van-delia: only coins green has");
	refused(&st, TG_GREEN, "choose hebzucht-van-delia 1 gold", RULES_REFUSED,
	    "hebzucht-van-delia: return 3 coins, not 1", "hebzucht-van-delia: exactly the half");
	done(&st, TG_GREEN, "choose hebzucht-van-delia 2 copper 1 silver", "hebzucht-van-delia: answered");
	ok(st.p[TG_GREEN].coin[0] == 0 && st.p[TG_GREEN].coin[1] == 1 &&
	    st.p[TG_GREEN].coin[2] == 2, "hebzucht-van-delia: the chosen coins returned");

	/* Crisis: everyone 5 coins; purple copper first. */
	setup(&st, "[player green]\ncopper = 3\ngold = 4\n[player purple]\ncopper = 2\nsilver = 2\ngold = 3\n");
	on_top(&st, "crisis");
	done(&st, TG_GREEN, "buy card", "crisis: bought");
	ok(noted("crisis: purple returns 2 copper 2 silver 1 gold"), "crisis: purple by the default, copper before silver before gold (R12.3)");
	done(&st, TG_GREEN, "choose crisis 1 copper 4 gold", "crisis: green chooses");
	ok(st.p[TG_GREEN].coin[0] == 1 && st.p[TG_GREEN].coin[2] == 0, "crisis: green's choice");

	/* Winter: green chooses a settlement; its card to the deck bottom. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "winter");
	done(&st, TG_GREEN, "buy card", "winter: bought");
	refused(&st, TG_GREEN, "choose winter at nieuw-delia", RULES_REFUSED,
	    "winter: green has no settlement at nieuw-delia", "winter: only an own settlement");
	{
		int card_ = tg_vcard(&st, spot("frostholm")), vc = st.vcount;

		done(&st, TG_GREEN, "choose winter at frostholm", "winter: answered");
		ok(tg_owner(&st, spot("frostholm")) < 0 && knights(&st, "frostholm") == 2,
		    "winter: the settlement is gone, figures stay (R10.4)");
		is_int(card_, st.vdeck[(st.vhead + vc) % TG_VILLAGE_CARDS], "winter: its card at the bottom of the village deck");
	}

	/* Grillen van Zoloth: purple loses its smallest settlement. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "grillen-van-zoloth");
	done(&st, TG_GREEN, "buy card", "grillen-van-zoloth: bought");
	ok(tg_owner(&st, spot("hoogwacht")) < 0 && tg_owner(&st, spot("nieuw-delia")) == TG_PURPLE,
	    "grillen-van-zoloth: purple's default is the fewest inhabitants, the capital last (R12.3)");
	done(&st, TG_GREEN, "choose grillen-van-zoloth at psor", "grillen-van-zoloth: green chooses its capital");
	ok(!(st.p[TG_GREEN].flags & TG_PF_PALACE) && tg_owner(&st, spot("psor")) < 0,
	    "grillen-van-zoloth: a removed capital loses its palace for good (R10.4)");

	/* Aardbeving: the palace goes, the capital stays. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "aardbeving");
	done(&st, TG_GREEN, "buy card", "aardbeving: bought");
	ok(!tg_has_palace(&st, spot("psor")) && tg_owner(&st, spot("psor")) == TG_GREEN &&
	    st.p[TG_GREEN].points == 2, "aardbeving: palace destroyed, 3 points lost");

	/* Overstroming and Brand: one settlement, green chooses. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "overstroming");
	done(&st, TG_GREEN, "buy card", "overstroming: bought");
	done(&st, TG_GREEN, "choose overstroming at frostholm", "overstroming: answered");
	is_int(1, inhab(&st, "frostholm"), "overstroming: 1 inhabitant lost");
	on_top(&st, "brand");
	done(&st, TG_GREEN, "buy card", "brand: bought");
	done(&st, TG_GREEN, "choose brand at frostholm", "brand: answered");
	is_int(0, inhab(&st, "frostholm"), "brand: loses what exists (1 of 2)");

	/* Meteorieten: 5 inhabitants each, never below 1 per settlement. */
	setup(&st, "[player green]\ncopper = 3\n");
	on_top(&st, "meteorieten");
	done(&st, TG_GREEN, "buy card", "meteorieten: bought");
	ok(inhab(&st, "nieuw-delia") == 1 && inhab(&st, "hoogwacht") == 1,
	    "meteorieten: purple loses 3, never below 1 (fullest first, R12.3)");
	is_int(3, st.pending.arg[1], "meteorieten: green may lose 3 (2 + 1 above 1)");
	refused(&st, TG_GREEN, "choose meteorieten 2 at frostholm", RULES_REFUSED,
	    "meteorieten: green can lose 1 inhabitants at frostholm, not 2",
	    "meteorieten: never below 1");
	done(&st, TG_GREEN, "choose meteorieten 2 at psor", "meteorieten: psor");
	done(&st, TG_GREEN, "choose meteorieten 1 at frostholm", "meteorieten: frostholm");
	ok(inhab(&st, "psor") == 1 && inhab(&st, "frostholm") == 1, "meteorieten: green's choice");

	/* A negative card with nothing to choose acts by itself. */
	scen(&st, 2, GP, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\nknights = 4\n"
	    "[spot frostholm]\ncolor = green\nsettlement = village\n"
	    "[spot nieuw-delia]\ncolor = purple\nsettlement = village\n"
	    "[player green]\ncopper = 3\n");
	on_top(&st, "draken");
	done(&st, TG_GREEN, "buy card", "draken: bought");
	ok(knights(&st, "psor") == 2 && st.pending.kind == TG_PD_NONE,
	    "draken: one stack, no question: half of 4 removed");
}

static void
test_held_cards(void)
{
	struct tg_state st;

	/* The 4 protection cards keep a negative city-bonus card away. */
	setup(&st, "[player green]\ncards = promotie wachttoren kerker raadhuis tentoonstelling slot ertshoeve zilvervloot schatzoekers\n"
	    "[spot ulvdal]\ncolor = green\nsettlement = village\ninhabitants = 0\n");
	/* (the rest in hand by a test edit: a scenario line holds 199 bytes) */
	{
		static const char *const more[] = { "koopman", "winst", "voorspoed",
		    "geboortegolf", "goede-oogst", "heerser-van-weleer", "kapitein",
		    "ambassadeur", "hofnar", "burgemeester" };

		for (int i = 0; i < 10; i++) {
			int t = card(more[i]);

			on_top(&st, more[i]);
			st.pcount--;
			st.p[TG_GREEN].hand[t / 2] = (uint8_t)(st.p[TG_GREEN].hand[t / 2] +
			    (1 << (4 * (t & 1))));
		}
		ok(sound(&st), "held cards: the position is sound");
	}
	done(&st, TG_GREEN, "play promotie at frostholm", "promotie: played");
	is_string("green plays promotie: 1 knight at frostholm\n", NOTE.text, "promotie: the note");
	is_int(3, knights(&st, "frostholm"), "promotie: 1 free knight");
	refused(&st, TG_GREEN, "play wachttoren at trollmark", RULES_REFUSED,
	    "green has no settlement at trollmark", "wachttoren: only at an own settlement");
	done(&st, TG_GREEN, "play wachttoren at psor", "wachttoren: played");
	is_int(6, knights(&st, "psor"), "wachttoren: 2 free knights");
	refused(&st, TG_GREEN, "play promotie at psor", RULES_REFUSED,
	    "green holds no promotie", "promotie: a card once played is gone");
	{
		int p0 = st.p[TG_GREEN].points;

		done(&st, TG_GREEN, "play kerker", "kerker: played");
		done(&st, TG_GREEN, "play raadhuis", "raadhuis: played");
		done(&st, TG_GREEN, "play tentoonstelling", "tentoonstelling: played");
		done(&st, TG_GREEN, "play slot", "slot: played");
		is_int(p0 + 4, st.p[TG_GREEN].points, "kerker, raadhuis, tentoonstelling, slot: 1 point each once played (R10.2)");
		is_int(4, st.p[TG_GREEN].card_points, "bonus cards: counted as played");
		ok(sound(&st), "bonus cards: they stay with green, not in the discards");
	}
	done(&st, TG_GREEN, "play ertshoeve", "ertshoeve: played");
	done(&st, TG_GREEN, "play zilvervloot", "zilvervloot: played");
	done(&st, TG_GREEN, "play schatzoekers", "schatzoekers: played");
	ok(st.p[TG_GREEN].coin[0] == 3 && st.p[TG_GREEN].coin[1] == 2 &&
	    st.p[TG_GREEN].coin[2] == 1, "ertshoeve +3 copper, zilvervloot +2 silver, schatzoekers +1 gold");
	done(&st, TG_GREEN, "play koopman", "koopman: played");
	done(&st, TG_GREEN, "play winst", "winst: played");
	done(&st, TG_GREEN, "play voorspoed", "voorspoed: played");
	ok(st.p[TG_GREEN].coin[0] == 6 && st.p[TG_GREEN].coin[1] == 5 &&
	    st.p[TG_GREEN].coin[2] == 4, "koopman, winst, voorspoed: 1 coin per settlement (3)");
	refused(&st, TG_GREEN, "play heerser-van-weleer 2 gold", RULES_REFUSED,
	    "heerser-van-weleer takes 5 coins, not 2", "heerser-van-weleer: 5 coins");
	done(&st, TG_GREEN, "play heerser-van-weleer 1 copper 4 gold", "heerser-van-weleer: played");
	is_int(8, st.p[TG_GREEN].coin[2], "heerser-van-weleer: 5 coins of green's choice");
	done(&st, TG_GREEN, "play geboortegolf at frostholm", "geboortegolf: played");
	is_int(3, inhab(&st, "frostholm"), "geboortegolf: +1 inhabitant");
	done(&st, TG_GREEN, "play goede-oogst at frostholm", "goede-oogst: played");
	ok(inhab(&st, "frostholm") == 5 && tg_is_city(&st, spot("frostholm")),
	    "goede-oogst: +2 inhabitants, the village becomes a city (R5.1)");
	refused(&st, TG_GREEN, "play rovers", RULES_REFUSED,
	    "rovers is not played with 'play' (a negative card acts when drawn)",
	    "a negative card is never held nor played");
	ok(sound(&st), "held cards: sound");
}

static void
test_opponent_cards(void)
{
	struct tg_state st;
	static const uint8_t four[] = { 4 };

	setup(&st, "[player green]\ncards = ambachtsgild diefstal intrige vlijtige-onderdaan\n[player purple]\ncopper = 3\nsilver = 1\ngold = 1\n");
	dice(four, 1);
	done(&st, TG_GREEN, "play ambachtsgild from purple", "ambachtsgild: played");
	is_string("green plays ambachtsgild against purple: die 4, takes 3 copper\n",
	    NOTE.text, "ambachtsgild: a die, as much copper as purple has");
	refused(&st, TG_GREEN, "play diefstal from purple 2 copper", RULES_REFUSED,
	    "purple does not have those coins", "diefstal: only coins purple has");
	refused(&st, TG_GREEN, "play diefstal from purple 1 gold", RULES_REFUSED,
	    "diefstal takes 2 coins from purple, not 1", "diefstal: 3 coins, or all purple has");
	done(&st, TG_GREEN, "play diefstal from purple 1 silver 1 gold", "diefstal: played");
	ok(st.p[TG_GREEN].coin[1] == 1 && st.p[TG_GREEN].coin[2] == 1 &&
	    st.p[TG_PURPLE].coin[1] == 0, "diefstal: the chosen coins change hands");
	refused(&st, TG_GREEN, "play intrige at nieuw-delia", RULES_REFUSED,
	    "intrige takes no settlement with a palace", "intrige: not with a palace (R10.9)");
	done(&st, TG_GREEN, "play intrige at hoogwacht", "intrige: played");
	ok(tg_owner(&st, spot("hoogwacht")) == TG_GREEN && inhab(&st, "hoogwacht") == 2,
	    "intrige: the settlement, card and inhabitants become green's");
	refused(&st, TG_GREEN, "play vlijtige-onderdaan at hoogwacht", RULES_REFUSED,
	    "hoogwacht is not a free spot (a settlement or enemy figures stand there)",
	    "vlijtige-onderdaan: a free spot");
	refused(&st, TG_GREEN, "play vlijtige-onderdaan at lumhaven", RULES_REFUSED,
	    "lumhaven lies in Lumos: vlijtige-onderdaan founds in green's home land Noorland while it has a free spot",
	    "vlijtige-onderdaan: the home land first (R10.8)");
	done(&st, TG_GREEN, "play vlijtige-onderdaan at ulvdal", "vlijtige-onderdaan: played");
	ok(tg_owner(&st, spot("ulvdal")) == TG_GREEN && inhab(&st, "ulvdal") == 1 &&
	    st.p[TG_GREEN].founded == 1, "vlijtige-onderdaan: a village with 1 inhabitant, a founding (R10.8)");
	ok(sound(&st), "opponent cards: sound");
}

static void
test_overloper(void)
{
	struct tg_state st;
	static const uint8_t win[] = { 6, 1, 1 };

	setup(&st, "[player green]\ncards = overloper\n");
	refused(&st, TG_GREEN, "play overloper boat at trollmark", RULES_REFUSED,
	    "purple has no boat at trollmark", "overloper: a figure that is there");
	/* The turned knight shares trollmark with purple: it attacks. */
	dice(win, 3);
	done(&st, TG_GREEN, "play overloper knight at trollmark", "overloper: played");
	ok(noted("overloper: purple's knight at trollmark goes over to green") &&
	    noted("battle at trollmark"), "overloper: the piece changes color and attacks at once (R10.6)");
	ok(sound(&st), "overloper: sound");

	/* On a river path: alone, the piece stays there as green's. */
	setup(&st, "[player green]\ncards = overloper\n"
	    "[path psor valdheim]\ncolor = purple\nknights = 1\ntoward = psor\n");
	refused(&st, TG_GREEN, "play overloper knight between psor and trollmark", RULES_REFUSED,
	    "there is no river path between psor and trollmark", "overloper: a river path");
	done(&st, TG_GREEN, "play overloper knight between psor and valdheim", "overloper: on a path");
	{
		int r = river("psor", "valdheim");

		ok(rcolor(&st, r) == TG_GREEN && st.rkn[r] == 1 &&
		    rheading(&st, "psor", "valdheim") == spot("psor"),
		    "overloper: the knight on the river path is green's, heading as before (R10.6)");
	}
	ok(sound(&st), "overloper: sound after the path");
}

static void
test_battle_cards(void)
{
	struct tg_state st;
	static const uint8_t d1[] = { 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1 };

	/* Cavalerie and Verdedigingstoren with the attack order. */
	setup(&st, "[player green]\ncards = cavalerie verdedigingstoren\n");
	refused(&st, TG_GREEN, "move 1 knight from psor to ulvdal with cavalerie", RULES_REFUSED,
	    "battle cards are named only with an attack; green meets no enemy there",
	    "cavalerie: only in an attack");
	dice(d1, 12);
	done(&st, TG_GREEN, "move 2 knights from psor to trollmark with cavalerie and verdedigingstoren",
	    "cavalerie, verdedigingstoren: attack");
	ok(noted("green plays cavalerie") && noted("green plays verdedigingstoren") &&
	    noted("roll: green 6+6+6+6+6 = 30"), "cavalerie +1, verdedigingstoren +2 dice, at most 5 (R8.7, R8.8)");
	is_int(0, hand(&st, TG_GREEN, "cavalerie"), "cavalerie: spent");

	/* The defender holding Hinderlaag is asked first (R8.8, R12.2). */
	setup(&st, "[player purple]\ncards = hinderlaag vluchten\n");
	done(&st, TG_GREEN, "move 1 knight from psor to trollmark", "hinderlaag: the attack waits");
	is_int(TG_PD_DEFEND, st.pending.kind, "hinderlaag: purple is asked");
	is_int(4, knights(&st, "psor"), "hinderlaag: nothing moved yet");
	refused(&st, TG_GREEN, "end", RULES_ESEAT,
	    "green may not act now: it is purple's turn", "hinderlaag: green's turn waits");
	refused(&st, TG_PURPLE, "defend with cavalerie", RULES_REFUSED,
	    "purple holds no cavalerie", "hinderlaag: only held cards");
	{
		struct tg_state fl = st;
		static const uint8_t d2[] = { 2, 1, 1, 1, 1, 1 };

		/* Vluchten: the figures move away, no battle. */
		refused(&fl, TG_PURPLE, "flee to psor", RULES_REFUSED,
		    "purple's figures at trollmark cannot flee to psor (one move to a spot without enemies: a land path without river, or by boat to a harbor on a common sea)",
		    "vluchten: not into enemies");
		done(&fl, TG_PURPLE, "flee to ravnsborg", "vluchten: purple flees");
		ok(knights(&fl, "ravnsborg") == 2 && tg_fig_color(&fl, spot("trollmark")) == TG_GREEN,
		    "vluchten: purple's army stands at ravnsborg, green's knight moved in without a battle (R8.7)");
		ok(sound(&fl), "vluchten: sound");
		is_int(TG_GREEN, tg_active_color(&fl), "vluchten: green's turn goes on");
		dice(d2, 6);
		done(&st, TG_PURPLE, "defend with hinderlaag", "hinderlaag: played");
		ok(noted("purple plays hinderlaag") && noted("roll: green 2 = 2, purple 1+1+1+1+1 = 5"),
		    "hinderlaag: the defender's 4 dice (2 knights, 1 scout) doubled, at most 5 (R8.7, R8.8)");
	}
}

static void
test_vluchten_settlement(void)
{
	struct tg_state st;
	static const uint8_t d[] = { 6, 6, 6, 1, 1 };

	/* The settlement stays and fights alone, against the attacker's card. */
	scen(&st, 2, GP, "[game]\nfirst = green\n"
	    "[spot psor]\ncolor = green\nsettlement = village\n"
	    "[spot lumhaven]\ncolor = green\nknights = 2\n"
	    "[spot nieuw-delia]\ncolor = purple\nsettlement = village\n"
	    "[spot hoogwacht]\ncolor = purple\nsettlement = village\ninhabitants = 2\nknights = 1\n"
	    "[player green]\ncards = cavalerie\n[player purple]\ncards = vluchten\n");
	done(&st, TG_GREEN, "move 2 knights from lumhaven to hoogwacht with cavalerie",
	    "vluchten: green attacks with cavalerie");
	dice(d, 5);
	done(&st, TG_PURPLE, "flee to calpoort", "vluchten: purple's knight flees");
	is_int(1, st.kn[spot("calpoort")], "vluchten: the knight stands at calpoort");
	ok(noted("green plays cavalerie") && noted("roll: green 6+6+6 = 18, purple 1+1 = 2"),
	    "vluchten: the settlement fights alone, green's cavalerie adds its die (R8.8)");
	ok(tg_owner(&st, spot("hoogwacht")) == TG_GREEN, "vluchten: the settlement is conquered");
	is_int(0, tg_test_forced_left(), "vluchten: one roll");
}

static void
test_spionage_ontdekker(void)
{
	struct tg_state st;

	setup(&st, "[player green]\ncards = spionage ontdekkingsreiziger\nsilver = 6\ngold = 2\n[player purple]\ncards = slot\n");
	done(&st, TG_GREEN, "play spionage from purple", "spionage: played");
	is_string("green plays spionage against purple: sees the hand, takes one card\n",
	    NOTE.text, "spionage: the note");
	refused(&st, TG_GREEN, "take 2", RULES_REFUSED,
	    "take 1 to 1 (the numbers of purple's cards in your view of the hand)",
	    "spionage: a number in the hand");
	done(&st, TG_GREEN, "take 1", "spionage: take");
	is_string("green takes a play card from purple\n", NOTE.text,
	    "spionage: the note does not say which card");
	ok(hand(&st, TG_GREEN, "slot") == 1 && hand(&st, TG_PURPLE, "slot") == 0,
	    "spionage: slot changed hands");
	done(&st, TG_GREEN, "play ontdekkingsreiziger", "ontdekkingsreiziger: played");
	done(&st, TG_GREEN, "build scout at psor", "ontdekkingsreiziger: build a scout");
	is_int(2, tg_scouts(&st, spot("psor")), "ontdekkingsreiziger: two scouts for the price of one");
	is_int(3, st.p[TG_GREEN].coin[1], "ontdekkingsreiziger: paid once");
	done(&st, TG_GREEN, "end", "ontdekkingsreiziger: end of turn");
	ok(!(st.p[TG_GREEN].flags & TG_PF_ONTDEKKER), "ontdekkingsreiziger: only this turn");
}

/*
 * R10.2, R10.7: a protection card shields ITS HOLDER.  When the holder
 * draws an all-player negative card of its color (Strijd, Crisis,
 * Grillen van Zoloth, Meteorieten), the holder loses nothing and every
 * other player is still struck, by the defaults (R12.3).  The rule of
 * games made with option shield=holder, which every new game records.
 */
static void
test_shield_holder_only(void)
{
	struct tg_state st;

	OPTION = "shield=holder";

	/* Strijd, green holding kapitein. */
	setup(&st, "[player green]\ncopper = 3\ncards = kapitein\n");
	on_top(&st, "strijd");
	done(&st, TG_GREEN, "buy card", "strijd drawn by kapitein's holder");
	is_string("green buys a play card\n"
	    "green draws strijd: shielded by kapitein\n"
	    "strijd: purple loses 2 knights\n",
	    NOTE.text, "strijd: kapitein shields its holder green, purple is still struck (R10.2, R10.7)");
	ok(knights(&st, "psor") == 4 && knights(&st, "frostholm") == 2 &&
	    st.pending.kind == TG_PD_NONE,
	    "strijd: the holder green keeps all 6 knights, nothing to choose (R10.2)");
	ok(knights(&st, "nieuw-delia") == 1 && knights(&st, "trollmark") == 2,
	    "strijd: purple loses half of its 5 knights, largest stack first (R10.7, R12.3)");
	is_int(1, hand(&st, TG_GREEN, "kapitein"), "strijd: kapitein is not used up (R10.7)");

	/* Crisis, green holding ambassadeur. */
	setup(&st, "[player green]\ncopper = 3\ngold = 4\ncards = ambassadeur\n"
	    "[player purple]\ncopper = 2\nsilver = 2\ngold = 3\n");
	on_top(&st, "crisis");
	done(&st, TG_GREEN, "buy card", "crisis drawn by ambassadeur's holder");
	is_string("green buys a play card\n"
	    "green draws crisis: shielded by ambassadeur\n"
	    "crisis: purple returns 2 copper 2 silver 1 gold\n",
	    NOTE.text, "crisis: ambassadeur shields its holder green, purple is still struck (R10.2, R10.7)");
	ok(st.p[TG_GREEN].coin[TG_COPPER] == 2 && st.p[TG_GREEN].coin[TG_SILVER] == 0 &&
	    st.p[TG_GREEN].coin[TG_GOLD] == 4 && st.pending.kind == TG_PD_NONE,
	    "crisis: the holder green returns nothing (only the card's price paid)");
	ok(st.p[TG_PURPLE].coin[TG_COPPER] == 0 && st.p[TG_PURPLE].coin[TG_SILVER] == 0 &&
	    st.p[TG_PURPLE].coin[TG_GOLD] == 2,
	    "crisis: purple returns 5 coins, copper before silver before gold (R10.7, R12.3)");

	/* Grillen van Zoloth, green holding hofnar. */
	setup(&st, "[player green]\ncopper = 3\ncards = hofnar\n");
	on_top(&st, "grillen-van-zoloth");
	done(&st, TG_GREEN, "buy card", "grillen-van-zoloth drawn by hofnar's holder");
	ok(noted("green draws grillen-van-zoloth: shielded by hofnar\n") &&
	    noted("grillen-van-zoloth: purple "),
	    "grillen-van-zoloth: hofnar shields its holder green, purple is still struck (R10.2, R10.7)");
	ok(st.p[TG_GREEN].nsettle == 2 && tg_owner(&st, spot("psor")) == TG_GREEN &&
	    tg_owner(&st, spot("frostholm")) == TG_GREEN && st.pending.kind == TG_PD_NONE,
	    "grillen-van-zoloth: the holder green keeps both settlements");
	ok(tg_owner(&st, spot("hoogwacht")) < 0 &&
	    tg_owner(&st, spot("nieuw-delia")) == TG_PURPLE,
	    "grillen-van-zoloth: purple loses its smallest settlement, the capital last (R10.7, R12.3)");

	/* Meteorieten, green holding burgemeester. */
	setup(&st, "[player green]\ncopper = 3\ncards = burgemeester\n");
	on_top(&st, "meteorieten");
	done(&st, TG_GREEN, "buy card", "meteorieten drawn by burgemeester's holder");
	ok(noted("green draws meteorieten: shielded by burgemeester\n") &&
	    noted("meteorieten: purple "),
	    "meteorieten: burgemeester shields its holder green, purple is still struck (R10.2, R10.7)");
	ok(inhab(&st, "psor") == 3 && inhab(&st, "frostholm") == 2 &&
	    st.pending.kind == TG_PD_NONE,
	    "meteorieten: the holder green loses no inhabitant");
	ok(inhab(&st, "nieuw-delia") == 1 && inhab(&st, "hoogwacht") == 1,
	    "meteorieten: purple loses 3, never below 1 per settlement (R10.7, R12.3)");

	/* The other way round (unchanged): purple holds burgemeester and
	 * green draws meteorieten; purple is shielded, green must choose. */
	setup(&st, "[player green]\ncopper = 3\n[player purple]\ncards = burgemeester\n");
	on_top(&st, "meteorieten");
	done(&st, TG_GREEN, "buy card", "meteorieten drawn, purple holds burgemeester");
	ok(noted("meteorieten: purple is shielded by burgemeester") &&
	    inhab(&st, "nieuw-delia") == 3 && inhab(&st, "hoogwacht") == 2 &&
	    st.pending.kind == TG_PD_CHOICE,
	    "meteorieten: burgemeester shields its holder purple from green's draw (R10.7)");
	OPTION = NULL;
}

/*
 * R10.2, R10.7 in files made before option shield=holder (no option,
 * or shield=all): the holder's draw of an all-player card of its
 * color strikes nobody, so that those files keep verifying.
 */
static void
test_shield_files_before_option(void)
{
	static const char *const opts[] = { NULL, "shield=all" };
	struct tg_state st;
	struct tg_setup s;
	struct rules_error err;

	for (int i = 0; i < 2; i++) {
		const char *o = opts[i] ? opts[i] : "no option";

		OPTION = opts[i];
		setup(&st, "[player green]\ncopper = 3\ncards = kapitein\n");
		on_top(&st, "strijd");
		done(&st, TG_GREEN, "buy card", "strijd drawn by kapitein's holder");
		is_string("green buys a play card\n"
		    "green draws strijd: shielded by kapitein\n",
		    NOTE.text, "strijd, %s: nobody is struck (R10.2, R10.7, files before the option)", o);
		ok(knights(&st, "psor") == 4 && knights(&st, "frostholm") == 2 &&
		    knights(&st, "nieuw-delia") == 3 && knights(&st, "trollmark") == 2 &&
		    st.pending.kind == TG_PD_NONE,
		    "strijd, %s: green keeps 6 knights, purple keeps 5", o);

		setup(&st, "[player green]\ncopper = 3\ncards = burgemeester\n");
		on_top(&st, "meteorieten");
		done(&st, TG_GREEN, "buy card", "meteorieten drawn by burgemeester's holder");
		ok(noted("green draws meteorieten: shielded by burgemeester\n") &&
		    !noted("meteorieten: purple ") &&
		    inhab(&st, "nieuw-delia") == 3 && inhab(&st, "hoogwacht") == 2 &&
		    inhab(&st, "psor") == 3 && st.pending.kind == TG_PD_NONE,
		    "meteorieten, %s: nobody loses an inhabitant (R10.2, R10.7, files before the option)", o);
	}
	OPTION = NULL;

	/* The option's words: holder or all; anything else is refused. */
	seeded(&s, 2, GP, 0x42);
	ok(tg_setup_option(&s, "shield=holder", &err) == 0 && s.shield_holder == 1,
	    "option shield=holder is read");
	ok(tg_setup_option(&s, "shield=all", &err) == 0 && s.shield_holder == 0,
	    "option shield=all is read");
	is_int(RULES_EDATA, tg_setup_option(&s, "shield=nobody", &err),
	    "option shield=nobody is refused");
	is_string("option shield must be holder or all, not 'nobody'", err.msg,
	    "option shield: the refusal names the words");
}

int
main(void)
{
	util_init();
	test_buying();
	test_reshuffle();
	test_negative_simple();
	test_negative_choices();
	test_more_negative();
	test_shield_holder_only();
	test_shield_files_before_option();
	test_held_cards();
	test_opponent_cards();
	test_overloper();
	test_battle_cards();
	test_vluchten_settlement();
	test_spionage_ontdekker();
	return done_testing();
}
