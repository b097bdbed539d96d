/*
 * sealedline.c -- the bytes and the text of sealed hands (sealed.h,
 * trigon-save(5) "Sealed hands"): the context every proof is bound to,
 * the arguments of the shuffle, share and open answer lines, a
 * shuffle's blob in continuation lines, and the awaits the save layer
 * writes.  Pure functions over bytes and text; the checks of what the
 * lines say are sealed.c's.
 *
 * Every form is canonical: a parser accepts exactly what the matching
 * writer produces, so a line has one spelling and re-writing a parsed
 * line gives back its bytes (fuzz/fuzz-sealed.c checks it).
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "num.h"
#include "sealed.h"

#define B64 sodium_base64_VARIANT_URLSAFE_NO_PADDING

static size_t put_name(unsigned char *p, const char *s);
static void put32(unsigned char *p, uint32_t v);
static int next_word(const char **p, const char *end, const char **w,
    size_t *wl);
static int parse_head(struct sealed_args *a, const char **p, const char *end,
    int with_pos, const char *form, struct err *e);
static int parse_share_b64(struct mp_share *sh, const char *w, size_t wl,
    const char *form, struct err *e);
static size_t b64_len(size_t bytes);

int
sealed_name_ok(const char *s, size_t len)
{
	if (len == 0 || len > SEALED_NAME_MAX)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' &&
		    s[i] <= '9') || s[i] == '-'))
			return 0;
	return 1;
}

void
sealed_ctx(struct sealed_ctxbuf *cb, const unsigned char id[SEALED_ID_BYTES],
    enum sealed_use use, const char *deck, uint32_t gen, const char *seat,
    uint32_t pos, const char *to, const unsigned char *block)
{
	unsigned char *p = cb->b;

	memcpy(p, id, SEALED_ID_BYTES);
	p += SEALED_ID_BYTES;
	*p++ = (unsigned char)use;
	p += put_name(p, deck);
	put32(p, gen);
	p += 4;
	p += put_name(p, seat);
	put32(p, pos);
	p += 4;
	p += put_name(p, to);
	if (block != NULL)
		memcpy(p, block, SEALED_HASH_BYTES);
	else
		memset(p, 0, SEALED_HASH_BYTES);
	p += SEALED_HASH_BYTES;
	cb->ctx.p = cb->b;
	cb->ctx.len = (size_t)(p - cb->b);
}

int
sealed_parse_shuffle(struct sealed_args *a, const char *s, size_t len,
    struct err *e)
{
	const char *p = s, *end = s + len;
	int rc;

	if ((rc = parse_head(a, &p, end, 0, "a shuffle is 'shuffle DECK GEN "
	    "+K'", e)) != 0)
		return rc;
	if (p != end)
		return err_set(e, ERR_DAMAGED, "a shuffle is 'shuffle DECK GEN "
		    "+K'");
	return 0;
}

int
sealed_parse_share(struct sealed_args *a, const char *s, size_t len,
    struct err *e)
{
	static const char form[] = "a share is 'share DECK GEN POS SEAT "
	    "SHARE'";
	const char *p = s, *end = s + len, *w;
	size_t wl;
	int rc;

	if ((rc = parse_head(a, &p, end, 1, form, e)) != 0)
		return rc;
	if (!next_word(&p, end, &w, &wl) || !sealed_name_ok(w, wl))
		return err_set(e, ERR_DAMAGED, "%s; SEAT is 1-31 of a-z, 0-9, "
		    "'-'", form);
	memcpy(a->to, w, wl);
	a->to[wl] = '\0';
	if (!next_word(&p, end, &w, &wl) || p != end)
		return err_set(e, ERR_DAMAGED, "%s", form);
	return parse_share_b64(&a->share, w, wl, "share", e);
}

int
sealed_parse_open(struct sealed_args *a, const char *s, size_t len,
    struct err *e)
{
	static const char form[] = "an open is 'open DECK GEN POS SHARE'";
	const char *p = s, *end = s + len, *w;
	size_t wl;
	int rc;

	if ((rc = parse_head(a, &p, end, 1, form, e)) != 0)
		return rc;
	if (!next_word(&p, end, &w, &wl) || p != end)
		return err_set(e, ERR_DAMAGED, "%s", form);
	return parse_share_b64(&a->share, w, wl, "open", e);
}

int
sealed_format_shuffle(char *out, size_t outlen, const char *deck,
    uint32_t gen, unsigned blob_lines)
{
	int n = snprintf(out, outlen, "shuffle %s %lu +%u", deck,
	    (unsigned long)gen, blob_lines);

	return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

int
sealed_format_share(char *out, size_t outlen, const char *deck, uint32_t gen,
    uint32_t pos, const char *to, const struct mp_share *sh)
{
	unsigned char b[MP_SHARE_BYTES];
	char t[SEALED_SHARE_B64 + 1];
	int n;

	mp_share_put(b, sh);
	sodium_bin2base64(t, sizeof t, b, sizeof b, B64);
	n = snprintf(out, outlen, "share %s %lu %lu %s %s", deck,
	    (unsigned long)gen, (unsigned long)pos, to, t);
	return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

int
sealed_format_open(char *out, size_t outlen, const char *deck, uint32_t gen,
    uint32_t pos, const struct mp_share *sh)
{
	unsigned char b[MP_SHARE_BYTES];
	char t[SEALED_SHARE_B64 + 1];
	int n;

	mp_share_put(b, sh);
	sodium_bin2base64(t, sizeof t, b, sizeof b, B64);
	n = snprintf(out, outlen, "open %s %lu %lu %s", deck,
	    (unsigned long)gen, (unsigned long)pos, t);
	return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

size_t
sealed_blob_bytes(unsigned n, unsigned w)
{
	return mp_deck_bytes(n, w) + mp_shuffle_proof_bytes(n, w);
}

unsigned
sealed_blob_lines(unsigned n, unsigned w)
{
	size_t t = b64_len(sealed_blob_bytes(n, w));

	return (unsigned)((t + SEALED_BLOB_LINE - 1) / SEALED_BLOB_LINE);
}

int
sealed_blob_line(char *line, size_t linelen, const struct mp_deck *out,
    const struct mp_shuffle_proof *pf, unsigned k)
{
	/* a base64 group is 3 bytes for 4 characters: 1000 = 250 groups */
	enum { BYTES_A_LINE = SEALED_BLOB_LINE / 4 * 3 };
	unsigned char b[(2 * MP_N_MAX * MP_W_MAX + 4 * MP_N_MAX + 4 +
	    MP_W_MAX) * MP_BYTES];
	size_t total = sealed_blob_bytes(out->n, out->w), off, len;

	if (k >= sealed_blob_lines(out->n, out->w) ||
	    linelen < SEALED_BLOB_LINE + 3)
		return -1;
	mp_deck_put(b, out);
	mp_shuffle_proof_put(b + mp_deck_bytes(out->n, out->w), pf);
	off = (size_t)k * BYTES_A_LINE;
	len = total - off < BYTES_A_LINE ? total - off : BYTES_A_LINE;
	line[0] = '|';
	line[1] = ' ';
	sodium_bin2base64(line + 2, linelen - 2, b + off, len, B64);
	return 0;
}

int
sealed_blob_parse(struct mp_deck *out, struct mp_shuffle_proof *pf,
    unsigned n, unsigned w, const char *const *lines, const size_t *lens,
    unsigned nlines, unsigned char hash[SEALED_HASH_BYTES], struct err *e)
{
	enum { BYTES_A_LINE = SEALED_BLOB_LINE / 4 * 3 };
	unsigned char b[(2 * MP_N_MAX * MP_W_MAX + 4 * MP_N_MAX + 4 +
	    MP_W_MAX) * MP_BYTES];
	size_t total, off = 0;
	int rc;

	if (n < 2 || n > MP_N_MAX || w < 1 || w > MP_W_MAX)
		return err_set(e, ERR_USAGE, "deck size out of range");
	total = sealed_blob_bytes(n, w);
	if (nlines != sealed_blob_lines(n, w))
		return err_set(e, ERR_DAMAGED, "a shuffle of %u cards carries "
		    "%u blob lines, not %u", n, sealed_blob_lines(n, w),
		    nlines);
	for (unsigned k = 0; k < nlines; k++) {
		size_t want = total - off < BYTES_A_LINE ? total - off :
		    BYTES_A_LINE, got;
		const char *last;

		if (lens[k] != 2 + b64_len(want) || lines[k][0] != '|' ||
		    lines[k][1] != ' ')
			return err_set(e, ERR_DAMAGED, "blob line %u is '| ' "
			    "and %zu characters of base64", k + 1,
			    b64_len(want));
		if (sodium_base642bin(b + off, want, lines[k] + 2, lens[k] - 2,
		    NULL, &got, &last, B64) != 0 || got != want ||
		    last != lines[k] + lens[k])
			return err_set(e, ERR_DAMAGED, "blob line %u is not "
			    "URL-safe base64 in its one spelling", k + 1);
		/* the unused low bits of the last character must be zero */
		{
			char t[SEALED_BLOB_LINE + 1];

			sodium_bin2base64(t, sizeof t, b + off, want, B64);
			if (memcmp(t, lines[k] + 2, lens[k] - 2) != 0)
				return err_set(e, ERR_DAMAGED, "blob line %u is "
				    "not URL-safe base64 in its one spelling",
				    k + 1);
		}
		off += want;
	}
	crypto_generichash(hash, SEALED_HASH_BYTES, b, total, NULL, 0);
	if ((rc = mp_deck_get(out, n, w, b, mp_deck_bytes(n, w), e)) != 0)
		return rc;
	return mp_shuffle_proof_get(pf, n, w, b + mp_deck_bytes(n, w),
	    mp_shuffle_proof_bytes(n, w), e);
}

int
sealed_format_await_deck(char *out, size_t outlen, const struct sealed_game *g,
    const struct sealed_deck *d)
{
	int n = snprintf(out, outlen, "sealed %s %lu n=%u:", d->name,
	    (unsigned long)d->gen, d->cur.n);

	for (unsigned r = 0; n >= 0 && (size_t)n < outlen && r < g->nseats;
	    r++)
		n += snprintf(out + n, outlen - (size_t)n, " %s",
		    g->seat[sealed_shuffler(g, r)]);
	return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

int
sealed_format_await_deal(char *out, size_t outlen, const struct sealed_game *g,
    const struct sealed_deck *d, int to, const unsigned *pos, unsigned npos)
{
	int n = snprintf(out, outlen, "deal %s %lu %s", d->name,
	    (unsigned long)d->gen, g->seat[to]);

	for (unsigned i = 0; n >= 0 && (size_t)n < outlen && i < npos; i++)
		n += snprintf(out + n, outlen - (size_t)n, "%c%u",
		    i == 0 ? ' ' : ',', pos[i]);
	if (n >= 0 && (size_t)n < outlen)
		n += snprintf(out + n, outlen - (size_t)n, ":");
	for (unsigned s = 0; n >= 0 && (size_t)n < outlen && s < g->nseats;
	    s++)
		if ((int)s != to)
			n += snprintf(out + n, outlen - (size_t)n, " %s",
			    g->seat[s]);
	return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

int
sealed_format_await_open(char *out, size_t outlen, const struct sealed_game *g,
    const struct sealed_deck *d, unsigned pos)
{
	int owner = d->pos[pos].owner, n;

	if (owner < 0)
		return -1;
	n = snprintf(out, outlen, "open %s %lu %u: %s", d->name,
	    (unsigned long)d->gen, pos, g->seat[owner]);
	return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

static size_t
b64_len(size_t bytes)
{
	return sodium_base64_ENCODED_LEN(bytes, B64) - 1;
}

/* "DECK GEN" and, with_pos, " POS"; leaves *p after the last word */
static int
parse_head(struct sealed_args *a, const char **p, const char *end,
    int with_pos, const char *form, struct err *e)
{
	const char *w;
	size_t wl;
	uint64_t v;

	memset(a, 0, sizeof *a);
	if (!next_word(p, end, &w, &wl) || !sealed_name_ok(w, wl))
		return err_set(e, ERR_DAMAGED, "%s; DECK is 1-31 of a-z, 0-9, "
		    "'-'", form);
	memcpy(a->deck, w, wl);
	a->deck[wl] = '\0';
	if (!next_word(p, end, &w, &wl) || num_u64(w, wl, 0, UINT32_MAX,
	    NUM_CANONICAL, &v) != 0)
		return err_set(e, ERR_DAMAGED, "%s; GEN is 0 to %lu, no "
		    "leading zero", form, (unsigned long)UINT32_MAX);
	a->gen = (uint32_t)v;
	if (!with_pos)
		return 0;
	if (!next_word(p, end, &w, &wl) || num_u64(w, wl, 0, MP_N_MAX - 1,
	    NUM_CANONICAL, &v) != 0)
		return err_set(e, ERR_DAMAGED, "%s; POS is 0 to %d, no "
		    "leading zero", form, MP_N_MAX - 1);
	a->pos = (uint32_t)v;
	return 0;
}

static int
parse_share_b64(struct mp_share *sh, const char *w, size_t wl,
    const char *what, struct err *e)
{
	unsigned char b[MP_SHARE_BYTES];
	char t[SEALED_SHARE_B64 + 1];
	size_t got;

	if (wl != SEALED_SHARE_B64 || sodium_base642bin(b, sizeof b, w, wl,
	    NULL, &got, NULL, B64) != 0 || got != sizeof b)
		return err_set(e, ERR_DAMAGED, "%s: the share is %d characters "
		    "of URL-safe base64", what, SEALED_SHARE_B64);
	sodium_bin2base64(t, sizeof t, b, sizeof b, B64);
	if (memcmp(t, w, wl) != 0)
		return err_set(e, ERR_DAMAGED, "%s: the share is not in its one "
		    "spelling", what);
	return mp_share_get(sh, b, sizeof b, e);
}

/* one word of printable ASCII, single spaces between words */
static int
next_word(const char **p, const char *end, const char **w, size_t *wl)
{
	const char *q = *p;

	if (q >= end)
		return 0;
	*w = q;
	while (q < end && *q != ' ')
		q++;
	*wl = (size_t)(q - *w);
	if (*wl == 0)
		return 0;
	*p = q < end ? q + 1 : q;
	return !(q < end && q + 1 == end);	/* no trailing space */
}

static size_t
put_name(unsigned char *p, const char *s)
{
	size_t n = strlen(s);

	if (n > 255)
		n = 255;
	p[0] = (unsigned char)n;
	memcpy(p + 1, s, n);
	return n + 1;
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}
