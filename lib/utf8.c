/*
 * utf8.c -- strict UTF-8 (see utf8.h).  Table 3-7 of the Unicode
 * standard: the well-formed byte sequences, so that overlong forms and
 * surrogates are refused by their first two bytes.
 */
#include <string.h>

#include "utf8.h"

int
utf8_decode(const char *s, size_t len, uint32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	uint32_t c;
	int need;

	if (len == 0)
		return 0;
	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		c = p[0] & 0x1f;
		need = 1;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		c = p[0] & 0x0f;
		need = 2;
		if (p[0] == 0xe0)
			lo = 0xa0;	/* overlong below U+0800 */
		else if (p[0] == 0xed)
			hi = 0x9f;	/* surrogates U+D800-DFFF */
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		c = p[0] & 0x07;
		need = 3;
		if (p[0] == 0xf0)
			lo = 0x90;	/* overlong below U+10000 */
		else if (p[0] == 0xf4)
			hi = 0x8f;	/* past U+10FFFF */
	} else {
		return 0;	/* continuation byte, C0/C1 overlong, F5-FF */
	}
	if (len < (size_t)need + 1)
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	c = c << 6 | (p[1] & 0x3f);
	for (int i = 2; i <= need; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	*cp = c;
	return need + 1;
}

int
utf8_valid(const char *s, size_t len)
{
	size_t i = 0;
	uint32_t cp;

	while (i < len) {
		int n;

		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		if ((n = utf8_decode(s + i, len - i, &cp)) == 0)
			return 0;
		i += (size_t)n;
	}
	return 1;
}

int
utf8_has_control(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return 1;
	return 0;
}

int
utf8_encode(uint32_t cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp >= 0xd800 && cp <= 0xdfff)
		return 0;
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	if (cp > 0x10ffff)
		return 0;
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

uint32_t
utf8_next_lossy(const char **s)
{
	uint32_t cp;
	int n;

	if (**s == '\0')
		return 0;
	/* strnlen: never look past the terminating NUL */
	n = utf8_decode(*s, strnlen(*s, 4), &cp);
	if (n == 0) {
		*s += 1;
		return '?';
	}
	*s += n;
	return cp;
}

int
utf8_width(uint32_t cp)
{
	if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) ||
	    (cp >= 0xfe00 && cp <= 0xfe0f))
		return 0;
	if ((cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
	    (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
	    (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
	    (cp >= 0xffe0 && cp <= 0xffe6) ||
	    (cp >= 0x1f300 && cp <= 0x1faff) ||
	    (cp >= 0x20000 && cp <= 0x3fffd))
		return 2;
	return 1;
}
