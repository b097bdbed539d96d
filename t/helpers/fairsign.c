/*
 * t/helpers/fairsign.c -- a test helper, not part of trigon: sign an
 * answer line of a format-2 save file as trigon-save(5) describes it,
 * from the page (block hash, answer message, answer key), so the tamper
 * tests can forge what a seat could sign itself:
 *
 *   fairsign [--main] KEYFILE FILE LINE BODY
 *
 * prints "@ SEAT BODY | BLOCK SIG" for an answer at line LINE of FILE
 * (LINE an answer line, or the line where the block's first answer
 * would stand), SEAT the key's seat, signed with its answer key (with
 * --main: the main key, as a join is).  "fairsign --chain KEYFILE
 * FILE - K" prints the key's seat's chain value c[K] (base64) instead;
 * "fairsign --end KEYFILE FILE SEQ" the end line after every byte of
 * FILE ("end SEQ SEAT SIG", signed with the answer key; --end-main:
 * with the main key, as in a game of open chance).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "fair.h"
#include "keys.h"

static char text[1 << 24];

int
main(int argc, char **argv)
{
	unsigned char *sk, pk[32], block[32], id[16], sig[64];
	unsigned char msg[FAIR_ANSWER_MSG_MAX];
	char hex[17], sigt[87], key[KEY_PUB_TEXT_MAX], seat[64] = "";
	static char *lines[100000];
	size_t len, mlen, nl = 0, off;
	struct fair_seat *fs = NULL;
	int main_key = 0, chain = 0, endl = 0;
	long line, start;
	FILE *f;
	struct err e;

	if (argc > 1 && strcmp(argv[1], "--main") == 0)
		main_key = 1, argc--, argv++;
	else if (argc > 1 && strcmp(argv[1], "--chain") == 0)
		chain = 1, argc--, argv++;
	else if (argc > 1 && strcmp(argv[1], "--end") == 0)
		endl = 1, argc--, argv++, argc++;	/* no LINE */
	else if (argc > 1 && strcmp(argv[1], "--end-main") == 0)
		endl = main_key = 1, argc--, argv++, argc++;
	if (argc != 5 || sodium_init() < 0)
		return 2;
	sk = sodium_malloc(64);
	if (keys_unlock(argv[1], NULL, sk, pk, &e) != 0) {
		fprintf(stderr, "fairsign: %s\n", e.msg);
		return 2;
	}
	if ((f = fopen(argv[2], "rb")) == NULL)
		return 2;
	len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	for (char *p = text; p < text + len && nl < 100000;) {
		char *q = strchr(p, '\n');

		lines[nl++] = p;
		if (q == NULL)
			break;
		p = q + 1;
	}
	if (nl < 3)
		return 2;
	/* game id (line 3), the key's seat (its player line) */
	if (sodium_hex2bin(id, 16, lines[2] + 5, 32, NULL, NULL, NULL) != 0)
		return 2;
	keys_pub_format(pk, key, sizeof key);
	for (size_t i = 0; i < nl; i++)
		if (strncmp(lines[i], "player ", 7) == 0) {
			char *end = strchr(lines[i], '\n');

			if (end - lines[i] > (long)strlen(key) &&
			    strncmp(end - strlen(key), key, strlen(key)) == 0)
				sscanf(lines[i] + 7, "%63s", seat);
		}
	if (seat[0] == '\0')
		return 2;
	if (fair_seat_new(&fs, sk, id, seat, FAIR_CHAIN_N, &e) != 0)
		return 2;
	if (chain) {
		unsigned char v[32];
		char b[FAIR_B64_LEN + 1];

		if (fair_seat_value(fs, (uint32_t)atol(argv[4]), v, &e) != 0)
			return 2;
		fair_b64(b, v);
		printf("%s\n", b);
		return 0;
	}
	if (endl) {
		/* "trigon-save 2 end" NUL, id, seq (8, BE), chain, seat */
		unsigned long long seq = strtoull(argv[3], NULL, 10);
		size_t n = 0;

		memcpy(msg, "trigon-save 2 end", 18);
		n = 18;
		memcpy(msg + n, id, 16);
		n += 16;
		for (int i = 7; i >= 0; i--)
			msg[n++] = (unsigned char)(seq >> (8 * i));
		crypto_generichash(msg + n, 32, (unsigned char *)text, len,
		    NULL, 0);
		n += 32;
		msg[n++] = (unsigned char)strlen(seat);
		memcpy(msg + n, seat, strlen(seat));
		n += strlen(seat);
		crypto_sign_detached(sig, NULL, msg, n, main_key ? sk :
		    fs->answer_sk);
		sodium_bin2base64(sigt, sizeof sigt, sig, 64,
		    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
		printf("end %llu %s %s\n", seq, seat, sigt);
		return 0;
	}
	/* the block: back from LINE over answer lines */
	line = atol(argv[3]);
	for (start = line; start > 1 && strncmp(lines[start - 2], "@ ", 2) == 0;
	    start--)
		;
	off = (size_t)(lines[start - 1] - text);
	crypto_generichash(block, 32, (unsigned char *)text, off, NULL, 0);
	mlen = fair_answer_message(msg, id, block, seat, strlen(seat),
	    argv[4], strlen(argv[4]), NULL);
	crypto_sign_detached(sig, NULL, msg, mlen, main_key ? sk :
	    fs->answer_sk);
	sodium_bin2hex(hex, sizeof hex, block, 8);
	sodium_bin2base64(sigt, sizeof sigt, sig, 64,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	printf("@ %s %s | %s %s\n", seat, argv[4], hex, sigt);
	fair_seat_free(fs);
	return 0;
}
