/*
 * save.c -- the save file's reader (a line-at-a-time state machine that
 * checks canonical bytes, the header grammar, the hash chain, the
 * signatures, the turn order, the rules and the annotations) and its
 * writer (which signs a new line and feeds it through the same reader).
 * The grammar is in trigon-save(5).  Atomic replacement is atomic.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "atomic.h"
#include "fair.h"
#include "num.h"
#include "keys.h"
#include "save.h"
#include "savesealed.h"
#include "sigpool.h"
#include "utf8.h"

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
	/* Each seat's latest claim date in earlier blocks (monotone). */
	int64_t last_claim[RULES_MAX_SEATS];
	int last_claim_line[RULES_MAX_SEATS];
	/* The audit (trigon-save(5)): opened when the game is over. */
	int audit_open;
	int audit_line;			/* the line of "#? audit: ..." */
	struct buf owed;		/* lines owed, each '\n'-ended */
	size_t owed_pos;
	struct save_sealed *sealed;	/* hands sealed: lib/savesealed.h */
};

/* " | " + chain + " " + signature */
#define ACTION_SUFFIX (3 + 2 * SAVE_CHAIN_SHOWN + 1 + SAVE_SIG_TEXT)

static int read_lines(struct save *s, int fd, struct err *e);
static int fail(struct save *s, struct err *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static const char *canonical(const char *p, size_t len);
static int feed_header(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_magic(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_rules(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_game(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_seed(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_created(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_chance(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_hands(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_deadline(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_rest(struct save *s, const char *l, size_t len,
    struct err *e);
static int header_option(struct save *s, const char *l, size_t len,
    struct err *e);
static int feed_body(struct save *s, const char *l, size_t len,
    struct err *e);
static int start_game(struct save *s, struct err *e);
static void setup_fill(struct save *s, struct rules_setup *su,
    const char **opts);
static struct save_fair *fair_new(void);
static void fair_free(struct save_fair *f);
static int feed_body2(struct save *s, const char *l, size_t len,
    struct err *e);
static int owe(struct save *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int owed_next(const struct save *s, const char **p, size_t *n);
static int owe_notes(struct save *s);
static int owe_events(struct save *s, uint32_t from);
static int owe_audit(struct save *s);
static int check_forfeit(struct save *s, struct blk_answer *b, int accused,
    struct err *e);
static int check_audit(struct save *s, struct blk_answer *b, struct err *e);
static int process_block(struct save *s, struct err *e);
static int apply2(struct save *s, struct err *e, uint64_t seq, int seat,
    const char *act, size_t alen);
static void blk_clear(struct save_fair *f);
static int seal2(struct save *s, const unsigned char *sk, struct buf *out,
    struct err *e);
static unsigned all_seats(const struct save *s);
static void seat_list(const struct save *s, unsigned mask, char *buf,
    size_t n);
static int settle(struct save *s, struct rules_error *re);
static int is_hex(const char *p, size_t n);
static int parse_seq(const char *p, size_t n, uint64_t *out);
static size_t action_msg(unsigned char *buf, const struct save *s,
    uint64_t seq, const unsigned char chain[32], const char *seat_name,
    const char *act, size_t alen);
static size_t end_msg(unsigned char *buf, const struct save *s, uint64_t seq,
    const unsigned char chain[32]);
static void chain_now(const struct save *s, unsigned char out[32]);
static int next_note(struct save *s, const char **p, size_t *n);
static int seat_of_name(const struct save *s, const char *c, size_t n);
static int emit(struct save *s, struct err *e, enum save_event_kind k,
    uint64_t seq, int seat, const char *text, size_t len);

void
save_game_id(unsigned char id[SAVE_GAME_ID_BYTES],
    const unsigned char seed[RULES_SEED_BYTES])
{
	crypto_generichash_state st;

	crypto_generichash_init(&st, NULL, 0, SAVE_GAME_ID_BYTES);
	crypto_generichash_update(&st, (const unsigned char *)LABEL_GAME_ID,
	    sizeof LABEL_GAME_ID);
	crypto_generichash_update(&st, seed, RULES_SEED_BYTES);
	crypto_generichash_final(&st, id, SAVE_GAME_ID_BYTES);
}

const char *
save_chance_text(const struct save_header *h)
{
	if (h->chance == SAVE_CHANCE_FAIR && h->hands == SAVE_HANDS_SEALED)
		return "fair chance: no player can foresee or bias a die or a "
		    "draw (hands sealed)";
	if (h->chance == SAVE_CHANCE_FAIR)
		return "fair chance: no player can foresee or bias a die or a "
		    "draw (hands open)";
	return "open dice: anyone can compute the dice \xe2\x80\x94 play with "
	    "friends";
}

const char *
save_chance_name(const struct save_header *h)
{
	return h->chance == SAVE_CHANCE_FAIR ? "fair" : "open";
}

void
save_init(struct save *s, const char *name)
{
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	s->last_seat = -1;
	s->table = rules_registry();
	crypto_generichash_init(&s->chain, NULL, 0, 32);
}

void
save_set_reader(struct save *s, const unsigned char *sk)
{
	s->reader_sk = sk;
}

void
save_release(struct save *s)
{
	sigpool_free(s->pool);
	s->pool = NULL;
	if (s->game != NULL && s->rules != NULL)
		s->rules->free(s->game);
	s->game = NULL;
	fair_free(s->fair);	/* after the game, which kept its source */
	s->fair = NULL;
	for (size_t i = 0; i < s->hdr.nblobs; i++) {
		free((char *)(uintptr_t)s->hdr.blob[i].name);
		free((char *)(uintptr_t)s->hdr.blob[i].text);
	}
	s->hdr.nblobs = 0;
	sodium_memzero(&s->chain, sizeof s->chain);
}

int
save_seat_of_key(const struct save *s, const unsigned char pk[32])
{
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (sodium_memcmp(s->hdr.player[i].pk, pk, 32) == 0)
			return i;
	return -1;
}

/* ---- reading ---------------------------------------------------------- */

int
save_feed(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *why;
	int rc;

	s->line++;
	if (len > SAVE_LINE_MAX)
		return fail(s, e, ERR_DAMAGED, "line longer than %d bytes",
		    SAVE_LINE_MAX);
	if (s->ended)
		return fail(s, e, ERR_DAMAGED,
		    "nothing may follow the signed end line");
	if ((why = canonical(l, len)) != NULL)
		return fail(s, e, ERR_DAMAGED, "%s", why);
	if (s->state < ST_BODY)
		rc = feed_header(s, l, len, e);
	else if (s->fair != NULL)
		rc = feed_body2(s, l, len, e);
	else
		rc = feed_body(s, l, len, e);
	if (rc != 0)
		return rc;
	s->file_len += (off_t)len + 1;
	if (!s->ended) {
		crypto_generichash_update(&s->chain, (const unsigned char *)l,
		    len);
		crypto_generichash_update(&s->chain,
		    (const unsigned char *)"\n", 1);
		s->body_len += (off_t)len + 1;
	}
	return 0;
}

int
save_finish(struct save *s, int eol, struct err *e)
{
	const char *p;
	size_t n;

	if (!eol)
		return err_at(e, ERR_DAMAGED, s->name, s->line + 1,
		    "the last line has no newline (is the file cut short?)");
	if (s->line == 0)
		return err_at(e, ERR_DAMAGED, s->name, 1,
		    "empty file: not a trigon save file");
	if (s->state < ST_BODY)
		return err_at(e, ERR_DAMAGED, s->name, s->line + 1,
		    "the header ends early: no 'start' line");
	if (s->fair != NULL && s->fair->nans > 0 && !s->fair->processed) {
		int rc = process_block(s, e);

		if (rc != 0)
			return rc;
	}
	if (next_note(s, &p, &n))
		return err_at(e, ERR_REFUSED, s->name, s->line + 1,
		    "missing annotation: the replay says '#= %.*s'", (int)n, p);
	if (owed_next(s, &p, &n))
		return err_at(e, ERR_REFUSED, s->name, s->line + 1,
		    "missing annotation: the replay says '%.*s'", (int)n, p);
	if (s->fair != NULL && s->fair->any_answer && !s->ended)
		return err_at(e, ERR_REFUSED, s->name, s->line + 1,
		    "no signed end line after the answers (is the file cut "
		    "short?)");
	if (s->nactions > 0 && !s->ended)
		return err_at(e, ERR_REFUSED, s->name, s->line + 1,
		    "no signed end line after move %llu (is the file cut "
		    "short?)", (unsigned long long)s->nactions);
	s->disk_body = s->body_len;
	s->disk_len = s->file_len;
	chain_now(s, s->disk_hash);
	memcpy(s->disk_end, s->endline, s->endlen);
	s->disk_endlen = s->endlen;
	return 0;
}

int
save_read_buf(struct save *s, const char *buf, size_t len, struct err *e)
{
	const char *p = buf, *end = buf + len;
	int rc;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (nl == NULL) {
			if ((size_t)(end - p) > SAVE_LINE_MAX) {
				s->line++;
				return fail(s, e, ERR_DAMAGED,
				    "line longer than %d bytes", SAVE_LINE_MAX);
			}
			return save_finish(s, 0, e);
		}
		if ((rc = save_feed(s, p, (size_t)(nl - p), e)) != 0)
			return rc;
		p = nl + 1;
	}
	return save_finish(s, 1, e);
}

/*
 * Read through read_lines(), the signatures checked on worker threads
 * when there are several cores.  The first violation in line order is
 * reported, as a sequential reader would: a bad signature on a line at
 * or before the line where reading stopped wins.
 */
int
save_read_fd(struct save *s, int fd, struct err *e)
{
	int rc, bad, seat, end;

	s->pool = sigpool_new(0);
	rc = read_lines(s, fd, e);
	if (s->pool == NULL)
		return rc;
	bad = sigpool_drain(s->pool, &seat, &end);
	sigpool_free(s->pool);
	s->pool = NULL;
	if (bad > 0 && (rc == 0 || (e != NULL && e->line > 0 &&
	    bad <= e->line))) {
		s->line = bad;
		if (end)
			rc = fail(s, e, ERR_REFUSED, "bad signature on the end "
			    "line (it must be %s's, who made the last move)",
			    s->hdr.player[seat].seat);
		else
			rc = fail(s, e, ERR_REFUSED, "bad signature: this line "
			    "is not signed by %s's key",
			    s->hdr.player[seat].seat);
	}
	return rc;
}

static int
read_lines(struct save *s, int fd, struct err *e)
{
	char chunk[65536], line[SAVE_LINE_MAX + 1];
	size_t have = 0;
	int rc;

	for (;;) {
		ssize_t r = read(fd, chunk, sizeof chunk);
		const char *p = chunk, *end;

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return err_set(e, ERR_IO, "cannot read '%s': %s",
			    s->name, strerror(errno));
		if (r == 0)
			break;
		end = chunk + r;
		while (p < end) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t n = (size_t)((nl ? nl : end) - p);

			if (have + n > SAVE_LINE_MAX) {
				s->line++;
				return fail(s, e, ERR_DAMAGED,
				    "line longer than %d bytes", SAVE_LINE_MAX);
			}
			memcpy(line + have, p, n);
			have += n;
			if (nl == NULL)
				break;
			if ((rc = save_feed(s, line, have, e)) != 0)
				return rc;
			have = 0;
			p = nl + 1;
		}
	}
	return save_finish(s, have == 0, e);
}

int
save_load(struct save *s, const char *path, int *lockfd, struct err *e)
{
	int fd, rc;

	if (lockfd != NULL) {
		*lockfd = -1;
		if ((rc = atomic_lock_open(&fd, path, NULL, e)) != 0)
			return rc;
	} else if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		return err_set(e, ERR_IO, "cannot open '%s': %s", path,
		    strerror(errno));
	}
	rc = save_read_fd(s, fd, e);
	if (rc == 0 && lockfd != NULL)
		*lockfd = fd;
	else
		close(fd);
	return rc;
}

static int
fail(struct save *s, struct err *e, int code, const char *fmt, ...)
{
	va_list ap;

	if (e != NULL) {
		snprintf(e->file, sizeof e->file, "%s", s->name);
		e->line = s->line;
	}
	va_start(ap, fmt);
	err_setv(e, code, fmt, ap);
	va_end(ap);
	return code;
}

/*
 * Why a line is not canonical text, or NULL when it is: strict UTF-8
 * (no overlong forms, surrogates or code points past U+10FFFF), no
 * control character (C0, DEL, C1), no byte-order mark or Unicode line
 * separator, no trailing white space.
 */
static const char *
canonical(const char *str, size_t len)
{
	const unsigned char *p = (const unsigned char *)str;
	size_t i = 0;

	while (i < len) {
		unsigned c = p[i];
		uint32_t cp;
		int n;

		if (c < 0x80) {
			if (c == '\r')
				return "a carriage return (CR) in the line";
			if (c == '\t')
				return "a tab in the line";
			if (c < 0x20 || c == 0x7f)
				return "a control character in the line";
			i++;
			continue;
		}
		if ((n = utf8_decode(str + i, len - i, &cp)) == 0)
			return "invalid UTF-8";
		if (cp >= 0x80 && cp <= 0x9f)
			return "a control character in the line";
		if (cp == 0xfeff)
			return "a byte-order mark in the line";
		if (cp == 0x2028 || cp == 0x2029)
			return "a Unicode line separator in the line";
		i += (size_t)n;
	}
	if (len > 0 && p[len - 1] == ' ')
		return "trailing white space";
	return NULL;
}

const char *
save_canonical(const char *str, size_t len)
{
	return canonical(str, len);
}

static int
is_hex(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!((p[i] >= '0' && p[i] <= '9') ||
		    (p[i] >= 'a' && p[i] <= 'f')))
			return 0;
	return 1;
}

/* A sequence number: canonical decimal, 1 to 18 digits, not 0. */
static int
parse_seq(const char *p, size_t n, uint64_t *out)
{
	return num_u64(p, n, 1, 999999999999999999ULL, NUM_CANONICAL, out) ==
	    0 ? 0 : -1;
}

static int
starts(const char *l, size_t len, const char *word)
{
	size_t n = strlen(word);

	return len >= n && memcmp(l, word, n) == 0;
}

static int
parse_player(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_player *pl;
	const char *p = l + 7, *end = l + len, *sp, *lt;
	size_t n;
	int seat;
	struct err ke;

	if (s->hdr.nplayers >= RULES_MAX_SEATS ||
	    s->hdr.nplayers >= s->rules->max_seats)
		return fail(s, e, ERR_DAMAGED, "more than %d players",
		    s->rules->max_seats);
	pl = &s->hdr.player[s->hdr.nplayers];
	memset(pl, 0, sizeof *pl);
	/* player SEAT NAME [<EMAIL>] KEY */
	if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL)
		return fail(s, e, ERR_DAMAGED, "a player line is 'player "
		    "SEAT NAME [<EMAIL>] KEY'");
	n = (size_t)(sp - p);
	seat = -1;
	for (int i = 0; s->rules->seat_names[i] != NULL; i++)
		if (strlen(s->rules->seat_names[i]) == n &&
		    memcmp(s->rules->seat_names[i], p, n) == 0)
			seat = i;
	if (seat < 0 || n >= SAVE_SEAT_MAX) {
		char list[256] = "";

		for (int i = 0; s->rules->seat_names[i] != NULL; i++)
			snprintf(list + strlen(list), sizeof list -
			    strlen(list), "%s%s", i ? ", " : "",
			    s->rules->seat_names[i]);
		return fail(s, e, ERR_DAMAGED, "'%.*s' is not a seat of the "
		    "rules %s (%s)", (int)n, p, s->rules->name, list);
	}
	memcpy(pl->seat, p, n);
	if (seat_of_name(s, p, n) >= 0)
		return fail(s, e, ERR_DAMAGED, "two players have the seat "
		    "'%s'", pl->seat);
	p = sp + 1;
	/* The key is the last word. */
	while (end > p && end[-1] != ' ')
		end--;
	if (end <= p + 1)
		return fail(s, e, ERR_DAMAGED, "a player line is 'player "
		    "SEAT NAME [<EMAIL>] KEY'");
	if (keys_pub_parse(end, (size_t)(l + len - end), pl->pk, &ke) != 0)
		return fail(s, e, ERR_DAMAGED, "%s", ke.msg);
	end--;			/* the space before the key */
	if (end > p && end[-1] == '>') {
		lt = end - 1;
		while (lt > p && *lt != '<')
			lt--;
		if (*lt != '<' || lt == p || lt[-1] != ' ')
			return fail(s, e, ERR_DAMAGED, "bad e-mail address: "
			    "write it as <name@host>");
		n = (size_t)(end - 1 - (lt + 1));
		if (n == 0 || n >= SAVE_EMAIL_MAX ||
		    memchr(lt + 1, '@', n) == NULL ||
		    memchr(lt + 1, ' ', n) != NULL ||
		    memchr(lt + 1, '<', n) != NULL)
			return fail(s, e, ERR_DAMAGED, "bad e-mail address "
			    "'%.*s'", (int)n, lt + 1);
		memcpy(pl->email, lt + 1, n);
		end = lt - 1;
	}
	n = (size_t)(end - p);
	if (n == 0 || n >= SAVE_NAME_MAX)
		return fail(s, e, ERR_DAMAGED, "a player needs a name of 1 to "
		    "%d bytes", SAVE_NAME_MAX - 1);
	if (p[0] == ' ' || end[-1] == ' ' || memchr(p, '<', n) ||
	    memchr(p, '>', n))
		return fail(s, e, ERR_DAMAGED, "bad player name '%.*s': no "
		    "'<', '>' or spaces around it", (int)n, p);
	memcpy(pl->name, p, n);
	if (save_seat_of_key(s, pl->pk) >= 0)
		return fail(s, e, ERR_DAMAGED, "two players have the same key");
	s->hdr.nplayers++;
	return 0;
}

static int
parse_data(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *name = l + 5;
	size_t n = len - 5;
	int known = 0;
	char *copy;

	if (s->rules->blob_names != NULL)
		for (size_t i = 0; s->rules->blob_names[i] != NULL; i++)
			if (strlen(s->rules->blob_names[i]) == n &&
			    memcmp(s->rules->blob_names[i], name, n) == 0)
				known = 1;
	if (!known)
		return fail(s, e, ERR_DAMAGED, "the rules %s read no data "
		    "called '%.*s'", s->rules->name, (int)n, name);
	for (size_t i = 0; i < s->hdr.nblobs; i++)
		if (strlen(s->hdr.blob[i].name) == n &&
		    memcmp(s->hdr.blob[i].name, name, n) == 0)
			return fail(s, e, ERR_DAMAGED, "data '%.*s' given "
			    "twice", (int)n, name);
	if (s->hdr.nblobs >= SAVE_BLOBS_MAX)
		return fail(s, e, ERR_DAMAGED, "too many data blocks");
	if ((copy = malloc(n + 1)) == NULL)
		return fail(s, e, ERR_NOMEM, "out of memory");
	memcpy(copy, name, n);
	copy[n] = '\0';
	s->hdr.blob[s->hdr.nblobs].name = copy;
	s->hdr.blob[s->hdr.nblobs].text = NULL;
	s->hdr.blob[s->hdr.nblobs].len = 0;
	s->hdr.blob_line[s->hdr.nblobs] = s->line;
	s->hdr.nblobs++;
	s->blob_open = 1;
	return 0;
}

static int
add_data_line(struct save *s, const char *p, size_t n, struct err *e)
{
	struct rules_blob *b = &s->hdr.blob[s->hdr.nblobs - 1];
	char *t;

	if (s->data_total + n + 1 > SAVE_DATA_MAX)
		return fail(s, e, ERR_DAMAGED, "the data blocks exceed %d "
		    "bytes", SAVE_DATA_MAX);
	/* Grow geometrically; data_total bounds the sum. */
	t = realloc((char *)(uintptr_t)b->text, b->len + n + 2);
	if (t == NULL)
		return fail(s, e, ERR_NOMEM, "out of memory");
	memcpy(t + b->len, p, n);
	t[b->len + n] = '\n';
	t[b->len + n + 1] = '\0';
	b->text = t;
	b->len += n + 1;
	s->data_total += n + 1;
	return 0;
}

static int
feed_header(struct save *s, const char *l, size_t len, struct err *e)
{
	switch (s->state) {
	case ST_MAGIC:
		return header_magic(s, l, len, e);
	case ST_RULES:
		return header_rules(s, l, len, e);
	case ST_GAME:
		return header_game(s, l, len, e);
	case ST_SEED:
		return header_seed(s, l, len, e);
	case ST_CREATED:
		return header_created(s, l, len, e);
	case ST_CHANCE:
		return header_chance(s, l, len, e);
	case ST_HANDS:
		return header_hands(s, l, len, e);
	case ST_DEADLINE:
		s->state = ST_OPTIONS;
		if (starts(l, len, "deadline "))
			return header_deadline(s, l, len, e);
		break;		/* an option, a player, ... */
	default:
		break;
	}
	return header_rest(s, l, len, e);
}

/* "trigon-save 1" or "trigon-save 2". */
static int
header_magic(struct save *s, const char *l, size_t len, struct err *e)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%s %d", SAVE_MAGIC, SAVE_VERSION);
	if (len == strlen(buf) && memcmp(l, buf, len) == 0) {
		s->hdr.version = SAVE_VERSION;
		s->state = ST_RULES;
		return 0;
	}
	if (len == strlen(buf) && memcmp(l, buf, len - 1) == 0 &&
	    l[len - 1] == '0' + SAVE_VERSION_FAIR) {
		s->hdr.version = SAVE_VERSION_FAIR;
		if ((s->fair = fair_new()) == NULL)
			return fail(s, e, ERR_NOMEM, "out of memory");
		s->state = ST_RULES;
		return 0;
	}
	if (starts(l, len, SAVE_MAGIC " "))
		return fail(s, e, ERR_DAMAGED, "unsupported save "
		    "format version '%.*s' (this trigon reads "
		    "versions %d and %d)", (int)(len - 12), l + 12,
		    SAVE_VERSION, SAVE_VERSION_FAIR);
	return fail(s, e, ERR_DAMAGED, "not a trigon save file: the "
	    "first line must be '%s'", buf);
}

/* "rules NAME", a rule set of the table. */
static int
header_rules(struct save *s, const char *l, size_t len, struct err *e)
{
	if (!starts(l, len, "rules ") || len - 6 >= SAVE_RULES_NAME_MAX)
		return fail(s, e, ERR_DAMAGED, "expected 'rules NAME'");
	memcpy(s->hdr.rules, l + 6, len - 6);
	s->hdr.rules[len - 6] = '\0';
	for (size_t i = 0; s->table[i] != NULL; i++)
		if (strcmp(s->table[i]->name, s->hdr.rules) == 0)
			s->rules = s->table[i];
	if (s->rules == NULL)
		return fail(s, e, ERR_DAMAGED, "unknown rule set '%s'",
		    s->hdr.rules);
	s->state = ST_GAME;
	return 0;
}

/* "game ID". */
static int
header_game(struct save *s, const char *l, size_t len, struct err *e)
{
	if (!starts(l, len, "game ") ||
	    len != 5 + 2 * SAVE_GAME_ID_BYTES || !is_hex(l + 5, len - 5))
		return fail(s, e, ERR_DAMAGED, "expected 'game ID' with "
		    "%d lower-case hex digits", 2 * SAVE_GAME_ID_BYTES);
	sodium_hex2bin(s->hdr.game_id, sizeof s->hdr.game_id, l + 5,
	    len - 5, NULL, NULL, NULL);
	s->state = ST_SEED;
	return 0;
}

/* "seed HEX", or in format 2 with chance fair "salt HEX", public,
 * naming the game; nothing is drawn from a salt.  Either must hash to
 * the game id. */
static int
header_seed(struct save *s, const char *l, size_t len, struct err *e)
{
	unsigned char id[SAVE_GAME_ID_BYTES];

	if (s->hdr.version == SAVE_VERSION_FAIR &&
	    starts(l, len, "salt ")) {
		if (len != 5 + 2 * sizeof s->hdr.salt ||
		    !is_hex(l + 5, len - 5))
			return fail(s, e, ERR_DAMAGED, "expected 'salt "
			    "HEX' with %d lower-case hex digits",
			    (int)(2 * sizeof s->hdr.salt));
		sodium_hex2bin(s->hdr.salt, sizeof s->hdr.salt, l + 5,
		    len - 5, NULL, NULL, NULL);
		save_game_id(id, s->hdr.salt);
		if (memcmp(id, s->hdr.game_id, sizeof id) != 0)
			return fail(s, e, ERR_REFUSED, "the salt does "
			    "not belong to this game id (it was "
			    "changed)");
		s->hdr.chance = SAVE_CHANCE_FAIR;
		s->state = ST_CREATED;
		return 0;
	}
	if (!starts(l, len, "seed ") ||
	    len != 5 + 2 * RULES_SEED_BYTES || !is_hex(l + 5, len - 5))
		return fail(s, e, ERR_DAMAGED, "expected 'seed HEX' with "
		    "%d lower-case hex digits", 2 * RULES_SEED_BYTES);
	sodium_hex2bin(s->hdr.seed, sizeof s->hdr.seed, l + 5, len - 5,
	    NULL, NULL, NULL);
	save_game_id(id, s->hdr.seed);
	if (memcmp(id, s->hdr.game_id, sizeof id) != 0)
		return fail(s, e, ERR_REFUSED, "the seed does not "
		    "belong to this game id (it was changed)");
	s->state = ST_CREATED;
	return 0;
}

/* "created YYYY-MM-DDTHH:MM:SSZ". */
static int
header_created(struct save *s, const char *l, size_t len, struct err *e)
{
	static const char pat[] = "dddd-dd-ddTdd:dd:ddZ";

	if (!starts(l, len, "created ") || len != 8 + sizeof pat - 1)
		goto bad_created;
	for (size_t i = 0; i < sizeof pat - 1; i++)
		if (pat[i] == 'd' ? (l[8 + i] < '0' || l[8 + i] > '9')
		    : l[8 + i] != pat[i])
			goto bad_created;
	memcpy(s->hdr.created, l + 8, len - 8);
	s->hdr.created[len - 8] = '\0';
	s->state = s->hdr.version == SAVE_VERSION_FAIR ? ST_CHANCE :
	    ST_OPTIONS;
	return 0;
bad_created:
	return fail(s, e, ERR_DAMAGED, "expected 'created "
	    "YYYY-MM-DDTHH:MM:SSZ'");
}

/* Format 2: "chance fair" after a salt, "chance open" after a seed. */
static int
header_chance(struct save *s, const char *l, size_t len, struct err *e)
{
	struct err fe;
	int mode;

	if (fair_parse_chance(l, len, &mode, &fe) != 0)
		return fail(s, e, fe.code, "%s", fe.msg);
	if ((mode == FAIR_CHANCE_FAIR) !=
	    (s->hdr.chance == SAVE_CHANCE_FAIR))
		return fail(s, e, ERR_DAMAGED, "chance %s goes with a "
		    "%s line", mode == FAIR_CHANCE_FAIR ? "fair" :
		    "open", mode == FAIR_CHANCE_FAIR ? "salt" :
		    "seed");
	s->state = mode == FAIR_CHANCE_FAIR ? ST_HANDS : ST_OPTIONS;
	return 0;
}

/* Format 2 with chance fair: "hands open" or "hands sealed". */
static int
header_hands(struct save *s, const char *l, size_t len, struct err *e)
{
	if (len == 12 && memcmp(l, "hands sealed", 12) == 0)
		s->hdr.hands = SAVE_HANDS_SEALED;
	else if (len != 10 || memcmp(l, "hands open", 10) != 0)
		return fail(s, e, ERR_DAMAGED, "expected 'hands open' "
		    "or 'hands sealed'");
	s->hdr.deadline = SAVE_DEADLINE_DEFAULT;
	s->hdr.grace = SAVE_GRACE_DEFAULT;
	s->state = ST_DEADLINE;
	return 0;
}

/* The optional "deadline ANSWER GRACE" after the hands line. */
static int
header_deadline(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *sp;
	struct err fe;

	if ((sp = memchr(l + 9, ' ', len - 9)) == NULL)
		return fail(s, e, ERR_DAMAGED, "expected 'deadline "
		    "ANSWER GRACE', e.g. 'deadline 72h 24h'");
	if (fair_parse_duration(l + 9, (size_t)(sp - l - 9),
	    &s->hdr.deadline, &fe) != 0 ||
	    fair_parse_duration(sp + 1, (size_t)(l + len - sp - 1),
	    &s->hdr.grace, &fe) != 0)
		return fail(s, e, ERR_DAMAGED, "deadline: %s", fe.msg);
	s->hdr.has_deadline = 1;
	return 0;
}

/* Options, then players, then data blocks, then "start". */
static int
header_rest(struct save *s, const char *l, size_t len, struct err *e)
{
	if (s->blob_open && len >= 1 && l[0] == '|') {
		if (len == 1)
			return add_data_line(s, l, 0, e);
		if (l[1] != ' ')
			return fail(s, e, ERR_DAMAGED, "a data line is '| TEXT'"
			    " or '|'");
		return add_data_line(s, l + 2, len - 2, e);
	}
	s->blob_open = 0;
	if (starts(l, len, "option "))
		return header_option(s, l, len, e);
	if (starts(l, len, "player ")) {
		if (s->state > ST_PLAYERS)
			return fail(s, e, ERR_DAMAGED, "players come before "
			    "the data");
		s->state = ST_PLAYERS;
		return parse_player(s, l, len, e);
	}
	if (s->hdr.nplayers < s->rules->min_seats)
		return fail(s, e, ERR_DAMAGED, "the rules %s need %d to %d "
		    "players; the header names %d", s->rules->name,
		    s->rules->min_seats, s->rules->max_seats, s->hdr.nplayers);
	if (starts(l, len, "data ")) {
		s->state = ST_DATA;
		return parse_data(s, l, len, e);
	}
	if (len == 5 && memcmp(l, "start", 5) == 0)
		return start_game(s, e);
	return fail(s, e, ERR_DAMAGED, "unexpected line in the header "
	    "(expected option, player, data or start)");
}

/* "option KEY=VALUE", before the players. */
static int
header_option(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *eq = memchr(l + 7, '=', len - 7);
	size_t n;

	if (s->state != ST_OPTIONS)
		return fail(s, e, ERR_DAMAGED, "options come before "
		    "the players");
	n = len - 7;
	if (eq == NULL || eq == l + 7 || n >= SAVE_OPTION_MAX ||
	    memchr(l + 7, ' ', n) != NULL)
		return fail(s, e, ERR_DAMAGED, "expected 'option "
		    "KEY=VALUE' (no spaces, under %d bytes)",
		    SAVE_OPTION_MAX);
	if (s->hdr.noptions >= SAVE_OPTIONS_MAX)
		return fail(s, e, ERR_DAMAGED, "more than %d options",
		    SAVE_OPTIONS_MAX);
	memcpy(s->hdr.option[s->hdr.noptions], l + 7, n);
	s->hdr.option[s->hdr.noptions][n] = '\0';
	s->hdr.noptions++;
	return 0;
}

/* What create() gets; opts has room for SAVE_OPTIONS_MAX strings. */
static void
setup_fill(struct save *s, struct rules_setup *su, const char **opts)
{
	memset(su, 0, sizeof *su);
	su->chance = s->chance;
	su->salt = chance_seed_salt(s->hdr.chance == SAVE_CHANCE_FAIR ?
	    s->hdr.salt : s->hdr.seed);
	su->nseats = s->hdr.nplayers;
	for (int i = 0; i < s->hdr.nplayers; i++)
		su->seat[i] = s->hdr.player[i].seat;
	for (size_t i = 0; i < s->hdr.noptions; i++)
		opts[i] = s->hdr.option[i];
	su->options = opts;
	su->noptions = s->hdr.noptions;
	su->blobs = s->hdr.blob;
	su->nblobs = s->hdr.nblobs;
	if (s->fair != NULL && s->fair->sealed != NULL &&
	    s->fair->sealed->ready)
		su->sealed = &s->fair->sealed->req;
}

/* The rules refused to create the game (rc, re): say so, naming the
 * line of a data blob they name. */
static int
create_refused(struct save *s, struct err *e, int rc,
    const struct rules_error *re)
{
	s->game = NULL;
	s->rerr = *re;
	if (re->data != NULL && re->line > 0)
		for (size_t i = 0; i < s->hdr.nblobs; i++)
			if (strcmp(s->hdr.blob[i].name, re->data) == 0)
				s->line = s->hdr.blob_line[i] + re->line;
	/* Awaiting chance is no damage: the game cannot start yet. */
	return fail(s, e, rc == RULES_ENOMEM ? ERR_NOMEM :
	    rc == RULES_PENDING ? ERR_REFUSED : ERR_DAMAGED,
	    "the rules refuse this game: %s", re->msg);
}

/*
 * Fair chance: nothing is created before every seat has joined (no
 * seat may choose its chain after seeing another's); the join await
 * is owed now, and the game is created (and its first events opened)
 * by the answers (advance()).  So that `new` refuses what the rules
 * would refuse then (options, data, seats, a game that cannot be fair),
 * the writer (save_start) has the game created once now, for nothing,
 * from a source that answers at once from a seed of zeros but says it
 * is fair; it is freed at once and nothing of it is kept.  A reader
 * does not: a file whose game the rules refuse fails where the joins
 * create it.
 */
static int
start_fair(struct save *s, struct err *e)
{
	struct save_fair *f = s->fair;
	char seats[RULES_MAX_SEATS * SAVE_SEAT_MAX];
	const char *opts[SAVE_OPTIONS_MAX];
	unsigned char zero[RULES_SEED_BYTES] = { 0 };
	struct chance_seed dry;
	struct rules_setup su;
	struct rules_error re;
	struct game *g = NULL;
	int rc;

	if (s->writing) {
		if (s->hdr.hands == SAVE_HANDS_SEALED &&
		    !s->rules->hands_sealed)
			return fail(s, e, ERR_USAGE, "%s deals no sealed hands "
			    "yet", s->rules->title);
		chance_seed_init(&dry, zero);
		dry.chance.flags |= RULES_CHANCE_FAIR;
		setup_fill(s, &su, opts);
		su.chance = &dry.chance;
		if (s->hdr.hands == SAVE_HANDS_SEALED)
			su.sealed = save_sealed_dry();
		memset(&re, 0, sizeof re);
		if ((rc = s->rules->create(&g, &su, &re)) != 0)
			return create_refused(s, e, rc, &re);
		s->rules->free(g);
	}
	chance_fair_init(&f->src, all_seats(s));
	s->chance = &f->src.chance;
	f->joins_open = 1;
	f->pend = PEND_CREATE;
	f->answers_ok = 1;
	s->state = ST_BODY;
	seat_list(s, all_seats(s), seats, sizeof seats);
	if ((rc = owe(s, "#? join: %s", seats)) != 0)
		return fail(s, e, rc, "out of memory");
	return 0;
}

static int
start_game(struct save *s, struct err *e)
{
	struct rules_setup su;
	const char *opts[SAVE_OPTIONS_MAX];
	struct rules_error re;
	int rc;

	memset(&re, 0, sizeof re);
	if (s->hdr.chance == SAVE_CHANCE_FAIR)
		return start_fair(s, e);
	/* Open mode: chance answers from the header's seed. */
	chance_seed_init(&s->seeded, s->hdr.seed);
	if (s->chance == NULL)
		s->chance = &s->seeded.chance;
	setup_fill(s, &su, opts);
	if (s->fair != NULL)
		s->fair->answers_ok = 0;
	for (int tries = 0;; tries++) {
		s->game = NULL;
		rc = s->rules->create(&s->game, &su, &re);
		if (rc != RULES_PENDING || tries >= SAVE_REDO_MAX ||
		    settle(s, &re) != 0)
			break;
		memset(&re, 0, sizeof re);
	}
	if (rc != 0)
		return create_refused(s, e, rc, &re);
	s->state = ST_BODY;
	/* What the rules did on their own at creation is owed next. */
	s->note.len = 0;
	s->note_pos = 0;
	if (s->rules->start_note != NULL) {
		s->rules->start_note(s->game, &s->note);
		if (s->note.len > RULES_NOTE_MAX)
			s->note.len = RULES_NOTE_MAX;
	}
	if (s->fair != NULL && (rc = owe_notes(s)) != 0)
		return fail(s, e, rc, "an annotation longer than %d bytes",
		    SAVE_LINE_MAX);
	return emit(s, e, SAVE_EV_START, 0, -1, NULL, 0);
}

/*
 * After RULES_PENDING: 0 when the source now has what was awaited and
 * the line may be applied again, else non-zero with re saying what is
 * still awaited.  A format-1 file never waits: its source answers at
 * once, so a pending there is a refusal of the line.
 */
static int
settle(struct save *s, struct rules_error *re)
{
	int rc;

	if (s->chance == NULL || s->chance->settle == NULL)
		return RULES_PENDING;
	rc = s->chance->settle(s->chance->ctx, re);
	if (rc == 0)
		s->redos++;
	return rc;
}

static int
seat_of_name(const struct save *s, const char *c, size_t n)
{
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (strlen(s->hdr.player[i].seat) == n &&
		    memcmp(s->hdr.player[i].seat, c, n) == 0)
			return i;
	return -1;
}

static void
chain_now(const struct save *s, unsigned char out[32])
{
	crypto_generichash_state st = s->chain;

	crypto_generichash_final(&st, out, 32);
}

/* The next owed annotation (skipping empty note lines), or 0. */
static int
next_note(struct save *s, const char **p, size_t *n)
{
	while (s->note_pos < s->note.len) {
		const char *t = s->note.text + s->note_pos;
		const char *nl = memchr(t, '\n', s->note.len - s->note_pos);
		size_t k = nl ? (size_t)(nl - t) : s->note.len - s->note_pos;

		if (k > 0) {
			*p = t;
			*n = k;
			return 1;
		}
		s->note_pos += 1;
	}
	return 0;
}

static size_t
action_msg(unsigned char *buf, const struct save *s, uint64_t seq,
    const unsigned char chain[32], const char *seat_name, const char *act,
    size_t alen)
{
	size_t n = 0, clen = strlen(seat_name);

	memcpy(buf, s->fair != NULL ? LABEL_ACTION2 : LABEL_ACTION,
	    sizeof LABEL_ACTION);
	n += sizeof LABEL_ACTION;
	memcpy(buf + n, s->hdr.game_id, SAVE_GAME_ID_BYTES);
	n += SAVE_GAME_ID_BYTES;
	for (int i = 7; i >= 0; i--)
		buf[n++] = (unsigned char)(seq >> (8 * i));
	memcpy(buf + n, chain, 32);
	n += 32;
	buf[n++] = (unsigned char)clen;
	memcpy(buf + n, seat_name, clen);
	n += clen;
	buf[n++] = (unsigned char)(alen >> 8);
	buf[n++] = (unsigned char)alen;
	memcpy(buf + n, act, alen);
	return n + alen;
}

static size_t
end_msg(unsigned char *buf, const struct save *s, uint64_t seq,
    const unsigned char chain[32])
{
	size_t n = 0;

	memcpy(buf, LABEL_END, sizeof LABEL_END);
	n += sizeof LABEL_END;
	memcpy(buf + n, s->hdr.game_id, SAVE_GAME_ID_BYTES);
	n += SAVE_GAME_ID_BYTES;
	for (int i = 7; i >= 0; i--)
		buf[n++] = (unsigned char)(seq >> (8 * i));
	memcpy(buf + n, chain, 32);
	return n + 32;
}

static int
emit(struct save *s, struct err *e, enum save_event_kind k, uint64_t seq,
    int seat, const char *text, size_t len)
{
	struct save_event ev;

	if (s->cb == NULL)
		return 0;
	ev.kind = k;
	ev.line = s->line;
	ev.seq = seq;
	ev.seat = seat;
	ev.text = text;
	ev.len = len;
	if (s->cb(s->cbctx, s, &ev) != 0)
		return fail(s, e, ERR_REFUSED, "stopped");
	return 0;
}

static int
decode_sig(unsigned char sig[64], const char *p)
{
	size_t bl;
	const char *endp;

	if (sodium_base642bin(sig, 64, p, SAVE_SIG_TEXT, NULL, &bl, &endp,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 || bl != 64 ||
	    endp != p + SAVE_SIG_TEXT)
		return -1;
	return 0;
}

static int
feed_end(struct save *s, const char *l, size_t len, struct err *e)
{
	unsigned char sig[64], chain[32], msg[128];
	const char *sp = memchr(l + 4, ' ', len - 4);
	uint64_t seq;
	size_t mlen;

	if (sp == NULL || parse_seq(l + 4, (size_t)(sp - l - 4), &seq) != 0 ||
	    (size_t)(l + len - sp - 1) != SAVE_SIG_TEXT)
		return fail(s, e, ERR_DAMAGED, "expected 'end SEQ SIGNATURE'");
	if (decode_sig(sig, sp + 1) != 0)
		return fail(s, e, ERR_DAMAGED, "malformed signature");
	if (s->nactions == 0)
		return fail(s, e, ERR_REFUSED, "an end line before any move");
	if (seq != s->nactions)
		return fail(s, e, ERR_REFUSED, "the end line names move %llu, "
		    "but the last move is %llu", (unsigned long long)seq,
		    (unsigned long long)s->nactions);
	chain_now(s, chain);
	mlen = end_msg(msg, s, seq, chain);
	if (s->pool != NULL)
		sigpool_push(s->pool, s->line, s->last_seat, 1, msg, mlen, sig,
		    s->hdr.player[s->last_seat].pk);
	else if (crypto_sign_verify_detached(sig, msg, mlen,
	    s->hdr.player[s->last_seat].pk) != 0)
		return fail(s, e, ERR_REFUSED, "bad signature on the end line "
		    "(it must be %s's, who made the last move)",
		    s->hdr.player[s->last_seat].seat);
	s->ended = 1;
	memcpy(s->endline, l, len);
	s->endline[len] = '\n';
	s->endlen = len + 1;
	return emit(s, e, SAVE_EV_END, seq, s->last_seat, l, len);
}

/* The accused moved after all: its forfeit was a notice, no more. */
static void
forfeit_void(struct save_fair *f)
{
	f->void_line = f->forfeit_line;
	f->forfeit_seat = -1;
	f->forfeit_pending = 0;
}

/* The seats that may act now (rules.h: 0 means the awaited seat alone). */
static unsigned
may_act(const struct rules_await *aw)
{
	if (aw->may_act != 0)
		return aw->may_act;
	return aw->seat >= 0 && aw->seat < 32 ? 1u << aw->seat : 0;
}

/*
 * Format 2: apply an action once.  When it waits for chance (fair
 * mode), it stands: the events it opened are owed as "#?" lines, and the
 * block's answers redo it (advance()).  Either way a new block begins.
 */
static int
apply2(struct save *s, struct err *e, uint64_t seq, int seat,
    const char *act, size_t alen)
{
	struct save_fair *f = s->fair;
	uint32_t before = f->src.nev;
	int rc;

	if (f->sealed != NULL) {
		f->sealed->wait[0] = '\0';
		f->sealed->wait_seats = 0;
	}
	rc = s->rules->apply(s->game, seat, act, alen, &s->note, &s->rerr);
	if (rc == RULES_PENDING && s->hdr.chance == SAVE_CHANCE_FAIR &&
	    (f->src.nev > before || (f->sealed != NULL &&
	    f->sealed->wait[0] != '\0'))) {
		s->note.len = 0;
		f->pend = PEND_ACTION;
		f->pend_seat = seat;
		f->pend_line = s->line;
		f->pend_seq = seq;
		memcpy(f->pend_act, act, alen);
		f->pend_act[alen] = '\0';
		f->pend_len = alen;
		if ((rc = owe_events(s, before)) != 0)
			return fail(s, e, rc, "out of memory");
	} else if (rc != 0) {
		s->note.len = 0;
		if (rc == RULES_ENOMEM)
			return fail(s, e, ERR_NOMEM, "out of memory");
		if (s->rerr.code == 0)
			s->rerr.code = rc;
		return fail(s, e, ERR_REFUSED, "illegal move by %s: %s",
		    s->hdr.player[seat].seat, s->rerr.msg);
	} else if ((rc = owe_notes(s)) != 0 || (rc = owe_audit(s)) != 0)
		return fail(s, e, rc, "an annotation longer than %d bytes",
		    SAVE_LINE_MAX);
	s->nactions = seq;
	s->last_seat = seat;
	blk_clear(f);
	f->answers_ok = 1;
	if (f->pend != PEND_NONE)
		return 0;	/* told once it is applied */
	return emit(s, e, SAVE_EV_ACTION, seq, seat, act, alen);
}

static int
feed_action(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *p = l, *end = l + len, *sp, *sname, *act, *suf;
	unsigned char sig[64], chain[32], msg[SAVE_LINE_MAX + 128];
	char hex[2 * SAVE_CHAIN_SHOWN + 1], abuf[RULES_ACTION_MAX + 1];
	char cbuf[SAVE_SEAT_MAX];
	struct rules_await aw;
	size_t clen, alen, mlen;
	uint64_t seq;
	int seat, rc;

	if ((sp = memchr(p, ' ', len)) == NULL ||
	    parse_seq(p, (size_t)(sp - p), &seq) != 0)
		return fail(s, e, ERR_DAMAGED, "malformed line: expected 'SEQ "
		    "SEAT ACTION | CHAIN SIGNATURE', a comment or 'end'");
	sname = sp + 1;
	if ((sp = memchr(sname, ' ', (size_t)(end - sname))) == NULL ||
	    (size_t)(end - sp - 1) <= ACTION_SUFFIX)
		return fail(s, e, ERR_DAMAGED, "malformed action line: expected "
		    "'SEQ SEAT ACTION | CHAIN SIGNATURE'");
	clen = (size_t)(sp - sname);
	act = sp + 1;
	suf = end - ACTION_SUFFIX;
	alen = (size_t)(suf - act);
	if (memcmp(suf, " | ", 3) != 0 || suf[3 + 2 * SAVE_CHAIN_SHOWN] != ' ' ||
	    !is_hex(suf + 3, 2 * SAVE_CHAIN_SHOWN))
		return fail(s, e, ERR_DAMAGED, "malformed action line: expected "
		    "' | CHAIN SIGNATURE' at its end");
	if (decode_sig(sig, suf + 4 + 2 * SAVE_CHAIN_SHOWN) != 0)
		return fail(s, e, ERR_DAMAGED, "malformed signature");
	if (alen == 0 || act[0] == ' ' || act[alen - 1] == ' ')
		return fail(s, e, ERR_DAMAGED, "malformed action line: the "
		    "action is empty or has spaces around it");
	if (alen > RULES_ACTION_MAX)
		return fail(s, e, ERR_DAMAGED, "action longer than %d bytes",
		    RULES_ACTION_MAX);
	if (next_note(s, &p, &mlen))
		return fail(s, e, ERR_REFUSED, "missing annotation: the replay "
		    "says '#= %.*s'", (int)mlen, p);
	if (s->fair != NULL && s->fair->forfeit_pending &&
	    seat_of_name(s, sname, clen) == s->fair->forfeit_seat)
		forfeit_void(s->fair);
	if (s->fair != NULL && s->fair->forfeit_seat >= 0)
		return fail(s, e, ERR_REFUSED, "the game is over: %s forfeited "
		    "(line %d); no move may follow",
		    s->hdr.player[s->fair->forfeit_seat].seat,
		    s->fair->forfeit_line);
	if (s->fair != NULL && (s->fair->pend != PEND_NONE ||
	    s->fair->joins_open)) {
		char what[512];

		save_awaits(s, what, sizeof what);
		return fail(s, e, ERR_REFUSED, "no move may follow yet: the "
		    "game awaits %s", what);
	}
	if (seq != s->nactions + 1)
		return fail(s, e, ERR_REFUSED, "move %llu out of order: the "
		    "next move is %llu", (unsigned long long)seq,
		    (unsigned long long)(s->nactions + 1));
	if ((seat = seat_of_name(s, sname, clen)) < 0)
		return fail(s, e, ERR_REFUSED, "no player plays '%.*s'",
		    (int)clen, sname);
	if (rules_await_check(s->rules, s->game, s->hdr.nplayers, &aw) != 0)
		return fail(s, e, ERR_DAMAGED, "%s", aw.text);
	if (aw.over)
		return fail(s, e, ERR_REFUSED, "the game is over: no move may "
		    "follow");
	if (!(may_act(&aw) & 1u << seat))
		return fail(s, e, ERR_REFUSED, "%s may not act now: it is %s's "
		    "turn", s->hdr.player[seat].seat,
		    s->hdr.player[aw.seat].seat);
	chain_now(s, chain);
	sodium_bin2hex(hex, sizeof hex, chain, SAVE_CHAIN_SHOWN);
	if (memcmp(hex, suf + 3, 2 * SAVE_CHAIN_SHOWN) != 0)
		return fail(s, e, ERR_REFUSED, "broken chain: this line does "
		    "not follow the lines before it (their hash begins %s)",
		    hex);
	memcpy(cbuf, sname, clen);
	cbuf[clen] = '\0';
	mlen = action_msg(msg, s, seq, chain, cbuf, act, alen);

	if (s->pool != NULL)
		sigpool_push(s->pool, s->line, seat, 0, msg, mlen, sig,
		    s->hdr.player[seat].pk);
	else if (crypto_sign_verify_detached(sig, msg, mlen,
	    s->hdr.player[seat].pk) != 0)
		return fail(s, e, ERR_REFUSED, "bad signature: this line is "
		    "not signed by %s's key", cbuf);
	memcpy(abuf, act, alen);
	abuf[alen] = '\0';
	memset(&s->rerr, 0, sizeof s->rerr);
	s->note.len = 0;
	s->note_pos = 0;
	if (s->fair != NULL)
		return apply2(s, e, seq, seat, abuf, alen);
	for (int tries = 0;; tries++) {
		rc = s->rules->apply(s->game, seat, abuf, alen, &s->note,
		    &s->rerr);
		if (rc != RULES_PENDING || tries >= SAVE_REDO_MAX ||
		    settle(s, &s->rerr) != 0)
			break;
		/* The answer is there: the same line again, from the
		 * same (untouched) state. */
		memset(&s->rerr, 0, sizeof s->rerr);
		s->note.len = 0;
	}
	if (rc != 0) {
		s->note.len = 0;
		if (rc == RULES_ENOMEM)
			return fail(s, e, ERR_NOMEM, "out of memory");
		if (s->rerr.code == 0)
			s->rerr.code = rc;
		return fail(s, e, ERR_REFUSED, "illegal move by %s: %s", cbuf,
		    s->rerr.msg);
	}
	if (s->note.len > RULES_NOTE_MAX)
		s->note.len = RULES_NOTE_MAX;
	s->nactions = seq;
	s->last_seat = seat;
	return emit(s, e, SAVE_EV_ACTION, seq, seat, abuf, alen);
}

static int
feed_body(struct save *s, const char *l, size_t len, struct err *e)
{
	const char *p;
	size_t n;

	if (len >= 2 && l[0] == '#' && l[1] == '=') {
		if (len < 4 || l[2] != ' ')
			return fail(s, e, ERR_DAMAGED, "an annotation is '#= "
			    "TEXT'");
		if (!next_note(s, &p, &n))
			return fail(s, e, ERR_REFUSED, "false annotation: the "
			    "replay has nothing to say here");
		if (n != len - 3 || memcmp(p, l + 3, n) != 0)
			return fail(s, e, ERR_REFUSED, "false annotation: the "
			    "replay says '#= %.*s'", (int)n, p);
		s->note_pos += n;
		return emit(s, e, SAVE_EV_NOTE, s->nactions, s->last_seat,
		    l + 3, len - 3);
	}
	if (len >= 1 && l[0] == '#') {
		if (next_note(s, &p, &n))
			return fail(s, e, ERR_REFUSED, "missing annotation: the "
			    "replay says '#= %.*s'", (int)n, p);
		return emit(s, e, SAVE_EV_COMMENT, s->nactions, -1, l, len);
	}
	if (starts(l, len, "end ")) {
		if (next_note(s, &p, &n))
			return fail(s, e, ERR_REFUSED, "missing annotation: the "
			    "replay says '#= %.*s'", (int)n, p);
		return feed_end(s, l, len, e);
	}
	if (len == 0)
		return fail(s, e, ERR_DAMAGED, "empty line (comments start "
		    "with '#')");
	return feed_action(s, l, len, e);
}

/* ---- format 2: answer lines, blocks, awaits ----------------------------- */

/*
 * A format-2 body is made of blocks (trigon-save(5)): a block begins
 * after an action line and the lines it produced (or after "start" and
 * its lines); its answer lines come first, in canonical order, signed
 * over the block hash (the chain there), and the lines they produce
 * ("#?" awaits and "#=" notes) follow them.  The reader keeps the
 * block's answers until the first other line, then applies them as a
 * set to the open awaits (joins, then the releases of each event as it
 * opens) and redoes the line that waited (rules.h, the redo model).
 * Every line the replay produces is owed, in order, in f->owed.
 */

static struct save_fair *
fair_new(void)
{
	struct save_fair *f = calloc(1, sizeof *f);

	if (f != NULL) {
		buf_init(&f->owed);
		f->forfeit_seat = -1;
	}
	return f;
}

static void
blk_clear(struct save_fair *f)
{
	for (size_t i = 0; i < f->nans; i++) {
		free(f->ans[i].line);
		for (unsigned k = 0; k < f->ans[i].nblob; k++)
			free(f->ans[i].blob[k]);
		free(f->ans[i].blob);
		free(f->ans[i].bloblen);
		free(f->ans[i].chunk);
	}
	f->blob_left = 0;
	f->nans = 0;
	f->processed = 0;
	f->blk_joined = 0;
}

static void
fair_free(struct save_fair *f)
{
	if (f == NULL)
		return;
	blk_clear(f);
	free(f->ans);
	save_sealed_free(f->sealed);
	chance_fair_release(&f->src);
	buf_release(&f->owed);
	free(f);
}

/* Owe one line (printf-style, without its newline). */
static int
owe(struct save *s, const char *fmt, ...)
{
	struct save_fair *f = s->fair;
	char line[SAVE_LINE_MAX + 2];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || n > SAVE_LINE_MAX)
		return ERR_DAMAGED;
	if (buf_add(&f->owed, line, (size_t)n) < 0 ||
	    buf_add(&f->owed, "\n", 1) < 0)
		return ERR_NOMEM;
	return 0;
}

/* The next owed line (without its newline), or 0. */
static int
owed_next(const struct save *s, const char **p, size_t *n)
{
	const struct save_fair *f = s->fair;
	const char *t, *nl;

	if (f == NULL || f->owed_pos >= f->owed.len)
		return 0;
	t = f->owed.p + f->owed_pos;
	nl = memchr(t, '\n', f->owed.len - f->owed_pos);
	*p = t;
	*n = nl ? (size_t)(nl - t) : f->owed.len - f->owed_pos;
	return 1;
}

/* The rules' note of the line just applied, owed as "#=" lines. */
static int
owe_notes(struct save *s)
{
	const char *p;
	size_t n;
	int rc;

	s->note_pos = 0;
	if (s->note.len > RULES_NOTE_MAX)
		s->note.len = RULES_NOTE_MAX;
	while (next_note(s, &p, &n)) {
		if ((rc = owe(s, "#= %.*s", (int)n, p)) != 0)
			return rc;
		s->note_pos += n;
	}
	s->note.len = 0;
	s->note_pos = 0;
	return 0;
}

/* "green purple": the names of the seats in mask, in seat order. */
static void
seat_list(const struct save *s, unsigned mask, char *buf, size_t n)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int i = 0; i < s->hdr.nplayers && k < n; i++)
		if (mask & 1u << i)
			k += (size_t)snprintf(buf + k, n - k, "%s%s",
			    k ? " " : "", s->hdr.player[i].seat);
}

/* The events opened since `from` (0-based), owed as "#?" lines. */
static int
owe_events(struct save *s, uint32_t from)
{
	struct save_fair *f = s->fair;
	char seats[RULES_MAX_SEATS * SAVE_SEAT_MAX];
	int rc;

	for (uint32_t i = from; i < f->src.nev; i++) {
		seat_list(s, f->src.ev[i].quorum, seats, sizeof seats);
		if ((rc = owe(s, "#? %lu release %s: %s", (unsigned long)i + 1,
		    f->src.ev[i].label, seats)) != 0)
			return rc;
	}
	return 0;
}

/*
 * The game is over: every seat's audit is owed, once (trigon-save(5),
 * The audit).  Called after each line the rules applied.
 */
static int
owe_audit(struct save *s)
{
	struct save_fair *f = s->fair;
	struct rules_await aw;
	char seats[RULES_MAX_SEATS * SAVE_SEAT_MAX];

	if (f->audit_open || s->game == NULL ||
	    s->hdr.chance != SAVE_CHANCE_FAIR)
		return 0;
	if (rules_await_check(s->rules, s->game, s->hdr.nplayers, &aw) != 0 ||
	    !aw.over)
		return 0;
	f->audit_open = 1;
	seat_list(s, all_seats(s), seats, sizeof seats);
	return owe(s, "#? audit: %s", seats);
}

static unsigned
all_seats(const struct save *s)
{
	return s->hdr.nplayers >= 32 ? ~0u : (1u << s->hdr.nplayers) - 1;
}

static int
fail_at(struct save *s, struct err *e, int line, int code, const char *fmt,
    ...) __attribute__((format(printf, 5, 6)));

/* fail() at another line (an answer's, the waiting action's). */
static int
fail_at(struct save *s, struct err *e, int line, int code, const char *fmt,
    ...)
{
	va_list ap;

	if (e != NULL) {
		snprintf(e->file, sizeof e->file, "%s", s->name);
		e->line = line;
	}
	va_start(ap, fmt);
	err_setv(e, code, fmt, ap);
	va_end(ap);
	return code;
}

/*
 * Try the line that waits (create, or the action) again when every
 * event it opened has its key: 1 when it was tried (done, or waiting
 * for a new event), 0 when it still waits, or an error.
 */
static int
advance(struct save *s, struct err *e)
{
	struct save_fair *f = s->fair;
	struct rules_setup su;
	const char *opts[SAVE_OPTIONS_MAX];
	uint32_t before = f->src.nev;
	unsigned asked = 0;
	int rc;

	if (f->pend == PEND_NONE || f->joins_open)
		return 0;
	if (before > 0 && !f->src.ev[before - 1].keyed)
		return 0;
	memset(&s->rerr, 0, sizeof s->rerr);
	s->note.len = 0;
	s->note_pos = 0;
	if (f->sealed != NULL) {
		asked = f->sealed->nasked;
		f->sealed->wait[0] = '\0';
		f->sealed->wait_seats = 0;
	}
	if (f->pend == PEND_CREATE) {
		setup_fill(s, &su, opts);
		s->game = NULL;
		rc = s->rules->create(&s->game, &su, &s->rerr);
		if (rc == 0) {
			if (s->rules->start_note != NULL)
				s->rules->start_note(s->game, &s->note);
		} else
			s->game = NULL;
	} else
		rc = s->rules->apply(s->game, f->pend_seat, f->pend_act,
		    f->pend_len, &s->note, &s->rerr);
	if (rc == RULES_PENDING && f->src.nev > before) {
		s->note.len = 0;
		if ((rc = owe_events(s, before)) != 0)
			return fail(s, e, rc, "out of memory");
		return 1;
	}
	if (rc == RULES_PENDING && f->sealed != NULL &&
	    f->sealed->wait[0] != '\0') {
		/* Its "#?" lines are owed already (owe_sealed); asked
		 * nothing new, it still waits. */
		s->note.len = 0;
		return f->sealed->nasked != asked;
	}
	if (rc != 0) {
		s->note.len = 0;
		if (rc == RULES_ENOMEM)
			return fail(s, e, ERR_NOMEM, "out of memory");
		if (f->pend == PEND_CREATE)
			return fail_at(s, e, f->join_line, ERR_REFUSED, "the "
			    "rules refuse this game: %s", s->rerr.msg);
		return fail_at(s, e, f->pend_line, ERR_REFUSED, "illegal move "
		    "by %s: %s", s->hdr.player[f->pend_seat].seat,
		    s->rerr.msg);
	}
	if ((rc = owe_notes(s)) != 0 || (rc = owe_audit(s)) != 0)
		return fail(s, e, rc, "an annotation longer than %d bytes",
		    SAVE_LINE_MAX);
	rc = f->pend;
	f->pend = PEND_NONE;
	if (rc == PEND_CREATE) {
		if ((rc = emit(s, e, SAVE_EV_START, 0, -1, NULL, 0)) != 0)
			return rc;
	} else {
		/* Told now, at the action line's own number (ev.line). */
		int now = s->line;

		s->line = f->pend_line;
		rc = emit(s, e, SAVE_EV_ACTION, f->pend_seq, f->pend_seat,
		    f->pend_act, f->pend_len);
		s->line = now;
		if (rc != 0)
			return rc;
	}
	return 1;
}

/* The chain position of seat's release for event number ev (from 1). */
static uint32_t
release_position(const struct save_fair *f, int seat, uint32_t ev)
{
	uint32_t k = 1;

	for (uint32_t i = 0; i + 1 < ev; i++)
		if (f->src.ev[i].quorum & 1u << seat)
			k++;
	return k;
}

/* The seats' names, in seat order (savesealed.h's arguments). */
static void
seat_names(const struct save *s, const char *names[RULES_MAX_SEATS])
{
	for (int t = 0; t < RULES_MAX_SEATS; t++)
		names[t] = t < s->hdr.nplayers ? s->hdr.player[t].seat : "";
}

/* The sealed layer's "#?" lines, owed like the events' (owe). */
static int
owe_sealed(void *ctx, const char *line)
{
	return owe(ctx, "%s", line);
}

/* A join's ElGamal key with sealed hands (savesealed.h), last of its
 * checks: 0, or a refusal at its line. */
static int
join_sealed(struct save *s, const struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *names[RULES_MAX_SEATS];
	struct err fe;

	if (s->hdr.hands != SAVE_HANDS_SEALED)
		return 0;
	if (f->sealed == NULL && (f->sealed = save_sealed_new(owe_sealed,
	    s)) == NULL)
		return fail(s, e, ERR_NOMEM, "out of memory");
	seat_names(s, names);
	err_clear(&fe);
	if (save_sealed_join(f->sealed, s->hdr.game_id, b->seat, names,
	    &b->a, &fe) != 0)
		return fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
	return 0;
}

/* After the last join with sealed hands: the sealed-deck table, or a
 * refusal at that join's line (savesealed.h). */
static int
start_sealed(struct save *s, const struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *names[RULES_MAX_SEATS];
	struct err fe;

	struct fair_seat *fs = NULL;
	int me = -1, rc;

	if (s->hdr.hands != SAVE_HANDS_SEALED)
		return 0;
	seat_names(s, names);
	err_clear(&fe);
	if (s->reader_sk != NULL &&
	    (me = save_seat_of_key(s, s->reader_sk + 32)) >= 0 &&
	    fair_seat_new(&fs, s->reader_sk, s->hdr.game_id, names[me],
	    f->seat[me].chain.n, &fe) != 0)
		return fail(s, e, fe.code, "%s", fe.msg);
	rc = save_sealed_start(f->sealed, s->hdr.game_id, s->hdr.nplayers,
	    names, s->rules, fs != NULL ? me : -1, fs != NULL ? fs->secret :
	    NULL, &fe);
	fair_seat_free(fs);
	if (rc != 0)
		return fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
	return 0;
}

/* A shuffle, share or open (savesealed.h): 1 applied, 0 not yet, or a
 * refusal at its line; final: the block is done, so not yet is no
 * await. */
static int
apply_sealed(struct save *s, const struct blk_answer *b, int final,
    struct err *e)
{
	struct save_fair *f = s->fair;
	const char *name = s->hdr.player[b->seat].seat;
	struct err fe;
	int rc;

	if (f->sealed == NULL || !f->sealed->ready) {
		if (!final && s->hdr.hands == SAVE_HANDS_SEALED)
			return 0;
		return fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: %s", name, s->hdr.hands == SAVE_HANDS_SEALED ?
		    "not every seat has joined" : "hands are open");
	}
	err_clear(&fe);
	rc = save_sealed_answer(f->sealed, b->seat, &b->a, b->line, b->len,
	    f->block_hash, (const char *const *)b->blob, b->bloblen, b->nblob,
	    final, &fe);
	if (rc < 0 && final)
		return fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: %s", name, fe.msg);
	if (rc < 0)
		return fail_at(s, e, b->lineno, ERR_REFUSED, "%s", fe.msg);
	return rc;
}

/* Apply one answer: 1 applied, 0 not yet (its await is not open), or an
 * error naming its line and seat. */
static int
apply_answer(struct save *s, struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	struct fair_seatst *st = &f->seat[b->seat];
	const char *name = s->hdr.player[b->seat].seat;
	unsigned bit = 1u << b->seat;
	struct err fe;
	int rc;

	err_clear(&fe);
	switch (b->a.kind) {
	case FAIR_JOIN: {
		const unsigned char *key = b->a.u.join.key;

		if (st->joined)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "a second "
			    "join by %s (it joined at line %d)", name,
			    st->join_line);
		if (!f->joins_open)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "no join "
			    "is awaited here (%s)", name);
		if (b->a.u.join.has_y && s->hdr.hands != SAVE_HANDS_SEALED)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "%s's join "
			    "carries y= and pok=, but hands are open", name);
		for (int t = 0; t < s->hdr.nplayers; t++) {
			if (sodium_memcmp(key, s->hdr.player[t].pk, 32) == 0)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's answer key is %s's main key", name,
				    s->hdr.player[t].seat);
			if (!f->seat[t].joined)
				continue;
			if (sodium_memcmp(key, f->seat[t].answer_pk, 32) == 0)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's join repeats %s's answer key", name,
				    s->hdr.player[t].seat);
			if (sodium_memcmp(b->a.u.join.anchor,
			    f->seat[t].anchor, 32) == 0)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's join repeats %s's anchor", name,
				    s->hdr.player[t].seat);
		}
		if ((rc = join_sealed(s, b, e)) != 0)
			return rc;
		st->joined = 1;
		st->join_line = b->lineno;
		memcpy(st->answer_pk, key, 32);
		memcpy(st->anchor, b->a.u.join.anchor, 32);
		memcpy(st->commit, b->a.u.join.commit, 32);
		fair_chain_init(&st->chain, b->a.u.join.anchor,
		    b->a.u.join.n);
		f->joins_open = 0;
		for (int t = 0; t < s->hdr.nplayers; t++)
			if (!f->seat[t].joined)
				f->joins_open = 1;
		if (!f->joins_open && (rc = start_sealed(s, b, e)) != 0)
			return rc;
		return 1;
	}
	case FAIR_RELEASE: {
		uint32_t ev = b->a.u.release.event, k;
		struct chance_fair_event *E;

		if (!st->joined || ev > f->src.nev)
			return 0;
		E = &f->src.ev[ev - 1];
		if (!(E->quorum & bit))
			return fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: event %lu (%s) does not ask it",
			    name, (unsigned long)ev, E->label);
		if (E->released & bit)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: event %lu (%s) has its release",
			    name, (unsigned long)ev, E->label);
		if (E->keyed)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: event %lu (%s) is closed", name,
			    (unsigned long)ev, E->label);
		k = release_position(f, b->seat, ev);
		if (st->chain.k + 1 != k)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "%s's "
			    "release %lu is out of order: chain position %lu "
			    "is due, %lu were released", name,
			    (unsigned long)ev, (unsigned long)k,
			    (unsigned long)st->chain.k);
		if (fair_chain_accept(&st->chain, s->hdr.game_id, name, ev,
		    b->a.u.release.value, &fe) != 0)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "%s",
			    fe.msg);
		E->k[b->seat] = k;
		memcpy(E->value[b->seat], b->a.u.release.value, 32);
		E->released |= bit;
		if (E->released == E->quorum) {
			struct fair_contrib c[RULES_MAX_SEATS];
			size_t nc = 0;

			for (int t = 0; t < s->hdr.nplayers; t++) {
				if (!(E->quorum & 1u << t))
					continue;
				c[nc].seat = t;
				c[nc].name = s->hdr.player[t].seat;
				c[nc].k = E->k[t];
				memcpy(c[nc].value, E->value[t], 32);
				nc++;
			}
			if (fair_event_key(E->key, s->hdr.game_id, ev,
			    E->label, strlen(E->label), c, nc, &fe) != 0)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s", fe.msg);
			E->keyed = 1;
		}
		return 1;
	}
	case FAIR_AUDIT:
		if (!f->audit_open)
			return 0;
		return check_audit(s, b, e);
	case FAIR_SHUFFLE:
	case FAIR_SHARE:
	case FAIR_OPEN:
		return apply_sealed(s, b, 0, e);
	default:
		return fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: '%s' answers are not supported by this version",
		    name, fair_kind_name((int)b->a.kind));
	}
}

/*
 * The audit of one seat (trigon-save(5), The audit): its revealed
 * secret S must give the commitment and the anchor of its join, and
 * its chain from S must hold every value it released, each at its
 * position.  1 when it does, else an error naming the line and seat.
 */
static int
check_audit(struct save *s, struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	struct fair_seatst *st = &f->seat[b->seat];
	const char *name = s->hdr.player[b->seat].seat;
	const unsigned char *secret = b->a.u.audit.secret;
	struct fair_seat *fs = NULL;
	unsigned char v[32], c[32];
	unsigned bit = 1u << b->seat;
	uint32_t k;
	struct err fe;
	int rc = 1;

	err_clear(&fe);
	if (!st->joined)
		return fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: it never joined, so it has nothing to audit", name);
	if (st->audit_line != 0)
		return fail_at(s, e, b->lineno, ERR_REFUSED, "a second audit "
		    "by %s (it audited at line %d)", name, st->audit_line);
	fair_commit(c, s->hdr.game_id, secret);
	if (sodium_memcmp(c, st->commit, 32) != 0)
		return fail_at(s, e, b->lineno, ERR_REFUSED, "%s's audit does "
		    "not match its join: its secret does not give the "
		    "commitment of line %d", name, st->join_line);
	if (fair_seat_audit(&fs, secret, s->hdr.game_id, name, st->chain.n,
	    &fe) != 0)
		return fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
	if (sodium_memcmp(fs->anchor, st->anchor, 32) != 0) {
		rc = fail_at(s, e, b->lineno, ERR_REFUSED, "%s's audit does "
		    "not match its join: its secret does not give the anchor "
		    "of line %d", name, st->join_line);
		goto out;
	}
	/* Its releases are c[1..K] in event order: walk down from c[K]
	 * (c[0], the anchor, for a seat that released nothing). */
	k = st->chain.k;
	if ((rc = fair_seat_value(fs, k, v, &fe)) != 0) {
		rc = fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
		goto out;
	}
	rc = 1;
	for (uint32_t i = f->src.nev; i-- > 0 && k > 0;) {
		const struct chance_fair_event *E = &f->src.ev[i];

		if (!(E->released & bit))
			continue;
		if (E->k[b->seat] != k || sodium_memcmp(E->value[b->seat], v,
		    32) != 0) {
			rc = fail_at(s, e, b->lineno, ERR_REFUSED, "%s's audit "
			    "does not match its release %lu (line %d): its "
			    "secret gives another value at chain position %lu",
			    name, (unsigned long)i + 1, E->line,
			    (unsigned long)k);
			goto out;
		}
		fair_chain_link(v, s->hdr.game_id, name, strlen(name), k, v);
		k--;
	}
	if (k != 0 || sodium_memcmp(v, st->anchor, 32) != 0)
		rc = fail_at(s, e, b->lineno, ERR_REFUSED, "%s's audit does "
		    "not match its releases: they do not lead to its anchor",
		    name);
	else if (f->sealed != NULL && save_sealed_audit(f->sealed, b->seat,
	    secret, &fe) != 0)
		rc = fail_at(s, e, b->lineno, ERR_REFUSED, "%s", fe.msg);
	else
		st->audit_line = b->lineno;
out:
	sodium_memzero(v, sizeof v);
	fair_seat_free(fs);
	return rc;
}

/* "event 5, turn order" or "join": an await as messages name it. */
static void
await_name(const struct save *s, uint32_t ev, char *buf, size_t n)
{
	if (ev == 0)
		snprintf(buf, n, "its join");
	else if (ev == FAIR_AWAIT_MOVE)
		snprintf(buf, n, "its move");
	else if (ev <= s->fair->src.nev)
		snprintf(buf, n, "event %lu, %s", (unsigned long)ev,
		    s->fair->src.ev[ev - 1].label);
	else
		snprintf(buf, n, "event %lu", (unsigned long)ev);
}

/*
 * Whether seat owes its move (trigon-save(5), Deadlines and forfeit):
 * the game is created, no event is open and the rules await the seat.
 * A move never stands in a block: asked, it is owed.  -1 when no move
 * is awaited at all.
 */
static int
owes_move(const struct save *s, int seat, int *asked)
{
	const struct save_fair *f = s->fair;
	struct rules_await aw;

	if (s->game == NULL || f->joins_open || f->pend != PEND_NONE ||
	    f->audit_open)
		return -1;
	for (uint32_t i = 0; i < f->src.nev; i++)
		if (!f->src.ev[i].keyed)
			return -1;
	if (rules_await_check(s->rules, s->game, s->hdr.nplayers, &aw) != 0 ||
	    aw.over)
		return -1;
	*asked = (may_act(&aw) & 1u << seat) != 0;
	return *asked;
}

/*
 * Whether seat still owes await ev (0: the join): 1 it does, 0 it
 * answered (or was never asked: *asked = 0), -1 when there is no such
 * await.
 */
static int
owes(const struct save *s, int seat, uint32_t ev, int *asked)
{
	const struct save_fair *f = s->fair;
	const struct chance_fair_event *E;

	*asked = 1;
	if (ev == 0)
		return !f->seat[seat].joined;
	if (ev == FAIR_AWAIT_MOVE)
		return owes_move(s, seat, asked);
	if (ev > f->src.nev)
		return -1;
	E = &f->src.ev[ev - 1];
	if (!(E->quorum & 1u << seat)) {
		*asked = 0;
		return 0;
	}
	return !E->keyed && !(E->released & 1u << seat);
}

/*
 * The reader's clock (trigon-save(5), Deadlines and forfeit): claims
 * dated after it plus SAVE_SKEW are refused, and a forfeit is final
 * once it passes the forfeit's date plus the grace.  SOURCE_DATE_EPOCH
 * stands for it when set (tests, reproducible runs).
 */
int64_t
save_clock(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	uint64_t v;

	if (sde != NULL && *sde != '\0' && num_u64(sde, strlen(sde), 0,
	    253402300799ULL, NUM_CANONICAL, &v) == 0)
		return (int64_t)v;
	return (int64_t)time(NULL);
}

/* 1 when the forfeit of s (if any) can no longer be disputed. */
static int
forfeit_final(const struct save *s)
{
	const struct save_fair *f = s->fair;

	return f->forfeit_seat >= 0 && save_clock() >= f->forfeit_when +
	    s->hdr.grace;
}

/* The timeout of (accused, ev) among the block's applied claims, or NULL. */
static struct blk_answer *
find_timeout(struct save_fair *f, int accused, uint32_t ev)
{
	for (size_t i = 0; i < f->nans; i++) {
		struct blk_answer *b = &f->ans[i];

		if (b->a.kind == FAIR_TIMEOUT && b->used == 1 + accused &&
		    b->a.u.claim.event == ev)
			return b;
	}
	return NULL;
}

/* Whether the open block holds an audit line. */
static int
block_audits(const struct save_fair *f)
{
	for (size_t i = 0; i < f->nans; i++)
		if (f->ans[i].a.kind == FAIR_AUDIT)
			return 1;
	return 0;
}

/*
 * The forfeit of seat (trigon-save(5), Deadlines and forfeit): the line
 * that waits is dropped (the game stays as before it), the rules end
 * the game (rules.h, forfeit; without that hook the core refuses every
 * later move), and the audit is owed.
 */
static int
do_forfeit(struct save *s, struct blk_answer *b, const struct blk_answer *t,
    int seat, uint32_t ev, struct err *e)
{
	struct save_fair *f = s->fair;
	int rc;

	f->forfeit_seat = seat;
	f->forfeit_line = b->lineno;
	f->forfeit_event = ev;
	f->forfeit_when = b->a.u.claim.when;
	memcpy(f->tline, t->line, t->len < SAVE_LINE_MAX ? t->len :
	    SAVE_LINE_MAX);
	f->tline[t->len < SAVE_LINE_MAX ? t->len : SAVE_LINE_MAX] = '\0';
	/* A withheld move: the accused's late move, the next action line,
	 * voids it (feed_action); the rules hear of it only with the
	 * audits, once it is final (trigon-save(5), Deadlines and
	 * forfeit). */
	f->forfeit_pending = ev == FAIR_AWAIT_MOVE && !block_audits(f);
	if (f->forfeit_pending)
		return 0;
	f->pend = PEND_NONE;
	s->note.len = 0;
	s->note_pos = 0;
	if (s->game != NULL && s->rules->forfeit != NULL) {
		memset(&s->rerr, 0, sizeof s->rerr);
		rc = s->rules->forfeit(s->game, seat, &s->note, &s->rerr);
		if (rc == RULES_ENOMEM)
			return fail(s, e, ERR_NOMEM, "out of memory");
		if (rc != 0)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "the rules "
			    "refuse %s's forfeit: %s",
			    s->hdr.player[seat].seat, s->rerr.msg);
		if ((rc = owe_notes(s)) != 0 || (rc = owe_audit(s)) != 0)
			return fail(s, e, rc, "an annotation longer than %d "
			    "bytes", SAVE_LINE_MAX);
		return 0;
	}
	if ((rc = owe(s, "#= %s forfeits", s->hdr.player[seat].seat)) != 0)
		return fail(s, e, rc, "out of memory");
	return 0;
}

/*
 * A claim's date (trigon-save(5), Deadlines and forfeit): not after the
 * reader's clock plus SAVE_SKEW, and not before the claimant's own
 * claims of earlier blocks (each seat's dates are monotone).
 */
static int
claim_dated(struct save *s, const struct blk_answer *b, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *me = s->hdr.player[b->seat].seat;
	char d1[FAIR_DATE_LEN + 1], d2[FAIR_DATE_LEN + 1];
	int64_t when = b->a.u.claim.when, now = save_clock();

	fair_format_date(d1, when);
	if (when > now + SAVE_SKEW) {
		fair_format_date(d2, now);
		return fail_at(s, e, b->lineno, ERR_REFUSED, "%s's %s is dated "
		    "%s, in the future (this clock: %s; %d minutes' skew "
		    "allowed)", me, fair_kind_name((int)b->a.kind), d1, d2,
		    SAVE_SKEW / 60);
	}
	if (f->last_claim_line[b->seat] > 0 && when < f->last_claim[b->seat]) {
		fair_format_date(d2, f->last_claim[b->seat]);
		return fail_at(s, e, b->lineno, ERR_REFUSED, "%s's %s is dated "
		    "%s, before its own claim of line %d (%s)", me,
		    fair_kind_name((int)b->a.kind), d1,
		    f->last_claim_line[b->seat], d2);
	}
	return 0;
}

/* After a block's claims: each claimant's latest date so far. */
static void
claims_done(struct save_fair *f)
{
	for (size_t i = 0; i < f->nans; i++) {
		const struct blk_answer *b = &f->ans[i];

		if ((b->a.kind != FAIR_TIMEOUT && b->a.kind != FAIR_FORFEIT) ||
		    (f->last_claim_line[b->seat] > 0 &&
		    b->a.u.claim.when < f->last_claim[b->seat]))
			continue;
		f->last_claim[b->seat] = b->a.u.claim.when;
		f->last_claim_line[b->seat] = b->lineno;
	}
}

/*
 * The block's claims (timeout, then forfeit), once its other answers
 * are applied: each names the accused's await as it stands then.
 * b->used holds 1 + the accused seat for an applied timeout.
 */
static int
apply_claims(struct save *s, struct err *e)
{
	struct save_fair *f = s->fair;
	char what[RULES_MSG_MAX], d1[FAIR_DATE_LEN + 1], d2[FAIR_DATE_LEN + 1];
	int64_t created;
	struct err fe;

	if (fair_parse_date(s->hdr.created, strlen(s->hdr.created), &created,
	    &fe) != 0)
		created = 0;
	for (int pass = FAIR_TIMEOUT; pass <= FAIR_FORFEIT; pass++) {
		for (size_t i = 0; i < f->nans; i++) {
			struct blk_answer *b = &f->ans[i], *t;
			const char *me = s->hdr.player[b->seat].seat, *acc;
			uint32_t ev = b->a.u.claim.event;
			int64_t when = b->a.u.claim.when, from;
			int accused, asked, o;

			if (b->used || (int)b->a.kind != pass)
				continue;
			accused = seat_of_name(s, b->a.u.claim.seat,
			    b->a.u.claim.seatlen);
			if (accused < 0)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s names no player ('%.*s')", me,
				    fair_kind_name(pass),
				    (int)b->a.u.claim.seatlen,
				    b->a.u.claim.seat);
			acc = s->hdr.player[accused].seat;
			if (f->forfeit_seat >= 0)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s comes after the game ended: %s "
				    "forfeited (line %d)", me,
				    fair_kind_name(pass),
				    s->hdr.player[f->forfeit_seat].seat,
				    f->forfeit_line);
			if (accused == b->seat)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s accuses itself", me,
				    fair_kind_name(pass));
			if ((o = claim_dated(s, b, e)) != 0)
				return o;
			if (pass == FAIR_FORFEIT)
				return check_forfeit(s, b, accused, e);
			await_name(s, ev, what, sizeof what);
			if ((o = owes(s, accused, ev, &asked)) < 0 ||
			    (ev > 0 && ev != FAIR_AWAIT_MOVE &&
			    ev <= f->blk_keyed) ||
			    (ev == 0 && !f->blk_joins_open))
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s names %s, which is not open", me,
				    fair_kind_name(pass), what);
			if (!asked)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s's %s names %s, which does not ask %s",
				    me, fair_kind_name(pass), what, acc);
			if (owes(s, b->seat, ev, &asked) > 0)
				return fail_at(s, e, b->lineno, ERR_REFUSED,
				    "%s claims a %s of %s for %s, which awaits "
				    "%s itself", me, fair_kind_name(pass), acc,
				    what, me);
			{
				if ((t = find_timeout(f, accused, ev)) != NULL)
					return fail_at(s, e, b->lineno,
					    ERR_REFUSED, "a second timeout of "
					    "%s for %s (line %d)", acc, what,
					    t->lineno);
				from = created + s->hdr.deadline;
				if (when < from) {
					fair_format_date(d1, when);
					fair_format_date(d2, from);
					return fail_at(s, e, b->lineno,
					    ERR_REFUSED, "%s's timeout of %s is "
					    "dated %s, before the deadline can "
					    "have passed (%s: created plus the "
					    "deadline)", me, acc, d1, d2);
				}
				/* Answered in this block: a notice, no more. */
				b->used = 1 + accused;
				(void)o;
			}
		}
	}
	return 0;
}

/*
 * A forfeit of accused: the block must hold a timeout of it, for an
 * await it still owes, dated at least the grace before the forfeit
 * (the first such timeout in the block's order is the one).
 */
static int
check_forfeit(struct save *s, struct blk_answer *b, int accused,
    struct err *e)
{
	struct save_fair *f = s->fair;
	const char *me = s->hdr.player[b->seat].seat;
	const char *acc = s->hdr.player[accused].seat;
	char what[RULES_MSG_MAX], d1[FAIR_DATE_LEN + 1], d2[FAIR_DATE_LEN + 1];
	struct blk_answer *early = NULL, *answered = NULL;
	int64_t when = b->a.u.claim.when;
	int asked;

	for (size_t i = 0; i < f->nans; i++) {
		struct blk_answer *t = &f->ans[i];
		uint32_t ev = t->a.u.claim.event;

		if (t->a.kind != FAIR_TIMEOUT || t->used != 1 + accused)
			continue;
		if (owes(s, accused, ev, &asked) <= 0) {
			if (answered == NULL)
				answered = t;
			continue;
		}
		if (when < t->a.u.claim.when + s->hdr.grace) {
			if (early == NULL)
				early = t;
			continue;
		}
		b->used = 1;
		return do_forfeit(s, b, t, accused, ev, e);
	}
	if (early != NULL) {
		fair_format_date(d1, when);
		fair_format_date(d2, early->a.u.claim.when + s->hdr.grace);
		return fail_at(s, e, b->lineno, ERR_REFUSED, "%s's forfeit of %s "
		    "is dated %s, before the grace ends (%s: the timeout of "
		    "line %d plus the grace)", me, acc, d1, d2, early->lineno);
	}
	if (answered != NULL) {
		/* An answer always beats a forfeit: the claim stands as a
		 * notice without effect. */
		(void)what;
		b->used = 1;
		f->void_line = b->lineno;
		return 0;
	}
	return fail_at(s, e, b->lineno, ERR_REFUSED, "%s's forfeit of %s "
	    "follows no timeout of it", me, acc);
}

/* Apply the open block's answers as a set (trigon-save(5), Blocks). */
static int
process_block(struct save *s, struct err *e)
{
	struct save_fair *f = s->fair;
	int progress, rc, claims;

	f->processed = 1;
	f->answers_ok = 0;
again:
	do {
		progress = 0;
		for (size_t i = 0; i < f->nans; i++) {
			if (f->ans[i].used || f->ans[i].a.kind == FAIR_TIMEOUT ||
			    f->ans[i].a.kind == FAIR_FORFEIT)
				continue;
			if ((rc = apply_answer(s, &f->ans[i], e)) < 0)
				return rc;
			if (rc > 0)
				f->ans[i].used = progress = 1;
		}
		if ((rc = advance(s, e)) < 0)
			return rc;
		if (rc > 0)
			progress = 1;
	} while (progress);
	claims = 0;
	for (size_t i = 0; i < f->nans; i++)
		if (!f->ans[i].used && (f->ans[i].a.kind == FAIR_TIMEOUT ||
		    f->ans[i].a.kind == FAIR_FORFEIT))
			claims++;
	if (claims > 0) {
		int was = f->forfeit_seat;

		if ((rc = apply_claims(s, e)) != 0)
			return rc;
		claims_done(f);
		if (f->forfeit_seat != was)
			goto again;	/* the audit may be answered */
	}
	for (size_t i = 0; i < f->nans; i++) {
		struct blk_answer *b = &f->ans[i];

		if (b->used)
			continue;
		if (b->a.kind == FAIR_RELEASE && !f->seat[b->seat].joined)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: it has not joined",
			    s->hdr.player[b->seat].seat);
		if (b->a.kind == FAIR_AUDIT)
			return fail_at(s, e, b->lineno, ERR_REFUSED, "no await "
			    "for %s here: the game is not over (an audit "
			    "comes at its end)", s->hdr.player[b->seat].seat);
		if (b->a.kind == FAIR_SHUFFLE || b->a.kind == FAIR_SHARE ||
		    b->a.kind == FAIR_OPEN)
			return apply_sealed(s, b, 1, e);
		return fail_at(s, e, b->lineno, ERR_REFUSED, "no await for %s "
		    "here: event %lu is not open",
		    s->hdr.player[b->seat].seat,
		    (unsigned long)b->a.u.release.event);
	}
	return 0;
}

/* Order of answers in a block: seat, kind, event, then bytes. */
static int
answer_cmp(int sa, const struct fair_answer *a, int sb,
    const struct fair_answer *b)
{
	uint32_t na = a->kind == FAIR_RELEASE ? a->u.release.event : 0;
	uint32_t nb = b->kind == FAIR_RELEASE ? b->u.release.event : 0;
	size_t n = a->bodylen < b->bodylen ? a->bodylen : b->bodylen;
	int c;

	if (sa != sb)
		return sa < sb ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (na != nb)
		return na < nb ? -1 : 1;
	if ((c = memcmp(a->body, b->body, n)) != 0)
		return c;
	return a->bodylen < b->bodylen ? -1 : a->bodylen > b->bodylen;
}

/* An answer's signature by seat si (blob_hash: its blob's, or NULL):
 * a join by the main key, anything else by the answer key or the
 * main key; 0, or a refusal at the current line. */
static int
answer_signed(struct save *s, int si, const struct fair_answer *a,
    const unsigned char *blob_hash, struct err *e)
{
	struct save_fair *f = s->fair;
	unsigned char msg[FAIR_ANSWER_MSG_MAX];
	const unsigned char *pk;
	size_t mlen;
	int good;

	mlen = fair_answer_message(msg, s->hdr.game_id, f->block_hash, a->seat,
	    a->seatlen, a->body, a->bodylen, blob_hash);
	good = mlen > 0 && crypto_sign_verify_detached(a->sig, msg, mlen,
	    s->hdr.player[si].pk) == 0;
	if (!good && mlen > 0 && a->kind != FAIR_JOIN) {
		pk = f->seat[si].joined ? f->seat[si].answer_pk :
		    (f->blk_joined & 1u << si) ? f->blk_key[si] : NULL;
		good = pk != NULL && crypto_sign_verify_detached(a->sig, msg,
		    mlen, pk) == 0;
	}
	if (!good)
		return fail(s, e, ERR_REFUSED, "bad signature: this %s is not "
		    "signed by %s's %s", fair_kind_name((int)a->kind),
		    s->hdr.player[si].seat, a->kind == FAIR_JOIN ? "main key" :
		    "answer key or main key");
	return 0;
}

/* b's line and its blob lines, '\n' between them, in b->chunk. */
static int
blob_chunk(struct blk_answer *b)
{
	size_t n = b->len;
	char *p;

	for (unsigned k = 0; k < b->nblob; k++)
		n += 1 + b->bloblen[k];
	if ((p = b->chunk = malloc(n + 1)) == NULL)
		return ERR_NOMEM;
	memcpy(p, b->line, b->len);
	p += b->len;
	for (unsigned k = 0; k < b->nblob; k++) {
		*p++ = '\n';
		memcpy(p, b->blob[k], b->bloblen[k]);
		p += b->bloblen[k];
	}
	*p = '\0';
	b->chunklen = n;
	return 0;
}

/* An answer as the file holds it: its line, or with its blob. */
static void
answer_text(const struct blk_answer *b, const char **p, size_t *n)
{
	*p = b->chunk != NULL ? b->chunk : b->line;
	*n = b->chunk != NULL ? b->chunklen : b->len;
}

/* Feed the lines of p[0..n) (one answer, with its blob), no final
 * newline. */
static int
feed_chunk(struct save *s, const char *p, size_t n, struct err *e)
{
	const char *end = p + n;
	int rc;

	for (;;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);

		if ((rc = save_feed(s, p, k, e)) != 0 || nl == NULL)
			return rc;
		p = nl + 1;
	}
}

/* A continuation line "| TEXT" of the block's last answer, a shuffle;
 * after its last, the shuffle's signature over the blob's hash. */
static int
feed_blob(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_fair *f = s->fair;
	struct blk_answer *b = &f->ans[f->nans - 1];
	unsigned char h[32];
	struct err fe;
	int rc, now;

	if (len < 2 || l[0] != '|' || l[1] != ' ')
		return fail(s, e, ERR_DAMAGED, "%s's shuffle is cut short: %u "
		    "of its %u blob lines ('| TEXT') are missing",
		    s->hdr.player[b->seat].seat, f->blob_left,
		    b->a.blob_lines);
	if ((b->blob[b->nblob] = malloc(len + 1)) == NULL)
		return fail(s, e, ERR_NOMEM, "out of memory");
	memcpy(b->blob[b->nblob], l, len);
	b->blob[b->nblob][len] = '\0';
	b->bloblen[b->nblob++] = len;
	if (--f->blob_left > 0)
		return 0;
	err_clear(&fe);
	if (save_sealed_blob_hash((const char *const *)b->blob, b->bloblen,
	    b->nblob, h, &fe) != 0)
		return fail_at(s, e, b->lineno, fe.code, "%s", fe.msg);
	if ((rc = blob_chunk(b)) != 0)
		return fail(s, e, rc, "out of memory");
	now = s->line;
	s->line = b->lineno;
	rc = answer_signed(s, b->seat, &b->a, h, e);
	if (rc == 0)
		rc = emit(s, e, SAVE_EV_ANSWER, s->nactions, b->seat, b->line,
		    b->len);
	s->line = now;
	return rc;
}

static int
feed_answer(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_fair *f = s->fair;
	struct fair_answer a;
	struct blk_answer *b;
	struct err fe;
	char have[17], want[17];
	const char *p;
	size_t n;
	int si, rc;

	err_clear(&fe);
	if (s->hdr.chance != SAVE_CHANCE_FAIR)
		return fail(s, e, ERR_REFUSED, "an answer line in a game of "
		    "open chance");
	if (owed_next(s, &p, &n))
		return fail(s, e, ERR_REFUSED, "missing annotation: the replay "
		    "says '%.*s'", (int)n, p);
	if (!f->answers_ok)
		return fail(s, e, ERR_REFUSED, "out of order: an answer line "
		    "after the lines its block produced (a block's answers "
		    "come first)");
	if ((rc = fair_parse_answer(l, len, &a, &fe)) != 0)
		return fail(s, e, rc, "%s", fe.msg);
	if ((si = seat_of_name(s, a.seat, a.seatlen)) < 0)
		return fail(s, e, ERR_REFUSED, "no player plays '%.*s'",
		    (int)a.seatlen, a.seat);
	if (a.blob_lines > 0 && (a.kind != FAIR_SHUFFLE ||
	    s->hdr.hands != SAVE_HANDS_SEALED))
		return fail(s, e, ERR_DAMAGED, "%s's %s carries a blob, which "
		    "only a shuffle of sealed hands has", s->hdr.player[si].seat,
		    fair_kind_name((int)a.kind));
	if (f->nans == 0) {
		chain_now(s, f->block_hash);
		f->block_off = s->body_len;
		f->blk_joined = 0;
		f->blk_joins_open = f->joins_open;
		for (f->blk_keyed = 0; f->blk_keyed < f->src.nev &&
		    f->src.ev[f->blk_keyed].keyed; f->blk_keyed++)
			;
	}
	if (memcmp(a.block, f->block_hash, 8) != 0) {
		sodium_bin2hex(have, sizeof have, a.block, 8);
		sodium_bin2hex(want, sizeof want, f->block_hash, 8);
		return fail(s, e, ERR_REFUSED, "%s's %s is signed for block %s, "
		    "but it stands in block %s", s->hdr.player[si].seat,
		    fair_kind_name((int)a.kind), have, want);
	}
	if (f->nans > 0) {
		b = &f->ans[f->nans - 1];
		rc = answer_cmp(b->seat, &b->a, si, &a);
		if (rc == 0)
			return fail(s, e, ERR_REFUSED, "the same answer twice "
			    "(line %d)", b->lineno);
		if (rc > 0)
			return fail(s, e, ERR_REFUSED, "out of order: %s's %s "
			    "must come before line %d (answers are sorted by "
			    "seat, kind and event)", s->hdr.player[si].seat,
			    fair_kind_name((int)a.kind), b->lineno);
	}
	if (a.blob_lines == 0 && (rc = answer_signed(s, si, &a, NULL, e)) != 0)
		return rc;
	if (f->nans >= BLOCK_ANSWERS_MAX)
		return fail(s, e, ERR_DAMAGED, "more than %d answers in one "
		    "block", BLOCK_ANSWERS_MAX);
	if (f->nans == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 16;
		struct blk_answer *nb = realloc(f->ans, cap * sizeof *nb);

		if (nb == NULL)
			return fail(s, e, ERR_NOMEM, "out of memory");
		f->ans = nb;
		f->cap = cap;
	}
	b = &f->ans[f->nans];
	memset(b, 0, sizeof *b);
	if ((b->line = malloc(len + 1)) == NULL)
		return fail(s, e, ERR_NOMEM, "out of memory");
	memcpy(b->line, l, len);
	b->line[len] = '\0';
	b->len = len;
	b->lineno = s->line;
	b->seat = si;
	if (fair_parse_answer(b->line, len, &b->a, &fe) != 0) {
		free(b->line);
		return fail(s, e, ERR_DAMAGED, "%s", fe.msg);
	}
	f->nans++;
	if (a.blob_lines > 0) {
		/* Signed with its blob's hash: checked after the blob. */
		b->blob = calloc(a.blob_lines, sizeof *b->blob);
		b->bloblen = calloc(a.blob_lines, sizeof *b->bloblen);
		if (b->blob == NULL || b->bloblen == NULL)
			return fail(s, e, ERR_NOMEM, "out of memory");
		f->blob_left = a.blob_lines;
		f->any_answer = 1;
		return 0;
	}
	if (a.kind == FAIR_JOIN) {
		f->blk_joined |= 1u << si;
		memcpy(f->blk_key[si], a.u.join.key, 32);
	}
	f->any_answer = 1;
	return emit(s, e, SAVE_EV_ANSWER, s->nactions, si, l, len);
}

/* "#? 17 release ...": remember the line that opened event 17. */
static void
note_await(struct save *s, const char *l, size_t len)
{
	struct save_fair *f = s->fair;
	uint64_t ev;
	const char *sp;

	if (len > 8 && memcmp(l, "#? join:", 8) == 0) {
		f->join_line = s->line;
		return;
	}
	if (len > 9 && memcmp(l, "#? audit:", 9) == 0) {
		f->audit_line = s->line;
		return;
	}
	if ((sp = memchr(l + 3, ' ', len - 3)) != NULL &&
	    num_u64(l + 3, (size_t)(sp - l - 3), 1, f->src.nev,
	    NUM_CANONICAL, &ev) == 0)
		f->src.ev[ev - 1].line = s->line;
}

static int
feed_end2(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_fair *f = s->fair;
	unsigned char sig[64], chain[32], msg[256];
	const char *p = l + 4, *end = l + len, *sp, *seat;
	uint64_t seq;
	size_t n, slen;
	int si, good;

	if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL ||
	    (!(sp - p == 1 && *p == '0') && parse_seq(p, (size_t)(sp - p),
	    &seq) != 0))
		goto bad;
	if (sp - p == 1 && *p == '0')
		seq = 0;
	seat = sp + 1;
	if ((sp = memchr(seat, ' ', (size_t)(end - seat))) == NULL ||
	    (size_t)(end - sp - 1) != SAVE_SIG_TEXT)
		goto bad;
	slen = (size_t)(sp - seat);
	if (decode_sig(sig, sp + 1) != 0)
		return fail(s, e, ERR_DAMAGED, "malformed signature");
	if (s->nactions == 0 && !f->any_answer)
		return fail(s, e, ERR_REFUSED, "an end line before any move or "
		    "answer");
	if (seq != s->nactions)
		return fail(s, e, ERR_REFUSED, "the end line names move %llu, "
		    "but the last move is %llu", (unsigned long long)seq,
		    (unsigned long long)s->nactions);
	if ((si = seat_of_name(s, seat, slen)) < 0)
		return fail(s, e, ERR_REFUSED, "no player plays '%.*s'",
		    (int)slen, seat);
	chain_now(s, chain);
	n = 0;
	memcpy(msg, LABEL_END2, sizeof LABEL_END2);
	n += sizeof LABEL_END2;
	memcpy(msg + n, s->hdr.game_id, SAVE_GAME_ID_BYTES);
	n += SAVE_GAME_ID_BYTES;
	for (int i = 7; i >= 0; i--)
		msg[n++] = (unsigned char)(seq >> (8 * i));
	memcpy(msg + n, chain, 32);
	n += 32;
	msg[n++] = (unsigned char)slen;
	memcpy(msg + n, seat, slen);
	n += slen;
	good = crypto_sign_verify_detached(sig, msg, n,
	    s->hdr.player[si].pk) == 0 || (f->seat[si].joined &&
	    crypto_sign_verify_detached(sig, msg, n,
	    f->seat[si].answer_pk) == 0);
	if (!good)
		return fail(s, e, ERR_REFUSED, "bad signature on the end line: "
		    "not by %s's main or answer key", s->hdr.player[si].seat);
	s->ended = 1;
	memcpy(s->endline, l, len);
	s->endline[len] = '\n';
	s->endlen = len + 1;
	return emit(s, e, SAVE_EV_END, seq, si, l, len);
bad:
	return fail(s, e, ERR_DAMAGED, "expected 'end SEQ SEAT SIGNATURE'");
}

static int
feed_body2(struct save *s, const char *l, size_t len, struct err *e)
{
	struct save_fair *f = s->fair;
	const char *p;
	size_t n;
	int rc;

	if (f->blob_left > 0)
		return feed_blob(s, l, len, e);
	if (len >= 1 && l[0] == '@')
		return feed_answer(s, l, len, e);
	if (f->nans > 0 && !f->processed &&
	    (rc = process_block(s, e)) != 0)
		return rc;
	if (len >= 2 && l[0] == '#' && (l[1] == '=' || l[1] == '?')) {
		if (len < 4 || l[2] != ' ')
			return fail(s, e, ERR_DAMAGED, "an annotation is '#= "
			    "TEXT' or '#? TEXT'");
		if (!owed_next(s, &p, &n))
			return fail(s, e, ERR_REFUSED, "false annotation: the "
			    "replay has nothing to say here");
		if (n != len || memcmp(p, l, n) != 0)
			return fail(s, e, ERR_REFUSED, "false annotation: the "
			    "replay says '%.*s'", (int)n, p);
		f->owed_pos += n + 1;
		if (l[1] == '?') {
			note_await(s, l, len);
			return emit(s, e, SAVE_EV_AWAIT, s->nactions, -1,
			    l + 3, len - 3);
		}
		return emit(s, e, SAVE_EV_NOTE, s->nactions, s->last_seat,
		    l + 3, len - 3);
	}
	if (owed_next(s, &p, &n))
		return fail(s, e, ERR_REFUSED, "missing annotation: the replay "
		    "says '%.*s'", (int)n, p);
	if (len >= 1 && l[0] == '#')
		return emit(s, e, SAVE_EV_COMMENT, s->nactions, -1, l, len);
	if (starts(l, len, "end "))
		return feed_end2(s, l, len, e);
	if (len == 0)
		return fail(s, e, ERR_DAMAGED, "empty line (comments start "
		    "with '#')");
	return feed_action(s, l, len, e);
}

/* ---- format 2: what is awaited ------------------------------------------ */

int
save_awaits(const struct save *s, char *buf, size_t n)
{
	const struct save_fair *f = s->fair;
	char seats[RULES_MAX_SEATS * SAVE_SEAT_MAX];
	unsigned left = 0;
	size_t k = 0;
	int count = 0, pend;

	if (n > 0)
		buf[0] = '\0';
	if (f == NULL)
		return 0;
	if (f->forfeit_seat >= 0)
		goto audit;	/* what was withheld is no longer awaited */
	if (f->joins_open) {
		for (int i = 0; i < s->hdr.nplayers; i++)
			if (!f->seat[i].joined)
				left |= 1u << i;
		seat_list(s, left, seats, sizeof seats);
		k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "join "
		    "(line %d): %s", f->join_line, seats);
		count++;
	}
	if (f->sealed != NULL && f->sealed->wait[0] != '\0') {
		if (k < n)
			k += (size_t)snprintf(buf + k, n - k, "%s%s", count ?
			    "; " : "", f->sealed->wait);
		count++;
	}
	for (uint32_t i = 0; i < f->src.nev; i++) {
		const struct chance_fair_event *E = &f->src.ev[i];

		if (E->keyed)
			continue;
		seat_list(s, E->quorum & ~E->released, seats, sizeof seats);
		if (k < n)
			k += (size_t)snprintf(buf + k, n - k, "%srelease for "
			    "event %lu, %s (line %d): %s", count ? "; " : "",
			    (unsigned long)i + 1, E->label, E->line, seats);
		count++;
	}
audit:
	left = 0;
	/* A final forfeit of a move owes the audits before the rules
	 * hear of it: they are its "#? audit" line. */
	pend = f->forfeit_pending && forfeit_final(s);
	for (int i = 0; (f->audit_open || pend) && i < s->hdr.nplayers; i++)
		if (f->seat[i].audit_line == 0)
			left |= 1u << i;
	if (left != 0) {
		seat_list(s, left, seats, sizeof seats);
		if (k < n && pend)
			k += (size_t)snprintf(buf + k, n - k, "%saudit (the "
			    "forfeit of line %d is final): %s", count ? "; " :
			    "", f->forfeit_line, seats);
		else if (k < n)
			k += (size_t)snprintf(buf + k, n - k, "%saudit (line "
			    "%d): %s", count ? "; " : "", f->audit_line,
			    seats);
		count++;
	}
	return count;
}

unsigned
save_awaited(const struct save *s)
{
	const struct save_fair *f = s->fair;
	unsigned mask = 0;

	if (f == NULL)
		return 0;
	if (f->joins_open)
		for (int i = 0; i < s->hdr.nplayers; i++)
			if (!f->seat[i].joined)
				mask |= 1u << i;
	for (uint32_t i = 0; i < f->src.nev; i++)
		if (!f->src.ev[i].keyed)
			mask |= f->src.ev[i].quorum & ~f->src.ev[i].released;
	if (f->sealed != NULL)
		mask |= f->sealed->wait_seats;
	for (int i = 0; f->audit_open && i < s->hdr.nplayers; i++)
		if (f->seat[i].audit_line == 0)
			mask |= 1u << i;
	return mask;
}

int
save_forfeit(const struct save *s, char *buf, size_t n)
{
	const struct save_fair *f = s->fair;
	char what[RULES_MSG_MAX], until[FAIR_DATE_LEN + 1];
	int line, final;

	if (n > 0)
		buf[0] = '\0';
	if (f == NULL || f->forfeit_seat < 0)
		return -1;
	final = forfeit_final(s);
	await_name(s, f->forfeit_event, what, sizeof what);
	fair_format_date(until, f->forfeit_when + s->hdr.grace);
	if (f->forfeit_event == FAIR_AWAIT_MOVE) {
		snprintf(buf, n, "%s forfeit%s at line %d: it withheld its "
		    "move past the deadline and the grace%s%s",
		    s->hdr.player[f->forfeit_seat].seat, final ? "ed" :
		    " claimed", f->forfeit_line, final ? "" :
		    "; disputable until ", final ? "" : until);
		return f->forfeit_seat;
	}
	line = f->forfeit_event == 0 ? f->join_line :
	    f->src.ev[f->forfeit_event - 1].line;
	snprintf(buf, n, "%s forfeit%s at line %d: it withheld %s%s%s (line "
	    "%d) past the deadline and the grace%s%s",
	    s->hdr.player[f->forfeit_seat].seat, final ? "ed" : " claimed",
	    f->forfeit_line,
	    f->forfeit_event == 0 ? "" : "its release for ", what,
	    "", line, final ? "" : "; disputable until ", final ? "" : until);
	return f->forfeit_seat;
}

int
save_forfeit_winner(const struct save *s)
{
	const struct save_fair *f = s->fair;

	if (f == NULL || f->forfeit_seat < 0 || s->game != NULL ||
	    !forfeit_final(s))
		return -1;
	/* No points before the start: the first other seat. */
	return f->forfeit_seat == 0 ? 1 : 0;
}

int64_t
save_forfeit_disputable(const struct save *s)
{
	if (s->fair == NULL || s->fair->forfeit_seat < 0 || forfeit_final(s))
		return 0;
	return s->fair->forfeit_when + s->hdr.grace;
}

const char *
save_forfeit_timeout(const struct save *s)
{
	if (s->fair == NULL || s->fair->forfeit_seat < 0)
		return NULL;
	return s->fair->tline;
}

int
save_audited(const struct save *s)
{
	const struct save_fair *f = s->fair;

	if (f == NULL || s->hdr.chance != SAVE_CHANCE_FAIR || !f->audit_open)
		return 0;
	for (int i = 0; i < s->hdr.nplayers; i++)
		if (f->seat[i].audit_line == 0)
			return 0;
	return 1;
}

int
save_started(const struct save *s)
{
	return s->game != NULL;
}

/* ---- writing ---------------------------------------------------------- */

/* Feed a line the writer made, then keep it. */
static int
put_line(struct save *s, struct buf *out, const char *l, size_t n,
    struct err *e)
{
	int rc;

	if ((rc = save_feed(s, l, n, e)) != 0)
		return rc;
	if (buf_add(out, l, n) < 0 || buf_add(out, "\n", 1) < 0)
		return err_set(e, ERR_NOMEM, "out of memory");
	return 0;
}

/* A header value the writer is asked to store must be canonical. */
static int
check_value(const char *what, const char *v, struct err *e)
{
	const char *why = canonical(v, strlen(v));

	if (why != NULL)
		return err_set(e, ERR_USAGE, "%s: %s", what, why);
	return 0;
}

/* A duration in the largest unit that divides it (fair.h's spelling). */
static void
fmt_duration(char *buf, size_t n, int64_t secs)
{
	if (secs % 86400 == 0)
		snprintf(buf, n, "%lldd", (long long)(secs / 86400));
	else if (secs % 3600 == 0)
		snprintf(buf, n, "%lldh", (long long)(secs / 3600));
	else
		snprintf(buf, n, "%lldm", (long long)(secs / 60));
}

int
save_start(struct save *s, struct save_header *h, struct buf *out,
    struct err *e)
{
	char line[SAVE_LINE_MAX + 2], hex[2 * RULES_SEED_BYTES + 1];
	char key[KEY_PUB_TEXT_MAX];
	int rc, n;

	if (h->chance == SAVE_CHANCE_FAIR)
		save_game_id(h->game_id, h->salt);
	else
		save_game_id(h->game_id, h->seed);
#define PUT(...) do { \
	n = snprintf(line, sizeof line, __VA_ARGS__); \
	if (n < 0 || n > SAVE_LINE_MAX) \
		return err_set(e, ERR_USAGE, "a header line would be longer " \
		    "than %d bytes", SAVE_LINE_MAX); \
	if ((rc = put_line(s, out, line, (size_t)n, e)) != 0) \
		goto bad; \
} while (0)
	if (h->chance == SAVE_CHANCE_FAIR) {
		/* Format 2: the salt names the game; chance comes from
		 * the seats' releases. */
		PUT("%s %d", SAVE_MAGIC, SAVE_VERSION_FAIR);
		PUT("rules %s", h->rules);
		sodium_bin2hex(hex, sizeof hex, h->game_id,
		    SAVE_GAME_ID_BYTES);
		PUT("game %s", hex);
		sodium_bin2hex(hex, sizeof hex, h->salt, sizeof h->salt);
		PUT("salt %s", hex);
		PUT("created %s", h->created);
		PUT("chance fair");
		PUT("hands %s", h->hands == SAVE_HANDS_SEALED ? "sealed" :
		    "open");
		if (h->has_deadline) {
			char d1[32], d2[32];

			fmt_duration(d1, sizeof d1, h->deadline);
			fmt_duration(d2, sizeof d2, h->grace);
			PUT("deadline %s %s", d1, d2);
		}
	} else {
		PUT("%s %d", SAVE_MAGIC, SAVE_VERSION);
		PUT("rules %s", h->rules);
		sodium_bin2hex(hex, sizeof hex, h->game_id,
		    SAVE_GAME_ID_BYTES);
		PUT("game %s", hex);
		sodium_bin2hex(hex, sizeof hex, h->seed, RULES_SEED_BYTES);
		PUT("seed %s", hex);
		PUT("created %s", h->created);
	}
	for (size_t i = 0; i < h->noptions; i++) {
		if ((rc = check_value("option", h->option[i], e)) != 0)
			return rc;
		PUT("option %s", h->option[i]);
	}
	for (int i = 0; i < h->nplayers; i++) {
		const struct save_player *pl = &h->player[i];

		if ((rc = check_value("player name", pl->name, e)) != 0 ||
		    (rc = check_value("e-mail", pl->email, e)) != 0)
			return rc;
		keys_pub_format(pl->pk, key, sizeof key);
		if (pl->email[0] != '\0')
			PUT("player %s %s <%s> %s", pl->seat, pl->name,
			    pl->email, key);
		else
			PUT("player %s %s %s", pl->seat, pl->name, key);
	}
	for (size_t i = 0; i < h->nblobs; i++) {
		const struct rules_blob *b = &h->blob[i];
		const char *p = b->text, *end = b->text + b->len;
		int dl = 0;

		PUT("data %s", b->name);
		while (p < end) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t k = (size_t)((nl ? nl : end) - p);
			const char *why = canonical(p, k);

			dl++;
			if (why == NULL && k > SAVE_LINE_MAX - 2)
				why = "line too long";
			if (why != NULL)
				return err_set(e, ERR_USAGE, "%s data, line "
				    "%d: %s (trigon stores data only as "
				    "canonical text)", b->name, dl, why);
			if (k == 0)
				PUT("|");
			else
				PUT("| %.*s", (int)k, p);
			p = nl ? nl + 1 : end;
		}
	}
	s->writing = 1;		/* start_fair's dry create */
	n = snprintf(line, sizeof line, "start");
	rc = put_line(s, out, line, (size_t)n, e);
	s->writing = 0;
	if (rc != 0)
		goto bad;
	{
		const char *p;
		size_t k;

		while (next_note(s, &p, &k))
			PUT("#= %.*s", (int)k, p);
		while (owed_next(s, &p, &k))
			PUT("%.*s", (int)k, p);
	}
#undef PUT
	return 0;
bad:
	if (rc != ERR_NOMEM && e != NULL) {
		e->file[0] = '\0';
		e->line = 0;
		if (rc == ERR_DAMAGED)
			rc = e->code = ERR_USAGE;
	}
	return rc;
}

int
save_play(struct save *s, const char *action, size_t len,
    const unsigned char *sk, struct buf *out, struct err *e)
{
	unsigned char chain[32], sig[64], msg[SAVE_LINE_MAX + 128];
	char hex[2 * SAVE_CHAIN_SHOWN + 1], sigtext[SAVE_SIG_TEXT + 1];
	char line[SAVE_LINE_MAX + 2], note[SAVE_LINE_MAX + 2];
	struct rules_await aw;
	const char *why, *p;
	size_t mlen, k;
	int seat, mine, n, rc;

	if (s->fair != NULL && s->fair->forfeit_seat >= 0 &&
	    !(s->fair->forfeit_pending && !forfeit_final(s) &&
	    save_seat_of_key(s, sk + 32) == s->fair->forfeit_seat))
		return err_set(e, ERR_REFUSED, "the game is over: %s forfeited "
		    "(line %d)", s->hdr.player[s->fair->forfeit_seat].seat,
		    s->fair->forfeit_line);
	if (s->game == NULL && s->fair != NULL &&
	    save_awaits(s, note, sizeof note) > 0)
		return err_set(e, ERR_REFUSED, "the game has not started: it "
		    "awaits %s (trigon answer)", note);
	if (s->game == NULL)
		return err_set(e, ERR_USAGE, "no game to play in");
	if (len == 0)
		return err_set(e, ERR_USAGE, "empty action");
	if (len > RULES_ACTION_MAX)
		return err_set(e, ERR_USAGE, "action longer than %d bytes",
		    RULES_ACTION_MAX);
	if ((why = canonical(action, len)) != NULL || action[0] == ' ' ||
	    memchr(action, '\n', len) != NULL)
		return err_set(e, ERR_USAGE, "the action is not one line of "
		    "canonical text: %s", why ? why : "leading space");
	if (save_awaits(s, note, sizeof note) > 0 &&
	    (s->fair->pend != PEND_NONE || s->fair->joins_open))
		return err_set(e, ERR_REFUSED, "no move may follow yet: the "
		    "game awaits %s (trigon answer)", note);
	if (rules_await_check(s->rules, s->game, s->hdr.nplayers, &aw) != 0)
		return err_set(e, ERR_DAMAGED, "%s", aw.text);
	if (aw.over)
		return err_set(e, ERR_REFUSED, "the game is over");
	mine = save_seat_of_key(s, sk + 32);
	if (mine < 0)
		return err_set(e, ERR_REFUSED, "this key belongs to no player "
		    "of this game");
	seat = mine;
	if (!(may_act(&aw) & 1u << mine))
		return err_set(e, ERR_REFUSED, "it is not %s's turn: %s",
		    s->hdr.player[mine].seat, aw.text[0] ? aw.text :
		    "another player must act");
	/* Reopen a sealed file: its end line will be rewritten. */
	s->ended = 0;
	chain_now(s, chain);
	mlen = action_msg(msg, s, s->nactions + 1, chain,
	    s->hdr.player[seat].seat, action, len);
	crypto_sign_detached(sig, NULL, msg, mlen, sk);
	if (crypto_sign_verify_detached(sig, msg, mlen,
	    s->hdr.player[seat].pk) != 0)
		return err_set(e, ERR_DAMAGED, "the signature just made does "
		    "not verify: the key is damaged");
	sodium_bin2hex(hex, sizeof hex, chain, SAVE_CHAIN_SHOWN);
	sodium_bin2base64(sigtext, sizeof sigtext, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	n = snprintf(line, sizeof line, "%llu %s %.*s | %s %s",
	    (unsigned long long)(s->nactions + 1), s->hdr.player[seat].seat,
	    (int)len, action, hex, sigtext);
	if (n < 0 || n > SAVE_LINE_MAX)
		return err_set(e, ERR_USAGE, "the action line would be longer "
		    "than %d bytes", SAVE_LINE_MAX);
	if ((rc = put_line(s, out, line, (size_t)n, e)) != 0) {
		if (rc == ERR_REFUSED && s->rerr.code != 0)
			return err_set(e, ERR_REFUSED, "%s", s->rerr.msg);
		if (e != NULL) {
			e->file[0] = '\0';
			e->line = 0;
		}
		return rc;
	}
	while (next_note(s, &p, &k)) {
		n = snprintf(note, sizeof note, "#= %.*s", (int)k, p);
		if (n < 0 || n > SAVE_LINE_MAX)
			return err_set(e, ERR_DAMAGED, "the rules wrote an "
			    "annotation longer than %d bytes", SAVE_LINE_MAX);
		if ((rc = put_line(s, out, note, (size_t)n, e)) != 0)
			return rc;
	}
	while (owed_next(s, &p, &k)) {
		memcpy(note, p, k);
		if ((rc = put_line(s, out, note, k, e)) != 0)
			return rc;
	}
	return 0;
}

/*
 * Format 2's end line, "end SEQ SEAT SIGNATURE", by whoever wrote the
 * last line: sk is a seat's main key or its answer key.
 */
static int
seal2(struct save *s, const unsigned char *sk, struct buf *out,
    struct err *e)
{
	unsigned char chain[32], sig[64], msg[256];
	char sigtext[SAVE_SIG_TEXT + 1], line[SAVE_LINE_MAX + 2];
	const char *seat;
	size_t n = 0, slen;
	int si, rc;

	if (s->ended || (s->nactions == 0 && !s->fair->any_answer))
		return 0;
	if ((si = save_seat_of_key(s, sk + 32)) < 0)
		for (int i = 0; i < s->hdr.nplayers && si < 0; i++)
			if (s->fair->seat[i].joined && sodium_memcmp(sk + 32,
			    s->fair->seat[i].answer_pk, 32) == 0)
				si = i;
	if (si < 0)
		return err_set(e, ERR_REFUSED, "this key belongs to no player "
		    "of this game");
	seat = s->hdr.player[si].seat;
	slen = strlen(seat);
	chain_now(s, chain);
	memcpy(msg, LABEL_END2, sizeof LABEL_END2);
	n += sizeof LABEL_END2;
	memcpy(msg + n, s->hdr.game_id, SAVE_GAME_ID_BYTES);
	n += SAVE_GAME_ID_BYTES;
	for (int i = 7; i >= 0; i--)
		msg[n++] = (unsigned char)(s->nactions >> (8 * i));
	memcpy(msg + n, chain, 32);
	n += 32;
	msg[n++] = (unsigned char)slen;
	memcpy(msg + n, seat, slen);
	n += slen;
	crypto_sign_detached(sig, NULL, msg, n, sk);
	if (crypto_sign_verify_detached(sig, msg, n, sk + 32) != 0)
		return err_set(e, ERR_DAMAGED, "the signature just made does "
		    "not verify: the key is damaged");
	sodium_bin2base64(sigtext, sizeof sigtext, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	rc = snprintf(line, sizeof line, "end %llu %s %s",
	    (unsigned long long)s->nactions, seat, sigtext);
	return put_line(s, out, line, (size_t)rc, e);
}

int
save_seal(struct save *s, const unsigned char *sk, struct buf *out,
    struct err *e)
{
	unsigned char chain[32], sig[64], msg[128];
	char sigtext[SAVE_SIG_TEXT + 1], line[SAVE_LINE_MAX + 2];
	size_t mlen;
	int n;

	if (s->fair != NULL)
		return seal2(s, sk, out, e);
	if (s->nactions == 0 || s->ended)
		return 0;
	if (s->last_seat < 0 ||
	    sodium_memcmp(sk + 32, s->hdr.player[s->last_seat].pk, 32) != 0)
		return err_set(e, ERR_REFUSED, "only the player who made the "
		    "last move may sign the end line");
	chain_now(s, chain);
	mlen = end_msg(msg, s, s->nactions, chain);
	crypto_sign_detached(sig, NULL, msg, mlen, sk);
	if (crypto_sign_verify_detached(sig, msg, mlen,
	    s->hdr.player[s->last_seat].pk) != 0)
		return err_set(e, ERR_DAMAGED, "the signature just made does "
		    "not verify: the key is damaged");
	sodium_bin2base64(sigtext, sizeof sigtext, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	n = snprintf(line, sizeof line, "end %llu %s",
	    (unsigned long long)s->nactions, sigtext);
	return put_line(s, out, line, (size_t)n, e);
}

int
save_write_new(const char *path, const struct buf *out, struct err *e)
{
	struct atomic_file a;
	mode_t um = umask(022);
	int rc;

	umask(um);
	if (access(path, F_OK) == 0)
		return err_set(e, ERR_REFUSED, "'%s' already exists", path);
	if ((rc = atomic_begin(&a, path, 0666 & ~um, e)) != 0)
		return rc;
	if ((rc = atomic_write(&a, out->p, out->len, e)) != 0)
		return rc;
	return atomic_commit(&a, 0, -1, 0, e);
}

int
save_write_append(struct save *s, int fd, const char *path,
    const struct buf *tail, struct err *e)
{
	struct atomic_file a;
	crypto_generichash_state st;
	unsigned char h[32];
	char buf[65536], end[SAVE_LINE_MAX + 2];
	struct stat sb;
	off_t left = s->disk_body, off = 0;
	ssize_t r;
	int rc;

	if (fstat(fd, &sb) < 0)
		return err_set(e, ERR_IO, "cannot stat '%s': %s", path,
		    strerror(errno));
	if (sb.st_size != s->disk_len)
		goto changed;
	if ((rc = atomic_begin(&a, path, sb.st_mode & 07777, e)) != 0)
		return rc;
	crypto_generichash_init(&st, NULL, 0, 32);
	while (left > 0) {
		size_t want = left < (off_t)sizeof buf ? (size_t)left :
		    sizeof buf;

		r = pread(fd, buf, want, off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err_set(e, ERR_IO, "cannot read '%s': %s", path,
			    strerror(errno));
			atomic_abort(&a);
			return ERR_IO;
		}
		if (r == 0)
			goto changed_abort;
		crypto_generichash_update(&st, (unsigned char *)buf, (size_t)r);
		if ((rc = atomic_write(&a, buf, (size_t)r, e)) != 0)
			return rc;
		left -= r;
		off += r;
	}
	crypto_generichash_final(&st, h, 32);
	if (memcmp(h, s->disk_hash, 32) != 0)
		goto changed_abort;
	/* The old end line (replaced) and nothing after it. */
	r = pread(fd, end, sizeof end, off);
	if (r < 0 || (size_t)r != s->disk_endlen ||
	    memcmp(end, s->disk_end, s->disk_endlen) != 0)
		goto changed_abort;
	if ((rc = atomic_write(&a, tail->p, tail->len, e)) != 0)
		return rc;
	return atomic_commit(&a, 1, fd, s->disk_len, e);
changed_abort:
	atomic_abort(&a);
changed:
	return err_set(e, ERR_CHANGED, "'%s' changed on disk since it was "
	    "read; nothing was written", path);
}

/* ---- format 2: writing answers ------------------------------------------ */

/* One answer line to merge into a block. */
struct merge_line {
	const char *p;
	size_t n;			/* with its blob lines */
	size_t n1;			/* the answer line alone */
	int seat;
	struct fair_answer a;
};

/* Feed the '\n'-ended lines of p[0..len) through save_feed. */
static int
feed_lines(struct save *s, const char *p, size_t len, struct err *e)
{
	const char *end = p + len;
	int rc;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (nl == NULL)
			return fail(s, e, ERR_DAMAGED, "the last line has no "
			    "newline");
		if ((rc = save_feed(s, p, (size_t)(nl - p), e)) != 0)
			return rc;
		p = nl + 1;
	}
	return 0;
}

static int sign_answer_blob(const struct save *s, int si, const char *body,
    const unsigned char *blob_hash, const unsigned char block[32],
    const unsigned char *sk, struct buf *out, struct err *e);

/* "@ SEAT BODY | BLOCK SIG" signed with sk, appended to out. */
static int
sign_answer(const struct save *s, int si, const char *body,
    const unsigned char block[32], const unsigned char *sk, struct buf *out,
    struct err *e)
{
	return sign_answer_blob(s, si, body, NULL, block, sk, out, e);
}

/* The same for an answer with a blob: its hash is signed too. */
static int
sign_answer_blob(const struct save *s, int si, const char *body,
    const unsigned char *blob_hash, const unsigned char block[32],
    const unsigned char *sk, struct buf *out, struct err *e)
{
	unsigned char msg[FAIR_ANSWER_MSG_MAX], sig[64];
	char hex[17], sigtext[SAVE_SIG_TEXT + 1];
	const char *seat = s->hdr.player[si].seat;
	size_t mlen;

	mlen = fair_answer_message(msg, s->hdr.game_id, block, seat,
	    strlen(seat), body, strlen(body), blob_hash);
	if (mlen == 0)
		return err_set(e, ERR_USAGE, "an answer too long to sign");
	crypto_sign_detached(sig, NULL, msg, mlen, sk);
	if (crypto_sign_verify_detached(sig, msg, mlen, sk + 32) != 0)
		return err_set(e, ERR_DAMAGED, "the signature just made does "
		    "not verify: the key is damaged");
	sodium_bin2hex(hex, sizeof hex, block, 8);
	sodium_bin2base64(sigtext, sizeof sigtext, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	if (buf_addf(out, "@ %s %s | %s %s\n", seat, body, hex, sigtext) < 0)
		return err_set(e, ERR_NOMEM, "out of memory");
	return 0;
}

/* Signs the sealed layer's answers (savesealed.h) for one seat. */
struct sealed_signer {
	const struct save *s;
	int si;
	const unsigned char *block, *sk;
	struct buf *out;
};

static int
sealed_sign(void *ctx, const char *body, const unsigned char *blob_hash,
    struct err *e)
{
	const struct sealed_signer *sg = ctx;

	return sign_answer_blob(sg->s, sg->si, body, blob_hash, sg->block,
	    sg->sk, sg->out, e);
}

/*
 * The answers seat si owes in s now (its join; its releases, in event
 * order; with sealed hands its shuffles, shares and openings), signed,
 * appended to out; *count of them.
 */
static int
owed_answers(const struct save *s, int si, const struct fair_seat *fs,
    const unsigned char *sk, const unsigned char block[32], struct buf *out,
    int *count, struct err *e)
{
	const struct save_fair *f = s->fair;
	const struct fair_seatst *st = &f->seat[si];
	char body[SAVE_LINE_MAX], key[KEY_PUB_TEXT_MAX];
	char a[FAIR_B64_LEN + 1], c[FAIR_B64_LEN + 1], v[FAIR_B64_LEN + 1];
	unsigned char value[32];
	uint32_t next;
	int rc, disputed;

	*count = 0;
	/* Until a forfeit is final the accused may still answer (it voids
	 * the claim), and nobody publishes its seat secret. */
	disputed = f->forfeit_seat >= 0 && !forfeit_final(s);
	if (f->joins_open && !st->joined && (f->forfeit_seat < 0 ||
	    (disputed && f->forfeit_seat == si))) {
		keys_pub_format(fs->answer_pk, key, sizeof key);
		fair_b64(a, fs->anchor);
		fair_b64(c, fs->commit);
		snprintf(body, sizeof body, "join key=%s n=%lu anchor=%s "
		    "commit=%s", key, (unsigned long)fs->n, a, c);
		if (s->hdr.hands == SAVE_HANDS_SEALED) {
			char yp[SAVE_SEALED_JOIN_MAX];

			if ((rc = save_sealed_join_text(yp, sizeof yp, fs,
			    e)) != 0)
				return rc;
			strncat(body, yp, sizeof body - strlen(body) - 1);
		}
		if ((rc = sign_answer(s, si, body, block, sk, out, e)) != 0)
			return rc;
		(*count)++;
		return 0;
	}
	if (!st->joined)
		return 0;
	next = st->chain.k + 1;
	/* After a final forfeit what was withheld is no longer awaited. */
	for (uint32_t i = 0; (f->forfeit_seat < 0 || (disputed &&
	    f->forfeit_seat == si)) && i < f->src.nev; i++) {
		const struct chance_fair_event *E = &f->src.ev[i];

		if (E->keyed || !(E->quorum & 1u << si) ||
		    (E->released & 1u << si))
			continue;
		if ((rc = fair_seat_value(fs, next, value, e)) != 0)
			return rc;
		fair_b64(v, value);
		sodium_memzero(value, sizeof value);
		snprintf(body, sizeof body, "release %lu %s",
		    (unsigned long)i + 1, v);
		if ((rc = sign_answer(s, si, body, block, fs->answer_sk, out,
		    e)) != 0)
			return rc;
		next++;
		(*count)++;
	}
	if (f->sealed != NULL && (f->forfeit_seat < 0 || (disputed &&
	    f->forfeit_seat == si))) {
		struct sealed_signer sg = { s, si, block, fs->answer_sk, out };
		int n;

		if ((rc = save_sealed_owed(f->sealed, si, fs->secret, block,
		    sealed_sign, &sg, out, &n, e)) != 0)
			return rc;
		*count += n;
	}
	if ((f->audit_open || f->forfeit_pending) && st->audit_line == 0 &&
	    !disputed) {
		fair_b64(v, fs->secret);
		snprintf(body, sizeof body, "audit %s", v);
		sodium_memzero(v, sizeof v);
		rc = sign_answer(s, si, body, block, fs->answer_sk, out, e);
		sodium_memzero(body, sizeof body);
		if (rc != 0)
			return rc;
		(*count)++;
	}
	return 0;
}

static int
merge_cmp(const void *x, const void *y)
{
	const struct merge_line *a = x, *b = y;

	return answer_cmp(a->seat, &a->a, b->seat, &b->a);
}

/* The answer lines of the block and of more[], sorted, one of each. */
static int
merge_block(const struct save *s, const struct buf *more,
    struct merge_line **out, size_t *n, struct err *e)
{
	const struct save_fair *f = s->fair;
	const char *p = more->p, *end = more->p + more->len;
	struct merge_line *m;
	size_t cap = f->nans + 64, k = 0;
	struct err fe;

	if ((m = calloc(cap, sizeof *m)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < f->nans; i++) {
		answer_text(&f->ans[i], &m[k].p, &m[k].n);
		m[k].n1 = f->ans[i].len;
		k++;
	}
	while (p != NULL && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (k > 0 && nl - p >= 2 && p[0] == '|' && p[1] == ' ') {
			/* a blob line: its answer's chunk grows */
			m[k - 1].n = (size_t)(nl - m[k - 1].p);
			p = nl + 1;
			continue;
		}
		if (k == cap) {
			struct merge_line *nm = realloc(m, 2 * cap * sizeof *m);

			if (nm == NULL) {
				free(m);
				return err_set(e, ERR_NOMEM, "out of memory");
			}
			m = nm;
			cap *= 2;
		}
		m[k].p = p;
		m[k].n = m[k].n1 = (size_t)(nl - p);
		k++;
		p = nl + 1;
	}
	for (size_t i = 0; i < k; i++) {
		if (fair_parse_answer(m[i].p, m[i].n1, &m[i].a, &fe) != 0) {
			free(m);
			return err_set(e, ERR_DAMAGED, "%s", fe.msg);
		}
		m[i].seat = seat_of_name(s, m[i].a.seat, m[i].a.seatlen);
	}
	qsort(m, k, sizeof *m, merge_cmp);
	*out = m;
	*n = k;
	return 0;
}

/*
 * The comments of an open block's old tail p[0..len) (its answers, the
 * lines they produced, comments, the end line): they stand after the
 * lines the answers produce, so a rebuilt block keeps them there, in
 * their order.
 */
static int
keep_comments(struct save *s, const char *p, size_t len, struct buf *out,
    struct err *e)
{
	const char *end = p + len;
	int rc;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);

		if (n >= 1 && p[0] == '#' && !(n >= 2 && (p[1] == '=' ||
		    p[1] == '?')) && (rc = put_line(s, out, p, n, e)) != 0)
			return rc;
		p = nl ? nl + 1 : end;
	}
	return 0;
}

/*
 * save_answer, with one more answer line of the seat (extra: its body,
 * signed with the answer key for the open block) when extra != NULL.
 */
static int exported_seat(const struct save *s, const struct fair_export *x,
    struct err *e);

static int
answer_impl(struct save *s, const char *file, size_t len,
    const unsigned char *sk, const struct fair_export *x, const char *extra,
    struct buf *out, int *added, struct err *e)
{
	struct save_fair *f = s->fair;
	struct fair_seat *fs = NULL;
	struct buf mine = BUF_INIT, tail = BUF_INIT;
	struct merge_line *m = NULL;
	struct save s2;
	unsigned char block[32];
	const char *p;
	size_t off, nm = 0, k;
	int si, rc, count, more, tries;

	*added = 0;
	if (f == NULL || s->hdr.chance != SAVE_CHANCE_FAIR)
		return err_set(e, ERR_REFUSED, "a game of open chance awaits no "
		    "answers");
	if (x != NULL)
		si = exported_seat(s, x, e);
	else if ((si = save_seat_of_key(s, sk + 32)) < 0)
		return err_set(e, ERR_REFUSED, "this key belongs to no player "
		    "of this game");
	if (si < 0)
		return si;
	if ((rc = x != NULL ? fair_seat_exported(&fs, x, f->seat[si].chain.n,
	    e) : fair_seat_new(&fs, sk, s->hdr.game_id,
	    s->hdr.player[si].seat, f->seat[si].joined ?
	    f->seat[si].chain.n : FAIR_CHAIN_N, e)) != 0)
		return rc;
	if (f->seat[si].joined && (sodium_memcmp(fs->anchor,
	    f->seat[si].anchor, 32) != 0 || (x != NULL &&
	    sodium_memcmp(fs->answer_pk, f->seat[si].answer_pk, 32) != 0))) {
		fair_seat_free(fs);
		return err_set(e, ERR_REFUSED, "%s joined with another %s than "
		    "this key makes", s->hdr.player[si].seat,
		    sodium_memcmp(fs->anchor, f->seat[si].anchor, 32) != 0 ?
		    "chain" : "answer key");
	}
	if (x != NULL)
		sk = fs->answer_sk;	/* signs all but a join, which it never owes */
	off = f->nans > 0 ? (size_t)f->block_off : (size_t)s->body_len;
	if (f->nans > 0)
		memcpy(block, f->block_hash, 32);
	else
		chain_now(s, block);
	if ((rc = owed_answers(s, si, fs, sk, block, &mine, &count, e)) != 0)
		goto out;
	if (extra != NULL) {
		if ((rc = sign_answer(s, si, extra, block, fs->answer_sk, &mine,
		    e)) != 0)
			goto out;
		count++;
	}
	if (count == 0)
		goto out;
	*added = count;
	save_init(&s2, s->name);
	for (tries = 0;; tries++) {
		save_release(&s2);
		save_init(&s2, s->name);
		s2.table = s->table;
		free(m);
		m = NULL;
		if ((rc = merge_block(s, &mine, &m, &nm, e)) != 0)
			goto out2;
		if ((rc = feed_lines(&s2, file, off, e)) != 0)
			goto out2;
		for (k = 0; k < nm; k++) {
			if (k > 0 && merge_cmp(&m[k - 1], &m[k]) == 0)
				continue;	/* already there */
			if ((rc = feed_chunk(&s2, m[k].p, m[k].n, e)) != 0)
				goto out2;
		}
		if (s2.fair->nans > 0 && !s2.fair->processed &&
		    (rc = process_block(&s2, e)) != 0)
			goto out2;
		if ((rc = owed_answers(&s2, si, fs, sk, block, &mine, &more,
		    e)) != 0)
			goto out2;
		if (more == 0)
			break;
		*added += more;
		if (tries >= SAVE_REDO_MAX) {
			rc = err_set(e, ERR_DAMAGED, "the answers of %s open "
			    "events without end", s->hdr.player[si].seat);
			goto out2;
		}
	}
	/* The lines the answers produced, then the end line. */
	for (k = 0; k < nm; k++)
		if (k == 0 || merge_cmp(&m[k - 1], &m[k]) != 0)
			if (buf_add(&tail, m[k].p, m[k].n) < 0 ||
			    buf_add(&tail, "\n", 1) < 0) {
				rc = err_set(e, ERR_NOMEM, "out of memory");
				goto out2;
			}
	while (owed_next(&s2, &p, &k)) {
		char line[SAVE_LINE_MAX + 1];

		memcpy(line, p, k);
		if ((rc = put_line(&s2, &tail, line, k, e)) != 0)
			goto out2;
	}
	if ((rc = keep_comments(&s2, file + off, len - off, &tail, e)) != 0)
		goto out2;
	if ((rc = seal2(&s2, fs->answer_sk, &tail, e)) != 0 ||
	    (rc = save_finish(&s2, 1, e)) != 0)
		goto out2;
	if (buf_add(out, file, off) < 0 || buf_add(out, tail.p, tail.len) < 0) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out2;
	}
	s2.cb = s->cb;
	s2.cbctx = s->cbctx;
	save_release(s);
	*s = s2;
	goto out;
out2:
	save_release(&s2);
	*added = 0;
out:
	free(m);
	fair_seat_free(fs);
	buf_release(&mine);
	buf_release(&tail);
	return rc;
}

int
save_answer(struct save *s, const char *file, size_t len,
    const unsigned char *sk, struct buf *out, int *added, struct err *e)
{
	return answer_impl(s, file, len, sk, NULL, NULL, out, added, e);
}

/*
 * The seat of an exported answer key in s, or a negative ERR_*: the
 * key must be of this game and of a seat that has joined (a join is
 * signed by the main key alone).
 */
static int
exported_seat(const struct save *s, const struct fair_export *x,
    struct err *e)
{
	const struct save_fair *f = s->fair;

	if (memcmp(x->id, s->hdr.game_id, SAVE_GAME_ID_BYTES) != 0)
		return err_set(e, ERR_REFUSED, "this answer key is of another "
		    "game");
	for (int i = 0; i < s->hdr.nplayers; i++) {
		if (strcmp(s->hdr.player[i].seat, x->seat) != 0)
			continue;
		if (!f->seat[i].joined)
			return err_set(e, ERR_REFUSED, "%s has not joined: its "
			    "join needs its main key (trigon answer --key)",
			    x->seat);
		return i;
	}
	return err_set(e, ERR_REFUSED, "this answer key is of seat '%s', "
	    "which plays no part in this game", x->seat);
}

int
save_answer_exported(struct save *s, const char *file, size_t len,
    const struct fair_export *x, struct buf *out, int *added, struct err *e)
{
	*added = 0;
	if (s->fair == NULL || s->hdr.chance != SAVE_CHANCE_FAIR)
		return err_set(e, ERR_REFUSED, "a game of open chance awaits no "
		    "answers");
	return answer_impl(s, file, len, NULL, x, NULL, out, added, e);
}

/* ---- format 2: deadlines, timeout and forfeit ----------------------------- */

int
save_claim(struct save *s, const char *file, size_t len,
    const unsigned char *sk, enum save_claim_kind kind, int accused,
    int64_t now, int64_t asked, struct buf *out, int *added,
    struct err *e)
{
	struct save_fair *f = s->fair;
	char what[RULES_MSG_MAX], body[SAVE_LINE_MAX], d1[FAIR_DATE_LEN + 1];
	char d2[FAIR_DATE_LEN + 1], ev_word[16];
	const char *acc;
	struct blk_answer *t;
	int64_t created, from;
	uint32_t ev = 0;
	int me, a, found = 0;
	struct err fe;

	*added = 0;
	if (f == NULL || s->hdr.chance != SAVE_CHANCE_FAIR)
		return err_set(e, ERR_REFUSED, "a game of open chance awaits no "
		    "answers: nothing to claim");
	if ((me = save_seat_of_key(s, sk + 32)) < 0)
		return err_set(e, ERR_REFUSED, "this key belongs to no player "
		    "of this game");
	if (accused < 0 || accused >= s->hdr.nplayers)
		return err_set(e, ERR_USAGE, "no such seat");
	acc = s->hdr.player[accused].seat;
	if (accused == me)
		return err_set(e, ERR_REFUSED, "%s cannot claim against "
		    "itself", acc);
	if (f->forfeit_seat >= 0)
		return err_set(e, ERR_REFUSED, "the game is over: %s "
		    "forfeited (line %d)", s->hdr.player[f->forfeit_seat].seat,
		    f->forfeit_line);
	/* The accused's first open await: its join, or an event. */
	if (f->joins_open && !f->seat[accused].joined)
		found = 1;
	for (uint32_t i = 0; !found && i < f->src.nev; i++)
		if (owes(s, accused, i + 1, &a) > 0) {
			ev = i + 1;
			found = 1;
		}
	if (!found && owes_move(s, accused, &a) > 0) {
		ev = FAIR_AWAIT_MOVE;
		found = 1;
	}
	if (!found)
		return err_set(e, ERR_REFUSED, "%s owes no answer and no move "
		    "now: nothing to claim", acc);
	await_name(s, ev, what, sizeof what);
	if (owes(s, me, ev, &a) > 0)
		return err_set(e, ERR_REFUSED, "%s for %s awaits %s too: answer "
		    "it first (trigon answer)", what, acc,
		    s->hdr.player[me].seat);
	if (fair_parse_date(s->hdr.created, strlen(s->hdr.created), &created,
	    &fe) != 0)
		created = 0;
	t = f->nans > 0 ? find_timeout(f, accused, ev) : NULL;
	if (kind == SAVE_CLAIM_TIMEOUT) {
		if (t != NULL)
			return err_set(e, ERR_REFUSED, "a timeout of %s for %s is "
			    "claimed already (line %d); a forfeit may follow "
			    "once the grace has passed", acc, what, t->lineno);
		from = (asked > created ? asked : created) + s->hdr.deadline;
		if (now < from) {
			fair_format_date(d1, asked > created ? asked : created);
			fair_format_date(d2, from);
			return err_set(e, ERR_REFUSED, "too early: %s was asked "
			    "for %s at %s at the earliest (this copy's last "
			    "change); a timeout may be claimed from %s", acc,
			    what, d1, d2);
		}
	} else {
		if (t == NULL)
			return err_set(e, ERR_REFUSED, "no timeout of %s for %s "
			    "yet: claim one first, a forfeit may follow after "
			    "the grace", acc, what);
		from = t->a.u.claim.when + s->hdr.grace;
		if (now < from) {
			fair_format_date(d2, from);
			return err_set(e, ERR_REFUSED, "too early: the grace after "
			    "the timeout of line %d runs until %s", t->lineno,
			    d2);
		}
	}
	if (ev == 0 || ev == FAIR_AWAIT_MOVE)
		snprintf(ev_word, sizeof ev_word, ev == 0 ? "join" : "move");
	else
		snprintf(ev_word, sizeof ev_word, "%lu", (unsigned long)ev);
	fair_format_date(d1, now);
	if (kind == SAVE_CLAIM_TIMEOUT)
		snprintf(body, sizeof body, "timeout %s %s %s", acc, ev_word,
		    d1);
	else
		snprintf(body, sizeof body, "forfeit %s %s", acc, d1);
	return answer_impl(s, file, len, sk, NULL, body, out, added, e);
}

/* Append word to buf[0..*k) as a list item, unless it is one already
 * (items are joined by ", "). */
static void
kinds_add(char *buf, size_t n, size_t *k, const char *word)
{
	size_t w = strlen(word);

	for (const char *p = buf; *k > 0 && p < buf + *k;) {
		const char *end = strstr(p, ", ");
		size_t len = end != NULL ? (size_t)(end - p) : strlen(p);

		if (len == w && memcmp(p, word, w) == 0)
			return;
		if (end == NULL)
			break;
		p = end + 2;
	}
	if (*k < n)
		*k += (size_t)snprintf(buf + *k, n - *k, "%s%s", *k ? ", " :
		    "", word);
}

int
save_await_kinds(const struct save *s, char *buf, size_t n)
{
	const struct save_fair *f = s->fair;
	char tmp[RULES_MSG_MAX];
	size_t k = 0;
	int count;

	if (n > 0)
		buf[0] = '\0';
	if ((count = save_awaits(s, tmp, sizeof tmp)) == 0)
		return 0;
	if (f->forfeit_seat < 0 && f->joins_open)
		kinds_add(buf, n, &k, "join");
	for (uint32_t i = 0; f->forfeit_seat < 0 && i < f->src.nev; i++)
		if (!f->src.ev[i].keyed)
			kinds_add(buf, n, &k, f->src.ev[i].label);
	if (f->audit_open)
		for (int i = 0; i < s->hdr.nplayers; i++)
			if (f->seat[i].audit_line == 0) {
				kinds_add(buf, n, &k, "audit");
				break;
			}
	return count;
}

int
save_await_since(const struct save *s, int64_t changed,
    struct save_since *out)
{
	struct save_fair *f = s->fair;
	int64_t created, when;
	struct blk_answer *t;
	struct err fe;
	int a;

	if (f == NULL || s->hdr.chance != SAVE_CHANCE_FAIR ||
	    f->forfeit_pending)
		return -1;
	if (save_awaited(s) == 0) {
		/* No answer awaited: a move may be (claim's await "move"). */
		int i = 0;

		while (i < s->hdr.nplayers && owes_move(s, i, &a) <= 0)
			i++;
		if (i >= s->hdr.nplayers)
			return -1;
	}
	if (fair_parse_date(s->hdr.created, strlen(s->hdr.created), &created,
	    &fe) != 0)
		created = 0;
	out->asked = changed > created ? changed : created;
	out->claim = 0;
	out->accused = -1;
	out->forfeit = 0;
	if (f->forfeit_seat >= 0)
		return 0;	/* only audits are awaited now */
	for (int i = 0; i < s->hdr.nplayers; i++) {
		uint32_t ev = 0;
		int found = f->joins_open && !f->seat[i].joined;

		/* The seat's first open await, as save_claim names it. */
		for (uint32_t k = 0; !found && k < f->src.nev; k++)
			if (owes(s, i, k + 1, &a) > 0) {
				ev = k + 1;
				found = 1;
			}
		if (!found && owes_move(s, i, &a) > 0) {
			ev = FAIR_AWAIT_MOVE;
			found = 1;
		}
		if (!found)
			continue;
		t = f->nans > 0 ? find_timeout(f, i, ev) : NULL;
		when = t != NULL ? t->a.u.claim.when + s->hdr.grace :
		    out->asked + s->hdr.deadline;
		if (out->accused < 0 || when < out->claim) {
			out->claim = when;
			out->accused = i;
			out->forfeit = t != NULL;
		}
	}
	return 0;
}

/* ---- format 2: merging two copies -------------------------------------- */

enum { MERGE_KEEP, MERGE_TAKE, MERGE_JOIN };

static int merge_side(const struct save *s, const struct save *t,
    const char *mine, size_t len, const char *theirs, size_t tlen, int *what,
    int *dropped, int *how, struct err *e);
static int merge_union(const struct save *s, struct save *s2,
    const struct save *t, const char *mine, size_t om, struct buf *tail,
    struct err *e);
static int merge_comments(struct save *s2, const char *mine, size_t mlen,
    const char *theirs, size_t tlen, struct buf *tail, struct err *e);
static void merge_adopt(struct save *s, struct save *from);

/* Where the open block's answers start: its first answer line, or the
 * end of the body when it has none yet. */
static size_t
open_block(const struct save *s)
{
	return s->fair != NULL && s->fair->nans > 0 ?
	    (size_t)s->fair->block_off : (size_t)s->body_len;
}

/* 1 when the n bytes at l are a whole line of p[0..len). */
static int
has_line(const char *p, size_t len, const char *l, size_t n)
{
	const char *end = p + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = (size_t)((nl ? nl : end) - p);

		if (k == n && memcmp(p, l, n) == 0)
			return 1;
		p = nl ? nl + 1 : end;
	}
	return 0;
}

int
save_merge(struct save *s, const char *mine, size_t len, const char *theirs,
    size_t tlen, const unsigned char *sk, struct buf *out, int *what,
    int *dropped, struct err *e)
{
	struct save t, s2;
	struct buf tail = BUF_INIT;
	size_t bm, bt, om, ot;
	int rc, how;

	*what = SAVE_MERGE_SAME;
	*dropped = 0;
	if (s->fair == NULL)
		return err_set(e, ERR_USAGE, "only files of format 2 merge "
		    "their answers");
	save_init(&t, s->name);
	t.table = s->table;
	save_init(&s2, s->name);
	s2.table = s->table;
	if ((rc = save_read_buf(&t, theirs, tlen, e)) != 0)
		goto out;
	if (sodium_memcmp(t.hdr.game_id, s->hdr.game_id,
	    SAVE_GAME_ID_BYTES) != 0) {
		rc = err_set(e, ERR_REFUSED, "not the same game (another game "
		    "id)");
		goto out;
	}
	if ((rc = merge_side(s, &t, mine, len, theirs, tlen, what, dropped,
	    &how, e)) != 0 || how == MERGE_KEEP)
		goto out;
	if (how == MERGE_TAKE)
		goto theirs_out;
	bm = (size_t)s->body_len;
	bt = (size_t)t.body_len;
	om = open_block(s);
	ot = open_block(&t);
	if ((rc = merge_union(s, &s2, &t, mine, om, &tail, e)) != 0 ||
	    (rc = merge_comments(&s2, mine + om, bm - om, theirs + ot,
	    bt - ot, &tail, e)) != 0)
		goto out;
	/* The union is one of the two: that copy, end line and all. */
	if (om + tail.len == bt && memcmp(theirs + om, tail.p, tail.len) == 0) {
		*what = SAVE_MERGE_THEIRS;
		goto theirs_out;
	}
	if (om + tail.len == bm && memcmp(mine + om, tail.p, tail.len) == 0)
		goto out;
	*what = SAVE_MERGE_UNION;
	if (sk == NULL)
		goto out;
	if ((rc = seal2(&s2, sk, &tail, e)) != 0 ||
	    (rc = save_finish(&s2, 1, e)) != 0)
		goto out;
	if (buf_add(out, mine, om) < 0 || buf_add(out, tail.p, tail.len) < 0) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	merge_adopt(s, &s2);
	goto out;
theirs_out:
	if (buf_add(out, theirs, tlen) < 0) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	merge_adopt(s, &t);
out:
	buf_release(&tail);
	save_release(&t);
	save_release(&s2);
	return rc;
}

/*
 * Where the two copies part, and what follows (*how): MERGE_KEEP mine
 * (the same, or mine extends or passed theirs), MERGE_TAKE theirs
 * (*what SAVE_MERGE_THEIRS), MERGE_JOIN the same open block, whose
 * answers are to be united.  *dropped counts the answers of the copy
 * left behind that the other lacks.
 */
static int
merge_side(const struct save *s, const struct save *t, const char *mine,
    size_t len, const char *theirs, size_t tlen, int *what, int *dropped,
    int *how, struct err *e)
{
	size_t bm = (size_t)s->body_len, bt = (size_t)t->body_len;
	size_t om, ot, c, k;

	*how = MERGE_KEEP;
	for (c = 0; c < bm && c < bt && mine[c] == theirs[c]; c++)
		;
	om = open_block(s);
	ot = open_block(t);
	if (c == bm && bt >= bm) {		/* theirs extends mine */
		*what = bt == bm ? SAVE_MERGE_SAME : SAVE_MERGE_THEIRS;
		if (*what == SAVE_MERGE_THEIRS)
			*how = MERGE_TAKE;
		return 0;
	}
	if (c == bt)				/* mine extends theirs */
		return 0;
	if (c < om && c < ot) {
		int line = 1;

		for (k = 0; k < c; k++)
			line += mine[k] == '\n';
		return err_set(e, ERR_REFUSED, "the two copies differ before "
		    "their open blocks (line %d): not the same moves", line);
	}
	if (om < ot) {
		/* Theirs went on past my open block: it is the game; my
		 * answers there that it lacks were not needed (a client
		 * signs again what its seat still owes). */
		for (k = 0; k < s->fair->nans; k++)
			if (!has_line(theirs + om, tlen - om,
			    s->fair->ans[k].line, s->fair->ans[k].len))
				(*dropped)++;
		*what = SAVE_MERGE_THEIRS;
		*how = MERGE_TAKE;
		return 0;
	}
	if (ot < om) {				/* theirs is behind */
		for (k = 0; k < t->fair->nans; k++)
			if (!has_line(mine + ot, len - ot, t->fair->ans[k].line,
			    t->fair->ans[k].len))
				(*dropped)++;
		return 0;
	}
	*how = MERGE_JOIN;
	return 0;
}

/*
 * The same open block: s2 reads mine up to it (om bytes), then the
 * union of both sets of answers, processed; tail gets those answers
 * and the lines then owed.
 */
static int
merge_union(const struct save *s, struct save *s2, const struct save *t,
    const char *mine, size_t om, struct buf *tail, struct err *e)
{
	struct buf more = BUF_INIT;
	struct merge_line *m = NULL;
	size_t nm = 0, k, n;
	const char *p;
	int rc = 0;

	for (k = 0; k < t->fair->nans; k++)
		if (answer_text(&t->fair->ans[k], &p, &n), buf_add(&more, p,
		    n) < 0 || buf_add(&more, "\n", 1) < 0) {
			rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
	if ((rc = merge_block(s, &more, &m, &nm, e)) != 0 ||
	    (rc = feed_lines(s2, mine, om, e)) != 0)
		goto out;
	for (k = 0; k < nm; k++) {
		if (k > 0 && merge_cmp(&m[k - 1], &m[k]) == 0)
			continue;
		if ((rc = feed_chunk(s2, m[k].p, m[k].n, e)) != 0 ||
		    buf_add(tail, m[k].p, m[k].n) < 0 ||
		    buf_add(tail, "\n", 1) < 0) {
			if (rc == 0)
				rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
	}
	if (s2->fair->nans > 0 && !s2->fair->processed &&
	    (rc = process_block(s2, e)) != 0)
		goto out;
	while (owed_next(s2, &p, &k)) {
		char line[SAVE_LINE_MAX + 1];

		memcpy(line, p, k);
		if ((rc = put_line(s2, tail, line, k, e)) != 0)
			goto out;
	}
out:
	free(m);
	buf_release(&more);
	return rc;
}

/* Comments after the open block's start: mine (mlen bytes at mine),
 * then theirs (tlen bytes at theirs) that mine lacks. */
static int
merge_comments(struct save *s2, const char *mine, size_t mlen,
    const char *theirs, size_t tlen, struct buf *tail, struct err *e)
{
	struct buf cm = BUF_INIT;
	const char *q = theirs, *end = theirs + tlen;
	int rc;

	if ((rc = keep_comments(s2, mine, mlen, tail, e)) != 0)
		return rc;
	while (q < end) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));
		size_t n = (size_t)((nl ? nl : end) - q);

		if (n >= 1 && q[0] == '#' && !(n >= 2 && (q[1] == '=' ||
		    q[1] == '?')) && !has_line(mine, mlen, q, n) &&
		    (buf_add(&cm, q, n) < 0 || buf_add(&cm, "\n", 1) < 0)) {
			rc = err_set(e, ERR_NOMEM, "out of memory");
			goto out;
		}
		q = nl ? nl + 1 : end;
	}
	rc = keep_comments(s2, cm.p, cm.len, tail, e);
out:
	buf_release(&cm);
	return rc;
}

/* s becomes the copy read into from, keeping its callbacks; from is
 * left empty. */
static void
merge_adopt(struct save *s, struct save *from)
{
	from->cb = s->cb;
	from->cbctx = s->cbctx;
	save_release(s);
	*s = *from;
	save_init(from, s->name);
}
