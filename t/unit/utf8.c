/*
 * t/unit/utf8.c -- lib/utf8.c: strict decoding (Unicode Table 3-7: no
 * overlong forms, no surrogates, nothing past U+10FFFF, no cut-off
 * sequence), validation, encoding, the lossy reader, display width.
 * Linked with the core alone.
 */
#include <string.h>

#include "../tap.h"
#include "rules.h"
#include "utf8.h"

/* Decode s (len bytes): the length, with *cp. */
static int
dec(const char *s, size_t len, uint32_t *cp)
{
	*cp = 0xffffffff;
	return utf8_decode(s, len, cp);
}

int
main(void)
{
	uint32_t cp;
	char b[4];
	const char *s;

	/* the shortest form of each length */
	is_int(1, dec("A", 1, &cp), "ASCII is one byte");
	is_int('A', cp, "and itself");
	is_int(2, dec("\xc3\xb6", 2, &cp), "U+00F6 is two bytes");
	is_int(0xf6, cp, "o umlaut");
	is_int(3, dec("\xe2\x82\xac", 3, &cp), "U+20AC is three bytes");
	is_int(0x20ac, cp, "euro sign");
	is_int(4, dec("\xf0\x9f\x98\x80", 4, &cp), "U+1F600 is four bytes");
	is_int(0x1f600, cp, "an emoji");
	is_int(4, dec("\xf4\x8f\xbf\xbf", 4, &cp), "U+10FFFF, the last");
	is_int(0x10ffff, cp, "decodes");
	is_int(3, dec("\xef\xbf\xbf", 3, &cp), "U+FFFF is a character");
	is_int(3, dec("\xee\x80\x80", 3, &cp), "U+E000 after the surrogates");
	is_int(3, dec("\xed\x9f\xbf", 3, &cp), "U+D7FF before them");

	/* overlong forms */
	is_int(0, dec("\xc0\x80", 2, &cp), "overlong NUL (C0 80) refused");
	is_int(0, dec("\xc1\xbf", 2, &cp), "overlong C1 BF refused");
	is_int(0, dec("\xe0\x80\xaf", 3, &cp), "overlong '/' in 3 bytes");
	is_int(0, dec("\xe0\x9f\xbf", 3, &cp), "overlong U+07FF in 3 bytes");
	is_int(0, dec("\xf0\x80\x80\xaf", 4, &cp), "overlong '/' in 4");
	is_int(0, dec("\xf0\x8f\xbf\xbf", 4, &cp), "overlong U+FFFF in 4");
	is_int(0xffffffff, cp, "a refusal leaves *cp alone");
	/* surrogates and beyond */
	is_int(0, dec("\xed\xa0\x80", 3, &cp), "U+D800 (surrogate) refused");
	is_int(0, dec("\xed\xbf\xbf", 3, &cp), "U+DFFF (surrogate) refused");
	is_int(0, dec("\xf4\x90\x80\x80", 4, &cp), "U+110000 refused");
	is_int(0, dec("\xf5\x80\x80\x80", 4, &cp), "F5 never starts");
	is_int(0, dec("\xff", 1, &cp), "FF never starts");
	/* broken sequences */
	is_int(0, dec("\x80", 1, &cp), "a lone continuation byte");
	is_int(0, dec("\xc3", 1, &cp), "a cut two-byte sequence");
	is_int(0, dec("\xe2\x82", 2, &cp), "a cut three-byte sequence");
	is_int(0, dec("\xe2\x82\xac", 2, &cp), "len is respected");
	is_int(0, dec("\xf0\x9f\x98", 3, &cp), "a cut four-byte sequence");
	is_int(0, dec("\xc3\x41", 2, &cp), "a non-continuation second byte");
	is_int(0, dec("\xe2\x82\x41", 3, &cp), "and third byte");
	is_int(0, dec("", 0, &cp), "nothing to decode");

	/* validation */
	ok(utf8_valid("", 0), "the empty text is valid");
	ok(utf8_valid("Ps\xc3\xb6r \xe2\x82\xac", 9), "mixed text is valid");
	ok(utf8_valid("a\0b", 3), "a NUL byte is UTF-8 (callers check it)");
	ok(!utf8_valid("ab\xc3", 3), "a cut end is not");
	ok(!utf8_valid("a\xed\xa0\x80z", 5), "a surrogate inside is not");
	ok(!utf8_valid("\xc0\xaf", 2), "an overlong is not");
	ok(utf8_has_control("a\tb", 3), "a tab is a control character");
	ok(utf8_has_control("a\x7f", 2), "so is DEL");
	ok(utf8_has_control("a\0", 2), "and NUL, within len");
	ok(!utf8_has_control("\xc2\x85", 2), "C1 (U+0085) is not C0");
	ok(!utf8_has_control("plain text", 10), "plain text has none");

	/* encoding: a round trip at each boundary */
	{
		static const uint32_t cps[] = { 0, 0x7f, 0x80, 0x7ff, 0x800,
		    0xd7ff, 0xe000, 0xffff, 0x10000, 0x10ffff };
		int good = 1;

		for (size_t i = 0; i < sizeof cps / sizeof cps[0]; i++) {
			int n = utf8_encode(cps[i], b);

			if (n == 0 || dec(b, (size_t)n, &cp) != n ||
			    cp != cps[i]) {
				diag("U+%04X does not round-trip", cps[i]);
				good = 0;
			}
		}
		ok(good, "encode then decode gives back every boundary");
	}
	is_int(0, utf8_encode(0xd800, b), "a surrogate is not encoded");
	is_int(0, utf8_encode(0x110000, b), "nor U+110000");

	/* the lossy reader for display */
	s = "a\xc3\xb6\xff\xe2\x82z";
	is_int('a', utf8_next_lossy(&s), "lossy: a");
	is_int(0xf6, utf8_next_lossy(&s), "lossy: o umlaut");
	is_int('?', utf8_next_lossy(&s), "lossy: FF is '?'");
	is_int('?', utf8_next_lossy(&s), "lossy: a cut sequence is '?'");
	is_int('?', utf8_next_lossy(&s), "lossy: one byte at a time");
	is_int('z', utf8_next_lossy(&s), "lossy: and goes on");
	is_int(0, utf8_next_lossy(&s), "lossy: 0 at the end");
	is_int(0, *s, "and stays there");
	s = "\xe2";
	is_int('?', utf8_next_lossy(&s), "lossy: never reads past the NUL");
	is_int(0, *s, "stops at it");

	/* width */
	is_int(1, utf8_width('a'), "width of a letter");
	is_int(0, utf8_width(0x301), "a combining accent has no width");
	is_int(2, utf8_width(0x4e00), "a CJK ideograph is wide");
	is_int(2, utf8_width(0x1f600), "so is an emoji");
	return done_testing();
}
