/*
 * sealed.h -- the sealed-deck layer of save format 2 (trigon-save(5),
 * "Sealed hands"; doc/sealed-hands.md section 8): the contexts every
 * proof is bound to, a deck's state as one reader reconstructs it from
 * a file's lines (per position: hidden, dealt to a seat, open; and the
 * face where this reader may know it), the checks of each line, and
 * the text of the lines.
 *
 * Files: sealed.c (the state and the checks of shuffles, shares, opens
 * and the audit), sealedline.c (contexts, the text of the lines and of
 * the awaits, strict parsers), sealedfile.c (a reader's decks rebuilt
 * line by line).  The primitives are lib/mp.h's.
 *
 * Not here: the save layer's blocks, signatures and awaits (lib/save.c
 * calls these functions with the block hash and the seat of each line).
 *
 * Every function that can fail returns 0 or a negative ERR_* with a
 * message naming the deck, the position and the seat at fault.
 */
#ifndef TRIGON_SEALED_H
#define TRIGON_SEALED_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "mp.h"

#define SEALED_SEATS_MAX	8
#define SEALED_ID_BYTES		16
#define SEALED_HASH_BYTES	32
#define SEALED_NAME_MAX		31	/* a deck's or a seat's name */
#define SEALED_CTX_MAX		(SEALED_ID_BYTES + 1 + 3 * (1 + 255) + 8 + \
    SEALED_HASH_BYTES)
#define SEALED_SHARE_B64	128	/* 96 bytes, URL-safe base64 */
#define SEALED_BLOB_LINE	1000	/* characters of a continuation line */

/* What a context is for (its byte "use", trigon-save(5)). */
enum sealed_use {
	SEALED_USE_DECK = 'c',		/* card points, the initial deck */
	SEALED_USE_SHUFFLE = 's',	/* a seat's shuffle round */
	SEALED_USE_SHARE = 'h',		/* a share of a card dealt to a seat */
	SEALED_USE_OPEN = 'o',		/* the owner's share opening a card */
};

/*
 * id || use || len deck || deck || gen:4 || len seat || seat || pos:4 ||
 * len to || to || block hash (32 bytes; zero for the deck's own ctx).
 */
struct sealed_ctxbuf {
	unsigned char b[SEALED_CTX_MAX];
	struct mp_ctx ctx;
};

enum sealed_pos_state {
	SEALED_HIDDEN = 0,	/* in the deck, nobody can read it */
	SEALED_DEALT,		/* dealt to owner: readable by owner alone */
	SEALED_OPEN,		/* opened to all */
};

struct sealed_pos {
	uint8_t state;			/* enum sealed_pos_state */
	int8_t owner;			/* seat, or -1 */
	uint16_t shared;		/* bit i: seat i's share is in */
	int card;			/* the face, when this reader knows it */
	struct mp_share share[SEALED_SEATS_MAX];
};

/* The seats of a game as one reader sees them. */
struct sealed_game {
	unsigned char id[SEALED_ID_BYTES];
	unsigned nseats;
	char seat[SEALED_SEATS_MAX][SEALED_NAME_MAX + 1];
	unsigned char y[SEALED_SEATS_MAX][MP_BYTES];	/* from the joins */
	unsigned char joint[MP_BYTES];
	int me;				/* this reader's seat, or -1 */
	struct mp_key key;		/* mine, when me >= 0 */
	unsigned char secret[MP_BYTES];	/* mine, when me >= 0 */
	uint16_t audited;		/* bit i: seat i's S is in and checked */
	struct mp_key audit[SEALED_SEATS_MAX];
	/* 1: a second reading of bytes whose shuffle proofs a first one
	 * checked (the replay with every card known), which skips them. */
	int proofs_read;
};

/* One deck (of one generation: a deck shuffled again is a new gen). */
struct sealed_deck {
	char name[SEALED_NAME_MAX + 1];
	uint32_t gen;
	unsigned rounds;		/* shuffles accepted so far */
	struct mp_cards cards;
	struct mp_deck cur;		/* the initial deck, then each output */
	struct sealed_pos pos[MP_N_MAX];
};

/* ---- the game and its decks (sealed.c) ---------------------------------- */

/*
 * The seats' keys Y_i come from their checked join lines; me is this
 * reader's seat index with its secret S (or -1 and NULL: an observer).
 */
int sealed_game_init(struct sealed_game *g,
    const unsigned char id[SEALED_ID_BYTES], unsigned nseats,
    const char *const *seats, const unsigned char (*ys)[MP_BYTES], int me,
    const unsigned char *secret, struct err *e);
void sealed_game_wipe(struct sealed_game *g);
/* The seat shuffling round r: seats shuffle in reverse seat order. */
int sealed_shuffler(const struct sealed_game *g, unsigned round);
/* Declare deck NAME generation GEN of n cards (w = 1; tags later). */
int sealed_deck_init(struct sealed_deck *d, const struct sealed_game *g,
    const char *name, uint32_t gen, unsigned n, struct err *e);
/* Every seat has shuffled: positions may be dealt. */
int sealed_deck_ready(const struct sealed_deck *d, const struct sealed_game *g);

/* This reader's shuffle for the next round (it must be its turn). */
int sealed_shuffle_make(struct mp_deck *out, struct mp_shuffle_proof *pf,
    const struct sealed_game *g, const struct sealed_deck *d,
    const unsigned char block[SEALED_HASH_BYTES], struct err *e);
/* seat's shuffle line: its turn, its proof; out becomes the deck. */
int sealed_shuffle_accept(struct sealed_deck *d, const struct sealed_game *g,
    int seat, const unsigned char block[SEALED_HASH_BYTES],
    const struct mp_deck *out, const struct mp_shuffle_proof *pf,
    struct err *e);

/* The deal (from the rules, via the save layer's await): pos to seat. */
int sealed_deal(struct sealed_deck *d, const struct sealed_game *g,
    unsigned pos, int to, struct err *e);
/* The seats that still owe a share of pos (bit i: seat i); 0 unless
 * pos is dealt and not open.  The save layer's await of a deal is open
 * while this is not 0. */
unsigned sealed_share_owed(const struct sealed_deck *d,
    const struct sealed_game *g, unsigned pos);
/* This reader's share of pos for its owner. */
int sealed_share_make(struct mp_share *sh, const struct sealed_game *g,
    const struct sealed_deck *d, unsigned pos,
    const unsigned char block[SEALED_HASH_BYTES], struct err *e);
/* seat's share of pos for to: pos dealt to to, not seat's own, not
 * twice, the proof against seat's key and the whole context.  When the
 * last share is in and this reader owns pos, it reads the card. */
int sealed_share_accept(struct sealed_deck *d, const struct sealed_game *g,
    int seat, unsigned pos, int to,
    const unsigned char block[SEALED_HASH_BYTES], const struct mp_share *sh,
    struct err *e);
/* The owner's opening share of pos (its own D = x.a with a proof). */
int sealed_open_make(struct mp_share *sh, const struct sealed_game *g,
    const struct sealed_deck *d, unsigned pos,
    const unsigned char block[SEALED_HASH_BYTES], struct err *e);
/* seat opens pos to all: pos dealt to seat and every other share in;
 * *card is the face, which is the card dealt there. */
int sealed_open_accept(struct sealed_deck *d, const struct sealed_game *g,
    int seat, unsigned pos, const unsigned char block[SEALED_HASH_BYTES],
    const struct mp_share *sh, unsigned *card, struct err *e);

/* seat's audit S: x from S must give its joined Y. */
int sealed_audit_seat(struct sealed_game *g, int seat,
    const unsigned char secret[MP_BYTES], struct err *e);
/* The face at pos decrypted with every seat's key (keys[0..nseats)). */
int sealed_face_all(const struct sealed_deck *d, const struct mp_key *keys,
    unsigned nseats, unsigned pos, unsigned *card, struct err *e);
/* Every seat audited: decrypt every position; each face this reader
 * knew must agree; faces[pos] receives every position's card. */
int sealed_audit_deck(struct sealed_deck *d, const struct sealed_game *g,
    unsigned faces[MP_N_MAX], struct err *e);

/* ---- a reader's decks from a file's lines (sealedfile.c) --------------- */

#define SEALED_DECKS_MAX	16

struct sealed_table {
	struct sealed_game g;		/* set with sealed_game_init */
	unsigned ndecks;
	struct sealed_deck *deck[SEALED_DECKS_MAX];	/* allocated */
};

void sealed_table_init(struct sealed_table *t);
void sealed_table_release(struct sealed_table *t);
struct sealed_deck *sealed_table_deck(struct sealed_table *t,
    const char *name, uint32_t gen);
/*
 * One line of the file: an await "#? sealed|deal|open ..." or an answer
 * "@ SEAT shuffle|share|open ..." (its signature already checked by the
 * save layer), with the hash of its block and, for a shuffle, its nblob
 * continuation lines.  ERR_USAGE for a line of another kind.
 */
int sealed_table_line(struct sealed_table *t, const char *l, size_t len,
    const unsigned char block[SEALED_HASH_BYTES], const char *const *blob,
    const size_t *bloblen, unsigned nblob, struct err *e);

/* ---- contexts and lines (sealedline.c) ---------------------------------- */

/* A name of 1-31 bytes of a-z, 0-9 and '-'. */
int sealed_name_ok(const char *s, size_t len);
void sealed_ctx(struct sealed_ctxbuf *cb, const unsigned char id[SEALED_ID_BYTES],
    enum sealed_use use, const char *deck, uint32_t gen, const char *seat,
    uint32_t pos, const char *to, const unsigned char *block);

/* Arguments of the answer kinds (the words after KIND, before "+K"). */
struct sealed_args {
	char deck[SEALED_NAME_MAX + 1];
	uint32_t gen;
	uint32_t pos;				/* share, open */
	char to[SEALED_NAME_MAX + 1];		/* share */
	struct mp_share share;			/* share, open */
};
/* "DECK GEN" (shuffle), "DECK GEN POS SEAT SHARE" (share),
 * "DECK GEN POS SHARE" (open). */
int sealed_parse_shuffle(struct sealed_args *a, const char *s, size_t len,
    struct err *e);
int sealed_parse_share(struct sealed_args *a, const char *s, size_t len,
    struct err *e);
int sealed_parse_open(struct sealed_args *a, const char *s, size_t len,
    struct err *e);
/* The same, written (out of outlen bytes; -1 when it does not fit). */
int sealed_format_shuffle(char *out, size_t outlen, const char *deck,
    uint32_t gen, unsigned blob_lines);
int sealed_format_share(char *out, size_t outlen, const char *deck,
    uint32_t gen, uint32_t pos, const char *to, const struct mp_share *sh);
int sealed_format_open(char *out, size_t outlen, const char *deck,
    uint32_t gen, uint32_t pos, const struct mp_share *sh);

/*
 * A shuffle's blob: the output deck then the proof (mp.h's bytes),
 * URL-safe base64 without padding, cut into continuation lines
 * "| TEXT" of exactly SEALED_BLOB_LINE characters but the last.
 */
size_t sealed_blob_bytes(unsigned n, unsigned w);
unsigned sealed_blob_lines(unsigned n, unsigned w);
/* Line k (0-based) of the blob of out and pf, NUL-ended, into line
 * (room for SEALED_BLOB_LINE + 3). */
int sealed_blob_line(char *line, size_t linelen, const struct mp_deck *out,
    const struct mp_shuffle_proof *pf, unsigned k);
/* Parse the K lines (each as in the file, "| TEXT"), strictly. */
int sealed_blob_parse(struct mp_deck *out, struct mp_shuffle_proof *pf,
    unsigned n, unsigned w, const char *const *lines, const size_t *lens,
    unsigned nlines, unsigned char hash[SEALED_HASH_BYTES], struct err *e);

/* The awaits the save layer writes ("#? " then this text). */
int sealed_format_await_deck(char *out, size_t outlen,
    const struct sealed_game *g, const struct sealed_deck *d);
int sealed_format_await_deal(char *out, size_t outlen,
    const struct sealed_game *g, const struct sealed_deck *d, int to,
    const unsigned *pos, unsigned npos);
int sealed_format_await_open(char *out, size_t outlen,
    const struct sealed_game *g, const struct sealed_deck *d, unsigned pos);

#endif
