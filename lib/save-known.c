/*
 * save-known.c -- the end of verify's audit for sealed hands: the game
 * replayed by a reader that knows every card (doc/sealed-hands.md,
 * 8.7; trigon-save(5), Sealed hands).
 *
 * Once every seat has audited its S, every position of every sealed
 * deck can be decrypted.  The file is then read a second time as a
 * reader that knows every seat's key: each card dealt is told to the
 * rules face up, whoever holds it, so every check the rules make of a
 * holder's own cards applies to every hand, and the game it ends in
 * must be the one the observer's reading ended in.  What lives
 * elsewhere: the faces (savesealed.c, save_sealed_know_all), the
 * first reading and the audit itself (save-block.c).
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "save.h"
#include "savesealed.h"
#include "save-int.h"

static int same_end(const struct save *a, const struct save *b,
    struct err *e);

int
save_replay_known(const struct save *s, const char *path, unsigned *known,
    struct err *e)
{
	struct save r;
	int rc;

	*known = 0;
	if (s->fair == NULL || s->hdr.hands != SAVE_HANDS_SEALED ||
	    !save_sealed_all_audited(s->fair->sealed) || s->game == NULL)
		return 0;
	save_init(&r, s->name);
	r.table = s->table;
	r.reader_all = s->fair->sealed;
	if ((rc = save_load(&r, path, NULL, e)) == 0 &&
	    (rc = same_end(s, &r, e)) == 0)
		*known = r.fair->sealed->nknown;
	if (rc != 0 && e->line > 0)
		snprintf(e->msg + strlen(e->msg), sizeof e->msg -
		    strlen(e->msg), " (in the replay with every card known)");
	save_release(&r);
	return rc;
}

/* The all-knowing reading ends where the observer's did. */
static int
same_end(const struct save *a, const struct save *b, struct err *e)
{
	struct rules_await x, y;
	unsigned char ha[32], hb[32];

	/* The shuffle proofs were checked by the first reading alone: the
	 * second must have read the same lines (the same hash chain). */
	sv_chain_now(a, ha);
	sv_chain_now(b, hb);
	if (sodium_memcmp(ha, hb, 32) != 0)
		return err_set(e, ERR_REFUSED, "the file changed while it was "
		    "read a second time, with every card known");
	if (b->game == NULL || b->nactions != a->nactions ||
	    !save_sealed_all_audited(b->fair->sealed))
		return err_set(e, ERR_REFUSED, "the replay with every card "
		    "known reads %llu moves, not %llu",
		    (unsigned long long)b->nactions,
		    (unsigned long long)a->nactions);
	a->rules->await(a->game, &x);
	b->rules->await(b->game, &y);
	if (x.over != y.over || x.seat != y.seat || x.winner != y.winner ||
	    strcmp(x.how, y.how) != 0 || strcmp(x.text, y.text) != 0)
		return err_set(e, ERR_REFUSED, "with every card known the game "
		    "ends otherwise: %s", y.over ? y.how : y.text);
	return 0;
}
