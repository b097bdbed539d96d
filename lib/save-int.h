/*
 * save-int.h -- what the pieces of the save file's reader and writer
 * (lib/save*.c, not savecheck.c nor savesealed.c) share: the reader's
 * states, the format-2 state of a game (struct save_fair), and the
 * functions one piece calls in another, named sv_*.  Not for use
 * outside these files: lib/save.h is the interface.
 */
#ifndef TRIGON_SAVE_INT_H
#define TRIGON_SAVE_INT_H

#include <stdint.h>
#include <sys/types.h>

#include "buf.h"
#include "err.h"
#include "fair.h"
#include "save.h"

enum {
	ST_MAGIC, ST_RULES, ST_GAME, ST_SEED, ST_CREATED, ST_CHANCE,
	ST_HANDS, ST_DEADLINE, ST_OPTIONS, ST_PLAYERS, ST_DATA, ST_BODY,
};

#define LABEL_ACTION "trigon-save 1 action"
#define LABEL_ACTION2 "trigon-save 2 action"	/* same length */
#define LABEL_END2 "trigon-save 2 end"
#define LABEL_END "trigon-save 1 end"
#define LABEL_GAME_ID "trigon-save game id"
#define BLOCK_ANSWERS_MAX 4096

enum { PEND_NONE, PEND_CREATE, PEND_ACTION };

struct fair_seatst {
	int joined;
	int join_line;
	int audit_line;			/* its audit line, or 0 */
	unsigned char answer_pk[32];
	unsigned char anchor[32];
	unsigned char commit[32];	/* to S: checked at the audit */
	struct fair_chain chain;
};

struct blk_answer {
	char *line;			/* malloc'ed copy; a points into it */
	size_t len;
	int lineno;
	int seat;
	int used;
	struct fair_answer a;
	char **blob;			/* a shuffle's continuation lines */
	size_t *bloblen;
	unsigned nblob;
	char *chunk;			/* line, '\n', its blob lines */
	size_t chunklen;
};

struct save_fair {
	struct chance_fair src;		/* the game's source of chance */
	struct fair_seatst seat[RULES_MAX_SEATS];
	int joins_open;
	int join_line;			/* the line of "#? join: ..." */
	/* The line that waits for answers: the start, or an action. */
	int pend, pend_seat, pend_line;
	uint64_t pend_seq;
	char pend_act[RULES_ACTION_MAX + 1];
	size_t pend_len;
	/* The open block. */
	int answers_ok;			/* answers may still come */
	unsigned blob_left;		/* continuation lines still due */
	int processed;			/* its answers were applied */
	unsigned char block_hash[32];
	off_t block_off;		/* bytes before its first answer */
	unsigned blk_joined;		/* seats joining in this block */
	/* At the block's start (claims name only what was open then): */
	uint32_t blk_keyed;		/* events keyed before it */
	int blk_joins_open;
	unsigned char blk_key[RULES_MAX_SEATS][32];
	struct blk_answer *ans;
	size_t nans, cap;
	int any_answer;			/* the file holds an answer line */
	/* A forfeit (trigon-save(5), Deadlines and forfeit). */
	int forfeit_seat;		/* -1: none */
	int forfeit_line;
	uint32_t forfeit_event;		/* the await it withheld; 0: join */
	int64_t forfeit_when;		/* its date: disputable until + grace */
	char tline[SAVE_LINE_MAX + 1];	/* the timeout it stands on */
	int void_line;			/* a forfeit voided by an answer */
	int forfeit_pending;		/* of a move: the rules not yet told */
	int forfeit_by;			/* its claimant */
	char fline[SAVE_LINE_MAX + 1];	/* the forfeit line itself */
	int final_line;			/* open chance: its final line, or 0 */
	/* Each seat's latest claim date in earlier blocks (monotone). */
	int64_t last_claim[RULES_MAX_SEATS];
	int last_claim_line[RULES_MAX_SEATS];
	/* The audit (trigon-save(5)): opened when the game is over. */
	int audit_open;
	int audit_line;			/* the line of "#? audit: ..." */
	struct buf owed;		/* lines owed, each '\n'-ended */
	size_t owed_pos;
	struct save_sealed *sealed;	/* hands sealed: lib/savesealed.h */
	/* The requests the game keeps (setup->sealed): sealed->req, kept
	 * here so that a copy of the game (save-snap.c) points into the
	 * save_fair it is restored into, like &src.chance. */
	struct rules_sealed sealed_req;
	/* The save at the open block's start (save-snap.c), or NULL. */
	struct sv_snap *snap;
	int replay_answers;		/* tests: answers replay the file */
	unsigned long answer_replays;	/* answers that did (tests) */
};

/* " | " + chain + " " + signature */
#define ACTION_SUFFIX (3 + 2 * SAVE_CHAIN_SHOWN + 1 + SAVE_SIG_TEXT)

/* One answer line to merge into a block. */
struct merge_line {
	const char *p;
	size_t n;			/* with its blob lines */
	size_t n1;			/* the answer line alone */
	int seat;
	struct fair_answer a;
};

/* The functions, by the file that holds them. */

/* ---- save.c ---- */

int sv_fail(struct save *s, struct err *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *sv_canonical(const char *p, size_t len);
int sv_is_hex(const char *p, size_t n);
int sv_parse_seq(const char *p, size_t n, uint64_t *out);
int sv_starts(const char *l, size_t len, const char *word);

/* ---- save-header.c ---- */

int sv_feed_header(struct save *s, const char *l, size_t len, struct err *e);
void sv_setup_fill(struct save *s, struct rules_setup *su, const char **opts);

/* ---- save-replay.c ---- */

int sv_settle(struct save *s, struct rules_error *re);
int sv_seat_of_name(const struct save *s, const char *c, size_t n);
void sv_chain_now(const struct save *s, unsigned char out[32]);
int sv_next_note(struct save *s, const char **p, size_t *n);
size_t sv_action_msg(unsigned char *buf, const struct save *s, uint64_t seq,
    const unsigned char chain[32], const char *seat_name, const char *act,
    size_t alen);
size_t sv_end_msg(unsigned char *buf, const struct save *s, uint64_t seq,
    const unsigned char chain[32]);
int sv_emit(struct save *s, struct err *e, enum save_event_kind k, uint64_t seq,
    int seat, const char *text, size_t len);
int sv_decode_sig(unsigned char sig[64], const char *p);
unsigned sv_may_act(const struct rules_await *aw);
int sv_feed_action(struct save *s, const char *l, size_t len, struct err *e);
int sv_feed_body(struct save *s, const char *l, size_t len, struct err *e);

/* ---- save-block.c ---- */

struct save_fair *sv_fair_new(void);
void sv_blk_clear(struct save_fair *f);
void sv_fair_release(struct save_fair *f);
void sv_fair_free(struct save_fair *f);
int sv_owe(struct save *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int sv_owed_next(const struct save *s, const char **p, size_t *n);
int sv_owe_notes(struct save *s);
void sv_seat_list(const struct save *s, unsigned mask, char *buf, size_t n);
int sv_owe_events(struct save *s, uint32_t from);
int sv_owe_audit(struct save *s);
/* after a struct save is moved: the sealed layer owes to its new place */
void sv_sealed_rehome(struct save *s);
unsigned sv_all_seats(const struct save *s);
int sv_fail_at(struct save *s, struct err *e, int line, int code,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int sv_advance(struct save *s, struct err *e);
int sv_apply_sealed(struct save *s, const struct blk_answer *b, int final,
    struct err *e);
int sv_apply_answer(struct save *s, struct blk_answer *b, struct err *e);

/* ---- save-forfeit.c ---- */

void sv_await_name(const struct save *s, uint32_t ev, char *buf, size_t n);
int sv_owes_move(const struct save *s, int seat, int *asked);
int sv_owes(const struct save *s, int seat, uint32_t ev, int *asked);
int sv_forfeit_final(const struct save *s);
struct blk_answer *sv_find_timeout(struct save_fair *f, int accused,
    uint32_t ev);
int sv_process_block(struct save *s, struct err *e);

/* ---- save-await.c ---- */

int sv_final_due(const struct save *s);
int sv_answer_open(struct save *s, const char *file, size_t len,
    const unsigned char *sk, const char *extra, struct buf *out, int *added,
    struct err *e);

/* ---- save-body2.c ---- */

int sv_answer_cmp(int sa, const struct fair_answer *a, int sb,
    const struct fair_answer *b);
void sv_answer_text(const struct blk_answer *b, const char **p, size_t *n);
int sv_feed_chunk(struct save *s, const char *p, size_t n, struct err *e);
int sv_feed_body2(struct save *s, const char *l, size_t len, struct err *e);

/* ---- save-write.c ---- */

int sv_put_line(struct save *s, struct buf *out, const char *l, size_t n,
    struct err *e);
int sv_seal2(struct save *s, const unsigned char *sk, struct buf *out,
    struct err *e);

/* ---- save-answer.c ---- */

int sv_feed_lines(struct save *s, const char *p, size_t len, struct err *e);
/* "@ SEAT BODY | BLOCK SIG" signed with sk (an answer key, or the main
 * key in an open game), appended to out (save-answer.c). */
int sv_sign_answer(const struct save *s, int si, const char *body,
    const unsigned char block[32], const unsigned char *sk, struct buf *out,
    struct err *e);
int sv_merge_cmp(const void *x, const void *y);
int sv_merge_block(const struct save *s, const struct buf *more,
    struct merge_line **out, size_t *n, struct err *e);
int sv_keep_comments(struct save *s, const char *p, size_t len, struct buf *out,
    struct err *e);
int sv_answer_impl(struct save *s, const char *file, size_t len,
    const unsigned char *sk, const struct fair_export *x, const char *extra,
    struct buf *out, int *added, struct err *e);

/* ---- save-snap.c ---- */

struct sv_snap;
int sv_snap_take(struct sv_snap **out, const struct save *s, struct err *e);
int sv_snap_fits(const struct sv_snap *sn, off_t off,
    const unsigned char block[32]);
int sv_snap_restore(struct save *dst, struct save_fair *w,
    const struct sv_snap *sn, struct err *e);
void sv_snap_drop(struct save *dst);
void sv_snap_free(struct sv_snap *sn);

#endif
