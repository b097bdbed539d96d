/*
 * quests.c -- quest cards (R10.1, R10.5): every category completed by
 * its event, Natuur & Geneeskunde with its paired category, progress
 * that starts afresh, the Adventurer's Quest bonus (first to 3), the
 * win by 5 completed quests (R11.2) and the notes that show them.
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "rules-util.h"

static const int GP[] = { TG_GREEN, TG_PURPLE };

static int
is_done(const struct tg_state *st, const char *id, int c)
{
	return st->quest[qcard(id)] == (TG_Q_DONE | c);
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

static int
progress(const struct tg_state *st, const char *id)
{
	return st->quest[qcard(id)] >> TG_Q_PROGRESS_SHIFT;
}

static void
test_categories(void)
{
	struct tg_state st;
	struct tg_bonus saved;
	static const uint8_t kill[] = { 6, 1 };
	int gb;

	/* Krijgskunst: one battle, every quest it satisfies. */
	setup(&st, "[player green]\nquests = dood-een-ridder win-drie-veldslagen veldhospitaal\n"
	    "completed = ruil-munten bouw-boten\n");
	dice(kill, 2);
	done(&st, TG_GREEN, "move 2 knights from psor to trollmark", "Krijgskunst: a battle");
	ok(is_done(&st, "dood-een-ridder", TG_GREEN),
	    "Krijgskunst: dood-een-ridder completes by the battle that kills a knight (R10.1)");
	is_int(1, progress(&st, "win-drie-veldslagen"),
	    "Krijgskunst: the same battle is 1 of the 3 that win-drie-veldslagen asks (R10.5)");
	ok(st.quest[qcard("veldhospitaal")] == TG_GREEN,
	    "Natuur & Geneeskunde: veldhospitaal (with Bouw & Cultuur) is not completed by a Krijgskunst quest");
	ok(noted("green completes quest dood-een-ridder (Dood een ridder, 2 points)"),
	    "Krijgskunst: the completed quest is shown in the note");
	is_int(3, st.p[TG_GREEN].quests_done, "3 quests done");
	ok(st.adventurer == TG_GREEN && noted("green wins the Adventurer's Quest (2 points)"),
	    "Adventurer's Quest: the first to complete 3 (R10.1)");
	is_int(tg_points_recount(&D, &st, TG_GREEN), st.p[TG_GREEN].points, "points recount");

	/* Bouw & Cultuur: build, as often as the card says; Natuur with it. */
	setup(&st, "[player green]\ncopper = 11\nsilver = 3\ngold = 1\n"
	    "quests = train-ridders rust-verkenners-uit bouw-boten veldhospitaal\n"
	    "[spot valdheim]\ncolor = green\nsettlement = village\ninhabitants = 4\n");
	done(&st, TG_GREEN, "build knight at psor", "Bouw: knight 1");
	done(&st, TG_GREEN, "build knight at norrhavn", "Bouw: knight 2");
	ok(progress(&st, "train-ridders") == 2 && !is_done(&st, "train-ridders", TG_GREEN) &&
	    st.quest[qcard("veldhospitaal")] == TG_GREEN,
	    "Bouw & Cultuur: 2 knights are 2 of the 3 train-ridders asks; veldhospitaal waits");
	done(&st, TG_GREEN, "build knight at valdheim", "Bouw: knight 3");
	ok(is_done(&st, "train-ridders", TG_GREEN) && is_done(&st, "veldhospitaal", TG_GREEN),
	    "Bouw & Cultuur: train-ridders with the third knight, and veldhospitaal with it (R10.1)");
	done(&st, TG_GREEN, "build scout at valdheim", "Bouw: a scout");
	is_int(1, progress(&st, "rust-verkenners-uit"), "Bouw & Cultuur: a scout is 1 of the 2 rust-verkenners-uit asks");
	done(&st, TG_GREEN, "build boat at norrhavn", "Bouw: boat 1");
	ok(progress(&st, "bouw-boten") == 1 && !is_done(&st, "bouw-boten", TG_GREEN), "Bouw & Cultuur: 1 of 2 boats");
	done(&st, TG_GREEN, "build boat at norrhavn", "Bouw: boat 2");
	ok(is_done(&st, "bouw-boten", TG_GREEN), "Bouw & Cultuur: bouw-boten with the second boat");

	/* A quest counts only events after it was drawn: sticht-steden. */
	setup(&st, "[player green]\ncards = goede-oogst\nquests = sticht-steden\n");
	done(&st, TG_GREEN, "play goede-oogst at norrhavn", "Bouw: a village grows");
	is_int(TG_GREEN, st.quest[qcard("sticht-steden")], "sticht-steden: 4 inhabitants is no city yet");
	setup(&st, "[player green]\ncards = geboortegolf\nquests = sticht-steden\n");
	done(&st, TG_GREEN, "play geboortegolf at psor", "Bouw: psor reaches 5");
	is_int(1, progress(&st, "sticht-steden"),
	    "Bouw & Cultuur: a village that becomes a city is 1 of the 2 cities sticht-steden asks (R10.1)");

	/*
	 * R10.5: a quest card drawn as the bonus of a new city does not
	 * count that city -- the city stands before its bonus is given.
	 * No shipped village card gives a quest card; graanbeurs does here.
	 */
	gb = vcard("graanbeurs");
	saved = D.villages[gb].bonus;
	memset(&D.villages[gb].bonus, 0, sizeof D.villages[gb].bonus);
	D.villages[gb].bonus.questcards = 1;
	setup(&st, "[player green]\ncards = geboortegolf\n"
	    "[spot valdheim]\ncolor = green\nsettlement = village\ninhabitants = 4\ncard = graanbeurs\n");
	for (int k = 0; k < st.qcount; k++)
		if (st.qdeck[k] == qcard("sticht-steden")) {
			st.qdeck[k] = st.qdeck[st.qcount - 1];
			st.qdeck[st.qcount - 1] = (uint8_t)qcard("sticht-steden");
		}
	done(&st, TG_GREEN, "play geboortegolf at valdheim", "R10.5: valdheim becomes a city, its bonus a quest card");
	ok(st.quest[qcard("sticht-steden")] == TG_GREEN,
	    "R10.5: sticht-steden, drawn as valdheim's city bonus, is held and that city does not count");
	ok(!noted("completes quest"), "R10.5: no quest completion is noted");
	ok(sound(&st), "R10.5: sound");
	D.villages[gb].bonus = saved;

	/* Magie: play the named card; Natuur (trekvogels) with it. */
	setup(&st, "[player green]\ncards = voorspoed\nquests = speel-voorspoed speel-spionage trekvogels\n");
	done(&st, TG_GREEN, "play voorspoed", "Magie: voorspoed played");
	ok(is_done(&st, "speel-voorspoed", TG_GREEN) && !is_done(&st, "speel-spionage", TG_GREEN) &&
	    is_done(&st, "trekvogels", TG_GREEN),
	    "Magie: speel-voorspoed completes, speel-spionage does not; trekvogels with it (R10.1)");

	/* Transport & Jacht: into Lumos from outside, by boat. */
	setup(&st, "[player green]\nquests = verken-lumos verken-noorland\n");
	done(&st, TG_GREEN, "sail boat from norrhavn to lumhaven with 2 knights", "Transport: sail to Lumos");
	ok(is_done(&st, "verken-lumos", TG_GREEN) && !is_done(&st, "verken-noorland", TG_GREEN),
	    "Transport & Jacht: verken-lumos; a move inside Noorland explores nothing (R10.1, R10.5)");

	/* Ontwikkeling: 2 foundings in Noorland, scout and vlijtige-onderdaan. */
	setup(&st, "[player green]\ncards = vlijtige-onderdaan\nquests = koloniseer-noorland bronwater\n");
	done(&st, TG_GREEN, "found at ulvdal", "Ontwikkeling: a scout founds");
	is_int(1, progress(&st, "koloniseer-noorland"), "Ontwikkeling: 1 of 2 founded");
	done(&st, TG_GREEN, "play vlijtige-onderdaan at ravnsborg", "Ontwikkeling: vlijtige-onderdaan founds");
	ok(is_done(&st, "koloniseer-noorland", TG_GREEN) && is_done(&st, "bronwater", TG_GREEN),
	    "Ontwikkeling: koloniseer-noorland after 2 foundings (scout, vlijtige-onderdaan; R10.1, R10.5), bronwater with it");
	ok(sound(&st), "quests: sound");
}

static void
test_quest_win(void)
{
	struct tg_state st;
	struct tg_setup o;

	/* 4 completed, a fifth wins at once (R11.2). */
	setup(&st, "[player green]\nquests = verken-lumos\n"
	    "completed = dood-een-ridder win-drie-veldslagen ruil-munten bouw-boten\n"
	    "adventurer = yes\n");
	done(&st, TG_GREEN, "sail boat from norrhavn to lumhaven with 2 knights", "5 quests: the fifth");
	ok(st.phase == TG_PH_OVER && st.winner == TG_GREEN && st.how == TG_HOW_QUESTS,
	    "R11.2: 5 completed quests win");
	ok(noted("green wins (quests)"), "R11.2: the note says so");

	/* The option quests=N moves the target (R3.4). */
	seeded(&o, 2, GP, 0x42);
	o.quests = 6;
	scen_opts(&st, 2, GP, &o, BASE "[player green]\nquests = verken-lumos\n"
	    "completed = dood-een-ridder win-drie-veldslagen ruil-munten bouw-boten\n", NULL);
	done(&st, TG_GREEN, "sail boat from norrhavn to lumhaven with 2 knights", "quests=6: the fifth");
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
