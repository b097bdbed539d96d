/*
 * save-write.c -- the save file's writer: the header of a new game, an
 * action signed and fed through the reader, the end line, and writing
 * a new or appended file.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "atomic.h"
#include "keys.h"
#include "save.h"
#include "save-int.h"

/* Feed a line the writer made, then keep it. */
int
sv_put_line(struct save *s, struct buf *out, const char *l, size_t n,
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
	const char *why = sv_canonical(v, strlen(v));

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
	if ((rc = sv_put_line(s, out, line, (size_t)n, e)) != 0) \
		goto bad; \
} while (0)
	if (h->chance == SAVE_CHANCE_FAIR || h->has_deadline) {
		/* Format 2: with chance fair the salt names the game and
		 * chance comes from the seats' releases; with chance open
		 * (a deadline asked for) the seed does both. */
		int fair = h->chance == SAVE_CHANCE_FAIR;

		PUT("%s %d", SAVE_MAGIC, SAVE_VERSION_FAIR);
		PUT("rules %s", h->rules);
		sodium_bin2hex(hex, sizeof hex, h->game_id,
		    SAVE_GAME_ID_BYTES);
		PUT("game %s", hex);
		if (fair) {
			sodium_bin2hex(hex, sizeof hex, h->salt,
			    sizeof h->salt);
			PUT("salt %s", hex);
		} else {
			sodium_bin2hex(hex, sizeof hex, h->seed,
			    RULES_SEED_BYTES);
			PUT("seed %s", hex);
		}
		PUT("created %s", h->created);
		PUT("chance %s", fair ? "fair" : "open");
		if (fair)
			PUT("hands %s", h->hands == SAVE_HANDS_SEALED ?
			    "sealed" : "open");
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
			const char *why = sv_canonical(p, k);

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
	rc = sv_put_line(s, out, line, (size_t)n, e);
	s->writing = 0;
	if (rc != 0)
		goto bad;
	{
		const char *p;
		size_t k;

		while (sv_next_note(s, &p, &k))
			PUT("#= %.*s", (int)k, p);
		while (sv_owed_next(s, &p, &k))
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
	    !(s->fair->forfeit_pending && !sv_forfeit_final(s) &&
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
	if ((why = sv_canonical(action, len)) != NULL || action[0] == ' ' ||
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
	if (!(sv_may_act(&aw) & 1u << mine))
		return err_set(e, ERR_REFUSED, "it is not %s's turn: %s",
		    s->hdr.player[mine].seat, aw.text[0] ? aw.text :
		    "another player must act");
	/* Reopen a sealed file: its end line will be rewritten, so s
	 * counts it no more (lines and bytes as a reader of the new file). */
	if (s->ended) {
		s->ended = 0;
		s->line--;
		s->file_len -= (off_t)s->endlen;
		s->endlen = 0;
	}
	sv_chain_now(s, chain);
	mlen = sv_action_msg(msg, s, s->nactions + 1, chain,
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
	if ((rc = sv_put_line(s, out, line, (size_t)n, e)) != 0) {
		if (rc == ERR_REFUSED && s->rerr.code != 0)
			return err_set(e, ERR_REFUSED, "%s", s->rerr.msg);
		if (e != NULL) {
			e->file[0] = '\0';
			e->line = 0;
		}
		return rc;
	}
	while (sv_next_note(s, &p, &k)) {
		n = snprintf(note, sizeof note, "#= %.*s", (int)k, p);
		if (n < 0 || n > SAVE_LINE_MAX)
			return err_set(e, ERR_DAMAGED, "the rules wrote an "
			    "annotation longer than %d bytes", SAVE_LINE_MAX);
		if ((rc = sv_put_line(s, out, note, (size_t)n, e)) != 0)
			return rc;
	}
	while (sv_owed_next(s, &p, &k)) {
		memcpy(note, p, k);
		if ((rc = sv_put_line(s, out, note, k, e)) != 0)
			return rc;
	}
	return 0;
}

/*
 * Format 2's end line, "end SEQ SEAT SIGNATURE", by whoever wrote the
 * last line: sk is a seat's main key or its answer key.
 */
int
sv_seal2(struct save *s, const unsigned char *sk, struct buf *out,
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
	sv_chain_now(s, chain);
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
	return sv_put_line(s, out, line, (size_t)rc, e);
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
		return sv_seal2(s, sk, out, e);
	if (s->nactions == 0 || s->ended)
		return 0;
	if (s->last_seat < 0 ||
	    sodium_memcmp(sk + 32, s->hdr.player[s->last_seat].pk, 32) != 0)
		return err_set(e, ERR_REFUSED, "only the player who made the "
		    "last move may sign the end line");
	sv_chain_now(s, chain);
	mlen = sv_end_msg(msg, s, s->nactions, chain);
	crypto_sign_detached(sig, NULL, msg, mlen, sk);
	if (crypto_sign_verify_detached(sig, msg, mlen,
	    s->hdr.player[s->last_seat].pk) != 0)
		return err_set(e, ERR_DAMAGED, "the signature just made does "
		    "not verify: the key is damaged");
	sodium_bin2base64(sigtext, sizeof sigtext, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	n = snprintf(line, sizeof line, "end %llu %s",
	    (unsigned long long)s->nactions, sigtext);
	return sv_put_line(s, out, line, (size_t)n, e);
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

