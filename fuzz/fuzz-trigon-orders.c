/*
 * fuzz-trigon-orders.c -- libFuzzer target for the order language and the
 * rules engine: the input is lines of orders, each applied by the seat
 * named by its first byte (mod 4) to a 4-player game of fixed seed.
 * Whatever the bytes, tg_parse and tg_apply must accept or refuse
 * cleanly; a refusal must leave the state byte for byte as it was, an
 * accepted order must keep every invariant (tg_check), and
 * parse(format(a)) must give a back.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chance.h"
#include "games/trigon/engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct tg_data d;
static struct tg_state start;
static int ready;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tg_state st, before;
	struct rules_error err;
	size_t i = 0;

	if (!ready) {
		static struct chance_seed open_mode;
		unsigned char seed[RULES_SEED_BYTES];
		struct tg_setup s;

		if (tg_data_load(&d, NULL, 0, NULL, 0, NULL, 0, &err) != 0)
			__builtin_trap();
		tg_setup_default(&s);
		memset(seed, 0x42, sizeof seed);
		chance_seed_init(&open_mode, seed);
		s.chance = &open_mode.chance;
		s.salt = chance_seed_salt(seed);
		s.nseats = 4;
		for (int k = 0; k < 4; k++)
			s.color[k] = (uint8_t)k;
		if (tg_init(&start, &d, &s, NULL, &err) != 0)
			__builtin_trap();
		ready = 1;
	}
	st = start;
	while (i < size) {
		size_t j = i + 1, len;
		struct tg_action a, b;
		char buf[RULES_ACTION_MAX];
		int seat = data[i] % 4, n;

		while (j < size && data[j] != '\n')
			j++;
		len = j - (i + 1);
		before = st;
		if (tg_parse(&d, &st, seat, (const char *)data + i + 1, len, &a,
		    &err) == 0) {
			n = tg_format(&d, &a, buf, sizeof buf);
			if (n < 0 || (size_t)n >= sizeof buf ||
			    tg_parse(&d, &st, seat, buf, (size_t)n, &b,
			    &err) != 0 || memcmp(&a, &b, sizeof a) != 0)
				__builtin_trap();
			if (tg_apply(&d, &st, seat, &a, NULL, &err) != 0) {
				if (memcmp(&before, &st, sizeof st) != 0)
					__builtin_trap();
			} else if (tg_check(&d, &st, &err) != 0)
				__builtin_trap();
		}
		i = j + 1;
	}
	return 0;
}
