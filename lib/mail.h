/*
 * mail.h -- turns by e-mail: the armoured block that carries a save
 * file's new lines through mail systems, the message trigon mail
 * writes, reading messages (files, mbox, MIME, quoted-printable,
 * charsets: GMime's job), and applying a block to a save file, with a
 * pending area for blocks that arrive before the ones they follow.
 *
 * The armour (trigon(1), PLAYING BY E-MAIL):
 *
 *   -----BEGIN TRIGON MOVES-----
 *   base64 (standard alphabet, no padding) of the payload, 64 a line
 *   =CHECK     (base64 of the first 6 bytes of BLAKE2b of the payload)
 *   -----END TRIGON MOVES-----
 *
 * A marker's words may be parted by white space and quote marks too.
 * Between the markers only base64 characters count: white space, line
 * breaks and the quote marks '>' and '|' are skipped wherever they are,
 * so re-wrapping, "> " quoting and quoted-printable (decoded by GMime)
 * leave the bytes intact; anything else is an error.  The payload:
 *
 *   trigon-moves 1
 *   game <32 hex: the game id>
 *   base <L> <64 hex: BLAKE2b-256 of the first L bytes of the file>
 *   after <N: moves in those L bytes>
 *   length <n>
 *   (empty line)
 *   <n bytes: the file's bytes after the first L>
 *
 * L is 0 (the whole file, header included: how a game starts) or the
 * end of an action's lines.  Applying it to a file F: the file's first
 * L bytes must hash to the base; F[0:L] + data must then verify and
 * extend F's body (what is already there is not applied again).
 *
 * lib/ conventions: 0 or negative ERR_*, a struct err; no printing.
 */
#ifndef TRIGON_MAIL_H
#define TRIGON_MAIL_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "save.h"
#include "savecheck.h"

#define MAIL_BEGIN "-----BEGIN TRIGON MOVES-----"
#define MAIL_END "-----END TRIGON MOVES-----"
#define MAIL_LINE 64		/* base64 characters a line */
#define MAIL_PAYLOAD_MAX (16 * 1024 * 1024)

/* Start and stop GMime (once per process, around everything below). */
void mail_init(void);
void mail_shutdown(void);

/* ---- the armour -------------------------------------------------------- */

/* Append the armoured form of data to out (markers and final newline
 * included). */
int mail_armour(struct buf *out, const void *data, size_t len,
    struct err *e);

/*
 * Find every armoured block in text and call fn for each, in order,
 * with its decoded payload (malloc'ed, the callee's to free) or, for a
 * damaged block, NULL and the reason in *bad.  fn returns non-zero to
 * stop.  Returns the number of blocks seen (>= 0).
 */
typedef int (*mail_block_fn)(void *ctx, unsigned char *payload, size_t len,
    const struct err *bad);
int mail_dearmour(const char *text, size_t len, mail_block_fn fn, void *ctx);

/* ---- the payload -------------------------------------------------------- */

struct mail_block {
	unsigned char game_id[SAVE_GAME_ID_BYTES];
	size_t base;
	unsigned char base_hash[32];
	uint64_t after;
	const char *data;	/* points into the parsed payload */
	size_t len;
};

/* The payload carrying file[base..filelen) of the game s (read from
 * file), after = moves within the first base bytes. */
int mail_block_build(struct buf *out, const struct save *s,
    const char *file, size_t filelen, size_t base, uint64_t after,
    struct err *e);
/* Parse a payload strictly (ERR_DAMAGED with the reason). */
int mail_block_parse(struct mail_block *b, const unsigned char *p,
    size_t len, struct err *e);

/*
 * The lines trigon mail sends by default: those after the last action
 * of another player before me's last action (or after the last action
 * of another player, when me has none since); the whole file when there
 * is none.  *since = that action's number (0: the whole file), *base =
 * where its lines end (0 for the whole file).
 */
void mail_default_since(const struct savecheck_map *m, int me,
    uint64_t *since);
/* The base offset of "after move since" (0 for since = 0); -1 when
 * since > the number of moves. */
int mail_base_of(const struct savecheck_map *m, uint64_t since,
    size_t *base);

/* ---- messages ------------------------------------------------------------ */

struct mail_compose {
	const char *from_name, *from_addr;
	int nto;
	const char *to_name[RULES_MAX_SEATS], *to_addr[RULES_MAX_SEATS];
	const char *subject;
	const char *text;	/* the body, UTF-8 */
	long long date;		/* seconds since the epoch */
	const char *msgid;	/* without <> */
	/* An attachment beside the body, or attach NULL for none. */
	const void *attach;
	size_t attach_len;
	const char *attach_type;	/* "image/svg+xml" */
	const char *attach_name;	/* its file name */
};

/* The RFC 5322 message (malloc'ed, NUL-terminated) GMime makes of c:
 * From, To, Subject, Date, Message-ID, MIME-Version, a text/plain body
 * encoded for 7-bit transport where it must be; with an attachment, a
 * multipart/mixed of the body and the attachment (base64, disposition
 * attachment with its file name), its boundary made from the
 * Message-ID so that the same message comes out byte for byte. */
int mail_compose(char **out, const struct mail_compose *c, struct err *e);

/*
 * Read messages from fd -- one message, or an mbox when the input
 * starts with "From " -- and call fn with the decoded text of each
 * text/plain part (and of a message that is not MIME), message/rfc822
 * parts included.  name is used in messages.
 */
typedef int (*mail_text_fn)(void *ctx, int msgno, const char *subject,
    const char *text, size_t len);
int mail_read_fd(int fd, const char *name, mail_text_fn fn, void *ctx,
    struct err *e);
int mail_read_buf(const char *buf, size_t len, const char *name,
    mail_text_fn fn, void *ctx, struct err *e);

/* ---- applying -------------------------------------------------------------- */

enum mail_apply_what {
	MAIL_APPLIED,		/* new moves appended */
	MAIL_CREATED,		/* the file was created from a whole-file block */
	MAIL_ALREADY,		/* the file has every line already */
	MAIL_HELD,		/* follows moves the file lacks: kept pending */
	MAIL_HELD_AGAIN,	/* the same block is already pending */
};

struct mail_apply_result {
	enum mail_apply_what what;
	uint64_t before, after;	/* moves in the file before and after */
	uint64_t block_after;	/* the block follows move ... */
	char pending[1024];	/* MAIL_HELD*: the pending file */
	/* Refused: the mail's copy went on without signed lines the file
	 * holds (savecheck_refuse_drop); the file's copy is to be sent
	 * back, so that its sender sees them (trigon-save(5), Deadlines
	 * and forfeit). */
	int resend;
};

/*
 * Apply one parsed block to the save file at path, under its lock,
 * writing through atomic.h.  A block that follows moves the file lacks
 * (or a file that does not exist yet) is stored in PATH.pending/ when
 * hold is set.  A block that does not verify, or whose moves differ
 * from the file's, is ERR_REFUSED (e->file, e->line name the line of
 * the would-be file) and nothing is written.
 */
int mail_apply(const char *path, const struct mail_block *b, int hold,
    struct mail_apply_result *r, struct err *e);
/*
 * The same, and in a game of fair chance (format 2) a block whose
 * copy of the game holds other answers in the open block than the file
 * is merged (save_merge): the file becomes the mail's copy when that
 * holds all of the file's, else the union of both, its end line signed
 * with sk (a seat's secret key; NULL: such a block is refused).
 */
int mail_apply_key(const char *path, const struct mail_block *b, int hold,
    const unsigned char *sk, struct mail_apply_result *r, struct err *e);

/*
 * Try every held-back block of path again, until none applies.  fn is
 * called for each one that was applied, found already there, or
 * refused (then removed: it can never apply); still pending ones stay.
 */
typedef void (*mail_pending_fn)(void *ctx, const char *pending,
    const struct mail_apply_result *r, const struct err *e);
int mail_pending_run(const char *path, mail_pending_fn fn, void *ctx,
    struct err *e);
/* The same, merging fair answers with sk (mail_apply_key). */
int mail_pending_run_key(const char *path, const unsigned char *sk,
    mail_pending_fn fn, void *ctx, struct err *e);

#endif
