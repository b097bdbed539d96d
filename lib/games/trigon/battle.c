/*
 * battle.c -- a battle (R8): dice, casualties, conquest.
 *
 * The caller has taken the attacking army off its source (its pieces
 * still count in its owner's supply); tg_battle fights it out against
 * everything of the other color at the spot or on the river path, takes
 * the dead out of the supply counters, settles a fallen settlement
 * (R8.5, R8.9) and puts the attacker's survivors there, spent (R7.6).
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const uint8_t loss_perm[TG_L_N][3] = {
	{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 },
	{ 2, 1, 0 },
};

static void
fmt_army(char *buf, size_t n, int kn, int sc, int bt)
{
	size_t len = 0;
	const int v[3] = { kn, sc, bt };

	buf[0] = '\0';
	for (int k = 0; k < 3; k++)
		if (v[k] > 0 && len < n)
			len += (size_t)snprintf(buf + len, n - len, "%s%d %s",
			    len ? " " : "", v[k],
			    v[k] == 1 ? tg_fig_name[k] : tg_fig_plural[k]);
}

/* "2 knights and village 2 (4 inhabitants) with its palace" */
static void
fmt_defence(const struct tg_state *st, int spot, int settle, char *buf,
    size_t n, int kn, int sc, int bt)
{
	size_t len;

	fmt_army(buf, n, kn, sc, bt);
	len = strlen(buf);
	if (settle && len < n) {
		int inh = tg_inhab(st, spot);

		snprintf(buf + len, n - len, "%s%s %d (%d %s)%s",
		    len ? " and " : "", tg_is_city(st, spot) ? "city" :
		    "village", tg_chip(st, spot), inh,
		    inh == 1 ? "inhabitant" : "inhabitants",
		    tg_has_palace(st, spot) ? " with its palace" : "");
	} else if (!settle && len == 0)
		snprintf(buf, n, "nothing");
}

static int
roll(struct tg_state *st, struct tg_rng *r, int n, char *buf, size_t bn)
{
	int sum = 0;
	size_t len = 0;

	for (int i = 0; i < n; i++) {
		int v = tg_rng_die(st, r);

		sum += v;
		if (buf != NULL && len < bn)
			len += (size_t)snprintf(buf + len, bn - len, "%s%d",
			    i ? "+" : "", v);
	}
	if (buf != NULL && len < bn)
		snprintf(buf + len, bn - len, " = %d", sum);
	return sum;
}

/*
 * Quest events of one side (R10.1 Krijgskunst): bits 1 killed a knight,
 * 2 a scout, 4 a boat, 8 conquered or destroyed a settlement, 16 won.
 */
static void
battle_events(const struct tg_data *d, struct tg_state *st, int c, int ev,
    struct rules_note *note)
{
	static const uint8_t kind[5] = {
		TG_QK_KILL_KNIGHT, TG_QK_KILL_SCOUT, TG_QK_SINK_BOAT,
		TG_QK_CONQUER, TG_QK_WIN_BATTLE
	};

	for (int k = 0; k < 5; k++)
		if (ev & (1 << k))
			tg_quest_event(d, st, c, kind[k], 0, note);
}

/* The defending side of one battle, and what each side lost so far. */
struct battle {
	int river;		/* the river path's index, or -1 at a spot */
	int dc;			/* the defender's color */
	int dk, ds, db;		/* its knights, scouts, boats */
	int settle, palace;	/* its settlement and palace defend */
	int ev_a, ev_d;		/* quest events (battle_events) */
	const char *where;
	char wherebuf[2 * TG_NAME_MAX + 16];
};

/* Who defends the spot or the river path, with what (R8.2). */
static void
battle_defender(const struct tg_data *d, const struct tg_state *st,
    int spot, int path, struct battle *b)
{
	b->river = path >= 0 ? d->paths[path].river_index : -1;
	b->ev_a = b->ev_d = 0;
	b->where = d->spots[spot].name;
	if (b->river >= 0) {
		b->dc = tg_river_color(st, b->river);
		b->dk = st->rkn[b->river];
		b->ds = st->rsc[b->river] & 3;
		b->db = b->settle = b->palace = 0;
		snprintf(b->wherebuf, sizeof b->wherebuf,
		    "the river path %s-%s", d->spots[d->paths[path].a].name,
		    d->spots[d->paths[path].b].name);
		b->where = b->wherebuf;
	} else {
		int fig = tg_fig_color(st, spot);

		b->dc = fig;
		if (b->dc < 0)
			b->dc = tg_owner(st, spot);
		b->dk = b->dc == fig ? st->kn[spot] : 0;
		b->ds = b->dc == fig ? tg_scouts(st, spot) : 0;
		b->db = b->dc == fig ? tg_boats(st, spot) : 0;
		b->settle = tg_owner(st, spot) == b->dc;
		b->palace = b->settle && tg_has_palace(st, spot);
	}
}

/* Battle cards are spent now (R8.7, R8.8). */
static void
battle_spend_cards(struct tg_state *st, int c, int dc,
    const struct tg_army *army, struct rules_note *note)
{
	static const struct { int bit, card, att; } bc[] = {
		{ TG_X_CAV, TG_CARD_CAVALERIE, 1 },
		{ TG_X_TOWER, TG_CARD_VERDEDIGINGSTOREN, 1 },
		{ TG_X_DCAV, TG_CARD_CAVALERIE, 0 },
		{ TG_X_DTOWER, TG_CARD_VERDEDIGINGSTOREN, 0 },
		{ TG_X_DHINDER, TG_CARD_HINDERLAAG, 0 },
	};

	for (int k = 0; k < 5; k++) {
		int who = bc[k].att ? c : dc;

		if (!(army->x & bc[k].bit) ||
		    tg_hand_count(st, who, bc[k].card) == 0)
			continue;
		tg_hand_add(st, who, bc[k].card, -1);
		tg_discard_add(st, bc[k].card);
		tg_note(note, "%s plays %s", tg_color_name[who],
		    tg_cards[bc[k].card].slug);
	}
}

/* A roll the attacker won: the defender loses a knight, a scout, a
 * boat or, with none left, its settlement. */
static void
defender_loses(struct tg_state *st, int c, struct battle *b,
    const char *abuf, const char *dbuf, struct rules_note *note)
{
	struct tg_player *dp = &st->p[b->dc];
	int lose;

	if (b->dk > 0) {
		b->dk--;
		b->ev_a |= 1;
		lose = TG_KNIGHT;
		dp->units--;
	} else if (b->ds > 0) {
		b->ds--;
		b->ev_a |= 2;
		lose = TG_SCOUT;
		dp->scouts--;
	} else if (b->db > 0) {
		b->db--;
		b->ev_a |= 4;
		lose = TG_BOAT;
		dp->boats--;
	} else {
		b->settle = b->palace = 0;
		lose = 3;
	}
	tg_note(note, "roll: %s %s, %s %s: %s loses %s",
	    tg_color_name[c], abuf, tg_color_name[b->dc], dbuf,
	    tg_color_name[b->dc], lose == 3 ? "the settlement" :
	    lose == TG_KNIGHT ? "a knight" : lose == TG_SCOUT ?
	    "a scout" : "a boat");
}

/* A roll the defender won: the attacker loses a piece in the order of
 * losses it chose. */
static void
attacker_loses(struct tg_state *st, int c, struct tg_army *army, int order,
    struct battle *b, const char *abuf, const char *dbuf,
    struct rules_note *note)
{
	struct tg_player *ap = &st->p[c];
	const uint8_t *o = loss_perm[order];
	int k = 0, lose;

	while ((o[k] == 0 && army->kn == 0) ||
	    (o[k] == 1 && army->sc == 0) ||
	    (o[k] == 2 && army->bt == 0))
		k++;
	lose = o[k];
	b->ev_d |= 1 << lose;
	if (lose == TG_KNIGHT) {
		army->kn--;
		ap->units--;
	} else if (lose == TG_SCOUT) {
		army->sc--;
		ap->scouts--;
	} else {
		army->bt--;
		ap->boats--;
	}
	tg_note(note, "roll: %s %s, %s %s: %s loses %s",
	    tg_color_name[c], abuf, tg_color_name[b->dc], dbuf,
	    tg_color_name[c], lose == TG_KNIGHT ? "a knight" :
	    lose == TG_SCOUT ? "a scout" : "a boat");
}

/* Roll until one side has no dice left (R8.3, R8.8). */
static void
battle_rolls(struct tg_state *st, int c, struct tg_army *army, int order,
    struct battle *b, struct rules_note *note)
{
	struct tg_rng r;
	char label[sizeof b->wherebuf + 16];

	if (st->flags & TG_SF_FAST_RNG)
		label[0] = '\0';	/* playouts ask nobody */
	else
		snprintf(label, sizeof label, "battle at %s", b->where);
	tg_rng_open(st, TG_EV_BATTLE, label,
	    tg_seat_bit(st, c) | tg_seat_bit(st, b->dc), &r);
	for (;;) {
		int ad = army->kn + army->sc, dd, as, ds_;
		char abuf[64], dbuf[64];

		dd = b->dk + 2 * b->ds + 2 * b->db + 2 * b->settle +
		    3 * b->palace;
		if (ad == 0 || dd == 0)
			break;
		/* R8.8: cards add dice only to a side that has some. */
		ad += ((army->x & TG_X_CAV) != 0) +
		    2 * ((army->x & TG_X_TOWER) != 0);
		dd += ((army->x & TG_X_DCAV) != 0) +
		    2 * ((army->x & TG_X_DTOWER) != 0);
		if (army->x & TG_X_DHINDER)
			dd *= 2;
		if (ad > TG_MAX_DICE)
			ad = TG_MAX_DICE;
		if (dd > TG_MAX_DICE)
			dd = TG_MAX_DICE;
		as = roll(st, &r, ad, note ? abuf : NULL, sizeof abuf);
		ds_ = roll(st, &r, dd, note ? dbuf : NULL, sizeof dbuf);
		if (as > ds_)
			defender_loses(st, c, b, abuf, dbuf, note);
		else
			attacker_loses(st, c, army, order, b, abuf, dbuf, note);
	}
}

/* Write the defender's survivors back. */
static void
battle_survivors(struct tg_state *st, int spot, const struct battle *b)
{
	if (b->river >= 0) {
		st->rkn[b->river] = (uint8_t)b->dk;
		st->rsc[b->river] = (uint8_t)((st->rsc[b->river] & ~3) | b->ds);
		if (b->dk + b->ds == 0)
			st->rwho[b->river] = TG_NOBODY;
	} else if (b->dc == tg_fig_color(st, spot)) {
		st->kn[spot] = (uint8_t)b->dk;
		st->sc[spot] = (uint8_t)b->ds;
		st->bt[spot] = (uint8_t)b->db;
		if (b->dk + b->ds + b->db == 0)
			tg_set_who_fig(st, spot, -1);
	}
}

/* The attacker won: a defending settlement has fallen (R8.5). */
static void
battle_conquer(const struct tg_data *d, struct tg_state *st, int c,
    int spot, struct battle *b, struct rules_note *note)
{
	struct tg_player *ap = &st->p[c];
	int dc = b->dc;
	int inhab = tg_inhab(st, spot), keep = (inhab + 1) / 2;
	int card = tg_vcard(st, spot), city = tg_is_city(st, spot);
	int oldchip = tg_chip(st, spot), chip;
	int cap = tg_has_palace(st, spot);

	tg_settle_remove(d, st, spot, 0);
	b->ev_a |= 8;
	chip = tg_chip_free(st, c);
	if (chip == 0) {
		tg_vdeck_bottom(st, card);
		tg_note(note,
		    "%s destroys %s's %s %d at %s: no chip left",
		    tg_color_name[c], tg_color_name[dc],
		    city ? "city" : "village", oldchip, b->where);
	} else {
		if (keep > TG_UNITS - ap->units)
			keep = TG_UNITS - ap->units;
		tg_settle_add(d, st, spot, c, card, chip, keep, city, 0);
		tg_note(note,
		    "%s conquers %s's %s %d at %s%s: now %s %d with %d %s",
		    tg_color_name[c], tg_color_name[dc],
		    city ? "city" : "village", oldchip, b->where,
		    cap ? " and its palace is lost" : "",
		    tg_color_name[c], chip, keep,
		    keep == 1 ? "inhabitant" : "inhabitants");
	}
}

/* Survivors occupy, spent for this turn (R7.6). */
static void
battle_occupy(const struct tg_data *d, struct tg_state *st, int c,
    int spot, int path, const struct tg_army *army, const struct battle *b)
{
	if (b->river >= 0) {
		st->rwho[b->river] = (uint8_t)(c | (d->paths[path].b == spot ?
		    0x10 : 0));
		st->rkn[b->river] = (uint8_t)army->kn;
		st->rkmoved[b->river] = (uint8_t)army->kn;
		st->rsc[b->river] = (uint8_t)(army->sc | army->sc << 2);
	} else {
		int sc = tg_scouts(st, spot);

		tg_set_who_fig(st, spot, c);
		st->kn[spot] = (uint8_t)(st->kn[spot] + army->kn);
		st->kspent[spot] = (uint8_t)(st->kspent[spot] + army->kn);
		st->sc[spot] = tg_sc_pack(sc + army->sc, 0, 0, army->sc);
		st->bt[spot] = (uint8_t)((army->bt) | (army->bt << 4));
	}
}

int
tg_battle(const struct tg_data *d, struct tg_state *st, int c, int spot,
    int path, struct tg_army *army, int order, struct rules_note *note)
{
	struct battle b;
	struct tg_player *ap = &st->p[c];
	char a[64], def[128];

	battle_defender(d, st, spot, path, &b);
	if (note != NULL) {
		fmt_army(a, sizeof a, army->kn, army->sc, army->bt);
		fmt_defence(st, spot, b.settle, def, sizeof def, b.dk, b.ds,
		    b.db);
		tg_note(note, "battle at %s: %s %s attack %s %s", b.where,
		    tg_color_name[c], a, tg_color_name[b.dc], def);
	}
	battle_spend_cards(st, c, b.dc, army, note);
	battle_rolls(st, c, army, order, &b, note);
	if (army->kn + army->sc == 0) {
		/* R8.4: boats that cannot attack are lost too. */
		if (army->bt > 0)
			b.ev_d |= 4;
		ap->boats = (uint8_t)(ap->boats - army->bt);
		army->bt = 0;
		battle_survivors(st, spot, &b);
		fmt_defence(st, spot, b.settle, def, sizeof def, b.dk, b.ds,
		    b.db);
		tg_note(note, "%s holds %s with %s", tg_color_name[b.dc],
		    b.where, def);
		battle_events(d, st, b.dc, b.ev_d | 16, note);
		battle_events(d, st, c, b.ev_a, note);
		return 0;
	}
	battle_survivors(st, spot, &b);
	if (b.river < 0 && tg_owner(st, spot) == b.dc)
		battle_conquer(d, st, c, spot, &b, note);
	battle_occupy(d, st, c, spot, path, army, &b);
	fmt_army(a, sizeof a, army->kn, army->sc, army->bt);
	tg_note(note, "%s wins at %s with %s", tg_color_name[c], b.where, a);
	battle_events(d, st, c, b.ev_a | 16, note);
	battle_events(d, st, b.dc, b.ev_d, note);
	return 1;
}
