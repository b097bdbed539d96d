/*
 * passphrase.h -- getting a key's passphrase: from the terminal without
 * echo, from a file (--passphrase-file), or from $TRIGON_PASSPHRASE.
 *
 * This is the one corner of lib/ that talks to the user: it writes the
 * prompt to /dev/tty, never to stdout or stderr.  The caller owns the
 * buffer (PASSPHRASE_MAX bytes, best sodium_malloc'd) and wipes it with
 * sodium_memzero after use; the functions here wipe their own copies.
 */
#ifndef TRIGON_PASSPHRASE_H
#define TRIGON_PASSPHRASE_H

#include <stddef.h>

#include "err.h"

#define PASSPHRASE_MAX 1024
#define PASSPHRASE_ENV "TRIGON_PASSPHRASE"

/* Read a line from /dev/tty with echo off, after writing prompt there.
 * The newline is not kept; buf is NUL-terminated, *len its length.
 * ERR_USAGE when there is no terminal, ERR_USAGE for a line that does
 * not fit in n - 1 bytes. */
int passphrase_read(const char *prompt, char *buf, size_t n, size_t *len,
    struct err *e);

/* The first line of file path (without "\n" or "\r\n").  An empty first
 * line is refused (ERR_USAGE); a missing file is ERR_IO. */
int passphrase_from_file(const char *path, char *buf, size_t n,
    size_t *len, struct err *e);

/* $TRIGON_PASSPHRASE into buf.  Returns 1 when set and non-empty, 0 when
 * unset (buf untouched), negative on error (empty, too long). */
int passphrase_from_env(char *buf, size_t n, size_t *len, struct err *e);

/* Write msg to /dev/tty (keys_unlock's "wrong passphrase, try again");
 * nothing when there is none. */
void passphrase_tell(const char *msg);

/* 1 when passphrase_read() could ask: /dev/tty can be opened. */
int passphrase_have_tty(void);

/*
 * Get a passphrase the usual way: from file (if not NULL), else the
 * environment, else the terminal (asking twice and comparing when
 * confirm is set).  When none is available: ERR_USAGE, with a message
 * naming the three ways for key file keyname.
 */
int passphrase_get(const char *file, const char *keyname, int confirm,
    char *buf, size_t n, size_t *len, struct err *e);

#endif
