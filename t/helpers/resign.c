/*
 * t/helpers/resign.c -- a test helper, not part of trigon: re-sign one
 * line of a save file with a given key, written from trigon-save(5)
 * alone (not from lib/save.c), so the tests check the documented
 * format as well as forgeries:
 *
 *   resign FILE LINE KEYFILE > NEWFILE
 *
 * An action line "SEQ COLOR ACTION | CHAIN SIG" gets the chain of the
 * bytes before it and a new signature; an end line "end SEQ SIG" a new
 * signature (the action's label "trigon-save 2 action" in a format-2
 * file).  Signed with the right key, the result must verify;
 * signed with another player's key, verify must name the line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "keys.h"

static void
put64(unsigned char *p, unsigned long long v)
{
	for (int i = 7; i >= 0; i--)
		*p++ = (unsigned char)(v >> (8 * i));
}

int
main(int argc, char **argv)
{
	static char text[1 << 24];
	unsigned char *sk, pk[32], chain[32], id[16], sig[64], msg[2048];
	char hex[17], sigt[87], line[2048], *p, *l, *nl = NULL, *bar;
	size_t len, m = 0;
	long want;
	int n = 0;
	FILE *f;
	struct err e;
	crypto_generichash_state st;

	if (argc != 4 || sodium_init() < 0)
		return 2;
	want = atol(argv[2]);
	sk = sodium_malloc(64);
	if (keys_load_secret(argv[3], NULL, 0, sk, pk, &e) != 0) {
		fprintf(stderr, "resign: %s\n", e.msg);
		return 3;
	}
	if ((f = fopen(argv[1], "rb")) == NULL)
		return 3;
	len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	/* The game id from its header line. */
	p = strstr(text, "\ngame ");
	if (p == NULL)
		return 3;
	sodium_hex2bin(id, 16, p + 6, 32, NULL, NULL, NULL);
	crypto_generichash_init(&st, NULL, 0, 32);
	for (l = text; *l != '\0'; l = nl + 1) {
		nl = strchr(l, '\n');
		if (nl == NULL)
			return 3;
		if (++n == want)
			break;
		crypto_generichash_update(&st, (unsigned char *)l,
		    (size_t)(nl - l + 1));
	}
	if (n != want || nl == NULL)
		return 3;
	crypto_generichash_final(&st, chain, 32);
	snprintf(line, sizeof line, "%.*s", (int)(nl - l), l);
	if (strncmp(line, "end ", 4) == 0) {
		/* "trigon-save 1 end" NUL, id, seq, chain */
		memcpy(msg, "trigon-save 1 end", 18);
		m = 18;
		memcpy(msg + m, id, 16);
		m += 16;
		put64(msg + m, strtoull(line + 4, NULL, 10));
		m += 8;
		memcpy(msg + m, chain, 32);
		m += 32;
		crypto_sign_detached(sig, NULL, msg, m, sk);
		sodium_bin2base64(sigt, sizeof sigt, sig, 64,
		    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
		*strrchr(line, ' ') = '\0';
		printf("%.*s%s %s\n", (int)(l - text), text, line, sigt);
	} else {
		/* "trigon-save 1 action" NUL, id, seq, chain, color, action */
		char *sp1 = strchr(line, ' '), *sp2 = strchr(sp1 + 1, ' ');
		size_t clen = (size_t)(sp2 - sp1 - 1), alen;

		bar = line + strlen(line) - (3 + 16 + 1 + 86);
		alen = (size_t)(bar - sp2 - 1);
		/* format 2 (a fair file) signs "trigon-save 2 action" */
		memcpy(msg, strncmp(text, "trigon-save 2\n", 14) == 0 ?
		    "trigon-save 2 action" : "trigon-save 1 action", 21);
		m = 21;
		memcpy(msg + m, id, 16);
		m += 16;
		put64(msg + m, strtoull(line, NULL, 10));
		m += 8;
		memcpy(msg + m, chain, 32);
		m += 32;
		msg[m++] = (unsigned char)clen;
		memcpy(msg + m, sp1 + 1, clen);
		m += clen;
		msg[m++] = (unsigned char)(alen >> 8);
		msg[m++] = (unsigned char)alen;
		memcpy(msg + m, sp2 + 1, alen);
		m += alen;
		crypto_sign_detached(sig, NULL, msg, m, sk);
		sodium_bin2hex(hex, sizeof hex, chain, 8);
		sodium_bin2base64(sigt, sizeof sigt, sig, 64,
		    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
		*bar = '\0';
		printf("%.*s%s | %s %s\n", (int)(l - text), text, line, hex,
		    sigt);
	}
	fputs(nl + 1, stdout);
	sodium_free(sk);
	return 0;
}
