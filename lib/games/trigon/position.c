/*
 * position.c -- starting a game from a scenario (scenario.h) instead of
 * the standard set-up (R3): the complete position is laid out, the rest
 * goes to the supplies, the bank and the decks (shuffled by chance
 * events as R3.2 does: village cards, then quests, then play cards), and the
 * round starts as the scenario says.  Parsing and the checks that do
 * not depend on the seats are scenario.c's.
 */
#include <string.h>

#include "internal.h"
#include "scenario.h"

struct scen_call {
	struct tg_state *st;
	const struct tg_data *d;
	const struct tg_setup *s;
	const struct tg_scenario *sc;
	struct rules_note *note;
	struct rules_error *err;
};

static int scen_body(void *ctx);

int
tg_scenario_apply(struct tg_state *st, const struct tg_data *d,
    const struct tg_setup *s, const struct tg_scenario *sc,
    struct rules_note *note, struct rules_error *err)
{
	struct scen_call c = { st, d, s, sc, note, err };

	return tg_rng_guard(st, s->chance, note, err, scen_body, &c);
}

/* The seated colors as bits, or a refusal when the scenario places or
 * lets act first a color that is not playing. */
static int
scen_seated(const struct tg_setup *s, const struct tg_scenario *sc,
    int *seated, struct rules_error *err)
{
	*seated = 0;
	for (int i = 0; i < s->nseats; i++)
		*seated |= 1 << s->color[i];
	for (int c = 0; c < TG_COLORS; c++)
		if ((sc->colors & (1 << c)) && !(*seated & (1 << c)))
			return tg_refuse(err, RULES_EDATA,
			    "the scenario places %s, who is not playing",
			    tg_color_name[c]);
	if (sc->first != TG_SC_NONE && !(*seated & (1 << sc->first)))
		return tg_refuse(err, RULES_EDATA,
		    "the scenario lets %s act first, who is not playing",
		    tg_color_name[sc->first]);
	return 0;
}

/* The village and quest decks: what the scenario does not name (R3.2). */
static void
scen_village_quests(const struct tg_data *d, struct tg_state *st,
    const struct tg_scenario *sc)
{
	uint8_t used[TG_VILLAGE_CARDS];

	memset(used, 0, sizeof used);
	for (int i = 0; i < d->nspots; i++)
		if (sc->spot[i].settlement != TG_SC_EMPTY &&
		    sc->spot[i].card != TG_SC_NONE)
			used[sc->spot[i].card] = 1;
	for (int i = 0; i < TG_VILLAGE_CARDS; i++)
		if (!used[i])
			st->vdeck[st->vcount++] = (uint8_t)i;
	for (int q = 0; q < TG_QUEST_CARDS; q++) {
		if (sc->quest[q] == TG_SC_NONE) {
			st->quest[q] = TG_Q_DECK;
			st->qdeck[st->qcount++] = (uint8_t)q;
		} else if (sc->quest_done[q]) {
			int c = sc->quest[q];

			st->quest[q] = (uint8_t)(TG_Q_DONE | c);
			st->p[c].quests_done++;
			st->p[c].quest_points = (uint8_t)(st->p[c].quest_points +
			    d->quests[q].points);
		} else
			st->quest[q] = sc->quest[q];
	}
}

/* The action cards: hands, played cards, and the deck of the rest. */
static int
scen_cards(struct tg_state *st, const struct tg_scenario *sc,
    struct rules_error *err)
{
	uint8_t left[TG_CARD_TYPES];

	for (int t = 0; t < TG_CARD_TYPES; t++) {
		int n = tg_cards[t].copies;

		for (int c = 0; c < TG_COLORS; c++) {
			n -= sc->p[c].hand[t] + sc->p[c].played[t];
			st->p[c].hand[t / 2] = (uint8_t)(st->p[c].hand[t / 2] +
			    (sc->p[c].hand[t] << (4 * (t & 1))));
			if (sc->p[c].played[t] == 0)
				continue;
			if (tg_cards[t].flags & TG_CF_BONUS) {
				/* A played bonus card stays with its player. */
				int b = t == TG_CARD_KERKER ? 0 :
				    t == TG_CARD_RAADHUIS ? 1 :
				    t == TG_CARD_TENTOONSTELLING ? 2 : 3;

				st->bonus_by = (uint16_t)((st->bonus_by &
				    ~(0xf << (4 * b))) | c << (4 * b));
				st->p[c].card_points++;
			} else
				st->discard[t / 2] = (uint8_t)(st->discard[t / 2] +
				    (sc->p[c].played[t] << (4 * (t & 1))));
		}
		if (n < 0)
			return tg_refuse(err, RULES_EDATA,
			    "the scenario uses more %s cards than there are",
			    tg_cards[t].slug);
		left[t] = (uint8_t)n;
	}
	for (int t = 0; t < TG_CARD_TYPES; t++)
		for (int k = 0; k < left[t]; k++)
			st->pdeck[st->pcount++] = (uint8_t)t;
	return 0;
}

/* The settlements and figures at the spots. */
static int
scen_spots(const struct tg_data *d, struct tg_state *st,
    const struct tg_scenario *sc, struct rules_error *err)
{
	for (int i = 0; i < d->nspots; i++) {
		const struct tg_sc_spot *p = &sc->spot[i];

		if (p->color == TG_SC_NONE)
			continue;
		if (p->settlement != TG_SC_EMPTY) {
			int card = p->card;

			if (card == TG_SC_NONE &&
			    (card = tg_vdeck_draw(st)) < 0)
				return tg_refuse(err, RULES_EDATA,
				    "the scenario needs more village cards than there are");
			if (st->p[p->color].chips & (1u << (p->chip - 1)))
				return tg_refuse(err, RULES_EDATA,
				    "%s's chip %d is placed twice",
				    tg_color_name[p->color], p->chip);
			tg_settle_add(d, st, i, p->color, card, p->chip,
			    p->inhabitants, p->settlement == TG_SC_CITY,
			    p->palace);
		}
		tg_fig_add(st, i, p->color, p->knights, p->scouts, p->boats);
	}
	return 0;
}

/* The figures on the river paths. */
static void
scen_rivers(const struct tg_data *d, struct tg_state *st,
    const struct tg_scenario *sc)
{
	for (int pa = 0; pa < d->npaths; pa++) {
		const struct tg_path *path = &d->paths[pa];
		const struct tg_sc_river *rv;
		int r;

		if (!path->river)
			continue;
		r = path->river_index;
		rv = &sc->river[r];
		if (rv->color == TG_SC_NONE || rv->knights + rv->scouts == 0)
			continue;
		st->rwho[r] = (uint8_t)(rv->color |
		    (rv->toward == path->b ? 0x10 : 0));
		st->rkn[r] = rv->knights;
		st->rsc[r] = rv->scouts;
		st->p[rv->color].units = (uint8_t)(st->p[rv->color].units +
		    rv->knights);
		st->p[rv->color].scouts = (uint8_t)(st->p[rv->color].scouts +
		    rv->scouts);
	}
}

/* Each seated player's coins, reserve, titles and points. */
static int
scen_players(const struct tg_data *d, struct tg_state *st,
    const struct tg_scenario *sc, int seated, struct rules_error *err)
{
	for (int c = 0; c < TG_COLORS; c++) {
		const struct tg_sc_player *p = &sc->p[c];
		struct tg_player *q = &st->p[c];

		if (!(seated & (1 << c)))
			continue;
		tg_set_coins(st, c, p->coin[0], p->coin[1], p->coin[2]);
		q->reserve = p->reserve;
		q->units = (uint8_t)(q->units + p->reserve);
		q->founded = p->founded;
		if (p->explorer) {
			st->explorer = (uint8_t)c;
			q->flags |= TG_PF_EXPLORER;
		}
		if (p->adventurer) {
			st->adventurer = (uint8_t)c;
			q->flags |= TG_PF_ADVENTURER;
		}
		if (q->units > TG_UNITS || q->scouts > TG_SCOUTS ||
		    q->boats > TG_BOATS)
			return tg_refuse(err, RULES_EDATA,
			    "the scenario gives %s more pieces than its supply holds",
			    tg_color_name[c]);
		tg_points_update(d, st, c);
	}
	return 0;
}

/* The round the scenario starts in, and who acts first. */
static void
scen_start(const struct tg_data *d, struct tg_state *st,
    const struct tg_scenario *sc, struct rules_note *note)
{
	st->phase = TG_PH_ACTION;
	if (sc->collect) {
		st->round = (uint16_t)(sc->round - 1);
		st->round++;
		tg_note(note, "round %d", st->round);
		tg_set_order(st, sc->first == TG_SC_NONE ? -1 : sc->first,
		    note);
		tg_collect(d, st, note);
	} else {
		st->round = sc->round;
		tg_set_order(st, sc->first == TG_SC_NONE ? -1 : sc->first,
		    note);
		for (int i = 0; i < st->norder && st->phase != TG_PH_OVER; i++)
			tg_check_win(d, st, st->order[i], note);
	}
	if (st->phase != TG_PH_OVER)
		tg_note(note, "%s to act", tg_color_name[st->order[0]]);
}

static int
scen_body(void *ctx)
{
	const struct scen_call *call = ctx;
	struct tg_state *st = call->st;
	const struct tg_data *d = call->d;
	const struct tg_setup *s = call->s;
	const struct tg_scenario *sc = call->sc;
	struct rules_note *note = call->note;
	struct rules_error *err = call->err;
	int rc, seated;

	if ((rc = tg_init_base(st, d, s, err)) != 0)
		return rc;
	if ((rc = scen_seated(s, sc, &seated, err)) != 0)
		return rc;
	st->phase = TG_PH_SETUP;	/* nobody's turn while laying out */

	/* Decks, made ready for drawing by tg_decks_ready once all three
	 * are filled. */
	scen_village_quests(d, st, sc);
	if ((rc = scen_cards(st, sc, err)) != 0)
		return rc;
	tg_decks_ready(st);

	/* The board. */
	if ((rc = scen_spots(d, st, sc, err)) != 0)
		return rc;
	scen_rivers(d, st, sc);
	if ((rc = scen_players(d, st, sc, seated, err)) != 0)
		return rc;

	/* R11.3: a seated color with nothing is out at once. */
	for (int i = 0; i < s->nseats; i++)
		tg_check_out(d, st, s->color[i], note);
	if (st->phase == TG_PH_OVER)
		return 0;
	scen_start(d, st, sc, note);
	return 0;
}
