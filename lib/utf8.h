/*
 * utf8.h -- UTF-8 once for the core and every game: strict decoding
 * (no overlong forms, no surrogates, nothing past U+10FFFF, no cut-off
 * sequence), validation, encoding, and a lenient reader for display.
 *
 * Use utf8_decode/utf8_valid for anything read from outside (save
 * files, data, configuration); utf8_next_lossy only to show text that
 * was checked before (it never fails, bad bytes come out as '?').
 */
#ifndef TRIGON_UTF8_H
#define TRIGON_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * Decode the character at s (at most len bytes): its length 1-4 with
 * *cp set, or 0 when the bytes there are not strict UTF-8 (or len is 0).
 */
int utf8_decode(const char *s, size_t len, uint32_t *cp);

/* 1 when all of s[0..len) is strict UTF-8 (NUL bytes included), else 0. */
int utf8_valid(const char *s, size_t len);

/* 1 when s[0..len) holds a C0 control character (0x00-0x1f) or DEL. */
int utf8_has_control(const char *s, size_t len);

/* Write cp as UTF-8 into out: the length 1-4, or 0 for a surrogate or
 * a value past U+10FFFF (nothing written). */
int utf8_encode(uint32_t cp, char out[4]);

/*
 * The character at *s (NUL-terminated), advancing *s past it; a byte
 * that does not start a strict character gives '?' and advances by one.
 * At the terminating NUL it returns 0 and does not advance.
 */
uint32_t utf8_next_lossy(const char **s);

/* Display columns of a character on a terminal: 0 for combining marks
 * and zero-width spaces, 2 for East Asian wide ones and emoji, else 1
 * (a small table, not all of Unicode's; enough for names and maps). */
int utf8_width(uint32_t cp);

#endif
