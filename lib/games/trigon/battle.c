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

int
tg_battle(const struct tg_data *d, struct tg_state *st, int c, int spot,
    int path, struct tg_army *army, int order, struct rules_note *note)
{
	struct tg_rng r;
	int river = path >= 0 ? d->paths[path].river_index : -1;
	int dc, dk, ds, db, settle, palace, won, ev_a = 0, ev_d = 0;
	const char *where = d->spots[spot].name;
	char wherebuf[2 * TG_NAME_MAX + 16];
	struct tg_player *ap = &st->p[c], *dp;

	if (river >= 0) {
		dc = tg_river_color(st, river);
		dk = st->rkn[river];
		ds = st->rsc[river] & 3;
		db = settle = palace = 0;
		snprintf(wherebuf, sizeof wherebuf, "the river path %s-%s",
		    d->spots[d->paths[path].a].name,
		    d->spots[d->paths[path].b].name);
		where = wherebuf;
	} else {
		dc = tg_fig_color(st, spot);
		if (dc < 0)
			dc = tg_owner(st, spot);
		dk = dc == tg_fig_color(st, spot) ? st->kn[spot] : 0;
		ds = dc == tg_fig_color(st, spot) ? tg_scouts(st, spot) : 0;
		db = dc == tg_fig_color(st, spot) ? tg_boats(st, spot) : 0;
		settle = tg_owner(st, spot) == dc;
		palace = settle && tg_has_palace(st, spot);
	}
	dp = &st->p[dc];
	if (note != NULL) {
		char a[64], b[128];

		fmt_army(a, sizeof a, army->kn, army->sc, army->bt);
		fmt_defence(st, spot, settle, b, sizeof b, dk, ds, db);
		tg_note(note, "battle at %s: %s %s attack %s %s", where,
		    tg_color_name[c], a, tg_color_name[dc], b);
	}
	/* Battle cards are spent now (R8.7, R8.8). */
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
	{
		char label[sizeof wherebuf + 16];

		if (st->flags & TG_SF_FAST_RNG)
			label[0] = '\0';	/* playouts ask nobody */
		else
			snprintf(label, sizeof label, "battle at %s", where);
		tg_rng_open(st, TG_EV_BATTLE, label,
		    tg_seat_bit(st, c) | tg_seat_bit(st, dc), &r);
	}
	for (;;) {
		int ad = army->kn + army->sc, dd, as, ds_, lose;
		char abuf[64], dbuf[64];

		dd = dk + 2 * ds + 2 * db + 2 * settle + 3 * palace;
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
		if (as > ds_) {
			/* The defender loses: knights, scouts, boats, settlement. */
			if (dk > 0) {
				dk--;
				ev_a |= 1;
				lose = TG_KNIGHT;
				dp->units--;
			} else if (ds > 0) {
				ds--;
				ev_a |= 2;
				lose = TG_SCOUT;
				dp->scouts--;
			} else if (db > 0) {
				db--;
				ev_a |= 4;
				lose = TG_BOAT;
				dp->boats--;
			} else {
				settle = palace = 0;
				lose = 3;
			}
			tg_note(note, "roll: %s %s, %s %s: %s loses %s",
			    tg_color_name[c], abuf, tg_color_name[dc], dbuf,
			    tg_color_name[dc], lose == 3 ? "the settlement" :
			    lose == TG_KNIGHT ? "a knight" : lose == TG_SCOUT ?
			    "a scout" : "a boat");
		} else {
			const uint8_t *o = loss_perm[order];
			int k = 0;

			while ((o[k] == 0 && army->kn == 0) ||
			    (o[k] == 1 && army->sc == 0) ||
			    (o[k] == 2 && army->bt == 0))
				k++;
			lose = o[k];
			ev_d |= 1 << lose;
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
			    tg_color_name[c], abuf, tg_color_name[dc], dbuf,
			    tg_color_name[c], lose == TG_KNIGHT ? "a knight" :
			    lose == TG_SCOUT ? "a scout" : "a boat");
		}
	}
	won = army->kn + army->sc > 0;
	if (!won) {
		/* R8.4: boats that cannot attack are lost too. */
		if (army->bt > 0)
			ev_d |= 4;
		ap->boats = (uint8_t)(ap->boats - army->bt);
		army->bt = 0;
	}
	/* Write the defender's survivors back. */
	if (river >= 0) {
		st->rkn[river] = (uint8_t)dk;
		st->rsc[river] = (uint8_t)((st->rsc[river] & ~3) | ds);
		if (dk + ds == 0)
			st->rwho[river] = TG_NOBODY;
	} else if (dc == tg_fig_color(st, spot)) {
		st->kn[spot] = (uint8_t)dk;
		st->sc[spot] = (uint8_t)ds;
		st->bt[spot] = (uint8_t)db;
		if (dk + ds + db == 0)
			tg_set_who_fig(st, spot, -1);
	}
	if (!won) {
		char b[128];

		fmt_defence(st, spot, settle, b, sizeof b, dk, ds, db);
		tg_note(note, "%s holds %s with %s", tg_color_name[dc], where,
		    b);
		battle_events(d, st, dc, ev_d | 16, note);
		battle_events(d, st, c, ev_a, note);
		return 0;
	}
	/* The attacker won: a defending settlement has fallen (R8.5). */
	if (river < 0 && tg_owner(st, spot) == dc) {
		int inhab = tg_inhab(st, spot), keep = (inhab + 1) / 2;
		int card = tg_vcard(st, spot), city = tg_is_city(st, spot);
		int oldchip = tg_chip(st, spot), chip;
		int cap = tg_has_palace(st, spot);

		tg_settle_remove(d, st, spot, 0);
		ev_a |= 8;
		chip = tg_chip_free(st, c);
		if (chip == 0) {
			tg_vdeck_bottom(st, card);
			tg_note(note,
			    "%s destroys %s's %s %d at %s: no chip left",
			    tg_color_name[c], tg_color_name[dc],
			    city ? "city" : "village", oldchip, where);
		} else {
			if (keep > TG_UNITS - ap->units)
				keep = TG_UNITS - ap->units;
			tg_settle_add(d, st, spot, c, card, chip, keep, city, 0);
			tg_note(note,
			    "%s conquers %s's %s %d at %s%s: now %s %d with %d %s",
			    tg_color_name[c], tg_color_name[dc],
			    city ? "city" : "village", oldchip, where,
			    cap ? " and its palace is lost" : "",
			    tg_color_name[c], chip, keep,
			    keep == 1 ? "inhabitant" : "inhabitants");
		}
	}
	/* Survivors occupy, spent for this turn (R7.6). */
	if (river >= 0) {
		st->rwho[river] = (uint8_t)(c | (d->paths[path].b == spot ?
		    0x10 : 0));
		st->rkn[river] = (uint8_t)army->kn;
		st->rkmoved[river] = (uint8_t)army->kn;
		st->rsc[river] = (uint8_t)(army->sc | army->sc << 2);
	} else {
		int sc = tg_scouts(st, spot);

		tg_set_who_fig(st, spot, c);
		st->kn[spot] = (uint8_t)(st->kn[spot] + army->kn);
		st->kspent[spot] = (uint8_t)(st->kspent[spot] + army->kn);
		st->sc[spot] = tg_sc_pack(sc + army->sc, 0, 0, army->sc);
		st->bt[spot] = (uint8_t)((army->bt) | (army->bt << 4));
	}
	{
		char a[64];

		fmt_army(a, sizeof a, army->kn, army->sc, army->bt);
		tg_note(note, "%s wins at %s with %s", tg_color_name[c], where,
		    a);
	}
	(void)dp;
	battle_events(d, st, c, ev_a | 16, note);
	battle_events(d, st, dc, ev_d, note);
	return 1;
}
