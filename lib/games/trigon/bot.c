/*
 * bot.c -- Trigon's computer players (see bot.h).
 *
 * mcts: the core's information-set MCTS (lib/search.c) with Trigon's
 * hooks (trigon_search, below): a search state is the information set
 * with the pools of unseen cards; each determinization deals those
 * anew and draws the dice from the fast stream the search seeds; the
 * playout policy is weight(); the evaluation a logistic of the
 * standing against the best rival (a win is 1).  Short playouts (a
 * few actions, TG_BOT_PLAYOUT_STEPS) measured as strong as playouts to
 * the end of the round after next at a fifth of the cost: random play
 * blurs the scoring more than it informs it.
 *
 * random: a uniform legal action.  greedy: the action whose immediate
 * result scores best (battles averaged over a few dice samples), or
 * end of turn when nothing improves the standing.
 *
 * Nothing here asks the source of chance, reads the dice to come or another player's
 * hidden cards: everything starts from tg_bot_infoset().
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "search.h"
#include "internal.h"
#include "trigon.h"

const char *const tg_bot_kind_name[TG_BOT_KINDS] = {
	"mcts", "random", "greedy",
};

void
tg_bot_opts_default(struct tg_bot_opts *o)
{
	memset(o, 0, sizeof *o);
	o->kind = TG_BOT_MCTS;
}

int
tg_bot_kind_find(const char *name)
{
	for (int i = 0; i < TG_BOT_KINDS; i++)
		if (strcmp(name, tg_bot_kind_name[i]) == 0)
			return i;
	return -1;
}

/* --- the information set and its determinizations ---------------------- */

/* What color c cannot see, gathered once per decision. */
struct pools {
	int c;
	uint8_t vcards[TG_VILLAGE_CARDS];
	int nv;
	uint8_t quests[TG_QUEST_CARDS];	/* the deck's and the rivals' open ones */
	int nq, qdeck, qheld[TG_COLORS];
	uint8_t play[TG_PLAY_CARDS];	/* card types */
	int np, pdeck, pheld[TG_COLORS];
	int seen;			/* a rival whose cards c sees, or -1 */
};

static int
cmp_u8(const void *a, const void *b)
{
	return *(const uint8_t *)a - *(const uint8_t *)b;
}

static int
hand_total(const struct tg_state *st, int c)
{
	int n = 0;

	for (int t = 0; t < TG_CARD_TYPES; t++)
		n += tg_hand_count(st, c, t);
	return n;
}

/*
 * The rival whose cards c sees now (Spionage: the spy is shown the
 * hand it takes from), or -1.
 */
static int
seen_rival(const struct tg_state *st, int c)
{
	if (st->pending.kind == TG_PD_SPY && st->pending.color == c &&
	    st->pending.arg[0] < TG_COLORS)
		return st->pending.arg[0];
	return -1;
}

static void
pools_gather(const struct tg_state *st, int c, struct pools *p)
{
	int seen = seen_rival(st, c);

	memset(p, 0, sizeof *p);
	p->c = c;
	p->nv = st->vcount;
	for (int i = 0; i < st->vcount; i++)
		p->vcards[i] = st->vdeck[(st->vhead + i) % TG_VILLAGE_CARDS];
	qsort(p->vcards, (size_t)p->nv, 1, cmp_u8);

	p->seen = seen;
	p->qdeck = st->qcount;
	for (int q = 0; q < TG_QUEST_CARDS; q++) {
		int h = st->quest[q] & 0x0f;

		if (h == TG_Q_DECK)
			p->quests[p->nq++] = (uint8_t)q;
		else if (h < TG_COLORS && h != c && h != seen) {
			p->quests[p->nq++] = (uint8_t)q;
			p->qheld[h]++;
		}
	}

	for (int i = 0; i < st->pcount; i++)
		p->play[p->np++] = st->pdeck[i];
	p->pdeck = st->pcount;
	for (int o = 0; o < TG_COLORS; o++) {
		if (o == c || o == seen)
			continue;
		for (int t = 0; t < TG_CARD_TYPES; t++)
			for (int k = tg_hand_count(st, o, t); k > 0 &&
			    p->np < TG_PLAY_CARDS; k--)
				p->play[p->np++] = (uint8_t)t;
		p->pheld[o] = hand_total(st, o);
	}
	qsort(p->quests, (size_t)p->nq, 1, cmp_u8);
	qsort(p->play, (size_t)p->np, 1, cmp_u8);
}

/*
 * A blind swap offered to c keeps the offered card in the state
 * (pending.arg[0]: a play-card type, or 64 + quest); c may not see it.
 * Name one of the offerer's cards as dealt: the first (r NULL) or one
 * at random.
 */
#define TG_BOT_SWAP 0xff	/* pending.arg[4] of a blind swap (cards-deals.c) */
static void
blind_offer(struct tg_state *st, int c, struct search_rng *r)
{
	uint8_t items[TG_CARD_TYPES + TG_QUEST_CARDS];
	int n = 0, from = st->pending.from;

	if (st->pending.kind != TG_PD_OFFER ||
	    st->pending.arg[4] != TG_BOT_SWAP || from == c ||
	    from >= TG_COLORS)
		return;
	for (int t = 0; t < TG_CARD_TYPES; t++)
		if (tg_hand_count(st, from, t) > 0)
			items[n++] = (uint8_t)t;
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		if ((st->quest[q] & 0x0f) == from)
			items[n++] = (uint8_t)(64 + q);
	if (n > 0)
		st->pending.arg[0] = items[r != NULL ?
		    search_below(r, (uint32_t)n) : 0];
}

static uint32_t
sealed_below(void *r, uint32_t n)
{
	return search_below(r, n);
}

/*
 * Deal the pools into st (r NULL: in their sorted, canonical order).
 * Each place keeps its count: the village deck, the quest deck and each
 * rival's open quests, the play deck and each rival's hand.
 */
static void
pools_deal(const struct pools *p0, struct tg_state *st, struct search_rng *r)
{
	struct pools p = *p0;
	int k = 0;

	if (r != NULL) {
		search_shuffle(r, p.vcards, p.nv);
		search_shuffle(r, p.quests, p.nq);
		search_shuffle(r, p.play, p.np);
	}
	for (int i = 0; i < p.nv; i++)
		st->vdeck[(st->vhead + i) % TG_VILLAGE_CARDS] = p.vcards[i];

	for (int i = 0; i < p.qdeck && k < p.nq; i++, k++) {
		st->qdeck[i] = p.quests[k];
		st->quest[p.quests[k]] = TG_Q_DECK;
	}
	for (int o = 0; o < TG_COLORS; o++)
		for (int i = 0; i < p.qheld[o] && k < p.nq; i++, k++)
			st->quest[p.quests[k]] = (uint8_t)o;

	k = 0;
	for (int i = 0; i < p.pdeck && k < p.np; i++)
		st->pdeck[i] = p.play[k++];
	for (int o = 0; o < TG_COLORS; o++) {
		if (o == p.c || o == p.seen)
			continue;
		memset(st->p[o].hand, 0, sizeof st->p[o].hand);
		for (int i = 0; i < p.pheld[o] && k < p.np; i++) {
			int t = p.play[k++];

			st->p[o].hand[t / 2] = (uint8_t)(st->p[o].hand[t / 2] +
			    (1 << (4 * (t & 1))));
		}
	}
	blind_offer(st, p.c, r);
	/* Sealed cards (R13): the others' and the undealt ones. */
	tg_sealed_forget(st, p.c, r != NULL ? sealed_below : NULL, r);
}

void
tg_bot_infoset(const struct tg_state *st, int c, struct tg_state *out)
{
	struct pools p;

	memcpy(out, st, sizeof *out);
	out->chance = NULL;
	out->salt = 0;
	out->fast = 0;
	out->events = 0;
	pools_gather(st, c, &p);
	/* Slots the decks do not use keep stale cards (drawn ones): wipe. */
	for (int i = st->vcount; i < TG_VILLAGE_CARDS; i++)
		out->vdeck[(st->vhead + i) % TG_VILLAGE_CARDS] = 0;
	memset(out->qdeck + st->qcount, 0, sizeof out->qdeck - st->qcount);
	memset(out->pdeck + st->pcount, 0, sizeof out->pdeck - st->pcount);
	pools_deal(&p, out, NULL);
}

/* The salt the bytes of v in memory would give as a seed's bytes 8-15. */
static uint64_t
salt_of(uint64_t v)
{
	unsigned char b[8];
	uint64_t k = 0;

	memcpy(b, &v, 8);
	for (int i = 0; i < 8; i++)
		k = k << 8 | b[i];
	return k;
}

/* A determinization: unknown cards dealt anew, dice from the bot. */
static void
determinize(const struct tg_state *info, const struct pools *p,
    struct search_rng *r, struct tg_state *out)
{
	uint64_t v[4];

	memcpy(out, info, sizeof *out);
	pools_deal(p, out, r);
	/* The numbering key of the copy comes from the bot's stream too
	 * (four draws, as when the copy had a seed of its own). */
	for (int i = 0; i < 4; i++)
		v[i] = search_rand(r);
	out->salt = salt_of(v[1]);
	out->chance = NULL;
	out->flags |= TG_SF_FAST_RNG;
	out->fast = search_rand(r);
}

/*
 * The bot's seed for one decision: the bot seed, the seat and a hash of
 * the public position (FNV-1a), so successive decisions differ.
 */
static uint64_t
decision_seed(const struct tg_data *d, const struct tg_state *info, int seat,
    uint64_t seed)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ seed;
	const uint8_t *fields[] = {
		info->who, info->kn, info->kmoved, info->kcarried,
		info->kspent, info->sc, info->bt, info->stl, info->card,
	};
	const uint8_t *rfields[] = {
		info->rwho, info->rkn, info->rkmoved, info->rsc,
	};

#define MIX(b) (h = (h ^ (uint8_t)(b)) * 0x100000001b3ULL)
	MIX(seat);
	MIX(info->round);
	MIX(info->round >> 8);
	MIX(info->turn);
	for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++)
		for (int s = 0; s < d->nspots; s++)
			MIX(fields[f][s]);
	for (size_t f = 0; f < sizeof rfields / sizeof rfields[0]; f++)
		for (int r = 0; r < d->nrivers; r++)
			MIX(rfields[f][r]);
	for (int c = 0; c < TG_COLORS; c++)
		for (int k = 0; k < 3; k++)
			MIX(info->p[c].coin[k]);
#undef MIX
	return h;
}

/* --- evaluation ---------------------------------------------------------- */

/*
 * Worth of color c's position, in hundredths of a point.  deep: the
 * search's scoring, which also weighs the race to the quest target;
 * the greedy player keeps the plain one-move heuristic (deep 0).
 */
static int
value(const struct tg_data *d, const struct tg_state *st, int c, int deep)
{
	const struct tg_player *p = &st->p[c];
	int kn = 0, sc = 0, bt = 0, scfree = 0, openq = 0, v;

	if (!tg_playing(st, c))
		return 0;
	for (int s = 0; s < d->nspots; s++) {
		if ((st->who[s] & 0x0f) != c)
			continue;
		kn += st->kn[s];
		sc += tg_scouts(st, s);
		bt += tg_boats(st, s);
		if (tg_scouts(st, s) && (st->who[s] >> 4) == TG_NOBODY)
			scfree++;
	}
	for (int r = 0; r < d->nrivers; r++)
		if ((st->rwho[r] & 0x0f) == c) {
			kn += st->rkn[r];
			sc += st->rsc[r] & 3;
		}
	for (int q = 0; q < TG_QUEST_CARDS; q++)
		if ((st->quest[q] & 0x0f) == c)
			openq++;
	/* Cards: a play card costs 1 copper, a quest 1 gold for 1-2 points. */
	v = 10 * hand_total(st, c) + 60 * openq;
	if (st->opt_win & TG_WIN_QUESTS) {
		int qd = p->quests_done, near = qd - st->opt_quests + 3;

		v += 40 * qd;
		if (deep) {
			/*
			 * Quests done win the game (R11.2); an open one is
			 * worth little more than the gold it cost.  Valued
			 * higher, the search hoarded quests and lost the race
			 * to greedy (measured), and a rival's hoard pushed
			 * every reward to the flat end of the logistic.
			 */
			v += 20 * openq + 80 * qd + (near > 0 ? 250 * near : 0);
		}
	}
	v += 100 * p->points + 60 * p->nsettle + 25 * p->inhab + 28 * kn +
	    130 * sc + 10 * bt + 20 * p->reserve + 10 * scfree +
	    5 * p->coin[TG_COPPER] + 16 * p->coin[TG_SILVER] +
	    50 * p->coin[TG_GOLD];
	/* Toward the emperor's crown (R11.2): coins count more near it. */
	if ((st->opt_win & TG_WIN_EMPEROR) &&
	    p->inhab + 6 >= st->opt_emp_inhab) {
		int s = p->coin[TG_SILVER], g = p->coin[TG_GOLD];

		v += 15 * (s < st->opt_emp_silver ? s : st->opt_emp_silver) +
		    40 * (g < st->opt_emp_gold ? g : st->opt_emp_gold) +
		    20 * p->inhab;
	}
	return v;
}

int
tg_bot_score(const struct tg_data *d, const struct tg_state *st, int c)
{
	int best = -1, mine;

	if (st->phase == TG_PH_OVER)
		return st->winner == c ? 100000 : -100000;
	mine = value(d, st, c, 0);
	for (int o = 0; o < TG_COLORS; o++)
		if (o != c && tg_playing(st, o)) {
			int v = value(d, st, o, 0);

			if (best < 0 || v > best)
				best = v;
		}
	return best < 0 ? mine : mine - best;
}

/* Rewards in [0, 1] for every color. */
static void
rewards(const struct tg_data *d, const struct tg_state *st, float r[TG_COLORS])
{
	int v[TG_COLORS];

	if (st->phase == TG_PH_OVER) {
		for (int c = 0; c < TG_COLORS; c++)
			r[c] = st->winner == c ? 1.0f : 0.0f;
		return;
	}
	for (int c = 0; c < TG_COLORS; c++)
		v[c] = tg_playing(st, c) ? value(d, st, c, 1) : -1;
	for (int c = 0; c < TG_COLORS; c++) {
		int best = -1;

		if (v[c] < 0) {
			r[c] = 0;
			continue;
		}
		for (int o = 0; o < TG_COLORS; o++)
			if (o != c && v[o] > best)
				best = v[o];
		r[c] = best < 0 ? 1.0f :
		    (float)(1.0 / (1.0 + exp(-(v[c] - best) / 400.0)));
		/* Leave room above for a real win. */
		r[c] *= 0.9f;
	}
}

/* --- the playout policy -------------------------------------------------- */

/* Defending dice and figures of the other color at spot (R8.1). */
static void
defence(const struct tg_state *st, int spot, int c, int *dice, int *figs)
{
	int f = st->who[spot] & 0x0f, o = st->who[spot] >> 4;

	*dice = *figs = 0;
	if (f != TG_NOBODY && f != c) {
		*dice += st->kn[spot] + 2 * tg_scouts(st, spot) +
		    2 * tg_boats(st, spot);
		*figs += st->kn[spot] + tg_scouts(st, spot) +
		    tg_boats(st, spot);
	}
	if (o != TG_NOBODY && o != c) {
		*dice += 2 + 3 * tg_has_palace(st, spot);
		*figs += 1;
	}
	if (*dice > TG_MAX_DICE)
		*dice = TG_MAX_DICE;
}

/*
 * Where the army of a goes in, and whether enemies are there:
 * 0 none, 1 an attack with good odds, 2 a poor attack.
 */
static int
attack_kind(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a)
{
	int dice = 0, figs = 0, att = a->n + a->s, path;

	if (a->kind == TG_A_MOVE && (path = tg_path_of(d, a->a, a->b)) >= 0 &&
	    d->paths[path].river) {
		int r = d->paths[path].river_index, rc = tg_river_color(st, r);

		if (rc < 0 || rc == c)
			return 0;
		dice = st->rkn[r] + 2 * (st->rsc[r] & 3);
		figs = st->rkn[r] + (st->rsc[r] & 3);
	} else {
		if (!tg_enemy_at(st, a->b, c))
			return 0;
		defence(st, a->b, c, &dice, &figs);
	}
	if (dice > TG_MAX_DICE)
		dice = TG_MAX_DICE;
	return (att > TG_MAX_DICE ? TG_MAX_DICE : att) >= dice &&
	    att > figs ? 1 : 2;
}

static unsigned
weight(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a)
{
	switch (a->kind) {
	case TG_A_RESIGN:
		return 0;
	case TG_A_CROWN:
		return 1000000;
	case TG_A_FOUND:
		return 3000;
	case TG_A_PLACE:
		return 500;
	case TG_A_BUILD:
		return a->fig == TG_SCOUT ? 400 : a->fig == TG_KNIGHT ? 40 : 4;
	case TG_A_EXCHANGE:
		return 60;
	case TG_A_END:
		return 50;
	case TG_A_MOVE:
	case TG_A_CROSS:
	case TG_A_SAIL:
		switch (attack_kind(d, st, c, a)) {
		case 1:
			return 1500;
		case 2:
			return 1;
		default:
			if (a->s > 0 && (st->who[a->b] >> 4) == TG_NOBODY)
				return 100;
			return a->kind == TG_A_SAIL ? 3 : 8;
		}
	case TG_A_BUY:
		return a->fig ? 300 : 40;	/* fig 1: a quest */
	case TG_A_PLAY:
		return 60;
	case TG_A_OFFER:
		return 2;
	case TG_A_WITHDRAW:
		return 5;
	default:
		/* Answers (accept, decline, choose, take, defend): even. */
		return 30;
	}
}

/* The legal actions of the player to act, resigning left out unless alone. */
static int
candidates(const struct tg_data *d, const struct tg_state *st, int seat,
    struct tg_action *list)
{
	int n = tg_legal(d, st, seat, list, TG_LEGAL_MAX), m = 0;

	for (int i = 0; i < n; i++)
		if (list[i].kind != TG_A_RESIGN)
			list[m++] = list[i];
	return m > 0 ? m : n;
}

/*
 * A quiet move (no battle, no scout to an unsettled spot) of figures
 * out of a spot that figures entered this turn.  Its worth is the same
 * done first, before the figures came in, so the search loses nothing
 * by trying that order only; and it leaves out the swap that undoes the
 * move before it (A to B, then B's fresh figures back to A), which the
 * search valued above ending the turn: in a playout of a few actions,
 * every quiet move of one's own pushes the rival's turn, and what the
 * rival would gain in it, past the playout's end (the horizon effect),
 * so moving figures back and forth scored above "end" though the turn
 * ended with nothing gained.
 */
static int
after_arrival(const struct tg_data *d, const struct tg_state *st, int c,
    const struct tg_action *a)
{
	if (a->kind != TG_A_MOVE || a->a >= d->nspots ||
	    (st->kmoved[a->a] == 0 && tg_sc_moved(st->sc[a->a]) == 0))
		return 0;
	if (attack_kind(d, st, c, a) != 0)
		return 0;
	return !(a->s > 0 && (st->who[a->b] >> 4) == TG_NOBODY);
}

/*
 * The search's actions: candidates(), and in the rest of the turn the
 * decision is about, less those after_arrival() drops (later turns and
 * the rivals' keep the playout policy as it was).
 */
static int
search_candidates(const struct tg_data *d, const struct tg_state *st,
    int seat, struct tg_action *list, int own_turn)
{
	int n = candidates(d, st, seat, list), m = 0,
	    c = st->seat_color[seat];

	if (!own_turn)
		return n;
	for (int i = 0; i < n; i++)
		if (!after_arrival(d, st, c, &list[i]))
			list[m++] = list[i];
	return m > 0 ? m : n;
}

/* --- the search's hooks (lib/search.h) ---------------------------------- */

/*
 * A search state: the data, what the observer cannot see (gathered
 * once per decision) and the position.  memcpy copies it.
 */
struct tg_sstate {
	const struct tg_data *d;
	struct pools p;
	struct tg_state st;
	uint16_t round0;	/* the decision's round, turn and color */
	uint8_t turn0, color0;
};

_Static_assert(sizeof(struct tg_action) == sizeof(uint64_t),
    "a tg_action is the search's integer action");

static void
sstate_make(const struct tg_data *d, const struct tg_state *st, int seat,
    struct tg_sstate *out)
{
	int c = st->seat_color[seat];

	memset(out, 0, sizeof *out);
	out->d = d;
	tg_bot_infoset(st, c, &out->st);
	pools_gather(&out->st, c, &out->p);
	out->round0 = st->round;
	out->turn0 = st->turn;
	out->color0 = (uint8_t)c;
}

static int
hk_observe(void *out, const struct game *g, int seat, struct rules_error *err)
{
	const struct tg_state *st = trigon_game_state(g);

	if (seat < 0 || seat >= st->nseats)
		return tg_refuse(err, RULES_ESEAT, "no seat %d", seat + 1);
	sstate_make(trigon_game_data(g), st, seat, out);
	return 0;
}

static void
hk_determinize(void *out, const void *info, int seat, struct search_rng *r)
{
	const struct tg_sstate *in = info;
	struct tg_sstate *o = out;

	(void)seat;
	o->d = in->d;
	o->p = in->p;
	o->round0 = in->round0;
	o->turn0 = in->turn0;
	o->color0 = in->color0;
	determinize(&in->st, &in->p, r, &o->st);
}

static void
hk_reseed(void *st, uint64_t seed)
{
	((struct tg_sstate *)st)->st.fast = seed;
}

static int
hk_to_act(const void *st)
{
	return tg_to_act(&((const struct tg_sstate *)st)->st);
}

static int
hk_legal(const void *st, int seat, uint64_t *out)
{
	static _Thread_local struct tg_action list[TG_LEGAL_MAX];
	const struct tg_sstate *s = st;
	int n = search_candidates(s->d, &s->st, seat, list,
	    s->st.round == s->round0 && s->st.turn == s->turn0 &&
	    s->st.seat_color[seat] == s->color0);

	memcpy(out, list, (size_t)n * sizeof *list);
	return n;
}

static int
hk_apply(void *st, int seat, uint64_t action)
{
	struct tg_sstate *s = st;
	struct tg_action a;
	struct rules_error err;

	memcpy(&a, &action, sizeof a);
	return tg_apply(s->d, &s->st, seat, &a, NULL, &err);
}

static uint64_t
hk_weights(const void *st, int seat, const uint64_t *list, int n, unsigned *w)
{
	const struct tg_sstate *s = st;
	int c = s->st.seat_color[seat];
	uint64_t total = 0;

	for (int i = 0; i < n; i++) {
		struct tg_action a;

		memcpy(&a, &list[i], sizeof a);
		total += w[i] = weight(s->d, &s->st, c, &a);
	}
	return total;
}

static void
hk_evaluate(const void *st, float r[RULES_MAX_SEATS])
{
	const struct tg_sstate *s = st;
	float rc[TG_COLORS];

	rewards(s->d, &s->st, rc);
	for (int i = 0; i < RULES_MAX_SEATS; i++)
		r[i] = i < s->st.nseats ? rc[s->st.seat_color[i]] : 0.0f;
}

/* Battles: the root priors average a few dice samples. */
static int
hk_samples(const void *st, int seat, uint64_t action)
{
	const struct tg_sstate *s = st;
	struct tg_action a;

	memcpy(&a, &action, sizeof a);
	return (a.kind == TG_A_MOVE || a.kind == TG_A_CROSS ||
	    a.kind == TG_A_SAIL) && attack_kind(s->d, &s->st,
	    s->st.seat_color[seat], &a) != 0 ? 4 : 1;
}

static long
hk_clock(const void *st)
{
	return ((const struct tg_sstate *)st)->st.round;
}

static uint64_t
hk_key(const void *info, int seat, uint64_t seed)
{
	const struct tg_sstate *s = info;

	return decision_seed(s->d, &s->st, seat, seed);
}

static void renumber(const struct tg_state *info, const struct tg_state *st,
    int c, struct tg_action *a);

static int
hk_format(const struct game *g, int seat, const void *info, uint64_t action,
    char *buf, size_t n, struct rules_error *err)
{
	const struct tg_sstate *s = info;
	struct tg_action a;

	memcpy(&a, &action, sizeof a);
	renumber(&s->st, trigon_game_state(g), s->st.seat_color[seat], &a);
	if (tg_format(trigon_game_data(g), &a, buf, n) >= (int)n)
		return tg_refuse(err, RULES_ENOMEM, "action longer than %zu "
		    "bytes", n);
	return 0;
}

const struct rules_search trigon_search = {
	.state_size = sizeof(struct tg_sstate),
	.max_actions = TG_LEGAL_MAX,
	.playouts = TG_BOT_DEFAULT_PLAYOUTS,
	.horizon = TG_BOT_DEFAULT_HORIZON,
	.playout_steps = TG_BOT_PLAYOUT_STEPS,
	.observe = hk_observe,
	.determinize = hk_determinize,
	.reseed = hk_reseed,
	.to_act = hk_to_act,
	.legal = hk_legal,
	.apply = hk_apply,
	.weights = hk_weights,
	.evaluate = hk_evaluate,
	.samples = hk_samples,
	.clock = hk_clock,
	.key = hk_key,
	.format = hk_format,
};

/* mcts: the core search with the hooks above. */
static int
choose_mcts(const struct tg_sstate *ss, int seat, const struct tg_bot_opts *o,
    struct tg_action *out, struct tg_bot_stats *stats,
    struct rules_error *err)
{
	struct search_opts so;
	struct search_stats s;
	uint64_t k;
	int rc;

	memset(&so, 0, sizeof so);
	so.playouts = o->playouts;
	so.think_ms = o->think_ms;
	so.seed = o->seed;
	so.horizon = o->horizon;
	rc = search_run(&trigon_search, ss, seat, &so, &k, &s, err);
	if (stats != NULL) {
		stats->playouts = s.playouts;
		stats->nodes = s.nodes;
	}
	if (rc == 0)
		memcpy(out, &k, sizeof *out);
	return rc;
}

/* --- greedy ------------------------------------------------------------ */

static int
choose_greedy(const struct tg_data *d, const struct tg_state *info, int seat,
    const struct tg_action *list, int n, struct search_rng *r,
    struct tg_action *out)
{
	struct pools p;
	struct tg_state det, st;
	struct rules_error err;
	int c = info->seat_color[seat], base, best = -1, end = -1;
	long bestv = 0;

	pools_gather(info, c, &p);
	determinize(info, &p, r, &det);
	base = tg_bot_score(d, &det, c);
	for (int i = 0; i < n; i++) {
		const struct tg_action *a = &list[i];
		int samples = 1;
		long total = 0;

		if (a->kind == TG_A_END) {
			end = i;
			continue;
		}
		if ((a->kind == TG_A_MOVE || a->kind == TG_A_CROSS ||
		    a->kind == TG_A_SAIL) && attack_kind(d, &det, c, a) != 0)
			samples = 6;
		for (int k = 0; k < samples; k++) {
			st = det;
			st.fast = search_rand(r);
			if (tg_apply(d, &st, seat, a, NULL, &err) != 0)
				break;
			total += tg_bot_score(d, &st, c) - base;
		}
		total /= samples;
		if (best < 0 || total > bestv) {
			best = i;
			bestv = total;
		}
	}
	if (best < 0 || (bestv <= 0 && end >= 0))
		best = end >= 0 ? end : 0;
	*out = list[best];
	return 0;
}

/* --- entry ------------------------------------------------------------- */

/*
 * Orders name hidden cards by private numbers keyed by st->salt
 * (tg_items), and the information set has none: give the card the
 * search chose its number in the real state.  The cards numbered are
 * c's own, or those of the hand a spy is shown, the same in both.
 */
static void
renumber(const struct tg_state *info, const struct tg_state *st, int c,
    struct tg_action *a)
{
	uint8_t items[TG_CARD_TYPES + TG_QUEST_CARDS];
	int owner, n;

	if ((a->kind == TG_A_OFFER && a->x == TG_BOT_SWAP) ||
	    (a->kind == TG_A_ACCEPT && a->a != 0))
		owner = c;
	else if (a->kind == TG_A_TAKE && info->pending.arg[0] < TG_COLORS)
		owner = info->pending.arg[0];
	else
		return;
	n = tg_items(info, owner, items);
	if (a->a >= 1 && a->a <= n)
		a->a = (uint8_t)tg_item_number(st, owner, items[a->a - 1]);
}

int
tg_bot_choose(const struct tg_data *d, const struct tg_state *st, int seat,
    const struct tg_bot_opts *o, struct tg_action *out,
    struct tg_bot_stats *stats, struct rules_error *err)
{
	static _Thread_local struct tg_action list[TG_LEGAL_MAX];
	static _Thread_local struct tg_sstate ss;
	const struct tg_state *info = &ss.st;
	struct search_rng r;
	int n, c, rc;

	if (stats != NULL)
		memset(stats, 0, sizeof *stats);
	if (st->phase == TG_PH_OVER)
		return tg_refuse(err, RULES_ESEAT, "the game is over");
	if (seat < 0 || seat >= st->nseats || seat != tg_to_act(st))
		return tg_refuse(err, RULES_ESEAT, "it is not %s's turn",
		    seat >= 0 && seat < st->nseats ?
		    tg_color_name[st->seat_color[seat]] : "that seat");
	c = st->seat_color[seat];
	sstate_make(d, st, seat, &ss);
	r.s = decision_seed(d, info, seat, o->seed);
	n = candidates(d, info, seat, list);
	if (n == 0)
		return tg_refuse(err, RULES_ESEAT, "%s has no legal action",
		    tg_color_name[c]);
	if (stats != NULL)
		stats->considered = n;
	if (n == 1)
		*out = list[0];
	else if (o->kind == TG_BOT_RANDOM)
		*out = list[search_below(&r, (uint32_t)n)];
	else if (o->kind == TG_BOT_GREEDY)
		choose_greedy(d, info, seat, list, n, &r, out);
	else if ((rc = choose_mcts(&ss, seat, o, out, stats, err)) != 0)
		return rc;
	renumber(info, st, c, out);
	return 0;
}

int
trigon_bot(const struct game *g, int seat, const struct rules_bot_opts *o,
    char *action, size_t n, struct rules_error *err)
{
	struct tg_bot_opts to;
	struct tg_action a;
	int rc;

	tg_bot_opts_default(&to);
	if (o != NULL) {
		if (o->kind != NULL && o->kind[0] != '\0' &&
		    (to.kind = tg_bot_kind_find(o->kind)) < 0)
			return tg_refuse(err, RULES_EDATA,
			    "unknown player '%s' (mcts, random, greedy)",
			    o->kind);
		to.playouts = o->playouts;
		to.think_ms = o->think_ms;
		to.seed = o->seed;
	}
	rc = tg_bot_choose(trigon_game_data(g), trigon_game_state(g), seat,
	    &to, &a, NULL, err);
	if (rc != 0)
		return rc;
	if (tg_format(trigon_game_data(g), &a, action, n) >= (int)n)
		return tg_refuse(err, RULES_ENOMEM, "action longer than %zu "
		    "bytes", n);
	return 0;
}
