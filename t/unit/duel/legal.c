/*
 * t/unit/duel/legal.c -- the direct legal-order generator of Catan: het
 * Duel (lib/games/duel/legal.c) against its definition: the orders the
 * engine accepts.  The reference below is the dry-run lister the engine
 * had before (every candidate order of the awaited phase kept when
 * du_check(), the engine's own dry run, accepts it); the generator must
 * list exactly the same orders in the same order (the bot and selfplay
 * pick by index, so the same seeds give the same games), in every state
 * of many random games, for both seats, every phase and every kind of
 * order (DU3.6 start, DU5.3 roll, DU12.5 marileen, DU9-DU10 building,
 * DU11 trade, DU12 action cards, DU9.2 regions, DU14.3 draw/discard,
 * DU14.4 exchange/search/take, DU16 gain, DU8.4 buy/pass, DU8.1
 * select/remove, DU8.2 put, DU5.4 end).  It also checks du_legal()'s
 * array form, cut short (the count stays the total).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../tap.h"
#include "../seed-util.h"
#include "list-hash.h"
#include "games/duel/engine.h"
#include "games/duel/parse.h"

/* ---- the reference: candidates kept by the engine's dry run ------------ */

struct lister {
	const struct du_state *st;
	int seat;
	void (*fn)(void *, const struct du_action *);
	void *ctx;
	int n;
};

static void
try(struct lister *l, const struct du_action *a)
{
	if (du_check(l->st, l->seat, a) != 0)
		return;
	l->fn(l->ctx, a);
	l->n++;
}
static void list_steals(struct lister *l);

/* 1 when seat s holds an action card with effect fx (a shortcut). */
static int
holds(const struct du_state *st, int s, int fx)
{
	for (int i = 0; i < st->p[s].nhand; i++)
		if (st->d->card[st->d->inst[st->p[s].hand[i]]].effect == fx)
			return 1;
	return 0;
}

/* DU4.4's default cells for paying kinds k0 (and k1 unless 0xff). */
static int
default_pay(const struct du_state *st, int s, int k0, int k1,
    struct du_action *a)
{
	uint8_t left[DU_REGIONS + 1];
	int ks[2] = { k0, k1 };

	memcpy(left, st->stored, DU_REGIONS);
	left[DU_REGIONS] = (uint8_t)(du_cache(st, s) > 0 ? st->cache_gold : 0);
	a->npay = 0;
	for (int i = 0; i < 2; i++) {
		int best = -1, bc = 0;

		if (ks[i] == 0xff)
			continue;
		for (int col = 0; col < DU_COLS; col++)
			for (int row = 1; row <= 3; row += 2) {
				uint8_t v = st->p[s].cell[col][row];
				int rg = v - DU_C_REGION;

				if (!DU_IS_REGION(v) ||
				    st->d->region[rg].kind != ks[i] || left[rg] == 0)
					continue;
				if (best < 0 || left[rg] > left[best]) {
					best = rg;
					bc = DU_CELL(col, row);
				}
			}
		/* DU19.8: the goudmijn after the regions, when it holds more */
		if (ks[i] == DU_GOLD && left[DU_REGIONS] > 0 &&
		    (best < 0 || left[DU_REGIONS] > left[best])) {
			best = DU_REGIONS;
			bc = st->cache_cell - 1;
		}
		if (best < 0)
			return 0;
		left[best]--;
		a->pay[a->npay++] = (uint8_t)bc;
	}
	return 1;
}

static void
list_action(struct lister *l)
{
	const struct du_state *st = l->st;
	const struct du_data *d = st->d;
	int s = l->seat;
	struct du_action a;
	int seen[DU_MAX_CARDS] = { 0 };

	for (int side = 0; side < 2; side++) {
		du_action_init(&a, DU_A_BUILD_ROAD);
		a.side = (uint8_t)side;
		try(l, &a);
		du_action_init(&a, DU_A_BUILD_SETTLEMENT);
		a.side = (uint8_t)side;
		try(l, &a);
		a.scout = 1;
		try(l, &a);
	}
	for (int col = 1; col < DU_COLS; col += 2) {
		du_action_init(&a, DU_A_BUILD_CITY);
		a.cell[0] = DU_CELL(col, 2);
		try(l, &a);
	}
	/* the hand's expansions, then the open pile's (DU18.5) */
	for (int i = 0; i < st->p[s].nhand + du_seg_len(st, DU_SEG_OPEN);
	    i++) {
		int k = d->inst[i < st->p[s].nhand ? st->p[s].hand[i] :
		    du_seg(st, DU_SEG_OPEN)[i - st->p[s].nhand]];

		if (seen[k]++ || !DU_IS_EXPANSION(d->card[k].kind))
			continue;
		/* every cell: DU19.8's region expansion stands in a
		 * region column */
		for (int col = 0; col < DU_COLS; col++)
			for (int row = 0; row < DU_ROWS; row++) {
				if (row == 2)
					continue;
				du_action_init(&a, DU_A_BUILD_EXP);
				a.slug = (uint8_t)k;
				a.cell[0] = DU_CELL(col, row);
				try(l, &a);
			}
	}
	for (int n = 3; n >= 1; n--)
		for (int give = 0; give < DU_RES; give++)
			for (int get = 0; get < DU_RES; get++) {
				du_action_init(&a, DU_A_TRADE);
				a.n[0] = (uint8_t)n;
				a.kind[0] = (uint8_t)give;
				a.kind[1] = (uint8_t)get;
				try(l, &a);
			}
	for (int col = 0; col < DU_COLS; col += 2)
		for (int row = 1; row <= 3; row += 2)
			for (int get = 0; get < DU_RES; get++) {
				du_action_init(&a, DU_A_TRADE_FROM);
				a.cell[0] = DU_CELL(col, row);
				a.kind[0] = (uint8_t)get;
				try(l, &a);
			}
	for (int x = 0; x < DU_RES && holds(st, s, DU_FX_GOLDSMITH); x++)
		for (int y = x; y < DU_RES; y++) {
			du_action_init(&a, DU_A_GOLDSMITH);
			a.kind[0] = (uint8_t)x;
			a.kind[1] = (uint8_t)y;
			try(l, &a);
		}
	for (int x = 0; x < DU_RES && holds(st, s, DU_FX_CARAVAN); x++)
		for (int y = x; y < DU_RES; y++)
			for (int u = 0; u < DU_RES; u++)
				for (int v = u; v < DU_RES; v++) {
					du_action_init(&a, DU_A_CARAVAN);
					a.kind[0] = (uint8_t)x;
					a.kind[1] = (uint8_t)y;
					a.kind[2] = (uint8_t)u;
					a.kind[3] = (uint8_t)v;
					try(l, &a);
				}
	for (int c0 = 0; c0 < DU_COLS * DU_ROWS &&
	    holds(st, s, DU_FX_RELOCATION); c0++)
		for (int c1 = c0 + 1; c1 < DU_COLS * DU_ROWS; c1++) {
			uint8_t v0 = st->p[s].cell[DU_COL(c0)][DU_ROW(c0)];
			uint8_t v1 = st->p[s].cell[DU_COL(c1)][DU_ROW(c1)];

			if (!(DU_IS_REGION(v0) || DU_IS_EXP(v0)) ||
			    !(DU_IS_REGION(v1) || DU_IS_EXP(v1)))
				continue;
			du_action_init(&a, DU_A_RELOCATION);
			a.cell[0] = (uint8_t)c0;
			a.cell[1] = (uint8_t)c1;
			try(l, &a);
		}
	list_steals(l);
	for (int c0 = 0; c0 < DU_COLS * DU_ROWS; c0++) {
		du_action_init(&a, DU_A_DEMOLISH);
		a.cell[0] = (uint8_t)c0;
		try(l, &a);
	}
	du_action_init(&a, DU_A_END);
	try(l, &a);
}

/* DU19.1-DU19.4: the cards that take from the other, 1 unit then 2,
 * Handelaar with each kind given back. */
static void
try_steal(struct lister *l, struct du_action *a)
{
	if (a->n[0] != DU_FX_TRADER) {
		try(l, a);
		return;
	}
	for (int g = 0; g < DU_RES; g++) {
		a->kind[2] = (uint8_t)g;
		try(l, a);
	}
}

static void
list_steals(struct lister *l)
{
	static const uint8_t fx[] = { DU_FX_MASTER_MERCHANT, DU_FX_TRADER,
	    DU_FX_RAID, DU_FX_DOUNYA };
	struct du_action a;

	for (int i = 0; i < 4; i++) {
		if (!holds(l->st, l->seat, fx[i]))
			continue;
		if (fx[i] == DU_FX_DOUNYA) {
			du_action_init(&a, DU_A_STEAL);
			a.n[0] = fx[i];
			try(l, &a);
			continue;
		}
		for (int x = 0; x < DU_RES; x++) {
			du_action_init(&a, DU_A_STEAL);
			a.n[0] = fx[i];
			a.n[1] = 1;
			a.kind[0] = (uint8_t)x;
			try_steal(l, &a);
		}
		for (int x = 0; x < DU_RES; x++)
			for (int y = x; y < DU_RES; y++) {
				du_action_init(&a, DU_A_STEAL);
				a.n[0] = fx[i];
				a.n[1] = 2;
				a.kind[0] = (uint8_t)x;
				a.kind[1] = (uint8_t)y;
				try_steal(l, &a);
			}
	}
}

static void
list_choice(struct lister *l)
{
	const struct du_state *st = l->st;
	int s = l->seat, o = 1 - s;
	struct du_action a;

	switch (st->choice) {
	case DU_CH_GAIN:
	case DU_CH_BUY:
		for (int k = 0; k < DU_RES; k++) {
			du_action_init(&a, st->choice == DU_CH_GAIN ? DU_A_GAIN :
			    DU_A_BUY);
			a.kind[0] = (uint8_t)k;
			try(l, &a);
		}
		if (st->choice == DU_CH_BUY) {
			du_action_init(&a, DU_A_PASS);
			try(l, &a);
		}
		break;
	case DU_CH_SELECT: {
		uint8_t b[DU_COLS * DU_ROWS];
		int n = 0;

		for (int col = 0; col < DU_COLS; col++)
			for (int row = 0; row < DU_ROWS; row++)
				if (DU_IS_EXP(st->p[o].cell[col][row]))
					b[n++] = DU_CELL(col, row);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				for (int k = j + 1; k < n; k++) {
					du_action_init(&a, DU_A_SELECT);
					a.cell[0] = b[i];
					a.cell[1] = b[j];
					a.cell[2] = b[k];
					try(l, &a);
				}
		break;
	}
	case DU_CH_REMOVE:
		for (int i = 0; i < st->nselected; i++)
			for (int k = 1; k <= du_nstacks(st); k++) {
				du_action_init(&a, DU_A_REMOVE);
				a.cell[0] = st->selected[i];
				a.n[0] = (uint8_t)k;
				try(l, &a);
			}
		break;
	case DU_CH_SINK:
		for (int c0 = 0; c0 < DU_COLS * DU_ROWS; c0++) {
			du_action_init(&a, DU_A_REMOVE);
			a.cell[0] = (uint8_t)c0;
			try(l, &a);
		}
		break;
	case DU_CH_PUT: {
		int n = st->p[o].nhand;

		for (int x = 1; x <= n; x++)
			for (int y = n >= 2 ? x + 1 : 0; y <= (n >= 2 ? n : 0); y++)
				for (int sx = 1; sx <= du_nstacks(st); sx++)
					for (int sy = n >= 2 ? 1 : 0;
					    sy <= (n >= 2 ? du_nstacks(st) : 0); sy++) {
						du_action_init(&a, DU_A_PUT);
						a.n[0] = (uint8_t)x;
						a.n[1] = (uint8_t)sx;
						a.n[2] = (uint8_t)y;
						a.n[3] = (uint8_t)sy;
						try(l, &a);
					}
		break;
	}
	default:
		break;
	}
}

static int
ref_legal_each(const struct du_state *st, int seat,
    void (*fn)(void *, const struct du_action *), void *ctx)
{
	struct lister l = { st, seat, fn, ctx, 0 };
	struct du_action a;

	if (st->phase == DU_PH_OVER || seat != st->aw_seat)
		return 0;
	switch (st->phase) {
	case DU_PH_START:
		for (int k = 1; k <= du_nstacks(st); k++) {
			du_action_init(&a, DU_A_START);
			a.n[0] = (uint8_t)k;
			try(&l, &a);
		}
		break;
	case DU_PH_ROLL:
		du_action_init(&a, DU_A_ROLL);
		try(&l, &a);
		for (int k = 1; k <= 6; k++) {
			du_action_init(&a, DU_A_MARILEEN);
			a.n[0] = (uint8_t)k;
			try(&l, &a);
		}
		break;
	case DU_PH_ACTION:
		list_action(&l);
		break;
	case DU_PH_REGIONS:
		for (int i = 0; i < DU_REGIONS; i++)
			for (int j = 0; j < DU_REGIONS; j++) {
				du_action_init(&a, DU_A_REGIONS);
				a.region[0] = (uint8_t)i;
				a.region[1] = (uint8_t)j;
				try(&l, &a);
			}
		break;
	case DU_PH_REPLENISH:
		for (int k = 1; k <= du_nstacks(st); k++) {
			du_action_init(&a, DU_A_DRAW);
			a.n[0] = (uint8_t)k;
			try(&l, &a);
			for (int c = 1; c <= st->p[seat].nhand; c++) {
				du_action_init(&a, DU_A_DISCARD);
				a.n[0] = (uint8_t)k;
				a.n[1] = (uint8_t)c;
				try(&l, &a);
			}
		}
		break;
	case DU_PH_EXCHANGE:
		du_action_init(&a, DU_A_PASS);
		try(&l, &a);
		for (int c = 1; c <= st->p[seat].nhand; c++)
			for (int put = 1; put <= du_nstacks(st); put++)
				for (int k = 1; k <= du_nstacks(st); k++) {
					du_action_init(&a, DU_A_EXCHANGE_DRAW);
					a.n[0] = (uint8_t)put;
					a.n[1] = (uint8_t)c;
					a.n[2] = (uint8_t)k;
					try(&l, &a);
					for (int x = 0; x < DU_RES; x++)
						for (int y = x; y < DU_RES + 1; y++) {
							int fee1 = y == DU_RES;

							du_action_init(&a,
							    DU_A_EXCHANGE_SEARCH);
							a.n[0] = (uint8_t)put;
							a.n[1] = (uint8_t)c;
							a.n[2] = (uint8_t)k;
							if (!default_pay(st, seat, x,
							    fee1 ? 0xff : y, &a))
								continue;
							try(&l, &a);
						}
				}
		break;
	case DU_PH_ARRANGE:
		for (int c0 = 0; c0 < DU_COLS * DU_ROWS; c0++)
			for (int c1 = c0 + 1; c1 < DU_COLS * DU_ROWS; c1++) {
				du_action_init(&a, DU_A_SWAP);
				a.cell[0] = (uint8_t)c0;
				a.cell[1] = (uint8_t)c1;
				try(&l, &a);
			}
		du_action_init(&a, DU_A_READY);
		try(&l, &a);
		break;
	case DU_PH_TAKE:
		for (int c = 1; c <= st->nseg[st->search]; c++) {
			du_action_init(&a, DU_A_TAKE);
			a.n[0] = (uint8_t)c;
			try(&l, &a);
		}
		for (int x = 1; x <= st->nseg[st->search]; x++)
			for (int y = x + 1; y <= st->nseg[st->search]; y++)
				for (int z = y + 1; z <= st->nseg[st->search];
				    z++) {
					du_action_init(&a, DU_A_TAKE);
					a.n[0] = (uint8_t)x;
					a.n[1] = (uint8_t)y;
					a.n[2] = (uint8_t)z;
					try(&l, &a);
				}
		break;
	case DU_PH_CHOICE:
		list_choice(&l);
		break;
	default:
		break;
	}
	return l.n;
}


/* ---- the comparison ---------------------------------------------------- */

#define MAXL 8192
#define MAXA 6000

static struct du_action ref[MAXL], got[MAXL], cut[MAXL];
static int nref;
static struct du_data D;

static void
into_ref(void *ctx, const struct du_action *a)
{
	(void)ctx;
	if (nref < MAXL)
		ref[nref] = *a;
	nref++;
}

/* The build-first weights of the bot's playouts (bot.c), so that some
 * games grow principalities (buildings for DU8.1, ships for DU11). */
static unsigned
weight(const struct du_action *a)
{
	switch (a->verb) {
	case DU_A_BUILD_CITY:
	case DU_A_BUILD_SETTLEMENT:
		return 40;
	case DU_A_BUILD_EXP:
		return 20;
	case DU_A_BUILD_ROAD:
		return 10;
	case DU_A_END:
	case DU_A_PASS:
		return 4;
	default:
		return 1;
	}
}

/*
 * A pin on the listing itself: FNV-1a (64 bits) over every list the
 * generator gave for the awaited seat in these games, each order as
 * du_format() writes it followed by '\n', each list closed by '\0'.
 * The pinned values were computed on commit 8b5a38b's generator (before
 * the speed-ups of branch duelperf): a change in what is listed, its
 * order or its text changes the hash (and the games that follow, as
 * the picks are by index).  Seeds 1-80 (the games under valgrind) and
 * 1-160.
 */
#define LIST_HASH_80 0xe594ac62af22d9a3ULL
#define LIST_HASH_160 0xf725aa4977fc70ecULL

static const char *const verb_names[DU_VERBS] = {
	"start", "roll", "marileen", "build road", "build settlement",
	"build city", "build expansion", "trade", "trade 2 from", "goudsmid",
	"karavaan", "verhuizing", "end", "draw", "discard", "exchange draw",
	"exchange search", "take", "pass", "gain", "buy", "regions", "select",
	"remove", "put", "prefer", "resign", "demolish", "swap", "ready",
	"play (take from the other)", "show (sealed hands only, DU23.4)"
};

/*
 * A theme game's rules that are built (DU18.2 the goal, DU18.4 five
 * stacks, DU18.7 swap and ready, DU18.9 demolish, DU18.10 under a stack
 * of the card's back), set up by du_init_mode (no theme mode is offered
 * yet, and the embedded data holds no theme card): the
 * generator against the reference in every state of n random games,
 * each played until it is won or for MAXA actions (the intro's cards
 * alone seldom make 12 VP: the region stack holds 12 regions).
 * seen[] counts the orders listed by verb; *equal says whether
 * the lists agreed, *ended whether every game that ended was won by
 * points at 12 VP or more.
 */
static void
theme_games(int n, int *equal, int *ended, long seen[DU_VERBS])
{
	struct rules_error e;
	int won = 0;

	*equal = *ended = 1;
	for (int seed = 1001; seed < 1001 + n && *equal; seed++) {
		unsigned char key[RULES_SEED_BYTES] = { 0 };
		unsigned long long r = (unsigned long long)seed * 0x9e3779b97f4a7c15ull;
		struct du_state st;
		int k = 0;

		key[0] = (unsigned char)seed;
		key[1] = (unsigned char)(seed >> 8);
		if (du_init_mode(&st, &D, DU_MODE_GOLD, seed_chance(key), NULL,
		    &e) != 0)
			bail("init: %s", e.msg);
		for (; k < MAXA && st.phase != DU_PH_OVER; k++) {
			int seat = du_await_seat(&st), cnt, pick;
			unsigned long long sum, x;

			nref = 0;
			ref_legal_each(&st, seat, into_ref, NULL);
			cnt = du_legal(&st, seat, got, MAXL);
			if (cnt != nref || cnt == 0 || memcmp(ref, got,
			    sizeof ref[0] * (size_t)nref) != 0) {
				diag("theme seed %d action %d: the lists differ",
				    seed, k);
				*equal = 0;
				break;
			}
			for (int i = 0; i < cnt; i++)
				seen[got[i].verb]++;
			/* build-first, as half of the games above */
			r = r * 6364136223846793005ull + 1442695040888963407ull;
			sum = 0;
			for (int i = 0; i < cnt; i++)
				sum += weight(&got[i]);
			x = (r >> 24) % sum;
			for (pick = 0; x >= weight(&got[pick]); pick++)
				x -= weight(&got[pick]);
			if (du_apply(&st, seat, &got[pick], 0, NULL, &e) != 0) {
				*equal = 0;
				break;
			}
		}
		if (st.phase == DU_PH_OVER && (st.how != 0 ||
		    du_vp(&st, st.winner) < 12))
			*ended = 0;
		won += st.phase == DU_PH_OVER;
	}
	diag("%d of %d theme games won", won, n);
}

int
main(void)
{
	struct rules_error e;
	long states = 0, orders = 0, seen[DU_VERBS] = { 0 };
	int equal = 1, other_ok = 1, cut_ok = 1, applied = 1, games = 0;
	int inplace_ok = 1;
	int ngames = getenv("DUEL_LEGAL_GAMES") ?
	    atoi(getenv("DUEL_LEGAL_GAMES")) : tap_valgrind() ? 80 : 160;
	char t0[RULES_ACTION_MAX], t1[RULES_ACTION_MAX];
	uint64_t hash = LIST_HASH_INIT, hash80 = 0;

	if (du_data_load(&D, NULL, 0, &e) != 0)
		bail("cards: %s", e.msg);
	if (ngames < 160)
		diag("%d random games of 160%s", ngames, tap_valgrind() ?
		    " (under valgrind)" : "");
	for (int seed = 1; seed <= ngames && equal && applied; seed++) {
		unsigned char key[RULES_SEED_BYTES] = { 0 };
		unsigned long long r = (unsigned long long)seed * 0x9e3779b97f4a7c15ull;
		struct du_state st, own[2];
		int weighted = seed % 2 == 0;

		key[0] = (unsigned char)seed;
		key[1] = (unsigned char)(seed >> 8);
		key[31] = 0x1e;
		if (du_init(&st, &D, seed_chance(key), NULL, &e) != 0)
			bail("init: %s", e.msg);
		games++;
		for (int n = 0; n < MAXA && st.phase != DU_PH_OVER; n++) {
			int seat = du_await_seat(&st), cnt, pick;

			nref = 0;
			ref_legal_each(&st, seat, into_ref, NULL);
			cnt = du_legal(&st, seat, got, MAXL);
			states++;
			if (cnt != nref || nref > MAXL ||
			    memcmp(ref, got, sizeof ref[0] * (size_t)nref) != 0) {
				int i = 0;

				while (i < nref && i < cnt &&
				    memcmp(&ref[i], &got[i], sizeof ref[0]) == 0)
					i++;
				t0[0] = t1[0] = '\0';
				if (i < nref)
					du_format(&D, &ref[i], t0, sizeof t0);
				if (i < cnt)
					du_format(&D, &got[i], t1, sizeof t1);
				diag("seed %d action %d, phase %d choice %d: the "
				    "reference lists %d, the generator %d; first "
				    "difference at %d: '%s' / '%s'", seed, n,
				    st.phase, st.choice, nref, cnt, i, t0, t1);
				equal = 0;
				break;
			}
			orders += cnt;
			for (int i = 0; i < cnt; i++) {
				seen[got[i].verb]++;
				du_format(&D, &got[i], t0, sizeof t0);
				hash = list_hash_order(hash, t0);
			}
			hash = list_hash_end(hash);
			/* the seat not awaited: nothing, from either */
			nref = 0;
			if (ref_legal_each(&st, 1 - seat, into_ref, NULL) != 0 ||
			    du_legal(&st, 1 - seat, got + cnt, MAXL - cnt) != 0)
				other_ok = 0;
			/* cut short: the first max orders, the count in full */
			if (cnt > 1 && (du_legal(&st, seat, cut, cnt / 2) != cnt ||
			    memcmp(cut, got, sizeof got[0] * (size_t)(cnt / 2))))
				cut_ok = 0;
			if (cnt == 0) {
				diag("seed %d action %d: nothing listed", seed, n);
				applied = 0;
				break;
			}
			r = r * 6364136223846793005ull + 1442695040888963407ull;
			if (weighted) {
				unsigned long long sum = 0, x;

				for (int i = 0; i < cnt; i++)
					sum += weight(&got[i]);
				x = (r >> 24) % sum;
				for (pick = 0; x >= weight(&got[pick]); pick++)
					x -= weight(&got[pick]);
			} else
				pick = (int)((r >> 33) % (unsigned long long)cnt);
			/* in place from the state's own generator: as du_apply */
			memcpy(&own[0], &st, sizeof st);
			own[0].chance = NULL;
			own[0].own = 1;
			own[0].rng = r;
			memcpy(&own[1], &own[0], sizeof st);
			if (du_apply(&own[0], seat, &got[pick], 0, NULL, &e) != 0 ||
			    du_apply_listed(&own[1], seat, &got[pick]) != 0 ||
			    memcmp(&own[0], &own[1], sizeof st) != 0)
				inplace_ok = 0;
			if (du_apply(&st, seat, &got[pick], 0, NULL, &e) != 0) {
				du_format(&D, &got[pick], t0, sizeof t0);
				diag("seed %d: listed '%s' refused: %s", seed, t0,
				    e.msg);
				applied = 0;
				break;
			}
		}
		if (seed == 80)
			hash80 = hash;
	}
	ok(equal, "the generator lists exactly the reference's orders, in its "
	    "order, in all %ld states of %d random games (%ld orders)", states,
	    games, orders);
	ok(other_ok, "DU16.1: nothing is listed for the seat not awaited");
	ok(cut_ok, "du_legal() cut short writes the first orders and counts "
	    "them all");
	ok(applied, "every order picked from the list applies");
	ok(inplace_ok, "du_apply_listed() in place leaves the state du_apply() "
	    "leaves, from the state's own generator");
	if (ngames >= 80) {
		ok(hash80 == LIST_HASH_80, "the lists of seeds 1-80 hash as "
		    "before (FNV-1a of the formatted orders): %016llx",
		    (unsigned long long)hash80);
	}
	if (ngames == 160)
		ok(hash == LIST_HASH_160, "the lists of seeds 1-160 hash as "
		    "before (FNV-1a of the formatted orders): %016llx",
		    (unsigned long long)hash);
	{
		int teq, tend;
		long tseen[DU_VERBS] = { 0 };

		theme_games(20, &teq, &tend, tseen);
		ok(teq, "DU18.9 DU18.7 DU18.6 DU18.2: in 20 random games of a "
		    "theme game's rules the generator lists the reference's "
		    "orders");
		ok(tend, "DU18.2: each of them that ended was won by points, at "
		    "12 VP or more, never at 7");
		ok(tseen[DU_A_DEMOLISH] > 0 && tseen[DU_A_SWAP] > 0 &&
		    tseen[DU_A_READY] > 0, "DU18.9 DU18.7: demolish, swap, ready "
		    "compared: listed %ld, %ld, %ld times", tseen[DU_A_DEMOLISH],
		    tseen[DU_A_SWAP], tseen[DU_A_READY]);
		ok(seen[DU_A_DEMOLISH] == 0 && seen[DU_A_SWAP] == 0 &&
		    seen[DU_A_READY] == 0, "DU10.5: demolish, swap and ready are "
		    "never listed in the introductory game");
		ok(tseen[DU_A_STEAL] > 0 && seen[DU_A_STEAL] == 0, "DU19.1: "
		    "the cards that take from the other compared in the theme "
		    "games (listed %ld times), never listed in the intro",
		    tseen[DU_A_STEAL]);
	}
	for (int v = 0; v < DU_VERBS; v++) {
		if (v == DU_A_DEMOLISH || v == DU_A_SWAP || v == DU_A_READY ||
		    v == DU_A_STEAL)
			continue;
		if (v == DU_A_PREFER || v == DU_A_RESIGN || v == DU_A_SHOW) {
			is_int(0, (int)seen[v], "'%s' is never listed",
			    verb_names[v]);
			continue;
		}
		ok(seen[v] > 0, "'%s' compared: listed %ld times", verb_names[v],
		    seen[v]);
	}
	return done_testing();
}
