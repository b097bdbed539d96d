/*
 * quests.c -- quest cards (R10.1, R10.5): every category completed by
 * its event, Natuur & Geneeskunde with its paired category, progress
 * that starts afresh, the Adventurer's Quest bonus (first to 3), the
 * win by 5 completed quests (R11.2) and the notes that show them.
 */
#include <stdio.h>
#include <string.h>

#include "../tap.h"
#include "rules-util.h"

static const int GP[] = { TG_GREEN, TG_PURPLE };

static int
quest(const char *id)
{
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		if (strcmp(D.quests[q].id, id) == 0)
			return q;
	bail("no quest %s", id);
	return -1;
}

static int
is_done(const struct tg_state *st, const char *id, int c)
{
	return st->quest[quest(id)] == (TG_Q_DONE | c);
}

#define BASE \
	"[game]\nfirst = green\n" \
	"[spot psor]\ncolor = green\nsettlement = village\ninhabitants = 4\npalace = yes\nknights = 4\n" \
	"[spot norrhavn]\ncolor = green\nsettlement = village\ninhabitants = 2\nboats = 1\nknights = 2\n" \
	"[spot nieuw-delia]\ncolor = purple\nsettlement = village\ninhabitants = 3\npalace = yes\nknights = 1\n" \
	"[spot trollmark]\ncolor = purple\nknights = 1\n" \
	"[spot ulvdal]\ncolor = green\nscouts = 1\n"

static void
setup(struct tg_state *st, const char *extra)
{
	char text[4096];

	snprintf(text, sizeof text, "%s%s", BASE, extra);
	scen(st, 2, GP, text);
}

static void
test_categories(void)
{
	struct tg_state st;
	static const uint8_t kill[] = { 6, 1 };

	/* Krijgskunst: one battle, every quest it satisfies. */
	setup(&st, "[player green]\nquests = dood-een-ridder win-een-veldslag veldhospitaal\n");
	dice(kill, 2);
	done(&st, TG_GREEN, "move 2 knights from psor to trollmark", "Krijgskunst: a battle");
	ok(is_done(&st, "dood-een-ridder", TG_GREEN) && is_done(&st, "win-een-veldslag", TG_GREEN),
	    "Krijgskunst: dood-een-ridder and win-een-veldslag complete by one battle (R10.5)");
	ok(is_done(&st, "veldhospitaal", TG_GREEN),
	    "Natuur & Geneeskunde: veldhospitaal completes with a Krijgskunst quest held then (R10.1, R10.5)");
	ok(noted("green completes quest dood-een-ridder (Dood een ridder, 1 point)"),
	    "Krijgskunst: the completed quest is shown in the note");
	is_int(3, st.p[TG_GREEN].quests_done, "3 quests done");
	ok(st.adventurer == TG_GREEN && noted("green wins the Adventurer's Quest (2 points)"),
	    "Adventurer's Quest: the first to complete 3 (R10.1)");
	is_int(tg_points_recount(&D, &st, TG_GREEN), st.p[TG_GREEN].points, "points recount");

	/* Bouw & Cultuur: build; Natuur with it only when held. */
	setup(&st, "[player green]\ncopper = 3\nsilver = 3\ngold = 1\nquests = train-een-ridder rust-een-verkenner-uit bouw-een-boot bronwater\n");
	done(&st, TG_GREEN, "build knight at psor", "Bouw: a knight");
	ok(is_done(&st, "train-een-ridder", TG_GREEN) && is_done(&st, "bronwater", TG_GREEN),
	    "Bouw & Cultuur: train-een-ridder, and bronwater with it");
	done(&st, TG_GREEN, "build scout at psor", "Bouw: a scout");
	ok(is_done(&st, "rust-een-verkenner-uit", TG_GREEN), "Bouw & Cultuur: rust-een-verkenner-uit");
	done(&st, TG_GREEN, "build boat at norrhavn", "Bouw: a boat");
	ok(is_done(&st, "bouw-een-boot", TG_GREEN), "Bouw & Cultuur: bouw-een-boot");

	/* A quest counts only events after it was drawn: sticht-een-stad. */
	setup(&st, "[player green]\ncards = goede-oogst\nquests = sticht-een-stad\n");
	done(&st, TG_GREEN, "play goede-oogst at norrhavn", "Bouw: a city grows");
	ok(!is_done(&st, "sticht-een-stad", TG_GREEN), "sticht-een-stad: 4 inhabitants is no city yet");
	setup(&st, "[player green]\ncards = geboortegolf\nquests = sticht-een-stad\n");
	done(&st, TG_GREEN, "play geboortegolf at psor", "Bouw: psor reaches 5");
	ok(is_done(&st, "sticht-een-stad", TG_GREEN), "Bouw & Cultuur: sticht-een-stad when a village becomes a city (R10.1)");

	/*
	 * R10.5: a quest card drawn as the bonus of a new city does not
	 * count that city -- the city stands before its bonus is given.
	 */
	setup(&st, "[player green]\ncards = geboortegolf\n"
	    "[spot valdheim]\ncolor = green\nsettlement = village\ninhabitants = 4\ncard = graanbeurs\n");
	for (int k = 0; k < st.qcount; k++)
		if (st.qdeck[k] == quest("sticht-een-stad")) {
			st.qdeck[k] = st.qdeck[st.qcount - 1];
			st.qdeck[st.qcount - 1] = (uint8_t)quest("sticht-een-stad");
		}
	done(&st, TG_GREEN, "play geboortegolf at valdheim", "R10.5: valdheim becomes a city, its bonus a quest card");
	ok(st.quest[quest("sticht-een-stad")] == TG_GREEN,
	    "R10.5: sticht-een-stad, drawn as valdheim's city bonus, is held and not completed by that city");
	ok(!noted("completes quest"), "R10.5: no quest completion is noted");
	ok(sound(&st), "R10.5: sound");

	/* Magie: play the named card. */
	setup(&st, "[player green]\ncards = promotie\nquests = speel-promotie speel-ertshoeve\n");
	done(&st, TG_GREEN, "play promotie at psor", "Magie: promotie played");
	ok(is_done(&st, "speel-promotie", TG_GREEN) && !is_done(&st, "speel-ertshoeve", TG_GREEN),
	    "Magie: speel-promotie completes, speel-ertshoeve does not (R10.1)");

	/* Transport & Jacht: into Lumos from outside, by boat. */
	setup(&st, "[player green]\nquests = verken-lumos verken-noorland trekvogels\n");
	done(&st, TG_GREEN, "sail boat from norrhavn to lumhaven with 2 knights", "Transport: sail to Lumos");
	ok(is_done(&st, "verken-lumos", TG_GREEN) && is_done(&st, "trekvogels", TG_GREEN) &&
	    !is_done(&st, "verken-noorland", TG_GREEN),
	    "Transport & Jacht: verken-lumos (and trekvogels with it); a move inside Noorland explores nothing (R10.1, R10.5)");

	/* Ontwikkeling: 2 foundings in Noorland, scout and vlijtige-onderdaan. */
	setup(&st, "[player green]\ncards = vlijtige-onderdaan\nquests = koloniseer-noorland\n");
	done(&st, TG_GREEN, "found at ulvdal", "Ontwikkeling: a scout founds");
	is_int(1, st.quest[quest("koloniseer-noorland")] >> TG_Q_PROGRESS_SHIFT,
	    "Ontwikkeling: 1 of 2 founded");
	done(&st, TG_GREEN, "play vlijtige-onderdaan at ravnsborg", "Ontwikkeling: vlijtige-onderdaan founds");
	ok(is_done(&st, "koloniseer-noorland", TG_GREEN),
	    "Ontwikkeling: koloniseer-noorland after 2 foundings (scout, vlijtige-onderdaan; R10.1, R10.5)");
	ok(sound(&st), "quests: sound");
}

static void
test_quest_win(void)
{
	struct tg_state st;
	struct tg_setup o;

	/* 4 completed, a fifth wins at once (R11.2). */
	setup(&st, "[player green]\ncopper = 1\nquests = train-een-ridder\n"
	    "completed = dood-een-ridder win-een-veldslag ruil-munten bouw-een-boot\n"
	    "adventurer = yes\n");
	done(&st, TG_GREEN, "build knight at psor", "5 quests: the fifth");
	ok(st.phase == TG_PH_OVER && st.winner == TG_GREEN && st.how == TG_HOW_QUESTS,
	    "R11.2: 5 completed quests win");
	ok(noted("green wins (quests)"), "R11.2: the note says so");

	/* The option quests=N moves the target (R3.4). */
	seeded(&o, 2, GP, 0x42);
	o.quests = 6;
	scen_opts(&st, 2, GP, &o, BASE "[player green]\ncopper = 1\nquests = train-een-ridder\n"
	    "completed = dood-een-ridder win-een-veldslag ruil-munten bouw-een-boot\n", NULL);
	done(&st, TG_GREEN, "build knight at psor", "quests=6: the fifth");
	ok(st.phase != TG_PH_OVER, "R3.4: with quests=6, 5 do not win");
}

int
main(void)
{
	util_init();
	test_categories();
	test_quest_win();
	return done_testing();
}
