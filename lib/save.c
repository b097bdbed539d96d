/*
 * save.c -- the save file's reader (a line-at-a-time state machine that
 * checks canonical bytes, the header grammar, the hash chain, the
 * signatures, the turn order, the rules and the annotations) and its
 * writer (which signs a new line and feeds it through the same reader).
 * The grammar is in trigon-save(5).  Atomic replacement is atomic.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "atomic.h"
#include "num.h"
#include "keys.h"
#include "save.h"
#include "sigpool.h"
#include "utf8.h"

enum {
	ST_MAGIC, ST_RULES, ST_GAME, ST_SEED, ST_CREATED, ST_OPTIONS,
	ST_PLAYERS, ST_DATA, ST_BODY,
};

#define LABEL_ACTION "trigon-save 1 action"
#define LABEL_END "trigon-save 1 end"
#define LABEL_GAME_ID "trigon-save game id"
/* " | " + chain + " " + signature */
#define ACTION_SUFFIX (3 + 2 * SAVE_CHAIN_SHOWN + 1 + SAVE_SIG_TEXT)

static int read_lines(struct save *s, int fd, struct err *e);
static int fail(struct save *s, struct err *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static const char *canonical(const char *p, size_t len);
static int feed_header(struct save *s, const char *l, size_t len,
    struct err *e);
static int feed_body(struct save *s, const char *l, size_t len,
    struct err *e);
static int start_game(struct save *s, struct err *e);
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
	s->table = rules_table;
	crypto_generichash_init(&s->chain, NULL, 0, 32);
}

void
save_release(struct save *s)
{
	sigpool_free(s->pool);
	s->pool = NULL;
	if (s->game != NULL && s->rules != NULL)
		s->rules->free(s->game);
	s->game = NULL;
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
	if (next_note(s, &p, &n))
		return err_at(e, ERR_REFUSED, s->name, s->line + 1,
		    "missing annotation: the replay says '#= %.*s'", (int)n, p);
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
	char buf[64];
	unsigned char id[SAVE_GAME_ID_BYTES];
	size_t n;

	switch (s->state) {
	case ST_MAGIC:
		snprintf(buf, sizeof buf, "%s %d", SAVE_MAGIC, SAVE_VERSION);
		if (len == strlen(buf) && memcmp(l, buf, len) == 0) {
			s->state = ST_RULES;
			return 0;
		}
		if (starts(l, len, SAVE_MAGIC " "))
			return fail(s, e, ERR_DAMAGED, "unsupported save "
			    "format version '%.*s' (this trigon reads "
			    "version %d)", (int)(len - 12), l + 12,
			    SAVE_VERSION);
		return fail(s, e, ERR_DAMAGED, "not a trigon save file: the "
		    "first line must be '%s'", buf);
	case ST_RULES:
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
	case ST_GAME:
		if (!starts(l, len, "game ") ||
		    len != 5 + 2 * SAVE_GAME_ID_BYTES || !is_hex(l + 5, len - 5))
			return fail(s, e, ERR_DAMAGED, "expected 'game ID' with "
			    "%d lower-case hex digits", 2 * SAVE_GAME_ID_BYTES);
		sodium_hex2bin(s->hdr.game_id, sizeof s->hdr.game_id, l + 5,
		    len - 5, NULL, NULL, NULL);
		s->state = ST_SEED;
		return 0;
	case ST_SEED:
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
	case ST_CREATED: {
		static const char pat[] = "dddd-dd-ddTdd:dd:ddZ";

		if (!starts(l, len, "created ") || len != 8 + sizeof pat - 1)
			goto bad_created;
		for (size_t i = 0; i < sizeof pat - 1; i++)
			if (pat[i] == 'd' ? (l[8 + i] < '0' || l[8 + i] > '9')
			    : l[8 + i] != pat[i])
				goto bad_created;
		memcpy(s->hdr.created, l + 8, len - 8);
		s->hdr.created[len - 8] = '\0';
		s->state = ST_OPTIONS;
		return 0;
bad_created:
		return fail(s, e, ERR_DAMAGED, "expected 'created "
		    "YYYY-MM-DDTHH:MM:SSZ'");
	}
	default:
		break;
	}

	/* Options, then players, then data blocks, then "start". */
	if (s->blob_open && len >= 1 && l[0] == '|') {
		if (len == 1)
			return add_data_line(s, l, 0, e);
		if (l[1] != ' ')
			return fail(s, e, ERR_DAMAGED, "a data line is '| TEXT'"
			    " or '|'");
		return add_data_line(s, l + 2, len - 2, e);
	}
	s->blob_open = 0;
	if (starts(l, len, "option ")) {
		const char *eq = memchr(l + 7, '=', len - 7);

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

static int
start_game(struct save *s, struct err *e)
{
	struct rules_setup su;
	const char *opts[SAVE_OPTIONS_MAX];
	struct rules_error re;
	int rc;

	memset(&su, 0, sizeof su);
	memset(&re, 0, sizeof re);
	/* Format 1 is open mode: chance answers from the header's seed. */
	chance_seed_init(&s->seeded, s->hdr.seed);
	if (s->chance == NULL)
		s->chance = &s->seeded.chance;
	su.chance = s->chance;
	su.salt = chance_seed_salt(s->hdr.seed);
	su.nseats = s->hdr.nplayers;
	for (int i = 0; i < s->hdr.nplayers; i++)
		su.seat[i] = s->hdr.player[i].seat;
	for (size_t i = 0; i < s->hdr.noptions; i++)
		opts[i] = s->hdr.option[i];
	su.options = opts;
	su.noptions = s->hdr.noptions;
	su.blobs = s->hdr.blob;
	su.nblobs = s->hdr.nblobs;
	for (int tries = 0;; tries++) {
		s->game = NULL;
		rc = s->rules->create(&s->game, &su, &re);
		if (rc != RULES_PENDING || tries >= SAVE_REDO_MAX ||
		    settle(s, &re) != 0)
			break;
		memset(&re, 0, sizeof re);
	}
	if (rc != 0) {
		s->game = NULL;
		s->rerr = re;
		if (re.data != NULL && re.line > 0)
			for (size_t i = 0; i < s->hdr.nblobs; i++)
				if (strcmp(s->hdr.blob[i].name, re.data) == 0)
					s->line = s->hdr.blob_line[i] + re.line;
		/* Awaiting chance is no damage: the game cannot start yet. */
		return fail(s, e, rc == RULES_ENOMEM ? ERR_NOMEM :
		    rc == RULES_PENDING ? ERR_REFUSED : ERR_DAMAGED,
		    "the rules refuse this game: %s", re.msg);
	}
	s->state = ST_BODY;
	/* What the rules did on their own at creation is owed next. */
	s->note.len = 0;
	s->note_pos = 0;
	if (s->rules->start_note != NULL) {
		s->rules->start_note(s->game, &s->note);
		if (s->note.len > RULES_NOTE_MAX)
			s->note.len = RULES_NOTE_MAX;
	}
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

	memcpy(buf, LABEL_ACTION, sizeof LABEL_ACTION);
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

/* The seats that may act now (rules.h: 0 means the awaited seat alone). */
static unsigned
may_act(const struct rules_await *aw)
{
	if (aw->may_act != 0)
		return aw->may_act;
	return aw->seat >= 0 && aw->seat < 32 ? 1u << aw->seat : 0;
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

int
save_start(struct save *s, struct save_header *h, struct buf *out,
    struct err *e)
{
	char line[SAVE_LINE_MAX + 2], hex[2 * RULES_SEED_BYTES + 1];
	char key[KEY_PUB_TEXT_MAX];
	int rc, n;

	save_game_id(h->game_id, h->seed);
#define PUT(...) do { \
	n = snprintf(line, sizeof line, __VA_ARGS__); \
	if (n < 0 || n > SAVE_LINE_MAX) \
		return err_set(e, ERR_USAGE, "a header line would be longer " \
		    "than %d bytes", SAVE_LINE_MAX); \
	if ((rc = put_line(s, out, line, (size_t)n, e)) != 0) \
		goto bad; \
} while (0)
	PUT("%s %d", SAVE_MAGIC, SAVE_VERSION);
	PUT("rules %s", h->rules);
	sodium_bin2hex(hex, sizeof hex, h->game_id, SAVE_GAME_ID_BYTES);
	PUT("game %s", hex);
	sodium_bin2hex(hex, sizeof hex, h->seed, RULES_SEED_BYTES);
	PUT("seed %s", hex);
	PUT("created %s", h->created);
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
	PUT("start");
	{
		const char *p;
		size_t k;

		while (next_note(s, &p, &k))
			PUT("#= %.*s", (int)k, p);
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
	return 0;
}

int
save_seal(struct save *s, const unsigned char *sk, struct buf *out,
    struct err *e)
{
	unsigned char chain[32], sig[64], msg[128];
	char sigtext[SAVE_SIG_TEXT + 1], line[SAVE_LINE_MAX + 2];
	size_t mlen;
	int n;

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
