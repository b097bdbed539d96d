/*
 * savesealed.h -- what lib/save.c does for a game with sealed hands
 * (trigon-save(5), "Sealed hands"; doc/sealed-hands.md section 8.6):
 * the ElGamal key of every join (y= and pok=), checked and kept, and,
 * after the last join, the reader's sealed-deck table (lib/sealed.h)
 * set up with the joined keys.
 *
 * Not here: the file's lines, blocks and signatures (lib/save.c), the
 * decks' own checks (lib/sealed.c).  save.c calls these few hooks and
 * turns an error into a refusal at the line it names.
 */
#ifndef TRIGON_SAVESEALED_H
#define TRIGON_SAVESEALED_H

#include <stddef.h>

#include "err.h"
#include "fair.h"
#include "rules.h"
#include "sealed.h"

/* Owe one annotation line ("#? ...", without its newline): 0, or
 * an ERR_* code. */
typedef int (*save_sealed_owe_fn)(void *ctx, const char *line);

struct save_sealed {
	unsigned char y[RULES_MAX_SEATS][FAIR_BYTES];	/* joined keys */
	unsigned joined;		/* bit i: seat i's Y is checked */
	int ready;			/* the table is set up */
	struct sealed_table t;
	/* The game's requests (rules.h, struct rules_sealed): hand
	 * &ss->req to the game through its source of chance. */
	struct rules_sealed req;
	save_sealed_owe_fn owe;
	void *owe_ctx;
	/* bit p of asked[i][p / 8]: deck i's position p has its
	 * "#? open" line (opens are asked once). */
	unsigned char asked[SEALED_DECKS_MAX][MP_N_MAX / 8];
	unsigned nasked;		/* "#?" lines owed so far */
	/* What the game's last request awaits ("" and 0: nothing). */
	char wait[RULES_MSG_MAX];	/* "shuffle of play 0" */
	unsigned wait_seats;		/* bit i: seat i owes it */
	/* The replay with every card known (save_sealed_know_all): every
	 * seat's key from a finished audit, and how many faces of other
	 * seats' cards it read so. */
	int knows_all;
	struct mp_key all[SEALED_SEATS_MAX];
	unsigned nknown;
};

/*
 * Make ss, set up (save_sealed_start as an observer), a reader that
 * knows every face: every seat's key from the audit of done, a table
 * every seat has audited (else ERR_USAGE).  A card dealt is then read
 * by this reader whoever holds it (its face decrypted with every key),
 * so the game's rules see every hand (doc/sealed-hands.md, 8.7).
 */
int save_sealed_know_all(struct save_sealed *ss,
    const struct save_sealed *done, struct err *e);
/* 1 when every seat of ss has audited its S. */
int save_sealed_all_audited(const struct save_sealed *ss);

/* A new, empty state whose requests owe their "#?" lines through owe
 * (NULL when out of memory); free with save_sealed_free (NULL is
 * fine). */
struct save_sealed *save_sealed_new(save_sealed_owe_fn owe, void *owe_ctx);
void save_sealed_free(struct save_sealed *ss);
/*
 * A copy of from (NULL: *out NULL), its decks copied, its requests'
 * context the copy; it owes its "#?" lines to from's owe_ctx until
 * the caller points that at the save it belongs to.  ERR_NOMEM with
 * *out NULL.
 */
int save_sealed_copy(struct save_sealed **out,
    const struct save_sealed *from);

/*
 * Seat `seat` (0 to RULES_MAX_SEATS - 1, named names[seat]) joins game id with join answer a: with
 * sealed hands the join must carry y= and pok=, the proof must hold
 * for this seat and game (fair_pok_verify), and Y may be no other
 * joined seat's.  Keeps Y.  ERR_REFUSED otherwise, ss unchanged.
 * Call it last among a join's checks: it records.
 */
int save_sealed_join(struct save_sealed *ss,
    const unsigned char id[FAIR_ID_BYTES], int seat,
    const char *const *names, const struct fair_answer *a, struct err *e);

/*
 * Every seat has joined: set up the table with the nseats joined keys,
 * as seat me with its secret S reads it (me = -1 and secret NULL: an
 * observer), then refuse a rule set that deals no sealed hands
 * (rules->hands_sealed is 0): such a game cannot start.
 */
int save_sealed_start(struct save_sealed *ss,
    const unsigned char id[FAIR_ID_BYTES], int nseats,
    const char *const *names, const struct rules *r, int me,
    const unsigned char *secret, struct err *e);

/*
 * H32 of a shuffle's blob bytes, decoded from its lines "| TEXT" (each
 * SEALED_BLOB_LINE characters but the last, URL-safe base64 without
 * padding): what the shuffle's signature covers.  The bytes' own
 * checks come with the answer (sealed_blob_parse).
 */
int save_sealed_blob_hash(const char *const *lines, const size_t *lens,
    unsigned n, unsigned char hash[SEALED_HASH_BYTES], struct err *e);

/*
 * Seat's answer a (shuffle, share or open; l the whole line, its
 * signature checked) in the block of hash `block`, with its blob: 1
 * applied to the table, 0 not yet (its await is not open: the deck is
 * not declared, it is another seat's turn to shuffle, the position is
 * not dealt, its opening is not asked or not every share is in), or
 * an ERR_* with e->msg.  final: the block is done, so "not yet" is a
 * refusal saying why.
 */
int save_sealed_answer(struct save_sealed *ss, int seat,
    const struct fair_answer *a, const char *l, size_t len,
    const unsigned char block[SEALED_HASH_BYTES], const char *const *blob,
    const size_t *bloblen, unsigned nblob, int final, struct err *e);

/*
 * What seat (its secret S) owes now, each answer signed through sign
 * (body, and its blob's hash or NULL), which appends the answer line
 * to out; a shuffle's blob lines follow it in out.  Its shuffle when
 * it is its turn, its share of every card dealt to another seat, the
 * opening of each of its cards the game asked to open once every
 * other share is in.  *count: the answers written.
 */
typedef int (*save_sealed_sign_fn)(void *ctx, const char *body,
    const unsigned char *blob_hash, struct err *e);
struct buf;
int save_sealed_owed(const struct save_sealed *ss, int seat,
    const unsigned char secret[FAIR_BYTES],
    const unsigned char block[SEALED_HASH_BYTES], save_sealed_sign_fn sign,
    void *sctx, struct buf *out, int *count, struct err *e);

/*
 * Seat's audit S (save.c has checked it against its join's
 * commitment): S must give the Y the seat joined with; after the last
 * seat's, every deck is decrypted with every seat's x, and each card a
 * reader knew must be the card there (sealed_audit_deck).
 */
int save_sealed_audit(struct save_sealed *ss, int seat,
    const unsigned char secret[FAIR_BYTES], struct err *e);

/*
 * The requests of a dry run (a new file's header checked before any
 * seat joined): a deck is declared at once, a dealt card is unknown,
 * nothing is opened (RULES_EDATA).
 */
const struct rules_sealed *save_sealed_dry(void);

/*
 * The join's " y=Y pok=CS" for seat fs (with its leading space,
 * NUL-ended) into out; ERR_USAGE when n is too small.
 */
#define SAVE_SEALED_JOIN_MAX (4 + FAIR_B64_LEN + 5 + 2 * FAIR_B64_LEN + 1)
int save_sealed_join_text(char *out, size_t n, const struct fair_seat *fs,
    struct err *e);

#endif
