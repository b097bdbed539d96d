/*
 * savecheck.h -- checks on save files held in memory, built on save.h's
 * public API, for the layers that move save files between players (git
 * and mail): "is this the same game", "does the new file only append to
 * the old one", "verify these bytes", and the byte offsets of a file's
 * actions (which lines the mail layer sends, which moves sync re-signs).
 *
 * The "body" of a save file is everything but its signed end line: the
 * end line is rewritten whenever moves are added (trigon-save(5)), so
 * appending moves keeps the old body as a byte prefix of the new file.
 */
#ifndef TRIGON_SAVECHECK_H
#define TRIGON_SAVECHECK_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "save.h"

/* Bytes of buf before its final "end " line (all of buf when none). */
size_t savecheck_body_len(const char *buf, size_t len);

/* 1-based number of the line of buf that holds byte offset off. */
int savecheck_line_of(const char *buf, size_t len, size_t off);

/*
 * Read and check all of buf (named name in messages) through s, which
 * this function initialises; release it with save_release() whatever
 * the result.  Errors as save_read_buf().
 */
int savecheck_verify(struct save *s, const char *name, const char *buf,
    size_t len, struct err *e);

/*
 * Format 2, deadlines (trigon-save(5), Deadlines and forfeit): a
 * timeout and the forfeit standing on it, or (open chance) a forfeit
 * and the final standing on it, are never taken in one delivery.
 * ERR_REFUSED when new holds a forfeit whose timeout line old lacks, or
 * a final whose forfeit line old lacks; 0 otherwise (also when new does not read: the caller's
 * own checks say why).
 */
int savecheck_one_delivery(const char *name, const char *oldbuf,
    size_t oldlen, const char *newbuf, size_t newlen, struct err *e);

/*
 * The pushed or mailed new version of a file may only add to the old
 * one: old's body must be a byte prefix of new, and new must verify.
 * ERR_REFUSED names (e->file = name, e->line) the first line of new
 * that differs from old ("rewrites line 57 ..."), or the verifier's
 * first bad line.
 */
int savecheck_append(const char *name, const char *oldbuf, size_t oldlen,
    const char *newbuf, size_t newlen, struct err *e);

/* One action of a file, with where its line starts and where the
 * action's part of the file (its line and its annotations) ends. */
struct savecheck_action {
	uint64_t seq;
	int seat;
	int line;
	size_t start, end;	/* byte offsets in the buffer */
	char text[RULES_ACTION_MAX + 1];
};

struct savecheck_map {
	size_t header_end;	/* offset after the "start" line */
	size_t body_len;	/* savecheck_body_len */
	size_t n, cap;
	struct savecheck_action *a;	/* malloc'ed, in order */
};

/* Verify buf (as savecheck_verify, s likewise) and list its actions. */
int savecheck_map(struct savecheck_map *m, struct save *s, const char *name,
    const char *buf, size_t len, struct err *e);
void savecheck_map_release(struct savecheck_map *m);

/*
 * Two copies of one game (trigon-save(5), Deadlines and forfeit): which
 * signed line one of them holds and the other lacks although it holds
 * that line's block, and where they hold two different moves at one
 * place.  A copy that lacks lines of its last block but holds none
 * there that the other lacks is behind, not cut: no difference.  A
 * line of the seat that sealed the copy without it is its own to leave
 * out (a client signs again what its seat still owes): no difference.
 */
enum { SAVECHECK_DROP, SAVECHECK_FORK };
struct savecheck_diff {
	int kind;		/* SAVECHECK_DROP or SAVECHECK_FORK */
	int holder;		/* 0: the first copy holds the line, 1: the second */
	int line;		/* the line, in the copy that holds it */
	int other;		/* DROP: the end line of the copy without it;
				 * FORK: the other copy's move at that place */
	uint64_t move;		/* the block's move (0: the joins) */
	char seat[SAVE_SEAT_MAX];	/* the line's seat */
	char sealer[SAVE_SEAT_MAX];	/* DROP: the seat whose end line
					 * seals the copy without it ("":
					 * format 1, whose end names none) */
	char text[96];		/* the line before " | " (cut to fit) */
};
/*
 * Compare a[0..alen) and b[0..blen), two files that each verify and
 * hold the same game: up to max differences into d, in order (drops
 * of b, then of a, block by block), the count of all into *n.  *behind
 * is 1 when b lacks lines of a only past or in its last block (b is
 * behind), 2 when a is behind b, 0 otherwise.  ERR_NOMEM only.
 */
int savecheck_compare(const char *a, size_t alen, const char *b,
    size_t blen, struct savecheck_diff *d, size_t max, size_t *n,
    int *behind, struct err *e);

/*
 * Format 2: new goes on past old's open block without signed lines old
 * holds there (save_merge: SAVE_MERGE_THEIRS with lines dropped), and
 * old's forfeit is final, so a move after it is late (trigon-save(5),
 * Deadlines and forfeit).  Always ERR_REFUSED, naming the dropped line
 * (a forfeit first) and the seat that sealed new without it.
 */
int savecheck_refuse_drop(const char *name, const char *oldbuf,
    size_t oldlen, const char *newbuf, size_t newlen, struct err *e);

#endif
