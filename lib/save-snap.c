/*
 * save-snap.c -- format 2: a copy of a save as it stood at the start of
 * its open block, so that an answer (save-answer.c) rebuilds the block
 * from there instead of replaying the whole file before it: the cost of
 * an answer no longer grows with the length of the game.
 *
 * The game keeps a pointer to its source of chance, &fair->src.chance
 * (rules.h, "Chance"), and its clones share it.  So a copy is never a
 * second live save: the copy's game is a clone pointing at the source
 * of the save_fair the copy belongs to, and sv_snap_restore() fills
 * that very save_fair again (in place) before the block is fed anew.
 * A copy is made only of a state a replay of the file's bytes before
 * the block would reach, field for field (what a fresh reader with the
 * same reader key holds: no callback, no signature pool).  With sealed
 * hands the copy holds the sealed layer too (lib/savesealed.c: the
 * joined keys, the table as this reader reads it, the opens asked);
 * the game keeps &fair->sealed_req as it keeps &fair->src.chance, and
 * the restored layer owes its "#?" lines to the save restored.
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "save.h"
#include "save-int.h"
#include "savesealed.h"

struct sv_snap {
	struct save s;		/* fair NULL; game: a clone; blobs: copies */
	struct save_fair f;	/* no answers, no snap */
};

static int copy_blobs(struct save_header *to, const struct save_header *from);
static int copy_fair(struct save_fair *to, const struct save_fair *from);

/*
 * A copy of s at the start of its open block, which must be the state
 * s is in: no answer in the block yet (s may have fed the end line
 * after the lines before it, which the copy leaves out).  0 with *out
 * NULL when s cannot be copied (an answer, a blob unread); ERR_NOMEM.
 */
int
sv_snap_take(struct sv_snap **out, const struct save *s, struct err *e)
{
	const struct save_fair *f = s->fair;
	struct sv_snap *sn;

	*out = NULL;
	if (f == NULL || f->nans > 0 ||
	    f->blob_left > 0 || s->blob_open || s->state != ST_BODY)
		return 0;
	if ((sn = calloc(1, sizeof *sn)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	sn->s = *s;
	sn->s.fair = NULL;
	sn->s.game = NULL;
	sn->s.hdr.nblobs = 0;
	sn->s.pool = NULL;
	sn->s.cb = NULL;
	sn->s.cbctx = NULL;
	sn->s.writing = 0;
	/* What save_finish sets, a replay has not set yet. */
	sn->s.disk_body = sn->s.disk_len = 0;
	memset(sn->s.disk_hash, 0, sizeof sn->s.disk_hash);
	sn->s.disk_end[0] = '\0';
	sn->s.disk_endlen = 0;
	if (s->ended) {
		/* The end line fed: one line more. */
		sn->s.ended = 0;
		sn->s.endline[0] = '\0';
		sn->s.endlen = 0;
		sn->s.line--;
	}
	sn->s.file_len = s->body_len;
	if (copy_blobs(&sn->s.hdr, &s->hdr) != 0 ||
	    copy_fair(&sn->f, f) != 0 ||
	    (s->game != NULL && (sn->s.game = s->rules->clone(s->game)) ==
	    NULL)) {
		sv_snap_free(sn);
		return err_set(e, ERR_NOMEM, "out of memory");
	}
	*out = sn;
	return 0;
}

/* Whether sn is the start of the block that begins at byte off, whose
 * hash (the chain there) is block. */
int
sv_snap_fits(const struct sv_snap *sn, off_t off,
    const unsigned char block[32])
{
	unsigned char h[32];

	if (sn == NULL || sn->s.body_len != off)
		return 0;
	sv_chain_now(&sn->s, h);
	return memcmp(h, block, 32) == 0;
}

/*
 * Make dst the save sn copied, its fair state in w (which holds
 * nothing: the save_fair whose source sn's game points at).  On
 * ERR_NOMEM dst holds what was made, for sv_snap_drop().
 */
int
sv_snap_restore(struct save *dst, struct save_fair *w,
    const struct sv_snap *sn, struct err *e)
{
	*dst = sn->s;
	dst->fair = w;
	dst->game = NULL;
	dst->hdr.nblobs = 0;
	if (copy_fair(w, &sn->f) != 0)
		return err_set(e, ERR_NOMEM, "out of memory");
	dst->chance = &w->src.chance;
	sv_sealed_rehome(dst);
	if (copy_blobs(&dst->hdr, &sn->s.hdr) != 0 ||
	    (sn->s.game != NULL && (dst->game = sn->s.rules->clone(
	    sn->s.game)) == NULL))
		return err_set(e, ERR_NOMEM, "out of memory");
	return 0;
}

/* Release what sv_snap_restore() made in dst, but keep dst->fair, the
 * save_fair itself, empty for the next restore. */
void
sv_snap_drop(struct save *dst)
{
	struct save_fair *w = dst->fair;

	dst->fair = NULL;
	save_release(dst);	/* the game first: it kept w's source */
	sv_fair_release(w);
	dst->fair = w;
}

void
sv_snap_free(struct sv_snap *sn)
{
	if (sn == NULL)
		return;
	save_release(&sn->s);
	sv_fair_release(&sn->f);
	free(sn);
}

/* The data blocks of from, copied into to (to->nblobs of them). */
static int
copy_blobs(struct save_header *to, const struct save_header *from)
{
	to->nblobs = 0;
	for (size_t i = 0; i < from->nblobs; i++) {
		const struct rules_blob *b = &from->blob[i];
		char *name = strdup(b->name), *text = NULL;

		if (name == NULL || (b->text != NULL &&
		    (text = malloc(b->len + 1)) == NULL)) {
			free(name);
			return ERR_NOMEM;
		}
		if (text != NULL)
			memcpy(text, b->text, b->len + 1);
		to->blob[i].name = name;
		to->blob[i].text = text;
		to->blob[i].len = b->len;
		to->nblobs = i + 1;
	}
	return 0;
}

/*
 * from (no answers) copied into to: the events with their labels, the
 * sealed layer, and of the lines owed only those not yet read (the
 * reader looks at nothing before owed_pos).  On ERR_NOMEM to holds
 * what was copied, for sv_fair_release().
 */
static int
copy_fair(struct save_fair *to, const struct save_fair *from)
{
	struct chance_fair_event *ev = NULL;

	*to = *from;
	to->ans = NULL;
	to->nans = to->cap = 0;
	to->sealed = NULL;
	to->snap = NULL;
	to->src.chance.ctx = &to->src;
	to->src.ev = NULL;
	to->src.nev = to->src.cap = 0;
	buf_init(&to->owed);
	to->owed_pos = 0;
	if (save_sealed_copy(&to->sealed, from->sealed) != 0)
		return ERR_NOMEM;
	if (to->sealed != NULL)
		to->sealed_req.ctx = to->sealed;
	if (from->owed.len > from->owed_pos && buf_add(&to->owed,
	    from->owed.p + from->owed_pos, from->owed.len - from->owed_pos) != 0)
		return ERR_NOMEM;
	if (from->src.nev > 0 &&
	    (ev = malloc(from->src.nev * sizeof *ev)) == NULL)
		return ERR_NOMEM;
	to->src.ev = ev;
	to->src.cap = from->src.nev;
	for (uint32_t i = 0; i < from->src.nev; i++) {
		ev[i] = from->src.ev[i];
		ev[i].label = NULL;
		if (from->src.ev[i].label != NULL &&
		    (ev[i].label = strdup(from->src.ev[i].label)) == NULL)
			return ERR_NOMEM;
		to->src.nev = i + 1;
	}
	return 0;
}
