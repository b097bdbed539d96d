/*
 * help.c -- Trigon's help in its own words, behind rules.help_orders
 * and rules.help_card: the order language (condensed from
 * trigon-rules(7), ORDER LANGUAGE), and the text of a play card
 * (help-cards.c, generated from R10.3), a quest or a village card
 * (from the embedded design data).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "data.h"
#include "help.h"

const char tg_help_orders[] =
"An order is one line: lowercase English keywords, the ASCII names of\n"
"spots, colors and cards, and numbers, separated by single spaces\n"
"(trigon-rules(7), ORDER LANGUAGE, has the whole grammar).\n"
"\n"
"  build knight|scout|boat at SPOT     build at an own settlement (R6)\n"
"  exchange copper|silver              3 copper for 1 silver, 3 silver\n"
"                                      for 1 gold (R6.4)\n"
"  move ARMY from SPOT to SPOT [with CARDS] [losses KINDS]\n"
"                                      move; into enemies it attacks (R7, R8)\n"
"  cross ARMY from SPOT to SPOT        complete a river crossing (R7.5)\n"
"  sail boat from SPOT to SPOT [with ARMY] [with CARDS] [losses KINDS]\n"
"  found at SPOT                       found a village (R9.1)\n"
"  place N knights at SPOT             reserve knights onto a settlement\n"
"  crown                               crown an emperor (R11.2)\n"
"  buy card | buy quest                draw a play card or a quest\n"
"  play CARD [ARGS]                    play a card from your hand (R10.3)\n"
"  choose CARD ...                     where a drawn negative card strikes\n"
"  take N                              Spionage: take card N\n"
"  show N                              show your sealed card N (R13.3)\n"
"  offer COLOR COINS for COINS         a coin offer (R6.5)\n"
"  offer COLOR swap N                  a blind swap of your card N\n"
"  accept [giving N] | decline         answer an offer\n"
"  withdraw                            take your waiting offer back\n"
"  defend [with CARDS] | flee to SPOT  answer an attack (R8.8)\n"
"  end                                 end your action phase (R4.7)\n"
"  resign                              leave the game (R11.3)\n"
"\n"
"ARMY is \"3 knights\", \"2 scouts\" or \"3 knights 1 scout\"; COINS is\n"
"\"3 copper\", \"1 silver 2 gold\"; CARDS are battle cards joined by \"and\".\n"
"The numbers of take, swap and giving are your private numbers of\n"
"hidden cards, as 'trigon hand' shows them; the number of show is the\n"
"sealed card's position, as 'trigon hand' lists it too.  'trigon moves'\n"
"lists every order you may give now.\n"
"\n"
"Examples:\n"
"  build knight at psor                 move 3 knights from psor to ulvdal\n"
"  exchange copper                      found at ulvdal\n"
"  buy card                             play promotie at psor\n"
"  offer purple 1 silver for 3 copper   accept\n"
"  defend with hinderlaag               flee to trollmark\n"
"  crown                                end\n"
"\n"
"You attack by moving into a spot where enemies stand; you end your turn\n"
"with 'end'.  What a card, quest or village card does: 'trigon help card\n"
"NAME' (e.g. 'trigon help card promotie'; without NAME, all the names).\n";

static const char *const cat_names[TG_QUEST_CATS] = {
	"Krijgskunst", "Handel", "Bouw & Cultuur", "Ontwikkeling", "Magie",
	"Transport & Jacht", "Natuur & Geneeskunde",
};

static int
same(const char *a, const char *b)
{
	return strcasecmp(a, b) == 0;
}

/* The embedded design data, loaded at this thread's first call; NULL
   if it does not load. */
static const struct tg_data *
help_data(void)
{
	static _Thread_local struct tg_data d;
	static _Thread_local int loaded;
	struct rules_error err;

	if (!loaded) {
		memset(&err, 0, sizeof err);
		if (tg_data_load(&d, NULL, 0, NULL, 0, NULL, 0, &err) != 0)
			return NULL;
		loaded = 1;
	}
	return &d;
}

/*
 * The text about name: a play card (slug or Dutch name), a quest or a
 * village card of the embedded data (id or name), or NULL.  The text
 * of a quest or village lives in a buffer of this thread that the next
 * call overwrites.
 */
const char *
tg_help_card(const char *name)
{
	static _Thread_local char buf[512];
	const struct tg_data *d;

	if (name == NULL || name[0] == '\0')
		return NULL;
	for (int i = 0; tg_help_cards[i].slug != NULL; i++)
		if (same(tg_help_cards[i].slug, name) ||
		    same(tg_help_cards[i].name, name))
			return tg_help_cards[i].text;
	if ((d = help_data()) == NULL)
		return NULL;
	for (int i = 0; i < TG_QUEST_CARDS; i++) {
		const struct tg_quest_card *q = &d->quests[i];

		if (q->id[0] == '\0' || !(same(q->id, name) ||
		    same(q->name, name)))
			continue;
		snprintf(buf, sizeof buf, "%s (%s, quest, %s). %s; %d "
		    "point%s once completed (R10.1).", q->name, q->id,
		    q->category < TG_QUEST_CATS ? cat_names[q->category] : "?",
		    q->gloss, q->points, q->points == 1 ? "" : "s");
		return buf;
	}
	for (int i = 0; i < TG_VILLAGE_CARDS; i++) {
		const struct tg_village_card *v = &d->villages[i];

		if (v->id[0] == '\0' || !(same(v->id, name) ||
		    same(v->name, name) || (v->gloss[0] != '\0' &&
		    same(v->gloss, name))))
			continue;
		/* the English gloss beside the Dutch name, as for quests */
		snprintf(buf, sizeof buf, "%s%s%s%s (%s, village card). As a "
		    "village: %d copper, %d silver, %d gold, %d births; as a "
		    "city: %d copper, %d silver, %d gold, %d births (R4.3, "
		    "R4.4, R5.1).", v->name, v->gloss[0] ? " \"" : "",
		    v->gloss, v->gloss[0] ? "\"" : "", v->id, v->village.copper,
		    v->village.silver, v->village.gold, v->village.births,
		    v->city.copper, v->city.silver, v->city.gold,
		    v->city.births);
		return buf;
	}
	return NULL;
}

int
tg_help_card_names(int (*emit)(void *ctx, const char *name), void *ctx)
{
	const struct tg_data *d;

	for (int i = 0; tg_help_cards[i].slug != NULL; i++)
		if (emit(ctx, tg_help_cards[i].slug) != 0)
			return 0;
	if ((d = help_data()) == NULL)
		return -1;
	for (int i = 0; i < TG_QUEST_CARDS; i++)
		if (d->quests[i].id[0] != '\0' && emit(ctx, d->quests[i].id) != 0)
			return 0;
	for (int i = 0; i < TG_VILLAGE_CARDS; i++)
		if (d->villages[i].id[0] != '\0' &&
		    emit(ctx, d->villages[i].id) != 0)
			return 0;
	return 0;
}

/*
 * One line about a play card or quest named in an order: "Promotion:
 * place 1 free knight at one of your settlements." from the card's
 * text (help-cards.c is generated in the shape "Name (slug, category).
 * Gloss, count[, negative]. Effect"), or NULL.
 */
const char *
tg_help_card_brief(const char *name, char *buf, size_t n)
{
	const char *t = tg_help_card(name), *g, *e, *comma;
	int neg, len;

	if (t == NULL || n == 0)
		return NULL;
	for (int i = 0; tg_help_cards[i].slug != NULL; i++)
		if (tg_help_cards[i].text == t) {
			if ((g = strstr(t, "). ")) == NULL ||
			    (e = strstr(g + 3, ". ")) == NULL ||
			    (comma = strchr(g + 3, ',')) == NULL || comma > e)
				return NULL;
			g += 3;
			neg = (t = strstr(comma, "negative")) != NULL && t < e;
			e += 2;
			len = snprintf(buf, n, "%.*s%s: %c%s", (int)(comma - g),
			    g, neg ? " (negative)" : "",
			    tolower((unsigned char)e[0]), e + 1);
			return len < 0 ? NULL : buf;
		}
	/* A quest: "Name (id, quest, category). Gloss; N points ...". */
	if (strstr(t, ", quest, ") != NULL && (g = strstr(t, "). ")) != NULL &&
	    (e = strstr(g, "; ")) != NULL) {
		len = snprintf(buf, n, "quest: %.*s", (int)(e - g - 3), g + 3);
		return len < 0 ? NULL : buf;
	}
	return NULL;
}

/*
 * A note as a player reads it: "green founds village 2 at psor:
 * leerlooierij (Tannery)", the English gloss of the village card (R9.1)
 * beside the slug the note names it by, or NULL for any other note.
 * The gloss comes from d, the game's data (`--data`), or from the
 * embedded data when d is NULL.
 */
const char *
tg_note_view(const struct tg_data *d, const char *note, size_t len,
    char *buf, size_t n)
{
	static const char founds[] = " founds village ";
	size_t at = len, slen, k = 0, flen = sizeof founds - 1;

	while (k + flen <= len && memcmp(note + k, founds, flen) != 0)
		k++;
	if (k + flen > len)
		return NULL;
	while (at > 0 && note[at - 1] != ' ')
		at--;
	if (at < 2 || note[at - 2] != ':' ||
	    (d == NULL && (d = help_data()) == NULL))
		return NULL;
	slen = len - at;
	for (int i = 0; i < TG_VILLAGE_CARDS; i++) {
		const struct tg_village_card *v = &d->villages[i];

		if (v->gloss[0] != '\0' && strlen(v->id) == slen &&
		    memcmp(v->id, note + at, slen) == 0) {
			snprintf(buf, n, "%.*s (%s)", (int)len, note, v->gloss);
			return buf;
		}
	}
	return NULL;
}
