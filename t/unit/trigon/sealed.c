/*
 * sealed.c -- Rule of Trigon with sealed hands (trigon-rules(7), R13;
 * lib/games/trigon/sealed.c), the engine alone: three readers of one
 * game, green's, purple's and an observer's, each with its own source
 * of sealed cards (a mock that deals a fixed order and tells a face
 * to its reader's seat alone), apply the same actions.  The sealed
 * deck holds the 38 cards of R13.1; each reader's state is the same
 * as the others' but for the faces it may see; every rule reads open
 * cards only, so the legal actions agree; "show" opens a card to all;
 * a position not dealt to the seat, an opening that is not the card
 * dealt there and an awaited opening leave the state as it was; the
 * computer player's copy forgets the faces it may not see (R13.7).
 * Last, through the rule set (trigon_rules): a client whose owner-only
 * view check is switched off, that is one that asks its game for green's
 * hand though it reads as purple or as an observer, cannot name green's
 * sealed card; green's own reader can (the positive control).
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "../chance-rec.h"
#include "../sealed-mock.h"
#include "rules-util.h"
#include "games/trigon/internal.h"
#include "games/trigon/bot.h"
#include "games/trigon/trigon.h"

#define READERS 3		/* green, purple, the observer */

/* The sealed deck's order: position i holds card (7 * i + 3) mod 38. */
static int
face_at(unsigned pos)
{
	return (int)((7 * pos + 3) % TG_SEALED_CARDS);
}

static int
face(const struct smock *m, const char *deck, unsigned pos)
{
	(void)m, (void)deck;
	return face_at(pos);
}

static struct smock M[READERS];
static struct rec R[READERS];
static struct tg_state S[READERS];

static void
start(void)
{
	static const int reader[READERS] = { 0, 1, -1 };
	struct tg_setup s;
	struct rules_error err;

	for (int v = 0; v < READERS; v++) {
		smock_init(&M[v], reader[v], face, "play", TG_SEALED_CARDS);
		rec_init(&R[v], 7, RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR);
		tg_setup_default(&s);
		s.chance = &R[v].chance;
		s.sealed = &M[v].req;
		s.salt = 7;
		s.nseats = 2;
		s.color[0] = TG_GREEN;
		s.color[1] = TG_PURPLE;
		if (tg_init(&S[v], &D, &s, NULL, &err) != 0)
			bail("tg_init: %s", err.msg);
	}
}

/* A state without its pointers and the faces of sealed cards. */
static void
public_part(const struct tg_state *st, struct tg_state *out)
{
	*out = *st;
	out->chance = NULL;
	out->sealed = NULL;
	for (int i = 0; i < TG_SEALED_CARDS; i++)
		out->sl.pos[i] |= TG_SL_UNKNOWN;
}

static int
same_public(void)
{
	struct tg_state a, b;
	int same = 1;

	public_part(&S[0], &a);
	for (int v = 1; v < READERS; v++) {
		public_part(&S[v], &b);
		same &= memcmp(&a, &b, sizeof a) == 0;
	}
	return same;
}

/* The same action in every reader; 0 when all applied it. */
static int
apply_all(int seat, const struct tg_action *a)
{
	struct rules_error err;
	int bad = 0;

	for (int v = 0; v < READERS; v++)
		if (tg_apply(&D, &S[v], seat, a, NULL, &err) != 0) {
			diag("reader %d: %s", v, err.msg);
			bad = 1;
		}
	return bad;
}

/* Do the legal lists of every reader agree for seat? */
static int
same_legal(int seat)
{
	static struct tg_action a[TG_LEGAL_MAX], b[TG_LEGAL_MAX];
	int n = tg_legal(&D, &S[0], seat, a, TG_LEGAL_MAX), same = 1;

	for (int v = 1; v < READERS; v++) {
		int m = tg_legal(&D, &S[v], seat, b, TG_LEGAL_MAX);

		same &= m == n && memcmp(a, b, sizeof a[0] * (size_t)n) == 0;
	}
	return same;
}

/* The type of card k of the sealed deck: R13.1's order, from cards.h. */
static int
type_of_card(int k)
{
	for (int t = 0; t < TG_CARD_TYPES; t++)
		if (tg_sealed_type(t)) {
			if (k < tg_cards[t].copies)
				return t;
			k -= tg_cards[t].copies;
		}
	return -1;
}

/* How many sealed cards color c holds, not shown. */
static int
held(int c)
{
	return tg_sealed_held(&S[0], c);
}

/*
 * One step by the seat to act, every reader alike: with a decision
 * pending, its first legal answer; else color `who` (-1: any) buys a
 * play card (coins given) and the other ends its turn.  1 when the
 * readers' states and legal actions stayed in step.
 */
static int
step(int who)
{
	static struct tg_action l[TG_LEGAL_MAX];
	int seat = tg_to_act(&S[0]), in_step = 1;
	struct tg_action a;

	for (int v = 0; v < READERS; v++)
		for (int c = 0; c < TG_COLORS; c++)
			if (tg_playing(&S[v], c))
				tg_set_coins(&S[v], c, 5, 0, 0);
	in_step &= same_legal(seat);
	memset(&a, 0, sizeof a);
	a.kind = who < 0 || S[0].seat_color[seat] == who ? TG_A_BUY :
	    TG_A_END;
	if (S[0].pending.kind != TG_PD_NONE) {
		if (tg_legal(&D, &S[0], seat, l, TG_LEGAL_MAX) == 0)
			bail("no answer");
		a = l[0];
	}
	if (apply_all(seat, &a) != 0)
		bail("step");
	return in_step & same_public();
}

/* Steps until `want` sealed cards are dealt; 1 when in step. */
static int
deal_until(int want, int who)
{
	int steps = 0, in_step = 1;

	while (S[0].sl.next < want && steps++ < 400)
		in_step &= step(who);
	return in_step && S[0].sl.next >= want;
}

static void
test_declare(void)
{
	struct rules_error err;
	int open = 0, sealed_types = 0;

	start();
	for (int v = 0; v < READERS; v++)
		is_int(1, M[v].declared, "R13.1: reader %d declares the sealed "
		    "deck play, generation 0, of 38 cards, once", v);
	for (int k = 0; k < S[0].pcount; k++)
		open += !tg_sealed_type(S[0].pdeck[k]);
	for (int t = 0; t < TG_CARD_TYPES; t++)
		sealed_types += tg_sealed_type(t) ? tg_cards[t].copies : 0;
	is_int(TG_SEALED_CARDS, sealed_types, "R13.1: 38 cards are neither "
	    "negative, protection nor battle cards");
	ok(S[0].pcount == TG_PLAY_CARDS - TG_SEALED_CARDS &&
	    open == S[0].pcount, "R13.1: the play deck keeps the 44 open "
	    "cards only");
	ok(tg_sealed_type(TG_CARD_KOOPMAN) &&
	    !tg_sealed_type(TG_CARD_MOORDENAAR) &&
	    !tg_sealed_type(TG_CARD_KAPITEIN) &&
	    !tg_sealed_type(TG_CARD_CAVALERIE), "R13.1: koopman is sealed; a "
	    "negative, a protection and a battle card are not");
	ok(S[0].sl.n == TG_SEALED_CARDS && S[0].sl.next == 0 &&
	    (S[0].flags & TG_SF_SEALED), "the sealed deck: 38 positions, "
	    "none dealt");
	is_int(0, tg_check(&D, &S[0], &err), "tg_check holds at creation");
	ok(same_public(), "the three readers' states are the same");
}

static void
test_deal(void)
{
	struct rules_error err;
	int holder, t0;

	ok(deal_until(2, -1), "R13.2: buying until two sealed cards are "
	    "dealt, the readers' states differ only in the faces, and their "
	    "legal actions agree");
	holder = S[0].sl.pos[0] >> 6;
	t0 = tg_sealed_face(&S[holder == TG_GREEN ? 0 : 1], 0);
	is_int(type_of_card(face_at(0)), t0, "the holder's reader knows the "
	    "face of position 0: the card the source dealt there, %s",
	    t0 >= 0 ? tg_cards[t0].slug : "none");
	ok(t0 >= 0 && tg_sealed_type(t0), "that face is a sealed type");
	is_int(-1, tg_sealed_face(&S[holder == TG_GREEN ? 1 : 0], 0),
	    "the other seat's reader does not");
	is_int(-1, tg_sealed_face(&S[2], 0), "nor does the observer");
	is_int(1, tg_sealed_held(&S[2], holder) >= 1, "every reader counts "
	    "the holder's sealed cards (R13.4)");
	for (int v = 0; v < READERS; v++)
		if (tg_check(&D, &S[v], &err) != 0)
			diag("reader %d: %s", v, err.msg);
	ok(tg_check(&D, &S[0], &err) == 0 && tg_check(&D, &S[1], &err) == 0 &&
	    tg_check(&D, &S[2], &err) == 0, "tg_check holds in every reader");
}

/* The first sealed position of color c not shown, or -1. */
static int
held_pos(int c)
{
	struct tg_action a[TG_SEALED_CARDS];
	int n = tg_sealed_legal(&S[0], c, a, 0, TG_SEALED_CARDS);

	return n > 0 ? a[0].a : -1;
}

/* Both seats hold a sealed card, then it is green's turn. */
static void
prepare(void)
{
	while (held(TG_GREEN) == 0 || held(TG_PURPLE) == 0)
		if (!deal_until(S[0].sl.next + 1, held(TG_GREEN) == 0 ?
		    TG_GREEN : TG_PURPLE))
			bail("deal");
	while (S[0].seat_color[tg_to_act(&S[0])] != TG_GREEN ||
	    S[0].pending.kind != TG_PD_NONE)
		if (!step(TG_GREEN))
			bail("step");
}

static void
test_show(void)
{
	struct tg_state before[READERS];
	struct rules_error err;
	struct rules_note note;
	struct tg_action a;
	int seat = tg_to_act(&S[0]), c = S[0].seat_color[seat];
	int other = c == TG_GREEN ? TG_PURPLE : TG_GREEN, p, t, rc;

	seat = tg_to_act(&S[0]);
	c = S[0].seat_color[seat];
	other = c == TG_GREEN ? TG_PURPLE : TG_GREEN;
	p = held_pos(c);
	if (p < 0 || S[0].pending.kind != TG_PD_NONE)
		bail("no sealed card to show");
	memcpy(before, S, sizeof before);

	/* Refused: a position not dealt to c (R13.3). */
	memset(&a, 0, sizeof a);
	a.kind = TG_A_SHOW;
	a.a = (uint8_t)S[0].sl.next;
	rc = tg_apply(&D, &S[0], seat, &a, NULL, &err);
	is_int(RULES_REFUSED, rc, "R13.3: showing an undealt position is "
	    "refused");
	ok(strstr(err.msg, "is not a sealed card of") != NULL, "... saying "
	    "'%s'", err.msg);
	a.a = (uint8_t)held_pos(other);
	rc = tg_apply(&D, &S[0], seat, &a, NULL, &err);
	is_int(RULES_REFUSED, rc, "R13.3: showing the other seat's sealed "
	    "card %d is refused", a.a);

	/* An opening awaited: nothing changes. */
	a.a = (uint8_t)p;
	M[0].pend = 1;
	rc = tg_apply(&D, &S[0], seat, &a, NULL, &err);
	M[0].pend = 0;
	is_int(RULES_PENDING, rc, "an awaited opening pends");
	/* An opening that is not the card dealt there: the holder's
	 * reader knows the face and refuses. */
	t = face_at((unsigned)p);
	M[c == TG_GREEN ? 0 : 1].lie = (t + 1) % TG_SEALED_CARDS + 1;
	rc = tg_apply(&D, &S[c == TG_GREEN ? 0 : 1], seat, &a, NULL, &err);
	M[c == TG_GREEN ? 0 : 1].lie = 0;
	is_int(RULES_EDATA, rc, "an opening of another card than the one "
	    "dealt there is refused");
	ok(strstr(err.msg, "not the card dealt there") != NULL, "... saying "
	    "'%s'", err.msg);
	ok(memcmp(before, S, sizeof before) == 0, "every refusal left the "
	    "states as they were");

	/* The show itself. */
	for (int v = 0; v < READERS; v++) {
		memset(&note, 0, sizeof note);
		rc = tg_apply(&D, &S[v], seat, &a, &note, &err);
		if (rc != 0)
			bail("show: %s", err.msg);
	}
	t = tg_sealed_face(&S[2], p);
	ok(t >= 0 && tg_hand_count(&S[2], c, t) >= 1, "R13.3: shown, the "
	    "card is an open card of its holder's hand for the observer too");
	ok(strstr(note.text, "shows play card") != NULL &&
	    strstr(note.text, tg_cards[t].slug) != NULL, "the note names "
	    "it: %s", note.text);
	ok(same_public() && memcmp(&S[0].p, &S[2].p, sizeof S[0].p) == 0,
	    "the readers agree on every hand's open cards");
	is_int(0, tg_check(&D, &S[2], &err), "tg_check holds");
}

/* Every reader's copy for the computer player of purple. */
static void
test_bot(void)
{
	struct tg_state cp;
	int varies = 0, kept = 1, g = -1, gp = -1;

	for (int i = 0; i < S[0].sl.next; i++)
		if ((S[0].sl.pos[i] >> 6) == TG_GREEN &&
		    tg_sealed_face(&S[0], i) >= 0 &&
		    !((S[0].sl.gone[i / 8] >> (i % 8)) & 1)) {
			gp = i;
			g = tg_sealed_face(&S[0], i);
			break;
		}
	if (gp < 0)
		bail("green holds no sealed card");
	for (uint64_t seed = 1; seed <= 40; seed++) {
		cp = S[0];
		tg_determinize(&cp, S[0].color_seat[TG_PURPLE], seed);
		varies |= tg_sealed_face(&cp, gp) != g;
		cp = S[0];
		tg_determinize(&cp, S[0].color_seat[TG_GREEN], seed);
		kept &= tg_sealed_face(&cp, gp) == g && cp.sealed == NULL;
	}
	ok(varies, "R13.7: purple's copy, made from green's reader, deals "
	    "green's sealed card again (40 seeds)");
	ok(kept, "R13.7: green's copy keeps its own face, and asks no source");
}

/* A legal-list callback keeping the first line. */
static int
first_line(void *ctx, const char *line)
{
	snprintf(ctx, RULES_ACTION_MAX, "%s", line);
	return 1;
}

/* The hand view of seat 0 (green) from a game read as reader v. */
static void
hand_of_green(struct game *g, char *buf, size_t n)
{
	FILE *f = fmemopen(buf, n, "w");

	if (f == NULL)
		bail("fmemopen");
	if (trigon_rules.describe(g, RULES_VIEW_HAND, 0, 0, f) != 0)
		bail("describe");
	fclose(f);
}

static void
test_view_check_off(void)
{
	static const char *const seats[] = { "green", "purple" };
	struct rules_setup su;
	struct rules_error err;
	struct game *g[READERS];
	char view[READERS][2048];
	int t = -1, dealt = 0;

	for (int v = 0; v < READERS; v++) {
		smock_init(&M[v], v < 2 ? v : -1, face, "play", TG_SEALED_CARDS);
		rec_init(&R[v], 9, RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR);
		memset(&su, 0, sizeof su);
		su.nseats = 2;
		su.seat[0] = seats[0];
		su.seat[1] = seats[1];
		su.chance = &R[v].chance;
		su.sealed = &M[v].req;
		su.salt = 9;
		if (trigon_rules.create(&g[v], &su, &err) != 0)
			bail("create: %s", err.msg);
	}
	/* Green buys, with the copper it has, until a sealed card is
	 * dealt to it; purple ends its turns; a decision pending gets its
	 * first legal answer. */
	for (int i = 0; i < 300 && !dealt; i++) {
		const struct tg_state *st = trigon_game_state(g[0]);
		int seat = tg_to_act(st);
		char act[RULES_ACTION_MAX] = "";

		if (st->pending.kind != TG_PD_NONE)
			trigon_rules.legal(g[0], seat, first_line, act);
		else if (st->seat_color[seat] == TG_GREEN &&
		    st->p[TG_GREEN].coin[TG_COPPER] > 0)
			snprintf(act, sizeof act, "buy card");
		else
			snprintf(act, sizeof act, "end");
		for (int v = 0; v < READERS; v++)
			if (trigon_rules.apply(g[v], seat, act, strlen(act),
			    NULL, &err) != 0)
				bail("%s: %s", act, err.msg);
		dealt = tg_sealed_held(trigon_game_state(g[0]), TG_GREEN) > 0;
	}
	if (!dealt)
		bail("no sealed card dealt to green");
	for (int v = 0; v < READERS; v++)
		hand_of_green(g[v], view[v], sizeof view[v]);
	for (int i = 0; i < trigon_game_state(g[0])->sl.next; i++)
		if ((trigon_game_state(g[0])->sl.pos[i] >> 6) == TG_GREEN)
			t = tg_sealed_face(trigon_game_state(g[0]), i);
	ok(t >= 0 && strstr(view[0], tg_cards[t].slug) != NULL,
	    "positive control: green's own reader names its sealed card "
	    "(%s)", t >= 0 ? tg_cards[t].slug : "?");
	ok(strstr(view[1], "a card you may not see") != NULL &&
	    (t < 0 || strstr(view[1], tg_cards[t].slug) == NULL),
	    "view check off: green's hand read as purple names no card");
	ok(strstr(view[2], "a card you may not see") != NULL &&
	    (t < 0 || strstr(view[2], tg_cards[t].slug) == NULL),
	    "view check off: green's hand read as an observer names no card");
	for (int v = 0; v < READERS; v++)
		trigon_rules.free(g[v]);
}

int
main(void)
{
	util_init();
	test_declare();
	test_deal();
	prepare();
	test_bot();
	test_show();
	test_view_check_off();
	return done_testing();
}
