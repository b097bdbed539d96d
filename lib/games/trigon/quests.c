/*
 * quests.c -- quest cards (R10.1, R10.5): drawing, handing over, and
 * completion by the events the engine reports.
 *
 * A quest counts only what happens while its present holder has it:
 * events are reported as they happen and matched against the quests
 * held at that moment, and a quest that changes hands loses its
 * progress (R10.5).  One event completes every quest it meets; a
 * Natuur & Geneeskunde quest held at that moment completes with a quest
 * of its named category.  The Adventurer's Quest (first to 3) is given
 * here; winning by quests is checked by tg_check_all after the step.
 */
#include "internal.h"

void
tg_quest_give(struct tg_state *st, int q, int c)
{
	st->quest[q] = (uint8_t)c;	/* progress starts afresh */
}

/* Draw the top quest card for c; 0 when the deck is empty (R1.3). */
int
tg_quest_draw(struct tg_state *st, int c)
{
	if (st->qcount == 0)
		return 0;
	if (st->flags & TG_SF_PUBLIC_DRAWS)
		tg_draw_to_top(st, st->qdeck, st->qcount);
	tg_quest_give(st, st->qdeck[--st->qcount], c);
	return 1;
}

static void
complete(const struct tg_data *d, struct tg_state *st, int q, int c,
    struct rules_note *note)
{
	const struct tg_quest_card *qc = &d->quests[q];
	struct tg_player *p = &st->p[c];

	st->quest[q] = (uint8_t)(TG_Q_DONE | c);
	p->quests_done++;
	p->quest_points = (uint8_t)(p->quest_points + qc->points);
	tg_note(note, "%s completes quest %s (%s, %d %s)", tg_color_name[c],
	    qc->id, qc->name, qc->points, qc->points == 1 ? "point" : "points");
}

void
tg_quest_event(const struct tg_data *d, struct tg_state *st, int c,
    int kind, int param, struct rules_note *note)
{
	int cats = 0, done = 0;

	if (c < 0 || c >= TG_COLORS || !tg_playing(st, c))
		return;
	for (int q = 0; q < TG_QUEST_CARDS; q++) {
		const struct tg_quest_card *qc = &d->quests[q];
		int v = st->quest[q], prog;

		if ((v & 0x0f) != c)
			continue;
		if (qc->kind == TG_QK_TRADE_ANY) {
			if (kind != TG_QK_TRADE_COINS &&
			    kind != TG_QK_TRADE_CARDS)
				continue;
		} else if (qc->kind != kind)
			continue;
		if ((kind == TG_QK_COLONISE || kind == TG_QK_PLAY_CARD ||
		    kind == TG_QK_EXPLORE) && qc->param != param)
			continue;
		prog = (v >> TG_Q_PROGRESS_SHIFT) + 1;
		if (prog < (qc->count ? qc->count : 1)) {
			st->quest[q] = (uint8_t)(c | prog << TG_Q_PROGRESS_SHIFT);
			continue;
		}
		complete(d, st, q, c, note);
		cats |= 1 << qc->category;
		done = 1;
	}
	if (!done)
		return;
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		if ((st->quest[q] & 0x0f) == c &&
		    d->quests[q].kind == TG_QK_WITH_CATEGORY &&
		    (cats & (1 << d->quests[q].param)))
			complete(d, st, q, c, note);
	if (st->p[c].quests_done >= 3 && st->adventurer == TG_NONE) {
		st->adventurer = (uint8_t)c;
		st->p[c].flags |= TG_PF_ADVENTURER;
		tg_note(note, "%s wins the Adventurer's Quest (2 points)",
		    tg_color_name[c]);
	}
	tg_points_update(d, st, c);
}
