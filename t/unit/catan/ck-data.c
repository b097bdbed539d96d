/*
 * t/unit/catan/ck-data.c -- the design data of Cities & Knights
 * (catan-ck-rules(7), DATA FILES: progress, improvements): the embedded
 * defaults as the brief gives them, and one broken file for every loader
 * check L1-L12, refused with RULES_EDATA, the blob's name and the line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "games/catan/ckdata.h"
#include "games/catan/data.h"

enum { PROG, IMPR };

static const char *
embedded(int blob)
{
	return blob == PROG ? ca_embed_progress : ca_embed_improvements;
}

static int
load(int blob, const char *text, struct rules_error *e)
{
	struct ck_data *d = malloc(sizeof *d);
	int rc;

	if (d == NULL)
		bail("out of memory");
	if (blob == PROG)
		rc = ck_data_load(d, text, strlen(text), NULL, 0, e);
	else
		rc = ck_data_load(d, NULL, 0, text, strlen(text), e);
	free(d);
	return rc;
}

/* The text as a whole is wrong: line 0. */
static void
refused_text(const char *check, int blob, const char *text, int line,
    const char *what)
{
	struct rules_error e;
	int rc = load(blob, text, &e);

	is_int(RULES_EDATA, rc, "%s %s refused", check, what);
	if (rc != RULES_EDATA)
		return;
	is_int(line, e.line, "%s %s: line (%s)", check, what, e.msg);
	is_string(blob == PROG ? "progress" : "improvements", e.data,
	    "%s %s: names the blob", check, what);
}

/*
 * The embedded text with the first `from` after `after` (NULL: from
 * the start) replaced by `to`; refused at the line of `from`, or of the
 * first `at` from `after` on in the broken text.
 */
static void
refused(const char *check, int blob, const char *after, const char *from,
    const char *to, const char *at, const char *what)
{
	const char *src = embedded(blob);
	const char *base = after ? strstr(src, after) : src;
	const char *p = base ? strstr(base, from) : NULL;
	char *t;
	int line = 1;

	if (p == NULL)
		bail("cannot make a broken file from '%s'", from);
	t = malloc(strlen(src) + strlen(to) + 1);
	if (t == NULL)
		bail("out of memory");
	memcpy(t, src, (size_t)(p - src));
	strcpy(t + (p - src), to);
	strcat(t, p + strlen(from));
	if (at == NULL) {
		for (const char *q = src; q < p; q++)
			line += *q == '\n';
	} else {
		const char *q = strstr(t + (base - src), at);

		if (q == NULL)
			bail("'%s' is not in the broken text", at);
		for (const char *r = t; r < q; r++)
			line += *r == '\n';
	}
	refused_text(check, blob, t, line, what);
	free(t);
}

int
main(void)
{
	struct ck_data *d = malloc(sizeof *d);
	struct rules_error e;
	static const char *const slugs[] = {
		"commercial-harbor", "master-merchant", "merchant",
		"merchant-fleet", "resource-monopoly", "trade-monopoly",
		"bishop", "constitution", "deserter", "diplomat", "intrigue",
		"saboteur", "spy", "warlord", "wedding", "alchemist", "crane",
		"engineer", "inventor", "irrigation", "medicine", "mining",
		"printer", "road-building", "smith"
	};
	static const int counts[] = {
		2, 2, 6, 2, 4, 2, 2, 1, 2, 2, 2, 2, 3, 2, 2,
		2, 2, 1, 2, 2, 2, 2, 1, 2, 2
	};
	int ok_cards = 1, rc, c;
	char long_name[64], buf[4096];

	if (d == NULL)
		bail("out of memory");

	/* ---- the defaults ------------------------------------------------ */
	rc = ck_data_load(d, NULL, 0, NULL, 0, &e);
	is_int(0, rc, "D1/D2: the embedded defaults load (%s)",
	    rc ? e.msg : "");
	is_int(25, d->ncards, "D1: 25 kinds of progress card");
	for (int i = 0; i < 25 && i < d->ncards; i++)
		if (strcmp(d->cards[i].slug, slugs[i]) != 0 ||
		    d->cards[i].count != counts[i] || d->cards[i].effect != i ||
		    d->cards[i].deck != (i < 6 ? CK_TRADE : i < 15 ?
		    CK_POLITICS : CK_SCIENCE))
			ok_cards = 0;
	ok(ok_cards, "D1, CK14: slugs, decks, counts and effects as the brief");
	is_int(18, d->deck_total[CK_TRADE], "CK13.1: the trade deck holds 18");
	is_int(18, d->deck_total[CK_POLITICS], "CK13.1: the politics deck holds 18");
	is_int(18, d->deck_total[CK_SCIENCE], "CK13.1: the science deck holds 18");
	c = ck_card_by_slug(d, "crane", 5);
	ok(c >= 0 && strcmp(d->cards[c].name, "Crane") == 0 &&
	    strcmp(d->cards[c].nl, "Bouwkraan") == 0,
	    "CK17.4: crane is Crane (Bouwkraan)");
	is_int(-1, ck_card_by_slug(d, "bouwkraan", 9),
	    "CK17.4: a Dutch gloss is not a slug");
	is_int(ck_card_by_slug(d, "smith", 5), ck_card_by_effect(d, CK_E_SMITH),
	    "D1: the card of an effect");
	is_int(CA_CLOTH, d->track[CK_TRADE].commodity, "CK9.1: trade pays cloth");
	is_int(CA_COIN, d->track[CK_POLITICS].commodity, "CK9.1: politics pays coin");
	is_int(CA_PAPER, d->track[CK_SCIENCE].commodity, "CK9.1: science pays paper");
	is_int(CK_MERCHANT_GUILD, d->track[CK_TRADE].ability,
	    "CK9.1: trade's ability is the Merchant Guild");
	is_int(CK_FORTRESS, d->track[CK_POLITICS].ability,
	    "CK9.1: politics' ability is the Fortress");
	is_int(CK_AQUEDUCT, d->track[CK_SCIENCE].ability,
	    "CK9.1: science's ability is the Aqueduct");
	is_int(CK_SCIENCE, ck_track_of_commodity(d, CA_PAPER),
	    "CK9.1: paper is science's");
	is_int(CK_POLITICS, ck_track_of_ability(d, CK_FORTRESS),
	    "CK9.1: the Fortress is politics'");
	ok(d->track[CK_SCIENCE].cost[0] == 1 && d->track[CK_SCIENCE].cost[3] == 4,
	    "CK9.2: level 1 costs 1, level 4 costs 4");
	ok(d->track[CK_POLITICS].red[0] == 2 && d->track[CK_POLITICS].red[4] == 6,
	    "CK9.3: level 1 draws on red 1-2, level 5 on any");
	is_string("Merchant Guild", d->track[CK_TRADE].level[2],
	    "CK9.6: trade level 3 is named Merchant Guild");
	is_string("Great Exchange", d->track[CK_TRADE].level[4],
	    "CK9.6: trade level 5 is named Great Exchange");

	/* ---- L1-L6: the progress cards ---------------------------------- */
	refused("L1:", PROG, NULL, "[spy]", "[Spy]", NULL,
	    "a slug with a capital");
	refused("L1:", PROG, NULL, "[smith]", "[1smith]", NULL,
	    "a slug starting with a digit");
	refused("L1:", PROG, NULL, "[smith]",
	    "[a23456789012345678901234567890123]", NULL,
	    "a slug of 33 bytes");
	refused("L1:", PROG, NULL, "[smith]", "[spy]", NULL,
	    "a slug given twice");
	refused("L2:", PROG, "[merchant]", "deck = trade", "deck = gold",
	    NULL, "an unknown deck");
	refused("L2:", PROG, "[merchant]", "count = 6", "count = 19", NULL,
	    "a count of 19");
	refused("L2:", PROG, "[merchant]", "count = 6", "count = 6x", NULL,
	    "a count that is not a number");
	refused("L2:", PROG, "[merchant]", "count = 6", "count = -1", NULL,
	    "a negative count");
	refused("L3:", PROG, "[spy]", "effect = spy", "effect = spies", NULL,
	    "an unknown effect");
	refused("L3:", PROG, "[merchant-fleet]", "effect = merchant-fleet",
	    "effect = merchant", NULL, "an effect used twice");
	refused("L4:", PROG, "[spy]", "name = Spy", "name =", NULL,
	    "an empty name");
	memset(long_name, 'x', 41);
	long_name[41] = '\0';
	snprintf(buf, sizeof buf, "name = %s", long_name);
	refused("L4:", PROG, "[spy]", "name = Spy", buf, NULL,
	    "a name of 41 bytes");
	refused("L4:", PROG, "[spy]", "nl = Spion", "nl = Spi\xffon", NULL,
	    "an nl that is not UTF-8");
	snprintf(buf, sizeof buf, "nl = %s", long_name);
	refused("L4:", PROG, "[spy]", "nl = Spion", buf, NULL,
	    "an nl of 41 bytes");
	refused("L5:", PROG, "[spy]", "nl = Spion", "nl = Spion\nprice = 3",
	    "price = 3", "an unknown key");
	refused("L5:", PROG, "[spy]", "name = Spy\n", "", "[spy]",
	    "a card without a name");
	refused("L5:", PROG, "[smith]", "deck = science\n", "", "[smith]",
	    "the last card without a deck");
	refused("L5:", PROG, "[spy]", "count = 3", "count = 3\ncount = 2",
	    "count = 2", "a key given twice");
	refused_text("L6:", PROG,
	    "[spy]\ndeck = politics\ncount = 3\neffect = spy\nname = Spy\n"
	    "[crane]\ndeck = science\ncount = 2\neffect = crane\n"
	    "name = Crane\n"
	    "[merchant]\ndeck = trade\ncount = 18\neffect = merchant\n"
	    "name = Merchant\n"
	    "[bishop]\ndeck = trade\ncount = 18\neffect = bishop\n"
	    "name = Bishop\n"
	    "[wedding]\ndeck = trade\ncount = 5\neffect = wedding\n"
	    "name = Wedding\n", 21, "a trade deck of 41 cards");
	refused_text("L6:", PROG,
	    "[spy]\ndeck = politics\ncount = 3\neffect = spy\nname = Spy\n"
	    "[crane]\ndeck = science\ncount = 2\neffect = crane\n"
	    "name = Crane\n", 0, "a file without a trade deck");
	refused_text("L6:", PROG,
	    "[spy]\ndeck = politics\ncount = 3\neffect = spy\nname = Spy\n"
	    "[crane]\ndeck = science\ncount = 2\neffect = crane\n"
	    "name = Crane\n"
	    "[merchant]\ndeck = trade\ncount = 0\neffect = merchant\n"
	    "name = Merchant\n", 11, "a trade deck of 0 cards");

	/* ---- L7-L12: the improvements ----------------------------------- */
	refused("L7:", IMPR, NULL, "[science]", "[art]", NULL,
	    "an unknown section");
	refused("L7:", IMPR, NULL, "[science]", "[trade]", NULL,
	    "a track given twice");
	{
		const char *src = ca_embed_improvements;
		size_t n = (size_t)(strstr(src, "[science]") - src);

		memcpy(buf, src, n);
		buf[n] = '\0';
		refused_text("L7:", IMPR, buf, 0, "no [science]");
	}
	refused("L8:", IMPR, "[politics]", "colour = blue", "colour = yellow",
	    NULL, "a colour used twice");
	refused("L8:", IMPR, "[politics]", "colour = blue", "colour = red",
	    NULL, "an unknown colour");
	refused("L8:", IMPR, "[politics]", "commodity = coin",
	    "commodity = cloth", NULL, "a commodity used twice");
	refused("L8:", IMPR, "[politics]", "commodity = coin",
	    "commodity = ore", NULL, "a resource as commodity");
	refused("L8:", IMPR, "[science]", "ability = aqueduct",
	    "ability = fortress", NULL, "an ability used twice");
	refused("L8:", IMPR, "[science]", "ability = aqueduct",
	    "ability = harbor", NULL, "an unknown ability");
	refused("L9:", IMPR, "[science]", "cost = 1 2 3 4 5", "cost = 1 2 3 4",
	    NULL, "a cost of 4 numbers");
	refused("L9:", IMPR, "[science]", "cost = 1 2 3 4 5",
	    "cost = 1 2 3 4 5 6", NULL, "a cost of 6 numbers");
	refused("L9:", IMPR, "[science]", "cost = 1 2 3 4 5",
	    "cost = 0 2 3 4 5", NULL, "a cost of 0");
	refused("L9:", IMPR, "[science]", "cost = 1 2 3 4 5",
	    "cost = 1 2 3 4 13", NULL, "a cost of 13");
	refused("L10:", IMPR, "[trade]", "red = 2 3 4 5 6", "red = 2 3 4 5 7",
	    NULL, "a red die of 7");
	refused("L10:", IMPR, "[trade]", "red = 2 3 4 5 6", "red = 2 4 3 5 6",
	    NULL, "a decreasing red");
	refused("L10:", IMPR, "[trade]", "red = 2 3 4 5 6", "red = 2 3 4 5",
	    NULL, "a red of 4 numbers");
	refused("L11:", IMPR, "[trade]", "level1 = Market", "level1 =", NULL,
	    "an empty level name");
	snprintf(buf, sizeof buf, "level5 = %s", long_name);
	refused("L11:", IMPR, "[trade]", "level5 = Great Exchange", buf, NULL,
	    "a level name of 41 bytes");
	refused("L12:", IMPR, "[trade]", "level5 = Great Exchange",
	    "level5 = Great Exchange\nlevel6 = Bourse", "level6 = Bourse",
	    "an unknown key");
	refused("L12:", IMPR, "[trade]", "level5 = Great Exchange\n", "",
	    "[trade]", "a track without level5");
	refused("L12:", IMPR, "[trade]", "cost = 1 2 3 4 5",
	    "cost = 1 2 3 4 5\ncost = 1 1 1 1 1", "cost = 1 1 1 1 1",
	    "a key given twice");

	/* ---- a data file the engine must obey ---------------------------- */
	{
		const char *src = ca_embed_improvements;
		struct ck_data *x = malloc(sizeof *x);
		char *t = malloc(strlen(src) + 8);
		const char *p, *q;

		if (x == NULL || t == NULL)
			bail("out of memory");
		p = strstr(src, "commodity = cloth");
		q = strstr(strstr(src, "[politics]"), "commodity = coin");
		if (p == NULL || q == NULL)
			bail("no commodities to exchange");
		snprintf(t, strlen(src) + 8, "%.*scommodity = coin%.*s"
		    "commodity = cloth%s", (int)(p - src), src,
		    (int)(q - p - 17), p + 17, q + 16);
		rc = ck_data_load(x, NULL, 0, t, strlen(t), &e);
		is_int(0, rc, "D2: commodities may be exchanged between tracks (%s)",
		    rc ? e.msg : "");
		is_int(CA_COIN, x->track[CK_TRADE].commodity,
		    "D2: then trade pays coin");
		is_int(CK_POLITICS, ck_track_of_commodity(x, CA_CLOTH),
		    "D2: and cloth is politics'");
		free(x);
		free(t);
	}
	free(d);
	done_testing();
}
