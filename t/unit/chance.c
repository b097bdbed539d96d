/*
 * t/unit/chance.c -- the core's chance interface (lib/chance.h), linked
 * with the core alone.  Known answers: the open-mode stream of format 1
 * gives, for a seed, an event kind and an event number, exactly the
 * dice, indices and shuffles that Trigon's own generator (the old
 * lib/games/trigon/rng.c, commit acafacf) drew; the vectors below were
 * printed by that code.  Then the numbering of events by
 * chance_event(): counted on success only, an error without a source,
 * RULES_PENDING passed through with nothing counted.
 */
#include <string.h>

#include <sodium.h>

#include "../tap.h"
#include "chance-mock.h"

/* Forty dice of each (kind, event number), seed 00 01 .. 1f. */
static const struct { unsigned kind; uint32_t event; uint8_t die[40]; } dice_kat[] = {
	{ 1, 0x00000000u, {
	    1, 3, 6, 4, 6, 3, 5, 5, 5, 5, 3, 4, 1, 3, 2, 5, 4, 1, 1, 3,
	    5, 6, 4, 4, 6, 1, 2, 1, 5, 4, 2, 5, 2, 2, 2, 4, 6, 3, 3, 5 } },
	{ 1, 0x00000001u, {
	    5, 5, 6, 6, 2, 6, 6, 3, 3, 6, 1, 3, 1, 5, 5, 3, 6, 6, 3, 2,
	    6, 1, 3, 4, 5, 6, 1, 5, 6, 5, 4, 5, 6, 6, 2, 5, 4, 4, 5, 6 } },
	{ 1, 0x00000007u, {
	    4, 2, 1, 2, 4, 5, 4, 4, 1, 5, 3, 5, 5, 2, 2, 4, 5, 5, 2, 1,
	    6, 2, 2, 6, 6, 5, 3, 3, 3, 3, 4, 3, 3, 1, 2, 5, 5, 4, 2, 6 } },
	{ 1, 0x01020304u, {
	    3, 5, 4, 5, 2, 3, 5, 5, 1, 5, 3, 2, 2, 3, 2, 1, 2, 1, 5, 2,
	    4, 4, 6, 5, 3, 5, 1, 5, 1, 5, 3, 2, 6, 5, 3, 4, 6, 1, 5, 1 } },
	{ 2, 0x00000000u, {
	    5, 5, 2, 3, 3, 4, 6, 3, 5, 2, 3, 3, 4, 6, 2, 5, 2, 1, 4, 6,
	    3, 3, 4, 2, 3, 2, 1, 6, 5, 5, 4, 1, 1, 3, 2, 4, 3, 6, 5, 4 } },
	{ 2, 0x00000001u, {
	    6, 6, 4, 5, 1, 2, 5, 1, 2, 6, 4, 1, 2, 4, 3, 2, 2, 1, 2, 4,
	    2, 3, 2, 4, 1, 3, 3, 5, 2, 3, 2, 3, 6, 2, 2, 6, 4, 2, 4, 1 } },
	{ 2, 0x00000007u, {
	    2, 3, 1, 4, 4, 1, 6, 3, 3, 4, 1, 6, 1, 2, 3, 6, 2, 1, 1, 4,
	    3, 2, 6, 4, 5, 6, 6, 3, 4, 6, 6, 4, 6, 3, 3, 1, 3, 4, 4, 5 } },
	{ 2, 0x01020304u, {
	    3, 6, 1, 4, 5, 5, 5, 4, 2, 6, 6, 4, 5, 5, 5, 2, 2, 6, 4, 2,
	    1, 1, 2, 2, 5, 2, 1, 6, 4, 4, 6, 5, 1, 5, 2, 2, 5, 6, 5, 5 } },
	{ 3, 0x00000000u, {
	    6, 6, 1, 3, 2, 3, 6, 4, 1, 4, 1, 2, 4, 1, 3, 1, 4, 4, 6, 3,
	    6, 3, 4, 2, 3, 6, 3, 6, 6, 1, 1, 6, 6, 4, 2, 1, 3, 6, 6, 2 } },
	{ 3, 0x00000001u, {
	    1, 6, 5, 1, 2, 5, 2, 2, 3, 5, 2, 3, 2, 4, 3, 6, 2, 4, 4, 1,
	    3, 4, 6, 6, 1, 6, 3, 3, 6, 6, 4, 5, 2, 3, 1, 1, 3, 6, 5, 4 } },
	{ 3, 0x00000007u, {
	    6, 4, 4, 6, 3, 5, 4, 1, 4, 5, 5, 5, 1, 4, 6, 1, 4, 6, 5, 2,
	    1, 3, 2, 5, 6, 1, 1, 4, 1, 3, 5, 2, 2, 4, 6, 5, 5, 6, 5, 4 } },
	{ 3, 0x01020304u, {
	    1, 2, 2, 5, 1, 5, 4, 1, 3, 6, 4, 3, 2, 5, 2, 2, 4, 4, 5, 6,
	    1, 4, 6, 6, 1, 2, 3, 6, 6, 6, 2, 4, 4, 1, 3, 4, 5, 5, 6, 4 } },
	{ 4, 0x00000000u, {
	    5, 3, 3, 3, 6, 5, 6, 3, 1, 6, 1, 2, 5, 3, 4, 4, 6, 2, 4, 6,
	    4, 3, 4, 3, 3, 2, 5, 1, 4, 6, 4, 4, 6, 4, 1, 2, 2, 2, 5, 1 } },
	{ 4, 0x00000001u, {
	    1, 2, 2, 5, 1, 4, 1, 4, 3, 6, 4, 4, 3, 3, 6, 1, 3, 3, 4, 4,
	    1, 5, 5, 1, 5, 4, 2, 3, 1, 5, 2, 3, 1, 5, 6, 5, 5, 3, 2, 4 } },
	{ 4, 0x00000007u, {
	    2, 5, 6, 2, 2, 1, 4, 5, 6, 5, 1, 2, 2, 5, 6, 3, 2, 5, 4, 2,
	    1, 6, 4, 2, 6, 4, 6, 4, 3, 4, 2, 4, 2, 4, 3, 6, 6, 5, 4, 1 } },
	{ 4, 0x01020304u, {
	    6, 6, 1, 6, 4, 4, 3, 6, 4, 5, 3, 1, 5, 6, 3, 6, 3, 4, 1, 3,
	    3, 5, 1, 5, 5, 4, 2, 2, 2, 2, 1, 6, 6, 6, 4, 1, 3, 5, 5, 6 } },
};
/* chance_below(n) for n = 1..40 in turn: kind 2, event 5. */
static const uint8_t below_kat[40] = {
	0, 0, 2, 0, 0, 3, 6, 4, 4, 6, 2, 4,
	0, 4, 4, 7, 6, 14, 10, 3, 4, 15, 5, 13,
	14, 6, 17, 21, 22, 21, 25, 19, 13, 1, 1, 20,
	10, 32, 16, 38,
};
/* chance_below(256) x 70 (the raw keystream, two blocks): kind 1, event 9. */
static const uint8_t bytes_kat[70] = {
	158, 174, 251, 192, 183, 223, 99, 26, 243, 57, 51, 124,
	95, 31, 232, 243, 197, 149, 76, 186, 45, 1, 113, 184,
	253, 143, 210, 232, 79, 115, 194, 98, 65, 176, 37, 25,
	170, 223, 140, 89, 119, 172, 195, 155, 211, 162, 231, 90,
	40, 50, 124, 103, 28, 173, 174, 30, 198, 172, 158, 172,
	86, 94, 226, 216, 2, 247, 28, 1, 28, 15,
};
/* chance_shuffle of 0..109: kind 2 (shuffle), event 2. */
static const uint8_t shuffle_kat[110] = {
	92, 39, 79, 81, 104, 8, 65, 12, 19, 55, 42, 4,
	11, 50, 68, 88, 14, 29, 77, 3, 54, 102, 94, 6,
	34, 38, 26, 85, 15, 97, 74, 60, 62, 0, 28, 33,
	57, 24, 9, 71, 23, 30, 10, 5, 89, 82, 90, 22,
	43, 58, 84, 64, 17, 80, 67, 52, 83, 41, 35, 78,
	108, 21, 63, 75, 56, 40, 25, 87, 70, 32, 96, 73,
	69, 106, 37, 2, 49, 72, 59, 27, 44, 1, 105, 18,
	107, 20, 66, 48, 95, 45, 53, 86, 93, 101, 16, 51,
	47, 98, 91, 76, 7, 99, 36, 100, 109, 61, 31, 13,
	103, 46,
};

static unsigned char seed[RULES_SEED_BYTES];

int
main(void)
{
	struct chance_stream cs, cs2;
	struct chance_seed open_mode;
	struct rules_chance_req req = { "battle at trollmark", 0x3, 1 };
	struct rules_error err;
	struct mock_chance m;
	uint32_t events;
	int bad = 0, rc;

	if (sodium_init() < 0)
		bail("sodium_init");
	for (int i = 0; i < RULES_SEED_BYTES; i++)
		seed[i] = (unsigned char)i;

	/* Dice: every kind, event numbers small and large. */
	for (size_t t = 0; t < sizeof dice_kat / sizeof dice_kat[0]; t++) {
		int mism = 0;

		chance_seed_stream(&cs, seed, dice_kat[t].kind,
		    dice_kat[t].event);
		for (int k = 0; k < 40; k++)
			mism += chance_die(&cs) != dice_kat[t].die[k];
		if (mism)
			diag("kind %u event %lu: %d dice differ",
			    dice_kat[t].kind,
			    (unsigned long)dice_kat[t].event, mism);
		bad += mism != 0;
	}
	is_int(0, bad, "open mode: 40 dice of each of 16 (kind, event) "
	    "pairs are the old generator's");

	chance_seed_stream(&cs, seed, 2, 5);
	bad = 0;
	for (int n = 1; n <= 40; n++)
		bad += chance_below(&cs, n) != below_kat[n - 1];
	is_int(0, bad, "open mode: chance_below(n), n = 1..40 in turn, by "
	    "rejection as before");

	chance_seed_stream(&cs, seed, 1, 9);
	bad = 0;
	for (int k = 0; k < 70; k++)
		bad += chance_below(&cs, 256) != bytes_kat[k];
	is_int(0, bad, "open mode: 70 bytes (into the second block) are the "
	    "old stream's");

	/* Above 256: two bytes a draw, the first the high one, values from
	 * 65536 - 65536 % n up rejected (chance.h); outside 1..65536
	 * nothing is drawn. */
	{
		int want[8], nw = 0, got = 1;

		for (int k = 0; k + 1 < 70 && nw < 8; k += 2) {
			int v = bytes_kat[k] << 8 | bytes_kat[k + 1];

			if (v < 65536 - 65536 % 1000)
				want[nw++] = v % 1000;
		}
		chance_seed_stream(&cs, seed, 1, 9);
		got &= chance_below(&cs, 0) == 0 && chance_below(&cs, -3) == 0 &&
		    chance_below(&cs, 65537) == 0;
		for (int k = 0; k < nw; k++)
			got &= chance_below(&cs, 1000) == want[k];
		ok(nw == 8 && got, "open mode: chance_below(1000) draws two "
		    "bytes, high first; n = 0, -3, 65537 draw nothing and give 0");
		chance_seed_stream(&cs, seed, 1, 9);
		ok(chance_below(&cs, 65536) == (bytes_kat[0] << 8 | bytes_kat[1]),
		    "open mode: chance_below(65536) is two raw bytes");
	}

	/* The same bytes straight from libsodium, as trigon-save(5) says. */
	{
		unsigned char nonce[12] = { 1, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0 };
		unsigned char ks[128], zero[128];

		memset(zero, 0, sizeof zero);
		crypto_stream_chacha20_ietf_xor_ic(ks, zero, sizeof zero,
		    nonce, 0, seed);
		ok(memcmp(ks, bytes_kat, sizeof bytes_kat) == 0,
		    "open mode: the stream is ChaCha20-IETF keyed by the seed, "
		    "nonce kind, 0 0 0, event little-endian, block 0 first");
	}

	{
		uint8_t a[110];

		for (int i = 0; i < 110; i++)
			a[i] = (uint8_t)i;
		chance_seed_stream(&cs, seed, 2, 2);
		chance_shuffle(&cs, a, 110);
		ok(memcmp(a, shuffle_kat, sizeof a) == 0, "open mode: a "
		    "shuffle of 110 (Fisher-Yates with rejection) is the old "
		    "generator's");
	}

	is_int(0x08090a0b0c0d0e0fLL, (long long)chance_seed_salt(seed),
	    "format 1's salt: the seed's bytes 8-15, big-endian");

	/* The core numbers events. */
	chance_seed_init(&open_mode, seed);
	memset(&err, 0, sizeof err);
	events = 7;
	rc = chance_event(&open_mode.chance, &events, &req, &cs, &err);
	chance_seed_stream(&cs2, seed, 1, 7);
	ok(rc == 0 && events == 8 && chance_die(&cs) == chance_die(&cs2) &&
	    chance_die(&cs) == chance_die(&cs2), "chance_event: event 7 is "
	    "answered with its stream, the count becomes 8");
	events = 3;
	rc = chance_event(NULL, &events, &req, &cs, &err);
	ok(rc == RULES_EDATA && events == 3 && strcmp(err.msg, "no source of "
	    "chance for 'battle at trollmark': this game may draw nothing")
	    == 0, "chance_event: without a source, an error and nothing "
	    "counted: %s", err.msg);
	mock_init(&m, seed, 1);
	memset(&err, 0, sizeof err);
	events = 3;
	rc = chance_event(&m.chance, &events, &req, &cs, &err);
	ok(rc == RULES_PENDING && events == 3 && err.code == RULES_PENDING &&
	    strcmp(err.msg, "awaiting the answer to event 3 (battle at "
	    "trollmark)") == 0, "chance_event: RULES_PENDING passes through, "
	    "nothing counted");
	rc = chance_event(&m.chance, &events, &req, &cs, &err);
	ok(rc == 0 && events == 4 && m.redo_same == 1 && m.pend_quorum == 0x3,
	    "chance_event: asked again, the same event 3 is answered");

	/* Fair mode's source: a table of opened events. */
	{
		struct chance_fair cf;
		struct rules_chance_req all = { "turn order", 0, 9 };
		unsigned char key[CHANCE_KEY_BYTES];
		int d1, d2;

		chance_fair_init(&cf, 0x7);
		ok(cf.chance.flags == (RULES_CHANCE_MAY_PEND |
		    RULES_CHANCE_FAIR) && cf.chance.settle == NULL,
		    "chance_fair: it may pend, never settles by itself, and "
		    "asks the game to draw nothing ahead");
		events = 0;
		memset(&err, 0, sizeof err);
		rc = chance_event(&cf.chance, &events, &req, &cs, &err);
		ok(rc == RULES_PENDING && events == 0 && cf.nev == 1 &&
		    cf.ev[0].quorum == 0x3 && strcmp(cf.ev[0].label,
		    "battle at trollmark") == 0 && strcmp(err.msg, "event 1 "
		    "(battle at trollmark) awaits its releases") == 0,
		    "chance_fair: a new request opens event 1 and pends: %s",
		    err.msg);
		rc = chance_event(&cf.chance, &events, &req, &cs, &err);
		ok(rc == RULES_PENDING && events == 0 && cf.nev == 1,
		    "chance_fair: asked again before its key, it still pends "
		    "and opens nothing new");
		rc = chance_event(&cf.chance, &events, &all, &cs, &err);
		ok(rc == RULES_EDATA && cf.nev == 1, "chance_fair: the same "
		    "number with another label or quorum is refused: %s",
		    err.msg);
		for (int i = 0; i < CHANCE_KEY_BYTES; i++)
			key[i] = (unsigned char)(0xa0 + i);
		memcpy(cf.ev[0].key, key, sizeof key);
		cf.ev[0].keyed = 1;
		rc = chance_event(&cf.chance, &events, &req, &cs, &err);
		memcpy(cs2.key, key, sizeof key);
		memset(cs2.nonce, 0, sizeof cs2.nonce);
		cs2.ic = 0;
		cs2.pos = CHANCE_BLOCK;
		d1 = chance_below(&cs, 256);
		d2 = chance_below(&cs2, 256);
		ok(rc == 0 && events == 1 && d1 == d2, "chance_fair: once "
		    "keyed, event 1 is ChaCha20 of its key, nonce zero (kind "
		    "unused)");
		rc = chance_event(&cf.chance, &events, &all, &cs, &err);
		ok(rc == RULES_PENDING && events == 1 && cf.nev == 2 &&
		    cf.ev[1].quorum == 0x7, "chance_fair: quorum 0 means "
		    "every seat of the game (0x7)");
		events = 5;
		rc = chance_event(&cf.chance, &events, &req, &cs, &err);
		ok(rc == RULES_EDATA && cf.nev == 2, "chance_fair: a number "
		    "past the next one is refused");
		{
			struct rules_chance_req one = { "steal", 0x2, 3 };

			events = 2;
			rc = chance_event(&cf.chance, &events, &one, &cs, &err);
			ok(rc == RULES_EDATA && cf.nev == 2 && strcmp(err.msg,
			    "event 3 (steal) asks one seat alone, which could "
			    "foresee it") == 0, "chance_fair: a one-seat "
			    "quorum is refused and opens nothing: %s", err.msg);
			one.kind |= RULES_CHANCE_SOLO;
			rc = chance_event(&cf.chance, &events, &one, &cs, &err);
			ok(rc == RULES_PENDING && cf.nev == 3 &&
			    cf.ev[2].quorum == 0x2, "chance_fair: marked "
			    "RULES_CHANCE_SOLO by the rules, it opens");
		}
		chance_fair_release(&cf);
	}
	return done_testing();
}
