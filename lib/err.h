/*
 * err.h -- the error object of libtrigon outside the rules.
 *
 * A lib/ function that can fail returns 0 or a negative ERR_* code and
 * fills a struct err the caller passes in; cmd/ prints err.msg (with
 * err.file and err.line when set: "FILE:LINE: msg") and maps the code
 * to an exit status.  Rules errors use struct rules_error (rules.h).
 */
#ifndef TRIGON_ERR_H
#define TRIGON_ERR_H

#include <stdarg.h>

#define ERR_MSG_MAX 640

enum err_code {
	ERR_OK = 0,
	ERR_REFUSED = -1,	/* a rule, signature or check says no: exit 1 */
	ERR_USAGE = -2,		/* bad argument from the user: exit 2 */
	ERR_DAMAGED = -3,	/* unreadable/damaged file or key: exit 3 */
	ERR_IO = -4,		/* a system call failed: exit 3 */
	ERR_NOMEM = -5,
	ERR_CHANGED = -6,	/* the file changed on disk meanwhile: exit 1 */
};

struct err {
	int code;
	int line;		/* line in file, or 0 */
	char file[256];		/* file the message is about, or "" */
	char msg[ERR_MSG_MAX];
};

/* Set *e (if non-NULL) and return code. */
int err_set(struct err *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int err_setv(struct err *e, int code, const char *fmt, va_list ap);
/* Same, naming a file and line (line 0: no line). */
int err_at(struct err *e, int code, const char *file, int line,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void err_clear(struct err *e);

#endif
