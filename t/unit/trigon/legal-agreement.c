/*
 * t/unit/legal-agreement.c -- tg_legal agrees with tg_apply, on many
 * positions from random play (standard set-ups, the second-village
 * option, and scenarios with boats, river paths and reserve knights):
 *
 *   - every listed action applies (on a copy), leaves every invariant
 *     intact, and its text parses back to the same action;
 *   - unlisted actions made by mutating listed ones (other spots,
 *     counts, figures, coins, casualty orders, kinds, seats) are refused,
 *     and a refusal leaves the state byte-for-byte unchanged;
 *   - on some positions every syntactically valid order of the simple
 *     families over all spots is parsed and applied: it applies exactly
 *     when it is listed.
 *
 * The listing bounds its counted families (engine.h, legal.c): armies
 * of 0, 1 or all of the figures that can go, the default casualty order,
 * reserve placements of 1 or all.  An unlisted action is therefore
 * "covered" when a listed action of the same kind between the same
 * spots carries at least as many figures (any valid casualty order), or,
 * for placing, at least as many knights at the same spot.  The card
 * families are bounded too (legal.c): an attack is listed without
 * battle cards (covered: a listed attack with the same figures or more,
 * naming only battle cards the mover holds), coin offers as 1 coin for 1
 * of another kind (covered: any coin offer to a player a listed coin
 * offer goes to, giving only coins the offerer has and asking only coins
 * the other has), a choice of N at a spot as 1 or the most (covered: a
 * listed choice of the same card at the same spot with as many or
 * more).  Everything else that applies without being listed is a bug --
 * the card, deal and decision kinds (buy, play SLUG with its arguments,
 * choose, take, offer, accept, decline, withdraw, defend) are mutated in
 * every field.
 */
#include <stdio.h>

#include "../../tap.h"
#include "rules-util.h"

static struct tg_action L[TG_LEGAL_MAX];
static int NL;
static const struct tg_state *CUR;	/* the position L was listed for */
static int CURC;			/* the color of the seat that acts */

static uint64_t rs = 88172645463325252ULL;
static unsigned
rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs % n);
}

/* Counters of the checks. */
static long listed, listed_bad, listed_unsound, roundtrip_bad;
static long mutants, mutant_applied_unlisted, mutant_covered, refusal_changed;
static long sweep, sweep_applied, sweep_unlisted, sweep_missing, seat_bad;
static long positions, sweeps, kinds[TG_A_KINDS];

static int
is_listed(const struct tg_action *a)
{
	for (int i = 0; i < NL; i++)
		if (memcmp(&L[i], a, sizeof *a) == 0)
			return 1;
	return 0;
}

/* Does the acting color hold the battle cards an attack names? */
static int
holds_attack_cards(const struct tg_action *v)
{
	if ((v->x & 1) && tg_hand_count(CUR, CURC,
	    tg_card_find("cavalerie", 9)) == 0)
		return 0;
	if ((v->x & 2) && tg_hand_count(CUR, CURC,
	    tg_card_find("verdedigingstoren", 17)) == 0)
		return 0;
	return (v->x & ~3) == 0;
}

static int
covered(const struct tg_action *v)
{
	for (int i = 0; i < NL; i++) {
		const struct tg_action *l = &L[i];

		if (l->kind != v->kind)
			continue;
		if (v->kind == TG_A_OFFER && v->x != 0xff && l->x != 0xff &&
		    l->b == v->b && v->b < TG_COLORS &&
		    v->n <= CUR->p[CURC].coin[0] &&
		    v->s <= CUR->p[CURC].coin[1] &&
		    v->order <= CUR->p[CURC].coin[2] &&
		    v->a <= CUR->p[v->b].coin[0] &&
		    v->fig <= CUR->p[v->b].coin[1] &&
		    v->x <= CUR->p[v->b].coin[2])
			return 1;
		if (l->a != v->a)
			continue;
		if (v->kind == TG_A_PLACE && l->n >= v->n)
			return 1;
		if (v->kind == TG_A_CHOOSE && l->x == v->x && v->fig >= 1 &&
		    l->fig >= v->fig && l->n == v->n && l->s == v->s &&
		    l->order == v->order && l->b == v->b)
			return 1;
		if ((v->kind == TG_A_MOVE || v->kind == TG_A_CROSS ||
		    v->kind == TG_A_SAIL) && l->b == v->b && l->n >= v->n &&
		    l->s >= v->s && holds_attack_cards(v))
			return 1;
	}
	return 0;
}

static void
show(const char *what, const struct tg_action *a, const char *msg)
{
	char buf[128];

	tg_format(&D, a, buf, sizeof buf);
	diag("%s: '%s'%s%s", what, buf, msg ? ": " : "", msg ? msg : "");
}

/* Try an unlisted action v on a copy of st. */
static void
try_unlisted(const struct tg_state *st, int seat, const struct tg_action *v0,
    long *applied, long *cov, long *count)
{
	struct tg_state cp = *st;
	struct rules_error err;
	struct tg_action canon;
	const struct tg_action *v = v0;
	char buf[RULES_ACTION_MAX];
	int rc;

	/*
	 * Only the order text is ever stored: a mutant whose changed field
	 * the text does not carry (a count on "buy card") is the order its
	 * text says.
	 */
	if (v0->kind >= TG_A_BUY && v0->kind < TG_A_KINDS &&
	    tg_format(&D, v0, buf, sizeof buf) > 0 &&
	    tg_parse(&D, st, seat, buf, strlen(buf), &canon, &err) == 0)
		v = &canon;
	if (is_listed(v))
		return;
	(*count)++;
	rc = tg_apply(&D, &cp, seat, v, NULL, &err);
	if (rc == 0) {
		if (covered(v)) {
			(*cov)++;
			return;
		}
		if ((*applied)++ < 5)
			show("applies but is not listed", v, NULL);
		return;
	}
	if (memcmp(&cp, st, sizeof cp) != 0 && refusal_changed++ < 5)
		show("refused but changed the state", v, err.msg);
}

static void
check_listed(const struct tg_state *st, int seat)
{
	for (int i = 0; i < NL; i++) {
		struct tg_state cp = *st;
		struct rules_error err;
		struct tg_action back;
		char buf[RULES_ACTION_MAX];

		listed++;
		kinds[L[i].kind]++;
		if (tg_apply(&D, &cp, seat, &L[i], NULL, &err) != 0) {
			if (listed_bad++ < 5)
				show("listed but refused", &L[i], err.msg);
			continue;
		}
		if (tg_check(&D, &cp, &err) != 0 && listed_unsound++ < 5)
			show("listed, applied, invariant broken", &L[i], err.msg);
		tg_format(&D, &L[i], buf, sizeof buf);
		if ((tg_parse(&D, st, seat, buf, strlen(buf), &back, &err) != 0 ||
		    memcmp(&back, &L[i], sizeof back) != 0) &&
		    roundtrip_bad++ < 5)
			show("does not parse back", &L[i], NULL);
	}
}

/*
 * The card, deal and decision kinds: every field nudged, spots and
 * colors and card types replaced, and the kind swapped for the other
 * card kinds.
 */
static void
mutate_card(const struct tg_state *st, int seat, const struct tg_action *l)
{
	static const int dn[] = { 1, -1, 2, 3, 30, 31, 200 };
	struct tg_action v;

	for (int f = 0; f < 8; f++) {
		uint8_t *field[8];

		v = *l;
		field[0] = &v.fig, field[1] = &v.a, field[2] = &v.b;
		field[3] = &v.n, field[4] = &v.s, field[5] = &v.order;
		field[6] = &v.x, field[7] = &v.kind;
		for (int k = 0; k < 7; k++) {
			int x = *field[f] + dn[k];

			v = *l;
			field[0] = &v.fig, field[1] = &v.a, field[2] = &v.b;
			field[3] = &v.n, field[4] = &v.s, field[5] = &v.order;
			field[6] = &v.x, field[7] = &v.kind;
			if (x < 0 || x > 255 || (f == 7 && x >= TG_A_KINDS))
				continue;
			*field[f] = (uint8_t)x;
			try_unlisted(st, seat, &v, &mutant_applied_unlisted,
			    &mutant_covered, &mutants);
		}
	}
	for (int k = 0; k < 2; k++) {
		v = *l;
		v.a = (uint8_t)rnd(D.nspots);
		try_unlisted(st, seat, &v, &mutant_applied_unlisted,
		    &mutant_covered, &mutants);
	}
	for (int c = 0; c <= TG_COLORS; c++) {
		v = *l;
		v.b = (uint8_t)c;
		try_unlisted(st, seat, &v, &mutant_applied_unlisted,
		    &mutant_covered, &mutants);
	}
	if (l->kind == TG_A_PLAY || l->kind == TG_A_CHOOSE)
		for (int t = 0; t <= TG_CARD_TYPES; t++) {
			v = *l;
			v.x = (uint8_t)t;
			try_unlisted(st, seat, &v, &mutant_applied_unlisted,
			    &mutant_covered, &mutants);
		}
	if (l->kind == TG_A_DEFEND)
		for (int x = 0; x < 16; x++)
			for (int f = 0; f < 3; f++) {
				v = *l;
				v.x = (uint8_t)x;
				v.fig = (uint8_t)f;
				try_unlisted(st, seat, &v,
				    &mutant_applied_unlisted, &mutant_covered,
				    &mutants);
			}
	for (int k = TG_A_BUY; k < TG_A_KINDS; k++) {
		v = *l;
		v.kind = (uint8_t)k;
		try_unlisted(st, seat, &v, &mutant_applied_unlisted,
		    &mutant_covered, &mutants);
	}
}

static int skip_seat_check;	/* the offerer, who may act out of turn */

static void
mutate(const struct tg_state *st, int seat)
{
	for (int i = 0; i < NL; i++) {
		const struct tg_action *l = &L[i];
		struct tg_action v;
		int spots = l->kind == TG_A_BUILD || l->kind == TG_A_FOUND ||
		    l->kind == TG_A_PLACE || l->kind == TG_A_MOVE ||
		    l->kind == TG_A_CROSS || l->kind == TG_A_SAIL;
		int army = l->kind == TG_A_MOVE || l->kind == TG_A_CROSS ||
		    l->kind == TG_A_SAIL;

		/* Another seat never acts now. */
		for (int s = 0; !skip_seat_check && s < st->nseats; s++) {
			struct tg_state cp = *st;
			struct rules_error err;

			if (s == seat)
				continue;
			if ((tg_apply(&D, &cp, s, l, NULL, &err) != RULES_ESEAT ||
			    memcmp(&cp, st, sizeof cp) != 0) && seat_bad++ < 5)
				show("another seat's action not refused", l, err.msg);
		}
		for (int k = 0; spots && k < 3; k++) {
			v = *l;
			v.a = (uint8_t)rnd(D.nspots);
			try_unlisted(st, seat, &v, &mutant_applied_unlisted,
			    &mutant_covered, &mutants);
			if (!army)
				continue;
			v = *l;
			v.b = (uint8_t)rnd(D.nspots);
			try_unlisted(st, seat, &v, &mutant_applied_unlisted,
			    &mutant_covered, &mutants);
		}
		if (army || l->kind == TG_A_PLACE) {
			static const int dn[] = { 1, -1, 2, 5, 200 };

			for (int k = 0; k < 5; k++) {
				v = *l;
				if (v.n + dn[k] >= 0 && v.n + dn[k] <= 255) {
					v.n = (uint8_t)(v.n + dn[k]);
					try_unlisted(st, seat, &v,
					    &mutant_applied_unlisted,
					    &mutant_covered, &mutants);
				}
				v = *l;
				if (army && v.s + dn[k] >= 0 && v.s + dn[k] <= 255) {
					v.s = (uint8_t)(v.s + dn[k]);
					try_unlisted(st, seat, &v,
					    &mutant_applied_unlisted,
					    &mutant_covered, &mutants);
				}
			}
			for (int o = 0; army && o <= TG_L_N; o++) {
				v = *l;
				v.order = (uint8_t)o;
				try_unlisted(st, seat, &v, &mutant_applied_unlisted,
				    &mutant_covered, &mutants);
			}
			for (int k = TG_A_MOVE; army && k <= TG_A_SAIL; k++) {
				v = *l;
				v.kind = (uint8_t)k;
				try_unlisted(st, seat, &v, &mutant_applied_unlisted,
				    &mutant_covered, &mutants);
			}
		}
		if (l->kind == TG_A_BUILD || l->kind == TG_A_EXCHANGE)
			for (int f = 0; f < 4; f++) {
				v = *l;
				v.fig = (uint8_t)f;
				try_unlisted(st, seat, &v, &mutant_applied_unlisted,
				    &mutant_covered, &mutants);
			}
		if (army)
			for (int x = 1; x < 8; x++) {
				v = *l;
				v.x = (uint8_t)x;
				try_unlisted(st, seat, &v, &mutant_applied_unlisted,
				    &mutant_covered, &mutants);
			}
		if (l->kind >= TG_A_BUY)
			mutate_card(st, seat, l);
	}
}

/* Parse text as seat and compare applying with the listing. */
static int sweep_may_fail;	/* card orders: the parser may refuse */

static void
sweep_one(const struct tg_state *st, int seat, const char *text)
{
	struct tg_action a;
	struct rules_error err;

	if (tg_parse(&D, st, seat, text, strlen(text), &a, &err) != 0) {
		if (!sweep_may_fail && sweep_missing++ < 5)
			diag("does not parse: '%s': %s", text, err.msg);
		return;
	}
	sweep++;
	if (is_listed(&a)) {
		sweep_applied++;
		return;
	}
	try_unlisted(st, seat, &a, &sweep_unlisted, &mutant_covered, &mutants);
}

static void
sweep_all(const struct tg_state *st, int seat)
{
	static const char *const figs[] = { "knight", "scout", "boat" };
	char buf[128];

	sweeps++;
	sweep_one(st, seat, "exchange copper");
	sweep_one(st, seat, "exchange silver");
	sweep_one(st, seat, "crown");
	sweep_one(st, seat, "end");
	for (int a = 0; a < D.nspots; a++) {
		const char *an = D.spots[a].name;

		for (int f = 0; f < 3; f++) {
			snprintf(buf, sizeof buf, "build %s at %s", figs[f], an);
			sweep_one(st, seat, buf);
		}
		snprintf(buf, sizeof buf, "found at %s", an);
		sweep_one(st, seat, buf);
		snprintf(buf, sizeof buf, "place 1 knight at %s", an);
		sweep_one(st, seat, buf);
		for (int b = 0; b < D.nspots; b++) {
			const char *bn = D.spots[b].name;

			snprintf(buf, sizeof buf, "move 1 knight from %s to %s", an, bn);
			sweep_one(st, seat, buf);
			snprintf(buf, sizeof buf, "move 1 scout from %s to %s", an, bn);
			sweep_one(st, seat, buf);
			snprintf(buf, sizeof buf, "cross 1 knight from %s to %s", an, bn);
			sweep_one(st, seat, buf);
			snprintf(buf, sizeof buf, "sail boat from %s to %s", an, bn);
			sweep_one(st, seat, buf);
			snprintf(buf, sizeof buf, "sail boat from %s to %s with 1 knight", an, bn);
			sweep_one(st, seat, buf);
		}
	}
}

/* The card, deal and decision orders over all spots, colors and cards. */
static void
sweep_cards(const struct tg_state *st, int seat)
{
	static const char *const colors[] = { "green", "purple", "yellow", "white" };
	static const char *const plain[] = { "buy card", "buy quest", "accept",
	    "decline", "withdraw", "take 1", "take 2", "take 9", "accept giving 1",
	    "accept giving 2", "defend", "defend with cavalerie",
	    "defend with hinderlaag",
	    "defend with cavalerie and verdedigingstoren and hinderlaag" };
	char buf[160];

	sweep_may_fail = 1;
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
		sweep_one(st, seat, plain[i]);
	for (int t = 0; t < TG_CARD_TYPES; t++) {
		const char *slug = tg_cards[t].slug;

		snprintf(buf, sizeof buf, "play %s", slug);
		sweep_one(st, seat, buf);
		for (int k = 0; k < 4; k++) {
			snprintf(buf, sizeof buf, "play %s from %s", slug, colors[k]);
			sweep_one(st, seat, buf);
		}
		snprintf(buf, sizeof buf, "play %s 2 copper 2 silver 1 gold", slug);
		sweep_one(st, seat, buf);
		snprintf(buf, sizeof buf, "choose %s 1 copper", slug);
		sweep_one(st, seat, buf);
		for (int a = 0; a < D.nspots; a++) {
			snprintf(buf, sizeof buf, "play %s at %s", slug,
			    D.spots[a].name);
			sweep_one(st, seat, buf);
			snprintf(buf, sizeof buf, "choose %s at %s", slug,
			    D.spots[a].name);
			sweep_one(st, seat, buf);
			snprintf(buf, sizeof buf, "choose %s 1 at %s", slug,
			    D.spots[a].name);
			sweep_one(st, seat, buf);
		}
	}
	for (int a = 0; a < D.nspots; a++) {
		snprintf(buf, sizeof buf, "flee to %s", D.spots[a].name);
		sweep_one(st, seat, buf);
		snprintf(buf, sizeof buf, "play overloper knight at %s",
		    D.spots[a].name);
		sweep_one(st, seat, buf);
	}
	for (int k = 0; k < 4; k++) {
		snprintf(buf, sizeof buf, "offer %s 1 copper for 1 silver", colors[k]);
		sweep_one(st, seat, buf);
		snprintf(buf, sizeof buf, "offer %s swap 1", colors[k]);
		sweep_one(st, seat, buf);
	}
	sweep_may_fail = 0;
}

/* Random play from st for steps actions, checking every few positions. */
static void
play(struct tg_state *st, int steps, int every, int sweep_every)
{
	for (int step = 0; step < steps && st->phase != TG_PH_OVER; step++) {
		int seat = tg_to_act(st), pick;
		struct rules_error err;

		NL = tg_legal(&D, st, seat, L, TG_LEGAL_MAX);
		CUR = st;
		CURC = st->seat_color[seat];
		if (NL == 0) {
			listed_bad++;
			diag("nothing listed for the seat to act");
			return;
		}
		if (st->pending.kind == TG_PD_OFFER) {
			/* The offerer may withdraw while the other answers. */
			int os = st->color_seat[st->pending.from];

			NL = tg_legal(&D, st, os, L, TG_LEGAL_MAX);
			CURC = st->pending.from;
			check_listed(st, os);
			skip_seat_check = 1;
			mutate(st, os);
			skip_seat_check = 0;
			NL = tg_legal(&D, st, seat, L, TG_LEGAL_MAX);
			CURC = st->seat_color[seat];
		}
		if (step % every == 0) {
			positions++;
			check_listed(st, seat);
			mutate(st, seat);
		}
		if (sweep_every > 0 && step % sweep_every == sweep_every / 2)
			sweep_all(st, seat);
		if (st->pending.kind != TG_PD_NONE || step % every == 1)
			sweep_cards(st, seat);
		pick = (int)rnd((unsigned)NL);
		if (L[pick].kind == TG_A_END && rnd(3) != 0)
			pick = (int)rnd((unsigned)NL);
		if (L[pick].kind == TG_A_RESIGN && rnd(40) != 0)
			pick = 0;
		if (tg_apply(&D, st, seat, &L[pick], NULL, &err) != 0) {
			listed_bad++;
			show("listed but refused in play", &L[pick], err.msg);
			return;
		}
	}
}

#define RICH_BOARD \
    "[game]\nfirst = green\n" \
    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\ninhabitants = 3\nknights = 4\nscouts = 1\n" \
    "[spot skarnvik]\ncolor = green\nsettlement = village\ninhabitants = 2\nknights = 3\nboats = 2\n" \
    "[spot ulvdal]\ncolor = green\nknights = 2\nscouts = 1\n" \
    "[path ulvdal norrhavn]\ncolor = green\nknights = 2\ntoward = norrhavn\n" \
    "[spot lumhaven]\ncolor = yellow\nknights = 2\nboats = 1\n" \
    "[spot nieuw-delia]\ncolor = yellow\nsettlement = village\ninhabitants = 4\n" \
    "[path hoogwacht marktveld]\ncolor = yellow\nknights = 1\nscouts = 1\ntoward = hoogwacht\n" \
    "[spot marktveld]\ncolor = green\nknights = 2\n" \
    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\ninhabitants = 3\nknights = 2\nscouts = 1\n" \
    "[spot marmora]\ncolor = yellow\nsettlement = village\ninhabitants = 2\nboats = 1\n" \
    "[spot westkaap]\ncolor = green\nknights = 1\nboats = 1\n" \
    

static const char RICH[] =
    RICH_BOARD
    "[player green]\ncopper = 6\nsilver = 4\ngold = 2\nreserve = 3\n"
    "[player yellow]\ncopper = 4\nsilver = 3\ngold = 1\n";

/* Every kind of card in hand on both sides: plays, choices, spying,
 * swaps and defences come up in a few steps. */
static const char CARDS[] =
    RICH_BOARD
    "[player green]\ncopper = 6\nsilver = 4\ngold = 2\n"
    "cards = promotie overloper cavalerie verdedigingstoren heerser-van-weleer ambachtsgild diefstal vlijtige-onderdaan intrige spionage goede-oogst\n"
    "quests = dood-een-ridder\n"
    "[player yellow]\ncopper = 4\nsilver = 3\ngold = 1\ncards = hinderlaag vluchten tentoonstelling promotie\n";

static const char CROWN[] =
    "[game]\nfirst = green\n"
    "[spot psor]\ncolor = green\nsettlement = city\ninhabitants = 5\npalace = yes\nknights = 2\n"
    "[spot ulvdal]\ncolor = green\nsettlement = city\ninhabitants = 5\n"
    "[spot skarnvik]\ncolor = green\nsettlement = city\ninhabitants = 5\nboats = 1\n"
    "[spot valdheim]\ncolor = green\nsettlement = city\ninhabitants = 5\n"
    "[spot frostholm]\ncolor = green\nsettlement = city\ninhabitants = 5\n"
    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\n"
    "[player green]\nsilver = 4\ngold = 4\ncopper = 3\n";

int
main(void)
{
	static const int all[] = { TG_GREEN, TG_PURPLE, TG_YELLOW, TG_WHITE };
	static const int GY[] = { TG_GREEN, TG_YELLOW };
	struct tg_state st;
	struct tg_setup s;
	struct rules_error err;

	util_init();
	for (int g = 0; g < 8; g++) {
		int n = 2 + g % 3;
		int colors[4];

		for (int i = 0; i < n; i++)
			colors[i] = all[(g + i) % 4];
		seeded(&s, n, colors, (unsigned)(0x30 + g));
		s.second_village = g % 4 == 3;
		if (tg_init(&st, &D, &s, NULL, &err) != 0)
			bail("init: %s", err.msg);
		play(&st, 500, 15, g == 0 ? 250 : 0);
	}
	for (int g = 0; g < 4; g++) {
		seeded(&s, 2, GY, (unsigned)(0x50 + g));
		scen_opts(&st, 2, GY, &s, RICH, NULL);
		play(&st, 200, 5, g == 0 ? 60 : 0);
	}
	for (int g = 0; g < 6; g++) {
		seeded(&s, 2, GY, (unsigned)(0x70 + g));
		scen_opts(&st, 2, GY, &s, CARDS, NULL);
		play(&st, 150, 3, 0);
	}
	seeded(&s, 2, GY, 0x60);
	scen_opts(&st, 2, GY, &s, CROWN, NULL);
	play(&st, 3, 1, 2);
	diag("%ld positions, %ld listed actions applied, %ld mutants and swept orders refused or covered (%ld covered by a bounded family), %ld swept orders over %ld sweeps, %ld of them listed",
	    positions, listed, mutants, mutant_covered, sweep, sweeps,
	    sweep_applied);
	diag("listed per kind: build %ld exchange %ld move %ld cross %ld sail %ld found %ld place %ld crown %ld end %ld resign %ld",
	    kinds[TG_A_BUILD], kinds[TG_A_EXCHANGE], kinds[TG_A_MOVE],
	    kinds[TG_A_CROSS], kinds[TG_A_SAIL], kinds[TG_A_FOUND],
	    kinds[TG_A_PLACE], kinds[TG_A_CROWN], kinds[TG_A_END],
	    kinds[TG_A_RESIGN]);
	diag("listed per kind: buy %ld play %ld choose %ld take %ld offer %ld accept %ld decline %ld withdraw %ld defend %ld",
	    kinds[TG_A_BUY], kinds[TG_A_PLAY], kinds[TG_A_CHOOSE],
	    kinds[TG_A_TAKE], kinds[TG_A_OFFER], kinds[TG_A_ACCEPT],
	    kinds[TG_A_DECLINE], kinds[TG_A_WITHDRAW], kinds[TG_A_DEFEND]);
	ok(positions > 100 && listed > 4000 && sweep > 20000,
	    "enough positions and actions checked");
	ok(kinds[TG_A_BUILD] && kinds[TG_A_EXCHANGE] && kinds[TG_A_MOVE] &&
	    kinds[TG_A_CROSS] && kinds[TG_A_SAIL] && kinds[TG_A_FOUND] &&
	    kinds[TG_A_PLACE] && kinds[TG_A_CROWN] && kinds[TG_A_END] &&
	    kinds[TG_A_RESIGN], "every action kind was listed somewhere");
	ok(kinds[TG_A_BUY] && kinds[TG_A_PLAY] && kinds[TG_A_CHOOSE] &&
	    kinds[TG_A_TAKE] && kinds[TG_A_OFFER] && kinds[TG_A_ACCEPT] &&
	    kinds[TG_A_DECLINE] && kinds[TG_A_WITHDRAW] && kinds[TG_A_DEFEND],
	    "every card, deal and decision kind was listed somewhere (R10, R6.5, R12)");
	is_int(0, listed_bad, "every listed action applies");
	is_int(0, listed_unsound, "every listed action keeps every invariant");
	is_int(0, roundtrip_bad, "every listed action's text parses back to it");
	is_int(0, seat_bad, "R4.7 another seat's listed action is refused (not its turn), state unchanged");
	is_int(0, mutant_applied_unlisted,
	    "no mutant of a listed action applies unless listed or within a bounded family");
	is_int(0, refusal_changed, "every refusal leaves the state byte-for-byte unchanged");
	is_int(0, sweep_unlisted,
	    "every order of the simple families over all spots applies only if listed");
	is_int(0, sweep_missing, "every swept order parses");
	return done_testing();
}
