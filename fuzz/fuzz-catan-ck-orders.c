/*
 * fuzz-catan-ck-orders.c -- libFuzzer target for the order language of
 * Catan: Cities & Knights (ca_parse, ca_format on a C&K state: the verbs
 * of CK18 that a base game never parses) and the engine's refusals.  The
 * bytes are one order, read on a C&K game on the beginner map in its
 * main phase: red with a city, knights of each level, eight progress
 * cards that take arguments or raise answers, resources and commodities; blue and
 * white with pieces and cards to take; and the same game after red's
 * `play commercial-harbor` and `harbor blue wood`, blue owing its give.  Any bytes must give a clean
 * parse or a clean RULES_EPARSE with a message; a parsed order,
 * formatted, must read back as the same canonical text; applied by each
 * seat, it must succeed or be refused leaving the state byte for byte
 * as it was, and a success must keep every card and commodity counted.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chance.h"
#include "games/catan/ckdata.h"
#include "games/catan/engine.h"
#include "games/catan/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ca_data d;
static struct ck_data ck;
static struct ca_board b;
static struct ca_state base, bases[2];
static struct chance_seed cs;

static const char position[] =
    "[position]\nturn = red\nphase = main\n"
    "[red]\nsettlements = c4/c5/d5\ncities = e2/e3/f2\n"
    "roads = c4/d5 d4/d5 d5/e4 e4/e5 e4/f4 e4/f3\n"
    "hand = 3 brick 3 wood 3 wool 3 grain 3 ore 2 cloth 2 coin 2 paper\n"
    "[blue]\ncities = d6/d7/e6\nsettlements = c2/d2/d3\n"
    "hand = 2 ore 1 coin 2 wool\n"
    "[white]\ncities = a1/a2/b2\nhand = 1 wool 1 paper\n";

/* A progress card by slug from its deck into seat's hand. */
static void
deal(struct ca_state *st, int seat, const char *slug)
{
	struct ca_ck_player *p = &st->ck.p[seat];

	for (int t = 0; t < CK_TRACKS; t++)
		for (int i = 0; i < st->ck.ndeck[t]; i++) {
			int c = ca_ck_deck(st, t, i);

			if (strcmp(ck.cards[c].slug, slug) != 0)
				continue;
			p->prog[p->nprog++] = (uint8_t)c;
			for (int k = i + 1; k < st->ck.ndeck[t]; k++)
				ca_ck_deck_set(st, t, k - 1,
				    ca_ck_deck(st, t, k));
			st->ck.ndeck[t]--;
			return;
		}
	__builtin_trap();
}

static int
corner(const char *name)
{
	char msg[128];

	return ca_parse_corner(&b, name, strlen(name), msg, sizeof msg);
}

static int
counted(const struct ca_state *st)
{
	int prog = 0;

	for (int k = 0; k < CA_KINDS; k++) {
		int n = st->bank[k];

		for (int s = 0; s < st->nseats; s++)
			n += st->p[s].hand[k];
		if (n != (k < CA_RES ? 19 : CK_COMMODITIES))
			return 0;
	}
	for (int t = 0; t < CK_TRACKS; t++)
		prog += st->ck.ndeck[t];
	for (int s = 0; s < st->nseats; s++)
		prog += st->ck.p[s].nprog + st->ck.p[s].vpcards;
	return prog == ck.deck_total[0] + ck.deck_total[1] + ck.deck_total[2];
}

/* Red's progress hand: the cards with arguments or answers. */
static const char *const red_hand[CK_HAND_MAX] = {
	"alchemist", "spy", "deserter", "master-merchant", "wedding",
	"commercial-harbor", "inventor", "bishop"
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct ca_state st;
	struct ca_action a, a2;
	struct rules_error e;
	char t1[RULES_ACTION_MAX], t2[RULES_ACTION_MAX];
	int rc;

	if (!ready) {
		unsigned char seed[RULES_SEED_BYTES] = { 0 };

		if (ca_data_load(&d, NULL, 0, NULL, 0, &e) != 0 ||
		    ck_data_load(&ck, NULL, 0, NULL, 0, &e) != 0 ||
		    ca_board_build(&b, ca_data_map(&d, "beginner"), NULL,
		    &e) != 0)
			__builtin_trap();
		chance_seed_init(&cs, seed);
		ca_init(&base, &b, &d, 3, 0, &cs.chance);
		if (ca_ck_init(&base, &ck, 0, 0, &e) != 0 ||
		    ca_position_load(&base, position, sizeof position - 1,
		    &e) != 0)
			__builtin_trap();
		base.corner[corner("c4/d4/d5")] = CA_C_MAKE(0, CA_CP_KNIGHT |
		    CA_CP_ACTIVE);
		base.corner[corner("d5/e4/e5")] = CA_C_MAKE(0, CA_CP_KNIGHT | 1);
		base.corner[corner("e4/f3/f4")] = CA_C_MAKE(0, CA_CP_KNIGHT | 2 |
		    CA_CP_ACTIVE);
		base.corner[corner("a3/b3/b4")] = CA_C_MAKE(1, CA_CP_KNIGHT |
		    CA_CP_ACTIVE);
		for (int i = 0; i < CK_HAND_MAX; i++)
			deal(&base, 0, red_hand[i]);
		deal(&base, 1, "crane");
		deal(&base, 1, "smith");
		if (!counted(&base))
			__builtin_trap();
		bases[0] = bases[1] = base;
		for (int i = 0; i < 2; i++) {
			static const char *const harbor[] = {
				"play commercial-harbor", "harbor blue wood"
			};
			struct rules_note note;

			note.len = 0;
			if (ca_parse(&bases[1], harbor[i], strlen(harbor[i]),
			    &a, &e) != 0 || ca_apply(&bases[1], 0, &a, &note,
			    NULL, &e) != 0)
				__builtin_trap();
		}
		ready = 1;
	}
	st = base;
	memset(&e, 0, sizeof e);
	rc = ca_parse(&st, (const char *)data, size, &a, &e);
	if (rc != 0) {
		if (rc != RULES_EPARSE || e.msg[0] == '\0' ||
		    memchr(e.msg, '\0', sizeof e.msg) == NULL)
			__builtin_trap();
		return 0;
	}
	ca_format(&st, &a, t1, sizeof t1);
	if (ca_parse(&st, t1, strlen(t1), &a2, &e) != 0)
		__builtin_trap();
	ca_format(&st, &a2, t2, sizeof t2);
	if (strcmp(t1, t2) != 0)
		__builtin_trap();
	for (int seat = 0; seat < 6; seat++) {
		const struct ca_state *from = &bases[seat / 3];
		struct rules_note note;

		st = *from;
		note.len = 0;
		rc = ca_apply(&st, seat % 3, &a, &note, NULL, &e);
		if (rc != 0 && memcmp(&st, from, sizeof st) != 0)
			__builtin_trap();
		if (rc == 0 && (note.len >= sizeof note.text || !counted(&st)))
			__builtin_trap();
	}
	return 0;
}
