/*
 * save.h -- the signed save file: its format, the streaming reader that
 * replays and checks it, and the writer that appends signed actions.
 * The format is specified in trigon-save(5); this layer reaches the
 * rules only through rules.h, so any rule set can sit behind it.
 *
 * Reading is streaming with bounded memory: save_feed() takes one line
 * at a time and checks it at once (canonical bytes, syntax, the hash
 * chain, the signature, the turn, the rules, the annotations); nothing
 * but the header's data blocks and the game state is kept.  Writing
 * never re-serialises: a new line is built, signed, its signature
 * checked with the public key, and the line is then fed through the
 * same reader, so the writer can only produce what the reader accepts.
 *
 * After any error a struct save is fit only for save_release().
 */
#ifndef TRIGON_SAVE_H
#define TRIGON_SAVE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <sodium.h>

#include "buf.h"
#include "chance.h"
#include "err.h"
#include "rules.h"

#define SAVE_MAGIC "trigon-save"
#define SAVE_VERSION 1		/* open chance: the seed */
#define SAVE_VERSION_FAIR 2	/* format 2: answer lines, blocks */
#define SAVE_REDO_MAX 1000
#define SAVE_LINE_MAX 1024	/* bytes of a line, its newline excluded */
#define SAVE_NAME_MAX 128	/* player name, bytes with NUL */
#define SAVE_EMAIL_MAX 128
#define SAVE_SEAT_MAX 32	/* seat name */
#define SAVE_RULES_NAME_MAX 32
#define SAVE_OPTIONS_MAX 32
#define SAVE_OPTION_MAX 128
#define SAVE_BLOBS_MAX 8
#define SAVE_DATA_MAX (1024 * 1024)	/* all data blocks together */
#define SAVE_GAME_ID_BYTES 16
#define SAVE_CHAIN_SHOWN 8	/* bytes of the chain hash shown in a line */
#define SAVE_SIG_TEXT 86	/* base64 (URL-safe, no padding) of 64 bytes */
#define SAVE_DEADLINE_DEFAULT (72 * 3600)	/* without a deadline line */
#define SAVE_GRACE_DEFAULT (24 * 3600)
/* A claim may be dated this far after the reader's clock (seconds). */
#define SAVE_SKEW 600

struct save_player {
	char seat[SAVE_SEAT_MAX];	/* the seat's name in the rule set ("player SEAT ..." in the file) */
	char name[SAVE_NAME_MAX];
	char email[SAVE_EMAIL_MAX];	/* "" when none */
	unsigned char pk[32];
};

/* How chance is decided (trigon-save(5), the chance line). */
enum save_chance {
	SAVE_CHANCE_OPEN = 0,	/* the header's seed (every format-1 file) */
	SAVE_CHANCE_FAIR = 1,	/* the seats' released chain values */
};

/* Who may read a hidden card (trigon-save(5), the hands line). */
enum save_hands {
	SAVE_HANDS_OPEN = 0,	/* drawn from public values: anyone */
	SAVE_HANDS_SEALED = 1,	/* sealed decks: its holder alone */
};

struct save_header {
	char rules[SAVE_RULES_NAME_MAX];
	int version;			/* 1, or 2 (format 2) */
	int chance;			/* enum save_chance */
	int hands;			/* enum save_hands (chance fair) */
	unsigned char salt[32];		/* format 2, chance fair: names the
					   game, drives nothing */
	unsigned char game_id[SAVE_GAME_ID_BYTES];
	unsigned char seed[RULES_SEED_BYTES];
	char created[24];		/* "2026-11-22T14:02:11Z" */
	/* Format 2, chance fair: "deadline ANSWER GRACE" (absent: the
	 * defaults), in seconds. */
	int has_deadline;		/* the line is in the header */
	int64_t deadline;		/* answer within this of being asked */
	int64_t grace;			/* after a timeout, before a forfeit */
	size_t noptions;
	char option[SAVE_OPTIONS_MAX][SAVE_OPTION_MAX];	/* "key=value" */
	int nplayers;
	struct save_player player[RULES_MAX_SEATS];
	size_t nblobs;
	struct rules_blob blob[SAVE_BLOBS_MAX];	/* name, text: malloc'ed */
	int blob_line[SAVE_BLOBS_MAX];	/* line of its "data" line */
};

/* The game id a header must carry: BLAKE2b-128 of a label and the seed
 * (format 2 with chance fair: the salt). */
void save_game_id(unsigned char id[SAVE_GAME_ID_BYTES],
    const unsigned char seed[RULES_SEED_BYTES]);

/*
 * What every view of a game says about its chance mode (one line, no
 * newline): for an open game "open dice: anyone can compute the dice
 * — play with friends".
 */
const char *save_chance_text(const struct save_header *h);
/* The mode's one word: "open" or "fair" (JSON "chance"). */
const char *save_chance_name(const struct save_header *h);

/* What the reader saw, for trigon log and others. */
enum save_event_kind {
	SAVE_EV_START,		/* the header is complete, the game created */
	SAVE_EV_ACTION,		/* an action line: seq, seat, text */
	SAVE_EV_NOTE,		/* an annotation ("#= " removed) */
	SAVE_EV_COMMENT,	/* another comment line, "#" included */
	SAVE_EV_END,		/* the signed end line */
	SAVE_EV_AWAIT,		/* format 2: an await ("#? " removed) */
	SAVE_EV_ANSWER,		/* format 2: an answer line (seat: its
				   signer) */
};

struct save_event {
	enum save_event_kind kind;
	int line;
	uint64_t seq;		/* ACTION, NOTE, END: the action's number */
	int seat;		/* ACTION, NOTE: the seat that acted */
	const char *text;	/* not NUL-terminated: see len */
	size_t len;
};

struct save;
struct save_fair;
/* Return non-zero to stop reading (save_feed then returns ERR_REFUSED
 * with "stopped"). */
typedef int (*save_event_fn)(void *ctx, const struct save *s,
    const struct save_event *ev);

/* The writer's lines go to a struct buf (buf.h).  save_buf and
 * save_buf_release are its old names, kept while cmd/ moves over. */
#define save_buf buf
#define save_buf_release buf_release

struct save {
	char name[256];			/* the file's name in messages */
	struct save_header hdr;
	/* Rule sets to look the header's name up in; save_init sets
	 * the table registered (rules_register), a test may point it at
	 * its own. */
	const struct rules *const *table;
	const struct rules *rules;	/* after the "rules" line */
	struct game *game;		/* after the "start" line */
	/*
	 * The game's source of chance.  save_init sets NULL: at the "start"
	 * line the open-mode source of the header's seed (seeded, format
	 * 1) is used.  A test may point it at its own source before the
	 * start line; it must outlive the game.  An apply or create that
	 * answers RULES_PENDING is redone on the same line once the
	 * source's settle() says the answers are there (the redo model,
	 * rules.h); SAVE_REDO_MAX redos of one line at most.
	 */
	const struct rules_chance *chance;
	struct chance_seed seeded;
	unsigned long redos;		/* lines redone so far (tests) */
	int state;			/* where in the grammar (save.c) */
	int line;			/* lines fed so far */
	uint64_t nactions;		/* last sequence number */
	int last_seat;			/* seat of the last action, or -1 */
	crypto_generichash_state chain;	/* every byte before the end line */
	off_t body_len;			/* bytes the chain covers */
	off_t file_len;			/* every byte fed */
	int ended;			/* the end line was seen */
	char endline[SAVE_LINE_MAX + 1];
	size_t endlen;
	struct rules_note note;		/* annotations still owed: */
	size_t note_pos;		/* the next one starts here */
	/* What was read from disk, for save_write_append's check. */
	off_t disk_body, disk_len;
	unsigned char disk_hash[32];	/* chain over the first disk_body bytes */
	char disk_end[SAVE_LINE_MAX + 1];	/* the end line read, or "" */
	size_t disk_endlen;
	struct rules_error rerr;	/* the rules' reason for a refusal */
	save_event_fn cb;
	void *cbctx;
	size_t data_total;
	int blob_open;			/* reading "| " lines of blob n-1 */
	int writing;			/* save_start feeds its start line */
	/* While save_read_fd runs on a machine with several cores, the
	 * signatures are checked by worker threads (lib/sigpool.c) and
	 * the first bad one is reported once the rest is read. */
	struct sigpool *pool;
	/* Format 2 (save.c): joins, chains, events, the open block, the
	 * lines owed; NULL in format 1. */
	struct save_fair *fair;
	/* The main secret key (64 bytes) of the seat reading, or NULL
	 * (save_set_reader). */
	const unsigned char *reader_sk;
	/* Or the seat's exported answer key (save_set_reader_exported). */
	const struct fair_export *reader_x;
	/* Or the finished table whose audit gives every seat's key: the
	 * reader knows every card (save_replay_known). */
	const struct save_sealed *reader_all;
};

void save_init(struct save *s, const char *name);
/*
 * Read as the holder of sk (64 bytes, libsodium layout), set before
 * the file is fed: with sealed hands the reader's table then reads
 * that seat's own cards (trigon-save(5), Sealed hands).  sk is kept by
 * pointer: it must outlive the reading and every answer made on s (an
 * answer's copy of the block keeps it too, lib/save-answer.c); a key
 * of no seat reads as an observer.
 */
void save_set_reader(struct save *s, const unsigned char *sk);
/*
 * The same for a seat answering with its exported answer key (trigon
 * fair export): its sealed secret S stands in for the main key.  x
 * must outlive the reading; a key of another game or of no seat reads
 * as an observer, and an S that does not give the key its seat joined
 * with is refused at the last join.
 */
struct fair_export;
struct save_sealed;
void save_set_reader_exported(struct save *s, const struct fair_export *x);
/*
 * Sealed hands, after every seat's audit (save_audited): read path
 * again as a reader that knows every card from its deal, so the rules'
 * own checks apply to every hand, and check that it ends where s
 * (path as read before) ended.  0 with *known the faces of cards dealt
 * to the seats it read so (0, and nothing done, for a file that is not
 * sealed or not fully audited), else an error at the first line where
 * the two readings part.
 */
int save_replay_known(const struct save *s, const char *path,
    unsigned *known, struct err *e);
void save_release(struct save *s);

/*
 * Feed one line (without its newline; len <= SAVE_LINE_MAX or it is an
 * error).  Errors carry e->file = s->name and e->line:
 *   ERR_DAMAGED  not canonical, malformed, or out of the grammar
 *   ERR_REFUSED  bad signature, broken chain, wrong sequence number,
 *                not that player's turn, an illegal action (the rules'
 *                reason in e->msg and s->rerr), a false or missing
 *                annotation
 *   ERR_NOMEM
 */
int save_feed(struct save *s, const char *line, size_t len, struct err *e);
/* End of input: check that nothing is owed (annotations, the end line).
 * eol is 0 when the last line had no newline. */
int save_finish(struct save *s, int eol, struct err *e);

/* Read a whole file or buffer through save_feed/save_finish.
 * save_read_fd reads from the current offset to EOF; ERR_IO on a read
 * error.  Memory stays bounded whatever the length. */
int save_read_fd(struct save *s, int fd, struct err *e);
int save_read_buf(struct save *s, const char *buf, size_t len,
    struct err *e);

/* Why a line (without its newline) is not canonical text as the save
 * file stores it (strict UTF-8, no control character, CR, tab, BOM or
 * trailing space), or NULL when it is. */
const char *save_canonical(const char *line, size_t len);

/* The seat whose public key is pk, or -1. */
int save_seat_of_key(const struct save *s, const unsigned char pk[32]);

/*
 * Format a new file's header (through "start") into out, from h (its
 * game_id is computed here from the seed) and check it by feeding it
 * through s, which must be fresh (save_init).  Then s holds the new
 * game.  Errors as save_feed, plus ERR_USAGE for values that cannot be
 * written (a name with '<', data that is not canonical text, ...).
 */
int save_start(struct save *s, struct save_header *h, struct buf *out,
    struct err *e);

/*
 * Play one action as the holder of sk (64 bytes, libsodium layout: the
 * public key is its second half), which must be the key of the seat the
 * rules wait for.  On success the signed action line and its
 * annotations are appended to out and s has advanced.  ERR_REFUSED with
 * the rules' reason in e->msg (and s->rerr, with its hint) when the
 * action is illegal; ERR_REFUSED when the key is not the acting seat's
 * or the game is over.  If s had an end line, it is dropped (the
 * caller rewrites the file up to s->body_len, see save_write_append).
 */
int save_play(struct save *s, const char *action, size_t len,
    const unsigned char *sk, struct buf *out, struct err *e);
/* Sign and append the end line (after the last save_play). */
int save_seal(struct save *s, const unsigned char *sk, struct buf *out,
    struct err *e);

/* Create path holding out's bytes; refuses an existing file. */
int save_write_new(const char *path, const struct buf *out,
    struct err *e);
/*
 * Replace the file read from fd (locked by atomic_lock_open, read
 * through s from offset 0) by its first s->body_len bytes followed by
 * tail.  The old bytes are copied from fd and checked against what s
 * read (length, chain hash and end line); if the file changed on disk,
 * ERR_CHANGED and nothing is written.
 */
int save_write_append(struct save *s, int fd, const char *path,
    const struct buf *tail, struct err *e);

/* ---- format 2 (fair chance) ------------------------------------------- */

/* 1 once the game exists (in fair mode: every seat joined and the
 * rules' first events are answered), else 0. */
int save_started(const struct save *s);

/*
 * What the file awaits, as one line into buf ("join (line 9): purple";
 * "release for event 3, battle at trollmark (line 40): purple", joined
 * by "; "): returns the number of open awaits, 0 when none (always in
 * format 1 and in open mode).
 */
int save_awaits(const struct save *s, char *buf, size_t n);

/* The seats that owe an answer now (a bit per seat; 0 when none). */
unsigned save_awaited(const struct save *s);

/*
 * Since when, and until when, the file awaits answers, as far as this
 * copy can tell: lines carry no trusted time (trigon-save(5), Deadlines
 * and forfeit).  asked is the later of `changed` (the file's last
 * change here, never before the await opened) and the game's creation.
 * claim is the first moment another seat may claim against a seat that
 * owes its join or a release: a timeout from asked plus the deadline,
 * or, for an await whose timeout is claimed already, the forfeit from
 * that timeout's date plus the grace, whichever comes first; accused is
 * that seat, forfeit 1 when the claim is a forfeit.  An audit has no
 * deadline: accused is -1 when nothing but audits is awaited.  Returns
 * -1 (nothing set) when nothing is awaited, else 0.
 */
/*
 * What the file awaits, briefly, into buf: "join", the labels of the
 * open events ("dice", "battle"), "audit", each once, joined by ", "
 * (mail subjects).  Returns the number of open awaits, as save_awaits.
 */
int save_await_kinds(const struct save *s, char *buf, size_t n);

struct save_since {
	int64_t asked;
	int64_t claim;
	int accused;
	int forfeit;
};
int save_await_since(const struct save *s, int64_t changed,
    struct save_since *out);

/*
 * Answer for the seat of the main secret key sk (64 bytes) whatever the
 * file read into s awaits from it now -- its join (signed with sk), its
 * releases (signed with its answer key, derived from sk, trigon-save(5))
 * -- again and again while the answers open more events it is in.
 * file[0..len) must be the bytes s read (save_read_buf or the locked
 * file).  The new answers are merged into the open block in canonical
 * order, the lines they produce regenerated, and a new end line signed
 * with the answer key: out gets the whole new file, s is re-read from
 * it, *added counts the answer lines added (0: nothing was owed, out
 * is empty and s unchanged).  ERR_REFUSED when the key is no seat's.
 */
int save_answer(struct save *s, const char *file, size_t len,
    const unsigned char *sk, struct buf *out, int *added, struct err *e);

/*
 * The same with an exported answer key (trigon fair export) instead of
 * the main key: for a seat that has joined; ERR_REFUSED when the key is
 * of another game, of no seat, of a seat not joined yet, or makes
 * another chain or answer key than the seat joined with.
 */
struct fair_export;
int save_answer_exported(struct save *s, const char *file, size_t len,
    const struct fair_export *x, struct buf *out, int *added,
    struct err *e);

/*
 * 1 when a fair game is over and every seat's audit is in and checked
 * (its secret gives its join's commitment and anchor and every value it
 * released), else 0 (trigon verify's "fully audited").
 */
int save_audited(const struct save *s);

/*
 * After a forfeit (trigon-save(5), Deadlines and forfeit): the seat
 * that forfeited, with one line into buf ("purple forfeited at line
 * 52: it withheld its release for event 5, turn order (line 40)");
 * -1 and "" when none.
 */
int save_forfeit(const struct save *s, char *buf, size_t n);
/* The reader's clock: SOURCE_DATE_EPOCH when set, else time(). */
int64_t save_clock(void);
/*
 * A final forfeit before the game started (a join or a setup event
 * withheld, trigon-save(5), Deadlines and forfeit) costs the withholder
 * the game as any forfeit does: the winner is the first seat in header
 * order other than the forfeiter (nobody has points yet).  -1 when
 * there is no such forfeit (the rules name the winner of a started
 * game).
 */
int save_forfeit_winner(const struct save *s);
/* While the forfeit of s is disputable, the date it becomes final
 * (seconds since 1970); 0 when there is none or it is final. */
int64_t save_forfeit_disputable(const struct save *s);
/* The timeout line the forfeit of s stands on, or NULL (no forfeit). */
const char *save_forfeit_timeout(const struct save *s);
/* Open chance: the forfeit line the final line of s stands on, or NULL
 * when s holds no final line (trigon-save(5), Deadlines and forfeit). */
const char *save_forfeit_finaled(const struct save *s);

enum save_claim_kind { SAVE_CLAIM_TIMEOUT, SAVE_CLAIM_FORFEIT };

/*
 * Claim, as the seat of the main secret key sk, a timeout (or, after
 * the grace, the forfeit) of seat `accused` for the first await it
 * has not answered, dated now.  asked: when the claimant's copy last
 * changed (the file's modification time), never before the await
 * opened; the deadline runs from the later of it and the game's
 * creation.  ERR_REFUSED, nothing written, when the accused owes
 * nothing, the claimant owes that await itself, the deadline (for a
 * timeout) or the grace after the timeout (for a forfeit) has not
 * passed by now, a timeout is already claimed, or the game ended.
 * Otherwise as save_answer (the claimant's owed answers are written
 * too; *added counts every line).
 */
int save_claim(struct save *s, const char *file, size_t len,
    const unsigned char *sk, enum save_claim_kind kind, int accused,
    int64_t now, int64_t asked, struct buf *out, int *added,
    struct err *e);

/*
 * Format 2: merge theirs[0..tlen), another copy of the game, into the
 * file read into s (mine[0..len), the bytes s read), as git and mail
 * copies converge (trigon-save(5), Blocks):
 *   SAVE_MERGE_SAME    theirs adds nothing (out stays empty)
 *   SAVE_MERGE_THEIRS  theirs holds all of mine: out = theirs, byte for
 *                      byte, and s is re-read from it
 *   SAVE_MERGE_UNION   both hold the same game up to the open block,
 *                      whose answers differ: out = the block with the
 *                      union of both, in canonical order, the lines it
 *                      produces and an end line signed with sk (a
 *                      seat's main or answer key; with sk NULL nothing
 *                      is made, *what alone says UNION)
 * *dropped counts the answer lines of the copy left behind that the
 * other lacks (answers for a block the other copy closed without
 * them).  ERR_REFUSED when the copies differ before their open blocks
 * (other moves) or are other games; errors of theirs as save_read_buf.
 */
enum { SAVE_MERGE_SAME, SAVE_MERGE_THEIRS, SAVE_MERGE_UNION };
int save_merge(struct save *s, const char *mine, size_t len,
    const char *theirs, size_t tlen, const unsigned char *sk,
    struct buf *out, int *what, int *dropped, struct err *e);

/* Load path: open, lock (when lockfd != NULL, the locked fd is left
 * there), read and check everything. */
int save_load(struct save *s, const char *path, int *lockfd, struct err *e);

#endif
