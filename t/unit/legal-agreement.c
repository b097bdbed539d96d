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
 * for placing, at least as many knights at the same spot.  Everything
 * else that applies without being listed is a bug.
 */
#include <stdio.h>

#include "../tap.h"
#include "rules-util.h"

static struct tg_action L[TG_LEGAL_MAX];
static int NL;

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

static int
covered(const struct tg_action *v)
{
	for (int i = 0; i < NL; i++) {
		const struct tg_action *l = &L[i];

		if (l->kind != v->kind || l->a != v->a)
			continue;
		if (v->kind == TG_A_PLACE && l->n >= v->n)
			return 1;
		if ((v->kind == TG_A_MOVE || v->kind == TG_A_CROSS ||
		    v->kind == TG_A_SAIL) && l->b == v->b && l->n >= v->n &&
		    l->s >= v->s)
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
try_unlisted(const struct tg_state *st, int seat, const struct tg_action *v,
    long *applied, long *cov, long *count)
{
	struct tg_state cp = *st;
	struct rules_error err;
	int rc;

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
		for (int s = 0; s < st->nseats; s++) {
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
	}
}

/* Parse text as seat and compare applying with the listing. */
static void
sweep_one(const struct tg_state *st, int seat, const char *text)
{
	struct tg_action a;
	struct rules_error err;

	if (tg_parse(&D, st, seat, text, strlen(text), &a, &err) != 0) {
		if (sweep_missing++ < 5)
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

/* Random play from st for steps actions, checking every few positions. */
static void
play(struct tg_state *st, int steps, int every, int sweep_every)
{
	for (int step = 0; step < steps && st->phase != TG_PH_OVER; step++) {
		int seat = tg_to_act(st), pick;
		struct rules_error err;

		NL = tg_legal(&D, st, seat, L, TG_LEGAL_MAX);
		if (NL == 0) {
			listed_bad++;
			diag("nothing listed for the seat to act");
			return;
		}
		if (step % every == 0) {
			positions++;
			check_listed(st, seat);
			mutate(st, seat);
		}
		if (sweep_every > 0 && step % sweep_every == sweep_every / 2)
			sweep_all(st, seat);
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

static const char RICH[] =
    "[game]\nfirst = green\n"
    "[spot psor]\ncolor = green\nsettlement = village\npalace = yes\ninhabitants = 3\nknights = 4\nscouts = 1\n"
    "[spot skarnvik]\ncolor = green\nsettlement = village\ninhabitants = 2\nknights = 3\nboats = 2\n"
    "[spot ulvdal]\ncolor = green\nknights = 2\nscouts = 1\n"
    "[path ulvdal norrhavn]\ncolor = green\nknights = 2\ntoward = norrhavn\n"
    "[spot lumhaven]\ncolor = yellow\nknights = 2\nboats = 1\n"
    "[spot nieuw-delia]\ncolor = yellow\nsettlement = village\ninhabitants = 4\n"
    "[path hoogwacht marktveld]\ncolor = yellow\nknights = 1\nscouts = 1\ntoward = hoogwacht\n"
    "[spot marktveld]\ncolor = green\nknights = 2\n"
    "[spot citel]\ncolor = yellow\nsettlement = village\npalace = yes\ninhabitants = 3\nknights = 2\nscouts = 1\n"
    "[spot marmora]\ncolor = yellow\nsettlement = village\ninhabitants = 2\nboats = 1\n"
    "[spot westkaap]\ncolor = green\nknights = 1\nboats = 1\n"
    "[player green]\ncopper = 6\nsilver = 4\ngold = 2\nreserve = 3\n"
    "[player yellow]\ncopper = 4\nsilver = 3\ngold = 1\n";

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
	ok(positions > 100 && listed > 4000 && sweep > 20000,
	    "enough positions and actions checked");
	ok(kinds[TG_A_BUILD] && kinds[TG_A_EXCHANGE] && kinds[TG_A_MOVE] &&
	    kinds[TG_A_CROSS] && kinds[TG_A_SAIL] && kinds[TG_A_FOUND] &&
	    kinds[TG_A_PLACE] && kinds[TG_A_CROWN] && kinds[TG_A_END] &&
	    kinds[TG_A_RESIGN], "every action kind was listed somewhere");
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
