/*
 * savesealed.c -- the save layer's part of sealed hands: the joins'
 * ElGamal keys and the sealed-deck table after the last join
 * (savesealed.h; trigon-save(5), "Sealed hands").
 *
 * Not here: reading lines and blocks (save.c), the decks (sealed.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "savesealed.h"

struct save_sealed *
save_sealed_new(void)
{
	struct save_sealed *ss = calloc(1, sizeof *ss);

	if (ss != NULL)
		sealed_table_init(&ss->t);
	return ss;
}

void
save_sealed_free(struct save_sealed *ss)
{
	if (ss == NULL)
		return;
	sealed_table_release(&ss->t);
	sodium_memzero(ss, sizeof *ss);
	free(ss);
}

int
save_sealed_join(struct save_sealed *ss,
    const unsigned char id[FAIR_ID_BYTES], int seat,
    const char *const *names, const struct fair_answer *a, struct err *e)
{
	const char *name = names[seat];
	struct err fe;

	err_clear(&fe);
	if (!a->u.join.has_y)
		return err_set(e, ERR_REFUSED, "%s's join carries no y= and "
		    "pok=, which sealed hands require", name);
	if (fair_pok_verify(id, name, a->u.join.y, a->u.join.pok_c,
	    a->u.join.pok_s, &fe) != 0)
		return err_set(e, ERR_REFUSED, "%s's join: %s", name, fe.msg);
	for (int t = 0; t < RULES_MAX_SEATS; t++)
		if (t != seat && (ss->joined & 1u << t) &&
		    sodium_memcmp(ss->y[t], a->u.join.y, FAIR_BYTES) == 0)
			return err_set(e, ERR_REFUSED, "%s's join repeats "
			    "%s's ElGamal key y=", name, names[t]);
	memcpy(ss->y[seat], a->u.join.y, FAIR_BYTES);
	ss->joined |= 1u << seat;
	return 0;
}

int
save_sealed_start(struct save_sealed *ss,
    const unsigned char id[FAIR_ID_BYTES], int nseats,
    const char *const *names, const struct rules *r, struct err *e)
{
	int rc;

	if (nseats < 1 || nseats > RULES_MAX_SEATS ||
	    ss->joined != (1u << nseats) - 1)
		return err_set(e, ERR_USAGE, "not every seat has its key");
	rc = sealed_game_init(&ss->t.g, id, (unsigned)nseats, names,
	    (const unsigned char (*)[MP_BYTES])ss->y, -1, NULL, e);
	if (rc != 0)
		return rc;
	ss->ready = 1;
	if (!r->hands_sealed)
		return err_set(e, ERR_REFUSED, "%s deals no sealed hands yet: "
		    "a game with 'hands sealed' cannot start", r->title);
	return 0;
}

int
save_sealed_join_text(char *out, size_t n, const struct fair_seat *fs,
    struct err *e)
{
	unsigned char c[FAIR_BYTES], s[FAIR_BYTES];
	char y[FAIR_B64_LEN + 1], ct[FAIR_B64_LEN + 1], st[FAIR_B64_LEN + 1];
	int rc, len;

	if ((rc = fair_pok_prove(fs, c, s, e)) != 0)
		return rc;
	fair_b64(y, fs->y);
	fair_b64(ct, c);
	fair_b64(st, s);
	len = snprintf(out, n, " y=%s pok=%s%s", y, ct, st);
	if (len < 0 || (size_t)len >= n)
		return err_set(e, ERR_USAGE, "no room for a join's y= and "
		    "pok=");
	return 0;
}
