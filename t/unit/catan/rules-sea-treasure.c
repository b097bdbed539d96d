/*
 * t/unit/catan/rules-sea-treasure.c -- the card treasure of
 * map=treasures-2 (catan-rules(7), CA10.6): its finder takes the next
 * development card as a buyer does, unpaid and new this turn (CA8.2);
 * an empty deck pays the corner's resources; a fair draw is awaited and
 * changes nothing until answered; with sealed hands (CA15.2) the card
 * is dealt to the finder alone.  Each check names its CA-number;
 * refusals leave the state unchanged byte for byte.
 */
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "util.h"
#include "../chance-rec.h"
#include "games/catan/catan.h"
#include "games/catan/bot.h"
#include "games/catan/sealed.h"
#include "../sealed-mock.h"

static struct ca_state S;

/* Red beside the card treasure d8/d9/e8: the road d9/e8 reaches it. */
#define AT_CARD "[position]\nturn = red\nphase = main\n" \
	"[red]\nsettlements = d9/e8/e9\nhand = 1 brick 1 wood\n" \
	"[blue]\nsettlements = b2/b3/c2\n[white]\nsettlements = c2/d2/d3\n"

static int
secret_has(const char *s)
{
	for (int i = 0; i < CA_SECRET_MAX; i++)
		if (U_sec.seat[i] == RED && strstr(U_sec.text[i], s) != NULL)
			return 1;
	return 0;
}

/* The fog hex d8 the road uncovers: the first fog tile, sea. */
static void
force_fog_sea(void)
{
	force_index(0);
}

/* CA10.6: the card, exactly the drawn one, unpaid, new this turn. */
static void
card_found(void)
{
	const struct ca_mapdef *m;

	u_load();
	m = ca_data_map(&U_data, "treasures-2");
	ok(m != NULL && m->ntreasures == 6 &&
	    m->treasure_kind[5] == CA_TR_CARD &&
	    m->treasure_kind[4] == CA_TR_ROADS,
	    "CA10.6: treasures-2 holds a card at its sixth place");
	is_string("card", ca_treasure_names[CA_TR_CARD],
	    "CA10.5: the kind's name");
	is_int(CA_TR_RESOURCES, ca_data_map(&U_data, "treasures")->
	    treasure_kind[4], "CA10.6: map=treasures keeps its layout");
	is_int(CA_TR_ROADS, ca_data_map(&U_data, "treasures")->
	    treasure_kind[5], "CA10.6: ... roads at d8/d9/e8, no card");

	u_game(&S, "treasures-2", 3, AT_CARD);
	is_int(25, ca_deck_left(&S), "CA8.1: 25 cards to draw");
	force_fog_sea();
	force_index(20);	/* type order: 14 knights, 5 VP, then
				   road-building: index 20 the second */
	acts(&S, RED, "build road d9/e8", "CA10.6");
	is_int(1, S.p[RED].dev[CA_ROADS], "CA10.6: red holds the drawn "
	    "road-building card");
	is_int(1, S.p[RED].dev[CA_ROADS] + S.p[RED].dev[CA_KNIGHT] +
	    S.p[RED].dev[CA_VP] + S.p[RED].dev[CA_PLENTY] +
	    S.p[RED].dev[CA_MONOPOLY], "CA10.6: one card, no other");
	is_int(1, S.p[RED].devnew[CA_ROADS], "CA8.2: new this turn");
	is_int(24, ca_deck_left(&S), "CA10.6: the deck shrinks by one");
	is_int(1, S.deck[CA_ROADS], "CA10.6: one road-building left");
	is_string("", hand(&S, RED), "CA10.6: the card is unpaid (the road "
	    "took the brick and wood)");
	ok(note_has("red finds a development card at d8/d9/e8 (24 left)"),
	    "CA14.4: noted without its type");
	ok(strstr(U_note.text, "road-building") == NULL,
	    "CA8.1: the note names no type");
	ok(secret_has("you found a road-building card"),
	    "CA8.1: the finder alone is told");
	is_int(1 << 5, S.p[RED].found, "CA10.5: the sixth place found");
	refused(&S, RED, "play road-building road e8/e9 road e9/f9",
	    "CA8.2: a found card is not played in the turn it came");
	acts(&S, RED, "end", "CA4.6");
	is_int(0, S.p[RED].devnew[CA_ROADS], "CA8.2: no longer new");
	ok(conserved(&S), "resources conserved");
}

/* CA10.6: an empty deck pays the corner's resources instead. */
static void
empty_deck(void)
{
	u_game(&S, "treasures-2", 3, AT_CARD);
	memset(S.deck, 0, sizeof S.deck);
	force_fog_sea();
	acts(&S, RED, "build road d9/e8", "CA10.6");
	is_string("2 ore", hand(&S, RED), "CA10.6: an empty deck: the "
	    "resources of d9 (mountains) and e8 (mountains), d8 now sea");
	ok(note_has("red finds a development card at d8/d9/e8; the deck is "
	    "empty, so resources instead"), "CA10.6: noted");
	is_int(0, S.p[RED].dev[CA_KNIGHT] + S.p[RED].dev[CA_VP] +
	    S.p[RED].dev[CA_ROADS] + S.p[RED].dev[CA_PLENTY] +
	    S.p[RED].dev[CA_MONOPOLY], "CA10.6: no card");
	is_int(1 << 5, S.p[RED].found, "CA10.5: found all the same, once");
	ok(conserved(&S), "resources conserved");
}

/* CA10.6 with Cities & Knights (no development cards, catan-ck-rules(7)
   CK19.1): a card treasure pays the corner's resources. */
static void
ck_card(void)
{
	static struct ck_data ck;
	struct rules_error e;

	u_game(&S, "treasures-2", 3, NULL);
	if (ck_data_load(&ck, NULL, 0, NULL, 0, &e) != 0 ||
	    ca_ck_init(&S, &ck, 0, 0, &e) != 0 ||
	    ca_position_load(&S, AT_CARD, strlen(AT_CARD), &e) != 0)
		bail("C&K: %s", e.msg);
	force_fog_sea();
	acts(&S, RED, "build road d9/e8", "CA10.6 C&K");
	is_string("2 ore", hand(&S, RED), "CA10.6 C&K: the resources of "
	    "d9 and e8 (mountains both)");
	ok(note_has("red finds a development card at d8/d9/e8; Cities & "
	    "Knights has none, so resources instead"), "CA10.6 C&K: noted");
	is_int(1 << 5, S.p[RED].found, "CA10.5 C&K: found once");
}

/* A fair source whose development card draw waits for the players. */
static int
pend_card(void *ctx, uint32_t event, const struct rules_chance_req *req,
    struct chance_stream *out, struct rules_error *err)
{
	if (strcmp(req->label, "development card") == 0) {
		snprintf(err->msg, sizeof err->msg, "waiting for '%s'",
		    req->label);
		return RULES_PENDING;
	}
	return u_event(ctx, event, req, out, err);
}

/* CA10.6, CA12.4: with fair chance the card's draw is awaited; the road
   waits with it, nothing changed, and applies once the draw answers. */
static void
fair_draw(void)
{
	static struct rules_chance pending = { pend_card, NULL, NULL,
	    RULES_CHANCE_FAIR | RULES_CHANCE_MAY_PEND };

	u_game(&S, "treasures-2", 3, AT_CARD);
	S.ch = &pending;
	force_fog_sea();
	refused_rc(&S, RED, "build road d9/e8", RULES_PENDING,
	    "CA10.6 fair: the card's draw awaited");
	is_string("waiting for 'development card'", U_err.msg,
	    "CA10.6 fair: what is awaited: the development card");
	is_int(25, ca_deck_left(&S), "CA10.6 fair: the deck as it was");
	/* the draw answered: the road and the card apply */
	S.ch = &U_chance;
	force_clear();
	force_fog_sea();
	force_index(0);			/* a knight */
	acts(&S, RED, "build road d9/e8", "CA10.6 fair: answered");
	is_int(1, S.p[RED].dev[CA_KNIGHT], "CA10.6 fair: red holds the "
	    "answered draw, a knight");
	is_int(24, ca_deck_left(&S), "CA10.6 fair: 24 left");
}

/* ---- sealed hands: three readers (red's, blue's, an observer's) --------- */

#define READERS 3

/* Position i of the sealed deck holds card (7 i + 20) mod 25: position
   0 card 20, a road-building card (CA15.1's type order). */
static int
face_at(unsigned pos)
{
	return (int)((7 * pos + 20) % 25);
}

static int
face(const struct smock *m, const char *deck, unsigned pos)
{
	(void)m, (void)deck;
	return face_at(pos);
}

static struct smock M[READERS];
static struct rec R[READERS];
static struct game *G[READERS];

static void
sealed_start(void)
{
	static const char pos[] = AT_CARD;
	static const struct rules_blob blob = { "position", pos,
	    sizeof pos - 1 };
	static const char *const names[] = { "red", "blue", "white" };
	static const char *const opts[] = { "map=treasures-2" };
	struct rules_setup su;
	struct rules_error err;

	for (int v = 0; v < READERS; v++) {
		smock_init(&M[v], v < 2 ? v : -1, face, "dev", 25);
		rec_init(&R[v], 9, RULES_CHANCE_MAY_PEND | RULES_CHANCE_FAIR);
		memset(&su, 0, sizeof su);
		su.nseats = 3;
		for (int i = 0; i < 3; i++)
			su.seat[i] = names[i];
		su.options = opts;
		su.noptions = 1;
		su.blobs = &blob;
		su.nblobs = 1;
		su.chance = &R[v].chance;
		su.sealed = &M[v].req;
		su.salt = 9;
		if (catan_rules.create(&G[v], &su, &err) != 0)
			bail("create: %s", err.msg);
	}
}

static void
view_of(int v, int s, char *buf, size_t n)
{
	FILE *f = fmemopen(buf, n, "w");

	if (f == NULL)
		bail("fmemopen");
	if (catan_rules.describe(G[v], RULES_VIEW_HAND, s, s, f) != 0)
		bail("describe");
	fclose(f);
}

/* CA10.6, CA15.2: the card treasure deals the sealed deck's next
   position to the finder; only the finder's reader can name it. */
static void
sealed_card(void)
{
	char view[READERS][2048];
	int rc = 0;

	sealed_start();
	for (int v = 0; v < READERS; v++) {
		struct rules_error err;

		memset(&err, 0, sizeof err);
		rc |= catan_rules.apply(G[v], RED, "build road d9/e8", 16, NULL,
		    &err);
		if (rc != 0)
			diag("reader %d: %s", v, err.msg);
	}
	is_int(0, rc, "CA10.6 sealed: every reader applies the road");
	is_int(1, M[0].dealt + 0 * M[1].dealt, "CA15.2: position 0 dealt to "
	    "red by red's reader");
	is_int(1, M[1].dealt, "CA15.2: ... and by blue's, face unknown");
	is_int(24, ca_deck_left(ca_game_state(G[2])), "CA10.6 sealed: 24 "
	    "left for the observer too");
	is_int(1, ca_sealed_held(ca_game_state(G[1]), RED),
	    "CA15.2: blue's reader counts one sealed card of red's");
	for (int v = 0; v < READERS; v++)
		view_of(v, RED, view[v], sizeof view[v]);
	ok(strstr(view[0], "sealed 0: road-building") != NULL,
	    "positive control: red's own reader names the found card");
	ok(strstr(view[1], "sealed 0: a card you may not see") != NULL &&
	    strstr(view[1], "road-building") == NULL,
	    "CA15.2: red's hand read as blue names no card");
	ok(strstr(view[2], "sealed 0: a card you may not see") != NULL &&
	    strstr(view[2], "road-building") == NULL,
	    "CA15.2: red's hand read as the observer names no card");
	is_int(0, ca_game_state(G[0])->p[RED].dev[CA_ROADS],
	    "CA15.3: not among the open cards until shown");
	for (int v = 0; v < READERS; v++)
		catan_rules.free(G[v]);
}

int
main(void)
{
	card_found();
	empty_deck();
	ck_card();
	fair_draw();
	sealed_card();
	return done_testing();
}
