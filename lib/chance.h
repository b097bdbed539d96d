/*
 * chance.h -- randomness is asked for, never drawn: the chance interface.
 *
 * A game gets every random number through a struct rules_chance (a
 * source) that the core hands it in struct rules_setup.  It never sees
 * the seed.  For each random event (a battle's rolls, a deck shuffle, a
 * turn-order roll) it asks chance_event() with a label in its own words
 * ("battle at trollmark", "turn order", "shuffle play") and the seats
 * that take part; the core numbers the event and the source answers
 * with a stream of bytes for that event alone, from which the game
 * draws with the helpers below (unbiased: rejection sampling), so every
 * game draws the same way.
 *
 * The core numbers events: the number of events opened so far is a
 * 32-bit counter that the game keeps in its state (so a clone, a
 * refused action and a redo all rewind it by themselves) and passes to
 * every request; only chance_event() changes it.
 *
 * A source may answer RULES_PENDING: the answer is not there yet (fair
 * mode, doc/fair-chance.md section 5: the seats' contributions are awaited).
 * The game then returns RULES_PENDING from apply (or create) at once,
 * leaving itself untouched, and the core applies the same action line
 * again once the source has the answer (the redo model; lib/rules.h).
 *
 * Open mode (every format-1 save file) answers at once from the seed in
 * the file's header: struct chance_seed.  The stream of event number e
 * is ChaCha20-IETF (RFC 8439) keyed by the 32-byte seed, with the
 * 96-bit nonce
 *     byte 0      the game's event kind (req->kind, 0-255)
 *     bytes 1-3   zero
 *     bytes 4-7   e, little-endian
 *     bytes 8-11  zero
 * and the block counter starting at 0: the bytes are the keystream
 * (ChaCha20 of zero bytes), 64 per block, used in order.  This is,
 * byte for byte, what Trigon drew before the chance interface existed
 * (its old lib/trigon/rng.c), so old files replay unchanged.
 *
 * This header holds only plain data and pure functions: no allocation,
 * no globals.  The core's numbering and the draws are in chance.c.
 */
#ifndef TRIGON_CHANCE_H
#define TRIGON_CHANCE_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define CHANCE_KEY_BYTES 32
#define CHANCE_NONCE_BYTES 12
#define CHANCE_BLOCK 64

/*
 * The bytes of one event.  Filled by the source; the game only draws
 * from it (chance_below, chance_die, chance_shuffle) and never reads
 * its fields.  Plain data: it may live on the game's stack.
 */
struct chance_stream {
	unsigned char key[CHANCE_KEY_BYTES];
	unsigned char nonce[CHANCE_NONCE_BYTES];
	uint32_t ic;			/* next ChaCha20 block */
	unsigned pos;			/* next byte of buf; CHANCE_BLOCK: empty */
	unsigned char buf[CHANCE_BLOCK];
};

/* Open mode: the source of a format-1 save file, answering from a seed. */
struct chance_seed {
	struct rules_chance chance;	/* hand &cs->chance to the game */
	unsigned char seed[RULES_SEED_BYTES];
};

/*
 * Open one event of ch.  *events is the game's count of events opened
 * so far (kept in its state, see above); the event's number is that
 * count, and on success the count grows by one.  Returns 0 with *out
 * ready; RULES_PENDING with err->msg naming what is awaited and
 * nothing changed; or another enum rules_rc with err filled
 * (RULES_EDATA when ch is NULL: this game may draw nothing).
 */
int chance_event(const struct rules_chance *ch, uint32_t *events,
    const struct rules_chance_req *req, struct chance_stream *out,
    struct rules_error *err);

/* A uniform number in 0..n-1.  1 <= n <= 256: one byte, bytes >= 256 -
 * 256 % n rejected; 256 < n <= 65536: two bytes, the first the high
 * one, values >= 65536 - 65536 % n rejected (no game drew so much
 * before; it looped for ever).  n < 1 or > 65536 draws nothing and
 * gives 0 (a caller's error, not a draw). */
int chance_below(struct chance_stream *s, int n);
/* A die, 1-6: chance_below(s, 6) + 1. */
int chance_die(struct chance_stream *s);
/* Fisher-Yates, i from n-1 down to 1 swapping a[i] with a[j],
 * j = chance_below(s, i + 1); n <= 256. */
void chance_shuffle(struct chance_stream *s, uint8_t *a, int n);

/*
 * The open-mode source of a seed: cs->chance answers every request at
 * once with the stream described above.  cs must outlive every game
 * that keeps &cs->chance.
 */
void chance_seed_init(struct chance_seed *cs,
    const unsigned char seed[RULES_SEED_BYTES]);

/*
 * A search's private stream, never a game's record: its first block
 * from the generator *rng (splitmix64; a roll takes two bytes of it),
 * then ChaCha20 under a key drawn from *rng too (long shuffles).  For
 * the search copies of a game's state, which draw without a source.
 */
void chance_own_stream(struct chance_stream *out, uint64_t *rng);

/*
 * The open-mode stream itself, for tests and for sources that wrap the
 * open one: event number `event` of kind `kind` under seed.
 */
void chance_seed_stream(struct chance_stream *out,
    const unsigned char seed[RULES_SEED_BYTES], unsigned kind,
    uint32_t event);

/*
 * Fair mode's source (format 2 with "chance fair", trigon-save(5)): a
 * table of the events the game opened, in the order it opened them.
 * An event is answered once the save layer has set its key (from the
 * quorum's released chain values: lib/fair.h, fair_event_key) and is
 * RULES_PENDING until then.  A request numbered like the table's
 * length opens a new event (the save layer writes its "#?" line and
 * awaits the releases); an earlier number is a redo and must repeat
 * that event's label and quorum (else RULES_EDATA: the game drew
 * differently on the same state).  The stream of a keyed event is
 * ChaCha20-IETF keyed by its key, nonce zero (req->kind is not used).
 * It never settles by itself: the save layer applies the line again
 * once the keys are in (settle is NULL).
 */
struct chance_fair_event {
	char *label;			/* malloc'ed, NUL-ended */
	unsigned quorum;		/* seats (a request's 0: all) */
	unsigned released;		/* seats whose value is in */
	int keyed;
	unsigned char key[CHANCE_KEY_BYTES];
	uint32_t k[RULES_MAX_SEATS];	/* each seat's chain position */
	unsigned char value[RULES_MAX_SEATS][CHANCE_KEY_BYTES];
	int line;			/* the line of its "#?", or 0 */
};

struct chance_fair {
	struct rules_chance chance;	/* hand &cf->chance to the game */
	unsigned all;			/* the seats a quorum of 0 means */
	struct chance_fair_event *ev;	/* malloc'ed, nev in use */
	uint32_t nev, cap;
	int nomem;			/* an event could not be recorded */
};

/* An empty table; all: the bit of every seat of the game. */
void chance_fair_init(struct chance_fair *cf, unsigned all);
void chance_fair_release(struct chance_fair *cf);

/*
 * Format 1's public numbering key (rules_setup.salt): the seed's bytes
 * 8-15 read as a big-endian number.  It is public (the seed is written
 * in every format-1 header) and only names things; no randomness may
 * come from it.
 */
uint64_t chance_seed_salt(const unsigned char seed[RULES_SEED_BYTES]);

#endif
