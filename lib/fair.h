/*
 * fair.h -- the cryptography of fair chance (save format 2):
 * per-seat secrets and answer keys, the hash chains, the key of a random
 * event from the seats' released chain values, and the Ristretto255
 * pieces a join line carries (key and proof of knowledge).
 *
 * The design is doc/fair-chance.md (sections 3.2, 3.4, 3.5,
 * 3.13); every byte is written down in trigon-save(5), FORMAT 2: FAIR
 * CHANCE, so an independent program can recompute each value.  This
 * module is pure computation: no file, no line syntax, no game.  The
 * save layer (not yet) parses join and release lines, numbers events,
 * keeps one struct fair_chain per seat and feeds the event key to the
 * game as a struct chance_stream (fair_event_stream).
 *
 * Secrets (the seat secret S, the answer key, the ElGamal scalar x, the
 * chain's top value) live in a struct fair_seat in sodium_malloc'd
 * memory, freed and wiped by fair_seat_free(); temporaries are wiped
 * with sodium_memzero.  Functions that can fail return 0 or a negative
 * ERR_* code (lib/err.h) with e filled; a refusal changes nothing.
 */
#ifndef TRIGON_FAIR_H
#define TRIGON_FAIR_H

#include <stddef.h>
#include <stdint.h>

#include "chance.h"
#include "err.h"

#define FAIR_ID_BYTES 16	/* the game id */
#define FAIR_BYTES 32		/* hashes, chain values, points, scalars */
#define FAIR_SEED_BYTES 32	/* an Ed25519 seed: the main key's first half */
#define FAIR_B64_LEN 43		/* 32 bytes in URL-safe base64, no padding */
#define FAIR_CHAIN_N 65536u	/* the chain length clients write in joins */
#define FAIR_CHAIN_MAX (1u << 20)
#define FAIR_SEAT_MAX 255	/* bytes of a seat name */
#define FAIR_LABEL_MAX 1000	/* bytes of an event label */

/*
 * One seat's secrets in one game, all derived from its main key's seed
 * (doc/fair-chance.md).  Allocated with sodium_malloc by fair_seat_new or
 * fair_seat_audit; never copy it to ordinary memory.
 */
struct fair_seat {
	unsigned char secret[FAIR_BYTES];	/* S: revealed at the audit */
	unsigned char answer_seed[FAIR_BYTES];	/* A: never revealed */
	unsigned char answer_sk[64];		/* crypto_sign of A */
	unsigned char answer_pk[FAIR_BYTES];
	unsigned char x[FAIR_BYTES];		/* ElGamal scalar (stage 2) */
	unsigned char y[FAIR_BYTES];		/* Y = x.G, public */
	unsigned char commit[FAIR_BYTES];	/* commitment to S, public */
	unsigned char top[FAIR_BYTES];		/* c[N] */
	unsigned char anchor[FAIR_BYTES];	/* c[0], public */
	unsigned char id[FAIR_ID_BYTES];
	uint32_t n;				/* N */
	int has_answer;				/* 0 after fair_seat_audit */
	size_t seatlen;
	char seat[FAIR_SEAT_MAX + 1];
};

/*
 * The secrets of seat `seat` (its name, e.g. "green") in game `id` from
 * the 32-byte seed of its main key, with a chain of n values (a power
 * of two, 1 <= n <= FAIR_CHAIN_MAX; clients use FAIR_CHAIN_N).
 * Computes the chain's anchor (n hashes: ~20 ms for 65,536).
 */
int fair_seat_new(struct fair_seat **out, const unsigned char seed[FAIR_SEED_BYTES],
    const unsigned char id[FAIR_ID_BYTES], const char *seat, uint32_t n,
    struct err *e);
/*
 * The audit's view: everything that follows from a revealed secret S
 * (commit, x, Y, chain) but no answer key (has_answer = 0).
 */
int fair_seat_audit(struct fair_seat **out, const unsigned char secret[FAIR_BYTES],
    const unsigned char id[FAIR_ID_BYTES], const char *seat, uint32_t n,
    struct err *e);
/*
 * An exported answer key (trigon fair export; doc/fair-chance.md): a
 * seat's secret S and answer-key seed A in one game, for a machine that
 * answers for the seat.  It can sign answer lines and releases and
 * reveal S at the audit, never a move or a join (those need the main
 * key).  Keep it in sodium_malloc'd memory; wipe it after use.
 */
struct fair_export {
	unsigned char id[FAIR_ID_BYTES];
	char seat[FAIR_SEAT_MAX + 1];
	unsigned char secret[FAIR_BYTES];	/* S */
	unsigned char answer_seed[FAIR_BYTES];	/* A */
};

/* Its file, exactly five lines:
 *   trigon-answer-key 1
 *   game HEX32
 *   seat SEAT
 *   secret B64
 *   answer B64
 * FAIR_EXPORT_MAX bytes at most. */
#define FAIR_EXPORT_MAGIC "trigon-answer-key 1"
#define FAIR_EXPORT_MAX 512
/* The file's text of x into out (NUL-ended; wipe it after use);
 * returns its length, or -1 when n is too small. */
int fair_export_format(char *out, size_t n, const struct fair_export *x);
/* Parses a file's text: ERR_DAMAGED with the line number in e->line
 * when it is not exactly the format above. */
int fair_export_parse(struct fair_export *x, const char *p, size_t len,
    struct err *e);
/* The seat of x, as fair_seat_new would make it from the main key. */
int fair_seat_exported(struct fair_seat **out, const struct fair_export *x,
    uint32_t n, struct err *e);

/* Wipes and frees (sodium_free); NULL is fine. */
void fair_seat_free(struct fair_seat *fs);

/* The seat's chain value c[k], 0 <= k <= n (n - k hashes from the top). */
int fair_seat_value(const struct fair_seat *fs, uint32_t k,
    unsigned char out[FAIR_BYTES], struct err *e);

/*
 * One link of the chain: c[k-1] from c[k] (k >= 1), for seat `seat`
 * (name, seatlen bytes) of game id.
 */
void fair_chain_link(unsigned char prev[FAIR_BYTES],
    const unsigned char id[FAIR_ID_BYTES], const char *seat, size_t seatlen,
    uint32_t k, const unsigned char value[FAIR_BYTES]);

/*
 * The commitment to a seat secret: what a join's commit= holds and the
 * audit checks.
 */
void fair_commit(unsigned char out[FAIR_BYTES],
    const unsigned char id[FAIR_ID_BYTES], const unsigned char secret[FAIR_BYTES]);

/*
 * A verifier's state of one seat's chain: the last value accepted
 * (the anchor at first) and how many were released (36 bytes a seat,
 * plus n).  The next release is chain position k + 1.
 */
struct fair_chain {
	unsigned char last[FAIR_BYTES];
	uint32_t k;
	uint32_t n;
};

void fair_chain_init(struct fair_chain *ch, const unsigned char anchor[FAIR_BYTES],
    uint32_t n);
/*
 * Accept seat's release for event `event` (named in messages only):
 * it must hash to the last value at position k + 1.  ERR_REFUSED with
 * e->msg ("purple's release 17 does not hash to its previous value",
 * "... repeats its previous release", "purple's chain is used up") and
 * ch unchanged otherwise.
 */
int fair_chain_accept(struct fair_chain *ch, const unsigned char id[FAIR_ID_BYTES],
    const char *seat, uint32_t event, const unsigned char value[FAIR_BYTES],
    struct err *e);

/* One quorum seat's contribution to an event. */
struct fair_contrib {
	int seat;				/* seat index, header order */
	const char *name;			/* for messages */
	uint32_t k;				/* chain position, >= 1 */
	unsigned char value[FAIR_BYTES];	/* c_seat[k] */
};

/*
 * The key of event `event` (numbered from 1, as in #? lines) with its
 * label, from the quorum's contributions in seat order (indices
 * strictly increasing, 0-255).  Refuses an empty quorum, seats out of
 * order, k = 0, a label longer than FAIR_LABEL_MAX and two equal
 * values (a seat reusing another's release).
 */
int fair_event_key(unsigned char key[FAIR_BYTES],
    const unsigned char id[FAIR_ID_BYTES], uint32_t event, const char *label,
    size_t labellen, const struct fair_contrib *c, size_t nc, struct err *e);

/*
 * The bytes of an event for the game: ChaCha20-IETF keyed by the event
 * key, nonce zero, block counter from 0 (chance.h's draws read it).
 */
void fair_event_stream(struct chance_stream *out, const unsigned char key[FAIR_BYTES]);

/* ---- Ristretto255 --------------------------------------------------- */

/*
 * Hs(domain, data): crypto_core_ristretto255_scalar_reduce of the
 * 64-byte BLAKE2b of the domain string (e.g. "trigon-fair v1 pok"), a
 * NUL byte, then data.
 */
void fair_hash_scalar(unsigned char out[FAIR_BYTES], const char *domain,
    const unsigned char *data, size_t len);
/* 1 when s is a reduced scalar (< the group order), else 0. */
int fair_scalar_canonical(const unsigned char s[FAIR_BYTES]);
/* A valid Ristretto255 encoding, not the identity (keys, shares). */
int fair_point_check(const unsigned char p[FAIR_BYTES], const char *what,
    struct err *e);

/*
 * The join's proof of knowledge of x for Y (doc/fair-chance.md): (c, s)
 * with s.G + c.Y = R and c = Hs("pok", id, seat, Y, R).
 */
int fair_pok_prove(const struct fair_seat *fs, unsigned char c[FAIR_BYTES],
    unsigned char s[FAIR_BYTES], struct err *e);
int fair_pok_verify(const unsigned char id[FAIR_ID_BYTES], const char *seat,
    const unsigned char y[FAIR_BYTES], const unsigned char c[FAIR_BYTES],
    const unsigned char s[FAIR_BYTES], struct err *e);

/* ---- encoding ---------------------------------------------------------- */

/* 32 bytes as 43 characters of URL-safe base64 without padding, NUL-ended. */
void fair_b64(char out[FAIR_B64_LEN + 1], const unsigned char in[FAIR_BYTES]);
/* The one spelling of 32 bytes (ERR_REFUSED, naming `what`, otherwise). */
int fair_unb64(unsigned char out[FAIR_BYTES], const char *s, size_t len,
    const char *what, struct err *e);

/* ---- lines of format 2 (lib/fairline.c) -------------------------------- */

/*
 * The parsers of format 2's own lines, pure functions over one line
 * (without its line feed, already checked canonical by the reader):
 * syntax faults are ERR_DAMAGED, a value that fails a check (a point,
 * a scalar) ERR_REFUSED, each with e->msg.  Nothing here knows the
 * game's seats or signs: the save layer maps seat names, checks BLOCK
 * against the block hash and the signature over fair_answer_message().
 * Not yet called by save.c.
 */

enum fair_chance_mode { FAIR_CHANCE_OPEN = 0, FAIR_CHANCE_FAIR = 1 };

/* The header line "chance open" or "chance fair". */
int fair_parse_chance(const char *line, size_t len, int *mode, struct err *e);

/* The kinds of answer lines, in their canonical order within a block. */
enum fair_kind {
	FAIR_JOIN, FAIR_SHUFFLE, FAIR_RELEASE, FAIR_SHARE, FAIR_TAG, FAIR_OPEN,
	FAIR_PASS, FAIR_GIVE, FAIR_LOOK, FAIR_STEAL, FAIR_COMPLAIN, FAIR_LEAVE,
	FAIR_TIMEOUT, FAIR_FORFEIT, FAIR_FINAL, FAIR_AUDIT, FAIR_NKINDS
};

#define FAIR_BLOB_LINES_MAX 4096	/* "+K": continuation lines */
#define FAIR_ANSWER_MSG_MAX (21 + FAIR_ID_BYTES + FAIR_BYTES + 1 + \
	FAIR_SEAT_MAX + 2 + 1024 + FAIR_BYTES)

/*
 * One answer line, "@ SEAT KIND ARGS... [+K] | BLOCK SIGNATURE".  The
 * pointers point into the parsed line.  Arguments are decoded for the
 * kinds stage 1 uses (join, release, audit); the others keep args raw.
 */
struct fair_answer {
	const char *seat;
	size_t seatlen;
	enum fair_kind kind;
	const char *body;		/* "KIND ARGS... [+K]": what is signed */
	size_t bodylen;
	const char *args;		/* after "KIND ", without " +K"; or "" */
	size_t argslen;
	unsigned blob_lines;		/* K, or 0 */
	unsigned char block[8];		/* BLOCK: the block hash's first 8 bytes */
	unsigned char sig[64];
	union {
		struct {		/* release E VALUE */
			uint32_t event;
			unsigned char value[FAIR_BYTES];
		} release;
		struct {		/* join key=trigon-ed25519:PK n=N anchor=
					   commit= [y= pok=] */
			unsigned char key[FAIR_BYTES];
			uint32_t n;
			unsigned char anchor[FAIR_BYTES];
			unsigned char commit[FAIR_BYTES];
			int has_y;
			unsigned char y[FAIR_BYTES];
			unsigned char pok_c[FAIR_BYTES], pok_s[FAIR_BYTES];
		} join;
		struct {		/* audit S */
			unsigned char secret[FAIR_BYTES];
		} audit;
		struct {		/* timeout SEAT AWAIT DATE,
					   forfeit SEAT DATE, final
					   SEAT DATE */
			const char *seat;	/* the accused */
			size_t seatlen;
			uint32_t event;		/* AWAIT: an event, 0 = join
						   (and a forfeit's),
						   FAIR_AWAIT_MOVE */
			int64_t when;		/* DATE, seconds since 1970 */
		} claim;
	} u;
};

/* A claim's await "move": the accused's ordinary move (trigon-save(5),
 * Deadlines and forfeit); event numbers stop below it. */
#define FAIR_AWAIT_MOVE UINT32_MAX

int fair_parse_answer(const char *line, size_t len, struct fair_answer *out,
    struct err *e);
/*
 * A date as the save file writes it, "2026-11-26T10:05:00Z" (UTC, the
 * created line's form), in seconds since 1970: 0, or ERR_DAMAGED for
 * another spelling or an impossible date.  fair_format_date writes
 * one (21 bytes with the NUL).
 */
#define FAIR_DATE_LEN 20
int fair_parse_date(const char *s, size_t len, int64_t *out, struct err *e);
void fair_format_date(char out[FAIR_DATE_LEN + 1], int64_t t);
/*
 * A duration of the header's deadline line: digits (no leading zero,
 * 1 to 99999) then 'm', 'h' or 'd' (minutes, hours, days), in seconds.
 */
int fair_parse_duration(const char *s, size_t len, int64_t *out,
    struct err *e);

/* The kind's word ("release"), or NULL. */
const char *fair_kind_name(int kind);

/*
 * The message an answer line's signature covers (trigon-save(5)):
 * "trigon-save 2 answer" NUL, id, block hash, len(seat):1, seat,
 * len(body):2 BE, body, blob hash (32 zero bytes without a blob).
 * Returns its length (at most FAIR_ANSWER_MSG_MAX), or 0 when seat or
 * body is too long.
 */
size_t fair_answer_message(unsigned char out[FAIR_ANSWER_MSG_MAX],
    const unsigned char id[FAIR_ID_BYTES],
    const unsigned char block_hash[FAIR_BYTES], const char *seat,
    size_t seatlen, const char *body, size_t bodylen,
    const unsigned char *blob_hash);

#endif
