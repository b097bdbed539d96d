/*
 * save.c -- the save file's reader: a line-at-a-time state machine that
 * checks canonical bytes, then hands a line to the header's grammar
 * (save-header.c) or the body's (save-replay.c for format 1,
 * save-body2.c for format 2); loading and locking a file; the helpers
 * every piece shares (save-int.h).  The grammar is in trigon-save(5).
 * The writer is save-write.c; atomic replacement is atomic.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "atomic.h"
#include "num.h"
#include "save.h"
#include "sigpool.h"
#include "utf8.h"
#include "save-int.h"

static int read_lines(struct save *s, int fd, struct err *e);

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
save_set_reader_exported(struct save *s, const struct fair_export *x)
{
	s->reader_x = x;
}

void
save_release(struct save *s)
{
	sigpool_free(s->pool);
	s->pool = NULL;
	if (s->game != NULL && s->rules != NULL)
		s->rules->free(s->game);
	s->game = NULL;
	sv_fair_free(s->fair);	/* after the game, which kept its source */
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
		return sv_fail(s, e, ERR_DAMAGED, "line longer than %d bytes",
		    SAVE_LINE_MAX);
	if (s->ended)
		return sv_fail(s, e, ERR_DAMAGED,
		    "nothing may follow the signed end line");
	if ((why = sv_canonical(l, len)) != NULL)
		return sv_fail(s, e, ERR_DAMAGED, "%s", why);
	if (s->state < ST_BODY)
		rc = sv_feed_header(s, l, len, e);
	else if (s->fair != NULL)
		rc = sv_feed_body2(s, l, len, e);
	else
		rc = sv_feed_body(s, l, len, e);
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
		int rc = sv_process_block(s, e);

		if (rc != 0)
			return rc;
	}
	if (sv_next_note(s, &p, &n))
		return err_at(e, ERR_REFUSED, s->name, s->line + 1,
		    "missing annotation: the replay says '#= %.*s'", (int)n, p);
	if (sv_owed_next(s, &p, &n))
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
	sv_chain_now(s, s->disk_hash);
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
				return sv_fail(s, e, ERR_DAMAGED,
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
			rc = sv_fail(s, e, ERR_REFUSED, "bad signature on the end "
			    "line (it must be %s's, who made the last move)",
			    s->hdr.player[seat].seat);
		else
			rc = sv_fail(s, e, ERR_REFUSED, "bad signature: this line "
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
				return sv_fail(s, e, ERR_DAMAGED,
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

int
sv_fail(struct save *s, struct err *e, int code, const char *fmt, ...)
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
const char *
sv_canonical(const char *str, size_t len)
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
	return sv_canonical(str, len);
}

int
sv_is_hex(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!((p[i] >= '0' && p[i] <= '9') ||
		    (p[i] >= 'a' && p[i] <= 'f')))
			return 0;
	return 1;
}

/* A sequence number: canonical decimal, 1 to 18 digits, not 0. */
int
sv_parse_seq(const char *p, size_t n, uint64_t *out)
{
	return num_u64(p, n, 1, 999999999999999999ULL, NUM_CANONICAL, out) ==
	    0 ? 0 : -1;
}

int
sv_starts(const char *l, size_t len, const char *word)
{
	size_t n = strlen(word);

	return len >= n && memcmp(l, word, n) == 0;
}

