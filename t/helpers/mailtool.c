/*
 * t/helpers/mailtool.c -- a test helper, not part of trigon: what mail
 * systems and mail readers do to a message, done with GMime, so the
 * mail tests can check that trigon's armour survives it:
 *
 *   mailtool qp     < MAIL > MAIL   body re-encoded quoted-printable
 *   mailtool base64 < MAIL > MAIL   body re-encoded base64
 *   mailtool reply  < MAIL > MAIL   a reply quoting the body with "> ",
 *                                   sent quoted-printable
 *   mailtool armour < BYTES > TEXT  the bytes in trigon's armour (to
 *                                   build forged blocks)
 *   mailtool addresses < MAIL       each From and To mailbox as a mail
 *                                   reader decodes it, one a line:
 *                                   "From: [NAME] <ADDR>"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wundef"
#include <gmime/gmime.h>
#pragma GCC diagnostic pop

#include "mail.h"

static char *
slurp(size_t *len)
{
	char *p = NULL;
	size_t n = 0, cap = 0, r;

	do {
		if (cap - n < 4096) {
			cap = cap ? 2 * cap : 65536;
			if ((p = realloc(p, cap)) == NULL)
				exit(2);
		}
		r = fread(p + n, 1, cap - n, stdin);
		n += r;
	} while (r > 0);
	*len = n;
	return p;
}

static GMimeMessage *
parse(const char *buf, size_t len)
{
	GMimeStream *st = g_mime_stream_mem_new_with_buffer(buf, len);
	GMimeParser *p = g_mime_parser_new_with_stream(st);
	GMimeMessage *m = g_mime_parser_construct_message(p, NULL);

	g_object_unref(p);
	g_object_unref(st);
	if (m == NULL) {
		fprintf(stderr, "mailtool: not a message\n");
		exit(2);
	}
	return m;
}

static void
write_msg(GMimeMessage *m)
{
	char *s = g_mime_object_to_string(GMIME_OBJECT(m), NULL);

	fputs(s, stdout);
	g_free(s);
}

int
main(int argc, char **argv)
{
	size_t len;
	char *buf;

	if (argc != 2) {
		fprintf(stderr, "usage: mailtool qp|base64|reply|armour|addresses\n");
		return 2;
	}
	g_mime_init();
	buf = slurp(&len);
	if (strcmp(argv[1], "armour") == 0) {
		struct buf out = { 0 };

		if (mail_armour(&out, buf, len, NULL) != 0)
			return 2;
		fwrite(out.p, 1, out.len, stdout);
		buf_release(&out);
	} else if (strcmp(argv[1], "qp") == 0 ||
	    strcmp(argv[1], "base64") == 0) {
		GMimeMessage *m = parse(buf, len);
		GMimeObject *part = g_mime_message_get_mime_part(m);

		g_mime_part_set_content_encoding(GMIME_PART(part),
		    argv[1][0] == 'q' ? GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE :
		    GMIME_CONTENT_ENCODING_BASE64);
		write_msg(m);
		g_object_unref(m);
	} else if (strcmp(argv[1], "reply") == 0) {
		GMimeMessage *m = parse(buf, len), *r = g_mime_message_new(TRUE);
		GMimeObject *part = g_mime_message_get_mime_part(m);
		GMimeTextPart *tp;
		GString *body = g_string_new("Thanks, here is my answer.\n\n"
		    "On a day long ago, you wrote:\n");
		char *text = g_mime_text_part_get_text(GMIME_TEXT_PART(part));
		char *subj = g_strdup_printf("Re: %s",
		    g_mime_message_get_subject(m));

		for (char *l = text, *nl; l != NULL && *l != '\0'; l = nl) {
			nl = strchr(l, '\n');
			g_string_append(body, *l == '\n' ? ">" : "> ");
			g_string_append_len(body, l, nl ? nl - l : (long)strlen(l));
			g_string_append_c(body, '\n');
			if (nl != NULL)
				nl++;
		}
		g_mime_message_add_mailbox(r, GMIME_ADDRESS_TYPE_FROM, "Bob",
		    "bob@example.org");
		g_mime_message_add_mailbox(r, GMIME_ADDRESS_TYPE_TO, "Alice",
		    "alice@example.org");
		g_mime_message_set_subject(r, subj, "utf-8");
		tp = g_mime_text_part_new_with_subtype("plain");
		g_mime_text_part_set_text(tp, body->str);
		g_mime_part_set_content_encoding(GMIME_PART(tp),
		    GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
		g_mime_message_set_mime_part(r, GMIME_OBJECT(tp));
		write_msg(r);
		g_object_unref(tp);
		g_object_unref(r);
		g_object_unref(m);
		g_string_free(body, TRUE);
		g_free(text);
		g_free(subj);
	} else if (strcmp(argv[1], "addresses") == 0) {
		GMimeMessage *m = parse(buf, len);
		static const struct {
			const char *label;
			GMimeAddressType type;
		} f[] = {
			{ "From", GMIME_ADDRESS_TYPE_FROM },
			{ "To", GMIME_ADDRESS_TYPE_TO },
		};

		for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
			InternetAddressList *l = g_mime_message_get_addresses(m,
			    f[k].type);

			for (int i = 0; i < internet_address_list_length(l);
			    i++) {
				InternetAddress *a =
				    internet_address_list_get_address(l, i);
				const char *name = internet_address_get_name(a);

				printf("%s: [%s] <%s>\n", f[k].label,
				    name ? name : "",
				    INTERNET_ADDRESS_IS_MAILBOX(a) ?
				    internet_address_mailbox_get_addr(
				    INTERNET_ADDRESS_MAILBOX(a)) : "");
			}
		}
		g_object_unref(m);
	} else {
		fprintf(stderr, "mailtool: unknown mode '%s'\n", argv[1]);
		return 2;
	}
	free(buf);
	g_mime_shutdown();
	return 0;
}
