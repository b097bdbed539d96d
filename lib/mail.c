/*
 * mail.c -- turns by e-mail (see mail.h): the armour and its payload,
 * composing a message and reading messages with GMime, and applying a
 * block to a save file through atomic.h, with the pending area.  MIME,
 * quoted-printable, base64 transfer encoding, charsets and mbox
 * splitting are GMime's; this file only finds and decodes the armour.
 */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wundef"
#include <gmime/gmime.h>
#pragma GCC diagnostic pop

#include "atomic.h"
#include "buf.h"
#include "mail.h"
#include "num.h"
#include "savecheck.h"

/* The block header's numbers: canonical, at most 18 digits. */
#define NUM18 999999999999999999ULL

#define CHECK_BYTES 6
#define CHECK_CHARS 8		/* base64 of 6 bytes */
#define PENDING_SUFFIX ".pending"

static void protect_names(GMimeMessage *m, const char *field,
    GMimeAddressType type);
static void payload_hash(unsigned char out[CHECK_BYTES], const void *p,
    size_t n);

void
mail_init(void)
{
	g_mime_init();
}

void
mail_shutdown(void)
{
	g_mime_shutdown();
}

/* ---- the armour ---------------------------------------------------------- */

static void
payload_hash(unsigned char out[CHECK_BYTES], const void *p, size_t n)
{
	crypto_generichash(out, CHECK_BYTES, p, n, NULL, 0);
}

int
mail_armour(struct buf *out, const void *data, size_t len,
    struct err *e)
{
	size_t blen = sodium_base64_ENCODED_LEN(len,
	    sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
	unsigned char h[CHECK_BYTES];
	char chk[CHECK_CHARS + 2], *b64;
	size_t n;
	int rc = 0;

	if (len > MAIL_PAYLOAD_MAX)
		return err_set(e, ERR_USAGE, "too much to send by mail");
	if ((b64 = malloc(blen)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	sodium_bin2base64(b64, blen, data, len,
	    sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
	n = strlen(b64);
	payload_hash(h, data, len);
	sodium_bin2base64(chk, sizeof chk, h, CHECK_BYTES,
	    sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
	if (buf_add(out, MAIL_BEGIN "\n", sizeof MAIL_BEGIN) < 0)
		rc = -1;
	for (size_t i = 0; rc == 0 && i < n; i += MAIL_LINE) {
		size_t k = n - i < MAIL_LINE ? n - i : MAIL_LINE;

		if (buf_add(out, b64 + i, k) < 0 || buf_add(out, "\n", 1) < 0)
			rc = -1;
	}
	if (rc == 0 && (buf_add(out, "=", 1) < 0 ||
	    buf_add(out, chk, strlen(chk)) < 0 || buf_add(out, "\n", 1) < 0 ||
	    buf_add(out, MAIL_END "\n", sizeof MAIL_END) < 0))
		rc = -1;
	free(b64);
	if (rc != 0)
		return err_set(e, ERR_NOMEM, "out of memory");
	return 0;
}

static const char *
find(const char *p, const char *end, const char *needle)
{
	size_t n = strlen(needle);

	for (; (size_t)(end - p) >= n; p++)
		if (*p == needle[0] && memcmp(p, needle, n) == 0)
			return p;
	return NULL;
}

/* White space and quote marks, which re-wrapping and replies add. */
static int
is_gap(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '>' ||
	    c == '|';
}

/*
 * A marker "-----WORD TRIGON MOVES-----" in [p, end): its words may be
 * parted by any run of gaps (a re-wrapped or quoted marker line).
 * Returns where it starts; *after gets where it ends.
 */
static const char *
find_marker(const char *p, const char *end, const char *word,
    const char **after)
{
	const char *words[3] = { word, "TRIGON", "MOVES-----" };
	const char *s;

	for (; (s = find(p, end, "-----")) != NULL; p = s + 1) {
		const char *q = s + 5;
		int w;

		for (w = 0; w < 3; w++) {
			size_t n = strlen(words[w]);

			if (w > 0) {
				const char *g = q;

				while (q < end && is_gap((unsigned char)*q))
					q++;
				if (q == g)
					break;
			}
			if ((size_t)(end - q) < n || memcmp(q, words[w], n) != 0)
				break;
			q += n;
		}
		if (w == 3) {
			*after = q;
			return s;
		}
	}
	return NULL;
}

static int
is_b64(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '+' || c == '/';
}

/* Decode one block's inside [p, end) into a malloc'ed payload. */
static int
decode_block(const char *p, const char *end, unsigned char **out,
    size_t *outlen, struct err *e)
{
	char *data, chk[CHECK_CHARS + 1];
	size_t nd = 0, nc = 0, binlen;
	unsigned char *bin, h[CHECK_BYTES], want[CHECK_BYTES];
	int in_check = 0;

	*out = NULL;
	if ((data = malloc((size_t)(end - p) + 1)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	for (; p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (is_b64(c)) {
			if (!in_check)
				data[nd++] = (char)c;
			else if (nc < CHECK_CHARS)
				chk[nc++] = (char)c;
			else
				goto toolong;
		} else if (c == '=') {
			if (in_check) {
				free(data);
				return err_set(e, ERR_DAMAGED, "two checksums in "
				    "the armoured block");
			}
			in_check = 1;
		} else if (is_gap(c)) {
			continue;
		} else {
			free(data);
			return err_set(e, ERR_DAMAGED, "unexpected character "
			    "'%c' (0x%02x) in the armoured block", c >= 0x20 &&
			    c < 0x7f ? c : '?', c);
		}
	}
	if (!in_check || nc != CHECK_CHARS) {
		free(data);
		return err_set(e, ERR_DAMAGED, "the armoured block has no "
		    "checksum line ('=' and %d characters)", CHECK_CHARS);
	}
	chk[nc] = '\0';
	data[nd] = '\0';
	if ((bin = malloc(nd * 3 / 4 + 1)) == NULL) {
		free(data);
		return err_set(e, ERR_NOMEM, "out of memory");
	}
	if (sodium_base642bin(bin, nd * 3 / 4 + 1, data, nd, NULL, &binlen,
	    NULL, sodium_base64_VARIANT_ORIGINAL_NO_PADDING) != 0 ||
	    sodium_base642bin(want, sizeof want, chk, nc, NULL, NULL, NULL,
	    sodium_base64_VARIANT_ORIGINAL_NO_PADDING) != 0) {
		free(data);
		free(bin);
		return err_set(e, ERR_DAMAGED, "the armoured block is not "
		    "valid base64 (cut short or altered?)");
	}
	free(data);
	payload_hash(h, bin, binlen);
	if (sodium_memcmp(h, want, CHECK_BYTES) != 0) {
		free(bin);
		return err_set(e, ERR_DAMAGED, "the armoured block's checksum "
		    "does not match: it was altered on the way");
	}
	*out = bin;
	*outlen = binlen;
	return 0;
toolong:
	free(data);
	return err_set(e, ERR_DAMAGED, "text after the checksum in the "
	    "armoured block");
}

int
mail_dearmour(const char *text, size_t len, mail_block_fn fn, void *ctx)
{
	const char *p = text, *end = text + len, *b, *q, *qe;
	int n = 0;

	while (find_marker(p, end, "BEGIN", &b) != NULL) {
		unsigned char *payload = NULL;
		size_t plen = 0;
		struct err e;
		int stop;

		err_clear(&e);
		n++;
		if ((q = find_marker(b, end, "END", &qe)) == NULL) {
			err_set(&e, ERR_DAMAGED, "the armoured block has no "
			    "'%s' line (is the message cut short?)", MAIL_END);
			fn(ctx, NULL, 0, &e);
			break;
		}
		if (decode_block(b, q, &payload, &plen, &e) != 0)
			stop = fn(ctx, NULL, 0, &e);
		else
			stop = fn(ctx, payload, plen, NULL);
		if (stop)
			break;
		p = qe;
	}
	return n;
}

/* ---- the payload ---------------------------------------------------------- */

int
mail_block_build(struct buf *out, const struct save *s,
    const char *file, size_t filelen, size_t base, uint64_t after,
    struct err *e)
{
	char id[2 * SAVE_GAME_ID_BYTES + 1], hex[65], head[512];
	unsigned char h[32];
	int n;

	if (base > filelen)
		return err_set(e, ERR_USAGE, "bad base");
	crypto_generichash(h, sizeof h, (const unsigned char *)file, base,
	    NULL, 0);
	sodium_bin2hex(id, sizeof id, s->hdr.game_id, SAVE_GAME_ID_BYTES);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	n = snprintf(head, sizeof head, "trigon-moves 1\ngame %s\nbase %zu "
	    "%s\nafter %llu\nlength %zu\n\n", id, base, hex,
	    (unsigned long long)after, filelen - base);
	if (buf_add(out, head, (size_t)n) < 0 ||
	    buf_add(out, file + base, filelen - base) < 0)
		return err_set(e, ERR_NOMEM, "out of memory");
	return 0;
}

/* The value of "KEY VALUE\n" at *p, advancing *p. */
static const char *
field(const char **p, const char *end, const char *key, size_t *vlen)
{
	size_t k = strlen(key);
	const char *nl;

	if ((size_t)(end - *p) <= k + 1 || memcmp(*p, key, k) != 0 ||
	    (*p)[k] != ' ')
		return NULL;
	if ((nl = memchr(*p, '\n', (size_t)(end - *p))) == NULL)
		return NULL;
	*vlen = (size_t)(nl - (*p + k + 1));
	nl = *p + k + 1;
	*p = nl + *vlen + 1;
	return nl;
}

int
mail_block_parse(struct mail_block *b, const unsigned char *payload,
    size_t len, struct err *e)
{
	const char *p = (const char *)payload, *end = p + len, *v, *sp;
	static const char magic[] = "trigon-moves 1\n";
	uint64_t base, after, length;
	size_t n;

	memset(b, 0, sizeof *b);
	if (len < sizeof magic - 1 || memcmp(p, magic, sizeof magic - 1) != 0)
		return err_set(e, ERR_DAMAGED, "the block is not 'trigon-moves "
		    "1' (made by a newer trigon?)");
	p += sizeof magic - 1;
	if ((v = field(&p, end, "game", &n)) == NULL ||
	    n != 2 * SAVE_GAME_ID_BYTES ||
	    sodium_hex2bin(b->game_id, sizeof b->game_id, v, n, NULL, NULL,
	    NULL) != 0)
		return err_set(e, ERR_DAMAGED, "the block has no valid 'game' "
		    "line");
	if ((v = field(&p, end, "base", &n)) == NULL ||
	    (sp = memchr(v, ' ', n)) == NULL ||
	    num_u64(v, (size_t)(sp - v), 0, NUM18, NUM_CANONICAL, &base) != 0 ||
	    (size_t)(v + n - sp - 1) != 64 ||
	    sodium_hex2bin(b->base_hash, 32, sp + 1, 64, NULL, NULL, NULL) != 0)
		return err_set(e, ERR_DAMAGED, "the block has no valid 'base' "
		    "line");
	if ((v = field(&p, end, "after", &n)) == NULL ||
	    num_u64(v, n, 0, NUM18, NUM_CANONICAL, &after) != 0)
		return err_set(e, ERR_DAMAGED, "the block has no valid 'after' "
		    "line");
	if ((v = field(&p, end, "length", &n)) == NULL ||
	    num_u64(v, n, 0, NUM18, NUM_CANONICAL, &length) != 0)
		return err_set(e, ERR_DAMAGED, "the block has no valid 'length' "
		    "line");
	if (p >= end || *p != '\n')
		return err_set(e, ERR_DAMAGED, "the block's header does not "
		    "end with an empty line");
	p++;
	if ((uint64_t)(end - p) != length)
		return err_set(e, ERR_DAMAGED, "the block carries %zu bytes, "
		    "not the %llu it announces", (size_t)(end - p),
		    (unsigned long long)length);
	if (base > SIZE_MAX / 2)
		return err_set(e, ERR_DAMAGED, "the block's base is too large");
	b->base = (size_t)base;
	b->after = after;
	b->data = p;
	b->len = (size_t)length;
	return 0;
}

void
mail_default_since(const struct savecheck_map *m, int me, uint64_t *since)
{
	size_t k, j;

	*since = 0;
	if (m->n == 0)
		return;
	for (k = m->n; k > 0 && m->a[k - 1].seat != me; k--)
		;
	if (k == 0)
		return;		/* me has not moved: the whole file */
	for (j = k - 1; j > 0 && m->a[j - 1].seat == me; j--)
		;
	if (j > 0)
		*since = m->a[j - 1].seq;
}

int
mail_base_of(const struct savecheck_map *m, uint64_t since, size_t *base)
{
	if (since == 0) {
		*base = 0;
		return 0;
	}
	if (since > m->n || m->a[since - 1].seq != since)
		return -1;
	*base = m->a[since - 1].end;
	return 0;
}

/* ---- composing and reading messages --------------------------------------- */

/*
 * The body tp and c's attachment as the multipart/mixed body of m, with
 * a boundary from a hash of the Message-ID ("=_" never occurs in base64
 * or quoted-printable text).
 */
static void
attach(GMimeMessage *m, GMimeTextPart *tp, const struct mail_compose *c)
{
	GMimeMultipart *mp = g_mime_multipart_new_with_subtype("mixed");
	GMimeContentType *ct;
	GMimeStream *st;
	GMimeDataWrapper *dw;
	GMimePart *part;
	unsigned char h[8];
	char boundary[40], type[64];
	const char *slash;

	crypto_generichash(h, sizeof h, (const unsigned char *)c->msgid,
	    strlen(c->msgid), NULL, 0);
	snprintf(boundary, sizeof boundary, "=_trigon_%02x%02x%02x%02x%02x"
	    "%02x%02x%02x", h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]);
	g_mime_multipart_set_boundary(mp, boundary);
	g_mime_multipart_add(mp, GMIME_OBJECT(tp));
	snprintf(type, sizeof type, "%s", c->attach_type);
	slash = strchr(type, '/');
	if (slash != NULL)
		type[slash - type] = '\0';
	part = g_mime_part_new_with_type(type, slash ? slash + 1 :
	    "octet-stream");
	ct = g_mime_object_get_content_type(GMIME_OBJECT(part));
	g_mime_content_type_set_parameter(ct, "name", c->attach_name);
	g_mime_object_set_disposition(GMIME_OBJECT(part), "attachment");
	g_mime_part_set_filename(part, c->attach_name);
	st = g_mime_stream_mem_new_with_buffer(c->attach, c->attach_len);
	dw = g_mime_data_wrapper_new_with_stream(st,
	    GMIME_CONTENT_ENCODING_DEFAULT);
	g_mime_part_set_content(part, dw);
	g_mime_part_set_content_encoding(part, GMIME_CONTENT_ENCODING_BASE64);
	g_mime_multipart_add(mp, GMIME_OBJECT(part));
	g_mime_message_set_mime_part(m, GMIME_OBJECT(mp));
	g_object_unref(dw);
	g_object_unref(st);
	g_object_unref(part);
	g_object_unref(mp);
}

int
mail_compose(char **out, const struct mail_compose *c, struct err *e)
{
	GMimeMessage *m;
	GMimeTextPart *tp;
	GDateTime *dt;
	char *s;

	*out = NULL;
	if ((m = g_mime_message_new(TRUE)) == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_FROM, c->from_name,
	    c->from_addr);
	for (int i = 0; i < c->nto; i++)
		g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_TO,
		    c->to_name[i], c->to_addr[i]);
	protect_names(m, "From", GMIME_ADDRESS_TYPE_FROM);
	protect_names(m, "To", GMIME_ADDRESS_TYPE_TO);
	g_mime_message_set_subject(m, c->subject, "utf-8");
	dt = g_date_time_new_from_unix_utc((gint64)c->date);
	g_mime_message_set_date(m, dt);
	g_date_time_unref(dt);
	g_mime_message_set_message_id(m, c->msgid);
	tp = g_mime_text_part_new_with_subtype("plain");
	g_mime_text_part_set_text(tp, c->text);
	if (c->attach == NULL)
		g_mime_message_set_mime_part(m, GMIME_OBJECT(tp));
	else
		attach(m, tp, c);
	g_object_unref(tp);
	g_mime_object_encode(GMIME_OBJECT(m), GMIME_ENCODING_CONSTRAINT_7BIT);
	s = g_mime_object_to_string(GMIME_OBJECT(m), NULL);
	g_object_unref(m);
	if (s == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	*out = strdup(s);
	g_free(s);
	if (*out == NULL)
		return err_set(e, ERR_NOMEM, "out of memory");
	return 0;
}

/* Append name as RFC 2047 encoded words ("B", UTF-8), each at most 75
 * characters and holding whole characters, folded between words. */
static void
encode_words(GString *v, const char *name)
{
	size_t len = strlen(name), i = 0;

	while (i < len) {
		size_t n = len - i < 45 ? len - i : 45;
		gchar *b;

		/* Do not split a UTF-8 sequence between two words. */
		while (n > 1 && i + n < len &&
		    ((unsigned char)name[i + n] & 0xc0) == 0x80)
			n--;
		b = g_base64_encode((const guchar *)name + i, n);
		g_string_append_printf(v, "%s=?utf-8?b?%s?=", i ? "\n " : "",
		    b);
		g_free(b);
		i += n;
	}
}

/*
 * A display name holding "=?" would be read by mail readers as RFC 2047
 * encoded words -- "Eve =?utf-8?q?Mallory?=" shown as "Eve Mallory" --
 * but GMime writes such an ASCII phrase as it is.  When a name of the
 * field has one, the field is written here: those names wholly as
 * encoded words (which every reader decodes to the literal name), the
 * others as GMime encodes them.
 */
static void
protect_names(GMimeMessage *m, const char *field, GMimeAddressType type)
{
	InternetAddressList *l = g_mime_message_get_addresses(m, type);
	int n = internet_address_list_length(l), need = 0;
	GMimeHeader *h;
	GString *v;

	for (int i = 0; i < n; i++) {
		const char *name = internet_address_get_name(
		    internet_address_list_get_address(l, i));

		if (name != NULL && strstr(name, "=?") != NULL)
			need = 1;
	}
	h = g_mime_header_list_get_header(g_mime_object_get_header_list(
	    GMIME_OBJECT(m)), field);
	if (!need || h == NULL)
		return;
	v = g_string_new("");
	for (int i = 0; i < n; i++) {
		InternetAddress *a = internet_address_list_get_address(l, i);
		const char *name = internet_address_get_name(a);

		g_string_append(v, i ? ",\n " : " ");
		if (name != NULL && strstr(name, "=?") != NULL &&
		    INTERNET_ADDRESS_IS_MAILBOX(a)) {
			encode_words(v, name);
			g_string_append_printf(v, "\n <%s>",
			    internet_address_mailbox_get_idn_addr(
			    INTERNET_ADDRESS_MAILBOX(a)));
		} else {
			char *t = internet_address_to_string(a, NULL, TRUE);

			g_string_append(v, t);
			g_free(t);
		}
	}
	g_string_append_c(v, '\n');
	g_mime_header_set_raw_value(h, v->str);
	g_string_free(v, TRUE);
}

struct walk {
	mail_text_fn fn;
	void *ctx;
	int msgno;
	const char *subject;
	int stop;
};

static void walk_part(GMimeObject *parent, GMimeObject *part, gpointer data);

static void
walk_message(GMimeMessage *msg, struct walk *w)
{
	g_mime_message_foreach(msg, walk_part, w);
}

static void
walk_part(GMimeObject *parent, GMimeObject *part, gpointer data)
{
	struct walk *w = data;
	GMimeContentType *ct;
	char *text;

	(void)parent;
	if (w->stop)
		return;
	if (GMIME_IS_MESSAGE_PART(part)) {
		GMimeMessage *inner = g_mime_message_part_get_message(
		    GMIME_MESSAGE_PART(part));

		if (inner != NULL)
			walk_message(inner, w);
		return;
	}
	if (!GMIME_IS_TEXT_PART(part))
		return;
	ct = g_mime_object_get_content_type(part);
	if (ct != NULL && !g_mime_content_type_is_type(ct, "text", "plain"))
		return;
	text = g_mime_text_part_get_text(GMIME_TEXT_PART(part));
	if (text == NULL)
		return;
	if (w->fn(w->ctx, w->msgno, w->subject, text, strlen(text)) != 0)
		w->stop = 1;
	g_free(text);
}

int
mail_read_buf(const char *buf, size_t len, const char *name,
    mail_text_fn fn, void *ctx, struct err *e)
{
	GMimeStream *st;
	GMimeParser *parser;
	struct walk w;
	int mbox = len >= 5 && memcmp(buf, "From ", 5) == 0;

	memset(&w, 0, sizeof w);
	w.fn = fn;
	w.ctx = ctx;
	st = g_mime_stream_mem_new_with_buffer(buf, len);
	parser = g_mime_parser_new_with_stream(st);
	g_object_unref(st);
	g_mime_parser_set_format(parser, mbox ? GMIME_FORMAT_MBOX :
	    GMIME_FORMAT_MESSAGE);
	for (;;) {
		GMimeMessage *msg = g_mime_parser_construct_message(parser,
		    NULL);

		if (msg == NULL)
			break;
		w.msgno++;
		w.subject = g_mime_message_get_subject(msg);
		walk_message(msg, &w);
		g_object_unref(msg);
		if (w.stop || !mbox || g_mime_parser_eos(parser))
			break;
	}
	g_object_unref(parser);
	if (w.msgno == 0)
		return err_set(e, ERR_DAMAGED, "'%s' holds no mail message",
		    name);
	return 0;
}

int
mail_read_fd(int fd, const char *name, mail_text_fn fn, void *ctx,
    struct err *e)
{
	struct buf b = BUF_INIT;
	int rc;

	if ((rc = buf_read_fd(&b, fd, 256u * 1024 * 1024, name, e)) == 0)
		rc = mail_read_buf(b.p, b.len, name, fn, ctx, e);
	buf_release(&b);
	return rc;
}

/* ---- applying -------------------------------------------------------------- */

static int
store_pending(const char *path, const struct mail_block *b,
    struct mail_apply_result *r, struct err *e)
{
	char dir[900], hex[17], head[512];
	struct atomic_file a;
	mode_t um = umask(022);
	int n, rc;

	umask(um);
	if ((size_t)snprintf(dir, sizeof dir, "%s" PENDING_SUFFIX, path) >=
	    sizeof dir)
		return err_set(e, ERR_USAGE, "file name too long");
	if (mkdir(dir, 0777 & ~um) != 0 && errno != EEXIST)
		return err_set(e, ERR_IO, "cannot create '%s': %s", dir,
		    strerror(errno));
	sodium_bin2hex(hex, sizeof hex, b->base_hash, 8);
	snprintf(r->pending, sizeof r->pending, "%s/%zu-%s.moves", dir,
	    b->base, hex);
	if (access(r->pending, F_OK) == 0) {
		r->what = MAIL_HELD_AGAIN;
		return 0;
	}
	{
		char id[2 * SAVE_GAME_ID_BYTES + 1], hh[65];

		sodium_bin2hex(id, sizeof id, b->game_id, SAVE_GAME_ID_BYTES);
		sodium_bin2hex(hh, sizeof hh, b->base_hash, 32);
		n = snprintf(head, sizeof head, "trigon-moves 1\ngame %s\n"
		    "base %zu %s\nafter %llu\nlength %zu\n\n", id, b->base,
		    hh, (unsigned long long)b->after, b->len);
	}
	if ((rc = atomic_begin(&a, r->pending, 0666 & ~um, e)) != 0)
		return rc;
	if ((rc = atomic_write(&a, head, (size_t)n, e)) != 0 ||
	    (rc = atomic_write(&a, b->data, b->len, e)) != 0)
		return rc;
	if ((rc = atomic_commit(&a, 0, -1, 0, e)) != 0) {
		if (rc == ERR_REFUSED) {	/* stored meanwhile */
			r->what = MAIL_HELD_AGAIN;
			return 0;
		}
		return rc;
	}
	r->what = MAIL_HELD;
	return 0;
}

static int
create_file(const char *path, const struct mail_block *b,
    struct mail_apply_result *r, struct err *e)
{
	struct atomic_file a;
	struct save s;
	mode_t um = umask(022);
	int rc;

	umask(um);
	rc = savecheck_verify(&s, path, b->data, b->len, e);
	if (rc == 0 && sodium_memcmp(s.hdr.game_id, b->game_id,
	    SAVE_GAME_ID_BYTES) != 0)
		rc = err_set(e, ERR_REFUSED, "the block's game id is not the "
		    "one in the file it carries");
	r->after = s.nactions;
	save_release(&s);
	if (rc != 0)
		return rc;
	if ((rc = atomic_begin(&a, path, 0666 & ~um, e)) != 0 ||
	    (rc = atomic_write(&a, b->data, b->len, e)) != 0 ||
	    (rc = atomic_commit(&a, 0, -1, 0, e)) != 0)
		return rc;
	r->what = MAIL_CREATED;
	return 0;
}

int
mail_apply(const char *path, const struct mail_block *b, int hold,
    struct mail_apply_result *r, struct err *e)
{
	return mail_apply_key(path, b, hold, NULL, r, e);
}

/*
 * Format 2: the mail's copy and ours hold the same game up to an open
 * block (save_merge): ours, theirs, or the union of the two blocks'
 * answers, signed with sk.  *done = 1 when it decided (r->what set,
 * *res the bytes to write or NULL for none).
 */
static int
merge_fair(struct save *s, const char *path, const char *cur,
    size_t curlen, const char *neu, size_t neulen, const unsigned char *sk,
    struct mail_apply_result *r, struct buf *res, struct err *e)
{
	int what, dropped, final, rc;

	if ((rc = savecheck_one_delivery(path, cur, curlen, neu, neulen,
	    e)) != 0)
		return rc;
	/* A move after a final forfeit is late: a copy that went on
	 * without the forfeit may not replace ours (trigon-save(5),
	 * Deadlines and forfeit). */
	final = save_forfeit(s, NULL, 0) >= 0 &&
	    save_forfeit_disputable(s) == 0;
	rc = save_merge(s, cur, curlen, neu, neulen, sk, res, &what,
	    &dropped, e);
	if (rc != 0)
		return rc;
	if (what == SAVE_MERGE_THEIRS && dropped > 0 && final) {
		buf_release(res);
		r->resend = 1;
		return savecheck_refuse_drop(path, cur, curlen, neu, neulen,
		    e);
	}
	if (what == SAVE_MERGE_SAME) {
		r->what = MAIL_ALREADY;
		return 0;
	}
	if (what == SAVE_MERGE_UNION && res->len == 0)
		return err_set(e, ERR_REFUSED, "the mail's answers and those "
		    "in '%s' must be merged, which needs your key (--key); "
		    "nothing was written", path);
	r->what = MAIL_APPLIED;
	r->after = s->nactions;
	return 0;
}

int
mail_apply_key(const char *path, const struct mail_block *b, int hold,
    const unsigned char *sk, struct mail_apply_result *r, struct err *e)
{
	char *cur = NULL, *neu = NULL;
	size_t curlen, body, neulen, i;
	unsigned char h[32];
	struct stat sb;
	struct save s;
	int fd = -1, oerr = 0, rc;

	memset(r, 0, sizeof *r);
	r->block_after = b->after;
	save_init(&s, path);
	if (atomic_lock_open(&fd, path, &oerr, e) != 0) {
		if (oerr != ENOENT)
			return ERR_IO;
		err_clear(e);
		if (b->base == 0)
			return create_file(path, b, r, e);
		if (!hold) {
			r->what = MAIL_HELD;
			return 0;
		}
		return store_pending(path, b, r, e);
	}
	{
		struct buf cb = BUF_INIT;

		if ((rc = buf_read_fd(&cb, fd, SIZE_MAX / 4, path, e)) != 0)
			goto out;
		cur = cb.p;
		curlen = cb.len;
	}
	if ((rc = savecheck_verify(&s, path, cur, curlen, e)) != 0)
		goto out;
	r->before = r->after = s.nactions;
	if (sodium_memcmp(s.hdr.game_id, b->game_id, SAVE_GAME_ID_BYTES) != 0) {
		char a[13], c[13];

		sodium_bin2hex(a, sizeof a, b->game_id, 6);
		sodium_bin2hex(c, sizeof c, s.hdr.game_id, 6);
		rc = err_set(e, ERR_REFUSED, "this mail is for game %s..., "
		    "not for the game of '%s' (%s...); nothing was written", a,
		    path, c);
		goto out;
	}
	body = savecheck_body_len(cur, curlen);
	if (b->base > body) {
		if (!hold)
			r->what = MAIL_HELD;
		else
			rc = store_pending(path, b, r, e);
		goto out;
	}
	crypto_generichash(h, sizeof h, (const unsigned char *)cur, b->base,
	    NULL, 0);
	if (sodium_memcmp(h, b->base_hash, 32) != 0) {
		rc = err_set(e, ERR_REFUSED, "this mail follows a different "
		    "history than '%s' (the first %zu bytes it builds on "
		    "differ); nothing was written", path, b->base);
		goto out;
	}
	neulen = b->base + b->len;
	if ((neu = malloc(neulen + 1)) == NULL) {
		rc = err_set(e, ERR_NOMEM, "out of memory");
		goto out;
	}
	memcpy(neu, cur, b->base);
	memcpy(neu + b->base, b->data, b->len);
	/* Format 2 (fair chance, or open with a deadline): blocks. */
	if (s.hdr.version == SAVE_VERSION_FAIR) {
		struct buf res = BUF_INIT;

		rc = merge_fair(&s, path, cur, curlen, neu, neulen, sk, r,
		    &res, e);
		if (rc == 0 && res.len > 0) {
			struct atomic_file a;

			if (fstat(fd, &sb) != 0)
				rc = err_set(e, ERR_IO, "cannot stat '%s': %s",
				    path, strerror(errno));
			else if ((rc = atomic_begin(&a, path, sb.st_mode &
			    07777, e)) == 0 && (rc = atomic_write(&a, res.p,
			    res.len, e)) == 0)
				rc = atomic_commit(&a, 1, fd, (off_t)curlen, e);
		}
		buf_release(&res);
		goto out;
	}
	/* Nothing new: the mail's body is already a prefix of ours. */
	{
		size_t nb = savecheck_body_len(neu, neulen);

		if (nb <= body && memcmp(neu, cur, nb) == 0) {
			r->what = MAIL_ALREADY;
			goto out;
		}
	}
	for (i = 0; i < body && i < neulen && neu[i] == cur[i]; i++)
		;
	if (i < body) {
		rc = err_at(e, ERR_REFUSED, path,
		    savecheck_line_of(neu, neulen, i), "the mail's moves "
		    "differ from those in '%s' from this line on: it does not "
		    "follow the same history; nothing was written", path);
		goto out;
	}
	save_release(&s);
	if ((rc = savecheck_verify(&s, path, neu, neulen, e)) != 0) {
		if (e != NULL) {
			static const char note[] = " (in the mail's lines; "
			    "nothing was written)";
			size_t l = strlen(e->msg);

			if (l + sizeof note <= sizeof e->msg)
				memcpy(e->msg + l, note, sizeof note);
			if (e->code == ERR_DAMAGED)
				e->code = rc = ERR_REFUSED;
		}
		goto out;
	}
	r->after = s.nactions;
	if (fstat(fd, &sb) != 0) {
		rc = err_set(e, ERR_IO, "cannot stat '%s': %s", path,
		    strerror(errno));
		goto out;
	}
	{
		struct atomic_file a;

		if ((rc = atomic_begin(&a, path, sb.st_mode & 07777, e)) != 0 ||
		    (rc = atomic_write(&a, neu, neulen, e)) != 0 ||
		    (rc = atomic_commit(&a, 1, fd, (off_t)curlen, e)) != 0)
			goto out;
	}
	r->what = MAIL_APPLIED;
out:
	free(cur);
	free(neu);
	save_release(&s);
	if (fd >= 0)
		close(fd);
	return rc;
}

int
mail_pending_run(const char *path, mail_pending_fn fn, void *ctx,
    struct err *e)
{
	return mail_pending_run_key(path, NULL, fn, ctx, e);
}

int
mail_pending_run_key(const char *path, const unsigned char *sk,
    mail_pending_fn fn, void *ctx, struct err *e)
{
	char dir[1024], file[2048];
	int progress;

	if ((size_t)snprintf(dir, sizeof dir, "%s" PENDING_SUFFIX, path) >=
	    sizeof dir)
		return err_set(e, ERR_USAGE, "file name too long");
	do {
		DIR *d = opendir(dir);
		struct dirent *de;

		progress = 0;
		if (d == NULL)
			return 0;
		while ((de = readdir(d)) != NULL) {
			struct mail_apply_result r;
			struct mail_block b;
			struct err pe;
			struct buf pb = BUF_INIT;
			size_t n = strlen(de->d_name);
			int fd, rc;

			if (n < 7 || strcmp(de->d_name + n - 6, ".moves") != 0)
				continue;
			snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
			err_clear(&pe);
			if ((fd = open(file, O_RDONLY | O_CLOEXEC)) < 0)
				continue;
			rc = buf_read_fd(&pb, fd, MAIL_PAYLOAD_MAX, file, &pe);
			close(fd);
			if (rc != 0) {
				buf_release(&pb);
				continue;
			}
			memset(&r, 0, sizeof r);
			rc = mail_block_parse(&b, (unsigned char *)pb.p, pb.len,
			    &pe);
			if (rc == 0)
				rc = mail_apply_key(path, &b, 0, sk, &r, &pe);
			buf_release(&pb);
			if (rc == 0 && r.what == MAIL_HELD)
				continue;
			if (rc == ERR_IO || rc == ERR_NOMEM || rc == ERR_CHANGED) {
				closedir(d);
				*e = pe;
				return rc;
			}
			unlink(file);
			progress = 1;
			fn(ctx, file, &r, rc == 0 ? NULL : &pe);
		}
		closedir(d);
	} while (progress);
	rmdir(dir);		/* when empty */
	return 0;
}
