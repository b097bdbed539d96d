/*
 * bench/sigfloor.c -- the floor trigon verify is measured against: the
 * time libsodium alone needs to check the Ed25519 signatures of a save
 * file.  Not part of trigon.
 *
 *   sigfloor FILE
 *
 * Reads FILE and builds every signed message as trigon-save(5) says
 * (untimed; format 2 too: its answer lines, checked with the answer key
 * of the seat's join or, for the join, the main key, and end lines,
 * which the main or the answer key may sign: the other is tried when
 * the first fails, as verify does), then checks all the signatures in verify_all() and prints
 * "SIGNATURES SECONDS CPU-SECONDS" (wall and CPU time of the checks).  Under callgrind, --toggle-collect=verify_all
 * counts the instructions of the checks alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

struct item {
	unsigned char sig[64];
	const unsigned char *pk;
	const unsigned char *pk2;	/* tried when pk fails, or NULL */
	unsigned char msg[1400];
	size_t len;
};

static unsigned char keys[8][32], akeys[8][32];
static char colors[8][32];
static int nkeys;

int verify_all(const struct item *it, size_t n);

/* Not inlined, so callgrind can count it alone. */
__attribute__((noinline)) int
verify_all(const struct item *it, size_t n)
{
	int bad = 0;

	for (size_t i = 0; i < n; i++)
		bad += crypto_sign_verify_detached(it[i].sig, it[i].msg,
		    it[i].len, it[i].pk) != 0 && (it[i].pk2 == NULL ||
		    crypto_sign_verify_detached(it[i].sig, it[i].msg,
		    it[i].len, it[i].pk2) != 0);
	return bad;
}

static void
put64(unsigned char *p, unsigned long long v)
{
	for (int i = 7; i >= 0; i--)
		*p++ = (unsigned char)(v >> (8 * i));
}

int
main(int argc, char **argv)
{
	static char text[1 << 26];
	struct item *it;
	size_t len, n = 0, cap = 1024;
	unsigned char id[16], chain[32];
	crypto_generichash_state st;
	char *l, *nl;
	int last = 0, bad, fmt2 = 0, in_block = 0;
	unsigned char block[32];
	struct timespec t0, t1, c0, c1;
	FILE *f;

	if (argc != 2 || sodium_init() < 0 || (f = fopen(argv[1], "rb")) == NULL)
		return 2;
	len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	it = malloc(cap * sizeof *it);
	crypto_generichash_init(&st, NULL, 0, 32);
	for (l = text; *l != '\0'; l = nl + 1) {
		if ((nl = strchr(l, '\n')) == NULL)
			return 3;
		*nl = '\0';
		if (strcmp(l, "trigon-save 2") == 0)
			fmt2 = 1;
		if (l[0] != '@')
			in_block = 0;
		if (strncmp(l, "game ", 5) == 0)
			sodium_hex2bin(id, 16, l + 5, 32, NULL, NULL, NULL);
		if (strncmp(l, "player ", 7) == 0 && nkeys < 8) {
			char *k = strrchr(l, ':') + 1;

			sscanf(l + 7, "%31s", colors[nkeys]);
			sodium_base642bin(keys[nkeys++], 32, k, strlen(k), NULL,
			    NULL, NULL, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
		}
		if (n == cap)
			it = realloc(it, (cap *= 2) * sizeof *it);
		if (n < cap)
			it[n].pk2 = NULL;
		if (strncmp(l, "@ ", 2) == 0) {
			char *sp = strchr(l + 2, ' '), *bar = strstr(l, " | ");
			size_t slen = (size_t)(sp - l - 2), blen = (size_t)(bar - sp - 1);
			unsigned char *m = it[n].msg;
			int k, si = 0, join = strncmp(sp + 1, "join ", 5) == 0;

			if (!in_block) {
				crypto_generichash_state c = st;

				crypto_generichash_final(&c, block, 32);
				in_block = 1;
			}
			for (k = 0; k < nkeys; k++)
				if (strlen(colors[k]) == slen &&
				    memcmp(colors[k], l + 2, slen) == 0)
					si = k;
			if (join) {
				char *kp = strstr(l, "key=trigon-ed25519:") + 19;

				sodium_base642bin(akeys[si], 32, kp, 43, NULL, NULL,
				    NULL, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
			}
			memcpy(m, "trigon-save 2 answer", 21);
			memcpy(m + 21, id, 16);
			memcpy(m + 37, block, 32);
			m[69] = (unsigned char)slen;
			memcpy(m + 70, l + 2, slen);
			m[70 + slen] = (unsigned char)(blen >> 8);
			m[71 + slen] = (unsigned char)blen;
			memcpy(m + 72 + slen, sp + 1, blen);
			memset(m + 72 + slen + blen, 0, 32);
			it[n].len = 72 + slen + blen + 32;
			it[n].pk = join ? keys[si] : akeys[si];
			it[n].pk2 = join ? NULL : keys[si];
			sodium_base642bin(it[n].sig, 64, bar + 20, 86, NULL, NULL,
			    NULL, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
			n++;
		} else if (l[0] >= '1' && l[0] <= '9') {
			char *sp1 = strchr(l, ' '), *sp2 = strchr(sp1 + 1, ' ');
			char *bar = l + strlen(l) - 106;
			size_t clen = (size_t)(sp2 - sp1 - 1);
			size_t alen = (size_t)(bar - sp2 - 1);
			unsigned char *m = it[n].msg;
			crypto_generichash_state c = st;

			crypto_generichash_final(&c, chain, 32);
			memcpy(m, fmt2 ? "trigon-save 2 action" :
			    "trigon-save 1 action", 21);
			memcpy(m + 21, id, 16);
			put64(m + 37, strtoull(l, NULL, 10));
			memcpy(m + 45, chain, 32);
			m[77] = (unsigned char)clen;
			memcpy(m + 78, sp1 + 1, clen);
			m[78 + clen] = (unsigned char)(alen >> 8);
			m[79 + clen] = (unsigned char)alen;
			memcpy(m + 80 + clen, sp2 + 1, alen);
			it[n].len = 80 + clen + alen;
			for (int k = 0; k < nkeys; k++)
				if (strlen(colors[k]) == clen &&
				    memcmp(colors[k], sp1 + 1, clen) == 0)
					last = k;
			it[n].pk = keys[last];
			sodium_base642bin(it[n].sig, 64, bar + 20, 86, NULL, NULL,
			    NULL, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
			n++;
		} else if (strncmp(l, "end ", 4) == 0) {
			crypto_generichash_state c = st;
			unsigned char *m = it[n].msg;

			crypto_generichash_final(&c, chain, 32);
			memcpy(m, fmt2 ? "trigon-save 2 end" : "trigon-save 1 end",
			    18);
			memcpy(m + 18, id, 16);
			put64(m + 34, strtoull(l + 4, NULL, 10));
			memcpy(m + 42, chain, 32);
			it[n].len = 74;
			it[n].pk = keys[last];
			if (fmt2) {
				char *sp1 = strchr(l + 4, ' ') + 1;
				size_t slen = (size_t)(strchr(sp1, ' ') - sp1);

				for (int k = 0; k < nkeys; k++)
					if (strlen(colors[k]) == slen &&
					    memcmp(colors[k], sp1, slen) == 0)
						last = k;
				m[74] = (unsigned char)slen;
				memcpy(m + 75, sp1, slen);
				it[n].len = 75 + slen;
				it[n].pk = keys[last];
				it[n].pk2 = akeys[last];
			}
			sodium_base642bin(it[n].sig, 64, strrchr(l, ' ') + 1, 86,
			    NULL, NULL, NULL,
			    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
			n++;
			continue;
		}
		crypto_generichash_update(&st, (unsigned char *)l,
		    (size_t)(nl - l));
		crypto_generichash_update(&st, (const unsigned char *)"\n", 1);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	bad = verify_all(it, n);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (bad) {
		fprintf(stderr, "sigfloor: %d bad signatures\n", bad);
		return 1;
	}
	printf("%zu %.6f %.6f\n", n, (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	    (double)(c1.tv_sec - c0.tv_sec) +
	    (double)(c1.tv_nsec - c0.tv_nsec) / 1e9);
	free(it);
	return 0;
}
