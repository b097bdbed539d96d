/*
 * fairline.c -- the parsers of save format 2's own lines (fair.h): the
 * header's "chance" line and answer lines "@ SEAT KIND ARGS... [+K] |
 * BLOCK SIGNATURE" (trigon-save(5), doc/fair-chance.md), and the message
 * an answer's signature covers.  Pure functions over one line; no
 * seats, no keys, no blocks: the save layer (not yet) does those.
 *
 * Choices where the design is open, written down in trigon-save(5):
 * SEAT is 1-255 bytes of a-z, 0-9 and '-'; arguments are words of
 * printable ASCII (0x21-0x7e) except '|', one space apart; join's
 * fields come in one order (key n anchor commit [y pok]); "+K" (1 to
 * FAIR_BLOB_LINES_MAX) only on shuffle and leave lines.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "fair.h"
#include "num.h"

#define B64 sodium_base64_VARIANT_URLSAFE_NO_PADDING
#define SIG_B64_LEN 86
#define GRAMMAR "an answer line is '@ SEAT KIND ARGS... | BLOCK SIGNATURE'"

static const char *const kind_names[FAIR_NKINDS] = {
	"join", "shuffle", "release", "share", "tag", "open", "pass", "give",
	"look", "steal", "complain", "leave", "timeout", "forfeit", "final",
	"audit",
};

static int parse_join(const char *a, size_t len, struct fair_answer *out,
    struct err *e);
static int b64_exact(unsigned char *out, size_t want, const char *s,
    size_t len);
static int word(const char **p, const char *end, const char **w, size_t *wl);
static int value32(unsigned char out[FAIR_BYTES], const char *s, size_t len,
    const char *what, struct err *e);

const char *
fair_kind_name(int kind)
{
	return kind >= 0 && kind < FAIR_NKINDS ? kind_names[kind] : NULL;
}

int
fair_parse_chance(const char *line, size_t len, int *mode, struct err *e)
{
	const char *w;
	size_t wl;

	if (len < 7 || memcmp(line, "chance ", 7) != 0)
		return err_set(e, ERR_DAMAGED, "a chance line is 'chance open' "
		    "or 'chance fair'");
	w = line + 7;
	wl = len - 7;
	if (wl == 4 && memcmp(w, "open", 4) == 0)
		*mode = FAIR_CHANCE_OPEN;
	else if (wl == 4 && memcmp(w, "fair", 4) == 0)
		*mode = FAIR_CHANCE_FAIR;
	else if (wl == 7 && memcmp(w, "referee", 7) == 0)
		return err_set(e, ERR_DAMAGED, "chance referee is not "
		    "supported yet");
	else
		return err_set(e, ERR_DAMAGED, "unknown chance mode '%.*s' "
		    "(open or fair)", wl > 40 ? 40 : (int)wl, w);
	return 0;
}

/* "@ SEAT BODY | BLOCK SIGNATURE": the seat, the body, the block and
 * the signature into out. */
static int
answer_frame(const char *line, size_t len, struct fair_answer *out,
    struct err *e)
{
	const char *end = line + len, *p, *bar;

	if (len > 1024)
		return err_set(e, ERR_DAMAGED, "line longer than 1024 bytes");
	if (len < 2 || line[0] != '@' || line[1] != ' ')
		return err_set(e, ERR_DAMAGED, GRAMMAR);
	for (p = line + 2; p < end && ((*p >= 'a' && *p <= 'z') ||
	    (*p >= '0' && *p <= '9') || *p == '-'); p++)
		;
	out->seat = line + 2;
	out->seatlen = (size_t)(p - out->seat);
	if (out->seatlen == 0 || out->seatlen > FAIR_SEAT_MAX || p == end ||
	    *p != ' ')
		return err_set(e, ERR_DAMAGED, GRAMMAR);
	out->body = ++p;
	/* no argument holds '|': the first one ends the body */
	if ((bar = memchr(p, '|', (size_t)(end - p))) == NULL ||
	    bar - p < 2 || bar[-1] != ' ' || bar + 1 == end || bar[1] != ' ')
		return err_set(e, ERR_DAMAGED, GRAMMAR);
	out->bodylen = (size_t)(bar - 1 - p);
	for (const char *q = out->body; q < bar - 1; q++)
		if ((unsigned char)*q < 0x20 || (unsigned char)*q > 0x7e ||
		    (*q == ' ' && (q == out->body || q + 1 == bar - 1 ||
		    q[1] == ' ')))
			return err_set(e, ERR_DAMAGED, "the words of an answer "
			    "are printable ASCII, one space apart");
	/* | BLOCK SIGNATURE */
	p = bar + 2;
	if (end - p != 16 + 1 + SIG_B64_LEN || p[16] != ' ')
		return err_set(e, ERR_DAMAGED, GRAMMAR);
	for (int i = 0; i < 16; i++)
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' &&
		    p[i] <= 'f')))
			return err_set(e, ERR_DAMAGED, "the block field is 16 "
			    "lower-case hex digits");
	if (sodium_hex2bin(out->block, sizeof out->block, p, 16, NULL, NULL,
	    NULL) != 0)
		return err_set(e, ERR_DAMAGED, "the block field is 16 "
		    "lower-case hex digits");
	if (b64_exact(out->sig, sizeof out->sig, p + 17, SIG_B64_LEN) != 0)
		return err_set(e, ERR_DAMAGED, "the signature is 86 characters "
		    "of URL-safe base64");
	return 0;
}

/* The body's "KIND ARGS... [+K]": the kind, the arguments and the
 * blob's line count into out. */
static int
answer_kind(struct fair_answer *out, struct err *e)
{
	const char *p = out->body, *bar = out->body + out->bodylen;
	const char *w, *kw = "", *last = NULL;
	size_t wl, kwl = 0, lastl = 0;
	int k;

	word(&p, bar, &kw, &kwl);	/* the body is never empty */
	for (k = 0; k < FAIR_NKINDS; k++)
		if (strlen(kind_names[k]) == kwl &&
		    memcmp(kind_names[k], kw, kwl) == 0)
			break;
	if (k == FAIR_NKINDS)
		return err_set(e, ERR_DAMAGED, "unknown answer kind '%.*s'",
		    kwl > 40 ? 40 : (int)kwl, kw);
	out->kind = (enum fair_kind)k;
	out->args = p;
	while (word(&p, bar, &w, &wl)) {
		last = w;
		lastl = wl;
	}
	out->argslen = (size_t)(bar - out->args);
	if (last != NULL && last[0] == '+') {
		uint64_t n;

		if (num_u64(last + 1, lastl - 1, 1, FAIR_BLOB_LINES_MAX,
		    NUM_CANONICAL, &n) != 0)
			return err_set(e, ERR_DAMAGED, "'+K' counts 1 to %d "
			    "blob lines", FAIR_BLOB_LINES_MAX);
		if (k != FAIR_SHUFFLE && k != FAIR_LEAVE)
			return err_set(e, ERR_DAMAGED, "a %s line carries no "
			    "blob", kind_names[k]);
		out->blob_lines = (unsigned)n;
		out->argslen = last == out->args ? 0 :
		    (size_t)(last - 1 - out->args);
	}
	if (out->argslen == 0)
		out->args = "";
	return 0;
}

/* release EVENT VALUE */
static int
parse_release(struct fair_answer *out, struct err *e)
{
	const char *p = out->args, *bar = out->args + out->argslen;
	const char *we, *wv;
	size_t wel, wvl;
	uint64_t ev;

	if (!word(&p, bar, &we, &wel) || !word(&p, bar, &wv, &wvl) ||
	    p != bar)
		return err_set(e, ERR_DAMAGED, "a release is 'release "
		    "EVENT VALUE'");
	if (num_u64(we, wel, 1, UINT32_MAX, NUM_CANONICAL, &ev) != 0)
		return err_set(e, ERR_DAMAGED, "release: the event "
		    "number is 1 to %lu, no leading zero",
		    (unsigned long)UINT32_MAX);
	out->u.release.event = (uint32_t)ev;
	return value32(out->u.release.value, wv, wvl, "release", e);
}

/* timeout SEAT AWAIT DATE; forfeit SEAT DATE (its await is the one the
 * accused's timeout names); final SEAT DATE (the forfeit of an open
 * game made final, trigon-save(5), Deadlines and forfeit) */
static int
parse_claim(struct fair_answer *out, int k, struct err *e)
{
	const char *p = out->args, *bar = out->args + out->argslen;
	const char *ws, *wa = NULL, *wd;
	size_t wsl, wal = 0, wdl;
	uint64_t ev;

	if (!word(&p, bar, &ws, &wsl) || (k == FAIR_TIMEOUT &&
	    !word(&p, bar, &wa, &wal)) || !word(&p, bar, &wd, &wdl) ||
	    p != bar)
		return err_set(e, ERR_DAMAGED, k == FAIR_TIMEOUT ?
		    "a timeout is 'timeout SEAT AWAIT DATE'" : k == FAIR_FINAL ?
		    "a final is 'final SEAT DATE'" :
		    "a forfeit is 'forfeit SEAT DATE'");
	for (size_t i = 0; i < wsl; i++)
		if (!((ws[i] >= 'a' && ws[i] <= 'z') ||
		    (ws[i] >= '0' && ws[i] <= '9') || ws[i] == '-'))
			return err_set(e, ERR_DAMAGED, "%s: bad seat "
			    "name", kind_names[k]);
	if (wsl > FAIR_SEAT_MAX)
		return err_set(e, ERR_DAMAGED, "%s: bad seat name",
		    kind_names[k]);
	out->u.claim.seat = ws;
	out->u.claim.seatlen = wsl;
	if (wa == NULL || (wal == 4 && memcmp(wa, "join", 4) == 0))
		out->u.claim.event = 0;
	else if (wal == 4 && memcmp(wa, "move", 4) == 0)
		out->u.claim.event = FAIR_AWAIT_MOVE;
	else if (num_u64(wa, wal, 1, UINT32_MAX - 1, NUM_CANONICAL,
	    &ev) == 0)
		out->u.claim.event = (uint32_t)ev;
	else
		return err_set(e, ERR_DAMAGED, "%s: the await is "
		    "'join', 'move' or an event number (no leading "
		    "zero)",
		    kind_names[k]);
	return fair_parse_date(wd, wdl, &out->u.claim.when, e);
}

int
fair_parse_answer(const char *line, size_t len, struct fair_answer *out,
    struct err *e)
{
	int rc;

	memset(out, 0, sizeof *out);
	if ((rc = answer_frame(line, len, out, e)) != 0 ||
	    (rc = answer_kind(out, e)) != 0)
		return rc;
	switch (out->kind) {
	case FAIR_RELEASE:
		return parse_release(out, e);
	case FAIR_AUDIT:
		if (out->argslen == 0 || memchr(out->args, ' ',
		    out->argslen) != NULL)
			return err_set(e, ERR_DAMAGED, "an audit is 'audit "
			    "SECRET'");
		return value32(out->u.audit.secret, out->args, out->argslen,
		    "audit", e);
	case FAIR_JOIN:
		return parse_join(out->args, out->argslen, out, e);
	case FAIR_TIMEOUT:
	case FAIR_FORFEIT:
	case FAIR_FINAL:
		return parse_claim(out, (int)out->kind, e);
	default:
		return 0;
	}
}

/* key=trigon-ed25519:PK n=N anchor=V commit=V [y=P pok=C S] */
static int
parse_join(const char *a, size_t len, struct fair_answer *out, struct err *e)
{
	static const char *const field[6] = {
		"key=trigon-ed25519:", "n=", "anchor=", "commit=", "y=", "pok="
	};
	const char *p = a, *end = a + len, *w[6];
	size_t wl[6], nw = 0;
	uint64_t n;
	int rc;

	while (nw < 6 && word(&p, end, &w[nw], &wl[nw]))
		nw++;
	if (p != end || (nw != 4 && nw != 6))
		return err_set(e, ERR_DAMAGED, "a join is 'join key=... n=... "
		    "anchor=... commit=...' and, with sealed hands, 'y=... "
		    "pok=...'");
	for (size_t i = 0; i < nw; i++) {
		size_t fl = strlen(field[i]);

		if (wl[i] <= fl || memcmp(w[i], field[i], fl) != 0)
			return err_set(e, ERR_DAMAGED, "join: field %zu is "
			    "'%s...'", i + 1, field[i]);
		w[i] += fl;
		wl[i] -= fl;
	}
	if ((rc = value32(out->u.join.key, w[0], wl[0], "join: key", e)) != 0)
		return rc;
	if (num_u64(w[1], wl[1], 1, FAIR_CHAIN_MAX, NUM_CANONICAL, &n) != 0 ||
	    (n & (n - 1)) != 0)
		return err_set(e, ERR_DAMAGED, "join: n is a power of two from "
		    "1 to %u", FAIR_CHAIN_MAX);
	out->u.join.n = (uint32_t)n;
	if ((rc = value32(out->u.join.anchor, w[2], wl[2], "join: anchor",
	    e)) != 0 || (rc = value32(out->u.join.commit, w[3], wl[3],
	    "join: commit", e)) != 0)
		return rc;
	if (nw == 4)
		return 0;
	out->u.join.has_y = 1;
	if ((rc = value32(out->u.join.y, w[4], wl[4], "join: y", e)) != 0)
		return rc;
	if (wl[5] != 2 * FAIR_B64_LEN ||
	    (rc = value32(out->u.join.pok_c, w[5], FAIR_B64_LEN, "join: pok",
	    e)) != 0 || (rc = value32(out->u.join.pok_s, w[5] + FAIR_B64_LEN,
	    FAIR_B64_LEN, "join: pok", e)) != 0)
		return err_set(e, ERR_DAMAGED, "join: pok is 86 characters of "
		    "URL-safe base64");
	if ((rc = fair_point_check(out->u.join.y, "join: y", e)) != 0)
		return rc;
	if (!fair_scalar_canonical(out->u.join.pok_c) ||
	    !fair_scalar_canonical(out->u.join.pok_s) ||
	    sodium_is_zero(out->u.join.pok_c, FAIR_BYTES) ||
	    sodium_is_zero(out->u.join.pok_s, FAIR_BYTES))
		return err_set(e, ERR_REFUSED, "join: the proof's scalars must "
		    "be reduced and not zero");
	return 0;
}

size_t
fair_answer_message(unsigned char out[FAIR_ANSWER_MSG_MAX],
    const unsigned char id[FAIR_ID_BYTES],
    const unsigned char block_hash[FAIR_BYTES], const char *seat,
    size_t seatlen, const char *body, size_t bodylen,
    const unsigned char *blob_hash)
{
	static const char dom[] = "trigon-save 2 answer";	/* + NUL: 21 */
	size_t n = 0;

	if (seatlen == 0 || seatlen > FAIR_SEAT_MAX || bodylen > 1024)
		return 0;
	memcpy(out, dom, sizeof dom);
	n += sizeof dom;
	memcpy(out + n, id, FAIR_ID_BYTES);
	n += FAIR_ID_BYTES;
	memcpy(out + n, block_hash, FAIR_BYTES);
	n += FAIR_BYTES;
	out[n++] = (unsigned char)seatlen;
	memcpy(out + n, seat, seatlen);
	n += seatlen;
	out[n++] = (unsigned char)(bodylen >> 8);
	out[n++] = (unsigned char)(bodylen & 0xff);
	memcpy(out + n, body, bodylen);
	n += bodylen;
	if (blob_hash != NULL)
		memcpy(out + n, blob_hash, FAIR_BYTES);
	else
		memset(out + n, 0, FAIR_BYTES);
	return n + FAIR_BYTES;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian; H. Hinnant). */
static int64_t
days_from_civil(int64_t y, unsigned m, unsigned d)
{
	int64_t era;
	unsigned yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int64_t)doe - 719468;
}

int
fair_parse_date(const char *s, size_t len, int64_t *out, struct err *e)
{
	static const char pat[] = "dddd-dd-ddTdd:dd:ddZ";
	static const unsigned mdays[12] = {
		31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	unsigned v[6] = { 0 }, f = 0;
	int64_t y;

	if (len != sizeof pat - 1)
		goto bad;
	for (size_t i = 0; i < len; i++) {
		if (pat[i] != 'd') {
			if (s[i] != pat[i])
				goto bad;
			f++;
			continue;
		}
		if (s[i] < '0' || s[i] > '9')
			goto bad;
		v[f] = v[f] * 10 + (unsigned)(s[i] - '0');
	}
	y = v[0];
	if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > mdays[v[1] - 1] ||
	    (v[1] == 2 && v[2] == 29 && !(y % 4 == 0 && (y % 100 != 0 ||
	    y % 400 == 0))) || v[3] > 23 || v[4] > 59 || v[5] > 59)
		goto bad;
	*out = days_from_civil(y, v[1], v[2]) * 86400 + v[3] * 3600 +
	    v[4] * 60 + v[5];
	return 0;
bad:
	return err_set(e, ERR_DAMAGED, "a date is YYYY-MM-DDTHH:MM:SSZ (UTC), "
	    "a real one");
}

void
fair_format_date(char out[FAIR_DATE_LEN + 1], int64_t t)
{
	int64_t z = (t >= 0 ? t : t - 86399) / 86400, era, y;
	int64_t sec = t - z * 86400;
	unsigned doe, yoe, doy, mp, d, m;

	/* civil_from_days (H. Hinnant) */
	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = (int64_t)yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	y += m <= 2;
	{
		char tmp[64];
		unsigned hh = (unsigned)(sec / 3600) % 24;
		unsigned mm = (unsigned)(sec / 60 % 60), ss = (unsigned)(sec % 60);

		snprintf(tmp, sizeof tmp, "%04u-%02u-%02uT%02u:%02u:%02uZ",
		    (unsigned)((y % 10000 + 10000) % 10000), m % 13, d % 32,
		    hh, mm, ss);
		memcpy(out, tmp, FAIR_DATE_LEN);
		out[FAIR_DATE_LEN] = '\0';
	}
}

int
fair_parse_duration(const char *s, size_t len, int64_t *out, struct err *e)
{
	uint64_t n;
	int64_t unit;

	if (len < 2)
		goto bad;
	switch (s[len - 1]) {
	case 'm': unit = 60; break;
	case 'h': unit = 3600; break;
	case 'd': unit = 86400; break;
	default: goto bad;
	}
	if (num_u64(s, len - 1, 1, 99999, NUM_CANONICAL, &n) != 0)
		goto bad;
	*out = (int64_t)n * unit;
	return 0;
bad:
	return err_set(e, ERR_DAMAGED, "a duration is 1 to 99999 followed by "
	    "m, h or d (minutes, hours, days), e.g. 72h");
}

/* The next word of [*p, end) (words one space apart), or 0 at the end. */
static int
word(const char **p, const char *end, const char **w, size_t *wl)
{
	const char *q;

	if (*p >= end)
		return 0;
	*w = *p;
	for (q = *p; q < end && *q != ' '; q++)
		;
	*wl = (size_t)(q - *p);
	*p = q < end ? q + 1 : q;
	return 1;
}

/* A 32-byte value in its one base64 spelling; a fault is damage here. */
static int
value32(unsigned char out[FAIR_BYTES], const char *s, size_t len,
    const char *what, struct err *e)
{
	if (fair_unb64(out, s, len, what, e) != 0) {
		if (e != NULL)
			e->code = ERR_DAMAGED;
		return ERR_DAMAGED;
	}
	return 0;
}

/* Strict, canonical URL-safe base64 of exactly want bytes (<= 64). */
static int
b64_exact(unsigned char *out, size_t want, const char *s, size_t len)
{
	char again[SIG_B64_LEN + 2];
	const char *end = NULL;
	size_t got = 0;

	if (want > 64 || len != sodium_base64_ENCODED_LEN(want, B64) - 1)
		return -1;
	if (sodium_base642bin(out, want, s, len, NULL, &got, &end, B64) != 0
	    || end != s + len || got != want)
		return -1;
	sodium_bin2base64(again, sizeof again, out, want, B64);
	return memcmp(again, s, len) == 0 ? 0 : -1;
}
