/*
 * fair.c -- the cryptography of fair chance (fair.h): seat secrets,
 * answer keys, hash chains, event keys, the join's Ristretto255 key and
 * proof of knowledge.  libsodium primitives only.  No lines, no files,
 * no game: the save layer calls these.
 *
 * Where doc/fair-chance.md leaves a byte open, the choice is written here and
 * in trigon-save(5), FORMAT 2: FAIR CHANCE:
 *  - every domain string is followed by one NUL byte;
 *  - "seat" in a hashed message is its name (as in the player line),
 *    preceded by its length in one byte; the game id is its 16 raw
 *    bytes; numbers are big-endian (k and e 4 bytes, a label's length
 *    2 bytes);
 *  - Hs's data items are concatenated as they are (fixed sizes), a
 *    seat or a tag with its 1-byte length first;
 *  - the proof's nonce is Hs(nonce, S || 3 "pok"); a nonce giving a zero
 *    scalar, or a zero c or s, is replaced by Hs(nonce, previous nonce);
 *    verifiers refuse c = 0 or s = 0 (an honest prover never sends them);
 *  - event numbers start at 1 (the first event is 1, as its #? line).
 */
#include <string.h>

#include <sodium.h>

#include "fair.h"

#define D_SECRET	"trigon-fair v1 seat secret"
#define D_ANSWER	"trigon-fair v1 answer key"
#define D_ELGAMAL	"trigon-fair v1 elgamal key"
#define D_CHAIN_SEED	"trigon-fair v1 chain seed"
#define D_CHAIN		"trigon-fair v1 chain"
#define D_COMMIT	"trigon-fair v1 seat commit"
#define D_NONCE		"trigon-fair v1 nonce"
#define D_POK		"trigon-fair v1 pok"
#define D_EVENT		"trigon-fair v1 event"

#define B64 sodium_base64_VARIANT_URLSAFE_NO_PADDING

static int seat_fill(struct fair_seat **out, const unsigned char id[FAIR_ID_BYTES],
    const char *seat, uint32_t n, struct err *e);
static int seat_derive(struct fair_seat *fs, struct err *e);
static void put32(unsigned char *p, uint32_t v);
static void hash_domain(crypto_generichash_state *st, const char *domain);
static void hash_seat(crypto_generichash_state *st, const char *seat,
    size_t len);

/* ---- seat secrets ------------------------------------------------------ */

int
fair_export_format(char *out, size_t n, const struct fair_export *x)
{
	char id[2 * FAIR_ID_BYTES + 1], sec[FAIR_B64_LEN + 1];
	char ans[FAIR_B64_LEN + 1];
	int k;

	sodium_bin2hex(id, sizeof id, x->id, FAIR_ID_BYTES);
	fair_b64(sec, x->secret);
	fair_b64(ans, x->answer_seed);
	k = snprintf(out, n, "%s\ngame %s\nseat %s\nsecret %s\nanswer %s\n",
	    FAIR_EXPORT_MAGIC, id, x->seat, sec, ans);
	sodium_memzero(sec, sizeof sec);
	sodium_memzero(ans, sizeof ans);
	if (k < 0 || (size_t)k >= n) {
		if (n > 0)
			sodium_memzero(out, n);
		return -1;
	}
	return k;
}

/* Line `no` of an answer-key file: "WORD VALUE"; the value's bounds. */
static int
export_line(const char **p, const char *end, int no, const char *word,
    const char **v, size_t *vlen, struct err *e)
{
	const char *nl = memchr(*p, '\n', (size_t)(end - *p));
	size_t w = strlen(word);

	if (*p == end)
		return err_at(e, ERR_DAMAGED, "", no, "answer key: the file ends "
		    "before its '%s' line", word);
	if (nl == NULL)
		return err_at(e, ERR_DAMAGED, "", no, "answer key: this line does "
		    "not end with a newline");
	if ((size_t)(nl - *p) < w + 1 || memcmp(*p, word, w) != 0 ||
	    (*p)[w] != ' ')
		return err_at(e, ERR_DAMAGED, "", no, "answer key: this line is "
		    "not '%s ...'", word);
	*v = *p + w + 1;
	*vlen = (size_t)(nl - *v);
	*p = nl + 1;
	return 0;
}

/* A refused value of the file is a damaged file: at line no. */
static int
damaged(struct err *e, int no)
{
	if (e != NULL) {
		e->code = ERR_DAMAGED;
		e->line = no;
	}
	return ERR_DAMAGED;
}

static int
export_parse(struct fair_export *x, const char *p, size_t len,
    struct err *e)
{
	const char *end = p + len, *v;
	size_t vlen, mlen = strlen(FAIR_EXPORT_MAGIC), got = 0;
	char what[32];
	int rc;

	memset(x, 0, sizeof *x);
	if (len > FAIR_EXPORT_MAX)
		return err_set(e, ERR_DAMAGED, "answer key: more than %d bytes",
		    FAIR_EXPORT_MAX);
	if (len < mlen + 1 || memcmp(p, FAIR_EXPORT_MAGIC, mlen) != 0 ||
	    p[mlen] != '\n')
		return err_at(e, ERR_DAMAGED, "", 1, "answer key: not a trigon "
		    "answer key (its first line is '%s')", FAIR_EXPORT_MAGIC);
	p += mlen + 1;
	if ((rc = export_line(&p, end, 2, "game", &v, &vlen, e)) != 0)
		return rc;
	if (vlen != 2 * FAIR_ID_BYTES || sodium_hex2bin(x->id, FAIR_ID_BYTES,
	    v, vlen, NULL, &got, NULL) != 0 || got != FAIR_ID_BYTES)
		return err_at(e, ERR_DAMAGED, "", 2, "answer key: the game is %d "
		    "hex digits", 2 * FAIR_ID_BYTES);
	for (size_t i = 0; i < vlen; i++)
		if (v[i] >= 'A' && v[i] <= 'F')
			return err_at(e, ERR_DAMAGED, "", 2, "answer key: the "
			    "game's hex digits are lower case");
	if ((rc = export_line(&p, end, 3, "seat", &v, &vlen, e)) != 0)
		return rc;
	if (vlen == 0 || vlen > FAIR_SEAT_MAX)
		return err_at(e, ERR_DAMAGED, "", 3, "answer key: a seat name has "
		    "1 to %d bytes", FAIR_SEAT_MAX);
	for (size_t i = 0; i < vlen; i++)
		if (!((v[i] >= 'a' && v[i] <= 'z') || (v[i] >= '0' &&
		    v[i] <= '9') || v[i] == '-'))
			return err_at(e, ERR_DAMAGED, "", 3, "answer key: a seat "
			    "name is lower-case letters, digits and '-'");
	memcpy(x->seat, v, vlen);
	if ((rc = export_line(&p, end, 4, "secret", &v, &vlen, e)) != 0)
		return rc;
	snprintf(what, sizeof what, "answer key: the secret");
	if (fair_unb64(x->secret, v, vlen, what, e) != 0) {
		rc = damaged(e, 4);
		return rc;
	}
	if ((rc = export_line(&p, end, 5, "answer", &v, &vlen, e)) != 0)
		return rc;
	snprintf(what, sizeof what, "answer key: the answer seed");
	if (fair_unb64(x->answer_seed, v, vlen, what, e) != 0) {
		rc = damaged(e, 5);
		return rc;
	}
	if (p != end)
		return err_at(e, ERR_DAMAGED, "", 6, "answer key: more than five "
		    "lines");
	return 0;
}

int
fair_export_parse(struct fair_export *x, const char *p, size_t len,
    struct err *e)
{
	int rc = export_parse(x, p, len, e);

	if (rc != 0)
		sodium_memzero(x, sizeof *x);	/* nothing half read stays */
	return rc;
}


/* The rest of a seat that answers, from its S and A: the answer key
 * pair, and everything seat_derive makes of S.  Frees fs on failure. */
static int
seat_answering(struct fair_seat **out, struct fair_seat *fs, struct err *e)
{
	int rc;

	if (crypto_sign_seed_keypair(fs->answer_pk, fs->answer_sk,
	    fs->answer_seed) != 0) {
		fair_seat_free(fs);
		return err_set(e, ERR_REFUSED, "cannot make the answer key");
	}
	fs->has_answer = 1;
	if ((rc = seat_derive(fs, e)) != 0) {
		fair_seat_free(fs);
		return rc;
	}
	*out = fs;
	return 0;
}

int
fair_seat_new(struct fair_seat **out, const unsigned char seed[FAIR_SEED_BYTES],
    const unsigned char id[FAIR_ID_BYTES], const char *seat, uint32_t n,
    struct err *e)
{
	struct fair_seat *fs;
	crypto_generichash_state st;
	int rc;

	if ((rc = seat_fill(&fs, id, seat, n, e)) != 0)
		return rc;
	/* S = BLAKE2b-256(key = seed, D_SECRET NUL || id || len || seat) */
	crypto_generichash_init(&st, seed, FAIR_SEED_BYTES, FAIR_BYTES);
	hash_domain(&st, D_SECRET);
	crypto_generichash_update(&st, id, FAIR_ID_BYTES);
	hash_seat(&st, fs->seat, fs->seatlen);
	crypto_generichash_final(&st, fs->secret, FAIR_BYTES);
	/* A: the same with D_ANSWER; independent of S */
	crypto_generichash_init(&st, seed, FAIR_SEED_BYTES, FAIR_BYTES);
	hash_domain(&st, D_ANSWER);
	crypto_generichash_update(&st, id, FAIR_ID_BYTES);
	hash_seat(&st, fs->seat, fs->seatlen);
	crypto_generichash_final(&st, fs->answer_seed, FAIR_BYTES);
	sodium_memzero(&st, sizeof st);
	return seat_answering(out, fs, e);
}

int
fair_seat_exported(struct fair_seat **out, const struct fair_export *x,
    uint32_t n, struct err *e)
{
	struct fair_seat *fs;
	int rc;

	if ((rc = seat_fill(&fs, x->id, x->seat, n, e)) != 0)
		return rc;
	memcpy(fs->secret, x->secret, FAIR_BYTES);
	memcpy(fs->answer_seed, x->answer_seed, FAIR_BYTES);
	return seat_answering(out, fs, e);
}

int
fair_seat_audit(struct fair_seat **out, const unsigned char secret[FAIR_BYTES],
    const unsigned char id[FAIR_ID_BYTES], const char *seat, uint32_t n,
    struct err *e)
{
	struct fair_seat *fs;
	int rc;

	if ((rc = seat_fill(&fs, id, seat, n, e)) != 0)
		return rc;
	memcpy(fs->secret, secret, FAIR_BYTES);
	if ((rc = seat_derive(fs, e)) != 0) {
		fair_seat_free(fs);
		return rc;
	}
	*out = fs;
	return 0;
}

void
fair_seat_free(struct fair_seat *fs)
{
	if (fs != NULL)
		sodium_free(fs);	/* wipes the whole allocation */
}

/* Allocate, check the parameters, copy the public ones. */
static int
seat_fill(struct fair_seat **out, const unsigned char id[FAIR_ID_BYTES],
    const char *seat, uint32_t n, struct err *e)
{
	struct fair_seat *fs;
	size_t len = seat != NULL ? strlen(seat) : 0;

	if (len == 0 || len > FAIR_SEAT_MAX)
		return err_set(e, ERR_USAGE, "a seat name has 1 to %d bytes",
		    FAIR_SEAT_MAX);
	if (n == 0 || n > FAIR_CHAIN_MAX || (n & (n - 1)) != 0)
		return err_set(e, ERR_USAGE, "chain length %lu is not a power "
		    "of two from 1 to %u", (unsigned long)n, FAIR_CHAIN_MAX);
	if (sodium_init() < 0)
		return err_set(e, ERR_NOMEM, "libsodium cannot be initialised");
	if ((fs = sodium_malloc(sizeof *fs)) == NULL)
		return err_set(e, ERR_NOMEM, "out of secure memory");
	sodium_memzero(fs, sizeof *fs);
	memcpy(fs->id, id, FAIR_ID_BYTES);
	memcpy(fs->seat, seat, len);
	fs->seatlen = len;
	fs->n = n;
	*out = fs;
	return 0;
}

/* Everything that follows from S: commit, x and Y, the chain. */
static int
seat_derive(struct fair_seat *fs, struct err *e)
{
	crypto_generichash_state st;

	fair_commit(fs->commit, fs->id, fs->secret);
	fair_hash_scalar(fs->x, D_ELGAMAL, fs->secret, FAIR_BYTES);
	if (crypto_scalarmult_ristretto255_base(fs->y, fs->x) != 0)
		return err_set(e, ERR_REFUSED, "%s's ElGamal key is the "
		    "identity (a zero scalar)", fs->seat);
	/* c[N] = BLAKE2b-256(key = S, D_CHAIN_SEED NUL) */
	crypto_generichash_init(&st, fs->secret, FAIR_BYTES, FAIR_BYTES);
	hash_domain(&st, D_CHAIN_SEED);
	crypto_generichash_final(&st, fs->top, FAIR_BYTES);
	sodium_memzero(&st, sizeof st);
	return fair_seat_value(fs, 0, fs->anchor, e);
}

int
fair_seat_value(const struct fair_seat *fs, uint32_t k,
    unsigned char out[FAIR_BYTES], struct err *e)
{
	unsigned char v[FAIR_BYTES];

	if (k > fs->n)
		return err_set(e, ERR_REFUSED, "%s's chain has no value %lu "
		    "(it has %lu)", fs->seat, (unsigned long)k,
		    (unsigned long)fs->n);
	memcpy(v, fs->top, FAIR_BYTES);
	for (uint32_t j = fs->n; j > k; j--)
		fair_chain_link(v, fs->id, fs->seat, fs->seatlen, j, v);
	memcpy(out, v, FAIR_BYTES);
	sodium_memzero(v, sizeof v);
	return 0;
}

/* ---- chains ----------------------------------------------------------- */

void
fair_chain_link(unsigned char prev[FAIR_BYTES],
    const unsigned char id[FAIR_ID_BYTES], const char *seat, size_t seatlen,
    uint32_t k, const unsigned char value[FAIR_BYTES])
{
	crypto_generichash_state st;
	unsigned char kb[4];

	/* c[k-1] = BLAKE2b-256(D_CHAIN NUL || id || len || seat || k || c[k]) */
	put32(kb, k);
	crypto_generichash_init(&st, NULL, 0, FAIR_BYTES);
	hash_domain(&st, D_CHAIN);
	crypto_generichash_update(&st, id, FAIR_ID_BYTES);
	hash_seat(&st, seat, seatlen);
	crypto_generichash_update(&st, kb, sizeof kb);
	crypto_generichash_update(&st, value, FAIR_BYTES);
	crypto_generichash_final(&st, prev, FAIR_BYTES);	/* prev may be value */
	sodium_memzero(&st, sizeof st);
}

void
fair_commit(unsigned char out[FAIR_BYTES],
    const unsigned char id[FAIR_ID_BYTES], const unsigned char secret[FAIR_BYTES])
{
	crypto_generichash_state st;

	crypto_generichash_init(&st, NULL, 0, FAIR_BYTES);
	hash_domain(&st, D_COMMIT);
	crypto_generichash_update(&st, id, FAIR_ID_BYTES);
	crypto_generichash_update(&st, secret, FAIR_BYTES);
	crypto_generichash_final(&st, out, FAIR_BYTES);
	sodium_memzero(&st, sizeof st);
}

void
fair_chain_init(struct fair_chain *ch, const unsigned char anchor[FAIR_BYTES],
    uint32_t n)
{
	memcpy(ch->last, anchor, FAIR_BYTES);
	ch->k = 0;
	ch->n = n;
}

int
fair_chain_accept(struct fair_chain *ch, const unsigned char id[FAIR_ID_BYTES],
    const char *seat, uint32_t event, const unsigned char value[FAIR_BYTES],
    struct err *e)
{
	unsigned char prev[FAIR_BYTES];
	size_t len = strlen(seat);

	if (len == 0 || len > FAIR_SEAT_MAX)
		return err_set(e, ERR_USAGE, "a seat name has 1 to %d bytes",
		    FAIR_SEAT_MAX);
	if (ch->k >= ch->n)
		return err_set(e, ERR_REFUSED, "%s's chain is used up (%lu "
		    "values released)", seat, (unsigned long)ch->n);
	if (sodium_memcmp(value, ch->last, FAIR_BYTES) == 0)
		return err_set(e, ERR_REFUSED, "%s's release %lu repeats its "
		    "previous release", seat, (unsigned long)event);
	fair_chain_link(prev, id, seat, len, ch->k + 1, value);
	if (sodium_memcmp(prev, ch->last, FAIR_BYTES) != 0)
		return err_set(e, ERR_REFUSED, "%s's release %lu does not "
		    "hash to its previous value (chain position %lu)", seat,
		    (unsigned long)event, (unsigned long)ch->k + 1);
	memcpy(ch->last, value, FAIR_BYTES);
	ch->k++;
	return 0;
}

/* ---- events ------------------------------------------------------------ */

int
fair_event_key(unsigned char key[FAIR_BYTES],
    const unsigned char id[FAIR_ID_BYTES], uint32_t event, const char *label,
    size_t labellen, const struct fair_contrib *c, size_t nc, struct err *e)
{
	crypto_generichash_state st;
	unsigned char b[4];

	if (event == 0)
		return err_set(e, ERR_REFUSED, "events are numbered from 1");
	if (labellen > FAIR_LABEL_MAX)
		return err_set(e, ERR_REFUSED, "the label of event %lu is "
		    "longer than %d bytes", (unsigned long)event,
		    FAIR_LABEL_MAX);
	if (nc == 0)
		return err_set(e, ERR_REFUSED, "event %lu has no contribution",
		    (unsigned long)event);
	for (size_t i = 0; i < nc; i++) {
		const char *name = c[i].name != NULL ? c[i].name : "?";

		if (c[i].seat < 0 || c[i].seat > 255)
			return err_set(e, ERR_REFUSED, "seat %d of event %lu "
			    "is not a seat index", c[i].seat,
			    (unsigned long)event);
		if (i > 0 && c[i].seat <= c[i - 1].seat)
			return err_set(e, ERR_REFUSED, "the contributions to "
			    "event %lu are out of order: %s after %s",
			    (unsigned long)event, name,
			    c[i - 1].name != NULL ? c[i - 1].name : "?");
		if (c[i].k == 0)
			return err_set(e, ERR_REFUSED, "%s's release %lu is "
			    "its anchor (chain position 0)", name,
			    (unsigned long)event);
		for (size_t j = 0; j < i; j++)
			if (sodium_memcmp(c[i].value, c[j].value,
			    FAIR_BYTES) == 0)
				return err_set(e, ERR_REFUSED, "%s's release "
				    "%lu reuses %s's value", name,
				    (unsigned long)event, c[j].name != NULL ?
				    c[j].name : "?");
	}
	/* D_EVENT NUL || id || e || len(label):2 || label
	 *   || for each contribution: seat index:1 || k:4 || value */
	crypto_generichash_init(&st, NULL, 0, FAIR_BYTES);
	hash_domain(&st, D_EVENT);
	crypto_generichash_update(&st, id, FAIR_ID_BYTES);
	put32(b, event);
	crypto_generichash_update(&st, b, 4);
	b[0] = (unsigned char)(labellen >> 8);
	b[1] = (unsigned char)(labellen & 0xff);
	crypto_generichash_update(&st, b, 2);
	crypto_generichash_update(&st, (const unsigned char *)label, labellen);
	for (size_t i = 0; i < nc; i++) {
		b[0] = (unsigned char)c[i].seat;
		crypto_generichash_update(&st, b, 1);
		put32(b, c[i].k);
		crypto_generichash_update(&st, b, 4);
		crypto_generichash_update(&st, c[i].value, FAIR_BYTES);
	}
	crypto_generichash_final(&st, key, FAIR_BYTES);
	return 0;
}

void
fair_event_stream(struct chance_stream *out, const unsigned char key[FAIR_BYTES])
{
	memcpy(out->key, key, CHANCE_KEY_BYTES);
	memset(out->nonce, 0, sizeof out->nonce);
	out->ic = 0;
	out->pos = CHANCE_BLOCK;	/* the first block on first use */
}

/* ---- Ristretto255 ------------------------------------------------------ */

void
fair_hash_scalar(unsigned char out[FAIR_BYTES], const char *domain,
    const unsigned char *data, size_t len)
{
	crypto_generichash_state st;
	unsigned char h[64];

	crypto_generichash_init(&st, NULL, 0, sizeof h);
	hash_domain(&st, domain);
	crypto_generichash_update(&st, data, len);
	crypto_generichash_final(&st, h, sizeof h);
	crypto_core_ristretto255_scalar_reduce(out, h);
	sodium_memzero(h, sizeof h);
	sodium_memzero(&st, sizeof st);
}

/*
 * libsodium 1.0.18 has no canonical-scalar check (doc/fair-chance.md):
 * reduce the 32 bytes widened to 64 and compare.
 */
int
fair_scalar_canonical(const unsigned char s[FAIR_BYTES])
{
	unsigned char wide[64] = { 0 }, r[FAIR_BYTES];
	int same;

	memcpy(wide, s, FAIR_BYTES);
	crypto_core_ristretto255_scalar_reduce(r, wide);
	same = sodium_memcmp(r, s, FAIR_BYTES) == 0;
	sodium_memzero(wide, sizeof wide);
	sodium_memzero(r, sizeof r);
	return same;
}

int
fair_point_check(const unsigned char p[FAIR_BYTES], const char *what,
    struct err *e)
{
	if (!crypto_core_ristretto255_is_valid_point(p)) {
		if (sodium_is_zero(p, FAIR_BYTES))
			return err_set(e, ERR_REFUSED, "%s is the identity "
			    "point", what);
		return err_set(e, ERR_REFUSED, "%s is not a Ristretto255 "
		    "point", what);
	}
	if (sodium_is_zero(p, FAIR_BYTES))
		return err_set(e, ERR_REFUSED, "%s is the identity point",
		    what);
	return 0;
}

/* c = Hs(D_POK, id || len || seat || Y || R) */
static void
pok_challenge(unsigned char c[FAIR_BYTES], const unsigned char id[FAIR_ID_BYTES],
    const char *seat, size_t seatlen, const unsigned char y[FAIR_BYTES],
    const unsigned char r[FAIR_BYTES])
{
	unsigned char m[FAIR_ID_BYTES + 1 + FAIR_SEAT_MAX + 2 * FAIR_BYTES];
	size_t len = 0;

	memcpy(m, id, FAIR_ID_BYTES);
	len += FAIR_ID_BYTES;
	m[len++] = (unsigned char)seatlen;
	memcpy(m + len, seat, seatlen);
	len += seatlen;
	memcpy(m + len, y, FAIR_BYTES);
	len += FAIR_BYTES;
	memcpy(m + len, r, FAIR_BYTES);
	len += FAIR_BYTES;
	fair_hash_scalar(c, D_POK, m, len);
}

int
fair_pok_prove(const struct fair_seat *fs, unsigned char c[FAIR_BYTES],
    unsigned char s[FAIR_BYTES], struct err *e)
{
	unsigned char in[FAIR_BYTES + 4], k[FAIR_BYTES], r[FAIR_BYTES],
	    cx[FAIR_BYTES];
	int tries;

	/* k = Hs(D_NONCE, S || 3 "pok") */
	memcpy(in, fs->secret, FAIR_BYTES);
	memcpy(in + FAIR_BYTES, "\003pok", 4);
	fair_hash_scalar(k, D_NONCE, in, sizeof in);
	for (tries = 0; tries < 8; tries++) {
		if (crypto_scalarmult_ristretto255_base(r, k) == 0) {
			pok_challenge(c, fs->id, fs->seat, fs->seatlen, fs->y,
			    r);
			crypto_core_ristretto255_scalar_mul(cx, c, fs->x);
			crypto_core_ristretto255_scalar_sub(s, k, cx);
			if (!sodium_is_zero(c, FAIR_BYTES) &&
			    !sodium_is_zero(s, FAIR_BYTES))
				break;
		}
		/* probability 2^-252: the next nonce is Hs(D_NONCE, k) */
		memcpy(in, k, FAIR_BYTES);
		fair_hash_scalar(k, D_NONCE, in, FAIR_BYTES);
	}
	sodium_memzero(in, sizeof in);
	sodium_memzero(k, sizeof k);
	sodium_memzero(cx, sizeof cx);
	if (tries == 8)
		return err_set(e, ERR_REFUSED, "no proof of knowledge for %s",
		    fs->seat);
	return 0;
}

int
fair_pok_verify(const unsigned char id[FAIR_ID_BYTES], const char *seat,
    const unsigned char y[FAIR_BYTES], const unsigned char c[FAIR_BYTES],
    const unsigned char s[FAIR_BYTES], struct err *e)
{
	unsigned char sg[FAIR_BYTES], cy[FAIR_BYTES], r[FAIR_BYTES],
	    c2[FAIR_BYTES];
	size_t len = strlen(seat);
	int rc;

	if (len == 0 || len > FAIR_SEAT_MAX)
		return err_set(e, ERR_USAGE, "a seat name has 1 to %d bytes",
		    FAIR_SEAT_MAX);
	if ((rc = fair_point_check(y, "the joining key", e)) != 0)
		return rc;
	if (!fair_scalar_canonical(c) || !fair_scalar_canonical(s))
		return err_set(e, ERR_REFUSED, "bad proof of knowledge for "
		    "%s: a scalar is not reduced", seat);
	if (sodium_is_zero(c, FAIR_BYTES) || sodium_is_zero(s, FAIR_BYTES))
		return err_set(e, ERR_REFUSED, "bad proof of knowledge for "
		    "%s: a zero scalar", seat);
	/* R = s.G + c.Y; neither product can be the identity here (a
	 * non-zero scalar, a non-identity point of prime order) */
	if (crypto_scalarmult_ristretto255_base(sg, s) != 0 ||
	    crypto_scalarmult_ristretto255(cy, c, y) != 0 ||
	    crypto_core_ristretto255_add(r, sg, cy) != 0)
		return err_set(e, ERR_REFUSED, "bad proof of knowledge for "
		    "%s", seat);
	pok_challenge(c2, id, seat, len, y, r);
	if (sodium_memcmp(c2, c, FAIR_BYTES) != 0)
		return err_set(e, ERR_REFUSED, "bad proof of knowledge for "
		    "%s", seat);
	return 0;
}

/* ---- encoding ---------------------------------------------------------- */

void
fair_b64(char out[FAIR_B64_LEN + 1], const unsigned char in[FAIR_BYTES])
{
	sodium_bin2base64(out, FAIR_B64_LEN + 1, in, FAIR_BYTES, B64);
}

int
fair_unb64(unsigned char out[FAIR_BYTES], const char *s, size_t len,
    const char *what, struct err *e)
{
	unsigned char v[FAIR_BYTES];
	char again[FAIR_B64_LEN + 1];
	const char *end = NULL;
	size_t got = 0;

	if (len != FAIR_B64_LEN)
		return err_set(e, ERR_REFUSED, "%s: wanted %d characters of "
		    "base64, not %zu", what, FAIR_B64_LEN, len);
	if (sodium_base642bin(v, sizeof v, s, len, NULL, &got, &end, B64) != 0
	    || end != s + len || got != FAIR_BYTES)
		return err_set(e, ERR_REFUSED, "%s: not URL-safe base64",
		    what);
	/* one spelling per value: the last character's unused bits are 0
	 * (libsodium refuses them already; kept as a guard, as in keys.c) */
	sodium_bin2base64(again, sizeof again, v, FAIR_BYTES, B64);
	if (memcmp(again, s, len) != 0)
		return err_set(e, ERR_REFUSED, "%s: not the canonical base64 "
		    "of its bytes", what);
	memcpy(out, v, FAIR_BYTES);
	sodium_memzero(v, sizeof v);
	return 0;
}

/* ---- small helpers ------------------------------------------------------- */

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* The domain string and its NUL. */
static void
hash_domain(crypto_generichash_state *st, const char *domain)
{
	crypto_generichash_update(st, (const unsigned char *)domain,
	    strlen(domain) + 1);
}

/* A seat: its name's length in one byte, then the name. */
static void
hash_seat(crypto_generichash_state *st, const char *seat, size_t len)
{
	unsigned char l = (unsigned char)len;

	crypto_generichash_update(st, &l, 1);
	crypto_generichash_update(st, (const unsigned char *)seat, len);
}
